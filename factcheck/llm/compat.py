"""What a request carries so that an OpenAI-compatible server answers in our schema.

Servers differ in the structured output they accept (see the matrix in
README.md, "Server compatibility"):

- ``json_schema``: ``{"type": "json_schema", "json_schema": {"strict": true, ...}}``,
  as OpenAI, vLLM, SGLang, Ollama and llama.cpp's ``llama-server`` take it;
- ``json_object``: ``{"type": "json_object", "schema": {...}}``, the only form
  llama-cpp-python's server takes (it answers HTTP 500 to ``json_schema``);
- ``json``: no ``response_format`` at all; the schema is shown in the message
  and the answer is validated like any other.

The mode is chosen once per run: the configured one, else the one this endpoint
accepted before (cached), else the first the endpoint does not refuse, tried in
the order above. Every answer is validated against the pydantic schema whatever
the mode, so a server that ignores the request's format cannot slip anything in.
"""
from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel

Mode = Literal["json_schema", "json_object", "json"]
MODES: tuple[Mode, ...] = ("json_schema", "json_object", "json")
# The statuses with which servers refuse a response_format they do not know:
# 400/422 from most, 500 from llama-cpp-python, 501 from a few proxies.
REFUSALS = {400, 422, 500, 501}

# Answer-length estimates, in tokens, for sizing max_tokens to the schema. A free
# string is a quote or a one-sentence reason; CJK text runs near a token a character.
STRING_TOKENS = 120
SCALAR_TOKENS = 4
LIST_ITEMS = 4  # strings expected in a list of strings (numbers, metrics, conditions)
MARGIN = 1.25
FLOOR = 64


def strict_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema in the form strict mode requires: every object closed,
    every property required (our answer models have no optional fields)."""
    def close(node: Any) -> Any:
        if isinstance(node, dict):
            out = {k: close(v) for k, v in node.items()}
            if out.get("type") == "object" and "properties" in out:
                out["additionalProperties"] = False
                out["required"] = list(out["properties"])
            return out
        if isinstance(node, list):
            return [close(v) for v in node]
        return node
    return close(schema.model_json_schema())


def response_format(mode: Mode, schema: type[BaseModel]) -> dict[str, Any] | None:
    if mode == "json_schema":
        return {"type": "json_schema",
                "json_schema": {"name": schema.__name__, "strict": True, "schema": strict_schema(schema)}}
    if mode == "json_object":
        return {"type": "json_object", "schema": strict_schema(schema)}
    return None


def schema_instruction(mode: Mode, schema: type[BaseModel]) -> str:
    """Text appended to the request when the server is not given the schema to enforce:
    the model must still see it (a json_object server may ignore ``schema``)."""
    if mode == "json_schema":
        return ""
    return ("\n\nAnswer with one JSON object, and nothing else, that matches this JSON schema:\n"
            + json.dumps(strict_schema(schema), ensure_ascii=False))


def answer_tokens(schema: type[BaseModel], items: int) -> int:
    """``max_tokens`` for an answer in ``schema`` about ``items`` claims.

    Without it a local server generates until its context is full; with a cap
    sized to the schema a well-formed answer always fits and a runaway one stops.
    """
    root = schema.model_json_schema()
    defs = root.get("$defs", {})

    def size(node: dict[str, Any], top: bool) -> int:
        if "$ref" in node:
            return size(defs[node["$ref"].rsplit("/", 1)[-1]], top)
        if "enum" in node:
            return max(len(str(v)) for v in node["enum"]) // 3 + SCALAR_TOKENS
        kind = node.get("type")
        if kind == "object":
            return 2 + sum(len(name) // 3 + 3 + size(sub, top) for name, sub in node.get("properties", {}).items())
        if kind == "array":
            item = node.get("items", {})
            count = items if top and ("$ref" in item or item.get("type") == "object") else LIST_ITEMS
            return 2 + count * (size(item, False) + 1)
        if kind == "string":
            return STRING_TOKENS
        return SCALAR_TOKENS

    return max(FLOOR, int(size(root, True) * MARGIN))


def next_mode(mode: Mode) -> Mode | None:
    at = MODES.index(mode)
    return MODES[at + 1] if at + 1 < len(MODES) else None
