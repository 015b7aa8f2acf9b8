"""bench/colver_seat.py's child, with a stand-in for colver (not installed for the tests): it
deals each direction, shows every action to every agent before playing it, and answers calls
and cards with its own time."""

from __future__ import annotations

import io
import pickle
from types import SimpleNamespace
from typing import Any

import pytest

from bench.colver_seat import serve


class Env:
    def __init__(self, dealer: int, hands: list[list[int]]) -> None:
        self.dealer, self.hands, self.played = dealer, hands, []
        self.seen: list[tuple[str, Any]] = []

    @classmethod
    def deal_with_hands(cls, dealer: int, hands: list[list[int]]) -> Env:
        return cls(dealer, hands)

    def step(self, action: int) -> None:
        self.played.append(action)


class Agent:
    def __init__(self, spec: str, seat: int, seed: int) -> None:
        self.spec, self.seat, self.seed = spec, seat, seed
        self.observed: list[tuple[int, int]] = []

    def init_deal(self, env: Env) -> None:
        env.seen.append(("init", self.seat))
        AGENTS[self.seat] = self

    def observe(self, env: Env, action: int) -> None:
        self.observed.append((action, len(env.played)))  # before the action is played

    def action(self, env: Env) -> int:
        return 100 + self.seat

    def decide(self, env: Env) -> dict[str, int]:
        return {"action": env.hands[self.seat][len(env.played) % 8]}


AGENTS: dict[int, Agent] = {}
COLVER = SimpleNamespace(Env=Env, Agent=Agent)


def answers(*messages: tuple[Any, ...]) -> list[Any]:
    inputs, outputs = io.BytesIO(), io.BytesIO()
    for message in messages:
        pickle.dump(message, inputs)
    inputs.seek(0)
    serve(inputs, outputs, COLVER)
    outputs.seek(0)
    found = []
    while True:
        try:
            found.append(pickle.load(outputs))
        except EOFError:
            return found


def test_the_child_plays_the_direction_it_is_told() -> None:
    hands = [[8 * seat + card for card in range(8)] for seat in range(4)]
    found = answers(
        ("direction", "spec", 7, 2, hands, [1, 3]),
        ("action", 3),
        ("step", 0),
        ("decide", 1),
        ("step", 9),
        ("decide", 3),
    )
    assert found[0] is None and found[2] is None and found[4] is None
    (call, *call_ms), (card, *card_ms), (other, *_) = found[1], found[3], found[5]
    assert call == 103
    assert card == 8 + 1  # seat 1's hand, one action played
    assert other == 24 + 2  # seat 3's hand, two played
    assert all(ms >= 0 for ms in (*call_ms, *card_ms))
    # Each agent made with its seat and the board's seed, shown each action before it is played.
    assert sorted(AGENTS) == [1, 3]
    assert all(agent.seed == 7 and agent.spec == "spec" for agent in AGENTS.values())
    assert AGENTS[1].observed == AGENTS[3].observed == [(0, 0), (9, 1)]


def test_the_child_refuses_a_message_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="no message 'deal'"):
        answers(("deal",))
