"""Request bodies: the README's examples and a full 32-card deal, classic and coinche, which the
endpoint tests (tests/api) send and the benchmarks (bench/http.py, bench/engine.py) send too."""

from __future__ import annotations

import random

from service.rules import DEFAULT_OPTIONS, Card, legal_cards, trick_winner
from service.rules.core.dealing import shuffled_deck
from service.rules.core.strains import SANS_ATOUT, STRAIN_CODES, TOUT_ATOUT
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS


def _full_deal(seed: str, trump: int = 1) -> dict:
    """A complete deal played with legal cards from a seeded deck under `trump` (a suit, or a
    coinche strain with coinche's options), as a classic replay body."""
    deck = shuffled_deck(seed)
    hands = [list(deck[seat * 8 : seat * 8 + 8]) for seat in range(4)]
    remaining = [list(hand) for hand in hands]
    choose = random.Random(seed).choice
    options = DEFAULT_COINCHE_OPTIONS if trump in (SANS_ATOUT, TOUT_ATOUT) else DEFAULT_OPTIONS
    dealer = 3
    leader = (dealer + 1) % 4
    plays: list[Card] = []
    for _ in range(8):
        trick: list[Card] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            card = choose(legal_cards(remaining[seat], trick, trump, options))
            remaining[seat].remove(card)
            trick.append(card)
        leader = (leader + trick_winner(trick, trump)) % 4
        plays += trick
    return {
        "dealer": dealer,
        "trump": STRAIN_CODES[trump],
        "taker": 0,
        "plays": [str(c) for c in plays],
        "hands": [[str(c) for c in hand] for hand in hands],
    }


def _coinche_deal(seed: str) -> dict:
    """A complete tout-atout deal with hands, as a coinche replay body: 110TA for seat 0."""
    played = _full_deal(seed, TOUT_ATOUT)
    contract = {"taker": played.pop("taker"), "value": 110, "strain": played.pop("trump")}
    return {**played, "contract": contract, "rules": {"sa_ta": True}}


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
    # RULES-COINCHE.md "Play": under TA, seat 2 must follow spades and beat AS with 9S.
    "coinche/legal-moves": {
        "strain": "TA",
        "leader": 1,
        "trick": ["AS"],
        "hand": ["7S", "9S", "KH"],
        "rules": {"sa_ta": True},
    },
    "coinche/deals/replay": _coinche_deal("benchmark deal, seed 1"),
}
