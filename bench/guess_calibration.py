"""The audit's guess test on honest play (issue 49): is `z_guess` a standard score there?

An honest player's hits on its guesses should follow what its view of the deal expected: over
honest archives, `z_guess` should centre on 0 with a spread of 1, whatever the players, so
that the flag at `GUESS_Z_THRESHOLD` fires on honest players as rarely as its normal tail
says. Two honest archives, each with its auction:

- **the referee's bots**: deals bid as scripts/sample_archive.py bids the sample archive's
  (the take advice or the simple coinche bidder) and played by the card advice at its default
  level at every seat, from seeds apart from the committed sample's, no renonce;
- **colver's bots** (installed for the bench only, as `make arena` installs it): coinche
  deals bid by its "improved" bidder and played by its IS-DD card play (32 worlds) at every
  seat, the calls written as the referee reads them.

Every deal is seen from the seats as the audit sees it (`seat_review_in`, the default
samples and seed, the record's calls and classic's turned card), each seat-deal's guesses,
hits, expected hits and variance kept. Honest "players" and "pairs" are then drawn from them:
a player is `--deals` seat-deals drawn at random without replacement, a pair the two seats of
a team over `--deals` deals; each gets the audit's `z_guess` (`outliers.guess_z`, the same
counts in millionths). Printed per archive: the players' and pairs' z (mean, standard
deviation, how many), the share of pairs at or past the flag's threshold, and the pooled z of
every seat-deal. Prints figures, asserts nothing.

    python -m bench.guess_calibration [--referee 200] [--colver 200] [--deals 40] [--jobs 2]
        [--cache DIR]

`--cache DIR` keeps each archive's records there (`referee.ndjson`, `colver.ndjson`) and reads
them again on the next run: colver's 200 deals take some eight minutes to play.
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not __package__:
    sys.path[0] = str(ROOT)  # as bench/engine.py: bench/http.py must not shadow http

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from typing import Any, NamedTuple

import orjson

from bench.arena import FROM_COLVER, SEED, call_name, colver_spec, contract_of
from service.audit.judging import millionths
from service.audit.outliers import guess_z
from service.rules.advice.policy import GUESS_Z_THRESHOLD, MIN_GUESSES
from service.rules.advice.seat_review import seat_review_in
from service.rules.core.cards import Card
from service.rules.core.strains import parse_strain
from service.rules.variants import CLASSIC, COINCHE
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.coinche.options import Contract
from service.rules.variants.coinche.replay import CoincheRecord

BUDGET_MS = 60_000  # wide: no seat view cut short by time
REFEREE_SEED = 4049  # apart from the sample archive's (31)
COLVER_FIRST = 50_000  # colver's boards from this one: apart from the arena's


class Tally(NamedTuple):
    """A seat's guesses in one deal: how many, the hits, and the expected hits and their
    variance in millionths (as the audit keeps them)."""

    deal: int
    seat: int
    guesses: int
    hits: int
    expected: int
    variance: int


def referee_records(count: int, jobs: int = 2) -> list[dict[str, Any]]:
    """`count` deals of each variant, bid as the sample archive's are and played by the card
    advice at its default level (16 deals in the first trick, 32 after; the sample archive
    plays at 8, a weaker honest player), without renonces, on `jobs` processes."""
    work = [(variant, number) for variant in ("classic", "coinche") for number in range(count)]
    if jobs == 1:
        return [referee_record(item) for item in work]
    with ProcessPoolExecutor(jobs, mp_context=get_context("forkserver")) as pool:
        return list(pool.map(referee_record, work, chunksize=2))


def referee_record(item: tuple[str, int]) -> dict[str, Any]:
    """One deal of the referee's archive (its own seed: any number of processes make the
    same)."""
    from scripts import sample_archive

    sample_archive.RENONCE_SHARE = 0.0  # type: ignore[misc]  # honest: no renonce on purpose
    variant, number = item
    rng = random.Random(f"{REFEREE_SEED} {variant} {number}")
    maker = sample_archive.MAKERS[variant]
    return maker(number, REFEREE_SEED, sample_archive.SAMPLES, rng, card_samples=None)


def colver_records(count: int, jobs: int = 1) -> list[dict[str, Any]]:
    """`count` coinche deals bid and played by colver's bots at every seat (passed-out deals
    skipped), as records with their calls (on one process: `jobs` is the referee's)."""
    import colver  # a bench-only install

    spec = colver_spec()
    records: list[dict[str, Any]] = []
    board = COLVER_FIRST
    while len(records) < count:
        env = colver.Env.deal(dealer=board % 4, seed=SEED + board)
        hands = [sorted(FROM_COLVER[c] for c in hand) for hand in env.get_hands()]
        agents = [colver.Agent(spec, seat=s, seed=board) for s in range(4)]
        for agent in agents:
            agent.init_deal(env)
        calls, plays = [], []
        while not env.is_terminal():
            action = agents[env.current_player()].action(env)
            if env.phase() == 0:
                calls.append(call_name(action))
            else:
                plays.append(FROM_COLVER[action])
            for agent in agents:
                agent.observe(env, action)
            env.step(action)
        contract = contract_of(list(env.get_bid_history()))
        if contract is not None:
            records.append(
                {
                    "variant": "coinche",
                    "dealer": env.get_dealer(),
                    "contract": contract,
                    "calls": calls,
                    "plays": [str(Card(c)) for c in plays],
                    "hands": [[str(Card(c)) for c in hand] for hand in hands],
                }
            )
        board += 1
    return records


def archive_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose the two honest archives (the scripts that fit on them share
    them)."""
    parser.add_argument("--referee", type=int, default=200, help="deals of each variant")
    parser.add_argument("--colver", type=int, default=200, help="coinche deals")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="keep and reuse the archives' records here")


def archives(args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    """The two honest archives' records by name (`referee`, `colver`; made, or read from
    `--cache`), as `archive_arguments` chose them."""
    return {
        name: cached(args.cache and args.cache / f"{name}.ndjson", partial(make, count, args.jobs))
        for name, make, count in (
            ("referee", referee_records, args.referee),
            ("colver", colver_records, args.colver),
        )
        if count
    }


def fitted_on(args: argparse.Namespace) -> dict[str, Any]:
    """What a fit on `archives(args)` says of its data: the day, and each archive's deals."""
    return {
        "fitted": time.strftime("%Y-%m-%d"),
        "archives": {
            "referee": f"{args.referee} deals of each variant, seed {REFEREE_SEED}",
            "colver": f"{args.colver} coinche deals from board {COLVER_FIRST}",
        },
    }


def cached(path: Path | None, make: Callable[[], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The records kept at `path`, else made (and kept there when a path is given)."""
    if path is not None and path.exists():
        return [orjson.loads(line) for line in path.read_bytes().splitlines()]
    records = make()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"".join(orjson.dumps(record) + b"\n" for record in records))
    return records


def seen(args: tuple[int, dict[str, Any]]) -> list[Tally]:
    """One record seen from the seats, as the audit asks it: each seat's guesses."""
    number = args[0]
    return [
        Tally(
            number,
            tally.side,
            tally.guess_decisions,
            tally.guess_hits,
            millionths(tally.guess_expected),
            millionths(tally.guess_variance),
        )
        for tally in reviewed(args).seats
    ]


def reviewed(args: tuple[int, dict[str, Any]]) -> Any:
    """One record (numbered) seen from the seats, as the audit asks it (`seat_review_in`)."""
    _, record = args
    cards = [[Card.parse(c) for c in hand] for hand in record["hands"]]
    hands = tuple(tuple(hand) for hand in cards)
    plays = tuple(Card.parse(c) for c in record["plays"])
    if record.get("variant") == "coinche":
        contract = record["contract"]
        strain = parse_strain(contract["strain"])
        taken = Contract(contract["taker"], contract["value"], strain, contract.get("coinche", 0))
        deal: Any = CoincheRecord(record["dealer"], taken, plays, hands)
        variant, turned = COINCHE, None
    else:
        trump = parse_strain(record["trump"])
        deal = DealRecord(
            record["dealer"], trump, record["taker"], plays, hands, record["belote_announced"]
        )
        variant, turned = CLASSIC, Card.parse(record["turned"])
    return seat_review_in(
        variant, deal, None, BUDGET_MS, turned=turned, calls=tuple(record["calls"])
    )


def tallies(records: Sequence[dict[str, Any]], jobs: int) -> list[Tally]:
    work = list(enumerate(records))
    if jobs == 1:
        return [t for item in work for t in seen(item)]
    with ProcessPoolExecutor(jobs, mp_context=get_context("forkserver")) as pool:
        return [t for found in pool.map(seen, work, chunksize=4) for t in found]


def z_of(group: Iterable[Tally], floor: bool = False) -> float | None:
    """The group's z as the audit works it out (`outliers.guess_z`); with `floor`, None below
    the audit's `MIN_GUESSES` as the audit, else whenever there is a spread."""
    kept = list(group)
    hits, expected = sum(t.hits for t in kept), sum(t.expected for t in kept)
    variance, guesses = sum(t.variance for t in kept), sum(t.guesses for t in kept)
    if floor:
        return guess_z(hits, expected, variance, guesses)
    return guess_z(hits, expected, variance, MIN_GUESSES) if variance > 0 else None


def _described(zs: Sequence[float]) -> str:
    if len(zs) < 2:
        return f"{len(zs)} z"
    return f"mean {statistics.fmean(zs):+.2f}, sd {statistics.stdev(zs):.2f} over {len(zs)}"


def calibration(name: str, found: Sequence[Tally], deals: int, draws: int) -> None:
    """The players' and pairs' z over random groups of `deals` deals, `draws` times."""
    rng = random.Random(name)
    players: list[float] = []
    pairs: list[float] = []
    audited: list[float] = []  # the pairs with the audit's least guesses
    by_deal: dict[int, list[Tally]] = {}
    for tally in found:
        by_deal.setdefault(tally.deal, []).append(tally)
    numbers = sorted(by_deal)
    for _ in range(draws):
        shuffled = list(found)
        rng.shuffle(shuffled)
        for start in range(0, len(shuffled) - deals + 1, deals):
            if (z := z_of(shuffled[start : start + deals])) is not None:
                players.append(z)
        order = list(numbers)
        rng.shuffle(order)
        team = rng.randrange(2)
        for start in range(0, len(order) - deals + 1, deals):
            group = [
                t for n in order[start : start + deals] for t in by_deal[n] if t.seat % 2 == team
            ]
            if (z := z_of(group)) is not None:
                pairs.append(z)
            if (z := z_of(group, floor=True)) is not None:
                audited.append(z)
    flagged = sum(z >= GUESS_Z_THRESHOLD for z in audited) / len(audited) if audited else 0.0
    pooled = z_of(found)
    print(f"{name}: {len(numbers)} deals, {sum(t.guesses for t in found)} guesses")
    print(f"  players of {deals} seat-deals: z {_described(players)}")
    print(f"  pairs of {deals} deals:        z {_described(pairs)}")
    print(
        f"  pairs flagged (z >= {GUESS_Z_THRESHOLD}, {MIN_GUESSES} guesses or more): "
        f"{100 * flagged:.2f}% of {len(audited)}"
    )
    print(f"  every seat-deal pooled: z {pooled:+.2f}" if pooled is not None else "  pooled: -")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--referee", type=int, default=200, help="deals of each variant")
    parser.add_argument("--colver", type=int, default=200, help="coinche deals")
    parser.add_argument("--deals", type=int, default=25, help="deals a player or pair plays")
    parser.add_argument("--draws", type=int, default=20, help="random groupings")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="keep and reuse the archives' records here")
    args = parser.parse_args()
    for name, make, count, file in (
        ("the referee's bots", referee_records, args.referee, "referee.ndjson"),
        ("colver's IS-DD bots", colver_records, args.colver, "colver.ndjson"),
    ):
        if not count:
            continue
        started = time.monotonic()
        records = cached(args.cache and args.cache / file, partial(make, count, args.jobs))
        made = time.monotonic()
        found = tallies(records, args.jobs)
        print(
            f"({len(records)} records made in {made - started:.0f} s, seen from the seats in "
            f"{time.monotonic() - made:.0f} s on {args.jobs} processes)"
        )
        calibration(name, found, args.deals, args.draws)


if __name__ == "__main__":
    main()
