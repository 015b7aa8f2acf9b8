"""The guide read from the disk, as the README says (`make docs`, then build/site/index.html):
its search answers with no server, and the pages ask nothing of another origin (mkdocs.yml's
offline plugin, with the worker's polyfill kept in docs/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.browser.conftest import Page
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The guide as `make docs` builds it, into a folder of its own (build/site is the
    developer's)."""
    folder = tmp_path_factory.mktemp("site")
    mkdocs = Path(sys.executable).with_name("mkdocs")
    command = [str(mkdocs), "build", "--strict", "--quiet", "--site-dir", str(folder)]
    subprocess.run(command, cwd=ROOT, check=True, env={"NO_MKDOCS_2_WARNING": "1"})
    return folder


def test_the_guide_searches_from_the_disk(browser: WebDriver, site: Path) -> None:
    browser.get_log("browser")
    browser.get_log("performance")
    shown = Page(browser, "file://")  # every request over the network is foreign
    browser.get((site / "index.html").as_uri())
    search = shown.find(".md-search__form .md-search__input")
    search.click()
    search.send_keys("renonce")
    shown.wait(lambda: shown.find_all(".md-search-result__item"))
    assert "matching document" in shown.text(".md-search-result__meta")
    first = shown.find(".md-search-result__item a").get_attribute("href") or ""
    assert first.startswith(site.as_uri() + "/") and ".html" in first
    shown.screenshot("guide-search-from-the-disk")
    browser.find_element(By.CSS_SELECTOR, ".md-search-result__item a").click()
    shown.wait(lambda: browser.current_url.startswith(first.partition("#")[0]))
    shown.assert_clean()
