"""Quantities in draft sentences and source passages, as comparable data.

"约 14.3 秒" and "about 14.3 s" both become ``Quantity(14.3, 14.3, "s", approx=True)``.
Units are normalised through ``factcheck/lexicon/units.toml``. Digits that belong
to something else (versions, dates, identifiers such as Qwen3.8-27B or SM100,
#refs, URLs, hashes, code spans) are not quantities.

Table cells: a bare number in a Markdown table row whose first cell is a unit
("| bytes/token | 584 | **528** |") takes that unit; other cells stay bare.
"""
from __future__ import annotations

import bisect
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from factcheck.extract.dates import extract_dates
from factcheck.extract.numerals import (
    ENGLISH_MULTIPLIERS,
    ENGLISH_NUMBERS,
    chinese_to_number,
    non_numeric_spans,
    parse_arabic,
)
from factcheck.extract.records import Quantity
from factcheck.extract.versions import extract_versions
from factcheck.regex_cache import compile_pattern, pattern_cache

UnitName = tuple[str, str | None]  # (canonical unit, qualifier)

# A hedge word that is part of another word there: 节约 (save), 约束 (constraint), 最近 (recent).
_HEDGE_NOT_AFTER = {"约": "节预合签契制简", "近": "最附"}


@dataclass(frozen=True)
class UnitTable:
    """``units.toml``, compiled once."""

    unit_after: re.Pattern[str]  # optional separator, then a unit spelling
    unit_whole: re.Pattern[str]  # a string that is exactly one unit spelling
    exact: dict[str, UnitName]
    folded: dict[str, UnitName]
    qualifier_between: re.Pattern[str]
    qualifiers: dict[str, str]
    qualifier_zh_after: re.Pattern[str]
    qualifier_before: re.Pattern[str]
    hedge_before: re.Pattern[str]
    hedge_gap_before: re.Pattern[str]
    hedge_after: re.Pattern[str]
    hedge_kind: dict[str, str]
    gpu_count: re.Pattern[str]

    def lookup(self, spelled: str) -> UnitName | None:
        key = re.sub(r"\s+", "", spelled)
        return self.exact.get(key) or self.folded.get(key.casefold())


@lru_cache(maxsize=1)
def load_units() -> UnitTable:
    # The table's compiled code is kept between runs, as the lexicon's (regex_cache).
    with pattern_cache("units"):
        return _build_units()


def _build_units() -> UnitTable:
    raw = resources.files("factcheck.lexicon").joinpath("units.toml").read_text(encoding="utf-8")
    data = tomllib.loads(raw)
    exact: dict[str, UnitName] = {}
    folded: dict[str, UnitName] = {}
    pieces: list[tuple[int, str]] = []
    for entry in data["unit"]:
        name: UnitName = (entry["canonical"], entry.get("qualifier"))
        is_exact = bool(entry.get("exact"))
        for spelling in entry["spellings"]:
            key = re.sub(r"\s+", "", spelling)
            if is_exact:
                exact.setdefault(key, name)
            else:
                folded.setdefault(key.casefold(), name)
            pieces.append((len(spelling), _spelling_pattern(spelling, is_exact)))
    units = "|".join(p for _, p in sorted(pieces, key=lambda piece: -piece[0]))

    qualifiers = {k.casefold(): v for k, v in data["qualifiers"].items()}
    zh_qualifiers = dict(data["qualifiers_zh"])
    all_qualifiers = {**qualifiers, **zh_qualifiers}
    hedge_kind: dict[str, str] = {}
    before: list[str] = []
    after: list[str] = []
    for kind, words in data["hedges"].items():
        for word in words["before"]:
            hedge_kind[_fold(word)] = kind
            before.append(word)
        for word in words["after"]:
            hedge_kind[_fold(word)] = kind
            after.append(word)
    chinese_before = [w for w in before if not w[0].isascii() and w not in "～≈∼"]
    q_words = "|".join(_word_pattern(w) for w in sorted(qualifiers, key=len, reverse=True))
    qa_words = "|".join(_word_pattern(w) for w in sorted(all_qualifiers, key=len, reverse=True))
    hardware = data["hardware"]["pattern"]
    return UnitTable(
        unit_after=compile_pattern(rf"(?:[ \t\u3000]*|-)(?P<u>{units})"),
        unit_whole=compile_pattern(rf"(?:{units})"),
        exact=exact,
        folded=folded,
        qualifier_between=compile_pattern(rf"(?:[ \t]+|-)(?P<q>{q_words})(?![A-Za-z])(?=[ \t]*-?[ \t]*\S)", re.IGNORECASE),
        qualifiers=all_qualifiers,
        qualifier_zh_after=compile_pattern("[ \t]*(?P<q>" + "|".join(map(re.escape, zh_qualifiers)) + ")"),
        qualifier_before=compile_pattern(
            rf"(?P<q>{qa_words})(?:[ \t]*-?[ \t]*(?:token[ \t]+)?(?:throughput|吞吐量?|time|时间|latency|延迟|速度|speed))?"
            r"[ \t]*(?:为|是|约为|达到|达|of|by|at|is|was|reaches|:|：)?[ \t]*$",
            re.IGNORECASE,
        ),
        # "up to **1550 TFLOPS**": Markdown emphasis may stand between the hedge and the number
        hedge_before=compile_pattern(_alternation(before) + r"[ \t]*(?:\*{1,2}|_{1,2})?$", re.IGNORECASE),
        hedge_gap_before=compile_pattern(
            "(?P<w>" + "|".join(map(re.escape, sorted(chinese_before, key=len, reverse=True))) + ")"
            r"(?:[^\d，。；;,!?！？、：:\n]|(?<=[A-Za-z0-9])\d){1,24}?的[ \t]*$"
        ),
        hedge_after=compile_pattern(r"[ \t]*" + _alternation(after), re.IGNORECASE),
        hedge_kind=hedge_kind,
        gpu_count=compile_pattern(
            rf"[ \t]*(?:[x×]|张|块|台|片|颗|个)?[ \t]*(?:{hardware}|GPUs?|显卡|卡)s?(?![A-Za-z0-9])(?:[ \t]*(?:GPUs?|显卡|卡)(?![A-Za-z]))?"
        ),
    )


def unit_follows(text: str, pos: int) -> bool:
    """Whether a unit spelling starts at ``pos`` (after optional spaces)."""
    return load_units().unit_after.match(text, pos) is not None


def _fold(word: str) -> str:
    return " ".join(word.split()).casefold()


def _word_pattern(word: str) -> str:
    pattern = re.escape(word).replace(r"\ ", r"\s+")
    if word[0].isascii() and word[0].isalpha():
        pattern = r"(?<![A-Za-z])" + pattern
    return pattern


def _alternation(words: list[str]) -> str:
    body = "|".join(_word_pattern(w) + (r"(?![A-Za-z])" if w[-1].isascii() and w[-1].isalpha() else "")
                    for w in sorted(words, key=len, reverse=True))
    return f"(?P<w>{body})"


def _spelling_pattern(spelling: str, exact: bool) -> str:
    parts: list[str] = []
    for i, ch in enumerate(spelling):
        if ch == " ":
            between_letters = spelling[i - 1].isascii() and spelling[i + 1].isascii()
            parts.append(r"\s+" if between_letters else r"\s*")
        elif ch == "/":
            parts.append(r"\s*/\s*")
        else:
            parts.append(re.escape(ch))
    pattern = "".join(parts)
    if spelling[-1].isascii() and spelling[-1].isalnum():
        pattern += r"(?![A-Za-z0-9_]|-[A-Za-z])"  # not "frame-wise"
    return pattern if exact else f"(?i:{pattern})"


# --- reading numbers ---------------------------------------------------------

_NUMBER = compile_pattern(
    r"""
      (?P<arabic>(?P<sign>[+\-−])?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|(?<![\w.])\.\d+(?![\d.])))  # ".62" in a table
    | (?P<pct_zh>百分之(?P<pct_num>[零〇一二两三四五六七八九十百点]+))
    | (?P<zh>[一二两三四五六七八九十百千](?:[零〇一二两三四五六七八九十百千万亿]|点(?=[零〇一二三四五六七八九]))*)
    | (?P<word>(?i:(?<![A-Za-z-])(?:"""
    + "|".join(sorted(ENGLISH_NUMBERS, key=len, reverse=True))
    + r""")(?![A-Za-z])))
    | (?P<mult>(?i:(?<![A-Za-z-])(?:"""
    + "|".join(sorted(ENGLISH_MULTIPLIERS, key=len, reverse=True))
    + r""")(?![A-Za-z])))
    # "a single A100", "单张 A100", "单卡": one GPU (kept only where a GPU follows)
    | (?P<single>(?i:(?<![A-Za-z-])single(?=[ \t]))|(?<![简订清名菜账])单(?=[ \t]*(?:张|块|台|片|颗|个)?[ \t]*(?:[A-Za-z]|显卡|卡)))
    # "at least a gigabyte", "an hour": an article before a unit spelled out in full is one of it
    | (?P<article>(?i:(?<![A-Za-z-])an?(?=[ \t]+(?:gigabyte|megabyte|terabyte|kilobyte|hour|minute|millisecond)s?\b)))
    """,
    re.VERBOSE,
)
_TENTHS = compile_pattern(r"成(?![为功本员长型果立熟绩就品像不])")  # 三成 (30 %), not 成为 / 完成
_SUFFIX = compile_pattern(r"(?P<s>[kK](?![A-Za-z])|M(?![A-Za-z])|B(?![A-Za-z0-9/])|[ \t]?(?:百万|千万|万|亿)"
                          r"|[ \t](?:thousand|million|billion|trillion)(?![A-Za-z]))")
_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "万": 1e4, "亿": 1e8, "百万": 1e6, "千万": 1e7,
          "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_SHAPE = compile_pattern(r"[ \t]?[x×][ \t]?\d")  # 1344x768, 8 x 2048: not a multiplier
_TIMES = compile_pattern(r"[ \t]*-?[ \t]*times(?![A-Za-z])", re.IGNORECASE)
_COMPARATIVE = compile_pattern(
    r"[ \t]+(?:faster|slower|more|less|higher|lower|larger|smaller|bigger|greater|better|quicker|longer|"
    r"shorter|fewer|cheaper|the|as|that|over|speedup)\b",
    re.IGNORECASE,
)
_BY_BEFORE = compile_pattern(r"\b(?:improves?|improved|increases?|increased|boosts?|boosted|raises?|raised|speeds? up|sped up|"
                             r"accelerates?|accelerated|reduces?|reduced|cuts?|lowers?|lowered|grows?|grew)\b[^.;,]{0,30}?"
                             r"\bby[ \t]+(?:up[ \t]+to|about|around|roughly|nearly|over|more[ \t]+than|almost|approximately)?[ \t]*$",
                             re.IGNORECASE)
_BASE_MULT_NEEDS = compile_pattern(r"[ \t]+(?:the|that|its|their|of|as)\b", re.IGNORECASE)
_HALF_AS_PART = compile_pattern(r"\b(?:first|second|latter|other|back|front|top|bottom|lower|upper)[ \t]+$", re.IGNORECASE)
_JOIN = compile_pattern(
    r"""[ \t]*(?:
        (?P<change>→|->|=>|⟶|(?:下降|降低|减少|增加|提升|提高|缩短|缩减|增长|扩大|压缩|减|降|缩|增|提|升|涨|跌|变|改)(?:至|到|为|成))
      | (?P<dash>\.\.|…|-|–|—|~|～)
      | (?P<zh_to>至|到)
      | (?P<to>(?<![A-Za-z])to(?![A-Za-z]))
      | (?P<and>(?<![A-Za-z])and(?![A-Za-z]))
    )[ \t]*(?P<approx>(?:about|around|approximately|roughly|nearly|大约|约为|约|~|≈)[ \t]*)?""",
    re.VERBOSE | re.IGNORECASE,
)
_FROM_BEFORE = compile_pattern(r"(?:(?<![A-Za-z])from|从|由)[ \t]*$", re.IGNORECASE)
_BETWEEN_BEFORE = compile_pattern(r"(?<![A-Za-z])between[ \t]*$", re.IGNORECASE)
_CHANGE_VERB = compile_pattern(
    r"(?<![A-Za-z])(?:ris|rose|grow|grew|increas|improv|fall|fell|drop|cut|reduc|decreas|shr[iau]nk|jump|"
    r"climb|slash|lower|rais|boost|went|go|goes|chang|mov|doubl|halv|accelerat|bring|brought|trim|"
    r"shorten|expand|lift|bump)[a-z]*(?![A-Za-z])",
    re.IGNORECASE,
)
_RANGE_WORD = compile_pattern(r"(?<![A-Za-z])(?:range|ranges|ranging|vary|varies|varying|span|spans)(?![A-Za-z])", re.IGNORECASE)
# "总参数约 428B", "active parameters: 23B": the count follows its noun
_PARAMS_BEFORE = compile_pattern(r"(?:参数量?|param(?:eter)?s?|\b(?:LLMs?|models?)[ \t]+(?:under|below|over|above|up to|of))"
                                 r"[\s:：为是约~≈]*$", re.IGNORECASE)
# ("106B 总参数、12B 激活参数", "106B total parameters": the kind of count before the word counts too)
# (and a bound between: "30B 以下的 LLM", "70B 级模型")
_PARAMS_AFTER = compile_pattern(r"[ \t-]*(?:(?:以下|以上|以内|级别|级|规模|量级)的?[ \t]*)?"
                                r"(?:(?:total|activated|active|trainable)[ \t]+param(?:eter)?s?|总参数|激活参数|活跃参数|"
                                r"models?|param(?:eter)?s?|dense|MoE|active|checkpoints?|LLMs?|参数|模型)(?![A-Za-z])",
                                re.IGNORECASE)
# a model's name and version before the size: "Llama 3.1 70B", "Qwen 2.5 7B"
_NAME_VERSION_BEFORE = compile_pattern(r"(?<![A-Za-z0-9])[A-Z][A-Za-z0-9_+-]*[ \t]+v?\d+(?:\.\d+)+[ \t]$")
_SLASH_PAIR = compile_pattern(r"[ \t]*/[ \t]*")
# (ASCII words: a product name is Latin; "48G Agent并发 10 用户" names no product)
_PRODUCT_BEFORE = compile_pattern(r"(?:(?<![A-Za-z0-9])(?P<prev>[A-Za-z][A-Za-z0-9_.+-]*)[ \t]+)?"
                                  r"(?<![A-Za-z0-9\u4e00-\u9fff])(?P<w>[A-Za-z][A-Za-z0-9_.+-]*)[ \t]$")
_LONE_ONE_UNITS = frozenset({"x", "s", "ms", "us", "min", "h", "GPU", "%", "pp"})


@dataclass
class _Read:
    """One number and what follows it."""

    value: float
    start: int  # of the number, sign included
    number_end: int
    end: int  # after the unit
    unit: str = ""
    qualifier: str | None = None
    kind: str = "arabic"


# "40 多款", "10 余个", "20 多 GB", "1.5 多倍": 多/余 between a number and its counter or unit is "more than"
_MORE_THAN = compile_pattern(r"(?<=\d)\s?([多余])(?=\s?(?:[个款种位项条张家次套名篇倍万亿年天月周秒帧步层台]|GB|MB|TB|GiB|ms\b))")


def extract_quantities(text: str) -> list[Quantity]:
    """Quantities in ``text``, in order of position, offsets in code points."""
    more = [m.start(1) for m in _MORE_THAN.finditer(text)]
    if more:  # read past the word (offsets kept), then mark each figure it follows as a lower bound
        chars = list(text)
        for i in more:
            chars[i] = " "
        found = _extract(text, "".join(chars))
        for k, q in enumerate(found):
            at = next((i for i in more if q.start < i <= q.end + 1), None)
            if at is not None and not q.is_range and q.bound is None:
                end = max(q.end, at + 1)
                found[k] = q.model_copy(update={"bound": "lower", "end": end, "raw": text[q.start:end]})
        return found
    return _extract(text, text)


def _extract(original: str, text: str) -> list[Quantity]:
    table = load_units()
    blocked: list[tuple[int, int]] | None = None  # computed on the first candidate: most text has none
    starts: list[int] = []
    found: list[Quantity] = []
    consumed = 0
    for m in _NUMBER.finditer(text):
        if m.start() < consumed:
            continue
        first = _read(text, m, table)
        if first is None:
            continue
        if blocked is None:
            blocked = _blocked_spans(text, table)
            starts = [s for s, _ in blocked]
        if _is_blocked(first.start, first.number_end, blocked, starts):
            continue
        quantities, consumed = _assemble(text, first, table, blocked, starts)
        found.extend(quantities)
    found.extend(_log_minutes(text, found))
    found.sort(key=lambda q: q.start)
    found = _apply_row_units(text, found, table)
    found = _paired(text, found, table)
    if original is not text:
        found = [q.model_copy(update={"raw": original[q.start:q.end]}) for q in found]
    return found


# two figures that make one: "77.2% ± 2.2%" (a figure and its margin), "1 second ≈ 86 tokens" (a rate)
_PLUS_MINUS = compile_pattern(r"[ \t]*(?:±|\+/-|\+-)[ \t]*")
_EQUALS = compile_pattern(r"[ \t]*(?:≈|≃|=|~|约等于|约为|约合|相当于|对应|大约|约|is about|is roughly|is approximately|equals|"
                          r"corresponds to|is)[ \t]*", re.IGNORECASE)
_PER = {"s": "second", "ms": "millisecond", "min": "minute", "h": "hour"}


def _paired(text: str, found: list[Quantity], table: UnitTable) -> list[Quantity]:
    """A margin joins the figure before it (``spread``; the margin stays a figure too), and one
    unit of time set equal to a count makes the count a rate ("1 second ≈ 86 tokens" is 86 tok/s)."""
    out = list(found)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        between = text[a.end:b.start]
        if (_PLUS_MINUS.fullmatch(between) and not a.is_range and not b.is_range and a.spread is None
                and (not a.unit or not b.unit or a.unit == b.unit)):
            out[i] = a.model_copy(update={"spread": b.low, "unit": a.unit or b.unit})
            continue
        # "≈ 86 tokens": a hedge read into the count is the sign itself
        sign = _EQUALS.match(between + (text[b.start:b.end] if b.approx else ""))
        if sign is None or sign.end() < len(between) or a.is_range or b.is_range:
            continue
        for one, count, k in ((a, b, i + 1), (b, a, i)):
            if one.low == 1 and one.unit in _PER and count.unit and count.unit not in _PER:
                rate = table.lookup(f"{count.unit}/{one.unit}") or table.lookup(f"{count.unit} per {_PER[one.unit]}")
                if rate:
                    out[k] = count.model_copy(update={"unit": rate[0]})
                break
    return out


# "gptq 25m->5m": a glued "m" is minutes where a change of two such times is logged (alone,
# "7m" may be a million parameters or metres)
_LOGGED_MINUTES = compile_pattern(r"(?<![\w.])(\d+(?:\.\d+)?)m\s*(?:->|→|=>)\s*(\d+(?:\.\d+)?)m(?![\w])")


def _log_minutes(text: str, found: list[Quantity]) -> list[Quantity]:
    out = []
    for m in _LOGGED_MINUTES.finditer(text):
        if any(q.start < m.end() and m.start() < q.end for q in found):
            continue
        for group, role in ((1, "before"), (2, "after")):
            value = float(m.group(group))
            out.append(Quantity(low=value, high=value, unit="min", raw=text[m.start(group):m.end(group) + 1],
                                start=m.start(group), end=m.end(group) + 1, change_role=role))
    return out


def _assemble(
    text: str, first: _Read, table: UnitTable, blocked: list[tuple[int, int]], starts: list[int]
) -> tuple[list[Quantity], int]:
    """A single quantity, a range, or a before/after pair, starting at ``first``."""
    start, approx, bound = _hedge_before(text, first.start, table)
    qualifier = first.qualifier or _qualifier_before(text, start, table)
    joined = _JOIN.match(text, first.end)
    second = None
    if joined and not (joined.group("and") and not _BETWEEN_BEFORE.search(text[max(0, start - 12) : start])):
        nm = _NUMBER.match(text, joined.end())
        if nm:
            second = _read(text, nm, table, after_join=True)
        if second is not None and (_is_blocked(second.start, second.number_end, blocked, starts) or second.kind == "mult"):
            second = None
    if second is not None and (first.unit == second.unit or not first.unit or (not second.unit and joined.group("change"))):
        unit = second.unit or first.unit
        q = qualifier or second.qualifier
        if _needs_unit(first, unit) or _needs_unit(second, unit):
            return [], second.end
        from_context = _FROM_BEFORE.search(text[max(0, start - 8) : start])
        is_change = bool(joined.group("change")) or bool(
            (from_context or joined.group("to") or joined.group("zh_to")) and first.value > second.value
        )
        if from_context and not is_change and _change_verb_before(text, start):
            is_change = True
        end, approx2, bound2 = _hedge_after(text, second.end, table, False, None)
        approx2 = approx2 or bool(joined.group("approx"))
        if is_change:
            second_start = second.start - len(joined.group("approx") or "")
            return [
                _quantity(text, first.value, first.value, unit, q, start, first.end, approx, bound, role="before"),
                _quantity(text, second.value, second.value, unit, q, second_start, end, approx2, bound2, role="after"),
            ], end
        if first.value <= second.value:
            return [_quantity(text, first.value, second.value, unit, q, start, end, approx or approx2, bound or bound2)], end
        # "10-5": two numbers side by side, not a range
        out = [
            _quantity(text, part.value, part.value, part.unit, part.qualifier, part.start, part.end, False, None)
            for part in (first, second)
            if part.unit or not _bare_product_number(text, part)
        ]
        return out, second.end
    if not first.unit and first.kind == "arabic":
        first = _shared_unit(text, first, table)
    end, approx, bound = _hedge_after(text, first.end, table, approx, bound)
    if _needs_unit(first, first.unit) or (not first.unit and _bare_product_number(text, first)):
        return [], first.end
    return [_quantity(text, first.value, first.value, first.unit, qualifier, start, end, approx, bound)], end


def _shared_unit(text: str, first: _Read, table: UnitTable) -> _Read:
    """"505.037 / 169.850 s" writes the unit once for both numbers of the pair."""
    slash = _SLASH_PAIR.match(text, first.end)
    if not slash:
        return first
    nm = _NUMBER.match(text, slash.end())
    partner = _read(text, nm, table, after_join=True) if nm else None
    if partner is None or not partner.unit or partner.kind != "arabic":
        return first
    return _Read(**{**first.__dict__, "unit": partner.unit})


def _quantity(
    text: str, low: float, high: float, unit: str, qualifier: str | None, start: int, end: int,
    approx: bool, bound: str | None, role: str | None = None,
) -> Quantity:
    return Quantity(
        low=low, high=high, unit=unit, approx=approx, bound=bound, qualifier=qualifier,
        raw=text[start:end], start=start, end=end, change_role=role,
    )


def _read(text: str, m: re.Match[str], table: UnitTable, after_join: bool = False) -> _Read | None:
    """The number at ``m`` with its unit, or None when the digits are part of something else."""
    if m.group("arabic"):
        return _read_arabic(text, m, table, after_join)
    if m.group("pct_zh"):
        value = chinese_to_number(m.group("pct_num"))
        return None if value is None else _Read(value, m.start(), m.end(), m.end(), "%", None, "zh")
    if m.group("zh"):
        if m.start() > 0 and text[m.start() - 1] == "第":  # an ordinal
            return None
        value = chinese_to_number(m.group("zh"))
        if value is None:
            return None
        if _TENTHS.match(text, m.end()) and 1 <= value <= 9:  # "三成以上": three tenths, 30 %
            return _Read(value * 10, m.start(), m.end() + 1, m.end() + 1, "%", None, "zh")
        read = _with_unit(text, _Read(value, m.start(), m.end(), m.end(), kind="zh"), table)
        if m.group("zh") == "一" and read.unit not in _LONE_ONE_UNITS:  # 一个, 一次性, 进一步
            return None
        return read
    if m.group("single"):
        read = _with_unit(text, _Read(1.0, m.start(), m.end(), m.end(), kind="word"), table)
        return read if read.unit == "GPU" else None
    if m.group("word") or m.group("article"):
        value = float(ENGLISH_NUMBERS[m.group("word").lower()]) if m.group("word") else 1.0
        read = _Read(value, m.start(), m.end(), m.end(), kind="word")
        return _with_unit(text, read, table)
    word = m.group("mult").lower()
    if word in ("double", "half", "triple") and not _BASE_MULT_NEEDS.match(text, m.end()):
        return None
    if word in ("halves", "halved", "halving"):
        return None  # a change of half, read with the other fractions of change (statement._fraction_changes)
    if word == "half" and _HALF_AS_PART.search(text, 0, m.start()):
        return None  # "the second half of #2413", "the first half of the year": a part, not a factor
    return _Read(ENGLISH_MULTIPLIERS[word], m.start(), m.end(), m.end(), "x", None, "mult")


def _read_arabic(text: str, m: re.Match[str], table: UnitTable, after_join: bool) -> _Read | None:
    start = m.start()
    digits = m.group("arabic")
    if m.group("sign"):
        before = text[start - 1] if start else " "
        if not after_join and (before.isalnum() or before in ")]._"):
            start += 1  # "Qwen3.8-27B", "5+3": not a sign
            digits = digits[1:]
    # On the second side of "1.7-3.8x" the dash is the join, not part of a name.
    if not after_join and _inside_name(text, start):
        return None
    number_end = m.end()
    value = parse_arabic(digits)
    nxt = text[number_end : number_end + 2]
    if (nxt[:1] == "." and nxt[1:2].isdigit()) or (nxt[:1] == "/" and nxt[1:2].isdigit()) or nxt[:1] == "_":
        return None  # 0.5.20, 1/2, IQ1_S
    if _SHAPE.match(text, number_end):
        return None  # 1344x768, 8 x 2048
    suffix = _SUFFIX.match(text, number_end)
    read = _Read(value, start, number_end, number_end)
    if suffix and suffix.group("s") == "B":
        if _is_parameter_count(text, start, suffix.end(), digits):
            return _Read(value * 1e9, start, suffix.end(), suffix.end(), "params")
    elif suffix:
        read = _Read(value * _SCALE[suffix.group("s").strip()], start, suffix.end(), suffix.end())
    read = _with_unit(text, read, table)
    if read.unit == "p" and (not value.is_integer() or "," in digits):
        read.unit, read.end = "", number_end  # 700,800p is a sed range, not a resolution
    if not read.unit and read.end < len(text) and text[read.end].isascii() and text[read.end].isalpha():
        return None  # 3c80da7, 4070Ti
    return read


def _is_parameter_count(text: str, start: int, end: int, digits: str) -> bool:
    """A glued B is a parameter count (0.6B, a 7B model, Parakeet TDT 0.6B) unless
    it reads as bytes (584B per token, (448B NoPE))."""
    if "." in digits or _PARAMS_AFTER.match(text, end) or _PARAMS_BEFORE.search(text[max(0, start - 12) : start]) \
            or _NAME_VERSION_BEFORE.search(text[max(0, start - 40) : start]):
        return True
    product = _PRODUCT_BEFORE.search(text[max(0, start - 40) : start])
    return product is not None and _is_product_word(product.group("w"), product.group("prev"))


_LOGGED_KEY = compile_pattern(r"(?<![\w.])[A-Za-z][A-Za-z_]{2,}\s?=$")


def _inside_name(text: str, start: int) -> bool:
    """SM100, fp8, v1, FLUX.2, H=16, 3/3.5, Qwen3.8-27B, Apache-2.0; not a logged value
    ("test_acc=47.76%", "tokens_per_sec=3597.4": a key of three characters or more)."""
    prev = text[start - 1] if start else " "
    prev2 = text[start - 2] if start > 1 else " "
    if prev == "=" and _LOGGED_KEY.search(text, max(0, start - 40), start):
        return False
    if prev.isascii() and (prev.isalpha() or prev in "_.=/@#"):
        return True
    if prev == "×" and prev2.isdigit():  # 1920×1080
        return True
    return prev in "-+" and prev2.isascii() and prev2.isalnum()


# "每秒 12.5 万个 decode token": a rate written with its "per second" before the number
_PER_SECOND_BEFORE = compile_pattern(r"每秒(?:钟)?[ \t]*(?:约|大约|可达|达到|超过|可|能|处理|生成|输出){0,2}[ \t]*$")
_TOKENS_AFTER = compile_pattern(r"[ \t]*个?[ \t]*(?:(?P<q>[A-Za-z-]+|[\u4e00-\u9fff]{2})[ \t]*)?(?:tokens?|词元)(?![A-Za-z])",
                                re.IGNORECASE)


# "49,345 tokens are processed per second": the English rate with a verb between the count and its "per second"
_PER_SECOND_AFTER = compile_pattern(r"[ \t]+(?:(?:are|were|is|was|get|got|can be|could be|being)[ \t]+)?(?:processed|generated|"
                                    r"decoded|produced|served|emitted|handled|output|streamed|prefilled)[ \t]+"
                                    r"(?:per|a|each|every)[ \t]+second(?![A-Za-z])", re.IGNORECASE)


# "需要 8G 显存", "14G 降到了 6G 左右" after "显存", "1660 6g": gigabytes of memory with the unit cut to a letter
_MEMORY_G = compile_pattern(r"[ \t]?[Gg](?![A-Za-z0-9])")
_MEMORY_AFTER = compile_pattern(r"[ \t]*(?:的)?(?:小|大)?(?:显存|内存|VRAM|RAM|GPU memory|memory)", re.IGNORECASE)
_MEMORY_BEFORE = compile_pattern(r"(?:显存|内存|VRAM|RAM|memory)[^。.;；\n]{0,14}$", re.IGNORECASE)


def _with_unit(text: str, read: _Read, table: UnitTable) -> _Read:
    pos = read.end
    letter = _MEMORY_G.match(text, pos)
    if letter and (_MEMORY_AFTER.match(text, letter.end()) or _MEMORY_BEFORE.search(text, max(0, read.start - 20), read.start)):
        read.unit, read.end = "GB", letter.end()
        return read
    if _PER_SECOND_BEFORE.search(text, max(0, read.start - 12), read.start):
        tokens = _TOKENS_AFTER.match(text, pos)
        if tokens and (tokens.group("q") is None or tokens.group("q").casefold() in table.qualifiers):
            read.unit, read.end = "tok/s", tokens.end()
            read.qualifier = table.qualifiers[tokens.group("q").casefold()] if tokens.group("q") else None
            return read
    gpus = table.gpu_count.match(text, pos)
    if gpus:
        read.unit, read.end = "GPU", gpus.end()
        return read
    times = _TIMES.match(text, pos)
    if times:
        # "4 times faster", and "improves the throughput by up to 4 times": a factor, not a count of occasions
        factor = _COMPARATIVE.match(text, times.end()) or _BY_BEFORE.search(text, max(0, read.start - 40), read.start)
        read.unit = "x" if factor else "times"
        read.end = times.end()
        return read
    qualifier = table.qualifier_between.match(text, pos)
    if qualifier:
        unit = table.unit_after.match(text, qualifier.end())
        if unit and (name := table.lookup(unit.group("u"))):
            read.unit, read.end = name[0], unit.end()
            read.qualifier = table.qualifiers[qualifier.group("q").casefold()]
            return read
    unit = table.unit_after.match(text, pos)
    if unit:
        name = table.lookup(unit.group("u"))
        joined_by_dash = text[pos : unit.start("u")] == "-"
        if name and not (joined_by_dash and not unit.group("u")[0].isalpha()):
            read.unit, read.qualifier, read.end = name[0], name[1], unit.end()
            if read.unit == "tokens" and _PER_SECOND_AFTER.match(text, read.end):
                read.unit = "tok/s"
            zh = table.qualifier_zh_after.match(text, read.end)
            if zh and read.qualifier is None:
                read.qualifier = table.qualifiers[zh.group("q")]
    return read


def _needs_unit(read: _Read, unit: str) -> bool:
    """Chinese numerals and English number words count only with a unit: 一个 and
    "one of" are not quantities, 八张 B200 and "eight GPUs" are."""
    return read.kind in ("zh", "word") and not unit


def _bare_product_number(text: str, read: _Read) -> bool:
    """RTX 5090, CUDA 12, GPT Image 2, MoGe 3: a bare number right after a product name."""
    m = _PRODUCT_BEFORE.search(text[max(0, read.start - 40) : read.start])
    if not m:
        return False
    return _is_product_word(m.group("w"), m.group("prev"))


_FIGURE_ABBREVIATIONS = frozenset({"vs.", "approx.", "appr.", "ca.", "est.", "avg."})


def _is_product_word(word: str, prev: str | None) -> bool:
    # a comparison's or a hedge's abbreviation introduces a figure: "vs. 60k", "approx. 12" ("Fig. 3" names one)
    if word.casefold() in _FIGURE_ABBREVIATIONS:
        return False
    if any(ch.isupper() for ch in word[1:]) or any(ch.isdigit() or ch in ".-+" for ch in word):
        return True
    return word[0].isupper() and prev is not None and any(ch.isupper() for ch in prev)


# "below" under a denial is a floor: "can't reduce below 171.87 GiB", "无法降到低于 10GB"
_BELOW = {"below", "under", "less than", "fewer than", "低于", "少于", "小于"}
_DENIED_BELOW = compile_pattern(r"(?:\b(?:can't|cannot|can not|couldn't|could not|won't|will not|never)\b|无法|不能|没法)[^.;,。；，]*$",
                                re.IGNORECASE)


def _hedge_before(text: str, start: int, table: UnitTable) -> tuple[int, bool, str | None]:
    """Where the quantity starts once its hedge words are included, and what they say."""
    approx, bound, found = False, None, False
    for _ in range(2):  # "up to ~5x"
        left = text[max(0, start - 30) : start]
        m = table.hedge_before.search(left)
        if not m:
            break
        word = m.group("w")
        at = start - len(left) + m.start("w")
        if _fold(word) in _HEDGE_NOT_AFTER and at > 0 and text[at - 1] in _HEDGE_NOT_AFTER[_fold(word)]:
            break
        if word in "<>" and not text[text.rfind("\n", 0, at) + 1 : at].strip():
            break  # a Markdown quote marker, not "more than"
        kind = table.hedge_kind[_fold(word)]
        if kind == "upper" and _fold(word) in _BELOW and _DENIED_BELOW.search(text, max(0, at - 24), at):
            kind = "lower"  # "can't reduce below 171.87 GiB": at least that much
        if kind == "approx":
            approx = True
        elif bound is None:
            bound = kind
        start, found = at, True
    if not found:
        left = text[max(0, start - 40) : start]
        m = table.hedge_gap_before.search(left)
        if m:
            at = start - len(left) + m.start("w")
            word = m.group("w")
            if not (word in _HEDGE_NOT_AFTER and at > 0 and text[at - 1] in _HEDGE_NOT_AFTER[word]):
                kind = table.hedge_kind[word]
                approx, bound = kind == "approx", (None if kind == "approx" else kind)
    return start, approx, bound


def _hedge_after(text: str, end: int, table: UnitTable, approx: bool, bound: str | None) -> tuple[int, bool, str | None]:
    m = table.hedge_after.match(text, end)
    if not m or (m.group("w") == "上下" and text[m.end() : m.end() + 1] == "文"):
        return end, approx, bound
    if m.group("w") == "+" and (m.start("w") != end or re.match(r"\s*\d", text[m.end() :])):
        return end, approx, bound  # "5+3", "5 GB + 3 GB": arithmetic, not "or more"
    kind = table.hedge_kind[_fold(m.group("w"))]
    if kind == "approx":
        return m.end(), True, bound
    return m.end(), approx, bound or kind


def _qualifier_before(text: str, start: int, table: UnitTable) -> str | None:
    m = table.qualifier_before.search(text[max(0, start - 40) : start])
    return table.qualifiers[m.group("q").casefold()] if m else None


def _change_verb_before(text: str, start: int) -> bool:
    """"capacity rising from 114k to 259,136": a change even though it goes up."""
    left = text[max(0, start - 60) : start]
    clause = re.split(r"[.,;:，。；：!?！？]", left)[-1]
    return bool(_CHANGE_VERB.search(clause)) and not _RANGE_WORD.search(clause)


# --- what is not a quantity ---------------------------------------------------


def _blocked_spans(text: str, table: UnitTable) -> list[tuple[int, int]]:
    spans = non_numeric_spans(text)
    # "Jan 28 t\\s" is a rate after a product name, not January 28: a day with a unit after it is a figure
    spans += [(d.start, d.end) for d in extract_dates(text, None)
              if not (d.raw[-1:].isdigit() and (u := table.unit_after.match(text, d.end))
                      and (name := table.lookup(u.group("u"))) and "/s" in name[0])]
    spans += [(v.start, v.end) for v in extract_versions(text)]
    return sorted(spans)


def _is_blocked(start: int, end: int, blocked: list[tuple[int, int]], starts: list[int]) -> bool:
    i = bisect.bisect_left(starts, end)
    return any(s < end and start < e for s, e in blocked[max(0, i - 8) : i])


def _apply_row_units(text: str, found: list[Quantity], table: UnitTable) -> list[Quantity]:
    """| bytes/token | 584 | **528** |: the row header names the unit of its cells."""
    if "|" not in text:
        return found
    rows: list[tuple[int, int, str]] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("|") and stripped.count("|") >= 3:
            header = stripped.strip("|").split("|")[0].strip().strip("*`").strip()
            if len(header) > 1 and table.unit_whole.fullmatch(header) and (name := table.lookup(header)):
                rows.append((offset + line.index("|") + 1 + len(stripped.strip("|").split("|")[0]), offset + len(line), name[0]))
        offset += len(line)
    if not rows:
        return found
    out = []
    for q in found:
        row = next((r for r in rows if r[0] <= q.start < r[1]), None)
        out.append(q.model_copy(update={"unit": row[2]}) if row and not q.unit else q)
    return out
