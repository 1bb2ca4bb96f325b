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

from ..lexicon import load_lexicon
from ..models import Evidence, Finding
from ..regex_cache import compile_pattern
from .context import ClaimContext
from .polarity import gist, source_sentences

# a name of code or a product: a capital inside, a digit, an underscore or a dot
_NAME = compile_pattern(r"[a-z][A-Z]|[A-Za-z]\d|_|\w\.\w")


def _about_same(claim: frozenset[str], passage: frozenset[str], claim_text: str) -> bool:
    # "GetStoreMetadata" is a part of "LMCacheMPRequestMetadata.GetStoreMetadata()"
    passage = passage | {p for w in passage if "." in w for p in w.split(".") if p}
    shared = claim & passage
    latin = {w for w in shared if w.isascii() and len(w) >= 3}
    named = [w for w in latin if any(_NAME.search(m.group(0)) for m in re.finditer(re.escape(w), claim_text, re.I))]
    return len(latin) >= 2 or bool(named) or len(shared) >= 4


def certainty_raised(ctx: ClaimContext) -> list[Finding]:
    if not ctx.facts or ctx.sentence.block == "heading":
        return []
    modality = load_lexicon().modality
    text = ctx.claim.text
    told = [h for h in modality.find(text) if h.key == "confirmed"]
    # "尚未确认", "has not confirmed": the claim keeps the doubt itself
    told = [h for h in told if not any(c.start <= h.start < c.end and c.negates(h.start, h.end) for c in ctx.claim.clauses)]
    if not told or modality.says(text, "speculative"):
        return []
    claim_gist = gist(text)
    doubted, settled = [], False
    for fact, sentence, sentence_gist, _ in source_sentences(ctx):
        if not _about_same(claim_gist, sentence_gist, text):
            continue
        if modality.says(sentence, "speculative"):
            doubted.append((fact, sentence))
        elif modality.says(sentence, "confirmed"):
            settled = True
    if not doubted or settled:
        return []
    fact, sentence = doubted[0]
    quote = Evidence(url=fact.url, quote=sentence) if sentence in fact.quote else fact
    return [ctx.finding("overstatement", "warning",
                        "The claim tells as confirmed what the cited source only suspects.", [quote], "certainty-raised")]


CHECKS = [certainty_raised]
