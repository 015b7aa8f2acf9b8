"""A table: one deal of a game as a card room plays it, from its record, in either game.

As python-chess's `Board` and OpenSpiel's `State`: a table is built from its record (the
cards as dealt, the calls, the plays, what was said, the claim that ended the deal) and the
game before it, and says its phase, who is to act and what that seat may do, each hand, the
trick, the contract, the renonces, and once the deal is over its score and the game's. An
action (`act`: a call, a card, an announcement, a claim) is judged: the verdict, and the
table after it with its record.

No rule is decided here: the auction is the variant's (`Variant.auction`), the play the
replay's (`Variant.replay`, every play judged against the hands), a card's ruling
`play.judge`'s, the deal's score the variant's (`score_deal`), the game `score_game`'s, a
claim of the tricks left the solver's (`questions.judge_claim_in`, mode best). The table
only puts them in order. The top floor, as `description.py`: it reads the variants and the
solver; nothing below reads it.

Choices the texts leave open, stated in the rules' description (`rule.table.*`):

- A belote is announced as its first honour is played: the seat to act says `belote` when it
  holds the king and queen of a suit that makes one; `rebelote` once it has played one of
  them and holds the other (`belote_said: both`: the belote counts only once both are said).
- A renonce left standing (`illegal_card: stand`) is claimed by a seat of the other team: the
  deal stops there; the cards not yet played count for the team that claimed, and the deal
  is scored with the renonce deciding it (the variant's penalty).
- A claim of the tricks left holds when the claimant's team takes them all whatever the
  opponents do (perfect play, every hand known to the referee): the deal ends, the cards left
  count for that team. A claim that fails changes nothing: play goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final, NamedTuple

from service.rules.analysis.explain import explain_claim_in
from service.rules.analysis.policy import DEFAULT_BUDGET_MS
from service.rules.analysis.questions import BEST, Claim, judge_claim_in
from service.rules.core.annonces import Annonce, classify, declarable
from service.rules.core.cards import DEAL_POINTS, DECK_SIZE, HAND_SIZE, KING, QUEEN, Card
from service.rules.core.checks import check_distinct
from service.rules.core.dealing import Deal
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.play import IllegalPlay, Violation, judge, trick_winner
from service.rules.core.replay import (
    Belote,
    Declaration,
    Renonce,
    Replay,
    belote_counts,
    declared_annonces,
)
from service.rules.core.scoring import GameScore, ScoredDeal
from service.rules.core.seats import PLAYERS, Seat, seat_after, team_of
from service.rules.variants.base import Taken, Variant, honours
from service.text.catalog import Cards, Sentence, Speaks, Suited

AUCTION, PLAY, DEAL_OVER, REDEAL, GAME_OVER = "auction", "play", "deal_over", "redeal", "game_over"
PHASES: Final = (AUCTION, PLAY, DEAL_OVER, REDEAL, GAME_OVER)
CALL, CARD, ANNOUNCE, CLAIM = "call", "card", "announce", "claim"
ACTIONS: Final = (CALL, CARD, ANNOUNCE, CLAIM)
BELOTE, REBELOTE, ANNONCE = "belote", "rebelote", "annonce"
SAYINGS: Final = (BELOTE, REBELOTE, ANNONCE)
RENONCE_CLAIM, REST_CLAIM = "renonce", "rest"
CLAIMS: Final = (RENONCE_CLAIM, REST_CLAIM)
LEGAL: Final = "legal"
STANDS: Final = frozenset({LEGAL, "renonce_claimed", "rest_claimed"})
"""The table's own verdicts on an action that stands."""


@dataclass(frozen=True, slots=True)
class Said:
    """What a seat said at the table: `belote` or `rebelote` (of `suit`), or an `annonce`
    (its `cards`), when `play` cards had been played (it goes with the seat's next card)."""

    seat: Seat
    play: int
    said: str
    suit: int | None = None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Claimed:
    """The claim that ended the deal, after the last card of `plays`: `seat`'s, of the other
    team's renonce or of the tricks left."""

    seat: Seat
    claim: str


@dataclass(frozen=True, slots=True)
class Dealt:
    """The cards as dealt: the 32 cards in the order the dealer deals them (`deck`), or the
    four hands of 8 (`hands`, with classic's `turned` card, the taker's)."""

    deck: tuple[Card, ...] | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    turned: Card | None = None


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table's record: who dealt, the cards as dealt, the calls, the plays, what was said
    and the claim that ended the deal, each in the order made."""

    dealer: Seat
    dealt: Dealt
    calls: tuple[str, ...] = ()
    plays: tuple[Card, ...] = ()
    said: tuple[Said, ...] = ()
    claimed: Claimed | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """One action of `seat`: a `call`, a `card`, an announcement (`announce`: belote,
    rebelote or annonce, with the annonce's `cards` and a belote's `suit` when it must be
    named), or a `claim` (renonce or rest)."""

    seat: Seat
    kind: str
    call: str = ""
    card: Card | None = None
    announce: str = ""
    cards: tuple[Card, ...] = ()
    suit: int | None = None
    claim: str = ""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the table says of an action: whether it stands (`legal`), its code (`legal`, a
    play obligation's, a call's, or the table's own: `table.<code>` in the catalog) and the
    sentence, with the broken obligation of a card."""

    legal: bool
    code: str
    sentence: Speaks
    violation: Violation | None = None

    def message(self, lang: str) -> str:
        return self.sentence.message(lang)


class TrickNow(NamedTuple):
    """The trick on the table: its leader, its cards, and who wins it so far (None before
    its first card)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None


class Table(NamedTuple):
    """A table's state: see the module. `legal` holds the calls or the cards the seat to act
    may make (`illegal`: each other card of its hand with its violation); `announceable` what
    it may say now; `summary` the deal to score once the deal is over (`game_entry`);
    `auction` the variant's auction, `deal` the variant's record of the deal once taken (with
    every hand: the table's, not a seat's). (A named tuple: one is made per call, cheaply.)"""

    record: TableRecord
    phase: str
    to_act: Seat | None
    legal: tuple[Any, ...]
    illegal: tuple[IllegalPlay, ...]
    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None
    trick: TrickNow | None
    tricks: tuple[int, int]
    contract: Taken | None
    announceable: tuple[str, ...]
    annonces: tuple[Annonce, ...]
    renonces: tuple[Renonce, ...]
    score: ScoredDeal[Any] | None
    summary: Any | None
    game: GameScore
    next_dealer: Seat
    verdict: Verdict | None = None
    auction: Any = None
    deal: Any = None


def table(
    variant: Variant[Any, Any, Any, Any],
    record: TableRecord,
    options: Any,
    game: Sequence[Any] = (),
    budget_ms: int = DEFAULT_BUDGET_MS,
) -> Table:
    """The table after `record`, the deals to score of the game before it in `game`; the
    record checked: a state that cannot arise at a table is InconsistentInput."""
    return _Reading(variant, record, options, game, budget_ms).table()


def act(
    variant: Variant[Any, Any, Any, Any],
    record: TableRecord,
    options: Any,
    action: Action,
    game: Sequence[Any] = (),
    budget_ms: int = DEFAULT_BUDGET_MS,
) -> Table:
    """`action` judged at the table after `record`: the table after it, with its verdict
    (an action that does not stand leaves the record as it was, but for a card left to stand
    as a renonce under `illegal_card: stand`)."""
    reading = _Reading(variant, record, options, game, budget_ms)
    before = reading.table()
    said, after = reading.judge(before, action)
    state = before if after is None else _Reading(variant, after, options, game, budget_ms).table()
    return state._replace(verdict=said)


def check_dealt(dealt: Dealt, at: str) -> None:
    """`dealt` can be dealt: a deck of the 32 cards, each once, or four hands of 8, each card
    once (InconsistentInput under `at`: `/next_deal/deck`)."""
    try:
        if dealt.deck is not None:
            check_deck(dealt.deck)
        else:
            assert dealt.hands is not None
            check_hands(dealt.hands)
    except InconsistentInput as error:
        raise error.under(at) from None


def next_deal(
    variant: Variant[Any, Any, Any, Any],
    state: Table,
    dealt: Dealt,
    options: Any,
    game: Sequence[Any] = (),
    budget_ms: int = DEFAULT_BUDGET_MS,
) -> Table | None:
    """The table of the deal after `state`'s, dealt `dealt` by `state.next_dealer`, its game
    `game` and `state`'s deal once scored; None while `state`'s deal goes on or once the game
    is over. A deal a room deals before it is needed: the card that ends a deal opens the
    next (InconsistentInput at `/next_deal`)."""
    if state.phase not in (DEAL_OVER, REDEAL):
        return None
    deals = (*game, *([] if state.summary is None else [state.summary]))
    record = TableRecord(state.next_dealer, dealt)
    try:
        return _Reading(variant, record, options, deals, budget_ms).table()
    except InconsistentInput as error:
        raise error.under("/next_deal") from None


def verdict(code: str, violation: Violation | None = None, **params: object) -> Verdict:
    """A verdict of the table's own catalog (`table.<code>`); legal when the action stands."""
    return Verdict(code in STANDS, code, Sentence(f"table.{code}", params), violation)


class _Reading:
    """One table read from its record: the deal, the auction, the replay, the game."""

    def __init__(
        self,
        variant: Variant[Any, Any, Any, Any],
        record: TableRecord,
        options: Any,
        game: Sequence[Any],
        budget_ms: int,
    ) -> None:
        self.variant, self.record, self.options = variant, record, options
        self.game_deals, self.budget_ms = tuple(game), budget_ms
        self._check_game()
        self.first_deal = self._check_dealt()
        self.turned = self._turned()
        self.auction = self._auction()
        self.taken = variant.taken(self.auction)
        self.hands = self._hands()
        if self.taken is None and record.plays:
            raise InconsistentInput.at("/plays/0", "play_before_auction")
        self.replay = None if self.taken is None else self._replay()

    # --- the record, checked ----------------------------------------------------------------

    def _check_game(self) -> None:
        if self.game_deals:
            try:
                before = _game(self.variant, self.game_deals, self.options)
            except InconsistentInput as error:
                raise error.moved("/deals", "/game") from None
            if before.finished:
                raise InconsistentInput.at("/game", "game_finished", winner=before.winner)

    def _check_dealt(self) -> Deal | None:
        """The deck is 32 cards, each once, and its deal before the auction; or the hands are
        four of 8, each card once (None)."""
        dealt = self.record.dealt
        if dealt.deck is not None:
            return _dealt(self.variant, dealt.deck, self.record.dealer, None)
        assert dealt.hands is not None
        check_hands(dealt.hands)
        return None

    def _auction(self) -> Any:
        record = self.record
        try:
            auction = _auction(self.variant, record.dealer, record.calls, self.options, self.turned)
        except InconsistentInput as error:
            raise error.moved("/bids", "/calls") from None
        if auction.violation is not None:
            index = auction.violation.index
            raise InconsistentInput.at(
                f"/calls/{index}", "call_in_record", call=record.calls[index], why=auction.violation
            )
        return auction

    def _turned(self) -> Card | None:
        """Classic's turned card: the deck's, dealt, or the one given with the hands."""
        if self.first_deal is not None:
            return self.first_deal.turned
        return self.record.dealt.turned

    def _hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as dealt: the whole hands once a contract is taken, before it
        what the deal has given (classic's first five)."""
        dealt, record = self.record.dealt, self.record
        if dealt.deck is not None:
            taker = None if self.taken is None else self.taken.taker
            return _dealt(self.variant, dealt.deck, record.dealer, taker).hands
        assert dealt.hands is not None
        if dealt.turned is not None and self.taken is None:
            raise InconsistentInput.at("/hands", "hands_in_auction")
        if dealt.turned is not None and self.taken is not None:
            taker = self.taken.taker
            if dealt.turned not in dealt.hands[taker]:
                raise InconsistentInput.at("/turned", "turned_elsewhere", seat=taker)
        return dealt.hands

    def _said(self) -> tuple[tuple[Belote, ...], tuple[Declaration, ...]]:
        """The belotes and annonces the record's sayings announce, each checked as it was
        said (InconsistentInput at `/announcements/<i>` for one the table would refuse)."""
        belotes: list[Belote] = []
        declarations: list[Declaration] = []
        for index, said in enumerate(self.record.said):
            if said.play > len(self.record.plays):
                raise InconsistentInput.at(
                    f"/announcements/{index}/play",
                    "announcement_ahead",
                    play=said.play,
                    plays=len(self.record.plays),
                )
            refused = self._refused_saying(said, self.record.said[:index])
            if refused is not None:
                raise InconsistentInput.at(
                    f"/announcements/{index}", "announcement_in_record", why=refused
                )
            if said.said == ANNONCE:
                declarations.append(Declaration(said.seat, said.cards))
            elif said.said == BELOTE and self._belote_counts(said, self.record.said):
                assert said.suit is not None  # a belote without its suit is refused above
                belotes.append(Belote(said.seat, said.suit))
        return tuple(belotes), tuple(declarations)

    def _belote_counts(self, said: Said, sayings: Sequence[Said]) -> bool:
        """A belote said counts once its announcement is whole: `belote_said: both` asks for
        the rebelote too."""
        if self.options.belote_said != "both":
            return True
        return any(
            other.said == REBELOTE and (other.seat, other.suit) == (said.seat, said.suit)
            for other in sayings
        )

    def _replay(self) -> Replay[Any, Any]:
        assert self.taken is not None
        record = self.record
        claimed = record.claimed
        belotes, declarations = self._said()
        deal = self.variant.record(
            record.dealer, self.taken, record.plays, self.hands, belotes, declarations
        )
        replayed: Replay[Any, Any] = self.variant.replay(deal, self.options)
        if self.options.illegal_card == "refuse" and replayed.renonces:
            first = replayed.renonces[0]
            raise InconsistentInput.at(
                f"/plays/{first.play}", "refused_in_record", why=first.violation
            )
        self.deal = deal
        if claimed is not None:
            refused = self._refused_claim(claimed, replayed)
            if refused is not None:
                raise InconsistentInput.at("/claim", "claim_in_record", why=refused)
        return replayed

    # --- the table ------------------------------------------------------------------------

    def table(self) -> Table:
        record, taken = self.record, self.taken
        nobody: tuple[Any, ...] = ()
        next_dealer = seat_after(record.dealer)
        if taken is None:
            phase = REDEAL if self.auction.next is None else AUCTION
            game = _game(self.variant, self.game_deals, self.options)
            return Table(
                record,
                phase,
                self.auction.next,
                tuple(self.auction.legal),
                (),
                self.hands,
                self.turned,
                None,
                (0, 0),
                None,
                (),
                (),
                (),
                None,
                None,
                game,
                next_dealer,
                auction=self.auction,
            )
        replayed = self.replay
        assert replayed is not None
        held = replayed.remaining  # each seat's cards now: its hand less the cards it played
        assert held is not None  # the table always knows the hands
        trick, tricks = _trick_now(replayed, taken.strain)
        over = replayed.complete or record.claimed is not None
        score = summary = None
        if over:
            summary = self._summary(replayed)
            score = self.variant.score_deal(summary, self.options)
        game = _game(self.variant, (*self.game_deals, *([summary] if over else [])), self.options)
        if over:
            phase, to_act = (GAME_OVER if game.finished else DEAL_OVER), None
            legal, illegal, sayable, annonces = nobody, (), nobody, ()
        else:
            phase, to_act = PLAY, replayed.to_move
            assert to_act is not None
            assert trick is not None
            ruling = judge(held[to_act], trick.leader, trick.cards, taken.strain, self.options)
            legal, illegal = ruling.legal, ruling.illegal
            sayable = self._sayable(to_act, held[to_act])
            annonces = self._annonces(to_act, held[to_act])
        return Table(
            record,
            phase,
            to_act,
            legal,
            illegal,
            held,
            self.turned,
            trick,
            tricks,
            taken,
            sayable,
            annonces,
            replayed.renonces,
            score,
            summary,
            game,
            next_dealer,
            auction=self.auction,
            deal=self.deal,
        )

    def _summary(self, replayed: Replay[Any, Any]) -> Any:
        """The deal to score: the replay's on a complete deal; on a deal a claim ended, the
        points won so far and the cards left for the team the claim gives them to (the
        claimant's), the renonce deciding (the first standing, or the one claimed)."""
        if replayed.complete:
            return replayed.summary
        claimed = self.record.claimed
        assert claimed is not None
        team = team_of(claimed.seat)
        points = list(replayed.points)
        points[team] += DEAL_POINTS - sum(points)
        won = {team_of(t.winner) for t in replayed.tricks if t.winner is not None}
        capot = team if claimed.claim == REST_CLAIM and won <= {team} else None
        renonce = team_of(replayed.renonces[0].seat) if replayed.renonces else None
        return self.variant.deal_to_score(
            self.deal,
            points=(points[0], points[1]),
            capot=capot,
            belote=belote_counts(replayed.belotes),
            annonces=declared_annonces(replayed.declarations),
            renonce=renonce,
        )

    # --- what may be said -----------------------------------------------------------------

    def _belote_suits(self) -> tuple[int, ...]:
        assert self.taken is not None
        return tuple(self.variant.belote_suits(self.taken.strain, self.options))

    def _sayable(self, seat: Seat, held: tuple[Card, ...]) -> tuple[str, ...]:
        """What `seat`, to play, may say with its card: belote, rebelote (only in a suit whose
        king and queen it was dealt)."""
        found = []
        dealt = self.hands[seat]
        for suit in self._belote_suits():
            king, queen = honours(suit)
            if king not in dealt or queen not in dealt:
                continue
            if self._refused_belote(seat, held, suit, BELOTE, self.record.said) is None:
                found.append(BELOTE)
            if self._refused_belote(seat, held, suit, REBELOTE, self.record.said) is None:
                found.append(REBELOTE)
        return tuple(dict.fromkeys(found))

    def _annonces(self, seat: Seat, held: tuple[Card, ...]) -> tuple[Annonce, ...]:
        """The annonces `seat` may declare with its first card (option `annonces`)."""
        if not self.options.annonces or len(self.record.plays) >= PLAYERS:
            return ()
        assert self.taken is not None
        declared = {said.cards for said in self.record.said if said.seat == seat}
        return tuple(a for a in declarable(held, self.taken.strain) if a.cards not in declared)

    def _refused_belote(
        self, seat: Seat, held: tuple[Card, ...], suit: int, said: str, before: Sequence[Said]
    ) -> Sentence | None:
        """Why `seat` (holding `held`) may not say `said` in `suit` now; None when it may."""
        king, queen = Card.of(KING, suit), Card.of(QUEEN, suit)
        hand = self.hands[seat]
        already = {(s.said, s.suit) for s in before if s.seat == seat}
        if said == BELOTE:
            if suit not in self._belote_suits() or not (king in hand and queen in hand):
                return verdict("belote_not_held", seat=seat).sentence
            if (BELOTE, suit) in already:
                return verdict("belote_said", seat=seat, suit=Suited(suit)).sentence
            if king not in held or queen not in held:
                return verdict("belote_late", seat=seat).sentence
            return None
        if said != REBELOTE:
            return verdict("not_a_saying", said=said).sentence
        due = (
            (BELOTE, suit) in already
            and (REBELOTE, suit) not in already
            and (king in held) != (queen in held)
        )
        return None if due else verdict("rebelote_not_due", seat=seat).sentence

    def _refused_saying(self, said: Said, before: Sequence[Said]) -> Sentence | None:
        """Why the record's saying could not have been said when it was; None when it could."""
        taken = self.taken
        assert taken is not None
        strain = taken.strain
        plays = self.record.plays[: said.play]
        played = set(plays)
        held = tuple(c for c in self.hands[said.seat] if c not in played)
        to_act = _to_move(self.record.dealer, plays, strain)
        if to_act != said.seat:
            return verdict("not_to_act", seat=said.seat, to_act=to_act).sentence
        if said.said == ANNONCE:
            return self._refused_annonce(said, held)
        if said.suit is None:
            return verdict("belote_not_held", seat=said.seat).sentence
        return self._refused_belote(said.seat, held, said.suit, said.said, before)

    def _refused_annonce(self, said: Said, held: tuple[Card, ...]) -> Sentence | None:
        if not self.options.annonces or said.play >= PLAYERS:
            return verdict("annonce_not_now").sentence
        missing = tuple(c for c in said.cards if c not in held)
        if classify(said.cards) is None or missing:
            return verdict("annonce_not_now").sentence
        return None

    def _refused_claim(self, claimed: Claimed, replayed: Replay[Any, Any]) -> Any:
        """Why the record's claim could not have ended the deal; None when it could."""
        if replayed.complete:
            return verdict("nobody_to_act")
        if claimed.claim == RENONCE_CLAIM:
            return _no_renonce(claimed.seat, replayed.renonces)
        holds, why = self._rest_holds(claimed.seat)
        return None if holds else why

    def _rest_holds(self, seat: Seat) -> tuple[bool | None, Any]:
        """Whether `seat`'s team takes every trick left whatever the opponents do, and why
        not (the solver's reason)."""
        claim = Claim(seat, rest=True)
        found = judge_claim_in(self.variant, self.deal, claim, BEST, self.options, self.budget_ms)
        if found.holds is None:
            return None, verdict("rest_unsettled")
        reason = explain_claim_in(self.variant, self.deal, claim, found, BEST, self.options).reason
        return found.holds, verdict("rest_refused", why=reason)

    # --- an action judged -----------------------------------------------------------------

    def judge(self, state: Table, action: Action) -> tuple[Verdict, TableRecord | None]:
        """The verdict on `action` at `state`, and the record after it (None: unchanged)."""
        if state.to_act is None:
            return verdict("nobody_to_act"), None
        if action.kind == CLAIM:
            return self._claim(state, action)
        if action.seat != state.to_act:
            return verdict("not_to_act", seat=action.seat, to_act=state.to_act), None
        if action.kind == CALL:
            return self._call(state, action)
        if state.phase != PLAY:
            return verdict("not_in_play"), None
        if action.kind == CARD:
            return self._card(state, action)
        return self._announce(state, action)

    def _call(self, state: Table, action: Action) -> tuple[Verdict, TableRecord | None]:
        if state.phase != AUCTION:
            return verdict("not_in_auction"), None
        calls = (*self.record.calls, action.call)
        try:
            auction = self.variant.auction(self.record.dealer, calls, self.options, state.turned)
        except InconsistentInput:
            return verdict("not_a_call", call=action.call), None
        if auction.violation is not None:
            return Verdict(False, auction.violation.code, auction.violation), None
        return verdict(LEGAL), replace(self.record, calls=calls)

    def _card(self, state: Table, action: Action) -> tuple[Verdict, TableRecord | None]:
        card, seat = action.card, action.seat
        if card is None:
            return verdict("no_card", seat=seat), None
        if card not in state.hands[seat]:
            return verdict("card_not_held", seat=seat, card=Cards((card,))), None
        after = replace(self.record, plays=(*self.record.plays, card))
        broken = next((v for c, v in state.illegal if c == card), None)
        if broken is None:
            return verdict(LEGAL), after
        if self.options.illegal_card == "refuse":
            return verdict("illegal_card", broken, why=broken, seat=seat), None
        return verdict("renonce_stands", broken, why=broken), after

    def _announce(self, state: Table, action: Action) -> tuple[Verdict, TableRecord | None]:
        seat, said = action.seat, action.announce
        plays = len(self.record.plays)
        if said == ANNONCE:
            saying = Said(seat, plays, ANNONCE, cards=action.cards)
        else:
            saying = Said(seat, plays, said, suit=self._belote_suit(state, action))
        refused = self._refused_saying(saying, self.record.said)
        if refused is not None:
            return Verdict(False, refused.code.removeprefix("table."), refused), None
        return verdict(LEGAL), replace(self.record, said=(*self.record.said, saying))

    def _belote_suit(self, state: Table, action: Action) -> int | None:
        """The suit of the belote `action` says: the one named, else the first in which it
        may be said now, else the first whose honours the seat was dealt (None: none)."""
        named = [s for s in self._belote_suits() if action.suit in (None, s)]
        held, before = state.hands[action.seat], self.record.said
        for suit in named:
            if self._refused_belote(action.seat, held, suit, action.announce, before) is None:
                return suit
        dealt = self.hands[action.seat]
        return next((s for s in named if all(c in dealt for c in honours(s))), None)

    def _claim(self, state: Table, action: Action) -> tuple[Verdict, TableRecord | None]:
        if state.phase != PLAY:
            return verdict("not_in_play"), None
        claimed = Claimed(action.seat, action.claim)
        if action.claim == RENONCE_CLAIM:
            refused = _no_renonce(action.seat, state.renonces)
            if refused is not None:
                return refused, None
            first = next(r for r in state.renonces if team_of(r.seat) != team_of(action.seat))
            said = verdict(
                "renonce_claimed", seat=action.seat, offender=first.seat, trick=first.trick + 1
            )
            return said, replace(self.record, claimed=claimed)
        if action.claim != REST_CLAIM:
            return verdict("not_a_claim", claim=action.claim), None
        holds, why = self._rest_holds(action.seat)
        if not holds:
            return why, None
        said = verdict("rest_claimed", team=team_of(action.seat))
        return said, replace(self.record, claimed=claimed)


def check_deck(deck: Sequence[Card]) -> None:
    """A deck is the 32 cards, each once (InconsistentInput at `/deck`)."""
    if len(deck) != DECK_SIZE:
        raise InconsistentInput.at("/deck", "deck_size", size=len(deck))
    check_distinct(("/deck", deck))


def check_hands(hands: Sequence[Sequence[Card]]) -> None:
    """Four hands of 8 cards, each card once (InconsistentInput at `/hands`)."""
    problems = []
    if len(hands) != PLAYERS:
        problems.append(Problem("/hands", "hands_count", {"size": len(hands)}))
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            problems.append(
                Problem(f"/hands/{seat}", "hand_size", {"expected": HAND_SIZE, "size": len(hand)})
            )
    if problems:
        raise InconsistentInput(problems)
    check_distinct(*((f"/hands/{seat}", hand) for seat, hand in enumerate(hands)))


# The auctions and the deals a table reads again, kept: a room sends the same deck and calls
# with each of a deal's 32 cards. Each entry is a few hundred bytes; the caches are bounded.
KEPT = 1024
# A game may list hundreds of deals: kept with its score, half a megabyte. Fewer games are kept (a
# worker serves a few tables at once), so that a client sending many long games holds some
# 8 MB at most.
GAMES_KEPT = 16


@lru_cache(maxsize=KEPT)
def _auction(
    variant: Variant[Any, Any, Any, Any],
    dealer: Seat,
    calls: tuple[str, ...],
    options: Any,
    turned: Card | None,
) -> Any:
    """The variant's auction after `calls` (`Variant.auction`), kept."""
    return variant.auction(dealer, calls, options, turned)


@lru_cache(maxsize=KEPT)
def _dealt(
    variant: Variant[Any, Any, Any, Any], deck: tuple[Card, ...], dealer: Seat, taker: Seat | None
) -> Deal:
    """`deck` checked (`check_deck`) and dealt by the variant (`Variant.deal_deck`), kept."""
    check_deck(deck)
    return variant.deal_deck(list(deck), dealer, taker)


@lru_cache(maxsize=GAMES_KEPT)
def _game(variant: Variant[Any, Any, Any, Any], deals: tuple[Any, ...], options: Any) -> GameScore:
    """The game of `deals` (`Variant.score_game`), kept: a room sends the same game with each
    action of a deal."""
    return variant.score_game(deals, options)


def _no_renonce(seat: Seat, renonces: Sequence[Renonce]) -> Verdict | None:
    """Why `seat` may not claim a renonce: none standing by the other team."""
    if any(team_of(r.seat) != team_of(seat) for r in renonces):
        return None
    return verdict("no_renonce", seat=seat)


def _trick_now(replayed: Replay[Any, Any], strain: int) -> tuple[TrickNow | None, tuple[int, int]]:
    """The trick on the table (None when the deal is complete) and the tricks each team has
    won."""
    winners = [team_of(trick.winner) for trick in replayed.tricks if trick.winner is not None]
    second = sum(winners)  # the teams are 0 and 1
    tricks: tuple[int, int] = (len(winners) - second, second)
    if replayed.complete:
        return None, tricks
    last = replayed.tricks[-1] if replayed.tricks else None
    if last is not None and last.winner is None:
        winner = seat_after(last.leader, trick_winner(last.cards, strain))
        return TrickNow(last.leader, last.cards, winner), tricks
    assert replayed.to_move is not None
    return TrickNow(replayed.to_move, (), None), tricks


def _to_move(dealer: Seat, plays: Sequence[Card], strain: int) -> Seat:
    """Who is to play after `plays`: the dealer's next leads, each trick's winner the next."""
    leader = seat_after(dealer)
    whole = len(plays) - len(plays) % PLAYERS
    for start in range(0, whole, PLAYERS):
        leader = seat_after(leader, trick_winner(plays[start : start + PLAYERS], strain))
    return seat_after(leader, len(plays) % PLAYERS)
