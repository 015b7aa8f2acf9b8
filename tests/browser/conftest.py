"""The viewer in a real browser: Debian's chromium driven by selenium through Debian's
chromedriver (named explicitly, so selenium-manager never runs or downloads anything),
against a live gunicorn. `make test` installs the two packages when they are missing.

Screenshots land in artifacts/browser/ (git-ignored): look at them after a run.
"""

from __future__ import annotations

import json
import tempfile
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.wait import WebDriverWait

from tests.conftest import ROOT
from tests.ops.conftest import gunicorn

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
NETWORK_SCHEMES = ("http:", "https:", "ws:", "wss:", "ftp:")
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--lang=en-US",
    "--window-size=1400,1300",
)
WAIT_SECONDS = 15
# The seats as players name them, in the API's seat order: seat 0 at the bottom of the table,
# the next seats clockwise (the page's layout of seats numbered in turn order, RULES.md).
SEAT_NAMES = {"en": ("South", "West", "North", "East"), "fr": ("Sud", "Ouest", "Nord", "Est")}


def seat_name(seat: int, lang: str = "en") -> str:
    """A seat as the page names it: "South (0)", "Ouest (1)"."""
    return f"{SEAT_NAMES[lang][seat]} ({seat})"


# A hand as players hold it (RULES.md's card orders, highest first): by suit, the trump's first
# and then the colours alternating (♠ ♥ ♣ ♦ from the trump on), trump order in the trump suits.
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
SUIT_CYCLE = "SHCD"


def as_held(hand: list[str], trumps: str = "") -> list[str]:
    """`hand` laid out as the page shows it; `trumps`: the suits in trump order ("" in sans-atout,
    "SHDC" in tout-atout, else the trump suit)."""
    first = SUIT_CYCLE.index(trumps) if len(trumps) == 1 else 0
    suits = SUIT_CYCLE[first:] + SUIT_CYCLE[:first]

    def place(card: str) -> tuple[int, int]:
        rank, suit = card[:-1], card[-1]
        order = TRUMP_ORDER if suit in trumps else PLAIN_ORDER
        return suits.index(suit), order.index(rank)

    return sorted(hand, key=place)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    with gunicorn(workers=1) as (_, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def capped_server() -> Iterator[str]:
    """A second service whose every search stops at 1 ms (ANALYSIS_BUDGET_CAP_MS), whatever
    budget it is asked for: a solve from the first lead, some hundred thousand positions,
    always answers bounds there, the longest budget included."""
    with gunicorn(workers=1, ANALYSIS_BUDGET_CAP_MS="1") as (_, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def browser() -> Iterator[WebDriver]:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.fail("Debian's chromium and chromium-driver are needed: `make test` installs them")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    with tempfile.TemporaryDirectory(prefix="viewer-profile-") as profile:
        for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        # The console and every network event, read back by `Page.assert_clean`.
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        driver = webdriver.Chrome(
            service=Service(executable_path=str(CHROMEDRIVER)), options=options
        )
        try:
            yield driver
        finally:
            driver.quit()


@dataclass
class Page:
    """The viewer open in the browser, with what a test needs to drive and read it."""

    driver: WebDriver
    origin: str
    requested: list[str] = field(default_factory=list)

    def open(self, fragment: str = "") -> None:
        """The viewer afresh, with `fragment` ("#lang=fr&...") in its URL."""
        self.driver.get("about:blank")  # a new document, even when only the fragment differs
        self.driver.get(f"{self.origin}/viewer{fragment}")
        self.wait(lambda: self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

    def wait(self, condition: Callable[[], Any]) -> Any:
        # An element the page re-renders while the condition reads it is stale: not yet.
        waiting = WebDriverWait(
            self.driver, WAIT_SECONDS, ignored_exceptions=(StaleElementReferenceException,)
        )
        return waiting.until(lambda _: condition())

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, css: str) -> str:
        return self.find(css).text

    def paste(self, record: dict[str, Any]) -> None:
        """Write a record in the text area as an arbiter pastes it, and show it."""
        area = self.find("#record")
        area.clear()
        self.driver.execute_script(
            "arguments[0].value = arguments[1]", area, json.dumps(record, indent=1)
        )
        area.send_keys(" ")  # an edit from the keyboard, as after a paste
        self.find("#show").click()

    def step(self) -> tuple[int, int] | None:
        """(card shown, cards in the record), read from the stepper; None while hidden."""
        label = self.text("#step-label")
        numbers = [int(word) for word in label.replace("·", " ").split() if word.isdigit()]
        return (numbers[0], numbers[1]) if numbers else None

    def api(self, path: str, body: Any, lang: str = "en") -> Any:
        """The service's own answer, asked directly, to compare with what the page shows."""
        request = urllib.request.Request(
            f"{self.origin}{path}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Accept-Language": lang},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def record_analysis(self, *parts: str) -> None:
        """From now on, keep each analysis request's body and answer (or those whose path
        holds one of `parts`) in `window.asked` (read back by `analysis_asked`): what the page
        was told, to compare with what it shows."""
        self.driver.execute_script(
            """
            window.asked = [];
            const parts = arguments[0];
            const original = window.fetch;
            window.fetch = async (path, init) => {
              const response = await original(path, init);
              if (parts.some((part) => String(path).includes(part))) {
                const copy = response.clone();
                const json = (copy.headers.get("Content-Type") ?? "").includes("json");
                const answer = json ? await copy.json() : await copy.text();
                window.asked.push({ path: String(path), body: JSON.parse(init.body), answer });
              }
              return response;
            };
            """,
            list(parts or ("/analysis/",)),
        )

    def analysis_asked(self) -> list[dict[str, Any]]:
        return self.driver.execute_script("return window.asked")

    def contract(self) -> dict[str, Any]:
        with urllib.request.urlopen(f"{self.origin}/openapi.json", timeout=10) as response:
            return json.load(response)

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.driver.save_screenshot(str(path))
        return path

    def show_picture(self, svg: str, name: str) -> tuple[float, float]:
        """An SVG picture of the service's, kept in the artifacts as `name`.svg, opened in the
        browser (which leaves the viewer) and screenshot whole: its drawn width and height."""
        root = ET.fromstring(svg)  # well-formed XML, or this raises
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.svg"
        path.write_text(svg)
        self.driver.get(path.as_uri())
        width, height = self.driver.execute_script(
            "const box = document.documentElement.getBBox(); return [box.width, box.height]"
        )
        self.driver.set_window_size(820, int(root.get("height", "0")) + 140)
        self.screenshot(f"{name}-svg")
        self.driver.set_window_size(1400, 1300)
        return width, height

    def assert_clean(self, expected_errors: tuple[str, ...] = ()) -> None:
        """No error in the console but the `expected_errors` (substrings), and no request
        made outside the service's origin, since the last check."""
        errors = [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE"
            and not any(expected in entry["message"] for expected in expected_errors)
        ]
        assert errors == []
        # Only what goes over the network counts: the browser's own chrome:// resources (which
        # it may load for itself on a loaded machine), data: and blob: URLs reach no origin.
        foreign = [
            url
            for url in self.requests()
            if url.startswith(NETWORK_SCHEMES) and not url.startswith(f"{self.origin}/")
        ]
        assert foreign == []

    def requests(self) -> list[str]:
        """Every URL the browser has asked for since the page was opened."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                self.requested.append(message["params"]["request"]["url"])
        return self.requested


def open_page(browser: WebDriver, origin: str) -> Page:
    browser.get_log("browser")  # what earlier tests left
    browser.get_log("performance")
    viewer = Page(browser, origin)
    viewer.open()
    return viewer


@pytest.fixture
def page(browser: WebDriver, server: str) -> Page:
    return open_page(browser, server)


@pytest.fixture
def capped_page(browser: WebDriver, capped_server: str) -> Page:
    return open_page(browser, capped_server)
