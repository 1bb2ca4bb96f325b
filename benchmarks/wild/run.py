"""Precision on real published text: warning/error findings per 100 sentences.

Runs the checker on every document of this folder against its archived sources and
prints, per document and in total, how many warning or error findings it drew per
100 sentences. `ledger.json` judges each such finding by hand, keyed
`folder:line:category` → {"verdict": "true" | "false", "why": "…"}: a true problem in
the published text (the source's words quoted) or a false alarm. The totals count
false alarms from the ledger; findings not yet judged are listed with --unjudged.

    python benchmarks/wild/run.py --cmd "factcheck check"
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_one(cmd: list[str], folder: Path) -> dict:
    args = [*cmd, str(folder / "draft.md"), "--sources", str(folder / "sources"),
            "--format", "json", "--fail-on", "never"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{folder.name}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cmd", default="factcheck check", help="the check command to run")
    ap.add_argument("--unjudged", action="store_true", help="print findings the ledger does not judge")
    ap.add_argument("--only", help="run only folders whose name contains this")
    opts = ap.parse_args()
    cmd = shlex.split(opts.cmd)
    ledger_path = HERE / "ledger.json"
    ledger = json.loads(ledger_path.read_text(encoding="utf-8")) if ledger_path.exists() else {}

    total_sent = total_flag = total_false = total_err_false = total_unjudged = 0
    for folder in sorted(p for p in HERE.iterdir() if (p / "draft.md").exists()):
        if opts.only and opts.only not in folder.name:
            continue
        report = run_one(cmd, folder)
        sentences = report["stats"]["sentences"]
        flagged = [f for f in report["findings"] if f["severity"] in ("warning", "error")]
        false = err_false = unjudged = 0
        for f in flagged:
            key = f"{folder.name}:{f['line']}:{f['category']}"
            verdict = ledger.get(key, {}).get("verdict")
            if verdict == "false":
                false += 1
                err_false += f["severity"] == "error"
            elif verdict != "true":
                unjudged += 1
                if opts.unjudged:
                    print(f"  UNJUDGED {key} [{f['severity']}/{f['check']}] {f['sentence'][:160]}\n"
                          f"           {f['message'][:220]}", file=sys.stderr)
        per100 = 100 * len(flagged) / max(sentences, 1)
        print(f"{folder.name:42} sentences {sentences:4}  flagged {len(flagged):2} ({per100:4.1f}/100)"
              f"  false {false}  unjudged {unjudged}")
        total_sent += sentences
        total_flag += len(flagged)
        total_false += false
        total_err_false += err_false
        total_unjudged += unjudged
    print(f"totals sentences={total_sent} flagged={total_flag} "
          f"flagged_per_100={100 * total_flag / max(total_sent, 1):.2f} "
          f"false={total_false} false_per_100={100 * total_false / max(total_sent, 1):.2f} "
          f"false_at_error={total_err_false} unjudged={total_unjudged}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
