"""Software versions, and the numbers that only look like them."""
from __future__ import annotations

import pytest

from factcheck.extract.versions import extract_versions


@pytest.mark.parametrize(
    "text, version, project",
    [("vLLM 0.30", "0.30", "vLLM"), ("0.5.20", "0.5.20", None), ("v0.30.0", "0.30.0", None),
     ("v0.7.0rc1", "0.7.0rc1", None), ("SGLang 0.5.20", "0.5.20", "SGLang"), ("ComfyUI 0.37", "0.37", "ComfyUI"),
     ("v1.0.0", "1.0.0", None), ("SGLang v0.5.20", "0.5.20", "SGLang"), ("FlashInfer 0.7", "0.7", "FlashInfer"),
     ("torch 2.11.0+cu130", "2.11.0+cu130", None), ("Python 3.11.4", "3.11.4", "Python"), ("Node.js 22.13", "22.13", "Node.js"),
     ("vLLM version 0.30", "0.30", "vLLM"), ("版本 0.37", "0.37", None), ("0.37 版本", "0.37", None),
     ("Release v.0.9.4", "0.9.4", None), ("v.0.9 release", "0.9", None)],
)
def test_versions(text, version, project):
    found = extract_versions(text)
    assert len(found) == 1, found
    assert (found[0].version, found[0].project) == (version, project)
    assert found[0].raw == text[found[0].start : found[0].end]


def test_versions_in_a_draft_sentence_with_offsets():
    text = "vLLM 0.30、SGLang 0.5.20、ComfyUI 0.37 和 FlashInfer 0.7 都在本周发布。"
    found = extract_versions(text)
    assert [(v.project, v.version) for v in found] == [
        ("vLLM", "0.30"), ("SGLang", "0.5.20"), ("ComfyUI", "0.37"), ("FlashInfer", "0.7")]
    assert [text[v.start : v.end] for v in found] == ["0.30", "0.5.20", "0.37", "0.7"]


def test_v_prefix_is_kept_in_raw_but_not_in_version():
    (mention,) = extract_versions("v0.30 还带来 GPU 权重缓存")
    assert (mention.raw, mention.version) == ("v0.30", "0.30")


def test_a_version_is_not_a_project():
    found = extract_versions("v0.30.0 v0.7.0rc1")
    assert [v.project for v in found] == [None, None]


@pytest.mark.parametrize(
    "text",
    ["6.70 秒", "14.3 s", "3.8x", "5.2%", "0.30", "Peak HBM 77.7 GB/GPU", "SWE-bench Verified 77.8", "HTTP E2E 505.037 / 169.850",
     "DeepSeek-V4.1", "Qwen3.8-27B", "Apache-2.0", "FLUX.2", "2026.9.16", "v1 被移除",
     "https://github.com/sgl-project/sglang/releases/tag/v0.5.20", "`pip install vllm==0.30.0`"],
)
def test_not_versions(text):
    assert extract_versions(text) == [], text


def test_a_verb_before_a_version_is_not_its_project():
    found = extract_versions("v0.7.0 promotes v0.7.0rc1 to a release.")
    assert [(v.version, v.project) for v in found] == [("0.7.0", None), ("0.7.0rc1", None)]
