"""The table (service/rules/table.py): a deal as a card room plays it, from its record, in
either game. Each test reads like what happens at a real table: whose turn it is, what that
seat may do, what the referee says of an action, and the deal's score when it ends."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from service.rules import table as table_module
from service.rules.analysis.questions import BEST, Claim, ClaimVerdict
from service.rules.core.dealing import shuffled_deck
from service.rules.core.errors import InconsistentInput
from service.rules.core.play import ViolationCode, judge, trick_winner
from service.rules.core.seats import seat_after, team_of
from service.rules.core.strains import Suit
from service.rules.table import (
    ANNONCE,
    ANNOUNCE,
    AUCTION,
    CALL,
    CARD,
    CLAIM,
    DEAL_OVER,
    GAME_OVER,
    PLAY,
    REDEAL,
    Action,
    Claimed,
    Dealt,
    Said,
    TableRecord,
    act,
    table,
)
from service.rules.variants import VARIANTS
from service.rules.variants.base import Taken
from service.rules.variants.coinche.options import Contract
from service.rules.variants.coinche.scoring import CoincheDealSummary
from tests.rules.builders import cards

CLASSIC, COINCHE = VARIANTS["classic"], VARIANTS["coinche"]
SEED = "a table for the tests, seed one"

# Dealer 0; seat 1 (first to speak and to lead) holds the king and queen of hearts.
HANDS = (
    cards("KS AS KD AD JC QC KC AC"),
    cards("KH QH JH 9H 7S 8S 7D 8D"),
    cards("AH 10H 9S 10S 9D 10D 7C 8C"),
    cards("8H 7H JS QS JD QD 9C 10C"),
)
HEARTS_80 = ("80H", "pass", "pass", "pass")
(KH, QH, JH, NINE_H, SEVEN_S, AH, TEN_S, JS, KS) = cards("KH QH JH 9H 7S AH 10S JS KS")


def coinche(**rules: Any) -> Any:
    return COINCHE.options(rules)


def at_play(calls: tuple[str, ...] = HEARTS_80, **rules: Any) -> Any:
    return table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=calls), coinche(**rules))


def step(state: Any, action: Action, **rules: Any) -> Any:
    return spoken(act(COINCHE, state.record, coinche(**rules), action))


def spoken(state: Any) -> Any:
    """`state`, its verdict's sentence read in both languages: every value it names is given."""
    for lang in ("en", "fr"):
        said = state.verdict.message(lang)
        assert said and "None" not in said and "{" not in said, said
    return state


def play_out(variant: Any, state: Any, options: Any, game: Any = ()) -> Any:
    """Every seat to act plays its first legal card until the deal ends."""
    while state.phase == PLAY:
        action = Action(state.to_act, CARD, card=state.legal[0])
        state = spoken(act(variant, state.record, options, action, game))
        assert state.verdict.legal
    return state


# --- the auction ------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_the_dealers_next_speaks_first(dealer: int) -> None:
    state = table(COINCHE, TableRecord(dealer, Dealt(deck=shuffled_deck(SEED))), coinche())
    assert (state.phase, state.to_act) == (AUCTION, seat_after(dealer))
    assert state.legal == tuple(COINCHE.auction(dealer, (), coinche()).legal)
    assert state.legal[0] == "pass" and "80H" in state.legal
    assert [len(hand) for hand in state.hands] == [8, 8, 8, 8]
    assert state.contract is None and state.trick is None and state.score is None
    assert state.next_dealer == seat_after(dealer) and state.summary is None
    assert (state.illegal, state.announceable, state.annonces, state.renonces) == ((), (), (), ())
    assert state.tricks == (0, 0) and state.game == COINCHE.score_game((), coinche())


def test_a_classic_auction_shows_five_cards_each_and_the_turned_card() -> None:
    deck = shuffled_deck(SEED)
    state = table(CLASSIC, TableRecord(3, Dealt(deck=deck)), CLASSIC.options(None))
    dealt = CLASSIC.deal_deck(list(deck), 3, None)
    assert state.hands == dealt.hands and [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.turned == dealt.turned
    assert (state.phase, state.to_act, state.legal) == (AUCTION, 0, ("take", "pass"))


def test_a_classic_take_completes_the_hands_the_taker_with_the_turned_card() -> None:
    deck = shuffled_deck(SEED)
    options = CLASSIC.options(None)
    start = table(CLASSIC, TableRecord(3, Dealt(deck=deck)), options)
    taken = act(CLASSIC, start.record, options, Action(0, CALL, call="take"))
    assert taken.verdict.legal and taken.record.calls == ("take",)
    assert [len(h) for h in taken.hands] == [8, 8, 8, 8]
    assert taken.turned in taken.hands[0]
    assert taken.hands == CLASSIC.deal_deck(list(deck), 3, 0).hands
    assert taken.contract is not None and taken.contract.taker == 0
    assert taken.contract.strain == start.turned.suit
    assert (taken.phase, taken.to_act) == (PLAY, 0)


def test_a_call_out_of_turn_is_a_verdict_and_changes_nothing() -> None:
    start = table(COINCHE, TableRecord(0, Dealt(hands=HANDS)), coinche())
    state = step(start, Action(2, CALL, call="pass"))
    assert not state.verdict.legal and state.verdict.code == "not_to_act"
    assert state.verdict.message("en") == "Seat 2 is not to act: seat 1 is."
    assert state.record == start.record and state.to_act == 1


def test_a_call_below_the_last_bid_is_the_auctions_verdict() -> None:
    start = table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=("90S",)), coinche())
    state = step(start, Action(2, CALL, call="80H"))
    assert state.verdict.legal is False and state.verdict.code == "bid_too_low"
    assert state.record.calls == ("90S",)


def test_a_word_that_is_no_call_is_a_verdict() -> None:
    start = table(COINCHE, TableRecord(0, Dealt(hands=HANDS)), coinche())
    state = step(start, Action(1, CALL, call="eighty hearts"))
    assert (state.verdict.legal, state.verdict.code) == (False, "not_a_call")
    assert state.record == start.record
    assert "'eighty hearts'" in state.verdict.message("en")


def test_four_passes_redeal_by_the_next_dealer() -> None:
    state = table(COINCHE, TableRecord(2, Dealt(hands=HANDS), calls=("pass",) * 4), coinche())
    assert (state.phase, state.to_act, state.legal, state.next_dealer) == (REDEAL, None, (), 3)


def test_a_card_in_the_auction_is_not_played() -> None:
    start = table(COINCHE, TableRecord(0, Dealt(hands=HANDS)), coinche())
    state = step(start, Action(1, CARD, card=KH))
    assert (state.verdict.code, state.record) == ("not_in_play", start.record)


# --- the play ---------------------------------------------------------------------------


def test_after_the_auction_the_dealers_next_leads_any_card() -> None:
    state = at_play()
    assert (state.phase, state.to_act) == (PLAY, 1)
    assert state.legal == HANDS[1] and state.illegal == ()
    assert state.contract == (1, 1, 80, 0)
    assert state.score is None and state.summary is None
    assert state.trick == (1, (), None) and state.tricks == (0, 0)


def test_a_call_in_the_play_is_refused() -> None:
    state = step(at_play(), Action(1, CALL, call="pass"))
    assert (state.verdict.legal, state.verdict.code) == (False, "not_in_auction")


def test_each_card_is_legal_or_illegal_with_its_violation() -> None:
    state = step(at_play(), Action(1, CARD, card=SEVEN_S))
    assert state.verdict.legal and state.to_act == 2
    assert state.trick == (1, (SEVEN_S,), 1)
    assert set(state.legal) == set(cards("9S 10S"))
    assert {card for card, _ in state.illegal} == set(HANDS[2]) - set(state.legal)
    assert all(v.code is ViolationCode.FOLLOW_SUIT for _, v in state.illegal)
    assert state.hands[1] == tuple(c for c in HANDS[1] if c != SEVEN_S)


def test_the_trick_so_far_goes_to_its_best_card() -> None:
    state = step(step(at_play(), Action(1, CARD, card=SEVEN_S)), Action(2, CARD, card=TEN_S))
    assert state.trick == (1, (SEVEN_S, TEN_S), 2)


def test_a_card_not_held_is_not_played() -> None:
    start = at_play()
    state = step(start, Action(1, CARD, card=AH))
    assert (state.verdict.code, state.record) == ("card_not_held", start.record)
    assert state.verdict.message("en") == "Seat 1 does not hold the ace of hearts."


def test_a_card_out_of_turn_is_not_played() -> None:
    start = at_play()
    state = step(start, Action(2, CARD, card=AH))
    assert (state.verdict.code, state.record) == ("not_to_act", start.record)


def test_under_refuse_an_illegal_card_is_not_played() -> None:
    led = step(at_play(), Action(1, CARD, card=SEVEN_S))
    state = step(led, Action(2, CARD, card=AH))
    assert not state.verdict.legal and state.verdict.code == "illegal_card"
    assert state.verdict.violation is not None
    assert state.verdict.violation.code is ViolationCode.FOLLOW_SUIT
    assert state.record == led.record and state.to_act == 2 and state.renonces == ()
    assert state.verdict.message("en").endswith("The card is refused: seat 2 plays again.")


def test_under_stand_an_illegal_card_is_played_as_a_renonce() -> None:
    led = step(at_play(illegal_card="stand"), Action(1, CARD, card=SEVEN_S), illegal_card="stand")
    state = step(led, Action(2, CARD, card=AH), illegal_card="stand")
    assert state.verdict.legal is False and state.verdict.code == "renonce_stands"
    assert state.verdict.violation is not None
    assert state.verdict.violation.code is ViolationCode.FOLLOW_SUIT
    assert state.record.plays == (SEVEN_S, AH) and state.to_act == 3
    (renonce,) = state.renonces
    assert (renonce.seat, renonce.card, renonce.play, renonce.trick) == (2, AH, 1, 0)


def test_a_complete_deal_is_scored_as_the_replay_scores_it() -> None:
    options = coinche()
    state = play_out(COINCHE, at_play(), options)
    assert (state.phase, state.to_act, state.legal, state.trick) == (DEAL_OVER, None, (), None)
    record = COINCHE.record(0, state.contract, state.record.plays, HANDS, (), ())
    replayed = COINCHE.replay(record, options)
    assert state.score == replayed.score and state.summary == replayed.summary
    assert sum(state.tricks) == 8
    assert state.game.totals == state.score.score and not state.game.finished


@pytest.mark.parametrize("variant", [CLASSIC, COINCHE], ids=["classic", "coinche"])
@pytest.mark.parametrize("seed", [f"{SEED} {n}" for n in range(6)])
def test_a_whole_deal_from_its_deck_is_the_replays(variant: Any, seed: str) -> None:
    options = variant.options(None)
    state = table(variant, TableRecord(1, Dealt(deck=shuffled_deck(seed))), options)
    while state.phase == AUCTION:
        call = next(c for c in state.legal if c != "pass")  # a take, or the lowest bid
        state = act(variant, state.record, options, Action(state.to_act, CALL, call=call))
        call = "pass"
        while state.phase == AUCTION:
            state = act(variant, state.record, options, Action(state.to_act, CALL, call=call))
    state = play_out(variant, state, options)
    assert state.phase == DEAL_OVER and state.next_dealer == 2
    dealt = variant.deal_deck(list(shuffled_deck(seed)), 1, state.contract.taker).hands
    record = variant.record(1, state.contract, state.record.plays, dealt, (), ())
    assert state.score == variant.replay(record, options).score


# Dealer 3: seat 0 speaks and leads first, and holds every heart.
EVERY_HEART = (
    cards("JH 9H AH 10H KH QH 8H 7H"),
    cards("AD 10D KD QD JD 9D 8D 7D"),
    cards("AS 10S KS QS JS 9S 8S 7S"),
    cards("AC 10C KC QC JC 9C 8C 7C"),
)


def test_a_generale_is_called_coinched_played_and_scored_at_the_table() -> None:
    options = coinche(generale="flat_600")
    state = table(COINCHE, TableRecord(3, Dealt(hands=EVERY_HEART)), options)
    for seat, call in ((0, "capotH"), (1, "pass"), (2, "generaleH")):
        state = spoken(act(COINCHE, state.record, options, Action(seat, CALL, call=call)))
        assert state.verdict.legal, call
    # Over a générale a call is a pass or a coinche: another générale is too low.
    assert state.legal == ("pass", "coinche")
    over = step(state, Action(3, CALL, call="generaleS"), generale="flat_600")
    assert (over.verdict.legal, over.verdict.code) == (False, "bid_too_low")
    for seat, call in ((3, "coinche"), (0, "pass"), (1, "pass"), (2, "pass")):
        state = spoken(act(COINCHE, state.record, options, Action(seat, CALL, call=call)))
    assert state.contract == Taken(2, Suit.HEARTS, "generale", 1)
    # Seat 0, the taker's partner, wins all 8 tricks: the team is capot, the générale dedans.
    state = play_out(COINCHE, state, options)
    assert state.phase == DEAL_OVER and state.tricks == (8, 0)
    assert (state.summary.capot, state.summary.generale) == (0, 0)
    assert (state.score.contract, state.score.score) == ("dedans", (0, 1200))
    assert state.game.totals == (0, 1200)


def test_a_generale_at_a_table_without_the_option_is_no_call() -> None:
    start = table(COINCHE, TableRecord(3, Dealt(hands=EVERY_HEART)), coinche())
    state = step(start, Action(0, CALL, call="generaleH"))
    assert (state.verdict.legal, state.verdict.code) == (False, "not_a_call")
    assert state.record == start.record


# --- announcements ----------------------------------------------------------------------


def test_a_seat_holding_king_and_queen_of_trump_may_say_belote() -> None:
    assert at_play().announceable == ("belote",)
    assert step(at_play(), Action(1, CARD, card=SEVEN_S)).announceable == ()


def test_belote_is_said_then_rebelote_with_the_second_honour() -> None:
    state = step(at_play(), Action(1, ANNOUNCE, announce="belote"))
    assert state.verdict.legal and state.record.said == (Said(1, 0, "belote", suit=1),)
    assert state.announceable == ()
    state = step(state, Action(1, CARD, card=KH))
    while state.to_act != 1:
        state = step(state, Action(state.to_act, CARD, card=state.legal[0]))
    assert state.announceable == ("rebelote",)
    said = step(state, Action(1, ANNOUNCE, announce="rebelote"))
    plays = len(state.record.plays)
    assert said.verdict.legal and said.record.said[-1] == Said(1, plays, "rebelote", suit=1)


def test_a_false_belote_is_a_verdict_not_a_silence() -> None:
    led = step(at_play(), Action(1, CARD, card=SEVEN_S))
    state = step(led, Action(2, ANNOUNCE, announce="belote"))
    assert (state.verdict.legal, state.verdict.code) == (False, "belote_not_held")
    assert state.record == led.record


def test_belote_is_said_once() -> None:
    said = step(at_play(), Action(1, ANNOUNCE, announce="belote"))
    again = step(said, Action(1, ANNOUNCE, announce="belote"))
    assert (again.verdict.legal, again.verdict.code) == (False, "belote_said")


def test_rebelote_before_belote_is_refused() -> None:
    state = step(at_play(), Action(1, ANNOUNCE, announce="rebelote"))
    assert (state.verdict.legal, state.verdict.code) == (False, "rebelote_not_due")


def _deal_with_belote(said: tuple[Said, ...], **rules: Any) -> Any:
    """The deal played out, seat 1's belote said as `said` says."""
    options = coinche(**rules)
    record = TableRecord(0, Dealt(hands=HANDS), calls=HEARTS_80)
    state = table(COINCHE, record, options)
    while state.phase == PLAY:
        plays = len(state.record.plays)
        for saying in said:
            if saying.play == plays:
                state = act(
                    COINCHE, state.record, options, Action(1, ANNOUNCE, announce=saying.said)
                )
                assert state.verdict.legal, state.verdict.message("en")
        card = KH if state.to_act == 1 and KH in state.legal else state.legal[0]
        card = QH if state.to_act == 1 and QH in state.legal and KH not in state.hands[1] else card
        state = act(COINCHE, state.record, options, Action(state.to_act, CARD, card=card))
    return state


def test_a_belote_said_counts_20() -> None:
    quiet = _deal_with_belote(())
    said = _deal_with_belote((Said(1, 0, "belote"),))
    assert said.score.breakdown[1].belote == 20 and quiet.score.breakdown[1].belote == 0


def test_under_both_belote_alone_does_not_count() -> None:
    alone = _deal_with_belote((Said(1, 0, "belote"),), belote_said="both")
    assert alone.score.breakdown[1].belote == 0
    rebelote_at = next(
        i for i, card in enumerate(alone.record.plays) if card == QH
    )  # seat 1's second honour
    both = _deal_with_belote(
        (Said(1, 0, "belote"), Said(1, rebelote_at, "rebelote")), belote_said="both"
    )
    assert both.score.breakdown[1].belote == 20


def test_annonces_are_declared_with_the_first_card() -> None:
    state = at_play(annonces=True)
    tierce = cards("JH QH KH")
    assert [a.cards for a in state.annonces] == [tierce]
    assert at_play().annonces == ()
    declared = step(state, Action(1, ANNOUNCE, announce=ANNONCE, cards=tierce), annonces=True)
    assert declared.verdict.legal and declared.record.said == (Said(1, 0, ANNONCE, cards=tierce),)
    assert declared.annonces == ()
    pair = step(state, Action(1, ANNOUNCE, announce=ANNONCE, cards=cards("QH KH")), annonces=True)
    assert (pair.verdict.legal, pair.verdict.code) == (False, "annonce_not_now")
    unheld = step(
        state, Action(1, ANNOUNCE, announce=ANNONCE, cards=cards("10H JH QH")), annonces=True
    )
    assert unheld.verdict.code == "annonce_not_now"
    off = step(at_play(), Action(1, ANNOUNCE, announce=ANNONCE, cards=tierce))
    assert off.verdict.code == "annonce_not_now"


def test_no_annonce_after_the_first_trick() -> None:
    state = play_out_to(COINCHE, at_play(annonces=True), coinche(annonces=True), plays=4)
    assert state.annonces == ()
    leader = state.to_act
    held = step(
        state,
        Action(leader, ANNOUNCE, announce=ANNONCE, cards=state.hands[leader][:3]),
        annonces=True,
    )
    assert held.verdict.code == "annonce_not_now"


# --- claims -----------------------------------------------------------------------------


def _renonce_standing() -> Any:
    led = step(at_play(illegal_card="stand"), Action(1, CARD, card=SEVEN_S), illegal_card="stand")
    return step(led, Action(2, CARD, card=AH), illegal_card="stand")


def test_the_other_team_claims_a_renonce_and_the_deal_is_scored_against_the_offenders() -> None:
    state = step(_renonce_standing(), Action(3, CLAIM, claim="renonce"), illegal_card="stand")
    assert state.verdict.legal and state.verdict.code == "renonce_claimed"
    assert state.record.claimed == Claimed(3, "renonce")
    assert state.score.capot is None and state.summary.capot is None
    assert (state.phase, state.to_act) == (DEAL_OVER, None)
    assert state.score.renonce == 0 and state.score.score[0] == 0
    assert state.score.contract == "made" and state.score.score[1] >= 160 + 80
    assert state.verdict.message("en") == (
        "Seat 3 claims the renonce of seat 2 in trick 1: the deal stops and is scored against"
        " its team."
    )


def test_a_team_does_not_claim_its_own_renonce() -> None:
    standing = _renonce_standing()
    state = step(standing, Action(0, CLAIM, claim="renonce"), illegal_card="stand")
    assert (state.verdict.legal, state.verdict.code) == (False, "no_renonce")
    assert state.record == standing.record


def test_a_renonce_claimed_without_one_is_refused() -> None:
    state = step(at_play(), Action(2, CLAIM, claim="renonce"))
    assert state.verdict.code == "no_renonce" and state.phase == PLAY


def test_a_claim_that_is_neither_is_refused() -> None:
    state = step(at_play(), Action(2, CLAIM, claim="all"))
    assert (state.verdict.code, state.phase) == ("not_a_claim", PLAY)


def test_a_claim_in_the_auction_is_refused() -> None:
    state = table(COINCHE, TableRecord(0, Dealt(hands=HANDS)), coinche())
    assert step(state, Action(1, CLAIM, claim="rest")).verdict.code == "not_in_play"


def test_a_renonce_left_standing_to_the_end_decides_the_deal() -> None:
    options = coinche(illegal_card="stand")
    state = play_out(COINCHE, _renonce_standing(), options)
    assert state.phase == DEAL_OVER and state.score.renonce == 0


def test_the_last_trick_is_claimed_by_the_team_that_wins_it() -> None:
    state = play_out_to(COINCHE, at_play(), coinche(), plays=28)
    leader = state.to_act
    last = tuple(state.hands[seat_after(leader, i)][0] for i in range(4))
    winner = seat_after(leader, trick_winner(last, state.contract.strain))
    for seat in range(4):
        claimed = step(state, Action(seat, CLAIM, claim="rest"))
        holds = team_of(seat) == team_of(winner)
        assert claimed.verdict.legal is holds, claimed.verdict.message("en")
        assert claimed.phase == (DEAL_OVER if holds else PLAY)
    winners = step(state, Action(winner, CLAIM, claim="rest"))
    assert winners.score == play_out(COINCHE, state, coinche()).score


def play_out_to(variant: Any, state: Any, options: Any, plays: int) -> Any:
    while len(state.record.plays) < plays:
        state = act(variant, state.record, options, Action(state.to_act, CARD, card=state.legal[0]))
    return state


# --- the game ---------------------------------------------------------------------------


def test_a_deal_adds_to_the_game_and_the_game_ends_at_the_target() -> None:
    options = coinche(target=300)
    first = play_out(
        COINCHE,
        table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=HEARTS_80), options),
        options,
    )
    assert first.phase == DEAL_OVER
    game = [first.summary]
    second = table(
        COINCHE,
        TableRecord(1, Dealt(hands=HANDS), calls=("pass", "80H", "pass", "pass", "pass")),
        options,
        game,
    )
    assert second.game.totals == first.score.score
    done = play_out(COINCHE, second, options, game)
    totals = tuple(a + b for a, b in zip(first.score.score, done.score.score, strict=True))
    assert done.game.totals == totals
    assert done.phase == (GAME_OVER if max(totals) >= 300 else DEAL_OVER)
    assert done.game.finished is (done.phase == GAME_OVER)


def test_no_deal_follows_a_finished_game() -> None:
    options = coinche(target=100)
    first = play_out(
        COINCHE,
        table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=HEARTS_80), options),
        options,
    )
    assert first.phase == GAME_OVER
    record = TableRecord(1, Dealt(hands=HANDS))
    assert _problem(COINCHE, record, [first.summary], target=100) == ("/game", "game_finished")


# --- records that cannot arise ----------------------------------------------------------


def _problem(variant: Any, record: TableRecord, game: Any = (), **rules: Any) -> tuple[str, str]:
    with pytest.raises(InconsistentInput) as raised:
        table(variant, record, variant.options(rules), game)
    first = raised.value.problems[0]
    for lang in ("en", "fr"):
        said = first.message(lang)
        assert "None" not in said and "{" not in said, said
    return first.pointer, first.code


def test_a_deck_is_the_32_cards_each_once() -> None:
    deck = shuffled_deck(SEED)
    assert _problem(COINCHE, TableRecord(0, Dealt(deck=deck[:31]))) == ("/deck", "deck_size")
    doubled = (*deck[:31], deck[0])
    assert _problem(COINCHE, TableRecord(0, Dealt(deck=doubled)))[0].startswith("/deck")


def test_hands_are_four_of_eight_with_no_card_twice() -> None:
    assert _problem(COINCHE, TableRecord(0, Dealt(hands=HANDS[:3]))) == ("/hands", "hands_count")
    short = (HANDS[0][:7], *HANDS[1:])
    assert _problem(COINCHE, TableRecord(0, Dealt(hands=short))) == ("/hands/0", "hand_size")
    twice = (HANDS[0], (HANDS[0][0], *HANDS[1][1:]), *HANDS[2:])
    assert _problem(COINCHE, TableRecord(0, Dealt(hands=twice)))[0].startswith("/hands/")


def test_no_call_follows_the_end_of_the_auction() -> None:
    record = TableRecord(0, Dealt(hands=HANDS), calls=(*HEARTS_80, "pass"))
    assert _problem(COINCHE, record) == ("/calls/4", "call_in_record")


def test_no_card_is_played_before_the_auction_is_taken() -> None:
    record = TableRecord(0, Dealt(hands=HANDS), calls=("80H",), plays=(KH,))
    assert _problem(COINCHE, record) == ("/plays/0", "play_before_auction")


def test_under_refuse_no_renonce_is_in_the_record() -> None:
    record = TableRecord(0, Dealt(hands=HANDS), calls=HEARTS_80, plays=(SEVEN_S, AH))
    assert _problem(COINCHE, record) == ("/plays/1", "refused_in_record")
    assert table(COINCHE, record, coinche(illegal_card="stand")).renonces


def test_a_classic_table_gives_its_hands_only_after_the_take() -> None:
    record = TableRecord(0, Dealt(hands=HANDS, turned=KH))
    assert _problem(CLASSIC, record) == ("/hands", "hands_in_auction")
    elsewhere = TableRecord(0, Dealt(hands=HANDS, turned=AH), calls=("take",))
    assert _problem(CLASSIC, elsewhere) == ("/turned", "turned_elsewhere")
    taken = table(
        CLASSIC,
        TableRecord(0, Dealt(hands=HANDS, turned=KH), calls=("take",)),
        CLASSIC.options(None),
    )
    assert (taken.phase, taken.to_act, taken.contract) == (PLAY, 1, (1, 1, None, 0))


def test_an_announcement_the_table_would_refuse_is_not_in_the_record() -> None:
    false = TableRecord(
        0, Dealt(hands=HANDS), calls=HEARTS_80, said=(Said(2, 0, "belote", suit=1),)
    )
    assert _problem(COINCHE, false) == ("/announcements/0", "announcement_in_record")
    ahead = TableRecord(
        0, Dealt(hands=HANDS), calls=HEARTS_80, said=(Said(1, 3, "belote", suit=1),)
    )
    assert _problem(COINCHE, ahead) == ("/announcements/0/play", "announcement_ahead")


def test_a_claim_the_table_would_refuse_is_not_in_the_record() -> None:
    record = TableRecord(0, Dealt(hands=HANDS), calls=HEARTS_80, claimed=Claimed(3, "renonce"))
    assert _problem(COINCHE, record) == ("/claim", "claim_in_record")


# --- what the table reads from the variant, and the rules' options ----------------------


def test_a_call_the_auction_cannot_read_is_pointed_at_in_calls() -> None:
    record = TableRecord(0, Dealt(hands=HANDS), calls=("pass", "eighty"))
    pointer, _ = _problem(COINCHE, record)
    assert pointer == "/calls/1"


def test_the_auction_follows_the_rules_options() -> None:
    record = TableRecord(0, Dealt(hands=HANDS), calls=("80SA", "pass", "pass", "pass"))
    assert _problem(COINCHE, record) == ("/calls/0", "call_in_record")
    assert table(COINCHE, record, coinche(sa_ta=True)).phase == PLAY
    start = table(COINCHE, TableRecord(0, Dealt(hands=HANDS)), coinche(sa_ta=True))
    said = step(start, Action(1, CALL, call="90TA"), sa_ta=True)
    assert said.verdict.legal and said.record.calls == ("90TA",)


def test_game_deals_that_cannot_be_scored_are_pointed_at_in_game() -> None:
    wrong = CoincheDealSummary(Contract(0, 80, Suit.HEARTS), (100, 100), None, (0, 0), ((), ()))
    pointer, _ = _problem(COINCHE, TableRecord(0, Dealt(hands=HANDS)), [wrong])
    assert pointer.startswith("/game/0")


def test_trick_one_to_seat_0_who_leads_clubs_and_seat_1_trumps() -> None:
    state = at_play()
    for card in cards("7S 9S JS AS"):
        state = step(state, Action(state.to_act, CARD, card=card))
    assert (state.to_act, state.tricks, state.trick) == (0, (1, 0), (0, (), None))
    state = step(state, Action(0, CARD, card=cards("JC")[0]))
    assert set(state.legal) == {KH, QH, JH, NINE_H}
    state = step(state, Action(1, CARD, card=NINE_H))
    assert state.trick == (0, cards("JC 9H"), 1)


def test_seat_0_declares_its_quarte_with_its_first_card_not_after() -> None:
    rules = {"annonces": True}
    state = at_play(**rules)
    for card in cards("7S 9S JS"):
        state = step(state, Action(state.to_act, CARD, card=card), **rules)
    quarte = cards("JC QC KC AC")
    assert state.to_act == 0 and [a.cards for a in state.annonces] == [quarte]
    state = step(state, Action(0, CARD, card=cards("AS")[0]), **rules)
    assert state.to_act == 0 and state.annonces == ()
    late = step(state, Action(0, ANNOUNCE, announce=ANNONCE, cards=quarte), **rules)
    assert late.verdict.code == "annonce_not_now"


def test_belote_and_rebelote_said_count_one_belote() -> None:
    quiet = _deal_with_belote(())
    rebelote_at = next(i for i, card in enumerate(quiet.record.plays) if card == QH)
    both = _deal_with_belote((Said(1, 0, "belote"), Said(1, rebelote_at, "rebelote")))
    assert both.score.breakdown[1].belote == 20


def test_belote_is_said_with_the_first_honour_not_after() -> None:
    state = step(at_play(), Action(1, CARD, card=KH))
    while state.to_act != 1:
        state = step(state, Action(state.to_act, CARD, card=state.legal[0]))
    assert state.announceable == ()
    late = step(state, Action(1, ANNOUNCE, announce="belote"))
    assert (late.verdict.legal, late.verdict.code) == (False, "belote_late")


def test_a_word_that_is_not_said_at_the_table() -> None:
    state = step(at_play(), Action(1, ANNOUNCE, announce="tierce"))
    assert (state.verdict.legal, state.verdict.code) == (False, "not_a_saying")


def test_a_card_must_be_named() -> None:
    state = step(at_play(), Action(1, CARD))
    assert (state.verdict.legal, state.verdict.code) == (False, "no_card")


# Under tout-atout every suit makes a belote: seat 1 holds two, seat 0 the king of diamonds
# alone.
TA_HANDS = (
    cards("AS JS KD AD JC QC KC AC"),
    cards("KH QH KS QS 7S 8S 7D 8D"),
    cards("AH 10H 9S 10S 9D 10D 7C 8C"),
    cards("8H 7H JH 9H JD QD 9C 10C"),
)


def test_under_tout_atout_a_seat_says_each_of_its_belotes() -> None:
    options = coinche(sa_ta=True)
    record = TableRecord(0, Dealt(hands=TA_HANDS), calls=("80TA", "pass", "pass", "pass"))
    state = table(COINCHE, record, options)
    assert state.announceable == ("belote",)
    first = spoken(act(COINCHE, state.record, options, Action(1, ANNOUNCE, announce="belote")))
    assert first.record.said == (Said(1, 0, "belote", suit=0),)
    second = spoken(act(COINCHE, first.record, options, Action(1, ANNOUNCE, announce="belote")))
    assert second.record.said[1:] == (Said(1, 0, "belote", suit=1),)
    third = spoken(act(COINCHE, second.record, options, Action(1, ANNOUNCE, announce="belote")))
    assert third.verdict.code == "belote_said" and third.record == second.record
    named = Action(1, ANNOUNCE, announce="belote", suit=1)
    hearts = spoken(act(COINCHE, state.record, options, named))
    assert hearts.record.said == (Said(1, 0, "belote", suit=1),)


def test_under_tout_atout_a_king_alone_is_no_belote() -> None:
    options = coinche(sa_ta=True)
    calls = ("80TA", "pass", "pass", "pass")
    state = play_out_to(
        COINCHE,
        table(COINCHE, TableRecord(0, Dealt(hands=TA_HANDS), calls=calls), options),
        options,
        plays=3,
    )
    kd = Said(0, 3, "belote", suit=2)
    record = replace(state.record, said=(kd,))
    with pytest.raises(InconsistentInput) as raised:
        table(COINCHE, record, coinche(sa_ta=True))
    assert "Seat 0 does not hold the king and queen" in raised.value.problems[0].message("en")
    clubs = replace(record, said=(Said(0, 3, "belote", suit=3),))
    assert table(COINCHE, clubs, coinche(sa_ta=True)).record.said == clubs.said


def test_an_announcement_out_of_turn_is_not_in_the_record() -> None:
    record = TableRecord(0, Dealt(hands=HANDS), calls=HEARTS_80, said=(Said(2, 0, "belote", 1),))
    with pytest.raises(InconsistentInput) as raised:
        table(COINCHE, record, coinche())
    assert "Seat 2 is not to act: seat 1 is." in raised.value.problems[0].message("en")
    unnamed = TableRecord(0, Dealt(hands=HANDS), calls=HEARTS_80, said=(Said(1, 0, "belote"),))
    assert _problem(COINCHE, unnamed) == ("/announcements/0", "announcement_in_record")


def test_nobody_acts_once_the_deal_is_over() -> None:
    over = play_out(COINCHE, at_play(), coinche())
    for action in (Action(0, CARD, card=KH), Action(1, CLAIM, claim="rest")):
        state = spoken(act(COINCHE, over.record, coinche(), action))
        assert (state.verdict.legal, state.verdict.code) == (False, "nobody_to_act")
    claimed = replace(over.record, claimed=Claimed(0, "rest"))
    assert _problem(COINCHE, claimed) == ("/claim", "claim_in_record")


def test_a_claim_of_the_last_trick_in_the_record() -> None:
    state = play_out_to(COINCHE, at_play(), coinche(), plays=28)
    leader = state.to_act
    last = tuple(state.hands[seat_after(leader, i)][0] for i in range(4))
    winner = seat_after(leader, trick_winner(last, state.contract.strain))
    holds = replace(state.record, claimed=Claimed(winner, "rest"))
    assert table(COINCHE, holds, coinche()).phase == DEAL_OVER
    fails = replace(state.record, claimed=Claimed(seat_after(winner), "rest"))
    assert _problem(COINCHE, fails) == ("/claim", "claim_in_record")


# Seat 1 holds every trump and its partner the three aces left: their team takes every trick.
CAPOT_HANDS = (
    cards("KS QS JS KD QD JD KC QC"),
    cards("7H 8H 9H 10H JH QH KH AH"),
    cards("7S 8S 9S 7D 8D 9D 7C 8C"),
    cards("AS 10S AD 10D AC 10C 9C JC"),
)


def test_a_rest_claimed_by_the_team_that_took_every_trick_is_a_capot() -> None:
    rules = {"annonces": True}
    options = coinche(**rules)
    record = TableRecord(0, Dealt(hands=CAPOT_HANDS), calls=HEARTS_80)
    state = table(COINCHE, record, options)
    state = step(state, Action(1, ANNOUNCE, announce="belote"), **rules)
    tierce = state.annonces[0].cards
    state = step(state, Action(1, ANNOUNCE, announce=ANNONCE, cards=tierce), **rules)
    for card in cards("AH 7S AS KS"):
        state = step(state, Action(state.to_act, CARD, card=card), **rules)
    assert state.tricks == (0, 1)
    claimed = step(state, Action(3, CLAIM, claim="rest"), **rules)
    assert claimed.verdict.legal and claimed.phase == DEAL_OVER
    assert claimed.summary.capot == 1 and claimed.score.capot == 1
    assert claimed.summary.points == (0, 162) and claimed.summary.belote == (0, 1)
    assert claimed.summary.annonces[1] and claimed.summary.annonces[0] == ()
    refused = step(state, Action(0, CLAIM, claim="rest"), **rules)
    assert (refused.verdict.legal, refused.verdict.code) == (False, "rest_refused")
    assert refused.record == state.record


def test_a_rest_claim_not_settled_in_time_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = []

    def out_of_time(
        variant: Any, record: Any, claim: Any, mode: str, options: Any, budget: int
    ) -> Any:
        asked.append((record.plays, claim, mode, options, budget))
        return ClaimVerdict(None, None, None, None, False, 0, 0.0)

    monkeypatch.setattr(table_module, "judge_claim_in", out_of_time)
    state = at_play(illegal_card="stand")
    unsettled = spoken(
        act(
            COINCHE,
            state.record,
            coinche(illegal_card="stand"),
            Action(1, CLAIM, claim="rest"),
            (),
            7,
        )
    )
    assert (unsettled.verdict.legal, unsettled.verdict.code) == (False, "rest_unsettled")
    assert unsettled.record == state.record
    assert asked == [((), Claim(1, rest=True), BEST, coinche(illegal_card="stand"), 7)]


@pytest.mark.parametrize(
    ("variant", "rules"),
    [
        (
            CLASSIC,
            {"undertrump": "optional", "overtrump_partner": False, "rounding": "nearest_ten"},
        ),
        (COINCHE, {"undertrump": "required", "overtrump_partner": False, "rounding": "none"}),
    ],
    ids=["classic", "coinche"],
)
@pytest.mark.parametrize("seed", range(8))
def test_the_table_plays_and_scores_by_the_rules_options(
    variant: Any, rules: dict[str, Any], seed: int
) -> None:
    options = variant.options(rules)
    chooser = random.Random(seed)
    deck = shuffled_deck(f"{SEED} {seed}")
    state = table(variant, TableRecord(0, Dealt(deck=deck)), options)
    while state.phase == AUCTION:
        call = next(c for c in state.legal if c != "pass") if not state.record.calls else "pass"
        state = spoken(act(variant, state.record, options, Action(state.to_act, CALL, call=call)))
    while state.phase == PLAY:
        hand, trick = state.hands[state.to_act], state.trick
        ruling = judge(hand, trick.leader, trick.cards, state.contract.strain, options)
        assert state.legal == ruling.legal
        card = chooser.choice(state.legal)
        state = spoken(act(variant, state.record, options, Action(state.to_act, CARD, card=card)))
    dealt = variant.deal_deck(list(deck), 0, state.contract.taker).hands
    record = variant.record(0, state.contract, state.record.plays, dealt, (), ())
    assert state.score == variant.replay(record, options).score


def test_a_classic_table_dealt_by_its_hands_needs_its_turned_card() -> None:
    assert _problem(CLASSIC, TableRecord(0, Dealt(hands=HANDS))) == (
        "/turned",
        "bidding_needs_turned",
    )


def test_the_game_before_the_deal_is_scored_by_the_rules_options() -> None:
    deal = CoincheDealSummary(Contract(0, 80, Suit.HEARTS), (84, 78), None, (0, 0), ((), ()))
    for rounding in ("none", "nearest_ten"):
        options = coinche(rounding=rounding)
        state = table(COINCHE, TableRecord(1, Dealt(hands=HANDS)), options, [deal])
        assert state.phase == AUCTION
        assert state.game == COINCHE.score_game([deal], options)
    unrounded = table(COINCHE, TableRecord(1, Dealt(hands=HANDS)), coinche(rounding="none"), [deal])
    assert unrounded.game.totals == (164, 78)


def test_the_table_speaks_french() -> None:
    state = step(at_play(), Action(2, CARD, card=AH))
    assert state.verdict.message("fr") == "Ce n'est pas au joueur 2 d'agir, mais au joueur 1."


def test_a_seat_with_two_equal_annonces_is_offered_the_trumps_first() -> None:
    hands = (
        cards("10S JS QS 10H JH QH KD AD"),
        cards("7S 8S 9S 7H 8H 9H JD QD"),
        cards("KS AS KH AH 7D 8D 9D 10D"),
        cards("7C 8C 9C 10C JC QC KC AC"),
    )
    record = TableRecord(0, Dealt(hands=hands), calls=HEARTS_80)
    state = table(COINCHE, record, coinche(annonces=True))
    assert [a.cards for a in state.annonces] == [cards("7H 8H 9H"), cards("7S 8S 9S")]


def test_the_table_holds_the_variants_auction_and_record_of_the_deal() -> None:
    start = table(COINCHE, TableRecord(0, Dealt(hands=HANDS), calls=("80H",)), coinche())
    assert start.auction == COINCHE.auction(0, ("80H",), coinche()) and start.deal is None
    state = at_play()
    assert state.auction == COINCHE.auction(0, HEARTS_80, coinche())
    assert state.deal == COINCHE.record(0, state.contract, (), HANDS, (), ())
    over = play_out(COINCHE, state, coinche())
    assert over.auction == state.auction and over.deal.plays == over.record.plays


def test_under_tout_atout_a_seat_says_belote_in_a_later_suit() -> None:
    options = coinche(sa_ta=True)
    calls = ("80TA", "pass", "pass", "pass")
    start = table(COINCHE, TableRecord(0, Dealt(hands=TA_HANDS), calls=calls), options)
    state = play_out_to(COINCHE, start, options, plays=3)
    assert state.to_act == 0 and state.announceable == ("belote",)  # its clubs


def test_a_coinched_contract_is_scored_coinched() -> None:
    calls = ("80H", "coinche", "pass", "pass", "pass")
    coinched = play_out(COINCHE, at_play(calls), coinche())
    plain = play_out(COINCHE, at_play(), coinche())
    assert coinched.contract == (1, 1, 80, 1) and coinched.score.multiplier == 2
    assert coinched.record.plays == plain.record.plays
    assert coinched.score.score != plain.score.score


def test_a_classic_table_counts_an_announced_belote_and_its_annonces() -> None:
    rules = {"belote": "announce", "annonces": True}
    options = CLASSIC.options(rules)
    record = TableRecord(0, Dealt(hands=HANDS, turned=KH), calls=("take",))
    state = table(CLASSIC, record, options)
    said = act(CLASSIC, state.record, options, Action(1, ANNOUNCE, announce="belote"))
    tierce = cards("JH QH KH")
    declared = spoken(
        act(CLASSIC, said.record, options, Action(1, ANNOUNCE, announce=ANNONCE, cards=tierce))
    )
    assert declared.verdict.legal
    announced = play_out(CLASSIC, declared, options)
    quiet = play_out(CLASSIC, state, options)
    assert announced.summary.belote == (0, 1) and quiet.summary.belote == (0, 0)
    assert [a.cards for a in announced.summary.annonces[1]] == [tierce]
    assert quiet.summary.annonces == ((), ())


def test_a_classic_renonce_is_proven_against_the_hands() -> None:
    options = CLASSIC.options({"illegal_card": "stand"})
    record = TableRecord(0, Dealt(hands=HANDS, turned=KH), calls=("take",), plays=(SEVEN_S, AH))
    (renonce,) = table(CLASSIC, record, options).renonces
    assert (renonce.seat, renonce.proof.by) == (2, "hand")


def test_a_violation_is_said_in_french_in_the_verdict() -> None:
    led = step(at_play(), Action(1, CARD, card=SEVEN_S))
    refused = step(led, Action(2, CARD, card=AH))
    assert refused.verdict.message("fr").startswith("Du pique est demandé et vous en avez")
    assert refused.verdict.message("fr").endswith("La carte est refusée : le joueur 2 rejoue.")


# --- the next deal ----------------------------------------------------------------------


def test_the_next_deal_opens_when_the_deal_ends_dealt_by_the_next_dealer() -> None:
    options = coinche()
    over = play_out(COINCHE, at_play(), options)
    deck = shuffled_deck(SEED)
    following = table_module.next_deal(COINCHE, over, Dealt(deck=deck), options)
    assert following is not None and over.phase == DEAL_OVER
    assert following.record == TableRecord(over.next_dealer, Dealt(deck=deck))
    assert (following.phase, following.to_act) == (AUCTION, seat_after(over.next_dealer))
    assert following.game == COINCHE.score_game((over.summary,), options)
    assert following.hands == COINCHE.deal_deck(list(deck), over.next_dealer, None).hands
    # The next deal is read under the rules asked: sans-atout may be bid.
    with_sa = table_module.next_deal(COINCHE, over, Dealt(deck=deck), coinche(sa_ta=True))
    assert with_sa is not None and "80SA" in with_sa.legal and "80SA" not in following.legal


def test_after_four_passes_the_next_deal_is_dealt_and_the_game_is_unchanged() -> None:
    options = coinche()
    passed = table(COINCHE, TableRecord(2, Dealt(hands=HANDS), calls=("pass",) * 4), options)
    following = table_module.next_deal(COINCHE, passed, Dealt(hands=HANDS), options)
    assert following is not None
    assert (following.record.dealer, following.phase, following.to_act) == (3, AUCTION, 0)
    assert following.game == COINCHE.score_game((), options)


def test_no_next_deal_while_the_deal_goes_on_or_once_the_game_is_won() -> None:
    dealt = Dealt(deck=shuffled_deck(SEED))
    assert table_module.next_deal(COINCHE, at_play(), dealt, coinche()) is None
    options = coinche(target=100)
    won = play_out(COINCHE, at_play(target=100), options)
    assert won.phase == GAME_OVER
    assert table_module.next_deal(COINCHE, won, dealt, options) is None


def test_a_next_deal_that_cannot_be_dealt_is_refused_under_next_deal() -> None:
    with pytest.raises(InconsistentInput) as refused:
        table_module.check_dealt(Dealt(deck=shuffled_deck(SEED)[:31]), "/next_deal")
    assert [p.pointer for p in refused.value.problems] == ["/next_deal/deck"]
    twice = (HANDS[0], HANDS[0], HANDS[2], HANDS[3])
    with pytest.raises(InconsistentInput) as refused:
        table_module.check_dealt(Dealt(hands=twice), "/next_deal")
    assert all(p.pointer.startswith("/next_deal/hands/") for p in refused.value.problems)
    options = CLASSIC.options(None)
    passed = table(CLASSIC, TableRecord(0, Dealt(deck=shuffled_deck(SEED)), ("pass",) * 8), options)
    assert passed.phase == REDEAL
    with pytest.raises(InconsistentInput) as refused:  # classic's hands come after the auction
        table_module.next_deal(CLASSIC, passed, Dealt(hands=HANDS, turned=HANDS[0][0]), options)
    assert [p.pointer for p in refused.value.problems] == ["/next_deal/hands"]
