"""factcheck ci: changed drafts and lines from a real git repository, then the
whole command end to end on a temp repo with two commits."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from factcheck.changes import added_lines, changed_drafts
from factcheck.cli import main
from factcheck.errors import InputError
from factcheck.output import FORMATS

ROOT = Path(__file__).resolve().parents[1]
CASES = {  # draft -> its archived sources, all in this repository
    "en": (ROOT / "tests" / "data" / "probe" / "with-errors.md", ROOT / "tests" / "data" / "probe" / "sources"),
    "zh": (ROOT / "drafts" / "weekly-2026-09-22-with-errors.md", ROOT / "drafts" / "sources" / "weekly-2026-09-22"),
}
ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((Path(__file__).parent / "schemas" / "sarif-2.1.0.json").read_text(encoding="utf-8"))


def git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout


def new_repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    return path


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# --- which drafts and lines changed -----------------------------------------


def test_added_lines_from_unified_zero_hunks():
    diff = "@@ -3 +3 @@\n-a\n+b\n@@ -10,0 +11,2 @@\n+c\n+d\n@@ -20,4 +21,0 @@\n-gone\n"
    assert added_lines(diff) == {3, 11, 12}


def test_changed_drafts_tracked_untracked_deleted_and_non_drafts(tmp_path):
    repo = new_repo(tmp_path / "pub")
    write(repo / "drafts" / "周报 一.md", "one\ntwo\nthree\n")
    write(repo / "drafts" / "old.md", "bye\n")
    write(repo / "notes.txt", "n\n")
    write(repo / "code.py", "x = 1\n")
    write(repo / ".gitignore", "scratch/\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "first")
    write(repo / "drafts" / "周报 一.md", "one\nTWO\nthree\nfour\n")   # lines 2 and 4
    (repo / "drafts" / "old.md").unlink()
    write(repo / "code.py", "x = 2\n")
    write(repo / "drafts" / "new.md", "fresh\n")                       # untracked
    write(repo / "scratch" / "ignored.md", "ignored\n")
    git(repo, "add", "drafts/周报 一.md")
    git(repo, "commit", "-qm", "second")
    write(repo / "notes.txt", "n\nmore\n")                             # unstaged edit counts too

    found = {c.path: c.lines for c in changed_drafts("HEAD~1", repo)}
    assert found == {"drafts/周报 一.md": {2, 4}, "notes.txt": {2}, "drafts/new.md": None}
    # from a subfolder, with a pathspec: paths stay repository-relative
    only = changed_drafts("HEAD~1", repo / "drafts", ["*.md"])
    assert [c.path for c in only] == ["drafts/周报 一.md", "drafts/new.md"]


def test_changed_drafts_errors_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="not inside a git repository"):
        changed_drafts("HEAD", tmp_path)
    repo = new_repo(tmp_path / "r")
    write(repo / "a.md", "a\n")
    git(repo, "add", "a.md")
    git(repo, "commit", "-qm", "one")
    with pytest.raises(InputError, match="base ref 'origin/main' is not a commit.*fetch-depth: 0"):
        changed_drafts("origin/main", repo)


# --- the command, end to end --------------------------------------------------


def worst_exit(findings: list[dict]) -> int:
    return 1 if any(f["severity"] == "error" for f in findings) else 0


def check_json(runner: CliRunner, *args: str) -> tuple[int, object]:
    result = runner.invoke(main, [*args, "--format", "json"], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def publication(tmp_path, monkeypatch):
    """A repo whose HEAD~1 lacks one flagged sentence of an English draft and
    whose HEAD restores it, plus a Chinese draft added in HEAD."""
    pytest.importorskip("factcheck.pipeline")
    monkeypatch.setenv("FACTCHECK_CACHE_DIR", str(tmp_path / "cache"))
    for var in ("GITHUB_STEP_SUMMARY", "FACTCHECK_LLM_MODEL", "FACTCHECK_LLM_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    sources = tmp_path / "sources"
    for _, case_sources in CASES.values():
        shutil.copytree(case_sources, sources, dirs_exist_ok=True)
    final = CASES["en"][0].read_text(encoding="utf-8")
    repo = new_repo(tmp_path / "pub")
    monkeypatch.chdir(repo)
    runner = CliRunner()
    write(repo / "drafts" / "en.md", final)
    _, full = check_json(runner, "check", "drafts/en.md", "--sources", str(sources))
    flagged = sorted({f["line"] for f in full["findings"]})
    assert len(flagged) >= 2, "the English draft should give findings on several lines"
    restored = flagged[0]
    lines = final.split("\n")
    lines[restored - 1] = "This sentence is a placeholder."
    write(repo / "drafts" / "en.md", "\n".join(lines))
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "first draft")
    write(repo / "drafts" / "en.md", final)
    write(repo / "drafts" / "zh.md", CASES["zh"][0].read_text(encoding="utf-8"))
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "restore a sentence, add the Chinese draft")
    return {"repo": repo, "sources": sources, "runner": runner, "full": full, "restored": restored}


def test_ci_reports_only_findings_on_changed_lines(publication):
    p = publication
    code, reports = check_json(p["runner"], "ci", "--base", "HEAD~1", "--sources", str(p["sources"]))
    by_path = {r["draft"]: r for r in reports}
    assert set(by_path) == {"drafts/en.md", "drafts/zh.md"}
    en = by_path["drafts/en.md"]
    assert en["findings"], "the restored sentence is flagged"
    assert all(f["line"] <= p["restored"] <= f["end_line"] for f in en["findings"])
    on_restored = [f["id"] for f in p["full"]["findings"] if f["line"] <= p["restored"] <= f["end_line"]]
    assert [f["id"] for f in en["findings"]] == on_restored
    hidden = len(p["full"]["findings"]) - len(on_restored)
    assert any(f"{hidden} finding(s) on unchanged lines not shown" in n for n in en["notes"])
    # the wholly new draft is reported in full; one exit status for both drafts
    zh_all = by_path["drafts/zh.md"]["findings"]
    assert code == worst_exit([f for r in reports for f in r["findings"]])

    code_all, wide = check_json(p["runner"], "ci", "--base", "HEAD~1", "--all-lines", "--sources", str(p["sources"]))
    wide_en = {r["draft"]: r for r in wide}["drafts/en.md"]
    assert [f["id"] for f in wide_en["findings"]] == [f["id"] for f in p["full"]["findings"]]
    assert len({r["draft"]: r for r in wide}["drafts/zh.md"]["findings"]) == len(zh_all)


def test_ci_text_sarif_and_step_summary(publication, tmp_path, monkeypatch):
    p = publication
    summary = tmp_path / "step-summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    sarif = tmp_path / "out.sarif"
    result = p["runner"].invoke(main, ["ci", "--base", "HEAD~1", "--sources", str(p["sources"]), "--format",
                                       "github", "--also", f"sarif={sarif}"], catch_exceptions=False)
    assert result.exit_code in (0, 1)
    commands = [line for line in result.stdout.splitlines() if line.startswith("::")]
    assert commands and all(re.match(r"::(error|warning|notice) file=drafts/(en|zh)\.md,line=\d+,", c)
                            for c in commands)
    assert re.search(r"^factcheck: \d+ sentences, \d+ claims checked, \d+ could not be checked, \d+ suppressed"
                     r"(; incomplete: 2 of \d+ cited sources could not be read)?$",
                     result.stdout, re.M)
    log = json.loads(sarif.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    assert len(log["runs"][0]["results"]) == len(commands) or len(commands) >= 10
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## factcheck") and "`drafts/en.md`" in text and "`drafts/zh.md`" in text


def test_ci_baseline_accepts_old_findings_but_new_ones_fail(publication):
    p = publication
    runner = p["runner"]
    result = runner.invoke(main, ["baseline", "write", "drafts/en.md", "drafts/zh.md", "--sources",
                                  str(p["sources"])], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    baseline = json.loads((p["repo"] / ".factcheck-baseline.json").read_text(encoding="utf-8"))
    assert baseline["entries"]
    # the baseline at the repo root is picked up without --baseline; the Chinese digest's
    # archive lacks two of its cited sources, so only an accepted incomplete run exits 0
    args = ["ci", "--base", "HEAD~1", "--all-lines", "--sources", str(p["sources"])]
    code, reports = check_json(runner, *args)
    assert code == 1
    code, reports = check_json(runner, *args, "--accept-incomplete")
    assert code == 0
    assert all(r["findings"] == [] for r in reports)
    assert sum(r["stats"]["suppressed"] for r in reports) == len(baseline["entries"])
    # a new flagged sentence (an accepted one, reworded, next to it in the same section) still fails
    en = p["repo"] / "drafts" / "en.md"
    lines = en.read_text(encoding="utf-8").split("\n")
    # an accepted sentence that stands alone on its line, so the reworded copy is one sentence
    accepted = next(e for e in baseline["entries"]
                    if e["draft"] == "drafts/en.md" and lines[e["line"] - 1].strip() == e["sentence"])
    line = lines[accepted["line"] - 1]
    lines[accepted["line"]:accepted["line"]] = ["", "Again, " + line[0].lower() + line[1:]]
    write(en, "\n".join(lines))
    code, reports = check_json(runner, "ci", "--base", "HEAD", "--sources", str(p["sources"]))
    assert [r["draft"] for r in reports] == ["drafts/en.md"]
    new = reports[0]["findings"]
    assert new and {f["line"] for f in new} == {accepted["line"] + 2}, "only the new sentence is reported"
    assert code == worst_exit(new)
    assert any(f["line"] == accepted["line"] and f["suppressed_by"] == "baseline" for f in reports[0]["suppressed"])


def test_ci_inline_suppression_round_trip(publication):
    p = publication
    en = p["repo"] / "drafts" / "en.md"
    lines = en.read_text(encoding="utf-8").split("\n")
    target = p["restored"]
    cats = sorted({f["category"] for f in p["full"]["findings"] if f["line"] == target})
    lines.insert(target - 1, f"<!-- factcheck-disable-next-line {' '.join(cats)} -->")
    write(en, "\n".join(lines))
    _, reports = check_json(p["runner"], "ci", "--base", "HEAD~1", "drafts/en.md", "--sources", str(p["sources"]))
    assert reports[0]["findings"] == []
    assert reports[0]["stats"]["suppressed"] >= 1
    assert all(f["suppressed_by"] == f"inline drafts/en.md:{target}" for f in reports[0]["suppressed"])


def test_check_with_baseline_and_github_step_summary(publication, tmp_path, monkeypatch):
    p = publication
    runner = p["runner"]
    baseline = tmp_path / "accepted.json"
    result = runner.invoke(main, ["baseline", "write", "drafts/en.md", "--sources", str(p["sources"]),
                                  "-o", str(baseline)], catch_exceptions=False)
    assert result.exit_code == 0 and "accepted finding(s) from 1 draft(s)" in result.output
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = runner.invoke(main, ["check", "drafts/en.md", "--sources", str(p["sources"]), "--format", "github",
                                  "--baseline", str(baseline)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert not [line for line in result.stdout.splitlines() if line.startswith("::")]
    count = len(p["full"]["findings"])
    assert result.stdout.splitlines()[-1].endswith(f", {count} suppressed")
    assert f"{count} suppressed" in summary.read_text(encoding="utf-8")
    result = runner.invoke(main, ["check", "drafts/en.md", "--baseline", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read baseline" in result.output


def test_ci_usage_errors_exit_2(publication):
    runner = publication["runner"]
    result = runner.invoke(main, ["ci", "--base", "no-such-ref"])
    assert result.exit_code == 2 and "base ref 'no-such-ref' is not a commit" in result.output
    result = runner.invoke(main, ["ci", "--base", "HEAD", "--also", "pdf=x.pdf"])
    assert result.exit_code == 2 and "FORMAT=PATH" in result.output
    result = runner.invoke(main, ["ci", "--base", "HEAD"])
    assert result.exit_code == 0 and "no drafts changed against HEAD" in result.output
    assert "0 drafts: 0 sentences" in result.output
    # no draft to take a language from: the one set says it
    result = runner.invoke(main, ["ci", "--base", "HEAD", "--lang", "zh"])
    assert result.exit_code == 0 and "与 HEAD 相比，没有改动过的稿件" in result.output


# --- the shipped Action and pre-commit hooks --------------------------------


def ci_options() -> set[str]:
    from factcheck.cli.ci import ci

    return {opt for param in ci.params for opt in getattr(param, "opts", [])}


def test_action_runs_factcheck_ci_with_real_options_and_uploads_sarif():
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    script = next(s["run"] for s in steps if "factcheck ci" in s.get("run", ""))
    used = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", script))
    assert {"--base", "--format", "--also", "--sources", "--all-lines", "--fail-on", "--baseline"} <= used
    assert used <= ci_options(), used - ci_options()
    # the formats it asks for exist
    assert set(re.findall(r"--also \"(\w+)=", script)) | {"github"} <= set(FORMATS)
    uses = [s.get("uses", "") for s in steps]
    assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses)
    assert any(u.startswith("actions/setup-python@") for u in uses)
    assert {"base", "paths", "sources", "fail-on"} <= set(action["inputs"])


def test_pre_commit_hooks_call_real_commands():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hooks and all({"id", "name", "entry", "language"} <= set(h) for h in hooks)
    for hook in hooks:
        words = hook["entry"].split()
        assert words[:2] == ["factcheck", "ci"]
        assert {w.split("=")[0] for w in words if w.startswith("--")} <= ci_options()
        assert re.search(hook["files"], "drafts/weekly.md") and not re.search(hook["files"], "app.py")
