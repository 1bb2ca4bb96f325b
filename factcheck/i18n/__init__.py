"""Human-facing text in the writer's language (Chinese or English).

Reports are made in English; ``localize`` gives a copy whose messages,
suggestions and notes are in the chosen language, and records that language
in ``Report.lang`` for the output formats' own words. Category ids, severities,
evidence quotes (the source's own words) and finding ids never change.
"""
from __future__ import annotations

import re

from ..models import Finding, Report
from ..regex_cache import compile_pattern
from .catalog import LANGS, Lang, Translator, translator

__all__ = ["LANGS", "Lang", "Translator", "draft_language", "localize", "localize_finding", "resolve_lang",
           "translator"]

_HAN = compile_pattern(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = compile_pattern(r"[A-Za-z]{2,}")
_NOT_PROSE = compile_pattern(r"```.*?```|`[^`\n]*`|https?://\S+|\]\([^)]*\)|<[^>\n]*>", re.DOTALL)


def draft_language(text: str) -> Lang:
    """Chinese when the draft's prose is mostly Chinese. Chinese technical writing is
    full of English names (vLLM, H100, FP8), so a Chinese draft is one where the Han
    characters outnumber the Latin words; code, links and URLs do not count."""
    prose = _NOT_PROSE.sub(" ", text)
    han = len(_HAN.findall(prose))
    latin = len(_LATIN_WORD.findall(prose))
    return "zh" if han >= latin and han > 0 else "en"


def resolve_lang(setting: str | None, draft_text: str) -> Lang:
    """``zh``/``en`` as set (flag, environment, config), else the draft's own language."""
    if setting in LANGS:
        return setting  # type: ignore[return-value]
    return draft_language(draft_text)


def _finding(finding: Finding, tr: Translator) -> Finding:
    update: dict[str, object] = {"message": tr.text(finding.message)}
    if finding.suggestion:
        update["suggestion"] = tr.text(finding.suggestion)
    return finding.model_copy(update=update)


def localize_finding(finding: Finding, lang: Lang) -> Finding:
    """One finding (made in English) with its message and suggestion in ``lang``."""
    return _finding(finding, translator(lang))


def localize(report: Report, lang: Lang) -> Report:
    """The report with its human text in ``lang`` (from the English it was made in)."""
    if report.lang == lang:
        return report
    if report.lang not in (None, "en"):
        raise ValueError(f"report already localized to {report.lang}; localize the English original")
    tr = translator(lang)
    return report.model_copy(update={
        "findings": [_finding(f, tr) for f in report.findings],
        "suppressed": [_finding(f, tr) for f in report.suppressed],
        "notes": [tr.text(n) for n in report.notes],
        "lang": lang,
    })
