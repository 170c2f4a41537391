/* getaddrinfo on a detached thread; the job is shared until both sides let go of it. */
#define _GNU_SOURCE /* pipe2 */
#include "irc/resolve.h"

#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/xmalloc.h"

struct ircb_resolve {
    pthread_mutex_t lock;
    int refs; /* the thread and the caller */
    bool done, abandoned;
    int fds[2]; /* the thread writes one byte to fds[1] when done */
    char *host;
    char port[16];
    struct addrinfo *result;
    int rc;
};

static ircb_lookup_fn lookup = getaddrinfo;

void ircb_resolve_set_lookup(ircb_lookup_fn fn)
{
    lookup = fn ? fn : getaddrinfo;
}

static void job_release(struct ircb_resolve *r)
{
    pthread_mutex_lock(&r->lock);
    bool last = --r->refs == 0;
    pthread_mutex_unlock(&r->lock);
    if (!last)
        return;
    /* Both ends close only here, so the thread never writes to a pipe nobody reads. */
    close(r->fds[0]);
    close(r->fds[1]);
    if (r->result)
        freeaddrinfo(r->result);
    pthread_mutex_destroy(&r->lock);
    free(r->host);
    free(r);
}

static void *job_run(void *arg)
{
    struct ircb_resolve *r = arg;
    struct addrinfo hints = {
        .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_ADDRCONFIG};
    struct addrinfo *res = NULL;
    int rc = lookup(r->host, r->port, &hints, &res);
    pthread_mutex_lock(&r->lock);
    r->result = res;
    r->rc = rc;
    r->done = true;
    if (!r->abandoned) {
        ssize_t n = write(r->fds[1], "x", 1);
        (void)n; /* the pipe is empty: one byte always fits */
    }
    pthread_mutex_unlock(&r->lock);
    job_release(r);
    return NULL;
}

struct ircb_resolve *ircb_resolve_start(const char *host, int port, char *err, size_t errsize)
{
    struct ircb_resolve *r = xcalloc(1, sizeof *r);
    if (pipe2(r->fds, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(err, errsize, "cannot resolve the server: no pipe");
        free(r);
        return NULL;
    }
    pthread_mutex_init(&r->lock, NULL);
    r->host = xstrdup(host);
    snprintf(r->port, sizeof r->port, "%d", port);
    r->refs = 2;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t th;
    int rc = pthread_create(&th, &attr, job_run, r);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        snprintf(err, errsize, "cannot resolve the server: no thread (%s)", strerror(rc));
        r->refs = 1;
        job_release(r);
        return NULL;
    }
    return r;
}

int ircb_resolve_fd(const struct ircb_resolve *r)
{
    return r->fds[0];
}

struct addrinfo *ircb_resolve_take(struct ircb_resolve *r, char *err, size_t errsize)
{
    pthread_mutex_lock(&r->lock);
    struct addrinfo *res = NULL;
    if (!r->done) {
        snprintf(err, errsize, "not yet");
    } else if (r->rc != 0) {
        snprintf(err, errsize, "cannot resolve the server: %s", gai_strerror(r->rc));
    } else if (!r->result) {
        snprintf(err, errsize, "cannot resolve the server: no address");
    } else {
        res = r->result;
        r->result = NULL;
    }
    pthread_mutex_unlock(&r->lock);
    return res;
}

void ircb_resolve_free(struct ircb_resolve *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    r->abandoned = true;
    pthread_mutex_unlock(&r->lock);
    job_release(r);
}
