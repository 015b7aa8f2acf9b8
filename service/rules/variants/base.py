"""A game the referee judges, as one object: classic belote and coinche are each a `Variant`.

As python-chess's `chess.variant` (each variant a board overriding only what differs) and
OpenSpiel's game parameters: what is the same for both games is written once, here or in
`service.rules.core`, and what differs is a method each variant gives. A variant has:

- its options: their class and defaults (`default_options`), their specs (`specs`), its
  named rulebooks (`profiles`), and `options(given)`, a request's `rules` read and checked;
- its deal: `deal(seed, dealer, taker)`, the deck shuffled from a seed and dealt in its
  packets (`deal_deck`);
- its auction: `auction(dealer, calls, options, turned)`, the state of the bidding, and what
  a contract may name: its `strains` and the `bid_values` that outrank one another;
- its record: the strain and taker of a deal as played, why one cannot be judged
  (`record_problems`), and `replay(record, options)`, every play judged and a complete deal
  scored (`replay.replay_deal`, the same for both);
- its cards and belotes: what the cards are worth under a strain (`card_values`), which suits
  make a belote (`belote_suits`), whether a belote held counts (`belote_counts`), and the
  belotes a record announces with their holders (`belotes`);
- its scoring: a deal (`score_deal`), a misdeal's penalty (`score_misdeal`: option
  `misdeal`, the variant's `misdeal_points` and the points of a bid, `bid_points`) and a game
  (`score_game`, the same for both);
- its description: what `GET /rules` says of it (`describe`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from service.rules.core.cards import KING, QUEEN, Card, CardValues
from service.rules.core.dealing import Deal, shuffled_deck
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.options import Options, OptionSpec, load_options
from service.rules.core.profiles import Profile
from service.rules.core.replay import (
    Belote,
    Declaration,
    DeclarationVerdict,
    PlaysJudged,
    Replay,
    belote_counts,
    capot_team,
    declared_annonces,
    renonce_team,
    replay_deal,
)
from service.rules.core.scoring import (
    GameScore,
    Misdeal,
    ScoredDeal,
    ScoredMisdeal,
    misdeal_penalty,
    score_game,
    score_misdeal,
)
from service.rules.core.seats import PLAYERS, Seat
from service.rules.core.strains import Strain
from service.rules.variants.profiles import PROFILES, profiles_of

RecordT = TypeVar("RecordT")
OptionsT = TypeVar("OptionsT", bound=Options)
SummaryT = TypeVar("SummaryT")
ScoreT = TypeVar("ScoreT", bound=ScoredDeal[Any])


class Taken(NamedTuple):
    """What an auction fixed, in either game: the taker, the strain, and coinche's value and
    coinche level (classic's: none, 0)."""

    taker: Seat
    strain: Strain
    value: int | str | None = None
    coinche: int = 0


class Variant(ABC, Generic[RecordT, OptionsT, SummaryT, ScoreT]):
    """One game: its name, its options' defaults and specs, and a method for each thing the
    games do differently (see the module)."""

    name: ClassVar[str]
    misdeal_points: ClassVar[int]
    """The penalty of a third misdeal in a row under option `misdeal: ffb_web` (the FFB's web
    pages: 160 in coinche, 162 in classic)."""
    default_options: OptionsT
    specs: Mapping[str, OptionSpec]

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    # --- options -------------------------------------------------------------------------

    def options(self, given: Mapping[str, Any] | None, pointer: str = "/rules") -> OptionsT:
        """The options of a request's `rules` (at `pointer`): the defaults, with the options
        of the profile it names (`"profile"`: one of this game's `PROFILES`), then the other
        `given` options in place; an unknown profile, option or value raises
        InconsistentInput."""
        return load_options(self.default_options, self.specs, given, pointer, PROFILES, self.name)

    @property
    def profiles(self) -> tuple[Profile, ...]:
        """This game's named rulebooks (`PROFILES`)."""
        return profiles_of(self.name)

    def options_or_default(self, options: OptionsT | None) -> OptionsT:
        """`options`, or the variant's defaults when None."""
        return self.default_options if options is None else options

    # --- the deal and the auction --------------------------------------------------------

    def deal(self, seed: str, dealer: Seat, taker: Seat | None = None) -> Deal:
        """The deck shuffled from `seed` (`dealing.shuffled_deck`), dealt from the dealer's
        next (`deal_deck`)."""
        for name, value in (("dealer", dealer), ("taker", taker)):
            if value is not None and value not in range(PLAYERS):
                raise InconsistentInput.at(f"/{name}", "not_a_seat", value=value)
        return self.deal_deck(list(shuffled_deck(seed)), dealer, taker)

    @abstractmethod
    def deal_deck(self, deck: list[Card], dealer: Seat, taker: Seat | None) -> Deal:
        """`deck`, top first, dealt in the variant's packets from the dealer's next; `taker`,
        when the variant deals in two rounds (classic), completes the hands after the take."""

    @abstractmethod
    def auction(
        self,
        dealer: Seat,
        calls: Sequence[str],
        options: OptionsT | None = None,
        turned: Card | None = None,
    ) -> Any:
        """The state of the auction after `calls` from the dealer's next, or its first
        illegal call (classic's bidding needs the `turned` card)."""

    @abstractmethod
    def taken(self, auction: Any) -> Taken | None:
        """What an auction (this variant's `auction`) fixed, once it is taken; else None."""

    @abstractmethod
    def strains(self, options: OptionsT) -> tuple[Strain, ...]:
        """The strains a deal may be played in under `options`, in the auction's order."""

    @abstractmethod
    def bid_values(self, options: OptionsT) -> tuple[int | str, ...]:
        """The values a contract may be bid at under `options`, from the lowest, each
        outranking those before it; none when a contract has no value (classic's take)."""

    # --- a deal's record -----------------------------------------------------------------

    @abstractmethod
    def record(
        self,
        dealer: Seat,
        taken: Taken,
        plays: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], ...] | None,
        belotes: tuple[Belote, ...],
        declarations: tuple[Declaration, ...],
    ) -> RecordT:
        """The variant's record of a deal: the dealer, what was taken, the plays, the hands
        when known, the belotes announced (each by its seat and suit) and the annonces
        declared."""

    @abstractmethod
    def strain(self, record: RecordT) -> Strain:
        """The strain the record's deal is played in."""

    @abstractmethod
    def taker(self, record: RecordT) -> Seat:
        """The seat that took."""

    @abstractmethod
    def record_problems(self, record: RecordT, options: OptionsT) -> list[Problem]:
        """Why what the record says took (taker and trump, or contract) cannot be judged."""

    def replay(self, record: RecordT, options: OptionsT | None = None) -> Replay[ScoreT, SummaryT]:
        """`record` checked and replayed, every play judged, and a complete deal scored."""
        return replay_deal(self, record, self.options_or_default(options))

    # --- cards and belotes ---------------------------------------------------------------

    @abstractmethod
    def card_values(self, strain: Strain, options: OptionsT) -> CardValues:
        """What the cards are worth under `strain`."""

    @abstractmethod
    def belote_suits(self, strain: Strain, options: OptionsT) -> tuple[int, ...]:
        """The suits whose king and queen in one hand make a belote under `strain`."""

    @abstractmethod
    def belote_counts(self, record: RecordT, belote: Belote, options: OptionsT) -> bool:
        """Whether `belote`, held, counts: always under `belote: automatic`, else when the
        record says it was announced."""

    @abstractmethod
    def belotes(
        self, record: RecordT, replayed: Replay[ScoreT, SummaryT], options: OptionsT
    ) -> list[Belote]:
        """The belotes `record` announces, each with the seat that holds it (what the table
        knows of the hidden hands from them)."""

    # --- scoring -------------------------------------------------------------------------

    def summary(
        self,
        record: RecordT,
        played: PlaysJudged,
        belotes: tuple[Belote, ...],
        declarations: tuple[DeclarationVerdict, ...],
    ) -> SummaryT:
        """A complete deal's record as its scoring reads it: a deal to score, with what every
        variant's has (the points, the capot, the belotes counted per team, the annonces
        declared, the renonce that decides) and what the variant's record says took."""
        return self.deal_to_score(
            record,
            points=played.points,
            capot=capot_team(played.tricks),
            belote=belote_counts(belotes),
            annonces=declared_annonces(declarations),
            renonce=renonce_team(played),
        )

    @abstractmethod
    def deal_to_score(self, record: RecordT, **counted: Any) -> SummaryT:
        """A deal to score from what `record` says took and what was `counted` (`summary`)."""

    @abstractmethod
    def score_deal(self, summary: SummaryT, options: OptionsT | None = None) -> ScoreT:
        """A deal's score, from a deal to score."""

    @abstractmethod
    def bid_points(self, value: int | str, options: OptionsT) -> int:
        """What a bid of `value` (one of `bid_values`) is worth as a contract's points."""

    def score_misdeal(self, misdeal: Misdeal, options: OptionsT) -> ScoredMisdeal:
        """`misdeal` checked (InconsistentInput when it cannot be) and scored: its penalty
        under option `misdeal` to the dealer's opponents (`scoring.misdeal_penalty`)."""
        problems = misdeal.problems(self.bid_values(options))
        if problems:
            raise InconsistentInput(problems)

        def points(value: int | str) -> int:
            return self.bid_points(value, options)

        penalty = misdeal_penalty(misdeal, options.misdeal, self.misdeal_points, points)
        return score_misdeal(misdeal, penalty)

    def score_game(
        self, deals: Sequence[SummaryT | Misdeal], options: OptionsT | None = None
    ) -> GameScore:
        """Deals to score in order, to the end of the game, the litige reserve handed on, and
        the misdeals listed between them (`scoring.score_game`, the same for every
        variant)."""
        return score_game(
            deals, self.options_or_default(options), self.score_deal, self.score_misdeal
        )

    # --- the description -----------------------------------------------------------------

    @abstractmethod
    def describe(self, lang: str = "en") -> Any:
        """What the referee applies to this game, for a client, in `lang`."""


def honours(suit: Strain) -> tuple[Card, Card]:
    """The king and queen of `suit`: a belote."""
    return Card.of(KING, suit), Card.of(QUEEN, suit)
