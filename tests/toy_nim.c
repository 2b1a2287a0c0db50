/* The toy Nim of playtest_toys.py in C: the third user of grawlix_print.native (a game's own C
 * file, built by the machine's compiler and drawing from Python's generator), so the seam is
 * exercised by something other than the two built-in games. Plays exactly Nim.play's games. */
#include <stdint.h>

#include "mt19937.h"

int nim_games(int32_t stones, int32_t players, int32_t dummies, const int32_t *strategies, int32_t count,
              mt_state *mt, int32_t *winner, int32_t *turns, int32_t *first_take)
{
    int seats = players + dummies;
    for (int g = 0; g < count; g++) {
        int left = stones, seat = 0, played = 0, first = -1;
        for (;;) {
            int most = left < 3 ? left : 3, take = 1; /* a dummy takes one */
            if (seat < players) {
                if (strategies[seat] == 0) /* random: randint(1, most) */
                    take = 1 + (int)mt_below(mt, (uint32_t)most);
                else if (strategies[seat] == 1) /* greedy */
                    take = most;
                else /* search: leave a multiple of four when it can */
                    take = left % 4 ? left % 4 : 1 + (int)mt_below(mt, (uint32_t)most);
            }
            if (first < 0)
                first = take;
            left -= take;
            played++;
            if (left == 0)
                break;
            seat = (seat + 1) % seats;
        }
        winner[g] = seat;
        turns[g] = played;
        first_take[g] = first;
    }
    return 0;
}
