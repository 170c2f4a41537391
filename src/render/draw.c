/* The board drawing.
 *
 * The geometry's coordinates map straight to text: one line per quarter hex height (y) and
 * CELL_W columns per half hex width (x). A vertex is its number, right-aligned on its column,
 * with the owner's letter just left of it when built on. Pointy tops and bottoms are slanted
 * strokes ("_.-'" and "'-._") drawn on the line of the edge's upper vertex, so that they run
 * down to the lower vertex on the next line; vertical sides are a '|' on the line between.
 * What is left inside a hex is two short lines: terrain, then letter, token and robber; a gold
 * field (Seafarers) is a land hex like the others, its terrain the word "gold"; the Jungle
 * variant's desert is the word "jungle" (as wide as "desert") over its letter and token.
 * A sea hex (a map with sea inside its frame) has its letter and a light pattern of '~' waves
 * there instead, put in last around whatever else needs its room (harbor labels, legend), and
 * the pirate, a word beside the letter of its sea hex ("M pirate", "M pir"). A hex of the
 * tribe's islands has the tribe's mark where a number would be ("A /\\", a hut).
 *
 * A road is a run of its owner's letter along the side ("aaa", or the letter in place of a
 * '|'); a ship is the letter between angle brackets ("<a>"), on a vertical side centred on it,
 * so the two read apart without colours; a warship has the capital letter ("<A>").
 *
 * Everything is first drawn on a canvas of cells that remember what is taken, so harbor
 * labels and the legend can look for free sea around the coast; then each line is written
 * out with the colour codes its cells ask for. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "map/map.h"
#include "render/internal.h"

/* Where a hex of the tribe's islands (The Forgotten Tribe, Cloth for Catan) would have its
 * number: it has none, produces nothing and takes no settlement. */
#define TRIBE_MARK "/\\"

enum { CELL_W = 6, MARGIN = 10, TOP = 1, CANVAS_W = 128, CANVAS_H = 32, NO_COLOR = 0xff };

struct style {
    uint8_t fg, bg, bold;
};

struct cell {
    char ch;        /* a character of one column: one byte, or the first of a UTF-8 one */
    char more[3];   /* the rest of a UTF-8 character */
    uint8_t n_more; /* how many of more[] */
    uint8_t used;   /* taken, even when blank: no label may go there */
    uint8_t run;    /* part of one piece of text: a blank keeps the style ("Ada (bot)") */
    uint8_t wave;   /* the pattern of a sea hex */
    struct style st;
};

struct canvas {
    const struct board_geo *geo;
    const struct game *g;
    const struct render_style *rs;
    /* The columns the drawing spans so far, and how many it may span (labels keep to it). */
    int span_lo, span_hi, max_cols;
    struct cell c[CANVAS_H][CANVAS_W];
};

static const struct style plain = {NO_COLOR, NO_COLOR, 0};

/* By enum terrain up to TERRAIN_GOLD: a gold field reads "gold" like any other land. */
static const int terrain_words[] = {MSG_DRAW_WOOD, MSG_DRAW_BRICK,  MSG_DRAW_WOOL, MSG_DRAW_GRAIN,
                                    MSG_DRAW_ORE,  MSG_DRAW_DESERT, MSG_DRAW_GOLD};

/* A word of the drawing in the style's language; English in a right-to-left one, whose words
 * would turn round inside the left-to-right lines of the drawing. */
static const char *draw_word(const struct canvas *cv, int msg)
{
    return render_draw_word(cv->rs->lang, msg);
}

static int col_of(const struct canvas *cv, int x)
{
    return MARGIN + (x - cv->geo->min_x) * CELL_W;
}

static int row_of(const struct canvas *cv, int y)
{
    return TOP + (y - cv->geo->min_y);
}

static int digits(int n)
{
    return n >= 100 ? 3 : n >= 10 ? 2 : 1;
}

/* Sea, or fog still hidden (drawn like sea with '?' for its waves). */
static int is_sea(const struct canvas *cv, int h)
{
    return !(game_land(cv->g, cv->geo) >> h & 1);
}

static int is_fog(const struct canvas *cv, int h)
{
    return (int)(fog_now(cv->g, cv->geo) >> h & 1);
}

static void put(struct canvas *cv, int r, int c, char ch, struct style st)
{
    if (r < 0 || r >= CANVAS_H || c < 0 || c >= CANVAS_W)
        return;
    cv->c[r][c].ch = ch;
    cv->c[r][c].n_more = 0;
    cv->c[r][c].used = 1;
    cv->c[r][c].st = st;
}

/* The bytes of the UTF-8 character at s: 1 for ASCII or a byte that starts none (kept as it
 * is), else 2 to 4 when the continuation bytes are there. */
static int char_len(const char *s)
{
    unsigned char b = (unsigned char)s[0];
    int n = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 1;
    for (int i = 1; i < n; i++)
        if (((unsigned char)s[i] & 0xc0) != 0x80)
            return 1;
    return n;
}

/* Columns s takes: one per character (the languages drawn here have no wide ones). */
static int text_cols(const char *s)
{
    int cols = 0;
    for (; *s; s += char_len(s))
        cols++;
    return cols;
}

/* One character a cell: a word in Cyrillic takes as many columns as it has letters. */
static void put_text(struct canvas *cv, int r, int c, const char *s, struct style st)
{
    for (; *s; c++) {
        int n = char_len(s);
        put(cv, r, c, *s, st);
        if (n > 1 && r >= 0 && r < CANVAS_H && c >= 0 && c < CANVAS_W) {
            memcpy(cv->c[r][c].more, s + 1, (size_t)n - 1);
            cv->c[r][c].n_more = (uint8_t)(n - 1);
        }
        s += n;
    }
}

static int is_free(const struct canvas *cv, int r, int c0, int c1)
{
    if (r < 0 || r >= CANVAS_H || c0 < 0 || c1 >= CANVAS_W)
        return 0;
    for (int c = c0; c <= c1; c++)
        if (cv->c[r][c].used)
            return 0;
    return 1;
}

static struct style seat_style(const struct canvas *cv, int seat, int city)
{
    struct style st = plain;
    if (!cv->rs->color || seat < 0)
        return st;
    st.bold = 1;
    if (city) {
        st.fg = 0; /* white on the seat colour: a filled block, unlike a settlement */
        st.bg = (uint8_t)render_seat_color(seat);
    } else {
        st.fg = (uint8_t)render_seat_color(seat);
    }
    return st;
}

static char seat_letter(const struct canvas *cv, int seat, int upper)
{
    char c = seat < cv->rs->n_seats ? cv->rs->letter[seat] : '?';
    return upper && c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

static void draw_edges(struct canvas *cv)
{
    const struct board_geo *geo = cv->geo;
    for (int e = 0; e < geo->n_edges; e++) {
        int u = geo->edge_vertex[e][0], l = geo->edge_vertex[e][1];
        if (geo->vertex_y[u] > geo->vertex_y[l]) {
            int t = u;
            u = l;
            l = t;
        }
        int owner = cv->g->edge_owner[e];
        struct style st = seat_style(cv, owner, 0);
        char road = owner >= 0 ? seat_letter(cv, owner, 0) : 0;
        int xu = col_of(cv, geo->vertex_x[u]), r = row_of(cv, geo->vertex_y[u]);
        int ship = road && edge_is_ship(cv->g, e);
        /* A warship (The Pirate Islands) is its owner's capital letter, in a city's block. */
        if (ship && render_warship(cv->g, geo, e)) {
            road = seat_letter(cv, owner, 1);
            st = seat_style(cv, owner, 1);
        }
        char hull[4] = {'<', road, '>', 0};
        if (geo->vertex_x[u] == geo->vertex_x[l]) {
            if (ship)
                put_text(cv, r + 1, xu - 1, hull, st);
            else
                put(cv, r + 1, xu, road ? road : '|', st);
            continue;
        }
        /* The glyph next to the number stays, so a road never looks like a building. */
        if (geo->vertex_x[l] > geo->vertex_x[u]) {
            const char *s = "'-._";
            for (int i = 0; i < 4; i++)
                put(cv, r, xu + 1 + i, ship && i ? hull[i - 1] : road && i ? road : s[i], st);
        } else {
            const char *s = "_.-'";
            int la = xu - digits(u + 1);
            for (int i = 0; i < 4; i++)
                put(cv, r, la - 3 + i, ship && i < 3 ? hull[i] : road && i < 3 ? road : s[i], st);
        }
    }
}

/* The Wonders of Catan: a free corner marked for the Great Wall ('*') or the Great Bridge ('^')
 * has the mark where a building's letter goes (in place of the end of a stroke, "_.-*25");
 * other free corners a blank. */
static char wonder_mark(const struct board_geo *geo, int v)
{
    if (!geo->wonders)
        return ' ';
    return geo->wonder_spot_bits[MAP_WONDER_WALL][v >> 6] >> (v & 63) & 1     ? '*'
           : geo->wonder_spot_bits[MAP_WONDER_BRIDGE][v >> 6] >> (v & 63) & 1 ? '^'
                                                                              : ' ';
}

/* Whether corner v holds a village (Cloth for Catan): no building ever stands there, so the
 * column before its number is free for the village's label. */
static int is_village(const struct board_geo *geo, int v)
{
    for (int i = 0; i < geo->n_villages && i < BOARD_MAX_VILLAGES; i++)
        if (geo->village_vertex[i] == v)
            return 1;
    return 0;
}

/* Cities & Knights: a knight in its owner's colour where a building's letter goes, capital
 * while active, its level after the number; a metropolis's track after the number and a city
 * wall before the letter, in the city's colours (cities_draw.c says why these columns). */
static void draw_ck_corner(struct canvas *cv, int v, int r, int x, struct style st)
{
    struct ckdraw_corner m;
    if (!ckdraw_corner(cv->g, v, cv->rs->lang, &m))
        return;
    int d = digits(v + 1);
    if (m.knight >= 0) {
        st = seat_style(cv, m.knight, 0);
        char num[12];
        snprintf(num, sizeof num, "%d", v + 1);
        put_text(cv, r, x - d + 1, num, st);
        put(cv, r, x - d, seat_letter(cv, m.knight, m.active), st);
    }
    if (m.after[0])
        put_text(cv, r, x + 1, m.after, st);
    if (m.wall)
        put(cv, r, x - d - 1, '[', st);
}

static void draw_vertices(struct canvas *cv)
{
    const struct board_geo *geo = cv->geo;
    for (int v = 0; v < geo->n_vertices; v++) {
        int x = col_of(cv, geo->vertex_x[v]), r = row_of(cv, geo->vertex_y[v]);
        int d = digits(v + 1), owner = cv->g->vertex_owner[v];
        int city = cv->g->vertex_building[v] == BUILDING_CITY;
        struct style st = seat_style(cv, owner, city);
        char num[12];
        snprintf(num, sizeof num, "%d", v + 1);
        put_text(cv, r, x - d + 1, num, st);
        char mark = wonder_mark(geo, v);
        if (owner >= 0)
            put(cv, r, x - d, seat_letter(cv, owner, city), st);
        else if ((!cv->c[r][x - d].used && !is_village(geo, v)) ||
                 (mark != ' ' && cv->c[r][x - d].ch == '\''))
            put(cv, r, x - d, mark, plain); /* kept for a later building; a mark ends a stroke */
        draw_ck_corner(cv, v, r, x, st);
    }
}

/* s centred in the columns [c0, c1] of line r. */
static void put_centred(struct canvas *cv, int r, int c0, int c1, const char *s, struct style st)
{
    int len = text_cols(s);
    put_text(cv, r, c0 + (c1 - c0 + 1 - len) / 2, s, st);
}

static void draw_hexes(struct canvas *cv)
{
    const struct board_geo *geo = cv->geo;
    const struct game *g = cv->g;
    for (int h = 0; h < geo->n_hexes; h++) {
        if (is_sea(cv, h))
            continue; /* drawn after the harbors, which may need its room */
        int x = col_of(cv, geo->hex_x[h]), r = row_of(cv, geo->hex_y[h]);
        int t = g->terrain[h] <= TERRAIN_GOLD ? g->terrain[h] : TERRAIN_DESERT;
        const char *word = draw_word(cv, g->terrain[h] == TERRAIN_JUNGLE ? MSG_DRAW_JUNGLE
                                         : g->terrain[h] == TERRAIN_MINE ? MSG_DRAW_MINE
                                                                         : terrain_words[t]);
        /* A hex of the Great River: its word between waves, "~ore~", "~mine~". */
        char river_word[16];
        if (g->river_hexes >> h & 1) {
            snprintf(river_word, sizeof river_word, "~%s~", word);
            word = river_word;
        }
        char name[4];
        board_hex_name(h, name);
        /* The terrain fits between the NW and NE numbers with a blank before the NE owner's
         * letter; letter, token and robber get the wider middle line between the sides. A gold
         * field is the word "gold", in colour black on yellow (yellow text alone fades on a
         * white background). */
        struct style wst = plain;
        if (t == TERRAIN_GOLD && cv->rs->color) {
            wst.fg = 1;
            wst.bg = 8;
            wst.bold = 1;
        }
        /* A mark after the NW corner's number (Cities & Knights) keeps a blank before a word
         * that would touch it: one of 6 columns moves right, one of 7 too when nothing stands
         * before the NE corner's number (its blank stays between them). */
        int wlen = text_cols(word), shift = wlen >= 6 && cv->c[r - 1][x - 5].used;
        char ne = cv->c[r - 1][x + 4].ch;
        if (wlen == 7 && ne != ' ' && ne != '\0')
            shift = 0;
        put_centred(cv, r - 1, x - 4 + shift, x + 2 + (wlen == 7 ? shift : 0), word, wst);

        char token[16] = "", line[32];
        struct style tst = plain;
        if (g->token[h]) {
            int red = g->token[h] == 6 || g->token[h] == 8;
            if (red && cv->rs->color) {
                tst.fg = 4;
                tst.bold = 1;
            }
            snprintf(token, sizeof token, red && !cv->rs->color ? "*%d*" : "%d", g->token[h]);
        } else if (cv->geo->tribe_hexes >> h & 1) {
            snprintf(token, sizeof token, "%s", TRIBE_MARK); /* no number: the tribe's huts */
        }
        /* The longest word for the robber that leaves a blank inside each side; a ship on a
         * vertical side ("<a>") reaches a column further in. A pirate fortress (The Pirate
         * Islands, no robber) has its strength there the same way, "B fort 3", in the colour of
         * the seat it is for. */
        static const int robbers[] = {MSG_DRAW_ROBBER, MSG_DRAW_ROBBER_S, MSG_DRAW_ROBBER_1};
        char words[3][24];
        const char *robber = "";
        int lo = cv->c[r][x - 5].used ? x - 3 : x - 4, hi = cv->c[r][x + 5].used ? x + 3 : x + 4;
        int fort = -1, n_words = 0;
        for (int p = 0; p < geo->n_routes && fort < 0; p++)
            fort = render_fortress_hex(g, geo, p) == h ? p : -1;
        if (g->robber == h)
            for (n_words = 0; n_words < 3; n_words++)
                snprintf(words[n_words], sizeof words[0], " %s", draw_word(cv, robbers[n_words]));
        else if (fort >= 0) {
            snprintf(words[0], sizeof words[0], " %s %d", draw_word(cv, MSG_DRAW_FORT),
                     g->fortress[fort]);
            snprintf(words[1], sizeof words[1], " %s%d", draw_word(cv, MSG_DRAW_FORT),
                     g->fortress[fort]);
            n_words = 2;
        }
        /* The merchant (Cities & Knights) after them: "$" and its holder's letter. */
        char merch[4] = "";
        int holder = -1;
        if (ckdraw_merchant(g, &holder) == h)
            snprintf(merch, sizeof merch, " $%c", seat_letter(cv, holder, 0));
        int mlen = (int)strlen(merch);
        snprintf(line, sizeof line, "%s%s%s", name, token[0] ? " " : "", token);
        for (int i = 0; i < n_words; i++) {
            robber = words[i];
            if ((int)strlen(line) + text_cols(robber) + mlen <= hi - lo + 1)
                break;
        }
        int len = (int)strlen(line) + text_cols(robber) + mlen, c = lo + (hi - lo + 1 - len) / 2;
        if (len > hi - lo + 1)
            c = x - 5 + (11 - len) / 2;
        put_text(cv, r, c, name, plain);
        put_text(cv, r, c + (int)strlen(name) + 1, token, tst);
        if (robber[0]) {
            struct style rst = fort >= 0 ? seat_style(cv, fort, 0) : plain;
            if (cv->rs->color && fort < 0) {
                rst.fg = 0; /* white on black reads on both light and dark themes */
                rst.bg = 1;
                rst.bold = 1;
            }
            put_text(cv, r, c + (int)strlen(line) + 1, robber + 1, rst);
            for (int k = 0, n = text_cols(robber + 1); k < n; k++) /* one colour run */
                cv->c[r][c + (int)strlen(line) + 1 + k].run = 1;
        }
        if (merch[0])
            put_text(cv, r, c + (int)strlen(line) + text_cols(robber) + 1, merch + 1,
                     seat_style(cv, holder, 0));
    }
}

static int try_place(struct canvas *cv, int r, int c, const char *s, struct style st);

/* Whether len columns from c keep the drawing within its width; if so they count as spanned. */
static int within_span(struct canvas *cv, int c, int len)
{
    int lo = c < cv->span_lo ? c : cv->span_lo,
        hi = c + len - 1 > cv->span_hi ? c + len - 1 : cv->span_hi;
    if (hi - lo + 1 > cv->max_cols)
        return 0;
    cv->span_lo = lo;
    cv->span_hi = hi;
    return 1;
}

/* Room for len columns inside sea hex h, with a free column on both sides: in the middle like
 * a land hex's letter when there is room, else on the line above, else anywhere free on either
 * line (a harbor label beside the coast or a ship may have taken the middle). */
static int sea_room(const struct canvas *cv, int h, int len, int *pr, int *pc)
{
    const struct board_geo *geo = cv->geo;
    int x = col_of(cv, geo->hex_x[h]), r = row_of(cv, geo->hex_y[h]);
    int cand[2][2] = {{r, x - 5 + (11 - len) / 2}, {r - 1, x - 4 + (7 - len) / 2}};
    for (int i = 0; i < 2; i++)
        if (is_free(cv, cand[i][0], cand[i][1] - 1, cand[i][1] + len)) {
            *pr = cand[i][0];
            *pc = cand[i][1];
            return 1;
        }
    for (int line = 0; line < 2; line++)
        for (int c = x - 4; c + len <= x + (line ? 3 : 5); c++)
            if (is_free(cv, r - line, c - 1, c + len)) {
                *pr = r - line;
                *pc = c;
                return 1;
            }
    return 0;
}

/* The letter of each sea hex, and the pirate beside the letter of its hex: "M pirate", or
 * "M pir" where that is too long, or the word apart from the letter when they do not fit on
 * one line together. The Pirate Islands' fleet (no pirate there) the same way: "M fleet". */
static void draw_sea_letters(struct canvas *cv)
{
    const struct board_geo *geo = cv->geo;
    int pirate = pirate_hex(cv->g, geo), fleet = pirate < 0 && geo->n_fleet;
    if (fleet)
        pirate = game_fleet_hex(cv->g);
    struct style pst = plain;
    if (cv->rs->color) {
        pst.fg = 0; /* white on navy: like the robber's block, yet told apart from it */
        pst.bg = 2;
        pst.bold = 1;
    }
    const char *words[] = {draw_word(cv, fleet ? MSG_DRAW_FLEET : MSG_DRAW_PIRATE),
                           draw_word(cv, fleet ? MSG_DRAW_FLEET_S : MSG_DRAW_PIRATE_S)};
    for (int h = 0; h < geo->n_hexes; h++) {
        if (!is_sea(cv, h))
            continue;
        char name[4];
        board_hex_name(h, name);
        int len = (int)strlen(name), r, c, done = 0;
        for (int w = 0; h == pirate && w < 2 && !done; w++)
            if (sea_room(cv, h, len + 1 + text_cols(words[w]), &r, &c)) {
                put_text(cv, r, c, name, plain);
                put(cv, r, c + len, ' ', plain);
                put_text(cv, r, c + len + 1, words[w], pst);
                done = 1;
            }
        if (!done && sea_room(cv, h, len, &r, &c))
            put_text(cv, r, c, name, plain);
        if (!done && h == pirate && sea_room(cv, h, text_cols(words[1]), &r, &c))
            put_text(cv, r, c, words[1], pst);
    }
}

static int wave_free(const struct canvas *cv, int r, int c)
{
    for (int k = c - 1; k <= c + 1; k++)
        if (r < 0 || r >= CANVAS_H || k < 0 || k >= CANVAS_W ||
            (cv->c[r][k].used && !cv->c[r][k].wave))
            return 0;
    return !cv->c[r][c].used;
}

/* The sea's light pattern, last: a '~' every other column on the two lines inside each sea
 * hex, wherever nothing else is and a blank keeps it apart from what is there. */
static void draw_waves(struct canvas *cv)
{
    const struct board_geo *geo = cv->geo;
    struct style st = plain;
    if (cv->rs->color)
        st.fg = 14; /* grey: lighter than the land and unlike any seat's colour */
    for (int h = 0; h < geo->n_hexes; h++) {
        if (!is_sea(cv, h))
            continue;
        int x = col_of(cv, geo->hex_x[h]), r = row_of(cv, geo->hex_y[h]);
        for (int line = 0; line < 2; line++)
            for (int c = x - 4; c <= x + (line ? 2 : 4); c += 2)
                if (wave_free(cv, r - line, c)) {
                    put(cv, r - line, c, is_fog(cv, h) ? '?' : '~', st);
                    cv->c[r - line][c].wave = 1;
                }
    }
    /* The blank between two waves keeps their colour: one colour code for a run of them. */
    for (int r = 0; r < CANVAS_H; r++)
        for (int c = 1; c + 1 < CANVAS_W; c++)
            if (!cv->c[r][c].used && cv->c[r][c - 1].wave && cv->c[r][c + 1].wave) {
                put(cv, r, c, ' ', st);
                cv->c[r][c].run = 1;
            }
}

/* "3:1" or "2:1wool"; the short form abbreviates the two long resource names for the few
 * places where the sea is narrow. */
static void harbor_label(const struct canvas *cv, int type, int short_form, char *buf, size_t size)
{
    static const int words[RES_COUNT] = {MSG_DRAW_HARBOR_WOOD, MSG_DRAW_HARBOR_BRICK,
                                         MSG_DRAW_HARBOR_WOOL, MSG_DRAW_HARBOR_GRAIN,
                                         MSG_DRAW_HARBOR_ORE};
    static const int abbrev[RES_COUNT] = {MSG_DRAW_HARBOR_S_WOOD, MSG_DRAW_HARBOR_S_BRICK,
                                          MSG_DRAW_HARBOR_S_WOOL, MSG_DRAW_HARBOR_S_GRAIN,
                                          MSG_DRAW_HARBOR_S_ORE};
    if (type == HARBOR_GENERIC)
        snprintf(buf, size, "3:1");
    else
        snprintf(buf, size, "2:1%s", draw_word(cv, short_form ? abbrev[type] : words[type]));
}

/* Try to put s at [c, c+len) on line r with a free column on both sides. */
static int try_place(struct canvas *cv, int r, int c, const char *s, struct style st)
{
    int len = text_cols(s);
    if (!is_free(cv, r, c - 1, c + len) || !within_span(cv, c, len))
        return 0;
    put_text(cv, r, c, s, st);
    return 1;
}

/* A label beside edge e of land hex hex goes into the sea: beside a vertical side; for a
 * slanted side on the line of the vertex that faces the sea, beyond the stroke; failing that
 * on the line above or below, over the middle of the edge; failing that inside the sea hex
 * across the edge. label[0] is the full form, label[1] a short one for narrow sea. */
static int draw_edge_label(struct canvas *cv, int e, int hex, const char *const label[2],
                           struct style st, int last_row)
{
    const struct board_geo *geo = cv->geo;
    int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
    int dx = geo->vertex_x[a] + geo->vertex_x[b] - 2 * geo->hex_x[hex];
    int dy = geo->vertex_y[a] + geo->vertex_y[b] - 2 * geo->hex_y[hex];
    /* Candidate places, best first: [line, column] for the full label and the short one. */
    int u = geo->vertex_y[a] < geo->vertex_y[b] ? a : b, l = u == a ? b : a;
    int right = geo->vertex_x[l] > geo->vertex_x[u]; /* l lies right of u */
    int xu = col_of(cv, geo->vertex_x[u]), xl = col_of(cv, geo->vertex_x[l]);
    /* Beside the edge, with the full label and then the short one; failing that over or under
     * the edge, while the drawing keeps within its lines. */
    for (int pass = 0; pass < 4; pass++) {
        int beside = pass < 2;
        const char *s = label[pass & 1];
        int len = text_cols(s), r, c, mid = (xu + xl) / 2 - len / 2;
        if (geo->vertex_x[a] == geo->vertex_x[b]) {
            if (!beside)
                continue;
            r = row_of(cv, (geo->vertex_y[a] + geo->vertex_y[b]) / 2);
            c = dx < 0 ? xu - 1 - len : xu + 2;
            /* A ship on the side ("<a>") takes a column more of the sea. */
            if (r <= last_row &&
                (try_place(cv, r, c, s, st) || try_place(cv, r, c + (dx < 0 ? -1 : 1), s, st)))
                return 1;
            continue;
        } else if (dy < 0) {
            r = row_of(cv, geo->vertex_y[u]) - !beside;
            c = !beside ? mid : right ? xu + 6 : xu - digits(u + 1) - 4 - len;
        } else {
            r = row_of(cv, geo->vertex_y[l]) + !beside;
            c = !beside ? mid : right ? xl - digits(l + 1) - 1 - len : xl + 2;
        }
        if (r <= last_row && try_place(cv, r, c, s, st))
            return 1;
    }
    /* A sea hex across the edge (a map with sea) has room inside: on its two lines, as near
     * the middle of the edge as it goes. */
    int sea = geo->edge_hex[e][0] == hex ? geo->edge_hex[e][1] : geo->edge_hex[e][0];
    if (sea < 0 || !is_sea(cv, sea))
        return 0;
    int xs = col_of(cv, geo->hex_x[sea]), rs = row_of(cv, geo->hex_y[sea]);
    for (int short_form = 0; short_form < 2; short_form++) {
        const char *s = label[short_form];
        int len = text_cols(s), best_r = -1, best_c = 0, best_d = 0;
        for (int line = 0; line < 2; line++)
            for (int c = xs - 4; c + len <= xs + (line ? 3 : 5); c++) {
                int d = 2 * c + len - (xu + xl);
                d = d < 0 ? -d : d;
                if (is_free(cv, rs - line, c - 1, c + len) && (best_r < 0 || d < best_d)) {
                    best_r = rs - line;
                    best_c = c;
                    best_d = d;
                }
            }
        if (best_r >= 0 && try_place(cv, best_r, best_c, s, st))
            return 1;
    }
    return 0;
}

static int draw_harbor(struct canvas *cv, int k, int last_row)
{
    int hex = game_harbor_hex(cv->g, k);
    if (hex < 0)
        return 1; /* a slot this game left without a harbor (The New World) */
    struct style st = plain;
    if (cv->rs->color)
        st.bold = 1;
    char full[16], brief[16];
    harbor_label(cv, cv->g->harbor[k], 0, full, sizeof full);
    harbor_label(cv, cv->g->harbor[k], 1, brief, sizeof brief);
    const char *label[2] = {full, brief};
    return draw_edge_label(cv, cv->geo->harbor_edge[k], hex, label, st, last_row);
}

/* The land hex beside edge e (the tribe's, for a gift spot), or -1. */
static int land_of_edge(const struct canvas *cv, int e)
{
    for (int i = 0; i < 2; i++) {
        int h = cv->geo->edge_hex[e][i];
        if (h >= 0 && !is_sea(cv, h))
            return h;
    }
    return -1;
}

/* The Forgotten Tribe: each gift still on the coast, beside its side like a harbor ("+vp",
 * "+dev", "+3:1", "+2:1wool"), and each harbor a player placed, as the map's are. */
static void draw_gifts(struct canvas *cv, int last_row)
{
    const struct board_geo *geo = cv->geo;
    const struct game *g = cv->g;
    struct style st = plain;
    if (cv->rs->color)
        st.bold = 1;
    for (int k = 0; k < geo->n_gifts; k++) {
        int placed = tribe_harbor_placed(g, geo, k);
        if (!placed && !tribe_gift_lies(g, geo, k))
            continue;
        int e = placed ? g->gift_at[k] : geo->gift_edge[k], hex = land_of_edge(cv, e);
        if (hex < 0)
            continue;
        char full[16] = "+", brief[16] = "+";
        int off = !placed;
        if (geo->gift_kind[k] == MAP_GIFT_HARBOR) {
            harbor_label(cv, g->gift[k], 0, full + off, sizeof full - 1);
            harbor_label(cv, g->gift[k], 1, brief + off, sizeof brief - 1);
        } else {
            snprintf(full, sizeof full, "%s", geo->gift_kind[k] == MAP_GIFT_CARD ? "+dev" : "+vp");
            snprintf(brief, sizeof brief, "%s", full);
        }
        const char *label[2] = {full, brief};
        struct style gst = st;
        if (placed && cv->rs->color) /* in its owner's colour */
            gst = seat_style(cv, g->gift_owner[k], 0);
        draw_edge_label(cv, e, hex, label, gst, last_row);
    }
}

/* Cloth for Catan: each village beside its corner, in the sea: "V4 5c" (its number and the
 * cloth it has left), then the letters of its trading partners ("V4 3c ab"). */
static void draw_villages(struct canvas *cv, int last_row)
{
    const struct board_geo *geo = cv->geo;
    const struct game *g = cv->g;
    for (int i = 0; i < geo->n_villages && i < BOARD_MAX_VILLAGES; i++) {
        int v = geo->village_vertex[i];
        char s[32];
        int n = snprintf(s, sizeof s, "V%d %dc", geo->village_number[i], g->village_cloth[i]);
        int traders = 0;
        for (int p = 0; p < g->opt.n_players; p++)
            traders += g->village_traders[i] >> p & 1;
        int len = n + (traders ? 1 + traders : 0);
        int x = col_of(cv, geo->vertex_x[v]), r0 = row_of(cv, geo->vertex_y[v]);
        /* The free place nearest the corner on its line, the one above or the one below. */
        int best_r = -1, best_c = 0, best_d = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int c = x - 12; c <= x + 12; c++) {
                int r = r0 + dr, mid = 2 * c + len - 2 * x;
                int d = (mid < 0 ? -mid : mid) + 8 * (dr ? 1 : 0);
                int lo = c < cv->span_lo ? c : cv->span_lo;
                int hi = c + len - 1 > cv->span_hi ? c + len - 1 : cv->span_hi;
                if (r <= last_row && is_free(cv, r, c - 1, c + len) && hi - lo < cv->max_cols &&
                    (best_r < 0 || d < best_d)) {
                    best_r = r;
                    best_c = c;
                    best_d = d;
                }
            }
        if (best_r < 0 || !within_span(cv, best_c, len))
            continue;
        struct style st = plain;
        if (cv->rs->color)
            st.bold = 1;
        put_text(cv, best_r, best_c, s, st);
        for (int p = 0, c = best_c + n + 1; p < g->opt.n_players; p++)
            if (g->village_traders[i] >> p & 1)
                put(cv, best_r, c++, seat_letter(cv, p, 0), seat_style(cv, p, 0));
        if (traders)
            put(cv, best_r, best_c + n, ' ', plain);
    }
}

struct box {
    int r0, r1, c0, c1; /* lines and columns with something visible */
};

static struct box bounding_box(const struct canvas *cv)
{
    struct box b = {CANVAS_H, -1, CANVAS_W, -1};
    for (int r = 0; r < CANVAS_H; r++)
        for (int c = 0; c < CANVAS_W; c++)
            if (cv->c[r][c].ch && cv->c[r][c].ch != ' ') {
                b.r0 = r < b.r0 ? r : b.r0;
                b.r1 = r > b.r1 ? r : b.r1;
                b.c0 = c < b.c0 ? c : b.c0;
                b.c1 = c > b.c1 ? c : b.c1;
            }
    return b;
}

/* A legend item: one colour run, its blanks included ("Ada (bot)"). */
static void put_item(struct canvas *cv, int r, int c, const char *s, struct style st)
{
    put_text(cv, r, c, s, st);
    for (int k = 0, len = text_cols(s); k < len; k++)
        cv->c[r][c + k].run = 1;
}

/* Put one legend item into the sea in a corner of box, never growing it: top left, top
 * right, bottom left, bottom right, each from its outermost line inwards. */
static int place_in_corner(struct canvas *cv, const struct box *b, const char *s, struct style st)
{
    int len = text_cols(s);
    for (int corner = 0; corner < 4; corner++) {
        int bottom = corner >= 2, right = corner & 1;
        for (int i = 0; i <= b->r1 - b->r0; i++) {
            int r = bottom ? b->r1 - i : b->r0 + i;
            int c = right ? b->c1 - len + 1 : b->c0;
            if (c < b->c0 || !is_free(cv, r, right ? c - 1 : c, right ? c + len - 1 : c + len))
                continue;
            put_item(cv, r, c, s, st);
            return 1;
        }
    }
    return 0;
}

/* The last column in use on line r, or -1. */
static int last_used(const struct canvas *cv, int r)
{
    for (int c = CANVAS_W - 1; c >= 0; c--)
        if (cv->c[r][c].used)
            return c;
    return -1;
}

/* Put one legend item, whole, where the drawing has room for it: in a corner of box; else at
 * the end of the line where it reaches least far right, the drawing growing up to max_cols;
 * else on a line below the board, up to max_rows lines in all; else below all the same (a few
 * very long nicks on a board with little sea). Returns 0 only when the canvas itself is full. */
static int place_legend_item(struct canvas *cv, const struct box *b, int max_cols, int max_rows,
                             const char *s, struct style st)
{
    if (place_in_corner(cv, b, s, st))
        return 1;
    int len = text_cols(s), right = b->c0 + max_cols - 1, best_r = -1, best_c = 0;
    for (int r = b->r0; r <= b->r1; r++) {
        int c = last_used(cv, r) + 3;
        c = c < b->c0 ? b->c0 : c;
        if (c + len - 1 <= right && (best_r < 0 || c < best_c)) {
            best_r = r;
            best_c = c;
        }
    }
    if (best_r >= 0) {
        put_item(cv, best_r, best_c, s, st);
        return 1;
    }
    for (int pass = 0; pass < 2; pass++)
        for (int r = b->r1 + 1; r < CANVAS_H && (pass || r - b->r0 < max_rows); r++) {
            int c = last_used(cv, r) < 0 ? b->c0 : last_used(cv, r) + 3;
            if (c + len - 1 <= right) {
                put_item(cv, r, c, s, st);
                return 1;
            }
        }
    return 0;
}

/* The seat letters and what they mean go into the empty corners, so the drawing needs no
 * extra lines when there is room; a nick is always given whole (a computer player's with its
 * "(bot)"). */
static void draw_legend(struct canvas *cv, int max_cols, int max_rows)
{
    struct box b = bounding_box(cv);
    for (int s = 0; s < cv->rs->n_seats; s++) {
        char item[RENDER_NICK_MAX + 8];
        snprintf(item, sizeof item, "%c=%s", seat_letter(cv, s, 0), cv->rs->nick[s]);
        place_legend_item(cv, &b, max_cols, max_rows, item, seat_style(cv, s, 0));
    }
    if (cv->rs->n_seats > 0) {
        char key[48];
        snprintf(key, sizeof key, "%c#=%s", seat_letter(cv, 0, 0),
                 draw_word(cv, MSG_DRAW_SETTLEMENT));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
        snprintf(key, sizeof key, "%c#=%s", seat_letter(cv, 0, 1), draw_word(cv, MSG_DRAW_CITY));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
        if (cv->geo->n_land != cv->geo->n_hexes) {
            snprintf(key, sizeof key, "<%c>=%s", seat_letter(cv, 0, 0),
                     draw_word(cv, MSG_DRAW_SHIP));
            place_legend_item(cv, &b, max_cols, max_rows, key, plain);
        }
    }
    char key[48];
    if (cv->geo->n_routes && cv->rs->n_seats > 0) {
        snprintf(key, sizeof key, "<%c>=%s", seat_letter(cv, 0, 1),
                 draw_word(cv, MSG_DRAW_WARSHIP));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
        snprintf(key, sizeof key, "%s #=%s", draw_word(cv, MSG_DRAW_FORT),
                 draw_word(cv, MSG_DRAW_FORT_KEY));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
    }
    if (cv->geo->tribe_hexes) {
        snprintf(key, sizeof key, "%s=%s", TRIBE_MARK, draw_word(cv, MSG_DRAW_TRIBE));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
    }
    if (cv->geo->n_gifts) {
        snprintf(key, sizeof key, "+vp +dev=%s", draw_word(cv, MSG_DRAW_GIFT));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
    }
    if (cv->geo->wonders) {
        snprintf(key, sizeof key, "*#=%s", draw_word(cv, MSG_DRAW_WALL));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
        snprintf(key, sizeof key, "^#=%s", draw_word(cv, MSG_DRAW_BRIDGE));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
    }
    char ck[CKDRAW_LEGEND_MAX][CKDRAW_LEGEND_ITEM];
    for (int i = 0, n = ckdraw_legend(cv->g, cv->rs->lang, seat_letter(cv, 0, 0),
                                      seat_letter(cv, 0, 1), ck);
         i < n; i++)
        place_legend_item(cv, &b, max_cols, max_rows, ck[i], plain);
    if (cv->geo->n_villages) {
        snprintf(key, sizeof key, "V#=%s", draw_word(cv, MSG_DRAW_VILLAGE));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
        snprintf(key, sizeof key, "#c=%s", draw_word(cv, MSG_DRAW_CLOTH));
        place_legend_item(cv, &b, max_cols, max_rows, key, plain);
    }
}

static void write_line(const struct canvas *cv, int r, int c0, int c1,
                       const struct render_sink *out)
{
    struct rline l;
    rline_init(&l);
    struct style cur = plain;
    for (int c = c0; c <= c1; c++) {
        const struct cell *cell = &cv->c[r][c];
        struct style st = cell->ch && cell->ch != ' ' ? cell->st : plain;
        if (cell->ch == ' ' && (cell->st.bg != NO_COLOR || cell->run))
            st = cell->st;
        if (memcmp(&st, &cur, sizeof st)) {
            if (memcmp(&cur, &plain, sizeof cur))
                rline_add(&l, MIRC_RESET);
            if (st.bold)
                rline_add(&l, MIRC_BOLD);
            if (st.fg != NO_COLOR && st.bg != NO_COLOR)
                rline_addf(&l, MIRC_COLOR "%02d,%02d", st.fg, st.bg);
            else if (st.fg != NO_COLOR)
                rline_addf(&l, MIRC_COLOR "%02d", st.fg);
            cur = st;
        }
        rline_addn(&l, cell->ch ? &cell->ch : " ", 1);
        if (cell->ch && cell->n_more)
            rline_addn(&l, cell->more, cell->n_more);
    }
    if (memcmp(&cur, &plain, sizeof cur))
        rline_add(&l, MIRC_RESET);
    rline_emit(&l, out, RENDER_PUBLIC);
}

void render_board_limits(const struct board_geo *geo, int *cols, int *rows)
{
    /* The Jungle and the Great River are the base board with other words in a few hexes: the
     * base board's limits. */
    int sea =
        (geo->kind >= BOARD_KIND_COUNT && geo->kind != BOARD_JUNGLE && geo->kind != BOARD_RIVER) ||
        geo->n_land != geo->n_hexes;
    *cols = sea ? RENDER_SEA_COLS : geo->kind == BOARD_BIG ? RENDER_BIG_COLS : RENDER_BASE_COLS;
    *rows = sea ? RENDER_SEA_ROWS : geo->kind == BOARD_BIG ? RENDER_BIG_ROWS : RENDER_BASE_ROWS;
}

void render_board(const struct game *g, const struct render_style *st,
                  const struct render_sink *out)
{
    render_board_geo(g, game_geo(g), st, out);
}

void render_board_geo(const struct game *g, const struct board_geo *geo,
                      const struct render_style *st, const struct render_sink *out)
{
    struct canvas canvas;
    struct canvas *cv = &canvas;
    memset(cv, 0, sizeof *cv);
    cv->geo = geo;
    cv->g = g;
    cv->rs = st;
    draw_edges(cv);
    draw_vertices(cv);
    draw_hexes(cv);
    /* The line above the board is for harbors; the one below only if the limit allows it. */
    int max_cols, max_rows;
    render_board_limits(geo, &max_cols, &max_rows);
    struct box skeleton = bounding_box(cv);
    cv->span_lo = skeleton.c0;
    cv->span_hi = skeleton.c1;
    cv->max_cols = max_cols;
    int last_row = row_of(cv, cv->geo->max_y) + 1;
    if (last_row - (TOP - 1) + 1 > max_rows)
        last_row--;
    for (int k = 0; k < cv->geo->n_harbors; k++)
        draw_harbor(cv, k, last_row);
    draw_gifts(cv, last_row);
    draw_villages(cv, last_row);
    draw_sea_letters(cv);
    draw_legend(cv, max_cols, max_rows);
    draw_waves(cv);

    struct box b = bounding_box(cv);
    for (int r = b.r0; r <= b.r1; r++) {
        int end = b.c1;
        while (end > b.c0 && !(cv->c[r][end].ch && cv->c[r][end].ch != ' '))
            end--;
        write_line(cv, r, b.c0, end, out);
    }
}
