#!/usr/bin/env python3
"""What the LLM second opinion adds on the labelled cases, on any OpenAI-compatible endpoint.

Each case is checked twice, in process: rules only, then rules + LLM against
``--base-url``/``--model``. Both runs are scored by ``benchmarks/score.py`` (`make bench`)
(a label is caught when a warning or error of one of its categories covers its line;
any other warning or error off the labelled lines is a false positive), and the script
prints, per mode, recall, precision and the categories caught, then what the LLM
changed: labels it caught that the rules missed, false positives it added, its calls,
tokens, time and the claims it left unjudged.

    python benchmarks/llm_eval.py --base-url http://127.0.0.1:8080/v1 --model smollm2-135m-instruct
    python benchmarks/llm_eval.py --base-url … --model … --budget 4 benchmarks/cases/round3-en

``--budget``/``--deadline``/``--timeout`` apply to each case's LLM run. Answers are cached
in ``--cache-dir`` (a fresh temporary one by default, so every call is made); pass the
same directory again to re-score without calling the model.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from factcheck.models import Report
from factcheck.pipeline import check_path_async
from factcheck.settings import LLMSettings, Settings

# the scoring rule is score.py's, beside this file (`make bench`): one rule for both
sys.path.insert(0, str(Path(__file__).resolve().parent))
from score import COUNTED, covers, find_cases, score_case  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


class Score(BaseModel):
    """One mode's result on one case."""

    labels: int = 0
    caught: int = 0
    caught_lines: list[int] = Field(default_factory=list)
    caught_categories: list[str] = Field(default_factory=list)
    flagged: int = 0
    false_lines: list[int] = Field(default_factory=list)
    seconds: float = 0.0
    llm_calls: int = 0
    cached_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_findings: int = 0
    unjudged: int = 0
    structured_output: str | None = None


def score(case: Path, report: Report, seconds: float) -> Score:
    """score.py's figures for one report, plus the categories it caught and what the LLM cost."""
    data = report.model_dump(mode="json")
    base = score_case(case, data, seconds)
    labels = [lab for lab in json.loads((case / "labels.json").read_text(encoding="utf-8"))["errors"]
              if not lab.get("optional")]
    findings = [f for f in data["findings"] if f["severity"] in COUNTED]
    out = Score(labels=base["labels"], caught=base["caught"], flagged=base["findings"],
                false_lines=base["false_lines"], seconds=round(seconds, 1))
    for lab in labels:
        hit = [f for f in findings if covers(f, lab["line"]) and f["category"] in lab["categories"]]
        if hit:
            out.caught_lines.append(lab["line"])
            out.caught_categories.append(hit[0]["category"])
    stats = report.stats.model_dump()
    out.llm_calls = stats.get("llm_calls", 0)
    out.cached_calls = stats.get("llm_cached_calls", 0)
    out.prompt_tokens = stats.get("prompt_tokens", 0)
    out.completion_tokens = stats.get("completion_tokens", 0)
    out.llm_findings = sum(1 for f in report.findings if f.origin == "llm" and f.severity in COUNTED)
    if report.llm is not None:
        out.unjudged = report.llm.unjudged
        out.structured_output = report.llm.structured_output
    return out


async def run(case: Path, settings: Settings) -> tuple[Report, float]:
    started = time.perf_counter()
    report = await check_path_async(case / "draft.md", settings, sources_dir=case / "sources")
    return report, time.perf_counter() - started


def totals(rows: list[Score]) -> dict[str, Any]:
    labels = sum(r.labels for r in rows)
    caught = sum(r.caught for r in rows)
    flagged = sum(r.flagged for r in rows)
    false = sum(len(r.false_lines) for r in rows)
    return {
        "recall": round(caught / labels, 3) if labels else None,
        "precision": round((flagged - false) / flagged, 3) if flagged else None,
        "caught": caught, "labels": labels, "false_positives": false,
        "classes": dict(Counter(c for r in rows for c in r.caught_categories)),
        "llm_calls": sum(r.llm_calls for r in rows), "cached_calls": sum(r.cached_calls for r in rows),
        "prompt_tokens": sum(r.prompt_tokens for r in rows),
        "completion_tokens": sum(r.completion_tokens for r in rows),
        "llm_findings": sum(r.llm_findings for r in rows), "unjudged": sum(r.unjudged for r in rows),
        "seconds": round(sum(r.seconds for r in rows), 1),
    }


async def evaluate(args: argparse.Namespace, cache: Path) -> dict[str, Any]:
    rules = Settings(cache_dir=cache, use_checkpoint=False)
    assisted = Settings(cache_dir=cache, use_checkpoint=False, llm=LLMSettings(
        base_url=args.base_url, model=args.model, api_key=args.api_key, budget=args.budget,
        deadline=args.deadline, timeout=args.timeout, structured_output=args.structured_output))
    rows: list[dict[str, Any]] = []
    for case in find_cases([str(c) for c in args.cases]):
        plain = score(case, *await run(case, rules))
        helped = score(case, *await run(case, assisted))
        rows.append({"case": case.name, "rules": plain, "llm": helped})
        added = sorted(set(helped.caught_lines) - set(plain.caught_lines))
        lost = sorted(set(plain.caught_lines) - set(helped.caught_lines))
        print(f"{case.name:<18} rules {plain.caught}/{plain.labels} false {plain.false_lines}   "
              f"+llm {helped.caught}/{helped.labels} false {helped.false_lines}   "
              f"llm caught {added or '-'}{f' LOST {lost}' if lost else ''}  "
              f"calls {helped.llm_calls} (+{helped.cached_calls} cached)  "
              f"tokens {helped.prompt_tokens}+{helped.completion_tokens}  unjudged {helped.unjudged}  "
              f"{helped.seconds}s", flush=True)
    by_mode = {mode: totals([r[mode] for r in rows]) for mode in ("rules", "llm")}
    modes = {"rules": "rules only", "llm": f"rules + LLM ({args.model})"}
    for mode, label in modes.items():
        t = by_mode[mode]
        print(f"{label}: recall={t['recall']} precision={t['precision']} caught={t['caught']}/{t['labels']} "
              f"false_positives={t['false_positives']} classes={t['classes']} calls={t['llm_calls']} "
              f"cached={t['cached_calls']} tokens={t['prompt_tokens']}+{t['completion_tokens']} "
              f"llm_findings={t['llm_findings']} unjudged={t['unjudged']} time={t['seconds']}s")
    modes_used = {r["llm"].structured_output for r in rows} - {None}
    print(f"structured output used: {', '.join(sorted(modes_used)) or 'none (no request answered)'}")
    return {"totals": by_mode, "cases": [{"case": r["case"], "rules": r["rules"].model_dump(),
                                          "llm": r["llm"].model_dump()} for r in rows]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cases", nargs="*", type=Path, default=[ROOT / "benchmarks" / "cases"],
                        help="case folders, or folders of them (default: benchmarks/cases)")
    parser.add_argument("--base-url", required=True, help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1")
    parser.add_argument("--model", required=True, help="model name as the server knows it")
    parser.add_argument("--api-key", default=None, help="only if the server wants one")
    parser.add_argument("--budget", type=int, default=None, help="HTTP requests per case (default: no cap)")
    parser.add_argument("--deadline", type=float, default=600.0, help="seconds for one case's LLM requests")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds for one request")
    parser.add_argument("--structured-output", default="auto", choices=["auto", "json_schema", "json_object", "json"])
    parser.add_argument("--cache-dir", type=Path, default=None,
                        help="answer cache to use or reuse (default: a fresh temporary directory)")
    parser.add_argument("--json", type=Path, default=None, help="also write every figure to this JSON file")
    args = parser.parse_args()
    if not find_cases([str(c) for c in args.cases]):
        print("no cases found", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="llm-eval-") as tmp:
        result = asyncio.run(evaluate(args, args.cache_dir or Path(tmp)))
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
