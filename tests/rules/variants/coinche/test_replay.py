"""RULES-COINCHE.md replayed: worked examples 13 and 14 from the play side, the belotes each
strain counts, the contract a replay cannot judge, and over random deals under every strain and
points option: 162 a deal, no renonce in a legal deal, an injected illegal card found."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from service.rules import InconsistentInput, Suit, ViolationCode
from service.rules.core.replay import Belote, Declaration
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import SANS_ATOUT, STRAIN_CODES, TOUT_ATOUT
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord, check_strain, strain_values
from support.deals import DECK_SIZE, PlayedDeal, play_deal, reference_winner
from tests.rules.builders import SA_TA, reference_allows
from tests.rules.builders import cards as parse

# Example 13, 110SA taken by seat 0 (dealer 3): the takers' tricks hold the four aces, 10S 10H,
# KS QD and the twelve cards worth nothing; every card follows suit when it can.
SA_HANDS = (
    "AS AH AD AC JC JD JH 10H",
    "7S 7H 7D 7C KC KD KH KS",
    "8S 8H 8D 8C QC JS QS 10S",
    "9S 9H 9D 9C 10C 10D QH QD",
)
SA_TRICKS = (
    "AS 7S 8S 9S",  # seat 0 leads, wins
    "AH 7H 8H 9H",
    "AD 7D 8D 9D",
    "AC 7C 8C 9C",
    "JC KC QC 10C",  # seat 3 wins with 10C
    "10D JD KD JS",  # seat 3 leads, wins
    "QH JH KH QS",  # seat 1 wins with KH
    "KS 10S QD 10H",  # seat 1 leads, seat 2 wins: the takers' dix de der
)
# Example 14, 120TA taken by seat 0 (dealer 3): four J, four 9, AS AH AD, 10S 10H and KH for
# the takers; each card follows the led suit and beats its best card when it can.
TA_HANDS = (
    "JS JH JD JC QC 8S QD 8D",
    "AS AH AD 7C AC KS 10D 7H",
    "9S 9H 9D 9C 10C QS QH KH",
    "10S 10H 7D 8C KC 7S KD 8H",
)
TA_TRICKS = (
    "JS AS 9S 10S",
    "JH AH 9H 10H",
    "JD AD 9D 7D",
    "JC 7C 9C 8C",
    "QC AC 10C KC",  # seat 1 wins with AC
    "KS QS 7S 8S",
    "10D QH KD QD",
    "7H KH 8H 8D",  # seat 2 raises over 7H with KH: the takers' dix de der
)


def record(
    hands: tuple[str, ...] | None,
    tricks: tuple[str, ...],
    contract: Contract,
    belote_announced: tuple[Belote, ...] = (),
) -> CoincheRecord:
    return CoincheRecord(
        dealer=3,
        contract=contract,
        plays=parse(" ".join(tricks)),
        hands=None if hands is None else tuple(parse(hand) for hand in hands),
        belote_announced=belote_announced,
    )


@pytest.mark.parametrize("hands", [SA_HANDS, None], ids=["hands", "plays only"])
@pytest.mark.parametrize(
    ("rules", "points", "trick_points", "ruling", "score"),
    [
        # ace19: 76 + 20 + 7 = 103, +10 = 113; 152 - 103 = 49: made, 223 -> 220 / 49 -> 50.
        ({}, (113, 49), [19, 19, 19, 19, 19, 18, 12, 37], "made", (220, 50)),
        # scaled: raw 44 + 20 + 7 = 71, x 152/120 = 89.9 -> 90, +10 = 100; raw 49 -> 62:
        # 100 < 110, dedans: 0 / 160 + 110.
        (
            {"sa_points": "scaled"},
            (100, 62),
            [11, 11, 11, 11, 19, 18, 12, 37],
            "dedans",
            (0, 270),
        ),
    ],
)
def test_worked_example_13_sans_atout(
    hands: tuple[str, ...] | None,
    rules: dict[str, Any],
    points: tuple[int, int],
    trick_points: list[int],
    ruling: str,
    score: tuple[int, int],
) -> None:
    result = COINCHE.replay(
        record(hands, SA_TRICKS, Contract(0, 110, SANS_ATOUT)), CoincheOptions(**SA_TA, **rules)
    )
    assert result.renonces == ()
    assert result.complete and result.to_move is None and result.legal is None
    assert [t.winner for t in result.tricks] == [0, 0, 0, 0, 3, 3, 1, 2]
    assert [t.leader for t in result.tricks] == [0, 0, 0, 0, 0, 3, 3, 1]
    assert [t.points for t in result.tricks] == trick_points  # raw, dix de der on the last
    assert result.points == points
    assert result.belotes == ()
    assert result.score is not None
    assert (result.score.contract, result.score.score) == (ruling, score)
    assert (result.score.capot, result.score.renonce) == (None, None)


@pytest.mark.parametrize("hands", [TA_HANDS, None], ids=["hands", "plays only"])
@pytest.mark.parametrize(
    ("rules", "points", "score", "with_belote"),
    [
        # ffb: 52 + 36 + 18 + 10 + 3 = 119, +10 = 129; 152 - 119 = 33: made, 249 -> 250 / 30;
        # with seat 2's belote 269 -> 270.
        ({}, (129, 33), (250, 30), (270, 30)),
        # scaled: raw 193 x 152/248 = 118.3 -> 118, +10 = 128; raw 55 -> 33.7 -> 34.
        ({"ta_points": "scaled"}, (128, 34), (250, 30), (270, 30)),
    ],
)
def test_worked_example_14_tout_atout(
    hands: tuple[str, ...] | None,
    rules: dict[str, Any],
    points: tuple[int, int],
    score: tuple[int, int],
    with_belote: tuple[int, int],
) -> None:
    result = COINCHE.replay(
        record(hands, TA_TRICKS, Contract(0, 120, TOUT_ATOUT)), CoincheOptions(**SA_TA, **rules)
    )
    assert result.renonces == ()
    assert [t.winner for t in result.tricks] == [0, 0, 0, 0, 1, 1, 1, 2]
    assert result.points == points
    assert sum(t.points or 0 for t in result.tricks) == (162 if not rules else 258)
    # Seat 2 holds KH and QH: a belote under TA (each_suit) once announced.
    assert result.belotes == ()
    announced = COINCHE.replay(
        record(hands, TA_TRICKS, Contract(0, 120, TOUT_ATOUT), (Belote(2, Suit.HEARTS),)),
        CoincheOptions(**SA_TA, **rules),
    )
    assert announced.belotes == (Belote(2, Suit.HEARTS),)
    assert announced.belotes[0].team == 0
    assert result.score is not None and announced.score is not None
    assert (result.score.contract, result.score.score) == ("made", score)
    assert (announced.score.contract, announced.score.score) == ("made", with_belote)
    assert announced.score.breakdown[0].belote == 20


def test_a_card_that_breaks_tout_atout_is_a_renonce_with_its_proof() -> None:
    # Example 14's hands: seat 1 discards 7C on the JS lead while holding AS and KS, then
    # plays AS on the next spade lead.
    tricks = ("JS 7C 9S 10S", "8S AS QS 7S")
    contract = Contract(0, 120, TOUT_ATOUT)
    by_hand = COINCHE.replay(record(TA_HANDS, tricks, contract), CoincheOptions(**SA_TA))
    by_plays = COINCHE.replay(record(None, tricks, contract), CoincheOptions(**SA_TA))
    for result, proof in ((by_hand, ("hand", None, None)), (by_plays, ("later_play", "AS", 5))):
        (renonce,) = result.renonces
        assert (renonce.play, renonce.trick, renonce.seat, str(renonce.card)) == (1, 0, 1, "7C")
        assert renonce.violation.code is ViolationCode.FOLLOW_SUIT
        by, card, play = renonce.proof.by, renonce.proof.card, renonce.proof.play
        assert (by, card and str(card), play) == proof
    assert [str(c) for c in by_hand.renonces[0].violation.required] == ["AS", "KS"]
    assert [t.winner for t in by_hand.tricks] == [0, 1]
    assert by_hand.points == (13 + 9 + 5, 6 + 2)


HELD_BELOTES = (
    "KS QS KD QD 7S 8S 7D 8D",
    "KH QH 7H 8H 9S 10S 9D 10D",
    "KC QC 7C 8C JS AS JD AD",
    "9H 10H JH AH 9C 10C JC AC",
)


@pytest.mark.parametrize(
    ("strain", "rules", "counted"),
    [
        # A suit contract: K and Q of trump.
        (Suit.HEARTS, {"belote": "automatic"}, [(1, "H")]),
        (Suit.DIAMONDS, {"belote": "automatic"}, [(0, "D")]),
        # SA: none.
        (SANS_ATOUT, {"belote": "automatic"}, []),
        # TA: every K and Q of one suit in one hand (each_suit), or none.
        (TOUT_ATOUT, {"belote": "automatic"}, [(0, "S"), (1, "H"), (0, "D"), (2, "C")]),
        (TOUT_ATOUT, {"belote": "automatic", "ta_belote": "none"}, []),
        # belote "announce" (the default): only the announced ones, S by seat 0 and C by seat 3.
        (Suit.HEARTS, {}, []),
        (Suit.SPADES, {}, [(0, "S")]),
        (Suit.CLUBS, {}, []),
        (TOUT_ATOUT, {}, [(0, "S")]),
    ],
)
def test_the_belotes_each_strain_counts(
    strain: int, rules: dict[str, Any], counted: list[tuple[int, str]]
) -> None:
    announced = (Belote(0, Suit.SPADES), Belote(3, Suit.CLUBS))
    result = COINCHE.replay(
        record(HELD_BELOTES, (), Contract(1, 80, strain), announced),
        CoincheOptions(**SA_TA, **rules),
    )
    assert [(b.seat, str(Suit(b.suit))) for b in result.belotes] == counted
    assert [b.team for b in result.belotes] == [seat % 2 for seat, _ in counted]


def test_without_the_hands_a_belote_is_known_once_one_seat_has_played_k_and_q() -> None:
    rules = CoincheOptions(belote="automatic")
    contract = Contract(0, 80, Suit.SPADES)
    # Seat 0 leads KS, later QS; seat 1's KH and QH are no belote at spades.
    first = "KS 7S 8S 7H"
    assert COINCHE.replay(record(None, (first,), contract), rules).belotes == ()
    both = COINCHE.replay(record(None, (first, "QS KH QH 10S"), contract), rules)
    assert both.belotes == (Belote(0, Suit.SPADES),)
    apart = COINCHE.replay(record(None, (first, "10S QS"), contract), rules)
    assert apart.belotes == ()


@pytest.mark.parametrize(
    ("contract", "rules", "problems"),
    [
        (Contract(0, 110, SANS_ATOUT), {}, [("/contract/strain", "strain_needs_sa_ta")]),
        (Contract(0, 110, TOUT_ATOUT), {}, [("/contract/strain", "strain_needs_sa_ta")]),
        (Contract(0, 170, Suit.SPADES), {}, [("/contract/value", "contract_value")]),
        (Contract(0, 70, Suit.SPADES), {}, [("/contract/value", "contract_value")]),
        (Contract(0, 95, Suit.SPADES), {}, [("/contract/value", "contract_value")]),
        (Contract(0, "all", Suit.SPADES), {}, [("/contract/value", "contract_value")]),
        (Contract(0, 190, Suit.SPADES), {"max_bid": 180}, [("/contract/value", "contract_value")]),
        (Contract(4, 80, Suit.SPADES), {}, [("/contract/taker", "not_a_seat")]),
        (Contract(0, 80, Suit.SPADES, 3), {}, [("/contract/coinche", "coinche_level")]),
        (
            Contract(-1, 200, TOUT_ATOUT, -1),
            {},
            [
                ("/contract/taker", "not_a_seat"),
                ("/contract/value", "contract_value"),
                ("/contract/strain", "strain_needs_sa_ta"),
                ("/contract/coinche", "coinche_level"),
            ],
        ),
    ],
)
def test_a_contract_the_options_do_not_allow_cannot_be_judged(
    contract: Contract, rules: dict[str, Any], problems: list[tuple[str, str]]
) -> None:
    with pytest.raises(InconsistentInput) as raised:
        COINCHE.replay(record(None, (), contract), CoincheOptions(**rules))
    assert [(p.pointer, p.code) for p in raised.value.problems] == problems


@pytest.mark.parametrize(
    ("contract", "rules"),
    [
        (Contract(0, 80, Suit.SPADES, 0), {}),
        (Contract(1, 160, Suit.HEARTS, 2), {}),
        (Contract(2, 180, SANS_ATOUT, 1), {"max_bid": 180, "sa_ta": True}),
        (Contract(3, CAPOT, TOUT_ATOUT), {"sa_ta": True}),
    ],
)
def test_a_contract_within_the_options_is_judged(contract: Contract, rules: dict[str, Any]) -> None:
    result = COINCHE.replay(record(None, (), contract), CoincheOptions(**rules))
    assert (result.to_move, result.points, result.tricks) == (0, (0, 0), ())


def test_the_record_is_checked_as_in_classic_after_the_contract() -> None:
    bad = CoincheRecord(7, Contract(0, 110, SANS_ATOUT), parse("7S 7S"))
    with pytest.raises(InconsistentInput) as raised:
        COINCHE.replay(bad)
    assert [(p.pointer, p.code) for p in raised.value.problems] == [
        ("/dealer", "not_a_seat"),
        ("/contract/strain", "strain_needs_sa_ta"),
        ("/plays/1", "duplicate_card"),
    ]


# --- invariants over random deals --------------------------------------------------------

STRAIN_OPTIONS = [
    *((suit, {}) for suit in range(4)),
    (SANS_ATOUT, {"sa_ta": True, "sa_points": "ace19"}),
    (SANS_ATOUT, {"sa_ta": True, "sa_points": "scaled"}),
    (TOUT_ATOUT, {"sa_ta": True, "ta_points": "ffb"}),
    (TOUT_ATOUT, {"sa_ta": True, "ta_points": "scaled"}),
]
play_options = st.fixed_dictionaries(
    {},
    optional={
        "undertrump": st.sampled_from(["optional", "required"]),
        "overtrump_partner": st.booleans(),
        "partner_trump": st.sampled_from(["any", "beat", "beat_if_only_trumps"]),
    },
)
rngs = st.randoms(use_true_random=False)


@st.composite
def strains(draw: st.DrawFn) -> tuple[int, CoincheOptions]:
    """A strain with the options its deal is played under: each points option, each play
    option."""
    strain, points = draw(st.sampled_from(STRAIN_OPTIONS))
    return strain, CoincheOptions(**points, **draw(play_options))


def coinche(played: PlayedDeal, hands: bool = True) -> CoincheRecord:
    deal = played.record
    return CoincheRecord(
        dealer=deal.dealer,
        contract=Contract(deal.taker, 80, deal.strain),
        plays=deal.plays,
        hands=deal.hands if hands else None,
    )


@given(rngs, strains(), st.sampled_from([0.0, 0.3]))
def test_a_complete_deal_holds_162_points_under_every_strain_and_points_option(
    rng: random.Random,
    strained: tuple[int, CoincheOptions],
    illegal_rate: float,
) -> None:
    strain, options = strained
    played = play_deal(rng, options=options, trump=strain, illegal_rate=illegal_rate)
    values = strain_values(strain, options)
    raw = [0, 0]
    leader = (played.record.dealer + 1) % PLAYERS
    for start in range(0, DECK_SIZE, PLAYERS):
        trick = played.record.plays[start : start + PLAYERS]
        leader = (leader + reference_winner(trick, strain)) % PLAYERS
        raw[leader % 2] += sum(values.points[c] for c in trick)
    for hands in (True, False):
        result = COINCHE.replay(coinche(played, hands), options)
        assert sum(result.points) == 162
        assert result.points[leader % 2] == values.team_points(raw[leader % 2]) + 10
        assert sum(t.points or 0 for t in result.tricks) == sum(raw) + 10
        assert result.complete and result.score is not None
        first = result.renonces[0].seat % 2 if result.renonces else None
        assert result.score.renonce == first
        teams = {t.winner % 2 for t in result.tricks if t.winner is not None}
        capot = leader % 2 if teams == {leader % 2} else None  # all 8 tricks to one team
        assert result.score.capot == capot


def reference_allows_coinche(
    card: int, hand: list[int], trick: tuple[int, ...], strain: int, options: CoincheOptions
) -> bool:
    """RULES-COINCHE.md "Play" read apart from service.rules.core.play: SA follow suit, else any
    card; TA follow the led suit and beat its best card if you can (even a partner's with
    overtrump_partner), else any card; a suit contract as RULES.md."""
    if strain < SANS_ATOUT or not trick:
        return reference_allows(card, hand, trick, strain, options)
    led = trick[0] >> 3
    followers = [c for c in hand if c >> 3 == led]
    if not followers:
        return True
    if card >> 3 != led:
        return False
    if strain == SANS_ATOUT:
        return True
    order = ("7", "8", "Q", "K", "10", "A", "9", "J")  # TA, lowest first

    def strength(c: int) -> int:
        return order.index(("7", "8", "9", "10", "J", "Q", "K", "A")[c & 7])

    best = max(strength(c) for c in trick if c >> 3 == led)
    partner_best = (len(trick) - reference_winner(trick, strain)) == 2
    beaters = [c for c in followers if strength(c) > best]
    if not beaters or (partner_best and not options.overtrump_partner):
        return True
    return strength(card) > best


@given(rngs, strains(), st.integers(min_value=0, max_value=DECK_SIZE - 1))
def test_the_legal_cards_are_what_the_strain_allows(
    rng: random.Random,
    strained: tuple[int, CoincheOptions],
    length: int,
) -> None:
    strain, options = strained
    played = play_deal(rng, length, options=options, trump=strain, illegal_rate=0.2)
    result = COINCHE.replay(coinche(played), options)
    assert result.to_move is not None and result.legal
    table = played.record.plays[length - length % PLAYERS :]
    hand = [
        c
        for c in played.record.hands[result.to_move]  # type: ignore[index]
        if c not in played.record.plays
    ]
    assert [c for c in hand if reference_allows_coinche(c, hand, table, strain, options)] == list(
        result.legal
    )


@given(rngs, strains(), st.integers(min_value=0, max_value=DECK_SIZE - 1))
def test_an_injected_illegal_card_is_a_renonce_under_every_strain(
    rng: random.Random,
    strained: tuple[int, CoincheOptions],
    inject_from: int,
) -> None:
    strain, options = strained
    played = play_deal(rng, options=options, trump=strain, inject_from=inject_from)
    assume(not all(played.legal))
    (injected,) = [i for i, legal in enumerate(played.legal) if not legal]
    by_hand = COINCHE.replay(coinche(played), options).renonces
    assert [(r.play, r.proof.by) for r in by_hand] == [(injected, "hand")]
    (found,) = COINCHE.replay(coinche(played, hands=False), options).renonces
    assert (found.play, found.seat, found.card) == (injected, by_hand[0].seat, by_hand[0].card)
    assert found.proof.by == "later_play"
    assert found.proof.play is not None and found.proof.play > injected
    assert played.record.plays[found.proof.play] == found.proof.card
    assert found.proof.card in found.violation.required


@given(rngs, strains(), st.integers(min_value=0, max_value=DECK_SIZE))
def test_a_deal_played_with_legal_cards_has_no_renonce_under_any_strain(
    rng: random.Random,
    strained: tuple[int, CoincheOptions],
    length: int,
) -> None:
    strain, options = strained
    played = play_deal(rng, length, options=options, trump=strain)
    assert COINCHE.replay(coinche(played), options).renonces == ()
    assert COINCHE.replay(coinche(played, hands=False), options).renonces == ()


def test_annonces_declared_in_a_coinche_replay_count_with_the_option() -> None:
    # Example 13 with seat 0's four aces declared: 200 under SA (FFB), in T.
    declared = CoincheRecord(
        dealer=3,
        contract=Contract(0, 110, SANS_ATOUT),
        plays=parse(" ".join(SA_TRICKS)),
        declarations=(Declaration(0, parse("AS AH AD AC")),),
    )
    off = COINCHE.replay(declared, CoincheOptions(sa_ta=True))
    assert off.declarations == ()
    assert off.score is not None and off.score.score == (220, 50)
    on = COINCHE.replay(declared, CoincheOptions(sa_ta=True, annonces=True))
    (verdict,) = on.declarations
    assert (verdict.seat, verdict.problem) == (0, None)
    assert on.score is not None
    assert on.score.breakdown[0].annonces == 200
    assert on.score.score == (420, 50)  # 113 + 200 + 110 = 423 -> 420


@pytest.mark.parametrize("strain", [SANS_ATOUT, TOUT_ATOUT])
def test_a_strain_without_sa_ta_cannot_be_judged(strain: int) -> None:
    with pytest.raises(InconsistentInput) as raised:
        check_strain(strain, CoincheOptions())
    ((pointer, code, params),) = [(p.pointer, p.code, p.params) for p in raised.value.problems]
    assert (pointer, code, params) == (
        "/strain",
        "strain_needs_sa_ta",
        {"strain": STRAIN_CODES[strain]},
    )
    with pytest.raises(InconsistentInput) as raised:
        check_strain(strain, CoincheOptions(), "/contract/strain")
    assert raised.value.problems[0].pointer == "/contract/strain"
    check_strain(strain, CoincheOptions(sa_ta=True))


@pytest.mark.parametrize("suit", range(4))
def test_a_suit_is_judged_without_sa_ta(suit: int) -> None:
    check_strain(suit, CoincheOptions())
