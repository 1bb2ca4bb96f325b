"""A real HTTP(S) server on one loopback address, for the tests that fetch pages:
it answers fixed routes, can be switched off (503), and records what reached it:
connections, Host headers and, with TLS, the SNI names."""
from __future__ import annotations

import ssl
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Answer = tuple[int, dict[str, str], bytes]  # status, headers, body


def text(body: str) -> Answer:
    return 200, {"Content-Type": "text/plain; charset=utf-8"}, body.encode()


def html(body: str) -> Answer:
    return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()


def redirect(to: str) -> Answer:
    return 302, {"Location": to, "Content-Type": "text/plain"}, b""


@dataclass
class PageServer:
    """Answers ``routes`` (404 elsewhere), or 503 to everything while ``down``.
    ``address`` may be any 127.x.y.z: on Linux all of 127/8 is loopback."""

    routes: dict[str, Answer] = field(default_factory=dict)
    address: str = "127.0.0.1"
    port: int = 0
    tls: ssl.SSLContext | None = None
    down: bool = False
    connections: int = 0
    hosts: list[str] = field(default_factory=list)
    sni: list[str | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                owner.hosts.append(self.headers.get("Host", ""))
                missing: Answer = (404, {"Content-Type": "text/plain"}, b"no such page")
                status, headers, body = (503, {}, b"") if owner.down else owner.routes.get(self.path, missing)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def verify_request(self, request: object, client_address: object) -> bool:
                owner.connections += 1  # every accepted connection, whether or not a request follows
                return True

        self._httpd = Server((self.address, self.port), Handler)
        self.port = self._httpd.server_address[1]
        if self.tls is not None:
            def remember(sock: ssl.SSLObject, name: str | None, ctx: ssl.SSLContext) -> None:
                owner.sni.append(name)

            self.tls.sni_callback = remember
            self._httpd.socket = self.tls.wrap_socket(self._httpd.socket, server_side=True)
        threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://{self.address}:{self.port}"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
