"""The reviewer queue in headless Chromium (Debian's, through Playwright), the
server started on 127.0.0.1 by the test. Screenshots go to tests/artifacts/."""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_support import DRAFT, PASSWORD, LiveServer, start_live

from factcheck.web import db

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts"
ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "drafts" / "weekly-2026-09-22.md"
BUNDLED_SOURCES = ROOT / "drafts" / "sources" / "weekly-2026-09-22"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Debian chromium: apt-get install -y chromium fonts-wqy-microhei")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    yield from start_live(tmp_path)


def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def sign_in(browser, live: LiveServer, name: str):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs  # type: ignore[attr-defined]
    page.goto(f"{live.base_url}/")
    assert page.url.startswith(f"{live.base_url}/login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live.base_url}/")
    return page


def selected_id(page) -> str:  # type: ignore[no-untyped-def]
    return page.eval_on_selector("article.finding.selected", "e => e.dataset.findingId")


def finding_card(page, category: str):  # type: ignore[no-untyped-def]
    return page.locator("article.finding", has=page.locator(".badge.cat", has_text=category))


def test_submit_review_with_keys_resubmit_and_approve(browser, live: LiveServer, tmp_path: Path) -> None:
    # The writer uploads the draft and watches the check finish.
    draft_file = tmp_path / "weekly.md"
    draft_file.write_text(DRAFT, encoding="utf-8")
    writer = sign_in(browser, live, "wanda")
    writer.click("text=Submit a draft")
    writer.fill("input[name=title]", "Test weekly")
    writer.set_input_files("input[name=upload]", str(draft_file))
    writer.click("#submit-draft button[type=submit]")
    writer.wait_for_url(re.compile(r"/drafts/\d+$"))
    draft_id = int(writer.url.rsplit("/", 1)[1])
    writer.wait_for_selector("#run-status.done")
    assert writer.locator("article.finding").count() == 3
    assert writer.locator("article.finding form").count() == 0  # writers do not decide
    shot(writer, "01-writer-checked")

    # The reviewer works through the findings with the keyboard.
    reviewer = sign_in(browser, live, "rita")
    assert reviewer.locator("table.queue tbody tr").count() == 1
    reviewer.click("text=Test weekly")
    reviewer.wait_for_selector("article.finding")
    ids = reviewer.eval_on_selector_all("article.finding", "els => els.map(e => e.dataset.findingId)")
    reviewer.keyboard.press("j")
    assert selected_id(reviewer) == ids[0]
    reviewer.keyboard.press("j")
    reviewer.keyboard.press("j")
    assert selected_id(reviewer) == ids[2]
    reviewer.keyboard.press("k")
    assert selected_id(reviewer) == ids[1]
    assert reviewer.locator(f'mark.active[data-findings~="{ids[1]}"]').count() == 1

    # Dismiss the license finding (d focuses the required reason; Enter submits).
    lic = finding_card(reviewer, "license")
    lic.click()
    lic_id = lic.get_attribute("data-finding-id")
    assert selected_id(reviewer) == lic_id
    reviewer.keyboard.press("d")
    assert reviewer.evaluate("document.activeElement.name") == "reason"
    reviewer.keyboard.type("The PR states the code license only; the sentence is right.")
    reviewer.keyboard.press("Enter")
    reviewer.wait_for_selector(f'#f-{lic_id} .decision[data-decision="dismissed"]')
    # the page comes back with the next open finding selected, ready for the next a or d
    assert selected_id(reviewer) == ids[(ids.index(lic_id) + 1) % len(ids)]

    # Accept the overstatement with a.
    over = finding_card(reviewer, "overstatement")
    over_id = over.get_attribute("data-finding-id")
    while selected_id(reviewer) != over_id:
        reviewer.keyboard.press("j" if ids.index(over_id) > ids.index(selected_id(reviewer)) else "k")
    reviewer.keyboard.press("a")
    reviewer.wait_for_selector(f'#f-{over_id} .decision[data-decision="accepted"]')
    assert selected_id(reviewer) not in (over_id, lic_id)  # on to the one still open
    assert "accepted by rita" in reviewer.inner_text(f"#f-{over_id} .decision")
    assert reviewer.is_disabled("#approve button")
    assert "1 accepted error not yet fixed" in reviewer.inner_text("#blocked")
    shot(reviewer, "02-reviewer-decided")

    # Filters narrow the list.
    reviewer.select_option("select[name=category]", "license")
    reviewer.click(".filters button")
    reviewer.wait_for_url(re.compile(r"category=license"))
    assert reviewer.locator("article.finding").count() == 1
    reviewer.goto(f"{live.base_url}/drafts/{draft_id}")

    # The writer fixes the accepted sentence and resubmits.
    writer.reload()
    assert "accepted by rita" in writer.inner_text(f"#f-{over_id} .decision")
    fixed = DRAFT.replace("the gains apply to all GPUs with 16 GB", "the report measured one 16 GB GPU")
    writer.fill("#resubmit textarea[name=text]", fixed)
    writer.click("#resubmit button[type=submit]")
    writer.wait_for_selector("#run-status.done")
    assert "revision 2" in writer.inner_text(".meta")
    assert writer.locator("article.finding").count() == 2
    shot(writer, "03-writer-resubmitted")

    # The dismissal carried over; the accepted error is resolved; approval unlocks.
    reviewer.reload()
    carried = finding_card(reviewer, "license")
    assert carried.locator('.decision[data-decision="dismissed"]').count() == 1
    assert "the sentence is right" in carried.inner_text()
    assert "Resolved in revision 2" in reviewer.inner_text("aside.findings")
    assert reviewer.locator("#blocked").count() == 0
    reviewer.click("#approve button")
    reviewer.wait_for_selector("#draft-status.approved")
    shot(reviewer, "04-approved")
    assert db.get_draft(live.engine, draft_id).status == "approved"
    assert writer.dialogs == [] and reviewer.dialogs == []  # type: ignore[attr-defined]
    writer.context.close()
    reviewer.context.close()


def test_the_page_shows_progress_and_updates_itself(browser, tmp_path: Path) -> None:
    import threading

    from playwright.sync_api import expect
    from web_support import phrase_checker

    gate = threading.Event()
    for live in start_live(tmp_path, phrase_checker(gate=gate)):
        writer = sign_in(browser, live, "wanda")
        writer.goto(f"{live.base_url}/drafts/new")
        writer.fill("textarea[name=text]", DRAFT)
        writer.click("#submit-draft button[type=submit]")
        writer.wait_for_selector("#run-status.running")
        assert writer.get_attribute("#run-status", "data-poll").endswith("/status")
        assert writer.locator("article.finding").count() == 0
        # a locator wait, not wait_for_function: the page's CSP forbids eval, which polling a
        # JavaScript predicate needs whenever the first evaluation is not already true
        expect(writer.locator("#run-progress")).to_have_text("checking draft.md")
        shot(writer, "00-writer-checking")
        gate.set()
        # No reload by the test: the page polls and refreshes itself.
        writer.wait_for_selector("#run-status.done", timeout=20_000)
        assert writer.locator("article.finding").count() == 3
        writer.context.close()


def test_hostile_markup_stays_inert_in_the_browser(browser, live: LiveServer) -> None:
    hostile = ("# Weekly <script>alert('title')</script>\n\n"
               "See [this](javascript:alert(document.cookie)) <img src=x onerror=alert(1)> on all GPUs.\n\n"
               "<script>document.body.innerHTML = 'pwned'</script>\n")
    writer = sign_in(browser, live, "wanda")
    writer.goto(f"{live.base_url}/drafts/new")
    writer.fill("textarea[name=text]", hostile)
    writer.click("#submit-draft button[type=submit]")
    writer.wait_for_selector("#run-status.done")
    assert writer.dialogs == []  # type: ignore[attr-defined]
    # Had the script run, the body would be the one word.
    assert writer.inner_text("body").strip() != "pwned"
    assert writer.locator("ol.lines li").count() == hostile.count("\n") + 1
    assert writer.locator("ol.lines script, ol.lines img, ol.lines a").count() == 0
    assert writer.locator("a[href^='javascript']").count() == 0
    assert "<script>alert('title')</script>" in writer.inner_text("ol.lines")
    shot(writer, "05-hostile-inert")
    writer.context.close()


BUNDLED_WITH_ERRORS = ROOT / "drafts" / "weekly-2026-09-22-with-errors.md"


def walk_to(page, finding_id: str) -> None:  # type: ignore[no-untyped-def]
    """Select a finding with j/k only, as a reviewer at the keyboard would."""
    ids = page.eval_on_selector_all("article.finding", "els => els.map(e => e.dataset.findingId)")
    page.keyboard.press("j")
    for _ in range(len(ids)):
        here = selected_id(page)
        if here == finding_id:
            return
        page.keyboard.press("j" if ids.index(finding_id) > ids.index(here) else "k")
    raise AssertionError(f"could not reach finding {finding_id}")


@pytest.mark.skipif(not (BUNDLED_WITH_ERRORS.exists() and BUNDLED.exists() and BUNDLED_SOURCES.is_dir()),
                    reason="the bundled example is not there yet")
def test_the_bundled_example_through_the_real_pipeline(browser, tmp_path: Path) -> None:
    """The bundled draft with errors, then its corrected version, checked by the core pipeline."""
    from web_support import run_server

    from factcheck.settings import Settings
    from factcheck.web.app import create_app
    from factcheck.web.config import WebConfig

    settings = Settings(cache_dir=tmp_path / "cache", checkpoint=tmp_path / "checkpoints.sqlite")
    app = create_app(WebConfig(database_url=f"sqlite:///{tmp_path / 'q.sqlite'}", settings=settings,
                               sources_dir=BUNDLED_SOURCES))
    server, thread, base = run_server(app)
    try:
        live = LiveServer(base_url=base, app=app, engine=app.state.engine)
        for name, role in (("wanda", "writer"), ("rita", "reviewer")):
            db.create_user(live.engine, name, role, PASSWORD)
        writer = sign_in(browser, live, "wanda")
        writer.goto(f"{base}/drafts/new")
        writer.set_input_files("input[name=upload]", str(BUNDLED_WITH_ERRORS))
        writer.click("#submit-draft button[type=submit]")
        writer.wait_for_selector("#run-status.incomplete, #run-status.done, #run-status.failed", timeout=120_000)
        # two of the sources the digest cites are not in the archive: the check is not done
        assert writer.locator("#run-status.incomplete").count() == 1, writer.inner_text("main")
        assert "2 of 24 cited sources could not be read" in writer.inner_text("#run-incomplete")
        assert writer.locator("#recheck").count() == 1 and writer.locator("#accept-incomplete").count() == 0
        draft_id = int(writer.url.rsplit("/", 1)[1])
        shot(writer, "06-bundled-example")

        # Pick, from what the pipeline found, a finding whose sentence the
        # corrected draft keeps (to dismiss) and an error whose sentence it rewrites (to accept).
        corrected = BUNDLED.read_text(encoding="utf-8")
        views = db.list_findings(live.engine, db.latest_revision(live.engine, draft_id).id)
        assert writer.locator("article.finding").count() == len(views) > 0
        keep = next(v for v in views if v.finding.sentence in corrected)
        fixed = next(v for v in views if v.finding.severity == "error" and v.finding.sentence not in corrected)

        reviewer = sign_in(browser, live, "rita")
        reviewer.goto(f"{base}/drafts/{draft_id}")
        assert reviewer.is_disabled("#approve button")
        assert "incomplete" in reviewer.inner_text("#blocked")
        walk_to(reviewer, str(keep.id))
        reviewer.keyboard.press("d")
        reviewer.keyboard.type("the README states this number; checked by hand")
        reviewer.keyboard.press("Enter")
        reviewer.wait_for_selector(f'#f-{keep.id} .decision[data-decision="dismissed"]')
        walk_to(reviewer, str(fixed.id))
        reviewer.keyboard.press("a")
        reviewer.wait_for_selector(f'#f-{fixed.id} .decision[data-decision="accepted"]')
        assert reviewer.is_disabled("#approve button")
        shot(reviewer, "07-bundled-reviewed")
        # the reviewer accepts the incomplete check, saying why
        reviewer.fill("#accept-incomplete input[name=reason]", "the paper and the fork are not archived; "
                                                                "their sentences were read by hand")
        reviewer.click("#accept-incomplete button")
        reviewer.wait_for_selector("#run-status.done")
        assert "accepted by rita" in reviewer.inner_text("#run-note")
        # every other error is still undecided: approval stays blocked until each is decided
        assert reviewer.is_disabled("#approve button")
        assert "not yet decided" in reviewer.inner_text("#blocked")

        # The writer uploads the corrected draft as revision 2.
        writer.reload()
        writer.set_input_files("#resubmit input[name=upload]", str(BUNDLED))
        writer.click("#resubmit button[type=submit]")
        writer.wait_for_selector("#run-status.incomplete, #run-status.done, #run-status.failed", timeout=120_000)
        assert "revision 2" in writer.inner_text(".meta")

        reviewer.reload()
        assert reviewer.locator("#run-status.incomplete").count() == 1
        reviewer.fill("#accept-incomplete input[name=reason]", "same two sources as revision 1")
        reviewer.click("#accept-incomplete button")
        reviewer.wait_for_selector("#run-status.done")
        carried = reviewer.locator(f'article.finding[data-fingerprint="{keep.fingerprint}"]')
        assert carried.locator('.decision[data-decision="dismissed"]').count() == 1
        assert "checked by hand" in carried.inner_text()
        assert reviewer.locator(f'article.finding[data-fingerprint="{fixed.fingerprint}"]').count() == 0
        resolved = reviewer.locator(f'section.resolved li[data-fingerprint="{fixed.fingerprint}"]')
        assert fixed.finding.sentence in resolved.inner_text()
        assert not reviewer.is_disabled("#approve button")
        reviewer.click("#approve button")
        reviewer.wait_for_selector("#draft-status.approved")
        shot(reviewer, "08-bundled-approved")
        writer.context.close()
        reviewer.context.close()
    finally:
        server.should_exit = True
        thread.join(timeout=20)
