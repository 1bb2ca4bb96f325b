"""benchmarks/transfer.py: the rules of several git revisions scored on the same labelled cases."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "transfer.py"


def _has_history() -> bool:
    proc = subprocess.run(["git", "rev-parse", "--verify", "HEAD"], cwd=ROOT, capture_output=True, timeout=30)
    return proc.returncode == 0


pytestmark = pytest.mark.skipif(not _has_history(), reason="needs the repository's git history")


def _case(tmp_path: Path) -> Path:
    case = tmp_path / "cases" / "tiny-en"
    (case / "sources").mkdir(parents=True)
    pr = "https://github.com/acme/engine/pull/7"
    (case / "sources" / "pr7.json").write_text(json.dumps({
        "url": pr, "kind": "pull_request", "title": "Faster decode", "state": "merged",
        "text": "Decode throughput improves by 12% on one H100 with batch size 8."}), encoding="utf-8")
    (case / "draft.md").write_text(
        "---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## Engine\n\n"
        "Decode throughput improves by 21% on one H100 with batch size 8.\n"
        "The change was merged.\n\n"
        f"Sources: [#7]({pr})\n", encoding="utf-8")
    (case / "labels.json").write_text(json.dumps({"errors": [
        {"line": 8, "categories": ["overstatement", "unsupported"], "note": "12%, not 21%"}]}), encoding="utf-8")
    return case


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_two_revisions_are_scored_and_compared(tmp_path):
    case = _case(tmp_path)
    proc = _run("--rev", "HEAD", "--rev", "HEAD", "--json", str(case))
    assert proc.returncode == 0, proc.stderr
    revisions = json.loads(proc.stdout)["revisions"]
    assert len(revisions) == 2 and revisions[0]["rev"] == revisions[1]["rev"]
    first = revisions[0]["cases"][0]
    assert first["case"] == "tiny-en" and first["caught_lines"] == [8] and first["false_lines"] == []
    assert revisions[1]["against_first"] == {"caught gained": [], "caught lost": [], "false alarms gained": [],
                                             "false alarms lost": []}
    text = _run("--rev", "HEAD", "--rev", "HEAD", str(case))
    assert text.returncode == 0
    assert text.stdout.count("totals cases=1 labels=1 recall=1.0") == 2
    assert "caught gained: 0 []" in text.stdout


def test_a_revision_that_does_not_exist_is_an_error(tmp_path):
    proc = _run("--rev", "HEAD", "--rev", "no-such-revision-xyz", str(_case(tmp_path)))
    assert proc.returncode == 2
    assert "cannot score no-such-revision-xyz" in proc.stderr


def test_one_revision_is_not_a_comparison(tmp_path):
    proc = _run("--rev", "HEAD", str(_case(tmp_path)))
    assert proc.returncode == 2 and "two revisions" in proc.stderr
