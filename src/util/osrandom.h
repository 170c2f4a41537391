/* Random bytes from the operating system (getrandom(2)), for what must not be guessed: the
 * generators that deal each game's board, cards and dice. */
#ifndef BW_UTIL_OSRANDOM_H
#define BW_UTIL_OSRANDOM_H

#include <stddef.h>
#include <sys/types.h>

/* Fill buf with n bytes from the operating system's random source. A read cut short or
 * interrupted by a signal is continued; it blocks only before the kernel's pool is first
 * ready (early in boot). 0; or -1 with the reason in why (whylen bytes, always terminated),
 * and buf's contents then unspecified: the caller must not fall back to anything weaker. */
int os_random(void *buf, size_t n, char *why, size_t whylen);

/* What os_random() reads with: getrandom(2)'s signature. For tests (a source that fails, is
 * interrupted or returns a few bytes at a time); NULL puts getrandom back. */
typedef ssize_t (*os_random_fn)(void *buf, size_t n, unsigned flags);
void os_random_set_source(os_random_fn fn);

#endif
