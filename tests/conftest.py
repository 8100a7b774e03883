"""Shared test harness: the built site served locally, and Playwright driving the system Chromium.

Every browser test fails on any console error, any uncaught page error, and any request that leaves the
local server (the request is aborted first): the site must work offline and never send a reader's visit
to a third party. A test that provokes an error on purpose declares it with ``expect_console_error``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
# SITE_DIR lets a developer test a private build while others rebuild site/.
SITE_DIR = Path(os.environ.get("SITE_DIR", ROOT / "site"))
sys.path.insert(0, str(ROOT / "scripts"))

from serve import serve_in_background  # noqa: E402  (scripts/ is not a package)
from scripts.sitebuild import project  # noqa: E402
from tool_paths import tool_path  # noqa: E402

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LANGUAGES = tuple(project.languages())  # the i18n plugin's list in mkdocs.yml


def chromium_path() -> str:
    """$CHROMIUM (set by `make test`), else whatever scripts/find-chromium.sh finds or installs."""
    return tool_path("CHROMIUM", "find-chromium.sh", "Chromium")


@pytest.fixture(scope="session")
def built_site() -> Path:
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail("site/ is not built: run the tests with `make test`, which builds it first.", pytrace=False)
    return SITE_DIR


@pytest.fixture(scope="session")
def site_server(built_site):
    """The built site on a free 127.0.0.1 port, served exactly as `make serve` serves it."""
    server, url = serve_in_background(built_site, quiet=True)
    yield server, url
    server.shutdown()


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    return site_server[1]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_FLAGS,
            "headless": True}


class PageGuard:
    """Collects what a browser test must not produce: console errors, page errors, outside requests."""

    def __init__(self, allowed_origin: str) -> None:
        self.allowed_origin = allowed_origin
        self.problems: list[str] = []
        self.expected: list[re.Pattern[str]] = []

    def is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return True
        return parts.hostname in ("127.0.0.1", "localhost", "::1")

    def route(self, route) -> None:
        url = route.request.url
        if self.is_local(url):
            try:
                route.continue_()
            except PlaywrightError as error:
                # A test's own page.route answered this request first (a fault it injects) and Playwright still
                # passed it on here, one run in hundreds (CI of 70517f9): an answered local request is no problem.
                if "already handled" not in error.message:
                    raise
        else:
            self.problems.append(f"request to a third party (aborted): {url}")
            route.abort()

    def on_console(self, message) -> None:
        if message.type == "error":
            self.record(f"console error: {message.text} ({message.location.get('url', '')})")

    def on_page_error(self, error) -> None:
        self.record(f"uncaught page error: {error}")

    def record(self, problem: str) -> None:
        if not any(pattern.search(problem) for pattern in self.expected):
            self.problems.append(problem)

    def watch(self, page) -> None:
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)


@pytest.fixture
def page_guard(site_url) -> PageGuard:
    return PageGuard(site_url)


@pytest.fixture
def context(context, page_guard):
    """pytest-playwright's context, with every request outside the local servers aborted and reported."""
    context.route("**/*", page_guard.route)
    context.on("page", page_guard.watch)
    return context


@pytest.fixture
def page(context, page_guard):
    page = context.new_page()
    yield page
    page.close()
    if page_guard.problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(page_guard.problems), pytrace=False)


@pytest.fixture
def expect_console_error(page_guard):
    """Declare an error a test provokes on purpose (a regular expression over the reported problem)."""

    def expect(pattern: str) -> None:
        page_guard.expected.append(re.compile(pattern))

    return expect


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if "page" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
