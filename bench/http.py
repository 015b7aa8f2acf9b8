"""HTTP benchmark: the referee beside the framework floor, measured in one run.

Starts gunicorn with the configuration `make run` uses (gunicorn.conf.py) for the referee
(service.app:app), for the floor (bench/floor.py: a bare Flask endpoint that parses the same
JSON body and returns a constant) and, unless `--no-frame`, for the referee's frame
(bench/frame.py: the referee's own app and middleware around the floor's endpoint). Drives
them with wrk from a POST script, 16 connections, in turn (referee, floor, frame, then again)
for several rounds per endpoint (these machines are noisy: only figures measured side by side
are compared), and prints requests per second, p50 and p99 latency and the ratio to the
floor: of the medians over rounds, and of the best rounds. gunicorn's workers race to accept
wrk's keep-alive connections, and a round in which one worker won most of them ran on one
core, whichever app it served: rounds swung by up to 3x. Every server is therefore started
with WORKER_CONNECTIONS = connections / workers, so that each worker takes its share (every
round is still printed).

    python -m bench.http [--rounds 3] [--seconds 5] [--connections 16] [--endpoint legal-moves]
                         [--no-frame]

The endpoints are support/bodies.py's: classic's, and coinche's `coinche/legal-moves` (a
tout-atout decision) and `coinche/deals/replay` (a complete tout-atout deal with hands).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.frame import FRAME_PREFIX  # noqa: E402
from support.bodies import BODIES  # noqa: E402

LUA = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = io.open(os.getenv("BODY_FILE")):read("*a")
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(app: str, port: int, connections: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    # Each worker takes its share of wrk's connections and no more (see gunicorn.conf.py).
    workers = int(os.environ.get("WEB_CONCURRENCY") or os.cpu_count() or 1)
    env.update(HOST="127.0.0.1", PORT=str(port), WORKER_CONNECTIONS=str(-(-connections // workers)))
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", app],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return process
        except OSError as error:
            if getattr(error, "code", None) == 404:  # the floor has no /healthz: it is up
                return process
            time.sleep(0.2)
    stop(process)
    raise RuntimeError(f"gunicorn serving {app} did not start on port {port}")


def stop(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(process.pid, signal.SIGKILL)


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def wrk(url: str, body_file: Path, script: Path, seconds: int, connections: int) -> dict:
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", str(script), url],
        env={**os.environ, "BODY_FILE": str(body_file)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    def latency(percent: str) -> float:
        value, unit = re.search(rf"^\s*{percent}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
        return float(value) * _UNITS[unit]

    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": latency("50"),
        "p99": latency("99"),
        "errors": int(non_2xx.group(1)) if non_2xx else 0,
    }


def check_answers(port: int) -> None:
    """Each body must be judged (200) by the referee, or the figures would measure errors."""
    for endpoint, body in BODIES.items():
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/{endpoint}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.status == 200, (endpoint, response.status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument(
        "--endpoint",
        action="append",
        choices=list(BODIES),
        help="measure only this endpoint (repeatable; default: all)",
    )
    parser.add_argument(
        "--frame",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also measure the referee's frame (bench/frame.py): its app, middleware "
        "included, with an endpoint that parses the body and returns a constant",
    )
    args = parser.parse_args()
    bodies = {name: BODIES[name] for name in args.endpoint or BODIES}
    if shutil.which("wrk") is None:
        sys.exit("wrk is missing: `make bench` installs it (apt-get install wrk)")

    apps = {"referee": ("service.app:app", "/v1"), "floor": ("bench.floor:app", "/v1")}
    if args.frame:
        apps["frame"] = ("bench.frame:app", FRAME_PREFIX)
    ports = {name: free_port() for name in apps}
    servers = {
        name: start(target, ports[name], args.connections) for name, (target, _) in apps.items()
    }
    workdir = Path(tempfile.mkdtemp(prefix="belote-bench-"))
    script = workdir / "post.lua"
    script.write_text(LUA)
    results: dict[str, dict[str, list[dict]]] = {}
    try:
        check_answers(ports["referee"])
        for endpoint, body in bodies.items():
            body_file = workdir / f"{endpoint.replace('/', '-')}.json"
            body_file.write_text(json.dumps(body))
            results[endpoint] = {name: [] for name in apps}
            urls = {
                name: f"http://127.0.0.1:{ports[name]}{prefix}/{endpoint}"
                for name, (_, prefix) in apps.items()
            }
            for url in urls.values():  # warm-up, not counted
                wrk(url, body_file, script, 1, 4)
            for _ in range(args.rounds):
                for name, url in urls.items():  # A B A B ... (A B C A B C with the frame)
                    run = wrk(url, body_file, script, args.seconds, args.connections)
                    results[endpoint][name].append(run)
    finally:
        for server in servers.values():
            stop(server)
        shutil.rmtree(workdir, ignore_errors=True)

    print(
        f"wrk (1 thread), {args.connections} connections, "
        f"{args.rounds} rounds of {args.seconds} s, "
        f"{', '.join(apps)} in turn; medians over rounds; {os.cpu_count()} CPUs"
    )
    width = max([16, *(len(endpoint) + 2 for endpoint in results)])  # coinche/deals/replay
    header = (
        f"{'endpoint':<{width}}{'referee rps':>12}{'floor rps':>11}{'ratio':>7}{'best':>6}"
        f"{'p50 ms':>8}{'p99 ms':>8}{'floor p50':>10}{'floor p99':>10}{'non-2xx':>9}"
        + (f"{'frame rps':>11}{'ratio':>7}{'referee/frame':>15}" if args.frame else "")
    )
    print(header)
    print("-" * len(header))
    per_round: dict[str, str] = {}
    for endpoint, runs in results.items():

        def median(name: str, key: str, runs: dict = runs) -> float:
            return statistics.median(r[key] for r in runs[name])

        ratio = median("referee", "rps") / median("floor", "rps")
        best = max(r["rps"] for r in runs["referee"]) / max(r["rps"] for r in runs["floor"])
        rounds = " ".join(
            "/".join(f"{run['rps']:.0f}" for run in together)
            for together in zip(*(runs[name] for name in apps), strict=True)
        )
        errors = sum(r["errors"] for r in runs["referee"])
        frame = ""
        if args.frame:
            frame_rps = median("frame", "rps")
            frame = (
                f"{frame_rps:>11.0f}{frame_rps / median('floor', 'rps'):>7.2f}"
                f"{median('referee', 'rps') / frame_rps:>15.2f}"
            )
        print(
            f"{endpoint:<{width}}{median('referee', 'rps'):>12.0f}{median('floor', 'rps'):>11.0f}"
            f"{ratio:>7.2f}{best:>6.2f}"
            f"{median('referee', 'p50'):>8.2f}{median('referee', 'p99'):>8.2f}"
            f"{median('floor', 'p50'):>10.2f}{median('floor', 'p99'):>10.2f}{errors:>9}{frame}"
        )
        per_round[endpoint] = rounds
    print(f"rps per round, {'/'.join(apps)}:")
    for endpoint, rounds in per_round.items():
        print(f"  {endpoint:<{width}}{rounds}")


if __name__ == "__main__":
    main()
