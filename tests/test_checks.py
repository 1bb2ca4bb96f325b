"""Each check: a sentence it must flag, and a careful sentence it must leave alone.

Drafts and sources are written here, small and new, and go through the whole
pipeline (parse, facts, alignment, checks), so a check is tested as a user meets it.
"""
from __future__ import annotations

import pytest

from factcheck.draft import split_sentences
from factcheck.facts import facts_of
from factcheck.models import Comment, SourceDocument
from factcheck.pipeline import check_text
from factcheck.settings import Settings
from factcheck.sources.archive import ArchiveSources

PR = "https://github.com/example-org/engine/pull/101"


def doc(text: str, url: str = PR, **fields) -> SourceDocument:
    base = {"url": url, "kind": "pull_request", "title": fields.pop("title", "Engine change"), "text": text}
    base.update(fields)
    return SourceDocument.model_validate(base)


def run(body: str, *docs: SourceDocument, window: str = "2026-09-14..2026-09-20", cite: str = PR):
    text = f"---\ntitle: t\nwindow: {window}\n---\n\n## Section\n\n{body}\n\n来源：[source]({cite})\n"
    settings = Settings(use_checkpoint=False)
    return check_text(text, "t.md", settings, ArchiveSources(list(docs)))


def run_citing(body: str, *docs: SourceDocument, window: str = "2026-09-14..2026-09-20"):
    """A one-section draft whose sources line cites every one of ``docs``."""
    cites = "、".join(f"[{i}]({d.url})" for i, d in enumerate(docs))
    text = f"---\ntitle: t\nwindow: {window}\n---\n\n## Section\n\n{body}\n\n来源：{cites}\n"
    return check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources(list(docs)))


def flagged(report, category: str | None = None) -> list:
    return [f for f in report.findings if f.severity in ("warning", "error")
            and (category is None or f.category == category)]


# --- overstatement -------------------------------------------------------------

def test_range_reported_as_its_top_is_flagged():
    src = doc("Output throughput improves by 4.1%~9.3% across batch sizes.")
    report = run("该 PR 把输出吞吐提升了 9.3%。", src)
    [f] = flagged(report, "overstatement")
    assert f.check == "range-top"
    assert "4.1%~9.3%" in f.evidence[0].quote
    assert f.line == 8


def test_range_stated_as_range_is_not_flagged():
    src = doc("Output throughput improves by 4.1%~9.3% across batch sizes.")
    assert flagged(run("该 PR 报告输出吞吐提升 4.1%—9.3%，取决于 batch size。", src)) == []


def test_upper_bound_dropped_is_flagged_and_kept_is_not():
    src = doc("The fused kernel is up to 2.5x faster than the reference.")
    [f] = flagged(run("The fused kernel is 2.5x faster than the reference.", src), "overstatement")
    assert f.check == "hedge-dropped"
    assert flagged(run("The fused kernel is up to 2.5x faster than the reference.", src)) == []


def test_rounded_up_number_is_flagged():
    src = doc("Median latency drops by 12.34% on the test set.")
    [f] = flagged(run("Median latency drops by 12.4% on the test set.", src), "overstatement")
    assert f.check == "rounded-up"
    assert flagged(run("Median latency drops by 12.3% on the test set.", src)) == []


def test_universal_scope_is_flagged_but_a_warning_against_it_is_not():
    src = doc("Measured on one H100 with Llama-4-8B: decode throughput improves by 18%.")
    [f] = flagged(run("解码吞吐提升 18%，所有 GPU 都能获得同样收益。", src), "overstatement")
    assert "H100" in f.message
    assert flagged(run("在 H100 上解码吞吐提升 18%，但不能据此认为所有 GPU 都能获得同样收益。", src)) == []


def test_validated_claim_against_explicit_denial():
    src = doc("The change is untested on hardware. No GPU validation of this branch is claimed.")
    [f] = flagged(run("The PR says the branch has been validated on GPU.", src), "overstatement")
    assert "validation" in f.evidence[0].quote
    ok = doc("Verified on an RTX 5090: outputs are identical.")
    assert flagged(run("The author validated the fix on an RTX 5090.", ok)) == []


def test_experimental_called_stable():
    src = doc("Support for the new cache format is experimental.")
    assert flagged(run("新缓存格式已是稳定功能。", src), "overstatement")
    assert flagged(run("新缓存格式目前标为实验性。", src)) == []


def test_accuracy_change_called_none():
    src = doc("Accuracy: MMLU-Pro is 71.2% with BF16 and 70.1% with FP8.")
    [f] = flagged(run("FP8 下准确率完全一致，MMLU-Pro 没有下降。", src), "overstatement")
    assert "71.2%" in f.evidence[0].quote
    assert flagged(run("准确率并非完全不变：MMLU-Pro 从 71.2% 变为 70.1%。", src)) == []


# --- metric conflation ---------------------------------------------------------

def test_ratio_of_another_metric_is_flagged():
    src = doc("Denoising falls from 300 s to 100 s; HTTP E2E 330 / 150 s.")
    [f] = flagged(run("Requests are therefore 3x faster end to end.", src), "metric-conflation")
    assert "2.20x" in f.message
    assert flagged(run("Denoising is 3x faster; end to end the gain is about 2.2x.", src)) == []


def test_two_peaks_joined_is_flagged_and_their_separation_is_not():
    src = doc("Peak performance reached 4,000 tok/s/gpu on throughput and 150 gen tok/s/user on interactivity.",
              kind="blog", url="https://blog.example.org/2026/09/15/pd.html")
    url = "https://blog.example.org/2026/09/15/pd.html"
    bad = "报告给出 4000 total tokens/s/GPU 与 150 generated tokens/s/user，同一配置同时达到了这两个指标。"
    [f] = flagged(run(bad, src, cite=url), "metric-conflation")
    assert f.check == "peaks-joined"
    good = "报告给出 4000 total tokens/s/GPU 与 150 generated tokens/s/user，它们不是同一个配置同时达到的。"
    assert flagged(run(good, src, cite=url)) == []


def test_condition_the_source_rules_out():
    src = doc("Setup: one replica per GPU behind a proxy, eight H100 GPUs. This is a multi-replica result, not TP8.")
    [f] = flagged(run("八张 H100 以 TP8 运行同一个模型时，吞吐翻倍。", src), "metric-conflation")
    assert "not TP8" in f.evidence[0].quote
    assert flagged(run("这是一卡一个副本的多副本结果，不是 TP8。", src)) == []


def test_change_with_the_wrong_after_value():
    src = doc("| | old | new |\n|---|---|---|\n| bytes/token | 656 | 600 |\n| page stride | 640 B | 576 B |")
    [f] = flagged(run("每条记录从 656 bytes 减至 576 bytes。", src))
    assert f.category in {"metric-conflation", "unsupported"}
    assert "656" in f.evidence[0].quote
    assert flagged(run("每条记录从 656 bytes 减至 600 bytes。", src)) == []


# --- license -------------------------------------------------------------------

REPO = "https://github.com/example-org/model"


def repo_doc(**fields) -> SourceDocument:
    base = {"url": REPO, "kind": "repository", "title": "model", "text": "The training code lives here."}
    base.update(fields)
    return SourceDocument.model_validate(base)


def test_license_given_to_the_wrong_artifact():
    src = repo_doc(license=[{"spdx": "Apache-2.0", "name": "Apache License 2.0", "applies_to": "code"},
                            {"spdx": None, "name": "Example Community License", "applies_to": "weights"}])
    [f] = flagged(run("代码和权重都采用 Apache-2.0 许可。", src, cite=REPO), "license")
    assert "weights" in f.message
    careful = "代码仓库的 Apache-2.0 与模型卡的 community license 要分开读，不能把代码许可套到权重上。"
    assert flagged(run(careful, src, cite=REPO)) == []


def test_license_claimed_where_the_source_has_none():
    src = repo_doc(license={"spdx": None, "name": "none found"})
    [f] = flagged(run("该仓库采用 MIT 许可。", src, cite=REPO), "license")
    assert f.severity == "error"
    assert flagged(run("仓库根目录未见 LICENSE 文件，授权需向维护者确认。", src, cite=REPO)) == []


# --- release dates ---------------------------------------------------------------

REL = "https://github.com/example-org/engine/releases/tag/v1.4.0"


def release_doc(published: str) -> SourceDocument:
    return SourceDocument.model_validate({"url": REL, "kind": "release", "title": "v1.4.0",
                                          "text": "## Highlights\n- faster startup", "dates": {"published": published}})


def test_release_date_contradicted():
    [f] = flagged(run("Engine 1.4.0 于 9 月 15 日发布。", release_doc("2026-09-18"), cite=REL), "release-date")
    assert "2026-09-18" in f.message
    assert flagged(run("Engine 1.4.0 于 9 月 18 日发布。", release_doc("2026-09-18"), cite=REL)) == []


def test_new_this_week_but_merged_earlier():
    src = doc("Adds the Foo Bar 3 model and core support for graph capture.", title="Add Foo Bar 3 model",
              state="merged", dates={"merged": "2026-08-02"})
    [f] = flagged(run("The engine first added the Foo Bar 3 model this week.", src), "release-date")
    assert "2026-08-02" in f.message
    assert flagged(run("The engine added the Foo Bar 3 model in August; this week brings fixes.", src)) == []


def test_merged_claim_for_an_open_pr():
    src = doc("Adds fp8 KV cache storage behind a flag.", title="Add fp8 KV cache storage", state="open")
    # no date on the merge: the status is raised; a date on it makes it a release-date error
    [f] = flagged(run("The merged PR adds fp8 KV cache storage.", src))
    assert f.check == "merged-but-open" and f.category == "overstatement"
    assert flagged(run("The PR, merged on September 16, adds fp8 KV cache storage.", src), "release-date")
    assert flagged(run("An open PR adds fp8 KV cache storage.", src)) == []


# --- unsupported -----------------------------------------------------------------

def test_number_no_source_gives():
    src = doc("Prefill latency improves from 80 ms to 60 ms.")
    [f] = flagged(run("Prefill latency improves by 45%.", src), "unsupported")
    assert "45%" in f.message
    # 25% is what a reader computes from the source's own figures
    assert flagged(run("Prefill latency improves by 25%.", src)) == []


def test_unresolved_citation_is_info_not_error():
    report = run("Prefill latency improves by 25%.", doc("x"), cite="https://github.com/example-org/engine/pull/999")
    infos = [f for f in report.findings if f.severity == "info"]
    assert infos and infos[0].category == "unsupported"
    assert "not available" in infos[0].message
    assert flagged(report) == []


@pytest.mark.parametrize("category", ["overstatement", "metric-conflation", "license", "release-date", "unsupported"])
def test_every_category_has_registered_checks(category):
    from factcheck.checks import REGISTRY

    assert REGISTRY[category]


def test_number_under_another_metric_name():
    src = doc("| Config | Denoise | Request after warmup |\n|---|---|---|\n| default | 7.45 s | 9.3 s |")
    [f] = flagged(run("The default config finishes a request end to end in 7.45 s.", src), "metric-conflation")
    assert f.check == "metric-renamed"
    assert flagged(run("The default config denoises in 7.45 s; a warm request takes 9.3 s.", src)) == []


def test_kernel_result_stated_for_whole_requests():
    src = doc("On B200 per attention layer, the new kernel is 2.6x faster than the Triton kernel.",
              title="Faster attention kernel")
    [f] = flagged(run("Requests are now 2.6x faster end to end.", src), "metric-conflation")
    assert f.check == "kernel-as-request"
    assert flagged(run("The attention kernel is 2.6x faster per layer on B200.", src)) == []


def test_hardware_swapped():
    # hardware no source tested widens the result
    src = doc("Measured on H200: decode runs at 1,234 tok/s with FP8 weights.")
    [f] = flagged(run("On B200 decode runs at 1,234 tok/s.", src), "overstatement")
    assert "H200" in f.message and f.check == "hardware-swapped"
    assert flagged(run("On H200 decode runs at 1,234 tok/s.", src)) == []
    # hardware the source tested, with another figure, mixes two configurations
    both = doc("| GPU | decode |\n|---|---|\n| H200 | 1,234 tok/s |\n| H100 | 987 tok/s |")
    [g] = flagged(run("On H100 decode runs at 1,234 tok/s.", both), "metric-conflation")
    assert "H200" in g.message


def test_version_no_source_mentions():
    src = release_doc("2026-09-18")
    [f] = flagged(run("Engine 1.5.0 于 9 月 18 日发布。", src, cite=REL), "unsupported")
    assert "1.5.0" in f.message
    assert flagged(run("Engine 1.4 于 9 月 18 日发布。", src, cite=REL)) == []


def test_merged_this_week_but_merged_before_the_window():
    src = doc("Fix the fp8 scale layout in the attention backend.", title="Fix fp8 scale layout",
              state="merged", dates={"merged": "2026-08-30"})
    [f] = flagged(run("The fp8 scale layout fix was merged this week.", src), "release-date")
    assert "2026-08-30" in f.message
    inside = doc("Fix the fp8 scale layout in the attention backend.", title="Fix fp8 scale layout",
                 state="merged", dates={"merged": "2026-09-16"})
    assert flagged(run("The fp8 scale layout fix was merged this week.", inside)) == []


def test_accuracy_points_lost_called_no_loss():
    src = doc("GSM8K accuracy drops by 0.4 percentage points with the int4 cache.")
    assert flagged(run("The int4 cache has no accuracy loss on GSM8K.", src), "overstatement")


def test_each_version_said_released_this_week_is_checked_against_its_release():
    old = SourceDocument.model_validate({"url": "https://github.com/example-org/engine/releases/tag/v1.3.0",
                                         "kind": "release", "title": "v1.3.0", "text": "- fixes",
                                         "dates": {"published": "2026-08-28"}})
    new = release_doc("2026-09-16")
    body = "Engine 1.4.0 和 Engine 1.3.0 都在本周发布。"
    text = (f"---\nwindow: 2026-09-14..2026-09-20\n---\n\n## R\n\n{body}\n\n"
            f"来源：[a]({REL})、[b](https://github.com/example-org/engine/releases/tag/v1.3.0)\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([old, new]))
    [f] = flagged(report, "release-date")
    assert "2026-08-28" in f.message
    ok = text.replace(body, "Engine 1.4.0 在本周发布，Engine 1.3.0 是上月的版本。")
    assert flagged(check_text(ok, "t.md", Settings(use_checkpoint=False), ArchiveSources([old, new])),
                   "release-date") == []


def test_a_section_without_citations_is_reported_once_as_info():
    text = ("---\nwindow: 2026-09-14..2026-09-20\n---\n\n## Notes\n\nThroughput rises 12%.\n\n"
            "Latency falls to 8 ms.\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([]))
    [f] = report.findings
    assert f.severity == "info" and f.line == 7 and "no source is cited" in f.message and "2 checkable" in f.message


# --- rules added from labelled cases written apart from the code -------------------

TABLE = ("| conc | before tok/s | after tok/s | change |\n|---|---|---|---|\n| 1 | 183 | 193 | +5.6 % |\n"
         "| 2 | 307 | 335 | +9.0 % |\n| 4 | 572 | 609 | +6.4 % |\n| 16 | 1669 | 1713 | +2.6 % |")


def test_best_table_row_given_as_the_result():
    [f] = flagged(run("The new backend raised throughput by 9.0%.", doc(TABLE)), "overstatement")
    assert f.check == "column-top" and "2.6" in f.message
    assert flagged(run("At concurrency 2 the new backend raised throughput by 9.0%.", doc(TABLE))) == []
    assert flagged(run("Throughput rose by 2.6% to 9.0% depending on concurrency.", doc(TABLE))) == []


def test_a_drop_told_as_a_gain():
    src = doc("| baseline | win rate |\n|---|---|\n| Model A | 2.89% |\n| Model B | −1.36% |")
    [f] = flagged(run("它相对 Model B 领先 1.36%。", src), "overstatement")
    assert f.check == "sign-flipped"
    assert flagged(run("它相对 Model B 落后 1.36%。", src)) == []


def test_mean_given_for_a_median():
    src = doc("Across the 15 measured points the summed time falls 3.74%. The median improves by 6.58%.")
    [f] = flagged(run("On average, the tuned file cuts kernel time by 6.58%.", src), "metric-conflation")
    assert f.check == "statistic-swapped"
    assert flagged(run("The median point improves by 6.58%.", src)) == []


def test_figure_from_another_precisions_row():
    src = doc("| mode | speedup | LPIPS |\n|---|---|---|\n| fp8 dynamic | 1.41x | 0.058 |\n"
              "| int8 dynamic | 1.33x | 0.069 |")
    [f] = flagged(run("int8 dynamic 达到 1.33x，LPIPS 为 0.058。", src), "metric-conflation")
    assert f.check == "row-swapped" and "0.069" in f.message
    assert flagged(run("int8 dynamic 达到 1.33x，LPIPS 为 0.069。", src)) == []


def test_parallelism_the_launch_flags_do_not_use():
    src = doc("Launched with `--ulysses-degree 2 --cfg-parallel-size 2` on 4 GPUs: 12.1 s per video.")
    [f] = flagged(run("This 12.1 s figure is a TP4 number.", src), "metric-conflation")
    assert "Ulysses2" in f.message
    assert flagged(run("This 12.1 s figure uses Ulysses 2 with CFG parallel 2.", src)) == []


def test_kernel_ratio_stated_end_to_end():
    src = doc("| | decode kernels (geomean) | E2E latency |\n|---|---|---|\n| H20 | 0.212x → 0.593x | 1.562 s → 1.102 s |")
    [f] = flagged(run("Serving is now about 2.8x faster end to end.", src), "metric-conflation")
    assert f.check == "kernel-as-request"
    assert flagged(run("The decode kernels are about 2.8x faster; end to end the gain is about 1.4x.", src)) == []


def test_license_name_the_lexicon_does_not_know():
    card = SourceDocument.model_validate({"url": "https://huggingface.co/o/m", "kind": "model_card", "title": "m",
                                          "text": "Quantized weights.", "license": {"spdx": "MIT", "name": "MIT"}})
    [f] = flagged(run("这个量化版的权重沿用了 Example Model License。", card, cite="https://huggingface.co/o/m"), "license")
    assert "MIT" in f.message
    assert flagged(run("这个量化版的权重采用 MIT，而不是 Example Model License。", card,
                       cite="https://huggingface.co/o/m")) == []


def test_one_license_spelled_two_ways_is_one_license():
    card = SourceDocument.model_validate({"url": "https://huggingface.co/o/m", "kind": "model_card", "title": "m",
                                          "text": "Weights.", "license": {"name": "Tencent Hunyuan Community License",
                                                                          "applies_to": "weights"}})
    assert flagged(run("权重采用社区许可。", card, cite="https://huggingface.co/o/m")) == []


def test_license_no_cited_source_states():
    [f] = flagged(run("Both backends ship under the Apache-2.0 license.", doc("A kernel change.")), "license")
    assert f.severity == "warning" and f.check == "license-not-stated"


def test_stable_judged_by_the_document_it_is_about():
    exp = doc("DeepSeek-X-Exp is an experimental version of our model.", title="DeepSeek-X-Exp")
    other = doc("Its training process is remarkably stable.", url="https://github.com/o/other", title="Other")
    text = ("---\nwindow: 2026-09-14..2026-09-20\n---\n\n## S\n\nDeepSeek-X-Exp 已是稳定版本。\n\n"
            f"来源：[a]({PR})、[b](https://github.com/o/other)\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([exp, other]))
    assert flagged(report, "overstatement")


def test_date_checked_against_the_pr_the_sentence_names():
    rel = release_doc("2026-10-01")
    pr = doc("Adds 4-bit Foo.", url="https://github.com/example-org/engine/pull/721", title="Add 4-bit Foo",
             number=721, state="merged", dates={"merged": "2026-09-24"})
    body = "Engine 在 9 月 24 日合入 4-bit Foo（#721）。"
    text = (f"---\nwindow: 2026-09-22..2026-09-28\n---\n\n## S\n\n{body}\n\n"
            f"来源：[r]({REL})、[#721](https://github.com/example-org/engine/pull/721)\n")
    settings = Settings(use_checkpoint=False)
    assert flagged(check_text(text, "t.md", settings, ArchiveSources([rel, pr]))) == []
    wrong = text.replace("9 月 24 日", "9 月 25 日")
    [f] = flagged(check_text(wrong, "t.md", settings, ArchiveSources([rel, pr])), "release-date")
    assert "2026-09-24" in f.message


def test_merged_claim_for_a_closed_pr():
    src = doc("Adds an FP8 path.", title="Add FP8 path", number=101, state="closed")
    [f] = flagged(run("PR #101 已于本周合入主干。", src), "release-date")
    assert "closed" in f.message


def test_new_this_week_against_an_announcement_line():
    repo = SourceDocument.model_validate({
        "url": REPO, "kind": "repository", "title": "Qwen-Image",
        "text": "## News\n- 2026.09.22: We released Qwen-Image-Edit-2509.\n"
                "- 2026.08.18: We are thrilled to announce the open-sourcing of Qwen-Image-Edit."})
    [f] = flagged(run("Qwen-Image-Edit 基础版也在本周首次开源。", repo, cite=REPO, window="2026-09-22..2026-09-28"),
                  "release-date")
    assert "2026-08-18" in f.message
    assert flagged(run("Qwen-Image-Edit-2509 在本周首次发布。", repo, cite=REPO, window="2026-09-22..2026-09-28")) == []


def test_before_and_after_on_lines_of_their_own():
    src = doc("```\n# before\nAvg latency: 1.56 seconds\n# this PR\nAvg latency: 1.10 seconds\n```")
    assert flagged(run("Average latency drops from 1.56 s to 1.10 s, about 1.42x.", src)) == []


def test_measured_set_and_near_universals_are_not_widening():
    src = doc("| M | speedup |\n|---|---|\n| 16 | +0.27% |\n| 128 | +7.46% |\n| 256 | +6.58% |")
    assert flagged(run("It wins at all 3 measured batch sizes, from +0.27% at M=16 to +7.46% at M=128.", src)) == []
    assert flagged(run("收益几乎全部来自 M=128 的 +7.46%。", src)) == []


def test_hedge_anywhere_before_the_number_in_its_clause():
    src = doc("Warm runs are ~2.93x faster than a single GPU.")
    assert flagged(run("PR 称约比单卡 warm 快 2.93 倍。", src)) == []


def test_license_of_the_project_the_sentence_names():
    wan = SourceDocument.model_validate({"url": "https://github.com/o/wan", "kind": "repository", "repo": "o/wan",
                                         "title": "o/wan", "text": "The models in this repository are licensed "
                                         "under the Apache 2.0 License.",
                                         "license": {"spdx": "Apache-2.0", "applies_to": "code"}})
    flux = SourceDocument.model_validate({"url": "https://github.com/o/flux", "kind": "repository", "repo": "o/flux",
                                          "title": "o/flux", "text": "Reference inference code.",
                                          "license": [{"spdx": "Apache-2.0", "applies_to": "code"},
                                                      {"name": "FLUX.1 [dev] Non-Commercial License",
                                                       "applies_to": "weights"}]})
    text = ("---\nwindow: 2026-09-14..2026-09-20\n---\n\n## S\n\n"
            "o/flux 仓库中的参考实现与 flux 权重一样采用 Apache-2.0。\n\n"
            "来源：[wan](https://github.com/o/wan)、[flux](https://github.com/o/flux)\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([wan, flux]))
    [f] = flagged(report, "license")
    assert "Non-Commercial" in f.message
    ok = text.replace("o/flux 仓库中的参考实现与 flux 权重一样采用 Apache-2.0。", "o/wan 的权重采用 Apache-2.0。")
    assert flagged(check_text(ok, "t.md", Settings(use_checkpoint=False), ArchiveSources([wan, flux]))) == []


def test_work_in_progress_called_production_ready():
    src = doc("Adds the S2V pipeline. Test with the WIP workflow below.", title="WIP Wan S2V model")
    assert flagged(run("合入之后，S2V 支持就是稳定的正式功能，可以直接用于生产。", src), "overstatement")
    assert flagged(run("S2V 支持目前仍是 WIP，工作流还在测试。", src)) == []


def test_open_feature_request_told_as_shipped():
    src = doc("The prefetch bucket is static; please make it adaptive, scaling by 1.2x when stalls exceed 0.05.",
              url="https://github.com/example-org/engine/issues/8193", kind="issue", state="open",
              title="[REQUEST] Adaptive prefetch bucket")
    cite = "https://github.com/example-org/engine/issues/8193"
    [f] = flagged(run("The engine now sizes the prefetch bucket adaptively.", src, cite=cite), "overstatement")
    assert f.check == "proposal-called-shipped"
    assert flagged(run("An open request (#8193) asks the engine to size the prefetch bucket adaptively.", src,
                       cite=cite)) == []


def test_a_whole_step_is_not_a_collective():
    src = doc("| phase | nccl | deepep | speedup |\n|---|---|---|---|\n| expert all-to-all replay | 100.52 ms | 47.91 ms | 2.10x |")
    [f] = flagged(run("So a whole training step runs about 2.1x faster.", src), "metric-conflation")
    assert f.check == "kernel-as-request"
    assert flagged(run("The expert all-to-all replay runs about 2.1x faster.", src)) == []


def test_a_failing_rule_is_reported_and_the_others_still_run(monkeypatch):
    from factcheck import checks

    def broken(ctx):
        raise ValueError("unforeseen input")

    monkeypatch.setitem(checks.REGISTRY, "overstatement", [broken, *checks.REGISTRY["overstatement"]])
    report = run("该 PR 把输出吞吐提升了 9.3%。", doc("Output throughput improves by 4.1%~9.3%."))
    internal = [f for f in report.findings if f.check == "internal:broken"]
    assert internal and internal[0].severity == "info" and "unforeseen input" in internal[0].message
    assert any(f.check == "range-top" for f in report.findings)


def test_as_fast_as_where_the_source_says_slower():
    src = doc("With a Q8_0 KV cache, Zen4 flash attention performance is slightly lower than with the fp16 cache.")
    [f] = flagged(run("With a Q8_0 cache, Zen4 flash attention runs as fast as with the fp16 cache.", src), "overstatement")
    assert f.check == "parity-claimed"
    assert flagged(run("With a Q8_0 cache, Zen4 flash attention is slightly slower than with the fp16 cache.", src)) == []


def test_no_other_settings_where_the_source_needed_some():
    src = doc("24 GB VRAM is enough for 2048x2048, measured with model CPU offloading and FP8 quantization enabled.")
    [f] = flagged(run("24GB 显存的显卡就能直接生成 2048×2048 图像，不需要其他设置。", src), "overstatement")
    assert f.check == "conditions-dropped"
    assert flagged(run("开启 CPU offload 与 FP8 后，24GB 显存即可生成 2048×2048 图像。", src)) == []


def test_every_row_improved_where_one_did_not():
    src = doc("| latency | bf16 | nvfp4 | change |\n|---|---|---|---|\n| p50 | 3.90 s | 3.71 s | -4.9% |\n"
              "| p95 | 4.1167 s | 4.1813 s | +1.6% |\n| p99 | 5.6404 s | 5.7031 s | +1.1% |")
    [f] = flagged(run("Every latency percentile improves with nvfp4, p99 included.", src), "overstatement")
    assert "+1.6%" in " ".join(e.quote for e in f.evidence)
    assert flagged(run("The p50 latency improves with nvfp4 by 4.9%, while p95 and p99 get slightly worse.", src)) == []


def test_a_change_the_sentence_computes_from_its_own_figures():
    src = doc("| rate | before tok/s | after tok/s |\n|---|---|---|\n| 8 | 1319.32 | 1347.00 |")
    assert flagged(run("rate 为 8 时差距只有约 2%（1319.32 对 1347.00）。", src)) == []
    assert flagged(run("rate 为 8 时差距约 9%（1319.32 对 1347.00）。", src), "unsupported")


def test_a_denial_about_something_else_rules_nothing_out():
    src = doc("H100 E2E coverage shows that this is not a reliable default.")
    assert flagged(run("On H100 the new default regresses 12 of 17 presets.", src), "metric-conflation") == []
    assert flagged(run("On H100 the new default regresses 12 of 17 presets.", src), "overstatement") == []


def test_the_pr_the_section_cites_said_merged_while_closed():
    src = doc("Adds a fused INT8 path.", title="Add INT8 path", state="closed")
    [f] = flagged(run("该 PR 已于本周合入主线。", src), "release-date")
    assert "closed" in f.message


def test_more_than_where_the_figures_fall_short():
    src = doc("| model | before token/s | after token/s |\n|---|---|---|\n| 8B W8A8 | 2155.323 | 2363.601 |")
    [f] = flagged(run("输出吞吐从 2155 升到 2364 token/s，提升超过 10%。", src), "overstatement")
    assert f.check == "bound-exceeds-source" and "9.7" in f.message
    assert flagged(run("输出吞吐从 2155 升到 2364 token/s，提升约 9.7%。", src)) == []


def test_an_after_value_from_another_table():
    src = doc("| rate | before tok/s | after tok/s |\n|---|---|---|\n| 8 | 616.437 | 702.757 |\n\n"
              "| rate | tok/s |\n|---|---|\n| 32 | 2416.50 |")
    [f] = flagged(run("输出吞吐从 616.437 token/s 提升到 2416.50 token/s。", src), "metric-conflation")
    assert "702.757" in f.message
    assert flagged(run("输出吞吐从 616.437 token/s 提升到 702.757 token/s。", src)) == []


def test_figures_from_another_row_than_the_one_named():
    src = doc("| preset | before | after |\n|---|---|---|\n| ernie-image-turbo | 15.458 s | 13.665 s |\n"
              "| ideogram4-fp8 | 5.157 s | 4.097 s |")
    [f] = flagged(run("The biggest winner is ideogram4-fp8, which falls from 15.458 s to 13.665 s.", src),
                  "metric-conflation")
    assert "ernie-image-turbo" in f.message and "5.157" in f.message
    assert flagged(run("ideogram4-fp8 falls from 5.157 s to 4.097 s.", src)) == []


def test_doubling_in_words_is_a_multiplier():
    src = doc("On H100 per GEMM kernel, the INT8 path is 1x-2x faster than the Triton kernel.", title="INT8 GEMM kernel")
    assert flagged(run("INT8 模型的端到端推理速度也随之翻了一番。", src))
    assert flagged(run("INT8 GEMM 内核最多快 2 倍。", src)) == []


def test_gain_carried_to_hardware_the_source_says_gets_none():
    src = doc("On L40 the new kernel is 14% faster. On sm90-H100, both kernels exhibit similar performance.")
    [f] = flagged(run("这 14% 的提升在 H100 上同样成立。", src), "overstatement")
    assert f.check == "gain-where-none"
    assert flagged(run("这 14% 的提升只在 L40 上测得，H100 上两者性能相近。", src)) == []


# --- lists widened, figures in names, fractions in words, the writer's own voice -----

PLATFORMS = "Supported platforms: Linux (x86_64) and macOS (Apple Silicon)."


@pytest.mark.parametrize("body", ["It now runs on Linux, macOS and Windows.", "现在支持 Linux、macOS 和 Windows 三个平台。"])
def test_platform_added_to_the_sources_list_is_flagged(body):
    [f] = flagged(run(body, doc(PLATFORMS)), "overstatement")
    assert f.check == "target-list-widened" and "Windows" in f.message
    assert "Linux" in f.evidence[0].quote


@pytest.mark.parametrize("body", ["It now runs on Linux and macOS.", "目前支持 Linux 与 macOS，Windows 支持仍在计划中。",
                                  "It runs on Linux and macOS, but not on Windows."])
def test_platform_list_as_the_source_gives_it_is_not_flagged(body):
    assert flagged(run(body, doc(PLATFORMS))) == []


HOST = "The desktop Host runs on macOS (Apple Silicon) only. Windows (x64) builds are planned."


@pytest.mark.parametrize("body", ["The desktop Host runs on macOS and AMD ROCm.",
                                  "桌面 Host 只在 macOS（Apple Silicon）和昇腾 NPU 上运行。"])
def test_a_member_of_another_family_added_to_the_sources_list_is_flagged(body):
    # an operating system listed with a compute back end the source never names
    [f] = flagged(run(body, doc(HOST)), "overstatement")
    assert f.check == "target-list-widened" and ("ROCm" in f.message or "昇腾" in f.message)


@pytest.mark.parametrize("body", ["The desktop Host runs on macOS; it uses Metal through MLX.",
                                  "桌面 Host 目前只在 macOS 上运行，Windows 版本还在计划中。",
                                  "桌面 Host 只在 macOS 上运行，不支持 CUDA。"])
def test_a_back_end_not_listed_with_the_sources_platforms_is_not_a_widening(body):
    # not one list: a back end named in another clause, a planned or denied member
    assert flagged(run(body, doc(HOST)), "overstatement") == []


def test_hardware_list_widened_needs_a_member_the_source_shares():
    src = doc("The new kernel supports H100 and B200 (sm90/sm100).")
    [f] = flagged(run("The kernel runs on H100, B200 and MI300X.", src), "overstatement")
    assert "MI300X" in f.message
    # a lone GPU beside a source that names other ones is not a list the source gave
    assert flagged(run("社区用户在 MI300X 上也跑通了它。", src), "overstatement") == []


@pytest.mark.parametrize("body", ["该功能已可用于生产环境。", "The feature is now ready for production.",
                                  "It has been validated on multi-node clusters.", "它已在多机环境下跑通。"])
def test_status_raised_beyond_a_single_node_beta_is_flagged(body):
    src = doc("This feature is experimental and in beta. Validated only on a single node.")
    assert flagged(run(body, src), "overstatement")


@pytest.mark.parametrize("body", ["该功能仍是实验性的 beta 功能，只在单节点上验证过。",
                                  "It is still experimental and was validated on a single node only."])
def test_status_kept_is_not_flagged(body):
    src = doc("This feature is experimental and in beta. Validated only on a single node.")
    assert flagged(run(body, src)) == []


@pytest.mark.parametrize("body", ["该 PR 为 5B 的 Wan2.2 模型加入支持。", "The PR adds support for the 5B Wan2.2 model."])
def test_a_size_the_source_writes_inside_a_model_name_is_supported(body):
    assert flagged(run(body, doc("We add Wan2.2-TI2V-5B support."))) == []


def test_a_size_the_source_never_writes_is_not_supported():
    [f] = flagged(run("The PR adds support for the 14B Wan2.2 model.", doc("We add Wan2.2-TI2V-5B support.")),
                  "unsupported")
    assert "14B" in f.message


@pytest.mark.parametrize("body", ["峰值显存减少了一半。", "Peak memory is cut in half.", "Peak memory drops by half."])
def test_a_fraction_in_words_the_figures_do_not_give_is_flagged(body):
    [f] = flagged(run(body, doc("Peak memory drops from 40 GB to 30 GB.")), "unsupported")
    assert f.check == "number-unsupported"


@pytest.mark.parametrize("body", ["峰值显存减少了一半，从 40 GB 降到 20 GB。", "Peak memory is cut in half.",
                                  "一半的请求命中了前缀缓存。"])
def test_a_fraction_in_words_the_figures_give_is_not_flagged(body):
    src = doc("Peak memory drops from 40 GB to 20 GB. About half of the requests hit the prefix cache.")
    assert flagged(run(body, src)) == []


@pytest.mark.parametrize("body", ["In our benchmark we measured a 20% speedup on our cluster.",
                                  "我们实测在 8 卡 H100 上吞吐提升 20%。"])
def test_a_first_party_measurement_no_source_carries_is_info(body):
    report = run(body, doc("Adds the FP8 path."))
    assert flagged(report) == []
    [f] = [f for f in report.findings if f.check == "first-party-unconfirmed"]
    assert f.severity == "info"


@pytest.mark.parametrize("body", ["The PR reports a 20% speedup.", "据该 PR 称，吞吐提升 20%。",
                                  "We read the PR: according to it, throughput rises 20%."])
def test_a_figure_put_in_the_sources_mouth_stays_unsupported(body):
    [f] = flagged(run(body, doc("Adds the FP8 path.")), "unsupported")
    assert f.severity == "warning"


KERNEL = "Kernel microbenchmark: the fused MoE kernel is 1.8x faster than Triton on H100."


@pytest.mark.parametrize("body", ["融合 MoE kernel 在 H100 上比 Triton 快 1.8 倍。这是端到端请求延迟的比较。",
                                  "The fused MoE kernel is 1.8x faster than Triton on H100. These are end-to-end "
                                  "request latencies."])
def test_a_sentence_calling_the_previous_kernel_figure_end_to_end_is_flagged(body):
    [f] = flagged(run(body, doc(KERNEL)), "metric-conflation")
    assert f.check == "kernel-as-request" and f.line == 8
    assert "1.8" in f.message


@pytest.mark.parametrize("body", ["融合 MoE kernel 在 H100 上比 Triton 快 1.8 倍。这是 kernel 级别的数字，不是端到端。",
                                  "The fused MoE kernel is 1.8x faster than Triton on H100. This is a kernel-level number."])
def test_a_sentence_calling_it_what_it_is_is_not_flagged(body):
    assert flagged(run(body, doc(KERNEL))) == []


# --- a source's prose does not move what the rules pair (issue 11, defect 8) ------

SCHEDULER = "https://github.com/example-org/runtime/pull/7"
# One digit-free sentence that shares the claim's words without being about the same thing.
ASIDE = "Reviewers asked whether the paged attention kernel added on the other branch is affected; it is not."


def scheduler_pr(text: str) -> SourceDocument:
    return doc(text, url=SCHEDULER, title="Refactor the scheduler loop", state="merged",
               dates={"created": "2026-07-20", "merged": "2026-08-02"})


@pytest.mark.parametrize("claim", [
    "The paged attention kernel was first added this week.",   # new_but_earlier
    "The paged attention kernel was merged this week.",        # event_outside_window
])
def test_a_digit_free_sentence_in_a_source_does_not_pair_its_dates_with_a_claim(claim):
    """The PR's merge date dates its own subject (the scheduler refactor). Before the fix,
    one more sentence of its prose sharing the claim's words was enough to hold the claim
    to that date: a release-date error appeared that the source's figures never gave."""
    plain = scheduler_pr("Refactor the scheduler loop so that batches are formed once per step.")
    with_aside = scheduler_pr(plain.text + " " + ASIDE)

    assert flagged(run(claim, plain, cite=SCHEDULER), "release-date") == []
    assert flagged(run(claim, with_aside, cite=SCHEDULER), "release-date") == []


def test_a_document_the_claim_names_by_its_title_still_dates_it():
    """The same claim about the PR's own subject keeps its finding, with or without the aside."""
    own = doc("Add the paged attention kernel.", url=SCHEDULER, title="Add paged attention kernel",
              state="merged", dates={"merged": "2026-08-02"})
    for source in (own, own.model_copy(update={"text": own.text + " " + ASIDE})):
        [f] = flagged(run("The paged attention kernel was first added this week.", source, cite=SCHEDULER),
                      "release-date")
        assert "2026-08-02" in f.message


# --- who speaks: a project's own news against a digest ---------------------------------------

def run_undated(body: str, *docs: SourceDocument, title: str = "Engine v2.1 release notes", cite: str = PR):
    """A draft with no reporting window: a release note, a blog post, a README's news."""
    text = f"---\ntitle: {title}\n---\n\n## Section\n\n{body}\n\n来源：[source]({cite})\n"
    return check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources(list(docs)))


@pytest.mark.parametrize("title", ["Engine v2.1 release notes", "Engine 最新进展", "Introducing Engine 2"])
def test_a_projects_own_news_reports_its_unconfirmed_figures_as_info(title):
    report = run_undated("Decode throughput rises 37% with the new scheduler.", doc("Adds the scheduler."), title=title)
    assert flagged(report) == []
    assert [f.severity for f in report.findings if f.check == "first-party-unconfirmed"] == ["info"]


def test_first_person_makes_an_undated_post_first_party_and_versions_are_info_too():
    report = run_undated("We are happy to share Engine v0.4. It decodes 1.9x faster.", doc("Adds the scheduler."),
                         title="Faster scheduling")
    assert flagged(report) == []
    assert {f.check for f in report.findings} >= {"first-party-unconfirmed"}


@pytest.mark.parametrize("title", ["AI 推理周报 第 12 期", "Serving digest"])
def test_a_digest_without_a_window_still_reports_unsupported_figures(title):
    [f] = flagged(run_undated("Decode throughput rises 37% with the new scheduler.", doc("Adds the scheduler."),
                              title=title), "unsupported")
    assert f.severity == "warning"


# --- statuses: two axes, comparisons, plans, restrictive single-node ---------------------------

def test_opt_in_contradicts_on_by_default_but_not_production_ready():
    src = doc("MTP is opt-in: pass --enable-mtp to turn it on.")
    [f] = flagged(run("MTP is now enabled by default.", src), "overstatement")
    assert f.check == "status-default"
    assert flagged(run("该 PR 让 MTP 达到生产可用。", src)) == []


@pytest.mark.parametrize("body", ["新的 binding 更生产可用。", "The new binding is more production-ready than the old one."])
def test_a_comparison_is_not_a_status_claim(body):
    assert flagged(run(body, doc("The binding is experimental."))) == []


def test_experimental_called_stable_is_flagged():
    [f] = flagged(run("The binding is stable now.", doc("The binding is experimental.")), "overstatement")
    assert f.check == "status-stable"


@pytest.mark.parametrize("body", ["We are developing kernels for both multi-node and single-node settings.",
                                  "团队计划支持多机部署。"])
def test_a_planned_multi_node_use_is_not_claimed(body):
    assert flagged(run(body, doc("Validated only on a single node."))) == []


def test_multi_node_needs_a_restrictive_single_node_source():
    assert flagged(run("支持多机、多卡推理。", doc("On a single node with 8 GPUs we measured 2x."))) == []
    [f] = flagged(run("支持多机、多卡推理。", doc("This has only been tested on a single node.")), "overstatement")
    assert f.check == "status-multi-node"


@pytest.mark.parametrize("body", ["新增 MIT-Movie-Trivia、MIT-Restaurant 等评测基准。",
                                  "Adds Stable Diffusion 3.5 and beta-tester builds."])
def test_license_and_status_words_inside_names_are_not_claims(body):
    assert flagged(run(body, doc("Adds NER benchmarks and SD 3.5. The feature is experimental."))) == []


# --- platform lists: architectures are kin -----------------------------------------------------

def test_a_part_named_by_its_architecture_is_not_an_addition():
    src = doc("Fixes NVFP4 quantization on SM120 and SM121.")
    assert flagged(run("W4A4 on DGX Spark and RTX PRO 6000 (SM120/SM121) is fixed.", src)) == []


@pytest.mark.parametrize("body", ["The operator runs on A100 as well as H100.", "该算子在 A100 和 H100 上都能跑。"])
def test_a_part_of_another_architecture_widens_a_hopper_only_list(body):
    [f] = flagged(run(body, doc("Adds a Hopper-only BF16 operator.")), "overstatement")
    assert f.check == "target-list-widened" and "A100" in f.message


# --- which source a sentence speaks of ---------------------------------------------------------

OTHER = "https://github.com/example-org/engine/pull/77"


def test_a_named_pr_limits_new_but_earlier_to_that_pr():
    old = doc("Old gated-delta kernel update.", url=OTHER, number=77, dates={"created": "2026-03-12"})
    new = doc("Gated-delta kernel for long scans.", number=101, dates={"created": "2026-09-15"})
    text = "#101, opened on September 15, uses the gated-delta kernel for long scans."
    report = check_text(f"---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## S\n\n{text}\n\n"
                        f"来源：[a]({PR}) [b]({OTHER})\n", "t.md", Settings(use_checkpoint=False),
                        ArchiveSources([old, new]))
    assert flagged(report, "release-date") == []


def test_a_sentence_pointing_back_speaks_of_the_pr_named_before_it():
    src = doc("Uses the new kernel.", number=101, state="open")
    [f] = flagged(run("#101 uses the new kernel for long scans.\n\nThe change has already been merged.", src))
    assert f.check == "merged-but-open" and f.category == "overstatement"


@pytest.mark.parametrize("body", ["FA 内核已合入，GEMM 仍在评审。", "评审与合入拆分到 #24404、#24406 两个 PR。"])
def test_merged_parts_told_from_pending_ones_draw_no_merged_but_open(body):
    assert flagged(run(body, doc("MEGA PR, for evaluation only.", number=101, state="open"))) == []


def test_merged_on_a_date_when_open_is_a_release_date_error():
    found = flagged(run("#101 was merged on September 16.", doc("Kernel.", number=101, state="open")))
    # the date is of an event the source does not have, and the status is raised: both
    assert {(f.category, f.severity) for f in found} == {("release-date", "error"), ("overstatement", "error")}


# --- widening: advice, distribution, figure-free claims ----------------------------------------

@pytest.mark.parametrize("body", ["无论哪个平台，都建议把层内耗时与完整请求的 TPOT 分开记录。",
                                  "On all platforms we recommend recording kernel time apart from TPOT."])
def test_advice_widens_nothing(body):
    assert flagged(run(body, doc("On H100 with TP4, the layer takes 1.2 ms and TPOT is 30 ms."))) == []


def test_each_distributes_a_figure_rather_than_widening_it():
    src = doc("| TP | efficiency |\n|---|---|\n| TP2 | 98.1% |\n| TP16 | 50.1% |")
    assert flagged(run("Efficiency falls from 98.1% at TP2 to 50.1% at TP16, so each GPU delivers about half.",
                       src), "overstatement") == []


# --- tops of tables and lists ------------------------------------------------------------------

PHASES = ("| dtype | phase | before | after | speedup |\n|---|---|---|---|---|\n"
         "| bf16 | prefill | 605 tok/s | 24,018 tok/s | 39.7x |\n| bf16 | decode | 170 tok/s | 177 tok/s | 1.04x |\n"
         "| q4 | prefill | 900 tok/s | 5,580 tok/s | 6.2x |")


def test_a_row_identified_by_its_other_cells_is_not_the_columns_top():
    assert flagged(run("bf16 prefill went from 605 to 24,018 tok/s (39.7x).", doc(PHASES))) == []


RATIOS = "Paired ratios were 1.253x, 1.306x, 1.188x, 1.297x and 1.082x; the median is 1.221x."


@pytest.mark.parametrize("body", ["MTP makes it about 1.3x faster.", "开启 MTP 后速度提升约 1.3 倍。"])
def test_the_top_of_a_listed_series_stated_as_the_result_is_flagged(body):
    [f] = flagged(run(body, doc(RATIOS)), "overstatement")
    assert f.check == "list-top"


@pytest.mark.parametrize("body", ["Paired ratios ran from 1.082x to 1.306x.", "At batch 64 it is 1.9x faster."])
def test_a_listed_series_given_with_its_spread_or_its_case_is_not_flagged(body):
    src = doc(RATIOS + " It is 1.2x faster at batch 1, 1.5x at batch 8 and 1.9x at batch 64.")
    assert flagged(run(body, src)) == []


# --- metric words: prefill and decode, and what a word can measure -----------------------------

@pytest.mark.parametrize("body", ["bf16 decode throughput became 22x faster.", "bf16 的 decode 速度提升了 22 倍。"])
def test_a_ttft_speedup_stated_as_decode_is_flagged(body):
    src = doc("| dtype | metric | before | after | speedup |\n|---|---|---|---|---|\n"
              "| bf16 | TTFT | 2,741ms | 125ms | 22x |\n| bf16 | decode throughput | 170 tok/s | 177 tok/s | 1.04x |")
    [f] = flagged(run(body, src), "metric-conflation")
    assert f.check in ("metric-renamed", "ratio-of-other-metric")
    # without a decode figure of its own the source does not speak to decode: 22x may recur by chance
    assert flagged(run(body, doc(src.text.splitlines()[0] + "\n|---|---|---|---|---|\n"
                                 "| bf16 | TTFT | 2,741ms | 125ms | 22x |")), "metric-conflation") == []


def test_a_time_beside_a_decode_word_is_not_a_throughput():
    src = doc("| stage | single GPU | 4 GPUs |\n|---|---|---|\n| VAE decode (ms) | 6,134 | 3,948 |")
    assert flagged(run("VAE 解码从 6,134 ms 降到 3,948 ms。", src)) == []


@pytest.mark.parametrize("body", ["总参数约 428B、激活参数约 23B。", "It has 428B parameters, 23B of them active."])
def test_parameter_counts_after_their_noun_match_the_model_card(body):
    assert flagged(run(body, doc("It has ~428B parameters and ~23B activated parameters."))) == []


# --- a condition or a name the sources never mention, beside what they do carry ---------------

SUPER = doc("SuperOffload can deliver up to ~500 TFLOPS on GH200. It fine-tunes GPT-OSS-20B, Qwen3-14B and Phi-4.")


@pytest.mark.parametrize("body", ["SuperOffload delivers up to ~500 TFLOPS on H100.", "它在 RTX 5090 上可达约 500 TFLOPS。",
                                  "It fine-tunes GPT-OSS-20B, Qwen2.5-7B and Phi-4.",
                                  "它可以微调 GPT-OSS-20B、Qwen2.5-7B 和 Phi-4。"])
def test_a_condition_or_name_swapped_for_one_no_source_mentions_is_flagged(body):
    [f] = flagged(run(body, SUPER), "unsupported")
    assert f.check == "condition-unseen"


@pytest.mark.parametrize("body", ["SuperOffload delivers up to ~500 TFLOPS on GH200.",
                                  "It fine-tunes GPT-OSS-20B, Qwen3-14B and Phi-4.",
                                  "H100 users can try it too.", "Qwen3-14B works; Llama-4-Scout support is planned."])
def test_a_condition_the_source_carries_or_one_not_anchored_in_it_is_not_flagged(body):
    assert flagged(run(body, SUPER), "unsupported") == []


def test_a_coordinated_list_in_the_source_names_each_member():
    src = doc("Supports NVIDIA GPUs, AMD CPUs and GPUs, Intel CPUs and GPUs, and TPU.")
    assert flagged(run("It runs on NVIDIA GPUs, Intel GPUs and TPU.", src), "overstatement") == []
    [f] = flagged(run("It runs on NVIDIA GPUs, Intel Gaudi and TPU.", src), "overstatement")
    assert "Gaudi" in f.message


def test_a_claim_that_dates_the_earlier_release_itself_is_not_called_new():
    src = doc("2025.08.18: open-sourcing of Foo-Edit. 2025.09.22: Foo-Edit-2509 is released.")
    body = "Foo-Edit 于 2025 年 8 月 18 日开源，本周发布的 Foo-Edit-2509 是它的月度迭代。"
    assert flagged(run(body, src, window="2025-09-22..2025-09-28"), "release-date") == []
    [f] = flagged(run("Foo-Edit 本周首次开源。", src, window="2025-09-22..2025-09-28"), "release-date")
    assert f.check == "new-but-earlier"


def test_another_prs_parallelism_does_not_contradict_a_sentence_about_a_different_one():
    one = doc("We hit this with TP=4 on MI350X.", url=OTHER, number=77)
    two = doc("Reported on two GPUs.", number=101)
    text = "报告的环境为 FP8 模型、两卡、TP 2。"
    report = check_text(f"---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## S\n\n{text}\n\n"
                        f"来源：[a]({PR}) [b]({OTHER})\n", "t.md", Settings(use_checkpoint=False),
                        ArchiveSources([one, two]))
    assert flagged(report) == []
    [f] = flagged(run("#77 runs it with TP 2.", one, cite=OTHER), "metric-conflation")
    assert f.check == "condition-contradicted"


# --- a denial dropped: the claim asserts what its source denies in the same words -----

PD_NOTES = ("Responses persistence is now opt-in: `--enable-response-store`, default off. "
            "PD deployments cannot enable it. Host 不需要 qwen-code 源码或 qwen serve。")


@pytest.mark.parametrize("body", ["Responses persistence is opt-in, and PD deployments can enable it.",
                                  "新版本里 Host 需要 qwen-code 源码或 qwen serve。"])
def test_a_denial_dropped_from_the_sources_words_is_flagged(body):
    [f] = flagged(run(body, doc(PD_NOTES)), "overstatement")
    assert f.check == "polarity-flipped"
    assert f.evidence[0].quote in ("PD deployments cannot enable it.", "Host 不需要 qwen-code 源码或 qwen serve。")


@pytest.mark.parametrize("body", ["Responses persistence is opt-in, and PD deployments cannot enable it.",
                                  "Host 无需 qwen-code 源码或 qwen serve。",
                                  # a different predicate about the same things
                                  "PD deployments can enable prefix caching as before."])
def test_a_denial_kept_or_another_predicate_is_not_flagged(body):
    assert flagged(run(body, doc(PD_NOTES))) == []


def test_a_source_that_also_asserts_the_claims_side_leaves_it_alone():
    # an early comment denies, a later one says it is now supported
    src = doc("Windows is not supported yet. Update: Windows is now supported in the nightly build.")
    assert flagged(run("Windows is supported in the nightly build.", src)) == []


def test_a_contrast_denies_only_what_follows_it():
    src = doc("`bf16_master_weights_and_grads`: Keep master parameters and gradients in BF16 instead of FP32.")
    assert flagged(run("`bf16_master_weights_and_grads` keeps master parameters and gradients in bf16.", src)) == []
    # what stands before the contrast is asserted, and can contradict a denial
    [f] = flagged(run("The flag keeps master parameters and gradients in BF16 instead of FP32.",
                      doc("The flag does not keep master parameters and gradients in BF16.")), "overstatement")
    assert f.check == "polarity-flipped"


# --- round 8 mechanisms: device counts, a dated subject, versions more precise than the source ---

GPU_TABLE = ("Prefill throughput (tokens/s), single concurrency:\n\n| GPUs | 2048 | 8192 | 32768 |\n|---|---|---|---|\n"
             "| 4x RTX 4090 (48GB) | 118 | 415 | 818 |\n| 8x RTX 4090 (48GB) | 130 | 435 | 1055 |\n")


@pytest.mark.parametrize("body", ["四卡在 8192 tokens 时为 435 tokens/s。", "On 4 GPUs it reaches 435 tokens/s at 8192 tokens."])
def test_a_figure_told_for_another_device_count_is_flagged(body):
    [f] = flagged(run(body, doc(GPU_TABLE)), "metric-conflation")
    assert f.check == "device-count-swapped" and "8x RTX 4090" in f.evidence[0].quote


@pytest.mark.parametrize("body", ["四卡在 8192 tokens 时为 415 tokens/s，八卡为 435 tokens/s。",
                                  "On 8 GPUs it reaches 435 tokens/s at 8192 tokens.",
                                  "新表里 4、8 张 RTX 4090 在 8192 tokens 时分别为 415、435 tokens/s。"])
def test_a_figure_told_for_its_own_device_count_is_not_flagged(body):
    assert flagged(run(body, doc(GPU_TABLE))) == []


def test_the_dated_document_is_what_a_sentence_naming_two_calls_new():
    new = doc("Support native Kimi K2 thinking. See #1598.", url="https://github.com/o/r/pull/1663",
              dates={"created": "2026-09-16"}, state="merged")
    old = doc("Native INT4 support request", url="https://github.com/o/r/issues/1598", kind="issue",
              dates={"created": "2026-08-12"})
    cite = "https://github.com/o/r/pull/1663), [s](https://github.com/o/r/issues/1598"
    body = "9 月 16 日，作者提交了 #1663，指向 #1598。"
    assert flagged(run(body, new, old, cite=cite), "release-date") == []
    [f] = flagged(run("本周新开的 #1598 提出了原生 INT4 支持。", new, old, cite=cite), "release-date")
    assert f.check == "new-but-earlier"


def test_a_version_more_precise_than_the_sources_is_unsupported():
    src = doc("Reproduced on mistral.rs v0.9.0 with PagedAttention on.")
    [f] = flagged(run("A maintainer replied that the fix shipped in v0.9.3.", src), "unsupported")
    assert f.check == "version-unsupported"
    assert flagged(run("The report was made on mistral.rs v0.9.0.", src)) == []
    assert flagged(run("The report was made on the v0.9 series.", src)) == []


def test_the_second_half_of_a_pr_is_no_figure():
    src = doc("feat(cutile): add fp8 fused moe and a load-time kernel autotuner")
    assert flagged(run("The second half of #101 tunes cuTile kernels where they run.", src)) == []


def test_a_roadmap_reported_as_a_roadmap_is_no_proposal_called_shipped():
    src = doc("- [x] Native INT4 for K2 Thinking\n- [ ] EPLB for inference", kind="issue", state="open",
              title="Development Roadmap (2025 Q4)")
    assert flagged(run("路线图 #101 把原生 INT4 支持列为重点，这一项已经打勾。", src), "overstatement") == []


@pytest.mark.parametrize("body", ["八卡在 32768 tokens 时的 1055 tokens/s 是每张卡各自的 prefill 吞吐。",
                                  "At 32768 tokens, 1055 tokens/s is what each GPU delivers."])
def test_a_several_device_figure_told_per_device_is_flagged(body):
    [f] = flagged(run(body, doc(GPU_TABLE)), "metric-conflation")
    assert f.check == "per-device-of-total"


@pytest.mark.parametrize("body", ["八卡合计在 32768 tokens 时为 1055 tokens/s。",
                                  "At 32768 tokens, eight GPUs together deliver 1055 tokens/s, about 132 per GPU."])
def test_a_several_device_figure_told_as_their_total_is_not_flagged(body):
    assert flagged(run(body, doc(GPU_TABLE))) == []


@pytest.mark.parametrize("body", ["decode 从 34 tokens/s 降到约 17 tokens/s，只剩原来的三分之一。",
                                  "Decode fell from 34 tokens/s to about 17 tokens/s, down to a third of what it was."])
def test_a_fraction_in_words_that_its_own_figures_contradict_is_flagged(body):
    src = doc("Without this PR: decoding speed of 34 tokens/s. With this PR: the decoding speed fell to about 17 tokens/s.")
    [f] = flagged(run(body, src), "unsupported")
    assert f.check == "fraction-disagrees" and "50%" in f.message


@pytest.mark.parametrize("body", ["decode 从 34 tokens/s 降到约 17 tokens/s，只剩原来的一半。",
                                  "Decode fell from 34 tokens/s to about 17 tokens/s, cut in half."])
def test_a_fraction_in_words_that_fits_its_figures_is_not_flagged(body):
    src = doc("Without this PR: decoding speed of 34 tokens/s. With this PR: the decoding speed fell to about 17 tokens/s.")
    assert flagged(run(body, src)) == []


def test_a_denial_in_brackets_denies_only_inside_them():
    src = doc("`install.sh` download a matching prebuilt (no toolchain) and fall back to a source build.")
    assert flagged(run("The install scripts download a matching prebuilt and fall back to a source build.", src)) == []


@pytest.mark.parametrize("body", ["All three columns were measured on the same H100.", "三列数字都是在同一张 H100 上测得的。"])
def test_hardware_the_sentence_says_was_measured_on_and_no_source_names_is_flagged(body):
    src = doc("The benchmark uses Qwen3-30B-A3B on a GB10, same harness as vLLM.\n\n| TTFT | 2527 ms | 145 ms |")
    [f] = flagged(run(body, src), "unsupported")
    assert f.check == "condition-unseen" and "H100" in f.message
    assert flagged(run(body.replace("H100", "GB10"), src)) == []


def test_a_ratio_at_a_stated_workload_is_read_from_that_workloads_row():
    src = doc("| | master | branch |\n|---|---|---|\n| TTFT 512 tokens | 2527 ms | 145 ms |\n"
              "| TTFT 4096 tokens | 18477 ms | 581 ms |\n| decode 8 users | 166 ms | 7.9 ms |")
    # 2527/145 is 17.4x; 166/7.9 (another row) is 21x and must not back "more than 20x at 512 tokens"
    [f] = flagged(run("TTFT drops by more than 20x at 512 tokens.", src), "unsupported")
    assert f.check == "number-unsupported"
    assert flagged(run("TTFT drops by about 17x at 512 tokens.", src)) == []


# --- counts and scores that no source writes, in a sentence the source otherwise carries -----

CARD = "gpt-oss-120b fits into a single 80GB GPU (such as NVIDIA H100 or AMD MI300X). 117B total parameters, 5.1B active."


@pytest.mark.parametrize("body", ["gpt-oss-120b 可放入单张 80GB GPU，总参数 158B，激活参数 5.1B。",
                                  "gpt-oss-120b fits on one 80GB GPU with 117B parameters, 3.1B of them active."])
def test_a_count_no_source_writes_beside_figures_it_does_is_flagged(body):
    [f] = flagged(run(body, doc(CARD)))
    # the card numbers the same thing otherwise ("117B … 5.1B active"): figure-differs names its figure
    assert f.check in ("number-unsupported", "figure-differs") and ("158B" in f.message or "3.1B" in f.message)


@pytest.mark.parametrize("body", ["gpt-oss-120b 可放入单张 80GB GPU，总参数 117B，激活参数 5.1B。",
                                  "It has 436 contributors, says the project's site.",  # nothing anchors it in the source
                                  "gpt-oss-120b 于 2025 年发布，总参数 117B。"])
def test_a_count_the_source_writes_or_an_unanchored_one_is_not_flagged(body):
    assert flagged(run(body, doc(CARD))) == []


@pytest.mark.parametrize("body", ["旧表每种配置只有一个数字：1、2、4、8 张 RTX 4090 分别为 290、529、775、1060 tokens/s。"])
def test_every_setup_the_claim_names_itself_is_no_widening(body):
    src = doc("| 1x RTX 4090 | 290 tokens/s |\n| 2x RTX 4090 | 529 tokens/s |\n| 4x RTX 4090 | 775 tokens/s |\n"
              "| 8x RTX 4090 | 1060 tokens/s |")
    assert flagged(run(body, src)) == []
    # the same figures carried to every model is a widening: the source measured one
    src = doc("On one RTX PRO 6000 with Qwen3.8-27B, peak-batch decode throughput rises 26%-30%.")
    [f] = flagged(run("在单张 RTX PRO 6000 上运行全部模型，decode 吞吐提升约 26%—30%。", src), "overstatement")
    assert f.check == "scope-widened"


# --- round 9 false alarms, as mechanisms ----------------------------------------------

def test_a_sentence_that_gives_the_old_opening_date_itself_calls_nothing_new():
    src = doc("Adds two optimizer axes.", dates={"created": "2026-09-02", "merged": "2026-09-16"}, state="merged")
    assert flagged(run("This week's follow-up, #101 (opened September 2, merged September 16), adds two axes.", src)) == []
    assert flagged(run("#101 于 9 月 2 日开出、9 月 16 日合入，加入两个优化轴。", src)) == []
    # a wrong date in the same shape is still caught
    [f] = flagged(run("#101 于 9 月 2 日开出、9 月 15 日合入。", src), "release-date")
    assert f.check == "date-contradicted" and "2026-09-16" in f.message


def test_the_sources_own_lower_bound_is_no_bound_exceeded():
    src = doc("Results: FP8 rollout: over 35% rollout speedup. | BF16 | 120 s |\n| FP8 | 80 s |")
    assert flagged(run("FP8 rollout 的 rollout 加速超过 35%。", src), "overstatement") == []


def test_a_row_named_by_a_word_only_its_label_has_is_not_the_columns_top():
    src = doc("| arm | delta |\n|---|---|\n| `ref` per token (bf16 control) | +1% |\n| quantized fwd+bwd | -12% |\n"
              "| quantized fwd-only | -8% |\n| rollout | -3% |")
    assert flagged(run("作为对照，ref 的每 token 成本基本不变（+1%）。", src), "overstatement") == []
    [f] = flagged(run("The change moves per-token cost by +1%.", src), "overstatement")
    assert f.check == "column-top"


def test_a_denial_in_a_later_predicate_leaves_the_first_alone():
    src = doc("Weight-sphere variant (`sinkgd_md_sphere`, experimental): it needs per-scale LR tuning.")
    [f] = flagged(run("It adds `sinkgd_md_sphere`, which is ready for production use and needs no per-scale tuning.", src),
                  "overstatement")
    assert f.check == "status-stable"
    assert flagged(run("`sinkgd_md_sphere` is not ready for production use.", src), "overstatement") == []


def test_a_denial_dropped_is_seen_across_spellings_of_one_word():
    src = doc("Drawback: An adapter trained this way can NOT be used loaded ontop in realtime for inference.")
    [f] = flagged(run("An adapter trained this way can still be loaded on top of the base for real-time inference.", src),
                  "overstatement")
    assert f.check == "polarity-flipped"


@pytest.mark.parametrize("body", ["SinkGD nearly halves peak memory compared with 8-bit AdamW.", "SinkGD 让峰值显存减半。"])
def test_halving_against_a_quarter_is_unsupported(body):
    src = doc("On an 8B full finetune this cuts optimizer-state memory ~87%, for ~24% lower peak vs 8-bit AdamW.")
    [f] = flagged(run(body, src), "unsupported")
    assert f.check in ("number-unsupported", "figure-differs")  # the latter names the source's ~24%
    assert flagged(run("SinkGD lowers peak memory by about 24% compared with 8-bit AdamW.", src)) == []


def test_an_optimizer_step_speedup_told_for_training_steps_is_flagged():
    src = doc("Measured on B200: 1.4–1.75x on the optimizer step single-GPU, 1.0–1.8x on 2-rank FSDP2.")
    [f] = flagged(run("SinkGD training steps now run 1.4-1.75x faster on a single B200.", src), "metric-conflation")
    assert f.check == "kernel-as-request"
    assert flagged(run("The SinkGD optimizer step runs 1.4-1.75x faster on a single B200.", src)) == []


@pytest.mark.parametrize("body", ["60 步平均下来 step 也快了约 5%。", "Averaged over 60 steps, the step is about 5% faster."])
def test_a_slowdown_told_as_a_speedup_is_flagged(body):
    src = doc("The marginal per-token cost is 42.5% lower, and the step is 5% slower end to end.")
    [f] = flagged(run(body, src), "overstatement")
    assert f.check == "speed-flipped"
    assert flagged(run("Averaged over 60 steps, the step is about 5% slower end to end.", src)) == []


def test_on_by_default_in_chinese_against_off_by_default():
    src = doc("Gated behind `trainer.separate_async.enable_switch`, **off by default**.")
    [f] = flagged(run("合入之后，训练器默认就会在空闲时切换到 rollout 模式。", src), "overstatement")
    assert f.check == "status-default"
    assert flagged(run("合入之后，可以显式开启 enable_switch，让训练器在空闲时切换到 rollout 模式。", src), "overstatement") == []


def test_up_to_before_an_emphasised_figure_is_a_bound():
    src = doc("- 2025.04.18: DeepGEMM now achieves up to **1550 TFLOPS** on H800!")
    [f] = flagged(run("Its README news says it delivers 1550 TFLOPS on H800.", src), "overstatement")
    assert f.check == "hedge-dropped"
    assert flagged(run("Its README news says it delivers up to **1550 TFLOPS** on H800.", src)) == []


# --- a figure told on the other side of a measurement axis ------------------------------

AMX = "Thanks to AMX optimizations, KTransformers achieves up to 347 tokens/s prefill performance on a Xeon 4 with an RTX 4090."


@pytest.mark.parametrize("body", ["KTransformers 在工作站上的 decode 性能最高达到 347 tokens/s。",
                                  "KTransformers reaches up to 347 tokens/s decode performance on a Xeon 4 with an RTX 4090."])
def test_a_prefill_figure_told_as_decode_is_flagged(body):
    [f] = flagged(run(body, doc(AMX)), "metric-conflation")
    assert f.check == "axis-swapped" and "prefill" in f.message


@pytest.mark.parametrize("body", ["KTransformers 的 prefill 性能最高达到 347 tokens/s。",
                                  "GPU video decoding on the RTX 4090 reaches up to 347 tokens/s."])
def test_a_figure_on_its_own_side_or_a_lookalike_word_is_not_flagged(body):
    assert flagged(run(body, doc(AMX)), "metric-conflation") == []


def test_a_throughput_ratio_told_as_latency_is_flagged():
    src = doc("DeepSpeed-MII delivers up to 2.3 times higher effective throughput than leading systems such as vLLM.")
    [f] = flagged(run("DeepSpeed-MII 的延迟最高可达 vLLM 的 2.3 倍。", src), "metric-conflation")
    assert f.check == "axis-swapped"
    assert flagged(run("DeepSpeed-MII 的有效吞吐最高可达 vLLM 的 2.3 倍。", src)) == []


PAIRED = ("The three-run mean improves sequential average latency from `0.3572s` to `0.2707s`, which is a `24.21%` "
          "latency improvement and a `31.92%` throughput improvement.")


@pytest.mark.parametrize("body", ["顺序请求的平均延迟从 0.3572s 降到 0.2707s，降幅为 31.92%。",
                                  "Sequential latency improved by 31.92%."])
def test_a_figure_paired_with_its_own_side_in_a_shared_clause_is_read_on_that_side(body):
    [f] = flagged(run(body, doc(PAIRED)), "metric-conflation")
    assert f.check == "axis-swapped" and "throughput" in f.message


@pytest.mark.parametrize("body", ["顺序请求的平均延迟从 0.3572s 降到 0.2707s，降幅为 24.21%。",
                                  "Sequential throughput improved by 31.92%, and latency by 24.21%."])
def test_a_figure_told_on_its_own_paired_side_is_not_flagged(body):
    assert flagged(run(body, doc(PAIRED))) == []


def test_figures_given_respectively_pair_no_side():
    src = doc("Latency and throughput improved by 20.5% and 30.5% respectively on the sequential benchmark.")
    assert flagged(run("Latency improved by 30.5% on the sequential benchmark.", src), "metric-conflation") == []


def test_a_clause_without_a_side_takes_none_from_a_later_clause():
    src = doc("whisper_print_timings: total time = 37951.10 ms; llama eval: 21.16 tokens per second")
    assert flagged(run("The whisper side took 37951.10 ms, while the llama side generated 21.16 tokens per second.", src),
                   "metric-conflation") == []


AGGREGATE = doc("| 8.3 Concurrent batching | KEEP (async client pool) | ~10 → ~88 tok/s aggregate (+780%) |")


@pytest.mark.parametrize("body", ["单个请求的解码速度从约 10 tok/s 提高到约 88 tok/s。",
                                  "The decode speed of a single request rose from about 10 to about 88 tok/s."])
def test_an_aggregate_change_told_as_one_requests_is_flagged(body):
    [f] = flagged(run(body, AGGREGATE), "metric-conflation")
    assert f.check == "axis-swapped" and "aggregate" in f.message


@pytest.mark.parametrize("body", ["并发批处理让聚合吞吐从约 10 tok/s 提高到约 88 tok/s。",
                                  "Concurrent batching raised aggregate throughput from about 10 to about 88 tok/s.",
                                  "单个请求的解码速度约为 88 tok/s。"])
def test_an_aggregate_change_told_as_aggregate_or_a_lone_round_figure_is_not_flagged(body):
    assert flagged(run(body, AGGREGATE), "metric-conflation") == []


# --- hardware the lexicon does not list, by the shape of its name -------------------------

M5 = doc("Four CVEs were patched, enable_thinking=false is now honoured across every text backend, "
         "and Apple M5 no longer SIGSEGVs at startup.")


def test_a_chip_added_to_a_denying_list_the_source_retells_is_flagged():
    [f] = flagged(run("Apple M4 and M5 Macs no longer SIGSEGV at startup.", M5), "unsupported")
    assert f.check == "condition-unseen" and "M4" in f.message
    assert flagged(run("Apple M5 Macs no longer SIGSEGV at startup.", M5)) == []


ARC = doc("On an Arc A770 the 7B model decodes at 14.5 tokens/s with the Vulkan backend.")


@pytest.mark.parametrize("body", ["在 Arc A770 和 B580 上，7B 模型的解码速度为 14.5 tokens/s。",
                                  "On the A770 and the RTX 4060 the 7B model decodes at 14.5 tokens/s."])
def test_a_card_outside_the_lexicon_added_to_a_measured_one_is_flagged(body):
    [f] = flagged(run(body, ARC), "unsupported")
    assert f.check == "condition-unseen"


@pytest.mark.parametrize("body", ["在 A770 上，7B 模型的解码速度为 14.5 tokens/s。",
                                  "On an Intel Arc A770 the 7B model decodes at 14.5 tokens/s with Vulkan."])
def test_a_card_outside_the_lexicon_spelled_otherwise_is_not_flagged(body):
    assert flagged(run(body, ARC)) == []


# --- round 19's misses, as mechanisms ------------------------------------------------------

EFFICIENCY = doc("在 Jetson AGX Orin 和 RTX 4090 两款典型端侧芯片上，MiniCPM4 在长文本处理任务中有更高处理速度。"
                 "在 Jetson AGX Orin 平台上，相较于 Qwen3-8B，MiniCPM4 实现了约 7 倍的生成速度提升。")


@pytest.mark.parametrize("body", ["MiniCPM4 在 RTX 4090 上相较 Qwen3-8B 实现了约 7 倍的生成速度提升。",
                                  "在 RTX 4090 平台上，MiniCPM4 相较于 Qwen3-8B 实现了约 7 倍的生成速度提升。"])
def test_a_figure_retold_on_hardware_the_source_names_only_without_figures_is_a_swap(body):
    assert [f.check for f in flagged(run(body, EFFICIENCY))] == ["condition-swapped"]


def test_a_figure_retold_on_its_own_hardware_is_not_a_swap():
    assert flagged(run("MiniCPM4 在 Jetson AGX Orin 上相较 Qwen3-8B 实现了约 7 倍的生成速度提升。", EFFICIENCY)) == []
    assert flagged(run("在 RTX 4090 上，MiniCPM4 的长文本处理速度也更高。", EFFICIENCY)) == []


NEWS_LINES = doc("- [2026.09.07] **MiniCPM5-2B** 发布：同系列第二个模型。\n- [2026.05.19] **MiniCPM5-1B** 发布：面向端侧的 1B 稠密模型。")


@pytest.mark.parametrize("body", ["MiniCPM5-1B 是同系列首个模型，于 2026 年 6 月 19 日发布。",
                                  "MiniCPM5-1B, the first of the series, was released on June 19, 2026."])
def test_a_release_day_a_dotted_news_line_gives_otherwise_is_flagged(body):
    [f] = flagged(run(body, NEWS_LINES), "release-date")
    assert f.check == "date-contradicted" and "2026-05-19" in f.message


def test_a_release_day_the_news_line_gives_is_not_flagged():
    assert flagged(run("MiniCPM5-1B 是同系列首个模型，于 2026 年 5 月 19 日发布。", NEWS_LINES)) == []


REQUEST_URL = "https://github.com/example-org/engine/issues/715"
REQUEST = doc("[Feature]: Support MiniCPM5-2B. Please add support for this model.", url=REQUEST_URL, kind="issue", state="open",
              dates={"created": "2026-09-08"})


@pytest.mark.parametrize("body", ["FastFlowLM 已在同日合入对 MiniCPM5-2B 的支持。",
                                  "Support for MiniCPM5-2B was merged the same day."])
def test_a_merge_told_where_the_section_cites_only_an_open_request_is_flagged(body):
    [f] = flagged(run(body, REQUEST, cite=REQUEST_URL), "overstatement")
    assert f.check == "merged-but-open"


@pytest.mark.parametrize("body", ["维护者希望下周合入对 MiniCPM5-2B 的支持。", "该请求尚未合入。",
                                  "The maintainers hope the support is merged next week."])
def test_a_hoped_or_denied_merge_on_an_open_request_is_not_flagged(body):
    assert flagged(run(body, REQUEST, cite=REQUEST_URL)) == []


SPEEDUP = doc("Our results show a 13x speedup over vLLM with prefix caching, and up to 30x speedup without prefix caching.")


@pytest.mark.parametrize("body", ["The page states a 13x speedup with prefix caching and 30x without it.",
                                  "The page states a 30x speedup over vLLM without prefix caching."])
def test_without_after_a_figure_names_a_condition_and_the_bound_it_drops_is_flagged(body):
    assert [f.check for f in flagged(run(body, SPEEDUP), "overstatement")] == ["hedge-dropped"]


def test_a_figure_denied_before_without_stays_denied():
    assert flagged(run("The page does not claim 30x without prefix caching.", SPEEDUP)) == []
    assert flagged(run("The page states up to 30x without prefix caching.", SPEEDUP)) == []


OLD_REQUEST_URL = doc("PREFIX_CACHING=0 does not disable prefix caching in v2.3.1", url=REQUEST_URL, kind="issue", state="open",
                dates={"created": "2024-10-21"})


def test_a_thread_told_as_a_new_issue_this_week_is_dated():
    [f] = flagged(run("A new issue this week, #715, reports that PREFIX_CACHING=0 does not disable prefix caching.",
                      OLD_REQUEST_URL, window="2024-12-09..2024-12-15", cite=REQUEST_URL), "release-date")
    assert f.check == "new-but-earlier"
    assert flagged(run("An older issue, #715, reports that PREFIX_CACHING=0 does not disable prefix caching.",
                       OLD_REQUEST_URL, window="2024-12-09..2024-12-15", cite=REQUEST_URL)) == []


REQUIREMENTS = doc("**从零开始**\n\n- 依赖Python3.12, GLIBC_2.39, GLIBCXX_3.4.33 环境")


@pytest.mark.parametrize("body", ["环境要求为 Python 3.10、GLIBC_2.39。", "It needs Python 3.10 and GLIBC 2.39."])
def test_a_named_version_the_source_gives_otherwise_is_flagged(body):
    [f] = flagged(run(body, REQUIREMENTS), "unsupported")
    assert f.check == "named-version-differs" and "Python3.12" in f.message


@pytest.mark.parametrize("body", ["环境要求为 Python 3.12、GLIBC_2.39。", "It needs Python 3.10 or later."])
def test_a_named_version_given_alike_or_as_an_open_range_is_not_flagged(body):
    assert flagged(run(body, REQUIREMENTS)) == []


def test_a_model_familys_version_is_no_named_version():
    src = doc(REQUIREMENTS.text + "\n\nModels: Qwen3.5, InternVL2.5.")
    assert "named-version-differs" not in [f.check for f in run("It supports Qwen 1.5 and InternVL v1.1.", src).findings]


# --- round 20's misses, as mechanisms ------------------------------------------------------

PACKING = doc("speedup packing stage for autogptq and autoawq format\n\n70B  gptq 25m->5m awq 40m->17m")


def test_logged_minutes_support_a_change_told_in_minutes():
    assert flagged(run("On a 70B model, GPTQ packing went from 25 minutes to 5 minutes.", PACKING)) == []
    assert flagged(run("70B 模型上，AWQ 打包从 40 分钟降到 17 分钟。", PACKING)) == []


def test_a_change_to_another_end_names_the_sources_own_partner():
    [f] = flagged(run("AWQ packing on the same model went from 40 minutes to 7 minutes.", PACKING))
    assert f.check == "change-mismatch" and "17m" in f.message


def test_a_glued_m_alone_is_no_minutes():
    from factcheck.extract.quantities import extract_quantities
    assert [q.unit for q in extract_quantities("a 7m model and a 25m run")] == []


LOONGSON = doc("nihui 2026-05-05: 3a4000 loongnix-20.rc2, single thread\n\n|1t|baseline|pr6662|\n|vgg16_int8|1079.66 | 507.15|")


@pytest.mark.parametrize("body", ["nihui 贴出的测试环境是龙芯 3A5000，系统为 loongnix-20.rc2。",
                                  "The numbers were measured on a Loongson 3A5000 running loongnix-20.rc2."])
def test_a_cpu_outside_the_lexicon_told_for_a_measured_figure_is_flagged(body):
    assert "condition-unseen" in [f.check for f in flagged(run(body, LOONGSON))]


def test_the_same_cpu_in_another_case_is_not_flagged():
    assert flagged(run("nihui 贴出的测试环境是龙芯 3A4000，系统为 loongnix-20.rc2。", LOONGSON)) == []


@pytest.mark.parametrize("body, category", [("vgg16_int8 从 1079.66 降到 507.15，耗时减少了约三分之二。", "overstatement"),
                                            ("vgg16_int8 从 1079.66 降到 507.15，耗时减少了约三分之一。", "unsupported")])
def test_a_fraction_told_bigger_than_the_sentences_figures_overstates(body, category):
    [f] = [f for f in flagged(run(body, LOONGSON)) if f.check == "fraction-disagrees"]
    assert f.category == category


THIRD_PARTY = doc("ncnn source code is licensed under the BSD 3-Clause License, except for the third-party components "
                  "listed below.\n\nOpen Source Software Licensed Under the BSD 2-Clause License:\n---\n"
                  "1. squeezenet  1.1\n2. caffe.proto  master\n\nOpen Source Software Licensed Under the zlib License:\n"
                  "1. neon_mathfun.h", title="ncnn LICENSE", kind="repository")


@pytest.mark.parametrize("body", ["squeezenet 1.1 和 caffe.proto 等组件同样适用 BSD 3-Clause。",
                                  "Bundled parts such as squeezenet 1.1 are under the BSD 3-Clause License too."])
def test_a_part_the_license_file_lists_under_another_license_is_flagged(body):
    [f] = flagged(run(body, THIRD_PARTY), "license")
    assert f.check == "component-license-differs" and "BSD-2-Clause" in f.message


@pytest.mark.parametrize("body", ["squeezenet 1.1 和 caffe.proto 适用 BSD 2-Clause。",
                                  "ncnn source code is licensed under the BSD 3-Clause License."])
def test_a_part_under_its_own_license_or_the_main_code_is_not_flagged(body):
    assert flagged(run(body, THIRD_PARTY)) == []


PAIRS = doc("20x for awq and 4x for gptq packing speedup", title="packing speedup")


@pytest.mark.parametrize("body", ["Its headline 20x speedup applies to GPTQ packing, with AWQ gaining 4x.",
                                  "GPTQ 打包提速 20x，AWQ 提速 4x。"])
def test_two_figures_told_crosswise_to_the_names_the_source_pairs_them_with_are_flagged(body):
    [f] = flagged(run(body, PAIRS), "metric-conflation")
    assert f.check == "pairing-swapped" and "awq" in f.message


@pytest.mark.parametrize("body", ["Its headline 20x speedup applies to AWQ packing, with GPTQ gaining 4x.",
                                  "The PR reports a 20x packing speedup.", "AWQ 打包提速 20x，GPTQ 提速 4x。"])
def test_figures_told_with_their_own_names_or_one_name_are_not_flagged(body):
    assert flagged(run(body, PAIRS)) == []


# --- round 21's misses and false alarms, as mechanisms ---------------------------------------

OLD_PR = "https://github.com/example-org/engine/pull/113"
WITHDRAWN = doc("fixes ja/ko (393x -> 340x)", url=OLD_PR, dates={"created": "2026-06-16", "merged": "2026-06-16"})


@pytest.mark.parametrize("body", ["换句话说，393.9 这组数字是本周才被 #113 撤下的。",
                                  "So #113 withdrew the 393.9 figures only this week."])
def test_a_thread_named_in_this_weeks_clause_whose_every_date_is_earlier_is_flagged(body):
    [f] = flagged(run(body, WITHDRAWN, window="2026-07-01..2026-07-07", cite=OLD_PR), "release-date")
    assert f.check == "named-thread-before-window" and "2026-06-16" in f.message


@pytest.mark.parametrize("body", ["393.9 这组数字在 6 月 16 日被 #113 撤下，本周没有新变化。",
                                  "#113 withdrew the 393.9 figures on June 16."])
def test_a_thread_told_with_its_own_date_is_not_flagged(body):
    assert flagged(run(body, WITHDRAWN, window="2026-07-01..2026-07-07", cite=OLD_PR)) == []


def test_a_merge_told_this_month_of_a_pr_merged_a_year_before_is_flagged():
    merged = doc("[ET-VK] Implement SDPA with fused ops", url=OLD_PR, dates={"created": "2025-09-01", "merged": "2025-09-09"})
    [f] = flagged(run("The fused shaders arrived in #113, merged this month.", merged, window="2026-09-15..2026-09-21",
                      cite=OLD_PR), "release-date")
    assert f.check == "event-outside-window"
    recent = doc("[ET-VK] Implement SDPA with fused ops", url=OLD_PR, dates={"created": "2026-09-01", "merged": "2026-09-03"})
    assert flagged(run("The fused shaders arrived in #113, merged this month.", recent, window="2026-09-15..2026-09-21",
                       cite=OLD_PR)) == []


BACKENDS = doc("| | Vulkan (4w) | XNNPACK (8da4w) |\n| --- | --- | --- |\n| 0.6B decode | 98.0 tok/s | 109.0 tok/s |\n"
               "| 1.7B decode | 41.3 tok/s | 47.6 tok/s |")


@pytest.mark.parametrize("body", ["On the 1.7B model, Vulkan decodes at 47.6 tok/s against 41.3 tok/s for XNNPACK.",
                                  "1.7B 模型上，Vulkan 解码 47.6 tok/s，XNNPACK 为 41.3 tok/s。"])
def test_table_cells_told_crosswise_to_their_columns_are_flagged(body):
    [f] = flagged(run(body, BACKENDS), "metric-conflation")
    assert f.check == "pairing-swapped" and "xnnpack" in f.message


@pytest.mark.parametrize("body", ["On the 1.7B model, Vulkan decodes at 41.3 tok/s against 47.6 tok/s for XNNPACK.",
                                  "With Vulkan, a 1.7B prompt decodes at 41.3 tok/s."])
def test_table_cells_told_with_their_columns_are_not_flagged(body):
    assert flagged(run(body, BACKENDS)) == []


SPEEDS = doc("| Model | GPU | vs Whisper |\n| --- | --- | --- |\n| **SenseVoice-Small** | 170x realtime | 13x faster |\n"
             "| **Paraformer-Large** | 120x realtime | 9.2x faster |\n| **Whisper-large-v3-turbo** | 46x realtime | 3.5x faster |\n"
             "| **Whisper-large-v3** | 13x realtime | 1x |")


def test_a_figure_told_for_the_row_the_claim_names_is_no_column_top():
    assert flagged(run("同一张表中 Whisper-large-v3-turbo 为 46x realtime，Whisper-large-v3 为 13x。", SPEEDS)) == []


def test_the_column_top_told_as_the_result_is_still_flagged():
    [f] = flagged(run("FunASR 的模型比 Whisper 快 13x。", SPEEDS), "overstatement")
    assert f.check == "column-top"


def test_close_to_hedges_a_figure():
    src = doc("The q4gsw GEMV is ~74% of GPU time, and the GPU is ~100% busy.")
    assert flagged(run("The GEMV takes about 74% of GPU time, with the GPU close to 100% busy.", src)) == []
    [f] = flagged(run("The GEMV takes about 74% of GPU time, with the GPU 100% busy.", src), "overstatement")
    assert f.check == "hedge-dropped"


def test_a_model_named_by_its_parts_in_the_source_is_seen():
    src = doc("Comparing Vulkan and XNNPACK for Qwen3.\n\n| 0.6B decode | 98.0 tok/s | 109.0 tok/s |")
    assert flagged(run("On Qwen3-0.6B, Vulkan decodes at 98.0 tok/s.", src)) == []
    assert "condition-unseen" in [f.check for f in flagged(run("On Llama-3.2-1B, Vulkan decodes at 98.0 tok/s.", src))]


# --- round 22's false alarms and misses, as mechanisms -------------------------------------

def test_a_figure_with_a_unit_after_a_word_is_no_version():
    src = doc("Best against best: 63.9 TFLOP/s for the tensor route against 30.4 for fp32.")
    body = "fp32 through the shared API measured 27.3 TFLOP/s against 210.1 TFLOP/s for TF32 through the register API."
    assert "named-version-differs" not in [f.check for f in run(body, src).findings]


def test_a_lowercase_name_glued_to_its_version_is_read():
    src = doc("Requirements: torch2.5 and CUDA 12.4.")
    [f] = flagged(run("It needs torch2.4 and CUDA 12.4.", src), "unsupported")
    assert f.check == "named-version-differs" and "torch2.5" in f.message


SWEEP = doc("✅ **Best speedup on fp16/bf16**: up to **3.39x** (B=8, bf16)")


@pytest.mark.parametrize("body", ["批量增大后加速比回落：B=64 时 fp16 为 2.24x。",
                                  "At B=64 the best fp16 speedup falls to 2.24x."])
def test_a_figure_under_another_setting_than_the_sources_is_no_differing_figure(body):
    assert "figure-differs" not in [f.check for f in run(body, SWEEP).findings]


def test_a_figure_under_the_sources_setting_that_differs_is_flagged():
    [f] = flagged(run("At B=8 the best bf16 speedup is 2.24x.", SWEEP))
    assert f.check == "figure-differs"


def test_a_precision_the_source_spells_otherwise_is_seen():
    src = doc("tilelang: b=128, s_q=1, dtype=torch.float16\nperf tilelang: 0.145 ms, 284 TFLOPS, 1420 GB/s")
    assert flagged(run("在 fp16 配置里，TileLang 为 0.145 ms、284 TFLOPS。", src)) == []
    assert "condition-unseen" in [f.check for f in flagged(run("在 fp8 配置里，TileLang 为 0.145 ms、284 TFLOPS。", src))]


def test_a_raised_issue_is_a_created_event():
    raised = doc("BF16 matmul performance degrades on B200", dates={"created": "2026-02-04"}, kind="issue")
    [f] = flagged(run("#101 于 2026 年 3 月 4 日提出，测的是 BF16 matmul。", raised, window="2026-06-22..2026-06-28"),
                  "release-date")
    assert f.check == "date-contradicted"
    assert flagged(run("#101 于 2026 年 2 月 4 日提出，测的是 BF16 matmul。", raised, window="2026-06-22..2026-06-28")) == []


# --- an extreme the source shares with others, told as the only one --------------------------

ONE_OF = doc("我们训练了一个拥有超过 130 亿参数的视频生成模型，使其成为最大的开源视频生成模型之一。"
             "It is one of the fastest open embedding servers on consumer GPUs.")


@pytest.mark.parametrize("body", ["README 称 HunyuanVideo 拥有超过 130 亿参数，是目前最大的开源视频生成模型。",
                                  "The README calls it the fastest open embedding servers on consumer GPUs such as the RTX 4090."])
def test_one_of_the_extremes_told_as_the_extreme_is_flagged(body):
    [f] = flagged(run(body, ONE_OF), "overstatement")
    assert f.check == "one-of-dropped"


@pytest.mark.parametrize("body", ["README 称 HunyuanVideo 拥有超过 130 亿参数，是最大的开源视频生成模型之一。",
                                  "The README calls it one of the fastest open embedding servers on consumer GPUs such as the RTX 4090.",
                                  "It ranks among the fastest open embedding servers on consumer GPUs such as the RTX 4090."])
def test_one_of_the_extremes_told_as_one_of_them_is_not_flagged(body):
    assert flagged(run(body, ONE_OF)) == []


RUN = doc("| GPU | NVIDIA GeForce RTX 5090, physical GPU 1 |\n| Median throughput | 812.4 req/s |")


@pytest.mark.parametrize("body", ["The run used a single NVIDIA GeForce RTX 4090.", "模型在单张 H100 上测试。"])
def test_hardware_a_reported_run_used_that_the_source_does_not_name_is_flagged(body):
    assert [f.check for f in flagged(run(body, RUN))] == ["condition-unseen"]


@pytest.mark.parametrize("body", ["The run used a single NVIDIA GeForce RTX 5090.", "H100 users can try it as well."])
def test_hardware_a_run_used_as_the_source_says_or_advice_is_not_flagged(body):
    assert flagged(run(body, RUN)) == []


def test_the_merge_belongs_to_the_pr_its_own_clause_names():
    closed = doc("Add 310P support", url="https://github.com/o/r/pull/3426", state="closed")
    merged = doc("Add 310P support (v2)", url="https://github.com/o/r/pull/3484", state="merged",
                 dates={"merged": "2026-09-16"})
    cite = "https://github.com/o/r/pull/3426), [s](https://github.com/o/r/pull/3484"
    assert flagged(run("昇腾 310P：#3426 关闭，#3484 合入。", closed, merged, cite=cite)) == []
    [f] = flagged(run("昇腾 310P：#3484 关闭，#3426 合入。", closed, merged, cite=cite))
    assert f.check == "merged-but-open"


def test_a_license_cited_in_another_section_of_the_same_repository_supports_the_claim():
    lic = doc("MIT License\n\nCopyright (c) 2021", url="https://github.com/o/bnb/blob/main/LICENSE", kind="page",
              license={"spdx": "MIT", "name": "MIT License", "applies_to": "code"})
    pr = doc("Fix the avx512bf16 test.", url="https://github.com/o/bnb/pull/1956")
    other = doc("Unrelated fix.", url="https://github.com/p/other/pull/7")

    def draft(claim: str, cite: str) -> str:
        return ("---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## License\n\nThe project ships under MIT.\n\n"
                f"Sources: [LICENSE](https://github.com/o/bnb/blob/main/LICENSE)\n\n## Fixes\n\n{claim}\n\nSources: [s]({cite})\n")
    settings = Settings(use_checkpoint=False)
    ok = check_text(draft("None of these changes the license: the repository remains under the MIT License.",
                          "https://github.com/o/bnb/pull/1956"), "t.md", settings, ArchiveSources([lic, pr, other]))
    assert [f for f in ok.findings if f.category == "license" and f.severity != "info"] == []
    # another repository's section gets no support from it
    bad = check_text(draft("That project remains under the MIT License.", "https://github.com/p/other/pull/7"),
                     "t.md", settings, ArchiveSources([lic, pr, other]))
    assert [f.check for f in bad.findings if f.category == "license"] == ["license-not-stated"]


@pytest.mark.parametrize("body", ["Put simply, anyone serving batches of 2 to 64 on an H100 gets a 4x speedup.",
                                  "简单说，任何人在 H100 上用 2 到 64 的 batch 都能拿到 4x 加速。"])
def test_a_result_promised_to_anyone_is_a_widening(body):
    src = doc("On H100 at batch size 2, 4-bit inference is 4x faster. Gains are largest at smaller batches.")
    [f] = flagged(run(body, src), "overstatement")
    assert f.check == "scope-widened"
    assert flagged(run("Anyone can install it with pip.", src)) == []


LATENCY = "We ran vllm bench latency with Llama-3.1-8B on an H20: average latency fell from 1.56 s to 1.10 s."


@pytest.mark.parametrize("body", ["The latency run on Qwen2.5-7B shows average latency falling from 1.56 s to 1.10 s.",
                                  "在 DeepSeek-R1 上跑 latency 基准，平均延迟从 1.56 s 降到 1.10 s。"])
def test_a_result_told_of_a_model_the_source_never_names_is_flagged(body):
    [f] = flagged(run(body, doc(LATENCY)), "unsupported")
    assert f.check == "condition-unseen"


@pytest.mark.parametrize("body", ["The latency run on Llama 3.1 8B shows average latency falling from 1.56 s to 1.10 s.",
                                  # a setting spelled otherwise, not a model: ZeRO-3 where the source writes z3
                                  "With ZeRO-3 and top-6 routing, average latency fell from 1.56 s to 1.10 s.",
                                  # no figure of the source: nothing anchors the name
                                  "Qwen2.5-7B users may want to try it."])
def test_a_model_the_source_names_a_setting_or_an_unanchored_name_is_not(body):
    assert [f for f in flagged(run(body, doc(LATENCY))) if f.check == "condition-unseen"] == []


def test_is_model_name_reads_families_and_glued_sizes():
    from factcheck.checks.unsupported import is_model_name
    assert all(map(is_model_name, ["Qwen2.5-7B", "DeepSeek-R1", "Phi-4", "gpt-oss-120b", "Mixtral-8x22B", "Foo-A22B"]))
    assert not any(map(is_model_name, ["ZeRO-3", "top-6", "SM-90", "x86-64"]))


MEMORY_TABLE = ("| version | model | parallel | memory | tensor core |\n|---|---|---|---|---|\n"
                "| 3.6.0 | Qwen3-14B | TP2 | 85% | 73% |\n| 3.7.0 | Qwen3-14B | TP4 | 75% | 62% |")


@pytest.mark.parametrize("body", ["3.7.0 改用 TP4 后，Tensor Core 利用率从 73% 降到 62%。",
                                  "With TP4 in 3.7.0, tensor core use went from 73% to 62%."])
def test_a_change_read_down_one_column_of_a_table_is_not_a_mismatch(body):
    assert flagged(run(body, doc(MEMORY_TABLE))) == []


def test_a_glued_size_the_source_writes_alike_is_given():
    src = doc("BF16 70B MLP: ~ 1300 us\nMXFP8 70B MLP: ~ 723us")
    assert flagged(run("On a 70B MLP the author measured about 1300 µs in BF16 and about 723 µs in MXFP8.", src)) == []
    assert flagged(run("On a 405B MLP the author measured about 1300 µs in BF16 and about 723 µs in MXFP8.", src),
                   "unsupported") != []


NEWS = ("- Sep 12, 2025: We released the FP8 quantized models of HunyuanImage-2.1.\n"
        "- Sep 8, 2025: We released the inference code and model weights of HunyuanImage-2.1.")


@pytest.mark.parametrize("body", [
    "Tencent released the HunyuanImage-2.1 inference code and model weights on September 15, 2025, and the FP8 "
    "quantized models on September 12, 2025.",
    "HunyuanImage-2.1 的推理代码和模型权重在 9 月 8 日发布，FP8 quantized 模型在 10 月 2 日放出。"])
def test_a_release_day_a_dated_line_of_the_source_gives_otherwise_is_flagged(body):
    [f] = flagged(run(body, doc(NEWS, kind="page", url="https://github.com/o/hunyuan"),
                      cite="https://github.com/o/hunyuan", window="2025-09-22..2025-09-28"), "release-date")
    assert f.check == "date-contradicted"


@pytest.mark.parametrize("body", [
    "Tencent released the HunyuanImage-2.1 inference code and model weights on September 8, 2025, and the FP8 "
    "quantized models on September 12, 2025.",
    "HunyuanImage-2.1 不是本周的新模型：推理代码和权重在 9 月 8 日发布，FP8 量化模型在 9 月 12 日放出。",
    # a release of something else on another day: no line of the source speaks of it
    "Some other tool released its own weights on October 2, 2025."])
def test_release_days_the_source_gives_or_does_not_speak_to_are_not(body):
    assert flagged(run(body, doc(NEWS, kind="page", url="https://github.com/o/hunyuan"),
                       cite="https://github.com/o/hunyuan", window="2025-09-22..2025-09-28")) == []


ELAPSED = "PyTorch engine: elapsed_time: 324.175s. TurboMind engine: elapsed_time: 140.528s. H2D: 1.489 s -> 379.444 ms."


@pytest.mark.parametrize("body", ["总耗时上，PyTorch 引擎用了 324.175 秒，是 TurboMind 140.528 秒的三倍多。",
                                  "PyTorch took 324.175 s, about 3.5x TurboMind's 140.528 s.",
                                  "H2D 传输从 1.489 秒降到 379.444 毫秒，快了约 6 倍。"])
def test_a_multiple_the_sentences_own_figures_contradict_is_flagged(body):
    [f] = flagged(run(body, doc(ELAPSED)))
    assert f.check == "ratio-disagrees"


@pytest.mark.parametrize("body", ["总耗时上，PyTorch 引擎用了 324.175 秒，是 TurboMind 140.528 秒的 2.3 倍。",
                                  "PyTorch took 324.175 s, more than 2x TurboMind's 140.528 s.",
                                  "H2D 传输从 1.489 秒降到 379.444 毫秒，快了约 3.9 倍。",
                                  # "提升 2.9 倍" may count the gain: 3.9x in all
                                  "H2D 传输从 1.489 秒降到 379.444 毫秒，速度提升 2.9 倍。"])
def test_a_multiple_that_fits_the_sentences_figures_is_not(body):
    assert flagged(run(body, doc(ELAPSED))) == []


ISSUE = "https://github.com/o/r/issues/5615"


def thread(comments: list[dict]) -> SourceDocument:
    return doc("Does Megatron training support MoE models on 4x4090?", url=ISSUE, kind="issue",
               title="MoE LoRA on 4090", comments=comments)


@pytest.mark.parametrize("body", ["维护者在该帖中确认，Megatron 目前不支持在 4090 上训练 MoE 模型。",
                                  "A maintainer replied that MoE training on the 4090 is not supported yet."])
def test_a_reply_reported_from_a_thread_with_no_comment_is_flagged(body):
    [f] = flagged(run(body, thread([]), cite=ISSUE), "unsupported")
    assert f.check == "reply-not-in-thread"
    # a comment after the window's end was not there to report
    late = thread([{"author": "m", "date": "2026-10-30", "text": "Not supported yet on 4090."}])
    assert [f.check for f in flagged(run(body, late, cite=ISSUE))] == ["reply-not-in-thread"]


@pytest.mark.parametrize("body", ["维护者在该帖中确认，Megatron 目前不支持在 4090 上训练 MoE 模型。",
                                  "A maintainer replied that MoE training on the 4090 is not supported yet.",
                                  # no reply reported: the question is the issue's own text
                                  "The issue asks whether Megatron supports MoE models on 4x4090."])
def test_a_reply_in_a_thread_with_comments_or_none_reported_is_not(body):
    answered = thread([{"author": "m", "date": "2026-09-15", "text": "Not supported yet on 4090."}])
    assert flagged(run(body, answered, cite=ISSUE)) == []
    if "asks" in body:
        assert flagged(run(body, thread([]), cite=ISSUE)) == []


def test_this_thread_is_the_one_the_sentence_before_named():
    quiet = thread([])
    busy = doc("MoE training is slow with DeepSpeed.", url="https://github.com/o/r/issues/4126", kind="issue",
               comments=[{"author": "m", "date": "2026-09-15", "text": "Try Megatron."}])
    cite = f"{ISSUE}), [s](https://github.com/o/r/issues/4126"
    body = "#5615 里用户在 4090 上一直 OOM。\n\n维护者在该帖中确认，Megatron 目前不支持在 4090 上训练 MoE 模型。"
    [f] = flagged(run(body, quiet, busy, cite=cite), "unsupported")
    assert f.check == "reply-not-in-thread" and f.line == 10
    assert flagged(run(body.replace("#5615", "#4126"), quiet, busy, cite=cite)) == []


GUESS = ("On RADV this didn't cause issues, but it could be the source of the issue reported for AMD Windows devices. "
         "I can't reproduce it, so this is a guess. The suspected incompatibility is in `Meta.GetStoreMetadata()`.")


@pytest.mark.parametrize("body", ["作者已确认它修复了 AMD Windows 设备上报告的问题。",
                                  "The author has confirmed it fixes the issue reported for AMD Windows devices.",
                                  "报告者已经确认根因在 GetStoreMetadata 上。"])
def test_a_cause_told_as_confirmed_that_the_source_suspects_is_flagged(body):
    [f] = flagged(run(body, doc(GUESS)), "overstatement")
    assert f.check == "certainty-raised"


@pytest.mark.parametrize("body", ["作者怀疑它就是 AMD Windows 设备上那个问题的根源，但尚未确认。",
                                  "The author suspects it is the source of the issue reported for AMD Windows devices.",
                                  # confirmed, of something the doubtful passages do not speak of
                                  "The author confirmed the build passes on Ubuntu."])
def test_a_doubt_kept_or_another_thing_confirmed_is_not(body):
    assert flagged(run(body, doc(GUESS))) == []


def test_a_source_that_confirms_it_leaves_the_claim_alone():
    src = doc(GUESS + "\n\nUpdate: confirmed on AMD Windows devices, the fix resolves the issue reported there.")
    assert flagged(run("The author has confirmed it fixes the issue reported for AMD Windows devices.", src)) == []


def test_a_multiple_beside_a_model_size_and_a_memory_size_is_not_read_as_their_ratio():
    body = "On 12B FLUX.1-dev it cuts memory 3.6x against BF16, and on a 16GB laptop 4090 it runs 8.7x faster."
    src = doc("On 12B FLUX.1-dev, SVDQuant achieves 3.6x memory reduction against BF16; on a 16GB laptop 4090 it is "
              "8.7x faster.")
    assert flagged(run(body, src)) == []


BOTH_BOUNDED = ("The dense decoding kernel achieves up to 3000 GB/s in memory-bound configuration and 660 TFLOPS in "
                "computation-bound configuration on H800 SXM5.")


@pytest.mark.parametrize("body", ["The dense decoding kernel delivers 660 TFLOPS on H800 SXM5 when compute-bound.",
                                  "稠密解码内核在 H800 SXM5 上计算受限时达到 660 TFLOPS。"])
def test_one_up_to_bounds_both_figures_it_coordinates(body):
    [f] = flagged(run(body, doc(BOTH_BOUNDED)), "overstatement")
    assert f.check == "hedge-dropped"
    assert flagged(run(body.replace("660", "up to 660").replace("达到 ", "最高达到 "), doc(BOTH_BOUNDED))) == []


def test_up_to_does_not_bound_a_figure_of_another_predicate():
    from factcheck.extract.statement import extract_statement
    st = extract_statement("It is up to 2x faster and uses 30 GB of memory.")
    assert [qa.q.bound for qa in st.quantities] == ["upper", None]


MANY = ("In many cases the new kernel is faster at batch size of 1 also. "
        "Some users have observed improved performance on H20 machines by setting VLLM_USE_DEEP_GEMM=0. "
        "Here is GB200 data for the model that may be useful for this PR.")


@pytest.mark.parametrize("body", ["At batch size 1 the new kernel is faster as well.",
                                  "在 H20 上设置 VLLM_USE_DEEP_GEMM=0 可以提升性能。"])
def test_a_result_the_source_gives_for_some_cases_told_in_general_is_flagged(body):
    [f] = flagged(run(body, doc(MANY)), "overstatement")
    assert f.check == "hedge-dropped"


@pytest.mark.parametrize("body", ["In many cases the new kernel is faster at batch size 1 as well.",
                                  "有用户反馈，在 H20 上设置 VLLM_USE_DEEP_GEMM=0 可以提升性能。",
                                  # "may" hedged "useful", which the claim does not say
                                  "A comment adds GB200 data for the model."])
def test_a_hedge_kept_or_one_that_governs_something_else_is_not(body):
    assert flagged(run(body, doc(MANY))) == []


BOTH_SCOPES = ("On gfx1201 this improves the kernel microbenchmark by up to 2.39x and end-to-end inference by up to "
               "1.98x.")


@pytest.mark.parametrize("body", ["On gfx1201 the PR reported up to 2.39x end to end and up to 1.98x on the kernel "
                                  "microbenchmark.",
                                  "在 gfx1201 上，端到端最高提升 2.39x，内核 microbenchmark 最高提升 1.98x。"])
def test_kernel_and_end_to_end_figures_swapped_in_one_clause_are_flagged(body):
    [f] = flagged(run(body, doc(BOTH_SCOPES)), "metric-conflation")
    assert f.check == "kernel-as-request" and "2.39x" in f.message


@pytest.mark.parametrize("body", ["On gfx1201 the PR reported up to 2.39x on the kernel microbenchmark and up to 1.98x "
                                  "end to end.",
                                  "在 gfx1201 上，内核 microbenchmark 最高提升 2.39x，端到端最高提升 1.98x。"])
def test_kernel_and_end_to_end_figures_each_in_its_place_are_not(body):
    assert flagged(run(body, doc(BOTH_SCOPES))) == []


NATIVE = ("The native path uses one bounded workspace. Native execution requires exact compute capability (10, 0) and "
          "FP16/BF16 operands.")


@pytest.mark.parametrize("body", ["Any Blackwell GPU now takes the native path, in any precision.",
                                  "现在任何 Blackwell GPU 都会走 native 路径，任何精度都可以。"])
def test_a_universal_over_what_the_source_restricts_is_flagged(body):
    [f] = flagged(run(body, doc(NATIVE)), "overstatement")
    assert f.check == "universal-restricted"


@pytest.mark.parametrize("body", ["On compute capability 10.0 with FP16 or BF16 operands, the native path runs.",
                                  # a universal over something the source does not restrict
                                  "Any user can read the workspace size in the logs."])
def test_a_kept_restriction_or_an_unrelated_universal_is_not(body):
    assert flagged(run(body, doc(NATIVE))) == []


def test_a_source_that_widens_it_too_leaves_the_universal_alone():
    src = doc("The native path now runs on every Blackwell GPU in any precision; it requires no flag.")
    assert flagged(run("Any Blackwell GPU now takes the native path, in any precision.", src)) == []


def test_a_question_in_the_source_denies_nothing():
    src = doc("为什么图里说 RLOO 比 GRPO 好？不是 GRPO 的 reward 曲线在上方吗？")
    assert flagged(run("#757 问：为什么图里说 RLOO 比 GRPO 好，明明 GRPO 的 reward 曲线在上方。", src)) == []
    denied = doc("GRPO 的 reward 曲线并不在上方。")
    assert flagged(run("作者说 GRPO 的 reward 曲线在上方。", denied), "overstatement") != []


def test_a_memory_size_cut_to_a_letter_is_the_sources():
    src = doc("encode time = 6925.13 ms / 3 runs\n\nhardware: orin 64G /arm")
    body = "The reporter ran it on a 64 GB Orin, where the encoder took 6925.13 ms over three runs."
    assert flagged(run(body, src)) == []
    assert flagged(run(body.replace("64 GB", "32 GB"), src), "unsupported") != []


ONLY_FP16 = "1. The async RL in AReal only supports FP16 training. 2. It runs on H100 nodes."


@pytest.mark.parametrize("body", ["第一，AReaL 的异步 RL 只支持 BF16 训练。",
                                  "The async RL in AReal only supports BF16 training."])
def test_a_condition_swapped_in_the_sources_own_sentence_is_flagged(body):
    [f] = flagged(run(body, doc(ONLY_FP16)), "unsupported")
    assert f.check == "condition-swapped" and "FP16" in f.message


@pytest.mark.parametrize("body", ["第一，AReaL 的异步 RL 只支持 FP16 训练。",
                                  # a condition the source gives elsewhere
                                  "The async RL in AReal only supports H100 training.",
                                  # another sentence that only shares a name
                                  "AReaL also publishes BF16 checkpoints."])
def test_the_sources_condition_or_another_sentence_is_not(body):
    assert flagged(run(body, doc(ONLY_FP16)), "unsupported") == []


NEWS_MONTH = "## 新闻\n- [2025/5] OpenRLHF 0.8.0 支持 Async Pipeline RLHF 和 Async Agent RLHF\n- [2025/3] 0.7.5 支持 RLOO"


@pytest.mark.parametrize("body", ["OpenRLHF 0.8.0 于 6 月 17 日发布，首次加入 Async Pipeline RLHF。",
                                  "OpenRLHF 0.8.0 was released on June 17 with Async Pipeline RLHF."])
def test_a_release_day_outside_the_month_a_news_line_gives_is_flagged(body):
    src = doc(NEWS_MONTH, kind="page", url="https://github.com/o/openrlhf")
    [f] = flagged(run(body, src, cite="https://github.com/o/openrlhf", window="2025-06-16..2025-06-22"), "release-date")
    assert f.check == "date-contradicted" and "2025-05" in f.message
    may = body.replace("6 月 17 日", "5 月 20 日").replace("June 17", "May 20")
    assert flagged(run(may, src, cite="https://github.com/o/openrlhf", window="2025-06-16..2025-06-22")) == []


def test_a_bracketed_year_and_month_opens_a_news_line():
    from factcheck.extract.dates import extract_dates
    [d] = extract_dates("[2025/5] OpenRLHF 0.8.0", None)
    assert (d.date.year, d.date.month, d.precision) == (2025, 5, "month")
    assert [x.date for x in extract_dates("ratio 2025/5 of the runs", None)] == []


def test_a_list_or_another_option_of_code_is_no_condition_swap():
    src = doc("`bf16_master_weights_and_grads`: Keep master parameters and gradients in bf16.\n\n"
              "vLLM supports NVIDIA GPUs, AMD GPUs, Google TPUs and AWS Neuron.")
    assert flagged(run("`fp16_master_weights_and_gradients`: Keep master parameters and gradients in fp16.", src)) == []
    listed = flagged(run("vLLM supports NVIDIA GPUs, AMD GPUs, Intel Gaudi and AWS Neuron.", src))
    assert [f for f in listed if f.check == "condition-swapped"] == []


SPEEDUPS = ("| size | GPUs | before | after | speedup |\n|---|---|---|---|---|\n| 7B | 16 | 855.09 | 471.11 | 1.82x |\n"
            "| 13B | 32 | 1528.93 | 608.93 | 2.5x |\n| 34B | 32 | 3634.98 | 1526.4 | 2.4x |\n| 70B | 32 | 10407.0 | 4488.53 | 2.3x |")


@pytest.mark.parametrize("body", ["换句话说，四个规模上的加速比都不低于 2.3 倍。",
                                  "In other words, every size gets a speedup of at least 2.3x."])
def test_a_floor_said_of_every_row_that_a_row_falls_below_is_flagged(body):
    [f] = flagged(run(body, doc(SPEEDUPS)), "overstatement")
    assert f.check == "floor-above-rows" and "1.82x" in f.message


@pytest.mark.parametrize("body", ["换句话说，四个规模上的加速比都不低于 1.8 倍。",
                                  "70B gets a speedup of at least 2.3x."])
def test_a_floor_every_row_meets_or_said_of_one_row_is_not(body):
    assert flagged(run(body, doc(SPEEDUPS)), "overstatement") == []


REQUIRED = "To run the talk-llama demo on NVIDIA GPUs (16GB VRAM required), build with CUDA."


@pytest.mark.parametrize("body", ["On NVIDIA GPUs the demo does not need a 16 GB card.",
                                  "在 NVIDIA GPU 上，这个演示并不需要 16 GB 显存的卡。"])
def test_a_requirement_told_as_unneeded_is_flagged(body):
    [f] = flagged(run(body, doc(REQUIRED)), "overstatement")
    assert f.check == "requirement-denied"


@pytest.mark.parametrize("body", ["On NVIDIA GPUs the demo needs a 16 GB card.",
                                  "The demo does not need a second GPU; one 16 GB card is enough."])
def test_a_requirement_kept_or_another_thing_unneeded_is_not(body):
    assert [f for f in flagged(run(body, doc(REQUIRED))) if f.check == "requirement-denied"] == []


TIMINGS = "whisper_print_timings:   encode time =  6925.13 ms /     3 runs ( 2308.38 ms per run)"


@pytest.mark.parametrize("body", ["A single encoder pass took 6.9 seconds in that log.",
                                  "日志里单次编码耗时 6925.13 ms。"])
def test_a_total_over_runs_told_as_one_run_is_flagged(body):
    [f] = flagged(run(body, doc(TIMINGS)), "metric-conflation")
    assert f.check == "total-as-single"


@pytest.mark.parametrize("body", ["The three encoder runs took 6.9 seconds in all.",
                                  "A single encoder pass took about 2.3 seconds in that log."])
def test_the_total_or_the_per_run_figure_is_not(body):
    assert flagged(run(body, doc(TIMINGS))) == []


def test_a_total_told_with_its_run_count_is_not_a_single_run():
    body = "His log shows 6925.13 ms for 3 encoder runs, or 2308.38 ms per run."
    assert flagged(run(body, doc(TIMINGS))) == []


# --- a figure the source gives otherwise, in nearly the same words ---------------

_LABELLED_EN = doc("GSM8K accuracy of the new kernel is 0.953, matching the Triton baseline. At M=1k, routing "
                   "overhead makes it approximately 4% slower than FlashInfer. The H20 used for tuning has 78 SMs.")
_LABELLED_ZH = doc("在 LongMemEval-S 测试中检索召回率达到 95.2%，并提供 12 个钩子。\n\n"
                   "准确率：SWE-bench Verified 在 FP8 KV 下为 77.8%，在 NVFP4 KV 下为 76.2%。")


@pytest.mark.parametrize("body, told", [
    ("GSM8K accuracy stayed at 0.871, matching the Triton baseline.", "0.871"),
    ("At M=1k it is about 9% slower than FlashInfer.", "about 9%"),
    ("The H20 used for tuning has 96 SMs.", "96"),
])
def test_a_figure_the_source_gives_otherwise_is_flagged_en(body, told):
    found = [f for f in flagged(run(body, _LABELLED_EN)) if f.check == "figure-differs"]
    assert found and f"not {told}" in found[0].message
    assert found[0].evidence and found[0].evidence[0].url == PR


@pytest.mark.parametrize("body, told", [
    ("LongMemEval-S 测试中的检索召回率为 88.1%。", "88.1%"),
    ("它提供 30 个钩子。", "30"),
    # a full-width colon ends the clause its negation stands in: the figures after it are asserted
    ("准确率也不是完全不变：SWE-bench Verified 从 FP8 KV 的 71.3% 变为 NVFP4 KV 的 76.2%。", "71.3%"),
])
def test_a_figure_the_source_gives_otherwise_is_flagged_zh(body, told):
    found = [f for f in flagged(run(body, _LABELLED_ZH)) if f.check == "figure-differs"]
    assert found and f"not {told}" in found[0].message


@pytest.mark.parametrize("body, source", [
    ("GSM8K accuracy stayed at 0.953, matching the Triton baseline.", _LABELLED_EN),
    ("At M=1k it is about 4% slower than FlashInfer.", _LABELLED_EN),
    ("The H20 used for tuning has 78 SMs; the PR touches 96 files.", _LABELLED_EN),  # files: not what 78 counts
    ("LongMemEval-S 测试中的检索召回率为 95.2%，钩子有 12 个。", _LABELLED_ZH),
    ("准确率也不是完全不变：SWE-bench Verified 从 FP8 KV 的 77.8% 变为 NVFP4 KV 的 76.2%。", _LABELLED_ZH),
    # members of an enumeration answer the source's rows by order, which words cannot tell
    ("Accuracy on the three suites was 0.953, 0.871 and 0.802.", _LABELLED_EN),
])
def test_the_source_figure_or_another_thing_is_not_flagged(body, source):
    assert not [f for f in flagged(run(body, source)) if f.check == "figure-differs"]


def test_a_table_row_speaks_only_where_it_is_anchored():
    table = doc("| batch | aggregate decode tok/s |\n|---|---|\n| 1 | 85.2 |\n| 32 | 529.3 |\n\n"
                "| context | aggregate decode tok/s |\n|---|---|\n| 65,536 | 53.4 |\n")
    # the figure stands in the first table, under other words: no other row speaks against it
    assert not flagged(run("At batch 32, aggregate decode reached 529.3 tok/s.", table))
    found = [f for f in flagged(run("At batch 32, aggregate decode reached 612.5 tok/s.", table))
             if f.check == "figure-differs"]
    assert found and "529.3" in found[0].message


# --- one license told as the only one, where the source gives a choice ------------

_DUAL = doc('[workspace.package]\nlicense = "MIT OR Apache-2.0"', url="https://github.com/example-org/engine",
            kind="repository", title="engine Cargo.toml", license={"spdx": "MIT OR Apache-2.0", "applies_to": "code"})


@pytest.mark.parametrize("body", ["Because engine is Apache-2.0 only, downstream users must carry the NOTICE file.",
                                  "engine 仅采用 Apache-2.0 许可，下游项目都得带上 NOTICE。"])
def test_one_license_told_alone_where_the_source_gives_a_choice_is_flagged(body):
    found = [f for f in flagged(run(body, _DUAL, cite=_DUAL.url)) if f.check == "license-said-alone"]
    assert found and found[0].category == "license" and "MIT OR Apache-2.0" in found[0].message


@pytest.mark.parametrize("body", ["engine is dual-licensed under MIT or Apache-2.0.",
                                  "engine 可以按 Apache-2.0 使用，下游项目只需保留版权声明。",  # "只" restricts another word
                                  "Only the code of engine is under Apache-2.0 or MIT; no weights ship with it."])
def test_a_license_among_the_choices_is_not_said_alone(body):
    assert not [f for f in flagged(run(body, _DUAL, cite=_DUAL.url)) if f.check == "license-said-alone"]


# --- a condition swapped against the table row that holds the figures -------------

_ROWS = doc("| Model | Quant | GPU | Before | After | Gain |\n|---|---|---|---|---|---|\n"
            "| Ministral-3-3B | ISQ | A100 | 171.92 tokens/s | 193.67 tokens/s | 12.65% |\n"
            "| Qwen3-30B-A3B | ISQ | RTX 5090 | 180.40 tokens/s | 186.88 tokens/s | 3.59% |\n")


@pytest.mark.parametrize("body", [
    "The largest gain, 12.65%, is for Ministral-3-3B on an RTX 5090, from 171.92 to 193.67 tokens/s.",
    "最大的提升是 Ministral-3-3B 在 RTX 5090 上的 12.65%，从 171.92 升到 193.67 tokens/s。",
])
def test_a_condition_the_row_of_the_figures_does_not_give_is_flagged(body):
    found = [f for f in flagged(run(body, _ROWS)) if f.check == "row-condition-swapped"]
    assert found and "A100" in found[0].message and "RTX 5090" in found[0].message


@pytest.mark.parametrize("body", [
    "The largest gain, 12.65%, is for Ministral-3-3B on an A100, from 171.92 to 193.67 tokens/s.",
    "Qwen3-30B-A3B gains 3.59% on the RTX 5090, from 180.40 to 186.88 tokens/s.",
    "最大的提升是 Ministral-3-3B 在 A100 上的 12.65%。",
    # one figure of the row is no anchor: the sentence may speak of another measurement
    "On an RTX 5090 the gain was 12.65% in our own run.",
])
def test_the_rows_condition_or_an_unanchored_sentence_is_not_flagged(body):
    assert not [f for f in flagged(run(body, _ROWS)) if f.check == "row-condition-swapped"]


def test_a_change_told_whole_is_not_a_range_told_as_its_top():
    src = doc("This delivers a 10% decoding speedup, e.g., Qwen3.5 35B FP8 from **95 tokens/s to 108 tokens/s**.")
    assert not flagged(run("Qwen3.5 35B FP8 went from 95 to 108 tokens/s, about a 10% decoding speedup.", src))
    ranged = doc("Decode speedups range from 1.2x to 1.8x across batch sizes.")
    assert [f.check for f in flagged(run("Decode is 1.8x faster.", ranged))] == ["range-top"]
    assert not flagged(run("Decode speedups go from 1.2x to 1.8x across batch sizes.", ranged))


@pytest.mark.parametrize("body", ["A commenter reported 87.04 t/s decode on 4x SM120.",
                                  "有评论者在 4x SM120 上测得 87.04 t/s 的 decode。"])
def test_a_count_glued_before_an_architecture_is_a_device_count(body):
    src = doc("87.04 t/s decode, that's 4xSM120 on an 80B FP8 model")
    assert not flagged(run(body, src))
    [f] = flagged(run(body.replace("87.04", "97.04"), src))
    assert "97.04" in f.message


# --- "X% faster than B, which took T" where the source's other time is the slower ---

_TIMES = doc("fp8 x fp8 = 42.83 sec\nmxfp8 x mxfp8 (using native dot) = 44.45 sec\nemulated = 41.10 sec")


@pytest.mark.parametrize("body", ["Native MXFP8 finished about 4% faster than plain fp8 x fp8, which took 42.83 s.",
                                  "原生 MXFP8 比耗时 42.83 秒的 fp8 x fp8 快了约 4%。"])
def test_faster_by_the_share_the_source_gives_as_slower_is_flagged(body):
    src = doc("fp8 x fp8 = 42.83 sec\nmxfp8 x mxfp8 (using native dot) = 44.45 sec")
    found = [f for f in flagged(run(body, src)) if f.check == "speed-flipped"]
    assert found and any("44.45 sec" in e.quote for e in found[0].evidence)


@pytest.mark.parametrize("body", [
    "Native MXFP8 finished about 4% slower than plain fp8 x fp8, which took 42.83 s.",
    # a figure faster by that share stands beside the baseline too: the claim may mean it
    "The emulated path finished about 4% faster than plain fp8 x fp8, which took 42.83 s.",
])
def test_slower_told_as_slower_or_a_faster_figure_beside_it_is_not_flipped(body):
    assert not [f for f in flagged(run(body, _TIMES)) if f.check == "speed-flipped"]


# --- a condition in one list with one the source names, that no source names ----------

@pytest.mark.parametrize("body, source", [
    ("It only fires when the block-scaled path is guaranteed: fp8 x fp8 operands, an f32 or f16 accumulator, rank 2.",
     "It only fires when the block-scaled path is guaranteed to apply (fp8 x fp8, f32 accumulator, rank 2)."),
    ("只有在 block-scaled 路径确定适用时才会触发：fp8 x fp8 操作数、f32 或 f16 累加器、rank 2。",
     "只有在 block-scaled 路径确定适用时才会触发（fp8 x fp8、f32 累加器、rank 2）。"),
])
def test_a_listed_condition_no_source_names_is_flagged(body, source):
    found = [f for f in flagged(run(body, doc(source))) if f.check == "condition-unseen"]
    assert found and "f16" in found[0].message


@pytest.mark.parametrize("body, source", [
    # the source names both
    ("It only fires when the block-scaled path is guaranteed: fp8 x fp8 operands, an f32 or f16 accumulator, rank 2.",
     "It only fires when the block-scaled path is guaranteed to apply (fp8 x fp8, f32 or f16 accumulator, rank 2)."),
    # a sentence of its own beside a source that names one of the list: no retelling, no anchor
    ("DeepSpeed computes in bfloat16 or float16 with FP32 master weights.",
     "Mixed precision training keeps the model in BF16 for speed."),
])
def test_a_listed_condition_named_or_not_retold_is_not_flagged(body, source):
    assert not [f for f in flagged(run(body, doc(source))) if f.check == "condition-unseen"]


# --- a ratio of two compute rates told as an end-to-end speedup -------------------------

@pytest.mark.parametrize("body", ["FP4 models on a DGX Spark run about 27 times faster end to end once this is in.",
                                  "合入后，DGX Spark 上的 FP4 模型端到端快了约 27 倍。"])
def test_a_ratio_of_compute_rates_told_end_to_end_is_flagged(body):
    src = doc("Without this fix, dot_scaled on SM121 upcasts to bf16: ~10 TFLOPS vs ~270 TFLOPS with native FP4 mma.")
    found = [f for f in flagged(run(body, src)) if f.check == "kernel-as-request"]
    assert found


def test_a_ratio_of_compute_rates_told_as_such_is_not():
    src = doc("Without this fix, dot_scaled on SM121 upcasts to bf16: ~10 TFLOPS vs ~270 TFLOPS with native FP4 mma.")
    assert not flagged(run("With the fix, dot_scaled reaches about 27 times the TFLOPS it had.", src))


# --- a maintainer's words reported from a thread with no comment ------------------------

@pytest.mark.parametrize("body", ["维护者在关闭时确认，OpenCL 后端支持会在下一个正式版本中提供。",
                                  "A maintainer later confirmed that OpenCL support lands in the next release."])
def test_a_maintainers_words_from_a_thread_without_comments_are_flagged(body):
    issue = doc("TTS is slow on CPU and does not run on OpenCL.", url="https://github.com/example-org/engine/issues/7",
                kind="issue", state="closed")
    found = [f for f in flagged(run(body, issue, cite=issue.url)) if f.check == "reply-not-in-thread"]
    assert found


@pytest.mark.parametrize("body", ["维护者在关闭时确认，OpenCL 后端支持会在下一个正式版本中提供。",
                                  "报告者在帖子里说明了复现步骤，维护者随后关闭了该 issue。"])
def test_a_maintainers_reply_the_thread_carries_or_no_reply_is_not_flagged(body):
    issue = doc("TTS is slow on CPU and does not run on OpenCL.", url="https://github.com/example-org/engine/issues/7",
                kind="issue", state="closed",
                comments=[{"author": "maint", "date": "2026-09-15", "text": "OpenCL support will be in the next release."}])
    assert not [f for f in flagged(run(body, issue, cite=issue.url)) if f.check == "reply-not-in-thread"]
    bare = issue.model_copy(update={"comments": []})
    if "随后关闭" in body:  # nobody's words are reported: nothing to find in comments
        assert not [f for f in flagged(run(body, bare, cite=bare.url)) if f.check == "reply-not-in-thread"]


# --- round 15's mechanisms ----------------------------------------------------------

def test_a_logged_value_is_a_figure_of_the_source():
    log = doc("```\n- LoRA: status=success, test_acc=47.76%, max_mem=20.77 GiB, tokens_per_sec=3597.4\n```")
    assert not flagged(run("Plain LoRA reached 47.76% test accuracy at 20.77 GiB and 3597.4 tokens/s.", log))
    assert flagged(run("Plain LoRA reached 47.76% test accuracy at 20.77 GiB and 3897.4 tokens/s.", log))


def test_a_multiple_of_a_figure_told_earlier_in_the_section_is_the_writers_own():
    table = doc("| Method | Params | Acc |\n|---|---|---|\n| UniLoRA | 131K | 41.6% |\n| VeRA | 129K | 35.4% |\n"
                "| LoRA (r=32) | 9.2M | 47.8% |\n")
    body = "UniLoRA trains 131K parameters.\n\nLoRA at r=32 scores 47.8%, but it trains 9.2M parameters, about 70 times as many."
    assert not flagged(run(body, table))
    wrong = body.replace("about 70 times", "about 20 times")
    assert flagged(run(wrong, table))


@pytest.mark.parametrize("body", ["两者几乎持平，HyperParallel 每步只少约 0.1 秒。",
                                  "The two are nearly level: HyperParallel is about 0.1 s faster per step."])
def test_an_approximate_difference_of_two_source_figures_is_derived(body):
    table = doc("| Method | Time |\n|---|---|\n| Baseline (FSDP2) | 6.70 s/it |\n| HyperParallel | 6.60 s/it |\n")
    assert not flagged(run(body, table))
    assert flagged(run(body.replace("0.1", "0.4"), table))


def test_a_figure_of_another_named_variant_or_magnitude_is_not_given_otherwise():
    src = doc("This experiment tests the LSTM variant with 50 virtual tokens, complementing the MLP experiment.")
    assert not flagged(run("The existing MLP variant with 20 virtual tokens scored 0.3821.", src))
    log = doc("{'loss': '3.732', 'grad_norm': '6.332'}")
    assert not [f for f in flagged(run("loss 绝对误差均值约 0.00357。", log)) if f.check == "figure-differs"]


@pytest.mark.parametrize("body, flagged_", [
    ("本周的进展：8 月 28 日提交的 #101 已合入。", True),
    ("本周的进展：8 月 26 日提交的 #101 已合入。", False),
])
def test_the_day_a_pr_was_submitted(body, flagged_):
    pr = doc("Support LoRA.", state="merged", dates={"created": "2026-08-26"})
    found = [f for f in flagged(run(body, pr, window="2026-08-27..2026-09-02")) if f.check == "date-contradicted"]
    assert bool(found) == flagged_


@pytest.mark.parametrize("body, flagged_", [
    ("按照 RFC 的上线计划，合入后训练器默认改用 fsdpturbo 后端。", True),
    ("Per the rollout plan, fsdpturbo becomes the default backend once merged.", True),
    ("按照 RFC 的上线计划，fsdpturbo 合入后仍需显式开启。", False),
    ("我们计划以后默认改用 fsdpturbo 后端。", False),  # a plan of the writer's own: no status yet
])
def test_a_default_told_from_a_plan_that_keeps_it_opt_in(body, flagged_):
    rfc = doc("## Rollout\n\n1. Merge the backend as experimental.\n2. Keep `fsdpturbo` opt-in through `dist_config.name`.")
    found = [f for f in flagged(run(body, rfc)) if f.check == "status-default"]
    assert bool(found) == flagged_


_SHARES = doc("| Config | Acc | Forgetting |\n|---|---|---|\n| Reproduced baseline | 33.2828% | 0.0465 |\n"
              "| C3 | 39.7271% | 0.0555 |\n| C4 | 38.9700% | 0.0654 |\n| C5 | 41.2434% | 0.0591 |\n")


@pytest.mark.parametrize("body", ["That is a gain of roughly 7.96% over the reproduced baseline.",
                                  "相对复现基线提升约 7.96%。"])
def test_points_told_as_a_relative_gain_are_flagged(body):
    found = [f for f in flagged(run(body, _SHARES)) if f.check == "points-as-percent"]
    assert found and "24%" in found[0].message


@pytest.mark.parametrize("body", ["That is a gain of roughly 7.96 percentage points over the reproduced baseline.",
                                  "相对复现基线提升约 7.96 个百分点。",
                                  "That is a relative gain of about 24% over the reproduced baseline."])
def test_points_told_as_points_or_the_relative_gain_are_not(body):
    assert not [f for f in flagged(run(body, _SHARES)) if f.check == "points-as-percent"]


@pytest.mark.parametrize("body", ["C5 also kept forgetting lower than any other tuned run, at 0.0591.",
                                  "在四个调参配置中，C5 的遗忘指标是最低的，为 0.0591。"])
def test_a_row_called_the_extreme_that_another_row_passes_is_flagged(body):
    found = [f for f in flagged(run(body, _SHARES)) if f.check == "extreme-contradicted"]
    assert found and "0.0555" in found[0].message


@pytest.mark.parametrize("body", ["C3 kept forgetting lower than any other tuned run, at 0.0555.",
                                  "C5 reached the highest accuracy, 41.2434%.",
                                  # the baseline is not among the tuned runs such a sentence compares
                                  "C3 had the lowest forgetting of the tuned runs, 0.0555."])
def test_the_true_extreme_is_not_flagged(body):
    assert not [f for f in flagged(run(body, _SHARES)) if f.check == "extreme-contradicted"]


def test_a_denial_retold_with_the_subjects_full_name_is_still_a_flip():
    lic = doc("TENCENT HUNYUAN COMMUNITY LICENSE AGREEMENT\n\nTHIS LICENSE AGREEMENT DOES NOT APPLY IN THE EUROPEAN UNION, "
              "UNITED KINGDOM AND SOUTH KOREA AND IS EXPRESSLY LIMITED TO THE TERRITORY.")
    said = ("The Tencent Hunyuan Community License Agreement for HunyuanImage 2.1 does apply in the European Union, "
            "the United Kingdom and South Korea.")
    assert [f for f in flagged(run(said, lic)) if f.check == "polarity-flipped"]
    assert not [f for f in flagged(run(said.replace("does apply", "does not apply"), lic)) if f.check == "polarity-flipped"]


# --- round 16's mechanisms ----------------------------------------------------------

def _two_sections(first: str, recap: str, src: SourceDocument, other: SourceDocument):
    text = (f"---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## One\n\n{first}\n\n来源：[a]({src.url})\n\n"
            f"## 小结\n\n{recap}\n\n来源：[b]({other.url})\n")
    return check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([src, other]))


@pytest.mark.parametrize("recap", ["数字口径各不相同：40.344→57.025 tok/s 是一组 9b 模型的前后对比。",
                                   "Recap: 40.344 to 57.025 tok/s was one 9B model before and after."])
def test_a_recap_of_an_earlier_sections_figures_is_not_unsupported(recap):
    log = doc("before: throughput: 40.344 tok/s\n\nafter: throughput: 57.025 tok/s")
    other = doc("Reduce MoE peak memory.", url="https://github.com/example-org/engine/pull/202")
    report = _two_sections("吞吐从 40.344 tok/s 升到 57.025 tok/s。", recap, log, other)
    assert not flagged(report)
    # a figure nobody gave before is still the recap's own claim
    assert flagged(_two_sections("吞吐从 40.344 tok/s 升到 57.025 tok/s。", recap.replace("57.025", "67.025"), log, other))


def test_a_total_time_is_a_latency_in_a_log_line():
    log = doc("9b | dynamic | graphs 12 | throughput: 40.344 tok/s … total time: 0.248s … mem 28.7/32.1 GB")
    assert not flagged(run("总耗时为 0.248 秒，吞吐 40.344 tok/s。", log))


@pytest.mark.parametrize("body, categories", [
    ("The tests for the offloading path landed on September 16 in #101.", {"overstatement", "release-date"}),
    ("The tests for the offloading path have landed in #101.", {"overstatement"}),
])
def test_a_merge_told_of_an_open_pr_raises_its_status(body, categories):
    pr = doc("[WIP] Add tests", state="open", dates={"created": "2026-09-16"})
    found = {f.category for f in flagged(run(body, pr)) if f.check == "merged-but-open"}
    assert found == categories


@pytest.mark.parametrize("body", ["vLLM 采用更小的 block_t（16），以保证所有 SM 都被占满。",
                                  "vLLM uses a smaller block_t of 16, which keeps every SM busy."])
def test_a_setting_the_source_gives_otherwise_across_languages(body):
    src = doc("vLLM uses a smaller block_t of 8, which ensures that all SMs are occupied.")
    found = [f for f in flagged(run(body, src)) if f.check == "figure-differs"]
    assert found and found[0].category == "unsupported" and "8" in found[0].message
    assert not flagged(run(body.replace("16", "8"), src))


@pytest.mark.parametrize("body", ["The docstring says the memory savings come without any cost to training performance.",
                                  "The kernel changes don't help training performance, the docstring says."])
def test_a_denial_the_source_does_not_make_is_flagged(body):
    src = doc("These savings in memory come at the cost of training performance and CPU resources.\n\n"
              "The kernel changes help training performance on every GPU.")
    assert [f for f in flagged(run(body, src)) if f.check == "denial-added"]


@pytest.mark.parametrize("body, source", [
    ("The kernel changes neither improve nor regress performance on NVIDIA GPUs.",
     "The kernel optimizations don't improve or regress the performance on Nvidia GPUs."),
    ("You no longer need to change into the benchmarks/float8/training directory.",
     "It modifies the script to remove the need to change directory to benchmarks/float8/training."),
    ("The savings do not come for free: they cost training performance.",
     "These savings in memory come at the cost of training performance."),
])
def test_a_denial_the_source_makes_too_is_not_flagged(body, source):
    assert not [f for f in flagged(run(body, doc(source))) if f.check == "denial-added"]


def test_a_change_of_two_figures_one_earlier_sentence_gives():
    log = doc("before: throughput: 40.344 tok/s\n\nafter: throughput: 57.025 tok/s")
    assert not flagged(run("吞吐从 40.344 tok/s 升到 57.025 tok/s。折算下来，吞吐提升约 41%。", log))
    assert [f for f in flagged(run("吞吐从 40.344 tok/s 升到 57.025 tok/s。折算下来，吞吐提升超过一半。", log))
            if f.category in ("unsupported", "overstatement")]


# --- rounds 17 and 18, false alarms after their first run ------------------------------

@pytest.mark.parametrize("body", ["作者 9 月 16 日在合并 develop 之后重新检查了 PR head，仍然达到目标。",
                                  "After merging main into the branch on September 16, the author re-ran the benchmark."])
def test_a_branch_merged_into_an_open_pr_is_no_merge_of_it(body):
    pr = doc("Speed up the encoder.", state="open", dates={"created": "2026-09-10"})
    assert not [f for f in flagged(run(body, pr)) if f.check == "merged-but-open"]
    assert [f for f in flagged(run("该 PR 已于 9 月 16 日合并。", pr)) if f.check == "merged-but-open"]


def test_a_wall_time_is_no_kernel_figure():
    src = doc("## Kernel Hotspots (628 input / 165 output tokens, 4.38s wall time)\n\n| kernel | share |\n|---|---|\n"
              "| SDPA | 33.4% |\n")
    assert not flagged(run("在墙钟时间 4.38s 的请求上，FlashAttention 占 GPU 时间的 33.4%。", src))


@pytest.mark.parametrize("body", ["#1360 的约 88 tok/s 是并发下的聚合吞吐。", "The ~88 tok/s of #1360 is aggregate throughput."])
def test_a_figure_of_a_pr_the_section_could_not_read_is_info(body):
    found = [f for f in run(body, doc("Prefix cache for multimodal inputs.")).findings if f.category == "unsupported"]
    assert found and all(f.severity == "info" for f in found)


@pytest.mark.parametrize("body", ["各引擎的结果落在同一区间：7—8B 模型约 14—16 t/s。", "7-8B models reach about 14-16 t/s on every engine."])
def test_a_model_size_range_is_no_byte_figure(body):
    src = doc("| model | t/s |\n|---|---|\n| Llama 3.1 8B | 14.8 |\n| Qwen2.5 7B | 15.9 |\n")
    assert not [f for f in flagged(run(body, src)) if "B" in f.message and f.check == "number-unsupported"]


@pytest.mark.parametrize("body, flagged_", [
    ("一位 B580 用户称，无论官方发布版还是自编译版，Vulkan 后端都比 SYCL 快 30%。", False),
    ("Whether prebuilt or self-built, the Vulkan backend is 30% faster than SYCL, a B580 user says.", False),
    ("无论什么配置，Vulkan 后端都比 SYCL 快 30%。", True),
])
def test_named_alternatives_widen_nothing(body, flagged_):
    src = doc("On a B580 with qwen2 14B at pp512, Vulkan is 30% faster than SYCL.")
    assert bool([f for f in flagged(run(body, src)) if f.check == "scope-widened"]) == flagged_


# --- stop 20: mechanisms from round 25 and the mutants ------------------------------------

@pytest.mark.parametrize("body", ["They are commented out in `config.ts` rather than deleted.",
                                  "这些模型在 `config.ts` 里被 commented out，而不是删除。"])
def test_code_commented_out_is_no_reply(body):
    pr = doc("These have temporarily been commented out in config.ts while the issues are debugged.")
    assert not [f for f in run(body, pr).findings if f.check == "reply-not-in-thread"]


@pytest.mark.parametrize("body", ["A maintainer commented that the models stay disabled.",
                                  "维护者回复说这些模型暂时不会恢复。"])
def test_a_reply_in_a_thread_without_comments_is_still_flagged(body):
    pr = doc("These have temporarily been commented out in config.ts while the issues are debugged.")
    assert [f.check for f in flagged(run(body, pr))] == ["reply-not-in-thread"]


@pytest.mark.parametrize("body", ["是否算进 1.2.0，要看合入日期是否早于 9 月 18 日：#101 早于它。",
                                  "Whether it ships in 1.2.0 depends on a merge before September 18; #101 was merged before it."])
def test_a_date_a_merge_is_compared_with_is_not_its_day(body):
    pr = doc("Adds NUMA interleave.", dates={"created": "2026-09-10", "merged": "2026-09-15"}, state="merged")
    assert not [f for f in flagged(run(body, pr)) if f.category == "release-date"]


@pytest.mark.parametrize("body", ["#101 于 9 月 18 日合入。", "#101 was merged on September 18."])
def test_a_merge_day_the_source_gives_otherwise_is_still_flagged(body):
    pr = doc("Adds NUMA interleave.", dates={"created": "2026-09-10", "merged": "2026-09-15"}, state="merged")
    assert [f.check for f in flagged(run(body, pr))] == ["date-contradicted"]


_NUMA = ("该功能现在默认关闭，未配置时继续使用 first-touch。\n\n"
         "benchmark commit：4c42ffd2（当时的开关语义为 A 设置 DISABLE=1、B 默认启用）。")
_NUMA_EN = ("The feature is now disabled by default; without the flag the allocator keeps first-touch.\n\n"
            "Benchmark commit 4c42ffd2 (at the time the switch was inverted: B was enabled by default).")


@pytest.mark.parametrize("body, source", [("合入之后 interleave 成为默认行为。", _NUMA),
                                          ("After the merge, interleave is on by default.", _NUMA_EN)])
def test_a_default_the_source_gives_only_as_past_does_not_back_the_claim(body, source):
    assert [f.check for f in flagged(run(body, doc(source)))] == ["status-default"]


@pytest.mark.parametrize("body, source", [("合入之后 interleave 需要显式开启，默认关闭。", _NUMA),
                                          ("After the merge, interleave is opt-in.", _NUMA_EN)])
def test_a_default_told_as_the_source_gives_it_now_is_not_flagged(body, source):
    assert flagged(run(body, doc(source))) == []


_TEMP = "[Model] Temporarily removing support for q0f32 models due to correctness issues"


@pytest.mark.parametrize("body", ["#101 permanently drops q0f32 support.", "#101 永久移除了 q0f32 模型的支持。"])
def test_a_temporary_removal_told_as_permanent_is_flagged(body):
    pr = doc("These have temporarily been commented out while the issues are debugged.", title=_TEMP)
    assert [f.check for f in flagged(run(body, pr))] == ["status-permanent"]


@pytest.mark.parametrize("body", ["#101 temporarily drops some q0f32 models.", "#101 暂时移除了部分 q0f32 模型。"])
def test_a_temporary_removal_told_as_such_is_not(body):
    pr = doc("These have temporarily been commented out while the issues are debugged.", title=_TEMP)
    assert flagged(run(body, pr)) == []


_ACCEPT = "Validation on H200: the accept length rises from `1.804` to `2.738` (+51.7%); outputs match."


@pytest.mark.parametrize("body", ["这意味着 MTP 的端到端解码吞吐同样提升了约 51.7%。",
                                  "So MTP decode throughput also rises by about 51.7%."])
def test_an_acceptance_gain_told_as_throughput_is_a_conflation(body):
    assert {f.check for f in flagged(run(body, doc(_ACCEPT)))} == {"metric-renamed"}


@pytest.mark.parametrize("body", ["MTP 的 accept length 提升了约 51.7%。", "The MTP acceptance length rises by 51.7%."])
def test_an_acceptance_gain_told_as_such_is_not(body):
    assert flagged(run(body, doc(_ACCEPT))) == []


_SMS = "`hopper` values were measured on H20 (78 SM), and `ada` values were measured on RTX 4090 D."


def test_a_count_told_otherwise_is_read_past_its_plural():
    assert [f.check for f in flagged(run("The `hopper` values were measured on an H20 with 105 SMs.", doc(_SMS)))] == [
        "figure-differs"]
    assert flagged(run("The `hopper` values were measured on an H20 with 78 SMs.", doc(_SMS))) == []


_SPEEDS = "4. gemma-9b decode tok/s: 13.642 (v0.2.79) vs 13.863 (this PR)"


@pytest.mark.parametrize("body, checks", [("gemma-9b decode tok/s: 13.963 with this PR.", ["figure-differs"]),
                                          ("gemma-9b decode tok/s: 13.863 with this PR.", []),
                                          ("gemma-9b decode tok/s: about 13.9 with this PR.", [])])
def test_a_figure_written_to_the_sources_precision_differs_past_rounding(body, checks):
    assert [f.check for f in flagged(run(body, doc(_SPEEDS)))] == checks


_BENCH = ("Decode tok/s, averaged across 10 runs:\n\n"
          "1. Phi-3.5-mini: 31.765 (v0.2.79) vs 31.754 (this PR)\n2. Qwen3-0.6B: 39.681 (v0.2.79) vs 40.825 (this PR)")


@pytest.mark.parametrize("body", ["The numbers were measured in Chrome on an Apple M2 MacBook.",
                                  "这些数字是在 RTX 4090 上测得的。"])
def test_hardware_told_for_a_sources_unplaced_measurements_is_unseen(body):
    assert [f.check for f in flagged(run(body, doc(_BENCH)))] == ["condition-unseen"]


@pytest.mark.parametrize("body", ["The PR does not say which GPU or browser the numbers were measured on.",
                                  "We measured the same build on an Apple M2 MacBook and saw similar numbers."])
def test_hardware_not_put_on_the_sources_measurements_is_not(body):
    assert flagged(run(body, doc(_BENCH))) == []


_H800 = "Same H800, alternating A/B CUDA Graph timings: warmup 3 calls, 10 two-layer calls/capture, 7 rounds."


@pytest.mark.parametrize("body", ["The A/B timings come from CUDA Graph runs on one L40S, alternating over seven rounds.",
                                  "On one L40S, the alternating A/B CUDA Graph timings ran over 7 rounds."])
def test_hardware_swapped_in_a_retold_part_of_a_long_sentence(body):
    assert [f.check for f in flagged(run(body, doc(_H800)))] == ["condition-swapped"]


def test_the_same_hardware_in_a_retold_part_is_not_swapped():
    body = "The A/B timings come from CUDA Graph runs on one H800, alternating over seven rounds."
    assert flagged(run(body, doc(_H800))) == []


@pytest.mark.parametrize("body, checks", [("这一配置达到每秒 12.5 万个 decode token。", {"metric-renamed"}),
                                          ("这一配置达到每秒 12.5 万个 prefill token。", set()),
                                          ("The setup reaches 125k decode tokens/s.", {"metric-renamed"}),
                                          ("The setup reaches 125k prefill tokens/s.", set())])
def test_a_rate_named_by_the_word_between_number_and_unit(body, checks):
    src = doc("Nine nodes serve the FP8 verifier, achieving 125k prefill tokens/s and 1.5 steps/s.")
    assert {f.check for f in flagged(run(body, src))} == checks


def test_a_word_before_the_number_names_no_rate():
    src = doc("| build | output | prefill |\n|---|---|---|\n| archless | garbage | 4.21 t/s |\n| sm_121a | correct | 325.70 t/s |")
    assert flagged(run("The sm_121a build produced correct output at 325.70 t/s.", src)) == []


@pytest.mark.parametrize("body", ["In both engines, then, the router more than doubled peak output throughput.",
                                  "两个引擎里，路由都让峰值输出吞吐翻了一倍多。"])
def test_a_percent_gain_said_before_backs_a_multiple(body):
    first = "Peak output throughput was 14,892 tok/s against 6,986 for the baseline (+113.2%)."
    text = (f"---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## Section\n\n{first}\n{body}\n\n"
            f"来源：[source]({PR})\n")
    src = doc("| arm | output tok/s |\n|---|---|\n| router | 14,892 (+113.2%) |\n| baseline | 6,986 |")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([src]))
    assert not [f for f in flagged(report) if f.line == 8]


@pytest.mark.parametrize("body", ["作者一度把文档改成“USE_XPU=ON 的构建默认使用 TENT”。",
                                  "The author at one point changed the docs to say XPU builds previously used TENT by default."])
def test_a_default_told_as_past_is_no_claim(body):
    pr = doc("XPU deployments opt in with `MC_USE_TENT=1` like every other build.")
    assert not [f for f in flagged(run(body, pr)) if f.check == "status-default"]


def test_a_potential_complement_denies_its_verb():
    src = doc("由于 -DUSE_CUDA=ON 没有开启，CUDA 拓扑检测没有开启，在某些场景下可能不能取得最佳性能。")
    assert flagged(run("未开启 -DUSE_CUDA=ON 时，某些场景下可能达不到最佳性能。", src)) == []
    assert [f.check for f in flagged(run("未开启 -DUSE_CUDA=ON 时也能达到最佳性能。", src))] != []


# --- round 26 -------------------------------------------------------------------------------

_SLA = ("All perf files run the same profile: streaming, goodput SLA `TTFT≤2000ms ∧ ITL≤25ms`.\n\n"
        "| Variant | Mean ITL | Mean TTFT |\n|---|---:|---:|\n| GKE A4X | 11.38 ms | 3.73 s |")


@pytest.mark.parametrize("body", ["On GKE A4X that came with a mean ITL of 11.38 ms and a mean TTFT of 3.73 s.",
                                  "GKE A4X 的平均 ITL 为 11.38 ms，平均 TTFT 为 3.73 s。"])
def test_a_limit_is_no_measured_figure_to_differ_from(body):
    assert flagged(run(body, doc(_SLA))) == []


def test_a_measured_figure_told_otherwise_still_differs():
    assert [f.check for f in flagged(run("On GKE A4X the mean TTFT was 5.73 s and the mean ITL 11.38 ms.",
                                          doc(_SLA)))] == ["figure-differs"]


@pytest.mark.parametrize("body", ["该 PR 最终未合并而是关闭。", "In the end the PR was not merged but closed."])
def test_a_denied_merge_of_a_closed_pr_is_no_merge(body):
    pr = doc("Adds disk transport.", state="closed", dates={"created": "2026-09-10", "closed": "2026-09-15"})
    assert flagged(run(body, pr)) == []


@pytest.mark.parametrize("body", ["该 PR 已合并。", "The PR was merged."])
def test_a_merge_of_a_closed_pr_is_still_flagged(body):
    pr = doc("Adds disk transport.", state="closed", dates={"created": "2026-09-10", "closed": "2026-09-15"})
    assert {f.check for f in flagged(run(body, pr))} == {"merged-but-open"}


_LEAD = "现有实现使用最早的模型版本表示整条样本，无法区分：\n- 已经过期的旧 policy token；\n- 仍然可以参与训练的新 policy token。"


def test_a_list_item_completes_its_lead_and_asserts_nothing_alone():
    assert flagged(run("原有实现无法区分已过期的旧 policy token 与仍可训练的新 token。", doc(_LEAD))) == []


@pytest.mark.parametrize("body", ["Also new this week, #101 adds Hopper results to the blog.",
                                  "本周另外，#101 为博客补充了 Hopper 结果。"])
def test_a_short_opening_clause_dates_the_thread_after_it(body):
    pr = doc("Adds Hopper results.", state="merged", dates={"created": "2026-05-18", "merged": "2026-05-20"})
    assert {f.category for f in flagged(run(body, pr))} == {"release-date"}
    pr = doc("Adds Hopper results.", state="open", dates={"created": "2026-05-18"})
    assert {f.category for f in flagged(run(body, pr))} == {"release-date"}


@pytest.mark.parametrize("body", ["本周的主线是 Intel XPU：#101 规划的系列 PR 陆续落地。",
                                  "This week's theme is XPU: the series #101 planned keeps landing."])
def test_a_theme_before_a_colon_dates_no_thread(body):
    pr = doc("RFC: XPU support.", kind="issue", dates={"created": "2026-05-18"})
    assert flagged(run(body, pr)) == []


_GCP = ("The Dynamo aggregated DGD uses `--router-mode random` for parity (KV routing has no benefit at 1 replica).\n\n"
        "Set `MC_USE_TENT=1` to opt in.")


@pytest.mark.parametrize("body, checks", [
    ("The Dynamo deployment runs with `--router-mode kv` to exercise KV-aware routing.", ["option-value-differs"]),
    ("Dynamo 部署用 `--router-mode kv` 来测试 KV 感知路由。", ["option-value-differs"]),
    ("The Dynamo deployment runs with `--router-mode random` for parity.", []),
    ("The deployment does not use --router-mode kv.", []),
    ("Q8_0 的 27B 模型和 --router-mode 参数都保持不变。", []),
    ("设 MC_USE_TENT=1 即可启用。", []),
])
def test_an_option_set_to_a_value_the_sources_never_give(body, checks):
    assert [f.check for f in flagged(run(body, doc(_GCP)))] == checks


def test_a_single_node_told_of_a_two_node_topology():
    src = doc("Two-node GKE topology with TP=8 + PP=2, matched to the published reference.")
    assert [f.check for f in flagged(run("The deployment runs on a single node with TP=8 + PP=2.", src))] == [
        "status-single-node"]
    assert flagged(run("The deployment runs on two nodes with TP=8 + PP=2.", src)) == []


@pytest.mark.parametrize("body, checks", [("第 2—10 步的平均吞吐为每卡 14.62K tokens/s。", ["axis-swapped"]),
                                          ("Steps 2-10 averaged 14.62K tokens/s per GPU.", ["axis-swapped"]),
                                          ("第 2—10 步的全局吞吐平均为 14.62K tokens/s。", [])])
def test_a_global_figure_told_per_device(body, checks):
    src = doc("Steps 2-10 averaged 14.62K global tokens/s with 122.665 GiB peak memory per rank.")
    assert [f.check for f in flagged(run(body, src))] == checks


_KVBW = ("```diff\n+| Variant | KV BW | Per-rank | Mean TTFT |\n+|---|---:|---:|---:|\n"
         "+| GKE A4X (GB200) | **10.71 GB/s** | 2.68 GB/s | 3.73 s |\n```")


@pytest.mark.parametrize("body, checks", [("GKE A4X (GB200) reached 10.71 GB/s of KV bandwidth per rank.", ["column-swapped"]),
                                          ("GKE A4X (GB200) 每个 rank 的 KV 带宽为 10.71 GB/s。", ["column-swapped"]),
                                          ("GKE A4X (GB200) reached 2.68 GB/s of KV bandwidth per rank.", []),
                                          ("GKE A4X (GB200) reached 10.71 GB/s of KV bandwidth in total.", [])])
def test_a_cell_told_under_another_columns_side(body, checks):
    assert [f.check for f in flagged(run(body, doc(_KVBW)))] == checks


# --- round 27 -------------------------------------------------------------------------------

_HUBLIC = ("Add zero-shot TTS support for **CosyVoice3** ([Org/Voice3-0.5B](https://huggingface.co/Org/Voice3-0.5B), "
           "Apache-2.0), served through the OpenAI-compatible API.")


@pytest.mark.parametrize("body, categories", [("#101 将 Voice3-0.5B 权重标注为 Apache-2.0。", []),
                                              ("#101 lists the Voice3-0.5B weights as Apache-2.0.", []),
                                              ("#101 lists the Voice3-0.5B weights as MIT.", ["license"])])
def test_a_license_beside_a_hub_model_link_is_the_weights(body, categories):
    assert [f.category for f in flagged(run(body, doc(_HUBLIC)))] == categories


@pytest.mark.parametrize("text, value", [("QPS 均提升三成以上", 30.0), ("约七成用户", 70.0)])
def test_tenths_in_chinese_are_percent(text, value):
    from factcheck.extract.quantities import extract_quantities
    [q] = extract_quantities(text)
    assert (q.unit, q.high) == ("%", value)


@pytest.mark.parametrize("text", ["一成不变", "这三成为主流", "完成了三成功能"])
def test_cheng_in_words_is_no_tenth(text):
    from factcheck.extract.quantities import extract_quantities
    assert [q for q in extract_quantities(text) if q.unit == "%"] == []


_FIRST_CHUNK = ("| Concurrent Tasks | Average (ms) | 50th Percentile (ms) |\n| --- | --- | --- |\n"
                "| 4 | 750.42 | 740.31 |")


@pytest.mark.parametrize("body, checks", [("流式首包平均延迟为 750.42 ms，这是单路请求下测得的。", ["single-load-swapped"]),
                                          ("The first chunk arrives after 750.42 ms on average for a single request.",
                                           ["single-load-swapped"]),
                                          ("流式首包平均延迟为 750.42 ms（4 路并发）。", []),
                                          ("At 4 concurrent tasks the first chunk averages 750.42 ms.", [])])
def test_a_figure_measured_under_load_told_as_one_requests(body, checks):
    assert [f.check for f in flagged(run(body, doc(_FIRST_CHUNK)))] == checks


# --- round 28 -------------------------------------------------------------------------------

def _thread(*authors):
    return doc("Does SGLang PD work with this config?", kind="issue",
               comments=[{"author": a, "date": "2026-09-15", "text": "vc @pierDipi"} for a in authors])


@pytest.mark.parametrize("body", ["Maintainer pierDipi replied that SGLang PD works with the same configuration.",
                                  "The author, pierDipi, replied that it works.",
                                  "维护者 pierDipi 次日回复说 SGLang PD 可以使用同样的配置。"])
def test_a_reply_put_on_someone_with_no_comment_in_the_thread(body):
    assert [f.check for f in flagged(run(body, _thread("spolti")))] == ["replier-not-in-thread"]


@pytest.mark.parametrize("body", ["Maintainer spolti replied, pinging pierDipi.", "A reviewer asked whether decode improves too.",
                                  "维护者 spolti 回复并抄送了 pierDipi。"])
def test_a_reply_by_someone_who_commented_is_not(body):
    assert [f.check for f in flagged(run(body, _thread("spolti"))) if f.check == "replier-not-in-thread"] == []


@pytest.mark.parametrize("body, checks", [("把原始 50 步推理压缩至 4 步。", ["range-top"]),
                                          ("把原始 40—50 步推理压缩至 4 步。", [])])
def test_a_step_range_told_as_its_top(body, checks):
    assert [f.check for f in flagged(run(body, doc("将原始40-50步推理压缩至仅需4步，且无需CFG配置")))] == checks


def test_an_upper_case_resolution_is_read():
    from factcheck.extract.quantities import extract_quantities
    assert [(q.unit, q.high) for q in extract_quantities("生成 1080P 视频")] == [("p", 1080.0)]


# --- round 29 -------------------------------------------------------------------------------

_LOG = ("```bash\nOperator: rmsnorm  Performance Test (dtype=torch.bfloat16, mode=kernel)\n"
        "Status       Torch Latency (ms)    Gems Latency (ms)    Gems Speedup    Size Detail\n"
        "-----------------------------------------------------------------------------------\n"
        "SUCCESS      0.004754              0.003062             1.553           [1, 1152]\n"
        "SUCCESS      0.003489              0.003193             1.093           [1, 5376]\n```")


@pytest.mark.parametrize("body", ["[1, 5376] 上两边延迟都只有 3.5 微秒左右，差距在 0.3 微秒左右。",
                                  "On [1, 5376] the two latencies differ by about 0.3 us."])
def test_an_aligned_log_table_gives_its_columns_units(body):
    assert flagged(run(body, doc(_LOG))) == []


def test_an_aligned_log_table_still_checks_figures():
    assert [f.category for f in flagged(run("On [1, 5376] Gems takes 0.004193 ms against Torch's 0.003489 ms.",
                                             doc(_LOG)))] != []


def test_a_heading_is_no_request_result():
    src = doc("V1 = 165.8 tok/s (output), V2 = 72.4 tok/s, **ratio 43.7% < 80%** per operator.")
    text = f"---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## 端到端：两份\"性能比不足 80%\"的报告\n\n正文。\n\n来源：[s]({PR})\n"
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([src]))
    assert [f for f in flagged(report) if f.check == "kernel-as-request"] == []


@pytest.mark.parametrize("body, checks", [
    ("He added that initial INT4 support in ONNX Runtime had only recently been merged.", []),
    ("他补充说 ONNX Runtime 的 INT4 支持最近才合入。", []),
    ("The PR was merged this week.", ["merged-but-open"]),
    ("评审者表示愿意合入这项优化，#101 当天随即合入。", ["merged-but-open"])])
def test_a_merge_in_reported_speech_is_not_the_cited_prs(body, checks):
    pr = doc("Adds INT4.", state="closed", dates={"created": "2026-09-10", "closed": "2026-09-15"},
             comments=[{"author": "reviewer1", "date": "2026-09-12", "text": "Comfortable merging this."}])
    assert sorted({f.check for f in flagged(run(body, pr))}) == checks


@pytest.mark.parametrize("body, checks", [("两个服务都在 16 张 910C 上以 TP=16 启动。", ["option-value-differs"]),
                                          ("Both services start on 16 910C cards with TP=16.", ["option-value-differs"]),
                                          ("两个服务都在 Ascend 910C 上以 TP=2 启动。", [])])
def test_a_parallel_degree_the_sources_never_set(body, checks):
    src = doc("以 FlagOS 镜像启动服务（Ascend 910C，plugin 模式，TP=2）。")
    found = [f.check for f in flagged(run(body, src))]
    assert set(checks) <= set(found) and bool(found) == bool(checks)


_RATES = ">Prompt length: 21, New tokens: 85, Prompt tokens per second: 8.02 tps, New tokens per second: 5.09 tps"


@pytest.mark.parametrize("body, checks", [
    ("In that run the prompt was processed at 5.09 tokens/s and new tokens were generated at 8.02 tokens/s.",
     ["axis-swapped"]),
    ("In that run the prompt was processed at 8.02 tokens/s and new tokens were generated at 5.09 tokens/s.", [])])
def test_rates_told_crosswise_to_their_labels(body, checks):
    assert [f.check for f in flagged(run(body, doc(_RATES)))] == checks


# --- round 31 -------------------------------------------------------------------------------

def test_a_month_day_takes_the_year_nearest_the_window():
    pr = doc("Knowledge is injected at the end.", kind="issue", dates={"created": "2025-12-12"})
    assert flagged(run("Issue #101, opened on December 12, reported that knowledge is injected at the end.", pr,
                       window="2026-01-02..2026-01-08")) == []
    assert [f.check for f in flagged(run("Issue #101, opened on December 15, reported it.", pr,
                                         window="2026-01-02..2026-01-08"))] == ["date-contradicted"]


@pytest.mark.parametrize("body", ["qwen2 模型没有训练过 parallel function call。",
                                  "qwen2 was never trained on parallel function calls."])
def test_a_denial_the_source_writes_with_mei_verb_guo(body):
    assert flagged(run(body, doc("qwen2模型没训过parallel function call。"))) == []


def test_a_count_after_a_chinese_word_is_read():
    from factcheck.extract.quantities import extract_quantities
    assert [(q.raw, q.unit) for q in extract_quantities("一张L20 48G Agent并发 10 用户")][-1] == ("10", "")


@pytest.mark.parametrize("body, checks", [("随着 #102 合入，#101 已被关闭。", ["closed-but-open"]),
                                          ("With #102 merged, #101 was closed.", ["closed-but-open"]),
                                          ("#101 仍然开着，没有被关闭。", []),
                                          ("#101 里提到可以关闭 CUDA graph。", [])])
def test_a_thread_told_closed_that_is_open(body, checks):
    issue = doc("EAGLE3.1 support. As a workaround, CUDA graph can be disabled.", url="https://github.com/o/r/issues/101",
                kind="issue", state="open",
                dates={"created": "2026-09-15"})
    assert [f.check for f in flagged(run(body, issue, cite="https://github.com/o/r/issues/101"))] == checks


_PLACEMENT = ("| model (placement) | trainer | delta | full broadcast |\n|---|---|---|---|\n"
              "| Qwen3-8B (2+2 nodes, 32 GPUs) | 16 GPUs | **3.34 s** | 34.26 s |\n"
              "| Qwen3-0.6B (1 node, 8 GPUs) | 6 GPUs | 0.59 s | 0.61 s |")


@pytest.mark.parametrize("body, checks", [
    ("Qwen3-0.6B 单节点 8 卡时全量广播只要 0.61 秒。", []),
    ("On a single node with 8 GPUs, Qwen3-0.6B's full broadcast takes 0.61 s.", []),
    ("On a single node, Qwen3-8B's full broadcast takes 34.26 s.", ["status-single-node"]),
    ("Qwen3-8B 在单机上全量广播需要 34.26 秒。", ["status-single-node"]),
])
def test_how_many_nodes_is_read_on_the_row_that_holds_the_figure(body, checks):
    assert [f.check for f in flagged(run(body, doc(_PLACEMENT)))] == checks


_SETTINGS_TABLE = ("| Setting | Value |\n|---|---|\n| Rollout | vLLM, TP=4, `n=8` |\n"
                   "| Lengths | `max_prompt_length=2048`, `max_response_length=32768` |")


@pytest.mark.parametrize("body, checks", [
    ("rollout 用 vLLM，TP=4，n=8，max_response_length 为 32768。", []),
    ("The rollout uses vLLM with TP=4 and max_response_length set to 32768.", []),
    ("The rollout stage runs 32768 requests with vLLM.", ["named-row-swapped"]),
])
def test_a_figure_named_by_its_own_cell_is_not_another_rows(body, checks):
    assert [f.check for f in flagged(run(body, doc(_SETTINGS_TABLE)))] == checks


@pytest.mark.parametrize("body, flagged_", [("音频输入大约每秒 25 个 token。", False),
                                            ("Audio input comes to about 25 tokens per second.", False),
                                            ("音频输入大约每秒 50 个 token。", True)])
def test_a_rate_written_out_per_second(body, flagged_):
    src = doc("The model can process raw audio without an encoder. It might be ~25 token for one second of audio.")
    assert bool(flagged(run(body, src), "unsupported")) is flagged_


def test_a_version_an_earlier_section_gave_is_no_new_claim_here():
    first = doc("Engine 4.10.0 collects 280 pull requests.", url="https://github.com/example-org/engine/releases/tag/v4.10.0")
    other = doc("Engine 4.9.0 shipped on August 27.", url="https://github.com/example-org/engine/pull/7")
    text = ("---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## One\n\nEngine 4.10.0 collects 280 pull requests.\n\n"
            "Sources: [notes](https://github.com/example-org/engine/releases/tag/v4.10.0)\n\n## Two\n\n"
            "If you skipped 4.9.0, read its notes before anything in 4.10.0.\n\n"
            "Sources: [PR](https://github.com/example-org/engine/pull/7)\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([first, other]))
    assert flagged(report) == []
    assert [f.check for f in report.findings if f.category == "unsupported"] == ["version-told-before"]
    # never named before: the section's own sources should carry it
    alone = text.replace("Engine 4.10.0 collects", "Engine collects")
    assert [f.check for f in flagged(check_text(alone, "t.md", Settings(use_checkpoint=False),
                                                ArchiveSources([first, other])))] == ["version-unsupported"]


_README_TABLE = ("| Model | Speed |\n|---|---|\n| SenseVoice-Small | 170x realtime |\n| Paraformer-Large | 120x realtime |\n"
                 "| Fun-ASR-Nano (vLLM) | **340x** realtime |\n| Whisper-large-v3 | 15x realtime |")


@pytest.mark.parametrize("second, checks", [
    ("340x 并不是本周才出现的数字。", []),
    ("The Japanese README now shows 340x as well.", []),
])
def test_a_table_top_the_draft_introduced_earlier_is_judged_there(second, checks):
    assert [f.check for f in flagged(run("FunASR now transcribes at 340x realtime.\n\n" + second, doc(_README_TABLE)))] == [
        "column-top"]  # the first mention only
    assert [f.check for f in flagged(run("Fun-ASR-Nano 走 vLLM 路径时为 340x realtime。\n\n" + second,
                                         doc(_README_TABLE)))] == checks


def test_a_news_line_dates_what_it_names_most_closely_in_any_cited_source():
    readme = doc("🔥🔥🔥Mar 7, 2025: 新增 QwQ-32B Tool-call Demo，支持并行、多步、多轮工具调用。",
                 url="https://github.com/example-org/agent/blob/main/README_CN.md", kind="repository")
    news = doc("- May 1, 2025: Add Qwen3 Tool-call Demo, and add MCP Cookbooks.\n- Mar 7, 2025: Added QwQ-32B Tool-call Demo.",
               url="https://example.org/agent/news", kind="blog")
    text = ("---\ntitle: t\nwindow: 2025-04-25..2025-05-12\n---\n\n## News\n\n{}\n\n"
            "来源：[README_CN](https://github.com/example-org/agent/blob/main/README_CN.md)，[news](https://example.org/agent/news)\n")
    def checks(body):
        report = check_text(text.format(body), "t.md", Settings(use_checkpoint=False), ArchiveSources([readme, news]))
        return [f.check for f in flagged(report)]
    assert checks("5 月 1 日，README 的更新栏新增了 Qwen3 Tool-call Demo，同时新增了 MCP cookbooks。") == []
    assert checks("本周新增了 QwQ-32B Tool-call Demo，支持并行、多步、多轮工具调用。") == ["new-but-earlier"]


def _vision_pr(comments, created="2025-07-02", state="open"):
    return doc("Adds GRPO support for vision models.", kind="pull_request", state=state,
               dates={"created": created}, comments=comments)


@pytest.mark.parametrize("body, checks", [
    ("本周 mmathew23 在该 PR 下回复，VLM GRPO 已经走 grpo_accumulated_loss，这个分支不再需要。", ["replier-not-in-thread"]),
    ("This week mmathew23 replied that the branch is no longer needed.", ["replier-not-in-thread"]),
    ("本周 danielhanchen 在该 PR 下回复，这个分支不再需要。", []),
    ("This week danielhanchen replied that the branch is no longer needed.", []),
    ("去年 10 月 mmathew23 在该 PR 下回复过一次。", []),
    ("The reporter replied that the KV cache is f16 in both cases.", []),
])
def test_a_reply_this_week_is_one_of_this_weeks_comments(body, checks):
    src = _vision_pr([{"author": "mmathew23", "date": "2025-10-01", "text": "Looking into it."},
                   {"author": "danielhanchen", "date": "2026-09-14", "text": "I do not think this is needed any more."}])
    assert [f.check for f in flagged(run(body, src, window="2026-09-09..2026-09-15"))] == checks


@pytest.mark.parametrize("body, flagged_", [("使用方式是在 GRPO 配置中新增 use_vision 变量，默认为 True。", True),
                                            ("The new use_vision switch in the GRPO config defaults to True.", True),
                                            ("使用方式是在 GRPO 配置中新增 use_vision 变量，默认为 False。", False),
                                            ("The new use_vision switch in the GRPO config defaults to False.", False)])
def test_a_boolean_default_said_as_the_other_value(body, flagged_):
    src = doc("Adds a use_vision variable to the GRPO config. use_vision = False keeps the default GRPO behavior. "
              "Default is False.")
    assert bool(flagged(run(body, src))) is flagged_


_BUG = doc("**Version:** 0.6.6\n\n## Describe the Bug\n\nJan cannot render more than 200 to 300 tokens per second.",
           url="https://github.com/example-org/app/issues/6199", kind="issue", state="open", dates={"created": "2025-08-15"})


@pytest.mark.parametrize("body, checks", [
    ("Jan 0.6.6, the version affected, was released this week.", ["version-in-use-before-window"]),
    ("本周发布的 Jan 0.6.6 正是受影响的版本。", ["version-in-use-before-window"]),
    ("Jan 0.6.6, the version affected, came out last year.", []),
    ("The bug was filed against Jan 0.6.6 in August 2025.", []),
])
def test_a_version_an_older_thread_already_ran_is_not_released_this_week(body, checks):
    got = flagged(run(body, _BUG, window="2026-07-08..2026-07-14", cite=_BUG.url))
    assert [f.check for f in got if f.category == "release-date"] == checks


def test_a_version_an_older_thread_plans_is_no_evidence():
    plan = doc("The fix will land in 0.7.0.", url="https://github.com/example-org/app/issues/7", kind="issue",
               dates={"created": "2026-05-01"})
    assert flagged(run("Jan 0.7.0 was released this week.", plan, window="2026-07-08..2026-07-14", cite=plan.url),
                   "release-date") == []


@pytest.mark.parametrize("second, checks", [
    ("That is a gap of almost 50 percent in time to first token.", ["gap-of-other-dimension"]),
    ("两者的首 token 延迟相差近 50%。", ["gap-of-other-dimension"]),
    ("That is a gap of almost 50 percent in generation speed.", []),
    ("That is a gap of almost 50 percent in throughput.", []),
])
def test_a_gap_of_two_rates_told_under_a_time_metric(second, checks):
    src = doc("So llama.cpp chat gives 52 t/s and the app 28 t/s. Tried few times.")
    got = flagged(run("They saw 52 t/s in the llama.cpp chat and 28 t/s in the app.\n" + second, src), "metric-conflation")
    assert [f.check for f in got] == checks


def test_a_heading_names_a_topic_not_a_shipped_feature():
    roadmap = doc("We propose a llama.cpp model provider extension.", url="https://github.com/example-org/app/issues/4941",
                  kind="issue", state="open", title="roadmap: llama.cpp model provider extension")
    text = ("---\ntitle: t\nwindow: 2026-07-08..2026-07-14\n---\n\n## Background: why the app now ships its own llama.cpp\n\n"
            "The roadmap issue proposes a llama.cpp provider extension.\n\n"
            "Sources: [#4941](https://github.com/example-org/app/issues/4941)\n")
    assert flagged(check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([roadmap]))) == []


def test_a_rate_typed_with_a_backslash():
    src = doc("So the native chat gives 52 t\\s and the app 28 t\\s. Tried few times.")
    assert flagged(run("The native chat gave 52 t/s and the app 28 t/s.", src)) == []
    assert [f.check for f in flagged(run("The native chat gave 52 t/s and the app 38 t/s.", src))] == ["figure-differs"]


def test_a_default_of_another_setting_says_nothing_of_this_one():
    src = doc("extra_generate_cfg=dict(\n    parallel_function_calls=True,  # Default: False\n)")
    assert flagged(run("现在默认就是 parallel_tool_calls，不需要传参数。", src)) == []
    assert flagged(run("parallel_tool_calls is now on by default.", src)) == []
    assert [f.check for f in flagged(run("parallel_function_calls is now on by default.", src))] == ["status-default"]


@pytest.mark.parametrize("body, checks", [
    ("The user adds that the failure is limited to Windows machines with AMD GPUs.", ["condition-unseen"]),
    ("用户补充说，这个问题只出现在 Windows 机器上。", ["condition-unseen"]),
    ("The user adds that the failure happens with the Vulkan backend builds.", []),
    ("The failure may well be limited to Windows machines; the issue does not say.", []),
])
def test_a_platform_put_in_the_sources_mouth_must_be_there(body, checks):
    src = doc("I have at least two Vulkan related problems. The releases install properly through the Backend "
              "function, but models fail to load every time.")
    assert [f.check for f in flagged(run(body, src))] == checks


def test_a_word_that_holds_now_is_not_a_claim_that_it_ships():
    from factcheck.extract.statement import extract_statement
    assert extract_statement("这个问题只出现在 Windows 机器上。", claim=True).of("shipped") == []
    assert extract_statement("现在已经支持 Windows。", claim=True).of("shipped")


def test_a_rate_after_a_month_like_name_is_a_figure():
    from factcheck.extract.quantities import extract_quantities
    assert [(q.raw, q.unit) for q in extract_quantities("llama.cpp chat gives 52 t\\s and Jan 28 t\\s.")] == [
        ("52 t\\s", "tok/s"), ("28 t\\s", "tok/s")]
    assert extract_quantities("Released on Jan 28 with fixes.") == []


def test_a_version_an_earlier_section_gave_without_support_is_still_checked_here():
    first = doc("Bumps the vLLM baseline to v0.27.1.", url="https://github.com/example-org/stack/pull/6162")
    other = doc("gpustack-runtime 0.1.45 is used for patching GPUStack <= 2.1.2.",
                url="https://github.com/example-org/stack/issues/5348")
    text = ("---\ntitle: t\nwindow: 2026-08-25..2026-08-31\n---\n\n## One\n\n这次基线升级已经随 GPUStack 2.2 正式版一起发布。\n\n"
            "来源：[PR](https://github.com/example-org/stack/pull/6162)\n\n## Two\n\n"
            "换言之，0.1.45 用于修补 GPUStack 2.2 及以下的版本。\n\n来源：[issue](https://github.com/example-org/stack/issues/5348)\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([first, other]))
    assert sorted((f.line, f.check) for f in flagged(report)) == [(8, "version-unsupported"), (14, "version-unsupported")]


@pytest.mark.parametrize("body, checks", [
    ("报告者在 ARM64 和 x86_64 两种架构上都复现了这个错误。", ["target-list-widened"]),
    ("The reporter reproduced it on both ARM64 and x86_64.", ["target-list-widened"]),
    ("报告者的环境是 Ubuntu 24.04 x86_64。", []),
])
def test_a_cpu_architecture_added_to_the_reported_one(body, checks):
    src = doc("Operating System & CPU Architecture: Ubuntu 24.04 x86_64", kind="issue")
    assert [f.check for f in flagged(run(body, src))] == checks


def test_any_accelerator_is_a_universal_but_all_eight_gpus_is_the_set():
    from factcheck.lexicon import load_lexicon
    universal = load_lexicon().universal
    assert [h.text for h in universal.find("The estimates hold for any 80GB-class accelerator.")] == [
        "any 80GB-class accelerator"]
    assert universal.find("Measured on all 8 GPUs of the node.") == []
    assert universal.find("在所有8张卡上测得。") == []


@pytest.mark.parametrize("body, checks", [
    ("The PR summary says the estimates are based on Llama-3.1-70B-Instruct.", ["condition-unseen"]),
    ("PR 描述中写明，这些估计基于 Llama-3.1-70B-Instruct。", ["condition-unseen"]),
    ("The PR summary says the estimates are based on Llama-3.1-8B-Instruct.", []),
    ("Readers may want to rerun the estimates on Llama-3.1-70B-Instruct.", []),
])
def test_a_model_name_put_in_the_sources_mouth_must_be_there(body, checks):
    src = doc("The following are typical runtimes based on runs using meta-llama/Llama-3.1-8B-Instruct on an A100 GPU.")
    assert [f.check for f in flagged(run(body, src))] == checks


@pytest.mark.parametrize("body, checks", [
    ("该 PR 由 thxCode 提交，yxf0314 审阅后给出 LGTM。", ["quote-put-on-other"]),
    ("yxf0314 opened the PR and thxCode replied “LGTM”.", []),
    ("The PR was opened by thxCode; yxf0314 approved it with “LGTM”.", ["quote-put-on-other"]),
    ("该 PR 由 yxf0314 提交，thxCode 审阅后给出 LGTM。", []),
])
def test_words_of_a_comment_put_on_another_login(body, checks):
    src = doc("chore(dependencies): bump gpustack-runner to 0.1.28", state="merged",
              comments=[{"author": "thxCode", "date": "2026-08-31", "text": "LGTM"}])
    assert [f.check for f in flagged(run(body, src))] == checks


@pytest.mark.parametrize("body, checks", [
    ("该实现已经支持 vLLM 推理与视频输入。", ["support-denied"]),
    ("The implementation already supports vLLM inference and video input.", ["support-denied"]),
    ("该实现暂不支持 vLLM 推理与视频输入。", []),
    ("该实现支持 Qwen2.5-VL 的图片输入。", []),
    ("后续计划支持 vLLM 推理。", []),
])
def test_support_the_source_denies_read_across_languages(body, checks):
    src = doc("I've implemented a working version that does not yet include VLLM or video input support. "
              "It supports image input for Qwen2.5-VL.", kind="issue")
    assert [f.check for f in flagged(run(body, src))] == checks


def test_support_denied_yields_to_a_later_clause_that_supports_it():
    src = doc("The first version does not include vLLM support. Update: vLLM is now supported as well.", kind="issue")
    assert flagged(run("该实现已经支持 vLLM 推理。", src)) == []


@pytest.mark.parametrize("body, checks", [
    ("Throughput rose by 25%, from 1,216.7 to 1,219.7 requests per second.", ["change-percent-disagrees"]),
    ("吞吐从 1,216.7 提升到 1,219.7 RPS，提高了 25%。", ["change-percent-disagrees"]),
    ("Throughput rose by 0.25%, from 1,216.7 to 1,219.7 requests per second.", []),
    ("p99 went from 7,200 ms to 780 ms (−89%).", []),
    ("Batch sizes from 16 to 64 gave a 0.25% gain.", []),
])
def test_a_percentage_of_change_the_sentences_own_figures_contradict(body, checks):
    src = doc("| Metric | Before | After | Improvement |\n| --- | --- | --- | --- |\n"
              "| RPS | 1,216.7 | **1,219.7** | **+0.25%** |\n| p99 | 7,200 ms | 780 ms | -89% |\n| gain | 16 | 64 | 0.25% |")
    assert [f.check for f in flagged(run(body, src)) if f.check == "change-percent-disagrees"] == checks


def test_a_thousands_comma_is_no_clause_boundary():
    from factcheck.extract.clauses import split_clauses
    text = "p99 went from 7,200 ms to 780 ms (−89%) and average latency from 844 ms to 262 ms"
    assert len(split_clauses(text)) == 1
    assert len(split_clauses("a, b，c: d")) == 4


def test_p99_and_average_told_each_with_its_own_figures():
    src = doc("| Metric | Before | After | Improvement |\n| --- | --- | --- | --- |\n| p99 latency | 7,200 ms | **780 ms** | −89% |\n"
              "| Average latency | 844 ms | **262 ms** | −69% |")
    assert flagged(run("p99 went from 7,200 ms to 780 ms (−89%) and average latency from 844 ms to 262 ms (−69%).", src)) == []


@pytest.mark.parametrize("body, checks", [
    ("The 0.6.0 release that fixed the problem shipped the same day.", ["planned-called-released"]),
    ("修复问题的 0.6.0 版本当天就已发布。", ["planned-called-released"]),
    ("A 0.6.0 release is planned soon.", []),
    ("The fix is slated for 0.6.0, which has not shipped yet.", []),
])
def test_a_version_the_source_plans_told_as_released(body, checks):
    src = doc("Thanks for the report! We plan to kick off the 0.6.0 release soon.", kind="issue")
    assert [f.check for f in flagged(run(body, src))] == checks


@pytest.mark.parametrize("body, checks", [
    ("官方 Docker 镜像现在同时提供 x86 和 ARM64 两种架构，可以直接拉取。", ["support-denied"]),
    ("The official Docker images now ship for both x86 and ARM64.", ["support-denied"]),
    ("官方只提供 x86 的 Docker 镜像，ARM64 需要自行构建。", []),
])
def test_an_image_the_source_says_is_not_provided(body, checks):
    src = doc("请注意，目前官方提供的所有 Docker 镜像均基于 x86 架构构建，并不提供基于 ARM64 的 Docker 镜像。", kind="repository")
    assert [f.check for f in flagged(run(body, src))] == checks


def test_bing_wei_and_other_adverbs_before_wei_deny():
    from factcheck.extract.clauses import split_clauses
    for text in ("Infinity 目前官方并未正式支持在 arm64 上运行。", "本版本暂未开放该功能。", "该版本从未发布过。"):
        assert split_clauses(text)[0].negated, text


def test_stability_as_a_noun_claims_nothing_stable():
    from factcheck.extract.statement import extract_statement
    assert extract_statement("修复列表中有两项与稳定性直接相关。", claim=True).of("status") == []
    assert [m.key for m in extract_statement("该功能现已稳定。", claim=True).of("status")] == ["stable"]


_PRICES = ("| Provider | Model | Cost Per Second |\n| --- | --- | --- |\n| RunwayML | `runwayml/gen4_turbo` | $0.05 |\n"
           "| RunwayML | `runwayml/gen4_aleph` | $0.15 |\n| RunwayML | `runwayml/gen3a_turbo` | $0.05 |")


@pytest.mark.parametrize("body, checks", [
    ("On the video side, Gen-4 Aleph costs $0.05 per second, the same as Gen-4 Turbo.", ["named-row-swapped"]),
    ("Gen-4 Aleph 与 Gen-4 Turbo 价格相同，都是每秒 0.05。", ["named-row-swapped"]),
    ("Gen-3A Turbo costs $0.05 per second, the same as Gen-4 Turbo.", []),
    ("RunwayML video models start at $0.05 per second.", []),
])
def test_a_row_named_in_its_own_spelling_by_any_of_its_cells(body, checks):
    assert [f.check for f in flagged(run(body, doc(_PRICES)))] == checks


def test_a_quote_naming_a_precision_names_no_login():
    src = doc("Adds int8 kernels.", comments=[{"author": "chenyuxyz", "date": "2026-05-10", "text": "not sure if int8 really works"}])
    assert flagged(run("Its author, chenyuxyz, added the next day that he was “not sure if int8 really works”.", src)) == []
    assert [f.check for f in flagged(run("Reviewer geohot1 replied “not sure if int8 really works”.", src))] in (
        ["quote-put-on-other"], ["replier-not-in-thread"])


def test_markdown_escapes_are_no_part_of_a_name():
    src = doc("* CUDA backend, when in use: GPU support for Q5\\_0, Q5\\_1, Q8\\_0, K-quants and Mixtral")
    assert flagged(run("The notes say that the CUDA backend adds GPU support for Q5_0, Q5_1 and Q8_0.", src)) == []


@pytest.mark.parametrize("text, want", [
    ("有了 LoRA，v3 微调所需显存从最初的 14G 降到了 6G 左右。", [("14G", "GB"), ("6G 左右", "GB")]),
    ("sovits-v3微调支持lora训练，需要8G显存可以微调", [("8G", "GB")]),
    ("The card has 24G VRAM.", [("24G", "GB")]),
    ("支持 5G 网络", []),
])
def test_memory_written_with_a_bare_g(text, want):
    from factcheck.extract.quantities import extract_quantities
    assert [(q.raw, q.unit) for q in extract_quantities(text) if q.unit == "GB"] == want


def test_a_memory_figure_the_changelog_does_not_give():
    src = doc("### 20250223\n\n1-sovits-v3微调支持lora训练，需要8G显存可以微调，效果比全参微调更好")
    assert [f.check for f in flagged(run("有了 LoRA，v3 微调所需显存降到了 6G 左右。", src))] == ["number-unsupported"]
    assert flagged(run("有了 LoRA，v3 微调需要 8G 显存即可。", src)) == []


@pytest.mark.parametrize("body, checks", [("T5 文本 token 上限从 120 扩展到 300。", ["change-mismatch"]),
                                          ("The T5 token limit went from 120 to 300.", ["change-mismatch"]),
                                          ("T5 文本 token 上限从 120 扩展到 200。", []),
                                          ("Batch size went from 64 to 300 in our own sweep.", [])])
def test_a_unitless_change_against_the_sources_own_change(body, checks):
    src = doc("Extending T5 tokens from 120 to 200: our caption is usually less than 200 tokens.")
    assert [f.check for f in flagged(run(body, src))] == checks


# --- stop 22: mechanisms from rounds 38 and 39 ------------------------------------------------------

README_LICENSES = ("This codebase is released under **Apache License** and all model weights are released under "
                   "**CC-BY-NC-SA-4.0 License**.")


@pytest.mark.parametrize("body", ["许可方面，README 说明代码和 S1-mini 权重都以 Apache 许可证发布。",
                                  "Per the README, both the code and the S1-mini weights are under the Apache license."])
def test_a_codebase_license_carried_over_to_the_weights_is_flagged(body):
    [f] = flagged(run(body, doc(README_LICENSES, kind="repository")), "license")
    assert f.check == "license-wrong-artifact" and "CC-BY-NC-SA-4.0" in f.message


@pytest.mark.parametrize("body", ["许可方面，README 说明代码以 Apache 许可证发布，权重采用 CC-BY-NC-SA-4.0。",
                                  "The codebase is Apache-licensed, while the weights are CC-BY-NC-SA-4.0."])
def test_the_codebase_and_weights_licenses_told_apart_are_not(body):
    assert flagged(run(body, doc(README_LICENSES, kind="repository"))) == []


COMPILE_DOCS = ("The `compile` option is not supported on windows and macOS, if you want to run with compile, "
                "you need to install triton by yourself.")


@pytest.mark.parametrize("body", ["按照新的安装文档，Windows 用户在 XPU 上同样可以使用 compile 选项。",
                                  "Per the new install docs, the compile option works on Windows too."])
def test_a_feature_said_usable_on_a_platform_the_docs_rule_out_is_flagged(body):
    [f] = flagged(run(body, doc(COMPILE_DOCS, kind="page")), "overstatement")
    assert f.check == "platform-support-denied" and "Windows" in f.message


@pytest.mark.parametrize("body", ["按照新的安装文档，compile 选项在 Windows 上不可用，需要自己安装 triton。",
                                  "The compile option works on Linux; on Windows it is not supported.",
                                  # another feature on that platform: the docs do not speak to it
                                  "Windows 用户可以使用 XPU 后端。",
                                  "Windows users can use the WebUI."])
def test_a_platform_use_the_docs_do_not_rule_out_is_not(body):
    assert flagged(run(body, doc(COMPILE_DOCS, kind="page"))) == []


S1_TABLE = ("| Model | Word Error Rate (WER) | Character Error Rate (CER) | Speaker Distance |\n"
            "|-------|----------------------|---------------------------|------------------|\n"
            "| **S1** | **0.008**  | **0.004**  | **0.332** |\n"
            "| **S1-mini** | **0.011** | **0.005** | **0.380** |")


@pytest.mark.parametrize("body", ["对于本地就能下载的 S1-mini，README 给出的英文 WER 同样只有 0.008。",
                                  "The downloadable S1-mini also reaches a WER of 0.008 in the README's table."])
def test_a_short_model_rows_figure_put_on_the_longer_named_row_is_flagged(body):
    [f] = flagged(run(body, doc(S1_TABLE, kind="repository")), "metric-conflation")
    assert f.check == "named-row-swapped" and "0.011" in f.message


@pytest.mark.parametrize("body", ["S1 的 WER 为 0.008，S1-mini 为 0.011。",
                                  "S1 reaches a WER of 0.008 and S1-mini 0.011."])
def test_each_rows_figure_on_its_own_row_is_not(body):
    assert flagged(run(body, doc(S1_TABLE, kind="repository"))) == []


def _opened_pr(number: int, created: str, merged: str | None = None) -> SourceDocument:
    dates = {"created": created} | ({"merged": merged} if merged else {})
    return doc("Don't count profiling in tokens/sec.", url=f"https://github.com/o/r/pull/{number}",
               state="merged", dates=dates)


@pytest.mark.parametrize("body", ["9 月 15 日合并的 #27 改变了内核的编译方式。",
                                  "#27 was merged on September 15, the day it was opened."])
def test_an_opening_day_told_as_the_merge_day_is_flagged(body):
    src = _opened_pr(27, "2026-09-15")
    [f] = flagged(run(body, src, cite=src.url), "release-date")
    assert f.check == "opened-date-as-merged" and "2026-09-15" in f.message
    # a source that gives the merge day speaks for itself
    dated = _opened_pr(27, "2026-09-15", merged="2026-09-15")
    assert flagged(run(body, dated, cite=dated.url)) == []


@pytest.mark.parametrize("body", ["9 月 15 日提交、已合入的 #27 改变了内核的编译方式。",
                                  "#27, opened on September 15 and since merged, changes how the kernels compile.",
                                  "Pull request #27, merged and dated September 15, changes how the kernels compile."])
def test_an_opening_day_said_as_such_beside_a_merge_is_not(body):
    src = _opened_pr(27, "2026-09-15")
    assert flagged(run(body, src, cite=src.url)) == []


@pytest.mark.parametrize("body", ["#848 stops counting profiling in the tokens/sec figure.",
                                  "#848 停止把 profiling 计入 tokens/sec。"])
def test_stops_doing_retells_dont_do(body):
    src = doc("Don't count profiling or import contextlib in tokens/sec", url="https://github.com/o/r/pull/848")
    assert flagged(run(body, src, cite=src.url)) == []


MONITOR = ("timestamp_utc,total_tcp,time_wait\n2026-09-15T14:35:02Z,51,22\n2026-09-15T14:35:55Z,271,235\n"
           "2026-09-15T14:36:59Z,294,274\n2026-09-15T14:37:56Z,296,267")


@pytest.mark.parametrize("body", ["The reporter's monitoring table shows connections piling up in under three minutes.",
                                  "报告者的监控表显示，不到 3 分钟连接数就堆了上去。"])
def test_a_duration_the_sources_timestamps_span_is_not_flagged(body):
    assert flagged(run(body, doc(MONITOR, kind="issue"))) == []


@pytest.mark.parametrize("body", ["The reporter's monitoring table shows connections piling up in under 30 seconds.",
                                  "报告者的监控表显示，不到 1 分钟连接数就堆了上去。"])
def test_a_duration_shorter_than_the_timestamps_span_is_flagged(body):
    [f] = flagged(run(body, doc(MONITOR, kind="issue")), "unsupported")
    assert f.check == "number-unsupported"


def test_a_review_told_as_this_weeks_is_one_of_this_weeks_comments():
    src = doc("AQLM support for vLLM.", url="https://github.com/o/r/pull/3287", state="merged",
              comments=[{"author": "mgoin", "date": "2026-10-27", "text": "Given the latest round of tuning, I feel confident."}])
    body = "mgoin 在本周的评审中表示，这已是良好的组合，可以合并。"
    [f] = flagged(run(body, src, cite=src.url), "unsupported")
    assert f.check == "reply-not-in-thread"
    on_time = src.model_copy(update={"comments": [c.model_copy(update={"date": "2026-09-16"}) for c in src.comments]})
    assert flagged(run(body, on_time, cite=src.url)) == []
    # a PR still under review says nothing of a reply
    assert flagged(run("#3287 仍在评审中。", src, cite=src.url)) == []


@pytest.mark.parametrize("body", ["#653 was closed this week, after the measurement fixes above landed.",
                                  "#653 本周已被关闭。"])
def test_closed_this_week_where_the_closing_comment_is_months_later_is_flagged(body):
    src = doc("torchchat is slower than gpt-fast", url="https://github.com/o/r/issues/653", kind="issue",
              state="closed", dates={"created": "2026-05-03"},
              comments=[{"author": "Jack-Khuu", "date": "2026-12-18", "text": "Closing stale issue"}])
    [f] = flagged(run(body, src, cite=src.url), "release-date")
    assert f.check == "event-outside-window" and "2026-12-18" in f.message
    closed_now = src.model_copy(update={"comments": [c.model_copy(update={"date": "2026-09-16"}) for c in src.comments]})
    assert flagged(run(body, closed_now, cite=src.url)) == []


SPEED_TABLE = ("| Model | speed (eager) | speed (compile) |\n| ---- | ---- | ---- |\n"
               "| gpt-fast  | 176 tokens/sec | 99 tokens/sec |\n| torchchat  | 76 tokens/sec |  33 tokens/sec |")


def test_a_change_with_its_after_from_another_row_is_flagged():
    [f] = flagged(run("Compiling did help torchchat, lifting it from 76 to 99 tokens/sec.", doc(SPEED_TABLE, kind="issue")),
                  "metric-conflation")
    assert f.check == "change-mismatch"
    careful = "Compiling did not help torchchat: it went from 76 to 33 tokens/sec, while gpt-fast ran at 99 compiled."
    assert flagged(run(careful, doc(SPEED_TABLE, kind="issue"))) == []


KERNEL_TIMES = ("| num_tokens | kernel, ms/pass | fp16 baseline, ms/pass |\n|--|--|--|\n"
                "| 1 | 0.18 ms | 0.14 ms |\n| 16384 | 25.70 ms | 21.14 ms |")


@pytest.mark.parametrize("body", ["在 1 个 token 时，内核每次前向约 0.18 ms，fp16 基线为 0.14 ms。\n"
                                  "换言之，单 token 场景下 AQLM 内核比 fp16 基线快了约 22%。",
                                  "At one token the kernel takes about 0.18 ms per pass and the fp16 baseline 0.14 ms.\n\n"
                                  "So at one token the AQLM kernel is about 22% faster than the fp16 baseline."])
def test_faster_than_a_baseline_the_sentence_before_shows_faster_is_flagged(body):
    [f] = flagged(run(body, doc(KERNEL_TIMES)), "overstatement")
    assert f.check == "speed-flipped"


@pytest.mark.parametrize("body", ["在 1 个 token 时，内核每次前向约 0.18 ms，fp16 基线为 0.14 ms。\n"
                                  "换言之，单 token 场景下 AQLM 内核比 fp16 基线慢了约 22%。",
                                  "At one token the kernel takes about 0.18 ms per pass and the fp16 baseline 0.14 ms.\n\n"
                                  "So at one token the fp16 baseline is about 22% faster than the AQLM kernel."])
def test_the_baselines_lead_told_the_right_way_round_is_not(body):
    assert flagged(run(body, doc(KERNEL_TIMES))) == []


BARE_KERNEL = ("This is the throughput of the matvec and matmat kernels for a 4096x12288 matrix on an RTX 3090.\n\n"
               "| num_tokens | with optimize, ms/pass | fp16 baseline, ms/pass |\n|--|--|--|\n"
               "| 1 | 0.21 | 0.14 |\n| 16384 | 25.70 | 21.14 |")


@pytest.mark.parametrize("body", ["在 16384 个 token 时，训练内核 25.70 ms 对 fp16 的 21.14 ms。\n这些数字是整个模型端到端生成一个 token 的耗时。",
                                  "At 16384 tokens the training kernel takes 25.70 ms against 21.14 ms for fp16.\n"
                                  "These numbers are end-to-end times for generating one token."])
def test_kernel_cells_without_units_told_as_end_to_end_are_flagged(body):
    assert "kernel-as-request" in [f.check for f in flagged(run(body, doc(BARE_KERNEL)), "metric-conflation")]


@pytest.mark.parametrize("body", ["在 16384 个 token 时，训练内核 25.70 ms 对 fp16 的 21.14 ms，这是单个矩阵的内核耗时。",
                                  "At 16384 tokens the training kernel takes 25.70 ms against 21.14 ms for fp16, per kernel call."])
def test_kernel_cells_told_as_kernel_times_are_not(body):
    assert flagged(run(body, doc(BARE_KERNEL))) == []


# --- stop 22: mechanisms from rounds 40 and 41 ------------------------------------------------------

def test_a_version_in_a_package_file_name_is_a_version_the_source_gives():
    src = doc("Environment: torch+CUDA: torch-2.7.1+cu128\ntorch-2.7.1+cu128-cp312-cp312-manylinux_2_28_x86_64.whl",
              kind="issue")
    for body in ["提问者补充的环境为 torch 2.7.1+cu128。", "The reporter runs torch 2.7.1+cu128."]:
        assert flagged(run(body, src)) == []
    assert [f.check for f in flagged(run("The reporter runs torch 2.6.1+cu128.", src))] == ["version-unsupported"]


EARLY = ("Additional CPU and GPU-enabled models available as early releases: Granite-4.0-1B, SenseVoiceSmall, "
         "Qwen3-TTS, LTX-2.3")


@pytest.mark.parametrize("body", ["Qwen3-TTS, LTX-2.3 and SenseVoiceSmall are now fully supported on CPU and GPU.",
                                  "Qwen3-TTS、LTX-2.3 和 SenseVoiceSmall 现已在 CPU 和 GPU 上正式支持。"])
def test_early_releases_told_as_fully_supported_are_flagged(body):
    [f] = flagged(run(body, doc(EARLY, kind="release")), "overstatement")
    assert f.check == "status-stable"


@pytest.mark.parametrize("body", ["Qwen3-TTS, LTX-2.3 and SenseVoiceSmall are available on CPU and GPU as early releases.",
                                  "Qwen3-TTS、LTX-2.3 和 SenseVoiceSmall 以早期版本（early release）形式在 CPU 和 GPU 上提供。"])
def test_early_releases_told_as_such_are_not(body):
    assert flagged(run(body, doc(EARLY, kind="release"))) == []


def test_a_sentence_ending_in_a_model_size_ends_there():
    from factcheck.draft import split_sentences
    text = "Support is extended to NPUs for Qwen3.5-9B.\nQwen3-TTS is new. Written by J. Smith."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "Support is extended to NPUs for Qwen3.5-9B.", "Qwen3-TTS is new.", "Written by J. Smith."]


GGUF = "Preview: OpenVINO and OpenVINO GenAI extend GGUF support with a new GGUF frontend."


@pytest.mark.parametrize("body", ["With this release, OpenVINO gains GGUF support for the first time.",
                                  "本版 OpenVINO 首次支持 GGUF。"])
def test_first_support_where_the_source_extends_it_is_flagged(body):
    [f] = flagged(run(body, doc(GGUF, kind="release")), "release-date")
    assert f.check == "first-but-extended" and "GGUF" in f.message


@pytest.mark.parametrize("body", ["This release extends GGUF support with a new frontend, still a preview.",
                                  "本版扩展了 GGUF 支持，新增的 GGUF 前端仍是预览。",
                                  # first of something else
                                  "For the first time, the notes list a Preview section."])
def test_extended_support_told_as_such_is_not(body):
    assert flagged(run(body, doc(GGUF, kind="release"))) == []


MTP = ("On CPU i9-12900K with 128GB RAM, I gained performance speed upto 1.28x on samples below against "
       "baseline without speculative decoding")


@pytest.mark.parametrize("body", ["The author reports a speed-up of up to 1.28x on an i9-12900K.\n"
                                  "Put simply, MTP makes generation 1.28x faster on Intel hardware.",
                                  "作者报告在 i9-12900K 上最高提速 1.28x。\n换句话说，MTP 让生成提速 1.28x。"])
def test_an_upshot_that_drops_the_bound_said_before_is_flagged(body):
    [f] = flagged(run(body, doc(MTP)), "overstatement")
    assert f.check == "hedge-dropped" and f.line == 9


@pytest.mark.parametrize("body", ["The author reports a speed-up of up to 1.28x on an i9-12900K.\n"
                                  "The 1.28x was measured on the PR's own samples.",
                                  "作者报告在 i9-12900K 上最高提速 1.28x。\n1.28x 是在 PR 自带的样例上测得的。"])
def test_a_sentence_that_refers_back_to_the_bound_is_not(body):
    assert flagged(run(body, doc(MTP))) == []


def _open_issue():
    return doc("Wan2.2 14B OOMs on 8x RTX 5090 where Wan2.1 14B does not.", url="https://github.com/o/r/issues/51",
               kind="issue", state="open")


@pytest.mark.parametrize("body", ["#51 报告 Wan2.2 14B 在 8 张 RTX 5090 上爆显存。\n这个问题在首周内就已修复并关闭。",
                                  "#51 reports an OOM on 8 RTX 5090s.\nThis issue has been closed since."])
def test_an_open_issue_pointed_back_to_as_closed_is_flagged(body):
    src = _open_issue()
    [f] = flagged(run(body, src, cite=src.url))
    assert f.check == "closed-but-open"


@pytest.mark.parametrize("body", ["#51 报告 Wan2.2 14B 在 8 张 RTX 5090 上爆显存。\n这个问题目前仍未关闭。",
                                  "#51 reports an OOM on 8 RTX 5090s.\nThis issue is still open."])
def test_an_open_issue_told_open_is_not(body):
    src = _open_issue()
    assert flagged(run(body, src, cite=src.url)) == []


def test_a_figure_of_another_table_row_put_on_the_named_model_is_flagged():
    src = doc("**Panther Lake (iGPU)**\n\n| Model | 32 tok/s | 1024 tok/s |\n| --- | --- | --- |\n"
              "| Qwen3.5-9B-int4-ov | 20.7 | 19.4 |\n| Qwen3.5-35B-A3B-int4-ov | 19.1 | 17.8 |\n\n"
              "**Arrow Lake (CPU)**\n\n| Model | 32 tok/s | 1024 tok/s |\n| --- | --- | --- |\n"
              "| Qwen3.5-9B-int4-ov | 13.2 | 13.0 |", kind="issue")
    [f] = flagged(run("Qwen3.5-35B-A3B-int4-ov managed only 13.2 tok/s on the iGPU.", src), "metric-conflation")
    assert f.check == "named-row-swapped"
    assert flagged(run("Qwen3.5-9B-int4-ov managed 13.2 tok/s on Arrow Lake's CPU.", src)) == []


def _dated_thread():
    return doc("Run one vLLM worker per rank.", url="https://github.com/o/r/pull/3162",
               comments=[{"author": "toslali-ibm", "date": "2026-09-15", "text": "Thanks @qgallouedec, the gain comes "
                          "from one worker per rank."},
                         {"author": "qgallouedec", "date": "2026-09-17", "text": "LGTM"}])


@pytest.mark.parametrize("body", ["维护者 qgallouedec 在 9 月 15 日的评论中解释，提升来自每个 rank 各跑一个 worker。",
                                  "qgallouedec replied on September 15 that the gain comes from one worker per rank."])
def test_a_comment_put_on_someone_who_wrote_none_that_day_is_flagged(body):
    src = _dated_thread()
    [f] = flagged(run(body, src, cite=src.url), "unsupported")
    assert f.check == "replier-not-in-thread"


@pytest.mark.parametrize("body", ["作者 toslali-ibm 在 9 月 15 日的评论中解释，提升来自每个 rank 各跑一个 worker。",
                                  "qgallouedec replied on September 17 with an LGTM."])
def test_a_comment_put_on_its_writer_that_day_is_not(body):
    src = _dated_thread()
    assert flagged(run(body, src, cite=src.url)) == []


@pytest.mark.parametrize("body", ["据 PR 描述，#3394 已于 9 月 16 日合入主分支。",
                                  "Per its description, #3394 was merged on September 16."])
def test_a_merge_day_the_merged_pr_carries_nowhere_is_flagged(body):
    src = doc("Colocate vLLM with training.", url="https://github.com/o/r/pull/3394", state="merged",
              dates={"created": "2026-04-30"})
    [f] = flagged(run(body, src, cite=src.url), "unsupported")
    assert f.check == "merge-date-unsupported"
    # a day one of its comments carries may be where the writer read it
    commented = src.model_copy(update={"comments": [Comment(author="a", date="2026-09-16", text="Merged, thanks!")]})
    assert flagged(run(body, commented, cite=src.url)) == []


PAPER = "https://arxiv.org/abs/2507.19457"


@pytest.mark.parametrize("body", ["The paper itself was also published this week, alongside the merge.",
                                  "这篇论文也是本周发布的。"])
def test_the_paper_called_this_weeks_where_it_is_older_is_flagged(body):
    paper = doc("GEPA: reflective prompt evolution.", url=PAPER, kind="paper", dates={"published": "2026-07-25"})
    pr = doc("Add GEPA.", dates={"created": "2026-09-15"})
    cite = f"{PAPER}), [pr]({PR}"
    [f] = flagged(run(body, paper, pr, cite=cite), "release-date")
    assert f.check == "event-outside-window" and "2026-07-25" in f.message
    assert flagged(run(body.replace("this week", "in July").replace("本周", "7 月"), paper, pr, cite=cite)) == []


BLOG = ("We’re excited to continue refining this setup, integrating features like FSDP. However, we’re waiting for an "
        "official fix before integrating sleep() fully into TRL upstream. Full support for TP and DP is already in.")


@pytest.mark.parametrize("body", ["该模式同样已经支持 FSDP，大模型训练可以直接切换过去。",
                                  "The colocate mode already supports FSDP.",
                                  "目前 sleep() 已完整并入 TRL 主线，直接可用。",
                                  "sleep() is now integrated into TRL upstream."])
def test_what_the_source_still_plans_told_as_in_place_is_flagged(body):
    [f] = flagged(run(body, doc(BLOG, kind="blog")), "overstatement")
    assert f.check == "planned-called-supported"


@pytest.mark.parametrize("body", ["博客说 FSDP 支持还在后续计划中。", "FSDP support is planned next.",
                                  "The colocate mode supports TP and DP.", "该模式已经支持 TP 和 DP。",
                                  "sleep() 要等 vLLM 官方修复后才会完整并入 TRL。"])
def test_what_the_source_plans_told_as_planned_or_what_it_has_is_not(body):
    assert flagged(run(body, doc(BLOG, kind="blog"))) == []


@pytest.mark.parametrize("body", ["这组 72B 实验是在 8 张 H100 上完成的。", "The 72B experiment was done on 8 H100 GPUs."])
def test_hardware_no_source_names_for_its_experiment_is_flagged(body):
    src = doc("Experiment 5: Qwen2.5-Math-72B. Even with 4 fewer GPUs, the co-locate setup is ~1.26× faster.", kind="blog")
    [f] = flagged(run(body, src), "unsupported")
    assert f.check == "condition-unseen" and "H100" in f.message
    assert flagged(run(body.replace("8 张 H100", "更少的 GPU").replace("8 H100 GPUs", "fewer GPUs"), src)) == []


MEMORY_NOTE = ("Note: Depending on the model size, you may need to adjust the vllm_gpu_memory_utilization parameter "
               "in GRPOConfig to avoid out-of-memory errors.")


@pytest.mark.parametrize("body", ["显存方面，用户不必再手动调整 vllm_gpu_memory_utilization。",
                                  "Users no longer need to touch vllm_gpu_memory_utilization."])
def test_a_setting_the_source_may_need_told_as_unneeded_is_flagged(body):
    [f] = flagged(run(body, doc(MEMORY_NOTE, kind="blog")), "overstatement")
    assert f.check == "setting-requirement-denied"


@pytest.mark.parametrize("body", ["视模型大小，用户可能仍需调整 vllm_gpu_memory_utilization。",
                                  "Depending on model size, users may still need to adjust vllm_gpu_memory_utilization.",
                                  "Users no longer need to pass --colocate by hand."])
def test_a_setting_told_as_the_source_says_is_not(body):
    assert flagged(run(body, doc(MEMORY_NOTE, kind="blog"))) == []


EVALS = "GEPA: 100–500 evaluations vs. 5,000–25,000+ for GRPO."


@pytest.mark.parametrize("body", ["In other words, GEPA needs about 100 evaluations where GRPO needs 25,000.",
                                  "换句话说，GEPA 只需约 100 次评估，而 GRPO 要 25,000 次。"])
def test_the_low_end_of_one_range_against_the_high_end_of_another_is_flagged(body):
    [f] = flagged(run(body, doc(EVALS, kind="repository")), "overstatement")
    assert f.check == "range-ends-compared"


@pytest.mark.parametrize("body", ["GEPA needs 100–500 evaluations where GRPO needs 5,000–25,000.",
                                  "GEPA 需要 100—500 次评估，GRPO 需要 5,000—25,000 次。",
                                  "At the low ends, GEPA needs 100 evaluations and GRPO 5,000."])
def test_ranges_compared_as_ranges_or_end_for_end_are_not(body):
    assert flagged(run(body, doc(EVALS, kind="repository"))) == []


ABSTRACT = ("GEPA outperforms GRPO by 6% on average and by up to 20%. GEPA also outperforms the leading prompt "
            "optimizer, MIPROv2, by over 10% (e.g., +12% accuracy on AIME-2025).")


@pytest.mark.parametrize("body", ["On AIME-2025 specifically, GEPA's gain over GRPO is 12% accuracy.",
                                  "在 AIME-2025 上，GEPA 比 GRPO 高 12%。"])
def test_a_lead_over_one_system_put_against_another_is_flagged(body):
    [f] = flagged(run(body, doc(ABSTRACT, kind="paper")), "metric-conflation")
    assert f.check == "comparator-swapped" and "MIPROv2" in f.message


@pytest.mark.parametrize("body", ["On AIME-2025 specifically, GEPA's gain over MIPROv2 is 12% accuracy.",
                                  "在 AIME-2025 上，GEPA 比 MIPROv2 高 12%。",
                                  "GEPA beats GRPO by up to 20%."])
def test_a_lead_over_the_system_the_source_names_is_not(body):
    assert flagged(run(body, doc(ABSTRACT, kind="paper"))) == []


def test_a_figure_put_on_a_paper_the_section_cites_but_could_not_read_is_info():
    readme = doc("VDN-H3 takes about 6.9 s of denoising and 9.0 s end to end.", url="https://github.com/o/vdn",
                 kind="repository")
    body = "论文报告八张 B200 上的去噪为 4.70 秒；README 给出约 6.9 秒去噪。"
    # the paper is cited but not archived: what the sentence says the paper reports cannot be checked
    cite = "https://github.com/o/vdn), [论文](https://arxiv.org/abs/2609.14021"
    report = run(body, readme, cite=cite)
    assert flagged(report) == []
    assert any(f.check == "named-source-unread" for f in report.findings)
    # cited and read, or not cited at all: the figure is checked as ever
    assert "number-unsupported" in [f.check for f in flagged(run(body, readme, cite="https://github.com/o/vdn"))]


DISTRIBUTED = "Distributed inference: run DeepSeek-R1 FP8 across two workers with n_worker: 2 on 8xH100 nodes."


@pytest.mark.parametrize("body", ["#101 让 FP32 的 DeepSeek-R1 可以在两台 worker 上运行，启动时加参数 n_worker: 2。",
                                  "#101 lets DeepSeek-R1 in FP32 run across two workers with n_worker: 2."])
def test_a_condition_put_on_a_thread_named_by_number_that_never_names_it_is_flagged(body):
    [f] = flagged(run(body, doc(DISTRIBUTED)), "unsupported")
    assert f.check == "condition-unseen" and "FP32" in f.message


@pytest.mark.parametrize("body", ["#101 让 FP8 的 DeepSeek-R1 可以在两台 worker 上运行，启动时加参数 n_worker: 2。",
                                  "#101 lets DeepSeek-R1 in FP8 run across two workers with n_worker: 2.",
                                  # no thread named: a reader's suggestion, not the PR's word
                                  "FP32 users may want to try two workers too."])
def test_a_condition_the_named_thread_gives_or_no_thread_named_is_not(body):
    assert flagged(run(body, doc(DISTRIBUTED))) == []


@pytest.mark.parametrize("body", ["作者在 H100、指定模板和固定种子下验证，输出与参考一致。",
                                  "The author verified on an H100 with a fixed seed that the outputs match."])
def test_verified_on_hardware_the_source_never_names_is_flagged(body):
    src = doc("Use fixed decode buffers. Verified with the given template and a fixed seed on MI355X: outputs match.")
    [f] = flagged(run(body, src), "unsupported")
    assert f.check == "condition-unseen" and "H100" in f.message
    assert flagged(run(body.replace("H100", "MI355X").replace("an MI355X", "an MI355X"), src)) == []


def test_a_member_of_a_slash_list_that_drops_the_prefix_is_named():
    src = doc("Prebuilt binaries: per-SM CUDA (`sm75/80/86/89/90/100/120/121`), flash-attn where supported.")
    body = "#101 builds per-SM CUDA binaries from sm75 to sm121."
    assert flagged(run(body, src)) == []
    shorter = doc("Prebuilt binaries: per-SM CUDA (`sm75/80/86/89/90/100/120`), flash-attn where supported.")
    assert [f.check for f in flagged(run(body, shorter))] == ["condition-unseen"]


# --- stop 22: mechanisms from rounds 42 and 43 ------------------------------------------------------

def test_a_figure_at_the_load_the_sentence_itself_gives_is_not_told_as_single():
    src = doc("Tested on 4 nodes of 8x RTX 4090. Gets about 24.1 tok/s decode for a single stream, and 458 tok/s for "
              "batch size 128.")
    for body in ["The PR reports about 24.1 tok/s decode for a single stream and 458 tok/s at batch size 128.",
                 "PR 报告单路解码约 24.1 tok/s，batch size 128 时为 458 tok/s。"]:
        assert flagged(run(body, src)) == []
    [f] = flagged(run("The PR reports 458 tok/s for a single stream.", src))
    assert f.check == "single-load-swapped"


def test_the_sources_own_multiple_beside_two_other_figures_is_not_theirs_to_fit():
    src = doc("| Model | Batch | Processing Time | Total Time | Speedup vs No Batch |\n|---|---|---|---|---|\n"
              "| Large v2 | 16 | 51.59 | 53.39 | 3.29x |", kind="issue")
    for body in ["large-v2 在 batch size 16 时处理时间 51.59 秒、总时间 53.39 秒，相对不批处理提速 3.29 倍。",
                 "At batch size 16, large-v2 took 51.59 s to process and 53.39 s in total, 3.29x faster than no batching."]:
        assert flagged(run(body, src)) == []


def test_a_pin_in_code_is_a_version():
    src = doc("The only dependency as of now is `aphrodite-engine==0.4.2`.")
    assert flagged(run("It pins `aphrodite-engine==0.4.2` as its only dependency.", src)) == []
    [f] = flagged(run("It pins `aphrodite-engine==0.4.5` as its only dependency.", src))
    assert f.check == "version-unsupported" and "0.4.5" in f.message


@pytest.mark.parametrize("body", ["The PR reported about 91 tok/s, slower than the 140 tok/s with AWQ Marlin.\n"
                                  "In other words, the NVFP4 path decoded roughly 1.5 times faster than AWQ Marlin.",
                                  "The synchronous engine reached 15075.27 tokens/s, while the asynchronous engine reached "
                                  "6271.73 tokens/s.\nThe async engine was thus about 2.4 times faster than the sync one."])
def test_a_multiple_told_faster_than_the_baseline_the_sentence_before_gives_as_faster_is_flagged(body):
    src = doc("Gets about 91 tok/s decode (slower than the 140 tok/s with AWQ Marlin). Sync: 15075.27 tokens/s; "
              "async: 6271.73 tokens/s.")
    [f] = flagged(run(body, src), "overstatement")
    assert f.check == "speed-flipped"


@pytest.mark.parametrize("body", ["The PR reported about 91 tok/s, slower than the 140 tok/s with AWQ Marlin.\n"
                                  "In other words, AWQ Marlin decoded roughly 1.5 times faster than the NVFP4 path.",
                                  "The synchronous engine reached 15075.27 tokens/s, while the asynchronous engine reached "
                                  "6271.73 tokens/s.\nThe sync engine was thus about 2.4 times faster than the async one."])
def test_a_multiple_told_the_right_way_round_is_not(body):
    src = doc("Gets about 91 tok/s decode (slower than the 140 tok/s with AWQ Marlin). Sync: 15075.27 tokens/s; "
              "async: 6271.73 tokens/s.")
    assert flagged(run(body, src)) == []


def test_a_reply_put_on_the_repository_the_sentence_names_reads_that_repositorys_thread():
    quiet = doc("My test results: batching gives 3.29x.", url="https://github.com/speaches-ai/speaches/issues/169",
                kind="issue", repo="speaches-ai/speaches")
    busy = doc("Batching support.", url="https://github.com/SYSTRAN/faster-whisper/pull/856", repo="SYSTRAN/faster-whisper",
               comments=[{"author": "m", "date": "2026-09-15", "text": "Thanks!"}])
    cite = f"{quiet.url}), [b]({busy.url}"
    body = "speaches 的维护者在回复中确认了这些数字。"
    [f] = flagged(run(body, quiet, busy, cite=cite), "unsupported")
    assert f.check == "reply-not-in-thread"
    assert flagged(run(body.replace("speaches", "faster-whisper"), quiet, busy, cite=cite)) == []


MEMORY = "Batched transcription: it achieves up to 4x speedup while taking up ~2x the memory."


@pytest.mark.parametrize("body", ["按 #101 的说法，批处理在提速的同时，显存占用基本不变。",
                                  "Per #101, batching speeds things up while memory use stays unchanged."])
def test_memory_told_unchanged_where_the_source_gives_a_multiple_is_flagged(body):
    [f] = flagged(run(body, doc(MEMORY)), "overstatement")
    assert f.check == "memory-unchanged" and "~2x" in f.message


@pytest.mark.parametrize("body", ["按 #101 的说法，批处理最高提速 4 倍，但显存约翻倍。",
                                  "Per #101, batching is up to 4x faster but takes about twice the memory.",
                                  "Per #101, the transcripts stay unchanged with batching."])
def test_memory_told_as_the_source_gives_it_is_not(body):
    assert flagged(run(body, doc(MEMORY))) == []


def test_an_open_issue_told_closed_this_week_in_chinese_is_flagged():
    src = doc("Support distil-large-v3.5.", url="https://github.com/o/r/issues/178", kind="issue", state="open")
    [f] = flagged(run("#178 已在本周关闭。", src, cite=src.url))
    assert f.check == "closed-but-open"
    assert flagged(run("#178 本周仍未关闭。", src, cite=src.url)) == []


@pytest.mark.parametrize("body", ["ekzhu confirmed in that thread that 0.4.0 was pulled because of a bug.",
                                  "zhang-3 noted in that thread that 0.4.0 was pulled because of a bug."])
def test_a_login_said_to_confirm_in_a_thread_they_wrote_nothing_in_is_flagged(body):
    src = doc("Bump autogen.", url="https://github.com/o/r/pull/852",
              comments=[{"author": "BenWilson2", "date": "2026-09-15", "text": "The group chat was broken in 0.4.0."}])
    [f] = flagged(run(body, src, cite=src.url), "unsupported")
    assert f.check == "replier-not-in-thread"


@pytest.mark.parametrize("body", ["BenWilson2 confirmed in that thread that 0.4.0 was broken.",
                                  "Microsoft confirmed in that thread that 0.4.0 was pulled."])
def test_the_commenter_or_a_company_said_to_confirm_is_not(body):
    src = doc("Bump autogen.", url="https://github.com/o/r/pull/852",
              comments=[{"author": "BenWilson2", "date": "2026-09-15", "text": "The group chat was broken in 0.4.0."}])
    assert flagged(run(body, src, cite=src.url)) == []


def test_a_name_the_source_glues_to_its_next_word_is_seen():
    src = doc("From my short tests dreambooth training sd3.5medium @512x512 res: prodigy 27.2GB, schedule-free 15.4GB.")
    for body in ["按 #101 的描述，在 SD3.5 medium、512x512 的训练中，Prodigy 占用 27.2GB 显存。",
                 "Per #101, DreamBooth on SD3.5 medium at 512x512 took 27.2GB with Prodigy."]:
        assert flagged(run(body, src)) == []
    assert "condition-unseen" in [f.check for f in flagged(run("Per #101, DreamBooth on SD3.5 large at 512x512 took "
                                                                "27.2GB with Prodigy.", src))]


def test_a_reply_the_sentence_dates_after_the_window_is_one_of_the_comments_by_that_day():
    src = doc("Docs for REINFORCE.", url="https://github.com/o/r/pull/346",
              comments=[{"author": "jgerh", "date": "2026-09-22", "text": "fix punctuation and revise for clarity"}])
    body = 'In a review thread on September 22, just after this window, jgerh asked to "fix punctuation".'
    assert flagged(run(body, src, cite=src.url)) == []
    [f] = flagged(run(body.replace("on September 22, just after this window, ", "this week "), src, cite=src.url))
    assert f.check == "reply-not-in-thread"


# --- stop 23: mechanisms from rounds 44/45 ------------------------------------------------------

def _two_prs(second_state: str = "closed", **merged):
    a = doc("Copy prodigy-plus internals.", url="https://github.com/o/r/pull/1866", state="closed")
    b = doc("Support FBP with prodigyplus.", url="https://github.com/o/r/pull/1867", state=second_state, **merged)
    return a, b


@pytest.mark.parametrize("body", ["两个 PR 目前都已合并进主分支。", "Both PRs have since been merged."])
def test_pull_requests_told_merged_together_are_each_checked(body):
    a, b = _two_prs()
    [f] = flagged(run_citing(body, a, b))
    assert f.check == "merged-but-open" and len(f.evidence) == 2


@pytest.mark.parametrize("body", ["两个 PR 目前都已合并进主分支。", "Both PRs have since been merged.",
                                  "两个 PR 目前都没有合并。", "三个 PR 都已合并。"])
def test_pull_requests_merged_together_or_told_unmerged_are_not_flagged(body):
    a, b = _two_prs("merged", dates={"merged": "2026-09-15"})
    a = a.model_copy(update={"state": "merged", "dates": b.dates})
    assert flagged(run_citing(body, a, b)) == []


_NCCL = doc("### Bug Fixes\n- It is now required, for stability, to add `export NCCL_ALGO=...` to scripts launching PPO "
            "training loop.", kind="page")


@pytest.mark.parametrize("body", ["For PPO, adding `export NCCL_ALGO=...` to launch scripts is an optional tweak.",
                                  "对 PPO 来说，在启动脚本里加上 `export NCCL_ALGO=...` 是可选的优化。"])
def test_a_setting_the_source_requires_told_optional_is_flagged(body):
    [f] = flagged(run(body, _NCCL))
    assert f.check == "setting-requirement-denied"


@pytest.mark.parametrize("body", ["For PPO, adding `export NCCL_ALGO=...` to launch scripts is now required for stability.",
                                  "For PPO, `use_flash` is optional; adding `export NCCL_ALGO=...` is required.",
                                  "PPO 启动脚本现在必须加上 `export NCCL_ALGO=...`，其余 `log_every_n` 之类的设置是可选的。"])
def test_a_required_setting_told_required_or_another_called_optional_is_not(body):
    assert flagged(run(body, _NCCL)) == []


_DEPRECATION = doc("## 0.6.0\n### Deprecation Notices\n- `SyncedTimer` is marked for deprecation and will be removed in `0.7.0`. "
                   "Please switch to `ScopedTimer`.\n- Introduced `ScopedTimer` as a successor to `SyncedTimer`.", kind="page")


@pytest.mark.parametrize("body", ["`ScopedTimer` succeeds `SyncedTimer`, which 0.6.0 already removes.",
                                  "0.6.0 removed `SyncedTimer` in favour of `ScopedTimer`.",
                                  "0.6.0 已经移除了 `SyncedTimer`，改用 `ScopedTimer`。"])
def test_a_deprecation_told_as_a_removal_is_flagged(body):
    [f] = flagged(run(body, _DEPRECATION))
    assert f.check == "removal-told-done"


@pytest.mark.parametrize("body", ["`SyncedTimer` is deprecated and will be removed in 0.7.0; use `ScopedTimer`.",
                                  "0.6.0 弃用了 `SyncedTimer`，计划在 0.7.0 移除。",
                                  "`ScopedTimer` succeeds `SyncedTimer`, which 0.6.0 does not remove yet.",
                                  "0.6.0 removed the old `--legacy_timer` flag; `SyncedTimer` stays for now."])
def test_a_deprecation_told_as_one_or_another_removal_is_not(body):
    assert flagged(run(body, _DEPRECATION)) == []


def test_a_removal_a_source_reports_done_is_not_flagged():
    done = doc("Remove `SyncedTimer`, deprecated since 0.6.0.", url="https://github.com/o/r/pull/400")
    assert flagged(run_citing("0.7.0 removed `SyncedTimer`.", _DEPRECATION, done)) == []


_TOTAL_SRC = doc("This release increases the total number of supported architectures to 120, spanning a wide range of "
                 "input modalities and tasks.", kind="blog")


@pytest.mark.parametrize("body", ["v3 相比 v2 一次新增了 120 种模型架构。", "v3 adds 120 new model architectures over v2."])
def test_a_total_told_as_the_number_added_is_flagged(body):
    [f] = flagged(run(body, _TOTAL_SRC))
    assert f.check == "total-told-as-added"


@pytest.mark.parametrize("body", ["v3 支持的模型架构总数增至 120 种。", "v3 brings the total to 120 supported architectures.",
                                  "v3 新增了一批架构，总数达到 120 种。"])
def test_a_total_told_as_a_total_is_not(body):
    assert flagged(run(body, _TOTAL_SRC)) == []


_IGPU = doc('- Use Intel iGPU or dGPU for inference with `model_kwargs={"device": "GPU"}`.')


@pytest.mark.parametrize("body", ['It also enabled inference on Intel and AMD GPUs through `model_kwargs={"device": "GPU"}`.',
                                  '它还能通过 `model_kwargs={"device": "GPU"}` 在英特尔和 AMD 显卡上推理。'])
def test_a_maker_added_before_a_shared_device_noun_is_flagged(body):
    [f] = flagged(run(body, _IGPU))
    assert f.check == "target-list-widened" and "AMD" in f.message


@pytest.mark.parametrize("body", ['It also enabled inference on Intel GPUs through `model_kwargs={"device": "GPU"}`.',
                                  '它还能通过 `model_kwargs={"device": "GPU"}` 在英特尔的集成或独立显卡上推理。'])
def test_the_makers_gpus_the_source_names_are_not(body):
    assert flagged(run(body, _IGPU)) == []


_README_LICENSE = doc("The majority of scripts is licensed under ASL 2.0, however portions of the project are available "
                      "under separate license terms: BLIP: BSD-3-Clause", url="https://github.com/kohya-ss/sd-scripts",
                      kind="repository", repo="kohya-ss/sd-scripts",
                      license=[{"spdx": "Apache-2.0", "name": "ASL 2.0 (majority of scripts)", "applies_to": "code"}])


def _license_draft(sentence: str) -> str:
    return ("---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## Background\n\nThe README lists the options.\n\n"
            f"来源：[README]({_README_LICENSE.url})\n\n## License\n\n{sentence}\n")


@pytest.mark.parametrize("sentence", ["sd-scripts 的大部分脚本采用 MIT 许可证，只有 BLIP 相关部分另以 BSD-3-Clause 授权。",
                                      "Most of sd-scripts is under the MIT license."])
def test_a_license_in_an_uncited_section_meets_the_projects_readme_cited_elsewhere(sentence):
    report = check_text(_license_draft(sentence), "t.md", Settings(use_checkpoint=False), ArchiveSources([_README_LICENSE]))
    assert [f.category for f in flagged(report)] == ["license"]


@pytest.mark.parametrize("sentence", ["sd-scripts 的大部分脚本采用 Apache-2.0 许可证，BLIP 部分另以 BSD-3-Clause 授权。",
                                      "Most of kohya's other project is under the MIT license."])
def test_a_right_license_or_another_project_in_an_uncited_section_is_not_flagged(sentence):
    report = check_text(_license_draft(sentence), "t.md", Settings(use_checkpoint=False), ArchiveSources([_README_LICENSE]))
    assert flagged(report) == []


def test_a_day_glued_to_its_opening_word_is_the_opening_day():
    src = doc("Add Qwen3 support.", url="https://github.com/o/r/pull/2036", state="merged",
              dates={"created": "2026-05-05", "merged": "2026-07-02"})
    for body in ["#2036 于 5 月 5 日提交、7 月 2 日合入。", "#2036 于 5 月 5 日提交，7 月 2 日合入。"]:
        assert flagged(run(body, src, cite=src.url, window="2026-06-29..2026-07-05")) == []
    [f] = flagged(run("#2036 于 5 月 5 日提交、7 月 3 日合入。", src, cite=src.url, window="2026-06-29..2026-07-05"))
    assert f.check == "date-contradicted"
    [f] = flagged(run("#2036 于 5 月 6 日提交、7 月 2 日合入。", src, cite=src.url, window="2026-06-29..2026-07-05"))
    assert f.check == "date-contradicted"


def test_a_denial_the_source_makes_by_a_prefix_is_not_a_denial_added():
    src = doc("- Added per-callable capture_time_hooks to make_graphed_callables for non-capturable warmup and "
              "graph-construction work.", kind="release")
    body = "make_graphed_callables gains per-callable capture_time_hooks for warmup and graph-construction work that cannot be captured."
    assert flagged(run(body, src)) == []
    plain = doc("- Added per-callable capture_time_hooks to make_graphed_callables for capturable warmup and "
                "graph-construction work.", kind="release")
    assert "denial-added" in [f.check for f in flagged(run(body, plain))]


_SPARSE = doc("At 10% block density the kernel reaches 381 effective TFLOPS, about 30% of dense sdpa (1218 TFLOPS).")


@pytest.mark.parametrize("body", ["默认参数下该内核在 10% 块密度时有 381 有效 TFLOPS，约为稠密 sdpa（1218 TFLOPS）的 30%。",
                                  "10% 块密度时有 381 有效 TFLOPS，大约是稠密 sdpa 的 30%。"])
def test_a_hedge_that_opens_the_comparison_governs_its_figure(body):
    assert [f for f in flagged(run(body, _SPARSE)) if f.check == "hedge-dropped"] == []


def test_a_comparison_without_its_hedge_is_still_flagged():
    body = "默认参数下该内核在 10% 块密度时有 381 有效 TFLOPS，是稠密 sdpa（1218 TFLOPS）的 30%。"
    assert "hedge-dropped" in [f.check for f in flagged(run(body, _SPARSE))]


def test_a_license_a_source_names_where_no_rule_reads_its_scope_is_not_called_unstated():
    body = "Earlier checkpoints came with their own licenses: the README links an OpenRail-M license for v0.9.5."
    src = doc("## March 5th, 2025: New checkpoint v0.9.5\n\n- New license for commercial use ([OpenRail-M](https://x/l.txt))",
              url="https://github.com/o/r", kind="repository")
    assert [f for f in flagged(run(body, src, cite=src.url)) if f.category == "license"] == []
    other = src.model_copy(update={"text": "## March 5th, 2025: New checkpoint v0.9.5\n\n- A new checkpoint."})
    assert [f.check for f in flagged(run(body, other, cite=src.url)) if f.category == "license"] == ["license-not-stated"]


@pytest.mark.parametrize("body", ["权重仓库暂时是私有的，要等 MiniMax H3 Community License 的审查完成后才会公开。",
                                  "The weights stay private pending the MiniMax H3 Community License review."])
def test_a_license_under_review_is_no_license_claim(body):
    src = doc("The HF repo is private for now; it flips public once that review lands.")
    assert [f for f in flagged(run(body, src)) if f.category == "license"] == []
    told = "权重采用 MiniMax H3 Community License。" if "权重" in body else "The weights are under the MiniMax H3 Community License."
    assert [f.check for f in flagged(run(told, src)) if f.category == "license"] == ["license-not-stated"]


_LADDER = doc("On the d5120 hero, the ladder went from ragged EP64 at 260k tok/s / 15.0% median MFU, through gather "
              "dispatch at 360k / 21.9%, and structured custom VJPs at 389k / 24.1%.\n\n"
              "- capacity 1.0625 measured 23.1277%, receiver-ECHO measured 18.2099%, and three-choice spill measured "
              "24.0829%, so none are selected", url="https://github.com/o/r/issues/7201", kind="issue")


def test_a_figure_the_source_lists_bare_after_naming_its_unit_once_is_given():
    body = "The hero went from ragged EP64 at 260k tok/s and 15.0% median MFU to 389k tok/s and 24.1% with custom VJPs."
    assert flagged(run(body, _LADDER, cite=_LADDER.url)) == []
    [f] = flagged(run(body.replace("389k", "398k"), _LADDER, cite=_LADDER.url))
    assert f.check in ("number-unsupported", "figure-differs")


def test_a_figure_written_exactly_is_not_the_rounded_top_of_another_list():
    body = "With structured custom VJPs the d5120 hero reached 24.1% median MFU."
    assert [f for f in flagged(run(body, _LADDER, cite=_LADDER.url)) if f.check == "list-top"] == []


@pytest.mark.parametrize("body", ["维护者 SolitaryThinker 在审查中也提出了同样的显存顾虑。",
                                  "SolitaryThinker 在评审中指出预取会抬高显存峰值。"])
def test_a_concern_put_on_a_reviewer_who_wrote_nothing_is_flagged(body):
    src = doc("Pin the VAE.", url="https://github.com/o/r/pull/1836",
              comments=[{"author": "greptile-apps[bot]", "date": "2026-09-16", "text": "Prefetch raises denoising peak."}])
    [f] = flagged(run(body, src, cite=src.url))
    assert f.check == "replier-not-in-thread"
    assert flagged(run(body.replace("SolitaryThinker", "greptile-apps[bot]"), src, cite=src.url)) == []


_GDN_NOTES = doc("- [PyTorch] Added experimental cuDNN-backed GatedDeltaNetAttention for dense and THD inputs. (#3351)\n"
                 "- [PyTorch] Enabled torch.compile for FlashAttention. (#3153)",
                 url="https://github.com/o/r/releases/tag/v2.19", kind="release")
_GDN_PR = doc("Fused GDN forward and backward through cuDNN.", url="https://github.com/o/r/pull/3351", state="merged")


def _gdn(sentence: str):
    return run_citing(sentence, _GDN_NOTES, _GDN_PR)


@pytest.mark.parametrize("sentence", ["With #3351 merged, GDN is now a stable, supported attention path.",
                                      "随着 #3351 合入，GDN 已经是稳定可用于生产的注意力路径。"])
def test_a_release_line_crediting_the_named_thread_speaks_of_its_status(sentence):
    assert "status-stable" in [f.check for f in flagged(_gdn(sentence))]


@pytest.mark.parametrize("sentence", ["With #3351 merged, GDN is available as an experimental attention path.",
                                      "With #3153 merged, torch.compile is now stable for FlashAttention."])
def test_an_experimental_path_told_so_or_another_threads_feature_is_not(sentence):
    assert [f for f in flagged(_gdn(sentence)) if f.check == "status-stable"] == []


_QUICK_START = doc("## Quick Start\nDirectly launch the service using docker compose.\n```sh\n# TODO: support F5TTS_v1_Base\n"
                   "MODEL=F5TTS_Base docker compose up\n```", kind="page")


@pytest.mark.parametrize("body", ["按照文档，docker compose 一键启动已同时支持 F5TTS_Base 和 F5TTS_v1_Base 两个模型。",
                                  "Per the docs, the docker compose quick start supports both F5TTS_Base and F5TTS_v1_Base."])
def test_a_model_a_todo_note_still_plans_told_supported_is_flagged(body):
    assert "planned-called-supported" in [f.check for f in flagged(run(body, _QUICK_START))]


@pytest.mark.parametrize("body", ["按照文档，docker compose 一键启动目前支持 F5TTS_Base，F5TTS_v1_Base 仍是待办。",
                                  "The docker compose quick start launches F5TTS_Base; F5TTS_v1_Base is still a TODO."])
def test_the_supported_model_or_the_todo_told_so_is_not(body):
    assert flagged(run(body, _QUICK_START)) == []


@pytest.mark.parametrize("body", ["A smoke test (8 processes, no NVSHMEM) had a per-rank egress of 209 GB/s.",
                                  "冒烟测试（8 个进程，没有 NVSHMEM）的每 rank 出口带宽为 209 GB/s。"])
def test_a_denial_inside_a_parenthetical_ends_with_it(body):
    src = doc("Standalone transport smoke, 8 processes, no NVSHMEM: per-rank egress 153-209 GB/s through the fused puts.",
              kind="issue", url="https://github.com/o/r/issues/8311")
    assert "range-top" in [f.check for f in flagged(run(body, src, cite=src.url))]
    assert flagged(run(body.replace("209 GB/s", "153-209 GB/s"), src, cite=src.url)) == []


_ASYNC_REMOVED = doc("1. **`AsyncPipeline` removed.** `haystack.AsyncPipeline` and the entire\n"
                     "   `haystack.core.pipeline.async_pipeline` module were removed. Its async methods were merged into "
                     "`Pipeline`.")


@pytest.mark.parametrize("body", ["按 PR 的描述，在 3.0 中 `haystack.AsyncPipeline` 只是被标记为弃用，旧代码仍可导入并继续运行。",
                                  "Per the PR, `haystack.AsyncPipeline` is only deprecated in 3.0 and old code still works."])
def test_a_removal_told_as_a_deprecation_is_flagged(body):
    assert "removal-told-deprecation" in [f.check for f in flagged(run(body, _ASYNC_REMOVED))]


@pytest.mark.parametrize("body", ["按 PR 的描述，3.0 移除了 `haystack.AsyncPipeline`，其异步方法并入了 `Pipeline`。",
                                  "Per the PR, 3.0 removed `haystack.AsyncPipeline`; `Pipeline` is not deprecated."])
def test_a_removal_told_so_is_not(body):
    assert flagged(run(body, _ASYNC_REMOVED)) == []


@pytest.mark.parametrize("body", ["评审中，kacperlukawski 建议把预置 Agent 和 skills 也写进这一条。",
                                  "In review, kacperlukawski suggested adding pre-built agents to the list."])
def test_a_review_suggestion_put_on_someone_who_wrote_no_review_comment_is_flagged(body):
    src = doc("Docs: add 3.0 features to the README.", url="https://github.com/o/r/pull/12085",
              comments=[{"author": "bilgeyucel", "date": "2026-09-15",
                         "text": "We should also add pre-built agents and skills here or as another item on the list"}])
    assert [f.check for f in flagged(run(body, src, cite=src.url))] == ["replier-not-in-thread"]
    assert flagged(run(body.replace("kacperlukawski", "bilgeyucel"), src, cite=src.url)) == []


_RESERVED_KEYS = doc("### Notes for the reviewer\n\nThis is partially a breaking change because we now raise an error if a "
                     "user tries to add a state_schema key that we are now reserving.", url="https://github.com/o/r/pull/11427")


@pytest.mark.parametrize("body", ["#11427 让 Agent 自动加入 `step_count` 等三个键，这一改动完全向后兼容。",
                                  "#11427 adds three reserved keys to the state schema and is fully backward compatible."])
def test_a_change_its_thread_calls_breaking_told_compatible_is_flagged(body):
    assert "breaking-told-compatible" in [f.check for f in flagged(run(body, _RESERVED_KEYS, cite=_RESERVED_KEYS.url))]


@pytest.mark.parametrize("body", ["#11427 adds three reserved keys; it is partly a breaking change, since such keys now raise.",
                                  "#11427 让 Agent 自动加入三个键，这一改动并不完全向后兼容。"])
def test_a_breaking_change_told_so_is_not(body):
    assert flagged(run(body, _RESERVED_KEYS, cite=_RESERVED_KEYS.url)) == []
    calm = _RESERVED_KEYS.model_copy(update={"text": "This is not a breaking change: existing keys still work."})
    assert flagged(run("#11427 is fully backward compatible.", calm, cite=calm.url)) == []


def test_still_working_is_no_deprecation():
    src = doc("Removed the float8 fallback path; bf16 and float8 runs were tested.")
    assert flagged(run("The author notes that bf16 and float8 runs were also tested and still work.", src)) == []


def test_a_possessive_this_week_dates_only_the_noun_it_heads():
    src = doc("AWQ kernels.", url="https://github.com/o/r/pull/198", state="merged",
              dates={"created": "2024-05-01", "merged": "2024-05-22"})
    body = "Those numbers predate both the AWQ kernels of #198 and this week's Marlin work."
    assert flagged(run(body, src, cite=src.url, window="2024-09-30..2024-10-06")) == []
    [f] = flagged(run("This week's merge of #198 adds AWQ kernels.", src, cite=src.url, window="2024-09-30..2024-10-06"))
    assert f.category == "release-date"


def test_the_author_explaining_in_the_description_is_no_reply():
    src = doc("We found the optimizer problem through testing.", url="https://github.com/o/r/pull/3394")
    body = "In the description the author, S1ro1, explains that the team found the optimizer problem through testing."
    assert flagged(run(body, src, cite=src.url)) == []


def test_a_row_named_with_a_multiplication_sign_is_the_rows_name_with_an_x():
    src = doc("| config | latency |\n|---|---|\n| ulysses-4 | 1.63 Sec |\n| ulysses-2 x ring-2 | 1.80 Sec |")
    body = "四卡上 Ulysses-4 最好，Ulysses-2×Ring-2 的 1.80 秒略逊一筹。"
    assert flagged(run(body, src)) == []
    assert "named-row-swapped" in [f.check for f in flagged(run("四卡上 Ulysses-4 最好，用时 1.80 秒。", src))]


_MARLIN_ISSUE = doc("Marlin int4 kernels would speed up inference.", url="https://github.com/o/r/issues/239", kind="issue",
                    comments=[{"author": "shovan777", "date": "2026-09-15", "text": "@dacorvo what should be done to integrate this?"},
                              {"author": "dacorvo", "date": "2026-09-16",
                               "text": "What is missing is a `MarlinWeightsQBitsTensor` class, like `AWQBitsTensor`."}])


@pytest.mark.parametrize("body", ["Asked what was missing, shovan777 explained that a `MarlinWeightsQBitsTensor` class was needed.",
                                  "被问到还缺什么时，shovan777 解释说需要一个 `MarlinWeightsQBitsTensor` 类。"])
def test_a_code_name_only_one_comment_gives_put_on_another_login_is_flagged(body):
    [f] = [f for f in flagged(run(body, _MARLIN_ISSUE, cite=_MARLIN_ISSUE.url)) if f.check == "quote-put-on-other"]
    assert "shovan777" in f.message and "dacorvo" in f.message
    assert flagged(run(body.replace("shovan777", "dacorvo"), _MARLIN_ISSUE, cite=_MARLIN_ISSUE.url)) == []


@pytest.mark.parametrize("body", ["批量调度对应的是长期开着的 #771，该 issue 随本次合并一并关闭。",
                                  "Batching answers the long-open #771, and the issue was closed with this merge."])
def test_an_open_thread_pointed_back_to_in_the_same_sentence_told_closed_is_flagged(body):
    src = doc("Add batched inference.", url="https://github.com/o/r/issues/771", kind="issue", state="open")
    assert "closed-but-open" in [f.check for f in flagged(run(body, src, cite=src.url))]
    assert flagged(run(body.replace("随本次合并一并关闭", "至今仍未关闭").replace("was closed with this merge",
                                                                              "is still open"), src, cite=src.url)) == []


_CHANGELOG = doc("## [0.3.29]\n\n- fix(server): handle empty prompts by @abetlen in #2301\n\n## [0.3.28]\n\n"
                 "- feat(example): add OpenAI-compatible embeddings endpoint by @abetlen in #2281\n\n## [0.3.27]\n\n"
                 "- feat(example): add batched server by @abetlen in #2174",
                 url="https://github.com/o/r/blob/main/CHANGELOG.md", kind="page")


@pytest.mark.parametrize("body", ["`/v1/embeddings` 端点由 #2281 加入，随 0.3.27 一起发布。",
                                  "The `/v1/embeddings` endpoint came in #2281 and shipped with 0.3.27."])
def test_a_change_put_in_a_release_whose_changelog_section_does_not_list_it_is_flagged(body):
    [f] = flagged(run(body, _CHANGELOG, cite=_CHANGELOG.url))
    assert f.check == "thread-in-other-release" and "0.3.28" in f.message


@pytest.mark.parametrize("body", ["`/v1/embeddings` 端点由 #2281 加入，随 0.3.28 一起发布。",
                                  "#2174 shipped with 0.3.27, next to the batched server."])
def test_a_change_put_in_its_own_release_or_one_the_changelog_lacks_is_not(body):
    assert flagged(run(body, _CHANGELOG, cite=_CHANGELOG.url)) == []


def test_a_figure_the_sentence_points_back_to_was_checked_where_it_was_said():
    readme = doc("On MaskBench it computes a token mask in about 50μs on average.", url="https://github.com/o/llg",
                 kind="repository")
    other = doc("Add an Outlines engine to MaskBench.", url="https://github.com/o/bench/pull/12")
    text = ("---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## A\n\nOn MaskBench, llguidance computes a mask in about "
            f"50μs.\n\nSources: [r]({readme.url})\n\n## B\n\n{{}}\n\nSources: [p]({other.url})\n")
    settings = Settings(use_checkpoint=False)
    ok = check_text(text.format("MaskBench is the benchmark behind the 50μs figure above."), "t.md", settings,
                    ArchiveSources([readme, other]))
    assert flagged(ok) == []
    bad = check_text(text.format("MaskBench puts the Outlines engine at 70μs per mask."), "t.md", settings,
                     ArchiveSources([readme, other]))
    assert [f.check for f in flagged(bad)] == ["number-unsupported"]


def test_html_table_cells_in_a_readme_are_passages_of_their_own():
    src = doc('<table style="width: 100%;"><tr><td>推理速度<br>(Step = 50, FP/BF16)</td>'
              '<td colspan="2">单卡A100: ~1000秒(5秒视频)<br>单卡H100: ~550秒(5秒视频)</td></tr></table>',
              url="https://github.com/o/r", kind="repository")
    cells = {f.statement.text: [q.q.raw for q in f.statement.quantities] for f in facts_of(src)}
    assert cells["单卡H100: ~550秒(5秒视频)"] == ["单卡", "~550秒", "5秒"]
    body = "表格注明的条件是 50 步、FP/BF16：单卡 A100 上约 1000 秒，单卡 H100 上约 550 秒，对应 5 秒视频。"
    assert flagged(run(body, src, cite=src.url)) == []


def test_merged_before_another_noun_is_not_the_cited_prs_merge():
    src = doc("DDP ring all-reduce in pure MPI.", url="https://github.com/o/r/pull/196", state="closed",
              comments=[{"author": "karpathy", "date": "2026-09-16", "text": "We merged an MPI+NCCL version here. Closing."}])
    body = "On September 16 Karpathy closed #196, pointing to the merged MPI+NCCL commit."
    assert flagged(run(body, src, cite=src.url)) == []
    assert "merged-but-open" in [f.check for f in flagged(run("On September 16 Karpathy merged #196.", src, cite=src.url))]


def test_what_a_source_says_is_unfair_is_still_asserted():
    src = doc("The only place where this comparison is not fair is that llm.c keeps the params all in bf16, where as "
              "amp in PyTorch keeps the master copy of params in fp32.")
    body = "The comparison is not fair in one place: llm.c keeps all params in bf16, while amp in PyTorch keeps the master copy in fp32."
    assert flagged(run(body, src)) == []


def test_a_setting_a_command_line_gives_is_the_sources_figure():
    a = doc("On an RTX 4090 with BF16 and a batch size of 24:\n- Baseline: 232.37ms (~106K tokens/s)\n"
            "- cuDNN: 170.77ms (~144K tokens/s)", url="https://github.com/o/r/pull/322")
    b = doc("Running on my A100 40GB PCIE GPU\n\n```\npython train_gpt2.py --dtype=bfloat16 --flash=1 --batch_size=32\n```"
            "\n\ntok/s: 115K\n\n**llm.c**\n\ntok/s: 145K", url="https://github.com/o/r/pull/323")
    body = "His own measurement in #323 used an A100 40GB PCIe with batch size {}: llm.c reached 145K tok/s, against 115K tok/s."
    assert flagged(run_citing(body.format(32), a, b)) == []
    assert "figure-differs" in [f.check for f in flagged(run_citing(body.format(48), a, b))]


@pytest.mark.parametrize("body", ["leejet 当天回复 Green-Sky，表示 sd.cpp 会跟进 llama.cpp 的张量命名。",
                                  "leejet replied the same day that sd.cpp would follow llama.cpp's tensor naming."])
def test_a_reply_put_on_a_login_who_wrote_nothing_in_chinese_too(body):
    src = doc("Flux support.", url="https://github.com/o/r/pull/356",
              comments=[{"author": "Green-Sky", "date": "2026-09-15", "text": "@leejet it would be nice if sd.cpp supported llama.cpp tensor naming conventions"}])
    assert "replier-not-in-thread" in [f.check for f in flagged(run(body, src, cite=src.url))]
    assert flagged(run(body.replace("leejet", "Green-Sky", 1), src, cite=src.url)) == []


def test_it_merged_after_a_sentence_naming_one_open_pr_is_that_pr():
    a = doc("Usage metrics.", url="https://github.com/o/r/pull/1348", state="merged")
    b = doc("lgtm!", url="https://github.com/o/r/pull/1350", state="open")
    body = 'A follow-up, #1350, adds TTFM_MS to usage; hudson-ai approved it with "lgtm!" on September 15 and it was {} the same day.'
    assert "merged-but-open" in [f.check for f in flagged(run_citing(body.format("merged"), a, b))]
    assert flagged(run_citing(body.format("rebased"), a, b)) == []


def test_a_quoted_exclamation_the_sentence_goes_on_after_does_not_end_it():
    text = 'He approved it with "lgtm!" on August 13 and it was merged. He said "Is it fixed?" Then he left.'
    assert [text[a:b] for a, b in split_sentences(text)] == [
        'He approved it with "lgtm!" on August 13 and it was merged.', 'He said "Is it fixed?"', "Then he left."]


def test_a_percentage_of_another_row_the_source_gives_is_not_the_changes():
    src = doc("| metric | before | after | change |\n|---|---|---|---|\n| handle_10mb p50 latency (ms) | 6.15 | 7.00 | +13.8% (worse) |\n"
              "| handle_10mb mean latency (ms) | 6.99 | 7.51 | +7.4% (worse) |")
    body = "`handle_10mb` p50 latency went from 6.15 ms to 7.00 ms, 13.8% worse, and mean latency 7.4% worse."
    assert flagged(run(body, src)) == []
    assert "change-percent-disagrees" in [f.check for f in flagged(run(
        "`handle_10mb` p50 latency went from 6.15 ms to 7.00 ms, 7.4% worse.", src))]


_PASS_AT_1 = doc("Model |\tPrecision\t| FP16 cache  |\tQ4 cache\t| diff\n------|-------------|-------------|-------------|-------\n"
                 "Mistral 7B Instruct\t| 3.0 bpw\t| 21.8%\t| 20.9%\t| -0.9%\n--\t| 5.0 bpw\t| 25.1%\t| 27.3%\t| +2.2%\n"
                 "Gemma 7B \t| 3.0 bpw\t| 11.9%\t| 11.9%\t|", kind="page")


def test_a_ditto_row_takes_the_model_of_the_row_above_and_points_are_a_gap_of_its_shares():
    body = "同样是 2.2 个百分点，Mistral 7B Instruct 5.0 bpw 的 pass@1 从 25.1% 升到 27.3%，方向是 Q4 更高。"
    assert flagged(run(body, _PASS_AT_1)) == []
    assert "number-unsupported" in [f.check for f in flagged(run(body.replace("2.2 个", "3.2 个"), _PASS_AT_1))]


def test_a_size_inside_a_model_name_a_comment_gives_is_the_sources():
    src = doc("Speed regression in 0.0.12.", url="https://github.com/o/r/issues/302", kind="issue",
              comments=[{"author": "Beinsezii", "date": "2026-09-15",
                         "text": '`python test_inference.py -m "ReMM-v2.2-L2-13B-EXL2_h8_b8"`\n0.0.11: 54.1357 t/s\n0.0.12: 25.2 t/s'}])
    body = "评论给出的 13B EXL2 模型测试中，0.0.11 约 54 t/s，0.0.12 只有约 25 t/s。"
    assert [f for f in flagged(run(body, src, cite=src.url)) if f.check == "number-unsupported"] == []
    assert "number-unsupported" in [f.check for f in flagged(run(body.replace("13B", "34B"), src, cite=src.url))]


def test_thousands_grouped_with_spaces_are_the_same_number():
    src = doc("| metric | before | after | change |\n|---|---|---|---|\n| `http_10mb_p50_latency` | 2.87 ms | 4.71 ms | +64.0% |\n"
              "| `http_streaming_avg_tps` | 47 392 | 46 509 | −1.9% |")
    body = "`http_10mb_p50_latency` rose from 2.87 ms to 4.71 ms, and `http_streaming_avg_tps` moved from 47,392 to 46,509."
    assert flagged(run(body, src)) == []
    assert flagged(run(body.replace("46,509", "45,509"), src))


# --- stop 24: mechanisms from rounds 54 to 57 -------------------------------------------------------

_NEWS = doc("# 最新动态\n\n- 2026/06: **SenseVoice 支持 llama.cpp / GGUF**，可在 CPU/边缘端以单个自包含二进制运行。\n"
            "- 2026/05: SenseVoice 现已支持说话人分离。", url="https://github.com/o/sensevoice", kind="repository")


def test_a_news_line_dated_to_a_month_before_the_window_is_not_new_this_week():
    found = flagged(run("本周 SenseVoice 新增了 llama.cpp / GGUF 支持，可以在 CPU 上运行。", _NEWS, cite=_NEWS.url), "release-date")
    assert [f.check for f in found] == ["new-but-earlier"] and "2026-06" in found[0].message
    assert flagged(run("New this week: SenseVoice supports llama.cpp / GGUF.", _NEWS, cite=_NEWS.url), "release-date")
    # the same line dated inside the window's month is no old news
    recent = doc(_NEWS.text.replace("2026/06", "2026/09"), url=_NEWS.url, kind="repository")
    assert flagged(run("本周 SenseVoice 新增了 llama.cpp / GGUF 支持。", recent, cite=recent.url)) == []
    # "2026/06" alone is no date: only a list item's opening, before a colon
    from factcheck.extract.dates import extract_dates
    assert extract_dates("ratio 2026/06 of the runs", None) == []
    assert [d.precision for d in extract_dates("- 2026/06: x", None)] == ["month"]


_PYANNOTE = doc("Time for running whisperx with `--diarize` flag on 5min mp3: With pyannote version 3.1: 45-60 seconds.")


def test_a_time_told_as_the_best_end_of_its_range_overstates():
    assert [f.check for f in flagged(run("With pyannote 3.1, the run on a 5min mp3 now takes 45 seconds.", _PYANNOTE))] == ["range-top"]
    assert [f.check for f in flagged(run("用上 3.1 后，5min mp3 的完整运行只要 45 秒。", _PYANNOTE))] == ["range-top"]
    for careful in ("With pyannote 3.1, the run on a 5min mp3 takes 45-60 seconds.",
                    "With pyannote 3.1, the run on a 5min mp3 takes as little as 45 seconds.",
                    "With pyannote 3.1, the run on a 5min mp3 takes at most 60 seconds."):
        assert flagged(run(careful, _PYANNOTE)) == [], careful


_Q8_NEWS = doc("- 2026/06: SenseVoice 支持 llama.cpp / GGUF，运行时无需 Python。q8 模型约 254 MB，精度保持一致。\n\n"
               "The f16 export (`--wtype f16`) is half the size of f32.", kind="repository")


def test_a_size_told_under_another_precision_than_the_source_gives_it():
    found = flagged(run("换句话说，f16 GGUF 大约 254 MB，对多数笔记本都不构成负担。", _Q8_NEWS), "metric-conflation")
    assert [f.check for f in found] == ["precision-swapped"]
    assert flagged(run("The f16 GGUF is about 254 MB.", _Q8_NEWS), "metric-conflation")
    assert flagged(run("q8 GGUF 大约 254 MB，对多数笔记本都不构成负担。", _Q8_NEWS)) == []
    # two precisions in one clause: which figure is whose is a reading of order
    src = doc("Q8_0 reaches 13.71 TFLOPS, while fp32 reaches 6.50 TFLOPS.")
    assert flagged(run("He divided the int8 throughput (13.71 TFLOPS) by the fp32 throughput (6.50 TFLOPS).", src),
                   "metric-conflation") == []


_ENCODE = doc("- Encoder validated against PyTorch: cosine 1.0.\n- Encode time ≈ **1.3 s** on CPU for a 44 s clip.", kind="page")


def test_a_stage_time_told_as_the_whole_transcription():
    assert [f.check for f in flagged(run("在 CPU 上，一段 44 秒音频的完整转写只需约 1.3 秒。", _ENCODE))] == ["metric-renamed"]
    assert [f.check for f in flagged(run("On CPU, the full transcription of a 44 s clip takes about 1.3 s.", _ENCODE))] == [
        "metric-renamed"]
    assert flagged(run("在 CPU 上，一段 44 秒音频的编码耗时约 1.3 秒。", _ENCODE)) == []
    assert flagged(run("On CPU, encode time for a 44 s clip is about 1.3 s.", _ENCODE)) == []


_SIBLINGS_ZH = doc("在参数量与 Whisper-Small 模型相当的情况下，比 Whisper-Small 模型推理速度快 5 倍，比 Whisper-Large 模型快 15 倍。",
                   kind="repository")
_SIBLINGS_EN = doc("It is 5x faster than Whisper-Small and 15x faster than Whisper-Large.", kind="repository")


def test_a_ratio_told_against_the_sibling_the_source_gives_another_ratio_for():
    found = flagged(run("与参数量相当的 Whisper-Small 相比，README 给出的倍数同样是 15 倍。", _SIBLINGS_ZH))
    assert [f.check for f in found] == ["pairing-swapped"] and "Whisper-Large" in found[0].message
    assert [f.check for f in flagged(run("SenseVoice-Small is 15x faster than Whisper-Small.", _SIBLINGS_EN))] == ["pairing-swapped"]
    assert flagged(run("SenseVoice-Small is 15x faster than Whisper-Large.", _SIBLINGS_EN)) == []
    assert flagged(run("SenseVoice-Small 比 Whisper-Large 快 15 倍，比 Whisper-Small 快 5 倍。", _SIBLINGS_ZH)) == []
    # the same figure on both sides: no side is the figure's own
    same = doc("It is 5x faster than Whisper-Small and 5x faster than Whisper-Large.", kind="repository")
    assert flagged(run("SenseVoice-Small is 5x faster than Whisper-Large.", same)) == []


def test_across_widens_a_result_unless_the_set_is_named():
    src = doc("my own benchmark from today: Machine: RTX 3060 12GB, Xeon E5-2698 v3. Speedup: 3-4x")
    assert [f.check for f in flagged(run("According to the PR, diarization is 3-4x faster across GPUs.", src))] == ["scope-widened"]
    for careful in ("According to the PR, diarization is 3-4x faster across 8 GPUs.",
                    "According to the PR, diarization is 3-4x faster across the two GPUs it tested.",
                    "According to the PR, diarization is 3-4x faster across batch sizes 1 to 64.",
                    # a named family's members: the measured set
                    "According to the PR, diarization is 3-4x faster across RTX 3060 configurations."):
        assert [f for f in flagged(run(careful, src)) if f.check == "scope-widened"] == [], careful


def test_a_maintainer_named_as_asking_in_a_thread_without_comments():
    src = doc("I could remove the README warning about using version 3.0, or maybe it's good to leave it?", state="merged")
    for body in ("In the PR, maintainer Max Bain asked to keep the README warning about pyannote 3.0.",
                 "维护者 m-bain 建议保留关于 pyannote 3.0 的 README 警告。"):
        assert [f.check for f in flagged(run(body, src))] == ["reply-not-in-thread"], body
    assert flagged(run("The author asks whether to keep the README warning about pyannote 3.0.", src)) == []
    # a full name is no login: a thread with comments by "m-bain" may hold Max Bain's
    commented = doc("Thanks", comments=[{"author": "m-bain", "date": "2026-09-15", "text": "let's keep the warning"}])
    assert flagged(run("In the PR, maintainer Max Bain asked to keep the README warning.", commented)) == []


def test_a_platform_the_sentence_says_its_source_documents():
    readme = doc("To run on CPU instead of GPU (and for running on Mac OS X): whisperx audio.wav --compute_type int8 --device cpu",
                 kind="repository")
    found = flagged(run("The README also documents Apple-GPU (MPS) acceleration for Mac users.", readme))
    assert [f.check for f in found] == ["condition-unseen"] and "MPS" in found[0].message
    assert flagged(run("The README also documents running on CPU for Mac users.", readme)) == []
    pr = doc("- direct audio.cpp CPU inference without `--model-spec-override`: `开饭时间早上9点至下午5点。`")
    assert [f.check for f in flagged(run("随后作者在 CPU 和 Apple Metal 上直接用 audio.cpp 推理。", pr))] == ["condition-unseen"]
    assert flagged(run("随后作者在 CPU 上直接用 audio.cpp 推理。", pr)) == []


def test_a_commit_day_told_otherwise_than_its_commit_page():
    fix = doc("Fix the JsonSchema whitespace_pattern being ignored by the backend\n\nThread whitespace_pattern through the "
              "backend interface and forward it to build_regex_from_schema.",
              url="https://github.com/o/outlines/commit/7d23a3ad8846193066543d8374f1f339cc498736", kind="page",
              title="Fix the JsonSchema whitespace_pattern being ignored by the backend", dates={"created": "2026-09-16"})
    other = doc("Add the credit_card type; it validates the number format only.",
                url="https://github.com/o/outlines/commit/be2cd151855c64a81262c4daace2428400b109ff", kind="page",
                title="Add credit_card type", dates={"created": "2026-09-18"})
    body = "The whitespace_pattern fix, committed on September 15, forwards the pattern to build_regex_from_schema."
    found = flagged(run_citing(body, fix, other), "release-date")
    assert [f.check for f in found] == ["date-contradicted"] and "2026-09-16" in found[0].message
    assert flagged(run_citing(body.replace("September 15", "September 16"), fix, other)) == []
    # a PR's commits may be older than the PR: a commit day says nothing against a PR's dates
    pr = doc("Thread whitespace_pattern through the backend.", dates={"created": "2026-09-16"})
    assert flagged(run(body, pr), "release-date") == []


def test_a_month_of_release_told_otherwise_than_the_sources_dated_line():
    src = doc("2024年12月，DeepSeek-V3 首个版本上线并同步开源，2025年3月更新。", kind="page")
    found = flagged(run("文档写道，DeepSeek-V3 首个版本于 2025 年 1 月上线并开源。", src), "release-date")
    assert [f.check for f in found] == ["date-contradicted"] and "2024-12" in found[0].message
    assert flagged(run("文档写道，DeepSeek-V3 首个版本于 2024 年 12 月上线并开源。", src)) == []
    day = doc("On 2024-12-26, DeepSeek-V3 was released and open-sourced.", kind="page")
    assert flagged(run("DeepSeek-V3 was first released and open-sourced in December 2024.", day)) == []


def test_a_maintainer_asking_in_a_thread_without_comments():
    src = doc("This is probably worth documenting somewhere... I can make a separate PR to update the docs.")
    assert [f.check for f in flagged(run("A maintainer asked on the PR for documentation before approving it.", src))] == [
        "reply-not-in-thread"]
    assert flagged(run("The author offers to update the docs in a separate PR.", src)) == []


def test_memory_in_a_small_or_large_card():
    from factcheck.extract.quantities import extract_quantities
    assert [(q.raw, q.unit) for q in extract_quantities("低资源训练全面优化，16G小显存可以流畅训练。")] == [("16G", "GB")]
    src = doc("低资源训练全面优化，16G小显存可以流畅训练。")
    assert flagged(run("README 还称低资源训练经过全面优化，8G 小显存即可流畅训练。", src))
    assert flagged(run("README 还称低资源训练经过全面优化，16G 小显存即可流畅训练。", src)) == []


def test_a_longer_name_in_the_claim_names_the_figures_own_side():
    src = doc("V4.1 的记录是 528 bytes，V4 的记录是 584 bytes。")
    assert flagged(run("DeepSeek-V4.1 的新 KV 记录每 token 占 528 bytes，旧的 V4 记录为 584 bytes。", src), "metric-conflation") == []
    assert [f.check for f in flagged(run("V4 的 KV 记录每 token 占 528 bytes。", src), "metric-conflation")] == ["pairing-swapped"]


_TIMER = doc("Extend the existing Timer with a bool debug argument. When debug is false the timer reads no clock at all.\n\n"
             "The Timer constructor defaults to debug=true to keep the existing caller in sherpa-onnx.cc.")


def test_a_default_told_otherwise_than_the_source_sets_it():
    for body in ("Timer 构造函数的 debug 默认值设为 false，所以原有的默认构造调用不再打印耗时。",
                 "The Timer constructor now defaults to debug=false."):
        assert [f.check for f in flagged(run(body, _TIMER))] == ["default-value-differs"], body
    for careful in ("Timer 构造函数的 debug 默认值设为 true，原有调用照旧打印耗时。", "The Timer constructor defaults to debug=true.",
                    "When debug is false, the timer reads no clock at all."):
        assert flagged(run(careful, _TIMER)) == [], careful


def test_an_unnamed_default_is_held_to_the_one_default_of_the_named_thread():
    pr = doc("Set FireRedASR default max_token_per_second to 8 (#3799)", url="https://github.com/o/r/pull/3799",
             title="Set FireRedASR default max_token_per_second to 8 (#3799)")
    assert [f.check for f in flagged(run("随后合入的 #3799 把这个默认值提高到了 10。", pr, cite=pr.url))] == ["default-value-differs"]
    assert flagged(run("随后合入的 #3799 把这个默认值提高到了 8。", pr, cite=pr.url)) == []
    assert flagged(run("#3799 raised the default max_token_per_second from 6 to 8.", pr, cite=pr.url)) == []
    # a thread that is not named: which default is meant is not the rules' to guess
    assert "default-value-differs" not in [f.check for f in flagged(run("这个默认值后来提高到了 10。", pr, cite=pr.url))]


def test_a_numbered_beta_is_a_pre_release_and_an_official_release_no_maturity():
    src = doc("PaddleNLP v3.0 Beta4 发布，低资源训练全面优化。")
    assert [f.check for f in flagged(run("PaddleNLP 3.0 Beta4 的低资源训练已经稳定，可用于生产。", src))] == ["status-stable"]
    # "正式版" is a release channel (not an RC), no claim of maturity: "本期正式版本: 0.5.20"
    for careful in ("PaddleNLP 3.0 Beta4 已发布，距离正式版还有一段时间。", "PaddleNLP 3.0 Beta4 is out, ahead of the stable release.",
                    "本期正式版本：PaddleNLP 3.0 Beta4。"):
        assert flagged(run(careful, src)) == [], careful


def test_a_member_named_in_another_clause_is_no_part_of_the_list():
    src = doc("Runs on Linux and macOS.", kind="repository")
    assert [f.check for f in flagged(run("It runs on Linux, macOS and Windows.", src))] == ["target-list-widened"]
    assert flagged(run("It runs on Linux and macOS; a Windows port is being discussed.", src), "overstatement") == []


def test_one_network_of_a_pipeline_told_as_the_whole():
    src = doc("Decoder is 3.5-5.4x faster; end-to-end RTF on macOS arm64: 0.396->0.181 (10.1s audio).")
    for body in ("换算下来，整条识别流程的端到端速度提升了 3.5 到 5.4 倍。", "End-to-end, the pipeline is 3.5-5.4x faster."):
        assert [f.check for f in flagged(run(body, src))] == ["kernel-as-request"], body
    for careful in ("The decoder got 3.5-5.4x faster, while end-to-end RTF went from 0.396 to 0.181.",
                    "解码器快了 3.5 到 5.4 倍，端到端 RTF 从 0.396 降到 0.181。"):
        assert flagged(run(careful, src)) == [], careful


def test_an_opening_summary_may_name_the_version_a_later_section_cites():
    notes = doc("Engine 4.10.0 collects 280 pull requests.", url="https://github.com/example-org/engine/releases/tag/v4.10.0")
    pr = doc("Add the new scheduler.", url="https://github.com/example-org/engine/pull/7")
    text = ("---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## This week\n\nThe main line is Engine 4.10.0 and the "
            "scheduler PR behind it.\n\nSources: [PR](https://github.com/example-org/engine/pull/7)\n\n## Engine 4.10.0\n\n"
            "Engine 4.10.0 collects 280 pull requests.\n\n"
            "Sources: [notes](https://github.com/example-org/engine/releases/tag/v4.10.0)\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([notes, pr]))
    assert flagged(report) == []
    assert "version-told-before" in [f.check for f in report.findings]
    # a version no section's sources carry stays a warning
    wrong = text.replace("The main line is Engine 4.10.0", "The main line is Engine 4.11.0")
    assert [f.check for f in flagged(check_text(wrong, "t.md", Settings(use_checkpoint=False),
                                                ArchiveSources([notes, pr])))] == ["version-unsupported"]


def test_a_file_name_is_no_model_name():
    src = doc("Add Qwen2.5-Omni support, we test on Qwen2.5-Omni-3B and Qwen2.5-Omni-7B.")
    assert flagged(run("该 PR 新增的 `qwen2_5_omni.py` 共 86 行，并在 Qwen2.5-Omni-3B 上测试。", src)) == []
    assert [f.check for f in flagged(run("该 PR 在 Qwen2.5-Omni-3B 和 Qwen2.5-Omni-14B 上测试。", src))] == ["condition-unseen"]


def test_a_thread_named_with_its_repository_before_the_number():
    cli = doc("Rewrite the README: the CLI feature set has grown quickly.", url="https://github.com/o/OpenHands-CLI/issues/211",
              kind="issue", dates={"created": "2026-09-15"})
    old = doc("Remove all CLI-specific code from the main repository.", url="https://github.com/o/OpenHands/pull/11724",
              dates={"created": "2026-08-13"}, title="Remove CLI code")
    body = "In the new repository, malhotra5 opened o/OpenHands-CLI#211 on September 15 to rewrite the README."
    assert flagged(run_citing(body, cli, old), "release-date") == []
    assert [f.check for f in flagged(run_citing(body.replace("September 15", "September 16"), cli, old), "release-date")] == [
        "date-contradicted"]


def test_a_denial_of_the_state_a_change_supplies_is_no_denial_of_the_change():
    src = doc("Tool calling currently doesn't have a dedicated turn to tell the server what the client came up with, "
              "and this PR adds that.")
    assert flagged(run("The PR adds a dedicated turn that tells the server what the client came up with for a tool call.", src)) == []
    plain = doc("Tool calling doesn't have a dedicated turn to tell the server what the client came up with.")
    assert [f.check for f in flagged(run("Tool calling has a dedicated turn to tell the server what the client came up with.",
                                         plain))] == ["polarity-flipped"]


def test_a_total_the_sentence_adds_up_itself():
    src = doc("- Disk: 10GB for base installation plus 20GB for models (Diffusers format with encoder).")
    assert flagged(run("磁盘需要 10GB 用于基础安装，另加 20GB 存放模型，合计约 30GB。", src)) == []
    assert flagged(run("Disk needs 10GB for the base install plus 20GB for models, 30GB in total.", src)) == []
    assert [f.check for f in flagged(run("磁盘需要 10GB 用于基础安装，另加 20GB 存放模型，合计约 40GB。", src))] == ["number-unsupported"]


def test_a_default_the_source_gives_in_its_words_is_no_opt_in():
    src = doc("- **TAESD** is now default preview type since its the only one that supports most new models\n"
              "- Wan2.2 second stage: you can enable it in settings, its disabled by default", kind="page")
    assert flagged(run("TAESD is now the default preview type, since it is the only one that supports most new models.", src)) == []


def test_a_sentence_that_quotes_both_rows_of_a_column_compares_them():
    src = doc("| GPU | samples/s | TFLOPS/GPU |\n|---|---|---|\n| H200 | 17.13 | 534.18 |\n| B200 | 25.83 | 805.69 |")
    assert flagged(run("8 卡场景下 B200 的吞吐高出约 50%，每卡 TFLOPS 也明显提高（534.18 对 805.69）。", src), "metric-conflation") == []
    assert [f.check for f in flagged(run("8 卡场景下 B200 每卡 534.18 TFLOPS。", src), "metric-conflation")] == ["row-swapped"]


_CHECKLIST = doc("## Change Type\n\n- [ ] Bug fix\n- [ ] Breaking change\n- [X] Other (dependency update, docs, typo fixes, etc.)\n\n"
                 "## Checklist\n\n- [ ] _Tests added / updated (if applicable)_\n- [x] Documentation updated")


def test_a_checklist_item_told_as_ticked_where_its_box_is_empty():
    for body in ("That PR removes the code, and its author filed it as a breaking change.",
                 "The author ticked the tests added / updated item of the checklist."):
        assert [f.check for f in flagged(run(body, _CHECKLIST))] == ["checklist-unchecked"], body
    for careful in ("Its author filed it as other (a dependency update, docs, typo fixes).",
                    "The author did not tick the breaking change box.", "The author ticked documentation updated."):
        assert flagged(run(careful, _CHECKLIST)) == [], careful


def test_a_plan_that_follows_the_names_it_governs():
    src = doc("- **Wan 2.2** basic support is added; optimized support with *VACE*, etc. will follow soon", kind="page")
    assert [f.check for f in flagged(run("Optimized Wan 2.2 support with VACE ships in this release as well.", src))] == [
        "planned-called-supported"]
    assert flagged(run("Basic Wan 2.2 support ships in this release; VACE support will follow.", src)) == []
    from factcheck.draft import split_sentences
    text = "optimized support with VACE, etc. will follow soon. Models, tools etc. Next one."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "optimized support with VACE, etc. will follow soon.", "Models, tools etc.", "Next one."]


def test_a_plain_word_row_name_is_named_only_as_a_word():
    src = doc("| Method | Avg time | Heuristic score |\n|---|---|---|\n| marker | 0.18 | 95.67 |\n| form | 88.0147 | 89.2 |")
    assert flagged(run("The throughput section measures 0.18 seconds per page; the performance section projects more.", src),
                   "metric-conflation") == []
    assert [f.check for f in flagged(run("The form row takes 0.18 seconds per page.", src), "metric-conflation")] == [
        "named-row-swapped"]


def test_a_reply_inside_a_review_thread_comment_is_its_speakers():
    src = doc("DAC loss", comments=[{"author": "zxcd", "date": "2026-09-15",
                                     "text": "review thread on losses.py\n**zxcd**:\nwhy don't use develop branch?\n\n"
                                             "**ADream-ki**:\nI modified it according to the original code"}])
    assert flagged(run("同一天的评审里，zxcd 问为什么不用 develop 分支，ADream-ki 回复说是按照原始代码修改的。", src)) == []
    assert [f.check for f in flagged(run("同一天的评审里，zxcd 问为什么不用 develop 分支，luotao1 回复说是按照原始代码修改的。", src))] == [
        "replier-not-in-thread"]


def test_a_month_of_opening_told_otherwise_than_the_threads_date():
    issue = doc("Support LLaVA models", url="https://github.com/o/r/issues/4301", kind="issue", dates={"created": "2025-10-16"})
    found = flagged(run("Since #4301 was opened in October 2024, users waited about ten months.", issue, cite=issue.url),
                    "release-date")
    assert [f.check for f in found] == ["date-contradicted"] and "2024-10" in found[0].message
    assert flagged(run("Since #4301 was opened in October 2025, users waited a while.", issue, cite=issue.url), "release-date") == []
    assert flagged(run("#4301 提交于 2025 年 10 月。", issue, cite=issue.url), "release-date") == []
    assert flagged(run("#4301 提交于 2024 年 10 月。", issue, cite=issue.url), "release-date")


def test_a_month_a_day_or_two_from_the_records_day_is_no_contradiction():
    rel = doc("v0.18.0", url="https://github.com/o/r/releases/tag/v0.18.0", kind="release", dates={"published": "2026-04-30"})
    assert flagged(run("[2026/05] 我们发布了新的正式版本 v0.18.0！", rel, cite=rel.url), "release-date") == []
    assert [f.check for f in flagged(run("v0.18.0 was released in June 2026.", rel, cite=rel.url), "release-date")] == [
        "date-contradicted"]


# --- stop 25: rounds 64 and 65 studied ---


def test_not_more_than_is_an_upper_bound_and_a_bound_differs_only_from_its_own_side():
    from factcheck.extract.statement import extract_statement
    assert [q.q.bound for q in extract_statement("月活跃用户数未超过3亿").quantities] == ["upper"]
    assert [q.q.bound for q in extract_statement("no more than 30 GB of memory").quantities] == ["upper"]
    src = doc("若您提供的所有产品或服务的月活跃用户数在前一个自然月未超过3亿月活跃用户数，则您向许可方进行登记，将被视为获得相应的商业许可。",
              kind="repository")
    found = flagged(run("前一个自然月所有产品或服务的月活不超过 1 亿的，登记后即视为获得商业许可。", src))
    assert [(f.category, f.check) for f in found] == [("license", "retold-figure-differs")]
    assert flagged(run("前一个自然月所有产品或服务的月活不超过 3 亿的，登记后即视为获得商业许可。", src)) == []
    en = doc("Registered users whose services had no more than 300 million monthly active users get a commercial license.")
    assert flagged(run("Services with no more than 300 million monthly active users get a commercial license once registered.", en)) == []


def test_a_thread_the_section_cites_alone_told_closed_by_pointing_at_it():
    issue = doc("Asks about hardware acceleration on Arm.", url="https://github.com/o/r/issues/238", kind="issue", state="open")
    for text in ("The thread shows no roadmap from the maintainers, and it has since been closed as completed.",
                 "该 issue 已关闭。"):
        assert [f.check for f in flagged(run(text, issue, cite=issue.url))] == ["closed-but-open"]
    assert flagged(run("The thread is still open, and nobody has closed it.", issue, cite=issue.url)) == []
    closed = issue.model_copy(update={"state": "closed"})
    assert flagged(run("It has since been closed as completed.", closed, cite=closed.url)) == []


def test_a_reply_in_the_sections_other_thread_is_no_absent_reply():
    pr = doc("Enable Intel XPU", url="https://github.com/o/r/pull/252",
             comments=[{"author": "HarryBXie", "date": "2025-02-26", "text": "works"},
                       {"author": "Desmond0804", "date": "2025-03-05", "text": "busy"}])
    issue = doc("CPU is slow", url="https://github.com/o/r/issues/258", kind="issue",
                comments=[{"author": "Desmond0804", "date": "2025-03-17", "text": "Have you considered the iGPU? See #252"}])
    said = "On March 17, Desmond0804 replied, asking whether the reporter had tried an iGPU and linking his own PR, #252."
    assert flagged(run_citing(said, issue, pr, window="2025-03-11..2025-03-17")) == []
    wrong = "On March 17, HarryBXie replied, asking whether the reporter had tried an iGPU and linking his own PR, #252."
    assert [f.check for f in flagged(run_citing(wrong, issue, pr, window="2025-03-11..2025-03-17"))] == [
        "replier-not-in-thread"]
    # a thread the sentence names as where the reply was is held to it alone
    there = "On March 17, HarryBXie replied in #252 that the PR works on his machine."
    assert [f.check for f in flagged(run_citing(there, issue, pr, window="2025-03-11..2025-03-17"))] == [
        "replier-not-in-thread"]


def test_a_passive_answered_names_no_replier():
    pr = doc("Add web tools", comments=[])
    assert flagged(run("Unknown tool names are answered with a \"Tool ... not found\" message instead of raising.", pr)) == []
    assert [f.check for f in flagged(run("jmorganca answered that unknown tools now raise.", pr))] == ["reply-not-in-thread"]


def test_a_row_named_after_the_figures_clause_is_not_the_figures_row():
    src = doc("| Parameter | Description | Default |\n|---|---|---|\n| `--num_calibration_samples` | Number of calibration samples | `512` |\n"
              "| `--device` | Device for quantization | `cuda` |\n| `--max_seq_length` | Maximum sequence length | `4096` |\n\n"
              "- Reduce `--num_calibration_samples` (e.g., from 512 to 256)\n- Use `--device cpu` for CPU-only quantization")
    assert flagged(run("如果显存不足，文档建议把校准样本从 512 条减到 256 条，或者用 `--device cpu` 在 CPU 上量化。", src),
                   "metric-conflation") == []
    assert flagged(run("`--max_seq_length` 的默认值是 512。", src), "metric-conflation")


def test_a_platform_told_where_the_sources_environment_names_another():
    src = doc("Below is my environment:\n- CPU: Intel Core Ultra 7 165H\n- RAM: 64GB\n- OS: Ubuntu 22.04.5 LTS\n"
              "- Python version: 3.11.11")
    told = "The author's numbers come from an Intel Core Ultra 7 165H with 64GB of RAM, running Windows 11."
    assert "Windows" in flagged(run(told, src))[0].message
    assert flagged(run("作者在 Core Ultra 7 165H 上测得这些数字，系统为 Windows 11。", src))
    assert flagged(run("The author's numbers come from an Intel Core Ultra 7 165H with 64GB of RAM, running Ubuntu 22.04.", src)) == []
    assert flagged(run("Windows users can try the same Core Ultra 7 165H setup once support lands.", src)) == []


def test_a_version_series_names_its_point_release():
    src = doc("- OS: Ubuntu 22.04.5 LTS\n- Python version: 3.11.11")
    assert flagged(run("作者在 Ubuntu 22.04、Python 3.11 上测得这些数字。", src)) == []
    assert flagged(run("The author measured on Ubuntu 24.04 with Python 3.11.", src))


def test_a_signatures_default_is_the_settings_default():
    src = doc("+  def web_search(self, queries: Sequence[str], max_results: int = 3) -> WebSearchResponse:")
    found = flagged(run("As first merged, `web_search` took a `max_results` argument that defaults to 10.", src))
    assert [f.check for f in found] == ["default-value-differs"] and "3" in found[0].message
    assert flagged(run("`web_search` 的 `max_results` 参数默认为 3。", src)) == []


def test_a_level_is_not_backed_by_a_change_of_the_drafts_own_figures():
    src = doc("| Language | CPU (s) | XPU (s) |\n|---|---|---|\n| EN | 14.0701 | 7.2301 |",
              comments=[{"author": "u", "date": "2025-02-26", "text": "By the way, general GPU loading is around 30%."}])
    first = "English TTS time falls from 14.0701 s on CPU to 7.2301 s on XPU."
    found = flagged(run(f"{first} He also noted GPU loading of around 50% and asked whether RTF could improve.", src))
    assert [f.check for f in found] == ["figure-differs"]
    assert flagged(run(f"{first} That cuts the time by around 50%.", src)) == []


def test_a_news_line_is_read_whole_past_its_exclamation_mark():
    readme = doc("* 2024.08.06 🔥 Pose ControlNet 已发布! 请查看 [ControlNet(Pose)](./controlnet/) 获取详细信息。\n"
                 "* 2024.07.26 🔥 Kolors发布了ControlNet和Inpainting Model! 请查看 [ControlNet(Canny, Depth)](./controlnet/) 获取详细信息。",
                 url="https://github.com/o/r", kind="repository")
    found = flagged(run("Canny、Depth、Pose 三个 ControlNet 都是本周首次发布的。", readme, window="2024-07-31..2024-08-06",
                        cite=readme.url), "release-date")
    assert found and "2024-07-26" in found[0].message
    assert flagged(run("Pose ControlNet 是本周首次发布的。", readme, window="2024-07-31..2024-08-06", cite=readme.url),
                   "release-date") == []


def test_a_planned_item_told_as_released():
    readme = doc("## Open-source Plan\n- [x] Inference Code\n- [x] Model Checkpoints\n  - [x] Step-Audio-EditX\n"
                 "  - [ ] Step-Audio-EditX-Int4\n- [ ] Training Code", url="https://github.com/o/r", kind="repository")
    for text in ("预量化的 Step-Audio-EditX-Int4 权重已经在本周上架。", "The Step-Audio-EditX-Int4 weights are now available."):
        assert [f.check for f in flagged(run(text, readme, cite=readme.url))] == ["planned-item-told-done"]
    assert flagged(run("Step-Audio-EditX 的权重已经开源。", readme, cite=readme.url)) == []
    assert flagged(run("Step-Audio-EditX-Int4 权重还在计划中，尚未发布。", readme, cite=readme.url)) == []
    assert flagged(run("The Step-Audio-EditX-Int4 weights are planned.", readme, cite=readme.url)) == []


def test_a_condition_swapped_in_one_clause_of_a_chinese_retelling():
    src = doc("**Note: At present, Qwen3MoE running with AMX can only read BF16 GGUF; support for loading from "
              "safetensor will be added later.**")
    found = flagged(run("目前用 AMX 运行 Qwen3MoE 时只能读取 FP32 GGUF，从 safetensor 加载的支持会在之后加入。", src))
    assert [f.check for f in found] == ["condition-swapped"] and "BF16" in found[0].message
    assert flagged(run("目前用 AMX 运行 Qwen3MoE 时只能读取 BF16 GGUF，从 safetensor 加载的支持会在之后加入。", src)) == []
    # two names are too few to call a clause a retelling
    assert flagged(run("用 AMX 读取 FP32 权重时速度更快。", src)) == []


def test_a_figure_told_under_another_columns_name():
    table = doc("| Model | Average Overall Satisfaction | Average Visual Appeal | Average Text Faithfulness |\n"
                "| :--: | :--: | :--: | :--: |\n| SDXL-ControlNet-Pose | 1.70 | 2.78 | 4.05 |\n"
                "| **Kolors-ControlNet-Pose** | **3.33** | **3.63** | **4.78** |")
    for text in ("Pose 版本的视觉吸引力达到 4.78。", "Kolors-ControlNet-Pose scores 4.78 on visual appeal."):
        found = flagged(run(text, table))
        assert [f.check for f in found] == ["column-named-swapped"] and "3.63" in found[0].message
    for text in ("Pose 版本的文本忠实度达到 4.78。", "Kolors-ControlNet-Pose scores 4.78 on text faithfulness and 3.63 on visual appeal."):
        assert flagged(run(text, table)) == []


# --- stop 25: rounds 66 and 67 studied ---


def test_a_version_written_without_dots_in_a_scripts_name():
    src = doc("convert any dataset to the new v3.0 using:\n```\npython lerobot.datasets.v30.convert_dataset_v21_to_v30.py\n```")
    assert flagged(run("A conversion script, convert_dataset_v21_to_v30, takes a dataset from v2.1 to v3.0.", src)) == []
    assert [f.check for f in flagged(run("A conversion script takes a dataset from v2.4 to v3.0.", src))] == ["version-unsupported"]


def test_a_row_name_inside_a_longer_name_is_not_named():
    table = doc("| Category | Benchmark | InternLM3-8B-Instruct | Qwen2.5-7B-Instruct |\n|---|---|---|---|\n"
                "| General | CMMLU(0-shot) | **83.1** | 75.8 |\n| | MMLU(0-shot) | 76.6 | **76.8** |\n"
                "| Reasoning | DROP(0-shot) | **83.1** | 80.4 |\n\n| Model | Transformers |\n|---|---|\n"
                "| InternLM3-8B-Instruct | internlm3_8B_instruct |\n| Qwen2.5-7B-Instruct | qwen |")
    assert flagged(run("InternLM3-8B-Instruct 在 CMMLU（0-shot）上为 83.1，高于 Qwen2.5-7B-Instruct 的 75.8。", table),
                   "metric-conflation") == []
    plain = doc("| Benchmark | InternLM3-8B-Instruct | Qwen2.5-7B-Instruct |\n|---|---|---|\n| GSM8K | 83.1 | 75.8 |\n"
                "| MMLU | 76.6 | 76.8 |")
    assert flagged(run("新模型在 CMMLU 上得分 83.1。", plain), "metric-conflation") == []
    assert flagged(run("新模型在 MMLU 上得分 83.1。", plain), "metric-conflation")


def test_steps_per_second_is_a_rate_and_its_up_to_may_not_be_dropped():
    src = doc("- Single-batch inference runs at **up to 6 steps/sec** for **Llama 2** (70B)", kind="repository")
    found = flagged(run("According to the README, single-batch inference runs at 6 steps/sec for Llama 2 (70B).", src))
    assert [f.check for f in found] == ["hedge-dropped"]
    assert flagged(run("单批推理在 Llama 2 (70B) 上最高可达每秒 6 步（6 steps/sec）。", src)) == []


def test_basic_support_told_as_full_support():
    src = doc("Introduces basic support for serving model blocks on Apple M1/M2 GPUs (torch.mps)")
    assert [f.check for f in flagged(run("Serving model blocks on Apple M1/M2 GPUs through torch.mps is fully supported.", src))] == [
        "status-stable"]
    assert flagged(run("It adds basic support for serving model blocks on Apple M1/M2 GPUs.", src)) == []
    assert flagged(run("它为 Apple M1/M2 GPU 提供了初步支持。", src)) == []


def test_a_version_the_source_is_going_to_ship_told_as_shipped():
    src = doc("LeRobotDataset v3 is going to be a part of lerobot v0.4.0. It will be released with lerobot v0.4.0.", kind="blog")
    assert [f.check for f in flagged(run("With this release, the v3 format ships as part of lerobot v0.4.0.", src))] == [
        "planned-called-released"]
    assert flagged(run("The v3 format will ship as part of lerobot v0.4.0.", src)) == []


def test_a_count_of_tokens_told_as_characters():
    src = doc("For the 4090 GPU, it can generate audio corresponding to approximately 7 semantic tokens per second.",
              kind="repository")
    found = flagged(run("换个说法，README 的意思是 4090 上每秒能合成约 7 个汉字。", src))
    assert [f.check for f in found] == ["text-measure-swapped"]
    assert flagged(run("FAQ 写道，在 4090 上每秒大约能生成 7 个语义 token 对应的音频。", src)) == []
    code = doc("        # caps the result at ~2000 tokens\n        content = format_tool_results(result)[: 2000 * 4]")
    assert [f.check for f in flagged(run("Tool results are capped at 2,000 characters each.", code))] == ["text-measure-swapped"]
    assert flagged(run("Tool results are capped at about 2,000 tokens each.", code)) == []


# --- stop 25: rounds 68 and 69 studied ---


def test_points_between_two_scores_the_sentence_gives():
    src = doc("| TAU-Bench (Retail) | 68.7 | 62.8 |")
    assert flagged(run("在 TAU-Bench（Retail）上，它得到 68.7，比 GPT-4o-1120 的 62.8 高出约 6 个百分点。", src)) == []
    assert flagged(run("在 TAU-Bench（Retail）上，它得到 68.7，比 GPT-4o-1120 的 62.8 高出约 9 个百分点。", src))


def test_all_on_a_single_card_says_where_the_runs_were():
    src = doc("Output speed 14.1 tokens/s (test environment: H100)")
    assert flagged(run("测试全部在单卡上完成，输出速度为 14.1 tokens/s。", src)) == []
    assert flagged(run("All runs were on a single GPU, at 14.1 tokens/s.", src)) == []
    assert [f.check for f in flagged(run("所有显卡都能跑到 14.1 tokens/s。", src))] == ["scope-widened"]


def test_a_sentence_that_dates_the_older_project_itself_calls_only_the_newer_one_new():
    new = doc("Baichuan-M3-235B", url="https://github.com/o/Baichuan-M3-235B", kind="repository",
              dates={"created": "2026-01-12"})
    old = doc("Baichuan-M2-32B", url="https://github.com/o/Baichuan-M2-32B", kind="repository",
              dates={"created": "2025-08-11"})
    body = "本周的主角是 1 月 12 日首次提交到 GitHub 的 Baichuan-M3-235B；Baichuan-M2-32B 是去年 8 月的工作。"
    assert flagged(run_citing(body, new, old, window="2026-01-12..2026-01-18"), "release-date") == []
    assert flagged(run_citing("Baichuan-M2-32B 是本周首次开源的新模型。", new, old, window="2026-01-12..2026-01-18"),
                   "release-date")


def test_a_count_in_trillions_told_otherwise():
    src = doc("GLM-4-32B-Base-0414 经过 15T 高质量数据的预训练，其中包含大量推理类的合成数据。", kind="repository")
    assert [f.check for f in flagged(run("按 README 的说法，GLM-4-32B-Base-0414 经过 18T 高质量数据预训练。", src))] == ["figure-differs"]
    assert flagged(run("按 README 的说法，GLM-4-32B-Base-0414 经过 15T 高质量数据预训练。", src)) == []


def test_something_announced_as_coming_told_as_arrived():
    readme = doc("FLUX finetuning requires approximately 50GB of RAM. QLoRA is coming soon and should reduce this "
                 "number significantly.", kind="repository")
    assert [f.check for f in flagged(run("QLoRA support has now arrived as well.", readme))] == ["planned-called-supported"]
    assert flagged(run("QLoRA is coming soon and should cut the 50GB requirement.", readme)) == []
    zh = doc("📢 SCAN-bench 将于近期开源发布，敬请期待。", kind="repository")
    assert [f.check for f in flagged(run("SCAN-bench 已随 M3 一同开源，读者可以直接复现上述分数。", zh))] == [
        "planned-called-supported"]
    assert flagged(run("SCAN-bench 将于近期开源。", zh)) == []


def test_a_chinese_retelling_swaps_the_gpu_named_elsewhere_in_the_sources():
    pr = doc("使用8 * Nvidia H20 GPU进行lora微调和全量微调训练，数据集采用的AdvertiseGen数据集。")
    readme = doc("> GPU: NVIDIA H100 80GB HBM3\n\n| Fine-tuning Model | 显存 |\n|---|---|\n| GLM-4-9B LoRA | 22G |",
                 url="https://github.com/o/r/blob/main/finetune/README_zh.md", kind="page")
    found = flagged(run_citing("作者在 PR 中称，示例训练在 8 张 Nvidia H100 上完成了 LoRA 和全量微调，数据集为 AdvertiseGen。", pr, readme))
    assert [f.check for f in found] == ["condition-swapped"]
    assert flagged(run_citing("作者在 PR 中称，示例训练在 8 张 Nvidia H20 上完成了 LoRA 和全量微调，数据集为 AdvertiseGen。",
                              pr, readme)) == []


# --- stop 25: rounds 70 and 71 studied ---


def test_english_scale_words_multiply():
    from factcheck.extract.statement import extract_statement
    assert [(q.q.high, q.q.unit) for q in extract_statement("over 13 million hours of audio").quantities] == [(13e6, "h")]
    src = doc("Pre-train on over 13 million hours of diverse audio data (speech, music, sounds) and text data.", kind="repository")
    assert flagged(run("README 称预训练使用了超过 1300 万小时的多样音频数据。", src)) == []
    assert flagged(run("README 称预训练使用了超过 1300 万小时的多样音频数据，其中 900 万小时是语音。", src))


def test_a_fraction_in_words_reads_the_pair_right_after_it():
    src = doc("deepseek2-16b 8192: total 704.60 -> 593.27, attention 222.65 -> 111.33, weights 481.95")
    assert flagged(run("The total goes from 704.60 to 593.27, with attention halved from 222.65 to 111.33.", src)) == []
    total = doc("deepseek2-16b 8192: total 704.60 -> 593.27")
    found = flagged(run("The total goes from 704.60 to 593.27, with attention halved from 222.65 to 181.33.", total))
    assert "fraction-disagrees" in [f.check for f in found] and "222.65" in found[0].message


def test_a_question_raised_in_an_issue_is_its_opening():
    issue = doc("MFU of causal attention", url="https://github.com/o/r/issues/1972", kind="issue", dates={"created": "2025-07-15"})
    found = flagged(run("The question was raised in issue #1972 on July 18 by philip-essential.", issue, cite=issue.url,
                        window="2025-07-22..2025-07-28"))
    assert [f.check for f in found] == ["date-contradicted"]
    assert flagged(run("The question was raised in issue #1972 on July 15 by philip-essential.", issue, cite=issue.url,
                       window="2025-07-22..2025-07-28")) == []


# --- stop 25: rounds 72 and 73 studied ---


def test_a_day_the_news_line_gives_dates_what_the_sentence_calls_new():
    readme = doc("## News\n- 2024.12.25: Gradio Demo example, incremental prefilling and VLMEvalKit support.\n"
                 "- 2024.12.13: DeepSeek-VL2 family released.", url="https://github.com/o/DeepSeek-VL2", kind="repository",
                 dates={"first_release": "2024-12-13"})
    window = "2024-12-24..2024-12-30"
    assert flagged(run("按 README 的更新记录，12 月 25 日新增的是 Gradio Demo 示例、增量预填充和 VLMEvalKit 支持。", readme,
                       window=window, cite=readme.url), "release-date") == []
    assert flagged(run("DeepSeek-VL2 是本周新发布的模型。", readme, window=window, cite=readme.url), "release-date")


def test_a_card_named_by_its_number_and_maker():
    src = doc("Below is a test on a laptop with **16GB System RAM** and **6GB VRAM** (Nvidia 3060 laptop). The speed "
              "on this machine is about 1.35 seconds per iteration.", kind="repository")
    assert flagged(run("On a laptop with 16GB of RAM and a 6GB RTX 3060, the README reports about 1.35 seconds per iteration.", src)) == []
    assert flagged(run("On a laptop with 16GB of RAM and a 6GB RTX 4060, the README reports about 1.35 seconds per iteration.", src))


def test_metadata_is_no_data_a_license_covers():
    card = doc("---\nlicense: apache-2.0\n---\n# Qwen2-VL-2B", kind="model_card")
    assert flagged(run("2B 基座模型卡的元数据中 license 为 apache-2.0。", card)) == []
    assert flagged(run("数据集以 MIT 许可发布。", doc("The code is released under the Apache-2.0 license.", kind="repository")))


def test_a_figure_both_sides_of_a_row_give_goes_with_either():
    table = doc("| GPU | Minimal GPU Memory | Minimal System Memory |\n|---|---|---|\n| Nvidia RTX 4XXX | 4GB | 8GB |\n"
                "| Nvidia GTX 9XX | 8GB | 8GB |", kind="repository")
    assert flagged(run("RTX 4XXX cards need 4GB of GPU memory and 8GB of system memory.", table), "metric-conflation") == []


def test_a_column_told_where_the_sentence_names_several_columns_is_no_swap():
    table = doc("| Benchmark | Previous SoTA | Claude-3.5 Sonnet | GPT-4o | Qwen2-VL-72B |\n|---|---|---|---|---|\n"
                "| DocVQA test | 94.1 | 95.2 | 92.8 | 96.5 |\n| InfoVQA test | 82.0 | 74.3 | 92.8 | 84.5 |")
    assert flagged(run("72B 在 DocVQA test 上为 96.5，高于 GPT-4o 的 92.8 和 Claude-3.5 Sonnet 的 95.2。", table),
                   "metric-conflation") == []


def test_figures_joined_by_a_plus_are_paired_with_their_names():
    src = doc("2.0.16: Colab can run both base model and refiner model with 7.8GB RAM + 5.3GB VRAM, and it never crashes.",
              kind="repository")
    found = flagged(run("Since 2.0.16, Colab can run both models with 5.3GB of RAM and 7.8GB of VRAM.", src))
    assert [f.check for f in found] == ["pairing-swapped"]
    assert flagged(run("Since 2.0.16, Colab can run both models with 7.8GB of RAM and 5.3GB of VRAM.", src)) == []


# --- stop 26: who said it, read by the words of each comment; rounds 74 and 75's first-run false alarms ---

def _review_thread(**fields) -> SourceDocument:
    return doc("Quality of life improvement to auto load env var.", kind="pull_request", comments=[
        {"author": "jmorganca", "date": "2025-09-22", "text": "ollama/_client.py:97: Is there a way to unit test this? "
                                                            "Reading the key from an environment variable is easy to break."},
        {"author": "ParthSareen", "date": "2025-09-22", "text": "added"}], **fields)


@pytest.mark.parametrize("body, checks", [
    ("jmorganca authored the change, and it was ParthSareen who asked in review whether there was a way to unit test it.",
     ["speech-put-on-other"]),
    ("ParthSareen authored the change, and it was jmorganca who asked in review whether there was a way to unit test it.", []),
    ("评审中 ParthSareen 询问这段读取环境变量的代码有没有办法做单元测试。", ["speech-put-on-other"]),
    ("评审中 jmorganca 询问这段读取环境变量的代码有没有办法做单元测试。", []),
    # two people in one clause of saying: no one reading of who said what
    ("Asked by jmorganca whether there was a way to unit test it, ParthSareen added a test.", []),
])
def test_words_a_comment_carries_put_on_another_participant(body, checks):
    assert [f.check for f in flagged(run(body, _review_thread()))] == checks


def test_a_description_whose_writer_is_unknown_may_be_the_named_ones():
    # the description carries the words as well as a commenter's quote of them: it may be the named one's
    src = doc("Is there a way to unit test loading the key from the environment? This PR adds one.", comments=[
        {"author": "jmorganca", "date": "2025-09-22", "text": "> Is there a way to unit test loading the key\nyes, LGTM"},
        {"author": "alice", "date": "2025-09-22", "text": "Is there a way to unit test this loading of the key?"}])
    assert flagged(run("bob asked whether there was a way to unit test loading the key.", src)) == []
    # and a reply's quoted lines are the quoted writer's, not the replier's
    quoting = doc("Loads OLLAMA_API_KEY on init.", comments=[
        {"author": "jmorganca", "date": "2025-09-22", "text": "> Is there a way to unit test loading the key?\nyes, LGTM"},
        {"author": "alice", "date": "2025-09-22", "text": "Is there a way to unit test this loading of the key?"}])
    assert [f.check for f in flagged(run("jmorganca asked whether there was a way to unit test loading the key.", quoting))] \
        == ["speech-put-on-other"]
    assert flagged(run("alice asked whether there was a way to unit test loading the key.", quoting)) == []


def test_a_participant_known_from_another_thread_of_the_section():
    issue = doc("VRAM is not freed after a run.", url=ISSUE, kind="issue", comments=[
        {"author": "Tigwin", "date": "2023-08-20", "text": "I found a temp fix for the vram issue: disable the video card "
                                                          "then enable it, freed up almost half my vram."}])
    other = doc("Is the 2060 supported?", url=PR, kind="issue", comments=[
        {"author": "lllyasviel", "date": "2023-08-21", "text": "2060 is supported and well tested."}])
    said = "In that thread, {} suggested disabling and re-enabling the video card to free VRAM."
    assert [f.check for f in flagged(run_citing(said.format("lllyasviel"), issue, other))] == ["speech-put-on-other"]
    assert flagged(run_citing(said.format("Tigwin"), issue, other)) == []


def test_a_models_size_is_no_result_told_as_a_ranges_top():
    table = doc("| Model | MMLU | CMMLU |\n|---|---|---|\n| Yi 1.5-34B | 77.1 | 84.8 |\n| Qwen1.5-72B | 77.5 | 84.2 |",
                kind="model_card")
    assert not [f for f in flagged(run("卡片对 34B 基座的定位比较克制。", table)) if f.check == "range-top"]


def test_a_bare_gap_between_two_scores_the_sentence_gives_is_the_writers_subtraction():
    table = doc("| Model | MMLU |\n|---|---|\n| Yi 1.5-34B | 77.1 |\n| Llama3 70B | 78.7 |", kind="model_card")
    assert flagged(run("MMLU 则比 Llama3 70B 基座低 1.6 分（77.1 对 78.7）。", table), "unsupported") == []
    assert flagged(run("MMLU 则比 Llama3 70B 基座低 2.6 分（77.1 对 78.7）。", table), "unsupported")


def test_an_extreme_speaks_of_the_figure_of_its_own_clause():
    table = doc("| Model | CMMLU |\n|---|---|\n| Yi 1.5-34B | 84.8 |\n| Qwen1.5-72B | 84.2 |\n| DeepSeek-V2 | 84.0 |",
                kind="model_card")
    assert not [f for f in flagged(run("CMMLU 的 84.8 也是表中最高，Qwen1.5-72B 为 84.2，DeepSeek-V2 为 84.0。", table))
                if f.check == "extreme-contradicted"]
    assert [f.check for f in flagged(run("CMMLU 上 Qwen1.5-72B 的 84.2 是表中最高，Yi 为 84.8。", table))
            if f.check == "extreme-contradicted"] == ["extreme-contradicted"]


def test_an_amd_card_is_an_amd_gpu():
    src = doc("There is no chance that Hunyuan3D-2 runs on AMD card, right?", kind="issue", url=ISSUE, comments=[
        {"author": "Zeqiang-Lai", "date": "2025-01-28", "text": "The shape generation could run on AMD card."}])
    assert flagged(run("1 月 28 日有用户在 #52 中问 Hunyuan3D-2 能否在 AMD 显卡上运行。", src, cite=ISSUE)) == []


def test_an_extreme_reads_the_figure_set_after_it_alone():
    table = doc("| Run | Accuracy | Loss |\n|---|---|---|\n| C3 | 36.8461% | 0.7012 |\n| C5 | 41.24% | 0.6486 |\n"
                "| C7 | 39.10% | 0.6602 |", kind="model_card")
    said = "C5 was best at 41.24% and also had the lowest loss, {}."
    assert not [f for f in flagged(run(said.format("0.6486"), table)) if f.check == "extreme-contradicted"]
    assert [f.check for f in flagged(run(said.format("0.6602"), table)) if f.check == "extreme-contradicted"] \
        == ["extreme-contradicted"]


def _announcement_thread() -> SourceDocument:
    return doc("希望出 16k 版本", url=ISSUE, kind="issue", comments=[
        {"author": "Yimi81", "date": "2026-09-09", "text": "现已开源以下模型：Yi-1.5-34B-Chat-16k、Yi-1.5-9B-Chat-16k"},
        {"author": "JoeFee", "date": "2026-09-16", "text": "希望出个32k的"}])


@pytest.mark.parametrize("body, checks", [
    ("本周，Yimi81 在同一 issue 中宣布开源 Yi-1.5-34B-Chat-16k 和 Yi-1.5-9B-Chat-16k 两个模型。", ["reply-outside-window"]),
    ("9 月 9 日，Yimi81 在同一 issue 中宣布开源 Yi-1.5-34B-Chat-16k 和 Yi-1.5-9B-Chat-16k 两个模型。", []),
    ("This week, Yimi81 announced the Yi-1.5-34B-Chat-16k and Yi-1.5-9B-Chat-16k models in the same issue.",
     ["reply-outside-window"]),
])
def test_what_a_participant_said_before_the_window_is_not_this_weeks(body, checks):
    assert [f.check for f in flagged(run(body, _announcement_thread(), cite=ISSUE))] == checks


_YI_TABLE = doc("| Model | MMLU | GSM8k | MATH |\n|---|---|---|---|\n| DeepSeek-V2 | 78.5 | 79.2 | 43.6 |\n"
             "| Qwen1.5-72B | 77.5 | 81.4 | 41.8 |\n| Yi 1.5-34B | 77.1 | 82.7 | 41.0 |", kind="model_card")


@pytest.mark.parametrize("body, checks", [
    ("在这张表里，Yi-1.5-34B 的 GSM8k 和 MATH 都是所有参评模型中最高的。", ["row-not-top"]),
    ("在这张表里，Yi-1.5-34B 的 GSM8k 是所有参评模型中最高的。", []),
    ("In this table Yi 1.5-34B has the highest MATH score of all models.", ["row-not-top"]),
    # a subset the sentence ranks it in, not the whole table
    ("Yi-1.5-34B 的 MATH 在同尺寸开源模型中最高。", []),
])
def test_a_named_row_called_the_top_of_a_named_column(body, checks):
    assert [f.check for f in flagged(run(body, _YI_TABLE)) if f.check == "row-not-top"] == checks


def test_two_figures_of_one_column_told_under_another_columns_name():
    table = doc("| Model | FID_CLIP(⬇) | FID(⬇) |\n|---|---|---|\n| Top Open-source Model1 | 54.639 | 289.287 |\n"
                "| Hunyuan3D 2.0 | 49.165 | 282.429 |", kind="repository")
    assert [f.check for f in flagged(run("与表中最强的开源模型相比，它的 FID 从 54.639 降到 49.165。", table))] \
        == ["pair-other-column"]
    assert flagged(run("与表中最强的开源模型相比，它的 FID_CLIP 从 54.639 降到 49.165。", table)) == []
    steps = doc("| Resolution | Batch Size | Time per Step | Memory |\n|---|---|---|---|\n| low | 64 | 6.53s | 56 GB |\n"
                "| low | 64 | 4.10s | 40 GB |", kind="repository")
    # a column the sentence gives the rows' value of is their condition, not the figures' name
    assert flagged(run("batch size 64 的一组，每步耗时从 6.53 秒降到 4.10 秒。", steps), "metric-conflation") == []
    runs = doc("| Run | num_vectors | LR | Accuracy |\n|---|---|---|---|\n| C2 | 512 | 3e-4 | 36.85% |\n"
               "| C3 | 1024 | 3e-4 | 39.73% |", kind="repository")
    # the figures' own column named by a word of its own ("vectors"), beside another column named as a condition
    assert flagged(run("C2 (512 vectors, LR 3e-4) reached 36.85% and C3 (1024 vectors, LR 3e-4) 39.73%.", runs),
                   "metric-conflation") == []


def test_a_plan_item_told_done_in_a_clause_of_its_own():
    plan = doc("## Open-Source Plan\n\n- [x] Inference Code\n- [x] ComfyUI\n- [ ] TensorRT Version", kind="repository")
    assert [f.check for f in flagged(run("开源计划里，推理代码和 ComfyUI 都已打勾，TensorRT 版本也已随本周更新一并提供。", plan))] \
        == ["planned-item-told-done"]
    assert [f.check for f in flagged(run("开源计划里，推理代码、ComfyUI 和 TensorRT 版本都已打勾。", plan))] \
        == ["checklist-unchecked"]
    assert flagged(run("开源计划里，推理代码和 ComfyUI 都已打勾，TensorRT 版本仍在计划中。", plan)) == []


@pytest.mark.parametrize("said, checks", [
    ("I believe Kokoro support is still being implemented.", ["certainty-raised"]),
    ("Kokoro support is still being implemented, confirmed.", []),
])
def test_i_believe_is_a_belief_not_a_confirmation(said, checks):
    src = doc("Kokoro has no effect when loading.", url=ISSUE, kind="issue",
              comments=[{"author": "wbruna", "date": "2026-09-15", "text": said}])
    assert [f.check for f in flagged(run("wbruna confirmed in the thread that Kokoro support was still being implemented.",
                                         src, cite=ISSUE))] == checks


# --- stop 26: rounds 78 and 79's first-run false alarms ---

def test_a_stable_phase_of_training_is_no_status():
    post = doc("The long-context extension is experimental.", kind="blog")
    assert flagged(run("Pretraining ran a stable phase from 0T to 8T tokens, then a decay phase.", post)) == []
    assert [f.check for f in flagged(run("The long-context extension is stable.", post))] == ["status-stable"]


def test_a_row_the_sentence_calls_the_tables_top_is_not_told_as_the_result():
    table = doc("| Model | Aesthetic |\n|---|---|\n| A | 56.94% |\n| B | 61.20% |\n| Ours | 66.89% |", kind="repository")
    assert flagged(run("它的美学质量得分为 66.89%，是表中所有模型里最高的。", table)) == []
    assert [f.check for f in flagged(run("它的美学质量得分为 66.89%。", table))] == ["column-top"]


def test_all_the_models_of_a_table_are_the_measured_set():
    from factcheck.lexicon import load_lexicon
    universal = load_lexicon().universal
    assert universal.find("是表中所有模型里最高的") == []
    assert universal.find("都是所有参评模型中最高的") == []
    assert [h.text for h in universal.find("所有模型都能跑")] == ["所有模型"]


def test_a_sentence_that_denies_it_is_new_is_not_called_new():
    pr = doc("Bind ports to localhost", dates={"created": "2026-03-05", "merged": "2026-07-12"})
    assert flagged(run("#101, opened in March and merged on July 12, is not new this week.", pr,
                       window="2026-08-07..2026-08-13"), "release-date") == []
    assert flagged(run("#101 was opened this week.", pr, window="2026-08-07..2026-08-13"), "release-date")


def test_two_accounts_of_a_day_set_side_by_side_are_the_sentences_own():
    post = doc("Open-Sora Plan v1.5.0 is released.", url="https://example.org/post", kind="blog",
               dates={"published": "2025-06-05"})
    said = "README 的新闻栏把这次发布记在 2025 年 6 月 6 日，介绍文章则标注 6 月 5 日发表，两处相差一天。"
    assert flagged(run(said, post, cite=post.url, window="2025-06-02..2025-06-08"), "release-date") == []
    assert flagged(run("介绍文章 2025 年 6 月 6 日发表。", post, cite=post.url, window="2025-06-02..2025-06-08"),
                   "release-date")


def test_a_figure_the_source_gives_beside_the_sentences_other_figures():
    report = doc("Image-Stage-1: Training is conducted using 512 Ascend 910B accelerators. The learning rate is set to "
                 "1e-4, with a batch size of 8096. This stage runs for a total of 225k steps.\n\nImage-Stage-4: This "
                 "stage uses a learning rate of 1e-4, a batch size of 4096, and is trained for approximately 160k steps.",
                 kind="page")
    assert flagged(run("Image-Stage-1 用 512 张昇腾 910B，以 8096 的 batch size 训练 225k 步。", report)) == []
    assert flagged(run("Image-Stage-1 用 512 张昇腾 910B，以 8096 的 batch size 训练 300k 步。", report))


@pytest.mark.parametrize("body, checks", [
    ("VBench 上，v1.5.0 的总分为 83.02%，略高于开源版 HunyuanVideo。", ["lead-reversed"]),
    ("VBench 上，v1.5.0 的总分为 83.02%，略低于开源版 HunyuanVideo。", []),
    ("On VBench, v1.5.0 totals 83.02%, just behind HunyuanVideo.", []),
    ("On VBench, v1.5.0 totals 83.02%, ahead of HunyuanVideo.", ["lead-reversed"]),
    ("On VBench, v1.5.0 totals 83.02%, ahead of Wan2.1.", []),
])
def test_a_lead_over_a_named_row_that_the_table_reverses(body, checks):
    table = doc("| Model | Total Score | Quality Score |\n|---|---|---|\n| HunyuanVideo (Open-Source) | 83.24% | 85.09% |\n"
                "| Wan2.1 | 82.10% | 84.00% |\n| Open-Sora Plan v1.5.0 | 83.02% | 84.24% |", kind="page")
    assert [f.check for f in flagged(run(body, table)) if f.check == "lead-reversed"] == checks


def test_a_checklist_item_matched_by_its_numbers():
    todo = doc("## Todo List\n\n* [x] ComfyUI Workflow\n* [x] Qwen Edit 2509 ComfyUI Workflow\n"
               "* [ ] Qwen Edit 2511 ComfyUI Workflow", kind="repository")
    assert [f.check for f in flagged(run("配套的 Edit-2511 ComfyUI 工作流也已随权重一起提供。", todo))] == ["planned-item-told-done"]
    assert flagged(run("配套的 Edit-2509 ComfyUI 工作流也已随权重一起提供。", todo)) == []


def test_a_day_that_dates_the_threads_opening_is_not_the_replys():
    issue = doc("Support CogView4?", url=ISSUE, kind="issue", dates={"created": "2025-03-05"}, comments=[
        {"author": "vladmandic", "date": "2025-03-06", "text": "absolutely, already planned, just have to wait another week."}])
    other = doc("CogView4 pipeline", url=PR, kind="pull_request", comments=[
        {"author": "yiyixuxu", "date": "2025-03-05", "text": "thanks, merging"}])
    said = "SD.Next 的 #5615 同样在 3 月 5 日提出，维护者 vladmandic 次日回复已在计划中。"
    assert flagged(run_citing(said, issue, other, window="2025-03-05..2025-03-11"), "unsupported") == []
    assert [f.check for f in flagged(run_citing("SD.Next 的 #5615 在 3 月 5 日提出，维护者 lshqqytiger 次日回复已在计划中。",
                                                issue, other, window="2025-03-05..2025-03-11"), "unsupported")] \
        == ["replier-not-in-thread"]


def test_a_dash_sets_off_a_clause_a_denial_does_not_reach():
    pr = doc("Out-of-bounds indices are still clamped to zero, but the user is never told — the kernel silently masks "
             "bad input.")
    assert flagged(run("Out-of-bounds indices are still clamped to zero, but the user is never told, so the kernel "
                       "silently masks bad input.", pr)) == []
    assert [f.check for f in flagged(run("Out-of-bounds indices are still clamped to zero, but the user is told — the "
                                         "kernel silently masks bad input.", pr))] == ["polarity-flipped"]


# --- stop 26: rounds 80 and 81's first-run false alarms ---

def test_a_projects_camel_case_name_is_no_login():
    pr = doc("Security Changes: TorchServe now enforces token authorization by default.", comments=[
        {"author": "agunapal", "date": "2024-06-10", "text": "TorchServe now enforces token authorization and model mode "
                                                            "control by default"}])
    said = 'Its README diff states that {} "now enforces token authorization and model mode control by default".'
    assert flagged(run(said.format("TorchServe"), pr)) == []
    assert [f.check for f in flagged(run(said.format("mreso2"), pr))] == ["quote-put-on-other"]


@pytest.mark.parametrize("body, severity", [
    ("按这组数字粗算，单张 H100 上每张图像约需 54 秒。", "info"),
    ("That works out to about 54 seconds per image on one H100.", "info"),
    # the writer's arithmetic that does not hold, or a figure not said to be worked out
    ("按这组数字粗算，单张 H100 上每张图像约需 40 秒。", "warning"),
    ("单张 H100 上每张图像约需 54 秒。", "warning"),
])
def test_a_figure_the_sentence_works_out_itself_is_only_unconfirmed(body, severity):
    src = doc("Upscaling 1200 images took 18 hours on one H100.", kind="issue", url=ISSUE)
    before = "他在单张 H100 上处理约 1200 张图像，花了约 18 小时。\n"
    found = [f for f in run(before + body, src, cite=ISSUE).findings if f.category == "unsupported"]
    assert [f.severity for f in found] == [severity]


def test_a_reply_the_sentences_before_date_after_the_window():
    pr = doc("Streaming first-chunk latency table.", dates={"created": "2025-04-09"}, comments=[
        {"author": "whaozl", "date": "2025-04-10", "text": "Is merge real-time streaming?"},
        {"author": "yuekaizhang", "date": "2025-04-10", "text": "Yes, real-time streaming."}])
    body = ("4 月 10 日有评论者追问测试用的是哪张卡。\n对这个问题，作者在评论里作了确认。\n"
            "同一位评论者还问，这里的 merge 是否指实时流式，作者回复是实时流式。")
    assert flagged(run(body, pr, window="2025-04-03..2025-04-09"), "unsupported") == []
    assert flagged(run("评论者问这里的 merge 是否指实时流式，作者回复是实时流式。", pr, window="2025-04-03..2025-04-09"),
                   "unsupported")


@pytest.mark.parametrize("reply, checks", [
    ("Yeah, it refers to real-time streaming.", ["reply-content-absent"]),
    ("It was L20.", []),
    ("Yes", []),  # a bare yes answers the question that carries it
])
def test_what_a_reply_is_said_to_give_must_be_in_it(reply, checks):
    # (a date's digits are no token a reply gives: "2 月 8 日，yuekaizhang 在评论里说明 …")
    pr = doc("Streaming first-chunk latency.", comments=[
        {"author": "whaozl", "date": "2025-04-08", "text": "Does this 'merge' refer to real-time streaming?"},
        {"author": "whaozl", "date": "2025-04-08", "text": "Which GPU was used for this test? is L20 or V100?"},
        {"author": "yuekaizhang", "date": "2025-04-08", "text": reply}])
    # (a "yes" that cannot be placed may answer either question: nothing is said)
    assert flagged(run("对这个问题，yuekaizhang 在评论里确认是 L20。", pr.model_copy(update={"comments": [
        pr.comments[1], pr.comments[2].model_copy(update={"text": "Yes, thanks."})]}), window="2025-04-03..2025-04-09")) == []
    assert [f.check for f in flagged(run("对这个问题，yuekaizhang 在评论里确认是 L20。", pr, window="2025-04-03..2025-04-09"))] \
        == checks
    assert [f.check for f in flagged(run("On that, yuekaizhang replied that it was the L20.", pr,
                                         window="2025-04-03..2025-04-09"))] == checks
    assert flagged(run("4 月 8 日，yuekaizhang 在评论里说明了流式的含义。", pr, window="2025-04-03..2025-04-09"),
                   "unsupported") == []


@pytest.mark.parametrize("body, checks", [
    ("The sparse decoding kernel reaches 350 TFlops on B200.", ["hedge-dropped"]),
    ("The sparse decoding kernel reaches up to 350 TFlops on B200.", []),
    ("The sparse decoding kernel peaks at 350 TFlops on B200.", []),
])
def test_reaching_a_figure_is_no_bound_on_it(body, checks):
    readme = doc("The sparse decoding kernel achieves up to 350 TFlops on B200 (which is not really optimized yet).",
                 kind="repository")
    assert [f.check for f in flagged(run(body, readme))] == checks


# --- stop 27: a changelog of several dated entries dates each version by its own entry ---

CHANGELOG = "https://github.com/acme/engine/blob/main/docs/changelog.md"
_ENTRIES = ("## 2.x\n\n- 2026/09/18 2.4 发布\n\n  - 新增 `effort` 参数，分 `low` 与 `high` 两档。\n\n"
            "- 2026/09/10 2.3 发布\n\n  - 调度器重写，吞吐提升约 `30%`。\n\n"
            "### 2.1.0 (2026/07/02)\n\n- 许可证从 AGPLv3 切换到 Apache 2.0。\n\n"
            "README.md 2026-07-08 33.6 kB\n")


def _changelog(text: str = _ENTRIES):
    return doc(text, url=CHANGELOG, kind="page", title="Engine 更新日志", dates={"published": "2026-09-18"})


def test_a_changelogs_entries_give_each_version_its_day():
    from factcheck.checks.changelog import version_days
    days = {key: str(e.day) for key, e in version_days(_changelog()).items()}
    # a file's size beside its day is no version ("33.6 kB"); "2.1.0" is keyed as "2.1"
    assert days == {"2.4": "2026-09-18", "2.3": "2026-09-10", "2.1": "2026-07-02"}
    assert version_days(_changelog()).get("2.3").line == "- 2026/09/10 2.3 发布"
    # a line with a version and a day and more besides is no entry's first line
    assert version_days(_changelog("Requires Engine 2.5 (2024-10-17) or newer on Linux.\n")) == {}


@pytest.mark.parametrize("body, checks", [
    ("Engine 在 7 月 2 日发布的 2.1.0 中从 AGPLv3 切换到 Apache 2.0。", []),  # the older entry's own day
    ("Engine 在 9 月 2 日发布的 2.1.0 中从 AGPLv3 切换到 Apache 2.0。", ["date-contradicted"]),
    ("Engine 2.1.0, released on July 2, 2026, moved from AGPLv3 to Apache 2.0.", []),
    ("Engine 2.1.0, released on July 9, 2026, moved from AGPLv3 to Apache 2.0.", ["date-contradicted"]),
])
def test_an_older_version_is_dated_by_its_own_changelog_entry(body, checks):
    assert [f.check for f in flagged(run(body, _changelog(), cite=CHANGELOG))] == checks


@pytest.mark.parametrize("body, checks", [
    ("本周发布的 2.4 新增了 `effort` 参数，分 `low` 与 `high` 两档。", []),
    ("本周发布的 2.3 重写了调度器，吞吐提升约 30%。", ["event-outside-window"]),
    ("上周发布的 2.3 重写了调度器，吞吐提升约 30%。", []),
    ("This week's 2.4 release adds an `effort` parameter with `low` and `high` levels.", []),
    ("FastEngine 2.3, released this week, rewrites the scheduler for about 30% more throughput.", ["event-outside-window"]),
])
def test_a_version_called_new_this_week_is_dated_by_its_changelog_entry(body, checks):
    assert [f.check for f in flagged(run(body, _changelog(), cite=CHANGELOG), "release-date")] == checks


@pytest.mark.parametrize("text, versions", [
    ("本周发布的 3.3 给后端加上了参数", ["3.3"]),
    ("- 2026/06/18 3.4 发布", ["3.4"]),
    ("发布的 3.3 亿参数模型", []),
    ("发布了 1.5 倍的提速", []),
    ("发布了 1.5 年", []),
    ("released 1.5 years ago", []),
])
def test_a_chinese_release_word_makes_a_bare_number_a_version(text, versions):
    from factcheck.extract.versions import extract_versions
    assert [v.version for v in extract_versions(text)] == versions


DATASET_NEWS = ("## News\n\n"
        "- [2025/05/26] We release Mixture-of-Thoughts, a dataset of 350k verified traces.\n"
        "- [2025/02/10] We release the OpenR1-Math-220k dataset of 220k traces distilled from R1.\n"
        "- [2024/03/05] We release the Zephyr-Math dataset of 10k traces.\n")


@pytest.mark.parametrize("body, checks", [
    ("Mixture-of-Thoughts is above the 220k traces of OpenR1-Math-220k, which the project released in March.",
     ["date-contradicted"]),
    ("Mixture-of-Thoughts is above the 220k traces of OpenR1-Math-220k, which the project released in February.", []),
    # a month with no year speaks of the month: March of another year is no contradiction
    ("Zephyr-Math, which the project released in March, holds 10k traces.", []),
    ("OpenR1-Math-220k 数据集是 3 月发布的，共 220k 条轨迹。", ["date-contradicted"]),
    ("OpenR1-Math-220k 数据集是 2 月发布的，共 220k 条轨迹。", []),
])
def test_a_month_without_its_year_is_held_against_a_dated_news_line(body, checks):
    readme = doc(DATASET_NEWS, url=REPO, kind="repository", title="Open R1")
    assert [f.check for f in flagged(run(body, readme, window="2025-05-26..2025-06-01", cite=REPO), "release-date")] \
        == checks


@pytest.mark.parametrize("body, checks", [
    ("本周另一条更新是 FastAttn2++ 的代码首次在仓库中公开。", ["new-but-earlier"]),
    ("本周另一条更新是 FastAttn3 的代码首次在仓库中公开。", []),
    ("Also new this week: the code of FastAttn2++ is released for the first time.", ["new-but-earlier"]),
])
def test_the_news_line_whose_first_sentence_names_it_dates_it(body, checks):
    # the week's FastAttn3 line names FastAttn2 in passing, after its first sentence
    readme = doc("- [2025-09-27]: The code of FastAttn3 is released in this repository. Since FastAttn2 is more "
                 "accurate, we still recommend FastAttn2 for precision-sensitive uses.\n"
                 "- [2025-07-01]: The code of FastAttn2++ is released in this repository.\n"
                 "- [2025-05-02]: FastAttn2 is accepted by ICML 2025!\n", url=REPO, kind="repository", title="FastAttn")
    assert [f.check for f in flagged(run(body, readme, window="2025-09-22..2025-09-28", cite=REPO), "release-date")] \
        == checks


@pytest.mark.parametrize("body, checks", [
    ("He added that the next valid configuration after TP=4 is TP=8 for every model.", ["universal-restricted"]),
    ("He added that the next valid configuration after TP=4 is TP=8 for almost every model.", []),
    ("本版的 FP8 路径对所有模型都适用。", ["universal-restricted"]),
    ("本版的 FP8 路径对几乎所有模型都适用。", []),
])
def test_almost_all_told_as_all(body, checks):
    thread = doc("The next valid configuration after TP=4 is TP=8 for almost all models. "
                 "FP8 路径几乎所有模型都适用，但 MoE 模型除外。", kind="issue")
    assert [f.check for f in flagged(run(body, thread))] == checks


@pytest.mark.parametrize("author, checks", [("lin-qiao", []), ("Jep5", ["replier-not-in-thread"])])
def test_a_reply_answered_in_chinese_is_put_on_its_writer(author, checks):
    thread = doc("When will the v3 code be released?", url=ISSUE, kind="issue", comments=[
        {"author": "Rumaben79", "date": "2025-07-10", "text": "Does v3 only work with Blackwell GPUs?"},
        {"author": author, "date": "2025-07-10", "text": "Yeah it uses FP4 tensor cores so only Blackwell."}])
    body = "在 #5615 里，维护者 lin-qiao 回答说 v3 依赖 FP4 tensor core，因此只能在 Blackwell 上运行。"
    assert [f.check for f in flagged(run(body, thread, cite=ISSUE, window="2025-09-22..2025-09-28"), "unsupported")] \
        == checks


@pytest.mark.parametrize("body, source, checks", [
    ("The README says the hybrid approach guarantees lossless acceleration on other video models.",
     "This hybrid approach may achieve lossless acceleration on other video models.", ["guarantee-raised"]),
    ("The README says the hybrid approach may give lossless acceleration on other video models.",
     "This hybrid approach may achieve lossless acceleration on other video models.", []),
    ("The README says the hybrid approach guarantees lossless acceleration on other video models.",
     "This hybrid approach guarantees lossless acceleration on other video models, though it may be slower.", []),
    ("README 称这种混合方式可以保证其他视频模型的无损加速。", "这种混合方式有望实现其他视频模型的无损加速。", ["guarantee-raised"]),
    ("README 称这种混合方式有望实现其他视频模型的无损加速。", "这种混合方式有望实现其他视频模型的无损加速。", []),
    ("README 称这种混合方式不保证其他视频模型的无损加速。", "这种混合方式有望实现其他视频模型的无损加速。", []),
])
def test_what_may_happen_told_as_guaranteed(body, source, checks):
    assert [f.check for f in flagged(run(body, doc(source, kind="repository")))] == checks


@pytest.mark.parametrize("body, checks", [
    ("对大多数团队而言，3.1.0 之后的 Acme 代码可以按标准 Apache 2.0 使用，商用不设门槛。", ["license-terms-dropped"]),
    ("3.1.0 之后的 Acme 代码采用基于 Apache 2.0 的 Acme 开源许可证，另有附加条款。", []),
    ("3.1.0 之后的 Acme 代码基于 Apache 2.0，但月活超过 1 亿的使用方需另行取得商业许可。", []),
    ("Since 3.1.0 Acme's code is plain Apache 2.0, with no additional terms.", ["license-terms-dropped"]),
    ("Since 3.1.0 Acme's code is under an Apache 2.0-based license with additional terms.", []),
])
def test_a_license_with_added_terms_told_as_the_plain_one(body, checks):
    lic = doc("Acme 依据 Apache License 2.0 进行许可，并受以下附加条款约束：月活跃用户数超过 1 亿的，须取得商业许可。",
              url=REPO, kind="repository", title="Acme LICENSE")
    assert [f.check for f in flagged(run(body, lic, cite=REPO), "license")] == checks


@pytest.mark.parametrize("body, checks", [
    ("回顾时间线：Acme-Edit 8 月 30 日开源，2509 是它之后的月度更新。", ["date-contradicted"]),
    ("回顾时间线：Acme-Edit 8 月 18 日开源，2509 是它之后的月度更新。", []),
    ("回顾时间线：Acme-Edit 8 月开源，2509 是它之后的月度更新。", []),
])
def test_a_line_that_gives_only_the_month_does_not_outvote_the_day(body, checks):
    readme = doc("- 2025.08.18: We're excited to announce the open-sourcing of Acme-Edit!\n"
                 "- 2025.09.22: Compared with Acme-Edit released in August, Acme-Edit-2509 improves consistency.",
                 url=REPO, kind="repository", title="Acme")
    assert [f.check for f in flagged(run(body, readme, window="2025-09-22..2025-09-28", cite=REPO), "release-date")] \
        == checks


@pytest.mark.parametrize("body, checks", [
    ("A maintainer replied that the engine falls back to TP=2 plus a pipeline stage.", ["reply-not-in-thread"]),
    # the author's words may stand in the description: not held to the thread's comments
    ("作者在 8 月 2 日的评论中列出三个关注点：FP8 量化、EP 权重更新和权重加载。", []),
])
def test_a_reply_that_names_no_thread_is_held_to_the_one_its_paragraph_named(body, checks):
    asked = doc("Can three nodes split 128 heads? FP8 量化、EP 权重更新和权重加载。", url=ISSUE, kind="issue",
                comments=[])
    other = doc("Padding could unlock odd clusters.", url=ISSUE.replace("5615", "1015"), kind="issue",
                comments=[{"author": "AlexCheema", "date": "2026-01-02", "text": "Next valid TP after 4 is 8."}])
    text = ("---\ntitle: t\nwindow: 2026-03-27..2026-04-02\n---\n\n## Section\n\n"
            f"A user asked on March 30 (#5615) whether three nodes can split 128 heads.\n{body}\n\n"
            f"Sources: [a]({asked.url}), [b]({other.url})\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([asked, other]))
    assert [f.check for f in flagged(report, "unsupported")] == checks


@pytest.mark.parametrize("body, checks", [
    ("一位用户反映 vllm serve acme-ai/Acme-OCR 跑不起来；另一位用户回复说，换成最新 nightly 就能跑。", []),
    ("一位用户反映 vllm serve acme-ai/Acme-OCR 可以跑起来。", ["polarity-flipped"]),
])
def test_a_chinese_potential_complement_denies(body, checks):
    thread = doc("But vllm serve acme-ai/Acme-OCR doesn't work.", url=ISSUE, kind="issue")
    assert [f.check for f in flagged(run(body, thread, cite=ISSUE), "overstatement")] == checks



@pytest.mark.parametrize("body, checks", [
    ("PR 作者报告，权重更新时间从 16 秒降到 10 秒。\n也就是说，这一步的耗时缩短了约六成。", ["fraction-disagrees"]),
    ("PR 作者报告，权重更新时间从 16 秒降到 10 秒。\n也就是说，这一步的耗时缩短了近四成。", []),
    ("PR 作者报告，权重更新时间从 16 秒降到 10 秒。\n这一步的耗时因此缩短了约六成。", []),  # no restatement: not read
    ("The author reports weight updates going from 16 s to 10 s.\nIn other words, the step takes about half the time.",
     []),  # a half reads either way
    ("The author reports weight updates going from 16 s to 10 s.\nIn other words, the step's time was cut by about "
     "two thirds.", ["fraction-disagrees"]),
])
def test_a_fraction_in_words_that_restates_the_sentence_before(body, checks):
    pr = doc("the time for weight updation from 16s to 10s")
    assert [f.check for f in flagged(run(body, pr)) if f.check == "fraction-disagrees"] == checks


def test_a_sentence_that_says_no_maintainer_replied_reports_no_reply():
    thread = doc("Same PDF, 2.5.4 took 3 s, 2.7.6 takes 6 s.", url=ISSUE, kind="issue", comments=[])
    for body in ["#5615 是一条 bug 报告：用户称同一份 PDF 变慢。\n存档的文本里没有维护者的回复。",
                 "#5615 is a bug report: the same PDF got slower.\nNo maintainer has replied in the archived text."]:
        assert flagged(run(body, thread, cite=ISSUE), "unsupported") == []
    assert [f.check for f in flagged(run("#5615 是一条 bug 报告：用户称同一份 PDF 变慢。\n维护者回复说已在排查。", thread,
                                         cite=ISSUE), "unsupported")] == ["reply-not-in-thread"]


def test_a_month_without_a_year_in_a_table_row_dates_only_its_own_event():
    release = doc("Pre-built wheels now depend on PyTorch 2.5.0.", url="https://github.com/o/r/releases/tag/v0.0.28.post2",
                  kind="release", title="v0.0.28.post2", dates={"published": "2024-10-18"})
    body = ("| 版本 | 变化 | 日期 | 备注 |\n|---|---|---|---|\n"
            "| xformers 0.0.28.post2 | 预编译轮子改为依赖 PyTorch 2.5.0 | 10/18 | 功能变更来自 9 月的 0.0.28 |")
    assert flagged(run(body, release, window="2024-10-14..2024-10-20", cite=release.url), "release-date") == []


@pytest.mark.parametrize("body, checks", [
    ("AutoQuant mixed 的 stage_0_gen 最短，为 2,477.9 ms，但峰值显存 18,404 MB，高于纯 NVFP4。", []),
    ("AutoQuant mixed 的峰值显存为 18,404 MB，stage_0_gen 为 2,477.9 ms，高于纯 NVFP4。", ["lead-reversed"]),
])
def test_a_lead_is_read_of_the_figure_right_before_it(body, checks):
    table = doc("| Model | Throughput | stage_0_gen | Peak memory |\n|---|---|---|---|\n"
                "| NVFP4 | 0.99 req/s | 2684.4ms | 16906 MB |\n| AutoQuant mixed | 1.02 req/s | 2477.9ms | 18404 MB |\n"
                "| FP8 | 0.95 req/s | 2901.3ms | 19900 MB |")
    assert [f.check for f in flagged(run(body, table)) if f.check == "lead-reversed"] == checks


@pytest.mark.parametrize("body, checks", [
    ("在 Qwen3-8B 上，Acme 的中位 TTFT 最多改善 72%，P95 TTFT 最多改善 7%。", []),
    ("On Qwen3-8B, Acme improves median TTFT by up to 7%.", ["statistic-swapped"]),
])
def test_statistics_spelled_as_percentiles_and_chinese_median(body, checks):
    blog = doc("For the `Qwen/Qwen3-8b` model, Acme achieves up to **72% improvement in median TTFT**. On the tail, it "
               "gains **7% in 95th percentile TTFT**.", kind="blog")
    assert [f.check for f in flagged(run(body, blog)) if f.check == "statistic-swapped"] == checks


def test_a_day_glued_to_opened_in_chinese_is_the_opening():
    pr = doc("Use ZMQ pub/sub with MessagePack encoding.", url=PR, state="merged", dates={"created": "2026-09-09"})
    assert flagged(run("它来自 9 月 9 日开启、现已合入的 #1，PR 描述称采用基于 ZMQ 的发布/订阅。", pr), "release-date") == []


def test_a_named_writer_is_looked_for_in_the_thread_the_paragraph_named():
    pr = doc("feat: default to threaded docling-parse", url=PR, state="merged", comments=[
        {"author": "cau-git", "date": "2026-09-16", "text": "Since docling-parse 7.16, all metrics are on par or better."}])
    dep = doc("Add a threaded parser.", url="https://github.com/acme/docling-parse/pull/333", repo="acme/docling-parse",
              state="merged", comments=[])
    text = ("---\ntitle: t\nwindow: 2026-09-14..2026-09-20\n---\n\n## Section\n\n"
            "#101 makes the threaded parser the default.\n"
            "In a comment on September 16, cau-git wrote that since docling-parse 7.16 all metrics are on par or better.\n\n"
            f"Sources: [a]({pr.url}), [b]({dep.url})\n")
    report = check_text(text, "t.md", Settings(use_checkpoint=False), ArchiveSources([pr, dep]))
    assert flagged(report, "unsupported") == []


def test_missing_is_said_without_a_negation_word():
    pr = doc("The serializers now raise `ValueError` at construction when `auto_hang_up=True` (the default) but required "
             "credentials are missing, matching the other serializer.")
    body = ("The serializers now raise `ValueError` at construction when `auto_hang_up=True` is set without the required "
            "credentials.")
    assert [f.check for f in flagged(run(body, pr)) if f.check == "denial-added"] == []
    # (a source sentence with no such word still asserts what a denial of it denies)
    plain = doc("The serializers now raise `ValueError` at construction when `auto_hang_up=True` is set.")
    assert [f.check for f in flagged(run("The serializers do not raise `ValueError` at construction when "
                                         "`auto_hang_up=True` is set.", plain)) if f.check == "denial-added"] \
        == ["denial-added"]


@pytest.mark.parametrize("body, checks", [
    ("此后同一作者又在 9 月 15 日到 16 日提交了 #101，标题是「Update README.md」。", []),
    ("此后同一作者又在 9 月 16 日提交了 #101，标题是「Update README.md」。", ["date-contradicted"]),
])
def test_a_range_of_days_that_runs_on_into_the_verb(body, checks):
    pr = doc("Update README.md", url=PR, title="Update README.md", dates={"created": "2026-09-15"})
    assert [f.check for f in flagged(run(body, pr), "release-date")] == checks


SURYA_TABLES = ("## OCR\n\n| Model | Time per page (s) | Avg similarity |\n|---|---|---|\n| surya | .62 | 0.97 |\n"
                "| tesseract | .45 | 0.88 |\n\n## Text line detection\n\n| Model | Time per page (s) | precision | recall |\n"
                "|---|---|---|---|\n| surya | 0.094452 | 0.835857 | 0.960807 |\n| tesseract | 0.290838 | 0.631498 | 0.997694 |\n\n"
                "## Layout analysis\n\n| Layout Type | precision | recall |\n|---|---|---|\n| Table | 0.84957 | 0.96104 |\n"
                "| Text | 0.93019 | 0.94571 |\n| Title | 0.92102 | 0.95404 |\n")


@pytest.mark.parametrize("body, checks", [
    ("On OCR, the README table gives Surya 0.62 s per page with an average similarity of 0.97, against Tesseract's "
     "0.45 s and 0.88.", []),
    ("On OCR, the README table gives Surya 0.72 s per page with an average similarity of 0.97.", ["figure-differs"]),
    ("For text line detection, Surya takes 0.094 s per page against Tesseract's 0.29 s, with recall 0.961 vs 0.998.",
     []),
])
def test_a_leading_dot_cell_and_a_row_named_in_another_table(body, checks):
    readme = doc(SURYA_TABLES, url=REPO, kind="repository", title="Surya")
    assert [f.check for f in flagged(run(body, readme, cite=REPO))] == checks


@pytest.mark.parametrize("body, checks", [
    ("本周的 PR #101 只处理检索链路中的重复校验，能否解决延迟波动，要等合入和复测。", []),
    ("本周的 PR #101 已经合入，解决了延迟波动。", ["merged-but-open"]),
])
def test_what_is_still_to_wait_for_is_not_done(body, checks):
    pr = doc("Remove a duplicate check in the retrieval path.", url=PR, state="open")
    assert [f.check for f in flagged(run(body, pr)) if f.check == "merged-but-open"][:1] == checks


# --- stop 28: two figures that make one, a news line's day, work still to come -------------------------

# (the README's own sentence, which the quote below retells: a quote the README does not hold is quote-not-in-source's)
HALLOUMI = ("HallOumi, the 8B model, is outperforming DeepSeek R1, Llama 405B, and Gemini Pro.\n\n"
            "| Model | Macro F1 | Balanced Accuracy | Model Size |\n|---|---|---|---|\n"
            "| HallOumi 8B | 77.2% ± 2.2% | 74.8% ± 2.2% | 8B |\n| Llama 3.1 405B | 58.8% ± 2.4% | 58.7% ± 1.7% | 405B |\n"
            "| DeepSeek R1 | 61.6% ± 2.5% | 60.7% ± 2.1% | 671B |\n")


@pytest.mark.parametrize("body, checks", [
    # a margin written out as the range it spans
    ("按 README 给出的 ± 区间，HallOumi 的 Macro F1 落在 75.0%–79.4%，与 DeepSeek R1 的 59.1%–64.1% 并不重叠。", []),
    ("By the README's margins, HallOumi's Macro F1 spans 75.0%–79.4%.", []),
    ("By the README's margins, HallOumi's Macro F1 spans 74.0%–80.4%.", ["number-unsupported"]),
    # a size written inside a model's name is the name, not the row's figure
    ('The README says HallOumi is "outperforming DeepSeek R1, Llama 405B, and Gemini Pro".', []),
])
def test_a_margin_and_a_size_inside_a_name(body, checks):
    readme = doc(HALLOUMI, url=REPO, kind="repository", title="HallOumi")
    assert [f.check for f in flagged(run(body, readme, cite=REPO))] == checks


@pytest.mark.parametrize("body, checks", [
    ("Clone prompts work best at 5–10 seconds (roughly 86 tokens per second of audio).", []),
    ("克隆用的参考音频以 5–10 秒为宜（每秒音频约 86 个 token）。", []),
    ("Clone prompts work best at 5–10 seconds (roughly 120 tokens per second of audio).", ["number-unsupported"]),
])
def test_one_second_set_equal_to_a_count_is_a_rate(body, checks):
    readme = doc("- Duration of the to-be cloned audio should be 5~10 seconds for the best results.\n"
                 "    (Keep in mind: 1 second ≈ 86 tokens)", url=REPO, kind="repository", title="Dia")
    assert [f.check for f in flagged(run(body, readme, cite=REPO))] == checks


BITNET_NEWS = ("<h3>News</h3>\n\n<strong>07/20/2026:</strong> 📣 We released BitNet-embedding-0.6B and "
               "BitNet-embedding-270M on Hugging Face.\n07/16/2026: 📣 Released BitNet Embeddings 0.6B/270M: I2_S "
               "Conversion and Inference Optimization guide.\n10/17/2024: 📣 bitnet.cpp 1.0 released.\n")


@pytest.mark.parametrize("body, checks", [
    # the news line dates the models; the guide page's own date speaks of the guide
    ("BitNet-embedding-0.6B 与 BitNet-embedding-270M 两款模型于 7 月 20 日在 Hugging Face 上线。", []),
    ("BitNet-embedding-0.6B and BitNet-embedding-270M went live on Hugging Face on July 20.", []),
    ("配套的 I2_S 指南于 7 月 18 日放出。", ["date-contradicted"]),
])
def test_an_american_news_day_dates_its_item(body, checks):
    readme = doc(BITNET_NEWS, url=REPO, kind="repository", title="BitNet")
    guide = doc("How to convert BitNet embedding models with I2_S kernels.", url=REPO + "/blob/main/docs/i2s.md",
                kind="page", title="I2_S guide", dates={"published": "2026-07-16"})
    assert [f.check for f in flagged(run_citing(body, readme, guide, window="2026-07-15..2026-07-21"),
                                     "release-date")] == checks


MIRACL_NEWS = ("- 2024/7/1: **We update the MIRACL evaluation results of BGE-M3**.\n"
               "- 2024/3/20: **Thanks Milvus team!** Now you can use hybrid retrieval of bge-m3 in Milvus.\n"
               "- [X] [2025.01.06] You can now use PostgreSQL for Storage in LightRAG-Server.\n")


@pytest.mark.parametrize("body, checks", [
    ("本周团队更新了 BGE-M3 在 MIRACL 上的评测结果。", ["news-outside-window"]),
    ("This week the team updated BGE-M3's MIRACL evaluation results.", ["news-outside-window"]),
    # told as old news, or with the old day itself: nothing to flag
    ("BGE-M3 在 MIRACL 上的评测结果早在 2024 年 7 月就更新过，本周没有新动作。", []),
    ("本周 BGE-M3 没有更新 MIRACL 评测。", []),
])
def test_a_news_line_dated_before_the_window(body, checks):
    readme = doc(MIRACL_NEWS, url=REPO, kind="repository", title="FlagEmbedding")
    assert [f.check for f in flagged(run(body, readme, cite=REPO, window="2025-07-28..2025-08-03"),
                                     "release-date")] == checks


@pytest.mark.parametrize("body, checks", [
    ("The FlashAttention kernels are now bundled in the repository itself.", ["planned-called-supported"]),
    ("The agent metrics, including `ToolCallAccuracy`, have been ported to the new collections API.",
     ["planned-called-supported"]),
    # what the source says is supported now, or the plan told as a plan
    ("Lookahead decoding supports FlashAttention through a fork.", []),
    ("The maintainers plan to integrate FlashAttention directly into the repository.", []),
    ("`ToolCallAccuracy` is still pending migration to the collections API.", []),
])
def test_work_still_to_come_told_as_done(body, checks):
    readme = doc("## FlashAttention Support\n\nTwo ways to install FlashAttention specialized for Lookahead Decoding.\n"
                 "We will integrate FlashAttention directly into this repo for simple installation and usage.\n\n"
                 "### Agent & Tool Metrics (Not Yet Migrated)\n\n- `ToolCallAccuracy` - Still on old architecture "
                 "(Pending migration)\n", url=REPO, kind="repository", title="LookaheadDecoding")
    assert [f.check for f in flagged(run(body, readme, cite=REPO)) if f.check == "planned-called-supported"] == checks


@pytest.mark.parametrize("body, checks", [
    # the thread's text carries its review inline: the quoted words stand there
    ('The PR added `INFERENCE.md`; Vaibhavs10 called it "very comprehensive" in his review.', []),
    ('该 PR 新增了 `INFERENCE.md`，Vaibhavs10 在评审中称其 "very comprehensive"。', []),
    ('The PR added `INFERENCE.md`; Vaibhavs10 replied that "it needs more benchmarks" in his review.',
     ["reply-not-in-thread"]),
])
def test_a_review_carried_in_the_thread_text(body, checks):
    pr = doc("Adds an inference guide.\n\nVaibhavs10 · review · 2024-08-08\nNice! very comprehensive, left some "
             "suggestions to harmonise text across! let's go!", url=PR, state="merged")
    assert [f.check for f in flagged(run(body, pr)) if f.check == "reply-not-in-thread"] == checks


@pytest.mark.parametrize("body, checks", [
    ("On Common Voice 15, Chinese WER is roughly halved (6.9 vs 12.8 in the README table).", []),
    ("在 Common Voice 15 上，中文 WER 大约减半（6.9 对 12.8）。", []),
    # a third is no rounding of 46 %
    ("On Common Voice 15, Chinese WER is cut by roughly a third (6.9 vs 12.8 in the README table).",
     ["number-unsupported"]),
])
def test_a_spelled_change_of_the_sentences_own_figures(body, checks):
    readme = doc("| Dataset | Language | Whisper-large-v3 | Qwen2-Audio |\n|---|---|---|---|\n"
                 "| Common Voice 15 | zh | 12.8 | 6.9 |\n| Common Voice 15 | en | 9.3 | 8.6 |\n",
                 url=REPO, kind="repository", title="Qwen2-Audio")
    assert [f.check for f in flagged(run(body, readme, cite=REPO)) if f.check == "number-unsupported"] == checks


@pytest.mark.parametrize("body, checks", [
    ("SAM 2.1 检查点于 2024 年 10 月 18 日发布，同时放出了训练代码。", ["date-contradicted"]),
    ("The SAM 2.1 checkpoints were released on October 18, 2024, with the training code.", ["date-contradicted"]),
    ("SAM 2.1 检查点于 2024 年 9 月 29 日发布。", []),
])
def test_two_lines_that_agree_on_the_day_tie_and_still_date_it(body, checks):
    readme = doc("09/30/2024 -- SAM 2.1 Developer Suite (new checkpoints, training code, web demo) is released\n\n"
                 "The table below shows the improved SAM 2.1 checkpoints released on September 29, 2024.\n",
                 url=REPO, kind="repository", title="SAM 2")
    assert [f.check for f in flagged(run(body, readme, cite=REPO, window="2024-10-14..2024-10-20"),
                                     "release-date")] == checks


@pytest.mark.parametrize("body, checks", [
    ("The release extends CI to Python 3.12 and PyTorch 2.4.1 (#2360).", []),
    ("该版本把 CI 扩展到 Python 3.12 与 PyTorch 2.4.1（#2360）。", []),
    ("The release extends CI to Python 3.13 (#2360).", ["named-version-differs"]),
])
def test_a_version_named_on_a_line_of_its_own_join(body, checks):
    notes = doc("* test on python/pytorch versions up to 3.12 and 2.4.1 (#2360)\n\nWe used Python 3.9.9 and PyTorch "
                "1.10.1 to train and test our models.", url=REPO, kind="repository", title="whisper")
    assert [f.check for f in flagged(run(body, notes, cite=REPO)) if f.check == "named-version-differs"] == checks


@pytest.mark.parametrize("body, checks", [
    ("The PR re-based the relative speeds (tiny from ~32x to ~10x), so older figures are not comparable.", []),
    ("该 PR 重新标定了相对速度（tiny 从约 32 倍变为约 10 倍）。", []),
    ("The PR re-based the relative speeds (tiny from ~32x to ~12x).", ["change-mismatch"]),
])
def test_the_before_of_a_change_to_the_sources_figure(body, checks):
    pr = doc("diff --git a/README.md b/README.md\n@@ -57,17 +57,21 @@\n |  Size  | Parameters | Relative speed |\n"
             " |:------:|:----------:|:--------------:|\n-|  tiny  |    39 M    |      ~32x      |\n"
             "+|  tiny  |    39 M    |      ~10x      |\n+|  base  |    74 M    |      ~7x       |\n",
             url=PR, state="merged")
    assert [f.check for f in flagged(run(body, pr))] == checks


@pytest.mark.parametrize("body, checks", [
    ("The numbers were collected on an NVIDIA RTX A2000 under Ubuntu 22.04.", ["condition-unseen"]),
    ("这组数据是在 RTX A4000 上采集的。", ["condition-unseen"]),
    ("The numbers were collected on an NVIDIA RTX A6000 under Ubuntu 22.04.", []),
])
def test_a_workstation_gpu_the_report_never_names(body, checks):
    issue = doc("With 4 worker threads sahi needed 0.41 s per iteration against 1.24 s.\n\nEnvironment: NVIDIA RTX A6000, "
                "Ubuntu 22.04, python 3.10.12", url=PR, kind="issue")
    assert [f.check for f in flagged(run(body, issue)) if f.check == "condition-unseen"] == checks


@pytest.mark.parametrize("body, checks", [
    ("It is pretrained on 600k hours of speech, against 60k hours for the w2v-BERT model.", []),
    ("它在 60 万小时语音上预训练，而 w2v-BERT 只有 6 万小时。", []),
    ("It is pretrained on 600k hours of speech, against 80k hours for the w2v-BERT model.", ["number-unsupported"]),
])
def test_a_figure_after_vs_abbreviation(body, checks):
    readme = doc("- it's pretrained on 600k hours of multilingual speech (vs. 60k for w2v-BERT used in the paper)",
                 url=REPO, kind="repository", title="WhisperSpeech")
    assert [f.check for f in flagged(run(body, readme, cite=REPO)) if f.check == "number-unsupported"] == checks


@pytest.mark.parametrize("body, checks", [
    ("At 16,384 tokens, generation went from 6.5 to 16.8 tok/s, the largest gain in the table.", []),
    ("在 16,384 token 处，生成速度从 6.5 升到 16.8 tok/s，是表中最大的提升。", []),
    ("At 16,384 tokens, generation reached 16.8 tok/s, the highest in the table.", ["extreme-contradicted"]),
    ("With memory figures near 400 GB, this is not a configuration most readers will reproduce.", []),
])
def test_the_extreme_of_a_change_and_a_figure_near_a_value(body, checks):
    pr = doc("| Prompt | Gen before (tok/s) | Gen after (tok/s) | Mem (GB) |\n|---|---|---|---|\n"
             "| 1024 | 18.010 | 21.300 | 383.100 |\n| 4096 | 13.592 | 20.647 | 401.668 |\n"
             "| 16384 | 6.520 | 16.772 | 398.605 |\n", url=PR, state="merged")
    assert [f.check for f in flagged(run(body, pr))] == checks


@pytest.mark.parametrize("body, checks", [
    ("2024 年 2 月，MIT News 对 StreamingLLM 做了报道。", []),
    ("In February 2024, MIT News covered StreamingLLM in a spotlight.", []),
    ("StreamingLLM 的代码以 MIT 许可发布。", ["license-not-stated"]),
])
def test_mit_news_is_no_license(body, checks):
    readme = doc("Efficient Streaming Language Models with Attention Sinks.", url=REPO, kind="repository",
                 title="StreamingLLM", license=None)
    assert [f.check for f in flagged(run(body, readme, cite=REPO), "license")] == checks


@pytest.mark.parametrize("body, checks", [
    ("提问者的理解是，Qwen Research License 属于非商用许可，与 Apache 2.0 不兼容。", []),
    ("The asker reads the Qwen Research License as a non-commercial license, unlike Apache 2.0.", []),
    ("colqwen2.5 的权重以非商用许可发布。", ["license-wrong-artifact"]),
])
def test_a_kind_a_license_is_said_to_be(body, checks):
    issue = doc("Both `vidore/colqwen2.5-v0.1` and `vidore/colqwen2.5-v0.2` are listed as Apache 2.0, but they're based "
                "on Qwen/Qwen2.5-VL-3B-Instruct, which uses the Qwen Research License.", url=PR, kind="issue",
                title="License of colqwen2.5")
    card = doc("colqwen2.5-v0.2 is listed as Apache 2.0.", url=REPO, kind="model_card", title="colqwen2.5",
               license={"spdx": "Apache-2.0", "name": "Apache 2.0", "applies_to": "weights"})
    assert [f.check for f in flagged(run_citing(body, issue, card), "license")] == checks


@pytest.mark.parametrize("body, checks", [
    ("文档提醒额外预留至少 1 GB 内存给系统。", []),
    ("The docs ask you to reserve at least 1 GB for the system.", []),
    ("The docs ask you to reserve at least 4 GB for the system.", ["figure-differs"]),
])
def test_an_article_before_a_unit_spelled_out(body, checks):
    page = doc("Remember, you will also need to reserve at least a gigabyte for the system's other needs.",
               url=REPO, kind="page", title="Chroma performance")
    assert [f.check for f in flagged(run(body, page, cite=REPO))] == checks


@pytest.mark.parametrize("body, checks", [
    ("On eight H100 GPUs, GPU video decoding delivers more than twice the latency of CPU decoding.", ["axis-swapped"]),
    ("On eight H100 GPUs, GPU video decoding delivers more than twice the throughput of CPU decoding.", []),
    ("在八张 H100 上，GPU 视频解码的吞吐是 CPU 解码的两倍多。", []),
])
def test_a_figure_in_words_spelled_as_the_source_spells_it(body, checks):
    blog = doc("Setup: Qwen3-VL-8B-Instruct, one vLLM replica per GPU, eight H100 GPUs. Throughput is more than twice "
               "that of CPU decoding. 八张 H100 上，吞吐是 CPU 解码的两倍多。", url=REPO, kind="blog",
               title="GPU video decoding")
    assert [f.check for f in flagged(run(body, blog, cite=REPO)) if f.check == "axis-swapped"] == checks


@pytest.mark.parametrize("body, checks", [
    ("更新说明称，显存不足 4GB 的 GPU 也能运行 Bark。", []),
    ("The update says Bark now runs on GPUs with under 4GB of VRAM.", []),
    ("更新说明称，4GB 显存的 GPU 就能运行 Bark。", ["hedge-dropped"]),
])
def test_buzu_is_an_upper_bound(body, checks):
    readme = doc("💾 You can now use Bark with GPUs that have low VRAM (<4GB).", url=REPO, kind="repository",
                 title="Bark")
    assert [f.check for f in flagged(run(body, readme, cite=REPO))] == checks


@pytest.mark.parametrize("body, checks", [
    ("`text_head()` now applies the encoding fallback to file-like objects too, instead of decoding with "
     "`errors=\"ignore\"` and silently stripping characters from non-UTF-8 streams.", []),
    ("`text_head()` 现在对文件类对象也使用编码回退，不再用 `errors=\"ignore\"` 解码并悄悄丢掉非 UTF-8 流中的字符。", []),
    ("`text_head()` no longer applies the encoding fallback to file paths.", ["denial-added"]),
])
def test_a_state_the_source_tells_as_past(body, checks):
    pr = doc("`text_head()` applies the encoding fallback to file paths and file-like objects. Previously it decoded "
             "with `errors=\"ignore\"`, silently stripping characters from non-UTF-8 streams such as S3 objects.",
             url=PR, state="merged")
    assert [f.check for f in flagged(run(body, pr)) if f.check == "denial-added"] == checks


# --- stop 29 ------------------------------------------------------------------------------------

# a PR's table beside a later PR's whose row restates one of its cells; the later row names
# the part ("H100"), the earlier the architecture ("Hopper")
_EARLIER_ROWS = doc("| Change | Prefill tok/s | Decode tok/s |\n|---|---|---|\n"
                    "| baseline: Hopper cuBLAS gate (Q8) | 3884 / 2901 / 2162 | 61.2 / 35.9 / 35.8 |\n"
                    "| ubatch 4096 | 4692 / 3201 / 2127 | 61.0 / 35.6 / 35.7 |\n",
                    url="https://github.com/o/r/pull/268")
_LATER_ROWS = doc("| State | Prefill tok/s | Decode tok/s |\n|---|---|---|\n"
                  "| base on H100 | 6382 / 3882 / 2395 | 72.2 / 61.2 / 35.8 |\n",
                  url="https://github.com/o/r/pull/270")
_A100_ROWS = doc("| State | Prefill tok/s | Decode tok/s |\n|---|---|---|\n"
                 "| base on A100 | 6382 / 3882 / 2395 | 72.2 / 61.2 / 35.8 |\n",
                 url="https://github.com/o/r/pull/270")


@pytest.mark.parametrize("body", [
    "#268 的基线是 Hopper cuBLAS gate，decode 为 61.2 / 35.9 / 35.8 tok/s。",
    "The #268 baseline, the Hopper cuBLAS gate, decodes at 61.2 / 35.9 / 35.8 tok/s.",
    "#270 的起点在 H100 上，decode 为 72.2 / 61.2 / 35.8 tok/s。",
])
def test_a_row_that_holds_the_figures_under_the_claims_condition_is_where_they_were_measured(body):
    assert not flagged(run_citing(body, _EARLIER_ROWS, _LATER_ROWS))


@pytest.mark.parametrize("body", [
    "#270 的起点在 H100 上，decode 为 72.2 / 61.2 / 35.8 tok/s。",
    "The #270 starting point runs on an H100 and decodes at 72.2 / 61.2 / 35.8 tok/s.",
])
def test_a_part_no_row_of_the_figures_names_is_still_swapped(body):
    found = [f for f in flagged(run_citing(body, _EARLIER_ROWS, _A100_ROWS))
             if f.check in ("row-condition-swapped", "condition-swapped")]
    assert found and "A100" in found[0].message and found[0].category == "unsupported"


# a data size per unit of time: per second and per minute are sixty times apart
_GRAYSORT = doc("The GraySort run sorted 110.5 TiB of data in 30 min 14 s, an average throughput of 3.66 TiB/min. "
                "Aggregate read throughput reached 6.6 TiB/s.")


@pytest.mark.parametrize("body", ["GraySort 平均吞吐达到 3.66 TiB/s。",
                                  "The GraySort run averaged 3.66 TiB/s.",
                                  "聚合读吞吐约 6.6 TiB/min。"])
def test_a_size_per_second_is_not_a_size_per_minute(body):
    assert [f for f in flagged(run(body, _GRAYSORT)) if "3.66" in f.message or "6.6" in f.message]


@pytest.mark.parametrize("body", ["GraySort 平均吞吐为 3.66 TiB/min，聚合读吞吐约 6.6 TiB/s。",
                                  "The GraySort run averaged 3.66 TiB/min, and reads peaked at 6.6 TiB/s."])
def test_a_size_per_unit_of_time_as_the_source_gives_it_is_not_flagged(body):
    assert flagged(run(body, _GRAYSORT)) == []


_PROCESSED = doc("One step learns 8,388,608 tokens in 170 seconds. In other words, 49,345 tokens are processed per "
                 "second.")


@pytest.mark.parametrize("body", ["换算下来每秒约处理 4.9 万个 token。",
                                  "That is about 49,000 tokens per second."])
def test_a_count_processed_per_second_is_a_rate(body):
    assert flagged(run(body, _PROCESSED)) == []


@pytest.mark.parametrize("body", ["换算下来每秒约处理 9.4 万个 token。",
                                  "That is about 94,000 tokens per second."])
def test_another_rate_than_the_count_processed_per_second_is_flagged(body):
    assert [f for f in flagged(run(body, _PROCESSED)) if f.category == "unsupported"]


# a hedge of one clause does not govern a claim that retells another clause of the sentence
_TWO_CLAUSES = doc("I haven't put together a formal benchmark report comparing against VLLM or Unsloth yet, but EasyDeL "
                   "tends to compare closely with (and in some cases outperform) VLLM on long sequence lengths.")


@pytest.mark.parametrize("body", ["作者承认还没有整理出对比 vLLM 或 Unsloth 的正式 benchmark 报告。",
                                  "The author admits there is no formal benchmark report against vLLM or Unsloth yet."])
def test_a_hedge_of_another_clause_of_the_sentence_is_not_dropped(body):
    assert flagged(run(body, _TWO_CLAUSES)) == []


@pytest.mark.parametrize("body", ["作者称 EasyDeL 在长序列上的表现超过了 vLLM。",
                                  "The author says EasyDeL outperforms vLLM on long sequence lengths."])
def test_the_clause_the_hedge_governs_told_without_it_is_still_flagged(body):
    assert [f.check for f in flagged(run(body, _TWO_CLAUSES))] == ["hedge-dropped"]


# a model's repository on a hub is the model's
_TAGGED = doc("The huggingface model repositories are tagged as Apache license. May I suggest to also mention the "
              "Apache license explicitly in the README?", url="https://github.com/o/r/issues/76", kind="issue")


@pytest.mark.parametrize("body", ["用户指出 Hugging Face 上的模型仓库标注为 Apache 许可，建议在 README 里也写明。",
                                  "A user points out that the model repositories on Hugging Face are tagged Apache."])
def test_a_model_repositorys_license_is_the_models(body):
    assert not [f for f in flagged(run(body, _TAGGED, cite=_TAGGED.url)) if f.category == "license"]


@pytest.mark.parametrize("body", ["用户指出 Hugging Face 上的模型仓库标注为 MIT 许可。",
                                  "A user points out that the model repositories on Hugging Face are tagged MIT."])
def test_another_license_for_the_model_repository_is_flagged(body):
    assert [f for f in flagged(run(body, _TAGGED, cite=_TAGGED.url)) if f.category == "license"]


def test_a_negation_inside_brackets_holds_only_inside_them():
    from factcheck.extract.statement import extract_statement
    for text in ("svlandeg 在 A100 上（不开 fp8、d14）复测。", "svlandeg reran it on an A100 (no fp8, d14)."):
        marks = {m.key: m.negated for m in extract_statement(text).mentions if m.kind in ("hardware", "precision")}
        assert marks == {"A100": False, "FP8": True}


_FP8_RUN = doc("I reran it on an H100 with fp8: wall clock 3h23 -> 3h30. On the A100 fp8 is not supported, so that "
               "run is bf16 only.")


@pytest.mark.parametrize("body", ["svlandeg 在 A100 上（不开 fp8）复测。", "svlandeg reran it on an A100 (no fp8)."])
def test_a_setting_the_sentence_leaves_off_is_no_claim_of_it(body):
    assert not [f for f in flagged(run(body, _FP8_RUN)) if f.check == "condition-contradicted"]


# a multiple of real time is the reciprocal of a real-time factor
_RTF_ROWS = doc("| System | Quality | RTF (avg) |\n|---|---|---|\n| 5950x | High | 0.082 |\n| Rpi4 | Low | 0.819 |")


@pytest.mark.parametrize("body", ["在 5950X 上，High 质量模型的 RTF 为 0.082，约相当于实时速度的 12 倍。",
                                  "On the 5950X the High model's RTF is 0.082, roughly 12 times faster than real time."])
def test_a_multiple_of_real_time_worked_out_from_the_rtf_is_not_flagged(body):
    assert flagged(run(body, _RTF_ROWS)) == []


@pytest.mark.parametrize("body", ["在 5950X 上，High 质量模型的 RTF 为 0.082，约相当于实时速度的 20 倍。",
                                  "On the 5950X the High model's RTF is 0.082, roughly 30 times faster than real time."])
def test_a_multiple_of_real_time_the_rtf_does_not_give_is_flagged(body):
    assert [f.check for f in flagged(run(body, _RTF_ROWS))] == ["number-unsupported"]


# an open RFC whose thread reports the work done
_RFC = doc("### Proposal\nOptimize the Gated Delta Product kernel, see the paper.", kind="issue", state="open",
           url="https://github.com/o/r/issues/441", title="[RFC] Optimize Gated Delta Product kernel",
           comments=[{"author": "sustcsonglin", "date": "2026-09-15",
                      "text": "The forward kernel is now ~20% faster. See commit: abc123. TODO: backward kernel."}])


@pytest.mark.parametrize("body", ["In a comment, sustcsonglin reported that the forward kernel is now ~20% faster.",
                                  "sustcsonglin 在评论中表示 forward kernel 现在快了约 20%。"])
def test_what_the_thread_of_a_proposal_reports_done_is_not_called_shipped(body):
    assert flagged(run(body, _RFC, cite=_RFC.url)) == []


@pytest.mark.parametrize("body", ["The backward kernel now ships optimized as well.",
                                  "backward kernel 现在已经完成优化并上线。"])
def test_what_the_thread_of_a_proposal_leaves_to_do_is_still_called_shipped(body):
    assert [f.check for f in flagged(run(body, _RFC, cite=_RFC.url))] == ["proposal-called-shipped"]


# what a participant wrote, against a question that asks "Would it be possible …" with the same names
_DELAYED = doc("Any plans for sharing the multi-speaker weights?", kind="issue",
               url="https://github.com/yl4579/StyleTTS2/issues/20", comments=[
                   {"author": "yl4579", "date": "2023-10-25", "text": "I'm busy with midterm exams, so the model release "
                                                                      "will be delayed a little bit."},
                   {"author": "gigadunk", "date": "2023-10-26", "text": "Hey @yl4579, would it be possible to release the "
                                                                        "LibriTTS training config before you release "
                                                                        "the pre-trained models?"}])


def test_a_link_and_a_modal_verb_are_no_words_of_what_was_said():
    body = ("On the LibriTTS checkpoint, yl4579 wrote in [#20](https://github.com/yl4579/StyleTTS2/issues/20) that the "
            "release would be delayed.")
    assert not [f for f in flagged(run(body, _DELAYED, cite=_DELAYED.url)) if f.check == "speech-put-on-other"]
    moved = ("On the LibriTTS checkpoint, yl4579 asked in [#20](https://github.com/yl4579/StyleTTS2/issues/20) whether "
             "the LibriTTS training config could be released before the pre-trained models.")
    assert [f.check for f in flagged(run(moved, _DELAYED, cite=_DELAYED.url))] == ["speech-put-on-other"]


# a list the source gives, beside a code comment that names one of its settings
_BANDWIDTHS = doc("You need to provide a `bandwidth_id` which corresponds to the embedding for bandwidth from the list: "
                  "`[1.5, 3.0, 6.0, 12.0]`.\n\n```python\nbandwidth_id = torch.tensor([2])  # 6 kbps\n```",
                  kind="repository", url="https://github.com/o/vocos")


@pytest.mark.parametrize("body", ["重建时需要提供 bandwidth_id，对应 1.5、3.0、6.0、12.0 kbps 四档带宽。",
                                  "Decoding takes a bandwidth_id, one of 1.5, 3.0, 6.0 or 12.0 kbps."])
def test_a_list_the_source_gives_is_not_read_against_one_setting(body):
    assert flagged(run(body, _BANDWIDTHS, cite=_BANDWIDTHS.url)) == []


@pytest.mark.parametrize("body", ["示例代码里 bandwidth_id 设为 2，对应 12 kbps。",
                                  "The example sets bandwidth_id to 2, which is 12 kbps."])
def test_one_setting_told_otherwise_than_its_code_comment_is_flagged(body):
    assert [f for f in flagged(run(body, _BANDWIDTHS, cite=_BANDWIDTHS.url)) if f.category == "unsupported"]


# a bare count against a table column that names what it counts
_SIZES = doc("|Model\t|Parameters\t|Based on\t|\n|---\t|---\t|---\t|\n|chronos-t5-tiny\t|8M\t|t5-efficient-tiny\t|\n"
             "|chronos-t5-base\t|200M\t|t5-efficient-base\t|\n|chronos-t5-large\t|710M\t|t5-efficient-large\t|",
             kind="repository", url="https://github.com/o/chronos")


@pytest.mark.parametrize("body", ["The mid-size chronos-t5-base has about 250M parameters.",
                                  "chronos-t5-base 约有 250M 参数。"])
def test_a_count_the_column_of_its_row_gives_otherwise_is_flagged(body):
    found = flagged(run(body, _SIZES, cite=_SIZES.url))
    assert [f.check for f in found] == ["figure-differs"] and "200M" in found[0].message


@pytest.mark.parametrize("body", ["The mid-size chronos-t5-base has about 200M parameters.",
                                  "chronos-t5-base 约有 200M 参数，large 为 710M。"])
def test_a_count_as_its_row_gives_it_is_not_flagged(body):
    assert flagged(run(body, _SIZES, cite=_SIZES.url)) == []


def test_a_single_gpu_is_one():
    from factcheck.extract.quantities import extract_quantities
    for text in ("on a single A100", "在单张 A100 上", "单卡就能跑", "single GPU"):
        [q] = extract_quantities(text)
        assert (q.high, q.unit) == (1.0, "GPU")
    for text in ("a single forward pass", "简单卡顿", "single node", "订单卡"):
        assert extract_quantities(text) == []


_TIMED = doc("The time taken to evaluate Deepseek-PRM-Deepseek-MATH500 using 4 A100 GPUs was 3 hours and 36 minutes.")


def test_one_gpu_where_the_source_timed_four_is_flagged():
    found = flagged(run("Evaluating Deepseek-PRM-Deepseek-MATH500 took 3 hours and 36 minutes on a single A100.", _TIMED))
    assert [f.check for f in found] == ["figure-differs"] and "4 A100 GPUs" in found[0].message
    assert flagged(run("Evaluating Deepseek-PRM-Deepseek-MATH500 took 3 hours and 36 minutes on 4 A100 GPUs.", _TIMED)) == []
    assert flagged(run("在 4 张 A100 上评测 Deepseek-PRM-Deepseek-MATH500 耗时 3 小时 36 分钟。", _TIMED)) == []


# a pull request closed unmerged whose thread says it went in as a commit
def _landed(comment: str) -> SourceDocument:
    return doc("Add AVX-512 kernels for polysemous training.", state="closed", dates={"created": "2025-09-10"}, comments=[
        {"author": "mnorris11", "date": "2026-07-08", "text": "Thanks! I am merging it now with a slight refactor."},
        {"author": "mnorris11", "date": "2026-07-09", "text": comment}])


@pytest.mark.parametrize("body", ["Faiss finally landed #101, the AVX-512 patch for polysemous training.",
                                  "Faiss 本周合入了 AVX-512 的 polysemous 训练补丁。"])
def test_a_closed_pr_its_thread_says_went_in_as_a_commit_is_merged(body):
    src = _landed("It merged but the PR didn't close. 4030faae3d5b2c67a5931a637a1e77e2ceee9e1e")
    assert not [f for f in flagged(run(body, src)) if f.check == "merged-but-open"]


@pytest.mark.parametrize("comment", ["Closing for now, 4030faae is unrelated.",
                                     "Could this be merged as 4030faae instead?"])
def test_a_closed_pr_whose_thread_tells_no_merge_is_still_unmerged(comment):
    body = "Faiss finally landed #101, the AVX-512 patch for polysemous training."
    assert [f.check for f in flagged(run(body, _landed(comment)))] == ["merged-but-open"]


@pytest.mark.parametrize("body", ["It is a static model with a data cutoff of June 2024, and the card carries the MIT license.",
                                  "这是静态模型，数据截止到 2024 年 6 月，模型卡采用 MIT 许可。"])
def test_a_data_cutoff_is_no_data_a_license_covers(body):
    card = doc("license: mit\n\nPhi-4 is a static model trained on an offline dataset with cutoff dates of June 2024.",
               kind="model_card", url="https://huggingface.co/o/phi-4", license={"spdx": "MIT"})
    assert not [f for f in flagged(run(body, card, cite=card.url)) if f.category == "license"]


# support a comment calls "technical", with a caveat after it, is not full support
_TECHNICALLY = doc("Please add Orpheus TTS support.", kind="issue", state="open", url="https://github.com/o/r/issues/1500",
                   title="Orpheus TTS support", comments=[
                       {"author": "LostRuins", "date": "2025-08-24", "text": "Hello, new release is out, and Kokoro is now "
                        "supported! Orpheus is technically supported too, although the model is very large."}])


@pytest.mark.parametrize("body", ["On August 24 LostRuins wrote that Orpheus is now fully supported.",
                                  "8 月 24 日 LostRuins 表示 Orpheus 现已完全支持，可用于生产。"])
def test_support_told_full_where_the_thread_calls_it_technical_is_flagged(body):
    assert [f.check for f in flagged(run(body, _TECHNICALLY, cite=_TECHNICALLY.url))] == ["status-stable"]


@pytest.mark.parametrize("body", ["On August 24 LostRuins wrote that Orpheus is technically supported too, though the model "
                                  "is very large.",
                                  "8 月 24 日 LostRuins 表示 Kokoro 现已支持，Orpheus 理论上也支持，但模型很大。"])
def test_technical_support_told_as_such_is_not_flagged(body):
    assert flagged(run(body, _TECHNICALLY, cite=_TECHNICALLY.url)) == []


_SLOWER = doc("Mamba-5-SNS is approximately 4% slower than Mamba-3-SISO but has much better long-context retention.",
              kind="issue", url="https://github.com/o/r/issues/982")


@pytest.mark.parametrize("body", ["按帖子的说法，Mamba-5-SNS 比 Mamba-3-SISO 快约 4%。",
                                  "Per the post, Mamba-5-SNS is about 4% faster than Mamba-3-SISO."])
def test_a_comparative_told_the_other_way_is_flagged(body):
    assert [f.check for f in flagged(run(body, _SLOWER, cite=_SLOWER.url))] == ["speed-flipped"]


@pytest.mark.parametrize("body", ["按帖子的说法，Mamba-5-SNS 比 Mamba-3-SISO 慢约 4%，但长上下文保持能力更好。",
                                  "Per the post, Mamba-5-SNS is about 4% slower than Mamba-3-SISO."])
def test_a_comparative_told_the_sources_way_is_not_flagged(body):
    assert flagged(run(body, _SLOWER, cite=_SLOWER.url)) == []


# a change told backwards against the table's before and after columns, or the source's own from->to
_BEFORE_AFTER = doc("| | Baseline | This PR |\n|---|---|---|\n| Mean val loss | 3.2777 | 3.2785 |\n"
                    "| Mean train time | 74.03 s | 67.87 s |")


@pytest.mark.parametrize("body, source", [
    ("与此同时，mean val loss 从 3.2785 降到 3.2777，精度还略有提升。", _BEFORE_AFTER),
    ("Mean val loss went from 3.2785 to 3.2777.", _BEFORE_AFTER),
    ("Mean val loss went from 3.2785 to 3.2777.", doc("The val loss went from 3.2777 to 3.2785 with this PR.")),
])
def test_a_change_told_backwards_is_flagged(body, source):
    assert [f.check for f in flagged(run(body, source))] == ["change-reversed"]


@pytest.mark.parametrize("body", ["mean val loss 从 3.2777 升到 3.2785，训练时间从 74.03 s 降到 67.87 s。",
                                  "Mean val loss went from 3.2777 to 3.2785 while train time fell from 74.03 s to 67.87 s."])
def test_a_change_told_the_sources_way_is_not_flagged(body):
    assert flagged(run(body, _BEFORE_AFTER)) == []


# the words that point at the thread ("issue #4") and its project ("VoiceBench") are not what a participant said
_LEADERBOARD = doc("Ultravox: https://github.com/fixie-ai/ultravox", kind="issue",
                   url="https://github.com/MatthewCYM/VoiceBench/issues/4", comments=[
                       {"author": "MatthewCYM", "date": "2024-12-11", "text": "Inference for the Ultravox model is now supported."},
                       {"author": "kadirnar", "date": "2024-12-11", "text": "Thank you! Will you add it to the leaderboard?"},
                       {"author": "MatthewCYM", "date": "2024-12-11", "text": "The Ultravox model will be included. We encourage "
                        "you to submit new voice assistant results via the issue tracker."}])


@pytest.mark.parametrize("body", [
    "本周 VoiceBench 的 [issue #4](https://github.com/MatthewCYM/VoiceBench/issues/4) 值得关注：kadirnar 提出希望加入 Ultravox 模型。",
    "In VoiceBench [issue #4](https://github.com/MatthewCYM/VoiceBench/issues/4), kadirnar asked to add the Ultravox model."])
def test_the_threads_name_and_project_are_no_words_a_participant_said(body):
    assert not [f for f in flagged(run(body, _LEADERBOARD, cite=_LEADERBOARD.url)) if f.check == "speech-put-on-other"]


def test_what_another_participant_said_is_still_put_on_the_named_one():
    body = ("In VoiceBench [issue #4](https://github.com/MatthewCYM/VoiceBench/issues/4), kadirnar wrote that everyone should "
            "submit new voice assistant results through the issue tracker for the leaderboard.")
    assert [f.check for f in flagged(run(body, _LEADERBOARD, cite=_LEADERBOARD.url))] == ["speech-put-on-other"]


_TWICE_AS_LOW = doc("With the google version, the speed of speculative decoding will be lower than that of autoregression, "
                    "which is twice as low.", kind="issue", url="https://github.com/o/r/issues/42")


@pytest.mark.parametrize("body", ["The issue reports that speculative decoding runs at about half the speed of autoregression.",
                                  "该 issue 称投机解码只有自回归约一半的速度。"])
def test_half_the_speed_is_twice_as_low(body):
    assert flagged(run(body, _TWICE_AS_LOW, cite=_TWICE_AS_LOW.url)) == []


def test_half_the_speed_against_twice_as_fast_is_flagged():
    fast = doc("With the google version, speculative decoding is twice as fast as autoregression.", kind="issue",
               url="https://github.com/o/r/issues/42")
    assert flagged(run("The issue reports that speculative decoding runs at about half the speed of autoregression.",
                       fast, cite=fast.url))


_SLORA = doc("Evaluation results show that S-LoRA improves the throughput by up to 4 times compared to state-of-the-art "
             "libraries such as HuggingFace PEFT and vLLM.", kind="blog", url="https://lmsys.org/blog/slora")


@pytest.mark.parametrize("body", ["The post reports throughput up to 4 times higher than HuggingFace PEFT and vLLM.",
                                  "博客称 S-LoRA 的吞吐最高可达 HuggingFace PEFT 和 vLLM 的 4 倍。"])
def test_by_up_to_n_times_is_a_factor(body):
    assert flagged(run(body, _SLORA, cite=_SLORA.url)) == []


def test_another_factor_than_by_up_to_n_times_is_flagged():
    assert flagged(run("The post reports throughput up to 30 times higher than HuggingFace PEFT and vLLM.", _SLORA,
                       cite=_SLORA.url))


_CARD_70B = doc("fixie-ai / ultravox-v0_4_1-llama-3_1-70b Audio-Text-to-Text. License: mit. Ultravox is trained on 7 "
                "datasets across 15 languages.", kind="model_card", url="https://huggingface.co/fixie-ai/ultravox-v0_4_1-llama-3_1-70b",
                title="fixie-ai/ultravox-v0_4_1-llama-3_1-70b", license={"spdx": "MIT"})


@pytest.mark.parametrize("body", ["The [Llama 3.1 70B card](https://huggingface.co/fixie-ai/ultravox-v0_4_1-llama-3_1-70b) "
                                  "lists the model, trained on 7 datasets, under the MIT license.",
                                  "[Llama 3.1 70B 模型卡](https://huggingface.co/fixie-ai/ultravox-v0_4_1-llama-3_1-70b)"
                                  "采用 MIT 许可，并写明训练用了 7 个数据集。"])
def test_a_models_version_in_its_name_is_no_count(body):
    assert flagged(run(body, _CARD_70B, cite=_CARD_70B.url)) == []


def test_a_count_beside_a_models_name_is_still_read():
    assert [f.check for f in flagged(run("The Llama 3.1 70B card says it was trained on 9.25 datasets across 15 languages.",
                                         _CARD_70B, cite=_CARD_70B.url))] == ["number-unsupported"]


_L4_ROWS = doc("|2nd run ||**TGI v3**|**vLLM**|**Amount of req**|\n|---|---|---|---|---|\n"
               "|**Llama 3.1 8b**|Long test* - L4 - 8B|53|57|10|\n|**Llama 3.1 8b**|Long test - 4xL4 - 8B|3.2|12.5|20|\n",
               kind="page", url="https://huggingface.co/docs/tgi")


@pytest.mark.parametrize("body", ["On a single L4 the long test barely moves, 53s against 57s.",
                                  "在单张 L4 上，长测试几乎没变化：53 s 对 57 s。"])
def test_one_gpu_is_weighed_against_the_row_that_holds_the_sentences_figures(body):
    assert flagged(run(body, _L4_ROWS, cite=_L4_ROWS.url)) == []


@pytest.mark.parametrize("body", ["PR 称约比单卡 warm 快 2.93 倍。", "The PR says it is about 2.93x faster than a single GPU warm."])
def test_a_hedge_before_one_unnumbered_gpu_still_governs_the_figure(body):
    from factcheck.extract.statement import extract_statement
    [ratio] = [qa for qa in extract_statement(body, claim=True).quantities if qa.q.unit == "x"]
    assert ratio.q.approx


# a comment's day told in another year
_RFC_DATED = doc("### Proposal\nOptimize the Gated Delta Product kernel.", kind="issue", state="open",
                 url="https://github.com/o/r/issues/441", dates={"created": "2025-02-20"},
                 comments=[{"author": "sustcsonglin", "date": "2025-06-22", "text": "The forward kernel is now ~20% faster."}])


@pytest.mark.parametrize("body", ["That update was posted on June 22 of this year, so the numbers are fresh.",
                                  "这条更新是今年 6 月 22 日发的，数字很新。"])
def test_a_comments_day_told_in_another_year_is_flagged(body):
    found = flagged(run(body, _RFC_DATED, cite=_RFC_DATED.url, window="2026-06-24..2026-06-30"))
    assert [f.check for f in found] == ["comment-in-other-year"] and "2025-06-22" in found[0].message


@pytest.mark.parametrize("body", ["That update was posted on June 22, 2025, a year before this issue.",
                                  "这条更新发于 2025 年 6 月 22 日。",
                                  # a day no comment has: not this check's to weigh
                                  "The issue was revisited on June 23 of this year."])
def test_a_comments_day_told_in_its_own_year_is_not_flagged(body):
    found = flagged(run(body, _RFC_DATED, cite=_RFC_DATED.url, window="2026-06-24..2026-06-30"))
    assert not [f for f in found if f.check == "comment-in-other-year"]


# one benchmark's name sets a column apart
_BENCH_TABLE = doc("| Model | VQAv2 | GQA | TextVQA | TallyQA (simple) | TallyQA (full) |\n| --- | --- | --- | --- | --- | --- |\n"
                   "| moondream1 | 74.7 | 57.9 | 35.6 | - | - |\n| **moondream2** (latest) | 79.4 | 63.1 | 57.2 | 82.1 | 76.6 |",
                   kind="repository", url="https://github.com/o/moondream")


@pytest.mark.parametrize("body", ["moondream2 scores 63.1 on TextVQA.", "moondream2 在 TextVQA 上拿到 63.1。"])
def test_a_figure_told_under_another_benchmarks_column_is_flagged(body):
    found = flagged(run(body, _BENCH_TABLE, cite=_BENCH_TABLE.url))
    assert [f.check for f in found] == ["column-named-swapped"] and "57.2" in found[0].message


@pytest.mark.parametrize("body", ["moondream2 scores 57.2 on TextVQA and 63.1 on GQA.",
                                  "moondream2 在 GQA 上拿到 63.1，在 TextVQA 上拿到 57.2。",
                                  # one plain word ("full") does not set a column apart
                                  "moondream2 scores 82.1 on TallyQA."])
def test_a_figure_under_its_own_benchmarks_column_is_not_flagged(body):
    assert flagged(run(body, _BENCH_TABLE, cite=_BENCH_TABLE.url)) == []


_WINDOWS = doc("The models use GQA, a context window of 16,384 tokens with a sliding window attention of 4,096 tokens, and "
               "were trained using the Fill-in-the-Middle objective.", kind="repository", url="https://github.com/o/sc2")


@pytest.mark.parametrize("body", ["All three use GQA and a 16,384-token context window with 4,096-token sliding window attention.",
                                  "三个模型都用 GQA，上下文窗口 16,384 token，滑动窗口注意力 4,096 token。"])
def test_a_thousands_comma_does_not_split_a_sentence_into_parts(body):
    assert flagged(run(body, _WINDOWS, cite=_WINDOWS.url)) == []


@pytest.mark.parametrize("body", ["The default chunk is 2,048 tokens for prefill and 1,024 tokens for decode.",
                                  "默认 chunk 在 prefill 时为 2,048 tokens，在 decode 时为 1,024 tokens。"])
def test_figures_of_thousands_told_crosswise_are_flagged(body):
    src = doc("The default chunk is 1,024 tokens for prefill and 2,048 tokens for decode.")
    assert [f.check for f in flagged(run(body, src))] == ["pairing-swapped"]


_SEGMENTS = doc("It is trained with full attention, enabling efficient transcription of audio segments up to 24 minutes in a "
                "single pass.", kind="model_card", url="https://huggingface.co/o/parakeet")


@pytest.mark.parametrize("body", ["单次即可转写最长 24 分钟的音频。", "It transcribes audio of up to 24 minutes in one pass."])
def test_the_longest_is_an_upper_bound(body):
    assert flagged(run(body, _SEGMENTS, cite=_SEGMENTS.url)) == []


@pytest.mark.parametrize("body", ["单次即可转写 24 分钟的音频。", "It transcribes 24 minutes of audio in one pass."])
def test_a_bound_dropped_from_the_longest_is_flagged(body):
    assert [f.check for f in flagged(run(body, _SEGMENTS, cite=_SEGMENTS.url))] == ["hedge-dropped"]


# a thread opened after the window ends is not bounded by it
_LATER_PR = doc("Speed up streaming inference for long utterances.", dates={"created": "2022-07-24"}, comments=[
    {"author": "b-flo", "date": "2022-07-24", "text": "There is no reason not to approve the PR but could you give a small "
                                                     "benchmark with different lengths, please?"}])


@pytest.mark.parametrize("body", ["Reviewer b-flo said there was \"no reason not to approve\" but asked for a small benchmark.",
                                  "评审 b-flo 表示“没有理由不批准”，但希望补一个不同长度的小基准。"])
def test_a_reply_in_a_thread_opened_after_the_window(body):
    found = flagged(run(body, _LATER_PR, window="2021-09-06..2021-09-12"))
    assert not [f for f in found if f.check in ("reply-not-in-thread", "replier-not-in-thread")]


def test_a_reply_in_a_thread_opened_before_the_window_ends_is_still_bounded():
    early = _LATER_PR.model_copy(update={"dates": _LATER_PR.dates.model_copy(update={"created": "2021-09-01"})})
    found = flagged(run("Reviewer b-flo said there was \"no reason not to approve\" but asked for a small benchmark.",
                        early, window="2021-09-06..2021-09-12"))
    assert [f.check for f in found] == ["reply-not-in-thread"]


# the one a participant's saying is addressed to is not its speaker; "pull request" points at a thread
_RERANK = doc("Add reranking support.", kind="issue", url="https://github.com/vercel/ai/issues/8886", comments=[
    {"author": "AVtheking", "date": "2025-09-26", "text": "Could I work on this one?"},
    {"author": "patelvivekdev", "date": "2025-09-29", "text": "https://github.com/vercel/ai/pull/3764."},
    {"author": "gr2m", "date": "2025-10-01", "text": "@AVtheking maybe have a look at the pull request and see if it "
                                                     "covers everything for your own use cases?"},
    {"author": "lgrammel", "date": "2026-07-22", "text": "Identified as Feature. The issue tracks adding reranking "
                                                        "support, an existing request; no pull request closes it."}])


@pytest.mark.parametrize("body", ["He suggested AVtheking look at the pull request to see whether it covers his own use cases.",
                                  "On 2025-09-29 patelvivekdev answered by linking an existing pull request."])
def test_an_addressee_and_a_link_posted_are_not_words_put_on_another(body):
    assert not [f for f in flagged(run(body, _RERANK, cite=_RERANK.url)) if f.check == "speech-put-on-other"]


def test_words_of_another_participant_put_on_the_addressee_are_still_flagged():
    body = "AVtheking suggested looking at the pull request to see whether it covers everything for his own use cases."
    assert [f.check for f in flagged(run(body, _RERANK, cite=_RERANK.url))] == ["speech-put-on-other"]


_TWO_THIRDS = doc("The new implementation takes only ~66% of the time of the previous implementation.")


@pytest.mark.parametrize("body", ["换个说法：新实现的耗时只有原来的约 66%，相当于快了约 1.5 倍。",
                                  "That is, the new code takes about 66% of the old time, i.e. about 1.5x faster."])
def test_a_share_restated_as_its_multiple_is_not_flagged(body):
    assert flagged(run(body, _TWO_THIRDS)) == []


@pytest.mark.parametrize("body", ["换个说法：新实现的耗时只有原来的约 66%，相当于快了约 3 倍。",
                                  "That is, the new code takes about 66% of the old time, i.e. about 3x faster."])
def test_a_share_restated_as_another_multiple_is_flagged(body):
    assert [f.check for f in flagged(run(body, _TWO_THIRDS))] == ["number-unsupported"]


def _open_pr() -> SourceDocument:
    return doc("Add a dark mode.", state="open", dates={"created": "2025-03-15"},
               comments=[{"author": "Laisky", "date": "2025-03-27", "text": "I merged it into my fork Laisky/one-api."}])


@pytest.mark.parametrize("body", ["Laisky 在 3 月 27 日回复，已把 #101 合并到自己的 fork，有兴趣可以试用。",
                                  "On March 27 Laisky replied that he merged #101 into his own fork."])
def test_a_merge_into_a_fork_is_not_the_prs_merge(body):
    assert not [f for f in flagged(run(body, _open_pr(), window="2025-03-24..2025-03-30")) if f.check == "merged-but-open"]


@pytest.mark.parametrize("body", ["Laisky 在 3 月 27 日回复，#101 已经合并。", "On March 27 Laisky merged #101."])
def test_a_merge_of_an_open_pr_is_still_flagged(body):
    assert "merged-but-open" in [f.check for f in flagged(run(body, _open_pr(), window="2025-03-24..2025-03-30"))]


_GLM_AIR = doc("GLM-4.5-Air adopts a more compact design with 106 billion total parameters and 12 billion active parameters.",
               kind="model_card", url="https://huggingface.co/zai-org/GLM-4.5-Air")


@pytest.mark.parametrize("body", ["更紧凑的 GLM-4.5-Air 为 106B 总参数、12B 激活参数。",
                                  "The more compact GLM-4.5-Air has 106B total parameters and 12B active parameters."])
def test_a_size_before_total_parameters_is_a_parameter_count(body):
    assert flagged(run(body, _GLM_AIR, cite=_GLM_AIR.url)) == []


@pytest.mark.parametrize("body", ["更紧凑的 GLM-4.5-Air 为 116B 总参数、12B 激活参数。",
                                  "The more compact GLM-4.5-Air has 116B total parameters and 12B active parameters."])
def test_another_count_of_total_parameters_is_flagged(body):
    assert [f.check for f in flagged(run(body, _GLM_AIR, cite=_GLM_AIR.url))] == ["number-unsupported"]


_GPUS_TYPED = doc("Nvidia 4090\nFirst packet latency: 117 ms\nRTF: 0.44\n\nNvida 5090\nFirst packet latency: 113 ms\nRTF: 0.45",
                  kind="issue", url="https://github.com/o/voxtream/issues/4")


@pytest.mark.parametrize("body", ["A user measured 117 ms first-packet latency on an RTX 4090, versus 113 ms on an RTX 5090.",
                                  "有用户在 RTX 4090 上测得首包延迟 117 ms，在 RTX 5090 上为 113 ms。"])
def test_a_card_the_source_names_by_its_number_after_a_misspelled_maker(body):
    assert flagged(run(body, _GPUS_TYPED, cite=_GPUS_TYPED.url)) == []


def test_a_card_the_source_never_names_is_still_unseen():
    body = "A user measured 117 ms first-packet latency on an RTX 4090, versus 113 ms on an RTX 3090."
    assert [f.check for f in flagged(run(body, _GPUS_TYPED, cite=_GPUS_TYPED.url))] == ["condition-unseen"]


_SCALING = doc("Near-linear Scaling: with 8× GPU resources achieving 7.6× efficiency improvement.")


@pytest.mark.parametrize("body", ["8 倍 GPU 资源带来 7.6 倍效率提升，换算下来约为 95%。",
                                  "With 8x the GPUs it is 7.6x as efficient, which works out to about 95% scaling efficiency."])
def test_one_multiple_as_a_share_of_the_other_is_the_writers_arithmetic(body):
    assert flagged(run(body, _SCALING)) == []


@pytest.mark.parametrize("body", ["8 倍 GPU 资源带来 7.6 倍效率提升，换算下来约为 85%。",
                                  "With 8x the GPUs it is 7.6x as efficient, which works out to about 85% scaling efficiency."])
def test_a_share_the_two_multiples_do_not_give_is_flagged(body):
    assert [f.check for f in flagged(run(body, _SCALING))] == ["number-unsupported"]


def test_a_setting_left_off_denies_only_the_term_after_it():
    from factcheck.extract.statement import extract_statement
    st = extract_statement("在 TPU v6e 上相对不开投机解码提速约 2.1 倍，在 A100 上（不开 fp8）复测。", claim=True)
    assert [qa.negated for qa in st.quantities] == [False]
    assert {m.text: m.negated for m in st.mentions if m.kind in ("hardware", "precision")} == \
        {"TPU v6e": False, "A100": False, "fp8": True}
    # "绕不开", "离不开": no setting left off
    st = extract_statement("本周发布的 CUTLASS 3.4.0 是 Hopper 上做 MoE 推理绕不开的版本，新模型离不开 FP8。", claim=True)
    assert not any(m.negated for m in st.mentions if m.kind in ("event", "hardware", "precision"))


@pytest.mark.parametrize("body", ["PR 附带的 benchmark 显示，在 TPU v6e 上相对不开投机解码提速约 2.1 倍。",
                                  "The PR's benchmark shows about 2.1x over running without speculative decoding on TPU v6e."])
def test_a_figure_measured_against_a_setting_left_off_is_still_checked(body):
    src = doc("End-to-end throughput on TPU v6e: speculative decoding gives a 1.6x speedup over the baseline.")
    assert [f.check for f in flagged(run(body, src))] in (["number-unsupported"], ["figure-differs"])


_LOG_TABLE = doc("精度\tbatch size\t速度(Tokens/s)\nfp16\t256\t4722.701172\nfp16\t512\t1805.522705", kind="issue",
                 url="https://github.com/o/fastllm/issues/161")


@pytest.mark.parametrize("body", ["另一位用户测得 fp16 在 batch 256 时为 4722 tokens/s，batch 512 时掉到 1805 tokens/s。",
                                  "Another user measured 4722 tokens/s at batch 256 and 1805 tokens/s at batch 512 in fp16."])
def test_a_long_logged_figure_cut_short_is_the_sources(body):
    assert flagged(run(body, _LOG_TABLE, cite=_LOG_TABLE.url)) == []


def test_a_logged_figure_told_otherwise_is_still_flagged():
    body = "Another user measured 4724 tokens/s at batch 256 and 1805 tokens/s at batch 512 in fp16."
    assert flagged(run(body, _LOG_TABLE, cite=_LOG_TABLE.url))


def test_targeting_a_part_is_no_version_to_come():
    src = doc("* Beta release of Pointer-Array Batched GEMMs targeting H100 tensor cores (requires CUDA 12.3 or above).",
              url="https://github.com/NVIDIA/cutlass/pull/1286")
    for body in ("针对 H100 tensor cores 的 Pointer-Array Batched GEMM 以 Beta 形式发布，要求 CUDA 12.3 或以上。",
                 "Pointer-Array Batched GEMMs for H100 were released as a beta and require CUDA 12.3 or above."):
        assert not [f for f in flagged(run(body, src, cite=src.url)) if f.check == "planned-called-released"]
    planned = doc("The grouped GEMM is targeted for CUDA 12.4 support next quarter.", url="https://github.com/NVIDIA/cutlass/pull/1286")
    assert [f.check for f in flagged(run("The grouped GEMM shipped with CUDA 12.4 support.", planned, cite=planned.url))] \
        == ["planned-called-released"]


_NO_NET_WIN = doc("We ported three optimizations: compiled verify, the flash-skip decode kernel and the MoE verify kernels. "
                  "**All three: no net win** over the stock 0.6.4 verify stack.", kind="issue", url="https://github.com/o/omlx/issues/3471")


def test_none_of_denies_like_no():
    assert flagged(run("None of the three ports gave a net win over the stock 0.6.4 verify stack.", _NO_NET_WIN,
                       cite=_NO_NET_WIN.url)) == []
    assert [f.check for f in flagged(run("All three ports gave a net win over the stock 0.6.4 verify stack.", _NO_NET_WIN,
                                         cite=_NO_NET_WIN.url))] == ["polarity-flipped"]


_TWO_PATHS = doc("For 1,168 generated tokens, the current NVFP4 MTP path accepted 736/1,713 drafts at 156.33 tok/s. "
                 "A BF16 MTP-expert prototype accepted 731/1,736 at 153.22 tok/s and used about 5 GiB more device memory.",
                 kind="issue", url="https://github.com/o/ninfer/issues/102")


@pytest.mark.parametrize("body", ["The BF16 prototype also ran at 153.22 tok/s versus 156.33 tok/s and used about 5 GiB more "
                                  "device memory.",
                                  "BF16 原型的速度为 153.22 tok/s，对比 156.33 tok/s，显存多用约 5 GiB。"])
def test_a_figure_set_against_the_first_is_the_other_sides(body):
    assert flagged(run(body, _TWO_PATHS, cite=_TWO_PATHS.url)) == []


def test_the_other_sides_figure_told_as_the_named_ones_is_still_flagged():
    body = "The BF16 prototype ran at 156.33 tok/s and used about 5 GiB more device memory."
    assert flagged(run(body, _TWO_PATHS, cite=_TWO_PATHS.url))


# --- stop 30 -------------------------------------------------------------------

_HERMES = doc("Measured A100 result:\n- batch 2, sequence 4096: 7,939 to 8,879 tokens/s steady state (+11.8%)\n"
              "- fused scan backward: 10.893 ms to 5.889 ms per layer", url="https://github.com/o/hermes/pull/57")


@pytest.mark.parametrize("body", [
    "For readers comparing numbers: the 11.8% is the steady-state tokens/s figure, while the 10.893 → 5.889 ms drop is per "
    "layer for one fused kernel.",
    "11.8% 是稳态 tokens/s 的提升，而 10.893 → 5.889 ms 是单个融合 kernel 每层的耗时变化。"])
def test_a_percentage_set_apart_from_a_change_is_not_read_as_its_size(body):
    assert flagged(run(body, _HERMES, cite=_HERMES.url)) == []


@pytest.mark.parametrize("body", ["The fused scan backward improved by 11.8%, from 10.893 ms to 5.889 ms per layer.",
                                  "融合 scan backward 每层耗时改善 11.8%，从 10.893 ms 降到 5.889 ms。"])
def test_a_percentage_told_as_the_size_of_the_change_is_still_checked(body):
    assert "change-percent-disagrees" in [f.check for f in flagged(run(body, _HERMES, cite=_HERMES.url))]


_GROK = doc("We are releasing the base model weights and network architecture of Grok-1. This is the raw base model "
            "checkpoint from the Grok-1 pre-training phase, which concluded in October 2023.", kind="blog",
            url="https://x.ai/news/grok-os", title="Open Release of Grok-1", dates={"published": "2024-03-17"})


@pytest.mark.parametrize("body", [
    "The released checkpoint is the raw base model from the pre-training phase that concluded in October 2023.",
    "发布的 checkpoint 是 2023 年 10 月结束的预训练阶段的原始基座模型。"])
def test_a_date_of_another_event_beside_a_release_is_not_its_day(body):
    assert flagged(run(body, _GROK, window="2024-03-15..2024-03-21", cite=_GROK.url)) == []


@pytest.mark.parametrize("body", ["The Grok-1 base checkpoint was released in October 2023.",
                                  "Grok-1 的基座 checkpoint 于 2023 年 10 月发布。"])
def test_a_release_told_in_another_month_is_still_flagged(body):
    assert [f.check for f in flagged(run(body, _GROK, window="2024-03-15..2024-03-21", cite=_GROK.url))] \
        == ["date-contradicted"]


_LLUMNIX = doc("Test Setup:\n- Instances: 5\n- Model: qwen2-7b\n- GPU: 4090 24GB\n- Concurrency: 120\n\nFindings:\n"
               "We observed that the TTFT and TPOT for Llumnix are about 20% lower compared to vLLM.", kind="issue",
               url="https://github.com/o/llumnix/issues/100")


@pytest.mark.parametrize("body", ["The test ran qwen2-7b on RTX 4090 24GB cards at a concurrency of 120, with TTFT and "
                                  "TPOT about 20% lower.",
                                  "测试在 RTX 4090 24GB 上以 120 并发运行 qwen2-7b，TTFT 和 TPOT 约低 20%。"])
def test_a_cards_number_given_as_the_gpu_is_the_card(body):
    assert flagged(run(body, _LLUMNIX, cite=_LLUMNIX.url)) == []


@pytest.mark.parametrize("body", ["The test ran qwen2-7b on RTX 3090 cards at a concurrency of 120, with TTFT and TPOT "
                                  "about 20% lower.",
                                  "测试在 RTX 3090 上以 120 并发运行 qwen2-7b，TTFT 和 TPOT 约低 20%。"])
def test_another_card_than_the_gpu_given_is_still_flagged(body):
    assert [f.check for f in flagged(run(body, _LLUMNIX, cite=_LLUMNIX.url))] == ["condition-unseen"]


_DOTTED_V = doc("just small things and no rush to release this", title="Release v.0.9.4",
                url="https://github.com/o/mflux/pull/237", dates={"created": "2025-07-09"})


@pytest.mark.parametrize("body", ["mflux 的发版 PR #237 于 2025-07-09 开出，目标是 v0.9.4。",
                                  "mflux's release PR #237, opened on 2025-07-09, targets v0.9.4."])
def test_a_version_written_v_dot_is_the_version(body):
    assert not [f for f in flagged(run(body, _DOTTED_V, window="2025-07-07..2025-07-13", cite=_DOTTED_V.url))
                if f.check == "version-unsupported"]


@pytest.mark.parametrize("body", ["mflux 的发版 PR #237 于 2025-07-09 开出，目标是 v0.9.5。",
                                  "mflux's release PR #237, opened on 2025-07-09, targets v0.9.5."])
def test_another_version_than_the_dotted_one_is_still_unsupported(body):
    assert [f.check for f in flagged(run(body, _DOTTED_V, window="2025-07-07..2025-07-13", cite=_DOTTED_V.url))] \
        == ["version-unsupported"]


_AMPHION = doc("Amphion has a new release for its VALL-E models, it uses Llama as its underlying architecture and has "
               "better model performance, faster training speed, and more readable codes compared to our first version.\n\n"
               "Files and versions: main, 10.8 GB, acoustic_modeling/model.safetensors 4.49 GB", kind="page",
               url="https://github.com/o/Amphion")


@pytest.mark.parametrize("body", ["According to the README, the new VALL-E trains roughly twice as fast as the first version.",
                                  "据 README，新版 VALL-E 的训练速度大约快了一倍多，约为第一版的 2.4 倍。"])
def test_a_ratio_of_file_sizes_backs_no_speed(body):
    assert [f.check for f in flagged(run(body, _AMPHION, cite=_AMPHION.url))] == ["number-unsupported"]


@pytest.mark.parametrize("body", ["The main branch holds about 2.4 times the size of the acoustic model file.",
                                  "main 分支的体积约为声学模型文件的 2.4 倍。"])
def test_a_ratio_of_file_sizes_still_backs_a_size(body):
    assert flagged(run(body, _AMPHION, cite=_AMPHION.url)) == []


_HUNYUAN = doc("**Hunyuan-A13B-Pretrain** 在 12/14 个任务上超越了Hunyuan上一代52B激活参数的MoE模型Hunyuan-Large，"
               "证实了它在预训练任务上出色的能力。\n\nHunyuan-A13B-Pretrain outperforms Hunyuan-Large on 12 of the 14 tasks.",
               kind="model_card", url="https://huggingface.co/tencent/Hunyuan-A13B-Instruct")


@pytest.mark.parametrize("body", ["Hunyuan-A13B-Pretrain 在全部 14 个任务上都超越了上一代 MoE 模型 Hunyuan-Large。",
                                  "Hunyuan-A13B-Pretrain beats Hunyuan-Large on all 14 tasks."])
def test_all_of_a_count_the_source_gives_partly_is_flagged(body):
    [f] = flagged(run(body, _HUNYUAN, cite=_HUNYUAN.url))
    assert (f.check, f.category) == ("all-of-count-partial", "overstatement")
    assert "12" in f.evidence[0].quote


@pytest.mark.parametrize("body", ["Hunyuan-A13B-Pretrain 在 14 个任务中的 12 个上超越了 Hunyuan-Large。",
                                  "Hunyuan-A13B-Pretrain 在 12/14 个任务上超越了 Hunyuan-Large，并非全部 14 个任务。",
                                  "Hunyuan-A13B-Pretrain beats Hunyuan-Large on 12 of the 14 tasks.",
                                  "Hunyuan-A13B-Pretrain beats Hunyuan-Large on almost all 14 tasks, 12 of them."])
def test_a_count_kept_to_its_part_is_not_flagged(body):
    assert flagged(run(body, _HUNYUAN, cite=_HUNYUAN.url)) == []


_MODERNBERT = doc("But no longer: not only is ModernBERT the first base-size model to beat DeBERTaV3 on GLUE, it also uses less "
                  "than 1/5th of Deberta’s memory.", kind="blog", url="https://huggingface.co/blog/modernbert")


@pytest.mark.parametrize("body", ["The authors say it is the first base-size model to beat DeBERTaV3 on GLUE while using "
                                  "less than 1/5 of DeBERTa's memory.",
                                  "作者称 ModernBERT 是首个在 GLUE 上超过 DeBERTaV3 的 base 尺寸模型，显存占用不到 DeBERTa 的 1/5。"])
def test_not_only_adds_and_denies_nothing(body):
    assert flagged(run(body, _MODERNBERT, cite=_MODERNBERT.url)) == []


def test_a_real_negation_beside_not_only_still_denies():
    src = doc("ModernBERT is not the first base-size model to beat DeBERTaV3 on GLUE.", kind="blog",
              url="https://huggingface.co/blog/modernbert")
    assert [f.check for f in flagged(run("ModernBERT is the first base-size model to beat DeBERTaV3 on GLUE.", src,
                                         cite=src.url))] == ["polarity-flipped"]


_OPT_IN = doc("### Breaking\n- Telemetry is now opt-in by default and will be removed in the next release.", kind="release",
              url="https://github.com/o/chainlit/releases/tag/2.6.0")


@pytest.mark.parametrize("body", ["同一版本把 Telemetry 改为默认 opt-in。", "That release made telemetry the new default opt-in setting."])
def test_a_default_changed_to_opt_in_is_off(body):
    assert flagged(run(body, _OPT_IN, cite=_OPT_IN.url)) == []


@pytest.mark.parametrize("body", ["同一版本把 Telemetry 改为默认开启。", "That release turned telemetry on by default."])
def test_a_default_told_on_against_opt_in_is_still_flagged(body):
    assert [f.check for f in flagged(run(body, _OPT_IN, cite=_OPT_IN.url))] == ["status-default"]


_BUMP = doc("Bump agentscope version from 2.0.6 to 2.0.7 for release.", url="https://github.com/o/agentscope/pull/2407",
            state="merged", dates={"created": "2026-09-15", "merged": "2026-09-16"})
_IN_USE = doc("**Version:** 2.0.6\n\nThe agent hangs when the tool call times out.", kind="issue",
              url="https://github.com/o/agentscope/issues/2300", dates={"created": "2026-07-21"})


@pytest.mark.parametrize("body", ["本周 AgentScope 提交了 #2407，把版本从 2.0.6 升到 2.0.7 用于发版，该 PR 已合并。",
                                  "This week AgentScope merged #2407, which bumps the version from 2.0.6 to 2.0.7 for the release."])
def test_the_old_side_of_a_version_bump_is_not_the_release(body):
    assert not [f for f in flagged(run_citing(body, _BUMP, _IN_USE)) if f.check == "version-in-use-before-window"]


@pytest.mark.parametrize("body", ["本周发布了 AgentScope 2.0.6。", "AgentScope 2.0.6 was released this week."])
def test_a_version_in_use_before_the_window_told_as_released_is_still_flagged(body):
    assert [f.check for f in flagged(run_citing(body, _BUMP, _IN_USE))] == ["version-in-use-before-window"]


_IRIS = doc("We are thrilled to announce the release of vLLM Semantic Router v0.1, codename Iris. Since our experimental "
            "launch in September 2025, we've witnessed extraordinary community growth: over 600 Pull Requests merged.",
            kind="blog", url="https://blog.vllm.ai/2026/01/05/semantic-router-v0.1.html", title="vLLM Semantic Router v0.1 Iris",
            dates={"published": "2026-01-05"})


@pytest.mark.parametrize("body", ["团队称，自 2025 年 9 月实验性发布以来，项目已合并 600 多个 PR。",
                                  "Since its experimental release in September 2025, the project has merged over 600 PRs."])
def test_a_date_the_page_itself_gives_is_not_the_pages_date(body):
    assert flagged(run(body, _IRIS, window="2026-01-05..2026-01-11", cite=_IRIS.url)) == []


@pytest.mark.parametrize("body", ["vLLM Semantic Router v0.1 于 2025 年 12 月发布。",
                                  "vLLM Semantic Router v0.1 was released in December 2025."])
def test_a_release_month_the_page_does_not_give_is_still_flagged(body):
    assert [f.check for f in flagged(run(body, _IRIS, window="2026-01-05..2026-01-11", cite=_IRIS.url))] \
        == ["date-contradicted"]


_OPIK = doc("## Details\nA new parameter `track` has been added with a default value of `True`.",
            url="https://github.com/o/opik/pull/900", state="merged",
            comments=[{"author": "alexkuzmik", "date": "2024-12-18", "text": ":+1:"},
                      {"author": "jverre", "date": "2024-12-19", "text": "This has been implemented and released, thanks!"}])


@pytest.mark.parametrize("body", ['Reviewer alexkuzmik approved it with "LGTM, ship it" on 2024-12-18.',
                                  "jverre replied “This has now been fully released to everyone”."])
def test_words_quoted_as_a_saying_that_no_source_holds_are_flagged(body):
    [f] = [f for f in flagged(run(body, _OPIK, window="2024-12-16..2024-12-22", cite=_OPIK.url))
           if f.check == "quote-not-in-source"]
    assert f.category == "unsupported"


@pytest.mark.parametrize("body", ["jverre replied “This has been implemented and released” a day later.",
                                  "jverre replied: \"this has been implemented AND released, thanks\".",
                                  "jverre 回复称“已经实现并发布”。",
                                  "jverre replied that it had been “implemented … released”.",
                                  'The PR sets a "default value" for `track`.'])
def test_a_quote_the_source_holds_or_a_translated_or_elided_one_is_not_flagged(body):
    assert not [f for f in flagged(run(body, _OPIK, window="2024-12-16..2024-12-22", cite=_OPIK.url))
                if f.check == "quote-not-in-source"]


_DOTS = doc("dots.llm1 is a MoE model that activates 14B parameters out of 142B total parameters.", kind="model_card",
            url="https://huggingface.co/rednote-hilab/dots.llm1.base")


@pytest.mark.parametrize("body", ["dots.llm1 是一个 MoE 模型，总参数 142B，每次推理只激活 14B，激活比例不到 10%。",
                                  "dots.llm1 activates 14B of its 142B total parameters, less than 10% of them."])
def test_a_share_the_sentences_own_figures_give_is_theirs(body):
    assert flagged(run(body, _DOTS, cite=_DOTS.url)) == []


@pytest.mark.parametrize("body", ["dots.llm1 是一个 MoE 模型，总参数 142B，每次推理只激活 14B，激活比例约 20%。",
                                  "dots.llm1 activates 14B of its 142B total parameters, about 20% of them."])
def test_a_share_the_sentences_own_figures_do_not_give_is_still_flagged(body):
    assert [f.check for f in flagged(run(body, _DOTS, cite=_DOTS.url))] == ["number-unsupported"]


_QWEN_VL = doc("| Benchmark | Qwen2.5-VL-72B | Qwen2.5-VL-7B |\n|---|---|---|\n| ScreenSpot Pro | 43.6 | 29.0 |", kind="page",
               url="https://github.com/o/Qwen2.5-VL")


@pytest.mark.parametrize("body", ["72B 在 ScreenSpot Pro 上为 43.6，约为 7B（29.0）的 1.5 倍。",
                                  "On ScreenSpot Pro the 72B scores 43.6, about 1.5 times what the 7B (29.0) scores."])
def test_a_model_size_after_a_hedge_is_the_models_name(body):
    assert flagged(run(body, _QWEN_VL, cite=_QWEN_VL.url)) == []


_SKY = doc("| | | Sky-T1-32B-Preview | Sky-T1-32B-Flash | Qwen2.5-32B-Instruct |\n|---|---|---|---|---|\n"
           "| Math500 | Acc | 88.6 | 88.6 | 76.2 |\n| | Avg Len | 2124 | 1417 (-33%) | 522 |\n"
           "| MMLU | Acc | 82.4 | 81.7 | 80.1 |", kind="model_card", url="https://huggingface.co/NovaSky-AI/Sky-T1-32B-Flash")


@pytest.mark.parametrize("body", ["以 Math500 为例，Flash 的平均长度从 2124 降到 1417（-33%），准确率保持 88.6 不变。",
                                  "On Math500, Flash cut the average length from 2124 to 1417 (-33%) and its accuracy stayed "
                                  "unchanged at 88.6."])
def test_accuracy_unchanged_on_the_row_the_sentence_names(body):
    assert flagged(run(body, _SKY, cite=_SKY.url)) == []


@pytest.mark.parametrize("body", ["以 MMLU 为例，Flash 的准确率保持 82.4 不变。", "On MMLU, Flash kept its accuracy unchanged at 82.4."])
def test_accuracy_told_unchanged_on_a_row_that_moved_is_still_flagged(body):
    assert "accuracy-unchanged" in [f.check for f in flagged(run(body, _SKY, cite=_SKY.url))]


_FLOOR_SRC = doc("## [2.4.0] - 2025-03-11\n\n### Changed\n\n- Chainlit now requires python `>=3.10`\n\n### Added\n\n"
                 "- MCP support through `@cl.on_mcp_connect`", kind="release",
                 url="https://github.com/o/chainlit/releases/tag/2.4.0")


@pytest.mark.parametrize("body", ["2.4.0 起，Chainlit 要求 Python 3.11 及以上，并通过 `@cl.on_mcp_connect` 引入 MCP 支持。",
                                  "Since 2.4.0, Chainlit requires Python 3.11 or later.",
                                  "Chainlit 2.4.0 now needs python>=3.11."])
def test_a_lowest_version_the_source_gives_otherwise_is_flagged(body):
    [f] = flagged(run(body, _FLOOR_SRC, window="2025-03-10..2025-03-16", cite=_FLOOR_SRC.url))
    assert f.check == "requirement-floor-differs" and ">=3.10" in f.evidence[0].quote


@pytest.mark.parametrize("body", ["2.4.0 起，Chainlit 要求 Python 3.10 及以上。", "Since 2.4.0, Chainlit requires Python 3.10+.",
                                  "Chainlit 2.4.0 needs python >= 3.10, and is tested with Python 3.12.",
                                  "Since 2.4.0, Chainlit requires CUDA 12.1 or later."])
def test_the_lowest_version_the_source_gives_or_one_it_does_not_speak_of_is_not_flagged(body):
    assert not [f for f in flagged(run(body, _FLOOR_SRC, window="2025-03-10..2025-03-16", cite=_FLOOR_SRC.url))
                if f.check == "requirement-floor-differs"]


def test_a_local_version_tag_is_no_lowest_version():
    src = doc("Requires torch>=2.3.", url="https://github.com/o/r/issues/10", kind="issue")
    assert not [f for f in flagged(run("The user ran it on torch 2.4.1+cu121 and hit a TypeError.", src, cite=src.url))
                if f.check == "requirement-floor-differs"]


_MXBAI = doc("mxbai-embed-large-v1\n\nParameters 340M\nContext Window 512\n\nCompare with other models\n\n"
             "Model | Context Window | Dimensions | Price / 1M tokens\nmxbai Embed Large v1 | 512 | 1024 | $0.10\n"
             "mxbai embed xsmall v1 | 4.1K | 384 | -", kind="page", url="https://www.mixedbread.com/docs/models/mxbai-embed-large-v1")


@pytest.mark.parametrize("body", ["For comparison, Mixedbread's English model has 340M parameters, 1024-dimensional embeddings "
                                  "and a 512-token context window.",
                                  "作为对比，Mixedbread 的英文 model 有 340M 参数、1024 维向量和 512 token 的上下文窗口。"])
def test_a_tables_header_line_is_no_row_the_sentence_names(body):
    assert flagged(run(body, _MXBAI, cite=_MXBAI.url)) == []


def test_a_named_rows_swap_is_still_flagged_beside_a_header_line():
    src = doc("| Model | Context | Throughput (tok/s) |\n| --- | --- | --- |\n| Model-A-7B | 4096 | 20.7 |\n"
              "| Model-B-13B | 4096 | 19.1 |\n| Model-C-70B | 8192 | 13.2 |", kind="page", url="https://github.com/o/models")
    assert [f.check for f in flagged(run("Model-A-7B managed only 13.2 tok/s.", src, cite=src.url))] == ["named-row-swapped"]


_SOLAR = doc("Solar Pro Preview shows superior performance compared to LLMs with less than 30 billion parameters and delivers "
             "performance comparable to models over three times its size, such as Llama 3.1 with 70 billion parameters.",
             kind="model_card", url="https://huggingface.co/upstage/solar-pro-preview-instruct")


@pytest.mark.parametrize("body", ["官方称其在 30B 以下的 LLM 中表现更优，并与 Llama 3.1 70B 这类体量三倍以上的模型性能相当。",
                                  "Upstage says it beats LLMs under 30B and matches models over three times its size, such as "
                                  "Llama 3.1 70B."])
def test_a_parameter_count_beside_a_bound_or_after_a_models_version_is_a_count(body):
    assert flagged(run(body, _SOLAR, cite=_SOLAR.url)) == []


@pytest.mark.parametrize("text, value", [("官方称其在 30B 以下的 LLM 中表现更优", 30e9), ("与 Llama 3.1 70B 性能相当", 70e9),
                                         ("it beats LLMs under 30B", 30e9), ("70B 级模型", 70e9)])
def test_a_size_beside_a_bound_or_after_a_models_version_reads_as_parameters(text, value):
    from factcheck.extract.statement import extract_statement
    [q] = [qa.q for qa in extract_statement(text).quantities if qa.q.high >= 1e9]
    assert (q.unit, q.high) == ("params", value)


def test_a_byte_size_stays_bytes():
    from factcheck.extract.statement import extract_statement
    assert [qa.q.unit for qa in extract_statement("(448B NoPE) and 584B per token").quantities] == ["B", "B/token"]


_INSPECT = doc("## 0.3.218 (06 May 2026)\n\n- HuggingFace: Add `trust_remote_code` model argument (defaults to `False`).\n"
               "- VLLM: New `vllm-completions` model provider.", kind="release",
               url="https://github.com/o/inspect_ai/blob/main/CHANGELOG.md")


@pytest.mark.parametrize("body", ["The Hugging Face provider gains a `trust_remote_code` model argument, which defaults to `True`.",
                                  "Hugging Face 后端新增 `trust_remote_code` 参数，默认为 True。"])
def test_a_default_given_in_a_relative_clause_or_brackets_is_the_settings(body):
    [f] = flagged(run(body, _INSPECT, cite=_INSPECT.url))
    assert f.check == "default-value-differs" and "trust_remote_code" in f.message


@pytest.mark.parametrize("body", ["The Hugging Face provider gains a `trust_remote_code` model argument, which defaults to `False`.",
                                  "Hugging Face 后端新增 `trust_remote_code` 参数，默认为 False。"])
def test_the_default_the_source_gives_is_not_flagged(body):
    assert flagged(run(body, _INSPECT, cite=_INSPECT.url)) == []


_RAGATOUILLE = doc("RAGatouille currently has two running requirements:\n\n- If running inside a script, you must run it inside "
                   "`if __name__ == \"__main__\"`\n- It does not currently support Google Colab", kind="page",
                   url="https://github.com/AnswerDotAI/RAGatouille", repo="AnswerDotAI/RAGatouille")


@pytest.mark.parametrize("body", ["RAGatouille now runs on Google Colab as well.", "RAGatouille 现在也可以在 Google Colab 上运行。"])
def test_a_platform_the_project_says_it_does_not_support_is_flagged(body):
    assert [f.check for f in flagged(run(body, _RAGATOUILLE, cite=_RAGATOUILLE.url))] == ["platform-support-denied"]


@pytest.mark.parametrize("body", ["RAGatouille does not run on Google Colab yet.", "RAGatouille 目前仍不支持 Google Colab。",
                                  "RAGatouille runs on Linux."])
def test_a_platform_told_as_the_project_tells_it_is_not_flagged(body):
    assert flagged(run(body, _RAGATOUILLE, cite=_RAGATOUILLE.url)) == []


_NOMIC_CARD = doc("# nomic-embed-text-v1.5: Resizable Production Embeddings with Matryoshka Representation Learning\n\n"
                  "`nomic-embed-text-v1.5` is an improvement upon Nomic Embed that utilizes Matryoshka Representation Learning.",
                  kind="model_card", url="https://huggingface.co/nomic-ai/nomic-embed-text-v1.5",
                  title="nomic-embed-text-v1.5: Resizable Production Embeddings with Matryoshka Representation Learning")
_NOMIC_POST = doc("zpn posted an update Feb 20, 2024\n\nICYMI! Nomic Embed v1.5: Resizable Production Embeddings with "
                  "Matryoshka Representation Learning\n\n- Variable embedding dimension from 64 <-> 768", kind="blog",
                  url="https://huggingface.co/posts/zpn/268678477536555", title="zpn: Nomic Embed v1.5",
                  dates={"published": "2024-02-20"})


@pytest.mark.parametrize("body", ["Nomic released nomic-embed-text-v1.5 this week, adding Matryoshka Representation Learning.",
                                  "Nomic 本周发布了 nomic-embed-text-v1.5，加入了 Matryoshka Representation Learning。"])
def test_a_release_told_this_weeks_against_the_dated_post_of_an_undated_card(body):
    flags = flagged(run_citing(body, _NOMIC_CARD, _NOMIC_POST, window="2024-04-15..2024-04-21"))
    assert [f.check for f in flags] == ["event-outside-window"]


@pytest.mark.parametrize("body", ["Nomic released nomic-embed-text-v1.5 in February, adding Matryoshka Representation Learning.",
                                  "Nomic 本周介绍了 2 月发布的 nomic-embed-text-v1.5 的用法。"])
def test_a_release_told_in_its_own_month_is_not_flagged(body):
    assert flagged(run_citing(body, _NOMIC_CARD, _NOMIC_POST, window="2024-04-15..2024-04-21")) == []


_ECHOMIMIC = doc("📣 Updates\n  • [2025.01.16] 🚀🔥 GradioUI for Accelerated EchoMimicV2 is now available.\n"
                 "  • [2025.01.03] 🚀🔥 One Minute is All You Need to Generate Video. Accelerated EchoMimicV2 are released. "
                 "The inference speed can be improved by 9x.\n"
                 "  • [2024.11.21] 🔥 We release our EchoMimicV2 codes and models.", kind="page",
                 url="https://github.com/antgroup/echomimic_v2")


@pytest.mark.parametrize("body", ["加速版 EchoMimicV2 于 2025 年 1 月 3 日放出，官方称推理速度可提升 9 倍。",
                                  "Accelerated EchoMimicV2 was released on January 3, 2025, with inference up to 9x faster."])
def test_a_news_lines_later_sentence_is_still_its_item(body):
    assert flagged(run(body, _ECHOMIMIC, window="2025-01-01..2025-01-07", cite=_ECHOMIMIC.url)) == []


@pytest.mark.parametrize("body", ["EchoMimicV2 的代码和模型（codes and models）于 2024 年 11 月 25 日发布。",
                                  "EchoMimicV2's codes and models were released on November 25, 2024."])
def test_a_news_items_day_told_otherwise_is_still_flagged(body):
    [f] = flagged(run(body, _ECHOMIMIC, window="2024-11-25..2024-12-01", cite=_ECHOMIMIC.url))
    assert f.check == "date-contradicted" and "2024-11-21" in f.message


def test_the_text_between_two_quotes_is_no_quote():
    body = 'By our count the "Added" section has 19 entries and the "Fixed" section 7.'
    assert not [f for f in flagged(run(body, _OPIK, window="2024-12-16..2024-12-22", cite=_OPIK.url))
                if f.check == "quote-not-in-source"]


_MEDUSA_PR = doc("Merged by Tianle Cai on 2024-02-27.\n\nCommits:\n0bfdcd2 2024-02-24 Nicolas Patry Adding recipe for other "
                 "models.\n6e713f4 2024-02-26 Nicolas Patry Update README.", url="https://github.com/o/Medusa/pull/83",
                 state="merged", dates={"created": "2024-02-24", "merged": "2024-02-27"})


@pytest.mark.parametrize("body", ["PR #83 was merged by Tianle Cai on February 24.", "PR #83 由 Tianle Cai 于 2 月 24 日合并。"])
def test_a_commits_day_in_the_pr_text_is_not_its_merge(body):
    assert [f.check for f in flagged(run(body, _MEDUSA_PR, window="2024-02-26..2024-03-03", cite=_MEDUSA_PR.url))] \
        == ["date-contradicted"]


_CLOSED_ISSUE = doc("Latency is uneven with buffer_trimming=(\"segment\", 5).", kind="issue", state="closed",
                    url="https://github.com/o/whisper_streaming/issues/157",
                    comments=[{"author": "Gldkslfmsd", "date": "2025-02-20", "text": "Try the default segment, 15."}])


@pytest.mark.parametrize("body", ["截至发稿，该 issue 仍处于 open 状态，等待进一步排查。", "#157 至今仍未关闭。",
                                  "As of this writing, the issue is still open, pending further investigation."])
def test_a_thread_told_still_open_that_is_closed_is_flagged(body):
    [f] = flagged(run(body, _CLOSED_ISSUE, window="2025-02-15..2025-02-21", cite=_CLOSED_ISSUE.url))
    assert f.check == "open-but-closed"


@pytest.mark.parametrize("body", ["该 issue 已经关闭。", "The issue has since been closed.", "截至发稿，这个问题仍处于开放讨论中的说法并不准确：该 issue 已关闭。"])
def test_a_closed_thread_told_closed_is_not_flagged(body):
    assert not [f for f in flagged(run(body, _CLOSED_ISSUE, window="2025-02-15..2025-02-21", cite=_CLOSED_ISSUE.url))
                if f.check == "open-but-closed"]


def test_an_open_thread_told_still_open_is_not_flagged():
    src = _CLOSED_ISSUE.model_copy(update={"state": "open"})
    assert flagged(run("截至发稿，该 issue 仍处于 open 状态。", src, window="2025-02-15..2025-02-21", cite=src.url)) == []


_PGAI = doc("0.10.0 (2025-04-28)\nThis is a major release of the pgai Python library.\n- The vectorizer now works with any "
            "Postgres database. The vectorizer no longer requires the ai extension.", kind="release",
            url="https://github.com/timescale/pgai/releases/tag/pgai-v0.10.0")


@pytest.mark.parametrize("body", ["The vectorizer no longer requires the `ai` extension and now works with any Postgres database.",
                                  "vectorizer 不再需要 ai 扩展，并且现在可以用于任何 Postgres 数据库。"])
def test_a_denial_does_not_reach_the_next_predicate(body):
    assert flagged(run(body, _PGAI, window="2025-04-28..2025-05-04", cite=_PGAI.url)) == []


def test_a_denied_second_predicate_is_still_read():
    body = "The vectorizer no longer requires the ai extension and no longer works with any Postgres database."
    assert [f.check for f in flagged(run(body, _PGAI, window="2025-04-28..2025-05-04", cite=_PGAI.url))] == ["denial-added"]


_STANZA_HISTORY = doc("| Version | Date | Notes |\n|---|---|---|\n| 1.10.1 | 2024-12-24 | Rebuild with UD 2.15 hotfix |\n"
                      "| 1.10.0 | 2024-12-22 | Rebuild with UD 2.15 |", kind="page",
                      url="https://stanfordnlp.github.io/stanza/release_history.html", repo="stanfordnlp/stanza")
_STANZA_PYUP = doc("Affected versions: <1.4.1\nStanza 1.4.1 includes a fix for a catastrophic backtracking vulnerability.",
                   kind="page", url="https://pyup.io/packages/pypi/stanza/", repo="stanfordnlp/stanza")


@pytest.mark.parametrize("body", ["Stanza 1.10.0 于 2024-12-22 发布，用 UD 2.15 重建了模型。",
                                  "Stanza 1.10.0 came out on 2024-12-22, rebuilt with UD 2.15."])
def test_a_version_the_projects_release_table_lists_is_the_projects(body):
    assert flagged(run_citing(body, _STANZA_HISTORY, _STANZA_PYUP, window="2024-12-20..2024-12-26")) == []


@pytest.mark.parametrize("body", ["Stanza 1.11.0 于 2024-12-22 发布。", "Stanza 1.11.0 came out on 2024-12-22."])
def test_a_version_no_source_lists_is_still_flagged(body):
    assert flagged(run_citing(body, _STANZA_HISTORY, _STANZA_PYUP, window="2024-12-20..2024-12-26"))


_DEVSTRAL_2 = doc("Devstral 2 is a 123B-parameter model under a modified MIT license. Devstral Small 2 is 24B parameters "
                  "under Apache 2.0.", kind="blog", url="https://www.gen.qa/devstral-2")


@pytest.mark.parametrize("body", ["12 月 9 日，Mistral 发布了两款编码模型 Devstral 2 和 Devstral Small 2，同时开源了终端编码 agent "
                                  "Mistral Vibe CLI（Apache 2.0）。",
                                  "Mistral released two coding models, Devstral 2 and Devstral Small 2, and open-sourced the "
                                  "terminal agent Mistral Vibe CLI (Apache 2.0)."])
def test_a_license_bracketed_after_a_name_is_that_things(body):
    assert not [f for f in flagged(run(body, _DEVSTRAL_2, cite=_DEVSTRAL_2.url)) if f.check == "license-wrong-artifact"]


@pytest.mark.parametrize("body", ["Devstral 2 的权重采用 Apache 2.0 许可。", "The Devstral 2 weights are released under Apache 2.0."])
def test_a_models_license_told_otherwise_is_still_flagged(body):
    assert [f.check for f in flagged(run(body, _DEVSTRAL_2, cite=_DEVSTRAL_2.url))] == ["license-wrong-artifact"]


_NEMOTRON = doc("license: apache-2.0\nbase_model: meta-llama/Llama-3.1-70B-Instruct", kind="model_card",
                url="https://huggingface.co/nvidia/Nemotron-70B", license={"spdx": "Apache-2.0", "applies_to": "weights"})


@pytest.mark.parametrize("body", ["It also records the base model's license as Apache-2.0, so there is no license change "
                                  "between base and fine-tune.",
                                  "它还把基座模型的许可记为 Apache-2.0，因此基座与微调版之间没有许可变更。"])
def test_no_license_change_is_no_claim_of_no_license(body):
    assert not [f for f in flagged(run(body, _NEMOTRON, cite=_NEMOTRON.url)) if f.check == "license-none-claimed"]


@pytest.mark.parametrize("body", ["The repository ships no license.", "该仓库没有 LICENSE。"])
def test_no_license_is_still_read_as_none(body):
    assert [f.check for f in flagged(run(body, _NEMOTRON, cite=_NEMOTRON.url))] == ["license-none-claimed"]


_OPEN_R1 = doc("News\n* **🧑‍🍳 [2025/05/26] (Step 1 completed!)** We release Mixture-of-Thoughts, a curated reasoning dataset of "
               "350k verified traces, which the project distilled from R1.\n"
               "* **∞ [2025/02/10] (update #2):** We release the OpenR1-Math-220k dataset of 220k traces distilled from R1.",
               kind="page", url="https://github.com/huggingface/open-r1")


@pytest.mark.parametrize("body", ["At 350k traces, Mixture-of-Thoughts is well above the 220k traces of OpenR1-Math-220k, which "
                                  "the project released in March.",
                                  "OpenR1-Math-220k 于 2025 年 3 月发布，包含 220k 条 traces。"])
def test_a_news_line_that_shares_the_name_outweighs_one_that_shares_plain_words(body):
    [f] = flagged(run(body, _OPEN_R1, window="2025-05-26..2025-06-01", cite=_OPEN_R1.url))
    assert f.check == "date-contradicted" and "2025-02-10" in f.message


@pytest.mark.parametrize("body", ["OpenR1-Math-220k, which the project released in February, has 220k traces.",
                                  "项目在 2 月发布的 OpenR1-Math-220k 有 220k 条 traces。"])
def test_the_news_lines_own_month_is_not_flagged(body):
    assert flagged(run(body, _OPEN_R1, window="2025-05-26..2025-06-01", cite=_OPEN_R1.url)) == []


def test_a_default_after_a_figure_of_another_measure_takes_no_setting_from_before_it():
    from factcheck.checks.unsupported import _defaults
    text = "frames=2 的首包音频时间为 233 ms，默认为 1851 ms。"
    assert [k for k, _, _ in _defaults(text)] == [None]
    assert [k for k, _, _ in _defaults("the `trust_remote_code` model argument, which defaults to `True`")] == ["trust_remote_code"]


_PORTKEY = doc("Hi @elgalu, Portkey, which is an optimized proxy for LLM workflows, performs ~9.9x times faster than a typical "
               "ExpressJS server.", kind="issue", url="https://github.com/Portkey-AI/gateway/issues/454")


@pytest.mark.parametrize("body", ["按他的说法，Portkey 比直接使用 Express JS 服务器快约 9.9 倍。",
                                  "By his account, Portkey is about 9.9x faster than a plain Express JS server."])
def test_a_comparator_spelled_apart_is_the_same_name(body):
    assert flagged(run(body, _PORTKEY, cite=_PORTKEY.url)) == []


_HIDET = doc("Hi @Jokeren, thanks for your interest in Hidet. Currently, we only have comparison between PyTorch official "
             "dynamo backends. We will add benchmarks on more models and backends after the PyTorch 2.0 official release.",
             kind="issue", url="https://github.com/hidet-org/hidet/issues/82")


@pytest.mark.parametrize("body", ["He added that benchmarks on more models and backends would follow the PyTorch 2.0 official "
                                  "release.", "他补充说，更多模型和后端的 benchmark 将在 PyTorch 2.0 正式发布之后跟进。"])
def test_a_release_told_as_still_to_come_by_would_is_not_called_released(body):
    assert not [f for f in flagged(run(body, _HIDET, cite=_HIDET.url)) if f.check == "planned-called-released"]


def test_a_release_called_done_that_the_source_still_awaits_is_still_flagged():
    assert [f.check for f in flagged(run("PyTorch 2.0 was released with those benchmarks.", _HIDET, cite=_HIDET.url))] \
        == ["planned-called-released"]
