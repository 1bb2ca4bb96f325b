"""Unsupported: a checkable number that no cited source carries, directly or as
a ratio or change a reader could compute from the source's own figures."""
from __future__ import annotations

import re
from urllib.parse import unquote

from ..align import Ratio, is_result, matches, same_value
from ..extract.versions import extract_versions, same_version_key
from ..extract.statement import QuantityAt
from ..facts import Fact
from ..models import Finding
from .context import ClaimContext


_DOTTED = re.compile(r"(?<![\d.])v?(\d+(?:\.\d+){1,3})(?![\d])")
_TAG_IN_URL = re.compile(r"/(?:releases/tag|tree)/v?(\d[\w.+-]*)")


def source_changes(every: list[Ratio]) -> list[tuple[float, str, Fact]]:
    """Values a careful reader may derive: ratios (x) and relative changes (%)."""
    out = []
    for r in every:
        out.append((r.value, "x", r.a.fact))
        big, small = max(r.a.qa.q.high, r.b.qa.q.high), min(r.a.qa.q.high, r.b.qa.q.high)
        out.append(((big - small) / big * 100, "%", r.a.fact))
        out.append(((big - small) / small * 100, "%", r.a.fact))
    return out


def own_changes(ctx: ClaimContext) -> list[tuple[float, str, Fact]]:
    """What the sentence computes from its own figures ("约 2%（1319.32 对 1347.00）"):
    a ratio or change of two of them, when the source gives both."""
    out = []
    given = [qa for qa in ctx.claim.quantities if not qa.q.is_range and qa.q.high > 0 and matches(qa.q, ctx.facts)]
    for i, a in enumerate(given):
        for b in given[i + 1:]:
            if a.q.unit != b.q.unit or a.q.unit in {"%", "x"}:
                continue
            big, small = max(a.q.high, b.q.high), min(a.q.high, b.q.high)
            fact = matches(a.q, ctx.facts)[0].fact
            out += [(big / small, "x", fact), ((big - small) / big * 100, "%", fact),
                    ((big - small) / small * 100, "%", fact)]
    return out


def _supported(qa: QuantityAt, facts: list[Fact], derived: list[tuple[float, str, Fact]]) -> bool:
    q = qa.q
    if matches(q, facts):
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
        if unit != q.unit:
            continue
        # "more than five times": a derived 5.27x backs it, a 40x elsewhere in the source does not
        if q.bound == "lower" and q.high <= value <= q.high * 1.25 or q.bound == "upper" and q.high * 0.8 <= value <= q.high:
            return True
        if same_value(q, q.model_copy(update={"low": value, "high": value})):
            return True
    return False


# A size glued to a figure, as model names carry it: "5B", "30B", "1.5B", "671B".
_GLUED_SIZE = re.compile(r"\d+(?:\.\d+)?[BMKT]", re.IGNORECASE)


def _named_size(raw: str, ctx: ClaimContext) -> bool:
    """"the 5B model" where the source writes the model's name, "Wan2.2-TI2V-5B": the
    figure is the source's, inside a name that the extractors rightly do not read as a
    quantity."""
    compact = raw.replace(" ", "").lstrip("约~")
    if not _GLUED_SIZE.fullmatch(compact):
        return False
    # "-A23B": the active parameters of a mixture-of-experts name ("MiniMax-M3-428B-A23B")
    inside = re.compile(rf"(?:[A-Za-z0-9][\w.]*[-_/]A?){re.escape(compact)}(?![\w.])"
                        rf"|(?<![\w.]){re.escape(compact)}[-_][A-Za-z]", re.IGNORECASE)
    return any(inside.search(text) for d in ctx.docs for text in (d.title or "", d.text, d.url))


def number_unsupported(ctx: ClaimContext) -> list[Finding]:
    if not ctx.facts:
        return []
    derived: list | None = None
    missing = []
    for qa in ctx.claim.quantities:
        if qa.negated or not is_result(qa.q):
            continue
        if derived is None:
            derived = source_changes(ctx.ratios()) + own_changes(ctx)
        if not _supported(qa, ctx.facts, derived) and not _named_size(qa.q.raw, ctx):
            missing.append(qa.q.raw)
    if not missing:
        return []
    titles = [f for f in ctx.facts if f.kind == "title"]
    listed = ", ".join(f"“{m}”" for m in missing)
    if first_party(ctx):
        return [ctx.finding("unsupported", "info",
                            f"Could not confirm {listed}: the text reports it as its own measurement, "
                            "and no cited source carries it.", titles[:2], "first-party-unconfirmed")]
    return [ctx.finding("unsupported", "warning", f"No cited source gives {listed}.", titles[:2],
                        "number-unsupported")]


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


def version_unsupported(ctx: ClaimContext) -> list[Finding]:
    """A version the cited sources never mention (in titles, URLs or text)."""
    if not ctx.docs or not ctx.claim.versions:
        return []
    known: set[str] = set()
    for doc in ctx.docs:
        for text in [doc.url, doc.title or "", doc.text, *(c.text for c in doc.comments)]:
            known |= {same_version_key(v.version) for v in extract_versions(text)}
            # and any dotted number at all, file names included (deep_gemm-2.1.0%2B5949.whl)
            known |= {same_version_key(m) for m in _DOTTED.findall(unquote(text))}
        known |= {same_version_key(m) for m in _TAG_IN_URL.findall(doc.url)}
    out = []
    for v in ctx.claim.versions:
        want = same_version_key(v.version)
        if want in known or any(k.startswith(want + ".") or want.startswith(k + ".") for k in known):
            continue
        if any(c.negates(v.start, v.end) for c in ctx.claim.clauses if c.start <= v.start < c.end):
            continue
        titles = [f for f in ctx.facts if f.kind == "title"][:2]
        if first_party(ctx):
            out.append(ctx.finding("unsupported", "info",
                                   f"Could not confirm version {v.raw}: the text announces it itself, and no "
                                   "cited source mentions it.", titles, "first-party-unconfirmed"))
            continue
        out.append(ctx.finding("unsupported", "warning", f"No cited source mentions version {v.raw}.",
                               titles, "version-unsupported"))
    return out


CHECKS = [number_unsupported, version_unsupported]
