"""Generality: a claim that widens to every case what its cited source keeps to some.
"Any Blackwell GPU now takes the native path, in any precision" where the PR says
"Native execution requires exact compute capability (10, 0) and FP16/BF16 operands";
"所有后端的同步开销都降到了零" where the PR changes the Vulkan backend.

Figure-free: ``scope_widened`` reads results measured under conditions; this reads a
universal ("every", "any", "所有", "任何" over what it ranges over) against a passage of
the source about the same thing that restricts it (a restrictive word) or names the
members it holds for (hardware for GPUs or chips, backends for backends, precisions for
precisions). A source that says the universal itself leaves the claim alone.
"""
from __future__ import annotations

import re

from ..lexicon import load_lexicon
from ..models import Finding
from ..regex_cache import compile_pattern
from .certainty import about_same, modal_sentences
from .context import ClaimContext
from .polarity import SENTENCE_END, gist, sentence_evidence

# what a universal ranges over -> the kind of mention that names its members in a source
_MEMBERS = {
    "hardware": {"gpu", "gpus", "显卡", "卡", "card", "cards", "芯片", "chip", "chips", "硬件", "hardware", "设备",
                 "accelerator", "accelerators", "加速器", "加速卡",
                 "device", "devices", "架构", "architecture", "architectures", "机器", "machine", "machines"},
    "platform": {"后端", "backend", "backends", "平台", "platform", "platforms"},
    "precision": {"精度", "precision"},
}


# the requirement words that restrict ("requires exact compute capability"); "needs" and "需要"
# say too many other things
_REQUIRES = {"required", "requires", "require", "必须", "要求"}


def _ranges_over(text: str) -> set[str]:
    """The mention kinds whose members the universal's noun names."""
    low = text.casefold()
    return {kind for kind, nouns in _MEMBERS.items() if any(n in low for n in nouns)}


def universal_restricted(ctx: ClaimContext) -> list[Finding]:
    if not ctx.facts or ctx.sentence.block == "heading":
        return []
    lexicon = load_lexicon()
    text = ctx.claim.text
    universals = [m for m in ctx.claim.of("universal", affirmed=True) if m.key == "universal"]
    if not universals or any(lexicon.modality.says(text, k) for k in ("advice", "plan")) or ctx.claim.of("proposal"):
        return []
    kinds = set().union(*(_ranges_over(m.text) for m in universals))
    claim_gist = gist(text)
    restricting = []
    for fact, sentence, sentence_gist, _, hits in modal_sentences(ctx):
        same = about_same(claim_gist, sentence_gist, text)
        # a restrictive passage needs only one longer word of the claim ("Native execution
        # requires exact compute capability (10, 0)" of "takes the native path")
        touches = any(w.isascii() and len(w) >= 4 for w in claim_gist & sentence_gist)
        if not (same or touches):
            continue
        if same and fact.statement.of("universal", affirmed=True):
            return []  # the source widens it too
        named = {m.kind for m in fact.statement.mentions if m.kind in kinds and not m.negated}
        restrictive = any(h.key == "restrictive" or h.key == "requirement" and h.text.casefold() in _REQUIRES
                          for h in hits)
        if restrictive or (same and named):
            restricting.append((fact, sentence))
    if not restricting:
        return []
    fact, sentence = restricting[0]
    quote = sentence_evidence(fact, sentence)
    said = universals[0].text
    return [ctx.finding("overstatement", "warning",
                        f"“{said}” widens to every case what the cited source keeps to some.", [quote],
                        "universal-restricted")]


# "在全部 14 个任务上", "on all 14 tasks", "every one of the 14 benchmarks": every member of a counted set, and its noun
_ALL_OF = compile_pattern(r"(?:\b(?:all|every one|each one)(?: of)?(?: the)?|全部|所有|全)\s*(\d+)\s*(?:个|项|款|种|条|套)?\s*"
                          r"(?:的\s*)?([A-Za-z][A-Za-z-]{2,}|[\u4e00-\u9fff]{2})", re.IGNORECASE)
_DAMPED = compile_pattern(r"(?:几乎|基本|大部分|大多数|并非|不是|没有|未能|\b(?:almost|nearly|not|virtually|practically))\s*$",
                          re.IGNORECASE)
# "12/14 个任务", "12 of the 14 tasks", "12 out of 14 benchmarks"
_PART_OF = r"(?<![\d.])(\d+)\s*(?:/|\bof(?: the)?\b|\bout of(?: the)?\b)\s*{n}(?![\d.])\s*(?:个|项|款|种|条|套)?\s*(?:的\s*)?"


def _stem(noun: str) -> str:
    """The part of a counted noun a source's own spelling shares: "任务" whole, "tasks" without its plural."""
    return noun if not noun.isascii() else re.sub(r"(?:es|s)$", "", noun.casefold())


def all_of_count_partial(ctx: ClaimContext) -> list[Finding]:
    """"在全部 14 个任务上都超越了 Hunyuan-Large" where the model card says "在 12/14 个任务上超越": every one of a
    counted set, where a cited passage counts the same set and gives fewer of it. Only the same count of
    the same noun, and not where the sentence gives the smaller count itself."""
    if not ctx.facts:
        return []
    text = ctx.claim.text
    for m in _ALL_OF.finditer(text):
        if _DAMPED.search(text, max(0, m.start() - 12), m.start()):
            continue
        n, stem = m.group(1), _stem(m.group(2))
        part = re.compile(_PART_OF.format(n=re.escape(n)) + re.escape(stem), re.IGNORECASE)
        if part.search(text):
            continue
        for fact in ctx.facts:
            hit = part.search(fact.quote)
            if hit and 0 < int(hit.group(1)) < int(n):
                sentence = next((x for x in SENTENCE_END.split(fact.quote) if part.search(x)), fact.quote)
                said, some = m.group(0).strip(), hit.group(1)
                return [ctx.finding("overstatement", "warning",
                                    f"“{said}”: the cited source counts {some} of {n}, not all of them.",
                                    [sentence_evidence(fact, sentence)], "all-of-count-partial")]
    return []


CHECKS = [universal_restricted, all_of_count_partial]
