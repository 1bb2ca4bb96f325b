"""Checks on ``factcheck worker`` processes, through procrastinate's job queue in
the app's own PostgreSQL database (no other service to run).

procrastinate hands a job to one worker (``SELECT … FOR UPDATE SKIP LOCKED``),
keeps a heartbeat per worker, and lets us re-deliver the jobs of a worker whose
heartbeat stopped. The revision's claim (``db.claim_run``) is the second lock: even
a job delivered twice is checked once, and a finished revision is never reopened.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

import sqlalchemy as sa

from ..checkpoints import libpq_url
from . import db
from .runs import DEFAULT_LEASE, MAX_ATTEMPTS, Checker, run_revision, worker_name

log = logging.getLogger(__name__)

TASK = "factcheck.check_revision"
QUEUE = "checks"


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql", "postgres:"))


@dataclass
class WorkerEnv:
    """What a worker's task needs beyond the job's arguments."""

    engine: sa.Engine
    checker: Checker
    owner: str
    lease: float = DEFAULT_LEASE
    max_attempts: int = MAX_ATTEMPTS


class QueueSubmitter:
    """The server's side: a submitted revision becomes one queued job."""

    def __init__(self, engine: sa.Engine, database_url: str) -> None:
        import procrastinate

        self._engine = engine
        self._app = procrastinate.App(connector=procrastinate.SyncPsycopgConnector(conninfo=libpq_url(database_url)))

    def start(self) -> None:
        self._app.open()
        # Only runs nobody holds: queued ones whose job may have been lost, and runs
        # whose worker's lease ran out. A run a live worker owns is left alone.
        for revision_id in db.unfinished_runs(self._engine):
            self.submit(revision_id)

    def submit(self, revision_id: int) -> None:
        import procrastinate.exceptions

        try:
            # The queueing lock keeps one waiting job per revision, however often it is submitted.
            self._app.configure_task(TASK, queue=QUEUE, queueing_lock=f"revision-{revision_id}").defer(
                revision_id=revision_id)
        except procrastinate.exceptions.AlreadyEnqueued:
            pass
        except Exception as exc:  # noqa: BLE001 - the reviewer must see why nothing happens
            log.exception("could not queue revision %s", revision_id)
            db.fail_run(self._engine, revision_id, f"could not queue the check: {type(exc).__name__}: {exc}")

    def stop(self) -> None:
        self._app.close()


def worker_app(database_url: str):  # type: ignore[no-untyped-def]
    """The worker's procrastinate app with the one task it runs."""
    import procrastinate

    app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=libpq_url(database_url)))

    @app.task(name=TASK, queue=QUEUE, pass_context=True)
    async def check_revision(context, revision_id: int) -> str:  # type: ignore[no-untyped-def]
        env: WorkerEnv = context.additional_context["factcheck"]
        outcome = await run_revision(env.engine, env.checker, revision_id, owner=env.owner, lease=env.lease,
                                     max_attempts=env.max_attempts, wait_held=True)
        log.info("revision %s: %s", revision_id, outcome)
        return outcome

    return app


async def _redeliver_stalled(app, stalled_after: float) -> None:  # type: ignore[no-untyped-def]
    """Every few seconds, put the jobs of workers whose heartbeat stopped back in the queue."""
    while True:
        await asyncio.sleep(stalled_after / 3)
        try:
            for job in await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=stalled_after):
                # Another worker may have done it a moment ago: the queue then refuses, which is fine.
                with contextlib.suppress(Exception):
                    await app.job_manager.retry_job(job)
                    log.warning("re-queued job %s (revision %s) of a stopped worker", job.id,
                                job.task_kwargs.get("revision_id"))
        except Exception:  # noqa: BLE001 - a database hiccup; try again next round
            log.exception("looking for stalled jobs failed")


async def run_worker(database_url: str, engine: sa.Engine, checker: Checker, *, concurrency: int = 1,
                     lease: float = DEFAULT_LEASE) -> None:
    """Run checks from the queue until SIGINT/SIGTERM (then finish the running ones)."""
    app = worker_app(database_url)
    env = WorkerEnv(engine=engine, checker=checker, owner=worker_name(), lease=lease)
    async with app.open_async():
        redeliver = asyncio.create_task(_redeliver_stalled(app, lease))
        try:
            await app.run_worker_async(
                queues=[QUEUE], concurrency=concurrency, name=env.owner, additional_context={"factcheck": env},
                update_heartbeat_interval=max(lease / 6, 0.5), stalled_worker_timeout=lease,
                fetch_job_polling_interval=max(lease / 6, 0.5), delete_jobs="successful")
        finally:
            redeliver.cancel()
