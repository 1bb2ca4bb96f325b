"""Ordered schema migrations, each applied once and recorded in ``schema_migrations``.

A migration is frozen once released: to change the schema, append a new one and
update ``schema.py`` to match (``tests/test_web_db.py`` checks they agree).
Each migration builds its own table objects, so a fresh database replays
history exactly as an old one lived it.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import sqlalchemy as sa

Migration = Callable[[sa.Connection], None]
MIGRATIONS: list[tuple[str, Migration]] = []


def migration(fn: Migration) -> Migration:
    MIGRATIONS.append((fn.__name__, fn))
    return fn


@migration
def m001_initial(conn: sa.Connection) -> None:
    meta = sa.MetaData()
    ts = lambda name, **kw: sa.Column(name, sa.DateTime(timezone=True), **kw)
    sa.Table("users", meta,
             sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("name", sa.String(100), nullable=False, unique=True),
             sa.Column("role", sa.String(20), nullable=False),
             sa.Column("password_hash", sa.String(200)),
             sa.Column("token_hash", sa.String(64), unique=True),
             ts("created_at", nullable=False))
    sa.Table("sessions", meta,
             sa.Column("token_hash", sa.String(64), primary_key=True),
             sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
             sa.Column("csrf_token", sa.String(64), nullable=False),
             ts("created_at", nullable=False), ts("expires_at", nullable=False))
    sa.Table("drafts", meta,
             sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("owner_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
             sa.Column("title", sa.String(300), nullable=False),
             sa.Column("status", sa.String(30), nullable=False),
             ts("created_at", nullable=False), ts("updated_at", nullable=False))
    sa.Table("revisions", meta,
             sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("draft_id", sa.Integer, sa.ForeignKey("drafts.id", ondelete="CASCADE"), nullable=False),
             sa.Column("number", sa.Integer, nullable=False),
             sa.Column("name", sa.String(300), nullable=False),
             sa.Column("text", sa.Text, nullable=False),
             sa.Column("origin", sa.String(1000), nullable=False),
             sa.Column("run_status", sa.String(20), nullable=False),
             sa.Column("run_error", sa.Text),
             sa.Column("thread_id", sa.String(100), nullable=False),
             sa.Column("report_json", sa.Text),
             sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
             ts("created_at", nullable=False), ts("finished_at"),
             sa.UniqueConstraint("draft_id", "number"))
    sa.Table("findings", meta,
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
             ts("decided_at"),
             sa.Column("version", sa.Integer, nullable=False),
             sa.UniqueConstraint("revision_id", "fingerprint"))
    sa.Table("events", meta,
             sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("draft_id", sa.Integer, sa.ForeignKey("drafts.id", ondelete="CASCADE"), nullable=False),
             sa.Column("revision_id", sa.Integer, sa.ForeignKey("revisions.id", ondelete="CASCADE")),
             sa.Column("fingerprint", sa.String(64)),
             sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id")),
             sa.Column("action", sa.String(30), nullable=False),
             sa.Column("reason", sa.Text),
             sa.Column("suggestion", sa.Text),
             ts("at", nullable=False))
    meta.create_all(conn)


@migration
def m002_queue_indexes(conn: sa.Connection) -> None:
    meta = sa.MetaData()
    for table, columns in (("drafts", ("status", "created_at")), ("drafts", ("owner_id",)),
                           ("revisions", ("draft_id",)), ("findings", ("revision_id",)),
                           ("events", ("draft_id", "fingerprint"))):
        tbl = sa.Table(table, meta, *(sa.Column(c) for c in columns), extend_existing=True)
        sa.Index(f"ix_{table}_{'_'.join(columns)}", *(tbl.c[c] for c in columns)).create(conn)


@migration
def m003_run_progress(conn: sa.Connection) -> None:
    # The last progress line of a run ("fetched 12 of 20 sources"), for the polling page.
    conn.execute(sa.text("ALTER TABLE revisions ADD COLUMN progress TEXT"))


@migration
def m004_run_leases(conn: sa.Connection) -> None:
    # Who runs a revision's check and until when, so of several workers exactly one
    # claims it and a dead worker's run is taken over once its lease runs out;
    # attempts caps how often a run that keeps killing workers is tried again.
    conn.execute(sa.text("ALTER TABLE revisions ADD COLUMN run_owner VARCHAR(200)"))
    conn.execute(sa.text("ALTER TABLE revisions ADD COLUMN lease_until TIMESTAMP WITH TIME ZONE"))
    conn.execute(sa.text("ALTER TABLE revisions ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0"))
    meta = sa.MetaData()
    tbl = sa.Table("revisions", meta, sa.Column("run_status"), sa.Column("id"))
    sa.Index("ix_revisions_run_status_id", tbl.c.run_status, tbl.c.id).create(conn)


@migration
def m005_job_queue(conn: sa.Connection) -> None:
    # On PostgreSQL, checks go to workers through procrastinate's tables in the same
    # database; its schema is created here once, in order with ours. SQLite has no queue
    # tables: there the server runs checks in-process.
    if conn.dialect.name == "postgresql":
        from procrastinate.schema import SchemaManager

        conn.exec_driver_sql(SchemaManager.get_schema().replace("%", "%%"))


@migration
def m006_user_lang(conn: sa.Connection) -> None:
    # each user's choice of language for the pages (zh or en); NULL: the browser's
    conn.execute(sa.text("ALTER TABLE users ADD COLUMN lang VARCHAR(5)"))


@migration
def m007_auth_events(conn: sa.Connection) -> None:
    # The audit trail of signing in: failed attempts (what login throttling counts,
    # per account and per client address), throttled attempts and successes.
    meta = sa.MetaData()
    table = sa.Table("auth_events", meta,
                     sa.Column("id", sa.Integer, primary_key=True),
                     sa.Column("action", sa.String(30), nullable=False),
                     sa.Column("name", sa.String(100), nullable=False),
                     sa.Column("address", sa.String(64), nullable=False),
                     sa.Column("detail", sa.Text),
                     sa.Column("at", sa.DateTime(timezone=True), nullable=False))
    table.create(conn)
    sa.Index("ix_auth_events_name_at", table.c.name, table.c.at).create(conn)
    sa.Index("ix_auth_events_address_at", table.c.address, table.c.at).create(conn)


_applied = sa.Table(
    "schema_migrations", sa.MetaData(),
    sa.Column("name", sa.String(100), primary_key=True),
    sa.Column("applied_at", sa.DateTime(timezone=True), nullable=False),
)


def migrate(engine: sa.Engine) -> list[str]:
    """Apply the migrations this database lacks, in order; returns their names."""
    done: list[str] = []
    for name, fn in MIGRATIONS:
        # One transaction per migration, so a failure leaves the earlier ones recorded.
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                # Servers and workers starting together: one migrates, the others wait
                # for it (the lock ends with the transaction) and then skip what it did.
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7244501)"))
            _applied.create(conn, checkfirst=True)
            if conn.execute(sa.select(_applied.c.name).where(_applied.c.name == name)).first():
                continue
            fn(conn)
            conn.execute(_applied.insert().values(name=name, applied_at=dt.datetime.now(dt.UTC)))
        done.append(name)
    return done
