/* Python's own random numbers in C: the Mersenne Twister (MT19937) as CPython's random.Random
 * runs it, carried over from Python and back (grawlix_print/native/__init__.py), so a compiled
 * engine draws exactly the numbers the pure-Python engine would draw from the same generator.
 *
 * The state is CPython's: 624 words and the index of the next word (random.getstate()[1]).
 * mt_bits(k) is random.getrandbits(k) for 1 <= k <= 32 (the top k bits of one word), and
 * mt_below(n) is random.Random._randbelow(n): k = n.bit_length() bits, drawn again while >= n,
 * which choice(), randrange(n) and shuffle() all use.
 */
#ifndef GRAWLIX_MT19937_H
#define GRAWLIX_MT19937_H

#include <stdint.h>

#define MT_WORDS 624
#define MT_SHIFT 397

typedef struct {
    uint32_t word[MT_WORDS];
    uint32_t next; /* index of the next word to temper; MT_WORDS: refill first */
} mt_state;

/* Refill all 624 words at once (the generator's recurrence), as the algorithm does every 624 draws. */
static inline uint32_t mt_twist(uint32_t upper, uint32_t lower, uint32_t far)
{
    uint32_t joined = (upper & 0x80000000u) | (lower & 0x7fffffffu);
    return far ^ (joined >> 1) ^ (joined & 1u ? 0x9908b0dfu : 0u);
}

static void mt_refill(mt_state *mt)
{
    uint32_t *w = mt->word;
    int k = 0;
    for (; k < MT_WORDS - MT_SHIFT; k++)
        w[k] = mt_twist(w[k], w[k + 1], w[k + MT_SHIFT]);
    for (; k < MT_WORDS - 1; k++)
        w[k] = mt_twist(w[k], w[k + 1], w[k + MT_SHIFT - MT_WORDS]);
    w[k] = mt_twist(w[k], w[0], w[MT_SHIFT - 1]);
    mt->next = 0;
}

static inline uint32_t mt_word(mt_state *mt)
{
    if (mt->next >= MT_WORDS)
        mt_refill(mt);
    uint32_t y = mt->word[mt->next++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static inline int mt_bit_length(uint32_t n)
{
    return n ? 32 - __builtin_clz(n) : 0;
}

/* random.getrandbits(k), 1 <= k <= 32 */
static inline uint32_t mt_bits(mt_state *mt, int k)
{
    return mt_word(mt) >> (32 - k);
}

/* random.Random._randbelow(n) for n >= 1: uniform in [0, n) */
static inline uint32_t mt_below(mt_state *mt, uint32_t n)
{
    int k = mt_bit_length(n);
    uint32_t r = mt_bits(mt, k);
    while (r >= n)
        r = mt_bits(mt, k);
    return r;
}

/* The first `count` words from `mt`, for the check that this is Python's generator. */
int mt_words(mt_state *mt, uint32_t *out, int count)
{
    for (int k = 0; k < count; k++)
        out[k] = mt_word(mt);
    return 0;
}

#endif
