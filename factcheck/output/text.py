"""The default format, for people: one ``path:line:col: severity category: message``
line per finding, the evidence indented under it, and the closing count line."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Finding, Report
from .summary import by_position, one_line, summary_line

if TYPE_CHECKING:
    from .many import Checked

QUOTE_LIMIT = 300


def finding_lines(finding: Finding, path: str) -> list[str]:
    out = [f"{path}:{finding.line}:{finding.column}: {finding.severity} {finding.category}: "
           f"{one_line(finding.message)}"]
    for ev in finding.evidence:
        quote = one_line(ev.quote)
        if len(quote) > QUOTE_LIMIT:
            quote = quote[: QUOTE_LIMIT - 1] + "…"
        out.append(f"    > {quote}")
        out.append(f"      {ev.url}")
    if finding.suggestion:
        out.append(f"    suggestion: {one_line(finding.suggestion)}")
    return out


def report_lines(report: Report, path: str) -> list[str]:
    lines: list[str] = []
    for finding in by_position(report.findings):
        lines += finding_lines(finding, path)
    lines += [f"{path}: note: {note}" for note in report.notes]
    return lines


def render(report: Report, draft_text: str, path: str) -> str:
    return "\n".join([*report_lines(report, path), summary_line([report])]) + "\n"


def render_many(items: list["Checked"]) -> str:
    if len(items) == 1:
        return render(*items[0])
    lines: list[str] = []
    for item in items:
        lines += report_lines(item.report, item.path)
    reports = [item.report for item in items]
    total = summary_line(reports)
    drafts = "1 draft" if len(items) == 1 else f"{len(items)} drafts"
    lines.append(f"{drafts}: {total}")
    return "\n".join(lines) + "\n"
