"""A folder nobody can write to for the length of a test, root included."""
from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` and its files unwritable. Root ignores mode bits, so for root the
    immutable attribute is set instead (skipped where the file system has none)."""
    if os.geteuid() == 0:
        paths = [folder, *folder.iterdir()]
        if subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True).returncode != 0:
            pytest.skip("running as root, and no immutable attribute on this file system")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", *map(str, paths)], check=True)
    else:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
