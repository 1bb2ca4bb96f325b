"""The review pages in each user's language, and a/d moving on to the next open finding."""
from __future__ import annotations

import re

import sqlalchemy as sa
from web_support import DRAFT, LiveServer, csrf_of, live, sign_in  # noqa: F401  (fixture)

from factcheck.web import db
from factcheck.web.pages import next_open
from factcheck.web.schema import users
from factcheck.web.words import accepted_lang


def submit(client, csrf: str) -> int:
    response = client.post("/drafts", data={"csrf_token": csrf, "title": "Weekly", "text": DRAFT})
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


def test_accept_language_picks_zh_or_en():
    assert accepted_lang("zh-CN,zh;q=0.9,en;q=0.8") == "zh"
    assert accepted_lang("en-US,en;q=0.9,zh;q=0.5") == "en"
    assert accepted_lang("fr-FR,zh-TW;q=0.8,en;q=0.5") == "zh"
    assert accepted_lang(None) == "en" and accepted_lang("de") == "en"


def test_each_user_chooses_the_pages_language(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as rita, live.browser_client() as wanda:
        csrf = sign_in(rita, "rita")
        sign_in(wanda, "wanda")
        page = rita.get("/")
        assert '<html lang="en">' in page.text and "Review queue" in page.text
        chose = rita.post("/settings/lang", data={"csrf_token": csrf, "lang": "zh", "next": "/"})
        assert chose.status_code == 303 and chose.headers["location"] == "/"
        page = rita.get("/")
        assert '<html lang="zh">' in page.text and "审稿队列" in page.text and "Review queue" not in page.text
        # it is rita's choice, kept with her account: another user, another session are unaffected
        assert '<html lang="en">' in wanda.get("/").text
        with live.engine.connect() as conn:
            assert conn.execute(sa.select(users.c.lang).where(users.c.name == "rita")).scalar_one() == "zh"
        # without a choice, the browser's language
        assert '<html lang="zh">' in wanda.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).text
        # a forged form is refused
        assert rita.post("/settings/lang", data={"lang": "en"}).status_code == 403
        assert rita.post("/settings/lang", data={"csrf_token": csrf, "lang": "fr"}).status_code == 400


def test_a_and_d_move_to_the_next_open_finding(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as writer, live.browser_client() as reviewer:
        draft_id = submit(writer, sign_in(writer, "wanda"))
        live.wait_run(draft_id)
        views = db.list_findings(live.engine, db.latest_revision(live.engine, draft_id).id)
        assert len(views) >= 3
        csrf = sign_in(reviewer, "rita")
        page = reviewer.get(f"/drafts/{draft_id}")
        first, second, third = views[0], views[1], views[2]

        def decide(view, action: str, **extra: str) -> int:
            form = {"csrf_token": csrf, "action": action, "version": str(view.version),
                    "next": f"/drafts/{draft_id}", **extra}
            done = reviewer.post(f"/findings/{view.id}/decision", data=form)
            assert done.status_code == 303, done.text
            return int(done.headers["location"].rsplit("#f-", 1)[1])

        # dismiss the second: on to the third; accept the third: round to the first, skipping the decided
        assert decide(second, "dismiss", reason="fine as written") == third.id
        assert decide(third, "accept") == (views[3].id if len(views) > 3 else first.id)
        assert csrf_of(page.text)


def test_next_open_wraps_and_skips_decided():
    class V:
        def __init__(self, id: int, decision: str) -> None:
            self.id, self.decision = id, decision

    views = [V(1, "open"), V(2, "accepted"), V(3, "open"), V(4, "dismissed")]
    assert next_open(views, 1) == 3
    assert next_open(views, 3) == 1
    assert next_open([V(1, "open")], 1) is None


def test_the_draft_page_speaks_the_writers_language(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as wanda:
        csrf = sign_in(wanda, "wanda")
        assert wanda.post("/settings/lang", data={"csrf_token": csrf, "lang": "zh", "next": "/"}).status_code == 303
        assert "粘贴 Markdown 原文" in wanda.get("/drafts/new").text
        draft_id = submit(wanda, csrf)
        live.wait_run(draft_id)
        page = wanda.get(f"/drafts/{draft_id}").text
        assert "提交新版本" in page and "Submit a new revision" not in page
        assert "级别" in page and re.search(r'<span class="badge sev error">错误</span>', page)
