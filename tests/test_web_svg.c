/* The board as SVG: a well-formed document for every kind of board through random games, with
 * every hex, token and piece of the game where the geometry puts it, the robber and pirate on
 * their hexes, and the text from IRC escaped. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/game.h"
#include "map/map.h"
#include "engine/playout.h"
#include "render/render.h"
#include "web/svg.h"
#include "web_fixture.h"

static const char *const nicks[GAME_MAX_PLAYERS] = {"alice", "bob",  "carol",
                                                    "dave",  "erin", "frank"};

/* ---- reading the drawing ---- */

static char *draw(const struct game *g, const char *const *names, int n_seats, unsigned flags)
{
    size_t len = web_svg_board(g, names, n_seats, flags, NULL, 0);
    char *s = malloc(len + 1);
    assert_non_null(s);
    assert_int_equal(web_svg_board(g, names, n_seats, flags, s, len + 1), len);
    assert_int_equal(strlen(s), len);
    const char *err = xml_error(s);
    if (err)
        fail_msg("not well-formed: %s", err);
    return s;
}

/* The next start tag of class cls after *from (moved past it), or NULL. */
static const char *next_tag(const char **from, const char *cls)
{
    char key[48];
    snprintf(key, sizeof key, "class=\"%s\"", cls);
    const char *hit = strstr(*from, key);
    if (!hit)
        return NULL;
    *from = hit + strlen(key);
    while (hit > *from - 4096 && *hit != '<')
        hit--;
    return hit;
}

/* Attribute name of the tag at tag into buf ("" when missing). */
static const char *attr(const char *tag, const char *name, char *buf, size_t size)
{
    char key[48];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *end = strchr(tag, '>'), *hit = strstr(tag, key);
    buf[0] = '\0';
    if (hit && hit < end) {
        hit += strlen(key);
        snprintf(buf, size, "%.*s", (int)(strchr(hit, '"') - hit), hit);
    }
    return buf;
}

static int count_class(const char *doc, const char *cls)
{
    int n = 0;
    for (const char *p = doc; next_tag(&p, cls);)
        n++;
    return n;
}

static void translation(const char *tag, double *x, double *y)
{
    char t[64];
    attr(tag, "transform", t, sizeof t);
    if (sscanf(t, "translate(%lf %lf)", x, y) != 2)
        fail_msg("no translation in %.80s", tag);
}

static int sx(const struct board_geo *geo, int x)
{
    return WEB_SVG_PAD + (x - geo->min_x) * WEB_SVG_X_UNIT;
}

static int sy(const struct board_geo *geo, int y)
{
    return WEB_SVG_PAD + (y - geo->min_y) * WEB_SVG_Y_UNIT;
}

/* The text of the first element of class cls inside the group at tag, or "". */
static void text_in_group(const char *tag, const char *cls, char *buf, size_t size)
{
    const char *end = strstr(tag, "</g>"), *p = tag;
    const char *t = next_tag(&p, cls);
    buf[0] = '\0';
    if (t && t < end) {
        t = strchr(t, '>') + 1;
        snprintf(buf, size, "%.*s", (int)(strchr(t, '<') - t), t);
    }
}

/* The <title> of the group at tag, or "". */
static void title_in_group(const char *tag, char *buf, size_t size)
{
    const char *end = strstr(tag, "</g>"), *t = strstr(tag, "<title>");
    buf[0] = '\0';
    if (t && t < end) {
        t += strlen("<title>");
        snprintf(buf, size, "%.*s", (int)(strchr(t, '<') - t), t);
    }
}

/* ---- the checks ---- */

static void check_hexes(const struct game *g, const char *doc)
{
    const struct board_geo *geo = game_geo(g);
    const char *p = doc, *tag;
    int h = 0, tokens = 0, pips = 0;
    double last_x = 0, last_y = -1;
    while ((tag = next_tag(&p, "hex"))) {
        assert_true(h < geo->n_hexes);
        char name[4], got[16], terr[16], tok[8];
        board_hex_name(h, name);
        char id[16];
        snprintf(id, sizeof id, "hex-%s", name);
        assert_string_equal(attr(tag, "id", got, sizeof got), id);
        double x, y;
        translation(tag, &x, &y);
        assert_true(x == sx(geo, geo->hex_x[h]) && y == sy(geo, geo->hex_y[h]));
        /* Row by row, top to bottom, left to right: the letters' order. */
        assert_true(y > last_y || (y == last_y && x > last_x));
        last_x = x;
        last_y = y;
        text_in_group(tag, "hex-name", got, sizeof got);
        assert_string_equal(got, name);
        int fog = (int)((g->fog & geo->fog_hexes) >> h & 1);
        title_in_group(tag, terr, sizeof terr);
        assert_int_equal(!strcmp(terr, "fog"), fog);
        if (!fog && !(g->land >> h & 1))
            assert_string_equal(terr, "sea");
        text_in_group(tag, "token", tok, sizeof tok);
        if (g->token[h] && !fog) {
            assert_int_equal(atoi(tok), g->token[h]);
            tokens++;
            pips += render_pips(g->token[h]);
        } else {
            assert_string_equal(tok, "");
        }
        h++;
    }
    assert_int_equal(h, geo->n_hexes);
    assert_int_equal(count_class(doc, "token"), tokens);
    assert_int_equal(count_class(doc, "pip"), pips);
    assert_int_equal(count_class(doc, "fog"), __builtin_popcountll(g->fog & geo->fog_hexes));
}

/* Every building at its corner, every road and ship on its side, counted both ways. */
static void check_pieces(const struct game *g, const char *doc, int *pieces)
{
    const struct board_geo *geo = game_geo(g);
    static const char *const kinds[] = {"settlement", "city"};
    int want[2] = {0, 0};
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->vertex_owner[v] >= 0)
            want[g->vertex_building[v] == BUILDING_SETTLEMENT ? 0 : 1]++;
    for (int k = 0; k < 2; k++) {
        const char *p = doc, *tag;
        int n = 0;
        while ((tag = next_tag(&p, kinds[k]))) {
            char v[16];
            attr(tag, "id", v, sizeof v);
            assert_true(v[0] == 'v' && v[1] == '-');
            int i = atoi(v + 2) - 1;
            assert_true(i >= 0 && i < geo->n_vertices);
            double x, y;
            translation(tag, &x, &y);
            assert_true(x == sx(geo, geo->vertex_x[i]) && y == sy(geo, geo->vertex_y[i]));
            assert_true(g->vertex_owner[i] >= 0);
            assert_int_equal(g->vertex_building[i], k ? BUILDING_CITY : BUILDING_SETTLEMENT);
            n++;
        }
        assert_int_equal(n, want[k]);
        *pieces += n;
    }
    int roads = 0, ships = 0;
    for (int e = 0; e < geo->n_edges; e++)
        if (g->edge_owner[e] >= 0) {
            int ship = (int)(g->ships[e >> 6] >> (e & 63) & 1);
            ships += ship;
            roads += !ship;
            char key[64];
            snprintf(key, sizeof key, "class=\"%s\" id=\"e-%d-%d\"", ship ? "ship" : "road",
                     geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
            assert_non_null(strstr(doc, key));
        }
    assert_int_equal(count_class(doc, "road"), roads);
    assert_int_equal(count_class(doc, "ship"), ships);
    *pieces += roads + ships;
}

static void check_bandit(const struct game *g, const char *doc, const char *cls, int h)
{
    const struct board_geo *geo = game_geo(g);
    const char *p = doc, *tag = next_tag(&p, cls);
    if (h < 0) {
        assert_null(tag);
        return;
    }
    assert_non_null(tag);
    char name[4], got[16], id[16];
    snprintf(id, sizeof id, "%s-%s", cls, board_hex_name(h, name));
    assert_string_equal(attr(tag, "id", got, sizeof got), id);
    double x, y;
    translation(tag, &x, &y);
    if (!strcmp(cls, "robber")) /* beside the token */
        assert_true(x == sx(geo, geo->hex_x[h]) - 17 && y == sy(geo, geo->hex_y[h]) + 3);
    else /* in its sea, where the labels leave room */
        assert_true(fabs(x - sx(geo, geo->hex_x[h])) <= 17 &&
                    fabs(y - sy(geo, geo->hex_y[h])) <= 14);
    assert_null(next_tag(&p, cls));
}

/* No id twice: the page finds the pieces by them. */
static void check_ids(const char *doc)
{
    const char *ids[1024];
    int n = 0;
    for (const char *p = strstr(doc, " id=\""); p; p = strstr(p, " id=\"")) {
        p += 5;
        for (int i = 0; i < n; i++)
            if (!strncmp(ids[i], p, (size_t)(strchr(p, '"') - p + 1)))
                fail_msg("id twice: %.20s", p);
        assert_true(n < 1024);
        ids[n++] = p;
    }
}

/* ---- the labels' boxes ---- */

struct box {
    double x0, y0, x1, y1;
};

static bool meet(struct box a, struct box b)
{
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

static bool inside(struct box a, struct box frame)
{
    return a.x0 >= frame.x0 && a.y0 >= frame.y0 && a.x1 <= frame.x1 && a.y1 <= frame.y1;
}

/* Whether a and the circle of radius r around (cx, cy) share any point. */
static bool meets_circle(struct box a, double cx, double cy, double r)
{
    double nx = cx < a.x0 ? a.x0 : cx > a.x1 ? a.x1 : cx;
    double ny = cy < a.y0 ? a.y0 : cy > a.y1 ? a.y1 : cy;
    return (nx - cx) * (nx - cx) + (ny - cy) * (ny - cy) < r * r;
}

/* The box of a text of font size size, its middle at x (or its start, start set) and its
 * baseline at y, as wide as web_svg_text_width (test_text_width checks that bound against a
 * real font), 0.8 of its size above the baseline and 0.25 below. */
static struct box text_box(const char *text, double size, double x, double y, bool start)
{
    double w = web_svg_text_width(text, size);
    double left = start ? x : x - w / 2;
    return (struct box){left, y - 0.8 * size, left + w, y + 0.25 * size};
}

static double num_attr(const char *tag, const char *name)
{
    char buf[32];
    if (!attr(tag, name, buf, sizeof buf)[0])
        fail_msg("no %s in %.80s", name, tag);
    return atof(buf);
}

/* What the drawing's labels hold. */
struct labels {
    struct box frame;                                      /* the viewBox */
    struct box harbor[BOARD_MAX_HARBORS];                  /* harbor labels */
    struct box corner[BOARD_MAX_VERTICES];                 /* corner numbers' boxes */
    bool numbered[BOARD_MAX_VERTICES];                     /* a number was drawn */
    double cx[BOARD_MAX_VERTICES], cy[BOARD_MAX_VERTICES]; /* where */
    int n_harbors, n_corners;
};

static void read_labels(const char *doc, struct labels *l)
{
    memset(l, 0, sizeof *l);
    char vb[64];
    attr(doc, "viewBox", vb, sizeof vb);
    double x, y, w, h;
    assert_int_equal(sscanf(vb, "%lf %lf %lf %lf", &x, &y, &w, &h), 4);
    l->frame = (struct box){x, y, x + w, y + h};
    assert_true(num_attr(doc, "width") == w && num_attr(doc, "height") == h);
    const char *p = doc, *tag;
    char text[64];
    while ((tag = next_tag(&p, "harbor"))) {
        double tx, ty;
        translation(tag, &tx, &ty);
        const char *t = strstr(tag, "<text ");
        assert_non_null(t);
        double dx = num_attr(t, "x"), dy = num_attr(t, "y");
        const char *body = strchr(t, '>') + 1;
        snprintf(text, sizeof text, "%.*s", (int)(strchr(body, '<') - body), body);
        assert_true(!strcmp(text, "3:1") || !strncmp(text, "2:1 ", 4));
        assert_true(l->n_harbors < BOARD_MAX_HARBORS);
        l->harbor[l->n_harbors++] =
            text_box(text, num_attr(t, "font-size"), tx + dx, ty + dy, false);
    }
    p = doc;
    while ((tag = next_tag(&p, "corner"))) {
        char id[16];
        attr(tag, "id", id, sizeof id);
        assert_true(id[0] == 'c' && id[1] == '-');
        int v = atoi(id + 2) - 1;
        assert_true(v >= 0 && v < BOARD_MAX_VERTICES && !l->numbered[v]);
        translation(tag, &l->cx[v], &l->cy[v]);
        const char *r = strstr(tag, "<rect "), *t = strstr(tag, "<text ");
        assert_true(r && t && r < strstr(tag, "</g>") && t < strstr(tag, "</g>"));
        l->corner[v] = (struct box){l->cx[v] + num_attr(r, "x"), l->cy[v] + num_attr(r, "y"),
                                    l->cx[v] + num_attr(r, "x") + num_attr(r, "width"),
                                    l->cy[v] + num_attr(r, "y") + num_attr(r, "height")};
        const char *body = strchr(t, '>') + 1;
        snprintf(text, sizeof text, "%.*s", (int)(strchr(body, '<') - body), body);
        assert_int_equal(atoi(text), v + 1);
        /* The number inside its box. */
        struct box b =
            text_box(text, num_attr(t, "font-size"), l->cx[v], l->cy[v] + num_attr(t, "y"), false);
        assert_true(inside(b, l->corner[v]));
        l->numbered[v] = true;
        l->n_corners++;
    }
}

/* Every label inside the viewBox; no harbor label on another, on a token or on a corner's
 * number; no corner's number on a token or on another. */
static void check_labels(const struct game *g, const char *doc, const char *const *names, int n,
                         bool numbers)
{
    const struct board_geo *geo = game_geo(g);
    struct labels l;
    read_labels(doc, &l);
    int harbors = 0;
    for (int k = 0; k < geo->n_harbors; k++)
        harbors += g->harbor[k] <= HARBOR_GENERIC;
    assert_int_equal(l.n_harbors, harbors);
    assert_int_equal(l.n_corners, numbers ? geo->n_vertices : 0);
    for (int v = 0; numbers && v < geo->n_vertices; v++) {
        assert_true(l.numbered[v]);
        /* On its corner when nothing is built there, beside the building otherwise. */
        bool on = l.cx[v] == sx(geo, geo->vertex_x[v]) && l.cy[v] == sy(geo, geo->vertex_y[v]);
        assert_int_equal(on, g->vertex_owner[v] < 0);
    }
    for (int k = 0; k < l.n_harbors; k++) {
        if (!inside(l.harbor[k], l.frame))
            fail_msg("harbor label %d (%.1f..%.1f) outside the viewBox (%.0f..%.0f)", k,
                     l.harbor[k].x0, l.harbor[k].x1, l.frame.x0, l.frame.x1);
        for (int j = 0; j < k; j++)
            if (meet(l.harbor[k], l.harbor[j]))
                fail_msg("board %d: harbor labels %d and %d meet", geo->kind, j, k);
    }
    for (int v = 0; v < geo->n_vertices; v++) {
        if (!l.numbered[v])
            continue;
        assert_true(inside(l.corner[v], l.frame));
        for (int k = 0; k < l.n_harbors; k++)
            if (meet(l.corner[v], l.harbor[k]))
                fail_msg("board %d: corner %d's number is on harbor label %d", geo->kind, v + 1, k);
        for (int u = 0; u < v; u++)
            if (l.numbered[u] && meet(l.corner[v], l.corner[u]))
                fail_msg("board %d: corner %d's number (%.1f %.1f, built %d) is on corner %d's "
                         "(%.1f %.1f, built %d)",
                         geo->kind, v + 1, l.cx[v], l.cy[v], g->vertex_owner[v] >= 0, u + 1,
                         l.cx[u], l.cy[u], g->vertex_owner[u] >= 0);
    }
    for (int h = 0; h < geo->n_hexes; h++) {
        if (!g->token[h] || ((g->fog & geo->fog_hexes) >> h & 1))
            continue;
        double cx = sx(geo, geo->hex_x[h]), cy = sy(geo, geo->hex_y[h]) + 3;
        for (int k = 0; k < l.n_harbors; k++)
            if (meets_circle(l.harbor[k], cx, cy, 10))
                fail_msg("board %d: harbor label %d (%.1f %.1f %.1f %.1f) is on hex %d's token",
                         geo->kind, k, l.harbor[k].x0, l.harbor[k].y0, l.harbor[k].x1,
                         l.harbor[k].y1, h);
        for (int v = 0; v < geo->n_vertices; v++)
            if (l.numbered[v] && meets_circle(l.corner[v], cx, cy, 10))
                fail_msg("board %d: corner %d's number is on hex %d's token", geo->kind, v + 1, h);
    }
    /* The legend's nicks, from their start. */
    const char *p = doc, *tag;
    for (int s = 0; s < n && (tag = next_tag(&p, "seat")); s++) {
        double x, y;
        translation(tag, &x, &y);
        const char *t = strstr(strstr(tag, "<text ") + 1, "<text ");
        assert_non_null(t);
        /* As drawn, escaped (an entity is wider than what it stands for). */
        const char *body = strchr(t, '>') + 1;
        char drawn[400];
        snprintf(drawn, sizeof drawn, "%.*s", (int)(strchr(body, '<') - body), body);
        assert_non_null(strstr(names[s], drawn) == names[s] ? drawn : strstr(drawn, "?"));
        struct box b = text_box(drawn, num_attr(t, "font-size"), x + num_attr(t, "x"),
                                y + num_attr(t, "y"), true);
        if (!inside(b, l.frame))
            fail_msg("the legend's %s (to %.1f) is outside the viewBox (to %.0f)", drawn, b.x1,
                     l.frame.x1);
    }
}

static void check_drawing(const struct game *g, int *pieces)
{
    char *plain = draw(g, nicks, g->opt.n_players, 0);
    check_labels(g, plain, nicks, g->opt.n_players, false);
    free(plain);
    char *doc = draw(g, nicks, g->opt.n_players, WEB_SVG_VERTEX_NUMBERS);
    check_labels(g, doc, nicks, g->opt.n_players, true);
    assert_non_null(strstr(doc, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_null(strstr(doc, "<script"));
    check_ids(doc);
    check_hexes(g, doc);
    check_pieces(g, doc, pieces);
    check_bandit(g, doc, "robber", g->robber);
    const struct board_geo *geo = game_geo(g);
    check_bandit(g, doc, "pirate", geo->has_pirate && g->pirate >= 0 ? g->pirate : -1);
    assert_int_equal(count_class(doc, "seat"), g->opt.n_players);
    int harbors = 0;
    for (int k = 0; k < geo->n_harbors; k++)
        harbors += g->harbor[k] <= HARBOR_GENERIC;
    assert_int_equal(count_class(doc, "harbor"), harbors);
    free(doc);
}

static void test_random_games(void **state)
{
    (void)state;
    for (size_t b = 0; b < (size_t)web_n_boards; b++) {
        int pieces = 0, fog_seen = 0, ships = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            struct game_options o = {.n_players = (uint8_t)web_boards[b].players,
                                     .board = (uint8_t)web_boards[b].board};
            struct game g;
            assert_int_equal(game_init(&g, &o, seed), BW_OK);
            struct bw_rng rng;
            bw_rng_seed(&rng, seed * 13 + b);
            check_drawing(&g, &pieces);
            for (int step = 1; step <= 1200 && g.phase != PHASE_OVER; step++) {
                struct game_action a;
                if (playout_choose(&g, &rng, &a) != BW_OK)
                    break;
                struct game_event ev[GAME_MAX_EVENTS];
                int n = 0;
                game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n);
                if (step % 150 == 0)
                    check_drawing(&g, &pieces);
            }
            check_drawing(&g, &pieces);
            fog_seen += g.fog != 0;
            for (int p = 0; p < g.opt.n_players; p++)
                ships += g.p[p].ships;
        }
        assert_true(pieces > 0);
        if (web_boards[b].board == BOARD_FOG_ISLANDS_4)
            assert_true(fog_seen > 0);
        if (web_boards[b].board == BOARD_FOUR_ISLANDS_4)
            assert_true(ships > 0);
    }
}

/* Every board the engine knows, with every player count it takes: the labels inside the
 * picture and clear of each other and of the tokens, from the start to the end of a game. */
static void test_labels_every_board(void **state)
{
    (void)state;
    int boards = 0;
    for (int kind = 0; kind < BOARD_KINDS; kind++)
        for (int n = 2; n <= GAME_MAX_PLAYERS; n++) {
            struct game_options o = {.n_players = (uint8_t)n, .board = (uint8_t)kind};
            struct game g;
            if (game_init(&g, &o, 1) != BW_OK)
                continue;
            boards++;
            for (uint64_t seed = 1; seed <= 3; seed++) {
                assert_int_equal(game_init(&g, &o, seed), BW_OK);
                struct bw_rng rng;
                bw_rng_seed(&rng, seed * 31 + (uint64_t)kind);
                for (int step = 0; step <= 1500 && g.phase != PHASE_OVER; step++) {
                    if (step % 250 == 0) {
                        for (unsigned flags = 0; flags <= WEB_SVG_VERTEX_NUMBERS; flags++) {
                            char *doc = draw(&g, nicks, n, flags);
                            check_labels(&g, doc, nicks, n, flags != 0);
                            free(doc);
                        }
                    }
                    struct game_action a;
                    if (playout_choose(&g, &rng, &a) != BW_OK)
                        break;
                    struct game_event ev[GAME_MAX_EVENTS];
                    int k = 0;
                    game_apply(&g, &a, ev, GAME_MAX_EVENTS, &k);
                }
            }
        }
    assert_true(boards >= BOARD_KINDS);
}

/* A long nick widens the picture: the legend is never cut. */
static void test_long_nick(void **state)
{
    (void)state;
    static const char *const names[3] = {
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "bob",
        "\xe4\xb8\xad\xe6\x96\x87\xe5\x90\x8d"};
    struct game_options o = {.n_players = 3, .board = BOARD_BASE};
    struct game g;
    assert_int_equal(game_init(&g, &o, 4), BW_OK);
    char *doc = draw(&g, names, 3, 0);
    check_labels(&g, doc, names, 3, false);
    free(doc);
}

static void test_hostile_nicks(void **state)
{
    (void)state;
    static const char *const hostile[4] = {"<script>&", "a\"b'c", "\xff\xfe]]>\xed\xa0\x80",
                                           "\xef\xbf\xbe\xc3\xa9"};
    struct game_options o = {.n_players = 4, .board = BOARD_BASE};
    struct game g;
    assert_int_equal(game_init(&g, &o, 5), BW_OK);
    char *doc = draw(&g, hostile, 4, 0);
    assert_null(strstr(doc, "<script"));
    assert_non_null(strstr(doc, "&lt;script&gt;&amp;"));
    assert_non_null(strstr(doc, "a&quot;b&apos;c"));
    assert_null(strstr(doc, "\xff"));
    assert_null(strstr(doc, "\xed"));
    assert_null(strstr(doc, "\xef\xbf\xbe"));
    assert_non_null(strstr(doc, "?\xc3\xa9")); /* the rest of a nick stays */
    assert_null(strstr(doc, "]]>"));
    assert_int_equal(count_class(doc, "corner"), 0);
    free(doc);
}

/* Like snprintf: the whole length whatever the room, and a terminated beginning. */
static void test_short_buffer(void **state)
{
    (void)state;
    struct game_options o = {.n_players = 4, .board = BOARD_BASE};
    struct game g;
    assert_int_equal(game_init(&g, &o, 2), BW_OK);
    size_t len = web_svg_board(&g, nicks, 4, 0, NULL, 0);
    char *full = malloc(len + 1), small[100];
    assert_non_null(full);
    web_svg_board(&g, nicks, 4, 0, full, len + 1);
    assert_int_equal(web_svg_board(&g, nicks, 4, 0, small, sizeof small), len);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, full, sizeof small - 1);
    free(full);
}

/* web_svg_text_width is an upper bound: never narrower than DejaVu Sans (the widest of the
 * usual sans-serif fonts; these are the advances of the regular or the bold face, whichever
 * is wider, in thousandths of an em) draws the labels. */
static void test_text_width(void **state)
{
    (void)state;
    static const struct {
        char c;
        int milli;
    } font[] = {{'0', 696}, {'1', 696},  {'2', 696}, {'3', 696}, {'4', 696}, {'5', 696},
                {'6', 696}, {'7', 696},  {'8', 696}, {'9', 696}, {':', 400}, {' ', 349},
                {'a', 675}, {'b', 716},  {'c', 593}, {'d', 716}, {'e', 679}, {'g', 716},
                {'h', 712}, {'i', 343},  {'k', 666}, {'l', 343}, {'n', 712}, {'o', 688},
                {'r', 494}, {'s', 596},  {'t', 479}, {'u', 712}, {'w', 924}, {'m', 1042},
                {'O', 851}, {'W', 1104}, {'M', 996}};
    static const char *const texts[] = {"3:1",       "2:1 wood", "2:1 brick", "2:1 wool",
                                        "2:1 grain", "2:1 ore",  "188",       "mountains",
                                        "wood",      "MOW",      "wm"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        double want = 0;
        for (const char *c = texts[i]; *c; c++) {
            size_t k = 0;
            while (k < sizeof font / sizeof font[0] && font[k].c != *c)
                k++;
            assert_true(k < sizeof font / sizeof font[0]);
            want += font[k].milli / 1000.0;
        }
        if (web_svg_text_width(texts[i], 10) < want * 10)
            fail_msg("\"%s\": %.2f, narrower than the font's %.2f", texts[i],
                     web_svg_text_width(texts[i], 10), want * 10);
    }
    /* Beyond ASCII, a character counts once, whatever its length in bytes. */
    assert_true(web_svg_text_width("\xc3\xa9\xe4\xb8\xad", 10) == 20);
}

/* The Forgotten Tribe's gifts still on the coast and Cloth for Catan's villages are drawn,
 * each once, with what they are as title; a gift taken is no longer drawn. */
static void test_tribe_pieces(void **state)
{
    (void)state;
    struct game g;
    struct game_options o = {.n_players = 4, .board = BOARD_TRIBE};
    assert_int_equal(game_init(&g, &o, 9), BW_OK);
    const struct board_geo *geo = game_geo(&g);
    char *doc = draw(&g, nicks, 4, WEB_SVG_VERTEX_NUMBERS);
    assert_int_equal(count_class(doc, "gift"), geo->n_gifts);
    assert_non_null(strstr(doc, "<title>gift: victory point</title>"));
    assert_non_null(strstr(doc, "<title>gift: development card</title>"));
    free(doc);
    g.gift_owner[0] = 1;
    doc = draw(&g, nicks, 4, 0);
    assert_int_equal(count_class(doc, "gift"), geo->n_gifts - 1);
    free(doc);

    o.board = BOARD_CLOTH;
    assert_int_equal(game_init(&g, &o, 9), BW_OK);
    geo = game_geo(&g);
    g.village_traders[0] = 5; /* alice and carol */
    g.village_cloth[0] = 3;
    doc = draw(&g, nicks, 4, WEB_SVG_VERTEX_NUMBERS);
    assert_int_equal(count_class(doc, "village"), geo->n_villages);
    char want[64];
    snprintf(want, sizeof want, "<title>village %d: 3 cloth, ac</title>", geo->village_number[0]);
    assert_non_null(strstr(doc, want));
    snprintf(want, sizeof want, "<title>village %d: 5 cloth</title>", geo->village_number[1]);
    assert_non_null(strstr(doc, want));
    free(doc);
}

/* The Pirate Islands' fleet is drawn once, on its hex, and sails with it; no pirate. */
static void test_pirate_fleet(void **state)
{
    (void)state;
    struct game g;
    struct game_options o = {.n_players = 4, .board = BOARD_PIRATES};
    assert_int_equal(game_init(&g, &o, 9), BW_OK);
    char *doc = draw(&g, nicks, 4, 0), want[32], hex[4];
    assert_int_equal(count_class(doc, "fleet"), 1);
    assert_int_equal(count_class(doc, "pirate"), 0);
    snprintf(want, sizeof want, "id=\"fleet-%s\"", board_hex_name(game_fleet_hex(&g), hex));
    assert_non_null(strstr(doc, want));
    free(doc);
    g.fleet_at = 3;
    doc = draw(&g, nicks, 4, 0);
    snprintf(want, sizeof want, "id=\"fleet-%s\"", board_hex_name(game_fleet_hex(&g), hex));
    assert_non_null(strstr(doc, want));
    free(doc);
}

/* The Pirate Islands: each fortress still standing is drawn once with its strength, for its
 * seat, and a conquered one is its seat's settlement; warships are flagged, as many as afloat. */
static void test_fortresses_warships(void **state)
{
    (void)state;
    struct game g;
    struct game_options o = {.n_players = 4, .board = BOARD_PIRATES};
    assert_int_equal(game_init(&g, &o, 9), BW_OK);
    const struct board_geo *geo = game_geo(&g);
    char *doc = draw(&g, nicks, 4, 0), want[96];
    assert_int_equal(count_class(doc, "fortress"), 4);
    assert_int_equal(count_class(doc, "warship"), 0);
    assert_int_equal(count_class(doc, "ship"), 4);
    free(doc);
    g.fortress[0] = 2;
    g.fortress[3] = 0; /* the fourth seat conquered theirs */
    int v = geo->route_fortress[3];
    g.vertex_owner[v] = 3;
    g.vertex_building[v] = BUILDING_SETTLEMENT;
    g.p[3].settlements++;
    g.warships[1] = 1;
    g.warships[2] = 2; /* one ship: one afloat */
    doc = draw(&g, nicks, 4, 0);
    assert_int_equal(count_class(doc, "fortress"), 3);
    snprintf(want, sizeof want, "id=\"fortress-%d\"", geo->route_fortress[0] + 1);
    const char *at = strstr(doc, want);
    assert_non_null(at);
    snprintf(want, sizeof want, "<title>pirate fortress at %d for %s: strength 2</title>",
             geo->route_fortress[0] + 1, nicks[0]);
    assert_non_null(strstr(at, want));
    snprintf(want, sizeof want, "id=\"fortress-%d\"", v + 1);
    assert_null(strstr(doc, want));
    snprintf(want, sizeof want, "class=\"settlement\" id=\"v-%d\"", v + 1);
    assert_non_null(strstr(doc, want));
    assert_int_equal(count_class(doc, "warship"), 2);
    assert_int_equal(count_class(doc, "ship"), 4);
    free(doc);
}

/* The Wonders of Catan: every corner marked for the wall or the bridge is ringed, and a seat's
 * wonder follows its nick in the legend. */
static void test_wonder_spots(void **state)
{
    (void)state;
    struct game g;
    struct game_options o = {.n_players = 4, .board = BOARD_WONDERS};
    assert_int_equal(game_init(&g, &o, 9), BW_OK);
    const struct board_geo *geo = game_geo(&g);
    g.wonder_owner[WONDER_CATHEDRAL] = 2;
    g.wonder_level[WONDER_CATHEDRAL] = 3;
    char *doc = draw(&g, nicks, 4, WEB_SVG_VERTEX_NUMBERS);
    int spots = 0;
    for (int k = 0; k < MAP_WONDER_SPOT_KINDS; k++)
        for (int v = 0; v < geo->n_vertices; v++)
            spots += geo->wonder_spot_bits[k][v >> 6] >> (v & 63) & 1;
    assert_int_equal(spots, 6);
    assert_int_equal(count_class(doc, "wonder-spot"), spots);
    for (int v = 0; v < geo->n_vertices; v++)
        if (geo->wonder_spot_bits[MAP_WONDER_WALL][v >> 6] >> (v & 63) & 1) {
            char want[64];
            snprintf(want, sizeof want, "<title>Great Wall corner %d</title>", v + 1);
            assert_non_null(strstr(doc, want));
        }
    assert_non_null(strstr(doc, ">carol<tspan class=\"wonder\"> (Cathedral 3/4)</tspan></text>"));
    free(doc);
}

/* Cities & Knights: each knight at its corner with its seat's letter and level, active or
 * not; a wall under its city, a metropolis over it with its track; the merchant beside its
 * hex's token; the barbarians' voyage under the legend; corners' numbers moved off the knights.
 * The most crowded board (every knight) stays well-formed. */
static void test_cities_pieces(void **state)
{
    (void)state;
    struct game g;
    struct game_options o = {.n_players = 4, .board = BOARD_BASE};
    assert_int_equal(game_init(&g, &o, 9), BW_OK);
    char *doc = draw(&g, nicks, 4, 0);
    assert_int_equal(count_class(doc, "barbarians"), 0);
    free(doc);
    assert_int_equal(game_cities_on(&g), BW_OK);
    const struct board_geo *geo = game_geo(&g);
    static const int cities[] = {11, 29},
                     knights[][4] = {{0, 4, 2, 1}, {1, 20, 1, 0}, {3, 40, 3, 1}};
    for (int i = 0; i < 2; i++) {
        g.vertex_owner[cities[i]] = (int8_t)i;
        g.vertex_building[cities[i]] = BUILDING_CITY;
    }
    g.ck.walls[cities[1] >> 6] |= 1ull << (cities[1] & 63);
    g.ck.metropolis[TRACK_TRADE] = (uint8_t)(cities[1] + 1);
    for (int i = 0; i < 3; i++) {
        g.ck.p[knights[i][0]].knight_at[0] = (uint8_t)(knights[i][1] + 1);
        g.ck.p[knights[i][0]].knight[0] =
            (uint8_t)(knights[i][2] | (knights[i][3] ? KNIGHT_ACTIVE : 0));
    }
    g.ck.merchant = 5 + 1; /* hex F */
    g.ck.merchant_owner = 3;
    g.ck.barbarians = 3;
    doc = draw(&g, nicks, 4, WEB_SVG_VERTEX_NUMBERS);
    char want[128], buf[128];
    double x, y;
    assert_int_equal(count_class(doc, "knight active"), 2);
    assert_int_equal(count_class(doc, "knight inactive"), 1);
    for (int i = 0; i < 3; i++) {
        int v = knights[i][1];
        snprintf(want, sizeof want, "id=\"k-%d\"", v + 1);
        const char *at = strstr(doc, want);
        assert_non_null(at);
        while (*at != '<')
            at--;
        translation(at, &x, &y);
        assert_true(x == sx(geo, geo->vertex_x[v]) && y == sy(geo, geo->vertex_y[v]));
        title_in_group(at, buf, sizeof buf);
        snprintf(want, sizeof want, "knight of %s, level %d, %s", nicks[knights[i][0]],
                 knights[i][2], knights[i][3] ? "active" : "inactive");
        assert_string_equal(buf, want);
        snprintf(want, sizeof want, ">%c<tspan dy=\"-3\" font-size=\"5\">%d</tspan>",
                 "abcd"[knights[i][0]], knights[i][2]);
        assert_non_null(strstr(at, want));
        /* The corner's number beside the knight, not on it. */
        snprintf(want, sizeof want, "id=\"c-%d\"", v + 1);
        const char *num = strstr(doc, want);
        assert_non_null(num);
        while (*num != '<')
            num--;
        translation(num, &x, &y);
        assert_false(x == sx(geo, geo->vertex_x[v]) && y == sy(geo, geo->vertex_y[v]));
    }
    assert_int_equal(count_class(doc, "wall"), 1);
    snprintf(want, sizeof want, "class=\"wall\" id=\"wall-%d\"", cities[1] + 1);
    assert_non_null(strstr(doc, want));
    assert_int_equal(count_class(doc, "metropolis trade"), 1);
    snprintf(want, sizeof want, "<title>metropolis of trade at %d</title>", cities[1] + 1);
    assert_non_null(strstr(doc, want));
    const char *p = doc, *m = next_tag(&p, "merchant");
    assert_non_null(m);
    assert_non_null(strstr(m, "id=\"merchant-F\""));
    translation(m, &x, &y);
    assert_true(x == sx(geo, geo->hex_x[5]) + 17 && y == sy(geo, geo->hex_y[5]) + 3);
    title_in_group(m, buf, sizeof buf);
    assert_string_equal(buf, "merchant of carol");
    p = doc;
    const char *b = next_tag(&p, "barbarians");
    assert_non_null(b);
    title_in_group(b, buf, sizeof buf);
    assert_string_equal(buf, "barbarians 3/7");
    assert_int_equal(count_class(doc, "step"), CK_VOYAGE);
    assert_int_equal(count_class(doc, "barbarian-ship"), 1);
    free(doc);
    /* Every knight of every seat, active and not. */
    for (int s = 0, v = 0; s < 4; s++)
        for (int k = 0; k < CK_KNIGHTS; k++, v++) {
            while (g.vertex_owner[v] >= 0)
                v++;
            g.ck.p[s].knight_at[k] = (uint8_t)(v + 1);
            g.ck.p[s].knight[k] = (uint8_t)(1 + k / 2 + (k & 1 ? KNIGHT_ACTIVE : 0));
        }
    doc = draw(&g, nicks, 4, WEB_SVG_VERTEX_NUMBERS);
    assert_int_equal(count_class(doc, "knight active") + count_class(doc, "knight inactive"),
                     4 * CK_KNIGHTS);
    assert_int_equal(count_class(doc, "corner"), geo->n_vertices);
    free(doc);
}

/* The checker itself finds what it is there to find. */
static void test_checker(void **state)
{
    (void)state;
    assert_null(xml_error("<?xml version=\"1.0\"?>\n<a x=\"1\"><b/>t&amp;</a>\n"));
    const char *bad[] = {
        "<a><b></a>",           "<a x=1/>", "<a>&</a>", "<a>x<</a>", "<a x=\"<\"/>", "<a/><b/>",
        "<a x=\"1\" x=\"2\"/>", "<a>"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!xml_error(bad[i]))
            fail_msg("accepted %s", bad[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker),      cmocka_unit_test(test_text_width),
        cmocka_unit_test(test_random_games), cmocka_unit_test(test_labels_every_board),
        cmocka_unit_test(test_long_nick),    cmocka_unit_test(test_hostile_nicks),
        cmocka_unit_test(test_short_buffer), cmocka_unit_test(test_tribe_pieces),
        cmocka_unit_test(test_pirate_fleet), cmocka_unit_test(test_fortresses_warships),
        cmocka_unit_test(test_wonder_spots), cmocka_unit_test(test_cities_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
