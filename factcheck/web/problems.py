"""Why the server refuses a request: a stable machine ``code`` and a ``Message``
that is rendered in the language of whoever asked (``words.request_lang``).

``Problem`` is raised by the layers that know nothing of HTTP (``db``, ``intake``);
``Refusal`` is an HTTP error carrying one. The app answers an API request with
``{"code": …, "detail": …, "message": …}`` (``detail`` as FastAPI always gave it,
now in the caller's language) and a page with the error page in the same words.
"""
from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException

from ..i18n.catalog import N_, Translator
from ..i18n.message import Message


class Problem(Exception):
    # positional-only, so that a value may be called "code" or "status"
    def __init__(self, code: str, template: str, /, **values: Any) -> None:
        self.code = code
        self.message = Message(template, values)
        super().__init__(str(self.message))


class Refusal(HTTPException):
    """An HTTP error whose text is translated when the answer is written."""

    def __init__(self, status: int, code: str, template: str, /, *, headers: dict[str, str] | None = None,
                 **values: Any) -> None:
        self.code = code
        self.message = Message(template, values)
        super().__init__(status, str(self.message), headers)

    @classmethod
    def of(cls, status: int, problem: Problem) -> Refusal:
        return cls(status, problem.code, problem.message.template, **problem.message.values)


# The codes and words of HTTP errors the framework raises itself (an unknown path, a
# wrong method): Starlette's detail is the status phrase.
STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                405: "method_not_allowed", 409: "conflict", 413: "too_large", 422: "invalid_request",
                429: "too_many_requests"}
STATUS_PHRASES = (N_("Bad Request"), N_("Unauthorized"), N_("Forbidden"), N_("Not Found"),
                  N_("Method Not Allowed"), N_("Conflict"), N_("Unprocessable Entity"), N_("Too Many Requests"))


def explain(exc: HTTPException, tr: Translator) -> tuple[str, str]:
    """(machine code, text in ``tr``'s language) of any HTTP error."""
    if isinstance(exc, Refusal):
        return exc.code, exc.message.render(tr)
    code = STATUS_CODES.get(exc.status_code, f"http_{exc.status_code}")
    return code, tr.text(str(exc.detail))
