#include "engine/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void bw_rng_seed(struct bw_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

bool bw_rng_from_bytes(struct bw_rng *r, const unsigned char *bytes)
{
    uint64_t s[4] = {0};
    for (int i = 0; i < BW_RNG_BYTES; i++)
        s[i / 8] |= (uint64_t)bytes[i] << (8 * (i % 8));
    if (!(s[0] | s[1] | s[2] | s[3]))
        return false;
    for (int i = 0; i < 4; i++)
        r->s[i] = s[i];
    return true;
}

void bw_rng_shuffle_u8(struct bw_rng *r, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)bw_rng_below(r, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
