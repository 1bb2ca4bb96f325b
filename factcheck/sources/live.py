"""``LiveSources``: the network as a SourceProvider.

    async with LiveSources(settings) as sources:
        result = await sources.get("https://github.com/vllm-project/vllm/pull/56893")

Each URL is fetched once per run (citing a PR five times costs one fetch), and
every fault becomes a ``FetchResult`` status, never an exception: one broken
source must not stop the others.
"""
from __future__ import annotations

import asyncio
import datetime as dt
from urllib.parse import urlsplit

from ..models import SourceDocument
from ..settings import Settings
from . import FetchResult
from .cache import HttpCache
from .github import GithubApi, fetch_github, parse_github_url, web_hosts
from .http import FetchFailed, FetchRefused, HttpClient, SourceNotFound, Tally, check_scheme
from .pinned import HostGuard
from .progress import FetchProgress
from .urls import normalize_url, url_problem
from .web import fetch_hf_card, fetch_page, hf_card_id


class LiveSources:
    """Fetches cited URLs; ``requests`` and ``cached_requests`` count the whole run."""

    def __init__(self, settings: Settings, progress: FetchProgress | None = None,
                 guard: HostGuard | None = None) -> None:
        self.settings = settings
        self.requests = 0
        self.cached_requests = 0
        self._guard = guard
        self._progress = progress
        self._own_progress = progress is None
        self._http: HttpClient | None = None
        self._cache: HttpCache | None = None
        self._seen: dict[str, asyncio.Task[FetchResult]] = {}
        # fetch.deadline bounds the whole fetch phase, from the first get() on
        self._deadline: float | None = None

    async def __aenter__(self) -> "LiveSources":
        self._cache = HttpCache(self.settings.http_cache_path)
        self._http = HttpClient(self.settings.fetch, self._cache, guard=self._guard)
        if self._own_progress:
            self._progress = FetchProgress(enabled=not self.settings.quiet).__enter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        # fetches still running after the deadline were given up: stop them before the client goes
        unfinished = [task for task in self._seen.values() if not task.done()]
        for task in unfinished:
            task.cancel()
        await asyncio.gather(*unfinished, return_exceptions=True)
        if self._own_progress and self._progress is not None:
            self._progress.__exit__(None, None, None)
        if self._http is not None:
            await self._http.aclose()
        if self._cache is not None:
            self._cache.close()
        self._http = self._cache = None

    async def get(self, url: str) -> FetchResult:
        if self._http is None:
            raise RuntimeError("LiveSources must be used as `async with LiveSources(settings) as sources:`")
        problem = url_problem(url)
        if problem:
            return FetchResult(url=url, status="refused", detail=problem)
        try:
            check_scheme(url)
            key = normalize_url(url)
        except (FetchRefused, ValueError) as exc:
            return FetchResult(url=url, status="refused", detail=str(exc))
        loop = asyncio.get_running_loop()
        if self._deadline is None:
            self._deadline = loop.time() + self.settings.fetch.deadline
        first = key not in self._seen
        if first:
            self._seen[key] = asyncio.ensure_future(self._fetch(url))
        task = self._seen[key]
        try:
            async with asyncio.timeout_at(self._deadline):
                # shield: a cancelled caller must not cancel the fetch another caller shares.
                result = await asyncio.shield(task)
        except TimeoutError:
            result = FetchResult(url=url, status="failed",
                                 detail=f"not read within the fetch deadline of {self.settings.fetch.deadline:g} s "
                                        "(fetch.deadline, --fetch-deadline)")
            if self._progress is not None:
                self._progress.done(result)
            return result
        if not first:
            return result.model_copy(update={"url": url, "requests": 0, "cached_requests": 0})
        return result

    async def _fetch(self, url: str) -> FetchResult:
        tally = Tally()
        try:
            document = await self._document(url, tally)
            result = FetchResult(url=url, document=with_citation(document, url))
        except SourceNotFound as exc:
            result = FetchResult(url=url, status="not_found", detail=str(exc))
        except FetchRefused as exc:
            result = FetchResult(url=url, status="refused", detail=str(exc))
        except FetchFailed as exc:
            result = FetchResult(url=url, status="failed", detail=str(exc))
        except Exception as exc:  # noqa: BLE001 - a parser bug on one page must not end the run
            result = FetchResult(url=url, status="failed", detail=f"unexpected {type(exc).__name__}: {exc}")
        result.requests, result.cached_requests = tally.requests, tally.cached
        self.requests += tally.requests
        self.cached_requests += tally.cached
        if self._progress is not None:
            self._progress.done(result)
        return result

    async def _document(self, url: str, tally: Tally) -> SourceDocument:
        assert self._http is not None
        self._check_allowed(url)
        target = parse_github_url(url, web_hosts(self.settings.fetch.github_api))
        if target is not None:
            return await fetch_github(GithubApi(self._http, tally, self.settings.fetch.github_api), target)
        card = hf_card_id(url)
        if card is not None:
            return await fetch_hf_card(self._http, tally, url, self.settings.fetch.huggingface_base, card)
        return await fetch_page(self._http, tally, url)

    def _check_allowed(self, url: str) -> None:
        allowed = self.settings.sources_allow
        host = (urlsplit(url).hostname or "").lower()
        if allowed and not any(host == a.lower() or host.endswith("." + a.lower()) for a in allowed):
            raise FetchRefused(f"host {host} is not in the sources allowlist")


def with_citation(document: SourceDocument, cited: str) -> SourceDocument:
    """Stamp the fetch time, and keep the URL as cited among the aliases so an
    archive of this document answers the same citation."""
    aliases = list(document.aliases)
    if cited not in (document.url, *aliases):
        aliases.append(cited)
    fetched = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return document.model_copy(update={"aliases": aliases, "fetched_at": fetched})
