"""`factcheck check` end to end, as a writer runs it: a draft and its archived
sources in, findings and an exit status out; bad input gives exit 2 and a message
naming the file and line, never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "probe"


def factcheck(*args: str, cwd: Path | None = None, env_cache: Path | None = None) -> subprocess.CompletedProcess:
    env = None
    if env_cache is not None:
        import os

        env = {**os.environ, "FACTCHECK_CACHE_DIR": str(env_cache)}
    return subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120)


def findings(proc: subprocess.CompletedProcess) -> list[dict]:
    return [f for f in json.loads(proc.stdout)["findings"] if f["severity"] in ("warning", "error")]


def test_careful_draft_passes(tmp_path):
    proc = factcheck("check", str(DATA / "careful.md"), "--sources", str(DATA / "sources"), "--format", "json",
                     env_cache=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert findings(proc) == []
    report = json.loads(proc.stdout)
    assert report["stats"]["sources"] == 5 and report["stats"]["claims"] >= 8


def test_draft_with_errors_fails_with_evidence(tmp_path):
    proc = factcheck("check", str(DATA / "with-errors.md"), "--sources", str(DATA / "sources"), "--format", "json",
                     env_cache=tmp_path)
    assert proc.returncode == 1
    got = {(f["line"], f["category"]) for f in findings(proc)}
    assert {(10, "unsupported"), (12, "overstatement"), (18, "release-date"), (20, "overstatement"),
            (28, "metric-conflation"), (30, "license")} <= got
    for f in findings(proc):
        assert f["id"].startswith("fc-") and f["evidence"], f
        assert f["sentence"] in (DATA / "with-errors.md").read_text(encoding="utf-8")
    # the unsupported finding names both numbers no source gives
    [unsupported] = [f for f in findings(proc) if f["line"] == 10 and f["category"] == "unsupported"]
    assert "45%" in unsupported["message"] and "120 t/s" in unsupported["message"]
    # and the 45% does not fit the sentence's own 2,150 -> 2,930 t/s (36%)
    [own] = [f for f in findings(proc) if f["line"] == 10 and f["category"] == "overstatement"]
    assert "36.3%" in own["message"]


def test_ids_are_stable_across_runs_and_line_moves(tmp_path):
    first = findings(factcheck("check", str(DATA / "with-errors.md"), "--sources", str(DATA / "sources"),
                               "--format", "json", "--no-checkpoint"))
    moved = tmp_path / "moved.md"
    text = (DATA / "with-errors.md").read_text(encoding="utf-8")
    moved.write_text(text.replace("## llama.cpp", "An extra paragraph.\n\n## llama.cpp", 1), encoding="utf-8")
    second = findings(factcheck("check", str(moved), "--sources", str(DATA / "sources"), "--format", "json",
                                "--no-checkpoint"))
    assert {f["id"] for f in first} == {f["id"] for f in second}
    assert {f["line"] for f in second} == {f["line"] + 2 for f in first}


def test_fail_on_levels(tmp_path):
    args = ["check", str(DATA / "with-errors.md"), "--sources", str(DATA / "sources"), "--no-checkpoint"]
    assert factcheck(*args, "--fail-on", "never").returncode == 0
    assert factcheck(*args, "--fail-on", "warning").returncode == 1
    text = factcheck(*args).stdout
    assert "with-errors.md:18:1: error release-date:" in text
    assert text.rstrip().endswith("0 suppressed")


@pytest.mark.parametrize("content, expect", [
    (b"", "draft is empty"),
    (b"   \n\n", "draft is empty"),
    (b"\x00\x01binary", "binary"),
    (b"ok line\n\xff\xfe bad\n", ":2"),
    (b"---\ntitle: [unclosed\n---\n\nText.\n", "front matter"),
    (b"---\nwindow: last week\n---\n\nText.\n", "window"),
])
def test_bad_drafts_exit_2_with_file_and_line(tmp_path, content, expect):
    draft = tmp_path / "draft.md"
    draft.write_bytes(content)
    proc = factcheck("check", str(draft), "--sources", str(DATA / "sources"), "--no-checkpoint")
    assert proc.returncode == 2
    assert str(draft) in proc.stderr and expect in proc.stderr
    assert "Traceback" not in proc.stderr


def test_missing_draft_exits_2(tmp_path):
    proc = factcheck("check", str(tmp_path / "nope.md"), "--sources", str(DATA / "sources"))
    assert proc.returncode == 2 and "nope.md" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("body, expect", [
    ('{"url": "https://x.org/a", "kind": "blog", "text": "t"', "not valid JSON"),
    ('{"kind": "blog", "text": "t"}', "url"),
    ('{"url": "https://x.org/a", "text": "t"}', "kind"),
    ('{"url": "https://x.org/a", "kind": "blog"}', "text"),
    ('{"url": "https://x.org/a", "kind": "tweet", "text": "t"}', "kind"),
    ('[1, 2]', "JSON object"),
])
def test_bad_source_documents_exit_2_naming_the_file(tmp_path, body, expect):
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "broken.json").write_text(body, encoding="utf-8")
    proc = factcheck("check", str(DATA / "careful.md"), "--sources", str(sources), "--no-checkpoint")
    assert proc.returncode == 2
    assert "broken.json" in proc.stderr and expect in proc.stderr and "Traceback" not in proc.stderr


def test_sources_folder_missing_exits_2(tmp_path):
    proc = factcheck("check", str(DATA / "careful.md"), "--sources", str(tmp_path / "none"), "--no-checkpoint")
    assert proc.returncode == 2 and "sources folder" in proc.stderr


def test_bundled_example_is_clean_and_its_twin_is_not(tmp_path):
    root = Path(__file__).parent.parent
    sources = root / "drafts" / "sources" / "weekly-2026-09-22"
    careful = factcheck("check", str(root / "drafts" / "weekly-2026-09-22.md"), "--sources", str(sources),
                        "--format", "json", "--no-checkpoint", "--accept-incomplete")
    # two cited sources (a repository and a paper) are not in the archive: accepted, and said
    assert careful.returncode == 0
    assert "不完整：引用的 24 个来源中有 2 个无法读取（已用 --accept-incomplete 接受）" in careful.stderr  # in the draft's language
    # what the careful digest still draws is only what its own sources leave open
    assert all(f["severity"] != "error" for f in json.loads(careful.stdout)["findings"])
    errors = factcheck("check", str(root / "drafts" / "weekly-2026-09-22-with-errors.md"), "--sources",
                       str(sources), "--format", "json", "--no-checkpoint")
    assert errors.returncode == 1
    lines = {f["line"] for f in findings(errors)}
    assert {16, 31, 41, 51, 57, 67, 85, 118, 134, 158} <= lines


def test_help_describes_every_command():
    proc = factcheck("--help")
    assert proc.returncode == 0
    for command in ("check", "fetch", "ci", "baseline", "config", "serve", "users"):
        assert command in proc.stdout
        sub = factcheck(command, "--help")
        assert sub.returncode == 0 and "Usage:" in sub.stdout
