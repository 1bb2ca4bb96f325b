"""``factcheck serve`` and ``factcheck users``: the reviewer queue's commands.

Like the other ``cli`` modules, this is an entry point: the only place the web app's options
are read from flags and the environment.
"""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError

DEFAULT_DB = Path("factcheck-web.sqlite")

database_options = [
    click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path),
                 help=f"SQLite database file [default: ./{DEFAULT_DB}]."),
    click.option("--database-url", envvar="DATABASE_URL",
                 help="SQLAlchemy database URL instead of --db, e.g. postgresql+psycopg://user@host/factcheck "
                      "(install the driver); read from DATABASE_URL when not given."),
]


def fail(message: str) -> click.exceptions.Exit:
    """Bad usage or an unusable input: a one-line message and exit status 2, like ``check``."""
    click.echo(f"factcheck: error: {message}", err=True)
    return click.exceptions.Exit(2)


def with_database(fn):  # type: ignore[no-untyped-def]
    for option in reversed(database_options):
        fn = option(fn)
    return fn


def resolve_database_url(db_path: Path | None, url: str | None) -> str:
    if db_path and url:
        raise click.UsageError("give --db or --database-url (DATABASE_URL), not both")
    if url:
        return url
    path = (db_path or DEFAULT_DB).resolve()
    if not path.parent.is_dir():
        raise click.BadParameter(f"{path.parent}: folder does not exist", param_hint="--db")
    return f"sqlite:///{path}"


def sqlite_file_missing(url: str) -> Path | None:
    """The SQLite file a URL names, when it does not exist (None for other databases)."""
    if not url.startswith("sqlite:///"):
        return None
    path = Path(url.removeprefix("sqlite:///"))
    return None if path.exists() else path


def run_settings(url: str, checkpoint: Path | None, allow_private_hosts: bool):  # type: ignore[no-untyped-def]
    """The checker's settings for a server or worker: on PostgreSQL, checkpoints go to
    the same database, so a run a dead worker started resumes on another machine."""
    from ..web.jobs import is_postgres
    from .common import build_settings

    if checkpoint and is_postgres(url):
        raise click.UsageError("--checkpoint is a SQLite file; with PostgreSQL the checkpoints are kept there")
    settings = build_settings(checkpoint=checkpoint)
    settings.fetch.allow_private_hosts = allow_private_hosts
    if is_postgres(url):
        settings.checkpoint_url = url
    return settings


def open_engine(url: str):  # type: ignore[no-untyped-def]
    from sqlalchemy.exc import ArgumentError, OperationalError

    from ..web import db

    try:
        return db.connect(url)
    except (ArgumentError, OperationalError) as exc:
        raise fail(f"cannot open the database {url.split('@')[-1]}: {getattr(exc, 'orig', None) or exc}") from None
    except ModuleNotFoundError as exc:
        raise fail(f"the database driver is not installed: {exc.name}") from None


@click.command()
@with_database
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option("--sources", "sources_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Check drafts against archived source documents in this folder instead of the network.")
@click.option("--checkpoint", type=click.Path(dir_okay=False, path_type=Path),
              help="SQLite checkpoint file for check runs (default: <cache dir>/checkpoints.sqlite).")
@click.option("--max-upload-kb", default=1000, show_default=True, type=click.IntRange(1),
              help="Largest draft accepted, in kilobytes.")
@click.option("--concurrency", default=1, show_default=True, type=click.IntRange(1),
              help="Checks this process runs at the same time (SQLite, or PostgreSQL with --in-process).")
@click.option("--in-process", is_flag=True,
              help="On PostgreSQL, also run checks in this process instead of leaving them all to "
                   "`factcheck worker` (on SQLite they always run here).")
@click.option("--secure-cookies", is_flag=True, help="Mark cookies Secure; use when served over HTTPS.")
@click.option("--allow-private-hosts", is_flag=True,
              help="Let draft URLs and live sources be fetched from loopback and private addresses.")
def serve(db_path: Path | None, database_url: str | None, host: str, port: int, sources_dir: Path | None,
          checkpoint: Path | None, max_upload_kb: int, concurrency: int, in_process: bool, secure_cookies: bool,
          allow_private_hosts: bool) -> None:
    """Run the reviewer queue web app: writers submit drafts, reviewers decide findings.

    With a SQLite database (the default) the checks run in this process. With
    PostgreSQL they are queued in the database for `factcheck worker` processes,
    on this machine or others. The JSON API is under /api, its OpenAPI schema at
    /openapi.json. Create accounts first with `factcheck users add`.

    Pages, findings and error messages (API errors too, beside a stable `code`)
    come in Chinese or English: ?lang=zh|en on a request, else the language each
    user picks in the page header, else the browser's Accept-Language.
    """
    import uvicorn

    from ..web.app import create_app
    from ..web.config import WebConfig
    from ..web.jobs import is_postgres

    url = resolve_database_url(db_path, database_url)
    settings = run_settings(url, checkpoint, allow_private_hosts)
    config = WebConfig(database_url=url, settings=settings, sources_dir=sources_dir,
                       max_upload_bytes=max_upload_kb * 1000, secure_cookies=secure_cookies,
                       allow_private_urls=allow_private_hosts, concurrency=concurrency, in_process=in_process)
    open_engine(url).dispose()  # a bad database fails here, with a message, not in a traceback
    try:
        app = create_app(config)
    except InputError as exc:
        raise fail(str(exc)) from None
    if not has_users(url):
        click.echo("factcheck: no accounts in this database yet: create one with "
                   f"`factcheck users add NAME --role reviewer --password {db_flag(db_path, database_url)}`", err=True)
    where = "by `factcheck worker`" if is_postgres(url) and not in_process else "in this process"
    click.echo(f"factcheck review on http://{host}:{port}/ (database: {url.split('@')[-1]}; checks run {where})",
               err=True)
    uvicorn.run(app, host=host, port=port, log_level="info")


def has_users(url: str) -> bool:
    import sqlalchemy as sa

    from ..web.schema import users as users_table

    engine = open_engine(url)
    try:
        with engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(users_table)).scalar_one() > 0
    except sa.exc.SQLAlchemyError:
        return True  # not migrated yet (a new database): the app creates it; nothing to say
    finally:
        engine.dispose()


def db_flag(db_path: Path | None, database_url: str | None) -> str:
    if database_url:
        return "--database-url …"
    return f"--db {db_path or DEFAULT_DB}"


@click.group()
def users() -> None:
    """Manage reviewer-queue accounts."""


@users.command("add")
@click.argument("name")
@click.option("--role", type=click.Choice(["writer", "reviewer"]), required=True,
              help="Writers submit drafts and see their own; reviewers see and decide all.")
@click.option("--password", prompt=True, prompt_required=False, hide_input=True, confirmation_prompt=True,
              default=None, help="Password for signing in to the pages; give the flag alone to be prompted. "
                                 "Without it the user has only an API token.")
@with_database
def users_add(name: str, role: str, password: str | None, db_path: Path | None, database_url: str | None) -> None:
    """Create user NAME and print their API token (shown once; stored only as a hash)."""
    from ..web import db

    engine = open_engine(resolve_database_url(db_path, database_url))
    try:
        user, token = db.create_user(engine, name, role, password)
    except (db.Conflict, db.Invalid) as exc:
        raise fail(str(exc)) from None
    click.echo(f"created {user.role} {user.name}{'' if password else ' (no password: API token only)'}", err=True)
    click.echo(f"API token (shown once): {token}", err=True)
    click.echo(token)


@users.command("list")
@with_database
def users_list(db_path: Path | None, database_url: str | None) -> None:
    """List users and their roles."""
    import sqlalchemy as sa

    from ..web.schema import users as users_table

    url = resolve_database_url(db_path, database_url)
    missing = sqlite_file_missing(url)
    if missing:  # listing must not create an empty database where the user expected theirs
        raise fail(f"no database at {missing}; give the --db that `factcheck users add` and `serve` use")
    engine = open_engine(url)
    with engine.connect() as conn:
        for row in conn.execute(sa.select(users_table.c.name, users_table.c.role).order_by(users_table.c.name)):
            click.echo(f"{row.name}\t{row.role}")
