"""Renderers: one module per output format, each with
``render(report: Report, draft_text: str, path: str) -> str``."""
from __future__ import annotations

import importlib

from ..models import Report

# Module name per format name; add a format by adding a module and a row here.
FORMATS: dict[str, str] = {
    "text": "text",
    "json": "json_format",
    "sarif": "sarif",
    "github": "github",
    "rdjsonl": "rdjsonl",
    "markdown": "markdown",
    "html": "html",
}


def render(report: Report, fmt: str, draft_text: str = "", path: str = "", color: bool = False) -> str:
    """``color`` asks the text format for terminal colours; the others have none."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
    module = importlib.import_module(f".{FORMATS[fmt]}", __package__)
    if fmt == "text":
        return module.render(report, draft_text, path or report.draft, color=color)
    return module.render(report, draft_text, path or report.draft)
