#!/usr/bin/env python3
"""A newsroom's load: one `factcheck serve`, 1, 2 and 4 `factcheck worker`s, 100
drafts submitted through the JSON API, all on a real PostgreSQL on 127.0.0.1.

For each worker count (a fresh database each time) it prints:
  drafts/min   100 drafts over the time from the first submission to the last finished check
  duplicates   check runs beyond the first per revision (claims counted in the database,
               cross-checked with the workers' "revision N: done" log lines)
  stuck        revisions not finished (done, incomplete or failed) when the queue has been empty for a while
  failed       revisions whose check failed
  API p50/p95  GET /api/drafts/{id} (what a CMS polls), one client, a request every 20 ms:
               idle (the same server and workers, queue empty, after the run) and while checks run

The drafts are the bundled example with errors (161 sentences, 27 citations), each with
its own title line so every one is a distinct check; sources come from its archive.

usage: python benchmarks/load.py [--database-url URL] [--workers 1,2,4] [--drafts 100] [--nice N]
Without --database-url it starts a throwaway cluster with .ci/postgres.sh (Debian's
postgresql, as root) and drops it at the end.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import httpx
import psycopg
import sqlalchemy as sa

from factcheck.checkpoints import libpq_url

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "drafts" / "weekly-2026-09-22-with-errors.md"
SOURCES = ROOT / "drafts" / "sources" / "weekly-2026-09-22"
FACTCHECK = [sys.executable, "-m", "factcheck"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def cluster(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    name = f"factcheck-load-{os.getpid()}"
    up = subprocess.run([str(ROOT / ".ci" / "postgres.sh"), "up", name], capture_output=True, text=True)
    if up.returncode != 0:
        sys.exit(f"could not start PostgreSQL: {up.stderr.strip()}")
    try:
        yield up.stdout.strip()
    finally:
        subprocess.run([str(ROOT / ".ci" / "postgres.sh"), "down", name], capture_output=True)


@contextmanager
def database(base: str, name: str) -> Iterator[str]:
    with psycopg.connect(libpq_url(base), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield base.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(libpq_url(base), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for p in procs:
        try:
            p.wait(30)
        except subprocess.TimeoutExpired:
            p.kill()


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


class Sampler(threading.Thread):
    """One API client polling GET /api/drafts/{id} every 20 ms; latencies in ms."""

    def __init__(self, client: httpx.Client, ids: list[int]) -> None:
        super().__init__(daemon=True)
        self.client, self.ids, self.latencies = client, ids, []
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.is_set():
            if self.ids:
                draft_id = random.choice(self.ids)
                t0 = time.perf_counter()
                self.client.get(f"/api/drafts/{draft_id}").raise_for_status()
                self.latencies.append(1000 * (time.perf_counter() - t0))
            self.halt.wait(0.02)


@dataclass
class Round:
    workers: int
    drafts_per_minute: float
    duplicates: int
    stuck: int
    failed: int
    idle: tuple[float, float]
    busy: tuple[float, float]
    seconds: float


def one_round(base: str, workers: int, drafts: int, nice: int, work: Path, timeout: float) -> Round:
    text = DRAFT.read_text(encoding="utf-8")
    with ExitStack() as stack:
        url = stack.enter_context(database(base, f"load_{workers}_{os.getpid()}"))
        engine = sa.create_engine(url)
        stack.callback(engine.dispose)
        env = {**os.environ, "FACTCHECK_CACHE_DIR": str(work / f"cache-{workers}")}
        token = subprocess.run([*FACTCHECK, "users", "add", "bench", "--role", "writer", "--database-url", url],
                               capture_output=True, text=True, check=True, env=env).stdout.strip()
        port = free_port()
        procs: list[subprocess.Popen] = []
        stack.callback(stop, procs)
        procs.append(subprocess.Popen([*FACTCHECK, "serve", "--database-url", url, "--port", str(port)],
                                      stdout=subprocess.DEVNULL, stderr=(work / f"serve-{workers}.log").open("w"),
                                      env=env))
        logs = [work / f"worker-{workers}-{n}.log" for n in range(workers)]
        for log in logs:
            procs.append(subprocess.Popen([*FACTCHECK, "worker", "--database-url", url, "--sources", str(SOURCES),
                                           "--nice", str(nice)], stdout=subprocess.DEVNULL,
                                          stderr=log.open("w"), env=env))
        client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60,
                              headers={"Authorization": f"Bearer {token}"})
        stack.callback(client.close)
        deadline = time.monotonic() + 60
        while True:
            try:
                if client.get("/api/drafts").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)
        # Workers are up when each has written its start-up line.
        while not all("factcheck worker on" in log.read_text() for log in logs):
            if time.monotonic() > deadline:
                raise RuntimeError("the workers did not start")
            time.sleep(0.2)
        time.sleep(2)  # past their first poll of the queue

        ids: list[int] = []
        sampler = Sampler(client, ids)
        sampler.start()
        t0 = time.monotonic()
        for n in range(drafts):
            body = {"title": f"Load {n}", "text": text.replace("\n---\n", f"\n---\n\nLoad test draft {n}.\n", 1)}
            reply = client.post("/api/drafts", json=body)
            reply.raise_for_status()
            ids.append(reply.json()["id"])

        def statuses() -> Counter:
            with engine.connect() as conn:
                return Counter(dict(conn.execute(sa.text(
                    "select run_status, count(*) from revisions group by run_status")).all()))

        def finished(seen: Counter) -> int:
            return sum(seen[s] for s in ("done", "incomplete", "failed"))

        def queue() -> int:
            with engine.connect() as conn:
                return conn.execute(sa.text("select count(*) from procrastinate_jobs "
                                            "where status in ('todo', 'doing')")).scalar() or 0

        while time.monotonic() - t0 < timeout:
            seen = statuses()
            if finished(seen) == drafts:
                break
            time.sleep(0.5)
        sampler.halt.set()
        sampler.join()
        busy = sampler.latencies
        # Whatever is unfinished once the queue has been empty for a lease and a half is stuck.
        quiet_since = None
        while time.monotonic() - t0 < timeout + 120:
            seen = statuses()
            if finished(seen) == drafts:
                break
            if queue() == 0:
                quiet_since = quiet_since or time.monotonic()
                if time.monotonic() - quiet_since > 90:
                    break
            else:
                quiet_since = None
            time.sleep(1)
        seen = statuses()

        idle_sampler = Sampler(client, ids)
        idle_sampler.start()
        time.sleep(15)
        idle_sampler.halt.set()
        idle_sampler.join()
        idle = idle_sampler.latencies

        with engine.connect() as conn:
            claims = conn.execute(sa.text("select coalesce(sum(greatest(attempts - 1, 0)), 0) "
                                          "from revisions")).scalar()
            first, last = conn.execute(sa.text("select min(created_at), max(finished_at) from revisions")).one()
        done_lines = Counter(int(m) for log in logs
                             for m in re.findall(r"revision (\d+): (?:done|incomplete)", log.read_text()))
        duplicates = max(int(claims), sum(n - 1 for n in done_lines.values() if n > 1))
        seconds = (last - first).total_seconds() if last else float("inf")
        return Round(workers=workers, drafts_per_minute=60 * finished(seen) / seconds,
                     duplicates=duplicates, stuck=drafts - finished(seen), failed=seen["failed"],
                     idle=(statistics.median(idle), percentile(idle, 95)),
                     busy=(statistics.median(busy), percentile(busy, 95)), seconds=seconds)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--database-url", help="PostgreSQL URL of a role that may create databases "
                                           "(default: start a throwaway cluster)")
    ap.add_argument("--workers", default="1,2,4", help="worker counts to run, comma-separated")
    ap.add_argument("--drafts", type=int, default=100)
    ap.add_argument("--nice", type=int, default=0, help="pass --nice N to the workers")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds a round may take")
    args = ap.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start; "
          f"{args.drafts} drafts of {DRAFT.name} per round; workers at nice {args.nice}", flush=True)
    print(f"{'workers':>7} {'drafts/min':>10} {'dup':>4} {'stuck':>5} {'failed':>6} "
          f"{'API p50/p95 idle':>17} {'API p50/p95 busy':>17}  p95 busy/idle", flush=True)
    rounds = []
    with tempfile.TemporaryDirectory() as tmp, cluster(args.database_url) as base:
        for workers in counts:
            r = one_round(base, workers, args.drafts, args.nice, Path(tmp), args.timeout)
            rounds.append(r)
            print(f"{r.workers:>7} {r.drafts_per_minute:>10.1f} {r.duplicates:>4} {r.stuck:>5} {r.failed:>6} "
                  f"{r.idle[0]:>7.1f}/{r.idle[1]:>5.1f} ms {r.busy[0]:>7.1f}/{r.busy[1]:>5.1f} ms  "
                  f"{r.busy[1] / r.idle[1]:.1f}x", flush=True)
    ok = all(r.duplicates == 0 and r.stuck == 0 for r in rounds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
