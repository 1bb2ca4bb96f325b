"""A progress line on stderr while sources are fetched: shown only to a person
at a terminal, never with ``--quiet`` and never into a pipe or a log."""
from __future__ import annotations

import sys
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TaskID, TextColumn

from . import FetchResult


class FetchProgress:
    """Counts sources as they finish; ``total`` None shows a spinner instead of a bar."""

    def __init__(self, enabled: bool, total: int | None = None, stream: TextIO | None = None) -> None:
        stream = stream or sys.stderr
        self.enabled = enabled and stream.isatty()
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._total = total
        self._stream = stream

    def __enter__(self) -> "FetchProgress":
        if self.enabled:
            columns = [SpinnerColumn(), TextColumn("fetching sources"),
                       *( [BarColumn(), MofNCompleteColumn()] if self._total else [MofNCompleteColumn()]),
                       TextColumn("[dim]{task.fields[url]}")]
            self._progress = Progress(*columns, console=Console(file=self._stream), transient=True)
            self._progress.start()
            self._task = self._progress.add_task("fetch", total=self._total, url="")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def done(self, result: FetchResult) -> None:
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=1, url=result.url)
