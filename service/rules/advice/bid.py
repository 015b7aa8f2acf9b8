"""Advice at the coinche auction: the call to make, from the caller's 8 cards and the calls.

The model (docs/advice.md): the 24 cards the caller does not see are dealt `samples` times,
every seat 8. With `inference` "calls" (the default) the calls made choose the deals: `CANDIDATES`
times as many are drawn uniformly from `seed`, each weighed by how likely the calls were with
its hands (`inference.call_weights`, read `inference.RESAMPLING`: sharply), and `samples` of
them drawn again in proportion (`drawn_by_calls`), a deal drawn twice searched once and
counted twice; with "none" they are drawn uniformly (`sampler.Deals`, as `advise_take`
draws). In each deal and each strain a call of the caller's team or the standing contract
could play, ONE perfect-play solve (`analysis.solve_in`, `every_card=False`) gives each
team's card points and the capot, if any: the search maximises the team margin of card
points, a capot counting the `capot` option, which does not depend on which partner takes
nor on which team does (the first lead is the dealer's next either way). With `play`
"table" (the default) those points are then corrected to what players make of them at the
table (`at_table`: the takers make TABLE_BASE + TABLE_SLOPE x their points by perfect play,
give or take TABLE_SPREAD, measured in the arena); with "perfect" they stand. Since a deal's
score is monotone in those points, every value, capot and coinche level in that strain is
scored from that one figure by the coinche scoring (`coinche_scoring.score_coinche_deal`),
each belote of the strain counted for the seat that holds it (the holder announces it),
annonces not valued:

- a bid (a value or capot, and a strain): the contract it makes, taken by the caller; where
  it falls, coinched by the defenders in `coinche_risk` of the deals (by default
  `DEFAULT_COINCHE_RISK`), uncoinched in the others and wherever it is made (what else the
  others would call after it is not guessed);
- `pass`: the standing contract at its coinche level, if there is one (the team's own, not
  yet coinched, as a bid is); else a redeal, 0;
- `coinche`: the opponents' standing contract, coinched; `surcoinche`: ours, surcoinched.

A générale (option `generale`: the taker alone wins all 8 tricks) is never a candidate: the
solve counts a team's points, not which of its seats wins each trick. Standing (passed or
coinched), it is scored as the model scores a capot: made when the takers' team wins all 8.

Only the calls the auction allows are valued (`coinche_bidding.judge_auction`). The advice is
the best expected margin (the team's score less the other team's), ties to the cheaper call
(the first in RULES-COINCHE.md's order: pass, bids by value, coinche, surcoinche); each mean
comes with its interval, and each call's margin with the interval of its gap to the advice's
over the same deals (`advise.BidSums.answer`). A budget that runs out keeps the deals fully
valued so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import hypot
from random import Random
from time import perf_counter

from service.rules.advice.advise import DEFAULT_SEED, BidSums, TakeAdvice
from service.rules.advice.deal_model import Estimate, estimate, model, spread_ends
from service.rules.advice.inference import CALLS, RESAMPLING, call_weights
from service.rules.advice.policy import (
    BID_LEVELS,
    DEFAULT_CALL_INFERENCE,
    DEFAULT_COINCHE_RISK,
    DEFAULT_LEVEL,
    DEFAULT_PLAY,
    MODEL,
    PERFECT,
    TABLE_BASE,
    TABLE_SLOPE,
    TABLE_SPREAD,
)
from service.rules.advice.sampler import Constraints, Deals, Hands
from service.rules.advice.view import EVERY_SEAT
from service.rules.analysis.policy import DEFAULT_BUDGET_MS
from service.rules.analysis.questions import Outcome, elapsed_ms_since, solve_in
from service.rules.core.cards import ALL_CARDS, DEAL_POINTS, HAND_SIZE, KING, QUEEN, Card
from service.rules.core.errors import InconsistentInput
from service.rules.core.scoring import MADE
from service.rules.core.seats import (
    PLAYERS,
    TEAMS,
    Seat,
    Team,
    duplicates,
    other_team,
    seat_after,
    team_of,
)
from service.rules.core.strains import NO_TRUMP_STRAINS, Strain, belote_suits
from service.rules.variants import COINCHE as COINCHE_VARIANT
from service.rules.variants.classic.bidding import OPEN, PASS
from service.rules.variants.coinche.bidding import COINCHE, SURCOINCHE, Auction, Call, judge_auction
from service.rules.variants.coinche.options import (
    DEFAULT_COINCHE_OPTIONS,
    GENERALE,
    CoincheOptions,
    Contract,
)
from service.rules.variants.coinche.replay import CoincheRecord
from service.rules.variants.coinche.scoring import CoincheDealSummary

# Reading the calls: CANDIDATES deals drawn uniformly for each deal valued, before the calls
# choose (the advice's policy); the clock is looked at every BLOCK of them, and they may take
# DRAW_SHARE of the budget (32 deals to value take some 60 ms of 1.4 s), so that a budget too
# short for them all leaves the searches the rest.
BLOCK = 64
DRAW_SHARE = 0.25


def advise_bid(
    dealer: Seat,
    bids: Sequence[str],
    seat: Seat,
    hand: tuple[Card, ...],
    options: CoincheOptions = DEFAULT_COINCHE_OPTIONS,
    samples: int | None = None,
    seed: str = DEFAULT_SEED,
    budget_ms: int = DEFAULT_BUDGET_MS,
    inference: str = DEFAULT_CALL_INFERENCE,
    play: str = DEFAULT_PLAY,
    level: str = DEFAULT_LEVEL,
    coinche_risk: float | None = None,
) -> TakeAdvice:
    """The call for `seat`, holding the 8 cards of `hand`, after the coinche calls `bids`
    (from the dealer's next): every legal call valued over `samples` deals of the other
    cards (the module's model; by default the `level`'s), the best expected margin advised.
    `coinche_risk` (by default `DEFAULT_COINCHE_RISK`): the share of its falls a contract of
    the caller's team not yet coinched is valued coinched."""
    start = perf_counter()
    how = BID_LEVELS[level]
    samples = how.samples if samples is None else samples
    risk = DEFAULT_COINCHE_RISK if coinche_risk is None else coinche_risk
    auction = open_auction(dealer, bids, seat, options)
    _check_hand(hand)
    # Every legal call but a générale, which the model cannot value (the module says why).
    calls = [call for call in map(Call.parse, auction.legal) if call.value != GENERALE]
    candidates = tuple(str(call) for call in calls)
    standing = auction.standing
    strains = sorted({c.strain for c in calls if c.strain is not None} | _strain_of(standing))
    team, deadline = team_of(seat), start + budget_ms / 1000
    contracts = {str(c): contract_of(c, seat, standing) for c in calls}
    valued = {text: contract for text, contract in contracts.items() if contract is not None}
    sums = BidSums(valued)
    rng = Random(seed)
    if inference == CALLS:
        drawing = start + DRAW_SHARE * budget_ms / 1000
        drawn = drawn_by_calls(
            dealer, bids, seat, hand, options, samples, rng, drawing, how.candidates
        )
    else:
        drawn = [(hands, 1) for hands in _drawn(seat, hand, samples, rng)]
    estimated = how.valued_by == MODEL
    for hands, times in drawn:
        outcomes = _played_out(dealer, seat, hands, strains, options, deadline, estimated)
        if outcomes is None:
            break  # out of time: this deal is not counted for any call
        sums.add_deal(
            times,
            [
                (text, *_scored(c, outcomes[c.strain], hands, team, options, play, risk))
                for text, c in valued.items()
            ],
        )
    advice, options = sums.answer(candidates)  # a pass not valued: to a redeal
    return TakeAdvice(advice, options, sums.used, elapsed_ms_since(start), level)


def open_auction(dealer: Seat, bids: Sequence[str], seat: Seat, options: CoincheOptions) -> Auction:
    """The auction after `bids`, checked to be open and `seat`'s turn: an illegal call is
    InconsistentInput at its index, naming it; an auction over, at its last call."""
    auction = judge_auction(dealer, bids, options)
    violation = auction.violation
    if violation is not None:
        raise InconsistentInput.at(
            f"/bids/{violation.index}",
            "advice_illegal_call",
            call=violation.call,
        )
    if auction.status != OPEN:
        last = len(bids) - 1
        raise InconsistentInput.at(f"/bids/{last}", "advice_auction_over", call=bids[last])
    if auction.next != seat:
        raise InconsistentInput.at("/seat", "advice_not_to_call", seat=seat, to_move=auction.next)
    return auction


def _check_hand(hand: tuple[Card, ...]) -> None:
    """8 cards, each once."""
    if len(hand) != HAND_SIZE:
        raise InconsistentInput.at("/hand", "hand_size", expected=HAND_SIZE, size=len(hand))
    problems = duplicates(hand, "/hand")
    if problems:
        raise InconsistentInput(problems)


def _strain_of(contract: Contract | None) -> set[Strain]:
    return set() if contract is None else {contract.strain}


def contract_of(call: Call, seat: Seat, standing: Contract | None) -> Contract | None:
    """The contract `call` by `seat` stands for (the module's model): a bid's own, taken by
    `seat` uncoinched; passing, the standing contract (None: a redeal); a coinche or a
    surcoinche, the standing contract at that level."""
    if call.kind == "bid":
        return Contract(seat, call.value, call.strain)  # type: ignore[arg-type]
    if standing is None:
        return None
    level = {PASS: standing.coinche, COINCHE: 1, SURCOINCHE: 2}[call.kind]
    return standing._replace(coinche=level)


def _unseen(seat: Seat, hand: tuple[Card, ...]) -> Deals:
    """The deals of the 24 cards `seat` does not see: 8 to every other seat."""
    unseen = tuple(card for card in ALL_CARDS if card not in hand)
    sizes = tuple(0 if s == seat else HAND_SIZE for s in range(PLAYERS))
    return Deals(Constraints(unseen, (EVERY_SEAT,) * len(unseen), sizes))


def _drawn(seat: Seat, hand: tuple[Card, ...], count: int, rng: Random) -> list[Hands]:
    """`count` deals of the cards `seat` does not see, drawn uniformly with `rng`, with
    `seat`'s `hand` in place."""
    deals = _unseen(seat, hand)
    return [_with_hand(seat, hand, deals.deal(rank)) for rank in deals.ranks(count, rng)]


def drawn_by_calls(
    dealer: Seat,
    bids: Sequence[str],
    seat: Seat,
    hand: tuple[Card, ...],
    options: CoincheOptions,
    samples: int,
    rng: Random,
    deadline: float = float("inf"),
    candidates: int = BID_LEVELS[DEFAULT_LEVEL].candidates,
) -> list[tuple[Hands, int]]:
    """The deals to value when the calls are read: `candidates` times `samples` deals drawn
    uniformly, then `samples` of them drawn again by how likely the calls `bids` were with
    their hands (`inference.call_weights`; systematic resampling, one uniform of `rng`), so
    that the searches go to the deals the auction makes likely. Each deal kept once, in the
    order drawn, with the times it was drawn again. Past `deadline` (a `perf_counter` time,
    looked at every `BLOCK` deals) no more are drawn: the deals drawn so far are drawn again."""
    unseen = [card for card in ALL_CARDS if card not in hand]
    drawn: list[Hands] = []
    weights = []
    for count in range(samples * candidates):
        if count and count % BLOCK == 0 and perf_counter() > deadline:
            break
        rng.shuffle(unseen)
        dealt = [tuple(sorted(unseen[HAND_SIZE * i : HAND_SIZE * (i + 1)])) for i in range(3)]
        dealt.insert(seat, tuple(sorted(hand)))
        drawn.append(tuple(dealt))
        weights.append(call_weights(dealer, bids, drawn[-1], options, seat, RESAMPLING))
    times = resampled(weights, samples, rng.random())
    return [(drawn[i], n) for i, n in enumerate(times) if n]


def resampled(weights: Sequence[float], count: int, start: float) -> list[int]:
    """How many times each of `weights`' items is drawn when `count` are drawn in proportion
    to them, systematically: the points (start + k) / count, k < count, of [0, 1) (`start`
    in [0, 1)) fall in the items' shares of it, laid end to end. Weights that add up to
    nothing (every one 0) are all alike."""
    total = sum(weights)
    if not total:
        weights, total = [1] * len(weights), len(weights)
    times = [0] * len(weights)
    item, reach = 0, weights[0] / total
    for k in range(count):
        point = (start + k) / count
        while point >= reach and item < len(weights) - 1:
            item += 1
            reach += weights[item] / total
        times[item] += 1
    return times


def _with_hand(seat: Seat, hand: tuple[Card, ...], dealt: Hands) -> Hands:
    return tuple(tuple(sorted(hand)) if s == seat else dealt[s] for s in range(PLAYERS))


def _played_out(
    dealer: Seat,
    seat: Seat,
    hands: Hands,
    strains: list[Strain],
    options: CoincheOptions,
    deadline: float,
    estimated: bool,
) -> dict[Strain, Outcome | Estimate] | None:
    """The deal of `hands` played out by perfect play in each strain (`seat` taking: the
    team margin is the same whoever takes), or with `estimated` its end by perfect play
    estimated in each suit (`deal_model`; sans-atout and tout-atout still searched); None
    when the budget runs out first."""
    outcomes: dict[Strain, Outcome | Estimate] = {}
    for strain in strains:
        if estimated and strain not in NO_TRUMP_STRAINS:
            outcomes[strain] = estimate(hands, seat_after(dealer), strain)
            continue
        left = int((deadline - perf_counter()) * 1000)
        if left < 1:
            return None
        record = CoincheRecord(dealer, Contract(seat, options.min_bid, strain), (), hands)
        solution = solve_in(COINCHE_VARIANT, record, options, left, every_card=False)
        if solution.value is None:
            return None
        outcomes[strain] = solution.value
    return outcomes


def belotes(hands: Hands, strain: Strain, options: CoincheOptions) -> tuple[int, int]:
    """The belotes of `strain` each team holds in `hands` (a king and queen in one hand)."""
    counts = [0] * TEAMS
    for suit in belote_suits(strain, options.ta_belote):
        honours = (Card.of(KING, suit), Card.of(QUEEN, suit))
        for s, held in enumerate(hands):
            counts[team_of(s)] += all(card in held for card in honours)
    return counts[0], counts[1]


def at_table(outcome: Outcome, takers: Team) -> list[tuple[int, tuple[int, int], Team | None]]:
    """What the table makes of a deal that perfect play ends in `outcome`, `takers` taking:
    for each of `SPREAD_POINTS`, its weight (in sixths), each team's card points and the
    capot. The takers' points are TABLE_BASE + TABLE_SLOPE x theirs by perfect play, moved by
    the point's multiple of TABLE_SPREAD (`deal_model.spread_ends`), rounded, within 0 and
    162; a capot stays where perfect play has one and the table leaves the winners all 162."""
    expected = TABLE_BASE + TABLE_SLOPE * outcome.points[takers]
    return spread_ends(expected, TABLE_SPREAD, takers, outcome.capot)


def played_as(
    outcome: Outcome | Estimate, takers: Team, play: str
) -> list[tuple[int, tuple[int, int], Team | None]]:
    """The ends of a deal that perfect play ends in `outcome` (or is estimated to: `Estimate`)
    when it is played as `play` says, each with its weight: perfect play's own, or
    `at_table`'s. An estimate is spread by the model's error too (on the table's scale at
    the table; alone under perfect play)."""
    if isinstance(outcome, Estimate):
        error, points, capot = model().error, outcome.points[takers], outcome.capot
        if play == PERFECT:
            return spread_ends(points, error, takers, capot)
        spread = hypot(TABLE_SPREAD, TABLE_SLOPE * error)
        return spread_ends(TABLE_BASE + TABLE_SLOPE * points, spread, takers, capot)
    if play == PERFECT:
        return [(1, outcome.points, outcome.capot)]
    return at_table(outcome, takers)


def _scored(
    contract: Contract,
    outcome: Outcome | Estimate,
    hands: Hands,
    team: int,
    options: CoincheOptions,
    play: str,
    coinche_risk: float,
) -> tuple[float, float, float]:
    """`contract` scored on the deal that perfect play ends in `outcome` in its strain, played
    as `play` says: `team`'s score, its margin, whether the contract is made (at the table,
    the means over `at_table`'s points: a share). A contract of `team`'s not yet coinched is
    scored coinched in `coinche_risk` of the ends where it falls."""
    held = belotes(hands, contract.strain, options)
    played = played_as(outcome, team_of(contract.taker), play)
    # A contract of `team`'s that stands uncoinched is coinched, where it falls, `risk` of the
    # time: the defenders' coinche, which the caller cannot stop.
    risk = coinche_risk if contract.coinche == 0 and team_of(contract.taker) == team else 0.0
    ours = margin = made = 0.0
    for weight, points, capot in played:
        scores, won = scored(contract, points, capot, held, options)
        if risk and not won:
            coinched, _ = scored(contract._replace(coinche=1), points, capot, held, options)
            scores = tuple((1 - risk) * s + risk * c for s, c in zip(scores, coinched, strict=True))
        mine, theirs = scores[team], scores[other_team(team)]
        ours += weight * mine
        margin += weight * (mine - theirs)
        made += weight * won
    total = sum(weight for weight, _, _ in played)
    return ours / total, margin / total, made / total


def scored(
    contract: Contract,
    points: tuple[int, int],
    capot: Team | None,
    held: tuple[int, int],
    options: CoincheOptions,
) -> tuple[tuple[int, int], bool]:
    """Each team's deal score and whether the contract is made, by the coinche scoring,
    which reads the takers' team and not their seat: seen from the takers (`_takers_scored`),
    so that every deal that ends alike for its takers is scored once."""
    takers = team_of(contract.taker)
    defenders = other_team(takers)
    ours = None if capot is None else int(capot != takers)
    (taken, defended), made = _takers_scored(
        contract.value,
        contract.strain,
        contract.coinche,
        points[takers],
        ours,
        held[takers],
        held[defenders],
        options,
    )
    return ((taken, defended) if takers == 0 else (defended, taken)), made


@lru_cache(maxsize=1 << 16)
def _takers_scored(
    value: int | str,
    strain: Strain,
    coinche: int,
    taken: int,
    capot: Team | None,
    held: int,
    other: int,
    options: CoincheOptions,
) -> tuple[tuple[int, int], bool]:
    """`scored` for a contract of team 0 (`capot` 0 theirs, 1 the defenders'), kept for the
    next deal that ends alike: the advice scores the same ends by the thousand."""
    contract = Contract(0, value, strain, coinche)
    # The model cannot tell which seat wins each trick: the takers' team winning all 8 counts
    # as its taker's (a générale is made as a capot).
    generale = 0 if capot == 0 else None
    points = (taken, DEAL_POINTS - taken)
    summary = CoincheDealSummary(contract, points, capot, (held, other), generale=generale)
    score = COINCHE_VARIANT.score_deal(summary, options)
    return score.score, score.contract == MADE
