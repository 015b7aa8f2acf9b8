"""The table beside the replay: what a table call costs over a deal in progress, against
/v1/coinche/deals/replay on the same record, in-process and through HTTP, measured side by
side in one run (these machines are noisy: only figures measured together are compared).

In-process, on the same coinche deals in progress (seeded deals played by their first legal
card to a play count drawn from 1 to 31), in alternating rounds, the median time per call and
the ratio: the rules alone (`table`, `Variant.replay`), then each endpoint as it computes a
request (its schema's load, its work, its schema's dump: `Direct`, as the archive audit asks
the endpoints). Through HTTP: gunicorn with the
configuration `make run` uses, wrk posting the table's body and the replay's body of one deal
16 cards in, in turn (A B A B ...), 16 connections; requests per second and the ratio.

    python -m bench.table [--deals 200] [--rounds 5] [--seconds 5] [--connections 16]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http import LUA, free_port, start, stop, wrk  # noqa: E402
from service.rules.core.dealing import shuffled_deck  # noqa: E402
from service.rules.table import CARD, Action, Dealt, TableRecord, act, table  # noqa: E402
from service.rules.variants import COINCHE  # noqa: E402

CALLS = ("80H", "pass", "pass", "pass")


def first_card(state: Any, options: Any) -> Any:
    """The table after its seat to act plays its first legal card."""
    return act(COINCHE, state.record, options, Action(state.to_act, CARD, card=state.legal[0]))


def in_progress(deals: int, seed: int = 0) -> list[tuple[str, Any]]:
    """`deals` coinche tables in play, each with the seed that dealt it: seeded deals played
    by their first legal card to a play count drawn from 1 to 31."""
    options, chooser = COINCHE.options(None), random.Random(seed)
    found = []
    for n in range(deals):
        dealt = f"bench table {n:06}"
        state = table(
            COINCHE, TableRecord(0, Dealt(deck=shuffled_deck(dealt)), calls=CALLS), options
        )
        for _ in range(chooser.randint(1, 31)):
            state = first_card(state, options)
        found.append((dealt, state))
    return found


def in_process(deals: int, rounds: int) -> dict[str, float]:
    """Median microseconds per call, of the table and of the replay, over alternating rounds."""
    options = COINCHE.options(None)
    positions = [(state.record, state.deal) for _, state in in_progress(deals)]
    times: dict[str, list[float]] = {"table": [], "replay": []}
    for _ in range(rounds):
        start_ = time.perf_counter()
        for record, _ in positions:
            table(COINCHE, record, options)
        times["table"].append((time.perf_counter() - start_) / len(positions) * 1e6)
        start_ = time.perf_counter()
        for _, deal in positions:
            COINCHE.replay(deal, options)
        times["replay"].append((time.perf_counter() - start_) / len(positions) * 1e6)
    return {name: statistics.median(values) for name, values in times.items()}


def endpoint_bodies(deals: int) -> list[dict[str, dict[str, Any]]]:
    """Per deal in progress (`in_progress`), the table's body (its seed) and the replay's
    (its hands)."""
    return [as_bodies(seed, state) for seed, state in in_progress(deals)]


def as_bodies(seed: str, state: Any) -> dict[str, dict[str, Any]]:
    """A coinche table dealt by `seed`, 80 hearts by seat 1: its body and its replay's."""
    plays = [str(card) for card in state.record.plays]
    hands = [[str(card) for card in hand] for hand in state.deal.hands]
    return {
        "/v1/coinche/table": {"seed": seed, "dealer": 0, "calls": list(CALLS), "plays": plays},
        "/v1/coinche/deals/replay": {
            "dealer": 0,
            "contract": {"taker": 1, "value": 80, "strain": "H"},
            "plays": plays,
            "hands": hands,
        },
    }


def in_process_endpoints(deals: int, rounds: int) -> dict[str, float]:
    """Median microseconds per call of each endpoint as it computes it in this process (its
    schema's load, its work, its schema's dump: `Direct`), over alternating rounds."""
    from service.api.direct import Direct
    from service.app import create_app

    bodies = endpoint_bodies(deals)
    times: dict[str, list[float]] = {}
    with Direct(create_app()) as direct:
        for _ in range(rounds):
            for path in bodies[0]:
                start_ = time.perf_counter()
                for body in bodies:
                    assert direct.answer(path, body[path]).status == 200
                times.setdefault(path, []).append((time.perf_counter() - start_) / deals * 1e6)
    return {path: statistics.median(values) for path, values in times.items()}


def bodies() -> dict[str, dict[str, Any]]:
    """The table's body and the replay's body of one deal 16 cards in."""
    seed = "bench table, one deal in progress"
    options = COINCHE.options(None)
    state = table(COINCHE, TableRecord(0, Dealt(deck=shuffled_deck(seed)), calls=CALLS), options)
    for _ in range(16):
        state = first_card(state, options)
    return as_bodies(seed, state)


def through_http(rounds: int, seconds: int, connections: int) -> dict[str, float]:
    """Median requests per second of each body, posted in turn to one gunicorn."""
    port = free_port()
    server = start("service.app:app", port, connections)
    workdir = Path(tempfile.mkdtemp(prefix="belote-bench-table-"))
    script = workdir / "post.lua"
    script.write_text(LUA)
    rates: dict[str, list[float]] = {}
    try:
        files = {}
        for name, body in bodies().items():
            files[name] = workdir / f"{name.replace('/', '-')}.json"
            files[name].write_text(json.dumps(body))
            wrk(f"http://127.0.0.1:{port}{name}", files[name], script, 1, 4)  # warm-up
        for _ in range(rounds):
            for name, body_file in files.items():
                run = wrk(f"http://127.0.0.1:{port}{name}", body_file, script, seconds, connections)
                assert run["errors"] == 0, (name, run)
                rates.setdefault(name, []).append(run["rps"])
    finally:
        stop(server)
    return {name: statistics.median(values) for name, values in rates.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--no-http", dest="http", action="store_false")
    args = parser.parse_args()
    cost = in_process(args.deals, args.rounds)
    print(f"in-process, {args.deals} coinche deals in progress, median of {args.rounds} rounds:")
    print(f"  table  {cost['table']:8.1f} us a call")
    print(f"  replay {cost['replay']:8.1f} us a call")
    print(f"  table / replay: {cost['table'] / cost['replay']:.2f}")
    cost = in_process_endpoints(args.deals, args.rounds)
    table_us, replay_us = cost["/v1/coinche/table"], cost["/v1/coinche/deals/replay"]
    print(f"in-process endpoints (load, work, dump), median of {args.rounds} rounds:")
    print(f"  /v1/coinche/table        {table_us:8.1f} us a call")
    print(f"  /v1/coinche/deals/replay {replay_us:8.1f} us a call")
    print(f"  table / replay: {table_us / replay_us:.2f}")
    if args.http:
        rps = through_http(args.rounds, args.seconds, args.connections)
        table_rps, replay_rps = rps["/v1/coinche/table"], rps["/v1/coinche/deals/replay"]
        print(f"HTTP, one deal 16 cards in, median of {args.rounds} rounds:")
        print(f"  /v1/coinche/table        {table_rps:8.0f} requests/s")
        print(f"  /v1/coinche/deals/replay {replay_rps:8.0f} requests/s")
        print(f"  table cost / replay cost: {replay_rps / table_rps:.2f}")


if __name__ == "__main__":
    main()
