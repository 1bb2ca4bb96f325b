"""The facts of source documents kept on disk between runs (factcheck/facts_cache.py):
the same facts from the file as extracted afresh, a second run extracts nothing, an
edited document, window or code is a new key, a damaged file is recomputed, a
read-only folder is no cache, and the folder stays within its bound."""
from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from factcheck import facts_cache
from factcheck.draft import parse_draft
from factcheck.facts import facts_of
from factcheck.facts_cache import (FactsCache, code_fingerprint, facts_cache_info, facts_key, prune_facts,
                                  read_code_fingerprint)
from factcheck.models import Window
from factcheck.pipeline import check_path
from factcheck.settings import Settings
from factcheck.sources.archive import load_document

from readonly import read_only

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "drafts" / "weekly-2026-09-22.md"
SOURCES = ROOT / "drafts" / "sources" / "weekly-2026-09-22"
WINDOW = parse_draft(DRAFT.read_text(encoding="utf-8"), str(DRAFT)).window


def documents(n: int | None = None):
    return [load_document(p) for p in sorted(SOURCES.rglob("*.json"))][:n]


def counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The URLs facts_cache extracted afresh (facts.facts_of called on a miss)."""
    calls: list[str] = []

    def spy(doc, window=None):
        calls.append(doc.url)
        return facts_of(doc, window)

    monkeypatch.setattr(facts_cache, "facts_of", spy)
    return calls


def test_facts_from_the_file_are_the_facts_extracted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    docs = documents()
    extracted = [facts_of(d, WINDOW) for d in docs]
    calls = counting(monkeypatch)
    first = FactsCache(tmp_path, None)
    assert [first.facts_of(d, WINDOW) for d in docs] == extracted
    assert len(calls) == len(docs) and first.written == len(docs) and first.hits == 0
    second = FactsCache(tmp_path, None)
    assert [second.facts_of(d, WINDOW) for d in docs] == extracted
    assert len(calls) == len(docs), "the second reader extracts nothing"
    assert second.hits == len(docs) and second.written == 0
    assert facts_cache_info(tmp_path).entries == len(docs)


def test_a_changed_document_window_or_code_is_a_new_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    [doc] = documents(1)
    calls = counting(monkeypatch)
    FactsCache(tmp_path, None).facts_of(doc, WINDOW)
    # a live fetch stamps fetched_at on every run: not part of the key
    FactsCache(tmp_path, None).facts_of(doc.model_copy(update={"fetched_at": "2030-01-01T00:00:00Z"}), WINDOW)
    assert len(calls) == 1
    edited = doc.model_copy(update={"text": doc.text + "\n\nThroughput rose by 12%."})
    got = FactsCache(tmp_path, None).facts_of(edited, WINDOW)
    assert any("12%" in f.quote for f in got)
    later = Window(start=WINDOW.start + dt.timedelta(days=7), end=WINDOW.end + dt.timedelta(days=7))
    FactsCache(tmp_path, None).facts_of(doc, later)
    FactsCache(tmp_path, None, fingerprint="another version of the rules").facts_of(doc, WINDOW)
    assert len(calls) == 4, "document, window and code each make a new key"
    assert facts_cache_info(tmp_path).entries == 4


def test_the_fingerprint_covers_the_code_and_the_lexicon():
    fingerprint = code_fingerprint()
    assert len(fingerprint) == 64
    # what it reads: every .py and .toml of the package (the lexicon's data among them)
    root = Path(facts_cache.__file__).parent
    assert (root / "lexicon" / "terms.toml").is_file() and (root / "extract" / "statement.py").is_file()
    assert read_code_fingerprint() == fingerprint, "stable for unchanged files"


def test_a_damaged_or_foreign_file_is_recomputed_and_rewritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    [doc] = documents(1)
    expected = facts_of(doc, WINDOW)
    calls = counting(monkeypatch)
    FactsCache(tmp_path, None).facts_of(doc, WINDOW)
    [path] = tmp_path.iterdir()
    good = path.read_bytes()
    for damage in (good[: len(good) // 2], b"\x00\xff not json", json.dumps([{"url": 1}]).encode(), b""):
        path.write_bytes(damage)
        cache = FactsCache(tmp_path, None)
        assert cache.facts_of(doc, WINDOW) == expected
        assert cache.hits == 0 and cache.written == 1
        assert path.read_bytes() == good, "rewritten whole"
    assert len(calls) == 5


def test_a_read_only_folder_is_no_cache_not_a_failure(tmp_path: Path):
    first, second = documents(2)
    folder = tmp_path / "facts"
    FactsCache(folder, None).facts_of(first, WINDOW)
    with read_only(folder):
        cache = FactsCache(folder, 1)
        assert cache.facts_of(second, WINDOW) == facts_of(second, WINDOW)
        assert cache.facts_of(first, WINDOW) == facts_of(first, WINDOW)
        cache.finish()  # over its bound of 1 byte, and nothing can be deleted
        assert (cache.written, cache.hits) == (0, 1)
        assert prune_facts(folder, 0) == 0
        assert len(list(folder.iterdir())) == 1


def test_a_folder_that_cannot_be_made_is_no_cache_not_a_failure(tmp_path: Path):
    # (root can write to a read-only folder, not into a path through a file)
    [doc] = documents(1)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would go")
    cache = FactsCache(blocker / "facts", 1000)
    assert cache.facts_of(doc, WINDOW) == facts_of(doc, WINDOW)
    cache.finish()
    assert cache.written == 0 and blocker.read_text().startswith("a file")


def test_the_folder_keeps_within_its_bound_least_recently_used_out(tmp_path: Path):
    docs = documents(4)
    writer = FactsCache(tmp_path, None)
    for doc in docs:
        writer.facts_of(doc, WINDOW)
    paths = [tmp_path / f"{facts_key(d, WINDOW, writer.fingerprint)}.facts" for d in docs]
    sizes = {path: path.stat().st_size for path in paths}
    for age, path in enumerate(paths):  # last used: docs[0] four hours ago ... docs[3] one hour ago
        os.utime(path, (path.stat().st_atime, path.stat().st_mtime - 3600 * (4 - age)))
    reader = FactsCache(tmp_path, None)
    reader.facts_of(docs[0], WINDOW)
    assert reader.hits == 1
    assert paths[0].stat().st_mtime > paths[3].stat().st_mtime, "a read makes the oldest the most recent"
    (tmp_path / "left-by-a-dead-writer.tmp").write_bytes(b"x" * 10)
    bound = paths[0].stat().st_size + paths[3].stat().st_size
    assert prune_facts(tmp_path, bound) == 3
    assert set(tmp_path.iterdir()) == {paths[0], paths[3]}
    assert facts_cache_info(tmp_path).bytes == bound
    # a run that wrote something applies the bound itself
    small = FactsCache(tmp_path, sizes[paths[1]])
    small.facts_of(docs[1], WINDOW)
    small.finish()
    assert set(tmp_path.iterdir()) == {paths[1]}, "least recently used out first, the newest stays"


def test_a_run_writes_its_facts_and_the_next_run_reads_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    calls = counting(monkeypatch)
    settings = Settings(cache_dir=tmp_path, use_checkpoint=False)
    first = check_path(DRAFT, settings, sources_dir=SOURCES)
    extracted = len(calls)
    kept = facts_cache_info(settings.facts_cache_path)
    assert extracted == kept.entries - kept.drafts > 10 and kept.drafts == 1
    second = check_path(DRAFT, settings, sources_dir=SOURCES)
    assert len(calls) == extracted, "the second run extracted no source's facts"
    assert second.model_dump() == first.model_dump()
    off = Settings(cache_dir=tmp_path / "off", use_checkpoint=False, facts_cache_max_bytes=0)
    assert check_path(DRAFT, off, sources_dir=SOURCES).model_dump() == first.model_dump()
    assert not off.facts_cache_path.exists()


def test_cache_info_and_prune_show_and_bound_the_facts(tmp_path: Path):
    env = {**os.environ, "FACTCHECK_CACHE_DIR": str(tmp_path)}

    def factcheck(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "factcheck", *args], capture_output=True, text=True, env=env,
                              timeout=120, cwd=tmp_path)

    FactsCache(tmp_path / "facts", None).facts_of(documents(1)[0], WINDOW)
    info = factcheck("cache", "info")
    assert info.returncode == 0, info.stderr
    assert f"source facts: {tmp_path / 'facts'}" in info.stdout
    assert "1 document, claims of 0 drafts, " in info.stdout
    data = json.loads(factcheck("cache", "info", "--format", "json").stdout)
    assert data["facts"]["entries"] == 1 and data["facts"]["bytes"] > 0
    assert data["facts"]["max_bytes"] == 32 * 2**20
    kept = factcheck("cache", "prune")
    assert kept.returncode == 0, kept.stderr
    assert "pruned 0 files of source facts and draft claims;" in kept.stdout
    gone = factcheck("cache", "prune", "--all")
    assert "pruned 1 file of source facts and draft claims;" in gone.stdout
    assert facts_cache_info(tmp_path / "facts").entries == 0


SENTENCES = ["vLLM 0.30 在 H100 上把吞吐提升了 2.1 倍。", "Throughput improves by up to 9.3% on every batch size.",
             "TTFT drops from 40 ms to 30 ms on MI300X."]


def extracting(calls: list[str]):
    from factcheck.graph import _claim

    def extract(text, window):
        calls.append(text)
        return _claim(text, window)
    return extract


def test_a_drafts_claims_are_read_back_and_only_edited_sentences_extracted(tmp_path: Path):
    from factcheck.graph import _claim

    calls: list[str] = []
    first = FactsCache(tmp_path, None)
    claims = first.claims("drafts/a.md")
    got = [claims.statement(s, WINDOW, extracting(calls)) for s in SENTENCES]
    assert got == [_claim(s, WINDOW) for s in SENTENCES] and len(calls) == 3
    first.finish()
    assert facts_cache_info(tmp_path).drafts == 1

    edited = [SENTENCES[0], SENTENCES[1].replace("9.3%", "9.8%"), SENTENCES[2], SENTENCES[2]]
    second = FactsCache(tmp_path, None).claims("drafts/a.md")
    again = [second.statement(s, WINDOW, extracting(calls)) for s in edited]
    assert calls[3:] == [edited[1]], "only the edited sentence is extracted"
    assert again == [_claim(s, WINDOW) for s in edited]
    assert again[2] is not again[3], "a sentence written twice gets its own object, as when extracted"
    assert second.save()
    # the file keeps the sentences the last run met, no more
    assert len(json.loads(second.path.read_text(encoding="utf-8"))) == 3

    other_window = Window(start=WINDOW.start + dt.timedelta(days=7), end=WINDOW.end + dt.timedelta(days=7))
    FactsCache(tmp_path, None).claims("drafts/a.md").statement(SENTENCES[0], other_window, extracting(calls))
    FactsCache(tmp_path, None, fingerprint="other rules").claims("drafts/a.md").statement(
        SENTENCES[0], WINDOW, extracting(calls))
    FactsCache(tmp_path, None).claims("drafts/b.md").statement(SENTENCES[0], WINDOW, extracting(calls))
    assert len(calls) == 7, "window, code and draft each have their own entries"


def test_a_damaged_claims_file_or_entry_is_extracted_again(tmp_path: Path):
    calls: list[str] = []
    cache = FactsCache(tmp_path, None)
    claims = cache.claims("a.md")
    for s in SENTENCES:
        claims.statement(s, WINDOW, extracting(calls))
    cache.finish()
    path = claims.path
    entries = json.loads(path.read_text(encoding="utf-8"))
    first_key = next(iter(entries))
    entries[first_key] = {"text": 3}
    path.write_text(json.dumps(entries), encoding="utf-8")
    again = FactsCache(tmp_path, None).claims("a.md")
    [again.statement(s, WINDOW, extracting(calls)) for s in SENTENCES]
    assert (again.computed, again.hits) == (1, 2)
    assert again.save() and "text" in json.loads(path.read_text(encoding="utf-8"))[first_key]
    for damage in (b"[1, 2]", b"\xff\x00", b'{"cut short'):
        path.write_bytes(damage)
        fresh = FactsCache(tmp_path, None).claims("a.md")
        [fresh.statement(s, WINDOW, extracting(calls)) for s in SENTENCES]
        assert fresh.computed == 3 and fresh.save()


def test_a_read_only_folder_keeps_no_claims_and_fails_nothing(tmp_path: Path):
    folder = tmp_path / "facts"
    cache = FactsCache(folder, None)
    cache.claims("a.md").statement(SENTENCES[0], WINDOW, extracting([]))
    cache.finish()
    before = {p: p.read_bytes() for p in folder.iterdir()}
    with read_only(folder):
        locked = FactsCache(folder, 1)
        claims = locked.claims("a.md")
        calls: list[str] = []
        [claims.statement(s, WINDOW, extracting(calls)) for s in SENTENCES]
        assert calls == SENTENCES[1:], "what the file holds is read"
        locked.finish()
        assert locked.written == 0
    assert {p: p.read_bytes() for p in folder.iterdir()} == before


def test_a_second_run_extracts_no_claim(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from factcheck import graph

    calls: list[str] = []
    real = graph._claim

    def spy(text, window):
        calls.append(text)
        return real(text, window)

    monkeypatch.setattr(graph, "_claim", spy)
    settings = Settings(cache_dir=tmp_path, use_checkpoint=False)
    first = check_path(DRAFT, settings, sources_dir=SOURCES)
    assert len(calls) == first.stats.sentences
    second = check_path(DRAFT, settings, sources_dir=SOURCES)
    assert len(calls) == first.stats.sentences, "every claim read back"
    assert second.model_dump() == first.model_dump()
    assert facts_cache_info(settings.facts_cache_path).drafts == 1


def test_a_cache_directory_inside_the_sources_folder_is_not_read_as_sources(tmp_path: Path):
    # --sources DIR reads every *.json under DIR: the kept facts and claims are not *.json
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES, sources)
    settings = Settings(cache_dir=sources / ".cache", use_checkpoint=False)
    first = check_path(DRAFT, settings, sources_dir=sources)
    assert facts_cache_info(settings.facts_cache_path).entries > 10
    second = check_path(DRAFT, settings, sources_dir=sources)
    assert second.model_dump() == first.model_dump()
