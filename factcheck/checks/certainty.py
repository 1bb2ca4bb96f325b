"""Certainty raised: a cause, a fix or a diagnosis told as confirmed that the cited
source, in a passage about the same thing, only suspects. "作者已确认它修复了 AMD Windows
设备上的问题" where the PR says "it could be the source of the issue reported for AMD
Windows devices … this is a guess".

The passage must speak of the same thing: it shares two of the claim's words, or one
name of code ("GetStoreMetadata", "event_wait"). A source that says it is confirmed in
such a passage, with no doubt in it, leaves the claim alone.
"""
from __future__ import annotations

import re

from ..extract.clauses import split_clauses
from ..lexicon import load_lexicon
from ..models import Finding
from ..regex_cache import compile_pattern
from .context import ClaimContext
from .polarity import gist, sentence_evidence, source_sentences

# a name of code or a product: a capital inside, a digit, an underscore or a dot
_NAME = compile_pattern(r"[a-z][A-Z]|[A-Za-z]\d|_|\w\.\w")


def _shared(claim: frozenset[str], passage: frozenset[str], claim_text: str) -> tuple[set[str], list[str]]:
    """The words a claim and a passage share, and those of them that name code."""
    # "GetStoreMetadata" is a part of "LMCacheMPRequestMetadata.GetStoreMetadata()"
    passage = passage | {p for w in passage if "." in w for p in w.split(".") if p}
    shared = set(claim & passage)
    named = [w for w in shared if w.isascii() and any(
        _NAME.search(m.group(0)) for m in re.finditer(re.escape(w), claim_text, re.I))]
    return shared, named


def about_same(claim: frozenset[str], passage: frozenset[str], claim_text: str) -> bool:
    shared, named = _shared(claim, passage, claim_text)
    return len(_latin(shared)) >= 2 or bool(named) or len(shared) >= 4


def modal_sentences(ctx: ClaimContext) -> list[tuple]:
    """The section's source sentences with their modality hits, read once per section:
    (fact, sentence, its words, the keys it says, its hits)."""
    if "modal" not in ctx.section_memo:
        modality = load_lexicon().modality
        out = []
        for fact, sentence, sentence_gist, _ in source_sentences(ctx):
            hits = modality.find(sentence)
            out.append((fact, sentence, sentence_gist, {h.key for h in hits}, hits))
        ctx.section_memo["modal"] = out
    return ctx.section_memo["modal"]


def certainty_raised(ctx: ClaimContext) -> list[Finding]:
    doubted = _raised(ctx, "confirmed", "speculative")
    if doubted is None:
        return []
    return [ctx.finding("overstatement", "warning",
                        "The claim tells as confirmed what the cited source only suspects.", [doubted], "certainty-raised")]


def guarantee_raised(ctx: ClaimContext) -> list[Finding]:
    """"并称这种混合方式可以保证无损加速" where the README says "This hybrid approach may achieve lossless
    acceleration": what the source offers as possible, told as guaranteed."""
    # (a source sentence that guarantees it settles it, whatever else it says may happen: "guarantees X, though it
    # may be slower")
    possible = _raised(ctx, "guaranteed", "possible", told_settles=True)
    if possible is None:
        return []
    return [ctx.finding("overstatement", "warning",
                        "The claim tells as guaranteed what the cited source says may happen.", [possible],
                        "guarantee-raised")]


def _raised(ctx: ClaimContext, told_key: str, doubt_key: str, told_settles: bool = False):
    """The evidence of a source sentence about the same thing that says ``doubt_key`` ("suspects", "may")
    where the claim says ``told_key`` ("confirmed", "guarantees"), unless another says ``told_key`` too."""
    if not ctx.facts or ctx.sentence.block == "heading":
        return None
    modality = load_lexicon().modality
    text = ctx.claim.text
    told = [h for h in modality.find(text) if h.key == told_key]
    # "尚未确认", "has not confirmed": the claim keeps the doubt itself
    told = [h for h in told if not any(c.start <= h.start < c.end and c.negates(h.start, h.end) for c in ctx.claim.clauses)]
    if not told or modality.says(text, "speculative") or modality.says(text, doubt_key):
        return None
    claim_gist = gist(text)
    doubted, settled = [], False
    for fact, sentence, sentence_gist, keys, _ in modal_sentences(ctx):
        if not ({doubt_key, told_key} & keys) or not about_same(claim_gist, sentence_gist, text):
            continue
        if doubt_key in keys and not (told_settles and told_key in keys):
            doubted.append((fact, sentence))
        else:
            settled = True
    if not doubted or settled:
        return None
    fact, sentence = doubted[0]
    return sentence_evidence(fact, sentence)


# what a hedge governs: the words after it, up to the end of its clause
_AFTER = compile_pattern(r"[^,;:，；：。.!?]{0,60}")


def _latin_or_pairs(words: frozenset[str]) -> set[str]:
    """Content words: Latin ones of three letters or more, and Chinese pairs."""
    return {w for w in words if not w.isascii() or len(w) >= 3 and w not in _FUNCTION}


_FUNCTION = {"the", "this", "that", "these", "those", "for", "and", "with", "have", "has", "been", "are", "was"}


def _latin(words: frozenset[str] | set[str]) -> set[str]:
    return {w for w in words if w.isascii() and len(w) >= 3}


def _governs(sentence: str, hedge, claim_gist: frozenset[str]) -> bool:
    """Whether a hedge governs what the claim says: words after it that the claim has, in a clause of the
    sentence the claim retells. "I haven't put together a benchmark report comparing against VLLM or Unsloth
    yet, but … EasyDeL tends to compare closely with (and in some cases outperform) VLLM" hedges the second
    clause; a claim whose words of the sentence all stand in the first, with more, retells the first."""
    governed = _latin_or_pairs(gist(_AFTER.match(sentence, hedge.end).group(0))) & claim_gist
    if not governed:
        return False
    clauses = split_clauses(sentence)
    own = [c for c in clauses if c.start <= hedge.start < c.end]
    hedged = _latin_or_pairs(gist(sentence[own[0].start:own[0].end])) & claim_gist if own else governed
    others = set().union(*(_latin_or_pairs(gist(sentence[c.start:c.end])) & claim_gist for c in clauses if c not in own))
    return not (hedged <= others and len(others) > len(hedged))


def scope_hedge_dropped(ctx: ClaimContext) -> list[Finding]:
    """A result the source gives for some cases or some users, told as holding in general:
    "At batch size 1 the new kernel is faster as well" where the PR says "In many cases the
    new kernel is faster at batch size of 1 also". The passage says nearly what the claim
    says (half its words stand in the claim, or a name of code and another word do), and
    the claim keeps no hedge of its own."""
    if not ctx.facts or ctx.sentence.block == "heading":
        return []
    modality = load_lexicon().modality
    text = ctx.claim.text
    if any(modality.says(text, key) for key in ("scope_hedge", "speculative", "advice", "plan")) or ctx.claim.of("proposal"):
        return []
    if load_lexicon().approx.find(text):
        return []
    claim_gist = gist(text)
    for fact, sentence, sentence_gist, _, hits in modal_sentences(ctx):
        # the hedge must govern what the claim says: "data … that may be useful" hedges
        # "useful", which a claim about the data does not say
        hedges = [h for h in hits if h.key == "scope_hedge" and _governs(sentence, h, claim_gist)]
        if not hedges:
            continue
        hedge_words = gist(" ".join(h.text for h in hedges))
        shared, named = _shared(claim_gist, sentence_gist - hedge_words, text)
        own = _latin(sentence_gist - hedge_words)
        near = _latin(shared) and (len(_latin(shared)) >= max(3, 0.6 * len(own)) or named and len(shared) >= 2)
        if not near:
            continue
        quote = sentence_evidence(fact, sentence)
        hedge = hedges[0].text
        return [ctx.finding("overstatement", "warning",
                            f"The source says this only with “{hedge}”; the claim states it without the hedge.",
                            [quote], "hedge-dropped")]
    return []


CHECKS = [certainty_raised, guarantee_raised, scope_hedge_dropped]
