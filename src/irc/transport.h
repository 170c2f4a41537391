/* The bot's side of an IRC connection: libircclient talks plain IRC to a loopback socket that
 * the transport owns, and the transport carries the lines to and from the real server.
 *
 * Why: the library cannot do TLS, CAP or SASL here, trusts whatever the server sends, and
 * mishandles IRCv3 message tags. With the transport in between, the bot decides how it reaches
 * the server (DNS on a thread, IPv4/IPv6, TLS through OpenSSL), negotiates capabilities and logs
 * in before registration ends (cap.h), keeps the link alive with its own PINGs, and gives the
 * library only lines it handles (line.h). Lines that would exceed 512 bytes are never sent.
 *
 * Life: ircb_transport_open() starts resolving the server and listening on a free 127.0.0.1
 * port for the library; the caller points libircclient at ircb_transport_local_port() and tells
 * the transport which local port the library connects from (ircb_transport_expect_peer), so
 * that no other local process can take the library's place. The caller's poll loop asks for
 * descriptors with ircb_transport_pollfds(), hands back results with ircb_transport_handle(),
 * and runs ircb_transport_tick() when its time comes. */
#ifndef BW_IRC_TRANSPORT_H
#define BW_IRC_TRANSPORT_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "irc/cap.h"
#include "util/strbuf.h"

/* Most descriptors a transport polls at once. */
#define IRCB_TRANSPORT_FDS 3

/* A line being received may grow to tags, a space and a full line with CR LF. */
#define IRCB_RAW_LINE_MAX (IRCB_TAGS_MAX + 1 + IRCB_LINE_MAX + 2)

/* Past this much unread by the library, the server is not read until the library catches up. */
#define IRCB_LIB_BACKLOG (256 * 1024)

/* Past this much waiting for a server that does not read it, the connection is closed: what
 * the bot says must not pile up in memory (the normal pace leaves next to nothing waiting). */
#define IRCB_UP_BACKLOG (64 * 1024)

/* A PING of ours unanswered this long (nothing at all from the server since): the link is
 * silent, and the games on it stop their clocks (ircb_transport_silent_since). */
#define IRCB_LINK_GRACE_MS 3000
/* Lines to channels sent this long ago and not yet covered by a PING: one goes, and its PONG
 * confirms that the server read them (ircb_transport_confirmed). */
#define IRCB_CONFIRM_AFTER_MS 5000

/* How long one address may take to accept the connection before the next is tried. */
#define IRCB_CONNECT_TIMEOUT_MS 15000

enum ircb_transport_state {
    IRCB_T_RESOLVING,  /* looking up the server's addresses */
    IRCB_T_CONNECTING, /* TCP connect in progress */
    IRCB_T_HANDSHAKE,  /* TLS handshake in progress */
    IRCB_T_OPEN,       /* lines flow */
    IRCB_T_CLOSED,     /* failed or closed: see error */
};

struct addrinfo;
struct ircb_resolve;
struct ircb_tls;

/* How to reach one server; the strings are copied. */
struct ircb_transport_opts {
    const char *name; /* the network, for logs */
    const char *host;
    int port;
    bool tls, tls_verify;
    const char *tls_ca_file, *tls_client_cert; /* or NULL */
    const struct config_sasl *sasl;            /* or NULL */
    int ping_interval_ms, ping_timeout_ms;
};

struct ircb_transport {
    enum ircb_transport_state state;
    char *name, *host, *ca_file, *client_cert;
    int port;
    bool tls, tls_verify;
    int ping_interval_ms, ping_timeout_ms;

    int listen_fd;   /* until the library connected; -1 after */
    int lib_fd;      /* the library's connection; -1 before accept and after close */
    int up_fd;       /* the server */
    int expect_port; /* local port the library connects from; 0 = not yet known */
    struct ircb_resolve *resolve;
    struct addrinfo *addrs, *addr_next;
    int64_t connect_deadline; /* for the address being tried */
    struct ircb_tls *tls_session;
    short tls_want;    /* poll events the last TLS call waits for */
    int64_t tcp_up_ms; /* when the TCP connection was made (handshake timing) */

    struct strbuf up_in, up_out, lib_in, lib_out;
    bool skipping; /* discarding the rest of an over-long line */
    unsigned dropped;
    struct ircb_cap cap;
    bool registered;
    int64_t last_rx;   /* when the last whole line came from the server */
    int64_t ping_sent; /* when our keepalive PING went out; 0 = none outstanding */
    int64_t lag_ms;    /* the last keepalive's round trip; -1 before the first */
    /* Lines to channels (PRIVMSG, NOTICE) from the library, counted as they go on to the
     * server; how many of them a PONG showed the server read; the count when the PING that is
     * out went; when the oldest one not covered by a PING went (0: none). */
    uint64_t chan_lines, chan_confirmed, ping_lines;
    int64_t unconfirmed_since;
    /* Of those, how many had been written to the socket when the last line came from the
     * server (a server that answers reads as it goes); and whether the transport closed
     * because the server went silent or stopped reading (then no more is assumed read). */
    uint64_t chan_heard;
    bool unheard;
    char error[512]; /* why the transport closed */
};

/* Start resolving and listen on a free 127.0.0.1 port for the library. Returns 0, or -1 with
 * the reason in t->error (t is then closed; ircb_transport_close is still allowed). */
int ircb_transport_open(struct ircb_transport *t, const struct ircb_transport_opts *o, int64_t now);

/* The loopback port the library must connect to. */
int ircb_transport_local_port(const struct ircb_transport *t);

/* Accept the library's connection only from this local port (from getsockname on its fd). */
void ircb_transport_expect_peer(struct ircb_transport *t, int port);

/* Fill fds (room for IRCB_TRANSPORT_FDS) with what to poll; returns how many. */
size_t ircb_transport_pollfds(const struct ircb_transport *t, struct pollfd *fds);

/* Act on poll results for the n descriptors ircb_transport_pollfds gave. Returns 0 while the
 * transport lives, -1 once it is closed (reason in t->error). */
int ircb_transport_handle(struct ircb_transport *t, const struct pollfd *fds, size_t n,
                          int64_t now);

/* Run what is due (connect timeout, login timeout, keepalive); returns when to call again
 * (INT64_MAX: no timer). The transport may close here. */
int64_t ircb_transport_tick(struct ircb_transport *t, int64_t now);

/* Since when the server has said nothing, not even to a PING of ours that is out for at least
 * IRCB_LINK_GRACE_MS (the moment that PING went), or 0 while the link answers. */
int64_t ircb_transport_silent_since(const struct ircb_transport *t, int64_t now);

/* How many lines to channels the server has read, as far as the transport can tell, of those
 * the library sent on this connection (in order: the first n of them): those before a PING it
 * answered, or written before it last said anything; after a close for any other reason than
 * silence (the server closed, an error), every line that reached the socket. */
uint64_t ircb_transport_confirmed(const struct ircb_transport *t);

/* Whether everything received from the library has reached the server's socket. */
bool ircb_transport_flushed(const struct ircb_transport *t);

/* Whether the server acknowledged cap. */
bool ircb_transport_has_cap(const struct ircb_transport *t, const char *cap);

/* Close every descriptor and free everything; t may be opened again. */
void ircb_transport_close(struct ircb_transport *t);

/* For tests and the fuzzer: a transport with no sockets, as if the server had just been
 * reached (CAP LS is in up_out). ircb_transport_feed() gives it bytes from the server; what it
 * would send to the server collects in up_out and what the library would read in lib_out. */
void ircb_transport_open_detached(struct ircb_transport *t, const struct ircb_transport_opts *o,
                                  int64_t now);
void ircb_transport_feed(struct ircb_transport *t, const char *data, size_t len, int64_t now);

#endif
