"""Which drafts changed against a base ref, and which of their lines: the
input of ``factcheck ci``. Tracked files come from ``git diff BASE`` (so
committed, staged and unstaged edits all count); untracked, non-ignored
drafts count as wholly new. Deleted drafts are skipped."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from pydantic import BaseModel

from .errors import InputError
from .regex_cache import compile_pattern

DRAFT_GLOBS = ("*.md", "*.markdown", "*.txt")
DRAFT_SUFFIXES = (".md", ".markdown", ".txt")
HUNK = compile_pattern(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.M)


class ChangedDraft(BaseModel):
    path: str  # relative to the repository root, with "/"
    lines: set[int] | None = None  # None: the whole file is new


def git(args: list[str], cwd: Path) -> str:
    try:
        done = subprocess.run(["git", "-c", "core.quotePath=false", *args], cwd=cwd,
                              capture_output=True, text=True, encoding="utf-8", check=False)
    except FileNotFoundError:
        raise InputError("git is not installed; factcheck ci needs it") from None
    if done.returncode != 0:
        raise InputError(f"git {args[0]} failed: {done.stderr.strip() or done.returncode}")
    return done.stdout


def repo_root(cwd: Path) -> Path:
    try:
        return Path(git(["rev-parse", "--show-toplevel"], cwd).strip())
    except InputError:
        raise InputError(f"{cwd} is not inside a git repository; factcheck ci compares against a "
                         "git ref (use factcheck check for a single file)") from None


def verify_base(base: str, cwd: Path) -> None:
    try:
        git(["rev-parse", "--verify", "--quiet", f"{base}^{{commit}}"], cwd)
    except InputError:
        raise InputError(f"base ref {base!r} is not a commit in this clone; fetch it first "
                         "(in GitHub Actions: actions/checkout with fetch-depth: 0)") from None


def added_lines(diff: str) -> set[int]:
    """New-side line numbers of a ``--unified=0`` diff; a pure deletion adds none."""
    lines: set[int] = set()
    for m in HUNK.finditer(diff):
        start, count = int(m.group(1)), int(m.group(2) or 1)
        lines.update(range(start, start + count))
    return lines


def is_draft(path: str, named: set[str]) -> bool:
    return path.lower().endswith(DRAFT_SUFFIXES) or path in named


def changed_drafts(base: str, cwd: Path, pathspecs: list[str] | None = None) -> list[ChangedDraft]:
    """The drafts that differ from ``base``, each with its added or changed lines."""
    root = repo_root(cwd)
    verify_base(base, cwd)
    specs = list(pathspecs or DRAFT_GLOBS)
    named = {str((cwd / p).resolve().relative_to(root.resolve())).replace("\\", "/")
             for p in pathspecs or [] if (cwd / p).is_file()}
    tracked = git(["diff", "--name-only", "-z", "--no-renames", "--diff-filter=d", base, "--", *specs], cwd)
    untracked = git(["ls-files", "--others", "--exclude-standard", "--full-name", "-z", "--", *specs], cwd)
    out: list[ChangedDraft] = []
    for path in sorted(p for p in tracked.split("\0") if p and is_draft(p, named)):
        diff = git(["diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-textconv", "--no-renames",
                    base, "--", f":(top,literal){path}"], cwd)
        lines = added_lines(diff)
        if lines:
            out.append(ChangedDraft(path=path, lines=lines))
    out += [ChangedDraft(path=p) for p in sorted(p for p in untracked.split("\0") if p and is_draft(p, named))]
    return out
