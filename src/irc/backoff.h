/* The wait between connection attempts: 5 s, doubling to 5 min; each wait grows by up to a
 * quarter at random so that many bots cut off together do not come back together. Pure: the
 * state is the caller's, and the random numbers come from it too. */
#ifndef BW_IRC_BACKOFF_H
#define BW_IRC_BACKOFF_H

#include <stdint.h>

#define IRCB_BACKOFF_MIN_MS 5000
#define IRCB_BACKOFF_MAX_MS 300000

struct ircb_backoff {
    int delay_ms;    /* the wait before the next attempt, without the jitter */
    uint64_t random; /* xorshift64* state, never 0 */
};

/* Start at the shortest wait; seed picks the jitter's sequence (any value, 0 too). */
void ircb_backoff_init(struct ircb_backoff *b, uint64_t seed);

/* After a successful registration: the next wait is the shortest again. */
void ircb_backoff_reset(struct ircb_backoff *b);

/* How long to wait before the next attempt (delay_ms plus 0..25 % of it), and double the
 * delay for the one after, up to IRCB_BACKOFF_MAX_MS. */
int64_t ircb_backoff_next(struct ircb_backoff *b);

#endif
