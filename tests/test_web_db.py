"""The data-access module against a real SQLite file: migrations, accounts,
revisions carrying decisions over, concurrent decisions, approval."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from web_support import DRAFT, phrase_findings

from factcheck.i18n import translator
from factcheck.web import db
from factcheck.web.migrations import MIGRATIONS, migrate
from factcheck.web.schema import metadata


@pytest.fixture
def engine(tmp_path: Path) -> sa.Engine:
    return db.connect(f"sqlite:///{tmp_path / 'queue.sqlite'}")


@pytest.fixture
def people(engine: sa.Engine) -> dict[str, db.User]:
    return {name: db.create_user(engine, name, role, "pw-" + name)[0]
            for name, role in (("wanda", "writer"), ("rita", "reviewer"), ("rob", "reviewer"))}


def checked(engine: sa.Engine, owner: db.User, text: str = DRAFT) -> tuple[int, int]:
    draft_id, revision_id = db.create_draft(engine, owner, "t", text, "draft.md", "pasted")
    db.finish_run(engine, revision_id, phrase_findings(text, "draft.md"))
    return draft_id, revision_id


def test_migrations_build_the_schema_the_queries_use(tmp_path: Path) -> None:
    engine = db.connect(f"sqlite:///{tmp_path / 'a.sqlite'}")
    reflected = sa.MetaData()
    reflected.reflect(engine)
    for table in metadata.sorted_tables:
        assert table.name in reflected.tables, table.name
        assert {c.name for c in reflected.tables[table.name].columns} == {c.name for c in table.columns}, table.name
    with engine.connect() as conn:
        applied = [r[0] for r in conn.execute(sa.text("select name from schema_migrations order by name"))]
    assert applied == [name for name, _ in MIGRATIONS]
    assert migrate(engine) == []  # a second start applies nothing
    indexes = {ix["name"] for ix in sa.inspect(engine).get_indexes("drafts")}
    assert "ix_drafts_status_created_at" in indexes


def test_passwords_are_argon2_and_tokens_stored_hashed(engine: sa.Engine) -> None:
    user, token = db.create_user(engine, "alice", "writer", "s3cret")
    with engine.connect() as conn:
        row = conn.execute(sa.text("select password_hash, token_hash from users where name='alice'")).one()
    assert row.password_hash.startswith("$argon2id$") and "s3cret" not in row.password_hash
    assert token not in row.token_hash and len(row.token_hash) == 64
    assert db.authenticate(engine, "alice", "s3cret") == user
    assert db.authenticate(engine, "alice", "wrong") is None
    assert db.authenticate(engine, "nobody", "s3cret") is None
    assert db.user_for_token(engine, token) == user
    assert db.user_for_token(engine, token + "x") is None
    with pytest.raises(db.Conflict):
        db.create_user(engine, "alice", "reviewer")
    with pytest.raises(db.Invalid):
        db.create_user(engine, "bob", "admin")
    db.create_user(engine, "cms", "writer")
    assert db.authenticate(engine, "cms", "") is None


def test_sessions_expire(engine: sa.Engine, people: dict[str, db.User]) -> None:
    import datetime as dt

    token, csrf = db.create_session(engine, people["rita"], dt.timedelta(hours=1))
    assert db.session_user(engine, token) == (people["rita"], csrf)
    stale, _ = db.create_session(engine, people["rita"], dt.timedelta(seconds=-1))
    assert db.session_user(engine, stale) is None
    db.end_session(engine, token)
    assert db.session_user(engine, token) is None


def test_queue_orders_by_status_then_age_and_writers_see_their_own(engine: sa.Engine,
                                                                  people: dict[str, db.User]) -> None:
    other, _ = db.create_user(engine, "walt", "writer", "pw")
    first, _ = checked(engine, people["wanda"])
    second, _ = checked(engine, other)
    third, _ = checked(engine, people["wanda"])
    db.set_status(engine, first, people["rita"], "changes_requested")
    finding = db.list_findings(engine, db.latest_revision(engine, second).id)[0]
    db.decide(engine, finding.id, people["rita"], "dismiss", reason="fine")
    assert [d.id for d in db.list_drafts(engine, people["rita"])] == [third, second, first]
    assert [d.status for d in db.list_drafts(engine, people["rita"])] == ["new", "in_review", "changes_requested"]
    assert [d.id for d in db.list_drafts(engine, people["wanda"])] == [third, first]


def test_decisions_carry_over_to_unchanged_sentences(engine: sa.Engine, people: dict[str, db.User]) -> None:
    rita = people["rita"]
    draft_id, rev1 = checked(engine, people["wanda"])
    by_cat = {v.finding.category: v for v in db.list_findings(engine, rev1)}
    assert set(by_cat) == {"overstatement", "license", "metric-conflation"}
    db.decide(engine, by_cat["overstatement"].id, rita, "accept")
    db.decide(engine, by_cat["metric-conflation"].id, rita, "dismiss", reason="the PR says so itself")
    db.decide(engine, by_cat["license"].id, rita, "edit", suggestion="Code is Apache-2.0; weights are custom.")
    assert str(db.blocking_findings(engine, draft_id)[0]) == ("1 accepted error not yet fixed; 1 error not yet "
                                                              "decided (accept, or dismiss with a reason)")
    # the same reason in Chinese, for a reviewer who reads Chinese
    assert db.blocking_findings(engine, draft_id)[0].render(translator("zh")) == (
        "1 个已接受的错误尚未改正；1 个错误尚未处理（接受，或写明理由后驳回）")

    # The writer fixes the accepted sentence only; the others are unchanged.
    fixed = DRAFT.replace("apply to all GPUs with 16 GB", "were measured on one 16 GB GPU")
    rev2 = db.add_revision(engine, draft_id, people["wanda"], fixed, "draft.md", "pasted")
    assert str(db.blocking_findings(engine, draft_id)[0]) == "the check of revision 2 is queued"
    db.finish_run(engine, rev2, phrase_findings(fixed, "draft.md"))
    after = {v.finding.category: v for v in db.list_findings(engine, rev2)}
    assert set(after) == {"license", "metric-conflation"}
    assert after["metric-conflation"].decision == "dismissed"
    assert after["metric-conflation"].reason == "the PR says so itself"
    assert after["metric-conflation"].decided_by == "rita"
    assert after["license"].suggestion_edit == "Code is Apache-2.0; weights are custom."
    assert after["license"].fingerprint == by_cat["license"].fingerprint
    trail = db.list_events(engine, draft_id)
    actions = [(e.action, e.revision) for e in trail]
    assert ("resolved", 2) in actions and ("carried", 2) in actions
    resolved = next(e for e in trail if e.action == "resolved")
    assert resolved.fingerprint == by_cat["overstatement"].fingerprint
    assert "apply to all GPUs with 16 GB" in resolved.reason and "revision 2" in resolved.reason
    # the license error is still undecided (an edited suggestion is no decision)
    why, count = db.blocking_findings(engine, draft_id)
    assert (str(why), count) == ("1 error not yet decided (accept, or dismiss with a reason)", 1)
    db.decide(engine, after["license"].id, rita, "dismiss", reason="the weights' license is stated apart",
              version=after["license"].version)
    assert db.blocking_findings(engine, draft_id) == (None, 0)
    db.set_status(engine, draft_id, rita, "approved")
    assert db.get_draft(engine, draft_id).status == "approved"


def test_an_accepted_error_that_is_still_there_blocks_approval(engine: sa.Engine,
                                                               people: dict[str, db.User]) -> None:
    draft_id, rev1 = checked(engine, people["wanda"])
    error = next(v for v in db.list_findings(engine, rev1) if v.finding.category == "overstatement")
    db.decide(engine, error.id, people["rita"], "accept")
    with pytest.raises(db.Conflict, match="1 accepted error"):
        db.set_status(engine, draft_id, people["rita"], "approved")
    # Resubmitting without touching the sentence keeps it accepted, and blocked.
    rev2 = db.add_revision(engine, draft_id, people["wanda"], DRAFT + "\nA new closing line.\n", "d.md", "pasted")
    db.finish_run(engine, rev2, phrase_findings(DRAFT + "\nA new closing line.\n", "d.md"))
    still = next(v for v in db.list_findings(engine, rev2) if v.finding.category == "overstatement")
    assert still.decision == "accepted"
    with pytest.raises(db.Conflict):
        db.set_status(engine, draft_id, people["rita"], "approved")
    assert db.get_draft(engine, draft_id).status == "in_review"


def test_decision_rules(engine: sa.Engine, people: dict[str, db.User]) -> None:
    draft_id, rev1 = checked(engine, people["wanda"])
    view = db.list_findings(engine, rev1)[0]
    with pytest.raises(db.Invalid, match="reason"):
        db.decide(engine, view.id, people["rita"], "dismiss", reason="   ")
    with pytest.raises(PermissionError):
        db.decide(engine, view.id, people["wanda"], "accept")
    decided = db.decide(engine, view.id, people["rita"], "accept", version=0)
    assert decided.version == 1 and decided.decision == "accepted"
    reopened = db.decide(engine, view.id, people["rob"], "reopen", version=1)
    assert reopened.decision == "open" and reopened.decided_by == "rob"
    # A finding of an older revision can no longer be decided.
    rev2 = db.add_revision(engine, draft_id, people["wanda"], DRAFT, "d.md", "pasted")
    db.finish_run(engine, rev2, phrase_findings(DRAFT, "d.md"))
    with pytest.raises(db.Conflict, match="older revision"):
        db.decide(engine, view.id, people["rita"], "accept", version=2)


def test_two_reviewers_at_once_leave_one_decision(engine: sa.Engine, people: dict[str, db.User]) -> None:
    _, rev1 = checked(engine, people["wanda"])
    for round_ in range(5):
        view = db.list_findings(engine, rev1)[0]
        barrier = threading.Barrier(2)
        outcomes: dict[str, object] = {}

        def act(name: str, action: str, barrier: threading.Barrier = barrier,
                outcomes: dict[str, object] = outcomes, view: db.FindingView = view) -> None:
            barrier.wait()
            try:
                outcomes[name] = db.decide(engine, view.id, people[name], action,  # type: ignore[arg-type]
                                           reason="dup" if action == "dismiss" else None, version=view.version)
            except db.Conflict as exc:
                outcomes[name] = exc

        threads = [threading.Thread(target=act, args=("rita", "accept")),
                   threading.Thread(target=act, args=("rob", "dismiss"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        winners = [n for n, o in outcomes.items() if isinstance(o, db.FindingView)]
        losers = [o for o in outcomes.values() if isinstance(o, db.Conflict)]
        assert len(winners) == 1 and len(losers) == 1, outcomes
        assert winners[0] in str(losers[0]) and "not recorded" in str(losers[0])
        final = db.get_finding(engine, view.id)
        assert final.decided_by == winners[0] and final.version == view.version + 1
        decisions = [e for e in db.list_events(engine, final.draft_id)
                     if e.fingerprint == view.fingerprint and e.action in ("accept", "dismiss")]
        assert len(decisions) == round_ + 1


def test_the_runner_resumes_unfinished_runs_and_records_failures(engine: sa.Engine,
                                                                  people: dict[str, db.User]) -> None:
    from factcheck.errors import InputError
    from factcheck.web.runner import CheckRunner

    seen: list[str] = []

    async def checker(text: str, name: str, thread_id: str, progress):  # type: ignore[no-untyped-def]
        seen.append(thread_id)
        progress(f"parsed {name}")
        if "BROKEN" in text:
            raise InputError("front matter is not valid YAML", name, 2)
        if "CRASH" in text:
            raise RuntimeError("source provider went away")
        return phrase_findings(text, name)

    # Queued before the server (re)started: picked up at start.
    pending, pending_rev = db.create_draft(engine, people["wanda"], "t", DRAFT, "draft.md", "pasted")
    runner = CheckRunner(engine, checker)
    runner.start()
    try:
        # the start-up sweep takes it on its own; only then are the next drafts created, or under load
        # the sweep may meet them first and the order asserted below is a race
        deadline = time.monotonic() + 30
        while db.get_revision(engine, pending_rev).run_status != "done" and time.monotonic() < deadline:
            time.sleep(0.02)
        _, broken_rev = db.create_draft(engine, people["wanda"], "t", "---\nBROKEN\n", "b.md", "pasted")
        _, crash_rev = db.create_draft(engine, people["wanda"], "t", "CRASH", "c.md", "pasted")
        runner.submit(broken_rev)
        runner.submit(crash_rev)
        runner.wait_idle(30)
    finally:
        runner.stop()
    assert seen[0] == f"web-draft{pending}-rev1"
    assert db.get_revision(engine, pending_rev).run_status == "done"
    assert db.get_revision(engine, pending_rev).progress == "parsed draft.md"
    assert len(db.list_findings(engine, pending_rev)) == 3
    broken = db.get_revision(engine, broken_rev)
    assert (broken.run_status, broken.run_error) == ("failed", "failed: b.md:2: front matter is not valid YAML")
    crashed = db.get_revision(engine, crash_rev)
    assert crashed.run_status == "failed" and "RuntimeError: source provider went away" in crashed.run_error
    assert db.unfinished_runs(engine) == []
