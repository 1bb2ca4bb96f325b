"""The server's refusals in the reader's language: JSON API errors keep a stable
``code`` with ``detail``/``message`` translated (?lang=, the user's setting,
Accept-Language); the pages' error texts follow the same choice."""
from __future__ import annotations

import re

import httpx
from web_support import DRAFT, LiveServer, csrf_of, live, sign_in  # noqa: F401  (fixture)

from factcheck.web import db

HAN = re.compile(r"[\u4e00-\u9fff]")


def error(response: httpx.Response) -> dict:
    body = response.json()
    assert set(body) >= {"code", "detail", "message", "lang"}, body
    return body


def test_api_errors_follow_the_users_language_with_a_stable_code(live: LiveServer) -> None:  # noqa: F811
    with live.api("rita") as rita:
        english = error(rita.get("/api/drafts/999"))
        assert english == {"code": "draft_not_found", "detail": "no draft 999", "message": "no draft 999",
                           "lang": "en"}
        # the browser's language, when the user chose none
        zh = error(rita.get("/api/drafts/999", headers={"Accept-Language": "zh-CN,zh;q=0.9"}))
        assert zh["code"] == "draft_not_found" and zh["lang"] == "zh"
        assert zh["detail"] == zh["message"] == "找不到稿件 999"
        # the user's own setting beats the browser's; ?lang= beats both
        db.set_user_lang(live.engine, live.users["rita"].id, "zh")
        assert error(rita.get("/api/drafts/999", headers={"Accept-Language": "en"}))["detail"] == "找不到稿件 999"
        assert error(rita.get("/api/drafts/999?lang=en"))["detail"] == "no draft 999"
        # a validation error keeps FastAPI's list in detail; the person reads message
        bad = rita.post("/api/drafts/1/accept-incomplete", json={})
        assert bad.status_code == 422
        body = error(bad)
        assert body["code"] == "invalid_request" and isinstance(body["detail"], list)
        assert body["detail"][0]["loc"][-1] == "reason" and HAN.search(body["message"])


def test_refusals_from_deep_in_the_server_are_translated(live: LiveServer) -> None:  # noqa: F811
    with live.api("wanda") as wanda, live.api("rita") as rita:
        empty = wanda.post("/api/drafts?lang=zh", json={"text": "  "})
        assert empty.status_code == 400
        assert error(empty)["code"] == "draft_missing" and "粘贴稿件" in error(empty)["detail"]
        binary = wanda.post("/api/drafts?lang=zh", json={"text": "a\x00b"})
        # a value that is itself a catalog entry ("the pasted draft") is translated inside the sentence
        assert error(binary) | {"lang": "zh"} == {"code": "draft_binary", "lang": "zh",
                                                   "detail": "粘贴的稿件含有 NUL 字节，是不是二进制文件？",
                                                   "message": "粘贴的稿件含有 NUL 字节，是不是二进制文件？"}
        made = wanda.post("/api/drafts", json={"title": "Weekly", "text": DRAFT})
        draft_id = made.json()["id"]
        live.wait_run(draft_id)
        # the writer may not decide; the reviewer may not approve while errors are open
        assert error(wanda.post(f"/api/drafts/{draft_id}/status?lang=zh",
                                json={"status": "approved"}))["detail"] == "只有审稿人能做这一步"
        refused = rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"},
                            headers={"Accept-Language": "zh"})
        assert refused.status_code == 409 and error(refused)["code"] == "not_approvable"
        assert error(refused)["detail"].startswith("稿件还不能批准：") and "尚未处理" in error(refused)["detail"]
        english = rita.post(f"/api/drafts/{draft_id}/status", json={"status": "approved"})
        assert error(english)["code"] == "not_approvable" and "not yet decided" in error(english)["detail"]
        # blocked_by, the draft's own human text, in the same language
        assert "尚未处理" in rita.get(f"/api/drafts/{draft_id}?lang=zh").json()["blocked_by"]
        assert "not yet decided" in rita.get(f"/api/drafts/{draft_id}").json()["blocked_by"]
        # two reviewers at once: the loser is told whose decision landed first, in their words
        finding = rita.get(f"/api/drafts/{draft_id}/findings").json()[0]
        first = rita.post(f"/api/findings/{finding['id']}/decision", json={"action": "accept", "version": 0})
        assert first.status_code == 200
        with live.api("rob") as rob:
            late = rob.post(f"/api/findings/{finding['id']}/decision?lang=zh",
                            json={"action": "dismiss", "reason": "ok", "version": 0})
        assert late.status_code == 409 and error(late)["code"] == "decided_meanwhile"
        assert error(late)["detail"].startswith("rita 已先一步处理了这条问题（已接受，")


def test_refusals_before_the_handler_are_translated(live: LiveServer) -> None:  # noqa: F811
    with httpx.Client(base_url=live.base_url) as anon:
        # no token: refused before the body is read (POST), or by the handler (GET)
        for response in (anon.post("/api/drafts", json={"text": "x"}, headers={"Accept-Language": "zh"}),
                         anon.get("/api/drafts", headers={"Accept-Language": "zh"})):
            assert response.status_code == 401 and response.headers["www-authenticate"] == "Bearer"
            assert error(response) == {"code": "token_required", "detail": "需要有效的 Bearer 令牌",
                                       "message": "需要有效的 Bearer 令牌", "lang": "zh"}
        assert error(anon.get("/api/drafts"))["detail"] == "a valid bearer token is required"
        missing = anon.get("/api/nothing-here?lang=zh")
        assert missing.status_code == 404 and error(missing) == {"code": "not_found", "detail": "页面不存在",
                                                                 "message": "页面不存在", "lang": "zh"}
    with live.api("wanda") as wanda:
        huge = wanda.post("/api/drafts?lang=zh", content=b"x" * (live.app.state.config.max_upload_bytes * 3),
                          headers={"Content-Type": "application/json"})
        assert huge.status_code == 413 and error(huge)["code"] == "too_large"
        assert re.fullmatch(r"请求内容超过了 [\d,]+ 字节的上限", error(huge)["detail"])


def test_page_errors_in_the_readers_language(live: LiveServer) -> None:  # noqa: F811
    with live.browser_client() as client:
        page = client.get("/login", headers={"Accept-Language": "zh-CN"})
        wrong = client.post("/login", data={"name": "rita", "password": "nope", "csrf_token": csrf_of(page.text),
                                            "next": "/"}, headers={"Accept-Language": "zh-CN"})
        assert wrong.status_code == 401 and "用户名不存在或密码错误" in wrong.text
        csrf = sign_in(client, "wanda")
        assert client.post("/settings/lang", data={"csrf_token": csrf, "lang": "zh", "next": "/"}).status_code == 303
        empty = client.post("/drafts", data={"csrf_token": csrf, "title": "x", "text": ""})
        assert empty.status_code == 400 and "请粘贴稿件、上传 Markdown 文件" in empty.text
        forged = client.post("/drafts", data={"csrf_token": "forged", "text": "x"})
        assert forged.status_code == 403 and "表单校验码缺失或不对" in forged.text
        assert 'data-code="csrf_failed"' in forged.text
        gone = client.get("/drafts/999")
        assert gone.status_code == 404 and "找不到稿件 999" in gone.text and '<html lang="zh">' in gone.text
        assert "no draft 999" in client.get("/drafts/999?lang=en").text


def test_the_reviewers_edit_box_and_the_drafts_origin_in_chinese(tmp_path) -> None:
    """The edit box starts from the suggestion as the reviewer reads it (not the English it
    was made in); the revision's origin and a category's meaning are in the same words."""
    from web_support import phrase_findings, start_live

    from factcheck.models import Report

    async def measured(text: str, name: str, thread_id: str, progress) -> Report:  # type: ignore[no-untyped-def]
        report = phrase_findings(text, name)
        first = report.findings[0].model_copy(
            update={"suggestion": "name the hardware, model and workload the source measured"})
        return report.model_copy(update={"findings": [first, *report.findings[1:]]})

    server = start_live(tmp_path, measured)
    live_ = next(server)
    try:
        with live_.browser_client() as rita, live_.browser_client() as wanda:
            draft_id = int(wanda.post("/drafts", data={"csrf_token": sign_in(wanda, "wanda"), "text": DRAFT})
                           .headers["location"].rsplit("/", 1)[1])
            live_.wait_run(draft_id)
            sign_in(rita, "rita")
            page = rita.get(f"/drafts/{draft_id}?lang=zh").text
            assert re.search(r'<textarea name="suggestion"[^>]*>写明来源测试所用的硬件、模型和负载</textarea>', page)
            assert "· 粘贴 ·" in page and "pasted" not in page
            assert re.search(r'<span class="badge cat" title="[^"]*[\u4e00-\u9fff][^"]*">', page)
            english = rita.get(f"/drafts/{draft_id}?lang=en").text
            assert "name the hardware, model and workload the source measured</textarea>" in english
            assert "· pasted ·" in english
        # the API's findings likewise: human text in the caller's language, the rest as it was
        with live_.api("rita") as api:
            zh = api.get(f"/api/drafts/{draft_id}/findings?lang=zh").json()
            en = api.get(f"/api/drafts/{draft_id}/findings", headers={"Accept-Language": "en"}).json()
        assert [f["lang"] for f in zh] == ["zh"] * len(zh) and [f["lang"] for f in en] == ["en"] * len(en)
        assert zh[0]["finding"]["suggestion"] == "写明来源测试所用的硬件、模型和负载"
        assert en[0]["finding"]["suggestion"] == "name the hardware, model and workload the source measured"
        for z, e in zip(zh, en):
            assert (z["id"], z["fingerprint"], z["finding"]["category"], z["finding"]["severity"],
                    z["finding"]["evidence"]) == (e["id"], e["fingerprint"], e["finding"]["category"],
                                                  e["finding"]["severity"], e["finding"]["evidence"])
    finally:
        next(server, None)
