"""The lexicon's compiled patterns kept on disk between runs: the same matches
whether compiled or loaded, a second build compiles nothing, and a damaged,
foreign or stale file is never trusted."""
from __future__ import annotations

import marshal
import re
from pathlib import Path

from factcheck import lexicon
from factcheck.regex_cache import PatternCache, cache_directory, compile_pattern, pattern_cache

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
