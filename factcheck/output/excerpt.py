"""Where on its line a finding is, for a person at a terminal: the stretch of the
draft line with the flagged words underlined, in display cells (a 汉字 takes two
columns, a combining mark none), so the caret sits under the right words even at
column 179 of a Chinese paragraph.

The flagged words are the finding's span, narrowed to the claim's own words when
the message quotes them (“7.7%”, “9/15”): those are what the writer must change.
"""
from __future__ import annotations

import unicodedata
from typing import NamedTuple

from ..models import Finding
from ..regex_cache import compile_pattern
from .columns import end_column, line_text

BEFORE = 30  # display cells of context kept before the flagged words
AFTER = 16  # and after them
SPAN = 72  # at most this many cells of the flagged words themselves
_QUOTED = compile_pattern(r"“([^”]{1,80})”")
_VALUE = compile_pattern(r"[\d\s.,:/~～\-–—%x×±+]*\d[\d\s.,:/~～\-–—%x×±+A-Za-z]*")


def cells(text: str) -> int:
    return sum(char_cells(ch) for ch in text)


def char_cells(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class Focus(NamedTuple):
    start: int  # 0-based code-point offsets on the finding's first line, end exclusive
    end: int
    narrowed: bool  # the message's quoted words, not the whole span


def focus(finding: Finding, lines: list[str]) -> Focus:
    """The flagged words on the finding's first line: the words the message quotes,
    when they occur exactly once in the span; else the span itself."""
    text = line_text(lines, finding.line)
    start = max(0, finding.column - 1)
    end = end_column(finding, lines) - 1 if finding.end_line == finding.line else len(text)
    end = max(start, min(end, len(text)))
    span = text[start:end]
    for quoted in _QUOTED.findall(finding.message):
        if quoted and span.count(quoted) == 1:
            at = start + span.index(quoted)
            return Focus(at, at + len(quoted), True)
    return Focus(start, end, False)


def replacement(finding: Finding, lines: list[str]) -> Focus | None:
    """The span the suggestion replaces exactly (“9/15” → 9/18), or None: both must be
    values (figures, dates, versions), the old one quoted in the message and found once."""
    if not finding.suggestion:
        return None
    found = focus(finding, lines)
    if not found.narrowed:
        return None
    old = line_text(lines, finding.line)[found.start:found.end]
    new = finding.suggestion.strip()
    if not _VALUE.fullmatch(old) or not _VALUE.fullmatch(new) or old == new:
        return None
    return found


class Excerpt(NamedTuple):
    text: str
    marks: str


def excerpt(line: str, start: int, end: int) -> Excerpt:
    """The part of ``line`` around [start, end) and, under it, ``^`` marks of the same
    display width as the flagged characters (one ``^`` per cell)."""
    line = line.replace("\t", " ")
    head_from = start
    while head_from > 0 and cells(line[head_from - 1:start]) <= BEFORE:
        head_from -= 1
    shown_end = start
    while shown_end < end and cells(line[start:shown_end + 1]) <= SPAN:
        shown_end += 1
    tail_to = shown_end
    if shown_end == end:
        while tail_to < len(line) and cells(line[end:tail_to + 1]) <= AFTER:
            tail_to += 1
    lead = "…" if head_from > 0 else ""
    trail = "…" if tail_to < len(line) else ""
    text = lead + line[head_from:tail_to] + trail
    pad = cells(lead + line[head_from:start])
    width = max(1, cells(line[start:shown_end]))
    return Excerpt(text, " " * pad + "^" * width)
