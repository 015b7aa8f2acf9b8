"""The request bodies the HTTP benchmark sends: API.md's examples and a full 32-card deal."""

from __future__ import annotations

import random

from service.rules import Card, legal_cards, trick_winner
from service.rules.dealing import shuffled_deck


def _full_deal(seed: str) -> dict:
    """A complete deal played with legal cards from a seeded deck, as a replay body."""
    deck = shuffled_deck(seed)
    hands = [list(deck[seat * 8 : seat * 8 + 8]) for seat in range(4)]
    remaining = [list(hand) for hand in hands]
    choose = random.Random(seed).choice
    trump, dealer = 1, 3
    leader = (dealer + 1) % 4
    plays: list[Card] = []
    for _ in range(8):
        trick: list[Card] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            card = choose(legal_cards(remaining[seat], trick, trump))
            remaining[seat].remove(card)
            trick.append(card)
        leader = (leader + trick_winner(trick, trump)) % 4
        plays += trick
    return {
        "dealer": dealer,
        "trump": "H",
        "taker": 0,
        "plays": [str(c) for c in plays],
        "hands": [[str(c) for c in hand] for hand in hands],
    }


BODIES: dict[str, dict] = {
    "legal-moves": {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]},
    "plays/validate": {
        "trump": "H",
        "leader": 1,
        "trick": ["AS", "JH"],
        "hand": ["KD", "9H", "8C"],
        "card": "KD",
    },
    "deals/replay": _full_deal("benchmark deal, seed 1"),
    "deals/score": {"taker": 0, "points": [102, 60], "capot": None, "belote": 0},
}
