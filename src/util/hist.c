#include "util/hist.h"

/* Values below 8 have a bucket each; above, a power of two splits into eight. */
static int bucket_of(uint64_t v)
{
    if (v < 8)
        return (int)v;
    int e = 63 - __builtin_clzll(v); /* 3.. */
    int sub = (int)((v >> (e - 3)) & 7);
    int b = 8 + (e - 3) * 8 + sub;
    return b < HIST_BUCKETS ? b : HIST_BUCKETS - 1;
}

static int64_t upper_of(int b)
{
    if (b < 8)
        return b;
    int e = (b - 8) / 8 + 3, sub = (b - 8) % 8;
    return (int64_t)(((uint64_t)(8 + sub + 1) << (e - 3)) - 1);
}

void hist_add(struct hist *h, int64_t us)
{
    h->bucket[bucket_of(us < 0 ? 0 : (uint64_t)us)]++;
    h->count++;
}

int64_t hist_quantile(const struct hist *h, double q)
{
    if (!h->count)
        return 0;
    uint64_t want = (uint64_t)(q * (double)h->count);
    if (want >= h->count)
        want = h->count - 1;
    uint64_t seen = 0;
    for (int b = 0; b < HIST_BUCKETS; b++) {
        seen += h->bucket[b];
        if (seen > want)
            return upper_of(b);
    }
    return upper_of(HIST_BUCKETS - 1);
}
