/* The board as SVG. Everything is placed from the geometry's coordinates (see svg.h), so the
 * picture and the text drawing agree on where every hex, corner and side is; the numbering is
 * the text drawing's (board_hex_name, vertex v + 1) and so are the seat letters
 * (render_style_init). Sizes inside a group are relative to its translation. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "render/render.h"
#include "web/escape.h"
#include "web/svg.h"

/* A bounded writer that counts what did not fit, like snprintf. */
struct svg_out {
    char *buf;
    size_t size, len;
};

static void add_bytes(struct svg_out *o, const char *s, size_t n)
{
    if (o->len + 1 < o->size) {
        size_t room = o->size - o->len - 1, k = n < room ? n : room;
        memcpy(o->buf + o->len, s, k);
        o->buf[o->len + k] = '\0';
    }
    o->len += n;
}

static void addf(struct svg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void addf(struct svg_out *o, const char *fmt, ...)
{
    int room = o->len < o->size;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(room ? o->buf + o->len : NULL, room ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    o->len += n > 0 ? (size_t)n : 0;
}

/* Text from outside, escaped for XML (web_escape's rules). */
static void add_escaped(struct svg_out *o, const char *text)
{
    struct strbuf sb = STRBUF_INIT;
    web_escape(&sb, text);
    add_bytes(o, sb_str(&sb), sb.len);
    sb_fini(&sb);
}

/* By enum terrain. */
static const char *const terrain_name[] = {"forest", "hills", "pasture", "fields", "mountains",
                                           "desert", "gold",  "sea",     "jungle", "swamp"};
static const char *const terrain_word[] = {"wood",   "brick", "wool", "grain",  "ore",
                                           "desert", "gold",  "sea",  "jungle", "swamp"};
static const char *const terrain_fill[] = {"#2e7d32", "#b5532c", "#a5d16a", "#f0cf4a", "#8e8f9c",
                                           "#e6d5a3", "#ffb300", "#4a8bc4", "#5a6e2c", "#6f7f63"};
#define N_TERRAINS ((int)(sizeof terrain_name / sizeof terrain_name[0]))

struct svg_ctx {
    struct svg_out *o;
    const struct game *g;
    const struct board_geo *geo;
    const struct render_style *st;
};

static int px(const struct svg_ctx *c, int x)
{
    return WEB_SVG_PAD + (x - c->geo->min_x) * WEB_SVG_X_UNIT;
}

static int py(const struct svg_ctx *c, int y)
{
    return WEB_SVG_PAD + (y - c->geo->min_y) * WEB_SVG_Y_UNIT;
}

static int seat_ok(int seat)
{
    return seat >= 0 && seat < GAME_MAX_PLAYERS;
}

/* The seat's letter as the text drawing has it: lower case, upper case on a city. */
static char seat_letter(const struct svg_ctx *c, int seat, int upper)
{
    char l = seat < c->st->n_seats ? c->st->letter[seat] : '?';
    if (l == '&' || l == '<' || l == '>' || l == '"' || l == '\'' || l < 0x21 || l > 0x7e)
        l = '?';
    return upper && l >= 'a' && l <= 'z' ? (char)(l - 'a' + 'A') : l;
}

static void draw_token(const struct svg_ctx *c, int token)
{
    int red = token == 6 || token == 8, pips = render_pips(token);
    addf(c->o, "<circle r=\"10\" cy=\"3\" fill=\"#f7f0dc\" stroke=\"#333\" stroke-width=\"0.8\"/>");
    addf(c->o,
         "<text class=\"token\" y=\"6\" font-size=\"9\" font-weight=\"bold\" "
         "fill=\"%s\">%d</text>",
         red ? "#c62828" : "#222", token);
    for (int i = 0; i < pips; i++)
        addf(c->o, "<circle class=\"pip\" r=\"0.9\" cx=\"%.1f\" cy=\"9.5\" fill=\"%s\"/>",
             (i - (pips - 1) / 2.0) * 2.4, red ? "#c62828" : "#222");
}

/* A hex: its polygon from the geometry's six corners, letter, terrain word, token; fog is
 * grey with a "?" and tells nothing of what it hides. */
static void draw_hex(const struct svg_ctx *c, int h)
{
    const struct board_geo *geo = c->geo;
    const struct game *g = c->g;
    int fog = (int)((g->fog & geo->fog_hexes) >> h & 1);
    int land = (int)(g->land >> h & 1), t = g->terrain[h];
    if (t >= N_TERRAINS)
        t = TERRAIN_DESERT;
    if (!land && !fog)
        t = TERRAIN_SEA;
    char name[4];
    board_hex_name(h, name);
    addf(c->o, "<g class=\"hex\" id=\"hex-%s\" transform=\"translate(%d %d)\"><title>%s</title>",
         name, px(c, geo->hex_x[h]), py(c, geo->hex_y[h]), fog ? "fog" : terrain_name[t]);
    addf(c->o, "<polygon points=\"");
    for (int k = 0; k < 6; k++) {
        int v = geo->hex_vertex[h][k];
        addf(c->o, "%s%d,%d", k ? " " : "", (geo->vertex_x[v] - geo->hex_x[h]) * WEB_SVG_X_UNIT,
             (geo->vertex_y[v] - geo->hex_y[h]) * WEB_SVG_Y_UNIT);
    }
    int river = geo->has_river && (geo->river_hexes >> h & 1);
    addf(c->o, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>",
         fog ? "#9e9e9e" : terrain_fill[t], river ? "#1565c0" : "#4e4434", river ? "2.5" : "1");
    addf(c->o, "<text class=\"hex-name\" y=\"-14\" font-size=\"8\" fill=\"#111\">%s</text>", name);
    if (fog)
        addf(c->o, "<text class=\"fog\" y=\"7\" font-size=\"18\" fill=\"#eee\">?</text>");
    else if (t != TERRAIN_SEA)
        addf(c->o, "<text class=\"terrain\" y=\"22\" font-size=\"6\" fill=\"#111\">%s%s%s</text>",
             river ? "~" : "", terrain_word[t], river ? "~" : "");
    if (!fog && g->token[h])
        draw_token(c, g->token[h]);
    addf(c->o, "</g>\n");
}

/* Where a harbor label went: its middle and half its width, so that the next one can keep
 * clear of it. */
struct svg_label {
    double x, y, half;
};

static int label_clash(const struct svg_label *l, int n, struct svg_label me)
{
    for (int i = 0; i < n; i++)
        if (me.x - me.half < l[i].x + l[i].half && l[i].x - l[i].half < me.x + me.half &&
            me.y - l[i].y < 10 && l[i].y - me.y < 10)
            return 1;
    return 0;
}

/* A harbor's label in the sea beyond its side, on a pier from the side's middle; beside a
 * side facing east or west it runs away from the land, and a label that would cover an earlier
 * one (two harbors across a narrow sea) goes further out. */
static void draw_harbor(const struct svg_ctx *c, int k, struct svg_label *placed, int *n_placed)
{
    const struct board_geo *geo = c->geo;
    int e = geo->harbor_edge[k], hex = geo->harbor_hex[k], type = c->g->harbor[k];
    if (hex < 0)
        return;
    int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
    double mx = (px(c, geo->vertex_x[a]) + px(c, geo->vertex_x[b])) / 2.0;
    double my = (py(c, geo->vertex_y[a]) + py(c, geo->vertex_y[b])) / 2.0;
    double dx = mx - px(c, geo->hex_x[hex]), dy = my - py(c, geo->hex_y[hex]);
    int side = dx > 20 ? 1 : dx < -20 ? -1 : 0;
    char label[16];
    if (type == HARBOR_GENERIC)
        snprintf(label, sizeof label, "3:1");
    else
        snprintf(label, sizeof label, "2:1 %s", render_res_name(type));
    double f = 0.6, half = 2.4 * (double)strlen(label);
    struct svg_label me;
    for (int tries = 0; tries < 4; tries++, f += 0.35) {
        me = (struct svg_label){mx + dx * f + side * (half - 2), my + dy * f, half};
        if (!label_clash(placed, *n_placed, me))
            break;
    }
    placed[(*n_placed)++] = me;
    addf(c->o,
         "<g class=\"harbor\" id=\"h-%d-%d\" transform=\"translate(%.1f %.1f)\">"
         "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"0\" y2=\"0\" stroke=\"#5d4037\" stroke-width=\"2\"/>"
         "<text x=\"%.1f\" y=\"3\" font-size=\"8\" font-weight=\"bold\" fill=\"#fff\" "
         "stroke=\"#263238\" stroke-width=\"0.4\">%s</text></g>\n",
         a + 1, b + 1, mx + dx * f, my + dy * f, -dx * f, -dy * f, side * (half - 2), label);
}

/* A road, or a ship (dashed, with a hull under the letter), along the middle of its side. */
static void draw_edge(const struct svg_ctx *c, int e)
{
    const struct board_geo *geo = c->geo;
    int owner = c->g->edge_owner[e];
    if (!seat_ok(owner))
        return;
    int ship = (int)(c->g->ships[e >> 6] >> (e & 63) & 1);
    int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
    int ax = px(c, geo->vertex_x[a]), ay = py(c, geo->vertex_y[a]);
    double dx = (px(c, geo->vertex_x[b]) - ax) / 2.0, dy = (py(c, geo->vertex_y[b]) - ay) / 2.0;
    addf(c->o, "<g class=\"%s\" id=\"e-%d-%d\" transform=\"translate(%.1f %.1f)\">",
         ship ? "ship" : "road", a + 1, b + 1, ax + dx, ay + dy);
    addf(c->o,
         "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" "
         "stroke-width=\"6\"%s/>",
         -dx * 0.7, -dy * 0.7, dx * 0.7, dy * 0.7, ship ? " stroke-dasharray=\"5 2\"" : "");
    addf(c->o,
         "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
         "stroke-width=\"4\"%s/>",
         -dx * 0.7, -dy * 0.7, dx * 0.7, dy * 0.7, web_seat_fill(owner),
         ship ? " stroke-dasharray=\"5 2\"" : "");
    if (ship)
        addf(c->o,
             "<path d=\"M-6 -1 H6 L3 4 H-3 Z\" fill=\"%s\" stroke=\"#000\" "
             "stroke-width=\"0.8\"/>",
             web_seat_fill(owner));
    addf(c->o, "<text y=\"%d\" font-size=\"6\" font-weight=\"bold\" fill=\"%s\">%c</text></g>\n",
         ship ? 3 : 2, web_seat_ink(owner), seat_letter(c, owner, 0));
}

static void draw_vertex(const struct svg_ctx *c, int v, unsigned flags)
{
    const struct board_geo *geo = c->geo;
    int x = px(c, geo->vertex_x[v]), y = py(c, geo->vertex_y[v]);
    int owner = c->g->vertex_owner[v], b = c->g->vertex_building[v];
    if (!seat_ok(owner) || (b != BUILDING_SETTLEMENT && b != BUILDING_CITY)) {
        if (flags & WEB_SVG_VERTEX_NUMBERS)
            addf(c->o,
                 "<text class=\"vertex\" id=\"v-%d\" transform=\"translate(%d %d)\" y=\"2\" "
                 "font-size=\"5\" fill=\"#555\" fill-opacity=\"0.8\">%d</text>\n",
                 v + 1, x, y, v + 1);
        return;
    }
    int city = b == BUILDING_CITY;
    addf(c->o, "<g class=\"%s\" id=\"v-%d\" transform=\"translate(%d %d)\">",
         city ? "city" : "settlement", v + 1, x, y);
    addf(c->o, "<path d=\"%s\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1\"/>",
         city ? "M-10 7 V-3 L-5 -9 L0 -3 V-1 H10 V7 Z" : "M-6 5 V-2 L0 -8 L6 -2 V5 Z",
         web_seat_fill(owner));
    addf(c->o, "<text y=\"%d\" font-size=\"%d\" font-weight=\"bold\" fill=\"%s\">%c</text></g>\n",
         city ? 5 : 4, city ? 8 : 7, web_seat_ink(owner), seat_letter(c, owner, city));
}

/* The robber (a dark figure, "R") and the pirate (a dark ship, "P") beside the token. */
static void draw_bandit(const struct svg_ctx *c, int h, int pirate)
{
    const struct board_geo *geo = c->geo;
    if (h < 0 || h >= geo->n_hexes)
        return;
    char name[4];
    board_hex_name(h, name);
    addf(c->o, "<g class=\"%s\" id=\"%s-%s\" transform=\"translate(%d %d)\">",
         pirate ? "pirate" : "robber", pirate ? "pirate" : "robber", name,
         px(c, geo->hex_x[h]) - 17, py(c, geo->hex_y[h]) + 3);
    if (pirate)
        addf(c->o, "<path d=\"M-7 0 H7 L4 7 H-4 Z M-1 0 V-9 L5 -3 H-1\" fill=\"#1a237e\" "
                   "stroke=\"#fff\" stroke-width=\"0.6\"/>");
    else
        addf(c->o, "<path d=\"M-5 8 Q-5 -2 0 -2 Q5 -2 5 8 Z\" fill=\"#222\" stroke=\"#fff\" "
                   "stroke-width=\"0.6\"/><circle cy=\"-5\" r=\"3.2\" fill=\"#222\" "
                   "stroke=\"#fff\" stroke-width=\"0.6\"/>");
    addf(c->o, "<text y=\"%d\" font-size=\"6\" font-weight=\"bold\" fill=\"#fff\">%c</text></g>\n",
         pirate ? 5 : 6, pirate ? 'P' : 'R');
}

/* One line per seat under the board: a settlement in the seat's colour with its letter, and the
 * nick. */
static void draw_legend(const struct svg_ctx *c, int top)
{
    for (int s = 0; s < c->st->n_seats && s < GAME_MAX_PLAYERS; s++) {
        addf(c->o,
             "<g class=\"seat\" id=\"seat-%d\" transform=\"translate(%d %d)\">"
             "<path d=\"M-6 5 V-2 L0 -8 L6 -2 V5 Z\" fill=\"%s\" stroke=\"#000\"/>"
             "<text y=\"4\" font-size=\"7\" font-weight=\"bold\" fill=\"%s\">%c</text>"
             "<text x=\"12\" y=\"4\" font-size=\"10\" text-anchor=\"start\" fill=\"#111\">",
             s, WEB_SVG_PAD, top + 16 * s, web_seat_fill(s), web_seat_ink(s), seat_letter(c, s, 0));
        add_escaped(c->o, c->st->nick[s]);
        addf(c->o, "</text></g>\n");
    }
}

size_t web_svg_board(const struct game *g, const char *const *nicks, int n_seats, unsigned flags,
                     char *out, size_t size)
{
    struct svg_out o = {out, size, 0};
    struct render_style st;
    if (n_seats < 0 || n_seats > GAME_MAX_PLAYERS)
        n_seats = n_seats < 0 ? 0 : GAME_MAX_PLAYERS;
    render_style_init(&st, NULL, nicks, n_seats, 0);
    struct svg_ctx c = {&o, g, game_geo(g), &st};
    if (size > 0)
        out[0] = '\0';
    if (!c.geo)
        return 0;
    const struct board_geo *geo = c.geo;
    int w = 2 * WEB_SVG_PAD + (geo->max_x - geo->min_x) * WEB_SVG_X_UNIT;
    int board_h = 2 * WEB_SVG_PAD + (geo->max_y - geo->min_y) * WEB_SVG_Y_UNIT;
    int h = board_h + 16 * st.n_seats + (st.n_seats ? 8 : 0);
    addf(&o,
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 %d %d\" "
         "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" text-anchor=\"middle\">\n",
         w, h, w, h);
    addf(&o, "<title>Board");
    for (int s = 0; s < st.n_seats; s++) {
        addf(&o, "%s", s ? ", " : ": ");
        add_escaped(&o, st.nick[s]);
    }
    addf(&o, "</title>\n<rect class=\"sea\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", w, board_h,
         terrain_fill[TERRAIN_SEA]);
    for (int k = 0; k < geo->n_hexes; k++)
        draw_hex(&c, k);
    struct svg_label labels[BOARD_MAX_HARBORS];
    int n_labels = 0;
    for (int k = 0; k < geo->n_harbors; k++)
        draw_harbor(&c, k, labels, &n_labels);
    for (int e = 0; e < geo->n_edges; e++)
        draw_edge(&c, e);
    for (int v = 0; v < geo->n_vertices; v++)
        draw_vertex(&c, v, flags);
    draw_bandit(&c, g->robber, 0);
    if (geo->has_pirate && g->pirate >= 0 && !(g->land >> g->pirate & 1))
        draw_bandit(&c, g->pirate, 1);
    draw_legend(&c, board_h + 8);
    addf(&o, "</svg>\n");
    return o.len;
}
