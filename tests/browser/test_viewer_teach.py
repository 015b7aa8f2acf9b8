"""The viewer's "Teach me" switch (issue 22, item 3), in chromium: the advice of the seat to
play, asked from that seat's view only, beside perfect play with every hand seen, a forced card
said to be forced and the card the record's player played named (issue 49, item 4); before the
first card of a coinche deal, the call advice for the seat to call (issue 30, item 7): why the
call is advised, the calls that matter each give or take its interval, the others folded, and
what passing's figures are (issue 49, item 4)."""

from __future__ import annotations

import math
import re
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.api.test_render import EXAMPLE
from tests.browser.conftest import Page, seat_name
from tests.browser.test_viewer import COINCHE, COINCHE_HANDS

# The example deal with the belote counted only when announced, and announced: seat 0 holds
# KS and QS, and announces it with KS, the first card of the deal.
ANNOUNCED = {**EXAMPLE, "rules": {"belote": "announce"}, "belote_announced": True}
# What the table sees of a deal: all of the record but the hands, and who asks with its cards
# (and the advice's level).
PUBLIC = {"dealer", "trump", "taker", "plays", "rules", "belote_announced", "seat", "hand", "level"}
# The cards' words, as the page's English names them.
RANKS = dict(zip("789", ("seven", "eight", "nine"), strict=True)) | {
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def named(card: str, trump: str = EXAMPLE["trump"]) -> str:
    """A card as a sentence of the page names it: "the king of spades, trump"."""
    name = f"the {RANKS[card[:-1]]} of {SUITS[card[-1]]}"
    return f"{name}, trump" if card[-1] == trump else name


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
    hand, nor any card of one that has not been played; at the default level."""
    assert set(body) == PUBLIC
    assert body["level"] == "default"
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
        assert ("played" in words) == (move["card"] == "KS")  # the record's first card
    (suggested,) = page.find_all("#teach-result tr.suggested")
    assert suggested.get_attribute("data-card") == answer["card"]
    # The card South played, named, beside the suggestion and perfect play.
    if answer["card"] == "KS":
        played = (
            "In the record, South (0) played the king of spades, trump, the card its own view "
            "suggests."
        )
    else:
        worth = perfect["KS"]["loss"]
        played = (
            f"In the record, South (0) played the king of spades, trump; from its seat, "
            f"{named(answer['card'])} was the better guess. With every hand seen, the king of "
            + (
                "spades, trump was one of the best cards."
                if worth == 0
                else f"spades, trump cost {worth} points."
            )
        )
    assert page.text("#teach-result .played") == played
    head = page.text("#teach-result .advice-head")
    assert head.startswith("What South (0) can see (its hand and the cards played) suggests: ")
    assert head.endswith(
        f"({answer['samples']} deals of the cards it cannot see were tried, at the default level.)"
    )
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
    # West holds one spade, the eight, on a spade lead: forced, and said so.
    answer = asked(page, "/v1/advice/play")[1]["answer"]
    assert answer["forced"] is True and answer["card"] == "8S"
    assert page.text("#teach-result .advice-head") == (
        "West (1) has one legal card, eight of spades, trump: it is forced, whatever the hidden "
        f"cards. (The figures below, over {answer['samples']} deals of the cards it cannot see, "
        "at the default level, say what it will make.)"
    )
    (row,) = page.find_all("#teach-result tr.suggested")
    assert row.find_element(By.CSS_SELECTOR, ".notes").text.split(" · ")[0] == "forced"
    assert page.text("#teach-result .played") == (
        "In the record, West (1) played the eight of spades, trump, its only legal card."
    )

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
    # The last trick: West's last card, the jack of diamonds, is forced.
    named = seat_name(seat, "fr")
    assert head.startswith(
        f"{named} n'a qu'une carte légale, valet de carreau : elle est forcée, quelles que "
        "soient les cartes cachées. (Les chiffres ci-dessous, sur "
    )
    assert page.text("#teach-result .played") == (
        f"Dans la donne, {named} a joué le valet de carreau, sa seule carte légale."
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


def shows_interval(text: str, mean: float, interval: list[float] | None) -> bool:
    """Whether a cell shows `mean` give or take its interval's half ("162.7 ± 19.3"), or the
    mean alone when it has no interval or a sure one (a redeal's 0)."""
    half = (interval[1] - interval[0]) / 2 if interval else 0
    if half <= 0:
        return shows(text, mean)
    shown, spread = re.split(r"\s±\s", text)
    return shows(shown, mean) and shows(spread, half)


# A figure with one decimal, as the page's English writes it: "-7.0", "1,234.5".
FIGURE = re.compile(r"-?\d[\d,]*\.\d")


def reads(text: str, template: str, figures: list[float]) -> bool:
    """Whether a sentence is `template` with each "#" one of `figures` to one decimal."""
    found = [float(figure.replace(",", "")) for figure in FIGURE.findall(text)]
    return FIGURE.sub("#", text) == template and all(
        abs(a - b) <= 0.05 + 1e-9 for a, b in zip(found, figures, strict=True)
    )


# The calls the page shows first besides the advice, the next best, the best mean score and
# pass: at most this many more the deals cannot tell from the advice (teach.js's CLOSE_CALLS).
CLOSE_CALLS = 3


def by_margin(options: list[dict[str, Any]], advised: dict[str, Any]) -> list[dict[str, Any]]:
    """The calls but the advice, by mean margin (the auction's order on a tie)."""
    return sorted((o for o in options if o is not advised), key=lambda o: -o["expected_margin"])


def higher_score(options: list[dict[str, Any]], advised: dict[str, Any]) -> dict[str, Any] | None:
    """The first call of the best mean score, when it is higher than the advice's."""
    best = max(options, key=lambda o: o["expected_score"])
    return best if best["expected_score"] > advised["expected_score"] else None


def tied(option: dict[str, Any]) -> bool:
    """Whether the deals cannot tell the call from the advice: its gap's interval reaches 0."""
    return bool(option["margin_gap_interval"][0] <= 0)


def calls_that_matter(
    options: list[dict[str, Any]], advised: dict[str, Any]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The calls shown first (the advice, then by margin the next best, the calls the deals
    cannot tell from the advice, a call of a higher mean score, pass) and the others, folded,
    in the auction's order."""
    others = by_margin(options, advised)
    close = [o for o in others[1:] if tied(o)][:CLOSE_CALLS]
    chosen = [*others[:1], *close, higher_score(options, advised)]
    chosen += [o for o in others if o["bid"] == "pass"]
    first = [advised, *(o for o in others if any(o is c for c in chosen))]
    return first, [o for o in options if not any(o is f for f in first)]


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
        "level": "default",
    }
    answer = advice["answer"]
    options = answer["options"]
    (advised,) = [option for option in options if option["bid"] == answer["advice"]]
    first, rest = calls_that_matter(options, advised)
    shown = page.find_all("#auction-result > table.call-table tr[data-call]")
    assert [row.get_attribute("data-call") for row in shown] == [o["bid"] for o in first]
    assert len(first) <= 1 + CLOSE_CALLS + 2 < len(options)
    # The others folded, in the auction's order, until the user opens them.
    folded = page.find("#auction-result details.call-others")
    assert folded.get_attribute("open") is None
    summary = folded.find_element(By.TAG_NAME, "summary")
    assert summary.text == f"The other {len(rest)} calls"
    summary.click()
    page.wait(lambda: folded.get_attribute("open") is not None)
    hidden = folded.find_elements(By.CSS_SELECTOR, "table.call-table tr[data-call]")
    assert [row.get_attribute("data-call") for row in hidden] == [o["bid"] for o in rest]
    # Each call's mean score and margin, give or take their intervals' halves.
    for row, option in zip([*shown, *hidden], [*first, *rest], strict=True):
        name, score, margin, made = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        assert name.split("\n")[0] == call_name(option["bid"])
        assert shows_interval(score, option["expected_score"], option["score_interval"]), score
        assert shows_interval(margin, option["expected_margin"], option["margin_interval"])
        share = option["made_share"]
        assert made == ("—" if share is None else f"{half_up(share * 100)}%")
    (suggested,) = page.find_all("#auction-result tr.suggested")
    assert suggested.get_attribute("data-call") == answer["advice"]
    assert "±" in suggested.find_elements(By.TAG_NAME, "td")[2].text  # its margin, not sure
    assert page.text("#auction-result .call-head") == (
        f"South (0) to call, from its own hand: {call_name(answer['advice'])}. "
        f"({answer['samples']} deals of the cards it cannot see were tried, at the default level.)"
    )
    # Why: the best margin, what the advice maximises; and a higher mean score, why not.
    why = (
        f"Why {call_name(advised['bid'])}: its mean margin, #, is the best of every call. The "
        "margin is team 0's deal score less the other team's, what the advice maximises: a "
        "point the other team scores counts against you as much as one you score."
    )
    figures = [advised["expected_margin"]]
    higher = higher_score(options, advised)
    if higher is not None:
        why += (
            f" {call_name(higher['bid'])} has a higher mean score (# against #), but the other "
            "team scores more against it (# against # on average), so its mean margin is only #."
        )
        figures += [higher["expected_score"], advised["expected_score"]]
        figures += [o["expected_score"] - o["expected_margin"] for o in (higher, advised)]
        figures += [higher["expected_margin"]]
        if higher["made_share"] < advised["made_share"]:
            why += (
                f" It is made less often ({half_up(higher['made_share'] * 100)}% of the deals "
                f"against {half_up(advised['made_share'] * 100)}%), and a contract that fails "
                "scores for the other team."
            )
    assert reads(page.text("#auction-result .call-why"), why, figures)
    # The next best, on the same deals: how far behind, give or take; and the others these
    # deals cannot tell from the advice.
    (following, *others) = by_margin(options, advised)
    low, high = following["margin_gap_interval"]
    gap = advised["expected_margin"] - following["expected_margin"]
    other, call, n = call_name(following["bid"]), call_name(advised["bid"]), answer["samples"]
    said = (
        f"{other} comes close: on the same deals, its margin is # behind {call}'s on average, "
        f"between # and # (95%); these {n} deals cannot tell the two apart."
        if low <= 0
        else f"The next best, {other}, is # behind {call} on the same deals, between # and # "
        f"(95%): on these deals, {call} is ahead."
    )
    close = [call_name(o["bid"]) for o in others if tied(o)][:CLOSE_CALLS]
    if close:
        calls = f"{', '.join(close[:-1])} or {close[-1]}" if len(close) > 1 else close[0]
        said += (
            f" These {n} deals cannot tell {calls} from {call}: deal by deal, each one's margin "
            "gap to it is too small or too changeable for its 95% interval to stay above 0."
        )
    assert reads(page.text("#auction-result .call-gap"), said, [gap, low, high])
    # Passing, with no contract standing: a redeal's 0, said so; and what ± is.
    assert page.text("#auction-result .call-pass") == (
        "Pass shows 0 because the advice counts a pass as if every seat then passed: a redeal, "
        "where nobody scores; it does not guess what the others would call after it. Every "
        "figure here is therefore what a call earns against that redeal: a call does better "
        "than passing when its mean margin is above 0."
    )
    assert page.text("#auction-result .call-intervals") == (
        f"± is each mean's 95% interval over the {n} deals of the hidden cards tried: the mean "
        "the advice would find with endless deals lies within it 95 times in 100. It covers the "
        "luck of the deals tried, not the limits of the model (perfect play, estimated from the "
        "four hands when a suit is trump, corrected to what tables make of it)."
    )
    page.driver.execute_script("document.getElementById('teach-auction').scrollIntoView()")
    page.screenshot("teach-me-auction")

    # Calls typed: seat 2 is to call, with its own hand.
    page.find("#auction-calls").send_keys("pass 80♥", Keys.ENTER)
    page.wait(lambda: len(asked(page, "/v1/coinche/advice/bid")) == 2)
    page.wait(lambda: call_head(page).startswith("North (2) to call"))
    later = asked(page, "/v1/coinche/advice/bid")[1]["body"]
    assert (later["bids"], later["seat"], later["hand"]) == (["pass", "80♥"], 2, COINCHE_HANDS[2])
    # Passing now leaves West's 80♥ standing: its figures are that contract's.
    assert page.text("#auction-result .call-pass") == (
        "Pass leaves the last contract standing, at its coinche level: its figures are that "
        "contract's, played out on the same deals and counted for team 0."
    )
    calls = page.find("#auction-calls")
    calls.clear()
    calls.send_keys("90H 80S", Keys.ENTER)
    page.wait(lambda: "80S" in page.text("#auction-result .unfinished"))
    assert page.find_all("#auction-result table.call-table") == []
    assert page.text("#auction-result .auction-grid td.refused") == "80♠"  # the call refused
    calls = page.find("#auction-calls")
    calls.clear()
    calls.send_keys("pass pass pass pass", Keys.ENTER)
    page.wait(lambda: page.text("#auction-result > p") == "The auction is over: no call to advise.")
    assert len(asked(page, "/v1/coinche/advice/bid")) == 2

    # In French, and past the first card: no auction any more.
    calls = page.find("#auction-calls")
    calls.clear()
    calls.send_keys("80♥", Keys.ENTER)
    page.wait(lambda: call_head(page).startswith("West (1) to call"))
    page.find("#lang-fr").click()
    page.wait(lambda: call_head(page).startswith("Ouest (1) parle ; sa main conseille : "))
    assert page.find("#auction-calls").get_attribute("value") == "80♥"
    assert page.text("#auction-result .call-why").startswith("Pourquoi ")
    assert "Passe laisse le dernier contrat tel quel" in page.text("#auction-result .call-pass")
    assert "passe" in [
        row.find_elements(By.TAG_NAME, "td")[0].text.split("\n")[0]
        for row in page.find_all("#auction-result > table.call-table tr[data-call]")
    ]
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
        f"From South (0)'s view, what it could know (its hand and the cards played), over "
        f"{samples} deals of the hidden cards, each played out perfectly: the mean points, how "
        "often the card is a best card, how often the takers make their contract."
    )
    assert page.text("#teach-result .figure-seen") == (
        "With every hand seen, what the hidden hands really held: the card points team 0 ends "
        "with under perfect play, and what the card costs against the best one."
    )
    heads = [h.text for h in page.find_all("#teach-result tr.groups th")]
    assert heads == ["from South (0)'s view", "every hand seen"]
    assert page.find_all("#teach-result .renonce-taken, #teach-result .renonce-proven") == []

    def to_move() -> int:
        seat: str = page.driver.execute_script(
            "return document.querySelector('.seat.to-move').id.slice(-1)"
        )
        return int(seat)

    # Card 9: seat 3's 10D taken at face value, proven only later.
    text = teach_at(page, 8)
    assert (
        f"{seat_name(to_move())} takes 10♦ (East (3), trick 2) at face value, as if East (3) "
        "could play no other card; it was a renonce, proven later, when East (3) plays K♥ "
        "(card 20). The "
        "hidden cards are not where this view expects them: one reason its figures differ "
        "from those with every hand seen."
    ) in text
    # Card 22: the table has seen the proof (card 20), and seat 3 is not the one to play.
    text = teach_at(page, 21)
    seat = to_move()
    assert seat != 3
    assert (
        f"10♦ (East (3), trick 2) was a renonce, proven when East (3) played K♥ (card 20): "
        f"{seat_name(seat)}'s view no longer takes it at face value."
    ) in text
    page.find("#lang-fr").click()
    page.wait(
        lambda: (
            "était une renonce, prouvée quand Est (3) a joué R♥ (carte 20)"
            in (page.text("#teach-result"))
        )
    )
    named = seat_name(seat, "fr")
    assert page.find("#teach-result tr.groups th").text == f"vue de la place {named}"
    page.assert_clean()


def auction_grid(page: Page, where: str) -> list[list[str]]:
    """An auction written down on the page: its head row of seats, then a row a round."""
    rows = page.find_all(f"{where} .auction-grid tr")
    return [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")] for row in rows]


def test_the_calls_typed_are_written_down_a_column_a_seat_and_a_row_a_round(page: Page) -> None:
    page.paste({**COINCHE, "dealer": 0, "plays": []})  # South deals: West calls first
    page.wait(lambda: page.step() == (0, 0))
    page.find("#teach").click()
    page.wait(lambda: page.find_all("#auction-result table.call-table"))
    assert page.find_all("#auction-result .auction-grid") == []  # no call yet
    page.find("#auction-calls").send_keys("pass 80♥ pass pass 90s", Keys.ENTER)
    page.wait(lambda: call_head(page).startswith("North (2) to call"))
    assert auction_grid(page, "#auction-result") == [
        ["South (0)", "West (1)", "North (2)", "East (3)"],
        ["", "pass", "80♥", "pass"],
        ["pass", "90♠", "", ""],
    ]
    calls = page.find("#auction-calls")
    calls.clear()
    calls.send_keys("pass 80♥ coinche 90S", Keys.ENTER)  # a bid after a coinche: refused
    page.wait(lambda: page.find_all("#auction-result .auction-grid td.refused"))
    assert page.text("#auction-result .auction-grid td.refused") == "90♠"
    page.find("#lang-fr").click()
    page.wait(
        lambda: (
            auction_grid(page, "#auction-result")
            == [
                ["Sud (0)", "Ouest (1)", "Nord (2)", "Est (3)"],
                ["", "passe", "80♥", "coinche"],
                ["90♠", "", "", ""],
            ]
        )
    )
    page.assert_clean()


# --- the advice's level ---------------------------------------------------------------------

# Each level as the page names it in each language, in the select and in its sentences.
LEVEL_WORDS = {
    "en": {"fast": "fast", "default": "default", "strong": "strong"},
    "fr": {"fast": "rapide", "default": "normal", "strong": "fort"},
}
CARD_ADVICE = "/v1/coinche/advice/play"
CALL_ADVICE = "/v1/coinche/advice/bid"


def asked_again(page: Page, level: str, cards: int, calls: int) -> None:
    """Wait until the page, which had asked the card and call advice `cards` and `calls` times,
    has asked both again and shown the answers at `level` (its call head says it)."""
    said = f"at the {LEVEL_WORDS['en'][level]} level.)"
    page.wait(
        lambda: (
            len(asked(page, CARD_ADVICE)) > cards
            and len(asked(page, CALL_ADVICE)) > calls
            and said in call_head(page)
            and page.find_all("#teach-result table.teach-table")
        )
    )


def test_teach_me_asks_at_the_level_chosen_and_says_it_for_the_session(page: Page) -> None:
    rules = page.driver.execute_script(
        "return fetch('/v1/rules').then((response) => response.json())"
    )
    valued_by = {level["level"]: level["valued_by"] for level in rules["bid_advice"]["levels"]}
    assert valued_by["strong"] == "search" != valued_by["default"]
    page.paste(COINCHE)
    page.wait(lambda: page.step() == (0, 32))
    choice = Select(page.find("#advice-level"))
    assert page.text(".advice-level-choice").startswith("Advice:")
    assert [option.text for option in choice.options] == ["fast", "default", "strong"]
    assert choice.first_selected_option.get_attribute("value") == "default"
    page.record_analysis("/advice/")
    page.find("#teach").click()
    try:
        # At the default level, then each level chosen: with Teach me on, asked again at once.
        for turn, level in enumerate(("default", "fast", "strong", "default")):
            if turn == 0:
                asked_again(page, level, 0, 0)  # nothing asked before the switch
            else:
                before = len(asked(page, CARD_ADVICE)), len(asked(page, CALL_ADVICE))
                choice.select_by_value(level)
                asked_again(page, level, *before)
            card, call = asked(page, CARD_ADVICE)[-1], asked(page, CALL_ADVICE)[-1]
            # The card advice has no strong level: asked at the default one, and said so. No
            # request names its deals: the level's decide.
            card_level = "default" if level == "strong" else level
            assert (card["body"]["level"], card["answer"]["level"]) == (card_level, card_level)
            assert (call["body"]["level"], call["answer"]["level"]) == (level, level)
            assert "samples" not in card["body"] and "samples" not in call["body"]
            assert page.text("#teach-result .advice-head").endswith(
                f"({card['answer']['samples']} deals of the cards it cannot see were tried, "
                f"at the {LEVEL_WORDS['en'][card_level]} level.)"
            )
            missing = [p.text for p in page.find_all("#teach-result .level-missing")]
            assert missing == (
                ["The card advice has no strong level: it was asked at the default level."]
                if level == "strong"
                else []
            )
            assert call_head(page).endswith(
                f"({call['answer']['samples']} deals of the cards it cannot see were tried, "
                f"at the {LEVEL_WORDS['en'][level]} level.)"
            )
            model = (
                "perfect play, estimated from the four hands when a suit is trump, corrected "
                "to what tables make of it"
                if valued_by[level] == "model"
                else "perfect play, corrected to what tables make of it"
            )
            assert page.text("#auction-result .call-intervals").endswith(
                f"not the limits of the model ({model})."
            )

        # Strong, in French: the select's words, the level said, the card advice's missing.
        before = len(asked(page, CARD_ADVICE)), len(asked(page, CALL_ADVICE))
        choice.select_by_value("strong")
        asked_again(page, "strong", *before)
        page.find("#lang-fr").click()
        page.wait(lambda: "au niveau fort.)" in call_head(page))
        page.wait(lambda: page.find_all("#teach-result .level-missing"))
        choice = Select(page.find("#advice-level"))
        assert page.text(".advice-level-choice").startswith("Conseil :")
        assert [option.text for option in choice.options] == ["rapide", "normal", "fort"]
        assert page.text("#teach-result .level-missing") == (
            "Le conseil de carte n'a pas de niveau fort : il a été demandé au niveau normal."
        )
        assert page.text("#teach-result .advice-head").endswith(
            "donnes des cartes qu'il ne voit pas ont été essayées, au niveau normal.)"
        )
        page.driver.execute_script("document.getElementById('teach-switch').scrollIntoView()")
        page.screenshot("teach-me-level")
        page.assert_clean()

        # The choice holds for the session: the page opened again (the same tab) asks at it.
        page.open()
        choice = Select(page.find("#advice-level"))
        assert choice.first_selected_option.get_attribute("value") == "strong"
        page.paste(COINCHE)
        page.wait(lambda: page.step() == (0, 32))
        assert choice.first_selected_option.text == "strong"  # shown with the record
        page.record_analysis("/advice/")
        page.find("#teach").click()
        asked_again(page, "strong", 0, 0)
        assert [request["body"]["level"] for request in asked(page, CARD_ADVICE)] == ["default"]
        assert [request["body"]["level"] for request in asked(page, CALL_ADVICE)] == ["strong"]
        page.assert_clean()
    finally:
        page.driver.execute_script("sessionStorage.clear()")  # the next tests at the default
