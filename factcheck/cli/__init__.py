"""The command line: one module per command group, registered on ``main`` here.
Settings are built at this edge, from flags and the environment, and passed down;
nothing deeper reads either."""
from __future__ import annotations

import click

from .. import __version__
from .cache import cache
from .check import check
from .ci import baseline, ci, config
from .fetch import fetch
from .web import serve, users
from .worker import worker


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="factcheck")
def main() -> None:
    """Check a technical newsletter draft against the sources it cites.

    Flags sentences that overstate results, conflate metrics, or mislabel
    licenses or release dates, each with the source's own words as evidence.
    """


for command in (check, cache, ci, baseline, config, fetch, serve, users, worker):
    main.add_command(command)
