"""The OpenAI-compatible client and one structured, cached call.

Anything that speaks chat completions works: OpenAI, vLLM, SGLang, Ollama,
llama.cpp server. Every setting comes from ``LLMSettings``; nothing here reads
the environment. An answer is validated against a pydantic schema (sent as a
strict JSON schema); one that fails is retried once with the error shown, then
given up on. A valid answer is cached, so a re-run makes no calls.
"""
from __future__ import annotations

import hashlib
import importlib.resources
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

import openai
from openai import AsyncOpenAI
from pydantic import BaseModel, ValidationError

from . import llm_cache
from .settings import LLMSettings

T = TypeVar("T", bound=BaseModel)

# Local servers ignore the key, but the client refuses to start without one.
PLACEHOLDER_KEY = "not-needed"


class Prompt(BaseModel):
    name: str
    text: str
    sha256: str


def load_prompt(name: str) -> Prompt:
    """A prompt file from the ``factcheck.prompts`` package (``prompts/`` in the repo)."""
    data = importlib.resources.files("factcheck.prompts").joinpath(f"{name}.md").read_bytes()
    return Prompt(name=name, text=data.decode("utf-8"), sha256=hashlib.sha256(data).hexdigest())


class Usage(BaseModel):
    """What the model cost, summed over a node's calls; the report's stats add these up."""

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
    # "unusable": the model answered but not in the schema, twice.
    # "failed": no answer at all (timeout, rate limit after retries, HTTP error).
    # "budget": not asked, the run's call budget was used up.
    problem: str | None = None
    detail: str = ""


def make_client(settings: LLMSettings) -> AsyncOpenAI:
    return AsyncOpenAI(
        base_url=settings.base_url,
        api_key=settings.api_key or PLACEHOLDER_KEY,
        timeout=settings.timeout,
        max_retries=settings.max_retries,
    )


def cache_key(settings: LLMSettings, prompt: Prompt, user: str, schema: type[BaseModel]) -> llm_cache.CacheKey:
    payload = {
        "user": user,
        "schema": schema.model_json_schema(),
        "temperature": settings.temperature,
        "seed": settings.seed,
    }
    return llm_cache.CacheKey(model=settings.model or "", prompt_hash=prompt.sha256,
                              input_hash=llm_cache.input_hash(payload))


def _validation_summary(exc: ValidationError) -> str:
    parts = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:3]]
    return "; ".join(parts)


async def _ask_once(client: AsyncOpenAI, settings: LLMSettings, messages: list[dict[str, str]],
                    schema: type[T]) -> tuple[T | None, str, str, int, int]:
    """(answer, raw content, validation error, prompt tokens, completion tokens)."""
    raw = await client.chat.completions.with_raw_response.parse(
        model=settings.model or "",
        messages=messages,  # type: ignore[arg-type]
        response_format=schema,
        temperature=settings.temperature,
        seed=openai.omit if settings.seed is None else settings.seed,
    )
    body = raw.http_response.json()
    usage = body.get("usage") or {}
    tokens = (int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0))
    choices = body.get("choices") or [{}]
    content = str((choices[0].get("message") or {}).get("content") or "")
    try:
        parsed = raw.parse().choices[0].message.parsed
    except ValidationError as exc:
        return None, content, _validation_summary(exc), *tokens
    except openai.LengthFinishReasonError:
        return None, content, "the answer was cut off (finish_reason=length)", *tokens
    except openai.ContentFilterFinishReasonError:
        return None, content, "the answer was withheld by a content filter", *tokens
    if parsed is None:
        return None, content, "no content (refusal or empty answer)", *tokens
    return parsed, content, "", *tokens


async def ask(client: AsyncOpenAI, settings: LLMSettings, prompt: Prompt, user: str,
              schema: type[T], cache_path: Path, *, max_calls: int | None = None) -> Reply[T]:
    """Ask once (retrying once on an invalid answer), from the cache when it can.

    ``max_calls`` caps the requests this question may make (the run's budget);
    with none left and no cached answer the problem is "budget".
    """
    key = cache_key(settings, prompt, user, schema)
    hit = llm_cache.lookup(cache_path, key)
    if hit is not None:
        try:
            cached = schema.model_validate_json(hit.answer)
        except ValidationError:
            pass  # a row from an older schema: ask again
        else:
            return Reply(answer=cached, usage=Usage(cached_calls=1))

    if max_calls is not None and max_calls < 1:
        return Reply(problem="budget", detail="LLM call budget used up")
    usage = Usage()
    messages = [{"role": "system", "content": prompt.text}, {"role": "user", "content": user}]
    error = ""
    attempts = 2 if max_calls is None else min(2, max_calls)
    for _attempt in range(attempts):
        usage.calls += 1
        try:
            answer, content, error, p_tok, c_tok = await _ask_once(client, settings, messages, schema)
        except openai.APITimeoutError:
            return Reply(usage=usage, problem="failed", detail=f"timed out after {settings.timeout:g}s")
        except openai.APIStatusError as exc:
            return Reply(usage=usage, problem="failed", detail=f"HTTP {exc.status_code}")
        except openai.APIConnectionError as exc:
            return Reply(usage=usage, problem="failed", detail=f"cannot connect ({exc.__cause__ or exc})")
        except openai.APIError as exc:  # e.g. a reply the client cannot read
            return Reply(usage=usage, problem="failed", detail=type(exc).__name__)
        except json.JSONDecodeError:
            return Reply(usage=usage, problem="failed", detail="the server's reply is not JSON")
        usage.prompt_tokens += p_tok
        usage.completion_tokens += c_tok
        if answer is not None:
            llm_cache.store(cache_path, key, llm_cache.CachedAnswer(
                answer=answer.model_dump_json(), prompt_tokens=p_tok, completion_tokens=c_tok))
            return Reply(answer=answer, usage=usage)
        # Show the model its own answer and what was wrong with it, once.
        messages = messages[:2] + [
            {"role": "assistant", "content": content},
            {"role": "user", "content": f"That answer does not match the required JSON schema ({error}). "
                                        "Answer again with JSON that matches the schema exactly."},
        ]
    return Reply(usage=usage, problem="unusable", detail=error)
