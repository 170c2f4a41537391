/* One network's connection: libircclient session, transport, queue, bot. */
#include "irc/conn.h"

#include <errno.h>
#include <libircclient.h>
#include <libirc_rfcnumeric.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <time.h>
#include <unistd.h>

#include "bot/bot.h"
#include "irc/members.h"
#include "irc/queue.h"
#include "irc/tls.h"
#include "irc/transport.h"
#include "util/hist.h"
#include "util/log.h"
#include "util/xmalloc.h"

#ifndef BW_VERSION
#define BW_VERSION "dev"
#endif

/* Reconnect after 5 s, doubling to 5 min; each wait grows by up to a quarter at random so that
 * many bots cut off together do not come back together. */
#define RECONNECT_MIN_MS 5000
#define RECONNECT_MAX_MS 300000
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
    int64_t rejoin_at; /* after a kick; 0 = none */
};

enum conn_state { CONN_IDLE, CONN_CONNECTING, CONN_REGISTERED };

struct ircb_conn {
    char *name, *host, *password, *username, *realname;
    int port;
    bool tls, tls_verify;
    char *tls_ca_file, *tls_client_cert; /* or NULL */
    struct config_sasl sasl;             /* copies of the strings */
    int ping_interval_s, ping_timeout_s;
    uint64_t jitter; /* random state for the reconnect waits */
    char **nicks;    /* the configured nick, then alt_nicks */
    size_t nick_count;
    enum config_private private_reply;
    struct ircb_hooks hooks;

    struct channel *chans;
    size_t chan_count;
    struct ircb_members members; /* who is in the channels the bot is in */
    bool whox;                   /* the server has WHO with fields (ISUPPORT WHOX) */
    char name_prefixes[16];      /* NAMES prefixes from ISUPPORT PREFIX ("~&@%+") */

    enum conn_state state;
    irc_session_t *session;
    struct ircb_transport transport;
    bool transport_open;
    bool broken; /* a callback found the connection unusable: tear down after processing */
    int64_t connect_deadline;
    int64_t reconnect_at;
    int reconnect_delay;
    unsigned nick_try;
    char own_nick[64];
    char own_user[64];
    char own_host[256]; /* "" until the server shows it */

    bool quitting;
    int64_t quit_deadline;

    struct ircb_queue queue;
    struct hist handling; /* the bot's time per user line, from reading it to its replies queued */
    int64_t ctcp_clock;
    struct bot *bot;
};

int64_t ircb_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- identities ---- */

/* Split an origin "nick!user@host" into buf; fields point into buf. */
static struct bw_identity split_origin(const char *origin, char *buf, size_t size)
{
    snprintf(buf, size, "%s", origin ? origin : "");
    struct bw_identity id = {.nick = buf};
    char *bang = strchr(buf, '!');
    if (bang) {
        *bang = 0;
        id.user = bang + 1;
        char *at = strchr(bang + 1, '@');
        if (at) {
            *at = 0;
            id.host = at + 1;
        }
    }
    return id;
}

/* Who sent a line: nick, user and host from the server's prefix, the account from what the
 * bot knows of the members of its channels. Someone the bot shares no channel with has no
 * account here: the bot could not have seen them quit, and another may hold the nick. */
static struct bw_identity identity_of(struct ircb_conn *c, const char *origin, char *buf,
                                      size_t size)
{
    struct bw_identity id = split_origin(origin, buf, size);
    const struct ircb_member *u = ircb_members_find(&c->members, id.nick);
    if (u && id.user && id.host && u->user && u->host &&
        (strcmp(u->user, id.user) != 0 || strcasecmp(u->host, id.host) != 0))
        u = NULL; /* not whom the bot knew under that nick */
    id.account = u ? u->account : NULL;
    id.account_known = u && u->account_known;
    return id;
}

static bool is_me(const struct ircb_conn *c, const char *nick)
{
    return nick && strcasecmp(nick, c->own_nick) == 0;
}

/* ---- channels ---- */

static struct channel *chan_find(struct ircb_conn *c, const char *name)
{
    for (size_t i = 0; i < c->chan_count; i++)
        if (strcasecmp(c->chans[i].name, name) == 0)
            return &c->chans[i];
    return NULL;
}

static struct channel *chan_add(struct ircb_conn *c, const char *name, bool from_config)
{
    struct channel *ch = chan_find(c, name);
    if (ch) {
        ch->from_config |= from_config;
        return ch;
    }
    c->chans = xreallocarray(c->chans, c->chan_count + 1, sizeof *c->chans);
    ch = &c->chans[c->chan_count++];
    *ch = (struct channel){.name = xstrdup(name), .from_config = from_config};
    return ch;
}

static void chan_remove(struct ircb_conn *c, struct channel *ch)
{
    free(ch->name);
    *ch = c->chans[--c->chan_count];
}

static void queue_join(struct ircb_conn *c, const char *name)
{
    if (c->state == CONN_REGISTERED)
        ircb_queue_push(&c->queue, IRCB_JOIN, name, NULL, true, NULL, 0);
}

/* ---- output ---- */

/* Room for text in one PRIVMSG/NOTICE to target: 512 bytes less CR LF and the prefix the
 * server puts in front when relaying it (":nick!user@host PRIVMSG target :"). */
static size_t max_text(const struct ircb_conn *c, const char *target)
{
    size_t user = *c->own_user ? strlen(c->own_user) : strlen(c->username) + 1;
    size_t host = *c->own_host ? strlen(c->own_host) : HOST_RESERVE;
    size_t prefix = 1 + strlen(c->own_nick) + 1 + user + 1 + host + strlen(" PRIVMSG ") +
                    strlen(target) + strlen(" :");
    return prefix + 2 + 32 >= 512 ? 32 : 512 - 2 - prefix;
}

static void out_send(void *ctx, const char *target, const char *text, unsigned flags,
                     const char *key)
{
    struct ircb_conn *c = ctx;
    enum ircb_kind kind = IRCB_PRIVMSG;
    if ((flags & BW_OUT_PRIVATE) && c->private_reply == CONFIG_PRIVATE_NOTICE)
        kind = IRCB_NOTICE;
    if (!target || !ircb_queue_push(&c->queue, kind, target, text, flags & BW_OUT_URGENT, key,
                                    max_text(c, target)))
        log_debug("%s: nothing sent to %s", c->name, target ? target : "(null)");
}

static void out_drop(void *ctx, const char *target, const char *key)
{
    struct ircb_conn *c = ctx;
    ircb_queue_drop(&c->queue, target, key);
}

static void out_join(void *ctx, const char *channel)
{
    struct ircb_conn *c = ctx;
    if (config_channel_problem(channel))
        return;
    struct channel *ch = chan_add(c, channel, false);
    if (!ch->joined)
        queue_join(c, ch->name);
}

static void out_part(void *ctx, const char *channel)
{
    struct ircb_conn *c = ctx;
    struct channel *ch = chan_find(c, channel);
    if (!ch)
        return;
    ircb_queue_drop_target(&c->queue, ch->name);
    if (c->state == CONN_REGISTERED && ch->joined)
        ircb_queue_push(&c->queue, IRCB_PART, ch->name, NULL, true, NULL, 0);
    chan_remove(c, ch);
}

static bool out_member(void *ctx, const char *channel, const char *nick, struct bw_identity *id)
{
    struct ircb_conn *c = ctx;
    const struct ircb_member *u = ircb_members_find(&c->members, nick);
    if (!u || !u->user || !u->host || !ircb_members_in(&c->members, channel, nick))
        return false;
    *id = (struct bw_identity){u->nick, u->user, u->host, u->account, u->account_known};
    return true;
}

static void out_reload(void *ctx)
{
    struct ircb_conn *c = ctx;
    if (c->hooks.reload)
        c->hooks.reload(c->hooks.ctx);
}

/* Hand queued lines to the library while pacing and its 1 KiB send buffer allow. */
static void flush_queue(struct ircb_conn *c, int64_t now)
{
    if (c->state != CONN_REGISTERED || c->quitting)
        return;
    const struct ircb_line *l;
    while ((l = ircb_queue_peek(&c->queue, now))) {
        int rc;
        switch (l->kind) {
        case IRCB_NOTICE:
            rc = irc_cmd_notice(c->session, l->target, l->text);
            break;
        case IRCB_JOIN:
            rc = irc_cmd_join(c->session, l->target, NULL);
            break;
        case IRCB_PART:
            rc = irc_cmd_part(c->session, l->target);
            break;
        case IRCB_WHO:
            /* The token 152 marks our own WHOX replies. */
            rc = c->whox ? irc_send_raw(c->session, "WHO %s %%tcuhnfa,152", l->target)
                         : irc_send_raw(c->session, "WHO %s", l->target);
            break;
        default:
            rc = irc_cmd_msg(c->session, l->target, l->text);
            break;
        }
        if (rc != 0 && irc_errno(c->session) == LIBIRC_ERR_NOMEM)
            return; /* the library's buffer is full: try again once it drained */
        if (rc != 0)
            log_warn("%s: a line to %s was not sent: %s", c->name, l->target,
                     irc_strerror(irc_errno(c->session)));
        ircb_queue_sent(&c->queue, now);
    }
}

/* ---- events from libircclient ---- */

static struct ircb_conn *conn_of(irc_session_t *s)
{
    return irc_get_ctx(s);
}

static const char *param(const char **params, unsigned count, unsigned i)
{
    return i < count && params[i] ? params[i] : NULL;
}

/* The nick to try after nick_try failures, into buf; false when out of ideas. */
static bool nick_candidate(const struct ircb_conn *c, unsigned try, char *buf, size_t size)
{
    if (try < c->nick_count) {
        snprintf(buf, size, "%s", c->nicks[try]);
        return true;
    }
    unsigned extra = try - (unsigned)c->nick_count;
    if (extra >= EXTRA_NICKS)
        return false;
    /* Short enough for a NICKLEN of 9: the base cut to 6 bytes, '_', up to 2 digits. */
    if (extra < 2)
        snprintf(buf, size, "%s%s", c->nicks[0], extra ? "__" : "_");
    else
        snprintf(buf, size, "%.6s_%u", c->nicks[0], extra);
    return true;
}

static void on_registered(struct ircb_conn *c, const char *nick)
{
    snprintf(c->own_nick, sizeof c->own_nick, "%s", nick);
    c->state = CONN_REGISTERED;
    c->reconnect_delay = RECONNECT_MIN_MS;
    log_info("%s: registered as %s", c->name, c->own_nick);
    bot_set_own_nick(c->bot, c->own_nick);
    for (size_t i = 0; i < c->chan_count; i++)
        queue_join(c, c->chans[i].name);
}

/* ISUPPORT (005): what the server's WHO and NAMES look like. */
static void on_isupport(struct ircb_conn *c, const char **params, unsigned count)
{
    for (unsigned i = 1; i + 1 < count; i++) {
        const char *t = params[i];
        if (strcmp(t, "WHOX") == 0) {
            c->whox = true;
        } else if (strncmp(t, "PREFIX=(", 8) == 0) {
            const char *close = strchr(t, ')');
            if (close)
                snprintf(c->name_prefixes, sizeof c->name_prefixes, "%s", close + 1);
        } else if (strncmp(t, "NICKLEN=", 8) == 0 && atoi(t + 8) > BW_NICK_MAX) {
            log_warn("%s: the server allows nicks of %d bytes; players with nicks over %d "
                     "bytes cannot sit",
                     c->name, atoi(t + 8), BW_NICK_MAX);
        }
    }
}

/* A member of a channel and who they are, from WHO (352) or WHOX (354). */
static void on_who(struct ircb_conn *c, const char *chan, const char *user, const char *host,
                   const char *nick, const char *account)
{
    if (!chan || !user || !host || !nick || is_me(c, nick) || !chan_find(c, chan))
        return;
    ircb_members_add(&c->members, chan, nick, user, host, account);
    const struct ircb_member *u = ircb_members_find(&c->members, nick);
    struct bw_identity id = {nick, user, host, u ? u->account : NULL, u && u->account_known};
    bot_on_member(c->bot, chan, &id, ircb_now_ms());
}

static void ev_numeric(irc_session_t *s, unsigned event, const char *origin, const char **params,
                       unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    if (event == 5) {
        on_isupport(c, params, count);
    } else if (event == 353 && count >= 4) {
        /* RPL_NAMREPLY me = #chan :names */
        if (chan_find(c, params[2]))
            ircb_members_names(&c->members, params[2], params[3], c->name_prefixes);
    } else if (event == 352 && count >= 6) {
        /* RPL_WHOREPLY me #chan user host server nick flags :hops realname */
        on_who(c, params[1], params[2], params[3], params[5], NULL);
    } else if (event == 315 && count >= 2) {
        /* RPL_ENDOFWHO me #chan: every member has been told about */
        if (chan_find(c, params[1]))
            bot_on_members_known(c->bot, params[1], ircb_now_ms());
    } else if (event == 354 && count >= 8 && strcmp(params[1], "152") == 0) {
        /* WHOX with %tcuhnfa,152: me 152 #chan user host nick flags account ("0": none) */
        on_who(c, params[2], params[3], params[4], params[5], params[7]);
    } else if (event == 1 && param(params, count, 0)) {
        on_registered(c, params[0]);
    } else if ((event == LIBIRC_RFC_ERR_NICKNAMEINUSE || event == LIBIRC_RFC_ERR_ERRONEUSNICKNAME ||
                event == LIBIRC_RFC_ERR_UNAVAILRESOURCE) &&
               c->state != CONN_REGISTERED) {
        char nick[64];
        if (!nick_candidate(c, ++c->nick_try, nick, sizeof nick)) {
            log_warn("%s: every nick is taken", c->name);
            c->broken = true;
            return;
        }
        log_info("%s: nick taken, trying %s", c->name, nick);
        snprintf(c->own_nick, sizeof c->own_nick, "%s", nick);
        irc_cmd_nick(s, nick);
    } else if (event == LIBIRC_RFC_ERR_BANNEDFROMCHAN || event == LIBIRC_RFC_ERR_INVITEONLYCHAN ||
               event == LIBIRC_RFC_ERR_BADCHANNELKEY || event == LIBIRC_RFC_ERR_CHANNELISFULL) {
        log_warn("%s: cannot join %s (%u)", c->name, param(params, count, 1), event);
    }
}

/* Ask who the members of chan are (user, host and, with WHOX, account). */
static void ask_who(struct ircb_conn *c, const char *chan)
{
    ircb_queue_push(&c->queue, IRCB_WHO, chan, NULL, true, NULL, 0);
}

static void ev_join(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    const char *chan = param(params, count, 0);
    if (!chan)
        return;
    char buf[512];
    struct bw_identity id = split_origin(origin, buf, sizeof buf);
    /* extended-join: JOIN #chan account :realname */
    const char *account = NULL;
    if (count >= 2 && ircb_transport_has_cap(&c->transport, "extended-join"))
        account = params[1];
    if (is_me(c, id.nick)) {
        snprintf(c->own_user, sizeof c->own_user, "%s", id.user ? id.user : "");
        snprintf(c->own_host, sizeof c->own_host, "%s", id.host ? id.host : "");
        struct channel *ch = chan_find(c, chan);
        if (!ch) {
            /* Forced in by the server or an old admin request: do not stay. */
            irc_cmd_part(s, chan);
            return;
        }
        ch->joined = true;
        ch->rejoin_at = 0;
        log_info("%s: joined %s", c->name, chan);
        /* Whoever was there is learned anew: NAMES follows the JOIN, WHO tells who they are. */
        ircb_members_drop_channel(&c->members, chan);
        ask_who(c, chan);
        bot_on_join(c->bot, chan, &id, ircb_now_ms());
        return;
    }
    ircb_members_add(&c->members, chan, id.nick, id.user, id.host, account);
    const struct ircb_member *u = ircb_members_find(&c->members, id.nick);
    id.account = u ? u->account : NULL;
    id.account_known = u && u->account_known;
    bot_on_join(c->bot, chan, &id, ircb_now_ms());
}

static void ev_part(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    const char *chan = param(params, count, 0);
    if (!chan)
        return;
    char buf[512];
    struct bw_identity id = identity_of(c, origin, buf, sizeof buf);
    if (is_me(c, id.nick)) {
        struct channel *ch = chan_find(c, chan);
        if (ch)
            ch->joined = false;
    }
    bot_on_part(c->bot, chan, &id, ircb_now_ms());
    if (is_me(c, id.nick))
        ircb_members_drop_channel(&c->members, chan);
    else
        ircb_members_remove(&c->members, chan, id.nick);
}

static void ev_kick(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    const char *chan = param(params, count, 0), *victim = param(params, count, 1);
    if (!chan || !victim)
        return;
    int64_t now = ircb_now_ms();
    if (is_me(c, victim)) {
        struct channel *ch = chan_find(c, chan);
        if (ch) {
            ch->joined = false;
            ch->rejoin_at = now + REJOIN_DELAY_MS;
        }
        log_warn("%s: kicked from %s", c->name, chan);
    }
    bot_on_kick(c->bot, chan, victim, now);
    if (is_me(c, victim))
        ircb_members_drop_channel(&c->members, chan);
    else
        ircb_members_remove(&c->members, chan, victim);
}

static void ev_quit(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    char buf[512];
    struct bw_identity id = identity_of(c, origin, buf, sizeof buf);
    bot_on_quit(c->bot, &id, ircb_now_ms());
    ircb_members_quit(&c->members, id.nick);
}

static void ev_nick(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    const char *new_nick = param(params, count, 0);
    if (!new_nick)
        return;
    char buf[512];
    struct bw_identity id = identity_of(c, origin, buf, sizeof buf);
    if (is_me(c, id.nick)) {
        snprintf(c->own_nick, sizeof c->own_nick, "%s", new_nick);
        bot_set_own_nick(c->bot, c->own_nick);
        return;
    }
    bot_on_nick(c->bot, &id, new_nick, ircb_now_ms());
    ircb_members_rename(&c->members, id.nick, new_nick);
}

/* PRIVMSG, whichever callback the library picked: its own idea of our nick goes wrong after
 * other users' NICKs, so the target decides. */
static void ev_message(irc_session_t *s, const char *event, const char *origin, const char **params,
                       unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    const char *target = param(params, count, 0), *text = param(params, count, 1);
    if (!target || !text || !origin || *text == '\x01')
        return;
    char buf[512];
    struct bw_identity id = identity_of(c, origin, buf, sizeof buf);
    if (is_me(c, id.nick))
        return;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bot_on_message(c->bot, ircb_is_channel(target) ? target : NULL, &id, text, ircb_now_ms());
    clock_gettime(CLOCK_MONOTONIC, &t1);
    hist_add(&c->handling, (t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_nsec - t0.tv_nsec) / 1000);
}

/* CTCP requests: VERSION and PING only, rate-limited; nothing else is answered. */
static void ev_ctcp(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    const char *req = param(params, count, 0);
    if (!req || !origin)
        return;
    int64_t now = ircb_now_ms();
    if (c->ctcp_clock - now > (int64_t)(CTCP_BURST - 1) * CTCP_INTERVAL_MS)
        return;
    char nick[128], reply[160];
    irc_target_get_nick(origin, nick, sizeof nick);
    if (strcasecmp(req, "VERSION") == 0)
        snprintf(reply, sizeof reply, "\x01VERSION brickwood %s\x01", BW_VERSION);
    else if (strncasecmp(req, "PING ", 5) == 0 && strlen(req) <= 5 + 64 && !strchr(req + 5, '\x01'))
        snprintf(reply, sizeof reply, "\x01PING %s\x01", req + 5);
    else
        return;
    c->ctcp_clock = (c->ctcp_clock > now ? c->ctcp_clock : now) + CTCP_INTERVAL_MS;
    ircb_queue_push(&c->queue, IRCB_NOTICE, nick, reply, false, NULL, max_text(c, nick));
}

static void ev_unknown(irc_session_t *s, const char *event, const char *origin, const char **params,
                       unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    /* account-notify: ":nick!user@host ACCOUNT name" ("*" = logged out). */
    if (strcmp(event, "ACCOUNT") == 0 && origin && param(params, count, 0)) {
        char buf[512];
        struct bw_identity id = split_origin(origin, buf, sizeof buf);
        if (!ircb_members_find(&c->members, id.nick))
            return; /* nobody the bot shares a channel with */
        ircb_members_set_account(&c->members, id.nick, params[0]);
        const char *acc = strcmp(params[0], "*") == 0 ? NULL : params[0];
        bot_on_account(c->bot, id.nick, acc, ircb_now_ms());
    }
}

static void ev_ignore(irc_session_t *s, const char *event, const char *origin, const char **params,
                      unsigned count)
{
}

/* ---- connection life ---- */

static uint64_t next_random(struct ircb_conn *c)
{
    /* xorshift64*: enough to spread reconnect times */
    c->jitter ^= c->jitter >> 12;
    c->jitter ^= c->jitter << 25;
    c->jitter ^= c->jitter >> 27;
    return c->jitter * 2685821657736338717ull;
}

static void teardown(struct ircb_conn *c, const char *why, int64_t now)
{
    if (c->session) {
        irc_destroy_session(c->session);
        c->session = NULL;
    }
    if (c->transport_open) {
        ircb_transport_close(&c->transport);
        c->transport_open = false;
    }
    if (c->quitting)
        log_info("%s: disconnected: %s", c->name, why);
    else if (c->state != CONN_IDLE)
        log_warn("%s: disconnected: %s; retrying in %d s", c->name, why, c->reconnect_delay / 1000);
    if (c->bot && c->state != CONN_IDLE)
        bot_on_disconnect(c->bot, now);
    c->state = CONN_IDLE;
    c->broken = false;
    for (size_t i = 0; i < c->chan_count; i++)
        c->chans[i].joined = false;
    ircb_members_clear(&c->members);
    c->whox = false;
    /* What was queued was said to a connection that is gone; games resume on the next. */
    int burst = c->queue.burst, interval = c->queue.interval_ms;
    ircb_queue_fini(&c->queue);
    ircb_queue_init(&c->queue, burst, interval);
    c->reconnect_at = now + c->reconnect_delay +
                      (int64_t)(next_random(c) % (uint64_t)(c->reconnect_delay / 4 + 1));
    c->reconnect_delay =
        c->reconnect_delay * 2 > RECONNECT_MAX_MS ? RECONNECT_MAX_MS : c->reconnect_delay * 2;
}

/* The local port of the library's socket, the only one it has while connecting. */
static int library_port(irc_session_t *s)
{
    fd_set in, out;
    int maxfd = -1;
    FD_ZERO(&in);
    FD_ZERO(&out);
    irc_add_select_descriptors(s, &in, &out, &maxfd);
    for (int fd = 0; fd <= maxfd; fd++) {
        if (!FD_ISSET(fd, &in) && !FD_ISSET(fd, &out))
            continue;
        struct sockaddr_in sin;
        socklen_t len = sizeof sin;
        if (getsockname(fd, (struct sockaddr *)&sin, &len) == 0 && sin.sin_family == AF_INET) {
            int one = 1; /* lines go out at once, not when a segment fills */
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            return ntohs(sin.sin_port);
        }
    }
    return 0;
}

static void start_connect(struct ircb_conn *c, int64_t now)
{
    c->state = CONN_CONNECTING;
    c->connect_deadline = now + REGISTER_TIMEOUT_MS;
    c->nick_try = 0;
    snprintf(c->own_nick, sizeof c->own_nick, "%s", c->nicks[0]);
    c->own_user[0] = c->own_host[0] = 0;
    log_info("%s: connecting to %s port %d%s", c->name, c->host, c->port, c->tls ? " (TLS)" : "");
    /* The library watches its socket with select(): a descriptor past FD_SETSIZE would be
     * written outside its fd_set. Its socket takes the lowest free number, which this probe
     * finds. */
    int probe = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (probe >= 0)
        close(probe);
    if (probe < 0 || probe >= FD_SETSIZE - 8) {
        c->transport_open = false;
        teardown(c, "too many open descriptors for the IRC library", now);
        return;
    }
    struct ircb_transport_opts opts = {.name = c->name,
                                       .host = c->host,
                                       .port = c->port,
                                       .tls = c->tls,
                                       .tls_verify = c->tls_verify,
                                       .tls_ca_file = c->tls_ca_file,
                                       .tls_client_cert = c->tls_client_cert,
                                       .sasl = &c->sasl,
                                       .ping_interval_ms = c->ping_interval_s * 1000,
                                       .ping_timeout_ms = c->ping_timeout_s * 1000};
    if (ircb_transport_open(&c->transport, &opts, now) != 0) {
        c->transport_open = true;
        teardown(c, c->transport.error, now);
        return;
    }
    c->transport_open = true;

    irc_callbacks_t cb;
    memset(&cb, 0, sizeof cb);
    cb.event_numeric = ev_numeric;
    cb.event_join = ev_join;
    cb.event_part = ev_part;
    cb.event_kick = ev_kick;
    cb.event_quit = ev_quit;
    cb.event_nick = ev_nick;
    cb.event_channel = ev_message;
    cb.event_privmsg = ev_message;
    cb.event_ctcp_req = ev_ctcp;
    cb.event_ctcp_action = ev_ignore;
    cb.event_ctcp_rep = ev_ignore;
    cb.event_unknown = ev_unknown;
    c->session = irc_create_session(&cb);
    if (!c->session) {
        teardown(c, "cannot create an IRC session", now);
        return;
    }
    irc_set_ctx(c->session, c);
    if (irc_connect(c->session, "127.0.0.1",
                    (unsigned short)ircb_transport_local_port(&c->transport), c->password,
                    c->nicks[0], c->username, c->realname) != 0) {
        teardown(c, irc_strerror(irc_errno(c->session)), now);
        return;
    }
    ircb_transport_expect_peer(&c->transport, library_port(c->session));
}

static void copy_strings(char ***dst, size_t *dst_n, char *const *src, size_t n)
{
    for (size_t i = 0; i < *dst_n; i++)
        free((*dst)[i]);
    free(*dst);
    *dst = xcalloc(n ? n : 1, sizeof **dst);
    for (size_t i = 0; i < n; i++)
        (*dst)[i] = xstrdup(src[i]);
    *dst_n = n;
}

static void free_sasl(struct config_sasl *sasl)
{
    if (sasl->password)
        memset(sasl->password, 0, strlen(sasl->password));
    free(sasl->username);
    free(sasl->password);
    *sasl = (struct config_sasl){0};
}

static void set_config(struct ircb_conn *c, const struct config_network *net)
{
    free(c->name);
    free(c->host);
    free(c->password);
    free(c->username);
    free(c->realname);
    free(c->tls_ca_file);
    free(c->tls_client_cert);
    free_sasl(&c->sasl);
    c->tls = net->tls;
    c->tls_verify = net->tls_verify;
    c->tls_ca_file = net->tls_ca_file ? xstrdup(net->tls_ca_file) : NULL;
    c->tls_client_cert = net->tls_client_cert ? xstrdup(net->tls_client_cert) : NULL;
    c->sasl = net->sasl;
    c->sasl.username = net->sasl.username ? xstrdup(net->sasl.username) : NULL;
    c->sasl.password = net->sasl.password ? xstrdup(net->sasl.password) : NULL;
    c->ping_interval_s = net->ping_interval_s;
    c->ping_timeout_s = net->ping_timeout_s;
    c->name = xstrdup(net->name);
    c->host = xstrdup(net->host);
    c->password = net->password ? xstrdup(net->password) : NULL;
    c->username = xstrdup(net->username);
    c->realname = xstrdup(net->realname);
    c->port = net->port;
    /* The first nick, then the alternatives. */
    char **list = xcalloc(net->alt_nick_count + 1, sizeof *list);
    list[0] = net->nick;
    for (size_t i = 0; i < net->alt_nick_count; i++)
        list[i + 1] = net->alt_nicks[i];
    copy_strings(&c->nicks, &c->nick_count, list, net->alt_nick_count + 1);
    free(list);
    ircb_queue_set_pacing(&c->queue, net->flood.burst, net->flood.interval_ms);
}

bool ircb_conn_usable(const struct config_network *net)
{
    if (!net->tls)
        return true;
    struct ircb_tls_opts o = {.host = net->host,
                              .verify = net->tls_verify,
                              .ca_file = net->tls_ca_file,
                              .client_cert = net->tls_client_cert};
    const char *why = ircb_tls_check_files(&o);
    if (why)
        log_error("%s: %s", net->name, why);
    return why == NULL;
}

struct ircb_conn *ircb_conn_new(const struct config_network *net, const struct config_bot *botcfg,
                                const struct config_game *game, uint64_t seed,
                                const struct ircb_hooks *hooks)
{
    if (!ircb_conn_usable(net))
        return NULL;
    struct ircb_conn *c = xcalloc(1, sizeof *c);
    c->jitter = (seed ^ (uint64_t)ircb_now_ms()) | 1;
    ircb_queue_init(&c->queue, net->flood.burst, net->flood.interval_ms);
    set_config(c, net);
    c->private_reply = botcfg->private_reply;
    if (hooks)
        c->hooks = *hooks;
    for (size_t i = 0; i < net->channel_count; i++)
        chan_add(c, net->channels[i], true);
    c->reconnect_delay = RECONNECT_MIN_MS;
    ircb_members_init(&c->members);
    snprintf(c->name_prefixes, sizeof c->name_prefixes, "~&@%%+");
    struct bw_out out = {.ctx = c,
                         .send = out_send,
                         .drop = out_drop,
                         .join = out_join,
                         .part = out_part,
                         .reload = out_reload,
                         .member = out_member};
    c->bot = bot_new(net, botcfg, game, &out, seed);
    if (!c->bot) {
        ircb_conn_free(c);
        return NULL;
    }
    return c;
}

void ircb_conn_free(struct ircb_conn *c)
{
    if (!c)
        return;
    if (c->session)
        irc_destroy_session(c->session);
    if (c->transport_open)
        ircb_transport_close(&c->transport);
    if (c->bot)
        bot_free(c->bot);
    ircb_queue_fini(&c->queue);
    while (c->chan_count)
        chan_remove(c, &c->chans[c->chan_count - 1]);
    free(c->chans);
    ircb_members_fini(&c->members);
    copy_strings(&c->nicks, &c->nick_count, NULL, 0);
    free(c->nicks);
    free(c->name);
    free(c->host);
    free(c->password);
    free(c->username);
    free(c->realname);
    free(c->tls_ca_file);
    free(c->tls_client_cert);
    free_sasl(&c->sasl);
    free(c);
}

struct bot *ircb_conn_bot(struct ircb_conn *c)
{
    return c->bot;
}

const char *ircb_conn_name(const struct ircb_conn *c)
{
    return c->name;
}

void ircb_conn_reconfigure(struct ircb_conn *c, const struct config_network *net,
                           const struct config_bot *botcfg, const struct config_game *game)
{
    set_config(c, net);
    c->private_reply = botcfg->private_reply;
    bot_tick(c->bot, ircb_now_ms()); /* brings the bot's clock up to date for the new timer */
    bot_reconfigure(c->bot, net, botcfg, game);
    for (size_t i = c->chan_count; i-- > 0;) {
        struct channel *ch = &c->chans[i];
        bool keep = !ch->from_config;
        for (size_t j = 0; j < net->channel_count && !keep; j++)
            keep = strcasecmp(net->channels[j], ch->name) == 0;
        if (!keep)
            out_part(c, ch->name);
    }
    for (size_t j = 0; j < net->channel_count; j++)
        if (!chan_find(c, net->channels[j]))
            queue_join(c, chan_add(c, net->channels[j], true)->name);
}

void ircb_conn_quit(struct ircb_conn *c, const char *reason)
{
    if (c->quitting)
        return;
    if (c->handling.count)
        log_info("%s: handled %llu lines from users: median %lld us, p99 %lld us, max %lld us",
                 c->name, (unsigned long long)c->handling.count,
                 (long long)hist_quantile(&c->handling, 0.5),
                 (long long)hist_quantile(&c->handling, 0.99),
                 (long long)hist_quantile(&c->handling, 1.0));
    c->quitting = true;
    c->quit_deadline = ircb_now_ms() + QUIT_WAIT_MS;
    if (c->state == CONN_REGISTERED)
        irc_cmd_quit(c->session, reason);
    else if (c->state == CONN_CONNECTING)
        teardown(c, "quitting", ircb_now_ms());
}

bool ircb_conn_done(const struct ircb_conn *c)
{
    if (!c->quitting)
        return false;
    /* The server answers QUIT by closing the connection. */
    return c->state != CONN_REGISTERED || ircb_now_ms() >= c->quit_deadline;
}

/* ---- the loop ---- */

/* Run what is due and return when c next needs attention. */
static int64_t run_timers(struct ircb_conn *c, int64_t now)
{
    int64_t next = INT64_MAX;
    if (c->state == CONN_IDLE && !c->quitting) {
        if (now >= c->reconnect_at)
            start_connect(c, now);
        if (c->state == CONN_IDLE)
            next = c->reconnect_at;
    }
    if (c->transport_open && c->state != CONN_IDLE) {
        int64_t t = ircb_transport_tick(&c->transport, now);
        if (c->transport.state == IRCB_T_CLOSED)
            teardown(c, c->transport.error, now);
        else if (t < next)
            next = t;
    }
    if (c->state == CONN_CONNECTING) {
        if (now >= c->connect_deadline)
            teardown(c, "no welcome from the server in time", now);
        else if (c->connect_deadline < next)
            next = c->connect_deadline;
    }
    if (c->state == CONN_REGISTERED) {
        for (size_t i = 0; i < c->chan_count; i++) {
            struct channel *ch = &c->chans[i];
            if (!ch->rejoin_at)
                continue;
            if (now >= ch->rejoin_at) {
                ch->rejoin_at = 0;
                queue_join(c, ch->name);
            } else if (ch->rejoin_at < next) {
                next = ch->rejoin_at;
            }
        }
    }
    if (now >= bot_next_deadline(c->bot))
        bot_tick(c->bot, now);
    int64_t t = bot_next_deadline(c->bot);
    if (t < next)
        next = t;
    flush_queue(c, now);
    if (c->state == CONN_REGISTERED && !c->quitting) {
        t = ircb_queue_next_time(&c->queue, now);
        if (t < next)
            next = t;
    }
    return next;
}

/* Where one connection's descriptors sit in the shared poll array. */
struct slot {
    size_t lib_first, lib_n, t_first, t_n;
};

static void handle(struct ircb_conn *c, struct pollfd *fds, const struct slot *sl, int64_t now)
{
    if (!c->transport_open)
        return;
    ircb_transport_handle(&c->transport, fds + sl->t_first, sl->t_n, now);
    if (c->session && sl->lib_n) {
        fd_set in, out;
        FD_ZERO(&in);
        FD_ZERO(&out);
        for (size_t i = sl->lib_first; i < sl->lib_first + sl->lib_n; i++) {
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
                FD_SET(fds[i].fd, &in);
            if (fds[i].revents & (POLLOUT | POLLHUP | POLLERR))
                FD_SET(fds[i].fd, &out);
        }
        if (irc_process_select_descriptors(c->session, &in, &out) != 0) {
            teardown(c, irc_strerror(irc_errno(c->session)), now);
            return;
        }
    }
    if (c->transport.state == IRCB_T_CLOSED) {
        teardown(c, c->transport.error, now);
        return;
    }
    if (c->broken)
        teardown(c, "registration failed", now);
}

void ircb_run_once(struct ircb_conn *const *conns, size_t n, int max_wait_ms)
{
    int64_t now = ircb_now_ms(), next = now + max_wait_ms;
    for (size_t i = 0; i < n; i++) {
        int64_t t = run_timers(conns[i], now);
        if (t < next)
            next = t;
    }

    size_t cap = n * (IRCB_TRANSPORT_FDS + 4) + 1, used = 0;
    struct pollfd *fds = xcalloc(cap, sizeof *fds);
    struct slot *slots = xcalloc(n ? n : 1, sizeof *slots);
    for (size_t i = 0; i < n; i++) {
        struct ircb_conn *c = conns[i];
        slots[i].lib_first = used;
        if (c->session) {
            fd_set in, out;
            int maxfd = -1;
            FD_ZERO(&in);
            FD_ZERO(&out);
            irc_add_select_descriptors(c->session, &in, &out, &maxfd);
            for (int fd = 0; fd <= maxfd && used + IRCB_TRANSPORT_FDS < cap; fd++) {
                short ev = (FD_ISSET(fd, &in) ? POLLIN : 0) | (FD_ISSET(fd, &out) ? POLLOUT : 0);
                if (ev)
                    fds[used++] = (struct pollfd){.fd = fd, .events = ev};
            }
        }
        slots[i].lib_n = used - slots[i].lib_first;
        slots[i].t_first = used;
        if (c->transport_open)
            used += ircb_transport_pollfds(&c->transport, fds + used);
        slots[i].t_n = used - slots[i].t_first;
    }

    int64_t wait = next - now;
    if (wait < 0)
        wait = 0;
    if (wait > max_wait_ms)
        wait = max_wait_ms;
    int rc = poll(fds, used, (int)wait);
    if (rc < 0 && errno != EINTR)
        log_error("poll: %s", strerror(errno));
    now = ircb_now_ms();
    for (size_t i = 0; i < n && rc > 0; i++)
        handle(conns[i], fds, &slots[i], now);
    for (size_t i = 0; i < n; i++)
        flush_queue(conns[i], now);
    free(fds);
    free(slots);
}
