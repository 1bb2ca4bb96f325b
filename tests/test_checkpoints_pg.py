"""LangGraph checkpoints in a real PostgreSQL (started by ``make test``) stay bounded as
the SQLite file does: an interrupted run's thread keeps only its latest checkpoint (and
the blobs it references) and still resumes; a finished run leaves nothing; runs
interrupted past the age bound are pruned after the next run; the size per run is
bounded by the draft and its sources."""
from __future__ import annotations

import datetime as dt
import uuid
from pathlib import Path

import psycopg
import pytest
from pg_support import needs_postgres, pg_url  # noqa: F401  (fixture)
from test_checkpoint_storage import CRASH, EXAMPLE, EXAMPLE_SOURCES
from test_graph import DRAFT, FlakyProvider

from factcheck.checkpoints import libpq_url
from factcheck.pipeline import check_text
from factcheck.settings import Settings
from factcheck.sources.archive import ArchiveSources

pytestmark = needs_postgres

TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes")


def counts(url: str, thread_id: str) -> dict[str, int]:
    with psycopg.connect(libpq_url(url)) as conn:
        return {t: conn.execute(f"SELECT count(*) FROM {t} WHERE thread_id = %s", (thread_id,)).fetchone()[0]
                for t in TABLES}


def test_an_interrupted_thread_keeps_its_latest_checkpoint_only_and_resumes(tmp_path: Path, pg_url: str):
    settings = Settings(cache_dir=tmp_path, checkpoint_url=pg_url)
    with pytest.raises(ConnectionResetError):
        check_text(DRAFT, "d.md", settings, FlakyProvider(CRASH), thread_id="t")
    kept = counts(pg_url, "t")
    assert kept["checkpoints"] == 1, "one checkpoint per thread, not one per step"
    with psycopg.connect(libpq_url(pg_url)) as conn:
        versions = conn.execute("SELECT channel, count(*) FROM checkpoint_blobs WHERE thread_id = 't' "
                                "GROUP BY channel HAVING count(*) > 1").fetchall()
    assert versions == [], "older versions of a channel's value were not pruned"

    healed = FlakyProvider(set())
    report = check_text(DRAFT, "d.md", settings, healed, thread_id="t")
    assert healed.calls == ["https://github.com/o/r/pull/2"], "the finished fetch branch was not repeated"
    assert report.stats.sources == 2
    assert counts(pg_url, "t") == dict.fromkeys(TABLES, 0), "a finished run's thread is deleted"


def age_thread(url: str, thread_id: str, days: float) -> None:
    """Make a thread look last written ``days`` ago (checkpoint ids are UUIDv6)."""
    when = dt.datetime.now(dt.UTC) - dt.timedelta(days=days)
    ticks = int((when - dt.datetime(1582, 10, 15, tzinfo=dt.UTC)) / dt.timedelta(microseconds=1)) * 10
    value = ((ticks >> 12) << 80) | (0x6 << 76) | ((ticks & 0x0FFF) << 64) | (uuid.uuid4().int & (2**64 - 1))
    with psycopg.connect(libpq_url(url)) as conn:
        for table in ("checkpoints", "checkpoint_writes"):
            conn.execute(f"UPDATE {table} SET checkpoint_id = %s WHERE thread_id = %s",
                         (str(uuid.UUID(int=value)), thread_id))


def test_a_run_prunes_runs_interrupted_past_the_age_bound(tmp_path: Path, pg_url: str):
    settings = Settings(cache_dir=tmp_path, checkpoint_url=pg_url)
    for thread in ("old", "new"):
        with pytest.raises(ConnectionResetError):
            check_text(DRAFT, "d.md", settings, FlakyProvider(CRASH), thread_id=thread)
    age_thread(pg_url, "old", days=8)
    check_text(DRAFT, "d.md", settings, FlakyProvider(set()), thread_id="other")
    assert counts(pg_url, "old") == dict.fromkeys(TABLES, 0), "past checkpoint_max_age (7 days): pruned"
    assert counts(pg_url, "new")["checkpoints"] == 1, "a recent interrupted run is kept, to be resumed"


def test_checkpoint_size_per_run_is_bounded_by_the_draft_and_its_sources(tmp_path: Path, pg_url: str):
    text = EXAMPLE.read_text(encoding="utf-8")
    inputs = len(text.encode()) + sum(p.stat().st_size for p in EXAMPLE_SOURCES.glob("*.json"))
    messages: list[str] = []
    check_text(text, "example.md", Settings(cache_dir=tmp_path, checkpoint_url=pg_url),
               ArchiveSources.from_dir(EXAMPLE_SOURCES), progress=messages.append)
    [line] = [m for m in messages if m.startswith("checkpoint: ")]
    size = int(line.split()[1])
    assert 0 < size <= 2 * inputs, (size, inputs)
