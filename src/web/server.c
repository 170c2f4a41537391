/* The web view's HTTP server (see server.h): the requests and their answers. The published
 * copies are catalog.c's, the guard on connections guard.c's. */
#include "web/server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render/render.h"
#include "util/log.h"
#include "util/strbuf.h"
#include "util/url.h"
#include "util/xmalloc.h"
#include "web/internal.h"

/* Bounds on what clients may take (see web_start in server.h and the guard in internal.h). */
static const struct web_limits default_limits = {
    .connections = 64,
    .per_address = 16,
    .request_ms = 10000, /* the request line and headers within 10 s of connecting */
    .reply_ms = 60000,   /* a reply taken within a minute, however slowly it is read */
    .idle_s = 10,
};
#define WEB_REQUEST_BYTES 8192 /* request line and headers; more is refused by the library */
#define WEB_URL_MAX 1024       /* a longer path is answered 414 */

#define CSP                                                                                        \
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "                    \
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

static char *dup_bytes(const char *s, size_t len)
{
    char *d = xmalloc(len + 1);
    memcpy(d, s, len);
    d[len] = 0;
    return d;
}

void web_publish_top(struct web_server *w, const struct web_top *t, int n)
{
    struct strbuf sb = STRBUF_INIT;
    web_page_top(t, n, &sb);
    char *page = dup_bytes(sb_str(&sb), sb.len);
    pthread_mutex_lock(&w->lock);
    free(w->top);
    w->top = page;
    w->top_len = sb.len;
    w->top_gen++;
    pthread_mutex_unlock(&w->lock);
    sb_fini(&sb);
}

void web_get_stats(struct web_server *w, struct web_stats *out)
{
    pthread_mutex_lock(&w->lock);
    *out = w->stats;
    pthread_mutex_unlock(&w->lock);
    pthread_mutex_lock(&w->guard.lock);
    out->closed_late = w->guard.closed_late;
    out->evicted = w->guard.evicted;
    out->refused = w->guard.refused;
    pthread_mutex_unlock(&w->guard.lock);
}

/* What one request gets. */
struct reply {
    unsigned status;
    const char *type;
    char *body; /* owned */
    size_t len;
    char etag[40]; /* "" when none */
    const char *cache;
    bool allow; /* a 405: say which methods */
};

static void copy_body(struct reply *r, const char *body, size_t len)
{
    r->body = dup_bytes(body, len);
    r->len = len;
}

static void set_body(struct reply *r, struct strbuf *sb)
{
    copy_body(r, sb_str(sb), sb->len);
}

static void message(struct reply *r, unsigned status, const char *title, const char *text)
{
    struct strbuf sb = STRBUF_INIT;
    web_page_message(title, text, &sb);
    r->status = status;
    r->type = "text/html; charset=utf-8";
    set_body(r, &sb);
    sb_fini(&sb);
}

/* The ETag of a drawing: which game it is is in the path; its gen says which state. */
static void etag_of(char *out, size_t size, uint64_t gen, uint64_t salt)
{
    snprintf(out, size, "\"%llx-%llx\"", (unsigned long long)gen, (unsigned long long)salt);
}

/* The list of games, drawn once per catalog outside the lock. */
static void index_page(struct web_server *w, struct reply *r)
{
    struct web_catalog *c = web_catalog_take(w);
    r->status = MHD_HTTP_OK;
    r->type = "text/html; charset=utf-8";
    r->cache = "no-cache";
    pthread_mutex_lock(&w->lock);
    if (c->index) {
        copy_body(r, c->index, c->index_len);
        pthread_mutex_unlock(&w->lock);
        web_catalog_release(c);
        return;
    }
    pthread_mutex_unlock(&w->lock);
    struct web_game *games = xcalloc(c->n ? c->n : 1, sizeof *games);
    for (size_t i = 0; i < c->n; i++)
        games[i] = c->snaps[i]->game;
    struct strbuf sb = STRBUF_INIT;
    web_page_index(games, (int)c->n, &sb);
    free(games);
    set_body(r, &sb);
    pthread_mutex_lock(&w->lock);
    if (!c->index) {
        c->index = dup_bytes(sb_str(&sb), sb.len);
        c->index_len = sb.len;
    }
    pthread_mutex_unlock(&w->lock);
    sb_fini(&sb);
    web_catalog_release(c);
}

enum game_part { PART_PAGE, PART_LIVE, PART_SVG };

/* What game_page serves of one game: copies, owned by the caller, and the snap they were
 * drawn from (held by the catalog reference). */
struct drawn {
    char *live, *svg;
    size_t live_len, svg_len;
    const struct web_snap *snap;
    struct web_catalog *catalog;
};

/* The live part and the SVG of the game at network/channel (with the corner numbers or not),
 * drawn once per published state (outside the lock: the snap does not change) and then copied
 * from it. false when there is no such game. */
static bool draw(struct web_server *w, const char *network, const char *channel, bool corners,
                 struct drawn *d)
{
    memset(d, 0, sizeof *d);
    d->catalog = web_catalog_take(w);
    struct web_snap *p = web_catalog_find(d->catalog, network, channel);
    if (!p)
        return false;
    d->snap = p;
    int k = corners;
    pthread_mutex_lock(&w->lock);
    bool drawn = p->drawn[k];
    if (drawn) {
        d->live = dup_bytes(p->live[k], p->live_len[k]);
        d->live_len = p->live_len[k];
        d->svg = dup_bytes(p->svg[k], p->svg_len[k]);
        d->svg_len = p->svg_len[k];
    }
    pthread_mutex_unlock(&w->lock);
    if (drawn)
        return true;
    struct web_game game = p->game;
    game.corners = corners;
    struct strbuf live = STRBUF_INIT, svg = STRBUF_INIT;
    web_page_live(&game, &live);
    if (p->s.state != SESSION_LOBBY)
        web_page_board(&game, &svg);
    d->live = dup_bytes(sb_str(&live), live.len);
    d->live_len = live.len;
    d->svg = dup_bytes(sb_str(&svg), svg.len);
    d->svg_len = svg.len;
    sb_fini(&live);
    sb_fini(&svg);
    pthread_mutex_lock(&w->lock);
    if (!p->drawn[k]) { /* another request may have drawn it meanwhile */
        p->live[k] = dup_bytes(d->live, d->live_len);
        p->live_len[k] = d->live_len;
        p->svg[k] = dup_bytes(d->svg, d->svg_len);
        p->svg_len[k] = d->svg_len;
        p->drawn[k] = true;
    }
    pthread_mutex_unlock(&w->lock);
    return true;
}

static void game_page(struct web_server *w, const char *network, const char *channel,
                      enum game_part part, bool corners, struct reply *r)
{
    struct drawn d;
    if (!draw(w, network, channel, corners, &d)) {
        web_catalog_release(d.catalog);
        message(r, MHD_HTTP_NOT_FOUND, "No game here",
                "There is no lobby or game in this channel right now (or the address is not "
                "one the bot gave).");
        return;
    }
    r->status = MHD_HTTP_OK;
    r->cache = "no-cache";
    etag_of(r->etag, sizeof r->etag, d.snap->gen, part + (corners ? 3u : 0u));
    if (part == PART_LIVE) {
        r->type = "text/html; charset=utf-8";
        r->body = d.live;
        r->len = d.live_len;
        d.live = NULL;
    } else if (part == PART_SVG && !d.svg_len) {
        r->etag[0] = 0;
        message(r, MHD_HTTP_NOT_FOUND, "No board yet", "The game has not started.");
    } else if (part == PART_SVG) {
        r->type = "image/svg+xml";
        r->body = d.svg;
        r->len = d.svg_len;
        d.svg = NULL;
    } else {
        struct strbuf sb = STRBUF_INIT;
        struct web_game game = d.snap->game;
        game.corners = corners;
        web_page_around(&game, d.live, &sb); /* the live part drawn once */
        r->type = "text/html; charset=utf-8";
        set_body(r, &sb);
        sb_fini(&sb);
    }
    free(d.live);
    free(d.svg);
    web_catalog_release(d.catalog);
}

/* Route a decoded path; corners is the query's corners= (NULL when absent). */
static void route(struct web_server *w, const char *url, const char *corners, struct reply *r)
{
    if (strcmp(url, "/") == 0) {
        index_page(w, r);
    } else if (strcmp(url, "/top") == 0) {
        pthread_mutex_lock(&w->lock);
        if (w->top) {
            r->status = MHD_HTTP_OK;
            r->type = "text/html; charset=utf-8";
            r->cache = "no-cache";
            etag_of(r->etag, sizeof r->etag, w->top_gen, 9);
            copy_body(r, w->top, w->top_len);
            pthread_mutex_unlock(&w->lock);
        } else {
            pthread_mutex_unlock(&w->lock);
            message(r, MHD_HTTP_NOT_FOUND, "No leaderboard", "This bot keeps no records.");
        }
    } else if (strcmp(url, "/style.css") == 0 || strcmp(url, "/live.js") == 0) {
        bool css = url[1] == 's';
        const char *body = css ? web_style_css : web_live_js;
        r->status = MHD_HTTP_OK;
        r->type = css ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
        r->cache = "max-age=300";
        copy_body(r, body, strlen(body));
    } else if (strncmp(url, "/g/", 3) == 0) {
        const char *net = url + 3, *slash = strchr(net, '/');
        char network[64], rest[WEB_URL_MAX + 1], channel[SESSION_CHAN_MAX + 1];
        enum game_part part = PART_PAGE;
        if (!slash || (size_t)(slash - net) >= sizeof network || slash == net ||
            strlen(slash + 1) >= sizeof rest) {
            message(r, MHD_HTTP_NOT_FOUND, "Not found", "No such page.");
            return;
        }
        memcpy(network, net, (size_t)(slash - net));
        network[slash - net] = 0;
        snprintf(rest, sizeof rest, "%s", slash + 1);
        size_t len = strlen(rest);
        if (len > 5 && strcmp(rest + len - 5, "/live") == 0) {
            rest[len - 5] = 0;
            part = PART_LIVE;
        } else if (len > 10 && strcmp(rest + len - 10, "/board.svg") == 0) {
            rest[len - 10] = 0;
            part = PART_SVG;
        }
        if (!url_channel_of(rest, channel, sizeof channel))
            message(r, MHD_HTTP_NOT_FOUND, "Not found", "No such page.");
        else if (corners && strcmp(corners, "1") != 0 && strcmp(corners, "0") != 0)
            message(r, MHD_HTTP_BAD_REQUEST, "Bad request",
                    "corners= is 1 (show the corner numbers) or 0 (hide them).");
        else
            game_page(w, network, channel, part, corners && corners[0] == '1', r);
    } else {
        message(r, MHD_HTTP_NOT_FOUND, "Not found", "No such page.");
    }
}

static void header(struct MHD_Response *resp, const char *name, const char *value)
{
    MHD_add_response_header(resp, name, value);
}

static enum MHD_Result send_reply(struct web_server *w, struct MHD_Connection *conn,
                                  struct reply *r)
{
    struct MHD_Response *resp =
        MHD_create_response_from_buffer(r->len, r->body, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(r->body);
        return MHD_NO;
    }
    r->body = NULL;
    header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, r->type ? r->type : "text/plain");
    header(resp, "Content-Security-Policy", CSP);
    header(resp, "X-Content-Type-Options", "nosniff");
    header(resp, "Referrer-Policy", "no-referrer");
    header(resp, "X-Frame-Options", "DENY");
    header(resp, "Cross-Origin-Resource-Policy", "same-origin");
    if (r->cache)
        header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, r->cache);
    if (r->etag[0])
        header(resp, MHD_HTTP_HEADER_ETAG, r->etag);
    if (r->allow)
        header(resp, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
    enum MHD_Result ok = MHD_queue_response(conn, r->status, resp);
    MHD_destroy_response(resp);
    pthread_mutex_lock(&w->lock);
    w->stats.requests++;
    if (r->status == MHD_HTTP_OK)
        w->stats.ok++;
    else if (r->status == MHD_HTTP_NOT_MODIFIED)
        w->stats.not_modified++;
    else if (r->status >= 400 && r->status < 500)
        w->stats.client_errors++;
    pthread_mutex_unlock(&w->lock);
    return ok;
}

/* Whether the client's If-None-Match names etag (a list, or "*"). */
static bool matches(const char *inm, const char *etag)
{
    if (!inm || !etag[0])
        return false;
    if (strcmp(inm, "*") == 0)
        return true;
    size_t n = strlen(etag);
    for (const char *p = inm; (p = strstr(p, etag)); p += n)
        if ((p == inm || p[-1] == ' ' || p[-1] == ',' || p[-1] == '/') &&
            (p[n] == 0 || p[n] == ',' || p[n] == ' '))
            return true;
    return false;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
    (void)version;
    (void)upload_data;
    struct web_server *w = cls;
    struct reply r = {0};
    if (*con_cls) {
        /* A body after a request already answered: read and ignored. */
        *upload_data_size = 0;
        return MHD_YES;
    }
    *con_cls = w;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (ci)
        web_guard_busy(&w->guard, ci->socket_context, true);
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0) {
        message(&r, MHD_HTTP_METHOD_NOT_ALLOWED, "Method not allowed",
                "This server only shows pages (GET and HEAD).");
        r.allow = true;
    } else if (strlen(url) > WEB_URL_MAX) {
        message(&r, MHD_HTTP_URI_TOO_LONG, "Address too long", "No page has so long an address.");
    } else if (*upload_data_size) {
        message(&r, MHD_HTTP_BAD_REQUEST, "Bad request", "A request for a page has no body.");
    } else {
        route(w, url, MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "corners"), &r);
        const char *inm =
            MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
        if (r.status == MHD_HTTP_OK && matches(inm, r.etag)) {
            free(r.body);
            r.body = NULL;
            r.len = 0;
            r.status = MHD_HTTP_NOT_MODIFIED;
        }
    }
    return send_reply(w, conn, &r);
}

/* The request is done (its reply sent, or the connection gone): a next one on the same
 * connection has its own time for its headers. */
static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)con_cls;
    (void)toe;
    struct web_server *w = cls;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (ci)
        web_guard_busy(&w->guard, ci->socket_context, false);
}

static enum MHD_Result on_accept(void *cls, const struct sockaddr *addr, socklen_t len)
{
    struct web_server *w = cls;
    return web_guard_accept(&w->guard, addr, len) ? MHD_YES : MHD_NO;
}

static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    struct web_server *w = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *fd =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *addr =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        if (fd)
            web_guard_started(&w->guard, fd->connect_fd, addr ? addr->client_addr : NULL,
                              socket_context);
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        web_guard_closed(&w->guard, socket_context);
    }
}

static void on_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char text[300];
    vsnprintf(text, sizeof text, fmt, ap);
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        text[--n] = 0;
    log_event(LOG_LEVEL_DEBUG, &(struct log_fields){.action = "web"}, "web: %s", text);
}

struct web_server *web_start(const char *host, int port, char *err, size_t errsize)
{
    const struct web_limits *lim = &default_limits;
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    bool v6 = strchr(host, ':') != NULL;
    if (v6) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        if (inet_pton(AF_INET6, host, &a->sin6_addr) != 1) {
            snprintf(err, errsize, "%s is not an IPv6 address", host);
            return NULL;
        }
    } else {
        struct sockaddr_in *a = (struct sockaddr_in *)&ss;
        a->sin_family = AF_INET;
        a->sin_port = htons((uint16_t)port);
        if (inet_pton(AF_INET, host, &a->sin_addr) != 1) {
            snprintf(err, errsize, "%s is not an IPv4 address", host);
            return NULL;
        }
    }
    struct web_server *w = xcalloc(1, sizeof *w);
    pthread_mutex_init(&w->lock, NULL);
    w->current = web_catalog_new();
    web_guard_init(&w->guard, lim);
    if (!web_guard_start(&w->guard)) {
        snprintf(err, errsize, "cannot start the web server's thread");
        web_guard_fini(&w->guard);
        goto fail;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_ERROR_LOG |
                     (v6 ? MHD_USE_IPv6 : 0);
    /* The logger first: the library logs the options after it through it. The caps are the
     * guard's (on_accept); the library's own limit leaves room for connections the guard told
     * to go and the library has not closed yet. */
    w->daemon = MHD_start_daemon(
        flags, (uint16_t)port, on_accept, w, on_request, w, MHD_OPTION_EXTERNAL_LOGGER, on_log,
        NULL, MHD_OPTION_SOCK_ADDR, &ss, MHD_OPTION_CONNECTION_LIMIT, 2 * lim->connections,
        MHD_OPTION_CONNECTION_TIMEOUT, lim->idle_s, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)WEB_REQUEST_BYTES * 2, MHD_OPTION_NOTIFY_CONNECTION, on_connection, w,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, w, MHD_OPTION_END);
    if (!w->daemon) {
        snprintf(err, errsize,
                 "cannot listen on %s%s%s:%d (in use, or not an address of this "
                 "machine?)",
                 v6 ? "[" : "", host, v6 ? "]" : "", port);
        web_guard_fini(&w->guard);
        goto fail;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(w->daemon, MHD_DAEMON_INFO_BIND_PORT);
    w->port = info ? info->port : port;
    return w;
fail:
    web_catalog_release(w->current);
    pthread_mutex_destroy(&w->lock);
    free(w);
    return NULL;
}

static char version_text[64];

static void fill_version(void)
{
    snprintf(version_text, sizeof version_text, "libmicrohttpd %s", MHD_get_version());
}

const char *web_library_version(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_version);
    return version_text;
}

int web_port(const struct web_server *w)
{
    return w ? w->port : 0;
}

void web_stop(struct web_server *w)
{
    if (!w)
        return;
    MHD_stop_daemon(w->daemon);
    web_guard_fini(&w->guard);
    web_publishing_fini(&w->pub);
    web_catalog_release(w->current);
    free(w->top);
    pthread_mutex_destroy(&w->lock);
    free(w);
}
