"""The draft as lines of plain text with the flagged stretches marked.

The draft is untrusted, so it is never rendered as HTML: each line is split
into segments that the template prints escaped, a segment covered by findings
wrapped in a ``<mark>``. Markdown links stay visible text, so a
``javascript:`` URL in a draft is never a link.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from ..models import SEVERITY_RANK
from .db import FindingView


@dataclass
class Segment:
    text: str
    finding_ids: list[int] = field(default_factory=list)
    severity: str | None = None
    decided: bool = False  # every finding covering it is dismissed


@dataclass
class Line:
    number: int
    segments: list[Segment]


def _covers(view: FindingView, number: int, length: int) -> tuple[int, int] | None:
    f = view.finding
    if not f.line <= number <= f.end_line:
        return None
    start = f.column - 1 if number == f.line else 0
    end = (f.end_column - 1) if (number == f.end_line and f.end_column) else length
    start, end = max(0, min(start, length)), max(0, min(end, length))
    # A finding with no usable columns still marks its whole line.
    return (start, end) if end > start else (0, length)


def draft_lines(text: str, views: list[FindingView]) -> list[Line]:
    lines: list[Line] = []
    for number, content in enumerate(text.split("\n"), start=1):
        spans = [(view, span) for view in views if (span := _covers(view, number, len(content)))]
        cuts = sorted({0, len(content), *(p for _, span in spans for p in span)})
        segments = []
        for start, end in pairwise(cuts):
            covering = [view for view, (a, b) in spans if a <= start and end <= b]
            segment = Segment(content[start:end])
            if covering:
                segment.finding_ids = [v.id for v in covering]
                segment.severity = max((v.finding.severity for v in covering), key=SEVERITY_RANK.__getitem__)
                segment.decided = all(v.decision == "dismissed" for v in covering)
            segments.append(segment)
        lines.append(Line(number, segments or [Segment("")]))
    return lines
