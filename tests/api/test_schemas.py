"""The base Schema: its compiled plans dump answers exactly as marshmallow itself does."""

from __future__ import annotations

import marshmallow as ma
import pytest
from flask import Flask

from service.api.deals import ReplaySchema
from service.api.games import game_answer
from service.api.play import RulingSchema
from service.api.schemas import Schema
from service.api.variants import CLASSIC_API
from service.rules import Card, DealRecord, DealSummary, judge, replay, score_game
from support.bodies import BODIES


def _answers() -> list[tuple[ma.Schema, object]]:
    """Response schemas with results that use every kind of field they hold."""
    cards = [Card.parse(c) for c in BODIES["deals/replay"]["plays"]]
    hands = tuple(tuple(Card.parse(c) for c in hand) for hand in BODIES["deals/replay"]["hands"])
    # Seat 1 discards 8D on a spade lead, then plays QS: a renonce proven by a later play.
    plays = tuple(Card.parse(c) for c in ("7S", "8D", "AS", "KS", "9S", "10S", "JS", "QS"))
    renonce = replay(DealRecord(dealer=3, strain=1, taker=0, plays=plays))
    assert [r.play for r in renonce.renonces] == [1]
    deals = [DealSummary(taker=0, points=(81, 81)), DealSummary(taker=1, points=(60, 102))]
    hand = [Card.parse(c) for c in ("KD", "9H", "8C")]
    return [
        (RulingSchema(), judge(hand, 1, [Card.parse("AS"), Card.parse("JH")], 1)),
        (ReplaySchema(), replay(DealRecord(3, 1, 0, tuple(cards), hands))),
        (ReplaySchema(), renonce),
        (game_answer(CLASSIC_API)(), score_game(deals)),
    ]


def test_answers_dump_as_marshmallow_itself_dumps_them(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        fast = [schema.dump(result) for schema, result in _answers()]
        monkeypatch.setattr(Schema, "dump", ma.Schema.dump)
        assert fast == [schema.dump(result) for schema, result in _answers()]
