/* The web view in the program: starts the HTTP server of src/web when `web` is configured and
 * hands it, after each round of the loop, the lobbies and games of every network (but those
 * hidden: webview_hide) and (every 30 s) the leaderboard from the store. */
#ifndef BW_WEBVIEW_H
#define BW_WEBVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "irc/conn.h"
#include "store/store.h"
#include "web/page.h"

struct webview;

/* NULL when cfg->web is off, or (logged, with *failed set) when it cannot listen. */
struct webview *webview_start(const struct bw_config *cfg, bool *failed);
/* Publish what changed, at most every 250 ms (the leaderboard every 30 s). */
void webview_update(struct webview *v, struct ircb_conn *const *conns, size_t n, struct store *st,
                    int64_t now_ms);
void webview_stop(struct webview *v);
/* The port it listens on (0 when v is NULL). */
int webview_port(const struct webview *v);

/* The channels kept out of the web view: web->hide (copied; a reload hands the new list), and
 * on every network a channel the IRC layer says is secret or private (+s, +p) or whose modes
 * it has not learned yet. A hidden channel's lobby or game is not published at all: absent
 * from /, its pages a 404 as for a channel without a game. */
void webview_hide(struct webview *v, const struct config_web *web);

/* Publish the lobbies and games of n bots at once (webview_update does, at most every 250 ms):
 * bots[i] on the network names[i]; conns[i] says which channels are secret (conns NULL: none
 * is, for benchmarks). */
void webview_publish(struct webview *v, size_t n, const char *const *names, struct bot *const *bots,
                     struct ircb_conn *const *conns, int64_t now_ms);

/* The leaderboard of network in st into *t (cleared first): its people, then its computer
 * players, as many as t holds. BW_OK, or a negative bw_err after logging why (store_failed). */
int webview_top(struct store *st, const char *network, struct web_top *t);

#endif
