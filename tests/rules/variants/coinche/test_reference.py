"""The service's coinche referee against `coinche_reference.py`, a plain second reading of
RULES-COINCHE.md, on generated auctions, play situations, whole deals and deal summaries.

Any difference is a bug in one of the two; the rules page settles which."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import Card, Declaration, classify
from service.rules.core.play import legal_cards, trick_winner, violation
from service.rules.core.replay import Belote
from service.rules.variants import COINCHE
from service.rules.variants.coinche.bidding import judge_auction
from service.rules.variants.coinche.options import CAPOT, GENERALE, CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from service.rules.variants.coinche.scoring import CoincheDealSummary
from support.deals import random_hands
from tests.rules import coinche_reference as ref
from tests.rules.variants.coinche.test_options import TABLE

STRAIN_INDEX = {code: i for i, code in enumerate(ref.STRAINS)}


def random_options(rng: random.Random) -> CoincheOptions:
    """Every option of RULES-COINCHE.md's table (but `target`) at one of its values."""
    return CoincheOptions(**{name: rng.choice(values) for name, values in TABLE.items()})


VALUES = {"capot": CAPOT, "generale": GENERALE}


def contract_of(taker: int, value: int | str, strain: str, coinche: int) -> Contract:
    return Contract(taker, VALUES.get(value, value), STRAIN_INDEX[strain], coinche)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the auction

ODD_CALLS = (
    "70H",
    "85S",
    "170D",
    "190C",
    "0S",
    "capotSA",
    "capotTA",
    "160TA",
    "180SA",
    "82H",
    "95D",
)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_auction_is_judged_as_the_reference_judges_it(rng: random.Random) -> None:
    options = random_options(rng)
    dealer = rng.randrange(4)
    calls: list[str] = []
    for _ in range(rng.randrange(1, 16)):
        legal = ref.auction(dealer, calls, options).legal
        if legal and rng.random() < 0.85:
            weights = [
                6 if c == "pass" else 3 if c in ("coinche", "surcoinche") else 1 for c in legal
            ]
            calls.append(rng.choices(legal, weights)[0])
        else:
            calls.append(rng.choice(("pass", "coinche", "surcoinche", "capotS", *ODD_CALLS)))
    expected = ref.auction(dealer, calls, options)
    got = judge_auction(dealer, calls, options)
    assert got.status == expected.status, calls
    assert got.next == expected.next, calls
    assert list(got.legal) == expected.legal, calls
    want = None if expected.contract is None else contract_of(*expected.contract)
    assert got.contract == want, calls
    standing = None if expected.standing is None else contract_of(*expected.standing)
    assert got.standing == standing, calls
    violation_found = None if got.violation is None else (got.violation.index, got.violation.code)
    assert violation_found == expected.violation, calls


# ---------------------------------------------------------------- play


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_card_is_ruled_as_the_reference_rules_it(rng: random.Random) -> None:
    options = random_options(rng)
    strain = rng.randrange(6)
    deck = list(range(32))
    rng.shuffle(deck)
    trick = deck[: rng.randrange(4)]
    hand = [Card(c) for c in deck[4 : 4 + rng.randrange(1, 9)]]
    assert set(legal_cards(hand, trick, strain, options)) == set(
        ref.legal(hand, trick, strain, options)
    )
    for card in hand:
        broken = violation(hand, trick, strain, card, options)
        code = None if broken is None else str(broken.code)
        assert code == ref.card_rule(hand, trick, strain, options, card), (trick, hand, card)
    full = deck[:4]
    assert trick_winner(full, strain) == ref.winner(full, strain)


# ---------------------------------------------------------------- whole deals


def random_contract(rng: random.Random, options: CoincheOptions) -> tuple[int, int | str, int, int]:
    values: list[int | str] = [*ref.bid_numbers(options), "capot"]
    if options.generale != "none":
        values += ["generale"] * 3  # often enough to meet it made and failed
    return (
        rng.randrange(4),
        rng.choice(values),
        rng.randrange(6 if options.sa_ta else 4),
        rng.choice((0, 0, 1, 2)),
    )


def play_out(
    rng: random.Random, hands: list[list[int]], strain: int, dealer: int, options: CoincheOptions
) -> tuple[list[int], list[tuple[list[int], int]], int | None, set[int]]:
    """Plays a deal, legal cards mostly: the plays, the tricks (cards, winning team), the
    team of the first renonce and the seats that won a trick."""
    held = [list(h) for h in hands]
    plays: list[int] = []
    tricks: list[tuple[list[int], int]] = []
    renonce = None
    leader = (dealer + 1) % 4
    won = set()
    for _ in range(8):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            allowed = ref.legal(held[seat], trick, strain, options)
            card = rng.choice(held[seat] if rng.random() < 0.03 else allowed)
            if card not in allowed and renonce is None:
                renonce = seat % 2
            held[seat].remove(card)
            trick.append(card)
            plays.append(card)
        leader = (leader + ref.winner(trick, strain)) % 4
        tricks.append((trick, leader % 2))
        won.add(leader)
    return plays, tricks, renonce, won


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_whole_deal_scores_as_the_reference_scores_it(rng: random.Random) -> None:
    options = random_options(rng)
    hands = [list(h) for h in random_hands(rng)]
    dealer = rng.randrange(4)
    taker, value, strain, coinche = random_contract(rng, options)
    plays, tricks, renonce, won = play_out(rng, hands, strain, dealer, options)
    generale = won.pop() if len(won) == 1 else None
    held = ref.belotes(hands, strain, options)
    announced = [b for b in held if rng.random() < 0.7]
    counted = held if options.belote == "automatic" else announced
    points = ref.team_points(tricks, strain, options)
    teams = {team for _, team in tricks}
    capot = teams.pop() if len(teams) == 1 else None
    declared = [(seat, a, c) for seat in range(4) for a, c in ref.hand_declarations(hands[seat])]
    contract = Contract(taker, VALUES.get(value, value), strain, coinche)  # type: ignore[arg-type]
    record = CoincheRecord(
        dealer=dealer,
        contract=contract,
        plays=tuple(Card(c) for c in plays),
        # Without the hands, renonces are proven by later plays: on a complete deal, all.
        hands=tuple(tuple(Card(c) for c in h) for h in hands) if rng.random() < 0.7 else None,
        belote_announced=tuple(Belote(seat, suit) for seat, suit in announced),
        declarations=tuple(Declaration(s, tuple(Card(x) for x in c)) for s, _, c in declared),
    )
    # Part way, the player to move and their legal cards.
    cut = rng.randrange(32)
    partial = COINCHE.replay(replace(record, plays=record.plays[:cut]), options)
    if record.hands is not None and not partial.renonces:
        trick = plays[cut - cut % 4 : cut]
        seat = partial.to_move
        assert seat is not None
        held = [c for c in hands[seat] if c not in plays[:cut]]
        assert partial.legal is not None
        assert sorted(partial.legal) == sorted(ref.legal(held, trick, strain, options))
    got = COINCHE.replay(record, options)
    assert got.complete
    assert list(got.points) == points
    assert sorted((b.seat, b.suit) for b in got.belotes) == sorted(counted)
    first = None if not got.renonces else got.renonces[0].seat % 2
    assert first == renonce
    belote = (sum(s % 2 == 0 for s, _ in counted), sum(s % 2 == 1 for s, _ in counted))
    annonces: tuple[list[ref.Ann], list[ref.Ann]] = ([], [])
    for seat, annonce, _ in declared:
        annonces[seat % 2].append(annonce)
    deal = ref.Deal(
        taker,
        value,
        strain,
        coinche,
        (points[0], points[1]),
        capot,
        belote,
        annonces,
        renonce,
        generale,
    )
    expected = ref.score(deal, options)
    assert got.score is not None
    assert (got.score.contract, got.score.score, got.score.reserve, got.score.capot) == (
        expected.contract,
        expected.score,
        expected.reserve,
        capot,
    )


# ---------------------------------------------------------------- deal summaries


def random_annonce(rng: random.Random) -> tuple[ref.Ann, tuple[Card, ...]]:
    if rng.random() < 0.3:
        top = rng.randrange(2, 8)
        cards = tuple(Card(s * 8 + top) for s in range(4))
        return ref.Ann("four", top), cards
    length = rng.choice((3, 3, 4, 5, 6))
    top = rng.randrange(length - 1, 8)
    of_suit = rng.randrange(4)
    cards = tuple(Card(of_suit * 8 + r) for r in range(top - length + 1, top + 1))
    return ref.Ann("seq", top, length, of_suit), cards


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_deal_summary_scores_as_the_reference_scores_it(rng: random.Random) -> None:
    options = random_options(rng)
    taker, value, strain, coinche = random_contract(rng, options)
    capot = rng.choice((None, None, None, 0, 1))
    if capot is None:
        p0 = rng.choice((rng.randrange(163), 81, 71, 91, 61, 101, 82, 72))
        points = (p0, 162 - p0)
    else:
        points = (162, 0) if capot == 0 else (0, 162)
    most = {ref.SA: 0, ref.TA: 4 if options.ta_belote == "each_suit" else 0}.get(strain, 1)
    b0 = rng.randrange(most + 1)
    belote = (b0, rng.randrange(most - b0 + 1))
    drawn = [[random_annonce(rng) for _ in range(rng.choice((0, 0, 1, 2)))] for _ in range(2)]
    renonce = rng.choice((None, None, None, 0, 1))
    # A seat that won every trick alone: the taker, its partner, or none, of the capot team.
    generale = None if capot is None else rng.choice((None, capot, capot + 2))
    summary = CoincheDealSummary(
        contract=Contract(taker, VALUES.get(value, value), strain, coinche),  # type: ignore[arg-type]
        points=points,
        capot=capot,
        belote=belote,
        annonces=tuple(tuple(classify(cards) for _, cards in team) for team in drawn),  # type: ignore[arg-type]
        renonce=renonce,
        generale=generale,
    )
    deal = ref.Deal(
        taker,
        value,
        strain,
        coinche,
        points,
        capot,
        belote,
        ([a for a, _ in drawn[0]], [a for a, _ in drawn[1]]),
        renonce,
        generale,
    )
    expected = ref.score(deal, options)
    got = COINCHE.score_deal(summary, options)
    assert (got.contract, got.score, got.reserve) == (
        expected.contract,
        expected.score,
        expected.reserve,
    ), (summary, options)
    assert got.compared == expected.compared, (summary, options)
