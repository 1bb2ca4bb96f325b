"""Polarity: the claim says the opposite of what a source passage says about the same
thing. "macOS is supported for now" where the cited README says "macOS is not
supported for now"; "该 PR 不改变默认值" where the PR says it changes the default.

A passage and a claim speak of the same thing when most of the passage's words stand
in the claim, once the negation cues are set aside; then each denied predicate of the
passage is looked for among the claim's predicates. Only that near-identity counts: a clause
that shares a few names with a negated passage says something else, and a source that
also says the claim's side in other words (a later comment: "now supported") leaves
the claim alone. What lies further from the source's words (a writer's own inference
turned around) needs reading, and is left to the LLM path.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..align import distinctive, matches, same_value, words
from ..extract.clauses import PREDICATE_JOIN, Clause, split_clauses
from ..lexicon import load_lexicon
from ..models import Evidence, Finding
from ..regex_cache import compile_pattern
from .context import ClaimContext
from .license import project_name

_CJK_RUN = compile_pattern(r"[\u4e00-\u9fff]+")
_MIN_SHARED = 4  # the least a claim must share with a passage to be about the same thing
_COVER_SOURCE = 0.6  # of the passage's words, in the claim
_COVER_CLAIM = 0.4  # of the claim's words, in a source sentence it retells in part
_COVER_CLAUSE = 0.6  # of a denied predicate's words, in one predicate of the claim
_COVER_CARRIER = 0.6  # of that predicate's words, in the denied one


@lru_cache(maxsize=4096)
def gist(text: str) -> frozenset[str]:
    """Latin words and whole names (``align.words``, "llama-cpp-python" one word) and
    Chinese character pairs."""
    out = {w.replace("-", "") for w in words(text, parts=False)}  # "real-time" is "realtime"
    for run in _CJK_RUN.findall(text):
        out |= {run[i:i + 2] for i in range(len(run) - 1)} if len(run) > 1 else {run}
    return frozenset(out)


@lru_cache(maxsize=4096)
def glossed(text: str) -> frozenset[str]:
    """The English words (singular and plural) a source in English writes for the Chinese technical words
    of the text ("工具" -> "tool", "tools"): what lets a Chinese sentence's words meet an English passage's."""
    keys = {h.key for h in load_lexicon().gloss.find(text)} if _CJK_RUN.search(text) else set()
    return frozenset(keys | {k + "s" for k in keys})


_STEM = compile_pattern(r"(?:ies|es|s|ed|ing)$")


@lru_cache(maxsize=4096)
def stems(text: str) -> frozenset[str]:
    """Latin words without a plural or tense ending ("results", "result"), and the English of Chinese ones."""
    latin = {_STEM.sub("", w) for w in gist(text) if w.isascii() and len(w) > 3 and not w.isdigit()}
    return frozenset(latin | {_STEM.sub("", w) for w in glossed(text)} | {w for w in gist(text) if w.isdigit() and len(w) >= 3})


def _blank(text: str, clauses: list[Clause]) -> str:
    """The text with its negation cues blanked out."""
    chars = list(text)
    for clause in clauses:
        for cs, ce in clause.cues:
            chars[cs:ce] = " " * (ce - cs)
    return "".join(chars)


_BRACKET = compile_pattern(r"[()（）]")
_CONTRAST = compile_pattern(r"\b(?:rather than|instead of)\b|而不是|而非", re.IGNORECASE)


@dataclass
class _Unit:
    negated: bool
    gist: frozenset[str]


_COMPLEMENT = compile_pattern(r"\s+(?:is|was) that\s+", re.IGNORECASE)
_DASH = compile_pattern(r"\s[—–]\s|——")


def _units(text: str, clauses: list[Clause]) -> list[_Unit]:
    """The predicates of each clause, with whether a negation cue stands in each."""
    blank = _blank(text, clauses)
    out = []
    for clause in clauses:
        inside = text[clause.start:clause.end]
        cuts = sorted({clause.start, clause.end, *(clause.start + m.end() for m in PREDICATE_JOIN.finditer(inside)),
                       # "in BF16 instead of FP32": only what follows the contrast is denied
                       *(clause.start + m.start() for m in _CONTRAST.finditer(inside)),
                       # "download a prebuilt (no toolchain)": a cue in brackets denies only inside them
                       *(clause.start + m.start() + (m.group(0) in ")）") for m in _BRACKET.finditer(inside)),
                       # "where this comparison is not fair is that llm.c keeps …": the complement is asserted
                       *(clause.start + m.start() for m in _COMPLEMENT.finditer(inside)),
                       # "the user is never told — the kernel silently masks bad input": a dash sets off a clause of its own
                       *(clause.start + m.start() for m in _DASH.finditer(inside))})
        for a, b in zip(cuts, cuts[1:]):
            negated = any(a <= cs < b for cs, _ in clause.cues)
            out.append(_Unit(negated, gist(blank[a:b])))
    return out


def _carrier(claim_units: list[_Unit], denied: frozenset[str]) -> _Unit | None:
    """The claim's predicate that carries most of a denied predicate's words (a denying
    one on a tie), if it carries enough of them."""
    best, share = None, 0
    for unit in claim_units:
        n = len(unit.gist & denied)
        if n > share or (n == share and best is not None and unit.negated):
            best, share = unit, n
    if best is None or share < 2 or share < _COVER_CLAUSE * len(denied):
        return None
    # and most of the predicate is the denied one: "can enable prefix caching" is not "cannot
    # enable it". Counted in Latin words where it has some: one Chinese word makes several pairs.
    latin = {w for w in best.gist if w.isascii()}
    own = latin if len(latin) >= 2 else best.gist
    if len(own & denied) < _COVER_CARRIER * len(own):
        return None
    return best


_QUESTION = compile_pattern(r"[?？]\s*$|吗\s*$")
# (not after an abbreviation: "optimized support with *VACE*, etc. will follow soon" is one sentence)
SENTENCE_END = compile_pattern(r"(?<=[。！？!?])|(?<![\s(]etc\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<=[.;；])\s+|\n+")


def source_sentences(ctx: ClaimContext) -> list[tuple]:
    """Each sentence of the section's facts: (fact, sentence, its words, its predicates), computed
    once per section. A passage may hold several sentences, and a header line before them."""
    if "polarity" not in ctx.section_memo:
        out = []
        for fact in ctx.facts:
            for sentence in SENTENCE_END.split(fact.statement.text):
                if len(sentence) < 8 or _QUESTION.search(sentence):
                    continue  # a question asserts nothing: "不是 GRPO 的 reward 曲线在上方吗？"
                clauses = split_clauses(sentence)
                out.append((fact, sentence.strip(), gist(_blank(sentence, clauses)), _units(sentence, clauses)))
        ctx.section_memo["polarity"] = out
    return ctx.section_memo["polarity"]


def source_clauses(ctx: ClaimContext) -> list[tuple]:
    """Each clause of each sentence of the section's facts (``source_sentences``): (fact, sentence,
    clause), its offsets in the sentence; split once per section, not again by every rule for every claim."""
    if "clauses" not in ctx.section_memo:
        ctx.section_memo["clauses"] = [(fact, sentence, clause) for fact, sentence, _, _ in source_sentences(ctx)
                                       for clause in split_clauses(sentence)]
    return ctx.section_memo["clauses"]


def sentence_evidence(fact, sentence: str):
    """A sentence of a passage as evidence: the sentence itself when the passage's quote holds
    it verbatim, the whole passage otherwise."""
    return Evidence(url=fact.url, quote=sentence) if sentence in fact.quote else fact


def _judged(ctx: ClaimContext) -> tuple[frozenset[str], list[_Unit]] | None:
    """The claim's words (negation cues set aside) and predicates, for a claim that asserts:
    not a heading, advice, a plan or a proposal, and with words enough to meet a source's."""
    if not ctx.facts or ctx.sentence.block == "heading":
        return None
    modality = load_lexicon().modality
    text = ctx.claim.text
    if modality.says(text, "advice") or modality.says(text, "plan") or ctx.claim.of("proposal"):
        return None
    claim_gist = gist(_blank(text, ctx.claim.clauses))
    if len(claim_gist) < _MIN_SHARED:
        return None
    return claim_gist, _units(text, ctx.claim.clauses)


# a change that supplies what the sentence says is missing: the denial is of the state before it
_SUPPLIED = compile_pattern(r"\b(?:this|the) (?:PR|pull request|change|patch|commit|release) (?:now )?(?:adds|fixes|introduces"
                            r"|implements|provides|enables|brings|addresses|solves)\b|(?:本|该|这个) ?PR ?(?:新增|加入|修复|引入"
                            r"|实现|添加|补上|解决)", re.IGNORECASE)


def polarity_flipped(ctx: ClaimContext) -> list[Finding]:
    """The claim asserts what a passage of the cited source, in nearly the same words,
    denies: "PD deployments can enable it" against "PD deployments cannot enable it".

    Only the claim that drops a denial is judged: a claim that adds one ("X does not
    support Y") may rest on a table of ✅ and ❌ that says it without a negation word."""
    judged = _judged(ctx)
    if judged is None:
        return []
    claim_gist, claim_units = judged
    against: list[tuple] = []  # (fact, the claim's predicate that asserts what it denies, the denied words)
    affirmed: list[frozenset[str]] = []  # what the related source sentences assert
    for fact, sentence, sentence_gist, units in source_sentences(ctx):
        shared = claim_gist & sentence_gist
        # a short sentence ("PD deployments cannot enable it") all of whose words the claim holds
        if len(shared) < _MIN_SHARED - (len(shared) == len(sentence_gist)) or len(shared) < _COVER_SOURCE * len(sentence_gist):
            continue
        if _SUPPLIED.search(sentence):
            continue  # "Tool calling currently doesn't have a dedicated turn …, and this PR adds that": the state before
        for unit in units:
            if not unit.negated:
                affirmed.append(unit.gist)
                continue
            carrier = _carrier(claim_units, unit.gist)
            if carrier is not None and not carrier.negated:
                against.append((fact, sentence, carrier, unit.gist))
    # the source says the claim's side too, of the same predicate, as well or better
    # ("Windows is now supported" in a later comment)
    against = [(f, q, c, d) for f, q, c, d in against
               if not any(len(c.gist & g) >= len(c.gist & d) and len(g & d) >= _COVER_CLAUSE * len(d) for g in affirmed)]
    if not against:
        return []
    fact, sentence = against[0][:2]
    category = "license" if ctx.claim.licenses or fact.statement.licenses else "overstatement"
    quote = sentence_evidence(fact, sentence)
    return [ctx.finding(category, "warning", "The claim asserts what the cited source denies in nearly the same words.",
                        [quote], "polarity-flipped")]


# a word that denies by its prefix: "for non-capturable warmup work" is work that cannot be captured
_DENYING_PREFIX = compile_pattern(r"(?<![\w-])(?:non-?[a-z][a-z-]+|un[a-z]+able)\b")
# a state the source tells as past: "Previously it decoded with errors='ignore'", "此前只编译图像编码器"; a claim
# that it no longer holds ("instead of decoding with errors='ignore'") agrees with it
# (or speaks of users of an older version: "Users upgrading from a version of the vectorizer that used the ai extension")
_PAST_STATE = compile_pattern(r"^\W*(?:previously|formerly|in the past|before (?:this|the) (?:change|fix|pr|patch))\b"
                              r"|\bused to\b|^\W*(?:以前|此前|之前|原先|原来|过去)"
                              r"|\b(?:upgrading|migrating) from\b|\b(?:previous|older|earlier|old) versions?\b|从旧版|旧版本", re.IGNORECASE)


def denial_added(ctx: ClaimContext) -> list[Finding]:
    """The claim denies what a sentence of the cited source, in nearly the same words,
    asserts: "the savings come without any cost to training performance" where the
    docstring says "these savings in memory come at the cost of training performance".
    Prose only (a docstring in a diff counts): a table's ✅ and ❌ or a list item may say
    "not" without a negation word, and any source sentence that denies it too leaves the
    claim alone."""
    judged = _judged(ctx)
    if judged is None or not any(c.cues for c in ctx.claim.clauses):
        return []
    claim_gist, claim_units = judged
    modality = load_lexicon().modality
    asserted: list[tuple] = []
    denied: list[frozenset[str]] = []
    for fact, sentence, sentence_gist, units in source_sentences(ctx):
        shared = claim_gist & sentence_gist
        if len(shared) < _MIN_SHARED or len(shared) < _COVER_SOURCE * len(sentence_gist):
            continue
        # only a sentence that denies nothing asserts: "don't improve or regress" denies both, "to
        # remove the need to change directory" denies without a cue
        plain = (not any(u.negated for u in units) and not modality.says(sentence, "privative")
                 and not _DENYING_PREFIX.search(sentence) and not _PAST_STATE.search(sentence))
        for unit in units:
            if unit.negated or not plain:
                denied.append(unit.gist)
                continue
            carrier = _carrier(claim_units, unit.gist)
            if (fact.kind in ("sentence", "code") and carrier is not None and carrier.negated
                    and len(unit.gist) >= _MIN_SHARED and not _completes_lead(ctx, fact)):
                asserted.append((fact, sentence, carrier, unit.gist))
    asserted = [(f, q, c, a) for f, q, c, a in asserted
                if not any(len(a & d) >= _COVER_CLAUSE * len(a) for d in denied)]
    if not asserted:
        return []
    fact, sentence = asserted[0][:2]
    category = "license" if ctx.claim.licenses or fact.statement.licenses else "overstatement"
    return [ctx.finding(category, "warning", "The claim denies what the cited source asserts in nearly the same words.",
                        [sentence_evidence(fact, sentence)], "denial-added")]


def _completes_lead(ctx: ClaimContext, fact) -> bool:
    """A passage that completes the one before it, a lead ending in a colon ("无法区分：" then
    "- 已经过期的旧 policy token；"): the lead's verb, denial and all, governs it, so alone it
    asserts nothing."""
    at = next((i for i, f in enumerate(ctx.facts) if f is fact), 0)
    while at and ctx.facts[at - 1].url == fact.url:
        lead = ctx.facts[at - 1].quote.rstrip()
        if lead.endswith((":", "：")):
            return True
        if not lead.endswith((";", "；")):  # an item before it in the same list: its lead governs both
            return False
        at -= 1
    return False


_SWAPPABLE = ("hardware", "precision", "platform", "parallelism")


_CODE = compile_pattern(r"`([^`]+)`")
# a list of three or more ("NVIDIA GPUs, AMD GPUs, Intel Gaudi and AWS Neuron"): its members are no swap
# a list of three or more: items between commas or 、 (a Chinese sentence's "，" chains clauses, and a
# clause of thirty characters or more is no list item)
_LISTED = compile_pattern(r"[^,，、;；]+[,、][^,，、;；]+[,、][^,，、;；]+|[^,，、;；]+，[^,，、;；]{1,29}，[^,，、;；]+")


def in_code(text: str, start: int, end: int) -> bool:
    """A term inside a name of code: "`fp16_master_weights`" names an option, not a precision."""
    return (start > 0 and text[start - 1] in "_`") or (end < len(text) and text[end] in "_`") or \
        text[:start].count("`") % 2 == 1


def _retold_elsewhere(ctx: ClaimContext, kind: str, key: str, names: set[str]) -> bool:
    """Whether a source sentence that names the condition also holds half the claim's names or more."""
    for fact, sentence, sentence_gist, _ in source_sentences(ctx):
        if any(m.kind == kind and m.key == key and m.text in sentence for m in fact.statement.mentions) and \
                len(names & sentence_gist) >= len(names) / 2:
            return True
    return False


SOURCE_WORDS = frozenset({"pr", "prs", "issue", "readme", "blog", "changelog", "commit", "docs", "thread"})


def condition_swapped(ctx: ClaimContext) -> list[Finding]:
    """The claim says what a source sentence says in nearly the same words, with one
    condition swapped for another of its kind: "AReaL 的异步 RL 只支持 BF16 训练" where the
    maintainer wrote "The async RL in AReal only supports FP16 training". The sentence
    must be the claim's own (most of its words stand in the claim once the conditions are
    set aside), and no other passage of the source gives the claim's condition."""
    if not ctx.facts or ctx.sentence.block == "heading":
        return []
    text = ctx.claim.text
    if _LISTED.search(text):
        return []
    mine = {(m.kind, m.key): m for m in ctx.claim.mentions if m.kind in _SWAPPABLE and not m.negated
            and not in_code(text, m.start, m.end)}
    if not mine:
        return []
    blanked = list(text)
    for m in mine.values():
        blanked[m.start:m.end] = " " * (m.end - m.start)
    claim_gist = gist("".join(blanked))
    code = _CODE.findall(text)
    # across languages (a Chinese claim on an English comment) only the claim's names can
    # meet: then all of them must stand in the sentence
    # (the words that name a source, "作者在 PR 中称", are the sentence's attribution, not its content)
    latin = {w for w in claim_gist if w.isascii()} - SOURCE_WORDS
    mostly_other = len(latin) < len(claim_gist) / 2 and len(latin) >= 2
    # or all the names of the clauses that hold the conditions, three at least: "目前用 AMX 运行 Qwen3MoE 时只能读取
    # FP32 GGUF，从 safetensor 加载的支持会在之后加入" retells "… Qwen3MoE running with AMX can only read BF16 GGUF;"
    held = [c for c in ctx.claim.clauses if any(c.start <= m.start < c.end for m in mine.values())]
    clause_latin = {w for c in held for w in gist("".join(blanked[c.start:c.end])) if w.isascii()}
    retold = []
    for fact, sentence, sentence_gist, _ in source_sentences(ctx):
        if any(c not in sentence for c in code):
            continue  # "`fp16_master_weights`" beside "`bf16_master_weights`": another option, not a swap
        theirs = {(m.kind, m.key): m for m in fact.statement.mentions if m.kind in _SWAPPABLE and not m.negated
                  and m.text in sentence}
        if not theirs:
            continue
        rest = sentence_gist - gist(" ".join(m.text for m in theirs.values()))
        shared = claim_gist & rest
        across = mostly_other and (latin <= rest or (len(clause_latin) >= 3 and clause_latin <= rest))
        # the source sentence's words in the claim, or (a claim retelling one part of a long
        # sentence: "Same H800, alternating A/B CUDA Graph timings: warmup 3 calls, … 7 rounds")
        # nearly all the claim's words in the sentence
        told_part = len(shared) >= 4 and len(shared) >= _COVER_CLAIM * len(claim_gist)
        if len(shared) < 2 or (len(shared) < _COVER_SOURCE * len(rest) and not across and not told_part):
            continue
        # a Chinese claim whose three or more names all stand in the sentence retells it, whatever else names
        # the claim's condition ("8 张 Nvidia H100 上完成了 LoRA 和全量微调，数据集为 AdvertiseGen" against
        # "使用8 * Nvidia H20 GPU进行lora微调…AdvertiseGen", beside a README that ran on an H100)
        retold.append((fact, sentence, theirs, across and len(latin) >= 3 and latin <= rest))
    said = {(m.kind, m.key) for f in ctx.facts for m in f.statement.mentions if m.kind in _SWAPPABLE}
    # where the retold sentence gives the claim's own figure, a source that names the claim's
    # condition elsewhere without a figure ("在 Jetson AGX Orin 和 RTX 4090 两款芯片上 … 更高处理
    # 速度") did not measure that figure there
    measured = set().union(*(_measured_under(fact, sentence) for fact, sentence, *_ in source_sentences(ctx)))
    for fact, sentence, theirs, named_all in retold:
        figures = [qa for qa in ctx.claim.quantities if not qa.negated and qa.q.unit and _in_sentence(fact, sentence, qa)]
        for kind, key in mine:
            if (kind, key) in said and (not figures or (kind, key) in measured) and not (
                    named_all and not _retold_elsewhere(ctx, kind, key, latin)):
                continue
            # one condition for one: a list ("NVIDIA GPUs, AMD GPUs, Google Cloud TPUs …") is no swap
            if sum(kd == kind for kd, _ in mine) != 1 or sum(kd == kind for kd, _ in theirs) != 1:
                continue
            other = [k for (kd, k) in theirs if kd == kind and not _same_part(kind, k, key)]
            if other and (kind, key) not in theirs:
                quote = sentence_evidence(fact, sentence)
                told, given = mine[(kind, key)].text, theirs[(kind, other[0])].text
                return [ctx.finding("unsupported", "warning",
                                    f"The source says this of {given}, not {told}.", [quote], "condition-swapped")]
    return []


def _same_part(kind: str, key: str, other: str) -> bool:
    """One condition, or a part and the architecture it is built on ("Hopper" of a row that
    reads "H100"); two parts of one architecture ("H100", "H200") stay two."""
    if key == other:
        return True
    arch = load_lexicon().hardware_arch
    return kind == "hardware" and (arch.get(key) == other or arch.get(other) == key)


def sentence_figures(fact, sentence: str) -> list:
    """The figures of a passage that stand in one of its sentences."""
    st = fact.statement
    at = st.text.find(sentence)
    return [x for x in st.quantities if at >= 0 and at <= x.q.start < at + len(sentence)]


def _in_sentence(fact, sentence: str, qa) -> bool:
    """Whether one sentence of a passage gives the claim's figure."""
    return any(same_value(qa.q, x.q) for x in sentence_figures(fact, sentence))


def _measured_under(fact, sentence: str) -> set[tuple[str, str]]:
    """The conditions a source sentence gives a figure under: one with a figure of a unit
    ("在 Jetson AGX Orin 和 RTX 4090 两款芯片上 … 更高处理速度" gives none)."""
    if not any(x.q.unit for x in sentence_figures(fact, sentence)):
        return set()
    return {(m.kind, m.key) for m in fact.statement.mentions if m.kind in _SWAPPABLE and m.text in sentence}


def row_condition_swapped(ctx: ClaimContext) -> list[Finding]:
    """A table row that holds two or more of the claim's distinctive figures is where they
    were measured: a hardware, precision or parallelism the claim gives them that the row
    does not name, where the row names another of that kind, is swapped ("12.65% … on an
    RTX 5090" where the row reads "| Ministral-3-3B | … | A100 | 171.92 | 193.67 | 12.65% |")."""
    if not ctx.facts:
        return []
    text = ctx.claim.text
    mine = {(m.kind, m.key): m for m in ctx.claim.mentions if m.kind in _SWAPPABLE and not m.negated
            and not in_code(text, m.start, m.end)}
    # each end of "from 171.92 to 193.67 tokens/s" (read as a range) is a figure of its own
    figures = [q for qa in ctx.claim.quantities if not qa.negated and distinctive(qa.q)
               for q in ([qa.q.model_copy(update={"high": qa.q.low}), qa.q.model_copy(update={"low": qa.q.high})]
                         if qa.q.is_range else [qa.q])]
    if not mine or len(figures) < 2:
        return []
    rows = []
    for fact in ctx.facts:
        if fact.kind != "row":
            continue
        held = [q for q in figures if any(same_value(q, o.q, strict=True) for o in fact.statement.quantities)]
        if len(held) < 2:
            continue
        theirs = {(m.kind, m.key): m for m in fact.statement.mentions if m.kind in _SWAPPABLE and not m.negated}
        rows.append((fact, theirs, len(held)))
    for fact, theirs, count in rows:
        for kind, key in mine:
            if sum(kd == kind for kd, _ in mine) != 1 or (kind, key) in theirs:
                continue
            # another row that holds as many of the figures under the claim's own condition is where
            # they were measured (a PR's table beside a later PR's that restates some of its cells)
            if any(any(kd == kind and _same_part(kind, k, key) for kd, k in named)
                   for _, named, held in rows if held >= count):
                continue
            other = [m for (kd, k), m in theirs.items() if kd == kind and not _same_part(kind, k, key)]
            if other:
                told, given = mine[(kind, key)].text, other[0].text
                return [ctx.finding("unsupported", "warning", f"The source says this of {given}, not {told}.",
                                    [fact], "row-condition-swapped")]
    return []


def requirement_denied(ctx: ClaimContext) -> list[Finding]:
    """A requirement of the source told as unneeded: "does not need a 16 GB card" where the
    PR says "NVIDIA (16GB VRAM required)". The figure after "does not need" must be one the
    source gives beside a requirement word, in that figure's own clause."""
    if not ctx.facts:
        return []
    modality = load_lexicon().modality
    text = ctx.claim.text
    cues = [h for h in modality.find(text) if h.key == "no_need"]
    if not cues:
        return []
    for qa in ctx.claim.quantities:
        clause = ctx.claim.clauses[qa.clause]
        if not any(clause.start <= c.start and c.end <= qa.q.start for c in cues):
            continue
        for hit in matches(qa.q, ctx.facts, bare_ok=False):
            st = hit.fact.statement
            c = st.clauses[hit.qa.clause]
            own = st.text[c.start:c.end]
            if hit.qa.negated or not modality.says(own, "requirement") or modality.says(own, "no_need"):
                continue
            figure = qa.q.raw
            return [ctx.finding("overstatement", "warning",
                                f"The source gives {figure} as a requirement; the claim says it is not needed.",
                                [hit.fact], "requirement-denied")]
    return []


# a setting by its name: snake_case ("vllm_gpu_memory_utilization", "use_vision") or a flag ("--offload_model")
SETTING_NAME = compile_pattern(r"--[A-Za-z][\w-]+|\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")


def setting_requirement_denied(ctx: ClaimContext) -> list[Finding]:
    """"用户不必再手动调整 vllm_gpu_memory_utilization" where the blog says "you may need to adjust the
    vllm_gpu_memory_utilization parameter": a setting a source clause says must or may need to be set,
    told as one nobody need touch. The setting is named after the claim's "no need" and in the source's clause."""
    if not ctx.facts:
        return []
    modality = load_lexicon().modality
    text = ctx.claim.text
    hits = modality.find(text)
    named = {m.group(0).casefold(): m.group(0) for c in hits if c.key == "no_need" for m in SETTING_NAME.finditer(text, c.end)}
    # "adding `export NCCL_ALGO=...` is an optional tweak": the setting may come before the word, in its clause
    for c in (h for h in hits if h.key == "optional"):
        clause = next((k for k in ctx.claim.clauses if k.start <= c.start < k.end), None)
        if clause is not None and not clause.cues:
            named |= {m.group(0).casefold(): m.group(0) for m in SETTING_NAME.finditer(text, clause.start, clause.end)}
    if not named:
        return []
    for fact, sentence, clause in source_clauses(ctx):
        part = sentence[clause.start:clause.end]
        shared = {m.group(0).casefold() for m in SETTING_NAME.finditer(part)} & set(named)
        # "It is now required, for stability, to add `export NCCL_ALGO=...`": the requirement may open the
        # sentence, in a clause of its own that names no other setting
        lead = sentence[:clause.end] if not SETTING_NAME.search(sentence, 0, clause.start) else part
        if shared and modality.says(lead, "requirement") and not modality.says(lead, "no_need") and not clause.cues:
            return [ctx.finding("overstatement", "warning",
                                f"The source says {named[sorted(shared)[0]]} may need to be set; the claim says it "
                                "need not be.", [sentence_evidence(fact, sentence)], "setting-requirement-denied")]
    return []


# what a claim says is supported or included, and a name it says so of: Latin names are the
# same in either language ("已经支持 vLLM 推理" / "does not yet include VLLM … support")
_SUPPORT = compile_pattern(r"支持|兼容|适配|包含|包括|提供|\b(?:supports?|supported|supporting|includes?|included|including"
                           r"|compatible|works? with|provides?|provided|offers?|offered|ships?)\b", re.IGNORECASE)
_NAME = compile_pattern(r"(?<![A-Za-z0-9_.-])[A-Za-z][A-Za-z0-9.+-]{1,}[A-Za-z0-9+](?![A-Za-z0-9_])")


def _proper(token: str, at: int, text: str) -> bool:
    """A name as a name: a capital or digit after its first letter (vLLM, ROCm, CUDA, GB200), or
    capitalised where no sentence starts."""
    if any(ch.isupper() or ch.isdigit() for ch in token[1:]):
        return True
    return token[0].isupper() and text[:at].rstrip()[-1:] not in ("", ".", "!", "?", ":", "。")


def _supported_names(text: str, start: int, end: int) -> dict[str, str]:
    """The names in text[start:end], folded, with their spelling."""
    return {m.group(0).casefold(): m.group(0) for m in _NAME.finditer(text, start, end) if _proper(m.group(0), m.start(), text)}


def _first_unsettled(found: list[tuple], settled: set[str]) -> tuple | None:
    """The first (fact, sentence, names) of ``found`` with names some other clause does not settle, those
    names only: a source that also says the opposite of one name leaves it alone."""
    return next(((f, q, n - settled) for f, q, n in found if n - settled), None)


def _asserts_now(ctx: ClaimContext) -> bool:
    """A body sentence with sources to read that says how things stand: not a heading, advice, a plan,
    a proposal or a question (what support_denied and its kin compare)."""
    if not ctx.facts or ctx.sentence.block == "heading":
        return False
    modality = load_lexicon().modality
    text = ctx.claim.text
    return not (modality.says(text, "advice") or modality.says(text, "plan") or ctx.claim.of("proposal")
                or _QUESTION.search(text))


def support_denied(ctx: ClaimContext) -> list[Finding]:
    """"该实现已经支持 vLLM 推理与视频输入" where the issue says "a working version that does not yet
    include VLLM or video input support": the claim says supported what a clause of the source,
    naming the same thing, denies. Read across languages by the name; only where no clause of the
    sources says it is supported, and not in a plan, advice or question."""
    if not _asserts_now(ctx):
        return []
    text = ctx.claim.text
    claimed: dict[str, str] = {}
    for clause in ctx.claim.clauses:
        m = _SUPPORT.search(text, clause.start, clause.end)
        if m is None or clause.cues:
            continue
        claimed |= _supported_names(text, m.end(), clause.end)
    if not claimed:
        return []
    denied, affirmed = [], set()
    for fact, sentence, clause in source_clauses(ctx):
        m = _SUPPORT.search(sentence, clause.start, clause.end)
        if m is None:
            continue
        names = set(_supported_names(sentence, clause.start, clause.end)) & set(claimed)
        if not names:
            continue
        if clause.cues and any(cs < m.start() for cs, _ in clause.cues):
            denied.append((fact, sentence, names))
        else:
            affirmed |= names
    first = _first_unsettled(denied, affirmed)
    if first is None:
        return []
    fact, sentence, names = first
    return [ctx.finding("overstatement", "warning",
                        f"The claim says {', '.join(sorted(claimed[n] for n in names))} is supported; the cited source "
                        "says it is not.",
                        [sentence_evidence(fact, sentence)], "support-denied")]


# "Windows 用户可以使用 compile 选项", "the compile option works on Windows": a use said possible on a
# platform. The platform may stand before the verb, so the clause's platforms are read, not the names after it.
_CAN_USE = compile_pattern(r"可以使用|可使用|能使用|可以用|能用|可用|可以在|可在|能在|支持|兼容|\b(?:supports?|supported|can (?:be )?use[ds]?"
                           r"|can run|runs? on|works? on|available on|usable on)\b", re.IGNORECASE)
# Words that name no feature of their own: two clauses sharing only these speak of different things.
_GENERIC = frozenset("the and with for from this that users user option options feature features mode support "
                     "supported use used using run runs running work works install installed on in of to is are "
                     "not yet now also can only".split())


def _feature_words(text: str, start: int, end: int, platforms: list[str]) -> set[str]:
    """The Latin words of text[start:end] that could name the feature: not a platform, not generic."""
    spelled = {w.casefold() for p in platforms for w in p.split()}
    return {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z0-9_+.-]{2,}", text[start:end])
            if w.casefold() not in _GENERIC and w.casefold() not in spelled}


def platform_support_denied(ctx: ClaimContext) -> list[Finding]:
    """"按照新的安装文档，Windows 用户同样可以使用 compile 选项" where the docs say "The `compile` option is
    not supported on windows and macOS": a use said possible on a platform that a source clause, naming
    the same platform and the same feature, says is not supported. Only where no clause of the sources
    says that feature works there, and not in a plan, advice or question."""
    if not _asserts_now(ctx):
        return []
    lexicon = load_lexicon()
    text = ctx.claim.text
    claimed: list[tuple[str, set[str]]] = []
    for clause in ctx.claim.clauses:
        if clause.cues or _CAN_USE.search(text, clause.start, clause.end) is None:
            continue
        hits = [h for h in lexicon.platform.find(text) if clause.start <= h.start < clause.end]
        feature = _feature_words(text, clause.start, clause.end, [h.text for h in hits])
        claimed += [(h.key, feature) for h in hits if feature]
    if not claimed:
        return []
    denied, affirmed = [], set()
    for fact, sentence, clause in source_clauses(ctx):
        m = _SUPPORT.search(sentence, clause.start, clause.end) or _CAN_USE.search(sentence, clause.start, clause.end)
        if m is None:
            continue
        hits = [h for h in lexicon.platform.find(sentence) if clause.start <= h.start < clause.end]
        feature = _feature_words(sentence, clause.start, clause.end, [h.text for h in hits])
        if _PROJECT_PRONOUN.match(sentence, clause.start):
            # "It does not currently support Google Colab" in RAGatouille's README: the project speaks of itself
            feature |= _project_words(ctx, fact.url)
        for key, words_ in claimed:
            if key in {h.key for h in hits} and words_ & feature:
                if clause.cues and any(cs < m.start() for cs, _ in clause.cues):
                    denied.append((fact, sentence, key))
                else:
                    affirmed.add(key)
    denied = [d for d in denied if d[2] not in affirmed]
    if not denied:
        return []
    fact, sentence, key = denied[0]
    return [ctx.finding("overstatement", "warning",
                        f"The claim says this can be used on {key}; the cited source says it is not supported there.",
                        [sentence_evidence(fact, sentence)], "platform-support-denied")]


_PROJECT_PRONOUN = compile_pattern(r"[\s\-*•>]*(?:it|this project|the project|this library|该项目|本项目|它)\b", re.IGNORECASE)


def _project_words(ctx: ClaimContext, url: str) -> set[str]:
    """The name of the project whose document ``url`` is, folded."""
    doc = next((d for d in ctx.docs if d.url == url), None)
    name = project_name(doc) if doc is not None else None
    return {name} if name else set()


# what a claim says is in place now: supported (the thing after the verb) or integrated (the thing before it)
_IN_PLACE = compile_pattern(r"支持|兼容|\b(?:supports?|supported|integrates|ships|works? with)\b", re.IGNORECASE)
_INTEGRATED = compile_pattern(r"并入|集成到|集成进|合入|已(?:经)?(?:随[^，,。；;]{0,12})?(?:一同|一起)?(?:开源|上线|发布|放出)"
                              r"|\b(?:(?:is|was|has been|now) integrated|merged into|lands? in|landed in"
                              r"|ships? in|(?:support )?(?:has|have) (?:now )?arrived|is now available"
                              # in place by being carried over or shipped inside: "now bundled in the repository",
                              # "have been ported to the new collections API"
                              r"|(?:is|are|was|were|has been|have been|now) (?:now )?(?:bundled|built|included) (?:in|into|with)"
                              r"|(?:has|have) (?:now |already )?been (?:ported|migrated|moved) (?:to|into)|(?:is|are) now ported)\b"
                              r"|已(?:经)?(?:内置|迁移到|迁移至|移植到)", re.IGNORECASE)
# a function by its call ("sleep()", "torch.compile()"): a name even in lower case
_CALL = compile_pattern(r"(?<![\w.])[A-Za-z_][\w.]*\(\)")


def _named_things(text: str, start: int, end: int) -> dict[str, str]:
    """Names (``_supported_names``) and calls ("sleep()") in text[start:end], folded, with their spelling."""
    out = _supported_names(text, start, end)
    out |= {m.group(0).casefold(): m.group(0) for m in _CALL.finditer(text, start, end)}
    return out


def _code_names(text: str, start: int, end: int) -> dict[str, str]:
    """Names (``_named_things``) and settings in text[start:end], folded, with their spelling."""
    return _named_things(text, start, end) | {m.group(0).casefold(): m.group(0) for m in SETTING_NAME.finditer(text, start, end)}


def _without_own_names(ctx: ClaimContext, claimed: dict[str, str]) -> dict[str, str]:
    """The claimed names less the cited projects' own (their repository and title words)."""
    own = {w.casefold() for d in ctx.docs for w in re.findall(r"[A-Za-z][\w.-]+", f"{d.repo or ''} {d.title or ''}")}
    return {k: v for k, v in claimed.items() if k not in own}


_TO_DO = compile_pattern(r"\b(?:TODO|FIXME)\b")


def planned_called_supported(ctx: ClaimContext) -> list[Finding]:
    """"该模式同样已经支持 FSDP" where the blog says "excited to continue refining this setup, integrating
    features like FSDP"; "sleep() 已完整并入 TRL 主线" where it says "waiting for an official fix before
    integrating sleep() fully": what a source clause names as still to come, told as in place. Only for a
    name the claim says is in place (after its verb), not the cited project's own name, and where no source
    clause says it is in place already."""
    if not _asserts_now(ctx):
        return []
    modality = load_lexicon().modality
    text = ctx.claim.text
    claimed: dict[str, str] = {}
    supported: set[str] = set()  # the names the claim says are supported (not integrated, bundled, ported)
    for clause in ctx.claim.clauses:
        if clause.cues:
            continue
        if m := _IN_PLACE.search(text, clause.start, clause.end):
            claimed |= (names := _code_names(text, m.end(), clause.end))
            supported |= set(names)
        if m := _INTEGRATED.search(text, clause.start, clause.end):
            # a predicate that opens its clause takes its subject from the clauses before it: "The agent metrics,
            # including `ToolCallAccuracy`, have been ported to the new collections API"
            claimed |= _code_names(text, 0 if not text[clause.start:m.start()].strip() else clause.start, m.start())
    claimed = _without_own_names(ctx, claimed)
    if not claimed:
        return []
    planned, affirmed = [], set()
    for fact, sentence, clause in source_clauses(ctx):
        names = set(_code_names(sentence, clause.start, clause.end)) & set(claimed)
        if not names:
            continue
        part = sentence[clause.start:clause.end]
        # "# TODO: support F5TTS_v1_Base": a note of work to do governs the line it heads
        to_do = modality.says(part, "plan") or _TO_DO.search(sentence, 0, clause.start) is not None
        # "optimized support with *VACE*, etc. will follow soon": the noun "support", its predicate a plan after it
        said = _IN_PLACE.search(part) or _INTEGRATED.search(part)
        follows = (not clause.cues and said is not None and said.group(0).casefold() == "support"
                   and modality.says(sentence[clause.end:], "plan"))
        if said and not clause.cues and not to_do and not follows:
            # "FlashAttention Support" says it is supported, not that it is integrated into the repository
            affirmed |= names if _INTEGRATED.search(part) else names & supported
        # the plan may open the sentence: "excited to continue refining this setup, integrating features like FSDP"
        elif modality.says(sentence[:clause.end], "plan") or follows:
            planned.append((fact, sentence, names))
    first = _first_unsettled(planned, affirmed)
    if first is None:
        return []
    fact, sentence, names = first
    return [ctx.finding("overstatement", "warning",
                        f"The claim says {', '.join(sorted(claimed[n] for n in names))} is in place; the cited source "
                        "speaks of it as still to come.", [sentence_evidence(fact, sentence)], "planned-called-supported")]


# gone now ("0.6.0 already removes `SyncedTimer`", "已移除 `--foo`"), against a source that only says it is
# going ("is marked for deprecation and will be removed in 0.7.0", "将在下个版本移除")
_REMOVED = compile_pattern(r"\b(?:removes|removed|drops|dropped|deletes|deleted|is gone)\b|移除|删除|删掉|去掉|去除", re.IGNORECASE)
_GOING = compile_pattern(r"\b(?:will be (?:removed|dropped|deleted)|to be (?:removed|dropped)|(?:marked|slated|scheduled) for "
                         r"(?:deprecation|removal)|deprecat\w*|removal in)\b|弃用|废弃|将(?:会)?(?:在[^，。；]{0,12})?(?:被)?(?:移除|删除)"
                         r"|计划(?:移除|删除)", re.IGNORECASE)
# a source that says it is gone: also a pull request's "Remove `SyncedTimer`"
_DONE = compile_pattern(_REMOVED.pattern + r"|\bremove\b", re.IGNORECASE)
# "`ScopedTimer` succeeds `SyncedTimer`, which 0.6.0 already removes": the clause speaks of the one before
_POINTS_BACK = compile_pattern(r"\s*(?:which|that|其|它|该)", re.IGNORECASE)


# a source's sentences as prose has them: a PR body wraps its lines ("`haystack.AsyncPipeline` and the entire\n
# `…async_pipeline` module were removed"), so only a full stop, a blank line or a list item ends one
_PROSE_END = compile_pattern(r"(?<=[.;!?。；！？])\s+|\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)])\s)")


def _removal_states(ctx: ClaimContext, claimed: dict[str, str]) -> tuple[list, list]:
    """The source sentences that name a claimed thing as going (deprecated, to be removed) and those that name
    it as gone (removed), each as (fact, sentence, names)."""
    going, gone = [], []
    for fact in ctx.facts:
        for sentence in _PROSE_END.split(fact.statement.text):
            names = set(_code_names(sentence, 0, len(sentence))) & set(claimed)
            if not names:
                continue
            to_go = [(m.start(), m.end()) for m in _GOING.finditer(sentence)]
            if any(not any(a <= r.start() < b for a, b in to_go) for r in _DONE.finditer(sentence)):
                gone.append((fact, sentence, names))
            elif to_go:
                going.append((fact, sentence, names))
    return going, gone


def _removal_claims(ctx: ClaimContext, said) -> dict[str, str]:
    """The names the claim's clauses that ``said`` matches give (or the clause they point back to), not the
    cited projects' own names."""
    text = ctx.claim.text
    claimed: dict[str, str] = {}
    clauses = ctx.claim.clauses
    for i, clause in enumerate(clauses):
        if clause.cues or not said.search(text, clause.start, clause.end):
            continue
        claimed |= _code_names(text, clause.start, clause.end)
        if i and _POINTS_BACK.match(text, clause.start):
            claimed |= _code_names(text, clauses[i - 1].start, clauses[i - 1].end)
    return _without_own_names(ctx, claimed)


def _removal_against(ctx: ClaimContext, said, unless, told_gone: bool) -> tuple[str, Evidence] | None:
    """The names a claim tells gone (``told_gone``) or only going, with a source sentence that says the other
    and none that agrees; ``said`` finds the claim's clauses, ``unless`` voids the claim."""
    if not _asserts_now(ctx) or unless.search(ctx.claim.text):
        return None
    claimed = _removal_claims(ctx, said)
    if not claimed:
        return None
    going, gone = _removal_states(ctx, claimed)
    against, agreeing = (going, gone) if told_gone else (gone, going)
    first = _first_unsettled(against, set().union(*(n for _, _, n in agreeing)))
    if first is None:
        return None
    fact, sentence, names = first
    return ", ".join(sorted(claimed[n] for n in names)), sentence_evidence(fact, sentence)


def removal_told_done(ctx: ClaimContext) -> list[Finding]:
    """"`SyncedTimer`, which 0.6.0 already removes" where the changelog says "`SyncedTimer` is marked for
    deprecation and will be removed in 0.7.0": a thing the sources say is going, told as gone. Only for a
    name the removal's own clause (or the clause it points back to) gives, and where no source sentence
    says it is gone already."""
    found = _removal_against(ctx, _REMOVED, _GOING, told_gone=True)
    if found is None:
        return []
    names, evidence = found
    return [ctx.finding("overstatement", "warning", f"The claim says {names} is removed; the cited source says it is "
                        "deprecated or will be removed later.", [evidence], "removal-told-done")]


# "只是被标记为弃用，旧代码仍可导入", "is only deprecated and still importable": still there, on the way out
_STILL_THERE = compile_pattern(r"\bdeprecated\b|弃用|废弃", re.IGNORECASE)


def removal_told_deprecation(ctx: ClaimContext) -> list[Finding]:
    """"在 3.0 中 `haystack.AsyncPipeline` 只是被标记为弃用，旧代码仍可导入" where the PR says "`haystack.AsyncPipeline`
    and the entire … module were removed": a thing the sources say is gone, told as only on its way out.
    Only where no source sentence says it is merely deprecated or still to go."""
    found = _removal_against(ctx, _STILL_THERE, _REMOVED, told_gone=False)
    if found is None:
        return []
    names, evidence = found
    return [ctx.finding("overstatement", "warning", f"The claim says {names} is only deprecated; the cited source "
                        "says it was removed.", [evidence], "removal-told-deprecation")]


# a change told harmless to existing users, and a source that calls it breaking
_COMPATIBLE = compile_pattern(r"向后兼容|完全兼容|不会破坏|\bbackwards?[- ]compatible\b|\bno breaking changes?\b|\bnon-breaking\b",
                              re.IGNORECASE)
_BREAKING = compile_pattern(r"\bbreaking change|破坏性(?:改动|变更|修改)|不兼容", re.IGNORECASE)


def _denied(clauses: list[Clause], m: re.Match[str]) -> bool:
    """Whether the clause holding a match denies it."""
    return any(c.start <= m.start() < c.end and c.negates(m.start(), m.end()) for c in clauses)


def breaking_told_compatible(ctx: ClaimContext) -> list[Finding]:
    """"这一改动完全向后兼容" where the PR says "This is partially a breaking change because we now raise an error":
    a change its own thread calls breaking, told as compatible. Only for the thread the sentence names (or the
    section's one thread), and where no sentence of it says it is compatible."""
    if not _asserts_now(ctx):
        return []
    text = ctx.claim.text
    said = [m for m in _COMPATIBLE.finditer(text) if not _denied(ctx.claim.clauses, m)]
    if not said or _BREAKING.search(text):
        return []
    threads = [d for d in ctx.referenced() if d.kind in ("pull_request", "issue", "release")]
    if not threads:
        threads = [d for d in ctx.docs if d.kind in ("pull_request", "issue")]
        if len(threads) != 1:
            return []
    urls = {d.url for d in threads}
    breaking, compatible = [], False
    for fact in ctx.facts:
        if fact.url not in urls:
            continue
        for sentence in _PROSE_END.split(fact.statement.text):
            clauses = split_clauses(sentence)
            breaking += [(fact, sentence) for m in _BREAKING.finditer(sentence) if not _denied(clauses, m)]
            compatible |= any(not _denied(clauses, m) for m in _COMPATIBLE.finditer(sentence))
    if not breaking or compatible:
        return []
    fact, sentence = breaking[0]
    return [ctx.finding("overstatement", "warning",
                        "The claim calls the change backward compatible; the cited thread calls it a breaking change.",
                        [sentence_evidence(fact, sentence)], "breaking-told-compatible")]


CHECKS = [polarity_flipped, denial_added, condition_swapped, row_condition_swapped, requirement_denied, support_denied,
          platform_support_denied, planned_called_supported, setting_requirement_denied, removal_told_done,
          removal_told_deprecation, breaking_told_compatible]
