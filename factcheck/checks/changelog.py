"""A changelog's entries: the versions a page lists one after another, each under a heading of its
own, and the day each entry gives its version ("- 2026/06/18 3.4 发布", "### 2.7.6 (2026/02/06)",
"## [0.3.28] - 2026-07-03"). A page of several dated entries is dated by its newest one; the day of an
older version is its own entry's."""
from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import NamedTuple

from ..extract.dates import extract_dates
from ..extract.versions import same_version_key
from ..models import SourceDocument
from ..regex_cache import compile_pattern

# a changelog's version headings: "## [0.3.28]", "## NVIDIA NeMo-Aligner 0.6.0", "### v2.1.0 (2026-07-03)"
_HEADING = compile_pattern(r"^[ \t]{0,3}#{1,4}[ \t]+[^\n]*$", re.MULTILINE)
VERSION = compile_pattern(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+){0,2})(?![\w.])")
# a line that may open an entry: a heading, a list item or a line of its own, short ("- 2026/06/18 3.4 发布";
# not "Requires PyTorch 2.5 (2024-10-17)", which is no entry's first line: see _ENTRY_LINE)
_LINE = compile_pattern(r"^[ \t]*(?P<head>#{1,4}[ \t]+|[-*+][ \t]+)?(?P<line>[^\n]{1,60})$", re.MULTILINE)
# what else an entry's first line holds: a heading, a name ("## NeMo-Aligner 0.6.0 (2026-01-02)"); a list item
# or a line, only a word of release ("- 2026/06/18 3.4 发布"), not a figure's unit ("README.md 2026-07-08 33.6 kB")
_REST_OF_ITEM = compile_pattern(r"(?:正式)?(?:版本)?发布|版本|released?|version|latest|stable|", re.IGNORECASE)
_PUNCT = " \t:：-–—()（）[]·|,，"


def release_sections(doc: SourceDocument) -> list[tuple[str, int, int]]:
    """(version key, start, end) for each version heading of a changelog, up to the next one."""
    heads = [(same_version_key(v.group(1)), h.start()) for h in _HEADING.finditer(doc.text)
             if (v := VERSION.search(h.group(0)))]
    ends = [start for _, start in heads[1:]] + [len(doc.text)]
    return [(key, start, end) for (key, start), end in zip(heads, ends)]


class Entry(NamedTuple):
    day: dt.date
    line: str  # the entry's first line, as the source writes it (the evidence)
    version: str  # as the source writes it


def version_days(doc: SourceDocument) -> dict[str, Entry]:
    """The day each version's entry gives it, by version key: from lines that hold one version, one
    day (with its year) and little else. A version given two different days is left out."""
    return dict(_entries(doc.text))


@lru_cache(maxsize=256)
def _entries(text: str) -> tuple[tuple[str, Entry], ...]:
    # read once per document text: every dated claim of every section asks again
    found: dict[str, dict[dt.date, Entry]] = {}
    for m in _LINE.finditer(text):
        line = m.group("line")
        days = [d for d in extract_dates(line, None) if d.date and d.precision == "day" and d.relative is None]
        if len(days) != 1:
            continue
        rest = line[:days[0].start] + " " + line[days[0].end:]
        versions = VERSION.findall(rest)
        other = VERSION.sub("", rest).strip(_PUNCT)
        if len(versions) != 1 or not ((m.group("head") or "").startswith("#") or _REST_OF_ITEM.fullmatch(other)):
            continue
        entry = Entry(days[0].date, m.group(0).strip(), versions[0])
        found.setdefault(same_version_key(versions[0]), {}).setdefault(entry.day, entry)
    return tuple((key, next(iter(days.values()))) for key, days in found.items() if len(days) == 1)
