/* The bot's side of an IRC connection: libircclient talks plain IRC to a loopback socket that
 * the transport owns, and the transport carries the lines to and from the real server.
 *
 * Why: the library cannot do TLS, CAP or SASL here, and mishandles IRCv3 message tags. With
 * the transport in between, the bot decides how it reaches the server (DNS, IPv4/IPv6, and in
 * time TLS), negotiates capabilities before registration ends, and gives the library only
 * lines it understands: tags stripped, CAP replies kept to itself. Lines that would exceed 512
 * bytes are never sent upstream.
 *
 * Life: ircb_transport_open() starts a loopback listener and a non-blocking connection to the
 * server; the caller points libircclient at ircb_transport_local_port() and tells the
 * transport which local port the library connects from (ircb_transport_expect_peer), so that
 * no other local process can take the library's place. The caller's poll loop asks for
 * descriptors with ircb_transport_pollfds() and hands back results with
 * ircb_transport_handle(). */
#ifndef BW_IRC_TRANSPORT_H
#define BW_IRC_TRANSPORT_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/strbuf.h"

/* Most descriptors a transport polls at once. */
#define IRCB_TRANSPORT_FDS 3

enum ircb_transport_state {
    IRCB_T_CONNECTING, /* upstream connect in progress */
    IRCB_T_OPEN,       /* upstream connected */
    IRCB_T_CLOSED,     /* failed or closed: see error */
};

struct addrinfo;

struct ircb_transport {
    enum ircb_transport_state state;
    int listen_fd;          /* until the library connected; -1 after */
    int lib_fd;             /* the library's connection; -1 before accept and after close */
    int up_fd;              /* the server */
    int expect_port;        /* local port the library connects from; 0 = not yet known */
    struct addrinfo *addrs; /* resolved server addresses, tried in order */
    struct addrinfo *addr_next;
    struct strbuf up_in, up_out, lib_in, lib_out;
    bool cap_done;   /* CAP negotiation finished (or the server has none) */
    char caps[128];  /* capabilities the server acknowledged, space separated */
    char error[160]; /* why the transport closed */
};

/* Resolve host (blocking getaddrinfo), start connecting to host:port, and listen on a free
 * 127.0.0.1 port for the library. Returns 0, or -1 with the reason in t->error (t is then
 * closed; ircb_transport_close is still allowed). */
int ircb_transport_open(struct ircb_transport *t, const char *host, int port);

/* The loopback port the library must connect to. */
int ircb_transport_local_port(const struct ircb_transport *t);

/* Accept the library's connection only from this local port (from getsockname on its fd). */
void ircb_transport_expect_peer(struct ircb_transport *t, int port);

/* Fill fds (room for IRCB_TRANSPORT_FDS) with what to poll; returns how many. */
size_t ircb_transport_pollfds(const struct ircb_transport *t, struct pollfd *fds);

/* Act on poll results for the n descriptors ircb_transport_pollfds gave. Returns 0 while the
 * transport lives, -1 once it is closed (reason in t->error). */
int ircb_transport_handle(struct ircb_transport *t, const struct pollfd *fds, size_t n);

/* Whether everything received from the library has reached the server's socket. */
bool ircb_transport_flushed(const struct ircb_transport *t);

/* Whether the server acknowledged capability cap. */
bool ircb_transport_has_cap(const struct ircb_transport *t, const char *cap);

/* Close every descriptor and free everything; t may be opened again. */
void ircb_transport_close(struct ircb_transport *t);

/* Rewrite one line from the server for the library: strip IRCv3 tags (a leading "@... ").
 * Returns the start of the line within line. Exposed for tests. */
const char *ircb_strip_tags(const char *line);

#endif
