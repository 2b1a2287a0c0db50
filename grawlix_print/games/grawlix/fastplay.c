/* Grawlix games at compiled speed: the random and greedy players of players.py and the engine's
 * random_game, written again in C over the same bit boards, drawing the same random numbers.
 *
 * The pure-Python engine (engine.py, players.py) is the reference: given the same random.Random
 * state (carried over by grawlix_print.native), every game here places the same tiles at the same
 * locations, and tests/test_fast_engines.py checks it game by game. The board is engine.py's: a
 * window of (2 reach_rows + 1) x (2 reach_columns + 1) cells around the first tile, one bit per
 * cell in reading order (here without the engine's padding column, so the cells of a row are
 * consecutive bits and the lowest set bit is still the first cell in reading order); per cell,
 * `clear` (every cell off its row and column), `near` (its neighbours) and `reach` (the cells within
 * the span limits of it). A glyph's or colour's `allowed` cells are those whose row and column do
 * not hold it yet; `open` cells are empty, beside a tile and within the reach of every tile.
 *
 * Entry: grawlix_games(); build: grawlix_print/native (the machine's C compiler, loaded by ctypes).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mt19937.h"
#include "speed.h"

#define MAX_WORDS 8 /* boards of up to 512 cells: limits up to 12 x 12 with the 36 tiles (larger: Python) */
#define MAX_CELLS (64 * MAX_WORDS)
#define MAX_TILES 64
#define MAX_KINDS 64
#define RANDOM 0
#define GREEDY 1
#define SHUT_OUT 0x7fffffff /* greedy's score of a move that leaves the opponent no placement */

typedef struct {
    int32_t tiles, hand_size, max_rows, max_columns, reach_rows, reach_columns, kinds;
    int32_t glyph[MAX_TILES];  /* each tile's glyph: its index among the kinds */
    int32_t colour[MAX_TILES]; /* each tile's colour, after the glyphs */
} grawlix_rules;

typedef struct {
    uint64_t w[MAX_WORDS];
} cells;

typedef struct {
    int words, height, width;
    cells every;
    cells clear[MAX_CELLS], near[MAX_CELLS], reach[MAX_CELLS];
} board;

typedef struct {
    cells allowed[MAX_KINDS], reach, open;
    int placed, top, bottom, left, right;
} grid;

#define SET(s, c) ((s).w[(c) >> 6] |= (uint64_t)1 << ((c) & 63))

static void lay_board(board *b, const grawlix_rules *r)
{
    b->height = 2 * r->reach_rows + 1;
    b->width = 2 * r->reach_columns + 1;
    b->words = (b->height * b->width + 63) / 64;
    memset(&b->every, 0, sizeof b->every);
    for (int c = 0; c < b->height * b->width; c++)
        SET(b->every, c);
    for (int i = 0; i < b->height; i++)
        for (int j = 0; j < b->width; j++) {
            int c = i * b->width + j;
            cells *clear = &b->clear[c], *near = &b->near[c], *reach = &b->reach[c];
            memset(clear, 0, sizeof *clear);
            memset(near, 0, sizeof *near);
            memset(reach, 0, sizeof *reach);
            for (int i2 = 0; i2 < b->height; i2++)
                for (int j2 = 0; j2 < b->width; j2++) {
                    int c2 = i2 * b->width + j2, di = abs(i2 - i), dj = abs(j2 - j);
                    if (i2 != i && j2 != j)
                        SET(*clear, c2);
                    if (di + dj == 1)
                        SET(*near, c2);
                    if (c2 != c && di <= r->reach_rows && dj <= r->reach_columns)
                        SET(*reach, c2);
                }
        }
}

static inline __attribute__((always_inline)) void empty_grid(grid *g, const board *b, int kinds, const int nw)
{
    for (int k = 0; k < kinds; k++)
        g->allowed[k] = b->every;
    g->reach = b->every;
    memset(&g->open, 0, sizeof g->open);
    g->placed = 0;
}

/* Grid._put_cell: the one change of a grid. */
static inline __attribute__((always_inline)) void put(grid *g, const board *b, int cell, int glyph, int colour,
                                                      const int nw)
{
    const cells *clear = &b->clear[cell], *near = &b->near[cell], *reach = &b->reach[cell];
    for (int k = 0; k < nw; k++) {
        g->allowed[glyph].w[k] &= clear->w[k];
        g->allowed[colour].w[k] &= clear->w[k];
        g->reach.w[k] &= reach->w[k];
        g->open.w[k] = (g->open.w[k] | near->w[k]) & g->reach.w[k];
    }
    int i = cell / b->width, j = cell % b->width;
    if (!g->placed || i < g->top)
        g->top = i;
    if (!g->placed || i > g->bottom)
        g->bottom = i;
    if (!g->placed || j < g->left)
        g->left = j;
    if (!g->placed || j > g->right)
        g->right = j;
    g->placed++;
}

/* The legal cells of a tile of `glyph` and `colour`: open & allowed[glyph] & allowed[colour]. */
static inline __attribute__((always_inline)) int fits_count(const grid *g, int glyph, int colour, const int nw)
{
    int n = 0;
    for (int k = 0; k < nw; k++)
        n += __builtin_popcountll(g->open.w[k] & g->allowed[glyph].w[k] & g->allowed[colour].w[k]);
    return n;
}

/* The cell of the `k`-th legal cell (from 0, reading order) of a tile. */
static inline __attribute__((always_inline)) int nth_fit(const grid *g, int glyph, int colour, int k, const int nw)
{
    for (int w = 0; w < nw; w++) {
        uint64_t fits = g->open.w[w] & g->allowed[glyph].w[w] & g->allowed[colour].w[w];
        int here = __builtin_popcountll(fits);
        if (k < here) {
            while (k--)
                fits &= fits - 1;
            return 64 * w + __builtin_ctzll(fits);
        }
        k -= here;
    }
    return -1;
}

static inline int nth_bit(uint64_t mask, int k)
{
    while (k--)
        mask &= mask - 1;
    return __builtin_ctzll(mask);
}

typedef struct {
    int loser, turns, full, supply_out;
} outcome;

static inline void record(int16_t *moves, int turn, int tile, int cell, const board *b, const grawlix_rules *r)
{
    if (!moves)
        return;
    moves[3 * turn] = (int16_t)tile;
    moves[3 * turn + 1] = (int16_t)(cell / b->width - r->reach_rows);
    moves[3 * turn + 2] = (int16_t)(cell % b->width - r->reach_columns);
}

static inline int is_full(const grid *g, const grawlix_rules *r)
{
    return g->bottom - g->top + 1 == r->max_rows && g->right - g->left + 1 == r->max_columns;
}

/* engine.random_game: the draft, then Game._play_randomly, every draw in the same order. */
static inline __attribute__((always_inline)) outcome random_game(const grawlix_rules *r, const board *b, grid *g,
                                                                 mt_state *mt, int16_t *moves, const int nw)
{
    int supply[MAX_TILES], hands[2][MAX_TILES], sizes[2] = {0, 0};
    int left = r->tiles;
    for (int t = 0; t < left; t++)
        supply[t] = t;
    for (int turn = 0; turn < 2 * r->hand_size; turn++) {
        int k = (int)mt_below(mt, (uint32_t)left);
        left--;
        hands[turn & 1][sizes[turn & 1]++] = supply[k];
        supply[k] = supply[left];
    }
    empty_grid(g, b, r->kinds, nw);
    int *hand = hands[0], *other = hands[1], *hand_size = &sizes[0], *other_size = &sizes[1];
    int n = (int)mt_below(mt, (uint32_t)*hand_size);
    int first = r->reach_rows * b->width + r->reach_columns;
    put(g, b, first, r->glyph[hand[n]], r->colour[hand[n]], nw);
    record(moves, 0, hand[n], first, b, r);
    int turns = 1;
    for (;;) {
        if (left) { /* draft a supply tile into the played one's place */
            int k = (int)mt_below(mt, (uint32_t)left);
            left--;
            hand[n] = supply[k];
            supply[k] = supply[left];
        } else { /* the played tile leaves the hand, the others keep their order */
            memmove(&hand[n], &hand[n + 1], sizeof(int) * (size_t)(*hand_size - n - 1));
            (*hand_size)--;
        }
        int *swap = hand;
        hand = other;
        other = swap;
        int *swap_size = hand_size;
        hand_size = other_size;
        other_size = swap_size;
        int counts[MAX_TILES], total = 0;
        for (int t = 0; t < *hand_size; t++)
            total += counts[t] = fits_count(g, r->glyph[hand[t]], r->colour[hand[t]], nw);
        if (!total)
            break;
        int k = (int)mt_below(mt, (uint32_t)total);
        for (n = 0; k >= counts[n]; n++)
            k -= counts[n];
        int tile = hand[n];
        int cell = nth_fit(g, r->glyph[tile], r->colour[tile], k, nw);
        put(g, b, cell, r->glyph[tile], r->colour[tile], nw);
        record(moves, turns, tile, cell, b, r);
        turns++;
    }
    outcome o = {turns & 1, turns, is_full(g, r), left == 0};
    return o;
}

/* --- the players through the game's rules (players.py's RandomPlayer and GreedyPlayer) --- */

typedef struct {
    int cell, tile, score;
} move;

/* Game.legal_moves: by location in reading order, then tile; (0, 0) for each tile on an empty grid. */
static inline __attribute__((always_inline)) int legal_moves(const grid *g, const grawlix_rules *r, const board *b,
                                                             uint64_t hand, move *found, const int nw)
{
    int count = 0;
    if (!g->placed) {
        for (uint64_t h = hand; h; h &= h - 1)
            found[count++] = (move){r->reach_rows * b->width + r->reach_columns, __builtin_ctzll(h), 0};
        return count;
    }
    for (int w = 0; w < nw; w++)
        for (uint64_t open = g->open.w[w]; open; open &= open - 1) {
            int bit = __builtin_ctzll(open), cell = 64 * w + bit;
            for (uint64_t h = hand; h; h &= h - 1) {
                int t = __builtin_ctzll(h);
                if ((g->allowed[r->glyph[t]].w[w] & g->allowed[r->colour[t]].w[w]) >> bit & 1)
                    found[count++] = (move){cell, t, 0};
            }
        }
    return count;
}

/* Placements of the tiles of `hand` on the grid after a tile of `glyph` and `colour` goes at
 * `cell` (Grid.placements on the grid after), without making that grid: only two `allowed`
 * sets change, and `open` becomes `after_open`. */
static inline __attribute__((always_inline)) int placements_after(const grid *g, const grawlix_rules *r,
                                                                  const cells *after_open, const cells *clear,
                                                                  int glyph, int colour, uint64_t hand,
                                                                  const int nw)
{
    int n = 0;
    for (; hand; hand &= hand - 1) {
        int t = __builtin_ctzll(hand), tg = r->glyph[t], tc = r->colour[t];
        int touched = tg == glyph || tc == colour;
        for (int k = 0; k < nw; k++) {
            uint64_t fits = after_open->w[k] & g->allowed[tg].w[k] & g->allowed[tc].w[k];
            n += __builtin_popcountll(touched ? fits & clear->w[k] : fits);
        }
    }
    return n;
}

/* GreedyPlayer's score of each move (players._greedy_scores); returns the best score. */
static inline __attribute__((always_inline)) int greedy_scores(const grid *g, const grawlix_rules *r,
                                                               const board *b, uint64_t hand, uint64_t theirs,
                                                               move *moves, int count, const int nw)
{
    int best = -0x7fffffff;
    for (int m = 0; m < count; m++) {
        int cell = moves[m].cell, tile = moves[m].tile;
        int glyph = r->glyph[tile], colour = r->colour[tile];
        cells after;
        for (int k = 0; k < nw; k++)
            after.w[k] = (g->open.w[k] | b->near[cell].w[k]) & g->reach.w[k] & b->reach[cell].w[k];
        int their = placements_after(g, r, &after, &b->clear[cell], glyph, colour, theirs, nw);
        int score = SHUT_OUT;
        if (their)
            score = placements_after(g, r, &after, &b->clear[cell], glyph, colour,
                                     hand & ~((uint64_t)1 << tile), nw) - their;
        moves[m].score = score;
        if (score > best)
            best = score;
    }
    return best;
}

typedef struct {
    grid g;
    uint64_t supply, hands[2];
    int to_move;
} game;

/* GreedyPlayer.draft: the supply tile whose glyph and colour the hand holds least (ties at random). */
static int greedy_draft(const game *s, const grawlix_rules *r, mt_state *mt)
{
    int shared[MAX_TILES], least = 0x7fffffff, ties = 0;
    uint64_t hand = s->hands[s->to_move];
    for (uint64_t sup = s->supply; sup; sup &= sup - 1) {
        int t = __builtin_ctzll(sup), n = 0;
        for (uint64_t h = hand; h; h &= h - 1) {
            int u = __builtin_ctzll(h);
            n += (r->glyph[u] == r->glyph[t]) + (r->colour[u] == r->colour[t]);
        }
        shared[t] = n;
        if (n < least)
            least = n, ties = 0;
        if (n == least)
            ties++;
    }
    int k = (int)mt_below(mt, (uint32_t)ties);
    for (uint64_t sup = s->supply; sup; sup &= sup - 1) {
        int t = __builtin_ctzll(sup);
        if (shared[t] == least && k-- == 0)
            return t;
    }
    return -1;
}

/* The supply tile that fits the most locations of the grid (ties at random): greedy's refill. */
static inline __attribute__((always_inline)) int greedy_refill(const grid *g, const grawlix_rules *r, uint64_t supply,
                                                               mt_state *mt, const int nw)
{
    int counts[MAX_TILES], top = -1, ties = 0;
    for (uint64_t sup = supply; sup; sup &= sup - 1) {
        int t = __builtin_ctzll(sup);
        int n = counts[t] = fits_count(g, r->glyph[t], r->colour[t], nw);
        if (n > top)
            top = n, ties = 0;
        if (n == top)
            ties++;
    }
    int k = (int)mt_below(mt, (uint32_t)ties);
    for (uint64_t sup = supply; sup; sup &= sup - 1) {
        int t = __builtin_ctzll(sup);
        if (counts[t] == top && k-- == 0)
            return t;
    }
    return -1;
}

/* players.GrawlixPlaytester._played for random and greedy players: each chooses, the game applies. */
static inline __attribute__((always_inline)) outcome played(const grawlix_rules *r, const board *b, game *s,
                                                            const int32_t *players, mt_state *mt,
                                                            int16_t *moves_out, move *moves, const int nw)
{
    s->supply = r->tiles == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->tiles) - 1;
    s->hands[0] = s->hands[1] = 0;
    s->to_move = 0;
    empty_grid(&s->g, b, r->kinds, nw);
    for (int drafted = 0; drafted < 2 * r->hand_size; drafted++) {
        int t;
        if (players[s->to_move] == GREEDY)
            t = greedy_draft(s, r, mt);
        else
            t = nth_bit(s->supply, (int)mt_below(mt, (uint32_t)__builtin_popcountll(s->supply)));
        s->supply &= ~((uint64_t)1 << t);
        s->hands[s->to_move] |= (uint64_t)1 << t;
        s->to_move ^= 1;
    }
    int turns = 0;
    for (;;) {
        uint64_t hand = s->hands[s->to_move];
        int count = legal_moves(&s->g, r, b, hand, moves, nw);
        if (!count)
            break;
        move chosen;
        int refill = -1;
        if (players[s->to_move] == GREEDY) {
            int best = greedy_scores(&s->g, r, b, hand, s->hands[1 - s->to_move], moves, count, nw);
            int ties = 0;
            for (int m = 0; m < count; m++)
                ties += moves[m].score == best;
            int k = (int)mt_below(mt, (uint32_t)ties);
            for (int m = 0;; m++)
                if (moves[m].score == best && k-- == 0) {
                    chosen = moves[m];
                    break;
                }
            put(&s->g, b, chosen.cell, r->glyph[chosen.tile], r->colour[chosen.tile], nw);
            if (s->supply)
                refill = greedy_refill(&s->g, r, s->supply, mt, nw);
        } else {
            chosen = moves[mt_below(mt, (uint32_t)count)];
            if (s->supply)
                refill = nth_bit(s->supply, (int)mt_below(mt, (uint32_t)__builtin_popcountll(s->supply)));
            put(&s->g, b, chosen.cell, r->glyph[chosen.tile], r->colour[chosen.tile], nw);
        }
        record(moves_out, turns, chosen.tile, chosen.cell, b, r);
        hand &= ~((uint64_t)1 << chosen.tile);
        if (refill >= 0) {
            s->supply &= ~((uint64_t)1 << refill);
            hand |= (uint64_t)1 << refill;
        }
        s->hands[s->to_move] = hand;
        s->to_move ^= 1;
        turns++;
    }
    outcome o = {s->to_move, turns, turns ? is_full(&s->g, r) : 0, s->supply == 0};
    return o;
}

typedef struct {
    const grawlix_rules *rules;
    const int32_t *players;
    int32_t count;
    mt_state *mt;
    uint8_t *loser;
    int32_t *length;
    uint8_t *full, *supply_out;
    int16_t *moves; /* count x tiles x (tile, row, column), or NULL */
} request;

static inline __attribute__((always_inline)) void play_all(const request *q, const board *b, void *space, const int nw)
{
    const grawlix_rules *r = q->rules;
    int fast = q->players[0] == RANDOM && q->players[1] == RANDOM;
    game *s = space;
    move *moves = (move *)(s + 1);
    for (int32_t n = 0; n < q->count; n++) {
        int16_t *history = q->moves ? q->moves + (size_t)n * 3 * (size_t)r->tiles : NULL;
        outcome o = fast ? random_game(r, b, &s->g, q->mt, history, nw)
                         : played(r, b, s, q->players, q->mt, history, moves, nw);
        q->loser[n] = (uint8_t)o.loser;
        q->length[n] = o.turns;
        q->full[n] = (uint8_t)o.full;
        q->supply_out[n] = (uint8_t)o.supply_out;
    }
}

/* Every game of a request, in one function built with and without POPCNT (BIT_COUNTING). The
 * board's words are a run-time count: a version per count played 5-10 % faster but took three
 * times as long to compile, which a user waits for once. */
BIT_COUNTING static void play_any(const request *q, const board *b, void *space)
{
    play_all(q, b, space, b->words);
}

/* `count` games of `players` (RANDOM or GREEDY, by seat) under `rules`, drawing from `mt`.
 * Returns 0, or -1 when the rules do not fit this engine (the caller plays them in Python). */
int grawlix_games(const grawlix_rules *rules, const int32_t *players, int32_t count, mt_state *mt, uint8_t *loser,
                  int32_t *length, uint8_t *full, uint8_t *supply_out, int16_t *moves)
{
    const grawlix_rules *r = rules;
    long cells_needed = (2L * r->reach_rows + 1) * (2L * r->reach_columns + 1);
    if (r->tiles < 2 || r->tiles > MAX_TILES || r->kinds > MAX_KINDS || cells_needed > MAX_CELLS ||
        r->reach_rows < 0 || r->reach_columns < 0 || 2 * r->hand_size > r->tiles || r->hand_size < 1)
        return -1;
    for (int p = 0; p < 2; p++)
        if (players[p] != RANDOM && players[p] != GREEDY)
            return -1;
    board *b = malloc(sizeof *b);
    void *space = malloc(sizeof(game) + sizeof(move) * MAX_TILES * MAX_CELLS);
    if (!b || !space) {
        free(b);
        free(space);
        return -1;
    }
    lay_board(b, r);
    request q = {rules, players, count, mt, loser, length, full, supply_out, moves};
    play_any(&q, b, space);
    free(b);
    free(space);
    return 0;
}
