"""Overstatement: the claim says more than the source — a range reported as its
top, a hedge dropped, a number rounded up, conditions widened, a status raised."""
from __future__ import annotations

import re

from ..align import Hit, base_values, compatible, dimension, distinctive, is_result, matches, same_value, value_in, words
from ..facts import Fact
from ..lexicon import load_lexicon
from ..models import Finding
from ..regex_cache import compile_pattern
from .conflation import MODEL_SIZE
from .context import THREAD_REF, ClaimContext, thread_number
from .figures import bigger_is_more, written_bare
from .polarity import SETTING_NAME, gist, sentence_evidence, sentence_figures, source_clauses
from .tables import fold_text, named_in, table_key, table_rows


# results that are measured, and so carry a measurement's hedge; a "24GB card" is a size
_MEASURED = {"time", "rate", "percent", "pp", "ratio"}


def _asserted_results(ctx: ClaimContext):
    return [qa for qa in ctx.claim.quantities if not qa.negated and is_result(qa.q)]


def _said_as_maximum(ctx: ClaimContext, qa) -> bool:
    """The clause itself calls the number a maximum ("1.8 倍是最高值", "peak of 7.7%")."""
    return qa.q.bound == "upper" or any(m.clause == qa.clause for m in ctx.claim.of("upper_bound"))


# a time told as its best case: "as little as 45 s", "最快 45 秒"
_BEST_CASE = compile_pattern(r"\b(?:as (?:little|fast|short) as|at best|best[- ]case|in the best case)\b|最快|最短|最少只"
                             r"|最好的情况", re.IGNORECASE)


def range_top(ctx: ClaimContext) -> list[Finding]:
    out = []
    claim_ranges = [qa.q for qa in ctx.claim.quantities if qa.q.is_range]
    # and a step count: "原始 50 步" where the README gives "原始40-50步"
    steps = [qa for qa in ctx.claim.quantities if not qa.negated and qa.q.unit == "steps"]
    for qa in _asserted_results(ctx) + steps:
        q = qa.q
        if q.is_range or _said_as_maximum(ctx, qa) or any(r.high == q.high for r in claim_ranges):
            continue
        if MODEL_SIZE.search(q.raw):
            continue  # "34B 基座": the size a model is, no result measured over a range ("Yi 1.5-34B" in a table)
        if not bigger_is_more(q.unit) and (q.bound == "lower" or _BEST_CASE.search(ctx.claim.text)):
            continue  # "at least 45 s", "as little as 45 s": a time's bound or best case, said so
        tops, singles = [], []
        for fact in ctx.facts:
            for fq in fact.statement.quantities:
                if not compatible(q.unit, fq.q.unit, bare_ok=False):
                    continue
                if fq.q.is_range:
                    top = fq.q.model_copy(update={"low": fq.q.high})
                    bottom = fq.q.model_copy(update={"high": fq.q.low})
                    if not bigger_is_more(q.unit):  # "takes 45 seconds" of "45-60 seconds": a time's best end is its bottom
                        top, bottom = bottom, top
                    # "from 95 to 108 tokens/s" gives both ends: a change told whole, whatever the source's form
                    if same_value(q, top, strict=True) and not any(
                            o is not qa and same_value(o.q, bottom, strict=True) for o in ctx.claim.quantities):
                        tops.append((fact, fq.q))
                elif same_value(q, fq.q, bare_ok=False, strict=True):
                    singles.append(fact)
        if tops and not singles:
            fact, rq = tops[0]
            out.append(ctx.finding(
                "overstatement", "warning",
                f"The source reports a range, {rq.raw}; “{q.raw}” gives only its best end as if it were the result.",
                [fact], "range-top", suggestion=f"state the range {rq.raw} and the conditions it was measured under"))
    return out


def list_top(ctx: ClaimContext) -> list[Finding]:
    """The largest of a list the source gives in one passage, stated as the result:
    "about 1.3x faster" where the source lists paired ratios 1.253x, 1.306x, 1.188x,
    1.297x and 1.082x. Not when the claim names what singles that value out (the
    hardware, model or precision standing in its clause) or gives the list's spread."""
    out: list[Finding] = []
    if ctx.sentence.block == "heading":
        return out
    conditions = {(m.kind, m.key) for m in ctx.claim.mentions if m.kind in _SINGLING}
    for qa in _asserted_results(ctx):
        q = qa.q
        if q.is_range or q.unit not in {"%", "x"} or _said_as_maximum(ctx, qa):
            continue
        if _said_before(ctx, q):
            continue  # "同一 PR 还把 393x 改回 340x": a figure the draft introduced earlier is judged there
        others = [o for o in ctx.claim.quantities if o is not qa and o.q.unit == q.unit]
        hits = matches(q, ctx.facts, bare_ok=False)
        exact = {id(h.fact) for h in hits if h.qa.q.low == q.low and h.qa.q.high == q.high}
        for hit in hits:
            fact = hit.fact
            if fact.kind == "row":
                continue  # a table's column: column_top
            if exact and id(fact) not in exact:
                continue  # "24.1%" written so in one passage is not "24.0829%" rounded, the top of another's list
            if _signed(q.raw) and _signed(hit.qa.q.raw) and (q.high < 0) != (hit.qa.q.high < 0):
                continue  # "+1%" is not the list's "−1.1%"
            listed = [x for x in fact.statement.quantities if x.q.unit == q.unit and not x.q.is_range
                      and not x.role and not x.negated]
            values = [x.q.high for x in listed]
            if len(values) < 3 or hit.qa.q.high != max(values) or min(values) == max(values):
                continue
            if any(same_value(o.q, x.q, bare_ok=False) for o in others for x in listed if x is not hit.qa):
                break  # "from 1.08x to 1.31x" states the spread
            there = {(m.kind, m.key) for m in fact.statement.mentions
                     if m.kind in _SINGLING and m.clause == hit.qa.clause}
            if conditions & there or _names_clause(ctx, fact, hit.qa.clause, {x.clause for x in listed}):
                break  # "1.31x on H100", "1.9x at batch 64": the claim names the case the top belongs to
            low = min(values)
            out.append(ctx.finding(
                "overstatement", "warning",
                f"{q.raw} is the largest of the values the source lists ({low:g}{q.unit} to {max(values):g}{q.unit}); "
                "the claim gives it as the result.",
                [fact], "list-top", suggestion=f"{low:g}–{max(values):g}{q.unit}, or the source's typical value"))
            break
    return out


_SINGLING = {"hardware", "precision", "parallelism", "model", "platform"}


def _said_before(ctx: ClaimContext, q) -> bool:
    """The same figure stands in an earlier sentence of the section or of an earlier section
    that cites sources: the sentence refers back to it, and its scope was read where it was said."""
    earlier = [o.q for st in ctx.earlier for o in st.quantities if not o.negated] + list(ctx.told_before)
    return any(same_value(q, o, strict=True) for o in earlier)


def _signed(raw: str) -> bool:
    return bool(re.match(r"\s*[+\-−–]\s*\d", raw))


def _names_clause(ctx: ClaimContext, fact, clause: int, listed: set[int]) -> bool:
    """Whether the claim carries a word or a count that only the given clause of the
    fact has among the clauses that hold the list's values ("at batch 64")."""
    st = fact.statement
    def text(i: int) -> str:
        c = st.clauses[i] if i < len(st.clauses) else None
        return st.text[c.start:c.end] if c else ""
    mine = words(text(clause), parts=False)
    rest = frozenset().union(*(words(text(i), parts=False) for i in listed if i != clause))
    own = {w for w in mine - rest if not re.fullmatch(r"[\d.,]+[x%]?", w)}
    counts = [x.q.high for x in st.quantities if x.clause == clause and not is_result(x.q)]
    claimed_counts = [x.q.high for x in ctx.claim.quantities if not is_result(x.q)]
    return bool(own & words(ctx.claim.text, parts=False)) or any(c in claimed_counts for c in counts)


def _column(ctx: ClaimContext, hit: Hit, unit: str) -> list[tuple[float, Fact]]:
    """The single figures of ``unit`` in the column of a source table that a hit stands in
    (a row's cells are its clauses), with their rows."""
    return [(qx.q.high, f) for f in ctx.facts if f.kind == "row" and f.url == hit.fact.url
            and f.where == hit.fact.where and f.table == hit.fact.table
            for qx in f.statement.quantities if qx.clause == hit.qa.clause and qx.q.unit == unit
            and not qx.q.is_range]


def _row_label(row: str) -> str:
    """A table row's first cell's value, without emphasis, past a diff's "+" or "-" cell."""
    cells = [c.strip() for c in row.split("|")]
    first = next((c for c in cells if c and c not in "+-"), "")
    first = first.split(": ", 1)[-1]  # a row's cells are read as "Header: value"
    return re.sub(r"[*`]", "", first).strip()


def _row_named(ctx: ClaimContext, hit: Hit) -> bool:
    """Whether the claim names the table row a figure stands in: by the text before its first
    bar ("1" of "1 | 0.594 → 0.423 |"), or by a word only that text has ("ref" of "`ref` per
    token")."""
    lead = hit.fact.statement.text.split("|")[0].strip()
    if lead and re.search(rf"(?<![\w.]){re.escape(lead)}(?![\w.])", ctx.claim.text):
        return True
    others_words = frozenset().union(*(words(f.statement.text.split("|")[0], parts=False) for f in _rows_beside(ctx, hit)))
    return bool((words(lead, parts=False) - others_words) & words(ctx.claim.text, parts=False))


def _row_labelled(ctx: ClaimContext, hit: Hit) -> bool:
    """Whether the claim gives every word of the row's first cell, words no other row's first
    cell holds all of ("Whisper-large-v3"; "**Fun-ASR-Nano** (vLLM)" read without emphasis,
    past a diff's "+"): the figure is that row's, whatever other rows hold it."""
    first = _row_label(hit.fact.statement.text)
    label = words(first, parts=False)
    return (len(re.findall(r"[A-Za-z\u4e00-\u9fff]", first)) >= 2 and label <= words(ctx.claim.text, parts=False)
            and not any(label <= words(_row_label(f.statement.text), parts=False) for f in _rows_beside(ctx, hit)))


def _rows_beside(ctx: ClaimContext, hit: Hit) -> list:
    return [f for f in ctx.facts if f.kind == "row" and f.url == hit.fact.url and f.table == hit.fact.table
            and f is not hit.fact]


def column_top(ctx: ClaimContext) -> list[Finding]:
    """The best row of a source table given as the result: "+9.0%" where the table
    runs from +2.6% to +9.0% over concurrency, and the claim names no row."""
    out = []
    if ctx.sentence.block == "heading":  # a heading names its section's subject; the body states the result
        return out
    if any(h.key in ("highest", "lowest") for h in load_lexicon().superlative.find(ctx.claim.text)):
        return out  # "66.89%，是表中所有模型里最高的": the sentence calls it the table's top (extreme_contradicted's)
    for qa in _asserted_results(ctx):
        q = qa.q
        if q.is_range or q.approx or q.unit not in {"%", "x"} or _said_as_maximum(ctx, qa) or _said_before(ctx, q):
            continue
        others = [o.q.high for o in ctx.claim.quantities if o is not qa and o.q.unit == q.unit]
        hits = [h for h in matches(q, ctx.facts, bare_ok=False, strict=True) if h.fact.kind == "row"]
        if any(_row_labelled(ctx, h) for h in hits):
            continue  # "Whisper-large-v3 为 13x": the claim names a row that gives the figure
        for hit in hits:
            if _row_named(ctx, hit):
                continue  # the claim names the row it quotes
            column = [v for v, _ in _column(ctx, hit, q.unit)]
            # the claim must give the top itself ("9.0%"), not a rounded summary ("2x" of 2.08–2.49x)
            if len(column) < 3 or abs(q.high - max(column)) > 1e-9 or min(column) == max(column):
                continue
            if any(abs(o) in {abs(c) for c in column if c != max(column)} for o in others):
                continue  # "from +0.27% at M=16384 to +7.46% at M=128" states the spread
            if any(o is not qa and matches(o.q, [hit.fact], bare_ok=False) for o in ctx.claim.quantities):
                continue  # "from 605 to 24,018 tok/s (39.7x)": the claim gives the row's other cells
            low = min(column)
            out.append(ctx.finding(
                "overstatement", "warning",
                f"{q.raw} is the best row of the source's table, which runs from {low:g}{q.unit} to "
                f"{max(column):g}{q.unit}; the claim gives it as the result.",
                [hit.fact], "column-top", suggestion=f"{low:g}–{max(column):g}{q.unit}, depending on the row"))
            break
    return out


# "最大的开源视频生成模型之一", "one of the largest open video models": an extreme the source
# shares with others; the named thing is the group's
_ONE_OF = compile_pattern(r"(?P<zh>最[^，,。；;、之]{1,24}?)之一|\bone of the (?P<en>(?:[\w-]+ ){0,1}(?:[\w-]+est|most [\w-]+|best|top)"
                          r"(?: [\w-]+){1,4})", re.IGNORECASE)
_ONE_OF_CLAIMED = compile_pattern(r"之一|\bone of\b|\bamong\b|之列", re.IGNORECASE)


def one_of_dropped(ctx: ClaimContext) -> list[Finding]:
    """An extreme the source gives as one of several, told as the only one: "是目前最大的开源视频
    生成模型" where the README says "最大的开源视频生成模型之一"."""
    if _ONE_OF_CLAIMED.search(ctx.claim.text):
        return []
    claim = ctx.claim.text.casefold()
    for fact in ctx.facts:
        for m in _ONE_OF.finditer(fact.statement.text):
            phrase = (m.group("zh") or m.group("en")).strip().casefold()
            if len(phrase) >= 4 and phrase in claim:
                said = m.group(0)
                return [ctx.finding("overstatement", "warning",
                                    f"The source calls it one of several (“{said}”); the claim drops “one of”.",
                                    [fact], "one-of-dropped")]
    return []


def _clause_text(ctx: ClaimContext, i: int) -> str:
    c = ctx.claim.clauses[i]
    return ctx.claim.text[c.start:c.end]


_OF_A_CHANGE = compile_pattern(r"\s*(?:relative\s+|absolute\s+|single\s+)?(?:gain|gains|improvement|speedup|speed-up|increase|jump|"
                              r"drop|reduction|cut|saving|savings|uplift|boost|提升|提高|增幅|涨幅|降幅|加速|增益|改进|降低)",
                              re.IGNORECASE)


def extreme_contradicted(ctx: ClaimContext) -> list[Finding]:
    """A row called the extreme of its table that another row passes: "C5 kept forgetting
    lower than any other tuned run, at 0.0591" where C3's row gives 0.0555. The claim's figure
    places it in a column; a baseline or reference row passing it does not count, as such a
    claim often leaves it out."""
    words_ = load_lexicon().superlative
    hits = [h for h in words_.find(ctx.claim.text) if h.key in ("lowest", "highest")]
    if not hits or ctx.sentence.block == "heading":
        return []
    for word in hits:
        # the figure the word speaks of: the first after it ("lower than any other run, at 0.0591"),
        # or else the last before it
        # — within the word's own clause first: "CMMLU 的 84.8 也是表中最高，Qwen1.5-72B 为 84.2" speaks of 84.8
        after = [qa for qa in ctx.claim.quantities if qa.q.start >= word.end]
        before = [qa for qa in ctx.claim.quantities if qa.q.end <= word.start]
        clause = next((i for i, c in enumerate(ctx.claim.clauses) if c.start <= word.start < c.end), None)
        # (or the figure the next clause gives alone, set after it: "had the lowest step-5000 loss, 0.6486")
        appositive = [qa for qa in after if clause is not None and qa.clause == clause + 1 and len(re.sub(
            r"[\W\d_]|\b(?:at|of|was|is)\b|为|达|是", "", _clause_text(ctx, qa.clause).replace(qa.q.raw, ""))) == 0][:1]
        own = [qa for qa in after if qa.clause == clause][:1] or appositive or [qa for qa in before if qa.clause == clause][-1:]
        qa = own[0] if own else after[0] if after else before[-1] if before else None
        if qa is None or qa.negated or qa.q.is_range or not distinctive(qa.q):
            continue
        if qa.role is not None or _OF_A_CHANGE.match(ctx.claim.text, word.end):
            continue  # "went from 6.5 to 16.8 tok/s, the largest gain in the table": the extreme of a change, not of a cell
        lowest = word.key == "lowest"
        for hit in matches(qa.q, ctx.facts, bare_ok=True, strict=True):
            if hit.fact.kind != "row":
                continue
            column = _column(ctx, hit, hit.qa.q.unit)
            past = [(v, f) for v, f in column if f is not hit.fact
                    and (v < hit.qa.q.high if lowest else v > hit.qa.q.high)
                    and not any(h.key == "baseline" for h in words_.find(f.statement.text.split("|")[0]))]
            if len(column) < 3 or not past:
                continue
            value, row = min(past) if lowest else max(past)
            told, other = qa.q.raw, f"{value:g}"
            return [ctx.finding("overstatement", "warning",
                                f"Another row of the source's table passes {told}: {other}.",
                                [hit.fact, row], "extreme-contradicted")]
    return []


# a subset the sentence ranks the row in: "同尺寸开源模型中最高", "the best open-weight model": not the whole table
_SUBSET = compile_pattern(r"开源|开放权重|同尺寸|同规模|同级|同等规模|同量级|之一|除了?|以外|\b(?:open[- ](?:source|weights?)|similar(?:ly)?[- ]sized?"
                          r"|same size|among|except|other than|one of)\b", re.IGNORECASE)


def named_row_not_top(ctx: ClaimContext) -> list[Finding]:
    """A row the sentence names called the highest (or lowest) of its table in a column it names, with
    no figure of its own, where another row of that column passes it: "Yi-1.5-34B 的 GSM8k 和 MATH
    都是所有参评模型中最高的" where MATH reads 41.0 for Yi 1.5-34B and 43.6 for DeepSeek-V2. Not where
    the sentence ranks it in a subset ("同尺寸开源模型中", "among open models"), nor past a baseline row."""
    lexicon = load_lexicon().superlative
    hits = [h for h in lexicon.find(ctx.claim.text) if h.key in ("lowest", "highest")]
    if not hits or ctx.sentence.block == "heading" or _SUBSET.search(ctx.claim.text):
        return []
    if any(qa.clause == c for h in hits for c, cl in enumerate(ctx.claim.clauses) if cl.start <= h.start < cl.end
           for qa in ctx.claim.quantities if not MODEL_SIZE.search(qa.q.raw)):
        return []  # a figure of its own (not a model's size): extreme_contradicted reads it
    folded = fold_text(ctx.claim.text)
    lowest = hits[0].key == "lowest"
    for rows in table_rows(ctx):
        named = [r for r in rows if named_in(r[1], folded)]
        if len(named) != 1 or len(rows) < 3:
            continue
        fact, label, cells = named[0]
        for column, own in cells.items():
            if not named_in(column, folded):
                continue
            column_rows = [(r[2][column], r[0], r[1]) for r in rows if column in r[2] and r[0] is not fact
                           and not any(h.key == "baseline" for h in lexicon.find(r[1]))]
            past = [x for x in column_rows if (x[0] < own if lowest else x[0] > own)]
            if not past:
                continue
            value, row, other = min(past, key=lambda x: x[0]) if lowest else max(past, key=lambda x: x[0])
            if lowest:
                return [ctx.finding("overstatement", "warning", f"In the source's table, {column} reads {own:g} for "
                                    f"{label} and {value:g}, lower, for {other}.", [fact, row], "row-not-top")]
            return [ctx.finding("overstatement", "warning", f"In the source's table, {column} reads {own:g} for "
                                f"{label} and {value:g}, higher, for {other}.", [fact, row], "row-not-top")]
    return []


# a comparison with a named row: "略高于开源版 HunyuanVideo", "edges out Qwen3", "低于 Y"
_ABOVE = compile_pattern(r"(?:略|稍|明显|大幅|均)?(?:高于|超过|超越|领先于?|优于|胜过|强于|压过)|\b(?:higher than|above|ahead of"
                         r"|beats?|outperforms?|exceeds?|edges? out|surpass(?:es)?)\b", re.IGNORECASE)
_BELOW = compile_pattern(r"(?:略|稍|明显|大幅|均)?(?:低于|不及|落后于?)|\b(?:lower than|below|behind|trails?)\b", re.IGNORECASE)


def lead_over_row_reversed(ctx: ClaimContext) -> list[Finding]:
    """"v1.5.0 的总分为 83.02%，略高于开源版 HunyuanVideo" where the table's Total Score column reads 83.24%
    for HunyuanVideo: a figure of one row said to be above (or below) another row the sentence names right
    after the comparison, where that row's cell of the same column says otherwise. One row named, read
    from the same table."""
    text = ctx.claim.text
    out = []
    for pattern, above in ((_ABOVE, True), (_BELOW, False)):
        for m in pattern.finditer(text):
            folded_after = fold_text(text[m.end():m.end() + 40])
            # the figure nearest before the comparison is its subject: "stage_0_gen 最短，为 2,477.9 ms，但峰值显存
            # 18,404 MB，高于纯 NVFP4" compares the memory, not the time
            qa = max((x for x in ctx.claim.quantities if x.q.start < m.start()), key=lambda x: x.q.start, default=None)
            if qa is None or qa.negated or qa.q.is_range or not distinctive(qa.q):
                continue
            for hit in matches(qa.q, ctx.facts, bare_ok=False, strict=True):
                if hit.fact.kind != "row":
                    continue
                rows = next((t for t in table_rows(ctx) if any(r[0] is hit.fact for r in t)), [])
                own_label, own_cells = next(((r[1], r[2]) for r in rows if r[0] is hit.fact), ("", {}))
                column = next((h for h, v in own_cells.items() if abs(v - qa.q.high) < 1e-9), None)
                named = [r for r in rows if r[0] is not hit.fact and named_in(r[1], folded_after)]
                if column is None or len(named) != 1 or column not in named[0][2]:
                    continue
                row, other, cells = named[0]
                theirs = cells[column]
                if (theirs > qa.q.high) if above else (theirs < qa.q.high):
                    return [ctx.finding("overstatement", "warning",
                                        f"In the source's table, {other} reads {theirs:g} in {column}, against {qa.q.raw} "
                                        f"for {own_label}: the comparison runs the other way.", [hit.fact, row],
                                        "lead-reversed")]
    return out


_EVERY_ROW = compile_pattern(r"都|均|全都|各个|每个|all\b|every\b|each\b|across\b|at every\b", re.IGNORECASE)


def floor_above_rows(ctx: ClaimContext) -> list[Finding]:
    """A floor said of every row that a row of the source's table falls below: "四个规模上的
    加速比都不低于 2.3 倍" where the table's speedup column reads 1.82x, 2.5x, 2.4x, 2.3x.
    The claim's floor must be a figure of that column (the writer read the table)."""
    out = []
    if not _EVERY_ROW.search(ctx.claim.text):
        return out
    for qa in _asserted_results(ctx):
        q = qa.q
        if q.bound != "lower" or q.is_range or q.unit not in {"%", "x"}:
            continue
        for hit in matches(q.model_copy(update={"bound": None}), ctx.facts, bare_ok=False, strict=True):
            if hit.fact.kind != "row":
                continue
            column = _column(ctx, hit, q.unit)
            below = [(v, f) for v, f in column if v < q.high * 0.99]
            if len(column) >= 3 and below:
                low, row = min(below, key=lambda b: b[0])
                floor, least = q.raw, f"{low:g}{q.unit}"
                out.append(ctx.finding(
                    "overstatement", "warning",
                    f"{floor} is not every row's: a row of the source's table gives {least}.", [row],
                    "floor-above-rows"))
                return out
    return out


_LOWER_IS_BETTER = compile_pattern(r"latency|延迟|时延|time|时间|TTFT|TPOT|耗时|memory|显存|内存|loss|error|误差", re.IGNORECASE)


def bound_exceeds_source(ctx: ClaimContext) -> list[Finding]:
    """"提升超过 10%" where the figures give +9.7%: a "more than" the source's own
    numbers fall short of."""
    from .unsupported import own_changes, source_changes  # the one place changes are derived

    out = []
    derived = None
    for qa in _asserted_results(ctx):
        q = qa.q
        if q.bound != "lower" or q.is_range or q.unit not in {"%", "x"}:
            continue
        if any(h.qa.q.bound == "lower" for h in matches(q, ctx.facts, bare_ok=False)):
            continue  # "over 35% rollout speedup": the source's own bound
        derived = derived if derived is not None else own_changes(ctx) + source_changes(ctx.ratios())
        near = [(v, f) for v, unit, f in derived if unit == q.unit and 0.85 * q.high <= v < q.high]
        above = [v for v, unit, _ in derived if unit == q.unit and q.high <= v <= q.high * 1.25]
        if near and not above:
            v, fact = max(near, key=lambda n: n[0])
            out.append(ctx.finding(
                "overstatement", "warning",
                f"The figures give {v:.3g}{q.unit}, not {q.raw}.", [fact], "bound-exceeds-source",
                suggestion=f"about {v:.2g}{q.unit}"))
    return out


def sign_flipped(ctx: ClaimContext) -> list[Finding]:
    """"领先 1.36%" / "rose 2%" where the source's figure is −1.36%: a drop told as a gain."""
    out = []
    rises = ctx.claim.of("rise", affirmed=True)
    for qa in _asserted_results(ctx):
        if qa.q.unit not in {"%", "pp"} or qa.q.low < 0 or not any(m.clause == qa.clause for m in rises):
            continue
        if any(m.clause == qa.clause for m in ctx.claim.of("fall")) or _LOWER_IS_BETTER.search(
                ctx.claim.text[ctx.claim.clauses[qa.clause].start:ctx.claim.clauses[qa.clause].end]):
            continue  # a latency that "rises by 5%" against −5% may just be told the other way round
        hits = [h for h in matches(qa.q, ctx.facts, bare_ok=False, strict=True) if not h.qa.q.is_range]
        if hits and all(h.qa.q.high < 0 for h in hits):
            out.append(ctx.finding(
                "overstatement", "error",
                f"The source gives {hits[0].qa.q.raw}, a decrease; the claim tells it as a gain.",
                [hits[0].fact], "sign-flipped"))
    return out


# a sentence that restates what came before as its upshot: "Put simply, …", "换句话说，…"
_RESTATED = compile_pattern(r"^\W*(?:put simply|simply put|in other words|in short|in practice|that is|that means|so|"
                            r"in effect|bottom line)\b|^\W*(?:换句话说|换言之|也就是说|简单来说|简单说|简而言之|说白了|总之|实际上|"
                            r"这意味着|这就意味着)", re.IGNORECASE)


def _hedged_before(ctx: ClaimContext, qa) -> bool:
    """The section already gave this number with its hedge ("最高达到 740 …。740 与
    1.2 分别对应 FP16 与 FP8"): a sentence that refers back to it need not repeat it.
    One that restates it as the upshot ("Put simply, MTP makes it 1.28x faster") claims it anew."""
    if _RESTATED.search(ctx.claim.text):
        return False
    for st in ctx.earlier:
        for other in st.quantities:
            if same_value(qa.q, other.q, strict=True) and (other.q.bound or other.q.approx or any(
                    m.clause == other.clause for m in st.of("upper_bound"))):
                return True
    return False


# "约为同形状稠密 sdpa（1218 TFLOPS）的 30%", "roughly a third of X, 30%": the hedge opens the comparison
# and governs the figure at its end
_HEDGE_OPENS = compile_pattern(r"约为|约是|约占|大约是|大约为|大约|大概是|最多可达|最高可达|最多为|(?i:\b(?:about|roughly|around|"
                               r"approximately|up to)\b)")


def _hedged_in_clause(ctx: ClaimContext, qa) -> bool:
    """A hedge earlier in the figure's clause, with the figure ending the comparison it opens ("约为 A 的 30%")
    or no other figure between them."""
    clause = ctx.claim.clauses[qa.clause] if qa.clause < len(ctx.claim.clauses) else None
    if clause is None:
        return False
    text = ctx.claim.text
    for m in _HEDGE_OPENS.finditer(text, clause.start, qa.q.start):
        between = [o for o in ctx.claim.quantities if m.end() <= o.q.start and o.q.end <= qa.q.start]
        if not between or re.search(r"的\s*$", text[m.end():qa.q.start]):
            return True
    return False


def hedge_dropped(ctx: ClaimContext) -> list[Finding]:
    out = []
    if ctx.sentence.block == "heading":
        return out
    for qa in _asserted_results(ctx):
        q = qa.q
        if q.is_range or q.approx or q.bound or _hedged_in_clause(ctx, qa):
            continue
        hits = [h for h in matches(q, ctx.facts, bare_ok=False, strict=True) if not h.qa.q.is_range]
        if not hits:
            continue
        if all(h.qa.q.bound == "upper" for h in hits):
            if _said_as_maximum(ctx, qa) or _hedged_before(ctx, qa):
                continue
            out.append(ctx.finding("overstatement", "warning",
                                   f"The source says “up to” this value ({hits[0].qa.q.raw}); the claim drops the bound.",
                                   [hits[0].fact], "hedge-dropped", suggestion=f"up to {q.raw}"))
        elif all(h.qa.q.approx for h in hits) and dimension(q.unit) in _MEASURED and not _hedged_before(ctx, qa):
            out.append(ctx.finding("overstatement", "warning",
                                   f"The source gives this value as approximate ({hits[0].qa.q.raw}); the claim states it as exact.",
                                   [hits[0].fact], "hedge-dropped", suggestion=f"about {q.raw}"))
    return out


def rounded_up(ctx: ClaimContext) -> list[Finding]:
    out = []
    for qa in _asserted_results(ctx):
        q = qa.q
        if q.is_range or q.approx or q.bound or matches(q, ctx.facts) or written_bare(qa, ctx.facts):
            continue
        near = []
        for fact in ctx.facts:
            for fq in fact.statement.quantities:
                fv = fq.q.high
                if (fq.q.is_range or fq.q.unit != q.unit or not q.unit or not (0 < fv < q.high)
                        or (q.high - fv) / q.high > 0.05 or fq.metric and qa.metric and fq.metric != qa.metric):
                    continue
                near.append((fact, fq.q))
        if near:
            fact, fq = max(near, key=lambda n: n[1].high)
            out.append(ctx.finding("overstatement", "warning",
                                   f"The source gives {fq.raw}; “{q.raw}” rounds it up.", [fact], "rounded-up",
                                   suggestion=fq.raw))
    return out


# "无论官方发布版还是自编译版", "whether prebuilt or self-built": the cases are named, none is widened to
_ALTERNATIVES = compile_pattern(r"[^，,。；;]{0,24}?(?:还是|或是|或者|\bor\b)", re.IGNORECASE)


def scope_widened(ctx: ClaimContext) -> list[Finding]:
    universal = ctx.claim.of("universal", affirmed=True)
    if not universal or not ctx.facts or any(_ALTERNATIVES.match(ctx.claim.text, m.end) for m in universal):
        return []
    if load_lexicon().modality.says(ctx.claim.text, "advice"):
        return []  # "无论哪个平台，都建议 …": advice to the reader widens no result
    results = _asserted_results(ctx)
    if not results and not ctx.claim.of("gain", affirmed=True):
        return []
    # the result the claim widens: in this sentence, or stated earlier in the paragraph
    quantities = [qa for st in ctx.paragraph for qa in st.quantities if is_result(qa.q)] or results
    backing = [h.fact for qa in quantities for h in matches(qa.q, ctx.facts, bare_ok=False)]
    if any(f.statement.of("universal", affirmed=True) for f in backing):
        return []  # the source itself says "at every batch size"
    conditions = [f for f in ctx.facts if f.statement.of("hardware") or f.statement.of("parallelism")]
    backing_with_conditions = [f for f in backing if f.statement.of("hardware") or f.statement.of("parallelism")]
    evidence = (backing_with_conditions or conditions[:1]) + backing[:1]
    if not evidence:  # a gain with no figure ("无论什么配置 … 都比 GGUF 快"): the sources' own words
        claim_words = words(ctx.claim.text)
        if any(f.statement.of("universal", affirmed=True) and len(claim_words & words(f.quote)) >= 2
               for f in ctx.facts):
            return []  # the source says as much ("INT8 is faster in every configuration")
        # a figure-free gain ("适配所有模型") is widened only against a source passage on the same
        # thing that names its conditions; a title alone does not say what was measured
        evidence = [f for f in conditions if len(claim_words & words(f.quote)) >= 2][:1]
    if not evidence:
        return []
    held = {m.key for f in evidence for m in f.statement.of("hardware") + f.statement.of("parallelism")}
    over_setups = all(_SETUPS.match(ctx.claim.text, u.end) or _SETUPS.search(u.text) for u in universal)
    if held and over_setups and held <= ctx.claim.keys("hardware") | ctx.claim.keys("parallelism"):
        return []  # "每种配置 … 1、2、4、8 张 RTX 4090": it ranges over the setups it names itself
    named = sorted({m.text for f in evidence for m in f.statement.of("hardware") + f.statement.of("parallelism")})
    where = f" (measured on {', '.join(named)})" if named else ""
    return [ctx.finding(
        "overstatement", "warning",
        f"“{universal[0].text}” widens a result the source measured under specific conditions{where}.",
        evidence, "scope-widened", suggestion="name the hardware, model and workload the source measured")]


# what a quantifier ranges over when it speaks of the measured setups themselves
_SETUPS = compile_pattern(r"\s*(?:种|个|套|组)?\s*(?:配置|设置|卡|GPU|configurations?|configs?|setups?|settings?|GPUs?)", re.IGNORECASE)


# (claimed status, what in the source contradicts it, what confirms it, message, check)
_STATUS_RULES = [
    ("validated", ("validated", False), ("validated", True),
     "The claim says this was validated; the source says it was not.", "status-validated"),
    ("multi_node", ("single_node", True), ("multi_node", True),
     "The claim speaks of use across nodes; the source ran it on a single node only.", "status-multi-node"),
    ("stable", ("experimental", True), ("stable", True),
     "The claim calls this stable or production-ready; the source marks it experimental.", "status-stable"),
    ("default_on", ("default_off", True), ("default_on", True),
     "The claim says this is on by default; the source says it is opt-in.", "status-default"),
    ("single_node", ("multi_node", True), ("single_node", True),
     "The claim says this runs on a single node; the source uses several.", "status-single-node"),
    ("permanent", ("temporary", True), ("permanent", True),
     "The claim says this is permanent; the source says it is temporary.", "status-permanent"),
]


def _modality(text: str, start: int, end: int, kind: str, *, before: int = 12) -> bool:
    """Whether a word of ``kind`` (``modality``) stands in text[start-before:end]."""
    return load_lexicon().modality.says(text[max(0, start - before):end], kind)


def _claimed_statuses(ctx: ClaimContext) -> set[str]:
    """The statuses the sentence asserts: not compared ("更生产可用", "more stable") and
    not planned ("we are developing … for multi-node", "计划支持多机")."""
    text = ctx.claim.text
    out = set()
    for m in ctx.claim.of("status", affirmed=True):
        clause = ctx.claim.clauses[m.clause] if m.clause is not None and m.clause < len(ctx.claim.clauses) else None
        lo = clause.start if clause else 0
        if _modality(text, m.start, m.start, "comparative", before=min(12, m.start - lo) if m.start > lo else 0):
            continue
        if _planned(text) or _told_as_past(text, m.start):
            continue  # "作者一度把文档改成“… 默认使用 TENT”": what held once, not now
        if m.key == "default_on" and any(o.key == "default_off" and 0 <= o.start - m.end <= 3
                                         for o in ctx.claim.of("status")):
            continue  # "改为默认 opt-in": the default it is changed to is off
        out.add(m.key)
    return out


# "按照 RFC 的上线计划", "according to the rollout plan": the plan is the source, its content the claim
_PER_PLAN = compile_pattern(r"(?:按照|根据|依照|按|per|according to)\s*(?:the\s+)?[^，,。；;]{0,16}$", re.IGNORECASE)


def _planned(text: str) -> bool:
    """A plan the sentence makes or reports as still to come ("计划支持多机"), not a plan it cites
    as its source for what will be so ("按照 RFC 的上线计划，合入后默认改用 …")."""
    return any(h.key == "plan" and not _PER_PLAN.search(text[max(0, h.start - 24):h.start])
               for h in load_lexicon().modality.find(text))


def _only_there(fact, key: str) -> bool:
    """A single-node fact that says so restrictively ("only tested on one node",
    "仅在单机验证"), not one that merely ran there ("on a single node, we measured …")."""
    if key != "single_node":
        return True
    text = fact.statement.text
    for m in fact.statement.of("status", affirmed=True):
        if m.key != key:
            continue
        clause = fact.statement.clauses[m.clause] if m.clause is not None and m.clause < len(fact.statement.clauses) \
            else None
        lo, hi = (clause.start, clause.end) if clause else (0, len(text))
        if _modality(text, lo, hi, "single_only", before=0):
            return True
    return False


_SENTENCE_BREAK = compile_pattern(r"[。！？!?\n]|\.\s")


def _told_as_past(text: str, at: int) -> bool:
    """A word of ``former`` before ``at`` in its sentence."""
    start = max((b.end() for b in _SENTENCE_BREAK.finditer(text, 0, at)), default=0)
    return load_lexicon().modality.says(text[start:at], "former")


def _former(fact, key: str) -> bool:
    """Whether every mention of the status in the passage is told as past ("当时的开关语义为 …
    B 默认启用", "at the time it was on by default"): a word of ``former`` before it in its
    sentence."""
    text = fact.statement.text
    hits = [m for m in fact.statement.of("status") if m.key == key]
    return bool(hits) and all(_told_as_past(text, m.start) for m in hits)


_NODE_AXIS = frozenset({"single_node", "multi_node"})
_DEFAULT_AXIS = frozenset({"default_on", "default_off"})
def _settings_named(text: str) -> set[str]:
    return {m.group(0).casefold() for m in SETTING_NAME.finditer(text)}


def status_raised(ctx: ClaimContext) -> list[Finding]:
    """"已稳定 / validated / on by default" where the source calls it experimental,
    says it was not validated, or says it is opt-in. Each document speaks for itself:
    another cited project being "remarkably stable" says nothing of this one. Maturity
    and default are separate axes: an opt-in feature may be stable."""
    out = []
    claimed = _claimed_statuses(ctx)
    if not claimed:
        return out
    results = _asserted_results(ctx)
    # "#531 询问 …；tuhahaha 回复，现在默认就是 …": a sentence that names its thread speaks of that one
    referenced = ctx.referenced()
    # "Added experimental … GatedDeltaNetAttention (#3351)": a release line that credits a thread the sentence
    # names speaks of what that thread added, whether or not the thread itself is cited
    threads = {int(n) for n in THREAD_REF.findall(ctx.claim.text)} | {
        thread_number(d) for d in referenced} - {None}
    credits = {n: [f for f in ctx.facts if any(int(x) == n for x in THREAD_REF.findall(f.statement.text))] for n in threads}
    pools = [(doc, ctx.facts_of(doc) + [f for n in threads for f in credits[n] if f.url != doc.url]) for doc in referenced]
    if not pools:
        credited = [f for n in threads for f in credits[n]]
        pools = [(None, credited)] if credited else [(doc, ctx.facts_of(doc)) for doc in ctx.docs]
    for doc, facts in pools:
        # how many nodes is a condition of one measurement: where the sentence's own figure stands
        # in the source, only that record speaks ("单节点 8 卡时 … 0.61 秒" against the row holding
        # 0.61 s, not a 32-GPU row of another model in the same table)
        measured = [h.fact for qa in results for h in matches(qa.q, facts, bare_ok=False)]
        for status, (against, against_affirmed), (confirm, confirm_affirmed), message, check in _STATUS_RULES:
            if status not in claimed:
                continue
            pool = measured if status in _NODE_AXIS and measured else facts
            contra = [f for f in pool if against in f.statement.keys("status", affirmed=against_affirmed)
                      and _only_there(f, against) and not _former(f, against)]
            if status in _DEFAULT_AXIS and (named := _settings_named(ctx.claim.text)):
                # a default is a setting's: the source's must be of the setting the sentence names, or
                # stand (naming none) in a document that names it ("use_vision = False … Default is False.")
                in_doc = doc is not None and bool(named & _settings_named(doc.text))
                contra = [f for f in contra if named & _settings_named(f.statement.text)
                          or (in_doc and not _settings_named(f.statement.text))]
            backed = [f for f in pool if confirm in f.statement.keys("status", affirmed=confirm_affirmed)
                      and not _former(f, confirm)]
            if contra and not backed:
                out.append(ctx.finding("overstatement", "warning", message, contra, check))
    return out


def change_denied(ctx: ClaimContext) -> list[Finding]:
    """"准确率完全一致" where the source reports two different scores."""
    same = ctx.claim.of("no_change", affirmed=True)
    # the benchmark and the "unchanged" must stand in one clause: "两者大体持平：MMLU-Pro …" is not one
    scored = [m for m in ctx.claim.of("accuracy") if any(m.clause == n.clause for n in same)]
    if not scored:
        return []
    named = {m.text.casefold() for m in scored} - _GENERIC_QUALITY
    measured = [f for f in ctx.facts if f.statement.of("accuracy")]
    if named:  # "GPQA 与 SWE Verified 完全相同": only those benchmarks' figures count
        measured = [f for f in measured if {m.text.casefold() for m in f.statement.of("accuracy")} & named]
    if any(f.statement.of("no_change", affirmed=True) for f in measured):
        return []  # the source itself says it is unchanged ("bit-identical to the reference")
    # one benchmark's values over a document's lines ("Accuracy: 0.752" … "Accuracy: 0.761")
    by_doc: dict[tuple[str, str], set[float]] = {}
    for fact in measured if named else []:  # only for a benchmark the claim names ("gsm8k")
        names = {m.text.casefold() for m in fact.statement.of("accuracy")} & named
        for qa in fact.statement.quantities:
            if not qa.q.is_range and fact.kind in ("code", "sentence") and len(fact.statement.quantities) == 1:
                for name in names:
                    by_doc.setdefault((fact.url, name), set()).add(qa.q.high)
    for (url, _), values in by_doc.items():
        if len(values) >= 2:
            fact = next(f for f in measured if f.url == url)
            return [ctx.finding("overstatement", "error",
                                "The claim says the result did not change; the source reports different scores.",
                                [fact], "accuracy-unchanged")]
    told = {qa.q.high for qa in ctx.claim.quantities if not qa.negated and not qa.q.is_range}
    for fact in measured:
        scores = {qa.q.high for qa in fact.statement.quantities if qa.q.unit == "%" and not qa.q.is_range}
        moved = [qa for qa in fact.statement.quantities if qa.q.unit == "pp" and qa.q.high]
        # a similarity score against the reference (SSIM 0.7583, PSNR 19.6 dB) is itself a measured difference
        similarity = _SIMILARITY.search(fact.statement.text) and re.search(r"\d\.\d", fact.quote)
        # a benchmark's row with two different scores ("| GPQA-Diamond | 80.7 | 79.9 |")
        cells = [qa.q.high for qa in fact.statement.quantities if qa.clause > 0]
        row = fact.kind == "row" and len(set(cells)) >= 2
        if row and any(cells.count(v) >= 2 for v in told):
            continue  # "准确率保持 88.6 不变" beside "| Math500 | Acc | 88.6 | 88.6 | 76.2 |": the two it compares hold it
        if row and _other_row_named(ctx, fact):
            continue  # "以 Math500 为例，…准确率不变": the MMLU row of the same table is not what it speaks of
        if len(scores) >= 2 or moved or similarity or row:
            return [ctx.finding("overstatement", "error",
                                "The claim says the result did not change; the source reports different scores.",
                                [fact], "accuracy-unchanged")]
    return []


def _other_row_named(ctx: ClaimContext, fact) -> bool:
    """Whether the sentence names a row of the table that holds ``fact``, and not ``fact``'s own."""
    folded = fold_text(ctx.claim.text)
    for rows in table_rows(ctx):
        if any(r[0] is fact for r in rows):
            named = [r[0] for r in rows if r[1] and named_in(r[1], folded)]
            return bool(named) and fact not in named
    return False


_GENERIC_QUALITY = {"accuracy", "准确率", "精度", "score", "得分", "quality", "质量", "画质", "音质"}
def every_row_improved(ctx: ClaimContext) -> list[Finding]:
    """"Every latency percentile improves" / "各并发档都提升" where a row of the
    source's table moved the other way: a change column with both signs."""
    if not ctx.claim.of("universal", affirmed=True) or not (
            ctx.claim.of("rise", affirmed=True) or ctx.claim.of("gain", affirmed=True)):
        return []
    if ctx.claim.of("fall"):
        return []
    claim_words = words(ctx.claim.text)
    columns: dict[tuple, list] = {}
    for f in ctx.facts:
        if f.kind != "row":
            continue
        for qa in f.statement.quantities:
            if qa.q.unit in {"%", "pp"} and not qa.q.is_range:
                columns.setdefault((*table_key(f), qa.clause), []).append((qa.q.high, f))
    for cells in columns.values():
        ups = [f for v, f in cells if v > 0.5]
        downs = [f for v, f in cells if v < -0.5]
        if not ups or not downs:
            continue
        table_words = set().union(*(words(f.statement.text) for _, f in cells))
        if not claim_words & table_words:
            continue  # a table about something else
        return [ctx.finding(
            "overstatement", "warning",
            "The claim says every case improved; in the source's table some rows moved the other way.",
            [downs[0], ups[0]], "every-row-improved")]
    return []


def gain_where_source_sees_none(ctx: ClaimContext) -> list[Finding]:
    """"这 14% 的提升在 H100 上同样成立" where the source says that on H100 both
    kernels perform alike: a gain carried to hardware the source says gets none."""
    if ctx.claim.of("no_gain") or not (_asserted_results(ctx) or ctx.claim.of("gain", affirmed=True)):
        return []
    gains = {qa.clause for qa in _asserted_results(ctx)} | {g.clause for g in ctx.claim.of("gain", affirmed=True)}
    for m in ctx.claim.of("hardware", affirmed=True):
        if m.clause not in gains:
            continue
        for fact in ctx.facts:
            if m.key in fact.statement.keys("hardware") and fact.statement.of("no_gain"):
                return [ctx.finding(
                    "overstatement", "error",
                    f"The claim carries the gain to {m.text}; the source says {m.text} gets none.",
                    [fact], "gain-where-none")]
    return []


def parity_claimed(ctx: ClaimContext) -> list[Finding]:
    """"runs as fast as with the fp16 cache" where the source says it is slightly slower."""
    if not ctx.claim.of("same", affirmed=True):
        return []
    claim_words = words(ctx.claim.text)
    for fact in ctx.facts:
        if fact.statement.of("worse", affirmed=True) and not fact.statement.of("same", affirmed=True) \
                and len(claim_words & words(fact.quote)) >= 2:
            return [ctx.finding("overstatement", "warning",
                                "The claim says it is as fast; the source says it is slower.", [fact], "parity-claimed")]
    return []


def speed_flipped(ctx: ClaimContext) -> list[Finding]:
    """"step 也快了约 5%" where the source's 5% is "the step is 5% slower": the figure is
    the source's, its direction the other way round. Only where the source's clause of
    that figure says slower and nothing says faster."""
    out = []
    faster = {m.clause for m in ctx.claim.of("faster", affirmed=True)}
    for qa in _asserted_results(ctx):
        if qa.clause not in faster or qa.q.unit not in {"%", "x"} or ctx.claim.of("worse"):
            continue
        for hit in matches(qa.q, ctx.facts, bare_ok=False):
            st = hit.fact.statement
            kinds = {m.kind for m in st.mentions if m.clause == hit.qa.clause and not m.negated}
            if "worse" in kinds and "faster" not in kinds:
                out.append(ctx.finding(
                    "overstatement", "warning",
                    f"The claim tells {qa.q.raw} as faster; the source gives it as slower.", [hit.fact], "speed-flipped"))
                return out
        if qa.q.unit == "%" or qa.q.unit == "x" and _named_baseline(ctx):
            hit = _slower_against_baseline(ctx, qa)
            if hit is not None:
                return [ctx.finding("overstatement", "warning",
                                    f"The claim tells {qa.q.raw} as faster; the source gives it as slower.",
                                    [hit.a.fact, hit.b.fact], "speed-flipped")]
    return out


def _slower_against_baseline(ctx: ClaimContext, qa):
    """"about 4% faster than plain fp8, which took 42.83 s" where the source gives 42.83 s
    beside 44.45 s: the claim's own figure is the baseline, and the source's other figure of
    that pair, the one the claim calls faster, is the slower by that very share."""
    given = [o.q for o in ctx.claim.quantities if o is not qa and not o.negated and not o.q.is_range
             and dimension(o.q.unit) in ("time", "rate")]
    named = _named_baseline(ctx)
    given = named or given
    found = None
    for r in ctx.ratios():
        for base, other in ((r.a, r.b), (r.b, r.a)):
            if not any(same_value(g, base.qa.q, bare_ok=False) for g in given):
                continue
            b, o = base_values(base.qa.q)[1], base_values(other.qa.q)[1]
            if not b or not o or dimension(base.qa.q.unit) != dimension(other.qa.q.unit):
                continue
            # the share of the baseline, or, where the sentence names its baseline's figure, also (as
            # writers count it) the share of the other figure; a multiple either way round
            if qa.q.unit == "x":
                shares = (o / b, b / o)
            else:
                shares = (abs(o - b) / b * 100, abs(o - b) / o * 100) if named else (abs(o - b) / b * 100,)
            if not any(value_in(qa.q, change, qa.q.unit) or abs(change - qa.q.high) <= max(0.6 if qa.q.unit == "%" else 0.1,
                                                                                         0.1 * qa.q.high)
                       for change in shares):
                continue
            slower = o > b if dimension(base.qa.q.unit) == "time" else o < b
            if not slower:
                return None  # a figure that is faster by that share stands beside the baseline too
            found = found or r
    return found



# "比 fp16 基线快了约 22%", "22% faster than the fp16 baseline": what the claim compares against
_AGAINST = compile_pattern(r"比\s*([^，,。；;]{1,24}?)\s*(?:快|慢|高|低|少|多)|\bthan\s+(?:the\s+)?([^,.;]{1,40})", re.IGNORECASE)


def _named_baseline(ctx: ClaimContext) -> list:
    """The baseline's figure where the sentence or the one before gives it after the baseline's name:
    "fp16 基线为 0.14 ms" before "AQLM 内核比 fp16 基线快了约 22%"; "0.18 ms against the fp16 baseline's
    0.14 ms". The first figure of a time or rate within a few characters after the name's first Latin word."""
    m = _AGAINST.search(ctx.claim.text)
    if m is None:
        return []
    names = [w for w in re.findall(r"[A-Za-z][A-Za-z0-9_.-]+", m.group(1) or m.group(2)) if w.casefold() not in ("the", "a")]
    if not names:
        return []
    name = names[0].casefold()
    for st in [ctx.claim] + ctx.earlier[-1:]:
        folded = st.text.casefold()
        # the name as a word's start: "sync" in "synchronous", not in "async"
        for at in (i for i in range(len(folded)) if folded.startswith(name, i) and not folded[i - 1:i].isalpha()):
            if st is ctx.claim and m.start() <= at < m.end():
                continue  # the comparison itself
            figures = [x.q for x in st.quantities if not x.negated and not x.q.is_range
                       and dimension(x.q.unit) in ("time", "rate")]
            # its figure after it in the same clause ("the synchronous engine (…) reached 58.89 requests/s"), or
            # right before it ("the 140 tok/s with AWQ Marlin")
            stop = _CLAUSE_STOP.search(folded, at + len(name))
            end = stop.start() if stop else len(folded)
            after = [q for q in figures if at < q.start < end]
            before = [q for q in figures if at - 16 <= q.end <= at]
            if after or before:
                return (after or before)[:1]
    return []


_CLAUSE_STOP = compile_pattern(r"[,，;；。]|\b(?:while|whereas|but)\b")


def conditions_dropped(ctx: ClaimContext) -> list[Finding]:
    """"24GB 的卡就能生成 2048×2048，不需要其他设置" where the source measured it with
    offloading and FP8 enabled."""
    if not ctx.claim.of("unconditional", affirmed=True):
        return []
    for qa in ctx.claim.quantities:
        for hit in matches(qa.q, ctx.facts, bare_ok=False):
            if hit.fact.statement.of("conditioned"):
                return [ctx.finding(
                    "overstatement", "warning",
                    f"The claim says {qa.q.raw} needs nothing more; the source gives it under stated settings.",
                    [hit.fact], "conditions-dropped")]
    return []


def proposal_called_shipped(ctx: ClaimContext) -> list[Finding]:
    """"DeepSpeed now sizes the bucket adaptively" where the cited source is an open
    feature request or a proposal: nothing has shipped. Not in a heading: it names its section's
    topic ("Background: why Jan ships its own llama.cpp"), which the body states and is checked on."""
    if ctx.sentence.block == "heading" or not ctx.claim.of("shipped", affirmed=True):
        return []
    if ctx.claim.of("proposal"):
        return []  # "路线图 #1582 里这一项已经打勾": the claim reports on the plan as a plan
    for score, doc in ctx.ranked_docs():
        if score < 2:
            break
        if doc.kind not in ("issue", "pull_request") or (doc.state or "").lower() != "open":
            continue
        # an issue that asks for it, or a PR whose title calls itself an RFC or proposal
        titles = [f for f in ctx.facts_of(doc) if f.kind == "title"]
        head = titles + (ctx.facts_of(doc)[:3] if doc.kind == "issue" else [])
        proposing = [f for f in head if f.statement.of("proposal", affirmed=True)]
        # the thread itself reports it done: "The forward kernel is now ~20% faster" in a comment on an RFC
        claim_gist = gist(ctx.claim.text)
        # (two words of it are enough where the sentence names the comment's writer)
        by_name = any(c.author and c.author.lstrip("@").casefold() in ctx.claim.text.casefold() for c in doc.comments)
        reported = any(f.where.startswith("comment") and f.statement.of("shipped", affirmed=True)
                       and len(claim_gist & gist(f.quote)) >= (2 if by_name else 3) for f in ctx.facts_of(doc))
        if proposing and not reported:
            return [ctx.finding(
                "overstatement", "warning",
                "The claim says this exists now; the cited source is an open proposal or feature request.",
                proposing[:1], "proposal-called-shipped")]
        break
    return []


def _target_family(mention) -> str | None:
    """Hardware models form one list; operating systems and compute back ends two others."""
    if mention.kind == "hardware":
        return "hardware"
    if mention.kind == "platform":
        return load_lexicon().platform_family.get(mention.key)
    return None


def _written(name: str, raw: str) -> bool:
    """Whether the folded source text writes the name, also across a coordination:
    "Intel CPUs and GPUs" writes "Intel GPUs"."""
    if name.casefold() in raw:
        return True
    parts = name.casefold().split()
    if len(parts) < 2:
        return False
    return re.search(re.escape(parts[0]) + r"\W+(?:[\w-]+\W+){0,3}?" + re.escape(parts[-1]) + r"(?!\w)", raw) is not None


# what may stand between two members of one list: a short qualifier of the first one
# ("Windows 10/11（64 位）", "macOS (Apple Silicon)", "昇腾 NPU") and a conjunction
_COORDINATION = compile_pattern(
    r"\s*(?:[（(][^()（）]{0,24}[)）])?\s*(?:[\u4e00-\u9fff]{0,4}\s*(?:NPUs?|GPUs?|CPUs?|设备|平台|芯片|devices?)|\d+(?:/\d+)*)?"
    r"\s*(?:[（(][^()（）]{0,24}[)）])?\s*(?:[,，、/]|and|or|和|与|及|以及|或)\s*(?:and\s+|or\s+)?"
    # the next member's maker ("and AMD ROCm", "和华为昇腾")
    r"(?:(?:AMD|NVIDIA|Intel|Apple|Qualcomm|Huawei|华为|英伟达|英特尔|苹果|高通)\s*)?", re.IGNORECASE)


def _coordinated(text: str, a, b) -> bool:
    """Whether two mentions are neighbours in one list ("macOS (Apple Silicon), Windows and X")."""
    first, second = (a, b) if a.start < b.start else (b, a)
    return first.end <= second.start and _COORDINATION.fullmatch(text[first.end:second.start]) is not None


def target_list_widened(ctx: ClaimContext) -> list[Finding]:
    """"runs on Linux, macOS and Windows" where the cited sources name Linux and macOS
    only: a list the source gives, with a member added that no cited source names.

    Only a list that shares at least one member with the sources counts: a lone
    "on H100" beside a source that speaks of "NVIDIA GPUs" is not a widening, and a
    sentence that names hardware the sources never speak of at all is not about them.
    Planned or denied members ("Windows support is planned", "not MI300X") are not claimed.
    """
    if not ctx.facts:
        return []
    claimed: dict[str, list] = {}
    parts = [m for m in ctx.claim.mentions if m.kind == "hardware"]
    for m in ctx.claim.mentions:
        family = _target_family(m)
        if family is None or m.negated:
            continue
        if m.kind != "hardware" and any(h.start <= m.start and m.end <= h.end for h in parts):
            continue  # "Intel Arc" of "Intel Arc A770" is the card's name, not a back end beside it
        if any(p.clause == m.clause for p in ctx.claim.of("proposal")):
            continue
        claimed.setdefault(family, []).append(m)
    if not claimed:
        return []
    named: dict[str, dict[str, list]] = {}  # family -> key -> facts naming it
    for fact in ctx.facts:
        for m in fact.statement.mentions:
            family = _target_family(m)
            if family in claimed:
                named.setdefault(family, {}).setdefault(m.key, []).append(fact)
    raw = " ".join(f"{d.title or ''} {d.text} {' '.join(c.text for c in d.comments)}" for d in ctx.docs).casefold()
    arch = load_lexicon().hardware_arch
    shared_by: dict[str, list] = {}
    added_by: dict[str, list] = {}
    for family, mentions in claimed.items():
        known = named.get(family, {})
        archs = {arch.get(k, k) for k in known}
        # "H100" beside a source that says "Hopper-only" (SM90): the same part, named by architecture
        shared_by[family] = [m for m in mentions if m.key in known or (family == "hardware" and arch.get(m.key, m.key) in archs)]
        added_by[family] = [m for m in mentions if m.key not in known and not _written(m.text, raw)
                            and (family != "hardware" or arch.get(m.key, m.key) not in archs)]
    every_shared = [m for ms in shared_by.values() for m in ms]
    out = []
    for family, mentions in claimed.items():
        known = named.get(family, {})
        shared, added = shared_by[family], added_by[family]
        if not shared:
            # "runs on macOS and Ascend NPU" where the source names macOS only: one list of
            # places to run, its members of different families (an OS, a back end, a GPU)
            added = [m for m in added if any(_coordinated(ctx.claim.text, m, o) for o in every_shared)]
            shared = [o for o in every_shared if any(_coordinated(ctx.claim.text, m, o) for m in added)]
            known = {o.key: named.get(_target_family(o), {}).get(o.key, []) for o in shared}
        if not shared or not added:
            continue
        if ctx.voice.first_party and len(known) < 2:
            continue  # a project's own list, beside a source that names one member only: no list to widen
        evidence = [f for m in shared for f in known.get(m.key, [])][:2] or [f for fs in known.values() for f in fs][:2]
        listed = ", ".join(sorted(known))
        extra = ", ".join(dict.fromkeys(m.text for m in added))
        out.append(ctx.finding(
            "overstatement", "warning",
            f"The claim adds {extra} to what the cited sources name ({listed}); no cited source mentions it.",
            evidence, "target-list-widened", suggestion=f"name only what the source lists ({listed})"))
    return out



def range_ends_compared(ctx: ClaimContext) -> list[Finding]:
    """"GEPA needs about 100 evaluations where GRPO needs 25,000" where the README gives "100–500
    evaluations vs. 5,000–25,000+": two figures of the claim that are ends of two ranges of one source
    passage, the low end of one and the high end of the other. The source compares ranges; the claim
    picks the ends that widen the gap."""
    own = [qa for qa in ctx.claim.quantities if not qa.negated and not qa.q.is_range]
    if len(own) < 2:
        return []
    for fact in ctx.facts:
        ranges = [x for x in fact.statement.quantities if x.q.is_range]
        if len(ranges) < 2:
            continue
        ends = []  # (claim figure, range, "low" | "high")
        for qa in own:
            for r in ranges:
                for side, value in (("low", r.q.low), ("high", r.q.high)):
                    if same_value(qa.q, r.q.model_copy(update={"low": value, "high": value})):
                        ends.append((qa, r, side))
        for a, ra, sa in ends:
            for b, rb, sb in ends:
                if a is not b and ra is not rb and (sa, sb) == ("low", "high") and compatible(ra.q.unit, rb.q.unit):
                    return [ctx.finding(
                        "overstatement", "warning",
                        f"{a.q.raw} is the low end of {ra.q.raw} and {b.q.raw} the high end of {rb.q.raw}; the source "
                        "compares the two ranges, not those ends.", [fact], "range-ends-compared")]
    return []


_MEMORY = compile_pattern(r"显存|内存|\b(?:memory|VRAM|RAM)\b", re.IGNORECASE)


def memory_unchanged(ctx: ClaimContext) -> list[Finding]:
    """"批处理在提速的同时，显存占用基本不变" where #449 says "up to 4x speedup while taking up ~2x the
    memory": memory told as unchanged where a source sentence gives it a multiple or a share. Only the
    sentence's own thread (named by number) speaks, or failing one, a sentence that shares a name with it."""
    same = ctx.claim.of("no_change", affirmed=True)
    text = ctx.claim.text
    if not same or not any(_MEMORY.search(text, c.start, c.end) for i, c in enumerate(ctx.claim.clauses)
                           if any(n.clause == i for n in same)):
        return []
    named = ctx.referenced()
    names = words(text)
    urls = {d.url for d in named}
    for fact, sentence, clause in source_clauses(ctx):
        if named and fact.url not in urls or not named and not names & words(sentence):
            continue
        if not _MEMORY.search(sentence[clause.start:clause.end]):
            continue
        at = fact.statement.text.find(sentence)
        moved = [x for x in sentence_figures(fact, sentence) if clause.start <= x.q.start - at < clause.end
                 and x.q.unit in ("x", "%") and x.q.high not in (0, 1) and not x.negated]
        if moved:
            return [ctx.finding("overstatement", "warning",
                                f"The claim says memory use stays the same; the source gives it as {moved[0].q.raw}.",
                                [sentence_evidence(fact, sentence)], "memory-unchanged")]
    return []

_SIMILARITY = compile_pattern(r"(?<![A-Za-z])(SSIM|PSNR|LPIPS|FID|MSE|KL divergence|cosine similarity)(?![A-Za-z])", re.IGNORECASE)

# the column a table gives a change's ends under: "| Mean val loss | Baseline: 3.2777 | This PR: 3.2785 |"
_BEFORE_COLUMN = compile_pattern(r"(?:^|\|)\s*(?:baseline|before|old|original|upstream|main|master|reference|ref|base|"
                                 r"基线|之前|优化前|原始|原版)\b[^|:：]{0,24}[:：]\s*$", re.IGNORECASE)
_AFTER_COLUMN = compile_pattern(r"(?:^|\|)\s*(?:after|new|this pr|pr|candidate|ours|optimized|patched|with (?:the )?(?:pr|patch|change)|"
                                r"优化后|之后|本 ?pr|新)\b[^|:：]{0,24}[:：]\s*$", re.IGNORECASE)


def _end_of(fact: Fact, qa) -> str | None:
    """Which end of a change a source figure is: its own from->to role, or the column of a table that
    names the before and the after ("Baseline", "This PR")."""
    if qa.role in ("before", "after"):
        return qa.role
    if fact.kind != "row":
        return None
    lead = fact.statement.text[:qa.q.start]
    lead = lead[lead.rfind("|"):] if "|" in lead else lead
    if _BEFORE_COLUMN.search(lead):
        return "before"
    if _AFTER_COLUMN.search(lead):
        return "after"
    return None


def change_reversed(ctx: ClaimContext) -> list[Finding]:
    """A change told backwards: "mean val loss 从 3.2785 降到 3.2777" where the PR's table gives the baseline
    3.2777 and the PR 3.2785. Both ends must be figures unlikely to recur by chance, and one passage must give
    both, each as the other end."""
    qs = ctx.claim.quantities
    for a, b in zip(qs, qs[1:]):
        if a.role != "before" or b.role != "after" or a.negated or b.negated:
            continue
        if not (distinctive(a.q) and distinctive(b.q)) or same_value(a.q, b.q, strict=True):
            continue
        for fact in ctx.facts:
            theirs_a = [x for x in fact.statement.quantities if same_value(a.q, x.q, strict=True)]
            theirs_b = [x for x in fact.statement.quantities if same_value(b.q, x.q, strict=True)]
            if len(theirs_a) != 1 or len(theirs_b) != 1 or theirs_a[0] is theirs_b[0]:
                continue
            if _end_of(fact, theirs_a[0]) == "after" and _end_of(fact, theirs_b[0]) == "before":
                told = f"{a.q.raw} → {b.q.raw}"
                given = f"{b.q.raw} → {a.q.raw}"
                return [ctx.finding("overstatement", "warning",
                                    f"The claim tells the change as {told}; the source gives it as {given}.",
                                    [fact], "change-reversed", suggestion=given)]
    return []


CHECKS = [named_row_not_top, lead_over_row_reversed, range_top, list_top, column_top, floor_above_rows, bound_exceeds_source, sign_flipped, hedge_dropped, rounded_up, scope_widened, status_raised, change_denied,
          every_row_improved, gain_where_source_sees_none, parity_claimed, speed_flipped, conditions_dropped, proposal_called_shipped,
          target_list_widened, extreme_contradicted, one_of_dropped, range_ends_compared, memory_unchanged,
          change_reversed]
