/* The transport: loopback listener for libircclient, the connection to the server (resolve,
 * connect, TLS), line checks both ways, CAP and SASL, keepalive. */
#include "irc/transport.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "irc/line.h"
#include "irc/resolve.h"
#include "irc/tls.h"
#include "util/log.h"
#include "util/utf8.h"
#include "util/xmalloc.h"

/* The token of our keepalive PING; its PONG stays with the transport. */
#define PING_TOKEN "brickwood-keepalive"
/* Bytes read from the server in one round, so that one busy network cannot hold the loop. */
#define READ_ROUND (256 * 1024)
/* Refused lines logged as warnings per connection; the rest at debug level. */
#define DROPS_WARNED 20

static void fail(struct ircb_transport *t, const char *fmt, const char *detail)
{
    if (t->state == IRCB_T_CLOSED)
        return;
    snprintf(t->error, sizeof t->error, fmt, detail);
    t->state = IRCB_T_CLOSED;
}

static int set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* Lines are small and each should go at once: no waiting to fill a segment. */
static void no_delay(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

static void init(struct ircb_transport *t, const struct ircb_transport_opts *o, int64_t now)
{
    memset(t, 0, sizeof *t);
    t->listen_fd = t->lib_fd = t->up_fd = -1;
    t->name = xstrdup(o->name ? o->name : "irc");
    t->host = xstrdup(o->host);
    t->port = o->port;
    t->tls = o->tls;
    t->tls_verify = o->tls_verify;
    t->ca_file = dup_or_null(o->tls_ca_file);
    t->client_cert = dup_or_null(o->tls_client_cert);
    t->ping_interval_ms = o->ping_interval_ms > 0 ? o->ping_interval_ms : 30000;
    t->ping_timeout_ms = o->ping_timeout_ms > 0 ? o->ping_timeout_ms : 30000;
    t->lag_ms = -1;
    t->last_rx = now;
    /* The login settings are kept by the CAP state, which starts when the server is reached. */
    t->cap.state = IRCB_CAP_DONE;
    t->cap.net = t->name;
    if (o->sasl && o->sasl->mechanism != CONFIG_SASL_NONE) {
        t->cap.mech = o->sasl->mechanism;
        t->cap.user = dup_or_null(o->sasl->username);
        t->cap.pass = dup_or_null(o->sasl->password);
        t->cap.required = o->sasl->required;
    }
}

/* ---- lines from the server ---- */

static void dropped(struct ircb_transport *t, const char *why, const char *line, size_t len)
{
    enum log_level lv = ++t->dropped <= DROPS_WARNED ? LOG_LEVEL_WARN : LOG_LEVEL_DEBUG;
    if (!log_enabled(lv))
        return;
    char shown[81];
    utf8_sanitize_into(shown, sizeof shown, line, len < 80 ? len : 80);
    log_event(lv, &(struct log_fields){.network = t->name, .action = "drop_in"},
              "%s: dropped a line from the server (%s, %zu bytes): %s", t->name, why, len, shown);
}

/* A server that does not read what the bot sends is dropped before it costs memory. */
static void check_backlog(struct ircb_transport *t)
{
    if (t->up_out.len <= IRCB_UP_BACKLOG || t->state == IRCB_T_CLOSED)
        return;
    char why[96];
    snprintf(why, sizeof why, "%zu bytes for it waiting, over %d KiB", t->up_out.len,
             IRCB_UP_BACKLOG / 1024);
    t->unheard = true;
    fail(t, "the server does not read what the bot sends (%s)", why);
}

/* Whether a line from the library is a message to a channel (what is replayed after a lost
 * connection). */
static bool to_channel(const char *line, size_t len)
{
    size_t skip = len > 8 && memcmp(line, "PRIVMSG ", 8) == 0  ? 8
                  : len > 7 && memcmp(line, "NOTICE ", 7) == 0 ? 7
                                                               : 0;
    return skip && strchr("#&+!", line[skip]) != NULL;
}

/* Lines to channels still waiting in up_out (not yet written to the socket, or partly). */
static uint64_t chan_waiting(const struct ircb_transport *t)
{
    uint64_t n = 0;
    for (size_t start = 0, i = 0; i < t->up_out.len; i++) {
        if (t->up_out.buf[i] != '\n')
            continue;
        n += to_channel(t->up_out.buf + start, i - start);
        start = i + 1;
    }
    return n;
}

/* Queue one line (without CR LF) for the server, refusing what the server would not take. */
static void send_up(struct ircb_transport *t, const char *line, size_t len)
{
    if (t->state == IRCB_T_CLOSED)
        return;
    if (len + 2 > 512) {
        log_event(LOG_LEVEL_WARN, &(struct log_fields){.network = t->name, .action = "drop_out"},
                  "%s: dropped an outgoing line of %zu bytes", t->name, len + 2);
        return;
    }
    sb_append_len(&t->up_out, line, len);
    sb_append(&t->up_out, "\r\n");
    check_backlog(t);
}

/* Parameters libircclient keeps of a line; it drops the rest unseen. */
#define LIB_PARAMS 10

static void to_library(struct ircb_transport *t, const struct ircb_msg *m)
{
    char out[IRCB_LINE_MAX + 1];
    size_t n = ircb_msg_format(m, out, sizeof out);
    sb_append_len(&t->lib_out, out, n);
    sb_append(&t->lib_out, "\r\n");
}

/* An ISUPPORT line with more parameters than the library keeps would lose tokens (PREFIX,
 * CHANMODES: how channel modes read): it goes in pieces, each with the target, some tokens and
 * the closing text, none longer than the whole. */
static void pass_isupport(struct ircb_transport *t, const struct ircb_msg *m)
{
    unsigned last = m->nparams - 1, per = LIB_PARAMS - 2;
    for (unsigned first = 1; first < last; first += per) {
        struct ircb_msg piece = {
            .prefix = m->prefix, .command = m->command, .trailing = m->trailing};
        piece.params[piece.nparams++] = m->params[0];
        for (unsigned i = first; i < last && i < first + per; i++)
            piece.params[piece.nparams++] = m->params[i];
        piece.params[piece.nparams++] = m->params[last];
        to_library(t, &piece);
    }
}

static void flush_up(struct ircb_transport *t);

/* One whole line from the server (without CR LF): check it, keep what is ours, pass the rest. */
static void from_server(struct ircb_transport *t, const char *line, size_t len, int64_t now)
{
    t->last_rx = now;
    /* Usually all is written at once; only a backed-up socket needs the count. */
    t->chan_heard = t->chan_lines - (t->up_out.len ? chan_waiting(t) : 0);
    struct ircb_msg m;
    const char *why = ircb_msg_parse(&m, line, len);
    if (why) {
        /* Blank lines between messages are harmless and common; say nothing of them. */
        if (strcmp(why, "empty line") != 0)
            dropped(t, why, line, len);
        return;
    }
    if (ircb_cap_on_line(&t->cap, &m, now, &t->up_out)) {
        if (t->cap.state == IRCB_CAP_FAILED) {
            flush_up(t); /* the abort (AUTHENTICATE *) goes out before the connection closes */
            fail(t, "%s", t->cap.error);
        }
        return;
    }
    if (strcmp(m.command, "PONG") == 0 && m.nparams &&
        strcmp(m.params[m.nparams - 1], PING_TOKEN) == 0) {
        /* The server reads in order: whatever went before our PING has been read. */
        if (t->ping_sent) {
            t->lag_ms = now - t->ping_sent;
            t->chan_confirmed = t->ping_lines;
            t->ping_sent = 0;
        }
        return;
    }
    if (m.numeric == 1) {
        t->registered = true;
        ircb_cap_registered(&t->cap);
        if (t->cap.state == IRCB_CAP_FAILED) {
            fail(t, "%s", t->cap.error);
            return;
        }
    }
    if (m.numeric == 5 && m.nparams > LIB_PARAMS) {
        pass_isupport(t, &m);
        return;
    }
    to_library(t, &m);
}

void ircb_transport_feed(struct ircb_transport *t, const char *data, size_t len, int64_t now)
{
    while (len && t->state != IRCB_T_CLOSED) {
        const char *nl = memchr(data, '\n', len);
        if (t->skipping) {
            if (!nl)
                return;
            t->skipping = false;
            len -= (size_t)(nl + 1 - data);
            data = nl + 1;
            continue;
        }
        size_t piece = nl ? (size_t)(nl - data) : len;
        if (t->up_in.len + piece + (nl ? 1 : 0) > IRCB_RAW_LINE_MAX) {
            dropped(t, "over 8703 bytes", t->up_in.len ? sb_str(&t->up_in) : data,
                    t->up_in.len + piece);
            sb_reset(&t->up_in);
            t->skipping = !nl;
            len -= piece + (nl ? 1 : 0);
            data += piece + (nl ? 1 : 0);
            continue;
        }
        if (!nl) {
            sb_append_len(&t->up_in, data, len);
            return;
        }
        const char *line = data;
        size_t n = piece;
        if (t->up_in.len) {
            sb_append_len(&t->up_in, data, piece);
            line = t->up_in.buf;
            n = t->up_in.len;
        }
        if (n && line[n - 1] == '\r')
            n--;
        from_server(t, line, n, now);
        sb_reset(&t->up_in);
        len -= piece + 1;
        data = nl + 1;
    }
}

/* ---- the server's socket ---- */

/* Read from the server: bytes, 0 at the end, -1 nothing yet, -2 error (t->error). */
static ssize_t up_read(struct ircb_transport *t, char *buf, size_t n)
{
    if (t->tls_session) {
        char err[200];
        ssize_t r = ircb_tls_read(t->tls_session, buf, n, &t->tls_want, err, sizeof err);
        if (r == -2)
            fail(t, "%s", err);
        else if (r != -1)
            t->tls_want = 0;
        return r;
    }
    for (;;) {
        ssize_t r = read(t->up_fd, buf, n);
        if (r >= 0)
            return r;
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return -1;
        fail(t, "reading from the server failed: %s", strerror(errno));
        return -2;
    }
}

/* Write what up_out holds, as far as the socket takes it. */
static void flush_up(struct ircb_transport *t)
{
    size_t off = 0;
    while (t->state == IRCB_T_OPEN && t->up_fd >= 0 && off < t->up_out.len) {
        ssize_t n;
        if (t->tls_session) {
            char err[200];
            n = ircb_tls_write(t->tls_session, t->up_out.buf + off, t->up_out.len - off,
                               &t->tls_want, err, sizeof err);
            if (n == -2)
                fail(t, "%s", err);
            if (n < 0)
                break;
        } else {
            n = send(t->up_fd, t->up_out.buf + off, t->up_out.len - off, MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                break;
            if (n < 0) {
                fail(t, "writing to the server failed: %s", strerror(errno));
                break;
            }
        }
        off += (size_t)n;
    }
    if (off) {
        memmove(t->up_out.buf, t->up_out.buf + off, t->up_out.len - off);
        sb_truncate(&t->up_out, t->up_out.len - off);
    }
}

/* Write what lib_out holds to the library; false when its connection broke. */
static bool flush_lib(struct ircb_transport *t)
{
    size_t off = 0;
    bool ok = true;
    while (t->lib_fd >= 0 && off < t->lib_out.len) {
        ssize_t n = send(t->lib_fd, t->lib_out.buf + off, t->lib_out.len - off, MSG_NOSIGNAL);
        if (n > 0) {
            off += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        ok = n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
        break;
    }
    if (off) {
        memmove(t->lib_out.buf, t->lib_out.buf + off, t->lib_out.len - off);
        sb_truncate(&t->lib_out, t->lib_out.len - off);
    }
    return ok;
}

/* The server is reached (and TLS is up): CAP LS goes before anything the library queued, so
 * the server holds registration until CAP END. */
static void opened(struct ircb_transport *t, int64_t now)
{
    t->state = IRCB_T_OPEN;
    t->last_rx = now;
    struct strbuf early = t->up_out;
    sb_init(&t->up_out);
    struct config_sasl sasl = {.mechanism = t->cap.mech,
                               .username = t->cap.user,
                               .password = t->cap.pass,
                               .required = t->cap.required};
    struct ircb_cap old = t->cap;
    ircb_cap_start(&t->cap, t->name, &sasl, &t->up_out);
    ircb_cap_fini(&old);
    sb_append_len(&t->up_out, sb_str(&early), early.len);
    sb_fini(&early);
}

/* Start connecting to the next resolved address; false when none is left. */
static bool connect_next(struct ircb_transport *t, int64_t now)
{
    close_fd(&t->up_fd);
    while (t->addr_next) {
        struct addrinfo *ai = t->addr_next;
        t->addr_next = ai->ai_next;
        int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0)
            continue;
        if (set_nonblock(fd) == 0 &&
            (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 || errno == EINPROGRESS)) {
            no_delay(fd);
            t->up_fd = fd;
            t->state = IRCB_T_CONNECTING;
            t->connect_deadline = now + IRCB_CONNECT_TIMEOUT_MS;
            return true;
        }
        close(fd);
    }
    return false;
}

static void resolved(struct ircb_transport *t, int64_t now)
{
    char err[200];
    t->addrs = ircb_resolve_take(t->resolve, err, sizeof err);
    if (!t->addrs) {
        if (strcmp(err, "not yet") != 0)
            fail(t, "%s", err);
        return;
    }
    ircb_resolve_free(t->resolve);
    t->resolve = NULL;
    t->addr_next = t->addrs;
    if (!connect_next(t, now))
        fail(t, "cannot connect: %s", strerror(errno));
}

static void handshake(struct ircb_transport *t, int64_t now)
{
    char err[256];
    int rc = ircb_tls_handshake(t->tls_session, &t->tls_want, err, sizeof err);
    if (rc < 0) {
        fail(t, "%s", err);
        return;
    }
    if (rc == 0)
        return;
    char what[128];
    log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = t->name, .action = "tls"},
              "%s: TLS handshake done in %lld ms (%s)", t->name, (long long)(now - t->tcp_up_ms),
              ircb_tls_describe(t->tls_session, what, sizeof what));
    t->tls_want = 0;
    opened(t, now);
}

static void tcp_connected(struct ircb_transport *t, int64_t now)
{
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(t->up_fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
        err = errno;
    if (err != 0) {
        if (!connect_next(t, now))
            fail(t, "cannot connect: %s", strerror(err));
        return;
    }
    t->tcp_up_ms = now;
    if (!t->tls) {
        opened(t, now);
        return;
    }
    if (!t->tls_verify)
        log_event(LOG_LEVEL_WARN,
                  &(struct log_fields){.network = t->name, .action = "tls_noverify"},
                  "%s: TLS certificate verification is off (tls_verify = false): anyone between "
                  "the bot and %s can read and change this connection",
                  t->name, t->host);
    struct ircb_tls_opts o = {.host = t->host,
                              .verify = t->tls_verify,
                              .ca_file = t->ca_file,
                              .client_cert = t->client_cert};
    char msg[400];
    t->tls_session = ircb_tls_new(t->up_fd, &o, msg, sizeof msg);
    if (!t->tls_session) {
        fail(t, "%s", msg);
        return;
    }
    t->state = IRCB_T_HANDSHAKE;
    handshake(t, now);
}

/* Read what the server sent, as far as the library keeps up. */
static void pump_up(struct ircb_transport *t, int64_t now)
{
    char chunk[16384];
    size_t total = 0;
    while (t->state == IRCB_T_OPEN && t->lib_out.len < IRCB_LIB_BACKLOG && total < READ_ROUND) {
        ssize_t n = up_read(t, chunk, sizeof chunk);
        if (n > 0) {
            total += (size_t)n;
            ircb_transport_feed(t, chunk, (size_t)n, now);
            check_backlog(t);
            continue;
        }
        if (n == 0) {
            /* Let the library read the server's last words (ERROR :Closing link). */
            flush_lib(t);
            fail(t, "%s", "the server closed the connection");
        }
        break;
    }
}

/* ---- the library's side ---- */

static void accept_lib(struct ircb_transport *t)
{
    struct sockaddr_in peer;
    socklen_t len = sizeof peer;
    int fd = accept(t->listen_fd, (struct sockaddr *)&peer, &len);
    if (fd < 0)
        return;
    if (peer.sin_family != AF_INET || ntohs(peer.sin_port) != t->expect_port) {
        log_event(LOG_LEVEL_WARN,
                  &(struct log_fields){.network = t->name, .action = "refused_local"},
                  "%s: refused a local connection that is not the IRC library", t->name);
        close(fd);
        return;
    }
    set_nonblock(fd);
    no_delay(fd);
    t->lib_fd = fd;
    close_fd(&t->listen_fd);
}

/* Lines the library wrote: on to the server (queued until it is reached). Returns -1 once the
 * library closed its end. */
static int read_lib(struct ircb_transport *t, int64_t now)
{
    char chunk[4096];
    bool closed = false;
    for (;;) {
        ssize_t n = read(t->lib_fd, chunk, sizeof chunk);
        if (n > 0) {
            sb_append_len(&t->lib_in, chunk, (size_t)n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        closed = !(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
        break;
    }
    size_t start = 0;
    for (size_t i = 0; i < t->lib_in.len; i++) {
        if (t->lib_in.buf[i] != '\n')
            continue;
        size_t end = i;
        if (end > start && t->lib_in.buf[end - 1] == '\r')
            end--;
        if (end > start && to_channel(t->lib_in.buf + start, end - start)) {
            t->chan_lines++;
            if (!t->unconfirmed_since)
                t->unconfirmed_since = now;
        }
        if (end > start)
            send_up(t, t->lib_in.buf + start, end - start);
        start = i + 1;
    }
    if (start) {
        memmove(t->lib_in.buf, t->lib_in.buf + start, t->lib_in.len - start);
        sb_truncate(&t->lib_in, t->lib_in.len - start);
    }
    return closed ? -1 : 0;
}

/* ---- interface ---- */

int ircb_transport_open(struct ircb_transport *t, const struct ircb_transport_opts *o, int64_t now)
{
    init(t, o, now);
    t->state = IRCB_T_RESOLVING;

    char err[200];
    /* An address needs no thread. */
    struct addrinfo hints = {.ai_family = AF_UNSPEC,
                             .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV};
    char portstr[16];
    snprintf(portstr, sizeof portstr, "%d", t->port);
    if (getaddrinfo(t->host, portstr, &hints, &t->addrs) == 0) {
        t->addr_next = t->addrs;
        if (!connect_next(t, now)) {
            fail(t, "cannot connect: %s", strerror(errno));
            return -1;
        }
    } else {
        t->addrs = NULL;
        t->resolve = ircb_resolve_start(t->host, t->port, err, sizeof err);
        if (!t->resolve) {
            fail(t, "%s", err);
            return -1;
        }
    }

    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    t->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (t->listen_fd < 0 || bind(t->listen_fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
        listen(t->listen_fd, 1) != 0 || set_nonblock(t->listen_fd) != 0) {
        fail(t, "cannot listen on loopback: %s", strerror(errno));
        return -1;
    }
    return 0;
}

void ircb_transport_open_detached(struct ircb_transport *t, const struct ircb_transport_opts *o,
                                  int64_t now)
{
    init(t, o, now);
    opened(t, now);
}

int ircb_transport_local_port(const struct ircb_transport *t)
{
    struct sockaddr_in sin;
    socklen_t len = sizeof sin;
    if (t->listen_fd < 0 || getsockname(t->listen_fd, (struct sockaddr *)&sin, &len) != 0)
        return -1;
    return ntohs(sin.sin_port);
}

void ircb_transport_expect_peer(struct ircb_transport *t, int port)
{
    t->expect_port = port;
}

size_t ircb_transport_pollfds(const struct ircb_transport *t, struct pollfd *fds)
{
    size_t n = 0;
    if (t->state == IRCB_T_CLOSED)
        return 0;
    if (t->listen_fd >= 0 && t->expect_port)
        fds[n++] = (struct pollfd){.fd = t->listen_fd, .events = POLLIN};
    if (t->lib_fd >= 0)
        fds[n++] =
            (struct pollfd){.fd = t->lib_fd, .events = POLLIN | (t->lib_out.len ? POLLOUT : 0)};
    if (t->state == IRCB_T_RESOLVING && t->resolve) {
        fds[n++] = (struct pollfd){.fd = ircb_resolve_fd(t->resolve), .events = POLLIN};
    } else if (t->up_fd >= 0) {
        short ev = t->tls_want;
        if (t->state == IRCB_T_CONNECTING)
            ev |= POLLOUT;
        if (t->state == IRCB_T_OPEN) {
            if (t->lib_out.len < IRCB_LIB_BACKLOG)
                ev |= POLLIN;
            if (t->up_out.len)
                ev |= POLLOUT;
        }
        fds[n++] = (struct pollfd){.fd = t->up_fd, .events = ev};
    }
    return n;
}

int ircb_transport_handle(struct ircb_transport *t, const struct pollfd *fds, size_t n, int64_t now)
{
    for (size_t i = 0; i < n && t->state != IRCB_T_CLOSED; i++) {
        short re = fds[i].revents;
        if (!re)
            continue;
        if (fds[i].fd == t->listen_fd) {
            accept_lib(t);
        } else if (fds[i].fd == t->lib_fd) {
            if ((re & (POLLIN | POLLHUP | POLLERR)) && read_lib(t, now) != 0) {
                if (t->state == IRCB_T_OPEN)
                    flush_up(t); /* the library's last words (QUIT) */
                fail(t, "%s", "the IRC library closed its connection");
                break;
            }
        } else if (t->resolve && fds[i].fd == ircb_resolve_fd(t->resolve)) {
            resolved(t, now);
        } else if (fds[i].fd == t->up_fd) {
            if (t->state == IRCB_T_CONNECTING)
                tcp_connected(t, now);
            else if (t->state == IRCB_T_HANDSHAKE)
                handshake(t, now);
        }
    }
    /* Relay right away rather than waiting for the next poll round. */
    pump_up(t, now);
    if (t->state == IRCB_T_OPEN)
        flush_up(t);
    if (t->state != IRCB_T_CLOSED && !flush_lib(t))
        fail(t, "%s", "the IRC library's connection broke");
    return t->state == IRCB_T_CLOSED ? -1 : 0;
}

int64_t ircb_transport_tick(struct ircb_transport *t, int64_t now)
{
    int64_t next = INT64_MAX;
    if (t->state == IRCB_T_CONNECTING) {
        if (now >= t->connect_deadline) {
            if (!connect_next(t, now))
                fail(t, "%s", "cannot connect: no answer from the server");
        }
        if (t->state == IRCB_T_CONNECTING)
            next = t->connect_deadline;
    }
    if (t->state != IRCB_T_OPEN)
        return next;
    int64_t c = ircb_cap_tick(&t->cap, now, &t->up_out);
    if (t->cap.state == IRCB_CAP_FAILED) {
        fail(t, "%s", t->cap.error);
        return INT64_MAX;
    }
    if (c < next)
        next = c;
    if (t->registered) {
        bool heard = t->ping_sent && t->last_rx >= t->ping_sent;
        if (t->ping_sent && now - t->ping_sent >= t->ping_timeout_ms) {
            if (!heard) {
                char why[64];
                snprintf(why, sizeof why, "%d s", t->ping_timeout_ms / 1000);
                t->unheard = true;
                fail(t, "no reply to PING within %s", why);
                return INT64_MAX;
            }
            /* The server talks but never answered this PING: another may go. */
            t->ping_sent = 0;
        }
        /* A PING when the server has been quiet (is it there?), or to confirm what the bot
         * said to its channels a while ago. */
        if (!t->ping_sent &&
            (now - t->last_rx >= t->ping_interval_ms ||
             (t->unconfirmed_since && now - t->unconfirmed_since >= IRCB_CONFIRM_AFTER_MS))) {
            send_up(t, "PING :" PING_TOKEN, strlen("PING :" PING_TOKEN));
            t->ping_sent = now;
            t->ping_lines = t->chan_lines;
            t->unconfirmed_since = 0;
        }
        int64_t k;
        if (t->ping_sent) {
            k = t->ping_sent + t->ping_timeout_ms;
            if (t->last_rx < t->ping_sent && now < t->ping_sent + IRCB_LINK_GRACE_MS)
                k = t->ping_sent + IRCB_LINK_GRACE_MS;
        } else {
            k = t->last_rx + t->ping_interval_ms;
            if (t->unconfirmed_since && t->unconfirmed_since + IRCB_CONFIRM_AFTER_MS < k)
                k = t->unconfirmed_since + IRCB_CONFIRM_AFTER_MS;
        }
        if (k < next)
            next = k;
    }
    flush_up(t);
    return next;
}

int64_t ircb_transport_silent_since(const struct ircb_transport *t, int64_t now)
{
    if (t->state != IRCB_T_OPEN || !t->registered || !t->ping_sent || t->last_rx >= t->ping_sent ||
        now - t->ping_sent < IRCB_LINK_GRACE_MS)
        return 0;
    return t->ping_sent;
}

uint64_t ircb_transport_confirmed(const struct ircb_transport *t)
{
    if (t->state == IRCB_T_CLOSED && !t->unheard)
        return t->chan_lines - chan_waiting(t);
    return t->chan_confirmed > t->chan_heard ? t->chan_confirmed : t->chan_heard;
}

bool ircb_transport_flushed(const struct ircb_transport *t)
{
    return t->lib_in.len == 0 && t->up_out.len == 0;
}

bool ircb_transport_has_cap(const struct ircb_transport *t, const char *cap)
{
    return ircb_cap_has(&t->cap, cap);
}

void ircb_transport_close(struct ircb_transport *t)
{
    ircb_tls_free(t->tls_session);
    t->tls_session = NULL;
    close_fd(&t->listen_fd);
    close_fd(&t->lib_fd);
    close_fd(&t->up_fd);
    ircb_resolve_free(t->resolve);
    t->resolve = NULL;
    if (t->addrs)
        freeaddrinfo(t->addrs);
    t->addrs = t->addr_next = NULL;
    sb_fini(&t->up_in);
    sb_fini(&t->up_out);
    sb_fini(&t->lib_in);
    sb_fini(&t->lib_out);
    ircb_cap_fini(&t->cap);
    free(t->name);
    free(t->host);
    free(t->ca_file);
    free(t->client_cert);
    t->name = t->host = t->ca_file = t->client_cert = NULL;
    if (t->state != IRCB_T_CLOSED)
        fail(t, "%s", "closed");
}
