"""A real HTTP server on 127.0.0.1 for the live-source tests: GitHub-API-shaped
JSON (built to the documented response schemas of pulls, issues, comments,
releases, repos and license) and plain web pages, with the faults the fetcher
must survive. It records every request it sees, so tests can count them.

Import the fixtures into a test module: ``from ghserver import gh, fetch_settings``.
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest

from factcheck.settings import FetchSettings, Settings


@dataclass
class Reply:
    status: int = 200
    body: Any = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    etag: str | None = None  # answer 304 to a matching If-None-Match
    chunked: bool = False  # no Content-Length: the client must cap while reading

    def payload(self) -> tuple[bytes, str]:
        if isinstance(self.body, (dict, list)):
            return json.dumps(self.body).encode(), "application/json; charset=utf-8"
        if isinstance(self.body, str):
            return self.body.encode(), "text/html; charset=utf-8"
        return bytes(self.body), "application/octet-stream"


@dataclass
class Seen:
    path: str
    host: str
    headers: dict[str, str]


class GHServer:
    """Routes are exact request targets (path plus query); a target without its
    query also matches. A route holds a list of replies, used in turn; the last
    one repeats."""

    def __init__(self) -> None:
        self.routes: dict[str, list[Reply]] = {}
        self.served: dict[str, int] = {}
        self.log: list[Seen] = []
        self.in_flight = 0
        self.max_in_flight = 0  # the most requests the server was handling at once
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self.port = self._httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def __enter__(self) -> "GHServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    # --- configuring --------------------------------------------------------

    def route(self, target: str, *replies: Reply) -> None:
        self.routes[target] = list(replies)

    def json(self, target: str, data: Any, **reply: Any) -> None:
        self.route(target, Reply(body=data, **reply))

    def page(self, target: str, html: str, **reply: Any) -> None:
        self.route(target, Reply(body=html, **reply))

    # --- inspecting ---------------------------------------------------------

    def count(self, prefix: str = "") -> int:
        with self._lock:
            return sum(1 for seen in self.log if seen.path.startswith(prefix))

    def requests_to(self, prefix: str) -> list[Seen]:
        with self._lock:
            return [seen for seen in self.log if seen.path.startswith(prefix)]

    # --- serving ------------------------------------------------------------

    def _pick(self, target: str) -> Reply:
        with self._lock:
            key = target if target in self.routes else target.split("?", 1)[0]
            replies = self.routes.get(key)
            if not replies:
                return Reply(status=404, body={"message": "Not Found",
                                               "documentation_url": "https://docs.github.com/rest"})
            index = self.served.get(key, 0)
            self.served[key] = index + 1
            return replies[min(index, len(replies) - 1)]

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # else each small write waits for a delayed ACK

            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

            def do_GET(self) -> None:
                headers = {k.lower(): v for k, v in self.headers.items()}
                with server._lock:
                    server.log.append(Seen(self.path, headers.get("host", ""), headers))
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    self._answer(headers)
                finally:
                    with server._lock:
                        server.in_flight -= 1

            def _answer(self, headers: dict[str, str]) -> None:
                reply = server._pick(self.path)
                if reply.delay:
                    time.sleep(reply.delay)
                body, kind = reply.payload()
                status = reply.status
                if reply.etag and headers.get("if-none-match") == reply.etag:
                    status, body = 304, b""
                try:
                    self.send_response(status)
                    if status != 304:
                        self.send_header("Content-Type", reply.headers.get("Content-Type", kind))
                    if reply.etag:
                        self.send_header("ETag", reply.etag)
                    for name, value in reply.headers.items():
                        if name != "Content-Type":
                            self.send_header(name, value)
                    if reply.chunked:
                        self.send_header("Transfer-Encoding", "chunked")
                        self.end_headers()
                        for start in range(0, len(body), 65536):
                            chunk = body[start:start + 65536]
                            self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                        self.wfile.write(b"0\r\n\r\n")
                    else:
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up on purpose (size cap, timeout)

        return Handler


# --- GitHub REST response bodies (the documented fields the fetcher reads, and some it does not) ---


def gh_user(login: str) -> dict[str, Any]:
    return {"login": login, "id": abs(hash(login)) % 10**8, "type": "User",
            "html_url": f"https://github.com/{login}"}


def gh_pull(repo: str, number: int, title: str, body: str, *, created: str, merged: str | None = None,
            closed: str | None = None, state: str = "closed", author: str = "dev", labels: tuple[str, ...] = ()
            ) -> dict[str, Any]:
    return {
        "url": f"https://api.github.com/repos/{repo}/pulls/{number}",
        "html_url": f"https://github.com/{repo}/pull/{number}",
        "number": number, "state": state, "locked": False, "title": title, "user": gh_user(author),
        "body": body, "labels": [{"name": name, "color": "ededed"} for name in labels],
        "created_at": created, "updated_at": merged or closed or created, "closed_at": closed or merged,
        "merged_at": merged, "merge_commit_sha": "0" * 40 if merged else None, "draft": False,
        "head": {"ref": "feature", "sha": "1" * 40}, "base": {"ref": "main", "sha": "2" * 40,
                                                              "repo": {"full_name": repo}},
        "merged": merged is not None, "comments": 0, "review_comments": 0, "commits": 1,
    }


def gh_issue(repo: str, number: int, title: str, body: str, *, created: str, closed: str | None = None,
             is_pull: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "url": f"https://api.github.com/repos/{repo}/issues/{number}",
        "html_url": f"https://github.com/{repo}/issues/{number}",
        "number": number, "state": "closed" if closed else "open", "title": title, "body": body,
        "user": gh_user("reporter"), "labels": [], "comments": 0,
        "created_at": created, "updated_at": closed or created, "closed_at": closed,
    }
    if is_pull:
        data["pull_request"] = {"url": f"https://api.github.com/repos/{repo}/pulls/{number}",
                                "html_url": f"https://github.com/{repo}/pull/{number}"}
    return data


def gh_comment(repo: str, cid: int, author: str, created: str, body: str, *, path: str | None = None
               ) -> dict[str, Any]:
    data = {"id": cid, "html_url": f"https://github.com/{repo}/pull/1#issuecomment-{cid}", "body": body,
            "user": gh_user(author), "created_at": created, "updated_at": created,
            "author_association": "CONTRIBUTOR"}
    if path:
        data.update(path=path, diff_hunk="@@ -1 +1 @@", line=1)
    return data


def gh_release(repo: str, tag: str, body: str, *, published: str, name: str | None = None,
               prerelease: bool = False) -> dict[str, Any]:
    return {
        "url": f"https://api.github.com/repos/{repo}/releases/1",
        "html_url": f"https://github.com/{repo}/releases/tag/{tag}",
        "id": abs(hash(tag)) % 10**6, "tag_name": tag, "target_commitish": "main", "name": name or tag,
        "draft": False, "prerelease": prerelease, "created_at": published, "published_at": published,
        "author": gh_user("releaser"), "assets": [], "body": body,
    }


def gh_repo(repo: str, description: str, *, created: str, license_spdx: str | None = None,
            license_name: str | None = None) -> dict[str, Any]:
    owner = repo.split("/")[0]
    license = ({"key": (license_spdx or "other").lower(), "name": license_name, "spdx_id": license_spdx,
                "url": None, "node_id": "x"} if license_name else None)
    return {
        "id": 1, "name": repo.split("/")[1], "full_name": repo, "owner": gh_user(owner), "private": False,
        "html_url": f"https://github.com/{repo}", "description": description, "fork": False,
        "created_at": created, "updated_at": created, "pushed_at": created, "homepage": None,
        "stargazers_count": 10, "license": license, "topics": ["llm"], "archived": False,
        "default_branch": "main",
    }


def gh_license(spdx: str, name: str) -> dict[str, Any]:
    return {"name": "LICENSE", "path": "LICENSE", "type": "file", "encoding": "base64", "content": "",
            "license": {"key": spdx.lower(), "name": name, "spdx_id": spdx, "url": None, "node_id": "x"}}


def link_header(base: str, path: str, page: int, last: int) -> dict[str, str]:
    """GitHub's pagination header for ``page`` of ``last``."""
    links = []
    if page < last:
        links.append(f'<{base}{path}?per_page=100&page={page + 1}>; rel="next"')
        links.append(f'<{base}{path}?per_page=100&page={last}>; rel="last"')
    if page > 1:
        links.append(f'<{base}{path}?per_page=100&page=1>; rel="first"')
    return {"Link": ", ".join(links)} if links else {}


# --- fixtures ---------------------------------------------------------------


@pytest.fixture
def gh() -> Iterator[GHServer]:
    with GHServer() as server:
        yield server


def make_settings(cache_dir: Path, server: GHServer, **fetch: Any) -> Settings:
    """Small timeouts and backoff so fault tests stay fast; private hosts allowed (127.0.0.1 is one)."""
    options: dict[str, Any] = dict(github_api=server.url, huggingface_base=server.url, allow_private_hosts=True,
                                   timeout=0.5, retries=2, backoff=0.01, max_wait=2.0)
    options.update(fetch)
    return Settings(cache_dir=cache_dir, quiet=True, fetch=FetchSettings(**options))


@pytest.fixture
def fetch_settings(tmp_path: Path, gh: GHServer) -> Settings:
    return make_settings(tmp_path / "cache", gh)
