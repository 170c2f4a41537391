/* The link to the server as part of the games' clock: while the server says nothing, not even
 * to a PING of ours, the games on this network stand still (bot_link); lines to channels that
 * the server may not have read when the connection is lost go again on the next; and the bot
 * takes back its configured nick when it frees up. */
#include <libircclient.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "irc/internal.h"
#include "util/log.h"
#include "util/xmalloc.h"

/* The oldest line still kept: lines handed - RESEND_MAX and before are gone from the ring. */
static uint64_t kept_from(const struct ircb_conn *c)
{
    return c->handed > RESEND_MAX ? c->handed - RESEND_MAX + 1 : 1;
}

static void resend_free(struct resend *r)
{
    free(r->target);
    free(r->text);
    free(r->key);
    *r = (struct resend){0};
}

void link_clear(struct ircb_conn *c)
{
    for (size_t i = 0; i < RESEND_MAX; i++)
        resend_free(&c->resend[i]);
    c->handed = 0;
}

void link_handed(struct ircb_conn *c, const struct ircb_line *l)
{
    if ((l->kind != IRCB_PRIVMSG && l->kind != IRCB_NOTICE) || !ircb_is_channel(l->target) ||
        !*l->text)
        return;
    struct resend *r = &c->resend[c->handed++ % RESEND_MAX];
    if (r->text) /* not confirmed yet (confirmed lines are freed) */
        log_event(LOG_LEVEL_DEBUG,
                  &(struct log_fields){.network = c->name, .action = "resend_lost"},
                  "%s: more than %d lines to channels not yet confirmed; the oldest is given up",
                  c->name, RESEND_MAX);
    resend_free(r);
    *r = (struct resend){.kind = l->kind,
                         .target = xstrdup(l->target),
                         .text = xstrdup(l->text),
                         .key = l->key ? xstrdup(l->key) : NULL,
                         .how = l->how};
}

/* Forget the lines the server has read. */
static void prune(struct ircb_conn *c)
{
    if (!c->transport_open)
        return;
    uint64_t confirmed = ircb_transport_confirmed(&c->transport);
    for (uint64_t seq = kept_from(c); seq <= confirmed && seq <= c->handed; seq++)
        resend_free(&c->resend[(seq - 1) % RESEND_MAX]);
}

void link_check(struct ircb_conn *c, int64_t now)
{
    prune(c);
    if (!c->transport_open || c->transport.state == IRCB_T_CLOSED || c->state != CONN_REGISTERED)
        return;
    int64_t since = ircb_transport_silent_since(&c->transport, now);
    const struct log_fields f = {.network = c->name, .action = "link"};
    if (since && !c->silent) {
        c->silent = true;
        c->silent_since = since;
        log_event(LOG_LEVEL_WARN, &f,
                  "%s: no answer from the server for %lld ms; the games' clocks stop until it "
                  "answers",
                  c->name, (long long)(now - since));
        bot_link(c->bot, false, since);
    } else if (!since && c->silent) {
        c->silent = false;
        log_event(LOG_LEVEL_INFO, &f, "%s: the server answers again after %lld s; the games go on",
                  c->name, (long long)((now - c->silent_since) / 1000));
        bot_link(c->bot, true, now);
    }
}

void link_requeue(struct ircb_conn *c)
{
    prune(c);
    struct ircb_queue old = c->queue;
    ircb_queue_init(&c->queue, old.burst, old.interval_ms);
    size_t again = 0, queued = 0;
    uint64_t confirmed = c->transport_open ? ircb_transport_confirmed(&c->transport) : 0;
    uint64_t from = kept_from(c) > confirmed ? kept_from(c) : confirmed + 1;
    for (uint64_t seq = from; seq <= c->handed; seq++) {
        const struct resend *r = &c->resend[(seq - 1) % RESEND_MAX];
        if (r->text)
            again += ircb_queue_push_again(&c->queue, r->kind, r->target, r->text, r->key, r->how);
    }
    link_clear(c);
    /* Drain the old queue in its own order, unpaced. */
    ircb_queue_set_pacing(&old, 1, 0);
    const struct ircb_line *l;
    while ((l = ircb_queue_peek(&old, 0))) {
        if ((l->kind == IRCB_PRIVMSG || l->kind == IRCB_NOTICE) && ircb_is_channel(l->target) &&
            *l->text)
            queued += ircb_queue_push_again(&c->queue, l->kind, l->target, l->text, l->key, l->how);
        ircb_queue_sent(&old, 0);
    }
    ircb_queue_fini(&old);
    if ((again || queued) && !c->quitting)
        log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = c->name, .action = "resend"},
                  "%s: %zu lines to channels the server may not have read and %zu still queued "
                  "go out on the next connection",
                  c->name, again, queued);
}

void link_nick_registered(struct ircb_conn *c, int64_t now)
{
    c->nick_retry_at = strcasecmp(c->own_nick, c->nicks[0]) != 0 ? now + NICK_FIRST_RETRY_MS : 0;
}

void link_nick_freed(struct ircb_conn *c, const char *nick, int64_t now)
{
    if (c->nick_retry_at && nick && strcasecmp(nick, c->nicks[0]) == 0)
        c->nick_retry_at = now;
}

int64_t link_nick_tick(struct ircb_conn *c, int64_t now)
{
    if (!c->nick_retry_at || c->state != CONN_REGISTERED || c->quitting || !c->session)
        return INT64_MAX;
    if (strcasecmp(c->own_nick, c->nicks[0]) == 0) {
        c->nick_retry_at = 0;
        return INT64_MAX;
    }
    if (now < c->nick_retry_at)
        return c->nick_retry_at;
    log_event(
        LOG_LEVEL_INFO,
        &(struct log_fields){.network = c->name, .nick = c->nicks[0], .action = "nick_regain"},
        "%s: asking for the nick %s again (now %s)", c->name, c->nicks[0], c->own_nick);
    irc_cmd_nick(c->session, c->nicks[0]);
    c->nick_retry_at = now + NICK_RETRY_MS;
    return c->nick_retry_at;
}
