"""The screens the browser tests read the site on, and a fixture that opens a page on one of them.

A driver module, imported by name (``from screens import PHONE, open_page``), not through a conftest: a
whole run's other folders have conftests of their own, and an import from "conftest" can find the wrong one.
A test module that imports ``open_page`` has the fixture (pytest finds fixtures among a module's names).
"""

from __future__ import annotations

import pytest

# a phone as readers hold it: 360x740 CSS px, touch, two device pixels to a CSS pixel
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
# the same phone with one device pixel to a CSS pixel: screenshots the size of the screen readers see
PHONE_1X = {**PHONE, "device_scale_factor": 1}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}


@pytest.fixture
def open_page(browser, page_guard):
    """open_page(screen) → a page on a phone ("phone") or a wide screen ("desktop"), in a browser context of
    its own, watched like every browser test (the test fails on what the page guard saw)."""
    contexts = []

    def open_on(screen: str):
        context = browser.new_context(**SCREENS[screen])
        context.route("**/*", page_guard.route)
        context.on("page", page_guard.watch)
        contexts.append(context)
        return context.new_page()

    yield open_on
    for context in contexts:
        context.close()
    if page_guard.problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(page_guard.problems), pytrace=False)
