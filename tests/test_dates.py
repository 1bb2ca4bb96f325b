"""Dates in drafts and sources, resolved against the draft window."""
from __future__ import annotations

import datetime as dt

import pytest

from factcheck.extract.dates import extract_dates
from factcheck.models import Window

WINDOW = Window(start=dt.date(2026, 9, 16), end=dt.date(2026, 9, 22))
D = dt.date


def only(text: str, window: Window | None = WINDOW, anchor: dt.date | None = None):
    found = extract_dates(text, window, anchor)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    "text, expected",
    [("2026/9/16", D(2026, 9, 16)), ("2026-09-16", D(2026, 9, 16)), ("2026.9.16", D(2026, 9, 16)),
     ("2026年9月16日", D(2026, 9, 16)), ("2026 年 9 月 16 日", D(2026, 9, 16)),
     ("9 月 22 日", D(2026, 9, 22)), ("9月22日", D(2026, 9, 22)), ("九月二十二日", D(2026, 9, 22)),
     ("Sept 22", D(2026, 9, 22)), ("Sep 22", D(2026, 9, 22)), ("September 8, 2026", D(2026, 9, 8)),
     ("22 September 2026", D(2026, 9, 22)), ("Aug. 14", D(2026, 8, 14)), ("2026-09-22T08:00:00Z", D(2026, 9, 22)),
     ("2026-09-22T08:00:00+08:00", D(2026, 9, 22))],
)
def test_absolute_dates(text, expected):
    mention = only(text)
    assert (mention.date, mention.precision, mention.relative) == (expected, "day", None)
    assert mention.raw == text and (mention.start, mention.end) == (0, len(text))


def test_offsets_inside_a_sentence():
    text = "OpenVDN 项目在 9 月 17 日更新论文。"
    mention = only(text)
    assert text[mention.start : mention.end] == "9 月 17 日" == mention.raw


def test_year_comes_from_the_window_then_the_anchor():
    assert only("9 月 22 日", window=None, anchor=D(2025, 3, 1)).date == D(2025, 9, 22)
    assert only("9 月 22 日", window=None).date is None


def test_window_across_new_year_picks_the_nearer_year():
    window = Window(start=D(2026, 12, 28), end=D(2027, 1, 3))
    assert only("12 月 30 日", window=window).date == D(2026, 12, 30)
    assert only("1 月 2 日", window=window).date == D(2027, 1, 2)


@pytest.mark.parametrize(
    "text, start, end",
    [("2026/9/16—9/22", D(2026, 9, 16), D(2026, 9, 22)), ("9/16—9/22", D(2026, 9, 16), D(2026, 9, 22)),
     ("2026-09-14..2026-09-20", D(2026, 9, 14), D(2026, 9, 20)), ("9 月 16 日至 22 日", D(2026, 9, 16), D(2026, 9, 22)),
     ("Sep 14–20", D(2026, 9, 14), D(2026, 9, 20))],
)
def test_date_ranges(text, start, end):
    mention = only(text)
    assert (mention.date, mention.end_date, mention.raw) == (start, end, text)


def test_window_sentence_from_the_seed_draft():
    mention = only("本期窗口为 2026/9/16—9/22（UTC）。", window=None)
    assert (mention.date, mention.end_date) == (D(2026, 9, 16), D(2026, 9, 22))


@pytest.mark.parametrize("text", ["本周", "这周", "this week", "This week"])
def test_this_week(text):
    mention = only(text)
    assert (mention.relative, mention.date, mention.end_date, mention.precision) == (
        "this_week", WINDOW.start, WINDOW.end, "week")


@pytest.mark.parametrize("text", ["上周", "last week", "上期"])
def test_last_week_is_the_seven_days_before(text):
    mention = only(text)
    assert (mention.relative, mention.date, mention.end_date) == ("last_week", D(2026, 9, 9), D(2026, 9, 15))


def test_relative_without_window_keeps_the_kind():
    mention = only("本周", window=None)
    assert (mention.relative, mention.date) == ("this_week", None)


def test_this_month_day_uses_the_month_of_the_window_end():
    assert only("本月 6 日").date == D(2026, 9, 6)
    across = Window(start=D(2026, 9, 28), end=D(2026, 10, 4))
    assert only("本月 2 日", window=across).date == D(2026, 10, 2)


@pytest.mark.parametrize("text", ["今天", "today"])
def test_today_is_the_window_end(text):
    assert (only(text).relative, only(text).date) == ("today", WINDOW.end)


def test_bare_day_takes_the_month_of_the_previous_mention():
    text = "项目在 8 月 30 日公布，本月 6 日代码与权重已发布，14 日已有 SGLang 部署说明。"
    found = extract_dates(text, WINDOW)
    assert [m.date for m in found] == [D(2026, 8, 30), D(2026, 9, 6), D(2026, 8, 14)]
    sequence = extract_dates("9 月 17 日更新；20 日新增", WINDOW)
    assert [m.date for m in sequence] == [D(2026, 9, 17), D(2026, 9, 20)]


def test_bare_day_uses_the_anchor_when_nothing_comes_before():
    assert only("14 日已有部署说明", window=None, anchor=D(2026, 8, 1)).date == D(2026, 8, 14)


@pytest.mark.parametrize("text", ["| SGLang | 0.5.20 | 9/18 | CUDA 12 |", "于 9/18 发布", "在 9/18", "released on 9/18"])
def test_month_slash_day_in_date_context(text):
    mention = only(text)
    assert (mention.date, mention.raw) == (D(2026, 9, 18), "9/18")


@pytest.mark.parametrize(
    "text",
    ["0.5.20", "v0.30.0", "100/200", "1/2 of the requests", "ratio 3/4", "13/40 是比例", "14.3 秒", "5.2%", "3.8x",
     "https://blog.vllm.ai/2026/09/21/qwen38-pd-serving.html", "lmsys.org/blog/2026-09-16-nvfp4-kv-cache",
     "14 日志", "3 个月", "May I", "2026.13.40"],
)
def test_not_dates(text):
    assert extract_dates(text, WINDOW) == [], text


def test_month_precision():
    mention = only("2026 年 9 月发布")
    assert (mention.date, mention.precision) == (D(2026, 9, 1), "month")
    assert only("September 2026").precision == "month"


def test_impossible_day_is_dropped():
    assert extract_dates("2 月 30 日", WINDOW) == []
