"""Run claims and leases on a real SQLite file: claimed once, taken over only after
the lease, never reopened once done, every failure visible with a retry."""
from __future__ import annotations

import asyncio
import gc
import logging
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from web_support import DRAFT, phrase_checker, phrase_findings, start_live

from factcheck.web import db
from factcheck.web.runner import CheckRunner
from factcheck.web.runs import run_revision


@pytest.fixture
def engine(tmp_path: Path) -> sa.Engine:
    return db.connect(f"sqlite:///{tmp_path / 'runs.sqlite'}")


@pytest.fixture
def wanda(engine: sa.Engine) -> db.User:
    return db.create_user(engine, "wanda", "writer", "pw")[0]


def test_of_eight_threads_claiming_one_run_exactly_one_gets_it(engine: sa.Engine, wanda: db.User) -> None:
    _, revision_id = db.create_draft(engine, wanda, "t", DRAFT, "d.md", "pasted")
    start = threading.Barrier(8)
    outcomes: list[str] = []

    def claim(n: int) -> None:
        start.wait()
        outcomes.append(db.claim_run(engine, revision_id, f"worker-{n}", lease=30))

    threads = [threading.Thread(target=claim, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(outcomes) == ["claimed"] + ["held"] * 7
    assert db.unfinished_runs(engine) == []  # owned and leased: nobody re-queues it


def test_a_lapsed_lease_is_taken_over_and_the_old_owner_writes_nothing(engine: sa.Engine, wanda: db.User) -> None:
    _, revision_id = db.create_draft(engine, wanda, "t", DRAFT, "d.md", "pasted")
    assert db.claim_run(engine, revision_id, "dead", lease=0.2) == "claimed"
    assert db.claim_run(engine, revision_id, "alive", lease=30) == "held"
    time.sleep(0.3)
    assert db.unfinished_runs(engine) == [revision_id]
    assert db.claim_run(engine, revision_id, "alive", lease=30) == "claimed"
    report = phrase_findings(DRAFT, "d.md")
    assert not db.renew_lease(engine, revision_id, "dead", 30)
    assert not db.finish_run(engine, revision_id, report, owner="dead")
    assert not db.fail_run(engine, revision_id, "late", owner="dead")
    assert db.finish_run(engine, revision_id, report, owner="alive")
    assert len(db.list_findings(engine, revision_id)) == 3
    # Done is final: no claim, no second finish, no failure can reopen it.
    assert db.claim_run(engine, revision_id, "third", lease=30) == "gone"
    assert not db.finish_run(engine, revision_id, report)
    assert not db.fail_run(engine, revision_id, "late")
    assert db.get_revision(engine, revision_id).run_status == "done"


def test_a_run_that_keeps_killing_workers_ends_failed(engine: sa.Engine, wanda: db.User) -> None:
    _, revision_id = db.create_draft(engine, wanda, "t", DRAFT, "d.md", "pasted")
    for n in range(3):
        assert db.claim_run(engine, revision_id, f"w{n}", lease=0.05, max_attempts=3) == "claimed"
        time.sleep(0.1)
    assert db.claim_run(engine, revision_id, "w3", lease=30, max_attempts=3) == "gone"
    revision = db.get_revision(engine, revision_id)
    assert revision.run_status == "failed" and revision.run_error.startswith("failed: the check was cut off 3 times")


def test_the_runner_checks_once_when_submitted_many_times(engine: sa.Engine, wanda: db.User) -> None:
    calls: list[str] = []
    inner = phrase_checker(delay=0.2)

    async def counting(text, name, thread_id, progress):  # type: ignore[no-untyped-def]
        calls.append(thread_id)
        return await inner(text, name, thread_id, progress)

    _, revision_id = db.create_draft(engine, wanda, "t", DRAFT, "d.md", "pasted")
    runners = [CheckRunner(engine, counting, concurrency=2) for _ in range(2)]  # two servers, one file
    for runner in runners:
        runner.start()
    try:
        for _ in range(3):
            for runner in runners:
                runner.submit(revision_id)
        for runner in runners:
            runner.wait_idle(30)
    finally:
        for runner in runners:
            runner.stop()
    assert calls == [f"web-draft1-rev1"]
    assert db.get_revision(engine, revision_id).run_status == "done"


def test_a_failure_to_store_findings_is_shown_not_lost(engine: sa.Engine, wanda: db.User) -> None:
    _, revision_id = db.create_draft(engine, wanda, "t", DRAFT, "d.md", "pasted")
    with engine.begin() as conn:  # the findings table refuses every row: storing fails mid-transaction
        conn.execute(sa.text("CREATE TRIGGER refuse BEFORE INSERT ON findings BEGIN "
                             "SELECT RAISE(ABORT, 'disk quota exceeded'); END"))
    outcome = asyncio.run(run_revision(engine, phrase_checker(), revision_id, owner="w", lease=30))
    revision = db.get_revision(engine, revision_id)
    assert outcome == "failed" and revision.run_status == "failed"
    assert revision.run_error.startswith("failed: could not store the findings") and "disk quota" in revision.run_error
    assert db.list_findings(engine, revision_id) == []  # the partial write was rolled back


def test_a_failed_check_has_a_retry_on_the_page_and_in_the_api(tmp_path: Path) -> None:
    attempts: list[int] = []
    inner = phrase_checker()

    async def flaky(text, name, thread_id, progress):  # type: ignore[no-untyped-def]
        attempts.append(1)
        if len(attempts) == 1:
            raise ConnectionError("GitHub API unreachable")
        return await inner(text, name, thread_id, progress)

    from web_support import csrf_of, sign_in

    for live in start_live(tmp_path, flaky):
        draft_id = live.api("wanda").post("/api/drafts", json={"title": "W", "text": DRAFT}).json()["id"]
        failed = live.wait_run(draft_id)
        assert failed.run_status == "failed"
        assert failed.run_error == "failed: the check failed: ConnectionError: GitHub API unreachable"
        body = live.api("wanda").get(f"/api/drafts/{draft_id}").json()
        assert (body["run_status"], body["run_error"]) == ("failed", failed.run_error)
        with live.browser_client() as browser:
            sign_in(browser, "wanda")
            page = browser.get(f"/drafts/{draft_id}")
            assert "GitHub API unreachable" in page.text and 'action="/drafts/%d/retry"' % draft_id in page.text
            retried = browser.post(f"/drafts/{draft_id}/retry", data={"csrf_token": csrf_of(page.text)})
            assert retried.status_code == 303
        done = live.wait_run(draft_id)
        assert done.run_status == "done" and len(attempts) == 2
        again = live.api("wanda").post(f"/api/drafts/{draft_id}/retry")
        assert again.status_code == 409 and "done, not failed" in again.json()["detail"]
        assert [e.action for e in db.list_events(live.engine, draft_id)][:2] == ["submitted", "retried"]


def test_stopping_mid_run_unwinds_every_task_and_leaves_the_run_to_its_lease(engine: sa.Engine, wanda: db.User,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    started, release = threading.Event(), threading.Event()

    async def slow(text, name, thread_id, progress):
        started.set()
        await asyncio.to_thread(release.wait, 30)  # a check still running when the server stops
        raise AssertionError("the stopped runner must not finish the check")

    _, revision_id = db.create_draft(engine, wanda, "t", DRAFT, "d.md", "pasted")
    runner = CheckRunner(engine, slow)
    runner.start()
    future = runner.submit(revision_id)
    assert started.wait(30)
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        runner.stop()
        release.set()
        gc.collect()
    assert future.cancelled() or future.done()
    assert not [r for r in caplog.records if "destroyed" in r.getMessage()]  # asyncio's "Task was destroyed …"
    # the run was not failed by the stop: it stays claimed until its lease runs out, for another worker
    assert db.get_revision(engine, revision_id).run_status == "running"
