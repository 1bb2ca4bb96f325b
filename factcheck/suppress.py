"""Suppressions: inline comments in the draft, and a baseline file of accepted
finding ids. A suppressed finding moves to ``report.suppressed`` and is counted
in ``stats.suppressed``; a suppression that matched nothing is said in a note.

Inline forms (an HTML comment on its own line, as in markdownlint and Vale)::

    <!-- factcheck-disable-next-line [category ...] -->
    <!-- factcheck off [category ...] --> ... <!-- factcheck on [category ...] -->

"next line" is the next non-blank line, so a comment can sit above a paragraph
with a blank line between. Without categories a comment covers all of them.
Comments inside fenced code blocks are text, not directives.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from .errors import InputError
from .models import CATEGORIES, Category, Finding, Report
from .regex_cache import compile_pattern

COMMENT = compile_pattern(r"<!--\s*(factcheck\b.*?)\s*-->", re.IGNORECASE | re.DOTALL)
DIRECTIVE = compile_pattern(r"factcheck(?:-disable-next-line|\s+off|\s+on)(?=\s|$)", re.IGNORECASE)
FENCE = compile_pattern(r"^\s{0,3}(```|~~~)")
BASELINE_VERSION = 1


class Directive(BaseModel):
    kind: Literal["next-line", "region"]
    line: int = Field(description="where the comment is")
    first: int = Field(description="first draft line covered")
    last: int = Field(description="last draft line covered; first > last covers nothing")
    categories: frozenset[str] | None = Field(default=None, description="None = every category")
    text: str

    def covers(self, finding: Finding) -> bool:
        if self.categories is not None and finding.category not in self.categories:
            return False
        return finding.line <= self.last and self.first <= finding.end_line


class BaselineEntry(BaseModel):
    id: str
    draft: str
    line: int
    category: Category
    sentence: str


class Baseline(BaseModel):
    """Accepted findings. Keyed by finding id (same sentence + same category), so
    an entry survives the sentence moving, and a reworded sentence is new."""

    version: Literal[1] = BASELINE_VERSION
    tool: str = "factcheck"
    entries: list[BaselineEntry] = Field(default_factory=list)

    def ids(self) -> set[str]:
        return {entry.id for entry in self.entries}


def finding_id(finding: Finding) -> str:
    return finding.id or finding.with_id().id


# --- inline comments -------------------------------------------------------


def parse_categories(words: list[str], path: str, line: int) -> frozenset[str] | None:
    if not words:
        return None
    unknown = [w for w in words if w not in CATEGORIES]
    if unknown:
        raise InputError(f"unknown category {unknown[0]!r} in a factcheck comment; "
                         f"use one of {', '.join(CATEGORIES)}", path, line)
    return frozenset(words)


def comment_lines(draft_text: str) -> list[tuple[int, str]]:
    """(line, comment body) for each ``<!-- factcheck ... -->`` outside code fences."""
    out: list[tuple[int, str]] = []
    fence: str | None = None
    for number, text in enumerate(draft_text.split("\n"), start=1):
        opener = FENCE.match(text)
        if opener:
            fence = None if fence == opener.group(1) else (fence or opener.group(1))
            continue
        if fence is None:
            out += [(number, m.group(1)) for m in COMMENT.finditer(text)]
    return out


def next_text_line(lines: list[str], after: int) -> int | None:
    for number in range(after + 1, len(lines) + 1):
        if lines[number - 1].strip():
            return number
    return None


def parse_directives(draft_text: str, path: str) -> tuple[list[Directive], list[str]]:
    """The draft's suppression comments, and notes about comments not understood."""
    lines = draft_text.split("\n")
    directives: list[Directive] = []
    notes: list[str] = []
    # Open off-regions: None = every category, else one per named category;
    # each value is (line of the "off" comment, first line covered, its text).
    open_regions: dict[str | None, tuple[int, int, str]] = {}

    def close(key: str | None, at: int) -> None:
        origin, first, text = open_regions.pop(key)
        cats = None if key is None else frozenset({key})
        directives.append(Directive(kind="region", line=origin, first=first, last=at - 1,
                                    categories=cats, text=text))

    for number, body in comment_lines(draft_text):
        head = DIRECTIVE.match(body)
        if not head:
            notes.append(f"line {number}: comment '<!-- {body} -->' is not a factcheck directive; "
                         "use factcheck-disable-next-line, factcheck off or factcheck on")
            continue
        word = head.group(0).split()[-1].lower()
        words = [w for w in re.split(r"[\s,]+", body[head.end():]) if w]
        cats = parse_categories(words, path, number)
        if word.endswith("next-line"):
            target = next_text_line(lines, number)
            first, last = (target, target) if target else (number + 1, number)
            directives.append(Directive(kind="next-line", line=number, first=first, last=last,
                                        categories=cats, text=body))
        elif word == "off":
            for key in ([None] if cats is None else sorted(cats)):
                if key not in open_regions:
                    open_regions[key] = (number, number + 1, body)
        elif cats is None:
            for key in list(open_regions):
                close(key, number)
        else:
            if None in open_regions:
                # "on X" inside an "off" for everything: everything but X stays off.
                origin, _, text = open_regions[None]
                close(None, number)
                for other in CATEGORIES:
                    if other not in cats and other not in open_regions:
                        open_regions[other] = (origin, number + 1, text)
            for key in cats:
                if key in open_regions:
                    close(key, number)
    for key in list(open_regions):
        close(key, len(lines) + 1)
    return directives, notes


# --- applying --------------------------------------------------------------


def apply_suppressions(report: Report, draft_text: str, baseline: Baseline | None) -> Report:
    """Move the findings that inline comments or the baseline suppress out of
    ``report.findings`` into ``report.suppressed``, and say which suppressions
    matched nothing."""
    path = report.draft
    directives, notes = parse_directives(draft_text, path)
    accepted = baseline.ids() if baseline else set()
    used: set[int] = set()
    matched_ids: set[str] = set()
    kept: list[Finding] = []
    suppressed = list(report.suppressed)
    for finding in report.findings:
        hit = next((n for n, d in enumerate(directives) if d.covers(finding)), None)
        fid = finding_id(finding)
        if hit is not None:
            used.add(hit)
            suppressed.append(finding.model_copy(update={
                "id": fid, "suppressed_by": f"inline {path}:{directives[hit].line}"}))
        elif fid in accepted:
            matched_ids.add(fid)
            suppressed.append(finding.model_copy(update={"id": fid, "suppressed_by": "baseline"}))
        else:
            kept.append(finding)
    # One "off" comment may have become several regions; it matched if any did.
    used_lines = {directives[n].line for n in used}
    unmatched = sorted({(d.line, d.text) for n, d in enumerate(directives)
                        if n not in used and d.line not in used_lines})
    notes += [f"line {line}: suppression '<!-- {text} -->' matched no finding" for line, text in unmatched]
    if baseline:
        stale = [e for e in baseline.entries if e.draft == path and e.id not in matched_ids]
        if stale:
            notes.append(f"{len(stale)} baseline entr{'y' if len(stale) == 1 else 'ies'} for this draft "
                         "matched no finding (fixed or reworded); refresh with 'factcheck baseline write'")
    stats = report.stats.model_copy(update={"suppressed": len(suppressed)})
    return report.model_copy(update={"findings": kept, "suppressed": suppressed, "stats": stats,
                                     "notes": [*report.notes, *notes]})


# --- the baseline file -----------------------------------------------------


def baseline_from(reports: list[Report]) -> Baseline:
    entries = [BaselineEntry(id=finding_id(f), draft=r.draft, line=f.line, category=f.category,
                             sentence=f.sentence) for r in reports for f in r.findings]
    entries.sort(key=lambda e: (e.draft, e.line, e.category, e.id))
    return Baseline(entries=entries)


def write_baseline(baseline: Baseline, path: Path) -> None:
    path.write_text(baseline.model_dump_json(indent=2) + "\n", encoding="utf-8")


def load_baseline(path: Path) -> Baseline:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read baseline: {exc.strerror or exc}", str(path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", str(path), exc.lineno) from None
    try:
        return Baseline.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InputError(f"not a factcheck baseline: {where}: {first['msg']}", str(path)) from None
