"""The reviewer queue as a gate: a revision whose cited sources could not be read is
"incomplete", not "done", and cannot be approved until it is rechecked or a reviewer
accepts it with a reason; and no draft is approved while an error finding is
undecided. Real uvicorn on 127.0.0.1, a real SQLite file, the real pipeline
fetching from a loopback page server that can be switched off."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from loopback import PageServer, html
from web_support import DRAFT, LiveServer, csrf_of, live, phrase_findings, sign_in, start_live  # noqa: F401

from factcheck.models import Report, Stats
from factcheck.settings import FetchSettings, Settings
from factcheck.web import db
from factcheck.web.runner import pipeline_checker


@pytest.fixture
def upstream() -> Iterator[PageServer]:
    """The cited page on 127.0.0.1, answering 503 until a test sets ``down = False``."""
    server = PageServer({"/notes": html("<html><head><title>Notes</title></head>"
                                        "<body><p>Throughput rose 12% on one H100.</p></body></html>")}, down=True)
    yield server
    server.close()


@pytest.fixture
def gate(tmp_path: Path, upstream: PageServer) -> Iterator[LiveServer]:
    settings = Settings(cache_dir=tmp_path / "cache", use_checkpoint=False,
                        fetch=FetchSettings(allow_private_hosts=True, retries=0, timeout=5, refresh=True))
    yield from start_live(tmp_path / "server", pipeline_checker(settings, None))


def cited_draft(upstream: PageServer) -> str:
    return ("# Notes\n\n## Serving\n\nThroughput rose 12% on one H100.\n\n"
            f"Sources: [notes]({upstream.url}/notes)\n")


def test_unread_sources_make_the_revision_incomplete_until_rechecked(gate: LiveServer, upstream: PageServer) -> None:
    wanda, rita = gate.api("wanda"), gate.api("rita")
    made = wanda.post("/api/drafts", json={"title": "Notes", "text": cited_draft(upstream)})
    draft_id = made.json()["id"]
    revision = gate.wait_run(draft_id)
    assert revision.run_status == "incomplete"
    assert revision.run_error == "incomplete: 1 of 1 cited sources could not be read"
    body = rita.get(f"/api/drafts/{draft_id}").json()
    assert body["run_status"] == "incomplete" and body["approvable"] is False
    assert "incomplete" in body["blocked_by"] and "recheck" in body["blocked_by"]
    refused = rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"})
    assert refused.status_code == 409 and "1 of 1 cited sources could not be read" in refused.json()["detail"]

    with gate.browser_client() as page:
        csrf = sign_in(page, "rita")
        html = page.get(f"/drafts/{draft_id}").text
        assert 'id="run-incomplete"' in html and "1 of 1 cited sources could not be read" in html
        assert 'id="recheck"' in html and 'id="accept-incomplete"' in html
        assert 'class="run incomplete"' in html
        assert page.post(f"/drafts/{draft_id}/approve", data={"csrf_token": csrf}).status_code == 409

    # the source is back: a recheck reads it and the revision is done
    upstream.down = False
    rechecked = wanda.post(f"/api/drafts/{draft_id}/retry")
    assert rechecked.status_code == 200, rechecked.text
    revision = gate.wait_run(draft_id)
    assert (revision.run_status, revision.run_error) == ("done", None)
    assert rita.get(f"/api/drafts/{draft_id}").json()["approvable"] is True
    assert rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"}).status_code == 200
    actions = [e["action"] for e in rita.get(f"/api/drafts/{draft_id}/events").json()]
    assert actions == ["submitted", "rechecked", "approved"]


def test_a_reviewer_accepts_an_incomplete_check_with_a_reason(gate: LiveServer, upstream: PageServer) -> None:
    wanda, rita = gate.api("wanda"), gate.api("rita")
    draft_id = wanda.post("/api/drafts", json={"title": "Notes", "text": cited_draft(upstream)}).json()["id"]
    assert gate.wait_run(draft_id).run_status == "incomplete"
    # writers cannot accept it; reviewers must say why
    assert wanda.post(f"/api/drafts/{draft_id}/accept-incomplete", json={"reason": "fine"}).status_code == 403
    assert rita.post(f"/api/drafts/{draft_id}/accept-incomplete", json={"reason": " "}).status_code == 422
    with gate.browser_client() as page:
        sign_in(page, "wanda")
        html = page.get(f"/drafts/{draft_id}").text
        assert 'id="recheck"' in html and 'id="accept-incomplete"' not in html
    with gate.browser_client() as page:
        csrf = sign_in(page, "rita")
        no_reason = page.post(f"/drafts/{draft_id}/accept-incomplete", data={"csrf_token": csrf, "reason": ""})
        assert no_reason.status_code == 400 and "needs a reason" in no_reason.text
        accepted = page.post(f"/drafts/{draft_id}/accept-incomplete",
                             data={"csrf_token": csrf, "reason": "the notes page is down; checked by hand"})
        assert accepted.status_code == 303
        html = page.get(f"/drafts/{draft_id}").text
        assert 'class="run done"' in html and 'id="run-note"' in html
        assert "accepted by rita: the notes page is down; checked by hand" in html
    again = rita.post(f"/api/drafts/{draft_id}/accept-incomplete", json={"reason": "twice"})
    assert again.status_code == 409 and "not incomplete" in again.json()["detail"]
    approved = rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"})
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
    trail = rita.get(f"/api/drafts/{draft_id}/events").json()
    accepted_event = next(e for e in trail if e["action"] == "incomplete_accepted")
    assert accepted_event["user"] == "rita" and "checked by hand" in accepted_event["reason"]


def test_approval_needs_every_error_decided_in_page_and_api(live: LiveServer) -> None:  # noqa: F811
    rita = live.api("rita")
    draft_id = live.api("wanda").post("/api/drafts", json={"title": "W", "text": DRAFT}).json()["id"]
    live.wait_run(draft_id)
    body = rita.get(f"/api/drafts/{draft_id}").json()
    assert body["approvable"] is False
    assert body["blocked_by"] == "2 errors not yet decided (accept, or dismiss with a reason)"
    refused = rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"})
    assert refused.status_code == 409 and "2 errors not yet decided" in refused.json()["detail"]
    with live.browser_client() as page:
        csrf = sign_in(page, "rita")
        html = page.get(f"/drafts/{draft_id}").text
        assert "Not approvable: 2 errors not yet decided" in html
        assert page.post(f"/drafts/{draft_id}/approve", data={"csrf_token": csrf}).status_code == 409
    errors = [f for f in rita.get(f"/api/drafts/{draft_id}/findings", params={"severity": "error"}).json()]
    for finding in errors:
        dismissed = rita.post(f"/api/findings/{finding['id']}/decision",
                              json={"action": "dismiss", "reason": "the source says so", "version": 0})
        assert dismissed.status_code == 200
    # a warning left open does not block: the rule is about errors
    assert rita.get(f"/api/drafts/{draft_id}").json()["approvable"] is True
    assert rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"}).status_code == 200
    assert db.get_draft(live.engine, draft_id).status == "approved"


def test_a_recheck_keeps_the_decisions_made_on_the_incomplete_revision(tmp_path: Path) -> None:
    engine = db.connect(f"sqlite:///{tmp_path / 'q.sqlite'}")
    wanda, _ = db.create_user(engine, "wanda", "writer", "pw-w")
    rita, _ = db.create_user(engine, "rita", "reviewer", "pw-r")
    draft_id, revision_id = db.create_draft(engine, wanda, "t", DRAFT, "draft.md", "pasted")
    first = phrase_findings(DRAFT, "draft.md")
    incomplete = Report(draft="draft.md", findings=first.findings,
                        stats=Stats(sentences=first.stats.sentences, sources=2, unresolved=1))
    assert db.finish_run(engine, revision_id, incomplete)
    assert db.get_revision(engine, revision_id).run_status == "incomplete"
    lic = next(v for v in db.list_findings(engine, revision_id) if v.finding.category == "license")
    db.decide(engine, lic.id, rita, "dismiss", reason="code license only")
    assert db.retry_run(engine, draft_id, rita) == revision_id
    assert db.finish_run(engine, revision_id, first)
    again = {v.finding.category: v for v in db.list_findings(engine, revision_id)}
    assert db.get_revision(engine, revision_id).run_status == "done"
    assert len(again) == 3 and again["license"].decision == "dismissed"
    assert again["license"].reason == "code license only"
    with engine.connect() as conn:
        assert conn.execute(sa.text("select count(*) from findings")).scalar_one() == 3
