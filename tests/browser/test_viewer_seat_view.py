"""The viewer's review from the seats (issue 32, item 4), in chromium: asked with the panel's
checkbox, each card that lost points with every hand seen told in a sentence (unlucky, or a
mistake the seat could have avoided), in English and in French, and each player's figures
from the seat."""

from __future__ import annotations

from typing import Any

from service.api.analysis import LATE_POSITION
from service.api.review import REVIEW_EXAMPLE
from tests.browser.conftest import Page
from tests.browser.test_viewer_review import REVIEWED
from tests.browser.test_viewer_teach import named

# The API's example deal, played to its end: seat 2 leads the nine of hearts at card 21 where
# the nine of clubs was best with every hand seen.
LATE: dict[str, Any] = {**LATE_POSITION, "plays": REVIEW_EXAMPLE["plays"]}


def show_seat_review(page: Page, record: dict[str, Any]) -> None:
    page.paste(record)
    page.wait(lambda: page.step() == (0, 32))
    page.record_analysis("/analysis/review")
    page.find("#review-seat").click()
    page.find("#review-run").click()
    page.wait(lambda: page.find_all("#review-result .seat-table"))


def test_an_unlucky_card_is_told_so_in_either_language(page: Page) -> None:
    show_seat_review(page, LATE)
    ((asked,),) = [page.analysis_asked()]
    assert asked["body"] == {**LATE, "view": "seat"}
    said = [item.text for item in page.find_all("#review-result .seat-sentences li")]
    assert said == [
        "Card 21, North (2) played the nine of hearts, the better guess from that seat; with "
        "every hand seen, the nine of clubs was best: unlucky, not a mistake."
    ]
    rows = page.find_all("#review-result .seat-table tr")
    assert len(rows) == 1 + 4 + 2  # the head, the seats, the teams
    page.find("#lang-fr").click()
    page.wait(
        lambda: page.text("#review-result .seat-table caption") == "Chaque joueur vu de sa place"
    )
    said = [item.text for item in page.find_all("#review-result .seat-sentences li")]
    assert said == [
        "Carte 21, Nord (2) a joué le neuf de cœur, le meilleur pari de cette place ; toutes les "
        "mains vues, le neuf de trèfle était le meilleur choix : pas de chance, pas une faute."
    ]
    assert len(page.analysis_asked()) == 1  # told again, not asked again
    page.screenshot("the-review-from-the-seats")


def test_a_mistake_the_seat_could_have_avoided_is_told_so(page: Page) -> None:
    review = page.api("/v1/analysis/review", {**REVIEWED, "view": "seat"})
    show_seat_review(page, REVIEWED)
    said = [item.text for item in page.find_all("#review-result .seat-sentences li")]
    lost = [play for play in review["plays"] if play["judged"] and play["loss"]]
    assert len(said) == len(lost) > 0
    mistakes = [play for play in lost if play["label"] in ("inaccuracy", "mistake", "blunder")]
    assert mistakes
    first = mistakes[0]
    (sentence,) = [text for text in said if text.startswith(f"Card {first['play'] + 1}, ")]
    # The card the player played, named: "Card 7, East (3) played the ten of hearts, which ..."
    assert sentence.split(", which gave away ")[0].split(" played ")[1] == named(
        first["card"], REVIEWED["trump"]
    )
    assert f"gave away {first['loss']} points with every hand seen" in sentence
    assert sentence.endswith("one the seat could have avoided.")
