"""Background check runs: the web app queues a revision, a worker thread checks it.

The worker owns one asyncio loop, so the pages (plain threadpool handlers) never
wait on a check; the revision's ``run_status`` in the database is the progress
the draft page polls.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from pathlib import Path

import sqlalchemy as sa

from ..errors import InputError
from ..models import Report
from ..settings import Settings
from . import db

log = logging.getLogger(__name__)

Progress = Callable[[str], None]
# (draft text, draft name, checkpoint thread id, progress callback) -> report
Checker = Callable[[str, str, str, Progress], Awaitable[Report]]


def pipeline_checker(settings: Settings, sources_dir: Path | None) -> Checker:
    """The core check as the CLI runs it: archived sources when a folder is
    given (loaded once, so a bad folder fails at start-up), else live fetching."""
    from ..pipeline import check_text_async

    archive = None
    if sources_dir is not None:
        from ..sources.archive import ArchiveSources

        archive = ArchiveSources.from_dir(sources_dir)

    async def check(text: str, name: str, thread_id: str, progress: Progress) -> Report:
        if archive is not None:
            return await check_text_async(text, name, settings, archive, thread_id=thread_id, progress=progress)
        from ..sources.live import LiveSources

        async with LiveSources(settings) as live:
            return await check_text_async(text, name, settings, live, thread_id=thread_id, progress=progress)

    return check


class CheckRunner:
    """A worker thread with an event loop, running at most ``concurrency`` checks at once."""

    def __init__(self, engine: sa.Engine, checker: Checker, concurrency: int = 1) -> None:
        self._engine = engine
        self._checker = checker
        self._concurrency = max(1, concurrency)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._limit: asyncio.Semaphore | None = None
        self._pending: set[Future[None]] = set()

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
        # Runs cut off by a restart are checked again under the same thread id,
        # so the checkpointer resumes them instead of starting over.
        for revision_id in db.unfinished_runs(self._engine):
            self.submit(revision_id)

    def submit(self, revision_id: int) -> Future[None]:
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
        for future in list(self._pending):
            future.cancel()
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread:
            self._thread.join(timeout=10)
        self._loop = None

    async def _run(self, revision_id: int) -> None:
        assert self._limit is not None
        async with self._limit:
            revision = await asyncio.to_thread(db.get_revision, self._engine, revision_id)
            await asyncio.to_thread(db.start_run, self._engine, revision_id)
            try:
                report = await self._checker(revision.text, revision.name, revision.thread_id,
                                             lambda message: db.note_progress(self._engine, revision_id, message))
            except InputError as exc:
                await asyncio.to_thread(db.fail_run, self._engine, revision_id, str(exc))
                return
            except Exception as exc:  # a failed run is shown on the page, never lost in a log only
                log.exception("check of revision %s failed", revision_id)
                await asyncio.to_thread(db.fail_run, self._engine, revision_id,
                                        f"the check failed: {type(exc).__name__}: {exc}")
                return
            await asyncio.to_thread(db.finish_run, self._engine, revision_id, report)
