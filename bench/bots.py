"""Bots at a card room's speed (issue 50): the auction advice's time a call through HTTP, each
level side by side, and decisions a second per core beside colver's.

    python -m bench.bots [--boards 40] [--take-boards 60] [--throughput-boards 20]

- **Calls through HTTP.** gunicorn serves the referee as `make run` does (bench/http.py's
  start). The positions are drawn as the arena draws its boards: coinche board b is dealt by
  colver (`Env.deal(dealer=b % 4, seed=SEED + b)`, bench/arena.py) when colver is installed,
  else by the referee's own seeded deal; its auction is played by
  `/v1/coinche/advice/bid` at every seat (the default level), and every call of it, every
  seat and round, is a position. Classic board b is the referee's deal from seed
  `bots <b>` (dealer b % 4), each seat asking `/v1/advice/take` in turn, round 1 then round
  2, until one takes. Each position is then asked again at every level in turn (fast,
  default, strong: side by side, the machine's noise shared), one request at a time, and the
  wall time of each request is what a bot waits.
- **Decisions a second per core.** In one process (no HTTP), the CPU time of each call and
  card the referee's bots decide over whole coinche deals (every seat a bot, the default
  level), against colver's IS-DD bot (32 worlds) deciding the same positions' kind over the
  same boards (its own auction and play): 1 / the mean CPU a decision.

Prints medians, 95th percentiles and ratios; asserts nothing (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.arena import FROM_COLVER, SEED, colver_spec  # noqa: E402
from bench.http import free_port, start, stop  # noqa: E402
from service.rules.advice.policy import LEVELS  # noqa: E402
from service.rules.core.cards import CARD_CODES  # noqa: E402
from service.rules.variants import CLASSIC, COINCHE  # noqa: E402

TAKE_HAND = 5


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def post(port: int, path: str, body: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """The answer and the wall milliseconds it took."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        answer = json.loads(response.read())
    return answer, (time.perf_counter() - started) * 1000


def coinche_hands(board: int) -> tuple[int, list[list[str]]]:
    """Board `board`'s dealer and hands, as the arena deals them (colver), or the referee's."""
    dealer = board % 4
    try:
        import colver  # a bench-only install
    except ImportError:
        dealt = COINCHE.deal(f"bench bots coinche board {board}", dealer)
        return dealer, [[CARD_CODES[c] for c in hand] for hand in dealt.hands]
    env = colver.Env.deal(dealer=dealer, seed=SEED + board)
    hands = [sorted(FROM_COLVER[c] for c in hand) for hand in env.get_initial_hands()]
    return dealer, [[CARD_CODES[c] for c in hand] for hand in hands]


def coinche_positions(port: int, boards: int) -> list[dict[str, Any]]:
    """Every call of each board's auction, the bid advice calling at every seat."""
    positions = []
    for board in range(boards):
        dealer, hands = coinche_hands(board)
        calls: list[str] = []
        while True:
            seat = (dealer + 1 + len(calls)) % 4
            body = {"dealer": dealer, "bids": list(calls), "seat": seat, "hand": hands[seat]}
            body["seed"] = f"bots {board} {len(calls)}"
            positions.append(body)
            answer, _ = post(port, "/v1/coinche/advice/bid", body)
            calls.append(answer["advice"] or "pass")
            judged, _ = post(port, "/v1/coinche/bidding", {"dealer": dealer, "bids": calls})
            if judged["status"] != "open":
                break
    return positions


def take_positions(port: int, boards: int) -> list[dict[str, Any]]:
    """Every take question of each classic board, round 1 then 2, until a seat takes."""
    positions = []
    for board in range(boards):
        dealer = board % 4
        dealt = CLASSIC.deal(f"bench bots classic board {board}", dealer)
        turned = CARD_CODES[dealt.turned]
        taken = False
        for round_ in (1, 2):
            for place in range(1, 5):
                seat = (dealer + place) % 4
                hand = [CARD_CODES[c] for c in dealt.hands[seat][:TAKE_HAND]]
                body = {"dealer": dealer, "seat": seat, "hand": hand, "turned": turned}
                body.update(round=round_, seed=f"bots {board} {round_} {seat}")
                positions.append(body)
                answer, _ = post(port, "/v1/advice/take", body)
                if answer["advice"] not in (None, "pass"):
                    taken = True
                    break
            if taken:
                break
    return positions


def timed(port: int, path: str, positions: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Each position asked at every level in turn: the wall milliseconds, by level."""
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    for body in positions:
        for level in LEVELS:
            answer, ms = post(port, path, {**body, "level": level})
            assert answer["level"] == level, answer
            times[level].append(ms)
    return times


def print_times(title: str, times: dict[str, list[float]]) -> None:
    default = statistics.median(times["default"])
    print(f"{title}: {len(times['default'])} positions, ms a call through HTTP")
    print(f"  {'level':8} {'median':>8} {'p95':>8} {'most':>8} {'median / default':>18}")
    for level, values in times.items():
        median = statistics.median(values)
        print(
            f"  {level:8} {median:8.1f} {percentile(values, 0.95):8.1f} {max(values):8.1f} "
            f"{median / default:18.2f}"
        )


def throughput(boards: int, level: str = "default") -> None:
    """Decisions a second per core: the referee's bots (in process) beside colver's."""
    from service.app import create_app

    client = create_app().test_client()
    cpu: dict[str, list[float]] = {"calls": [], "cards": []}
    deal_cpu: list[float] = []
    for board in range(boards):
        dealer, hands = coinche_hands(board)
        calls: list[str] = []
        spent = 0.0
        while True:
            seat = (dealer + 1 + len(calls)) % 4
            body = {"dealer": dealer, "bids": list(calls), "seat": seat, "hand": hands[seat]}
            body["level"] = level
            started = time.process_time()
            answer = client.post("/v1/coinche/advice/bid", json=body).get_json()
            used = time.process_time() - started
            cpu["calls"].append(used)
            spent += used * 0.75  # three seats of four
            calls.append(answer["advice"] or "pass")
            judged = client.post(
                "/v1/coinche/bidding", json={"dealer": dealer, "bids": calls}
            ).get_json()
            if judged["status"] != "open":
                break
        contract = judged.get("contract")
        plays: list[str] = []
        held = [list(hand) for hand in hands]
        while contract is not None:
            state = client.post(
                "/v1/coinche/table",
                json={"dealer": dealer, "hands": hands, "calls": calls, "plays": plays},
            ).get_json()
            if state["phase"] != "play":
                break
            seat = state["to_act"]
            body = {
                "dealer": dealer,
                "contract": contract,
                "plays": plays,
                "seat": seat,
                "hand": held[seat],
                "seed": f"bots {board} {len(plays)}",
                "level": level,
            }
            started = time.process_time()
            card = client.post("/v1/coinche/advice/play", json=body).get_json()["card"]
            used = time.process_time() - started
            cpu["cards"].append(used)
            spent += used * 0.75
            plays.append(card)
            held[seat].remove(card)
        deal_cpu.append(spent)
    print_rates(
        f"the referee's bots in one process, {boards} coinche deals ({level} level)", cpu, deal_cpu
    )


def colver_throughput(boards: int) -> None:
    try:
        import colver  # a bench-only install
    except ImportError:
        print("  colver is not installed (make bench installs it): no comparison")
        return
    cpu: dict[str, list[float]] = {"calls": [], "cards": []}
    deal_cpu: list[float] = []
    for board in range(boards):
        env = colver.Env.deal(dealer=board % 4, seed=SEED + board)
        agents = [colver.Agent(colver_spec(), seat=s, seed=board) for s in range(4)]
        for agent in agents:
            agent.init_deal(env)
        spent = 0.0
        while not env.is_terminal():
            kind = "calls" if env.phase() == 0 else "cards"
            started = time.process_time()
            action = agents[env.current_player()].action(env)
            used = time.process_time() - started
            cpu[kind].append(used)
            spent += used * 0.75
            for agent in agents:
                agent.observe(env, action)
            env.step(action)
        deal_cpu.append(spent)
    print_rates(
        f"colver's IS-DD bots (32 worlds), the same {boards} boards, its own auction and play",
        cpu,
        deal_cpu,
    )


def print_rates(title: str, cpu: dict[str, list[float]], deal_cpu: list[float]) -> None:
    """Each kind's CPU a decision and decisions a second per core; three seats' CPU a deal
    (3/4 of the four seats')."""
    print(f"{title}:")
    for kind, values in cpu.items():
        mean = statistics.fmean(values)
        print(
            f"  {kind}: {len(values)}, CPU ms median {statistics.median(values) * 1000:.2f}, "
            f"mean {mean * 1000:.2f}: {1 / mean:.0f} decisions a second per core"
        )
    print(
        f"  three bot seats' CPU a deal: median {statistics.median(deal_cpu):.3f} s, "
        f"p95 {percentile(deal_cpu, 0.95):.3f} s"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=40, help="coinche auctions")
    parser.add_argument("--take-boards", type=int, default=60, help="classic biddings")
    parser.add_argument("--throughput-boards", type=int, default=20)
    parser.add_argument(
        "--fast", action="store_true", help="also the bots' rates at the fast level"
    )
    args = parser.parse_args(argv)
    print(f"bench/bots.py, {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} CPUs")
    port = free_port()
    server = start("service.app:app", port, 1)
    try:
        positions = coinche_positions(port, args.boards)
        print_times("/v1/coinche/advice/bid", timed(port, "/v1/coinche/advice/bid", positions))
        takes = take_positions(port, args.take_boards)
        print_times("/v1/advice/take", timed(port, "/v1/advice/take", takes))
    finally:
        stop(server)
    if args.throughput_boards:
        throughput(args.throughput_boards)
        if args.fast:
            throughput(args.throughput_boards, "fast")
        colver_throughput(args.throughput_boards)  # the same run: the fast card beside colver's


if __name__ == "__main__":
    main()
