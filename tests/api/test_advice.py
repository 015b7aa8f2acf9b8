"""POST /v1/advice/play, /v1/coinche/advice/play, /v1/advice/take and /v1/coinche/advice/bid:
shapes, the answer from one seat's view (never from hands the body would carry), and the
422s."""

from __future__ import annotations

import random
from typing import Any
from unittest.mock import ANY

from flask.testing import FlaskClient

from service.rules import Suit
from service.rules.advice.policy import DEFAULT_COINCHE_RISK
from support.deals import play_deal
from tests.api.helpers import FRENCH, answer, problems
from tests.rules.builders import codes

PLAY, COINCHE_PLAY, TAKE = "/v1/advice/play", "/v1/coinche/advice/play", "/v1/advice/take"


def seat_view(seed: int, plays: int) -> tuple[dict[str, Any], list[list[str]]]:
    """A deal of random legal plays from `random.Random(seed)` as the seat to play sees it
    (the body of /v1/advice/play), and the hands, which the body does not carry."""
    record = play_deal(random.Random(seed), plays).record
    assert record.hands is not None
    hands = [codes(hand) for hand in record.hands]
    body: dict[str, Any] = {
        "dealer": record.dealer,
        "trump": str(Suit(record.strain)),
        "taker": record.taker,
        "plays": codes(record.plays),
    }
    return body, hands


def test_the_advice_answers_every_legal_card_from_the_seat_s_view(client: FlaskClient) -> None:
    body, hands = seat_view(5, 0)
    seat = (body["dealer"] + 1) % 4
    # A long budget: the analyses run at a lower priority, and a loaded machine slows them.
    asked = {**body, "seat": seat, "hand": hands[seat], "samples": 8, "budget_ms": 10_000}
    advice = answer(client, PLAY, asked)
    assert set(advice) == {
        "seat",
        "card",
        "moves",
        "samples",
        "deals",
        "exact",
        "forced",
        "objective",
        "elapsed_ms",
        "assumed_renonces",
        "level",
    }
    assert advice["objective"] == "score" and advice["forced"] is False
    assert advice["level"] == "default"
    assert advice["seat"] == seat and advice["card"] in hands[seat]
    assert [move["card"] for move in advice["moves"]] == hands[seat]  # leading: any card
    assert advice["samples"] == 8 and advice["deals"] == 9_465_511_770
    assert advice["exact"] is False
    for move in advice["moves"]:
        assert set(move) == {
            "card",
            "points",
            "loss",
            "best_share",
            "made_share",
            "score",
            "margin",
        }
        assert 0 <= move["points"] <= 162 and move["loss"] >= 0
        assert move["score"] >= 0 and move["margin"] <= move["score"]
        assert 0 <= move["best_share"] <= 1 and 0 <= move["made_share"] <= 1
    # The card of the best mean margin; under "points", of the least mean loss.
    best = max(move["margin"] for move in advice["moves"])
    tied = [move for move in advice["moves"] if move["margin"] == best]
    assert advice["card"] == min(tied, key=lambda m: m["loss"])["card"]
    by_points = answer(client, PLAY, {**asked, "objective": "points"})
    assert by_points["objective"] == "points"
    assert by_points["card"] == min(by_points["moves"], key=lambda m: m["loss"])["card"]


def test_an_unknown_objective_is_refused_by_name(client: FlaskClient) -> None:
    body, hands = seat_view(8, 13)
    asked = {**body, "seat": 0, "hand": hands[0][:3], "objective": "tricks"}
    response = client.post(PLAY, json=asked)
    assert response.status_code == 422
    assert "/objective" in {error["pointer"] for error in response.get_json()["errors"]}


def test_a_forced_card_comes_without_figures_when_they_are_not_asked(
    client: FlaskClient,
) -> None:
    body, hands = seat_view(8, 28)  # the last trick: one card each, forced
    solved = answer(client, "/v1/analysis/solve", {**body, "hands": hands})
    seat = solved["to_move"]
    held = [card for card in hands[seat] if card not in body["plays"]]
    asked = {**body, "seat": seat, "hand": held, "samples": 4}
    full = answer(client, PLAY, asked)
    assert (full["card"], full["forced"]) == (held[0], True)
    assert full["samples"] == min(4, full["deals"]) > 0
    assert [move["card"] for move in full["moves"]] == held
    quick = answer(client, PLAY, {**asked, "figures_when_forced": False})
    assert (quick["card"], quick["forced"], quick["moves"], quick["samples"]) == (
        held[0],
        True,
        [],
        0,
    )
    assert quick["deals"] == full["deals"]
    response = client.post(PLAY, json={**asked, "figures_when_forced": "no"})
    assert response.status_code == 422
    assert {e["pointer"] for e in response.get_json()["errors"]} == {"/figures_when_forced"}


def test_the_same_body_and_seed_give_the_same_advice(client: FlaskClient) -> None:
    body, hands = seat_view(8, 13)
    solved = answer(client, "/v1/analysis/solve", {**body, "hands": hands})
    seat = solved["to_move"]
    held = [card for card in hands[seat] if card not in body["plays"]]
    asked = {**body, "seat": seat, "hand": held, "samples": 6, "seed": "table 9"}
    first, again = answer(client, PLAY, asked), answer(client, PLAY, asked)
    assert {**first, "elapsed_ms": 0} == {**again, "elapsed_ms": 0}
    assert [move["card"] for move in first["moves"]] == [move["card"] for move in solved["moves"]]
    assert first["card"] in [move["card"] for move in solved["moves"]]


def test_determined_unseen_cards_answer_the_perfect_play_card(client: FlaskClient) -> None:
    # Seed 2674 of play_deal after 20 plays (tests/rules/advice/test_advise.py: DETERMINED): the
    # voids the plays show leave one deal of the unseen cards.
    hands = [
        ["KS", "KD", "AH", "AD", "10S", "8H", "7C", "10H"],
        ["7S", "AS", "JS", "8S", "7H", "QD", "9S", "QC"],
        ["AC", "KH", "JC", "QS", "8C", "JD", "10C", "9C"],
        ["JH", "KC", "QH", "8D", "7D", "9H", "10D", "9D"],
    ]
    plays = [
        "KS",
        "AS",
        "QS",
        "9D",
        "KC",
        "7C",
        "QC",
        "JC",
        "10D",
        "AD",
        "QD",
        "JD",
        "AC",
        "8D",
        "KD",
        "JS",
        "AH",
        "7H",
        "KH",
        "QH",
    ]
    body = {"dealer": 3, "trump": "D", "taker": 3, "plays": plays}
    held = [card for card in hands[0] if card not in plays]
    advice = answer(client, PLAY, {**body, "seat": 0, "hand": held})
    solved = answer(client, "/v1/analysis/solve", {**body, "hands": hands})
    assert (advice["exact"], advice["deals"], advice["samples"]) == (True, 1, 1)
    best = {move["card"] for move in solved["moves"] if move["loss"] == 0}
    assert advice["card"] in best
    assert [m["loss"] for m in advice["moves"]] == [m["loss"] for m in solved["moves"]]


def test_a_coinche_deal_is_advised_under_its_strain(client: FlaskClient) -> None:
    body, hands = seat_view(3, 24)
    solved = answer(client, "/v1/analysis/solve", {**body, "hands": hands})
    seat = solved["to_move"]
    held = [card for card in hands[seat] if card not in body["plays"]]
    contract = {"taker": body["taker"], "value": 80, "strain": "TA"}
    coinche = {
        "dealer": body["dealer"],
        "contract": contract,
        "plays": body["plays"],
        "rules": {"sa_ta": True},
        "seat": seat,
        "hand": held,
        "samples": 4,
    }
    response = client.post(COINCHE_PLAY, json=coinche)
    # The plays were legal under the trump suit; under TA some may be renonces, or the
    # voids contradictory: either a verdict or a 422 naming the plays, never a 500.
    assert response.status_code in (200, 422)
    if response.status_code == 200:
        assert response.get_json()["card"] in held


def test_the_coinche_card_advice_reads_the_auction_when_asked(client: FlaskClient) -> None:
    """`bids`, the auction that made the contract, with `inference` `calls`: each deal weighs
    how likely the other seats' calls were with its hands; calls that do not make the
    contract are a 422 at /bids."""
    body, hands = seat_view(8, 13)
    taker = (body["dealer"] + 2) % 4  # the second to speak takes 90 in hearts
    coinche = {
        "dealer": body["dealer"],
        "contract": {"taker": taker, "value": 90, "strain": "H"},
        "plays": body["plays"][:4],
        "samples": 6,
        "seed": "auction",
        "bids": ["80S", "90H", "pass", "pass", "pass"],
    }
    # Seat to play after the first trick: ask the replay who it is, with its cards.
    replayed = answer(
        client,
        "/v1/coinche/deals/replay",
        {k: v for k, v in coinche.items() if k in ("dealer", "contract", "plays")},
    )
    to_move = replayed["to_move"]
    coinche["seat"] = to_move
    coinche["hand"] = [c for c in hands[to_move] if c not in coinche["plays"]]
    plain = answer(client, COINCHE_PLAY, coinche)
    weighed = answer(client, COINCHE_PLAY, {**coinche, "inference": "calls"})
    assert plain["samples"] == weighed["samples"] == 6
    assert [m["card"] for m in plain["moves"]] == [m["card"] for m in weighed["moves"]]
    assert plain["moves"] != weighed["moves"]  # the same deals, weighed otherwise
    found = problems(client, COINCHE_PLAY, {**coinche, "bids": ["80S", "pass", "pass", "pass"]})
    assert list(found) == ["/bids"]
    found = problems(client, COINCHE_PLAY, {**coinche, "inference": "bridge"})
    assert list(found) == ["/inference"]


def test_the_hands_are_never_taken(client: FlaskClient) -> None:
    body, hands = seat_view(5, 0)
    seat = (body["dealer"] + 1) % 4
    found = problems(client, PLAY, {**body, "seat": seat, "hand": hands[seat], "hands": hands})
    assert list(found) == ["/hands"]


def test_a_body_with_hands_is_told_why_and_where_to_ask(client: FlaskClient) -> None:
    """Issue 31, item 7: `hands` was refused as "Unknown field.", with no reason."""
    body, hands = seat_view(5, 0)
    seat = (body["dealer"] + 1) % 4
    asked = {**body, "seat": seat, "hand": hands[seat], "hands": hands}
    assert problems(client, PLAY, asked) == {
        "/hands": "The advice answers from one seat's view and must not see the other hands; "
        "for perfect play with every hand known, ask /v1/analysis/solve."
    }
    assert problems(client, PLAY, asked, **FRENCH)["/hands"] == (
        "Le conseil répond du point de vue d'une place et ne doit pas voir les autres mains ; "
        "pour le jeu parfait, toutes les mains connues, demandez /v1/analysis/solve."
    )
    coinche = {"dealer": 0, "contract": {"taker": 0, "value": 80, "strain": "H"}, "plays": []}
    found = problems(client, COINCHE_PLAY, {**coinche, "seat": 1, "hand": ["7S"], "hands": []})
    assert found["/hands"].endswith("ask /v1/coinche/analysis/solve.")
    assert problems(client, PLAY, {**asked, "hand_s": 1})["/hand_s"] == "Unknown field."


def test_advice_is_for_the_seat_to_play_with_its_cards(client: FlaskClient) -> None:
    body, hands = seat_view(5, 0)
    seat = (body["dealer"] + 1) % 4
    other = (seat + 1) % 4
    found = problems(client, PLAY, {**body, "seat": other, "hand": hands[other]})
    assert found == {
        "/seat": f"Seat {other} is not to play: advice is for the seat to play, seat {seat}."
    }
    found = problems(client, PLAY, {**body, "seat": seat, "hand": hands[seat][:7]}, **FRENCH)
    assert found == {"/hand": "Une main a ici 8 cartes, pas 7."}
    # The turned card is the taker's: not in the hand of a seat that did not take, and in
    # the taker's own.
    turned = hands[other][0] if body["taker"] == seat else hands[seat][0]
    found = problems(client, PLAY, {**body, "seat": seat, "hand": hands[seat], "turned": turned})
    assert list(found) == ["/turned"]


def test_samples_and_seed_are_bounded(client: FlaskClient) -> None:
    body, hands = seat_view(5, 0)
    seat = (body["dealer"] + 1) % 4
    asked = {**body, "seat": seat, "hand": hands[seat]}
    assert list(problems(client, PLAY, {**asked, "samples": 0})) == ["/samples"]
    assert list(problems(client, PLAY, {**asked, "samples": 257})) == ["/samples"]
    assert list(problems(client, PLAY, {**asked, "seed": "x" * 201})) == ["/seed"]
    assert list(problems(client, PLAY, {**asked, "budget_ms": 10_001})) == ["/budget_ms"]


def test_the_take_advice_values_each_bid_and_passing(client: FlaskClient) -> None:
    asked = {"dealer": 0, "seat": 1, "hand": ["JH", "9H", "AH", "10H", "KH"], "turned": "QH"}
    first = answer(client, TAKE, {**asked, "round": 1, "samples": 3, "budget_ms": 10_000})
    assert set(first) == {"advice", "options", "samples", "elapsed_ms", "level"}
    # The six best trumps, leading: made whatever the others hold, most often capot.
    take, passing = first["options"]
    assert take["bid"] == "take" and take["made_share"] == 1.0
    assert 162 < take["expected_score"] <= 272 and take["expected_margin"] > 0
    assert passing == {
        "bid": "pass",
        "expected_score": 0.0,
        "expected_margin": 0.0,
        "made_share": None,
        "score_interval": [0.0, 0.0],  # a redeal: 0 in every deal
        "margin_interval": [0.0, 0.0],
        "margin_gap_interval": take["margin_interval"],  # behind taking as taking is ahead of 0
    }
    assert take["margin_gap_interval"] == [0.0, 0.0]  # the advice itself
    assert first["advice"] == "take" and first["samples"] == 3
    second = answer(client, TAKE, {**asked, "round": 2, "samples": 2, "budget_ms": 10_000})
    assert [option["bid"] for option in second["options"]] == ["S", "D", "C", "pass"]
    assert second["advice"] in ("S", "D", "C", "pass")


def test_the_take_advice_refuses_what_no_table_sees(client: FlaskClient) -> None:
    asked = {"dealer": 0, "seat": 1, "hand": ["JH", "9H", "AH", "10H", "KH"], "round": 1}
    assert list(problems(client, TAKE, {**asked, "turned": "JH"})) == ["/turned"]
    assert list(problems(client, TAKE, {**asked, "turned": "QH", "round": 3})) == ["/round"]
    short = {**asked, "turned": "QH", "hand": asked["hand"][:4]}
    assert list(problems(client, TAKE, short)) == ["/hand"]


# --- the coinche auction ---------------------------------------------------------------------

BID = "/v1/coinche/advice/bid"
STRONG = ["JH", "9H", "AH", "10H", "AS", "AD", "7C", "8C"]


def test_the_call_advice_values_every_legal_call(client: FlaskClient) -> None:
    asked = {"dealer": 3, "bids": [], "seat": 0, "hand": STRONG, "samples": 8, "seed": "t"}
    advice = answer(client, BID, {**asked, "budget_ms": 10_000})
    assert set(advice) == {"advice", "options", "samples", "elapsed_ms", "level"}
    legal = answer(client, "/v1/coinche/bidding", {"dealer": 3, "bids": []})["legal"]
    assert [option["bid"] for option in advice["options"]] == legal
    assert advice["options"][0] == {
        "bid": "pass",
        "expected_score": 0.0,
        "expected_margin": 0.0,
        "made_share": None,
        "score_interval": [0.0, 0.0],
        "margin_interval": [0.0, 0.0],
        "margin_gap_interval": advice["options"][0]["margin_gap_interval"],
    }
    assert advice["advice"].endswith("H") and advice["samples"] == 8
    assert advice["level"] == "default"
    # The same body, the same seed: the same answer; inference "calls" is accepted.
    again = answer(client, BID, {**asked, "budget_ms": 10_000, "inference": "calls"})
    assert again["options"] == advice["options"]  # no call before: every deal weighs 1


INTERVALS = ("score_interval", "margin_interval", "margin_gap_interval")


def test_each_call_s_means_come_with_their_intervals(client: FlaskClient) -> None:
    asked = {"dealer": 3, "bids": ["pass"], "seat": 1, "hand": STRONG, "seed": "t"}
    advice = answer(client, BID, {**asked, "samples": 8, "budget_ms": 10_000})
    for option in advice["options"]:
        for mean, key in (
            ("expected_score", "score_interval"),
            ("expected_margin", "margin_interval"),
        ):
            low, high = option[key]
            assert low <= option[mean] <= high
    # How far behind the advice each call's margin is, deal by deal: the advice, not at all.
    advised = {o["bid"]: o for o in advice["options"]}[advice["advice"]]
    assert advised["margin_gap_interval"] == [0.0, 0.0]
    for option in advice["options"]:
        low, high = option["margin_gap_interval"]
        gap = advised["expected_margin"] - option["expected_margin"]
        assert gap >= 0 and low - 1e-9 <= gap <= high + 1e-9
    # One deal says nothing of how the deals spread: every interval null, never left out.
    lone = answer(client, BID, {**asked, "samples": 1, "budget_ms": 10_000})
    for option in lone["options"]:
        assert [option[key] for key in INTERVALS] == [None, None, None]


def test_the_call_advice_reads_the_calls_and_plays_at_the_table_unless_asked(
    client: FlaskClient,
) -> None:
    asked = {"dealer": 3, "bids": ["100S"], "seat": 1, "hand": STRONG, "samples": 2}
    body = {**asked, "seed": "t", "budget_ms": 10_000, "level": "strong"}
    default = answer(client, BID, body)
    named = answer(client, BID, {**body, "inference": "calls", "play": "table"})
    assert named["options"] == default["options"]
    # Perfect play as it is: every contract made or not in each deal, a share of 2 deals.
    perfect = answer(client, BID, {**body, "play": "perfect"})
    assert {o["made_share"] for o in perfect["options"]} <= {0.0, 0.5, 1.0}
    assert perfect["options"] != default["options"]
    uniform = answer(client, BID, {**body, "inference": "none"})
    assert uniform["options"] != default["options"]
    assert list(problems(client, BID, {**asked, "play": "dreamed"})) == ["/play"]


def test_the_call_advice_weighs_the_defenders_coinche_as_asked(client: FlaskClient) -> None:
    body = {"dealer": 3, "bids": [], "seat": 0, "hand": STRONG, "samples": 4, "seed": "t"}
    default = answer(client, BID, body)
    assert answer(client, BID, {**body, "coinche_risk": DEFAULT_COINCHE_RISK}) == {
        **default,
        "elapsed_ms": ANY,
    }
    margins = [
        {
            o["bid"]: o["expected_margin"]
            for o in answer(client, BID, {**body, "coinche_risk": r})["options"]
        }
        for r in (0, 1)
    ]
    # A coinche where a bid falls costs its team: no bid is worth more for it; the highest,
    # which fall the most, are worth less.
    assert all(margins[1][bid] <= margins[0][bid] for bid in margins[0])
    assert margins[1]["160H"] < margins[0]["160H"]
    assert margins[1]["pass"] == margins[0]["pass"] == 0.0  # a redeal
    for risk in (-0.1, 1.5, "half", "0.5", True, 10**18):
        assert list(problems(client, BID, {**body, "coinche_risk": risk})) == ["/coinche_risk"]


def test_the_call_advice_takes_bids_as_the_bidding_does(client: FlaskClient) -> None:
    asked = {"dealer": 3, "seat": 2, "hand": STRONG, "samples": 1, "budget_ms": 10_000}
    advice = answer(client, BID, {**asked, "bids": ["90♥", "Coinche"]})
    assert [option["bid"] for option in advice["options"]] == ["pass", "surcoinche"]


def test_the_call_advice_is_for_the_seat_to_call_in_an_open_auction(
    client: FlaskClient,
) -> None:
    asked = {"dealer": 3, "hand": STRONG, "samples": 1}
    found = problems(client, BID, {**asked, "bids": ["pass"], "seat": 0})
    assert found == {"/seat": "Seat 0 is not to call: advice is for the seat to call, seat 1."}
    over = {**asked, "bids": ["80S", "pass", "pass", "pass"], "seat": 0}
    assert problems(client, BID, over, **FRENCH) == {
        "/bids/3": "Les enchères ont fini sur pass : il n'y a plus d'annonce à conseiller."
    }
    illegal = {**asked, "bids": ["90S", "80H"], "seat": 2}
    assert problems(client, BID, illegal) == {
        "/bids/1": "The call 80H is not legal here: advice needs a legal auction "
        "(/v1/coinche/bidding says why)."
    }
    assert list(problems(client, BID, {**asked, "bids": ["100x"], "seat": 1})) == ["/bids/0"]
    short = {**asked, "bids": [], "seat": 0, "hand": STRONG[:7]}
    assert list(problems(client, BID, short)) == ["/hand"]
    twice = {**asked, "bids": [], "seat": 0, "hand": [*STRONG[:7], "JH"]}
    assert list(problems(client, BID, twice)) == ["/hand/7"]
    assert list(problems(client, BID, {**asked, "seat": 0, "inference": "x"})) == ["/inference"]


def test_the_take_advice_takes_the_inference_option(client: FlaskClient) -> None:
    asked = {"dealer": 0, "seat": 2, "hand": ["JH", "9H", "AH", "10H", "KH"], "turned": "QH"}
    body = {**asked, "round": 1, "samples": 2, "budget_ms": 10_000}
    uniform = answer(client, TAKE, body)
    named = answer(client, TAKE, {**body, "inference": "none"})  # the default
    assert named["options"] == uniform["options"]
    # Seat 2 speaks third: the two passes before it weigh the deals.
    weighed = answer(client, TAKE, {**body, "inference": "calls"})
    assert weighed["samples"] == uniform["samples"] == 2
    assert weighed["options"] != uniform["options"]
    assert list(problems(client, TAKE, {**body, "inference": "all"})) == ["/inference"]


def test_a_strong_hand_bids_and_sevens_and_eights_pass(client: FlaskClient) -> None:
    asked = {"dealer": 3, "bids": ["pass"], "seat": 1, "samples": 16, "budget_ms": 10_000}
    strong = answer(client, BID, {**asked, "hand": STRONG})
    assert strong["advice"] != "pass" and strong["advice"].endswith("H")
    hearts = {o["bid"]: o for o in strong["options"]}[strong["advice"]]
    assert hearts["expected_margin"] > 0 and hearts["made_share"] >= 0.75
    weak = answer(client, BID, {**asked, "hand": ["7S", "8S", "7H", "8H", "7D", "8D", "7C", "8C"]})
    assert weak["advice"] == "pass"
    assert all(o["expected_margin"] < 0 for o in weak["options"][1:])


def test_opponents_at_160_against_our_master_trumps_are_coinched(client: FlaskClient) -> None:
    hand = ["JS", "9S", "AS", "10S", "AH", "AD", "7C", "8C"]
    asked = {"dealer": 3, "bids": ["160S"], "seat": 1, "hand": hand, "samples": 4}
    advice = answer(client, BID, {**asked, "budget_ms": 10_000})
    assert advice["advice"] == "coinche"
    found = {o["bid"]: o for o in advice["options"]}
    assert found["coinche"]["made_share"] == 0.0
    assert found["coinche"]["expected_margin"] > found["pass"]["expected_margin"] > 0


def test_a_coinched_contract_we_make_is_surcoinched(client: FlaskClient) -> None:
    bids = ["80H", "coinche", "pass", "pass"]
    asked = {"dealer": 3, "bids": bids, "seat": 0, "hand": STRONG, "samples": 4}
    advice = answer(client, BID, {**asked, "budget_ms": 10_000})
    assert [o["bid"] for o in advice["options"]] == ["pass", "surcoinche"]
    assert advice["advice"] == "surcoinche"


def test_the_call_advice_honours_its_budget(client: FlaskClient) -> None:
    asked = {"dealer": 3, "bids": [], "seat": 0, "hand": STRONG, "samples": 256}
    asked["level"] = "strong"
    # 256 deals searched take far longer than 30 ms: the budget stops the advice early (the
    # clock's own test, with a clock that the test moves, is tests/rules/advice/test_bid.py's).
    advice = answer(client, BID, {**asked, "budget_ms": 30})
    assert advice["samples"] < 256 and advice["elapsed_ms"] >= 0


def test_each_advice_says_its_level_and_refuses_an_unknown_one(client: FlaskClient) -> None:
    body, hands = seat_view(5, 24)  # two tricks left, seat 2 to lead
    held = [card for card in hands[2] if card not in body["plays"]]
    late = {**body, "seat": 2, "hand": held, "budget_ms": 10_000, "seed": "t"}
    fast = answer(client, PLAY, {**late, "level": "fast"})
    assert fast["level"] == "fast" and fast["samples"] <= 8
    assert answer(client, PLAY, late)["level"] == "default"
    # No strong card: none beat the default in duplicate (docs/benchmarks.md).
    assert list(problems(client, PLAY, {**late, "level": "strong"})) == ["/level"]
    take = {"dealer": 0, "seat": 1, "hand": ["JH", "9H", "AS", "10S", "7D"], "turned": "AH"}
    take.update(round=1, seed="t")
    for level, deals in (("fast", 16), ("default", 32)):
        taken = answer(client, "/v1/advice/take", {**take, "level": level})
        assert (taken["level"], taken["samples"]) == (level, deals)
    strong = answer(client, "/v1/advice/take", {**take, "level": "strong", "samples": 2})
    assert (strong["level"], strong["samples"]) == ("strong", 2)
    assert list(problems(client, "/v1/advice/take", {**take, "level": "best"})) == ["/level"]
    call = {"dealer": 3, "bids": [], "seat": 0, "hand": STRONG, "level": "fast"}
    assert answer(client, BID, call)["samples"] == 16
    assert list(problems(client, BID, {**call, "level": "slow"})) == ["/level"]
