"""The referee itself: pure Python, no HTTP. Importable as a library.

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
from service.rules.core.dealing import ALGORITHM, Deal, deal, shuffled_deck
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.options import DEFAULT_OPTIONS, OPTION_SPECS, RuleOptions
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
from service.rules.core.replay import DealRecord, Declaration, Renonce, Replay, replay
from service.rules.core.scoring import DealScore, DealSummary, GameScore, score_deal, score_game
from service.rules.core.tricks import TrickResult, judge_trick
from service.rules.variants.classic.bidding import Bidding, BidViolation, judge_bidding
from service.rules.variants.classic.describe import RulesDescription, describe_rules

__all__ = [
    "ALGORITHM",
    "DEAL_POINTS",
    "DEFAULT_OPTIONS",
    "OPTION_SPECS",
    "VIOLATION_CODES",
    "Annonce",
    "AnnonceVerdict",
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
    "RulesDescription",
    "Ruling",
    "Suit",
    "TrickResult",
    "Violation",
    "ViolationCode",
    "best_annonce_team",
    "check_distinct",
    "check_turn",
    "classify",
    "deal",
    "declarable",
    "describe_rules",
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
