"""Coinche's options (RULES-COINCHE.md "Options"): the default first, every allowed value,
what is refused, and the description GET /v1/coinche/rules serves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from service.rules import InconsistentInput
from service.rules.core.options import OptionSpec, option_specs
from service.rules.variants import COINCHE
from service.rules.variants.coinche.describe import describe_coinche_rules
from service.rules.variants.coinche.options import (
    COINCHE_OPTION_SPECS,
    DEFAULT_COINCHE_OPTIONS,
    CoincheOptions,
)
from service.text.catalog import text

# RULES-COINCHE.md's table: option, values (default first).
TABLE: dict[str, tuple[Any, ...]] = {
    "sa_ta": (False, True),
    "max_bid": (160, 180, 260),
    "surcoinche_multiplier": (4, 3),
    "auction_end": ("three_passes", "four_passes"),
    "made": ("beat_defenders", "reach_bid", "reach_only"),
    "coinche_base": ("fixed", "points"),
    "scoring": ("points", "contract", "points_made"),
    "chute_points": (160, 162),
    "capot": (250, 252),
    "bonus_counts": (True, False),
    "litige": ("dedans", "reserve"),
    "rounding": ("nearest_ten", "none", "nearest_ten_6up"),
    "belote": ("announce", "automatic"),
    "undertrump": ("optional", "required"),
    "overtrump_partner": (True, False),
    "sa_points": ("ace19", "scaled"),
    "ta_points": ("ffb", "scaled"),
    "ta_belote": ("each_suit", "none"),
    "annonces": (False, True),
    "min_bid": (80, 82),
    "bid_step": (10, 5),
    "bid_after_coinche": (False, True),
    "multiplier_scope": ("all", "points_and_contract", "contract", "points"),
    "capot_bid": ("contract", "contract_250", "contract_270", "flat"),
    "chute_capot": ("chute_points", "capot"),
    "belote_on_chute": ("stays", "defenders"),
    "belote_on_coinche": ("stays", "takers", "lost"),
    "sa_contract": (1, 2),
    "final_deal": ("rounded", "exact"),
    "partner_trump": ("any", "beat", "beat_if_only_trumps"),
    "renonce": ("dedans", "annul"),
    "belote_said": ("belote", "both"),
    "illegal_card": ("refuse", "stand"),
    "game_end": ("reach", "pass", "ffb", "ffb_pass"),
    "misdeal": ("none", "ff_coinche", "cannes", "ffb_web"),
    "generale": ("none", "flat_500", "flat_600", "flat_1000"),
}


def test_the_table_of_options_with_defaults_first() -> None:
    for name, values in TABLE.items():
        spec = COINCHE_OPTION_SPECS[name]
        assert (spec.allowed, spec.default) == (values, values[0]), name
        assert getattr(DEFAULT_COINCHE_OPTIONS, name) == values[0]
    target = COINCHE_OPTION_SPECS["target"]
    assert (target.allowed, target.default, target.bounds) == (None, 2000, (1, 100_000))
    # The page's order: target between annonces and renonce; the table's own after.
    assert list(COINCHE_OPTION_SPECS) == [*list(TABLE)[:-6], "target", *list(TABLE)[-6:]]


@pytest.mark.parametrize(
    ("name", "value"), [(n, v) for n, values in TABLE.items() for v in values] + [("target", 1)]
)
def test_every_allowed_value(name: str, value: Any) -> None:
    options = COINCHE.options({name: value})
    assert getattr(options, name) == value
    assert options == CoincheOptions(**{name: value})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("max_bid", 170),
        ("max_bid", 160.0),
        ("sa_ta", 1),
        ("capot", True),
        ("made", "reach"),
        ("target", 0),
        ("target", 100_001),
        ("surcoinche_multiplier", 2),
        ("generale", 500),  # the values are words, as capot_bid's: flat_500
        ("generale", "flat_700"),
    ],
)
def test_refused_values(name: str, value: Any) -> None:
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.options({name: value}, "/x")
    ((problem,),) = [caught.value.problems]
    assert (problem.pointer, problem.code) == (f"/x/{name}", "bad_option_value")


def test_unknown_options_are_each_named() -> None:
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.options({"trump": "H", "max_bid": 170, "sa_ta": True})
    assert [(p.pointer, p.code) for p in caught.value.problems] == [
        ("/rules/trump", "unknown_option"),
        ("/rules/max_bid", "bad_option_value"),
    ]


def test_no_options_are_the_defaults() -> None:
    assert COINCHE.options(None) is DEFAULT_COINCHE_OPTIONS
    assert COINCHE.options({}) is DEFAULT_COINCHE_OPTIONS


def test_specs_must_match_the_options_they_describe() -> None:
    @dataclass(frozen=True)
    class Two:
        one: int = 1
        two: int = 2

    spec = OptionSpec("one", (1,))
    with pytest.raises(TypeError):
        option_specs(Two(), spec)  # type: ignore[arg-type]
    assert option_specs(Two(), spec, OptionSpec("two", (3, 2)))["two"].default == 2  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_description_in_each_language(lang: str) -> None:
    description = describe_coinche_rules(lang)
    specs = list(COINCHE_OPTION_SPECS.values())
    assert [o.name for o in description.options] == [s.name for s in specs]
    expected = [text(f"option.{s.name}", lang) for s in specs]
    assert [o.description for o in description.options] == expected
    target = description.options[-7]
    assert (target.name, target.minimum, target.maximum, target.allowed) == (
        "target",
        1,
        100_000,
        None,
    )
    assert (description.options[0].minimum, description.options[0].maximum) == (None, None)
    assert description.deal_points == 162
    # SA: A 19, 10 10, K 4, Q 3, J 2; TA: J 13, 9 9, A 6, 10 5, K 3, Q 2 (38 a suit each).
    points = {p.rank: (p.sa_points, p.ta_points) for p in description.strain_points}
    assert points == {
        "7": (0, 0),
        "8": (0, 0),
        "9": (0, 9),
        "10": (10, 5),
        "J": (2, 13),
        "Q": (3, 2),
        "K": (4, 3),
        "A": (19, 6),
    }
    assert (description.cards[4].rank, description.cards[4].trump_points) == ("J", 20)
    assert description.auction[0].code == "auction_closed"
    english = describe_coinche_rules("en")
    assert (description.choices == english.choices) == (lang == "en")
