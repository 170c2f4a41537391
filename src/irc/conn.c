/* One network's connection: libircclient session, transport, queue, bot; its life and the
 * shared poll loop. The events the library reports are handled in events.c. */
#include "irc/conn.h"

#include <errno.h>
#include <libircclient.h>
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

#include "irc/internal.h"
#include "irc/tls.h"
#include "util/log.h"
#include "util/xmalloc.h"

int64_t ircb_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- channels ---- */

struct channel *chan_find(struct ircb_conn *c, const char *name)
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

void queue_join(struct ircb_conn *c, const char *name)
{
    if (c->state == CONN_REGISTERED)
        ircb_queue_push(&c->queue, IRCB_JOIN, name, NULL, true, NULL, 0);
}

/* ---- output ---- */

/* Room for text in one PRIVMSG/NOTICE to target: 512 bytes less CR LF and the prefix the
 * server puts in front when relaying it (":nick!user@host PRIVMSG target :"). */
size_t max_text(const struct ircb_conn *c, const char *target)
{
    size_t user = *c->own_user ? strlen(c->own_user) : strlen(c->username) + 1;
    size_t host = *c->own_host ? strlen(c->own_host) : HOST_RESERVE;
    size_t prefix = 1 + strlen(c->own_nick) + 1 + user + 1 + host + strlen(" PRIVMSG ") +
                    strlen(target) + strlen(" :");
    return prefix + 2 + 32 >= 512 ? 32 : 512 - 2 - prefix;
}

/* A message target as the log's channel= or nick= field (the other one NULL). */
static const char *to_channel(const char *target)
{
    return target && ircb_is_channel(target) ? target : NULL;
}

static const char *to_nick(const char *target)
{
    return target && !ircb_is_channel(target) ? target : NULL;
}

size_t ircb_conn_queue(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                       const char *text, unsigned flags, const char *key, size_t max_text)
{
    if (flags & BW_OUT_WHOLE)
        return ircb_queue_push_whole(q, kind, target, text, key, max_text);
    if ((flags & BW_OUT_BACKGROUND) && !key)
        return ircb_queue_push_background(q, kind, target, text, max_text);
    if ((flags & BW_OUT_IN_TURN) && key && ircb_is_channel(target))
        return ircb_queue_push_in_turn(q, kind, target, text, key, max_text);
    if (flags & BW_OUT_PLAYER)
        return ircb_queue_push_player(q, kind, target, text, flags & BW_OUT_URGENT, key, max_text);
    return ircb_queue_push(q, kind, target, text, flags & BW_OUT_URGENT, key, max_text);
}

static void out_send(void *ctx, const char *target, const char *text, unsigned flags,
                     const char *key)
{
    struct ircb_conn *c = ctx;
    enum ircb_kind kind = IRCB_PRIVMSG;
    if ((flags & BW_OUT_PRIVATE) && c->private_reply == CONFIG_PRIVATE_NOTICE)
        kind = IRCB_NOTICE;
    if (!target || !ircb_conn_queue(&c->queue, kind, target, text, flags, key, max_text(c, target)))
        log_event(LOG_LEVEL_DEBUG,
                  &(struct log_fields){.network = c->name,
                                       .channel = to_channel(target),
                                       .nick = to_nick(target),
                                       .action = "send_dropped"},
                  "%s: nothing sent to %s", c->name, target ? target : "(null)");
}

static size_t out_queued(void *ctx, const char *channel)
{
    struct ircb_conn *c = ctx;
    return ircb_queue_events(&c->queue, channel);
}

static size_t out_drawing(void *ctx, const char *channel)
{
    struct ircb_conn *c = ctx;
    return ircb_queue_drawings(&c->queue, channel);
}

static int out_calm(void *ctx, const char *channel, const char *const *nicks, size_t n,
                    int64_t now_ms)
{
    struct ircb_conn *c = ctx;
    _Static_assert((int)IRCB_CALM_NOT == (int)BW_CALM_NOT &&
                       (int)IRCB_CALM_GAME == (int)BW_CALM_GAME &&
                       (int)IRCB_CALM_FULL == (int)BW_CALM_FULL,
                   "the queue's calm is the bot's");
    return ircb_queue_calm(&c->queue, channel, nicks, n, now_ms);
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
    *id = (struct bw_identity){.nick = u->nick,
                               .user = u->user,
                               .host = u->host,
                               .account = u->account,
                               .account_known = u->account_known,
                               .op = ircb_members_op(&c->members, channel, nick)};
    return true;
}

static void out_reload(void *ctx)
{
    struct ircb_conn *c = ctx;
    if (c->hooks.reload)
        c->hooks.reload(c->hooks.ctx);
}

static void out_describe(void *ctx, const char *what, const char *channel,
                         void (*emit)(void *ectx, const char *line), void *ectx)
{
    struct ircb_conn *c = ctx;
    if (c->hooks.describe)
        c->hooks.describe(c->hooks.ctx, what, channel, emit, ectx);
    else
        ircb_conn_describe(c, what, channel, emit, ectx);
}

static void describe_network(struct ircb_conn *c, int64_t now, char *buf, size_t size)
{
    size_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (n < size)                                                                              \
            n += (size_t)snprintf(buf + n, size - n, __VA_ARGS__);                                 \
    } while (0)
    PUT("%s: ", c->name);
    if (c->state == CONN_REGISTERED)
        PUT("connected to %s:%d as %s", c->host, c->port, c->own_nick);
    else if (c->state == CONN_CONNECTING)
        PUT("connecting to %s:%d", c->host, c->port);
    else if (c->reconnect_at > now)
        PUT("backing off from %s:%d, next try in %lld s", c->host, c->port,
            (long long)((c->reconnect_at - now + 999) / 1000));
    else
        PUT("not connected to %s:%d", c->host, c->port);
    PUT("; %s", !c->tls ? "plain text" : c->tls_verify ? "TLS" : "TLS, not verified");
    if (c->sasl.mechanism == CONFIG_SASL_NONE)
        PUT("; no SASL");
    else if (c->transport_open && c->transport.cap.account[0])
        PUT("; SASL: logged in as %s", c->transport.cap.account);
    else
        PUT("; SASL: not logged in");
    if (c->state == CONN_REGISTERED && c->transport_open && c->transport.lag_ms >= 0)
        PUT("; lag %lld ms", (long long)c->transport.lag_ms);
    else
        PUT("; lag unknown");
    PUT("; %zu lines queued", ircb_queue_length(&c->queue));
#undef PUT
}

void ircb_conn_describe(struct ircb_conn *c, const char *what, const char *channel,
                        void (*emit)(void *ectx, const char *line), void *ectx)
{
    int64_t now = ircb_now_ms();
    char line[600], game[480];
    if (strcmp(what, "games") == 0) {
        bot_describe_games(c->bot, c->name, now, emit, ectx);
        return;
    }
    if (!channel) {
        describe_network(c, now, line, sizeof line);
        emit(ectx, line);
    }
    for (size_t i = 0; i < c->chan_count; i++) {
        struct channel *ch = &c->chans[i];
        if (channel && strcasecmp(channel, ch->name) != 0)
            continue;
        bot_describe_channel(c->bot, ch->name, now, game, sizeof game);
        snprintf(line, sizeof line, "%s %s: %s; %s", c->name, ch->name,
                 ch->joined ? "joined" : "not joined", game);
        emit(ectx, line);
        if (channel) /* one channel: in detail */
            bot_describe_detail(c->bot, ch->name, now, emit, ectx);
    }
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
        case IRCB_NAMES:
            rc = irc_cmd_names(c->session, l->target);
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
        if (rc == 0)
            link_handed(c, l);
        else
            log_event(LOG_LEVEL_WARN,
                      &(struct log_fields){.network = c->name,
                                           .channel = to_channel(l->target),
                                           .nick = to_nick(l->target),
                                           .action = "send_failed"},
                      "%s: a line to %s was not sent: %s", c->name, l->target,
                      irc_strerror(irc_errno(c->session)));
        ircb_queue_sent(&c->queue, now);
    }
}

/* ---- connection life ---- */

static void teardown(struct ircb_conn *c, const char *why, int64_t now)
{
    /* What the server may not have read, and what was queued, waits for the next connection. */
    link_requeue(c);
    if (c->session) {
        irc_destroy_session(c->session);
        c->session = NULL;
    }
    if (c->transport_open) {
        ircb_transport_close(&c->transport);
        c->transport_open = false;
    }
    const struct log_fields gone = {.network = c->name, .action = "disconnect"};
    if (c->quitting)
        log_event(LOG_LEVEL_INFO, &gone, "%s: disconnected: %s", c->name, why);
    else if (c->state != CONN_IDLE)
        log_event(LOG_LEVEL_WARN, &gone, "%s: disconnected: %s; retrying in %d s", c->name, why,
                  c->backoff.delay_ms / 1000);
    if (c->bot && c->state != CONN_IDLE)
        bot_on_disconnect(c->bot, now);
    c->silent = false;
    c->nick_retry_at = 0;
    c->state = CONN_IDLE;
    c->broken = false;
    for (size_t i = 0; i < c->chan_count; i++)
        c->chans[i].joined = c->chans[i].names_pending = false;
    ircb_members_clear(&c->members);
    c->whox = false;
    ircb_chanmodes_init(&c->modes); /* the next server says its own */
    c->reconnect_at = now + ircb_backoff_next(&c->backoff);
}

/* Whether fd is the socket the library just made: TCP over IPv4, connecting or connected to
 * port on 127.0.0.1. */
static bool library_socket(int fd, int port)
{
    int domain = 0, type = 0;
    socklen_t len = sizeof domain;
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0 || domain != AF_INET)
        return false;
    len = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM)
        return false;
    struct sockaddr_in peer;
    len = sizeof peer;
    if (getpeername(fd, (struct sockaddr *)&peer, &len) != 0)
        return errno == ENOTCONN; /* the connection is still being made */
    return peer.sin_family == AF_INET && ntohs(peer.sin_port) == port &&
           peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK);
}

/* The local port of the library's socket fd; lines go out at once, not when a segment fills. */
static int library_port(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in sin;
    socklen_t len = sizeof sin;
    if (getsockname(fd, (struct sockaddr *)&sin, &len) == 0 && sin.sin_family == AF_INET)
        return ntohs(sin.sin_port);
    return 0;
}

static void start_connect(struct ircb_conn *c, int64_t now)
{
    c->state = CONN_CONNECTING;
    c->connect_deadline = now + REGISTER_TIMEOUT_MS;
    c->nick_try = 0;
    snprintf(c->own_nick, sizeof c->own_nick, "%s", c->nicks[0]);
    c->own_user[0] = c->own_host[0] = 0;
    log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = c->name, .action = "connect"},
              "%s: connecting to %s port %d%s", c->name, c->host, c->port, c->tls ? " (TLS)" : "");
    /* The library watches its socket with select(): a descriptor past FD_SETSIZE would be
     * written outside its fd_set. Its socket takes the lowest free number: hold that number
     * while the transport opens its own descriptors (which may then lie anywhere, poll() serves
     * them), and free it just before the library makes its socket. */
    int slot = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (slot < 0 || slot >= FD_SETSIZE) {
        if (slot >= 0)
            close(slot);
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
    int rc = ircb_transport_open(&c->transport, &opts, now);
    c->transport_open = true;
    if (rc != 0) {
        close(slot);
        teardown(c, c->transport.error, now);
        return;
    }

    irc_callbacks_t cb;
    memset(&cb, 0, sizeof cb);
    ircb_events_install(&cb);
    c->session = irc_create_session(&cb);
    if (!c->session) {
        close(slot);
        teardown(c, "cannot create an IRC session", now);
        return;
    }
    irc_set_ctx(c->session, c);
    int port = ircb_transport_local_port(&c->transport);
    close(slot);
    if (irc_connect(c->session, "127.0.0.1", (unsigned short)port, c->password, c->nicks[0],
                    c->username, c->realname) != 0) {
        teardown(c, irc_strerror(irc_errno(c->session)), now);
        return;
    }
    /* Another thread (a resolver's) may have taken the number in between: then the library's
     * socket is elsewhere, perhaps past FD_SETSIZE, and must not be handed to select(). */
    if (!library_socket(slot, port)) {
        teardown(c, "the IRC library's socket did not get a descriptor below FD_SETSIZE", now);
        return;
    }
    ircb_transport_expect_peer(&c->transport, library_port(slot));
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
        log_event(LOG_LEVEL_ERROR,
                  &(struct log_fields){.network = net->name, .action = "tls_files"}, "%s: %s",
                  net->name, why);
    return why == NULL;
}

struct ircb_conn *ircb_conn_new(const struct config_network *net, const struct config_bot *botcfg,
                                const struct config_game *game, uint64_t seed,
                                const struct ircb_hooks *hooks)
{
    if (!ircb_conn_usable(net))
        return NULL;
    struct ircb_conn *c = xcalloc(1, sizeof *c);
    ircb_backoff_init(&c->backoff, seed ^ (uint64_t)ircb_now_ms());
    ircb_queue_init(&c->queue, net->flood.burst, net->flood.interval_ms);
    set_config(c, net);
    c->private_reply = botcfg->private_reply;
    if (hooks)
        c->hooks = *hooks;
    for (size_t i = 0; i < net->channel_count; i++)
        chan_add(c, net->channels[i], true);
    ircb_members_init(&c->members);
    ircb_chanmodes_init(&c->modes);
    struct bw_out out = {.ctx = c,
                         .send = out_send,
                         .drop = out_drop,
                         .join = out_join,
                         .part = out_part,
                         .reload = out_reload,
                         .member = out_member,
                         .secret = ircb_secrecy_out,
                         .describe = out_describe,
                         .queued = out_queued,
                         .calm = out_calm,
                         .drawing = out_drawing};
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
    link_clear(c);
    while (c->chan_count)
        chan_remove(c, &c->chans[c->chan_count - 1]);
    free(c->chans);
    ircb_members_fini(&c->members);
    ircb_secrecy_fini(&c->secrecy);
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
        log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = c->name, .action = "stats"},
                  "%s: handled %llu lines from users: median %lld us, p99 %lld us, max %lld us",
                  c->name, (unsigned long long)c->handling.count,
                  (long long)hist_quantile(&c->handling, 0.5),
                  (long long)hist_quantile(&c->handling, 0.99),
                  (long long)hist_quantile(&c->handling, 1.0));
    if (c->refusing.count)
        log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = c->name, .action = "stats"},
                  "%s: turned away %llu lines from users (rate limit): median %lld us, p99 "
                  "%lld us, max %lld us",
                  c->name, (unsigned long long)c->refusing.count,
                  (long long)hist_quantile(&c->refusing, 0.5),
                  (long long)hist_quantile(&c->refusing, 0.99),
                  (long long)hist_quantile(&c->refusing, 1.0));
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
        link_check(c, now);
    }
    int64_t nick_at = link_nick_tick(c, now);
    if (nick_at < next)
        next = nick_at;
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
    /* The server spoke: the games go on before anything it said reaches them. */
    link_check(c, now);
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
        log_event(LOG_LEVEL_ERROR, &(struct log_fields){.action = "poll"}, "poll: %s",
                  strerror(errno));
    now = ircb_now_ms();
    for (size_t i = 0; i < n && rc > 0; i++)
        handle(conns[i], fds, &slots[i], now);
    for (size_t i = 0; i < n; i++)
        flush_queue(conns[i], now);
    free(fds);
    free(slots);
}
