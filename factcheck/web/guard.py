"""The request body limit, enforced while the body is read, whatever its transfer
encoding, and after authentication.

A ``Content-Length`` check alone let a chunked body through: the limit has to count
the bytes as they arrive. And a stranger must not make the server read a large
body at all: an API request without a valid bearer token is answered 401 before
its body is read; any other request without a signed-in session (the sign-in
form itself) may send only ``anonymous_limit`` bytes.

An answer given before the body was read in full (a 401, a 403 for a missing CSRF
token, a 413) says ``Connection: close``: otherwise the server keeps the
connection and reads the rest of the body to reach the next request, so a
stranger could still make it swallow gigabytes.
"""
from __future__ import annotations

import asyncio
from urllib.parse import parse_qs
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any

import sqlalchemy as sa
from starlette.responses import JSONResponse, PlainTextResponse, Response

from ..i18n import Translator, translator
from ..i18n.catalog import N_
from . import db
from .access import SESSION_COOKIE, TOKEN_REQUIRED, bearer_token
from .words import page_lang

TOO_LARGE = N_("request body over the {limit:,}-byte limit")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BODYLESS = frozenset({"GET", "HEAD", "OPTIONS", "DELETE"})


class BodyLimit:
    """ASGI middleware: ``limit`` bytes for a signed-in caller, ``anonymous_limit`` otherwise."""

    def __init__(self, app: ASGIApp, engine: sa.Engine, limit: int, anonymous_limit: int = 65_536) -> None:
        self.app = app
        self.engine = engine
        self.limit = limit
        self.anonymous_limit = anonymous_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in BODYLESS:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        user = await asyncio.to_thread(self._signed_in, headers)
        known = user is not None
        asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[-1]
        tr = translator(page_lang(user, headers.get("accept-language"), asked))
        if scope["path"].startswith("/api/") and not known:
            # the handler would refuse it anyway: do so before reading a byte of the body
            text = tr.gettext(TOKEN_REQUIRED)
            await JSONResponse({"detail": text, "code": "token_required", "message": text, "lang": tr.lang},
                               status_code=401, headers={"WWW-Authenticate": "Bearer", "Connection": "close"},
                               )(scope, receive, send)
            return
        limit = self.limit if known else self.anonymous_limit
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await self._too_large(scope, receive, send, limit, tr)
            return
        state = {"read": 0, "over": False, "started": False, "whole": length == "0"}

        async def counted() -> Message:
            if state["over"]:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                state["whole"] = not message.get("more_body", False)
                if state["read"] > limit:
                    # stop here: the app sees a client that went away, and nothing more is read
                    state["over"] = True
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            if state["over"]:
                return  # the 413 below is the answer
            if message["type"] == "http.response.start":
                state["started"] = True
                if not state["whole"]:
                    # answered before the body was read: the rest is not read either
                    message = {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not state["over"]:
                raise
        if state["over"] and not state["started"]:
            await self._too_large(scope, receive, send, limit, tr)

    @staticmethod
    async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int, tr: Translator) -> None:
        text = tr.gettext(TOO_LARGE).format(limit=limit)
        response: Response = PlainTextResponse(text, status_code=413, headers={"Connection": "close"})
        if scope["path"].startswith("/api/"):
            response = JSONResponse({"detail": text, "code": "too_large", "message": text, "lang": tr.lang},
                                    status_code=413, headers={"Connection": "close"})
        await response(scope, receive, send)

    def _signed_in(self, headers: dict[str, str]) -> db.User | None:
        """The user of a valid bearer token or session cookie; the handlers check roles and CSRF."""
        token = bearer_token(headers.get("authorization"))
        if token:
            return db.user_for_token(self.engine, token)
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # noqa: BLE001 - a malformed cookie header signs nobody in
            return None
        session = cookie.get(SESSION_COOKIE)
        found = db.session_user(self.engine, session.value) if session else None
        return found[0] if found else None
