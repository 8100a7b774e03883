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
    expect(demo).to_have_attribute("data-state", "ready", timeout=60_000)
    # The answer is computed by the engine inside Pyodide: a double-nine set holds 55 tiles, 495 pips.
    answer = demo.locator(".demo__answer")
    expect(answer).to_have_attribute("data-tiles", "55")
    expect(answer).to_have_attribute("data-pips", "495")
    assert any(url.endswith("/pyodide.asm.wasm") and url.startswith(site_url) for url in served), served
    assert any("/pyodide/engine-" in url and url.endswith(".whl") for url in served), served
