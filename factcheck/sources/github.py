"""GitHub URLs -> source documents, through the REST API.

A cited ``github.com`` URL is mapped to the API calls that hold its text
(``GithubTarget``), and their JSON to one docs/contracts.md §2 document. The API base is
configurable (GitHub Enterprise, or a local test server); the cited URL stays
the document's URL, so an archive made from these documents answers the same
citations.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal
from urllib.parse import quote, urlsplit, urlunsplit

from ..models import Comment, LicenseInfo, SourceDates, SourceDocument
from .http import FetchFailed, HttpClient, SourceNotFound, Tally, require_ok
from .urls import github_parts

TargetKind = Literal["pull", "issue", "release", "releases", "latest_release", "repository", "file"]
JSON = "application/vnd.github+json"
RAW = "application/vnd.github.raw+json"
MAX_PAGES = 10  # 1,000 comments: more than any thread a newsletter cites


@dataclass(frozen=True)
class GithubTarget:
    kind: TargetKind
    owner: str
    name: str
    number: int | None = None
    tag: str | None = None
    ref: str | None = None
    path: str | None = None
    web: str = "https://github.com"  # a GitHub Enterprise host's own origin

    @property
    def repo(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def html_url(self) -> str:
        base = f"{self.web}/{self.repo}"
        return {
            "pull": f"{base}/pull/{self.number}",
            "issue": f"{base}/issues/{self.number}",
            "release": f"{base}/releases/tag/{self.tag}",
            "releases": f"{base}/releases",
            "latest_release": f"{base}/releases/latest",
            "repository": base,
            "file": f"{base}/blob/{self.ref}/{self.path}",
        }[self.kind]


def web_hosts(api_base: str) -> frozenset[str]:
    """Hosts whose pages the API at ``api_base`` serves: github.com, and a GitHub
    Enterprise server's own host when the base is ``https://HOST/api/v3``."""
    parts = urlsplit(api_base)
    if parts.hostname and parts.path.rstrip("/").endswith("/api/v3"):
        return frozenset({"github.com", parts.hostname.lower()})
    return frozenset({"github.com"})


def parse_github_url(url: str, hosts: frozenset[str] = frozenset({"github.com"})) -> GithubTarget | None:
    """The API-backed thing a GitHub URL names, or None for pages the API does not serve."""
    split = urlsplit(url if "://" in url else "https://" + url)
    host = (split.hostname or "").lower().removeprefix("www.")
    if host not in hosts:
        return None
    web = "https://github.com" if host == "github.com" else f"{split.scheme}://{split.netloc}"
    target = parse_github_path(split.path)
    return replace(target, web=web) if target else None


def parse_github_path(path: str) -> GithubTarget | None:
    parts = github_parts(urlunsplit(("https", "github.com", path, "", "")))
    if parts is None:
        return None
    repo, kind, rest = parts
    owner, name = repo.split("/", 1)
    name = name.removesuffix(".git")
    head = rest.split("/", 1)[0]
    if kind in ("pull", "pulls") and head.isdigit():
        return GithubTarget("pull", owner, name, number=int(head))
    if kind == "issues" and head.isdigit():
        return GithubTarget("issue", owner, name, number=int(head))
    if kind == "releases":
        if not rest:
            return GithubTarget("releases", owner, name)
        if rest == "latest":
            return GithubTarget("latest_release", owner, name)
        if rest.startswith("tag/") and len(rest) > 4:
            return GithubTarget("release", owner, name, tag=rest[4:])
        return None
    if kind == "blob" and "/" in rest:
        ref, path = rest.split("/", 1)
        return GithubTarget("file", owner, name, ref=ref, path=path)
    if kind == "" or (kind == "tree" and "/" not in rest):
        return GithubTarget("repository", owner, name)
    return None


class GithubApi:
    """The API base and the per-source tally, so each call below is one line."""

    def __init__(self, http: HttpClient, tally: Tally, base: str) -> None:
        self.http = http
        self.tally = tally
        self.base = base.rstrip("/")

    async def get(self, path: str, what: str, accept: str = JSON) -> Any:
        response = await self.http.get(self._url(path), self.tally, self._headers(accept))
        require_ok(response, what)
        return response.text() if accept == RAW else response.json()

    async def optional(self, path: str, what: str, accept: str = JSON) -> Any:
        """Like ``get``, but None when the thing does not exist (a repository without a license)."""
        try:
            return await self.get(path, what, accept)
        except SourceNotFound:
            return None

    async def pages(self, path: str, what: str, max_pages: int = MAX_PAGES) -> list[Any]:
        """Every item of a paginated list, following ``Link: rel="next"``."""
        items: list[Any] = []
        url: str | None = self._url(path, per_page=100)
        for _ in range(max_pages):
            if url is None:
                break
            response = require_ok(await self.http.get(url, self.tally, self._headers(JSON)), what)
            page = response.json()
            if not isinstance(page, list):
                raise FetchFailed(f"{what}: expected a JSON list from {url}")
            items.extend(page)
            url = response.links().get("next")
        return items

    async def first_and_last_page(self, path: str, what: str) -> list[Any]:
        """The first page and, through ``rel="last"``, the last: two requests for the oldest items."""
        first_url = self._url(path, per_page=100)
        response = require_ok(await self.http.get(first_url, self.tally, self._headers(JSON)), what)
        items = list(response.json())
        last = response.links().get("last")
        if last and last != first_url:
            tail = require_ok(await self.http.get(last, self.tally, self._headers(JSON)), what)
            items.extend(tail.json())
        return items

    def _url(self, path: str, per_page: int | None = None) -> str:
        url = f"{self.base}{path}"
        if per_page:
            url += ("&" if "?" in url else "?") + f"per_page={per_page}"
        return url

    @staticmethod
    def _headers(accept: str) -> dict[str, str]:
        return {"Accept": accept, "X-GitHub-Api-Version": "2022-11-28"}


async def fetch_github(api: GithubApi, target: GithubTarget) -> SourceDocument:
    fetchers = {
        "pull": fetch_pull,
        "issue": fetch_issue,
        "release": fetch_release,
        "latest_release": fetch_release,
        "releases": fetch_releases,
        "repository": fetch_repository,
        "file": fetch_file,
    }
    return await fetchers[target.kind](api, target)


async def fetch_pull(api: GithubApi, target: GithubTarget) -> SourceDocument:
    base = f"/repos/{target.repo}"
    n = target.number
    try:
        pr = await api.get(f"{base}/pulls/{n}", f"pull request {target.repo}#{n}")
    except SourceNotFound:
        # /pull/N of an issue number: GitHub's own site redirects to the issue.
        try:
            return await fetch_issue(api, replace(target, kind="issue"), as_pull=False)
        except SourceNotFound:
            raise SourceNotFound(f"pull request or issue {target.repo}#{n} not found (HTTP 404)") from None
    issue_comments = await api.pages(f"{base}/issues/{n}/comments", f"comments of {target.repo}#{n}")
    review_comments = await api.pages(f"{base}/pulls/{n}/comments", f"review comments of {target.repo}#{n}")
    comments = sorted([*map(comment, issue_comments), *map(comment, review_comments)],
                      key=lambda c: c.date or "")
    return SourceDocument(
        url=target.html_url,
        kind="pull_request",
        title=pr.get("title"),
        repo=target.repo,
        number=n,
        state="merged" if pr.get("merged_at") else pr.get("state"),
        dates=SourceDates(created=pr.get("created_at"), merged=pr.get("merged_at"),
                          closed=pr.get("closed_at"), updated=pr.get("updated_at")),
        text=pr.get("body") or "",
        comments=comments,
        author=login(pr),
        labels=label_names(pr),
        draft=bool(pr.get("draft")),
    )


async def fetch_issue(api: GithubApi, target: GithubTarget, as_pull: bool = True) -> SourceDocument:
    base = f"/repos/{target.repo}"
    n = target.number
    issue = await api.get(f"{base}/issues/{n}", f"issue {target.repo}#{n}")
    if as_pull and issue.get("pull_request"):
        return await fetch_pull(api, replace(target, kind="pull"))
    comments = await api.pages(f"{base}/issues/{n}/comments", f"comments of {target.repo}#{n}")
    return SourceDocument(
        url=target.html_url,
        kind="issue",
        title=issue.get("title"),
        repo=target.repo,
        number=n,
        state=issue.get("state"),
        dates=SourceDates(created=issue.get("created_at"), closed=issue.get("closed_at"),
                          updated=issue.get("updated_at")),
        text=issue.get("body") or "",
        comments=[comment(c) for c in comments],
        author=login(issue),
        labels=label_names(issue),
    )


async def fetch_release(api: GithubApi, target: GithubTarget) -> SourceDocument:
    if target.kind == "latest_release":
        path, what = f"/repos/{target.repo}/releases/latest", f"latest release of {target.repo}"
    else:
        path, what = f"/repos/{target.repo}/releases/tags/{quote(target.tag or '', safe='')}", \
            f"release {target.tag} of {target.repo}"
    release = await api.get(path, what)
    return release_document(release, target)


def release_document(release: dict[str, Any], target: GithubTarget) -> SourceDocument:
    tag = release.get("tag_name") or target.tag
    return SourceDocument(
        url=target.html_url,
        kind="release",
        title=release.get("name") or tag,
        repo=target.repo,
        state="prerelease" if release.get("prerelease") else "published",
        dates=SourceDates(published=release.get("published_at"), created=release.get("created_at")),
        text=release.get("body") or "",
        tag=tag,
        aliases=[replace(target, kind="release", tag=tag).html_url] if target.kind == "latest_release" else [],
    )


async def fetch_releases(api: GithubApi, target: GithubTarget) -> SourceDocument:
    # The newest releases only: the list page a writer cites shows those first.
    releases = await api.pages(f"/repos/{target.repo}/releases", f"releases of {target.repo}", max_pages=1)
    sections = []
    for release in releases:
        tag = release.get("tag_name", "")
        heading = release.get("name") or tag
        when = (release.get("published_at") or "")[:10]
        sections.append(f"## {heading} ({tag}, {when})\n\n{release.get('body') or ''}".rstrip())
    newest = releases[0] if releases else {}
    return SourceDocument(
        url=target.html_url,
        kind="release",
        title=f"Releases of {target.repo}",
        repo=target.repo,
        dates=SourceDates(published=newest.get("published_at")),
        text="\n\n".join(sections),
    )


async def fetch_repository(api: GithubApi, target: GithubTarget) -> SourceDocument:
    base = f"/repos/{target.repo}"
    repo = await api.get(base, f"repository {target.repo}")
    license_data = await api.optional(f"{base}/license", f"license of {target.repo}")
    readme = await api.optional(f"{base}/readme", f"README of {target.repo}", accept=RAW)
    description = repo.get("description") or ""
    return SourceDocument(
        url=target.html_url,
        kind="repository",
        title=repo.get("full_name") or target.repo,
        repo=repo.get("full_name") or target.repo,
        dates=SourceDates(created=repo.get("created_at"), updated=repo.get("pushed_at"),
                          first_release=await first_release(api, target)),
        license=repository_license(license_data, repo),
        text="\n\n".join(part for part in (description, readme or "") if part),
        description=description or None,
        topics=repo.get("topics") or [],
        archived=bool(repo.get("archived")),
    )


def repository_license(license_data: dict[str, Any] | None, repo: dict[str, Any]) -> LicenseInfo:
    found = (license_data or {}).get("license") or repo.get("license")
    if not found:
        return LicenseInfo(spdx=None, name="none found")
    spdx = found.get("spdx_id")
    # GitHub says NOASSERTION when a LICENSE file exists but matches no known license.
    return LicenseInfo(spdx=None if spdx in (None, "", "NOASSERTION") else spdx,
                       name=found.get("name") or "unrecognised license file", applies_to="code")


async def first_release(api: GithubApi, target: GithubTarget) -> str | None:
    """The earliest release's date; failing that, the date of the oldest-listed tag's commit."""
    try:
        return await oldest_release_or_tag(api, target)
    except FetchFailed:
        # The repository itself was read; a missing first-release date only narrows the checks.
        return None


async def oldest_release_or_tag(api: GithubApi, target: GithubTarget) -> str | None:
    base = f"/repos/{target.repo}"
    releases = await api.first_and_last_page(f"{base}/releases", f"releases of {target.repo}")
    dates = [r.get("published_at") or r.get("created_at") for r in releases if not r.get("draft")]
    dates = [d for d in dates if d]
    if dates:
        return min(dates)
    tags = await api.first_and_last_page(f"{base}/tags", f"tags of {target.repo}")
    if not tags:
        return None
    # Tags are listed newest-name first, so the last one is the oldest by name.
    sha = (tags[-1].get("commit") or {}).get("sha")
    if not sha:
        return None
    commit = await api.optional(f"{base}/commits/{sha}", f"commit {sha[:10]} of {target.repo}")
    info = (commit or {}).get("commit") or {}
    return (info.get("committer") or {}).get("date") or (info.get("author") or {}).get("date")


async def fetch_file(api: GithubApi, target: GithubTarget) -> SourceDocument:
    path = quote(target.path or "", safe="/")
    text = await api.get(f"/repos/{target.repo}/contents/{path}?ref={quote(target.ref or '', safe='')}",
                         f"{target.path} at {target.ref} in {target.repo}", accept=RAW)
    return SourceDocument(
        url=target.html_url,
        kind="page",
        title=f"{target.repo}: {target.path} @ {target.ref}",
        repo=target.repo,
        text=text,
        ref=target.ref,
        path=target.path,
    )


def comment(data: dict[str, Any]) -> Comment:
    extra = {"path": data["path"]} if data.get("path") else {}
    return Comment(author=login(data), date=data.get("created_at"), text=data.get("body") or "",
                   url=data.get("html_url"), **extra)


def login(data: dict[str, Any]) -> str | None:
    return (data.get("user") or {}).get("login")


def label_names(data: dict[str, Any]) -> list[str]:
    return [label["name"] for label in data.get("labels") or [] if isinstance(label, dict) and "name" in label]
