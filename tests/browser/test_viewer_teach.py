"""The viewer's "Teach me" switch (issue 22, item 3), in chromium: the advice of the seat to
play, asked from that seat's view only, beside perfect play with every hand seen; before the
first card of a coinche deal, the call advice for the seat to call (issue 30, item 7)."""

from __future__ import annotations

import math
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.api.test_render import EXAMPLE
from tests.browser.conftest import Page
from tests.browser.test_viewer import COINCHE, COINCHE_HANDS

# The example deal with the belote counted only when announced, and announced: seat 0 holds
# KS and QS, and announces it with KS, the first card of the deal.
ANNOUNCED = {**EXAMPLE, "rules": {"belote": "announce"}, "belote_announced": True}
# What the table sees of a deal: all of the record but the hands, and who asks with its cards.
PUBLIC = {"dealer", "trump", "taker", "plays", "rules", "belote_announced", "seat", "hand"}


def half_up(figure: float) -> int:
    """A share rounded as the page rounds it (Math.round: 12.5 is 13, where round gives 12)."""
    return math.floor(figure + 0.5)


def strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(strings, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(strings, value)) if value else set()
    return set()


def asked(page: Page, path: str) -> list[dict[str, Any]]:
    return [request for request in page.analysis_asked() if request["path"] == path]


def hand_at(seat: int, step: int) -> list[str]:
    played = set(EXAMPLE["plays"][:step])
    return [card for card in EXAMPLE["hands"][seat] if card not in played]


def assert_own_view(body: dict[str, Any], seat: int, step: int) -> None:
    """The advice's request holds what the table has seen and the seat's own cards: no other
    hand, nor any card of one that has not been played."""
    assert set(body) == PUBLIC
    assert (body["seat"], body["hand"], body["plays"]) == (
        seat,
        hand_at(seat, step),
        EXAMPLE["plays"][:step],
    )
    unseen = {card for other in range(4) if other != seat for card in hand_at(other, step)}
    assert strings(body) & unseen == set()


def test_teach_me_asks_from_the_seats_own_view_beside_perfect_play(page: Page) -> None:
    page.paste(ANNOUNCED)
    page.wait(lambda: page.step() == (0, 32))
    page.record_analysis("/advice/", "/analysis/")
    switch = page.find("#teach")
    assert (switch.get_attribute("role"), switch.get_attribute("aria-checked")) == (
        "switch",
        "false",
    )
    assert page.find_all("#teach-result > *") == []
    switch.click()
    page.wait(lambda: page.find_all("#teach-result table.teach-table"))
    assert switch.get_attribute("aria-checked") == "true"
    assert "teach=1" in page.driver.current_url

    ((advice,),) = [asked(page, "/v1/advice/play")]
    # Seat 0 leads; its belote is not announced yet (it is, with KS, the first card).
    assert_own_view(advice["body"], seat=0, step=0)
    assert advice["body"]["belote_announced"] is False
    answer = advice["answer"]
    ((solved,),) = [asked(page, "/v1/analysis/solve")]
    assert "hands" in solved["body"]  # perfect play sees every hand; the advice never does
    perfect = {move["card"]: move for move in solved["answer"]["moves"]}

    rows = page.find_all("#teach-result table.teach-table tr[data-card]")
    assert [row.get_attribute("data-card") for row in rows] == [m["card"] for m in answer["moves"]]
    for row, move in zip(rows, answer["moves"], strict=True):
        mean, *cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")][1:]
        known = perfect[move["card"]]
        assert abs(float(mean) - move["points"]) <= 0.005  # two decimals
        assert cells == [
            f"{half_up(move['best_share'] * 100)}%",
            f"{half_up(move['made_share'] * 100)}%",
            str(known["value"]["points"][0]),
            str(known["loss"]),
        ]
        notes = row.find_elements(By.CSS_SELECTOR, ".notes")
        words = notes[0].text.split(" · ") if notes else []
        assert ("suggested" in words) == (move["card"] == answer["card"])
        assert ("best" in words) == (known["loss"] == 0)
    (suggested,) = page.find_all("#teach-result tr.suggested")
    assert suggested.get_attribute("data-card") == answer["card"]
    head = page.text("#teach-result .advice-head")
    assert head.startswith("What seat 0 can see (its hand and the cards played) suggests: ")
    assert f"({answer['samples']} deals of the cards it cannot see were tried.)" in head
    loss = perfect[answer["card"]]["loss"]
    verdict = page.text("#teach-result .advice-best, #teach-result .advice-costs")
    assert verdict == (
        "The suggestion is one of the best cards."
        if loss == 0
        else f"With every hand seen, the suggestion costs {loss} points: a good guess is not "
        "perfect knowledge."
    )
    best = [f"{c[:-1]}{'♠♥♦♣'['SHDC'.index(c[-1])]}" for c, m in perfect.items() if m["loss"] == 0]
    or_last = f"{', '.join(best[:-1])} or {best[-1]}" if len(best) > 1 else best[0]
    assert page.text("#teach-result .perfect-head") == (
        f"With every hand seen: {or_last} (team 0 then ends with "
        f"{solved['answer']['value']['points'][0]} card points)."
    )
    page.driver.execute_script("document.getElementById('analysis').scrollIntoView()")
    page.screenshot("teach-me")

    # One card later: seat 1's view, with the belote announced by then.
    page.find("body").send_keys(Keys.ARROW_RIGHT)
    page.wait(lambda: page.step() == (1, 32) and len(asked(page, "/v1/advice/play")) == 2)
    page.wait(lambda: page.find_all("#teach-result table.teach-table"))
    later = asked(page, "/v1/advice/play")[1]["body"]
    assert_own_view(later, seat=1, step=1)
    assert later["belote_announced"] is True
    assert page.text("#teach-result .advice-head").startswith("What seat 1 can see")

    switch.click()  # off: nothing shown, nothing asked
    assert switch.get_attribute("aria-checked") == "false"
    assert page.find_all("#teach-result > *") == []
    page.find("body").send_keys(Keys.ARROW_RIGHT)
    page.wait(lambda: page.step() == (2, 32))
    assert len(asked(page, "/v1/advice/play")) == 2
    assert "teach=1" not in page.driver.current_url
    page.assert_clean()


def test_teach_me_in_french_and_at_the_end_of_the_deal(page: Page) -> None:
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#lang-fr").click()
    page.wait(lambda: page.text("h1") == "Visionneuse de donnes")
    page.find("body").send_keys(Keys.END, *[Keys.ARROW_LEFT] * 3)  # the last trick's second card
    page.wait(lambda: page.step() == (29, 32))
    page.find("#teach").click()
    head = page.wait(lambda: page.find_all("#teach-result .advice-head"))[0].text
    seat = (page.api("/v1/deals/replay", EXAMPLE)["tricks"][7]["leader"] + 1) % 4
    # Two cards unseen by the seat to play, with two seats: whether the voids say where they
    # are, the answer says.
    assert head.startswith(
        (f"Ce que voit la place {seat} (sa main", f"Ce que voit la place {seat} dit déjà")
    )
    assert page.find("#teach").text == "Apprends-moi"
    page.find("body").send_keys(Keys.END)
    page.wait(lambda: page.step() == (32, 32))
    page.wait(
        lambda: page.text("#teach-result") == "La donne est finie : aucune carte à conseiller."
    )
    page.assert_clean()


def call_name(call: str, lang: str = "en") -> str:
    """A call as the page writes it: "80♥", "capot ♠", "110 SA", "pass" ("passe")."""
    words = {"en": {"pass": "pass"}, "fr": {"pass": "passe"}}[lang]
    if call in ("pass", "coinche", "surcoinche"):
        return words.get(call, call)
    value, strain = (call[:5], call[5:]) if call.startswith("capot") else (call[:-1], call[-1])
    if strain in ("A", "SA", "TA") and not call.startswith("capot"):
        value, strain = call[:-2], call[-2:]
    symbol = dict(zip("SHDC", "♠♥♦♣", strict=True)).get(strain, strain)
    if value == "capot":
        return f"capot {symbol}"
    return f"{value}{symbol}" if len(symbol) == 1 else f"{value} {symbol}"


def shows(text: str, value: float | None) -> bool:
    """Whether a cell shows `value` with one decimal (as the page's language writes it)."""
    if value is None:
        return text == "—"
    return abs(float(text.replace(",", "")) - value) <= 0.05 + 1e-9


def call_head(page: Page) -> str:
    """The call advice's head, or "" while there is none."""
    heads = page.find_all("#auction-result .call-head")
    return heads[0].text if heads else ""


def test_teach_me_advises_the_call_before_the_first_coinche_card(page: Page) -> None:
    page.paste(COINCHE)
    page.wait(lambda: page.step() == (0, 32))
    page.record_analysis("/advice/bid")
    page.find("#teach").click()
    page.wait(lambda: page.find_all("#auction-result table.call-table"))
    ((advice,),) = [asked(page, "/v1/coinche/advice/bid")]
    # The seat to call, the dealer's next, asks with its own hand only.
    assert advice["body"] == {
        "dealer": 3,
        "bids": [],
        "rules": {"sa_ta": True},
        "seat": 0,
        "hand": COINCHE_HANDS[0],
    }
    answer = advice["answer"]
    rows = page.find_all("#auction-result table.call-table tr")[1:]
    assert [row.get_attribute("data-call") for row in rows] == [
        option["bid"] for option in answer["options"]
    ]
    for row, option in zip(rows, answer["options"], strict=True):
        name, score, margin, made = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        assert name.split("\n")[0] == call_name(option["bid"])
        assert shows(score, option["expected_score"]) and "." in score
        assert shows(margin, option["expected_margin"])
        share = option["made_share"]
        assert made == ("—" if share is None else f"{half_up(share * 100)}%")
    (suggested,) = page.find_all("#auction-result tr.suggested")
    assert suggested.get_attribute("data-call") == answer["advice"]
    assert page.text("#auction-result .call-head") == (
        f"Seat 0 to call, from its own hand: {call_name(answer['advice'])}. "
        f"({answer['samples']} deals of the cards it cannot see were tried.)"
    )
    page.driver.execute_script("document.getElementById('teach-auction').scrollIntoView()")
    page.screenshot("teach-me-auction")

    # Calls typed: seat 2 is to call, with its own hand.
    page.find("#auction-calls").send_keys("pass 80♥", Keys.ENTER)
    page.wait(lambda: len(asked(page, "/v1/coinche/advice/bid")) == 2)
    page.wait(lambda: call_head(page).startswith("Seat 2 to call"))
    later = asked(page, "/v1/coinche/advice/bid")[1]["body"]
    assert (later["bids"], later["seat"], later["hand"]) == (["pass", "80♥"], 2, COINCHE_HANDS[2])
    calls = page.find("#auction-calls")
    calls.clear()
    calls.send_keys("90H 80S", Keys.ENTER)
    page.wait(lambda: "80S" in page.text("#auction-result"))
    assert page.find_all("#auction-result table") == []
    calls = page.find("#auction-calls")
    calls.clear()
    calls.send_keys("pass pass pass pass", Keys.ENTER)
    page.wait(lambda: page.text("#auction-result") == "The auction is over: no call to advise.")
    assert len(asked(page, "/v1/coinche/advice/bid")) == 2

    # In French, and past the first card: no auction any more.
    calls = page.find("#auction-calls")
    calls.clear()
    calls.send_keys("80♥", Keys.ENTER)
    page.wait(lambda: call_head(page).startswith("Seat 1 to call"))
    page.find("#lang-fr").click()
    page.wait(lambda: call_head(page).startswith("La place 1 parle ; sa main conseille : "))
    assert page.find("#auction-calls").get_attribute("value") == "80♥"
    first = page.find_all("#auction-result table.call-table tr")[1]
    assert first.find_elements(By.TAG_NAME, "td")[0].text.split("\n")[0] == "passe"
    page.find("#next").click()
    page.wait(lambda: page.step() == (1, 32))
    assert page.find_all("#teach-auction > *") == []


# --- what each figure is, and a renonce taken at face value (issue 31, item 4) ----------------


def teach_at(page: Page, step: int) -> str:
    """Teach me's text at `step`: stepped there with the switch off (a question a card would
    keep the analysis slots busy), then on, once its table is shown."""
    switch = page.find("#teach")
    if switch.get_attribute("aria-checked") == "true":
        switch.click()
    page.find("body").send_keys(Keys.HOME, *[Keys.ARROW_RIGHT] * step)
    page.wait(lambda: page.step() == (step, 32))
    switch.click()
    page.wait(lambda: page.find_all("#teach-result table.teach-table"))
    text: str = page.text("#teach-result")
    return text


def test_teach_me_says_what_each_figure_is_and_which_renonce_the_seat_takes_at_face_value(
    page: Page,
) -> None:
    # The example: seat 3 discards 10D on a heart lead (card 6, trick 2) though it holds KH
    # and 8H; the table sees the proof only when seat 3 plays KH, card 20.
    replayed = page.api("/v1/deals/replay", {k: v for k, v in EXAMPLE.items() if k != "hands"})
    ((renonce,),) = [replayed["renonces"]]
    assert (renonce["play"], renonce["seat"], renonce["card"]) == (5, 3, "10D")
    assert (renonce["proof"]["card"], renonce["proof"]["play"]) == ("KH", 19)
    page.paste(EXAMPLE)
    page.wait(lambda: page.step() == (0, 32))
    page.record_analysis("/advice/")
    teach_at(page, 0)
    # Before the renonce: each figure said for what it is, and no renonce to speak of.
    ((advice,),) = [asked(page, "/v1/advice/play")]
    samples = advice["answer"]["samples"]
    assert page.text("#teach-result .figure-own") == (
        f"From seat 0's view, what it could know (its hand and the cards played), over "
        f"{samples} deals of the hidden cards, each played out perfectly: the mean points, how "
        "often the card is a best card, how often the takers make their contract."
    )
    assert page.text("#teach-result .figure-seen") == (
        "With every hand seen, what the hidden hands really held: the card points team 0 ends "
        "with under perfect play, and what the card costs against the best one."
    )
    heads = [h.text for h in page.find_all("#teach-result tr.groups th")]
    assert heads == ["from seat 0's view", "every hand seen"]
    assert page.find_all("#teach-result .renonce-taken, #teach-result .renonce-proven") == []

    def to_move() -> str:
        seat: str = page.driver.execute_script(
            "return document.querySelector('.seat.to-move').id.slice(-1)"
        )
        return seat

    # Card 9: seat 3's 10D taken at face value, proven only later.
    text = teach_at(page, 8)
    assert (
        f"Seat {to_move()} takes 10♦ (seat 3, trick 2) at face value, as if seat 3 could play "
        "no other card; it was a renonce, proven later, when seat 3 plays K♥ (card 20). The "
        "hidden cards are not where this view expects them: one reason its figures differ "
        "from those with every hand seen."
    ) in text
    # Card 22: the table has seen the proof (card 20), and seat 3 is not the one to play.
    text = teach_at(page, 21)
    seat = to_move()
    assert seat != "3"
    assert (
        f"10♦ (seat 3, trick 2) was a renonce, proven when seat 3 played K♥ (card 20): seat "
        f"{seat}'s view no longer takes it at face value."
    ) in text
    page.find("#lang-fr").click()
    page.wait(
        lambda: (
            "était une renonce, prouvée quand la place 3 a joué R♥ (carte 20)"
            in (page.text("#teach-result"))
        )
    )
    assert page.find("#teach-result tr.groups th").text == f"vue de la place {seat}"
    page.assert_clean()
