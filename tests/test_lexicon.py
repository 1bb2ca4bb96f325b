"""The lexicon is data; every spelling in it must be reachable by its matcher,
in Chinese and in English context, and lead to its own entry."""
from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from factcheck.extract.clauses import split_clauses
from factcheck.lexicon import TermMatcher, load_lexicon

TERMS = tomllib.loads(resources.files("factcheck.lexicon").joinpath("terms.toml").read_text(encoding="utf-8"))
METRICS = tomllib.loads(resources.files("factcheck.lexicon").joinpath("metrics.toml").read_text(encoding="utf-8"))
TABLES = ["hardware", "platform", "precision", "scope", "status", "events", "artifacts", "licenses"]


def spellings():
    for table in TABLES:
        for key, words in TERMS[table].items():
            for word in words:
                yield table, key, word
    for row in METRICS["metric"]:
        for word in row["terms"]:
            yield "metrics", row["id"], word


@pytest.mark.parametrize("table, key, word", list(spellings()))
def test_every_spelling_is_found_in_context(table, key, word):
    matcher: TermMatcher = getattr(load_lexicon(), table)
    for text in (f"据报告，{word} 的结果如下。", f"The report says {word} was measured."):
        hits = [h for h in matcher.find(text) if h.text.casefold() == word.casefold()]
        assert hits, f"{word!r} not found in {text!r}"
        # a longer spelling of another entry may win; the hit must belong to this entry or contain the word
        assert hits[0].key == key or len(hits[0].text) >= len(word)


def test_ascii_terms_match_only_whole_words():
    hardware = load_lexicon().hardware
    assert [h.key for h in hardware.find("8x H100 GPUs")] == ["H100"]
    assert hardware.find("GH1000 and XH100X") == []
    # but right next to Chinese characters they do match: \\b would not
    assert [h.key for h in hardware.find("八张H100运行")] == ["H100"]


def test_flexible_separator_between_words():
    assert [h.key for h in load_lexicon().hardware.find("RTX-PRO 6000 and RTX_5090")] == ["RTX PRO 6000", "RTX 5090"]


def test_negation_is_per_clause():
    text = "这个 528 bytes 是记录布局的计量，不是 890 bytes/token，二者不能直接作除法。"
    clauses = split_clauses(text)
    assert [c.negated for c in clauses] == [False, True, True]


def test_a_number_with_a_colon_inside_is_not_split():
    assert len(split_clauses("Measured at 12:30 on https://example.org/x")) == 1
