"""The HTML report in real headless Chromium: highlights, evidence beside each
flagged sentence, no external assets. The screenshot is kept as an artifact."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from factcheck.output import render
from output_samples import CONFLATION, DRAFT, OVERSTATEMENT, RELEASE, sample_report

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts"
PATH = "drafts/weekly.md"


def test_html_is_self_contained():
    page = render(sample_report(), "html", DRAFT, PATH)
    assert "<script" not in page and "<link" not in page and "@import" not in page
    assert not re.search(r"""(?:src|srcset)\s*=""", page)
    assert not re.search(r"url\(", page)
    # the only URLs are evidence links in <a href>, and the draft's own text
    hrefs = re.findall(r'href="([^"]+)"', page)
    assert sorted(set(hrefs)) == ["https://github.com/Comfy-Org/ComfyUI/pull/15570",
                                  "https://github.com/vllm-project/vllm/pull/56893"]


def test_html_escapes_draft_text_and_refuses_script_links():
    report = sample_report()
    report.findings[0].evidence[0].url = "javascript:alert(1)"
    page = render(report, "html", DRAFT, PATH)
    assert "&lt;tags&gt;" in page and "<tags>" not in page
    assert 'href="javascript:' not in page and "javascript:alert(1)" in page


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian chromium")
def test_html_report_in_chromium(tmp_path):
    from playwright.sync_api import sync_playwright

    report = sample_report()
    page_file = tmp_path / "report.html"
    page_file.write_text(render(report, "html", DRAFT, PATH), encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_file.as_uri())
            page.screenshot(path=str(ARTIFACTS / "html-report.png"), full_page=True)

            marks = page.locator("mark.hl")
            assert marks.count() == 3
            texts = [marks.nth(n).inner_text() for n in range(3)]
            assert texts == [OVERSTATEMENT, CONFLATION, RELEASE]
            cats = [marks.nth(n).get_attribute("data-category") for n in range(3)]
            assert cats == ["overstatement", "metric-conflation", "release-date"]
            colours = [marks.nth(n).evaluate("m => getComputedStyle(m).backgroundColor") for n in range(3)]
            assert len(set(colours)) == 3 and "rgba(0, 0, 0, 0)" not in colours

            # each finding's card sits in the same row as its sentence, to the right of it
            for n, finding in enumerate(report.findings):
                row = page.locator(f"#d0-L{finding.line}")
                card = row.locator(".cards article.finding").first
                assert card.get_attribute("data-finding-id") == finding.id
                assert card.locator("blockquote.evidence").inner_text() == finding.evidence[0].quote
                assert card.locator("a.source").get_attribute("href") == finding.evidence[0].url
                mark_box = marks.nth(n).bounding_box()
                card_box = card.bounding_box()
                assert mark_box and card_box and card_box["x"] > mark_box["x"]
                assert abs(card_box["y"] - row.locator(".src").bounding_box()["y"]) < 40

            assert page.locator("#total").inner_text() == \
                "7 sentences, 5 claims checked, 1 could not be checked, 0 suppressed"
            # Chinese is laid out as glyphs: the 中文 mark is wider than its ASCII-only length would be
            assert marks.nth(0).bounding_box()["width"] > 200
            assert all(u.startswith("file://") for u in requests), requests
        finally:
            browser.close()
    assert (ARTIFACTS / "html-report.png").stat().st_size > 10_000
