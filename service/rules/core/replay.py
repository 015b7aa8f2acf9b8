"""Replaying a deal record, in any variant: tricks, every proven renonce with its proof, the
belotes, the declarations, and the score (the variant's: `replay_deal` takes its rules).

RULES.md "Proving a renonce": a card never enters a hand after the deal, so the cards a
player is known to hold at a play are their whole remaining hand when the hands are given,
else the card played and every card they play later in the record. A play illegal against
those cards is illegal against any larger hand, so a proof from later plays is never wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from service.rules.core.annonces import Annonce, classify
from service.rules.core.cards import (
    DECK_POINTS,
    DECK_SIZE,
    HAND_SIZE,
    KING,
    LAST_TRICK_BONUS,
    QUEEN,
    Card,
    CardValues,
    mask_of,
)
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.options import Options
from service.rules.core.play import (
    PlayOptions,
    Violation,
    always_legal,
    obligation,
    obligation_of_mask,
    trick_winner,
    violation,
)
from service.rules.core.scoring import ScoredDeal
from service.rules.core.seats import (
    PLAYERS,
    TURN_ORDER,
    Seat,
    Team,
    duplicates,
    seat_after,
    team_of,
)
from service.rules.core.strains import Strain
from service.text.catalog import Cards

TRICKS = 8


@dataclass(frozen=True, slots=True)
class Declaration:
    """What a seat declared with its first card: one annonce, given by its cards."""

    seat: Seat
    cards: tuple[Card, ...]


class PlayedRecord(Protocol):
    """A deal as played, in any variant, as the replay reads it: who dealt, the strain
    (classic's trump suit; coinche's contract's, which may be SA or TA), who took, the cards
    in the order played, optionally each seat's 8 cards after the deal, and the annonces
    declared."""

    @property
    def dealer(self) -> Seat: ...

    @property
    def strain(self) -> Strain: ...

    @property
    def taker(self) -> Seat: ...

    @property
    def plays(self) -> tuple[Card, ...]: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...] | None: ...

    @property
    def declarations(self) -> tuple[Declaration, ...]: ...


@dataclass(frozen=True, slots=True)
class Belote:
    """King and queen of `suit` in one seat's hand: 20 to its team (RULES.md "Belote",
    RULES-COINCHE.md "Belote")."""

    seat: Seat
    suit: int

    @property
    def team(self) -> Team:
        return team_of(self.seat)


class TrickRecord(NamedTuple):
    """One trick of a replay (a named tuple: eight are made per replay, cheaply)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None  # None while the trick is incomplete
    points: int | None  # card points, with the dix de der on the last trick


@dataclass(frozen=True, slots=True)
class Proof:
    """Why a renonce is proven: the given hand, or a later play of the card that had to be
    played (which was therefore in the hand)."""

    by: str  # "hand" | "later_play"
    card: Card | None = None
    play: int | None = None


@dataclass(frozen=True, slots=True)
class Renonce:
    play: int
    trick: int
    seat: Seat
    card: Card
    violation: Violation
    proof: Proof


@dataclass(frozen=True, slots=True)
class DeclarationVerdict:
    """A declaration checked against the declaring seat's hand; `problem` says why it does
    not count (code and parameters for the message catalog)."""

    index: int
    seat: Seat
    cards: tuple[Card, ...]
    annonce: Annonce | None
    problem: Problem | None


@dataclass(frozen=True, slots=True)
class PlaysJudged:
    """A deal record's plays judged, whatever the variant: the tricks, every proven renonce,
    who is to move and, when the hands are known, what they may play, and each team's card
    points (with the dix de der once the deal is complete). A replay of either variant is
    this and what it adds."""

    tricks: tuple[TrickRecord, ...]
    renonces: tuple[Renonce, ...]
    complete: bool
    to_move: Seat | None
    legal: tuple[Card, ...] | None  # when the hands are known and the deal is not complete
    points: tuple[int, int]  # the strain's values, scaled when coinche's option says; 162 in all
    remaining: tuple[tuple[Card, ...], ...] | None  # each seat's cards left, when hands are known

    def judged(self) -> dict[str, Any]:
        """These fields by name, to make a variant's replay of them."""
        return {field.name: getattr(self, field.name) for field in fields(PlaysJudged)}


@dataclass(frozen=True, slots=True)
class Played(PlaysJudged):
    """The plays judged (`judge_plays`), with who played each card."""

    seats: Sequence[Seat]


RecordT = TypeVar("RecordT", contravariant=True)
OptionsT = TypeVar("OptionsT", bound=Options, contravariant=True)
ScoreT = TypeVar("ScoreT", bound=ScoredDeal[Any])
SummaryT = TypeVar("SummaryT")


@dataclass(frozen=True, slots=True)
class Replay(PlaysJudged, Generic[ScoreT, SummaryT]):
    """A deal replayed (`replay_deal`): the plays judged, the belotes held and known under
    the strain (from the hands, else once a seat has played both honours), those that count
    (held, and announced unless option `belote` is `automatic`), the declarations checked
    (option `annonces`), and on a complete deal its score and what it was worked out from."""

    held: tuple[Belote, ...]
    belotes: tuple[Belote, ...]
    declarations: tuple[DeclarationVerdict, ...]
    score: ScoreT | None
    summary: SummaryT | None = None

    @property
    def belote_team(self) -> Team | None:
        """The team holding a belote of the strain's, when one is known (classic's answer)."""
        return self.held[0].team if self.held else None


class ReplayRules(Protocol[RecordT, OptionsT, ScoreT, SummaryT]):
    """What a variant says of its records when they are replayed (its `Variant`): why a
    record's contract cannot be judged, what the cards are worth under a strain, which suits
    make a belote, whether a belote held counts, what a complete deal's score is worked out
    from, and that score."""

    def record_problems(self, record: RecordT, options: OptionsT) -> list[Problem]: ...

    def card_values(self, strain: Strain, options: OptionsT) -> CardValues: ...

    def belote_suits(self, strain: Strain, options: OptionsT) -> tuple[int, ...]: ...

    def belote_counts(self, record: RecordT, belote: Belote, options: OptionsT) -> bool: ...

    def summary(
        self,
        record: RecordT,
        played: Played,
        belotes: tuple[Belote, ...],
        declarations: tuple[DeclarationVerdict, ...],
    ) -> SummaryT: ...

    def score_deal(self, summary: SummaryT, options: OptionsT) -> ScoreT: ...


def replay_deal(
    rules: ReplayRules[RecordT, OptionsT, ScoreT, SummaryT], record: Any, options: Any
) -> Replay[ScoreT, SummaryT]:
    """`record` replayed under `rules` (a variant): checked, every play judged, its belotes
    and declarations, and a complete deal scored."""
    check_record(record, rules.record_problems(record, options))
    played = judge_plays(record, options, rules.card_values(record.strain, options))
    held = tuple(
        Belote(holder, suit)
        for suit in rules.belote_suits(record.strain, options)
        if (holder := belote_holder(record, played.seats, suit)) is not None
    )
    belotes = tuple(belote for belote in held if rules.belote_counts(record, belote, options))
    declarations = check_declarations(record, played.seats) if options.annonces else ()
    score = summary = None
    if played.complete:
        summary = rules.summary(record, played, belotes, declarations)
        score = rules.score_deal(summary, options)
    return Replay(
        **played.judged(),
        held=held,
        belotes=belotes,
        declarations=declarations,
        score=score,
        summary=summary,
    )


def belote_counts(belotes: Sequence[Belote]) -> tuple[int, int]:
    """How many of `belotes` each team counts: a deal to score's `belote`."""
    return (
        sum(belote.team == 0 for belote in belotes),
        sum(belote.team == 1 for belote in belotes),
    )


def renonce_team(played: PlaysJudged) -> Team | None:
    """The team whose renonce, the first one proven, decides the deal."""
    return team_of(played.renonces[0].seat) if played.renonces else None


def judge_plays(record: PlayedRecord, options: PlayOptions, values: CardValues) -> Played:
    """The plays of `record` judged under `record.strain` (a suit, or a coinche strain), the
    cards worth `values`: the part of a replay every variant shares."""
    strain = record.strain
    seats, tricks, raw = _tricks(record, values.points)
    complete = len(record.plays) == DECK_SIZE
    if record.hands is not None:
        renonces, remaining = _renonces_by_hand(record, seats, options)
    else:
        renonces, remaining = _renonces_by_later_plays(record, seats, options), None
    points = raw
    if values.raw_deck != DECK_POINTS:  # coinche's `scaled`: team totals, dix de der apart
        points = [values.team_points(raw[0]), values.team_points(raw[1])]

    to_move = legal = None
    if complete:
        points[team_of(tricks[-1].winner)] += LAST_TRICK_BONUS  # type: ignore[arg-type]  # dix de der
    else:
        last = tricks[-1] if tricks else None
        if last is None:
            to_move = seat_after(record.dealer)
            table: tuple[Card, ...] = ()
        elif last.winner is None:
            to_move = seat_after(last.leader, len(last.cards))
            table = last.cards
        else:
            to_move, table = last.winner, ()
        if remaining is not None:
            legal = tuple(obligation(remaining[to_move], table, strain, options)[0])
    return Played(
        tuple(tricks),
        tuple(renonces),
        complete,
        to_move,
        legal,
        (points[0], points[1]),
        remaining,
        seats,
    )


def capot_team(tricks: Sequence[TrickRecord]) -> Team | None:
    """The team that won all 8 tricks of a complete deal, else None."""
    winners = {team_of(t.winner) for t in tricks if t.winner is not None}
    return winners.pop() if len(winners) == 1 else None


def sweeping_seat(tricks: Sequence[TrickRecord]) -> Seat | None:
    """The seat that won all 8 tricks of a complete deal alone (coinche's générale), else
    None."""
    winners = {t.winner for t in tricks if t.winner is not None}
    return winners.pop() if len(winners) == 1 else None


def declared_annonces(
    declarations: Sequence[DeclarationVerdict],
) -> tuple[tuple[Annonce, ...], tuple[Annonce, ...]]:
    """The valid declarations' annonces, per team."""
    team_annonces: tuple[list[Annonce], list[Annonce]] = ([], [])
    for verdict in declarations:
        if verdict.annonce is not None:
            team_annonces[team_of(verdict.seat)].append(verdict.annonce)
    return tuple(team_annonces[0]), tuple(team_annonces[1])


def check_record(record: PlayedRecord, found: list[Problem]) -> None:
    """The record must be a deal that can have happened; problems `found` with what took
    (the taker, the contract) are raised with the record's own, after the dealer's."""
    problems = []
    if record.dealer not in range(PLAYERS):
        problems.append(Problem("/dealer", "not_a_seat", {"value": record.dealer}))
    problems += found
    if len(record.plays) > DECK_SIZE:
        problems.append(Problem("/plays", "too_many_plays", {"size": len(record.plays)}))
    problems += duplicates(record.plays, "/plays")
    if record.hands is not None:
        if len(record.hands) != PLAYERS:
            problems.append(Problem("/hands", "hands_count", {"size": len(record.hands)}))
        for seat, hand in enumerate(record.hands):
            if len(hand) != HAND_SIZE:
                problems.append(
                    Problem(f"/hands/{seat}", "hand_size", {"expected": 8, "size": len(hand)})
                )
        hands = record.hands
        problems += duplicates(
            [c for hand in hands for c in hand],
            "/hands",
            lambda: [f"/hands/{s}/{i}" for s, hand in enumerate(hands) for i in range(len(hand))],
        )
    for index, declaration in enumerate(record.declarations):
        if declaration.seat not in range(PLAYERS):
            problems.append(
                Problem(f"/declarations/{index}/seat", "not_a_seat", {"value": declaration.seat})
            )
    if problems:
        raise InconsistentInput(problems)


def _tricks(
    record: PlayedRecord, values: Sequence[int]
) -> tuple[list[Seat], list[TrickRecord], list[int]]:
    """Who played each card, the tricks with leader, winner and points (`values` per card,
    the dix de der on the last), and each team's card points so far, dix de der apart."""
    strain = record.strain
    leader = seat_after(record.dealer)  # The player after the dealer leads first.
    seats: list[Seat] = []
    tricks: list[TrickRecord] = []
    points = [0, 0]
    plays = record.plays
    for start in range(0, len(plays), PLAYERS):
        cards = plays[start : start + PLAYERS]
        seats += TURN_ORDER[leader][: len(cards)]
        if len(cards) < PLAYERS:
            tricks.append(TrickRecord(leader, cards, None, None))
            break
        winner = seat_after(leader, trick_winner(cards, strain))
        won = values[cards[0]] + values[cards[1]] + values[cards[2]] + values[cards[3]]
        points[team_of(winner)] += won
        if len(tricks) == TRICKS - 1:
            won += LAST_TRICK_BONUS  # dix de der
        tricks.append(TrickRecord(leader, cards, winner, won))
        leader = winner
    return seats, tricks, points


def _renonces_by_hand(
    record: PlayedRecord, seats: Sequence[Seat], options: PlayOptions
) -> tuple[list[Renonce], tuple[tuple[Card, ...], ...]]:
    """Every play judged against the player's remaining hand; also the hands left."""
    hands = record.hands
    assert hands is not None
    held = [mask_of(hand) for hand in hands]  # what each seat still holds, as a bit mask
    renonces: list[Renonce] = []
    problems: list[Problem] = []
    plays, strain = record.plays, record.strain
    for index, card in enumerate(plays):
        seat = seats[index]
        if not held[seat] >> card & 1:
            problems.append(
                Problem(
                    f"/plays/{index}", "play_not_in_hand", {"card": Cards((card,)), "seat": seat}
                )
            )
            continue
        table = plays[index - index % PLAYERS : index]
        if not always_legal(card, table, strain):
            legal = obligation_of_mask(held[seat], table, strain, options)[0]
            if not legal >> card & 1:  # a renonce: say why, from the hand in its order
                hand = [c for c in hands[seat] if held[seat] >> c & 1]
                found = violation(hand, table, strain, card, options)
                assert found is not None
                renonces.append(Renonce(index, index // PLAYERS, seat, card, found, Proof("hand")))
        held[seat] &= ~(1 << card)
    if problems:
        raise InconsistentInput(problems)
    return renonces, tuple(
        tuple([c for c in hand if mask >> c & 1]) for hand, mask in zip(hands, held, strict=True)
    )


def _renonces_by_later_plays(
    record: PlayedRecord, seats: Sequence[Seat], options: PlayOptions
) -> list[Renonce]:
    """Every play judged against the cards its player is known to hold: that card and every
    card the player plays later in the record."""
    plays = record.plays
    by_seat: list[list[int]] = [[] for _ in range(PLAYERS)]  # play indexes, per seat
    for index, seat in enumerate(seats):
        by_seat[seat].append(index)
    renonces: list[Renonce] = []
    for seat_plays in by_seat:
        for position, index in enumerate(seat_plays):
            table = plays[index - index % PLAYERS : index]
            card = plays[index]
            if always_legal(card, table, record.strain):
                continue
            known = [plays[i] for i in seat_plays[position:]]
            found = violation(known, table, record.strain, card, options)
            if found is None:
                continue
            # The first later play of a card that had to be played proves it was held.
            proof = next(i for i in seat_plays[position + 1 :] if plays[i] in found.required)
            renonces.append(
                Renonce(
                    index,
                    index // PLAYERS,
                    seats[index],
                    card,
                    found,
                    Proof("later_play", plays[proof], proof),
                )
            )
    renonces.sort(key=lambda r: r.play)
    return renonces


def belote_holder(record: PlayedRecord, seats: Sequence[Seat], suit: int) -> Seat | None:
    """The seat holding both K and Q of `suit`: from the hands, else once one seat has played
    both; None when nobody holds both, or it is not known yet."""
    king, queen = Card.of(KING, suit), Card.of(QUEEN, suit)
    if record.hands is not None:
        return next((s for s, h in enumerate(record.hands) if king in h and queen in h), None)
    played = {card: seats[i] for i, card in enumerate(record.plays) if card in (king, queen)}
    if len(played) == 2 and played[king] == played[queen]:
        return played[king]
    return None


def check_declarations(
    record: PlayedRecord, seats: Sequence[Seat]
) -> tuple[DeclarationVerdict, ...]:
    """Each declaration against its seat's hand: the given hand, else the cards the seat
    played (its whole hand on a complete deal); a card played by another seat was never held.
    """
    held: list[set[Card]] | None = None
    if record.hands is not None:
        held = [set(h) for h in record.hands]
    elif len(record.plays) == DECK_SIZE:
        held = [set() for _ in range(PLAYERS)]
        for index, card in enumerate(record.plays):
            held[seats[index]].add(card)
    played_by = {card: seats[i] for i, card in enumerate(record.plays)}
    used: list[set[Card]] = [set() for _ in range(PLAYERS)]
    verdicts = []
    for index, declaration in enumerate(record.declarations):
        seat, cards = declaration.seat, declaration.cards
        annonce = classify(cards)
        missing = [
            c
            for c in cards
            if (held is not None and c not in held[seat]) or played_by.get(c, seat) != seat
        ]
        reused = [c for c in cards if c in used[seat]]
        problem = None
        listed = Cards(cards, every=True)
        if annonce is None:
            problem = Problem(
                f"/declarations/{index}", "declaration.not_an_annonce", {"cards": listed}
            )
        elif missing:
            problem = Problem(
                f"/declarations/{index}",
                "declaration.not_held",
                {"seat": seat, "cards": listed, "missing": Cards(tuple(missing), every=True)},
            )
        elif reused:
            problem = Problem(
                f"/declarations/{index}",
                "declaration.card_reused",
                {"seat": seat, "card": Cards((reused[0],))},
            )
        else:
            used[seat].update(cards)
        verdicts.append(
            DeclarationVerdict(index, seat, cards, None if problem else annonce, problem)
        )
    return tuple(verdicts)
