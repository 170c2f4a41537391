/* What conn.c and events.c share: one network's connection state. Private to src/irc. */
#ifndef BW_IRC_INTERNAL_H
#define BW_IRC_INTERNAL_H

#include <libircclient.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bot/bot.h"
#include "irc/backoff.h"
#include "irc/conn.h"
#include "irc/members.h"
#include "irc/queue.h"
#include "irc/secrecy.h"
#include "irc/transport.h"
#include "util/hist.h"

#define REGISTER_TIMEOUT_MS 60000
#define REJOIN_DELAY_MS 5000
#define QUIT_WAIT_MS 3000
/* CTCP answers: a burst of 3, then one per 10 s, whoever asks. */
#define CTCP_BURST 3
#define CTCP_INTERVAL_MS 10000
/* Nicks tried after the configured ones before giving up on this connection attempt. */
#define EXTRA_NICKS 20
/* Lines to channels kept until the server is known to have read them (link.c): the pace lets
 * out a few lines a second and a PING confirms them within seconds, so this many is ample;
 * past it the oldest are given up (and the log says so). */
#define RESEND_MAX 256
/* Taking back the configured nick: the first try this long after registering under another,
 * then one every NICK_RETRY_MS, and at once when its holder is seen to quit or rename. */
#define NICK_FIRST_RETRY_MS 10000
#define NICK_RETRY_MS 60000
/* Host length assumed in our own prefix until the server shows it (our own JOIN). */
#define HOST_RESERVE 63

struct channel {
    char *name;
    bool from_config; /* else joined by an admin */
    bool joined;
    int64_t rejoin_at;  /* after a kick; 0 = none */
    bool names_pending; /* NAMES asked for to learn the statuses anew; until its end (366) */
};

enum conn_state { CONN_IDLE, CONN_CONNECTING, CONN_REGISTERED };

/* A line to a channel handed to the library and not yet known to be read by the server. */
struct resend {
    enum ircb_kind kind;
    char *target, *text, *key; /* owned; key may be NULL */
    unsigned how;              /* the line's how (ircb_queue_push_again) */
};

struct ircb_conn {
    char *name, *host, *password, *username, *realname;
    int port;
    bool tls, tls_verify;
    char *tls_ca_file, *tls_client_cert; /* or NULL */
    struct config_sasl sasl;             /* copies of the strings */
    int ping_interval_s, ping_timeout_s;
    char **nicks; /* the configured nick, then alt_nicks */
    size_t nick_count;
    enum config_private private_reply;
    struct ircb_hooks hooks;

    struct channel *chans;
    size_t chan_count;
    struct ircb_members members; /* who is in the channels the bot is in */
    bool whox;                   /* the server has WHO with fields (ISUPPORT WHOX) */
    struct ircb_chanmodes modes; /* the server's statuses and channel modes (ISUPPORT) */
    struct ircb_secrecy secrecy; /* which channels are secret or private (secrecy.c) */

    enum conn_state state;
    irc_session_t *session;
    struct ircb_transport transport;
    bool transport_open;
    bool broken; /* a callback found the connection unusable: tear down after processing */
    int64_t connect_deadline;
    int64_t reconnect_at;
    struct ircb_backoff backoff; /* the waits between attempts (backoff.h) */
    unsigned nick_try;
    char own_nick[64];
    char own_user[64];
    char own_host[256]; /* "" until the server shows it */

    bool quitting;
    int64_t quit_deadline;

    struct ircb_queue queue;
    /* Lines to channels handed to the library on this connection (a ring of the last
     * RESEND_MAX): the first `handed` of them in order, of which the transport confirms some. */
    struct resend resend[RESEND_MAX];
    uint64_t handed;
    bool silent;           /* the server does not answer: the bot's games stand still */
    int64_t silent_since;  /* when it went silent */
    int64_t nick_retry_at; /* when to ask for the configured nick again; 0: it is ours */
    struct hist handling;  /* the bot's time per user line, from reading it to its replies queued */
    struct hist refusing;  /* the same for lines the rate limit turned away */
    int64_t ctcp_clock;
    struct bot *bot;
};

/* conn.c */
struct channel *chan_find(struct ircb_conn *c, const char *name);
/* Ask to join name once registered. */
void queue_join(struct ircb_conn *c, const char *name);
/* Room for the text of one PRIVMSG/NOTICE to target. */
size_t max_text(const struct ircb_conn *c, const char *target);

/* link.c: the link to the server as part of the games' clock, lines the server may not have
 * read, and the configured nick. */
/* A line was handed to the library (kept when it is a message to a channel). */
void link_handed(struct ircb_conn *c, const struct ircb_line *l);
/* After the transport's news: the games stop while the server is silent and go on when it
 * answers; confirmed lines are forgotten. */
void link_check(struct ircb_conn *c, int64_t now);
/* The connection is gone: what the server may not have read and what was still queued for
 * channels go first on the next connection (private lines are not kept: the bot cannot know
 * who holds a nick until it has seen them again, and hands are sent again then). */
void link_requeue(struct ircb_conn *c);
/* Registered, or a nick changed hands: when to ask for the configured nick. */
void link_nick_registered(struct ircb_conn *c, int64_t now);
void link_nick_freed(struct ircb_conn *c, const char *nick, int64_t now);
/* Ask for the configured nick when due; returns when next to look (INT64_MAX: never). */
int64_t link_nick_tick(struct ircb_conn *c, int64_t now);
/* Forget the kept lines. */
void link_clear(struct ircb_conn *c);

/* events.c: point cb at the handlers of the library's events. */
void ircb_events_install(irc_callbacks_t *cb);

#endif
