/* The web view's HTTP server: read-only pages of every lobby and game, served by
 * libmicrohttpd on a thread of its own from copies of the games' public state.
 *
 * The bot's loop never waits for a web client, and the web thread never reads the bot's own
 * memory: after each round of its loop the bot hands over what changed (web_publish, an
 * immutable copy of the session and the channel's last lines), and the web thread draws pages
 * from those copies, holding a lock only to take a reference to them. So neither a slow or
 * flooding web client nor thousands of games cost the bot more than a share of the other
 * processor.
 *
 * Served: / (the games), /top (leaderboard), /g/NETWORK/CHANNEL (a game's page),
 * /g/NETWORK/CHANNEL/live (its live part, for /live.js), /g/NETWORK/CHANNEL/board.svg,
 * /style.css, /live.js. The three of a game take ?corners=1 for the board with every corner's
 * number (?corners=0 or none: without; another value is a 400). GET and HEAD only (405 otherwise),
 * ETag and 304, a strict Content-Security-Policy, bounded connections, request size and time. */
#ifndef BW_WEB_SERVER_H
#define BW_WEB_SERVER_H

#include <stdbool.h>
#include <stddef.h>

#include "bot/bot.h"
#include "web/page.h"

struct web_server;

/* Listen on host (an IPv4 or IPv6 literal) and port; NULL with why in err when that fails.
 * Bounds on clients: at most 64 connections, 16 from one address (IPv4, or an IPv6 /64);
 * each must bring its request's headers within 10 s of connecting (or of its previous
 * reply's end), however steadily it trickles, and take its reply within 60 s; 10 s idle
 * closes it. A newcomer over either cap closes the oldest connection still waiting for its
 * headers, so slow senders never keep others out; when all are busy being answered, it is
 * refused. */
struct web_server *web_start(const char *host, int port, char *err, size_t errsize);
/* Stop serving (waits for the web thread) and free everything; harmless with NULL. */
void web_stop(struct web_server *w);
/* The port it listens on (useful with port 0 in tests). */
int web_port(const struct web_server *w);
/* The libmicrohttpd the program runs with, as "libmicrohttpd 0.9.75"; a borrowed constant. */
const char *web_library_version(void);

/* Publishing, from the bot's thread: begin, then every lobby and game of every network (v as
 * bot_each_game gives it; only a game whose gen changed is copied), then end, which forgets
 * the games not published this time. */
void web_publish_begin(struct web_server *w);
void web_publish(struct web_server *w, const char *network, const struct bot_game_view *v);
void web_publish_end(struct web_server *w);
/* The leaderboard's tables (copied). */
void web_publish_top(struct web_server *w, const struct web_top *t, int n);

/* Counters for tests and the operator: requests answered, and by status class. */
struct web_stats {
    unsigned long requests, ok, not_modified, client_errors;
    size_t games;
    /* connections closed at their deadline, closed for a newcomer, refused at the caps */
    unsigned long closed_late, evicted, refused;
};
void web_get_stats(struct web_server *w, struct web_stats *out);

#endif
