/* The native search: reference.py's Search in C (the contract: search.h), the same answers
 * at native speed.
 *
 * Fail-soft alpha-beta with PVS on the future gain, driven by a window around the guess
 * (value_of); cards numbered by strength inside so that the rules are bit operations; a
 * fixed transposition table between tricks (16 bytes an entry, 16 << table_bits bytes in
 * all, allocated by bel_new only); the reference's sound bounds at each trick; equivalent
 * cards played as one; killer leads and replies before the reference's static order. The
 * algorithm and what each technique measured: NOTES.md beside this file.
 */
#define _POSIX_C_SOURCE 199309L

#include "search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PLAYERS 4
#define DECK 32
#define ALL_CARDS 0xFFFFFFFFu
#define WAYS 4     /* entries in a bucket of the table: 4 of 16 bytes, a cache line */
#define ENDGAME 12 /* the cards held from which on endgame() searches rather than inside() */
#define INF 0x3FFFFFFF /* beyond every value: |value| <= 32 * 100000 + 100000 + 1000000 */

static const uint8_t TRUMP_STRENGTH[8] = {0, 1, 6, 4, 7, 2, 3, 5}; /* by rank 7 8 9 10 J Q K A */
static const uint8_t PLAIN_STRENGTH[8] = {0, 1, 2, 6, 3, 4, 5, 7};

static inline uint32_t suit_mask(int suit) { return 0xFFu << (8 * suit); }
static inline int lowest(uint32_t x) { return __builtin_ctz(x); }
static inline int highest(uint32_t x) { return 31 - __builtin_clz(x); }
static inline int popcount(uint32_t x)
{
    /* Without -mpopcnt gcc calls a library routine for __builtin_popcount: this is faster. */
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
}

/* Inside the search a card is numbered by its strength, not its rank: suit * 8 + its place
 * in the suit's order under the strain (0 the weakest), so that the cards above a card are
 * the higher bits of its suit. The entry points translate (to_inner, to_outer). */

/* A transposition table entry: the bounds proved for the future gain of a position between
 * tricks, and the lead that decided it. The position is the cards still held (the hands are
 * fixed for the table's life, so the mask says who holds what), the leader and, with a capot
 * at stake, the sweep state; the stamp of the table's filling it belongs to. 16 bytes. */
typedef struct {
    uint32_t out;  /* the cards still held; 0: empty (a stored position holds 8 or more) */
    uint16_t meta; /* leader | sweep << 2 | stamp << 4 */
    int8_t lead;   /* the lead that decided the value last time, -1 none */
    uint8_t depth; /* the cards still held */
    int32_t lo, hi;
} entry;

#define STAMPS 4096 /* a table's fillings told apart before it is zeroed (12 bits of meta) */

/* A position, in inner cards: the hands, the trick's leader, its n cards, the sweep state. */
typedef struct {
    uint32_t hands[PLAYERS];
    int leader, n, sweep;
    int trick[PLAYERS];
} position;

struct bel_search {
    /* The objective. */
    int strain;
    int trump;           /* the trump suit 0..3, or -1 under SA and TA (no trump for bounds) */
    uint32_t trump_mask; /* the trump suit's cards, 0 under SA and TA */
    int undertrump_required, overtrump_partner;
    int count_tricks, team, maximizer;
    int32_t bonus, last_bonus;
    int32_t points[DECK];        /* by inner card */
    int32_t worth[DECK];         /* what makes cards unequal: their points, or nothing when
                                  * counting tricks */
    uint32_t twins;              /* the cards worth as much as another of their suit */
    int32_t suit_points[4][256]; /* per suit, the points of each set of its (inner) cards */
    uint32_t above[DECK];        /* per inner card, the cards of its suit above it */
    uint8_t to_inner[DECK], to_outer[DECK];
    uint8_t inner_bits[4][256]; /* per suit, its 8 bits by rank to its 8 bits by strength */

    /* The position searched. */
    uint32_t hands[PLAYERS];
    uint8_t holder[DECK]; /* per card held, the team holding it */
    uint8_t owner[DECK];  /* per card seen in a hand since the table was cleared: seat + 1 */

    /* The table, the clock, the counters. */
    entry *table; /* 2^table_bits entries in buckets of WAYS, each in one cache line */
    void *memory; /* where the table lies */
    int table_bits;
    unsigned stamp; /* the filling of the table in use, 1..STAMPS-1: other entries are stale */
    uint64_t nodes;
    double deadline;
    int stop;
    int lead; /* set by a leading node: the card that decided its value */
    int8_t killer[DECK + 1][PLAYERS][2]; /* by cards in hands and leader: the last two leads
                                          * that cut off */
    int8_t reply[DECK + 1][DECK]; /* by cards in hands and winning card: the last cut-off */
};

/* --- arguments -------------------------------------------------------------------------- */

static int valid_objective(const bel_objective *o)
{
    if (!o) return 0;
    if (o->strain < 0 || o->strain > BEL_TOUT_ATOUT) return 0;
    if ((o->undertrump_required & ~1) || (o->overtrump_partner & ~1) || (o->count_tricks & ~1))
        return 0;
    if (o->team < 0 || o->team > 1 || (o->maximizer != -1 && o->maximizer != o->team)) return 0;
    if (o->last_bonus < 0 || o->last_bonus > 100000) return 0;
    if (o->bonus < 0 || o->bonus > 1000000) return 0;
    if (o->count_tricks && o->bonus) return 0; /* tricks are counted without a capot bonus */
    for (int c = 0; c < DECK; c++)
        if (o->points[c] < 0 || o->points[c] > 100000) return 0;
    return 1;
}

static int valid_state(const bel_state *st)
{
    if (!st) return 0;
    if (st->leader < 0 || st->leader > 3 || st->trick_len < 0 || st->trick_len > 3) return 0;
    if (st->sweep < 0 || st->sweep > 3) return 0;
    uint32_t seen = 0;
    for (int s = 0; s < PLAYERS; s++) {
        if (st->hands[s] & seen) return 0;
        seen |= st->hands[s];
    }
    for (int i = 0; i < st->trick_len; i++) {
        int c = st->trick[i];
        if (c < 0 || c >= DECK || (seen >> c & 1)) return 0;
        seen |= 1u << c;
    }
    int n = popcount(st->hands[(st->leader + st->trick_len) % PLAYERS]); /* has not played */
    if (n > 8 || (st->trick_len > 0 && n < 1)) return 0;
    for (int i = 0; i < PLAYERS; i++) {
        int seat = (st->leader + i) % PLAYERS;
        int want = i < st->trick_len ? n - 1 : n;
        if (popcount(st->hands[seat]) != want) return 0;
    }
    return 1;
}

/* --- the clock -------------------------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline void count_node(bel_search *s)
{
    s->nodes++;
    if (!(s->nodes & (BEL_CLOCK_EVERY - 1)) && s->deadline > 0 && now() > s->deadline)
        s->stop = 1;
}

/* --- the rules, on inner cards ---------------------------------------------------------- */

static inline int32_t points_of(const bel_search *s, uint32_t cards)
{
    return s->suit_points[0][cards & 0xFF] + s->suit_points[1][cards >> 8 & 0xFF] +
           s->suit_points[2][cards >> 16 & 0xFF] + s->suit_points[3][cards >> 24];
}

/* The cards that would take the trick from its winning card `top`: a stronger card of its
 * suit, or any trump over a plain card. */
static inline uint32_t beaten_by(const bel_search *s, int top)
{
    return s->above[top] | ((top >> 3) == s->trump ? 0 : s->trump_mask);
}

/* play.py obligation_of_mask: the legal cards of `hand` to a trick of n >= 1 cards led in
 * `led`, whose winning card `best` was played at index `win`. (Where it asks for the trumps
 * above `best`, `best` is of a suit in trump order: the cards above it are its stronger.) */
static inline uint32_t legal_of(const bel_search *s, uint32_t hand, int n, int led, int best,
                                int win)
{
    int trump = s->strain == BEL_TOUT_ATOUT ? led : s->strain; /* SA: no suit is 4 */
    int partner_winning = win == n - 2;
    uint32_t follow = hand & suit_mask(led);
    if (led == trump) {
        if (!follow) return hand;
        if (partner_winning && !s->overtrump_partner) return follow;
        uint32_t higher = follow & s->above[best];
        return higher ? higher : follow;
    }
    if (follow) return follow;
    if (partner_winning || trump == BEL_SANS_ATOUT) return hand;
    uint32_t trumps = hand & suit_mask(trump);
    if (!trumps) return hand;
    if ((best >> 3) != trump) return trumps;
    uint32_t higher = trumps & s->above[best];
    if (higher) return higher;
    return s->undertrump_required ? trumps : hand;
}

/* play.py trick_winner: the index of the card winning the trick's n cards. */
static int winner_of(const bel_search *s, const int *trick, int n)
{
    int win = 0;
    for (int i = 1; i < n; i++)
        if (beaten_by(s, trick[win]) >> trick[i] & 1) win = i;
    return win;
}

static inline int next_sweep(int sweep, int team)
{
    return sweep == BEL_NO_TRICK || sweep == 1 + team ? 1 + team : BEL_MIXED;
}

/* The gain after the last trick: the capot bonus, for or against. */
static inline int32_t end_gain(const bel_search *s, int sweep)
{
    if (sweep == 1 + s->team) return s->bonus;
    if (sweep == 2 - s->team) return -s->bonus;
    return 0;
}

/* The gain of a trick of `cards` won by `winner`. */
static inline int32_t trick_gain(const bel_search *s, uint32_t cards, int winner, int last)
{
    if ((winner & 1) != s->team) return 0;
    if (s->count_tricks) return 1;
    return points_of(s, cards) + (last ? s->last_bonus : 0);
}

/* --- bounds ----------------------------------------------------------------------------- */

/* reference.py _bounds_of: nothing or everything, a capot either way while it can happen. */
static void bounds_of(const bel_search *s, uint32_t out, int sweep, int32_t *lo, int32_t *hi)
{
    if (s->count_tricks) {
        *lo = 0;
        *hi = (popcount(out) + PLAYERS - 1) / PLAYERS;
        return;
    }
    int32_t total = points_of(s, out) + s->last_bonus;
    *lo = sweep == BEL_NO_TRICK || sweep == 2 - s->team ? -s->bonus : 0;
    *hi = sweep == BEL_NO_TRICK || sweep == 1 + s->team ? total + s->bonus : total;
}

/* reference.py _top_trumps: the trumps one team holds above every trump of the other are
 * that team's points (a trump suit only). */
static void top_trumps(const bel_search *s, uint32_t out, int32_t *lo, int32_t *hi)
{
    uint32_t trumps = out & s->trump_mask;
    if (!trumps) return;
    int team = s->holder[highest(trumps)];
    uint32_t run = 0;
    while (trumps) {
        int card = highest(trumps);
        if (s->holder[card] != team) break;
        run |= 1u << card;
        trumps &= ~(1u << card);
    }
    int32_t won, most;
    if (s->count_tricks) {
        won = (popcount(run) + 1) / 2;
        most = popcount(out) / PLAYERS;
    } else {
        won = points_of(s, run);
        most = points_of(s, out) + s->last_bonus;
    }
    if (team == s->team) {
        if (won > *lo) *lo = won;
    } else if (most - won < *hi) {
        *hi = most - won;
    }
}

/* The cards of `mine` above every card of `others` in their suit. */
static inline uint32_t masters_of(const bel_search *s, uint32_t mine, uint32_t others)
{
    uint32_t masters = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t theirs = others & suit_mask(suit);
        masters |= mine & (theirs ? s->above[highest(theirs)] : suit_mask(suit));
    }
    return masters;
}

/* reference.py _sure: the tricks the leader takes for sure. */
static void sure_tricks(const bel_search *s, int leader, uint32_t out, int32_t *lo, int32_t *hi)
{
    uint32_t mine = s->hands[leader], others = out & ~mine;
    uint32_t masters = masters_of(s, mine, others);
    uint32_t sure = masters & s->trump_mask;
    int drawn = popcount(sure), all_drawn = 1;
    for (int seat = 0; seat < PLAYERS; seat++)
        if (seat != leader && popcount(s->hands[seat] & s->trump_mask) > drawn) all_drawn = 0;
    if (all_drawn) sure = masters;
    int side = leader & 1;
    int for_itself = side != s->team || side == s->maximizer;
    if (sure == mine && (for_itself || !(others & s->trump_mask))) {
        if (side == s->team)
            *lo = *hi;
        else
            *hi = *lo;
        return;
    }
    if (!sure || !for_itself) return;
    int32_t won = s->count_tricks ? popcount(sure) : points_of(s, sure);
    if (side == s->team) {
        if (won > *lo) *lo = won;
        return;
    }
    int32_t most = s->count_tricks ? popcount(mine) : points_of(s, out) + s->last_bonus;
    if (most - won < *hi) *hi = most - won;
}

/* --- candidate cards -------------------------------------------------------------------- */

/* The legal cards in groups that play as one (equal worth, no card still out between them
 * in the suit's order: they win the same tricks): the weakest card of each group, as a mask.
 * Counting tricks, every card is worth the same (reference.py merges only equal points). */
static inline uint32_t group_firsts(const bel_search *s, uint32_t legal, uint32_t out)
{
    uint32_t firsts = legal;
    for (uint32_t rest = legal & s->twins; rest; rest &= rest - 1) {
        int card = lowest(rest);
        uint32_t below = out & suit_mask(card >> 3) & ((1u << card) - 1);
        if (below) {
            int previous = highest(below); /* the next card still out down the suit */
            if ((legal >> previous & 1) && s->worth[previous] == s->worth[card])
                firsts &= ~(1u << card);
        }
    }
    return firsts;
}

/* The cards of `mask` into cards[] from `at` on, in inner order (suit by suit, the weakest
 * first), sorted by points, stable. Returns the new count. */
static inline int append_sorted(const bel_search *s, uint32_t mask, int *cards, int at,
                                int descending)
{
    int start = at;
    for (; mask; mask &= mask - 1) {
        int card = lowest(mask), j = at++;
        int32_t key = s->points[card];
        while (j > start && (descending ? s->points[cards[j - 1]] < key
                                        : s->points[cards[j - 1]] > key)) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = card;
    }
    return at;
}

static inline int append_plain(uint32_t mask, int *cards, int at)
{
    for (; mask; mask &= mask - 1) cards[at++] = lowest(mask);
    return at;
}

/* reference.py _ordered: one card per group, the likely best first. Returns the count.
 * Leading: the masters, the most points first, then the others, the fewest first. Following
 * while the partner wins: the most points first from the last seat, else the fewest.
 * Otherwise the cards that take the trick, the weakest first, then the others, the fewest
 * points first. A seat `giving` its tricks away (the counted team in mode "any") the other
 * way round: leading, the others the most points first, then the masters; following, the
 * fewest points under its partner, else the cards that lose the trick, the most points
 * first, then those that take it. */
static int ordered(const bel_search *s, uint32_t legal, uint32_t out, int n, int win,
                   uint32_t beaten, int giving, int *cards)
{
    uint32_t firsts = group_firsts(s, legal, out);
    if (!(firsts & (firsts - 1))) {
        cards[0] = lowest(firsts);
        return 1;
    }
    if (n == 0) {
        uint32_t masters = 0; /* the cards with no card still out above them */
        for (int suit = 0; suit < 4; suit++)
            if (out & suit_mask(suit)) masters |= 1u << highest(out & suit_mask(suit));
        masters &= firsts;
        if (giving) { /* mode "any", the counted team: it plays to lose its tricks */
            int count = append_sorted(s, firsts & ~masters, cards, 0, 1);
            return append_sorted(s, masters, cards, count, 0);
        }
        int count = append_sorted(s, masters, cards, 0, 1);
        return append_sorted(s, firsts & ~masters, cards, count, 0);
    }
    if (giving) {
        if ((n - win) % 2 == 0) return append_sorted(s, firsts, cards, 0, 0);
        int count = append_sorted(s, firsts & ~beaten, cards, 0, 1);
        return append_sorted(s, firsts & beaten, cards, count, 0);
    }
    if ((n - win) % 2 == 0) return append_sorted(s, firsts, cards, 0, n == PLAYERS - 1);
    int count = append_plain(firsts & beaten, cards, 0);
    return append_sorted(s, firsts & ~beaten, cards, count, 0);
}

/* --- the search ------------------------------------------------------------------------- */

static int32_t between(bel_search *s, int leader, int sweep, uint32_t out, int depth,
                       int32_t alpha, int32_t beta);
static int32_t inside(bel_search *s, int leader, int n, int lead_card, int top, int win,
                      uint32_t cards, uint32_t out, int depth, int sweep, int32_t alpha,
                      int32_t beta, int first);

/* Each seat holds one card: the trick plays itself. */
static int32_t last_trick(bel_search *s, int leader, int sweep)
{
    int trick[4];
    uint32_t cards = 0;
    for (int i = 0; i < PLAYERS; i++) {
        trick[i] = lowest(s->hands[(leader + i) % PLAYERS]);
        cards |= s->hands[(leader + i) % PLAYERS];
    }
    int winner = (leader + winner_of(s, trick, PLAYERS)) % PLAYERS;
    return trick_gain(s, cards, winner, 1) + end_gain(s, next_sweep(sweep, winner & 1));
}

/* The future gain once the seat to move (whose hand is already without it) plays `card` to
 * the trick of inside(): the next seat's turn, or the trick's gain and the next trick. */
static inline int32_t play(bel_search *s, int leader, int n, int lead_card, int top, int win,
                           uint32_t cards, uint32_t out, int depth, int sweep, int card,
                           int takes, int32_t alpha, int32_t beta)
{
    if (n < PLAYERS - 1)
        return inside(s, leader, n + 1, n ? lead_card : card, takes ? card : top,
                      takes ? n : win, cards | 1u << card, out, depth - 1, sweep, alpha, beta,
                      -1);
    int winner = (leader + (takes ? n : win)) % PLAYERS;
    cards |= 1u << card;
    int32_t gain = trick_gain(s, cards, winner, depth == 1);
    return gain + between(s, winner, next_sweep(sweep, winner & 1), out & ~cards, depth - 1,
                          alpha - gain, beta - gain);
}

/* Moves `card` to list[*placed] when it is in list[*placed..count-1]. */
static inline void promote(int *list, int count, int *placed, int card)
{
    if (card < 0) return;
    for (int i = *placed; i < count; i++)
        if (list[i] == card) {
            for (int j = i; j > *placed; j--) list[j] = list[j - 1];
            list[(*placed)++] = card;
            return;
        }
}

/* The seat to move plays each candidate card in turn; the trick holds n cards (`cards` as a
 * mask; its first `lead_card`, its winning card `top` at index `win`); `out` holds the cards
 * in hands or on the table. Fail-soft alpha-beta on the future gain, each card after the
 * first tried with a zero window first (PVS). The order: `first` (the table's lead), then
 * the cards that cut off last time at this depth (leading: the last two leads of this
 * leader that did; following: the card that did over the same winning card), then
 * `ordered`. A leading node leaves in s->lead the card that decided; a card that cuts off
 * is remembered at its depth. */
static int32_t inside(bel_search *s, int leader, int n, int lead_card, int top, int win,
                      uint32_t cards, uint32_t out, int depth, int sweep, int32_t alpha,
                      int32_t beta, int first)
{
    count_node(s);
    if (s->stop) return 0;
    int seat = (leader + n) % PLAYERS;
    uint32_t hand = s->hands[seat];
    uint32_t legal = n ? legal_of(s, hand, n, lead_card >> 3, top, win) : hand;
    uint32_t beaten = n ? beaten_by(s, top) : ALL_CARDS;
    int list[8];
    int count = ordered(s, legal, out, n, win, beaten,
                        s->maximizer < 0 && (seat & 1) == s->team, list);
    if (count > 1) {
        int placed = 0;
        promote(list, count, &placed, first);
        if (n) {
            promote(list, count, &placed, s->reply[depth][top]);
        } else {
            promote(list, count, &placed, s->killer[depth][leader][0]);
            promote(list, count, &placed, s->killer[depth][leader][1]);
        }
    }
    int maximizing = (seat & 1) == s->maximizer;
    int32_t best = maximizing ? -INF : INF;
    int decided = -1;
    for (int i = 0; i < count; i++) {
        int card = list[i], takes = beaten >> card & 1;
        int32_t g;
        s->hands[seat] = hand & ~(1u << card);
        if (i > 0 && beta - alpha > 1) {
            int32_t a = maximizing ? alpha : beta - 1;
            g = play(s, leader, n, lead_card, top, win, cards, out, depth, sweep, card, takes, a,
                     a + 1);
            if (!s->stop && g > alpha && g < beta)
                g = play(s, leader, n, lead_card, top, win, cards, out, depth, sweep, card, takes,
                         alpha, beta);
        } else {
            g = play(s, leader, n, lead_card, top, win, cards, out, depth, sweep, card, takes,
                     alpha, beta);
        }
        s->hands[seat] = hand;
        if (s->stop) return 0;
        int cut = 0;
        if (maximizing) {
            if (g > best) {
                best = g;
                decided = card;
                cut = best >= beta;
                if (best > alpha) alpha = best;
            }
        } else if (g < best) {
            best = g;
            decided = card;
            cut = best <= alpha;
            if (best < beta) beta = best;
        }
        if (cut) {
            if (n) {
                s->reply[depth][top] = (int8_t)card;
            } else if (s->killer[depth][leader][0] != card) {
                s->killer[depth][leader][1] = s->killer[depth][leader][0];
                s->killer[depth][leader][0] = (int8_t)card;
            }
            break;
        }
    }
    if (n == 0) s->lead = decided;
    return best;
}

/* Three tricks or fewer left: the same search as inside() without its merging of equivalent
 * cards, its order, its killers and its zero windows (the subtrees are too small for them to
 * pay), the cards tried from the weakest up. */
static int32_t endgame(bel_search *s, int leader, int n, int lead_card, int top, int win,
                       uint32_t cards, uint32_t out, int depth, int sweep, int32_t alpha,
                       int32_t beta)
{
    count_node(s);
    if (s->stop) return 0;
    int seat = (leader + n) % PLAYERS;
    uint32_t hand = s->hands[seat];
    uint32_t legal = n ? legal_of(s, hand, n, lead_card >> 3, top, win) : hand;
    uint32_t beaten = n ? beaten_by(s, top) : ALL_CARDS;
    int maximizing = (seat & 1) == s->maximizer;
    int32_t best = maximizing ? -INF : INF;
    int decided = -1;
    for (uint32_t rest = legal; rest; rest &= rest - 1) {
        int card = lowest(rest), takes = beaten >> card & 1;
        int32_t g;
        s->hands[seat] = hand & ~(1u << card);
        if (n < PLAYERS - 1) {
            g = endgame(s, leader, n + 1, n ? lead_card : card, takes ? card : top,
                        takes ? n : win, cards | 1u << card, out, depth - 1, sweep, alpha, beta);
        } else {
            int winner = (leader + (takes ? n : win)) % PLAYERS;
            uint32_t trick = cards | 1u << card;
            int32_t gain = trick_gain(s, trick, winner, depth == 1);
            g = gain + between(s, winner, next_sweep(sweep, winner & 1), out & ~trick, depth - 1,
                               alpha - gain, beta - gain);
        }
        s->hands[seat] = hand;
        if (s->stop) return 0;
        if (maximizing) {
            if (g > best) {
                best = g;
                decided = card;
                if (best >= beta) break;
                if (best > alpha) alpha = best;
            }
        } else if (g < best) {
            best = g;
            decided = card;
            if (best <= alpha) break;
            if (best < beta) beta = best;
        }
    }
    if (n == 0) s->lead = decided;
    return best;
}

/* The bucket of a position: WAYS entries in one cache line. */
static inline entry *bucket_of(const bel_search *s, uint32_t out, unsigned meta)
{
    uint64_t h = ((uint64_t)meta << 32 | out) * 0x9E3779B97F4A7C15ull;
    return &s->table[(h >> (64 - s->table_bits)) & ~(uint64_t)(WAYS - 1)];
}

static inline entry *find(entry *bucket, uint32_t out, unsigned meta)
{
    for (int i = 0; i < WAYS; i++)
        if (bucket[i].out == out && bucket[i].meta == meta) return bucket + i;
    return NULL;
}

/* Where a position goes: its entry, else a stale one, else the entry of the fewest cards
 * (the cheapest to search again). */
static inline entry *victim(entry *bucket, uint32_t out, unsigned meta)
{
    entry *e = find(bucket, out, meta);
    if (e) return e;
    unsigned stamp = meta >> 4;
    e = bucket;
    int fewest = 99;
    for (int i = 0; i < WAYS; i++) {
        int depth = bucket[i].meta >> 4 == stamp ? bucket[i].depth : 0;
        if (depth < fewest) {
            fewest = depth;
            e = bucket + i;
        }
    }
    return e;
}

/* A trick to lead: the table's bounds first, then the search. */
static int32_t between(bel_search *s, int leader, int sweep, uint32_t out, int depth,
                       int32_t alpha, int32_t beta)
{
    if (!depth) return end_gain(s, sweep);
    if (depth == PLAYERS) return last_trick(s, leader, sweep);
    unsigned meta = (unsigned)leader | (s->bonus ? (unsigned)sweep << 2 : 0) | s->stamp << 4;
    entry *bucket = bucket_of(s, out, meta), *e = find(bucket, out, meta);
    int32_t lo, hi;
    int first = -1;
    if (e) {
        lo = e->lo;
        hi = e->hi;
        first = e->lead;
    } else {
        bounds_of(s, out, sweep, &lo, &hi);
        top_trumps(s, out, &lo, &hi);
        sure_tricks(s, leader, out, &lo, &hi);
    }
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    /* The window narrowed to the bounds: a fail-low g <= lo then proves g == lo (the value is
     * at least lo and at most g), a fail-high g >= hi proves g == hi. */
    int32_t a = alpha > lo ? alpha : lo, b = beta < hi ? beta : hi;
    int32_t g = depth <= ENDGAME ? endgame(s, leader, 0, 0, 0, 0, 0, out, depth, sweep, a, b)
                                 : inside(s, leader, 0, 0, 0, 0, 0, out, depth, sweep, a, b,
                                          first);
    if (s->stop) return 0;
    if (g <= a) {
        if (g < hi) hi = g;
    } else if (g >= b) {
        if (g > lo) lo = g;
    } else {
        lo = hi = g;
    }
    e = victim(bucket, out, meta);
    e->out = out;
    e->depth = (uint8_t)depth;
    e->meta = (uint16_t)meta;
    e->lo = lo;
    e->hi = hi;
    e->lead = (int8_t)s->lead;
    return g;
}

/* Fail-soft alpha-beta on a loaded position. */
static int32_t root(bel_search *s, const position *p, int32_t alpha, int32_t beta)
{
    uint32_t held = p->hands[0] | p->hands[1] | p->hands[2] | p->hands[3], cards = 0;
    if (!p->n) return between(s, p->leader, p->sweep, held, popcount(held), alpha, beta);
    for (int i = 0; i < p->n; i++) cards |= 1u << p->trick[i];
    int win = winner_of(s, p->trick, p->n);
    return inside(s, p->leader, p->n, p->trick[0], p->trick[win], win, cards, held | cards,
                  popcount(held), p->sweep, alpha, beta, -1);
}

/* --- the entry points ------------------------------------------------------------------- */

static void compute_tables(bel_search *s, const int32_t *points)
{
    for (int suit = 0; suit < 4; suit++) {
        int in_trump_order = suit == s->strain || s->strain == BEL_TOUT_ATOUT;
        const uint8_t *strength = in_trump_order ? TRUMP_STRENGTH : PLAIN_STRENGTH;
        for (int rank = 0; rank < 8; rank++) {
            int outer = suit * 8 + rank, inner = suit * 8 + strength[rank];
            s->to_inner[outer] = (uint8_t)inner;
            s->to_outer[inner] = (uint8_t)outer;
            s->points[inner] = points[outer];
            s->worth[inner] = s->count_tricks ? 0 : points[outer];
        }
        for (int held = 0; held < 256; held++) {
            int32_t sum = 0;
            unsigned bits = 0;
            for (int rank = 0; rank < 8; rank++)
                if (held >> rank & 1) {
                    sum += s->points[suit * 8 + rank];
                    bits |= 1u << strength[rank];
                }
            s->suit_points[suit][held] = sum;
            s->inner_bits[suit][held] = (uint8_t)bits;
        }
    }
    s->twins = 0;
    for (int c = 0; c < DECK; c++) {
        uint32_t above_in_suit = ~((2u << (c & 7)) - 1) & 0xFFu;
        s->above[c] = above_in_suit << (c & ~7);
        for (int other = c & ~7; other < (c | 7) + 1; other++)
            if (other != c && s->worth[other] == s->worth[c]) s->twins |= 1u << c;
    }
}

static void configure(bel_search *s, const bel_objective *objective);

bel_search *bel_new(const bel_objective *objective, int table_bits)
{
    if (!valid_objective(objective) || table_bits < 10 || table_bits > 24) return NULL;
    bel_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    /* calloc: the pages the search never touches are never mapped; the table aligned on a
     * cache line by hand (aligned_alloc would not zero it lazily). */
    s->memory = calloc(((size_t)1 << table_bits) + WAYS, sizeof(entry));
    if (!s->memory) {
        free(s);
        return NULL;
    }
    s->table = (entry *)(((uintptr_t)s->memory + sizeof(entry) * WAYS - 1) &
                         ~(uintptr_t)(sizeof(entry) * WAYS - 1));
    s->table_bits = table_bits;
    s->stamp = 1;
    configure(s, objective);
    return s;
}

/* The table emptied in one step: a new stamp (zeroed once every STAMPS - 1 fillings). */
static void clear_table(bel_search *s)
{
    if (++s->stamp == STAMPS) {
        memset(s->table, 0, sizeof(entry) << s->table_bits);
        s->stamp = 1;
    }
    memset(s->owner, 0, sizeof s->owner);
}

int bel_reset(bel_search *search, const bel_objective *objective)
{
    if (!search || !valid_objective(objective)) return BEL_BAD_ARGUMENT;
    configure(search, objective);
    clear_table(search);
    search->nodes = 0;
    search->deadline = 0;
    return BEL_OK;
}

static void configure(bel_search *s, const bel_objective *objective)
{
    s->strain = objective->strain;
    s->trump = objective->strain < BEL_SANS_ATOUT ? objective->strain : -1;
    s->trump_mask = s->trump >= 0 ? suit_mask(s->trump) : 0;
    s->undertrump_required = objective->undertrump_required;
    s->overtrump_partner = objective->overtrump_partner;
    s->count_tricks = objective->count_tricks;
    s->team = objective->team;
    s->maximizer = objective->maximizer;
    s->bonus = objective->bonus;
    s->last_bonus = objective->last_bonus;
    memset(s->killer, -1, sizeof s->killer);
    memset(s->reply, -1, sizeof s->reply);
    compute_tables(s, objective->points);
}

void bel_free(bel_search *search)
{
    if (!search) return;
    free(search->memory);
    free(search);
}

void bel_set_deadline(bel_search *search, double deadline)
{
    if (search) search->deadline = deadline;
}

uint64_t bel_nodes(const bel_search *search) { return search ? search->nodes : 0; }

static uint32_t to_inner(const bel_search *s, uint32_t outer)
{
    return (uint32_t)s->inner_bits[0][outer & 0xFF] |
           (uint32_t)s->inner_bits[1][outer >> 8 & 0xFF] << 8 |
           (uint32_t)s->inner_bits[2][outer >> 16 & 0xFF] << 16 |
           (uint32_t)s->inner_bits[3][outer >> 24] << 24;
}

/* A checked state in inner cards. */
static void inner_position(const bel_search *s, const bel_state *st, position *p)
{
    memset(p, 0, sizeof *p);
    for (int seat = 0; seat < PLAYERS; seat++) p->hands[seat] = to_inner(s, st->hands[seat]);
    p->leader = st->leader;
    p->n = st->trick_len;
    p->sweep = st->sweep;
    for (int i = 0; i < p->n; i++) p->trick[i] = s->to_inner[st->trick[i]];
}

/* The position into the search: its hands, who holds each card; the table cleared when a
 * card is held by another seat than when the table was filled (another deal). */
static void load(bel_search *s, const position *p)
{
    int other_deal = 0;
    for (int seat = 0; seat < PLAYERS; seat++) {
        s->hands[seat] = p->hands[seat];
        for (uint32_t rest = p->hands[seat]; rest; rest &= rest - 1) {
            int card = lowest(rest);
            s->holder[card] = (uint8_t)(seat & 1);
            if (s->owner[card] && s->owner[card] != seat + 1) other_deal = 1;
        }
    }
    if (other_deal) clear_table(s);
    for (int seat = 0; seat < PLAYERS; seat++)
        for (uint32_t rest = p->hands[seat]; rest; rest &= rest - 1)
            s->owner[lowest(rest)] = (uint8_t)(seat + 1);
    s->stop = 0;
}

static void quick(const bel_search *s, const position *p, int32_t *lo, int32_t *hi)
{
    uint32_t out = p->hands[0] | p->hands[1] | p->hands[2] | p->hands[3];
    for (int i = 0; i < p->n; i++) out |= 1u << p->trick[i];
    bounds_of(s, out, p->sweep, lo, hi);
}

int bel_quick_bounds(bel_search *search, const bel_state *state, int32_t *lo, int32_t *hi)
{
    if (!search || !lo || !hi || !valid_state(state)) return BEL_BAD_ARGUMENT;
    position p;
    inner_position(search, state, &p);
    quick(search, &p, lo, hi);
    return BEL_OK;
}

int bel_probe(bel_search *search, const bel_state *state, int32_t beta, int32_t *value)
{
    if (!search || !value || !valid_state(state)) return BEL_BAD_ARGUMENT;
    position p;
    inner_position(search, state, &p);
    int32_t lo, hi;
    quick(search, &p, &lo, &hi);
    if (beta <= lo) {
        *value = lo;
        return BEL_OK;
    }
    if (beta > hi) {
        *value = hi;
        return BEL_OK;
    }
    load(search, &p);
    int32_t g = root(search, &p, beta - 1, beta);
    if (search->stop) return BEL_OUT_OF_TIME;
    *value = g;
    return BEL_OK;
}

/* The exact value of a loaded position whose value lies in [*lo, *hi], narrowing *lo and
 * *hi as it proves bounds (they always hold the value). */
/* The half-width of the first window around a guess (aspiration). */
#define ASPIRATION 8

static inline int32_t floor_half(int32_t x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }

/* The exact value of a loaded position whose value lies in [*lo, *hi], narrowing *lo and
 * *hi as it proves bounds (they always hold the value). Alpha-beta in a window of
 * ASPIRATION around the guess, then in what is left; a guess at the middle of the bounds
 * (questions.solve's first) says nothing: the whole window at once. */
static int value_of(bel_search *s, const position *p, int32_t guess, int32_t *lo, int32_t *hi)
{
    int32_t a = *lo - 1, b = *hi + 1;
    if (guess != floor_half(*lo + *hi) && guess >= *lo && guess <= *hi) {
        if (guess - ASPIRATION > a) a = guess - ASPIRATION;
        if (guess + ASPIRATION < b) b = guess + ASPIRATION;
    }
    while (*lo < *hi) {
        int32_t g = root(s, p, a, b);
        if (s->stop) return BEL_OUT_OF_TIME;
        if (g <= a)
            *hi = g;
        else if (g >= b)
            *lo = g;
        else
            *lo = *hi = g;
        a = *lo - 1;
        b = *hi + 1;
    }
    return BEL_OK;
}

int bel_value(bel_search *search, const bel_state *state, int32_t guess, int32_t *value,
              int32_t *lo, int32_t *hi)
{
    if (!search || !value || !lo || !hi || !valid_state(state)) return BEL_BAD_ARGUMENT;
    position p;
    inner_position(search, state, &p);
    quick(search, &p, lo, hi);
    load(search, &p);
    int rc = value_of(search, &p, guess, lo, hi);
    *value = *lo;
    return rc;
}

/* The position after the seat to move plays `card`, and the gain of the trick it ends. */
static int32_t after(const bel_search *s, const position *p, int card, position *child)
{
    *child = *p;
    child->hands[(p->leader + p->n) % PLAYERS] &= ~(1u << card);
    child->trick[child->n++] = card;
    if (child->n < PLAYERS) return 0;
    uint32_t cards = 0;
    for (int i = 0; i < PLAYERS; i++) cards |= 1u << child->trick[i];
    int winner = (p->leader + winner_of(s, child->trick, PLAYERS)) % PLAYERS;
    int last = !(child->hands[0] | child->hands[1] | child->hands[2] | child->hands[3]);
    child->leader = winner;
    child->n = 0;
    child->sweep = next_sweep(p->sweep, winner & 1);
    return trick_gain(s, cards, winner, last);
}

/* The cards still out at `p`: in the hands and on the table. */
static uint32_t cards_out(const position *p)
{
    uint32_t on_table = 0;
    for (int i = 0; i < p->n; i++) on_table |= 1u << p->trick[i];
    return p->hands[0] | p->hands[1] | p->hands[2] | p->hands[3] | on_table;
}

/* The legal cards of the seat to play at `p` (into `legal`) and the ones to search, in the
 * search's order, into `list` (one a group of cards that play as one): their count. */
static int moves_of(const bel_search *s, const position *p, uint32_t *legal, int list[8])
{
    int seat = (p->leader + p->n) % PLAYERS;
    uint32_t hand = p->hands[seat], out = cards_out(p);
    int win = p->n ? winner_of(s, p->trick, p->n) : 0;
    int top = p->trick[win];
    *legal = p->n ? legal_of(s, hand, p->n, p->trick[0] >> 3, top, win) : hand;
    uint32_t beaten = p->n ? beaten_by(s, top) : ALL_CARDS;
    return ordered(s, *legal, out, p->n, win, beaten, s->maximizer < 0 && (seat & 1) == s->team,
                   list);
}

int bel_line(bel_search *search, const bel_state *state, int32_t value, int32_t *cards,
             int32_t *count)
{
    if (!search || !cards || !count || !valid_state(state)) return BEL_BAD_ARGUMENT;
    bel_search *s = search;
    position p;
    inner_position(s, state, &p);
    int32_t lo, hi;
    quick(s, &p, &lo, &hi);
    if (value < lo || value > hi) return BEL_BAD_ARGUMENT; /* not the position's value */
    *count = 0;
    load(s, &p);
    while (p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]) {
        int seat = (p.leader + p.n) % PLAYERS;
        uint32_t legal;
        int list[8];
        int n = moves_of(s, &p, &legal, list);
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            position child;
            int32_t want = value - after(s, &p, list[i], &child), g;
            quick(s, &child, &lo, &hi);
            memcpy(s->hands, child.hands, sizeof s->hands);
            int keeps;
            if ((seat & 1) == s->maximizer) { /* gain + probe(child, want) >= value */
                g = want <= lo ? lo : want > hi ? hi : root(s, &child, want - 1, want);
                keeps = g >= want;
            } else { /* gain + probe(child, want + 1) <= value */
                g = want + 1 <= lo ? lo : want + 1 > hi ? hi : root(s, &child, want, want + 1);
                keeps = g <= want;
            }
            if (s->stop) return BEL_OUT_OF_TIME;
            if (keeps) {
                found = 1;
                cards[(*count)++] = s->to_outer[list[i]];
                p = child;
                value = want;
            }
        }
        if (!found) return BEL_BAD_ARGUMENT; /* `value` was not the position's value */
    }
    return BEL_OK;
}

int bel_card_values(bel_search *search, const bel_state *state, int32_t *cards, int32_t *values,
                    int32_t *count)
{
    if (!search || !cards || !values || !count || !valid_state(state)) return BEL_BAD_ARGUMENT;
    bel_search *s = search;
    position p;
    inner_position(s, state, &p);
    if (!p.hands[(p.leader + p.n) % PLAYERS]) return BEL_BAD_ARGUMENT; /* the deal is over */
    uint32_t legal, out = cards_out(&p);
    int list[8];
    int n = moves_of(s, &p, &legal, list);
    int32_t lo, hi, value[DECK];
    uint32_t searched = 0;
    quick(s, &p, &lo, &hi);
    int32_t guess = floor_half(lo + hi); /* says nothing: the whole window for the first */
    load(s, &p);
    for (int i = 0; i < n; i++) {
        position child;
        int32_t gain = after(s, &p, list[i], &child);
        quick(s, &child, &lo, &hi);
        memcpy(s->hands, child.hands, sizeof s->hands);
        if (value_of(s, &child, guess - gain, &lo, &hi) != BEL_OK) return BEL_OUT_OF_TIME;
        guess = value[list[i]] = gain + lo;
        searched |= 1u << list[i];
    }
    /* A card not searched plays as the next card still out below it (group_firsts), which is
     * legal, weaker, and valued before it. */
    for (uint32_t rest = legal & ~searched; rest; rest &= rest - 1) {
        int card = lowest(rest);
        value[card] = value[highest(out & suit_mask(card >> 3) & ((1u << card) - 1))];
    }
    *count = 0;
    for (int card = 0; card < DECK; card++) {
        int inner = s->to_inner[card];
        if (legal >> inner & 1) {
            cards[*count] = card;
            values[(*count)++] = value[inner];
        }
    }
    return BEL_OK;
}
