#!/usr/bin/env python3
"""Score `factcheck check` against labelled benchmark cases.

A case is a folder holding:
  draft.md      the draft to check
  sources/      source documents (../contracts.md, section 2) that replace the network
  labels.json   {"errors": [{"line": 12, "categories": ["overstatement"], "note": "..."}]}

Every line not named in labels.json is expected to draw no finding of severity
warning or error. A label counts as caught when a finding of one of its categories
covers its line; "located" when a finding of another category does. A label with
"optional": true marks a line where a finding is fair but not required: it counts
neither for recall nor as a false positive.

usage: score.py [--cmd "factcheck check"] [--json] CASE_OR_FOLDER...

This is the one scorer: `make bench` runs it on benchmarks/cases and, when present,
on the team's dev cases (SHARED_DEV, ../shared/bench/dev by default), and
benchmarks/llm_eval.py and benchmarks/mutants use its rule. It started as a copy of
../shared/bench/score.py; figures in this repository come from this file only.
exit status: 0 always when it ran; 2 when a case could not be run or read.
"""
from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

COUNTED = {"warning", "error"}


def find_cases(paths: list[str]) -> list[Path]:
    cases = []
    for p in map(Path, paths):
        if (p / "labels.json").exists():
            cases.append(p)
        else:
            cases.extend(sorted(d.parent for d in p.glob("*/labels.json")))
    return cases


def run_case(cmd: list[str], case: Path, env: dict[str, str] | None = None) -> tuple[dict, float]:
    argv = cmd + [str(case / "draft.md"), "--sources", str(case / "sources"), "--format", "json"]
    t0 = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600, env=env)
    wall = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{case}: exit {proc.returncode}: {proc.stderr.strip()[-800:]}")
    return json.loads(proc.stdout), wall


def covers(finding: dict, line: int) -> bool:
    start = finding.get("line", 0)
    return start <= line <= finding.get("end_line", start)


def score_case(case: Path, report: dict, wall: float) -> dict:
    every = json.loads((case / "labels.json").read_text(encoding="utf-8"))["errors"]
    labels = [lab for lab in every if not lab.get("optional")]
    findings = [f for f in report.get("findings", []) if f.get("severity") in COUNTED]
    caught, located, missed = [], [], []
    for lab in labels:
        on_line = [f for f in findings if covers(f, lab["line"])]
        if any(f.get("category") in lab["categories"] for f in on_line):
            caught.append(lab)
        elif on_line:
            located.append(lab)
        else:
            missed.append(lab)
    labelled = {lab["line"] for lab in every}
    false = [f for f in findings if not any(covers(f, ln) for ln in labelled)]
    return {
        "case": case.name, "labels": len(labels), "caught": len(caught),
        "located": len(located), "missed": [m["line"] for m in missed],
        "caught_lines": [c["line"] for c in caught], "located_lines": [c["line"] for c in located],
        "findings": len(findings), "false_positives": len(false),
        "false_lines": sorted({f.get("line") for f in false}), "wall_s": round(wall, 3),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cmd", default="factcheck check")
    ap.add_argument("--json", action="store_true", help="print the totals as one JSON object")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    cases = find_cases(args.paths)
    if not cases:
        print("no cases found", file=sys.stderr)
        return 2
    rows = []
    for case in cases:
        try:
            report, wall = run_case(shlex.split(args.cmd), case)
        except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as exc:
            print(f"cannot run {case}: {exc}", file=sys.stderr)
            return 2
        rows.append(score_case(case, report, wall))
    total = totals(rows)
    if args.json:
        print(json.dumps({"totals": total, "cases": rows}, ensure_ascii=False))
    else:
        for r in rows:
            print(case_line(r))
        print("totals " + " ".join(f"{k}={v}" for k, v in total.items()))
    return 0


def totals(rows: list[dict]) -> dict:
    """The figures over scored cases: recall (right category, any category), precision, false alarms."""
    labels = sum(r["labels"] for r in rows)
    caught = sum(r["caught"] for r in rows)
    located = sum(r["located"] for r in rows)
    flagged = sum(r["findings"] for r in rows)
    false = sum(r["false_positives"] for r in rows)
    return {
        "cases": len(rows), "labels": labels,
        "recall": round(caught / labels, 3) if labels else None,
        "recall_any_category": round((caught + located) / labels, 3) if labels else None,
        "precision": round((flagged - false) / flagged, 3) if flagged else None,
        "false_positives": false, "wall_s": round(sum(r["wall_s"] for r in rows), 3),
    }


def case_line(r: dict) -> str:
    return (f"{r['case']:<28} caught {r['caught']}/{r['labels']} (+{r['located']} other category)"
            f"  false {r['false_positives']} {r['false_lines']}  missed {r['missed']}  {r['wall_s']}s")


if __name__ == "__main__":
    sys.exit(main())
