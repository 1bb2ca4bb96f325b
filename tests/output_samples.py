"""Hand-built reports with real-looking findings, for the renderer tests.

The draft mixes 中文, emoji (one code point, four UTF-8 bytes) and English so
that column conversions show up when they are wrong.
"""
from __future__ import annotations

from factcheck.models import Evidence, Finding, Report, Stats

DRAFT = """---
title: 推理周报 🚀 2026-09-22
window: 2026-09-16..2026-09-22
---

# vLLM 🚀 本周

🚀 vLLM 的 PR 把输出吞吐提高了 10.21%，并且适用于所有 GPU。

The PR cuts denoising to 143 s, so each request is about 3.4x faster end to end.

来源：[vLLM #56893](https://github.com/vllm-project/vllm/pull/56893)

## ComfyUI

ComfyUI first added MiniMax Music 3 this week | with "pipes" & <tags>.

Sources: [ComfyUI #15570](https://github.com/Comfy-Org/ComfyUI/pull/15570)
"""


def place(needle: str, draft: str = DRAFT) -> tuple[int, int, int]:
    """(line, 1-based code-point column, exclusive end column) of ``needle`` in the draft."""
    for number, text in enumerate(draft.split("\n"), start=1):
        at = text.find(needle)
        if at >= 0:
            return number, at + 1, at + 1 + len(needle)
    raise AssertionError(f"{needle!r} not in draft")


def finding(needle: str, category: str, severity: str, message: str, url: str, quote: str,
            suggestion: str | None = None, whole_line: bool = False) -> Finding:
    line, col, end = place(needle)
    sentence_line = DRAFT.split("\n")[line - 1]
    return Finding(line=line, column=col, end_line=line, end_column=None if whole_line else end,
                   sentence=sentence_line if whole_line else needle, category=category,
                   severity=severity, message=message, evidence=[Evidence(url=url, quote=quote)],
                   suggestion=suggestion, check="test").with_id()


OVERSTATEMENT = "把输出吞吐提高了 10.21%，并且适用于所有 GPU。"
CONFLATION = "each request is about 3.4x faster end to end."
RELEASE = 'ComfyUI first added MiniMax Music 3 this week | with "pipes" & <tags>.'


def sample_report() -> Report:
    findings = [
        finding(OVERSTATEMENT, "overstatement", "error",
                "The source reports a range of -0.38% to +10.21% on one MI300X; the draft gives the top and widens it to all GPUs.",
                "https://github.com/vllm-project/vllm/pull/56893",
                "Output throughput: -0.38% .. +10.21% (MI300X, TP8)",
                suggestion="把输出吞吐最多提高了 10.21%（MI300X，TP8）。"),
        finding(CONFLATION, "metric-conflation", "warning",
                "3.4x is the denoising speedup; end to end the PR shows 505.037 s -> 169.850 s (2.97x).",
                "https://github.com/vllm-project/vllm/pull/56893",
                "HTTP end-to-end: 505.037 s -> 169.850 s"),
        finding(RELEASE, "release-date", "info",
                "Could not confirm when MiniMax Music 3 was first added: the PR's merge date is missing.",
                "https://github.com/Comfy-Org/ComfyUI/pull/15570",
                "Add MiniMax Music 3 nodes, 50% faster | see #15570", whole_line=True),
    ]
    return Report(draft="drafts/weekly.md", findings=findings,
                  stats=Stats(sentences=7, claims=5, sources=2, unresolved=0))
