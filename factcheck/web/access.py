"""Who is asking: a session cookie (pages, with a CSRF token per session) or a
bearer token (the JSON API, which therefore needs no CSRF token)."""
from __future__ import annotations

import sqlalchemy as sa
from fastapi import Depends, Form, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ..i18n.catalog import N_
from . import auth, db
from .problems import Refusal

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


def bearer_token(authorization: str | None) -> str | None:
    scheme, _, token = (authorization or "").partition(" ")
    return (token.strip() or None) if scheme.lower() == "bearer" else None


def caller(request: Request) -> db.User | None:
    """Whoever is asking, by bearer token or session cookie, without refusing anyone:
    an error answer is written in this user's language."""
    token = bearer_token(request.headers.get("authorization"))
    if token:
        return db.user_for_token(engine(request), token)
    session = request.cookies.get(SESSION_COOKIE)
    found = db.session_user(engine(request), session) if session else None
    return found[0] if found else None


def page_user(session: tuple[db.User, str] = Depends(page_session)) -> db.User:
    return session[0]


def form_user(session: tuple[db.User, str] = Depends(page_session), csrf_token: str = Form("")) -> db.User:
    """The signed-in user of a POSTed form whose CSRF token matches the session's."""
    user, expected = session
    if not auth.same_secret(csrf_token, expected):
        raise Refusal(403, "csrf_failed", N_("the form's CSRF token is missing or wrong; reload the page and try "
                                             "again"))
    return user


TOKEN_REQUIRED = N_("a valid bearer token is required")
_bearer = HTTPBearer(auto_error=False, description="the per-user API token from `factcheck users add`")


def api_user(request: Request, credentials: HTTPAuthorizationCredentials | None = Depends(_bearer)) -> db.User:
    user = db.user_for_token(engine(request), credentials.credentials) if credentials else None
    if user is None:
        raise Refusal(401, "token_required", TOKEN_REQUIRED, headers={"WWW-Authenticate": "Bearer"})
    return user


def reviewer(user: db.User) -> db.User:
    if user.role != "reviewer":
        raise Refusal(403, "reviewers_only", N_("only reviewers can do this"))
    return user


def visible_draft(request: Request, user: db.User, draft_id: int) -> db.DraftView:
    """The draft, if this user may see it: reviewers see all, writers their own."""
    try:
        draft = db.get_draft(engine(request), draft_id)
    except db.NotFound:
        raise Refusal(404, "draft_not_found", N_("no draft {draft_id}"), draft_id=draft_id) from None
    if user.role != "reviewer" and draft.owner_id != user.id:
        raise Refusal(403, "not_your_draft", N_("this draft belongs to another writer"))
    return draft


def visible_finding(request: Request, user: db.User, finding_id: int) -> db.FindingView:
    try:
        finding = db.get_finding(engine(request), finding_id)
    except db.NotFound:
        raise Refusal(404, "finding_not_found", N_("no finding {finding_id}"), finding_id=finding_id) from None
    visible_draft(request, user, finding.draft_id)
    return finding
