"""GET /v1/rules."""

from __future__ import annotations

import os

from flask.testing import FlaskClient

from service.rules import OPTION_SPECS, VIOLATION_CODES
from service.rules.advice.inference import RESAMPLING
from service.rules.advice.policy import CANDIDATES, TABLE_BASE, TABLE_SLOPE, TABLE_SPREAD
from service.rules.analysis import engine


def test_every_option_with_its_default_and_values(client: FlaskClient) -> None:
    body = client.get("/v1/rules").get_json()
    options = {o["name"]: o for o in body["options"]}
    assert list(options) == list(OPTION_SPECS)
    assert options["undertrump"]["default"] == "required"
    assert options["undertrump"]["allowed"] == ["required", "optional"]
    assert options["capot"]["allowed"] == [252, 250]
    assert options["annonces"]["default"] is False
    target = options["target"]
    assert (target["default"], target["allowed"], target["minimum"]) == (1000, None, 1)
    assert all(o["description"] for o in body["options"])


def test_codes_tie_breaks_and_choices(client: FlaskClient) -> None:
    body = client.get("/v1/rules").get_json()
    assert [v["code"] for v in body["violations"]] == [str(c) for c in VIOLATION_CODES]
    assert len(body["annonce_tie_breaks"]) == 4
    interpretations = {i["code"] for i in body["interpretations"]}
    assert {"seats_in_turn_order", "renonce_by_defenders", "renonce_annulled"} <= interpretations
    assert {"suit_in_round_one", "four_beats_sequence", "capot_against_takers"} <= interpretations
    jack = body["cards"][4]
    assert (jack["rank"], jack["trump_order"], jack["trump_points"]) == ("J", 1, 20)
    assert body["deal_points"] == 162


def test_in_french(client: FlaskClient) -> None:
    response = client.get("/v1/rules", headers={"Accept-Language": "fr-FR, en;q=0.5"})
    body = response.get_json()
    assert "sous-couper" in body["options"][0]["description"]
    assert body["annonce_tie_breaks"][2] == "Toujours égales : celle à l'atout."


def test_the_rules_name_the_engine_answering_the_analysis(client: FlaskClient) -> None:
    # The native core unless the service was started with BELOTE_SOLVER=reference.
    body = client.get("/v1/rules").get_json()
    assert body["analysis_engine"] == engine.ENGINE == engine.chosen(os.environ)


def test_the_rules_state_the_bid_advice_s_reading_and_table(client: FlaskClient) -> None:
    bid = client.get("/v1/rules").get_json()["bid_advice"]
    assert (bid["default_inference"], bid["default_play"]) == ("calls", "table")
    reading = (
        bid["reading_base"],
        bid["reading_spread"],
        bid["reading_floor"],
        bid["reading_partner_base"],
    )
    assert reading == tuple(RESAMPLING) and bid["candidates"] == 16 < CANDIDATES
    assert bid["default_level"] == "default" and bid["deal_model_error"] > 0
    assert bid["default_coinche_risk"] == 0.5
    assert [level["level"] for level in bid["levels"]] == ["fast", "default", "strong"]
    assert bid["levels"][2] == {
        "level": "strong",
        "valued_by": "search",
        "samples": 32,
        "candidates": CANDIDATES,
        "card_first_trick": None,
        "card_after": None,
    }
    table = (bid["table_base"], bid["table_slope"], bid["table_spread"])
    assert table == (TABLE_BASE, TABLE_SLOPE, TABLE_SPREAD)
    assert f"{TABLE_BASE} + {TABLE_SLOPE} x" in bid["model"]
    french = client.get("/v1/rules", headers={"Accept-Language": "fr"}).get_json()
    assert "au jeu parfait" in french["bid_advice"]["model"]
