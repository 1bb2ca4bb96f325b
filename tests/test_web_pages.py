"""The pages over a real server: sign-in, CSRF, access, escaping, decisions by form."""
from __future__ import annotations

import re

import httpx
from web_support import DRAFT, PASSWORD, LiveServer, csrf_of, live, sign_in  # noqa: F401  (fixture)

from factcheck.web import db

HOSTILE = """# Weekly <script>alert("title")</script>

Read <img src=x onerror=alert(1)> the notes: [click me](javascript:alert(document.cookie)) and it works on all GPUs.

<script>document.body.innerHTML = "pwned"</script>

Sources: [PR](https://github.com/example/repo/pull/1)
"""


def submit_form(client: httpx.Client, csrf: str, text: str = DRAFT, title: str = "Weekly") -> int:
    response = client.post("/drafts", data={"csrf_token": csrf, "title": title, "text": text})
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


def test_pages_need_sign_in_and_cookies_are_httponly_samesite(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as client:
        first = client.get("/drafts/1?category=license")
        assert first.status_code == 303
        assert first.headers["location"] == "/login?next=/drafts/1%3Fcategory%3Dlicense"
        page = client.get("/login")
        wrong = client.post("/login", data={"name": "rita", "password": "nope", "csrf_token": csrf_of(page.text)})
        assert wrong.status_code == 401 and "wrong password" in wrong.text
        ok = client.post("/login", data={"name": "rita", "password": PASSWORD, "csrf_token": csrf_of(page.text),
                                         "next": "//evil.example/"})
        assert ok.status_code == 303 and ok.headers["location"] == "/"
        cookie = next(v for k, v in ok.headers.multi_items() if k == "set-cookie" and v.startswith("fc_session="))
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert client.get("/").status_code == 200
        assert "default-src 'self'" in client.get("/").headers["content-security-policy"]


def test_the_login_form_needs_its_csrf_token(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as client:
        client.get("/login")
        refused = client.post("/login", data={"name": "rita", "password": PASSWORD})
        assert refused.status_code == 403 and "CSRF" in refused.text
        assert "fc_session" not in client.cookies


def test_a_post_without_the_csrf_token_is_refused(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as writer, live.browser_client() as reviewer:
        wcsrf = sign_in(writer, "wanda")
        assert writer.post("/drafts", data={"title": "x", "text": DRAFT}).status_code == 403
        assert writer.post("/drafts", data={"title": "x", "text": DRAFT, "csrf_token": "forged"}).status_code == 403
        draft_id = submit_form(writer, wcsrf)
        live.wait_run(draft_id)
        finding = db.list_findings(live.engine, db.latest_revision(live.engine, draft_id).id)[0]
        rcsrf = sign_in(reviewer, "rita")
        assert rcsrf != wcsrf  # one token per session
        form = {"action": "accept", "version": "0"}
        refused = reviewer.post(f"/findings/{finding.id}/decision", data=form)
        assert refused.status_code == 403 and "CSRF" in refused.text
        # Another session's token does not do either.
        assert reviewer.post(f"/findings/{finding.id}/decision", data={**form, "csrf_token": wcsrf}).status_code == 403
        assert db.get_finding(live.engine, finding.id).decision == "open"
        assert reviewer.post(f"/drafts/{draft_id}/approve", data={}).status_code == 403
        assert reviewer.post("/logout", data={}).status_code == 403
        done = reviewer.post(f"/findings/{finding.id}/decision", data={**form, "csrf_token": rcsrf})
        assert db.get_finding(live.engine, finding.id).decision == "accepted"
        # the page comes back at the next finding still open
        following = int(done.headers["location"].rsplit("#f-", 1)[1])
        assert done.status_code == 303 and following != finding.id
        assert db.get_finding(live.engine, following).decision == "open"


def test_a_writer_cannot_see_another_writers_draft(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as wanda, live.browser_client() as walt:
        draft_id = submit_form(wanda, sign_in(wanda, "wanda"), title="Wanda's weekly")
        live.wait_run(draft_id)
        walt_csrf = sign_in(walt, "walt")
        page = walt.get(f"/drafts/{draft_id}")
        assert page.status_code == 403 and "another writer" in page.text and "all GPUs" not in page.text
        assert walt.get(f"/drafts/{draft_id}/status").status_code == 403
        assert "Wanda's weekly" not in walt.get("/").text
        resubmit = walt.post(f"/drafts/{draft_id}/revisions", data={"csrf_token": walt_csrf, "text": "x"})
        assert resubmit.status_code == 403
        assert "Wanda&#39;s weekly" in wanda.get("/").text


def test_hostile_draft_is_rendered_inert(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as client:
        draft_id = submit_form(client, sign_in(client, "wanda"), text=HOSTILE, title="<b>bold</b> title")
        live.wait_run(draft_id)
        html = client.get(f"/drafts/{draft_id}").text
    body = html.split("<main>", 1)[1]
    assert "<script>" not in body and "<img" not in body and "<b>bold" not in body
    assert "&lt;script&gt;alert(&#34;title&#34;)&lt;/script&gt;" in body
    assert "&lt;img src=x onerror=alert(1)&gt;" in body
    assert not re.search(r"href=[\"']?\s*javascript:", html, re.IGNORECASE)
    assert "[click me](javascript:alert(document.cookie))" in body  # shown as text
    # The flagged line is highlighted, and only scripts of our own are referenced.
    assert re.search(r'<mark class="sev-error" data-findings="\d+">Read &lt;img', body)
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/app.js" defer>']


def test_conflicting_decisions_by_form_tell_the_second_reviewer(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as writer, live.browser_client() as rita, live.browser_client() as rob:
        draft_id = submit_form(writer, sign_in(writer, "wanda"))
        live.wait_run(draft_id)
        rita_csrf, rob_csrf = sign_in(rita, "rita"), sign_in(rob, "rob")
        finding = db.list_findings(live.engine, db.latest_revision(live.engine, draft_id).id)[0]
        # Both loaded the page at version 0; rita submits first.
        first = rita.post(f"/findings/{finding.id}/decision",
                          data={"csrf_token": rita_csrf, "action": "accept", "version": "0"})
        assert first.status_code == 303
        second = rob.post(f"/findings/{finding.id}/decision",
                          data={"csrf_token": rob_csrf, "action": "dismiss", "reason": "fine", "version": "0"})
        assert second.status_code == 409
        assert re.search(r'role="alert" id="message">rita changed this finding first \(accepted', second.text)
        assert "your decision was not recorded" in second.text
        no_reason = rob.post(f"/findings/{finding.id}/decision",
                             data={"csrf_token": rob_csrf, "action": "dismiss", "reason": " ", "version": "1"})
        assert no_reason.status_code == 400 and "needs a reason" in no_reason.text
        view = db.get_finding(live.engine, finding.id)
        assert (view.decision, view.decided_by, view.version) == ("accepted", "rita", 1)


def test_draft_page_filters_and_approval_state(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as writer, live.browser_client() as rita:
        draft_id = submit_form(writer, sign_in(writer, "wanda"))
        live.wait_run(draft_id)
        csrf = sign_in(rita, "rita")
        page = rita.get(f"/drafts/{draft_id}").text
        assert len(re.findall(r'<article class="finding', page)) == 3
        assert "3 of 3 findings" in page
        only = rita.get(f"/drafts/{draft_id}", params={"category": "license"}).text
        assert len(re.findall(r'<article class="finding', only)) == 1 and "1 of 3 findings" in only
        errors = rita.get(f"/drafts/{draft_id}", params={"severity": "error"}).text
        assert len(re.findall(r'<article class="finding sev-error', errors)) == 2
        assert '<a href="https://github.com/example/repo/pull/1" rel="noopener noreferrer"' in page
        assert "measured on a single RTX 4070 Ti SUPER" in page
        error = next(v for v in db.list_findings(live.engine, db.latest_revision(live.engine, draft_id).id)
                     if v.finding.severity == "error")
        rita.post(f"/findings/{error.id}/decision", data={"csrf_token": csrf, "action": "accept", "version": "0"})
        blocked = rita.get(f"/drafts/{draft_id}").text
        assert "Not approvable: 1 accepted error not yet fixed" in blocked
        assert re.search(r'id="approve">\s*<input[^>]*>\s*<button type="submit" disabled>', blocked)
        refused = rita.post(f"/drafts/{draft_id}/approve", data={"csrf_token": csrf})
        assert refused.status_code == 409 and "cannot be approved" in refused.text
        assert rita.get(f"/drafts/{draft_id}/status").json() == {"revision": 1, "run_status": "done",
                                                         "progress": "checking draft.md", "error": None,
                                                         "run_status_text": "done",
                                                         "progress_text": "checking draft.md"}
        assert rita.get(f"/drafts/{draft_id}/status?lang=zh").json()["run_status_text"] == "已完成"


def test_upload_must_be_utf8(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as writer:
        csrf = sign_in(writer, "wanda")
        bad = writer.post("/drafts", data={"csrf_token": csrf, "title": "t"},
                          files={"upload": ("weekly.md", "line one\ncaf\xe9\n".encode("latin-1"), "text/markdown")})
        assert bad.status_code == 400 and "not valid UTF-8 (line 2)" in bad.text
        good = writer.post("/drafts", data={"csrf_token": csrf, "title": ""},
                           files={"upload": ("weekly.md", DRAFT.encode("utf-8"), "text/markdown")})
        assert good.status_code == 303
        draft_id = int(good.headers["location"].rsplit("/", 1)[1])
        assert db.get_draft(live.engine, draft_id).title == "Test weekly"  # from the front matter
        assert db.latest_revision(live.engine, draft_id).origin == "upload: weekly.md"
