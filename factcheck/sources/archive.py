"""Archived source documents: ``--sources DIR`` holds one docs/contracts.md §2 document per
``*.json`` file (recursively); they answer cited URLs instead of the network."""
from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from ..errors import InputError
from ..models import SourceDocument
from . import FetchResult
from .urls import normalize_url, url_problem


def load_document(path: Path, max_bytes: int | None = None) -> SourceDocument:
    """One source document, or an InputError naming the file, the line and what is wrong.
    ``max_bytes``: the live fetcher's body cap (fetch.max_bytes), applied to archived
    files too, so a huge file is refused at once instead of being parsed for minutes."""
    try:
        size = path.stat().st_size
        if max_bytes is not None and size > max_bytes:
            raise InputError(f"source document is {size} bytes, over the {max_bytes} byte limit "
                             "(fetch.max_bytes, the same cap as live fetching)", str(path))
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read source document: {exc.strerror or exc}", str(path)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError("source document is not valid UTF-8", str(path), line) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"source document is not valid JSON: {exc.msg}", str(path), exc.lineno) from None
    except RecursionError:
        raise InputError("source document is nested too deeply to read (JSON arrays or objects "
                         "inside each other hundreds of levels deep)", str(path), _deepest_line(text)) from None
    if not isinstance(data, dict):
        raise InputError("source document must be a JSON object", str(path), 1)
    missing = [k for k in ("url", "kind", "text") if k not in data]
    if missing:
        raise InputError(f"source document misses required field(s): {', '.join(missing)}", str(path), 1)
    try:
        doc = SourceDocument.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "document"
        raise InputError(f"source document field {field!r}: {first['msg']}", str(path), 1) from None
    except RecursionError:
        raise InputError("source document is nested too deeply to read", str(path), _deepest_line(text)) from None
    return doc


def _deepest_line(text: str, limit: int = 500) -> int:
    """The line where nesting first passes ``limit`` levels (brackets in strings counted
    too: close enough to point a person at the place)."""
    depth, line = 0, 1
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > limit:
                return line
        elif ch in "]}":
            depth -= 1
        elif ch == "\n":
            line += 1
    return 1


class ArchiveSources:
    """A SourceProvider over a folder of documents, matched by normalised URL and aliases."""

    def __init__(self, documents: list[SourceDocument], origin: str = "archive") -> None:
        self.origin = origin  # names the evidence set, for the run's default thread id
        self._by_key: dict[str, SourceDocument] = {}
        # URLs and aliases that are not valid URLs: they can answer no citation, and
        # the document stays usable through its other URLs (said once, not fatal)
        self.problems: list[str] = []
        for doc in documents:
            for url in [doc.url, *doc.aliases]:
                problem = url_problem(url)
                if problem:
                    self.problems.append(f"source document {doc.url!r}: {url!r} is {problem}; ignored")
                    continue
                self._by_key.setdefault(normalize_url(url), doc)

    @classmethod
    def from_dir(cls, folder: Path, max_bytes: int | None = None) -> "ArchiveSources":
        if not folder.is_dir():
            raise InputError("sources folder does not exist or is not a folder", str(folder))
        return cls([load_document(p, max_bytes) for p in sorted(folder.rglob("*.json"))],
                   origin=str(folder.resolve()))

    def lookup(self, url: str) -> SourceDocument | None:
        return self._by_key.get(normalize_url(url))

    async def get(self, url: str) -> FetchResult:
        problem = url_problem(url)
        if problem:
            return FetchResult(url=url, status="refused", detail=problem)
        doc = self.lookup(url)
        if doc is None:
            return FetchResult(url=url, status="not_found", detail="no archived source document answers this URL")
        return FetchResult(url=url, document=doc)
