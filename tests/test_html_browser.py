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
    hrefs = [h for h in re.findall(r'href="([^"]+)"', page) if not h.startswith("#")]  # "#…": jump links
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


def test_html_has_a_findings_list_filters_and_the_reports_language():
    from factcheck.i18n import localize

    page = render(localize(sample_report(), "zh"), "html", DRAFT, PATH)
    assert '<html lang="zh">' in page
    toc = re.search(r'<nav class="toc".*?</nav>', page, re.S).group(0)
    links = re.findall(r'href="#(d0-f\d+)"', toc)
    assert len(links) == len(sample_report().findings)
    assert all(f'id="{a}"' in page for a in links)
    for c in ("overstatement", "metric-conflation", "license", "release-date", "unsupported"):
        assert f'id="show-cat-{c}"' in page
    assert 'id="show-sev-warning"' in page and "<script" not in page
    # the draft's own text is marked with its language, whatever the report's
    from factcheck.i18n import draft_language

    assert f'class="src" lang="{draft_language(DRAFT)}"' in page
    assert '<html lang="en">' in render(sample_report(), "html", DRAFT, PATH)


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian chromium")
def test_html_report_at_420px_jump_links_and_filters(tmp_path):
    from playwright.sync_api import sync_playwright

    report = sample_report()
    page_file = tmp_path / "report.html"
    page_file.write_text(render(report, "html", DRAFT, PATH), encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 420, "height": 800})
            page.goto(page_file.as_uri())
            page.screenshot(path=str(ARTIFACTS / "html-report-420.png"), full_page=True)
            # nothing wider than the phone: no sideways scrolling
            assert page.evaluate("document.documentElement.scrollWidth") <= 420
            # every card fits on the screen, under its line rather than beside it
            for n in range(page.locator("article.finding").count()):
                box = page.locator("article.finding").nth(n).bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= 420
            entries = page.locator(".toc li")
            assert entries.count() == len(report.findings)
            # a jump link brings its finding into view
            entries.nth(2).locator("a").click()
            target = page.evaluate("location.hash")[1:]
            card = page.locator(f"#{target}")
            assert card.get_attribute("data-category") == entries.nth(2).get_attribute("data-category")
            box = card.bounding_box()
            assert box and 0 <= box["y"] < 800
            # unticking a category hides its cards and its entries; the draft text stays
            page.locator("#show-cat-overstatement").uncheck()
            assert page.locator('article.finding[data-category="overstatement"]').first.is_hidden()
            assert page.locator('.toc li[data-category="overstatement"]').first.is_hidden()
            assert page.locator('mark[data-category="overstatement"]').first.is_visible()
            page.locator("#show-sev-warning").uncheck()
            assert page.locator(".toc li:visible").count() == sum(
                1 for f in report.findings if f.category != "overstatement" and f.severity != "warning")
        finally:
            browser.close()
    assert (ARTIFACTS / "html-report-420.png").stat().st_size > 10_000
