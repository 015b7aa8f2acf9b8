"""Scoring a deal (made, dedans, litige, capot, belote) and a whole game.

RULES.md "Scoring a deal", "Renonce penalty" and "The game".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from service.rules.core.annonces import Annonce, AnnonceVerdict, best_annonce_team
from service.rules.core.cards import DEAL_POINTS
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.options import DEFAULT_OPTIONS, RuleOptions
from service.rules.core.table import PLAYERS, TEAMS, Seat, Team, other_team, team_of

MADE, DEDANS, LITIGE, ANNULLED = "made", "dedans", "litige", "annulled"
CONTRACTS = (MADE, DEDANS, LITIGE, ANNULLED)
BELOTE_POINTS = 20
MAX_DEALS = 1000


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What scoring a deal needs: the taker, each team's card points with the dix de der
    (summing to 162), the team that won all 8 tricks, the team whose belote counts, and the
    annonces each team declared (scored only with the `annonces` option)."""

    taker: Seat
    points: tuple[int, int]
    capot: Team | None = None
    belote: Team | None = None
    annonces: tuple[tuple[Annonce, ...], tuple[Annonce, ...]] = ((), ())
    trump: int | None = None
    # A renonce by this team decides the deal (RULES.md "Renonce penalty").
    renonce: Team | None = None

    def check(self) -> None:
        """InconsistentInput when the summary cannot come from a real deal."""
        problems = []
        if self.taker not in range(PLAYERS):
            problems.append(Problem("/taker", "not_a_seat", {"value": self.taker}))
        for name in ("capot", "belote", "renonce"):
            value = getattr(self, name)
            if value is not None and value not in range(TEAMS):
                problems.append(Problem(f"/{name}", "not_a_team", {"value": value}))
        problems += points_problems(self.points, self.capot)
        if problems:
            raise InconsistentInput(problems)


def points_problems(points: Sequence[int], capot: Team | None) -> list[Problem]:
    """What is wrong with a deal's card points per team: two of them, none negative, 162 in
    all, and all of them with the team that won every trick."""
    if len(points) != TEAMS:
        return [Problem("/points", "points_count", {})]
    if any(p < 0 for p in points):
        return [Problem("/points", "points_negative", {})]
    if sum(points) != DEAL_POINTS:
        return [Problem("/points", "points_sum", {"total": sum(points)})]
    if capot in range(TEAMS) and points[capot] != DEAL_POINTS:
        return [Problem("/capot", "capot_points", {"points": points[capot]})]
    return []


@dataclass(frozen=True, slots=True)
class TeamScore:
    """How a team's deal score is made up: cards + belote + annonces + capot_bonus + rounding.

    `cards` is the card points the team *counts*: its own when it keeps them, all 162 when the
    other team is dedans or commits the renonce, none when it loses them (dedans, a renonce, a
    litige's takers, an annulled deal). `card_points` is what it *won* in its tricks (dix de
    der in), whatever the deal's outcome."""

    team: Team
    cards: int
    card_points: int
    belote: int
    annonces: int
    capot_bonus: int
    rounding: int
    total: int


Breakdown = TypeVar("Breakdown")


@dataclass(frozen=True, slots=True)
class ScoredDeal(Generic[Breakdown]):
    """A deal's score in either variant, as the game reads it: the outcome (`contract`: made,
    dedans, litige or annulled), the team that won all 8 tricks, each team's score, the points
    a litige holds in reserve, how each team's score is made up (the variant's `Breakdown`),
    the takers' team, the annonces' verdict (with the `annonces` option) and the team whose
    renonce decided the deal."""

    contract: str
    capot: Team | None
    score: tuple[int, int]
    reserve: int
    breakdown: tuple[Breakdown, Breakdown]
    takers: Team
    annonces: AnnonceVerdict | None = None
    renonce: Team | None = None

    @property
    def winner(self) -> Team | None:
        return deal_winner(self.contract, self.takers)


@dataclass(frozen=True, slots=True)
class DealScore(ScoredDeal[TeamScore]):
    """A classic deal's score: each team's `TeamScore`."""


def deal_winner(contract: str, takers: Team) -> Team | None:
    """The team that wins a deal, and so a litige reserve held from before it: the takers
    when made, the defenders when dedans, nobody on a litige or an annulled deal."""
    if contract in (LITIGE, ANNULLED):
        return None
    return takers if contract == MADE else other_team(takers)


class Rounding(Protocol):
    @property
    def rounding(self) -> str: ...


def round_score(points: int, options: Rounding) -> int:
    """Option `rounding`: `nearest_ten` rounds to the nearest ten, 5 up (162 -> 160)."""
    if options.rounding == "nearest_ten":
        return (points + 5) // 10 * 10
    return points


def score_deal(summary: DealSummary, options: RuleOptions = DEFAULT_OPTIONS) -> DealScore:
    """The deal's score for both teams: what each team won, then the outcome that decides
    what each counts, then each team's total with its rounding.

    >>> score_deal(DealSummary(taker=0, points=(81, 81))).contract
    'litige'
    """
    summary.check()
    takers = team_of(summary.taker)
    verdict = _annonces(summary, options)
    contract, reserve, counted = _settle(summary, takers, _won(summary, verdict, options), options)
    breakdown = _breakdown(summary, counted, options)
    return DealScore(
        contract=contract,
        capot=summary.capot,
        score=(breakdown[0].total, breakdown[1].total),
        reserve=reserve,
        breakdown=breakdown,
        annonces=verdict,
        renonce=summary.renonce,
        takers=takers,
    )


class _Parts(NamedTuple):
    """Each team's parts of its deal score, by team: card points, belote, annonces and the
    capot's bonus over the cards' 162."""

    cards: list[int]
    belote: list[int]
    annonces: list[int]
    capot_bonus: list[int]


def _won(summary: DealSummary, verdict: AnnonceVerdict | None, options: RuleOptions) -> _Parts:
    """What each team won in the deal, whatever its outcome."""
    # A capot scores the capot value instead of 162: the cards' 162 plus a bonus.
    bonus = options.capot - DEAL_POINTS
    return _Parts(
        cards=list(summary.points),
        belote=[BELOTE_POINTS if summary.belote == t else 0 for t in range(TEAMS)],
        annonces=list(verdict.points) if verdict else [0, 0],
        capot_bonus=[bonus if summary.capot == t else 0 for t in range(TEAMS)],
    )


def _settle(
    summary: DealSummary, takers: Team, won: _Parts, options: RuleOptions
) -> tuple[str, int, _Parts]:
    """The deal's contract (made, dedans, litige, annulled), the litige reserve, and what each
    team counts of what it `won` under that outcome."""
    cards, belote, annonces, capot_bonus = won
    defenders = other_team(takers)
    totals = [cards[t] + capot_bonus[t] + belote[t] + annonces[t] for t in range(TEAMS)]
    reserve = 0
    if summary.renonce is not None and options.renonce == "annul":
        contract = ANNULLED  # The deal scores nothing (no cards, no capot) and is redealt.
        cards, belote, annonces = [0, 0], [0, 0], [0, 0]
    elif summary.renonce is not None:
        # The offending team is dedans whatever it scored: the other team scores 162 (its
        # capot value if it won every trick) plus its belote; the offender keeps its belote.
        offender = summary.renonce
        contract = DEDANS if offender == takers else MADE
        cards, annonces = _all_to(other_team(offender), annonces)
    elif totals[takers] < totals[defenders] or summary.capot == defenders:
        # Dedans: takers score only their belote; defenders 162 (their capot value if they
        # won every trick) plus their belote, and every annonce that counts. Takers who won
        # no trick are dedans whatever their annonces: "si c'est l'équipe défenseuse qui
        # réalise le capot, l'équipe attaquante est évidemment dedans" (the French text).
        contract = DEDANS
        cards, annonces = _all_to(defenders, annonces)
    elif totals[takers] > totals[defenders]:
        contract = MADE  # Each team scores its own total.
    else:
        # Litige: defenders score their total; the takers' total less their belote (a capot's
        # whole value included) is held in reserve for the winner of the next deal.
        contract = LITIGE
        reserve = round_score(cards[takers] + capot_bonus[takers] + annonces[takers], options)
        cards[takers] = annonces[takers] = 0
    # The capot value stays only with a capot team that keeps its cards: never with an
    # offender of a renonce (even on a contract "made" by the other team), nor when dedans.
    capot_bonus = [capot_bonus[t] if cards[t] else 0 for t in range(TEAMS)]
    return contract, reserve, _Parts(cards, belote, annonces, capot_bonus)


def _breakdown(
    summary: DealSummary, counted: _Parts, options: RuleOptions
) -> tuple[TeamScore, TeamScore]:
    """Each team's score: what it `counted`, with the rounding to its total."""
    cards, belote, annonces, capot_bonus = counted
    breakdown = []
    for t in range(TEAMS):
        raw = cards[t] + belote[t] + annonces[t] + capot_bonus[t]
        total = round_score(raw, options)
        breakdown.append(
            TeamScore(
                t,
                cards[t],
                summary.points[t],
                belote[t],
                annonces[t],
                capot_bonus[t],
                total - raw,
                total,
            )
        )
    return breakdown[0], breakdown[1]


def _all_to(team: Team, annonces: list[int]) -> tuple[list[int], list[int]]:
    """The deal's 162 card points and every counted annonce go to `team`."""
    to_team = [DEAL_POINTS if t == team else 0 for t in range(TEAMS)]
    counted = sum(annonces)
    return to_team, [counted if t == team else 0 for t in range(TEAMS)]


def _annonces(summary: DealSummary, options: RuleOptions) -> AnnonceVerdict | None:
    if not options.annonces:
        return None  # Option off (default): annonces change nothing.
    if summary.trump is None:
        if any(summary.annonces):
            raise InconsistentInput.at("/trump", "annonces_need_trump")
        return AnnonceVerdict(None, (0, 0), (0, 0))
    return best_annonce_team(summary.annonces, summary.trump)


class GameOptions(Protocol):
    @property
    def target(self) -> int: ...


@dataclass(frozen=True, slots=True)
class GameDeal:
    """One deal of a game: its score, the reserve before and after it, the running totals."""

    deal: ScoredDeal[Any]
    reserve_in: int
    reserve_out: int
    reserve_to: int | None
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class GameScore:
    deals: tuple[GameDeal, ...]
    totals: tuple[int, int]
    reserve: int
    finished: bool
    winner: int | None


def score_game(
    deals: Sequence[Any],
    options: GameOptions = DEFAULT_OPTIONS,
    score: Callable[[Any, Any], ScoredDeal[Any]] = score_deal,
) -> GameScore:
    """Deals in order, with the litige reserve handed on, up to the target (RULES.md
    "The game"): when at the end of a deal a team has reached the target, the team with more
    points wins; equal totals play another deal. A deal listed after the win is an error.
    `score` scores one deal summary with `options` (classic's `score_deal` by default)."""
    if len(deals) > MAX_DEALS:
        raise InconsistentInput.at("/deals", "too_many_deals", limit=MAX_DEALS, size=len(deals))
    totals = [0, 0]
    reserve = 0
    scored: list[GameDeal] = []
    winner: int | None = None
    for index, summary in enumerate(deals):
        if winner is not None:
            raise InconsistentInput.at(
                f"/deals/{index}", "game_over", winner=winner, deal=index - 1
            )
        try:
            deal = score(summary, options)
        except InconsistentInput as error:
            raise error.under(f"/deals/{index}") from None
        reserve_in = reserve
        receiver = deal.winner
        if deal.contract == LITIGE:
            reserve += deal.reserve  # A further litige adds to the reserve.
        elif receiver is not None:
            totals[receiver] += reserve  # The reserve goes to the winner of the next deal.
            reserve = 0
        for t in range(TEAMS):
            totals[t] += deal.score[t]
        if max(totals) >= options.target and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        scored.append(
            GameDeal(
                deal,
                reserve_in,
                reserve,
                receiver if reserve_in and receiver is not None else None,
                (totals[0], totals[1]),
            )
        )
    return GameScore(tuple(scored), (totals[0], totals[1]), reserve, winner is not None, winner)
