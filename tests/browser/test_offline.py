"""After one visit, the site works without a network: the tutorial and the game start, a visited rules page
reads. The service worker downloads nothing before the reader presses Start, and keeps its files under the
build's revisions (scripts/sitebuild/sw.js)."""

from __future__ import annotations

import json
import os
import re
import shutil
import time

from playwright.sync_api import expect
from serve import serve_in_background

from scripts.sitebuild import uistrings
from scripts.sitebuild.offline import OFFLINE_WORDS, write_service_worker

START_TIMEOUT = 90_000


def controlled(page) -> None:
    """Waits until the site's service worker controls the page (it claims pages when it activates)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)


IS_KEPT = """async (path) => {
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
            if (new URL(request.url).pathname.endsWith(path)) return true;
        }
    }
    return false;
}"""


def kept(page, path: str) -> bool:
    return page.evaluate(IS_KEPT, path)


def wait_until(page, script: str, arg=None, timeout_s: float = 60, done=bool) -> None:
    """Polls an async page function until `done` holds for its answer (by default: until it answers true;
    wait_for_function takes a promise for true). A timeout names the last answer."""
    deadline = time.monotonic() + timeout_s
    while not done(answer := page.evaluate(script, arg)):
        assert time.monotonic() < deadline, f"still not done after {timeout_s} s ({answer!r}): {script}"
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


def test_the_tutorial_and_the_game_start_offline_after_one_visit_keeping_only_what_its_pages_need(
        page, site_url, built_site, expect_console_error):
    expect_console_error(r"favicon")  # the browser asks for it itself, past the service worker
    wasm = json.loads((built_site / "pyodide" / "runtime.json").read_text())["indexURL"] + "pyodide.asm.wasm"
    page.goto(f"{site_url}play/")  # a first visit, to the game's page, without starting it
    controlled(page)
    wait_until(page, "async () => (await caches.keys()).length > 0 && "
                     "(await (await caches.open((await caches.keys())[0])).keys())"
                     ".some((r) => new URL(r.url).pathname === '/play/')")
    page.goto(f"{site_url}ht/tutorial/")
    start(page)
    worker = (built_site / "sw.js").read_text()
    engine = json.loads(re.search(r"const ENGINE = (\[.*?\]);", worker).group(1))
    apps = json.loads(re.search(r"const APPS = (\{.*?\});", worker).group(1))
    assert wasm in engine and "assets/demo/game.js" in apps["play"] and "assets/i18n/en.json" in engine
    # what the reader's two pages need: the game's page in English, the tutorial in Haitian Creole; not the
    # words of the other languages, nor the score keeper's modules
    unread = {"assets/i18n/su.json", "assets/i18n/sq.json", "assets/demo/scores.js"}
    assert unread < set(engine) | set(apps["scores"])
    wanted = sorted({*engine, *apps["play"], *apps["tutorial"]} - unread)
    wait_until(page, """async (wanted) => {
        const cache = await caches.open((await caches.keys())[0]);
        const kept = new Set((await cache.keys()).map((r) => new URL(r.url).pathname.slice(1)));
        return wanted.every((path) => kept.has(path));
    }""", wanted)
    assert not any(kept(page, path) for path in unread)
    page.context.set_offline(True)
    page.goto(f"{site_url}ht/tutorial/")
    start(page)
    expect(page.locator('#demo .demo-hand .demo-tile').first).to_be_visible()
    page.goto(f"{site_url}play/")
    demo = page.locator("#demo")
    demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)
    # back online, a page in a language met for the first time: its words are kept for its apps offline
    page.context.set_offline(False)
    page.goto(f"{site_url}sq/glossary/")
    wait_until(page, IS_KEPT, "assets/i18n/sq.json")
    assert not kept(page, "assets/i18n/su.json")


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


def rewrite(path, text: str) -> None:
    """Replaces a file of a hard-linked copy of the site (never the built site itself) and its precompressed
    siblings, which would otherwise still be served."""
    for stale in (path, path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")):
        stale.unlink(missing_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_new_build_takes_over_on_the_next_visit_and_never_mixes_with_the_old(context, built_site, tmp_path,
                                                                                 expect_console_error):
    expect_console_error(r"favicon")
    site = tmp_path / "site"
    shutil.copytree(built_site, site, copy_function=os.link)
    server, url = serve_in_background(site, quiet=True)
    try:
        page = context.new_page()
        page.goto(f"{url}sq/chicken-foot/")
        controlled(page)
        page.reload()  # through the worker, which keeps the page
        heading = page.locator("article h1").inner_text()
        old_caches = page.evaluate("caches.keys()")
        # a new build changes the page (and so the worker's list of revisions)
        html = site / "sq" / "chicken-foot" / "index.html"
        rewrite(html, re.sub(r"(<h1[^>]*>)", r"\1New build: ", html.read_text(encoding="utf-8"), count=1))
        for name in ("sw.js", "sw.js.br", "sw.js.gz"):
            (site / name).unlink(missing_ok=True)
        write_service_worker(site)
        # this visit: the old worker answers from the old build, and the new one installs and waits
        page.reload()
        expect(page.locator("article h1")).to_have_text(heading)
        wait_until(page, "async () => !!(await navigator.serviceWorker.getRegistration())?.waiting")
        page.close()
        # the next visit: with no page of the site open, the waiting worker activates (the browser does that a
        # moment after the last page closes; a visit in that moment is still the old build's, whole)
        page = context.new_page()
        page.goto(f"{url}sq/chicken-foot/", timeout=90_000)
        for _ in range(20):
            if page.locator("article h1").inner_text() != heading:
                break
            page.close()
            time.sleep(0.5)
            page = context.new_page()
            page.goto(f"{url}sq/chicken-foot/", timeout=90_000)  # a loaded machine may be slow to activate
        expect(page.locator("article h1")).to_have_text("New build: " + heading)
        wait_until(page, "async (old) => { const now = await caches.keys();"
                         " return now.length === 1 && !old.includes(now[0]); }", old_caches)
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("article h1")).to_have_text("New build: " + heading)
        page.context.set_offline(False)
        page.close()
    finally:
        server.shutdown()


WORKER_SAYS_KEPT = """([language, app]) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data.kept);
    navigator.serviceWorker.controller.postMessage({ type: "is-kept", language, app }, [channel.port2]);
})"""


def test_start_says_kept_on_this_device_once_a_start_is_kept_and_the_download_before(page, site_url):
    page.goto(f"{site_url}sq/tutorial/")
    controlled(page)
    page.reload()  # through the worker, which keeps nothing of the runtime yet
    size = page.locator("#demo .demo__start .demo__size")
    expect(size).not_to_have_attribute("data-kept", "true")
    expect(size).to_have_text(re.compile(r"^\d+,\d MB$"))  # the download, as Albanian writes it
    start(page)
    wait_until(page, IS_KEPT, "pyodide.asm.wasm")
    wait_until(page, WORKER_SAYS_KEPT, ["sq", "tutorial"])  # the worker keeps the rest in the background
    page.reload()
    expect(size).to_have_attribute("data-kept", "true")
    expect(size).to_have_text(uistrings.translate("kept on this device", "sq"))
    # offline too
    page.context.set_offline(True)
    page.reload()
    expect(size).to_have_attribute("data-kept", "true")
    page.context.set_offline(False)


# Presses Start and, until the start ends, looks every 25 ms whether the worker's cache holds the WebAssembly
START_WATCHING_THE_CACHE = f"""async () => {{
    const isKept = {IS_KEPT};
    const root = document.getElementById("demo");
    root.querySelector(".demo__start").click();
    let keptWhileStarting = false;
    while (!["ready", "error"].includes(root.dataset.state)) {{
        keptWhileStarting ||= await isKept("pyodide.asm.wasm");
        await new Promise((resolve) => setTimeout(resolve, 25));
    }}
    return {{ state: root.dataset.state, keptWhileStarting }};
}}"""


def test_a_start_not_kept_fetches_the_runtime_past_the_worker_which_keeps_it_once_the_start_is_done(page, site_url):
    # Copied into the cache on its way, the runtime cost a cold start about 0.4 s of a two-core machine
    # (sw.js): the worker lets the browser fetch it, and keeps it from the HTTP cache after the start.
    page.goto(f"{site_url}tutorial/")
    controlled(page)
    page.reload()  # the page, and the engine's worker it starts, are the service worker's clients
    expect(page.locator("#demo .demo__start")).to_be_visible()
    started = page.evaluate(START_WATCHING_THE_CACHE)
    assert started == {"state": "ready", "keptWhileStarting": False}
    wait_until(page, WORKER_SAYS_KEPT, ["en", "tutorial"])
    page.context.set_offline(True)
    page.reload()
    start(page)
    page.context.set_offline(False)


NOT_KEPT = f"""async () => {{
    const isKept = {IS_KEPT};
    const urls = [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)]
        .filter((url) => new URL(url).origin === location.origin && !url.includes("favicon"));
    const missing = [];
    for (const url of urls) if (!(await isKept(new URL(url).pathname))) missing.push(url);
    return missing;
}}"""


def test_the_landing_page_of_a_first_visit_reads_offline_even_when_the_reader_moved_on_at_once(
        page, site_url, expect_console_error):
    expect_console_error(r"favicon")
    # the first page ever, left before the worker could keep it (it registers once the page has loaded)
    page.goto(f"{site_url}ht/chicken-foot/", wait_until="domcontentloaded")
    heading = uistrings.translate("Chicken Foot", "ht")
    with page.expect_navigation():
        page.evaluate("(url) => { location.href = url; }", f"{site_url}ht/variants/")  # a link, before load
    assert page.evaluate("document.referrer").endswith("/ht/chicken-foot/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # this page may stay uncontrolled
    wait_until(page, IS_KEPT, "/ht/chicken-foot/")
    wait_until(page, NOT_KEPT, done=lambda missing: not missing)  # names the files not kept
    page.context.set_offline(True)
    page.goto(f"{site_url}ht/chicken-foot/")
    expect(page.locator("article h1")).to_contain_text(heading)
    expect(page.locator("[data-offline-page]")).to_have_count(0)
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"


def test_an_unvisited_page_offline_shows_the_sites_own_page_in_its_language_with_links_to_what_is_kept(
        page, site_url, expect_console_error):
    expect_console_error(r"favicon|ERR_INTERNET_DISCONNECTED|503")
    page.goto(f"{site_url}su/chicken-foot/")
    controlled(page)
    wait_until(page, IS_KEPT, "/su/chicken-foot/")
    page.goto(f"{site_url}sq/")
    wait_until(page, IS_KEPT, "/sq/")
    albanian_title = page.title()
    page.context.set_offline(True)
    for url, language, first in ((f"{site_url}sq/variants/", "sq", "/sq/"),
                                 (f"{site_url}su/glossary/", "su", "/su/chicken-foot/"),
                                 (f"{site_url}ht/no-such-page/", "ht", None)):
        page.goto(url)
        offline = page.locator("[data-offline-page]")
        expect(offline).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == language
        expect(offline.locator("h1")).to_have_text(uistrings.translate(OFFLINE_WORDS["title"], language))
        hrefs = offline.locator("li a").evaluate_all("as => as.map((a) => a.getAttribute('href'))")
        assert sorted(hrefs) == ["/sq/", "/su/chicken-foot/"]
        if first:  # the pages of the reader's language come first
            assert hrefs[0] == first
    page.goto(f"{site_url}sq/variants/")
    link = page.locator("[data-offline-page] li a").first
    expect(link).to_have_text(albanian_title)  # each kept page under its own title
    link.click()
    expect(page).to_have_title(albanian_title)


ENGINE_READY = """async () => performance.getEntriesByName("demo:ready").length > 0"""


def test_after_a_game_the_score_keeper_starts_the_kept_engine_on_arrival_and_a_sheet_opens_without_a_wait(
        page, site_url):
    # issue 18: the game and the score keeper each started the engine again; a kept engine costs no data, so
    # the score keeper starts it as soon as it arrives, while the reader types the names
    page.goto(f"{site_url}play/")
    controlled(page)
    page.reload()
    start(page)
    wait_until(page, IS_KEPT, "pyodide.asm.wasm")
    wait_until(page, WORKER_SAYS_KEPT, ["en", "play"])
    page.goto(f"{site_url}scores/")
    demo = page.locator("#demo")
    wait_until(page, ENGINE_READY)  # nothing clicked yet
    expect(demo).to_have_attribute("data-view", "setup")
    for seat, name in enumerate(("Ana", "Ben", "Cy", "Dee")):
        demo.locator(f"#scores-name-{seat}").fill(name)
    demo.locator(".scores-start").click()
    expect(demo).to_have_attribute("data-view", "sheet", timeout=5_000)
