"""How numbers are written: Arabic digits, Chinese numerals, English number words,
and the stretches of text where digits are not numbers at all (code, URLs, refs,
commit hashes, list markers)."""
from __future__ import annotations

import re

from ..regex_cache import compile_pattern

_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_SMALL = {"十": 10, "百": 100, "千": 1000}
_ZH_LARGE = {"万": 10_000, "亿": 100_000_000}
ZH_NUMERAL_CHARS = "".join([*_ZH_DIGITS, *_ZH_SMALL, *_ZH_LARGE])
_ARABIC_ZH = compile_pattern(r"(\d+(?:\.\d+)?)\s*(万|亿|百万|千万)")

ENGLISH_NUMBERS: dict[str, int] = {
    word: value
    for value, word in enumerate(
        [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        ]
    )
} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100}

# Words that are themselves a multiplier: "twice as fast", "more than doubles".
ENGLISH_MULTIPLIERS: dict[str, float] = {
    "twice": 2, "double": 2, "doubles": 2, "doubled": 2, "doubling": 2,
    "triple": 3, "triples": 3, "tripled": 3, "half": 0.5, "halves": 0.5, "halved": 0.5,
}


def chinese_to_number(s: str) -> float | None:
    """八 -> 8, 两 -> 2, 十四点三 -> 14.3, 一百二十 -> 120, 百万 -> 1e6, 一零二四 -> 1024,
    1.5万 -> 15000. None when ``s`` is not a numeral."""
    s = s.strip()
    if not s:
        return None
    mixed = _ARABIC_ZH.fullmatch(s)
    if mixed:
        scale = {"万": 1e4, "亿": 1e8, "百万": 1e6, "千万": 1e7}[mixed.group(2)]
        return float(mixed.group(1)) * scale
    whole, _, fraction = s.partition("点")
    if fraction:
        digits = [_ZH_DIGITS.get(ch) for ch in fraction]
        if None in digits or not whole:
            return None
        integer = _zh_integer(whole)
        if integer is None:
            return None
        return float(f"{int(integer)}.{''.join(str(d) for d in digits)}")
    return _zh_integer(whole)


def _zh_integer(s: str) -> float | None:
    if any(ch not in _ZH_DIGITS and ch not in _ZH_SMALL and ch not in _ZH_LARGE for ch in s):
        return None
    if len(s) > 1 and all(ch in _ZH_DIGITS for ch in s):  # read digit by digit: 一零二四
        return float("".join(str(_ZH_DIGITS[ch]) for ch in s))
    total, section, digit = 0.0, 0.0, 0.0
    for ch in s:
        if ch in _ZH_DIGITS:
            digit = _ZH_DIGITS[ch]
        elif ch in _ZH_SMALL:
            section += (digit or 1) * _ZH_SMALL[ch]
            digit = 0
        elif ch == "万":
            total += (section + digit or 1) * 10_000
            section = digit = 0
        else:  # 亿 scales everything before it
            total = (total + section + digit or 1) * 100_000_000
            section = digit = 0
    return total + section + digit


def parse_arabic(s: str) -> float:
    """'7,168' -> 7168.0, '−0.38' -> -0.38 (a Unicode minus counts)."""
    return float(s.replace(",", "").replace("−", "-"))


# --- where digits are not numbers ------------------------------------------

# Every repetition below is bounded (a domain label is at most 63 characters, a hash
# 40): unbounded ones made each start position scan the rest of a long run of
# "1.1.1." or digits, and the whole match quadratic in the run's length.
_NOT_NUMBERS = compile_pattern(
    r"""
    (?P<code>`[^`\n]+`)                                  # inline code span
    | (?P<url>(?:https?|ftp)://[^\s<>()\[\]"'，。）]+)
    | (?P<domain>\b(?:[A-Za-z0-9-]{1,63}\.){1,8}(?:com|org|ai|io|dev|net|co|cn|html?)(?:/[^\s<>()\[\]"'，。）]*)?)
    | (?P<file>\b[\w/.-]{1,200}\.(?:py|md|json|ya?ml|toml|cpp|cc|cu|cuh|h|hpp|rs|go|ts|js|sh)\b(?::\d+)?)
    | (?P<ref>(?:\b[\w.-]{1,100}/[\w.-]{1,100})?\#\d+)     # #56893, owner/repo#123
    | (?P<hash>(?<![\w@])(?=[0-9a-f]{0,39}[a-f])(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}(?![\w]))
    | (?P<sha>@[0-9a-f]{7,40}\b)
    | (?P<listmark>(?m:^)[ \t]*(?:\#{1,6}[ \t]+)?\d{1,2}[.)、](?=[ \t]))
    """,
    re.VERBOSE,
)


def non_numeric_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` whose digits must not be read as quantities, versions or dates."""
    return [m.span() for m in _NOT_NUMBERS.finditer(text)]
