"""GitHub Actions workflow commands (``::error file=…,line=…::message``).

GitHub shows at most 10 annotations per level per step, so the worst findings
of each level are annotated and the rest counted; the whole report goes to
``$GITHUB_STEP_SUMMARY`` as Markdown (the CLI passes that path in).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..models import Finding, Report
from .columns import draft_lines, end_column
from ..i18n.catalog import Translator
from .summary import by_severity, one_line, source_line, summary_line, words_of

if TYPE_CHECKING:
    from .many import Checked

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}
PER_LEVEL = 10


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(finding: Finding, lines: list[str], path: str, tr: Translator) -> str:
    props = {
        "file": path,
        "line": str(finding.line),
        "endLine": str(finding.end_line),
        "col": str(finding.column),
        "endColumn": str(end_column(finding, lines)),
        "title": f"factcheck {finding.category}",
    }
    message = one_line(finding.message)
    for ev in finding.evidence:
        message += "\n" + source_line(ev, tr)
    joined = ",".join(f"{key}={escape_property(value)}" for key, value in props.items())
    return f"::{COMMANDS[finding.severity]} {joined}::{escape_data(message)}"


def render_many(items: list["Checked"]) -> str:
    ranked = by_severity([f for item in items for f in item.report.findings])
    tr = words_of([item.report for item in items])
    where = {id(f): item for item in items for f in item.report.findings}
    out: list[str] = []
    skipped: dict[str, int] = {}
    shown: dict[str, int] = {}
    for finding in ranked:
        level = finding.severity
        if shown.get(level, 0) >= PER_LEVEL:
            skipped[level] = skipped.get(level, 0) + 1
            continue
        shown[level] = shown.get(level, 0) + 1
        item = where[id(finding)]
        out.append(command(finding, draft_lines(item.draft_text), item.path, tr))
    for level, count in skipped.items():
        out.append("factcheck: " + tr.gettext(
            "{count} more {level} finding(s) not annotated (GitHub shows {limit} per level); see the job summary"
        ).format(count=count, level=level, limit=PER_LEVEL))
    for item in items:
        out += [f"factcheck: {item.path}: " + tr.gettext("note: {text}").format(text=one_line(note))
                for note in item.report.notes]
    out.append(f"factcheck: {summary_line([item.report for item in items])}")
    return "\n".join(out) + "\n"


def render(report: Report, draft_text: str, path: str) -> str:
    from .many import Checked

    return render_many([Checked(report, draft_text, path)])


def append_step_summary(summary_path: Path, items: list["Checked"]) -> None:
    """Append the Markdown report to the job summary file GitHub gives each step."""
    from .markdown import render_many as markdown_report

    with summary_path.open("a", encoding="utf-8") as fh:
        fh.write(markdown_report(items))
