"""A run whose cited sources could not be read is incomplete: the summary says
"incomplete: K of N cited sources could not be read", it exits 1 unless accepted
(--accept-incomplete, accept_incomplete in the config file), "claims checked"
counts only claims that met a source, progress lines reach a non-terminal stderr,
and the whole fetch phase is bounded by a deadline. Real processes, real loopback
servers, no mocks."""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from loopback import PageServer, html

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tests" / "data" / "probe"
SUMMARY = re.compile(r"(\d+) sentences, (\d+) claims checked, (\d+) could not be checked, (\d+) suppressed"
                     r"(?:; incomplete: (\d+) of (\d+) cited sources could not be read)?$", re.M)
PROGRESS = re.compile(r"^factcheck: \[\s*\d+\.\d s\] ", re.M)


def factcheck(*args: str, cwd: Path, cache: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FACTCHECK_LLM_MODEL", "FACTCHECK_LLM_BASE_URL", "OPENAI_API_KEY", "GITHUB_STEP_SUMMARY")}
    env["FACTCHECK_CACHE_DIR"] = str(cache)
    # stderr is a pipe here, never a terminal: exactly what a CI log is
    return subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=timeout)


def summary(proc: subprocess.CompletedProcess) -> tuple[int, ...]:
    found = SUMMARY.search(proc.stdout)
    assert found, proc.stdout[-500:]
    return tuple(int(g) if g is not None else -1 for g in found.groups())


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """A folder with no factcheck.toml above it that matters (a git root stops the search)."""
    (tmp_path / ".git").mkdir()
    return tmp_path


# --- archived sources -------------------------------------------------------------


def test_empty_sources_folder_is_incomplete_and_exits_1(work):
    empty = work / "empty"
    empty.mkdir()
    proc = factcheck("check", str(PROBE / "careful.md"), "--sources", str(empty), "--no-checkpoint",
                     cwd=work, cache=work / "cache")
    assert proc.returncode == 1, proc.stderr
    _, claims, _, _, unread, cited = summary(proc)
    assert (unread, cited) == (5, 5)
    assert claims == 0, "no claim met a source, so none was checked"
    assert "--accept-incomplete" in proc.stderr and "Traceback" not in proc.stderr

    accepted = factcheck("check", str(PROBE / "careful.md"), "--sources", str(empty), "--no-checkpoint",
                         "--accept-incomplete", cwd=work, cache=work / "cache")
    assert accepted.returncode == 0, accepted.stderr
    assert summary(accepted)[4:] == (5, 5), "accepting does not hide it"
    assert "(accepted" in accepted.stderr


def test_complete_run_says_nothing_of_incompleteness(work):
    proc = factcheck("check", str(PROBE / "careful.md"), "--sources", str(PROBE / "sources"), "--no-checkpoint",
                     cwd=work, cache=work / "cache")
    assert proc.returncode == 0, proc.stderr
    assert "incomplete" not in proc.stdout + proc.stderr
    assert summary(proc)[4] == -1


def test_claims_checked_counts_only_claims_that_met_a_source(work):
    full = factcheck("check", str(PROBE / "careful.md"), "--sources", str(PROBE / "sources"), "--no-checkpoint",
                     "--format", "json", cwd=work, cache=work / "cache")
    partial_dir = work / "partial"
    shutil.copytree(PROBE / "sources", partial_dir)
    (partial_dir / "trt.json").unlink()  # the TensorRT-LLM section's only source
    partial = factcheck("check", str(PROBE / "careful.md"), "--sources", str(partial_dir), "--no-checkpoint",
                        "--format", "json", cwd=work, cache=work / "cache")
    assert partial.returncode == 1
    whole, part = json.loads(full.stdout)["stats"], json.loads(partial.stdout)["stats"]
    assert part["unresolved"] == 1 and part["sources"] == whole["sources"] - 1
    assert 0 < part["claims"] < whole["claims"]


def test_fail_on_never_does_not_accept_an_incomplete_run_but_the_config_key_does(work):
    empty = work / "empty"
    empty.mkdir()
    args = ("check", str(PROBE / "careful.md"), "--sources", str(empty), "--no-checkpoint", "--fail-on", "never")
    assert factcheck(*args, cwd=work, cache=work / "cache").returncode == 1
    (work / "factcheck.toml").write_text("accept_incomplete = true\n", encoding="utf-8")
    assert factcheck(*args, cwd=work, cache=work / "cache").returncode == 0
    shown = factcheck("config", "show", cwd=work, cache=work / "cache")
    assert re.search(r"^accept_incomplete = true\s+# file:factcheck.toml$", shown.stdout, re.M), shown.stdout
    assert re.search(r"^fetch.deadline = 300.0\s+# default$", shown.stdout, re.M), shown.stdout


def test_help_documents_the_flags():
    for command in ("check", "ci"):
        out = subprocess.run([sys.executable, "-m", "factcheck", command, "--help"], capture_output=True,
                             text=True, timeout=60).stdout
        assert "--accept-incomplete" in out and "--fetch-deadline" in out and "accept_incomplete" in out
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "--accept-incomplete" in readme and "fetch.deadline" in readme and "accept_incomplete" in readme


# --- live sources: a listener that never answers ---------------------------------


@pytest.fixture
def silent_listener() -> Iterator[str]:
    """Accepts connections and never says a word."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            held.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join(timeout=5)
    for conn in held:
        conn.close()
    server.close()


@pytest.fixture
def page_server() -> Iterator[str]:
    server = PageServer({"/notes": html("<html><head><title>Notes</title></head>"
                                        "<body><p>Throughput rose 12% on H100.</p></body></html>")})
    yield server.url
    server.close()


def two_source_draft(folder: Path, silent: str, page: str) -> Path:
    draft = folder / "draft.md"
    draft.write_text(
        "# Notes\n\n## Serving\n\nThroughput rose 12% on H100.\n\n"
        f"Sources: [notes]({page}/notes)\n\n"
        "## Kernels\n\nThe kernel is 3x faster on B200.\n\n"
        f"Sources: [silent]({silent}/never)\n", encoding="utf-8")
    return draft


def test_never_answering_source_is_cut_by_the_fetch_deadline_with_progress_lines(work, silent_listener,
                                                                                 page_server):
    draft = two_source_draft(work, silent_listener, page_server)
    started = time.monotonic()
    proc = factcheck("check", str(draft), "--allow-private-hosts", "--no-checkpoint", "--fetch-deadline", "2",
                     cwd=work, cache=work / "cache", timeout=60)
    took = time.monotonic() - started
    # fetch.timeout is 20 s with 3 retries: only the deadline can end it this soon
    assert took < 15, f"took {took:.1f} s"
    assert proc.returncode == 1, proc.stderr
    assert summary(proc)[4:] == (1, 2)
    assert "fetch deadline of 2 s" in proc.stdout
    # plain progress lines, with elapsed time, one per source read or failed
    lines = [line for line in proc.stderr.splitlines() if PROGRESS.match(line)]
    read = [line for line in lines if f"source read: {page_server}/notes" in line]
    failed = [line for line in lines if f"source failed: {silent_listener}/never" in line]
    assert len(read) == 1 and len(failed) == 1, proc.stderr
    seconds = float(re.search(r"\[\s*(\d+\.\d) s\]", failed[0]).group(1))
    assert 1.5 <= seconds < 10


def test_fetch_deadline_from_the_config_file(work, silent_listener, page_server):
    draft = two_source_draft(work, silent_listener, page_server)
    (work / "factcheck.toml").write_text("[fetch]\ndeadline = 1.5\n", encoding="utf-8")
    started = time.monotonic()
    proc = factcheck("check", str(draft), "--allow-private-hosts", "--no-checkpoint", "-q",
                     cwd=work, cache=work / "cache", timeout=60)
    assert time.monotonic() - started < 15
    assert proc.returncode == 1 and "fetch deadline of 1.5 s" in proc.stdout
    assert not PROGRESS.search(proc.stderr), "-q silences progress"


# --- factcheck ci: one incomplete draft makes the run exit 1 --------------------------


def git(repo: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def test_ci_exits_1_on_an_incomplete_draft_unless_accepted(tmp_path):
    repo = tmp_path / "pub"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("x\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "start")
    (repo / "drafts").mkdir()
    shutil.copy(PROBE / "careful.md", repo / "drafts" / "careful.md")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "draft")
    partial = tmp_path / "partial"
    shutil.copytree(PROBE / "sources", partial)
    (partial / "trt.json").unlink()
    args = ("ci", "--base", "HEAD~1", "--all-lines", "--sources", str(partial))
    proc = factcheck(*args, cwd=repo, cache=tmp_path / "cache")
    assert proc.returncode == 1, proc.stderr
    assert summary(proc)[4:] == (1, 5)
    assert any("drafts/careful.md: source not found" in line for line in proc.stderr.splitlines()
               if PROGRESS.match(line)), proc.stderr
    accepted = factcheck(*args, "--accept-incomplete", cwd=repo, cache=tmp_path / "cache")
    assert accepted.returncode == 0, accepted.stderr
    complete = factcheck("ci", "--base", "HEAD~1", "--all-lines", "--sources", str(PROBE / "sources"),
                         cwd=repo, cache=tmp_path / "cache")
    assert complete.returncode == 0 and "incomplete" not in complete.stdout
