"""Where a run's LangGraph checkpoints live, and how their storage stays bounded.

A local SQLite file by default (one machine: the CLI, or ``serve`` on SQLite); a
PostgreSQL database when ``settings.checkpoint_url`` is set (a team's workers), so
a run started by one worker resumes on another. A finished run's thread is deleted
(the report is the result; its checkpoints only serve an interrupted run). In either
store a thread keeps only its latest checkpoint, and after every run the threads of
runs interrupted longer ago than ``checkpoint_max_age`` are pruned; in the SQLite file
then the oldest until the rest fit in ``checkpoint_max_bytes``. So the store does not
grow with the number of drafts checked (``factcheck cache info`` / ``prune``).
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
        async with latest_only_postgres_saver().from_conn_string(libpq_url(settings.checkpoint_url)) as saver:
            await _setup_once(saver)
            yield saver
        return
    path = settings.checkpoint_path
    path.parent.mkdir(parents=True, exist_ok=True)
    async with latest_only_sqlite_saver().from_conn_string(str(path)) as saver:
        yield saver


def latest_only_sqlite_saver() -> type:
    """LangGraph's SQLite saver, keeping only each thread's latest checkpoint.

    The stock saver stores the whole state again at every step (SQLite has no blob
    table to share unchanged channels), and keeps every step for time travel, which a
    check never uses: resuming needs the latest checkpoint and its pending writes only.
    Safe because the graph has no ``DeltaChannel`` (whose values are rebuilt from the
    parent chain). Built on first use so that importing this module stays cheap."""
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    class LatestOnlySqliteSaver(AsyncSqliteSaver):
        async def aput(self, config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
            saved = await super().aput(config, checkpoint, metadata, new_versions)
            where = (str(config["configurable"]["thread_id"]), config["configurable"]["checkpoint_ns"],
                     checkpoint["id"])
            async with self.lock, self.conn.cursor() as cur:
                # Writes of older steps are folded into this checkpoint's state already. Only
                # older ids go ("<", ids are time-ordered): with async durability the next
                # step's tasks may have saved their writes before this put lands.
                for table in ("writes", "checkpoints"):
                    await cur.execute(f"DELETE FROM {table} WHERE thread_id = ? AND checkpoint_ns = ? "
                                      "AND checkpoint_id < ?", where)
                await self.conn.commit()
            return saved

    return LatestOnlySqliteSaver


def latest_only_postgres_saver() -> type:
    """LangGraph's PostgreSQL saver, keeping only each thread's latest checkpoint.

    As with SQLite: the stock saver keeps every step (and each step's changed channels
    as blobs) for time travel, which a check never uses. After each checkpoint the
    library's own ``aprune(strategy="keep_latest")`` drops the thread's older
    checkpoints, their writes and the blobs only they referenced, in one transaction on
    one snapshot (safe while the run's next writes land). Pruning is housekeeping: a
    prune that loses a race with another transaction on the thread is left to the next
    step's, and never fails the run. Built on first use (psycopg is an optional extra)."""
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
    from psycopg.errors import DeadlockDetected, SerializationFailure

    class LatestOnlyPostgresSaver(AsyncPostgresSaver):
        async def aput(self, config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
            saved = await super().aput(config, checkpoint, metadata, new_versions)
            try:
                await self.aprune([str(config["configurable"]["thread_id"])], strategy="keep_latest")
            except (SerializationFailure, DeadlockDetected):
                pass  # the thread changed meanwhile: the next checkpoint prunes again
            return saved

    return LatestOnlyPostgresSaver


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
    if any(c.__module__.startswith("langgraph.checkpoint.sqlite") for c in type(checkpointer).__mro__):
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


async def prune_stale_threads(checkpointer: Any, max_age: dt.timedelta) -> list[str]:
    """On PostgreSQL: delete the threads last written more than ``max_age`` ago (runs
    interrupted and never resumed; a live run writes a checkpoint at every step). Each
    thread keeps one checkpoint, so this reads one row per unfinished run."""
    cur = await checkpointer.conn.execute("SELECT thread_id, max(checkpoint_id) AS last FROM checkpoints "
                                          "GROUP BY thread_id")
    cutoff = dt.datetime.now(dt.UTC) - max_age
    stale = []
    for row in await cur.fetchall():
        thread_id, last = (row["thread_id"], row["last"]) if isinstance(row, dict) else row
        written = _uuid6_time(last)
        if written is not None and written < cutoff:
            stale.append(thread_id)
    if stale:
        await checkpointer.aprune(stale, strategy="delete")
    return stale


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
    bytes: int = 0


class CacheInfo(BaseModel):
    path: Path
    bytes: int  # on disk, with SQLite's -wal and -shm files
    threads: list[ThreadInfo]

    @property
    def oldest(self) -> dt.datetime | None:
        return min((t.last_written for t in self.threads if t.last_written), default=None)


class Pruned(BaseModel):
    threads: list[str]
    bytes_before: int
    bytes_after: int


# A thread written this recently may belong to a run still going (a server runs several
# on one file): the size bound leaves it alone; only --all or the age bound remove it.
RECENT = dt.timedelta(hours=1)


def _threads(conn: sqlite3.Connection) -> list[ThreadInfo]:
    try:
        rows = conn.execute("SELECT thread_id, max(checkpoint_id), count(*), "
                            "sum(length(checkpoint) + length(metadata)) FROM checkpoints "
                            "GROUP BY thread_id").fetchall()
        written = dict(conn.execute("SELECT thread_id, sum(length(value)) FROM writes GROUP BY thread_id"))
    except sqlite3.OperationalError:  # no run has written this file yet
        return []
    return [ThreadInfo(thread_id=t, last_written=_uuid6_time(c), checkpoints=n, bytes=b + (written.get(t) or 0))
            for t, c, n, b in rows]


def file_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())  # with -wal, -shm


def cache_info(path: Path) -> CacheInfo:
    """The local checkpoint file: its size and the interrupted runs it holds."""
    if not path.exists():
        return CacheInfo(path=path, bytes=0, threads=[])
    with sqlite3.connect(path, timeout=30) as conn:
        threads = _threads(conn)
    return CacheInfo(path=path, bytes=file_bytes(path), threads=threads)


def _doomed(threads: list[ThreadInfo], max_age: dt.timedelta | None, max_bytes: int | None,
            everything: bool, keep: set[str] | frozenset[str]) -> list[str]:
    now = dt.datetime.now(dt.UTC)
    never = dt.datetime.min.replace(tzinfo=dt.UTC)
    oldest_first = sorted((t for t in threads if t.thread_id not in keep), key=lambda t: t.last_written or never)
    if everything:
        return [t.thread_id for t in oldest_first]
    gone = {t.thread_id for t in oldest_first
            if max_age is not None and (t.last_written is None or t.last_written < now - max_age)}
    if max_bytes is not None:
        total = sum(t.bytes for t in threads if t.thread_id not in gone)
        for t in oldest_first:
            if total <= max_bytes:
                break
            if t.thread_id not in gone and (t.last_written is None or t.last_written < now - RECENT):
                gone.add(t.thread_id)
                total -= t.bytes
    return [t.thread_id for t in oldest_first if t.thread_id in gone]


def prune(path: Path, *, max_age: dt.timedelta | None = None, max_bytes: int | None = None,
          everything: bool = False, keep: set[str] | frozenset[str] = frozenset(),
          vacuum: bool = True) -> Pruned:
    """Delete the threads of interrupted runs: last written more than ``max_age`` ago,
    then the oldest until the rest take at most ``max_bytes`` (sparing those written in
    the last hour), or all with ``everything``; never those in ``keep``.

    Freed pages are reused by later runs; they go back to the file system with
    ``vacuum``, and always when the file is still larger than ``max_bytes``."""
    if not path.exists():
        return Pruned(threads=[], bytes_before=0, bytes_after=0)
    before = file_bytes(path)
    with sqlite3.connect(path, timeout=30) as conn:
        gone = _doomed(_threads(conn), max_age, max_bytes, everything, keep)
        for thread_id in gone:
            conn.execute("DELETE FROM checkpoints WHERE thread_id = ?", (thread_id,))
            conn.execute("DELETE FROM writes WHERE thread_id = ?", (thread_id,))
    conn = sqlite3.connect(path, timeout=30)
    try:
        if vacuum or (max_bytes is not None and file_bytes(path) > max_bytes):
            conn.execute("VACUUM")
        # The savers write through a write-ahead log, which otherwise keeps its largest size.
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return Pruned(threads=gone, bytes_before=before, bytes_after=file_bytes(path))
