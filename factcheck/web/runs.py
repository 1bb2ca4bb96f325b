"""One revision's check, as any worker runs it: claim, keep the lease, check, store.

The in-process runner (SQLite) and the queue's workers (PostgreSQL) both come
through ``run_revision``, so the rules are the same everywhere: only the worker
holding the claim writes; a finished run is never set running again; every way a
run can fail ends in a "failed: …" state a reviewer sees and can retry.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable

import sqlalchemy as sa

from ..errors import InputError
from ..models import Report
from . import db

log = logging.getLogger(__name__)

Progress = Callable[[str], None]
# (draft text, draft name, checkpoint thread id, progress callback) -> report
Checker = Callable[[str, str, str, Progress], Awaitable[Report]]

DEFAULT_LEASE = 60.0  # seconds a claim holds without renewal; a dead worker's run waits this long
MAX_ATTEMPTS = 3


def worker_name() -> str:
    """Unique per process and start: host, pid and a random tail (pids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


async def run_revision(engine: sa.Engine, checker: Checker, revision_id: int, *, owner: str,
                       lease: float = DEFAULT_LEASE, max_attempts: int = MAX_ATTEMPTS,
                       wait_held: bool = False) -> str:
    """Check one revision if this worker can claim it. Returns what happened:
    "done", "failed", "lost" (the claim was taken over), "held" or "gone".

    ``wait_held``: when another worker's lease is still live, wait for it to run out
    and try again (the queue re-delivers a dead worker's job as soon as its heartbeat
    stops, which can be before the lease ends); a live worker keeps renewing, so after
    a few tries this gives up and leaves the run to it.
    """
    claim = await asyncio.to_thread(db.claim_run, engine, revision_id, owner, lease, max_attempts)
    for _ in range(3 if wait_held else 0):
        if claim != "held":
            break
        until = await asyncio.to_thread(db.lease_of, engine, revision_id)
        wait = (until - db.now()).total_seconds() if until else 0.0
        await asyncio.sleep(min(max(wait, 0.0) + 0.2, lease + 1))
        claim = await asyncio.to_thread(db.claim_run, engine, revision_id, owner, lease, max_attempts)
    if claim != "claimed":
        return claim
    revision = await asyncio.to_thread(db.get_revision, engine, revision_id)
    lost = asyncio.Event()

    async def keep_lease() -> None:
        while True:
            await asyncio.sleep(lease / 3)
            if not await asyncio.to_thread(db.renew_lease, engine, revision_id, owner, lease):
                lost.set()
                return

    def progress(message: str) -> None:
        db.note_progress(engine, revision_id, message)

    renewer = asyncio.create_task(keep_lease())
    try:
        # The check runs on its own thread and event loop: CPU-bound steps would
        # otherwise starve this loop, and with it the lease renewal and the queue's heartbeat.
        report = await asyncio.to_thread(
            asyncio.run, checker(revision.text, revision.name, revision.thread_id, progress))
    except InputError as exc:
        return await _fail(engine, revision_id, owner, str(exc))
    except Exception as exc:  # noqa: BLE001 - a failed run is shown on the page, never lost in a log only
        log.exception("check of revision %s failed", revision_id)
        return await _fail(engine, revision_id, owner, f"the check failed: {type(exc).__name__}: {exc}")
    finally:
        renewer.cancel()
    if lost.is_set():
        log.warning("revision %s: the lease was taken over; this worker's result is dropped", revision_id)
        return "lost"
    try:
        stored = await asyncio.to_thread(db.finish_run, engine, revision_id, report, owner)
    except Exception as exc:  # noqa: BLE001 - e.g. the database refused the findings
        log.exception("storing the findings of revision %s failed", revision_id)
        return await _fail(engine, revision_id, owner, f"could not store the findings: {type(exc).__name__}: {exc}")
    return "done" if stored else "lost"


async def _fail(engine: sa.Engine, revision_id: int, owner: str, error: str) -> str:
    try:
        ours = await asyncio.to_thread(db.fail_run, engine, revision_id, error, owner)
    except Exception:  # noqa: BLE001 - the database is away: the lease runs out and another worker retries
        log.exception("could not record the failure of revision %s", revision_id)
        return "lost"
    return "failed" if ours else "lost"
