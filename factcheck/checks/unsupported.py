"""Unsupported: a checkable number that no cited source carries, directly or as
a ratio or change a reader could compute from the source's own figures."""
from __future__ import annotations

import re
from urllib.parse import unquote

from ..align import Hit, Ratio, base_values, dimension, distinctive, is_result, matches, same_value, value_in, words
from ..extract.versions import extract_versions, same_version_key
from ..extract.statement import QuantityAt, one_unnumbered
from ..facts import Fact
from ..lexicon import load_lexicon
from ..models import Comment, Evidence, Finding, SourceDocument
from ..regex_cache import compile_pattern
from .changelog import version_days
from .context import THREAD_REF, ClaimContext
from .conflation import FROM_BEFORE, MODEL_SIZE, axis_sides
from .figures import bigger_is_more, labelled_elsewhere, written_bare
from .license import project_name
from .polarity import gist, glossed, sentence_evidence, sentence_figures, source_sentences
from .speakers import LOGIN, MIN_SAID, QUOTED, THREADS, attributions, opening


_DOTTED = compile_pattern(r"(?<![\d.])v?(\d+(?:\.\d+){1,3})(?![\d])")
_TAG_IN_URL = compile_pattern(r"/(?:releases/tag|tree)/v?(\d[\w.+-]*)")


_DIFFERENCE = "difference:"  # a derived difference, in the pair's unit: backs an approximate figure only


def source_changes(every: list[Ratio]) -> list[tuple[float, str, Fact]]:
    """Values a careful reader may derive: ratios (x), relative changes (%), and differences
    ("每步只少约 0.1 秒" beside 6.70 and 6.60 s/it)."""
    out = []
    for r in every:
        out.append((r.value, "x", r.a.fact))
        big, small = max(r.a.qa.q.high, r.b.qa.q.high), min(r.a.qa.q.high, r.b.qa.q.high)
        out.append(((big - small) / big * 100, "%", r.a.fact))
        out.append(((big - small) / small * 100, "%", r.a.fact))
        if r.a.qa.q.unit and r.a.qa.q.unit == r.b.qa.q.unit:
            out.append((big - small, _DIFFERENCE + r.a.qa.q.unit, r.a.fact))
    return out


def own_changes(ctx: ClaimContext) -> list[tuple[float, str, Fact]]:
    """What the sentence computes from its own figures, or from those of the sentences before
    it in its section ("约 2%（1319.32 对 1347.00）", "9.2M parameters, about 70 times as
    many" after "UniLoRA trains 131K"): a ratio or change of two of them, when the source gives both."""
    own = _given(ctx, ctx.claim)
    earlier = [g for st in ctx.earlier for g in _given(ctx, st)]
    # two of the sentence's own figures, one of its own and one said before, or two that one
    # earlier sentence gives together ("从 40.344 升到 57.025 tok/s" … "折算下来提升约 41%")
    pairs = [(a, b) for i, (a, _) in enumerate(own) for b, _ in own[i + 1:]] + [(a, b) for a, _ in own for b, _ in earlier]
    pairs += [(a, b) for i, (a, sa) in enumerate(earlier) for b, sb in earlier[i + 1:] if sa is sb]
    out = []
    for (a, fact), (b, _) in pairs:
        if a.q.unit == b.q.unit and a.q.unit in ("", "%") and max(a.q.high, b.q.high) <= 100:
            # "68.7，比 GPT-4o-1120 的 62.8 高出约 6 个百分点": the gap of two scores or shares, in points
            out.append((abs(a.q.high - b.q.high), "pp", fact))
        if a.q.unit == b.q.unit == "x" and min(a.q.high, b.q.high) > 1:
            # "8 倍 GPU 资源带来 7.6 倍效率提升，换算下来约为 95%": one multiple as a share of the other
            out.append((min(a.q.high, b.q.high) / max(a.q.high, b.q.high) * 100, "%", fact))
        if a.q.unit != b.q.unit or a.q.unit in {"%", "x"}:
            continue
        big, small = max(a.q.high, b.q.high), min(a.q.high, b.q.high)
        # (and the share one is of the other: "总参数 142B，每次只激活 14B，激活比例不到 10%")
        out += [(big / small, "x", fact), ((big - small) / big * 100, "%", fact),
                ((big - small) / small * 100, "%", fact), (small / big * 100, "%", fact)]
    # a gain the sentences give in percent, told as a multiple: "+113.2%" … "more than doubled"
    out += [(1 + a.q.high / 100, "x", fact) for (a, fact), _ in own + earlier
            if a.q.unit == "%" and a.q.high > 0 and not a.negated]
    return out


def _given(ctx: ClaimContext, st) -> list[tuple[tuple[QuantityAt, Fact], object]]:
    """A statement's single figures that the cited sources give, each with the first passage
    that gives it, and the statement."""
    out = []
    for qa in st.quantities:
        if qa.q.is_range or qa.q.high <= 0:
            continue
        hits = matches(qa.q, ctx.facts)
        if hits:
            out.append(((qa, hits[0].fact), st))
    return out


_DOWNWARD = compile_pattern(r"\b(?:as (?:low|slow|little|few)|slower|lower|less|fewer|worse|drops?|falls?)\b|更慢|变慢|更低|降低|下降",
                            re.IGNORECASE)


def _supported(qa: QuantityAt, facts: list[Fact], derived: list[tuple[float, str, Fact]]) -> bool:
    q = qa.q
    if matches(q, facts):
        return True
    if q.unit == "x" and 0 < q.high < 1 and not q.is_range:
        # "about half the speed" where the source says "twice as low": one ratio, told from the other side
        inverse = q.model_copy(update={"low": 1 / q.high, "high": 1 / q.high, "raw": f"{1 / q.high:g}x"})
        if any(_DOWNWARD.search(h.fact.quote) for h in matches(inverse, facts, bare_ok=False)):
            return True
    if not q.is_range and any(  # an end of a source range is a figure the source gives
            same_value(q, fq.q.model_copy(update={"low": end, "high": end}))
            for f in facts for fq in f.statement.quantities if fq.q.is_range for end in (fq.q.low, fq.q.high)):
        return True
    if q.is_range:
        lo = q.model_copy(update={"high": q.low})
        hi = q.model_copy(update={"low": q.high})
        return _supported(QuantityAt(q=lo, clause=qa.clause), facts, derived) and _supported(
            QuantityAt(q=hi, clause=qa.clause), facts, derived)
    for value, unit, _ in derived:
        if unit.startswith(_DIFFERENCE) and q.approx and same_value(
                q, q.model_copy(update={"low": value, "high": value, "unit": unit[len(_DIFFERENCE):]})):
            return True  # "差距在 0.3 微秒左右" beside 0.003489 and 0.003193 ms: units converted
        if unit != q.unit:
            continue
        # "more than five times": a derived 5.27x backs it, a 40x elsewhere in the source does not
        if q.bound == "lower" and q.high <= value <= q.high * 1.25 or q.bound == "upper" and q.high * 0.8 <= value <= q.high:
            return True
        if same_value(q, q.model_copy(update={"low": value, "high": value})):
            return True
    return False


# A size glued to a figure, as model names carry it: "5B", "30B", "1.5B", "671B".
_GLUED_SIZE = compile_pattern(r"\d+(?:\.\d+)?[BMKT]", re.IGNORECASE)


def _named_size(raw: str, ctx: ClaimContext) -> bool:
    """"the 5B model" where the source writes the model's name, "Wan2.2-TI2V-5B": the
    figure is the source's, inside a name that the extractors rightly do not read as a
    quantity, or as the same glued size."""
    compact = re.sub(r"^\D+", "", raw.replace(" ", ""))  # the hedge read with it: "约为 7B", "约 7B", "~7B"
    if not _GLUED_SIZE.fullmatch(compact):
        return False
    # "-A23B": the active parameters of a mixture-of-experts name ("MiniMax-M3-428B-A23B")
    # … or the same glued size on its own ("BF16 70B MLP"), which the extractor may read as a
    # parameter count in one text and as bytes in the other
    # (a sentence's full stop after the name is no part of it: "Qwen2.5-Math-72B. Even with …")
    inside = re.compile(rf"(?:[A-Za-z0-9][\w.]*[-_/]A?){re.escape(compact)}(?!\w|\.\w)"
                        rf"|(?<![\w.]){re.escape(compact)}(?:[-_][A-Za-z]|(?!\w|\.\w))", re.IGNORECASE)
    return any(inside.search(text) for d in ctx.docs
               for text in (d.title or "", d.text, d.url, *(c.text for c in d.comments)))


_BYTE_LETTER = {"KB": "k", "MB": "m", "GB": "g", "TB": "t", "KiB": "k", "MiB": "m", "GiB": "g", "TiB": "t"}


def _size_as_written(q, ctx: ClaimContext) -> bool:
    """"64 GB" where the source writes "orin 64G": a memory size with its unit cut to a letter."""
    letter = _BYTE_LETTER.get(q.unit)
    spelled = _spellings(q)
    if not letter or not spelled or q.is_range:
        return False
    number = re.escape(spelled[0])
    return re.search(rf"(?<![\d.]){number}\s?{letter}(?:i?b)?(?![a-z0-9])", _raw(ctx)) is not None


def _at_conditions(ctx: ClaimContext, qa: QuantityAt, derived: list[tuple[float, str, Fact]]):
    """The derived ratios that can back a ratio the claim gives under a stated workload
    ("more than 20x at 512 tokens"): those computed from a passage or row that carries the
    workload figure, when the sources have such; any of them otherwise."""
    if qa.q.unit not in ("x", "%"):
        return derived
    conditions = [c.q for c in ctx.claim.quantities if c.clause == qa.clause and c is not qa
                  and c.q.unit not in ("x", "%") and not c.negated]
    if not conditions:
        return derived
    there = [d for d in derived if any(same_value(c, fq.q) for c in conditions for fq in d[2].statement.quantities)]
    return there or derived


def _derived(ctx: ClaimContext) -> tuple[list[tuple[float, str, Fact]], list[tuple[float, str, Fact]]]:
    """What the sources' figures give (``source_changes``) and what the draft's own figures
    that the sources give do (``own_changes``), once per claim."""
    if "derived" not in ctx.claim_memo:
        every = ctx.ratios()
        if _SPEED.search(ctx.claim.text) and not _SIZE.search(ctx.claim.text):
            # "trains roughly twice as fast": a ratio of two file sizes on the page is no speed
            every = [r for r in every if dimension(r.a.qa.q.unit or r.b.qa.q.unit) != "bytes"]
        ctx.claim_memo["derived"] = (source_changes(every), own_changes(ctx))
    return ctx.claim_memo["derived"]


_SPEED = compile_pattern(r"\b(?:fast|faster|fastest|quicker|slower|speed|speeds|speedups?|speed-ups?|sped|accelerat\w*|throughput|"
                         r"latency)\b|快|慢|加速|提速|速度|吞吐|延迟|耗时", re.IGNORECASE)
_SIZE = compile_pattern(r"\b(?:memory|vram|ram|size|sizes|smaller|larger|bigger|footprint|disk|storage|bytes?|bandwidth|"
                        r"[kmgt]i?b)\b|显存|内存|体积|大小|占用|存储|带宽", re.IGNORECASE)


def _told_before(ctx: ClaimContext, q) -> bool:
    """A distinctive figure an earlier section that cites sources gave ("40.344→57.025 tok/s" in a
    小结): checked where it was first said. A "half" in words recurs by chance, and so does a
    round figure alone."""
    if _DIGITS.search(q.raw) is None or not ctx.told_before:
        return False

    def told(x) -> bool:
        ends = [x] if not x.is_range else [x.model_copy(update={"low": e, "high": e}) for e in (x.low, x.high)]
        return all(any(same_value(e, t, strict=True) for t in ctx.told_before) for e in ends)
    # a recap is recognised by a distinctive figure of it told before ("40.344→57.025"); a lone
    # "7%" that some earlier section also gave is a coincidence, not a recap
    return told(q) and (any(distinctive(o.q) and told(o.q) for o in ctx.claim.quantities)
                        or _SAID_ABOVE.search(ctx.claim.text) is not None)


# "the benchmark behind the 50μs figure above", "上文提到的 50μs": the sentence itself points back to a figure
_SAID_ABOVE = compile_pattern(r"\b(?:figure|number|result|value)s? (?:above|cited above|mentioned (?:above|earlier))\b"
                              r"|\b(?:the|that) (?:above|earlier)\b|上文|前文|前面提到|上面提到|前述|上述", re.IGNORECASE)


def _excused(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """A figure no source need give as it stands: a recap of an earlier section's, a multiple
    of the sentence's own figures (``ratio_disagrees``'s), a size inside a name ("the 5B
    model"), or a memory size as the source writes it ("64G")."""
    return (_told_before(ctx, qa.q) or _own_multiple(ctx, qa) is not None or _named_size(qa.q.raw, ctx)
            or _size_as_written(qa.q, ctx) or _spanned_by_timestamps(ctx, qa.q) or _points_between(ctx, qa.q)
            or _own_sum(ctx, qa) or _spelled_own_change(ctx, qa) or _real_time_multiple(ctx, qa)
            or _share_as_multiple(ctx, qa))


_REAL_TIME = compile_pattern(r"\breal[- ]?time\b|实时", re.IGNORECASE)
_RTF = compile_pattern(r"\bRTF\b|\breal[- ]?time factor\b|实时(?:因子|率|系数)", re.IGNORECASE)


# words that restate what was just said in another form: "相当于快了约 1.5 倍", "that is about 1.5x"
_RESTATED = compile_pattern(r"相当于|也就是|换句话说|换言之|折合|\b(?:that is|i\.e\.|equivalent to|which means|in other words)\b",
                            re.IGNORECASE)


def _share_as_multiple(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """"耗时只有原来的约 66%，相当于快了约 1.5 倍": a multiple restated as the reciprocal of a share that the
    sentence gives and the sources back (time down to 66 % is 1/0.66 = 1.5 times as fast)."""
    if qa.q.unit != "x" or qa.q.is_range or not _RESTATED.search(ctx.claim.text):
        return False
    for (x, _), _ in _given(ctx, ctx.claim):
        if x.q.unit == "%" and 0 < x.q.high < 100 and value_in(qa.q, 100 / x.q.high, "x"):
            return True
    return False


def _real_time_multiple(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """"约相当于实时速度的 12 倍" after "RTF 为 0.082": a multiple of real time is the reciprocal of a
    real-time factor that the sentence, or the one before it, gives and the sources back."""
    if qa.q.unit != "x" or qa.q.is_range or not _REAL_TIME.search(ctx.claim.text):
        return False
    for st in [ctx.claim, *ctx.earlier[-1:]]:
        if not _RTF.search(st.text):
            continue
        for (x, _), _ in _given(ctx, st):
            if not x.q.unit and 0 < x.q.high < 1 and value_in(qa.q, 1 / x.q.high, "x"):
                return True
    return False


def _spelled_own_change(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """"Chinese WER roughly halved (6.9 vs 12.8)": a change spelled as a word, which the sentence's own two figures
    give to a word's precision (a tenth either way: 46 % is "roughly halved", 30 % is not)."""
    if qa.q.unit not in ("%", "x") or qa.q.is_range or _DIGITS.search(qa.q.raw) or not qa.q.high:
        return False
    own = [a.q.high for (a, _), _ in _given(ctx, ctx.claim) if a.q.unit in ("", "%") and not a.q.is_range and a.q.high > 0]
    changes = [(big - small) / big * 100 if qa.q.unit == "%" else big / small
               for i, x in enumerate(own) for y in own[i + 1:] for big, small in [(max(x, y), min(x, y))]]
    return any(abs(value - qa.q.high) <= 0.1 * qa.q.high for value in changes)


# "10GB 用于基础安装，另加 20GB …，合计约 30GB": a total the sentence adds up itself
_TOTAL_CUE = compile_pattern(r"合计|总计|共计|一共|加起来|总共|\b(?:in total|combined|altogether|all told|a total of|sums? to)\b",
                             re.IGNORECASE)


def _own_sum(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """A figure the sentence calls a total that the sum of its other figures of the unit gives (to its rounding)."""
    if qa.q.is_range or not _TOTAL_CUE.search(ctx.claim.text[max(0, qa.q.start - 12):qa.q.end + 14]):
        return False
    parts = [o.q.high for o in ctx.claim.quantities if o is not qa and not o.negated and not o.q.is_range
             and o.q.unit == qa.q.unit and o.q.start < qa.q.start]
    return len(parts) >= 2 and same_value(qa.q, qa.q.model_copy(update={"low": sum(parts), "high": sum(parts)}))


def _points_between(ctx: ClaimContext, q) -> bool:
    """"2.2 个百分点" where one passage of the source gives 25.1% and 27.3% (its diff column may print "+2.2%"):
    percentage points are the gap between two shares the source sets side by side."""
    if q.unit != "pp" or q.is_range:
        return False
    for fact in ctx.facts:
        shares = [x.q.high for x in fact.statement.quantities if x.q.unit == "%" and not x.q.is_range]
        if any(abs(abs(a - b) - q.high) <= 0.051 for i, a in enumerate(shares) for b in shares[i + 1:]):
            return True
    return False


# "2026-02-24T14:35:02Z", "14:35:02": a clock time of a log or monitoring table, to the second
_CLOCK = compile_pattern(r"(?:(\d{4}-\d{2}-\d{2})[T ])?(?<![\d:])([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?![\d:])")


def _spanned_by_timestamps(ctx: ClaimContext, q) -> bool:
    """"in under three minutes" beside a monitoring table stamped 14:35:02 … 14:37:56: a duration
    the source's own timestamps give, as the time from its first to its last (a bound the span
    stays within, or the span to the sentence's rounding)."""
    if dimension(q.unit) != "time" or q.is_range:
        return False
    seconds = base_values(q)[1]
    for doc in ctx.docs:
        stamps = {}
        for m in _CLOCK.finditer(doc.text):
            stamps.setdefault(m.group(1), []).append(int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4)))
        for times in stamps.values():
            if len(times) < 3:
                continue
            span = max(times) - min(times)
            if q.bound == "upper" and span <= seconds or abs(span - seconds) <= 0.1 * seconds:
                return True
    return False


def _unbacked(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """No cited source gives the figure, directly, as an end of its range, or as a change or
    ratio of its figures, and it is not ``_excused``. A change of the draft's own figures
    backs it whatever the workload: the writer computed it."""
    if _excused(ctx, qa):
        return False
    sources, own = _derived(ctx)
    return not _supported(qa, ctx.facts, _at_conditions(ctx, qa, sources) + own)


def _given_otherwise(ctx: ClaimContext, qa: QuantityAt) -> Hit | None:
    """The cited source's figure for what the claim's figure numbers, when the claim's is not
    the source's (``figures.labelled_elsewhere``), computed once per claim figure. A change
    or ratio backs the claim's figure here only when that passage's own figures give it: any
    two figures of a long table make some 7 %."""
    key = ("otherwise", id(qa))
    if key not in ctx.claim_memo:
        hit = None
        if not qa.negated and not qa.q.is_range and qa.q.high > 0 and not _excused(ctx, qa):
            hit = labelled_elsewhere(ctx.claim.text, qa, ctx.facts, ctx.claim.quantities)
            if hit is not None and not _bound_differs(qa.q, hit.qa.q):
                hit = None
        if hit is not None:
            sources, own = _derived(ctx)
            local = [d for d in sources if d[2] is hit.fact] + (own if _told_as_change(ctx, qa) else [])
            spelled = _spellings(qa.q)
            if _supported(qa, [], local) or (spelled and re.search(
                    r"(?<![\d.,])" + re.escape(spelled[0]) + r"(?![\d])", hit.fact.quote)) or _set_as_flag(ctx, qa, spelled):
                hit = None  # or the passage writes the figure after all, in a form the extractor read otherwise
            elif _listed_with_others(ctx, qa):
                hit = None
            elif one_unnumbered(qa.q) and not any(
                    o is not qa and not o.negated and any(same_value(o.q, x.q) for x in hit.fact.statement.quantities)
                    for o in ctx.claim.quantities):
                # "on a single L4 … 53s against 57s": one GPU named without a digit is weighed only against a
                # passage that holds another of the sentence's figures, not any row with a count of GPUs
                hit = None
        ctx.claim_memo[key] = hit
    return ctx.claim_memo[key]


def _listed_with_others(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """Whether one passage gives the figure together with two more of the sentence's own: "对应 1.5、3.0、6.0、12.0
    kbps" retells the list `[1.5, 3.0, 6.0, 12.0]`, whatever a code comment says of one setting ("# 6 kbps")."""
    others = [x.q for x in ctx.claim.quantities if x is not qa and not x.negated and not x.q.is_range]
    if len(others) < 2:
        return False
    for fact in ctx.facts:
        theirs = [x.q for x in fact.statement.quantities]
        if any(same_value(qa.q, t) for t in theirs) and sum(any(same_value(o, t) for t in theirs) for o in others) >= 2:
            return True
    return False


def _bound_differs(told, given) -> bool:
    """Whether two figures of which one or both are bounds can both hold, or not: a bound against a bound
    of the same side with another value ("不超过 1 亿" / "未超过3亿"); an exact figure outside a bound ("40 多款"
    where the source counts 25; "不到 10 个" against 25; "25 tools" against "40+ tools"). "12 多款" is no
    contradiction of 25, nor "25" of "20+", nor bounds of opposite sides of each other. A source's "up to
    3.39x" is the best it saw, which a lower exact figure told of the same thing differs from. Two exact
    figures differ (their nearness is ``labelled_elsewhere``'s to weigh)."""
    if told.bound and given.bound:
        return told.bound == given.bound
    if told.bound:
        return told.high > given.high if told.bound == "lower" else told.high < given.high
    return given.bound != "lower" or told.high < given.high


def _told_as_change(ctx: ClaimContext, qa: QuantityAt) -> bool:
    """A ratio, or a figure with a word of change or gain beside it ("cut by around 50%", "快了约 50%"): one the
    writer may have computed from the draft's own figures. "GPU loading of around 50%" is a level, which a
    48.6 % drop between two of the section's timings does not give."""
    if qa.q.unit == "x":
        return True
    near = ctx.claim.text[max(0, qa.q.start - 30):qa.q.end + 20]
    lexicon = load_lexicon()
    return bool(lexicon.direction.find(near) or lexicon.gain.find(near))


def _set_as_flag(ctx: ClaimContext, qa: QuantityAt, spelled: list[str]) -> bool:
    """"with batch size 32" where a cited command line says "--batch_size=32": the words before the figure,
    joined as a setting's name, set to it in some cited passage."""
    named = re.findall(r"[A-Za-z]+", ctx.claim.text[max(0, qa.q.start - 30):qa.q.start])[-2:]
    if not spelled or not named:
        return False
    setting = compile_pattern(r"(?<![A-Za-z])" + r"[\s_-]?".join(map(re.escape, named)) + r"\s*(?:=|:|of)?\s*"
                              + re.escape(spelled[0]) + r"(?![\d.])", re.IGNORECASE)
    return any(setting.search(f.quote) for f in ctx.facts)


def figure_differs(ctx: ClaimContext) -> list[Finding]:
    """A figure the cited source gives otherwise, in nearly the same words: "GSM8K accuracy
    stayed at 0.667" where the PR reports GSM8K at 0.953. The source speaks to the same thing
    and differs, so this holds in a project's own text too."""
    if not ctx.facts:
        return []
    out = []
    for qa in ctx.claim.quantities:
        if qa.role == "before" and _removed_in_diff(ctx, qa.q):
            continue  # "tiny from ~32x to ~10x": a diff's removed line gives the old figure
        hit = _given_otherwise(ctx, qa)
        if hit is None:
            continue
        ours, theirs = qa.q.high, hit.qa.q.high
        # a result told larger than it is overstates; a setting or count told otherwise is unsupported
        more = is_result(qa.q) and (ours > theirs) == bigger_is_more(qa.q.unit)
        told, given = qa.q.raw, hit.qa.q.raw
        out.append(ctx.finding("overstatement" if more else "unsupported", "warning",
                               f"The cited source gives {given} here, not {told}.",
                               [hit.fact], "figure-differs", suggestion=given))
    return out


_HAS_DIGIT = compile_pattern(r"\d")


def _removed_in_diff(ctx: ClaimContext, q) -> bool:
    """Whether a removed line of a diff in the cited documents ("-|  tiny  | … |      ~32x      |") carries the figure."""
    spelled = _spellings(q)
    return bool(spelled) and re.search(rf"(?<![\d.]){re.escape(spelled[0])}(?![\d]|\.\d)", _removed_lines(ctx)) is not None


_HUNK = compile_pattern(r"^@@ ", re.MULTILINE)


def _removed_lines(ctx: ClaimContext) -> str:
    """The lines the section's cited diffs remove, joined: read once per section. Only a document with a hunk
    header is a diff (a Markdown list item starts with "-" too)."""
    if "removed_lines" not in ctx.section_memo:
        ctx.section_memo["removed_lines"] = "\n".join(
            line for d in ctx.docs if _HUNK.search(d.text) for line in d.text.splitlines()
            if line.startswith("-") and not line.startswith("---"))
    return ctx.section_memo["removed_lines"]


def _wordy(text: str) -> frozenset[str]:
    """A sentence's words and character pairs without its numbers (``gist``)."""
    return frozenset(w for w in gist(text) if not _HAS_DIGIT.search(w))


def _category_of_terms(claim: str, passage: str, category: str) -> str:
    """A figure of a license's terms ("月活不超过 1 亿" against the license's "未超过3亿") mislabels the
    license: when both the claim and the passage speak of licensing, the finding is the license's."""
    words = load_lexicon().license_words
    return "license" if words.find(claim) and words.find(passage) else category


def retold_figure_differs(ctx: ClaimContext) -> list[Finding]:
    """"MII currently supports over 26,000 models across three popular model architectures" where the
    README's sentence is the same but for "over 13,000 models": a source sentence the claim retells
    nearly word for word (each holds most of the other's words, numbers aside) gives another figure
    in the one place where the two differ. Counts and bounds too, which ``figure_differs`` leaves
    alone; only where no cited source gives the claim's figure, and one figure differs on each side."""
    if not ctx.facts or ctx.sentence.block == "heading":
        return []
    own = [qa for qa in ctx.claim.quantities if not qa.negated and _HAS_DIGIT.search(qa.q.raw)]
    if not own:
        return []
    mine = _wordy(ctx.claim.text)
    if len(mine) < 5:
        return []
    for fact, sentence, _, _ in source_sentences(ctx):
        theirs = _wordy(sentence)
        shared = mine & theirs
        if len(shared) < 5 or len(shared) < 0.4 * len(theirs) or len(shared) < 0.7 * len(mine):
            continue
        figures = [x for x in sentence_figures(fact, sentence) if _HAS_DIGIT.search(x.q.raw)]
        told = [qa for qa in own if not any(same_value(qa.q, x.q, bare_ok=True) for x in figures)]
        given = [x for x in figures if not any(same_value(qa.q, x.q, bare_ok=True) for qa in own)]
        if len(told) != 1 or len(given) != 1 or dimension(told[0].q.unit) != dimension(given[0].q.unit):
            continue
        qa, x = told[0], given[0]
        if matches(qa.q, ctx.facts, bare_ok=True) or _excused(ctx, qa) or not _bound_differs(qa.q, x.q):
            continue  # ("more than 20 AI coding tools" where the source counts 25)
        if x.q.is_range and qa.q.high in (x.q.low, x.q.high):
            continue  # "50 步" of "40-50步": an end of the range, ``range_top``'s to weigh
        more = is_result(qa.q) and (qa.q.high > x.q.high) == bigger_is_more(qa.q.unit)
        return [ctx.finding(_category_of_terms(ctx.claim.text, sentence, "overstatement" if more else "unsupported"), "warning",
                            f"The cited source says this in nearly the same words with {x.q.raw}, not {qa.q.raw}.",
                            [sentence_evidence(fact, sentence)], "retold-figure-differs", suggestion=x.q.raw)]
    return []

def number_unsupported(ctx: ClaimContext) -> list[Finding]:
    if not ctx.facts:
        return []
    missing = []
    for qa in ctx.claim.quantities:
        if qa.negated or not is_result(qa.q) or (qa.q.is_range and MODEL_SIZE.search(qa.q.raw)):
            continue  # "7—8B 模型": a range of model sizes, not of bytes (a single "405B" is _named_size's)
        if _unbacked(ctx, qa) and _given_otherwise(ctx, qa) is None and not written_bare(qa, ctx.facts):
            missing.append(qa.q.raw)  # figure_differs reports the other
    return _not_given(ctx, missing)


# a figure the sentence says it computes: "按这组数字粗算", "折算下来", "that works out to", "back of the envelope"
_WORKED_OUT = compile_pattern(r"粗算|估算|推算|换算|折算|算下来|算起来|算一下|\b(?:works? out (?:to|at)|by (?:my|our|that|this|the same) "
                              r"arithmetic|back[- ]of[- ]the[- ]envelope|a rough calculation|roughly calculated|divided by)\b",
                              re.IGNORECASE)


def _quotient_of_given(ctx: ClaimContext, raw: str) -> bool:
    """Whether a figure of the sentence (by its text) is one figure the sources give divided by a count they give
    beside it, within rounding: 54 s per image from "约 1200 张图像要花约 18 小时" (the sentence's own or the ones
    before it, where the sources back them). A worked-out figure whose arithmetic does not hold stays unsupported."""
    qa = next((x for x in ctx.claim.quantities if x.q.raw == raw), None)
    if qa is None or not qa.q.unit:
        return False
    told = base_values(qa.q)[1]
    given = [x for st in [ctx.claim, *ctx.earlier[-3:]] for (x, _), _ in _given(ctx, st)]
    counts = [x.q.high for x in given if not x.q.unit and x.q.high >= 2]
    measures = [base_values(x.q)[1] for x in given if x.q.unit and dimension(x.q.unit) == dimension(qa.q.unit)]
    return any(abs(m / n - told) <= 0.06 * told for m in measures for n in counts)


def _not_given(ctx: ClaimContext, missing: list[str]) -> list[Finding]:
    """The finding for figures no cited source gives: a warning, or ``info`` where the text
    reports its own measurement."""
    if not missing:
        return []
    titles = [f for f in ctx.facts if f.kind == "title"][:2]
    listed = ", ".join(f"“{m}”" for m in missing)
    if ctx.names_others():  # "#1360 的约 88 tok/s" where #1360 is no document the section could read
        return [ctx.finding("unsupported", "info",
                            f"Could not confirm {listed}: the sentence names a PR or issue that no cited source is.",
                            titles, "named-source-unread")]
    if first_party(ctx):
        return [ctx.finding("unsupported", "info",
                            f"Could not confirm {listed}: the text reports it as its own measurement, "
                            "and no cited source carries it.", titles, "first-party-unconfirmed")]
    if _WORKED_OUT.search(ctx.claim.text) and all(_quotient_of_given(ctx, m) for m in missing):
        # "按这组数字粗算，…约需 54 秒" after "约 1200 张图像要花约 18 小时": the writer's division, said to be so
        return [ctx.finding("unsupported", "info",
                            f"Could not confirm {listed}: the sentence works it out itself, and no cited source "
                            "carries it.", titles, "worked-out-unconfirmed")]
    return [ctx.finding("unsupported", "warning", f"No cited source gives {listed}.", titles,
                        "number-unsupported")]


_DIGITS = compile_pattern(r"\d")


def fraction_disagrees(ctx: ClaimContext) -> list[Finding]:
    """A change told in words that the sentence's own figures contradict: "decode 从 34
    tokens/s 降到约 17 tokens/s，只剩原来的三分之一" (34 to 17 is a half). The words are
    read against a from->to pair that opens right after them ("halved from 222.65 to 111.33"), or else the
    nearest one before them."""
    pairs = ctx.claim.changes()
    # "PR 作者报告，…从 16 秒降到 10 秒。也就是说，这一步的耗时缩短了约六成。": a sentence that restates the one
    # before it, with no figures of its own to change, reads that one's
    before_pairs = ctx.earlier[-1].changes() if not pairs and ctx.earlier and _RESTATES.match(ctx.claim.text) else []
    out = []
    for qa in ctx.claim.quantities:
        q = qa.q
        if q.unit != "%" or _DIGITS.search(q.raw) or qa.negated:
            continue  # only a fraction in words ("一半", "a third")
        usable = [(a, b) for a, b in pairs or before_pairs if not a.q.is_range and not b.q.is_range
                  and a.q.unit == b.q.unit and a.q.high > 0 and b.q.high > 0]
        if pairs:
            # "attention halved from 222.65 to 111.33": a pair that opens right after the words is theirs
            after = [(a, b) for a, b in usable if 0 <= a.q.start - q.end <= 12]
            before = [(a, b) for a, b in usable if b.q.end <= q.start]
        else:  # the last pair of the sentence it restates
            after, before = [], usable[-1:]
        if not after and not before:
            continue
        a, b = after[0] if after else before[-1]
        big, small = max(a.q.high, b.q.high), min(a.q.high, b.q.high)
        # a change of half is read either way ("halved" / "doubled"); a third or a quarter one way; a cut the
        # sentence tells as a cut ("耗时缩短了约六成") only of the figure before it (16 to 10 s is 37.5%, not 60%)
        told = {(big - small) / big * 100, (big - small) / small * 100}
        if b.q.high < a.q.high and _CUT.search(ctx.claim.text) and not _RISE.search(ctx.claim.text):
            told = {(big - small) / big * 100}
        if any(abs(t - q.high) <= max(5.0, 0.12 * q.high) for t in told):
            continue
        words_, start, end = q.raw, a.q.raw, b.q.raw
        nearest = min(told, key=lambda t: abs(t - q.high))
        change = f"{nearest:.0f}"
        # a gain told bigger than the figures give overstates it, as ratio_disagrees reads a multiple
        category = "overstatement" if q.high > nearest and _improves(ctx, a, b) else "unsupported"
        evidence = [h.fact for h in matches(b.q, ctx.facts, bare_ok=False)][:1]
        if not pairs:
            out.append(ctx.finding(
                category, "warning",
                f"“{words_}” does not fit the figures of the sentence before: {start} to {end} is a change of {change}%.",
                evidence, "fraction-disagrees"))
            continue
        out.append(ctx.finding(
            category, "warning",
            f"“{words_}” does not fit the sentence's own figures: {start} to {end} is a change of {change}%.",
            evidence, "fraction-disagrees"))
    return out


_CUT = compile_pattern(r"缩短|缩减|减少|降低|下降|少了|省下|节省|\b(?:cut|cuts|reduced|reduces|fell|falls|dropped|drops|"
                       r"decreased|shrank|shorter|less|saves?|saved)\b", re.IGNORECASE)
_RISE = compile_pattern(r"提升|提高|增加|增长|加快|快了|\b(?:faster|rose|rises|increased|improved|speed-?up|gains?)\b",
                        re.IGNORECASE)
# a sentence that says again what the one before said: "也就是说", "换句话说", "In other words", "That is,"
_RESTATES = compile_pattern(r"\s*(?:也就是说|换句话说|换言之|这意味着|即|(?i:in other words|that is|that means|i\.e\.))[，,：:\s]")


def _improves(ctx: ClaimContext, a: QuantityAt, b: QuantityAt) -> bool:
    """Whether a change from a to b is a gain: a rate up, a time down; for bare figures, as
    the sentence names what they measure ("耗时减少")."""
    if a.q.unit:
        return (b.q.high > a.q.high) == bigger_is_more(a.q.unit)
    sides = axis_sides(ctx.claim.text, 0, len(ctx.claim.text)).get("measure", set())
    if len(sides) != 1:
        return False
    return (b.q.high > a.q.high) == (sides == {"throughput"})


def _own_multiple(ctx: ClaimContext, qa: QuantityAt) -> tuple[QuantityAt, QuantityAt, float] | None:
    """For a multiple ("三倍多", "about 3.5x"), the two figures of one measure right before
    it in the sentence that it compares, and their ratio."""
    q = qa.q
    if qa.negated or q.unit != "x" or q.is_range or q.bound == "upper" or q.high <= 1:
        return None
    qs = [o for o in ctx.claim.quantities if not o.negated]
    i = next(k for k, o in enumerate(qs) if o is qa)
    before = [o for o in qs[:i] if o.q.unit != "x"]
    after = [o for o in qs[i + 1:] if o.q.unit != "x"]
    if len(before) >= 2:  # "from 55.72 to 152.10 t/s, about 2.8x"
        a, b = before[-2], before[-1]
    elif before and after:  # "324.175 s, about 3.5x TurboMind's 140.528 s"
        a, b = before[-1], after[0]
    else:
        return None
    lo, hi = sorted((qs.index(a), qs.index(b)))
    # times and rates only: a glued "12B" of a model name may read as bytes beside "16GB"
    if (dimension(a.q.unit) not in ("time", "rate") or a.q.is_range or b.q.is_range or a.q.high <= 0 or b.q.high <= 0
            or dimension(a.q.unit) != dimension(b.q.unit)
            or any(o.q.unit == "x" and o is not qa for o in qs[lo:max(hi, i) + 1])):
        return None
    va, vb = base_values(a.q)[1], base_values(b.q)[1]
    return a, b, max(va, vb) / min(va, vb)


_EXAMPLE = compile_pattern(r"\bfor example\b|\bfor instance\b|\be\.g\.|\bsuch as\b|例如|比如|譬如|举例", re.IGNORECASE)
# a contrast between the percentage and the change: each is of its own measure
_CONTRASTED = compile_pattern(r"\b(?:while|whilst|whereas)\b|[，,；;]\s*(?:而|则)", re.IGNORECASE)
_CHANGE_VERB = compile_pattern(r"\b(?:rose|risen|rises|grew|grown|increased|improved|fell|fallen|dropped|decreased|went|"
                               r"declined|climbed|jumped|shrank|cut|reduced|moved)\b|提升|提高|增加|增长|下降|降低|减少|降|升",
                               re.IGNORECASE)


def _same_value_of(qa, value: float) -> bool:
    """Whether a quantity (or an end of its range) has the value."""
    return any(abs(v - value) <= 1e-9 * max(1.0, abs(value)) for v in (qa.q.low, qa.q.high))


# a part that turns to another measure before its figure: "…, and mean latency 7.4% worse", "，平均延迟上升 7.4%"
_PART_START = compile_pattern(r"[,;，；]")
_MEASURE_WORDS = compile_pattern(r"[A-Za-z\u4e00-\u9fff]{2,}")


def _names_other_measure(text: str, at: int) -> bool:
    """Whether the part of the sentence that holds a figure names a measure of its own before it."""
    starts = [m.end() for m in _PART_START.finditer(text, 0, at)]
    part = text[starts[-1]:at] if starts else ""
    return len(_MEASURE_WORDS.findall(re.sub(r"\b(?:and|while|but|with)\b", "", part))) >= 1


def change_percent_disagrees(ctx: ClaimContext) -> list[Finding]:
    """"Throughput rose by 25%, from 1,216.7 to 1,219.7 requests per second": a percentage of change
    that the sentence's own before and after contradict (+0.25%). Read against the before and
    against the after, with room for the rounding the sentence uses."""
    pairs = [(a, b) for a, b in ctx.claim.changes() if a.q.unit == b.q.unit and not a.q.is_range and not b.q.is_range
             and a.q.unit not in ("%", "x", "pp") and a.q.high > 0 and b.q.high > 0 and a.q.high != b.q.high]
    # "from 1,216.7 to 1,219.7" read as one range: after "from", its ends are the before and the after
    spans = [(qa.q.low, qa.q.high, qa.q.raw.replace(" to ", " → ")) for qa in ctx.claim.quantities
             if qa.q.is_range and qa.q.unit not in ("%", "x", "pp") and qa.q.low > 0
             and FROM_BEFORE.search(ctx.claim.text, max(0, qa.q.start - 8), qa.q.start)
             # a change told as one ("rose by 25%, from …"), not a sweep of settings ("batch sizes from 16 to 64")
             and _CHANGE_VERB.search(ctx.claim.text, max(0, qa.q.start - 40), qa.q.start)]
    ends = [(a.q.high, b.q.high, f"{a.q.raw} → {b.q.raw}") for a, b in pairs] + spans
    if len(ends) != 1:
        return []  # none, or several changes: which one the percentage is of needs reading
    before, after, told = ends[0]
    text = ctx.claim.text
    out = []
    for qa in ctx.claim.quantities:
        q = qa.q
        if qa.negated or q.unit != "%" or q.is_range or qa.role or q.bound:
            continue
        said = abs(q.high)
        first_end = told.split(" → ")[0]
        at = text.find(first_end)
        lo, hi = sorted((q.start, at if at >= 0 else q.start))
        if _EXAMPLE.search(text, lo, hi):
            continue  # "a 10% overall speedup, for example 95 to 108 tokens/s": one case of a wider figure
        if _CONTRASTED.search(text, lo, hi):
            continue  # "the 11.8% is the tokens/s figure, while the 10.9 → 5.9 ms drop is per layer": set apart
        if any(matches(q, [f], bare_ok=False) and any(_same_value_of(x, after) for x in f.statement.quantities)
               for f in ctx.facts):
            continue  # the source itself puts that percentage beside those figures: the sentence retells it
        if matches(q, ctx.facts, bare_ok=False, strict=True) and _names_other_measure(text, q.start):
            continue  # "…from 6.15 ms to 7.00 ms, 13.8% worse, and mean latency 7.4% worse": another row's, as the source gives it
        readings = [abs(after - before) / before * 100, abs(after - before) / after * 100]
        slack = 0.15 if q.approx else 0.06
        if any(abs(said - r) <= max(slack * r, 0.5 if said >= 1 else 0.05) for r in readings):
            continue
        if said < 1 and any(abs(said - r / 100) <= 0.02 for r in readings):
            continue  # "0.25" written as a fraction
        worked = f"{readings[0]:.3g}%"
        out.append(ctx.finding(
            "overstatement" if said > readings[0] else "unsupported", "warning",
            f"“{q.raw}” does not fit the sentence's own figures: {told} is a change of {worked}.",
            [h.fact for qb in ctx.claim.quantities if qb is not qa for h in matches(qb.q, ctx.facts, bare_ok=True)][:1],
            "change-percent-disagrees",
            suggestion=worked))
    return out


def ratio_disagrees(ctx: ClaimContext) -> list[Finding]:
    """A multiple the sentence's own two figures contradict: "PyTorch 引擎用了 324.175 秒，
    是 TurboMind 140.528 秒的三倍多" (2.3x). "提升 2.3 倍" may count the gain or the whole,
    so either reading clears it."""
    out = []
    for qa in ctx.claim.quantities:
        own = _own_multiple(ctx, qa)
        if own is None:
            continue
        a, b, ratio = own
        q = qa.q
        if matches(q, ctx.facts, bare_ok=False, strict=True):
            continue  # "处理 51.59 秒、总时间 53.39 秒，相对不批处理提速 3.29 倍": the source's own multiple, of another pair
        slack = 0.12 if q.approx or q.bound else 0.08
        if q.bound == "lower" and ratio >= q.high * (1 - slack / 2):
            continue
        if any(abs(r - q.high) <= slack * q.high + 0.05 for r in (ratio, ratio - 1)):
            continue
        apart, told, first, second = f"{ratio:.2f}", q.raw, a.q.raw, b.q.raw
        out.append(ctx.finding(
            "overstatement" if q.high > ratio else "unsupported", "warning",
            f"“{told}” does not fit the sentence's own figures: {first} and {second} are {apart}x apart.",
            [h.fact for h in matches(b.q, ctx.facts, bare_ok=False)][:1], "ratio-disagrees",
            suggestion=apart.rstrip("0").rstrip(".") + "x"))
    return out


_NEXT_WORD = compile_pattern(r"[ \t]?([A-Za-z]{2,})\b")


def _said_by(comment: Comment, end) -> bool:
    """A comment dated by the window's end (an undated one counts)."""
    day = comment.day()
    return end is None or day is None or day <= end


def _opened_after(doc: SourceDocument, end) -> bool:
    """Whether a thread was opened after a day (the window's end)."""
    created = doc.dates.as_dates().get("created")
    return end is not None and created is not None and created > end


def _reported_speech(text: str) -> bool:
    """A maintainer or reviewer who speaks in the sentence: the speaker, then within a few
    characters of the same clause a verb of saying ("维护者在关闭时确认", "a maintainer later noted"); not
    one the sentence says is missing ("存档的文本里没有维护者的回复", "no maintainer has replied")."""
    hits = load_lexicon().reply_cue.find(text)
    return any(a.key == "speaker" and b.key == "speech" and 0 <= b.start - a.end <= 12
               and not any(ch in text[a.end:b.start] for ch in "，,；;。.")
               and not _NO_REPLY.search(text, max(0, a.start - 8), b.end)
               for a in hits for b in hits)


def _reply_denied(text: str) -> bool:
    """Every word of replying in the sentence is denied right before it ("没有维护者的回复", "no one replied")."""
    lexicon = load_lexicon()
    hits = [h for h in lexicon.modality.find(text) if h.key == "reply"] + \
        [h for h in lexicon.reply_cue.find(text) if h.key == "speech"]
    return bool(hits) and all(any(not re.search(r"[，,；;。.]", text[m.end():h.start])
                                  for m in _NO_REPLY.finditer(text, max(0, h.start - 24), h.start)) for h in hits)


_NO_REPLY = compile_pattern(r"没有|尚无|暂无|还没有|未见|\b(?:no|not|never|nobody|yet to)\b", re.IGNORECASE)


# a login as written: lower case, or with a digit, "_" or "-" (a capitalised word may be a company's name)
_AS_WRITTEN = r"((?-i:[a-z][a-z0-9_-]{2,38}|[A-Za-z][A-Za-z]*[0-9_-][A-Za-z0-9_-]*))"
# the person a reply is put on, by login: "Maintainer pierDipi replied", "The author, ajrasane,
# replied", "维护者 helloyongyang 回复"
_NAMED_SPEAKER = compile_pattern(
    r"(?:maintainer|reviewer|author|维护者|作者|评审者|审阅者)\s*(?:[,，]\s*@?([A-Za-z][A-Za-z0-9_-]{2,38})\s*[,，]"
    r"|@?([A-Za-z][A-Za-z0-9_-]{2,38})(?=\s*(?:later\s+|次日|当天|随后)?(?:replied|responded|answered|回复|回应|答复|回答)))"
    # "mmathew23 在该 PR 下回复", "zhangsan 随后在评论中答复": where the reply was, between name and verb
    r"|@?([A-Za-z][A-Za-z0-9_-]{2,38})(?=\s*(?:次日|当天|随后|也|还)?\s*(?:在|于)[^，,。；;]{0,16}?"
    r"(?:回复|回应|答复|回答|(?:评论|审查|评审|讨论)中(?:也|还)?(?:解释|表示|指出|说明|写道|确认|称|提出|提到)))"
    r"|@?([A-Za-z][A-Za-z0-9_-]{2,38})\s*[,，]?\s*(?:later\s+)?(?:replied|responded|answered)"
    # "ekzhu confirmed in that thread": a login as written (lower case, or with a digit, _ or -), then a verb of
    # saying; a capitalised word ("Tencent confirmed") may be a company
    r"|(?<![\w@-])@?" + _AS_WRITTEN + r"\s+(?:later\s+)?"
    r"(?:confirmed|explained|noted|wrote|said|commented)\b"
    # "评审中，kacperlukawski 建议…", "In review, jdoe suggested …": the review names where the words were said
    r"|(?:评审|审查|审阅)中[，,]?\s*@?" + _AS_WRITTEN + r"\s*(?:也|还)?"
    r"(?:建议|提议|指出|表示|提到|认为|要求)"
    r"|\bin (?:the |a )?review,?\s+@?" + _AS_WRITTEN + r"\s+"
    r"(?:suggested|asked|proposed|pointed out|noted)\b"
    # "leejet 当天回复 Green-Sky": a login as written, then a Chinese verb of replying
    r"|(?<![\w@-])@?" + _AS_WRITTEN + r"\s*(?:次日|当天|随后|后来|很快)?"
    r"(?:回复|回应|答复|回答)"
    # "maintainer Max Bain asked to keep …": a role, a person's name, then a verb of saying in the thread
    r"|(?:maintainer|reviewer|维护者|评审者|审阅者)\s+@?((?-i:(?:[A-Z][a-z]+\s){0,2}[A-Z][a-z]+)|[A-Za-z][A-Za-z0-9_-]{2,38})"
    r"\s*(?:later\s+|随后|也|还)?(?:asked|suggested|replied|responded|requested|objected|pointed out|建议|要求|表示|指出|提出)",
    re.IGNORECASE)
_NOT_LOGINS = frozenset({"the", "also", "later", "then", "has", "had", "who", "that", "and", "but", "which", "they", "he",
                         "she", "it", "this", "someone", "nobody", "one", "has", "have", "was", "also", "in", "on",
                         "later", "quickly", "finally", "once", "never", "not", "pr", "issue", "thread", "maintainers",
                         "maintainer", "reviewer", "reviewers", "author", "authors", "team", "bot", "user", "users",
                         "contributor", "contributors", "asked", "nvidia", "google", "meta", "microsoft", "upstream",
                         # roles, not logins: "The reporter replied", "the OP answered"
                         "reporter", "requester", "submitter", "poster", "op", "opener", "asker", "filer", "creator",
                         "owner", "owners", "developer", "developers", "dev", "devs", "engineer", "engineers", "staff",
                         "member", "members", "commenter", "commenters", "person", "everyone", "somebody",
                         # a passive verb: "Unknown tool names are answered with a message"
                         "are", "is", "were", "be", "been", "being", "get", "gets", "got"})


def _named_reviewer(text: str) -> bool:
    """A person named by where they spoke or as replying ("维护者 X 在审查中也提出了…", "X replied"), not a bare
    "X wrote", nor "the author, X, explains" (a PR's author explains in its description)."""
    return any(who and who.casefold() not in _NOT_LOGINS
               for m in _NAMED_SPEAKER.finditer(text) for who in m.group(2, 3, 4, 6, 7, 8, 9))


# a thread named as the place of what was said: "在 #2 里答复", "#2 下回复", "replied in #2", "on PR #7"
_LOCATED_REF = compile_pattern(r"(?:在|于)\s*(?:issue|PR|讨论|帖子)?\s*#\d+|#\d+\s*(?:里|中|下|内|上)"
                               r"|\b(?:in|on|under)\s+(?:the\s+)?(?:issue|PR|pull request|thread)?\s*#\d+", re.IGNORECASE)


def _named_replier_absent(ctx: ClaimContext, threads: list[SourceDocument],
                          cited: list[SourceDocument]) -> list[Finding]:
    """A reply put on a person by name where the cited thread's comments, each with its
    author, hold none by that person; nor does any other thread the section cites ("Desmond0804
    replied, … linking his own PR, #252": the reply is in the section's issue, not in #252)."""
    comments = [c for doc in threads for c in doc.comments]
    if not comments or any(not c.author for c in comments):
        return []
    if not _LOCATED_REF.search(ctx.claim.text):  # "在 #2 里答复", "replied in #2": the sentence says where
        comments += [c for doc in cited if doc not in threads for c in doc.comments if c.author]
    dated = ctx.dated_in_window()
    if dated:  # "本周 X 回复": a reply this week is one of this week's comments, not X's of last year
        comments = [c for c in comments if c.day() is None or ctx.window.start <= c.day() <= ctx.window.end]
    # (not a day that dates the thread's opening: "#3798 同样在 3 月 5 日提出，维护者 vladmandic 次日回复")
    opened = {m.clause for m in ctx.claim.of("event", affirmed=True) if m.key == "created"}
    days = {d.date for d in ctx.claim.dates if d.date and d.precision == "day"
            and next((i for i, c in enumerate(ctx.claim.clauses) if c.start <= d.start < c.end), None) not in opened}
    if days and any(c.day() in days for c in comments):
        # "qgallouedec 在 3 月 31 日的评论中解释": the comment of that day, not one of another
        comments = [c for c in comments if c.day() is None or c.day() in days]
    authors = {c.author.casefold().lstrip("@") for c in comments}
    for m in _NAMED_SPEAKER.finditer(ctx.claim.text):
        who = next(g for g in m.groups() if g)
        name = who.casefold()
        if name in _NOT_LOGINS or name in authors or " " in name:
            continue  # (a person's full name, "Max Bain", is no login to look for: "m-bain" may be theirs)
        if len(name) >= 4 and any(name in author for author in authors):
            continue  # a surname inside a login: "Alex Cheema replied" where AlexCheema wrote
        if any(re.search(rf"^\W{{0,4}}{re.escape(name)}(?:\*\*|\s*\(|\s*:)", c.text or "", re.IGNORECASE | re.MULTILINE)
               for c in comments):
            continue  # "**name** (author): …": the comment names its writer at the head of it, or of a reply in its thread
        return [ctx.finding("unsupported", "warning",
                            f"The sentence puts a reply on {who}; the cited thread holds no comment by them.",
                            [Evidence.of_field(doc, "comments") for doc in threads[:2]], "replier-not-in-thread")]
    return []


# words that look like logins but name a precision, a GPU or a version ("int8", "fp16", "H100", "v2")
_TECH_TOKEN = compile_pattern(r"(?:[uU]?[iI][nN][tT]|[fF][pP]|[bB][fF]|[qQ]|[nN][fF]|(?:mx|MX|nv|NV)[fF][pP])\d+\w*"
                              r"|[A-Z]{1,3}\d{2,4}[A-Z]?|v\d+[\w.]*|\d+\w*")


_CODE_SPAN = compile_pattern(r"`([^`\n]{6,60})`")


def quote_put_on_other(ctx: ClaimContext) -> list[Finding]:
    """"yxf0314 审阅后给出 LGTM" where the thread's "LGTM" is thxCode's comment: words of a comment,
    quoted or the whole of a short one, put on another login in the same clause. Only logins that
    look like logins (a digit, or a capital after the first letter) or that the thread knows."""
    threads = [d for d in ctx.referenced() if d.kind in THREADS] or [d for d in ctx.docs if d.kind in THREADS]
    comments = [c for d in threads for c in d.comments if c.author and c.text]
    if not comments:
        return []
    text = ctx.claim.text
    folded = text.casefold()
    known = {c.author.casefold().lstrip("@") for c in comments}
    spans: list[tuple[int, list[Comment]]] = []
    for c in comments:  # a short comment quoted whole ("LGTM", "Thanks, merged")
        body = c.text.strip().rstrip(".!。！").strip()
        if 2 <= len(body) <= 40 and (at := folded.find(body.casefold())) >= 0:
            spans.append((at, [o for o in comments if o.text.strip().rstrip(".!。！").strip().casefold() == body.casefold()]))
    for m in QUOTED.finditer(text):  # a quoted phrase that one comment holds
        holders = [c for c in comments if m.group(1).casefold() in c.text.casefold()]
        if holders:
            spans.append((m.start(1), holders))
    bodies = " ".join(d.text for d in threads).casefold()
    code: set[int] = set()  # a code name says less than a quote: only a login the thread knows is put on
    for m in _CODE_SPAN.finditer(text):  # "explained that a `MarlinWeightsQBitsTensor` class was needed": a name
        name = m.group(1).casefold()  # only comments give, not the thread's own text
        holders = [c for c in comments if name in c.text.casefold()]
        if holders and name not in bodies:
            code.add(m.start(1))
            spans.append((m.start(1), holders))
    quoted = [(m.start(), m.end()) for m in (*QUOTED.finditer(text), *_CODE_SPAN.finditer(text))]

    def logins_in(lo: int, hi: int) -> set[str]:
        # login-like words outside the quotes: "not sure if int8 really works" names no one
        return {m.group(1).casefold() for m in LOGIN.finditer(text, lo, hi)
                if not any(a <= m.start() < b for a, b in quoted) and m.group(1).casefold() not in _NOT_LOGINS
                and not _TECH_TOKEN.fullmatch(m.group(1))
                and (m.group(1).casefold() in known or (re.search(r"\d|[a-z][A-Z]", m.group(1))
                                                        # "TorchServe": a name the thread itself writes is the project's
                                                        and not re.search(rf"(?<![\w@/-]){re.escape(m.group(1).casefold())}(?![\w-])", bodies)))}
    for at, holders in spans:
        clause = next((c for c in ctx.claim.clauses if c.start <= at < c.end), None)
        lo, hi = (clause.start, clause.end) if clause else (0, len(text))
        logins = logins_in(lo, hi)
        if at in code:
            logins &= known
        authors = {c.author.casefold().lstrip("@") for c in holders}
        if logins and not logins & authors:
            who = sorted(logins)[0]
            return [ctx.finding("unsupported", "warning",
                                f"The sentence puts these words on {who}; in the cited thread they are "
                                f"{holders[0].author}'s comment.", [Evidence.of_field(threads[0], "comments")],
                                "quote-put-on-other")]
    return []


def speech_put_on_other(ctx: ClaimContext) -> list[Finding]:
    """"it was ParthSareen who asked in review whether there was a way to unit test it" where the thread's
    "Is there a way to unit test this?" is jmorganca's comment: what the sentence says one participant of
    the cited thread asked, proposed or said (``speakers.attributions``), in words that a comment by
    another participant carries, and that nothing the named one wrote carries as well. A description
    whose writer the document does not give may be anyone's: where it carries the words as well,
    nothing is said."""
    for said in attributions(ctx):
        if len(said.content) < MIN_SAID:
            continue
        who = said.name.casefold()
        scored = said.scores()
        own = max((n for n, s in scored if s.who == who), default=0)
        unknown = max((n for n, s in scored if s.who is None), default=0)
        best = max(((n, s) for n, s in scored if s.who and s.who != who), default=None, key=lambda x: x[0])
        if best is None or best[0] < MIN_SAID or best[0] < 2 * max(own, unknown, 1):
            continue
        other = best[1]
        return [ctx.finding("unsupported", "warning",
                            f"The sentence puts these words on {said.name}; in the cited thread they are "
                            f"{other.login}'s, and nothing {said.name} wrote there carries them.",
                            [Evidence(url=other.doc.url, quote=opening(other.written))], "speech-put-on-other")]
    return []


# a token of what a reply is said to have given: a name with a letter and a digit ("L20", "v0.5.2", "H100")
_GIVEN_TOKEN = compile_pattern(r"(?<![\w.-])(?=[\w.-]*\d)(?=[\w.-]*[A-Za-z])[A-Za-z0-9][\w.-]*[A-Za-z0-9](?![\w-])")
_YES = compile_pattern(r"^\W*(?:yes|yeah|yep|correct|right|exactly|indeed|是的|对的?|没错|是)(?:\W|$)", re.IGNORECASE)


def _answered(reply, said) -> str | None:
    """What an affirmative reply answers: the other participant's words it shares two or more of its own with
    ("Yeah, it refers to real-time streaming" answers the streaming question, not the GPU one). None where
    that cannot be told (a bare "yes", a reply that shares words with nothing): it may answer anything."""
    others = [s for s in said if s.who != reply.who]
    if not others:
        return None
    best = max(others, key=lambda q: len(q.words & reply.words))
    return best.written if len(best.words & reply.words) >= 2 else None


def reply_content_absent(ctx: ClaimContext) -> list[Finding]:
    """"对这个问题，yuekaizhang 在评论里确认是 L20" where yuekaizhang's only comment says "Yeah, it refers to
    real-time streaming": what the sentence says a participant of the cited thread replied or confirmed names
    a thing with a digit ("L20") that the thread speaks of (someone else asked "is L20 or V100?"), and
    nothing the participant wrote there carries it, nor answers with a bare "yes"."""
    for said in attributions(ctx):
        who = said.name.casefold()
        own = [s for s in said.said if s.who == who]
        if not own:
            continue
        # what follows the name is what they are said to have given ("他当时提到 … DeepSeek v2 …，tianyu-l 另有 …"
        # puts nothing on tianyu-l)
        written = {m.group(0).casefold(): m.group(0) for m in _GIVEN_TOKEN.finditer(said.text, said.at)}
        # a "yes" answers the question it shares most words with ("Yes, it could be slower" to "Is v1 slower?")
        answered = [_answered(s, said.said) for s in own if _YES.match(s.written.strip())]
        if None in answered:
            continue
        written = {t: w for t, w in written.items() if not any(t in q.casefold() for q in answered)}
        # about this thread: someone in it writes the token; and not in anything the named one wrote, nor in a
        # description whose writer the document does not give (it may be theirs)
        tokens = [t for t in written if t != who and any(t in s.written.casefold() for s in said.said)
                  and not any(t in s.written.casefold() for s in said.said if s.who == who or s.who is None)]
        if not tokens:
            continue
        token = written[tokens[0]]
        return [ctx.finding("unsupported", "warning",
                            f"The sentence has {said.name} give “{token}”; nothing {said.name} wrote in the cited "
                            "thread carries it.", [Evidence(url=own[0].doc.url, quote=opening(own[0].written))],
                            "reply-content-absent")]
    return []


def reply_not_in_thread(ctx: ClaimContext) -> list[Finding]:
    """A reply the sentence reports from a cited thread that holds no comment, or none by
    the window's end: "维护者在该帖中确认 …", "lvhan028 replied that a fix is planned" where
    the issue's comments are empty. What a reply said is the thread's to carry; one that
    has none cannot have said it."""
    speech = _reported_speech(ctx.claim.text)
    if not ctx.docs or not (load_lexicon().modality.says(ctx.claim.text, "reply") or speech
                            or _named_reviewer(ctx.claim.text)):
        return []
    if _reply_denied(ctx.claim.text):
        return []  # "存档的文本里没有维护者的回复", "No maintainer has replied": the sentence says there is none
    # the thread the sentence names, or else any thread its section cites: when none of
    # them holds a comment, it does not matter which one the reply is said to be in
    threads = cited = [d for d in ctx.docs if d.kind in THREADS]
    # "speaches 的维护者在回复中确认": the threads of the repository the sentence names
    by_repo = [d for d in threads if d.repo and re.search(rf"(?<![\w-]){re.escape(d.repo.split('/')[-1])}(?![\w-])",
                                                          ctx.claim.text, re.IGNORECASE)]
    # (a sentence that names no thread goes on about the one its paragraph last named: "A user asked on April 2
    # (#1834) …. A maintainer replied that …". A person the sentence names is looked for there only when that
    # thread holds comments to look in; else by name in every thread of the section, below: "In review, X noted"
    # where the review is not in the source)
    before = [d for d in ctx.named_before() if d.kind in THREADS]
    if not (speech or any(d.comments for d in before)):
        before = []
    threads = [d for d in ctx.referenced() if d.kind in THREADS] or (before if len(before) == 1 else []) or by_repo \
        or threads
    if not threads:
        return []
    # a thread whose text carries its own conversation ("Vaibhavs10 · review · 2024-08-08\nNice! very
    # comprehensive"): the words the sentence quotes stand in it, so the reply is there
    if any(m.group(1).casefold() in d.text.casefold() for m in QUOTED.finditer(ctx.claim.text)
           for d in threads if len(m.group(1).split()) >= 2):
        return []
    end = ctx.window.end if ctx.window else None
    # "In a review thread on October 29, just after this window, jgerh asked …": the day the sentence gives
    # (or the sentences just before it: "4 月 10 日有评论者追问 …" … "同一位评论者还问 …，作者回复 …")
    later = [d.date for st in [ctx.claim, *ctx.earlier[-2:]] for d in st.dates
             if d.date and d.precision == "day" and end and d.date > end]
    if later:
        end = max(later)
    # (a thread opened after the window ends is not bounded by it: the draft tells of it as it stands)
    if any(_said_by(c, None if _opened_after(doc, end) else end) for doc in threads for c in doc.comments):
        return _named_replier_absent(ctx, threads, cited)
    return [ctx.finding("unsupported", "warning",
                        "The sentence reports a reply in the cited thread, which holds no comment by the end of this "
                        "issue's window." if any(doc.comments for doc in threads) else
                        "The sentence reports a reply in the cited thread, which holds no comment.",
                        [Evidence.of_field(doc, "comments") for doc in threads[:2]], "reply-not-in-thread")]


_YEARISH = range(1900, 2101)


def _spellings(q) -> list[str]:
    """How a source may write the number: "5302", "5,302", "3.1" (not the digits of a name: "single A100")."""
    m = re.search(r"(?<![A-Za-z])\d[\d,]*(?:\.\d+)?", q.raw)
    if not m:
        return []
    plain = m.group(0).replace(",", "")
    whole, _, decimals = plain.partition(".")
    out = [plain]
    if len(whole) > 3:
        grouped = f"{int(whole):,}" + (f".{decimals}" if decimals else "")
        # "47 392", as SI style and many tables group thousands
        out += [grouped, *(grouped.replace(",", sep) for sep in (" ", "\u00a0", "\u202f"))]
    return out


_FAMILY_BEFORE = compile_pattern(r"(?<![\w-])([A-Z][A-Za-z]*)[ \t]+$")


def _model_version(text: str, q) -> bool:
    """A bare version after a model family's name, written apart: "Llama 3.1 70B", "Qwen 2.5" (a model's
    name, which a hub writes "llama-3_1"), not a count."""
    if q.unit or "." not in q.raw:
        return False
    m = _FAMILY_BEFORE.search(text, max(0, q.start - 24), q.start)
    return m is not None and m.group(1).casefold() in load_lexicon().model_families


def count_unsupported(ctx: ClaimContext) -> list[Finding]:
    """A count, size or score that no cited source writes, in a sentence whose other
    figures the source gives: "总参数 158B，激活参数 5.1B" where the model card says 117B
    and 5.1B; "Codeforces 从 2046 升到 5302" beside a table of 2046 and 2121.

    Results (times, rates, shares) are ``number_unsupported``'s; this reads the rest,
    only where the number is distinctive (three significant digits, or a decimal) and the
    sentence is anchored in the source by a figure of its own."""
    if not ctx.facts:
        return []
    raw = _raw(ctx)
    spelled = {id(qa): _spellings(qa.q) for qa in ctx.claim.quantities}
    # "10.848" is written "10.848000" in a benchmark log, "4256" may be "4256.0"
    present = [qa for qa in ctx.claim.quantities if not qa.negated and any(
        re.search(r"(?<![\d.,])" + re.escape(sp) + (r"0*" if "." in sp else r"(?:\.0+)?") + r"(?![\d])", raw)
        for sp in spelled[id(qa)]) or matches(qa.q, ctx.facts, bare_ok=True)]  # or rounded: 101.920001 as 101.92
    # anchored: a figure of the sentence, not a year, stands in the source
    anchors = [p for p in present if spelled[id(p)] and not (p.q.unit == "" and p.q.high in _YEARISH)]
    missing = []
    for qa in ctx.claim.quantities:
        q = qa.q
        if qa.negated or is_result(q) or q.is_range or not spelled[id(qa)] or qa in present or q.approx:
            continue  # "about 132 per GPU": a figure the writer worked out, said as approximate
        if _told_before(ctx, q):
            continue  # a recap of an earlier section's figure, checked there
        if _model_version(ctx.claim.text, q):
            continue
        digits = spelled[id(qa)][0]
        if not distinctive(q) or ("." not in digits and not q.unit and int(digits) in _YEARISH):
            continue
        if any(p is not qa for p in anchors) and _given_otherwise(ctx, qa) is None and not _own_gap(ctx, q):
            missing.append(q.raw)
    return _not_given(ctx, missing)


def _own_gap(ctx: ClaimContext, q) -> bool:
    """"低 1.6 分（77.1 对 78.7）": a bare figure that is the gap between two scores the sentence (or one
    before it) gives and the source backs: the writer's subtraction, in points."""
    return q.unit == "" and any(kind == "pp" and abs(value - q.high) <= 0.051 for value, kind, _ in own_changes(ctx))


def first_party(ctx: ClaimContext) -> bool:
    """The writer reports a measurement of their own ("we measured", "我们实测"), in this
    sentence or earlier in its paragraph, or the whole draft is a project's own news
    (``Voice``), and the sentence does not put it in a cited source's mouth."""
    if ctx.claim.of("attributed"):
        return False
    if ctx.claim.of("first_party") or ctx.voice.first_party:
        return True
    before = ctx.paragraph[: next((i for i, st in enumerate(ctx.paragraph) if st.text == ctx.claim.text),
                                  len(ctx.paragraph))]
    return any(st.of("first_party") for st in before)


def known_versions(docs: list[SourceDocument]) -> set[str]:
    """The versions the documents mention (``same_version_key``), in titles, URLs, text and comments."""
    known: set[str] = set()
    for doc in docs:
        for text in [doc.url, doc.title or "", doc.text, *(c.text for c in doc.comments)]:
            known |= {same_version_key(v.version) for v in extract_versions(text)}
            # and any dotted number at all, file names included (deep_gemm-2.1.0%2B5949.whl)
            known |= {same_version_key(m) for m in _DOTTED.findall(unquote(text))}
        known |= {same_version_key(m) for m in _TAG_IN_URL.findall(doc.url)}
    return known


def names_version(known: set[str], want: str) -> bool:
    """Whether a version (key) is among the known ones: "v0.9" names the series of a source's 0.9.3;
    "v0.9.3" is not named by a source's v0.9.0."""
    return want in known or any(k.startswith(want + ".") for k in known)


def _glued_in_identifier(ctx: ClaimContext, version: str) -> bool:
    """"v2.1" where the source's script is "convert_dataset_v21_to_v30": a version of two or more parts written
    without its dots after a "v" inside a name of code."""
    digits = version.lstrip("vV").replace(".", "")
    if "." not in version or len(digits) < 2 or not digits.isdigit():
        return False
    return re.search(rf"[A-Za-z0-9]_v{digits}(?![0-9])|(?<![A-Za-z0-9])v{digits}_[A-Za-z0-9]", _raw(ctx)) is not None


def version_unsupported(ctx: ClaimContext) -> list[Finding]:
    """A version the cited sources never mention (in titles, URLs or text)."""
    if not ctx.docs or not ctx.claim.versions:
        return []
    known = known_versions(ctx.docs)
    out = []
    for v in ctx.claim.versions:
        want = same_version_key(v.version)
        if names_version(known, want) or _glued_in_identifier(ctx, v.version):
            continue
        if any(c.negates(v.start, v.end) for c in ctx.claim.clauses if c.start <= v.start < c.end):
            continue
        titles = [f for f in ctx.facts if f.kind == "title"][:2]
        if want in ctx.versions_before:  # another section gives it, and its sources carry it
            out.append(ctx.finding("unsupported", "info",
                                   f"Version {v.raw} is named in another section (checked there); this "
                                   "section's sources do not mention it.", titles, "version-told-before"))
            continue
        if first_party(ctx):
            out.append(ctx.finding("unsupported", "info",
                                   f"Could not confirm version {v.raw}: the text announces it itself, and no "
                                   "cited source mentions it.", titles, "first-party-unconfirmed"))
            continue
        out.append(ctx.finding("unsupported", "warning", f"No cited source mentions version {v.raw}.",
                               titles, "version-unsupported"))
    return out


# a version glued to the name of what it versions: "Python 3.10", "依赖Python3.12", "GLIBC_2.39";
# not an open range ("3.10+", "3.9-3.12", "3.10 or later")
# The name is capitalised ("Python 3.10", "GLIBC_2.39") or glued to its version ("torch2.5"); a
# figure with a unit after it is no version ("against 210.1 TFLOP/s").
_NAMED_VERSION = compile_pattern(
    r"(?<![A-Za-z0-9_.])(?:(?P<name>[A-Z][A-Za-z+]{1,15})[ _-]?|(?P<glued>[a-z][a-z+]{1,15}))v?(?P<ver>\d+\.\d+(?:\.\d+)*)"
    r"(?![\w+]|\.\d|\s*(?:[-–~至到]|to\s|or\s(?:later|newer|above|higher)|and\s(?:above|later)|及以上|以上|或更高"
    r"|%|x\b|[A-Za-z]*/s\b|ms\b|s\b|[KMGT]i?B\b|TFLOPS?\b|tok))")
_NOT_A_NAME = frozenset({"v", "ver", "version", "versions", "release", "from", "to", "and", "or", "vs", "over", "than",
                         "of", "by", "at", "on", "in", "is", "was", "the", "an", "up", "about", "top", "x", "rc"})


def _named_versions(text: str) -> list[tuple[str, str, re.Match[str]]]:
    return [((m.group("name") or m.group("glued")).casefold(), same_version_key(m.group("ver")), m)
            for m in _NAMED_VERSION.finditer(text) if (m.group("name") or m.group("glued")).casefold() not in _NOT_A_NAME]


def named_version_differs(ctx: ClaimContext) -> list[Finding]:
    """A version of a named thing that the cited sources give otherwise: "环境要求为 Python
    3.10" where the source says "依赖Python3.12". Only where a source names the same thing
    with a version, never with the claim's."""
    if not ctx.docs:
        return []
    given = _given_by_name(ctx, "named_versions", _named_versions, lambda m: m.group(0))
    families = load_lexicon().model_families
    for name, ver, m in _named_versions(ctx.claim.text):
        theirs = given.get(name)
        # one version the sources give the thing; a model family ("Qwen 1.5", "InternVL2.5") has many
        # (the claim's own version, or its series: "Ubuntu 22.04" names the source's "Ubuntu 22.04.5")
        if not theirs or len(theirs) != 1 or names_version(set(theirs), ver) or name in families:
            continue
        if any(c.negates(m.start(), m.end()) for c in ctx.claim.clauses if c.start <= m.start() < c.end):
            continue
        if _line_names_version(ctx, name, m.group("ver")):
            continue  # "test on python/pytorch versions up to 3.12 and 2.4.1": a line that names both gives it
        if name in _doc_projects(ctx) and names_version(_dated_versions(ctx), ver):
            continue  # "Stanza 1.10.0" where the project's own release table lists "| 1.10.0 | 2024-12-22 |"
        doc, written = next(iter(theirs.values()))
        told = m.group(0)
        return [ctx.finding("unsupported", "warning", f"The cited source gives {written}, not {told}.",
                            [Evidence(url=doc.url, quote=written)] if written in doc.text else
                            [f for f in ctx.facts if f.url == doc.url][:1], "named-version-differs")]
    return []


# a lowest version a thing needs: "python `>=3.10`", "Python 3.11 及以上", "CUDA 12.3 or above", "torch>=2.4", "Node 20+"
_FLOOR = compile_pattern(
    r"(?<![\w.])(?P<name>[A-Za-z][A-Za-z+.]{1,15}?)[\s`'\"]*(?:(?:>=|≥|=>)\s*v?(?P<ver>\d+(?:\.\d+)+)"
    r"|v?(?P<ver2>\d+(?:\.\d+)+)(?:\+(?!\w|\.\w)|\s*(?:or|and)\s+(?:later|newer|above|higher)\b|\s*(?:及以上|或以上|或更高|以上)))")
_FLOOR_ALIASES = {"pytorch": "torch", "nodejs": "node", "node.js": "node", "py": "python"}


def _floors(text: str) -> list[tuple[str, str, re.Match[str]]]:
    out = []
    for m in _FLOOR.finditer(text):
        name = m.group("name").casefold().rstrip(".")
        if name in _NOT_A_NAME or name in ("requires", "require", "needs", "need", "version", "at", "least"):
            continue
        out.append((_FLOOR_ALIASES.get(name, name), same_version_key(m.group("ver") or m.group("ver2")), m))
    return out


def _unquoted(m: re.Match[str]) -> str:
    """A match as words, its quotes and code marks set aside ("python `>=3.10`" → "python >=3.10")."""
    return " ".join(re.sub(r"[`'\"]", " ", m.group(0)).split())


def _given_by_name(ctx: ClaimContext, key: str, reader, shown) -> dict[str, dict[str, tuple]]:
    """The versions the section's documents (titles, texts, comments) give each named thing, as ``reader`` finds
    them: {name: {version key: (document, as written)}}, read once per section."""
    if key not in ctx.section_memo:
        given: dict[str, dict[str, tuple]] = {}
        for doc in ctx.docs:
            for text in [doc.title or "", doc.text, *(c.text for c in doc.comments)]:
                for name, ver, m in reader(text):
                    given.setdefault(name, {}).setdefault(ver, (doc, shown(m)))
        ctx.section_memo[key] = given
    return ctx.section_memo[key]


def requirement_floor_differs(ctx: ClaimContext) -> list[Finding]:
    """"Chainlit 要求 Python 3.11 及以上" where the changelog says "Chainlit now requires python `>=3.10`": the lowest
    version of a named thing that the sentence gives, where the cited sources give that thing's lowest version
    otherwise and never the sentence's."""
    if not ctx.docs:
        return []
    given = _given_by_name(ctx, "floors", _floors, _unquoted)
    families = load_lexicon().model_families
    for name, ver, m in _floors(ctx.claim.text):
        theirs = given.get(name)
        if not theirs or ver in theirs or len(theirs) != 1 or name in families:
            continue  # none given, the sentence's among them, or several (which is whose needs reading)
        if any(c.negates(m.start(), m.end()) for c in ctx.claim.clauses if c.start <= m.start() < c.end):
            continue
        doc, written = next(iter(theirs.values()))
        told = _unquoted(m)
        given_ver = next(iter(theirs))
        quote = next((f for f in ctx.facts if f.url == doc.url and given_ver in {v for _, v, _ in _floors(f.quote)}), None)
        return [ctx.finding("unsupported", "warning", f"The cited source gives {written}, not {told}.",
                            [quote] if quote else [f for f in ctx.facts if f.url == doc.url][:1],
                            "requirement-floor-differs")]
    return []


def _dated_versions(ctx: ClaimContext) -> set[str]:
    """The versions the cited documents list as releases, each with its day (a changelog's or a release table's
    entries): a version a page only looks ahead to ("Prepare for 1.0 release") is none of them. Read once per section."""
    if "dated_versions" not in ctx.section_memo:
        rows = {same_version_key(m.group(1)) for doc in ctx.docs for m in _RELEASE_ROW.finditer(doc.text)}
        ctx.section_memo["dated_versions"] = rows | {key for doc in ctx.docs for key in version_days(doc)}
    return ctx.section_memo["dated_versions"]


# a release table's row: "| 1.10.0 | 2024-12-22 | Rebuild with UD 2.15 |"
_RELEASE_ROW = compile_pattern(r"^\s*\|\s*v?(\d+(?:\.\d+)+)\s*\|\s*\d{4}-\d{2}-\d{2}\s*\|", re.MULTILINE)


def _doc_projects(ctx: ClaimContext) -> set[str]:
    """The folded names of the cited documents' projects, read once per section."""
    if "doc_projects" not in ctx.section_memo:
        ctx.section_memo["doc_projects"] = {name for d in ctx.docs if (name := project_name(d))}
    return ctx.section_memo["doc_projects"]


def _line_names_version(ctx: ClaimContext, name: str, version: str) -> bool:
    """Whether a line of the cited documents names the thing and carries the version, however it joins them."""
    number = re.compile(rf"(?<![\d.]){re.escape(version.lstrip('vV'))}(?![\d]|\.\d)")
    return any(name in line.casefold() and number.search(line) for doc in ctx.docs
               for text in [doc.text, *(c.text for c in doc.comments)] for line in text.splitlines())


_MD_ESCAPE = compile_pattern(r"\\+([_*`\[\]()#+.!<>-])")


def _raw(ctx: ClaimContext) -> str:
    """Every word of the cited documents, case-folded, computed once per section."""
    if "raw" not in ctx.section_memo:
        text = " ".join(f"{d.title or ''} {d.url} {d.text} {' '.join(c.text for c in d.comments)}" for d in ctx.docs)
        # Markdown escapes are no part of a word: "Q5\\_0" is Q5_0
        ctx.section_memo["raw"] = _MD_ESCAPE.sub(r"\1", text).casefold()
    return ctx.section_memo["raw"]


_FOLD = compile_pattern(r"[\s_\-./·]+")
# a model or product name: letters and digits joined ("Qwen3-14B", "GPT-OSS-20B", "Phi-4", "DeepSeek-R1")
MODEL_NAME = compile_pattern(r"(?<![\w.-])(?=[\w.-]*[A-Za-z])(?=[\w.-]*\d)[A-Za-z][\w]*(?:[-.][\w]+)+(?![\w-])")


_SIZE_PART = compile_pattern(r"(?:a?\d+(?:\.\d+)?[bmk]|\d+x\d+(?:\.\d+)?b)", re.IGNORECASE)


def is_model_name(name: str) -> bool:
    """A model's name: a known family's letters first ("Qwen2.5-7B", "DeepSeek-R1", "Phi-4"),
    or a part that is a glued size ("gpt-oss-120b", "Mixtral-8x22B", "-A22B")."""
    parts = re.split(r"[-_.]", name)
    family = re.match(r"[A-Za-z]+", parts[0])
    return (family is not None and family.group(0).casefold() in load_lexicon().model_families
            or any(_SIZE_PART.fullmatch(p) for p in parts[1:]))


def _seen(ctx: ClaimContext, *spellings: str) -> bool:
    """Whether a cited document writes one of the spellings as a word of its own,
    separators free ("Qwen3-14B" = "qwen3 14b"), not inside a longer one ("H200" in "GH200"),
    a device count glued before it allowed ("4xSM120")."""
    raw = _raw(ctx)
    for sp in spellings:
        parts = [p for p in _FOLD.split(sp.casefold()) if p]
        if not parts or sum(map(len, parts)) < 2:
            continue
        # "4xSM120": a count glued before the name
        if re.search(r"(?:(?<![a-z0-9])|(?<=\dx))" + r"[\s_\-./·]*".join(map(re.escape, parts)) + r"(?![a-z0-9])", raw):
            return True
        # "sm75/80/86/…/121": a list whose later members drop the prefix the first one carries
        m = re.fullmatch(r"([a-z]+)[\s_]?(\d+)", sp.casefold())
        if m and any(m.group(2) in lst.group(1).split("/")[1:] for lst in
                     re.finditer(rf"(?<![a-z0-9]){re.escape(m.group(1))}[\s_]?(\d+(?:/\d+)+)(?![\d/])", raw)):
            return True
    return False


def _seen_glued(ctx: ClaimContext, name: str, end: int) -> bool:
    """"SD3.5 medium" where the source writes "sd3.5medium": the name and the word after it in the
    sentence, written as one."""
    glued = _NEXT_WORD.match(ctx.claim.text, end)
    return glued is not None and _seen(ctx, name + glued.group(1))

def _parts_seen(ctx: ClaimContext, name: str) -> bool:
    """Whether the sources write each part of a model's name on its own: "Qwen3" and "0.6B
    decode" name Qwen3-0.6B."""
    parts = [p for p in re.split(r"[-_]", name) if p]
    return len(parts) >= 2 and all(_seen(ctx, p) for p in parts)


# the sentence reports what a cited source says: "the user adds that …", "作者补充说 …"
_TOLD_BY_SOURCE = compile_pattern(
    r"\b(?:adds?|added|says?|said|notes?|noted|reports?|reported|writes?|wrote|explains?|explained|mentions?"
    r"|mentioned|states?|stated|confirms?|confirmed|claims?|claimed)\s+that\b|补充说|补充道|写道|报告说|指出|提到"
    # "The PR summary says the estimates are based on …", "README 写明 …"
    r"|\b(?:PR|pull request|issue|thread|summary|description|release notes?|notes|README|changelog|model card|docs?)"
    r"\s+(?:(?:summary|description|text|body)\s+)?(?:also\s+)?(?:says|states|reports|notes|writes|claims|lists|documents"
    r"|describes|mentions)\b"
    r"|(?:PR|issue|README|说明|描述|摘要|文档|发布说明)\s*(?:中|里)?\s*(?:还|也)?\s*(?:写明|写道|称|说|指出|提到|列出|记录了)"
    # "随后作者在 CPU 和 Apple Metal 上直接用 audio.cpp 推理": what the thread's author did is the thread's to carry
    r"|作者(?:随后|还|也)?在|\bthe (?:PR's |issue's )?author (?:ran|tested|validated|verified|measured|benchmarked)\b",
    re.IGNORECASE)


def _platform_told_otherwise(ctx: ClaimContext, m) -> bool:
    """"running Windows 11" beside the "Core Ultra 7 165H" of a PR whose environment lists "OS: Ubuntu 22.04":
    a cited document that carries another of the sentence's conditions (its hardware, its precision, one of
    its distinctive figures) names a platform of the same family (an OS, a back end) and never this one.
    The document speaks to where it ran, and says otherwise."""
    lexicon = load_lexicon()
    family = lexicon.platform_family.get(m.key)
    if family is None or m.negated or _seen(ctx, m.text, m.key) or not lexicon.modality.says(ctx.claim.text, "measured"):
        return False  # ("Windows users can try the same setup" says nothing of where the source ran)
    shared = {(x.kind, x.key) for x in ctx.claim.mentions if x.kind in ("hardware", "precision") and not x.negated}
    figures = [qa for qa in ctx.claim.quantities if distinctive(qa.q) and not qa.negated]
    for doc in ctx.docs:
        facts = ctx.facts_of(doc)
        keys = {(x.kind, x.key) for f in facts for x in f.statement.mentions if not x.negated}
        if not any(kind == "platform" and key != m.key and lexicon.platform_family.get(key) == family
                   for kind, key in keys):
            continue
        if shared & keys or any(matches(qa.q, facts, bare_ok=False) for qa in figures):
            return True
    return False


def _card_number_seen(ctx: ClaimContext, m) -> bool:
    """"RTX 3060" where the README writes "Nvidia 3060 laptop": a card's model number after its maker's or
    line's name in a cited source."""
    number = re.search(r"\d{3,4}", m.text) if m.kind == "hardware" else None
    if number is None:
        return False
    # (as users type the maker's name, too: "Nvida 5090"), or the number alone as a GPU's value or beside the card's
    # memory: "GPU: 4090 24GB"
    n = number.group(0)
    return re.search(rf"\b(?:nvidia|nvida|nvdia|nividia|geforce|rtx|gtx|amd|radeon|rx)\s*{n}(?!\d)"
                     rf"|(?:\bgpus?|显卡|GPU 型号)\s*[:：=]\s*{n}(?!\d)|(?<![\d.]){n}\s*\d{{2,3}}\s*G(?:i?B)?\b",
                     _raw(ctx), re.IGNORECASE) is not None


def condition_unseen(ctx: ClaimContext) -> list[Finding]:
    """A measurement condition or a model name that no cited source mentions, in a
    sentence the sources otherwise carry: "~500 TFLOPS on RTX 3090" where the source
    gives ~500 TFLOPS on GH200, or "fine-tunes GPT-OSS-20B, Qwen2.5-7B and Phi-4"
    where the source lists GPT-OSS-20B, Qwen3-14B and Phi-4. The source speaks to the
    same measurement or list and names something else.

    Only where the sentence is anchored in the source: one of its result figures is
    the source's, or it lists names of which the source carries at least one other.
    A condition with no anchor ("H100 users can try it") is left alone."""
    if not ctx.docs or load_lexicon().modality.says(ctx.claim.text, "advice"):
        return []  # "GLM-5.3-Flash 与 Qwen3.8 用户：先用 … 核对": advice names no measurement
    if ctx.names_others():
        return []  # "论文报告八张 B200 …" where the paper is no document the section could read
    anchored = any(matches(qa.q, ctx.facts, bare_ok=False) for qa in ctx.claim.quantities
                   if is_result(qa.q) and not qa.negated)
    # "All three columns were measured on the same H100" where the cited table was measured on a
    # GB10: the sentence says where the source measured, and the source names other hardware
    # A source with measurements of its own and no hardware named is anchor enough too: where
    # its figures were measured is the source's to say ("The numbers were measured on an Apple M2")
    measured_on = [f for f in ctx.facts if f.statement.of("hardware", affirmed=True)
                   or any(is_result(x.q) for x in f.statement.quantities)
                   or sum(distinctive(x.q) for x in f.statement.quantities) >= 2]  # "31.765 (v0.2.79) vs 31.754"
    if not anchored and measured_on and not first_party(ctx) and load_lexicon().modality.says(ctx.claim.text, "measured"):
        anchored = True
    # "The user adds that the failure is limited to Windows machines with AMD GPUs": what the sentence
    # puts in a cited source's mouth is the source's to carry, a platform as much as a GPU
    told = not first_party(ctx) and _TOLD_BY_SOURCE.search(ctx.claim.text) is not None
    # "Xinference #2877 让 FP32 的 DeepSeek-R1 可以在两台 worker 上运行": what the sentence says a thread it
    # names by number does is that thread's to carry
    by_number = any(d.kind in THREADS for d in ctx.referenced()) and THREAD_REF.search(ctx.claim.text) is not None
    anchored = anchored or told or by_number
    arch = load_lexicon().hardware_arch
    # a source that names the architecture ("SM90", "Hopper") names the parts built on it; a
    # sibling part does not ("GH200" is not "H100")
    archs = {m.key for f in ctx.facts for m in f.statement.of("hardware") if arch.get(m.key) == m.key}
    unseen: list[str] = []
    otherwise = [m for m in ctx.claim.mentions if m.kind == "platform" and not told and _platform_told_otherwise(ctx, m)]
    anchored = anchored or bool(otherwise)
    conditions = [m for m in ctx.claim.mentions if m.kind in ("hardware", "precision") or (told and m.kind == "platform")
                  or m in otherwise]
    # what the sources name, by the lexicon's key: "dtype=torch.float16" names FP16
    named = {(m.kind, m.key) for f in ctx.facts for m in f.statement.mentions}
    for m in conditions:
        # (parallelism is left out: its degrees are spelled too many ways, "Ulysses-2" / "ulysses_degree=2")
        if arch.get(m.key) in archs or (m.kind, m.key) in named or _seen(ctx, m.text, m.key) or _card_number_seen(ctx, m):
            continue
        if _seen_glued(ctx, m.text, m.end):
            continue
        # one list with a condition that a source sentence names, a sentence the claim retells ("an f32 or
        # f16 accumulator" where the PR's own sentence lists "fp8 x fp8, f32 accumulator, rank 2")
        retold_beside = any(o.kind == m.kind and o.key != m.key and o.negated == m.negated
                            and _listed(ctx.claim.text, m, o) and _retold(ctx, o) for o in conditions)
        # a denied name counts only so: "Apple M4 and M5 Macs no longer SIGSEGV" widens the list the
        # source gives whatever the sentence denies
        if m.negated and not retold_beside:
            continue
        unseen.append(m.text)
        if retold_beside:
            anchored = True
    # a project's own news lists its own models; only a figure anchors it to a source
    names = [] if first_party(ctx) else [n for n in MODEL_NAME.finditer(ctx.claim.text)
                                         if not _VERSIONISH.fullmatch(n.group(0))
                                         and not _FILE_SUFFIX.match(ctx.claim.text, n.end())
                                         and not _FILE_SUFFIX.search(n.group(0))]
    seen = [_seen(ctx, n.group(0)) or _parts_seen(ctx, n.group(0)) or _seen_glued(ctx, n.group(0), n.end()) for n in names]
    for i, n in enumerate(names):
        # a name in one list with names the source carries ("GPT-OSS-20B, Qwen2.5-7B and Phi-4")
        if seen[i] or _covered(n.group(0), unseen):
            continue
        neighbours = [j for j in (i - 1, i + 1) if 0 <= j < len(names) and seen[j]
                      and _LIST_GAP.fullmatch(ctx.claim.text[min(n.end(), names[j].end()):max(n.start(), names[j].start())])]
        if neighbours:
            anchored = True
        # alone, only what is plainly a model: "ZeRO-3", "top-6" are settings a writer may spell otherwise
        if neighbours or anchored and is_model_name(n.group(0)):
            unseen.append(n.group(0))
    if not anchored or not unseen:
        return []
    if any(p.clause is not None for p in ctx.claim.of("proposal")):
        return []
    listed_text = ", ".join(f"“{u}”" for u in dict.fromkeys(unseen))
    return [ctx.finding("unsupported", "warning",
                        f"The cited sources carry this sentence's figures or names but never mention {listed_text}.",
                        [f for f in ctx.facts if f.kind == "title"][:1], "condition-unseen")]


def _retold(ctx: ClaimContext, mention) -> bool:
    """Whether a source sentence that names the mention is the one the claim retells: most of
    its words stand in the claim."""
    claim = gist(ctx.claim.text)
    for fact, sentence, words_, _ in source_sentences(ctx):
        if not any(m.key == mention.key for m in fact.statement.mentions) or mention.text.casefold() not in sentence.casefold():
            continue
        if len(words_ & claim) >= 4 and len(words_ & claim) >= 0.5 * len(words_):
            return True
        # or the one part of a long sentence that names it: "…, and Apple M5 no longer SIGSEGVs at startup"
        for part in _PART.split(sentence):
            own = gist(part)
            if mention.text.casefold() in part.casefold() and len(own & claim) >= 4 and len(own & claim) >= 0.75 * len(own):
                return True
    return False


_PART = compile_pattern(r"[,，;；:：]\s*")


_LIST_GAP = compile_pattern(r"\s*(?:[,，、/]|and|or|和|与|及|以及|或)\s*(?:and\s+|or\s+)?", re.IGNORECASE)
# a file's name, not a model's: "`qwen2_5_omni.py`", "ggml-cuda.cu"
_FILE_SUFFIX = compile_pattern(r"\.(?:py|pyi|cc|cpp|cu|cuh|h|hpp|c|rs|go|js|ts|md|rst|json|yaml|yml|toml|txt|sh|ipynb)\b")
_VERSIONISH = compile_pattern(r"v?\d+(?:\.\d+)+[\w.-]*", re.IGNORECASE)


def _listed(text: str, a, b) -> bool:
    """Whether two mentions stand next to each other in one list ("M4 and M5", "A770、B580")."""
    return bool(_LIST_GAP.fullmatch(text[min(a.end, b.end):max(a.start, b.start)]))


def _covered(name: str, found: list[str]) -> bool:
    return any(name in f or f in name for f in found)


# a command-line option or an environment variable set to a value: "--router-mode kv",
# "--tp=8", "MC_USE_TENT=1", "TP=16" (a variable only with "=": "Q8_0 的 27B" names a quantisation)
SETTING_VALUE = compile_pattern(r"(?<![\w-])(?:(--[A-Za-z][\w-]*)[ =]|([A-Z][A-Z0-9]*_[A-Z0-9_]+|TP|PP|EP|DP|CP)\s*=\s*)([A-Za-z0-9][A-Za-z0-9./:_-]*)")


# words that follow an option in prose without being its value ("--tp and --pp", "--foo flag")
_NOT_VALUES = frozenset({"and", "or", "to", "for", "with", "flag", "flags", "option", "options", "the", "a", "an", "in",
                         "on", "is", "are", "was", "set", "sets", "as", "at", "by", "of", "from", "when", "if", "then",
                         "so", "that", "which", "now", "also", "only", "argument", "variable", "env"})


def _values(text: str) -> list[tuple[re.Match, str, str]]:
    """(match, option, value) for each option set to a value in ``text``."""
    out = []
    for m in SETTING_VALUE.finditer(text):
        value = m.group(3).rstrip(".:-").casefold()
        if value and value not in _NOT_VALUES:
            out.append((m, m.group(1) or m.group(2), value))
    return out


def _set_values(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for _, option, value in _values(text):
        out.setdefault(option.casefold(), set()).add(value)
    return out


def option_value_differs(ctx: ClaimContext) -> list[Finding]:
    """An option or variable the sentence sets to a value its cited sources never give it, where
    they set it otherwise: "runs with `--router-mode kv`" where the PR's deployment uses
    "--router-mode random"."""
    if not ctx.docs or SETTING_VALUE.search(ctx.claim.text) is None:
        return []
    told = {}
    for m, option, value in _values(ctx.claim.text):
        if any(c.start <= m.start() < c.end and c.negates(m.start(), m.end()) for c in ctx.claim.clauses):
            continue  # "not with --router-mode kv"
        told.setdefault(option.casefold(), (option, value))
    if not told:
        return []
    given: dict[str, set[str]] = {}
    for doc in ctx.docs:
        for text in [doc.text, *(c.text for c in doc.comments)]:
            for key, values in _set_values(text or "").items():
                given.setdefault(key, set()).update(values)
    out = []
    for key, (name, value) in told.items():
        theirs = given.get(key)
        if theirs and value not in theirs:
            values = ", ".join(sorted(theirs))
            out.append(ctx.finding("unsupported", "warning",
                                   f"The cited sources set {name} to {values}, never to {value}.",
                                   [f for f in ctx.facts if f.kind == "title"][:1], "option-value-differs"))
    return out


# a checklist item told as ticked: "its author filed it as a breaking change" against "- [ ] Breaking change"
_TICKED = compile_pattern(r"勾选|勾了|打了勾|打勾|打上勾|标记为|标为|\b(?:ticked|checked off|checked the|marked (?:it |this |the PR )?as"
                          r"|filed (?:it |this |the PR )?as|flagged (?:it |this |the PR )?as|labelled (?:it )?as|labeled (?:it )?as)\b",
                          re.IGNORECASE)
_CHECKBOX = compile_pattern(r"^\s*(?:[-*+]|\d+[.)])\s*\[([ xX])\]\s*(.+?)\s*$", re.MULTILINE)


# a name inside a checklist item: capitals or digits within a word ("Step-Audio-EditX-Int4", "GGUF")
_ITEM_NAME = compile_pattern(r"(?<![\w-])(?=[\w.-]*[A-Z0-9])[A-Za-z][\w.-]*[A-Za-z0-9](?![\w-])")


_NUMBER_NAME = compile_pattern(r"(?<![\d.])\d{3,}(?![\d.])")


def _item_words(text: str) -> frozenset[str]:
    """The words a checklist item and a sentence are matched by: a name's parts and numbers too ("Edit-2511" is
    "Edit 2511" of "Qwen Edit 2511 ComfyUI Workflow", not "… 2509 …"), and the English of Chinese ones."""
    return gist(text) | words(text) | glossed(text) | frozenset(_NUMBER_NAME.findall(text))


def _checklist_item(ctx: ClaimContext, text: str | None = None) -> tuple[bool, str, Evidence] | None:
    """The cited checklist item the sentence speaks of (ticked or not, its text, its line): the one whose
    longest name the sentence writes whole ("Step-Audio-EditX-Int4", not the ticked "Step-Audio-EditX" it
    contains), or else the one sharing most words with it (at least two, and most of the item's); a ticked
    item wins a tie. ``text``: the part of the sentence that speaks of it, where not all of it does."""
    text = ctx.claim.text if text is None else text
    mine = _item_words(text)
    written = {n.group(0).casefold() for n in _ITEM_NAME.finditer(text)}
    best = None
    for doc in ctx.referenced() or ctx.docs:
        for m in _CHECKBOX.finditer(doc.text):
            names = [n.group(0).casefold() for n in _ITEM_NAME.finditer(m.group(2)) if len(n.group(0)) >= 4]
            named = max((len(n) for n in names if n in written), default=0)
            item = _item_words(re.sub(r"[_*`]", " ", m.group(2)))
            shared = len(item & mine)
            if not named and (len(item) < 2 or shared < 2 or shared < 0.6 * len(item)):
                continue
            score = (named, shared)
            if best is None or score > best[0] or (score == best[0] and m.group(1) != " "):
                best = (score, m.group(1) != " ", m.group(2), Evidence(url=doc.url, quote=m.group(0).strip()))
    return best[1:] if best else None


def checklist_unchecked(ctx: ClaimContext) -> list[Finding]:
    """A checklist item the sentence says was ticked where the cited thread leaves its box empty: "its author
    filed it as a breaking change" against "- [ ] Breaking change"; only where the sentence holds most of the
    item's words and no ticked item of the list says as much."""
    if not ctx.docs or not _TICKED.search(ctx.claim.text):
        return []
    if any(c.cues for c in ctx.claim.clauses):
        return []  # "did not tick …"
    # the clauses that tell the ticks: "…、ComfyUI 和微调都已打勾，TensorRT 版本也已…提供" ticks only the first
    ticked = [c for c in ctx.claim.clauses if _TICKED.search(ctx.claim.text, c.start, c.end)]
    best = _checklist_item(ctx, " ".join(ctx.claim.text[c.start:c.end] for c in ticked) or None)
    if best is None or best[0]:
        return []
    return [ctx.finding("unsupported", "warning", f"The cited source's checklist leaves “{best[1]}” unticked.",
                        [best[2]], "checklist-unchecked")]


def planned_item_told_done(ctx: ClaimContext) -> list[Finding]:
    """Something the sentence calls out, released or open-sourced that the cited plan lists unticked: "预量化的
    Step-Audio-EditX-Int4 权重已经在本周上架" against the README's open-source plan "- [ ] Step-Audio-EditX-Int4".
    Not where the sentence speaks of plans or denies anything itself."""
    if not ctx.docs or not any("[ ]" in d.text for d in ctx.docs):
        return []
    done = ctx.claim.of("shipped", affirmed=True) or [
        e for e in ctx.claim.of("event", affirmed=True) if e.key in ("released", "open_sourced", "published")]
    if not done:
        return []
    # the clauses that tell it done: "开源计划里，…都已打勾，TensorRT 版本也已随本周更新一并提供" names the plan and
    # its ticks in clauses of their own
    clauses = [ctx.claim.clauses[i] for i in sorted({m.clause for m in done}) if i < len(ctx.claim.clauses)]
    told = " ".join(ctx.claim.text[c.start:c.end] for c in clauses) or ctx.claim.text
    modality = load_lexicon().modality
    if _TICKED.search(told) or any(c.cues for c in clauses) or any(
            modality.says(told, k) for k in ("plan", "pending", "speculative")) or ctx.claim.of("proposal"):
        return []
    best = _checklist_item(ctx, told)
    if best is None or best[0]:
        return []
    return [ctx.finding("overstatement", "warning", f"The cited source's plan leaves “{best[1]}” unticked.",
                        [best[2]], "planned-item-told-done")]


# a default a sentence gives: "defaults to debug=true", "Set FireRedASR default max_token_per_second to 8",
# "debug 默认值设为 false", "默认值提高到了 10"
_DEFAULT_CUE = compile_pattern(r"\bdefaults?\b|默认", re.IGNORECASE)
_DEFAULT_VALUE = compile_pattern(r"(?<![\w#.\-/])(true|false|on|off|enabled|disabled|开启|关闭|启用|禁用|\d+(?:\.\d+)?)"
                                 r"(?![\w\-/%]|\.\d)", re.IGNORECASE)
# the setting's name: a name of code ("max_token_per_second", "useCache") or the word set with "=" ("debug=true"),
# or the plain word right before the Chinese cue ("debug 默认值")
_CODE_KEY = compile_pattern(r"(?<![\w.-])([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)(?![\w-])"
                            r"|(?<![\w.-])([A-Za-z][\w.]*)\s*=")
_WORD_BEFORE = compile_pattern(r"([A-Za-z][A-Za-z0-9_]{2,})[\s`]*(?:的)?\s*$")
_TRUTH = {"true": "true", "on": "true", "enabled": "true", "开启": "true", "启用": "true",
          "false": "false", "off": "false", "disabled": "false", "关闭": "false", "禁用": "false"}
_STRETCH_END = compile_pattern(r"[，,。；;！？!?\n(（]|\s—\s")
_OPENS_ON_CUE = compile_pattern(r"\s*(?:which|that|and|它|其|且)?\s*(?:now\s+)?", re.IGNORECASE)
# what sets a value: "debug=true", "defaults to 8", "默认值设为 false", "提高到了 10", "default of 8"
_SET_BEFORE = compile_pattern(r"(?:[=:：]|\b(?:to|is|of|as)\b|为|是|到了?|成|至)\s*[`'\"“]?\s*$", re.IGNORECASE)


def _folded_value(value: str) -> str:
    """A setting's value as defaults are compared: a truth value by its sense ("on", "开启" -> "true"), a number
    without trailing zeros ("8.0" -> "8")."""
    value = _TRUTH.get(value.casefold(), value.casefold())
    return f"{float(value):g}" if value.replace(".", "").isdigit() else value


def _defaults(text: str) -> list[tuple[str | None, str, tuple[int, int]]]:
    """The defaults a text gives: (the setting's folded name or None, the value, the span from cue to value); the
    value is the last one within the cue's stretch ("默认值从 6 提高到 10": 10), a number or a truth value."""
    out = []
    for cue in _DEFAULT_CUE.finditer(text):
        end = _STRETCH_END.search(text, cue.end())
        stretch_end = min(end.start() if end else len(text), cue.end() + 48)
        values = [v for v in _DEFAULT_VALUE.finditer(text, cue.end(), stretch_end)
                  if _SET_BEFORE.search(text, max(cue.end(), v.start() - 8), v.start())]
        if not values:
            continue
        value = _folded_value(values[-1].group(1))
        keys = [m.group(1) or m.group(2) for m in _CODE_KEY.finditer(text, cue.end(), values[-1].start())]
        if not keys:  # or before the cue, within its own stretch: "The Timer constructor's debug defaults to …"
            lo = max(0, cue.start() - 40)
            lo = max((m.end() for m in _STRETCH_END.finditer(text, lo, cue.start())), default=lo)
            keys = [m.group(1) or m.group(2) for m in _CODE_KEY.finditer(text, lo, cue.start())]
            if not keys and lo and _OPENS_ON_CUE.fullmatch(text, lo, cue.start()):
                # "a `trust_remote_code` model argument, which defaults to …", "argument (defaults to …)": the stretch
                # opens on the cue, and the setting ends the stretch before it, a noun or two after its name at most
                # (not "frames=2 的首包音频时间为 233 ms，默认 …": a figure between)
                far = max(0, lo - 1 - 60)
                far = max((m.end() for m in _STRETCH_END.finditer(text, far, lo - 1)), default=far)
                before = [m for m in _CODE_KEY.finditer(text, far, lo - 1)]
                if before and re.fullmatch(r"[^\d]{0,24}", text[before[-1].end():lo - 1]):
                    keys = [before[-1].group(1) or before[-1].group(2)]
            if not keys and (w := _WORD_BEFORE.search(text, lo, cue.start())) and cue.group(0) == "默认":
                keys = [w.group(1)]
        out.append((keys[-1].casefold() if keys else None, value, (cue.start(), values[-1].end())))
    return out


# a function's parameters with their defaults: "def web_search(self, queries: Sequence[str], max_results: int = 3)"
_SIGNATURE = compile_pattern(r"\bdef\s+\w+\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
_PARAMETER_DEFAULT = compile_pattern(r"(?:^|,)\s*\*{0,2}([A-Za-z_]\w*)\s*(?::\s*[^=,]+?)?\s*=\s*([\w.-]+)")


def _signature_defaults(text: str) -> list[tuple[str, str]]:
    """The defaults a Python signature in the text gives its parameters, as ``_defaults`` folds them."""
    out = []
    for sig in _SIGNATURE.finditer(text):
        params = re.sub(r"\[[^\[\]]*\]", "", sig.group(1))  # "Sequence[str, int]" holds no parameter's comma
        out += [(m.group(1).casefold(), _folded_value(m.group(2))) for m in _PARAMETER_DEFAULT.finditer(params)]
    return out


def default_value_differs(ctx: ClaimContext) -> list[Finding]:
    """A default the sentence gives a setting where the cited source gives it another: "Timer 构造函数的 debug
    默认值设为 false" where the PR says "The Timer constructor defaults to debug=true"; "#3799 把这个默认值提高到了
    10" where #3799 is "Set FireRedASR default max_token_per_second to 8". A named setting is held to the source
    passages that give that setting's default; an unnamed one only to the one default of a thread the sentence
    names, and only where the source never gives the sentence's value as a default."""
    if not ctx.facts or not _DEFAULT_CUE.search(ctx.claim.text):
        return []
    told = [(k, v, span) for k, v, span in _defaults(ctx.claim.text)  # not "no longer defaults to 8"
            if not any(c.start <= span[0] < c.end and c.negates(*span) for c in ctx.claim.clauses)]
    if not told:
        return []
    named = ctx.referenced()
    if "defaults" not in ctx.section_memo:  # the section's sources, read once for all its claims
        ctx.section_memo["defaults"] = [(k, v, fact) for fact in ctx.facts for k, v, _ in _defaults(fact.statement.text)] + [
            (k, v, fact) for fact in ctx.facts for k, v in _signature_defaults(fact.statement.text)]
    given = ctx.section_memo["defaults"]
    for key, value, _ in told:
        if key is not None:
            theirs = [(v, f) for k, v, f in given if k == key]
        else:
            theirs = [(v, f) for k, v, f in given if named and f.url in {d.url for d in named}]
            if len({v for v, _ in theirs}) != 1:
                continue  # an unnamed setting: only one default of the named thread can be the one meant
        if not theirs or any(v == value for v, _ in theirs):
            continue
        other, fact = theirs[0]
        what = key or "the setting"
        return [ctx.finding("unsupported", "warning",
                            f"The cited source gives {what} a default of {other}, not {value}.", [fact],
                            "default-value-differs", suggestion=other)]
    return []


# a saying that puts the quoted words that follow it on someone ("alexkuzmik approved it with "LGTM, ship it"",
# "He added that "…"", "the notes say "…""); a bare "with" or colon introduces a name as often as a quote
_SAYS_BEFORE = compile_pattern(r"\b(?:says?|said|saying|wrote|writes|replied|replies|answered|answers|responded|approved|"
                               r"commented|comments|notes|noted|states|stated|warns|warned|explains|explained|adds|added|"
                               r"confirmed|confirms|called it|calls it|puts it|put it)\b", re.IGNORECASE)
_CJK = compile_pattern(r"[\u3400-\u9fff]")


def _plain_words(text: str) -> str:
    """Text as words alone: case, quotes' shapes, Markdown emphasis and punctuation set aside."""
    text = re.sub(r"[*_`~]", "", text.casefold().replace("’", "'").replace("‘", "'"))
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def quote_not_in_source(ctx: ClaimContext) -> list[Finding]:
    """"Reviewer alexkuzmik approved it with "LGTM, ship it"" where alexkuzmik's only comment is ":+1:": words the
    sentence quotes, as someone's saying, that no cited document of its section holds, in any case or punctuation.
    English quotes of three words or more only: a Chinese quote may translate its source, an elided one ("…")
    joins parts, and a quoted word or two names a term."""
    if not ctx.docs or ctx.names_others() or first_party(ctx):
        return []
    text = ctx.claim.text
    for m in QUOTED.finditer(text):
        quote = m.group(1)
        words_ = _plain_words(quote)
        if _CJK.search(quote) or "..." in quote or "…" in quote or len(words_.split()) < 3 or quote != quote.strip():
            continue  # (a stretch between two quotes, '"Added" section has … the "', opens on a space)
        if not _SAYS_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue
        if "plain" not in ctx.section_memo:  # every word of the cited documents (``_raw``), as words alone
            ctx.section_memo["plain"] = _plain_words(_raw(ctx))
        if f" {words_} " not in f" {ctx.section_memo['plain']} ":
            return [ctx.finding("unsupported", "warning",
                                f"The sentence quotes “{quote}”; no cited source carries these words.",
                                [f for f in ctx.facts if f.kind == "title"][:2], "quote-not-in-source")]
    return []


CHECKS = [fraction_disagrees, ratio_disagrees, change_percent_disagrees, figure_differs, retold_figure_differs, number_unsupported, count_unsupported, version_unsupported,
          named_version_differs, requirement_floor_differs, condition_unseen, option_value_differs, default_value_differs, checklist_unchecked, planned_item_told_done,
          reply_not_in_thread, quote_put_on_other, speech_put_on_other, reply_content_absent, quote_not_in_source]
