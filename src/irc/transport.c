/* The transport: loopback listener for libircclient, non-blocking upstream socket, line relay
 * with tag stripping and CAP negotiation. */
#include "irc/transport.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util/log.h"

/* Capabilities worth having: they add information without adding message tags. */
static const char *const wanted_caps[] = {"extended-join", "account-notify"};

/* A server that stops sending for this long while we still hold this much input is broken. */
#define MAX_INPUT (64 * 1024)

static void fail(struct ircb_transport *t, const char *fmt, const char *detail)
{
    snprintf(t->error, sizeof t->error, fmt, detail);
    t->state = IRCB_T_CLOSED;
}

static int set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* Start connecting to the next resolved address; false when none is left. */
static bool connect_next(struct ircb_transport *t)
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
            t->up_fd = fd;
            return true;
        }
        close(fd);
    }
    return false;
}

int ircb_transport_open(struct ircb_transport *t, const char *host, int port)
{
    memset(t, 0, sizeof *t);
    t->listen_fd = t->lib_fd = t->up_fd = -1;
    t->state = IRCB_T_CONNECTING;

    char portstr[16];
    snprintf(portstr, sizeof portstr, "%d", port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
    int rc = getaddrinfo(host, portstr, &hints, &t->addrs);
    if (rc != 0) {
        fail(t, "cannot resolve the server: %s", gai_strerror(rc));
        return -1;
    }
    t->addr_next = t->addrs;
    if (!connect_next(t)) {
        fail(t, "cannot connect: %s", strerror(errno));
        return -1;
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
    if (t->up_fd >= 0) {
        short ev = POLLIN;
        if (t->state == IRCB_T_CONNECTING || t->up_out.len)
            ev |= POLLOUT;
        fds[n++] = (struct pollfd){.fd = t->up_fd, .events = ev};
    }
    return n;
}

static void accept_lib(struct ircb_transport *t)
{
    struct sockaddr_in peer;
    socklen_t len = sizeof peer;
    int fd = accept(t->listen_fd, (struct sockaddr *)&peer, &len);
    if (fd < 0)
        return;
    if (peer.sin_family != AF_INET || ntohs(peer.sin_port) != t->expect_port) {
        log_warn("refused a local connection that is not the IRC library");
        close(fd);
        return;
    }
    set_nonblock(fd);
    t->lib_fd = fd;
    close_fd(&t->listen_fd);
}

/* Queue one line (without CR LF) for the server, refusing what the server would not take. */
static void send_up(struct ircb_transport *t, const char *line, size_t len)
{
    if (len + 2 > 512) {
        log_warn("dropped an outgoing line of %zu bytes", len + 2);
        return;
    }
    sb_append_len(&t->up_out, line, len);
    sb_append(&t->up_out, "\r\n");
}

const char *ircb_strip_tags(const char *line)
{
    if (*line != '@')
        return line;
    const char *sp = strchr(line, ' ');
    if (!sp)
        return line + strlen(line);
    while (*sp == ' ')
        sp++;
    return sp;
}

static bool cap_wanted(const char *cap)
{
    for (size_t i = 0; i < sizeof wanted_caps / sizeof wanted_caps[0]; i++)
        if (strcmp(cap, wanted_caps[i]) == 0)
            return true;
    return false;
}

/* A CAP reply from the server ("CAP * LS :a b=c", "CAP * ACK :a"), after the prefix and
 * the target: sub is "LS", "ACK", ...; list the trailing word list. */
static void on_cap(struct ircb_transport *t, const char *sub, const char *more, char *list)
{
    if (strcmp(sub, "LS") == 0) {
        if (strcmp(more, "*") == 0)
            return; /* a multi-line LS: the last line has no '*' */
        char req[256] = "";
        for (char *save = NULL, *w = strtok_r(list, " ", &save); w;
             w = strtok_r(NULL, " ", &save)) {
            char *eq = strchr(w, '=');
            if (eq)
                *eq = 0;
            if (cap_wanted(w) && strlen(req) + strlen(w) + 2 < sizeof req) {
                if (*req)
                    strcat(req, " ");
                strcat(req, w);
            }
        }
        if (*req) {
            char line[300];
            int n = snprintf(line, sizeof line, "CAP REQ :%s", req);
            send_up(t, line, (size_t)n);
            return;
        }
    } else if (strcmp(sub, "ACK") == 0) {
        snprintf(t->caps, sizeof t->caps, "%s", list);
    } else if (strcmp(sub, "NAK") != 0) {
        return;
    }
    if (!t->cap_done) {
        send_up(t, "CAP END", 7);
        t->cap_done = true;
    }
}

/* One line from the server: keep CAP to ourselves, pass the rest on without tags. */
static void from_server(struct ircb_transport *t, char *line)
{
    line = (char *)ircb_strip_tags(line);
    const char *cmd = line;
    if (*line == ':') {
        cmd = strchr(line, ' ');
        cmd = cmd ? cmd + 1 : "";
        while (*cmd == ' ')
            cmd++;
    }
    if (strncmp(cmd, "CAP ", 4) == 0) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", cmd + 4);
        char *colon = strstr(buf, " :");
        char *list = "";
        if (colon) {
            *colon = 0;
            list = colon + 2;
        }
        char *save = NULL;
        strtok_r(buf, " ", &save); /* our nick or '*' */
        char *sub = strtok_r(NULL, " ", &save);
        char *more = strtok_r(NULL, " ", &save);
        if (sub)
            on_cap(t, sub, more ? more : "", list);
        return;
    }
    sb_append(&t->lib_out, line);
    sb_append(&t->lib_out, "\r\n");
}

/* Split buf into lines, give each to fn, keep the unfinished rest. */
static void each_line(struct ircb_transport *t, struct strbuf *buf,
                      void (*fn)(struct ircb_transport *, char *))
{
    size_t start = 0;
    for (size_t i = 0; i < buf->len; i++) {
        if (buf->buf[i] != '\n')
            continue;
        size_t end = i;
        if (end > start && buf->buf[end - 1] == '\r')
            end--;
        buf->buf[end] = 0;
        if (end > start)
            fn(t, buf->buf + start);
        start = i + 1;
    }
    if (start) {
        memmove(buf->buf, buf->buf + start, buf->len - start);
        sb_truncate(buf, buf->len - start);
    }
}

static void from_lib(struct ircb_transport *t, char *line)
{
    send_up(t, line, strlen(line));
}

/* Read what fd has into buf; -1 on EOF or error. */
static int read_into(int fd, struct strbuf *buf)
{
    char chunk[4096];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n > 0) {
            sb_append_len(buf, chunk, (size_t)n);
            if (buf->len > MAX_INPUT)
                return -1;
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 0;
        if (n < 0 && errno == EINTR)
            continue;
        return -1;
    }
}

/* Write what buf holds to fd; -1 on error. */
static int write_from(int fd, struct strbuf *buf)
{
    size_t off = 0;
    while (off < buf->len) {
        ssize_t n = send(fd, buf->buf + off, buf->len - off, MSG_NOSIGNAL);
        if (n > 0) {
            off += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break;
        return -1;
    }
    memmove(buf->buf, buf->buf + off, buf->len - off);
    sb_truncate(buf, buf->len - off);
    return 0;
}

static void upstream_connected(struct ircb_transport *t)
{
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(t->up_fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
        err = errno;
    if (err != 0) {
        if (!connect_next(t))
            fail(t, "cannot connect: %s", strerror(err));
        return;
    }
    t->state = IRCB_T_OPEN;
    /* CAP LS goes before anything the library queued, so the server holds registration until
     * CAP END. A server without CAP answers 421 and registers as usual. */
    struct strbuf early = t->up_out;
    sb_init(&t->up_out);
    send_up(t, "CAP LS 302", 10);
    sb_append_len(&t->up_out, sb_str(&early), early.len);
    sb_fini(&early);
}

int ircb_transport_handle(struct ircb_transport *t, const struct pollfd *fds, size_t n)
{
    for (size_t i = 0; i < n && t->state != IRCB_T_CLOSED; i++) {
        short re = fds[i].revents;
        if (!re)
            continue;
        if (fds[i].fd == t->listen_fd) {
            accept_lib(t);
        } else if (fds[i].fd == t->lib_fd) {
            if ((re & (POLLIN | POLLHUP | POLLERR)) && read_into(t->lib_fd, &t->lib_in) != 0) {
                each_line(t, &t->lib_in, from_lib);
                fail(t, "%s", "the IRC library closed its connection");
                break;
            }
            each_line(t, &t->lib_in, from_lib);
            if ((re & POLLOUT) && write_from(t->lib_fd, &t->lib_out) != 0)
                fail(t, "%s", "the IRC library's connection broke");
        } else if (fds[i].fd == t->up_fd) {
            if (t->state == IRCB_T_CONNECTING) {
                if (re & (POLLOUT | POLLERR | POLLHUP))
                    upstream_connected(t);
                continue;
            }
            if ((re & (POLLIN | POLLHUP | POLLERR)) && read_into(t->up_fd, &t->up_in) != 0) {
                each_line(t, &t->up_in, from_server);
                /* Let the library read the server's last words (ERROR :Closing link). */
                if (t->lib_fd >= 0)
                    write_from(t->lib_fd, &t->lib_out);
                fail(t, "%s", "the server closed the connection");
                break;
            }
            each_line(t, &t->up_in, from_server);
        }
    }
    /* Relay right away rather than waiting for the next poll round. */
    if (t->state == IRCB_T_OPEN && t->up_out.len && write_from(t->up_fd, &t->up_out) != 0)
        fail(t, "%s", "writing to the server failed");
    if (t->state != IRCB_T_CLOSED && t->lib_fd >= 0 && t->lib_out.len &&
        write_from(t->lib_fd, &t->lib_out) != 0)
        fail(t, "%s", "the IRC library's connection broke");
    return t->state == IRCB_T_CLOSED ? -1 : 0;
}

bool ircb_transport_flushed(const struct ircb_transport *t)
{
    return t->lib_in.len == 0 && t->up_out.len == 0;
}

bool ircb_transport_has_cap(const struct ircb_transport *t, const char *cap)
{
    size_t n = strlen(cap);
    for (const char *p = t->caps; (p = strstr(p, cap)); p += n)
        if ((p == t->caps || p[-1] == ' ') && (p[n] == 0 || p[n] == ' '))
            return true;
    return false;
}

void ircb_transport_close(struct ircb_transport *t)
{
    close_fd(&t->listen_fd);
    close_fd(&t->lib_fd);
    close_fd(&t->up_fd);
    if (t->addrs)
        freeaddrinfo(t->addrs);
    t->addrs = t->addr_next = NULL;
    sb_fini(&t->up_in);
    sb_fini(&t->up_out);
    sb_fini(&t->lib_in);
    sb_fini(&t->lib_out);
    if (t->state != IRCB_T_CLOSED)
        fail(t, "%s", "closed");
}
