"""colver's bots in a process of their own, for `python -m bench.arena` (unless
`--colver-together`).

In the arena's own process, colver's IS-DD solves its worlds on a pool of native threads
(rayon) that most likely keep spinning a while after each card: that lands on the referee's
next card, whose time the process's CPU clock measures. Apart, each side's time is its own:
the child holds colver's deal and agents, is told every call and card as the table makes it,
and times each of its own decisions itself (the pipe's time is on neither side).

`Seats` are colver's agents of one direction; the arena asks them the same things whether they
sit in its own process (`--colver-together`) or in the child (`Apart`, each question a
pickled message on the child's standard input, each answer one on its standard output). The
child ends when its input does.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from time import perf_counter, process_time
from typing import Any, BinaryIO

ROOT = Path(__file__).resolve().parent.parent


MESSAGES = ("direction", "step", "action", "decide")


def _timed(decision: Any, env: Any) -> tuple[Any, float, float]:
    start, cpu = perf_counter(), process_time()
    made = decision(env)
    return made, (perf_counter() - start) * 1000, (process_time() - cpu) * 1000


class Seats:
    """colver's agents at some seats of one direction, with their own copy of the deal, in this
    process: each call or card answered as (action, wall ms, CPU ms) of its own."""

    def __init__(self, colver: Any) -> None:
        self.colver = colver
        self.env: Any = None
        self.agents: dict[int, Any] = {}

    def direction(
        self, spec: str, board: int, dealer: int, hands: list[list[int]], seats: list[int]
    ) -> None:
        """Deal the direction's `hands` and seat colver's agents at `seats`."""
        self.env = self.colver.Env.deal_with_hands(dealer, hands)
        self.agents = {s: self.colver.Agent(spec, seat=s, seed=board) for s in seats}
        for agent in self.agents.values():
            agent.init_deal(self.env)

    def step(self, action: int) -> None:
        """Show `action` (a call or a card, whoever made it) to every agent, then play it."""
        for agent in self.agents.values():
            agent.observe(self.env, action)
        self.env.step(action)

    def action(self, seat: int) -> tuple[int, float, float]:
        """`seat`'s call."""
        return _timed(self.agents[seat].action, self.env)

    def decide(self, seat: int) -> tuple[int, float, float]:
        """`seat`'s card."""
        decided, wall, cpu = _timed(self.agents[seat].decide, self.env)
        return decided["action"], wall, cpu


class Apart:
    """`Seats` in a child process of their own: the same questions, through a pipe."""

    def __init__(self) -> None:
        self.child = subprocess.Popen(
            [sys.executable, "-m", "bench.colver_seat"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
        )

    def _ask(self, *message: Any) -> Any:
        stdin, stdout = self.child.stdin, self.child.stdout
        assert stdin is not None and stdout is not None
        pickle.dump(message, stdin)
        stdin.flush()
        return pickle.load(stdout)

    def direction(
        self, spec: str, board: int, dealer: int, hands: list[list[int]], seats: list[int]
    ) -> None:
        self._ask("direction", spec, board, dealer, hands, seats)

    def step(self, action: int) -> None:
        self._ask("step", action)

    def action(self, seat: int) -> tuple[int, float, float]:
        return self._ask("action", seat)  # type: ignore[no-any-return]

    def decide(self, seat: int) -> tuple[int, float, float]:
        return self._ask("decide", seat)  # type: ignore[no-any-return]


def serve(inputs: BinaryIO, outputs: BinaryIO, colver: Any) -> None:
    """Answer the arena's messages on `inputs` on `outputs` with `colver`'s `Seats`, until
    `inputs` ends."""
    seats = Seats(colver)
    while True:
        try:
            kind, *rest = pickle.load(inputs)
        except EOFError:
            return
        if kind not in MESSAGES:
            raise ValueError(f"bench/colver_seat.py: no message {kind!r}")
        pickle.dump(getattr(seats, kind)(*rest), outputs)
        outputs.flush()


if __name__ == "__main__":
    import colver as installed  # a bench-only install

    serve(sys.stdin.buffer, sys.stdout.buffer, installed)
