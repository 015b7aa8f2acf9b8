"""`python -m service.audit INPUT... --out DIR [--review] [--seat-view] [--scheduler ADDRESS]
[--workers N] [--viewer URL]`"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from service.api.observability import configure_logging
from service.audit.run import (
    BLOCK_SIZE,
    REVIEW_BLOCK_SIZE,
    SEAT_VIEW_BLOCK_SIZE,
    VIEWER,
    Settings,
    audit,
)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m service.audit",
        description="Judge every deal of an archive with the referee: the replay of each "
        "record (and its review), per player and per partnership, and a report.",
    )
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="NDJSON files or globs, one deal record per line (.gz read as gzip)",
    )
    parser.add_argument("--out", required=True, type=Path, metavar="DIR", help="where to write")
    parser.add_argument(
        "--review", action="store_true", help="also review every card against perfect play"
    )
    parser.add_argument(
        "--seat-view",
        action="store_true",
        help="also judge every card from its player's seat (the review's view: seat; implies "
        "--review): the guesses each player and partnership found, and guesses_too_well",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler (tcp://host:8786); without it, processes on this machine",
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        metavar="N",
        help="processes on this machine (default: one per core; 1: this process alone); not "
        "with --scheduler",
    )
    parser.add_argument(
        "--block-size",
        type=_positive,
        metavar="BYTES",
        help=f"input bytes per partition (default {BLOCK_SIZE}, {REVIEW_BLOCK_SIZE} with "
        f"--review, {SEAT_VIEW_BLOCK_SIZE} with --seat-view)",
    )
    parser.add_argument(
        "--viewer",
        default=VIEWER,
        metavar="URL",
        help=f"the viewer the report's deals open in, each a link with its record (default "
        f"{VIEWER}, the service `make run` starts)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    # Quiet but for warnings (the service's JSON lines), unless LOG_LEVEL says otherwise.
    configure_logging(os.environ.get("LOG_LEVEL", "warning"))
    if args.scheduler and args.workers:
        parser().error("--workers sizes this machine's pool: a cluster has its own workers")
    summary = audit(
        Settings(
            inputs=args.inputs,
            out=args.out,
            review=args.review or args.seat_view,
            seat_view=args.seat_view,
            scheduler=args.scheduler,
            workers=args.workers,
            block_size=args.block_size,
            progress=sys.stderr.isatty(),
            viewer=args.viewer,
        )
    )
    print(
        f"{summary['lines']} lines: {summary['deals']} deals judged, {summary['errors']} "
        f"errors, {summary['renonces']} renonces; {len(summary['unreadable'])} unreadable "
        f"files; {summary['seconds']} s -> {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
