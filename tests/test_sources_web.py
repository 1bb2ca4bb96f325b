"""Web pages and Hugging Face cards from a local server, and the archive files they are saved as."""
from __future__ import annotations

import json
from pathlib import Path

from ghserver import GHServer, Reply, fetch_settings, gh  # noqa: F401

from factcheck.models import LicenseInfo, SourceDocument
from factcheck.settings import Settings
from factcheck.sources.archive import ArchiveSources, load_document
from factcheck.sources.live import LiveSources
from factcheck.sources.save import file_name, save_documents
from factcheck.sources.web import card_license, hf_card_id, iso_date, page_kind

BLOG = """<!doctype html>
<html><head>
<title>Serving Qwen with PD disaggregation | Blog</title>
<meta property="og:title" content="Serving Qwen with PD disaggregation">
<meta property="article:published_time" content="2026-09-21T02:00:00+00:00">
<script>var tracking = "do not keep";</script>
<style>p { color: red }</style>
</head><body>
<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<article>
<h1>Serving Qwen with PD   disaggregation</h1>
<p>On <b>8×H200</b> with TP8 we reach
up to <em>2.1×</em> the throughput.<br>Second line.</p>
<h2>Results</h2>
<ul><li>Prefill: 12k tok/s<ul><li>per GPU</li></ul></li><li>Decode: 310 tok/s/user</li></ul>
<table><thead><tr><th>Config</th><th>TTFT</th></tr></thead>
<tbody><tr><td>baseline</td><td>1.9 s</td></tr><tr><td>PD</td><td>0.8 s</td></tr></tbody></table>
<pre><code>vllm serve Qwen/Qwen3.8 --tp 8</code></pre>
<p>Run with <code>--kv-transfer</code> 中文也在。</p>
</article>
<footer>© 2026</footer>
</body></html>"""


async def get(settings: Settings, url: str):
    async with LiveSources(settings) as sources:
        return await sources.get(url)


async def test_blog_page_keeps_headings_lists_tables_and_code(gh: GHServer, fetch_settings: Settings) -> None:
    gh.page("/blog/2026/09/21/qwen-pd.html", BLOG)
    result = await get(fetch_settings, f"{gh.url}/blog/2026/09/21/qwen-pd.html")
    doc = result.document
    assert result.status == "ok", result.detail
    assert doc.kind == "blog" and doc.title == "Serving Qwen with PD disaggregation"
    assert doc.dates.published == "2026-09-21T02:00:00+00:00"
    assert doc.text.split("\n\n") == [
        "# Serving Qwen with PD disaggregation",
        "On 8×H200 with TP8 we reach up to 2.1× the throughput.\nSecond line.",
        "## Results",
        "- Prefill: 12k tok/s\n  - per GPU\n- Decode: 310 tok/s/user",
        "| Config | TTFT |\n| baseline | 1.9 s |\n| PD | 0.8 s |",
        "```\nvllm serve Qwen/Qwen3.8 --tp 8\n```",
        "Run with `--kv-transfer` 中文也在。",
    ]
    assert "tracking" not in doc.text and "Home" not in doc.text and "©" not in doc.text


async def test_time_element_and_json_ld_dates(gh: GHServer, fetch_settings: Settings) -> None:
    gh.page("/notes", "<html><body><main><time datetime='2026-09-18'>Sep 18</time><p>x</p></main></body></html>")
    gh.page("/ld", """<html><head><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "BlogPosting", "datePublished": "2026-09-16",
         "dateModified": "2026-09-19T10:00:00Z"}</script></head><body><p>y</p></body></html>""")
    async with LiveSources(fetch_settings) as sources:
        notes = await sources.get(f"{gh.url}/notes")
        ld = await sources.get(f"{gh.url}/ld")
    assert notes.document.dates.published == "2026-09-18" and notes.document.kind == "page"
    assert ld.document.dates.published == "2026-09-16"
    assert ld.document.dates.updated == "2026-09-19T10:00:00Z"


async def test_plain_text_page(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/NOTES.txt", Reply(body=b"Release 1.2: new scheduler.", headers={"Content-Type": "text/plain"}))
    result = await get(fetch_settings, f"{gh.url}/NOTES.txt")
    assert result.document.text == "Release 1.2: new scheduler." and result.document.kind == "page"


async def test_paper_page_by_citation_meta(gh: GHServer, fetch_settings: Settings) -> None:
    gh.page("/abs/2609.01234", """<html><head><meta name="citation_title" content="FP8 KV caches">
        <meta name="citation_date" content="2026/09/02"></head><body><blockquote>Abstract: we show.</blockquote>
        </body></html>""")
    result = await get(fetch_settings, f"{gh.url}/abs/2609.01234")
    assert result.document.kind == "paper" and result.document.title == "FP8 KV caches"
    assert result.document.dates.published == "2026-09-02"
    assert result.document.text == "> Abstract: we show."


CARD = """---
license: other
license_name: minimax-h3-community-license
license_link: LICENSE
base_model: MiniMaxAI/MiniMax-H3
---
# VDN-H3

Weights under the MiniMax H3 Community License; code under Apache-2.0.
"""


async def test_hugging_face_model_card(gh: GHServer, fetch_settings: Settings) -> None:
    gh.route("/OpenVDN/vdn-h3/raw/main/README.md", Reply(body=CARD.encode(), headers={"Content-Type": "text/plain"}))
    gh.json("/api/models/OpenVDN/vdn-h3", {"id": "OpenVDN/vdn-h3", "createdAt": "2026-09-17T03:00:00.000Z",
                                           "lastModified": "2026-09-20T03:00:00.000Z"})
    result = await get(fetch_settings, "https://huggingface.co/OpenVDN/vdn-h3/tree/main")
    doc = result.document
    assert result.status == "ok", result.detail
    assert doc.kind == "model_card" and doc.url == "https://huggingface.co/OpenVDN/vdn-h3"
    assert doc.text == CARD
    assert doc.license == LicenseInfo(spdx=None, name="minimax-h3-community-license", applies_to="weights",
                                      link="LICENSE")
    assert doc.dates.created.startswith("2026-09-17")
    assert "https://huggingface.co/OpenVDN/vdn-h3/tree/main" in doc.aliases
    assert gh.count() == 2


async def test_missing_model_card_is_not_found(gh: GHServer, fetch_settings: Settings) -> None:
    result = await get(fetch_settings, "https://huggingface.co/nobody/nothing")
    assert result.status == "not_found"


def test_card_licenses() -> None:
    assert card_license("---\nlicense: apache-2.0\n---\n", "weights") == \
        LicenseInfo(spdx="Apache-2.0", name="Apache License 2.0", applies_to="weights")
    both = card_license("---\nlicense: [mit, cc-by-4.0]\n---\n", "data")
    assert [i.spdx for i in both] == ["MIT", "CC-BY-4.0"]
    assert card_license("# no front matter", "weights") == LicenseInfo(spdx=None, name="none found")
    assert card_license("---\nlicense: llama3.1\n---\n", "weights").name == "Llama 3.1 Community License"


def test_card_ids_and_kinds() -> None:
    assert hf_card_id("https://huggingface.co/Qwen/Qwen3-8B") == ("model", "Qwen/Qwen3-8B")
    assert hf_card_id("https://huggingface.co/datasets/o/d/viewer") == ("dataset", "o/d")
    assert hf_card_id("https://huggingface.co/blog/some-post") is None
    assert hf_card_id("https://huggingface.co/Qwen") is None
    assert page_kind("https://arxiv.org/abs/2609.01234", None) == "paper"
    assert page_kind("https://blog.vllm.ai/2026/09/18/x.html", None) == "blog"
    assert page_kind("https://lmsys.org/blog/2026-09-16-nvfp4/", None) == "blog"
    assert page_kind("https://docs.vllm.ai/en/latest/", None) == "page"
    assert iso_date("2026/9/8") == "2026-09-08" and iso_date("Sept 8") is None and iso_date("2026-13-01") is None


def test_file_names_follow_the_archive_convention() -> None:
    assert file_name("https://github.com/vllm-project/vllm/pull/56893") == \
        "github_com-vllm-project-vllm-pull-56893.json"
    assert file_name("https://blog.vllm.ai/2026/09/18/pynvvideocodec.html") == \
        "blog_vllm_ai-2026-09-18-pynvvideocodec_html.json"
    assert file_name("https://github.com/o/r/releases/tag/v0.37.0") == "github_com-o-r-releases-tag-v0_37_0.json"
    assert file_name("http://127.0.0.1:8080/a") == "127_0_0_1_8080-a.json"
    assert file_name("https://x.org/p?id=1") != file_name("https://x.org/p?id=2")
    assert len(file_name("https://x.org/" + "a" * 400)) < 140


def test_saved_documents_load_back_and_answer_their_citations(tmp_path: Path) -> None:
    docs = [
        SourceDocument(url="https://github.com/o/r/pull/5", kind="pull_request", text="body", number=5,
                       aliases=["https://github.com/o/r/pull/5/files"], author="dev"),
        SourceDocument(url="https://github.com/o/r", kind="repository", text="readme",
                       license=LicenseInfo(spdx=None, name="none found")),
        SourceDocument(url="https://github.com/o/r/pull/5", kind="pull_request", text="duplicate"),
    ]
    paths = save_documents(docs, tmp_path / "archive")
    assert sorted(p.name for p in paths) == ["github_com-o-r-pull-5.json", "github_com-o-r.json"]
    saved = json.loads((tmp_path / "archive" / "github_com-o-r.json").read_text(encoding="utf-8"))
    assert saved["license"] == {"spdx": None, "name": "none found", "applies_to": None}
    assert "dates" not in saved and "comments" not in saved
    reloaded = load_document(tmp_path / "archive" / "github_com-o-r-pull-5.json")
    assert reloaded == docs[0]
    archive = ArchiveSources.from_dir(tmp_path / "archive")
    assert archive.lookup("https://github.com/O/R/issues/5").text == "body"
    assert not list((tmp_path / "archive").glob("*.partial"))
