"""Scoring a classic deal: made, dedans, litige, capot, belote, annonces, the renonce penalty.

RULES.md "Scoring a deal" and "Renonce penalty"; the game is the one every variant plays
(`scoring.score_game`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from service.rules.core.annonces import Annonce, AnnonceVerdict, best_annonce_team
from service.rules.core.cards import DEAL_POINTS
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
from service.rules.variants.classic.options import DEFAULT_OPTIONS, RuleOptions


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What scoring a classic deal needs: the taker, each team's card points with the dix de
    der (summing to 162), the team that won all 8 tricks, how many belotes each team counts
    (one at most in all, the trump's: 20 each, as coinche's `belote`), the annonces each team
    declared (scored only with the `annonces` option, `trump` breaking their ties) and the
    team whose renonce decides the deal (RULES.md "Renonce penalty")."""

    taker: Seat
    points: tuple[int, int]
    capot: Team | None = None
    belote: tuple[int, int] = (0, 0)
    annonces: tuple[tuple[Annonce, ...], tuple[Annonce, ...]] = ((), ())
    trump: int | None = None
    renonce: Team | None = None

    def check(self) -> None:
        """InconsistentInput when the summary cannot come from a real deal."""
        problems = []
        if self.taker not in range(PLAYERS):
            problems.append(Problem("/taker", "not_a_seat", {"value": self.taker}))
        problems += deal_problems(self.points, self.capot, self.renonce, self.belote, 1)
        if problems:
            raise InconsistentInput(problems)

    def with_points(self, points: tuple[int, int], capot: Team | None) -> DealSummary:
        """The same deal ending with these `points` and `capot` (the analysis scores one
        perfect line's summary at other gains)."""
        return replace(self, points=points, capot=capot)


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


@dataclass(frozen=True, slots=True)
class DealScore(ScoredDeal[TeamScore]):
    """A classic deal's score: each team's `TeamScore`."""


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
        belote=[BELOTE_POINTS * summary.belote[t] for t in range(TEAMS)],
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
    elif _dedans(totals[takers], totals[defenders], summary.capot == defenders, options):
        # Dedans: takers score only their belote; defenders 162 (their capot value if they
        # won every trick) plus their belote, and every annonce that counts. Takers who won
        # no trick are dedans whatever their annonces: "si c'est l'équipe défenseuse qui
        # réalise le capot, l'équipe attaquante est évidemment dedans" (the French text).
        contract = DEDANS
        cards, annonces = _all_to(defenders, annonces)
    elif totals[takers] > totals[defenders] or options.litige == "made":
        contract = MADE  # Each team scores its own total (under `litige: "made"`, a tie too).
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


def _dedans(taken: int, defended: int, capot_against: bool, options: RuleOptions) -> bool:
    """Whether the takers are dedans: fewer points than the defenders, or no trick won; and,
    under `litige: "dedans"`, as many points."""
    tie_lost = taken == defended and options.litige == "dedans"
    return taken < defended or capot_against or tie_lost


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
