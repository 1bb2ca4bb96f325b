"""Faults and politeness against a real local server: each fault ends as the stated
FetchResult status, the run goes on, and the server sees exactly the requests expected."""
from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

import pytest
from ghserver import GHServer, Reply, fetch_settings, gh, make_settings  # noqa: F401

from factcheck.settings import Settings
from factcheck.sources.http import parse_link_header, resolves_private, retry_after_seconds
from factcheck.sources.live import LiveSources
from factcheck.sources.progress import FetchProgress

PAGE = "<html><head><title>Post</title></head><body><article><p>Body text.</p></article></body></html>"


async def get(settings: Settings, url: str):
    async with LiveSources(settings) as sources:
        return await sources.get(url)


async def test_etag_revalidation_answers_304_without_a_body(gh: GHServer, tmp_path: Path) -> None:
    gh.page("/post", PAGE, etag='"v1"')
    settings = make_settings(tmp_path, gh, cache_ttl=0)  # every entry stale at once: always revalidate
    first = await get(settings, f"{gh.url}/post")
    second = await get(settings, f"{gh.url}/post")
    seen = gh.requests_to("/post")
    assert len(seen) == 2
    assert "if-none-match" not in seen[0].headers and seen[1].headers["if-none-match"] == '"v1"'
    assert second.status == "ok" and second.document.text == first.document.text == "Body text."
    assert second.requests == 1


async def test_last_modified_is_sent_back(gh: GHServer, tmp_path: Path) -> None:
    gh.page("/post", PAGE, headers={"Last-Modified": "Tue, 22 Sep 2026 08:00:00 GMT"})
    settings = make_settings(tmp_path, gh, cache_ttl=0)
    await get(settings, f"{gh.url}/post")
    await get(settings, f"{gh.url}/post")
    assert gh.requests_to("/post")[1].headers["if-modified-since"] == "Tue, 22 Sep 2026 08:00:00 GMT"


async def test_github_rate_limit_waits_for_the_reset(gh: GHServer, fetch_settings: Settings) -> None:
    reset = int(time.time()) + 1  # GitHub's reset is whole epoch seconds
    gh.route("/page", Reply(status=403, body={"message": "API rate limit exceeded"},
                            headers={"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(reset)}),
             Reply(body=PAGE))
    result = await get(fetch_settings, f"{gh.url}/page")
    assert result.status == "ok"
    assert gh.count("/page") == 2
    assert time.time() >= reset - 0.05, "the retry came before the reset"


async def test_rate_limit_longer_than_allowed_fails_without_hammering(gh: GHServer,
                                                                      fetch_settings: Settings) -> None:
    reset = int(time.time()) + 3600
    limited = Reply(status=403, body={"message": "API rate limit exceeded"},
                    headers={"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(reset)})
    gh.route("/a", limited)
    gh.route("/b", Reply(body=PAGE))
    async with LiveSources(fetch_settings) as sources:
        first = await sources.get(f"{gh.url}/a")
        second = await sources.get(f"{gh.url}/b")
    assert first.status == "failed" and "rate limited" in first.detail and "wait" in first.detail
    # the host said "not before the reset": nobody asks it again in this run
    assert second.status == "failed" and second.requests == 0
    assert gh.count() == 1


async def test_429_with_retry_after(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/busy", Reply(status=429, body="slow down", headers={"Retry-After": "1"}), Reply(body=PAGE))
    started = time.monotonic()
    result = await get(fetch_settings, f"{gh.url}/busy")
    assert result.status == "ok" and result.requests == 2
    assert gh.count("/busy") == 2 and time.monotonic() - started >= 0.95


async def test_500_then_success_is_retried(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/flaky", Reply(status=500, body="oops"), Reply(status=502, body="oops"), Reply(body=PAGE))
    result = await get(fetch_settings, f"{gh.url}/flaky")
    assert result.status == "ok" and result.document.text == "Body text."
    assert gh.count("/flaky") == 3 and result.requests == 3


async def test_persistent_500_fails_after_the_retries(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/down", Reply(status=503, body="down"))
    result = await get(fetch_settings, f"{gh.url}/down")
    assert result.status == "failed" and "HTTP 503" in result.detail and "3 attempts" in result.detail
    assert gh.count("/down") == 3  # retries=2: never more


async def test_failures_are_not_cached(gh: GHServer, tmp_path: Path) -> None:
    gh.route("/down", Reply(status=500, body="x"), Reply(status=500, body="x"), Reply(body=PAGE))
    settings = make_settings(tmp_path, gh, retries=0)
    assert (await get(settings, f"{gh.url}/down")).status == "failed"
    assert (await get(settings, f"{gh.url}/down")).status == "failed"
    assert (await get(settings, f"{gh.url}/down")).status == "ok"
    assert (await get(settings, f"{gh.url}/down")).requests == 0  # now cached
    assert gh.count("/down") == 3


async def test_slow_response_times_out(gh: GHServer, tmp_path: Path) -> None:
    gh.route("/slow", Reply(body=PAGE, delay=1.0))
    settings = make_settings(tmp_path, gh, timeout=0.2, retries=1)
    started = time.monotonic()
    result = await get(settings, f"{gh.url}/slow")
    assert result.status == "failed" and "timed out" in result.detail
    assert gh.count("/slow") == 2 and time.monotonic() - started < 0.9


async def test_redirect_loop_is_refused(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/loop-a", Reply(status=302, headers={"Location": "/loop-b"}))
    gh.route("/loop-b", Reply(status=302, headers={"Location": f"{gh.url}/loop-a"}))
    result = await get(fetch_settings, f"{gh.url}/loop-a")
    assert result.status == "refused" and "redirects" in result.detail
    assert gh.count("/loop-") == fetch_settings.fetch.max_redirects + 1


async def test_redirect_is_followed_and_recorded(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/old", Reply(status=301, headers={"Location": "/new"}))
    gh.page("/new", PAGE)
    result = await get(fetch_settings, f"{gh.url}/old")
    assert result.status == "ok" and result.document.url == f"{gh.url}/old"
    assert f"{gh.url}/new" in result.document.aliases


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
async def test_huge_body_is_refused(gh: GHServer, tmp_path: Path, chunked: bool) -> None:
    gh.route("/huge", Reply(body=("<p>" + "x" * 300_000 + "</p>").encode(),
                            headers={"Content-Type": "text/html"}, chunked=chunked))
    settings = make_settings(tmp_path, gh, max_bytes=100_000)
    result = await get(settings, f"{gh.url}/huge")
    assert result.status == "refused" and "100000 byte limit" in result.detail
    assert gh.count("/huge") == 1  # a refusal is final: no retry


async def test_image_body_is_refused(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/chart.png", Reply(body=b"\x89PNG\r\n\x1a\n" + b"\0" * 64, headers={"Content-Type": "image/png"}))
    result = await get(fetch_settings, f"{gh.url}/chart.png")
    assert result.status == "refused" and "image/png is not text" in result.detail


async def test_404_page_is_not_found(gh: GHServer, fetch_settings: Settings) -> None:
    result = await get(fetch_settings, f"{gh.url}/gone")
    assert result.status == "not_found" and gh.count("/gone") == 1


async def test_private_host_refused_without_permission(gh: GHServer, tmp_path: Path) -> None:
    gh.page("/post", PAGE)
    settings = make_settings(tmp_path, gh, allow_private_hosts=False)
    result = await get(settings, f"{gh.url}/post")
    assert result.status == "refused" and "allow-private-hosts" in result.detail
    assert gh.count() == 0


@pytest.mark.parametrize("host", ["127.0.0.1", "10.1.2.3", "192.168.0.1", "169.254.169.254", "::1",
                                  "fd00:ec2::254", "0.0.0.0", "100.64.0.1", "::ffff:127.0.0.1", "localhost"])
async def test_private_addresses(host: str) -> None:
    assert await resolves_private(host)


async def test_public_address_is_allowed() -> None:
    assert not await resolves_private("8.8.8.8")


@pytest.mark.parametrize("url", ["ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)"])
async def test_other_schemes_are_refused(fetch_settings: Settings, url: str) -> None:
    result = await get(fetch_settings, url)
    assert result.status == "refused" and "http" in result.detail


async def test_allowlist_refuses_other_hosts(gh: GHServer, tmp_path: Path) -> None:
    settings = make_settings(tmp_path, gh).model_copy(update={"sources_allow": ["example.org"]})
    result = await get(settings, f"{gh.url}/post")
    assert result.status == "refused" and "allowlist" in result.detail and gh.count() == 0


async def test_one_failing_source_does_not_stop_the_others(gh: GHServer, fetch_settings: Settings) -> None:
    gh.page("/ok", PAGE)
    gh.route("/bad", Reply(status=500, body="x"))
    gh.route("/img", Reply(body=b"GIF89a", headers={"Content-Type": "image/gif"}))
    async with LiveSources(fetch_settings) as sources:
        results = await asyncio.gather(*(sources.get(f"{gh.url}/{p}") for p in ("bad", "ok", "img", "missing")))
    assert [r.status for r in results] == ["failed", "ok", "refused", "not_found"]
    assert sources.requests == 3 + 1 + 1 + 1


async def test_per_host_concurrency_cap(gh: GHServer, tmp_path: Path) -> None:
    for n in range(6):
        gh.page(f"/p{n}", PAGE, delay=0.15)
    settings = make_settings(tmp_path, gh, per_host=2)
    async with LiveSources(settings) as sources:
        results = await asyncio.gather(*(sources.get(f"{gh.url}/p{n}") for n in range(6)))
    assert all(r.status == "ok" for r in results)
    assert gh.max_in_flight == 2


def test_retry_after_forms() -> None:
    assert retry_after_seconds({"retry-after": "7"}) == 7
    now = 1_800_000_000.0  # 2027-01-15 08:00:00 UTC
    assert retry_after_seconds({"retry-after": "Fri, 15 Jan 2027 08:00:10 GMT"}, now=now) == 10
    assert retry_after_seconds({"retry-after": "Fri, 15 Jan 2027 07:00:00 GMT"}, now=now) == 0
    assert retry_after_seconds({"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(int(now) + 30)},
                               now=now) == 30
    assert retry_after_seconds({"x-ratelimit-remaining": "5", "x-ratelimit-reset": "1"}) is None


def test_link_header() -> None:
    value = '<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last"'
    assert parse_link_header(value) == {"next": "https://api.github.com/x?page=2",
                                        "last": "https://api.github.com/x?page=5"}


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream, enabled, shown", [(Terminal(), True, True), (io.StringIO(), True, False),
                                                    (Terminal(), False, False)],
                         ids=["terminal", "pipe", "quiet"])
async def test_progress_only_for_a_person_at_a_terminal(gh: GHServer, fetch_settings: Settings,
                                                        stream: io.StringIO, enabled: bool, shown: bool) -> None:
    gh.page("/post", PAGE)
    with FetchProgress(enabled=enabled, total=1, stream=stream) as progress:
        async with LiveSources(fetch_settings, progress=progress) as sources:
            assert (await sources.get(f"{gh.url}/post")).status == "ok"
    assert ("fetching sources" in stream.getvalue()) is shown
