"""service/api/rules.py, coinche's path: GET /v1/coinche/rules, the coinche options, codes and
choices (the README, "Coinche")."""

from __future__ import annotations

from flask.testing import FlaskClient

from service.rules.variants.coinche.bidding import AUCTION_CODES
from service.rules.variants.coinche.options import COINCHE_OPTION_SPECS
from tests.api.helpers import FRENCH, problems


def test_the_coinche_rules(client: FlaskClient) -> None:
    body = client.get("/v1/coinche/rules").get_json()
    options = {o["name"]: o for o in body["options"]}
    assert list(options) == list(COINCHE_OPTION_SPECS)
    assert (options["undertrump"]["default"], options["undertrump"]["allowed"]) == (
        "optional",
        ["optional", "required"],
    )
    assert (options["target"]["default"], options["target"]["minimum"]) == (2000, 1)
    assert options["capot"]["allowed"] == [250, 252]
    assert [a["code"] for a in body["auction"]] == list(AUCTION_CODES)
    assert [s["code"] for s in body["auction_statuses"]] == ["open", "taken", "redeal", "invalid"]
    assert {
        "coinche_in_turn",
        "undertrump_optional",
        "defenders_capot",
        "sa_ta_needs_option",
        "scaled_totals",
        "ta_violations",
        "belote_known",
    } <= {c["code"] for c in body["choices"]}
    assert {n["code"] for n in body["not_offered"]} == {
        "ta_j14_scale",
        "coinche_a_la_volee",
        "coinched_litige",
        "bga_house_rules",
        "deal_6_2",
        "annonce_card_reuse",
        "ta_ffb_2016",
        "coinched_defenders_keep_points",
    }
    assert body["deal_points"] == 162
    assert all(o["description"] for key in ("options", "choices") for o in body[key])


def test_the_coinche_rules_in_french(client: FlaskClient) -> None:
    response = client.get("/v1/coinche/rules", headers=FRENCH)
    assert (response.content_language, response.vary) == ({"fr"}, {"Accept-Language"})
    body = response.get_json()
    assert body["options"][0]["description"].startswith("Le sans-atout (SA)")
    assert body["not_offered"][1]["description"].startswith("La coinche à la volée")


def test_the_generale_is_an_option_off_by_default_in_english_and_french(
    client: FlaskClient,
) -> None:
    sentences = {}
    for lang in ("en", "fr"):
        body = client.get("/v1/coinche/rules", headers={"Accept-Language": lang}).get_json()
        (generale,) = [o for o in body["options"] if o["name"] == "generale"]
        assert (generale["default"], generale["allowed"]) == (
            "none",
            ["none", "flat_500", "flat_600", "flat_1000"],
        )
        assert (generale["minimum"], generale["maximum"]) == (None, None)
        assert "generale" not in {n["code"] for n in body["not_offered"]}
        sentences[lang] = generale["description"]
    assert sentences["en"].startswith("A bid above the capot, generale<strain>: the taker alone")
    assert sentences["fr"].startswith("Une enchère au-dessus du capot, generale<couleur> :")
    for sentence in sentences.values():
        assert all(word in sentence for word in ("flat_500", "flat_600", "flat_1000", "x2"))


def test_classic_rules_keep_their_options(client: FlaskClient) -> None:
    """The coinche options live on their own paths: classic's `rules` refuse them."""
    assert list(
        problems(
            client, "/v1/deals/score", {"taker": 0, "points": [81, 81], "rules": {"sa_ta": True}}
        )
    ) == ["/rules/sa_ta"]
