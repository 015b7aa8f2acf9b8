"""The one coinche blueprint: every `/v1/coinche/...` path of service/api/coinche is on it.

Its paths carry the `coinche` tag, but for the play of a card, a trick and the replay, which
carry `coinche_play`, as they did when they had a blueprint of their own: a tag names a
generated client's module (`api.coinche_play.coinche_legal_moves` in the Python client), so
the tags stay as the document has them.
"""

from __future__ import annotations

from typing import Final

from service.api.blueprint import Blueprint

PLAY_TAG: Final = "coinche_play"

blp = Blueprint(
    "coinche",
    __name__,
    description="Belote coinchée (RULES-COINCHE.md): the auction, a deal or a game scored by "
    "contract, a reproducible deal of 8 cards each, and the coinche rules.",
    tags={
        PLAY_TAG: "Belote coinchée (RULES-COINCHE.md): the cards the player to move may play "
        "under a suit, sans-atout or tout-atout, who wins a trick, and a deal replayed with its "
        "renonces, belotes and score."
    },
)
