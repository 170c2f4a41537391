/* The board as SVG: a well-formed document for every kind of board through random games, with
 * every hex, token and piece of the game where the geometry puts it, the robber and pirate on
 * their hexes, and the text from IRC escaped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/game.h"
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
    static const char *const kinds[] = {"settlement", "city", "vertex"};
    int want[3] = {0, 0, 0};
    for (int v = 0; v < geo->n_vertices; v++)
        want[g->vertex_owner[v] < 0 ? 2 : g->vertex_building[v] == BUILDING_SETTLEMENT ? 0 : 1]++;
    for (int k = 0; k < 3; k++) {
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
            assert_int_equal(g->vertex_owner[i] < 0, k == 2);
            if (k < 2)
                assert_int_equal(g->vertex_building[i], k ? BUILDING_CITY : BUILDING_SETTLEMENT);
            n++;
        }
        assert_int_equal(n, want[k]);
        *pieces += k < 2 ? n : 0;
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
    assert_true(x == sx(geo, geo->hex_x[h]) - 17 && y == sy(geo, geo->hex_y[h]) + 3);
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

static void check_drawing(const struct game *g, int *pieces)
{
    char *doc = draw(g, nicks, g->opt.n_players, WEB_SVG_VERTEX_NUMBERS);
    assert_non_null(strstr(doc, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_null(strstr(doc, "<script"));
    check_ids(doc);
    check_hexes(g, doc);
    check_pieces(g, doc, pieces);
    check_bandit(g, doc, "robber", g->robber);
    const struct board_geo *geo = game_geo(g);
    check_bandit(g, doc, "pirate", geo->has_pirate && g->pirate >= 0 ? g->pirate : -1);
    assert_int_equal(count_class(doc, "seat"), g->opt.n_players);
    assert_int_equal(count_class(doc, "harbor"), geo->n_harbors);
    free(doc);
}

static void test_random_games(void **state)
{
    (void)state;
    for (size_t b = 0; b < (size_t)web_n_boards; b++) {
        int pieces = 0, fog_seen = 0, ships = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            struct game_options o = {(uint8_t)web_boards[b].players, (uint8_t)web_boards[b].board,
                                     0};
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

static void test_hostile_nicks(void **state)
{
    (void)state;
    static const char *const hostile[4] = {"<script>&", "a\"b'c", "\xff\xfe]]>\xed\xa0\x80",
                                           "\xef\xbf\xbe\xc3\xa9"};
    struct game_options o = {4, BOARD_BASE, 0};
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
    assert_int_equal(count_class(doc, "vertex"), 0);
    free(doc);
}

/* Like snprintf: the whole length whatever the room, and a terminated beginning. */
static void test_short_buffer(void **state)
{
    (void)state;
    struct game_options o = {4, BOARD_BASE, 0};
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
        cmocka_unit_test(test_checker),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_hostile_nicks),
        cmocka_unit_test(test_short_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
