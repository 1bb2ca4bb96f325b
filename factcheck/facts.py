"""Facts: a source document cut into passages (sentences, table rows, list items,
its title, its comments), each with the Statement extracted from it.

A passage keeps the source's exact words as ``quote``, which is what a finding
cites; table rows are analysed with their column headers attached, since
"| bytes/token | 584 | **528** |" means little without "| | V4 | V4.1 |".
"""
from __future__ import annotations

import re

from pydantic import BaseModel

from .draft import split_sentences
from .extract.quantities import extract_quantities
from .extract.clauses import split_clauses
from .extract.statement import Statement, extract_statement
from .models import SourceDocument, Window
from .regex_cache import compile_pattern


class Fact(BaseModel):
    url: str
    quote: str
    where: str  # title, text, comment:N
    kind: str  # title, sentence, row, item, code
    statement: Statement
    table: int | None = None  # rows of one table share a number
    first_header: str | None = None  # a row's: the header of its first column ("Concurrent Tasks" over "4")


_TABLE_SEP = compile_pattern(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_LIST_MARK = compile_pattern(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+")
# emphasis and code marks: in a source, `22.95%` and **528** are figures like any other
_EMPHASIS = compile_pattern(r"\*\*|__|<br\s*/?>|`")


def _cells(line: str) -> list[str]:
    inner = line.strip()
    if inner.startswith("|"):
        inner = inner[1:]
    if inner.endswith("|"):
        inner = inner[:-1]
    return [c.strip() for c in inner.split("|")]


def _plain(text: str) -> str:
    return _EMPHASIS.sub(" ", _TAG.sub(" ", text)).strip()


# HTML in a README ("<td>单卡A100: ~1000秒(5秒视频)<br>单卡H100: ~550秒(5秒视频)</td>"): its tags are no words,
# and its line and block ends end a passage, as a blank line does
_TAG = compile_pattern(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")
_BLOCK_END = compile_pattern(r"(<br\s*/?>|</(?:tr|p|li|h[1-6]|div|table|thead|tbody|td|th)>)", re.IGNORECASE)


_BARE_NUMBER = compile_pattern(r"^[~≈]?\s*[-+]?\d[\d,]*(?:\.\d+)?$")


def _unit_label(label: str | None) -> str | None:
    """A header that is a unit ("bytes/token", "latency (ms)", "t/s master",
    "Speedup") gives its unit to the bare numbers under or beside it."""
    if not label:
        return None
    inner = re.sub(r"^.*\(([^()]+)\)\s*$", r"\1", label).strip()
    if _SPEEDUP.search(inner):
        return "x"
    from .align import RESULT_DIMENSIONS, dimension  # align builds on Fact

    for candidate in dict.fromkeys([inner, *inner.split()[:1], *inner.split()[-1:]]):
        found = extract_quantities(f"1 {candidate}")
        # a measurement unit only: "RTX 3090" reads as "1 GPU", which names no column's unit
        if (len(found) == 1 and found[0].raw.strip() == f"1 {candidate}"
                and dimension(found[0].unit) in RESULT_DIMENSIONS):
            return candidate
    return None


_SPEEDUP = compile_pattern(r"^(?:speed-?up|加速比)$", re.IGNORECASE)


def _with_unit(cell: str, unit: str | None, column: int) -> str:
    plain = _plain(cell)
    if unit and column > 0 and _BARE_NUMBER.match(plain):
        return f"{plain} {unit}"
    return plain


# a first cell that repeats the row above's ("--", "〃", "″", empty)
_DITTO = compile_pattern(r"^(?:-{1,2}|—|〃|″|\"|'')?$")


def _row(quote: str, cells: list[str], header: list[str] | None, table: int):
    """A table row as a passage: the first cell names the row, the others read "header: value"."""
    label = _plain(cells[0]) if cells else None
    row_unit = _unit_label(label)
    # "| bf16 | TTFT | 2,741ms | 125ms | 22x |": the word cells before the first figure name the row too
    lead = [_plain(c) for c in cells[1:]]
    lead = lead[: next((j for j, c in enumerate(lead) if re.search(r"\d", c) or not c), len(lead))]
    metric_label = " ".join([label or "", *lead]).strip() or None
    column_units = [_unit_label(_plain(h)) for h in header] if header else []
    units = [row_unit or (column_units[j] if j < len(column_units) else None) for j in range(len(cells))]
    named = [
        f"{_plain(header[j])}: {_with_unit(c, units[j], j)}"
        if j and header and j < len(header) and header[j].strip()
        else _with_unit(c, units[j], j)
        for j, c in enumerate(cells)
    ]
    first_header = _plain(header[0]) if header and header[0].strip() else None
    return (quote, " | ".join(named), metric_label, "row", table, first_header)


# a benchmark log's columns, aligned with runs of spaces under a rule of dashes:
# "Status    Torch Latency (ms)    Gems Latency (ms)    Gems Speedup"
_ALIGNED = compile_pattern(r"\s{2,}")
_RULE = compile_pattern(r"^[-=]{10,}$")


def passages(text: str) -> list[tuple[str, str, str | None, str, int | None, str | None]]:
    """(quote, analysis text, row label, kind, table number, first column's header) for each
    passage of a Markdown text."""
    out: list[tuple[str, str, str | None, str, int | None, str | None]] = []
    tables = 0
    lines = _BLOCK_END.sub("\\1\n\n", text).splitlines() if "</" in text or "<br" in text else text.splitlines()
    paragraph: list[str] = []
    header: list[str] | None = None
    in_fence = False

    def flush() -> None:
        if not paragraph:
            return
        block = " ".join(s.strip() for s in paragraph)
        for start, end in split_sentences(block):
            sentence = block[start:end].strip()
            if sentence:
                out.append((sentence, _plain(sentence), None, "sentence", None, None))
        paragraph.clear()

    diff = False
    log_header: list[str] | None = None
    last_label: str | None = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            in_fence = not in_fence
            diff = in_fence and stripped[3:].strip().lower() == "diff"
            log_header = None
            header = None
            continue
        if diff and stripped.startswith("+") and stripped.count("|") >= 2:
            stripped = stripped[1:].strip()  # a table a diff adds: "+| Variant | KV BW | Per-rank |"
        if "|" in stripped and stripped.count("|") >= 2:
            flush()
            if _TABLE_SEP.match(stripped):
                continue
            nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
            if diff and nxt.startswith("+"):
                nxt = nxt[1:].strip()
            cells = _cells(stripped)
            if _TABLE_SEP.match(nxt):
                header = cells
                tables += 1
                last_label = None
                continue
            if cells and _DITTO.match(_plain(cells[0])) and last_label:
                cells = [last_label, *cells[1:]]  # "--  | 5.0 bpw | 25.1%": the row above's model, again
            elif cells:
                last_label = cells[0]
            out.append(_row(stripped, cells, header, tables))
            continue
        header = None
        if in_fence:
            nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
            columns = _ALIGNED.split(stripped)
            if len(columns) >= 3 and _RULE.match(nxt) and not any(re.search(r"\d\.\d", c) for c in columns):
                log_header, tables = columns, tables + 1  # the header line of an aligned log table
                continue
            if log_header and _RULE.match(stripped):
                continue
            if log_header and len(columns) == len(log_header):
                out.append(_row(stripped, columns, log_header, tables))
                continue
            log_header = None
            if stripped:
                out.append((stripped, _plain(stripped), None, "code", None, None))
            continue
        if not stripped:
            flush()
            continue
        if stripped.startswith("#"):
            flush()
            paragraph.append(stripped.lstrip("#").strip())
            flush()
            continue
        if _LIST_MARK.match(line):  # an item runs on over its indented continuation lines
            flush()
            paragraph.append(_LIST_MARK.sub("", stripped))
            continue
        paragraph.append(stripped)
    flush()
    return out


def facts_of(doc: SourceDocument, window: Window | None = None) -> list[Fact]:
    found: list[Fact] = []
    if doc.title:
        found.append(Fact(url=doc.url, quote=doc.title, where="title", kind="title",
                          statement=extract_statement(_plain(doc.title), window)))
    bodies = [("text", doc.text)] + [(f"comment:{i}", c.text) for i, c in enumerate(doc.comments)]
    for where, body in bodies:
        for quote, analysed, label, kind, table, first_header in passages(body or ""):
            try:
                statement = extract_statement(analysed, window, label=label)
            except Exception:  # noqa: BLE001 - one unreadable passage must not hide the rest of the source
                statement = Statement(text=analysed, clauses=split_clauses(analysed))
            found.append(Fact(url=doc.url, quote=quote, where=where, kind=kind, table=table, statement=statement,
                              first_header=first_header))
    return found
