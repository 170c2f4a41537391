/* What the web server's files share (private to src/web): the published copies (catalog.c)
 * and the guard on connections (guard.c). */
#ifndef BW_WEB_INTERNAL_H
#define BW_WEB_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "bot/bot.h"
#include "render/render.h"
#include "util/cimap.h"
#include "web/page.h"
#include "web/server.h"

/* ---- catalog.c: the published copies ----
 *
 * The bot's thread publishes immutable copies: a snap per lobby or game state, and after each
 * round a catalog, the list of the snaps of that round with an index by network and channel.
 * Both are reference-counted. The web thread takes a reference to the current catalog under
 * the server's lock (a pointer and a counter) and reads it without any lock: the bot never
 * waits for a page to be drawn, however many games there are. */

struct web_snap {
    atomic_uint refs;
    char key[64 + 1 + SESSION_CHAN_MAX + 1]; /* "NETWORK CHANNEL" (a network has no space) */
    char network[64];
    char channel[SESSION_CHAN_MAX + 1];
    struct session s;
    char recent[BOT_VIEW_RECENT][RENDER_LINE_MAX];
    const char *recent_ptr[BOT_VIEW_RECENT];
    struct web_game game; /* the above as the pages take it */
    uint64_t gen;
    /* Its live part and board, drawn once on demand, without and with the corner numbers
     * ([1]); guarded by the server's lock. */
    char *live[2], *svg[2];
    size_t live_len[2], svg_len[2];
    bool drawn[2];
};

struct web_catalog {
    atomic_uint refs;
    struct web_snap **snaps; /* in the order published */
    size_t n;
    struct cimap by_key; /* web_snap.key -> web_snap */
    /* The index page, drawn once on demand; guarded by the server's lock. */
    char *index;
    size_t index_len;
};

/* The snap of network and channel in c, or NULL. */
struct web_snap *web_catalog_find(const struct web_catalog *c, const char *network,
                                  const char *channel);
void web_catalog_release(struct web_catalog *c);

/* The bot thread's side of publishing (only it touches this). */
struct web_publishing {
    struct web_snap **next;
    size_t n_next, cap_next;
    bool changed; /* the round differs from the current catalog */
};

/* ---- guard.c: connections ----
 *
 * Every connection must bring its request's headers within request_ms of connecting (or of
 * its previous reply's end), and have its reply taken within reply_ms; the guard's thread
 * closes those that do not, however steadily they trickle. An address (an IPv4 address, or
 * an IPv6 /64) holds at most per_address connections and all together at most connections:
 * a newcomer over either cap closes the oldest connection still waiting for its headers (of
 * that address, or of any), so slow senders cannot keep anybody out; when every connection is
 * busy being answered, the newcomer is refused. */

struct web_limits {
    unsigned connections, per_address;
    unsigned request_ms, reply_ms;
    unsigned idle_s; /* no byte either way this long: closed (libmicrohttpd's timeout) */
};

struct web_conn;

struct web_guard {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool stop, running;
    struct web_limits lim;
    struct web_conn *head, *tail; /* oldest first */
    unsigned live;                /* not yet told to go */
    unsigned long closed_late, evicted, refused;
};

void web_guard_init(struct web_guard *g, const struct web_limits *lim);
/* Start its thread; false when it cannot. */
bool web_guard_start(struct web_guard *g);
void web_guard_fini(struct web_guard *g);
/* The library's hooks (cls is the guard). */
int web_guard_accept(struct web_guard *g, const struct sockaddr *addr, socklen_t len);
void web_guard_started(struct web_guard *g, int fd, const struct sockaddr *addr,
                       void **socket_context);
void web_guard_closed(struct web_guard *g, void **socket_context);
/* The connection's request has come whole (busy: true) or its reply is done (false). */
void web_guard_busy(struct web_guard *g, void *socket_context, bool busy);

/* ---- the server (server.c) ---- */
struct web_server {
    struct MHD_Daemon *daemon;
    int port;
    struct web_guard guard;
    /* Guards current, the drawn parts of snaps and catalogs, the leaderboard and stats: held
     * only to take a reference, copy or swap a pointer, never while drawing or sending. */
    pthread_mutex_t lock;
    struct web_catalog *current; /* never NULL; changed by the bot's thread alone */
    struct web_publishing pub;
    char *top;
    size_t top_len;
    uint64_t top_gen;
    struct web_stats stats;
};

/* The current catalog with a reference for the caller (web_catalog_release it). */
struct web_catalog *web_catalog_take(struct web_server *w);
/* An empty catalog, with one reference. */
struct web_catalog *web_catalog_new(void);
/* Drop the publishing round's leftovers (at stop). */
void web_publishing_fini(struct web_publishing *p);

#endif
