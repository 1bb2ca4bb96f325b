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

from ..lexicon import load_lexicon
from ..models import Finding
from .certainty import about_same, modal_sentences
from .context import ClaimContext
from .polarity import gist, sentence_evidence

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


CHECKS = [universal_restricted]
