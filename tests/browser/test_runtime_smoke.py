"""The engine runs in the reader's browser: Pyodide and the engine wheel come from the site itself."""

from __future__ import annotations

from playwright.sync_api import expect


def test_tutorial_page_does_not_load_pyodide_until_start_is_pressed(page, site_url):
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{site_url}tutorial/")
    expect(page.locator("#demo")).to_have_attribute("data-state", "idle")
    assert not [url for url in requested if "/pyodide/" in url], requested


def test_start_runs_the_engine_in_pyodide_from_the_site_itself(page, site_url):
    served: list[str] = []
    page.context.on("request", lambda request: served.append(request.url))
    page.goto(f"{site_url}tutorial/")
    page.locator("#demo button").click()
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "ready", timeout=90_000)
    # The first lesson is set up by the engine inside Pyodide: its board and hand come from the engine.
    expect(demo).to_have_attribute("data-lesson", "cf-set")
    expect(demo.locator('.demo-table [data-tile="9-9"]')).to_be_attached()
    expect(demo.locator(".demo-hand .demo-tile")).to_have_count(7)
    assert any(url.endswith("/pyodide.asm.wasm") and url.startswith(site_url) for url in served), served
    assert any("/pyodide/engine-" in url and url.endswith(".whl") for url in served), served
