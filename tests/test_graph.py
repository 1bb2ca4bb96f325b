"""The LangGraph graph: Send fan-out per URL, per document and per section, and a
SQLite checkpoint (a real file) that lets an interrupted run resume."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from factcheck.models import SourceDocument
from factcheck.pipeline import check_text
from factcheck.settings import Settings
from factcheck.sources import FetchResult

DRAFT = """---
window: 2026-09-14..2026-09-20
---

## A

Output throughput improves by 9.3%.

Sources: https://github.com/o/r/pull/1

## B

Decode latency drops from 40 ms to 30 ms.

Sources: https://github.com/o/r/pull/2
"""

DOCS = {
    "https://github.com/o/r/pull/1": SourceDocument(url="https://github.com/o/r/pull/1", kind="pull_request",
                                                     text="Output throughput improves by 4.1%~9.3%."),
    "https://github.com/o/r/pull/2": SourceDocument(url="https://github.com/o/r/pull/2", kind="pull_request",
                                                     text="Decode latency drops from 40 ms to 30 ms."),
}


class FlakyProvider:
    """Answers from DOCS; fails hard on the URLs in ``crash_on`` (a crash mid-run)."""

    def __init__(self, crash_on: set[str]) -> None:
        self.crash_on = crash_on
        self.calls: list[str] = []

    async def get(self, url: str) -> FetchResult:
        self.calls.append(url)
        if url in self.crash_on:
            raise ConnectionResetError(f"simulated crash fetching {url}")
        return FetchResult(url=url, document=DOCS[url])


def test_interrupted_run_resumes_without_repeating_finished_branches(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path)
    flaky = FlakyProvider(crash_on={"https://github.com/o/r/pull/2"})
    with pytest.raises(ConnectionResetError):
        check_text(DRAFT, "d.md", settings, flaky, thread_id="t1")
    assert settings.checkpoint_path.exists()

    healed = FlakyProvider(crash_on=set())
    report = check_text(DRAFT, "d.md", settings, healed, thread_id="t1")
    # only the branch that failed runs again
    assert healed.calls == ["https://github.com/o/r/pull/2"]
    [finding] = [f for f in report.findings if f.severity != "info"]
    assert finding.check == "range-top" and finding.line == 7
    assert report.stats.sources == 2


def test_finished_thread_starts_afresh_instead_of_adding_to_old_state(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path)
    first = check_text(DRAFT, "d.md", settings, FlakyProvider(set()), thread_id="t2")
    again = FlakyProvider(set())
    second = check_text(DRAFT, "d.md", settings, again, thread_id="t2")
    assert len(again.calls) == 2
    assert [f.id for f in first.findings] == [f.id for f in second.findings]
    assert second.stats.sources == 2  # not 4: reducers did not add to the finished run


def threads(settings: Settings) -> set[str]:
    with sqlite3.connect(settings.checkpoint_path) as db:
        return {row[0] for row in db.execute("select distinct thread_id from checkpoints")}


def test_checkpoint_is_a_real_sqlite_file_keeping_only_unfinished_runs(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path)
    with pytest.raises(ConnectionResetError):
        check_text(DRAFT, "d.md", settings, FlakyProvider({"https://github.com/o/r/pull/2"}))
    [interrupted] = threads(settings)
    assert interrupted.startswith("check-")
    messages: list[str] = []
    check_text(DRAFT, "d.md", settings, FlakyProvider(set()), progress=messages.append)
    assert threads(settings) == set(), "a finished run's thread is pruned"
    [size] = [m for m in messages if m.startswith("checkpoint: ")]
    assert int(size.split()[1]) > 1000


def test_storage_does_not_grow_with_the_drafts_checked(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path)
    sizes = []
    for n in range(12):
        check_text(DRAFT.replace("9.3%", f"9.{n}%"), f"d{n}.md", settings, FlakyProvider(set()))
        sizes.append(settings.checkpoint_path.stat().st_size)
    assert threads(settings) == set()
    # Freed pages are reused: after the first few runs the file stops growing.
    assert max(sizes[6:]) <= max(sizes[:6]), sizes


def test_no_checkpoint_leaves_no_file(tmp_path: Path):
    settings = Settings(cache_dir=tmp_path, use_checkpoint=False)
    report = check_text(DRAFT, "d.md", settings, FlakyProvider(set()))
    assert report.stats.sentences == 4
    assert not settings.checkpoint_path.exists()


def test_fan_out_fetches_each_cited_url_once(tmp_path: Path):
    text = DRAFT + "\n## C\n\nSame PR again: throughput improves by 4.1%~9.3%.\n\nSources: https://github.com/o/r/pull/1/files\n"
    provider = FlakyProvider(set())
    report = check_text(text, "d.md", Settings(cache_dir=tmp_path, use_checkpoint=False), provider)
    assert sorted(provider.calls) == ["https://github.com/o/r/pull/1", "https://github.com/o/r/pull/2"]
    assert report.stats.sources == 2


VERSIONS = """---
window: 2026-09-14..2026-09-20
---

## Summary

Engine 0.30.0 landed this week, with the faster decode below.

Sources: https://github.com/o/r/pull/1

## Release

Engine 0.30.0 ships the decode change.

Sources: https://github.com/o/r/releases/tag/v0.30.0
"""


class VersionsProvider:
    docs = {
        "https://github.com/o/r/pull/1": SourceDocument(url="https://github.com/o/r/pull/1", kind="pull_request",
                                                         text="Decode latency drops from 40 ms to 30 ms."),
        "https://github.com/o/r/releases/tag/v0.30.0": SourceDocument(
            url="https://github.com/o/r/releases/tag/v0.30.0", kind="release", title="v0.30.0",
            text="Engine 0.30.0: the decode change."),
    }

    async def get(self, url: str) -> FetchResult:
        return FetchResult(url=url, document=self.docs[url])


@pytest.mark.parametrize("version, checks", [
    ("0.30.0", []),  # another section names it, and its own source carries it
    ("0.31.0", ["version-unsupported"]),  # no section's source carries it
])
def test_a_version_another_sections_source_carries(tmp_path: Path, version: str, checks: list[str]):
    text = VERSIONS.replace("Engine 0.30.0 landed", f"Engine {version} landed")
    report = check_text(text, "v.md", Settings(cache_dir=tmp_path, use_checkpoint=False), VersionsProvider())
    assert [f.check for f in report.findings if f.line == 7 and f.check == "version-unsupported"] == checks
