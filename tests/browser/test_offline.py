"""After one visit, the site works without a network: the tutorial and the game start, a visited rules page
reads. The service worker downloads nothing before the reader presses Start, and keeps its files under the
build's revisions (scripts/sitebuild/sw.js)."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import expect

START_TIMEOUT = 90_000


def controlled(page) -> None:
    """Waits until the site's service worker controls the page (it claims pages when it activates)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)


def kept(page, path: str) -> bool:
    return page.evaluate("""async (path) => {
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) {
                if (new URL(request.url).pathname.endsWith(path)) return true;
            }
        }
        return false;
    }""", path)


def wait_until(page, script: str, arg=None, timeout_s: float = 60) -> None:
    """Polls an async page function until it answers true (wait_for_function takes a promise for true)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"still false after {timeout_s} s: {script}"
        page.wait_for_timeout(250)


def start(page) -> None:
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "idle")
    demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)


def test_a_page_load_downloads_no_runtime_and_the_worker_keeps_only_what_was_fetched(page, site_url):
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.goto(f"{site_url}tutorial/")
    controlled(page)
    page.reload()
    page.wait_for_timeout(1000)
    assert not [url for url in requested if "/pyodide/" in url], requested
    assert kept(page, "/tutorial/") and not kept(page, "pyodide.asm.wasm")


def test_the_tutorial_and_the_game_start_offline_after_one_visit(page, site_url, built_site, expect_console_error):
    expect_console_error(r"favicon")  # the browser asks for it itself, past the service worker
    wasm = json.loads((built_site / "pyodide" / "runtime.json").read_text())["indexURL"] + "pyodide.asm.wasm"
    page.goto(f"{site_url}play/")  # a first visit, to the game's page, without starting it
    controlled(page)
    wait_until(page, "async () => (await caches.keys()).length > 0 && "
                     "(await (await caches.open((await caches.keys())[0])).keys())"
                     ".some((r) => new URL(r.url).pathname === '/play/')")
    page.goto(f"{site_url}ht/tutorial/")
    start(page)
    engine = json.loads(re.search(r"const ENGINE = (\[.*?\]);", (built_site / "sw.js").read_text()).group(1))
    assert wasm in engine and "assets/demo/game.js" in engine and "assets/i18n/en.json" in engine
    wait_until(page, """async (engine) => {
        const cache = await caches.open((await caches.keys())[0]);
        const kept = new Set((await cache.keys()).map((r) => new URL(r.url).pathname.slice(1)));
        return engine.every((path) => kept.has(path));
    }""", engine)
    page.context.set_offline(True)
    page.goto(f"{site_url}ht/tutorial/")
    start(page)
    expect(page.locator('#demo .demo-hand .demo-tile').first).to_be_visible()
    page.goto(f"{site_url}play/")
    demo = page.locator("#demo")
    demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)


def test_a_visited_rules_page_reads_offline(page, site_url, expect_console_error):
    expect_console_error(r"favicon")  # the browser asks for it itself, past the service worker
    page.goto(f"{site_url}sq/chicken-foot/")
    controlled(page)
    page.reload()  # now through the worker, which keeps the page and its styles
    heading = page.locator("article h1").inner_text()
    page.context.set_offline(True)
    page.goto(f"{site_url}sq/chicken-foot/")
    expect(page.locator("article h1")).to_have_text(heading)
    # styled: Material's stylesheet came from the worker's cache too
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    expect(page.locator("figure.diagram svg").first).to_be_visible()
