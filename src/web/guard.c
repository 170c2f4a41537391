/* The guard on the web server's connections (see internal.h): deadlines for a whole request
 * and its reply, and caps per address and in all that slow senders cannot fill.
 *
 * libmicrohttpd's own timeout counts only idle time, so a client sending a byte every few
 * seconds kept its connection for ever, and enough of them took every place. The guard keeps
 * its own list of the connections (the library's connection notices add and remove them) and a
 * thread that closes, by shutting their socket down, those past their deadline; the library
 * then sees the end and cleans up as for any client that left. The library tells of a
 * connection's end before closing its socket, and both happen under the guard's lock here, so
 * a socket is never shut down after its number was given to another. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/log.h"
#include "util/xmalloc.h"
#include "web/internal.h"

struct web_conn {
    struct web_conn *prev, *next;
    int fd;
    unsigned char group[16]; /* its address's group: an IPv4 address or an IPv6 /64 */
    int64_t since_ms;        /* the start of its current wait (for headers, or for the reply) */
    bool busy;               /* answering a request */
    bool gone;               /* told to go (shut down): the library will close it */
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The group an address counts in: IPv4 alone (also as IPv4-mapped IPv6), IPv6 by its /64,
 * which one subscriber usually holds whole. */
static void group_of(const struct sockaddr *addr, unsigned char out[16])
{
    memset(out, 0, 16);
    if (!addr)
        return;
    if (addr->sa_family == AF_INET) {
        memcpy(out + 12, &((const struct sockaddr_in *)addr)->sin_addr, 4);
        out[10] = out[11] = 0xff;
    } else if (addr->sa_family == AF_INET6) {
        const unsigned char *a = ((const struct sockaddr_in6 *)addr)->sin6_addr.s6_addr;
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        memcpy(out, a, memcmp(a, mapped, 12) == 0 ? 16 : 8);
    }
}

/* Tell c to go: the library sees its socket end. Under the lock. */
static void shut(struct web_guard *g, struct web_conn *c)
{
    if (c->gone)
        return;
    shutdown(c->fd, SHUT_RDWR);
    c->gone = true;
    g->live--;
}

/* The oldest connection waiting for headers (of group, when not NULL), or NULL. */
static struct web_conn *oldest_waiting(struct web_guard *g, const unsigned char *group)
{
    for (struct web_conn *c = g->head; c; c = c->next)
        if (!c->gone && !c->busy && (!group || memcmp(c->group, group, 16) == 0))
            return c;
    return NULL;
}

int web_guard_accept(struct web_guard *g, const struct sockaddr *addr, socklen_t len)
{
    (void)len;
    unsigned char group[16];
    group_of(addr, group);
    pthread_mutex_lock(&g->lock);
    unsigned same = 0;
    for (struct web_conn *c = g->head; c; c = c->next)
        same += !c->gone && memcmp(c->group, group, 16) == 0;
    bool ok = true;
    struct web_conn *victim;
    if (same >= g->lim.per_address) {
        if ((victim = oldest_waiting(g, group))) {
            shut(g, victim);
            g->evicted++;
        } else {
            ok = false;
        }
    }
    if (ok && g->live >= g->lim.connections) {
        if ((victim = oldest_waiting(g, NULL))) {
            shut(g, victim);
            g->evicted++;
        } else {
            ok = false;
        }
    }
    if (!ok)
        g->refused++;
    pthread_mutex_unlock(&g->lock);
    return ok;
}

void web_guard_started(struct web_guard *g, int fd, const struct sockaddr *addr,
                       void **socket_context)
{
    struct web_conn *c = xcalloc(1, sizeof *c);
    c->fd = fd;
    group_of(addr, c->group);
    c->since_ms = now_ms();
    pthread_mutex_lock(&g->lock);
    c->prev = g->tail;
    if (g->tail)
        g->tail->next = c;
    else
        g->head = c;
    g->tail = c;
    g->live++;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->lock);
    *socket_context = c;
}

void web_guard_closed(struct web_guard *g, void **socket_context)
{
    struct web_conn *c = *socket_context;
    if (!c)
        return;
    pthread_mutex_lock(&g->lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        g->head = c->next;
    if (c->next)
        c->next->prev = c->prev;
    else
        g->tail = c->prev;
    if (!c->gone)
        g->live--;
    pthread_mutex_unlock(&g->lock);
    free(c);
    *socket_context = NULL;
}

void web_guard_busy(struct web_guard *g, void *socket_context, bool busy)
{
    struct web_conn *c = socket_context;
    if (!c)
        return;
    pthread_mutex_lock(&g->lock);
    c->busy = busy;
    c->since_ms = now_ms();
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->lock);
}

/* Close the connections past their deadline; the time of the next deadline (INT64_MAX: none).
 * Under the lock. */
static int64_t reap(struct web_guard *g, int64_t now)
{
    int64_t next = INT64_MAX;
    for (struct web_conn *c = g->head; c; c = c->next) {
        if (c->gone)
            continue;
        int64_t due = c->since_ms + (c->busy ? g->lim.reply_ms : g->lim.request_ms);
        if (due <= now) {
            shut(g, c);
            g->closed_late++;
        } else if (due < next) {
            next = due;
        }
    }
    return next;
}

static void *guard_main(void *arg)
{
    struct web_guard *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stop) {
        int64_t next = reap(g, now_ms());
        if (next == INT64_MAX) {
            pthread_cond_wait(&g->wake, &g->lock);
            continue;
        }
        /* The condition variable waits on CLOCK_MONOTONIC (web_guard_init). */
        struct timespec ts = {.tv_sec = (time_t)(next / 1000),
                              .tv_nsec = (long)(next % 1000) * 1000000};
        pthread_cond_timedwait(&g->wake, &g->lock, &ts);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

void web_guard_init(struct web_guard *g, const struct web_limits *lim)
{
    memset(g, 0, sizeof *g);
    g->lim = *lim;
    pthread_mutex_init(&g->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&g->wake, &attr);
    pthread_condattr_destroy(&attr);
}

bool web_guard_start(struct web_guard *g)
{
    g->running = pthread_create(&g->thread, NULL, guard_main, g) == 0;
    return g->running;
}

void web_guard_fini(struct web_guard *g)
{
    if (g->running) {
        pthread_mutex_lock(&g->lock);
        g->stop = true;
        pthread_cond_signal(&g->wake);
        pthread_mutex_unlock(&g->lock);
        pthread_join(g->thread, NULL);
    }
    /* The library has closed every connection by now (its stop comes first). */
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->lock);
}
