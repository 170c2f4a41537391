/* Seeded pseudo-random generator (xoshiro256**, seeded by splitmix64). Lives inside the game state.
 */
#ifndef BW_RNG_H
#define BW_RNG_H

#include <stdbool.h>
#include <stdint.h>

struct bw_rng {
    uint64_t s[4];
};

/* The whole state from a 64-bit seed (repeatable: the same seed, the same numbers). */
void bw_rng_seed(struct bw_rng *r, uint64_t seed);

/* The whole state from BW_RNG_BYTES bytes (from the operating system's random source: every
 * state equally likely), as four little-endian words. false, with r untouched, for all zero
 * bytes: xoshiro never leaves that state (a source returning nothing but zeros is broken). */
#define BW_RNG_BYTES 32
bool bw_rng_from_bytes(struct bw_rng *r, const unsigned char *bytes);

/* Inline: random playouts draw several numbers per move. */
static inline uint64_t bw_rng_next(struct bw_rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform integer in [0, n); n > 0. Lemire's multiply-shift with rejection: unbiased. */
static inline uint32_t bw_rng_below(struct bw_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(bw_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)-n % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(bw_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Fisher-Yates shuffle of n bytes. */
void bw_rng_shuffle_u8(struct bw_rng *r, uint8_t *a, int n);

#endif
