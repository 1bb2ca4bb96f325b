"""reviewdog's ``rdjsonl``: one Diagnostic per line. Columns are 1-based UTF-8
byte offsets, end exclusive (reviewdog.proto), converted from code points."""
from __future__ import annotations

import json
from difflib import SequenceMatcher
from typing import Any

from ..models import Finding, Report
from .columns import draft_lines, end_column, line_text, span_text, utf8_column
from .excerpt import replacement
from ..i18n.catalog import Translator
from .summary import by_position, one_line, source_line, words_of

SEVERITIES = {"error": "ERROR", "warning": "WARNING", "info": "INFO"}


def byte_range(finding: Finding, lines: list[str]) -> dict[str, Any]:
    return {
        "start": {"line": finding.line,
                  "column": utf8_column(line_text(lines, finding.line), finding.column)},
        "end": {"line": finding.end_line,
                "column": utf8_column(line_text(lines, finding.end_line), end_column(finding, lines))},
    }


def is_rewrite(finding: Finding, lines: list[str]) -> bool:
    """The suggestion is the whole sentence rewritten: the span is the sentence, and the
    two share most of their text."""
    if not finding.suggestion or span_text(finding, lines) != finding.sentence:
        return False
    return SequenceMatcher(None, finding.sentence, finding.suggestion).ratio() >= 0.5


def diagnostic(finding: Finding, lines: list[str], path: str, tr: Translator) -> dict[str, Any]:
    where = byte_range(finding, lines)
    message = one_line(finding.message)
    for ev in finding.evidence:
        message += "\n" + source_line(ev, tr)
    entry: dict[str, Any] = {
        "message": message,
        "location": {"path": path, "range": where},
        "severity": SEVERITIES[finding.severity],
        "source": {"name": "factcheck"},
        "code": {"value": finding.category},
        "original_output": finding.id,
    }
    # Offer a change only where the suggestion replaces exactly the words it corrects
    # (“9/15” -> 9/18), or is a rewrite of exactly the sentence the span covers; a
    # suggestion that describes what to do ("state the range …") stays in the message.
    swap = replacement(finding, lines)
    if is_rewrite(finding, lines):
        entry["suggestions"] = [{"range": where, "text": finding.suggestion}]
    elif swap is not None and finding.suggestion:
        text = line_text(lines, finding.line)
        span = {"start": {"line": finding.line, "column": utf8_column(text, swap.start + 1)},
                "end": {"line": finding.line, "column": utf8_column(text, swap.end + 1)}}
        entry["suggestions"] = [{"range": span, "text": finding.suggestion.strip()}]
    elif finding.suggestion:
        entry["message"] += "\n" + tr.gettext("Suggestion: {text}").format(text=one_line(finding.suggestion))
    return entry


def render(report: Report, draft_text: str, path: str) -> str:
    lines = draft_lines(draft_text)
    tr = words_of([report])
    rows = [diagnostic(f, lines, path, tr) for f in by_position(report.findings)]
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
