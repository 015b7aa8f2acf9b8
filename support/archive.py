"""A generated archive for the audit's tests (tests/audit) and benchmark (bench/audit.py): deals
dealt by the referee's own dealing (service/rules/core/dealing.py), played at random among the
legal cards, with renonces injected by known players. The lines that cannot be judged, which
the tests spread among its records, are tests/audit/bad_lines.py's.

>>> made = archive(3, seed=1)
>>> len(made.records), sorted(made.records[0])[:3]
(3, ['dealer', 'hands', 'id'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import orjson

from service.rules import deal, legal_cards, trick_winner
from service.rules.core.cards import HAND_SIZE, SUIT_CODES, Card
from service.rules.core.seats import PLAYERS, Seat, seat_after
from service.rules.core.strains import STRAIN_CODES, Strain
from service.rules.variants import COINCHE

POOL: Final = tuple(f"player-{n:02d}" for n in range(1, 13))
RENONCERS: Final = ("player-03", "player-07")
"""The players who renounce now and then (when they cannot follow as the rules ask)."""
RENONCE_CHANCE: Final = 0.15  # at each chance a renouncer has, until one renonce a deal


@dataclass
class Archive:
    records: list[dict[str, Any]] = field(default_factory=list)
    renonces: list[tuple[str, str]] = field(default_factory=list)  # (record id, player)

    def lines(self, bad: Sequence[bytes] = ()) -> list[bytes]:
        """The records as NDJSON lines, `bad` lines spread among them (in order)."""
        lines = [orjson.dumps(record) for record in self.records]
        step = max(len(lines) // (len(bad) + 1), 1)
        for offset, line in enumerate(bad):
            lines.insert((offset + 1) * step + offset, line)
        return lines


def archive(count: int, seed: int = 0, coinche_share: float = 0.25) -> Archive:
    """`count` complete deals, a share of them coinche ones, each with four players of `POOL`
    by seat."""
    rng = random.Random(seed)
    made = Archive()
    for number in range(count):
        record_id = f"deal-{seed}-{number:05d}"
        players = rng.sample(POOL, PLAYERS)
        dealer = rng.randrange(PLAYERS)
        taker = rng.randrange(PLAYERS)
        text_seed = f"audit archive {seed} deal {number}"
        if rng.random() < coinche_share:
            hands = COINCHE.deal(text_seed, dealer).hands
            strain: Strain = rng.randrange(len(SUIT_CODES))  # a suit: any table plays it
            record: dict[str, Any] = {
                "variant": "coinche",
                "contract": {"taker": taker, "value": 80, "strain": STRAIN_CODES[strain]},
            }
        else:
            dealt = deal(text_seed, dealer, taker)
            hands, strain = dealt.hands, dealt.turned.suit
            record = {"trump": STRAIN_CODES[strain], "taker": taker}
        plays, renouncer = _play(rng, hands, dealer, strain, players)
        if renouncer is not None:
            made.renonces.append((record_id, renouncer))
        made.records.append(
            {
                "id": record_id,
                "players": players,
                "dealer": dealer,
                **record,
                "plays": [str(card) for card in plays],
                "hands": [[str(card) for card in hand] for hand in hands],
            }
        )
    return made


def _play(
    rng: random.Random,
    hands: Sequence[Sequence[Card]],
    dealer: Seat,
    strain: Strain,
    players: Sequence[str],
) -> tuple[list[Card], str | None]:
    """A deal played at random among the legal cards, but for one renonce by a renouncer
    (at most one a deal); the cards played, and who renounced."""
    held = [list(hand) for hand in hands]
    leader = seat_after(dealer)
    plays: list[Card] = []
    renouncer = None
    for _ in range(HAND_SIZE):
        trick: list[Card] = []
        for offset in range(PLAYERS):
            seat = seat_after(leader, offset)
            legal = legal_cards(held[seat], trick, strain)
            illegal = [card for card in held[seat] if card not in legal]
            if (
                renouncer is None
                and players[seat] in RENONCERS
                and illegal
                and rng.random() < RENONCE_CHANCE
            ):
                card, renouncer = rng.choice(illegal), players[seat]
            else:
                card = rng.choice(legal)
            held[seat].remove(card)
            trick.append(card)
        plays += trick
        leader = seat_after(leader, trick_winner(trick, strain))
    return plays, renouncer
