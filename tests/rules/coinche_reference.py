"""A plain, independent reading of RULES-COINCHE.md, for comparison with the service.

Written from the rules page alone. It shares nothing with `service.rules` but the options
record (`CoincheOptions`, which only holds values) and the card numbering: a card is an int,
suit * 8 + rank, suits S H D C = 0..3, ranks 7 8 9 10 J Q K A = 0..7. Slow and obvious on
purpose: `test_coinche_reference.py` runs it beside the service on generated cases, and a
disagreement is settled by the rules page, not by either side.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from service.rules.variants.coinche.options import CoincheOptions

SA = 4
TA = 5
STRAINS = ("S", "H", "D", "C", "SA", "TA")
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

# Order: a higher number is a stronger card. "Plain" is A 10 K Q J 9 8 7, "trump" J 9 A 10 K Q 8 7.
PLAIN_ORDER = {ACE: 8, TEN: 7, KING: 6, QUEEN: 5, JACK: 4, NINE: 3, EIGHT: 2, SEVEN: 1}
TRUMP_ORDER = {JACK: 8, NINE: 7, ACE: 6, TEN: 5, KING: 4, QUEEN: 3, EIGHT: 2, SEVEN: 1}
PLAIN_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0, EIGHT: 0, SEVEN: 0}
TRUMP_POINTS = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3, EIGHT: 0, SEVEN: 0}
SA_ACE19 = {ACE: 19, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0, EIGHT: 0, SEVEN: 0}
TA_FFB = {JACK: 13, NINE: 9, ACE: 6, TEN: 5, KING: 3, QUEEN: 2, EIGHT: 0, SEVEN: 0}


def suit(card: int) -> int:
    return card // 8


def rank(card: int) -> int:
    return card % 8


# ---------------------------------------------------------------- the auction


@dataclass
class AuctionResult:
    status: str  # open | taken | redeal | invalid
    next: int | None
    legal: list[str]
    contract: tuple[int, int | str, str, int] | None  # taker, value, strain, coinche
    violation: tuple[int, str] | None  # index, code
    standing: tuple[int, int | str, str, int] | None  # the highest bid so far, its level


WORDS = ("capot", "generale")  # the bids that are no number


def bid_rank(value: int | str) -> int:
    # The page: capot outranks any number; the générale (option `generale`) the capot.
    return {"capot": 10_000, "generale": 20_000}[value] if value in WORDS else int(value)


def split_bid(call: str) -> tuple[int | str, str]:
    for strain in ("SA", "TA", "S", "H", "D", "C"):
        if call.endswith(strain):
            head = call[: -len(strain)]
            return (head if head in WORDS else int(head)), strain
    raise ValueError(call)


def bid_numbers(opts: CoincheOptions) -> list[int]:
    """The numbered bids: min_bid, then the multiples of bid_step above it up to max_bid."""
    return [
        v
        for v in range(opts.min_bid, opts.max_bid + 1)
        if v == opts.min_bid or v % opts.bid_step == 0
    ]


def auction(dealer: int, calls: list[str], opts: CoincheOptions) -> AuctionResult:
    bid: tuple[int | str, str] | None = None
    bidder = -1
    level = 0
    passes = 0
    over = False
    spoken = 0

    def speaker() -> int:
        return (dealer + 1 + spoken) % 4

    def why_not(call: str) -> str | None:
        seat = speaker()
        if over:
            return "auction_closed"
        if call == "pass":
            return None
        if call == "coinche":
            if bid is None:
                return "coinche_without_bid"
            if level >= 1:
                return "already_coinched"
            if seat % 2 == bidder % 2:
                return "coinche_own_team"
            return None
        if call == "surcoinche":
            if level == 0:
                return "surcoinche_without_coinche"
            if seat % 2 != bidder % 2:
                return "surcoinche_by_defenders"
            return None
        value, strain = split_bid(call)
        if value == "generale" and opts.generale == "none":
            raise ValueError(call)  # no call without the option: a 422, not a verdict
        if level >= 1 and not opts.bid_after_coinche:
            return "bid_after_coinche"
        if strain in ("SA", "TA") and not opts.sa_ta:
            return "strain_not_allowed"
        if value not in WORDS and int(value) not in bid_numbers(opts):
            return "bid_out_of_range"
        if bid is not None:
            if bid_rank(value) <= bid_rank(bid[0]):
                return "bid_too_low"
            # four_passes: the bidder over their own bid, another strain only.
            if seat == bidder and strain == bid[1]:
                return "bid_too_low"
        return None

    def legal_now() -> list[str]:
        if over:
            return []
        strains = ["S", "H", "D", "C"] + (["SA", "TA"] if opts.sa_ta else [])
        values: list[int | str] = [*bid_numbers(opts), "capot"]
        if opts.generale != "none":
            values.append("generale")
        every = ["pass"]
        every += [f"{v}{s}" for v in values for s in strains]
        every += ["coinche", "surcoinche"]
        return [c for c in every if why_not(c) is None]

    def standing() -> tuple[int, int | str, str, int] | None:
        return None if bid is None else (bidder, bid[0], bid[1], level)

    for index, call in enumerate(calls):
        code = why_not(call)
        if code is not None:
            contract = standing() if over else None
            return AuctionResult(
                "invalid",
                None if over else speaker(),
                legal_now(),
                contract,
                (index, code),
                standing(),
            )
        seat = speaker()
        spoken += 1
        if call == "pass":
            passes += 1
            if bid is None:
                over = passes == 4
            elif level == 1:
                over = passes == 3
            else:
                over = passes == (3 if opts.auction_end == "three_passes" else 4)
        elif call == "coinche":
            level = 1
            passes = 0
        elif call == "surcoinche":
            level = 2
            over = True
        else:
            bid = split_bid(call)
            bidder = seat
            passes = 0
            level = 0  # a bid over a coinche (bid_after_coinche) lifts it
    if over:
        if bid is None:
            return AuctionResult("redeal", None, [], None, None, None)
        return AuctionResult("taken", None, [], standing(), None, standing())
    return AuctionResult("open", speaker(), legal_now(), None, None, standing())


# ---------------------------------------------------------------- play


def stronger(a: int, b: int, led: int, strain: int) -> bool:
    """Whether card a beats card b in a trick whose led suit is `led`."""
    if strain == TA:
        if suit(a) != suit(b):
            return suit(a) == led
        return TRUMP_ORDER[rank(a)] > TRUMP_ORDER[rank(b)]
    if strain == SA:
        if suit(a) != suit(b):
            return suit(a) == led
        return PLAIN_ORDER[rank(a)] > PLAIN_ORDER[rank(b)]
    if suit(a) == suit(b):
        order = TRUMP_ORDER if suit(a) == strain else PLAIN_ORDER
        return order[rank(a)] > order[rank(b)]
    if suit(a) == strain:
        return True
    if suit(b) == strain:
        return False
    return suit(a) == led


def winner(trick: list[int], strain: int) -> int:
    best = 0
    for i in range(1, len(trick)):
        if stronger(trick[i], trick[best], suit(trick[0]), strain):
            best = i
    return best


def card_rule(
    hand: list[int], trick: list[int], strain: int, opts: CoincheOptions, card: int
) -> str | None:
    """The rule `card` breaks, or None when it may be played."""
    if not trick:
        return None
    led = suit(trick[0])
    best = trick[winner(trick, strain)]
    partner_wins = winner(trick, strain) == len(trick) - 2
    of_led = [c for c in hand if suit(c) == led]

    if strain == SA:
        if of_led and suit(card) != led:
            return "follow_suit"
        return None
    if strain == TA or led == strain:
        # Trump led (under TA every suit is trump): follow, and beat the best card if you can.
        if not of_led:
            return None
        if suit(card) != led:
            return "follow_suit"
        if partner_wins and not opts.overtrump_partner:
            return None
        higher = [c for c in of_led if stronger(c, best, led, strain)]
        if higher and card not in higher:
            return "raise_trump"
        return None
    trumps = [c for c in hand if suit(c) == strain]
    if of_led:
        return None if suit(card) == led else "follow_suit"
    if partner_wins:
        # partner_trump: a trump played over the partner's trump must beat it if it can
        # ("beat"), or only when the hand holds trumps alone ("beat_if_only_trumps").
        only_trumps = len(trumps) == len(hand)
        rule = opts.partner_trump == "beat" or (
            opts.partner_trump == "beat_if_only_trumps" and only_trumps
        )
        if rule and suit(best) == strain and suit(card) == strain:
            higher = [c for c in trumps if stronger(c, best, led, strain)]
            if higher and card not in higher:
                return "beat_partner"
        return None
    if not trumps:
        return None
    if suit(best) != strain:
        return None if suit(card) == strain else "trump"
    higher = [c for c in trumps if stronger(c, best, led, strain)]
    if higher:
        return None if card in higher else "overtrump"
    if opts.undertrump == "required" and suit(card) != strain:
        return "undertrump"
    return None


def legal(hand: list[int], trick: list[int], strain: int, opts: CoincheOptions) -> list[int]:
    return [c for c in hand if card_rule(hand, trick, strain, opts, c) is None]


# ---------------------------------------------------------------- points and belote


def raw_points(card: int, strain: int, opts: CoincheOptions) -> int:
    r = rank(card)
    if strain == SA:
        return SA_ACE19[r] if opts.sa_points == "ace19" else PLAIN_POINTS[r]
    if strain == TA:
        return TA_FFB[r] if opts.ta_points == "ffb" else TRUMP_POINTS[r]
    return TRUMP_POINTS[r] if suit(card) == strain else PLAIN_POINTS[r]


def half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def team_points(
    tricks: list[tuple[list[int], int]], strain: int, opts: CoincheOptions
) -> list[int]:
    """Each team's points from (cards, winning team) tricks: scaled when the option says,
    then the dix de der."""
    raw = [0, 0]
    for cards, team in tricks:
        raw[team] += sum(raw_points(c, strain, opts) for c in cards)
    if strain == SA and opts.sa_points == "scaled":
        raw = [half_up(152 * r, 120) for r in raw]
    if strain == TA and opts.ta_points == "scaled":
        raw = [half_up(152 * r, 248) for r in raw]
    raw[tricks[-1][1]] += 10
    return raw


def belotes(hands: list[list[int]], strain: int, opts: CoincheOptions) -> list[tuple[int, int]]:
    """(seat, suit) of every belote held under the strain."""
    if strain == SA:
        suits: list[int] = []
    elif strain == TA:
        suits = [0, 1, 2, 3] if opts.ta_belote == "each_suit" else []
    else:
        suits = [strain]
    found = []
    for s in suits:
        for seat, hand in enumerate(hands):
            if s * 8 + KING in hand and s * 8 + QUEEN in hand:
                found.append((seat, s))
    return found


def hand_declarations(hand: list[int]) -> list[tuple[Ann, list[int]]]:
    """The fours of the hand (7s and 8s score nothing), then its maximal runs of 3 or more
    among the cards left, each with its cards."""
    found = []
    left = set(hand)
    for r in (JACK, NINE, ACE, TEN, KING, QUEEN):
        four = [s * 8 + r for s in range(4)]
        if all(c in left for c in four):
            found.append((Ann("four", r), four))
            left -= set(four)
    for s in range(4):
        run: list[int] = []
        for r in [*range(8), None]:
            if r is not None and s * 8 + r in left:
                run.append(s * 8 + r)
                continue
            if len(run) >= 3:
                found.append((Ann("seq", rank(run[-1]), len(run), s), run))
            run = []
    return found


# ---------------------------------------------------------------- scoring a deal


@dataclass
class Ann:
    """An annonce: "seq" (`length` cards of one suit up to rank `top`) or "four" (of `top`)."""

    kind: str
    top: int
    length: int = 4
    of_suit: int = -1  # a sequence's suit


@dataclass
class Deal:
    taker: int
    value: int | str
    strain: int
    coinche: int
    points: tuple[int, int]
    capot: int | None = None
    belote: tuple[int, int] = (0, 0)
    annonces: tuple[list[Ann], list[Ann]] = field(default_factory=lambda: ([], []))
    renonce: int | None = None
    generale: int | None = None  # the seat that won every trick alone


@dataclass
class Scored:
    contract: str
    score: tuple[int, int]
    reserve: int
    compared: tuple[int, int]  # T, D by team (takers' entry is T)


def ann_points(a: Ann, strain: int) -> int:
    if a.kind == "seq":
        return {3: 20, 4: 50}.get(a.length, 100)
    if strain == SA:
        return {ACE: 200, TEN: 150, SEVEN: 0, EIGHT: 0}.get(a.top, 100)
    return {JACK: 200, NINE: 150, SEVEN: 0, EIGHT: 0}.get(a.top, 100)


def ann_key(a: Ann, strain: int) -> tuple[int, int, int]:
    """How strong a single annonce is: value; a four before a sequence; the higher top card
    (sequences: 7..A) or the higher rank in trump order (fours: RULES.md's words, which the
    coinche page leaves as they are, so under SA too). "In trump" never decides under SA/TA."""
    if a.kind == "seq":
        return (ann_points(a, strain), 0, a.top)
    return (ann_points(a, strain), 1, TRUMP_ORDER[a.top])


def counted_annonces(deal: Deal, opts: CoincheOptions) -> list[int]:
    """Each team's counted annonce points (only the team with the best single annonce)."""
    if not opts.annonces:
        return [0, 0]
    declared = [sum(ann_points(a, deal.strain) for a in deal.annonces[t]) for t in (0, 1)]
    best = [max((ann_key(a, deal.strain) for a in deal.annonces[t]), default=None) for t in (0, 1)]
    if best[0] is None and best[1] is None:
        return [0, 0]
    if best[1] is None or (best[0] is not None and best[0] > best[1]):
        return [declared[0], 0]
    if best[0] is None or best[1] > best[0]:
        return [0, declared[1]]
    if deal.strain < SA:
        # Still equal: the one in trump (one team at most holds a sequence in trump).
        in_trump = [
            any(
                a.kind == "seq" and a.of_suit == deal.strain
                for a in deal.annonces[t]
                if ann_key(a, deal.strain) == best[t]
            )
            for t in (0, 1)
        ]
        if in_trump[0] != in_trump[1]:
            return [declared[0], 0] if in_trump[0] else [0, declared[1]]
    return [0, 0]


def round_ten(x: int, opts: CoincheOptions) -> int:
    if opts.rounding == "none":
        return x
    low = x - x % 10
    last = x % 10
    up = last >= (5 if opts.rounding == "nearest_ten" else 6)
    return low + 10 if up else low


def contract_points(deal: Deal, opts: CoincheOptions) -> int:
    """What the contract scores (V)."""
    if deal.value == "generale":
        v = {"flat_500": 500, "flat_600": 600, "flat_1000": 1000}[opts.generale]
    elif deal.value == "capot":
        v = {"contract": opts.capot, "contract_250": 250, "contract_270": 270, "flat": 500}[
            opts.capot_bid
        ]
    elif opts.scoring == "points_made":
        v = 0
    elif deal.value == 82:
        v = 80  # an 82 is scored as 80
    else:
        v = int(deal.value)
    if deal.strain == SA and opts.sa_contract == 2:
        v = 2 * v
    return v


def times(m: int, F: int, V: int, B: int, An: int, opts: CoincheOptions) -> int:
    """m times what the scope multiplies, the rest once."""
    scope = opts.multiplier_scope
    multiplied = {
        "all": F + V + B + An,
        "points_and_contract": F + V,
        "contract": V,
        "points": F,
    }[scope]
    return m * multiplied + (F + V + B + An - multiplied)


def score(deal: Deal, opts: CoincheOptions) -> Scored:
    t = deal.taker % 2
    d = 1 - t
    V = contract_points(deal, opts)
    bid = 0 if deal.value in WORDS else int(deal.value)  # what the takers must make
    m = (1, 2, opts.surcoinche_multiplier)[deal.coinche]
    # The générale is scored as the flat capot, whatever capot_bid says.
    flat = deal.value == "generale" or (deal.value == "capot" and opts.capot_bid == "flat")
    P = [opts.capot if deal.capot == team else deal.points[team] for team in (0, 1)]
    B = [20 * n for n in deal.belote]
    A = counted_annonces(deal, opts)
    An = A[0] + A[1]
    if deal.capot == t:
        # On a takers' capot the defenders' annonces go to the takers (FFB).
        A = [An, 0] if t == 0 else [0, An]
    TD = [P[i] + B[i] + A[i] for i in (0, 1)] if opts.bonus_counts else list(P)
    taken, defended = TD[t], TD[d]

    if deal.value == "generale":
        made = deal.generale == deal.taker  # the taker alone, not the partner
    elif deal.value == "capot":
        made = deal.capot == t
    elif deal.capot == d:
        # Takers who won no trick are dedans whatever their bonuses: RULES.md's French text,
        # "si c'est l'équipe défenseuse qui réalise le capot, l'équipe attaquante est
        # évidemment dedans", which the coinche page does not change.
        made = False
    elif opts.made == "beat_defenders":
        made = taken >= bid and taken > defended
    elif opts.made == "reach_only":
        made = taken >= bid
    else:
        need = max(bid, 82)  # an 80 needs 82: at 81/81 it is dedans, even with `reserve`
        made = taken >= need
    # A capot or générale contract is made by its tricks alone: never a tie of points.
    tie = (
        taken == defended >= bid
        and not made
        and deal.capot != d
        and opts.made == "beat_defenders"
        and deal.value not in WORDS
    )
    outcome = "made" if made else "dedans"
    if tie and opts.litige == "reserve" and deal.coinche == 0 and opts.scoring == "points":
        outcome = "litige"

    s = [0, 0]
    reserve = 0
    F_chute = 0 if flat else opts.chute_points
    if deal.renonce is not None:
        if opts.renonce == "annul":
            return Scored("annulled", (0, 0), 0, (TD[0], TD[1]))
        outcome = "made" if deal.renonce == d else "dedans"
    all_belotes = 20 * (deal.belote[0] + deal.belote[1])
    if outcome == "dedans" and opts.belote_on_chute == "defenders":
        B = [0, 0]
        B[d] = all_belotes  # the takers' belote is taken
    if outcome == "made" and m > 1 and opts.belote_on_coinche == "takers":
        B = [0, 0]
        B[t] = all_belotes
    if outcome == "made" and m > 1 and opts.belote_on_coinche == "lost":
        B[d] = 0
    if deal.renonce is not None:
        other = 1 - deal.renonce
        s = [B[0], B[1]]
        if opts.scoring == "contract":
            s[other] = times(m, 0, V, B[other], 0, opts)
        else:
            s[other] = times(m, F_chute, V, B[other], An, opts)
    elif opts.scoring == "contract":
        win = t if made else d
        s = [B[0], B[1]]
        s[win] = times(m, 0, V, B[win], 0, opts)
    elif outcome == "made" and m == 1 and not flat:
        s = [P[i] + B[i] + A[i] for i in (0, 1)]
        s[t] += V
    elif outcome == "made":
        if flat:
            F = 0
        elif opts.coinche_base == "points":
            F = P[t]
        elif deal.capot == t:
            F = opts.capot
        else:
            F = opts.chute_points
        s[t] = times(m, F, V, B[t], An, opts)
        s[d] = B[d]
    elif outcome == "litige":
        s[d] = P[d] + B[d] + A[d]
        s[t] = B[t]
        reserve = P[t] + A[t]
    else:
        if deal.capot == d and opts.chute_capot == "capot" and not flat:
            F_chute = opts.capot  # the defenders took every trick: their capot as the base
        s[d] = times(m, F_chute, V, B[d], An, opts)
        s[t] = B[t]
    return Scored(
        outcome,
        (round_ten(s[0], opts), round_ten(s[1], opts)),
        round_ten(reserve, opts),
        (TD[0], TD[1]),
    )
