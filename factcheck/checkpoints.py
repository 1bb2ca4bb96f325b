"""Where a run's LangGraph checkpoints live, and how their storage stays bounded.

A local SQLite file by default (one machine: the CLI, or ``serve`` on SQLite); a
PostgreSQL database when ``settings.checkpoint_url`` is set (a team's workers), so
a run started by one worker resumes on another. A finished run's thread is deleted
(the report is the result; its checkpoints only serve an interrupted run), and
threads of runs interrupted longer ago than ``checkpoint_max_age`` are pruned, so
the store does not grow with the number of drafts checked.
"""
from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

from pydantic import BaseModel

from .settings import Settings

# Any fixed number will do: it only has to be the same in every process that sets the tables up.
_SETUP_LOCK = 7244502


def libpq_url(url: str) -> str:
    """``postgresql+psycopg://…`` (SQLAlchemy's spelling) as libpq wants it."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme.split('+')[0]}{sep}{rest}" if sep else url


@asynccontextmanager
async def open_checkpointer(settings: Settings) -> AsyncIterator[Any]:
    """The async checkpointer for a run (async graphs need the async savers)."""
    if settings.checkpoint_url:
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

        async with AsyncPostgresSaver.from_conn_string(libpq_url(settings.checkpoint_url)) as saver:
            await _setup_once(saver)
            yield saver
        return
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    path = settings.checkpoint_path
    path.parent.mkdir(parents=True, exist_ok=True)
    async with AsyncSqliteSaver.from_conn_string(str(path)) as saver:
        yield saver


async def _setup_once(saver: Any) -> None:
    """Create or migrate the checkpoint tables, one process at a time.

    Polled with a try-lock rather than waited on: the setup builds indexes
    CONCURRENTLY, which waits for every open transaction, including one blocked on
    the lock, and PostgreSQL would call that a deadlock."""
    import asyncio

    while not (await (await saver.conn.execute("SELECT pg_try_advisory_lock(%s) AS got",
                                               (_SETUP_LOCK,))).fetchone())["got"]:
        await asyncio.sleep(0.05)
    try:
        await saver.setup()
    finally:
        await saver.conn.execute("SELECT pg_advisory_unlock(%s)", (_SETUP_LOCK,))


async def thread_bytes(checkpointer: Any, thread_id: str) -> int:
    """Bytes a thread's checkpoints, blobs and pending writes take in the store."""
    if type(checkpointer).__module__.startswith("langgraph.checkpoint.sqlite"):
        total = 0
        for sql in ("SELECT coalesce(sum(length(checkpoint) + length(metadata)), 0) FROM checkpoints "
                    "WHERE thread_id = ?",
                    "SELECT coalesce(sum(length(value)), 0) FROM writes WHERE thread_id = ?"):
            async with checkpointer.conn.execute(sql, (thread_id,)) as cur:
                total += (await cur.fetchone())[0]
        return total
    total = 0
    for sql in ("SELECT coalesce(sum(pg_column_size(checkpoint) + pg_column_size(metadata)), 0) "
                "FROM checkpoints WHERE thread_id = %s",
                "SELECT coalesce(sum(pg_column_size(blob)), 0) FROM checkpoint_blobs WHERE thread_id = %s",
                "SELECT coalesce(sum(pg_column_size(blob)), 0) FROM checkpoint_writes WHERE thread_id = %s"):
        cur = await checkpointer.conn.execute(sql, (thread_id,))
        row = await cur.fetchone()
        total += int(next(iter(row.values())) if isinstance(row, dict) else row[0])
    return total


def _uuid6_time(checkpoint_id: str) -> dt.datetime | None:
    # LangGraph's checkpoint ids are UUIDv6: the time they were written is in the id.
    try:
        value = UUID(checkpoint_id).int
    except ValueError:
        return None
    ticks = ((value >> 80) << 12) | ((value >> 64) & 0x0FFF)  # 100-ns steps since 1582-10-15
    return dt.datetime(1582, 10, 15, tzinfo=dt.UTC) + dt.timedelta(microseconds=ticks // 10)


class ThreadInfo(BaseModel):
    thread_id: str
    last_written: dt.datetime | None
    checkpoints: int


class CacheInfo(BaseModel):
    path: Path
    bytes: int
    threads: list[ThreadInfo]


def _threads(conn: sqlite3.Connection) -> list[ThreadInfo]:
    try:
        rows = conn.execute("SELECT thread_id, max(checkpoint_id), count(*) FROM checkpoints "
                            "GROUP BY thread_id").fetchall()
    except sqlite3.OperationalError:  # no run has written this file yet
        return []
    return [ThreadInfo(thread_id=t, last_written=_uuid6_time(c), checkpoints=n) for t, c, n in rows]


def cache_info(path: Path) -> CacheInfo:
    """The local checkpoint file: its size and the interrupted runs it holds."""
    if not path.exists():
        return CacheInfo(path=path, bytes=0, threads=[])
    with sqlite3.connect(path) as conn:
        threads = _threads(conn)
    size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())  # with -wal, -shm
    return CacheInfo(path=path, bytes=size, threads=threads)


def prune(path: Path, max_age: dt.timedelta | None, *, keep: set[str] = frozenset(),  # type: ignore[assignment]
          vacuum: bool = True) -> list[str]:
    """Delete threads last written more than ``max_age`` ago (all, when None), except
    ``keep``; with ``vacuum``, give the freed pages back to the file system."""
    if not path.exists():
        return []
    cutoff = dt.datetime.now(dt.UTC) - max_age if max_age is not None else None
    with sqlite3.connect(path, timeout=30) as conn:
        gone = [t.thread_id for t in _threads(conn) if t.thread_id not in keep
                and (cutoff is None or t.last_written is None or t.last_written < cutoff)]
        for thread_id in gone:
            conn.execute("DELETE FROM checkpoints WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM writes WHERE thread_id = ?", (thread_id,))
    if vacuum:
        conn = sqlite3.connect(path, timeout=30)
        try:
            conn.execute("VACUUM")
        finally:
            conn.close()
    return gone
