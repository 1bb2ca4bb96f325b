"""What the extractors pull out of a sentence or a source passage.

Draft claims and source facts are made of the same records, so a Chinese draft
sentence and an English PR line meet as data. Offsets (``start``/``end``) are
code-point offsets into the text the extractor was given, end exclusive.
"""
from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, Field


class Quantity(BaseModel):
    """A number, or a range, with its normalised unit.

    ``low == high`` for a single value. Units are canonical strings from
    ``factcheck/lexicon/units.toml`` (``%``, ``pp``, ``x``, ``s``, ``ms``, ``us``,
    ``min``, ``B``, ``GB``, ``GiB``, ``tok/s``, ``tok/s/GPU``, ``tok/s/user``,
    ``B/token``, ``B/token/layer``, ``tokens``, ``GPU``, ``steps``, ``times`` …);
    ``""`` for a bare number.
    """

    low: float
    high: float
    unit: str = ""
    approx: bool = False
    bound: Literal["upper", "lower"] | None = None
    qualifier: str | None = Field(
        default=None, description="a metric word between number and unit: total, generated, output …"
    )
    spread: float | None = Field(
        default=None, description="the margin the figure is given with: 77.2% ± 2.2% has spread 2.2"
    )
    change_role: Literal["before", "after"] | None = Field(
        default=None, description="for a change 'from X to Y' / '从 X 减至 Y': which side this is"
    )
    raw: str
    start: int
    end: int

    @property
    def is_range(self) -> bool:
        return self.low != self.high

    @property
    def value(self) -> float:
        return self.high


class DateMention(BaseModel):
    """A date as written, resolved against the draft's window where it is relative."""

    raw: str
    start: int
    end: int
    date: dt.date | None = None
    end_date: dt.date | None = Field(default=None, description="for a range such as 9/16—9/22")
    precision: Literal["day", "month", "year", "week"] = "day"
    relative: Literal["this_week", "last_week", "this_month", "today"] | None = None


class VersionMention(BaseModel):
    raw: str
    start: int
    end: int
    version: str = Field(description="normalised: no leading v, e.g. 0.30.0")
    project: str | None = Field(default=None, description="the project named right before it, if any")


class Passage(BaseModel):
    """A stretch of a source document's text, quoted exactly."""

    url: str
    text: str
    where: str = Field(default="text", description="text, title, comment:<n>")
    author: str | None = Field(default=None, description="who wrote it, where the source says: a comment's "
                                                         "writer, or the document's")


class UndecidedClaim(BaseModel):
    """A draft sentence the rules found checkable but could not decide: handed to
    the optional LLM second opinion with the passages the rules aligned to it."""

    sentence_index: int
    sentence: str
    line: int
    column: int
    end_line: int
    section_title: str = ""
    reason: str = Field(description="why the rules could not decide, for the prompt")
    passages: list[Passage] = Field(default_factory=list)


class Mention(BaseModel):
    """A lexicon term found in a text: its group, its canonical entry, where."""

    kind: str  # hardware, precision, parallelism, scope, universal, status, event, artifact, license ...
    key: str
    start: int
    end: int
    text: str
    clause: int = 0
    negated: bool = False
