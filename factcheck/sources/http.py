"""One polite, careful HTTP client for every live source.

What it guarantees, whoever calls it:

- only ``http``/``https``; hosts that resolve to loopback, private, link-local,
  reserved or metadata addresses are refused unless ``allow_private_hosts``;
  every request (each redirect hop too) resolves its host once and connects to
  the address it checked (``pinned.py``), and redirects are capped;
- the GitHub token goes only to the configured GitHub API host;
- at most ``per_host`` requests in flight per host; retries with exponential
  backoff on 5xx, timeouts and connection errors; ``Retry-After`` and GitHub's
  ``X-RateLimit-*`` headers are obeyed (a host that says "wait" is not asked
  again until then, and a wait longer than ``max_wait`` is reported instead);
- non-text bodies and bodies over ``max_bytes`` are refused before they are read
  in full;
- answers are cached (see ``cache.py``); a stale entry is revalidated with
  ``If-None-Match`` / ``If-Modified-Since``.

Faults are raised as ``FetchRefused`` (not fetched on purpose) or
``FetchFailed`` (could not fetch); any HTTP status, 404 included, is returned,
and the fetchers above turn a 404 into ``SourceNotFound``.
"""
from __future__ import annotations

import asyncio
import email.utils
import json
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
from ..regex_cache import compile_pattern
from ..settings import FetchSettings
from .cache import CachedResponse, HttpCache
from .pinned import AsyncPinnedTransport, HostGuard, HostRefused, HostUnresolved

REDIRECTS = frozenset({301, 302, 303, 307, 308})
CACHEABLE = frozenset({404, 410})
TEXT_TYPES = compile_pattern(
    r"^(text/[\w.+-]+|application/(json|[\w.+-]+\+json|xhtml\+xml|xml|[\w.+-]+\+xml|x-yaml|yaml|markdown|x-ndjson)"
    r"|application/vnd\.github[\w.+-]*)$"
)


class FetchRefused(Exception):
    """Not fetched on purpose: scheme, private host, content type, size, redirects."""


class FetchFailed(Exception):
    """Could not fetch: timeouts, connection errors, 5xx or rate limits that outlast the retries."""


class SourceNotFound(Exception):
    """The cited thing does not exist (404/410): the citation cannot be resolved."""


@dataclass
class Tally:
    """Network round trips and cache answers for one source; each ``LiveSources.get`` has its own."""

    requests: int = 0
    cached: int = 0


@dataclass(frozen=True)
class Response:
    url: str
    status: int
    headers: dict[str, str]
    body: bytes
    from_cache: bool = False

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";")[0].strip().lower()

    @property
    def charset(self) -> str | None:
        found = re.search(r"charset=\"?([\w.:-]+)", self.headers.get("content-type", ""), re.I)
        return found.group(1) if found else None

    def text(self) -> str:
        try:
            return self.body.decode(self.charset or "utf-8", errors="replace")
        except LookupError:
            return self.body.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8-sig", errors="replace"))

    def links(self) -> dict[str, str]:
        """The ``Link`` header's targets by ``rel`` (GitHub pagination)."""
        return parse_link_header(self.headers.get("link", ""))


def parse_link_header(value: str) -> dict[str, str]:
    return {rel: url for url, rel in re.findall(r'<([^>]+)>\s*;\s*rel="?([\w-]+)"?', value)}


def retry_after_seconds(headers: dict[str, str], now: float | None = None) -> float | None:
    """Seconds to wait from ``Retry-After`` (seconds or an HTTP date) or GitHub's reset header."""
    now = time.time() if now is None else now
    value = headers.get("retry-after", "").strip()
    if value:
        if re.fullmatch(r"\d+(\.\d+)?", value):
            return float(value)
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            when = None
        if when is not None:
            return max(0.0, when.timestamp() - now)
    if headers.get("x-ratelimit-remaining") == "0" and re.fullmatch(r"\d+", headers.get("x-ratelimit-reset", "")):
        return max(0.0, float(headers["x-ratelimit-reset"]) - now)
    return None


def is_rate_limited(status: int, headers: dict[str, str]) -> bool:
    if status == 429:
        return True
    if status == 403:
        return headers.get("x-ratelimit-remaining") == "0" or "retry-after" in headers
    return status == 503 and "retry-after" in headers


def origin(url: str) -> str:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return f"{parts.scheme}://{(parts.hostname or '').lower()}:{port}"


class HttpClient:
    """The shared ``httpx.AsyncClient`` plus the per-host state politeness needs."""

    def __init__(self, settings: FetchSettings, cache: HttpCache | None = None,
                 guard: HostGuard | None = None) -> None:
        """``guard``: who resolves host names and which addresses are refused; by default the
        system resolver, refusing private addresses unless ``settings.allow_private_hosts``."""
        self.settings = settings
        self.cache = cache
        limits = httpx.Limits(max_connections=max(8, settings.per_host * 4), max_keepalive_connections=8)
        self._client = httpx.AsyncClient(
            timeout=httpx.Timeout(settings.timeout),
            follow_redirects=False,  # followed by hand, so each hop's status and headers are seen
            headers={"User-Agent": settings.user_agent},
            # Proxies from the environment could route "localhost" elsewhere; settings say where to go.
            trust_env=False,
            transport=AsyncPinnedTransport(
                guard or HostGuard.for_settings(settings.allow_private_hosts),
                lambda: httpx.AsyncHTTPTransport(limits=limits, trust_env=False)),
        )
        self._slots: dict[str, asyncio.Semaphore] = {}
        self._blocked_until: dict[str, float] = {}
        self._token_origin = origin(settings.github_api)

    async def __aenter__(self) -> "HttpClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._client.aclose()

    # --- the one public call ------------------------------------------------

    async def get(self, url: str, tally: Tally, headers: dict[str, str] | None = None) -> Response:
        """GET ``url``: from the cache when fresh, else from the network (conditionally when stale)."""
        check_scheme(url)
        headers = dict(headers or {})
        key = f"{headers.get('Accept', '*/*')} {url}"
        cached = self.cache.get(key) if self.cache is not None else None
        if cached and not self.settings.refresh and cached.is_fresh(self.settings.cache_ttl):
            tally.cached += 1
            return Response(url=cached.url, status=cached.status, headers=cached.headers, body=cached.body,
                            from_cache=True)
        if cached and cached.status < 300:
            if cached.etag:
                headers["If-None-Match"] = cached.etag
            if cached.last_modified:
                headers["If-Modified-Since"] = cached.last_modified
        response = await self._with_retries(url, headers, tally)
        if response.status == 304 and cached:
            assert self.cache is not None
            self.cache.touch(key)
            return Response(url=cached.url, status=cached.status, headers=cached.headers, body=cached.body)
        if self.cache is not None and (200 <= response.status < 300 or response.status in CACHEABLE):
            self.cache.put(key, CachedResponse(
                url=response.url, status=response.status, headers=response.headers, body=response.body,
                etag=response.headers.get("etag"), last_modified=response.headers.get("last-modified"),
                stored_at=time.time(),
            ))
        return response

    # --- retries, rate limits ----------------------------------------------

    async def _with_retries(self, url: str, headers: dict[str, str], tally: Tally) -> Response:
        host = origin(url)
        problem = "no attempt made"
        attempts = self.settings.retries + 1
        for attempt in range(attempts):
            await self._wait_if_blocked(host)
            delay = self.settings.backoff * (2 ** attempt)
            try:
                response = await self._follow(url, headers, tally)
            except (httpx.TimeoutException, TimeoutError):
                problem = f"timed out after {self.settings.timeout:g} s"
            except httpx.TransportError as exc:
                problem = f"connection error ({type(exc).__name__}: {exc})"
            else:
                if is_rate_limited(response.status, response.headers):
                    wait = retry_after_seconds(response.headers)
                    problem = f"rate limited (HTTP {response.status})"
                    if wait is not None:
                        if wait > self.settings.max_wait:
                            self._blocked_until[host] = time.time() + wait
                            raise FetchFailed(f"{problem}; the host asks to wait {wait:.0f} s, "
                                              f"longer than the {self.settings.max_wait:g} s allowed")
                        # Everyone else bound for this host waits too, instead of hammering it.
                        self._blocked_until[host] = time.time() + wait
                        delay = 0.0
                elif response.status >= 500:
                    problem = f"HTTP {response.status}"
                else:
                    return response
            if attempt + 1 < attempts and delay:
                await asyncio.sleep(delay)
        raise FetchFailed(f"{problem}, {attempts} attempt{'s' if attempts > 1 else ''}")

    async def _wait_if_blocked(self, host: str) -> None:
        wait = self._blocked_until.get(host, 0.0) - time.time()
        if wait <= 0:
            return
        if wait > self.settings.max_wait:
            raise FetchFailed(f"rate limited: the host asked to wait {wait:.0f} s")
        await asyncio.sleep(wait)

    # --- one attempt: redirects, safety, size ------------------------------

    async def _follow(self, url: str, headers: dict[str, str], tally: Tally) -> Response:
        current = url
        for _hop in range(self.settings.max_redirects + 1):
            check_scheme(current)
            sent = dict(headers)
            if self.settings.github_token and origin(current) == self._token_origin:
                sent["Authorization"] = f"Bearer {self.settings.github_token}"
            tally.requests += 1
            async with self._slot(origin(current)):
                async with asyncio.timeout(self.settings.timeout):
                    response = await self._read(current, sent)
            location = response.headers.get("location")
            if response.status in REDIRECTS and location:
                current = urljoin(current, location)
                # Validators belong to the URL they were stored for.
                headers = {k: v for k, v in headers.items() if not k.startswith("If-")}
                continue
            return response
        raise FetchRefused(f"more than {self.settings.max_redirects} redirects")

    @asynccontextmanager
    async def _slot(self, host: str) -> AsyncIterator[None]:
        slot = self._slots.setdefault(host, asyncio.Semaphore(self.settings.per_host))
        async with slot:
            yield

    async def _read(self, url: str, headers: dict[str, str]) -> Response:
        try:
            return await self._read_capped(url, headers)
        except httpx.InvalidURL as exc:
            raise FetchRefused(f"not a valid URL ({exc})") from None
        except HostRefused as exc:
            # raised by the pinned transport, before any connection is made
            raise FetchRefused(f"{exc} (allow with --allow-private-hosts)") from None
        except HostUnresolved as exc:
            raise FetchFailed(str(exc)) from None

    async def _read_capped(self, url: str, headers: dict[str, str]) -> Response:
        cap = self.settings.max_bytes
        async with self._client.stream("GET", url, headers=headers) as raw:
            got = {k.lower(): v for k, v in raw.headers.items()}
            if 200 <= raw.status_code < 300:
                kind = got.get("content-type", "").split(";")[0].strip().lower()
                if not kind:
                    raise FetchRefused("the response has no content type; only text is read")
                if not TEXT_TYPES.match(kind):
                    raise FetchRefused(f"content type {kind} is not text")
                length = got.get("content-length", "")
                if length.isdigit() and int(length) > cap:
                    raise FetchRefused(f"body of {int(length)} bytes is over the {cap} byte limit")
            body = bytearray()
            async for chunk in raw.aiter_bytes():
                body.extend(chunk)
                if len(body) > cap:
                    raise FetchRefused(f"body is over the {cap} byte limit")
        # Decoded already; the stored headers must not claim otherwise.
        got.pop("content-encoding", None)
        got.pop("content-length", None)
        return Response(url=url, status=raw.status_code, headers=got, body=bytes(body))


def check_scheme(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise FetchRefused(f"only http and https URLs are fetched, not {parts.scheme or 'no scheme'}")
    if not parts.hostname:
        raise FetchRefused("URL has no host")


async def resolves_private(host: str) -> bool:
    """True when ``host`` is, or resolves to any, address that is not on the public internet."""
    try:
        await asyncio.to_thread(HostGuard().addresses, host, 0)
    except HostRefused:
        return True
    except HostUnresolved as exc:
        raise FetchFailed(str(exc)) from None
    return False


def require_ok(response: Response, what: str) -> Response:
    """The response if it is a success; 404/410 -> SourceNotFound, anything else -> FetchFailed."""
    if 200 <= response.status < 300:
        return response
    if response.status in (404, 410):
        raise SourceNotFound(f"{what} not found (HTTP {response.status})")
    reason = ""
    if response.content_type.endswith("json"):
        try:
            message = response.json().get("message")
        except (ValueError, AttributeError):
            message = None
        reason = f": {message}" if isinstance(message, str) and message else ""
    raise FetchFailed(f"{what}: HTTP {response.status}{reason}")
