/* What the benchmarks share: a monotonic clock in seconds and an order for qsort. */
#ifndef BW_BENCH_TIME_H
#define BW_BENCH_TIME_H

#include <time.h>

static inline double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* qsort order of doubles, smallest first. */
static inline int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
