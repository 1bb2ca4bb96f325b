"""The reviewer queue as an ASGI app: ``create_app(config)``; ``factcheck serve`` runs it."""
from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    JSONResponse,
    RedirectResponse,
    Response,
)
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..i18n import translator
from ..i18n.catalog import N_
from . import db
from .access import LoginRequired, caller
from .config import WebConfig
from .guard import BodyLimit
from .runner import Checker, CheckRunner, Runner, pipeline_checker
from .problems import explain
from .words import page_words, request_lang

INVALID_REQUEST = N_("the request's fields are missing or not valid; see detail for which")

HERE = Path(__file__).parent

# Draft text is untrusted: even if escaping failed somewhere, no inline script
# or foreign resource would run.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def templates() -> Jinja2Templates:
    env = Environment(loader=FileSystemLoader(HERE / "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    # Only web links become hrefs; any other scheme (javascript:, data:) stays text.
    env.tests["http_url"] = lambda url: isinstance(url, str) and url.lower().startswith(("http://", "https://"))
    return Jinja2Templates(env=env)


def create_app(config: WebConfig, checker: Checker | None = None) -> FastAPI:
    """The app over ``config.database_url``; ``checker`` defaults to the core pipeline.

    On SQLite the checks run in this process; on PostgreSQL they go to the job
    queue for ``factcheck worker`` processes, unless ``config.in_process`` asks for
    both here (a one-machine PostgreSQL setup)."""
    from .jobs import QueueSubmitter, is_postgres

    engine = db.connect(config.database_url)
    runner: Runner
    if is_postgres(config.database_url) and not config.in_process:
        runner = QueueSubmitter(engine, config.database_url)
    else:
        runner = CheckRunner(engine, checker or pipeline_checker(config.settings, config.sources_dir),
                             config.concurrency, lease=config.lease)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.runner.start()
        yield
        app.state.runner.stop()

    # No /docs or /redoc: those pages load scripts from a CDN, which the CSP (rightly) blocks.
    app = FastAPI(title="factcheck reviewer queue", version=__version__, lifespan=lifespan,
                  docs_url=None, redoc_url=None,
                  description="Writers submit newsletter drafts; reviewers decide the findings before "
                              "publication. The JSON API authenticates with a per-user bearer token.")
    app.state.config = config
    app.state.engine = engine
    app.state.runner = runner
    app.state.templates = templates()

    from .api import router as api_router
    from .pages import router as page_router

    app.include_router(api_router)
    app.include_router(page_router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    # Room for the draft itself plus the form's other fields and multipart framing.
    body_limit = config.max_upload_bytes * 2 + 65_536

    @app.middleware("http")
    async def guard(request: Request, call_next):  # type: ignore[no-untyped-def]
        response: Response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    # Outermost: the body limit counts bytes as they arrive (chunked or not), after authentication.
    app.add_middleware(BodyLimit, engine=engine, limit=body_limit)

    @app.exception_handler(LoginRequired)
    async def to_login(request: Request, _exc: LoginRequired) -> Response:
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse(f"/login?next={quote(target)}", status_code=303)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        user = await run_in_threadpool(caller, request)
        lang = request_lang(request, user)
        code, text = explain(exc, translator(lang))
        if request.url.path.startswith("/api/") or request.url.path.startswith("/static/"):
            # "detail" is where FastAPI always put the reason; "code" is for programs, "message"
            # is the same text for clients that read one field on every error (see below)
            return JSONResponse({"detail": text, "code": code, "message": text, "lang": lang},
                                status_code=exc.status_code, headers=exc.headers)
        return app.state.templates.TemplateResponse(
            request, "error.html", {"status": exc.status_code, "detail": text, "code": code, "user": None,
                                    **page_words(lang)},
            status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        # FastAPI's "detail" (a list of what failed, in pydantic's English) stays as it was:
        # programs read it; a person reads "message"
        user = await run_in_threadpool(caller, request)
        lang = request_lang(request, user)
        text = translator(lang).gettext(INVALID_REQUEST)
        return JSONResponse({"detail": jsonable_encoder(exc.errors()), "code": "invalid_request",
                             "message": text, "lang": lang}, status_code=422)

    return app
