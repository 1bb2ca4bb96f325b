"""What every command shares: settings built from config, environment and flags;
the exit status; how input errors and progress reach stderr."""
from __future__ import annotations

import functools
import os
import time
from pathlib import Path
from typing import Iterable

import click

from ..errors import InputError
from ..i18n import Translator
from ..models import SEVERITY_RANK, Report
from ..settings import Settings

FAIL_ON = ("error", "warning", "info", "never")


def exit_status(report: Report, fail_on: str, accept_incomplete: bool = False) -> int:
    """0 when no finding reaches ``fail_on``, 1 when one does (docs/contracts.md §3), and 1 when
    cited sources could not be read, unless that is accepted: a gate that passes on
    nothing checked is no gate. ``--fail-on never`` is about findings only."""
    if report.incomplete and not accept_incomplete:
        return 1
    if fail_on == "never":
        return 0
    floor = SEVERITY_RANK[fail_on]
    return 1 if any(SEVERITY_RANK[f.severity] >= floor for f in report.findings) else 0


def say_incomplete(reports: list[Report], accept_incomplete: bool) -> None:
    """Why an incomplete run exits 1 (or that it was accepted), once, on stderr, in the
    reports' language."""
    from ..output.summary import incomplete_clause, words_of

    clause = incomplete_clause(reports)
    if not clause:
        return
    tr = words_of(reports)
    if accept_incomplete:
        line = tr.gettext("{clause} (accepted: --accept-incomplete)")
    else:
        line = tr.gettext("{clause}; exit 1 (--accept-incomplete, or accept_incomplete = true in "
                          "factcheck.toml, accepts an incomplete run)")
    click.echo("factcheck: " + line.format(clause=clause), err=True)


ACCEPT_INCOMPLETE_HELP = ("Exit 0 (findings allowing) even when some cited sources could not be read. "
                          "By default such a run is incomplete and exits 1. Config accept_incomplete.")
FETCH_DEADLINE_HELP = ("Seconds the whole fetch phase may take (default 300); sources not read by then "
                       "make the run incomplete. Config fetch.deadline.")


def fail_input(exc: InputError) -> "click.exceptions.Exit":
    click.echo(f"factcheck: error: {exc}", err=True)
    return click.exceptions.Exit(2)


def stderr_progress(quiet: bool, tr: Translator | None = None):
    """Progress lines on stderr, nothing with -q. Each line carries the seconds since the
    run started, so a CI log (not a terminal: no live bar there) shows what a slow run
    is doing: one line per source fetched or failed. ``tr``: the language of the lines
    (the run's English when None)."""
    if quiet:
        return None
    start = time.monotonic()

    def say(message: str) -> None:
        click.echo(f"factcheck: [{time.monotonic() - start:6.1f} s] {tr.text(message) if tr else message}",
                   err=True)

    return say


def build_settings(**overrides: object) -> Settings:
    """Settings from the config file, the environment, then the flags that were given."""
    from ..config import load_settings

    given = {k: v for k, v in overrides.items() if v is not None}
    try:
        return load_settings(os.environ, Path.cwd(), given).settings
    except InputError as exc:
        raise fail_input(exc) from None


def use_color(stream) -> bool:
    """Colour for a person at a terminal; never in pipes, files, or with NO_COLOR set (no-color.org)."""
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")


# Vale's --output names a format (CLI, line, JSON); ours names a file. A bare format name
# given as the file is refused rather than written to a file called "JSON".
VALE_OUTPUTS = {"cli": "text", "line": "text"}


def refuse_format_as_output(output: Path | None, formats: Iterable[str]) -> None:
    if output is None or len(output.parts) != 1:
        return
    name = output.name.lower()
    fmt = VALE_OUTPUTS.get(name, name if name in formats else None)
    if fmt:
        raise click.UsageError(
            f"--output takes the file to write the report to; {output.name!r} is a format name. "
            f"Use --format {fmt} (a file really named {output.name} can be given as ./{output.name}).")


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

