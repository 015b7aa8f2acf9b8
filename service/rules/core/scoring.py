"""What scoring is the same in every variant: a deal's outcomes and score as a game reads it,
the checks of a deal to score, the rounding, a misdeal's penalty, and the game itself.

RULES.md "Scoring a deal" and "The game"; each variant scores its deals its own way (its
`score_deal`), and `score_game` plays them to the target the same way for both, with the
misdeals a record lists between them (`Misdeal`, option `misdeal`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from service.rules.core.annonces import AnnonceVerdict
from service.rules.core.cards import DEAL_POINTS
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.seats import PLAYERS, TEAMS, Seat, Team, other_team, team_of

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


# Option `rounding`: what is added before cutting to the ten below. 5 up (FFB 2016 §10.3:
# "85 -> 90, 84 -> 80"), 6 up (the FFB's Equipe Ludique edition §9.2: 85 to 80, 86 to 90;
# Cannes 2016: 156 to 160). docs/RULES-COINCHE.md, "Fault lines", quotes the texts.
ROUNDING_UP = {"nearest_ten": 5, "nearest_ten_6up": 4}


def round_score(points: int, options: Rounding) -> int:
    """Option `rounding`: to the nearest ten, 5 up (`nearest_ten`: 75 -> 80, 162 -> 160) or
    6 up (`nearest_ten_6up`: 75 -> 70, 76 -> 80); `none` keeps the points."""
    up = ROUNDING_UP.get(options.rounding)
    return points if up is None else (points + up) // 10 * 10


# Option `game_end`: the values that need the target passed, and those under which a belote
# alone does not win a lost deal's team the game.
PASSING = ("pass", "ffb_pass")
BELOTE_CLAUSE = ("ffb", "ffb_pass")


class GameOptions(Protocol):
    @property
    def target(self) -> int: ...

    @property
    def game_end(self) -> str: ...

    @property
    def final_deal(self) -> str: ...

    @property
    def misdeal(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Misdeal:
    """A misdeal in a game's record, where a deal would be: the seat that dealt, its rank in a
    row of misdeals by that dealer on that deal (`count`: 1 the first, 2 the second...), and
    the value of the bid standing when it was found (`contract`; None: before any bid)."""

    dealer: Seat
    count: int
    contract: int | str | None = None

    def problems(self, bid_values: Sequence[int | str]) -> list[Problem]:
        """Why this misdeal cannot be: a dealer that is no seat, a count below 1, a contract
        that is none of `bid_values` (the variant's under the options; classic's are none)."""
        problems = []
        if self.dealer not in range(PLAYERS):
            problems.append(Problem("/misdeal/dealer", "not_a_seat", {"value": self.dealer}))
        if self.count < 1:
            problems.append(Problem("/misdeal/count", "misdeal_count", {"value": self.count}))
        contract = self.contract
        if contract is not None and not (type(contract) in (int, str) and contract in bid_values):
            code = "misdeal_contract" if bid_values else "misdeal_no_contract"
            problems.append(Problem("/misdeal/contract", code, {"value": contract}))
        return problems


# Option `misdeal`: the penalty's fixed points, and from which misdeal in a row it falls.
# The Federation Francaise de Coinche: 160 points to the opponents at the second misdeal. The
# FFB's web pages: the third misdeal, 160 in coinche, 162 in classic (the variant's
# `misdeal_points`). Cannes 2016: a penalty of 160 points and the contract. The profiles'
# `open.misdeal` sentences (service/text) and docs/RULES-COINCHE.md quote them.
MISDEAL_POINTS = 160
PENALTY_FROM = {"ff_coinche": 2, "ffb_web": 3}


def misdeal_penalty(
    misdeal: Misdeal, rule: str, ffb_points: int, contract_points: Callable[[int | str], int]
) -> int:
    """What `misdeal` costs the dealer's team under option `misdeal` (`rule`), scored by its
    opponents: under "ff_coinche" 160 from the second in a row, under "ffb_web" `ffb_points`
    (the variant's: 160, or classic's 162) from the third, the ones before redealt; under
    "cannes" 160 + the standing bid's points (`contract_points`: capot's by the options) when
    it was found after a bid, else nothing (a misdeal before any bid is redealt); under "none"
    nothing."""
    if rule == "cannes":
        contract = misdeal.contract
        return 0 if contract is None else MISDEAL_POINTS + contract_points(contract)
    start = PENALTY_FROM.get(rule)
    if start is None or misdeal.count < start:
        return 0
    return MISDEAL_POINTS if rule == "ff_coinche" else ffb_points


@dataclass(frozen=True, slots=True)
class ScoredMisdeal:
    """A misdeal as the game counts it: the misdeal, the team that scores its penalty (the
    dealer's opponents) and the penalty (0: redealt, nothing scored)."""

    misdeal: Misdeal
    team: Team
    penalty: int

    @property
    def score(self) -> tuple[int, int]:
        """The penalty, per team."""
        return (self.penalty, 0) if self.team == 0 else (0, self.penalty)


def score_misdeal(misdeal: Misdeal, penalty: int) -> ScoredMisdeal:
    """`misdeal` scored: its `penalty` to the opponents of the dealer's team."""
    return ScoredMisdeal(misdeal, other_team(team_of(misdeal.dealer)), penalty)


class Part(Protocol):
    """What the game reads of a team's part of a deal's score (either variant's breakdown)."""

    @property
    def belote(self) -> int: ...

    @property
    def rounding(self) -> int: ...


@dataclass(frozen=True, slots=True)
class GameDeal:
    """One deal of a game: its score, the reserve before and after it, the running totals."""

    deal: ScoredDeal[Any]
    reserve_in: int
    reserve_out: int
    reserve_to: int | None
    totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class GameMisdeal:
    """A misdeal of a game, between its deals: its penalty (`scored`), the reserve it leaves
    as it finds it (a misdeal wins no deal, hands no reserve on), the running totals."""

    scored: ScoredMisdeal
    reserve_in: int
    reserve_out: int
    totals: tuple[int, int]
    reserve_to: None = None

    @property
    def misdeal(self) -> Misdeal:
        return self.scored.misdeal

    @property
    def team(self) -> Team:
        return self.scored.team

    @property
    def penalty(self) -> int:
        return self.scored.penalty

    @property
    def score(self) -> tuple[int, int]:
        return self.scored.score


@dataclass(frozen=True, slots=True)
class GameScore:
    deals: tuple[GameDeal | GameMisdeal, ...]
    totals: tuple[int, int]
    reserve: int
    finished: bool
    winner: int | None


def game_winner(
    deal: ScoredDeal[Any] | None, totals: Sequence[int], options: GameOptions
) -> Team | None:
    """The team that wins the game at the end of `deal` (None: of a misdeal's penalty),
    `totals` after it, or None (RULES.md "The game"): the team with more points, once it has
    reached the target (`game_end: reach`, `ffb`) or passed it (`pass`, `ffb_pass`: BGA,
    "must be strictly higher"); equal totals play on. Under `ffb` and `ffb_pass` a team that
    lost the deal (its contract dedans, or capot against it) and reached the target only
    through its belote of that deal has not won: a team capot or fallen that reaches the
    target only through a belote's points has not yet won the game (FFB coinchee §10.3). A
    misdeal's penalty wins as any points do."""
    ahead = 0 if totals[0] > totals[1] else 1
    end = options.game_end
    total, needed = totals[ahead], options.target + (end in PASSING)
    if total == totals[1 - ahead] or total < needed:
        return None
    if deal is None:
        return ahead
    lost = (deal.contract == DEDANS and ahead == deal.takers) or deal.capot == 1 - ahead
    belote: int = deal.breakdown[ahead].belote
    if end in BELOTE_CLAUSE and lost and total - belote < needed:
        return None
    return ahead


def exact(deal: ScoredDeal[Any]) -> ScoredDeal[Any]:
    """`deal` scored at the point: each team's total without its rounding."""
    parts = tuple(
        replace(part, rounding=0, total=part.total - part.rounding) for part in deal.breakdown
    )
    return replace(deal, score=(parts[0].total, parts[1].total), breakdown=parts)


def score_game(
    deals: Sequence[Any],
    options: GameOptions,
    score: Callable[[Any, Any], ScoredDeal[Any]],
    misdeal: Callable[[Misdeal, Any], ScoredMisdeal],
) -> GameScore:
    """Deals in order, with the litige reserve handed on, up to the end of the game
    (`game_winner`). A deal listed after the win is an error. `score` scores one deal to
    score with `options` (the variant's `score_deal`); `misdeal` scores a `Misdeal` listed
    among them (the variant's `score_misdeal`: its penalty, under option `misdeal`, to the
    dealer's opponents). Under `final_deal: exact` (Cannes 2016 and the FFB's Equipe Ludique
    edition §9.2 count the last deal at the point, unrounded) the game's end is judged on each
    deal's exact points, and the deal that ends it is scored so."""
    if len(deals) > MAX_DEALS:
        raise InconsistentInput.at("/deals", "too_many_deals", limit=MAX_DEALS, size=len(deals))
    game = _Game(options)
    for index, summary in enumerate(deals):
        if game.winner is not None:
            raise InconsistentInput.at(
                f"/deals/{index}", "game_over", winner=game.winner, deal=index - 1
            )
        try:
            if isinstance(summary, Misdeal):
                game.add_misdeal(misdeal(summary, options))
                continue
            deal = score(summary, options)
        except InconsistentInput as error:
            raise error.under(f"/deals/{index}") from None
        game.add(deal, exact(deal) if options.final_deal == "exact" else deal)
    return GameScore(
        tuple(game.scored), game.totals, game.reserve, game.winner is not None, game.winner
    )


class _Game:
    """A game being scored: the totals, the litige reserve, the deals so far, the winner."""

    def __init__(self, options: GameOptions) -> None:
        self.options = options
        self.totals = (0, 0)
        self.reserve = 0
        self.scored: list[GameDeal | GameMisdeal] = []
        self.winner: Team | None = None

    def after(self, deal: ScoredDeal[Any]) -> tuple[tuple[int, int], Team | None]:
        """The totals after `deal`, the reserve handed to its winner, and the game's winner
        then."""
        totals = list(self.totals)
        if deal.winner is not None:
            totals[deal.winner] += self.reserve  # The reserve goes to the next deal's winner.
        for t in range(TEAMS):
            totals[t] += deal.score[t]
        return (totals[0], totals[1]), game_winner(deal, totals, self.options)

    def add(self, deal: ScoredDeal[Any], judged: ScoredDeal[Any]) -> None:
        """`deal` added, or `judged` (the same deal, at the point or rounded: `final_deal`)
        when the game's end, judged on it, comes with it."""
        self.winner = self.after(judged)[1]
        if self.winner is not None:
            deal = judged
        reserve_in, receiver = self.reserve, deal.winner
        self.totals = self.after(deal)[0]
        if deal.contract == LITIGE:
            self.reserve += deal.reserve  # A further litige adds to the reserve.
        elif receiver is not None:
            self.reserve = 0
        self.scored.append(
            GameDeal(
                deal,
                reserve_in,
                self.reserve,
                receiver if reserve_in and receiver is not None else None,
                self.totals,
            )
        )

    def add_misdeal(self, misdeal: ScoredMisdeal) -> None:
        """`misdeal`'s penalty added to its team's total; the reserve stays as it is."""
        self.totals = (self.totals[0] + misdeal.score[0], self.totals[1] + misdeal.score[1])
        self.winner = game_winner(None, self.totals, self.options)
        self.scored.append(GameMisdeal(misdeal, self.reserve, self.reserve, self.totals))
