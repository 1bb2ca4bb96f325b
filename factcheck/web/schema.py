"""The reviewer queue's tables as they stand after the last migration.

Queries use these objects; ``migrations.py`` is what creates and changes the
tables, and a test checks that the two agree.
"""
from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

ROLES = ("writer", "reviewer")
# Queue order: a draft nobody has looked at first, an approved one last.
DRAFT_STATUSES = ("new", "in_review", "changes_requested", "approved")
RUN_STATUSES = ("queued", "running", "done", "incomplete", "failed")
DECISIONS = ("open", "accepted", "dismissed")

users = sa.Table(
    "users", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(100), nullable=False, unique=True),
    sa.Column("role", sa.String(20), nullable=False),
    sa.Column("password_hash", sa.String(200)),
    sa.Column("token_hash", sa.String(64), unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("lang", sa.String(5)),
)

sessions = sa.Table(
    "sessions", metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    sa.Column("csrf_token", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)

drafts = sa.Table(
    "drafts", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("title", sa.String(300), nullable=False),
    sa.Column("status", sa.String(30), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

revisions = sa.Table(
    "revisions", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("draft_id", sa.Integer, sa.ForeignKey("drafts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("name", sa.String(300), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("origin", sa.String(1000), nullable=False),
    sa.Column("run_status", sa.String(20), nullable=False),
    sa.Column("run_error", sa.Text),
    sa.Column("progress", sa.Text),
    sa.Column("thread_id", sa.String(100), nullable=False),
    sa.Column("report_json", sa.Text),
    sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True)),
    # The worker that claimed the run, and until when its claim holds unless renewed.
    sa.Column("run_owner", sa.String(200)),
    sa.Column("lease_until", sa.DateTime(timezone=True)),
    sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    sa.UniqueConstraint("draft_id", "number"),
)

findings = sa.Table(
    "findings", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("revision_id", sa.Integer, sa.ForeignKey("revisions.id", ondelete="CASCADE"), nullable=False),
    sa.Column("fingerprint", sa.String(64), nullable=False),
    sa.Column("finding_json", sa.Text, nullable=False),
    sa.Column("category", sa.String(30), nullable=False),
    sa.Column("severity", sa.String(10), nullable=False),
    sa.Column("line", sa.Integer, nullable=False),
    sa.Column("decision", sa.String(20), nullable=False),
    sa.Column("reason", sa.Text),
    sa.Column("suggestion_edit", sa.Text),
    sa.Column("decided_by", sa.Integer, sa.ForeignKey("users.id")),
    sa.Column("decided_at", sa.DateTime(timezone=True)),
    # Bumped on every change; a decision names the version it was made on, so
    # of two reviewers acting on the same state only the first one lands.
    sa.Column("version", sa.Integer, nullable=False),
    sa.UniqueConstraint("revision_id", "fingerprint"),
)

# The audit trail: every decision, carry-over, resolution and approval, with who and when.
events = sa.Table(
    "events", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("draft_id", sa.Integer, sa.ForeignKey("drafts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("revision_id", sa.Integer, sa.ForeignKey("revisions.id", ondelete="CASCADE")),
    sa.Column("fingerprint", sa.String(64)),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id")),
    sa.Column("action", sa.String(30), nullable=False),
    sa.Column("reason", sa.Text),
    sa.Column("suggestion", sa.Text),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

# Signing in: failed, throttled and successful attempts, by account name and client address.
auth_events = sa.Table(
    "auth_events", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("action", sa.String(30), nullable=False),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("address", sa.String(64), nullable=False),
    sa.Column("detail", sa.Text),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_auth_events_name_at", "name", "at"),
    sa.Index("ix_auth_events_address_at", "address", "at"),
)
