"""Software versions as written: "vLLM 0.30", "v0.7.0rc1", "SGLang 0.5.20".

A number with one dot is a version only when something says so (a ``v``, a
project name, the word version/版本); otherwise 6.70 秒 or 3.8x would be one.
"""
from __future__ import annotations

import datetime as dt
import re

from factcheck.extract.numerals import non_numeric_spans
from factcheck.extract.records import VersionMention
from factcheck.regex_cache import compile_pattern

_VERSION = compile_pattern(
    r"""
    # not glued to a word ("Qwen-2.5" names a model), except a package file's three-part version
    # after its name ("torch-2.7.1+cu128-cp312-….whl")
    (?:(?<![A-Za-z0-9_.\-/])|(?<=[a-z]-)(?=\d+\.\d+\.\d+))
    (?P<v>v\.?)?  # "Release v.0.9.4" as some write it
    (?P<number>\d+(?:\.\d+)+)
    (?P<pre>(?:-|\.)?(?:rc\d*|alpha\d*|beta\d*|dev\d*|post\d*|a\d+|b\d+))?
    (?P<local>\+[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)?  # "+cu128", not the full stop after it
    (?![A-Za-z0-9_]|\.\d)
    """,
    re.VERBOSE,
)
_PIN_BEFORE = compile_pattern(r"(?:==|>=|<=|~=|!=)$")
_INSTALL = compile_pattern(r"\binstall\b")
_PROJECT_BEFORE = compile_pattern(r"(?P<project>[A-Za-z][\w.+-]*[A-Za-z0-9+])[ \t]?$")
_VERSION_WORD_BEFORE = compile_pattern(r"(?i:version|ver\.|release|版本|版)[ \t]*$")
_VERSION_WORD_AFTER = compile_pattern(r"[ \t]*(?:版本|正式版|版|(?i:release)\b)")
# a Chinese release word beside it: "本周发布的 3.3", "2026/06/18 3.4 发布" (but "发布的 3.3 亿参数模型", "发布了
# 1.5 倍": a unit or a count after it makes it a figure); English says "v0.9" or "the 0.9 release" ("released 1.5
# years ago" is a figure)
_RELEASE_WORD_BEFORE = compile_pattern(r"(?:发布的|发布了|推出的|推出了)[ \t]*$")
_RELEASE_WORD_AFTER = compile_pattern(r"[ \t]*(?:正式)?发布")
_COUNT_AFTER = compile_pattern(r"[ \t]*(?:[万亿千百年月周天]|个)")  # "3.3 亿参数", "1.5 年": a count, not a version
_NOT_PROJECTS = frozenset(
    [
        "a", "an", "the", "to", "from", "in", "on", "at", "of", "and", "or", "is", "was", "are", "with", "by",
        "for", "as", "than", "since", "until", "before", "after", "version", "release", "via", "vs", "versus",
        "about", "around", "over", "under", "up", "only", "also", "then",
    ]
)


def extract_versions(text: str) -> list[VersionMention]:
    """Versions in ``text``, in order of position; URLs and code spans are skipped."""
    noise = non_numeric_spans(text)
    found: list[VersionMention] = []
    for m in _VERSION.finditer(text):
        # a pin inside code is still its version ("`aphrodite-engine==0.4.2`"), but not an install command's:
        # "`pip install vllm==0.30.0`" tells the reader what to run, not what a source says
        inside = [(s, e) for s, e in noise if s < m.end() and m.start() < e]
        pinned = _PIN_BEFORE.search(text, max(0, m.start() - 3), m.start()) is not None
        if inside and not (pinned and not any(_INSTALL.search(text, s, e) for s, e in inside)):
            continue
        version = m.group("number") + (m.group("pre") or "") + (m.group("local") or "")
        parts = m.group("number").split(".")
        if _is_date(parts):
            continue
        project = _project_before(text, m.start())
        certain = bool(m.group("v")) or len(parts) >= 3 or bool(m.group("pre"))
        if not certain and (len(parts[0]) > 2 or not _named_as_version(text, m, project)):
            continue  # "HTTP E2E 505.037": a measurement, versions rarely have a 3-digit major
        if project is not None and not (_looks_like_project(project) or project[0].isupper()):
            project = None  # "v0.7.0 promotes v0.7.0rc1": a verb is no project
        found.append(
            VersionMention(raw=m.group(0), start=m.start(), end=m.end(), version=version, project=project)
        )
    return found


def _project_before(text: str, start: int) -> str | None:
    left = text[max(0, start - 60) : start]
    if _VERSION_WORD_BEFORE.search(left):  # "vLLM version 0.30": the project is before the word
        left = _VERSION_WORD_BEFORE.sub("", left).rstrip()
    m = _PROJECT_BEFORE.search(left)
    if not m or m.group("project").lower() in _NOT_PROJECTS or re.match(r"v?\d", m.group("project")):
        return None
    return m.group("project")


def _named_as_version(text: str, m: re.Match[str], project: str | None) -> bool:
    """A one-dot number counts when a version word stands next to it, or a
    project-looking name stands before it and no unit follows it."""
    left = text[max(0, m.start() - 20) : m.start()]
    if _VERSION_WORD_BEFORE.search(left) or _VERSION_WORD_AFTER.match(text, m.end()):
        return True
    released = bool(_RELEASE_WORD_BEFORE.search(left) or _RELEASE_WORD_AFTER.match(text, m.end())) \
        and not _COUNT_AFTER.match(text, m.end())
    if not released and (project is None or not _looks_like_project(project)):
        return False
    # the one unit table, imported late: quantities imports this module
    from factcheck.extract.quantities import unit_follows

    return not unit_follows(text, m.end())


def _looks_like_project(word: str) -> bool:
    """vLLM, SGLang, ComfyUI, Node.js, Qwen-image: not a plain English word such as
    'Verified' (as in "SWE-bench Verified 77.8")."""
    inner = word[1:]
    return any(ch.isupper() for ch in inner) or any(ch in ".-_+" or ch.isdigit() for ch in word)


def _is_date(parts: list[str]) -> bool:
    if len(parts) != 3 or len(parts[0]) != 4:
        return False
    try:
        dt.date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        return False
    return True


def same_version_key(version: str) -> str:
    """A comparison key: no leading v, trailing .0 parts dropped (0.30.0 == 0.30)."""
    v = version.lower().lstrip("v")
    while v.endswith(".0") and v.count(".") > 1:
        v = v[:-2]
    return v
