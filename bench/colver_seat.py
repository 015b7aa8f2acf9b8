"""colver's bots in a process of their own, for `python -m bench.arena` (unless
`--colver-together`).

In the arena's own process, colver's IS-DD solves its worlds on a pool of native threads
(rayon) that keep spinning a while after each card: that lands on the referee's next card,
whose time the process's CPU clock measures. Apart, each side's time is its own: the child
holds colver's deal and agents, is told every call and card as the table makes it, and times
each of its own decisions itself (the pipe's time is on neither side).

The child reads pickled messages on its standard input and answers each on its standard
output: ("direction", spec, board, dealer, hands, seats) deals the direction and seats
colver's agents; ("step", action) shows the action to every agent and plays it;
("action", seat) answers a call, ("decide", seat) a card, each as (action, wall ms, CPU ms).
It ends when its input does.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from time import perf_counter, process_time
from typing import Any, BinaryIO

ROOT = Path(__file__).resolve().parent.parent


class Apart:
    """The arena's side of the child: colver's agents of one direction at a time."""

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


def _timed(decision: Any, env: Any) -> tuple[Any, float, float]:
    start, cpu = perf_counter(), process_time()
    made = decision(env)
    return made, (perf_counter() - start) * 1000, (process_time() - cpu) * 1000


def serve(inputs: BinaryIO, outputs: BinaryIO, colver: Any) -> None:
    """Answer the arena's messages on `inputs` on `outputs` with `colver`'s bots, until
    `inputs` ends."""
    env: Any = None
    agents: dict[int, Any] = {}
    while True:
        try:
            kind, *rest = pickle.load(inputs)
        except EOFError:
            return
        answer: Any = None
        if kind == "direction":
            spec, board, dealer, hands, seats = rest
            env = colver.Env.deal_with_hands(dealer, hands)
            agents = {s: colver.Agent(spec, seat=s, seed=board) for s in seats}
            for agent in agents.values():
                agent.init_deal(env)
        elif kind == "step":
            for agent in agents.values():
                agent.observe(env, rest[0])
            env.step(rest[0])
        elif kind == "action":
            answer = _timed(agents[rest[0]].action, env)
        elif kind == "decide":
            decided, wall, cpu = _timed(agents[rest[0]].decide, env)
            answer = (decided["action"], wall, cpu)
        else:
            raise ValueError(f"bench/colver_seat.py: no message {kind!r}")
        pickle.dump(answer, outputs)
        outputs.flush()


if __name__ == "__main__":
    import colver as installed  # a bench-only install

    serve(sys.stdin.buffer, sys.stdout.buffer, installed)
