"""The viewer's "Rules:" choice (issue 51, item 5), in chromium: the named rulebooks of both
games (GET /v1/rules and /v1/coinche/rules, `profiles`) listed beside the referee's defaults;
choosing one sends `"profile": NAME` in the `rules` of that game's requests, the record's own
options kept (they win), and the score shown is the one that rulebook gives; the French page
names the choice in French."""

from __future__ import annotations

from selenium.webdriver.support.select import Select

from tests.browser.conftest import Page
from tests.browser.test_viewer import COINCHE

REPLAY = "/v1/coinche/deals/replay"


def score_line(page: Page) -> str:
    return page.text("#score-line")


def test_a_profile_chosen_is_sent_and_scores_the_deal(page: Page) -> None:
    choice = Select(page.find("#rules-profile"))
    assert choice.first_selected_option.text == "the referee's defaults"
    listed = [option.get_attribute("value") for option in choice.options]
    assert "coinche:cannes-2016" in listed and "classic:ffb-belote-2016" in listed
    page.paste(COINCHE)
    page.wait(lambda: page.step() == (0, 32))
    page.find("#last").click()
    page.wait(lambda: page.step() == (32, 32))
    default = page.api(REPLAY, COINCHE)["score"]["score"]
    assert score_line(page) == f"Score (made): team 0 {default[0]}, team 1 {default[1]}"

    page.record_analysis(REPLAY)
    choice.select_by_value("coinche:cannes-2016")
    rules = {"profile": "cannes-2016", "sa_ta": True}  # the record's own option kept
    cannes = page.api(REPLAY, {**COINCHE, "rules": rules})["score"]["score"]
    assert cannes != default
    page.wait(lambda: score_line(page) == f"Score (made): team 0 {cannes[0]}, team 1 {cannes[1]}")
    asked = page.analysis_asked()
    assert asked and all(request["body"]["rules"] == rules for request in asked)

    choice.select_by_value("")  # back to the referee's defaults
    page.wait(lambda: score_line(page) == f"Score (made): team 0 {default[0]}, team 1 {default[1]}")
    assert page.analysis_asked()[-1]["body"]["rules"] == {"sa_ta": True}
    page.assert_clean()


def test_the_choice_is_named_in_french(page: Page) -> None:
    page.open("#lang=fr")
    label = page.find(".rules-choice label").text
    assert label.startswith("Règles :")
    choice = Select(page.find("#rules-profile"))
    assert choice.first_selected_option.text == "les choix par défaut de l'arbitre"
    groups = [g.get_attribute("label") for g in page.find_all("#rules-profile optgroup")]
    assert groups == ["Coinche", "Belote classique"]


def test_the_link_keeps_the_rulebook_chosen(page: Page) -> None:
    """The share link names the rulebook; opened, it shows the deal under that rulebook."""
    page.paste(COINCHE)
    page.wait(lambda: page.step() == (0, 32))
    Select(page.find("#rules-profile")).select_by_value("coinche:cannes-2016")
    page.wait(
        lambda: "rules=coinche%3Acannes-2016" in page.find("#share-link").get_attribute("href")
    )
    link = page.find("#share-link").get_attribute("href")
    page.open("#lang=en")  # another page first: the link must bring the choice back itself
    assert Select(page.find("#rules-profile")).first_selected_option.text == (
        "the referee's defaults"
    )
    page.open(link[link.index("#") :])
    page.wait(lambda: page.step() == (0, 32))
    choice = Select(page.find("#rules-profile"))
    assert choice.first_selected_option.get_attribute("value") == "coinche:cannes-2016"
    page.find("#last").click()
    rules = {"profile": "cannes-2016", "sa_ta": True}  # the record's own option kept
    cannes = page.api(REPLAY, {**COINCHE, "rules": rules})["score"]["score"]
    page.wait(lambda: score_line(page) == f"Score (made): team 0 {cannes[0]}, team 1 {cannes[1]}")
    page.assert_clean()


def test_a_link_to_a_rulebook_not_listed_keeps_the_defaults(page: Page) -> None:
    page.open("#lang=en&rules=coinche:no-such-book")
    choice = Select(page.find("#rules-profile"))
    assert choice.first_selected_option.text == "the referee's defaults"
    assert "rules=" not in page.find("#share-link").get_attribute("href")
