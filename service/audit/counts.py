"""The archive's counts: per player, per partnership (two players as partners), and in all.

`ArchiveCounts` counts what a partition's lines gave and merges with another one in any order
(`merge` adds): the counts are integers, so that the result is the same however Dask splits
and reduces the work; averages are taken only when the rows are written. A precision is
taken from the summed losses and stakes, as the review defines it for one deal
(`100 x (1 - loss / stake)`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from service.audit.judging import MILLIONTHS, BadLine, Deal, Judged
from service.audit.records import Unreadable
from service.rules.core.seats import PLAYERS, TEAMS, team_of


class Player(IntEnum):
    """A player's counts, by index."""

    DEALS = 0
    AS_TAKERS = 1
    AS_DEFENDERS = 2
    MADE = 3  # as takers
    RENONCES = 4
    REVIEWED_AS_TAKERS = 5
    REVIEWED_AS_DEFENDERS = 6
    LOSS_AS_TAKERS = 7  # card points lost to perfect play, summed over the reviewed deals
    LOSS_AS_DEFENDERS = 8
    LOSS_SQUARES = 9  # the sum of each reviewed deal's loss squared (the spread)
    STAKE = 10  # card points put at stake by the player's plays, summed (the precision's)
    GUESSES = 11  # with the seat view: decisions of real doubt from the player's seat
    GUESS_HITS = 12  # ... where the player found the double-dummy best card
    GUESS_EXPECTED = 13  # ... the hits its view expected, in millionths
    GUESS_VARIANCE = 14  # ... their variance, in millionths


class Pair(IntEnum):
    """A partnership's counts, by index: its deals together, the team's losses (both
    members'), and each member's own (in the pair's order) for the better-together test."""

    DEALS = 0
    AS_TAKERS = 1
    AS_DEFENDERS = 2
    MADE = 3
    RENONCES = 4  # by either member
    REVIEWED_AS_TAKERS = 5
    REVIEWED_AS_DEFENDERS = 6
    LOSS_AS_TAKERS = 7
    LOSS_AS_DEFENDERS = 8
    STAKE = 9  # both members'

    LOSS_FIRST = 10
    LOSS_SECOND = 11
    GUESSES = 12  # both members', as a player's
    GUESS_HITS = 13
    GUESS_EXPECTED = 14
    GUESS_VARIANCE = 15


def _add(counts: list[int], other: Iterable[int]) -> None:
    for index, value in enumerate(other):
        counts[index] += value


TOTALS = ("lines", "deals", "errors", "renonces", "reviewed", "inexact", "review_problems")
WEIGHTY_DEALS = 3
"""With the seat view, the deals kept per player and per partnership where it hit the most
guesses beyond what its view expected (the report names them)."""
MAX_BAD_LINES = 200
"""The bad lines kept for the report and the summary: the first ones by file and line (every
one is in errors/)."""


@dataclass
class ArchiveCounts:
    """What an archive's lines gave (a partition's, or several merged): lines, deals, errors,
    renonces and reviews in all, counts per player and per partnership, the unreadable files,
    the first `MAX_BAD_LINES` bad lines (by file and line) and the reviews refused by reason."""

    lines: int = 0
    deals: int = 0
    errors: int = 0
    renonces: int = 0
    reviewed: int = 0
    inexact: int = 0  # reviews whose budget ran out before every play was settled
    review_problems: int = 0
    players: dict[Any, list[int]] = field(default_factory=dict)
    pairs: dict[tuple[Any, Any], list[int]] = field(default_factory=dict)
    unreadable: list[Unreadable] = field(default_factory=list)
    bad_lines: list[BadLine] = field(default_factory=list)
    refusals: dict[str, int] = field(default_factory=dict)  # reviews refused, by reason
    # With the seat view: per player and per partnership, the deals that weigh most, as
    # (millionths of hits beyond the expected, the deal), the most first.
    player_deals: dict[Any, list[tuple[int, str]]] = field(default_factory=dict)
    pair_deals: dict[tuple[Any, Any], list[tuple[int, str]]] = field(default_factory=dict)
    # The records of those deals (each line's text), by the deal's name: the report's links.
    records: dict[str, str] = field(default_factory=dict)

    def add(self, judged: Judged) -> None:
        """Count one line's outcome."""
        if judged.unreadable is not None:
            self.unreadable.append(judged.unreadable)
            return
        self.lines += 1
        if judged.deal is None:
            self.errors += 1
            if judged.bad is not None:
                self.bad_lines = _first_bad_lines(self.bad_lines, [judged.bad])
            return
        self.deals += 1
        self.renonces += len(judged.deal.renonces)
        if judged.review_refused is not None:
            self.review_problems += 1
            reason = judged.review_refused
            self.refusals[reason] = self.refusals.get(reason, 0) + 1
        if judged.deal.review is not None:
            self.reviewed += 1
            self.inexact += not judged.deal.review.exact
        if judged.deal.players is not None:
            self._count_players(judged.deal, judged.deal.players)

    def merge(self, other: ArchiveCounts) -> ArchiveCounts:
        """New counts: these and `other`'s added (neither is changed, as Dask expects of a
        task's inputs)."""
        merged = ArchiveCounts(
            *(getattr(self, name) + getattr(other, name) for name in TOTALS),
            players={key: list(counts) for key, counts in self.players.items()},
            pairs={key: list(counts) for key, counts in self.pairs.items()},
            unreadable=self.unreadable + other.unreadable,
            bad_lines=_first_bad_lines(self.bad_lines, other.bad_lines),
            refusals=dict(self.refusals),
            player_deals=dict(self.player_deals),
            pair_deals=dict(self.pair_deals),
            records={**self.records, **other.records},
        )
        for mine_deals, their_deals in (
            (merged.player_deals, other.player_deals),
            (merged.pair_deals, other.pair_deals),
        ):
            for key, weighty in their_deals.items():
                mine_deals[key] = _weightiest(mine_deals.get(key, []), weighty)  # type: ignore[index]
        merged._keep_weighty_records()
        for reason, count in other.refusals.items():
            merged.refusals[reason] = merged.refusals.get(reason, 0) + count
        for mine, theirs, size in (
            (merged.players, other.players, len(Player)),
            (merged.pairs, other.pairs, len(Pair)),
        ):
            for key, counts in theirs.items():
                _add(mine.setdefault(key, [0] * size), counts)  # type: ignore[arg-type]
        return merged

    def _count_players(self, deal: Deal, players: tuple[Any, ...]) -> None:
        for seat, player in enumerate(players):
            self.players.setdefault(player, [0] * len(Player))
            counts = _player_counts(deal, seat)
            _add(self.players[player], counts)
            self._weigh(self.player_deals, player, counts, Player, deal)
        for team in range(TEAMS):
            seats = [seat for seat in range(PLAYERS) if team_of(seat) == team]
            key = tuple(sorted(players[seat] for seat in seats))
            ordered = sorted(seats, key=lambda seat: players[seat])
            self.pairs.setdefault(key, [0] * len(Pair))  # type: ignore[arg-type]
            counts = _pair_counts(deal, team, ordered)
            _add(self.pairs[key], counts)  # type: ignore[index]
            self._weigh(self.pair_deals, key, counts, Pair, deal)

    def _weigh(
        self,
        kept: dict[Any, list[tuple[int, str]]],
        key: Any,
        counts: list[int],
        kind: type[Player] | type[Pair],
        deal: Deal,
    ) -> None:
        """Keep `deal` among `key`'s weightiest when its guesses hit beyond the expected."""
        beyond = counts[kind.GUESS_HITS] * MILLIONTHS - counts[kind.GUESS_EXPECTED]
        if counts[kind.GUESSES] and beyond > 0:
            kept[key] = _weightiest(kept.get(key, []), [(beyond, deal.where)])
            if any(where == deal.where for _, where in kept[key]):
                self.records[deal.where] = deal.record

    def _keep_weighty_records(self) -> None:
        """The records of the deals still kept, and no other."""
        named = {
            where
            for kept in (*self.player_deals.values(), *self.pair_deals.values())
            for _, where in kept
        }
        self.records = {where: text for where, text in self.records.items() if where in named}


def _weightiest(
    mine: list[tuple[int, str]], theirs: list[tuple[int, str]]
) -> list[tuple[int, str]]:
    """The `WEIGHTY_DEALS` that weigh most of both, the most first (then by name): the same in
    any merge order."""
    return sorted(mine + theirs, key=lambda item: (-item[0], item[1]))[:WEIGHTY_DEALS]


def _first_bad_lines(mine: list[BadLine], theirs: list[BadLine]) -> list[BadLine]:
    """The first `MAX_BAD_LINES` of both, by file and line: the same in any merge order."""
    return sorted(mine + theirs)[:MAX_BAD_LINES]


def _player_counts(deal: Deal, seat: int) -> list[int]:
    counts = [0] * len(Player)
    takes = team_of(seat) == deal.takers
    counts[Player.DEALS] = 1
    counts[Player.AS_TAKERS if takes else Player.AS_DEFENDERS] = 1
    counts[Player.MADE] = int(takes and bool(deal.made))
    counts[Player.RENONCES] = deal.renonces.count(seat)
    if deal.review is not None and deal.review.exact:  # bounds, not values, are not counted
        loss, stake = deal.review.seats[seat][:2]
        counts[Player.REVIEWED_AS_TAKERS if takes else Player.REVIEWED_AS_DEFENDERS] = 1
        counts[Player.LOSS_AS_TAKERS if takes else Player.LOSS_AS_DEFENDERS] = loss
        counts[Player.LOSS_SQUARES] = loss * loss
        counts[Player.STAKE] = stake
        seen = deal.review.seats[seat]
        counts[Player.GUESSES], counts[Player.GUESS_HITS] = seen.guesses, seen.hits
        counts[Player.GUESS_EXPECTED] = seen.expected
        counts[Player.GUESS_VARIANCE] = seen.variance
    return counts


def _pair_counts(deal: Deal, team: int, seats: list[int]) -> list[int]:
    counts = [0] * len(Pair)
    takes = team == deal.takers
    counts[Pair.DEALS] = 1
    counts[Pair.AS_TAKERS if takes else Pair.AS_DEFENDERS] = 1
    counts[Pair.MADE] = int(takes and bool(deal.made))
    counts[Pair.RENONCES] = sum(deal.renonces.count(seat) for seat in seats)
    if deal.review is not None and deal.review.exact:  # bounds, not values, are not counted
        first, second = (deal.review.seats[seat] for seat in seats)
        counts[Pair.REVIEWED_AS_TAKERS if takes else Pair.REVIEWED_AS_DEFENDERS] = 1
        counts[Pair.LOSS_AS_TAKERS if takes else Pair.LOSS_AS_DEFENDERS] = first.loss + second.loss
        counts[Pair.STAKE] = first.stake + second.stake
        counts[Pair.LOSS_FIRST], counts[Pair.LOSS_SECOND] = first.loss, second.loss
        counts[Pair.GUESSES] = first.guesses + second.guesses
        counts[Pair.GUESS_HITS] = first.hits + second.hits
        counts[Pair.GUESS_EXPECTED] = first.expected + second.expected
        counts[Pair.GUESS_VARIANCE] = first.variance + second.variance
    return counts
