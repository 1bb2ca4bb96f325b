"""``factcheck worker``: run queued checks from a PostgreSQL-backed server.

Start any number, on any machine that reaches the database; each takes one job
at a time per ``--concurrency`` slot. A worker that dies mid-run has its job
handed to another once its lease (``--lease`` seconds) runs out, and the run
resumes there from its last checkpoint in the same database.
"""
from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import click

from ..errors import InputError
from .web import fail, open_engine, run_settings


@click.command()
@click.option("--database-url", envvar="DATABASE_URL", required=True,
              help="The server's PostgreSQL URL, e.g. postgresql+psycopg://factcheck@db/factcheck; "
                   "read from DATABASE_URL when not given.")
@click.option("--sources", "sources_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Check drafts against archived source documents in this folder instead of the network.")
@click.option("--concurrency", default=1, show_default=True, type=click.IntRange(1),
              help="Checks this worker runs at once; for more throughput start more workers (one per core).")
@click.option("--lease", default=60.0, show_default=True, type=click.FloatRange(1),
              help="Seconds a claim on a run holds without renewal: how long a dead worker's run waits "
                   "before another worker takes it over.")
@click.option("--allow-private-hosts", is_flag=True,
              help="Let live sources be fetched from loopback and private addresses.")
@click.option("--nice", "niceness", default=0, show_default=True, type=click.IntRange(0, 19),
              help="Lower this worker's CPU priority by N (as nice(1)), so that a server on the same "
                   "machine answers promptly while checks run.")
@click.option("-q", "--quiet", is_flag=True, help="Log only warnings and errors.")
def worker(database_url: str, sources_dir: Path | None, concurrency: int, lease: float,
           allow_private_hosts: bool, niceness: int, quiet: bool) -> None:
    """Run checks queued by `factcheck serve` on a PostgreSQL database, until stopped (Ctrl-C / SIGTERM)."""
    from ..web.jobs import is_postgres, run_worker
    from ..web.runner import pipeline_checker

    if not is_postgres(database_url):
        raise fail("workers need a PostgreSQL database; with SQLite, `factcheck serve` runs the checks itself")
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if niceness:
        os.nice(niceness)
    settings = run_settings(database_url, None, allow_private_hosts)
    engine = open_engine(database_url)
    try:
        checker = pipeline_checker(settings, sources_dir)
    except InputError as exc:
        raise fail(str(exc)) from None
    click.echo(f"factcheck worker on {database_url.split('@')[-1]} (concurrency {concurrency}, lease {lease:g} s"
               f"{f', nice {niceness}' if niceness else ''})", err=True)
    asyncio.run(run_worker(database_url, engine, checker, concurrency=concurrency, lease=lease))
