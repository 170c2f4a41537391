/* The web view's pages as HTML5 documents (also well-formed XML), from public facts only: the
 * board (svg.c), whose move it is, each seat's public points, card counts, knights, road and
 * awards, the status lines of !status and the channel's last game lines. Text from IRC is
 * escaped (escape.h). No inline script or style: the pages load /style.css and /live.js, so
 * a strict Content-Security-Policy holds. Nothing here knows about sockets. */
#ifndef BW_WEB_PAGE_H
#define BW_WEB_PAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "session/session.h"
#include "util/strbuf.h"

/* One lobby or game as the pages show it. */
struct web_game {
    const char *network, *channel;
    const struct session *s;
    const char *const *recent; /* the channel's last game lines, oldest first */
    int n_recent;
    bool ended; /* kept after its end, with its final board */
    int lang;   /* enum i18n_lang of the channel's lines */
    /* The board with every corner's number (the address asked for it: ?corners=1). The page's
     * links keep it: its live part's, the board's alone, and the switch that turns it off
     * (or, without it, on). */
    bool corners;
};

/* A game's page (/g/NETWORK/CHANNEL): the live part inside <main id="live">, which /live.js
 * replaces with the live fragment (live_path, answered with an ETag) every few seconds. */
void web_page_game(const struct web_game *w, struct strbuf *out);
/* The same around a live part drawn before (live NULL: drawn here). */
void web_page_around(const struct web_game *w, const char *live, struct strbuf *out);
/* The live part alone: heading, whose move, board (with a link that shows or hides the corner
 * numbers), players, status, last events. */
void web_page_live(const struct web_game *w, struct strbuf *out);
/* The board alone, the SVG document of web_svg_board (appended to out). */
void web_page_board(const struct web_game *w, struct strbuf *out);
/* The list of lobbies and games (/). */
void web_page_index(const struct web_game *games, int n, struct strbuf *out);

/* The leaderboard (/top): per network, the best people, then the computer players (a row per
 * level). */
#define WEB_TOP_PEOPLE 20
#define WEB_TOP_ROBOTS 4
struct web_top_row {
    char name[128];
    double rating;
    int games, wins;
};
struct web_top {
    char network[64];
    struct web_top_row people[WEB_TOP_PEOPLE], robots[WEB_TOP_ROBOTS];
    int n_people, n_robots;
};
void web_page_top(const struct web_top *t, int n, struct strbuf *out);

/* A short page for an error or a notice (404, 405, ...): title and text are escaped. */
void web_page_message(const char *title, const char *text, struct strbuf *out);

/* The static files every page loads. */
extern const char web_style_css[];
extern const char web_live_js[];

#endif
