"""LLM answers on disk, so a re-run (or a resumed run) asks the model nothing twice.

One SQLite file, one table, keyed by (model, prompt file hash, input hash). Only
answers that passed validation are stored: a failure is worth asking again.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from contextlib import closing
from pathlib import Path

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
)
"""


class CacheKey(BaseModel):
    model: str
    prompt_hash: str
    input_hash: str


class CachedAnswer(BaseModel):
    answer: str
    prompt_tokens: int = 0
    completion_tokens: int = 0


def input_hash(payload: object) -> str:
    """A stable digest of everything but the prompt file that shapes the answer."""
    canonical = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    # A short-lived connection per operation: the web app's jobs and the CLI may
    # share one file, and a busy timeout is all the coordination that needs.
    conn = sqlite3.connect(path, timeout=10)
    conn.execute(SCHEMA)
    return conn


def lookup(path: Path, key: CacheKey) -> CachedAnswer | None:
    with closing(_connect(path)) as conn:
        row = conn.execute(
            "SELECT answer, prompt_tokens, completion_tokens FROM answers"
            " WHERE model = ? AND prompt_hash = ? AND input_hash = ?",
            (key.model, key.prompt_hash, key.input_hash),
        ).fetchone()
    if row is None:
        return None
    return CachedAnswer(answer=row[0], prompt_tokens=row[1], completion_tokens=row[2])


def store(path: Path, key: CacheKey, answer: CachedAnswer) -> None:
    with closing(_connect(path)) as conn, conn:
        conn.execute(
            "INSERT OR REPLACE INTO answers (model, prompt_hash, input_hash, answer, prompt_tokens,"
            " completion_tokens) VALUES (?, ?, ?, ?, ?, ?)",
            (key.model, key.prompt_hash, key.input_hash, answer.answer, answer.prompt_tokens,
             answer.completion_tokens),
        )
