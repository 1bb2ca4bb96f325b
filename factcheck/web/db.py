"""The reviewer queue's data access: the one module that reads and writes the database.

SQLAlchemy Core, so the same statements run on a SQLite file (the default) and
on PostgreSQL (``DATABASE_URL``). Every function takes the engine and opens its
own transaction; callers never hold a connection.
"""
from __future__ import annotations

import datetime as dt
from typing import Literal

import sqlalchemy as sa
from pydantic import BaseModel

from ..i18n.catalog import N_
from ..i18n.message import Message
from ..models import Finding, Report
from . import auth
from .migrations import migrate
from .problems import Problem
from .schema import (
    DRAFT_STATUSES,
    ROLES,
    auth_events,
    drafts,
    events,
    findings,
    revisions,
    sessions,
    users,
)

Role = Literal["writer", "reviewer"]
# A run that ended: "incomplete" has findings, but some cited sources could not be read,
# so it is not "done" (nor approvable) until rechecked or accepted by a reviewer.
FINISHED = ("done", "incomplete", "failed")
Action = Literal["accept", "dismiss", "edit", "reopen"]


class NotFound(Problem, LookupError):
    pass


class Conflict(Problem):
    """The state changed under the caller; nothing was written."""


class Invalid(Problem, ValueError):
    """The request was well formed but cannot be carried out as given."""


class Forbidden(Problem, PermissionError):
    """The user's role does not allow this."""


class User(BaseModel):
    id: int
    name: str
    role: Role
    lang: Literal["zh", "en"] | None = None  # the pages' language this user chose; None: the browser's


class DraftView(BaseModel):
    id: int
    title: str
    status: str
    owner_id: int
    owner: str
    created_at: dt.datetime
    updated_at: dt.datetime
    revision: int = 0
    run_status: str = "queued"
    run_error: str | None = None
    open: int = 0
    accepted: int = 0
    dismissed: int = 0


class RevisionView(BaseModel):
    id: int
    draft_id: int
    number: int
    name: str
    text: str
    origin: str
    run_status: str
    run_error: str | None = None
    progress: str | None = None
    thread_id: str
    created_at: dt.datetime
    finished_at: dt.datetime | None = None


class FindingView(BaseModel):
    id: int
    revision_id: int
    draft_id: int
    fingerprint: str
    finding: Finding
    decision: str
    reason: str | None = None
    suggestion_edit: str | None = None
    decided_by: str | None = None
    decided_at: dt.datetime | None = None
    version: int


class EventView(BaseModel):
    id: int
    revision: int | None = None
    fingerprint: str | None = None
    user: str | None = None
    action: str
    reason: str | None = None
    suggestion: str | None = None
    at: dt.datetime


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _utc(value: dt.datetime | None) -> dt.datetime | None:
    # SQLite hands back naive datetimes; everything stored here is UTC.
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=dt.UTC)
    return value


def connect(url: str) -> sa.Engine:
    """An engine for ``url`` with the schema migrated to the latest version."""
    is_sqlite = url.startswith("sqlite")
    engine = sa.create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": 30} if is_sqlite else {},
    )
    if is_sqlite:
        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record) -> None:  # type: ignore[no-untyped-def]
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            # WAL lets the pages read while the background run writes findings.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.close()
    migrate(engine)
    return engine


# --- users and sessions ----------------------------------------------------


def create_user(engine: sa.Engine, name: str, role: str, password: str | None = None) -> tuple[User, str]:
    """Create a user; returns it with its API token, which is shown once and stored hashed."""
    name = name.strip()
    if not name:
        raise Invalid("user_name_empty", N_("a user name must not be empty"))
    if role not in ROLES:
        raise Invalid("role_unknown", N_("role must be one of {roles}"), roles=", ".join(ROLES))
    token = auth.new_token()
    with engine.begin() as conn:
        if conn.execute(sa.select(users.c.id).where(users.c.name == name)).first():
            raise Conflict("user_exists", N_("user {name!r} already exists"), name=name)
        result = conn.execute(users.insert().values(
            name=name, role=role, token_hash=auth.hash_token(token),
            password_hash=auth.hash_password(password) if password else None, created_at=now()))
    return User(id=result.inserted_primary_key[0], name=name, role=role), token  # type: ignore[arg-type]


def _user(row: sa.Row | None) -> User | None:
    return User(id=row.id, name=row.name, role=row.role, lang=row.lang) if row else None


def authenticate(engine: sa.Engine, name: str, password: str) -> User | None:
    with engine.connect() as conn:
        row = conn.execute(sa.select(users).where(users.c.name == name.strip())).first()
    stored = row.password_hash if row else None
    return _user(row) if auth.verify_password(stored, password) else None


class LoginLimits(BaseModel):
    """How many failed sign-ins are allowed within ``window`` seconds before more are
    refused (429): per account name (since its last success) and per client address."""

    window: float = 900.0
    per_account: int = 5
    per_address: int = 20


def auth_event(engine: sa.Engine, action: str, name: str, address: str, detail: str | None = None) -> None:
    """One line of the sign-in audit trail: login, login_failed, login_throttled."""
    with engine.begin() as conn:
        conn.execute(auth_events.insert().values(action=action, name=name.strip()[:100], address=address[:64],
                                                 detail=detail, at=now()))


def login_wait(engine: sa.Engine, name: str, address: str, limits: LoginLimits) -> tuple[float, str] | None:
    """Seconds until a sign-in may be tried again and which limit holds it, or None.
    Counted from the audit trail, so every server process on one database agrees."""
    at = now()
    since = at - dt.timedelta(seconds=limits.window)
    name = name.strip()[:100]
    with engine.connect() as conn:
        last_ok = conn.execute(sa.select(sa.func.max(auth_events.c.at)).where(
            auth_events.c.name == name, auth_events.c.action == "login")).scalar_one_or_none()
        account_since = max(since, _utc(last_ok)) if last_ok is not None else since
        for what, column, value, start, cap in (("account", auth_events.c.name, name, account_since,
                                                 limits.per_account),
                                                ("address", auth_events.c.address, address, since,
                                                 limits.per_address)):
            failures = conn.execute(sa.select(auth_events.c.at).where(
                column == value, auth_events.c.action == "login_failed", auth_events.c.at > start)
                .order_by(auth_events.c.at.desc()).limit(cap)).scalars().all()
            if len(failures) >= cap:
                # free again when the oldest of the last `cap` failures leaves the window
                oldest = _utc(failures[-1])
                assert oldest is not None
                return max(1.0, (oldest + dt.timedelta(seconds=limits.window) - at).total_seconds()), what
    return None


def user_for_token(engine: sa.Engine, token: str) -> User | None:
    with engine.connect() as conn:
        row = conn.execute(sa.select(users).where(users.c.token_hash == auth.hash_token(token))).first()
    return _user(row)


def create_session(engine: sa.Engine, user: User, ttl: dt.timedelta) -> tuple[str, str]:
    """A new session for ``user``; returns (cookie token, CSRF token)."""
    token, csrf = auth.new_token(), auth.new_token()
    at = now()
    with engine.begin() as conn:
        conn.execute(sessions.delete().where(sessions.c.expires_at < at))
        conn.execute(sessions.insert().values(token_hash=auth.hash_token(token), user_id=user.id,
                                              csrf_token=csrf, created_at=at, expires_at=at + ttl))
    return token, csrf


def session_user(engine: sa.Engine, token: str) -> tuple[User, str] | None:
    """The user and CSRF token of a live session, or None."""
    query = (sa.select(users, sessions.c.csrf_token, sessions.c.expires_at)
             .join(sessions, sessions.c.user_id == users.c.id)
             .where(sessions.c.token_hash == auth.hash_token(token)))
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None or _utc(row.expires_at) < now():  # type: ignore[operator]
        return None
    return User(id=row.id, name=row.name, role=row.role, lang=row.lang), row.csrf_token


def set_user_lang(engine: sa.Engine, user_id: int, lang: str | None) -> None:
    """Record the language a user chose for the pages (``None``: follow the browser)."""
    if lang not in (None, "zh", "en"):
        raise Invalid("lang_unknown", N_("unknown language {lang!r}: zh or en"), lang=lang)
    with engine.begin() as conn:
        conn.execute(users.update().where(users.c.id == user_id).values(lang=lang))


def end_session(engine: sa.Engine, token: str) -> None:
    with engine.begin() as conn:
        conn.execute(sessions.delete().where(sessions.c.token_hash == auth.hash_token(token)))


# --- drafts and revisions --------------------------------------------------


def _event(conn: sa.Connection, draft_id: int, action: str, *, user: User | None = None,
           revision_id: int | None = None, fingerprint: str | None = None,
           reason: str | None = None, suggestion: str | None = None) -> None:
    conn.execute(events.insert().values(
        draft_id=draft_id, revision_id=revision_id, fingerprint=fingerprint,
        user_id=user.id if user else None, action=action, reason=reason, suggestion=suggestion, at=now()))


def _insert_revision(conn: sa.Connection, draft_id: int, user: User, text: str, name: str, origin: str) -> int:
    number = conn.execute(sa.select(sa.func.coalesce(sa.func.max(revisions.c.number), 0))
                          .where(revisions.c.draft_id == draft_id)).scalar_one() + 1
    result = conn.execute(revisions.insert().values(
        draft_id=draft_id, number=number, name=name, text=text, origin=origin, run_status="queued",
        thread_id=f"web-draft{draft_id}-rev{number}", created_by=user.id, created_at=now()))
    revision_id = result.inserted_primary_key[0]
    _event(conn, draft_id, "submitted", user=user, revision_id=revision_id)
    return revision_id  # type: ignore[no-any-return]


def create_draft(engine: sa.Engine, owner: User, title: str, text: str, name: str, origin: str) -> tuple[int, int]:
    """A new draft with its first revision queued for checking; returns (draft id, revision id)."""
    at = now()
    with engine.begin() as conn:
        result = conn.execute(drafts.insert().values(owner_id=owner.id, title=title.strip()[:300] or name,
                                                     status="new", created_at=at, updated_at=at))
        draft_id = result.inserted_primary_key[0]
        return draft_id, _insert_revision(conn, draft_id, owner, text, name, origin)


def add_revision(engine: sa.Engine, draft_id: int, user: User, text: str, name: str, origin: str) -> int:
    """Queue an edited draft as the next revision. A reviewed draft goes back to review."""
    with engine.begin() as conn:
        status = conn.execute(sa.select(drafts.c.status).where(drafts.c.id == draft_id)).scalar_one_or_none()
        if status is None:
            raise NotFound("draft_not_found", N_("no draft {draft_id}"), draft_id=draft_id)
        conn.execute(drafts.update().where(drafts.c.id == draft_id).values(
            status="new" if status == "new" else "in_review", updated_at=now()))
        return _insert_revision(conn, draft_id, user, text, name, origin)


_status_rank = sa.case({s: i for i, s in enumerate(DRAFT_STATUSES)}, value=drafts.c.status, else_=len(DRAFT_STATUSES))


def list_drafts(engine: sa.Engine, viewer: User) -> list[DraftView]:
    """The queue: by status (new first, approved last), then oldest first.
    A writer sees only their own drafts."""
    query = (sa.select(drafts, users.c.name.label("owner"))
             .join(users, users.c.id == drafts.c.owner_id)
             .order_by(_status_rank, drafts.c.created_at, drafts.c.id))
    if viewer.role != "reviewer":
        query = query.where(drafts.c.owner_id == viewer.id)
    with engine.connect() as conn:
        rows = conn.execute(query).all()
        return [_draft_view(conn, row) for row in rows]


def _draft_view(conn: sa.Connection, row: sa.Row) -> DraftView:
    view = DraftView(id=row.id, title=row.title, status=row.status, owner_id=row.owner_id, owner=row.owner,
                     created_at=_utc(row.created_at), updated_at=_utc(row.updated_at))
    latest = conn.execute(sa.select(revisions.c.id, revisions.c.number, revisions.c.run_status,
                                    revisions.c.run_error)
                          .where(revisions.c.draft_id == row.id)
                          .order_by(revisions.c.number.desc()).limit(1)).first()
    if latest:
        view.revision, view.run_status, view.run_error = latest.number, latest.run_status, latest.run_error
        counts = conn.execute(sa.select(findings.c.decision, sa.func.count())
                              .where(findings.c.revision_id == latest.id)
                              .group_by(findings.c.decision)).all()
        for decision, count in counts:
            setattr(view, decision, count)
    return view


def get_draft(engine: sa.Engine, draft_id: int) -> DraftView:
    query = (sa.select(drafts, users.c.name.label("owner"))
             .join(users, users.c.id == drafts.c.owner_id).where(drafts.c.id == draft_id))
    with engine.connect() as conn:
        row = conn.execute(query).first()
        if row is None:
            raise NotFound("draft_not_found", N_("no draft {draft_id}"), draft_id=draft_id)
        return _draft_view(conn, row)


def _revision(row: sa.Row) -> RevisionView:
    return RevisionView(id=row.id, draft_id=row.draft_id, number=row.number, name=row.name, text=row.text,
                        origin=row.origin, run_status=row.run_status, run_error=row.run_error, progress=row.progress,
                        thread_id=row.thread_id, created_at=_utc(row.created_at),
                        finished_at=_utc(row.finished_at))


def get_revision(engine: sa.Engine, revision_id: int) -> RevisionView:
    with engine.connect() as conn:
        row = conn.execute(sa.select(revisions).where(revisions.c.id == revision_id)).first()
    if row is None:
        raise NotFound("revision_not_found", N_("no revision {revision_id}"), revision_id=revision_id)
    return _revision(row)


def latest_revision(engine: sa.Engine, draft_id: int) -> RevisionView:
    with engine.connect() as conn:
        row = conn.execute(sa.select(revisions).where(revisions.c.draft_id == draft_id)
                           .order_by(revisions.c.number.desc()).limit(1)).first()
    if row is None:
        raise NotFound("revision_not_found", N_("draft {draft_id} has no revision"), draft_id=draft_id)
    return _revision(row)


def unfinished_runs(engine: sa.Engine) -> list[int]:
    """Revisions a worker could take now, oldest first: queued ones, and running ones
    whose owner's lease ran out (the worker died). A run another worker still holds
    is not among them, so a restarted server re-queues nothing that is owned."""
    with engine.connect() as conn:
        return list(conn.execute(sa.select(revisions.c.id).where(_claimable(now()))
                                 .order_by(revisions.c.id)).scalars())


def _claimable(at: dt.datetime) -> sa.ColumnElement[bool]:
    return sa.or_(revisions.c.run_status == "queued",
                  sa.and_(revisions.c.run_status == "running",
                          sa.or_(revisions.c.lease_until.is_(None), revisions.c.lease_until < at)))


Claim = Literal["claimed", "held", "gone"]


def claim_run(engine: sa.Engine, revision_id: int, owner: str, lease: float, max_attempts: int = 3) -> Claim:
    """Take a revision's run for ``owner`` until ``lease`` seconds from now.

    One conditional UPDATE, so of any number of workers trying at once exactly one
    gets "claimed". "held": another worker's lease is still live (try again when it
    runs out). "gone": finished, failed or deleted; nothing to do. A finished run is
    never set running again. A run cut off ``max_attempts`` times is marked failed
    instead of being tried forever."""
    at = now()
    with engine.begin() as conn:
        claimed = conn.execute(
            revisions.update().where(revisions.c.id == revision_id, _claimable(at),
                                     revisions.c.attempts < max_attempts)
            .values(run_status="running", run_owner=owner, lease_until=at + dt.timedelta(seconds=lease),
                    attempts=revisions.c.attempts + 1, run_error=None)).rowcount
        if claimed == 1:
            return "claimed"
        row = conn.execute(sa.select(revisions.c.run_status, revisions.c.attempts)
                           .where(revisions.c.id == revision_id)).first()
        if row is None or row.run_status in FINISHED:
            return "gone"
        if row.attempts >= max_attempts:
            failed = conn.execute(
                revisions.update().where(revisions.c.id == revision_id, _claimable(at))
                .values(run_status="failed", run_owner=None, lease_until=None, finished_at=at,
                        run_error=f"failed: the check was cut off {row.attempts} times (its worker stopped "
                                  "mid-run); retry it, or check the workers' logs")).rowcount
            return "gone" if failed else "held"
        return "held"


def renew_lease(engine: sa.Engine, revision_id: int, owner: str, lease: float) -> bool:
    """Extend ``owner``'s claim; False when the run is no longer theirs."""
    with engine.begin() as conn:
        return conn.execute(revisions.update().where(
            revisions.c.id == revision_id, revisions.c.run_owner == owner, revisions.c.run_status == "running")
            .values(lease_until=now() + dt.timedelta(seconds=lease))).rowcount == 1


def lease_of(engine: sa.Engine, revision_id: int) -> dt.datetime | None:
    with engine.connect() as conn:
        return _utc(conn.execute(sa.select(revisions.c.lease_until)
                                 .where(revisions.c.id == revision_id)).scalar_one_or_none())


def retry_run(engine: sa.Engine, draft_id: int, user: User) -> int:
    """Queue the failed or incomplete check of a draft's latest revision again (the
    retry / recheck button); returns the revision id. ``Conflict`` when that check
    has neither failed nor left sources unread."""
    with engine.begin() as conn:
        rev = conn.execute(sa.select(revisions.c.id, revisions.c.run_status).where(revisions.c.draft_id == draft_id)
                           .order_by(revisions.c.number.desc()).limit(1)).first()
        if rev is None:
            raise NotFound("revision_not_found", N_("draft {draft_id} has no revision"), draft_id=draft_id)
        if conn.execute(revisions.update().where(revisions.c.id == rev.id,
                                                 revisions.c.run_status.in_(("failed", "incomplete")))
                        .values(run_status="queued", run_owner=None, lease_until=None, attempts=0,
                                progress=None, finished_at=None)).rowcount != 1:
            raise Conflict("nothing_to_retry", N_("the check is {status}, not failed or incomplete: nothing to retry"),
                           status=Message(rev.run_status))
        _event(conn, draft_id, "retried" if rev.run_status == "failed" else "rechecked", user=user,
               revision_id=rev.id)
        return rev.id  # type: ignore[no-any-return]


def _owned(revision_id: int, owner: str | None) -> sa.ColumnElement[bool]:
    # Without an owner (a direct call), any run not yet finished; with one, only that
    # worker's live run: a worker whose lease was taken over writes nothing.
    if owner is None:
        return sa.and_(revisions.c.id == revision_id, revisions.c.run_status.not_in(("done", "incomplete")))
    return sa.and_(revisions.c.id == revision_id, revisions.c.run_status == "running",
                   revisions.c.run_owner == owner)


def note_progress(engine: sa.Engine, revision_id: int, message: str) -> None:
    with engine.begin() as conn:
        conn.execute(revisions.update().where(revisions.c.id == revision_id).values(progress=message[:500]))


def fail_run(engine: sa.Engine, revision_id: int, error: str, owner: str | None = None) -> bool:
    """Mark the run failed with a reason a reviewer sees ("failed: …"); False when it was not ours."""
    error = error if error.startswith("failed:") else f"failed: {error}"
    with engine.begin() as conn:
        return conn.execute(revisions.update().where(_owned(revision_id, owner))
                            .values(run_status="failed", run_error=error, run_owner=None, lease_until=None,
                                    finished_at=now())).rowcount == 1


def finish_run(engine: sa.Engine, revision_id: int, report: Report, owner: str | None = None) -> bool:
    """Store a run's findings; False (and nothing written) when the run is already
    done or, with ``owner``, no longer that worker's. A finding the previous checked
    revision also had (same sentence, same category: same fingerprint) keeps its
    review decision; an accepted finding that is gone is recorded as resolved."""
    with engine.begin() as conn:
        # Marking the run done first takes the row's write lock: a second finisher
        # waits here, then matches nothing and writes no findings twice.
        if conn.execute(revisions.update().where(_owned(revision_id, owner)).values(
                run_status="incomplete" if report.incomplete else "done", run_error=incomplete_note(report),
                run_owner=None, lease_until=None, report_json=report.model_dump_json(),
                finished_at=now())).rowcount != 1:
            if conn.execute(sa.select(revisions.c.id).where(revisions.c.id == revision_id)).first() is None:
                raise NotFound("revision_not_found", N_("no revision {revision_id}"), revision_id=revision_id)
            return False
        rev = conn.execute(sa.select(revisions).where(revisions.c.id == revision_id)).one()
        previous = conn.execute(
            sa.select(findings)
            .where(findings.c.revision_id == sa.select(revisions.c.id)
                   .where(revisions.c.draft_id == rev.draft_id, revisions.c.number < rev.number,
                          revisions.c.run_status.in_(("done", "incomplete")))
                   .order_by(revisions.c.number.desc()).limit(1).scalar_subquery())).all()
        earlier = {row.fingerprint: row for row in previous}
        # A recheck of this same revision (its sources were unread) replaces its findings,
        # keeping the decisions already made on them.
        again = conn.execute(sa.select(findings).where(findings.c.revision_id == revision_id)).all()
        earlier.update({row.fingerprint: row for row in again})
        conn.execute(findings.delete().where(findings.c.revision_id == revision_id))
        seen: set[str] = set()
        for finding in report.findings:
            finding = finding if finding.id else finding.with_id()
            if finding.id in seen:  # two checks flagged the same sentence for the same category
                continue
            seen.add(finding.id)
            old = earlier.get(finding.id)
            carried = old is not None and old.decision != "open"
            conn.execute(findings.insert().values(
                revision_id=revision_id, fingerprint=finding.id, finding_json=finding.model_dump_json(),
                category=finding.category, severity=finding.severity, line=finding.line,
                decision=old.decision if old else "open",
                reason=old.reason if old else None,
                suggestion_edit=old.suggestion_edit if old else None,
                decided_by=old.decided_by if carried else None,
                decided_at=old.decided_at if carried else None,
                version=0))
            if carried:
                _event(conn, rev.draft_id, "carried", revision_id=revision_id, fingerprint=finding.id,
                       reason=str(Message(N_("{decision} on an earlier revision; the sentence did not change"),
                                          {"decision": old.decision})))
        for fingerprint, old in earlier.items():
            if fingerprint not in seen and old.decision == "accepted":
                gone = Finding.model_validate_json(old.finding_json)
                _event(conn, rev.draft_id, "resolved", revision_id=revision_id, fingerprint=fingerprint,
                       reason=str(Message(N_("{category} on line {line}, \u201c{sentence}\u201d, is no longer "
                                             "flagged in revision {number}"),
                                          {"category": gone.category, "line": gone.line,
                                           "sentence": gone.sentence, "number": rev.number})))
    return True


# --- findings and decisions ------------------------------------------------


def _finding_query() -> sa.Select:
    return (sa.select(findings, revisions.c.draft_id, users.c.name.label("decider"))
            .join(revisions, revisions.c.id == findings.c.revision_id)
            .outerjoin(users, users.c.id == findings.c.decided_by))


def _finding(row: sa.Row) -> FindingView:
    return FindingView(id=row.id, revision_id=row.revision_id, draft_id=row.draft_id, fingerprint=row.fingerprint,
                       finding=Finding.model_validate_json(row.finding_json), decision=row.decision,
                       reason=row.reason, suggestion_edit=row.suggestion_edit, decided_by=row.decider,
                       decided_at=_utc(row.decided_at), version=row.version)


def list_findings(engine: sa.Engine, revision_id: int, *, category: str | None = None,
                  severity: str | None = None) -> list[FindingView]:
    query = _finding_query().where(findings.c.revision_id == revision_id).order_by(findings.c.line, findings.c.id)
    if category:
        query = query.where(findings.c.category == category)
    if severity:
        query = query.where(findings.c.severity == severity)
    with engine.connect() as conn:
        return [_finding(row) for row in conn.execute(query)]


def get_finding(engine: sa.Engine, finding_id: int) -> FindingView:
    with engine.connect() as conn:
        row = conn.execute(_finding_query().where(findings.c.id == finding_id)).first()
    if row is None:
        raise NotFound("finding_not_found", N_("no finding {finding_id}"), finding_id=finding_id)
    return _finding(row)


def decide(engine: sa.Engine, finding_id: int, reviewer: User, action: Action, *,
           reason: str | None = None, suggestion: str | None = None, version: int | None = None) -> FindingView:
    """Record a reviewer's decision on a finding of a draft's latest revision.

    ``version`` is the finding's version the reviewer saw; without it the
    decision applies only to a finding nobody has decided yet. When another
    decision landed first, nothing is written and ``Conflict`` says whose.
    """
    if reviewer.role != "reviewer":
        raise Forbidden("reviewers_only", N_("only reviewers decide findings"))
    reason = (reason or "").strip() or None
    suggestion = (suggestion or "").strip() or None
    if action == "dismiss" and not reason:
        raise Invalid("reason_required", N_("a dismissal needs a reason"))
    if action == "edit" and not suggestion:
        raise Invalid("suggestion_empty", N_("an edited suggestion must not be empty"))
    if action not in ("accept", "dismiss", "edit", "reopen"):
        raise Invalid("action_unknown", N_("unknown action {action!r}"), action=action)
    values: dict[str, object] = {"version": findings.c.version + 1, "decided_by": reviewer.id, "decided_at": now()}
    if action == "edit":
        values["suggestion_edit"] = suggestion
    else:
        values["decision"] = {"accept": "accepted", "dismiss": "dismissed", "reopen": "open"}[action]
        values["reason"] = reason
    current = get_finding(engine, finding_id)
    with engine.begin() as conn:
        latest = conn.execute(sa.select(sa.func.max(revisions.c.id))
                              .where(revisions.c.draft_id == current.draft_id)).scalar_one()
        if current.revision_id != latest:
            raise Conflict("finding_outdated", N_("this finding belongs to an older revision of the draft; "
                                                  "reload to see the current one"))
        guard = findings.c.version == version if version is not None else findings.c.decision == "open"
        # The guard sits in the UPDATE itself, so of two concurrent decisions the
        # database lets exactly one match.
        changed = conn.execute(findings.update().where(findings.c.id == finding_id, guard).values(**values)).rowcount
        if changed == 1:
            _event(conn, current.draft_id, action, user=reviewer, revision_id=current.revision_id,
                   fingerprint=current.fingerprint, reason=reason, suggestion=suggestion)
            conn.execute(drafts.update().where(drafts.c.id == current.draft_id,
                                               drafts.c.status.in_(("new", "approved")))
                         .values(status="in_review", updated_at=now()))
    if changed != 1:
        now_row = get_finding(engine, finding_id)
        who = now_row.decided_by or Message(N_("another reviewer"))
        when = now_row.decided_at.strftime("%Y-%m-%d %H:%M:%S UTC") if now_row.decided_at else Message(N_("just now"))
        raise Conflict("decided_meanwhile", N_("{who} changed this finding first ({decision}, at {when}); your "
                                               "decision was not recorded. Review the current state and decide "
                                               "again if needed."),
                       who=who, decision=Message(now_row.decision), when=when)
    return get_finding(engine, finding_id)


def incomplete_note(report: Report) -> str | None:
    if not report.incomplete:
        return None
    unread, cited = report.unread_sources()
    return f"incomplete: {unread} of {cited} cited sources could not be read"


def blocking_findings(engine: sa.Engine, draft_id: int) -> tuple[Message | None, int]:
    """Why the draft cannot be approved now (None when it can), and the count of error
    findings still in the way: every error must be decided first, accepted and then
    fixed in a later revision (it is gone from the latest), or dismissed with a reason."""
    rev = latest_revision(engine, draft_id)
    if rev.run_status == "incomplete":
        return Message(N_("the check of revision {number} is {state}; recheck it, or accept the incomplete check"),
                       {"number": rev.number, "state": Message(rev.run_error or "incomplete")}), 0
    if rev.run_status != "done":
        return Message(N_("the check of revision {number} is {state}"),
                       {"number": rev.number, "state": Message(rev.run_status)}), 0
    with engine.connect() as conn:
        counts = dict(conn.execute(sa.select(findings.c.decision, sa.func.count()).where(
            findings.c.revision_id == rev.id, findings.c.severity == "error",
            findings.c.decision != "dismissed").group_by(findings.c.decision)).all())
    accepted, undecided = counts.get("accepted", 0), counts.get("open", 0)
    reasons = []
    # English needs the plural chosen here; each form is its own catalog entry
    if accepted:
        reasons.append(Message(N_("{n} accepted error not yet fixed") if accepted == 1
                               else N_("{n} accepted errors not yet fixed"), {"n": accepted}))
    if undecided:
        reasons.append(Message(N_("{n} error not yet decided (accept, or dismiss with a reason)") if undecided == 1
                               else N_("{n} errors not yet decided (accept, or dismiss with a reason)"),
                               {"n": undecided}))
    if len(reasons) == 2:
        return Message(N_("{first}; {second}"), {"first": reasons[0], "second": reasons[1]}), accepted + undecided
    return (reasons[0] if reasons else None), accepted + undecided


def accept_incomplete(engine: sa.Engine, draft_id: int, reviewer: User, reason: str | None) -> None:
    """A reviewer accepts the latest revision's check although some cited sources could not
    be read: the run becomes done, the note keeps what was unread and who accepted it why."""
    if reviewer.role != "reviewer":
        raise Forbidden("reviewers_only", N_("only reviewers accept an incomplete check"))
    reason = (reason or "").strip()
    if not reason:
        raise Invalid("reason_required", N_("accepting an incomplete check needs a reason"))
    with engine.begin() as conn:
        rev = conn.execute(sa.select(revisions.c.id, revisions.c.run_status, revisions.c.run_error)
                           .where(revisions.c.draft_id == draft_id)
                           .order_by(revisions.c.number.desc()).limit(1)).first()
        if rev is None:
            raise NotFound("revision_not_found", N_("draft {draft_id} has no revision"), draft_id=draft_id)
        # stored in English, like every run note; the pages translate it when shown
        note = str(Message(N_("{note}; accepted by {name}: {reason}"),
                           {"note": rev.run_error or "incomplete", "name": reviewer.name, "reason": reason}))
        if conn.execute(revisions.update().where(revisions.c.id == rev.id, revisions.c.run_status == "incomplete")
                        .values(run_status="done", run_error=note[:2000])).rowcount != 1:
            raise Conflict("nothing_to_accept", N_("the check is {status}, not incomplete: nothing to accept"),
                           status=Message(rev.run_status))
        _event(conn, draft_id, "incomplete_accepted", user=reviewer, revision_id=rev.id, reason=reason)


def set_status(engine: sa.Engine, draft_id: int, reviewer: User, status: Literal["approved", "changes_requested"],
               reason: str | None = None) -> None:
    if reviewer.role != "reviewer":
        raise Forbidden("reviewers_only", N_("only reviewers approve or request changes"))
    with engine.begin() as conn:
        query = drafts.update().where(drafts.c.id == draft_id).values(status=status, updated_at=now())
        if status == "approved":
            latest = (sa.select(revisions.c.id).where(revisions.c.draft_id == draft_id)
                      .order_by(revisions.c.number.desc()).limit(1).correlate(None).scalar_subquery())
            blocked = sa.exists().where(findings.c.revision_id == latest, findings.c.decision != "dismissed",
                                        findings.c.severity == "error")
            done = sa.exists().where(revisions.c.id == latest, revisions.c.run_status == "done")
            # One statement, so a decision landing meanwhile cannot slip past the check.
            query = query.where(done, ~blocked)
        if conn.execute(query).rowcount != 1:
            raise Conflict("not_approvable", N_("the draft cannot be approved: {why}"),
                           why=blocking_findings(engine, draft_id)[0] or Message(N_("it changed meanwhile")))
        _event(conn, draft_id, status, user=reviewer, reason=(reason or "").strip() or None)


def list_events(engine: sa.Engine, draft_id: int) -> list[EventView]:
    query = (sa.select(events, users.c.name.label("who"), revisions.c.number)
             .outerjoin(users, users.c.id == events.c.user_id)
             .outerjoin(revisions, revisions.c.id == events.c.revision_id)
             .where(events.c.draft_id == draft_id).order_by(events.c.id))
    with engine.connect() as conn:
        return [EventView(id=r.id, revision=r.number, fingerprint=r.fingerprint, user=r.who, action=r.action,
                          reason=r.reason, suggestion=r.suggestion, at=_utc(r.at)) for r in conn.execute(query)]


def report_json(engine: sa.Engine, revision_id: int) -> str | None:
    with engine.connect() as conn:
        return conn.execute(sa.select(revisions.c.report_json).where(revisions.c.id == revision_id)).scalar_one()
