"""Who is asking: a session cookie (pages, with a CSRF token per session) or a
bearer token (the JSON API, which therefore needs no CSRF token)."""
from __future__ import annotations

import sqlalchemy as sa
from fastapi import Depends, Form, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from . import auth, db

SESSION_COOKIE = "fc_session"
LOGIN_CSRF_COOKIE = "fc_login_csrf"


class LoginRequired(Exception):
    """Raised by page handlers; the app answers with a redirect to the sign-in page."""


def engine(request: Request) -> sa.Engine:
    return request.app.state.engine  # type: ignore[no-any-return]


def page_session(request: Request) -> tuple[db.User, str]:
    token = request.cookies.get(SESSION_COOKIE)
    found = db.session_user(engine(request), token) if token else None
    if found is None:
        raise LoginRequired()
    return found


def page_user(session: tuple[db.User, str] = Depends(page_session)) -> db.User:
    return session[0]


def form_user(session: tuple[db.User, str] = Depends(page_session), csrf_token: str = Form("")) -> db.User:
    """The signed-in user of a POSTed form whose CSRF token matches the session's."""
    user, expected = session
    if not auth.same_secret(csrf_token, expected):
        raise HTTPException(403, "the form's CSRF token is missing or wrong; reload the page and try again")
    return user


_bearer = HTTPBearer(auto_error=False, description="the per-user API token from `factcheck users add`")


def api_user(request: Request, credentials: HTTPAuthorizationCredentials | None = Depends(_bearer)) -> db.User:
    user = db.user_for_token(engine(request), credentials.credentials) if credentials else None
    if user is None:
        raise HTTPException(401, "a valid bearer token is required", headers={"WWW-Authenticate": "Bearer"})
    return user


def reviewer(user: db.User) -> db.User:
    if user.role != "reviewer":
        raise HTTPException(403, "only reviewers can do this")
    return user


def visible_draft(request: Request, user: db.User, draft_id: int) -> db.DraftView:
    """The draft, if this user may see it: reviewers see all, writers their own."""
    try:
        draft = db.get_draft(engine(request), draft_id)
    except db.NotFound:
        raise HTTPException(404, f"no draft {draft_id}") from None
    if user.role != "reviewer" and draft.owner_id != user.id:
        raise HTTPException(403, "this draft belongs to another writer")
    return draft


def visible_finding(request: Request, user: db.User, finding_id: int) -> db.FindingView:
    try:
        finding = db.get_finding(engine(request), finding_id)
    except db.NotFound:
        raise HTTPException(404, f"no finding {finding_id}") from None
    visible_draft(request, user, finding.draft_id)
    return finding
