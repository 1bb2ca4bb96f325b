"""The one settings object. It is built at the edge (CLI, web app, tests) and
passed in explicitly; nothing below this module reads the environment."""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal, Mapping

from pydantic import BaseModel, Field

from .models import CATEGORIES, Category


def default_cache_dir(env: Mapping[str, str]) -> Path:
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "factcheck"


class LLMSettings(BaseModel):
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    timeout: float = Field(default=60.0, gt=0, description="seconds one request may take")
    deadline: float = Field(default=600.0, gt=0, description="seconds all LLM requests of one run may take")
    budget: int | None = Field(default=None, ge=0, description="max HTTP requests to the LLM per run, retries "
                                                               "included; None = no cap")
    max_retries: int = Field(default=1, ge=0, description="retries of a request that got HTTP 429/5xx or no "
                                                          "connection; each counts against the budget")
    extraction_share: float = Field(default=0.25, ge=0, le=1,
                                    description="most of the budget and deadline claim extraction may use; "
                                                "the rest is kept for judgement")
    structured_output: Literal["auto", "json_schema", "json_object", "json"] = Field(
        default="auto", description="how answers are constrained; auto = detect once per endpoint")
    temperature: float = 0.0
    seed: int | None = 0

    @property
    def enabled(self) -> bool:
        return bool(self.model and (self.base_url or self.api_key))


class FetchSettings(BaseModel):
    github_api: str = "https://api.github.com"
    github_token: str | None = None
    timeout: float = 20.0
    retries: int = 3
    max_bytes: int = 5_000_000
    max_redirects: int = 5
    per_host: int = 4
    allow_private_hosts: bool = False
    refresh: bool = False
    user_agent: str = "factcheck/0.1 (+pre-publication fact checker)"
    huggingface_base: str = "https://huggingface.co"
    backoff: float = Field(default=1.0, description="first retry delay in seconds; doubles per retry")
    max_wait: float = Field(default=60.0, description="longest Retry-After / rate-limit reset to wait for; longer -> failed")
    cache_ttl: float = Field(default=86_400.0, description="seconds a cached response is used without revalidating")
    deadline: float = Field(default=300.0, gt=0, description="seconds the whole fetch phase of a run may take; "
                                                             "sources not read by then count as unread")


class Settings(BaseModel):
    fail_on: Literal["error", "warning", "info", "never"] = "error"
    lang: Literal["auto", "zh", "en"] = Field(
        default="auto", description="language of messages and reports; auto = the draft's own language")
    accept_incomplete: bool = Field(default=False, description="exit 0 (findings allowing) although some cited "
                                                               "sources could not be read")
    categories: list[Category] = Field(default_factory=lambda: list(CATEGORIES))
    repos: dict[str, str] = Field(default_factory=dict, description="project names -> owner/repo")
    sources_allow: list[str] = Field(default_factory=list, description="host allowlist; empty = any")
    # the environment's XDG_CACHE_HOME / FACTCHECK_CACHE_DIR are applied by settings_from_env at the edge
    cache_dir: Path = Field(default_factory=lambda: default_cache_dir({}))
    checkpoint: Path | None = Field(default=None, description="SQLite checkpoint file; None = cache_dir/checkpoints.sqlite")
    use_checkpoint: bool = True
    checkpoint_url: str | None = Field(default=None, description="PostgreSQL URL for checkpoints instead of the "
                                       "SQLite file, so another worker can resume a run (a team's server)")
    checkpoint_max_age: dt.timedelta | None = Field(
        default=dt.timedelta(days=7), description="interrupted runs' checkpoints older than this are pruned")
    checkpoint_max_bytes: int | None = Field(
        default=32 * 2**20, ge=0, description="the SQLite checkpoint file's bound: past it, the oldest interrupted "
                                              "runs' checkpoints are pruned (those of the last hour are kept)")
    facts_cache_max_bytes: int | None = Field(
        default=32 * 2**20, ge=0, description="the bound of the source facts and draft claims kept between runs "
                                              "(cache_dir/facts): past it, the least recently used go; 0 = keep "
                                              "none; None = no bound")
    quiet: bool = False
    fetch: FetchSettings = Field(default_factory=FetchSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)

    @property
    def checkpoint_path(self) -> Path:
        return self.checkpoint or (self.cache_dir / "checkpoints.sqlite")

    @property
    def facts_cache_path(self) -> Path:
        return self.cache_dir / "facts"

    @property
    def http_cache_path(self) -> Path:
        return self.cache_dir / "http.sqlite"

    @property
    def llm_cache_path(self) -> Path:
        return self.cache_dir / "llm.sqlite"


# Bounds of the LLM step that the environment may set, as FACTCHECK_LLM_<KEY>.
LLM_ENV = {key: f"FACTCHECK_LLM_{key.upper()}" for key in ("timeout", "deadline", "budget", "structured_output")}


def settings_from_env(env: Mapping[str, str], **overrides: object) -> Settings:
    """Settings from environment variables; only the CLI and web entry points call this.

    A configuration file (``factcheck.toml``) is layered on by ``factcheck.config``
    where that exists; this is the environment part.
    """
    llm_values: dict[str, object] = {
        "base_url": env.get("FACTCHECK_LLM_BASE_URL") or None,
        "model": env.get("FACTCHECK_LLM_MODEL") or None,
        "api_key": env.get("OPENAI_API_KEY") or None,
    }
    for key, name in LLM_ENV.items():
        if env.get(name):
            llm_values[key] = env[name]  # validated (and its variable named) by LLMSettings
    llm = LLMSettings.model_validate(llm_values)
    fetch = FetchSettings(github_token=env.get("GITHUB_TOKEN") or None)
    if env.get("FACTCHECK_GITHUB_API"):
        fetch.github_api = env["FACTCHECK_GITHUB_API"]
    data: dict[str, object] = {"llm": llm, "fetch": fetch, "cache_dir": default_cache_dir(env)}
    if env.get("FACTCHECK_CACHE_DIR"):
        data["cache_dir"] = Path(env["FACTCHECK_CACHE_DIR"])
    if env.get("FACTCHECK_LANG"):
        data["lang"] = env["FACTCHECK_LANG"]
    data.update(overrides)
    return Settings(**data)
