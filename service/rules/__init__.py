"""The referee itself: pure Python, no HTTP. Importable as a library.

Two floors: `service.rules.core` (cards, strains, the table, play, tricks, annonces, the
deal, the replay and the game's scoring, the options both games share) and
`service.rules.variants` (each game a `Variant`: `CLASSIC`, `COINCHE`, by name in
`VARIANTS`). Above them, the solver (`analysis`) and the advice (`advice`), which this front
door does not import. A bare `replay`, `score_deal`, `score_game` or `deal` here is classic's.

>>> from service.rules import Card, legal_cards
>>> hand = [Card.parse(c) for c in ("KD", "9H", "8C")]
>>> trick = [Card.parse(c) for c in ("AS", "JH")]
>>> [str(c) for c in legal_cards(hand, trick, strain=Card.parse("JH").suit)]
['9H']
"""

from service.rules.core.annonces import (
    Annonce,
    AnnonceVerdict,
    HandAnnonces,
    best_annonce_team,
    classify,
    declarable,
    hand_annonces,
)
from service.rules.core.cards import DEAL_POINTS, Card, Suit, parse_cards
from service.rules.core.checks import check_distinct, check_turn, team_annonces
from service.rules.core.dealing import ALGORITHM, Deal, shuffled_deck
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.play import (
    VIOLATION_CODES,
    IllegalPlay,
    Ruling,
    Violation,
    ViolationCode,
    judge,
    legal_cards,
    obligation,
    trick_winner,
    violation,
)
from service.rules.core.replay import Belote, Declaration, Renonce, Replay
from service.rules.core.scoring import GameScore
from service.rules.core.tricks import TrickResult, judge_trick
from service.rules.variants import CLASSIC, COINCHE, VARIANTS, Variant
from service.rules.variants.classic.bidding import Bidding, BidViolation, judge_bidding
from service.rules.variants.classic.options import DEFAULT_OPTIONS, OPTION_SPECS, RuleOptions
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.classic.scoring import DealScore, DealSummary

replay = CLASSIC.replay
score_deal = CLASSIC.score_deal
score_game = CLASSIC.score_game
deal = CLASSIC.deal

__all__ = [
    "ALGORITHM",
    "CLASSIC",
    "COINCHE",
    "DEAL_POINTS",
    "DEFAULT_OPTIONS",
    "OPTION_SPECS",
    "VARIANTS",
    "VIOLATION_CODES",
    "Annonce",
    "AnnonceVerdict",
    "Belote",
    "BidViolation",
    "Bidding",
    "Card",
    "Deal",
    "DealRecord",
    "DealScore",
    "DealSummary",
    "Declaration",
    "GameScore",
    "HandAnnonces",
    "IllegalPlay",
    "InconsistentInput",
    "Problem",
    "Renonce",
    "Replay",
    "RuleOptions",
    "Ruling",
    "Suit",
    "TrickResult",
    "Variant",
    "Violation",
    "ViolationCode",
    "best_annonce_team",
    "check_distinct",
    "check_turn",
    "classify",
    "deal",
    "declarable",
    "hand_annonces",
    "judge",
    "judge_bidding",
    "judge_trick",
    "legal_cards",
    "obligation",
    "parse_cards",
    "replay",
    "score_deal",
    "score_game",
    "shuffled_deck",
    "team_annonces",
    "trick_winner",
    "violation",
]
