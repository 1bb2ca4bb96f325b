"""A source table's rows as the facts give them ("Label | Header: value | …"), and the names a
sentence gives rows and columns by."""
from __future__ import annotations

import re

from ..facts import Fact
from ..regex_cache import compile_pattern
from .context import ClaimContext

_MARKS = compile_pattern(r"[_\-./·*`\\]+")
_SPACE = compile_pattern(r"\s+")
_LEADING_FIGURE = compile_pattern(r"^\s*(-?\d+(?:\.\d+)?)(?![\d.])")


def fold_text(text: str) -> str:
    """A sentence with the marks inside names ("-", "_", ".") and its case set aside, its spaces kept."""
    return _SPACE.sub(" ", _MARKS.sub("", text)).casefold()


_DECORATION = compile_pattern(r"\s*[(（][^)）]{0,12}[)）]\s*$|[⬇⬆↑↓]")


def bare_name(name: str) -> str:
    """A header or row name without the short note or arrow it carries: "FID(⬇)" is named "FID"."""
    return _DECORATION.sub("", name).strip()


def named_in(name: str, folded: str) -> bool:
    """A row or column name the sentence (``fold_text``) writes, marks and spaces inside the name aside
    ("Yi-1.5-34B" for "Yi 1.5-34B"), not as a part of a longer name ("MMLU" in "CMMLU")."""
    spaced = fold_text(bare_name(name)).strip()
    keys = {spaced, spaced.replace(" ", "")}
    if any(len(k) < 3 and not k.isalpha() for k in keys):
        return False
    for key in keys:
        for m in re.finditer(re.escape(key), folded):
            before, after = folded[m.start() - 1:m.start()], folded[m.end():m.end() + 1]
            if not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum()):
                return True
    return False


def cells_of(row: str) -> tuple[str, dict[str, float]]:
    """A row passage's label and its columns' leading figures ("CMMLU: 84.8", "HumanEva(+): 46.3(40.2)")."""
    label, *cells = row.split(" | ")
    out = {}
    for cell in cells:
        header, sep, value = cell.partition(": ")
        m = _LEADING_FIGURE.match(value) if sep else None
        if m:
            out[header.strip()] = float(m.group(1))
    return label.strip(), out


Row = tuple[Fact, str, dict[str, float]]  # a row passage, its label, its columns' figures


def table_key(row: Fact) -> tuple:
    """Which table of which source a row passage stands in."""
    return row.url, row.where, row.table


def table_rows(ctx: ClaimContext) -> list[list[Row]]:
    """The section's source tables, each the list of its rows (``cells_of``), read once per section."""
    if "table_rows" not in ctx.section_memo:
        tables: dict[tuple, list[Row]] = {}
        for f in ctx.facts:
            if f.kind == "row":
                tables.setdefault(table_key(f), []).append((f, *cells_of(f.statement.text)))
        ctx.section_memo["table_rows"] = list(tables.values())
    return ctx.section_memo["table_rows"]
