"""What a review says in words, as an arbiter reads a deal back to the table.

- a card that lost points: who played it, what was best, what it cost ("Seat 2 played the 9
  of hearts where the 9 of clubs was best: 4 points lost");
- a decisive card: the outcome before it and after it ("With best play the contract was made;
  after this card it is dedans");
- the renonce (the deal's first, which decides it): who, which card, in which trick, which
  obligation it broke and the cards that had to be played; and, when the review judged it,
  what it cost: the penalty's contract and score against best play's before it;
- each seat and team: its cards judged, the labels it earned, its points lost of those at
  stake, its precision.

Each is a `Sentence` of the catalog (service/text/catalog.py), said in the language asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from service.rules.core.cards import Card
from service.rules.core.play import ViolationCode
from service.rules.core.replay import Renonce
from service.rules.core.seats import TEAMS, Seat, Team
from service.text.catalog import Cards, Counted, Listed, Sentence, Suited


# What the words read of the review's results (review.py's `Outcome`, `PlayReview` and
# `SideTally`, which carry these words): the review imports this module, not the reverse.
class Outcome(Protocol):
    @property
    def contract(self) -> str: ...

    @property
    def capot(self) -> Team | None: ...

    @property
    def score(self) -> tuple[int, int]: ...


class PlayReview(Protocol):
    @property
    def seat(self) -> Seat: ...

    @property
    def card(self) -> Card: ...

    @property
    def best(self) -> tuple[Card, ...]: ...

    @property
    def before(self) -> Outcome | None: ...

    @property
    def after(self) -> Outcome | None: ...

    @property
    def loss(self) -> int | None: ...

    @property
    def judged(self) -> bool: ...

    @property
    def exact(self) -> bool: ...

    @property
    def decisive(self) -> bool: ...


class SideTally(Protocol):
    @property
    def side(self) -> int: ...

    @property
    def plays(self) -> int: ...

    @property
    def loss(self) -> int: ...

    @property
    def stake(self) -> int: ...

    @property
    def labels(self) -> Mapping[str, int]: ...

    @property
    def precision(self) -> float: ...


FAULTS = ("inaccuracy", "mistake", "blunder", "renonce")  # the labels a summary counts


def play_words(review: PlayReview, renonce: Renonce | None) -> Sentence | None:
    """What a judged, settled card says: the renonce (`renonce`, the deal's first, when it
    is this card) and its cost; else its loss if it lost points, then what it changed if it
    was decisive. None for a card that lost nothing and changed nothing."""
    if not (review.judged and review.exact):
        return None
    if renonce is not None:
        return renonce_words(renonce, review)
    changed = _changed(review) if review.decisive else None
    if not review.loss:
        return changed
    return Sentence(
        "review.lost",
        {
            "seat": review.seat,
            "card": Cards((review.card,)),
            "best": Cards(review.best),
            "lost": Counted("count.points", review.loss),
        },
        changed,
    )


def renonce_words(renonce: Renonce, review: PlayReview | None) -> Sentence:
    """What the renonce was; then what it cost, when `review` (its play, judged) says it."""
    violation = renonce.violation
    facts: dict[str, object] = {
        "led": Suited(violation.led),
        "to_beat": Cards(() if violation.to_beat is None else (violation.to_beat,)),
    }
    if violation.code == ViolationCode.RAISE_TRUMP:  # the one sentence that names the trump
        facts["trump"] = Suited(violation.trump)
    why = Sentence(f"review.why.{violation.code}", facts)
    cost = None
    if review is not None and review.exact:
        assert review.before is not None  # settled
        assert review.after is not None
        a, b = review.after.score
        c, d = review.before.score
        cost = Sentence(
            "review.renonce_cost",
            {
                "after": _outcome(review.after),
                "before": _outcome(review.before),
                "a": a,
                "b": b,
                "c": c,
                "d": d,
                "lost": Counted("count.points", review.loss or 0),
            },
        )
    return Sentence(
        "review.renonce",
        {
            "seat": renonce.seat,
            "card": Cards((renonce.card,)),
            "trick": renonce.trick + 1,  # players count tricks from 1
            "why": why,
            "cards": Cards(violation.required),
        },
        cost,
    )


def seat_words(tally: SideTally) -> Sentence:
    """A seat's tally in one line."""
    return Sentence("review.seat", {"side": tally.side, "tally": _tally_words(tally)})


def team_words(tally: SideTally) -> Sentence:
    """A team's tally in one line, its seats named."""
    partner = tally.side + TEAMS  # team t is seats t and t + 2
    return Sentence(
        "review.team", {"side": tally.side, "partner": partner, "tally": _tally_words(tally)}
    )


def _tally_words(tally: SideTally) -> Sentence:
    """Cards judged, labels earned, points lost of those at stake, precision."""
    counts = Listed(
        tuple(Counted(f"count.{f}", tally.labels[f]) for f in FAULTS if tally.labels[f])
    )
    figures = {
        "plays": Counted("count.plays", tally.plays),
        "labels": counts,
        "lost": Counted("count.points", tally.loss),
        "stake": tally.stake,
        "precision": tally.precision,
    }
    if counts.items:
        return Sentence("review.tally_lost", figures)
    if tally.plays:
        return Sentence("review.tally_best", figures)
    return Sentence("review.tally_none", {})


def _changed(review: PlayReview) -> Sentence:
    assert review.before is not None  # settled
    assert review.after is not None
    return Sentence(
        "review.changed", {"before": _outcome(review.before), "after": _outcome(review.after)}
    )


def _outcome(outcome: Outcome) -> Sentence:
    """The contract (made, dedans, litige, annulled), and the capot if one team has it."""
    contract = Sentence(f"review.{outcome.contract}", {})
    if outcome.capot is None:
        return contract
    return Sentence("review.capot", {"contract": contract, "team": outcome.capot})
