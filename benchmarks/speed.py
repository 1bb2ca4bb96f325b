#!/usr/bin/env python3
"""Speed of `factcheck check` on the bundled example, on one core.

Prints the wall time of the whole CLI run (start-up included) and the in-process
time of the check on the example and on drafts ten and twenty times as long (its
sections repeated), to show the cost grows linearly with the draft; and for each,
the bytes the run's checkpoints took at its end, against the draft and its sources.

usage: python benchmarks/speed.py [--repeat N]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "drafts" / "weekly-2026-09-22-with-errors.md"
SOURCES = ROOT / "drafts" / "sources" / "weekly-2026-09-22"


def scaled(text: str, times: int) -> str:
    """The draft with its body (everything after the front matter) repeated."""
    head, _, body = text.partition("\n---\n")
    return head + "\n---\n" + "\n".join(body for _ in range(times))


def in_process(text: str, repeat: int) -> tuple[float, int, int, int]:
    """Median seconds of the check, its sentences and findings, and the bytes its
    checkpoints took at the end of the run (before the finished thread is pruned)."""
    from factcheck.pipeline import check_text
    from factcheck.settings import Settings
    from factcheck.sources.archive import ArchiveSources

    archive = ArchiveSources.from_dir(SOURCES)
    times, report, said = [], None, []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(repeat):
            settings = Settings(cache_dir=Path(tmp), use_checkpoint=True)
            t0 = time.perf_counter()
            report = check_text(text, f"bench-{i}.md", settings, archive, progress=said.append)
            times.append(time.perf_counter() - t0)
    checkpoint = max(int(m.split()[1]) for m in said if m.startswith("checkpoint: "))
    return statistics.median(times), report.stats.sentences, len(report.findings), checkpoint


def cli_wall(repeat: int) -> float:
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FACTCHECK_CACHE_DIR": tmp}
        for _ in range(repeat):
            t0 = time.perf_counter()
            subprocess.run(["taskset", "-c", "0", sys.executable, "-m", "factcheck", "check", str(DRAFT),
                            "--sources", str(SOURCES), "--fail-on", "never", "-q"],
                           check=True, capture_output=True, env=env)
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the target says
    text = DRAFT.read_text(encoding="utf-8")
    wall = cli_wall(args.repeat)
    print(f"CLI, bundled example, one core, median of {args.repeat}: {wall:.2f} s (start-up included)")
    base = None
    points = []
    sources = sum(p.stat().st_size for p in SOURCES.glob("*.json"))
    for times in (1, 10, 20):
        draft = scaled(text, times)
        seconds, sentences, findings, checkpoint = in_process(draft, args.repeat)
        base = base or seconds
        points.append((sentences, seconds))
        inputs = len(draft.encode()) + sources
        print(f"{times:>2}x draft: {sentences:>5} sentences, {findings:>4} findings, {seconds:.3f} s "
              f"({seconds / base:.1f}x the 1x time); checkpoint {checkpoint / 1024:.0f} KiB = "
              f"{checkpoint / inputs:.1f}x draft+sources ({inputs / 1024:.0f} KiB)")
    # The sources' facts are a fixed cost; what grows with the draft is the per-sentence slope.
    (n1, t1), (n10, t10), (n20, t20) = points
    print(f"marginal cost: {1000 * (t10 - t1) / (n10 - n1):.2f} ms/sentence from 1x to 10x, "
          f"{1000 * (t20 - t10) / (n20 - n10):.2f} ms/sentence from 10x to 20x (equal slopes = linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
