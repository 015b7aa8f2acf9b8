"""Advice at the coinche auction: the call to make, from the caller's 8 cards and the calls.

The model (docs/advice.md): the 24 cards the caller does not see are dealt `samples` times
(uniformly, `sampler.Deals`, drawn from `seed` as `advise_take` draws), every seat 8. In each
deal and each strain a call of the caller's team or the standing contract could play, ONE
perfect-play solve (`analysis.solve_in`, `every_card=False`) gives each team's card points
and the capot, if any: the search maximises the team margin of card points, a capot counting
the `capot` option, which does not depend on which partner takes nor on which team does (the
first lead is the dealer's next either way). Since a deal's score is monotone in those points,
every value, capot and coinche level in that strain is scored from that one figure by the
coinche scoring (`coinche_scoring.score_coinche_deal`), each belote of the strain counted for
the seat that holds it (the holder announces it), annonces not valued:

- a bid (a value or capot, and a strain): the contract it makes, taken by the caller and
  played uncoinched (what the others would call after it is not guessed);
- `pass`: the standing contract at its coinche level, if there is one; else a redeal, 0;
- `coinche`: the opponents' standing contract, coinched; `surcoinche`: ours, surcoinched.

Only the calls the auction allows are valued (`coinche_bidding.judge_auction`). The advice is
the best expected margin (the team's score less the other team's), ties to the cheaper call
(the first in RULES-COINCHE.md's order: pass, bids by value, coinche, surcoinche). A budget
that runs out keeps the deals fully valued so far. With `inference` "calls" each deal weighs
how likely the earlier calls were with its hands (`inference.call_weights`), and the means
are weighted.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from time import perf_counter

from service.rules.advice.advise import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    REDEAL,
    BidSums,
    TakeAdvice,
    best_bid,
)
from service.rules.advice.inference import CALLS, DEFAULT_INFERENCE, call_weights
from service.rules.advice.sampler import Constraints, Deals, Hands
from service.rules.advice.view import EVERY_SEAT
from service.rules.analysis import DEFAULT_BUDGET_MS, Outcome, solve_in
from service.rules.analysis.questions import elapsed_ms_since
from service.rules.bidding import OPEN, PASS
from service.rules.cards import ALL_CARDS, HAND_SIZE, KING, QUEEN, Card
from service.rules.coinche_bidding import COINCHE, SURCOINCHE, Auction, Call, judge_auction
from service.rules.coinche_options import (
    DEFAULT_COINCHE_OPTIONS,
    MIN_BID,
    CoincheOptions,
    Contract,
)
from service.rules.coinche_replay import CoincheRecord
from service.rules.coinche_scoring import CoincheDealSummary, score_coinche_deal
from service.rules.errors import InconsistentInput
from service.rules.scoring import MADE
from service.rules.strains import Strain, belote_suits
from service.rules.table import PLAYERS, TEAMS, Seat, duplicates, other_team, team_of
from service.rules.variants import COINCHE as COINCHE_VARIANT


def advise_bid(
    dealer: Seat,
    bids: Sequence[str],
    seat: Seat,
    hand: tuple[Card, ...],
    options: CoincheOptions = DEFAULT_COINCHE_OPTIONS,
    samples: int = DEFAULT_SAMPLES,
    seed: str = DEFAULT_SEED,
    budget_ms: int = DEFAULT_BUDGET_MS,
    inference: str = DEFAULT_INFERENCE,
) -> TakeAdvice:
    """The call for `seat`, holding the 8 cards of `hand`, after the coinche calls `bids`
    (from the dealer's next): every legal call valued over `samples` deals of the other
    cards (the module's model), the best expected margin advised."""
    start = perf_counter()
    auction = open_auction(dealer, bids, seat, options)
    _check_hand(hand)
    calls = [Call.parse(text) for text in auction.legal]
    standing = auction.standing
    strains = sorted({c.strain for c in calls if c.strain is not None} | _strain_of(standing))
    deals = _unseen(seat, hand)
    team, deadline = team_of(seat), start + budget_ms / 1000
    contracts = {str(c): contract_of(c, seat, standing) for c in calls}
    valued = {text: contract for text, contract in contracts.items() if contract is not None}
    sums = BidSums(valued)
    for rank in deals.ranks(samples, Random(seed)):
        hands = _with_hand(seat, hand, deals.deal(rank))
        outcomes = _played_out(dealer, seat, hands, strains, options, deadline)
        if outcomes is None:
            break  # out of time: this deal is not counted for any call
        weight = call_weights(dealer, bids, hands, options, seat) if inference == CALLS else 1
        sums.add_deal(
            weight,
            [(text, *_scored(c, outcomes, hands, team, options)) for text, c in valued.items()],
        )
    figures = {figure.bid: figure for figure in sums.figures()}
    ordered = [figures.get(text, REDEAL) for text in auction.legal]  # passing to a redeal
    used = sums.used
    return TakeAdvice(best_bid(ordered, used), tuple(ordered), used, elapsed_ms_since(start))


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


def _with_hand(seat: Seat, hand: tuple[Card, ...], dealt: Hands) -> Hands:
    return tuple(tuple(sorted(hand)) if s == seat else dealt[s] for s in range(PLAYERS))


def _played_out(
    dealer: Seat,
    seat: Seat,
    hands: Hands,
    strains: list[Strain],
    options: CoincheOptions,
    deadline: float,
) -> dict[Strain, Outcome] | None:
    """The deal of `hands` played out by perfect play in each strain (`seat` taking: the
    team margin is the same whoever takes); None when the budget runs out first."""
    outcomes = {}
    for strain in strains:
        left = int((deadline - perf_counter()) * 1000)
        if left < 1:
            return None
        record = CoincheRecord(dealer, Contract(seat, MIN_BID, strain), (), hands)
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


def _scored(
    contract: Contract,
    outcomes: dict[Strain, Outcome],
    hands: Hands,
    team: int,
    options: CoincheOptions,
) -> tuple[int, int, bool]:
    """`contract` scored on the deal played out in its strain: `team`'s score, its margin,
    whether the contract is made."""
    outcome = outcomes[contract.strain]
    summary = CoincheDealSummary(
        contract, outcome.points, outcome.capot, belotes(hands, contract.strain, options)
    )
    score = score_coinche_deal(summary, options)
    ours, theirs = score.score[team], score.score[other_team(team)]
    return ours, ours - theirs, score.contract == MADE
