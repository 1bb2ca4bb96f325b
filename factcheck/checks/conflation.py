"""Metric conflation: numbers of different metrics, records, configurations or
points on a curve combined, compared or equated, or given under another name."""
from __future__ import annotations

import re

from ..align import Ratio, compatible, dimension, distinctive, is_result, matches, same_value
from ..extract.statement import QuantityAt
from ..lexicon import load_lexicon
from ..models import Finding
from ..regex_cache import compile_pattern
from .context import ClaimContext
from .figures import set_against
from .polarity import SENTENCE_END, gist, glossed, in_code, sentence_figures, source_sentences, stems
from .tables import bare_name, fold_text, named_in, table_key, table_rows


def _aspect(metric: str | None) -> str | None:
    return load_lexicon().metric_aspect.get(metric, metric) if metric else None


def _metric_name(metric: str | None) -> str:
    return load_lexicon().metric_names.get(metric, metric) if metric else "another metric"


def ratio_of_other_metric(ctx: ClaimContext) -> list[Finding]:
    """"3.4x faster end to end" where 3.4x is the denoising ratio and the
    end-to-end figures give 2.97x."""
    out = []
    for qa in ctx.claim.quantities:
        if qa.negated or qa.q.unit != "x" or qa.q.is_range or not qa.metric:
            continue
        every = ctx.ratios()
        want = _aspect(qa.metric)
        hits = [r for r in every if same_value(qa.q, qa.q.model_copy(update={"low": r.value, "high": r.value}))]
        if not hits or any(_aspect(r.metric) in (want, None) for r in hits):
            continue
        own = [r for r in every if _aspect(r.metric) == want]
        if not own:
            continue
        other, right = hits[0], own[0]
        out.append(ctx.finding(
            "metric-conflation", "error",
            f"{qa.q.raw} is the {_metric_name(other.metric)} ratio ({_pair(other)}); the source's "
            f"{_metric_name(right.metric)} figures ({_pair(right)}) give {right.value:.2f}x.",
            [other.a.fact, right.a.fact], "ratio-of-other-metric", suggestion=f"{right.value:.1f}x"))
    return out


def _pair(r: Ratio) -> str:
    return f"{r.a.qa.q.raw} vs {r.b.qa.q.raw}"


def peaks_joined(ctx: ClaimContext) -> list[Finding]:
    """Two results of different metrics said to hold at once, in one configuration."""
    if not ctx.claim.of("simultaneity", affirmed=True):
        return []
    stated = [qa for st in ctx.paragraph for qa in st.quantities if qa.metric and not qa.negated]
    if len({_aspect(qa.metric) for qa in stated}) < 2:
        return []
    backing = [h.fact for qa in stated for h in matches(qa.q, ctx.facts, bare_ok=False)]
    if not backing or any(f.statement.of("simultaneity", affirmed=True) for f in backing):
        return []
    names = " and ".join(sorted({_metric_name(qa.metric) for qa in stated}))
    return [ctx.finding(
        "metric-conflation", "error",
        f"The source reports {names} as separate results (different points of a trade-off); "
        "it does not say one configuration reached both.",
        backing, "peaks-joined")]


def condition_contradicted(ctx: ClaimContext) -> list[Finding]:
    """A condition the claim asserts (TP8, H100, FP8) that the source rules out, or
    a parallelism the source's own setup does not use (TP4 where it runs Ulysses 2)."""
    out = []
    for m in ctx.claim.mentions:
        if m.negated or m.kind not in {"parallelism", "hardware", "precision"}:
            continue
        # "not TP8", "不是 TP8", "rather than H100": the denial must stand right before the
        # condition; "H100 coverage shows this is not a reliable default" denies something else
        denied = [f for f in ctx.facts if _denied_here(f, m.kind, m.key)]
        stated = [f for f in ctx.facts if m.key in f.statement.keys(m.kind, affirmed=True)]
        if stated:
            continue
        if denied:
            # hardware the source rules out widens the result to it; a parallelism or
            # precision it rules out puts the figure under another configuration
            category = "overstatement" if m.kind == "hardware" else "metric-conflation"
            out.append(ctx.finding(
                category, "error",
                f"The claim puts the result under {m.text}; the source rules that configuration out.",
                denied, "condition-contradicted"))
        elif m.kind == "parallelism" and m.key.startswith("TP"):
            # only the setup of the document the sentence speaks of: one it names, or one that
            # carries its figures; with several cited documents and neither, another PR's TP says nothing
            about = {d.url for d in ctx.referenced()} or {
                h.fact.url for qa in ctx.claim.quantities if is_result(qa.q) and not qa.negated
                for h in matches(qa.q, ctx.facts, bare_ok=False)}
            if not about and len(ctx.docs) > 1:
                continue
            other = [f for f in ctx.facts if f.statement.keys("parallelism", affirmed=True) - {m.key}
                     and (not about or f.url in about)]
            if other:
                used = sorted({k for f in other for k in f.statement.keys("parallelism", affirmed=True)})
                out.append(ctx.finding(
                    "metric-conflation", "error",
                    f"The claim puts the result under {m.text}; the source's setup is {', '.join(used)}.",
                    other[:2], "condition-contradicted"))
    return out


def _denied_here(fact, kind: str, key: str) -> bool:
    st = fact.statement
    for m in st.of(kind, affirmed=False):
        if m.key != key:
            continue
        clause = st.clauses[m.clause]
        if any(0 <= m.start - ce <= 12 for _, ce in clause.cues):
            return True
    return False


def change_mismatch(ctx: ClaimContext) -> list[Finding]:
    """"从 584 bytes 减至 512 bytes" where the source's 584 goes to 528, and 512 is
    another row's number (page stride, not bytes per token)."""
    out = []
    for before, after in ctx.claim.changes():
        if before.negated:
            continue
        with_before = matches(before.q, ctx.facts, bare_ok=False)
        if not with_before:
            out.extend(_bare_change_mismatch(ctx, before, after))
            continue
        if any(_has(h.fact, after) for h in with_before):
            continue
        docs = {h.fact.url for h in with_before}
        after_hits = [h for h in matches(after.q, ctx.facts, bare_ok=False) if h.fact.url in docs]
        fact = with_before[0].fact
        # the source's own change from that figure ("awq 40m->17m"), else its first figure of the unit
        partner = next((b for a, b in fact.statement.changes() if a is with_before[0].qa), None) or next(
            (qa for qa in fact.statement.quantities
             if not same_value(before.q, qa.q) and compatible(before.q.unit, qa.q.unit, bare_ok=False)), None)
        said = f"{before.q.raw} → {partner.q.raw}" if partner else before.q.raw
        if any(_down_one_column(b, a) for b in with_before for a in after_hits):
            continue  # "TP2 时 73%，TP4 后 62%": one column of the table, read down its rows
        if after_hits:
            # Both figures are in the document (a before line and an after line, as a
            # benchmark log prints them): a mix-up if they measure different things, or if
            # the before's own row pairs it with another figure of its unit
            # ("616.437 → 702.757" in one table, 2416.50 in another).
            before_metrics = {_aspect(h.qa.metric) for h in with_before} - {None}
            after_metrics = {_aspect(h.qa.metric) for h in after_hits} - {None}
            same_unit = [x for x in fact.statement.quantities if x.q.unit == before.q.unit]
            # only a plain two-figure row ("| 8 | 616.437 | 702.757 |") names the before's partner
            paired = (partner is not None and partner.q.unit == before.q.unit and fact.kind == "row"
                      and len(same_unit) == 2)
            if not paired and (not before_metrics or not after_metrics or before_metrics & after_metrics):
                continue
            what = (f"{after.q.raw} is its {_metric_name(after_hits[0].qa.metric)}, "
                    f"not the {_metric_name(with_before[0].qa.metric)}") if not paired else (
                f"{after.q.raw} comes from another row or table")
            out.append(ctx.finding(
                "metric-conflation", "error", f"The source gives {said}; {what}.",
                [fact, after_hits[0].fact], "change-mismatch", suggestion=partner.q.raw if partner else None))
        elif not any(_has(f, after) for f in ctx.facts):
            out.append(ctx.finding(
                "unsupported", "error", f"The source gives {said}, not {after.q.raw}.", [fact], "change-mismatch",
                suggestion=partner.q.raw if partner else None))
    return out


# "from 120 to 200" is read as one range: after "from", its ends are a before and an after
FROM_BEFORE = compile_pattern(r"(?:from|从|由)\s*$", re.IGNORECASE)


def _bare_change_mismatch(ctx: ClaimContext, before, after) -> list[Finding]:
    """A change of unitless figures ("T5 token 上限从 120 扩展到 300") against the source's own change
    from the same figure ("Extending T5 tokens from 120 to 200"): only a stated change anchors a
    bare number; it must end where the claim's does."""
    if before.q.unit or after.q.unit:
        return []
    pairs = [(f, a.q.high, b.q.high, f"{a.q.raw} → {b.q.raw}") for f in ctx.facts for a, b in f.statement.changes()
             if not a.q.unit and not b.q.unit]
    # "Extending T5 tokens from 120 to 200", read as one range
    pairs += [(f, x.q.low, x.q.high, f"{x.q.low:g} → {x.q.high:g}") for f in ctx.facts for x in f.statement.quantities
              if x.q.is_range and not x.q.unit and FROM_BEFORE.search(f.statement.text, max(0, x.q.start - 6), x.q.start)]
    pairs = [p for p in pairs if abs(p[1] - before.q.high) < 1e-9 and p[1] != p[2]]
    if not pairs or any(abs(p[2] - after.q.high) < 1e-9 for p in pairs):
        return []
    fact, _, end, said = pairs[0]
    theirs = "%g" % end
    return [ctx.finding("unsupported", "error", f"The source gives {said}, not {after.q.raw}.", [fact],
                        "change-mismatch", suggestion=theirs)]


def _down_one_column(a, b) -> bool:
    """Two hits in one column of one source table, on different rows (a row's cells are
    its clauses)."""
    fa, fb = a.fact, b.fact
    return (fa.kind == fb.kind == "row" and fa is not fb and fa.url == fb.url and fa.where == fb.where
            and fa.table == fb.table and a.qa.clause == b.qa.clause)


def metric_renamed(ctx: ClaimContext) -> list[Finding]:
    """A number given under another metric's name: "端到端 7.45 秒" where the
    source's 7.45 s is the denoising time."""
    out = []
    for qa in ctx.claim.quantities:
        want = _aspect(qa.metric)
        if qa.negated or not want or qa.q.is_range:
            continue
        rare = distinctive(qa.q)
        # a distinctive figure may be a bare table cell whose column header names its metric
        hits = [h for h in matches(qa.q, ctx.facts, bare_ok=rare, strict=True) if not h.qa.q.is_range
                and (h.qa.q.unit or h.fact.kind == "row")]
        # a metric the figure's own unit cannot measure names nothing: "259,136 tokens (end-to-end serving)"
        # is a count, not an end-to-end time
        named = [h for h in hits if h.qa.metric and _unit_fits(h.qa.metric, h.qa.q.unit)]
        if not named or len(named) < len(hits) or any(_aspect(h.qa.metric) == want for h in named):
            continue
        other = named[0]
        if rare:
            evidence, severity = [other.fact], "error"
        else:
            # "22x" may recur by chance: only when the same source also gives the claimed metric,
            # in the same unit, with another value ("Generate … 1.04x" beside "TTFT … 22x")
            own = [f for f in ctx.facts if f.url == other.fact.url for x in f.statement.quantities
                   if _aspect(x.metric) == want and x.q.unit == qa.q.unit and not same_value(qa.q, x.q)]
            if not own:
                continue
            evidence, severity = [other.fact, own[0]], "warning"
        out.append(ctx.finding(
            "metric-conflation", severity,
            f"In the source, {other.qa.q.raw} is the {_metric_name(other.qa.metric)}, not the {_metric_name(qa.metric)}.",
            evidence, "metric-renamed"))
    return out


_REQUEST_ASPECTS = {"e2e"}


def _unit_fits(metric: str, unit: str) -> bool:
    """Whether a figure in ``unit`` can be a value of ``metric``: a latency is a time and a throughput a
    rate; a unitless figure, a ratio or a share can stand for either (a speedup, a change)."""
    want = _family_dimension(metric)
    have = dimension(unit)
    return want is None or not unit or have in ("ratio", "percent", "pp") or have == want


MODEL_SIZE = compile_pattern(r"\d\s*B$")  # a bare "B" after a figure: a model's size


def kernel_as_request(ctx: ClaimContext) -> list[Finding]:
    """A kernel or per-layer result stated for a whole request or service."""
    out = []
    if ctx.sentence.block == "heading":  # a heading names its section's subject; the body states the result
        return out
    request_words = ctx.claim.of("scope", affirmed=True)
    for qa in ctx.claim.quantities:
        if qa.negated or not is_result(qa.q) or MODEL_SIZE.search(qa.q.raw):
            continue  # ("4B 与 9B 两个版本": a model's size, not bytes a kernel or a request moved)
        # "up to 2.39x end to end and up to 1.98x on the kernel microbenchmark": each figure
        # is what the words of its own conjunct say it measures
        own = _scopes_near(ctx.claim, qa)
        if own is None:  # the words of its clause; a metric named elsewhere in the sentence yields to them
            own = {m.key for m in request_words if m.clause == qa.clause}
        says_request = "request" in own or (_aspect(qa.metric) in _REQUEST_ASPECTS and "kernel" not in own)
        if not says_request:
            continue
        # a distinctive figure may stand bare in a table whose header gives the unit ("25.70" under "ms/pass")
        hits = matches(qa.q, ctx.facts, bare_ok=distinctive(qa.q)) + list(_range_ends(qa, ctx))
        if qa.q.is_range:  # "1.14x to 1.17x" gathered from two lines of the source
            for end in (qa.q.low, qa.q.high):
                hits += matches(qa.q.model_copy(update={"low": end, "high": end}), ctx.facts, bare_ok=False)
        derived = []
        if qa.q.unit == "x":  # a ratio of two kernel timings is a kernel speedup too
            derived = [h for r in ctx.ratios() if same_value(qa.q, qa.q.model_copy(update={"low": r.value, "high": r.value}))
                       for h in (r.a, r.b)]
        if not hits and not derived:
            continue
        # what the figure measures, read where it stands: its clause, or its row's label;
        # only figures the source prints can show it measured whole requests
        # a ratio computed from two timings counts only where the source prints no such figure:
        # two cells of a long kernel table make many ratios by chance
        kernel = [h for h in (hits or derived) if "kernel" in _scope_at(h)]
        request = [h for h in hits if "request" in _scope_at(h)]
        hits = hits or derived
        if kernel and not request:
            evidence = [kernel[0].fact]
        elif not kernel and not request:  # the figures' own words say nothing: ask their documents
            docs = {h.fact.url for h in hits}
            doc_facts = [f for f in ctx.facts if f.url in docs]
            kernel_facts = [f for f in doc_facts if "kernel" in f.statement.keys("scope")]
            if not kernel_facts or any(_speaks_of_requests(f) for f in doc_facts):
                continue
            evidence = [hits[0].fact, kernel_facts[0]]
        else:
            continue
        out.append(ctx.finding(
            "metric-conflation", "warning",
            f"The source measures {qa.q.raw} for a kernel or layer; the claim states it for whole requests.",
            evidence, "kernel-as-request"))
    return out


_CONJUNCT = compile_pattern(r"\s+(?:and|while|whereas|but)\s+|[，,；;、]|\s*(?:与|和|而)\s*")


def _scopes_near(st, qa) -> set[str] | None:
    """The scope words (kernel, request) of the conjunct that holds a figure, when its
    clause holds several result figures and the conjunct isolates this one with scope
    words of its own; None otherwise."""
    clause = st.clauses[qa.clause]
    figures = [o for o in st.quantities if o.clause == qa.clause and is_result(o.q)]
    if len(figures) < 2:
        return None
    text = st.text[clause.start:clause.end]
    cuts = [clause.start, *(clause.start + m.start() for m in _CONJUNCT.finditer(text)), clause.end]
    start = max(c for c in cuts if c <= qa.q.start)
    end = min((c for c in cuts if c >= qa.q.end), default=clause.end)
    if sum(start <= o.q.start < end for o in figures) != 1:
        return None
    keys = {m.key for m in st.of("scope") if start <= m.start < end and m.key in ("kernel", "request")}
    return keys or None


def _scope_at(hit) -> set[str]:
    st = hit.fact.statement
    near = _scopes_near(st, hit.qa)
    if near is not None:
        return near
    # a table cell reads "header: value", so its header is the clause before it
    clauses = {hit.qa.clause} | ({0, hit.qa.clause - 1} if hit.fact.kind == "row" else set())
    keys = {m.key for m in st.of("scope") if m.clause in clauses}
    for q in st.quantities:
        if q.clause in clauses and q.metric:
            aspect = _aspect(q.metric)
            keys |= {"request"} if aspect in _REQUEST_ASPECTS else {"kernel"} if aspect == "kernel" else set()
    if not keys and dimension(hit.qa.q.unit) == "flops":
        keys = {"kernel"}  # "~10 TFLOPS vs ~270 TFLOPS": a compute rate, measured on the kernel unless said otherwise
    return keys


def _speaks_of_requests(fact) -> bool:
    """A passage that gives a whole-request result: a figure under an end-to-end
    metric, or a result figure beside words of whole requests. "requests per
    second were not measured" or a prose mention of requests gives none."""
    if any(_aspect(q.metric) in _REQUEST_ASPECTS for q in fact.statement.quantities if not q.negated):
        return True
    return "request" in fact.statement.keys("scope", affirmed=True) and any(
        is_result(q.q) and not q.negated for q in fact.statement.quantities)


def statistic_swapped(ctx: ClaimContext) -> list[Finding]:
    """"On average … 6.58%" where the source's 6.58% is the median."""
    out = []
    for qa in ctx.claim.quantities:
        if qa.negated or not is_result(qa.q):
            continue
        named = ctx.claim.of("statistic", affirmed=True)
        claimed = {m.key for m in named if m.clause == qa.clause}
        if not claimed and len({m.key for m in named}) == 1:  # "On average, … 6.58%"
            claimed = {named[0].key}
        if not claimed:
            continue
        hits = [h for h in matches(qa.q, ctx.facts, bare_ok=False, strict=True) if not h.qa.q.is_range]
        stated = [(h, _statistic_near(h)) for h in hits]
        if any(keys & claimed for _, keys in stated):
            continue
        summaries = [(h, keys) for h, keys in stated if keys]  # a bare table cell is one point, not a summary
        if not summaries:
            continue
        h, keys = summaries[0]
        out.append(ctx.finding(
            "metric-conflation", "error",
            f"In the source, {h.qa.q.raw} is the {'/'.join(sorted(keys))}, not the {'/'.join(sorted(claimed))}.",
            [h.fact], "statistic-swapped"))
    return out


def _statistic_near(hit) -> set[str]:
    """The statistic words in the clause of a fact's number (or in its row's label)."""
    st = hit.fact.statement
    keys = {m.key for m in st.of("statistic") if m.clause == hit.qa.clause}
    if not keys and hit.fact.kind == "row":
        keys = {m.key for m in st.of("statistic") if m.clause == 0}
    return keys


def _range_ends(qa: QuantityAt, ctx: ClaimContext):
    from ..align import Hit

    for f in ctx.facts:
        for fq in f.statement.quantities:
            if fq.q.is_range and compatible(qa.q.unit, fq.q.unit, bare_ok=False) and any(
                    same_value(qa.q, fq.q.model_copy(update={"low": e, "high": e})) for e in (fq.q.low, fq.q.high)):
                yield Hit(f, fq)


def row_swapped(ctx: ClaimContext) -> list[Finding]:
    """A figure from another row of the source's table: "int8 … LPIPS 为 0.058"
    where 0.058 is the fp8 row's and the int8 row gives 0.069."""
    out = []
    for qa in ctx.claim.quantities:
        # the "before" of a stated change comes from the baseline's row by design
        if qa.negated or qa.q.is_range or qa.role == "before":
            continue
        probes = [qa.q] if distinctive(qa.q) else []
        if qa.q.unit == "%" and qa.q.low > 0:  # "improves by 23%" is the table's 1.234x
            probes.append(qa.q.model_copy(update={"low": 1 + qa.q.low / 100, "high": 1 + qa.q.high / 100,
                                                  "unit": "x", "raw": _as_ratio_raw(qa.q)}))
        hits = [h for p in probes for h in matches(p, ctx.facts, bare_ok=True, strict=True)
                if h.fact.kind == "row" and distinctive(h.qa.q)]
        for kind in ("precision", "hardware", "parallelism"):
            claimed = ctx.claim.keys(kind, affirmed=True)
            if not claimed or not hits:
                continue
            labelled = [(h, _row_keys(h.fact, kind)) for h in hits]
            if any(not keys or keys & claimed for _, keys in labelled):
                continue
            h, keys = labelled[0]
            mine = [f for f in _table_of(ctx, h.fact) if _row_keys(f, kind) & claimed]
            if not mine:
                continue
            # the claimed row most like the quoted one in its other cells (same test, same threads)
            cells = set(h.fact.quote.split("|"))
            mine.sort(key=lambda f: -len(cells & set(f.quote.split("|"))))
            if any(same_value(other.q, x.q) for f in mine for x in f.statement.quantities if x.clause == h.qa.clause
                   for other in ctx.claim.quantities if other is not qa):
                break  # "吞吐高出 50%（534.18 对 805.69）": a sentence that quotes both rows' cells of a column compares them
            theirs = _same_column(mine[0], h.qa.clause)
            gives = f"; the {'/'.join(sorted(claimed))} row gives {theirs}" if theirs else ""
            out.append(ctx.finding(
                "metric-conflation", "error",
                f"In the source, {h.qa.q.raw} is the {'/'.join(sorted(keys))} row's figure{gives}.",
                [h.fact, mine[0]], "row-swapped", suggestion=theirs))
            break
    return out


def named_row_swapped(ctx: ClaimContext) -> list[Finding]:
    """A figure from another row than the one the sentence names: "ideogram4-fp8 falls
    from 15.458 s to 13.665 s" where those are the ernie-image-turbo row's figures."""
    out = []
    whole = ctx.claim.text.casefold()
    whole_folded = _fold_label(whole)
    for qa in ctx.claim.quantities:
        if qa.negated:
            continue
        # the rows the sentence puts the figure on, named up to the end of the figure's own clause: "把校准样本从
        # 512 条减到 256 条，或者用 `--device cpu` 量化" names the `--device` row for another matter, after it
        # (the figure's own row may be named anywhere: "$0.05, the same as Gen-4 Turbo")
        text = ctx.claim.text[:_clause_end(ctx, qa.q.end)].casefold()
        folded = _fold_label(text)
        rare = distinctive(qa.q)
        hits = [h for h in matches(qa.q, ctx.facts, bare_ok=True, strict=True) if h.fact.kind == "row"]
        tables = {table_key(h.fact) for h in hits}
        if len(tables) > 1 and any(_names_row(h.fact, _table_names(_table_of(ctx, h.fact)), whole_folded, whole)
                                   for h in hits):
            continue  # the figure stands in a row the sentence names, in one of several tables ("surya … recall 0.961"
            #           is the detection table's 0.960807, not the layout table's "Table" row's 0.96104)
        for hit in hits:
            if _figure_in_name(hit, qa, ctx.claim.text):
                continue
            rows = _table_of(ctx, hit.fact)
            names = _table_names(rows)
            label = _row_label(hit.fact)
            # a row is named however the sentence spells it, by any cell of its own: "Gen-4 Aleph" names
            # the row of `runwayml/gen4_aleph`
            # (the table's header line, "Model | Context Window | Dimensions", is no row: "English model" names none)
            named = [f for f in rows if f is not hit.fact and _row_label(f) and _keyed(f)
                     and _names_row(f, names, folded, text)]
            if rare and not named and not _names_row(hit.fact, names, whole_folded, whole):
                # the row it names stands in another table of the same document ("Panther Lake (iGPU)" beside
                # "Arrow Lake (CPU)"): each table's names are its own
                named, theirs_names = _named_elsewhere(ctx, hit.fact, folded, text)
                names = {**names, **theirs_names}
                # not a name that heads a column of the figure's own table ("InternLM3-8B-Instruct" over "83.1"):
                # the sentence names the column, and the other table's row is that model's downloads
                heads = {_fold_label(_header(hit.fact.statement, x.clause)) for x in hit.fact.statement.quantities} - {""}
                named = [f for f in named if not any(
                    _fold_label(n.rsplit("/", 1)[-1]) in heads for n in names.get(id(f), []) if n)]
            # a common figure ("$0.05") counts only where the named row gives another one in its column, and
            # only as written: "三次 README 修改" is no rounding of a cell's 3.27
            if not rare and (hit.qa.q.high != qa.q.high or not any(
                    _same_column(f, hit.qa.clause) not in (None, hit.qa.q.raw) for f in named)):
                continue
            hit_named = _names_row(hit.fact, names, whole_folded, whole)
            if label and hit_named and named and _said_same(ctx.claim.text):
                # "Gen-4 Aleph costs $0.05, the same as Gen-4 Turbo": the figure is put on every row named
                named = [f for f in named if _same_column(f, hit.qa.clause) not in (None, hit.qa.q.raw)]
                if named and not any(_has(f, qa) for f in named):
                    theirs = _same_column(named[0], hit.qa.clause)
                    out.append(ctx.finding(
                        "metric-conflation", "error",
                        f"In the source, {hit.qa.q.raw} is the {_row_title(hit.fact, names)} row's figure; the "
                        f"{_row_title(named[0], names)} row gives {theirs}.", [hit.fact, named[0]], "named-row-swapped",
                        suggestion=theirs))
                    return out
                continue
            if not label or hit_named or not named or any(_row_label(f) in label for f in named):
                continue
            if _label_in(label, whole_folded, whole):
                continue  # "表格第四行（5.66 samp/s）的 GPU 一栏写的仍是 H200": the row's own label, named though shared
            if _own_label_named(hit, whole):
                continue  # "max_response_length 为 32768": the sentence names the figure's own cell
            # a sentence that also quotes the named row compares the two rows ("0.585 s，比 GGUF 的 0.802 s")
            if any(_has(f, other) for f in named for other in ctx.claim.quantities):
                continue
            theirs = _same_column(named[0], hit.qa.clause)
            gives = f"; the {_row_title(named[0], names)} row gives {theirs}" if theirs else ""
            label = _row_title(hit.fact, names)
            out.append(ctx.finding(
                "metric-conflation", "error",
                f"In the source, {hit.qa.q.raw} is the {label} row's figure{gives}.",
                [hit.fact, named[0]], "named-row-swapped", suggestion=theirs))
            return out
    return out


def _keyed(row) -> bool:
    """Whether a row passage gives its cells under their column's heads ("Rollout | Value: vLLM"): the table's own
    header line ("Model | Context Window | Dimensions") gives none."""
    return any(sep for _, sep, _ in (cell.partition(": ") for cell in row.statement.text.split(" | ")[1:]))


_NAME_TOKEN = compile_pattern(r"[A-Za-z_][\w.-]{3,}")


def _named_elsewhere(ctx: ClaimContext, row, folded: str, text: str) -> tuple[list, dict[int, list[str]]]:
    """The rows of the document's other tables that the sentence names, each by its own table's names,
    and those tables' names (``_table_names``)."""
    tables: dict[tuple, list] = {}
    for f in ctx.facts:
        if f.kind == "row" and f.url == row.url and (f.where, f.table) != (row.where, row.table):
            tables.setdefault((f.where, f.table), []).append(f)
    out, every = [], {}
    for rows in tables.values():
        names = _table_names(rows)
        every.update(names)
        out += [f for f in rows if _row_label(f) and _names_row(f, names, folded, text)]
    return out, every

def _own_label_named(hit, text: str) -> bool:
    """Whether the name written right before the figure in its own cell ("`max_response_length=32768`")
    stands in the (folded) sentence: then the sentence quotes that cell, whatever its row is called."""
    st = hit.fact.statement
    clause = st.clauses[hit.qa.clause]
    start = max([clause.start] + [o.q.end for o in st.quantities
                                  if o.clause == hit.qa.clause and o.q.end <= hit.qa.q.start])
    return any(t.casefold() in text for t in _NAME_TOKEN.findall(st.text[start:hit.qa.q.start]))


# one figure put on several named things: "the same as Gen-4 Turbo", "与 … 相同", "都是"
_SAME_FIGURE = compile_pattern(r"\b(?:the )?same as\b|\blikewise\b|\bboth (?:at|cost|costs|priced)\b|相同|一样|都是|均为",
                               re.IGNORECASE)


def _said_same(text: str) -> bool:
    return _SAME_FIGURE.search(text) is not None


def _clause_end(ctx: ClaimContext, at: int) -> int:
    """Where the claim's clause that holds ``at`` ends (the text's end when no clause holds it)."""
    return next((c.end for c in ctx.claim.clauses if c.start <= at <= c.end), len(ctx.claim.text))


def _fold_label(text: str) -> str:
    # "Ulysses-2×Ring-2" is the row "ulysses-2 x ring-2"
    return re.sub(r"[^0-9a-z\u4e00-\u9fff]", "", text.casefold().replace("×", "x"))


def _label_in(label: str, folded_text: str, text: str = "") -> bool:
    """Whether a row's name stands in the sentence, separators and an owner prefix aside
    ("runwayml/gen4_aleph" in "Gen-4 Aleph costs …"). Names of four characters or more once folded;
    a shorter model name ("S1") only as a word of its own in the casefolded ``text`` ("S1" is not in "S1-mini")."""
    name = _fold_label(label.rsplit("/", 1)[-1])
    if len(name) < 4:
        return bool(text) and re.fullmatch(r"[a-z]+\d+|\d+[a-z]+", name) is not None and re.search(
            rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text) is not None
    if text and re.fullmatch(r"[a-z]+", label.rsplit("/", 1)[-1].strip().casefold()):
        # a one-word name ("form") only as a word, or its plural: not inside "performance"
        return re.search(rf"(?<![a-z]){re.escape(name)}(?:e?s)?(?![a-z])", text.casefold()) is not None
    if name not in folded_text:
        return False
    if not text:
        return True
    # as a name of its own, separators aside: "MMLU(0-shot)" is not named inside "CMMLU（0-shot）"
    runs = re.findall(r"[a-z]+|\d+|[\u4e00-\u9fff]+", label.rsplit("/", 1)[-1].casefold().replace("×", "x"))
    pattern = r"(?<![a-z0-9])" + r"[^a-z0-9\u4e00-\u9fff]*".join(map(re.escape, runs))
    return re.search(pattern, text.casefold().replace("×", "x")) is not None


def _row_names(fact) -> list[str]:
    """The cells that name a row: its text cells before its first figure ("RunwayML | Model:
    runwayml/gen4_aleph | Cost Per Second: $0.15" is named by both its provider and its model)."""
    first = min((x.q.start for x in fact.statement.quantities), default=len(fact.statement.text))
    cells = [c.split(":", 1)[-1] if ":" in c and not c.strip().startswith("http") else c
             for c in fact.statement.text[:first].split("|")[:-1]]  # whole cells only
    names = [c.strip().strip("`*").casefold() for c in cells]
    # the first cell, as ever, and later ones only when they read as identifiers ("runwayml/gen4_aleph"),
    # not plain words ("decode", "serving") nor settings ("dp_shard=16")
    return [n for i, n in enumerate(names) if n and not re.fullmatch(r"[\d.,\s%x$]+", n)
            and (i == 0 or (_IDENTIFIER.fullmatch(n) and "=" not in n))]


_IDENTIFIER = compile_pattern(r"[a-z0-9][a-z0-9.]*(?:[/_-][a-z0-9.]+)+")


def _table_names(rows: list) -> dict[int, list[str]]:
    """Each row's name cells (``_row_names``), by ``id`` of the row: read once per table."""
    return {id(f): _row_names(f) for f in rows}


def _row_title(fact, names: dict[int, list[str]]) -> str:
    """The row's own name for a message: its first name cell no other row shares."""
    others = {n for k, ns in names.items() if k != id(fact) for n in ns}
    return next((n for n in names[id(fact)] if n not in others), _row_label(fact))


def _names_row(fact, names: dict[int, list[str]], folded_text: str, text: str = "") -> bool:
    """Whether the sentence names the row by one of its name cells that no other row of its table
    shares ("RunwayML" names every row of the video table, "gen4_aleph" one)."""
    # and no other row's name holds it ("kimi-k2-thinking" is in "kimi-k2-thinking-maas" too)
    others = [_fold_label(n.rsplit("/", 1)[-1]) for k, ns in names.items() if k != id(fact) for n in ns]
    # (a short name is matched as a word of its own, so "s1" in "s1mini" does not matter)
    return any(_label_in(n, folded_text, text) for n in names[id(fact)]
               if len(own := _fold_label(n.rsplit("/", 1)[-1])) < 4 or not any(own in o for o in others))


def _table_of(ctx: ClaimContext, row) -> list:
    """The rows of the table a row belongs to."""
    return [f for f in ctx.facts if f.kind == "row" and table_key(f) == table_key(row)]


def _same_column(row, clause: int) -> str | None:
    """A row's figure in the given column (cell), as written."""
    return next((x.q.raw for x in row.statement.quantities if x.clause == clause), None)


def _row_label(fact) -> str:
    """A row's name, folded, when it is a name (not a bare number or a one- to three-letter word);
    a parenthesised remark after it ("gguf + compile (today's default)") is left out."""
    label = re.sub(r"\s*\(.*$", "", fact.statement.text.split("|")[0]).strip().casefold()
    if re.fullmatch(r"[\d.,\s%x]+", label):
        return ""
    # short names count when they read as a model's ("S1", "V3"): a letter and a digit
    return label if len(label) >= 4 or re.fullmatch(r"[a-z]+\d+|\d+[a-z]+", label) else ""


def _figure_in_name(hit, qa, text: str) -> bool:
    """"Llama 405B" for the row "Llama 3.1 405B": the figure is written inside the row's own name
    (the word right before it and the figure are both words of the row's label), a name, not its figure."""
    words = set(_LABEL_WORD.findall(_row_label(hit.fact)))
    before = _WORD_BEFORE.search(text, 0, qa.q.start)
    return (before is not None and before.group(1).casefold() in words
            and re.sub(r"\s+", "", qa.q.raw).casefold() in words)


_LABEL_WORD = compile_pattern(r"[\w.+]+")
_WORD_BEFORE = compile_pattern(r"([A-Za-z][\w.+]*)[ \t-]*$")


def _as_ratio_raw(q) -> str:
    """The raw text of a percentage as a ratio, with the precision that implies
    ("23%" -> "1.23", "5.2%" -> "1.052")."""
    decimals = len(q.raw.split(".")[1].rstrip("%").strip()) if "." in q.raw else 0
    return f"{1 + q.high / 100:.{decimals + 2}f}"


def _row_keys(fact, kind: str) -> set[str]:
    """What a table row's name cell says of ``kind`` (its precision, its hardware)."""
    return {m.key for m in fact.statement.of(kind) if m.clause == 0}


def hardware_swapped(ctx: ClaimContext) -> list[Finding]:
    """The claim's number under hardware the source did not measure it on."""
    return _figure_under_other(ctx, "hardware")


def precision_swapped(ctx: ClaimContext) -> list[Finding]:
    """The claim's number under another precision than every source passage that gives it:
    "f16 GGUF 大约 254 MB" where the README says "q8 模型约 254 MB"."""
    return _figure_under_other(ctx, "precision")


def _figure_under_other(ctx: ClaimContext, kind: str) -> list[Finding]:
    """A distinctive figure of the claim told under a condition of ``kind`` (its nearest in the clause)
    where every source passage that gives the figure names conditions of that kind, none of them the claim's."""
    claimed = [c for c in ctx.claim.of(kind, affirmed=True) if not in_code(ctx.claim.text, c.start, c.end)]
    if kind == "precision":
        # "int8 (13.71 TFLOPS) by fp32 (6.50 TFLOPS)", "fp16 为 2.24x、bf16 为 2.23x": with several precisions in
        # a clause, which figure is whose is a reading of order; only a clause's one precision is read
        claimed = [c for c in claimed if sum(o.clause == c.clause for o in ctx.claim.of(kind)) == 1]
    if not claimed:
        return []
    out = []
    # conditions with figures of their own in the sources (not a mere "A100 will not benefit")
    anywhere = {k for f in ctx.facts if f.statement.quantities for k in f.statement.keys(kind, affirmed=True)}
    for qa in ctx.claim.quantities:
        if qa.negated or not distinctive(qa.q):
            continue
        if any(o is not qa and o.q.start < qa.q.start and set_against(ctx.claim.text, o, qa) for o in ctx.claim.quantities):
            continue  # "BF16 … 153.22 tok/s versus 156.33 tok/s": the figure set against the first is the other side's
        m = _nearest(qa, [c for c in claimed if c.clause == qa.clause], ctx.claim.changes())
        if m is None:
            continue
        hits = matches(qa.q, ctx.facts, bare_ok=False, strict=True)
        measured = {k for h in hits for k in h.fact.statement.keys(kind)}
        if hits and measured and m.key not in measured and all(h.fact.statement.keys(kind) for h in hits):
            # hardware the sources never tested widens the result; hardware they did test with another
            # figure, or another precision, mixes two of their configurations
            category = "overstatement" if kind == "hardware" and m.key not in anywhere else "metric-conflation"
            out.append(ctx.finding(
                category, "error",
                f"The source measured {qa.q.raw} on {', '.join(sorted(measured))}, not on {m.text}." if kind == "hardware"
                else f"The source gives {qa.q.raw} for {', '.join(sorted(measured))}, not for {m.text}.",
                [hits[0].fact], f"{kind}-swapped"))
    return out


def device_count_swapped(ctx: ClaimContext) -> list[Finding]:
    """A figure told for another number of devices than the source measured it on:
    "四卡在 8192 tokens 时为 435 tokens/s" where 435 is the row "8x RTX 4090" and the
    four-GPU row gives 415."""
    claimed = ctx.claim.of("devices", affirmed=True)
    shares = [m for m in ctx.claim.of("scope", affirmed=True) if m.key == "per_device"]
    if not claimed and not shares:
        return []
    out = []
    for qa in ctx.claim.quantities:
        if qa.negated or not distinctive(qa.q) or qa.q.unit == "tok/s/GPU":
            continue
        # a table's cells are often bare numbers, its unit in the caption: a distinctive value is enough
        hits = matches(qa.q, ctx.facts, bare_ok=True, strict=True)
        counts = [h.fact.statement.keys("devices") for h in hits]
        if hits and all(counts) and any(s.clause == qa.clause for s in shares) and all(
                int(k) > 1 for c in counts for k in c) and not any(
                "per_device" in h.fact.statement.keys("scope") or h.fact.statement.quantities and any(
                    fq.q.unit == "tok/s/GPU" for fq in h.fact.statement.quantities) for h in hits):
            # "1055 tokens/s 是每张卡各自的吞吐" where 1055 is the row "8x RTX 4090"
            figure, measured = qa.q.raw, ", ".join(sorted(set().union(*counts), key=int))
            out.append(ctx.finding(
                "metric-conflation", "warning",
                f"The source gives {figure} for {measured} devices together; the claim gives it per device.",
                [hits[0].fact], "per-device-of-total"))
            continue
        m = _nearest(qa, [c for c in claimed if c.clause == qa.clause], ctx.claim.changes())
        if m is None:
            continue
        if hits and all(counts) and all(m.key not in c for c in counts):
            figure, measured, told = qa.q.raw, ", ".join(sorted(set().union(*counts), key=int)), m.text.strip()
            out.append(ctx.finding(
                "metric-conflation", "warning",
                f"The source gives {figure} for a count of {measured} devices, not for {told}.",
                [hits[0].fact], "device-count-swapped"))
    return out


def axis_sides(text: str, lo: int, hi: int, skip: list[tuple[int, int]] = ()) -> dict[str, set[str]]:
    """The sides of each measurement axis named in text[lo:hi]: {"stage": {"decode"}, …}; a side
    named inside a span of ``skip`` (another figure's own unit) is left out."""
    hits = load_lexicon().axes.find(text)
    ignored = [(h.start, h.end) for h in hits if h.key == "ignore"] + list(skip)
    out: dict[str, set[str]] = {}
    for h in hits:
        if h.key == "ignore" or not (lo <= h.start < hi) or any(s <= h.start and h.end <= e for s, e in ignored):
            continue
        axis, side = h.key.split(".", 1)
        out.setdefault(axis, set()).add(side)
    return out


# "a 24.21% latency improvement and a 31.92% throughput improvement": the parts of one
# clause, split at its coordinators, each with its figure and its own side
# (not the comma of a thousands group: "16,384 tokens")
_PARTS = compile_pattern(r"\s+(?:and|while|whereas|against|versus|vs\.?|compared (?:with|to)|\+)\s+|\s*(?:(?<!\d),|,(?!\d)|[，、;；])\s*"
                         r"|以及|并且|而|对比|相比", re.IGNORECASE)


def _paired_side(st, lo: int, hi: int, figure: int, axis: str) -> set[str] | None:
    """The side of ``axis`` the part holding the figure names, when the clause's parts pair
    its figures and that axis's sides one to one; otherwise None ("latency and throughput
    improved by 20% and 30%" pairs nothing)."""
    mine = None
    for a, b in _parts(st.text, lo, hi):
        sides = axis_sides(st.text, a, b).get(axis, set())
        figures = sum(a <= x.q.start < b for x in st.quantities)
        if sides and (len(sides) != 1 or figures != 1):
            return None
        if a <= figure < b:
            mine = sides
    return mine or None


def _parts(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The parts of text[lo:hi], split at its coordinators."""
    cuts = [lo, *(m.start() for m in _PARTS.finditer(text, lo, hi)), hi]
    return list(zip(cuts, cuts[1:]))


def _part_of(text: str, lo: int, hi: int, at: int) -> tuple[int, int]:
    """The part of text[lo:hi] that holds position ``at``."""
    return next(((a, b) for a, b in _parts(text, lo, hi) if a <= at < b), (lo, hi))


def pairing_swapped(ctx: ClaimContext) -> list[Finding]:
    """Two figures the source pairs one to one with two names, told crosswise: "its 20x
    speedup applies to GPTQ packing, with AWQ gaining 4x" where the source says "20x for awq
    and 4x for gptq packing speedup". Only where the claim names both sides, and the figure's
    own part names the other side's word and not its own."""
    text = ctx.claim.text
    claim_words = gist(text)
    for qa in ctx.claim.quantities:
        if qa.negated or not qa.q.unit:
            continue
        for hit in matches(qa.q, ctx.facts, bare_ok=False, strict=True):
            st = hit.fact.statement
            wide = False
            if hit.fact.kind == "row":
                # a table row: its cells are its parts ("Vulkan (4w): 41.3 tok/s | XNNPACK (8da4w): 47.6 tok/s")
                # (past its first cell, the row's own name: "| Prefill, 32k prompt | ~1000 t/s | ~970 t/s |")
                bars = [0, *(m.start() for m in re.finditer(r"\|", st.text)), len(st.text)]
                parts = [(a, b) for a, b in zip(bars, bars[1:]) if st.text[a:b].strip(" |+-")]
                # only cells of the figure's own unit compete for it: "5.0 bpw" beside "25.1% | 27.3%" is the
                # row's setting, not a side
                parts = [(a, b) for a, b in parts[1:]
                         if any(a <= x.q.start < b and x.q.unit == hit.qa.q.unit for x in st.quantities)]
            else:
                c = st.clauses[hit.qa.clause] if hit.qa.clause < len(st.clauses) else None
                lo, hi = (c.start, c.end) if c else (0, len(st.text))
                parts = [(a, b) for a, b in _parts(st.text, lo, hi) if any(a <= x.q.start < b for x in st.quantities)]
                wide = len(parts) < 2 and c is not None
                if wide:
                    # "比 Whisper-Small 快 5 倍，比 Whisper-Large 快 15 倍": the pairs stand in clauses of one sentence
                    lo, hi = _sentence_around(st.text, hit.qa.q.start)
                    parts = [(cl.start, cl.end) for cl in st.clauses if lo <= cl.start < hi
                             and any(cl.start <= x.q.start < cl.end for x in st.quantities)]
            if len(parts) < 2 or any(sum(a <= x.q.start < b for x in st.quantities) != 1 for a, b in parts):
                continue
            mine = next(((a, b) for a, b in parts if a <= hit.qa.q.start < b), None)
            if mine is None:
                continue
            own = gist(st.text[mine[0]:mine[1]])
            others = set().union(*(gist(st.text[a:b]) for a, b in parts if (a, b) != mine))
            own_label, other_label = (own - others) & claim_words, (others - own) & claim_words
            alike = any(same_value(qa.q, x.q) for x in st.quantities if not mine[0] <= x.q.start < mine[1]
                        and any(a <= x.q.start < b for a, b in parts))
            if not own_label and not alike and (swapped := _sibling_named(text, st.text, mine, parts)):
                # "与 Whisper-Small 相比，倍数同样是 15 倍" where the source gives "比 Whisper-Small 快 5 倍，比
                # Whisper-Large 快 15 倍": the claim names only the other side, a sibling of the figure's own name
                given, told = swapped
                return [ctx.finding("metric-conflation", "warning",
                                    f"In the source, {qa.q.raw} goes with {given}, not {told}.", [hit.fact], "pairing-swapped")]
            if wide or not own_label or not other_label or alike:
                continue  # the claim does not name both sides (of one clause); or both sides give the figure
                #           ("GTX 9XX | GPU memory: 8GB | System memory: 8GB"), so it goes with either
            clause = ctx.claim.clauses[qa.clause]
            a, b = _part_of(text, clause.start, clause.end, qa.q.start)
            here = gist(text[a:b])
            if here & other_label and not here & own_label:
                figure, given, told = qa.q.raw, ", ".join(sorted(own_label)), ", ".join(sorted(here & other_label))
                return [ctx.finding("metric-conflation", "warning",
                                    f"In the source, {figure} goes with {given}, not {told}.", [hit.fact], "pairing-swapped")]
    return []


_SIDE_NAME = compile_pattern(r"(?<![\w.-])[A-Za-z][\w+]*(?:[-.][\w+]+)*")


def _side_names(text: str) -> dict[str, str]:
    """The names in text (a capital or a digit inside: "Whisper-Large", "H100"), folded, with their spelling."""
    return {m.group(0).casefold(): m.group(0) for m in _SIDE_NAME.finditer(text) if re.search(r"[A-Z\d]", m.group(0)[1:] or "")
            or (m.group(0)[:1].isupper() and re.search(r"[-.\d]", m.group(0)))}


def _stem(name: str) -> str:
    """A name's leading letters: "whisper" of "whisper-large", "h" of "h100"."""
    return re.match(r"[a-z]*", name).group(0)


def _sibling_named(claim: str, passage: str, mine: tuple[int, int], parts: list[tuple[int, int]]) -> tuple[str, str] | None:
    """The figure's own name in the passage and the sibling name (one stem, another ending: "Whisper-Large" and
    "Whisper-Small", "H100" and "H200") of another part that the claim names instead, when it names no name of
    the figure's own part."""
    own = _side_names(passage[mine[0]:mine[1]])
    others = {k: v for a, b in parts if (a, b) != mine for k, v in _side_names(passage[a:b]).items()}
    folded = claim.casefold()
    if any(_name_in(k, folded) for k in own):
        return None  # (within a longer name too: "DeepSeek-V4.1" names "V4.1")
    for k, spelled in own.items():
        if k in others:
            continue
        for o, other in others.items():
            if o not in own and _stem(o) == _stem(k) and (at := _name_in(o, folded)):
                return spelled, claim[at.start():at.end()]
    return None


def _name_in(name: str, folded: str) -> re.Match[str] | None:
    """Where a folded name stands in folded text as a name of its own or a part of a longer one
    ("v4.1" in "deepseek-v4.1"), not as a piece of another ("v4" in "v4.1")."""
    return re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w+]|[.-]\w)", folded) or re.search(
        r"(?<=-)" + re.escape(name) + r"(?![\w+]|[.-]\w)", folded)


def _sentence_around(text: str, at: int) -> tuple[int, int]:
    """The bounds of the sentence of ``text`` that holds position ``at``, as ``source_sentences`` splits them."""
    start = max((m.end() for m in SENTENCE_END.finditer(text, 0, at)), default=0)
    end = next((m.start() for m in SENTENCE_END.finditer(text, at)), len(text))
    return start, end


def _sides_at(hit) -> dict[str, set[str]]:
    """The sides a source figure's own clause names (a table row: the whole row); where the
    clause names both sides of an axis, the side of the figure's own part."""
    st = hit.fact.statement
    if hit.fact.kind == "row":
        return _row_sides(hit)
    c = st.clauses[hit.qa.clause] if hit.qa.clause < len(st.clauses) else None
    lo, hi = (c.start, c.end) if c else (0, len(st.text))
    if c and (head := _head_of(st, hit.qa.clause)) != hit.qa.clause:
        lo = st.clauses[head].start  # "Prompt tokens per second: 8.02 tps": the label before the colon names it
    sides = axis_sides(st.text, lo, hi)
    for axis in [a for a, s in sides.items() if len(s) > 1]:
        # "14.62K global tokens/s with … peak memory per rank": a side named inside the figure
        # itself is the figure's
        inside = axis_sides(st.text, hit.qa.q.start, hit.qa.q.end).get(axis)
        sides[axis] = inside if inside and len(inside) == 1 else (
            (_paired_side(st, lo, hi, hit.qa.q.start, axis) if c else None) or sides[axis])
    return sides


def _row_sides(hit) -> dict[str, set[str]]:
    """A table row's sides for one of its figures: those its leading cells name (the row's
    label, "| bf16 | TTFT | 2,741ms |") and its own cell with its header ("KV BW: 10.71 GB/s"),
    its own cell first; another cell's header ("Per-rank: 2.68 GB/s") is that cell's. A row
    whose cells cannot be told apart is read whole."""
    st = hit.fact.statement
    cells = st.clauses
    if hit.qa.clause >= len(cells) or len(cells) < 2:
        return axis_sides(st.text, 0, len(st.text))
    first = min(x.clause for x in st.quantities)
    lead_end = _head_of(st, first)
    own = _head_of(st, hit.qa.clause)
    sides = axis_sides(st.text, cells[0].start, cells[lead_end - 1].end) if lead_end else {}
    sides.update(axis_sides(st.text, cells[own].start, cells[hit.qa.clause].end))
    return sides


def _head_of(st, cell: int) -> int:
    """The clause where a row's cell begins: its header's, when the row reads "Header: value"."""
    cells = st.clauses
    return cell - 1 if 0 < cell < len(cells) and ":" in st.text[cells[cell - 1].end:cells[cell].start] else cell


def axis_swapped(ctx: ClaimContext) -> list[Finding]:
    """A figure the source gives on one side of a measurement axis, told on the other:
    "decode 性能最高达到 347 tokens/s" where the source's 347 tokens/s is prefill; "延迟
    最高可达 2.3 倍" where the 2.3x is throughput. Read in the figure's clause on both sides
    (a table row whole); only where the source's clause names one side and not the claim's."""
    out = []
    for qa in ctx.claim.quantities:
        if qa.negated or not is_result(qa.q):
            continue
        clause = ctx.claim.clauses[qa.clause]
        # a side spelled as another figure's unit is that figure's: "5–10 seconds (roughly 86 tokens
        # per second of audio)" says nothing of a throughput of the 5–10 seconds
        theirs = [(o.q.start, o.q.end) for o in ctx.claim.quantities if o is not qa]
        # "平均延迟从 0.36s 降到 0.27s，降幅为 31.92%": a clause naming no side takes the one side
        # the clauses before it name ("took 37,951 ms, while … 21.16 tokens per second" names none)
        sides = {**axis_sides(ctx.claim.text, 0, clause.start, theirs),
                 **axis_sides(ctx.claim.text, clause.start, clause.end, theirs)}
        for axis in [a for a, s in sides.items() if len(s) > 1]:
            # "the prompt was processed at 5.09 tokens/s and new tokens were generated at 8.02": each part its side
            sides[axis] = _paired_side(ctx.claim, clause.start, clause.end, qa.q.start, axis) or sides[axis]
        claimed = {a: s for a, s in sides.items() if len(s) == 1}
        if not claimed:
            continue
        hits = matches(qa.q, ctx.facts, bare_ok=False, strict=True)
        if hits and not (distinctive(qa.q) or qa.q.is_range):
            # "从约 10 提高到约 88 tok/s": a change whose two ends one source passage gives is as
            # rare as a distinctive figure; so is a figure in words the source spells the same ("more than twice")
            partner = _partner(ctx.claim.quantities, qa)
            hits = [h for h in hits if partner and _has(h.fact, partner) or _spelled_alike(qa.q, h.qa.q)]
        if not hits:
            continue
        at_hits = [_sides_at(h) for h in hits]
        for axis, (side,) in claimed.items():
            given = [sides.get(axis, set()) for sides in at_hits]
            if all(g and side not in g for g in given):
                other = ", ".join(sorted(set().union(*given)))
                figure = qa.q.raw
                out.append(ctx.finding(
                    "metric-conflation", "warning",
                    f"In the source, {figure} is measured as {other}, not {side}.", [hits[0].fact], "axis-swapped"))
                return out
    return out


def _spelled_alike(told, given) -> bool:
    """A figure written in words as the source writes it ("more than twice", "about three times"): no digit, several
    words, the same spelling."""
    a, b = " ".join(told.raw.casefold().split()), " ".join(given.raw.casefold().split())
    return a == b and " " in a and not any(ch.isdigit() for ch in a)


def _partner(quantities: list[QuantityAt], qa: QuantityAt) -> QuantityAt | None:
    """The other end of the from->to change a figure belongs to."""
    if qa.role not in ("before", "after"):
        return None
    i = next(i for i, x in enumerate(quantities) if x is qa)
    j = i + 1 if qa.role == "before" else i - 1
    other = quantities[j] if 0 <= j < len(quantities) else None
    return other if other is not None and other.role not in (None, qa.role) else None


def _nearest(qa: QuantityAt, mentions: list, pairs: list | None = None):
    """The mention standing closest to a number: "from 0.254x to 0.768x on the RTX
    4090 D and from 0.212x to 0.593x on the H20" gives each pair its own card. A
    number in a from->to change is measured from the change's ends."""
    if not mentions:
        return None
    start, end = qa.q.start, qa.q.end
    for a, b in pairs or []:
        if qa is a or qa is b:
            start, end = a.q.start, b.q.end

    def gap(m):
        return (start - m.end) + 0.5 if m.end <= start else m.start - end
    return min(mentions, key=gap)


def _has(fact, qa: QuantityAt) -> bool:
    return any(same_value(qa.q, fq.q) for fq in fact.statement.quantities)



# "encode time = 6925.13 ms / 3 runs ( 2308.38 ms per run)": a total over several runs, then each run's
_OVER_RUNS = compile_pattern(r"\s*/\s*(\d+)\s*(?:runs|calls|iterations|iters|steps|次)\b", re.IGNORECASE)
_ONE = compile_pattern(r"\b(?:a single|single|one|each|per)\b|单次|一次|每次|单个", re.IGNORECASE)


def total_as_single(ctx: ClaimContext) -> list[Finding]:
    """A total over several runs told as one run's: "A single encoder pass took 6.9 seconds"
    where the log says "encode time = 6925.13 ms / 3 runs ( 2308.38 ms per run)"."""
    if not _ONE.search(ctx.claim.text):
        return []
    for qa in ctx.claim.quantities:
        if qa.negated or not is_result(qa.q):
            continue
        for hit in matches(qa.q, ctx.facts, bare_ok=False):
            text = hit.fact.statement.text
            runs = _OVER_RUNS.match(text, hit.qa.q.end)
            # "447.13 ms for 256 decoder runs": the claim gives the count, so the total as a total
            if runs and int(runs.group(1)) > 1 and not re.search(rf"(?<![\d.]){runs.group(1)}(?![\d.])", ctx.claim.text):
                figure, count = qa.q.raw, runs.group(1)
                return [ctx.finding("metric-conflation", "warning",
                                    f"The source gives {figure} as the total of {count} runs, not one run's.",
                                    [hit.fact], "total-as-single")]
    return []


# a count told as what was added: "新增了 120 种模型架构", "adds 120 architectures", "120 new examples"
_ADDED = compile_pattern(r"(?:新增(?:了)?|增加了|多了|\b(?:added|adds|adding)\s+(?:about\s+|over\s+|more than\s+)?)"
                         r"\s*(?:约|超过)?\s*(?P<a>\d[\d,]*(?:\.\d+)?)(?![\d.])"
                         r"|(?<![\d.])(?P<b>\d[\d,]*(?:\.\d+)?)\s*(?:个|种|款|项)?\s*(?:\b(?:new|additional)\b|新的?)", re.IGNORECASE)
# a count the source gives as a total: "increases the total number of supported architectures to 120"
_TOTAL = compile_pattern(r"\btotal\b|\baltogether\b|总数|总计|累计|一共|共计", re.IGNORECASE)
_NUMBER = compile_pattern(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\d.]*\w)")


def _value(raw: str) -> float:
    return float(raw.replace(",", ""))


def total_told_as_added(ctx: ClaimContext) -> list[Finding]:
    """A total told as the number added: "v3 相比 v2 一次新增了 120 种模型架构" where the blog says "This
    release increases the total number of supported architectures to 120". Only where the source's figure
    follows its word for a total, in one clause, and the claim does not speak of a total itself."""
    text = ctx.claim.text
    if _TOTAL.search(text):
        return []
    added = {_value(m.group("a") or m.group("b")) for m in _ADDED.finditer(text)}
    if not added:
        return []
    for fact in ctx.facts:
        st = fact.statement
        for clause in st.clauses:
            part = st.text[clause.start:clause.end]
            total = _TOTAL.search(part)
            if total is None or _ADDED.search(part):
                continue
            for m in _NUMBER.finditer(part, total.end()):
                if _value(m.group(0)) in added:
                    return [ctx.finding("metric-conflation", "warning",
                                        f"The source gives {m.group(0)} as the total, not as the number added.",
                                        [fact], "total-told-as-added")]
    return []


def _percent_pairs(ctx: ClaimContext) -> list[tuple]:
    """Two shares the source gives side by side: in one passage, or in one column of one table
    (once per section)."""
    if "percent_pairs" not in ctx.section_memo:
        pairs: list[tuple] = []
        columns: dict[tuple, list] = {}
        for fact in ctx.facts:
            shares = [qa for qa in fact.statement.quantities if qa.q.unit == "%" and not qa.q.is_range and not qa.negated]
            pairs += [(fact, a, fact, b) for i, a in enumerate(shares) for b in shares[i + 1:]]
            if fact.kind == "row":
                for qa in shares:
                    columns.setdefault((fact.url, fact.table, qa.clause), []).append((fact, qa))
        for cells in columns.values():
            pairs += [(fa, a, fb, b) for i, (fa, a) in enumerate(cells) for fb, b in cells[i + 1:] if fa is not fb]
        ctx.section_memo["percent_pairs"] = pairs
    return ctx.section_memo["percent_pairs"]


_CHANGE_WORDS = ("gain", "rise", "fall", "faster", "worse")
_POINTS = compile_pattern(r"points?\b|pp\b|个?百分点", re.IGNORECASE)


def points_as_percent(ctx: ClaimContext) -> list[Finding]:
    """A gain in percentage points told as a relative one: "a gain of roughly 7.96%" where the
    source's shares go from 33.28% to 41.24% (7.96 points, a 24% relative gain). Only where no
    source writes the figure as a share and the relative change does not give it."""
    out = []
    changing = {m.clause for m in ctx.claim.mentions if m.kind in _CHANGE_WORDS and not m.negated}
    for qa in ctx.claim.quantities:
        q = qa.q
        if (q.unit != "%" or q.is_range or qa.negated or qa.clause not in changing
                or _POINTS.match(ctx.claim.text, q.end, q.end + 8)):
            continue  # a share that is no change ("reached 41.24%") is no gain in either reading
        if any(h.qa.q.unit == "%" for h in matches(q, ctx.facts, bare_ok=False)):
            continue
        for fa, a, fb, b in _percent_pairs(ctx):
            big, small = max(a.q.high, b.q.high), min(a.q.high, b.q.high)
            if small <= 0 or not distinctive(q):
                continue
            points, relative = big - small, (big - small) / small * 100
            probe = q.model_copy(update={"low": points, "high": points, "approx": False})
            if same_value(q, probe) and not same_value(q, probe.model_copy(update={"low": relative, "high": relative})):
                told, before, after, gain = q.raw, f"{small:g}%", f"{big:g}%", f"{relative:.0f}%"
                out.append(ctx.finding(
                    "metric-conflation", "warning",
                    f"{told} is the gain in percentage points ({before} to {after}); as a relative gain it is {gain}.",
                    [fa, fb], "points-as-percent"))
                return out
    return out


def _header(st, cell: int) -> str:
    """The column header of a row's cell ("Per-rank"): a row reads "Header: value", and the
    colon ends the clause before the value's."""
    cells = st.clauses
    if cell >= len(cells) or _head_of(st, cell) == cell:
        return ""
    return st.text[cells[cell - 1].start:cells[cell - 1].end].strip()


def column_swapped(ctx: ClaimContext) -> list[Finding]:
    """A table cell's figure told on the side of a measurement axis that another column of its
    row is headed with: "10.71 GB/s of KV bandwidth per rank" where the row gives "KV BW:
    10.71 GB/s | Per-rank: 2.68 GB/s". The figure's own part of the claim names the side, its
    own column names no side of that axis, and the other column gives another value."""
    out = []
    for qa in ctx.claim.quantities:
        if qa.negated or not qa.q.unit or qa.q.is_range or qa.role:
            continue  # "falls from 2527 ms on master to 145 ms": each end of a change has its own column
        c = ctx.claim.clauses[qa.clause]
        lo, hi = _part_of(ctx.claim.text, c.start, c.end, qa.q.start)
        claimed = {a: next(iter(s)) for a, s in axis_sides(ctx.claim.text, lo, hi).items() if len(s) == 1}
        if not claimed:
            continue
        for hit in matches(qa.q, ctx.facts, bare_ok=False, strict=True):
            if hit.fact.kind != "row":
                continue
            st = hit.fact.statement
            own_head = _header(st, hit.qa.clause)
            own = axis_sides(own_head, 0, len(own_head))
            for x in st.quantities:
                if x is hit.qa or x.q.unit != hit.qa.q.unit or same_value(qa.q, x.q):
                    continue
                told = _header(st, x.clause)
                theirs = axis_sides(told, 0, len(told))
                for axis, side in claimed.items():
                    if theirs.get(axis) == {side} and axis not in own:
                        given, figure = x.q.raw, qa.q.raw
                        out.append(ctx.finding(
                            "metric-conflation", "warning",
                            f"In the source's table, {figure} is not the {told} column; that column gives {given}.",
                            [hit.fact], "column-swapped"))
                        return out
    return out


def _header_words(header: str) -> frozenset[str]:
    """A column header's Latin words, without its figures' units and bars."""
    return frozenset(w for w in gist(re.sub(r"[*`]", " ", header)) if w.isascii() and not w.isdigit())


def _latin_runs(text: str) -> frozenset[str]:
    """The Latin letter-and-digit runs of a text, lower-cased ("Kolors-ControlNet-Pose": kolors, controlnet, pose)."""
    return frozenset(w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", text))


# a name with two capitals or a capital and a digit: "TextVQA", "GQA", "IFEval", "GSM8K", "MMLU"
_BENCH_NAME = compile_pattern(r"(?<![\w-])(?=[\w-]*[A-Z][\w-]*[A-Z0-9])[A-Za-z][\w-]*")


def column_named_swapped(ctx: ClaimContext) -> list[Finding]:
    """"Pose 版本的视觉吸引力达到 4.78" where the row gives "Average Visual Appeal: 3.63 | Average Text
    Faithfulness: 4.78": the figure's own part of the claim names another column of its row by the words that
    set that column apart (here through the English its Chinese glosses), and none of its own column's.
    Distinctive figures only, read from one row."""
    out = []
    for qa in ctx.claim.quantities:
        if qa.negated or qa.q.is_range or qa.role or not distinctive(qa.q):
            continue
        c = ctx.claim.clauses[qa.clause]
        lo, hi = _part_of(ctx.claim.text, c.start, c.end, qa.q.start)
        part = ctx.claim.text[lo:hi]
        words = frozenset(w for w in gist(part) if w.isascii()) | glossed(part)
        for hit in matches(qa.q, ctx.facts, bare_ok=True, strict=True):
            if hit.fact.kind != "row":
                continue
            st = hit.fact.statement
            own = _header_words(_header(st, hit.qa.clause))
            row_words = _latin_runs(st.text.split("|", 1)[0]) - {"sub", "sup", "br"}
            if not own or not (row_words & _latin_runs(ctx.claim.text)):
                continue  # a row the sentence does not name ("DocVQA 上为 96.5 … 92.8" against the InfoVQA row's 92.8)
            columns = [(x, told, _header_words(told)) for x in st.quantities if x is not hit.qa
                       for told in [_header(st, x.clause)]]
            if sum(1 for _, _, theirs in columns if (theirs - own) and (theirs - own) <= words) != 1:
                continue  # the part names no other column, or several ("高于 GPT-4o 的 92.8 和 Claude-3.5 Sonnet 的 95.2")
            for x, told, theirs in columns:
                if same_value(qa.q, x.q) or x.q.unit != hit.qa.q.unit or any(
                        same_value(o.q, x.q) for o in ctx.claim.quantities):
                    continue  # (a sentence that gives that column's figure too tells the two apart itself)
                apart, mine = theirs - own, own - theirs
                # two words set the column apart, or one that is a benchmark's name ("TextVQA" against "GQA")
                named = len(apart) == 1 and any(t.casefold() in apart for t in _BENCH_NAME.findall(told))
                if (len(apart) >= 2 or named) and apart <= words and not (mine & words):
                    given, figure = x.q.raw, qa.q.raw
                    out.append(ctx.finding(
                        "metric-conflation", "warning",
                        f"In the source's table, {figure} is not the {told} column; that column gives {given}.",
                        [hit.fact], "column-named-swapped", suggestion=given))
                    return out
    return out


def _header_named(header: str, folded: str, glosses: frozenset[str]) -> bool:
    """A column header the sentence writes, or glosses in Chinese ("召回率" for "Recall")."""
    bare = re.sub(r"\s*\(.*\)$", "", header)
    if named_in(header, folded):
        return True
    # "每步耗时" for "Time per Step": each word of the header that names a thing, glossed
    nouns = {w.casefold() for w in re.findall(r"[A-Za-z]{3,}", bare)} - {"per", "and", "the", "for", "with"}
    return bare.isascii() and bool(nouns) and nouns <= glosses


def _name_words(text: str) -> frozenset[str]:
    """The words of a header or sentence, a name's parts apart ("num_vectors": num, vectors; "FID_CLIP": fid, clip)."""
    return frozenset(w.casefold() for w in re.findall(r"[A-Za-z]{3,}", text))


_VALUE_AFTER = compile_pattern(r"\s*(?:of|=|:|：|为|是)?\s*(\d+(?:\.\d+)?(?:e-?\d+)?)", re.IGNORECASE)


def _named_with_value(text: str, header: str, figures: set[float]) -> bool:
    """A column the sentence names with a value of its own after it ("LR 3e-4", "max target length of 8192"):
    a condition of the rows, not the name of the figures the sentence tells."""
    name = bare_name(header)
    for m in re.finditer(re.escape(name), text, re.IGNORECASE):
        v = _VALUE_AFTER.match(text, m.end())
        if v and float(v.group(1)) not in figures:
            return True
    return False


def pair_told_as_other_column(ctx: ClaimContext) -> list[Finding]:
    """"它的 FID 从 54.639 降到 49.165" where 54.639 and 49.165 are the FID_CLIP column of two rows of a
    table that has an FID column too: two figures one column of a table gives, told under the name of
    another column of that table, with their own column's name nowhere in the sentence."""
    figures = [qa for qa in ctx.claim.quantities if not qa.negated and not qa.q.is_range and distinctive(qa.q)]
    if len(figures) < 2:
        return []
    folded, glosses = fold_text(ctx.claim.text), glossed(ctx.claim.text)
    claim_words = _name_words(ctx.claim.text) | glosses
    for rows in table_rows(ctx):
        headers = {h for _, _, cells in rows for h in cells}
        for own in headers:
            holders = [(qa, f) for qa in figures for f, _, cells in rows if own in cells and abs(cells[own] - qa.q.high) < 1e-9]
            if len({qa.q.high for qa, _ in holders}) < 2 or _header_named(own, folded, glosses):
                continue
            given = {qa.q.high for qa in ctx.claim.quantities}
            # (a column the sentence gives a value of is named as a condition: "batch size 64", "length of 8192")
            told = [h for h in headers if h != own and _header_named(h, folded, glosses)
                    and not any(cells.get(h) in given for _, _, cells in rows)
                    and not _named_with_value(ctx.claim.text, h, {qa.q.high for qa, _ in holders})]
            if len(told) != 1 or _name_words(own) - _name_words(told[0]) & claim_words:
                continue  # or the sentence names the figures' own column by a word that sets it apart ("TFLOPS" of
                # "TFLOPS/GPU" beside "Throughput", "vectors" of "num_vectors" beside "LR")
            figure = holders[0][0].q.raw
            return [ctx.finding("metric-conflation", "warning",
                                f"In the source's table, {figure} and the sentence's other figures are the {own} column, "
                                f"not the {told[0]}.", [f for _, f in holders[:2]], "pair-other-column")]
    return []


_MEASURE_GAP = compile_pattern(r"[\s个]*$")
_MEASURE_WORDS = {"token": "tokens", "character": "characters", "word": "words"}  # for messages (i18n.fragments)


def _text_measure(text: str, q) -> str | None:
    """What a figure counts when it counts text: tokens (its unit, or the word after it), characters or words."""
    if q.unit == "tokens":
        return "token"
    if q.unit:
        return None
    hit = next((h for h in load_lexicon().text_measures.find(text[q.end:q.end + 18])
                if _MEASURE_GAP.fullmatch(text[q.end:q.end + h.start])), None)
    return hit.key if hit else None


def text_measure_swapped(ctx: ClaimContext) -> list[Finding]:
    """"每秒能合成约 7 个汉字" where the README says "approximately 7 semantic tokens per second"; "capped at
    2,000 characters" where the code says "caps the result at ~2000 tokens": a count of text told in another
    measure than the one the source gives the same figure in, where no source gives it in the claim's own,
    and the passage shares a word, a hardware part or another figure with the sentence ("4090")."""
    out = []
    for qa in ctx.claim.quantities:
        if qa.negated or qa.q.is_range:
            continue
        mine = _text_measure(ctx.claim.text, qa.q)
        if mine is None:
            continue
        theirs = [(f, x, m) for f in ctx.facts for x in f.statement.quantities
                  if not x.negated and not x.q.is_range and x.q.high == qa.q.high
                  and (m := _text_measure(f.statement.text, x.q)) is not None]
        if not theirs or any(m == mine for _, _, m in theirs):
            continue
        words = stems(ctx.claim.text)
        parts = {m.key for m in ctx.claim.mentions if m.kind == "hardware"}
        others = {o.q.high for o in ctx.claim.quantities if o is not qa and not o.q.is_range}
        for fact, x, measure in theirs:
            if words & stems(fact.statement.text) or parts & {m.key for m in fact.statement.mentions if m.kind == "hardware"} \
                    or others & {y.q.high for y in fact.statement.quantities if y is not x}:
                counted, told = _MEASURE_WORDS[measure], _MEASURE_WORDS[mine]
                out.append(ctx.finding("metric-conflation", "warning",
                                       f"The source counts {x.q.raw} in {counted}, not in {told}.",
                                       [fact], "text-measure-swapped"))
                return out
    return out


# a load the source gives with a figure: "Concurrent Tasks: 4", "concurrency 16", "并发 8", "batch size 32"
_LOAD_COUNT = compile_pattern(r"(?:concurren(?:cy|t(?:\s+(?:tasks|requests|users))?)|并发(?:数|度)?|batch\s*size|bs)"
                              r"\s*[:=：]?\s*(\d+)|(\d+)\s*(?:concurrent|个?并发)", re.IGNORECASE)


def single_load_swapped(ctx: ClaimContext) -> list[Finding]:
    """A figure told as one request's (single stream, batch size 1) that the source measured
    under a load of several: "750.42 ms，这是单路请求下测得的" where the table's row gives
    "Concurrent Tasks: 4 | Average (ms): 750.42"."""
    sides = axis_sides(ctx.claim.text, 0, len(ctx.claim.text)).get("load")
    if sides != {"single"}:
        return []
    for qa in ctx.claim.quantities:
        if qa.negated or not is_result(qa.q) or not distinctive(qa.q) or qa.q.is_range:
            continue
        hits = matches(qa.q, ctx.facts, bare_ok=False, strict=True)
        loads = []
        for hit in hits:
            st = hit.fact.statement
            c = st.clauses[hit.qa.clause] if hit.fact.kind != "row" and hit.qa.clause < len(st.clauses) else None
            # a row reads "Header: value" but for its first cell: "Concurrent Tasks" over "4 | …"
            stretch = st.text[c.start:c.end] if c else f"{hit.fact.first_header or ''}: {st.text}"
            counts = {int(m.group(1) or m.group(2)) for m in _LOAD_COUNT.finditer(stretch)}
            loads.append(counts)
        # "24.1 tok/s for a single stream and 458 tok/s at batch size 128": the sentence gives the load itself
        own = {int(m.group(1) or m.group(2)) for m in _LOAD_COUNT.finditer(ctx.claim.text)}
        if hits and all(counts and 1 not in counts and not counts & own for counts in loads):
            load, figure = min(loads[0]), qa.q.raw
            return [ctx.finding("unsupported", "warning",
                                f"The source measured {figure} under a load of {load}, not a single request.",
                                [hits[0].fact], "single-load-swapped")]
    return []


# what a metric family is measured in: a gap "in time to first token" is a gap between times
_FAMILY_DIMENSION = {"latency": "time", "throughput": "rate"}


def _family_dimension(metric: str) -> str | None:
    """The dimension a metric's family ("latency" of "latency.ttft") is measured in, if it has one."""
    return _FAMILY_DIMENSION.get(metric.split(".")[0])


def _gaps(a: float, b: float) -> list[tuple[float, str]]:
    """The ways a writer states how far apart two figures are: a share of either, or a multiple."""
    hi, lo = max(a, b), min(a, b)
    if lo <= 0:
        return []
    return [((hi - lo) / hi * 100, "%"), ((hi - lo) / lo * 100, "%"), (hi / lo, "x")]


def gap_of_other_dimension(ctx: ClaimContext) -> list[Finding]:
    """"That is a gap of almost 50 percent in time to first token" right after "52 t/s in the
    llama.cpp chat and 28 t/s in Jan": the gap is worked out from two rates, and the sentence
    gives it under a time metric. Only where two figures of the paragraph (or the sentence) give
    the gap, and no pair of the metric's own kind does."""
    out = []
    before = [st for st in ctx.paragraph if st.text != ctx.claim.text]
    figures = [o for st in [*before, ctx.claim] for o in st.quantities
               if not o.negated and o.q.unit not in ("%", "x") and is_result(o.q) and not o.q.is_range]
    for qa in ctx.claim.quantities:
        if qa.negated or qa.q.unit not in ("%", "x") or not qa.metric or qa.q.is_range:
            continue
        want = _family_dimension(qa.metric)
        if want is None:
            continue
        slack = 0.12 if qa.q.approx or qa.q.bound else 0.05
        def gives(a, b) -> bool:
            return any(unit == qa.q.unit and abs(g - qa.q.high) <= slack * qa.q.high
                       for g, unit in _gaps(a.q.high, b.q.high))
        pairs = [(a, b) for i, a in enumerate(figures) for b in figures[i + 1:]
                 if a.q.unit == b.q.unit and gives(a, b)]
        if not pairs or any(dimension(a.q.unit) == want for a, _ in pairs):
            continue
        a, b = pairs[0]
        if dimension(a.q.unit) not in _FAMILY_DIMENSION.values():
            continue
        evidence = [h.fact for x in (a, b) for h in matches(x.q, ctx.facts, bare_ok=False)][:2]
        if not evidence:
            continue  # the figures must be the sources' own
        out.append(ctx.finding(
            "metric-conflation", "warning",
            f"{qa.q.raw} is the gap between {a.q.raw} and {b.q.raw}, which measure {a.q.unit}, not the "
            f"{_metric_name(qa.metric)}.", evidence, "gap-of-other-dimension"))
    return out


# what a result is measured against: "gain over GRPO", "比 vLLM 快", "outperforms MIPROv2 by 10%"
_AGAINST_WORD = compile_pattern(r"\b(?:over|than|against|vs\.?|versus|relative to|compared (?:to|with)|outperforms?|"
                                r"beats?)\b|相比|相对于?|比|较|超过|胜过", re.IGNORECASE)
_PROPER = compile_pattern(r"(?<![\w.-])[A-Za-z][A-Za-z0-9.+-]*[A-Z0-9][A-Za-z0-9.+-]*(?![\w-])")


def _compared_with(text: str, lo: int, hi: int) -> dict[str, str]:
    """The names (a capital or digit inside: GRPO, MIPROv2, vLLM) that stand within a few words after a
    word of comparison in text[lo:hi], folded, with their spelling."""
    out = {}
    for m in _AGAINST_WORD.finditer(text, lo, hi):
        window = text[m.end():min(hi, m.end() + 40)]
        if re.match(r"\s*[\d~≈约]", window):
            continue  # "by over 10%", "比 2.1 倍": a bound or a figure, not what it is compared with
        first = _PROPER.search(window)
        if first is not None:
            out[first.group(0).casefold().rstrip(".")] = first.group(0).rstrip(".")
    return out


def comparator_swapped(ctx: ClaimContext) -> list[Finding]:
    """"On AIME-2025, GEPA's gain over GRPO is 12% accuracy" where the abstract's "+12% accuracy on
    AIME-2025" is GEPA's lead over MIPROv2: the source sentence that gives the figure compares with another
    system, and never names the claim's. Only for a comparison figure (a share, a multiple, points) and a
    claim's comparator that the sources name elsewhere."""
    text = ctx.claim.text
    for qa in ctx.claim.quantities:
        if qa.negated or qa.q.unit not in ("%", "x", "pp"):
            continue
        clause = ctx.claim.clauses[qa.clause]
        if sum(o is not qa and is_result(o.q) and not o.negated for o in ctx.claim.quantities) >= 2:
            continue  # "0.585 s，比 GGUF 的 0.802 s 快 1.37x": a ratio of the sentence's own figures
        mine = _compared_with(text, clause.start, clause.end)
        if not mine:
            continue
        for hit in matches(qa.q, ctx.facts, bare_ok=False):
            # the one sentence of the passage that gives the figure
            sentence = next((q for f, q, _, _ in source_sentences(ctx) if f is hit.fact
                             and any(x is hit.qa for x in sentence_figures(f, q))), hit.fact.statement.text)
            theirs = _compared_with(sentence, 0, len(sentence))
            named = {w.group(0).casefold().rstrip(".") for w in _PROPER.finditer(sentence)}
            if not theirs or set(mine) & named or set(theirs) & {w.group(0).casefold() for w in _PROPER.finditer(text)}:
                continue
            if any(re.sub(r"[\s._-]", "", t) in re.sub(r"[\s._-]", "", text.casefold()) for t in theirs):
                continue  # "Express JS" for the source's "ExpressJS": one name, spelled apart
            known = " ".join(f.statement.text for f in ctx.facts).casefold()
            if not all(m in known for m in mine):
                continue
            return [ctx.finding("metric-conflation", "warning",
                                f"In the source, {hit.qa.q.raw} is measured against {theirs[min(theirs)]}, not "
                                f"{mine[min(mine)]}.", [hit.fact], "comparator-swapped")]
    return []

CHECKS = [pairing_swapped, column_swapped, column_named_swapped, pair_told_as_other_column, single_load_swapped, ratio_of_other_metric, peaks_joined, condition_contradicted, change_mismatch, metric_renamed,
          kernel_as_request, statistic_swapped, row_swapped, named_row_swapped, hardware_swapped, precision_swapped,
          device_count_swapped, axis_swapped, text_measure_swapped, total_as_single, total_told_as_added, points_as_percent, gap_of_other_dimension, comparator_swapped]
