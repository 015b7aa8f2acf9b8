"""The viewer on a phone, 390 x 844 CSS px (issue 31, item 3), in chromium: the value graph's
text at 10 px or more, no panel (nor the page) to scroll sideways, all four suits in the
header; in both languages, with the review, the solve and Teach me shown; and the review from
the seats and an auction, which fit it too (issue 49, item 3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.browser.conftest import Page
from tests.browser.test_viewer_review import REVIEWED, TAKERS_RENONCE, points

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
LEAST_TEXT_PX = 10

# What is measured, once the page is laid out: the graph's smallest text as drawn (its font
# size times the SVG's scale on screen), the page's width against the screen's, each panel's
# (and each element that scrolls inside one) content width against its box, the header's
# suits (no graph shown: no text measured).
MEASURE = """
const graph = document.querySelector(".value-graph");
const scale = graph ? graph.getScreenCTM().a : 1;
const sizes = [...(graph ? graph.querySelectorAll("text") : [])]
  .filter((text) => text.getBBox().width > 0)
  .map((text) => parseFloat(getComputedStyle(text).fontSize) * scale);
const scrolls = (element) => getComputedStyle(element).overflowX !== "visible";
const wide = [...document.querySelectorAll(".panel, .panel *, .review-panel, .play-area")]
  .filter((element) => element.offsetParent !== null && scrolls(element))
  .filter((element) => element.clientWidth > 1) // not the visually hidden, read but not seen
  .filter((element) => element.scrollWidth > element.clientWidth + 1)
  .map((element) => `${element.id || element.className}: ${element.scrollWidth}`);
const outside = [...document.querySelectorAll(".panel, .review-panel")]
  .filter((panel) => panel.offsetParent !== null)
  .filter((panel) => panel.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map((panel) => panel.id || panel.className);
return {
  smallest: Math.min(...sizes),
  texts: sizes.length,
  page: [document.scrollingElement.scrollWidth, window.innerWidth],
  wide,
  outside,
  suits: getComputedStyle(document.querySelector(".top h1"), "::before").content,
};
"""


@pytest.fixture
def phone(page: Page) -> Iterator[Page]:
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        page.open()
        yield page
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def everything_shown(page: Page, record: dict[str, Any]) -> None:
    """The record shown at its sixth card, reviewed, solved, with Teach me on."""
    page.paste(record)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#review-run").click()
    page.wait(lambda: len(points(page)) == 33)
    page.find("body").send_keys(*[Keys.ARROW_RIGHT] * 6)
    page.wait(lambda: page.step() == (6, 32))
    page.find("#solve").click()
    page.wait(lambda: page.find_all("#analysis-result table.moves"))
    page.find("#teach").click()
    page.wait(lambda: page.find_all("#teach-result table.teach-table"))


def measured(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.driver.execute_script(MEASURE)
    return result


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_phone_the_graph_reads_nothing_scrolls_sideways_and_the_suits_show(
    phone: Page, lang: str
) -> None:
    page = phone
    if lang == "fr":
        page.find("#lang-fr").click()
        page.wait(lambda: page.text("h1") == "Visionneuse de donnes")
    everything_shown(page, TAKERS_RENONCE)
    figures = measured(page)
    assert figures["texts"] > 10  # the ticks, the tricks, the axis, the marks
    assert figures["smallest"] >= LEAST_TEXT_PX, figures
    page_width, view_width = figures["page"]
    assert page_width <= view_width
    assert figures["wide"] == []  # no panel, nor anything in one, scrolls sideways
    assert figures["outside"] == []
    assert all(suit in figures["suits"] for suit in "♠♥♦♣"), figures["suits"]
    page.driver.execute_script("document.getElementById('review').scrollIntoView()")
    page.screenshot(f"the-review-on-a-phone-{lang}")
    page.driver.execute_script("document.getElementById('analysis').scrollIntoView()")
    page.screenshot(f"the-analysis-on-a-phone-{lang}")
    page.assert_clean()


def test_the_graph_is_drawn_again_at_its_new_width_when_the_screen_turns(phone: Page) -> None:
    page = phone
    everything_shown(page, TAKERS_RENONCE)

    def drawn() -> list[float]:
        width: str = page.driver.execute_script(
            "return document.querySelector('.value-graph').getAttribute('viewBox')"
        )
        return [float(figure) for figure in width.split()]

    narrow = drawn()
    assert 300 <= narrow[2] <= 390
    page.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {**PHONE, "width": 844, "height": 390}
    )
    page.wait(lambda: drawn()[2] > 700)  # turned: drawn at its box's new width
    figures = measured(page)
    assert figures["smallest"] >= LEAST_TEXT_PX
    assert figures["page"][0] <= figures["page"][1]
    page.assert_clean()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_phone_each_player_from_the_seat_fits_the_screen(phone: Page, lang: str) -> None:
    page = phone
    if lang == "fr":
        page.find("#lang-fr").click()
        page.wait(lambda: page.text("h1") == "Visionneuse de donnes")
    page.paste(REVIEWED)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#review-seat").click()
    page.find("#review-run").click()
    table = page.wait(lambda: page.find_all("#review-result .seat-table"))[0]
    figures = measured(page)
    page_width, view_width = figures["page"]
    assert page_width <= view_width
    assert figures["wide"] == [] and figures["outside"] == []
    right = page.driver.execute_script("return arguments[0].getBoundingClientRect().right", table)
    assert right <= view_width
    # Stacked: each row its seat (or team), then each figure under its column's head.
    rows = page.find_all("#review-result .seat-table tr[data-seat], .seat-table tr[data-team]")
    assert len(rows) == 6
    heads = [cell.get_attribute("data-head") for cell in rows[0].find_elements(By.TAG_NAME, "td")]
    columns = page.find_all("#review-result .seat-table th[scope=col]")  # read, not seen
    shown = [head.get_attribute("textContent") for head in columns][1:]
    assert heads == shown and all(heads)
    page.driver.execute_script("arguments[0].scrollIntoView()", table)
    page.screenshot(f"each-player-from-the-seat-on-a-phone-{lang}")
    page.assert_clean()


def test_on_a_phone_the_coinche_example_and_its_auctions_fit_the_screen(phone: Page) -> None:
    page = phone
    page.find("#example-coinche").click()
    page.wait(lambda: page.step() == (0, 32))
    page.find("#teach").click()
    page.wait(lambda: page.find_all("#auction-result table.call-table"))
    page.find("#auction-calls").send_keys("pass 80♠ pass pass", Keys.ENTER)
    page.wait(lambda: page.find_all("#auction-result .auction-grid"))
    figures = measured(page)
    page_width, view_width = figures["page"]
    assert page_width <= view_width
    assert figures["wide"] == [] and figures["outside"] == []
    for grid in page.find_all(".auction-grid"):  # the record's, and the calls typed
        right = page.driver.execute_script(
            "return arguments[0].getBoundingClientRect().right", grid
        )
        assert right <= view_width
    page.driver.execute_script("document.getElementById('auction').scrollIntoView()")
    page.screenshot("the-coinche-example-on-a-phone")
    page.assert_clean()
