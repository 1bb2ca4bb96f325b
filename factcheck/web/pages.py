"""The server-rendered pages: sign-in, the queue, submitting, and the draft page."""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.responses import RedirectResponse, Response

from ..i18n import translator
from ..i18n.catalog import N_
from ..i18n.message import Message
from ..models import CATEGORIES, SEVERITY_RANK
from . import auth, db
from .access import (
    LOGIN_CSRF_COOKIE,
    SESSION_COOKIE,
    engine,
    form_user,
    page_user,
    visible_draft,
    visible_finding,
)
from .intake import guess_title, take_draft
from .problems import Refusal
from .render import draft_lines
from .words import page_words, request_lang

router = APIRouter(include_in_schema=False)
SEVERITIES = sorted(SEVERITY_RANK, key=SEVERITY_RANK.__getitem__, reverse=True)


def _page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
    session = None
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        session = db.session_user(engine(request), token)
    user = session[0] if session else None
    words = page_words(request_lang(request, user))
    context = {"user": user, "csrf": session[1] if session else "", **words, **context}
    return request.app.state.templates.TemplateResponse(request, name, context, status_code=status)


def _safe_next(target: str | None) -> str:
    # Only same-site paths, so the sign-in form cannot bounce anyone elsewhere.
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/"


def _upload(file: UploadFile | None, limit: int) -> tuple[str, bytes] | None:
    if file is None or not file.filename:
        return None
    return file.filename, file.file.read(limit + 1)


# --- signing in ------------------------------------------------------------


@router.get("/login")
def login_form(request: Request, next: str = "/") -> Response:
    csrf = request.cookies.get(LOGIN_CSRF_COOKIE) or auth.new_token()
    response = _page(request, "login.html", {"next": _safe_next(next), "login_csrf": csrf})
    response.set_cookie(LOGIN_CSRF_COOKIE, csrf, httponly=True, samesite="strict",
                        secure=request.app.state.config.secure_cookies)
    return response


@router.post("/login")
def login(request: Request, name: str = Form(""), password: str = Form(""), csrf_token: str = Form(""),
          next: str = Form("/")) -> Response:
    # Before a session exists the CSRF token is a double-submit cookie.
    expected = request.cookies.get(LOGIN_CSRF_COOKIE)
    if not auth.same_secret(csrf_token, expected):
        raise Refusal(403, "csrf_failed", N_("the sign-in form's CSRF token is missing or wrong; reload the page"))
    config = request.app.state.config
    address = request.client.host if request.client else "unknown"
    eng = engine(request)
    wait = db.login_wait(eng, name, address, config.login_limits)
    if wait is not None:
        # refused without looking at the password: guessing gains nothing while throttled
        seconds, what = wait
        db.auth_event(eng, "login_throttled", name, address, f"too many failed sign-ins for this {what}")
        response = _page(request, "login.html", {
            "next": _safe_next(next), "login_csrf": expected, "name": name,
            "error": Message(N_("too many failed sign-ins for this account; try again in {seconds} seconds")
                             if what == "account" else
                             N_("too many failed sign-ins for this address; try again in {seconds} seconds"),
                             {"seconds": int(seconds) + 1})},
            status=429)
        response.headers["Retry-After"] = str(int(seconds) + 1)
        return response
    user = db.authenticate(eng, name, password)
    if user is None:
        db.auth_event(eng, "login_failed", name, address)
        return _page(request, "login.html", {"next": _safe_next(next), "login_csrf": expected,
                                             "error": Message(N_("unknown user name or wrong password")),
                                             "name": name},
                     status=401)
    db.auth_event(eng, "login", name, address)
    token, _csrf = db.create_session(engine(request), user, dt.timedelta(hours=config.session_hours))
    response = RedirectResponse(_safe_next(next), status_code=303)
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="lax", secure=config.secure_cookies,
                        max_age=int(config.session_hours * 3600))
    response.delete_cookie(LOGIN_CSRF_COOKIE)
    return response


@router.post("/logout")
def logout(request: Request, _user: db.User = Depends(form_user)) -> Response:
    db.end_session(engine(request), request.cookies.get(SESSION_COOKIE, ""))
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.post("/settings/lang")
def choose_lang(request: Request, lang: str = Form(""), next: str = Form("/"),
                user: db.User = Depends(form_user)) -> Response:
    """The signed-in user's language for the pages; "" goes back to the browser's."""
    try:
        db.set_user_lang(engine(request), user.id, lang or None)
    except db.Invalid as exc:
        raise Refusal.of(400, exc) from None
    return RedirectResponse(_safe_next(next), status_code=303)


# --- the queue and submitting -----------------------------------------------


@router.get("/")
def queue(request: Request, user: db.User = Depends(page_user)) -> Response:
    return _page(request, "queue.html", {"drafts": db.list_drafts(engine(request), user)})


@router.get("/drafts/new")
def new_draft(request: Request, _user: db.User = Depends(page_user)) -> Response:
    return _page(request, "submit.html", {})


@router.post("/drafts")
def submit(request: Request, user: db.User = Depends(form_user), title: str = Form(""), text: str = Form(""),
           url: str = Form(""), upload: UploadFile | None = File(None)) -> Response:
    config = request.app.state.config
    try:
        body, name, origin = take_draft(text=text, upload=_upload(upload, config.max_upload_bytes), url=url,
                                        max_bytes=config.max_upload_bytes, allow_private=config.allow_private_urls,
                                        deadline=config.url_deadline)
    except db.Invalid as exc:
        return _page(request, "submit.html", {"error": exc.message, "title": title, "text": text, "url": url}, 400)
    draft_id, revision_id = db.create_draft(engine(request), user, title or guess_title(body, name), body, name,
                                           origin)
    request.app.state.runner.submit(revision_id)
    return RedirectResponse(f"/drafts/{draft_id}", status_code=303)


# --- the draft page ----------------------------------------------------------


def _draft_page(request: Request, user: db.User, draft_id: int, category: str | None, severity: str | None,
                error: Message | None = None, status: int = 200) -> Response:
    draft = visible_draft(request, user, draft_id)
    eng = engine(request)
    revision = db.latest_revision(eng, draft_id)
    category = category if category in CATEGORIES else None
    severity = severity if severity in SEVERITY_RANK else None
    views = db.list_findings(eng, revision.id, category=category, severity=severity)
    total = len(db.list_findings(eng, revision.id)) if (category or severity) else len(views)
    history: dict[str, list[db.EventView]] = defaultdict(list)
    resolved = []
    for event in db.list_events(eng, draft_id):
        if event.fingerprint:
            history[event.fingerprint].append(event)
        if event.action == "resolved" and event.revision == revision.number:
            resolved.append(event)
    blocked, _ = db.blocking_findings(eng, draft_id)
    query = "&".join(f"{k}={v}" for k, v in (("category", category), ("severity", severity)) if v)
    return _page(request, "draft.html", {
        "draft": draft, "revision": revision, "findings": views, "total": total,
        "lines": draft_lines(revision.text, views), "history": history, "resolved": resolved,
        "blocked": blocked, "categories": CATEGORIES, "severities": SEVERITIES,
        "category": category, "severity": severity, "error": error,
        "here": f"/drafts/{draft_id}" + (f"?{query}" if query else ""),
    }, status)


@router.get("/drafts/{draft_id}")
def draft_page(request: Request, draft_id: int, category: str | None = None, severity: str | None = None,
               user: db.User = Depends(page_user)) -> Response:
    return _draft_page(request, user, draft_id, category, severity)


@router.get("/drafts/{draft_id}/status")
def draft_status(request: Request, draft_id: int, user: db.User = Depends(page_user)) -> dict[str, Any]:
    """What the draft page polls while a check runs."""
    visible_draft(request, user, draft_id)
    revision = db.latest_revision(engine(request), draft_id)
    tr = translator(request_lang(request, user))
    return {"revision": revision.number, "run_status": revision.run_status, "progress": revision.progress,
            "error": revision.run_error,
            # what the page shows for run_status, in the reader's language
            "run_status_text": tr.gettext(revision.run_status),
            "progress_text": tr.text(revision.progress or "")}


@router.post("/drafts/{draft_id}/revisions")
def resubmit(request: Request, draft_id: int, user: db.User = Depends(form_user), text: str = Form(""),
             url: str = Form(""), upload: UploadFile | None = File(None)) -> Response:
    draft = visible_draft(request, user, draft_id)
    if draft.owner_id != user.id:
        raise Refusal(403, "not_your_draft", N_("only the draft's writer submits new revisions"))
    config = request.app.state.config
    try:
        body, name, origin = take_draft(text=text, upload=_upload(upload, config.max_upload_bytes), url=url,
                                        max_bytes=config.max_upload_bytes, allow_private=config.allow_private_urls,
                                        deadline=config.url_deadline)
    except db.Invalid as exc:
        return _draft_page(request, user, draft_id, None, None, error=exc.message, status=400)
    revision_id = db.add_revision(engine(request), draft_id, user, body, name, origin)
    request.app.state.runner.submit(revision_id)
    return RedirectResponse(f"/drafts/{draft_id}", status_code=303)


@router.post("/findings/{finding_id}/decision")
def decide(request: Request, finding_id: int, user: db.User = Depends(form_user), action: str = Form(...),
           reason: str = Form(""), suggestion: str = Form(""), version: int = Form(...),
           next: str = Form("")) -> Response:
    finding = visible_finding(request, user, finding_id)
    back = _safe_next(next) if next.startswith(f"/drafts/{finding.draft_id}") else f"/drafts/{finding.draft_id}"
    try:
        db.decide(engine(request), finding_id, user, action, reason=reason,  # type: ignore[arg-type]
                  suggestion=suggestion, version=version)
    except db.Forbidden as exc:
        raise Refusal.of(403, exc) from None
    except (db.Conflict, db.Invalid) as exc:
        status = 409 if isinstance(exc, db.Conflict) else 400
        params = request.query_params
        return _draft_page(request, user, finding.draft_id, params.get("category"), params.get("severity"),
                           error=exc.message, status=status)
    target = finding_id
    if action in ("accept", "dismiss"):  # decided: on to the next finding still open, as the page lists them
        query = parse_qs(urlsplit(back).query)
        views = db.list_findings(engine(request), finding.revision_id,
                                 category=(query.get("category") or [None])[0],
                                 severity=(query.get("severity") or [None])[0])
        target = next_open(views, finding_id) or finding_id
    return RedirectResponse(f"{back}#f-{target}", status_code=303)


def next_open(views: list[db.FindingView], after: int) -> int | None:
    """The first open finding listed after ``after``, wrapping round to the top; None when none is open."""
    ids = [v.id for v in views]
    start = ids.index(after) + 1 if after in ids else 0
    for view in views[start:] + views[:start]:
        if view.decision == "open" and view.id != after:
            return view.id
    return None


@router.post("/drafts/{draft_id}/retry")
def retry(request: Request, draft_id: int, user: db.User = Depends(form_user)) -> Response:
    """The retry button of a failed check."""
    visible_draft(request, user, draft_id)
    try:
        revision_id = db.retry_run(engine(request), draft_id, user)
    except db.Conflict as exc:
        return _draft_page(request, user, draft_id, None, None, error=exc.message, status=409)
    request.app.state.runner.submit(revision_id)
    return RedirectResponse(f"/drafts/{draft_id}", status_code=303)


@router.post("/drafts/{draft_id}/accept-incomplete")
def accept_incomplete(request: Request, draft_id: int, user: db.User = Depends(form_user),
                      reason: str = Form("")) -> Response:
    """A reviewer accepts a check whose cited sources could not all be read."""
    visible_draft(request, user, draft_id)
    try:
        db.accept_incomplete(engine(request), draft_id, user, reason)
    except db.Forbidden as exc:
        raise Refusal.of(403, exc) from None
    except (db.Conflict, db.Invalid) as exc:
        return _draft_page(request, user, draft_id, None, None, error=exc.message,
                           status=409 if isinstance(exc, db.Conflict) else 400)
    return RedirectResponse(f"/drafts/{draft_id}", status_code=303)


@router.post("/drafts/{draft_id}/approve")
def approve(request: Request, draft_id: int, user: db.User = Depends(form_user)) -> Response:
    return _set_status(request, draft_id, user, "approved")


@router.post("/drafts/{draft_id}/request-changes")
def request_changes(request: Request, draft_id: int, user: db.User = Depends(form_user),
                    reason: str = Form("")) -> Response:
    return _set_status(request, draft_id, user, "changes_requested", reason)


def _set_status(request: Request, draft_id: int, user: db.User, status: str, reason: str = "") -> Response:
    visible_draft(request, user, draft_id)
    try:
        db.set_status(engine(request), draft_id, user, status, reason)  # type: ignore[arg-type]
    except db.Forbidden as exc:
        raise Refusal.of(403, exc) from None
    except db.Conflict as exc:
        return _draft_page(request, user, draft_id, None, None, error=exc.message, status=409)
    return RedirectResponse(f"/drafts/{draft_id}", status_code=303)
