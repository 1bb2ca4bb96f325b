"""The OpenAI-compatible client and one structured, cached, bounded call.

Anything that speaks chat completions works: OpenAI, vLLM, SGLang, Ollama,
llama.cpp's llama-server, llama-cpp-python. Every setting comes from
``LLMSettings``; nothing here reads the environment.

Every request is bounded: ``max_tokens`` sized to the answer schema, a timeout no
longer than what is left of the run's deadline, and a call from the run's budget.
Retries are ours, not the SDK's (it is built with ``max_retries=0``), so every HTTP
request is counted in the stats and against the budget. An answer is validated
against a pydantic schema; one that fails is retried once with the error shown,
then given up on. Valid and unusable answers alike are cached, so an identical
re-run makes no calls.
"""
from __future__ import annotations

import asyncio
import hashlib
import importlib.resources
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

import openai
from openai import AsyncOpenAI
from pydantic import BaseModel, ValidationError

from ..settings import LLMSettings
from . import cache, compat

T = TypeVar("T", bound=BaseModel)

# Local servers ignore the key, but the client refuses to start without one.
PLACEHOLDER_KEY = "not-needed"
# Failed requests in a row after which the endpoint is given up for the run: a
# local server keeps working on requests the client abandoned, so more only queue.
FAILURES_IN_ROW = 3
# Longest Retry-After honoured; the deadline caps it further.
MAX_RETRY_WAIT = 30.0

Problem = Literal["unusable", "failed", "budget", "deadline", "stopped"]


class Prompt(BaseModel):
    name: str
    text: str
    sha256: str


def load_prompt(name: str) -> Prompt:
    """A prompt file from the ``factcheck.prompts`` package (``prompts/`` in the repo)."""
    data = importlib.resources.files("factcheck.prompts").joinpath(f"{name}.md").read_bytes()
    return Prompt(name=name, text=data.decode("utf-8"), sha256=hashlib.sha256(data).hexdigest())


class Usage(BaseModel):
    """What the model cost, summed over a node's calls; the report's stats add these up.
    ``calls`` counts HTTP requests sent, retries and probes included."""

    calls: int = 0
    cached_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    notes: list[str] = []

    def add(self, other: Usage) -> None:
        self.calls += other.calls
        self.cached_calls += other.cached_calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.notes.extend(n for n in other.notes if n not in self.notes)

    def stats(self) -> dict[str, int]:
        """The report's ``stats`` fields for this usage."""
        return {"llm_calls": self.calls, "llm_cached_calls": self.cached_calls,
                "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens}


@dataclass
class Reply(Generic[T]):
    """One question's outcome: a validated answer, or why there is none."""

    answer: T | None = None
    usage: Usage = field(default_factory=Usage)
    # "unusable": the model answered but not in the schema (cached: it would again).
    # "failed": no answer (timeout, HTTP error after our retries, no connection).
    # "budget" / "deadline": not asked (or cut short), the run's calls or time ran out.
    # "stopped": not asked, the endpoint had failed too often in a row this run.
    problem: Problem | None = None
    detail: str = ""


class Limits:
    """Calls and time the LLM has left in one run.

    State shared by every request of the run. A stage (claim extraction) gets a
    ``share``: its own caps, drawn from the parent's, so judgement keeps the rest.
    """

    def __init__(self, calls: int | None, seconds: float, parent: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._calls = calls
        self._ends = clock() + seconds
        self.parent = parent
        self.failures_in_row = 0  # kept on the run's root: a stage's failures count for the run

    def calls_left(self) -> int | None:
        mine = self._calls
        theirs = self.parent.calls_left() if self.parent else None
        if mine is None:
            return theirs
        return mine if theirs is None else min(mine, theirs)

    def seconds_left(self) -> float:
        mine = self._ends - self.clock()
        return min(mine, self.parent.seconds_left()) if self.parent else mine

    def spend(self) -> None:
        if self._calls is not None:
            self._calls -= 1
        if self.parent:
            self.parent.spend()

    def failed(self, failed: bool) -> None:
        root = self._root()
        root.failures_in_row = root.failures_in_row + 1 if failed else 0

    def stopped(self) -> bool:
        return self._root().failures_in_row >= FAILURES_IN_ROW

    def share(self, fraction: float) -> Limits:
        """A stage's limits: at most ``fraction`` of the calls and time left here."""
        left = self.calls_left()
        calls = None if left is None else int(left * fraction)
        return Limits(calls, max(0.0, self.seconds_left() * fraction), parent=self, clock=self.clock)

    def _root(self) -> Limits:
        return self.parent._root() if self.parent else self

    def why_not(self) -> Problem | None:
        """Why no request may start now, or None."""
        if self.stopped():
            return "stopped"
        left = self.calls_left()
        if left is not None and left < 1:
            return "budget"
        if self.seconds_left() <= 0:
            return "deadline"
        return None


@dataclass
class Output:
    """The run's structured-output mode and how it was chosen; detection settles it."""

    mode: compat.Mode
    how: Literal["configured", "cached", "detected", "trying"]

    @property
    def settled(self) -> bool:
        return self.how != "trying"


@dataclass
class Session:
    """One run's connection to the model: client, settings, cache, limits, output mode."""

    client: AsyncOpenAI
    settings: LLMSettings
    cache_path: Path
    limits: Limits
    output: Output

    @property
    def endpoint(self) -> str:
        return self.settings.base_url or "openai"


def make_client(settings: LLMSettings) -> AsyncOpenAI:
    # max_retries=0: the SDK's retries would be invisible to the budget, the stats
    # and the deadline; ``ask`` retries instead.
    return AsyncOpenAI(base_url=settings.base_url, api_key=settings.api_key or PLACEHOLDER_KEY,
                       timeout=settings.timeout, max_retries=0)


def open_session(settings: LLMSettings, cache_path: Path, limits: Limits) -> Session:
    if settings.structured_output != "auto":
        output = Output(mode=settings.structured_output, how="configured")
    else:
        known = cache.endpoint_mode(cache_path, settings.base_url or "openai", settings.model or "")
        output = Output(mode=known, how="cached") if known in compat.MODES else Output(mode=compat.MODES[0], how="trying")
    return Session(client=make_client(settings), settings=settings, cache_path=cache_path, limits=limits,
                   output=output)


def cache_key(settings: LLMSettings, prompt: Prompt, user: str, schema: type[BaseModel]) -> cache.CacheKey:
    payload = {
        "user": user,
        "schema": schema.model_json_schema(),
        "temperature": settings.temperature,
        "seed": settings.seed,
    }
    return cache.CacheKey(model=settings.model or "", prompt_hash=prompt.sha256,
                          input_hash=cache.input_hash(payload))


def _validation_summary(exc: ValidationError) -> str:
    parts = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:3]]
    return "; ".join(parts)


def read_answer(body: dict[str, Any], schema: type[T]) -> tuple[T | None, str, str]:
    """(answer, raw content, what is wrong with it) from a chat-completion body."""
    choices = body.get("choices") or [{}]
    choice = choices[0] or {}
    content = str((choice.get("message") or {}).get("content") or "")
    finish = choice.get("finish_reason")
    if finish == "length":
        return None, content, "the answer was cut off (finish_reason=length)"
    if finish == "content_filter":
        return None, content, "the answer was withheld by a content filter"
    if not content.strip():
        return None, content, "no content (refusal or empty answer)"
    try:
        return schema.model_validate_json(_strip_fence(content)), content, ""
    except ValidationError as exc:
        return None, content, _validation_summary(exc)


def _strip_fence(content: str) -> str:
    """Plain-JSON mode: models often wrap JSON in a Markdown code fence."""
    text = content.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[-1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text


def _retry_after(exc: openai.APIStatusError) -> float | None:
    headers = exc.response.headers
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            return float(headers[name]) * scale
        except (KeyError, ValueError):
            continue
    return None


class _Sent(BaseModel):
    """What one HTTP request came back with."""

    body: dict[str, Any] | None = None
    error: str = ""  # why there is no body
    status: int | None = None
    transient: bool = False  # worth retrying: 408, 429, 5xx, no connection
    wait: float | None = None
    cut_by_deadline: bool = False


async def _send(session: Session, messages: list[dict[str, str]], schema: type[BaseModel],
                max_tokens: int) -> _Sent:
    settings = session.settings
    left = session.limits.seconds_left()
    timeout = min(settings.timeout, left)
    mode = session.output.mode
    extra: dict[str, Any] = {}
    fmt = compat.response_format(mode, schema)
    if fmt is not None:
        extra["response_format"] = fmt
    try:
        raw = await session.client.chat.completions.with_raw_response.create(
            model=settings.model or "",
            messages=messages,  # type: ignore[arg-type]
            temperature=settings.temperature,
            seed=openai.omit if settings.seed is None else settings.seed,
            max_tokens=max_tokens,
            timeout=timeout,
            **extra,
        )
        return _Sent(body=raw.http_response.json())
    except openai.APITimeoutError:
        return _Sent(error=f"timed out after {timeout:g}s", cut_by_deadline=timeout < settings.timeout)
    except openai.APIStatusError as exc:
        status = exc.status_code
        return _Sent(error=f"HTTP {status}", status=status, transient=status in (408, 429) or status >= 500,
                     wait=_retry_after(exc))
    except openai.APIConnectionError as exc:
        return _Sent(error=f"cannot connect ({exc.__cause__ or exc})", transient=True)
    except openai.APIError as exc:  # e.g. a reply the client cannot read
        return _Sent(error=type(exc).__name__)
    except json.JSONDecodeError:
        return _Sent(error="the server's reply is not JSON")


def _settle(session: Session) -> None:
    """The mode in use got an answer: keep it for the run and for later runs."""
    if session.output.how == "trying":
        session.output.how = "detected"
        cache.remember_endpoint_mode(session.cache_path, session.endpoint, session.settings.model or "",
                                     session.output.mode)


async def ask(session: Session, prompt: Prompt, user: str, schema: type[T], *, items: int = 1) -> Reply[T]:
    """Ask once, from the cache when it can; within the run's limits.

    ``items``: how many claims the answer covers, to size ``max_tokens``. Retries:
    a transient HTTP failure (429, 5xx, no connection) up to ``max_retries`` times,
    honouring Retry-After; an answer that fails validation once, with the error
    shown; a refused ``response_format`` with the next mode while none is settled.
    A timeout is not retried: a local server is still busy with the abandoned
    request, and a second one would only queue behind it.
    """
    settings = session.settings
    key = cache_key(settings, prompt, user, schema)
    hit = cache.lookup(session.cache_path, key)
    if hit is not None and hit.status == "unusable":
        if not hit.mode or hit.mode == session.output.mode:
            return Reply(usage=Usage(cached_calls=1), problem="unusable", detail=hit.detail)
    elif hit is not None:
        try:
            return Reply(answer=schema.model_validate_json(hit.answer), usage=Usage(cached_calls=1))
        except ValidationError:
            pass  # a row from an older schema: ask again

    usage = Usage()
    max_tokens = compat.answer_tokens(schema, items)
    base = [{"role": "system", "content": prompt.text}, {"role": "user", "content": user}]
    messages = _with_schema(base, session, schema)
    retries = 0
    shown_error = False
    while True:
        why = session.limits.why_not()
        if why is not None:
            return Reply(usage=usage, problem=why, detail=_limit_detail(why, session))
        usage.calls += 1
        session.limits.spend()
        sent = await _send(session, messages, schema, max_tokens)
        if sent.body is None:
            following = compat.next_mode(session.output.mode)
            if not session.output.settled and sent.status in compat.REFUSALS and following:
                session.output.mode = following  # refused: try the next structured-output form
                messages = _with_schema(base, session, schema)
                continue
            if sent.transient and retries < settings.max_retries:
                retries += 1
                wait = min(sent.wait if sent.wait is not None else 2.0 ** (retries - 1), MAX_RETRY_WAIT)
                if wait < session.limits.seconds_left():
                    await asyncio.sleep(wait)
                    continue
            session.limits.failed(True)
            if sent.cut_by_deadline:
                return Reply(usage=usage, problem="deadline", detail=_limit_detail("deadline", session))
            return Reply(usage=usage, problem="failed", detail=sent.error)
        session.limits.failed(False)
        _settle(session)
        tokens = sent.body.get("usage") or {}
        p_tok, c_tok = int(tokens.get("prompt_tokens") or 0), int(tokens.get("completion_tokens") or 0)
        usage.prompt_tokens += p_tok
        usage.completion_tokens += c_tok
        answer, content, error = read_answer(sent.body, schema)
        if answer is not None:
            cache.store(session.cache_path, key, cache.CachedAnswer(
                answer=answer.model_dump_json(), prompt_tokens=p_tok, completion_tokens=c_tok,
                mode=session.output.mode))
            return Reply(answer=answer, usage=usage)
        if shown_error:
            cache.store(session.cache_path, key, cache.CachedAnswer(
                answer=content, prompt_tokens=p_tok, completion_tokens=c_tok, status="unusable",
                detail=error, mode=session.output.mode))
            return Reply(usage=usage, problem="unusable", detail=error)
        if session.limits.why_not() is not None:
            # Not cached: with calls or time to spare, the retry might have mended it.
            return Reply(usage=usage, problem="unusable", detail=error)
        # Show the model its own answer and what was wrong with it, once.
        shown_error = True
        messages = messages[:2] + [
            {"role": "assistant", "content": content},
            {"role": "user", "content": f"That answer does not match the required JSON schema ({error}). "
                                        "Answer again with JSON that matches the schema exactly."},
        ]


def _with_schema(base: list[dict[str, str]], session: Session, schema: type[BaseModel]) -> list[dict[str, str]]:
    note = compat.schema_instruction(session.output.mode, schema)
    if not note:
        return list(base)
    return [base[0], {"role": "user", "content": base[1]["content"] + note}]


def _limit_detail(why: Problem, session: Session) -> str:
    settings = session.settings
    if why == "budget":
        return f"the LLM call budget ({settings.budget}) was used up"
    if why == "deadline":
        return f"the LLM deadline ({settings.deadline:g}s for the run) was reached"
    return f"the endpoint failed {FAILURES_IN_ROW} times in a row"
