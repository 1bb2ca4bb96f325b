"""`factcheck --help` and `--version` import no command module (nor pydantic), and the
command list they show is what the commands' own help says."""
from __future__ import annotations

import importlib
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from factcheck.cli import COMMANDS, LazyGroup, main


def eager_help() -> str:
    """`factcheck --help` as click writes it with every command imported."""
    eager = click.Group(name="factcheck", help=main.help, params=main.params,
                        context_settings=main.context_settings)
    for name, (module, attribute, _) in COMMANDS.items():
        eager.add_command(getattr(importlib.import_module(f"factcheck.cli.{module}"), attribute), name)
    return CliRunner().invoke(eager, ["--help"], prog_name="factcheck").output


def test_the_command_list_is_what_the_commands_say_of_themselves():
    lazy = CliRunner().invoke(main, ["--help"], prog_name="factcheck").output
    assert "check     Check DRAFT" in lazy
    assert lazy == eager_help()


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_kept_summary_is_the_first_sentence_of_the_command_help(name: str):
    module, attribute, summary = COMMANDS[name]
    command = getattr(importlib.import_module(f"factcheck.cli.{module}"), attribute)
    for limit in (40, 70, 1000):
        assert click.Command(name, help=summary).get_short_help_str(limit) == command.get_short_help_str(limit)


def test_every_command_is_listed_and_runs_through_the_group():
    assert isinstance(main, LazyGroup)
    ctx = click.Context(main)
    assert main.list_commands(ctx) == sorted(COMMANDS)
    assert all(main.get_command(ctx, name) is not None for name in COMMANDS)
    out = CliRunner().invoke(main, ["cache", "--help"]).output
    assert "prune" in out and "info" in out


@pytest.mark.parametrize("args", [["--help"], ["--version"]])
def test_help_and_version_import_no_command_and_no_pydantic(args: list[str]):
    script = ("import sys; from factcheck.cli import main\n"
              "try:\n    main(%r)\nexcept SystemExit:\n    pass\n"
              "print(sorted(m for m in sys.modules if m == 'pydantic' or m.startswith('factcheck.cli.')))" % args)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"
