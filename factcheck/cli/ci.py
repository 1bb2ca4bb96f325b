"""Commands for the pre-publish CI path: ``ci``, ``baseline write``, ``config show``.

Like the rest of the CLI, these read the environment and flags and pass
settings down; they are registered on the ``main`` group in ``cli/__init__.py``.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, get_args

import click

from ..changes import ChangedDraft, changed_drafts, repo_root
from ..config import describe, load_settings
from ..errors import InputError
from ..models import Finding, Report
from ..output import FORMATS
from ..output.many import Checked, render_many
from ..regex_cache import cache_directory, pattern_cache
from ..settings import Settings
from ..suppress import Baseline, apply_suppressions, baseline_from, load_baseline, write_baseline
from ..i18n import LANGS, Translator, localize, resolve_lang, translator
from .common import refuse_format_as_output, use_color
from .common import (ACCEPT_INCOMPLETE_HELP, FETCH_DEADLINE_HELP, exit_status, fail_input, lang_option,
                     llm_options, say_incomplete, stderr_progress)

FAIL_ON = get_args(Settings.model_fields["fail_on"].annotation)
DEFAULT_BASELINE = ".factcheck-baseline.json"

config_option = click.option(
    "--config", "config_path", type=click.Path(path_type=Path, dir_okay=False),
    help="Configuration file (default: factcheck.toml, .factcheck.toml or [tool.factcheck] in "
         "pyproject.toml, found from the working directory up to the git root).")


def settings_for(config_path: Path | None, **flags: object) -> Settings:
    try:
        return load_settings(os.environ, Path.cwd(), flags, config_path).settings
    except InputError as exc:
        raise fail_input(exc) from None


def read_draft(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read draft: {getattr(exc, 'strerror', None) or exc}", str(path)) from None


def with_suppressions(report: Report, draft_text: str, baseline_path: Path | None) -> Report:
    """Inline comments always apply; the baseline when a file is given."""
    baseline = load_baseline(baseline_path) if baseline_path else None
    return apply_suppressions(report, draft_text, baseline)


def on_lines(finding: Finding, lines: set[int]) -> bool:
    return any(n in lines for n in range(finding.line, finding.end_line + 1))


def only_changed(report: Report, change: ChangedDraft) -> Report:
    """Keep the findings whose span touches an added or changed line."""
    if change.lines is None:
        return report
    kept = [f for f in report.findings if on_lines(f, change.lines)]
    hidden = len(report.findings) - len(kept)
    notes = list(report.notes)
    if hidden:
        notes.append(f"{hidden} finding(s) on unchanged lines not shown (--all-lines shows them)")
    return report.model_copy(update={"findings": kept, "notes": notes})


def worst_status(reports: list[Report], fail_on: str, accept_incomplete: bool = False) -> int:
    return max((exit_status(r, fail_on, accept_incomplete) for r in reports), default=0)


def drafts_progress(out: Callable[[str], None] | None, path: str,
                    tr: Translator | None = None) -> Callable[[str], None] | None:
    """Progress lines that name the draft they are about (ci checks several), each in
    its draft's language when ``tr`` is given."""
    if out is None:
        return None
    return lambda message: out(f"{path}: {tr.text(message) if tr else message}")


def parse_also(values: tuple[str, ...]) -> list[tuple[str, Path]]:
    out = []
    for value in values:
        fmt, sep, path = value.partition("=")
        if not sep or not path or fmt not in FORMATS:
            raise click.BadParameter(f"{value!r}: expected FORMAT=PATH with FORMAT one of "
                                     f"{', '.join(sorted(FORMATS))}", param_hint="--also")
        out.append((fmt, Path(path)))
    return out


def emit(items: list[Checked], fmt: str, output: Path | None, also: list[tuple[str, Path]]) -> None:
    text = render_many(items, fmt, color=output is None and use_color(sys.stdout))
    if output:
        output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    for extra_fmt, path in also:
        path.write_text(render_many(items, extra_fmt), encoding="utf-8")
    step_summary([fmt, *(f for f, _ in also)], items)


def step_summary(formats: list[str], items: list[Checked]) -> None:
    """With the github format inside Actions, the whole report goes to the job summary."""
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary and "github" in formats:
        from ..output.github import append_step_summary

        append_step_summary(Path(summary), items)


@click.command()
@click.argument("paths", nargs=-1)
@click.option("--base", required=True, help="Git ref to compare against, e.g. origin/main or HEAD~1.")
@click.option("--all-lines", is_flag=True, help="Report findings anywhere in a changed draft, not only on "
                                               "the lines it adds or changes.")
@click.option("--sources", "sources_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Folder of archived source documents (*.json) to use instead of the network.")
@click.option("--baseline", "baseline_path", type=click.Path(path_type=Path, dir_okay=False),
              help=f"Baseline of accepted findings (default: {DEFAULT_BASELINE} at the repository "
                   "root, when it exists).")
@click.option("--format", "fmt", type=click.Choice(sorted(FORMATS), case_sensitive=False), default="text",
              show_default=True, help="Output format, as for check.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write the report to this file instead of stdout.")
@click.option("--also", "also", multiple=True, metavar="FORMAT=PATH",
              help="Also write the report in FORMAT to PATH (repeatable), e.g. --also sarif=factcheck.sarif.")
@click.option("--fail-on", type=click.Choice(FAIL_ON), default=None,
              help="Exit 1 when a reported finding is this severe or worse (default: fail_on from the "
                   "config file, else error).")
@click.option("--accept-incomplete", is_flag=True, default=None, help=ACCEPT_INCOMPLETE_HELP)
@click.option("--fetch-deadline", type=click.FloatRange(min=0, min_open=True), default=None,
              help=FETCH_DEADLINE_HELP + " Per draft.")
@click.option("-q", "--quiet", is_flag=True, help="No progress output on stderr.")
@config_option
@lang_option
@llm_options
def ci(paths: tuple[str, ...], base: str, all_lines: bool, sources_dir: Path | None,
       baseline_path: Path | None, fmt: str, output: Path | None, also: tuple[str, ...],
       fail_on: str | None, accept_incomplete: bool | None, fetch_deadline: float | None, quiet: bool,
       config_path: Path | None, lang: str | None, llm_flags: dict[str, float]) -> None:
    """Check the drafts changed against --base, reporting findings on changed lines.

    Drafts are the *.md, *.markdown and *.txt files (or PATHS: files, folders or
    git pathspec globs) that `git diff BASE` shows as added or modified, in
    commits, the index or the working tree, plus untracked files that git does
    not ignore (wholly new). Deleted drafts are skipped. Paths in the output are
    relative to the repository root.

    Inline suppression comments and the baseline apply as in check. Exit
    status, one for the whole run: 0 when no reported finding reaches
    --fail-on, 1 when one does or when some cited sources of a checked draft
    could not be read (incomplete; --accept-incomplete accepts it), 2 when a
    draft, source or setting cannot be read.
    """
    refuse_format_as_output(output, FORMATS)
    extra = parse_also(also)
    settings = settings_for(config_path, fail_on=fail_on, lang=lang.lower() if lang else None,
                            accept_incomplete=accept_incomplete or None, quiet=quiet or None,
                            **{"fetch.deadline": fetch_deadline}, **llm_flags)
    # the check's modules compile their patterns as they are imported: kept in the cache directory
    with cache_directory(settings.cache_dir), pattern_cache("ci-imports"):
        from ..pipeline import check_path
    progress = stderr_progress(settings.quiet)
    cwd = Path.cwd()
    try:
        root = repo_root(cwd)
        changes = changed_drafts(base, cwd, list(paths))
        if baseline_path is None and (root / DEFAULT_BASELINE).is_file():
            baseline_path = root / DEFAULT_BASELINE
        baseline: Baseline | None = load_baseline(baseline_path) if baseline_path else None
    except InputError as exc:
        raise fail_input(exc) from None
    if not changes:
        # no draft to take a language from: the one set, else English
        tr = translator(settings.lang if settings.lang in LANGS else "en")  # type: ignore[arg-type]
        click.echo("factcheck: " + tr.gettext("no drafts changed against {base}").format(base=base), err=True)
    items: list[Checked] = []
    status = 0
    for change in changes:
        try:
            draft_text = read_draft(root / change.path)
            report = check_path(root / change.path, settings, sources_dir=sources_dir,
                                progress=drafts_progress(progress, change.path,
                                                         translator(resolve_lang(settings.lang, draft_text))))
            report = apply_suppressions(report.model_copy(update={"draft": change.path}), draft_text, baseline)
        except InputError as exc:
            click.echo(f"factcheck: error: {exc}", err=True)
            status = 2
            continue
        except Exception as exc:  # noqa: BLE001 - one draft's crash must not drop the other drafts' results
            click.echo(f"factcheck: error: {change.path}: the check failed: {type(exc).__name__}: {exc}", err=True)
            status = 2
            continue
        if not all_lines:
            report = only_changed(report, change)
        report = localize(report, resolve_lang(settings.lang, draft_text))
        items.append(Checked(report, draft_text, change.path))
    emit(items, fmt, output, extra)
    say_incomplete([i.report for i in items], settings.accept_incomplete)
    sys.exit(max(status, worst_status([i.report for i in items], settings.fail_on, settings.accept_incomplete)))


@click.group()
def baseline() -> None:
    """Accept the current findings so that only new ones fail CI."""


@baseline.command("write")
@click.argument("drafts", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--sources", "sources_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Folder of archived source documents (*.json) to use instead of the network.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), default=DEFAULT_BASELINE,
              show_default=True, help="Baseline file to write (replaced, not merged).")
@config_option
def baseline_write(drafts: tuple[Path, ...], sources_dir: Path | None, output: Path,
                   config_path: Path | None) -> None:
    """Check DRAFTS and record every finding they report as accepted.

    Entries are keyed by finding id (same sentence + same category), so an
    accepted finding stays suppressed when its sentence moves, and comes back
    when the sentence is reworded. Findings already suppressed inline are not
    recorded. Draft paths are stored as given: run it from the repository root.
    """
    from ..pipeline import check_path

    settings = settings_for(config_path)
    reports = []
    try:
        for draft in drafts:
            text = read_draft(draft)
            report = check_path(draft, settings, sources_dir=sources_dir)
            reports.append(apply_suppressions(report.model_copy(update={"draft": str(draft)}), text, None))
    except InputError as exc:
        raise fail_input(exc) from None
    accepted = baseline_from(reports)
    write_baseline(accepted, output)
    click.echo(f"factcheck: wrote {len(accepted.entries)} accepted finding(s) from "
               f"{len(reports)} draft(s) to {output}", err=True)


@click.group()
def config() -> None:
    """Inspect the configuration."""


@config.command("show")
@config_option
@llm_options
def config_show(config_path: Path | None, llm_flags: dict[str, float]) -> None:
    """Print each effective setting and where it came from.

    Sources, lowest precedence first: default, file:PATH (factcheck.toml or
    [tool.factcheck] in pyproject.toml), env VAR, flag. Secrets are never printed.
    """
    try:
        effective = load_settings(os.environ, Path.cwd(), llm_flags, config_path)
    except InputError as exc:
        raise fail_input(exc) from None
    sys.stdout.write(describe(effective))
