"""Several drafts in one output (``factcheck ci``). A format module that can
merge drafts into one document (SARIF: one run; HTML: one page; GitHub: one
annotation budget) defines ``render_many``; the rest are concatenated."""
from __future__ import annotations

import importlib
import json
from typing import NamedTuple

from ..models import Report
from . import FORMATS


class Checked(NamedTuple):
    report: Report
    draft_text: str
    path: str


def render_many(items: list[Checked], fmt: str, color: bool = False) -> str:
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
    module = importlib.import_module(f".{FORMATS[fmt]}", __package__)
    if fmt == "text":
        return str(module.render_many(items, color=color))
    if hasattr(module, "render_many"):
        return str(module.render_many(items))
    if fmt == "json":
        # A list of docs/contracts.md §3 objects, one per draft, so each stays readable alone.
        return json.dumps([json.loads(module.render(*item)) for item in items], indent=2,
                          ensure_ascii=False) + "\n"
    return "".join(module.render(*item) for item in items)
