"""The LLM node in the real graph and CLI: stats, cache, budget, checkpoint resume."""
from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from llm_server import ScriptedLLM, Step, answer, claims_in, user_message

from factcheck.cli import main
from factcheck.pipeline import check_path_async
from factcheck.settings import LLMSettings, Settings

# Sentences the sources state as written: the rules find nothing wrong, so they
# stay undecided and go to the second opinion.
DRAFT = """\
---
title: test weekly
window: 2026-09-14..2026-09-20
---

# Notes

## FreeToken: fp8 KV cache

On an RTX 4070 Ti SUPER (16 GB), KV capacity rises from about 114k to 259,136 tokens.

Sources: [FreeToken #354](https://github.com/example/freetoken/pull/354)

## Omni: PDD

With PDD, denoising within the engine falls from about 478 s to 143 s.

Sources: [Omni #7425](https://github.com/example/omni/pull/7425)
"""
SOURCES = {
    "freetoken.json": {
        "url": "https://github.com/example/freetoken/pull/354", "kind": "pull_request", "state": "open",
        "title": "fp8 e4m3 KV cache",
        "text": "Store the KV cache as fp8 e4m3 codes. On an RTX 4070 Ti SUPER (16 GB) with "
                "Qwen3.8-Flash-Next, KV capacity rises from about 114k to 259,136 tokens.",
    },
    "omni.json": {
        "url": "https://github.com/example/omni/pull/7425", "kind": "pull_request", "state": "open",
        "title": "PDD for MiniMax-H3",
        "text": "Denoising within the engine falls from approximately 478 s to 143 s. HTTP E2E 505.037 / 169.850 s.",
    },
}


@pytest.fixture
def server() -> Iterator[ScriptedLLM]:
    llm = ScriptedLLM().start()
    yield llm
    llm.stop()


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / "draft.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "sources").mkdir()
    for name, doc in SOURCES.items():
        (tmp_path / "sources" / name).write_text(json.dumps(doc), encoding="utf-8")
    return tmp_path


def settings_for(workspace: Path, server: ScriptedLLM, **llm: Any) -> Settings:
    return Settings(cache_dir=workspace / "cache",
                    llm=LLMSettings(base_url=server.base_url, model="test-model", timeout=10, **llm))


def overstated(request: dict[str, Any]) -> Step:
    """A model that calls every claim overstated, quoting the start of its first source."""
    sources = dict(re.findall(r'<source id="(S\d+)" url="[^"]*">\n(.*?)\n</source>', user_message(request), re.DOTALL))
    return answer({"judgements": [
        {"claim": c["id"], "verdict": "overstated", "quote": sources[c["sources"][0]][:24],
         "reason": "The source measured one card and one model."} for c in claims_in(request)]},
        prompt_tokens=200, completion_tokens=40)


async def run(workspace: Path, settings: Settings, **kw: Any):
    return await check_path_async(workspace / "draft.md", settings, sources_dir=workspace / "sources", **kw)


async def test_undecided_claims_get_llm_findings_and_stats(server, workspace):
    server.responder = overstated

    report = await run(workspace, settings_for(workspace, server))

    assert [[c["sentence"][:10] for c in claims_in(r)] for r in server.requests] == [
        ["On an RTX "], ["With PDD, "]]
    llm = [f for f in report.findings if f.check == "llm-judgement"]
    assert [(f.line, f.category, f.severity) for f in llm] == [
        (10, "overstatement", "warning"), (16, "overstatement", "warning")]
    assert llm[0].evidence[0].url == SOURCES["freetoken.json"]["url"]
    assert llm[0].evidence[0].quote in SOURCES["freetoken.json"]["text"]
    stats = report.stats.model_dump()
    assert (stats["llm_calls"], stats["llm_cached_calls"]) == (2, 0)
    assert (stats["prompt_tokens"], stats["completion_tokens"]) == (400, 80)
    assert not any("skipped" in n for n in report.notes)

    again = await run(workspace, settings_for(workspace, server))

    assert len(server.requests) == 2
    assert (again.stats.llm_calls, again.stats.model_dump()["llm_cached_calls"]) == (0, 2)
    assert again.findings == report.findings


async def test_a_run_interrupted_mid_llm_resumes_without_repeating_finished_calls(server, workspace):
    def second_request_hangs(request: dict[str, Any]) -> Step:
        return Step(delay=5, body={}) if len(server.requests) == 2 else overstated(request)
    server.responder = second_request_hangs
    settings = settings_for(workspace, server)

    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(run(workspace, settings, thread_id="run-1"), timeout=2)
    server.responder = overstated
    said: list[str] = []
    report = await run(workspace, settings, thread_id="run-1", progress=said.append)

    assert any(m.startswith("resuming run-1 at llm") for m in said), said
    assert [claims_in(r)[0]["sentence"][:10] for r in server.requests] == ["On an RTX ", "With PDD, ", "With PDD, "]
    assert (report.stats.llm_calls, report.stats.model_dump()["llm_cached_calls"]) == (1, 1)
    assert [f.line for f in report.findings if f.check == "llm-judgement"] == [10, 16]


async def test_without_a_model_the_report_says_once_that_the_llm_was_skipped(server, workspace):
    report = await run(workspace, Settings(cache_dir=workspace / "cache", use_checkpoint=False))

    assert server.requests == []
    assert len([n for n in report.notes if "LLM second opinion skipped" in n]) == 1
    assert report.stats.llm_calls == 0


def test_cli_llm_budget_caps_calls(server, workspace, monkeypatch):
    server.responder = overstated
    monkeypatch.setenv("FACTCHECK_LLM_BASE_URL", server.base_url)
    monkeypatch.setenv("FACTCHECK_LLM_MODEL", "test-model")
    monkeypatch.setenv("FACTCHECK_CACHE_DIR", str(workspace / "cache"))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)

    result = CliRunner().invoke(main, ["check", str(workspace / "draft.md"), "--sources",
                                       str(workspace / "sources"), "--format", "json", "--no-checkpoint",
                                       "--llm-budget", "1", "--fail-on", "never"])

    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert len(server.requests) == 1
    assert report["stats"]["llm_calls"] == 1
    assert report["stats"]["prompt_tokens"] == 200
    assert [f["line"] for f in report["findings"] if f["check"] == "llm-judgement"] == [10]
    [left] = [f for f in report["findings"] if f["check"] == "llm-unjudged"]
    assert (left["line"], left["severity"]) == (16, "info")
    assert "1 claim(s) not judged — the LLM call budget (1) was used up (1)" in left["message"]
    assert report["llm"]["budget"] == 1 and report["llm"]["unjudged"] == 1
    assert report["llm"]["structured_output"] == "json_schema"


def test_cli_rejects_a_negative_budget(workspace):
    result = CliRunner().invoke(main, ["check", str(workspace / "draft.md"), "--llm-budget", "-1"])

    assert result.exit_code == 2
    assert "--llm-budget" in result.output


UNPARSED_DRAFT = """\
---
title: test weekly
window: 2026-09-14..2026-09-20
---

## VDN: backend

The checkpoint requires its own hybrid attention backend.

Sources: [VDN #9](https://github.com/example/vdn/pull/9)
"""


async def test_unparsed_sentence_goes_to_extraction_then_judgement(server, tmp_path):
    """A sentence with no number the rules can hold is read by claim extraction;
    one the model calls checkable is then judged against the cited passages."""
    (tmp_path / "draft.md").write_text(UNPARSED_DRAFT, encoding="utf-8")
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "vdn.json").write_text(json.dumps({
        "url": "https://github.com/example/vdn/pull/9", "kind": "pull_request", "title": "VDN pipeline",
        "text": "Any attention backend works; the checkpoint runs unchanged on dense attention."}), encoding="utf-8")

    def responder(request: dict[str, Any]) -> Step:
        claims = claims_in(request)
        if "reason" in claims[0] and "sources" not in claims[0]:  # the extraction request
            return answer({"claims": [{"claim": c["id"], "checkable": True, "numbers": [],
                                       "metrics": [], "conditions": ["hybrid attention backend"]} for c in claims]})
        return answer({"judgements": [{"claim": c["id"], "verdict": "unsupported",
                                       "quote": "Any attention backend works",
                                       "reason": "The source says any backend works."} for c in claims]})

    server.responder = responder
    report = await check_path_async(tmp_path / "draft.md", settings_for(tmp_path, server),
                                    sources_dir=tmp_path / "sources")

    assert len(server.requests) == 2
    assert claims_in(server.requests[0])[0]["sentence"].startswith("The checkpoint requires")
    [finding] = [f for f in report.findings if f.origin == "llm"]
    assert finding.line == 8 and finding.category == "unsupported"
    assert finding.evidence[0].quote == "Any attention backend works"
    assert report.stats.llm_calls == 2


def test_cli_http_errors_become_one_info_finding_that_ci_can_fail_on(server, workspace, monkeypatch):
    server.responder = lambda request: Step(status=500, body={"error": {"message": "boom"}})
    monkeypatch.setenv("FACTCHECK_LLM_BASE_URL", server.base_url)
    monkeypatch.setenv("FACTCHECK_LLM_MODEL", "test-model")
    monkeypatch.setenv("FACTCHECK_CACHE_DIR", str(workspace / "cache"))
    monkeypatch.setenv("FACTCHECK_LLM_STRUCTURED_OUTPUT", "json_schema")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)

    result = CliRunner().invoke(main, ["check", str(workspace / "draft.md"), "--sources", str(workspace / "sources"),
                                       "--format", "json", "--no-checkpoint", "--fail-on", "info",
                                       "--llm-timeout", "5", "--llm-deadline", "30"])

    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    [left] = [f for f in report["findings"] if f["check"] == "llm-unjudged"]
    assert (left["line"], left["severity"], left["origin"]) == (10, "info", "llm")
    assert "2 claim(s) not judged — HTTP 500 (2)" in left["message"] and "Lines: 10, 16." in left["message"]
    # Two batches, each one request and our one retry, every one counted.
    assert len(server.requests) == 4 and report["stats"]["llm_calls"] == 4
    assert (report["llm"]["timeout"], report["llm"]["deadline"]) == (5, 30)
    assert (report["llm"]["structured_output"], report["llm"]["structured_output_from"]) == ("json_schema",
                                                                                           "configured")


ROUTED_DRAFT = """\
---
title: test weekly
window: 2026-09-14..2026-09-20
---

## FreeToken: the fp8 KV cache is merged and supported on every GPU

Table 1: KV capacity on one card

On an RTX 4070 Ti SUPER (16 GB), KV capacity rises from about 114k to 259,136 tokens.
This is an end-to-end serving figure.
The gain comes from storing the cache as fp8 codes, because the cache then fits on the card.
The cache layout works per request.

Sources: [FreeToken #354](https://github.com/example/freetoken/pull/354)
"""


async def test_figure_free_claims_go_to_judgement_and_headings_and_captions_do_not(server, tmp_path):
    """What the rules cannot decide reaches the model as a claim to judge, with its passages:
    a sentence that characterises the previous one's figures, a cause, a scope. A heading
    and a table caption are not claims, even where the rules can read them."""
    (tmp_path / "draft.md").write_text(ROUTED_DRAFT, encoding="utf-8")
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "pr.json").write_text(json.dumps({
        "url": "https://github.com/example/freetoken/pull/354", "kind": "pull_request", "state": "merged",
        "dates": {"merged": "2026-09-16"}, "title": "fp8 e4m3 KV cache",
        "text": "Store the KV cache as fp8 e4m3 codes. On an RTX 4070 Ti SUPER (16 GB) with Qwen3.8-Flash-Next, "
                "KV capacity rises from about 114k to 259,136 tokens (end-to-end serving)."}), encoding="utf-8")
    server.responder = lambda request: answer({"judgements": []})

    await run(tmp_path, settings_for(tmp_path, server))

    [request] = server.requests  # one section, one judgement request, no extraction
    sent = {c["sentence"]: c["reason"] for c in claims_in(request)}
    assert list(sent) == [
        "On an RTX 4070 Ti SUPER (16 GB), KV capacity rises from about 114k to 259,136 tokens.",
        "This is an end-to-end serving figure.",
        "The gain comes from storing the cache as fp8 codes, because the cache then fits on the card.",
        "The cache layout works per request.",
    ]
    assert "previous sentence's figures" in sent["This is an end-to-end serving figure."]
    assert "without figures" in sent["The cache layout works per request."]
    assert "259,136 tokens" in user_message(request)  # the ranked passage goes with them
