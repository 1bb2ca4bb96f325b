"""Errors the user can act on. The CLI prints them as ``file:line: message`` and exits 2."""
from __future__ import annotations


class InputError(Exception):
    """An input that cannot be read: a bad draft, a bad source document, a bad config."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = self.path or ""
        if where and self.line:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}" if where else self.message
