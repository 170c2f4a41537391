/* Growing arrays of figures and their quantiles, for the benchmarks that print distributions. */
#ifndef BW_BENCH_SAMPLES_H
#define BW_BENCH_SAMPLES_H

#include <stddef.h>
#include <stdlib.h>

#include "util/xmalloc.h"

#include "bench_time.h"

struct samples {
    double *v;
    size_t n, cap;
};

static inline void add_sample(struct samples *s, double x)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->v = xreallocarray(s->v, s->cap, sizeof *s->v);
    }
    s->v[s->n++] = x;
}

/* The value at fraction q (0..1) of the sorted figures; 0 when there are none. */
static inline double quantile(const struct samples *s, double q)
{
    if (!s->n)
        return 0;
    size_t i = (size_t)((double)s->n * q);
    return s->v[i < s->n ? i : s->n - 1];
}

static inline void sort_samples(struct samples *s)
{
    qsort(s->v, s->n, sizeof *s->v, by_value);
}

#endif
