"""Archived source documents: loading, validation errors, and URL matching."""
from __future__ import annotations

import asyncio
import json

import pytest

from factcheck.errors import InputError
from factcheck.sources.archive import ArchiveSources, load_document
from factcheck.sources.urls import github_parts, normalize_url


@pytest.mark.parametrize("variant", [
    "https://github.com/vllm-project/vllm/pull/56893",
    "http://github.com/vllm-project/vllm/pull/56893",
    "https://www.github.com/vllm-project/vllm/pull/56893/",
    "https://github.com/vllm-project/vllm/pull/56893/files",
    "https://github.com/vllm-project/vllm/pull/56893/files#diff-abc",
    "https://github.com/vllm-project/vllm/pull/56893#issuecomment-123",
    "https://github.com/vllm-project/vllm/issues/56893",
    "https://github.com/VLLM-Project/VLLM/pull/56893?tab=commits",
    "github.com/vllm-project/vllm/pull/56893",
])
def test_variants_of_one_pr_share_a_key(variant):
    assert normalize_url(variant) == normalize_url("https://github.com/vllm-project/vllm/pull/56893")


def test_different_documents_keep_different_keys():
    keys = {normalize_url(u) for u in [
        "https://github.com/o/r/pull/1", "https://github.com/o/r/pull/2", "https://github.com/o/other/pull/1",
        "https://blog.example.org/a?page=2", "https://blog.example.org/a?page=3"]}
    assert len(keys) == 5


def test_github_parts():
    assert github_parts("https://github.com/o/r/releases/tag/v1.0") == ("o/r", "releases", "tag/v1.0")
    assert github_parts("https://example.org/o/r") is None


def test_aliases_answer_too(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps({
        "url": "https://blog.example.org/2026/09/18/post.html", "kind": "blog", "text": "t",
        "aliases": ["https://github.com/o/site/pull/338"]}), encoding="utf-8")
    archive = ArchiveSources.from_dir(tmp_path)
    hit = asyncio.run(archive.get("https://github.com/o/site/pull/338/files"))
    assert hit.status == "ok" and hit.document.kind == "blog"
    miss = asyncio.run(archive.get("https://github.com/o/site/pull/339"))
    assert miss.status == "not_found"


def test_documents_found_recursively(tmp_path):
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "x.json").write_text(
        json.dumps({"url": "https://e.org/x", "kind": "page", "text": "t"}), encoding="utf-8")
    assert ArchiveSources.from_dir(tmp_path).lookup("https://e.org/x/") is not None


def test_invalid_json_names_file_and_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n  "url": "https://e.org/x",\n  "kind": "page"\n  "text": "t"\n}', encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_document(path)
    assert err.value.path == str(path) and err.value.line == 4 and "not valid JSON" in err.value.message


def test_invalid_utf8_names_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"url": "https://e.org/x",\n"kind": "page",\n"text": "\xff"}')
    with pytest.raises(InputError) as err:
        load_document(path)
    assert err.value.line == 3


def test_null_fields_are_accepted(tmp_path):
    path = tmp_path / "n.json"
    path.write_text(json.dumps({"url": "https://e.org/x", "kind": "model_card", "text": "t", "dates": None,
                                "comments": None, "license": None, "aliases": None}), encoding="utf-8")
    doc = load_document(path)
    assert doc.dates.as_dates() == {} and doc.licenses() == []
