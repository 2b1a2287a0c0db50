/* Permutations games at compiled speed, two ways, each the same games as its Python twin:
 *
 * - perm_abreast: every seat at random, as the play-outs of playout.py play them abreast in numpy,
 *   from a fixed number of 32-bit words per game (playout.WordDraws): the same deal, auctions and
 *   shuffles word for word;
 * - perm_played: random and greedy players through the rules, as players.py plays them with
 *   engine.Game, drawing from Python's generator exactly as they do (grawlix_print.native).
 *
 * Cards are ranks among the cards in play (0 the lowest number), so sets of cards are the bits of
 * one 64-bit word and "lowest first" is bit order. The scoring rules are scoring.py's (stars, colour
 * sets with the largest turned down, the moon majority each round, the sun majority at the end);
 * tests/test_fast_engines.py checks these against it on every collection a hand can hold.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mt19937.h"
#include "speed.h"

#define MAX_CARDS 64
#define MAX_SEATS 8
#define MAX_TABULATED 7 /* seats whose auctions are tabulated: 7! draws x 2^7 patterns */
#define MAX_HAND 32
#define MAX_COLOURS 16
#define RANDOM 0
#define GREEDY 1
#define GREEDY_SLACK 0.5

typedef struct {
    int32_t cards, seats, players, hand, rounds, star_points, moon_bonus, sun_penalty, colours;
    int32_t star[MAX_CARDS], moon[MAX_CARDS], sun[MAX_CARDS];
    int32_t colour[MAX_CARDS]; /* the colour's index, or -1 (the special cards) */
    int32_t multicoloured[MAX_CARDS];
} perm_rules;

typedef struct {
    int32_t *points, *stars, *moons, *suns, *colours; /* games x seats */
    int32_t *moon_ties, *sun_tie;                      /* games */
} results;

/* --- scoring (scoring.py) --- */

typedef struct {
    int stars, moons, suns, multicoloured;
    int colours[MAX_COLOURS];
} tally;

HOT void add_card(tally *t, const perm_rules *r, int card)
{
    t->stars += r->star[card];
    t->moons += r->moon[card];
    t->suns += r->sun[card];
    t->multicoloured |= r->multicoloured[card];
    if (r->colour[card] >= 0)
        t->colours[r->colour[card]]++;
}

/* The cards with each icon, colour and the multicoloured card, as sets: a collection's counts are
 * then a few bit counts. */
typedef struct {
    uint64_t stars, moons, suns, multicoloured, colours[MAX_COLOURS];
} card_sets;

static card_sets sets_of(const perm_rules *r)
{
    card_sets sets;
    memset(&sets, 0, sizeof sets);
    for (int card = 0; card < r->cards; card++) {
        uint64_t bit = (uint64_t)1 << card;
        sets.stars |= r->star[card] ? bit : 0;
        sets.moons |= r->moon[card] ? bit : 0;
        sets.suns |= r->sun[card] ? bit : 0;
        sets.multicoloured |= r->multicoloured[card] ? bit : 0;
        if (r->colour[card] >= 0)
            sets.colours[r->colour[card]] |= bit;
    }
    return sets;
}

HOT tally tally_of(const card_sets *c, const perm_rules *r, uint64_t cards)
{
    tally t;
    t.stars = __builtin_popcountll(cards & c->stars);
    t.moons = __builtin_popcountll(cards & c->moons);
    t.suns = __builtin_popcountll(cards & c->suns);
    t.multicoloured = (cards & c->multicoloured) != 0;
    for (int k = 0; k < r->colours; k++)
        t.colours[k] = __builtin_popcountll(cards & c->colours[k]);
    return t;
}


/* colour_choice(...).points: face-up sets score their size squared, the largest set is turned down;
 * the multicoloured card joins the colour that scores best. */
HOT int colour_points(const int *counts, int colours, int multicoloured)
{
    int best = -1;
    for (int with = multicoloured ? 0 : -1; with < (multicoloured ? colours : 0); with++) {
        int squares = 0, largest = 0;
        for (int c = 0; c < colours; c++) {
            int size = counts[c] + (c == with);
            squares += size * size;
            if (size > largest)
                largest = size;
        }
        int points = squares - largest * largest;
        if (points > best)
            best = points;
    }
    return best;
}

/* majority(): whether `seat` has the most (nobody has the most of nothing). */
HOT int has_most(const int *counts, int seats, int seat)
{
    int most = 0;
    for (int s = 0; s < seats; s++)
        if (counts[s] > most)
            most = counts[s];
    return most > 0 && counts[seat] == most;
}

typedef struct {
    int points[MAX_SEATS], stars[MAX_SEATS], moons[MAX_SEATS], suns[MAX_SEATS], colours[MAX_SEATS];
    int sun_count[MAX_SEATS], moon_ties;
} score;

/* A round's collections scored into `s`: stars, colour sets and the moon bonus; suns counted. */
HOT void score_round(score *s, const perm_rules *r, const card_sets *c, const uint64_t *collections)
{
    int moons[MAX_SEATS], winners = 0;
    for (int seat = 0; seat < r->seats; seat++) {
        tally t = tally_of(c, r, collections[seat]);
        s->stars[seat] += r->star_points * t.stars;
        s->colours[seat] += colour_points(t.colours, r->colours, t.multicoloured);
        s->sun_count[seat] += t.suns;
        moons[seat] = t.moons;
    }
    for (int seat = 0; seat < r->seats; seat++)
        if (has_most(moons, r->seats, seat)) {
            s->moons[seat] += r->moon_bonus;
            winners++;
        }
    s->moon_ties += winners > 1;
}

HOT void finish(score *s, const perm_rules *r, const results *out, int32_t game)
{
    int penalised = 0;
    for (int seat = 0; seat < r->seats; seat++)
        if (has_most(s->sun_count, r->seats, seat)) {
            s->suns[seat] -= r->sun_penalty;
            penalised++;
        }
    for (int seat = 0; seat < r->seats; seat++) {
        size_t at = (size_t)game * (size_t)r->seats + (size_t)seat;
        out->points[at] = s->stars[seat] + s->moons[seat] + s->suns[seat] + s->colours[seat];
        out->stars[at] = s->stars[seat];
        out->moons[at] = s->moons[seat];
        out->suns[at] = s->suns[seat];
        out->colours[at] = s->colours[seat];
    }
    out->moon_ties[game] = s->moon_ties;
    out->sun_tie[game] = penalised > 1;
}

/* --- every seat at random, abreast (playout.py) --- */

/* WordDraws.shuffled: Fisher-Yates, the last place down to the second swapped with a place at
 * or before it picked by the next word scaled to the places. */
HOT void shuffle_words(int *cards, int n, mt_state *mt)
{
    for (int last = n - 1; last > 0; last--) {
        int pick = (int)(((uint64_t)mt_word(mt) * (uint64_t)(last + 1)) >> 32);
        int moved = cards[pick];
        cards[pick] = cards[last];
        cards[last] = moved;
    }
}

/* The outcomes of an auction (engine.auction_outcomes, tabulated by RandomPlayout._tabulate): a
 * draw below seats! picks one of the equally likely ways the collections can go, each player's
 * choice a digit (the first to collect the most significant), a dummy taking the lowest card.
 * Tabulated once per table: for each pattern of players and dummies in collection order, and each
 * draw, the pool position the k-th collector takes. */
typedef struct {
    int seats, width;
    uint8_t *taken; /* [pattern][draw][position] */
} auctions;

static int tabulate(auctions *a, const perm_rules *r)
{
    int seats = r->seats, width = 1;
    for (int k = 2; k <= seats; k++)
        width *= k;
    a->seats = seats;
    a->width = width;
    a->taken = malloc((size_t)(1 << seats) * (size_t)width * (size_t)seats);
    if (!a->taken)
        return -1;
    for (int pattern = 0; pattern < 1 << seats; pattern++) /* bit p: the p-th collector is a player */
        for (int draw = 0; draw < width; draw++) {
            int ways = 1, digit[MAX_SEATS], left[MAX_SEATS], count = seats;
            for (int p = 0; p < seats; p++)
                if (pattern >> p & 1)
                    ways *= seats - p;
            int outcome = draw % ways;
            for (int p = seats - 1; p >= 0; p--) {
                digit[p] = 0;
                if (pattern >> p & 1) {
                    digit[p] = outcome % (seats - p);
                    outcome /= seats - p;
                }
            }
            for (int k = 0; k < seats; k++)
                left[k] = k;
            uint8_t *row = a->taken + ((size_t)pattern * (size_t)width + (size_t)draw) * (size_t)seats;
            for (int p = 0; p < seats; p++) {
                row[p] = (uint8_t)left[digit[p]];
                memmove(&left[digit[p]], &left[digit[p] + 1], sizeof(int) * (size_t)(count - digit[p] - 1));
                count--;
            }
        }
    return 0;
}

/* Each seat's pool card taken in an auction, and the bids lowest first (the next pool). */
HOT void collect_auction(const auctions *a, const perm_rules *r, const int *bids, uint32_t word,
                                   int *taken_rank, int *next_pool)
{
    int order[MAX_SEATS], seats = r->seats, pattern = 0;
    uint64_t bid_set = 0;
    for (int k = 0; k < seats; k++)
        bid_set |= (uint64_t)1 << bids[k];
    for (int k = 0; k < seats; k++) { /* highest bid first: a seat's place is the count of higher bids */
        int place = __builtin_popcountll(bid_set >> bids[k]) - 1;
        order[place] = k;
        next_pool[seats - 1 - place] = bids[k];
        pattern |= (k < r->players) << place;
    }
    int draw = (int)(((uint64_t)word * (uint64_t)a->width) >> 32);
    const uint8_t *row = a->taken + ((size_t)pattern * (size_t)a->width + (size_t)draw) * (size_t)seats;
    for (int p = 0; p < seats; p++)
        taken_rank[order[p]] = row[p];
}

HOT void abreast_game(const perm_rules *r, const card_sets *c, const auctions *au, mt_state *mt,
                         const results *out, int32_t game)
{
    int seats = r->seats, hand = r->hand, n = r->cards;
    int deck[MAX_CARDS];
    for (int k = 0; k < n; k++)
        deck[k] = k;
    shuffle_words(deck, n, mt); /* RandomPlayout.deal */
    int hands[MAX_SEATS][MAX_HAND], pool[MAX_SEATS];
    for (int s = 0; s < seats; s++)
        for (int k = 0; k < hand; k++)
            hands[s][k] = deck[s * hand + k];
    uint64_t pooled = 0;
    for (int k = seats * hand; k < n; k++)
        pooled |= (uint64_t)1 << deck[k];
    for (int k = 0; k < seats; k++, pooled &= pooled - 1)
        pool[k] = __builtin_ctzll(pooled);
    score s;
    memset(&s, 0, sizeof s);
    for (int round = 0; round < r->rounds; round++) {
        uint32_t draws[MAX_HAND];
        for (int a = 0; a < hand; a++)
            draws[a] = mt_word(mt);
        int collected[MAX_SEATS][MAX_HAND];
        uint64_t collections[MAX_SEATS] = {0};
        for (int a = 0; a < hand; a++) {
            int bids[MAX_SEATS], taken[MAX_SEATS], next[MAX_SEATS];
            for (int seat = 0; seat < seats; seat++)
                bids[seat] = hands[seat][a];
            collect_auction(au, r, bids, draws[a], taken, next);
            for (int seat = 0; seat < seats; seat++) {
                int card = pool[taken[seat]];
                collected[seat][a] = card;
                collections[seat] |= (uint64_t)1 << card;
            }
            memcpy(pool, next, sizeof(int) * (size_t)seats);
        }
        score_round(&s, r, c, collections);
        if (round < r->rounds - 1) /* each seat's collections, shuffled: its next hand in bid order */
            for (int seat = 0; seat < seats; seat++) {
                memcpy(hands[seat], collected[seat], sizeof(int) * (size_t)hand);
                shuffle_words(hands[seat], hand, mt);
            }
    }
    finish(&s, r, out, game);
}

/* --- players through the rules (engine.Game with players.py's RandomPlayer and GreedyPlayer) --- */

typedef struct {
    int hand[MAX_SEATS][MAX_HAND], hand_len[MAX_SEATS]; /* in the engine's list order (a dummy bids the first) */
    uint64_t held[MAX_SEATS];                           /* the same, as sets */
    uint64_t pool;
    int bid[MAX_SEATS]; /* -1: none yet */
    uint64_t collection[MAX_SEATS];
    int collected[MAX_SEATS][MAX_HAND], collected_len[MAX_SEATS];
    uint64_t last_round[MAX_SEATS]; /* each seat's collections in the round before (0 in round 1) */
    int earlier_suns[MAX_SEATS];
    int round;
    const card_sets *sets;
} table;

HOT int nth_card(uint64_t set, int k)
{
    while (k--)
        set &= set - 1;
    return __builtin_ctzll(set);
}

HOT void take_from_hand(table *t, int seat, int card)
{
    int *h = t->hand[seat], n = t->hand_len[seat], k = 0;
    while (h[k] != card)
        k++;
    memmove(&h[k], &h[k + 1], sizeof(int) * (size_t)(n - k - 1));
    t->hand_len[seat]--;
    t->held[seat] &= ~((uint64_t)1 << card);
}

/* random.shuffle */
HOT void shuffle(int *cards, int n, mt_state *mt)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mt_below(mt, (uint32_t)(i + 1));
        int swap = cards[i];
        cards[i] = cards[j];
        cards[j] = swap;
    }
}

/* players.standings: this seat's points for the round if it ended now, holding each card of `cards`
 * more (by card, into `value`). */
HOT void standings(const table *t, const perm_rules *r, int me, uint64_t cards, int *value)
{
    int moons[MAX_SEATS], suns[MAX_SEATS];
    tally held;
    for (int s = 0; s < r->seats; s++) {
        tally theirs = tally_of(t->sets, r, t->collection[s]);
        if (s == me)
            held = theirs;
        moons[s] = theirs.moons;
        suns[s] = t->earlier_suns[s] + theirs.suns;
    }
    for (; cards; cards &= cards - 1) {
        int card = __builtin_ctzll(cards);
        tally mine = held;
        add_card(&mine, r, card);
        moons[me] = mine.moons;
        suns[me] = t->earlier_suns[me] + mine.suns;
        value[card] = r->star_points * mine.stars + colour_points(mine.colours, r->colours, mine.multicoloured) +
                      (has_most(moons, r->seats, me) ? r->moon_bonus : 0) -
                      (has_most(suns, r->seats, me) ? r->sun_penalty : 0);
    }
}

/* What GreedyPlayer.expected_pick knows before it weighs a bid: the cards it cannot see, and which
 * of them each player whose bid is face down may hold. */
typedef struct {
    uint64_t hidden[MAX_SEATS]; /* per player seat whose bid is hidden: the cards it may hold */
    int seats[MAX_SEATS], count;
} unknowns;

HOT unknowns unknowns_of(const table *t, const perm_rules *r, int me)
{
    uint64_t seen = t->held[me] | t->pool;
    for (int s = 0; s < r->seats; s++) {
        seen |= t->collection[s];
        if (s >= r->players) /* a dummy's bid is face up */
            seen |= (uint64_t)1 << t->bid[s];
    }
    uint64_t all = r->cards == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->cards) - 1, unseen = all & ~seen;
    unknowns u;
    u.count = 0;
    for (int s = 0; s < r->players; s++)
        if (s != me) {
            u.seats[u.count] = s;
            u.hidden[u.count++] = t->round > 0 ? t->last_round[s] & unseen : unseen;
        }
    return u;
}

/* GreedyPlayer.expected_pick: what the auction is worth to `me` bidding `bid`, by its reckoning. */
HOT double expected_pick(const table *t, const perm_rules *r, const unknowns *u, int bid, const int *worth)
{
    uint64_t above = bid >= 63 ? 0 : ~(((uint64_t)2 << bid) - 1);
    int dummies_ahead = 0;
    for (int s = r->players; s < r->seats; s++)
        dummies_ahead += t->bid[s] > bid;
    int values[MAX_SEATS], count = 0;
    uint64_t left = t->pool;
    for (int k = 0; k < dummies_ahead; k++) /* each dummy ahead takes the lowest */
        left &= left - 1;
    for (; left; left &= left - 1)
        values[count++] = worth[__builtin_ctzll(left)];
    for (int i = 1; i < count; i++) /* highest first */
        for (int j = i; j > 0 && values[j - 1] < values[j]; j--) {
            int swap = values[j];
            values[j] = values[j - 1];
            values[j - 1] = swap;
        }
    double ahead[MAX_SEATS + 1] = {1.0}, before[MAX_SEATS + 1];
    int chances = 1;
    for (int k = 0; k < u->count; k++) {
        uint64_t cards = u->hidden[k];
        int total = __builtin_popcountll(cards);
        double p = total ? (double)__builtin_popcountll(cards & above) / (double)total : 0.0;
        memcpy(before, ahead, sizeof(double) * (size_t)chances);
        before[chances] = 0.0;
        for (int j = 0; j <= chances; j++)
            ahead[j] = before[j] * (1 - p) + (j ? before[j - 1] * p : 0.0);
        chances++;
    }
    double sum = 0.0;
    for (int j = 0; j < chances; j++)
        sum += ahead[j] * (double)values[j < count - 1 ? j : count - 1];
    return sum;
}

HOT int greedy_bid(const table *t, const perm_rules *r, int me)
{
    int worth[MAX_CARDS];
    standings(t, r, me, t->pool, worth);
    unknowns u = unknowns_of(t, r, me);
    double expected[MAX_CARDS], best = -1e300;
    for (uint64_t h = t->held[me]; h; h &= h - 1) {
        int card = __builtin_ctzll(h);
        expected[card] = expected_pick(t, r, &u, card, worth);
        if (expected[card] > best)
            best = expected[card];
    }
    for (uint64_t h = t->held[me]; h; h &= h - 1) {
        int card = __builtin_ctzll(h);
        if (expected[card] >= best - GREEDY_SLACK)
            return card;
    }
    return -1;
}

HOT int greedy_collect(const table *t, const perm_rules *r, int me, mt_state *mt)
{
    int values[MAX_CARDS], best = -0x7fffffff, ties = 0;
    standings(t, r, me, t->pool, values);
    for (uint64_t p = t->pool; p; p &= p - 1) {
        int v = values[__builtin_ctzll(p)];
        if (v > best)
            best = v, ties = 0;
        if (v == best)
            ties++;
    }
    int k = (int)mt_below(mt, (uint32_t)ties);
    for (uint64_t p = t->pool; p; p &= p - 1) {
        int card = __builtin_ctzll(p);
        if (values[card] == best && k-- == 0)
            return card;
    }
    return -1;
}

HOT void take_card(table *t, int seat, int card)
{
    t->pool &= ~((uint64_t)1 << card);
    t->collection[seat] |= (uint64_t)1 << card;
    t->collected[seat][t->collected_len[seat]++] = card;
}

HOT void played_game(const perm_rules *r, const card_sets *c, const int32_t *players, mt_state *mt,
                        const results *out, int32_t game)
{
    int seats = r->seats, hand = r->hand;
    table t;
    memset(&t, 0, sizeof t);
    t.sets = c;
    int deck[MAX_CARDS];
    for (int k = 0; k < r->cards; k++)
        deck[k] = k;
    shuffle(deck, r->cards, mt); /* engine.deal */
    for (int s = 0; s < seats; s++) {
        t.hand_len[s] = hand;
        for (int k = 0; k < hand; k++) {
            t.hand[s][k] = deck[s * hand + k];
            t.held[s] |= (uint64_t)1 << deck[s * hand + k];
        }
    }
    for (int k = seats * hand; k < r->cards; k++)
        t.pool |= (uint64_t)1 << deck[k];
    score sc;
    memset(&sc, 0, sizeof sc);
    for (t.round = 0; t.round < r->rounds; t.round++) {
        for (int a = 0; a < hand; a++) {
            for (int s = 0; s < seats; s++)
                t.bid[s] = -1;
            for (int s = r->players; s < seats; s++) { /* the dummies bid first, face up */
                t.bid[s] = t.hand[s][0];
                take_from_hand(&t, s, t.bid[s]);
            }
            for (int s = 0; s < r->players; s++) { /* then each player, in seat order */
                int card = players[s] == GREEDY
                               ? greedy_bid(&t, r, s)
                               : nth_card(t.held[s], (int)mt_below(mt, (uint32_t)t.hand_len[s]));
                t.bid[s] = card;
                take_from_hand(&t, s, card);
            }
            int order[MAX_SEATS]; /* engine.collection_order: highest bid first */
            for (int k = 0; k < seats; k++)
                order[k] = k;
            for (int i = 1; i < seats; i++)
                for (int j = i; j > 0 && t.bid[order[j - 1]] < t.bid[order[j]]; j--) {
                    int swap = order[j];
                    order[j] = order[j - 1];
                    order[j - 1] = swap;
                }
            for (int p = 0; p < seats; p++) {
                int s = order[p], card;
                if (s >= r->players)
                    card = __builtin_ctzll(t.pool);
                else if (players[s] == GREEDY)
                    card = greedy_collect(&t, r, s, mt);
                else
                    card = nth_card(t.pool, (int)mt_below(mt, (uint32_t)__builtin_popcountll(t.pool)));
                take_card(&t, s, card);
            }
            for (int s = 0; s < seats; s++) /* the bids are the next pool */
                t.pool |= (uint64_t)1 << t.bid[s];
        }
        score_round(&sc, r, t.sets, t.collection);
        if (t.round == r->rounds - 1)
            break;
        for (int s = 0; s < seats; s++) { /* the collections, each shuffled, are the next hands */
            tally done = tally_of(t.sets, r, t.collection[s]);
            t.earlier_suns[s] += done.suns;
            memcpy(t.hand[s], t.collected[s], sizeof(int) * (size_t)t.collected_len[s]);
            t.hand_len[s] = t.collected_len[s];
            shuffle(t.hand[s], t.hand_len[s], mt);
            t.held[s] = t.collection[s];
            t.last_round[s] = t.collection[s];
            t.collection[s] = 0;
            t.collected_len[s] = 0;
        }
    }
    finish(&sc, r, out, game);
}

static int fits(const perm_rules *r)
{
    return r->cards >= 1 && r->cards <= MAX_CARDS && r->seats >= 1 && r->seats <= MAX_SEATS && r->players >= 1 &&
           r->players <= r->seats && r->hand >= 1 && r->hand <= MAX_HAND && r->colours >= 1 &&
           r->colours <= MAX_COLOURS && r->cards == r->seats * (r->hand + 1) && r->rounds >= 1;
}

BIT_COUNTING static void abreast_all(const perm_rules *r, const auctions *au, int32_t count, mt_state *mt,
                                    const results *out)
{
    card_sets c = sets_of(r);
    for (int32_t g = 0; g < count; g++)
        abreast_game(r, &c, au, mt, out, g);
}

BIT_COUNTING static void played_all(const perm_rules *r, const int32_t *players, int32_t count, mt_state *mt,
                                    const results *out)
{
    card_sets c = sets_of(r);
    for (int32_t g = 0; g < count; g++)
        played_game(r, &c, players, mt, out, g);
}

/* `count` games with every seat at random, abreast; 0, or -1 when the table does not fit. */
int perm_abreast(const perm_rules *r, int32_t count, mt_state *mt, int32_t *points, int32_t *stars, int32_t *moons,
                 int32_t *suns, int32_t *colours, int32_t *moon_ties, int32_t *sun_tie)
{
    if (!fits(r))
        return -1;
    auctions au;
    if (r->seats > MAX_TABULATED || tabulate(&au, r) != 0)
        return -1;
    results out = {points, stars, moons, suns, colours, moon_ties, sun_tie};
    abreast_all(r, &au, count, mt, &out);
    free(au.taken);
    return 0;
}

/* `count` games of `players` (RANDOM or GREEDY, by player seat) through the rules; 0, or -1. */
int perm_played(const perm_rules *r, const int32_t *players, int32_t count, mt_state *mt, int32_t *points,
                int32_t *stars, int32_t *moons, int32_t *suns, int32_t *colours, int32_t *moon_ties,
                int32_t *sun_tie)
{
    if (!fits(r))
        return -1;
    for (int p = 0; p < r->players; p++)
        if (players[p] != RANDOM && players[p] != GREEDY)
            return -1;
    results out = {points, stars, moons, suns, colours, moon_ties, sun_tie};
    played_all(r, players, count, mt, &out);
    return 0;
}

/* colour_choice(counts, multicoloured).points, for the test that checks it against scoring.py. */
int perm_colour_points(const int32_t *counts, int32_t colours, int32_t multicoloured)
{
    int c[MAX_COLOURS];
    for (int k = 0; k < colours && k < MAX_COLOURS; k++)
        c[k] = counts[k];
    return colour_points(c, colours, multicoloured);
}
