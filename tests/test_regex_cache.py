"""Compiled patterns kept on disk between runs (the lexicon's, the units table's, the
check's modules' and messages'): the same matches whether compiled or loaded, a second
build compiles nothing, a damaged, foreign or stale file is never trusted, a read-only
folder compiles as before, and module-level patterns all go the one way."""
from __future__ import annotations

import ast
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

from factcheck import lexicon
from factcheck.regex_cache import PatternCache, cache_directory, compile_pattern, pattern_cache
from readonly import read_only

SAMPLES = [
    "vLLM 0.30 在所有 GPU 上把 FP8 的端到端吞吐提升了 2.1 倍（H100、B200），latency_p99 降低",
    "Throughput improves by up to 9.3% on every batch size; the weights are Apache-2.0, code MIT.",
    "Almost all 15 measured batch sizes: TTFT drops from 40 ms to 30 ms on MI300X with TP8.",
    "首个 token 延迟 (TTFT) 并非 890 bytes/token；不能直接作除法。已合入，尚未发布。",
]
PATTERNS = [(r"(?<![A-Za-z0-9])fp(?:8|16)(?:[\s_-]?e4m3)?(?![A-Za-z0-9])", re.IGNORECASE),
            (r"(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>ms|s)\b", 0)]


def every_matcher(lex: lexicon.Lexicon) -> dict[str, object]:
    return {name: value for name, value in vars(lex).items()
            if isinstance(value, (lexicon.TermMatcher, lexicon.UniversalMatcher))}


def hits(lex: lexicon.Lexicon) -> dict[str, list]:
    return {name: [m.find(text) for text in SAMPLES] for name, m in every_matcher(lex).items()}


def test_the_lexicon_matches_the_same_compiled_or_loaded(tmp_path: Path):
    plain = lexicon._build_lexicon()  # no cache directory: re.compile
    with cache_directory(tmp_path):
        with pattern_cache("lexicon") as first:
            built = lexicon._build_lexicon()
        with pattern_cache("lexicon") as second:
            loaded = lexicon._build_lexicon()
    assert first is not None and second is not None
    assert first.compiled >= len(every_matcher(plain))  # (a UniversalMatcher holds four)
    assert second.compiled == 0, "the second build takes every pattern from the file"
    assert [p.name for p in tmp_path.iterdir()] == [first.path.name]
    expected = hits(plain)
    assert any(found for per_text in expected.values() for found in per_text), "the samples hit something"
    assert hits(built) == expected
    assert hits(loaded) == expected


def test_patterns_with_groups_and_flags_survive_the_round_trip(tmp_path: Path):
    path = tmp_path / "p.patterns"
    cache = PatternCache(path)
    compiled = [cache.compile(p, f) for p, f in PATTERNS]
    cache.save()
    again = PatternCache(path)
    loaded = [again.compile(p, f) for p, f in PATTERNS]
    assert again.compiled == 0
    for (pattern, flags), a, b in zip(PATTERNS, compiled, loaded):
        reference = re.compile(pattern, flags)
        assert (b.pattern, b.flags, b.groups, b.groupindex) == (reference.pattern, reference.flags,
                                                                 reference.groups, reference.groupindex)
        text = "FP8-E4M3 and fp16 at 40 ms, then 3.5 s"
        assert [m.groupdict() or m.span() for m in b.finditer(text)] == \
               [m.groupdict() or m.span() for m in reference.finditer(text)] != []


def test_a_damaged_or_foreign_file_is_ignored_and_replaced(tmp_path: Path):
    path = tmp_path / "p.patterns"
    path.write_bytes(b"\x00not marshal data")
    cache = PatternCache(path)
    assert cache.compile(*PATTERNS[0]).search("an FP8 model")
    assert cache.compiled == 1
    cache.save()
    assert PatternCache(path).compile(*PATTERNS[0]) and PatternCache(path)._stored

    # Another Python's file (its header differs): nothing in it is used.
    header, entries = marshal.loads(path.read_bytes())
    path.write_bytes(marshal.dumps(((header[0], "2.7.18", *header[2:]), entries)))
    other = PatternCache(path)
    other.compile(*PATTERNS[0])
    assert other.compiled == 1


def test_entries_a_build_no_longer_uses_are_dropped(tmp_path: Path):
    path = tmp_path / "p.patterns"
    old = PatternCache(path)
    old.compile(*PATTERNS[0])
    old.save()
    new = PatternCache(path)  # the lexicon changed: another pattern
    new.compile(*PATTERNS[1])
    new.save()
    assert list(PatternCache(path)._stored) == [PATTERNS[1]]


def test_outside_a_cache_directory_nothing_is_written(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pattern_cache("lexicon") as cache:
        assert cache is None
        assert compile_pattern(*PATTERNS[1]).pattern == PATTERNS[1][0]
    assert list(tmp_path.iterdir()) == []


def test_a_block_that_asks_for_no_pattern_leaves_the_file_alone(tmp_path: Path):
    # a long-running process imported the check's modules already: nothing to learn from it
    path = tmp_path / "p.patterns"
    first = PatternCache(path)
    first.compile(*PATTERNS[0])
    first.save()
    before = path.read_bytes()
    PatternCache(path).save()
    assert path.read_bytes() == before


def test_a_read_only_cache_directory_compiles_as_before(tmp_path: Path):
    with cache_directory(tmp_path), pattern_cache("p"):
        compile_pattern(*PATTERNS[0])
    [path] = tmp_path.iterdir()
    before = path.read_bytes()
    with read_only(tmp_path):
        with cache_directory(tmp_path), pattern_cache("p") as cache:
            assert compile_pattern(*PATTERNS[0]).search("an FP8 model")  # from the file
            assert compile_pattern(*PATTERNS[1]).search("40 ms")  # new: compiled, cannot be kept
        assert cache is not None and cache.compiled == 1
    assert path.read_bytes() == before and list(tmp_path.iterdir()) == [path]


def module_level_compiles(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        def visit(node: ast.AST, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                if (not inside and isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                        and child.func.attr == "compile" and isinstance(child.func.value, ast.Name)
                        and child.func.value.id == "re"):
                    found.append(f"{path.relative_to(root.parent)}:{child.lineno}")
                visit(child, inside)
        visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def test_module_level_patterns_are_compiled_one_way(tmp_path: Path):
    # A pattern compiled as its module is imported costs every run its compile (about
    # 60 ms for the check's 150), unless it goes through compile_pattern, whose code the
    # `check` and `ci` commands keep in the cache directory. re.compile there would work,
    # slower: use compile_pattern (same arguments, same pattern).
    root = Path(lexicon.__file__).resolve().parent.parent
    assert module_level_compiles(root) == []
    sample = tmp_path / "pkg" / "m.py"
    sample.parent.mkdir()
    sample.write_text("import re\nA = re.compile('a')\nclass B:\n    C = [re.compile('c')]\n"
                      "def f():\n    return re.compile('f')\n")
    assert module_level_compiles(sample.parent) == ["pkg/m.py:2", "pkg/m.py:4"], "the scan finds them"


def test_the_check_command_keeps_its_modules_and_messages_patterns(tmp_path: Path):
    root = Path(lexicon.__file__).resolve().parent.parent.parent
    command = [sys.executable, "-m", "factcheck", "check", str(root / "drafts" / "weekly-2026-09-22.md"),
               "--sources", str(root / "drafts" / "sources" / "weekly-2026-09-22"), "--fail-on", "never",
               "--accept-incomplete", "-q", "--no-checkpoint", "--format", "json"]
    env = {**os.environ, "FACTCHECK_CACHE_DIR": str(tmp_path)}
    first = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert first.returncode == 0, first.stderr
    kept = {p.name: p.stat().st_mtime_ns for p in tmp_path.glob("*.patterns")}
    tag = sys.implementation.cache_tag
    assert {f"check-imports.{tag}.patterns", f"messages-zh.{tag}.patterns", f"lexicon.{tag}.patterns",
            f"units.{tag}.patterns", f"projects.{tag}.patterns"} <= kept.keys()
    assert len(PatternCache(tmp_path / f"check-imports.{tag}.patterns")._stored) > 100
    second = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
    # a file is rewritten only when its block compiled something: the second run took all
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.glob("*.patterns")} == kept
