"""Scoring a coinche deal: made, dedans, litige, capot, coinche levels.

RULES-COINCHE.md "Scoring a deal", its "Precisions", and "Game, annonces, renonce". The game
itself (the target, the reserve handed to the next deal's winner) is every variant's
(`scoring.score_game`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from service.rules.core.annonces import CARRE, Annonce, AnnonceVerdict, best_annonce_team
from service.rules.core.cards import ACE, JACK, KING, NINE, QUEEN, TEN
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.scoring import (
    ANNULLED,
    BELOTE_POINTS,
    DEDANS,
    LITIGE,
    MADE,
    ScoredDeal,
    deal_problems,
    round_score,
)
from service.rules.core.seats import PLAYERS, TEAMS, Seat, Team, other_team, team_of
from service.rules.core.strains import SANS_ATOUT, belote_suits
from service.rules.variants.coinche.options import (
    CAPOT,
    DEFAULT_COINCHE_OPTIONS,
    GENERALE,
    CoincheOptions,
    Contract,
)

# Under `made: "reach_bid"` an 80 needs 82: at 81/81 it is dedans (RULES-COINCHE.md).
REACH_BID_MINIMUM = 82
# `capot_bid: "flat"`: a capot bid made or failed is worth twice a capot's 250, 1,000 coinched
# and 2,000 surcoinched (FFB, ffbelote.org/belote-contree/; docs/RULES-COINCHE.md quotes the
# whole rule).
FLAT_CAPOT = 2 * 250
# A capot contract's value by `capot_bid` when not the `capot` option's: 250 (colver, whose
# capot takes 252 in the cards), 270 (Cannes 2016, section 2, the auction: the capot, or 270,
# is the highest contract), or the flat one.
CAPOT_CONTRACTS = {"contract_250": 250, "contract_270": 270, "flat": FLAT_CAPOT}
# A generale's value is the figure option `generale` names, `flat_<value>` (no federation text
# has it; the rooms that play it say which): scored as the flat capot, made or failed (`_flat`).
GENERALE_PREFIX = "flat_"
# A lowest bid of 82 (`min_bid`) is made at 82 and scored as 80: BGA ("if ($bid == 82) { $bid
# = 80; }"), the Federation Francaise de Coinche (82 sans-atout made scores 160: twice 80).
SCORED_AS = {82: 80}
# What `multiplier_scope` multiplies of an award (the other parts are added once): the fixed
# points F, the contract V, the belote B and the annonces An.
MULTIPLIED = {
    "all": ("cards", "belote", "annonces", "contract"),
    "points_and_contract": ("cards", "contract"),
    "contract": ("contract",),
    "points": ("cards",),
}
# SA fours of a kind (FFB): aces 200, tens 150, K Q J 9 100; 7s and 8s form none.
SA_CARRE_POINTS = {ACE: 200, TEN: 150, KING: 100, QUEEN: 100, JACK: 100, NINE: 100}


@dataclass(frozen=True, slots=True)
class CoincheDealSummary:
    """What scoring a coinche deal needs: the contract; each team's final card points (dix de
    der in, already scaled under SA/TA when `sa_points`/`ta_points` say `scaled`: 162 in all);
    the team that won all 8 tricks; how many belotes each team counts (20 each); each team's
    declared annonces (scored with option `annonces`); the team whose renonce decides; the
    seat that won all 8 tricks alone (`generale`: its team is then the capot's)."""

    contract: Contract
    points: tuple[int, int]
    capot: Team | None = None
    belote: tuple[int, int] = (0, 0)
    annonces: tuple[tuple[Annonce, ...], tuple[Annonce, ...]] = ((), ())
    renonce: Team | None = None
    generale: Seat | None = None

    def check(self, options: CoincheOptions) -> None:
        """InconsistentInput when the summary cannot come from a real coinche deal."""
        problems = self.contract.problems(options)
        most = len(belote_suits(self.contract.strain, options.ta_belote))
        problems += deal_problems(self.points, self.capot, self.renonce, self.belote, most)
        problems += generale_problems(self.generale, self.capot)
        if problems:
            raise InconsistentInput(problems)

    def with_points(self, points: tuple[int, int], capot: Team | None) -> CoincheDealSummary:
        """The same deal ending with these `points` and `capot` (the analysis scores one
        perfect line's summary at other gains): the seat that won every trick alone stays
        only while its team's capot does; another capot, or none, names no seat."""
        generale = self.generale if capot == self.capot else None
        return replace(self, points=points, capot=capot, generale=generale)


def generale_problems(generale: Seat | None, capot: Team | None) -> list[Problem]:
    """What is wrong with the seat said to have won all 8 tricks alone: a seat, of the team
    that won all 8 tricks (`capot`)."""
    if generale is None:
        return []
    if generale not in range(PLAYERS):
        return [Problem("/generale", "not_a_seat", {"value": generale})]
    team = team_of(generale)
    if team != capot:
        return [Problem("/generale", "generale_not_capot", {"seat": generale, "team": team})]
    return []


@dataclass(frozen=True, slots=True)
class CoincheTeamScore:
    """How a team's deal score is made up: total = multiplier x (the parts `multiplied`) +
    (the other parts) + rounding, the parts being cards, belote, annonces and contract; by
    default every part is multiplied: multiplier x (cards + belote + annonces + contract).

    `cards` is what the team counts for the tricks: its card points, the capot value, or the
    fixed points of a dedans or of a coinched contract made (`chute_points`, F); 0 when it
    loses them. `card_points` is what it *won* in its tricks (dix de der in, scaled under SA/TA
    when the options say so), whatever the deal's outcome."""

    team: Team
    cards: int
    card_points: int
    belote: int
    annonces: int
    contract: int
    multiplier: int
    rounding: int
    total: int
    multiplied: tuple[str, ...] = MULTIPLIED["all"]


@dataclass(frozen=True, slots=True)
class CoincheDealScore(ScoredDeal[CoincheTeamScore]):
    """A coinche deal's score (`contract` the outcome, not the bid): each team's
    `CoincheTeamScore`, and what coinche's scoring compares and multiplies."""

    # What counts toward making the contract, per team: T for the takers, D for the defenders.
    compared: tuple[int, int] = field(kw_only=True)
    multiplier: int = field(kw_only=True)


def multiplier(coinche: int, options: CoincheOptions) -> int:
    """m: 1; 2 coinched; `surcoinche_multiplier` surcoinched."""
    return (1, 2, options.surcoinche_multiplier)[coinche]


def bid_points(value: int | str, options: CoincheOptions) -> int:
    """A bid's points whatever its strain: a number its value (an 82 scores 80), capot the
    `capot` option or what `capot_bid` names (`CAPOT_CONTRACTS`). Cannes 2016's misdeal found
    after a bid costs 160 points and the contract (option `misdeal: cannes`)."""
    if value == CAPOT:
        return CAPOT_CONTRACTS.get(options.capot_bid, options.capot)
    return SCORED_AS.get(int(value), int(value))


def contract_value(contract: Contract, options: CoincheOptions) -> int:
    """V, what the contract scores: the bid's value (an 82 scores 80), none under `scoring:
    "points_made"` (points faits: the contract is never scored); a capot contract is worth
    the `capot` option (Precisions) or what `capot_bid` names (`CAPOT_CONTRACTS`) in any
    scoring; a generale the figure option `generale` names (`flat_600`: 600). Twice that under
    SA with `sa_contract: 2` (the Federation Francaise de Coinche: a sans-atout contract
    doubles its value)."""
    if contract.value == GENERALE:
        value = int(options.generale.removeprefix(GENERALE_PREFIX))
    elif contract.value == CAPOT:
        value = CAPOT_CONTRACTS.get(options.capot_bid, options.capot)
    elif options.scoring == "points_made":
        value = 0
    else:
        value = SCORED_AS.get(int(contract.value), int(contract.value))
    return value * options.sa_contract if contract.strain == SANS_ATOUT else value


def score_deal(
    summary: CoincheDealSummary, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS
) -> CoincheDealScore:
    """The coinche deal's score for both teams: what each team counts, what is compared, the
    outcome, then each team's award.

    >>> from service.rules.core.cards import Suit
    >>> score = score_deal(CoincheDealSummary(Contract(0, 100, Suit.HEARTS), (122, 40)))
    >>> score.contract, score.score
    ('made', (220, 40))
    """
    summary.check(options)
    deal = _counts(summary, options)
    compared = _compared(deal)
    outcome = _deal_outcome(deal, compared)
    awards, reserve = _awards(deal, outcome)
    breakdown = [
        _team_score(t, award, summary.points[t], options) for t, award in enumerate(awards)
    ]
    return CoincheDealScore(
        contract=outcome,
        capot=summary.capot,
        score=(breakdown[0].total, breakdown[1].total),
        reserve=reserve,
        breakdown=(breakdown[0], breakdown[1]),
        takers=deal.takers,
        compared=compared,
        multiplier=deal.multiplier,
        annonces=deal.verdict,
        renonce=summary.renonce,
    )


@dataclass(frozen=True, slots=True)
class _Counts:
    """A deal as scoring reads it: the summary and options, the takers, m, V, and per team P
    (card points, or the capot value for a team that won all 8 tricks), B and A."""

    summary: CoincheDealSummary
    options: CoincheOptions
    takers: int
    multiplier: int
    value: int
    cards: tuple[int, ...]
    belote: tuple[int, ...]
    annonces: tuple[int, ...]
    verdict: AnnonceVerdict | None


def _counts(summary: CoincheDealSummary, options: CoincheOptions) -> _Counts:
    contract = summary.contract  # the bid
    takers = team_of(contract.taker)
    verdict = _annonces(summary, options)
    annonces = verdict.points if verdict else (0, 0)
    if summary.capot == takers:
        # On a takers' capot the defenders' annonces go to the takers (FFB).
        annonces = tuple(sum(annonces) if t == takers else 0 for t in range(TEAMS))
    return _Counts(
        summary,
        options,
        takers,
        multiplier(contract.coinche, options),
        contract_value(contract, options),
        tuple(options.capot if summary.capot == t else summary.points[t] for t in range(TEAMS)),
        tuple(BELOTE_POINTS * n for n in summary.belote),
        tuple(annonces),
        verdict,
    )


def _compared(deal: _Counts) -> tuple[int, int]:
    """T and D: P + B + A; with `bonus_counts` false belote and annonces stay out (but are
    scored)."""
    bonuses = deal.options.bonus_counts
    t, d = (
        deal.cards[team] + (deal.belote[team] + deal.annonces[team] if bonuses else 0)
        for team in range(TEAMS)
    )
    return t, d


def _deal_outcome(deal: _Counts, compared: tuple[int, int]) -> str:
    """Made, dedans or litige by the points; a renonce decides instead: annulled under
    `renonce: "annul"`, else the offending team's contract lost."""
    summary, options, takers = deal.summary, deal.options, deal.takers
    if summary.renonce is not None:
        if options.renonce == "annul":
            return ANNULLED
        return DEDANS if summary.renonce == takers else MADE
    taken, defended = compared[takers], compared[other_team(takers)]
    return _outcome(summary, options, taken, defended, deal.multiplier)


class _Award(NamedTuple):
    """A team's deal score before rounding: multiplier x (cards + belote + annonces +
    contract)."""

    cards: int
    belote: int
    annonces: int = 0
    contract: int = 0
    multiplier: int = 1


def _awards(deal: _Counts, outcome: str) -> tuple[list[_Award], int]:
    """Each team's award for `outcome`, and the litige reserve."""
    options, takers = deal.options, deal.takers
    winner = takers if outcome == MADE else other_team(takers)
    belote = _belotes(deal, outcome, winner)
    if outcome == ANNULLED:
        return [_Award(0, 0) for _ in range(TEAMS)], 0  # The deal scores nothing, redealt.
    if outcome == LITIGE:
        # RULES.md's reserve of P + A; the defenders score their total, the takers their B.
        reserve = round_score(deal.cards[takers] + deal.annonces[takers], options)
        return [
            _Award(0, belote[t])
            if t == takers
            else _Award(deal.cards[t], belote[t], deal.annonces[t])
            for t in range(TEAMS)
        ], reserve
    if options.scoring == "contract":
        # The deal's winner scores m x (V + B), the other team B; annonces only decide.
        return [
            _Award(0, belote[t], 0, deal.value, deal.multiplier)
            if t == winner
            else _Award(0, belote[t])
            for t in range(TEAMS)
        ], 0
    flat = _flat(deal.summary.contract, options)
    if outcome == MADE and deal.multiplier == 1 and deal.summary.renonce is None and not flat:
        # Takers P + B + A + V; defenders P + B + A.
        return [
            _Award(deal.cards[t], belote[t], deal.annonces[t], deal.value if t == takers else 0)
            for t in range(TEAMS)
        ], 0
    fixed = _Award(
        0 if flat else _fixed_points(deal, outcome),
        belote[winner],
        sum(deal.annonces),
        deal.value,
        deal.multiplier,
    )
    return [fixed if t == winner else _Award(0, belote[t]) for t in range(TEAMS)], 0


def _flat(contract: Contract, options: CoincheOptions) -> bool:
    """Whether the contract is scored flat, made or failed, all its worth in V (no card
    points): a capot under `capot_bid: "flat"`, and the generale (option `generale`)."""
    return contract.value == GENERALE or (contract.value == CAPOT and options.capot_bid == "flat")


def _fixed_points(deal: _Counts, outcome: str) -> int:
    """F, the fixed points of an award to the winner, m x (F + V + B + An) (the other team
    its B): `chute_points`, but on a coinched contract made the capot value when the takers
    won all 8 tricks, or the takers' own points with `coinche_base: "points"`; on a dedans
    where the defenders won all 8 tricks, the capot value under `chute_capot: "capot"`. A
    flat capot (`capot_bid: "flat"`) and a generale have none: their value is all in V."""
    options, summary, takers = deal.options, deal.summary, deal.takers
    earned = options.coinche_base == "points" or summary.capot == takers
    if outcome == MADE and summary.renonce is None and earned:
        return deal.cards[takers]
    swept = summary.capot == other_team(takers) and summary.renonce is None
    if outcome == DEDANS and swept and options.chute_capot == "capot":
        return options.capot  # "+162 points ou 252" (Cannes 2016, III - Marque)
    return options.chute_points


def _belotes(deal: _Counts, outcome: str, winner: int) -> tuple[int, ...]:
    """Each team's belote as the awards count it: its own, but the loser's goes to the
    winner when the takers are dedans under `belote_on_chute: "defenders"` (FFB contree 2016
    §7: a failed contract's takers lose their belote), and when a coinched contract is made
    under `belote_on_coinche: "takers"` (its table p. 7: the takers' or the defenders' belote);
    the defenders lose theirs then under `"lost"` (BGA: the defenders score 0)."""
    options, belote = deal.options, deal.belote
    coinched_made = outcome == MADE and deal.multiplier > 1
    if outcome == DEDANS and options.belote_on_chute == "defenders":
        return _to(winner, sum(belote))
    if coinched_made and options.belote_on_coinche == "takers":
        return _to(winner, sum(belote))
    if coinched_made and options.belote_on_coinche == "lost":
        return _to(winner, belote[winner])
    return belote


def _to(team: int, points: int) -> tuple[int, ...]:
    """`points` to `team`, none to the other."""
    return tuple(points if t == team else 0 for t in range(TEAMS))


def _team_score(
    team: int, award: _Award, card_points: int, options: CoincheOptions
) -> CoincheTeamScore:
    multiplied = MULTIPLIED[options.multiplier_scope]
    parts = award._asdict()
    raw = sum(
        parts[part] * (award.multiplier if part in multiplied else 1) for part in MULTIPLIED["all"]
    )
    total = round_score(raw, options)
    return CoincheTeamScore(
        team,
        award.cards,
        card_points,
        award.belote,
        award.annonces,
        award.contract,
        award.multiplier,
        total - raw,
        total,
        multiplied,
    )


def _outcome(
    summary: CoincheDealSummary,
    options: CoincheOptions,
    taken: int,
    defended: int,
    m: int,
) -> str:
    """Made, dedans or litige, before any renonce, against the bid's own value (what it
    scores may differ: `contract_value`). Rounding never decides: a team that bid 90 and made
    89 falls (FFB; docs/RULES-COINCHE.md quotes it)."""
    taker = summary.contract.taker
    takers = team_of(taker)
    value = summary.contract.value
    if value == GENERALE:
        return MADE if summary.generale == taker else DEDANS  # all 8 tricks to the taker alone
    if value == CAPOT:
        return MADE if summary.capot == takers else DEDANS  # capot: all 8 tricks
    value = int(value)
    if summary.capot == other_team(takers):
        return DEDANS  # takers who won no trick are dedans whatever their bonuses
    if options.made == "reach_bid":
        # T >= V alone, an 80 needing 82: a tie at or above V is made, save 80 at 81/81.
        return MADE if taken >= max(value, REACH_BID_MINIMUM) else DEDANS
    if options.made == "reach_only":
        # T >= V alone, even when the defenders made more points (FFB contree 2016 §10.1): an
        # 80 at 80/82 is made.
        return MADE if taken >= value else DEDANS
    if taken >= value and taken > defended:
        return MADE
    # Litige: T = D >= V, under `litige: "reserve"` and only uncoinched with points scoring;
    # any other tie is dedans (Precisions).
    tie = taken == defended >= value
    if tie and options.litige == "reserve" and m == 1 and options.scoring == "points":
        return LITIGE
    return DEDANS


def _annonces(summary: CoincheDealSummary, options: CoincheOptions) -> AnnonceVerdict | None:
    """RULES.md's best annonce, with SA's fours valued as FFB's; under SA and TA no annonce
    is "in trump", so tie-break 3 never decides (strains 4 and 5 name no suit)."""
    if not options.annonces:
        return None  # Option off (default): annonces change nothing.
    strain = summary.contract.strain
    teams = summary.annonces
    if strain == SANS_ATOUT:
        teams = tuple(tuple(_sans_atout_value(a) for a in team) for team in teams)  # type: ignore[assignment]
    return best_annonce_team(teams, strain)


def _sans_atout_value(annonce: Annonce) -> Annonce:
    if annonce.kind != CARRE:
        return annonce
    return replace(annonce, points=SA_CARRE_POINTS[annonce.cards[0].rank])
