"""Dates as written in drafts and sources, resolved against the draft's window.

Absolute dates ("2026/9/16", "9 月 22 日", "Sept 22", "2026-09-14T08:00Z"),
ranges ("9/16—9/22"), relative ones ("本周", "last week", "本月 6 日", "today")
and a bare day ("14 日") that takes its month from the mention before it.
A bare "9/18" is a date only where the context says so (a table cell, after
于/在/on, or in a range); "100/200" or "1/2" are left alone.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from factcheck.extract.numerals import chinese_to_number
from factcheck.extract.records import DateMention
from factcheck.models import Window
from factcheck.regex_cache import compile_pattern

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8,
    "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
# the months by their full names, where an abbreviation would read other words ("May" is also a verb, "Mar" a name)
_MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
_ZH_NUM = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"

# Order matters only for equal starts: the longer match wins anyway.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("iso", compile_pattern(
        r"(?<![\d./\-])(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})"
        r"(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\d|\.\d)"
    )),
    ("ymd", compile_pattern(r"(?<![\d./\-A-Za-z_])(?P<y>\d{4})(?P<sep>[/.])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})(?![\d.]\d|\d)")),
    # an American day, as English READMEs date their news: "07/20/2026" (a first number over 12 is the day: "20/07/2026")
    ("mdy", compile_pattern(r"(?<![\d./\-A-Za-z_])(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4})(?![\d/]|\.\d)")),
    # a README's news list: "[2025/5] …", "[2025.06] …" (only in brackets: "2025/5" alone may be a ratio)
    ("ym_bracket", compile_pattern(r"(?<=[\[【(（])(?P<y>\d{4})[/.\-](?P<m>\d{1,2})(?=[\]】)）])")),
    # or opening a list item before a colon: "- 2026/06: **SenseVoice 支持 llama.cpp / GGUF**"
    ("ym_news", compile_pattern(r"(?:^|(?<=\n)|(?<=[-*•]\s))(?P<y>(?:19|20)\d{2})[/.](?P<m>\d{1,2})(?=\s*[:：])")),
    ("zh_ymd", compile_pattern(rf"(?P<y>\d{{4}})\s*年\s*(?P<m>{_ZH_NUM})\s*月\s*(?P<d>{_ZH_NUM})\s*[日号]")),
    ("zh_ym", compile_pattern(rf"(?P<y>\d{{4}})\s*年\s*(?P<m>{_ZH_NUM})\s*月(?!\s*{_ZH_NUM}\s*[日号])")),
    ("zh_y", compile_pattern(r"(?<!\d)(?P<y>\d{4})\s*年(?!\s*\d)")),
    ("zh_md", compile_pattern(rf"(?<![\d年])(?P<m>{_ZH_NUM})\s*月\s*(?P<d>{_ZH_NUM})\s*[日号]")),
    ("zh_m", compile_pattern(rf"(?<![\d年个])(?P<m>\d{{1,2}})\s*月(?!\s*{_ZH_NUM}\s*[日号])(?![份度底初中])")),
    ("en_mdy", compile_pattern(
        rf"\b(?P<mon>{_MONTH})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?![\d:])(?:,?\s+(?P<y>\d{{4}})(?![-/\d]))?(?!\d)"
    )),
    ("en_dmy", compile_pattern(rf"(?<![\d.])(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<mon>{_MONTH})\b\.?(?:,?\s+(?P<y>\d{{4}})(?![-/\d]))?")),
    ("en_my", compile_pattern(rf"\b(?P<mon>{_MONTH})\.?,?\s+(?P<y>\d{{4}})\b")),
    # a month of its own after a word that dates by it: "released in March", "since early June" (full names only:
    # "May" alone is a verb as often)
    ("en_m", compile_pattern(r"(?i:\b(?:in|since|until|by|during|from|before|after)\s+(?:(?:early|mid|late)[\s-]+)?)"
                             rf"(?P<mon>{_MONTH_NAMES})\b(?!\s*\d)")),
    ("md", compile_pattern(r"(?<![\d/.A-Za-z_-])(?P<m>\d{1,2})/(?P<d>\d{1,2})(?![\d/%]|\.\d|[A-Za-z])")),
    ("rel_month_day", compile_pattern(rf"(?:本月|这个月|this month'?s?)\s*(?P<d>{_ZH_NUM})\s*(?:[日号]|(?:st|nd|rd|th)\b)")),
    ("this_week", compile_pattern(r"本周|这周|这一周|(?i:\bthis\s+week\b)")),
    ("last_week", compile_pattern(r"上周|上一周|上期|(?i:\b(?:last|previous)\s+week\b)")),
    ("this_month", compile_pattern(r"本月|这个月|(?i:\bthis\s+month\b)")),
    ("today", compile_pattern(r"今天|今日|(?i:\btoday\b)")),
    ("day", compile_pattern(rf"(?<![\d月/.\-])(?P<d>{_ZH_NUM})\s*[日号](?![志期常本语文记])")),
]
# A bare "9/18" is a date after these words or inside a table cell.
_MD_BEFORE = compile_pattern(r"(?:[于在自从到至截至止]|(?i:\b(?:on|since|until|by|before|after|from|to|through)))\s*$|\|\s*$|[(（]\s*$")
_MD_AFTER = compile_pattern(r"\s*(?:\||[)）]|[(（]UTC|发布|上线|合入|合并|起|之前|之后|前后|当天)")
_RANGE_JOIN = compile_pattern(r"\s*(?:—|–|-|~|～|至|到|\.\.|(?i:to|until|through|thru))\s*")
_WORTH_LOOKING = compile_pattern(rf"\d|月|周|上期|今[天日]|(?i:week|month|today|{_MONTH_NAMES})")
# the end of a range of days: "至 22 日", "–20"; a Chinese day may run on into the verb ("27 日到 28 日提交")
_DAY_END = compile_pattern(rf"(?P<d>{_ZH_NUM})(?:\s*[日号](?![志期常本语文记])|(?![\d/.\w]))")


@dataclass
class _Hit:
    kind: str
    start: int
    end: int
    match: re.Match[str]


def extract_dates(text: str, window: Window | None, anchor: dt.date | None = None) -> list[DateMention]:
    """Dates in ``text`` in order of position. ``window`` resolves years and
    relative dates; ``anchor`` (the date mentioned just before this text) resolves
    a bare day or a month-day without a year when there is no window."""
    hits = sorted(_candidates(text), key=lambda h: (h.start, -(h.end - h.start)))
    found: list[DateMention] = []
    context = anchor
    consumed = 0
    for hit in hits:
        if hit.start < consumed:
            continue
        mention = _resolve(hit, text, window, context)
        if mention is None:  # "2 月 30 日": no date, and its "30 日" is no bare day either
            consumed = hit.end
            continue
        mention = _with_range_end(mention, hit, text, window)
        found.append(mention)
        consumed = mention.end
        if mention.date is not None and mention.precision == "day" and mention.relative is None:
            context = mention.end_date or mention.date
    return found


def _candidates(text: str) -> list[_Hit]:
    if not _WORTH_LOOKING.search(text):  # most passages: no digit, no 月, no "week"
        return []
    hits: list[_Hit] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if kind == "md" and not _md_in_date_context(text, m):
                continue
            hits.append(_Hit(kind, m.start(), m.end(), m))
    return hits


def _md_in_date_context(text: str, m: re.Match[str]) -> bool:
    if not (1 <= int(m.group("m")) <= 12 and 1 <= int(m.group("d")) <= 31):
        return False
    line_start = text.rfind("\n", 0, m.start()) + 1
    before = text[max(line_start, m.start() - 12) : m.start()]
    after = text[m.end() : m.end() + 8]
    if _MD_BEFORE.search(before) or _MD_AFTER.match(after):
        return True
    # one side of a range "9/16—9/22"
    joined = _RANGE_JOIN.match(text, m.end())
    if joined and re.match(r"\d{1,2}/\d{1,2}(?![\d/])", text[joined.end() :]):
        return True
    return bool(re.search(r"\d{1,2}/\d{1,2}" + _RANGE_JOIN.pattern + r"$", text[max(0, m.start() - 16) : m.start()]))


def _resolve(hit: _Hit, text: str, window: Window | None, context: dt.date | None) -> DateMention | None:
    m, kind = hit.match, hit.kind
    base = {"raw": m.group(0), "start": hit.start, "end": hit.end}
    if kind == "this_week":
        if window is None:
            return DateMention(**base, precision="week", relative="this_week")
        return DateMention(**base, date=window.start, end_date=window.end, precision="week", relative="this_week")
    if kind == "last_week":
        if window is None:
            return DateMention(**base, precision="week", relative="last_week")
        start = window.start - dt.timedelta(days=7)
        return DateMention(**base, date=start, end_date=window.start - dt.timedelta(days=1), precision="week", relative="last_week")
    if kind == "today":
        return DateMention(**base, date=window.end if window else None, relative="today")
    if kind == "this_month":
        ref = window.end if window else context
        day = ref.replace(day=1) if ref else None
        return DateMention(**base, date=day, precision="month", relative="this_month")
    if kind == "rel_month_day":
        ref = window.end if window else context
        return DateMention(**base, date=_safe_date(ref.year, ref.month, _num(m.group("d"))) if ref else None, relative="this_month")
    if kind == "day":
        ref = context or (window.end if window else None)
        if ref is None:
            return DateMention(**base)
        day = _safe_date(ref.year, ref.month, _num(m.group("d")))
        return DateMention(**base, date=day) if day else None
    if kind == "zh_y":
        return DateMention(**base, date=_safe_date(int(m.group("y")), 1, 1), precision="year")
    month = _MONTHS[m.group("mon").lower()[:3]] if "mon" in m.re.groupindex else _num(m.group("m"))
    year = int(m.group("y")) if "y" in m.re.groupindex and m.group("y") else None
    if "d" not in m.re.groupindex:  # month precision
        year = year or _infer_year(month, 1, window, context)
        date = _safe_date(year, month, 1) if year else None
        if year is not None and date is None:
            return None
        return DateMention(**base, date=date, precision="month")
    day = _num(m.group("d"))
    if kind == "mdy" and month > 12 >= day:
        month, day = day, month
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    year = year or _infer_year(month, day, window, context)
    if year is None:
        return DateMention(**base)
    date = _safe_date(year, month, day)
    return DateMention(**base, date=date) if date else None


def _with_range_end(mention: DateMention, hit: _Hit, text: str, window: Window | None) -> DateMention:
    """Extend "2026/9/16" over "—9/22", "9 月 16 日" over "至 22 日", "Sept 14" over "–20"."""
    if mention.date is None or mention.precision != "day" or mention.relative is not None:
        return mention
    joined = _RANGE_JOIN.match(text, mention.end)
    if not joined:
        return mention
    rest = joined.end()
    tail = text[rest:]  # sliced, so that the patterns' look-behinds do not see the join
    for kind, pattern in _PATTERNS:
        if kind in ("iso", "ymd", "mdy", "zh_ymd", "zh_md", "en_mdy", "en_dmy", "md"):
            end_match = pattern.match(tail)
            if end_match:
                end = _resolve(_Hit(kind, rest, rest + end_match.end(), end_match), text, window, mention.date)
                if end and end.date and end.date >= mention.date:
                    return mention.model_copy(update={"end": end.end, "raw": text[mention.start : end.end], "end_date": end.date})
                return mention
    day_match = _DAY_END.match(text, rest)
    bare_day_ok = hit.kind in ("zh_ymd", "zh_md", "day", "en_mdy") and (
        hit.kind.startswith("en") or (day_match is not None and day_match.group(0).rstrip()[-1:] in "日号")
    )
    if day_match and bare_day_ok:
        end_date = _safe_date(mention.date.year, mention.date.month, _num(day_match.group("d")))
        if end_date and end_date > mention.date:
            return mention.model_copy(update={"end": day_match.end(), "raw": text[mention.start : day_match.end()], "end_date": end_date})
    return mention


def _infer_year(month: int, day: int, window: Window | None, context: dt.date | None) -> int | None:
    if window is not None:
        # the year that puts the date nearest the window: "December 12" in a digest of early
        # January is last December, and a window across New Year takes either of its years
        years = sorted({window.start.year - 1, window.start.year, window.end.year})
        middle = window.start + (window.end - window.start) / 2
        return min(years, key=lambda y: abs(((_safe_date(y, month, day) or dt.date(y, month, 1)) - middle).days))
    return context.year if context else None


def _num(s: str) -> int:
    if s.isdigit():
        return int(s)
    value = chinese_to_number(s)
    return int(value) if value is not None else 0


def _safe_date(year: int | None, month: int, day: int) -> dt.date | None:
    if year is None:
        return None
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None
