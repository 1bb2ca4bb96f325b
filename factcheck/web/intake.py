"""Getting a draft's text in: pasted, uploaded, or fetched from a URL of a file in a repo.

All three are untrusted: capped in size, strictly UTF-8, and a URL is fetched
only from public addresses (unless the server was told otherwise), connecting to
the very address that was checked (see ``sources/pinned.py``).
"""
from __future__ import annotations

import re
import time
from urllib.parse import urljoin, urlsplit

import httpx

from ..i18n.catalog import N_
from ..i18n.message import Message
from ..regex_cache import compile_pattern
from ..sources.http import TEXT_TYPES
from ..sources.pinned import HostGuard, HostRefused, HostUnresolved, PinnedTransport
from ..sources.urls import url_problem
from .db import Invalid

_TITLE = compile_pattern(r"\A---\n(?:(?!---\n).*\n)*?title:[ \t]*(.+)\n(?:(?!---\n).*\n)*?---\n|^#[ \t]+(.+)$", re.MULTILINE)
_GITHUB_BLOB = compile_pattern(r"^https://github\.com/([^/]+)/([^/]+)/blob/(.+)$")


def decode_draft(raw: bytes, max_bytes: int, what: Message | None = None) -> str:
    what = what or Message(N_("the draft"))
    if len(raw) > max_bytes:
        raise Invalid("draft_too_large", N_("{what} is {size:,} bytes; the limit is {max_bytes:,}"),
                      what=what, size=len(raw), max_bytes=max_bytes)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise Invalid("draft_not_utf8", N_("{what} is not valid UTF-8 (line {line})"), what=what, line=line) from None
    if "\x00" in text:
        raise Invalid("draft_binary", N_("{what} contains NUL bytes; is it a binary file?"), what=what)
    if not text.strip():
        raise Invalid("draft_empty", N_("{what} is empty"), what=what)
    return text.replace("\r\n", "\n")


def guess_title(text: str, fallback: str) -> str:
    """The front matter's title, else the first top-level heading, else ``fallback``."""
    match = _TITLE.search(text)
    title = (match.group(1) or match.group(2)).strip().strip("'\"") if match else ""
    return title[:300] or fallback


def raw_url(url: str) -> str:
    """A GitHub file page's raw twin; other URLs are taken as given."""
    match = _GITHUB_BLOB.match(url)
    if match:
        owner, repo, rest = match.groups()
        return f"https://raw.githubusercontent.com/{owner}/{repo}/{rest}"
    return url


_NOT_A_URL = N_("the draft URL is not a valid URL ({error})")


def _check_url(url: str) -> None:
    # url_problem first: urlsplit raises on "http://host:abc/x" or "http://[::1/x"
    problem = url_problem(url)
    if problem is not None and problem.startswith("not a valid URL"):
        raise Invalid("url_invalid", _NOT_A_URL, error=problem.removeprefix("not a valid URL").strip(" ()"))
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid("url_scheme", N_("a draft URL must be http:// or https://"))


def fetch_draft(url: str, *, max_bytes: int, allow_private: bool, timeout: float = 20.0,
                max_redirects: int = 5, deadline: float = 30.0,
                guard: HostGuard | None = None) -> tuple[str, str]:
    """The text of the draft at ``url`` and a name for it (the file name).
    ``deadline``: seconds the whole fetch may take, redirects included; an upstream
    that drips a byte a second must not hold a worker thread for minutes.
    ``guard``: who resolves host names and which addresses are refused; by default the
    system resolver, refusing private addresses unless ``allow_private``."""
    url = raw_url(url.strip())
    guard = guard or HostGuard.for_settings(allow_private)
    try:
        return _fetch(url, max_bytes, guard, timeout, max_redirects, time.monotonic() + deadline)
    except HostRefused as exc:
        raise Invalid("url_private", N_("{host} is a private or local address; the server does not fetch those"),
                      host=exc.host) from None
    except HostUnresolved as exc:
        raise Invalid("url_unresolved", N_("cannot resolve {host}"), host=exc.host) from None
    except httpx.HTTPError as exc:
        raise Invalid("url_unreachable", N_("cannot fetch the draft URL: {error}"), error=type(exc).__name__) from None
    except httpx.InvalidURL as exc:  # not an HTTPError: what urlsplit lets through and httpx does not
        raise Invalid("url_invalid", _NOT_A_URL, error=str(exc)) from None


# past the whole fetch's deadline
_LATE = N_("fetching the draft URL took too long; the server gave up (put the draft in the form instead)")


def _left(until: float, timeout: float) -> httpx.Timeout:
    """The time one network operation may take: the per-read timeout, or less near the deadline."""
    left = until - time.monotonic()
    if left <= 0:
        raise Invalid("url_too_slow", _LATE)
    return httpx.Timeout(min(timeout, left))


def _fetch(url: str, max_bytes: int, guard: HostGuard, timeout: float, max_redirects: int,
           until: float) -> tuple[str, str]:
    # The pinned transport checks each hop's host as it connects, so a public URL
    # cannot redirect, or rebind, to a private address.
    with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False,
                      transport=PinnedTransport(guard)) as client:
        for _ in range(max_redirects + 1):
            _check_url(url)
            with client.stream("GET", url, headers={"Accept": "text/plain, text/markdown, */*"},
                               timeout=_left(until, timeout)) as response:
                if response.is_redirect and "location" in response.headers:
                    url = urljoin(url, response.headers["location"])
                    continue
                if response.status_code != 200:
                    raise Invalid("url_http_error", N_("fetching the draft URL answered HTTP {status}"),
                                  status=response.status_code)
                kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
                if not kind or not TEXT_TYPES.match(kind):
                    raise Invalid("url_not_text", N_("the draft URL did not answer with text ({kind}); give the "
                                                     "URL of a raw file"),
                                  kind=kind or Message(N_("no content type")))
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > max_bytes:
                        raise Invalid("draft_too_large", N_("the draft at that URL is over the {max_bytes:,}-byte "
                                                            "limit"), max_bytes=max_bytes)
                    if time.monotonic() > until:
                        raise Invalid("url_too_slow", _LATE)
                name = urlsplit(url).path.rsplit("/", 1)[-1] or "draft.md"
                return decode_draft(bytes(body), max_bytes, Message(N_("the draft at that URL"))), name
    raise Invalid("url_redirects", N_("the draft URL redirects too many times"))


def take_draft(*, text: str | None, upload: tuple[str, bytes] | None, url: str | None,
               max_bytes: int, allow_private: bool, deadline: float = 30.0) -> tuple[str, str, str]:
    """The submitted draft as (text, name, origin), from whichever one of the
    three ways was used: an uploaded file, else a URL, else pasted text."""
    if upload and upload[1]:
        name = upload[0].rsplit("/", 1)[-1] or "draft.md"
        what = Message(N_("the file {name}"), {"name": name})
        # the origin is stored in English and shown through the catalogs
        return decode_draft(upload[1], max_bytes, what), name, str(Message(N_("upload: {name}"), {"name": name}))
    if url and url.strip():
        body, name = fetch_draft(url, max_bytes=max_bytes, allow_private=allow_private, deadline=deadline)
        return body, name, url.strip()
    if text and text.strip():
        return decode_draft(text.encode("utf-8"), max_bytes, Message(N_("the pasted draft"))), "draft.md", N_("pasted")
    raise Invalid("draft_missing", N_("paste the draft, upload a Markdown file, or give the URL of a draft file"))
