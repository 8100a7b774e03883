"""A second start restores the Python memory snapshot the first one kept on the device (docs/assets/demo/
snapshot.js), and the engine answers; a corrupt kept snapshot (not this runtime's, or not even packed) falls
back to a normal start and is removed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

START_TIMEOUT = 90_000
CACHE = "python-snapshot"

pytestmark = pytest.mark.browser_context_args(service_workers="block")  # the Cache API is the worker's own


def start(page, site_url: str) -> dict[str, bool]:
    """Opens the tutorial, presses Start, waits for its first screen; which worker steps were reached."""
    page.goto(f"{site_url}ht/tutorial/")
    demo = page.locator("#demo")
    demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)
    expect(demo.locator(".demo-hand .demo-tile")).to_have_count(7)  # the engine dealt the first lesson
    return page.evaluate("""() => Object.fromEntries(["snapshot restored", "Python up", "engine imported"].map(
        (name) => [name, performance.getEntriesByName(`demo:worker:${name}`).length > 0]))""")


def kept(page) -> list[dict]:
    return page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        return Promise.all((await cache.keys()).map(async (request) =>
            ({ url: request.url, size: (await (await cache.match(request)).arrayBuffer()).byteLength })));
    }""", CACHE)


def wait_until_kept(page, not_size: int | None = None) -> dict:
    """The one kept snapshot, once the worker has kept it (a few seconds after the first screen)."""
    for _ in range(60):
        entries = [entry for entry in kept(page) if entry["size"] != not_size]
        if entries:
            (entry,) = entries
            return entry
        page.wait_for_timeout(500)
    raise AssertionError(f"no snapshot kept: {kept(page)}")


def restored_worker_asks_for_a_lesson(page, site_url: str) -> dict:
    """A worker of its own on the page, started (from the kept snapshot), asked for the lesson in play."""
    return page.evaluate("""async (siteUrl) => {
        const { EngineClient } = await import(new URL("assets/demo/protocol.js", siteUrl).href);
        const worker = new Worker(new URL("assets/demo/worker.js", siteUrl), { type: "module" });
        const engine = new EngineClient(worker);
        let steps = {};
        await engine.start((progress) => { if (progress.steps) steps = progress.steps; });
        const restored = "snapshot restored" in steps;
        try {
            await engine.lessonView({});
            return { restored, lesson_view: "answered" };
        } catch (error) {
            return { restored, lesson_view: error.code };
        } finally {
            worker.terminate();
        }
    }""", site_url)


def test_a_second_start_restores_the_kept_snapshot_and_a_corrupt_one_falls_back_and_is_removed(
        page, site_url, expect_console_error):
    first = start(page, site_url)
    assert first == {"snapshot restored": False, "Python up": True, "engine imported": True}
    entry = wait_until_kept(page)
    assert 1_000_000 < entry["size"] < 20_000_000, entry  # its pages that are not all zeros, not the raw 31 MB

    second = start(page, site_url)
    assert second == {"snapshot restored": True, "Python up": False, "engine imported": False}
    # The snapshot was taken after the first screen's calls: a restored worker holds no lesson of theirs.
    assert restored_worker_asks_for_a_lesson(page, site_url) == {"restored": True, "lesson_view": "no-lesson"}

    # A kept snapshot that unpacks but is not a snapshot of this runtime: the restore throws.
    expect_console_error(r"[Ss]napshot|magic|Aborted|RuntimeError|memory")
    corrupt_size = page.evaluate("""async ([name, url, siteUrl]) => {
        const { packPages } = await import(new URL("assets/demo/snapshot.js", siteUrl).href);
        const body = packPages(new Uint8Array(64 * 1024).map((_, i) => (i * 7919) & 255));
        await (await caches.open(name)).put(url, new Response(body));
        return body.length;
    }""", [CACHE, entry["url"], site_url])
    third = start(page, site_url)
    assert third == {"snapshot restored": False, "Python up": True, "engine imported": True}
    assert all(item["size"] != corrupt_size for item in kept(page))  # the corrupt one is gone
    assert wait_until_kept(page, not_size=corrupt_size)["size"] > 1_000_000  # and a good one kept again

    # A kept snapshot that is not even packed (snapshot.js: packPages): unpacking refuses it. The start goes
    # the normal way too, and the bad one is removed.
    page.evaluate("""async ([name, url]) => {
        await (await caches.open(name)).put(url, new Response(new Uint8Array(4096).fill(42)));
    }""", [CACHE, entry["url"]])
    assert [item["size"] for item in kept(page)] == [4096]
    fourth = start(page, site_url)
    assert fourth == {"snapshot restored": False, "Python up": True, "engine imported": True}
    assert all(item["size"] != 4096 for item in kept(page))
