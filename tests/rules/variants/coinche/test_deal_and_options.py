"""RULES-COINCHE.md "Deal" and "Options": what a deal or an option set that cannot be judged
reports, with the values named (the dealer given, the options a variant's specs miss)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from service.rules import InconsistentInput
from service.rules.core.options import OptionSpec, option_specs
from service.rules.variants import COINCHE

SEED = "coinche-seed-0123456789"


@pytest.mark.parametrize("dealer", [4, -1, 7])
def test_a_coinche_dealer_that_is_no_seat_is_named(dealer: int) -> None:
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.deal(SEED, dealer)
    assert [(p.pointer, p.code, dict(p.params)) for p in caught.value.problems] == [
        ("/dealer", "not_a_seat", {"value": dealer})
    ]


def test_specs_that_miss_an_option_name_both_lists() -> None:
    @dataclass(frozen=True)
    class Two:
        two: int = 2
        one: int = 1

    with pytest.raises(TypeError) as caught:
        option_specs(Two(), OptionSpec("one", (1,), "One.", "Un."))
    assert str(caught.value) == "option specs ['one'] do not match the options ['two', 'one']"
