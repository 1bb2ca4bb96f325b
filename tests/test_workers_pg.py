"""Servers and ``factcheck worker`` processes on a real PostgreSQL (started by ``make
test``): jobs go through procrastinate, runs are claimed once, a SIGKILLed worker's
run resumes from its PostgreSQL checkpoint on another worker, and a restarted
server re-queues nothing a live worker owns."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import sqlalchemy as sa
from ghserver import GHServer, Reply, gh  # noqa: F401  (fixture)
from pg_support import needs_postgres, pg_url  # noqa: F401  (fixture)
from test_sources_cli import serve_sources, write_draft
from web_support import DRAFT, run_server

from factcheck.web import db
from factcheck.web.jobs import QUEUE, TASK, QueueSubmitter

pytestmark = needs_postgres

LEASE = "3"  # seconds: a dead worker's run is taken over within a few seconds


def start_worker(url: str, log: Path, *extra: str, env: dict[str, str] | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "factcheck", "worker", "--database-url", url, "--lease", LEASE,
                             *extra], stdout=subprocess.DEVNULL, stderr=log.open("w"),
                            env={**os.environ, **(env or {})})


def stop(*workers: subprocess.Popen) -> None:
    for w in workers:
        if w.poll() is None:
            w.send_signal(signal.SIGTERM)
    for w in workers:
        try:
            w.wait(20)
        except subprocess.TimeoutExpired:
            w.kill()


def wait_for(condition, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} did not happen in {timeout} s")


def all_finished(engine: sa.Engine, ids: list[int]) -> bool:
    return all(db.get_revision(engine, i).run_status in ("done", "incomplete", "failed") for i in ids)


def queue_empty(engine: sa.Engine) -> bool:
    with engine.connect() as conn:
        return not conn.execute(sa.text("select count(*) from procrastinate_jobs "
                                        "where status in ('todo', 'doing')")).scalar()


def test_two_workers_racing_check_each_revision_once(pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    engine = db.connect(pg_url)
    wanda = db.create_user(engine, "wanda", "writer")[0]
    (tmp_path / "sources").mkdir()
    ids = [db.create_draft(engine, wanda, f"d{n}", DRAFT.replace("Test weekly", f"Weekly {n}"), f"d{n}.md",
                           "pasted")[1] for n in range(12)]
    submitter = QueueSubmitter(engine, pg_url)
    submitter.start()  # queues every revision once
    try:
        # And once more each, without the queueing lock: as if a job were delivered twice.
        for revision_id in ids:
            submitter._app.configure_task(TASK, queue=QUEUE).defer(revision_id=revision_id)
    finally:
        submitter.stop()
    logs = [tmp_path / "w1.log", tmp_path / "w2.log"]
    workers = [start_worker(pg_url, log, "--sources", str(tmp_path / "sources")) for log in logs]
    try:
        wait_for(lambda: all_finished(engine, ids) and queue_empty(engine), 90, "checking 12 revisions")
    finally:
        stop(*workers)
    text = "".join(log.read_text() for log in logs)
    outcomes = [line.split("factcheck.web.jobs: revision ")[1].split(": ") for line in text.splitlines()
                if "factcheck.web.jobs: revision " in line]
    done = Counter(int(n) for n, outcome in outcomes if outcome == "done")
    assert done == Counter(ids), text[-3000:]  # each checked exactly once, by one worker or the other
    for revision_id in ids:
        revision = db.get_revision(engine, revision_id)
        # The draft cites a source the empty archive lacks: its check ends "incomplete", not failed.
        assert revision.run_status == "incomplete", revision.run_error
        assert revision.run_error == "incomplete: 1 of 1 cited sources could not be read"
    with engine.connect() as conn:
        assert conn.execute(sa.text("select max(attempts) from revisions")).scalar() == 1
    # Every second delivery found its revision already claimed or checked.
    assert len(outcomes) == 2 * len(ids) and {o for _, o in outcomes} <= {"done", "gone", "held"}
    # Each worker did some of the work: the queue spread it.
    assert all("revision" in log.read_text() and ": done\n" in log.read_text() for log in logs)


def test_a_sigkilled_workers_run_finishes_on_another_with_the_same_findings(  # noqa: F811
        pg_url: str, tmp_path: Path, gh: GHServer) -> None:  # noqa: F811
    serve_sources(gh)
    html = gh.routes["/blog/2026/09/18/fp8.html"][0].body
    # The first worker's request for the blog post hangs until it is killed; the next is answered.
    gh.route("/blog/2026/09/18/fp8.html", Reply(body=html, delay=60), Reply(body=html))
    draft = write_draft(tmp_path, gh)
    engine = db.connect(pg_url)
    wanda = db.create_user(engine, "wanda", "writer")[0]
    _, revision_id = db.create_draft(engine, wanda, "Engine weekly", draft.read_text(), "weekly.md", "pasted")
    thread = db.get_revision(engine, revision_id).thread_id
    submitter = QueueSubmitter(engine, pg_url)
    submitter.start()
    submitter.stop()

    live = ["--allow-private-hosts"]
    first = start_worker(pg_url, tmp_path / "a.log", *live,
                         env={"FACTCHECK_GITHUB_API": gh.url, "FACTCHECK_CACHE_DIR": str(tmp_path / "cache-a")})
    try:
        def fetched_writes() -> int:
            # Writes of the checkpoint that is saved: they are written in the background and
            # may land before their checkpoint does, and a run killed in between resumes
            # from the step before (fetching again, correctly, but not what this test is about).
            with engine.connect() as conn:
                return conn.execute(sa.text(
                    "select count(*) from checkpoint_writes w join checkpoints c using "
                    "(thread_id, checkpoint_ns, checkpoint_id) where w.thread_id = :t and w.channel = 'fetched'"),
                    {"t": thread}).scalar() or 0

        # Mid-run: three of the four sources fetched and checkpointed, the blog post hanging.
        wait_for(lambda: gh.count("/blog/") >= 1 and fetched_writes() >= 3, 60, "the first worker's fetches")
        running = db.get_revision(engine, revision_id)
        assert running.run_status == "running"
        first.send_signal(signal.SIGKILL)
        first.wait(10)
    finally:
        stop(first)
    github_requests = gh.count("/repos/")
    second = start_worker(pg_url, tmp_path / "b.log", *live,
                          env={"FACTCHECK_GITHUB_API": gh.url, "FACTCHECK_CACHE_DIR": str(tmp_path / "cache-b")})
    try:
        wait_for(lambda: all_finished(engine, [revision_id]), 60, "the second worker finishing the run")
    finally:
        stop(second)
    resumed = db.get_revision(engine, revision_id)
    # The draft cites a PR the server answers 404 (as the uninterrupted reference run finds too).
    assert resumed.run_status == "incomplete", resumed.run_error
    assert resumed.run_error == "incomplete: 1 of 4 cited sources could not be read"
    with engine.connect() as conn:
        assert conn.execute(sa.text("select attempts from revisions where id = :r"), {"r": revision_id}).scalar() == 2
        # The finished run's thread is pruned from the shared checkpoint store.
        assert conn.execute(sa.text("select count(*) from checkpoints where thread_id = :t"), {"t": thread}).scalar() == 0
    # Resumed, not restarted: the sources the dead worker had fetched were not fetched again
    # (the second worker has an empty HTTP cache of its own).
    assert gh.count("/repos/") == github_requests
    assert "revision 1: done" in (tmp_path / "b.log").read_text()

    reference = subprocess.run(
        [sys.executable, "-m", "factcheck", "check", str(draft), "--format", "json", "--no-checkpoint", "-q",
         "--allow-private-hosts"], capture_output=True, text=True, timeout=120,
        env={**os.environ, "FACTCHECK_GITHUB_API": gh.url, "FACTCHECK_CACHE_DIR": str(tmp_path / "cache-c")})
    assert reference.returncode in (0, 1), reference.stderr
    expected = json.loads(reference.stdout)["findings"]
    assert expected, "the draft has findings to compare"
    assert json.loads(db.report_json(engine, revision_id))["findings"] == expected


def test_a_restarted_server_requeues_nothing_a_live_worker_owns(pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    from factcheck.settings import Settings
    from factcheck.web.app import create_app
    from factcheck.web.config import WebConfig

    engine = db.connect(pg_url)
    wanda = db.create_user(engine, "wanda", "writer")[0]
    owned, queued, abandoned, finished = (db.create_draft(engine, wanda, f"d{n}", DRAFT, f"d{n}.md", "pasted")[1]
                                          for n in range(4))
    assert db.claim_run(engine, owned, "live-worker", lease=600) == "claimed"
    assert db.claim_run(engine, abandoned, "dead-worker", lease=0.01) == "claimed"
    assert db.claim_run(engine, finished, "done-worker", lease=600) == "claimed"
    from web_support import phrase_findings

    assert db.finish_run(engine, finished, phrase_findings(DRAFT, "d3.md"), owner="done-worker")
    time.sleep(0.05)

    def jobs() -> Counter:
        with engine.connect() as conn:
            return Counter(r for r, in conn.execute(sa.text(
                "select (args->>'revision_id')::int from procrastinate_jobs where status = 'todo'")))

    config = WebConfig(database_url=pg_url, settings=Settings(cache_dir=tmp_path / "cache", use_checkpoint=False))
    for _restart in range(2):
        server, thread, _ = run_server(create_app(config))
        server.should_exit = True
        thread.join(20)
    # Twice started, yet one job each for the runs nobody holds, none for the owned or finished one.
    assert jobs() == Counter({queued: 1, abandoned: 1})
    revision = db.get_revision(engine, owned)
    assert revision.run_status == "running"
    assert db.get_revision(engine, finished).run_status == "done"


def test_worker_nice_lowers_its_cpu_priority(pg_url: str, tmp_path: Path) -> None:  # noqa: F811
    log = tmp_path / "w.log"
    worker = start_worker(pg_url, log, "--nice", "7")
    try:
        wait_for(lambda: "factcheck worker on" in log.read_text(), 60, "the worker's start")
        assert "nice 7" in log.read_text()
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == os.getpriority(os.PRIO_PROCESS, 0) + 7
    finally:
        stop(worker)
