"""A real OpenAI-compatible chat-completions server on 127.0.0.1 for the LLM tests.

It records every request body and answers from a script: a list of steps, or a
function of the request. Nothing is mocked inside the client; it talks HTTP.
"""
from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Step:
    """One scripted response."""

    body: Any = None  # a dict is sent as JSON, a str as is
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def completion(content: str, prompt_tokens: int = 100, completion_tokens: int = 20,
               finish_reason: str = "stop") -> Step:
    return Step(body={
        "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "test-model",
        "choices": [{"index": 0, "finish_reason": finish_reason,
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    })


def answer(obj: Any, **kw: Any) -> Step:
    return completion(json.dumps(obj, ensure_ascii=False), **kw)


def user_message(request: dict[str, Any]) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "user")


def claims_in(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The claims JSON the client put inside <claims>…</claims>."""
    match = re.search(r"<claims>\n(.*?)\n</claims>", user_message(request), re.DOTALL)
    assert match, "request has no <claims> block"
    return json.loads(match.group(1))


Responder = Callable[[dict[str, Any]], Step]


class ScriptedLLM:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.script: list[Step] = []
        self.responder: Responder | None = None
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_port}/v1"

    def start(self) -> ScriptedLLM:
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread.is_alive():  # shutdown() waits forever on a server never started
            self._server.shutdown()
        self._server.server_close()

    def _next(self, request: dict[str, Any]) -> Step:
        with self._lock:
            self.requests.append(request)
            if self.script:
                return self.script.pop(0)
        if self.responder is not None:
            return self.responder(request)
        return Step(status=500, body={"error": {"message": "script exhausted", "type": "test"}})

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        llm = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                request = json.loads(self.rfile.read(length) or b"{}")
                llm.paths.append(self.path)
                step = llm._next(request)
                if step.delay:
                    time.sleep(step.delay)
                data = step.body if isinstance(step.body, str) else json.dumps(step.body)
                raw = data.encode("utf-8")
                try:
                    self.send_response(step.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(raw)))
                    for name, value in step.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(raw)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
