"""The JSON API over a real uvicorn server and SQLite file."""
from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from web_support import DRAFT, LiveServer, live, start_live  # noqa: F401  (fixture)


def submit(live: LiveServer, who: str, text: str = DRAFT) -> int:  # noqa: F811
    response = live.api(who).post("/api/drafts", json={"title": "Weekly", "text": text})
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["status"] == "new" and body["run_status"] in ("queued", "running", "done")
    live.wait_run(body["id"])
    return body["id"]


def test_api_needs_a_bearer_token(live: LiveServer) -> None:  # noqa: F811
    with httpx.Client(base_url=live.base_url) as anon:
        assert anon.get("/api/drafts").status_code == 401
        assert anon.get("/api/drafts", headers={"Authorization": "Bearer nope"}).status_code == 401
    # A signed-in browser's cookie is no key to the API (so the API needs no CSRF token).
    from web_support import sign_in

    with live.browser_client() as browser:
        sign_in(browser, "rita")
        assert browser.get("/api/drafts").status_code == 401


def test_openapi_schema_lists_the_api(live: LiveServer) -> None:  # noqa: F811
    schema = httpx.get(f"{live.base_url}/openapi.json").json()
    paths = schema["paths"]
    for path in ("/api/drafts", "/api/drafts/{draft_id}/findings", "/api/findings/{finding_id}/decision"):
        assert path in paths
    assert not any(not p.startswith("/api/") for p in paths), "pages do not belong in the API schema"
    # The Swagger page would load scripts from a CDN; it is off.
    assert httpx.get(f"{live.base_url}/docs").status_code == 404
    assert "HTTPBearer" in schema["components"]["securitySchemes"]
    decision = schema["components"]["schemas"]["DecisionIn"]
    assert set(decision["properties"]["action"]["enum"]) == {"accept", "dismiss", "edit", "reopen"}


def test_submit_review_resubmit_approve(live: LiveServer) -> None:  # noqa: F811
    draft_id = submit(live, "wanda")
    findings = live.api("wanda").get(f"/api/drafts/{draft_id}/findings").json()
    assert {f["finding"]["category"] for f in findings} == {"overstatement", "license", "metric-conflation"}
    by_cat = {f["finding"]["category"]: f for f in findings}
    assert by_cat["overstatement"]["finding"]["evidence"][0]["quote"] == "measured on a single RTX 4070 Ti SUPER"

    # Writers cannot decide.
    over = by_cat["overstatement"]
    assert live.api("wanda").post(f"/api/findings/{over['id']}/decision",
                                  json={"action": "accept"}).status_code == 403
    rita = live.api("rita")
    missing_reason = rita.post(f"/api/findings/{by_cat['license']['id']}/decision", json={"action": "dismiss"})
    assert missing_reason.status_code == 422 and "reason" in missing_reason.json()["detail"]
    accepted = rita.post(f"/api/findings/{over['id']}/decision", json={"action": "accept", "version": 0})
    assert accepted.status_code == 200
    assert accepted.json()["decision"] == "accepted" and accepted.json()["history"][-1]["user"] == "rita"
    dismissed = rita.post(f"/api/findings/{by_cat['license']['id']}/decision",
                          json={"action": "dismiss", "reason": "code license only, as stated"})
    assert dismissed.json()["decision"] == "dismissed"

    draft = rita.get(f"/api/drafts/{draft_id}").json()
    assert draft["status"] == "in_review" and not draft["approvable"]
    refused = rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"})
    assert refused.status_code == 409 and "accepted error" in refused.json()["detail"]

    # Only the writer resubmits.
    fixed = DRAFT.replace("all GPUs with 16 GB", "the one 16 GB GPU tested")
    assert rita.post(f"/api/drafts/{draft_id}/revisions", json={"text": fixed}).status_code == 403
    resubmitted = live.api("wanda").post(f"/api/drafts/{draft_id}/revisions", json={"text": fixed})
    assert resubmitted.status_code == 201 and resubmitted.json()["revision"] == 2
    live.wait_run(draft_id)
    after = {f["finding"]["category"]: f for f in rita.get(f"/api/drafts/{draft_id}/findings").json()}
    assert set(after) == {"license", "metric-conflation"}
    assert after["license"]["decision"] == "dismissed"
    assert after["license"]["reason"] == "code license only, as stated"
    assert after["metric-conflation"]["decision"] == "open"
    assert rita.get(f"/api/drafts/{draft_id}").json()["approvable"] is True
    approved = rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"})
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
    events = [e["action"] for e in rita.get(f"/api/drafts/{draft_id}/events").json()]
    assert events == ["submitted", "accept", "dismiss", "submitted", "carried", "resolved", "approved"]
    # the server's own reasons (carried, resolved) in the caller's language; a reviewer's words as written
    zh = {e["action"]: e["reason"] for e in rita.get(f"/api/drafts/{draft_id}/events?lang=zh").json()}
    en = {e["action"]: e["reason"] for e in rita.get(f"/api/drafts/{draft_id}/events").json()}
    assert en["carried"] == "dismissed on an earlier revision; the sentence did not change"
    assert zh["carried"] == "沿用上一版的处理（已驳回）：这句话没有改动"
    assert zh["resolved"].startswith("第 ") and "在第 2 版中已不再报出" in zh["resolved"]
    assert zh["dismiss"] == en["dismiss"] == "code license only, as stated"


def test_category_and_severity_filters(live: LiveServer) -> None:  # noqa: F811
    draft_id = submit(live, "wanda")
    rita = live.api("rita")
    errors = rita.get(f"/api/drafts/{draft_id}/findings", params={"severity": "error"}).json()
    assert {f["finding"]["category"] for f in errors} == {"overstatement", "license"}
    lic = rita.get(f"/api/drafts/{draft_id}/findings", params={"category": "license"}).json()
    assert [f["finding"]["category"] for f in lic] == ["license"]
    assert rita.get(f"/api/drafts/{draft_id}/findings", params={"category": "nonsense"}).status_code == 422


def test_a_writer_cannot_read_another_writers_draft(live: LiveServer) -> None:  # noqa: F811
    draft_id = submit(live, "wanda")
    walt = live.api("walt")
    assert walt.get(f"/api/drafts/{draft_id}").status_code == 403
    assert walt.get(f"/api/drafts/{draft_id}/findings").status_code == 403
    assert walt.get("/api/drafts").json() == []
    assert [d["id"] for d in live.api("rob").get("/api/drafts").json()] == [draft_id]
    assert walt.get("/api/drafts/999").status_code == 404


def test_two_reviewers_deciding_at_once_over_http(live: LiveServer) -> None:  # noqa: F811
    draft_id = submit(live, "wanda")
    finding = live.api("rita").get(f"/api/drafts/{draft_id}/findings").json()[0]
    barrier = threading.Barrier(2)
    answers: dict[str, httpx.Response] = {}

    def act(name: str, body: dict) -> None:
        with live.api(name) as client:
            barrier.wait()
            answers[name] = client.post(f"/api/findings/{finding['id']}/decision", json=body)

    threads = [threading.Thread(target=act, args=("rita", {"action": "accept"})),
               threading.Thread(target=act, args=("rob", {"action": "dismiss", "reason": "fine as is"}))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(r.status_code for r in answers.values())
    assert codes == [200, 409], {k: v.text for k, v in answers.items()}
    winner = next(k for k, v in answers.items() if v.status_code == 200)
    loser = next(v for v in answers.values() if v.status_code == 409)
    assert f"{winner} changed this finding first" in loser.json()["detail"]
    history = live.api("rita").get(f"/api/drafts/{draft_id}/findings").json()[0]["history"]
    assert [e["user"] for e in history if e["action"] in ("accept", "dismiss")] == [winner]


def test_uploads_are_capped_and_must_be_utf8(tmp_path: Path) -> None:
    for server in start_live(tmp_path, max_upload_bytes=2_000):
        wanda = server.api("wanda")
        too_big = wanda.post("/api/drafts", json={"text": "x" * 2_001})
        assert too_big.status_code == 400 and "limit is 2,000" in too_big.json()["detail"]
        huge = wanda.post("/api/drafts", content=b"{" + b" " * 10_000_000 + b"}",
                          headers={"Content-Type": "application/json"})
        assert huge.status_code == 413
        assert wanda.post("/api/drafts", json={"text": "  \n"}).status_code == 400
        assert wanda.get("/api/drafts").json() == []


class _Files(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.path == "/moved.md":
            self.send_response(302)
            self.send_header("Location", "/drafts/weekly.md")
            self.end_headers()
            return
        super().do_GET()


@pytest.fixture
def file_server(tmp_path: Path) -> Iterator[str]:
    root = tmp_path / "repo"
    (root / "drafts").mkdir(parents=True)
    (root / "drafts" / "weekly.md").write_text(DRAFT, encoding="utf-8")
    (root / "drafts" / "latin1.md").write_bytes("caf\xe9 all GPUs\n".encode("latin-1"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             lambda *a: _Files(*a, directory=str(root)))  # type: ignore[misc]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_a_draft_from_a_url(tmp_path: Path, file_server: str) -> None:
    for server in start_live(tmp_path / "private-ok", allow_private_urls=True):
        wanda = server.api("wanda")
        made = wanda.post("/api/drafts", json={"url": f"{file_server}/moved.md"})
        assert made.status_code == 201, made.text
        server.wait_run(made.json()["id"])
        assert made.json()["title"] == "Test weekly"
        assert len(wanda.get(f"/api/drafts/{made.json()['id']}/findings").json()) == 3
        bad = wanda.post("/api/drafts", json={"url": f"{file_server}/drafts/latin1.md"})
        assert bad.status_code == 400 and "not valid UTF-8 (line 1)" in bad.json()["detail"]
        gone = wanda.post("/api/drafts", json={"url": f"{file_server}/nope.md"})
        assert gone.status_code == 400 and "HTTP 404" in gone.json()["detail"]
    # By default the server refuses to fetch from local addresses.
    for server in start_live(tmp_path / "default"):
        refused = server.api("wanda").post("/api/drafts", json={"url": f"{file_server}/drafts/weekly.md"})
        assert refused.status_code == 400 and "private or local address" in refused.json()["detail"]
        js = server.api("wanda").post("/api/drafts", json={"url": "javascript:alert(1)"})
        assert js.status_code == 400 and "http" in js.json()["detail"]


def test_github_file_pages_are_fetched_raw() -> None:
    from factcheck.web.intake import raw_url

    assert raw_url("https://github.com/org/news/blob/main/drafts/weekly.md") == \
        "https://raw.githubusercontent.com/org/news/main/drafts/weekly.md"
    assert raw_url("https://gitlab.example/org/news/-/raw/main/weekly.md") == \
        "https://gitlab.example/org/news/-/raw/main/weekly.md"
