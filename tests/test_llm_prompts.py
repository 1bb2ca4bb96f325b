"""The prompt files ship inside the wheel and load the way production loads them."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from factcheck.llm.client import load_prompt

ROOT = Path(__file__).resolve().parents[1]
PROMPTS = ("claim_extraction", "evidence_judgement")


@pytest.mark.parametrize("name", PROMPTS)
def test_prompts_load_from_the_package(name):
    prompt = load_prompt(name)

    assert prompt.text.startswith("version: ")
    assert len(prompt.sha256) == 64
    assert prompt.text == (ROOT / "prompts" / f"{name}.md").read_text(encoding="utf-8")


def test_the_wheel_contains_the_prompt_files(tmp_path):
    # Build from a copy: the shared tree must not grow build/ or egg-info folders.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("factcheck", "prompts"):
        shutil.copytree(ROOT / folder, src / folder, ignore=ignore)
    out = tmp_path / "wheels"

    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(out)],
                   check=True, cwd=tmp_path, capture_output=True, timeout=300)

    [wheel] = out.glob("factcheck-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in PROMPTS:
        assert f"factcheck/prompts/{name}.md" in names
    assert "factcheck/prompts/__init__.py" in names
    assert "factcheck/llm/client.py" in names

    # Installed from the wheel alone (-S: no .pth, so not the editable checkout),
    # load_prompt finds the files inside the installed package.
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    site = next(Path(p) for p in sys.path if p.endswith("site-packages"))
    probe = ("import factcheck.llm.client as m; p = m.load_prompt('evidence_judgement'); "
             "print(m.__file__); print(p.sha256)")
    run = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": f"{target}:{site}"}, cwd=tmp_path, timeout=60)
    module_file, digest = run.stdout.split()
    assert module_file.startswith(str(target))
    assert digest == load_prompt("evidence_judgement").sha256
