"""Fixtures for the web tests: a real uvicorn server on 127.0.0.1 over a real
SQLite file, users made through the data-access module, and a phrase checker.

The phrase checker stands in for the core pipeline where a test needs to
control which sentences are flagged; it returns ordinary contract findings.
"""
from __future__ import annotations

import re
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import uvicorn

from factcheck.models import Evidence, Finding, Report, Stats
from factcheck.settings import Settings
from factcheck.web import db
from factcheck.web.app import create_app
from factcheck.web.config import WebConfig
from factcheck.web.runner import Checker

PASSWORD = "correct horse battery staple"

# phrase -> (category, severity, message, source quote)
RULES: dict[str, tuple[str, str, str, str]] = {
    "all GPUs": ("overstatement", "error", "The source measured one GPU; 'all GPUs' widens it.",
                 "measured on a single RTX 4070 Ti SUPER"),
    "3.4x": ("metric-conflation", "warning", "3.4x is the denoise speedup, not end to end.",
             "denoising from 478 s to 143 s"),
    "Apache": ("license", "error", "The weights are not Apache-2.0.", "Model weights: custom license"),
    "first released": ("release-date", "info", "Could not confirm the first release date.", "v0.1 2025-01-10"),
}


def phrase_findings(text: str, name: str) -> Report:
    """One finding per (line, phrase) hit, spanning the line's text."""
    found: list[Finding] = []
    for number, line in enumerate(text.split("\n"), start=1):
        for phrase, (category, severity, message, quote) in RULES.items():
            if phrase in line:
                found.append(Finding(
                    line=number, column=1, end_line=number, end_column=len(line) + 1, sentence=line.strip(),
                    category=category, severity=severity, message=message,
                    evidence=[Evidence(url="https://github.com/example/repo/pull/1", quote=quote)],
                    suggestion=line.replace(phrase, "one GPU") if phrase == "all GPUs" else None,
                ).with_id())
    return Report(draft=name, findings=found, stats=Stats(sentences=text.count("\n") + 1))


def phrase_checker(delay: float = 0.0, gate: threading.Event | None = None) -> Checker:
    async def check(text: str, name: str, thread_id: str, progress) -> Report:  # type: ignore[no-untyped-def]
        import asyncio

        progress(f"checking {name}")
        if gate is not None:
            await asyncio.to_thread(gate.wait, 30)
        if delay:
            await asyncio.sleep(delay)
        return phrase_findings(text, name)

    return check


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve_process(argv: Sequence[str], *, cwd: Path | None = None, env: dict[str, str] | None = None,
                  start_within: float = 40) -> Iterator[str]:
    """``argv`` (a ``factcheck serve`` command line without ``--port``) run as its own process,
    as a user starts it, on a free 127.0.0.1 port. Yields the base URL once /login answers;
    the process is stopped after. Its output goes to a file, so a chatty server never blocks
    on a full pipe, and is shown if it dies before answering."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile("w+") as output:
        proc = subprocess.Popen([*argv, "--port", str(port)], cwd=cwd, env=env, stdout=output,
                                stderr=subprocess.STDOUT, text=True)
        try:
            deadline = time.monotonic() + start_within
            while True:
                try:
                    httpx.get(f"{base}/login", timeout=2)
                    break
                except httpx.TransportError:
                    if proc.poll() is not None:
                        output.seek(0)
                        raise AssertionError(f"serve exited with {proc.returncode}: {output.read()}") from None
                    assert time.monotonic() < deadline, f"serve did not answer within {start_within} s"
                    time.sleep(0.2)
            yield base
        finally:
            proc.terminate()
            proc.wait(timeout=30)


@dataclass
class LiveServer:
    base_url: str
    app: object
    engine: object
    tokens: dict[str, str] = field(default_factory=dict)
    users: dict[str, db.User] = field(default_factory=dict)

    def api(self, who: str) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, headers={"Authorization": f"Bearer {self.tokens[who]}"},
                            timeout=30)

    def browser_client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=30, follow_redirects=False)

    def wait_run(self, draft_id: int, timeout: float = 60) -> db.RevisionView:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            revision = db.latest_revision(self.engine, draft_id)
            if revision.run_status in ("done", "incomplete", "failed"):
                return revision
            time.sleep(0.05)
        raise AssertionError(f"the check of draft {draft_id} did not finish in {timeout} s")


def run_server(app: object) -> tuple[uvicorn.Server, threading.Thread, str]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    return server, thread, f"http://127.0.0.1:{port}"


def start_live(tmp_path: Path, checker: Checker | None = None, **config: object) -> Iterator[LiveServer]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    settings = Settings(cache_dir=tmp_path / "cache", use_checkpoint=False)
    web = WebConfig(database_url=f"sqlite:///{tmp_path / 'review.sqlite'}", settings=settings, **config)
    app = create_app(web, checker or phrase_checker())
    server, thread, base = run_server(app)
    live = LiveServer(base_url=base, app=app, engine=app.state.engine)
    for name, role in (("wanda", "writer"), ("walt", "writer"), ("rita", "reviewer"), ("rob", "reviewer")):
        user, token = db.create_user(live.engine, name, role, PASSWORD)
        live.users[name], live.tokens[name] = user, token
    try:
        yield live
    finally:
        server.should_exit = True
        thread.join(timeout=20)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    yield from start_live(tmp_path)


CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_of(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1)


def sign_in(client: httpx.Client, name: str, password: str = PASSWORD) -> str:
    """Sign in through the form; returns the session's CSRF token."""
    page = client.get("/login")
    assert page.status_code == 200
    response = client.post("/login", data={"name": name, "password": password, "csrf_token": csrf_of(page.text),
                                           "next": "/"})
    assert response.status_code == 303, response.text
    return csrf_of(client.get("/").text)


DRAFT = """---
title: Test weekly
---

# Test weekly

## FreeToken

FreeToken stores the KV cache as fp8 and the gains apply to all GPUs with 16 GB.

The model is released under Apache 2.0 for code and weights.

## Omni

Each request is about 3.4x faster end to end.

Sources: [PR](https://github.com/example/repo/pull/1)
"""
