"""The model of a deal's value (service/rules/advice/deal_model.py): what it reads of the four
hands, which team it gives the points to, when it sees a capot and how it is spread (that it
estimates what the solver finds: tests/native/test_deal_model.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from random import Random

import pytest

from service.rules.advice import deal_model
from service.rules.advice.deal_model import (
    ACES_AT,
    BIAS_AT,
    COUNT_AT,
    FEATURES,
    HONOURS_AT,
    LENGTH_AT,
    LONG_AT,
    MASTERS_AT,
    PAIR_AT,
    PLAIN_AT,
    RUFFS_AT,
    SHAPE_AT,
    SPREAD_POINTS,
    SUPPORT_AT,
    TEAM_AT,
    TRUMPS_AT,
    Estimate,
    Model,
    estimate,
    features,
    model,
    spread_ends,
)
from service.rules.core.cards import ACE, ALL_CARDS, JACK, NINE, TEN, Card
from tests.rules.builders import cards

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
# Seat 0: five hearts with the jack and 9, the ace and 10 of spades, a void in clubs... laid out
# so that every group of features has something to count.
HANDS = (
    cards("JH 9H AH 10H 7H AS 10S AD"),  # 5 trumps, AS+10S backed, clubs void, 1 diamond
    cards("8H KS QS JS 9S 8S 7S KC"),  # 1 trump, 6 spades, diamonds void, 1 club
    cards("QH KH 10D KD QD JD AC 10C"),  # 2 trumps, 4 diamonds, spades void, 2 clubs
    cards("9D 8D 7D QC JC 9C 8C 7C"),  # no trump, 3 diamonds, 5 clubs
)


def test_the_features_count_each_place_s_cards_from_the_leader() -> None:
    found = features(HANDS, 0, HEARTS)
    assert len(found) == FEATURES
    # Place 0 is the leader, seat 0: its trumps by rank (7 8 9 10 J Q K A).
    assert found[TRUMPS_AT : TRUMPS_AT + 8] == [1, 0, 1, 1, 1, 0, 0, 1]
    # Its plain cards by rank, every plain suit together: AS 10S AD.
    assert found[PLAIN_AT + TEN] == 1 and found[PLAIN_AT + ACE] == 2
    assert sum(found[PLAIN_AT : PLAIN_AT + 8]) == 3
    # Five trumps and more are one length; seat 3 (place 3) has none.
    assert found[LENGTH_AT + 5] == 1 and sum(found[LENGTH_AT : LENGTH_AT + 6]) == 1
    assert found[LENGTH_AT + 3 * 6 + 0] == 1
    # Voids, singletons, doubletons; voids and singletons times the trumps.
    assert found[SHAPE_AT : SHAPE_AT + 3] == [1, 1, 1]
    assert found[RUFFS_AT : RUFFS_AT + 2] == [5, 5]
    # An ace backed by its ten (spades); a short ten without its ace: none for seat 0, one
    # for seat 2 (10C beside AC is backed: no), 10D with 4 diamonds is not short.
    assert found[HONOURS_AT : HONOURS_AT + 2] == [1, 0]
    assert found[ACES_AT] == 5 * 2  # 5 trumps x 2 plain aces
    assert found[PAIR_AT] == 1 and found[PAIR_AT + 2] == 0  # the jack and 9 together
    assert found[LONG_AT] == 2 and found[LONG_AT + 1] == 6  # the longest plain suit
    assert found[SUPPORT_AT] == 5 * 1  # its trumps x its partner's plain aces (AC)
    assert found[SUPPORT_AT + 2] == 2 * 2
    # The first team (seats 0 and 2) holds 7 trumps, the other 1.
    assert found[TEAM_AT : TEAM_AT + 3] == [7, 5, 1]
    assert found[BIAS_AT] == 1
    assert found[COUNT_AT + 7] == 1 and sum(found[COUNT_AT : COUNT_AT + 9]) == 1
    assert found[MASTERS_AT : MASTERS_AT + 3] == [1, 7, 7]


def test_a_short_ten_without_its_ace_is_counted() -> None:
    hands = (
        cards("10S 7S JH 9H AH 10H KH QH"),  # 10S beside the 7: short, without its ace
        cards("AS KS QS JS 9S 8S 7C 8C"),
        cards("7H 8H AD 10D KD QD JD 9D"),
        cards("8D 7D AC 10C KC QC JC 9C"),
    )
    found = features(hands, 0, HEARTS)
    assert found[HONOURS_AT : HONOURS_AT + 2] == [0, 1]
    assert found[HONOURS_AT + 2 * 2 : HONOURS_AT + 2 * 2 + 2] == [1, 0]  # AD with 10D


def test_the_places_turn_with_the_leader() -> None:
    # Led by seat 1, seat 1 is place 0: its trump (the 8) is the first place's.
    found = features(HANDS, 1, HEARTS)
    assert found[TRUMPS_AT : TRUMPS_AT + 8] == [0, 1, 0, 0, 0, 0, 0, 0]
    assert found[TRUMPS_AT + 3 * 8 + JACK] == 1  # seat 0, last to play
    assert found[COUNT_AT + 1] == 1  # the first team is seats 1 and 3 now: one trump


def test_the_estimate_is_the_weights_times_the_features_for_the_leader_s_team(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A model that counts the leader's trumps, 20 points each.
    weights = [0.0] * FEATURES
    for rank in range(8):
        weights[TRUMPS_AT + rank] = 20.0
    monkeypatch.setattr(deal_model, "model", lambda: Model(tuple(weights), 10.0, 150, {}))
    assert estimate(HANDS, 0, HEARTS) == Estimate((100, 62), None)
    # Seat 1 leads: team 1 is the first team, one trump.
    assert estimate(HANDS, 1, HEARTS) == Estimate((142, 20), None)
    # Within 0 and 162; a team's estimate from `capot_from` is a capot.
    weights[BIAS_AT] = 60.0
    assert estimate(HANDS, 0, HEARTS) == Estimate((160, 2), 0)
    assert estimate(HANDS, 2, HEARTS) == Estimate((100, 62), None)  # seat 2's 2 trumps + 60
    weights[BIAS_AT] = -100.0
    assert estimate(HANDS, 1, HEARTS) == Estimate((162, 0), 0)  # 20 - 100: none to team 1
    weights[BIAS_AT] = -7.5
    assert estimate(HANDS, 1, HEARTS) == Estimate((150, 12), 0)  # 12.5 to team 1: 150 to 0
    weights[BIAS_AT] = -7.0
    assert estimate(HANDS, 1, HEARTS) == Estimate((149, 13), None)


def test_the_committed_model_says_how_it_was_made() -> None:
    fitted = model()
    assert len(fitted.weights) == FEATURES
    assert 5 < fitted.error < 20 and 100 < fitted.capot_from <= 162
    assert fitted.made["by"] == "scripts/deal_model.py"
    assert fitted.made["deals"] >= 10_000 and fitted.made["held_out_error"] == fitted.error


def test_a_weights_file_for_other_features_is_refused(
    tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = json.loads(deal_model.WEIGHTS_FILE.read_text())
    saved["weights"] = saved["weights"][:-1]
    short = tmp_path / "deal_model.json"  # type: ignore[operator]
    short.write_text(json.dumps(saved))
    monkeypatch.setattr(deal_model, "WEIGHTS_FILE", short)
    model.cache_clear()
    try:
        with pytest.raises(ValueError, match=f"{FEATURES - 1} weights for {FEATURES}"):
            model()
    finally:
        model.cache_clear()


def test_an_end_is_spread_at_three_points() -> None:
    assert [w for _, w in SPREAD_POINTS] == [1, 4, 1]
    # 100 give or take 10 for team 1: 100 -/+ 17.3, rounded; team 0 has the rest.
    assert spread_ends(100.0, 10.0, 1, None) == [
        (1, (79, 83), None),
        (4, (62, 100), None),
        (1, (45, 117), None),
    ]
    # Within 0 and 162; a capot where its team has all 162 only.
    assert spread_ends(155.0, 10.0, 0, 0) == [
        (1, (138, 24), None),
        (4, (155, 7), None),
        (1, (162, 0), 0),
    ]
    assert spread_ends(5.0, 10.0, 0, 1) == [
        (1, (0, 162), 1),
        (4, (5, 157), None),
        (1, (22, 140), None),
    ]
    assert spread_ends(200.0, 0.0, 0, None)[1] == (4, (162, 0), None)


def plainly(hands: Sequence[Sequence[Card]], leader: int, trump: int) -> dict[str, list[int]]:
    """The features as the module's docstring says them, place by place (the first to play
    first), read plainly from the cards: the test's own reading, against `features`'."""
    places = [hands[(leader + p) % 4] for p in range(4)]

    def suit(hand: Sequence[Card], s: int) -> list[int]:
        return [c.rank for c in hand if c.suit == s]

    plain = [s for s in range(4) if s != trump]
    length = [len(suit(h, trump)) for h in places]
    aces = [sum(ACE in suit(h, s) for s in plain) for h in places]
    found: dict[str, list[int]] = {
        "trumps": [int(r in suit(h, trump)) for h in places for r in range(8)],
        "plain": [
            sum(c.rank == r and c.suit != trump for c in h) for h in places for r in range(8)
        ],
        "length": [int(min(n, 5) == k) for n in length for k in range(6)],
        "shape": [sum(len(suit(h, s)) == k for s in plain) for h in places for k in range(3)],
        "ruffs": [],
        "honours": [],
        "aces": [length[p] * aces[p] for p in range(4)],
        "pair": [int(JACK in suit(h, trump) and NINE in suit(h, trump)) for h in places],
        "long": [max(len(suit(h, s)) for s in plain) for h in places],
        "support": [length[p] * aces[(p + 2) % 4] for p in range(4)],
    }
    for p, h in enumerate(places):
        voids = sum(not suit(h, s) for s in plain)
        singles = sum(len(suit(h, s)) == 1 for s in plain)
        found["ruffs"] += [voids * length[p], singles * length[p]]
        backed = sum(ACE in suit(h, s) and TEN in suit(h, s) for s in plain)
        bare = sum(
            TEN in suit(h, s) and ACE not in suit(h, s) and len(suit(h, s)) <= 2 for s in plain
        )
        found["honours"] += [backed, bare]
    first, second = length[0] + length[2], length[1] + length[3]
    ours = suit(places[0], trump) + suit(places[2], trump)
    jack, nine = int(JACK in ours), int(NINE in ours)
    found["team"] = [first * second, max(length[0], length[2]), max(length[1], length[3])]
    found["count"] = [int(first == k) for k in range(9)]
    found["masters"] = [jack * nine, jack * first, nine * first]
    return found


GROUPS = (
    ("trumps", TRUMPS_AT),
    ("plain", PLAIN_AT),
    ("length", LENGTH_AT),
    ("shape", SHAPE_AT),
    ("ruffs", RUFFS_AT),
    ("honours", HONOURS_AT),
    ("aces", ACES_AT),
    ("team", TEAM_AT),
    ("count", COUNT_AT),
    ("pair", PAIR_AT),
    ("long", LONG_AT),
    ("support", SUPPORT_AT),
    ("masters", MASTERS_AT),
)


def test_the_features_are_the_docstring_s_on_any_deal() -> None:
    rng = Random("features")
    for _ in range(40):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hands = [sorted(deck[8 * s : 8 * s + 8]) for s in range(4)]
        leader, trump = rng.randrange(4), rng.randrange(4)
        found = features(hands, leader, trump)
        expected = plainly(hands, leader, trump)
        for name, at in GROUPS:
            size = len(expected[name])
            assert found[at : at + size] == expected[name], name
        assert found[BIAS_AT] == 1
        assert sum(len(v) for v in expected.values()) + 1 == FEATURES


def test_an_estimate_weighs_counts_too(monkeypatch: pytest.MonkeyPatch) -> None:
    weights = [0.0] * FEATURES
    weights[TEAM_AT] = 2.0  # the first team's trumps times the other's: 7 x 1 here
    weights[LONG_AT + 1] = 1.5  # seat 1's longest plain suit: 6 spades
    monkeypatch.setattr(deal_model, "model", lambda: Model(tuple(weights), 10.0, 23, {}))
    assert estimate(HANDS, 0, HEARTS) == Estimate((23, 139), 0)  # 14 + 9: from capot_from
    monkeypatch.setattr(deal_model, "model", lambda: Model(tuple(weights), 10.0, 24, {}))
    assert estimate(HANDS, 0, HEARTS) == Estimate((23, 139), 1)  # 139 from 24 on: theirs
    monkeypatch.setattr(deal_model, "model", lambda: Model(tuple(weights), 10.0, 140, {}))
    assert estimate(HANDS, 0, HEARTS) == Estimate((23, 139), None)
