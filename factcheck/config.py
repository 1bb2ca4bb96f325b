"""The configuration file, layered with the environment and flags into the one
``Settings`` object, remembering where each value came from.

Precedence, lowest first: defaults < file < environment < flags. The file is
the first found walking up from the working directory (stopping at the git
root): ``factcheck.toml``, ``.factcheck.toml``, or ``pyproject.toml`` with a
``[tool.factcheck]`` table. Secrets (API keys, tokens) are refused in files:
they belong in the environment.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Mapping

from pydantic import BaseModel, ValidationError

from .errors import InputError
from .settings import LLM_ENV, Settings, settings_from_env

CONFIG_NAMES = ("factcheck.toml", ".factcheck.toml")
SECRETS = {"llm.api_key": "OPENAI_API_KEY", "fetch.github_token": "GITHUB_TOKEN"}
# The variables settings_from_env reads, named in provenance; a key it sets
# that is missing here is still shown, as plain "env".
ENV_NAMES = {
    "llm.base_url": "FACTCHECK_LLM_BASE_URL",
    "llm.model": "FACTCHECK_LLM_MODEL",
    "llm.api_key": "OPENAI_API_KEY",
    "fetch.github_token": "GITHUB_TOKEN",
    "fetch.github_api": "FACTCHECK_GITHUB_API",
    "lang": "FACTCHECK_LANG",
    **{f"llm.{key}": name for key, name in LLM_ENV.items()},
}
PATH_KEYS = {"cache_dir", "checkpoint"}


class ConfigFile(BaseModel):
    path: Path
    text: str
    table: str = ""  # "" for factcheck.toml, "tool.factcheck" in pyproject.toml
    values: dict[str, Any]


class Effective(BaseModel):
    """The settings a run uses, and for each dotted key where its value came from."""

    settings: Settings
    origins: dict[str, str]
    file: Path | None = None


def flatten(model: BaseModel, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, BaseModel):
            out.update(flatten(value, f"{prefix}{name}."))
        else:
            out[f"{prefix}{name}"] = value
    return out


def flatten_table(table: Mapping[str, Any], nested: set[str], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key in nested and not prefix and isinstance(value, dict):
            out.update(flatten_table(value, set(), f"{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def nested_fields() -> set[str]:
    return {name for name, field in Settings.model_fields.items()
            if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel)}


def find_config(start: Path) -> Path | None:
    for folder in [start, *start.parents]:
        for name in CONFIG_NAMES:
            if (folder / name).is_file():
                return folder / name
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and re.search(r"^\s*\[tool\.factcheck[.\]]",
                                             pyproject.read_text(encoding="utf-8"), re.M):
            return pyproject
        if (folder / ".git").exists():
            return None
    return None


def key_line(text: str, table: str, dotted: str) -> int | None:
    """The line a key is written on, for error messages (tomllib keeps no positions)."""
    *parents, leaf = dotted.split(".")
    header = ".".join(p for p in [table, *parents] if p)
    lines = text.split("\n")
    start = 0
    if header:
        pattern = re.compile(rf"^\s*\[\s*{re.escape(header)}\s*\]")
        start = next((n for n, line in enumerate(lines) if pattern.match(line)), 0)
    key = re.compile(rf"^\s*[\"']?{re.escape(leaf)}[\"']?\s*=|[{{,]\s*{re.escape(leaf)}\s*=")
    for n in range(start, len(lines)):
        if key.search(lines[n]):
            return n + 1
    return None


def read_config(path: Path) -> ConfigFile:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read config: {exc.strerror or exc}", str(path)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"at line (\d+)", str(exc))
        raise InputError(f"not valid TOML: {exc}", str(path), int(found.group(1)) if found else None) from None
    table = ""
    if path.name == "pyproject.toml":
        table = "tool.factcheck"
        data = data.get("tool", {}).get("factcheck", {})
    values = flatten_table(data, nested_fields())
    known = flatten(settings_from_env({}))
    for key in values:
        where = key_line(text, table, key)
        if key in SECRETS:
            raise InputError(f"{key} is a secret; set it in the environment ({SECRETS[key]}), "
                             "not in a file that gets committed", str(path), where)
        if key not in known:
            raise InputError(f"unknown key {key!r}; known keys: {', '.join(sorted(known))}",
                             str(path), where)
        if key in PATH_KEYS and isinstance(values[key], str):
            values[key] = str((path.parent / values[key]).resolve())
    return ConfigFile(path=path, text=text, table=table, values=values)


def set_dotted(data: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, leaf = dotted.split(".")
    for part in parents:
        data = data.setdefault(part, {})
    data[leaf] = value


def shown_path(path: Path, cwd: Path) -> str:
    try:
        return str(path.resolve().relative_to(cwd.resolve()))
    except ValueError:
        return str(path)


def load_settings(env: Mapping[str, str], cwd: Path, flags: Mapping[str, Any] | None = None,
                  config_path: Path | None = None) -> Effective:
    """Defaults, then the config file, then the environment, then flags (dotted keys)."""
    defaults = flatten(settings_from_env({}))
    try:
        from_env = settings_from_env(env)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(["llm", *(str(p) for p in first["loc"])])
        raise InputError(f"{ENV_NAMES.get(key, key)}={env.get(ENV_NAMES.get(key, ''), '')!r}: {first['msg']}") from None
    env_values = flatten(from_env)
    origins = {key: "default" for key in defaults}
    for key, value in env_values.items():
        if value != defaults[key]:
            origins[key] = f"env {env_name(key, env)}".rstrip()

    path = config_path or find_config(cwd)
    config = read_config(path) if path else None
    data = from_env.model_dump()
    if config:
        label = f"file:{shown_path(config.path, cwd)}"
        for key, value in config.values.items():
            if origins[key] == "default":
                set_dotted(data, key, value)
                origins[key] = label
    for key, value in (flags or {}).items():
        if value is None:
            continue
        if key not in origins:
            raise ValueError(f"unknown setting {key!r}")
        set_dotted(data, key, value)
        origins[key] = "flag"
    try:
        settings = Settings.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"] if not isinstance(p, int))
        source = origins.get(key, "")
        if config and source.startswith("file:"):
            raise InputError(f"{key}: {first['msg']}", str(config.path),
                             key_line(config.text, config.table, key)) from None
        raise InputError(f"{key} ({source}): {first['msg']}") from None
    return Effective(settings=settings, origins=origins, file=config.path if config else None)


def env_name(key: str, env: Mapping[str, str]) -> str:
    if key == "cache_dir":
        return "FACTCHECK_CACHE_DIR" if env.get("FACTCHECK_CACHE_DIR") else "XDG_CACHE_HOME"
    return ENV_NAMES.get(key, "")


def show_value(key: str, value: Any) -> str:
    if key in SECRETS:
        return "(set, hidden)" if value else "(not set)"
    if isinstance(value, Path):
        value = str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{bare_key(k)} = {show_value('', v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(show_value("", v) for v in value) + "]"
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def bare_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else show_value("", key)


def describe(effective: Effective) -> str:
    """Each effective value, TOML-like, with where it came from."""
    values = flatten(effective.settings)
    rows = [(f"{key} = {show_value(key, values[key])}", effective.origins.get(key, "default"))
            for key in values]
    width = max(len(left) for left, _ in rows)
    head = f"# config file: {effective.file}" if effective.file else "# config file: none found"
    return "\n".join([head, *(f"{left:<{width}}  # {origin}" for left, origin in rows)]) + "\n"
