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
    struct hist handling; /* the bot's time per user line, from reading it to its replies queued */
    struct hist refusing; /* the same for lines the rate limit turned away */
    int64_t ctcp_clock;
    struct bot *bot;
};

/* conn.c */
struct channel *chan_find(struct ircb_conn *c, const char *name);
/* Ask to join name once registered. */
void queue_join(struct ircb_conn *c, const char *name);
/* Room for the text of one PRIVMSG/NOTICE to target. */
size_t max_text(const struct ircb_conn *c, const char *target);

/* events.c: point cb at the handlers of the library's events. */
void ircb_events_install(irc_callbacks_t *cb);

#endif
