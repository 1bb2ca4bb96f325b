"""URL normalisation: the many ways a draft may cite one document map to one key."""
from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from ..regex_cache import compile_pattern

# GitHub sub-pages of a PR or issue that mean the PR or issue itself.
_GITHUB_SUBPAGES = compile_pattern(r"^(/[^/]+/[^/]+/(?:pull|issues)/\d+)(?:/(?:files|commits|checks|changes)(?:/.*)?)?$")
_GITHUB_PR_OR_ISSUE = compile_pattern(r"^/([^/]+)/([^/]+)/(?:pull|pulls|issues)/(\d+)$")


# "javascript:alert(1)", "mailto:…": a scheme with no "//" (but not "host:8080/path")
_OTHER_SCHEME = compile_pattern(r"^([A-Za-z][A-Za-z0-9+.-]*):(?!//)(?!\d+(?:[/?#]|$))")


def url_problem(url: str) -> str | None:
    """Why ``url`` is not a URL that can name a source (a port that is not a number,
    a broken IPv6 host, ``javascript:``…), or None. ``urlsplit`` and its ``port``
    raise on such input; a draft or an archive may hold it, and one bad citation
    must become a finding, not end the run."""
    raw = url.strip()
    other = _OTHER_SCHEME.match(raw) or re.match(r"^([A-Za-z][A-Za-z0-9+.-]*)://", raw)
    if other and other.group(1).lower() not in ("http", "https"):
        return f"only http and https URLs are read, not {other.group(1)}:"
    if "://" not in raw:
        raw = "https://" + raw
    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number in range
    except ValueError as exc:
        return f"not a valid URL ({exc})"
    if not parts.hostname:
        return "not a valid URL (no host)"
    return None


def normalize_url(url: str) -> str:
    """A comparison key: https, lowercase host without ``www.``, no fragment, no
    trailing slash; for github.com no query, and PR/issue sub-pages folded onto
    ``/pull/N`` (GitHub PRs and issues share one number space). A string that is
    not a valid URL keys as itself (``invalid:…``): it matches only itself, never raises."""
    raw = url.strip()
    if url_problem(raw):
        return "invalid:" + raw
    if "://" not in raw:
        raw = "https://" + raw
    parts = urlsplit(raw)
    host = (parts.hostname or "").lower()
    if host.startswith("www."):
        host = host[4:]
    port = f":{parts.port}" if parts.port and parts.port not in (80, 443) else ""
    path = re.sub(r"/{2,}", "/", parts.path or "/")
    if path != "/":
        path = path.rstrip("/")
    query = parts.query
    if host == "github.com":
        query = ""
        sub = _GITHUB_SUBPAGES.match(path)
        if sub:
            path = sub.group(1)
        pr = _GITHUB_PR_OR_ISSUE.match(path)
        if pr:
            path = f"/{pr.group(1).lower()}/{pr.group(2).lower()}/pull/{pr.group(3)}"
        else:
            segs = path.split("/")
            if len(segs) >= 3:
                segs[1], segs[2] = segs[1].lower(), segs[2].lower()
            path = "/".join(segs)
    elif host == "huggingface.co":
        query = ""
    return urlunsplit(("https", host + port, path if path != "/" else "", query, ""))


def github_parts(url: str) -> tuple[str, str, str] | None:
    """(owner/repo, kind, rest) for a github.com URL: kind is pull, issues, releases, blob, tree or ''."""
    if url_problem(url):
        return None
    parts = urlsplit(url if "://" in url else "https://" + url)
    host = (parts.hostname or "").lower().removeprefix("www.")
    if host != "github.com":
        return None
    segs = [s for s in parts.path.split("/") if s]
    if len(segs) < 2:
        return None
    repo = f"{segs[0]}/{segs[1]}"
    kind = segs[2] if len(segs) > 2 else ""
    rest = "/".join(segs[3:])
    return repo, kind, rest
