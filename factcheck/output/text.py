"""The default format, for people: one ``path:line:col: severity category: message``
line per finding, the evidence indented under it, and the closing count line."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..models import Finding, Report
from ..i18n.catalog import Translator
from .summary import by_position, drafts_count, metadata_text, one_line, summary_line, words_of

if TYPE_CHECKING:
    from .many import Checked

QUOTE_LIMIT = 300


def finding_lines(finding: Finding, path: str, tr: Translator) -> list[str]:
    out = [f"{path}:{finding.line}:{finding.column}: {finding.severity} {finding.category}: "
           f"{one_line(finding.message)}"]
    for ev in finding.evidence:
        # the source's words are quoted ("> "); a fact from its record is labelled, never quoted
        if ev.quote:
            quote = one_line(ev.quote)
            if len(quote) > QUOTE_LIMIT:
                quote = quote[: QUOTE_LIMIT - 1] + "…"
            out.append(f"    > {quote}")
        if ev.metadata is not None:
            out.append("    " + tr.gettext("[metadata] {fact}").format(fact=metadata_text(ev.metadata, tr)))
        out.append(f"      {ev.url}")
    if finding.suggestion:
        out.append("    " + tr.gettext("suggestion: {text}").format(text=one_line(finding.suggestion)))
    return out


def report_lines(report: Report, path: str) -> list[str]:
    lines: list[str] = []
    tr = words_of([report])
    for finding in by_position(report.findings):
        lines += finding_lines(finding, path, tr)
    lines += [f"{path}: " + tr.gettext("note: {text}").format(text=note) for note in report.notes]
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
    lines.append(f"{drafts_count(reports)}: {total}")
    return "\n".join(lines) + "\n"
