#include "webview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "irc/secrecy.h"
#include "util/cimap.h"
#include "util/log.h"
#include "util/xmalloc.h"
#include "web/server.h"

#define PUBLISH_EVERY_MS 250
#define TOP_EVERY_MS 30000

struct webview {
    struct web_server *server;
    int64_t published_ms, top_ms;
    char **hide; /* web.hide, copied */
    size_t hide_count;
    struct cimap hidden; /* the same, by name */
};

void webview_hide(struct webview *v, const struct config_web *web)
{
    if (!v)
        return;
    cimap_fini(&v->hidden);
    for (size_t i = 0; i < v->hide_count; i++)
        free(v->hide[i]);
    free(v->hide);
    v->hide_count = web->hide_count;
    v->hide = xcalloc(v->hide_count ? v->hide_count : 1, sizeof *v->hide);
    for (size_t i = 0; i < v->hide_count; i++) {
        v->hide[i] = xstrdup(web->hide[i]);
        cimap_add(&v->hidden, v->hide[i], v->hide[i]);
    }
}

struct webview *webview_start(const struct bw_config *cfg, bool *failed)
{
    *failed = false;
    if (!cfg->web.host)
        return NULL;
    char err[300];
    struct web_server *server = web_start(cfg->web.host, cfg->web.port, err, sizeof err);
    if (!server) {
        log_event(LOG_LEVEL_ERROR, &(struct log_fields){.action = "web_failed"}, "web: %s", err);
        *failed = true;
        return NULL;
    }
    log_event(LOG_LEVEL_INFO, &(struct log_fields){.action = "web"},
              "web view on port %d, reached as %s", web_port(server), cfg->web.public_url);
    struct webview *v = xcalloc(1, sizeof *v);
    v->server = server;
    webview_hide(v, &cfg->web);
    v->published_ms = v->top_ms = -TOP_EVERY_MS; /* the first round publishes both */
    return v;
}

struct publishing {
    struct webview *v;
    const char *network;
    const struct ircb_conn *conn; /* NULL: no word on channel modes */
};

static void publish_one(void *ctx, const struct bot_game_view *view)
{
    struct publishing *p = ctx;
    if (cimap_get(&p->v->hidden, view->channel) ||
        (p->conn && ircb_conn_channel_hidden(p->conn, view->channel)))
        return; /* as if there were no game: its page is a 404 like any other */
    web_publish(p->v->server, p->network, view);
}

struct top_fill {
    struct web_top_row *rows;
    int *n, max;
};

static int add_row(void *ctx, int rank, const struct store_stats *s)
{
    (void)rank;
    struct top_fill *f = ctx;
    if (*f->n >= f->max)
        return 1;
    struct web_top_row *r = &f->rows[(*f->n)++];
    /* The nick of their latest game, never the identity (it may hold a user@host). */
    snprintf(r->name, sizeof r->name, "%.*s", (int)sizeof r->name - 1, s->nick[0] ? s->nick : "?");
    r->rating = s->rating;
    r->games = s->games;
    r->wins = s->wins;
    return 0;
}

int webview_top(struct store *st, const char *network, struct web_top *t)
{
    char err[200] = "";
    memset(t, 0, sizeof *t);
    snprintf(t->network, sizeof t->network, "%s", network);
    struct top_fill people = {t->people, &t->n_people, WEB_TOP_PEOPLE};
    struct top_fill robots = {t->robots, &t->n_robots, WEB_TOP_ROBOTS};
    /* Both return how many rows they passed on, or a negative error. */
    int rc = store_top(st, network, WEB_TOP_PEOPLE, add_row, &people, err, sizeof err);
    if (rc >= 0)
        rc = store_top_robots(st, network, WEB_TOP_ROBOTS, add_row, &robots, err, sizeof err);
    if (rc < 0) {
        log_event(LOG_LEVEL_WARN,
                  &(struct log_fields){.network = network, .action = "store_failed"},
                  "web: leaderboard: %s", err);
        return rc;
    }
    return BW_OK;
}

static void publish_top(struct webview *v, struct ircb_conn *const *conns, size_t n,
                        struct store *st)
{
    struct web_top *t = xcalloc(n ? n : 1, sizeof *t);
    for (size_t i = 0; i < n; i++)
        webview_top(st, ircb_conn_name(conns[i]), &t[i]);
    web_publish_top(v->server, t, (int)n);
    free(t);
}

void webview_publish(struct webview *v, size_t n, const char *const *names, struct bot *const *bots,
                     struct ircb_conn *const *conns, int64_t now_ms)
{
    web_publish_begin(v->server);
    for (size_t i = 0; i < n; i++) {
        if (!bots[i])
            continue;
        struct publishing p = {v, names[i], conns ? conns[i] : NULL};
        bot_each_game(bots[i], now_ms, publish_one, &p);
    }
    web_publish_end(v->server);
}

void webview_update(struct webview *v, struct ircb_conn *const *conns, size_t n, struct store *st,
                    int64_t now_ms)
{
    if (!v || now_ms - v->published_ms < PUBLISH_EVERY_MS)
        return;
    v->published_ms = now_ms;
    const char **names = xcalloc(n ? n : 1, sizeof *names);
    struct bot **bots = xcalloc(n ? n : 1, sizeof *bots);
    for (size_t i = 0; i < n; i++) {
        names[i] = conns[i] ? ircb_conn_name(conns[i]) : NULL;
        bots[i] = conns[i] ? ircb_conn_bot(conns[i]) : NULL;
    }
    webview_publish(v, n, names, bots, conns, now_ms);
    free(names);
    free(bots);
    if (st && now_ms - v->top_ms >= TOP_EVERY_MS) {
        v->top_ms = now_ms;
        publish_top(v, conns, n, st);
    }
}

int webview_port(const struct webview *v)
{
    return v ? web_port(v->server) : 0;
}

void webview_stop(struct webview *v)
{
    if (!v)
        return;
    web_stop(v->server);
    cimap_fini(&v->hidden);
    for (size_t i = 0; i < v->hide_count; i++)
        free(v->hide[i]);
    free(v->hide);
    free(v);
}
