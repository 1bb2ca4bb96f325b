"""The README's reviewer recipe, run as written: the commands of its code block,
in a fresh folder, then sign in as the reviewer it created on the server it
started. Only the port is changed (tests must not take 8000 from a person's own
server), and the password prompts are answered."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import httpx
from web_support import PASSWORD, serve_process

ROOT = Path(__file__).resolve().parents[1]


def recipe() -> list[list[str]]:
    """The commands of the first ``sh`` block under the reviewer-queue heading."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The reviewer queue"):]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    commands = []
    for line in block.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            commands.append(shlex.split(line))
    return commands


def factcheck_argv(argv: list[str]) -> list[str]:
    assert argv[0] == "factcheck"
    return [sys.executable, "-m", "factcheck", *argv[1:]]


def test_recipe_has_users_add_and_serve_on_the_same_database():
    commands = recipe()
    adds = [c for c in commands if c[1:3] == ["users", "add"]]
    serves = [c for c in commands if c[1] == "serve"]
    assert adds and len(serves) == 1

    def db(argv: list[str]) -> str:
        return argv[argv.index("--db") + 1] if "--db" in argv else "factcheck-web.sqlite"

    assert {db(c) for c in adds} == {db(serves[0])}


def test_readme_reviewer_recipe_lets_the_reviewer_sign_in(tmp_path):
    (tmp_path / "drafts").symlink_to(ROOT / "drafts")  # the recipe's relative --sources path
    env = {**os.environ, "FACTCHECK_CACHE_DIR": str(tmp_path / "cache")}
    commands = recipe()
    serve = None
    names = []
    for argv in commands:
        if argv[1:3] == ["users", "add"]:
            proc = subprocess.run(factcheck_argv(argv), input=f"{PASSWORD}\n{PASSWORD}\n", text=True,
                                  capture_output=True, cwd=tmp_path, env=env, timeout=60)
            assert proc.returncode == 0, proc.stderr
            names.append((argv[3], argv[argv.index("--role") + 1]))
        elif argv[1] == "serve":
            serve = factcheck_argv(argv)
        else:
            raise AssertionError(f"a command the test does not know how to run: {argv}")
    assert serve is not None
    with serve_process(serve, cwd=tmp_path, env=env, start_within=60) as base:
        reviewer = next(name for name, role in names if role == "reviewer")
        with httpx.Client(base_url=base, timeout=10) as client:
            form = client.get("/login").text
            csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
            signed = client.post("/login", data={"name": reviewer, "password": PASSWORD, "csrf_token": csrf,
                                                 "next": "/"}, follow_redirects=True)
            assert signed.status_code == 200
            assert reviewer in signed.text and "Sign in" not in signed.text.split("<main>")[0]
            assert re.search(r'<span class="role">reviewer</span>', signed.text)


def test_users_list_on_a_missing_database_errors_and_creates_nothing(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "factcheck", "users", "list", "--db", "review.sqlite"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert proc.returncode == 2 and "no database at" in proc.stderr
    assert not (tmp_path / "review.sqlite").exists()
