"""GitHub URLs fetched through the REST API of a local server: documents, and the requests it took."""
from __future__ import annotations

from pathlib import Path

from ghserver import (  # noqa: F401
    GHServer,
    Reply,
    fetch_settings,
    gh,
    gh_comment,
    gh_issue,
    gh_license,
    gh_pull,
    gh_release,
    gh_repo,
    link_header,
    make_settings,
)

from factcheck.settings import Settings
from factcheck.sources.github import parse_github_url, web_hosts
from factcheck.sources.live import LiveSources

REPO = "acme/engine"
PR_URL = f"https://github.com/{REPO}/pull/42"


def serve_pull(gh: GHServer) -> None:
    base = f"/repos/{REPO}"
    gh.json(f"{base}/pulls/42", gh_pull(REPO, 42, "Store the KV cache in FP8",
                                        "Cuts KV memory by up to 47% on H100 (TP8).",
                                        created="2026-09-10T08:00:00Z", merged="2026-09-15T12:30:00Z"))
    path = f"{base}/issues/42/comments"
    gh.route(f"{path}?per_page=100", Reply(body=[
        gh_comment(REPO, 1, "alice", "2026-09-11T09:00:00Z", "Numbers are for DeepSeek only."),
        gh_comment(REPO, 2, "bob", "2026-09-13T09:00:00Z", "LGTM"),
    ], headers=link_header(gh.url, path, 1, 2)))
    gh.route(f"{path}?per_page=100&page=2", Reply(body=[
        gh_comment(REPO, 3, "carol", "2026-09-14T09:00:00Z", "Accuracy drops 0.3 on GSM8K."),
    ], headers=link_header(gh.url, path, 2, 2)))
    gh.json(f"{base}/pulls/42/comments", [
        gh_comment(REPO, 9, "dave", "2026-09-12T10:00:00Z", "Why not per-layer?", path="kv/fp8.py"),
    ])


async def fetch(settings: Settings, url: str):
    async with LiveSources(settings) as sources:
        return await sources.get(url), sources


async def test_pull_request_with_paginated_comments(gh: GHServer, fetch_settings: Settings) -> None:
    serve_pull(gh)
    result, sources = await fetch(fetch_settings, PR_URL + "/files")
    doc = result.document
    assert result.status == "ok", result.detail
    assert doc.kind == "pull_request" and doc.url == PR_URL
    assert (doc.repo, doc.number, doc.state) == (REPO, 42, "merged")
    assert doc.title == "Store the KV cache in FP8"
    assert doc.text == "Cuts KV memory by up to 47% on H100 (TP8)."
    assert doc.dates.created.startswith("2026-09-10") and doc.dates.merged.startswith("2026-09-15")
    # issue comments from both pages plus the review comment, oldest first
    assert [c.author for c in doc.comments] == ["alice", "dave", "bob", "carol"]
    assert doc.comments[1].path == "kv/fp8.py"
    assert PR_URL + "/files" in doc.aliases and doc.fetched_at.endswith("Z")
    # pull + 2 comment pages + review comments
    assert gh.count("/repos/") == 4
    assert (result.requests, result.cached_requests) == (4, 0)
    assert (sources.requests, sources.cached_requests) == (4, 0)
    assert all(s.headers["accept"] == "application/vnd.github+json" for s in gh.log)


async def test_second_run_is_served_from_cache_and_refresh_bypasses_it(gh: GHServer, tmp_path: Path) -> None:
    serve_pull(gh)
    settings = make_settings(tmp_path / "cache", gh)
    first, _ = await fetch(settings, PR_URL)
    assert gh.count() == 4

    again, sources = await fetch(settings, PR_URL)
    assert gh.count() == 4, "a cached run must not touch the network"
    assert (again.requests, again.cached_requests) == (0, 4)
    assert sources.cached_requests == 4
    assert again.document.model_dump(exclude={"fetched_at"}) == first.document.model_dump(exclude={"fetched_at"})

    refreshed, _ = await fetch(make_settings(tmp_path / "cache", gh, refresh=True), PR_URL)
    assert gh.count() == 8
    assert (refreshed.requests, refreshed.cached_requests) == (4, 0)


async def test_same_url_twice_in_one_run_is_fetched_once(gh: GHServer, fetch_settings: Settings) -> None:
    serve_pull(gh)
    async with LiveSources(fetch_settings) as sources:
        one = await sources.get(PR_URL)
        two = await sources.get(f"https://github.com/{REPO}/issues/42#issuecomment-1")
    assert one.document.number == two.document.number == 42
    assert two.url.endswith("#issuecomment-1") and two.requests == 0
    assert gh.count() == 4


async def test_issue_url_of_a_pull_request_and_plain_issue(gh: GHServer, fetch_settings: Settings) -> None:
    serve_pull(gh)
    gh.json(f"/repos/{REPO}/issues/42", gh_issue(REPO, 42, "x", "x", created="2026-09-10T08:00:00Z", is_pull=True))
    gh.json(f"/repos/{REPO}/issues/7", gh_issue(REPO, 7, "Crash on AMD", "Segfault with ROCm 7.",
                                                 created="2026-09-01T00:00:00Z", closed="2026-09-03T00:00:00Z"))
    gh.json(f"/repos/{REPO}/issues/7/comments", [gh_comment(REPO, 5, "eve", "2026-09-02T00:00:00Z", "same here")])
    async with LiveSources(fetch_settings) as sources:
        as_issue = await sources.get(f"https://github.com/{REPO}/issues/42")
        issue = await sources.get(f"https://github.com/{REPO}/issues/7")
        pull_of_issue = await sources.get(f"https://github.com/{REPO}/pull/7")
    assert as_issue.document.kind == "pull_request" and as_issue.document.state == "merged"
    assert issue.document.kind == "issue" and issue.document.state == "closed"
    assert issue.document.dates.closed.startswith("2026-09-03")
    assert [c.text for c in issue.document.comments] == ["same here"]
    # /pull/7 and /issues/7 are one key (shared numbers): the second is not fetched again
    assert pull_of_issue.document.kind == "issue" and pull_of_issue.requests == 0


async def test_release_by_tag_latest_and_list(gh: GHServer, fetch_settings: Settings) -> None:
    gh.json(f"/repos/{REPO}/releases/tags/v0.37.0",
            gh_release(REPO, "v0.37.0", "## What's changed\n- FP8 KV (#42)", published="2026-09-21T06:00:00Z"))
    gh.json(f"/repos/{REPO}/releases/latest",
            gh_release(REPO, "v0.38.0", "- faster", published="2026-09-28T06:00:00Z"))
    gh.json(f"/repos/{REPO}/releases", [
        gh_release(REPO, "v0.38.0", "- faster", published="2026-09-28T06:00:00Z"),
        gh_release(REPO, "v0.37.0", "- FP8 KV", published="2026-09-21T06:00:00Z", name="Autumn"),
    ])
    async with LiveSources(fetch_settings) as sources:
        tag = await sources.get(f"https://github.com/{REPO}/releases/tag/v0.37.0")
        latest = await sources.get(f"https://github.com/{REPO}/releases/latest")
        listing = await sources.get(f"https://github.com/{REPO}/releases")
    assert tag.document.kind == "release" and tag.document.title == "v0.37.0"
    assert tag.document.dates.published.startswith("2026-09-21") and "FP8 KV (#42)" in tag.document.text
    assert latest.document.tag == "v0.38.0"
    assert f"https://github.com/{REPO}/releases/tag/v0.38.0" in latest.document.aliases
    assert "## Autumn (v0.37.0, 2026-09-21)" in listing.document.text
    assert listing.document.text.index("v0.38.0") < listing.document.text.index("v0.37.0")


async def test_repository_license_readme_and_first_release(gh: GHServer, fetch_settings: Settings) -> None:
    base = f"/repos/{REPO}"
    gh.json(base, gh_repo(REPO, "A serving engine", created="2024-01-05T00:00:00Z",
                          license_spdx="Apache-2.0", license_name="Apache License 2.0"))
    gh.json(f"{base}/license", gh_license("Apache-2.0", "Apache License 2.0"))
    gh.route(f"{base}/readme", Reply(body=b"# Engine\n\nServes models.", headers={"Content-Type": "text/plain"}))
    path = f"{base}/releases"
    gh.route(f"{path}?per_page=100", Reply(body=[gh_release(REPO, "v2.0", "", published="2026-01-01T00:00:00Z")],
                                           headers=link_header(gh.url, path, 1, 3)))
    gh.route(f"{path}?per_page=100&page=3", Reply(body=[
        gh_release(REPO, "v0.2", "", published="2024-03-01T00:00:00Z"),
        gh_release(REPO, "v0.1", "", published="2024-02-01T00:00:00Z"),
    ], headers=link_header(gh.url, path, 3, 3)))
    result, _ = await fetch(fetch_settings, f"https://github.com/{REPO}")
    doc = result.document
    assert result.status == "ok", result.detail
    assert doc.kind == "repository" and doc.repo == REPO
    assert doc.license.spdx == "Apache-2.0" and doc.license.applies_to == "code"
    assert doc.text == "A serving engine\n\n# Engine\n\nServes models."
    assert doc.dates.first_release.startswith("2024-02-01")
    assert doc.dates.created.startswith("2024-01-05")
    # the middle page of releases is skipped: rel="last" goes straight to the oldest
    assert gh.count(f"{path}?per_page=100&page=2") == 0
    readme = gh.requests_to(f"{base}/readme")
    assert readme[0].headers["accept"] == "application/vnd.github.raw+json"


async def test_repository_without_license_or_releases_uses_oldest_tag(gh: GHServer,
                                                                       fetch_settings: Settings) -> None:
    base = "/repos/solo/tool"
    gh.json(base, gh_repo("solo/tool", "", created="2025-05-05T00:00:00Z"))
    gh.json(f"{base}/releases", [])
    gh.json(f"{base}/tags", [{"name": "v1.0", "commit": {"sha": "b" * 40}},
                             {"name": "v0.1", "commit": {"sha": "a" * 40}}])
    gh.json(f"{base}/commits/{'a' * 40}", {"sha": "a" * 40, "commit": {
        "author": {"date": "2025-06-01T00:00:00Z"}, "committer": {"date": "2025-06-02T00:00:00Z"}}})
    result, _ = await fetch(fetch_settings, "https://github.com/solo/tool/")
    doc = result.document
    assert doc.license.model_dump(exclude_none=True) == {"name": "none found"}
    assert doc.license.spdx is None
    assert doc.dates.first_release == "2025-06-02T00:00:00Z"
    assert doc.text == ""


async def test_file_at_a_ref(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route(f"/repos/{REPO}/contents/docs/CHANGELOG.md?ref=v1.2",
             Reply(body=b"## 1.2\n- new scheduler", headers={"Content-Type": "text/plain; charset=utf-8"}))
    result, _ = await fetch(fetch_settings, f"https://github.com/{REPO}/blob/v1.2/docs/CHANGELOG.md")
    assert result.status == "ok", result.detail
    assert result.document.text == "## 1.2\n- new scheduler"
    assert result.document.repo == REPO and result.document.path == "docs/CHANGELOG.md"


async def test_missing_pull_request_is_not_found(gh: GHServer, fetch_settings: Settings) -> None:
    result, _ = await fetch(fetch_settings, f"https://github.com/{REPO}/pull/999")
    assert result.status == "not_found" and result.document is None
    assert "not found" in result.detail
    # pulls/999, then issues/999 (a /pull/ URL may name an issue); a 404 is not retried
    assert gh.count() == 2


async def test_token_goes_to_the_api_host_only(gh: GHServer, tmp_path: Path) -> None:
    serve_pull(gh)
    gh.page("/blog/post.html", "<html><body><p>hello</p></body></html>")
    settings = make_settings(tmp_path / "cache", gh, github_token="ghp_secret")
    async with LiveSources(settings) as sources:
        pr = await sources.get(PR_URL)
        # the same server under another host name: not the GitHub API, so no token
        page = await sources.get(f"http://localhost:{gh.port}/blog/post.html")
    assert pr.status == page.status == "ok"
    api = gh.requests_to("/repos/")
    assert api and all(s.headers.get("authorization") == "Bearer ghp_secret" for s in api)
    other = gh.requests_to("/blog/")
    assert other and other[0].host.startswith("localhost") and "authorization" not in other[0].headers


def test_url_kinds() -> None:
    assert parse_github_url("https://github.com/o/r/pull/5/files").kind == "pull"
    assert parse_github_url("https://www.github.com/o/r/issues/6").number == 6
    assert parse_github_url("https://github.com/o/r/releases/tag/v1.0").tag == "v1.0"
    assert parse_github_url("https://github.com/o/r/releases").kind == "releases"
    assert parse_github_url("https://github.com/o/r").kind == "repository"
    assert parse_github_url("https://github.com/o/r.git").name == "r"
    blob = parse_github_url("https://github.com/o/r/blob/main/docs/README.md")
    assert (blob.kind, blob.ref, blob.path) == ("file", "main", "docs/README.md")
    assert parse_github_url("https://github.com/o/r/discussions/3") is None
    assert parse_github_url("https://gitlab.com/o/r/pull/5") is None


async def test_github_enterprise_host(gh: GHServer, tmp_path: Path) -> None:
    """With an API base of https://HOST/api/v3, HOST's own PR pages go through the API."""
    gh.json(f"/api/v3/repos/{REPO}/pulls/42", gh_pull(REPO, 42, "On GHE", "body", created="2026-09-10T08:00:00Z"))
    gh.json(f"/api/v3/repos/{REPO}/issues/42/comments", [])
    gh.json(f"/api/v3/repos/{REPO}/pulls/42/comments", [])
    settings = make_settings(tmp_path, gh, github_api=f"{gh.url}/api/v3", github_token="ghe_token")
    result, _ = await fetch(settings, f"{gh.url}/{REPO}/pull/42")
    assert result.status == "ok" and result.document.title == "On GHE"
    assert result.document.url == f"{gh.url}/{REPO}/pull/42" and result.document.state == "closed"
    assert gh.count("/api/v3/") == 3 == gh.count()
    assert all(s.headers["authorization"] == "Bearer ghe_token" for s in gh.log)
    # without /api/v3 the base is not a web host: a local page stays a page
    assert parse_github_url(f"{gh.url}/{REPO}/pull/42", web_hosts(gh.url)) is None
