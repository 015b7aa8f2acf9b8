"""The sample archive the audit's guide starts with (samples/archive/): deals played by the
referee's own advice at every seat, a few of them with renonces, and a few lines that cannot
be judged.

    .venv/bin/python -m scripts.sample_archive            # or: make sample-archive
    .venv/bin/python -m scripts.sample_archive --classic 4 --coinche 4 --out /tmp/sample

Writes `classic.ndjson.gz` and `coinche.ndjson.gz` into `--out` (samples/archive), one deal
record per line in the audit's input format (docs/audit.md "Input"). The same `--seed` gives
the same records, line for line, on every machine: the deals are dealt from text seeds
(service.rules.core.dealing), every choice is the advice's (drawn from a seed of its own, over
`--samples` deals, with a budget wide enough that no advice is cut short) or this script's
`random.Random(seed)`.

How each deal is played:

- Players: four of `POOL` drawn by seat, so that partnerships vary from deal to deal.
- Classic's bidding: each seat in turn asks `advise_take` (round 1, then round 2; its
  `strong` level, every deal searched, as when the archive was made) and follows it; when
  all pass twice, the deal is dealt again from the next seed.
- Coinche's auction: a simple bidder, not the bid advice (`advise_bid`). A seat values each
  suit as trump: its trumps' card points, 11 for each other ace, 10 for a ten beside its ace,
  20 for the king and queen of trump; 50 bids 80, each 10 more bids 10 more (160 at most). It
  bids its best suit when that outbids the standing bid and the standing bid is not its
  partner's; otherwise it passes. Nobody coinches. Four passes: dealt again.
- The play: every card is the one `advise_play` (classic) or `advise_coinche_play` (coinche)
  gives the seat to play, from its own view (its hand, the cards played); a seat with one
  legal card plays it.
- Renonces: `RENOUNCER` plays, in about `RENONCE_SHARE` of its deals, one illegal card on
  purpose, the first time it holds one (chosen at random among them); the deal goes on with
  the advice, but where the advice finds no deal of the unseen cards that agrees with the
  plays (the renonce showed a void the renouncer did not have), a legal card at random. The
  records carry the hands, so the referee proves each renonce by the hand.
- The auction is in the record (`calls`, as the table and the review read them; classic's
  with its `turned` card): the view from the seats weighs its deals by it.
- The announced belote: the record says it was announced when a seat holds the king and queen
  of trump (coinche: that seat and suit).
- `BAD_LINES` (not JSON, a wrong field, a value out of range, a record that is not a deal,
  and in each file a record without its hands) go in among the records at fixed lines: the
  audit lists each in its errors but the records without hands, which it judges and, with
  `--review`, refuses to review ("no hands").
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

import orjson

from service.rules import DealRecord, deal, legal_cards, trick_winner
from service.rules.advice.advise import advise_coinche_play, advise_play, advise_take
from service.rules.advice.policy import STRONG
from service.rules.core.cards import HAND_SIZE, Card, Suit
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS, Seat, seat_after, team_of
from service.rules.core.strains import STRAIN_CODES
from service.rules.variants import COINCHE
from service.rules.variants.classic.bidding import PASS
from service.rules.variants.coinche.bidding import judge_auction
from service.rules.variants.coinche.options import Contract
from service.rules.variants.coinche.replay import CoincheRecord

ROOT: Final = Path(__file__).resolve().parent.parent
OUT: Final = ROOT / "samples" / "archive"
SEED: Final = 31
DEALS: Final = 200  # of each variant
SAMPLES: Final = 8  # deals of the unseen cards each advice solves
BUDGET_MS: Final = 60_000  # wide: an advice cut short by time would not be reproducible
POOL: Final = tuple(f"player-{n:02d}" for n in range(1, 9))
RENOUNCER: Final = "player-05"
RENONCE_SHARE: Final = 0.3
MAX_REDEALS: Final = 100
# Lines the audit cannot judge (or review), by the line number they take in their file.
BAD_LINES: Final = {
    "classic": {
        12: b'{"id": "classic-cut", "dealer": 0, "trump": "H", "taker": 1, "plays": ["7S", tru',
        57: "no hands",
        101: b'{"id": "classic-wrong", "dealer": 2, "trump": "X", "taker": 1, "plays": []}',
    },
    "coinche": {
        33: b"not json at all",
        88: "no hands",
        150: b'{"id": "coinche-wrong", "variant": "coinche", "dealer": 1, "contract": '
        b'{"taker": 0, "value": 85, "strain": "S"}, "plays": []}',
        177: b"[1, 2, 3]",
    },
}
"""Each variant's bad lines: a line's bytes, or "no hands": the next record without them."""

TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
OPENING, OPENING_VALUE, STEP, MAX_VALUE = 50, 80, 10, 160


@dataclass
class Table:
    """A deal being played: the hands held, the cards played so far."""

    dealer: Seat
    hands: list[list[Card]]
    strain: int
    plays: list[Card]


def _rank(card: Card) -> str:
    return str(card)[:-1]


def _suit_value(hand: Sequence[Card], suit: int) -> int:
    """The simple bidder's value of `hand` with `suit` as trump."""
    value = sum(TRUMP_POINTS.get(_rank(c), 0) for c in hand if c.suit == suit)
    for other in Suit:
        ranks = {_rank(c) for c in hand if c.suit == other}
        if other != suit and "A" in ranks:
            value += 11 + 10 * ("10" in ranks)
    if {"K", "Q"} <= {_rank(c) for c in hand if c.suit == suit}:
        value += 20
    return value


def simple_call(hand: Sequence[Card], standing: Contract | None, seat: Seat) -> str:
    """The simple bidder's call (the module's docstring)."""
    suit = max(Suit, key=lambda s: (_suit_value(hand, s), -s))  # the first suit of the best
    value = _suit_value(hand, suit)
    if value < OPENING:
        return PASS
    bid = min(OPENING_VALUE + STEP * ((value - OPENING) // STEP), MAX_VALUE)
    if standing is not None and (
        team_of(standing.taker) == team_of(seat) or not bid > int(standing.value)
    ):
        return PASS
    return f"{bid}{STRAIN_CODES[suit]}"


def coinche_auction(
    dealer: Seat, hands: Sequence[Sequence[Card]]
) -> tuple[Contract, list[str]] | None:
    """The simple bidders' auction: its contract and its calls; None: four passes."""
    calls: list[str] = []
    while True:
        auction = judge_auction(dealer, calls)
        if auction.next is None:
            return None if auction.contract is None else (auction.contract, calls)
        calls.append(simple_call(hands[auction.next], auction.standing, auction.next))


def classic_bidding(
    dealer: Seat, hands: Sequence[Sequence[Card]], turned: Card, samples: int, seed: str
) -> tuple[Seat, Suit, list[str]] | None:
    """The seat that takes by `advise_take`'s advice, its trump and the bids; None: all pass
    twice."""
    bids: list[str] = []
    for round_ in (1, 2):
        for offset in range(1, PLAYERS + 1):
            seat = seat_after(dealer, offset)
            advice = advise_take(
                dealer, seat, tuple(hands[seat]), turned, round_, samples=samples,
                seed=seed, budget_ms=BUDGET_MS, level=STRONG,
            )  # fmt: skip
            bids.append(advice.advice or PASS)
            if advice.advice not in (None, PASS):
                return seat, turned.suit if round_ == 1 else Suit.parse(advice.advice), bids
    return None


Advise = Callable[[Table, Seat, tuple[Card, ...]], Card | None]


def play(
    table: Table, players: Sequence[str], advise: Advise, rng: random.Random, renounces: bool
) -> bool:
    """The deal played out into `table.plays`; whether the renouncer renounced."""
    leader = seat_after(table.dealer)
    renounced = False
    for _ in range(HAND_SIZE):
        trick: list[Card] = []
        for offset in range(PLAYERS):
            seat = seat_after(leader, offset)
            held = table.hands[seat]
            legal = legal_cards(held, trick, table.strain)
            illegal = [card for card in held if card not in legal]
            if renounces and not renounced and players[seat] == RENOUNCER and illegal:
                card, renounced = rng.choice(illegal), True
            elif len(legal) == 1:
                card = legal[0]
            else:
                try:
                    card = advise(table, seat, tuple(held)) or legal[0]
                except InconsistentInput:
                    if not renounced:
                        raise
                    card = rng.choice(legal)  # the renonce belied a void: no deal agrees
            held.remove(card)
            trick.append(card)
            table.plays.append(card)
        leader = seat_after(leader, trick_winner(trick, table.strain))
    return renounced


def _card(samples: int, card_samples: int | None) -> int | None:
    """The deals the card advice values: `card_samples` (None: its default level's, 16 in the
    first trick and 32 after), 0: the bidding's `samples` too."""
    return samples if card_samples == 0 else card_samples


def _holder_of_belote(hands: Sequence[Sequence[Card]], suit: int) -> Seat | None:
    for seat, hand in enumerate(hands):
        if {"K", "Q"} <= {_rank(c) for c in hand if c.suit == suit}:
            return seat
    return None


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


T = TypeVar("T")


def _until_taken(
    variant: str, number: int, seed: int, bid: Callable[[str], T | None]
) -> tuple[str, T]:
    """The first deal of the `number`th that somebody takes: its text seed (dealt again
    from the next one when all pass) and what `bid` made of it."""
    for redeal in range(MAX_REDEALS):
        text_seed = f"sample archive {seed} {variant} {number} deal {redeal}"
        if (taken := bid(text_seed)) is not None:
            return text_seed, taken
    raise RuntimeError(f"{variant} deal {number}: passed out {MAX_REDEALS} times")


def classic_record(
    number: int, seed: int, samples: int, rng: random.Random, card_samples: int | None = 0
) -> dict[str, Any]:
    players, dealer = rng.sample(POOL, PLAYERS), number % PLAYERS
    renounces = rng.random() < RENONCE_SHARE

    def bid(text_seed: str) -> tuple[Seat, Suit, list[str]] | None:
        dealt = deal(text_seed, dealer)
        return classic_bidding(dealer, dealt.hands, dealt.turned, samples, text_seed)

    text_seed, taken = _until_taken("classic", number, seed, bid)
    dealt = deal(text_seed, dealer)
    taker, trump, bids = taken
    hands = deal(text_seed, dealer, taker).hands
    belote = _holder_of_belote(hands, trump) is not None
    table = Table(dealer, [list(hand) for hand in hands], trump, [])

    def advise(table: Table, seat: Seat, hand: tuple[Card, ...]) -> Card | None:
        record = DealRecord(dealer, trump, taker, tuple(table.plays), belote_announced=belote)
        return advise_play(
            record, seat, hand, turned=dealt.turned, samples=_card(samples, card_samples),
            seed=f"{text_seed} card {len(table.plays)}", budget_ms=BUDGET_MS,
        ).card  # fmt: skip

    play(table, players, advise, rng, renounces)
    return {
        "id": f"classic-{number:03d}",
        "players": players,
        "dealer": dealer,
        "trump": STRAIN_CODES[trump],
        "taker": taker,
        "turned": str(dealt.turned),
        "calls": bids,
        "belote_announced": belote,
        "plays": _codes(table.plays),
        "hands": [_codes(hand) for hand in hands],
    }


def coinche_record(
    number: int, seed: int, samples: int, rng: random.Random, card_samples: int | None = 0
) -> dict[str, Any]:
    players, dealer = rng.sample(POOL, PLAYERS), number % PLAYERS
    renounces = rng.random() < RENONCE_SHARE
    text_seed, (contract, calls) = _until_taken(
        "coinche",
        number,
        seed,
        lambda text: coinche_auction(dealer, COINCHE.deal(text, dealer).hands),
    )
    hands = COINCHE.deal(text_seed, dealer).hands
    table = Table(dealer, [list(hand) for hand in hands], contract.strain, [])

    def advise(table: Table, seat: Seat, hand: tuple[Card, ...]) -> Card | None:
        record = CoincheRecord(dealer, contract, tuple(table.plays))
        return advise_coinche_play(
            record, seat, hand, samples=_card(samples, card_samples),
            seed=f"{text_seed} card {len(table.plays)}",
            budget_ms=BUDGET_MS,
        ).card  # fmt: skip

    play(table, players, advise, rng, renounces)
    holder = _holder_of_belote(hands, contract.strain)
    return {
        "id": f"coinche-{number:03d}",
        "variant": "coinche",
        "players": players,
        "dealer": dealer,
        "contract": {
            "taker": contract.taker,
            "value": contract.value,
            "strain": STRAIN_CODES[contract.strain],
        },
        "calls": calls,
        "belote_announced": []
        if holder is None
        else [{"seat": holder, "suit": STRAIN_CODES[contract.strain]}],
        "plays": _codes(table.plays),
        "hands": [_codes(hand) for hand in hands],
    }


MAKERS: Final = {"classic": classic_record, "coinche": coinche_record}


def lines(variant: str, deals: int, seed: int, samples: int) -> list[bytes]:
    """A variant's file: `deals` records, and each of `BAD_LINES` at its line while there are
    records before it."""
    rng = random.Random(f"{seed} {variant}")
    made: list[bytes] = []
    for number in range(deals):
        while isinstance(bad := BAD_LINES[variant].get(len(made) + 1), bytes):
            made.append(bad)
        record = MAKERS[variant](number, seed, samples, rng)
        if bad is not None:  # "no hands"
            del record["hands"]
        made.append(orjson.dumps(record))
    return made


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--classic", type=int, default=DEALS, help="classic deals")
    parser.add_argument("--coinche", type=int, default=DEALS, help="coinche deals")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--samples", type=int, default=SAMPLES, help="deals each advice solves")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for variant in MAKERS:
        started = time.monotonic()
        made = lines(variant, getattr(args, variant), args.seed, args.samples)
        path = args.out / f"{variant}.ndjson.gz"
        path.write_bytes(gzip.compress(b"\n".join(made) + b"\n", compresslevel=9, mtime=0))
        seconds = time.monotonic() - started
        print(f"{path}: {len(made)} lines, {seconds:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
