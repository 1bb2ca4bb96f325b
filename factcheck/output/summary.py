"""What every human-facing format says once per run: the closing count line,
and the order findings are listed in."""
from __future__ import annotations

from ..i18n.catalog import N_, Translator, translator
from ..models import SEVERITY_RANK, Evidence, Finding, Report, SourceMetadata


def unchecked(report: Report) -> int:
    """Findings of severity ``info``: by the contract, claims that could not be checked."""
    return sum(1 for f in report.findings if f.severity == "info")


SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}


def severity_word(severity: str, tr: Translator) -> str:
    return tr.gettext(SEVERITY_WORDS[severity])


# the document fields metadata evidence comes from, as a reader names them
FIELD_LABELS = {
    "dates.published": N_("date published"), "dates.merged": N_("date merged"), "dates.created": N_("date opened"),
    "dates.closed": N_("date closed"), "dates.first_release": N_("first release date"),
    "dates.updated": N_("date updated"),
    "license": N_("license"), "state": N_("state"), "fetch": N_("not resolved"),
}


def metadata_text(meta: SourceMetadata, tr: Translator) -> str:
    """"published: 2026-09-18", "license: none found": a record's field, never quoted as words."""
    label = tr.gettext(FIELD_LABELS[meta.field]) if meta.field in FIELD_LABELS else meta.field
    return tr.gettext("{field}: {value}").format(field=label, value=tr.text(meta.value))


def source_line(ev: Evidence, tr: Translator) -> str:
    """One evidence item as the one-line formats (SARIF, rdjsonl, GitHub) write it: the
    source's words in quotes, or its metadata marked as such."""
    out = []
    if ev.quote:
        out.append(tr.gettext('Source: "{quote}" ({url})').format(quote=one_line(ev.quote), url=ev.url))
    if ev.metadata is not None:
        out.append(tr.gettext("Source metadata: {fact} ({url})").format(fact=metadata_text(ev.metadata, tr),
                                                                         url=ev.url))
    return "\n".join(out)


def words_of(reports: list[Report]) -> Translator:
    """The catalog of the language the reports were localized to (English if they were not)."""
    return translator(next((r.lang for r in reports if r.lang), "en"))


def summary_line(reports: list[Report]) -> str:
    """"N sentences, M claims checked, K could not be checked, S suppressed", summed."""
    sentences = sum(r.stats.sentences for r in reports)
    claims = sum(r.stats.claims for r in reports)
    missed = sum(unchecked(r) for r in reports)
    suppressed = sum(r.stats.suppressed for r in reports)
    line = words_of(reports).gettext(
        "{sentences} sentences, {claims} claims checked, {missed} could not be checked, {suppressed} suppressed"
    ).format(sentences=sentences, claims=claims, missed=missed, suppressed=suppressed)
    incomplete = incomplete_clause(reports)
    if not incomplete:
        return line
    return words_of(reports).gettext("{summary}; {incomplete}").format(summary=line, incomplete=incomplete)


def incomplete_clause(reports: list[Report]) -> str:
    """"incomplete: K of N cited sources could not be read", or "" when every one was read:
    a run that read nothing must not look like a clean one."""
    unread = sum(r.unread_sources()[0] for r in reports)
    cited = sum(r.unread_sources()[1] for r in reports)
    if not unread:
        return ""
    return words_of(reports).gettext("incomplete: {unread} of {cited} cited sources could not be read").format(
        unread=unread, cited=cited)


def severity_counts(reports: list[Report]) -> str:
    """"3 errors, 5 warnings, 2 notes" (as Vale counts them), over the reported findings."""
    tr = words_of(reports)
    found = [f for r in reports for f in r.findings]
    n = {sev: sum(1 for f in found if f.severity == sev) for sev in ("error", "warning", "info")}
    return tr.gettext("{errors}, {warnings}, {notes}").format(
        errors=tr.ngettext("{n} error", "{n} errors", n["error"]).format(n=n["error"]),
        warnings=tr.ngettext("{n} warning", "{n} warnings", n["warning"]).format(n=n["warning"]),
        notes=tr.ngettext("{n} note", "{n} notes", n["info"]).format(n=n["info"]))


def drafts_count(reports: list[Report]) -> str:
    return words_of(reports).ngettext("{n} draft", "{n} drafts", len(reports)).format(n=len(reports))


def by_position(findings: list[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.line, f.column, -SEVERITY_RANK[f.severity], f.category))


def by_severity(findings: list[Finding]) -> list[Finding]:
    """Worst first, then in draft order: the order to keep when output is capped."""
    return sorted(findings, key=lambda f: (-SEVERITY_RANK[f.severity], f.line, f.column, f.category))


def one_line(text: str) -> str:
    return " ".join(text.split())
