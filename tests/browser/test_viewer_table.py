"""The viewer drives a table (issue 48, item 8), in chromium: deal, then call and play for any
seat, the referee's verdict after each action, a renonce let stand and claimed, the deal's
score, the next deal, and Teach me asking the table's advice at every turn."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from tests.browser.conftest import Page, as_held

SEED = "table 12, deal 7, 2026-11-29"


def status(page: Page) -> str:
    return page.text("#play-status")


def verdict(page: Page) -> str:
    return page.text("#play-verdict")


def click_action(page: Page, label: str) -> None:
    """The action button whose text is `label`, clicked once it is there."""
    buttons = page.wait(
        lambda: [b for b in page.find_all("#play-actions button") if b.text == label]
    )
    buttons[0].click()


def click_card(page: Page, seat: int, card: str) -> None:
    page.wait(lambda: page.find_all(f'.play-seat[data-seat="{seat}"] button[data-card="{card}"]'))
    page.find(f'.play-seat[data-seat="{seat}"] button[data-card="{card}"]').click()


def deal(page: Page, stand: bool = False) -> None:
    page.find("#play-seed").clear()
    page.find("#play-seed").send_keys(SEED)
    if stand:
        page.find("#play-stand").click()
    page.find("#play-form button[type=submit]").click()
    page.wait(lambda: page.find("#play").is_displayed())


def test_a_coinche_deal_is_called_played_and_a_renonce_claimed(page: Page) -> None:
    deal(page, stand=True)
    assert "Auction: South (0) to act." in status(page)
    click_action(page, "80H")
    page.wait(lambda: "West (1) to act" in status(page))
    assert verdict(page) == "The action stands."
    for _ in range(3):
        click_action(page, "pass")
    page.wait(lambda: "Play: South (0) to act." in status(page))
    assert "Contract: 80H, taken by South (0)." in status(page)
    # Hearts are trump: the queen of hearts is drawn and named so; the king of spades is not.
    queen = page.find('.play-seat[data-seat="0"] [data-card="QH"]')
    assert "trump" in queen.get_attribute("class").split()
    assert queen.get_attribute("aria-label").endswith(", trump")
    king = page.find('.play-seat[data-seat="0"] [data-card="KS"]')
    assert "trump" not in king.get_attribute("class").split()
    # Each hand as players hold it: by suit, the trump (hearts) first, in trump order.
    held = [
        e.get_attribute("data-card") for e in page.find_all('.play-seat[data-seat="0"] [data-card]')
    ]
    assert held == as_held(held, "H") and len(held) == 8
    # Seat 0's eight cards may be clicked; nobody else's.
    assert len(page.find_all('.play-seat[data-seat="0"] button.card')) == 8
    assert page.find_all('.play-seat[data-seat="1"] button.card') == []
    click_card(page, 0, "KS")
    page.wait(lambda: "West (1) to act" in status(page))
    # Seat 1 holds the 8 of spades: the ace of hearts breaks follow_suit, and stands.
    assert (
        page.find_all('.play-seat[data-seat="1"] button.card.legal')[0].get_attribute("data-card")
        == "8S"
    )
    click_card(page, 1, "AH")
    page.wait(lambda: "renonce" in verdict(page))
    assert "you had to play the 8 of spades" in verdict(page)
    assert page.find("#play-verdict p").get_attribute("class") == "illegal-verdict"
    click_action(page, "South (0) claims the renonce")
    page.wait(lambda: "Deal over." in status(page))
    assert "Deal score: 240 to 0." in status(page) and "Game: 240 to 0." in status(page)
    assert verdict(page).startswith("Seat 0 claims the renonce of seat 1 in trick 1")
    click_action(page, "Next deal")
    page.wait(lambda: "Auction: West (1) to act." in status(page))
    assert "Game: 240 to 0." in status(page)
    page.assert_clean()


def test_an_action_out_of_turn_is_a_verdict_and_the_page_speaks_french(page: Page) -> None:
    deal(page)
    page.find("#lang-fr").click()
    page.wait(lambda: "Enchères : à Sud (0) d'agir." in status(page))
    assert page.text("#play-heading") == "Jouer une table"
    click_action(page, "pass")
    page.wait(lambda: "à Ouest (1) d'agir" in status(page))
    assert verdict(page) == "L'action est valable."
    page.assert_clean()


def test_teach_me_asks_the_tables_advice_at_every_turn(page: Page) -> None:
    deal(page)
    page.record_analysis("/table/advice")
    switch = page.find("#play-teach")
    switch.click()
    page.wait(lambda: "Teach me: South (0) would call" in page.text("#play-teach-result"))
    assert switch.get_attribute("aria-checked") == "true"
    click_action(page, "pass")
    page.wait(lambda: "Teach me: West (1) would call" in page.text("#play-teach-result"))
    asked = page.analysis_asked()
    assert [request["body"]["calls"] for request in asked] == [[], ["pass"]]
    assert all(request["body"]["seed"] == SEED for request in asked)
    # At Teach me's level (the default one, none chosen), over that level's deals.
    assert all(request["body"]["level"] == "default" for request in asked)
    assert all("samples" not in request["body"] for request in asked)
    advised = asked[-1]["answer"]["action"]
    assert advised["seat"] == 1 and advised["call"] in page.text("#play-teach-result")
    # The advised call is one the table offers.
    offered = [b.text for b in page.find_all("#play-actions button")]
    assert advised["call"] in offered
    page.assert_clean()


def test_a_classic_table_is_dealt_five_cards_then_eight(page: Page) -> None:
    page.find("#play-game").find_element(By.CSS_SELECTOR, "option[value=classic]").click()
    deal(page)
    assert len(page.find_all('.play-seat[data-seat="0"] .card')) == 5
    click_action(page, "take")
    page.wait(lambda: "Play: South (0) to act." in status(page))
    assert all(len(page.find_all(f'.play-seat[data-seat="{s}"] .card')) == 8 for s in range(4))
    assert "Contract: S, taken by South (0)." in status(page)
    page.assert_clean()
