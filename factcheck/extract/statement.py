"""One extractor for both sides: a draft sentence becomes a claim, a source
passage a fact, and both are a ``Statement`` in the same vocabulary."""
from __future__ import annotations

import re

from pydantic import BaseModel, Field

from ..lexicon import load_lexicon
from ..models import Window
from ..regex_cache import compile_pattern
from .clauses import Clause, clause_at, split_clauses
from .conditions import find_conditions
from .dates import extract_dates
from .licenses import LicenseStatement, find_licenses
from .quantities import extract_quantities, load_units
from .records import DateMention, Mention, Quantity, VersionMention
from .versions import extract_versions


class QuantityAt(BaseModel):
    """A quantity with what the surrounding words say about it."""

    q: Quantity
    clause: int
    negated: bool = False
    metric: str | None = None
    role: str | None = Field(default=None, description="before/after in a from->to change")


class Statement(BaseModel):
    text: str
    clauses: list[Clause]
    quantities: list[QuantityAt] = Field(default_factory=list)
    mentions: list[Mention] = Field(default_factory=list)
    licenses: list[LicenseStatement] = Field(default_factory=list)
    dates: list[DateMention] = Field(default_factory=list)
    versions: list[VersionMention] = Field(default_factory=list)

    def of(self, kind: str, *, affirmed: bool | None = None) -> list[Mention]:
        return [m for m in self.mentions if m.kind == kind and (affirmed is None or m.negated != affirmed)]

    def keys(self, kind: str, *, affirmed: bool | None = None) -> set[str]:
        return {m.key for m in self.of(kind, affirmed=affirmed)}

    def changes(self) -> list[tuple[QuantityAt, QuantityAt]]:
        """from->to pairs the text states ("从 584 bytes 减至 528 bytes")."""
        out = []
        for a, b in zip(self.quantities, self.quantities[1:]):
            if a.role == "before" and b.role == "after":
                out.append((a, b))
        return out


# Between two numbers of a stated change: "从 A 减至 B", "from A to B", "A → B".
_CHANGE_LEAD = compile_pattern(r"(?:从|由|from)\s*(?:about|约|~)?\s*$", re.IGNORECASE)
_CHANGE_LINK = compile_pattern(
    r"^\s*(?:\S{0,6}\s*)?(?:减至|降至|降到|减到|减少到|增至|增到|升至|提升到|提升至|提高到|变为|变成|改成|改为|到|至|→|->|to)\s*"
    r"(?:about|约|~|approximately)?\s*$",
    re.IGNORECASE,
)

# "翻倍" / "翻了一番" doubles, "翻了两番" quadruples: a multiplier with no digit in it
_DOUBLING = compile_pattern(r"翻了?(一|两|二|三)番|翻倍")
_TIMES_OF = {"一": 2.0, "两": 4.0, "二": 4.0, "三": 8.0}


def _doublings(text: str) -> list[Quantity]:
    out = []
    for m in _DOUBLING.finditer(text):
        value = _TIMES_OF[m.group(1)] if m.group(1) else 2.0
        out.append(Quantity(low=value, high=value, unit="x", raw=m.group(0), start=m.start(), end=m.end()))
    return out


# A change told as a fraction in words: "减少了一半", "砍半", "cut in half", "drops by a
# third". Only beside a verb of change: "一半的请求" is a share, not a change.
_FRACTIONS = {"一半": 50.0, "half": 50.0, "a half": 50.0, "one half": 50.0, "三分之一": 100 / 3, "a third": 100 / 3,
              "one third": 100 / 3, "one-third": 100 / 3, "三分之二": 200 / 3, "two thirds": 200 / 3,
              "two-thirds": 200 / 3, "四分之一": 25.0, "a quarter": 25.0, "one quarter": 25.0, "四分之三": 75.0,
              "three quarters": 75.0, "three-quarters": 75.0}
_FRACTION_WORDS = "|".join(sorted(map(re.escape, _FRACTIONS), key=len, reverse=True))
_FRACTION_CHANGE = compile_pattern(
    r"(?:减少|降低|下降|缩短|缩小|减小|削减|节省|节约|提升|增加|提高|增长|减|降|省|少|快|慢)了?"
    rf"(?P<zh_hedge>近|约|大约|超过|逾)?(?P<zh>{_FRACTION_WORDS})"
    r"|(?P<halved>减半|砍半|砍掉一半|(?:cut|cuts|slashed|slashes|slash)\s+in\s+half|(?<![\w-])halv(?:es|ed|ing)(?![\w-]))"
    # what is left: "只剩原来的三分之一", "降到原来的一半", "down to a third of"; the change is the rest
    rf"|(?:只剩|仅剩|只剩下|剩下|降到|降至|减到|减至|缩到|缩至)(?:了)?(?:原来|之前|此前)?的?(?P<left_zh>{_FRACTION_WORDS})"
    rf"|(?:down|drops?|dropped|falls?|fell|cut|shrinks?|shrank|reduced)\s+to\s+(?:about\s+|roughly\s+)?(?P<left_en>{_FRACTION_WORDS})\s+of\b"
    r"|(?:cut|cuts|reduce[sd]?|reducing|drop(?:s|ped)?|fall(?:s)?|fell|shr[iau]nk(?:s)?|lower(?:s|ed)?|decrease[sd]?"
    r"|increase[sd]?|grow(?:s)?|grew|rise[sn]?|rose|improve[sd]?|saves?|saved|trim(?:s|med)?)\s+(?:\w+\s+){0,3}?by\s+"
    rf"(?P<en_hedge>about\s+|roughly\s+|nearly\s+|almost\s+|around\s+|more\s+than\s+|over\s+)?(?P<en>{_FRACTION_WORDS})(?![\w-])",
    re.IGNORECASE)


def _fraction_changes(text: str) -> list[Quantity]:
    out = []
    for m in _FRACTION_CHANGE.finditer(text):
        left = m.group("left_zh") or m.group("left_en")
        word = m.group("zh") or m.group("en") or left
        value = 50.0 if m.group("halved") else _FRACTIONS[word.lower()]
        if left:
            value = 100.0 - value
        hedge = (m.group("zh_hedge") or m.group("en_hedge") or "").strip().lower()
        bound = "lower" if hedge in ("超过", "逾", "more than", "over") else None
        group = next(g for g in ("halved", "zh", "en", "left_zh", "left_en") if m.group(g))
        start = m.start(group)
        out.append(Quantity(low=value, high=value, unit="%", approx=True, bound=bound, raw=text[start:m.end()],
                            start=start, end=m.end()))
    return out


_GLUED_B = compile_pattern(r"(?:约|about|~)?\s*\d+(?:\.\d+)?B")

# The lexicon groups whose hits become Mentions, by kind.
_MENTION_GROUPS = ("universal", "simultaneity", "no_change", "accuracy", "status", "events", "artifacts", "gain",
                   "upper_bound", "statistic", "proposal", "shipped", "unconditional", "conditioned", "no_gain")


# The most characters of one sentence or passage that are analysed. Real sentences are far
# shorter; a pasted blob (an 80 KB line of "1.1." or of digits) would otherwise cost time
# that grows faster than its length in the extractors. The report says when it cut one.
MAX_ANALYSED = 2000

_GLUED = compile_pattern(r"[-_/][A-Za-z]")
_GLUED_BEFORE = compile_pattern(r"[A-Za-z][_/]$|[A-Za-z]{2,}-$")


def extract_statement(text: str, window: Window | None = None, *, label: str | None = None,
                      claim: bool = False) -> Statement:
    """Extract everything checkable from ``text``.

    ``label`` is the first cell of a table row (its row header), which names the
    metric of every number in the row. ``claim``: the text is a draft sentence,
    where one metric named anywhere in it ("Measured on the denoising stage alone,
    … about 2.93x faster") names a number that its own clause leaves unnamed.
    """
    text = text[:MAX_ANALYSED]
    lexicon = load_lexicon()
    clauses = split_clauses(text)
    mentions: list[Mention] = list(find_conditions(text))
    for group in _MENTION_GROUPS:
        for hit in getattr(lexicon, group).find(text):
            if hit.key == "holds":  # a longer word that holds a term ("出现在" holds "现在"): not the term
                continue
            kind = {"events": "event", "artifacts": "artifact"}.get(group, group)
            mentions.append(Mention(kind=kind, key=hit.key, start=hit.start, end=hit.end, text=hit.text))
    # "SWE-bench Verified" names a benchmark, not a validation
    # and "Stable Diffusion", "beta-tester", "alpha_fold" name things: no status either
    named = [(m.start, m.end) for m in mentions if m.kind == "accuracy"]
    named += [(h.start, h.end) for h in lexicon.modality.find(text) if h.key == "names"]
    mentions = [m for m in mentions if m.kind != "status" or not (
        any(s <= m.start and m.end <= e for s, e in named) or _GLUED.match(text, m.end)
        or (m.start and _GLUED_BEFORE.search(text, 0, m.start)))]
    for hit in lexicon.voice.find(text):  # kind "first_party" or "attributed"
        mentions.append(Mention(kind=hit.key, key=hit.key, start=hit.start, end=hit.end, text=hit.text))
    for hit in lexicon.parity.find(text):  # kind "same", "worse" or "faster"
        mentions.append(Mention(kind=hit.key, key=hit.key, start=hit.start, end=hit.end, text=hit.text))
    for hit in lexicon.direction.find(text):  # kind "rise" or "fall"
        mentions.append(Mention(kind=hit.key, key=hit.key, start=hit.start, end=hit.end, text=hit.text))
    for m in mentions:
        m.clause = clause_at(clauses, m.start)
        m.negated = clauses[m.clause].negates(m.start, m.end) or _SET_OFF.search(text, max(0, m.start - 8), m.start) is not None
    metric_hits = lexicon.metrics.find(text)
    approx_hits = lexicon.approx.find(text) if claim else []
    found = extract_quantities(text)
    for q in _doublings(text) + _fraction_changes(text):
        if not any(q.start < o.end and o.start < q.end for o in found):
            found.append(q)
    found.sort(key=lambda q: q.start)
    quantities = []
    for q in found:
        ci = clause_at(clauses, q.start)
        # "约比单卡快 2.93 倍": a writer's hedge governs the number after it in its clause,
        # unless another number stands between ("约 47 ms of the 92 ms" hedges only 47; "单卡", one GPU
        # named without a digit, is the comparison's base, not a number the hedge could govern)
        if not q.approx and any(clauses[ci].start <= h.start and h.end <= q.start
                                and not any(h.end <= o.start and o.end <= q.start and not one_unnumbered(o)
                                            for o in found)
                                for h in approx_hits):
            q = q.model_copy(update={"approx": True})
        metric = _metric_for(q, clauses[ci], metric_hits, lexicon.metric_units)
        if metric is None and ci and _is_label(text, clauses[ci - 1]):
            metric = _metric_for(q, clauses[ci - 1], metric_hits, {})  # "Denoise: 7.45 s"
        if (metric is None and (named := lexicon.metric_qualifiers.get(q.qualifier or "")) and _can_measure(named, q.unit)
                and _between(q)):
            metric = named  # "125k prefill tokens/s": the word between number and unit names it
        quantities.append(QuantityAt(q=q, clause=ci, negated=_negates_figure(text, clauses[ci], q), metric=metric))
    if any(qa.q.unit == "params" for qa in quantities):
        # "约 14B 参数，合计 27B": beside a parameter count, a bare 27B is one too, not bytes
        for qa in quantities:
            if qa.q.unit == "B" and _GLUED_B.fullmatch(qa.q.raw.strip()):
                qa.q = qa.q.model_copy(update={"unit": "params", "low": qa.q.low * 1e9, "high": qa.q.high * 1e9})
    if label:
        row_metric = lexicon.metrics.find(label)
        for qa in quantities:
            if qa.metric is None and row_metric and _can_measure(row_metric[0].key, qa.q.unit):
                qa.metric = row_metric[0].key
    if claim:
        named = {h.key for h in metric_hits}
        if len(named) == 1:
            for qa in quantities:
                only = next(iter(named))
                if qa.metric is None and qa.q.unit in {"x", "%", "s", "ms"} and _can_measure(only, qa.q.unit):
                    qa.metric = only
    _shared_bound(text, quantities)
    _mark_changes(text, quantities)
    return Statement(
        text=text,
        clauses=clauses,
        quantities=quantities,
        mentions=sorted(mentions, key=lambda m: m.start),
        licenses=find_licenses(text, clauses),
        dates=extract_dates(text, window),
        versions=extract_versions(text),
    )


# between "up to 3000 GB/s" and "660 TFLOPS": a condition of the first and a conjunction
_BOUND_SHARED = compile_pattern(r"\s*(?:(?:in|on|at|for|with|under)\b[^;.,，。；\d]{0,60}?|[（(][^）)\d]{0,40}[）)])?"
                                r"\s*(?:and|与|和|及|以及)\s*", re.IGNORECASE)


def _negates_figure(text: str, clause: Clause, q: Quantity) -> bool:
    """Whether the clause denies a figure. "without" after it only names what the figure
    was measured without ("up to 30x speedup without prefix caching")."""
    cues = [(cs, ce) for cs, ce in clause.cues if not (cs >= q.end and text[cs:ce].casefold() == "without")]
    if len(cues) == len(clause.cues):
        return clause.negates(q.start, q.end)
    return clause.model_copy(update={"cues": cues}).negates(q.start, q.end)


def _shared_bound(text: str, quantities: list[QuantityAt]) -> None:
    """"up to 3000 GB/s in memory-bound configuration and 660 TFLOPS in computation-bound
    configuration": one "up to" bounds both figures it coordinates."""
    for prev, qa in zip(quantities, quantities[1:]):
        if (prev.q.bound == "upper" and qa.q.bound is None and not qa.q.approx and prev.clause == qa.clause
                and prev.q.unit != qa.q.unit and _BOUND_SHARED.fullmatch(text, prev.q.end, qa.q.start)):
            qa.q = qa.q.model_copy(update={"bound": "upper"})


def _is_label(text: str, clause: Clause) -> bool:
    """A short clause ending in a colon names what follows it."""
    tail = text[clause.end : clause.end + 1]
    return tail in (":", "：") and clause.end - clause.start <= 40


_TIME_UNITS = {"s", "ms", "us", "µs", "ns", "min", "h"}


def _can_measure(metric: str, unit: str) -> bool:
    """A throughput word does not name a time ("VAE decode takes 1.2 s"), nor a latency
    word a rate: the figure then belongs to another word of its clause, or to none."""
    if metric.startswith("throughput."):
        return unit not in _TIME_UNITS
    if metric.startswith("latency."):
        return "/s" not in unit
    if metric.startswith("memory."):  # "14.62K tokens/s with 122.665 GiB peak memory": only the GiB
        return unit in _BYTE_UNITS
    return True


_BYTE_UNITS = {"B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "GB/GPU"}


def _between(q: Quantity) -> bool:
    """Whether a quantity's qualifier stands between its number and its unit ("125k prefill
    tokens/s"), not before it ("correct output at 325.70 t/s")."""
    inside = q.raw.casefold()
    return any(w in inside for w, key in load_units().qualifiers.items() if key == q.qualifier)


def _metric_for(q: Quantity, clause: Clause, hits: list, by_unit: dict[str, str]) -> str | None:
    if q.unit in by_unit:
        return by_unit[q.unit]
    best, best_gap = None, None
    for h in hits:
        if not (clause.start <= h.start < clause.end) or not _can_measure(h.key, q.unit):
            continue
        gap = q.start - h.end if h.end <= q.start else (h.start - q.end) * 1.5  # words before a number name it first
        if best_gap is None or gap < best_gap:
            best, best_gap = h.key, gap
    return best


# a setting left off: "（不开 fp8、d14）复测", "相对不开投机解码提速约 2.1 倍". Like "without", it denies only the
# term right after it, not its clause (whose figure was measured that way); "绕不开", "离不开" are no such cue
_SET_OFF = compile_pattern(r"(?<![离绕分打躲避])(?:不开启|不开|不启用|不使用|未使用|不带|关掉)[ \t]*$")


def one_unnumbered(q: Quantity) -> bool:
    """One GPU named without a digit: "单卡", "a single A100"."""
    return q.unit == "GPU" and q.high == 1 and not any(ch.isdigit() for ch in q.raw.split()[0])


def _mark_changes(text: str, quantities: list[QuantityAt]) -> None:
    for a, b in zip(quantities, quantities[1:]):
        if a.role or b.role:
            continue
        if a.q.change_role == "before" and b.q.change_role == "after":
            a.role, b.role = "before", "after"
            continue
        lead = text[max(0, a.q.start - 12) : a.q.start]
        link = text[a.q.end : b.q.start]
        if len(link) <= 16 and _CHANGE_LINK.match(link) and (_CHANGE_LEAD.search(lead) or "→" in link or "->" in link):
            a.role, b.role = "before", "after"
