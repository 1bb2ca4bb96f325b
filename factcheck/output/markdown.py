"""A Markdown summary for a pull-request comment or ``$GITHUB_STEP_SUMMARY``:
the count line, then one table row per finding with its evidence."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Report
from .summary import by_position, one_line, summary_line

if TYPE_CHECKING:
    from .many import Checked

QUOTE_LIMIT = 240
MARKS = {"error": "🔴 error", "warning": "🟠 warning", "info": "⚪ info"}


def cell(text: str) -> str:
    """Table-cell safe: one line, pipes and HTML-looking text escaped."""
    text = one_line(text).replace("\\", "\\\\").replace("|", "\\|")
    return text.replace("<", "&lt;").replace(">", "&gt;")


def clip(text: str, limit: int) -> str:
    text = one_line(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def section(report: Report, path: str, alone: bool) -> list[str]:
    out = [f"### `{path}`", ""] if alone else [f"### `{path}`", "", summary_line([report]), ""]
    if report.findings:
        out += ["| Line | Severity | Category | Finding | Evidence |", "|---:|---|---|---|---|"]
        for f in by_position(report.findings):
            evidence = "<br>".join(f"“{cell(clip(ev.quote, QUOTE_LIMIT))}” [source]({ev.url})"
                                   for ev in f.evidence) or "—"
            finding = cell(f.message)
            if f.suggestion:
                finding += f"<br>*Suggestion:* {cell(f.suggestion)}"
            out.append(f"| {f.line} | {MARKS[f.severity]} | `{f.category}` | {finding} | {evidence} |")
        out.append("")
    else:
        out += ["No findings.", ""]
    if report.notes:
        out += [f"- note: {cell(note)}" for note in report.notes] + [""]
    if report.suppressed:
        out += [f"<details><summary>{len(report.suppressed)} suppressed</summary>", ""]
        out += [f"- line {f.line} `{f.category}`: {cell(f.message)} ({cell(f.suppressed_by or '')})"
                for f in by_position(report.suppressed)]
        out += ["", "</details>", ""]
    return out


def render_many(items: list["Checked"]) -> str:
    reports = [item.report for item in items]
    drafts = "1 draft" if len(items) == 1 else f"{len(items)} drafts"
    out = ["## factcheck", "", f"**{drafts}**: {summary_line(reports)}", ""]
    for item in items:
        out += section(item.report, item.path, alone=len(items) == 1)
    return "\n".join(out)


def render(report: Report, draft_text: str, path: str) -> str:
    from .many import Checked

    return render_many([Checked(report, draft_text, path)])
