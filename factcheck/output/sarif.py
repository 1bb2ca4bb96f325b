"""SARIF 2.1.0 for GitHub code scanning: one rule per category, one result per
finding, columns declared as Unicode code points (what the findings store)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..models import CATEGORIES, Finding, Report
from .columns import draft_lines, end_column, span_text
from .rules import RULES
from ..i18n.catalog import Translator
from .summary import by_position, one_line, source_line, words_of

if TYPE_CHECKING:
    from .many import Checked

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
FINGERPRINT = "factcheckFindingId/v1"


def rule_entries(tr: Translator) -> list[dict[str, Any]]:
    out = []
    for category in CATEGORIES:
        short, full = tr.gettext(RULES[category].short), tr.gettext(RULES[category].full)
        out.append(rule_entry(category, short, full))
    return out


def rule_entry(category: str, short: str, full: str) -> dict[str, Any]:
    return {
        "id": category,
        "name": RULES[category].name,
        "shortDescription": {"text": short},
        "fullDescription": {"text": full},
        "help": {"text": full, "markdown": f"**{short}** {full}"},
        "defaultConfiguration": {"level": "warning"},
        "properties": {"tags": ["factcheck", category]},
    }


def message_text(finding: Finding, tr: Translator) -> str:
    parts = [one_line(finding.message)]
    parts += [source_line(ev, tr) for ev in finding.evidence]
    if finding.suggestion:
        parts.append(tr.gettext("Suggestion: {text}").format(text=one_line(finding.suggestion)))
    return "\n".join(parts)


def uri(path: str) -> str:
    return path.replace("\\", "/").removeprefix("./")


def result(finding: Finding, lines: list[str], path: str, tr: Translator) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "ruleId": finding.category,
        "ruleIndex": CATEGORIES.index(finding.category),
        "level": LEVELS[finding.severity],
        "message": {"text": message_text(finding, tr)},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": uri(path)},
            "region": {
                "startLine": finding.line,
                "startColumn": finding.column,
                "endLine": finding.end_line,
                "endColumn": end_column(finding, lines),
                "snippet": {"text": span_text(finding, lines)},  # the file's own text, as SARIF means it
            },
        }}],
        "partialFingerprints": {FINGERPRINT: finding.id or finding.with_id().id},
        "properties": {"evidence": [ev.model_dump(exclude_none=True) for ev in finding.evidence], "check": finding.check},
    }
    if finding.suppressed_by:
        inline = finding.suppressed_by.startswith("inline")
        entry["suppressions"] = [{"kind": "inSource" if inline else "external",
                                  "justification": finding.suppressed_by}]
    return entry


def run(items: list["Checked"]) -> dict[str, Any]:
    results: list[dict[str, Any]] = []
    notes: list[dict[str, Any]] = []
    tr = words_of([item.report for item in items])
    for report, draft_text, path in items:
        lines = draft_lines(draft_text)
        # Suppressed findings stay in the log, marked, so code scanning closes their alerts.
        for finding in by_position(report.findings) + by_position(report.suppressed):
            results.append(result(finding, lines, path, tr))
        notes += [{"level": "note", "message": {"text": f"{uri(path)}: {note}"}} for note in report.notes]
    return {
        "tool": {"driver": {"name": "factcheck", "version": __version__,
                            "rules": rule_entries(tr)}},
        "columnKind": "unicodeCodePoints",
        "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": notes}],
        "results": results,
    }


def render_many(items: list["Checked"]) -> str:
    log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run(items)]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def render(report: Report, draft_text: str, path: str) -> str:
    from .many import Checked

    return render_many([Checked(report, draft_text, path)])
