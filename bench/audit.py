"""The archive audit's throughput: deals per second per core, replay only and with the review,
on one worker and on two, beside the in-process replay's own cost.

Run from the repo root as `python -m bench.audit` (`make bench` runs it). Prints figures,
asserts nothing. A generated archive (support/archive.py: random legal games, a quarter
coinche, hands given) is written to a temporary directory, then:

- per deal, on one core, no Dask: the rules' replay alone (`replay`, records already built);
  the in-process replay, as the endpoint computes it (its schema's load, the replay, its
  schema's dump: `Judge`); and the audit's own work on a partition (`judge_partition`: read
  the lines, parse, the same replay, write the NDJSON, count), whose ratio to the in-process
  replay is the audit's overhead (the aim: at most 2x);
- whole runs of `python -m service.audit`'s pipeline (`audit()`), with 1 worker (the
  command's process) and 2 (processes), the archive in eight partitions, over an archive and
  over it twice: the wall times, and from their difference the deals per second (per core)
  once a run's fixed costs are out (starting the processes, importing the referee in each,
  the report), and those costs;
- the same with `--review`, on fewer deals (a review searches every card of the deal).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from service.api.direct import Direct
from service.app import app
from service.audit.judging import CLASSIC, COINCHE, ENDPOINTS, ENVELOPE_FIELDS
from service.audit.records import Block
from service.audit.records import lines as block_lines
from service.audit.run import Settings, audit, judge_partition
from service.rules import replay
from service.rules.variants import COINCHE as COINCHE_VARIANT
from support.archive import Archive, archive

REPLAY_DEALS = 1500
COPIES = 3  # the archive's deals repeated (new ids) for the whole runs: 4,500 then 9,000
REVIEW_DEALS = 40
WORKERS = (1, 2)


def best_of(times: int, run: Callable[[], object]) -> float:
    """The fastest of `times` runs, in seconds: the machine is shared and noisy."""
    best = float("inf")
    for _ in range(times):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def write(path: Path, made: Archive, copies: int = 1) -> None:
    """The archive's records `copies` times over, each copy's ids its own."""
    records = [
        {**record, "id": f"{record['id']}-{copy}-{number}"}
        for copy in range(copies)
        for number, record in enumerate(made.records)
    ]
    path.write_bytes(b"\n".join(Archive(records).lines()) + b"\n")


def per_deal(made: Archive, path: Path, out: Path) -> None:
    with Direct(app) as direct:
        bodies = []
        for record in made.records:
            coinche = record.get("variant") == COINCHE
            path_of = ENDPOINTS[COINCHE if coinche else CLASSIC][0]
            judge, view = direct._view(path_of)  # the endpoint's Judge: the bench's peek
            body = {k: v for k, v in record.items() if k not in ENVELOPE_FIELDS}
            loaded = judge.loads.load(body)
            rules = COINCHE_VARIANT.replay if coinche else replay
            bodies.append((judge, view, body, rules, loaded["record"], loaded["options"]))
        alone = best_of(3, lambda: [rules(r, o) for *_, rules, r, o in bodies])
        endpoint = best_of(3, lambda: [judge(view, body) for judge, view, body, *_ in bodies])
    block = Block(str(path), 0, path.stat().st_size, 1)
    items = list(block_lines(block))
    (out / "deals").mkdir(parents=True, exist_ok=True)
    (out / "errors").mkdir(exist_ok=True)
    work = best_of(3, lambda: judge_partition(items, [0], str(out), False))
    count = len(made.records)
    print(f"per deal, one core, {count} deals (best of 3):")
    print(f"  the rules' replay alone                    {alone / count * 1e6:6.0f} µs")
    print(f"  the in-process replay (load, replay, dump) {endpoint / count * 1e6:6.0f} µs")
    print(
        f"  the audit's partition work                 {work / count * 1e6:6.0f} µs   "
        f"{work / endpoint:.2f}x the in-process replay, {work / alone:.2f}x the rules' replay"
    )


def run_once(path: Path, out: Path, review: bool, workers: int) -> float:
    """One whole run over `path` in eight partitions (enough for two workers to share
    evenly, as a real archive's many); its wall time in seconds."""
    started = time.perf_counter()
    block_size = path.stat().st_size // 8 + 1
    audit(Settings([str(path)], out, review=review, workers=workers, block_size=block_size))
    return time.perf_counter() - started


def whole_runs(label: str, made: Archive, root: Path, review: bool) -> None:
    """Whole runs over the archive and over it twice, after one run not counted (in the
    command's process, its first run also imports matplotlib and compiles the schemas'
    plans): the difference is the work the deals cost, the rest what a run costs whatever
    its size (starting processes, importing the referee in each, the report)."""
    deals = len(made.records)
    once, twice = root / f"{label}-once.ndjson", root / f"{label}-twice.ndjson"
    write(once, made)
    write(twice, made, 2)
    print(f"whole runs, {label}, {deals} deals then {2 * deals}:")
    for workers in WORKERS:
        run_once(once, root / "out", review, workers)  # once first: what a process does once
        small = run_once(once, root / "out", review, workers)
        large = run_once(twice, root / "out", review, workers)
        rate = deals / (large - small)  # deals per second, the fixed costs taken out
        print(
            f"  {workers} worker{'s' if workers > 1 else ' '}  {small:6.2f} s, {large:6.2f} s:  "
            f"{rate:7.1f} deals/s, {rate / workers:7.1f} per core; "
            f"{small - deals / rate:5.2f} s a run whatever its size"
        )


def main() -> None:
    print(f"cores: {os.cpu_count()}")
    root = Path(tempfile.mkdtemp(prefix="bench-audit-"))
    try:
        made = archive(REPLAY_DEALS, seed=7)
        one = root / "one.ndjson"
        write(one, made)
        per_deal(made, one, root / "partition")
        whole_runs("replay", Archive(made.records * COPIES), root, review=False)
        whole_runs("review", archive(REVIEW_DEALS, seed=8), root, review=True)
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
