"""A Markdown summary for a pull-request comment or ``$GITHUB_STEP_SUMMARY``:
the count line, then one table row per finding with its evidence."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n.catalog import N_, Translator
from ..models import Evidence, Report
from .summary import by_position, drafts_count, metadata_text, one_line, severity_word, summary_line, words_of

if TYPE_CHECKING:
    from .many import Checked

QUOTE_LIMIT = 240
MARKS = {"error": "🔴", "warning": "🟠", "info": "⚪"}
HEADERS = (N_("Line"), N_("Severity"), N_("Category"), N_("Finding"), N_("Evidence"))


def cell(text: str) -> str:
    """Table-cell safe: one line, pipes and HTML-looking text escaped."""
    text = one_line(text).replace("\\", "\\\\").replace("|", "\\|")
    return text.replace("<", "&lt;").replace(">", "&gt;")


def clip(text: str, limit: int) -> str:
    text = one_line(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def evidence_cell(ev: Evidence, source: str, tr: Translator) -> str:
    """The source's words in quotes; a fact of its record in italics, labelled as metadata."""
    parts = []
    if ev.quote:
        parts.append(f"“{cell(clip(ev.quote, QUOTE_LIMIT))}”")
    if ev.metadata is not None:
        parts.append(f"*{cell(tr.gettext('metadata'))}:* `{cell(metadata_text(ev.metadata, tr))}`")
    return " ".join(parts) + f" [{source}]({ev.url})"


def section(report: Report, path: str, alone: bool) -> list[str]:
    tr = words_of([report])
    out = [f"### `{path}`", ""] if alone else [f"### `{path}`", "", summary_line([report]), ""]
    if report.findings:
        out += ["| " + " | ".join(tr.gettext(h) for h in HEADERS)
                + " |", "|---:|---|---|---|---|"]
        source = tr.gettext("source")
        for f in by_position(report.findings):
            evidence = "<br>".join(evidence_cell(ev, source, tr) for ev in f.evidence) or "—"
            finding = cell(f.message)
            if f.suggestion:
                finding += f"<br>*{tr.gettext('Suggestion:')}* {cell(f.suggestion)}"
            severity = f"{MARKS[f.severity]} {severity_word(f.severity, tr)}"
            out.append(f"| {f.line} | {severity} | `{f.category}` | {finding} | {evidence} |")
        out.append("")
    else:
        out += [tr.gettext("No findings."), ""]
    if report.notes:
        out += ["- " + tr.gettext("note: {text}").format(text=cell(note)) for note in report.notes] + [""]
    if report.suppressed:
        out += [f"<details><summary>{tr.gettext('{n} suppressed').format(n=len(report.suppressed))}</summary>", ""]
        out += ["- " + tr.gettext("line {line}").format(line=f.line)
                + f" `{f.category}`: {cell(f.message)} ({cell(f.suppressed_by or '')})"
                for f in by_position(report.suppressed)]
        out += ["", "</details>", ""]
    return out


def render_many(items: list["Checked"]) -> str:
    reports = [item.report for item in items]
    out = ["## factcheck", "", f"**{drafts_count(reports)}**: {summary_line(reports)}", ""]
    for item in items:
        out += section(item.report, item.path, alone=len(items) == 1)
    return "\n".join(out)


def render(report: Report, draft_text: str, path: str) -> str:
    from .many import Checked

    return render_many([Checked(report, draft_text, path)])
