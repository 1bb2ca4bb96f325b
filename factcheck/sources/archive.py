"""Archived source documents: ``--sources DIR`` holds one contract §2 document per
``*.json`` file (recursively); they answer cited URLs instead of the network."""
from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from ..errors import InputError
from ..models import SourceDocument
from . import FetchResult
from .urls import normalize_url


def load_document(path: Path) -> SourceDocument:
    """One source document, or an InputError naming the file, the line and what is wrong."""
    try:
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
    if not isinstance(data, dict):
        raise InputError("source document must be a JSON object", str(path), 1)
    missing = [k for k in ("url", "kind", "text") if k not in data]
    if missing:
        raise InputError(f"source document misses required field(s): {', '.join(missing)}", str(path), 1)
    try:
        return SourceDocument.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "document"
        raise InputError(f"source document field {field!r}: {first['msg']}", str(path), 1) from None


class ArchiveSources:
    """A SourceProvider over a folder of documents, matched by normalised URL and aliases."""

    def __init__(self, documents: list[SourceDocument], origin: str = "archive") -> None:
        self.origin = origin  # names the evidence set, for the run's default thread id
        self._by_key: dict[str, SourceDocument] = {}
        for doc in documents:
            for url in [doc.url, *doc.aliases]:
                self._by_key.setdefault(normalize_url(url), doc)

    @classmethod
    def from_dir(cls, folder: Path) -> "ArchiveSources":
        if not folder.is_dir():
            raise InputError("sources folder does not exist or is not a folder", str(folder))
        return cls([load_document(p) for p in sorted(folder.rglob("*.json"))], origin=str(folder.resolve()))

    def lookup(self, url: str) -> SourceDocument | None:
        return self._by_key.get(normalize_url(url))

    async def get(self, url: str) -> FetchResult:
        doc = self.lookup(url)
        if doc is None:
            return FetchResult(url=url, status="not_found", detail="no archived source document answers this URL")
        return FetchResult(url=url, document=doc)
