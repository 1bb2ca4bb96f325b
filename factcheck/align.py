"""Alignment: which source facts speak of the same quantity as a claim.

Content first: equal values after unit normalisation, with the tolerance that
rounding and "约/about" allow; then shared names; words only break ties.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from .extract.records import Quantity
from .extract.statement import QuantityAt
from .facts import Fact
from .regex_cache import compile_pattern

# canonical unit -> (dimension, factor to the dimension's base unit)
_UNITS: dict[str, tuple[str, float]] = {
    "s": ("time", 1.0), "ms": ("time", 1e-3), "us": ("time", 1e-6), "min": ("time", 60.0), "h": ("time", 3600.0),
    "B": ("bytes", 1.0), "KB": ("bytes", 1e3), "MB": ("bytes", 1e6), "GB": ("bytes", 1e9), "TB": ("bytes", 1e12),
    "KiB": ("bytes", 1024.0), "MiB": ("bytes", 1024.0**2), "GiB": ("bytes", 1024.0**3), "TiB": ("bytes", 1024.0**4),
    "GB/s": ("bandwidth", 1e9), "TB/s": ("bandwidth", 1e12), "MB/s": ("bandwidth", 1e6),
    "MiB/s": ("bandwidth", 1024.0**2), "GiB/s": ("bandwidth", 1024.0**3), "TiB/s": ("bandwidth", 1024.0**4),
    # per minute, in the same base (bytes a second)
    "MB/min": ("bandwidth", 1e6 / 60), "GB/min": ("bandwidth", 1e9 / 60), "TB/min": ("bandwidth", 1e12 / 60),
    "MiB/min": ("bandwidth", 1024.0**2 / 60), "GiB/min": ("bandwidth", 1024.0**3 / 60),
    "TiB/min": ("bandwidth", 1024.0**4 / 60),
    "B/token": ("bytes", 1.0), "B/token/layer": ("bytes", 1.0), "GB/GPU": ("bytes", 1e9),
    "tok/s": ("rate", 1.0), "tok/s/GPU": ("rate", 1.0), "tok/s/user": ("rate", 1.0),
    "%": ("percent", 1.0), "pp": ("pp", 1.0), "x": ("ratio", 1.0),
}
# Units that say what a result is; counts (tokens, GPUs, steps, times) are conditions.
RESULT_DIMENSIONS = {"time", "bytes", "rate", "percent", "pp", "ratio", "power", "flops", "bandwidth", "rate_frames",
                     "rate_steps"}
for _u, _d, _f in (("W", "power", 1.0), ("TFLOPS", "flops", 1.0), ("PFLOPS", "flops", 1e3), ("fps", "rate_frames", 1.0),
                   ("it/s", "rate_steps", 1.0)):
    _UNITS.setdefault(_u, (_d, _f))


def dimension(unit: str) -> str:
    return _UNITS.get(unit, (unit, 1.0))[0] if unit else ""


def is_result(q: Quantity) -> bool:
    return dimension(q.unit) in RESULT_DIMENSIONS


def distinctive(q) -> bool:
    """A value unlikely to recur by chance: three significant digits ("7.45", "1094.8"),
    or two with a decimal ("0.058", "2.5%"); not "9.0" or "16"."""
    m = re.search(r"\d[\d,]*(?:\.\d+)?", q.raw)
    if not m:
        return False
    number = m.group(0).replace(",", "")
    whole, _, decimals = number.partition(".")
    decimals = decimals.rstrip("0")
    digits = (whole + decimals).lstrip("0") if decimals else whole.strip("0")
    return len(digits) >= 3 or (bool(decimals) and len(digits) >= 2) or q.unit in {"tok/s/GPU", "tok/s/user"}


def base_values(q: Quantity) -> tuple[float, float]:
    factor = _UNITS.get(q.unit, ("", 1.0))[1]
    return q.low * factor, q.high * factor


_SIGNLESS = {"%", "pp"}


def compatible(claim_unit: str, fact_unit: str, *, bare_ok: bool = True) -> bool:
    if not claim_unit or not fact_unit:
        return bare_ok
    if claim_unit == fact_unit:
        return True
    return dimension(claim_unit) == dimension(fact_unit)


def decimals(raw: str) -> int:
    """The decimal places a figure is written to ("13.863": 3)."""
    m = re.search(r"\d+(?:[.,]\d+)?", raw.replace(",", ""))
    if not m or "." not in m.group(0):
        return 0
    return len(m.group(0).split(".")[1])


def close(claim_value: float, fact_value: float, *, decimals: int, approx: bool, truncated: bool = False) -> bool:
    """A fact value supports a claim value when it rounds to it at the claim's
    precision, or (with 约/about on either side) lies within 6 %; a figure a log prints
    to many places may also be cut short ("4722.701172" written "4722")."""
    if math.isclose(claim_value, fact_value, rel_tol=1e-9, abs_tol=1e-12):
        return True
    if abs(fact_value - claim_value) <= 0.5 * 10 ** (-decimals) + 1e-9:
        return True
    if truncated and 0 <= abs(fact_value) - abs(claim_value) < 10 ** (-decimals):
        return True
    if approx and claim_value and abs(fact_value - claim_value) / abs(claim_value) <= 0.06:
        return True
    return False


def same_value(claim: Quantity, fact: Quantity, *, bare_ok: bool = True, strict: bool = False) -> bool:
    """Same number (single value) or same range, after unit conversion; ``strict``
    leaves out the latitude that 约/about gives."""
    if not compatible(claim.unit, fact.unit, bare_ok=bare_ok):
        return False
    if claim.is_range and not fact.is_range and fact.spread:
        # "75.0%–79.4%" is "77.2% ± 2.2%" written out
        return same_value(claim, fact.model_copy(update={"low": fact.low - fact.spread, "high": fact.high + fact.spread,
                                                         "spread": None}), bare_ok=bare_ok, strict=strict)
    approx = (claim.approx or fact.approx) and not strict
    if claim.unit and fact.unit:
        (cl, ch), (fl, fh) = base_values(claim), base_values(fact)
        scale = _UNITS.get(claim.unit, ("", 1.0))[1]
        cl, ch, fl, fh = cl / scale, ch / scale, fl / scale, fh / scale
    else:
        cl, ch, fl, fh = claim.low, claim.high, fact.low, fact.high
    if claim.unit in _SIGNLESS and (fl < 0 or fh < 0) and cl >= 0:
        # "a 30.20% reduction" / "fell by 3.6%" state the size of a signed change (−30.20%)
        fl, fh = sorted((abs(fl), abs(fh)))
    d = decimals(claim.raw)
    cut = decimals(fact.raw) >= d + 3  # written to three or more places beyond the claim's
    return close(cl, fl, decimals=d, approx=approx, truncated=cut) and close(ch, fh, decimals=d, approx=approx, truncated=cut)


def value_in(claim: Quantity, value: float, unit: str) -> bool:
    """The claim's single value equals ``value`` (given in ``unit``)."""
    probe = Quantity(low=value, high=value, unit=unit, raw=str(value), start=0, end=0)
    return same_value(claim, probe)


@dataclass(frozen=True)
class Hit:
    fact: Fact
    qa: QuantityAt


def matches(claim: Quantity, facts: list[Fact], *, bare_ok: bool = True, strict: bool = False) -> list[Hit]:
    """Every fact quantity with the claim quantity's value."""
    out = []
    for fact in facts:
        for qa in fact.statement.quantities:
            if same_value(claim, qa.q, bare_ok=bare_ok, strict=strict):
                out.append(Hit(fact, qa))
    return out


@dataclass(frozen=True)
class Ratio:
    value: float
    a: Hit
    b: Hit

    @property
    def metric(self) -> str | None:
        return self.a.qa.metric or self.b.qa.metric


def ratios(facts: list[Fact]) -> list[Ratio]:
    """Before/after ratios a reader could compute from the sources: two values of
    one dimension in one passage ("478 / 143 s"), or in one column of one table."""
    out: list[Ratio] = []
    columns: dict[tuple[str, str, int | None, int], list[Hit]] = {}
    for i, fact in enumerate(facts):
        qs = [qa for qa in fact.statement.quantities if not qa.q.is_range and qa.q.high > 0]
        for x in range(len(qs)):
            for y in range(x + 1, len(qs)):
                a, b = qs[x], qs[y]
                if not _ratio_units(a.q.unit, b.q.unit):
                    continue
                out.append(_ratio(Hit(fact, a), Hit(fact, b)))
        if fact.kind == "row":
            for qa in qs:
                columns.setdefault((fact.url, fact.where, fact.table, qa.clause), []).append(Hit(fact, qa))
        # a benchmark log prints "before" and "after" on lines of their own
        for prev in facts[max(0, i - 3) : i]:
            if prev.url != fact.url or prev.where != fact.where:
                continue
            for a in prev.statement.quantities:
                for b in qs:
                    if (a.q.unit and a.q.unit == b.q.unit and not a.q.is_range and a.q.high > 0
                            and (a.metric == b.metric or not a.metric or not b.metric)):
                        out.append(_ratio(Hit(prev, a), Hit(fact, b)))
    for hits in columns.values():
        for x in range(len(hits)):
            for y in range(x + 1, len(hits)):
                a, b = hits[x], hits[y]
                if a.fact is b.fact or a.qa.q.unit != b.qa.q.unit:
                    continue
                # bare cells count when their column header names the metric ("Client E2E")
                if a.qa.q.unit or (a.qa.metric and a.qa.metric == b.qa.metric):
                    out.append(_ratio(a, b))
    return out


def _ratio_units(u: str, v: str) -> bool:
    if u and v:
        return u == v or dimension(u) == dimension(v) and dimension(u) in {"time", "rate", "bytes"}
    return bool(u or v) and dimension(u or v) in {"time", "rate", "bytes"}


def _ratio(a: Hit, b: Hit) -> Ratio:
    va, vb = a.qa.q.high, b.qa.q.high
    return Ratio(max(va, vb) / min(va, vb), a, b)


_WORD = compile_pattern(r"[A-Za-z][A-Za-z0-9.+_-]*[A-Za-z0-9]|[A-Za-z]{2,}")
_STOP = {"the", "and", "for", "with", "from", "this", "that", "are", "was", "its", "into", "not", "pr", "of", "in",
         "on", "to", "is", "by", "as", "at", "be", "an", "or", "it"}


@lru_cache(maxsize=8192)
def words(text: str, parts: bool = True) -> frozenset[str]:
    """Language-neutral tokens: Latin words, names and versions, lowercased; a
    hyphenated name also gives its parts ("whisper-large-v3": whisper, large, v3)
    unless ``parts`` is off (where "Qwen-Image-Edit-2509" must not be "Qwen-Image-Edit")."""
    out = set()
    for w in _WORD.findall(text):
        w = w.lower()
        if w not in _STOP:
            out.add(w)
        if parts and "-" in w:
            out |= {p for p in w.split("-") if len(p) > 1 and p not in _STOP}
    return frozenset(out)


def relevance(claim_text: str, claim_quantities: list[QuantityAt], facts: list[Fact]) -> float:
    """How much a document's facts speak of the claim: shared values first, then names."""
    claim_words = words(claim_text)
    score = 0.0
    for qa in claim_quantities:
        if matches(qa.q, facts, bare_ok=False):
            score += 3.0
    fact_words: set[str] = set()
    for f in facts:
        fact_words |= words(f.quote)
    score += len(claim_words & fact_words) * 0.5
    title = next((f for f in facts if f.kind == "title"), None)
    if title:
        score += len(claim_words & words(title.quote)) * 1.0
    return score
