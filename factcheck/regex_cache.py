"""Compiled regular expressions kept on disk between runs, as Python keeps bytecode.

The lexicon's matchers are a few large patterns (one trie-shaped alternation per
group of terms), and compiling them was a fixed cost of every run: ``re`` parses a
pattern and generates its code in pure Python. Pickling a compiled pattern does not
help, since a pickled ``re.Pattern`` holds only its source and unpickling compiles it
again. What ``re`` hands to its C engine (``_sre.compile``) is a list of integers;
that is what is kept here, in one file per Python version, in the cache directory the
run's settings name (``cache_directory``, set by the pipeline).

Each entry is keyed by the pattern itself, so an edited lexicon never meets a stale
entry, and a file is rewritten with only the patterns its last build used. The file
is read with ``marshal`` (plain data, no code runs on loading it). Anything
unexpected (another Python, a read-only folder, a damaged file) falls back to
``re.compile``: the patterns match exactly the same either way.
"""
from __future__ import annotations

import array
import contextlib
import contextvars
import marshal
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import _sre

_FORMAT = 1
_HEADER = (_FORMAT, sys.version, _sre.MAGIC, _sre.CODESIZE)
# An array type as wide as the engine's code words, to keep the code as compact bytes.
_WORD = next((t for t in "IL" if array.array(t).itemsize == _sre.CODESIZE), None)
# Scoped, not global: set by a ``with`` block for the code that runs inside it.
_ACTIVE: contextvars.ContextVar[PatternCache | None] = contextvars.ContextVar("factcheck_pattern_cache", default=None)
_DIRECTORY: contextvars.ContextVar[Path | None] = contextvars.ContextVar("factcheck_pattern_dir", default=None)

# (flags, code as bytes, groups - 1, group index, index group), as _sre.compile takes them
Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]


class PatternCache:
    """The compiled code of the patterns one build (e.g. of the lexicon) uses."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stored: dict[tuple[str, int], Entry] = self._load(path)
        self._used: dict[tuple[str, int], Entry] = {}
        self.compiled = 0  # patterns compiled afresh (not found in the file)

    @staticmethod
    def _load(path: Path) -> dict[tuple[str, int], Entry]:
        try:
            header, entries = marshal.loads(path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        return entries if header == _HEADER and isinstance(entries, dict) else {}

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        key = (pattern, int(flags))
        entry = self._stored.get(key)
        regex = _build(pattern, entry) if entry is not None else None
        if regex is None:
            entry = _code(pattern, int(flags))
            regex = _build(pattern, entry) if entry is not None else None
            if regex is None:
                return re.compile(pattern, flags)
            self.compiled += 1
        assert entry is not None
        self._used[key] = entry
        return regex

    def save(self) -> None:
        """Write the file when this build compiled something or left entries unused. A
        block that asked for no pattern at all (its modules were imported already, in a
        long-running process) leaves the file as it is."""
        if not self._used or (not self.compiled and self._used.keys() == self._stored.keys()):
            return
        data = marshal.dumps((_HEADER, self._used))
        with contextlib.suppress(OSError):  # a read-only install: compile each time, as before
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=self.path.name, suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.chmod(tmp, 0o644)  # as readable as the bytecode beside it
                os.replace(tmp, self.path)  # atomic: a concurrent reader sees the old file or the new
            except OSError:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def _build(pattern: str, entry: Entry) -> re.Pattern[str] | None:
    try:
        flags, code, groups, groupindex, indexgroup = entry
        return _sre.compile(pattern, flags, array.array(_WORD or "I", code).tolist(), groups, groupindex,
                            indexgroup)
    except (TypeError, ValueError, RuntimeError, OverflowError):
        return None


def _code(pattern: str, flags: int) -> Entry | None:
    """What ``re.compile`` computes before calling the C engine (CPython's re._compiler)."""
    try:
        from re import _compiler, _parser

        if _WORD is None:
            return None
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        return (flags | parsed.state.flags, array.array(_WORD, code).tobytes(), parsed.state.groups - 1,
                groupindex, tuple(indexgroup))
    except Exception:  # noqa: BLE001 - another Python's internals: compile the ordinary way
        return None


@contextlib.contextmanager
def cache_directory(path: Path | None) -> Iterator[None]:
    """Pattern caches opened within this block keep their files in ``path`` (None: none kept)."""
    token = _DIRECTORY.set(path)
    try:
        yield
    finally:
        _DIRECTORY.reset(token)


@contextlib.contextmanager
def pattern_cache(name: str) -> Iterator[PatternCache | None]:
    """Within this block, ``compile_pattern`` takes compiled code from the file ``name``
    in the enclosing ``cache_directory``, and the file is updated when the block ends.
    Outside any cache directory, patterns are compiled as usual."""
    directory = _DIRECTORY.get()
    cache = PatternCache(directory / f"{name}.{sys.implementation.cache_tag}.patterns") if directory else None
    token = _ACTIVE.set(cache)
    try:
        yield cache
    finally:
        _ACTIVE.reset(token)
    if cache is not None:
        cache.save()


def compile_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile``, through the pattern cache of the enclosing ``pattern_cache`` block if any."""
    cache = _ACTIVE.get()
    return cache.compile(pattern, flags) if cache is not None else re.compile(pattern, flags)
