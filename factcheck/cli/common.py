"""What every command shares: settings built from config, environment and flags;
the exit status; how input errors and progress reach stderr."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..errors import InputError
from ..models import SEVERITY_RANK, Report
from ..settings import Settings

FAIL_ON = ("error", "warning", "info", "never")


def exit_status(report: Report, fail_on: str) -> int:
    """0 when no finding reaches ``fail_on``, 1 when one does (contract §3)."""
    if fail_on == "never":
        return 0
    floor = SEVERITY_RANK[fail_on]
    return 1 if any(SEVERITY_RANK[f.severity] >= floor for f in report.findings) else 0


def fail_input(exc: InputError) -> "click.exceptions.Exit":
    click.echo(f"factcheck: error: {exc}", err=True)
    return click.exceptions.Exit(2)


def stderr_progress(quiet: bool):
    """Progress lines on stderr for a person at a terminal; nothing in pipes, CI logs or with -q."""
    if quiet or not sys.stderr.isatty():
        return None
    return lambda message: click.echo(f"factcheck: {message}", err=True)


def build_settings(**overrides: object) -> Settings:
    """Settings from the config file, the environment, then the flags that were given."""
    from ..config import load_settings

    given = {k: v for k, v in overrides.items() if v is not None}
    try:
        return load_settings(os.environ, Path.cwd(), given).settings
    except InputError as exc:
        raise fail_input(exc) from None
