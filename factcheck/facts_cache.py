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

One file (JSON) per key in ``<cache dir>/facts/``, written atomically. A hit is read back
with pydantic (``Fact`` validates it) and touched, so the bound below drops the least
recently used.

The draft's side is kept the same way, per sentence (``ClaimsCache``): extracting the
claim of each sentence was the next cost (about 1 ms a sentence), and a writer re-checks
a draft most of whose sentences have not changed. One file per draft (by its name) in the
same folder, holding the statements of the sentences its last run met, each under a key
made of the sentence, the window and the code fingerprint: an edited sentence is a new
key, the others are read.

After a run that wrote something, the oldest files go until the folder fits in
``facts_cache_max_bytes`` (``factcheck cache info`` shows it, ``cache prune`` applies
it). A damaged file or entry is a miss and is rewritten; a read-only folder means no
cache, not a failure.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

import pydantic
from pydantic import BaseModel, TypeAdapter, ValidationError

from .extract.statement import Statement
from .facts import Fact, facts_of
from .models import SourceDocument, Window

_FACTS = TypeAdapter(list[Fact])
# JSON inside, but not named *.json: a sources folder (--sources DIR) is read as every
# *.json under it, and a cache directory may lie inside one
_SUFFIX = ".facts"  # one source document's facts
_CLAIMS_SUFFIX = ".claims"  # one draft's claims


class FactsCacheInfo(BaseModel):
    path: Path
    entries: int  # files: documents and drafts
    bytes: int
    drafts: int = 0  # of the entries, drafts' claims


def read_code_fingerprint() -> str:
    """What the facts of a document are computed with: the package's source and data,
    the Python and pydantic versions, as the files stand now (about 10 ms)."""
    digest = hashlib.sha256(f"{sys.version}\x00{pydantic.VERSION}".encode())
    root = Path(__file__).resolve().parent
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml") and "__pycache__" not in p.parts):
        digest.update(b"\x00" + path.relative_to(root).as_posix().encode() + b"\x00")
        digest.update(path.read_bytes())
    return digest.hexdigest()


# Read when this module is imported, with the rest of the code, not at a first run later:
# a long-running process (the web app, a worker) whose files are edited meanwhile must
# keep the fingerprint of the code it runs, or it would file old facts under new code.
_FINGERPRINT = read_code_fingerprint()


def code_fingerprint() -> str:
    """The fingerprint of the code this process runs (``read_code_fingerprint`` at import)."""
    return _FINGERPRINT


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
        self._claims: list[ClaimsCache] = []

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
        if _write_atomically(path, data):
            self.written += 1

    def claims(self, draft: str) -> ClaimsCache:
        """The cache of the claims of ``draft`` (its name), saved by ``finish``."""
        cache = ClaimsCache(self.directory, draft, self.fingerprint)
        self._claims.append(cache)
        return cache

    def finish(self) -> None:
        """After a run: the drafts' claims saved, and the folder kept within its bound if
        this run added to it."""
        self.written += sum(cache.save() for cache in self._claims)
        self._claims.clear()
        if self.written and self.max_bytes is not None:
            prune_facts(self.directory, self.max_bytes)


def _write_atomically(path: Path, data: bytes) -> bool:
    with contextlib.suppress(OSError):  # a read-only cache directory: no cache, as before
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)  # atomic: a concurrent run reads the old file or the new
            return True
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return False


class ClaimsCache:
    """The statements of one draft's sentences, kept for the next run of the same draft."""

    def __init__(self, directory: Path, draft: str, fingerprint: str | None = None) -> None:
        self.fingerprint = fingerprint or code_fingerprint()
        name = hashlib.sha256(draft.encode()).hexdigest()[:32]
        self.path = directory / f"{name}{_CLAIMS_SUFFIX}"
        self._stored: dict[str, Any] | None = None  # read on first use
        self._used: dict[str, Any] = {}
        self.computed = 0
        self.hits = 0

    def statement(self, text: str, window: Window | None,
                  extract: Callable[[str, Window | None], Statement]) -> Statement:
        """``extract(text, window)``, from the file when the last run met this sentence."""
        if self._stored is None:
            self._stored = self._load()
        key = hashlib.sha256(f"{self.fingerprint}\x00{window.model_dump_json() if window else ''}\x00{text}"
                             .encode()).hexdigest()
        data = self._used.get(key) or self._stored.get(key)
        if data is not None:
            try:
                # validated per use: a sentence written twice gets two objects, as when extracted
                found = Statement.model_validate(data)
            except ValidationError:  # a damaged entry: extracted again
                data = None
            else:
                self.hits += 1
                self._used[key] = data
                return found
        found = extract(text, window)
        self.computed += 1
        self._used[key] = found.model_dump(mode="json")
        return found

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_bytes())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save(self) -> bool:
        """Keep the statements of the sentences this run met (only those: the file does
        not grow with the draft's history); written when something changed."""
        if not self._used or (not self.computed and self._stored is not None
                              and self._used.keys() == self._stored.keys()):
            return False
        return _write_atomically(self.path, json.dumps(self._used, ensure_ascii=False).encode())


def _entries(directory: Path) -> list[tuple[float, int, Path]]:
    """(last used, size, path) of each cache file, oldest first; leftover temporary files
    of a writer that died count as oldest."""
    found = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            if entry.is_file() and entry.name.endswith((_SUFFIX, _CLAIMS_SUFFIX, ".tmp")):
                with contextlib.suppress(OSError):
                    st = entry.stat()
                    found.append((0.0 if entry.name.endswith(".tmp") else st.st_mtime, st.st_size, Path(entry.path)))
    return sorted(found)


def facts_cache_info(directory: Path) -> FactsCacheInfo:
    entries = _entries(directory)
    return FactsCacheInfo(path=directory, entries=len(entries), bytes=sum(size for _, size, _ in entries),
                          drafts=sum(1 for _, _, path in entries if path.suffix == _CLAIMS_SUFFIX))


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
