"""Quantities from Chinese drafts and English sources meet as the same data."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from factcheck.extract.numerals import chinese_to_number
from factcheck.extract.quantities import extract_quantities, load_units

DRAFTS = Path(__file__).resolve().parents[1] / "drafts"


def only(text: str):
    found = extract_quantities(text)
    assert len(found) == 1, found
    return found[0]


def values(text: str) -> list[tuple[float, float, str]]:
    return [(q.low, q.high, q.unit) for q in extract_quantities(text)]


# --- numerals -----------------------------------------------------------------


@pytest.mark.parametrize(
    "numeral, expected",
    [("八", 8), ("两", 2), ("十四点三", 14.3), ("二十三", 23), ("一百二十", 120), ("百万", 1e6),
     ("十", 10), ("一千零二十四", 1024), ("三万五千", 35000), ("两千万", 2e7), ("一零二四", 1024), ("1.5万", 15000)],
)
def test_chinese_to_number(numeral, expected):
    assert chinese_to_number(numeral) == pytest.approx(expected)


@pytest.mark.parametrize("not_numeral", ["", "个", "八个", "点三"])
def test_chinese_to_number_rejects_non_numerals(not_numeral):
    assert chinese_to_number(not_numeral) is None


# --- plain numbers, separators, suffixes, signs ------------------------------


def test_integer_decimal_and_offsets():
    text = "共 7,168 个值，耗时 14.3 s。"
    found = extract_quantities(text)
    assert [(q.low, q.unit) for q in found] == [(7168, ""), (14.3, "s")]
    for q in found:
        assert text[q.start : q.end] == q.raw
    assert found[1].raw == "14.3 s"


@pytest.mark.parametrize(
    "text, value, unit",
    [("114k tokens", 114_000, "tokens"), ("262K context", 262_000, "tokens"), ("1M context", 1e6, "tokens"),
     ("259,136 tokens", 259_136, "tokens"), ("a 253k-token prompt", 253_000, "tokens"), ("8 万 token", 80_000, "tokens")],
)
def test_thousands_and_count_suffixes(text, value, unit):
    q = only(text)
    assert (q.low, q.unit) == (value, unit)


def test_context_suffix_sets_qualifier():
    assert only("1M context").qualifier == "context"
    assert only("百万上下文").qualifier == "context"


def test_signs():
    assert values("改动 -0.38% 与 +10.21%") == [(-0.38, -0.38, "%"), (10.21, 10.21, "%")]


# --- ranges and changes --------------------------------------------------------


@pytest.mark.parametrize(
    "text, low, high, unit",
    [
        ("5.2%—7.7%", 5.2, 7.7, "%"),
        ("5.2%~7.7%", 5.2, 7.7, "%"),
        ("1.7-3.8x", 1.7, 3.8, "x"),
        ("1.7—3.8 倍", 1.7, 3.8, "x"),
        ("243–262 tok/s", 243, 262, "tok/s"),
        ("8.0x-29.0x", 8.0, 29.0, "x"),
        ("-0.38%..+10.21%", -0.38, 10.21, "%"),
        ("26%-30%", 26, 30, "%"),
        ("100—200 个 token", 100, 200, "tokens"),
        ("4K–32K contexts", 4000, 32000, "tokens"),
        ("batch sizes from 1 to 32", 1, 32, ""),
        ("speedups range from 1.38× to 1.78×", 1.38, 1.78, "x"),
        ("between 2 and 4 GPUs", 2, 4, "GPU"),
        ("从 1 到 32", 1, 32, ""),
    ],
)
def test_ranges(text, low, high, unit):
    q = only(text)
    assert (q.low, q.high, q.unit, q.change_role) == (low, high, unit, None)
    assert q.is_range


def test_range_raw_covers_both_sides():
    text = "吞吐提升约 26%—30%。"
    q = only(text)
    assert q.raw == "约 26%—30%" and q.approx
    assert text[q.start : q.end] == q.raw


@pytest.mark.parametrize(
    "text, before, after, unit",
    [
        ("TTFT from 12.27 s to 6.90 s", 12.27, 6.90, "s"),
        ("cuts denoising from about 478 s to about 143 s", 478, 143, "s"),
        ("KV capacity rising from about 114k to 259,136 tokens", 114_000, 259_136, "tokens"),
        ("每条记录从 584 bytes 减至 512 bytes", 584, 512, "B"),
        ("分组也由 64 维改成 32 维", 64, 32, "dims"),
        ("accuracy 29.04% → 61.54%", 29.04, 61.54, "%"),
    ],
)
def test_before_after_pairs_are_not_ranges(text, before, after, unit):
    first, second = extract_quantities(text)
    assert (first.low, first.high, first.unit, first.change_role) == (before, before, unit, "before")
    assert (second.low, second.high, second.unit, second.change_role) == (after, after, unit, "after")


def test_change_keeps_each_hedge():
    first, second = extract_quantities("from about 478 s to about 143 s")
    assert first.approx and second.approx
    assert (first.raw, second.raw) == ("about 478 s", "about 143 s")


# --- hedges and bounds ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["约 14.3 秒", "大约 14.3 秒", "约为 14.3 秒", "about 14.3 s", "around 14.3 s", "approximately 14.3 s",
     "roughly 14.3 s", "~14.3 s", "≈14.3 s", "nearly 14.3 s", "近 14.3 秒", "14.3 秒左右"],
)
def test_approximations(text):
    q = only(text)
    assert (q.low, q.unit, q.approx, q.bound) == (14.3, "s", True, None)


def test_chinese_and_english_hedged_values_are_equal_data():
    zh, en = only("约 14.3 秒"), only("about 14.3 s")
    assert (zh.low, zh.high, zh.unit, zh.approx) == (en.low, en.high, en.unit, en.approx)


@pytest.mark.parametrize(
    "text, bound",
    [("up to 3.8x", "upper"), ("at most 3.8x", "upper"), ("最多 3.8 倍", "upper"), ("最高 3.8 倍", "upper"),
     ("不超过 3.8 倍", "upper"), ("over 3.8x", "lower"), ("more than 3.8x", "lower"), ("at least 3.8x", "lower"),
     ("超过 3.8 倍", "lower"), ("3.8 倍以上", "lower"), ("多于 3.8 倍", "lower"), ("逾 3.8 倍", "lower"),
     ("speedup > 3.8x", "lower"), ("吞吐 ≥ 3.8 倍", "lower")],
)
def test_bounds(text, bound):
    q = only(text)
    assert (q.low, q.unit, q.bound) == (3.8, "x", bound)


def test_bound_word_separated_from_the_number_in_chinese():
    q = only("吞吐超过 CPU 解码方案的两倍。")
    assert (q.low, q.unit, q.bound, q.raw) == (2, "x", "lower", "两倍")


def test_approx_word_separated_from_the_number_in_chinese():
    q = only("合计约为同数量 FP8 数据的 56%")
    assert (q.low, q.unit, q.approx) == (56, "%", True)


def test_hedge_inside_another_word_does_not_count():
    assert not only("节约 5% 显存").approx
    assert not only("最近 3 次").approx


def test_more_than_five_times_faster():
    q = only("AR encoding is more than five times faster")
    assert (q.low, q.unit, q.bound) == (5, "x", "lower")


def test_quote_marker_is_not_a_bound():
    assert only("> 8 GPUs are used").bound is None


# --- units -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, unit",
    [("12%", "%"), ("3 pp", "pp"), ("3 个百分点", "pp"), ("3 percentage points", "pp"),
     ("3.8x", "x"), ("3.8×", "x"), ("3.8 倍", "x"), ("3-fold", "x"), ("2x", "x"),
     ("528 bytes", "B"), ("528 byte", "B"), ("528 B", "B"), ("528 字节", "B"),
     ("16 KB", "KB"), ("16 MB", "MB"), ("16 GB", "GB"), ("16 GiB", "GiB"), ("16 TB", "TB"), ("16GB", "GB"),
     ("890 B/token", "B/token"), ("890 bytes/token", "B/token"), ("890 B per token", "B/token"),
     ("890 bytes/token/layer", "B/token/layer"),
     ("9 s", "s"), ("9 sec", "s"), ("9 seconds", "s"), ("9 秒", "s"), ("11s", "s"),
     ("9 ms", "ms"), ("9 毫秒", "ms"), ("9 us", "us"), ("9 µs", "us"), ("9 μs", "us"), ("9 微秒", "us"),
     ("9 min", "min"), ("9 minutes", "min"), ("9 分钟", "min"),
     ("37.7 tokens/s", "tok/s"), ("37.7 tok/s", "tok/s"), ("37.7 t/s", "tok/s"), ("37.7 token/s", "tok/s"),
     ("5000 tok/s/GPU", "tok/s/GPU"), ("5000 tokens/s/GPU", "tok/s/GPU"), ("5,000 tok/s/gpu", "tok/s/GPU"),
     ("5000 tokens/s per GPU", "tok/s/GPU"),
     ("180 tok/s/user", "tok/s/user"), ("180 tokens/s/user", "tok/s/user"),
     ("2048 tokens", "tokens"), ("2048 token", "tokens"), ("200 个 token", "tokens"),
     ("8 GPUs", "GPU"), ("8 卡", "GPU"), ("8 张卡", "GPU"), ("8 块 GPU", "GPU"),
     ("350 W", "W"), ("24 fps", "fps"), ("345 frames", "frames"), ("8 steps", "steps"), ("8 步", "steps"),
     ("8 NFE", "NFE"), ("8-NFE", "NFE"), ("-52.6 dB", "dB"), ("900 TFLOPS", "TFLOPS"), ("77.7 GB/GPU", "GB/GPU")],
)
def test_units_are_normalised(text, unit):
    assert only(text).unit == unit


def test_gb_and_gib_stay_distinct():
    assert values("16 GB vs 16 GiB") == [(16, 16, "GB"), (16, 16, "GiB")]


@pytest.mark.parametrize(
    "text, unit, qualifier",
    [("5000 total tokens/s/GPU", "tok/s/GPU", "total"), ("180 generated tokens/s/user", "tok/s/user", "generated"),
     ("180 gen tok/s/user", "tok/s/user", "generated"), ("raises output throughput by 10.21%", "%", "output"),
     ("input throughput by 2.90%", "%", "input"), ("8 denoising steps", "steps", "denoise"),
     ("decode at 37.7 t/s", "tok/s", "decode"), ("DiT 去噪为 6.70 秒", "s", "denoise"), ("9.0 秒端到端", "s", "e2e")],
)
def test_metric_qualifiers(text, unit, qualifier):
    q = only(text)
    assert (q.unit, q.qualifier) == (unit, qualifier)


@pytest.mark.parametrize("text", ["8 张 B200", "8x B200", "8× H100", "8 B200 GPUs", "eight H100 GPUs", "八张 H100",
                                  "8 x B200", "8 GB300", "8x MI300X", "8 H100s"])
def test_hardware_counts_are_gpus_not_speedups(text):
    q = only(text)
    assert (q.low, q.high, q.unit) == (8, 8, "GPU")
    assert q.raw == text


@pytest.mark.parametrize(
    "text, value, unit",
    [("两倍", 2, "x"), ("3.8 倍", 3.8, "x"), ("five times faster", 5, "x"), ("twice as fast", 2, "x"),
     ("more than doubles", 2, "x"), ("run it 3 times", 3, "times"), ("两次", 2, "times"), ("六次", 6, "times"),
     ("八步", 8, "steps"), ("十四点三秒", 14.3, "s"), ("百万上下文", 1e6, "tokens"), ("eight GPUs", 8, "GPU"),
     ("half the memory", 0.5, "x"), ("百分之五十", 50, "%")],
)
def test_multipliers_and_number_words(text, value, unit):
    q = only(text)
    assert (q.low, q.unit) == (value, unit)


@pytest.mark.parametrize("text", ["two different bugs", "one of three independent PRs", "三个常见数字", "第一次放出代码",
                                  "进一步", "统一接口", "double buffering", "一次性", "千万不要"])
def test_number_words_without_a_unit_are_not_quantities(text):
    assert extract_quantities(text) == []


def test_parameter_counts():
    assert values("a 7B model") == [(7e9, 7e9, "params")]
    assert values("584B per token (448B NoPE)") == [(584, 584, "B/token"), (448, 448, "B")]


# --- things that are not quantities -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "vLLM 0.30", "SGLang 0.5.20", "v0.30", "v0.7.0rc1", "0.5.20",
        "Qwen3.8-27B", "SM100", "H100", "TP8", "fp8", "e4m3", "DeepSeek-V4.1", "Apache-2.0", "FLUX.2",
        "#56893", "vllm-project/vllm#56893", "https://github.com/vllm-project/vllm/pull/56893",
        "blog.vllm.ai/2026/09/21/qwen38-pd-serving.html", "commit 3c80da7", "vllm-project/FlashMLA@b6ef01c",
        "9 月 22 日", "2026/9/16", "于 9/18 发布", "Sept 22", "2026-09-14", "2026-09-22T08:00:00Z",
        "`num_inference_steps: 9`", "`--max-prefill-length 4096`",
        "1344x768", "1920×1080", "H=16/rank, D=128", "RTX 5090", "CUDA 12", "GPT Image 2", "MoGe 3",
        "gsm8k", "x16", "Qwen3/3.5/3.8", "700,800p",
    ],
)
def test_not_quantities(text):
    assert extract_quantities(text) == [], text


def test_shape_is_not_a_speedup():
    assert values("8 x 2048 tokens") == [(2048, 2048, "tokens")]


def test_list_markers_are_not_quantities():
    assert extract_quantities("## 5. SGLang 的变化\n1. 先核对 backend") == []


def test_numbers_next_to_code_are_kept():
    assert values("`mxfp8` 下 7.45 s") == [(7.45, 7.45, "s")]


# --- tables and real source lines -------------------------------------------------


def test_table_row_header_names_the_unit():
    found = extract_quantities("| bytes/token | 584 | **528** |")
    assert [(q.low, q.unit, q.raw) for q in found] == [(584, "B/token", "584"), (528, "B/token", "528")]


def test_table_row_without_unit_header_stays_bare():
    assert values("| 4 x 8192 | 555 us | 146 us |") == [(8192, 8192, ""), (555, 555, "us"), (146, 146, "us")]
    assert values("| B | a LoRA on the QKV | 2000 |") == [(2000, 2000, "")]


def test_real_source_line_sglang_37903():
    text = "8x B200, 1344x768 at 24 fps with audio, 14.375 s (345 frames, ~104k packed rows)"
    assert [(q.low, q.unit, q.approx) for q in extract_quantities(text)] == [
        (8, "GPU", False), (24, "fps", False), (14.375, "s", False), (345, "frames", False), (104_000, "", True)]


def test_real_source_line_sglang_36549():
    found = extract_quantities("Output throughput -0.38%..+10.21%; input throughput +1.88%..+2.90%.")
    assert [(q.low, q.high, q.unit, q.qualifier) for q in found] == [
        (-0.38, 10.21, "%", "output"), (1.88, 2.90, "%", "input")]


def test_real_draft_sentence_seed():
    text = "论文报告八张 B200、约 14.3 秒 768p 视频的 DiT 去噪为 6.70 秒"
    found = extract_quantities(text)
    assert [(q.low, q.unit, q.approx) for q in found] == [
        (8, "GPU", False), (14.3, "s", True), (768, "p", False), (6.70, "s", False)]
    assert [q.raw for q in found] == ["八张 B200", "约 14.3 秒", "768p", "6.70 秒"]


def test_real_source_text_from_bench_files():
    doc = json.loads((DRAFTS / "sources/weekly-2026-09-22/github_com-vllm-project-vllm-pull-56893.json").read_text())
    found = extract_quantities(doc["text"])
    per_token = [q.low for q in found if q.unit == "B/token"]
    assert per_token[:2] == [584, 528]
    assert not any(q.unit == "x" for q in found)  # "fp8 e4m3", "V4.1", SM100 give no multipliers


def test_units_table_is_loaded_once():
    assert load_units() is load_units()


@pytest.mark.parametrize(
    "text, value, unit, bound",
    [("16 GB or more", 16, "GB", "lower"), ("100+", 100, "", "lower"), ("8 卡以上", 8, "GPU", "lower"),
     ("10 ms 以内", 10, "ms", "upper"), ("1.5 万 tokens", 15_000, "tokens", None)],
)
def test_hedges_after_the_unit(text, value, unit, bound):
    q = only(text)
    assert (q.low, q.unit, q.bound, q.raw) == (value, unit, bound, text)


def test_arithmetic_plus_is_not_a_bound():
    found = extract_quantities("5+3 branch-parallel, 5 GB + 3 GB")
    assert [(q.low, q.unit, q.bound) for q in found] == [(5, "", None), (5, "GB", None), (3, "GB", None)]


def test_below_under_a_denial_is_a_floor():
    [q, _] = extract_quantities("EP64 runs OOM at compile (can't reduce below 171.87 GiB vs 138 GiB budget)")
    assert q.bound == "lower"
    [q] = extract_quantities("显存无法降到低于 10GB")
    assert q.bound == "lower"
    [q] = extract_quantities("latency stays below 10 ms")
    assert q.bound == "upper"


def test_gigs_are_gigabytes():
    assert [(q.raw, q.unit) for q in extract_quantities("conversion with 32gigs of ram, using 4.5gig")] == [
        ("32gigs", "GB"), ("4.5gig", "GB")]
