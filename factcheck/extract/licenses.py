"""License statements and the artifact each is said to apply to."""
from __future__ import annotations

import re

from pydantic import BaseModel, Field

from ..lexicon import TermHit, load_lexicon
from ..regex_cache import compile_pattern
from .clauses import Clause, clause_at


class LicenseStatement(BaseModel):
    key: str | None = Field(description="SPDX id or license name; None for 'no license'")
    artifacts: list[str] = Field(default_factory=list, description="code, weights, model, data; empty = not said")
    start: int
    end: int
    text: str
    clause: int = 0
    negated: bool = False


_GLUED_NAME = compile_pattern(r"[-_](?!licen[sc]ed?\b)[A-Za-z][a-z]", re.IGNORECASE)
_GLUED_BEFORE = compile_pattern(r"[A-Za-z][-_]$")
_IS_A = compile_pattern(r"\s*(?:属于|是一种|是一个|算是|算作|即|\b(?:is|was|as|counts as|qualifies as)\s+(?:an?\s+|a kind of\s+)?)\s*",
                       re.IGNORECASE)
_NAME_GOES_ON = compile_pattern(r"[ \t]+(?!Licen[sc]e|License|OR\b|AND\b|WITH\b)(?:[A-Z][a-z]+|[A-Z]{2,})\b")


def find_licenses(text: str, clauses: list[Clause]) -> list[LicenseStatement]:
    lexicon = load_lexicon()
    artifacts = [a for a in lexicon.artifacts.find(text) if a.key != "metadata"]
    found: list[LicenseStatement] = []
    for hit in lexicon.license_none.find(text):
        if _NONE_OF_ANOTHER.match(text, hit.end):
            continue  # "no license change between base and fine-tune", "没有许可冲突": no change, not no license
        ci = clause_at(clauses, hit.start)
        found.append(LicenseStatement(key=None, artifacts=_artifacts_in(artifacts, clauses[ci]), start=hit.start,
                                      end=hit.end, text=hit.text, clause=ci))
    # "MIT-Movie-Trivia", "GPL-Bench": a license's spelling glued into a longer name is no license
    # … and a bare acronym that heads a name ("MIT News", "MIT CSAIL", "MIT Han Lab") is the institute, not a license
    names = [h for h in lexicon.licenses.find(text) if not _GLUED_NAME.match(text, h.end)
             and not (h.start and _GLUED_BEFORE.search(text, 0, h.start))
             and not (h.text.isupper() and _NAME_GOES_ON.match(text, h.end))]
    named = [(h.start, h.end) for h in names]
    for m in _NAMED_LICENSE.finditer(text):  # "DeepSeek Model License", "Foo Research License Agreement"
        if not any(s < m.end() and m.start() < e for s, e in named):
            names.append(TermHit(license_key(m.group(0)), m.start(), m.end(), m.group(0)))
    names.sort(key=lambda h: h.start)
    # "Qwen Research License 属于非商用许可", "the Llama license is a community license": a kind the license before it
    # is said to be, not a license of its own
    names = [h for i, h in enumerate(names) if not (i and _IS_A.fullmatch(text, names[i - 1].end, h.start))]
    for i, hit in enumerate(names):
        ci = clause_at(clauses, hit.start)
        # The artifacts a license applies to are those named between the previous
        # license (or the clause start) and this one: "代码仓库的 Apache-2.0 与模型卡的
        # community license" gives code to the first and weights to the second, while
        # "代码和权重都采用 Apache-2.0" gives both to the one license.
        lo = max(clauses[ci].start, names[i - 1].end if i else 0)
        owned = sorted({a.key for a in artifacts if lo <= a.start < hit.start})
        if not owned:  # "Apache-2.0 for the code": look ahead to the next license
            hi = min(clauses[ci].end, names[i + 1].start if i + 1 < len(names) else len(text))
            owned = sorted({a.key for a in artifacts if hit.end <= a.start < hi})
        if not owned and not _AFTER_A_NAME.search(text, max(0, hit.start - 40), hit.start):
            # "权重和代码一样，按 Apache-2.0 发布": what the sentence named before it (not "… 两款编码模型 …，同时开源了
            # agent Mistral Vibe CLI（Apache 2.0）": a license bracketed after a name is that thing's)
            since = names[i - 1].end if i else 0
            owned = sorted({a.key for a in artifacts if since <= a.start and a.end <= hit.start})
        if not owned:  # "([Org/Model-0.5B](https://huggingface.co/Org/Model-0.5B), Apache-2.0)": the hub repo's
            hub = [m for m in _HUB.finditer(text, max(0, hit.start - 200), hit.start)
                   if len(text[m.end():hit.start].strip(" )）,，:：-")) == 0]
            owned = ["data" if hub[-1].group(1) else "weights"] if hub else []
        found.append(LicenseStatement(key=hit.key, artifacts=owned, start=hit.start, end=hit.end, text=hit.text,
                                      clause=ci, negated=clauses[ci].negates(hit.start, hit.end)))
    return sorted(found, key=lambda s: s.start)


_NONE_OF_ANOTHER = compile_pattern(r"[ \t-]*(?:changes?|differences?|conflicts?|issues?|concerns?|mismatch(?:es)?|problems?|"
                                   r"questions?|incompatibilit(?:y|ies)|变更|变化|改变|冲突|问题|差异|不一致)", re.IGNORECASE)
_AFTER_A_NAME = compile_pattern(r"[A-Za-z0-9][\w.+-]*\s*[（(]\s*$")
# a Hugging Face repository: a model's (its weights) or a dataset's
_HUB = compile_pattern(r"huggingface\.co/(datasets/)?(?!spaces/)[\w.-]+/[\w.-]+")


# A license the lexicon does not know, by its capitalised name.
_NAMED_LICENSE = compile_pattern(
    r"(?:[A-Z][\w.\-\[\]]*\s+){1,5}(?:Licen[cs]e(?:\s+Agreement)?|Terms of Use)(?![A-Za-z])")
_FILLER = compile_pattern(r"\b(?:the|agreement|licen[cs]e|terms of use)\b", re.IGNORECASE)


def license_key(name: str) -> str:
    """The comparison key of a license name: the lexicon's entry, or the name itself
    folded ("The DeepSeek Model License Agreement" -> "deepseek model")."""
    hits = load_lexicon().licenses.find(name)
    if hits and hits[0].end - hits[0].start >= len(name.strip()) * 0.6:
        return hits[0].key
    return " ".join(_FILLER.sub(" ", name).casefold().split())


def license_forms(name: str) -> set[str]:
    """Every key a license name answers to: its own folded name and each lexicon
    license named inside it ("Tencent Hunyuan Community License" is also a
    "community license"), so that two spellings of one license compare equal."""
    return {license_key(name), *(h.key for h in load_lexicon().licenses.find(name))}


def _artifacts_in(hits: list, clause: Clause) -> list[str]:
    return sorted({h.key for h in hits if clause.start <= h.start < clause.end})
