"""Records that cross a boundary: the draft, source documents, findings, the report.

The shapes of ``SourceDocument`` and ``Report`` are fixed by the contract in
``docs/contracts.md`` (sections 2 and 3); fields may be added, never renamed.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Category = Literal["overstatement", "metric-conflation", "license", "release-date", "unsupported"]
CATEGORIES: tuple[Category, ...] = (
    "overstatement",
    "metric-conflation",
    "license",
    "release-date",
    "unsupported",
)
Severity = Literal["error", "warning", "info"]
SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "error": 2}
SourceKind = Literal["pull_request", "issue", "release", "repository", "model_card", "blog", "paper", "page"]


class Span(BaseModel):
    """A place in the draft: 1-based lines, 1-based code-point columns, end exclusive.

    Stored once in code points; each output format converts (UTF-8 bytes for
    reviewdog, code points declared for SARIF).
    """

    model_config = ConfigDict(frozen=True)

    line: int
    column: int
    end_line: int
    end_column: int


# --- the draft -------------------------------------------------------------


class Window(BaseModel):
    """The period that "this week" / "本周" means, inclusive on both ends."""

    start: dt.date
    end: dt.date

    def contains(self, day: dt.date) -> bool:
        return self.start <= day <= self.end


class FrontMatter(BaseModel):
    model_config = ConfigDict(extra="allow")

    title: str | None = None
    window: Window | None = None
    repos: dict[str, str] = Field(default_factory=dict)


class Citation(BaseModel):
    """A cited source as written in the draft, with the URL it resolves to."""

    url: str
    text: str = ""
    span: Span
    form: Literal["link", "url", "ref"] = "link"


class Sentence(BaseModel):
    index: int
    text: str
    span: Span
    section: int
    block: Literal["paragraph", "heading", "list", "table_row", "quote"] = "paragraph"


class Section(BaseModel):
    """A stretch of the draft that shares citations: from a heading or a
    ``来源：``/``Sources:`` line to the next one."""

    index: int
    title: str = ""
    level: int = 0
    start_line: int
    end_line: int
    citations: list[Citation] = Field(default_factory=list)
    repo: str | None = None


class Voice(BaseModel):
    """Who speaks in the draft. A project's own announcement (release notes, its blog,
    its README's news) states its own measurements and versions; a digest reports other
    people's. Decides whether a figure no cited source carries is "unsupported" or only
    "could not confirm"."""

    first_party: bool = False
    why: str | None = None  # what made it first-party: "first person", "title"


class Draft(BaseModel):
    path: str
    text: str
    front_matter: FrontMatter = Field(default_factory=FrontMatter)
    window: Window | None = None
    sections: list[Section] = Field(default_factory=list)
    sentences: list[Sentence] = Field(default_factory=list)
    voice: Voice = Field(default_factory=Voice)

    def citations(self) -> list[Citation]:
        return [c for s in self.sections for c in s.citations]


# --- source documents (docs/contracts.md §2) ---------------------------------


class LicenseInfo(BaseModel):
    model_config = ConfigDict(extra="allow")

    spdx: str | None = None
    name: str | None = None
    applies_to: Literal["code", "weights", "model", "data"] | None = None


class Comment(BaseModel):
    model_config = ConfigDict(extra="allow")

    author: str | None = None
    date: str | None = None
    text: str = ""
    url: str | None = None

    def day(self) -> dt.date | None:
        """The comment's date, parsed; None when absent or not an ISO date."""
        try:
            return dt.date.fromisoformat(self.date[:10]) if self.date else None
        except ValueError:
            return None


class SourceDates(BaseModel):
    model_config = ConfigDict(extra="allow")

    created: str | None = None
    merged: str | None = None
    closed: str | None = None
    published: str | None = None
    first_release: str | None = None
    updated: str | None = None

    def as_dates(self) -> dict[str, dt.date]:
        """The known dates, parsed; a value that is not an ISO date is skipped."""
        out: dict[str, dt.date] = {}
        for key, value in self.model_dump().items():
            if isinstance(value, str) and len(value) >= 10:
                try:
                    out[key] = dt.date.fromisoformat(value[:10])
                except ValueError:
                    continue
        return out


class SourceDocument(BaseModel):
    model_config = ConfigDict(extra="allow")

    url: str
    kind: SourceKind
    text: str
    title: str | None = None
    repo: str | None = None
    number: int | None = None
    state: str | None = None
    dates: SourceDates = Field(default_factory=SourceDates)
    license: LicenseInfo | list[LicenseInfo] | None = None
    comments: list[Comment] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    fetched_at: str | None = None

    @field_validator("dates", mode="before")
    @classmethod
    def _null_dates(cls, value: object) -> object:
        return {} if value is None else value

    @field_validator("comments", "aliases", mode="before")
    @classmethod
    def _null_list(cls, value: object) -> object:
        return [] if value is None else value

    def licenses(self) -> list[LicenseInfo]:
        if self.license is None:
            return []
        return self.license if isinstance(self.license, list) else [self.license]


# --- findings and the report (docs/contracts.md §3) --------------------------


class SourceMetadata(BaseModel):
    """A fact about a cited document that comes from its record, not its words: a
    release's published date, a repository's license field, a pull request's state,
    or that the citation could not be resolved at all."""

    field: str = Field(description="the document field: dates.published, dates.merged, dates.created, "
                                   "dates.first_release, license, state; or fetch for a citation not resolved")
    value: str = Field(description="what the record holds, as it holds it: 2026-09-18, Apache-2.0, "
                                   "none found (checked, no license), not stated, open; for fetch, why not")


class Evidence(BaseModel):
    url: str
    quote: str = Field(default="", description="words of the cited document, verbatim up to whitespace; "
                                               "empty when the evidence is only metadata")
    metadata: SourceMetadata | None = Field(default=None, description="set when the evidence is a fact of the "
                                                                      "document's record rather than its words")

    @classmethod
    def of_field(cls, doc: "SourceDocument", field: str) -> "Evidence":
        """Evidence from one field of a document's record (``dates.published``, ``state``,
        ``license``), with the value the record holds."""
        if field.startswith("dates."):
            value = getattr(doc.dates, field.removeprefix("dates."), None)
        elif field == "license":
            shown = [info.spdx or info.name or "" for info in doc.licenses()]
            value = ", ".join(s for s in shown if s) or ("none found" if doc.license is not None else "not stated")
        else:
            value = getattr(doc, field, None)
        return cls(url=doc.url, metadata=SourceMetadata(field=field, value=str(value) if value else "not stated"))


class Finding(BaseModel):
    id: str = ""
    line: int
    column: int = 1
    end_line: int
    end_column: int | None = None
    sentence: str
    category: Category
    severity: Severity
    message: str
    evidence: list[Evidence] = Field(default_factory=list)
    suggestion: str | None = None
    check: str = Field(default="", description="the rule that made the finding")
    origin: Literal["rules", "llm"] = "rules"
    suppressed_by: str | None = Field(default=None, description="set on suppressed findings: 'inline path:line' or 'baseline'")

    def with_id(self) -> "Finding":
        """Same sentence + same category -> same id, across runs and line moves."""
        normal = " ".join(self.sentence.split())
        digest = hashlib.sha256(f"{self.category}\x00{normal}".encode()).hexdigest()[:16]
        return self.model_copy(update={"id": f"fc-{digest}"})


class Stats(BaseModel):
    model_config = ConfigDict(extra="allow")

    sentences: int = 0
    claims: int = 0
    sources: int = 0
    unresolved: int = 0
    llm_calls: int = 0
    suppressed: int = 0
    requests: int = 0
    cached_requests: int = 0


class LLMRun(BaseModel):
    """How the optional LLM second opinion was run (absent when it did not run)."""

    model: str | None = None
    endpoint: str | None = None
    structured_output: Literal["json_schema", "json_object", "json"] | None = Field(
        default=None, description="the response format the endpoint accepted; None when no request was sent")
    structured_output_from: Literal["configured", "cached", "detected"] | None = None
    budget: int | None = None
    deadline: float | None = None
    timeout: float | None = None
    unjudged: int = Field(default=0, description="claims handed to the LLM that it did not judge")


class Report(BaseModel):
    model_config = ConfigDict(extra="allow")

    draft: str
    findings: list[Finding] = Field(default_factory=list)
    stats: Stats = Field(default_factory=Stats)
    notes: list[str] = Field(default_factory=list, description="things the run wants said once")
    suppressed: list[Finding] = Field(default_factory=list, description="findings moved out by suppressions, counted in stats")
    llm: LLMRun | None = Field(default=None, description="set when the LLM second opinion ran")
    lang: Literal["zh", "en"] | None = Field(
        default=None, description="language of messages, suggestions and notes (factcheck.i18n.localize); "
                                  "None: English, as the checks make them")

    def unread_sources(self) -> tuple[int, int]:
        """(K, N): K of the N distinct cited sources could not be read (not found, refused,
        failed, or left when the fetch deadline came). K > 0 makes the run incomplete."""
        return self.stats.unresolved, self.stats.sources + self.stats.unresolved

    @property
    def incomplete(self) -> bool:
        return self.stats.unresolved > 0

    def worst(self) -> Severity | None:
        if not self.findings:
            return None
        return max((f.severity for f in self.findings), key=SEVERITY_RANK.__getitem__)
