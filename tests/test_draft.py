"""The draft parser: front matter, windows, sections closed by 来源 lines,
citations, sentences and their spans, tables, and unreadable inputs."""
from __future__ import annotations

import datetime as dt
import random
import time
from pathlib import Path

import pytest

from factcheck.draft import (
    builtin_repos,
    load_draft,
    parse_draft,
    split_sentences,
    window_in_text,
)
from factcheck.errors import InputError
from factcheck.models import Draft, Sentence

DRAFTS = Path(__file__).resolve().parents[1] / "drafts"
SEED_MD = DRAFTS / "weekly-2026-09-22.md"  # the seed digest as Markdown, citations as links
SEED_TXT = DRAFTS / "weekly-2026-09-22.txt"  # the seed digest as its writer published it


def sentence_with(draft: Draft, needle: str) -> Sentence:
    found = [s for s in draft.sentences if needle in s.text]
    assert len(found) == 1, f"{needle!r} is in {len(found)} sentences"
    return found[0]


def urls_of(draft: Draft, sentence: Sentence) -> list[str]:
    return [c.url for c in draft.sections[sentence.section].citations]


def pieces(text: str) -> list[str]:
    return [text[s:e] for s, e in split_sentences(text)]


# --- front matter ----------------------------------------------------------------


def test_front_matter_title_window_repos_and_line_numbers():
    text = ("---\ntitle: AI infra weekly\nwindow: 2026-09-16..2026-09-22\n"
            "repos: {Foo: foo-org/foo, Bar: https://github.com/bar-org/bar}\nlang: zh\n---\n\n"
            "## Foo 更新\n\nFoo 修了一个问题 #12。\n")
    draft = parse_draft(text, "w.md")
    assert draft.front_matter.title == "AI infra weekly"
    assert draft.window is not None
    assert (draft.window.start, draft.window.end) == (dt.date(2026, 9, 16), dt.date(2026, 9, 22))
    assert draft.front_matter.repos == {"Foo": "foo-org/foo", "Bar": "bar-org/bar"}
    assert draft.front_matter.model_extra == {"lang": "zh"}
    heading, body = draft.sentences
    assert (heading.block, heading.span.line, heading.span.column) == ("heading", 8, 4)
    assert body.span.line == 10  # front matter lines are counted
    assert not any("window" in s.text or "title" in s.text for s in draft.sentences)


@pytest.mark.parametrize(
    ("front", "line", "words"),
    [
        pytest.param("title: ok\nwindow: a: b\n", 3, "not valid YAML", id="bad-yaml"),
        pytest.param("title: [unclosed\n", 2, "not valid YAML", id="unclosed-flow"),
        pytest.param("title: ok\nwindow: 2026-09-16 to 2026-09-22\n", 3, "YYYY-MM-DD..YYYY-MM-DD", id="window-form"),
        pytest.param("window: 2026-09-16..2026-02-30\n", 2, "YYYY-MM-DD..YYYY-MM-DD", id="window-bad-date"),
        pytest.param("window: 2026-09-22..2026-09-16\n", 2, "before it starts", id="window-reversed"),
        pytest.param("title: ok\n\nrepos:\n  - vllm\n", 4, "repos must be a mapping", id="repos-list"),
        pytest.param("repos: {vLLM: not a repo}\n", 2, "owner/name", id="repos-value"),
        pytest.param("- just\n- a list\n", 2, "must be a YAML mapping", id="not-mapping"),
    ],
)
def test_bad_front_matter_points_at_the_line(front, line, words):
    with pytest.raises(InputError) as err:
        parse_draft(f"---\n{front}---\n\nBody.\n", "fm.md")
    assert words in err.value.message
    assert (err.value.path, err.value.line) == ("fm.md", line)


def test_unclosed_front_matter_is_an_error_on_line_1():
    with pytest.raises(InputError) as err:
        parse_draft("---\ntitle: x\n\nBody text.\n", "open.md")
    assert "never closed" in err.value.message
    assert (err.value.path, err.value.line) == ("open.md", 1)


def test_empty_front_matter_is_allowed():
    draft = parse_draft("---\n---\nHello world.\n")
    assert draft.front_matter.title is None and draft.window is None
    assert [(s.text, s.span.line) for s in draft.sentences] == [("Hello world.", 3)]


# --- the window stated in text -----------------------------------------------------


@pytest.mark.parametrize(
    ("line", "start", "end"),
    [
        ("本期窗口为 2026/9/16—9/22（UTC）。", "2026-09-16", "2026-09-22"),
        ("window: Sep 14–20, 2026", "2026-09-14", "2026-09-20"),
        ("This issue covers 2026-09-16 to 2026-09-22.", "2026-09-16", "2026-09-22"),
        ("统计区间：2026年9月16日至22日", "2026-09-16", "2026-09-22"),
        ("The window is 14–20 September 2026.", "2026-09-14", "2026-09-20"),
        ("Reporting period: Dec 28, 2026 – Jan 3, 2027", "2026-12-28", "2027-01-03"),
        ("Reporting period: Dec 28 – Jan 3, 2027", "2026-12-28", "2027-01-03"),
        ("Notes for the week of Sep 14, 2026", "2026-09-14", "2026-09-20"),
    ],
)
def test_window_stated_in_text(line, start, end):
    window = window_in_text(f"Some intro.\n\n{line}\n")
    assert window is not None
    assert (window.start.isoformat(), window.end.isoformat()) == (start, end)


@pytest.mark.parametrize(
    "text",
    [
        "The model was trained from 2024-01-01 to 2024-06-30.",  # a range, but not the window
        "本期窗口为 9/16—9/22。",  # no year: nothing to anchor it
        "No dates at all.",
    ],
)
def test_no_window_in_text(text):
    assert window_in_text(text) is None


def test_draft_window_from_body_then_title():
    body = parse_draft("# Weekly\n\n本期窗口为 2026/9/16—9/22（UTC）。正文。\n")
    assert body.window is not None and body.window.start == dt.date(2026, 9, 16)
    titled = parse_draft("---\ntitle: AI 推理周报 2026/9/16—9/22\n---\n\nText.\n")
    assert titled.window is not None and titled.window.end == dt.date(2026, 9, 22)
    front_wins = parse_draft("---\nwindow: 2026-01-01..2026-01-07\n---\n本期窗口为 2026/9/16—9/22。\n")
    assert front_wins.window is not None and front_wins.window.start == dt.date(2026, 1, 1)


# --- sections and 来源 lines ----------------------------------------------------------

SECTIONS = """\
Intro paragraph before any heading.

## vLLM 0.30 更新

第一段说明。第二句提到 #123。

第二段也归这一节。

来源：[KV 变更](https://github.com/vllm-project/vllm/pull/56893)、[发布记录](https://github.com/vllm-project/vllm/releases/tag/v0.30.0)。

来源行之后的补充段落。

## Other news

A paragraph between two headings, with no source line.

## Sub-headed

Lead paragraph of the parent.

### Child

Child text.

Sources: https://example.com/child-source.
"""


def test_source_line_closes_a_section_and_cites_for_the_paragraphs_above():
    draft = parse_draft(SECTIONS, "s.md")
    first = sentence_with(draft, "第一段说明")
    second = sentence_with(draft, "第二段也归这一节")
    assert first.section == second.section
    section = draft.sections[first.section]
    assert section.title == "vLLM 0.30 更新" and section.level == 2
    assert (section.start_line, section.end_line) == (3, 9)
    assert [c.url for c in section.citations] == [
        "https://github.com/vllm-project/vllm/pull/123",
        "https://github.com/vllm-project/vllm/pull/56893",
        "https://github.com/vllm-project/vllm/releases/tag/v0.30.0",
    ]
    assert section.repo == "vllm-project/vllm"
    assert not any(s.text.startswith(("来源：", "Sources:")) for s in draft.sentences)


def test_sections_without_a_source_line_of_their_own_get_no_citations():
    draft = parse_draft(SECTIONS, "s.md")
    for needle in ("Intro paragraph", "来源行之后的补充段落", "between two headings", "Lead paragraph"):
        sentence = sentence_with(draft, needle)
        assert urls_of(draft, sentence) == [], needle
    after = draft.sections[sentence_with(draft, "来源行之后").section]
    assert after.repo == "vllm-project/vllm"  # still about vLLM, though it borrows no citations
    child = sentence_with(draft, "Child text")
    assert urls_of(draft, child) == ["https://example.com/child-source"]
    parent = draft.sections[sentence_with(draft, "Lead paragraph").section]
    assert draft.sections[child.section].level == 3 and parent.title == "Sub-headed"


def test_heading_sentences_belong_to_their_section():
    draft = parse_draft(SECTIONS)
    heading = sentence_with(draft, "Other news")
    assert heading.block == "heading"
    assert draft.sections[heading.section].title == "Other news"
    assert heading.section == sentence_with(draft, "between two headings").section


def test_two_citation_lines_in_a_row_cite_for_the_same_section():
    draft = parse_draft("## A\n\nClaim.\n\n来源：https://a.example/1\n\n参考：https://a.example/2\n\n## B\n\nOther.\n")
    claim = sentence_with(draft, "Claim")
    assert urls_of(draft, claim) == ["https://a.example/1", "https://a.example/2"]


def test_a_lone_sources_label_takes_the_list_under_it():
    draft = parse_draft("## A\n\nClaim one.\n\nSources:\n\n- [One](https://a.example/1)\n- <https://a.example/2>\n\nLater.\n")
    assert urls_of(draft, sentence_with(draft, "Claim one")) == ["https://a.example/1", "https://a.example/2"]
    assert [s.text for s in draft.sentences if s.block == "list"] == []
    assert urls_of(draft, sentence_with(draft, "Later")) == []


@pytest.mark.parametrize("label", ["来源：", "来源:", "Sources:", "Source:", "版本事实来源：", "参考：", "References:", "**来源**："])
def test_every_citation_label(label):
    draft = parse_draft(f"## T\n\nA claim.\n\n{label} https://x.example/doc\n\nAfter.\n")
    assert urls_of(draft, sentence_with(draft, "A claim")) == ["https://x.example/doc"]
    assert urls_of(draft, sentence_with(draft, "After")) == []
    assert len(draft.sentences) == 3


# --- citations ---------------------------------------------------------------------------


def test_every_citation_form_with_spans():
    text = (
        "## Notes\n"
        "\n"
        "See [the PR](https://github.com/a/b/pull/1) and <https://c.example/x>.\n"
        "A bare https://d.example/y。Another (https://e.example/z), and https://f.example/w.\n"
        "Also acme/widget#77 matters.\n"
        "Code `https://not.example/cited` and ![img](https://img.example/p.png) are not citations.\n"
    )
    draft = parse_draft(text)
    cites = draft.sections[0].citations
    assert [(c.url, c.form) for c in cites] == [
        ("https://github.com/a/b/pull/1", "link"),
        ("https://c.example/x", "url"),
        ("https://d.example/y", "url"),
        ("https://e.example/z", "url"),
        ("https://f.example/w", "url"),
        ("https://github.com/acme/widget/pull/77", "ref"),
    ]
    link = cites[0]
    assert link.text == "the PR"
    assert (link.span.line, link.span.column, link.span.end_column) == (3, 5, 44)
    bare = cites[2]
    assert (bare.span.line, bare.span.column, bare.span.end_column) == (4, 8, 27)
    assert cites[5].text == "acme/widget#77" and cites[5].span.line == 5


def test_reference_style_links_are_citations():
    text = "## R\n\nAs [the release notes][rel] and [Blog] say.\n\n[rel]: https://r.example/notes\n[blog]: <https://b.example/post>\n"
    draft = parse_draft(text)
    assert [c.url for c in draft.sections[0].citations] == ["https://r.example/notes", "https://b.example/post"]
    assert [s.text for s in draft.sentences] == ["R", "As [the release notes][rel] and [Blog] say."]


def test_url_with_parentheses_keeps_them():
    draft = parse_draft("Read https://en.wikipedia.org/wiki/Mamba_(model), then go.\n")
    assert [c.url for c in draft.sections[0].citations] == ["https://en.wikipedia.org/wiki/Mamba_(model)"]


def test_bare_ref_through_front_matter_repos():
    text = "---\nrepos: {Widget: acme/widget}\n---\n\n## Widget 周报\n\n修复见 #42。\n"
    draft = parse_draft(text)
    assert draft.sections[0].repo == "acme/widget"
    assert [c.url for c in draft.sections[0].citations] == ["https://github.com/acme/widget/pull/42"]
    assert draft.sections[0].citations[0].span.line == 7


def test_front_matter_repos_override_builtin_names():
    draft = parse_draft("---\nrepos: {vllm: my-fork/vllm}\n---\n\n## vLLM notes\n\nSee #9.\n")
    assert draft.sections[0].citations[0].url == "https://github.com/my-fork/vllm/pull/9"


def test_single_front_matter_repo_is_the_default_for_bare_refs():
    draft = parse_draft("---\nrepo: acme/tool\n---\n\nA fix landed in #5.\n")
    assert draft.sections[0].citations[0].url == "https://github.com/acme/tool/pull/5"


def test_bare_ref_through_section_title_and_builtin_table():
    assert builtin_repos()["SGLang"] == "sgl-project/sglang"
    draft = parse_draft("## SGLang 0.5.20 发布\n\nResponses 存储改为显式开启（#39122）。\n", repos={})
    assert draft.sections[0].repo == "sgl-project/sglang"
    assert draft.sections[0].citations[0].url == "https://github.com/sgl-project/sglang/pull/39122"


def test_bare_ref_through_configured_repos():
    draft = parse_draft("## Widget news\n\nSee #3.\n", repos={"Widget": "acme/widget"})
    assert draft.sections[0].citations[0].url == "https://github.com/acme/widget/pull/3"


def test_bare_ref_through_the_project_named_before_it():
    text = "## 视频生成\n\n正文。\n\n来源：项目主页 https://v.example/home、SGLang 集成 #37903、ComfyUI #15623、#16418。\n"
    draft = parse_draft(text)
    assert [c.url for c in draft.sections[0].citations] == [
        "https://v.example/home",
        "https://github.com/sgl-project/sglang/pull/37903",
        "https://github.com/Comfy-Org/ComfyUI/pull/15623",
        "https://github.com/Comfy-Org/ComfyUI/pull/16418",
    ]


def test_bare_ref_written_against_pr():
    draft = parse_draft("## Notes\n\nvLLM: PR#101 and 见PR#102, but not ABC#103.\n")
    assert [c.url for c in draft.sections[0].citations] == [
        "https://github.com/vllm-project/vllm/pull/101", "https://github.com/vllm-project/vllm/pull/102"]


def test_longest_project_name_wins():
    draft = parse_draft("## vLLM-Omni: PDD for MiniMax-H3\n\nSee #7425.\n")
    assert draft.sections[0].citations[0].url == "https://github.com/vllm-project/vllm-omni/pull/7425"


def test_parent_heading_gives_the_repo_to_a_sub_section():
    draft = parse_draft("## vLLM 0.30\n\n### Kimi 优化\n\n见 #56159。\n")
    assert draft.sections[1].repo == "vllm-project/vllm"
    assert draft.sections[1].citations[0].url == "https://github.com/vllm-project/vllm/pull/56159"


def test_unresolvable_bare_ref_is_dropped_and_ranks_are_not_refs():
    draft = parse_draft("## Misc\n\nIt ranked #1 on the board, and #77 fixed it.\n")
    assert draft.sections[0].repo is None
    assert draft.sections[0].citations == []


def test_links_in_the_body_count_and_repeat_urls_are_kept_once():
    text = "## A\n\n如 [PR](https://github.com/o/r/pull/1) 所述。再看 https://github.com/o/r/pull/1 。\n\n来源：[PR](https://github.com/o/r/pull/1)\n"
    draft = parse_draft(text)
    assert [c.url for c in draft.sections[0].citations] == ["https://github.com/o/r/pull/1"]
    assert draft.sections[0].citations[0].span.line == 3


# --- sentence splitting -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SGLang 0.5.20 发布。vLLM v0.30 也发布了！", ["SGLang 0.5.20 发布。", "vLLM v0.30 也发布了！"]),
        ("吞吐提升 5.2%—7.7%；延迟不变。真的吗？是的", ["吞吐提升 5.2%—7.7%；", "延迟不变。", "真的吗？", "是的"]),
        ("他说：“完成了。”然后离开。", ["他说：“完成了。”", "然后离开。"]),
        ("Use e.g. vLLM or i.e. the server. Next one.", ["Use e.g. vLLM or i.e. the server.", "Next one."]),
        ("SGLang vs. vLLM in Fig. 3 shows 1.7x. It holds.", ["SGLang vs. vLLM in Fig. 3 shows 1.7x.", "It holds."]),
        ("Version 0.5.20 shipped. Then v0.30 followed!", ["Version 0.5.20 shipped.", "Then v0.30 followed!"]),
        ("See https://x.example/a.b?c=d. Next.", ["See https://x.example/a.b?c=d.", "Next."]),
        ("Run `a.b; c. d` first. Then go.", ["Run `a.b; c. d` first.", "Then go."]),
        ('See [a. b](https://x.example/p?q=1.2 "T. x") now. Ok.', ['See [a. b](https://x.example/p?q=1.2 "T. x") now.', "Ok."]),
        ("Fast; slow; done", ["Fast;", "slow;", "done"]),
        ("It grew (see PR 12.) Later it shrank.", ["It grew (see PR 12.)", "Later it shrank."]),
        ("The U.S. team won. No. 5 lost.", ["The U.S. team won.", "No. 5 lost."]),
        ("Say no. Then stop.", ["Say no.", "Then stop."]),
        ("中文句子。English follows. 再来中文。", ["中文句子。", "English follows.", "再来中文。"]),
        ("Line one\ncontinues here.\n\nNew para.", ["Line one\ncontinues here.", "New para."]),
        ("Intro:\n- first item\n- second item\n1. third", ["Intro:", "- first item", "- second item", "1. third"]),
        ("  padded.  ", ["padded."]),
        ("", []),
    ],
)
def test_split_sentences(text, expected):
    assert pieces(text) == expected


def test_split_offsets_are_code_points():
    text = "😀中文。Next one."
    assert split_sentences(text) == [(0, 4), (4, 13)]


# --- spans, lists, quotes, tables, code ----------------------------------------------------


def test_spans_count_code_points_after_chinese_and_emoji():
    text = "## 标题\n\n😀 前缀：第一句。Second sentence.\n- 中文列表项，含 emoji 🚀 之后。后一句。\n"
    draft = parse_draft(text)
    first = sentence_with(draft, "第一句")
    assert first.text == "😀 前缀：第一句。"
    assert (first.span.line, first.span.column, first.span.end_line, first.span.end_column) == (3, 1, 3, 10)
    second = sentence_with(draft, "Second")
    assert (second.span.column, second.span.end_column) == (10, 26)
    item = sentence_with(draft, "之后")
    assert item.block == "list" and item.text == "中文列表项，含 emoji 🚀 之后。"
    assert (item.span.line, item.span.column, item.span.end_column) == (4, 3, 22)
    after = sentence_with(draft, "后一句")
    assert (after.span.column, after.span.end_column) == (22, 26)
    line = text.split("\n")[3]
    assert line[after.span.column - 1:after.span.end_column - 1] == after.text


def test_multi_line_paragraph_span():
    draft = parse_draft("First line of a\nwrapped sentence. Short.\n")
    wrapped, short = draft.sentences
    assert wrapped.text == "First line of a\nwrapped sentence."
    assert (wrapped.span.line, wrapped.span.column, wrapped.span.end_line, wrapped.span.end_column) == (1, 1, 2, 18)
    assert (short.span.line, short.span.column) == (2, 19)


def test_list_markers_are_stripped():
    text = "Intro.\n\n- dash item.\n* star item.\n  • bullet item.\n1. numbered item.\n2) paren item that\n  continues lazily.\n"
    draft = parse_draft(text)
    items = [(s.text, s.span.column) for s in draft.sentences if s.block == "list"]
    assert items == [
        ("dash item.", 3), ("star item.", 3), ("bullet item.", 5), ("numbered item.", 4),
        ("paren item that\ncontinues lazily.", 4),
    ]
    assert draft.sentences[-1].span.end_line == 8


def test_quotes_are_sentences_with_block_quote():
    draft = parse_draft("> Quoted claim here. Another one\n> wrapped on.\n")
    assert [(s.text, s.block, s.span.column) for s in draft.sentences] == [
        ("Quoted claim here.", "quote", 3), ("Another one\nwrapped on.", "quote", 22)]


def test_pipe_table_rows_are_named_by_header():
    text = ("Before.\n\n| 项目 | 版本 | 链接 |\n|---|:--:|---|\n| SGLang | 0.5.20 | [rel](https://r.example/1) |\n"
            "|vLLM|`a\\|b`||\n\nAfter.\n")
    draft = parse_draft(text)
    rows = [s for s in draft.sentences if s.block == "table_row"]
    assert [r.text for r in rows] == ["项目: SGLang | 版本: 0.5.20 | 链接: [rel](https://r.example/1)", "项目: vLLM | 版本: `a\\|b`"]
    assert (rows[0].span.line, rows[0].span.column, rows[0].span.end_column) == (5, 1, 49)
    assert rows[1].span.line == 6
    assert not any("---" in s.text or s.text.startswith("项目 |") for s in draft.sentences)
    assert [c.url for c in draft.sections[0].citations] == ["https://r.example/1"]


def test_code_fences_comments_and_html_are_not_sentences():
    text = (
        "Start.\n"
        "\n"
        "```bash\n"
        "pip install vllm==0.30. Not a sentence.\n"
        "```\n"
        "<!-- a comment\n"
        "spanning lines. -->\n"
        "Visible <!-- inline --> text.\n"
        "\n"
        "<div align=\"center\">\n"
        "  <img src=\"x.png\"> Raw html. \n"
        "</div>\n"
        "\n"
        "~~~\n"
        "unclosed fence runs to the end.\n"
    )
    draft = parse_draft(text)
    assert [(s.text, s.span.line) for s in draft.sentences] == [("Start.", 1), ("Visible " + " " * len("<!-- inline -->") + " text.", 8)]


def test_inline_html_at_a_line_start_is_still_prose():
    draft = parse_draft("<b>Note:</b> vLLM 0.30 shipped. Second.\n\n<img src=\"a.png\">\n\n<p>Raw para.</p>\n")
    assert [s.text for s in draft.sentences] == ["<b>Note:</b> vLLM 0.30 shipped.", "Second."]


def test_headings_setext_and_trailing_hashes():
    draft = parse_draft("Title here\n==========\n\n## Closed heading ##\n\nBody.\n")
    assert [(s.text, s.block) for s in draft.sentences] == [
        ("Title here", "heading"), ("Closed heading", "heading"), ("Body.", "paragraph")]
    assert [s.level for s in draft.sections] == [1, 2]


def test_crlf_and_bom_do_not_move_columns(tmp_path):
    lf = "## 标题\n\n第一句。Second one.\n"
    path = tmp_path / "crlf.md"
    path.write_bytes(b"\xef\xbb\xbf" + lf.replace("\n", "\r\n").encode())
    crlf = load_draft(path)
    plain = parse_draft(lf)
    assert [(s.text, s.span) for s in crlf.sentences] == [(s.text, s.span) for s in plain.sentences]
    assert "\r" not in crlf.text


# --- plain text -------------------------------------------------------------------------------


def test_plain_text_numbered_headings_and_tables():
    text = (
        "开头段落。\n"
        "\n"
        "版本速查\n"
        "\n"
        "项目 版本 日期 备注\n"
        "SGLang 0.5.20 9/18 CUDA 12 构建退场\n"
        "vLLM 0.30.0 9/22 模型专用后端\n"
        "\n"
        "1. SGLang 更新：显式开启\n"
        "\n"
        "Responses 存储改为显式开启。\n"
        "\n"
        "来源：发布记录、状态存储变更 #39122。\n"
        "\n"
        "步骤：\n"
        "\n"
        "1. 先做这个\n"
        "2. 再做那个\n"
    )
    draft = parse_draft(text, "plain.txt")
    headings = [(s.text, s.span.line) for s in draft.sentences if s.block == "heading"]
    assert headings == [("版本速查", 3), ("1. SGLang 更新：显式开启", 9)]
    rows = [s.text for s in draft.sentences if s.block == "table_row"]
    assert rows == ["项目: SGLang | 版本: 0.5.20 | 日期: 9/18 | 备注: CUDA 12 构建退场",
                    "项目: vLLM | 版本: 0.30.0 | 日期: 9/22 | 备注: 模型专用后端"]
    claim = sentence_with(draft, "Responses")
    assert urls_of(draft, claim) == ["https://github.com/sgl-project/sglang/pull/39122"]
    assert [s.text for s in draft.sentences if s.block == "list"] == ["先做这个", "再做那个"]


def test_markdown_numbered_list_stays_a_list():
    draft = parse_draft("# T\n\n1. Only item standing alone\n\nProse after it.\n")
    assert sentence_with(draft, "Only item").block == "list"


# --- the seed drafts ------------------------------------------------------------------------------


def test_seed_clean_draft_facts():
    draft = load_draft(SEED_MD)
    assert draft.window is not None and (draft.window.start, draft.window.end) == (dt.date(2026, 9, 16), dt.date(2026, 9, 22))
    kv = sentence_with(draft, "528 bytes 是后端记录布局")
    assert (kv.span.line, kv.span.column, kv.block) == (43, 1, "paragraph")
    assert "https://github.com/vllm-project/vllm/pull/56893" in urls_of(draft, kv)
    row = [s for s in draft.sentences if s.span.line == 16]
    assert len(row) == 1 and row[0].block == "table_row"
    assert row[0].text.startswith("项目: SGLang | 本期正式版本: 0.5.20 | 日期: 9/18 | 升级前最值得确认的事: CUDA 12")
    assert "https://github.com/sgl-project/sglang/releases/tag/v0.5.20" in urls_of(draft, row[0])
    assert urls_of(draft, sentence_with(draft, "v0.30 还带来 GPU 权重缓存式")) == []
    assert urls_of(draft, sentence_with(draft, "本期窗口为")) == []
    h3 = sentence_with(draft, "VDN-H3 将视频局部 Softmax")
    assert "https://github.com/sgl-project/sglang/pull/37903" in urls_of(draft, h3)
    assert sentence_with(draft, "1. MiniMax-H3").block == "heading"
    assert not any(s.text.startswith(("来源", "版本事实来源")) for s in draft.sentences)
    assert draft.sentences[-1].span.line == 181
    assert [s.index for s in draft.sentences] == list(range(len(draft.sentences)))


def test_seed_plain_text_draft():
    draft = load_draft(SEED_TXT)
    assert draft.window is not None and draft.window.start == dt.date(2026, 9, 16)
    numbered = [s.text.split("：")[0] for s in draft.sentences if s.block == "heading" and s.text[0].isdigit()]
    assert numbered[0] == "1. MiniMax-H3" and numbered[-1].startswith("10.") and len(numbered) == 10
    assert len([s for s in draft.sentences if s.block == "table_row"]) == 4
    h3 = sentence_with(draft, "VDN-H3 将视频局部 Softmax")
    assert urls_of(draft, h3) == ["https://github.com/sgl-project/sglang/pull/37903"]
    kv = sentence_with(draft, "528 bytes 是后端记录布局")
    assert kv.span.line == 37 and urls_of(draft, kv) == ["https://github.com/vllm-project/vllm/pull/56893"]


def test_parsing_is_fast_and_linear():
    text = SEED_MD.read_text(encoding="utf-8")
    big = text + text.split("---\n", 2)[2] * 15

    def best_of_three(source: str) -> tuple[float, Draft]:
        timings = []
        for _ in range(3):
            started = time.perf_counter()
            draft = parse_draft(source)
            timings.append(time.perf_counter() - started)
        return min(timings), draft

    single, one = best_of_three(text)
    multiple, many = best_of_three(big)
    assert single < 0.1  # a 180-line draft parses in milliseconds
    assert len(many.sentences) == 16 * len(one.sentences)
    assert multiple < 16 * 4 * max(single, 0.002)  # 16x the text: linear, not quadratic


def test_random_markdown_never_crashes_and_spans_slice_back_to_the_text():
    pieces_of_markdown = [*"ab 中文。.!?;；:：#-*•|`[]()<>\n\n\t/_~=\"'", "https://x.io/a", "```", "来源：", "Sources:",
                          "#12", "o/r#3", "| a | b |\n|---|---|\n", "---\n", "\u3000", "😀", "1. ", "\n## ", "2026"]
    rng = random.Random(11)
    checked = 0
    for _ in range(600):
        text = "".join(rng.choice(pieces_of_markdown) for _ in range(rng.randint(1, 200)))
        try:
            draft = parse_draft(text)
        except InputError as exc:  # only an empty draft or a bad front matter may be refused
            assert exc.message == "draft is empty" or "front matter" in exc.message
            continue
        lines = draft.text.split("\n")
        for s in draft.sentences:
            if s.block != "table_row" and s.span.line == s.span.end_line:
                assert lines[s.span.line - 1][s.span.column - 1:s.span.end_column - 1] == s.text
                checked += 1
        for c in draft.citations():
            assert c.url.startswith("https://") or c.url.startswith("http://")
    assert checked > 500


# --- unreadable inputs ---------------------------------------------------------------------------


def test_missing_file(tmp_path):
    path = tmp_path / "nope.md"
    with pytest.raises(InputError) as err:
        load_draft(path)
    assert (err.value.message, err.value.path, err.value.line) == ("file not found", str(path), None)


def test_directory(tmp_path):
    with pytest.raises(InputError) as err:
        load_draft(tmp_path)
    assert "is a directory" in err.value.message and err.value.path == str(tmp_path)


def test_binary_file_with_nul(tmp_path):
    path = tmp_path / "bin.md"
    path.write_bytes(b"line one\nline two\x00\x01\n")
    with pytest.raises(InputError) as err:
        load_draft(path)
    assert "binary" in err.value.message and err.value.path == str(path) and err.value.line == 2


def test_invalid_utf8_reports_the_line_of_the_first_bad_byte(tmp_path):
    path = tmp_path / "latin1.md"
    path.write_bytes("第一行\nsecond\nthird caf".encode() + b"\xe9 here\n")
    with pytest.raises(InputError) as err:
        load_draft(path)
    assert "not valid UTF-8" in err.value.message and "0xe9" in err.value.message and "column 10" in err.value.message
    assert (err.value.path, err.value.line) == (str(path), 3)
    assert str(err.value).startswith(f"{path}:3: ")


@pytest.mark.parametrize("content", [b"", b"   \n\t\n", b"\xef\xbb\xbf\r\n"])
def test_empty_draft(tmp_path, content):
    path = tmp_path / "empty.md"
    path.write_bytes(content)
    with pytest.raises(InputError) as err:
        load_draft(path)
    assert (err.value.message, err.value.path) == ("draft is empty", str(path))


def test_a_release_lines_credits_after_its_full_stop_stay_with_it():
    text = "- Added experimental GDN for dense inputs. (#3351)\n- Enabled torch.compile. (#3153) (#3189)\nNext one. Then (#12) here."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "- Added experimental GDN for dense inputs. (#3351)", "- Enabled torch.compile. (#3153) (#3189)",
        "Next one.", "Then (#12) here."]
