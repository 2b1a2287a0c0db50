/* An independent simulator of random Grawlix play, for the benchmark only (not shipped code).
 *
 * Written apart from the engine (no shared code, its own generator) to say how fast random games
 * can go on this machine: 36 tiles (6 glyphs x 6 colours), hands of 4, a grid of at most 6 x 6.
 * Each player drafts 4 tiles at random; a turn plays a (tile in hand, legal cell) pair chosen
 * uniformly among all legal ones (the first tile at the centre), then draws a random supply tile;
 * whoever cannot play loses. The board is an 11 x 11 window around the first tile, 121 cells in a
 * 128-bit integer. Prints games per second and the distribution of game lengths (tiles placed).
 *
 *     cc -O2 -march=native -o grawlix_sim grawlix_sim.c && ./grawlix_sim GAMES SEED
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef unsigned __int128 board;
#define SIDE 11
#define ONE ((board)1)

static uint64_t state[4];

static uint64_t next(void) /* xoshiro256** */
{
    uint64_t result = ((state[1] * 5) << 7 | (state[1] * 5) >> 57) * 9, t = state[1] << 17;
    state[2] ^= state[0], state[3] ^= state[1], state[1] ^= state[2], state[0] ^= state[3];
    state[2] ^= t, state[3] = state[3] << 45 | state[3] >> 19;
    return result;
}

static unsigned below(unsigned n) { return (unsigned)(((next() >> 32) * (uint64_t)n) >> 32); }

static int count(board b) { return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64)); }

static board row_of[SIDE], column_of[SIDE], all, no_left, no_right;

static int pick_cell(board cells, int k) /* the k-th cell of a board, lowest first */
{
    uint64_t low = (uint64_t)cells, high = (uint64_t)(cells >> 64);
    int in_low = __builtin_popcountll(low);
    uint64_t w = k < in_low ? low : high;
    for (int skip = k < in_low ? k : k - in_low; skip; skip--)
        w &= w - 1;
    return __builtin_ctzll(w) + (k < in_low ? 0 : 64);
}

static int play(int *length)
{
    int supply[36], left = 36, hand[2][4], held[2] = {0, 0};
    for (int t = 0; t < 36; t++)
        supply[t] = t;
    for (int d = 0; d < 8; d++) {
        int k = (int)below((unsigned)left);
        hand[d & 1][held[d & 1]++] = supply[k];
        supply[k] = supply[--left];
    }
    board tiles = 0, blocked[12] = {0}; /* blocked[g]: cells whose row or column holds glyph or colour g */
    int top = SIDE, bottom = -1, leftmost = SIDE, rightmost = -1, placed = 0, player = 0;
    for (;;) {
        board open;
        if (!tiles) {
            open = ONE << (5 * SIDE + 5);
        } else {
            board near = (tiles << SIDE) | (tiles >> SIDE) | ((tiles << 1) & no_left) | ((tiles >> 1) & no_right);
            board span = 0;
            for (int r = bottom - 5; r <= top + 5; r++)
                if (r >= 0 && r < SIDE)
                    span |= row_of[r];
            board columns = 0;
            for (int c = rightmost - 5; c <= leftmost + 5; c++)
                if (c >= 0 && c < SIDE)
                    columns |= column_of[c];
            open = near & ~tiles & span & columns & all;
        }
        board fits[4];
        int counts[4], total = 0;
        for (int h = 0; h < held[player]; h++) {
            int t = hand[player][h];
            fits[h] = open & ~blocked[t % 6] & ~blocked[6 + t / 6];
            total += counts[h] = count(fits[h]);
        }
        if (!total)
            break;
        int k = (int)below((unsigned)total), h = 0;
        while (k >= counts[h])
            k -= counts[h++];
        int cell = pick_cell(fits[h], k), r = cell / SIDE, c = cell % SIDE, t = hand[player][h];
        tiles |= ONE << cell;
        blocked[t % 6] |= row_of[r] | column_of[c];
        blocked[6 + t / 6] |= row_of[r] | column_of[c];
        top = r < top ? r : top, bottom = r > bottom ? r : bottom;
        leftmost = c < leftmost ? c : leftmost, rightmost = c > rightmost ? c : rightmost;
        placed++;
        if (left) {
            int s = (int)below((unsigned)left);
            hand[player][h] = supply[s];
            supply[s] = supply[--left];
        } else {
            hand[player][h] = hand[player][--held[player]];
        }
        player ^= 1;
    }
    *length = placed;
    return player; /* the loser */
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 1000000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], 0, 10) : 1;
    for (int k = 0; k < 4; k++) { /* splitmix64 fills the generator's state */
        uint64_t z = (seed += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        state[k] = z ^ (z >> 31);
    }
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c < SIDE; c++) {
            row_of[r] |= ONE << (r * SIDE + c);
            column_of[c] |= ONE << (r * SIDE + c);
        }
    all = (ONE << (SIDE * SIDE)) - 1;
    no_left = all & ~column_of[0];          /* after a shift left, nothing lands in column 0 */
    no_right = all & ~column_of[SIDE - 1];  /* after a shift right, nothing in the last column */
    long lengths[37] = {0}, first_wins = 0;
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a); /* the time this process ran: one core */
    for (long g = 0; g < games; g++) {
        int length;
        first_wins += play(&length) == 1;
        lengths[length]++;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    double seconds = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    printf("games %ld seconds %.4f games_per_second %.0f first_player_wins %ld\nlengths", games, seconds,
           (double)games / seconds, first_wins);
    for (int n = 0; n <= 36; n++)
        printf(" %ld", lengths[n]);
    printf("\n");
    return 0;
}
