"""A start that cannot finish ends, within a bounded time, in the translated failure screen, and Try again then
works: a corrupt, truncated, wrongly typed or stalled pyodide.asm.wasm, a missing comlink.mjs, a missing
language file. Also: the progress bar counts the bytes that travel and ends at exactly their total."""

from __future__ import annotations

import json
import os

import pytest
from playwright.sync_api import expect

from scripts.sitebuild import uistrings  # noqa: E402

FAILURE = "The game engine could not be loaded. Check your connection and try again."
START_TIMEOUT = 90_000
# The failure must come within this bound (the stall limit is shortened to 3 s for the stalled download).
FAILURE_TIMEOUT = 45_000
STALL_FAILURE_TIMEOUT = 15_000  # a stall limit of 3 s, with room for a loaded machine

pytestmark = pytest.mark.browser_context_args(service_workers="block")  # page.route misses a worker's fetches


def tutorial(site_url: str, language: str = "ht") -> str:
    return f"{site_url}{'' if language == 'en' else language + '/'}tutorial/"


def wasm_path(built_site) -> str:
    runtime = json.loads((built_site / "pyodide" / "runtime.json").read_text())
    return runtime["indexURL"] + "pyodide.asm.wasm"


def expect_failure_then_retry(page, route_pattern: str, language: str = "ht", before_start: bool = False) -> None:
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "error", timeout=FAILURE_TIMEOUT)
    expect(demo.locator(".demo__error")).to_have_text(uistrings.translate(FAILURE, language))
    expect(page.locator("article h1")).to_be_visible()  # the page's own text stays
    page.unroute(route_pattern)
    demo.locator(".demo__retry").click()
    if before_start:  # the words came back: Start, as on a first visit
        expect(demo).to_have_attribute("data-state", "idle")
        demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)


def press_start(page, site_url: str, stall_ms: int | None = None) -> None:
    page.goto(tutorial(site_url))
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "idle")
    if stall_ms:
        page.evaluate("(ms) => { document.getElementById('demo').dataset.stallMs = String(ms); }", stall_ms)
    demo.locator(".demo__start").click()


def broken_wasm(kind: str, built_site):
    real = (built_site / wasm_path(built_site)).read_bytes()
    bodies = {
        "corrupt": ("application/wasm", os.urandom(200_000)),
        "truncated": ("application/wasm", real[: len(real) // 2]),
        # what a host that answers every unknown address with its home page sends
        "an HTML page": ("text/html", (built_site / "index.html").read_bytes()),
    }
    content_type, body = bodies[kind]
    return lambda route: route.fulfill(status=200, content_type=content_type, body=body)


@pytest.mark.parametrize("kind", ("corrupt", "truncated", "an HTML page"))
def test_a_broken_webassembly_file_ends_in_the_failure_screen_and_retry_works(page, site_url, built_site, kind,
                                                                               expect_console_error):
    expect_console_error(r"wasm|WebAssembly|Aborted|CompileError|magic|Failed to load resource")
    pattern = "**/" + wasm_path(built_site)
    page.route(pattern, broken_wasm(kind, built_site))
    press_start(page, site_url)
    expect_failure_then_retry(page, pattern)


def test_a_stalled_webassembly_download_ends_in_the_failure_screen_and_retry_works(page, site_url, built_site):
    held = []
    pattern = "**/" + wasm_path(built_site)
    page.route(pattern, lambda route: held.append(route))  # never answered: the download stalls
    press_start(page, site_url, stall_ms=3000)
    # the limit set on the page after it loaded counts (the default, 30 s, would still be waiting)
    expect(page.locator("#demo")).to_have_attribute("data-state", "error", timeout=STALL_FAILURE_TIMEOUT)
    expect_failure_then_retry(page, pattern)
    assert held, "the stalled download was never asked for"


def test_a_missing_comlink_module_ends_in_the_failure_screen_and_retry_works(page, site_url, expect_console_error):
    expect_console_error(r"comlink|Failed to load resource|404")
    pattern = "**/assets/vendor/comlink.mjs*"
    page.route(pattern, lambda route: route.fulfill(status=404, body="not here"))
    press_start(page, site_url)
    expect_failure_then_retry(page, pattern)


def test_a_missing_language_file_ends_in_the_failure_screen_in_that_language_and_retry_works(
        page, site_url, expect_console_error):
    expect_console_error(r"ht\.json|Failed to load resource|404")
    pattern = "**/assets/i18n/ht.json"
    page.route(pattern, lambda route: route.fulfill(status=404, body="not here"))
    page.goto(tutorial(site_url))
    expect_failure_then_retry(page, pattern, before_start=True)


def test_the_start_button_states_the_measured_download_in_the_pages_language(page, site_url):
    from scripts.sitebuild import download

    for language in ("en", "sq"):
        page.goto(tutorial(site_url, language))
        size = page.locator("#demo .demo__start .demo__size")
        expect(size).to_have_text(download.size_text(language))
        assert download.size_text(language) in page.locator("article").inner_text()
    assert download.size_text("sq").startswith("3,") and download.size_text("en").startswith("3.")


@pytest.mark.parametrize("language, decimal", [("en", "."), ("sq", ",")])
def test_the_progress_bar_counts_the_compressed_bytes_and_ends_at_their_exact_total(
        page, site_url, built_site, language, decimal):
    runtime = json.loads((built_site / "pyodide" / "runtime.json").read_text())
    travelling = sum(sizes["br"] for sizes in runtime["downloads"].values())
    files = len(runtime["downloads"])
    page.goto(tutorial(site_url, language))
    page.evaluate("""() => {
        window.seen = [];
        const demo = document.getElementById("demo");
        new MutationObserver(() => {
            if (demo.dataset.loaded) window.seen.push([Number(demo.dataset.loaded), Number(demo.dataset.total),
                demo.querySelector(".demo__status")?.textContent]);
        }).observe(demo, { attributes: true, attributeFilter: ["data-loaded", "data-total"] });
    }""")
    page.locator("#demo .demo__start").click()
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)
    seen = page.evaluate("window.seen")
    assert len(seen) > 3
    # one report per tenth of a megabyte shown (and per file's size as it becomes known), not one per chunk read
    assert len(seen) <= travelling / 100_000 + 3 * files, len(seen)
    assert all(loaded <= total for loaded, total, _ in seen)
    assert [loaded for loaded, _, _ in seen] == sorted(loaded for loaded, _, _ in seen)  # never goes back
    assert seen[-1][:2] == [travelling, travelling]  # the bytes Brotli sends, not the 13 MB they unpack to
    megabytes = f"{travelling / 1e6:.1f}".replace(".", decimal)
    assert seen[-1][2] == uistrings.translate("Downloading the game engine: {loaded} of {total} MB", language,
                                              loaded=megabytes, total=megabytes)
