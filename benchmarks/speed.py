#!/usr/bin/env python3
"""Speed of `factcheck check` on the bundled example, on one core.

Prints:
- the whole CLI run (start-up included): CPU time (user+sys, what the target is
  about; wall time on a shared machine mostly measures the other processes) and wall,
  with the cache directory as a writer's second run finds it, and without the facts
  and claims kept there (a new draft citing sources no run has read);
- start-up alone: CPU of a fresh process answering `factcheck --version`, `--help`,
  and importing everything a check imports;
- where a fresh process's CPU goes: importing the pipeline (of which LangGraph),
  building the lexicon (compiled, and loaded from the pattern cache), the units
  table, the first check (nothing kept yet), its messages in Chinese, a second check
  of another draft name in the same process (its sources' facts read back) and a
  third of the same name (its claims read back too);
- the in-process time of the check on the example and on drafts ten and twenty
  times as long (its sections repeated), to show the cost grows linearly with the
  draft, with the per-sentence slope and the per-source cost (facts of one source
  document, extracted and read back from the cache); and for each, the bytes the run's
  checkpoints took at its end, against the draft and its sources (in PostgreSQL too,
  given --database-url). These runs keep no facts or claims (facts_cache_max_bytes = 0):
  the repeated sections of the longer drafts would otherwise be read back, not checked.

usage: python benchmarks/speed.py [--repeat N] [--database-url URL]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
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


def in_process(text: str, repeat: int, checkpoint_url: str | None = None) -> tuple[float, int, int, int]:
    """Median CPU seconds of the check, its sentences and findings, and the bytes its
    checkpoints took at the end of the run (before the finished thread is pruned), in the
    SQLite file or, with ``checkpoint_url``, in PostgreSQL."""
    from factcheck.pipeline import check_text
    from factcheck.settings import Settings
    from factcheck.sources.archive import ArchiveSources

    archive = ArchiveSources.from_dir(SOURCES)
    times, report, said = [], None, []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(repeat):
            settings = Settings(cache_dir=Path(tmp), use_checkpoint=True, checkpoint_url=checkpoint_url,
                                facts_cache_max_bytes=0)
            t0 = time.process_time()  # CPU, one core: other processes' load does not count
            report = check_text(text, f"bench-{i}.md", settings, archive, progress=said.append)
            times.append(time.process_time() - t0)
    checkpoint = max(int(m.split()[1]) for m in said if m.startswith("checkpoint: "))
    return statistics.median(times), report.stats.sentences, len(report.findings), checkpoint


def cli_run(repeat: int, keep_facts: bool = True) -> tuple[float, float]:
    """Median CPU seconds (user+sys) and wall seconds of `factcheck check` on the example,
    after one run that fills the cache directory, as a writer's second run finds it; with
    ``keep_facts`` False, its sources' facts and the draft's claims are removed before each
    run (the compiled patterns stay), as for a new draft citing sources no run has read."""
    cpu, wall = [], []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FACTCHECK_CACHE_DIR": tmp}
        command = [sys.executable, "-m", "factcheck", "check", str(DRAFT), "--sources", str(SOURCES),
                   "--fail-on", "never", "--accept-incomplete", "-q"]
        subprocess.run(command, check=True, capture_output=True, env=env)
        for _ in range(repeat):
            if not keep_facts:
                shutil.rmtree(Path(tmp) / "facts", ignore_errors=True)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            wall.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(cpu), statistics.median(wall)


def startup(repeat: int) -> dict[str, float]:
    """Median CPU seconds (user+sys) of fresh processes that do nothing but start: the
    interpreter alone, the CLI answering --version and --help, and importing all a check
    imports (no check run)."""
    commands = {"python itself": ["-c", "pass"], "factcheck --version": ["-m", "factcheck", "--version"],
                "factcheck --help": ["-m", "factcheck", "--help"],
                "import of the check's modules": ["-c", "import factcheck.cli.check, factcheck.pipeline"]}
    figures = {}
    for name, args in commands.items():
        cpu = []
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, *args], check=True, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        figures[name] = statistics.median(cpu)
    return figures


# Run in a fresh interpreter: each figure is CPU time of one phase of a cold process,
# in the order a check meets them.
PHASES = r"""
import json, sys, tempfile, time
from pathlib import Path
clock = time.process_time
t0 = clock()
import pydantic, factcheck.models, factcheck.settings
t1 = clock()
from factcheck.deferred_imports import defer_check_imports
defer_check_imports()  # as factcheck.graph does before its first LangGraph import
import langgraph.graph
from factcheck.regex_cache import cache_directory, pattern_cache
t2 = clock()
# as the check command imports it: the module-level patterns' code from the cache directory
with cache_directory(Path(sys.argv[3])), pattern_cache("check-imports"):
    import factcheck.pipeline
t3 = clock()
from factcheck import lexicon
cold = clock()
lexicon._build_lexicon()
cold = clock() - cold
with tempfile.TemporaryDirectory() as tmp, cache_directory(Path(tmp)):
    with pattern_cache("lexicon"):
        lexicon._build_lexicon()
    warm = clock()
    lexicon.load_lexicon()
    warm = clock() - warm
    from factcheck.extract.quantities import load_units
    units = clock()
    load_units()
    units = clock() - units
    from factcheck.pipeline import check_text
    from factcheck.settings import Settings
    from factcheck.sources.archive import ArchiveSources
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    archive = ArchiveSources.from_dir(Path(sys.argv[2]))
    t4 = clock()
    report = check_text(text, "a.md", Settings(cache_dir=Path(tmp)), archive)
    t5 = clock()
    from factcheck.i18n import localize
    localize(report, "zh")
    t6 = clock()
    check_text(text, "b.md", Settings(cache_dir=Path(tmp)), archive)
    t7 = clock()
    check_text(text, "b.md", Settings(cache_dir=Path(tmp)), archive)
    t8 = clock()
print(json.dumps({"pydantic and models": t1 - t0, "langgraph.graph": t2 - t1, "rest of the pipeline": t3 - t2,
                  "lexicon compiled": cold, "lexicon from cache": warm, "units table": units,
                  "first check": t5 - t4, "messages in Chinese": t6 - t5, "second check": t7 - t6,
                  "third check": t8 - t7}))
"""


def phases(repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as patterns:  # filled by a first run, not counted
        runs = [json.loads(subprocess.run([sys.executable, "-c", PHASES, str(DRAFT), str(SOURCES), patterns],
                                          check=True, capture_output=True, text=True).stdout)
                for _ in range(repeat + 1)][1:]
    return {key: statistics.median(r[key] for r in runs) for key in runs[0]}


def per_source(repeat: int) -> tuple[float, float, int]:
    """Milliseconds per source document of the example to extract its facts, and to read
    them back from the facts cache; and how many documents."""
    from factcheck.draft import parse_draft
    from factcheck.facts import facts_of
    from factcheck.facts_cache import FactsCache
    from factcheck.sources.archive import load_document

    window = parse_draft(DRAFT.read_text(encoding="utf-8"), str(DRAFT)).window
    docs = [load_document(p) for p in sorted(SOURCES.rglob("*.json"))]
    facts_of(docs[0], window)  # lexicon built, regexes compiled: not a per-source cost
    extracted, read = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeat):
            t0 = time.process_time()
            for doc in docs:
                facts_of(doc, window)
            extracted.append(time.process_time() - t0)
        filled = FactsCache(Path(tmp), None)
        for doc in docs:
            filled.facts_of(doc, window)
        for _ in range(repeat):
            t0 = time.process_time()
            cache = FactsCache(Path(tmp), None)
            for doc in docs:
                cache.facts_of(doc, window)
            read.append(time.process_time() - t0)
            assert cache.hits == len(docs)
    return (1000 * statistics.median(extracted) / len(docs), 1000 * statistics.median(read) / len(docs),
            len(docs))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--database-url", default=os.environ.get("FACTCHECK_TEST_DATABASE_URL"),
                    help="also measure the checkpoint per run in this PostgreSQL database (default: "
                         "$FACTCHECK_TEST_DATABASE_URL, as `make test` sets it); its threads are deleted")
    args = ap.parse_args()
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the target says
    text = DRAFT.read_text(encoding="utf-8")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
          f"{'; PYTHONDONTWRITEBYTECODE set' if os.environ.get('PYTHONDONTWRITEBYTECODE') else ''}")
    cpu, wall = cli_run(args.repeat)
    print(f"CLI, bundled example, one core, median of {args.repeat}: {cpu:.2f} s CPU, {wall:.2f} s wall "
          f"(start-up included)")
    cpu, wall = cli_run(args.repeat, keep_facts=False)
    print(f"  the same without the facts and claims kept: {cpu:.2f} s CPU, {wall:.2f} s wall")
    print("start-up, fresh process, CPU s: " + ", ".join(f"{k} {v:.3f}" for k, v in startup(args.repeat).items()))
    split = phases(args.repeat)
    print("fresh process, CPU s: " + ", ".join(f"{k} {v:.3f}" for k, v in split.items()))
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
    if args.database_url:
        _, _, _, checkpoint = in_process(text, 1, checkpoint_url=args.database_url)
        inputs = len(text.encode()) + sources
        print(f" 1x draft, checkpoints in PostgreSQL: {checkpoint / 1024:.0f} KiB = "
              f"{checkpoint / inputs:.1f}x draft+sources")
    # The sources' facts are a fixed cost; what grows with the draft is the per-sentence slope.
    (n1, t1), (n10, t10), (n20, t20) = points
    print(f"marginal cost: {1000 * (t10 - t1) / (n10 - n1):.2f} ms/sentence from 1x to 10x, "
          f"{1000 * (t20 - t10) / (n20 - n10):.2f} ms/sentence from 10x to 20x (equal slopes = linear)")
    ms, cached, count = per_source(args.repeat)
    print(f"per source: {ms:.1f} ms CPU to extract the facts of one document, {cached:.1f} ms to read them "
          f"from the cache (mean of the example's {count})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
