/* Name resolution off the main loop: getaddrinfo on a thread of its own, so that a slow DNS
 * server never holds up the other networks or the games.
 *
 * ircb_resolve_start() returns a job whose descriptor (ircb_resolve_fd) becomes readable when
 * the answer is in; ircb_resolve_take() then hands it over. ircb_resolve_free() may be called
 * at any time: a job still running is abandoned and frees itself when its thread ends. */
#ifndef BW_IRC_RESOLVE_H
#define BW_IRC_RESOLVE_H

#include <stddef.h>

struct addrinfo;
struct ircb_resolve;

/* Start resolving host:port (TCP, IPv4 and IPv6). NULL with the reason in err when no thread
 * could be started. */
struct ircb_resolve *ircb_resolve_start(const char *host, int port, char *err, size_t errsize);

/* Readable once the answer is in. */
int ircb_resolve_fd(const struct ircb_resolve *r);

/* After the descriptor was readable: the addresses (the caller's, for freeaddrinfo), or NULL
 * with the reason in err. NULL with "not yet" while the thread still runs. */
struct addrinfo *ircb_resolve_take(struct ircb_resolve *r, char *err, size_t errsize);

/* Free r, or leave a running thread to free it. */
void ircb_resolve_free(struct ircb_resolve *r);

/* What the thread calls to look a name up, getaddrinfo's signature; its result is freed with
 * freeaddrinfo. For tests (a resolver that takes its time): set before any lookup starts;
 * NULL puts getaddrinfo back. */
typedef int (*ircb_lookup_fn)(const char *host, const char *port, const struct addrinfo *hints,
                              struct addrinfo **res);
void ircb_resolve_set_lookup(ircb_lookup_fn fn);

#endif
