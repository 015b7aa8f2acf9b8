"""Why a claim holds or fails, in a sentence, and whose card each card of a refutation is.

Given the position (the record the claim was made on), the claim and the solver's verdict:

- a claim that holds is said to hold in its mode ("whatever the opponents do, team 1 takes
  every trick left");
- a claim that fails is shown by its refutation's decisive trick: the first trick after
  which the claim is out of reach however the rest is played ("seat 1 wins trick 7 with
  9H"), with what the team ends with along that line. For the rest it is the first trick
  the opponents win; for n tricks of the m left, the one that gives them m - n + 1; for n
  card points, the one that takes theirs past 162 - n. The winner of that trick is always an
  opponent: only their tricks bring a claim out of reach;
- a claim out of reach before any card (more tricks than are left, or points the opponents
  already deny) says so; a verdict the budget left unsettled says that.

Tricks are counted from 1 in sentences, as players count them; a refutation's plays carry
the 0-based index of their trick, as replays' fields do. The variant only changes how a line
is replayed (`judge`): the variant's replay (`variants.Variant`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, NamedTuple

from service.rules.analysis.questions import BEST, Claim, ClaimVerdict
from service.rules.core.cards import DEAL_POINTS, Card
from service.rules.core.replay import TRICKS, TrickRecord
from service.rules.core.seats import PLAYERS, other_team, place_in_trick, seat_after, team_of
from service.rules.variants import CLASSIC, COINCHE, Replayed, Variant
from service.rules.variants.base import OptionsT, RecordT
from service.text.catalog import Cards, render


class LinePlay(NamedTuple):
    """One card of a refutation: who plays it, and in which trick (0-based)."""

    seat: int
    card: Card
    trick: int


@dataclass(frozen=True, slots=True)
class ClaimReason:
    """Why a claim holds or fails: a message code of the catalog and its parameters. In the
    sentence, `card` (`Cards`) is named in its language and `how` (a code: the claim's mode,
    said as the sentence needs it) is rendered first."""

    code: str
    params: Mapping[str, Any]

    def message(self, lang: str = "en") -> str:
        params = dict(self.params)
        if "how" in params:
            params["how"] = render(params["how"], lang, {})
        return render(self.code, lang, params)


@dataclass(frozen=True, slots=True)
class ClaimRuling:
    """A claim's verdict, why it holds or fails, and (when it fails) the seat and trick of
    each card of its refutation."""

    verdict: ClaimVerdict
    reason: ClaimReason
    refutation_plays: tuple[LinePlay, ...] | None


def explain_claim_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    claim: Claim,
    verdict: ClaimVerdict,
    mode: str = BEST,
    options: OptionsT | None = None,
) -> ClaimRuling:
    """Why `claim` on the position after `record.plays` of a deal of `variant` holds or fails,
    its lines replayed as the variant replays them."""
    chosen = variant.options_or_default(options)
    return _explain(record, claim, verdict, mode, lambda plays: variant.replay(plays, chosen))


# explain_claim(record, claim, verdict, mode, options), one per variant.
explain_claim = partial(explain_claim_in, CLASSIC)
explain_coinche_claim = partial(explain_claim_in, COINCHE)


def _explain(
    record: RecordT,
    claim: Claim,
    verdict: ClaimVerdict,
    mode: str,
    judge: Callable[[RecordT], Replayed],
) -> ClaimRuling:
    team, done = team_of(claim.seat), len(record.plays) // PLAYERS
    left = TRICKS - done
    facts: dict[str, Any] = {"team": team, "left": left}
    if claim.points is not None:
        kind, facts["claimed"] = "points", claim.points
    elif claim.rest:
        kind = "rest"
    else:
        kind, facts["claimed"] = "tricks", claim.tricks
    if verdict.holds is None:
        return ClaimRuling(verdict, ClaimReason("claim.unsettled", facts), None)
    if verdict.holds:
        held = facts | {"how": f"claim.holds_{mode}"}
        return ClaimRuling(verdict, ClaimReason(f"claim.holds_{kind}", held), None)
    facts["how"] = f"claim.fails_{mode}"
    if verdict.refutation is None:
        return ClaimRuling(verdict, ClaimReason("claim.fails_unshown", facts), None)

    line = (*record.plays, *verdict.refutation)
    finished = judge(replace(record, plays=line))
    plays = tuple(_line_plays(finished.tricks, len(record.plays)))
    winners = [trick.winner for trick in finished.tricks if trick.winner is not None]
    if kind == "points":
        facts["got"] = finished.points[team]
        denied = DEAL_POINTS - facts["claimed"]  # the most the opponents may end with

        def opponents_points(tricks: int) -> int:
            """The opponents' card points once `tricks` tricks are over along the line."""
            return judge(replace(record, plays=line[: tricks * PLAYERS])).points[other_team(team)]

        facts["opponents"] = opponents_points(done)
        if facts["opponents"] > denied:
            return ClaimRuling(verdict, ClaimReason("claim.beyond_points", facts), plays)
        decisive = next(i for i in range(done, TRICKS) if opponents_points(i + 1) > denied)
    else:
        needed = left if kind == "rest" else facts["claimed"]
        if needed > left:
            return ClaimRuling(verdict, ClaimReason("claim.beyond_tricks", facts), plays)
        lost = [i for i in range(done, TRICKS) if team_of(winners[i]) != team]
        facts["got"] = left - len(lost)
        decisive = lost[left - needed]  # their trick that leaves the team fewer than `needed`
    trick, winner = finished.tricks[decisive], winners[decisive]
    facts |= {
        "seat": winner,
        "trick": decisive + 1,
        "card": Cards((trick.cards[place_in_trick(winner, trick.leader)],)),
    }
    return ClaimRuling(verdict, ClaimReason(f"claim.fails_{kind}", facts), plays)


def _line_plays(tricks: Sequence[TrickRecord], start: int) -> list[LinePlay]:
    """The seat and trick of every card played from play `start` on."""
    return [
        LinePlay(seat_after(trick.leader, offset), card, index)
        for index, trick in enumerate(tricks)
        for offset, card in enumerate(trick.cards)
        if index * PLAYERS + offset >= start
    ]
