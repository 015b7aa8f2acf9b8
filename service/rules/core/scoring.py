"""What scoring is the same in every variant: a deal's outcomes and score as a game reads it,
the checks of a deal to score, the rounding, and the game itself.

RULES.md "Scoring a deal" and "The game"; each variant scores its deals its own way (its
`score_deal`), and `score_game` plays them to the target the same way for both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from service.rules.core.annonces import AnnonceVerdict
from service.rules.core.cards import DEAL_POINTS
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.seats import TEAMS, Team, other_team

MADE, DEDANS, LITIGE, ANNULLED = "made", "dedans", "litige", "annulled"
CONTRACTS = (MADE, DEDANS, LITIGE, ANNULLED)
BELOTE_POINTS = 20
MAX_DEALS = 1000


def deal_problems(
    points: Sequence[int],
    capot: Team | None,
    renonce: Team | None,
    belote: Sequence[int],
    most: int,
) -> list[Problem]:
    """What is wrong with a deal to score, in either variant: the teams named (`capot`,
    `renonce`), the card points (`points_problems`), and the belotes each team counts
    (`belote`: how many, none negative, at most `most` in all: the strain's belote suits)."""
    problems = [
        Problem(f"/{name}", "not_a_team", {"value": value})
        for name, value in (("capot", capot), ("renonce", renonce))
        if value is not None and value not in range(TEAMS)
    ]
    problems += points_problems(points, capot)
    if len(belote) != TEAMS or any(n < 0 for n in belote) or sum(belote) > most:
        problems.append(Problem("/belote", "belote_count", {"most": most}))
    return problems


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
    options: GameOptions,
    score: Callable[[Any, Any], ScoredDeal[Any]],
    may_win: Callable[[ScoredDeal[Any], Team, int], bool] | None = None,
) -> GameScore:
    """Deals in order, with the litige reserve handed on, up to the target (RULES.md
    "The game"): when at the end of a deal a team has reached the target, the team with more
    points wins; equal totals play another deal. A deal listed after the win is an error.
    `score` scores one deal to score with `options` (the variant's `score_deal`); `may_win`
    (the variant's) says whether a team with this total after this deal may win at it: one
    that may not has not reached the target, and the game goes on unless the other team has
    reached it with more points."""
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
        ahead = 0 if totals[0] > totals[1] else 1
        if (
            totals[ahead] >= options.target
            and totals[ahead] != totals[1 - ahead]
            and (may_win is None or may_win(deal, ahead, totals[ahead]))
        ):
            winner = ahead
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
