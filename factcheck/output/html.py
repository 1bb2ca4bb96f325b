"""A self-contained HTML page a writer opens from a CI artifact: the draft line
by line with flagged spans highlighted by category, and each finding's
evidence quote and link in the column beside the line it starts on. No
external assets: the stylesheet is inlined, there is no script."""
from __future__ import annotations

from html import escape
from importlib.resources import files
from typing import TYPE_CHECKING

from ..models import CATEGORIES, SEVERITY_RANK, Finding, Report
from .columns import draft_lines, end_column
from .rules import RULES
from ..i18n.catalog import Translator
from .summary import by_position, metadata_text, severity_word, summary_line, words_of

if TYPE_CHECKING:
    from .many import Checked


def stylesheet() -> str:
    return files(__package__).joinpath("report.css").read_text(encoding="utf-8")


def safe_href(url: str) -> str | None:
    """Only web links become links; a source URL is data, never a script."""
    return url if url.startswith(("https://", "http://")) else None


def line_ranges(findings: list[Finding], lines: list[str], number: int) -> list[tuple[int, int, Finding]]:
    """The 0-based [start, end) code-point range each finding covers on line ``number``."""
    text_len = len(lines[number - 1])
    out = []
    for f in findings:
        if not f.line <= number <= f.end_line:
            continue
        start = f.column - 1 if number == f.line else 0
        end = end_column(f, lines) - 1 if number == f.end_line else text_len
        start, end = max(0, min(start, text_len)), max(0, min(end, text_len))
        if end > start:
            out.append((start, end, f))
    return out


def highlighted(text: str, ranges: list[tuple[int, int, Finding]], anchor: dict[int, str]) -> str:
    """The line's text with each stretch covered by findings wrapped in one <mark>;
    overlapping findings split the line, and the worst one gives the colour."""
    cuts = sorted({0, len(text), *(r[0] for r in ranges), *(r[1] for r in ranges)})
    parts = []
    for start, end in zip(cuts, cuts[1:]):
        piece = escape(text[start:end])
        covering = [f for s, e, f in ranges if s <= start and end <= e]
        if not covering:
            parts.append(piece)
            continue
        top = max(covering, key=lambda f: SEVERITY_RANK[f.severity])
        ids = " ".join(anchor[id(f)] for f in covering)
        title = ", ".join(sorted({f.category for f in covering}))
        parts.append(f'<mark class="hl cat-{top.category} sev-{top.severity}" data-findings="{ids}" '
                     f'data-category="{top.category}" title="{escape(title)}">{piece}</mark>')
    return "".join(parts)


def card(finding: Finding, anchor: str, tr: Translator) -> str:
    out = [f'<article class="finding cat-{finding.category} sev-{finding.severity}" id="{anchor}" '
           f'data-category="{finding.category}" data-severity="{finding.severity}" '
           f'data-finding-id="{escape(finding.id)}">',
           f"<header>{severity_word(finding.severity, tr)} · {finding.category} · {finding.line}:{finding.column}</header>",
           f'<p class="message">{escape(finding.message)}</p>']
    for ev in finding.evidence:
        if ev.quote:
            out.append(f'<blockquote class="evidence">{escape(ev.quote)}</blockquote>')
        if ev.metadata is not None:
            out.append(f'<p class="evidence metadata"><span class="label">{escape(tr.gettext("metadata"))}</span> '
                       f'{escape(metadata_text(ev.metadata, tr))}</p>')
        href = safe_href(ev.url)
        link = (f'<a class="source" href="{escape(href)}" rel="noopener noreferrer">{escape(ev.url)}</a>'
                if href else f'<span class="source">{escape(ev.url)}</span>')
        out.append(link)
    if finding.suggestion:
        label = escape(tr.gettext("Suggestion:"))
        out.append(f'<p class="suggestion">{label} {escape(finding.suggestion)}</p>')
    out.append("</article>")
    return "".join(out)


def draft_section(index: int, report: Report, draft_text: str, path: str, alone: bool = False) -> str:
    lines = draft_lines(draft_text)
    tr = words_of([report])
    shown = lines[:-1] if len(lines) > 1 and lines[-1] == "" else lines
    findings = by_position(report.findings)
    anchor = {id(f): f"d{index}-f{n}" for n, f in enumerate(findings)}
    out = [f'<section class="draft" data-path="{escape(path)}">', f"<h2>{escape(path)}</h2>"]
    if not alone:
        out.append(f'<p class="summary">{escape(summary_line([report]))}</p>')
    if report.notes:
        out.append('<ul class="notes">' + "".join(f"<li>{escape(n)}</li>" for n in report.notes) + "</ul>")
    out.append('<div class="rows">')
    for number, text in enumerate(shown, start=1):
        cards = "".join(card(f, anchor[id(f)], tr) for f in findings if f.line == number)
        src = highlighted(text, line_ranges(findings, lines, number), anchor)
        out.append(f'<div class="row" id="d{index}-L{number}"><span class="ln">{number}</span>'
                   f'<div class="src">{src}</div><div class="cards">{cards}</div></div>')
    out.append("</div>")
    if report.suppressed:
        count = escape(tr.gettext("{n} suppressed").format(n=len(report.suppressed)))
        out.append(f"<details><summary>{count}</summary><ul>")
        out += [f"<li>{escape(tr.gettext('line {line}').format(line=f.line))} {f.category}: {escape(f.message)} "
                f"({escape(f.suppressed_by or '')})</li>"
                for f in by_position(report.suppressed)]
        out.append("</ul></details>")
    out.append("</section>")
    return "\n".join(out)


def legend(reports: list[Report]) -> str:
    counts = {c: sum(1 for r in reports for f in r.findings if f.category == c) for c in CATEGORIES}
    tr = words_of(reports)
    items = "".join(f'<li class="cat-{c}" title="{escape(tr.gettext(RULES[c].short))}">{c}: {counts[c]}</li>'
                    for c in CATEGORIES)
    return f'<ul class="legend">{items}</ul>'


def render_many(items: list["Checked"]) -> str:
    reports = [item.report for item in items]
    tr = words_of(reports)
    title = "factcheck: " + (items[0].path if len(items) == 1 else tr.ngettext(
        "{n} draft", "{n} drafts", len(items)).format(n=len(items)))
    body = "\n".join(draft_section(n, *item, alone=len(items) == 1) for n, item in enumerate(items))
    return (f'<!doctype html>\n<html lang="{tr.lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>\n{stylesheet()}</style>\n</head>\n<body>\n"
            f"<header><h1>{escape(title)}</h1>"
            f'<p class="summary" id="total">{escape(summary_line(reports))}</p>{legend(reports)}</header>\n'
            f"{body}\n</body>\n</html>\n")


def render(report: Report, draft_text: str, path: str) -> str:
    from .many import Checked

    return render_many([Checked(report, draft_text, path)])
