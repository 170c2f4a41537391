/* A histogram of durations in microseconds with bounded memory: eight buckets per power of
 * two, so a quantile read back is within an eighth of the true value. For figures a running
 * program reports about itself (the time the bot takes per line). */
#ifndef BW_UTIL_HIST_H
#define BW_UTIL_HIST_H

#include <stdint.h>

#define HIST_BUCKETS (40 * 8)

struct hist {
    uint64_t count;
    uint32_t bucket[HIST_BUCKETS];
};

/* Count one value (microseconds; negative counts as 0). */
void hist_add(struct hist *h, int64_t us);

/* The value below which a fraction q (0..1) of the counted values lie, rounded up to its
 * bucket's upper end; 0 when nothing was counted. */
int64_t hist_quantile(const struct hist *h, double q);

#endif
