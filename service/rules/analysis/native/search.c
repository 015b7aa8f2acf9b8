/* The native search: reference.py's Search in C (the contract: search.h).
 *
 * The algorithm and what each technique measured: NOTES.md beside this file.
 */
#define _POSIX_C_SOURCE 199309L

#include "search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PLAYERS 4
#define DECK 32
#define ALL_CARDS 0xFFFFFFFFu
#define INF 0x3FFFFFFF /* beyond every value: |value| <= 32 * 100000 + 100000 + 1000000 */

static const uint8_t TRUMP_STRENGTH[8] = {0, 1, 6, 4, 7, 2, 3, 5}; /* by rank 7 8 9 10 J Q K A */
static const uint8_t PLAIN_STRENGTH[8] = {0, 1, 2, 6, 3, 4, 5, 7};

static inline uint32_t suit_mask(int suit) { return 0xFFu << (8 * suit); }
static inline int popcount(uint32_t x) { return __builtin_popcount(x); }
static inline int lowest(uint32_t x) { return __builtin_ctz(x); }

/* A transposition table entry: the bounds proved for the future gain of a position between
 * tricks, and the lead that decided it. The position is the cards still held (the hands are
 * fixed for the table's life, so the mask says who holds what), the leader and, with a capot
 * at stake, the sweep state. 16 bytes. */
typedef struct {
    uint32_t out;  /* the cards still held; 0: empty (a stored position holds 8 or more) */
    uint8_t meta;  /* leader | sweep << 2 */
    int8_t lead;   /* the lead that decided the value last time, -1 none */
    uint16_t pad;
    int32_t lo, hi;
} entry;

struct bel_search {
    /* The objective. */
    int strain;
    int trump;           /* the trump suit 0..3, or -1 under SA and TA (no trump for bounds) */
    uint32_t trump_mask; /* the trump suit's cards, 0 under SA and TA */
    int undertrump_required, overtrump_partner;
    int count_tricks, team, maximizer;
    int32_t bonus, last_bonus;
    int32_t points[DECK];
    int32_t suit_points[4][256]; /* per suit, the points of each set of its cards */
    uint32_t stronger[DECK];     /* per card, the cards of its suit that beat it */
    uint32_t stronger_trump[DECK]; /* per card, the cards of its suit above it in trump order */
    uint8_t order[4][8];         /* per suit, its cards from the weakest to the strongest */

    /* The position searched. */
    uint32_t hands[PLAYERS];
    uint8_t holder[DECK]; /* per card held, the team holding it */
    uint8_t owner[DECK];  /* per card seen in a hand since the table was cleared: seat + 1 */

    /* The table, the clock, the counters. */
    entry *table;
    uint32_t table_mask;
    int table_bits;
    uint64_t nodes;
    double deadline;
    int stop;
    int lead; /* set by a leading node: the card that decided its value */
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

/* --- the rules -------------------------------------------------------------------------- */

static inline int32_t points_of(const bel_search *s, uint32_t cards)
{
    return s->suit_points[0][cards & 0xFF] + s->suit_points[1][cards >> 8 & 0xFF] +
           s->suit_points[2][cards >> 16 & 0xFF] + s->suit_points[3][cards >> 24];
}

/* The cards that would take the trick from its winning card `top`: a stronger card of its
 * suit, or any trump over a plain card. */
static inline uint32_t beaten_by(const bel_search *s, int top)
{
    return s->stronger[top] | ((top >> 3) == s->trump ? 0 : s->trump_mask);
}

/* play.py obligation_of_mask: the legal cards of `hand` to a trick of n >= 1 cards led in
 * `led`, whose winning card `best` was played at index `win`. */
static uint32_t legal_of(const bel_search *s, uint32_t hand, int n, int led, int best, int win)
{
    int trump = s->strain == BEL_TOUT_ATOUT ? led : s->strain; /* SA: no suit is 4 */
    int partner_winning = win == n - 2;
    uint32_t follow = hand & suit_mask(led);
    if (led == trump) {
        if (!follow) return hand;
        if (partner_winning && !s->overtrump_partner) return follow;
        uint32_t higher = follow & s->stronger_trump[best];
        return higher ? higher : follow;
    }
    if (follow) return follow;
    if (partner_winning || trump == BEL_SANS_ATOUT) return hand;
    uint32_t trumps = hand & suit_mask(trump);
    if (!trumps) return hand;
    if ((best >> 3) != trump) return trumps;
    uint32_t higher = trumps & s->stronger_trump[best];
    if (higher) return higher;
    return s->undertrump_required ? trumps : hand;
}

/* play.py trick_winner, by the cards' order of `beaten_by`. */
static int winner_of(const bel_search *s, const int32_t *trick, int n)
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
    if (s->trump < 0) return;
    uint32_t run = 0;
    int team = -1;
    for (int i = 7; i >= 0; i--) {
        int card = s->order[s->trump][i];
        if (!(out >> card & 1)) continue;
        if (team < 0)
            team = s->holder[card];
        else if (s->holder[card] != team)
            break;
        run |= 1u << card;
    }
    if (!run) return;
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

/* reference.py _sure: the tricks the leader takes for sure. */
static void sure_tricks(const bel_search *s, int leader, uint32_t out, int32_t *lo, int32_t *hi)
{
    uint32_t mine = s->hands[leader], others = out & ~mine, masters = 0;
    for (uint32_t rest = mine; rest; rest &= rest - 1) {
        int card = lowest(rest);
        if (!(s->stronger[card] & others)) masters |= 1u << card;
    }
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

/* The legal cards in groups that play as one (equal points, no card still out between them
 * in the suit's order): the weakest card of each group, as a mask. */
static uint32_t group_firsts(const bel_search *s, uint32_t legal, uint32_t out)
{
    uint32_t firsts = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (!(legal & suit_mask(suit))) continue;
        int previous = -1; /* the last card still out, walking up the suit */
        for (int i = 0; i < 8; i++) {
            int card = s->order[suit][i];
            if (!(out >> card & 1)) continue;
            if (legal >> card & 1) {
                if (!(previous >= 0 && (legal >> previous & 1) &&
                      s->points[card] == s->points[previous]))
                    firsts |= 1u << card;
            }
            previous = card;
        }
    }
    return firsts;
}

/* Sorts cards[0..n-1] by key, stable (insertion: n <= 8). */
static void sort_by(int *cards, int n, const int32_t *key, int descending)
{
    for (int i = 1; i < n; i++) {
        int c = cards[i], j = i;
        while (j > 0 && (descending ? key[cards[j - 1]] < key[c] : key[cards[j - 1]] > key[c])) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = c;
    }
}

/* reference.py _ordered: one card per group, the likely best first. Returns the count. */
static int ordered(const bel_search *s, uint32_t legal, uint32_t out, int n, int win,
                   uint32_t beaten, int *cards)
{
    uint32_t firsts = group_firsts(s, legal, out);
    int count = 0;
    /* In the reference's listing order: suit by suit, the weakest first. */
    for (int suit = 0; suit < 4; suit++)
        for (int i = 0; i < 8; i++) {
            int card = s->order[suit][i];
            if (firsts >> card & 1) cards[count++] = card;
        }
    if (count == 1) return 1;
    if (n == 0) {
        int masters[8], others[8], m = 0, o = 0;
        for (int i = 0; i < count; i++) {
            if (s->stronger[cards[i]] & out)
                others[o++] = cards[i];
            else
                masters[m++] = cards[i];
        }
        sort_by(masters, m, s->points, 1);
        sort_by(others, o, s->points, 0);
        memcpy(cards, masters, sizeof(int) * (size_t)m);
        memcpy(cards + m, others, sizeof(int) * (size_t)o);
        return count;
    }
    if ((n - win) % 2 == 0) { /* the partner is winning */
        sort_by(cards, count, s->points, n == PLAYERS - 1);
        return count;
    }
    int beats[8], rest[8], b = 0, r = 0;
    for (int i = 0; i < count; i++) {
        if (beaten >> cards[i] & 1)
            beats[b++] = cards[i];
        else
            rest[r++] = cards[i];
    }
    sort_by(rest, r, s->points, 0);
    memcpy(cards, beats, sizeof(int) * (size_t)b);
    memcpy(cards + b, rest, sizeof(int) * (size_t)r);
    return count;
}

/* --- the search ------------------------------------------------------------------------- */

static int32_t between(bel_search *s, int leader, int sweep, int32_t alpha, int32_t beta);

/* Each seat holds one card: the trick plays itself. */
static int32_t last_trick(bel_search *s, int leader, int sweep)
{
    int32_t trick[4];
    uint32_t cards = 0;
    for (int i = 0; i < PLAYERS; i++) {
        trick[i] = lowest(s->hands[(leader + i) % PLAYERS]);
        cards |= s->hands[(leader + i) % PLAYERS];
    }
    int winner = (leader + winner_of(s, trick, PLAYERS)) % PLAYERS;
    return trick_gain(s, cards, winner, 1) + end_gain(s, next_sweep(sweep, winner & 1));
}

/* The seat to move plays each candidate card in turn (`first` first when it is one); the
 * trick holds n cards (`cards` as a mask, `trick` by index, card i in bits 8i..8i+7) and its
 * card at index `win` is winning; `out` holds the cards in hands or on the table. Fail-soft
 * alpha-beta on the future gain. A leading node leaves in s->lead the card that decided. */
static int32_t inside(bel_search *s, int leader, int n, uint32_t trick, uint32_t cards, int win,
                      uint32_t out, int sweep, int32_t alpha, int32_t beta, int first)
{
    count_node(s);
    if (s->stop) return 0;
    int seat = (leader + n) % PLAYERS;
    uint32_t hand = s->hands[seat];
    int top = (int)(trick >> (8 * win) & 0xFF);
    uint32_t legal = n ? legal_of(s, hand, n, (int)(trick & 0xFF) >> 3, top, win) : hand;
    uint32_t beaten = n ? beaten_by(s, top) : ALL_CARDS;
    int list[8];
    int count = ordered(s, legal, out, n, win, beaten, list);
    if (first >= 0 && (legal >> first & 1)) {
        for (int i = 0; i < count; i++)
            if (list[i] == first) {
                memmove(list + 1, list, sizeof(int) * (size_t)i);
                list[0] = first;
                break;
            }
    }
    int maximizing = (seat & 1) == s->maximizer;
    int32_t best = maximizing ? -INF : INF;
    int decided = -1;
    for (int i = 0; i < count; i++) {
        int card = list[i];
        s->hands[seat] = hand & ~(1u << card);
        int taken = beaten >> card & 1 ? n : win;
        int32_t g;
        if (n < PLAYERS - 1) {
            g = inside(s, leader, n + 1, trick | (uint32_t)card << (8 * n),
                       cards | 1u << card, taken, out, sweep, alpha, beta, -1);
        } else {
            int winner = (leader + taken) % PLAYERS;
            int last = !(s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3]);
            int32_t gain = trick_gain(s, cards | 1u << card, winner, last);
            g = gain + between(s, winner, next_sweep(sweep, winner & 1), alpha - gain,
                               beta - gain);
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

static inline entry *slot_of(const bel_search *s, uint32_t out, unsigned meta)
{
    uint64_t h = ((uint64_t)meta << 32 | out) * 0x9E3779B97F4A7C15ull;
    return &s->table[h >> (64 - s->table_bits)];
}

/* A trick to lead: the table's bounds first, then the search. */
static int32_t between(bel_search *s, int leader, int sweep, int32_t alpha, int32_t beta)
{
    uint32_t out = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3];
    if (!out) return end_gain(s, sweep);
    if (popcount(out) == PLAYERS) return last_trick(s, leader, sweep);
    unsigned meta = (unsigned)leader | (s->bonus ? (unsigned)sweep << 2 : 0);
    entry *e = slot_of(s, out, meta);
    int32_t lo, hi;
    int first = -1;
    int known = e->out == out && e->meta == meta;
    if (known) {
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
    int32_t g = inside(s, leader, 0, 0, 0, 0, out, sweep, a, b, first);
    if (s->stop) return 0;
    if (g <= a) {
        if (g < hi) hi = g;
    } else if (g >= b) {
        if (g > lo) lo = g;
    } else {
        lo = hi = g;
    }
    e->out = out;
    e->meta = (uint8_t)meta;
    e->lo = lo;
    e->hi = hi;
    e->lead = (int8_t)s->lead;
    return g;
}

/* --- the entry points ------------------------------------------------------------------- */

static void compute_tables(bel_search *s)
{
    for (int c = 0; c < DECK; c++) {
        uint32_t plain = 0, trump = 0;
        for (int o = 0; o < DECK; o++) {
            if (o >> 3 != c >> 3) continue;
            if (PLAIN_STRENGTH[o & 7] > PLAIN_STRENGTH[c & 7]) plain |= 1u << o;
            if (TRUMP_STRENGTH[o & 7] > TRUMP_STRENGTH[c & 7]) trump |= 1u << o;
        }
        int in_trump_order = (c >> 3) == s->strain || s->strain == BEL_TOUT_ATOUT;
        s->stronger[c] = in_trump_order ? trump : plain;
        s->stronger_trump[c] = trump;
    }
    for (int suit = 0; suit < 4; suit++) {
        int in_trump_order = suit == s->strain || s->strain == BEL_TOUT_ATOUT;
        const uint8_t *strength = in_trump_order ? TRUMP_STRENGTH : PLAIN_STRENGTH;
        for (int rank = 0; rank < 8; rank++) s->order[suit][strength[rank]] = (uint8_t)(suit * 8 + rank);
        for (int held = 0; held < 256; held++) {
            int32_t sum = 0;
            for (int rank = 0; rank < 8; rank++)
                if (held >> rank & 1) sum += s->points[suit * 8 + rank];
            s->suit_points[suit][held] = sum;
        }
    }
}

bel_search *bel_new(const bel_objective *objective, int table_bits)
{
    if (!valid_objective(objective) || table_bits < 10 || table_bits > 24) return NULL;
    bel_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->table = calloc((size_t)1 << table_bits, sizeof(entry));
    if (!s->table) {
        free(s);
        return NULL;
    }
    s->table_bits = table_bits;
    s->table_mask = (1u << table_bits) - 1;
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
    memcpy(s->points, objective->points, sizeof s->points);
    compute_tables(s);
    return s;
}

void bel_free(bel_search *search)
{
    if (!search) return;
    free(search->table);
    free(search);
}

void bel_set_deadline(bel_search *search, double deadline)
{
    if (search) search->deadline = deadline;
}

uint64_t bel_nodes(const bel_search *search) { return search ? search->nodes : 0; }

/* The position into the search: its hands, who holds each card; the table cleared when a
 * card is held by another seat than when the table was filled (another deal). */
static void load(bel_search *s, const bel_state *st)
{
    int other_deal = 0;
    for (int seat = 0; seat < PLAYERS; seat++) {
        s->hands[seat] = st->hands[seat];
        for (uint32_t rest = st->hands[seat]; rest; rest &= rest - 1) {
            int card = lowest(rest);
            s->holder[card] = (uint8_t)(seat & 1);
            if (s->owner[card] && s->owner[card] != seat + 1) other_deal = 1;
        }
    }
    if (other_deal) {
        memset(s->table, 0, sizeof(entry) * ((size_t)s->table_mask + 1));
        memset(s->owner, 0, sizeof s->owner);
    }
    for (int seat = 0; seat < PLAYERS; seat++)
        for (uint32_t rest = st->hands[seat]; rest; rest &= rest - 1)
            s->owner[lowest(rest)] = (uint8_t)(seat + 1);
    s->stop = 0;
}

static uint32_t trick_cards(const bel_state *st)
{
    uint32_t cards = 0;
    for (int i = 0; i < st->trick_len; i++) cards |= 1u << st->trick[i];
    return cards;
}

static void quick(const bel_search *s, const bel_state *st, int32_t *lo, int32_t *hi)
{
    uint32_t out = st->hands[0] | st->hands[1] | st->hands[2] | st->hands[3];
    bounds_of(s, out | trick_cards(st), st->sweep, lo, hi);
}

/* Fail-soft alpha-beta on a loaded position. */
static int32_t root(bel_search *s, const bel_state *st, int32_t alpha, int32_t beta)
{
    if (!st->trick_len) return between(s, st->leader, st->sweep, alpha, beta);
    uint32_t trick = 0;
    for (int i = 0; i < st->trick_len; i++) trick |= (uint32_t)st->trick[i] << (8 * i);
    uint32_t cards = trick_cards(st);
    uint32_t out = s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3] | cards;
    int win = winner_of(s, st->trick, st->trick_len);
    return inside(s, st->leader, st->trick_len, trick, cards, win, out, st->sweep, alpha, beta,
                  -1);
}

int bel_quick_bounds(bel_search *search, const bel_state *state, int32_t *lo, int32_t *hi)
{
    if (!search || !lo || !hi || !valid_state(state)) return BEL_BAD_ARGUMENT;
    quick(search, state, lo, hi);
    return BEL_OK;
}

int bel_probe(bel_search *search, const bel_state *state, int32_t beta, int32_t *value)
{
    if (!search || !value || !valid_state(state)) return BEL_BAD_ARGUMENT;
    int32_t lo, hi;
    quick(search, state, &lo, &hi);
    if (beta <= lo) {
        *value = lo;
        return BEL_OK;
    }
    if (beta > hi) {
        *value = hi;
        return BEL_OK;
    }
    load(search, state);
    int32_t g = root(search, state, beta - 1, beta);
    if (search->stop) return BEL_OUT_OF_TIME;
    *value = g;
    return BEL_OK;
}

int bel_value(bel_search *search, const bel_state *state, int32_t guess, int32_t *value,
              int32_t *lo, int32_t *hi)
{
    if (!search || !value || !lo || !hi || !valid_state(state)) return BEL_BAD_ARGUMENT;
    quick(search, state, lo, hi);
    load(search, state);
    int32_t beta = guess < *lo + 1 ? *lo + 1 : guess;
    if (beta > *hi) beta = *hi;
    while (*lo < *hi) {
        int32_t g = root(search, state, beta - 1, beta);
        if (search->stop) {
            *value = *lo;
            return BEL_OUT_OF_TIME;
        }
        if (g >= beta)
            *lo = g;
        else
            *hi = g;
        beta = *lo + (*hi - *lo + 1) / 2;
    }
    *value = *lo;
    return BEL_OK;
}

int bel_line(bel_search *search, const bel_state *state, int32_t value, int32_t *cards,
             int32_t *count)
{
    if (!search || !cards || !count || !valid_state(state)) return BEL_BAD_ARGUMENT;
    bel_search *s = search;
    bel_state st = *state;
    *count = 0;
    load(s, &st);
    while (st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]) {
        int seat = (st.leader + st.trick_len) % PLAYERS;
        uint32_t hand = st.hands[seat];
        uint32_t on_table = trick_cards(&st);
        uint32_t out = st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3] | on_table;
        int win = st.trick_len ? winner_of(s, st.trick, st.trick_len) : 0;
        int top = st.trick[win];
        uint32_t legal =
            st.trick_len ? legal_of(s, hand, st.trick_len, st.trick[0] >> 3, top, win) : hand;
        uint32_t beaten = st.trick_len ? beaten_by(s, top) : ALL_CARDS;
        int list[8];
        int n = ordered(s, legal, out, st.trick_len, win, beaten, list);
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            bel_state child = st;
            int32_t gain = 0;
            child.hands[seat] &= ~(1u << list[i]);
            if (st.trick_len < PLAYERS - 1) {
                child.trick[child.trick_len++] = list[i];
            } else {
                int32_t full[4] = {st.trick[0], st.trick[1], st.trick[2], list[i]};
                int winner = (st.leader + winner_of(s, full, PLAYERS)) % PLAYERS;
                int last = !(child.hands[0] | child.hands[1] | child.hands[2] | child.hands[3]);
                gain = trick_gain(s, on_table | 1u << list[i], winner, last);
                child.leader = winner;
                child.trick_len = 0;
                child.sweep = next_sweep(st.sweep, winner & 1);
            }
            int32_t want = value - gain, g;
            int32_t lo, hi;
            quick(s, &child, &lo, &hi);
            load(s, &child);
            int keeps;
            if ((seat & 1) == s->maximizer) {
                /* gain + probe(child, want) >= value */
                g = want <= lo ? lo : want > hi ? hi : root(s, &child, want - 1, want);
                keeps = g >= want;
            } else {
                g = want + 1 <= lo ? lo : want + 1 > hi ? hi : root(s, &child, want, want + 1);
                keeps = g <= want;
            }
            if (s->stop) return BEL_OUT_OF_TIME;
            if (keeps) {
                found = 1;
                cards[(*count)++] = list[i];
                st = child;
                value = want;
            }
        }
        if (!found) return BEL_BAD_ARGUMENT; /* `value` was not the position's value */
    }
    return BEL_OK;
}
