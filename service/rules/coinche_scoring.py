"""Scoring a coinche deal (made, dedans, litige, capot, coinche levels) and a coinche game.

RULES-COINCHE.md "Scoring a deal", its "Precisions", and "Game, annonces, renonce". The game
itself (the target, the reserve handed to the next deal's winner) is classic's `score_game`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from service.rules.annonces import CARRE, Annonce, AnnonceVerdict, best_annonce_team
from service.rules.cards import ACE, JACK, KING, NINE, QUEEN, TEN
from service.rules.coinche_options import (
    CAPOT,
    DEFAULT_COINCHE_OPTIONS,
    CoincheOptions,
    Contract,
)
from service.rules.errors import InconsistentInput, Problem
from service.rules.scoring import (
    ANNULLED,
    BELOTE_POINTS,
    DEDANS,
    LITIGE,
    MADE,
    TEAMS,
    GameScore,
    deal_winner,
    points_problems,
    round_score,
    score_game,
    team_of,
)
from service.rules.strains import SANS_ATOUT, belote_suits

# Under `made: "reach_bid"` an 80 needs 82: at 81/81 it is dedans (RULES-COINCHE.md).
REACH_BID_MINIMUM = 82
# SA fours of a kind (FFB): aces 200, tens 150, K Q J 9 100; 7s and 8s form none.
SA_CARRE_POINTS = {ACE: 200, TEN: 150, KING: 100, QUEEN: 100, JACK: 100, NINE: 100}


@dataclass(frozen=True, slots=True)
class CoincheDealSummary:
    """What scoring a coinche deal needs: the contract; each team's final card points (dix de
    der in, already scaled under SA/TA when `sa_points`/`ta_points` say `scaled`: 162 in all);
    the team that won all 8 tricks; how many belotes each team counts (20 each); each team's
    declared annonces (scored with option `annonces`); the team whose renonce decides."""

    contract: Contract
    points: tuple[int, int]
    capot: int | None = None
    belote: tuple[int, int] = (0, 0)
    annonces: tuple[tuple[Annonce, ...], tuple[Annonce, ...]] = ((), ())
    renonce: int | None = None

    def check(self, options: CoincheOptions) -> None:
        """InconsistentInput when the summary cannot come from a real coinche deal."""
        problems = self.contract.problems(options)
        for name in ("capot", "renonce"):
            value = getattr(self, name)
            if value is not None and value not in range(TEAMS):
                problems.append(Problem(f"/{name}", "not_a_team", {"value": value}))
        problems += points_problems(self.points, self.capot)
        most = len(belote_suits(self.contract.strain, options.ta_belote))
        if len(self.belote) != TEAMS or any(n < 0 for n in self.belote) or sum(self.belote) > most:
            problems.append(Problem("/belote", "belote_count", {"most": most}))
        if problems:
            raise InconsistentInput(problems)


@dataclass(frozen=True, slots=True)
class CoincheTeamScore:
    """How a team's deal score is made up:
    total = multiplier x (cards + belote + annonces + contract) + rounding.

    `cards` is what the team counts for the tricks: its card points, the capot value, or the
    fixed points of a dedans or of a coinched contract made (`chute_points`, F); 0 when it
    loses them. `card_points` is what it *won* in its tricks (dix de der in, scaled under SA/TA
    when the options say so), whatever the deal's outcome."""

    team: int
    cards: int
    card_points: int
    belote: int
    annonces: int
    contract: int
    multiplier: int
    rounding: int
    total: int


@dataclass(frozen=True, slots=True)
class CoincheDealScore:
    contract: str  # made | dedans | litige | annulled
    capot: int | None
    score: tuple[int, int]
    reserve: int
    breakdown: tuple[CoincheTeamScore, CoincheTeamScore]
    takers: int
    # What counts toward making the contract, per team: T for the takers, D for the defenders.
    compared: tuple[int, int]
    multiplier: int
    annonces: AnnonceVerdict | None = None
    renonce: int | None = None

    @property
    def winner(self) -> int | None:
        return deal_winner(self.contract, self.takers)


def multiplier(coinche: int, options: CoincheOptions) -> int:
    """m: 1; 2 coinched; `surcoinche_multiplier` surcoinched."""
    return (1, 2, options.surcoinche_multiplier)[coinche]


def contract_value(contract: Contract, options: CoincheOptions) -> int:
    """V: the bid's value; a capot contract is worth the `capot` option (Precisions)."""
    return options.capot if contract.value == CAPOT else int(contract.value)


def score_coinche_deal(
    summary: CoincheDealSummary, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS
) -> CoincheDealScore:
    """The coinche deal's score for both teams.

    >>> from service.rules.cards import Suit
    >>> score = score_coinche_deal(CoincheDealSummary(Contract(0, 100, Suit.HEARTS), (122, 40)))
    >>> score.contract, score.score
    ('made', (220, 40))
    """
    summary.check(options)
    contract = summary.contract
    takers = team_of(contract.taker)
    defenders = 1 - takers
    m = multiplier(contract.coinche, options)
    value = contract_value(contract, options)
    belote = [BELOTE_POINTS * n for n in summary.belote]
    # P: card points, or the capot value for a team that won all 8 tricks.
    cards = [options.capot if summary.capot == t else summary.points[t] for t in range(TEAMS)]
    verdict = _annonces(summary, options)
    annonces = list(verdict.points) if verdict else [0, 0]
    if summary.capot == takers:
        # On a takers' capot the defenders' annonces go to the takers (FFB).
        annonces = [sum(annonces) if t == takers else 0 for t in range(TEAMS)]
    # T and D; with `bonus_counts` false belote and annonces stay out (but are scored).
    bonuses = options.bonus_counts
    compared = [cards[t] + (belote[t] + annonces[t] if bonuses else 0) for t in range(TEAMS)]
    outcome = _outcome(summary, options, compared[takers], compared[defenders], value, m)
    if summary.renonce is not None:
        offender = summary.renonce
        outcome = (
            ANNULLED if options.renonce == "annul" else (DEDANS if offender == takers else MADE)
        )
    winner = takers if outcome == MADE else defenders
    # Each team's parts: [cards, belote, annonces, contract, multiplier].
    parts = [[cards[t], belote[t], annonces[t], 0, 1] for t in range(TEAMS)]
    reserve = 0
    every_annonce = sum(annonces)
    if outcome == ANNULLED:
        parts = [[0, 0, 0, 0, 1] for _ in range(TEAMS)]  # The deal scores nothing, redealt.
    elif outcome == LITIGE:
        # RULES.md's reserve of P + A; the defenders score their total, the takers their B.
        reserve = round_score(cards[takers] + annonces[takers], options)
        parts[takers] = [0, belote[takers], 0, 0, 1]
    elif options.scoring == "contract":
        # The deal's winner scores m x (V + B), the other team B; annonces only decide.
        parts = [
            [0, belote[t], 0, value if t == winner else 0, m if t == winner else 1]
            for t in range(TEAMS)
        ]
    elif outcome == MADE and m == 1 and summary.renonce is None:
        parts[takers][3] = value  # Takers P + B + A + V; defenders P + B + A.
    else:
        # A fixed award to the winner: m x (F + V + B + An); the other team its B. F is
        # `chute_points`, but on a coinched contract made the capot value when the takers won
        # all 8 tricks, or the takers' own points with `coinche_base: "points"`.
        fixed = options.chute_points
        earned = options.coinche_base == "points" or summary.capot == takers
        if outcome == MADE and summary.renonce is None and earned:
            fixed = cards[takers]
        parts = [
            [fixed, belote[t], every_annonce, value, m] if t == winner else [0, belote[t], 0, 0, 1]
            for t in range(TEAMS)
        ]
    breakdown = []
    for t, (counted, bel, ann, con, mult) in enumerate(parts):
        raw = mult * (counted + bel + ann + con)
        total = round_score(raw, options)
        breakdown.append(
            CoincheTeamScore(t, counted, summary.points[t], bel, ann, con, mult, total - raw, total)
        )
    return CoincheDealScore(
        contract=outcome,
        capot=summary.capot,
        score=(breakdown[0].total, breakdown[1].total),
        reserve=reserve,
        breakdown=(breakdown[0], breakdown[1]),
        takers=takers,
        compared=(compared[0], compared[1]),
        multiplier=m,
        annonces=verdict,
        renonce=summary.renonce,
    )


def _outcome(
    summary: CoincheDealSummary,
    options: CoincheOptions,
    taken: int,
    defended: int,
    value: int,
    m: int,
) -> str:
    """Made, dedans or litige, before any renonce. Rounding never decides."""
    takers = team_of(summary.contract.taker)
    if summary.contract.value == CAPOT:
        return MADE if summary.capot == takers else DEDANS  # capot: all 8 tricks
    if summary.capot == 1 - takers:
        return DEDANS  # takers who won no trick are dedans whatever their bonuses
    if options.made == "reach_bid":
        # T >= V alone, an 80 needing 82: a tie at or above V is made, save 80 at 81/81.
        return MADE if taken >= max(value, REACH_BID_MINIMUM) else DEDANS
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


def score_coinche_game(
    deals: Sequence[CoincheDealSummary], options: CoincheOptions = DEFAULT_COINCHE_OPTIONS
) -> GameScore:
    """Coinche deals in order up to the target, the litige reserve handed on: classic's game
    (RULES.md "The game") with the coinche deal score."""
    return score_game(deals, options, score_coinche_deal)  # type: ignore[arg-type]
