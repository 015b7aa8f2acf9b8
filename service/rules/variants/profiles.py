"""The named rulebooks of both games (`core.profiles.Profile`), as data: each text's options,
with its citation; what each text leaves open, and the referee's choice, is the catalog's
(`profile.<name>.open.*`). docs/RULES-COINCHE.md, "Profiles", and docs/RULES.md, "Profiles",
give the sources and quote the numbers each text prints (tests/rules/variants/*/test_profiles.py
holds the referee to them).

An option a text decides is listed even at the referee's default, so that a profile shows
what its text says; an option it leaves open is not, and keeps the game's default. The FFB's
misdeal penalty (`misdeal: ffb_web`) is its web pages', which its profiles take (their
`open.misdeal`); the software that deals (bga, colver) has no misdeal (`misdeal: none`).
"""

from __future__ import annotations

from typing import Final

from service.rules.core.profiles import Profile

CLASSIC, COINCHE = "classic", "coinche"
# The FFB's own bidding, as its 2016 contree and 2015 coinchee texts give it: from 80, by tens,
# three passes end the auction, a coinche freezes the contract.
FFB_AUCTION: Final = {
    "min_bid": 80,
    "bid_step": 10,
    "auction_end": "three_passes",
    "bid_after_coinche": False,
}

FFB_CONTREE_2016 = Profile(
    "ffb-contree-2016",
    COINCHE,
    {
        **FFB_AUCTION,
        "max_bid": 160,
        "sa_ta": False,
        "annonces": False,
        "made": "reach_only",
        "scoring": "points",
        "chute_points": 160,
        "capot": 252,
        "capot_bid": "flat",
        "surcoinche_multiplier": 4,
        "multiplier_scope": "points_and_contract",
        "coinche_base": "fixed",
        "belote": "announce",
        "belote_said": "both",
        "belote_on_chute": "defenders",
        "belote_on_coinche": "takers",
        "undertrump": "optional",
        "overtrump_partner": True,
        "partner_trump": "any",
        "rounding": "nearest_ten",
        "final_deal": "rounded",
        "game_end": "reach",
        "misdeal": "ffb_web",
    },
    (
        "https://www.ffbelote.org/wp-content/uploads/2016/01/"
        "regles-officielles-de-la-Belote-Contree-27-01-2016.pdf"
    ),
)

FFB_COINCHEE_2015 = Profile(
    "ffb-coinchee-2015",
    COINCHE,
    {
        **FFB_AUCTION,
        "sa_ta": False,
        "sa_points": "ace19",
        "ta_points": "ffb",
        "ta_belote": "each_suit",
        "annonces": True,
        "bonus_counts": True,
        "made": "beat_defenders",
        "litige": "dedans",
        "scoring": "points",
        "chute_points": 160,
        "capot": 250,
        "capot_bid": "contract",
        "surcoinche_multiplier": 4,
        "multiplier_scope": "all",
        "coinche_base": "fixed",
        "belote": "announce",
        "belote_said": "both",
        "belote_on_chute": "stays",
        "belote_on_coinche": "stays",
        "undertrump": "optional",
        "overtrump_partner": True,
        "partner_trump": "any",
        "rounding": "nearest_ten",
        "game_end": "ffb",
        "misdeal": "ffb_web",
    },
    "https://www.ffbelote.org/wp-content/uploads/2015/11/REGLES-DE-LA-BELOTE-COINCHEE.pdf",
)

FFB_EQUIPE_LUDIQUE = Profile(
    "ffb-equipe-ludique",
    COINCHE,
    {
        **FFB_AUCTION,
        "annonces": False,
        "made": "reach_only",
        "chute_points": 160,
        "capot": 250,
        "capot_bid": "contract",
        "surcoinche_multiplier": 3,
        "multiplier_scope": "contract",
        "belote": "announce",
        "belote_said": "both",
        "belote_on_chute": "defenders",
        "undertrump": "optional",
        "overtrump_partner": True,
        "partner_trump": "beat_if_only_trumps",
        "rounding": "nearest_ten_6up",
        "final_deal": "exact",
        "target": 2000,
        "game_end": "ffb_pass",
        "misdeal": "ffb_web",
    },
    None,
)

FF_COINCHE = Profile(
    "ff-coinche",
    COINCHE,
    {
        "min_bid": 82,
        "auction_end": "three_passes",
        "bid_after_coinche": True,
        "sa_ta": True,
        "sa_contract": 2,
        "annonces": True,
        "bonus_counts": True,
        "undertrump": "optional",
        "overtrump_partner": True,
        "target": 2000,
        "game_end": "ffb",
        "misdeal": "ff_coinche",
    },
    (
        "https://web.archive.org/web/2020/http://coinche-stephanoise.com/mesdocuments/"
        "reglement_coinche.pdf"
    ),
)

CANNES_2016 = Profile(
    "cannes-2016",
    COINCHE,
    {
        "min_bid": 80,
        "bid_step": 10,
        "max_bid": 260,
        "auction_end": "three_passes",
        "bid_after_coinche": False,
        "chute_points": 162,
        "chute_capot": "capot",
        "capot": 252,
        "capot_bid": "contract_270",
        "scoring": "points",
        "coinche_base": "fixed",
        "surcoinche_multiplier": 3,
        "multiplier_scope": "contract",
        "belote": "announce",
        "belote_on_chute": "defenders",
        "undertrump": "optional",
        "partner_trump": "any",
        "rounding": "nearest_ten_6up",
        "final_deal": "exact",
        "target": 2001,
        "game_end": "reach",
        "misdeal": "cannes",
    },
    (
        "https://web.archive.org/web/20160421181912if_/http://www.festivaldesjeux-cannes.com/"
        "Documents/REGLEMENT%20DE%20LA%20BELOTE%20AUX%20ENCHERES%20OU%20CONTREE2016.pdf"
    ),
)

BGA = Profile(
    "bga",
    COINCHE,
    {
        "sa_ta": True,
        "min_bid": 82,
        "bid_step": 10,
        "max_bid": 180,
        "auction_end": "four_passes",
        "bid_after_coinche": False,
        "made": "reach_bid",
        "scoring": "points",
        "coinche_base": "points",
        "chute_points": 162,
        "capot": 250,
        "capot_bid": "contract",
        "surcoinche_multiplier": 4,
        "multiplier_scope": "all",
        "bonus_counts": True,
        "belote": "announce",
        "belote_on_chute": "stays",
        "belote_on_coinche": "lost",
        "sa_points": "scaled",
        "ta_points": "scaled",
        "ta_belote": "none",
        "annonces": False,
        "undertrump": "required",
        "overtrump_partner": True,
        "partner_trump": "beat",
        "rounding": "none",
        "target": 2000,
        "game_end": "pass",
        "misdeal": "none",
    },
    "https://github.com/drasill/bga-coinche",
)

COLVER = Profile(
    "colver",
    COINCHE,
    {
        "min_bid": 80,
        "bid_step": 10,
        "max_bid": 160,
        "auction_end": "three_passes",
        "bid_after_coinche": False,
        "sa_ta": False,
        "annonces": False,
        "made": "reach_only",
        "scoring": "points",
        "chute_points": 162,
        "capot": 252,
        "capot_bid": "contract_250",
        "surcoinche_multiplier": 3,
        "multiplier_scope": "contract",
        "coinche_base": "fixed",
        "belote": "automatic",
        "belote_on_chute": "defenders",
        "belote_on_coinche": "takers",
        "undertrump": "optional",
        "overtrump_partner": True,
        "partner_trump": "any",
        "rounding": "none",
        "target": 2000,
        "game_end": "reach",
        "misdeal": "none",
    },
    "https://github.com/Avo-k/colver",
)

ESSARTS = Profile(
    "essarts",
    COINCHE,
    {
        "min_bid": 80,
        "bid_step": 10,
        "annonces": True,
        "scoring": "points",
        "chute_points": 160,
        "surcoinche_multiplier": 3,
        "multiplier_scope": "points",
        "undertrump": "optional",
        "target": 3000,
        "game_end": "pass",
    },
    "https://www.maisondesessarts.fr/article116.html",
)

FFB_BELOTE_2016 = Profile(
    "ffb-belote-2016",
    CLASSIC,
    {
        "undertrump": "required",
        "overtrump_partner": True,
        "partner_trump": "any",
        "belote": "announce",
        "belote_said": "both",
        "capot": 252,
        "annonces": False,
        "litige": "reserve",
        "final_deal": "rounded",
        "game_end": "reach",
        "misdeal": "ffb_web",
    },
    (
        "https://www.ffbelote.org/wp-content/uploads/2016/01/"
        "regles-officielles-de-la-Belote-27-01-2016.pdf"
    ),
)

PROFILES: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        FFB_CONTREE_2016,
        FFB_COINCHEE_2015,
        FFB_EQUIPE_LUDIQUE,
        FF_COINCHE,
        CANNES_2016,
        BGA,
        COLVER,
        ESSARTS,
        FFB_BELOTE_2016,
    )
}
"""Every profile by its name, both games' (each names its game)."""


def profiles_of(game: str) -> tuple[Profile, ...]:
    """`game`'s profiles, in `PROFILES`' order."""
    return tuple(profile for profile in PROFILES.values() if profile.game == game)
