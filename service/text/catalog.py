"""Every sentence the referee says, in one catalog: a file per language beside this module.

`en.toml`, `fr.toml`...: each holds every key (`violation.follow_suit`, `option.undertrump`,
`problem.points_sum.detail`), a sentence with its `{parameters}`, and the words the language
names cards with (`words`). A language is a file: `LANGUAGES` is every file here, English
first, and tests/text fails when a file misses a key of English's or has one more.

Rulings (violations, bidding verdicts, declarations) and input problems carry a stable key
plus parameters; the sentence is said here, in the language the client asked for (English for
any other). Cards in a sentence are named as players of that language say them
(`card_names`): "the king or the 8 of hearts", "le roi ou le 8 de cœur"; card *fields* stay
canonical codes (`KH`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple, Protocol

Value = str | tuple[str, ...] | bool
"""What a key holds: a sentence, a list of them (a page's paragraphs), or a switch of the
language's grammar (`words.of_each_suit`)."""

DEFAULT = "en"


class _Words(NamedTuple):
    """How one language names cards and numbers (its file's `words`): each rank with its
    article (cards.RANK_CODES' order), each suit, the word between rank and suit, the two
    conjunctions of a list, whether several suits of one rank each take `of`, whether 0 is
    singular, and the decimal separator."""

    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    of: str
    or_: str
    and_: str
    # Several suits of one rank: "of spades and hearts" (en) or "de pique et de cœur" (fr).
    of_each_suit: bool
    zero_is_singular: bool
    decimal_separator: str


def _flattened(table: Mapping[str, object], prefix: str = "") -> dict[str, Value]:
    """A language file's tables as one mapping of dotted keys (`violation.follow_suit`)."""
    flat: dict[str, Value] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            flat.update(_flattened(value, f"{key}."))
        else:
            flat[key] = tuple(value) if isinstance(value, list) else value  # type: ignore[assignment]
    return flat


def _read(folder: Path) -> dict[str, dict[str, Value]]:
    """Every language file of `folder`, by language (its file's name), English first."""
    files = sorted(folder.glob("*.toml"), key=lambda path: (path.stem != DEFAULT, path.stem))
    return {path.stem: _flattened(tomllib.loads(path.read_text("utf-8"))) for path in files}


CATALOG: dict[str, dict[str, Value]] = _read(Path(__file__).parent)
"""Each language's keys and what they hold, read once at import."""
LANGUAGES: tuple[str, ...] = tuple(CATALOG)


def _words_of(lang: str) -> _Words:
    keys = CATALOG[lang]
    return _Words(
        *(keys[f"words.{name}"] for name in ("ranks", "suits", "of", "or", "and")),  # type: ignore[arg-type]
        *(keys[f"words.{name}"] for name in ("of_each_suit", "zero_is_singular")),  # type: ignore[arg-type]
        keys["words.decimal_separator"],  # type: ignore[arg-type]
    )


_WORDS = {lang: _words_of(lang) for lang in LANGUAGES}


def language(lang: str) -> str:
    """`lang` when the catalog has it, else English."""
    return lang if lang in CATALOG else DEFAULT


def text(key: str, lang: str = DEFAULT) -> Value:
    """What `key` holds in `lang` (English for a language the catalog does not have)."""
    return CATALOG[language(lang)][key]


def keys(prefix: str) -> tuple[str, ...]:
    """The catalog's keys under `prefix` (`"declaration."`), in their file's order."""
    return tuple(key for key in CATALOG[DEFAULT] if key.startswith(prefix))


class NamedCard(Protocol):
    """A card as `card_names` reads it (`cards.Card`): its rank (0 the 7 ... 7 the ace) and
    suit (0 spades, 1 hearts, 2 diamonds, 3 clubs)."""

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> int: ...


class Speaks(Protocol):
    """A parameter that says itself in a language: a ruling's violation, a claim's reason
    (found by its `message`: `_said`)."""

    def message(self, lang: str) -> str: ...


class Cards(NamedTuple):
    """Cards a sentence's parameter names in the sentence's language (`card_names`): any one
    of them ("or"), or `every` one ("and")."""

    cards: tuple[NamedCard, ...]
    every: bool = False


class Counted(NamedTuple):
    """A count a sentence's parameter says with its noun (`n` in the catalog's `code.one` or
    `code.many`): "1 point lost", "4 points lost"; French counts 0 and 1 in the singular
    ("0 point perdu")."""

    code: str
    n: int


class Suited(NamedTuple):
    """A suit a sentence's parameter names in the sentence's language (`suit_name`)."""

    suit: int


class Listed(NamedTuple):
    """Parameters a sentence's parameter says one after the other, joined by "and"."""

    items: tuple[object, ...]


class Sentence(NamedTuple):
    """A sentence of the catalog not yet in a language: its code and parameters, and the
    sentence that follows it (`then`). Parameters that are sentences are said first, in the
    same language and not capitalised; `Cards` and `Counted` as `render` says them."""

    code: str
    params: Mapping[str, object]
    then: Sentence | None = None

    def message(self, lang: str) -> str:
        said = render(self.code, lang, self.params)
        return said if self.then is None else f"{said} {self.then.message(lang)}"


PROBLEM_CODES = tuple(
    key.removeprefix("problem.").removesuffix(".detail")
    for key in keys("problem.")
    if key.endswith(".detail")
)
"""The codes of situations that cannot be judged (`errors.Problem`): each key
`problem.<code>.detail` is its sentence."""


def render(key: str, lang: str, params: Mapping[str, object]) -> str:
    """The sentence of `key` in `lang` (English for any other language); `Cards` among the
    parameters are named in that language, `Counted` and `Sentence` said in it, a float
    written as it writes decimals ("33.3", "33,3")."""
    said = _phrase(key, lang, params)
    return said[0].upper() + said[1:]


def _phrase(key: str, lang: str, params: Mapping[str, object]) -> str:
    template = text(key, lang)
    named = {name: _said(value, lang) for name, value in params.items()}
    return str(template).format(**named)


def _said(value: object, lang: str) -> object:
    """A parameter as the sentence in `lang` says it."""
    if isinstance(value, Cards):
        return card_names(value.cards, lang, every=value.every)
    if isinstance(value, Counted):
        one = value.n == 1 or (value.n == 0 and _WORDS[language(lang)].zero_is_singular)
        return _phrase(f"{value.code}.{'one' if one else 'many'}", lang, {"n": value.n})
    if isinstance(value, Sentence):
        return _phrase(value.code, lang, value.params)
    if isinstance(value, Suited):
        return suit_name(value.suit, lang)
    if isinstance(value, Listed):
        return _listed(
            [str(_said(item, lang)) for item in value.items], _WORDS[language(lang)].and_
        )
    said = getattr(value, "message", None)  # a `Speaks` (a runtime check is 10x slower)
    if callable(said):
        return said(lang)
    if isinstance(value, float):
        written = f"{value:.1f}".removesuffix(".0")
        return written.replace(".", _WORDS[language(lang)].decimal_separator)
    return value


def suit_name(suit: int, lang: str) -> str:
    return _WORDS[language(lang)].suits[suit]


def card_names(cards: Iterable[NamedCard], lang: str, *, every: bool = False) -> str:
    """The cards as players of `lang` name them (English for any other language), the one
    place every sentence names cards: any one of them, or `every` one of them.

    Grouped by suit, in the order given: "the king or the 8 of hearts", "le 7, le 8 et le 9
    de pique"; by rank when that makes fewer groups: "the jack of spades, hearts, diamonds
    and clubs", "le valet de pique, de cœur, de carreau et de trèfle".

    >>> from service.rules.core.cards import Card
    >>> card_names([Card.parse("KH"), Card.parse("8H")], "fr")
    'le roi ou le 8 de cœur'
    """
    words = _WORDS[language(lang)]
    suits = words.suits
    conjunction = words.and_ if every else words.or_
    listed = list(cards)
    by_suit = _grouped(listed, lambda card: card.suit)
    by_rank = _grouped(listed, lambda card: card.rank)
    if len(by_rank) < len(by_suit):
        phrases = [
            f"{words.ranks[group[0].rank]} "
            + _of_suits([suits[card.suit] for card in group], words, conjunction)
            for group in by_rank
        ]
    else:
        phrases = [
            f"{_listed([words.ranks[card.rank] for card in group], conjunction)} "
            f"{words.of} {suits[group[0].suit]}"
            for group in by_suit
        ]
    return _listed(phrases, conjunction)


def _grouped(cards: Sequence[NamedCard], key: Callable[[NamedCard], int]) -> list[list[NamedCard]]:
    """The cards in groups of equal `key`, each group where its first card stands."""
    groups: dict[int, list[NamedCard]] = {}
    for card in cards:
        groups.setdefault(key(card), []).append(card)
    return list(groups.values())


def _of_suits(names: list[str], words: _Words, conjunction: str) -> str:
    if words.of_each_suit:
        return _listed([f"{words.of} {name}" for name in names], conjunction)
    return f"{words.of} {_listed(names, conjunction)}"


def _listed(names: list[str], conjunction: str) -> str:
    """`a`, `a or b`, `a, b or c`."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"
