"""The command line: one module per command group, registered on ``main`` here.
Settings are built at this edge, from flags and the environment, and passed down;
nothing deeper reads either.

Each command's module is imported only when that command runs (or shows its own
help): a command's module imports pydantic, our models and settings, and
``factcheck --help`` or ``--version`` need none of it (0.5 s of CPU they used to
take, before the first line of output). ``main``'s own help lists each command with
the summary kept in ``COMMANDS``; ``tests/test_cli_lazy.py`` checks that it is the
same text as the command's own help, so the list cannot drift from the commands."""
from __future__ import annotations

import importlib

import click

from .. import __version__

# name -> (module under factcheck.cli, attribute, the first sentence of its help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "baseline": ("ci", "baseline", "Accept the current findings so that only new ones fail CI."),
    "cache": ("cache", "cache", "The local checkpoint file and source facts: what they hold, and pruning them."),
    "check": ("check", "check", "Check DRAFT (Markdown or plain text) against the sources it cites."),
    "ci": ("ci", "ci", "Check the drafts changed against --base, reporting findings on changed lines."),
    "config": ("ci", "config", "Inspect the configuration."),
    "fetch": ("fetch", "fetch", "Fetch every source DRAFT cites and save it in DIR as evidence."),
    "serve": ("web", "serve", "Run the reviewer queue web app: writers submit drafts, reviewers decide "
                              "findings."),
    "users": ("web", "users", "Manage reviewer-queue accounts."),
    "worker": ("worker", "worker", "Run checks queued by `factcheck serve` on a PostgreSQL database, until "
                                   "stopped (Ctrl-C / SIGTERM)."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on use (click's documented pattern)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            module, attribute, _ = COMMANDS[cmd_name]
            command = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # As click.Group does, from the kept summaries instead of the imported commands.
        rows = [(name, click.Command(name, help=summary)) for name, (_, _, summary) in sorted(COMMANDS.items())]
        limit = formatter.width - 6 - max(len(name) for name, _ in rows)
        with formatter.section("Commands"):
            formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in rows])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="factcheck")
def main() -> None:
    """Check a technical newsletter draft against the sources it cites.

    Flags sentences that overstate results, conflate metrics, or mislabel
    licenses or release dates, each with the source's own words as evidence.
    """
