"""The viewer's review (issue 20, item 2), in chromium: the value graph along the deal, its
points named and stepping the deal by click and keyboard, and the table per player."""

from __future__ import annotations

import json
import urllib.request
import xml.etree.ElementTree as ET
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement

from tests.api.test_render import EXAMPLE
from tests.browser.conftest import Page, seat_name
from tests.browser.test_viewer import COINCHE

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "renonce": "R"}
# The example's hands in hearts, taken by seat 1 (team 1) and played without a renonce by a
# table taking a legal card at random (the replay's `legal`, the (5 k)-th at play k): the
# value swings across the contract's line, blunder after blunder.
REVIEWED: dict[str, Any] = {
    "dealer": 3,
    "trump": "H",
    "taker": 1,
    "plays": [
        *("KS", "8S", "JS", "7S"),
        *("JC", "7C", "10C", "AC"),
        *("8H", "9H", "AH", "JH"),
        *("10H", "KH", "QH", "7H"),
        *("8D", "QD", "9S", "JD"),
        *("10S", "QS", "KD", "KC"),
        *("10D", "8C", "9D", "9C"),
        *("7D", "AS", "AD", "QC"),
    ],
    "hands": EXAMPLE["hands"],
}


def short(card: str) -> str:
    return f"{card[:-1]}{SYMBOLS[card[-1]]}"


def points(page: Page) -> list[WebElement]:
    return page.find_all(".value-graph .point")


def focused_step(page: Page) -> str | None:
    return page.driver.execute_script("return document.activeElement.dataset.step ?? null")


def show_review(page: Page, record: dict[str, Any]) -> None:
    page.paste(record)
    page.wait(lambda: page.step() == (0, 32))
    page.record_analysis("/analysis/review")
    assert page.find("#review").is_displayed()
    page.find("#review-run").click()
    page.wait(lambda: len(points(page)) == 33)


def test_the_graph_draws_the_takers_points_after_every_card_and_steps_the_deal(
    page: Page,
) -> None:
    review = page.api("/v1/analysis/review", REVIEWED)
    assert review["exact"] and review["renonce"] is None
    show_review(page, REVIEWED)
    ((asked,),) = [page.analysis_asked()]
    assert (asked["path"], asked["body"]) == ("/v1/analysis/review", REVIEWED)
    plays = review["plays"]
    values = [plays[0]["before"]["points"][1]] + [play["after"]["points"][1] for play in plays]

    shown = points(page)
    assert shown[0].get_attribute("aria-label") == (
        f"Before the first card: with perfect play from there, the takers end with {values[0]} "
        "card points."
    )
    assert shown[5].get_attribute("aria-label") == (  # as docs/viewer.md quotes it
        "Card 5, South (0): jack of clubs. With perfect play from there, the takers end with 89 "
        "card points. Blunder, 58 points lost. It changed the outcome of the deal."
    )
    for k, (point, play) in enumerate(zip(shown[1:], plays, strict=True), 1):
        name = point.get_attribute("aria-label")
        assert point.get_attribute("role") == "button"
        assert name.startswith(f"Card {k}, {seat_name(play['seat'])}: ")
        assert f"the takers end with {values[k]} card points" in name
        classes = point.get_attribute("class").split()
        symbol = point.find_elements(By.CSS_SELECTOR, ".symbol")
        if play["label"] == "best":
            assert [c for c in classes if c.startswith("label-")] == [] and symbol == []
        else:
            assert f"label-{play['label']}" in classes
            assert [s.text for s in symbol] == [MARKS[play["label"]]]
            assert f"{play['label'].capitalize()}, {play['loss']} points lost" in name
        assert ("decisive" in classes) == play["decisive"]
        assert ("It changed the outcome of the deal." in name) == play["decisive"]
    # Higher on the graph is more points for the takers, each value at one height.
    heights = [float(p.find_element(By.CSS_SELECTOR, ".dot").get_attribute("cy")) for p in shown]
    by_value = {
        value: {h for v, h in zip(values, heights, strict=True) if v == value} for value in values
    }
    assert all(len(placed) == 1 for placed in by_value.values())
    ordered = [by_value[value].pop() for value in sorted(by_value)]
    assert ordered == sorted(ordered, reverse=True)
    # RULES.md: without a belote (KH and QH are in two hands), 82 is made and 81 a litige.
    assert page.text(".value-graph .line-text") == "82"
    assert "the contract's line, made from 82, litige at 81: above it, the contract is made" in (
        page.text("#review-result .legend")
    )
    assert page.text("#review-result .line-sentence") == (
        "The takers, team 1, make their contract with 82 card points or more; with 81 it is a "
        "litige."
    )
    # Each label's losses, as GET /v1/rules states the thresholds.
    with urllib.request.urlopen(f"{page.origin}/v1/rules", timeout=10) as response:
        least = {
            entry["label"]: entry["least_loss"] for entry in json.load(response)["review"]["labels"]
        }
    legend = page.text("#review-result .legend")
    assert (
        f"inaccuracy: {least['inaccuracy']} to {least['mistake'] - 1} points given away" in legend
    )
    assert f"mistake: {least['mistake']} to {least['blunder'] - 1} points given away" in legend
    assert f"blunder: {least['blunder']} points or more given away" in legend
    decisive = ", ".join(f"{short(plays[k]['card'])} (card {k + 1})" for k in review["decisive"])
    assert (
        page.text("#review-result .decisive-list") == f"Cards that changed the outcome: {decisive}."
    )

    # A click steps the deal there; the point is then the graph's one tab stop, focused.
    shown[10].click()
    page.wait(lambda: page.step() == (10, 32) and focused_step(page) == "10")
    current = page.find('.value-graph [aria-current="step"]')
    assert (current.get_attribute("data-step"), current.get_attribute("tabindex")) == ("10", "0")
    assert [p.get_attribute("tabindex") for p in points(page)].count("0") == 1
    # The keys step along the graph, the focus with them.
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    page.wait(lambda: page.step() == (11, 32) and focused_step(page) == "11")
    page.driver.switch_to.active_element.send_keys(Keys.END)
    page.wait(lambda: page.step() == (32, 32) and focused_step(page) == "32")
    page.driver.execute_script("document.querySelector('.value-graph [data-step=\"20\"]').focus()")
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait(lambda: page.step() == (20, 32) and focused_step(page) == "20")
    page.driver.switch_to.active_element.send_keys(Keys.HOME)
    page.wait(lambda: page.step() == (0, 32) and focused_step(page) == "0")
    page.wait(
        lambda: page.find('.value-graph [aria-current="step"]').get_attribute("data-step") == "0"
    )
    assert len(page.analysis_asked()) == 1  # stepping redraws the graph, never asks again
    page.find("body").send_keys(*[Keys.ARROW_RIGHT] * 17)
    page.wait(lambda: page.step() == (17, 32))
    page.driver.execute_script("document.getElementById('review').scrollIntoView()")
    page.screenshot("the-value-graph")
    page.assert_clean()


def test_the_table_gives_each_players_figures_in_either_language(page: Page) -> None:
    review = page.api("/v1/analysis/review", REVIEWED)
    show_review(page, REVIEWED)

    def rows(key: str) -> dict[str, list[str]]:
        return {
            # The text itself (WebDriver's `.text` shows a no-break space as a space).
            row.get_attribute(f"data-{key}"): [
                cell.get_attribute("textContent") for cell in row.find_elements(By.TAG_NAME, "td")
            ]
            for row in page.find_all(f"#review-result .review-table tr[data-{key}]")
        }

    def figures(tally: dict[str, Any], comma: bool) -> list[str]:
        def decimal(n: float, digits: int) -> str:  # as the referee gave it, in the language
            return f"{n:.{digits}f}".replace(".", "," if comma else ".")

        percent = (
            f"{decimal(tally['precision'], 1)}\N{NO-BREAK SPACE}%"
            if comma
            else f"{decimal(tally['precision'], 1)}%"
        )
        counts = [str(tally["labels"][label]) for label in MARKS]
        return [
            str(tally["plays"]),
            str(tally["loss"]),
            decimal(tally["mean_loss"], 2),
            percent,
            *counts,
        ]

    header = [cell.text for cell in page.find_all("#review-result .review-table th[scope=col]")]
    assert header == [
        "player",
        "cards",
        "points lost",
        "mean loss",
        "precision",
        "inaccuracies",
        "mistakes",
        "blunders",
        "renonces",
    ]
    assert rows("seat") == {str(t["seat"]): figures(t, False) for t in review["seats"]}
    assert rows("team") == {str(t["team"]): figures(t, False) for t in review["teams"]}
    names = [th.text for th in page.find_all("#review-result .review-table th[scope=row]")]
    assert names == [
        "South (0)",
        "West (1) · taker",
        "North (2)",
        "East (3)",
        "Team 0",
        "Team 1",
    ]
    assert "review=1" in page.driver.current_url

    page.find("#lang-fr").click()  # told again in French, not asked again
    page.wait(lambda: page.text("#review-result caption") == "Chaque joueur face au jeu parfait")
    assert rows("seat") == {str(t["seat"]): figures(t, True) for t in review["seats"]}
    assert points(page)[1].get_attribute("aria-label").startswith("Carte 1, Sud (0) : roi de pique")
    assert len(page.analysis_asked()) == 1
    page.screenshot("the-review-in-french")

    link = page.find("#share-link").get_attribute("href")
    page.open()  # a fresh page, then the shared link: the review is asked and drawn again
    page.driver.get(link.replace("/viewer#", "/viewer?shared#"))
    page.wait(lambda: len(points(page)) == 33)
    assert page.text("#review-result caption") == "Chaque joueur face au jeu parfait"
    page.assert_clean()


def test_a_renonce_is_marked_and_the_cards_after_it_are_not_judged(page: Page) -> None:
    review = page.api("/v1/analysis/review", EXAMPLE)
    renonce = review["renonce"]
    assert renonce == 5 and review["plays"][renonce]["label"] == "renonce"
    show_review(page, EXAMPLE)
    shown = points(page)
    marked = shown[renonce + 1]
    assert "label-renonce" in marked.get_attribute("class").split()
    assert marked.find_element(By.CSS_SELECTOR, ".symbol").text == "R"
    loss = review["plays"][renonce]["loss"]
    assert f"Renonce, {loss} points lost" in marked.get_attribute("aria-label")
    for point in shown[renonce + 2 :]:
        assert "Not judged: the renonce before it decided the deal" in point.get_attribute(
            "aria-label"
        )
    assert "renonce: the penalty decides the deal" in page.text("#review-result .legend")
    page.assert_clean()


# Seat 2, of the takers (team 0, spades), discards QC on 8H though it holds hearts (play 5):
# a renonce that leaves the takers more card points than they need, and dedans.
TAKERS_RENONCE: dict[str, Any] = {
    "dealer": 0,
    "trump": "S",
    "taker": 0,
    "plays": [
        *("KD", "JD", "9D", "8D"),
        *("8H", "QC", "7H", "10H"),
        *("QS", "AS", "KS", "9S"),
        *("10C", "JC", "KC", "AH"),
        *("8C", "9C", "7S", "KH"),
        *("7D", "AD", "10S", "JS"),
        *("9H", "QH", "JH", "AC"),
        *("10D", "QD", "7C", "8S"),
    ],
    "hands": [
        ["9C", "8D", "10H", "9H", "JC", "8S", "QS", "JS"],
        ["AS", "7D", "8H", "10D", "KC", "QH", "KD", "7S"],
        ["QD", "QC", "KS", "JH", "JD", "AD", "KH", "AH"],
        ["10S", "AC", "9S", "7C", "8C", "10C", "9D", "7H"],
    ],
}


def test_from_a_renonce_on_the_graph_shows_the_penalty_s_outcome(page: Page) -> None:
    review = page.api("/v1/analysis/review", TAKERS_RENONCE)
    renonce = review["renonce"]
    at = review["plays"][renonce]
    assert (renonce, at["seat"], at["after"]["contract"]) == (5, 2, "dedans")
    assert at["after"]["points"][0] > 100  # above the contract's line, yet dedans
    show_review(page, TAKERS_RENONCE)
    graph = page.find(".value-graph")
    zone = graph.find_element(By.CSS_SELECTOR, ".penalty")
    assert "penalty-dedans" in zone.get_attribute("class").split()
    assert zone.find_element(By.CSS_SELECTOR, ".penalty-text").text == "renonce: dedans"
    # The zone starts at the point after the renonce and runs to the end; the green band of
    # a made contract stops there.
    dots = [p.find_element(By.CSS_SELECTOR, ".dot") for p in points(page)]
    after = float(dots[renonce + 1].get_attribute("cx"))
    last = float(dots[-1].get_attribute("cx"))
    rect = zone.find_element(By.CSS_SELECTOR, ".penalty-zone")
    left, width = float(rect.get_attribute("x")), float(rect.get_attribute("width"))
    assert (round(left, 1), round(left + width, 1)) == (round(after, 1), round(last, 1))
    made = graph.find_element(By.CSS_SELECTOR, ".made-zone")
    made_right = float(made.get_attribute("x")) + float(made.get_attribute("width"))
    assert round(made_right, 1) == round(after, 1)
    assert (
        "from the renonce on, the penalty's outcome, whatever the card points: dedans"
        in page.text("#review-result .legend")
    )
    # The solve panel says the outcome beside the points: after the renonce, more card points
    # than the line and dedans, by the penalty; before any card, made.
    page.find("body").send_keys(*[Keys.ARROW_RIGHT] * (renonce + 1))
    page.wait(lambda: page.step() == (renonce + 1, 32))
    page.find("#solve").click()
    page.wait(lambda: page.find_all("#analysis-result .best"))
    a, b = at["after"]["points"]
    assert page.text("#analysis-result .best") == (
        f"With best play from here ({seat_name((at['seat'] + 1) % 4)} to play): team 0 {a}, "
        f"team 1 {b} "
        "(dedans)."
    )
    page.find("#lang-fr").click()
    page.wait(lambda: page.text(".value-graph .penalty-text") == "renonce : dedans")
    page.find("#first").click()
    page.wait(lambda: page.step() == (0, 32))
    page.find("#solve").click()
    page.wait(
        lambda: "Avec le meilleur jeu d'ici (Ouest (1) joue)" in page.text("#analysis-result")
    )
    a, b = review["plays"][0]["before"]["points"]
    assert review["plays"][0]["before"]["contract"] == "made"
    assert page.text("#analysis-result .best") == (
        f"Avec le meilleur jeu d'ici (Ouest (1) joue) : équipe 0 {a}, équipe 1 {b} (faite)."
    )
    page.screenshot("a-renonce-in-the-graph")
    page.assert_clean()


def test_a_coinche_deal_is_reviewed_against_its_contract(page: Page) -> None:
    show_review(page, COINCHE)
    ((asked,),) = [page.analysis_asked()]
    assert asked["path"] == "/v1/coinche/analysis/review"
    # 120 tout-atout, coinched, no belote announced: the takers need 120 and more than the
    # defenders (RULES-COINCHE.md "Made"); a coinched tie is dedans, never a litige.
    assert page.text(".value-graph .line-text") == "120"
    assert page.text("#review-result .line-sentence") == (
        "The takers, team 0, make their contract with 120 card points or more."
    )
    assert page.find_all("#picture")[0].is_displayed() is False
    page.assert_clean()


def test_the_picture_of_a_reviewed_deal_draws_its_graph_in_the_browser(page: Page) -> None:
    show_review(page, REVIEWED)
    page.record_analysis("/v1/deals/render")
    page.find("#picture").click()  # the review shown: the picture draws it too
    (asked,) = page.wait(page.analysis_asked)
    assert asked["body"] == {**REVIEWED, "review": True}
    root = ET.fromstring(asked["answer"])
    (curve,) = root.iter("{http://www.w3.org/2000/svg}path")
    assert len(curve.get("d", "").split()) == 33
    page.assert_clean()
    assert page.show_picture(asked["answer"], "deal-review") > (700, 1300)


def test_a_review_the_budget_stopped_draws_bounds_and_says_so(capped_page: Page) -> None:
    # Every search stops at 1 ms: no position of the deal is settled.
    page = capped_page
    show_review(page, REVIEWED)
    ((asked,),) = [page.analysis_asked()]
    review = asked["answer"]
    assert review["exact"] is False
    unsettled = [play for play in review["plays"] if play["after"] is None]
    assert unsettled
    bars = page.find_all(".value-graph .point .bounds")
    assert len(bars) == len(unsettled) + (review["plays"][0]["before"] is None)
    for point, play in zip(points(page)[1:], review["plays"], strict=True):
        if play["after"] is None:
            lo, hi = play["after_bounds"]
            assert (
                f"Not settled in time: with perfect play from there, the takers end with between "
                f"{lo} and {hi} card points"
            ) in point.get_attribute("aria-label")
    assert page.text("#review-result .unfinished") == (
        "Some positions were not settled in the time allowed: their values are bounds, drawn "
        "as bars."
    )
    page.assert_clean()


def test_the_review_fits_a_phone(page: Page) -> None:
    show_review(page, REVIEWED)
    driver = page.driver
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
    )
    try:
        driver.execute_script("document.getElementById('review').scrollIntoView()")
        page_width, view_width, graph_width = driver.execute_script(
            """return [document.documentElement.scrollWidth, window.innerWidth,
            document.querySelector('.value-graph').getBoundingClientRect().right]"""
        )
        assert page_width <= view_width  # the table scrolls inside its panel, not the page
        assert graph_width <= view_width  # the graph shrinks to the screen
        page.screenshot("the-review-on-a-phone")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    page.assert_clean()


def test_the_example_deals_reviews_judge_the_whole_deal_up_to_a_late_renonce(page: Page) -> None:
    # The picture's example (EXAMPLE) renounces at card 6, and a review judges no card after a
    # deal's first renonce, whose penalty decides the deal: the page's examples are reviewed
    # further. The classic one renounces in trick 7 (still an example of a renonce and its
    # proof), the coinche one never.
    assert page.api("/v1/analysis/review", EXAMPLE)["renonce"] == 5
    page.record_analysis("/analysis/review")
    for n, (button, judged) in enumerate((("#example", 28), ("#example-coinche", 32)), 1):
        page.find(button).click()
        page.wait(lambda: page.step() == (0, 32) and page.find_all("#review-result > *") == [])
        page.find("#review-run").click()
        page.wait(lambda n=n: len(page.analysis_asked()) == n and len(points(page)) == 33)
        review = page.analysis_asked()[-1]["answer"]
        assert sum(play["judged"] for play in review["plays"]) == judged
        names = [point.get_attribute("aria-label") for point in points(page)]
        assert sum("Not judged" in name for name in names) == 32 - judged
        if button == "#example":
            page.find("#last").click()
            page.wait(lambda: page.step() == (32, 32))
            assert page.text("#renonces .renonce-head") == "R1 · trick 7: East (3) played Q♦"
            assert page.text("#renonces .proof") == (
                "Proof: the hand given in the record held the card that had to be played."
            )
            page.driver.execute_script("document.getElementById('review').scrollIntoView()")
            page.screenshot("the-example-reviewed")
    page.assert_clean()
