"""The default format, for people: one ``path:line:col: severity category: message``
line per finding, the draft line under it with the flagged words marked, the
evidence indented below, then the per-severity counts and the closing count line.

Colour only when asked (the CLI asks for a terminal without ``NO_COLOR``): piped
output and files stay plain text that tools can parse."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import click

from ..i18n.catalog import Translator
from ..models import Finding, Report
from .columns import draft_lines, line_text
from .excerpt import excerpt, focus
from .summary import (by_position, drafts_count, metadata_text, one_line, severity_counts, summary_line,
                      words_of)

if TYPE_CHECKING:
    from .many import Checked

QUOTE_LIMIT = 300
COLOURS = {"error": "red", "warning": "yellow", "info": "cyan"}
Paint = Callable[..., str]


def plain(text: str, **_: object) -> str:
    return text


def finding_lines(finding: Finding, path: str, tr: Translator, lines: list[str] | None = None,
                  paint: Paint = plain) -> list[str]:
    colour = COLOURS[finding.severity]
    out = [paint(f"{path}:{finding.line}:{finding.column}:", bold=True) + " "
           + paint(f"{finding.severity} {finding.category}:", fg=colour, bold=True) + " "
           + one_line(finding.message)]
    line = line_text(lines, finding.line) if lines else ""
    if line.strip():
        where = focus(finding, lines or [])
        shown = excerpt(line, where.start, where.end)
        gutter = f"{finding.line:>6} | "
        out.append(paint(gutter, dim=True) + shown.text)
        out.append(paint(" " * (len(gutter) - 2) + "| ", dim=True) + paint(shown.marks, fg=colour, bold=True))
    for ev in finding.evidence:
        # the source's words are quoted ("> "); a fact from its record is labelled, never quoted
        if ev.quote:
            quote = one_line(ev.quote)
            if len(quote) > QUOTE_LIMIT:
                quote = quote[: QUOTE_LIMIT - 1] + "…"
            out.append(f"    > {quote}")
        if ev.metadata is not None:
            out.append("    " + paint(tr.gettext("[metadata] {fact}").format(fact=metadata_text(ev.metadata, tr)),
                                      italic=True))
        out.append(paint(f"      {ev.url}", dim=True))
    if finding.suggestion:
        out.append("    " + paint(tr.gettext("suggestion: {text}").format(text=one_line(finding.suggestion)),
                                  fg="green"))
    return out


def report_lines(report: Report, path: str, draft_text: str = "", paint: Paint = plain) -> list[str]:
    out: list[str] = []
    tr = words_of([report])
    lines = draft_lines(draft_text) if draft_text else None
    for finding in by_position(report.findings):
        out += finding_lines(finding, path, tr, lines, paint)
    out += [f"{path}: " + tr.gettext("note: {text}").format(text=note) for note in report.notes]
    return out


def painter(color: bool) -> Paint:
    return (lambda text, **style: click.style(text, **style)) if color else plain


def render(report: Report, draft_text: str, path: str, color: bool = False) -> str:
    paint = painter(color)
    counts = severity_counts([report])
    return "\n".join([*report_lines(report, path, draft_text, paint), paint(counts, bold=True),
                      summary_line([report])]) + "\n"


def render_many(items: list["Checked"], color: bool = False) -> str:
    if len(items) == 1:
        return render(*items[0], color=color)
    paint = painter(color)
    lines: list[str] = []
    for item in items:
        lines += report_lines(item.report, item.path, item.draft_text, paint)
    reports = [item.report for item in items]
    lines.append(paint(severity_counts(reports), bold=True))
    lines.append(f"{drafts_count(reports)}: {summary_line(reports)}")
    return "\n".join(lines) + "\n"
