"""``factcheck users add`` and ``factcheck serve``: accounts, start-up, errors as exit 2."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import httpx
from click.testing import CliRunner
from web_support import serve_process

from factcheck.cli import main
from factcheck.web import db


def test_users_add_creates_a_reviewer_with_a_token(tmp_path: Path) -> None:
    path = tmp_path / "q.sqlite"
    runner = CliRunner()
    result = runner.invoke(main, ["users", "add", "rita", "--role", "reviewer", "--password", "--db", str(path)],
                           input="pw1\npw1\n")
    assert result.exit_code == 0, result.output
    token = result.stdout.strip().splitlines()[-1]
    engine = db.connect(f"sqlite:///{path}")
    assert db.user_for_token(engine, token) == db.authenticate(engine, "rita", "pw1")
    assert db.authenticate(engine, "rita", "pw1").role == "reviewer"  # type: ignore[union-attr]

    token_only = runner.invoke(main, ["users", "add", "cms", "--role", "writer", "--db", str(path)])
    assert token_only.exit_code == 0 and "API token only" in token_only.stderr
    listed = runner.invoke(main, ["users", "list", "--db", str(path)])
    assert listed.stdout.splitlines() == ["cms\twriter", "rita\treviewer"]

    again = runner.invoke(main, ["users", "add", "rita", "--role", "writer", "--db", str(path)])
    assert again.exit_code == 2 and "already exists" in again.stderr and "Traceback" not in again.output
    bad_role = runner.invoke(main, ["users", "add", "x", "--role", "admin", "--db", str(path)])
    assert bad_role.exit_code == 2 and "admin" in bad_role.output


def test_database_options_are_checked(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["users", "add", "x", "--role", "writer", "--db", str(tmp_path / "no" / "q.db")])
    assert missing.exit_code == 2 and "folder does not exist" in missing.output
    both = runner.invoke(main, ["users", "list", "--db", str(tmp_path / "q.db"),
                                "--database-url", "sqlite:///x.db"])
    assert both.exit_code == 2 and "not both" in both.output
    bad_url = runner.invoke(main, ["users", "list", "--database-url", "nosuchdialect://x"])
    assert bad_url.exit_code == 2 and "cannot open the database" in bad_url.stderr
    env_url = runner.invoke(main, ["users", "add", "envy", "--role", "writer"],
                            env={"DATABASE_URL": f"sqlite:///{tmp_path / 'env.sqlite'}"})
    assert env_url.exit_code == 0 and (tmp_path / "env.sqlite").exists()


def test_serve_refuses_a_bad_sources_folder(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["serve", "--db", str(tmp_path / "q.sqlite"), "--sources", str(tmp_path / "no")])
    assert missing.exit_code == 2 and "sources folder does not exist" in missing.stderr
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "doc.json").write_text('{"url": "https://example.com/"}', encoding="utf-8")
    broken = runner.invoke(main, ["serve", "--db", str(tmp_path / "q.sqlite"), "--sources", str(tmp_path / "src")])
    assert broken.exit_code == 2
    assert f"{tmp_path / 'src' / 'doc.json'}:1: source document misses required field(s): kind, text" in broken.stderr
    assert "Traceback" not in broken.output


def test_serve_runs_the_app(tmp_path: Path) -> None:
    path = tmp_path / "q.sqlite"
    sources = tmp_path / "sources"
    sources.mkdir()
    env = {**os.environ, "FACTCHECK_CACHE_DIR": str(tmp_path / "cache")}
    with serve_process([sys.executable, "-m", "factcheck", "serve", "--db", str(path), "--sources", str(sources)],
                       env=env) as base:
        response = httpx.get(f"{base}/login", timeout=10)
        assert response.status_code == 200 and "Sign in" in response.text
        assert httpx.get(f"{base}/openapi.json").json()["info"]["title"] == "factcheck reviewer queue"
        assert path.exists()
