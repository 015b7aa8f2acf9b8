"""The advice at the table: duplicate coinche deals against colver's bots, through the
service's own endpoints.

Run from the repo root as `python -m bench.arena` (`--help`; `make arena` installs colver
0.11.1 into the venv, as `make bench` does for bench/analysis.py: it is no requirement of the
referee). Prints figures, asserts nothing.

**Duplicate.** Each board is one deal (`colver.Env.deal(dealer, seed)`, the dealer turning
with the board) played twice with the same cards: once with the referee at seats 0 and 2
(North-South in colver's numbering) and colver at 1 and 3, once the other way round. The
cards dealt cancel out; what stays is how each side plays them. A board's **margin** is the
referee's team's score less the other team's, averaged over the two directions (so a
board played alike both ways counts 0); the run prints its mean with a 95% interval (1.96
standard errors), and with `--matches` the matches to 2000 points that the boards make in each
direction, one after the other (a match ends after the deal where a team has 2000, the
higher total winning; its win rate with a 95% interval).

**Modes** (`--mode`):
- `play`: the auction by colver's "improved" bidder at every seat (the same calls both
  ways), then the card play: the referee's `/v1/coinche/advice/play` at its seats, colver's
  bot at the others;
- `auction`: the referee's seats also call, by `/v1/coinche/advice/bid` (`--bid-inference`,
  `--bid-play`), colver's bidder the others'; each direction keeps its calls, the advice's
  figures for each referee call, and each team's points at the table and by perfect play on
  the true hands, which the report compares (`auction_report`, `dd_report`).

**Opponents** (`--opponent`): `colver` (its IS-DD bot: `method = "isdd"`, 32 determinizations,
uniform worlds, its "improved" bidder; the bot the issue measured), or `referee`: the
referee's own advice through the same endpoints, with `--their-objective` and
`--their-inference` (by default as it was before December 2026: card points, uniform
sampling) and, at the auction, `--their-bid-inference` and `--their-bid-play`, so that each
technique's gain shows against the same cards.

`--check-calls N` only measures how the bid advice reads colver's calls (`check_calls`).

**Scores.** Each direction is judged by colver's own `env.rewards()` and, beside it, by the
referee's `/v1/coinche/deals/score` under `ARENA_RULES`, the options under which the two agree
(measured with `--check-scoring`: 380 of 400 deals of colver's bots at 2026-12-01; the other 20
are two rules the referee does not offer: colver scores a coinched contract as 162 + m x V to
the winner, not m x (162 + V), and gives a fallen takers' belote to the defenders).

**Time.** Each card's wall-clock time, as the caller sees it: the referee's through Flask (the
test client, in this process: the advice runs in an analysis slot at nice 10 on
`ADVICE_THREADS` threads, as served), colver's `Agent.decide` (its IS-DD solves its worlds on
every core, rayon); the median and the 95th percentile of each, and the referee's over
colver's, for every card, the first lead and the others, in the same run, with the machine's
load average at the start and the end (the times are only as quiet as the machine); and the
same for each side's CPU time. colver's bots play from a process of their own
(`bench/colver_seat.py`), which times its own decisions: in this one, its idle threads
spin a while into the referee's cards, and the process's CPU clock charges that to the
referee. `--colver-together` keeps them here, as before December 3, 2026; the cards are the
same either way.
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not __package__:
    sys.path[0] = str(ROOT)  # as bench/engine.py: bench/http.py must not shadow http

import argparse
import gzip
import json
import math
import multiprocessing
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from statistics import fmean, linear_regression, median, pstdev, stdev
from time import perf_counter, process_time
from typing import Any

from bench.colver_seat import Apart, Seats
from service.rules.core.cards import CARD_CODES, SUIT_CODES

SEED = 20_261_201
TARGET = 2000
# The referee's coinche options under which its deal score is colver's (`--check-scoring`).
ARENA_RULES = {"chute_points": 162, "capot": 252, "rounding": "none", "belote": "automatic"}
COLVER_RANK = (0, 1, 2, 6, 3, 4, 5, 7)  # colver: 7 8 9 J Q K 10 A; the referee: 7 8 9 10 J Q K A
TO_COLVER = tuple((card >> 3) * 8 + COLVER_RANK[card & 7] for card in range(32))
FROM_COLVER = {colver: card for card, colver in enumerate(TO_COLVER)}
PASS, CAPOT_FIRST, COINCHE_ACTION, SURCOINCHE_ACTION = 0, 37, 41, 42


def colver_spec(method: str = "isdd", worlds: int = 32) -> str:
    """A colver bot: its "improved" bidder, and `method` for the cards."""
    play = f'method = "{method}"\n'
    if method == "isdd":
        play += f'determinizations = {worlds}\ntime_ms = 0\n\n[worlds]\nsource = "uniform"\n'
    return f'[bid]\nstrategy = "improved"\n\n[play]\n{play}'


def call_name(action: int) -> str:
    """A colver auction action as the referee writes the call."""
    if action == PASS:
        return "pass"
    if action == COINCHE_ACTION:
        return "coinche"
    if action == SURCOINCHE_ACTION:
        return "surcoinche"
    if action >= CAPOT_FIRST:
        return f"capot{SUIT_CODES[action - CAPOT_FIRST]}"
    value, suit = divmod(action - 1, 4)
    return f"{80 + 10 * value}{SUIT_CODES[suit]}"


def call_action(name: str) -> int:
    """The referee's canonical call as colver's auction action."""
    for action in range(43):
        if call_name(action) == name:
            return action
    raise ValueError(f"no colver action for the call {name!r}")


def contract_of(calls: Sequence[tuple[int, int]]) -> dict[str, Any] | None:
    """The contract an auction (colver's (seat, action) history) fixed, as the referee's
    body writes it; None when every seat passed."""
    taker = value = strain = None
    coinche = 0
    for seat, action in calls:
        if PASS < action < COINCHE_ACTION:
            taker, coinche = seat, 0
            if action >= CAPOT_FIRST:
                value, strain = "capot", action - CAPOT_FIRST
            else:
                steps, strain = divmod(action - 1, 4)
                value = 80 + 10 * steps
        elif action in (COINCHE_ACTION, SURCOINCHE_ACTION):
            coinche = 1 if action == COINCHE_ACTION else 2
    if taker is None:
        return None
    return {"taker": taker, "value": value, "strain": SUIT_CODES[strain], "coinche": coinche}


@dataclass
class Direction:
    """One direction of a board: the referee's team, the contract, each team's score by
    colver's rewards and by the referee's scoring, and the times of each side's cards."""

    team: int
    contract: dict[str, Any] | None
    rewards: tuple[float, float] = (0.0, 0.0)
    scores: tuple[int, int] = (0, 0)
    times: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "theirs": []})
    first: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "theirs": []})
    # The same cards' CPU time (this process's, every thread's: the referee's and colver's).
    cpu_times: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "theirs": []})
    cpu_first: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "theirs": []})
    illegal: int = 0
    calls: list[str] = field(default_factory=list)
    # Each referee call at the auction: its index in `calls` and the advice's figures for it.
    advised: list[dict[str, Any]] = field(default_factory=list)
    made: bool | None = None  # the contract, by the referee's scoring
    points: tuple[int, int] = (0, 0)  # each team's card points (dix de der in)
    # Each team's card points by perfect play on the true hands, from the first lead: what the
    # advice's deals would give, had they drawn the true one (`--mode auction`).
    dd_points: tuple[int, int] | None = None
    call_times: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "theirs": []})
    # Per card of `times` (after the first lead), whether its seat had one legal card: colver
    # answers those at once, and so does the referee unless asked for their figures.
    forced: dict[str, list[bool]] = field(default_factory=lambda: {"ours": [], "theirs": []})

    def margin(self, by: str = "rewards") -> float:
        pair = self.rewards if by == "rewards" else self.scores
        return pair[self.team] - pair[1 - self.team]


class Table:
    """The service (a Flask test client in this process) and colver, for one worker."""

    def __init__(self, args: argparse.Namespace) -> None:
        import colver  # a bench-only install

        from service.app import create_app

        self.colver = colver
        self.client = create_app().test_client()
        self.args = args
        self.spec = colver_spec(args.colver_method, args.worlds)
        self.calls: list[str] = []
        self.seats: Any = Seats(colver) if args.colver_together else Apart()

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.client.post(path, json=body)
        answer = response.get_json()
        if response.status_code != 200:
            raise RuntimeError(f"{path}: {response.status_code} {answer}")
        return answer

    # --- one side's decisions ------------------------------------------------------------

    def referee_card(
        self,
        seat: int,
        dealer: int,
        contract: dict[str, Any],
        plays: list[int],
        hand: list[int],
        objective: str,
        inference: str | None,
        board: int,
        ours: bool = True,
    ) -> int:
        body = {
            "dealer": dealer,
            "contract": contract,
            "plays": [CARD_CODES[c] for c in plays],
            "seat": seat,
            "hand": [CARD_CODES[c] for c in hand],
            "samples": self.args.samples,
            "seed": f"arena {board} {len(plays)}",
            "rules": ARENA_RULES,
            "objective": objective,
            "budget_ms": self.args.budget_ms,
            "figures_when_forced": self.args.figures_when_forced,
        }
        if inference:
            body["inference"] = inference
        if self.args.bids_to_play:
            body["bids"] = self.calls
        level = self.args.level if ours else self.args.their_level
        if level:  # the level's deals, not `--samples`
            body["level"] = level
            del body["samples"]
        card = self.post("/v1/coinche/advice/play", body)["card"]
        return CARD_CODES.index(card)

    def referee_call(
        self,
        seat: int,
        dealer: int,
        calls: list[str],
        hand: list[int],
        board: int,
        ours: bool = True,
    ) -> dict[str, Any]:
        """The bid advice's answer, with our settings or (not `ours`) the referee opponent's:
        its call and the figures of that call."""
        body = {
            "dealer": dealer,
            "bids": calls,
            "seat": seat,
            "hand": [CARD_CODES[c] for c in hand],
            "seed": f"arena {board} call {len(calls)}",
            "rules": ARENA_RULES,
            "budget_ms": self.args.budget_ms,
        }
        if self.args.bid_samples:
            body["samples"] = self.args.bid_samples
        inference = self.args.bid_inference if ours else self.args.their_bid_inference
        play = self.args.bid_play if ours else self.args.their_bid_play
        level = self.args.bid_level if ours else self.args.their_bid_level
        if level:
            body["level"] = level
        if inference:
            body["inference"] = inference
        if play:
            body["play"] = play
        risk = self.args.coinche_risk if ours else self.args.their_coinche_risk
        if risk is not None:
            body["coinche_risk"] = risk
        answer = self.post("/v1/coinche/advice/bid", body)
        if answer["advice"] is None:  # no deal searched in the budget
            return {"index": len(calls), "bid": None, "samples": 0}
        chosen = next(o for o in answer["options"] if o["bid"] == answer["advice"])
        return {"index": len(calls), **chosen, "samples": answer["samples"]}

    def perfect_points(
        self, dealer: int, contract: dict[str, Any], hands: list[list[int]]
    ) -> tuple[int, int]:
        """Each team's card points when the deal is played perfectly from the first lead."""
        body = {
            "dealer": dealer,
            "contract": contract,
            "plays": [],
            "hands": [[CARD_CODES[c] for c in hand] for hand in hands],
            "rules": ARENA_RULES,
            "budget_ms": self.args.budget_ms,
        }
        answer = self.post("/v1/coinche/analysis/solve", body)
        return tuple(answer["value"]["points"])  # type: ignore[return-value]

    # --- a board -------------------------------------------------------------------------

    def auction(self, board: int) -> tuple[Any, list[tuple[int, int]]]:
        """The board's deal, and its auction by colver's bidder at every seat."""
        env = self.colver.Env.deal(dealer=board % 4, seed=SEED + board)
        bidders = [self.colver.Agent(self.spec, seat=s, seed=board) for s in range(4)]
        for bidder in bidders:
            bidder.init_deal(env)
        while env.phase() == 0:
            action = bidders[env.current_player()].action(env)
            for bidder in bidders:
                bidder.observe(env, action)
            env.step(action)
        return env, list(env.get_bid_history())

    def direction(
        self,
        board: int,
        hands: list[list[int]],
        dealer: int,
        calls: list[tuple[int, int]],
        team: int,
    ) -> Direction:
        """The board played with the referee at `team`'s seats."""
        env = self.colver.Env.deal_with_hands(dealer, hands)
        others = self.seats  # colver's agents, with their own copy of the deal
        others.direction(self.spec, board, dealer, hands, [s for s in range(4) if s % 2 != team])
        own_hands = [sorted(FROM_COLVER[c] for c in hand) for hand in hands]
        names: list[str] = []
        mode = self.args.mode
        history = list(calls)
        advice: list[dict[str, Any]] = []
        call_times: dict[str, list[float]] = {"ours": [], "theirs": []}
        while env.phase() == 0:
            seat = env.current_player()
            start, spent = perf_counter(), None
            if mode == "play":
                action = history[len(names)][1]  # colver's bidder's calls, as in the auction
            elif seat % 2 == team:
                advised = self.referee_call(seat, dealer, names, own_hands[seat], board)
                advice.append(advised)
                action = call_action(advised["bid"] or "pass")
            elif self.args.opponent == "referee":
                theirs = self.referee_call(seat, dealer, names, own_hands[seat], board, False)
                action = call_action(theirs["bid"] or "pass")
            else:
                action, spent, _ = others.action(seat)  # its own time, not the pipe's
            if mode != "play":
                side = "ours" if seat % 2 == team else "theirs"
                call_times[side].append((perf_counter() - start) * 1000 if spent is None else spent)
            others.step(action)
            names.append(call_name(action))
            env.step(action)
        contract = contract_of(list(env.get_bid_history()))
        self.calls = names
        result = Direction(team, contract, calls=names, advised=advice, call_times=call_times)
        if contract is None:
            return result
        if mode == "auction":
            result.dd_points = self.perfect_points(dealer, contract, own_hands)
        plays: list[int] = []
        held = [list(hand) for hand in own_hands]
        while not env.is_terminal():
            seat = env.current_player()
            forced = len(env.legal_actions()) == 1
            start, cpu = perf_counter(), process_time()
            if seat % 2 == team or self.args.opponent == "referee":
                ours = seat % 2 == team
                objective = self.args.objective if ours else self.args.their_objective
                inference = self.args.inference if ours else self.args.their_inference
                card = self.referee_card(
                    seat, dealer, contract, plays, held[seat], objective, inference, board, ours
                )
                action = TO_COLVER[card]
                side = "ours" if seat % 2 == team else "theirs"
                elapsed = (perf_counter() - start) * 1000
                used = (process_time() - cpu) * 1000
            else:
                action, elapsed, used = others.decide(seat)  # its own time, not the pipe's
                card = FROM_COLVER[action]
                side = "theirs"
            if action not in env.legal_actions():
                result.illegal += 1
                action = env.legal_actions()[0]
                card = FROM_COLVER[action]
            (result.first if not plays else result.times)[side].append(elapsed)
            (result.cpu_first if not plays else result.cpu_times)[side].append(used)
            if plays:
                result.forced[side].append(forced)
            others.step(action)
            env.step(action)
            plays.append(card)
            held[seat].remove(card)
        result.rewards = tuple(env.rewards())
        scored = self.post(
            "/v1/coinche/deals/replay",
            {
                "dealer": dealer,
                "contract": contract,
                "plays": [CARD_CODES[c] for c in plays],
                "hands": [[CARD_CODES[c] for c in hand] for hand in own_hands],
                "rules": ARENA_RULES,
            },
        )
        result.scores = tuple(scored["score"]["score"])
        result.made = scored["score"]["contract"] == "made"
        result.points = tuple(scored["points"])
        return result


_TABLE: Table | None = None


def _init(args: argparse.Namespace) -> None:
    global _TABLE
    _TABLE = Table(args)


def play_board(board: int) -> tuple[int, list[Direction]]:
    table = _TABLE
    assert table is not None
    env, calls = table.auction(board)
    hands = [list(hand) for hand in env.get_initial_hands()]
    dealer = env.get_dealer()
    return board, [table.direction(board, hands, dealer, calls, team) for team in (0, 1)]


# --- figures -----------------------------------------------------------------------------------


def interval(values: Sequence[float]) -> str:
    if len(values) < 2:
        return f"{fmean(values) if values else 0:+.1f}"
    half = 1.96 * stdev(values) / math.sqrt(len(values))
    return f"{fmean(values):+.1f} ± {half:.1f} (sd {stdev(values):.0f}, n {len(values)})"


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else math.nan


def matches(boards: list[list[Direction]], team_of_ours: int, by: str) -> list[bool]:
    """The matches to TARGET the boards make, one after the other, in the direction where the
    referee holds `team_of_ours`'s seats: True for each the referee wins."""
    won: list[bool] = []
    totals = [0.0, 0.0]
    for directions in boards:
        played = directions[team_of_ours]
        pair = played.rewards if by == "rewards" else played.scores
        totals = [totals[0] + pair[0], totals[1] + pair[1]]
        if max(totals) >= TARGET and totals[0] != totals[1]:
            ours = totals[team_of_ours]
            won.append(ours > totals[1 - team_of_ours])
            totals = [0.0, 0.0]
    return won


def report(results: list[tuple[int, list[Direction]]], args: argparse.Namespace) -> None:
    results.sort(key=lambda result: result[0])  # by board: runs of the same boards may be pooled
    boards = [directions for _, directions in results]
    played = [b for b in boards if b[0].contract is not None]
    passed = len(boards) - len(played)
    print(f"boards: {len(boards)} ({passed} passed out with the referee North-South)")
    for by in ("rewards", "scores"):
        margins = [fmean(d.margin(by) for d in b) for b in boards]
        alike = sum(1 for b in boards if b[0].margin(by) + b[1].margin(by) == 0 and b[0].contract)
        label = "colver's rewards" if by == "rewards" else "the referee's score (ARENA_RULES)"
        print(f"margin a board by {label}: {interval(margins)}; played alike both ways: {alike}")
    if args.matches:
        for by in ("rewards",):
            wins = matches(boards, 0, by) + matches(boards, 1, by)
            if wins:
                share = fmean(wins)
                half = 1.96 * math.sqrt(share * (1 - share) / len(wins))
                print(f"matches to {TARGET}: {len(wins)}, the referee won {share:.1%} ± {half:.1%}")
    if any(d.advised for b in boards for d in b):
        auction_report(boards)
        dd_report(boards)
        for side in ("ours", "theirs"):
            took = [t for b in boards for d in b for t in d.call_times[side]]
            if took:
                print(
                    f"  ms a call, {side}: median {median(took):.0f}, p95 "
                    f"{percentile(took, 0.95):.0f}, most {max(took):.0f} ({len(took)} calls)"
                )
    illegal = sum(d.illegal for b in boards for d in b)
    print(f"illegal cards or calls: {illegal}")
    print(speed_table(boards, args.opponent))
    print(speed_table(boards, args.opponent, cpu=True))


def ratio(ours: float, theirs: float) -> float:
    """`ours` over `theirs`; infinite over nothing (a time too short for the clock)."""
    return ours / theirs if theirs else math.inf


def speed_table(boards: list[list[Direction]], opponent: str, cpu: bool = False) -> str:
    """Each side's ms a card (wall clock, as the caller sees it; with `cpu`, the CPU time of
    this process, every thread's), median and 95th percentile, and the referee's over the
    other's, for every card, the first lead and the others; and, where the boards say which
    cards were forced (one legal card), the other cards apart: those with a choice, and the
    forced ones."""
    first, later = ("cpu_first", "cpu_times") if cpu else ("first", "times")
    title = "CPU ms a card" if cpu else "ms a card"
    rows = [
        f"{title:<22}{'referee p50':>12}{'p95':>8}{opponent + ' p50':>12}{'p95':>8}"
        f"{'ratio p50':>11}{'p95':>7}{'cards':>7}"
    ]
    directions = [d for b in boards for d in b]

    def times(side: str, fields: tuple[str, ...], forced: bool | None = None) -> list[float]:
        """`side`'s times of `fields`; with `forced`, the later cards that were (or were
        not) forced, of the directions that say so."""
        if forced is None:
            return [t for d in directions for k in fields for t in getattr(d, k)[side]]
        return [
            t
            for d in directions
            if len(d.forced[side]) == len(getattr(d, later)[side])
            for t, was in zip(getattr(d, later)[side], d.forced[side], strict=True)
            if was == forced
        ]

    kinds: dict[str, tuple[tuple[str, ...], bool | None]] = {
        "all cards": ((first, later), None),
        "first lead": ((first,), None),
        "the others": ((later,), None),
        "with a choice": ((later,), False),
        "forced": ((later,), True),
    }
    for label, (fields, forced) in kinds.items():
        ours, theirs = times("ours", fields, forced), times("theirs", fields, forced)
        if not ours or not theirs:
            continue
        p50, p95 = median(ours), percentile(ours, 0.95)
        t50, t95 = median(theirs), percentile(theirs, 0.95)
        rows.append(
            f"{label:<22}{p50:>12.1f}{p95:>8.1f}{t50:>12.1f}{t95:>8.1f}"
            f"{ratio(p50, t50):>11.2f} {ratio(p95, t95):>6.2f} {len(ours):>6}"
        )
    return "\n".join(rows)


def _bid_text(contract: dict[str, Any]) -> str:
    return f"{contract['value']}{contract['strain']}"


def auction_report(boards: list[list[Direction]]) -> None:
    """Where the auction's margin goes (`--mode auction`): the boards by how the two
    directions' contracts compare, and each side's contracts: made, coinched, and for the
    referee's, what the bid advice predicted for the bid that fixed it (its `made_share` and
    `expected_margin`, the contract played uncoinched) against what happened."""
    kinds: dict[str, list[float]] = {}
    for b in boards:
        one, two = b[0].contract, b[1].contract
        if one == two:
            kind = "the same contract both ways" if one else "passed out both ways"
        elif one and two and one["taker"] % 2 == two["taker"] % 2:
            kind = "the same side took, another contract"
        else:
            kind = "the other side took (or passed out)"
        kinds.setdefault(kind, []).append(fmean(d.margin() for d in b))
    for kind, margins in sorted(kinds.items()):
        print(
            f"  {kind}: {len(margins)} boards, {fmean(margins):+.1f} a board, "
            f"{sum(margins):+.0f} in all"
        )
    for ours in (True, False):
        taken = [
            d
            for b in boards
            for d in b
            if d.contract is not None and (d.contract["taker"] % 2 == d.team) == ours
        ]
        if not taken:
            continue
        made = fmean(bool(d.made) for d in taken)
        coinched = [d for d in taken if d.contract["coinche"]]  # type: ignore[index]
        value = fmean(int(str(d.contract["value"]).replace("capot", "250")) for d in taken)  # type: ignore[index]
        who = "the referee's team" if ours else "the other team"
        line = (
            f"  {who} took {len(taken)} contracts (mean value {value:.0f}): made {made:.0%}, "
            f"margin {fmean(d.margin() for d in taken):+.1f}; coinched {len(coinched)}"
        )
        if coinched:
            line += f" (made {fmean(bool(d.made) for d in coinched):.0%})"
        print(line)
        if not ours:
            continue
        predicted = []
        for d in taken:
            fixed = [a for a in d.advised if a["bid"] == _bid_text(d.contract)]  # type: ignore[arg-type]
            if fixed:
                predicted.append((d, fixed[-1]))
        if predicted:
            plain = [(d, a) for d, a in predicted if not d.contract["coinche"]]  # type: ignore[index]
            print(
                f"    fixed by the advice: {len(predicted)}, predicted made "
                f"{fmean(a['made_share'] for _, a in predicted):.0%} (made "
                f"{fmean(bool(d.made) for d, _ in predicted):.0%}); uncoinched {len(plain)}: "
                f"predicted margin {fmean(a['expected_margin'] for _, a in plain):+.1f}, "
                f"scored {fmean(d.margin('scores') for d, _ in plain):+.1f}"
                if plain
                else ""
            )


def dd_report(boards: list[list[Direction]]) -> None:
    """How far perfect play on the true hands is from the play at the table: the takers' card
    points by perfect play from the first lead less those they made, by who took."""
    for ours in (True, False):
        gaps = [
            d.dd_points[t] - d.points[t]
            for b in boards
            for d in b
            if d.contract is not None
            and d.dd_points is not None
            and ((t := d.contract["taker"] % 2) == d.team) == ours
        ]
        if len(gaps) > 1:
            who = "the referee's team" if ours else "the other team"
            print(f"  {who} taking: perfect play less the play, takers' points {interval(gaps)}")
    pairs = [
        (d.dd_points[d.contract["taker"] % 2], d.points[d.contract["taker"] % 2])
        for b in boards
        for d in b
        if d.contract is not None and d.dd_points is not None
    ]
    if len(pairs) > 2:
        perfect, table = [x for x, _ in pairs], [y for _, y in pairs]
        slope, base = linear_regression(perfect, table)
        spread = pstdev([y - base - slope * x for x, y in pairs])
        print(
            f"  the takers' points at the table ~ {base:.1f} + {slope:.3f} x by perfect play, "
            f"give or take {spread:.1f} ({len(pairs)} contracts; bid.TABLE_BASE, TABLE_SLOPE, "
            "TABLE_SPREAD)"
        )


def colver_auction(colver: Any, board: int) -> tuple[Any, list[str]]:
    """Board `board`'s deal and its auction by colver's bidder at every seat, as the referee
    writes the calls."""
    env = colver.Env.deal(dealer=board % 4, seed=SEED + board)
    bidders = [colver.Agent(colver_spec(), seat=s, seed=board) for s in range(4)]
    for bidder in bidders:
        bidder.init_deal(env)
    names = []
    while env.phase() == 0:
        action = bidders[env.current_player()].action(env)
        names.append(call_name(action))
        for bidder in bidders:
            bidder.observe(env, action)
        env.step(action)
    return env, names


def check_calls(auctions: int, first: int, samples: int, inference: str | None = None) -> None:
    """How the bid advice reads colver's calls, on `auctions` of its auctions from board
    `first`: how far its bids are above the reading's value of the bidder's hand with a base
    of 20 (what inference.RESAMPLING's base is measured by); then, for each auction that ends
    in a contract, the bid advice's `pass` option after the contract's bid (its predicted
    made share of the standing contract) asked by the seat after the taker and by the
    taker's partner, against the contract made by perfect play on the true hands (with
    `inference`, the service's default if None)."""
    import colver  # a bench-only install

    from service.app import create_app
    from service.rules.advice.inference import hand_value
    from service.rules.core.cards import Card

    client = create_app().test_client()
    excess: list[int] = []
    rows: dict[str, list[tuple[float, bool]]] = {"the opponent after": [], "the partner": []}
    for board in range(first, first + auctions):
        env, names = colver_auction(colver, board)
        dealer = env.get_dealer()
        hands = [sorted(FROM_COLVER[c] for c in hand) for hand in env.get_initial_hands()]
        for index, name in enumerate(names):
            if name[0].isdigit():
                seat = (dealer + 1 + index) % 4
                held = [Card(c) for c in hands[seat]]
                excess.append(int(name[:-1]) - hand_value(held, SUIT_CODES.index(name[-1])))
        bids = [i for i, name in enumerate(names) if name[0].isdigit()]
        if not bids:
            continue
        last = bids[-1]
        taker = (dealer + 1 + last) % 4
        contract = {"taker": taker, "value": int(names[last][:-1]), "strain": names[last][-1]}
        solved = {
            "dealer": dealer,
            "contract": {**contract, "coinche": 0},
            "plays": [],
            "hands": [[CARD_CODES[c] for c in hand] for hand in hands],
            "rules": ARENA_RULES,
            "budget_ms": 10_000,
        }
        made = client.post("/v1/coinche/analysis/solve", json=solved).get_json()["value"]
        for who, after in (("the opponent after", 1), ("the partner", 2)):
            calls = names[: last + 1] + ["pass"] * (after - 1)
            if calls != names[: last + after]:
                continue  # the seat between did not pass
            seat = (taker + after) % 4
            body = {
                "dealer": dealer,
                "bids": calls,
                "seat": seat,
                "hand": [CARD_CODES[c] for c in hands[seat]],
                "samples": samples or 32,
                "seed": f"calls {board} {after}",
                "rules": ARENA_RULES,
                "budget_ms": 10_000,
                "play": "perfect",  # the reading alone, against perfect play's truth
            }
            if inference:
                body["inference"] = inference
            answer = client.post("/v1/coinche/advice/bid", json=body).get_json()
            passing = next(o for o in answer["options"] if o["bid"] == "pass")
            rows[who].append((passing["made_share"], made["contract"] == "made"))
    print(
        f"colver's bids less the bidder's hand value with a base of 20: {interval(excess)}; "
        f"{auctions} auctions from board {first}"
    )
    for who, found in rows.items():
        if found:
            print(
                f"  asked by {who}: the standing contract predicted made "
                f"{fmean(p for p, _ in found):.2f}, made by perfect play on the true hands "
                f"{fmean(m for _, m in found):.2f} ({len(found)} contracts)"
            )


def check_scoring(deals: int) -> None:
    """colver's rewards against the referee's score under ARENA_RULES, on `deals` deals bid
    and played by colver's bots at every seat (its rule-of-thumb card play: quick): how many
    agree, and each kind of disagreement."""
    import colver  # a bench-only install

    from service.app import create_app

    client = create_app().test_client()
    spec = colver_spec("heuristic")
    kinds: dict[str, int] = {}
    agree = played = 0
    for number in range(deals):
        env = colver.Env.deal(dealer=number % 4, seed=SEED + number)
        hands = [list(hand) for hand in env.get_hands()]
        agents = [colver.Agent(spec, seat=s, seed=number) for s in range(4)]
        for agent in agents:
            agent.init_deal(env)
        plays = []
        while not env.is_terminal():
            action = agents[env.current_player()].action(env)
            if env.phase() == 1:
                plays.append(FROM_COLVER[action])
            for agent in agents:
                agent.observe(env, action)
            env.step(action)
        contract = contract_of(list(env.get_bid_history()))
        if contract is None:
            continue
        played += 1
        body = {
            "dealer": env.get_dealer(),
            "contract": contract,
            "plays": [CARD_CODES[c] for c in plays],
            "hands": [[CARD_CODES[FROM_COLVER[c]] for c in hand] for hand in hands],
            "rules": ARENA_RULES,
        }
        answer = client.post("/v1/coinche/deals/replay", json=body).get_json()
        if tuple(answer["score"]["score"]) == tuple(env.rewards()):
            agree += 1
            continue
        takers = contract["taker"] % 2
        belote = env.get_belote()
        if contract["coinche"]:
            kind = "coinched (colver: 162 + m x V to the winner; the referee: m x (162 + V))"
        elif answer["score"]["contract"] != "made" and belote[takers]:
            kind = "fallen takers' belote (colver: to the defenders; the referee: kept)"
        else:
            kind = "other"
        kinds[kind] = kinds.get(kind, 0) + 1
    print(f"scoring under ARENA_RULES {ARENA_RULES}: {agree} of {played} deals agree")
    for kind, count in sorted(kinds.items()):
        print(f"  {count} {kind}")


def _or_default(value: object) -> str:
    """An option's value as the run's header prints it: 'default' when not given."""
    return "default" if value is None else str(value)


def dump(board: int, directions: list[Direction]) -> str:
    return json.dumps({"board": board, "directions": [asdict(d) for d in directions]})


def load(line: str) -> tuple[int, list[Direction]]:
    data = json.loads(line)
    directions = []
    for d in data["directions"]:
        d["rewards"], d["scores"] = tuple(d["rewards"]), tuple(d["scores"])
        d["points"] = tuple(d.get("points", (0, 0)))
        if d.get("dd_points") is not None:
            d["dd_points"] = tuple(d["dd_points"])
        directions.append(Direction(**d))
    return data["board"], directions


def kept_lines(path: Path) -> list[str]:
    """The boards' lines of a file `--out` wrote, or of it gzipped (`.gz`: the runs kept in
    bench/results/)."""
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode().splitlines()
    return path.read_text().splitlines()


def run(args: argparse.Namespace) -> list[tuple[int, list[Direction]]]:
    """Every board asked, in worker processes when `--jobs` says so; each written to `--out`
    as it ends, and its count printed every 25 boards."""
    boards = range(args.first, args.first + args.boards)
    out = args.out.open("a") if args.out else None
    results = []

    def keep(result: tuple[int, list[Direction]]) -> None:
        results.append(result)
        if out is not None:
            out.write(dump(*result) + "\n")
            out.flush()
        if len(results) % 25 == 0:
            print(f"  {len(results)} boards", file=sys.stderr, flush=True)

    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs, _init, (args,)) as pool:
            for result in pool.imap_unordered(play_board, boards):
                keep(result)
    else:
        _init(args)
        for board in boards:
            keep(play_board(board))
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first board's number")
    parser.add_argument("--mode", choices=("play", "auction"), default="play")
    parser.add_argument("--opponent", choices=("colver", "referee"), default="colver")
    parser.add_argument(
        "--their-objective",
        choices=("score", "points"),
        default="points",
        help="the referee opponent's objective (default: the advice before December 2026)",
    )
    parser.add_argument("--their-inference", default=None, help="the referee opponent's")
    parser.add_argument(
        "--bids-to-play", action="store_true", help="give the auction to the card advice"
    )
    parser.add_argument("--objective", choices=("score", "points"), default="score")
    parser.add_argument(
        "--inference", default=None, help="the advice's inference (default: the service's)"
    )
    parser.add_argument(
        "--bid-inference", default=None, help="the bid advice's (default: the service's)"
    )
    parser.add_argument(
        "--bid-play", default=None, help="the bid advice's `play` (default: the service's)"
    )
    parser.add_argument(
        "--their-bid-inference", default=None, help="the referee opponent's bid inference"
    )
    parser.add_argument("--their-bid-play", default=None, help="the referee opponent's")
    parser.add_argument("--samples", type=int, default=32, help="the referee's samples a card")
    parser.add_argument(
        "--level", default=None, help="the card advice's `level` (then not --samples) for ours"
    )
    parser.add_argument("--their-level", default=None, help="the referee opponent's")
    parser.add_argument(
        "--figures-when-forced",
        action="store_true",
        help="the referee's seats ask for a forced card's figures too, as the arena did before "
        "December 3, 2026 (by default they ask as a seat a program plays: a forced card at once)",
    )
    parser.add_argument(
        "--bid-samples", type=int, default=None, help="the bid advice's (default: its level's)"
    )
    parser.add_argument(
        "--bid-level", default=None, help="the bid advice's `level` (default: the service's)"
    )
    parser.add_argument("--their-bid-level", default=None, help="the referee opponent's")
    parser.add_argument(
        "--coinche-risk",
        type=float,
        default=None,
        help="the bid advice's `coinche_risk` (default: the service's)",
    )
    parser.add_argument("--their-coinche-risk", type=float, default=None, help="the opponent's")
    parser.add_argument(
        "--budget-ms",
        type=int,
        default=10_000,
        help="the referee's budget a card or call, at most the service's 10000 (on a loaded "
        "machine it may cut the searches: each call keeps the deals it searched)",
    )
    parser.add_argument("--worlds", type=int, default=32, help="colver IS-DD's determinizations")
    parser.add_argument("--colver-method", default="isdd")
    parser.add_argument(
        "--colver-together",
        action="store_true",
        help="colver's bots in the arena's own process, as before December 3, 2026 (by "
        "default they play from a process of their own, bench/colver_seat.py, so that "
        "neither side's time a card holds the other's threads)",
    )
    parser.add_argument("--matches", action="store_true", help="also the matches to 2000")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", type=Path, help="also write each board as a JSON line here")
    parser.add_argument(
        "--report", type=Path, nargs="+", help="print the figures of boards written by --out"
    )
    parser.add_argument(
        "--check-calls",
        type=int,
        metavar="AUCTIONS",
        help="only measure how the bid advice reads colver's calls, on AUCTIONS auctions "
        "from --first",
    )
    parser.add_argument(
        "--check-scoring",
        type=int,
        metavar="DEALS",
        help="only compare colver's rewards with the referee's score on DEALS deals",
    )
    args = parser.parse_args(argv)
    started, at_start = perf_counter(), os.getloadavg()
    if args.check_scoring:
        check_scoring(args.check_scoring)
        return
    if args.check_calls:
        check_calls(args.check_calls, args.first, args.bid_samples, args.bid_inference)
        return
    if args.report:
        results = [load(line) for path in args.report for line in kept_lines(path)]
    else:
        results = run(args)
    print(
        f"bench/arena.py: mode {args.mode}, opponent {args.opponent}, objective "
        f"{args.objective}, inference {args.inference or 'default'}, samples {args.samples}, "
        f"card level {args.level or '(samples)'} against {args.their_level or '(samples)'}, "
        f"colver {args.colver_method} {args.worlds} worlds; {perf_counter() - started:.0f} s"
    )
    if args.mode == "auction":
        print(
            f"  calls: inference {args.bid_inference or 'default'}, play "
            f"{args.bid_play or 'default'}, level {args.bid_level or 'default'}, "
            f"{args.bid_samples or 'default'} samples, coinche risk "
            f"{_or_default(args.coinche_risk)}"
            + (
                f"; theirs: inference {args.their_bid_inference or 'default'}, play "
                f"{args.their_bid_play or 'default'}, level {args.their_bid_level or 'default'}"
                f", coinche risk {_or_default(args.their_coinche_risk)}"
                if args.opponent == "referee"
                else ""
            )
        )
    if not args.report:
        print(
            f"the machine: {os.cpu_count()} CPUs, load average {at_start[0]:.1f} at the start and "
            f"{os.getloadavg()[0]:.1f} at the end (the referee's ADVICE_THREADS: "
            f"{os.environ.get('ADVICE_THREADS') or 'default'})"
        )
    report(results, args)


if __name__ == "__main__":
    main()
