"""Profiles (named rulebooks, docs/RULES-COINCHE.md and docs/RULES.md "Profiles"): a request's
`rules: {"profile": NAME, ...}` reads as the profile's options under the request's own, which
win; a name that is no profile of the game is a problem at `/rules/profile` naming the game's
profiles; every profile's options are its game's, and every profile says what it is, where its
text is and what the text leaves open, in every language."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from service.rules import InconsistentInput
from service.rules.core.profiles import Profile
from service.rules.description import describe
from service.rules.variants import CLASSIC, COINCHE, VARIANTS
from service.rules.variants.profiles import PROFILES
from service.text.catalog import LANGUAGES, keys, text

EVERY = [pytest.param(profile, id=name) for name, profile in PROFILES.items()]
COINCHE_PROFILES = [
    "ffb-contree-2016",
    "ffb-coinchee-2015",
    "ffb-equipe-ludique",
    "ff-coinche",
    "cannes-2016",
    "bga",
    "colver",
    "essarts",
]


def test_each_game_has_its_profiles() -> None:
    assert [p.name for p in COINCHE.profiles] == COINCHE_PROFILES
    assert [p.name for p in CLASSIC.profiles] == ["ffb-belote-2016"]


@pytest.mark.parametrize("profile", EVERY)
def test_a_profile_is_its_options_over_the_game_s_defaults(profile: Profile) -> None:
    variant = VARIANTS[profile.game]
    options = variant.options({"profile": profile.name})
    for name, value in options.as_dict().items():
        expected = profile.options.get(name, getattr(variant.default_options, name))
        assert value == expected, name
    # Every option a profile names is one of its game's, at a value the game allows.
    assert variant.options(dict(profile.options)) == options


@pytest.mark.parametrize("profile", EVERY)
def test_the_request_s_own_options_win(profile: Profile) -> None:
    variant = VARIANTS[profile.game]
    options = variant.options({"target": 1234, "profile": profile.name, "annonces": True})
    assert (options.target, options.annonces) == (1234, True)
    unchanged = {
        name: value
        for name, value in options.as_dict().items()
        if name not in ("target", "annonces")
    }
    assert unchanged == {
        name: value
        for name, value in variant.options({"profile": profile.name}).as_dict().items()
        if name not in ("target", "annonces")
    }


@pytest.mark.parametrize(
    ("variant", "name", "code", "known"),
    [
        (COINCHE, "ffb", "unknown_profile", COINCHE_PROFILES),
        (COINCHE, 2016, "unknown_profile", COINCHE_PROFILES),
        (COINCHE, "ffb-belote-2016", "profile_of_another_game", COINCHE_PROFILES),
        (CLASSIC, "bga", "profile_of_another_game", ["ffb-belote-2016"]),
        (CLASSIC, "BGA", "unknown_profile", ["ffb-belote-2016"]),
        (CLASSIC, ["ffb-belote-2016"], "unknown_profile", ["ffb-belote-2016"]),
    ],
)
def test_a_name_that_is_no_profile_of_the_game_is_a_problem_naming_its_profiles(
    variant: Any, name: Any, code: str, known: list[str]
) -> None:
    with pytest.raises(InconsistentInput) as raised:
        variant.options({"profile": name, "capot": 251, "bonus": 1}, "/deals/0/rules")
    problems = raised.value.problems
    assert [(p.pointer, p.code) for p in problems] == [
        ("/deals/0/rules/profile", code),
        ("/deals/0/rules/capot", "bad_option_value"),
        ("/deals/0/rules/bonus", "unknown_option"),
    ]
    assert problems[0].params["known"] == ", ".join(known)
    for lang in LANGUAGES:
        said = problems[0].message(lang)
        assert repr(name) in said and all(profile in said for profile in known)
    assert problems[0].params["name"] == name
    if code == "profile_of_another_game":
        assert problems[0].params["game"] == PROFILES[name].game


@pytest.mark.parametrize("profile", EVERY)
def test_a_profile_says_what_it_is_where_its_text_is_and_what_it_leaves_open(
    profile: Profile,
) -> None:
    assert profile.address is None or profile.address.startswith("https://")
    for lang in LANGUAGES:
        citation = profile.citation(lang)
        prefix = f"profile.{profile.name}.citation."
        assert (citation.document, citation.author, citation.date, citation.sections) == tuple(
            text(prefix + part, lang) for part in ("document", "author", "date", "sections")
        )
        assert all(getattr(citation, f.name) for f in fields(citation) if f.name != "address")
        assert citation.address == profile.address
        assert profile.summary(lang) == text(f"profile.{profile.name}.summary", lang)
        prefix = f"profile.{profile.name}.open."
        assert profile.leaves_open(lang) == tuple(
            (key.removeprefix(prefix), text(key, lang)) for key in keys(prefix)
        )
        assert profile.leaves_open(lang)
    english, french = profile.leaves_open("en"), profile.leaves_open("fr")
    assert [code for code, _ in english] == [code for code, _ in french]
    assert all(en != fr for (_, en), (_, fr) in zip(english, french, strict=True))
    assert profile.summary("fr") != profile.summary("en")


def test_what_a_text_leaves_open_is_said_by_code() -> None:
    """ffb-belote-2016: rounding is each tournament's (§10.3), and so on."""
    codes = [code for code, _ in PROFILES["ffb-belote-2016"].leaves_open("en")]
    assert codes == ["rounding", "litige", "litige_belote", "target", "misdeal"]


@pytest.mark.parametrize("variant", [CLASSIC, COINCHE], ids=["classic", "coinche"])
def test_the_rules_description_lists_the_game_s_profiles(variant: Any) -> None:
    for lang in LANGUAGES:
        listed = describe(variant, lang).answer()["profiles"]
        assert [p.name for p in listed] == [p.name for p in variant.profiles]
        for described, profile in zip(listed, variant.profiles, strict=True):
            assert described.options == dict(profile.options)
            assert described.citation == profile.citation(lang)
            assert described.summary == profile.summary(lang)
            assert [(c.code, c.description) for c in described.leaves_open] == list(
                profile.leaves_open(lang)
            )


def test_a_citation_names_its_text_as_printed_and_reads_its_sections_in_each_language() -> None:
    """The title is the text's own, in either language; what the profile reads of it is said
    in the reader's."""
    english, french = (PROFILES["cannes-2016"].citation(lang) for lang in ("en", "fr"))
    assert (
        english.document
        == french.document
        == ("Règlement de la belote aux enchères ou contrée 2016")
    )
    assert english.sections == "2° Les enchères; 3° a) to d) (play); III - Marque"
    assert french.sections == "2° Les enchères ; 3° a) à d) (le jeu) ; III - Marque"
