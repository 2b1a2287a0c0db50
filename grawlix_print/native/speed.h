/* Counting bits fast where the processor can: on x86-64 with GCC, a function marked BIT_COUNTING
 * is built twice, with and without the POPCNT instruction, and the loader picks the one the
 * machine runs (the library may be built on one machine and used on another of the same kind). */
#ifndef GRAWLIX_SPEED_H
#define GRAWLIX_SPEED_H

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__)
#define BIT_COUNTING __attribute__((target_clones("popcnt", "default")))
#else
#define BIT_COUNTING
#endif

/* A helper of a BIT_COUNTING function, built into it (and so into each of its versions). */
#define HOT static inline __attribute__((always_inline))

#endif
