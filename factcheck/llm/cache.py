"""LLM answers on disk, so a re-run (or a resumed run) asks the model nothing twice.

One SQLite file. ``answers`` is keyed by (model, prompt file hash, input hash) and
holds valid answers and unusable ones alike: at temperature 0 with a fixed seed an
answer that failed validation fails the same way when asked again, so asking
again only costs time. Requests that got no answer (timeouts, HTTP errors) are not
stored: those are worth another try. ``endpoints`` remembers which structured-output
mode an endpoint accepted, so detection happens once, not on every run.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    model TEXT NOT NULL,
    prompt_hash TEXT NOT NULL,
    input_hash TEXT NOT NULL,
    answer TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (model, prompt_hash, input_hash)
);
CREATE TABLE IF NOT EXISTS endpoints (
    base_url TEXT NOT NULL,
    model TEXT NOT NULL,
    mode TEXT NOT NULL,
    detected_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (base_url, model)
);
"""
# Columns added after the first release; a file written before them gains them on open.
LATER_COLUMNS = {
    "status": "TEXT NOT NULL DEFAULT 'ok'",
    "detail": "TEXT NOT NULL DEFAULT ''",
    "mode": "TEXT NOT NULL DEFAULT ''",
}


class CacheKey(BaseModel):
    model: str
    prompt_hash: str
    input_hash: str


class CachedAnswer(BaseModel):
    answer: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    status: Literal["ok", "unusable"] = "ok"
    detail: str = ""
    mode: str = ""


def input_hash(payload: object) -> str:
    """A stable digest of everything but the prompt file that shapes the answer."""
    canonical = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    # A short-lived connection per operation: the web app's jobs and the CLI may
    # share one file, and a busy timeout is all the coordination that needs.
    conn = sqlite3.connect(path, timeout=10)
    conn.executescript(SCHEMA)
    have = {row[1] for row in conn.execute("PRAGMA table_info(answers)")}
    for name, decl in LATER_COLUMNS.items():
        if name not in have:
            conn.execute(f"ALTER TABLE answers ADD COLUMN {name} {decl}")
    return conn


def lookup(path: Path, key: CacheKey) -> CachedAnswer | None:
    with closing(_connect(path)) as conn:
        row = conn.execute(
            "SELECT answer, prompt_tokens, completion_tokens, status, detail, mode FROM answers"
            " WHERE model = ? AND prompt_hash = ? AND input_hash = ?",
            (key.model, key.prompt_hash, key.input_hash),
        ).fetchone()
    if row is None:
        return None
    return CachedAnswer(answer=row[0], prompt_tokens=row[1], completion_tokens=row[2], status=row[3],
                        detail=row[4], mode=row[5])


def store(path: Path, key: CacheKey, answer: CachedAnswer) -> None:
    with closing(_connect(path)) as conn, conn:
        conn.execute(
            "INSERT OR REPLACE INTO answers (model, prompt_hash, input_hash, answer, prompt_tokens,"
            " completion_tokens, status, detail, mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (key.model, key.prompt_hash, key.input_hash, answer.answer, answer.prompt_tokens,
             answer.completion_tokens, answer.status, answer.detail, answer.mode),
        )


def endpoint_mode(path: Path, base_url: str, model: str) -> str | None:
    """The structured-output mode this endpoint and model accepted before, if known."""
    with closing(_connect(path)) as conn:
        row = conn.execute("SELECT mode FROM endpoints WHERE base_url = ? AND model = ?",
                           (base_url, model)).fetchone()
    return row[0] if row else None


def remember_endpoint_mode(path: Path, base_url: str, model: str, mode: str) -> None:
    with closing(_connect(path)) as conn, conn:
        conn.execute("INSERT OR REPLACE INTO endpoints (base_url, model, mode) VALUES (?, ?, ?)",
                     (base_url, model, mode))
