"""``factcheck check``: one draft against the sources it cites."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import InputError
from ..output import FORMATS, render
from ..i18n import LANGS, Translator, localize, resolve_lang, translator
from ..regex_cache import cache_directory, pattern_cache
from .common import (ACCEPT_INCOMPLETE_HELP, FAIL_ON, FETCH_DEADLINE_HELP, build_settings, exit_status,
                     fail_input, lang_option, llm_options, refuse_format_as_output, say_incomplete,
                     stderr_progress, use_color)


@click.command()
@click.argument("draft", type=click.Path(path_type=Path))
@click.option("--sources", "sources_dir", type=click.Path(path_type=Path),
              help="Folder of archived source documents (*.json, docs/contracts.md §2) to use instead of "
                   "the network. A cited URL none of them answers is reported as unresolved.")
@click.option("--format", "fmt", type=click.Choice(sorted(FORMATS), case_sensitive=False), default="text",
              show_default=True,
              help="Output format.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write the report to this file instead of stdout.")
@click.option("--fail-on", type=click.Choice(FAIL_ON), default=None,
              help="Exit 1 when a finding of this severity or worse is reported (default: error).")
@click.option("--accept-incomplete", is_flag=True, default=None, help=ACCEPT_INCOMPLETE_HELP)
@click.option("--fetch-deadline", type=click.FloatRange(min=0, min_open=True), default=None,
              help=FETCH_DEADLINE_HELP)
@click.option("--thread-id", help="Checkpoint thread to resume or record this run under "
                                  "(default: derived from the draft and its sources).")
@click.option("--checkpoint", type=click.Path(path_type=Path),
              help="SQLite checkpoint file (default: <cache dir>/checkpoints.sqlite).")
@click.option("--no-checkpoint", is_flag=True, help="Do not record the run in the checkpoint database.")
@click.option("--github-api", help="GitHub REST API base URL (GitHub Enterprise, or a local test server).")
@click.option("--allow-private-hosts", is_flag=True, help="Allow fetching from loopback and private addresses.")
@click.option("--refresh", is_flag=True, help="Bypass the HTTP cache when fetching live sources.")
@click.option("-q", "--quiet", is_flag=True, help="No progress output on stderr.")
@click.option("--baseline", "baseline_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Baseline of accepted findings (factcheck baseline write) to suppress. "
                   "Inline <!-- factcheck ... --> comments always apply.")
@lang_option
@llm_options
def check(draft: Path, sources_dir: Path | None, fmt: str, output: Path | None, fail_on: str | None,
          accept_incomplete: bool | None, fetch_deadline: float | None,
          thread_id: str | None, checkpoint: Path | None, no_checkpoint: bool, github_api: str | None,
          allow_private_hosts: bool, refresh: bool, quiet: bool, baseline_path: Path | None,
          lang: str | None, llm_flags: dict[str, float]) -> None:
    """Check DRAFT (Markdown or plain text) against the sources it cites.

    The LLM second opinion runs only when FACTCHECK_LLM_MODEL and
    FACTCHECK_LLM_BASE_URL or OPENAI_API_KEY are set.

    Exit status: 0 when no finding reaches --fail-on, 1 when one does or
    when some cited sources could not be read (the run is incomplete; the
    summary says "incomplete: K of N cited sources could not be read";
    --accept-incomplete accepts it), 2 for bad usage or an input that cannot
    be read.
    """
    refuse_format_as_output(output, FORMATS)
    settings = build_settings(fail_on=fail_on, checkpoint=checkpoint, quiet=quiet or None,
                              lang=lang.lower() if lang else None,
                              accept_incomplete=accept_incomplete or None,
                              **{"fetch.deadline": fetch_deadline}, **llm_flags)
    # flags only switch things on: an unset flag leaves the config file's value
    if no_checkpoint:
        settings.use_checkpoint = False
    if github_api:
        settings.fetch.github_api = github_api
    if allow_private_hosts:
        settings.fetch.allow_private_hosts = True
    if refresh:
        settings.fetch.refresh = True
    # The check's modules compile their patterns as they are imported, and the messages'
    # templates when first used: their compiled code is kept in the cache directory.
    with cache_directory(settings.cache_dir):
        with pattern_cache("check-imports"):
            from .ci import step_summary, with_suppressions
            from ..output.many import Checked
            from ..pipeline import check_path
        try:
            report = check_path(draft, settings, sources_dir=sources_dir, thread_id=thread_id,
                                progress=stderr_progress(settings.quiet, progress_words(settings.lang, draft)))
            draft_text = draft.read_text(encoding="utf-8-sig")
            report = with_suppressions(report, draft_text, baseline_path)
            report = localize(report, resolve_lang(settings.lang, draft_text))
            text = render(report, fmt, draft_text, str(draft), color=output is None and use_color(sys.stdout))
        except InputError as exc:
            raise fail_input(exc) from None
    if output:
        output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    step_summary([fmt], [Checked(report, draft_text, str(draft))])
    say_incomplete([report], settings.accept_incomplete)
    sys.exit(exit_status(report, settings.fail_on, settings.accept_incomplete))


def progress_words(setting: str | None, draft: Path) -> Translator:
    """The language of the progress lines, known before the run: the one set, else the
    draft's own (English when the draft cannot be read; the run then says why)."""
    if setting in LANGS:
        return translator(setting)  # type: ignore[arg-type]
    try:
        text = draft.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeError):
        text = ""
    return translator(resolve_lang(None, text))
