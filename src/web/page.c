/* The web view's pages. Every string from IRC (nicks, channel and network names, game lines)
 * goes through web_escape; everything else here is fixed text or numbers. */
#include "web/page.h"

#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/render.h"
#include "util/url.h"
#include "web/escape.h"
#include "web/svg.h"

static void esc(struct strbuf *out, const char *text)
{
    web_escape(out, text);
}

/* The document up to <body>, with title (escaped) and the language of its text. */
static void head(struct strbuf *out, const char *title, const char *lang)
{
    sb_appendf(out,
               "<!DOCTYPE html>\n<html lang=\"%s\" xmlns=\"http://www.w3.org/1999/xhtml\">\n"
               "<head>\n<meta charset=\"utf-8\"/>\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
               "<title>",
               lang);
    esc(out, title);
    sb_append(out, " \xe2\x80\x94 brickwood</title>\n"
                   "<link rel=\"stylesheet\" href=\"/style.css\"/>\n"
                   "<script src=\"/live.js\" defer=\"defer\"></script>\n"
                   "</head>\n<body>\n<header><nav><a href=\"/\">games</a> \xc2\xb7 "
                   "<a href=\"/top\">leaderboard</a></nav></header>\n");
}

static void foot(struct strbuf *out)
{
    sb_append(out, "<footer>brickwood: Catan on IRC. This page shows what everyone in the "
                   "channel sees; hands stay private.</footer>\n</body>\n</html>\n");
}

static void style_of(const struct web_game *w, struct render_style *st)
{
    const char *nicks[GAME_MAX_PLAYERS];
    for (int i = 0; i < w->s->n_seats; i++)
        nicks[i] = w->s->seat[i].nick;
    render_style_init(st, w->channel, nicks, w->s->n_seats, 0);
    st->lang = w->lang;
    render_style_neutrals(st, &w->s->game);
}

/* A seat's mark: its colour and letter, as on the board. */
static void mark(struct strbuf *out, const struct render_style *st, int seat)
{
    char l = seat < st->n_seats ? st->letter[seat] : '?';
    if (!((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z') || (l >= '0' && l <= '9')))
        l = '?';
    sb_appendf(out,
               "<svg class=\"mark\" xmlns=\"http://www.w3.org/2000/svg\" width=\"18\" "
               "height=\"18\" viewBox=\"0 0 18 18\" role=\"img\" aria-label=\"seat %c\">"
               "<rect x=\"1\" y=\"1\" width=\"16\" height=\"16\" rx=\"3\" fill=\"%s\" "
               "stroke=\"#000\"/><text x=\"9\" y=\"13\" font-size=\"12\" font-weight=\"bold\" "
               "font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"%s\">%c</text></svg>",
               l, web_seat_fill(seat), web_seat_ink(seat), l);
}

static void heading(struct strbuf *out, const struct web_game *w)
{
    sb_append(out, "<h1><span class=\"chan\">");
    esc(out, w->channel);
    sb_append(out, "</span> <span class=\"net\">");
    esc(out, w->network);
    sb_append(out, "</span></h1>\n");
}

struct collect {
    struct strbuf *out;
    const char *tag;
};

static void line_to(void *ctx, int to, const char *text)
{
    struct collect *c = ctx;
    if (to != RENDER_PUBLIC)
        return; /* never: the status is public; kept out all the same */
    sb_appendf(c->out, "<%s dir=\"auto\">", c->tag);
    esc(c->out, text);
    sb_appendf(c->out, "</%s>\n", c->tag);
}

static int hand_size(const struct game_player *p)
{
    int n = 0;
    for (int r = 0; r < RES_COUNT; r++)
        n += p->res[r];
    return n;
}

static int dev_count(const struct game_player *p)
{
    int n = 0;
    for (int d = 0; d < DEV_COUNT; d++)
        n += p->dev[d] + p->dev_new[d];
    return n;
}

static void players(struct strbuf *out, const struct web_game *w, const struct render_style *st)
{
    const struct session *s = w->s;
    const struct game *g = &s->game;
    bool playing = s->state != SESSION_LOBBY;
    sb_append(out, "<table class=\"players\">\n<thead><tr><th scope=\"col\">seat</th>"
                   "<th scope=\"col\">player</th>");
    if (playing)
        sb_append(out, "<th scope=\"col\"><abbr title=\"victory points\">VP</abbr></th>"
                       "<th scope=\"col\">cards</th>"
                       "<th scope=\"col\"><abbr title=\"development cards\">dev</abbr></th>"
                       "<th scope=\"col\">knights</th><th scope=\"col\">road</th>"
                       "<th scope=\"col\">awards</th>");
    sb_append(out, "</tr></thead>\n<tbody>\n");
    for (int i = 0; i < s->n_seats; i++) {
        bool turn = playing && g->phase != PHASE_OVER && g->current == i;
        sb_appendf(out, "<tr id=\"player-%d\"%s><td>", i, turn ? " class=\"current\"" : "");
        mark(out, st, i);
        sb_append(out, "</td><td class=\"nick\">");
        esc(out, s->seat[i].nick);
        if (s->seat[i].robot == SESSION_HUMAN && !s->seat[i].present)
            sb_append(out, " <span class=\"away\">(away)</span>");
        if (turn)
            sb_append(out, " <span class=\"to-move\">\xe2\x97\x80 to move</span>");
        sb_append(out, "</td>");
        if (playing) {
            const struct game_player *p = &g->p[i];
            /* data-label: a narrow screen shows each cell under its name (style.css). */
            sb_appendf(out,
                       "<td class=\"points\" data-label=\"VP\">%d</td>"
                       "<td class=\"cards\" data-label=\"cards\">%d</td>"
                       "<td class=\"dev\" data-label=\"dev\">%d</td>"
                       "<td class=\"knights\" data-label=\"knights\">%d</td>"
                       "<td class=\"road\" data-label=\"road\">%d</td><td class=\"awards\">",
                       /* Victory point cards are shown once the game is over. */
                       g->phase == PHASE_OVER ? game_vp_total(g, i) : game_vp_public(g, i),
                       hand_size(p), dev_count(p), p->knights, p->road_length);
            if (g->longest_road == i)
                sb_append(out, "<span class=\"award\">Longest Road</span> ");
            if (g->largest_army == i)
                sb_append(out, "<span class=\"award\">Largest Army</span>");
            if (p->resigned)
                sb_append(out, "<span class=\"resigned\">resigned</span>");
            sb_append(out, "</td>");
        }
        sb_append(out, "</tr>\n");
    }
    sb_append(out, "</tbody>\n</table>\n");
}

void web_page_board(const struct web_game *w, struct strbuf *out)
{
    const char *nicks[GAME_MAX_PLAYERS];
    for (int i = 0; i < w->s->n_seats; i++)
        nicks[i] = w->s->seat[i].nick;
    unsigned flags = w->corners ? WEB_SVG_VERTEX_NUMBERS : 0;
    size_t need = web_svg_board(&w->s->game, nicks, w->s->n_seats, flags, NULL, 0);
    sb_reserve(out, need + 1);
    char *at = out->buf + out->len;
    web_svg_board(&w->s->game, nicks, w->s->n_seats, flags, at, need + 1);
    out->len += need;
}

/* The address of w's page with what follows it (suffix: "", "/live", "/board.svg") and the
 * corner numbers asked for when on (path is percent-encoded: nothing in it needs escaping). */
static void address(struct strbuf *out, const struct web_game *w, const char *suffix, bool corners)
{
    char path[400];
    url_game_path(w->network, w->channel, path, sizeof path);
    sb_appendf(out, "%s%s%s", path, suffix, corners ? "?corners=1" : "");
}

/* Under the board: the switch for the corner numbers (a plain link: the page keeps to its
 * address, no script needed) and the board alone. */
static void board_links(struct strbuf *out, const struct web_game *w)
{
    sb_append(out, "<p class=\"board-links\"><a id=\"corners\" href=\"");
    address(out, w, "", !w->corners);
    sb_appendf(out, "\">%s</a> \xc2\xb7 <a id=\"board-svg\" href=\"",
               w->corners ? "hide corner numbers" : "show corner numbers");
    address(out, w, "/board.svg", w->corners);
    sb_append(out, "\">board alone</a></p>\n");
}

/* The events of one channel line ("a · b · c"), one item each, the last first. */
static void events_newest_first(struct strbuf *out, const char *line)
{
    static const char joiner[] = " \xc2\xb7 ";
    const size_t jl = sizeof joiner - 1;
    size_t end = strlen(line);
    while (end > 0) {
        size_t start = 0;
        for (size_t k = 0; k + jl <= end; k++)
            if (memcmp(line + k, joiner, jl) == 0)
                start = k + jl;
        if (start < end) {
            char item[RENDER_LINE_MAX];
            size_t n = end - start < sizeof item ? end - start : sizeof item - 1;
            memcpy(item, line + start, n);
            item[n] = 0;
            sb_append(out, "<li dir=\"auto\">");
            esc(out, item);
            sb_append(out, "</li>\n");
        }
        end = start >= jl ? start - jl : 0;
    }
}

/* The house rules, when they are not all the rule book's (the words people type with !rules). */
static void house_rules(struct strbuf *out, const struct session *s)
{
    if (!session_rules_house(s))
        return;
    char line[RENDER_LINE_MAX];
    session_rules_line(s, line, sizeof line);
    sb_append(out, "<p class=\"rules\">House rules: ");
    esc(out, line);
    sb_append(out, "</p>\n");
}

void web_page_live(const struct web_game *w, struct strbuf *out)
{
    const struct session *s = w->s;
    struct render_style st;
    style_of(w, &st);
    heading(out, w);
    char line[RENDER_LINE_MAX];
    /* The page's own words are English; what the bot said in the channel is in its language. */
    const char *lang = i18n_code(w->lang);
    sb_appendf(out, "<p class=\"move\" dir=\"auto\" lang=\"%s\">", lang);
    if (s->state == SESSION_LOBBY) {
        sb_appendf(out, "Lobby: %d seated, waiting for the game to start.", s->n_seats);
    } else if (w->ended || s->state == SESSION_OVER || s->game.phase == PHASE_OVER) {
        if (s->game.winner >= 0 && s->game.winner < s->n_seats) {
            sb_append(out, "The game is over: ");
            esc(out, s->seat[s->game.winner].nick);
            sb_append(out, " won.");
        } else {
            sb_append(out, "The game has ended.");
        }
    } else {
        sb_appendf(out, "Turn %d \xc2\xb7 ", s->game.turn);
        session_whose_move_in(s, -1, w->lang, line, sizeof line);
        esc(out, line);
        if (s->paused)
            sb_append(out, " \xc2\xb7 paused (the bot is away from the channel)");
    }
    sb_append(out, "</p>\n<div class=\"game\">\n");
    if (s->state != SESSION_LOBBY) {
        sb_append(out, "<div class=\"board\">\n");
        web_page_board(w, out);
        board_links(out, w);
        sb_append(out, "</div>\n");
    }
    sb_append(out, "<div class=\"side\">\n");
    players(out, w, &st);
    if (s->state != SESSION_LOBBY) {
        sb_appendf(out, "<h2>Status</h2>\n<div class=\"status\" lang=\"%s\">\n", lang);
        struct collect c = {out, "p"};
        struct render_sink sink = {line_to, &c};
        render_status(&s->game, &st, NULL, &sink);
        sb_append(out, "</div>\n");
    }
    house_rules(out, s);
    sb_append(out, "<h2>Last events</h2>\n");
    if (!w->n_recent) {
        sb_append(out, "<p>Nothing yet.</p>\n");
    } else {
        sb_appendf(out, "<ol class=\"events\" lang=\"%s\">\n", lang);
        /* Newest first; a line of several events joined with " · " lists them apart. */
        for (int i = w->n_recent - 1; i >= 0; i--)
            events_newest_first(out, w->recent[i]);
        sb_append(out, "</ol>\n");
    }
    sb_append(out, "</div>\n</div>\n");
}

void web_page_game(const struct web_game *w, struct strbuf *out)
{
    web_page_around(w, NULL, out);
}

void web_page_around(const struct web_game *w, const char *live, struct strbuf *out)
{
    char title[300];
    snprintf(title, sizeof title, "%s on %s", w->channel, w->network);
    head(out, title, "en");
    sb_append(out, "<main id=\"live\" data-live=\"");
    address(out, w, "/live", w->corners);
    sb_append(out, "\">\n");
    if (live)
        sb_append(out, live);
    else
        web_page_live(w, out);
    sb_append(out, "</main>\n");
    foot(out);
}

void web_page_index(const struct web_game *games, int n, struct strbuf *out)
{
    head(out, "Games", "en");
    sb_append(out, "<main>\n<h1>Games</h1>\n");
    if (!n) {
        sb_append(out, "<p>No lobby or game right now. Type <code>!new</code> in a channel "
                       "where the bot is.</p>\n");
    } else {
        sb_append(out, "<table class=\"games\">\n<thead><tr><th scope=\"col\">network</th>"
                       "<th scope=\"col\">channel</th><th scope=\"col\">players</th>"
                       "<th scope=\"col\">turn</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < n; i++) {
            const struct web_game *w = &games[i];
            char path[400];
            url_game_path(w->network, w->channel, path, sizeof path);
            sb_append(out, "<tr><td>");
            esc(out, w->network);
            sb_appendf(out, "</td><td><a href=\"%s\">", path);
            esc(out, w->channel);
            sb_append(out, "</a></td><td>");
            for (int k = 0; k < w->s->n_seats; k++) {
                if (k)
                    sb_append(out, ", ");
                esc(out, w->s->seat[k].nick);
            }
            sb_append(out, "</td><td>");
            if (w->s->state == SESSION_LOBBY)
                sb_append(out, "lobby");
            else if (w->ended || w->s->state == SESSION_OVER || w->s->game.phase == PHASE_OVER)
                sb_append(out, "over");
            else if (w->s->game.current >= 0 && w->s->game.current < w->s->n_seats) {
                sb_appendf(out, "%d, ", w->s->game.turn);
                esc(out, w->s->seat[w->s->game.current].nick);
            }
            sb_append(out, "</td></tr>\n");
        }
        sb_append(out, "</tbody>\n</table>\n");
    }
    sb_append(out, "</main>\n");
    foot(out);
}

static void top_rows(struct strbuf *out, const struct web_top_row *rows, int n, const char *what)
{
    sb_appendf(out,
               "<table class=\"top\">\n<caption>%s</caption>\n<thead><tr><th scope=\"col\">#"
               "</th><th scope=\"col\">name</th><th scope=\"col\">rating</th>"
               "<th scope=\"col\">games</th><th scope=\"col\">wins</th></tr></thead>\n<tbody>\n",
               what);
    for (int i = 0; i < n; i++) {
        sb_appendf(out, "<tr><td>%d</td><td>", i + 1);
        esc(out, rows[i].name);
        sb_appendf(out, "</td><td>%.0f</td><td>%d</td><td>%d</td></tr>\n", rows[i].rating,
                   rows[i].games, rows[i].wins);
    }
    sb_append(out, "</tbody>\n</table>\n");
}

void web_page_top(const struct web_top *t, int n, struct strbuf *out)
{
    head(out, "Leaderboard", "en");
    sb_append(out, "<main>\n<h1>Leaderboard</h1>\n");
    int shown = 0;
    for (int i = 0; i < n; i++) {
        if (!t[i].n_people && !t[i].n_robots)
            continue;
        sb_append(out, "<section>\n<h2>");
        esc(out, t[i].network);
        sb_append(out, "</h2>\n");
        if (t[i].n_people)
            top_rows(out, t[i].people, t[i].n_people, "people");
        if (t[i].n_robots)
            top_rows(out, t[i].robots, t[i].n_robots, "computer players");
        sb_append(out, "</section>\n");
        shown++;
    }
    if (!shown)
        sb_append(out, "<p>No finished games yet.</p>\n");
    sb_append(out, "</main>\n");
    foot(out);
}

void web_page_message(const char *title, const char *text, struct strbuf *out)
{
    head(out, title, "en");
    sb_append(out, "<main>\n<h1>");
    esc(out, title);
    sb_append(out, "</h1>\n<p>");
    esc(out, text);
    sb_append(out, "</p>\n</main>\n");
    foot(out);
}
