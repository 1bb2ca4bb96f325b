"""The reviewer server under attack, over real sockets on 127.0.0.1 and a real SQLite
file: chunked bodies are capped while they are read and strangers' bodies are not
read at all; failed sign-ins are throttled per account and per address (429 with
Retry-After, in the audit trail)."""
from __future__ import annotations

import select
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import sqlalchemy as sa
from web_support import PASSWORD, csrf_of, start_live

from factcheck.web.db import LoginLimits


def chunked_post(base_url: str, path: str, total: int, headers: dict[str, str] | None = None,
                 chunk: int = 65_536, kind: str = "application/json") -> tuple[int, int, dict[str, str]]:
    """POST ``total`` bytes as a chunked body (no Content-Length) over a raw socket,
    stopping as soon as the server answers. Returns (status, bytes sent, headers)."""
    host, port = base_url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    head = [f"POST {path} HTTP/1.1", f"Host: {host}", "Transfer-Encoding: chunked",
            f"Content-Type: {kind}", *(f"{k}: {v}" for k, v in (headers or {}).items()), "", ""]
    sock.sendall("\r\n".join(head).encode())
    sent = 0
    piece = f"{chunk:x}\r\n".encode() + b" " * chunk + b"\r\n"
    try:
        while sent < total:
            if select.select([sock], [], [], 0)[0]:
                break  # the answer came: the server stopped reading
            sock.sendall(piece)
            sent += chunk
        else:
            sock.sendall(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    data = b""
    sock.settimeout(30)
    while b"\r\n\r\n" not in data:
        more = sock.recv(65_536)
        if not more:
            break
        data += more
    sock.close()
    lines = data.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    got = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, sent, got


def test_chunked_bodies_are_capped_while_read_and_strangers_are_not_read(tmp_path: Path) -> None:
    for live in start_live(tmp_path, max_upload_bytes=2_000):
        limit = 2_000 * 2 + 65_536
        total = 300 * 1024 * 1024  # what an attacker would send; the kernel buffers a few MB at most
        # no token: 401 before a byte of the body is read, and the connection is closed, so
        # the server does not go on reading the rest of the body to reach a next request
        status, sent, got = chunked_post(live.base_url, "/api/drafts", total)
        assert status == 401 and sent < 64 * 1024 * 1024, sent
        assert got.get("connection") == "close"
        # the same for any answer given before the body was read in full (here: not a form)
        status, _, got = chunked_post(live.base_url, "/login", total)
        assert status == 403 and got.get("connection") == "close"
        # a signed-in writer: 413 once the body passes the limit, chunked or not
        started = time.monotonic()
        status, sent, _ = chunked_post(live.base_url, "/api/drafts", total,
                                       {"Authorization": f"Bearer {live.tokens['wanda']}"})
        assert status == 413 and sent < 64 * 1024 * 1024, sent
        assert time.monotonic() - started < 30
        # the sign-in form takes only a small body from a stranger
        status, _, _ = chunked_post(live.base_url, "/login", 4 * 1024 * 1024,
                                    kind="application/x-www-form-urlencoded")
        assert status == 413
        # a body just under the limit still reaches the handler (which wants a text or a url)
        wanda = live.api("wanda")
        under = wanda.post("/api/drafts", content=b"{" + b" " * (limit - 100) + b"}",
                           headers={"Content-Type": "application/json"})
        assert under.status_code == 400 and "paste the draft" in under.json()["detail"]
        assert wanda.post("/api/drafts", json={"title": "t", "text": "Fine text."}).status_code == 201


def login(client, name: str, password: str):  # type: ignore[no-untyped-def]
    page = client.get("/login")
    return client.post("/login", data={"name": name, "password": password, "csrf_token": csrf_of(page.text),
                                       "next": "/"})


def events(live) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    with live.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(sa.text("select action, name, address from auth_events order by id"))]


def test_failed_sign_ins_are_throttled_per_account_with_retry_after_and_audited(tmp_path: Path) -> None:
    for live in start_live(tmp_path, login_limits=LoginLimits(window=600, per_account=5, per_address=50)):
        with live.browser_client() as client:
            for _ in range(5):
                assert login(client, "rita", "wrong").status_code == 401
            # the right password is refused too while throttled: guessing gains nothing
            held = login(client, "rita", PASSWORD)
            assert held.status_code == 429
            assert 500 <= int(held.headers["Retry-After"]) <= 601
            assert "too many failed sign-ins for this account" in held.text
            # another account from the same address is not held by rita's failures
            assert login(client, "rob", PASSWORD).status_code == 303
        trail = events(live)
        assert trail.count(("login_failed", "rita", "127.0.0.1")) == 5
        assert ("login_throttled", "rita", "127.0.0.1") in trail and ("login", "rob", "127.0.0.1") in trail


def test_failed_sign_ins_are_throttled_per_address(tmp_path: Path) -> None:
    for live in start_live(tmp_path, login_limits=LoginLimits(window=600, per_account=100, per_address=6)):
        with live.browser_client() as client:
            for n in range(6):
                assert login(client, f"nobody{n}", "guess").status_code == 401
            held = login(client, "wanda", PASSWORD)
            assert held.status_code == 429 and "for this address" in held.text
            assert int(held.headers["Retry-After"]) > 0
        assert ("login_throttled", "wanda", "127.0.0.1") in events(live)


def test_a_success_resets_the_account_count(tmp_path: Path) -> None:
    for live in start_live(tmp_path, login_limits=LoginLimits(window=600, per_account=3, per_address=50)):
        with live.browser_client() as client:
            for _ in range(2):
                assert login(client, "rita", "wrong").status_code == 401
            assert login(client, "rita", PASSWORD).status_code == 303
        with live.browser_client() as client:
            for _ in range(2):
                assert login(client, "rita", "wrong").status_code == 401
            assert login(client, "rita", PASSWORD).status_code == 303


# --- submit-by-URL: an overall deadline, text only, no private address in disguise ----------


class _Upstream(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path == "/drip.md":  # a byte every 0.3 s, forever
            self.send_response(200)
            self.send_header("Content-Type", "text/markdown")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(1000):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(0.3)
            except OSError:
                return
        elif self.path == "/untyped.md":  # no Content-Type at all
            body = b"# A draft\n\nThroughput rose 12% on H100.\n"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_error(404)

    def log_message(self, *args: object) -> None:
        pass


def test_submit_by_url_is_bounded_text_only_and_not_private(tmp_path: Path) -> None:
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    upstream.daemon_threads = True
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    port = upstream.server_address[1]
    try:
        for live in start_live(tmp_path / "private-ok", allow_private_urls=True, url_deadline=2.0):
            wanda = live.api("wanda")
            started = time.monotonic()
            dripped = wanda.post("/api/drafts", json={"url": f"http://127.0.0.1:{port}/drip.md"})
            took = time.monotonic() - started
            assert dripped.status_code == 400 and "took too long" in dripped.json()["detail"]
            assert took < 8, f"held {took:.1f} s"
            untyped = wanda.post("/api/drafts", json={"url": f"http://127.0.0.1:{port}/untyped.md"})
            assert untyped.status_code == 400 and "no content type" in untyped.json()["detail"]
        for live in start_live(tmp_path / "default"):
            disguised = live.api("wanda").post("/api/drafts", json={"url": f"http://[::127.0.0.1]:{port}/x.md"})
            assert disguised.status_code == 400 and "private or local address" in disguised.json()["detail"]
            # URLs urlsplit rejects are a clear 400, not a 500 with a traceback
            for bad in ("http://host:abc/x.md", "http://[::1/x.md"):
                answer = live.api("wanda").post("/api/drafts", json={"url": bad})
                assert answer.status_code == 400 and "not a valid URL" in answer.json()["detail"], bad
    finally:
        upstream.shutdown()
        upstream.server_close()


def test_the_cli_fetcher_shares_the_guard() -> None:
    import asyncio

    from factcheck.sources.http import resolves_private

    for host in ("::127.0.0.1", "[::127.0.0.1]", "64:ff9b::a00:1", "::ffff:127.0.0.1"):
        assert asyncio.run(resolves_private(host)), host
    assert not asyncio.run(resolves_private("2001:4860:4860::8888"))
