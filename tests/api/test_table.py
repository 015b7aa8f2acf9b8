"""service/api/table.py: POST /v1/table and /v1/coinche/table, a card room's table. A room
sends the record and an action, and sends back the answer's `record`: these tests play whole
games so, keeping no rule of the game, as a room would."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.rules.advice.policy import BID_LEVELS, card_samples
from tests.api.helpers import answer, problems

TABLES = {"classic": "/v1/table", "coinche": "/v1/coinche/table"}
SEED = "table 12, deal 7, 2026-11-29"


def new_deal(dealer: int, n: int, game: list[Any], rules: dict[str, Any]) -> dict[str, Any]:
    return {"seed": f"{SEED} #{n}", "dealer": dealer, "game": game, "rules": rules}


def play_game(
    client: FlaskClient, variant: str, rules: dict[str, Any], chooser: random.Random
) -> tuple[dict[str, Any], list[Any], int]:
    """A whole game, every seat choosing at random among the legal actions, as a room's loop
    does: the table says whose turn it is and what may be done; the loop sends back `record`.
    The last table, the game's deals as the tables gave them, and the calls made."""
    path = TABLES[variant]
    body = new_deal(0, 0, [], rules)
    state = answer(client, path, body)
    calls, deals = 1, 0
    while state["phase"] != "game_over":
        if state["phase"] in ("deal_over", "redeal"):
            deals += 1
            game = body["game"] + ([state["game_entry"]] if state["phase"] == "deal_over" else [])
            body = new_deal(state["next_dealer"], deals, game, rules)
            state = answer(client, path, body)
            calls += 1
            continue
        choice = chooser.choice(state["legal"])
        action = {
            "seat": state["to_act"],
            "call" if state["phase"] == "auction" else "card": choice,
        }
        state = answer(client, path, {**body, "action": action})
        calls += 1
        assert state["verdict"]["legal"], state["verdict"]
        body = {**body, **state["record"]}
    return state, [*body["game"], state["game_entry"]], calls


@pytest.mark.parametrize("variant", ["classic", "coinche"])
def test_a_whole_game_to_the_target(client: FlaskClient, variant: str) -> None:
    rules = {"target": 500}
    state, game, calls = play_game(client, variant, rules, random.Random(variant))
    assert state["game"]["finished"] and state["game"]["winner"] in (0, 1)
    assert state["to_act"] is None and state["legal"] == []
    # The game as the room kept it is the game games/score scores.
    path = TABLES[variant].replace("table", "games/score")
    scored = answer(client, path, {"deals": game, "rules": rules})
    assert scored["totals"] == state["game"]["totals"]
    assert (scored["finished"], scored["winner"]) == (True, state["game"]["winner"])
    # One call per action, one per deal dealt.
    assert calls < len(game) * (32 + 40 + 1) + 50


def play_game_dealt_ahead(
    client: FlaskClient, variant: str, rules: dict[str, Any], chooser: random.Random
) -> tuple[dict[str, Any], int, int]:
    """`play_game`'s game, each deal given ahead (`next_deal`): the last table, the calls made
    and the actions among them."""
    path = TABLES[variant]
    body = {**new_deal(0, 0, [], rules), "next_deal": {"seed": f"{SEED} #1"}}
    state, calls, actions, deals = answer(client, path, body), 1, 0, 1
    while state["phase"] != "game_over":
        kind = "call" if state["phase"] == "auction" else "card"
        action = {"seat": state["to_act"], kind: chooser.choice(state["legal"])}
        state = answer(client, path, {**body, "action": action})
        calls, actions = calls + 1, actions + 1
        body = {**body, **state["record"]}
        if state["next"] is not None:
            next_deal = {"seed": f"{SEED} #{deals + 1}"}
            body = {**state["next"]["body"], "next_deal": next_deal, "rules": rules}
            state, deals = state["next"]["table"], deals + 1
    return state, calls, actions


@pytest.mark.parametrize("variant", ["classic", "coinche"])
def test_a_deal_given_ahead_opens_as_the_last_one_ends(client: FlaskClient, variant: str) -> None:
    rules = {"target": 500}
    state, _, _ = play_game(client, variant, rules, random.Random(variant))
    ahead, calls, actions = play_game_dealt_ahead(client, variant, rules, random.Random(variant))
    # The same game, and a call for each action: one more, to see the first deal.
    assert ahead["game"] == state["game"] and ahead["phase"] == "game_over"
    assert calls == actions + 1


def test_the_next_deal_comes_only_once_the_deal_is_over(client: FlaskClient) -> None:
    body = {"seed": SEED, "dealer": 3, "next_deal": {"seed": f"{SEED} #1"}}
    assert answer(client, TABLES["coinche"], body)["next"] is None
    passed = {**body, "calls": ["pass"] * 3, "action": {"seat": 3, "call": "pass"}}
    redealt = answer(client, TABLES["coinche"], passed)
    assert redealt["phase"] == "redeal"
    following = redealt["next"]
    given = {"seed": f"{SEED} #1", "deck": None, "hands": None}
    assert following["body"] == {"dealer": 0, **given, "game": []}
    assert (following["table"]["phase"], following["table"]["to_act"]) == ("auction", 1)
    again = answer(client, TABLES["coinche"], {**following["body"]})
    assert again == {**following["table"], "next": None}


def test_a_next_deal_that_cannot_be_dealt(client: FlaskClient) -> None:
    dealt = answer(client, "/v1/coinche/deals/deal", {"seed": SEED, "dealer": 0})
    deck = [card for hand in dealt["hands"] for card in hand]
    body = {"seed": SEED, "dealer": 0, "next_deal": {"deck": deck[:31]}}
    assert list(problems(client, TABLES["coinche"], body)) == ["/next_deal/deck"]
    both = {**body, "next_deal": {"deck": deck, "seed": SEED}}
    assert list(problems(client, TABLES["coinche"], both)) == ["/next_deal/seed"]


def test_a_deal_over_scores_as_the_replay(client: FlaskClient) -> None:
    body = new_deal(3, 0, [], {})
    state = answer(client, TABLES["coinche"], body)
    while state["phase"] == "auction":
        call = "80S" if "80S" in state["legal"] else "pass"
        state = answer(
            client, TABLES["coinche"], {**body, "action": {"seat": state["to_act"], "call": call}}
        )
        body = {**body, **state["record"]}
    hands = state["hands"]
    while state["phase"] == "play":
        action = {"seat": state["to_act"], "card": state["legal"][-1]}
        state = answer(client, TABLES["coinche"], {**body, "action": action})
        body = {**body, **state["record"]}
    replay = answer(
        client,
        "/v1/coinche/deals/replay",
        {"dealer": 3, "contract": state["contract"], "plays": body["plays"], "hands": hands},
    )
    assert state["phase"] == "deal_over" and state["score"] == replay["score"]
    assert state["game_entry"]["points"] == replay["points"]


def test_an_action_out_of_turn_is_a_200_verdict(client: FlaskClient) -> None:
    body = new_deal(0, 0, [], {})
    state = answer(client, TABLES["coinche"], {**body, "action": {"seat": 3, "call": "pass"}})
    assert state["verdict"] == {
        "legal": False,
        "code": "not_to_act",
        "message": "Seat 3 is not to act: seat 1 is.",
        "violation": None,
    }
    assert state["record"]["calls"] == [] and state["to_act"] == 1


def test_an_illegal_card_under_stand_is_a_renonce_the_other_team_claims(
    client: FlaskClient,
) -> None:
    rules = {"illegal_card": "stand"}
    body = {**new_deal(3, 0, [], rules), "calls": ["80H", "pass", "pass", "pass"]}
    state = answer(client, TABLES["coinche"], body)
    while not state["illegal"]:
        action = {"seat": state["to_act"], "card": state["legal"][0]}
        state = answer(client, TABLES["coinche"], {**body, "action": action})
        body = {**body, **state["record"]}
    offender = state["to_act"]
    card = state["illegal"][0]["card"]
    stands = answer(client, TABLES["coinche"], {**body, "action": {"seat": offender, "card": card}})
    assert stands["verdict"]["code"] == "renonce_stands" and not stands["verdict"]["legal"]
    assert stands["verdict"]["violation"] == state["illegal"][0]["violation"]
    assert [r["seat"] for r in stands["renonces"]] == [offender]
    body = {**body, **stands["record"]}
    claimant = (offender + 1) % 4
    claimed = answer(
        client, TABLES["coinche"], {**body, "action": {"seat": claimant, "claim": "renonce"}}
    )
    assert claimed["verdict"]["legal"] and claimed["phase"] == "deal_over"
    assert claimed["score"]["renonce"] == offender % 2
    assert claimed["score"]["score"][offender % 2] == 0
    assert claimed["record"]["claim"] == {"seat": claimant, "claim": "renonce"}
    assert claimed["game_entry"]["renonce"] == offender % 2
    # Sent back as it is, the record gives the same table.
    again = answer(client, TABLES["coinche"], {**body, **claimed["record"]})
    assert again["score"] == claimed["score"] and again["verdict"] is None


def test_under_refuse_the_illegal_card_is_not_played(client: FlaskClient) -> None:
    body = {**new_deal(3, 0, [], {}), "calls": ["80H", "pass", "pass", "pass"]}
    state = answer(client, TABLES["coinche"], body)
    while not state["illegal"]:
        action = {"seat": state["to_act"], "card": state["legal"][0]}
        state = answer(client, TABLES["coinche"], {**body, "action": action})
        body = {**body, **state["record"]}
    card = state["illegal"][0]["card"]
    refused = answer(
        client, TABLES["coinche"], {**body, "action": {"seat": state["to_act"], "card": card}}
    )
    assert refused["verdict"]["code"] == "illegal_card"
    assert refused["record"] == state["record"] and refused["renonces"] == []


def test_belote_said_at_the_table(client: FlaskClient) -> None:
    hands = [
        ["KS", "AS", "KD", "AD", "JC", "QC", "KC", "AC"],
        ["KH", "QH", "JH", "9H", "7S", "8S", "7D", "8D"],
        ["AH", "10H", "9S", "10S", "9D", "10D", "7C", "8C"],
        ["8H", "7H", "JS", "QS", "JD", "QD", "9C", "10C"],
    ]
    body = {"hands": hands, "dealer": 0, "calls": ["80H", "pass", "pass", "pass"]}
    state = answer(client, TABLES["coinche"], body)
    assert state["announceable"] == ["belote"]
    said = answer(client, TABLES["coinche"], {**body, "action": {"seat": 1, "announce": "belote"}})
    assert said["verdict"]["legal"]
    assert said["record"]["announcements"] == [
        {"seat": 1, "play": 0, "announce": "belote", "suit": "H", "cards": []}
    ]
    false = answer(
        client, TABLES["coinche"], {**body, "action": {"seat": 1, "announce": "rebelote"}}
    )
    assert false["verdict"]["code"] == "rebelote_not_due"


def test_a_classic_deal_from_its_seed(client: FlaskClient) -> None:
    body = new_deal(3, 0, [], {})
    dealt = answer(client, "/v1/deals/deal", {"seed": body["seed"], "dealer": 3})
    state = answer(client, TABLES["classic"], body)
    assert state["hands"] == dealt["hands"] and state["turned"] == dealt["turned"]
    taken = answer(client, TABLES["classic"], {**body, "action": {"seat": 0, "call": "take"}})
    full = answer(client, "/v1/deals/deal", {"seed": body["seed"], "dealer": 3, "taker": 0})
    assert taken["hands"] == full["hands"]
    assert taken["contract"] == {"taker": 0, "trump": dealt["turned"][-1]}


# --- requests that cannot be judged -------------------------------------------------------


def test_one_deal_is_given(client: FlaskClient) -> None:
    both = {"seed": SEED, "deck": [], "dealer": 0}
    assert list(problems(client, TABLES["coinche"], both)) == ["/seed"]
    assert list(problems(client, TABLES["coinche"], {"dealer": 0})) == [""]


def test_a_deck_of_32_distinct_cards(client: FlaskClient) -> None:
    dealt = answer(client, "/v1/coinche/deals/deal", {"seed": SEED, "dealer": 0})
    deck = [card for hand in dealt["hands"] for card in hand]
    assert answer(client, TABLES["coinche"], {"deck": deck, "dealer": 0})["phase"] == "auction"
    assert list(problems(client, TABLES["coinche"], {"deck": deck[:31], "dealer": 0})) == ["/deck"]
    doubled = [*deck[:31], deck[0]]
    assert all(
        p.startswith("/deck")
        for p in problems(client, TABLES["coinche"], {"deck": doubled, "dealer": 0})
    )


def test_a_card_in_two_hands(client: FlaskClient) -> None:
    dealt = answer(client, "/v1/coinche/deals/deal", {"seed": SEED, "dealer": 0})
    hands = dealt["hands"]
    hands[1][0] = hands[0][0]
    found = problems(client, TABLES["coinche"], {"hands": hands, "dealer": 0})
    assert all(p.startswith("/hands/") for p in found)


def test_a_call_after_the_auction_and_a_play_before_it(client: FlaskClient) -> None:
    body = {"seed": SEED, "dealer": 0, "calls": ["80H", "pass", "pass", "pass", "pass"]}
    assert list(problems(client, TABLES["coinche"], body)) == ["/calls/4"]
    early = {"seed": SEED, "dealer": 0, "calls": ["80H"], "plays": ["7S"]}
    assert list(problems(client, TABLES["coinche"], early)) == ["/plays/0"]


def test_game_deals_that_do_not_add_up(client: FlaskClient) -> None:
    wrong = {"contract": {"taker": 0, "value": 80, "strain": "S"}, "points": [100, 100]}
    body = {"seed": SEED, "dealer": 0, "game": [wrong]}
    assert all(p.startswith("/game/0") for p in problems(client, TABLES["coinche"], body))
    won = {
        "contract": {"taker": 0, "value": "capot", "strain": "H", "coinche": 2},
        "points": [162, 0],
        "capot": 0,
    }
    assert list(problems(client, TABLES["coinche"], {**body, "game": [won]})) == ["/game"]


def test_an_action_is_one_kind(client: FlaskClient) -> None:
    body = {"seed": SEED, "dealer": 0, "action": {"seat": 1, "call": "pass", "card": "7S"}}
    assert list(problems(client, TABLES["coinche"], body)) == ["/action"]
    body = {"seed": SEED, "dealer": 0, "action": {"seat": 1}}
    assert list(problems(client, TABLES["coinche"], body)) == ["/action"]


# --- advice -------------------------------------------------------------------------------

ADVICE = {"classic": "/v1/table/advice", "coinche": "/v1/coinche/table/advice"}
QUICK = {"samples": 2, "budget_ms": 2000, "advice_seed": "a bot"}


@pytest.mark.parametrize("variant", ["classic", "coinche"])
def test_the_advice_is_an_action_the_table_takes(client: FlaskClient, variant: str) -> None:
    body = new_deal(3, 0, [], {})
    for _ in range(6):
        state = answer(client, TABLES[variant], body)
        if state["phase"] not in ("auction", "play"):
            break
        advised = answer(client, ADVICE[variant], {**body, **QUICK})
        action = advised["action"]
        assert advised["seat"] == action["seat"] == state["to_act"]
        kind = "call" if state["phase"] == "auction" else "card"
        assert action[kind] in state["legal"]
        assert (advised["call"] is None) is (kind == "card")
        assert (advised["card"] is None) is (kind == "call")
        after = answer(client, TABLES[variant], {**body, "action": action})
        assert after["verdict"]["legal"]
        body = {**body, **after["record"]}


def test_the_advice_reads_no_hand_but_the_seats_own(client: FlaskClient) -> None:
    dealt = answer(client, "/v1/coinche/deals/deal", {"seed": SEED, "dealer": 0})
    hands = dealt["hands"]
    body = {"hands": hands, "dealer": 0, "calls": ["80S", "pass", "pass", "pass"], **QUICK}
    swapped = [list(hand) for hand in hands]
    swapped[2][0], swapped[3][0] = swapped[3][0], swapped[2][0]
    first = answer(client, ADVICE["coinche"], body)
    second = answer(client, ADVICE["coinche"], {**body, "hands": swapped})
    for advised in (first, second):
        advised["card"].pop("elapsed_ms")
    assert first == second and first["seat"] == 1


def test_a_renonce_left_standing_never_stops_the_bots(client: FlaskClient) -> None:
    """Every seat plays an illegal card whenever it can (the table lets it stand), and the
    advice is asked at every turn: it never refuses the table's state."""
    rules = {"illegal_card": "stand"}
    body = {**new_deal(3, 5, [], rules), "calls": ["80H", "pass", "pass", "pass"]}
    state = answer(client, TABLES["coinche"], body)
    assumed = []
    while state["phase"] == "play":
        advised = answer(client, ADVICE["coinche"], {**body, "samples": 1, "budget_ms": 500})
        assumed.append(advised["card"]["assumed_renonces"])
        card = state["illegal"][0]["card"] if state["illegal"] else advised["action"]["card"]
        card = card or state["legal"][0]
        state = answer(
            client, TABLES["coinche"], {**body, "action": {"seat": state["to_act"], "card": card}}
        )
        body = {**body, **state["record"]}
    assert state["phase"] == "deal_over" and state["renonces"]
    assert state["score"]["renonce"] is not None


def test_a_forced_card_is_advised_at_once(client: FlaskClient) -> None:
    body = {**new_deal(3, 0, [], {}), "calls": ["80H", "pass", "pass", "pass"]}
    state = answer(client, TABLES["coinche"], body)
    while len(state["legal"]) != 1:
        state = answer(
            client,
            TABLES["coinche"],
            {**body, "action": {"seat": state["to_act"], "card": state["legal"][0]}},
        )
        body = {**body, **state["record"]}
    advised = answer(client, ADVICE["coinche"], body)
    assert advised["card"]["forced"] and advised["card"]["samples"] == 0
    assert advised["action"]["card"] == state["legal"][0]


@pytest.mark.parametrize("variant", ["classic", "coinche"])
@pytest.mark.parametrize("level", ["fast", "default", "strong"])
def test_the_table_advice_thinks_at_the_level_asked(
    client: FlaskClient, variant: str, level: str
) -> None:
    """In the auction the call's advice at the level asked, over its deals; in play the
    card's, `strong` played as `default` (the card has no stronger level)."""
    body = {**new_deal(3, 0, [], {}), "budget_ms": 10000, "advice_seed": "a bot"}
    in_auction = answer(client, ADVICE[variant], {**body, "level": level})["call"]
    assert in_auction["level"] == level
    assert in_auction["samples"] == BID_LEVELS[level].samples
    contract = {"classic": ["take"], "coinche": ["80H", "pass", "pass", "pass"]}[variant]
    playing = {**body, "calls": contract, "level": level}
    card = answer(client, ADVICE[variant], playing)["card"]
    expected = "default" if level == "strong" else level
    assert card["level"] == expected
    assert card["samples"] == card_samples(expected, 0)


def test_the_table_advice_takes_samples_over_the_level(client: FlaskClient) -> None:
    body = {**new_deal(3, 0, [], {}), "calls": ["80H", "pass", "pass", "pass"]}
    card = answer(client, ADVICE["coinche"], {**body, "level": "fast", "samples": 3})["card"]
    assert card["samples"] == 3 and card["level"] == "fast"


def test_the_table_advice_refuses_an_unknown_level(client: FlaskClient) -> None:
    body = {**new_deal(3, 0, [], {}), "level": "best"}
    assert list(problems(client, ADVICE["coinche"], body)) == ["/level"]


def test_no_advice_once_the_deal_is_over(client: FlaskClient) -> None:
    body = {"seed": SEED, "dealer": 0, "calls": ["pass"] * 4}
    assert list(problems(client, ADVICE["coinche"], body)) == [""]


def test_the_old_advice_takes_a_contradicted_void_for_a_renonce(client: FlaskClient) -> None:
    body = {
        "dealer": 3,
        "trump": "H",
        "taker": 1,
        "turned": "JH",
        "plays": ["AS", "7D"],
        "seat": 2,
        "hand": ["7S", "8S", "9S", "10S", "7C", "8C", "9C", "10C"],
        "samples": 1,
        "budget_ms": 1,
    }
    advised = answer(client, "/v1/advice/play", body)
    assert advised["assumed_renonces"] == [1]


def test_a_game_that_holds_a_misdeal(client: FlaskClient) -> None:
    """The table never misdeals; a room records its own in the game, as games/score reads it,
    and gets it back in the next deal's body."""
    misdeal = {"misdeal": {"dealer": 3, "count": 2, "contract": None}}
    deal = {"contract": {"taker": 0, "value": 80, "strain": "S"}, "points": [100, 62]}
    body = {
        "seed": SEED,
        "dealer": 0,
        "game": [deal, misdeal],
        "rules": {"misdeal": "ff_coinche"},
        "next_deal": {"seed": f"{SEED} #1"},
    }
    state = answer(client, TABLES["coinche"], body)
    assert state["game"] == {"totals": [340, 60], "reserve": 0, "finished": False, "winner": None}
    passed = {**body, "calls": ["pass"] * 3, "action": {"seat": 0, "call": "pass"}}
    redealt = answer(client, TABLES["coinche"], passed)
    assert redealt["phase"] == "redeal"
    assert redealt["next"]["body"]["game"] == [
        {
            "contract": {"taker": 0, "value": 80, "strain": "S", "coinche": 0},
            "points": [100, 62],
            "capot": None,
            "belote": [0, 0],
            "annonces": [[], []],
            "renonce": None,
            "generale": None,
        },
        misdeal,
    ]
    # The penalty that ends the game ends the table's.
    won = {**body, "rules": {"misdeal": "ff_coinche", "target": 300}}
    assert list(problems(client, TABLES["coinche"], won)) == ["/game"]
    bad = {**body, "game": [{"misdeal": {"dealer": 3, "count": 0}}]}
    assert list(problems(client, TABLES["coinche"], bad)) == ["/game/0/misdeal/count"]
