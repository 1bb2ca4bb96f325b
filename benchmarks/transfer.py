#!/usr/bin/env python3
"""Score labelled cases on several revisions of the rules: what a study of earlier rounds did to drafts it
never saw.

For each revision, the package as it stood there (`git archive REV factcheck`) is unpacked into a temporary
folder and every case is checked with `python -P -m factcheck check` on that copy (this environment's
dependencies, that revision's rules, lexicon and catalogs), with a cache directory of its own, and scored with
`score.py`'s rule. It prints each revision's per-case lines and totals, then, for every revision after the
first, the labelled lines it catches that the first did not, the ones it no longer catches, and the false
alarms it adds or drops.

usage: transfer.py --rev da1fe73 --rev HEAD [--rev ...] CASE_OR_FOLDER...

    python benchmarks/transfer.py --rev da1fe73 --rev HEAD benchmarks/cases/round90-* benchmarks/cases/round91-*

exit status: 0 when every revision ran; 2 when a revision cannot be read or a case cannot be run.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from score import case_line, find_cases, run_case, score_case, totals  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def export(rev: str, into: Path) -> str:
    """Unpack the package at ``rev`` into ``into``; the revision's short hash."""
    def git(*args: str) -> bytes:
        proc = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, timeout=120)
        if proc.returncode:
            raise RuntimeError(f"git {' '.join(args)}: {proc.stderr.decode(errors='replace').strip()}")
        return proc.stdout
    short = git("rev-parse", "--short", f"{rev}^{{commit}}").decode().strip()
    with tarfile.open(fileobj=io.BytesIO(git("archive", short, "factcheck"))) as tar:
        tar.extractall(into, filter="data")
    return short


def score_revision(rev: str, cases: list[Path], work: Path) -> tuple[str, list[dict]]:
    folder = work / rev.replace("/", "_")
    short = export(rev, folder)
    env = {**os.environ, "PYTHONPATH": str(folder), "FACTCHECK_CACHE_DIR": str(folder / ".cache")}
    cmd = [sys.executable, "-P", "-m", "factcheck", "check"]
    rows = []
    for case in cases:
        report, wall = run_case(cmd, case, env=env)
        rows.append(score_case(case, report, wall))
    return short, rows


def changes(first: list[dict], later: list[dict]) -> dict[str, list[str]]:
    """Labelled lines caught (right category) and false alarms, as "case:line", gained and lost."""
    def lines(rows: list[dict], key: str) -> set[str]:
        return {f"{r['case']}:{line}" for r in rows for line in r[key]}
    out = {}
    for key, name in (("caught_lines", "caught"), ("false_lines", "false alarms")):
        a, b = lines(first, key), lines(later, key)
        out[f"{name} gained"] = sorted(b - a)
        out[f"{name} lost"] = sorted(a - b)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rev", action="append", required=True, help="a git revision (two or more, oldest first)")
    ap.add_argument("--json", action="store_true", help="print every figure as one JSON object")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    if len(args.rev) < 2:
        print("give two revisions or more (--rev OLD --rev NEW)", file=sys.stderr)
        return 2
    cases = find_cases(args.paths)
    if not cases:
        print("no cases found", file=sys.stderr)
        return 2
    results = []
    with tempfile.TemporaryDirectory(prefix="factcheck-transfer-") as tmp:
        for rev in args.rev:
            print(f"scoring {len(cases)} cases on {rev} …", file=sys.stderr)
            try:
                results.append(score_revision(rev, cases, Path(tmp)))
            except (RuntimeError, json.JSONDecodeError, subprocess.TimeoutExpired) as exc:
                print(f"cannot score {rev}: {exc}", file=sys.stderr)
                return 2
    first = results[0][1]
    if args.json:
        print(json.dumps({"revisions": [{"rev": short, "totals": totals(rows), "cases": rows,
                                         "against_first": changes(first, rows)} for short, rows in results]},
                         ensure_ascii=False))
        return 0
    for short, rows in results:
        print(f"## {short}")
        for r in rows:
            print(case_line(r))
        print("totals " + " ".join(f"{k}={v}" for k, v in totals(rows).items()))
    for short, rows in results[1:]:
        print(f"## {short} against {results[0][0]}")
        for name, items in changes(first, rows).items():
            print(f"{name}: {len(items)} {items}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
