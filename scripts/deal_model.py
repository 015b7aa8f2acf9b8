"""Fit the bid advice's model of a deal's value (service/rules/advice/deal_model.py) to the
solver's own answers, and write its weights and figures to deal_model.json beside it.

    .venv/bin/python -m scripts.deal_model                 # 20,000 deals, 2 processes
    .venv/bin/python -m scripts.deal_model --deals 2000 --jobs 1 --out /tmp/model.json

The deals are dealt from text seeds (`SEED` and the deal's number: the same on every
machine), the dealer drawn with them; each is searched by perfect play (the native core,
coinche's default options) in each of the four suits, the dealer's next leading. The model
is fitted by least squares on the first `--deals` deals and judged on `--held-out` more,
from another seed: its error there (the residuals' standard deviation) is what the advice
allows for; `capot_from` is the least estimate from which, on the held-out deals, the team
won every trick in at least half the deals. numpy is used here only (the service reads the
weights with plain Python).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from multiprocessing import Pool
from pathlib import Path
from random import Random

from service.rules.advice.deal_model import FEATURES, WEIGHTS_FILE, features
from service.rules.analysis.questions import solve_in
from service.rules.core.cards import ALL_CARDS, DEAL_POINTS, HAND_SIZE
from service.rules.core.seats import PLAYERS
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS, MIN_BID, Contract
from service.rules.variants.coinche.replay import CoincheRecord

SEED = "deal-model"
HELD_OUT_SEED = "deal-model-held-out"
BUDGET_MS = 600_000
CAPOT_SHARE = 0.5
STEP = 2  # capot_from is searched in steps of this many points


def searched(job: tuple[str, int]) -> list[tuple[list[float], int, bool]]:
    """Deal `number` of `seed` searched in each suit: per suit, the features, the first
    team's card points and whether it won every trick."""
    seed, number = job
    rng = Random(f"{seed}-{number}")
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[HAND_SIZE * s : HAND_SIZE * (s + 1)])) for s in range(4))
    dealer = rng.randrange(PLAYERS)
    leader = (dealer + 1) % PLAYERS
    rows = []
    for trump in range(4):
        record = CoincheRecord(dealer, Contract(leader, MIN_BID, trump), (), hands)
        value = solve_in(COINCHE, record, DEFAULT_COINCHE_OPTIONS, BUDGET_MS, every_card=False)
        outcome = value.value
        if outcome is None:
            raise RuntimeError(f"deal {seed}-{number} not searched in {BUDGET_MS} ms")
        first = leader % 2
        rows.append((features(hands, leader, trump), outcome.points[first], outcome.capot == first))
    return rows


def dataset(seed: str, deals: int, jobs: int) -> list[tuple[list[float], int, bool]]:
    with Pool(jobs) as pool:
        found = pool.map(searched, [(seed, n) for n in range(deals)], chunksize=16)
    return [row for rows in found for row in rows]


def main(argv: list[str] | None = None) -> None:
    import numpy as np

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--held-out", type=int, default=4_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    train = dataset(SEED, args.deals, args.jobs)
    test = dataset(HELD_OUT_SEED, args.held_out, args.jobs)
    searched_s = time.perf_counter() - start
    x = np.array([row[0] for row in train])
    y = np.array([row[1] for row in train], dtype=float)
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    xt = np.array([row[0] for row in test])
    yt = np.array([row[1] for row in test], dtype=float)
    estimates = xt @ weights
    residuals = yt - estimates
    error = float(residuals.std())
    capots = np.array([row[2] for row in test])
    # The other team's capots, seen from its side, count alike: the estimate is symmetric.
    seen = np.concatenate([estimates, DEAL_POINTS - estimates])
    won = np.concatenate([capots, (yt == 0) & ~capots])
    capot_from = DEAL_POINTS
    for threshold in range(DEAL_POINTS, 100, -STEP):
        above = seen >= threshold
        if above.sum() and won[above].mean() >= CAPOT_SHARE:
            capot_from = threshold
        else:
            break
    saved = {
        "weights": [round(float(w), 5) for w in weights],
        "error": round(error, 2),
        "capot_from": capot_from,
        "made": {
            "by": "scripts/deal_model.py",
            "date": date.today().isoformat(),
            "seed": SEED,
            "deals": args.deals,
            "held_out_seed": HELD_OUT_SEED,
            "held_out_deals": args.held_out,
            "features": FEATURES,
            "target": "the first team's card points by perfect play, each suit as trump",
            "held_out_error": round(error, 2),
            "held_out_bias": round(float(residuals.mean()), 2),
            "held_out_spread_of_points": round(float(yt.std()), 2),
            "held_out_capot_share": round(float(capots.mean()), 3),
            "search_seconds": round(searched_s),
        },
    }
    args.out.write_text(json.dumps(saved, indent=1) + "\n")
    print(json.dumps(saved["made"], indent=1), "capot_from", capot_from, file=sys.stderr)


if __name__ == "__main__":
    main()
