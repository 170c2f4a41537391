/* Seeded pseudo-random generator (xoshiro256**, seeded by splitmix64). Lives inside the game state.
 */
#ifndef BW_RNG_H
#define BW_RNG_H

#include <stdint.h>

struct bw_rng {
    uint64_t s[4];
};

void bw_rng_seed(struct bw_rng *r, uint64_t seed);
uint64_t bw_rng_next(struct bw_rng *r);
/* Uniform integer in [0, n); n > 0. */
uint32_t bw_rng_below(struct bw_rng *r, uint32_t n);
/* Fisher-Yates shuffle of n bytes. */
void bw_rng_shuffle_u8(struct bw_rng *r, uint8_t *a, int n);

#endif
