/* Cities & Knights in the board drawing: goldens of a game in its middle on the base and the
 * big board, each mark where its piece is, the legend in every language, and the drawing's
 * limits with the most crowded board (every knight, every wall, the three metropolises and the
 * merchant on the robber's hex).
 *
 * Golden files live in tests/golden/; BW_UPDATE_GOLDEN=1 rewrites them (review the diff). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/game.h"
#include "i18n/i18n.h"
#include "render/render.h"

static const char *const nicks[GAME_MAX_PLAYERS] = {"alice", "bob",  "carol",
                                                    "dave",  "erin", "frank"};
static const char *const sup[4] = {"", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3"};
static const char track[CK_TRACKS] = {'S', 'T', 'P'};

/* The visible text of the lines (mIRC codes removed), one line each, into buf. */
static void visible_text(const struct render_lines *l, char *buf, size_t size)
{
    size_t n = 0;
    for (int i = 0; i < l->n && n + 2 < size; i++) {
        for (const unsigned char *p = (const unsigned char *)l->v[i].text; *p && n + 2 < size;) {
            if (*p == 0x03) {
                p++;
                for (int k = 0; k < 2 && *p >= '0' && *p <= '9'; k++)
                    p++;
                if (*p == ',' && p[1] >= '0' && p[1] <= '9')
                    p += p[2] >= '0' && p[2] <= '9' ? 3 : 2;
            } else if (*p == 0x02 || *p == 0x0f) {
                p++;
            } else {
                buf[n++] = (char)*p++;
            }
        }
        buf[n++] = '\n';
    }
    buf[n] = '\0';
}

/* Columns of a visible line: a UTF-8 character counts once. */
static int columns(const char *s, size_t len)
{
    int w = 0;
    for (size_t i = 0; i < len; i++)
        w += ((unsigned char)s[i] & 0xc0) != 0x80;
    return w;
}

/* Within the board's lines and columns; every corner's number there as a number of its own. */
static void check_limits(const struct game *g, const struct render_lines *l)
{
    int max_cols, max_rows;
    render_board_limits(game_geo(g), &max_cols, &max_rows);
    static char text[1 << 15];
    visible_text(l, text, sizeof text);
    if (l->n > max_rows) {
        print_message("%s", text);
        fail_msg("%d lines, at most %d", l->n, max_rows);
    }
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        if (columns(p, (size_t)(end - p)) > max_cols)
            fail_msg("a line of %d columns, at most %d:\n%s", columns(p, (size_t)(end - p)),
                     max_cols, text);
        p = end + 1;
    }
    int seen[BOARD_MAX_VERTICES + 1] = {0};
    for (const char *p = text; *p;) {
        if (*p >= '0' && *p <= '9' && (p == text || p[-1] != ':')) {
            int v = (int)strtol(p, (char **)&p, 10);
            if (*p != ':' && *p != '/' && v >= 1 && v <= game_geo(g)->n_vertices)
                seen[v]++;
        } else {
            p++;
        }
    }
    for (int v = 1; v <= game_geo(g)->n_vertices; v++)
        if (!seen[v])
            fail_msg("corner %d missing from the drawing:\n%s", v, text);
}

static void apply_ok(struct game *g, const struct game_action *a)
{
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(game_apply(g, a, ev, GAME_MAX_EVENTS, &n), BW_OK);
}

/* A Cities & Knights game after its setup (placements chosen from the legal ones so they
 * spread over the board). */
static void ck_game(struct game *g, int board, int n_players, uint64_t seed)
{
    struct game_options o = {.n_players = (uint8_t)n_players, .board = (uint8_t)board};
    assert_int_equal(game_init(g, &o, seed), BW_OK);
    assert_int_equal(game_cities_on(g), BW_OK);
    struct game_action acts[128];
    for (int step = 0; g->phase == PHASE_SETUP_SETTLEMENT || g->phase == PHASE_SETUP_ROAD; step++) {
        int n = game_legal_actions(g, g->current, acts, 128);
        assert_true(n > 0 && n <= 128);
        apply_ok(g, &acts[(step * 37 + 11) % n]);
    }
}

static int knight_here(const struct game *g, int v)
{
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (g->ck.p[p].knight_at[k] == v + 1)
                return 1;
    return 0;
}

/* Player p's next knight on the first free corner from v on (set directly: the drawing only
 * reads the state); its corner, or -1 when p has all six. */
static int put_knight(struct game *g, int p, int v, int level, int active)
{
    const struct board_geo *geo = game_geo(g);
    for (int k = 0; k < CK_KNIGHTS; k++) {
        if (g->ck.p[p].knight_at[k])
            continue;
        for (int i = 0; i < geo->n_vertices; i++) {
            int w = (v + i) % geo->n_vertices;
            if (g->vertex_owner[w] < 0 && !knight_here(g, w)) {
                g->ck.p[p].knight_at[k] = (uint8_t)(w + 1);
                g->ck.p[p].knight[k] = (uint8_t)(level | (active ? KNIGHT_ACTIVE : 0));
                return w;
            }
        }
    }
    return -1;
}

/* The n-th city on the board (by corner), or -1. */
static int nth_city(const struct game *g, int n)
{
    for (int v = 0; v < game_geo(g)->n_vertices; v++)
        if (g->vertex_building[v] == BUILDING_CITY && n-- == 0)
            return v;
    return -1;
}

static void set_wall(struct game *g, int v)
{
    g->ck.walls[v >> 6] |= 1ull << (v & 63);
}

/* A land hex with a number next to a building of seat p. */
static int hex_of(const struct game *g, int p)
{
    const struct board_geo *geo = game_geo(g);
    for (int v = 0; v < geo->n_vertices; v++)
        for (int j = 0; g->vertex_owner[v] == p && j < 3; j++) {
            int h = geo->vertex_hex[v][j];
            if (h >= 0 && g->token[h])
                return h;
        }
    return -1;
}

/* A game in its middle: a few knights of each level, active or not, a wall, a metropolis, the
 * merchant, the barbarians on their way. */
static void mid_game(struct game *g, int board, int n_players, uint64_t seed)
{
    ck_game(g, board, n_players, seed);
    for (int p = 0; p < n_players; p++) {
        put_knight(g, p, 7 + 11 * p, 1 + p % 3, p % 2);
        put_knight(g, p, 20 + 13 * p, 1 + (p + 1) % 3, 1);
    }
    set_wall(g, nth_city(g, 0));
    set_wall(g, nth_city(g, 2));
    g->ck.metropolis[TRACK_TRADE] = (uint8_t)(nth_city(g, 2) + 1);
    int h = hex_of(g, 1);
    g->ck.merchant = (uint8_t)(h + 1);
    g->ck.merchant_owner = 2;
    g->ck.barbarians = 4;
}

/* The most crowded board: every knight of every player (levels 1, 1, 2, 2, 3, 3, the odd ones
 * active), a wall under each player's first three cities, the three metropolises, and the
 * merchant on the robber's hex. */
static void crowded_game(struct game *g, int board, int n_players, uint64_t seed)
{
    ck_game(g, board, n_players, seed);
    const struct board_geo *geo = game_geo(g);
    /* More cities: each player's settlements become cities. */
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->vertex_building[v] == BUILDING_SETTLEMENT) {
            int p = g->vertex_owner[v];
            g->vertex_building[v] = BUILDING_CITY;
            g->p[p].settlements--;
            g->p[p].cities++;
        }
    for (int p = 0; p < n_players; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            assert_true(put_knight(g, p, 5 * p + 9 * k, 1 + k / 2, k & 1) >= 0);
    for (int n = 0; nth_city(g, n) >= 0; n++)
        set_wall(g, nth_city(g, n));
    for (int t = 0; t < CK_TRACKS; t++)
        g->ck.metropolis[t] = (uint8_t)(nth_city(g, 2 * t + 1) + 1);
    int h = hex_of(g, 0);
    g->ck.merchant = (uint8_t)(h + 1);
    g->ck.merchant_owner = 1;
    g->robber = (int8_t)h;
    g->ck.barbarians = 6;
}

/* The drawing of g in lang, in colour or not, into l (made ready here). */
static const char *const *names = nicks;

static void draw(const struct game *g, int lang, int color, struct render_style *st,
                 struct render_lines *l)
{
    render_style_init(st, "#catan", names, g->opt.n_players, color);
    st->lang = lang;
    render_lines_init(l);
    struct render_sink sink = render_lines_sink(l);
    render_board(g, st, &sink);
    assert_false(l->failed);
}

/* Each piece's mark in the plain drawing's text, at its corner or hex. */
static void check_marks(const struct game *g, const struct render_style *st, const char *text)
{
    const struct board_geo *geo = game_geo(g);
    char want[32], hex[4];
    for (int p = 0; p < g->opt.n_players; p++)
        for (int k = 0; k < CK_KNIGHTS; k++) {
            int v = g->ck.p[p].knight_at[k] - 1, s = g->ck.p[p].knight[k];
            if (v < 0)
                continue;
            char letter = st->letter[p];
            if (s & KNIGHT_ACTIVE)
                letter = (char)(letter - 'a' + 'A');
            snprintf(want, sizeof want, "%c%d%s", letter, v + 1, sup[s & KNIGHT_LEVEL]);
            if (!strstr(text, want))
                fail_msg("knight %s missing:\n%s", want, text);
        }
    for (int v = 0; v < geo->n_vertices; v++) {
        if (g->vertex_building[v] != BUILDING_CITY)
            continue;
        char city = (char)(st->letter[g->vertex_owner[v]] - 'a' + 'A');
        int wall = (int)(g->ck.walls[v >> 6] >> (v & 63) & 1);
        snprintf(want, sizeof want, "[%c%d", city, v + 1);
        if (!strstr(text, want) != !wall)
            fail_msg("wall at %d %s:\n%s", v + 1, wall ? "missing" : "drawn", text);
        for (int t = 0; t < CK_TRACKS; t++) {
            snprintf(want, sizeof want, "%c%d%c", city, v + 1, track[t]);
            if (!strstr(text, want) != (g->ck.metropolis[t] != v + 1))
                fail_msg("metropolis %s wrong:\n%s", want, text);
        }
    }
    int h = g->ck.merchant - 1;
    int red = !st->color && (g->token[h] == 6 || g->token[h] == 8); /* "*6*" in plain */
    snprintf(want, sizeof want, red ? "%s *%d*" : "%s %d", board_hex_name(h, hex), g->token[h]);
    const char *at = strstr(text, want);
    if (!at)
        fail_msg("hex %s missing:\n%s", want, text);
    snprintf(want, sizeof want, "$%c", st->letter[g->ck.merchant_owner - 1]);
    const char *merchant = strstr(at, want), *eol = strchr(at, '\n');
    if (!merchant || merchant < at || merchant > eol)
        fail_msg("merchant %s not beside hex %s:\n%s", want, hex, text);
    snprintf(want, sizeof want, "barbarians %d/7", g->ck.barbarians);
    assert_non_null(strstr(text, want));
}

/* ---- goldens ---- */

static void check_golden(const char *name, const struct render_lines *l)
{
    static char text[1 << 16];
    size_t n = 0;
    for (int i = 0; i < l->n; i++) {
        for (const char *t = l->v[i].text; *t && n + 4 < sizeof text; t++) {
            if ((unsigned char)*t < 0x20 || *t == '^') {
                text[n++] = '^';
                text[n++] = *t == '^' ? '^' : (char)(*t + 64);
            } else {
                text[n++] = *t;
            }
        }
        text[n++] = '\n';
    }
    text[n] = '\0';
    const char *root = getenv("BW_SOURCE_DIR"), *update = getenv("BW_UPDATE_GOLDEN");
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/golden/%s", root ? root : ".", name);
    if (update && *update && strcmp(update, "0")) {
        FILE *f = fopen(path, "w");
        if (!f)
            fail_msg("cannot write %s", path);
        fputs(text, f);
        fclose(f);
        return;
    }
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("missing golden file %s (run with BW_UPDATE_GOLDEN=1)", path);
    static char want[1 << 16];
    size_t got = fread(want, 1, sizeof want - 1, f);
    want[got] = '\0';
    fclose(f);
    if (strcmp(want, text))
        fail_msg("golden file %s differs (BW_UPDATE_GOLDEN=1 rewrites it); got:\n%s", path, text);
}

static void golden(int board, int n_players, uint64_t seed, const char *name)
{
    struct game g;
    mid_game(&g, board, n_players, seed);
    for (int color = 0; color < 2; color++) {
        struct render_style st;
        struct render_lines l;
        draw(&g, LANG_EN, color, &st, &l);
        check_limits(&g, &l);
        static char text[1 << 15];
        visible_text(&l, text, sizeof text);
        check_marks(&g, &st, text);
        char file[64];
        snprintf(file, sizeof file, "%s_%s.txt", name, color ? "color" : "plain");
        check_golden(file, &l);
        render_lines_fini(&l);
    }
}

static void test_golden_base(void **state)
{
    (void)state;
    golden(BOARD_BASE, 4, 7, "board_cities_base");
}

static void test_golden_big(void **state)
{
    (void)state;
    golden(BOARD_BIG, 6, 11, "board_cities_big");
}

/* ---- marks ---- */

/* The most crowded boards keep to their limits, every corner's number readable and every
 * piece marked, in every language (Arabic with the English words). */
static void test_crowded(void **state)
{
    (void)state;
    static const int boards[][3] = {
        {BOARD_BASE, 4, 7}, {BOARD_BASE, 3, 5}, {BOARD_BIG, 6, 11}, {BOARD_BIG, 5, 3}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
        for (uint64_t seed = 0; seed < 8; seed++) {
            struct game g;
            crowded_game(&g, boards[b][0], boards[b][1], (uint64_t)boards[b][2] + seed);
            for (int lang = 0; lang < LANG_COUNT; lang++)
                for (int color = 0; color < 2; color++) {
                    struct render_style st;
                    struct render_lines l;
                    draw(&g, lang, color, &st, &l);
                    check_limits(&g, &l);
                    static char text[1 << 15];
                    visible_text(&l, text, sizeof text);
                    if (lang == LANG_EN || lang == LANG_AR)
                        check_marks(&g, &st, text);
                    render_lines_fini(&l);
                }
        }
}

/* With nicks of 30 characters (README.md's promise) the most crowded boards keep to their
 * limits too. */
static void test_crowded_long_nicks(void **state)
{
    (void)state;
    static const char *const long_nicks[GAME_MAX_PLAYERS] = {
        "a23456789012345678901234567890", "b23456789012345678901234567890",
        "c23456789012345678901234567890", "d23456789012345678901234567890",
        "e23456789012345678901234567890", "f23456789012345678901234567890"};
    names = long_nicks;
    static const int boards[][2] = {{BOARD_BASE, 4}, {BOARD_BIG, 6}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
        for (uint64_t seed = 0; seed < 4; seed++) {
            struct game g;
            crowded_game(&g, boards[b][0], boards[b][1], 7 + seed);
            for (int lang = 0; lang < LANG_COUNT; lang++) {
                struct render_style st;
                struct render_lines l;
                draw(&g, lang, 1, &st, &l);
                check_limits(&g, &l);
                render_lines_fini(&l);
            }
        }
    names = nicks;
}

/* A knight's mark follows its state: level, active, owner; gone when it leaves. */
static void test_knight_states(void **state)
{
    (void)state;
    struct game g;
    ck_game(&g, BOARD_BASE, 4, 7);
    int v = put_knight(&g, 2, 30, 1, 0);
    assert_true(v >= 0);
    char want[16], text[1 << 14];
    struct render_style st;
    struct render_lines l;
    for (int s = 1; s <= 3 + KNIGHT_ACTIVE; s++) {
        if ((s & KNIGHT_LEVEL) == 0)
            continue;
        g.ck.p[2].knight[0] = (uint8_t)s;
        draw(&g, LANG_EN, 0, &st, &l);
        visible_text(&l, text, sizeof text);
        snprintf(want, sizeof want, "%c%d%s", s & KNIGHT_ACTIVE ? 'C' : 'c', v + 1,
                 sup[s & KNIGHT_LEVEL]);
        if (!strstr(text, want))
            fail_msg("%s missing:\n%s", want, text);
        assert_non_null(strstr(text, "a#\xc2\xb2=knight, level 2"));
        assert_true(!strstr(text, "A#\xc2\xb2=active knight") == !(s & KNIGHT_ACTIVE));
        render_lines_fini(&l);
    }
    g.ck.p[2].knight_at[0] = 0;
    draw(&g, LANG_EN, 0, &st, &l);
    visible_text(&l, text, sizeof text);
    assert_null(strstr(text, "\xc2\xb2"));
    assert_null(strstr(text, "knight"));
    assert_non_null(strstr(text, "barbarians 0/7"));
    render_lines_fini(&l);
}

/* A mark after a corner's number keeps a blank before the terrain word of the hex it is the
 * NW corner of, the longest words (the desert's) included, in every language. */
static void test_mark_before_word(void **state)
{
    (void)state;
    struct game g;
    struct game_options o = {.n_players = 4, .board = BOARD_BASE};
    assert_int_equal(game_init(&g, &o, 7), BW_OK);
    assert_int_equal(game_cities_on(&g), BW_OK);
    const struct board_geo *geo = game_geo(&g);
    int desert = -1;
    for (int h = 0; h < geo->n_hexes && desert < 0; h++)
        desert = g.terrain[h] == TERRAIN_DESERT ? h : -1;
    assert_true(desert >= 0);
    int nw = -1; /* the desert's NW corner: the one left of the hex on the line above it */
    for (int j = 0; j < 6; j++) {
        int v = geo->hex_vertex[desert][j];
        if (geo->vertex_x[v] < geo->hex_x[desert] && geo->vertex_y[v] < geo->hex_y[desert])
            nw = v;
    }
    assert_true(nw >= 0);
    g.ck.p[1].knight_at[0] = (uint8_t)(nw + 1);
    g.ck.p[1].knight[0] = 3;
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct render_style st;
        struct render_lines l;
        draw(&g, lang, 0, &st, &l);
        char text[1 << 14], want[48];
        visible_text(&l, text, sizeof text);
        snprintf(want, sizeof want, "%c%d%s %s", st.letter[1], nw + 1, sup[3],
                 i18n_rtl(lang) ? i18n_english(MSG_DRAW_DESERT) : tr(lang, MSG_DRAW_DESERT));
        if (!strstr(text, want))
            fail_msg("%s: \"%s\" missing:\n%s", i18n_code(lang), want, text);
        check_limits(&g, &l);
        render_lines_fini(&l);
    }
}

/* Without the expansion nothing of it is drawn, even with its state set by mistake. */
static void test_off(void **state)
{
    (void)state;
    struct game g;
    ck_game(&g, BOARD_BASE, 4, 7);
    put_knight(&g, 0, 3, 2, 1);
    g.ck.on = 0;
    struct render_style st;
    struct render_lines l;
    draw(&g, LANG_EN, 0, &st, &l);
    char text[1 << 14];
    visible_text(&l, text, sizeof text);
    assert_null(strstr(text, "\xc2\xb2"));
    assert_null(strstr(text, "barbarians"));
    render_lines_fini(&l);
}

/* The legend in each language: its words from the catalogue (Arabic keeps the English ones,
 * as the drawing reads left to right). */
static void test_legend_languages(void **state)
{
    (void)state;
    struct game g;
    crowded_game(&g, BOARD_BASE, 4, 7);
    static const int keys[] = {MSG_DRAW_KNIGHT,     MSG_DRAW_KNIGHT_ACTIVE, MSG_DRAW_CITY_WALL,
                               MSG_DRAW_METROPOLIS, MSG_DRAW_MERCHANT,      MSG_DRAW_BARBARIANS};
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct render_style st;
        struct render_lines l;
        draw(&g, lang, 0, &st, &l);
        char text[1 << 15];
        visible_text(&l, text, sizeof text);
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            const char *w = i18n_rtl(lang) ? i18n_english(keys[k]) : tr(lang, keys[k]);
            if (!strstr(text, w))
                fail_msg("%s: \"%s\" missing:\n%s", i18n_code(lang), w, text);
        }
        render_lines_fini(&l);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_base),
        cmocka_unit_test(test_golden_big),
        cmocka_unit_test(test_crowded),
        cmocka_unit_test(test_knight_states),
        cmocka_unit_test(test_off),
        cmocka_unit_test(test_legend_languages),
        cmocka_unit_test(test_mark_before_word),
        cmocka_unit_test(test_crowded_long_nicks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
