"""The double-dummy table on the native core is the reference's: every row (points, capot,
tricks, belotes, what each team makes as takers), the par; on random deals of both variants
under options that change the play and the scoring, and on two threads as on one. A table
costs the reference seconds (a full deal's search per strain, twice): three deals."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from service.rules.analysis.dd_table import DoubleDummyTable, dd_table_in
from service.rules.analysis.native import _native
from service.rules.core.options import Options
from service.rules.variants import CLASSIC, COINCHE, Variant
from service.rules.variants.classic.options import RuleOptions
from service.rules.variants.coinche.options import CoincheOptions
from support.deals import random_hands
from support.solver import asking
from tests.native.differential import UNHURRIED, both


def settled(table: DoubleDummyTable) -> tuple[object, ...]:
    """What a table answers, the positions searched aside (each engine counts its own)."""
    return tuple(replace(row, nodes=0) for row in table.strains), table.par, table.exact


CASES = [
    (CLASSIC, RuleOptions(), 0),
    (CLASSIC, RuleOptions(undertrump="optional", capot=250, annonces=True), 1),
    (COINCHE, CoincheOptions(sa_ta=True, ta_points="scaled", litige="reserve"), 2),
]


@pytest.mark.parametrize(("variant", "options", "seed"), CASES)
def test_a_table_on_the_core_is_the_reference_s(
    variant: Variant[Any, Any, Any, Any], options: Options, seed: int
) -> None:
    hands = random_hands(random.Random(seed))
    expected, found = both(partial(dd_table_in, variant, hands, seed, options, UNHURRIED))
    assert expected.exact and settled(found) == settled(expected)


def test_a_table_on_two_threads_is_the_table_on_one() -> None:
    options = CoincheOptions(sa_ta=True)
    with asking(_native.Search):
        for seed in range(4):
            hands = random_hands(random.Random(100 + seed))
            alone = dd_table_in(COINCHE, hands, seed, options, UNHURRIED)
            two = dd_table_in(COINCHE, hands, seed, options, UNHURRIED, threads=2)
            assert (two.strains, two.par, two.nodes) == (alone.strains, alone.par, alone.nodes)
