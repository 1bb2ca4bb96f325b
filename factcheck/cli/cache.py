"""``factcheck cache info`` / ``factcheck cache prune``: the local checkpoint file and
the source facts kept between runs.

Runs are checkpointed in ``<cache dir>/checkpoints.sqlite`` so an interrupted run
resumes; a finished run's checkpoints are deleted at once, and every run prunes
interrupted runs past the age and size bounds (``checkpoint_max_age``,
``checkpoint_max_bytes``). The facts of each source document and the claims of each
draft are kept in ``<cache dir>/facts/`` (``factcheck/facts_cache.py``), least recently
used first out past ``facts_cache_max_bytes``. These commands show what is left and prune on demand.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import click

from ..settings import Settings
from .common import build_settings

_UNITS = {"": 1, "b": 1, "k": 2**10, "kb": 2**10, "kib": 2**10, "m": 2**20, "mb": 2**20, "mib": 2**20,
          "g": 2**30, "gb": 2**30, "gib": 2**30}
_SPANS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


class ByteSize(click.ParamType):
    """``500k``, ``32MB``, ``1GiB`` or a plain number of bytes (units are powers of 1024)."""

    name = "SIZE"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*", str(value))
        if not found or found.group(2).lower() not in _UNITS:
            self.fail(f"{value!r} is not a size such as 500k, 32MB or 1GiB", param, ctx)
        return int(float(found.group(1)) * _UNITS[found.group(2).lower()])


class Duration(click.ParamType):
    """``90s``, ``30m``, ``12h``, ``7d`` or ``2w``."""

    name = "AGE"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> dt.timedelta:
        found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*", str(value).lower())
        if not found:
            self.fail(f"{value!r} is not an age such as 30m, 12h or 7d", param, ctx)
        return dt.timedelta(**{_SPANS[found.group(2)]: float(found.group(1))})


def human_bytes(n: int) -> str:
    for unit, size in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} B"


def human_age(delta: dt.timedelta) -> str:
    seconds = delta.total_seconds()
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.1f} {unit}"
    return f"{seconds:.0f} s"


def _bounds(settings: Settings) -> str:
    age = f"older than {human_age(settings.checkpoint_max_age)}" if settings.checkpoint_max_age else "no age bound"
    size = (f"oldest first past {human_bytes(settings.checkpoint_max_bytes)}"
            if settings.checkpoint_max_bytes is not None else "no size bound")
    return f"{age}; {size}"


checkpoint_option = click.option("--checkpoint", type=click.Path(path_type=Path, dir_okay=False),
                                 help="SQLite checkpoint file (default: <cache dir>/checkpoints.sqlite).")


@click.group()
def cache() -> None:
    """The local checkpoint file and source facts: what they hold, and pruning them.

    A finished run leaves nothing in the checkpoint file; an interrupted run leaves
    its latest checkpoint, so that running the same check again resumes it. Every
    run prunes interrupted runs past the bounds (config checkpoint_max_age, default
    7 days; checkpoint_max_bytes, default 32 MiB). The facts extracted from each
    source document are kept for the next run that cites it (config
    facts_cache_max_bytes, default 32 MiB, least recently used out first).
    """


@cache.command("info")
@checkpoint_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def info(checkpoint: Path | None, fmt: str) -> None:
    """Size of the checkpoint file, the interrupted runs it holds, the oldest, the bounds;
    size of the source facts kept."""
    from ..checkpoints import cache_info
    from ..facts_cache import facts_cache_info

    settings = build_settings(checkpoint=checkpoint)
    found = cache_info(settings.checkpoint_path)
    facts = facts_cache_info(settings.facts_cache_path)
    # the HTTP and LLM caches, and the compiled patterns (each file rewritten with what one build used)
    others = {p.name: p.stat().st_size for p in sorted([*settings.cache_dir.glob("*.sqlite"),
                                                        *settings.cache_dir.glob("*.patterns")])
              if p.is_file() and p != settings.checkpoint_path}
    if fmt == "json":
        data = found.model_dump(mode="json")
        data.update(oldest=found.oldest.isoformat() if found.oldest else None,
                    max_age_seconds=settings.checkpoint_max_age.total_seconds() if settings.checkpoint_max_age
                    else None, max_bytes=settings.checkpoint_max_bytes, other_caches=others,
                    facts={**facts.model_dump(mode="json"), "max_bytes": settings.facts_cache_max_bytes})
        click.echo(json.dumps(data, indent=2))
        return
    click.echo(f"checkpoints: {found.path}")
    click.echo(f"  size on disk: {human_bytes(found.bytes)}")
    click.echo(f"  interrupted runs: {len(found.threads)}"
               + (f", {human_bytes(sum(t.bytes for t in found.threads))} of checkpoints" if found.threads else ""))
    if found.oldest:
        age = dt.datetime.now(dt.UTC) - found.oldest
        click.echo(f"  oldest: written {found.oldest:%Y-%m-%d %H:%M} UTC ({human_age(age)} ago)")
    click.echo(f"  pruned after every run: {_bounds(settings)}")
    click.echo(f"source facts: {facts.path}")
    documents = facts.entries - facts.drafts
    click.echo(f"  {documents} document{'s' if documents != 1 else ''}, claims of {facts.drafts} "
               f"draft{'s' if facts.drafts != 1 else ''}, {human_bytes(facts.bytes)}; "
               + (f"least recently used out past {human_bytes(settings.facts_cache_max_bytes)}"
                  if settings.facts_cache_max_bytes else
                  "not kept (facts_cache_max_bytes = 0)" if settings.facts_cache_max_bytes == 0 else "no size bound"))
    if others:
        listed = ", ".join(f"{name} {human_bytes(size)}" for name, size in others.items())
        click.echo(f"other caches in {settings.cache_dir} (not pruned by `cache prune`): {listed}")


@cache.command("prune")
@checkpoint_option
@click.option("--older-than", type=Duration(), help="Prune interrupted runs last written longer ago than this "
                                                    "(30m, 12h, 7d; default: config checkpoint_max_age).")
@click.option("--max-size", type=ByteSize(), help="Then prune the oldest until the rest fit in this "
                                                  "(500k, 32MB; default: config checkpoint_max_bytes). Runs "
                                                  "written in the last hour are kept.")
@click.option("--all", "everything", is_flag=True, help="Prune every interrupted run, however recent, and "
                                                         "every source's facts and draft's claims.")
def prune_command(checkpoint: Path | None, older_than: dt.timedelta | None, max_size: int | None,
                  everything: bool) -> None:
    """Delete interrupted runs' checkpoints and give the space back to the file system;
    bring the source facts and draft claims kept within their bound.

    Without options, applies the configured bounds (as every run does) and
    compacts the file. A pruned run, checked again, starts from the beginning; a
    source whose facts were pruned has them extracted again when next cited, a draft's
    claims when it is next checked.
    """
    from ..checkpoints import prune
    from ..facts_cache import facts_cache_info, prune_facts

    settings = build_settings(checkpoint=checkpoint)
    done = prune(settings.checkpoint_path, everything=everything,
                 max_age=older_than or settings.checkpoint_max_age,
                 max_bytes=max_size if max_size is not None else settings.checkpoint_max_bytes)
    click.echo(f"pruned {len(done.threads)} interrupted run{'s' if len(done.threads) != 1 else ''}; "
               f"{settings.checkpoint_path}: {human_bytes(done.bytes_before)} -> {human_bytes(done.bytes_after)}")
    before = facts_cache_info(settings.facts_cache_path)
    bound = 0 if everything else settings.facts_cache_max_bytes
    gone = prune_facts(settings.facts_cache_path, bound) if bound is not None else 0
    click.echo(f"pruned {gone} file{'s' if gone != 1 else ''} of source facts and draft claims; "
               f"{settings.facts_cache_path}: "
               f"{human_bytes(before.bytes)} -> {human_bytes(facts_cache_info(settings.facts_cache_path).bytes)}")
