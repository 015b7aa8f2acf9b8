"""Replaying a deal record: tricks, the leader/winner chain, renonces with their proof,
who is to move and what they may play, points, belote and the score.

The deals below were played out by hand. Trump is hearts, seat 3 deals, so seat 0 leads the
first trick; seat 0 takes unless a test says otherwise. In BASE every card is legal; the
variants replace a few plays with a renonce."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from service.rules import DealRecord, Declaration, RuleOptions, Suit, ViolationCode, replay
from service.rules.core.cards import RANK_CODES
from service.rules.core.errors import Problem
from tests.rules.builders import cards, codes
from tests.rules.inconsistent import Found, duplicate, every, one, problems

HANDS = (
    cards("JH 9H AH 10S KS 7D 8D 7C"),
    cards("7H 8H AS 9S AD 10D KC QC"),
    cards("10H KH QH 8S JD QD AC 10C"),  # seat 2 holds KH and QH: the takers' belote
    cards("7S QS JS 9D KD JC 9C 8C"),
)
FIRST_FIVE = ["JH 7H 10H 7S", "9H 8H QH 8C", "10S AS 8S QS", "AD QD 9D 7D", "10D JD KD 8D"]
# (trick as played, leader, winner, points with the dix de der on the last)
BASE = [
    *zip(FIRST_FIVE, (0, 0, 0, 1, 1), (0, 0, 1, 1, 1), (30, 17, 24, 14, 16), strict=True),
    ("KC AC 9C 7C", 1, 2, 15),
    ("KH JS AH 9S", 2, 0, 17),
    ("KS QC 10C JC", 0, 0, 29),
]
# Seat 3 (defenders) discards JS on clubs holding JC and 9C; plays 9C next, then JC.
DEFENDERS_RENONCE = [
    *BASE[:5],
    ("KC AC JS 7C", 1, 2, 17),
    ("KH 9C AH 9S", 2, 0, 15),
    ("KS QC 10C JC", 0, 0, 29),
]
# Seat 0 (takers) plays KS on its partner's trump lead holding AH; plays AH last.
TAKERS_RENONCE = [
    *BASE[:6],
    ("KH JS KS 9S", 2, 2, 10),
    ("10C JC AH QC", 2, 0, 36),
]
BOTH_RENONCES = [
    *DEFENDERS_RENONCE[:6],
    ("KH 9C KS 9S", 2, 2, 8),
    ("10C JC AH QC", 2, 0, 36),
]
# Each seat holds a whole suit; seat 1 trumps the first trick and leads trumps to the end.
SUITS = tuple(cards(" ".join(r + s for r in RANK_CODES)) for s in "SHDC")
CAPOT = [
    (t, leader, 1, None)
    for t, leader in zip(
        [
            "AS 7H 7D 7C",
            "JH 8D 8C 7S",
            "9H 9D 9C 8S",
            "AH 10D 10C 9S",
            "10H JD JC 10S",
            "KH QD QC JS",
            "QH KD KC QS",
            "8H AD AC KS",
        ],
        (0, 1, 1, 1, 1, 1, 1, 1),
        strict=True,
    )
]

Tricks = list[tuple[str, int, int, int | None]]


def record(tricks: Tricks, hands: Any = HANDS, taker: int = 0, **fields: Any) -> DealRecord:
    plays = cards(" ".join(t[0] for t in tricks))
    return DealRecord(3, Suit.HEARTS, taker, plays, hands, **fields)


def partial(tricks: Tricks, length: int, hands: Any = HANDS) -> DealRecord:
    full = record(tricks, hands)
    return replace(full, plays=full.plays[:length])


@pytest.mark.parametrize("tricks", [BASE, DEFENDERS_RENONCE, TAKERS_RENONCE, BOTH_RENONCES])
@pytest.mark.parametrize("hands", [HANDS, None], ids=["with hands", "without hands"])
def test_the_tricks_chain_each_winner_to_the_next_lead(tricks: Tricks, hands: Any) -> None:
    result = replay(record(tricks, hands))
    assert [(codes(t.cards), t.leader, t.winner, t.points) for t in result.tricks] == [
        (t.split(), leader, winner, points) for t, leader, winner, points in tricks
    ]
    assert result.complete
    assert result.to_move is None
    assert result.legal is None
    assert result.points == (108, 54)
    assert sum(result.points) == 162


@pytest.mark.parametrize("hands", [HANDS, None], ids=["with hands", "without hands"])
def test_a_legal_deal_has_no_renonce(hands: Any) -> None:
    assert replay(record(BASE, hands)).renonces == ()


# (play, trick, seat, card, code, cards that had to be played)
SEAT_3_DISCARDS = (22, 5, 3, "JS", ViolationCode.FOLLOW_SUIT)
SEAT_0_DISCARDS = (26, 6, 0, "KS", ViolationCode.FOLLOW_SUIT)


@pytest.mark.parametrize(
    ("tricks", "hands", "found"),
    [
        (DEFENDERS_RENONCE, HANDS, [(*SEAT_3_DISCARDS, "JC 9C", ("hand", None, None))]),
        (DEFENDERS_RENONCE, None, [(*SEAT_3_DISCARDS, "9C JC", ("later_play", "9C", 25))]),
        (TAKERS_RENONCE, HANDS, [(*SEAT_0_DISCARDS, "AH", ("hand", None, None))]),
        (TAKERS_RENONCE, None, [(*SEAT_0_DISCARDS, "AH", ("later_play", "AH", 30))]),
        (
            BOTH_RENONCES,
            None,
            [
                (*SEAT_3_DISCARDS, "9C JC", ("later_play", "9C", 25)),
                (*SEAT_0_DISCARDS, "AH", ("later_play", "AH", 30)),
            ],
        ),
    ],
)
def test_every_renonce_is_found_with_its_proof(tricks: Tricks, hands: Any, found: list) -> None:
    renonces = replay(record(tricks, hands)).renonces
    assert [
        (
            r.play,
            r.trick,
            r.seat,
            str(r.card),
            r.violation.code,
            " ".join(codes(r.violation.required)),
            (r.proof.by, None if r.proof.card is None else str(r.proof.card), r.proof.play),
        )
        for r in renonces
    ] == found


def test_a_renonce_whose_proof_is_not_played_yet_is_found_only_with_the_hands() -> None:
    # Up to seat 3's JS: JC and 9C are still in its hand, not yet on the table.
    assert [r.play for r in replay(partial(DEFENDERS_RENONCE, 23)).renonces] == [22]
    assert replay(partial(DEFENDERS_RENONCE, 23, hands=None)).renonces == ()
    # Once 9C is played, the record alone proves it.
    assert [r.play for r in replay(partial(DEFENDERS_RENONCE, 26, hands=None)).renonces] == [22]


# Trump hearts, seat 0 leads 9H; seat 2, its partner, holds JH and AH.
TRUMP_LEAD = tuple(
    cards(hand)
    for hand in (
        "9H 10H AS KS QS 7D 8D 9D",
        "7H 8H JS 10S 9S JD QD KD",
        "JH AH 7S 8S 7C 8C 9C 10C",
        "KH QH AD 10D JC QC KC AC",
    )
)


@pytest.mark.parametrize(
    ("plays", "hands", "options", "found"),
    [
        # Seat 1 plays 8H on 10H holding 9H, and plays 9H later: a trump too low.
        (
            "10H 8H 7S AD AS 9H 8S 10D",
            None,
            {},
            (1, 0, 1, "8H", ViolationCode.RAISE_TRUMP, "9H", "10H", ("later_play", "9H", 5)),
        ),
        # Seat 2 discards 7S on its partner's trump lead holding JH and AH: under the
        # defaults it had to raise over its partner with JH ...
        (
            "9H 7H 7S",
            TRUMP_LEAD,
            {},
            (2, 0, 2, "7S", ViolationCode.FOLLOW_SUIT, "JH", None, ("hand", None, None)),
        ),
        # ... with overtrump_partner false, any trump: JH or AH.
        (
            "9H 7H 7S",
            TRUMP_LEAD,
            {"overtrump_partner": False},
            (2, 0, 2, "7S", ViolationCode.FOLLOW_SUIT, "JH AH", None, ("hand", None, None)),
        ),
        # The same from the plays alone: seat 2 plays JH, then AH; JH, the first, is the proof.
        (
            "9H 7H 7S KH AS JS JH QH AH AD 10H 8H",
            None,
            {"overtrump_partner": False},
            (2, 0, 2, "7S", ViolationCode.FOLLOW_SUIT, "JH AH", None, ("later_play", "JH", 6)),
        ),
        (
            "9H 7H 7S KH AS JS JH QH AH AD 10H 8H",
            None,
            {},
            (2, 0, 2, "7S", ViolationCode.FOLLOW_SUIT, "JH", None, ("later_play", "JH", 6)),
        ),
        # Seat 2 follows its partner's trump lead with AH, under its 9H, holding JH: a trump
        # that follows the lead is a renonce too when a higher one was held (from the hand).
        (
            "9H 7H AH",
            TRUMP_LEAD,
            {},
            (2, 0, 2, "AH", ViolationCode.RAISE_TRUMP, "JH", "9H", ("hand", None, None)),
        ),
    ],
)
def test_a_renonce_on_a_trump_lead_names_the_trumps_that_had_to_be_played(
    plays: str, hands: Any, options: dict[str, Any], found: tuple
) -> None:
    deal = DealRecord(3, Suit.HEARTS, 0, cards(plays), hands)
    (renonce,) = replay(deal, RuleOptions(**options)).renonces
    violation = renonce.violation
    proof = renonce.proof
    assert (
        renonce.play,
        renonce.trick,
        renonce.seat,
        str(renonce.card),
        violation.code,
        " ".join(codes(violation.required)),
        None if violation.to_beat is None else str(violation.to_beat),
        (proof.by, None if proof.card is None else str(proof.card), proof.play),
    ) == found


@pytest.mark.parametrize(
    ("plays", "options", "legal"),
    [
        # Seat 2, its partner's 9H winning a trump lead, must raise with JH ...
        ("9H 7H", {}, "JH"),
        # ... or with overtrump_partner false play any trump, and may play AH.
        ("9H 7H", {"overtrump_partner": False}, "JH AH"),
        ("9H 7H AH", {"overtrump_partner": False}, "KH QH"),
    ],
)
def test_the_player_to_move_may_play_what_the_options_allow(
    plays: str, options: dict[str, Any], legal: str
) -> None:
    result = replay(DealRecord(3, Suit.HEARTS, 0, cards(plays), TRUMP_LEAD), RuleOptions(**options))
    assert result.renonces == ()
    assert result.legal is not None and codes(result.legal) == legal.split()


@pytest.mark.parametrize(
    ("length", "to_move", "legal", "points", "last_trick"),
    [
        (0, 0, "JH 9H AH 10S KS 7D 8D 7C", (0, 0), None),
        (1, 1, "7H 8H", (0, 0), (0, "JH", None)),
        (3, 3, "7S QS JS 9D KD JC 9C 8C", (0, 0), (0, "JH 7H 10H", None)),
        (4, 0, "9H AH 10S KS 7D 8D 7C", (30, 0), (0, "JH 7H 10H 7S", 0)),
        (10, 2, "8S", (47, 0), (0, "10S AS", None)),
        (14, 3, "9D KD", (47, 24), (1, "AD QD", None)),
        (24, 2, "KH 10C", (62, 54), (1, "KC AC 9C 7C", 2)),
        (25, 3, "JS JC", (62, 54), (2, "KH", None)),
        (31, 3, "JC", (79, 54), (0, "KS QC 10C", None)),
    ],
)
def test_an_unfinished_deal_says_who_is_to_move_and_what_they_may_play(
    length: int,
    to_move: int,
    legal: str,
    points: tuple[int, int],
    last_trick: tuple[int, str, int | None] | None,
) -> None:
    result = replay(partial(BASE, length))
    assert not result.complete
    assert result.score is None
    assert result.to_move == to_move
    assert result.legal is not None and codes(result.legal) == legal.split()
    assert result.points == points  # no dix de der before the deal is over
    last = result.tricks[-1] if result.tricks else None
    assert (last and (last.leader, " ".join(codes(last.cards)), last.winner)) == last_trick
    without_hands = replay(partial(BASE, length, hands=None))
    assert (without_hands.to_move, without_hands.legal) == (to_move, None)


@pytest.mark.parametrize(
    ("length", "hands", "belote"),
    [
        (32, HANDS, 0),
        (32, None, 0),
        (0, HANDS, 0),
        (0, None, None),
        (24, None, None),
        (25, None, 0),
    ],
)
def test_belote_is_the_team_holding_k_and_q_of_trump_once_known(
    length: int, hands: Any, belote: int | None
) -> None:
    # Seat 2 plays QH at play 6 and KH at play 24.
    assert replay(partial(BASE, length, hands)).belote_team == belote


@pytest.mark.parametrize(
    ("plays", "hands"),
    [
        # KH with seat 2, QH with seat 3 (QH and 7S swapped from HANDS).
        ("", (*HANDS[:2], cards("10H KH 7S 8S JD QD AC 10C"), cards("QH QS JS 9D KD JC 9C 8C"))),
        # Seat 0 plays KH, seat 1 QH.
        ("KH QH", None),
    ],
)
def test_no_belote_when_k_and_q_of_trump_are_in_different_hands(plays: str, hands: Any) -> None:
    assert replay(DealRecord(3, Suit.HEARTS, 0, cards(plays), hands)).belote_team is None


@pytest.mark.parametrize(
    ("tricks", "options", "announced", "contract", "score"),
    [
        # Takers 108 + 20 belote against 54: made, each team its own.
        (BASE, {}, False, "made", (128, 54)),
        (BASE, {"belote": "announce"}, False, "made", (108, 54)),
        (BASE, {"belote": "announce"}, True, "made", (128, 54)),
        (BASE, {"rounding": "nearest_ten"}, False, "made", (130, 50)),
        (BASE, {"renonce": "annul"}, False, "made", (128, 54)),
        # A defender's renonce: the takers score 162 plus their belote, the defenders nothing.
        (DEFENDERS_RENONCE, {}, False, None, (182, 0)),
        (DEFENDERS_RENONCE, {"belote": "announce"}, False, None, (162, 0)),
        # A taker's renonce: the takers are dedans whatever they made, keeping their belote.
        (TAKERS_RENONCE, {}, False, "dedans", (20, 162)),
        (TAKERS_RENONCE, {"rounding": "nearest_ten"}, False, "dedans", (20, 160)),
        # The first renonce decides.
        (BOTH_RENONCES, {}, False, None, (182, 0)),
        # Option renonce "annul": the deal scores nothing.
        (DEFENDERS_RENONCE, {"renonce": "annul"}, False, "annulled", (0, 0)),
        (TAKERS_RENONCE, {"renonce": "annul"}, False, "annulled", (0, 0)),
    ],
)
@pytest.mark.parametrize("hands", [HANDS, None], ids=["with hands", "without hands"])
def test_a_complete_deal_is_scored_with_the_renonce_penalty(
    tricks: Tricks,
    options: dict[str, Any],
    announced: bool,
    contract: str | None,
    score: tuple[int, int],
    hands: Any,
) -> None:
    result = replay(record(tricks, hands, belote_announced=announced), RuleOptions(**options))
    assert result.score is not None
    assert result.score.score == score
    if contract is not None:
        assert result.score.contract == contract
    assert result.score.capot is None


@pytest.mark.parametrize(
    ("taker", "options", "contract", "score"),
    [
        # Seat 1 wins all 8 tricks and holds KH QH: 252 + 20.
        (1, {}, "made", (0, 272)),
        (0, {}, "dedans", (0, 272)),
        (1, {"capot": 250}, "made", (0, 270)),
        (1, {"belote": "announce"}, "made", (0, 252)),
        (0, {"capot": 250, "belote": "announce"}, "dedans", (0, 250)),
        (1, {"rounding": "nearest_ten"}, "made", (0, 270)),
    ],
)
def test_a_team_that_wins_every_trick_is_capot(
    taker: int, options: dict[str, Any], contract: str, score: tuple[int, int]
) -> None:
    result = replay(record(CAPOT, SUITS, taker=taker), RuleOptions(**options))
    assert result.renonces == ()
    assert {t.winner for t in result.tricks} == {1}
    assert result.points == (0, 162)
    assert result.score is not None
    assert (result.score.capot, result.score.contract, result.score.score) == (1, contract, score)


# Seat 1 holds four trumps and the low clubs, seat 3 the other trumps and the high clubs: seat 1
# trumps the first trick, seat 3 wins the clubs, and the two share the rest.
SHARED_HANDS = tuple(
    cards(hand)
    for hand in (
        "AS KS QS JS 10S 9S 8S 7S",
        "JH 9H AH 10H JC 9C 8C 7C",
        "AD KD QD JD 10D 9D 8D 7D",
        "KH QH 8H 7H AC 10C KC QC",
    )
)
SHARED_CAPOT = [
    ("AS JH 7D QC", 0, 1, 34),
    ("7C 8D AC 7S", 1, 3, 11),
    ("KC 8S 8C 9D", 3, 3, 4),
    ("10C 9S 9C 10D", 3, 3, 20),
    ("KH 10S AH JD", 3, 1, 27),
    ("JC QD 7H JS", 1, 3, 7),
    ("QH QS 10H KD", 3, 1, 20),
    ("9H AD 8H KS", 1, 1, 39),
]


@pytest.mark.parametrize("hands", [SHARED_HANDS, None], ids=["with hands", "without hands"])
def test_a_capot_is_the_teams_whichever_partner_wins_each_trick(hands: Any) -> None:
    result = replay(record(SHARED_CAPOT, hands, taker=1))
    assert [(t.leader, t.winner, t.points) for t in result.tricks] == [t[1:] for t in SHARED_CAPOT]
    assert result.renonces == ()
    assert result.score is not None
    # Seat 3 holds KH and QH: 252 + 20.
    assert (result.score.capot, result.score.contract, result.score.score) == (1, "made", (0, 272))


NOT_HELD = "declaration.not_held"


def _declarations(*items: tuple[int, str]) -> tuple[Declaration, ...]:
    return tuple(Declaration(seat, cards(text)) for seat, text in items)


CENTS = _declarations(
    (0, "7S 8S 9S 10S JS QS KS AS"),
    (1, "7H 8H 9H 10H JH QH KH AH"),
    (2, "7D 8D 9D 10D JD QD KD AD"),
    (3, "7C 8C 9C 10C JC QC KC AC"),
)


@pytest.mark.parametrize("hands", [SUITS, None], ids=["with hands", "without hands"])
def test_declared_annonces_count_for_the_team_with_the_best_one(hands: Any) -> None:
    # Four runs of eight: each one cent, all topped by an ace; the one in trump is best.
    deal = record(CAPOT, hands, declarations=CENTS)
    result = replay(deal, RuleOptions(annonces=True))
    assert [v.annonce and v.annonce.points for v in result.declarations] == [100] * 4
    assert result.score is not None
    assert result.score.annonces is not None and result.score.annonces.team == 1
    assert result.score.score == (0, 252 + 20 + 200)
    # Annonces off (default): declarations are not judged and change nothing.
    off = replay(deal)
    assert off.declarations == ()
    assert off.score is not None and off.score.score == (0, 272)


@pytest.mark.parametrize("hands", [SUITS, None], ids=["with hands", "without hands"])
@pytest.mark.parametrize(
    ("declared", "code", "params"),
    [
        (
            "7H 8H 9H",
            NOT_HELD,
            {"seat": 0, "cards": every("7H 8H 9H"), "missing": every("7H 8H 9H")},
        ),
        ("7S 8S 10S", "declaration.not_an_annonce", {"cards": every("7S 8S 10S")}),
        ("7S 7H 7D 7C", "declaration.not_an_annonce", {"cards": every("7S 7H 7D 7C")}),
    ],
)
def test_a_declaration_the_seat_cannot_make_does_not_count(
    hands: Any, declared: str, code: str, params: dict[str, object]
) -> None:
    deal = record(CAPOT, hands, declarations=_declarations((0, declared)))
    (verdict,) = replay(deal, RuleOptions(annonces=True)).declarations
    assert verdict.annonce is None
    assert verdict.problem == Problem("/declarations/0", code, params)


def test_a_card_serves_in_one_declared_annonce_only() -> None:
    declared = _declarations((0, "7S 8S 9S"), (0, "9S 10S JS"), (2, "9D 10D JD"))
    result = replay(record(CAPOT, SUITS, declarations=declared), RuleOptions(annonces=True))
    assert [(v.index, v.seat, v.problem) for v in result.declarations] == [
        (0, 0, None),
        (
            1,
            0,
            Problem("/declarations/1", "declaration.card_reused", {"seat": 0, "card": one("9S")}),
        ),
        (2, 2, None),
    ]


@pytest.mark.parametrize(
    ("length", "hands", "declared", "annonce", "missing"),
    [
        # After two tricks: seat 0 played AS and 7S, seat 1 7H and JH.
        (8, SUITS, "7S 8S 9S", "tierce", None),
        (8, None, "7S 8S 9S", "tierce", None),
        # From the hands, every card not in seat 0's hand is missing ...
        (8, SUITS, "7H 8H 9H", None, "7H 8H 9H"),
        # ... without them, only a card another seat played: the rest may be in its hand.
        (8, None, "7H 8H 9H", None, "7H"),
        (8, None, "8H 9H 10H", "tierce", None),
        (32, None, "8H 9H 10H", None, "8H 9H 10H"),
    ],
)
def test_a_declaration_is_checked_against_what_the_seat_is_known_to_hold(
    length: int, hands: Any, declared: str, annonce: str | None, missing: str | None
) -> None:
    full = record(CAPOT, hands, declarations=_declarations((0, declared)))
    result = replay(replace(full, plays=full.plays[:length]), RuleOptions(annonces=True))
    (verdict,) = result.declarations
    assert (verdict.index, verdict.seat, codes(verdict.cards)) == (0, 0, declared.split())
    assert (verdict.annonce and verdict.annonce.kind) == annonce
    problem = None
    if missing is not None:
        params = {"seat": 0, "cards": every(declared), "missing": every(missing)}
        problem = Problem("/declarations/0", NOT_HELD, params)
    assert verdict.problem == problem


def not_in_hand(index: int, card: str, seat: int) -> Found:
    return (f"/plays/{index}", "play_not_in_hand", {"card": one(card), "seat": seat})


def hand_size(seat: int, size: int) -> Found:
    return (f"/hands/{seat}", "hand_size", {"expected": 8, "size": size})


BAD_HANDS = {
    "a card in two hands": (
        (HANDS[0], (*HANDS[1][:7], HANDS[0][0]), *HANDS[2:]),
        [duplicate("/hands/1/7", "JH", "/hands/0/0")],
    ),
    "a card twice in a hand": (
        ((*HANDS[0][:7], HANDS[0][0]), *HANDS[1:]),
        [duplicate("/hands/0/7", "JH", "/hands/0/0")],
    ),
    "a hand of 7 cards": ((*HANDS[:2], HANDS[2][:7], HANDS[3]), [hand_size(2, 7)]),
    "a hand of 9 cards": (
        (HANDS[0][:7], HANDS[1], HANDS[2], (*HANDS[3], HANDS[0][7])),
        [hand_size(0, 7), hand_size(3, 9)],
    ),
    "three hands": (HANDS[:3], [("/hands", "hands_count", {"size": 3})]),
}


@pytest.mark.parametrize(("hands", "found"), BAD_HANDS.values(), ids=BAD_HANDS.keys())
def test_hands_that_cannot_be_dealt_are_inconsistent_input(hands: Any, found: list) -> None:
    assert problems(lambda: replay(DealRecord(3, Suit.HEARTS, 0, (), hands))) == found


@pytest.mark.parametrize(
    ("plays", "hands", "fields", "found"),
    [
        ("JH 7H JH", None, {}, [duplicate("/plays/2", "JH", "/plays/0")]),
        ("JH 7H JH", HANDS, {}, [duplicate("/plays/2", "JH", "/plays/0")]),
        # Seat 1 plays seat 2's 10H.
        ("JH 10H", HANDS, {}, [not_in_hand(1, "10H", 1)]),
        # Seat 3 plays seat 1's QC; seat 0 plays seat 3's 8C.
        ("JH 7H 10H 7S 9H 8H QH QC", HANDS, {}, [not_in_hand(7, "QC", 3)]),
        ("JH 7H 10H 7S 8C", HANDS, {}, [not_in_hand(4, "8C", 0)]),
        # Every play from a hand that did not hold it is named, not only the first.
        ("JH 10H 8C", HANDS, {}, [not_in_hand(1, "10H", 1), not_in_hand(2, "8C", 2)]),
        ("JH", None, {"dealer": 4}, [("/dealer", "not_a_seat", {"value": 4})]),
        ("JH", None, {"taker": -1}, [("/taker", "not_a_seat", {"value": -1})]),
        (
            "JH",
            None,
            {"dealer": -1, "taker": 4},
            [("/dealer", "not_a_seat", {"value": -1}), ("/taker", "not_a_seat", {"value": 4})],
        ),
    ],
)
def test_plays_that_cannot_have_happened_are_inconsistent_input(
    plays: str, hands: Any, fields: dict[str, Any], found: list
) -> None:
    deal = replace(DealRecord(3, Suit.HEARTS, 0, cards(plays), hands), **fields)
    assert problems(lambda: replay(deal)) == found


def test_more_than_32_plays_is_inconsistent_input() -> None:
    plays = cards(" ".join(t[0] for t in BASE)) + cards("7H")
    assert problems(lambda: replay(DealRecord(3, Suit.HEARTS, 0, plays))) == [
        ("/plays", "too_many_plays", {"size": 33}),
        duplicate("/plays/32", "7H", "/plays/1"),
    ]


def test_a_declaration_by_no_seat_is_inconsistent_input() -> None:
    deal = record(CAPOT, SUITS, declarations=(Declaration(4, cards("7S 8S 9S")),))
    assert problems(lambda: replay(deal, RuleOptions(annonces=True))) == [
        ("/declarations/0/seat", "not_a_seat", {"value": 4})
    ]
