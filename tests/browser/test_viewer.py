"""The deal viewer as an arbiter uses it, in chromium: every ruling it shows is the service's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from service.text import catalog
from tests.api.test_render import EXAMPLE, PLAYS_ONLY
from tests.browser.conftest import Page, as_held, seat_name

SEED = {"seed": "table 12, deal 7, 2026-11-29", "dealer": 3, "taker": 0}


def card(page: Page, where: str, code: str) -> Any:
    return page.find(f'{where} .card[data-card="{code}"]')


def test_a_renonce_proven_by_a_later_play_is_marked_with_its_proof(page: Page) -> None:
    (renonce,) = page.api("/v1/deals/replay", PLAYS_ONLY)["renonces"]
    assert (renonce["card"], renonce["proof"]) == (
        "10D",
        {"by": "later_play", "card": "KH", "play": 19},
    )
    page.paste(PLAYS_ONLY)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#last").click()  # the whole deal played: every renonce and proof shown
    page.wait(lambda: page.step() == (32, 32))
    played = card(page, "#tricks", "10D")
    proof = card(page, "#tricks", "KH")
    assert "renonce" in played.get_attribute("class").split()
    assert played.find_element(By.CLASS_NAME, "badge").text == "R1"
    assert played.get_attribute("aria-label") == "ten of diamonds. Renonce R1"
    assert "proof" in proof.get_attribute("class").split()
    assert proof.find_element(By.CLASS_NAME, "badge").text == "P1"
    assert proof.get_attribute("aria-label") == "king of hearts. Proof of renonce R1"
    item = page.find("#renonces .renonce-item")
    assert (
        item.find_element(By.CLASS_NAME, "renonce-head").text == "R1 · trick 2: East (3) played 10♦"
    )
    assert item.find_element(By.CLASS_NAME, "violation").text == renonce["violation"]["message"]
    assert item.find_element(By.CLASS_NAME, "proof").text == (
        "Proof: K♥, played later (P1, trick 5), was already in the hand."
    )
    item.find_element(By.TAG_NAME, "button").click()  # to the renonce on the table
    page.wait(lambda: page.step() == (6, 32))
    assert "renonce" in card(page, "#center", "10D").get_attribute("class").split()
    # There, the proof is still to come.
    assert page.text("#renonces .proof") == "Proof: a later play, in trick 5, still to come."
    assert page.find_all('#tricks .card[data-card="KH"]') == []
    page.screenshot("renonce-proven-by-a-later-play")
    page.assert_clean()


def test_the_arrow_keys_step_to_the_last_trick_and_its_score(page: Page) -> None:
    judged = page.api("/v1/deals/replay", EXAMPLE)
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    body = page.find("body")
    for shown in range(1, 33):
        body.send_keys(Keys.ARROW_RIGHT)
        page.wait(lambda shown=shown: page.step() == (shown, 32))
    assert page.find("#next").get_property("disabled")
    body.send_keys(Keys.ARROW_RIGHT)  # past the end: stays at the end
    assert page.step() == (32, 32)
    score = judged["score"]
    assert page.text("#score-line") == (
        f"Score (made): team 0 {score['score'][0]}, team 1 {score['score'][1]}"
    )
    rows = page.find_all("#score table.breakdown tr")[1:]
    shown = {
        row.get_attribute("data-part"): [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        for row in rows
    }
    parts = ("cards", "belote", "annonces", "capot_bonus", "rounding", "total")
    assert shown == {key: [str(team[key]) for team in score["breakdown"]] for key in parts}
    last = judged["tricks"][-1]
    assert (
        page.text("#center .trick-result")
        == f"{seat_name(last['winner'])} wins, {last['points']} points"
    )
    assert page.text("#running") == (
        f"Card points so far: team 0 {judged['points'][0]}, team 1 {judged['points'][1]}"
    )
    page.screenshot("the-last-trick-and-the-score")
    body.send_keys(Keys.ARROW_LEFT)
    page.wait(lambda: page.step() == (31, 32))
    assert page.find_all("#score-line") == []  # the score is the complete deal's
    body.send_keys(Keys.HOME)
    page.wait(lambda: page.step() == (0, 32))
    page.assert_clean()


def test_an_illegal_card_clicked_reads_its_violation(page: Page) -> None:
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    fragment = page.driver.current_url.split("/viewer", 1)[1]
    page.open(fragment.replace("step=0", "step=5"))  # seat 3 to play on 10H
    page.wait(lambda: page.step() == (5, 32))
    situation = {
        "trump": "S",
        "leader": 2,
        "trick": ["10H"],
        "hand": EXAMPLE["hands"][3],
        "card": "10D",
    }
    verdict = page.api("/v1/plays/validate", situation)
    assert not verdict["legal"]
    page.wait(lambda: "legal" in card(page, "#seat-3", "KH").get_attribute("class").split())
    legal = {e.get_attribute("data-card") for e in page.find_all("#seat-3 .card.legal")}
    assert legal == set(verdict["legal_moves"]) == {"KH", "8H"}
    discard = card(page, "#seat-3", "10D")
    assert discard.tag_name == "button"
    assert discard.get_attribute("aria-label") == "ten of diamonds"
    discard.send_keys(Keys.ENTER)  # from the keyboard
    shown = page.wait(lambda: page.find_all("#verdict .illegal-verdict"))[0].text
    assert shown == f"Ten of diamonds may not be played. {verdict['violation']['message']}"
    page.screenshot("an-illegal-card")
    card(page, "#seat-3", "KH").click()
    shown = page.wait(lambda: page.find_all("#verdict .legal-verdict"))[0].text
    assert shown == "King of hearts may be played."
    # Only the seat to play has cards to click.
    assert card(page, "#seat-0", "QH").tag_name == "span"
    page.assert_clean()


def test_switching_to_french(page: Page) -> None:
    # The switch names each language of the catalog, in that language.
    buttons = page.find_all(".languages button")
    assert [(button.get_attribute("lang"), button.text) for button in buttons] == [
        (lang, catalog.text("language.name", lang)) for lang in catalog.LANGUAGES
    ]
    pressed = [button.get_attribute("aria-pressed") for button in buttons]
    assert pressed == [str(lang == "en").lower() for lang in catalog.LANGUAGES]
    page.paste(PLAYS_ONLY)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#last").click()
    page.wait(lambda: page.step() == (32, 32))
    page.find("#lang-fr").click()
    page.wait(lambda: page.text("h1") == "Visionneuse de donnes")
    assert page.find("html").get_attribute("lang") == "fr"
    assert page.find("#lang-fr").get_attribute("aria-pressed") == "true"
    (renonce,) = page.api("/v1/deals/replay", PLAYS_ONLY, lang="fr")["renonces"]
    page.wait(lambda: page.text("#renonces .violation") == renonce["violation"]["message"])
    assert page.text("#renonces .proof") == (
        "Preuve : le R♥, joué ensuite (P1, pli 5), était déjà dans la main."
    )
    assert card(page, "#tricks", "10D").get_attribute("aria-label") == "dix de carreau. Renonce R1"
    assert page.text("#step-label") == "Cartes jouées : 32 sur 32 · la donne est finie"
    page.find("#first").click()
    page.wait(lambda: page.text("#step-label") == "Cartes jouées : 0 sur 32 · ensuite : pli 1")
    assert "lang=fr" in page.driver.current_url
    page.screenshot("in-french")
    page.find("#lang-en").click()
    page.wait(lambda: page.text("h1") == "Deal viewer")
    page.assert_clean()


def test_the_browsers_language_is_the_default(page: Page) -> None:
    driver = page.driver
    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd(
        "Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "fr-FR"}
    )
    try:
        page.open()
        assert page.text("h1") == "Visionneuse de donnes"
    finally:
        driver.execute_cdp_cmd(
            "Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "en-US"}
        )
    page.open()
    assert page.text("h1") == "Deal viewer"
    page.assert_clean()


def test_a_shared_link_opens_the_same_situation(page: Page) -> None:
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    for _ in range(10):
        page.find("#next").click()
    page.wait(lambda: page.step() == (10, 32))
    page.find("#lang-fr").click()
    page.wait(lambda: page.text("#step-label") == "Cartes jouées : 10 sur 32 · ensuite : pli 3")
    link = page.find("#share-link").get_attribute("href")
    assert link == page.driver.current_url
    center = page.text("#center")
    page.open()  # a fresh page
    assert page.find("#viewer").get_attribute("hidden") is not None
    page.driver.get(link.replace("/viewer#", "/viewer?shared#"))  # a new document, same fragment
    page.wait(
        lambda: (
            page.find_all("#step-label")
            and page.text("#step-label") == "Cartes jouées : 10 sur 32 · ensuite : pli 3"
        )
    )
    assert page.text("#center") == center
    assert json.loads(page.find("#record").get_property("value")) == EXAMPLE
    page.screenshot("a-shared-link")
    page.assert_clean()


def test_an_uploaded_record_is_shown(page: Page, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(PLAYS_ONLY))
    page.find("#upload").send_keys(str(path))
    page.wait(lambda: page.step() == (0, 32))
    assert json.loads(page.find("#record").get_property("value")) == PLAYS_ONLY
    assert page.text("#renonces .renonce-head") == "R1 · trick 2: still to come"
    page.assert_clean()


def test_a_problem_points_at_the_part_of_the_record_it_names(page: Page) -> None:
    page.find("#example").click()  # a deal on the table, then a record that cannot be judged
    page.wait(lambda: page.step() == (0, 32))
    record = {**PLAYS_ONLY, "plays": ["7S", "AS", "7S"], "dealer": 7}
    page.paste(record)
    page.wait(lambda: page.find_all("#problem-errors li"))
    pointers = [item.get_attribute("data-pointer") for item in page.find_all("#problem-errors li")]
    assert pointers == ["/dealer"]  # the schema first: the record cannot be read further
    (mark,) = page.find_all("#problem-record mark")
    assert (mark.get_attribute("data-pointer"), mark.text) == ("/dealer", "7")
    assert not page.find("#viewer").is_displayed()  # no table for a record not judged
    page.screenshot("a-problem")
    page.assert_clean(expected_errors=("status of 422",))

    page.paste({**record, "dealer": 3})
    page.wait(
        lambda: (
            [i.get_attribute("data-pointer") for i in page.find_all("#problem-errors li")]
            == ["/plays/2"]
        )
    )
    (mark,) = page.find_all("#problem-record mark")
    assert (mark.get_attribute("data-pointer"), mark.text) == ("/plays/2", '"7S"')
    page.find("#problem-errors .pointer").click()  # selects that part of the text area
    area = page.find("#record")
    start, end = area.get_property("selectionStart"), area.get_property("selectionEnd")
    assert area.get_property("value")[start:end] == '"7S"'
    assert start == area.get_property("value").rindex('"7S"')
    page.assert_clean(expected_errors=("status of 422",))


def test_dealing_from_a_seed_and_playing_a_card(page: Page) -> None:
    dealt = page.api("/v1/deals/deal", SEED)
    page.find("#deal-form button[type=submit]").click()
    page.wait(lambda: page.find_all("#seat-0 .card"))
    for seat, hand in enumerate(dealt["hands"]):
        shown = [e.get_attribute("data-card") for e in page.find_all(f"#seat-{seat} .card")]
        assert shown == as_held(hand, dealt["turned"][-1])
    assert json.loads(page.find("#record").get_property("value"))["trump"] == dealt["turned"][-1]
    first = page.find("#seat-0 button.card")  # seat 0, after the dealer, leads
    code = first.get_attribute("data-card")
    first.click()
    page.wait(lambda: page.find_all("#play-it")).pop().click()
    page.wait(lambda: page.step() == (1, 1))
    assert [e.get_attribute("data-card") for e in page.find_all("#center .card")] == [code]
    assert json.loads(page.find("#record").get_property("value"))["plays"] == [code]
    page.assert_clean()


def test_the_analysis_panel_follows_the_contract(page: Page) -> None:
    with_analysis = (
        "/v1/analysis/solve"
        in json.loads(
            page.driver.execute_script("return fetch('/openapi.json').then(r => r.text())")
        )["paths"]
    )
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#last").click()
    page.find("body").send_keys(*[Keys.ARROW_LEFT] * 8)  # trick 7 to lead: a quick solve
    page.wait(lambda: page.step() == (24, 32))
    panel = page.find("#analysis")
    if not with_analysis:
        assert not panel.is_displayed()  # the page works without it
    else:
        page.find("#solve").click()
        rows = page.wait(lambda: page.find_all("#analysis-result table.moves tr")[1:])
        # The leader may lead any card: one row for each card in hand.
        assert len(rows) == len(page.find_all(".seat.to-move .card")) == 2
        assert len(page.find_all("#analysis-result .line .card")) == 8
    page.assert_clean()


def test_the_picture_is_downloaded_from_the_render_endpoint(page: Page) -> None:
    page.find("#example").click()
    page.wait(lambda: page.step() == (0, 32))
    page.find("#picture").click()
    page.wait(lambda: f"{page.origin}/v1/deals/render" in page.requests())
    page.assert_clean()


def test_the_picture_is_xml_and_renders_in_the_browser(page: Page) -> None:
    svg = page.driver.execute_script(
        """return fetch('/v1/deals/render', {method: 'POST', body: arguments[0],
        headers: {'Content-Type': 'application/json'}}).then(r => r.text())""",
        json.dumps(EXAMPLE),
    )
    page.assert_clean()
    assert page.show_picture(svg, "deal") > (700, 900)


# --- an unfinished search (issue 19, item 1) ------------------------------------------------------


def test_an_unfinished_solve_says_so_and_offers_the_longest_search(capped_page: Page) -> None:
    # Every search stops at 1 ms. Solved exactly, this deal from the first lead takes the
    # reference search 559,347 positions (seconds) and the native core 199,133 (some 50 ms
    # here): some 4 ms even at 22 ns a position (colver's), never 1.
    page = capped_page
    longest = page.contract()["components"]["schemas"]["AnalysisRequest"]["properties"][
        "budget_ms"
    ]["maximum"]
    record = {**EXAMPLE, "taker": 3}  # the takers are team 1
    page.paste(record)
    page.wait(lambda: page.step() == (0, 32))
    page.record_analysis()
    page.find("#solve").click()
    page.wait(lambda: page.find_all("#analysis-result .unfinished"))
    ((asked,),) = [page.analysis_asked()]
    answer = asked["answer"]
    assert "budget_ms" not in asked["body"]  # the service's default first
    assert (answer["exact"], answer["value"], answer["moves"]) == (False, None, [])
    lo, hi = answer["bounds"]
    result = page.find("#analysis-result")
    assert result.get_attribute("aria-live") == "polite"
    assert page.text("#analysis-result .unfinished") == (
        f"The search did not finish: it stopped after {round(answer['elapsed_ms'])} ms "
        f"({answer['nodes']} positions) without a result."
    )
    assert page.text("#analysis-result .bounds") == (
        f"What it proved so far: the takers, team 1, end the deal with between {lo} and {hi} "
        "card points."
    )
    assert "These are bounds, not a result" in result.text
    # No value, no table, no line: nothing read from what the answer does not hold.
    assert (
        page.find_all("#analysis-result .best, #analysis-result table, #analysis-result .line")
        == []
    )
    assert "team 0 0" not in result.text
    again = page.find("#solve-longer")
    assert again.text == f"Search again, for up to {longest // 1000} seconds"
    page.screenshot("an-unfinished-solve")

    again.send_keys(Keys.ENTER)  # from the keyboard
    page.wait(lambda: len(page.analysis_asked()) == 2 and page.find_all("#analysis-result .bounds"))
    longer = page.analysis_asked()[1]
    assert longer["body"]["budget_ms"] == longest
    assert longer["answer"]["exact"] is False  # capped: still bounds
    assert page.driver.switch_to.active_element == page.find("#solve")  # focus kept in the panel
    assert page.find_all("#solve-longer") == []
    assert f"That was the longest search the referee allows ({longest // 1000} seconds)." in (
        page.text("#analysis-result")
    )

    page.find("#lang-fr").click()
    page.wait(lambda: page.text("#solve") == "Résoudre d'ici")
    page.record_analysis()
    page.find("#solve").click()
    page.wait(lambda: page.find_all("#analysis-result .bounds"))
    lo, hi = page.analysis_asked()[0]["answer"]["bounds"]
    assert page.text("#analysis-result .bounds") == (
        f"Ce qu'elle a prouvé jusque-là : les preneurs, l'équipe 1, finiront la donne avec entre "
        f"{lo} et {hi} points de cartes."
    )
    assert page.text("#solve-longer") == f"Chercher encore, jusqu'à {longest // 1000} secondes"
    page.assert_clean()


# --- the score table at three sizes (issue 19, item 2) --------------------------------------------

# 1280 and 1400 wide are where the old table overflowed; a phone last.
SIZES = ((1280, 800, False), (1400, 900, False), (1920, 1080, False), (390, 844, True))


def test_the_score_and_its_total_fit_their_panel_at_every_size(page: Page) -> None:
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#last").click()
    page.wait(lambda: page.find_all("#score table.breakdown"))
    driver = page.driver
    try:
        for width, height, mobile in SIZES:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
            )
            driver.execute_script("window.scrollTo(0, 0)")
            page.screenshot(f"the-deal-at-{width}x{height}")
            driver.execute_script("document.getElementById('points-heading').scrollIntoView()")
            boxes = driver.execute_script(
                """
                const box = (element) => {
                  const r = element.getBoundingClientRect();
                  return { left: r.left, right: r.right, width: r.width };
                };
                const panel = document.getElementById("score").closest(".panel");
                const cells = [...document.querySelectorAll('#score tr[data-part="total"] > *')];
                return {
                  panel: box(panel),
                  scroll: [panel.scrollWidth, panel.clientWidth],
                  page: [document.documentElement.scrollWidth, window.innerWidth],
                  cells: cells.map(box),
                };
                """
            )
            panel = boxes["panel"]
            assert len(boxes["cells"]) == 3  # "total", then each team's
            for cell in boxes["cells"]:
                assert cell["width"] > 0
                assert panel["left"] <= cell["left"] and cell["right"] <= panel["right"]
            scroll_width, client_width = boxes["scroll"]
            assert scroll_width <= client_width  # the panel has nothing to scroll to
            page_width, view_width = boxes["page"]
            assert page_width <= view_width  # nor has the page
            page.screenshot(f"the-score-at-{width}x{height}")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    page.assert_clean()


# --- what the page shows at a step (issue 19, item 3) ---------------------------------------------


def test_the_step_names_the_next_cards_trick_and_the_lists_stop_at_the_step(page: Page) -> None:
    judged = page.api("/v1/deals/replay", EXAMPLE)
    (renonce,) = judged["renonces"]
    assert renonce["play"] == 5  # trick 2's second card
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    body = page.find("body")

    def at(step: int) -> None:
        body.send_keys(Keys.HOME, *[Keys.ARROW_RIGHT] * step)
        page.wait(lambda: page.step() == (step, 32))

    def tricks() -> list[tuple[list[str], str]]:
        return [
            (
                [
                    e.get_attribute("data-card")
                    for e in item.find_elements(By.CSS_SELECTOR, ".card")
                ],
                item.find_element(By.CLASS_NAME, "trick-leader").text,
            )
            for item in page.find_all("#tricks .trick")
        ]

    at(16)
    assert page.text("#step-label") == "Cards played: 16 of 32 · next: trick 5"
    shown = tricks()
    assert [cards for cards, _ in shown[:4]] == [trick["cards"] for trick in judged["tricks"][:4]]
    assert shown[4:] == [([], "still to come")] * 4
    assert [e.text for e in page.find_all("#tricks .to-come .trick-number")] == [
        "Trick 5",
        "Trick 6",
        "Trick 7",
        "Trick 8",
    ]
    # A solve from here is of trick 5: its leader is the seat to play.
    if page.find("#analysis").is_displayed():
        page.find("#solve").click()
        best = page.wait(lambda: page.find_all("#analysis-result .best"))[0].text
        assert f"({seat_name(judged['tricks'][4]['leader'])} to play)" in best

    at(18)  # two cards of trick 5 on the table
    assert page.text("#step-label") == "Cards played: 18 of 32 · next: trick 5"
    cards, _ = tricks()[4]
    assert cards == judged["tricks"][4]["cards"][:2]
    assert page.find_all("#tricks .trick")[4].find_element(By.CLASS_NAME, "trick-won").text == "…"

    at(5)  # the renonce is the next card: not yet happened
    assert page.text("#step-label") == "Cards played: 5 of 32 · next: trick 2"
    assert page.text("#renonces .none") == "No renonce so far."
    assert page.text("#renonces .renonce-item.to-come .renonce-head") == (
        "R1 · trick 2: still to come"
    )
    assert page.find_all("#renonces .violation") == []
    assert page.find_all('#tricks .card[data-card="10D"]') == []
    page.screenshot("the-deal-at-card-5")
    at(6)
    assert page.find_all("#renonces .none") == []
    assert page.text("#renonces .violation") == renonce["violation"]["message"]
    page.find("#renonces .renonce-item button").click()
    page.wait(lambda: page.step() == (6, 32))

    body.send_keys(Keys.END)
    page.wait(lambda: page.step() == (32, 32))
    assert page.text("#step-label") == "Cards played: 32 of 32 · the deal is over"
    assert page.find_all("#tricks .to-come") == []
    page.assert_clean()


# --- the problem box speaks to a person (issue 19, item 4) ----------------------------------------


def problems(page: Page) -> list[str]:
    return [item.text for item in page.find_all("#problem-errors li")]


def assert_plain(page: Page) -> None:
    """No developer text: no backtick, no JSON Pointer, no word of the problem format."""
    text = page.text("#problem")
    shown = (
        text.replace(page.text("#problem-record"), "")
        if page.find_all("#problem-record mark")
        else text
    )
    for word in ("`", "errors", "schema", "/dealer", "/plays", "/hands", "/trump", "JSON Pointer"):
        assert word not in shown, (word, shown)


def test_a_problem_is_told_in_plain_words(page: Page) -> None:
    expected = ("status of 422",)
    page.paste({**PLAYS_ONLY, "dealer": 7})
    page.wait(lambda: problems(page))
    assert page.text("#problem-title") == (
        "The referee cannot read this record: some of its parts are missing or not written as "
        "a deal record needs."
    )
    assert page.text("#problem-help").startswith("Correct each part named below")
    assert problems(page) == [
        "The dealer: Must be greater than or equal to 0 and less than or equal to 3."
    ]
    assert page.find("#problem").get_attribute("role") == "alert"
    assert_plain(page)
    page.screenshot("a-problem-in-plain-words")

    page.paste({**PLAYS_ONLY, "plays": ["7S", "AS", "7S"]})
    page.wait(lambda: problems(page) and problems(page)[0].startswith("Play 3"))
    assert page.text("#problem-title") == (
        "This record describes a deal that cannot happen at a real table."
    )
    assert problems(page) == [
        "Play 3: The 7 of spades appears twice (also at play 1); a deck has one of each card."
    ]
    assert_plain(page)

    page.find("#lang-fr").click()  # the same problem, told again in French
    page.wait(lambda: problems(page) and problems(page)[0].startswith("Carte jouée n° 3"))
    assert (
        page.text("#problem-title")
        == "Cet enregistrement décrit une donne impossible à une vraie table."
    )
    assert problems(page) == [
        "Carte jouée n° 3 : Le 7 de pique apparaît deux fois (aussi en carte jouée n° 1) ; le jeu "
        "n'a qu'un exemplaire de chaque carte."
    ]
    assert_plain(page)
    page.find("#lang-en").click()
    page.wait(lambda: page.text("h1") == "Deal viewer")

    missing = {key: value for key, value in PLAYS_ONLY.items() if key != "trump"}
    page.paste({**missing, "hands": [EXAMPLE["hands"][0]] * 4, "colour": "red"})
    page.wait(lambda: "The trump: missing from the record." in problems(page))
    shown = problems(page)
    assert "“colour”: Unknown field." in shown
    assert "The hands: Length must be 4." not in shown  # four hands were given
    assert_plain(page)
    page.assert_clean(expected_errors=expected)

    for text, title in (
        (
            '{"dealer": 3,\n "trump": "S",, "taker": 0}',
            "This text is not a deal record: it is not written in JSON",
        ),
        ("[1, 2]", "This is not a deal record: a record is written between braces, { and },"),
        ("   ", "There is no record to show yet"),
    ):
        area = page.find("#record")
        area.clear()
        page.driver.execute_script("arguments[0].value = arguments[1]", area, text)
        page.find("#show").click()
        page.wait(lambda title=title: page.text("#problem-title").startswith(title))
        assert_plain(page)
    # Where the text stops being JSON: the second comma, line 2, column 15, marked.
    page.find("#record").clear()
    page.driver.execute_script(
        "arguments[0].value = arguments[1]",
        page.find("#record"),
        '{"dealer": 3,\n "trump": "S",, "taker": 0}',
    )
    page.find("#show").click()
    page.wait(lambda: page.find_all("#problem-record mark"))
    assert page.text("#problem-help").startswith("Look at line 2, column 15 (marked below)")
    assert page.text("#problem-record mark") == ","
    page.screenshot("not-json")
    page.assert_clean(expected_errors=expected)


# --- coinche records ------------------------------------------------------------------------------

COINCHE_HANDS = [
    ["KS", "QH", "9H", "AS", "QS", "9S", "8C", "JC"],
    ["AH", "7C", "9D", "AD", "KD", "7H", "8S", "JD"],
    ["10H", "8D", "JH", "QC", "KC", "JS", "10C", "9C"],
    ["10D", "10S", "QD", "7S", "KH", "8H", "7D", "AC"],
]
# 120 tout-atout by seat 0, coinched, every card legal (each the first the replay allowed).
COINCHE = {
    "dealer": 3,
    "contract": {"taker": 0, "value": 120, "strain": "TA", "coinche": 1},
    "plays": [
        "KS",
        "8S",
        "JS",
        "10S",
        "10H",
        "KH",
        "9H",
        "AH",
        "QH",
        "7H",
        "JH",
        "8H",
        "8D",
        "10D",
        "AS",
        "9D",
        "7C",
        "QC",
        "AC",
        "JC",
        "QS",
        "AD",
        "KC",
        "7S",
        "9S",
        "KD",
        "10C",
        "QD",
        "8C",
        "JD",
        "9C",
        "7D",
    ],
    "hands": COINCHE_HANDS,
    "rules": {"sa_ta": True},
}


def test_a_coinche_record_is_shown_and_judged_by_the_coinche_endpoints(page: Page) -> None:
    judged = page.api("/v1/coinche/deals/replay", COINCHE)
    page.paste(COINCHE)
    page.wait(lambda: page.step() == (0, 32))
    assert page.text("#contract") == (
        "Contract 120 all trumps (tout-atout), coinched · taker: South (0) · dealer: East (3)"
    )
    assert "taker" in page.text("#seat-0 .roles")
    assert not page.find("#picture").is_displayed()  # coinche has no picture endpoint
    # Seat 3 to play on KS: what the page rings is the coinche referee's answer.
    page.find("body").send_keys(Keys.ARROW_RIGHT)
    page.wait(lambda: page.step() == (1, 32))
    allowed = page.api(
        "/v1/coinche/legal-moves",
        {
            "strain": "TA",
            "leader": 0,
            "trick": ["KS"],
            "hand": COINCHE_HANDS[1],
            "rules": {"sa_ta": True},
        },
    )["legal"]
    page.wait(lambda: page.find_all("#seat-1 .card.legal"))
    assert {e.get_attribute("data-card") for e in page.find_all("#seat-1 .card.legal")} == set(
        allowed
    )
    card(page, "#seat-1", "AH").click()
    page.wait(lambda: page.find_all("#verdict p"))
    assert f"{page.origin}/v1/coinche/plays/validate" in page.requests()
    page.find("#last").click()
    page.wait(lambda: page.find_all("#score-line"))
    score = judged["score"]
    assert page.text("#score-line") == (
        f"Score (made): team 0 {score['score'][0]}, team 1 {score['score'][1]}"
    )
    rows = page.find_all("#score table.breakdown tr")[1:]
    parts = [row.get_attribute("data-part") for row in rows]
    assert parts == ["cards", "belote", "annonces", "contract", "multiplier", "rounding", "total"]
    total = page.find('#score tr[data-part="multiplier"]').find_elements(By.TAG_NAME, "td")
    assert [cell.text for cell in total] == [str(team["multiplier"]) for team in score["breakdown"]]
    page.find("#lang-fr").click()
    page.wait(lambda: page.text("#contract").startswith("Contrat 120 tout-atout, coinché"))
    page.screenshot("a-coinche-record")
    page.assert_clean()


def test_the_analysis_is_offered_on_coinche_records(page: Page) -> None:
    paths = page.contract()["paths"]
    assert "/v1/coinche/analysis/solve" in paths
    page.paste(COINCHE)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#last").click()
    page.find("body").send_keys(*[Keys.ARROW_LEFT] * 8)  # trick 7 to lead: a quick solve
    page.wait(lambda: page.step() == (24, 32))
    assert page.find("#analysis").is_displayed()
    page.record_analysis()
    page.find("#solve").click()
    rows = page.wait(lambda: page.find_all("#analysis-result table.moves tr")[1:])
    ((asked,),) = [page.analysis_asked()]
    assert asked["path"] == "/v1/coinche/analysis/solve"
    assert asked["body"] == {**COINCHE, "plays": COINCHE["plays"][:24]}
    answer = asked["answer"]
    assert answer["exact"]
    # The leader may lead any card: one row for each card in hand, each the answer's value.
    assert len(rows) == len(page.find_all(".seat.to-move .card")) == 2
    shown = [row.find_elements(By.TAG_NAME, "td")[1].text for row in rows]
    dash = "\N{EN DASH}"
    assert shown == [
        f"{m['value']['points'][0]} {dash} {m['value']['points'][1]}" for m in answer["moves"]
    ]
    points = answer["value"]["points"]
    assert page.text("#analysis-result .best") == (
        f"With best play from here ({seat_name(answer['to_move'])} to play): "
        f"team 0 {points[0]}, team 1 {points[1]} ({answer['value']['contract']})."
    )
    assert len(page.find_all("#analysis-result .line .card")) == 8
    page.screenshot("a-coinche-solve")
    page.assert_clean()


def test_an_unfinished_coinche_solve_names_the_contracts_takers(capped_page: Page) -> None:
    page = capped_page
    record = {**COINCHE, "contract": {**COINCHE["contract"], "taker": 1}}
    page.paste(record)
    page.wait(lambda: page.step() == (0, 32))
    page.record_analysis()
    page.find("#solve").click()
    page.wait(lambda: page.find_all("#analysis-result .bounds"))
    ((asked,),) = [page.analysis_asked()]
    assert asked["path"] == "/v1/coinche/analysis/solve"
    assert asked["answer"]["exact"] is False
    lo, hi = asked["answer"]["bounds"]
    assert page.text("#analysis-result .bounds") == (
        f"What it proved so far: the takers, team 1, end the deal with between {lo} and {hi} "
        "card points."
    )
    assert page.find_all("#solve-longer")
    page.assert_clean()


# --- seats, hands and examples as players know them (issue 49, item 3) ---------------------------


def hand_shown(page: Page, seat: int) -> list[str]:
    return [e.get_attribute("data-card") for e in page.find_all(f"#seat-{seat} .card")]


def seat_names(page: Page) -> list[str]:
    """Each seat's name at the table, without its player or badges."""
    names: list[str] = page.driver.execute_script(
        "return [0, 1, 2, 3].map((seat) => document.querySelector(`#seat-${seat} h3`)"
        ".firstChild.textContent)"
    )
    return names


def test_the_seats_are_named_as_players_name_them_where_they_sit(page: Page) -> None:
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    names = seat_names(page)
    assert names == ["South (0)", "West (1)", "North (2)", "East (3)"]
    # Seat 0 at the bottom, then clockwise in turn order: West on the left, North at the top.
    box = {
        seat: page.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y];",
            page.find(f"#seat-{seat}"),
        )
        for seat in range(4)
    }
    assert box[2][1] < box[1][1] < box[0][1] and box[2][1] < box[3][1] < box[0][1]
    assert box[1][0] < box[2][0] < box[3][0]
    assert page.text("#contract") == "Trump ♠ spades · dealer: East (3) · taker: South (0)"
    assert [e.text for e in page.find_all("#seed-dealer option")] == names
    page.find("#lang-fr").click()
    page.wait(
        lambda: page.text("#contract") == "Atout ♠ pique · donneur : Est (3) · preneur : Sud (0)"
    )
    assert seat_names(page) == ["Sud (0)", "Ouest (1)", "Nord (2)", "Est (3)"]
    page.find("body").send_keys(*[Keys.ARROW_RIGHT] * 4)
    page.wait(lambda: page.step() == (4, 32))
    assert page.text("#center .trick-result") == "Nord (2) remporte, 34 points"
    page.assert_clean()


def test_every_hand_is_held_by_suit_trumps_first_in_trump_order(page: Page) -> None:
    page.paste(EXAMPLE)  # spades trump
    page.wait(lambda: page.step() == (0, 32))
    assert [hand_shown(page, seat) for seat in range(4)] == [
        as_held(hand, "S") for hand in EXAMPLE["hands"]
    ]
    # South's: spades in trump order, then the colours alternating, each in plain order.
    assert hand_shown(page, 0) == ["9S", "AS", "KS", "QS", "QH", "9H", "JC", "8C"]
    # A card played leaves its place; the others keep theirs.
    page.find("body").send_keys(Keys.ARROW_RIGHT)
    page.wait(lambda: page.step() == (1, 32))
    assert hand_shown(page, 0) == ["9S", "AS", "QS", "QH", "9H", "JC", "8C"]
    for strain, trumps in (("TA", "SHDC"), ("SA", "")):  # every suit trump, then none
        record = {**COINCHE, "contract": {**COINCHE["contract"], "strain": strain}, "plays": []}
        page.paste(record)
        page.wait(lambda trumps=trumps: hand_shown(page, 1) == as_held(COINCHE_HANDS[1], trumps))
        assert [hand_shown(page, seat) for seat in range(4)] == [
            as_held(hand, trumps) for hand in COINCHE_HANDS
        ]
    page.assert_clean()


def test_a_coinche_deal_is_dealt_from_a_seed_with_the_contract_chosen(page: Page) -> None:
    dealt = page.api("/v1/coinche/deals/deal", {"seed": SEED["seed"], "dealer": 3})
    assert not page.find("#seed-bid").is_displayed()  # classic: the turned card's suit
    Select(page.find("#seed-game")).select_by_value("coinche")
    Select(page.find("#seed-taker")).select_by_visible_text("West (1)")
    Select(page.find("#seed-bid")).select_by_visible_text("100")
    Select(page.find("#seed-strain")).select_by_visible_text("all trumps (tout-atout)")
    page.find("#deal-form button[type=submit]").click()
    page.wait(lambda: page.find_all("#seat-0 .card"))
    record = json.loads(page.find("#record").get_property("value"))
    assert record == {
        "dealer": 3,
        "contract": {"taker": 1, "value": 100, "strain": "TA"},
        "plays": [],
        "hands": dealt["hands"],
        "rules": {"sa_ta": True},  # what a tout-atout contract needs
    }
    assert page.text("#contract") == (
        "Contract 100 all trumps (tout-atout) · taker: West (1) · dealer: East (3)"
    )
    assert [hand_shown(page, seat) for seat in range(4)] == [
        as_held(hand, "SHDC") for hand in dealt["hands"]
    ]
    page.assert_clean()


def test_the_coinche_example_is_an_archive_line_with_its_auction(page: Page) -> None:
    page.find("#example-coinche").click()
    page.wait(lambda: page.step() == (0, 32))
    line = json.loads(page.find("#record").get_property("value"))
    assert (line["variant"], len(line["players"])) == ("coinche", 4)
    assert page.text("#contract").startswith(f"Deal {line['id']} · Contract 80 ♠ spades")
    assert [page.text(f"#seat-{seat} h3 .player") for seat in range(4)] == line["players"]
    # Its auction, written down as players do: a column a seat, from the dealer's next.
    rows = page.find_all("#auction .auction-grid tr")
    grid = [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")] for row in rows]
    assert grid == [
        ["South (0)", "West (1)", "North (2)", "East (3)"],
        ["", "", "", "pass"],  # North deals: East calls first
        ["80♠", "pass", "pass", "pass"],
    ]
    page.find("#example").click()  # and the classic example: no auction in its record
    page.wait(lambda: page.text("#contract").startswith("Trump ♠"))
    assert page.find_all("#auction *") == []
    page.assert_clean()


def test_the_double_dummy_table_of_a_deal_and_its_par(page: Page) -> None:
    page.find("#example-coinche").click()
    page.wait(lambda: page.step() == (0, 32))
    line = json.loads(page.find("#record").get_property("value"))
    page.find("#dd-table").click()
    rows = page.wait(lambda: page.find_all("#dd-result table.dd-table tr")[1:])
    # A row for each strain the deal's options allow, as the referee's own table gives it.
    body = {"dealer": line["dealer"], "hands": line["hands"]}
    table = page.api("/v1/coinche/analysis/dd-table", body)
    assert [row.get_attribute("data-strain") for row in rows] == [
        row["strain"] for row in table["strains"]
    ]
    first = table["strains"][0]
    cells = [cell.text for cell in rows[0].find_elements(By.CSS_SELECTOR, "td")]
    assert cells[1].startswith(f"{first['points'][0]} ({first['tricks'][0]} tricks)")
    assert cells[3].startswith(f"{first['points'][1]} ({first['tricks'][1]} tricks)")
    par = table["par"]["contract"]
    assert page.text("#dd-result .dd-par").startswith(f"Par: {par['value']} ")
    page.assert_clean()
