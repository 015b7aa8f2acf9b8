"""The rows of players.ndjson and pairs.ndjson, and the outliers among them.

The statistic is a z-score: how many standard errors a player's (or a partnership's) figure
lies from what the whole population would give over the same number of deals.

- Renonces: a player's renonces `r` in `n` deals against the population's rate `p` per
  player-deal: `z = (r - n p) / sqrt(n p (1 - p))`. Flagged (`renonces`) at `z >= 3`.
- Loss to perfect play (with the review): a player's mean loss per reviewed deal `m` against
  the population's mean `mu` and spread `sigma` per player-deal: `z = (m - mu) / (sigma /
  sqrt(n))`. Flagged (`far_above_peers`) at `z <= -3`: losing far less than the population
  does.
- Better together: a partnership's loss per deal together (both members' own losses) against
  the sum of each member's loss per deal with other partners: `z = (apart - together) /
  (sigma sqrt(2 / n_together + 1 / n_a + 1 / n_b))`. Flagged (`better_together`) at `z >= 3`:
  the signal that matters most (a pair that signals to each other plays better together than
  either does with anyone else).

- Guesses (with the seat view, `--seat-view`): on the decisions where the player's own view
  left real doubt (the review's guesses), the hits (the double-dummy best card played)
  against the hits that view expected: `z = (hits - expected) / sqrt(variance)`, the
  expected hits and their variance summed over the guesses (each guess a coin of its own
  chance). Flagged (`guesses_too_well`) at `z >= GUESS_Z_THRESHOLD` over at least
  `MIN_GUESSES` guesses (service/rules/advice/seat_review.py, stated in GET /v1/rules): a
  player, or a partnership, who finds the card only the hidden hands show far more often
  than its seat could. It holds the player to its own view, not to the population: an honest
  player of any strength hits as often as its view expects.

A flag is a reason to look, never a proof. Only figures over at least `MIN_DEALS` deals are
tested (each side, for a partnership); below that nothing is flagged however far a figure
lies, and the normal approximation behind `z` is loose for rare events over few deals. Among
many honest players about 1 in 740 lies beyond 3 standard errors on one side by chance alone:
over ten thousand players, about a dozen flags are expected from luck.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, NamedTuple

from service.audit.counts import ArchiveCounts, Pair, Player
from service.audit.judging import MILLIONTHS
from service.rules.advice.policy import GUESS_Z_THRESHOLD, MIN_GUESSES

THRESHOLD: Final = 3.0
MIN_DEALS: Final = 30
RENONCES, FAR_ABOVE_PEERS, BETTER_TOGETHER = "renonces", "far_above_peers", "better_together"
GUESSES_TOO_WELL = "guesses_too_well"
PRECISION_DIGITS = 3  # the rows' averages, rounded: the same on every run


class Population(NamedTuple):
    """The whole archive's rates, per player-deal: what a player is held to."""

    renonce_rate: float | None  # None: no player-deal
    loss_mean: float | None  # None: no reviewed player-deal
    loss_sigma: float | None  # None: no spread to measure against

    @classmethod
    def of(cls, archive: ArchiveCounts) -> Population:
        deals = sum(counts[Player.DEALS] for counts in archive.players.values())
        renonces = sum(counts[Player.RENONCES] for counts in archive.players.values())
        reviewed = sum(_reviewed(counts) for counts in archive.players.values())
        loss = sum(_loss(counts) for counts in archive.players.values())
        squares = sum(counts[Player.LOSS_SQUARES] for counts in archive.players.values())
        mean = loss / reviewed if reviewed else None
        variance = squares / reviewed - mean * mean if mean is not None else 0.0
        return cls(
            renonces / deals if deals else None,
            mean,
            math.sqrt(variance) if variance > 0 else None,
        )


def _reviewed(counts: list[int]) -> int:
    return counts[Player.REVIEWED_AS_TAKERS] + counts[Player.REVIEWED_AS_DEFENDERS]


def _loss(counts: list[int]) -> int:
    return counts[Player.LOSS_AS_TAKERS] + counts[Player.LOSS_AS_DEFENDERS]


def _ratio(part: int, whole: int, scale: int = 1) -> float | None:
    return round(scale * part / whole, PRECISION_DIGITS) if whole else None


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, PRECISION_DIGITS)


def precision(loss: int, stake: int, reviewed: int) -> float | None:
    """The review's precision over many deals: `100 x (1 - loss / stake)`, the stakes summed
    (100 when nothing was at stake); None when nothing was reviewed."""
    if not reviewed:
        return None
    return round(100 * (1 - loss / stake), PRECISION_DIGITS) if stake else 100.0


def renonce_z(renonces: int, deals: int, rate: float | None) -> float | None:
    if deals < MIN_DEALS or rate is None or not 0 < rate < 1:
        return None
    return (renonces - deals * rate) / math.sqrt(deals * rate * (1 - rate))


def loss_z(loss: int, reviewed: int, population: Population) -> float | None:
    if reviewed < MIN_DEALS or population.loss_sigma is None or population.loss_mean is None:
        return None
    return (loss / reviewed - population.loss_mean) / (population.loss_sigma / math.sqrt(reviewed))


def guess_z(hits: int, expected: int, variance: int, guesses: int) -> float | None:
    """How many standard errors `hits` lie above the `expected` hits (millionths, as their
    `variance`) over `guesses`; None below `MIN_GUESSES` or without a spread."""
    if guesses < MIN_GUESSES or variance <= 0:
        return None
    return (hits - expected / MILLIONTHS) / math.sqrt(variance / MILLIONTHS)


def guess_fields(
    counts: list[int],
    kind: type[Player] | type[Pair],
    weighty: list[tuple[int, str]],
    link: Callable[[str], str | None] = lambda where: None,
) -> tuple[dict[str, Any], list[str]]:
    """The guess columns of a row, and its flag."""
    z = guess_z(
        counts[kind.GUESS_HITS],
        counts[kind.GUESS_EXPECTED],
        counts[kind.GUESS_VARIANCE],
        counts[kind.GUESSES],
    )
    fields = {
        "guess_decisions": counts[kind.GUESSES],
        "guess_hits": counts[kind.GUESS_HITS],
        "guess_expected": _rounded(counts[kind.GUESS_EXPECTED] / MILLIONTHS),
        "z_guess": _rounded(z),
        "guess_deals": [where for _, where in weighty],
        "guess_links": [link(where) for _, where in weighty],
    }
    return fields, [GUESSES_TOO_WELL] if z is not None and z >= GUESS_Z_THRESHOLD else []


def player_row(
    player: str,
    counts: list[int],
    population: Population,
    weighty: list[tuple[int, str]] | None = None,
    link: Callable[[str], str | None] = lambda where: None,
) -> dict[str, Any]:
    """A line of players.ndjson (`weighty`: the deals where its guesses hit most beyond the
    expected, each with its viewer's `link`)."""
    reviewed = _reviewed(counts)
    z_renonces = renonce_z(counts[Player.RENONCES], counts[Player.DEALS], population.renonce_rate)
    z_loss = loss_z(_loss(counts), reviewed, population)
    flags = [RENONCES] if z_renonces is not None and z_renonces >= THRESHOLD else []
    if z_loss is not None and z_loss <= -THRESHOLD:
        flags.append(FAR_ABOVE_PEERS)
    guessed, flagged = guess_fields(counts, Player, weighty or [], link)
    return {
        "player": player,
        **_common(counts, Player),
        "loss_per_deal": _ratio(_loss(counts), reviewed),
        "precision": precision(_loss(counts), counts[Player.STAKE], reviewed),
        "z_renonces": _rounded(z_renonces),
        "z_loss": _rounded(z_loss),
        **guessed,
        "flags": flags + flagged,
    }


def _common(counts: list[int], kind: type[Player] | type[Pair]) -> dict[str, Any]:
    """The counts a player and a partnership share, and their rates."""
    reviewed_as_takers = counts[kind.REVIEWED_AS_TAKERS]
    reviewed_as_defenders = counts[kind.REVIEWED_AS_DEFENDERS]
    return {
        "deals": counts[kind.DEALS],
        "as_takers": counts[kind.AS_TAKERS],
        "as_defenders": counts[kind.AS_DEFENDERS],
        "contracts_made": counts[kind.MADE],
        "renonces": counts[kind.RENONCES],
        "renonces_per_100": _ratio(counts[kind.RENONCES], counts[kind.DEALS], 100),
        "reviewed": reviewed_as_takers + reviewed_as_defenders,
        "loss_per_deal_as_takers": _ratio(counts[kind.LOSS_AS_TAKERS], reviewed_as_takers),
        "loss_per_deal_as_defenders": _ratio(counts[kind.LOSS_AS_DEFENDERS], reviewed_as_defenders),
    }


def pair_row(
    players: tuple[str, str],
    counts: list[int],
    archive: ArchiveCounts,
    population: Population,
    link: Callable[[str], str | None] = lambda where: None,
) -> dict[str, Any]:
    """A line of pairs.ndjson: the partnership's counts (the team's losses are both
    members'), then how it plays together against apart."""
    together = counts[Pair.REVIEWED_AS_TAKERS] + counts[Pair.REVIEWED_AS_DEFENDERS]
    apart = []  # each member's (loss, reviewed deals) with other partners
    for member, own in zip(
        players, (counts[Pair.LOSS_FIRST], counts[Pair.LOSS_SECOND]), strict=True
    ):
        alone = archive.players[member]
        apart.append((_loss(alone) - own, _reviewed(alone) - together))
    z = together_z(counts[Pair.LOSS_FIRST] + counts[Pair.LOSS_SECOND], together, apart, population)
    guessed, flagged = guess_fields(counts, Pair, archive.pair_deals.get(players, []), link)
    apart_loss = (
        sum(loss / deals for loss, deals in apart) if all(deals for _, deals in apart) else None
    )
    return {
        "players": list(players),
        **_common(counts, Pair),
        "loss_per_deal": _ratio(counts[Pair.LOSS_FIRST] + counts[Pair.LOSS_SECOND], together),
        "precision": precision(
            counts[Pair.LOSS_FIRST] + counts[Pair.LOSS_SECOND], counts[Pair.STAKE], together
        ),
        "apart_loss_per_deal": _rounded(apart_loss),
        "z_together": _rounded(z),
        **guessed,
        "flags": ([BETTER_TOGETHER] if z is not None and z >= THRESHOLD else []) + flagged,
    }


def together_z(
    loss: int, together: int, apart: list[tuple[int, int]], population: Population
) -> float | None:
    """How far better a partnership plays together (`loss` over `together` deals, both
    members) than its members do apart (each one's loss and deals with others)."""
    sigma = population.loss_sigma
    if sigma is None or together < MIN_DEALS or any(deals < MIN_DEALS for _, deals in apart):
        return None
    expected = sum(lost / deals for lost, deals in apart)
    error = sigma * math.sqrt(2 / together + sum(1 / deals for _, deals in apart))
    return (expected - loss / together) / error
