"""The JSON API beside the pages, for a CMS: bearer-token auth, OpenAPI at /openapi.json."""
from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from ..i18n import Lang, localize_finding, translator
from ..i18n.catalog import N_
from ..models import Category, Severity
from . import db
from .access import api_user, engine, reviewer, visible_draft, visible_finding
from .intake import guess_title, take_draft
from .problems import Refusal
from .words import request_lang

router = APIRouter(prefix="/api", tags=["api"])


class DraftIn(BaseModel):
    title: str = ""
    text: str | None = Field(default=None, description="the draft's Markdown; or give url")
    url: str | None = Field(default=None, description="URL of a draft file in a repository")


class RevisionIn(BaseModel):
    text: str | None = None
    url: str | None = None


class DraftOut(db.DraftView):
    approvable: bool
    blocked_by: str | None = Field(description="why the draft cannot be approved now, in the caller's language "
                                               "(?lang=, the user's setting, Accept-Language)")


class FindingOut(db.FindingView):
    history: list[db.EventView] = Field(default_factory=list, description="the audit trail of this finding")
    lang: str = Field(default="en", description="the language of finding.message and finding.suggestion "
                                                "(?lang=, the user's setting, Accept-Language); category, "
                                                "severity, ids and evidence never change with it")


# events whose reason the server wrote (in English, through the catalogs); any other
# reason is a person's own words and stays as written
SERVER_REASONS = ("carried", "resolved")


def _events(request: Request, user: db.User, draft_id: int) -> list[db.EventView]:
    """The draft's audit trail, the server's own reasons in the caller's language."""
    tr = translator(request_lang(request, user))
    return [e.model_copy(update={"reason": tr.text(e.reason)}) if e.reason and e.action in SERVER_REASONS else e
            for e in db.list_events(engine(request), draft_id)]


def _finding_out(view: db.FindingView, history: list[db.EventView], lang: Lang) -> FindingOut:
    return FindingOut(**{**view.model_dump(), "finding": localize_finding(view.finding, lang)},
                      history=history, lang=lang)


class DecisionIn(BaseModel):
    action: Literal["accept", "dismiss", "edit", "reopen"]
    reason: str | None = Field(default=None, description="required to dismiss")
    suggestion: str | None = Field(default=None, description="the edited suggestion, for action=edit")
    version: int | None = Field(default=None, description="the finding version decided on; omitted, the "
                                                          "decision applies only to an undecided finding")


class AcceptIncompleteIn(BaseModel):
    reason: str = Field(description="why the unread sources do not matter; required")


class StatusIn(BaseModel):
    status: Literal["approved", "changes_requested"]
    reason: str | None = None


class ErrorOut(BaseModel):
    """Every error answer. ``code`` never changes with the language; ``detail`` and
    ``message`` are in the caller's language (?lang=zh|en, else the user's setting,
    else Accept-Language, else English)."""
    code: str = Field(description="stable machine id of the reason, e.g. draft_not_found, reason_required, "
                                  "decided_meanwhile, not_approvable, token_required")
    detail: str | list[dict] = Field(description="the reason, as FastAPI gives it: text; for 422 "
                                                 "invalid_request, the list of fields that failed")
    message: str = Field(description="the reason as text, in the caller's language")
    lang: str = Field(description="the language of detail and message: zh or en")


ERRORS: dict[int | str, dict[str, object]] = {
    401: {"description": "no or bad bearer token", "model": ErrorOut},
    403: {"description": "not allowed for this user", "model": ErrorOut},
    404: {"description": "no such draft or finding", "model": ErrorOut},
    422: {"description": "a field is missing or not valid", "model": ErrorOut},
}


def _out(request: Request, draft_id: int, user: db.User) -> DraftOut:
    eng = engine(request)
    blocked, _ = db.blocking_findings(eng, draft_id)
    why = blocked.render(translator(request_lang(request, user))) if blocked else None
    return DraftOut(**db.get_draft(eng, draft_id).model_dump(), approvable=blocked is None, blocked_by=why)


def _taken(request: Request, text: str | None, url: str | None) -> tuple[str, str, str]:
    config = request.app.state.config
    try:
        return take_draft(text=text, upload=None, url=url, max_bytes=config.max_upload_bytes,
                          allow_private=config.allow_private_urls,
                          deadline=config.url_deadline)
    except db.Invalid as exc:
        raise Refusal.of(400, exc) from None


@router.get("/drafts", response_model=list[db.DraftView], responses=ERRORS)
def list_drafts(request: Request, user: db.User = Depends(api_user)) -> list[db.DraftView]:
    """The drafts this user may see, in queue order."""
    return db.list_drafts(engine(request), user)


@router.post("/drafts", status_code=201, response_model=DraftOut, responses=ERRORS)
def create_draft(request: Request, body: DraftIn, user: db.User = Depends(api_user)) -> DraftOut:
    """Submit a draft; its check starts in the background (poll ``run_status``)."""
    text, name, origin = _taken(request, body.text, body.url)
    draft_id, revision_id = db.create_draft(engine(request), user, body.title or guess_title(text, name), text,
                                           name, origin)
    request.app.state.runner.submit(revision_id)
    return _out(request, draft_id, user)


@router.get("/drafts/{draft_id}", response_model=DraftOut, responses=ERRORS)
def get_draft(request: Request, draft_id: int, user: db.User = Depends(api_user)) -> DraftOut:
    visible_draft(request, user, draft_id)
    return _out(request, draft_id, user)


@router.post("/drafts/{draft_id}/revisions", status_code=201, response_model=DraftOut, responses=ERRORS)
def add_revision(request: Request, draft_id: int, body: RevisionIn, user: db.User = Depends(api_user)) -> DraftOut:
    """Submit an edited draft; unchanged sentences keep their review decisions."""
    if visible_draft(request, user, draft_id).owner_id != user.id:
        raise Refusal(403, "not_your_draft", N_("only the draft's writer submits new revisions"))
    text, name, origin = _taken(request, body.text, body.url)
    revision_id = db.add_revision(engine(request), draft_id, user, text, name, origin)
    request.app.state.runner.submit(revision_id)
    return _out(request, draft_id, user)


@router.get("/drafts/{draft_id}/findings", response_model=list[FindingOut], responses=ERRORS)
def list_findings(request: Request, draft_id: int, category: Category | None = None,
                  severity: Severity | None = None, user: db.User = Depends(api_user)) -> list[FindingOut]:
    """The findings of the draft's latest revision, with decisions and audit trail."""
    visible_draft(request, user, draft_id)
    eng = engine(request)
    revision = db.latest_revision(eng, draft_id)
    trail = _events(request, user, draft_id)
    lang = request_lang(request, user)
    return [_finding_out(view, [e for e in trail if e.fingerprint == view.fingerprint], lang)
            for view in db.list_findings(eng, revision.id, category=category, severity=severity)]


@router.get("/drafts/{draft_id}/events", response_model=list[db.EventView], responses=ERRORS)
def list_events(request: Request, draft_id: int, user: db.User = Depends(api_user)) -> list[db.EventView]:
    """The draft's audit trail: submissions, decisions, carry-overs, resolutions, approvals."""
    visible_draft(request, user, draft_id)
    return _events(request, user, draft_id)


@router.post("/findings/{finding_id}/decision", response_model=FindingOut,
             responses={**ERRORS,
                        409: {"description": "another decision landed first; nothing was recorded", "model": ErrorOut},
                        422: {"description": "a dismissal without a reason, or a bad action", "model": ErrorOut}})
def decide(request: Request, finding_id: int, body: DecisionIn, user: db.User = Depends(api_user)) -> FindingOut:
    """Accept (the writer must fix), dismiss with a reason, edit the suggestion, or reopen."""
    visible_finding(request, user, finding_id)
    reviewer(user)
    try:
        view = db.decide(engine(request), finding_id, user, body.action, reason=body.reason,
                         suggestion=body.suggestion, version=body.version)
    except db.Conflict as exc:
        raise Refusal.of(409, exc) from None
    except db.Invalid as exc:
        raise Refusal.of(422, exc) from None
    trail = [e for e in _events(request, user, view.draft_id) if e.fingerprint == view.fingerprint]
    return _finding_out(view, trail, request_lang(request, user))


@router.post("/drafts/{draft_id}/status", response_model=DraftOut,
             responses={**ERRORS, 409: {"description": "not approvable: the check is not done (failed, running "
                                                       "or incomplete), or an error finding is undecided or "
                                                       "accepted and not yet fixed", "model": ErrorOut}})
def set_status(request: Request, draft_id: int, body: StatusIn, user: db.User = Depends(api_user)) -> DraftOut:
    """Approve the draft, or request changes from its writer."""
    visible_draft(request, user, draft_id)
    reviewer(user)
    try:
        db.set_status(engine(request), draft_id, user, body.status, body.reason)
    except db.Conflict as exc:
        raise Refusal.of(409, exc) from None
    return _out(request, draft_id, user)


@router.post("/drafts/{draft_id}/accept-incomplete", response_model=DraftOut,
             responses={**ERRORS,
                        409: {"description": "the latest revision's check is not incomplete", "model": ErrorOut},
                        422: {"description": "no reason given", "model": ErrorOut}})
def accept_incomplete(request: Request, draft_id: int, body: AcceptIncompleteIn,
                      user: db.User = Depends(api_user)) -> DraftOut:
    """Accept the latest revision's check although some cited sources could not be read
    (``run_status`` "incomplete" becomes "done"; the reason goes to the audit trail)."""
    visible_draft(request, user, draft_id)
    reviewer(user)
    try:
        db.accept_incomplete(engine(request), draft_id, user, body.reason)
    except db.Conflict as exc:
        raise Refusal.of(409, exc) from None
    except db.Invalid as exc:
        raise Refusal.of(422, exc) from None
    return _out(request, draft_id, user)


@router.post("/drafts/{draft_id}/retry", response_model=DraftOut,
             responses={**ERRORS, 409: {"description": "the latest revision's check has neither failed nor "
                                                       "left sources unread", "model": ErrorOut}})
def retry(request: Request, draft_id: int, user: db.User = Depends(api_user)) -> DraftOut:
    """Queue the failed or incomplete check of the draft's latest revision again (a recheck)."""
    visible_draft(request, user, draft_id)
    try:
        revision_id = db.retry_run(engine(request), draft_id, user)
    except db.Conflict as exc:
        raise Refusal.of(409, exc) from None
    request.app.state.runner.submit(revision_id)
    return _out(request, draft_id, user)
