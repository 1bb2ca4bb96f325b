"""Evidence is the source's own words: every ``evidence[].quote`` of every finding
on every benchmark case appears in the cited document (its title, text or
comments), verbatim up to whitespace. Facts from a document's record (a release
date, a license field, an unresolved citation) are ``evidence[].metadata``, never
a quote."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from factcheck.models import Evidence, Finding, SourceDocument
from factcheck.sources.archive import ArchiveSources

ROOT = Path(__file__).resolve().parents[1]
# the team's dev cases sit in ../shared beside the repository (or where FACTCHECK_DEV_CASES says)
SHARED_DEV = Path(os.environ.get("FACTCHECK_DEV_CASES") or ROOT.parent / "shared" / "bench" / "dev")


def cases() -> list[Path]:
    found = sorted(p.parent for p in (ROOT / "benchmarks" / "cases").glob("*/labels.json"))
    if SHARED_DEV.is_dir():
        found += sorted(p.parent for p in SHARED_DEV.glob("*/labels.json"))
    return found


def squash(text: str) -> str:
    return "".join(text.split())


def document_words(doc: SourceDocument) -> str:
    return squash(" ".join([doc.title or "", doc.text, *(c.text for c in doc.comments)]))


def misquoted(findings: list[Finding], archive: ArchiveSources) -> list[str]:
    out = []
    for f in findings:
        for ev in f.evidence:
            if not ev.quote:
                assert ev.metadata is not None, f"evidence with neither words nor metadata: {f}"
                continue
            doc = archive.lookup(ev.url)
            if doc is None or squash(ev.quote) not in document_words(doc):
                out.append(f"line {f.line} {f.check}: {ev.quote!r} not in {ev.url}")
    return out


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    from factcheck.settings import Settings

    return Settings(cache_dir=tmp_path_factory.mktemp("cache"), use_checkpoint=False)


def test_there_are_cases_to_check():
    assert len(cases()) >= 15


@pytest.mark.parametrize("case", cases(), ids=lambda p: p.name)
def test_every_quote_is_in_its_source(case, settings):
    from factcheck.pipeline import check_path

    report = check_path(case / "draft.md", settings, sources_dir=case / "sources")
    archive = ArchiveSources.from_dir(case / "sources")
    assert misquoted(report.findings, archive) == []


def test_metadata_evidence_carries_the_record():
    doc = SourceDocument(url="https://github.com/o/r/releases/tag/v1.2", kind="release", text="notes",
                         title="v1.2", dates={"published": "2026-09-18T10:00:00Z"})
    ev = Evidence.of_field(doc, "dates.published")
    assert ev.quote == "" and ev.metadata and ev.metadata.value == "2026-09-18T10:00:00Z"
    none = SourceDocument(url="https://github.com/o/r", kind="repository", text="",
                          license={"spdx": None, "name": "none found"})
    assert Evidence.of_field(none, "license").metadata.value == "none found"
    unknown = SourceDocument(url="https://example.com/p", kind="page", text="")
    assert Evidence.of_field(unknown, "license").metadata.value == "not stated"
