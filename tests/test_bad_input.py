"""Bad input ends with a clear message or one finding, never a traceback or minutes
of CPU: citations and aliases urlsplit rejects, YAML front matter with alias cycles
or deep nesting, deeply nested source JSON, archived files over the size cap, and
extraction on long runs (generated with a fixed seed, bounded in count and time)."""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from web_support import serve_process

from factcheck.extract.statement import MAX_ANALYSED, extract_statement
from factcheck.pipeline import check_text
from factcheck.settings import Settings
from factcheck.sources.archive import ArchiveSources
from factcheck.sources.urls import normalize_url, url_problem

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tests" / "data" / "probe"


def factcheck(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FACTCHECK_LLM", "OPENAI"))}
    env["FACTCHECK_CACHE_DIR"] = str(cwd / "cache")
    return subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=timeout)


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()  # no config file above this folder is read
    return tmp_path


def source(folder: Path, name: str, **fields: object) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(fields), encoding="utf-8")


GOOD = "https://github.com/o/r/pull/1"


# --- citations and aliases urlsplit rejects -------------------------------------------


@pytest.mark.parametrize("url", ["http://host:abc/x", "javascript:alert(1)", "http://[::1/x"])
def test_url_problem_names_what_is_wrong_and_normalize_never_raises(url):
    assert url_problem(url)
    assert normalize_url(url) == "invalid:" + url
    assert url_problem(GOOD) is None and url_problem("localhost:8000/x") is None


def test_a_bad_citation_is_one_finding_and_the_rest_of_the_report_stands(work):
    sources = work / "sources"
    source(sources, "pr", url=GOOD, kind="pull_request", text="Throughput rose 12% on H100.")
    draft = work / "draft.md"
    draft.write_text("# Notes\n\nThroughput rose 12% on H100.\n\n"
                     f"Sources: [pr]({GOOD}), [bad](http://host:abc/x)\n", encoding="utf-8")
    proc = factcheck("check", str(draft), "--sources", str(sources), "--format", "json", "--no-checkpoint",
                     cwd=work)
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 1, proc.stderr  # incomplete: one cited source could not be read
    report = json.loads(proc.stdout)
    assert report["stats"]["sources"] == 1 and report["stats"]["unresolved"] == 1
    [bad] = [f for f in report["findings"] if f["check"] == "citation-unresolved"]
    assert bad["line"] == 5 and "not a valid URL" in bad["message"] and "http://host:abc/x" in bad["message"]
    # live, the same citation is refused before any network use
    live = factcheck("check", str(draft), "--format", "json", "--no-checkpoint", "--fetch-deadline", "5",
                     cwd=work)
    assert "Traceback" not in live.stderr and live.returncode == 1
    refused = [f for f in json.loads(live.stdout)["findings"] if "http://host:abc/x" in f["message"]]
    assert refused and "not a valid URL" in refused[0]["message"]


def test_ci_keeps_the_other_drafts_results(work):
    repo = work
    shutil.rmtree(repo / ".git")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e.invalid", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@e.invalid"}
    (repo / "README.txt").write_text("x\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "start"], cwd=repo, check=True, env=env)
    (repo / "bad.md").write_text("# B\n\nThe kernel is 3x faster.\n\nSources: [x](http://host:abc/x)\n",
                                 encoding="utf-8")
    shutil.copy(PROBE / "careful.md", repo / "good.md")
    proc = factcheck("ci", "--base", "HEAD", "--sources", str(PROBE / "sources"), "--format", "json",
                     "--all-lines", cwd=repo)
    assert "Traceback" not in proc.stderr
    reports = {r["draft"]: r for r in json.loads(proc.stdout)}
    assert set(reports) == {"bad.md", "good.md"}
    assert reports["good.md"]["stats"]["sources"] == 5 and reports["good.md"]["stats"]["claims"] > 0
    assert any("not a valid URL" in f["message"] for f in reports["bad.md"]["findings"])
    assert proc.returncode == 1


def test_serve_starts_with_an_alias_urlsplit_rejects(work):
    sources = work / "sources"
    source(sources, "pr", url=GOOD, kind="pull_request", text="Throughput rose 12% on H100.",
           aliases=["http://host:abc/x", "javascript:alert(1)", "https://github.com/o/r/pull/1/files"])
    archive = ArchiveSources.from_dir(sources)
    assert len(archive.problems) == 2 and all("ignored" in p for p in archive.problems)
    assert archive.lookup("https://github.com/o/r/pull/1/files") is not None  # the good alias still answers
    env = {**os.environ, "FACTCHECK_CACHE_DIR": str(work / "cache")}
    with serve_process([sys.executable, "-m", "factcheck", "serve", "--db", str(work / "q.sqlite"),
                        "--sources", str(sources)], env=env) as base:
        assert httpx.get(f"{base}/login", timeout=10).status_code == 200


# --- front matter and source files that would recurse --------------------------------


@pytest.mark.parametrize("front, expect", [
    ("a: &a [*a]\n", r":2: front matter has a YAML alias cycle"),
    ("title: t\nb: &b {x: *b}\n", r":3: front matter has a YAML alias cycle"),
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", r":2: front matter is nested too deeply to read"),
])
def test_front_matter_that_would_recurse_is_exit_2_with_file_and_line(work, front, expect):
    draft = work / "draft.md"
    draft.write_text(f"---\n{front}---\n# T\n\nThroughput rose 12%.\n", encoding="utf-8")
    started = time.monotonic()
    proc = factcheck("check", str(draft), "--sources", str(PROBE / "sources"), "--no-checkpoint", cwd=work)
    assert time.monotonic() - started < 30
    assert proc.returncode == 2, proc.stderr
    assert re.search(re.escape(str(draft)) + expect, proc.stderr), proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_source_file_nested_100000_deep_is_exit_2_naming_it(work):
    sources = work / "sources"
    sources.mkdir()
    (sources / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    proc = factcheck("check", str(PROBE / "careful.md"), "--sources", str(sources), "--no-checkpoint", cwd=work)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"{sources / 'deep.json'}:1: source document is nested too deeply to read" in proc.stderr


def test_an_archived_file_over_the_size_cap_is_refused_at_once(work):
    sources = work / "sources"
    source(sources, "big", url=GOOD, kind="pull_request", text="x " * 5000)
    (work / "factcheck.toml").write_text("[fetch]\nmax_bytes = 4000\n", encoding="utf-8")
    started = time.monotonic()
    proc = factcheck("check", str(PROBE / "careful.md"), "--sources", str(sources), "--no-checkpoint", cwd=work)
    assert time.monotonic() - started < 30
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    size = (sources / "big.json").stat().st_size
    assert (f"{sources / 'big.json'}: source document is {size} bytes, over the 4000 byte limit "
            "(fetch.max_bytes, the same cap as live fetching)") in proc.stderr


# --- extraction on long runs: bounded work, said in a note ------------------------------------

RUNS = ["1.1.", "7", "1,", "TP", "1 ", "1%", "1~", "1:", "a.", "1-1", "v1.", "中1", "#1", "0x"]


def test_extraction_is_bounded_on_long_generated_runs():
    rng = random.Random(1010)
    extract_statement("warm the lexicon up: 1.5x on H100", None, claim=True)
    cases = [(unit * (80_000 // len(unit) + 1))[:80_000] for unit in RUNS]
    cases += ["".join(rng.choice("0123456789.,:%-xTP ") for _ in range(80_000)) for _ in range(4)]
    slowest = 0.0
    for text in cases:
        started = time.monotonic()
        statement = extract_statement(text, None, claim=True)
        slowest = max(slowest, time.monotonic() - started)
        assert len(statement.text) == MAX_ANALYSED
    # about a second each on one shared core; the unbounded extractors took minutes
    assert slowest < 3, f"slowest 80 KB run took {slowest:.2f} s"


@pytest.mark.parametrize("line", ["1.1." * 20_000, "7" * 80_000])
def test_a_long_line_in_draft_and_source_is_checked_quickly_and_said(tmp_path, line):
    doc = {"url": GOOD, "kind": "pull_request", "text": f"Throughput rose 12% on H100.\n\n{line}\n"}
    draft = f"# T\n\nThroughput rose 12% on H100.\n\n{line}\n\nSources: [pr]({GOOD})\n"
    from factcheck.models import SourceDocument

    archive = ArchiveSources([SourceDocument.model_validate(doc)])
    started = time.monotonic()
    report = check_text(draft, "long.md", Settings(cache_dir=tmp_path, use_checkpoint=False), archive)
    took = time.monotonic() - started
    assert took < 10, f"took {took:.1f} s"
    assert f"line 5: a sentence of {len(line)} characters; only its first {MAX_ANALYSED} were analysed" \
        in report.notes
    assert any(n.startswith(f"source {GOOD}: 1 passage(s) longer than {MAX_ANALYSED}") for n in report.notes)
