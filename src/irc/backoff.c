/* Reconnect waits; see backoff.h. */
#include "irc/backoff.h"

void ircb_backoff_init(struct ircb_backoff *b, uint64_t seed)
{
    b->delay_ms = IRCB_BACKOFF_MIN_MS;
    b->random = seed | 1;
}

void ircb_backoff_reset(struct ircb_backoff *b)
{
    b->delay_ms = IRCB_BACKOFF_MIN_MS;
}

static uint64_t next_random(struct ircb_backoff *b)
{
    /* xorshift64*: enough to spread reconnect times */
    b->random ^= b->random >> 12;
    b->random ^= b->random << 25;
    b->random ^= b->random >> 27;
    return b->random * 2685821657736338717ull;
}

int64_t ircb_backoff_next(struct ircb_backoff *b)
{
    int delay = b->delay_ms;
    int64_t wait = delay + (int64_t)(next_random(b) % (uint64_t)(delay / 4 + 1));
    b->delay_ms = delay > IRCB_BACKOFF_MAX_MS / 2 ? IRCB_BACKOFF_MAX_MS : delay * 2;
    return wait;
}
