"""Where the web app's checks run: in this process (SQLite, one machine), or on
``factcheck worker`` processes fed through the job queue (PostgreSQL; ``jobs.py``).

The in-process runner owns one asyncio loop on a thread, so the pages (plain
threadpool handlers) never wait on a check; the revision's ``run_status`` in the
database is the progress the draft page polls.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import CancelledError, Future
from pathlib import Path
from typing import Protocol

import sqlalchemy as sa

from ..models import Report
from ..settings import Settings
from . import db
from .runs import DEFAULT_LEASE, Checker, Progress, run_revision, worker_name

log = logging.getLogger(__name__)


def pipeline_checker(settings: Settings, sources_dir: Path | None) -> Checker:
    """The core check as the CLI runs it: archived sources when a folder is
    given (loaded once, so a bad folder fails at start-up), else live fetching."""
    from ..pipeline import check_text_async

    archive = None
    if sources_dir is not None:
        from ..sources.archive import ArchiveSources

        archive = ArchiveSources.from_dir(sources_dir, settings.fetch.max_bytes)
        for problem in archive.problems:
            log.warning("%s: %s", sources_dir, problem)

    async def check(text: str, name: str, thread_id: str, progress: Progress) -> Report:
        if archive is not None:
            return await check_text_async(text, name, settings, archive, thread_id=thread_id, progress=progress)
        from ..sources.live import LiveSources

        async with LiveSources(settings) as live:
            return await check_text_async(text, name, settings, live, thread_id=thread_id, progress=progress)

    return check


async def _cancel_all() -> None:
    """Cancel every other task of the running loop and wait until each has unwound."""
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


class Runner(Protocol):
    """What the app asks of wherever checks run."""

    def start(self) -> None: ...
    def submit(self, revision_id: int) -> None: ...
    def stop(self) -> None: ...


class CheckRunner:
    """An in-process worker: a thread with an event loop, at most ``concurrency`` checks
    at once. It claims runs like any worker, so two servers on one SQLite file never
    check the same revision twice, and it looks again every ``lease / 2`` seconds for
    runs whose owner died."""

    def __init__(self, engine: sa.Engine, checker: Checker, concurrency: int = 1,
                 lease: float = DEFAULT_LEASE) -> None:
        self._engine = engine
        self._checker = checker
        self._concurrency = max(1, concurrency)
        self._lease = lease
        self._owner = worker_name()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._limit: asyncio.Semaphore | None = None
        self._pending: set[Future[str]] = set()
        self._sweeper: Future[None] | None = None

    def start(self) -> None:
        ready = threading.Event()

        def serve() -> None:
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
            self._limit = asyncio.Semaphore(self._concurrency)
            ready.set()
            self._loop.run_forever()
            self._loop.close()

        self._thread = threading.Thread(target=serve, name="factcheck-runs", daemon=True)
        self._thread.start()
        ready.wait()
        # Queued runs, and runs cut off by a restart once their lease is out, are
        # checked under the same thread id, so the checkpointer resumes them.
        self._sweeper = asyncio.run_coroutine_threadsafe(self._sweep(), self._loop)

    async def _sweep(self) -> None:
        while True:
            for revision_id in await asyncio.to_thread(db.unfinished_runs, self._engine):
                self.submit(revision_id)
            await asyncio.sleep(self._lease / 2)

    def submit(self, revision_id: int) -> Future[str]:  # type: ignore[override]
        if self._loop is None:
            raise RuntimeError("the runner is not started")
        future = asyncio.run_coroutine_threadsafe(self._run(revision_id), self._loop)
        self._pending.add(future)
        future.add_done_callback(self._pending.discard)
        return future

    def wait_idle(self, timeout: float = 60.0) -> None:
        """Block until every submitted run has finished (for tests and shutdown)."""
        for future in list(self._pending):
            future.result(timeout)

    def stop(self) -> None:
        if self._loop is None:
            return
        # Cancel the sweep and the runs on their own loop and let them unwind before it stops: a task still
        # pending when the loop closes is reported by asyncio as destroyed. A cancelled run stays claimed
        # until its lease runs out, when another worker takes it up.
        try:
            asyncio.run_coroutine_threadsafe(_cancel_all(), self._loop).result(timeout=10)
        except (TimeoutError, RuntimeError, CancelledError):
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread:
            self._thread.join(timeout=10)
        self._loop = None

    async def _run(self, revision_id: int) -> str:
        assert self._limit is not None
        async with self._limit:
            return await run_revision(self._engine, self._checker, revision_id, owner=self._owner,
                                      lease=self._lease)
