/* What libircclient reports, as the bot should see it: who is who (members.c), our own nick and
 * channels, capabilities from the transport, CTCP answers; then on to the bot. */
#include <libirc_rfcnumeric.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "irc/internal.h"
#include "util/log.h"

#ifndef BW_VERSION
#define BW_VERSION "dev"
#endif

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
    ircb_backoff_reset(&c->backoff);
    log_event(LOG_LEVEL_INFO,
              &(struct log_fields){.network = c->name, .nick = c->own_nick, .action = "registered"},
              "%s: registered as %s", c->name, c->own_nick);
    bot_set_own_nick(c->bot, c->own_nick);
    link_nick_registered(c, ircb_now_ms());
    for (size_t i = 0; i < c->chan_count; i++)
        queue_join(c, c->chans[i].name);
}

/* ISUPPORT (005): what the server's WHO, NAMES and MODE look like. */
static void on_isupport(struct ircb_conn *c, const char **params, unsigned count)
{
    /* The closing text ("are supported by this server") is the one parameter with spaces; the
     * transport may have cut a long line short of it (see from_server in transport.c). */
    for (unsigned i = 1; i < count; i++) {
        const char *t = params[i];
        if (!t || strchr(t, ' '))
            continue;
        if (strcmp(t, "WHOX") == 0) {
            c->whox = true;
        } else if (strncmp(t, "PREFIX=", 7) == 0) {
            if (!ircb_chanmodes_set_prefix(&c->modes, t + 7))
                log_event(LOG_LEVEL_WARN,
                          &(struct log_fields){.network = c->name, .action = "drop_in"},
                          "%s: ignored a malformed ISUPPORT PREFIX", c->name);
        } else if (strncmp(t, "CHANMODES=", 10) == 0) {
            if (!ircb_chanmodes_set_chanmodes(&c->modes, t + 10))
                log_event(LOG_LEVEL_WARN,
                          &(struct log_fields){.network = c->name, .action = "drop_in"},
                          "%s: ignored a malformed ISUPPORT CHANMODES", c->name);
        } else if (strncmp(t, "NICKLEN=", 8) == 0 && atoi(t + 8) > BW_NICK_MAX) {
            log_event(LOG_LEVEL_WARN, &(struct log_fields){.network = c->name, .action = "nicklen"},
                      "%s: the server allows nicks of %d bytes; players with nicks over %d "
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
    struct bw_identity id = {.nick = nick,
                             .user = user,
                             .host = host,
                             .account = u ? u->account : NULL,
                             .account_known = u && u->account_known};
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
            ircb_members_names(&c->members, params[2], params[3], c->modes.prefixes);
    } else if (event == 366 && count >= 2) {
        /* RPL_ENDOFNAMES me #chan */
        struct channel *ch = chan_find(c, params[1]);
        if (ch) {
            ch->names_pending = false;
            ircb_secrecy_names_end(c, params[1]);
        }
    } else if (event == 324 && count >= 3) {
        /* RPL_CHANNELMODEIS me #chan +modes [parameters] */
        ircb_secrecy_modes_are(c, params[1], params[2]);
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
            log_event(LOG_LEVEL_WARN,
                      &(struct log_fields){.network = c->name, .action = "nick_exhausted"},
                      "%s: every nick is taken", c->name);
            c->broken = true;
            return;
        }
        log_event(LOG_LEVEL_INFO,
                  &(struct log_fields){.network = c->name, .nick = nick, .action = "nick_retry"},
                  "%s: nick taken, trying %s", c->name, nick);
        snprintf(c->own_nick, sizeof c->own_nick, "%s", nick);
        irc_cmd_nick(s, nick);
    } else if (event == LIBIRC_RFC_ERR_BANNEDFROMCHAN || event == LIBIRC_RFC_ERR_INVITEONLYCHAN ||
               event == LIBIRC_RFC_ERR_BADCHANNELKEY || event == LIBIRC_RFC_ERR_CHANNELISFULL) {
        const char *chan = param(params, count, 1);
        log_event(
            LOG_LEVEL_WARN,
            &(struct log_fields){.network = c->name, .channel = chan, .action = "join_failed"},
            "%s: cannot join %s (%u)", c->name, chan ? chan : "?", event);
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
        ch->names_pending = false; /* NAMES follows the JOIN */
        log_event(LOG_LEVEL_INFO,
                  &(struct log_fields){.network = c->name, .channel = chan, .action = "join"},
                  "%s: joined %s", c->name, chan);
        /* Whoever was there is learned anew: NAMES follows the JOIN, WHO tells who they are. */
        ircb_members_drop_channel(&c->members, chan);
        ask_who(c, chan);
        ircb_secrecy_joined(c, chan);
        bot_on_join(c->bot, chan, &id, ircb_now_ms());
        return;
    }
    ircb_members_join(&c->members, chan, id.nick, id.user, id.host, account);
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
        char by[64] = "";
        if (origin)
            snprintf(by, sizeof by, "%.*s", (int)strcspn(origin, "!"), origin);
        log_event(
            LOG_LEVEL_WARN,
            &(struct log_fields){
                .network = c->name, .channel = chan, .nick = *by ? by : NULL, .action = "kicked"},
            "%s: kicked from %s", c->name, chan);
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
    link_nick_freed(c, id.nick, ircb_now_ms());
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
    if (strcasecmp(id.nick, new_nick) != 0)
        link_nick_freed(c, id.nick, ircb_now_ms());
}

/* MODE on a channel the bot is in: who holds a status there (whether a member is a channel
 * operator matters to the bot). */
static void ev_mode(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    struct ircb_conn *c = conn_of(s);
    const char *chan = param(params, count, 0);
    struct channel *ch = chan ? chan_find(c, chan) : NULL;
    if (!ch || !ch->joined || count < 2)
        return;
    ircb_secrecy_mode(c, chan, params[1]);
    if (ircb_members_mode(&c->members, chan, &c->modes, params + 1, count - 1))
        return;
    /* The rest of the line is unknown (a mode the server never described, parameters missing,
     * or more than the library keeps): it may have taken a status away from anyone, so nobody
     * holds one until NAMES tells again. */
    log_event(LOG_LEVEL_DEBUG,
              &(struct log_fields){.network = c->name, .channel = chan, .action = "drop_in"},
              "%s: a MODE on %s could not be read to its end; asking NAMES", c->name, chan);
    ircb_members_clear_status(&c->members, chan);
    if (!ch->names_pending) {
        ch->names_pending = true;
        ircb_queue_push(&c->queue, IRCB_NAMES, ch->name, NULL, true, NULL, 0);
    }
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
    uint64_t refused = bot_lines_refused(c->bot);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bot_on_message(c->bot, ircb_is_channel(target) ? target : NULL, &id, text, ircb_now_ms());
    clock_gettime(CLOCK_MONOTONIC, &t1);
    /* Lines the rate limit turned away are timed apart: a flood of them says nothing of the
     * time the bot takes for the players' commands. */
    hist_add(bot_lines_refused(c->bot) != refused ? &c->refusing : &c->handling,
             (t1.tv_sec - t0.tv_sec) * 1000000 + (t1.tv_nsec - t0.tv_nsec) / 1000);
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

void ircb_events_install(irc_callbacks_t *cb)
{
    cb->event_numeric = ev_numeric;
    cb->event_join = ev_join;
    cb->event_part = ev_part;
    cb->event_kick = ev_kick;
    cb->event_quit = ev_quit;
    cb->event_nick = ev_nick;
    cb->event_mode = ev_mode;
    cb->event_channel = ev_message;
    cb->event_privmsg = ev_message;
    cb->event_ctcp_req = ev_ctcp;
    cb->event_ctcp_action = ev_ignore;
    cb->event_ctcp_rep = ev_ignore;
    cb->event_unknown = ev_unknown;
}
