/* The board as SVG. Everything is placed from the geometry's coordinates (see svg.h), so the
 * picture and the text drawing agree on where every hex, corner and side is; the numbering is
 * the text drawing's (board_hex_name, vertex v + 1) and so are the seat letters
 * (render_style_init). Sizes inside a group are relative to its translation. */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "map/map.h"
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
                                           "desert", "gold",  "sea",     "jungle", "mine"};
static const char *const terrain_word[] = {"wood",   "brick", "wool", "grain",  "ore",
                                           "desert", "gold",  "sea",  "jungle", "mine"};
static const char *const terrain_fill[] = {"#2e7d32", "#b5532c", "#a5d16a", "#f0cf4a", "#8e8f9c",
                                           "#e6d5a3", "#ffb300", "#4a8bc4", "#5a6e2c", "#c9a227"};
#define N_TERRAINS ((int)(sizeof terrain_name / sizeof terrain_name[0]))

/* A box on the picture, x0 < x1 and y0 < y1. */
struct svg_box {
    double x0, y0, x1, y1;
};

/* Where the parts that move to keep clear of others went (svg_place computes it before
 * anything is written, so that the viewBox holds all of it). */
struct svg_layout {
    /* A harbor's pier ends at (harbor_x, harbor_y); its label's middle is (harbor_tx,
     * harbor_ty) from there. */
    double harbor_x[BOARD_MAX_HARBORS], harbor_y[BOARD_MAX_HARBORS];
    double harbor_tx[BOARD_MAX_HARBORS], harbor_ty[BOARD_MAX_HARBORS];
    double corner_x[BOARD_MAX_VERTICES], corner_y[BOARD_MAX_VERTICES]; /* a corner's number */
    double pirate_x, pirate_y;                                         /* the pirate's place */
    struct svg_box used; /* everything on the board (the legend apart) */
    /* What a label must not cover: a hex's letter, token and word; each corner's place, and
     * where built, the building and its number; the harbor labels, the robber and pirate. */
    struct svg_box busy[3 * BOARD_MAX_HEXES + 3 * BOARD_MAX_VERTICES + BOARD_MAX_HARBORS + 2];
    int n_busy;
};

struct svg_ctx {
    struct svg_out *o;
    const struct game *g;
    const struct board_geo *geo;
    const struct render_style *st;
    unsigned flags;
    struct svg_layout *lay;
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

/* The terrain word drawn on hex h ("~wood~" by a river) into word; false when none is (sea,
 * fog). */
static bool terrain_text(const struct svg_ctx *c, int h, char *word, size_t size)
{
    const struct game *g = c->g;
    int t = g->terrain[h];
    if (t >= N_TERRAINS)
        t = TERRAIN_DESERT;
    if (((g->fog & c->geo->fog_hexes) >> h & 1) || !(g->land >> h & 1) || t == TERRAIN_SEA)
        return false;
    int river = (int)(g->river_hexes >> h & 1);
    snprintf(word, size, "%s%s%s", river ? "~" : "", terrain_word[t], river ? "~" : "");
    return true;
}

/* ---- where the labels go ----
 *
 * Text widths are not known here (the reader's font decides), so a label's box is taken from
 * an upper bound of its width (web_svg_text_width): at least as wide as DejaVu Sans (the widest
 * of the usual sans-serif fonts: Liberation Sans and Arial are narrower) draws it, bold or not. Its
 * height is 0.8 of the font size above the baseline and 0.25 below. */

double web_svg_text_width(const char *text, double font_size)
{
    double em = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p >= 0x80) {
            em += (*p & 0xc0) != 0x80 ? 1.0 : 0; /* a character beyond ASCII, once */
        } else if (strchr("mwMW@%", *p)) {
            em += 1.15;
        } else if ((*p >= 'A' && *p <= 'Z') || strchr("&#~+<=>^", *p)) {
            em += 0.9;
        } else {
            em += 0.8;
        }
    }
    return em * font_size;
}

/* The box of text whose middle is at x and baseline at y. */
static struct svg_box text_box(const char *text, double size, double x, double y)
{
    double half = web_svg_text_width(text, size) / 2;
    return (struct svg_box){x - half, y - 0.8 * size, x + half, y + 0.25 * size};
}

static struct svg_box shifted(struct svg_box b, double x, double y)
{
    return (struct svg_box){b.x0 + x, b.y0 + y, b.x1 + x, b.y1 + y};
}

static bool boxes_meet(struct svg_box a, struct svg_box b)
{
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

static void grow(struct svg_box *all, struct svg_box b)
{
    all->x0 = b.x0 < all->x0 ? b.x0 : all->x0;
    all->y0 = b.y0 < all->y0 ? b.y0 : all->y0;
    all->x1 = b.x1 > all->x1 ? b.x1 : all->x1;
    all->y1 = b.y1 > all->y1 ? b.y1 : all->y1;
}

static void busy(struct svg_layout *l, struct svg_box b)
{
    if (l->n_busy < (int)(sizeof l->busy / sizeof l->busy[0]))
        l->busy[l->n_busy++] = b;
    grow(&l->used, b);
}

/* A corner's number: a rounded box around it, centred on its place. */
#define CORNER_FONT 6.0
static struct svg_box corner_box(int v, double x, double y)
{
    char num[16];
    snprintf(num, sizeof num, "%d", v + 1);
    double half = web_svg_text_width(num, CORNER_FONT) / 2 + 1.5;
    return (struct svg_box){x - half, y - 4.5, x + half, y + 4.5};
}

/* The harbor label's text: "3:1" or "2:1 wood". */
static void harbor_text(const struct svg_ctx *c, int k, char *label, size_t size)
{
    int type = c->g->harbor[k];
    if (type == HARBOR_GENERIC)
        snprintf(label, size, "3:1");
    else
        snprintf(label, size, "2:1 %s", render_res_name(type));
}

/* How much of b lies on what is already there (0: b is free). */
static double overlap(const struct svg_layout *l, struct svg_box b)
{
    double sum = 0;
    for (int i = 0; i < l->n_busy; i++)
        if (boxes_meet(b, l->busy[i])) {
            double w = (b.x1 < l->busy[i].x1 ? b.x1 : l->busy[i].x1) -
                       (b.x0 > l->busy[i].x0 ? b.x0 : l->busy[i].x0);
            double h = (b.y1 < l->busy[i].y1 ? b.y1 : l->busy[i].y1) -
                       (b.y0 > l->busy[i].y0 ? b.y0 : l->busy[i].y0);
            sum += w * h;
        }
    return sum;
}

#define HARBOR_FONT 8.0
/* Harbor k's label: in the sea beyond its side, on a pier from the side's middle; beside a
 * side facing east or west it runs away from the land. Further out, or beside the pier's
 * end, while it would cover another label, a token, a hex's letter or a corner's place; when
 * nowhere is free (a narrow sea), where it covers least. */
static void place_harbor(const struct svg_ctx *c, int k)
{
    const struct board_geo *geo = c->geo;
    struct svg_layout *l = c->lay;
    int e = geo->harbor_edge[k], hex = game_harbor_hex(c->g, k);
    if (hex < 0)
        return;
    int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
    double mx = (px(c, geo->vertex_x[a]) + px(c, geo->vertex_x[b])) / 2.0;
    double my = (py(c, geo->vertex_y[a]) + py(c, geo->vertex_y[b])) / 2.0;
    double dx = mx - px(c, geo->hex_x[hex]), dy = my - py(c, geo->hex_y[hex]);
    int side = dx > 20 ? 1 : dx < -20 ? -1 : 0;
    char label[16];
    harbor_text(c, k, label, sizeof label);
    double half = web_svg_text_width(label, HARBOR_FONT) / 2;
    /* The text's middle from the pier's end: away from the land, then on it, then the other
     * way; then above or below it. */
    const double shift[][2] = {{side * (half + 4), 0},
                               {0, 0},
                               {-side * (half + 4), 0},
                               {0, -10},
                               {0, 10},
                               {side * (half + 4), -10},
                               {side * (half + 4), 10}};
    double best = -1;
    for (int i = 0; i < (int)(sizeof shift / sizeof shift[0]) && best != 0; i++) {
        if (side == 0 && i == 2)
            continue; /* the same as the one before */
        for (double f = 0.6; f < 1.5 && best != 0; f += 0.25) {
            double x = mx + dx * f, y = my + dy * f;
            struct svg_box box = text_box(label, HARBOR_FONT, x + shift[i][0], y + shift[i][1] + 3);
            box.x0 -= 1, box.x1 += 1; /* the outline */
            double o = overlap(l, box);
            if (best < 0 || o < best) {
                best = o;
                l->harbor_x[k] = x;
                l->harbor_y[k] = y;
                l->harbor_tx[k] = shift[i][0];
                l->harbor_ty[k] = shift[i][1];
            }
        }
    }
    struct svg_box box = text_box(label, HARBOR_FONT, l->harbor_x[k] + l->harbor_tx[k],
                                  l->harbor_y[k] + l->harbor_ty[k] + 3);
    box.x0 -= 1, box.x1 += 1;
    busy(l, box);
}

/* Where a built corner's number goes: beside the building, on a ring around it (the nearest
 * ring first, above and below first), clear of what is already there; when nowhere is, where
 * it covers least. */
static void place_built_corner(const struct svg_ctx *c, int v)
{
    struct svg_layout *l = c->lay;
    double x = px(c, c->geo->vertex_x[v]), y = py(c, c->geo->vertex_y[v]);
    double best = -1, bx = x, by = y - 14;
    for (int r = 13; r <= 25 && best != 0; r += 3)
        for (int i = 0; i < 16 && best != 0; i++) {
            /* Straight up, straight down, then round both ways from the top. */
            static const int turn[16] = {0, 8, 1, 15, 7, 9, 2, 14, 6, 10, 3, 13, 5, 11, 4, 12};
            double a = turn[i] * 3.14159265358979 / 8;
            double cx = x + r * sin(a), cy = y - r * cos(a);
            double o = overlap(l, corner_box(v, cx, cy));
            if (best < 0 || o < best)
                best = o, bx = cx, by = cy;
        }
    l->corner_x[v] = bx;
    l->corner_y[v] = by;
    busy(l, corner_box(v, bx, by));
}

static bool built(const struct svg_ctx *c, int v)
{
    int b = c->g->vertex_building[v];
    return seat_ok(c->g->vertex_owner[v]) && (b == BUILDING_SETTLEMENT || b == BUILDING_CITY);
}

/* Cities & Knights: the knight at corner v, its KNIGHT_* state (0: none) and seat. */
static int knight_at(const struct game *g, int v, int *seat)
{
    for (int p = 0; g->ck.on && p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (g->ck.p[p].knight_at[k] == v + 1 && g->ck.p[p].knight[k] & KNIGHT_LEVEL) {
                *seat = p;
                return g->ck.p[p].knight[k];
            }
    return 0;
}

/* A piece stands at corner v: a building, or a knight. */
static bool taken(const struct svg_ctx *c, int v)
{
    int seat;
    return built(c, v) || knight_at(c->g, v, &seat);
}

/* The merchant's hex (Cities & Knights), -1 before it is played. */
static int merchant_hex(const struct game *g)
{
    return g->ck.on && g->ck.merchant && g->ck.merchant_owner ? g->ck.merchant - 1 : -1;
}

static bool hex_fog(const struct svg_ctx *c, int h)
{
    return (c->g->fog & c->geo->fog_hexes) >> h & 1;
}

/* The hex's own text: its letter, the token (or fog's "?") and the terrain word. */
static void hex_busy(const struct svg_ctx *c, int h)
{
    double x = px(c, c->geo->hex_x[h]), y = py(c, c->geo->hex_y[h]);
    char name[4];
    board_hex_name(h, name);
    busy(c->lay, text_box(name, 8, x, y - 14));
    if (hex_fog(c, h))
        busy(c->lay, text_box("?", 18, x, y + 7));
    else if (c->g->token[h])
        busy(c->lay, (struct svg_box){x - 10, y - 7, x + 10, y + 13});
    char word[24];
    if (terrain_text(c, h, word, sizeof word))
        busy(c->lay, text_box(word, 6, x, y + 22));
}

/* The robber's or pirate's box at x, y (draw_bandit). */
static struct svg_box bandit_box(double x, double y, int pirate)
{
    return pirate ? (struct svg_box){x - 7, y - 9, x + 7, y + 7}
                  : (struct svg_box){x - 5, y - 8.2, x + 5, y + 8};
}

/* The sea hex of the pirate, or of The Pirate Islands' fleet (drawn as the pirate is, "F");
 * -1 when there is neither. */
static int pirate_shown(const struct svg_ctx *c)
{
    const struct game *g = c->g;
    if (c->geo->has_pirate && g->pirate >= 0 && g->pirate < c->geo->n_hexes &&
        !(g->land >> g->pirate & 1))
        return g->pirate;
    return c->geo->n_fleet ? game_fleet_hex(g) : -1;
}

/* Place the harbor labels and (with WEB_SVG_VERTEX_NUMBERS) the corners' numbers. Harbor
 * labels keep clear of every corner's place, numbered or not, so that they stay where they are
 * when the numbers are turned on. */
static void svg_place(const struct svg_ctx *c)
{
    const struct board_geo *geo = c->geo;
    struct svg_layout *l = c->lay;
    l->n_busy = 0;
    l->used = (struct svg_box){1e9, 1e9, -1e9, -1e9}; /* nothing yet */
    for (int h = 0; h < geo->n_hexes; h++)
        hex_busy(c, h);
    for (int v = 0; v < geo->n_vertices; v++) {
        l->corner_x[v] = px(c, geo->vertex_x[v]);
        l->corner_y[v] = py(c, geo->vertex_y[v]);
        busy(l, corner_box(v, l->corner_x[v], l->corner_y[v]));
    }
    for (int k = 0; k < geo->n_harbors; k++)
        place_harbor(c, k);
    /* The pirate in its sea, clear of the labels there: beside where the token would be, or
     * on the hex's middle, above or below. */
    int sea = pirate_shown(c);
    if (sea >= 0) {
        static const double at[][2] = {{-17, 3}, {17, 3}, {0, 3}, {0, -12}, {0, 14}};
        double hx = px(c, geo->hex_x[sea]), hy = py(c, geo->hex_y[sea]);
        double best = -1;
        for (int i = 0; i < 5 && best != 0; i++) {
            double o = overlap(l, bandit_box(hx + at[i][0], hy + at[i][1], 1));
            if (best < 0 || o < best) {
                best = o;
                l->pirate_x = hx + at[i][0];
                l->pirate_y = hy + at[i][1];
            }
        }
        busy(l, bandit_box(l->pirate_x, l->pirate_y, 1));
    }
    if (!(c->flags & WEB_SVG_VERTEX_NUMBERS))
        return;
    /* A built corner's number moves off the building: clear of the buildings, the robber, the
     * pirate and the numbers of the others. */
    for (int v = 0; v < geo->n_vertices; v++)
        if (taken(c, v)) {
            double x = px(c, geo->vertex_x[v]), y = py(c, geo->vertex_y[v]);
            struct svg_box b = !built(c, v) ? (struct svg_box){-8, -8, 8, 8} /* a knight */
                               : c->g->vertex_building[v] == BUILDING_CITY
                                   ? (struct svg_box){-10, -12, 10, 10} /* a wall, a tower */
                                   : (struct svg_box){-6, -8, 6, 5};
            busy(l, shifted(b, x, y));
        }
    if (c->g->robber >= 0 && c->g->robber < geo->n_hexes)
        busy(l, bandit_box(px(c, geo->hex_x[c->g->robber]) - 17,
                           py(c, geo->hex_y[c->g->robber]) + 3, 0));
    int m = merchant_hex(c->g);
    if (m >= 0 && m < geo->n_hexes)
        busy(l, bandit_box(px(c, geo->hex_x[m]) + 17, py(c, geo->hex_y[m]) + 3, 0));
    for (int v = 0; v < geo->n_vertices; v++)
        if (taken(c, v))
            place_built_corner(c, v);
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
    int river = (int)(c->g->river_hexes >> h & 1);
    addf(c->o, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>",
         fog ? "#9e9e9e" : terrain_fill[t], river ? "#1565c0" : "#4e4434", river ? "2.5" : "1");
    addf(c->o, "<text class=\"hex-name\" y=\"-14\" font-size=\"8\" fill=\"#111\">%s</text>", name);
    char word[24];
    if (fog)
        addf(c->o, "<text class=\"fog\" y=\"7\" font-size=\"18\" fill=\"#eee\">?</text>");
    else if (terrain_text(c, h, word, sizeof word))
        addf(c->o, "<text class=\"terrain\" y=\"22\" font-size=\"6\" fill=\"#111\">%s</text>",
             word);
    if (!fog && g->token[h])
        draw_token(c, g->token[h]);
    addf(c->o, "</g>\n");
}

/* A harbor: its label where svg_place put it, on a pier from its side's middle. */
static void draw_harbor(const struct svg_ctx *c, int k)
{
    const struct board_geo *geo = c->geo;
    int e = geo->harbor_edge[k];
    if (game_harbor_hex(c->g, k) < 0)
        return;
    int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
    double mx = (px(c, geo->vertex_x[a]) + px(c, geo->vertex_x[b])) / 2.0;
    double my = (py(c, geo->vertex_y[a]) + py(c, geo->vertex_y[b])) / 2.0;
    double x = c->lay->harbor_x[k], y = c->lay->harbor_y[k];
    char label[16];
    harbor_text(c, k, label, sizeof label);
    addf(c->o,
         "<g class=\"harbor\" id=\"h-%d-%d\" transform=\"translate(%.1f %.1f)\">"
         "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"0\" y2=\"0\" stroke=\"#5d4037\" stroke-width=\"2\"/>"
         "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" font-weight=\"bold\" fill=\"#fff\" "
         "stroke=\"#263238\" stroke-width=\"0.4\">%s</text></g>\n",
         a + 1, b + 1, x, y, mx - x, my - y, c->lay->harbor_tx[k], c->lay->harbor_ty[k] + 3, label);
}

/* The Forgotten Tribe: a gift still on the coast, a mark at its side's middle nudged into the
 * sea ("+1" a point, "D" a development card, the harbor's "3:1" or "2:1"), class="gift" id
 * "g-12-13" with what it is as <title>; a harbor placed by a player, on its side, class
 * "harbor placed", bordered in its owner's colour. */
static void draw_gift(const struct svg_ctx *c, int k)
{
    const struct board_geo *geo = c->geo;
    const struct game *g = c->g;
    int placed = geo->gift_kind[k] == MAP_GIFT_HARBOR && g->gift_owner[k] >= 0 &&
                 g->gift_at[k] < geo->n_edges && g->gift[k] <= HARBOR_GENERIC;
    if (!placed && (g->gift_owner[k] != -1 || geo->gift_edge[k] >= geo->n_edges))
        return;
    int e = placed ? g->gift_at[k] : geo->gift_edge[k];
    int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1], land = -1;
    for (int i = 0; i < 2; i++)
        if (geo->edge_hex[e][i] >= 0 && (g->land >> geo->edge_hex[e][i] & 1))
            land = geo->edge_hex[e][i];
    double mx = (px(c, geo->vertex_x[a]) + px(c, geo->vertex_x[b])) / 2.0;
    double my = (py(c, geo->vertex_y[a]) + py(c, geo->vertex_y[b])) / 2.0;
    if (land >= 0) { /* a third of the way from the land's centre beyond the side */
        mx += (mx - px(c, geo->hex_x[land])) / 3.0;
        my += (my - py(c, geo->hex_y[land])) / 3.0;
    }
    char mark[16], title[32];
    int kind = geo->gift_kind[k];
    if (kind == MAP_GIFT_HARBOR) {
        int type = g->gift[k];
        snprintf(mark, sizeof mark, "%s", type == HARBOR_GENERIC ? "3:1" : "2:1");
        snprintf(title, sizeof title, "%s %s", type == HARBOR_GENERIC ? "3:1" : "2:1",
                 type == HARBOR_GENERIC ? "harbor" : terrain_word[type]);
    } else {
        snprintf(mark, sizeof mark, "%s", kind == MAP_GIFT_CARD ? "D" : "+1");
        snprintf(title, sizeof title, "%s",
                 kind == MAP_GIFT_CARD ? "development card" : "victory point");
    }
    if (placed) {
        addf(c->o,
             "<g class=\"harbor placed\" id=\"h-%d-%d\" transform=\"translate(%.1f %.1f)\">"
             "<title>%s</title><rect x=\"-11\" y=\"-6\" width=\"22\" height=\"12\" "
             "rx=\"3\" fill=\"#5d4037\" stroke=\"%s\"/><text y=\"3\" font-size=\"8\" "
             "font-weight=\"bold\" fill=\"#fff\">%s</text></g>\n",
             a + 1, b + 1, mx, my, title, web_seat_fill(g->gift_owner[k]), mark);
        return;
    }
    addf(c->o,
         "<g class=\"gift\" id=\"g-%d-%d\" transform=\"translate(%.1f %.1f)\">"
         "<title>gift: %s</title><circle r=\"7\" fill=\"#fff8e1\" stroke=\"#6d4c41\" "
         "stroke-dasharray=\"2 1\"/><text y=\"3\" font-size=\"7\" font-weight=\"bold\" "
         "fill=\"#4e342e\">%s</text></g>\n",
         a + 1, b + 1, mx, my, title, mark);
}

/* Cloth for Catan: a village, a hut inside its island beside its corner with its number, the
 * cloth it has left and its trading partners' letters: class="village" id="village-12". */
static void draw_village(const struct svg_ctx *c, int i)
{
    const struct board_geo *geo = c->geo;
    const struct game *g = c->g;
    int v = geo->village_vertex[i], land = -1;
    for (int j = 0; j < 3; j++) {
        int h = geo->vertex_hex[v][j];
        if (h >= 0 && (g->land >> h & 1))
            land = h;
    }
    double x = px(c, geo->vertex_x[v]), y = py(c, geo->vertex_y[v]);
    if (land >= 0) {
        x += (px(c, geo->hex_x[land]) - x) * 0.45;
        y += (py(c, geo->hex_y[land]) - y) * 0.45;
    }
    char partners[GAME_MAX_PLAYERS + 1] = "";
    for (int p = 0, n = 0; p < g->opt.n_players; p++)
        if (g->village_traders[i] >> p & 1)
            partners[n++] = seat_letter(c, p, 0);
    addf(c->o,
         "<g class=\"village\" id=\"village-%d\" transform=\"translate(%.1f %.1f)\">"
         "<title>village %d: %d cloth%s%s</title><path d=\"M-9 -2 L0 -10 L9 -2 L9 8 L-9 8 Z\" "
         "fill=\"#d7ccc8\" stroke=\"#4e342e\"/><text y=\"5\" font-size=\"8\" "
         "font-weight=\"bold\" fill=\"#3e2723\">%d</text><text y=\"17\" font-size=\"7\" "
         "fill=\"#3e2723\">%dc %s</text></g>\n",
         v + 1, x, y, geo->village_number[i], g->village_cloth[i], partners[0] ? ", " : "",
         partners, geo->village_number[i], g->village_cloth[i], partners);
}

/* The Pirate Islands: a pirate fortress still standing, a dark tower inside its hex beside its
 * corner with the strength it has left, edged in the colour of the seat it is for:
 * class="fortress" id="fortress-18". A conquered one is that seat's settlement. */
static void draw_fortress(const struct svg_ctx *c, int seat)
{
    const struct board_geo *geo = c->geo;
    int h = render_fortress_hex(c->g, geo, seat);
    if (h < 0)
        return;
    int v = geo->route_fortress[seat];
    double x = px(c, geo->vertex_x[v]), y = py(c, geo->vertex_y[v]);
    x += (px(c, geo->hex_x[h]) - x) * 0.45;
    y += (py(c, geo->hex_y[h]) - y) * 0.45;
    addf(c->o,
         "<g class=\"fortress\" id=\"fortress-%d\" transform=\"translate(%.1f %.1f)\">"
         "<title>pirate fortress at %d for ",
         v + 1, x, y, v + 1);
    add_escaped(c->o, seat < c->st->n_seats ? c->st->nick[seat] : "?");
    addf(c->o,
         ": strength %d</title><path d=\"M-8 8 V-6 H-5 V-3 H-2 V-6 H2 V-3 H5 V-6 H8 V8 Z\" "
         "fill=\"#37474f\" stroke=\"%s\" stroke-width=\"1.5\"/><text y=\"6\" "
         "font-size=\"9\" font-weight=\"bold\" fill=\"#fff\">%d</text></g>\n",
         c->g->fortress[seat], web_seat_fill(seat), c->g->fortress[seat]);
}

/* A road, or a ship (dashed, with a hull under the letter), along the middle of its side. */
/* The Wonders of Catan: a corner marked for the Great Wall or the Great Bridge, a dashed ring
 * under whatever stands there: class="wonder-spot" id="w-25". */
static void draw_wonder_spot(const struct svg_ctx *c, int v)
{
    const struct board_geo *geo = c->geo;
    int wall = geo->wonder_spot_bits[MAP_WONDER_WALL][v >> 6] >> (v & 63) & 1;
    if (!wall && !(geo->wonder_spot_bits[MAP_WONDER_BRIDGE][v >> 6] >> (v & 63) & 1))
        return;
    addf(c->o,
         "<g class=\"wonder-spot\" id=\"w-%d\" transform=\"translate(%d %d)\"><title>%s corner "
         "%d</title><circle r=\"10\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
         "stroke-dasharray=\"3 2\"/></g>\n",
         v + 1, px(c, geo->vertex_x[v]), py(c, geo->vertex_y[v]),
         render_wonder_name(0, wall ? WONDER_WALL : WONDER_BRIDGE), v + 1,
         wall ? "#5d4037" : "#0d47a1");
}

/* A seat's wonder after its nick in the legend, " (Theater 2/4)"; "" for none. */
static const char *seat_wonder(const struct game *g, int seat, char *buf, size_t size)
{
    int w = g->wonders ? game_wonder_of(g, seat) : -1;
    buf[0] = '\0';
    if (w >= 0)
        snprintf(buf, size, " (%s %d/%d)", render_wonder_name(0, w), g->wonder_level[w],
                 GAME_WONDER_STAGES);
    return buf;
}

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
    /* A warship (The Pirate Islands): a black flag on the mast over the hull. */
    if (ship && render_warship(c->g, geo, e))
        addf(c->o, "<path class=\"warship\" d=\"M0 -1 V-9 L6 -7 L0 -5\" fill=\"#111\" "
                   "stroke=\"#fff\" stroke-width=\"0.6\"><title>warship</title></path>");
    addf(c->o, "<text y=\"%d\" font-size=\"6\" font-weight=\"bold\" fill=\"%s\">%c</text></g>\n",
         ship ? 3 : 2, web_seat_ink(owner), seat_letter(c, owner, 0));
}

static void draw_building(const struct svg_ctx *c, int v)
{
    const struct board_geo *geo = c->geo;
    if (!built(c, v))
        return;
    int x = px(c, geo->vertex_x[v]), y = py(c, geo->vertex_y[v]), owner = c->g->vertex_owner[v];
    int city = c->g->vertex_building[v] == BUILDING_CITY;
    addf(c->o, "<g class=\"%s\" id=\"v-%d\" transform=\"translate(%d %d)\">",
         city ? "city" : "settlement", v + 1, x, y);
    addf(c->o, "<path d=\"%s\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1\"/>",
         city ? "M-10 7 V-3 L-5 -9 L0 -3 V-1 H10 V7 Z" : "M-6 5 V-2 L0 -8 L6 -2 V5 Z",
         web_seat_fill(owner));
    addf(c->o, "<text y=\"%d\" font-size=\"%d\" font-weight=\"bold\" fill=\"%s\">%c</text></g>\n",
         city ? 5 : 4, city ? 8 : 7, web_seat_ink(owner), seat_letter(c, owner, city));
}

/* ---- Cities & Knights ----
 *
 * A city wall is a band of stone under the city, class="wall" id="wall-12"; a metropolis a
 * tower over it in its track's colour with the track's initial, class="metropolis science"
 * id="metropolis-12"; a knight a round shield at its corner with its seat's letter and its
 * level as a superscript, filled with the seat's colour while active, white while not,
 * class="knight active" or "knight inactive" id="k-12"; the merchant a coin in its holder's
 * colour beside its hex's token (the robber's other side), class="merchant" id="merchant-K";
 * the barbarians' voyage a row of seven steps under the legend with their ship on the step it
 * has reached, class="barbarians". */

static const char *const track_class[CK_TRACKS] = {"science", "trade", "politics"};
static const char *const track_fill[CK_TRACKS] = {"#2e7d32", "#f9a825", "#1565c0"};
static const char track_initial[CK_TRACKS] = {'S', 'T', 'P'};

static void draw_wall(const struct svg_ctx *c, int v)
{
    const struct game *g = c->g;
    if (!g->ck.on || !built(c, v) || !(g->ck.walls[v >> 6] >> (v & 63) & 1))
        return;
    addf(c->o,
         "<g class=\"wall\" id=\"wall-%d\" transform=\"translate(%d %d)\"><title>city wall at "
         "%d</title><path d=\"M-13 10 V4 H-11 V2 H-8 V4 H-5 V2 H-2 V4 H2 V2 H5 V4 H8 V2 H11 V4 "
         "H13 V10 Z\" fill=\"#8d6e63\" stroke=\"#000\" stroke-width=\"1\"/></g>\n",
         v + 1, px(c, c->geo->vertex_x[v]), py(c, c->geo->vertex_y[v]), v + 1);
}

static void draw_metropolis(const struct svg_ctx *c, int v)
{
    for (int t = 0; c->g->ck.on && t < CK_TRACKS; t++)
        if (c->g->ck.metropolis[t] == v + 1 && built(c, v))
            addf(c->o,
                 "<g class=\"metropolis %s\" id=\"metropolis-%d\" transform=\"translate(%d "
                 "%d)\"><title>metropolis of %s at %d</title><path d=\"M1 -1 V-12 H3 V-10 H5 "
                 "V-12 H7 V-10 H9 V-12 H11 V-1 Z\" fill=\"%s\" stroke=\"#000\" "
                 "stroke-width=\"1\"/><text x=\"6\" y=\"-3\" font-size=\"6\" "
                 "font-weight=\"bold\" fill=\"%s\">%c</text></g>\n",
                 track_class[t], v + 1, px(c, c->geo->vertex_x[v]), py(c, c->geo->vertex_y[v]),
                 track_class[t], v + 1, track_fill[t], t == TRACK_TRADE ? "#111" : "#fff",
                 track_initial[t]);
}

static void draw_knight(const struct svg_ctx *c, int v)
{
    int seat = -1, k = knight_at(c->g, v, &seat);
    if (!k || !seat_ok(seat))
        return;
    int active = (k & KNIGHT_ACTIVE) != 0;
    addf(c->o,
         "<g class=\"knight %s\" id=\"k-%d\" transform=\"translate(%d %d)\"><title>knight of ",
         active ? "active" : "inactive", v + 1, px(c, c->geo->vertex_x[v]),
         py(c, c->geo->vertex_y[v]));
    add_escaped(c->o, seat < c->st->n_seats ? c->st->nick[seat] : "?");
    addf(c->o,
         ", level %d, %s</title><path d=\"M-7 -6 H7 V0 Q7 6 0 8 Q-7 6 -7 0 Z\" fill=\"%s\" "
         "stroke=\"%s\" stroke-width=\"%s\"/><text x=\"-1\" y=\"3\" font-size=\"7\" "
         "font-weight=\"bold\" fill=\"%s\">%c<tspan dy=\"-3\" font-size=\"5\">%d</tspan>"
         "</text></g>\n",
         k & KNIGHT_LEVEL, active ? "active" : "inactive", active ? web_seat_fill(seat) : "#fff",
         active ? "#000" : web_seat_fill(seat), active ? "1" : "2",
         active ? web_seat_ink(seat) : "#111", seat_letter(c, seat, 0), k & KNIGHT_LEVEL);
}

static void draw_merchant(const struct svg_ctx *c)
{
    int h = merchant_hex(c->g), seat = c->g->ck.merchant_owner - 1;
    if (h < 0 || h >= c->geo->n_hexes || !seat_ok(seat))
        return;
    char name[4];
    board_hex_name(h, name);
    addf(c->o,
         "<g class=\"merchant\" id=\"merchant-%s\" transform=\"translate(%d %d)\"><title>merchant "
         "of ",
         name, px(c, c->geo->hex_x[h]) + 17, py(c, c->geo->hex_y[h]) + 3);
    add_escaped(c->o, seat < c->st->n_seats ? c->st->nick[seat] : "?");
    addf(c->o,
         "</title><circle r=\"6\" fill=\"%s\" stroke=\"#000\" stroke-width=\"1\"/><text "
         "y=\"2.5\" font-size=\"7\" font-weight=\"bold\" fill=\"%s\">$%c</text></g>\n",
         web_seat_fill(seat), web_seat_ink(seat), seat_letter(c, seat, 0));
}

/* The barbarians' voyage at y: seven steps, their ship on the one reached (0: still home). */
static void draw_barbarians(const struct svg_ctx *c, int y)
{
    int at = c->g->ck.barbarians;
    addf(c->o,
         "<g class=\"barbarians\" transform=\"translate(%d %d)\"><title>barbarians %d/%d"
         "</title><text x=\"0\" y=\"4\" font-size=\"10\" text-anchor=\"start\" "
         "fill=\"#111\">barbarians %d/%d</text>",
         WEB_SVG_PAD - 6, y, at, CK_VOYAGE, at, CK_VOYAGE);
    for (int i = 1; i <= CK_VOYAGE; i++)
        addf(c->o,
             "<rect class=\"step\" x=\"%d\" y=\"-4\" width=\"10\" height=\"10\" "
             "fill=\"%s\" stroke=\"#37474f\"/>",
             90 + 12 * (i - 1), i == CK_VOYAGE ? "#ef9a9a" : "#fff");
    if (at > 0)
        addf(c->o,
             "<path class=\"barbarian-ship\" d=\"M-5 1 H5 L3 5 H-3 Z M0 1 V-4 L4 -1 H0\" "
             "transform=\"translate(%d 0)\" fill=\"#212121\"/>",
             95 + 12 * (at - 1));
    addf(c->o, "</g>\n");
}

/* A corner's number on a light box: on the corner, or beside the building there. */
static void draw_corner(const struct svg_ctx *c, int v)
{
    double x = c->lay->corner_x[v], y = c->lay->corner_y[v];
    struct svg_box b = shifted(corner_box(v, x, y), -x, -y);
    addf(c->o,
         "<g class=\"corner\" id=\"c-%d\" transform=\"translate(%.1f %.1f)\">"
         "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"3\" fill=\"#fff\" "
         "fill-opacity=\"0.9\" stroke=\"#37474f\" stroke-width=\"0.5\"/>"
         "<text y=\"2.2\" font-size=\"6\" font-weight=\"bold\" fill=\"#111\">%d</text></g>\n",
         v + 1, x, y, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, v + 1);
}

/* The robber (a dark figure, "R") beside its hex's token, and the pirate (a dark ship, "P")
 * where svg_place put it; The Pirate Islands' fleet (pirate 2) as the pirate, "F". */
static void draw_bandit(const struct svg_ctx *c, int h, int pirate)
{
    const struct board_geo *geo = c->geo;
    if (h < 0 || h >= geo->n_hexes)
        return;
    char name[4];
    board_hex_name(h, name);
    double x = pirate ? c->lay->pirate_x : px(c, geo->hex_x[h]) - 17;
    double y = pirate ? c->lay->pirate_y : py(c, geo->hex_y[h]) + 3;
    const char *kind = pirate == 2 ? "fleet" : pirate ? "pirate" : "robber";
    addf(c->o, "<g class=\"%s\" id=\"%s-%s\" transform=\"translate(%g %g)\">", kind, kind, name, x,
         y);
    if (pirate)
        addf(c->o, "<path d=\"M-7 0 H7 L4 7 H-4 Z M-1 0 V-9 L5 -3 H-1\" fill=\"#1a237e\" "
                   "stroke=\"#fff\" stroke-width=\"0.6\"/>");
    else
        addf(c->o, "<path d=\"M-5 8 Q-5 -2 0 -2 Q5 -2 5 8 Z\" fill=\"#222\" stroke=\"#fff\" "
                   "stroke-width=\"0.6\"/><circle cy=\"-5\" r=\"3.2\" fill=\"#222\" "
                   "stroke=\"#fff\" stroke-width=\"0.6\"/>");
    addf(c->o, "<text y=\"%d\" font-size=\"6\" font-weight=\"bold\" fill=\"#fff\">%c</text></g>\n",
         pirate ? 5 : 6,
         pirate == 2 ? 'F'
         : pirate    ? 'P'
                     : 'R');
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
        char wonder[48];
        add_escaped(c->o, c->st->nick[s]);
        if (seat_wonder(c->g, s, wonder, sizeof wonder)[0]) {
            addf(c->o, "<tspan class=\"wonder\">");
            add_escaped(c->o, wonder);
            addf(c->o, "</tspan>");
        }
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
    render_style_neutrals(&st, g);
    struct svg_layout lay = {0};
    struct svg_ctx c = {&o, g, game_geo(g), &st, flags, &lay};
    if (size > 0)
        out[0] = '\0';
    if (!c.geo)
        return 0;
    const struct board_geo *geo = c.geo;
    svg_place(&c);
    /* The board's frame, grown to hold every label with 2 units to spare, and wide enough for
     * the legend's nicks. */
    struct svg_box all = lay.used;
    for (int s = 0; s < st.n_seats; s++) {
        struct strbuf sb = STRBUF_INIT; /* as drawn: what cannot be shown is a "?" */
        char wonder[48];
        web_escape(&sb, st.nick[s]);
        web_escape(&sb, seat_wonder(g, s, wonder, sizeof wonder));
        all.x1 = fmax(all.x1, WEB_SVG_PAD + 12 + web_svg_text_width(sb_str(&sb), 10));
        sb_fini(&sb);
    }
    int x0 = (int)fmin(0, floor(all.x0 - 2)), y0 = (int)fmin(0, floor(all.y0 - 2));
    int x1 =
        (int)fmax(2 * WEB_SVG_PAD + (geo->max_x - geo->min_x) * WEB_SVG_X_UNIT, ceil(all.x1 + 2));
    int board_bottom =
        (int)fmax(2 * WEB_SVG_PAD + (geo->max_y - geo->min_y) * WEB_SVG_Y_UNIT, ceil(all.y1 + 2));
    int rows = st.n_seats + (g->ck.on ? 1 : 0);
    int w = x1 - x0, h = board_bottom - y0 + 16 * rows + (rows ? 8 : 0);
    addf(&o,
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"%d %d %d %d\" "
         "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" text-anchor=\"middle\">\n",
         x0, y0, w, h, w, h);
    addf(&o, "<title>Board");
    for (int s = 0; s < st.n_seats; s++) {
        addf(&o, "%s", s ? ", " : ": ");
        add_escaped(&o, st.nick[s]);
    }
    addf(&o,
         "</title>\n<rect class=\"sea\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
         "fill=\"%s\"/>\n",
         x0, y0, w, board_bottom - y0, terrain_fill[TERRAIN_SEA]);
    for (int k = 0; k < geo->n_hexes; k++)
        draw_hex(&c, k);
    for (int e = 0; e < geo->n_edges; e++)
        draw_edge(&c, e);
    for (int k = 0; k < geo->n_harbors; k++) /* over the roads and ships: always readable */
        draw_harbor(&c, k);
    for (int k = 0; k < geo->n_gifts && k < BOARD_MAX_GIFTS; k++)
        draw_gift(&c, k);
    for (int i = 0; i < geo->n_villages && i < BOARD_MAX_VILLAGES; i++)
        draw_village(&c, i);
    for (int v = 0; geo->wonders && v < geo->n_vertices; v++)
        draw_wonder_spot(&c, v);
    for (int p = 0; p < geo->n_routes && p < GAME_MAX_PLAYERS; p++)
        draw_fortress(&c, p);
    for (int v = 0; v < geo->n_vertices; v++) {
        draw_wall(&c, v);
        draw_building(&c, v);
        draw_metropolis(&c, v);
        draw_knight(&c, v);
    }
    draw_bandit(&c, g->robber, 0);
    draw_merchant(&c);
    if (pirate_shown(&c) >= 0)
        draw_bandit(&c, pirate_shown(&c), g->pirate >= 0 ? 1 : 2);
    if (flags & WEB_SVG_VERTEX_NUMBERS)
        for (int v = 0; v < geo->n_vertices; v++)
            draw_corner(&c, v);
    draw_legend(&c, board_bottom + 8);
    if (g->ck.on)
        draw_barbarians(&c, board_bottom + 8 + 16 * st.n_seats);
    addf(&o, "</svg>\n");
    return o.len;
}
