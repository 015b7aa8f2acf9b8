"""The audit as a Dask pipeline: read the lines, judge each one, write the partitions, reduce
the counts; then the summaries.

    files -> blocks (a task per file) -> a bag of lines, a partition per block
          -> judged (the API's endpoints, in each worker's process) -> deals/ and errors/
          -> one ArchiveCounts per partition -> fold (a tree reduction) -> players, pairs, summary

Memory stays flat: a worker holds one block's lines and answers at a time, and the reduction
holds counts per player and per partnership, never the deals.

The output directory is written so that a run cut short leaves nothing that looks complete:
the completion marker goes first, every file is written under a temporary name and renamed
into place once whole, the summaries come after every partition, and the marker last. A
rerun into the same directory clears what an earlier run left (marker first) and writes the
same files again: the partitions follow the input (files in order, blocks of the same size),
and the counts are integers, summed in whatever order.
"""

from __future__ import annotations

import base64
import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any, BinaryIO, Final

import dask
import dask.bag as db
import orjson
from dask.delayed import delayed

from service.app import app
from service.audit import records
from service.audit.counts import ArchiveCounts
from service.audit.judging import judge_lines
from service.audit.outliers import Population, pair_row, player_row
from service.audit.records import Block, Line, Unreadable

DEALS, ERRORS = "deals", "errors"
PLAYERS, PAIRS, SUMMARY, REPORT = "players.ndjson", "pairs.ndjson", "summary.json", "report.html"
MARKER: Final = "_SUCCESS"
"""Written last, empty: the run that wrote this directory finished."""
TEMPORARY: Final = ".tmp-"
BLOCK_SIZE: Final = 4 << 20
"""Bytes of input per partition: thousands of deals, a few seconds of replays."""
REVIEW_BLOCK_SIZE: Final = 32 << 10
"""With the review, some fifty deals per partition: a review takes a thousand times a replay's
time (a fraction of a second to a few seconds), and a partition should stay near a minute of
work, so that the cores share the archive evenly and the progress bar moves."""
VIEWER: Final = "http://127.0.0.1:8000/viewer"
"""The viewer the report's deals open in by default: the local service's (`make run`)."""
SEAT_VIEW_BLOCK_SIZE: Final = 16 << 10
"""With the seat view, some twenty-five deals per partition: each judged card is also valued
in some thirty deals of the cards its seat did not see (about a second a deal)."""


@dataclass(frozen=True, slots=True)
class Settings:
    inputs: Sequence[str]
    out: Path
    review: bool = False
    seat_view: bool = False  # the review from each player's seat too (implies the review)
    scheduler: str | None = None  # a dask.distributed scheduler's address; None: this machine
    workers: int | None = None  # processes on this machine; None: one per core
    block_size: int | None = None  # None: BLOCK_SIZE, or REVIEW_BLOCK_SIZE with the review
    progress: bool = False
    viewer: str = VIEWER  # the viewer the report links the deals it names to


def part_name(index: int) -> str:
    return f"part-{index:05d}.ndjson"


@contextlib.contextmanager
def atomic(path: Path) -> Iterator[BinaryIO]:
    """A stream onto `path` under a temporary name in its directory, renamed into place once
    written whole and synced: `path` is never seen half written. Should the writing fail, the
    temporary file stays (a rerun clears it) and `path` is not touched."""
    temporary = path.with_name(TEMPORARY + path.name)
    with open(temporary, "wb") as stream:
        yield stream
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, path)


def write_atomically(path: Path, chunks: Iterable[bytes]) -> None:
    with atomic(path) as stream:
        for chunk in chunks:
            stream.write(chunk)


def clear(out: Path) -> None:
    """Make `out` ready for a run: its marker removed first (so that it never looks complete
    in between), then the summaries, the partitions and any temporary file an interrupted run
    left."""
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).unlink(missing_ok=True)
    for name in (SUMMARY, REPORT, PLAYERS, PAIRS):
        (out / name).unlink(missing_ok=True)
    for sub in (DEALS, ERRORS):
        (out / sub).mkdir(exist_ok=True)
        for path in (out / sub).iterdir():
            if path.name.startswith(("part-", TEMPORARY)):
                path.unlink()
    for path in out.glob(TEMPORARY + "*"):
        path.unlink()


def judge_partition(
    lines: list[Line | Unreadable],
    index: list[int],
    out: str,
    review: bool,
    seat_view: bool = False,
) -> list[ArchiveCounts]:
    """A partition's lines judged one by one, each written as it comes to its deals or errors
    file (atomically, named by the partition's index), and its counts."""
    (number,) = index
    counted = ArchiveCounts()
    with (
        atomic(Path(out, DEALS, part_name(number))) as deals,
        atomic(Path(out, ERRORS, part_name(number))) as errors,
    ):
        for judged in judge_lines(lines, app, review, seat_view):
            if judged.unreadable is None:
                (errors if judged.deal is None else deals).write(judged.text + b"\n")
            counted.add(judged)
    return [counted]


def _lines_of(block: Block) -> list[Line | Unreadable]:
    return list(records.lines(block))


def pipeline(settings: Settings, blocks: list[Block]) -> Any:
    """The lazy fold of every partition's counts."""
    lines = db.from_delayed([delayed(_lines_of)(block) for block in blocks])
    indices = db.from_sequence(range(len(blocks)), npartitions=max(len(blocks), 1))
    counts = lines.map_partitions(
        judge_partition, indices, str(settings.out), settings.review, settings.seat_view
    )
    return counts.fold(ArchiveCounts.merge)


def audit(settings: Settings) -> dict[str, Any]:
    """Run the audit; its summary."""
    started = time.monotonic()
    out = settings.out
    clear(out)
    files, missing = records.expand(settings.inputs)
    reviewing = settings.review or settings.seat_view
    block_size = settings.block_size or (
        SEAT_VIEW_BLOCK_SIZE
        if settings.seat_view
        else REVIEW_BLOCK_SIZE
        if reviewing
        else BLOCK_SIZE
    )
    with _scheduler(settings) as compute:
        found = compute(
            [delayed(records.blocks)(file, block_size, reviewing) for file in files], "reading"
        )
        blocks = [block for item in found if isinstance(item, list) for block in item]
        unreadable = missing + [item for item in found if isinstance(item, Unreadable)]
        counted: ArchiveCounts = (
            compute([pipeline(settings, blocks)], "judging")[0] if blocks else ArchiveCounts()
        )
    counted.unreadable = unreadable + counted.unreadable
    return finish(settings, counted, len(blocks), started)


def viewer_links(viewer: str, records: dict[str, str]) -> Callable[[str], str | None]:
    """A deal's link to `viewer` by its name: the viewer's address, its record in the fragment
    (`#record=`, the line's text in base64url, which the viewer opens); None for a deal whose
    record was not kept."""

    def link(where: str) -> str | None:
        text = records.get(where)
        if text is None:
            return None
        encoded = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
        return f"{viewer}#record={encoded}"

    return link


def finish(
    settings: Settings, counted: ArchiveCounts, partitions: int, started: float
) -> dict[str, Any]:
    """Write the summaries, then the marker; `started`: the run's start (`time.monotonic`)."""
    from service.audit.report import report  # matplotlib, on this machine only

    out = settings.out
    population = Population.of(counted)
    link = viewer_links(settings.viewer, counted.records)
    players = [
        player_row(p, counted.players[p], population, counted.player_deals.get(p), link)
        for p in sorted(counted.players)
    ]
    pairs = [
        pair_row(p, counted.pairs[p], counted, population, link) for p in sorted(counted.pairs)
    ]
    write_atomically(out / PLAYERS, _ndjson(players))
    write_atomically(out / PAIRS, _ndjson(pairs))
    summary = {
        "lines": counted.lines,
        "deals": counted.deals,
        "errors": counted.errors,
        "renonces": counted.renonces,
        "review": settings.review or settings.seat_view,
        "seat_view": settings.seat_view,
        "reviewed": counted.reviewed,
        "inexact_reviews": counted.inexact,
        "review_problems": counted.review_problems,
        "review_refusals": dict(
            sorted(counted.refusals.items(), key=lambda item: (-item[1], item[0]))
        ),
        "players": len(players),
        "pairs": len(pairs),
        "partitions": partitions,
        "unreadable": [item._asdict() for item in sorted(counted.unreadable)],
        "bad_lines": [item._asdict() for item in counted.bad_lines],
    }
    page = report(summary, players, pairs, population)
    write_atomically(out / REPORT, [page.encode()])
    summary["seconds"] = round(time.monotonic() - started, 3)  # the whole run's, the report in
    write_atomically(out / SUMMARY, [orjson.dumps(summary, option=orjson.OPT_INDENT_2) + b"\n"])
    write_atomically(out / MARKER, [])
    return summary


def _ndjson(rows: Iterable[dict[str, Any]]) -> Iterator[bytes]:
    for row in rows:
        yield orjson.dumps(row) + b"\n"


@contextlib.contextmanager
def _scheduler(settings: Settings) -> Iterator[Any]:
    """`compute(collections, stage)`: on the distributed scheduler at `settings.scheduler`,
    else on processes of this machine (one per core, or `settings.workers`; one: this one). With
    `settings.progress`, Dask's progress bar on the terminal."""
    if settings.scheduler is not None:
        from distributed import Client, progress

        with Client(settings.scheduler) as client:

            def on_cluster(collections: list[Any], stage: str) -> list[Any]:
                futures = client.compute(collections)
                if settings.progress:
                    print(stage, file=sys.stderr)
                    progress(futures)
                return client.gather(futures)

            yield on_cluster
        return
    from dask.diagnostics import ProgressBar

    workers = settings.workers or os.cpu_count() or 1
    # One worker: this process (Dask's synchronous scheduler), nothing to start. More: processes
    # started afresh (spawn), as Dask's own process scheduler does, but one pool for both
    # stages, so that each process imports the referee once.
    pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn")) if workers > 1 else None
    options: dict[str, Any] = (
        {"scheduler": "processes", "pool": pool} if pool else {"scheduler": "synchronous"}
    )
    with pool or contextlib.nullcontext():

        def on_machine(collections: list[Any], stage: str) -> list[Any]:
            bar = ProgressBar(out=sys.stderr) if settings.progress else contextlib.nullcontext()
            if settings.progress:
                print(stage, file=sys.stderr)
            with bar:
                return list(dask.compute(*collections, **options))

        yield on_machine
