"""The problem types' pages in a real browser: each one a problem's `type` leads to, styled by
its own stylesheet under the Content-Security-Policy (no console error), in English, and in
French from the link at its top."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from service.api.problems import TYPED_KINDS
from tests.browser.conftest import Page


def test_a_problems_type_opens_its_page_and_its_french_twin(
    browser: WebDriver, server: str
) -> None:
    browser.get_log("browser")
    browser.get_log("performance")
    shown = Page(browser, server)
    request = urllib.request.Request(
        f"{server}/v1/legal-moves", data=b"{", headers={"Content-Type": "application/json"}
    )
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as refused:
        problem = json.load(refused)
    assert problem["type"] == "/problems/malformed-json"
    for kind in TYPED_KINDS:
        browser.get(f"{server}/problems/{kind.name}")
        assert browser.find_element(By.TAG_NAME, "h1").text == kind.title("en")
        # The stylesheet applied: the CSP let the page's own one in.
        width = browser.execute_script("return getComputedStyle(document.body).maxWidth")
        assert width != "none"
        browser.find_element(By.LINK_TEXT, "Français").click()
        shown.wait(lambda kind=kind: shown.find("h1").text == kind.title("fr"))
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
        shown.screenshot(f"problem-{kind.name}-fr")
    shown.assert_clean()
