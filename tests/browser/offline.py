"""Headless Chromium kept off the network, for the browser tests of static pages.

`offline_page(new_context(browser), allowed)` opens a tab that may load file://, data: and the
given URL prefixes (a server the test started) and records every other request it makes, so a
test can fail on any attempt to reach the network; Chromium itself resolves no host name but
localhost, so such a request fails too. Nothing is intercepted on its way (interception would
turn off Chromium's cache, and every page would parse the theme's 2 MB of scripts afresh), so
tabs opened in one context load the book's shared files once.
Importing this module skips the importing test module (every browser test imports it,
JupyterLab's too): without HANDAGENT_BROWSER_TESTS=1, or without Chromium (a failure in CI).
"""

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = Path(os.environ.get("HANDAGENT_CHROMIUM", "/usr/bin/chromium"))
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",  # ours only
]

if os.environ.get("HANDAGENT_BROWSER_TESTS") != "1":
    pytest.skip("browser tests run with `make test-browser`", allow_module_level=True)
if not CHROMIUM.exists():
    reason = (
        f"browser tests skipped: no Chromium at {CHROMIUM}; enable them with "
        "`sudo apt-get install chromium` (Debian/Ubuntu) or set HANDAGENT_CHROMIUM"
    )
    if os.environ.get("CI"):
        pytest.fail(reason.replace("skipped", "cannot run in CI"), pytrace=False)
    pytest.skip(reason, allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402  (after the skip)


@contextmanager
def chromium():
    """Debian's Chromium, driven by playwright (a fresh, empty profile each launch)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()


def new_context(browser: Browser, javascript: bool = True) -> BrowserContext:
    """A fresh context (its own cache and storage) with the tests' window size."""
    return browser.new_context(
        viewport={"width": 1280, "height": 900}, java_script_enabled=javascript
    )


def offline_page(context: BrowserContext, allowed: tuple[str, ...] = ()):
    """A new tab in `context`, and the list of requests it made to anything but file://, data:
    and `allowed`: each one failed, and a test asserts the list is empty."""
    page, blocked = context.new_page(), []

    def seen(request) -> None:
        if not request.url.startswith(("file://", "data:", *allowed)):
            blocked.append(request.url)

    page.on("request", seen)
    return page, blocked


def screenshot(page: Page, name: str, full: bool = False) -> Path:
    """Save a PNG of the page under artifacts/screenshots/ and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=path, full_page=full)
    return path
