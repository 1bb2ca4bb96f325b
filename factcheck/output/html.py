"""A self-contained HTML page a writer opens from a CI artifact: at the top the
counts, filters by category and severity, and the list of findings, each a link
to its place; then the draft line by line with flagged spans highlighted by
category, and each finding's evidence quote and link beside the line it starts
on (below it on a narrow screen). No external assets: the stylesheet is
inlined, and there is no script: the filters are checkboxes that CSS ``:has()``
reads."""
from __future__ import annotations

from html import escape
from importlib.resources import files
from typing import TYPE_CHECKING

from ..models import CATEGORIES, SEVERITY_RANK, Finding, Report
from .columns import draft_lines, end_column
from ..i18n import draft_language
from ..i18n.catalog import Translator
from .rules import RULES
from .summary import by_position, metadata_text, one_line, severity_counts, severity_word, summary_line, words_of

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


def anchors(index: int, report: Report) -> list[tuple[str, Finding]]:
    """Each finding of draft ``index`` in draft order, with the id of its card."""
    return [(f"d{index}-f{n}", f) for n, f in enumerate(by_position(report.findings))]


def draft_section(index: int, report: Report, draft_text: str, path: str, alone: bool = False) -> str:
    lines = draft_lines(draft_text)
    tr = words_of([report])
    shown = lines[:-1] if len(lines) > 1 and lines[-1] == "" else lines
    findings = by_position(report.findings)
    anchor = {id(f): a for a, f in anchors(index, report)}
    text_lang = draft_language(draft_text)
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
                   f'<div class="src" lang="{text_lang}">{src}</div><div class="cards">{cards}</div></div>')
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


SEVERITIES = ("error", "warning", "info")
TOC_MESSAGE = 140  # characters of a message shown in the list at the top


def filters(reports: list[Report], tr: Translator) -> str:
    """A checkbox per category and per severity, all ticked; unticking one hides its
    findings (cards and list entries) through the rules of ``filter_css``."""
    found = [f for r in reports for f in r.findings]
    boxes = []
    for c in CATEGORIES:
        n = sum(1 for f in found if f.category == c)
        boxes.append(f'<label class="cat-{c}" title="{escape(tr.gettext(RULES[c].short))}">'
                     f'<input type="checkbox" id="show-cat-{c}" checked> {c} ({n})</label>')
    cats = "".join(boxes)
    sevs = "".join(f'<label class="sev-{s}"><input type="checkbox" id="show-sev-{s}" checked> '
                   f'{escape(severity_word(s, tr))} ({sum(1 for f in found if f.severity == s)})</label>'
                   for s in SEVERITIES)
    return (f'<form class="filters" aria-label="{escape(tr.gettext("Filters"))}">'
            f'<fieldset class="legend"><legend>{escape(tr.gettext("Category"))}</legend>{cats}</fieldset>'
            f'<fieldset><legend>{escape(tr.gettext("Severity"))}</legend>{sevs}</fieldset></form>')


def filter_css() -> str:
    rules = [f'body:has(#show-cat-{c}:not(:checked)) :is(.finding, .toc li)[data-category="{c}"]'
             for c in CATEGORIES]
    rules += [f'body:has(#show-sev-{s}:not(:checked)) :is(.finding, .toc li)[data-severity="{s}"]'
              for s in SEVERITIES]
    return ",\n".join(rules) + " { display: none; }\n"


def toc(items: list["Checked"], tr: Translator) -> str:
    """Every finding, in draft order, as a link to its card."""
    entries = []
    for index, item in enumerate(items):
        for anchor, f in anchors(index, item.report):
            message = one_line(f.message)
            if len(message) > TOC_MESSAGE:
                message = message[: TOC_MESSAGE - 1] + "…"
            where = (f"{item.path}:" if len(items) > 1 else "") + tr.gettext("line {line}").format(line=f.line)
            entries.append(
                f'<li class="sev-{f.severity}" data-category="{f.category}" data-severity="{f.severity}">'
                f'<a href="#{anchor}"><span class="where">{escape(where)}</span> '
                f'<span class="badge cat-{f.category}">{f.category}</span> '
                f'<span class="sev">{escape(severity_word(f.severity, tr))}</span> '
                f'<span class="msg">{escape(message)}</span></a></li>')
    if not entries:
        return f'<p class="toc empty">{escape(tr.gettext("No findings."))}</p>'
    return (f'<nav class="toc" aria-label="{escape(tr.gettext("Findings"))}">'
            f'<h2>{escape(tr.gettext("Findings"))}</h2><ol>{"".join(entries)}</ol></nav>')


def render_many(items: list["Checked"]) -> str:
    reports = [item.report for item in items]
    tr = words_of(reports)
    title = "factcheck: " + (items[0].path if len(items) == 1 else tr.ngettext(
        "{n} draft", "{n} drafts", len(items)).format(n=len(items)))
    body = "\n".join(draft_section(n, *item, alone=len(items) == 1) for n, item in enumerate(items))
    return (f'<!doctype html>\n<html lang="{tr.lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>\n{stylesheet()}{filter_css()}</style>\n</head>\n<body>\n"
            f"<header><h1>{escape(title)}</h1>"
            f'<p class="counts">{escape(severity_counts(reports))}</p>'
            f'<p class="summary" id="total">{escape(summary_line(reports))}</p>'
            f"{filters(reports, tr)}{toc(items, tr)}</header>\n"
            f"{body}\n</body>\n</html>\n")


def render(report: Report, draft_text: str, path: str) -> str:
    from .many import Checked

    return render_many([Checked(report, draft_text, path)])
