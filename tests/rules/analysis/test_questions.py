"""Perfect play (service/rules/analysis/) against a brute-force minimax written plainly here:
every legal card at every turn, no pruning, no table, the play obligations and points read
from tests/rules/builders.py and the trick winners from support/deals.py (a reading of RULES.md
apart from service.rules)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.rules import Card, DealRecord, InconsistentInput, RuleOptions, legal_cards, replay
from service.rules.analysis import questions
from service.rules.analysis.questions import (
    ANY,
    BEST,
    Claim,
    ClaimVerdict,
    Objective,
    Outcome,
    Solution,
    judge_claim,
    judge_coinche_claim,
    objective_in,
    solve,
    solve_coinche,
)
from service.rules.analysis.reference import CLOCK_EVERY
from service.rules.core.cards import ALL_CARDS, DEAL_POINTS, DECK_POINTS, HAND_SIZE, KING, QUEEN
from service.rules.core.replay import Belote, Declaration
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, belote_suits
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord, strain_values
from support.deals import DECK_SIZE, play_deal, reference_winner
from tests.rules import coinche_reference as ref
from tests.rules.builders import cards, reference_allows, reference_points

TRICKS = 8
LAST_TRICK_BONUS = 10


# --- the brute force -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """One variant's rules as the brute force reads them, apart from service.rules: whether a
    card may be played from a hand to a trick, the trick's winner (its index), a card's raw
    points, and a team's final points from the raw points of its tricks and whether it won
    the last."""

    allows: Callable[[int, Sequence[int], Sequence[int]], bool]
    winner: Callable[[Sequence[int]], int]
    points: Callable[[int], int]
    final: Callable[[int, bool], int]


def classic(trump: int, options: RuleOptions) -> Reading:
    """RULES.md read by tests/rules/builders.py and support/deals.py."""
    return Reading(
        lambda card, hand, trick: reference_allows(card, hand, trick, trump, options),
        lambda trick: reference_winner(trick, trump),
        lambda card: reference_points(card, trump),
        lambda raw, last: raw + LAST_TRICK_BONUS * last,
    )


def coinche(strain: int, options: CoincheOptions) -> Reading:
    """RULES-COINCHE.md read by tests/rules/coinche_reference.py: the strain's order, points and
    obligations, a team's raw total scaled to 152 where `sa_points`/`ta_points` say."""
    deck = sum(ref.raw_points(c, strain, options) for c in range(DECK_SIZE))
    scaled = {ref.SA: options.sa_points, ref.TA: options.ta_points}.get(strain) == "scaled"
    return Reading(
        lambda card, hand, trick: (
            ref.card_rule(list(hand), list(trick), strain, options, card) is None
        ),
        lambda trick: ref.winner(list(trick), strain),
        lambda card: ref.raw_points(card, strain, options),
        lambda raw, last: (
            (ref.half_up(DECK_POINTS * raw, deck) if scaled else raw) + LAST_TRICK_BONUS * last
        ),
    )


@dataclass(frozen=True)
class End:
    """A finished deal: points (dix de der in, scaled where the rules say) and tricks per team,
    over the whole deal."""

    points: tuple[int, int]
    tricks: tuple[int, int]


@dataclass(frozen=True)
class Node:
    """A seat to move and, for each legal card, where it leads."""

    seat: int
    children: tuple[tuple[int, Node | End], ...]


Tree = Node | End


@dataclass(frozen=True)
class Position:
    hands: tuple[tuple[int, ...], ...]  # each seat's cards still held
    leader: int
    trick: tuple[int, ...]
    raw: tuple[int, int]  # raw card points of the tricks finished
    tricks: tuple[int, int]  # tricks finished, per team


def position_of(record: DealRecord | CoincheRecord, reading: Reading) -> Position:
    """The position after the record's plays, followed trick by trick."""
    assert record.hands is not None
    hands = [[c for c in hand if c not in record.plays] for hand in record.hands]
    leader = (record.dealer + 1) % PLAYERS
    raw, tricks = [0, 0], [0, 0]
    whole = len(record.plays) - len(record.plays) % PLAYERS
    for start in range(0, whole, PLAYERS):
        trick = record.plays[start : start + PLAYERS]
        leader = (leader + reading.winner(trick)) % PLAYERS
        raw[leader % 2] += sum(reading.points(c) for c in trick)
        tricks[leader % 2] += 1
    return Position(
        tuple(tuple(h) for h in hands),
        leader,
        tuple(record.plays[whole:]),
        (raw[0], raw[1]),
        (tricks[0], tricks[1]),
    )


def tree(position: Position, reading: Reading) -> Tree:
    """Every way the deal can end from `position` with legal plays."""
    hands, trick = position.hands, position.trick
    seat = (position.leader + len(trick)) % PLAYERS
    children: list[tuple[int, Tree]] = []
    for card in hands[seat]:
        if not reading.allows(card, hands[seat], trick):
            continue
        held = tuple(
            tuple(c for c in h if c != card) if s == seat else h for s, h in enumerate(hands)
        )
        played = (*trick, card)
        if len(played) < PLAYERS:
            within = Position(held, position.leader, played, position.raw, position.tricks)
            children.append((card, tree(within, reading)))
            continue
        winner = (position.leader + reading.winner(played)) % PLAYERS
        raw, tricks = list(position.raw), list(position.tricks)
        raw[winner % 2] += sum(reading.points(c) for c in played)
        tricks[winner % 2] += 1
        if any(held):
            after = Position(held, winner, (), (raw[0], raw[1]), (tricks[0], tricks[1]))
            children.append((card, tree(after, reading)))
        else:
            points = tuple(reading.final(raw[t], winner % 2 == t) for t in range(2))
            children.append((card, End((points[0], points[1]), (tricks[0], tricks[1]))))
    return Node(seat, tuple(children))


def minimax(node: Tree, score: Callable[[End], int], maximizer: int | None) -> int:
    """The score when `maximizer`'s seats maximise it and the others minimise it (None: every
    seat minimises)."""
    if isinstance(node, End):
        return score(node)
    values = [minimax(child, score, maximizer) for _, child in node.children]
    return max(values) if node.seat % 2 == maximizer else min(values)


def margin(takers: int, capot_value: int) -> Callable[[End], int]:
    """The solver's objective: the takers' points minus the defenders', a capot counting the
    capot value against 0."""

    def score(end: End) -> int:
        if end.tricks[takers] == TRICKS:
            return capot_value
        if end.tricks[1 - takers] == TRICKS:
            return -capot_value
        return end.points[takers] - end.points[1 - takers]

    return score


def margin_of(outcome: Outcome, takers: int, capot_value: int) -> int:
    if outcome.capot is not None:
        return capot_value if outcome.capot == takers else -capot_value
    return outcome.points[takers] - outcome.points[1 - takers]


def child(node: Tree, card: int) -> Tree:
    assert isinstance(node, Node)
    return dict(node.children)[card]


def follow(node: Tree, line: Sequence[int]) -> End:
    """The end a line reaches; it fails when a card of the line is not legal."""
    for card in line:
        node = child(node, card)
    assert isinstance(node, End)
    return node


# --- positions -----------------------------------------------------------------------------------

OPTIONS = st.builds(
    RuleOptions,
    undertrump=st.sampled_from(["required", "optional"]),
    overtrump_partner=st.booleans(),
    capot=st.sampled_from([252, 250]),
)


@st.composite
def endings(draw: st.DrawFn) -> tuple[DealRecord, RuleOptions]:
    """A deal with at most 3 tricks left, sometimes with a renonce among its plays."""
    options = draw(OPTIONS)
    rng = draw(st.randoms(use_true_random=False))
    length = draw(st.integers(DECK_SIZE - 3 * PLAYERS, DECK_SIZE - 1))
    rate = draw(st.sampled_from([0.0, 0.0, 0.05]))
    return play_deal(rng, length, illegal_rate=rate, options=options).record, options


# The brute force is slow: a quarter of the profile's examples (37 by default; 12 under `make
# mutants`, where the tables below must kill the solver's mutants and these only confirm).
EXAMPLES = settings.default.max_examples // 4
PROPERTY = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@dataclass(frozen=True)
class Case:
    """A position to analyse, classic or coinche: the record, how the brute force reads its
    rules, the takers, the capot value, the questions asked of the solver and the outcome the
    replay gives the record finished by a line."""

    record: DealRecord | CoincheRecord
    reading: Reading
    takers: int
    capot: int
    solve: Callable[[], Solution]
    claim: Callable[[Claim, str], ClaimVerdict]
    outcome: Callable[[Sequence[Card]], Outcome]


def classic_case(record: DealRecord, options: RuleOptions) -> Case:
    def outcome(line: Sequence[Card]) -> Outcome:
        finished = replay(replace(record, plays=(*record.plays, *line)), options)
        assert finished.score is not None
        score = finished.score
        return Outcome(finished.points, score.capot, score.contract, score.score)

    return Case(
        record,
        classic(record.strain, options),
        record.taker % 2,
        options.capot,
        lambda: solve(record, options),
        lambda claim, mode: judge_claim(record, claim, mode, options),
        outcome,
    )


def coinche_case(record: CoincheRecord, options: CoincheOptions) -> Case:
    def outcome(line: Sequence[Card]) -> Outcome:
        finished = COINCHE.replay(replace(record, plays=(*record.plays, *line)), options)
        assert finished.score is not None
        score = finished.score
        return Outcome(finished.points, score.capot, score.contract, score.score)

    return Case(
        record,
        coinche(record.contract.strain, options),
        record.contract.taker % 2,
        options.capot,
        lambda: solve_coinche(record, options),
        lambda claim, mode: judge_coinche_claim(record, claim, mode, options),
        outcome,
    )


def check_the_value_and_every_card_s_value(case: Case) -> Solution:
    """The solution is the brute force's: the value, the line (legal, reaching the value, the
    replay's outcome), every legal card's value and loss."""
    record, takers, capot = case.record, case.takers, case.capot
    full = tree(position_of(record, case.reading), case.reading)
    assert isinstance(full, Node)
    objective = margin(takers, capot)
    best = minimax(full, objective, takers)

    solution = case.solve()
    assert solution.exact and solution.bounds is None
    assert solution.to_move == full.seat
    assert solution.value is not None
    assert margin_of(solution.value, takers, capot) == best
    # The line is legal and reaches the value; the value is what the replay scores for it.
    end = follow(full, solution.line)
    assert objective(end) == best
    assert solution.value.points == end.points
    assert solution.value == case.outcome(solution.line)
    # Every legal card, in hand order, with its value and its loss for the mover's team.
    assert record.hands is not None
    legal = [card for card, _ in full.children]
    assert [m.card for m in solution.moves] == [c for c in record.hands[full.seat] if c in legal]
    sign = 1 if full.seat % 2 == takers else -1
    for move in solution.moves:
        value = minimax(child(full, move.card), objective, takers)
        assert margin_of(move.value, takers, capot) == value
        assert move.loss * 2 == sign * (best - value)
        assert move.loss >= 0 and type(move.loss) is int  # whole points
    # The value is the best card's value.
    assert min(m.loss for m in solution.moves) == 0
    return solution


def check_a_claim(
    case: Case, mode: str, kind: str, tricks: int, points: int, seat: int
) -> ClaimVerdict:
    """The verdict is the brute force's: what the team can guarantee, whether the claim holds,
    and a refutation that is a legal line ending under the claim."""
    position = position_of(case.record, case.reading)
    full = tree(position, case.reading)
    team = seat % 2
    maximizer = team if mode == BEST else None
    left = TRICKS - sum(position.tricks)
    guaranteed_tricks = minimax(full, lambda e: e.tricks[team], maximizer) - position.tricks[team]
    guaranteed_points = minimax(full, lambda e: e.points[team], maximizer)
    claim = {
        "tricks": Claim(seat, tricks=tricks),
        "rest": Claim(seat, rest=True),
        "points": Claim(seat, points=points),
    }[kind]
    wanted: Callable[[End], bool] = {
        "tricks": lambda e: e.tricks[team] - position.tricks[team] >= tricks,
        "rest": lambda e: e.tricks[team] - position.tricks[team] == left,
        "points": lambda e: e.points[team] >= points,
    }[kind]

    verdict = case.claim(claim, mode)
    assert verdict.exact
    assert verdict.tricks == guaranteed_tricks
    assert verdict.points == guaranteed_points
    assert verdict.holds == bool(minimax(full, lambda e: int(wanted(e)), maximizer))
    if verdict.holds:
        assert verdict.refutation is None
    else:
        assert verdict.refutation is not None
        assert not wanted(follow(full, verdict.refutation))
    return verdict


CLAIMS = (
    st.sampled_from([BEST, ANY]),
    st.sampled_from(["tricks", "rest", "points"]),
    st.integers(0, 3),
    st.integers(0, 162),
    st.integers(0, 3),
)


@PROPERTY
@given(endings())
def test_the_value_and_every_card_s_value_are_the_brute_force_s(
    ending: tuple[DealRecord, RuleOptions],
) -> None:
    check_the_value_and_every_card_s_value(classic_case(*ending))


@PROPERTY
@given(endings(), *CLAIMS)
def test_claims_are_the_brute_force_s(
    ending: tuple[DealRecord, RuleOptions],
    mode: str,
    kind: str,
    tricks: int,
    points: int,
    seat: int,
) -> None:
    check_a_claim(classic_case(*ending), mode, kind, tricks, points, seat)


# --- coinche positions -------------------------------------------------------------------------

COINCHE_OPTIONS = st.builds(
    CoincheOptions,
    sa_ta=st.just(True),
    undertrump=st.sampled_from(["required", "optional"]),
    overtrump_partner=st.booleans(),
    capot=st.sampled_from([252, 250]),
    sa_points=st.sampled_from(["ace19", "scaled"]),
    ta_points=st.sampled_from(["ffb", "scaled"]),
    ta_belote=st.sampled_from(["each_suit", "none"]),
    belote=st.sampled_from(["announce", "automatic"]),
    surcoinche_multiplier=st.sampled_from([4, 3]),
)
# SA and TA twice as often as each suit.
STRAINS = st.sampled_from([0, 1, 2, 3, SANS_ATOUT, SANS_ATOUT, TOUT_ATOUT, TOUT_ATOUT])


def strong_hands(rng: random.Random, strain: int, team: int) -> tuple[tuple[Card, ...], ...]:
    """Hands where `team` holds mostly the strongest cards under `strain` (trumps, then the
    highest of each suit), give or take a few."""

    def strength(card: Card) -> float:
        trump = strain == ref.TA or card >> 3 == strain
        order = ref.TRUMP_ORDER if trump else ref.PLAIN_ORDER
        return order[card & 7] + 8 * (card >> 3 == strain) + rng.uniform(0, 8)

    deck = sorted(ALL_CARDS, key=strength, reverse=True)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for index, card in enumerate(deck):
        seat = (team + 2 * (index % 2) + (index >= 2 * HAND_SIZE)) % PLAYERS
        hands[seat].append(card)
    return tuple(tuple(hand) for hand in hands)


def sweeping_plays(
    rng: random.Random,
    hands: tuple[tuple[Card, ...], ...],
    dealer: int,
    strain: int,
    options: CoincheOptions,
    length: int,
    team: int,
) -> tuple[Card, ...]:
    """`length` legal plays where `team` takes each trick when it can and the others give it
    their weakest cards: a capot in the making, more often than not."""
    held = [list(h) for h in hands]
    plays: list[Card] = []
    leader, trick = (dealer + 1) % PLAYERS, []
    while len(plays) < length:
        seat = (leader + len(trick)) % PLAYERS
        allowed = list(legal_cards(held[seat], trick, strain, options))
        taking = [c for c in allowed if ref.winner([*trick, c], strain) == len(trick)]
        if seat % 2 == team:
            card = rng.choice(taking or allowed)
        else:
            card = rng.choice([c for c in allowed if c not in taking] or allowed)
        held[seat].remove(card)
        plays.append(card)
        trick.append(card)
        if len(trick) == PLAYERS:
            leader, trick = (leader + ref.winner(trick, strain)) % PLAYERS, []
    return tuple(plays)


@st.composite
def coinche_endings(draw: st.DrawFn) -> tuple[CoincheRecord, CoincheOptions]:
    """A coinche deal with at most 3 tricks left under any strain and contract, sometimes with
    a renonce among its plays, sometimes a capot in the making; every belote held announced,
    or none."""
    options = draw(COINCHE_OPTIONS)
    strain = draw(STRAINS)
    rng = draw(st.randoms(use_true_random=False))
    length = draw(st.integers(DECK_SIZE - 3 * PLAYERS, DECK_SIZE - 1))
    rate = draw(st.sampled_from([0.0, 0.0, 0.05]))
    sweeping = draw(st.sampled_from([None, 0, 1]))  # the team making a capot, if any
    hands = None if sweeping is None else strong_hands(rng, strain, sweeping)
    played = play_deal(rng, length, rate, options, hands, trump=strain).record
    assert played.hands is not None
    plays = played.plays
    if sweeping is not None:
        plays = sweeping_plays(rng, played.hands, played.dealer, strain, options, length, sweeping)
    value = draw(st.sampled_from([80, 100, 120, 160, CAPOT]))
    contract = Contract(played.taker, value, strain, draw(st.integers(0, 2)))
    held = [
        Belote(seat, suit)
        for suit in belote_suits(strain, options.ta_belote)
        for seat, hand in enumerate(played.hands)
        if {Card.of(KING, suit), Card.of(QUEEN, suit)} <= set(hand)
    ]
    announced = tuple(held) if draw(st.booleans()) else ()
    return CoincheRecord(played.dealer, contract, plays, played.hands, announced), options


@PROPERTY
@given(coinche_endings())
def test_a_coinche_deal_s_value_and_every_card_s_value_are_the_brute_force_s(
    ending: tuple[CoincheRecord, CoincheOptions],
) -> None:
    record, options = ending
    solution = check_the_value_and_every_card_s_value(coinche_case(record, options))
    # The contract and the score are the coinche deal's, as the reference scores it (a deal
    # without renonce: the reference proves none).
    assume(COINCHE.replay(record, options).renonces == ())
    assert solution.value is not None
    value = solution.value
    strain = record.contract.strain
    counted = [
        (seat, suit)
        for seat, suit in ref.belotes([list(h) for h in record.hands or ()], strain, options)
        if options.belote == "automatic" or Belote(seat, suit) in record.belote_announced
    ]
    belote = (sum(s % 2 == 0 for s, _ in counted), sum(s % 2 == 1 for s, _ in counted))
    contract = record.contract
    deal = ref.Deal(
        contract.taker, contract.value, strain, contract.coinche, value.points, value.capot, belote
    )
    scored = ref.score(deal, options)
    assert (value.contract, value.score) == (scored.contract, scored.score)


@PROPERTY
@given(coinche_endings(), *CLAIMS)
def test_coinche_claims_are_the_brute_force_s(
    ending: tuple[CoincheRecord, CoincheOptions],
    mode: str,
    kind: str,
    tricks: int,
    points: int,
    seat: int,
) -> None:
    check_a_claim(coinche_case(*ending), mode, kind, tricks, points, seat)


@settings(max_examples=EXAMPLES * 2 // 3, deadline=None)
@given(endings(), st.sampled_from([BEST, ANY]), st.integers(0, 3))
def test_a_claim_of_what_the_team_can_guarantee_holds_and_one_more_does_not(
    ending: tuple[DealRecord, RuleOptions], mode: str, seat: int
) -> None:
    record, options = ending
    found = judge_claim(record, Claim(seat, tricks=0), mode, options)
    assert found.tricks is not None and found.points is not None
    assert judge_claim(record, Claim(seat, tricks=found.tricks), mode, options).holds
    assert not judge_claim(record, Claim(seat, tricks=found.tricks + 1), mode, options).holds
    assert judge_claim(record, Claim(seat, points=found.points), mode, options).holds
    assert not judge_claim(record, Claim(seat, points=found.points + 1), mode, options).holds
    # Both sides playing against the claim never give the team more than perfect play.
    best = judge_claim(record, Claim(seat, tricks=0), BEST, options)
    assert best.tricks is not None and best.points is not None
    assert found.tricks <= best.tricks and found.points <= best.points


# --- tables --------------------------------------------------------------------------------------

# Seat 0 deals, seat 1 leads; hearts are trump. Hands by seat.
HANDS = (
    cards("7S 8S 9S 7H 8H 7D 8D 9D"),
    cards("JH 9H AH 10H KH QH AS 10S"),
    cards("KS QS JS 7C 8C 9C 10C JC"),
    cards("AD 10D KD QD JD QC KC AC"),
)
HEARTS = 1


def record(plays: str = "", taker: int = 1, hands: tuple = HANDS) -> DealRecord:
    return DealRecord(0, HEARTS, taker, cards(plays), hands)


def five_left(seed: int) -> DealRecord:
    """12 random legal plays from the seed: 5 tricks left."""
    return play_deal(random.Random(seed), 12).record


# A budget no search here comes near, however loaded the machine and slow the run (`make
# mutants` traces every call while it maps the tests to the functions they reach).
UNHURRIED = 600_000


def test_the_takers_holding_every_trump_and_the_masters_make_capot() -> None:
    # Seat 1 leads its six trumps then AS and 10S: every trick, whatever the others play.
    solution = solve(record())
    assert solution.value == Outcome((0, 162), 1, "made", (0, 272))  # 252 and the belote
    assert solution.to_move == 1
    assert [str(m.card) for m in solution.moves] == [
        "JH",
        "9H",
        "AH",
        "10H",
        "KH",
        "QH",
        "AS",
        "10S",
    ]
    assert {m.loss for m in solution.moves} == {0}
    assert len(solution.line) == DECK_SIZE


def test_a_capot_value_of_250_is_the_takers_objective() -> None:
    solution = solve(record(), RuleOptions(capot=250))
    assert solution.value == Outcome((0, 162), 1, "made", (0, 270))


def test_a_capot_is_worth_more_than_its_points() -> None:
    # Seat 2 takes; seat 1 still sweeps the deal: the takers are capot.
    solution = solve(record(taker=2))
    assert solution.value == Outcome((0, 162), 1, "dedans", (0, 272))


def test_a_finished_deal_answers_its_score_and_no_move() -> None:
    rng = random.Random(7)
    played = play_deal(rng).record
    solution = solve(played)
    finished = replay(played)
    assert finished.score is not None
    assert solution.value == Outcome(
        finished.points, finished.score.capot, finished.score.contract, finished.score.score
    )
    assert solution.moves == () and solution.line == () and solution.to_move is None
    assert solution.exact and solution.nodes == 0 and solution.elapsed_ms >= 0


def test_the_last_trick_plays_itself() -> None:
    # Three tricks from the end... every card but the last four played: one card each.
    rng = random.Random(11)
    played = play_deal(rng, DECK_SIZE - PLAYERS).record
    solution = solve(played)
    assert len(solution.moves) == 1 and solution.moves[0].loss == 0
    assert len(solution.line) == PLAYERS


def test_perfect_play_needs_the_hands() -> None:
    with pytest.raises(InconsistentInput) as raised:
        solve(DealRecord(0, HEARTS, 1, ()))
    assert [(p.pointer, p.code) for p in raised.value.problems] == [
        ("/hands", "analysis_needs_hands")
    ]


def test_plays_not_from_the_hands_cannot_be_analysed() -> None:
    with pytest.raises(InconsistentInput) as raised:
        solve(record("7S"))  # seat 1 leads, and holds no 7S
    assert [(p.pointer, p.code) for p in raised.value.problems] == [
        ("/plays/0", "play_not_in_hand")
    ]


def test_a_finished_deal_has_nothing_to_claim() -> None:
    played = play_deal(random.Random(3)).record
    with pytest.raises(InconsistentInput) as raised:
        judge_claim(played, Claim(0, rest=True))
    assert [(p.pointer, p.code) for p in raised.value.problems] == [
        ("/claim", "claim_after_last_trick")
    ]


ALL_TRUMPS = (
    cards("7S 8S 9S 10S AD 7D 8D 9D"),
    cards("JH 9H AH 10H KH QH 8H 7H"),
    cards("KS QS JS 7C 8C 9C 10C JC"),
    cards("AS 10D KD QD JD QC KC AC"),
)


def test_masters_claim_the_rest_however_both_sides_play() -> None:
    # Seat 1 holds every trump: the rest is his in any mode, whatever he leads.
    for mode in (BEST, ANY):
        verdict = judge_claim(record(hands=ALL_TRUMPS), Claim(1, rest=True), mode)
        assert (verdict.holds, verdict.tricks, verdict.points, verdict.refutation) == (
            True,
            TRICKS,
            162,
            None,
        )
        assert verdict.exact
    # His opponents can claim no trick at all; the refutation is a line to the end.
    verdict = judge_claim(record(), Claim(0, tricks=1))
    assert (verdict.holds, verdict.tricks, verdict.points) == (False, 0, 0)
    assert verdict.refutation is not None and len(verdict.refutation) == DECK_SIZE


@pytest.mark.parametrize(
    "claim",
    [
        Claim(0),
        Claim(0, tricks=1, rest=True),
        Claim(0, tricks=1, points=1),
        Claim(0, tricks=2, rest=True, points=5),
    ],
)
def test_a_claim_names_exactly_one_thing(claim: Claim) -> None:
    with pytest.raises(InconsistentInput) as raised:
        judge_claim(record(), claim)
    assert [(p.pointer, p.code) for p in raised.value.problems] == [("/claim", "claim_one_kind")]


def test_the_value_counts_the_belote_and_annonces_the_record_declares() -> None:
    # Announced belote (20) and seat 1's six-card sequence (100) are the takers', on top of
    # the capot's 252, in the value and in every card's value.
    declared = replace(
        record(),
        belote_announced=True,
        declarations=(Declaration(1, cards("JH 9H AH 10H KH QH")),),
    )
    solution = solve(declared, RuleOptions(belote="announce", annonces=True))
    capot = Outcome((0, 162), 1, "made", (0, 372))
    assert solution.value == capot
    assert {m.value for m in solution.moves} == {capot}


# Seat 0 deals, clubs are trump, seat 2 took: after 24 plays team 0 has won all six tricks,
# seat 2 leads and holds 8C and AD. Seat 3 holds 7S 10S, seat 0 8H AC, seat 1 KD QH.
CAPOT_IN_SIGHT = 31


def capot_in_sight() -> DealRecord:
    return play_deal(random.Random(CAPOT_IN_SIGHT), 24).record


@pytest.mark.parametrize(("capot", "score"), [(252, 252), (250, 250)])
def test_a_card_that_gives_up_the_capot_loses_its_points_and_half_the_capot_s_extra(
    capot: int, score: int
) -> None:
    # AD leads for the capot; 8C (a small trump) lets the defenders take the last trick, 34
    # points: it loses 34 and half of what the capot adds to the margin (252: 45; 250: 44).
    solution = solve(capot_in_sight(), RuleOptions(capot=capot))
    assert solution.to_move == 2
    assert solution.value == Outcome((162, 0), 0, "made", (score, 0))
    assert [str(c) for c in solution.line] == ["AD", "7S", "8H", "KD", "8C", "10S", "AC", "QH"]
    found = [(str(m.card), m.value.points, m.value.capot, m.loss) for m in solution.moves]
    assert found == [("8C", (128, 34), None, 34 + (capot - 162) // 2), ("AD", (162, 0), 0, 0)]
    assert all(type(m.loss) is int for m in solution.moves)  # whole points, never 44.0
    assert solution.exact and solution.elapsed_ms >= 0


def test_a_defender_closing_a_trick_keeps_the_takers_from_the_capot() -> None:
    # Another deal from the same seed, 27 plays: team 0 (seat 2 took) has won every trick;
    # seat 1 closes the seventh. KD takes it; QH lets the takers sweep: 34 points and the
    # capot's extra 45 lost.
    solution = solve(play_deal(random.Random(CAPOT_IN_SIGHT), 27).record)
    assert solution.to_move == 1
    assert [str(c) for c in solution.line] == ["KD", "8H", "QH", "AD", "10S"]
    found = [(str(m.card), m.value.points, m.value.capot, m.loss) for m in solution.moves]
    assert found == [("QH", (162, 0), 0, 34 + 45), ("KD", (128, 34), None, 0)]


@pytest.mark.parametrize(
    ("seed", "options", "moves"),
    [
        # Seat 3 may keep his trumps over his partner's: KC (partner wins) is legal too.
        (6, RuleOptions(overtrump_partner=False), [("9C", 21), ("KC", 0)]),
        # Not forced to trump under an opponent's trump: 9C, a discard of no points.
        (8, RuleOptions(undertrump="optional"), [("QD", 14), ("9C", 0), ("8D", 14)]),
    ],
)
def test_every_card_s_value_follows_the_rule_options(
    seed: int, options: RuleOptions, moves: list[tuple[str, int]]
) -> None:
    played = play_deal(random.Random(seed), 22).record
    solution = solve(played, options)
    assert [(str(m.card), m.loss) for m in solution.moves] == moves
    assert len(solve(played).moves) < len(moves)  # the default rules allow fewer cards


def test_a_trick_for_the_takers_after_the_defenders_swept_is_no_capot_either_way() -> None:
    # Seat 2 took; the defenders (seats 1 and 3) have won the four tricks so far. Seat 3's AH
    # or 9H give the takers 21 points: no capot is at stake any more, so nothing more.
    solution = solve(play_deal(random.Random(18), 16).record)
    assert solution.to_move == 3
    found = [(str(m.card), m.loss) for m in solution.moves]
    assert found == [("AH", 21), ("KS", 0), ("AS", 0), ("9H", 21)]


CAPOT_LINE = "AD 7S 8H KD 8C 10S AC QH"


@pytest.mark.parametrize(
    ("claim", "mode", "holds", "tricks", "points", "refutation"),
    [
        # Team 0 can take both tricks left: the capot, all 162 points.
        (Claim(0, rest=True), BEST, True, 2, 162, None),
        (Claim(0, points=162), BEST, True, 2, 162, None),
        (Claim(1, tricks=1), BEST, False, 0, 0, CAPOT_LINE),
        (Claim(1, points=1), BEST, False, 0, 0, CAPOT_LINE),
        # Played against itself, team 0 keeps one trick and 128 points.
        (Claim(0, rest=True), ANY, False, 1, 128, "8C 7S AC KD 8H QH AD 10S"),
        (Claim(0, tricks=0), ANY, True, 1, 128, None),
        (Claim(0, points=162), ANY, False, 1, 128, "8C 7S AC KD 8H QH AD 10S"),
    ],
)
def test_claims_with_a_capot_in_sight(
    claim: Claim, mode: str, holds: bool, tricks: int, points: int, refutation: str | None
) -> None:
    verdict = judge_claim(capot_in_sight(), claim, mode)
    found = [str(c) for c in verdict.refutation] if verdict.refutation is not None else None
    assert (verdict.holds, verdict.tricks, verdict.points, found) == (
        holds,
        tricks,
        points,
        refutation and refutation.split(),
    )
    assert verdict.exact and verdict.elapsed_ms >= 0


@pytest.mark.parametrize(
    ("claim", "mode", "refutation"),
    [
        (
            Claim(0, points=60),
            BEST,
            "7D QC 8D KH 8H QH 7S 10H JD 8S QD 9S AD 8C 10D JC KS AS JS 10S",
        ),
        (
            Claim(1, points=100),
            ANY,
            "KS AS JS 10S 9S 10H 8S 7D 8D 8H QD QC KH QH 7S JD JC AD 8C 10D",
        ),
    ],
)
def test_a_points_claim_s_refutation_is_a_line_that_keeps_the_team_under_the_claim(
    claim: Claim, mode: str, refutation: str
) -> None:
    # Five tricks left: seat 0's team can force 51 card points (best), seat 1's 80 when both
    # sides play against it (any).
    verdict = judge_claim(five_left(3), claim, mode, budget_ms=UNHURRIED)
    assert verdict.holds is False
    assert verdict.refutation is not None
    assert [str(c) for c in verdict.refutation] == refutation.split()


def test_a_defender_s_card_loses_the_points_it_gives_the_takers() -> None:
    # Five tricks left, seat 1 (a defender) to move: with 7D the takers make 51 points; each
    # other card gives them more, and loses that much for the defenders.
    solution = solve(five_left(3), budget_ms=UNHURRIED)
    assert solution.to_move == 1
    assert solution.line == cards("7D QC 8D KH 8H QH 7S 10H JD 8S QD 9S AD 8C 10D JC KS AS JS 10S")
    found = [(str(m.card), m.value.points, m.loss) for m in solution.moves]
    assert found == [
        ("QD", (54, 108), 3),
        ("QH", (79, 83), 28),
        ("AD", (62, 100), 11),
        ("7D", (51, 111), 0),
        ("KS", (79, 83), 28),
    ]


def test_the_value_alone_skips_the_cards_values() -> None:
    played = play_deal(random.Random(9), 20).record
    alone, every = solve(played, every_card=False), solve(played)
    assert (alone.value, alone.line, alone.moves) == (every.value, every.line, ())
    assert alone.nodes < every.nodes


# --- effort --------------------------------------------------------------------------------------

# Positions searched on three deals with 4 tricks left (16 random legal plays from the seed):
# the value alone, every card's value, seat 0 claiming 3 tricks (best), seat 1 the rest (any),
# seat 0 60 card points (best); and every card's value three plays later.
# Pinned, so that a change to the move order, the table or the bounds shows here first: the
# values cannot tell (they stay right); re-measure with bench/analysis.py and update these.
# The first three (seeds 3, 1 and 27) reach every branch of service/rules that the three deals
# with 5 tricks left they replaced (seeds 1, 3 and 4, up to 13,028 positions) reached, measured
# with coverage's branch arcs, in a quarter of the time: each of `make mutants`' mutants of the
# search runs this test. Their quick bounds add up to even numbers, so the first guess, half
# of that, is whole either way; seed 9's add up to 59, and the first probe from 29 (not 29.5)
# is pinned by its 276 positions.
EFFORT = [
    (3, 1705, 2774, 1979, 1389, 2094, 329),
    (1, 234, 369, 284, 40, 281, 47),
    (27, 73, 323, 52, 48, 52, 84),
    (9, 276, 409, 338, 49, 429, 118),
]


@pytest.mark.parametrize(("seed", "value", "every", "best", "anyhow", "points", "closing"), EFFORT)
def test_the_search_s_effort_is_pinned(
    seed: int, value: int, every: int, best: int, anyhow: int, points: int, closing: int
) -> None:
    played = play_deal(random.Random(seed), 16).record
    assert solve(played, budget_ms=UNHURRIED, every_card=False).nodes == value
    assert solve(played, budget_ms=UNHURRIED).nodes == every
    assert judge_claim(played, Claim(0, tricks=3), budget_ms=UNHURRIED).nodes == best
    assert judge_claim(played, Claim(1, rest=True), ANY, budget_ms=UNHURRIED).nodes == anyhow
    assert judge_claim(played, Claim(0, points=60), budget_ms=UNHURRIED).nodes == points
    # Three plays later, every card's value from the last seat of a trick.
    closing_seat = play_deal(random.Random(seed), 19).record
    assert solve(closing_seat, budget_ms=UNHURRIED).nodes == closing


@pytest.mark.parametrize(
    ("seed", "value", "every", "capot", "losses"),
    [
        # The defenders (team 0) can take every trick: the takers are capot.
        (24, 1025, 11532, 0, [56, 65, 60, 0, 0, 53]),
        (53, 120, 536, 1, [0, 0, 0, 0, 0, 0]),
    ],
)
def test_the_search_s_effort_with_a_capot_at_stake_is_pinned(
    seed: int, value: int, every: int, capot: int, losses: list[int]
) -> None:
    # Two tricks played, won by the team that can sweep: the table keys on the sweep. (These
    # two deals reach every branch that the two with one trick played they replaced, seeds 30
    # and 32 with up to 19,961 positions, reached: coverage's branch arcs, in half the time.)
    played = play_deal(random.Random(seed), 8).record
    assert solve(played, budget_ms=UNHURRIED, every_card=False).nodes == value
    solution = solve(played, budget_ms=UNHURRIED)
    assert solution.nodes == every
    assert solution.value is not None and solution.value.capot == capot
    assert [m.loss for m in solution.moves] == losses


def test_the_last_card_of_a_capot_loses_nothing() -> None:
    # The deal's last card, team 0 sweeping: its value is the capot, as the value's.
    solution = solve(play_deal(random.Random(CAPOT_IN_SIGHT), 31).record)
    found = [(str(m.card), m.value.capot, m.loss) for m in solution.moves]
    assert (solution.to_move, found) == (3, [("10S", 0, 0)])


def test_the_rest_counts_the_trick_on_the_table() -> None:
    # 15 plays: three cards on the table and four tricks to come, five to claim. Team 0 can
    # force four of them, so "the rest" fails.
    verdict = judge_claim(last_seat(6), Claim(0, rest=True))
    assert (verdict.holds, verdict.tricks, verdict.points) == (False, 4, 152)


def test_a_claim_s_effort_with_a_sweep_going_on_is_pinned() -> None:
    # One trick played (a claim's table leaves the sweep out of its keys: no capot bonus).
    played = play_deal(random.Random(30), 4).record
    verdict = judge_claim(played, Claim(0, rest=True), budget_ms=UNHURRIED)
    assert (verdict.holds, verdict.tricks, verdict.points, verdict.nodes) == (True, 7, 162, 4680)


def last_seat(seed: int) -> DealRecord:
    """15 random legal plays from the seed: the last seat of the fourth trick to play."""
    return play_deal(random.Random(seed), 15).record


def test_cards_that_take_a_trick_for_the_takers_are_searched_from_what_is_left() -> None:
    # Seat 0, a taker, closes a trick: the points it takes are won already, and each card's
    # search starts from the value less them (1,862 positions from the value plus them).
    assert solve(last_seat(6), budget_ms=UNHURRIED).nodes == 1615


def test_a_tiny_budget_answers_bounds_that_hold_the_value() -> None:
    # 1 ms, the smallest budget the API takes: the first look at the clock, after 1024
    # positions, is past it. The exact value is 51 card points for the takers.
    played = five_left(3)
    exact = solve(played, budget_ms=UNHURRIED, every_card=False)
    assert exact.value == Outcome((51, 111), None, "dedans", (0, 162))
    cut = solve(played, budget_ms=1)
    assert (cut.exact, cut.value, cut.moves, cut.line) == (False, None, (), ())
    assert (cut.to_move, cut.bounds, cut.nodes) == (1, (7, 92), 1024)
    assert cut.elapsed_ms >= 0
    # From the first lead, bounds within the deal's 162 points: a capot either way is out of
    # the card points' range (seed 0: the takers proved at most 80; seed 1: nothing yet).
    for seed, bounds in ((0, (0, 80)), (1, (0, 162))):
        first_lead = play_deal(random.Random(seed), 0).record
        assert solve(first_lead, budget_ms=1, every_card=False).bounds == bounds
    # A claim's verdict may be settled within those positions, its guarantees not.
    for claim, holds in ((Claim(0, tricks=8), False), (Claim(0, tricks=0), True)):
        verdict = judge_claim(played, claim, budget_ms=1)
        assert (verdict.holds, verdict.tricks, verdict.points, verdict.refutation) == (
            holds,
            None,
            None,
            None,
        )
        assert (verdict.exact, verdict.nodes) == (False, 1024)


# --- coinche -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strain", "options"),
    [
        (SANS_ATOUT, CoincheOptions(sa_ta=True, sa_points="scaled")),
        (TOUT_ATOUT, CoincheOptions(sa_ta=True, ta_points="scaled")),
        (SANS_ATOUT, CoincheOptions(sa_ta=True)),
        (TOUT_ATOUT, CoincheOptions(sa_ta=True)),
        (HEARTS, CoincheOptions()),
    ],
)
def test_the_search_s_gain_orders_deals_as_the_replay_s_points(
    strain: int, options: CoincheOptions
) -> None:
    # Every set of cards a team can win (by its raw points) and the last trick or not: the
    # gain the search counts gives the team points the replay counts (never a half to round),
    # and a larger gain never gives fewer points, so both order the deals alike.
    objective = objective_in(COINCHE, strain, options)
    values = strain_values(strain, options)
    gains: dict[int, set[int]] = {0: {0}}  # raw points -> the gains of the sets making them
    for card in ALL_CARDS:
        for raw, found in list(gains.items()):
            more = raw + values.points[card]
            gains.setdefault(more, set()).update(g + objective.points[card] for g in found)
    assert max(gains) == values.raw_deck and len(gains) > values.raw_deck // 2
    ordered = []
    for raw, found in gains.items():
        assert len(found) == 1  # the gain is the raw points' alone
        for last in (False, True):
            gain = min(found) + objective.last_bonus * last
            assert (2 * gain) % (2 * objective.unit) != objective.unit  # never a half
            points = values.team_points(raw) + LAST_TRICK_BONUS * last
            assert objective.team_points(gain) == points
            ordered.append((gain, points))
    ordered.sort()
    assert [p for _, p in ordered] == sorted(p for _, p in ordered)
    # Everything: 152 points and the dix de der, 162.
    assert ordered[-1][1] == DEAL_POINTS


@pytest.mark.parametrize("unit", [1, 15, 31])
def test_a_points_claim_s_target_is_the_least_gain_reaching_its_points(unit: int) -> None:
    objective = Objective(SANS_ATOUT, (0,) * DECK_SIZE, LAST_TRICK_BONUS * unit, unit, 250)
    for points in range(-50, 220):
        least = objective.gain_for(points)
        assert type(least) is int  # a gain, in whole units
        assert objective.team_points(least) >= points > objective.team_points(least - 1)
    # A capot adds half of what it adds to the margin, 44 points (250) or 45 (252), in the unit.
    assert objective.bonus == 44 * unit
    assert objective._replace(capot=252).bonus == 45 * unit


@pytest.mark.parametrize("strain", [SANS_ATOUT, TOUT_ATOUT])
def test_a_classic_deal_has_a_trump_suit(strain: int) -> None:
    # SA and TA are coinche's (solve_coinche): a classic record naming one is refused, clearly.
    for ask in (lambda r: solve(r), lambda r: judge_claim(r, Claim(0, rest=True))):
        with pytest.raises(InconsistentInput) as raised:
            ask(DealRecord(0, strain, 1, (), HANDS))
        assert [(p.pointer, p.code) for p in raised.value.problems] == [("/trump", "not_a_suit")]
        assert raised.value.problems[0].message() == f"{strain} is not a suit: S, H, D or C."


# Seat 0 deals, seat 1 leads and holds every jack and nine: under TA each is above every other
# card of its suit, so seat 1 takes all 8 tricks whatever anyone plays. Seats 0 and 2 hold K
# and Q of two suits each: four belotes under `ta_belote: each_suit`.
TA_CAPOT = (
    cards("AS 10S KS QS AH 10H KH QH"),
    cards("JS 9S JH 9H JD 9D JC 9C"),
    cards("AD 10D KD QD AC 10C KC QC"),
    cards("8S 7S 8H 7H 8D 7D 8C 7C"),
)


def ta_capot(coinche: int = 0) -> CoincheRecord:
    return CoincheRecord(0, Contract(1, 160, TOUT_ATOUT, coinche), (), TA_CAPOT)


@pytest.mark.parametrize(
    ("coinche", "ta_belote", "score"),
    [
        # Made: the takers P + V = 250 + 160; the defenders their belotes, 4 x 20.
        (0, "each_suit", (80, 410)),
        (0, "none", (0, 410)),
        # Coinched, made with a capot: m x (capot + V) = 2 x 410; surcoinched 4 x 410.
        (1, "each_suit", (80, 820)),
        (2, "each_suit", (80, 1640)),
        (2, "none", (0, 1640)),
    ],
)
def test_a_tout_atout_capot_scores_as_the_coinche_deal(
    coinche: int, ta_belote: str, score: tuple[int, int]
) -> None:
    options = CoincheOptions(sa_ta=True, ta_belote=ta_belote, belote="automatic")
    solution = solve_coinche(ta_capot(coinche), options)
    capot = Outcome((0, 162), 1, "made", score)
    assert (solution.to_move, solution.value, solution.exact) == (1, capot, True)
    assert [(str(m.card), m.value, m.loss) for m in solution.moves] == [
        (str(c), capot, 0) for c in TA_CAPOT[1]
    ]
    assert len(solution.line) == DECK_SIZE


def test_the_tout_atout_capot_s_claims() -> None:
    options = CoincheOptions(sa_ta=True)
    for mode in (BEST, ANY):
        verdict = judge_coinche_claim(ta_capot(), Claim(1, rest=True), mode, options)
        assert (verdict.holds, verdict.tricks, verdict.points, verdict.exact) == (
            True,
            TRICKS,
            DEAL_POINTS,
            True,
        )
    verdict = judge_coinche_claim(ta_capot(), Claim(2, points=1), BEST, options)
    assert (verdict.holds, verdict.tricks, verdict.points) == (False, 0, 0)
    assert verdict.refutation is not None and len(verdict.refutation) == DECK_SIZE


def sa_capot_in_sight() -> CoincheRecord:
    """Seat 0 took 120SA; team 0 has won the six tricks so far (24 plays), seat 2 leads."""
    rng = random.Random(7)
    hands = strong_hands(rng, SANS_ATOUT, 0)
    options = CoincheOptions(sa_ta=True)
    plays = sweeping_plays(rng, hands, 3, SANS_ATOUT, options, 24, 0)
    return CoincheRecord(3, Contract(0, 120, SANS_ATOUT), plays, hands)


def test_the_lead_to_the_last_trick_of_a_sweep_keeps_the_capot_and_loses_nothing() -> None:
    # 120SA, team 0 has won the seven tricks so far (28 plays): seat 2 leads its last card,
    # KC, to the last trick. Its value is the capot, scored (250 + 120), and it loses nothing:
    # once no card is left, the sweep the search carried decides the capot.
    rng = random.Random(7)
    hands = strong_hands(rng, SANS_ATOUT, 0)
    options = CoincheOptions(sa_ta=True)
    plays = sweeping_plays(rng, hands, 3, SANS_ATOUT, options, 28, 0)
    solution = solve_coinche(CoincheRecord(3, Contract(0, 120, SANS_ATOUT), plays, hands), options)
    assert solution.to_move == 2
    assert solution.value == Outcome((162, 0), 0, "made", (370, 0))
    assert [(str(m.card), m.value.capot, m.loss) for m in solution.moves] == [("KC", 0, 0)]


def test_a_card_that_gives_up_a_capot_under_scaled_points_loses_them_and_the_capot_s_extra() -> (
    None
):
    # KD keeps the capot (250); KC lets the defenders take the last trick: 28 scaled points
    # with the dix de der, so it loses 162 + 44 - 134 = 72 points of the objective.
    options = CoincheOptions(sa_ta=True, sa_points="scaled")
    solution = solve_coinche(sa_capot_in_sight(), options)
    assert solution.to_move == 2
    assert solution.value == Outcome((162, 0), 0, "made", (370, 0))
    found = [(str(m.card), m.value.points, m.value.capot, m.loss) for m in solution.moves]
    assert found == [("KD", (162, 0), 0, 0), ("KC", (134, 28), None, 72)]


def test_a_coinche_claim_s_mode_is_best_unless_told() -> None:
    # Team 0 can take both tricks left (KD, the capot), or lose one playing against itself.
    options = CoincheOptions(sa_ta=True, sa_points="scaled")
    claim = Claim(0, rest=True)
    best = judge_coinche_claim(sa_capot_in_sight(), claim, BEST, options)
    anyhow = judge_coinche_claim(sa_capot_in_sight(), claim, ANY, options)
    assert (best.holds, best.tricks, best.points) == (True, 2, DEAL_POINTS)
    assert (anyhow.holds, anyhow.tricks, anyhow.points) == (False, 1, 134)
    unsaid = judge_coinche_claim(sa_capot_in_sight(), claim, options=options)
    assert replace(unsaid, elapsed_ms=0) == replace(best, elapsed_ms=0)


@pytest.mark.parametrize(
    "options",
    [
        CoincheOptions(sa_ta=True, ta_points="scaled"),
        CoincheOptions(sa_ta=True, sa_points="scaled"),
        CoincheOptions(sa_ta=True),
    ],
)
@pytest.mark.parametrize(("strain", "plays"), [(SANS_ATOUT, 8), (TOUT_ATOUT, 12)])
def test_a_tiny_budget_answers_team_points_bounds_that_hold_the_value(
    options: CoincheOptions, strain: int, plays: int
) -> None:
    # Six tricks left under sans-atout, five under tout-atout (from the same seed: past 1024
    # positions either way, and the tout-atout one a quarter of the six tricks' search): the
    # bounds proved within 1024 positions are the takers' final points (scaled where the
    # options say), 0 to 162, around the exact value.
    played = play_deal(random.Random(3), plays, options=options, trump=strain).record
    record = CoincheRecord(
        played.dealer, Contract(played.taker, 80, strain), played.plays, played.hands
    )
    exact = solve_coinche(record, options, budget_ms=UNHURRIED, every_card=False)
    assert exact.value is not None and exact.nodes > CLOCK_EVERY
    cut = solve_coinche(record, options, budget_ms=1)
    assert (cut.exact, cut.value, cut.nodes) == (False, None, CLOCK_EVERY)
    assert cut.bounds is not None
    lo, hi = cut.bounds
    assert 0 <= lo <= exact.value.points[played.taker % 2] <= hi <= DEAL_POINTS
    assert type(lo) is int and type(hi) is int


def test_the_time_taken_is_in_milliseconds_to_the_microsecond(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every answer's elapsed_ms: the clock's seconds since the start, times 1000, 3 decimals.
    monkeypatch.setattr(questions, "perf_counter", lambda: 12.3456789)
    assert questions.elapsed_ms_since(10.0) == 2345.679
    assert questions.elapsed_ms_since(12.3456789) == 0.0
