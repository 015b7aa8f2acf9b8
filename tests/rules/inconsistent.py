"""What a rules call refuses as InconsistentInput, as plain values a table can list."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from service.rules import Card, InconsistentInput
from service.text.catalog import Cards

Found = tuple[str, str, dict[str, object]]


def problems(call: Callable[[], object]) -> list[Found]:
    """The problems `call()` raises: (pointer, message code, parameters) for each."""
    with pytest.raises(InconsistentInput) as raised:
        call()
    return [(p.pointer, p.code, dict(p.params)) for p in raised.value.problems]


def one(code: str) -> Cards:
    """A card as a sentence's parameter names it (`{"card": one("7S")}`)."""
    return Cards((Card.parse(code),))


def every(codes: str) -> Cards:
    """Cards a sentence names all of (`{"cards": every("7S 8S 9S")}`)."""
    return Cards(tuple(Card.parse(code) for code in codes.split()), every=True)


def duplicate(pointer: str, card: str, other: str) -> Found:
    return (pointer, "duplicate_card", {"card": one(card), "other": other})
