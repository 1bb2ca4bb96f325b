"""The on-disk HTTP cache: one SQLite file of responses keyed by what was asked.

A fresh entry answers without the network; a stale one supplies the validators
(ETag, Last-Modified) for a conditional request, so an unchanged source costs a
304 and no body. Only final answers are stored (2xx and 404/410): a failure is
never cached, so a re-run retries it.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from pydantic import BaseModel

SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    status INTEGER NOT NULL,
    headers TEXT NOT NULL,
    body BLOB NOT NULL,
    etag TEXT,
    last_modified TEXT,
    stored_at REAL NOT NULL
)
"""


class CachedResponse(BaseModel):
    url: str
    status: int
    headers: dict[str, str]
    body: bytes
    etag: str | None = None
    last_modified: str | None = None
    stored_at: float

    def is_fresh(self, ttl: float, now: float | None = None) -> bool:
        return ((now if now is not None else time.time()) - self.stored_at) < ttl


class HttpCache:
    """Holds one SQLite connection; used from a single event loop thread."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # Responses fetched with a GitHub token may hold private repositories' text.
        path.touch(mode=0o600, exist_ok=True)
        # Several factcheck processes (a pre-commit run, the web app) may share the file.
        self._db = sqlite3.connect(path, timeout=10.0)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(SCHEMA)
        self._db.commit()

    def get(self, key: str) -> CachedResponse | None:
        row = self._db.execute(
            "SELECT url, status, headers, body, etag, last_modified, stored_at FROM responses WHERE key = ?",
            (key,),
        ).fetchone()
        if row is None:
            return None
        url, status, headers, body, etag, last_modified, stored_at = row
        return CachedResponse(url=url, status=status, headers=json.loads(headers), body=body,
                              etag=etag, last_modified=last_modified, stored_at=stored_at)

    def put(self, key: str, entry: CachedResponse) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO responses (key, url, status, headers, body, etag, last_modified, stored_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (key, entry.url, entry.status, json.dumps(entry.headers), entry.body, entry.etag,
             entry.last_modified, entry.stored_at),
        )
        self._db.commit()

    def touch(self, key: str, when: float | None = None) -> None:
        """Mark an entry fresh again after a 304 said it is unchanged."""
        self._db.execute("UPDATE responses SET stored_at = ? WHERE key = ?", (when or time.time(), key))
        self._db.commit()

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        self._db.close()
