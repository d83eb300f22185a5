"""Click a real headless Chromium through Selenium 4 and Debian's chromium-driver (the order sheet's tests).

`tests/browser.py` loads a page and reads its DOM; a page that is used (click a unit, then a hex)
needs a driver. Selenium talks to `chromedriver` from Debian's `chromium-driver` package, named
explicitly so Selenium never tries to fetch a driver of its own. Missing either binary fails the
test with the command that installs it (`.ci/run` installs both): never silently skipped.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.browser import find_chromium

DRIVER_ENV = "CAMPAIGN_CHROMEDRIVER"
"""Path of a chromedriver to use instead of the one on PATH."""


def find_driver() -> str:
    explicit = os.environ.get(DRIVER_ENV)
    if explicit:
        return explicit
    found = shutil.which("chromedriver")
    if found:
        return found
    pytest.fail(
        "the order sheet's browser tests need chromedriver, which is not installed. On Debian or Ubuntu run"
        " (as root):\n    apt-get update -qq && apt-get install -y -qq chromium chromium-driver\n"
        f"or point {DRIVER_ENV} at a chromedriver matching your Chromium.",
        pytrace=False,
    )


@contextmanager
def chromium(*, width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A headless Chromium under Selenium, with a throw-away profile; quit on leaving."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = find_chromium()
    with tempfile.TemporaryDirectory(prefix="campaign-selenium-") as profile:
        for flag in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            f"--window-size={width},{height}",
        ):
            opts.add_argument(flag)
        driver = webdriver.Chrome(options=opts, service=Service(executable_path=find_driver()))
        try:
            yield driver
        finally:
            driver.quit()


def open_page(driver: Any, path: Path) -> None:
    """Load a file and wait until the sheet's script says it is ready."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(path.resolve().as_uri())
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.documentElement.dataset.ready"))
