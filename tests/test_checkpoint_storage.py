"""The local checkpoint file stays bounded: a thread keeps only its latest
checkpoint, the state holds each document once (not in every branch's payload),
interrupted runs past the age or size bound are pruned after every run, and
`factcheck cache info` / `cache prune` show and prune what is left."""
from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from factcheck.checkpoints import cache_info, prune
from factcheck.pipeline import check_text
from factcheck.settings import Settings
from factcheck.sources.archive import ArchiveSources
from test_graph import DRAFT, FlakyProvider

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "drafts" / "weekly-2026-09-22-with-errors.md"
EXAMPLE_SOURCES = ROOT / "drafts" / "sources" / "weekly-2026-09-22"
CRASH = {"https://github.com/o/r/pull/2"}


def interrupt(settings: Settings, thread_id: str) -> None:
    with pytest.raises(ConnectionResetError):
        check_text(DRAFT, "d.md", settings, FlakyProvider(CRASH), thread_id=thread_id)


def rows(settings: Settings, table: str, thread_id: str) -> int:
    with sqlite3.connect(settings.checkpoint_path) as db:
        return db.execute(f"select count(*) from {table} where thread_id = ?", (thread_id,)).fetchone()[0]


def age_thread(settings: Settings, thread_id: str, hours: float) -> None:
    """Make a thread look last written ``hours`` ago: LangGraph's checkpoint ids are
    UUIDv6, their time is what the pruning reads."""
    when = dt.datetime.now(dt.UTC) - dt.timedelta(hours=hours)
    ticks = int((when - dt.datetime(1582, 10, 15, tzinfo=dt.UTC)) / dt.timedelta(microseconds=1)) * 10
    value = ((ticks >> 12) << 80) | (0x6 << 76) | ((ticks & 0x0FFF) << 64) | (uuid.uuid4().int & (2**64 - 1))
    old = str(uuid.UUID(int=value))
    with sqlite3.connect(settings.checkpoint_path) as db:
        db.execute("update checkpoints set checkpoint_id = ? where thread_id = ?", (old, thread_id))
        db.execute("update writes set checkpoint_id = ? where thread_id = ?", (old, thread_id))


def test_an_interrupted_thread_keeps_only_its_latest_checkpoint_and_still_resumes(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path)
    interrupt(settings, "t")
    assert rows(settings, "checkpoints", "t") == 1, "one checkpoint per thread, not one per step"
    healed = FlakyProvider(set())
    report = check_text(DRAFT, "d.md", settings, healed, thread_id="t")
    assert healed.calls == ["https://github.com/o/r/pull/2"], "the finished fetch branch was not repeated"
    assert report.stats.sources == 2
    assert rows(settings, "checkpoints", "t") == 0


def test_checkpoint_size_per_run_is_bounded_by_the_draft_and_its_sources(tmp_path: Path):
    # It was 1.9 MB for this example (31x its draft and sources): every step re-stored the
    # whole state, and every section's branch carried copies of its source documents.
    text = EXAMPLE.read_text(encoding="utf-8")
    inputs = len(text.encode()) + sum(p.stat().st_size for p in EXAMPLE_SOURCES.glob("*.json"))
    messages: list[str] = []
    check_text(text, "example.md", Settings(cache_dir=tmp_path), ArchiveSources.from_dir(EXAMPLE_SOURCES),
               progress=messages.append)
    [line] = [m for m in messages if m.startswith("checkpoint: ")]
    size = int(line.split()[1])
    assert 0 < size <= 2 * inputs, (size, inputs)


def test_runs_prune_interrupted_runs_past_the_age_bound(tmp_path: Path):
    interrupt(Settings(cache_dir=tmp_path), "old")
    interrupt(Settings(cache_dir=tmp_path), "new")
    age_thread(Settings(cache_dir=tmp_path), "old", hours=24 * 8)
    check_text(DRAFT, "d.md", Settings(cache_dir=tmp_path), FlakyProvider(set()), thread_id="other")
    left = {t.thread_id for t in cache_info(Settings(cache_dir=tmp_path).checkpoint_path).threads}
    assert left == {"new"}, "past the default 7 days the interrupted run is pruned; a recent one stays"


def test_size_bound_prunes_oldest_first_and_spares_the_last_hour(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path)
    for thread_id in ("a", "b", "c"):
        interrupt(settings, thread_id)
    age_thread(settings, "a", hours=3)
    age_thread(settings, "b", hours=2)
    one = max(t.bytes for t in cache_info(settings.checkpoint_path).threads)
    done = prune(settings.checkpoint_path, max_bytes=one, vacuum=False)
    assert done.threads == ["a", "b"], "oldest first until the rest fit"
    assert {t.thread_id for t in cache_info(settings.checkpoint_path).threads} == {"c"}
    done = prune(settings.checkpoint_path, max_bytes=0)
    assert done.threads == [], "a thread written in the last hour may be a run still going"
    assert prune(settings.checkpoint_path, everything=True).threads == ["c"]


def factcheck(cache: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True,
                          env={**os.environ, "FACTCHECK_CACHE_DIR": str(cache)}, timeout=120, cwd=cache)


def test_cache_info_and_prune_commands(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path)
    interrupt(settings, "kept")
    interrupt(settings, "stale")
    age_thread(settings, "stale", hours=30)
    (tmp_path / "http.sqlite").write_bytes(b"x" * 3000)

    proc = factcheck(tmp_path, "cache", "info")
    assert proc.returncode == 0, proc.stderr
    assert f"checkpoints: {settings.checkpoint_path}" in proc.stdout
    assert "interrupted runs: 2" in proc.stdout
    assert "ago)" in proc.stdout and "http.sqlite 2.9 KiB" in proc.stdout
    data = json.loads(factcheck(tmp_path, "cache", "info", "--format", "json").stdout)
    assert sorted(t["thread_id"] for t in data["threads"]) == ["kept", "stale"]
    assert dt.datetime.fromisoformat(data["oldest"]) < dt.datetime.now(dt.UTC) - dt.timedelta(hours=29)
    assert data["max_bytes"] == 32 * 2**20

    proc = factcheck(tmp_path, "cache", "prune", "--older-than", "1d")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("pruned 1 interrupted run;")
    assert {t.thread_id for t in cache_info(settings.checkpoint_path).threads} == {"kept"}

    proc = factcheck(tmp_path, "cache", "prune", "--all")
    assert proc.stdout.startswith("pruned 1 interrupted run;")
    after = cache_info(settings.checkpoint_path)
    assert after.threads == [] and after.bytes < 64 * 1024, after.bytes

    bad = factcheck(tmp_path, "cache", "prune", "--max-size", "lots")
    assert bad.returncode == 2 and "not a size" in bad.stderr
