"""Each source document's facts kept on disk between runs, as the compiled patterns are.

Cutting a source into passages and extracting each passage's statement was the largest
part of a check after start-up (about 20 ms per document, 0.45 s for the bundled
example), and a writer checks the same draft against the same sources again and again.
The facts of a document depend only on the document, the draft's time window and this
package's code, so they are kept under a key made of those three:

- the document as JSON, less ``fetched_at`` (a live fetch stamps it on every run);
- the window;
- a fingerprint of the code: this package's ``.py`` and ``.toml`` files (the lexicon is
  data), the Python version and pydantic's. An edited rule is a new key, never a stale hit.

One JSON file per key in ``<cache dir>/facts/``, written atomically. A hit is read back
with pydantic (``Fact`` validates it) and touched, so the bound below drops the least
recently used. After a run that wrote something, the oldest files go until the folder
fits in ``facts_cache_max_bytes`` (``factcheck cache info`` shows it, ``cache prune``
applies it). A damaged file is a miss and is rewritten; a read-only folder means no
cache, not a failure.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pydantic
from pydantic import BaseModel, TypeAdapter, ValidationError

from .facts import Fact, facts_of
from .models import SourceDocument, Window

_FACTS = TypeAdapter(list[Fact])
_SUFFIX = ".json"


class FactsCacheInfo(BaseModel):
    path: Path
    entries: int
    bytes: int


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """What the facts of a document are computed with: the package's source and data,
    the Python and pydantic versions. Computed once per process (about 10 ms)."""
    digest = hashlib.sha256(f"{sys.version}\x00{pydantic.VERSION}".encode())
    root = Path(__file__).resolve().parent
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml") and "__pycache__" not in p.parts):
        digest.update(b"\x00" + path.relative_to(root).as_posix().encode() + b"\x00")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def facts_key(doc: SourceDocument, window: Window | None, fingerprint: str) -> str:
    digest = hashlib.sha256(fingerprint.encode())
    digest.update(b"\x00" + (window.model_dump_json() if window else "").encode())
    digest.update(b"\x00" + doc.model_dump_json(exclude={"fetched_at"}).encode())
    return digest.hexdigest()


class FactsCache:
    """The facts of source documents in ``directory``, at most ``max_bytes`` of them
    (None: no bound)."""

    def __init__(self, directory: Path, max_bytes: int | None, fingerprint: str | None = None) -> None:
        self.directory = directory
        self.max_bytes = max_bytes
        self.fingerprint = fingerprint or code_fingerprint()
        self.hits = 0
        self.written = 0

    def facts_of(self, doc: SourceDocument, window: Window | None) -> list[Fact]:
        """``facts.facts_of(doc, window)``, from the cache when it holds them."""
        path = self.directory / (facts_key(doc, window, self.fingerprint) + _SUFFIX)
        found = self._read(path)
        if found is not None:
            self.hits += 1
            return found
        found = facts_of(doc, window)
        self._write(path, _FACTS.dump_json(found))
        return found

    def _read(self, path: Path) -> list[Fact] | None:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        try:
            found = _FACTS.validate_json(data)
        except ValidationError:  # damaged or cut short: computed again and rewritten
            return None
        with contextlib.suppress(OSError):  # read-only: the bound just sees it as older
            os.utime(path)  # recently used: the bound removes least recently used files first
        return found

    def _write(self, path: Path, data: bytes) -> None:
        with contextlib.suppress(OSError):  # a read-only cache directory: no cache, as before
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.chmod(tmp, 0o644)
                os.replace(tmp, path)  # atomic: a concurrent run reads the old file or the new
                self.written += 1
            except OSError:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    def finish(self) -> None:
        """After a run: keep the folder within its bound, if this run added to it."""
        if self.written and self.max_bytes is not None:
            prune_facts(self.directory, self.max_bytes)


def _entries(directory: Path) -> list[tuple[float, int, Path]]:
    """(last used, size, path) of each cache file, oldest first; leftover temporary files
    of a writer that died count as oldest."""
    found = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            if entry.is_file() and entry.name.endswith((_SUFFIX, ".tmp")):
                with contextlib.suppress(OSError):
                    st = entry.stat()
                    found.append((0.0 if entry.name.endswith(".tmp") else st.st_mtime, st.st_size, Path(entry.path)))
    return sorted(found)


def facts_cache_info(directory: Path) -> FactsCacheInfo:
    entries = _entries(directory)
    return FactsCacheInfo(path=directory, entries=len(entries), bytes=sum(size for _, size, _ in entries))


def prune_facts(directory: Path, max_bytes: int) -> int:
    """Delete the least recently used files until the rest fit in ``max_bytes``; returns
    how many were deleted."""
    entries = _entries(directory)
    total = sum(size for _, size, _ in entries)
    deleted = 0
    for _, size, path in entries:
        if total <= max_bytes:
            break
        with contextlib.suppress(OSError):
            path.unlink()
            deleted += 1
        total -= size
    return deleted
