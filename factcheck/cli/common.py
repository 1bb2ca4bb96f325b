"""What every command shares: settings built from config, environment and flags;
the exit status; how input errors and progress reach stderr."""
from __future__ import annotations

import functools
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


lang_option = click.option(
    "--lang", type=click.Choice(["auto", "zh", "en"], case_sensitive=False), default=None,
    help="Language of messages, suggestions and reports: zh (Chinese) or en (English). Default: the "
         "draft's own language. Env FACTCHECK_LANG, config key lang.")


def llm_options(command):
    """The LLM step's bounds as flags (``--llm-budget``, ``--llm-timeout``, ``--llm-deadline``);
    the command function receives them as ``llm_flags``, a dict of dotted setting keys.
    Goes below ``@click.command()``, so the options land on the function it wraps."""
    options = [
        click.option("--llm-budget", type=click.IntRange(min=0), default=None,
                     help="At most N HTTP requests to the LLM in this run, retries included (cached answers "
                          "are free; 0 = cached answers only). Env FACTCHECK_LLM_BUDGET, config llm.budget."),
        click.option("--llm-timeout", type=click.FloatRange(min=0, min_open=True), default=None,
                     help="Seconds one LLM request may take (default 60). Env FACTCHECK_LLM_TIMEOUT, "
                          "config llm.timeout."),
        click.option("--llm-deadline", type=click.FloatRange(min=0, min_open=True), default=None,
                     help="Seconds all LLM requests of the run may take together (default 600); claims left "
                          "unjudged are reported as one info finding. Env FACTCHECK_LLM_DEADLINE, "
                          "config llm.deadline."),
    ]
    inner = command
    for option in reversed(options):
        inner = option(inner)

    def gather(*args, llm_budget=None, llm_timeout=None, llm_deadline=None, **kwargs):
        flags = {"llm.budget": llm_budget, "llm.timeout": llm_timeout, "llm.deadline": llm_deadline}
        return inner(*args, llm_flags={k: v for k, v in flags.items() if v is not None}, **kwargs)

    functools.update_wrapper(gather, inner)
    return gather

