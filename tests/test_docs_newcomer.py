"""Docs a newcomer can follow: the contract the README and --help cite is in the
repository, the pre-commit example pins a commit that exists, and `make bench`
needs nothing outside the repository."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = ROOT / "docs" / "contracts.md"


def cited_sections(text: str) -> list[str]:
    return re.findall(r"contracts?(?:\.md)?[ -]?§\s*(\d)", text)


def help_texts() -> str:
    out = []
    for args in (["check", "--help"], ["fetch", "--help"], ["ci", "--help"], ["--help"]):
        out.append(subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True,
                                  timeout=60).stdout)
    return "\n".join(out)


def test_every_cited_contract_section_is_in_the_repository():
    headings = set(re.findall(r"^## (\d)\. ", CONTRACT.read_text(encoding="utf-8"), re.M))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    helps = help_texts()
    for text in (readme, helps):
        assert "contract §" not in text, "cite docs/contracts.md, the copy in this repository"
        for section in cited_sections(text):
            assert section in headings
    assert cited_sections(helps) and cited_sections(readme)
    assert "metadata" in CONTRACT.read_text(encoding="utf-8")  # the evidence field this repository adds


def test_precommit_example_pins_a_commit_that_exists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"# \.pre-commit-config\.yaml\n(.*?)```", readme, re.S).group(1)
    rev = re.search(r"rev:\s*(\S+)", block).group(1)
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    found = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}^{{commit}}"], capture_output=True)
    assert found.returncode == 0, f"rev {rev} is not a commit of this repository"
    hooks = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:.pre-commit-hooks.yaml"], capture_output=True,
                           text=True)
    ids = re.findall(r"^\s*-\s*id:\s*(\S+)", block, re.M)
    assert hooks.returncode == 0 and all(f"id: {i}" in hooks.stdout for i in ids)


def test_make_bench_needs_nothing_outside_the_repository(tmp_path):
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    bench = makefile[makefile.index("SHARED_DEV ?="):]
    bench = bench[: bench.index("\n\n")] if "\n\n" in bench else bench
    outside = [line for line in bench.splitlines() if "../" in line and not line.startswith("SHARED_DEV ?=")]
    assert outside == []
    assert (ROOT / "benchmarks" / "score.py").is_file()
    # the skip branch, as make runs it, says what was skipped
    dry = subprocess.run(["make", "-n", "-C", str(ROOT), "bench", f"SHARED_DEV={tmp_path / 'absent'}"],
                         capture_output=True, text=True, timeout=60)
    assert "shared dev cases are skipped" in dry.stdout


def test_one_scorer_for_every_benchmark():
    """benchmarks/score.py scores the shared dev cases and the repository's cases alike;
    nothing in the repository runs another copy of it."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    runs = re.findall(r"python (\S*score\.py)", makefile)
    assert runs and set(runs) == {"benchmarks/score.py"}
    assert '"$(SHARED_DEV)"' in makefile and "benchmarks/cases" in makefile
    texts = [ROOT / "README.md", *(ROOT / "benchmarks").rglob("*.md"), *(ROOT / "benchmarks").rglob("*.py"),
             *(ROOT / ".github").rglob("*.yml"), ROOT / "action.yml"]
    for path in texts:
        if path.name == "score.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "python ../shared/bench/score.py" not in text, f"{path} runs another scorer"
