"""factcheck.toml / [tool.factcheck] layered with the environment and flags."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from factcheck.cli import main
from factcheck.config import find_config, load_settings
from factcheck.errors import InputError

TOML = """\
fail_on = "warning"
categories = ["overstatement", "license"]
repos = {vLLM = "vllm-project/vllm", "Qwen Live" = "QwenLM/Qwen-Live-Harness"}
sources_allow = ["github.com"]
cache_dir = ".cache/fc"

[llm]
model = "file-model"
base_url = "http://127.0.0.1:8000/v1"
timeout = 12.5
budget = 40

[fetch]
github_api = "http://127.0.0.1:9999"
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "factcheck.toml").write_text(TOML, encoding="utf-8")
    (tmp_path / "drafts").mkdir()
    return tmp_path


def test_file_values_are_used_and_attributed(repo):
    eff = load_settings({"HOME": str(repo)}, repo / "drafts")
    s = eff.settings
    assert s.fail_on == "warning"
    assert s.categories == ["overstatement", "license"]
    assert s.repos["Qwen Live"] == "QwenLM/Qwen-Live-Harness"
    assert s.sources_allow == ["github.com"]
    assert s.cache_dir == (repo / ".cache/fc").resolve()  # relative to the file, not the cwd
    assert (s.llm.model, s.llm.timeout, s.llm.budget) == ("file-model", 12.5, 40)
    assert s.fetch.github_api == "http://127.0.0.1:9999"
    # shown relative to the working directory when under it, else in full
    assert eff.origins["fail_on"] == f"file:{repo / 'factcheck.toml'}"
    assert eff.origins["llm.timeout"] == eff.origins["fail_on"]
    assert load_settings({}, repo).origins["fail_on"] == "file:factcheck.toml"
    assert eff.origins["fetch.retries"] == "default"
    assert eff.file == repo / "factcheck.toml"


def test_env_beats_file_and_flags_beat_env(repo):
    env = {"FACTCHECK_LLM_MODEL": "env-model", "FACTCHECK_CACHE_DIR": "/tmp/fc-env", "OPENAI_API_KEY": "sk-x"}
    eff = load_settings(env, repo, {"fail_on": "error", "llm.model": None})
    assert eff.settings.llm.model == "env-model"
    assert eff.origins["llm.model"] == "env FACTCHECK_LLM_MODEL"
    assert eff.settings.cache_dir == Path("/tmp/fc-env")
    assert eff.origins["cache_dir"] == "env FACTCHECK_CACHE_DIR"
    assert eff.settings.fail_on == "error" and eff.origins["fail_on"] == "flag"
    assert eff.origins["llm.api_key"] == "env OPENAI_API_KEY"


def test_pyproject_table_is_found_and_search_stops_at_git_root(tmp_path):
    project = tmp_path / "pub"
    (project / ".git").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.factcheck]\nfail_on = "info"\n\n'
                                            '[tool.factcheck.llm]\nmodel = "m"\n', encoding="utf-8")
    eff = load_settings({}, project)
    assert eff.settings.fail_on == "info" and eff.settings.llm.model == "m"
    # a factcheck.toml above the git root is not this project's
    (tmp_path / "factcheck.toml").write_text('fail_on = "never"\n', encoding="utf-8")
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_config(project) is None
    assert load_settings({}, project).settings.fail_on == "error"


@pytest.mark.parametrize("body, line, words", [
    pytest.param('fail_on = "error"\n[llm]\ntimout = 3\n', 3, "unknown key 'llm.timout'", id="unknown-key"),
    pytest.param('[llm]\napi_key = "sk-secret"\n', 2, "secret", id="secret-in-file"),
    pytest.param('fail_on = "sometimes"\n', 1, "fail_on", id="bad-value"),
    pytest.param('\n\nfail_on = \n', 3, "not valid TOML", id="bad-toml"),
    pytest.param('categories = ["overstatement", "vibes"]\n', 1, "categories", id="bad-category"),
])
def test_config_errors_name_file_and_line(tmp_path, body, line, words):
    path = tmp_path / "factcheck.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_settings({}, tmp_path, config_path=path)
    assert str(err.value).startswith(f"{path}:{line}: ")
    assert words in str(err.value)


def test_config_show_prints_values_and_origins(repo, monkeypatch):
    monkeypatch.chdir(repo)
    monkeypatch.setenv("FACTCHECK_LLM_MODEL", "env-model")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-very-secret")
    result = CliRunner().invoke(main, ["config", "show"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"# config file: {repo / 'factcheck.toml'}"
    row = {line.split(" = ")[0]: line for line in lines[1:]}
    assert row["fail_on"].split("#")[-1].strip() == "file:factcheck.toml"
    assert '"warning"' in row["fail_on"]
    assert row["llm.model"].endswith("# env FACTCHECK_LLM_MODEL") and '"env-model"' in row["llm.model"]
    assert "sk-very-secret" not in result.output and "(set, hidden)" in row["llm.api_key"]
    assert row["fetch.retries"].endswith("# default")
    assert '"Qwen Live" = "QwenLM/Qwen-Live-Harness"' in row["repos"]


def test_config_show_reports_a_bad_file_with_exit_2(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "factcheck.toml").write_text("fail_on = [\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["config", "show"])
    assert result.exit_code == 2
    assert "factcheck.toml:" in result.output and "not valid TOML" in result.output
    assert "Traceback" not in result.output


def test_llm_timeout_deadline_and_budget_come_from_file_env_or_flag_and_show(repo, monkeypatch):
    monkeypatch.chdir(repo)
    monkeypatch.setenv("FACTCHECK_LLM_DEADLINE", "300")
    monkeypatch.setenv("FACTCHECK_LLM_BUDGET", "7")
    for name in ("FACTCHECK_LLM_TIMEOUT", "FACTCHECK_LLM_STRUCTURED_OUTPUT"):
        monkeypatch.delenv(name, raising=False)

    result = CliRunner().invoke(main, ["config", "show", "--llm-budget", "3"])

    assert result.exit_code == 0, result.output
    row = {line.split(" = ")[0]: line for line in result.output.splitlines()[1:]}
    assert row["llm.timeout"].startswith("llm.timeout = 12.5") and row["llm.timeout"].endswith("# file:factcheck.toml")
    assert row["llm.deadline"].startswith("llm.deadline = 300.0") and row["llm.deadline"].endswith(
        "# env FACTCHECK_LLM_DEADLINE")
    assert row["llm.budget"].startswith("llm.budget = 3") and row["llm.budget"].endswith("# flag")
    assert row["llm.structured_output"].endswith("# default") and '"auto"' in row["llm.structured_output"]


def test_a_bad_llm_value_in_the_environment_names_the_variable(repo, monkeypatch):
    monkeypatch.chdir(repo)
    monkeypatch.setenv("FACTCHECK_LLM_DEADLINE", "soon")

    result = CliRunner().invoke(main, ["config", "show"])

    assert result.exit_code == 2
    assert "FACTCHECK_LLM_DEADLINE='soon'" in result.output
