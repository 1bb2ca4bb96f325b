"""``factcheck fetch DRAFT --save DIR``: freeze the evidence a draft cites.

PR descriptions get edited after publication; the saved documents let a check be
repeated on what the sources said when it ran (``factcheck check --sources DIR``).
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import click

from ..errors import InputError
from ..models import Citation
from ..settings import Settings
from ..sources import FetchResult
from ..sources.save import save_documents
from ..sources.urls import normalize_url


def unique_citations(citations: list[Citation]) -> list[Citation]:
    """First citation of each source, in draft order (two spellings of one PR are one source)."""
    seen: dict[str, Citation] = {}
    for citation in citations:
        seen.setdefault(normalize_url(citation.url), citation)
    return list(seen.values())


async def fetch_all(urls: list[str], settings: Settings) -> tuple[list[FetchResult], int, int]:
    """Every URL's result (in order), and the run's network requests and cache answers."""
    # imported here: httpx and BeautifulSoup cost a fifth of a second at start-up
    from ..sources.live import LiveSources
    from ..sources.progress import FetchProgress

    with FetchProgress(enabled=not settings.quiet, total=len(urls)) as progress:
        async with LiveSources(settings, progress=progress) as sources:
            results = await asyncio.gather(*(sources.get(url) for url in urls))
    return list(results), sources.requests, sources.cached_requests


@click.command("fetch")
@click.argument("draft", type=click.Path(path_type=Path))
@click.option("--save", "save_dir", required=True, metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write the source documents to (one JSON file per source, docs/contracts.md §2); "
                   "created if missing, same-named files overwritten.")
@click.option("--github-api", help="GitHub REST API base URL (GitHub Enterprise, or a local test server).")
@click.option("--allow-private-hosts", is_flag=True, help="Allow fetching from loopback and private addresses.")
@click.option("--refresh", is_flag=True, help="Bypass the HTTP cache: ask every source again "
                                              "(conditionally, so unchanged sources cost no body).")
@click.option("-q", "--quiet", is_flag=True, help="No progress output on stderr.")
def fetch(draft: Path, save_dir: Path, github_api: str | None, allow_private_hosts: bool, refresh: bool,
          quiet: bool) -> None:
    """Fetch every source DRAFT cites and save it in DIR as evidence.

    GitHub PRs, issues, releases, repositories and files come from the GitHub
    API (token from GITHUB_TOKEN); other pages and Hugging Face cards over
    HTTP. Answers are cached on disk for a day (fetch.cache_ttl), so a re-run
    makes no requests; --refresh asks again.

    Exit status: 0 when every cited source was saved, 1 when some could not be
    fetched (each is listed on stderr), 2 for bad usage or an unreadable draft.
    """
    from .common import build_settings, fail_input
    from ..draft import load_draft

    settings = build_settings(quiet=quiet or None)
    if github_api:
        settings.fetch.github_api = github_api
    settings.fetch.allow_private_hosts = allow_private_hosts or settings.fetch.allow_private_hosts
    settings.fetch.refresh = refresh
    try:
        parsed = load_draft(draft, settings.repos)
    except InputError as exc:
        raise fail_input(exc) from None
    citations = unique_citations(parsed.citations())
    results, requests, cached = asyncio.run(fetch_all([c.url for c in citations], settings))
    try:
        written = save_documents([r.document for r in results if r.document is not None], save_dir)
    except OSError as exc:
        raise fail_input(InputError(f"cannot write source documents: {exc.strerror or exc}", str(save_dir))) \
            from None
    problems = [(c, r) for c, r in zip(citations, results, strict=True) if r.status != "ok"]
    for citation, result in problems:
        what = {"not_found": "not found", "failed": "could not fetch", "refused": "refused"}[result.status]
        click.echo(f"{draft}:{citation.span.line}: {what}: {result.url} ({result.detail})", err=True)
    click.echo(f"factcheck: saved {len(written)} source document{'s' if len(written) != 1 else ''} to {save_dir} "
               f"({requests} request{'s' if requests != 1 else ''}, {cached} from cache)"
               + (f"; {len(problems)} of {len(citations)} cited sources not saved" if problems else ""),
               err=True)
    sys.exit(1 if problems else 0)
