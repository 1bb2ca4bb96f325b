"""Contract section 3: the findings JSON."""
from __future__ import annotations

from ..models import Report


def render(report: Report, draft_text: str, path: str) -> str:
    return report.model_dump_json(indent=2, exclude_none=False) + "\n"
