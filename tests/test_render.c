/* Text rendering: golden files for the drawing and the fixed reply forms, the size limits of
 * every line, and that hidden information never reaches a public line.
 *
 * Golden files live in tests/golden/; run with BW_UPDATE_GOLDEN=1 to rewrite them after an
 * intended change, then review the diff. Control codes are stored as ^B, ^C, ^O. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine_helpers.h"

#include "engine/game.h"
#include "engine/playout.h"
#include "map/map.h"
#include "i18n/i18n.h"
#include "render/render.h"

static const char *const nicks[GAME_MAX_PLAYERS] = {"alice", "bob",  "carol",
                                                    "dave",  "erin", "frank"};

/* ---- helpers ---- */

/* Past the mIRC code at p (a colour with its numbers, bold, reset, reverse, italic, underline),
 * or p itself when no code starts there. */
static const unsigned char *after_code(const unsigned char *p)
{
    if (*p == 0x03) {
        p++;
        for (int i = 0; i < 2 && *p >= '0' && *p <= '9'; i++)
            p++;
        if (*p == ',' && p[1] >= '0' && p[1] <= '9') {
            p += 2;
            if (*p >= '0' && *p <= '9')
                p++;
        }
        return p;
    }
    if (*p == 0x02 || *p == 0x0f || *p == 0x16 || *p == 0x1d || *p == 0x1f)
        return p + 1;
    return p;
}

/* Visible columns of a line: mIRC codes removed, UTF-8 characters counted once. */
static int visible_width(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        const unsigned char *q = after_code(p);
        if (q != p) {
            p = q;
            continue;
        }
        if ((*p & 0xc0) != 0x80)
            w++;
        p++;
    }
    return w;
}

/* The visible text of a line (codes removed) into buf. */
static void strip_codes(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && n + 1 < size;) {
        const unsigned char *q = after_code(p);
        if (q != p) {
            p = q;
            continue;
        }
        buf[n++] = (char)*p++;
    }
    buf[n] = '\0';
}

/* How many times needle occurs in text (overlapping ones included). */
static int count_str(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Every line: not empty, no CR/LF/NUL inside, at most RENDER_LINE_MAX bytes. */
static void check_lines(const struct render_lines *l)
{
    assert_false(l->failed);
    for (int i = 0; i < l->n; i++) {
        const char *t = l->v[i].text;
        assert_true(t[0] != '\0');
        assert_null(strchr(t, '\r'));
        assert_null(strchr(t, '\n'));
        if (strlen(t) > RENDER_LINE_MAX)
            fail_msg("line of %zu bytes: %s", strlen(t), t);
    }
}

/* The lines as one text, private ones marked with their seat, control codes made visible. */
static char *join_lines(const struct render_lines *l)
{
    size_t cap = 1;
    for (int i = 0; i < l->n; i++)
        cap += 2 * strlen(l->v[i].text) + 16;
    char *s = malloc(cap), *p = s;
    assert_non_null(s);
    for (int i = 0; i < l->n; i++) {
        if (l->v[i].to != RENDER_PUBLIC)
            p += sprintf(p, "[to %d] ", l->v[i].to);
        for (const char *t = l->v[i].text; *t; t++) {
            if ((unsigned char)*t < 0x20 || *t == '^') {
                *p++ = '^';
                *p++ = *t == '^' ? '^' : (char)(*t + 64);
            } else {
                *p++ = *t;
            }
        }
        *p++ = '\n';
    }
    *p = '\0';
    return s;
}

static void check_golden(const char *name, const char *text)
{
    const char *root = getenv("BW_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/golden/%s", root ? root : ".", name);
    const char *update = getenv("BW_UPDATE_GOLDEN");
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
    size_t n = fread(want, 1, sizeof want - 1, f);
    want[n] = '\0';
    fclose(f);
    if (strcmp(want, text)) {
        print_message("golden %s differs; got:\n%s", name, text);
        fail_msg("golden file %s differs (BW_UPDATE_GOLDEN=1 rewrites it)", path);
    }
}

static void apply_ok(struct game *g, const struct game_action *a)
{
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(game_apply(g, a, ev, GAME_MAX_EVENTS, &n), BW_OK);
}

/* A game of n_players on board dealt from seed, before its setup. */
static void deal_game(struct game *g, int board, int n_players, uint64_t seed)
{
    struct game_options o = {.n_players = (uint8_t)n_players, .board = (uint8_t)board};
    assert_int_equal(game_init(g, &o, seed), BW_OK);
}

/* The current player's setup settlement at vertex index v. */
static void settle_in_setup(struct game *g, int v)
{
    struct game_action a = {0};
    a.type = ACT_BUILD_SETTLEMENT;
    a.player = (int8_t)g->current;
    a.target = -1;
    a.a = (int16_t)v;
    apply_ok(g, &a);
}

/* Player p's hand: 2 wood, 1 brick, 3 grain, 1 ore, a knight and a monopoly, and a victory point
 * bought this turn (set directly, as the rendering only reads them). */
static void give_sample_hand(struct game *g, int p)
{
    static const uint8_t hand[RES_COUNT] = {2, 1, 0, 3, 1};
    memcpy(g->p[p].res, hand, sizeof hand);
    g->p[p].dev[DEV_KNIGHT] = 1;
    g->p[p].dev[DEV_MONOPOLY] = 1;
    g->p[p].dev_new[DEV_VICTORY] = 1;
}

/* A game after its setup placements, chosen from the legal ones so they spread over the board,
 * plus a city, a longer road, a moved robber and some cards (set directly: the drawing only
 * reads the state). */
/* The setup played by listed moves, the same for a seed. */
static void listed_setup(struct game *g)
{
    struct game_action acts[128];
    for (int step = 0; g->phase == PHASE_SETUP_SETTLEMENT || g->phase == PHASE_SETUP_ROAD; step++) {
        int n = game_legal_actions(g, g->current, acts, 128);
        assert_true(n > 0 && n <= 128);
        apply_ok(g, &acts[(step * 37 + 11) % n]);
    }
}

static void game_with_pieces(struct game *g, int board, int n_players, uint64_t seed)
{
    deal_game(g, board, n_players, seed);
    listed_setup(g);
    const struct board_geo *geo = game_geo(g);
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->vertex_owner[v] == 0) {
            g->vertex_building[v] = BUILDING_CITY;
            g->p[0].settlements--;
            g->p[0].cities++;
            break;
        }
    for (int k = 0; k < 3; k++)
        for (int e = 0; e < geo->n_edges; e++)
            if (game_can_road(g, 1, e)) {
                g->edge_owner[e] = 1;
                g->p[1].roads++;
                break;
            }
    game_reindex(g);
    g->robber = (int8_t)(board == BOARD_BIG ? 27 : 9);
    give_sample_hand(g, 0);
}

static void check_geo_limits(const struct render_lines *l, const struct board_geo *geo)
{
    int max_cols, max_rows;
    render_board_limits(geo, &max_cols, &max_rows);
    check_lines(l);
    if (l->n > max_rows) {
        for (int i = 0; i < l->n; i++)
            print_message("%s\n", l->v[i].text);
        fail_msg("%d lines, at most %d", l->n, max_rows);
    }
    for (int i = 0; i < l->n; i++) {
        assert_int_equal(l->v[i].to, RENDER_PUBLIC);
        int w = visible_width(l->v[i].text);
        if (w > max_cols) {
            for (int j = 0; j < l->n; j++)
                print_message("%s\n", l->v[j].text);
            fail_msg("line %d is %d columns, at most %d: %s", i, w, max_cols, l->v[i].text);
        }
    }
}

static void check_board_limits(const struct render_lines *l, int board)
{
    int max_cols = board == BOARD_BIG ? RENDER_BIG_COLS : RENDER_BASE_COLS;
    int max_rows = board == BOARD_BIG ? RENDER_BIG_ROWS : RENDER_BASE_ROWS;
    if (board >= BOARD_KIND_COUNT) {
        max_cols = RENDER_SEA_COLS;
        max_rows = RENDER_SEA_ROWS;
    }
    int cols, rows;
    render_board_limits(board_geo(board), &cols, &rows);
    assert_int_equal(cols, max_cols);
    assert_int_equal(rows, max_rows);
    check_geo_limits(l, board_geo(board));
}

/* Everything a drawing must show, read from its visible text. */
/* ... with n_harbors harbors (a map drawn for each game uses a few of its slots). */
static void check_geo_content(const struct board_geo *geo, const struct render_lines *l,
                              int n_harbors)
{
    static char text[1 << 14];
    size_t n = 0;
    for (int i = 0; i < l->n; i++) {
        strip_codes(l->v[i].text, text + n, sizeof text - n - 2);
        n += strlen(text + n);
        text[n++] = '\n';
    }
    text[n] = '\0';
    /* Every vertex number appears as a number of its own. */
    int seen[BOARD_MAX_VERTICES + 1] = {0};
    for (const char *p = text; *p;) {
        if (*p >= '0' && *p <= '9' && (p == text || p[-1] != ':')) {
            int v = (int)strtol(p, (char **)&p, 10);
            if (*p != ':' && v >= 1 && v <= geo->n_vertices)
                seen[v]++;
        } else {
            p++;
        }
    }
    for (int v = 1; v <= geo->n_vertices; v++)
        if (!seen[v])
            fail_msg("vertex %d missing from the drawing", v);
    /* Every hex letter as a word, every harbor label. */
    for (int h = 0; h < geo->n_hexes; h++) {
        char name[4], word[8];
        board_hex_name(h, name);
        snprintf(word, sizeof word, " %s ", name);
        int found = strstr(text, word) != NULL;
        snprintf(word, sizeof word, " %s\n", name);
        found |= strstr(text, word) != NULL;
        if (!found) {
            fputs(text, stderr);
            fail_msg("hex %s missing from the drawing", name);
        }
    }
    int labels = 0;
    for (const char *p = text; (p = strstr(p, ":1")); p++)
        labels++;
    if (labels != n_harbors) {
        fputs(text, stderr);
        fail_msg("%d harbor labels in the drawing, %d harbors", labels, n_harbors);
    }
    assert_true(strstr(text, "rob") || strstr(text, " R "));
}

static void check_board_content(const struct game *g, const struct render_lines *l)
{
    int harbors = 0;
    for (int k = 0; k < game_geo(g)->n_harbors; k++)
        harbors += g->harbor[k] <= HARBOR_GENERIC;
    /* The Forgotten Tribe: its harbors still on the coast and those placed are labels too. */
    for (int k = 0; k < game_geo(g)->n_gifts; k++)
        harbors += game_geo(g)->gift_kind[k] == MAP_GIFT_HARBOR &&
                   (g->gift_owner[k] == -1 || g->gift_at[k] != GAME_HARBOR_HELD);
    check_geo_content(game_geo(g), l, harbors);
}

static void render_board_lines(const struct game *g, const char *const *names, int color,
                               struct render_lines *l)
{
    struct render_style st;
    render_style_init(&st, "#catan", names, g->opt.n_players, color);
    struct render_sink sink = render_lines_sink(l);
    render_board(g, &st, &sink);
}

/* What a table may ask for between moves: the status (with the time left), the board text and
 * every player's hand and spots. */
static void render_table(const struct game *g, const struct render_style *st, const char *left,
                         const struct render_sink *sink)
{
    render_status(g, st, left, sink);
    render_board_text(g, st, sink);
    for (int p = 0; p < g->opt.n_players; p++) {
        render_hand(g, st, p, sink);
        render_spots(g, st, p, RENDER_SPOT_ALL, sink);
    }
}

/* A style for chan with the first n of names (in colour or not), and l made ready for the lines
 * rendered with it; returns the sink that collects them into l. */
static struct render_sink open_lines(struct render_style *st, struct render_lines *l,
                                     const char *chan, const char *const *names, int n, int color)
{
    render_style_init(st, chan, names, n, color);
    render_lines_init(l);
    return render_lines_sink(l);
}

/* g's board drawn with st in language lang into l, made ready here. */
static void draw_in(const struct game *g, struct render_style *st, int lang, struct render_lines *l)
{
    st->lang = lang;
    render_lines_init(l);
    struct render_sink sink = render_lines_sink(l);
    render_board(g, st, &sink);
}

/* g's board drawn with st into l: within the limits of its board, every hex, corner and harbor
 * shown. */
static void draw_checked(const struct game *g, const struct render_style *st,
                         struct render_lines *l)
{
    struct render_sink sink = render_lines_sink(l);
    render_board(g, st, &sink);
    check_board_limits(l, g->opt.board);
    check_board_content(g, l);
}

/* The lines checked, then compared as one text with golden file name, then freed. */
static void finish_golden(const char *name, struct render_lines *l)
{
    check_lines(l);
    char *text = join_lines(l);
    check_golden(name, text);
    free(text);
    render_lines_fini(l);
}

/* The longest nicks and the longest channel name: every line still keeps to RENDER_LINE_MAX. */
static const char *const longest_nicks[GAME_MAX_PLAYERS] = {
    "a2345678901234567890123456789012345678901234567",
    "b2345678901234567890123456789012345678901234567",
    "c2345678901234567890123456789012345678901234567",
    "d2345678901234567890123456789012345678901234567",
    "e2345678901234567890123456789012345678901234567",
    "f2345678901234567890123456789012345678901234567"};

static void longest_chan(char chan[RENDER_CHAN_MAX + 1])
{
    memset(chan, 'x', RENDER_CHAN_MAX);
    chan[0] = '#';
    chan[RENDER_CHAN_MAX] = '\0';
}

/* Appends an event to the calling test's array ev, counting them in n; gives the event, for its
 * cards to be set. */
#define EV(t, pl, ot, aa, bb)                                                                      \
    (memset(&ev[n], 0, sizeof ev[n]), ev[n].type = (t), ev[n].player = (pl), ev[n].other = (ot),   \
     ev[n].a = (int16_t)(aa), ev[n].b = (int16_t)(bb), &ev[n++])

/* A plain and a colour golden test of CASE (a function of color and file name), checked
 * against tests/golden/BASE_plain.txt and BASE_color.txt. */
#define GOLDEN_PAIR(name, case, base)                                                              \
    static void test_golden_##name##_plain(void **state)                                           \
    {                                                                                              \
        (void)state;                                                                               \
        case(0, base "_plain.txt");                                                                \
    }                                                                                              \
    static void test_golden_##name##_color(void **state)                                           \
    {                                                                                              \
        (void)state;                                                                               \
        case(1, base "_color.txt");                                                                \
    }

/* ---- golden files ---- */

static void golden_case(int board, int n_players, uint64_t seed, int color, const char *name)
{
    struct game g;
    game_with_pieces(&g, board, n_players, seed);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, n_players, color);
    draw_checked(&g, &st, &l);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, "1:20 left", &sink);
    render_hand(&g, &st, 0, &sink);
    render_hand(&g, &st, 1, &sink);
    render_spots(&g, &st, g.current, RENDER_SPOT_ALL, &sink);
    finish_golden(name, &l);
}

static void base_golden_case(int color, const char *name)
{
    golden_case(BOARD_BASE, 4, 7, color, name);
}

GOLDEN_PAIR(base, base_golden_case, "board_base")

static void big_golden_case(int color, const char *name)
{
    golden_case(BOARD_BIG, 6, 11, color, name);
}

GOLDEN_PAIR(big, big_golden_case, "board_big")

/* The Four Islands: sea hexes with their letter among waves, four islands, harbors in the sea
 * between them, and the list form's sea line. */
static void four_islands_golden_case(int color, const char *name)
{
    golden_case(BOARD_FOUR_ISLANDS_4, 4, 5, color, name);
}

GOLDEN_PAIR(four_islands, four_islands_golden_case, "board_four_islands_4")

/* One of each event, built by hand so the file does not depend on the engine's dice. */
static void test_golden_events(void **state)
{
    (void)state;
    struct game g;
    game_with_pieces(&g, BOARD_BASE, 4, 7);
    struct game_event ev[40];
    int n = 0;
    EV(EV_TURN, 2, -1, 14, 0);
    EV(EV_SETUP_RESOURCES, 1, -1, 0, 0)->res[RES_ORE] = 1;
    EV(EV_ROLL, 2, -1, 3, 5);
    EV(EV_PRODUCE, 0, -1, 0, 0)->res[RES_WOOD] = 2;
    ev[n - 1].res[RES_GRAIN] = 1;
    EV(EV_SHORTAGE, -1, -1, RES_BRICK, 0);
    EV(EV_SHORTAGE, -1, -1, RES_COUNT, 0); /* the gold owed */
    EV(EV_BUILD, 2, -1, BUILDING_SETTLEMENT, 11);
    EV(EV_BUILD, 2, -1, BUILDING_CITY, 29);
    EV(EV_BUILD, 2, -1, 3, 12);
    EV(EV_BUY_DEV, 2, -1, DEV_MONOPOLY, 0);
    EV(EV_PLAY_DEV, 2, -1, DEV_KNIGHT, 0);
    EV(EV_FREE_ROAD, 2, -1, 0, 13);
    EV(EV_PLENTY, 2, -1, 0, 0)->res[RES_ORE] = 2;
    EV(EV_MONOPOLY, 2, -1, 5, RES_WOOL);
    EV(EV_MONOPOLY_LOSS, 2, 3, 3, RES_WOOL);
    EV(EV_DISCARD_NEEDED, 3, -1, 4, 0);
    EV(EV_DISCARD, 3, -1, 0, 0)->res[RES_WOOL] = 4;
    EV(EV_ROBBER_NEEDED, 2, -1, 0, 0);
    EV(EV_ROBBER, 2, -1, 4, 0);
    EV(EV_STEAL, 2, 0, RES_GRAIN, 0);
    EV(EV_NO_STEAL, 2, -1, 0, 0);
    EV(EV_BANK_TRADE, 2, -1, 0, 0)->res[RES_WOOD] = 4;
    ev[n - 1].res2[RES_ORE] = 1;
    EV(EV_OFFER, 2, -1, 3, 0x3)->res[RES_WOOD] = 1;
    ev[n - 1].res2[RES_BRICK] = 2;
    EV(EV_OFFER_ACCEPT, 1, 2, 3, 0);
    EV(EV_OFFER_REJECT, 0, -1, 3, 0);
    EV(EV_TRADE, 2, 1, 3, 0)->res[RES_WOOD] = 1;
    ev[n - 1].res2[RES_BRICK] = 2;
    EV(EV_OFFER_CLOSED, 2, -1, 3, 0);
    EV(EV_LONGEST_ROAD, 2, 1, 6, 0);
    EV(EV_LONGEST_ROAD, -1, 2, 5, 0);
    EV(EV_LARGEST_ARMY, 2, -1, 3, 0);
    EV(EV_REROLL, 2, -1, 3, 4); /* house rules */
    EV(EV_HARBORMASTER, 2, -1, 3, 0);
    EV(EV_HARBORMASTER, 1, 2, 4, 0);
    EV(EV_HARBORMASTER, -1, 1, 0, 0);
    EV(EV_SPECIAL_BUILD, 3, -1, 0, 0);
    EV(EV_TIMEOUT, 3, -1, PHASE_DISCARD, 0);
    EV(EV_RESIGN, 3, -1, 0, 0);
    EV(EV_GAME_OVER, 2, -1, 10, 2);
    for (int color = 0; color < 2; color++) {
        struct render_style st;
        struct render_lines l;
        struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
        render_events(&g, &st, ev, n, &sink);
        finish_golden(color ? "events_color.txt" : "events_plain.txt", &l);
    }
    /* The same events, then the status, a hand, the board text, a corner and the summary, in
     * each other language: for review of the translations, and so they do not change unseen. */
    for (int lang = LANG_UK; lang < LANG_COUNT; lang++) {
        struct render_style st;
        struct render_lines l;
        struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, 0);
        st.lang = lang;
        render_events(&g, &st, ev, n, &sink);
        render_status(&g, &st, "1:20 left", &sink);
        render_hand(&g, &st, 0, &sink);
        render_board_text(&g, &st, &sink);
        render_spots(&g, &st, g.current, RENDER_SPOT_ALL, &sink);
        render_corner(&g, &st, 0, game_geo(&g)->hex_vertex[4][0], &sink);
        static const uint16_t rolls[11] = {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
        render_summary(&g, &st, 2710, rolls, &sink);
        char name[32];
        snprintf(name, sizeof name, "lang_%s.txt", i18n_code(lang));
        finish_golden(name, &l);
    }
}

/* The boards the drawing tests go through, with their players: base, big and the Seafarers
 * maps (sea hexes, several islands, gold fields on New Shores, fog). */
static const struct {
    int board;
    uint8_t players;
} drawn[] = {{BOARD_BASE, 4},           {BOARD_BIG, 6},           {BOARD_FOUR_ISLANDS_3, 3},
             {BOARD_FOUR_ISLANDS_4, 4}, {BOARD_NEW_SHORES_3, 3},  {BOARD_NEW_SHORES_4, 4},
             {BOARD_FOG_ISLANDS_3, 3},  {BOARD_FOG_ISLANDS_4, 4}, {BOARD_DESERT_3, 3},
             {BOARD_DESERT_4, 4},       {BOARD_NEW_WORLD_3, 3},   {BOARD_NEW_WORLD_4, 4}};
#define N_DRAWN ((int)(sizeof drawn / sizeof drawn[0]))

/* ---- limits over many boards and positions ---- */

static void test_limits_many_games(void **state)
{
    (void)state;
    static const char *const long_nicks[GAME_MAX_PLAYERS] = {"averyveryveryverylongnickname1",
                                                             "bé_ü_long_nick_with_utf8_ééé",
                                                             "c",
                                                             "Dave[away]",
                                                             "erin|phone",
                                                             "frank^^"};
    for (int b = 0; b < N_DRAWN; b++)
        for (uint64_t seed = 1; seed <= 40; seed++) {
            struct game g;
            deal_game(&g, drawn[b].board, drawn[b].players, seed);
            struct bw_rng rng;
            bw_rng_seed(&rng, seed);
            playout_game(&g, &rng, (long)(seed * 23 % 400));
            for (int color = 0; color < 2; color++)
                for (int names = 0; names < 2; names++) {
                    struct render_lines l;
                    render_lines_init(&l);
                    render_board_lines(&g, names ? long_nicks : nicks, color, &l);
                    check_board_limits(&l, drawn[b].board);
                    check_board_content(&g, &l);
                    render_lines_fini(&l);
                }
        }
}

/* How many harbor labels of type's kind ("3:1" for the generic harbor, else "2:1") l shows. */
static int count_labels(const struct render_lines *l, int type)
{
    char *text = join_lines(l);
    int n = count_str(text, type == HARBOR_GENERIC ? "3:1" : "2:1");
    free(text);
    return n;
}

/* Every harbor label fits its place whatever the harbor types, the longest included. */
static void test_harbor_labels_all_types(void **state)
{
    (void)state;
    for (int b = 0; b < N_DRAWN; b++)
        for (int type = 0; type <= HARBOR_GENERIC; type++) {
            struct game g;
            deal_game(&g, drawn[b].board, drawn[b].players, 3);
            for (int k = 0; k < BOARD_MAX_HARBORS; k++) /* the game's harbors, all of type */
                if (g.harbor[k] <= HARBOR_GENERIC)
                    g.harbor[k] = (uint8_t)type;
            struct render_style st;
            struct render_lines l;
            open_lines(&st, &l, "#catan", nicks, drawn[b].players, 0);
            draw_checked(&g, &st, &l);
            int placed = count_labels(&l, type);
            render_lines_fini(&l);
            /* In Ukrainian and Serbian too, every label finds its place. */
            for (int lang = LANG_UK; lang <= LANG_SR; lang++) {
                draw_in(&g, &st, lang, &l);
                check_geo_limits(&l, game_geo(&g));
                assert_int_equal(count_labels(&l, type), placed);
                render_lines_fini(&l);
            }
        }
}

/* The legend names every seat. */
static void test_legend(void **state)
{
    (void)state;
    struct game g;
    game_with_pieces(&g, BOARD_BIG, 6, 11);
    struct render_lines l;
    render_lines_init(&l);
    render_board_lines(&g, nicks, 0, &l);
    char *text = join_lines(&l);
    static const char *const items[] = {"a=alice", "b=bob",  "c=carol",
                                        "d=dave",  "e=erin", "f=frank"};
    for (int i = 0; i < 6; i++)
        assert_non_null(strstr(text, items[i]));
    free(text);
    render_lines_fini(&l);
}

/* A computer player's name has a space in it ("Ada (bot)"): in colour the legend gives the
 * whole name, letter and both words, one colour run, never one run per word; every event
 * line colours the whole name too. */
static void test_legend_robot_names(void **state)
{
    (void)state;
    static const char *const names[GAME_MAX_PLAYERS] = {
        "ann", "Ada (bot)", "Grace (bot)", "Edsger (bot)", "Alan (bot)", "Barbara (bot)"};
    for (int board = 0; board < 2; board++) {
        int n = board ? 6 : 4;
        struct game g;
        game_with_pieces(&g, board ? BOARD_BIG : BOARD_BASE, n, board ? 11 : 7);
        struct render_style st;
        struct render_lines l;
        struct render_sink sink = open_lines(&st, &l, "#catan", names, n, 1);
        render_board(&g, &st, &sink);
        char *text = join_lines(&l);
        for (int s = 0; s < n; s++) {
            char item[64];
            /* As join_lines shows it: bold, the seat's colour, the item, reset. */
            snprintf(item, sizeof item, "^B^C%02d%c=%s^O", render_seat_color(s), st.letter[s],
                     names[s]);
            if (!strstr(text, item)) {
                fputs(text, stderr);
                fail_msg("legend item for %s is not one colour run", names[s]);
            }
        }
        free(text);
        render_lines_fini(&l);

        struct game_event ev = {.type = EV_ROLL, .player = 1, .other = -1, .a = 3, .b = 4};
        render_lines_init(&l);
        render_events(&g, &st, &ev, 1, &sink);
        assert_int_equal(l.n, 1);
        char want[64];
        snprintf(want, sizeof want, "\x03%02d%s\x0f rolled 7 (3+4)", render_seat_color(1),
                 names[1]);
        assert_string_equal(l.v[0].text, want);
        render_lines_fini(&l);
    }
}

/* Every legend item is the whole nick, on every board: computer players' names with their
 * "(bot)", and nicks of 30 characters (a common limit of servers) within the drawing's
 * limits; longer ones whole too, the drawing then longer. */
static void test_legend_whole_nicks(void **state)
{
    (void)state;
    static const char *const robots[GAME_MAX_PLAYERS] = {
        "alice", "Grace (bot)", "Alan (bot)", "Barbara (bot)", "Edsger (bot)", "Ada (bot)"};
    static const char *const thirty[GAME_MAX_PLAYERS] = {
        "a23456789012345678901234567890", "b23456789012345678901234567890",
        "c23456789012345678901234567890", "d23456789012345678901234567890",
        "e23456789012345678901234567890", "f23456789012345678901234567890"};
    static const char *const *const sets[] = {robots, thirty, longest_nicks};
    static const int extra[][2] = {{BOARD_JUNGLE, 4}, {BOARD_RIVER, 4}};
    for (int b = 0; b < N_DRAWN + 2; b++) {
        int board = b < N_DRAWN ? drawn[b].board : extra[b - N_DRAWN][0];
        int players = b < N_DRAWN ? drawn[b].players : extra[b - N_DRAWN][1];
        struct game g;
        game_with_pieces(&g, board, players, 5);
        for (int set = 0; set < 3; set++)
            for (int color = 0; color < 2; color++) {
                struct render_style st;
                struct render_lines l;
                struct render_sink sink = open_lines(&st, &l, "#catan", sets[set], players, color);
                render_board(&g, &st, &sink);
                if (set < 2)
                    check_geo_limits(&l, game_geo(&g));
                check_board_content(&g, &l);
                static char text[1 << 15];
                size_t n = 0;
                for (int i = 0; i < l.n; i++) {
                    strip_codes(l.v[i].text, text + n, sizeof text - n - 2);
                    n += strlen(text + n);
                    text[n++] = '\n';
                }
                text[n] = '\0';
                for (int s = 0; s < players; s++) {
                    char item[RENDER_NICK_MAX + 8];
                    snprintf(item, sizeof item, "%c=%s", st.letter[s], sets[set][s]);
                    if (!strstr(text, item)) {
                        fputs(text, stderr);
                        fail_msg("board %d: legend item %s not whole", board, item);
                    }
                }
                render_lines_fini(&l);
            }
    }
}

/* Long lists are split into lines that each start with the prefix again. */
static void test_long_lists_split(void **state)
{
    (void)state;
    struct game g;
    game_with_pieces(&g, BOARD_BIG, 6, 11);
    char chan[RENDER_CHAN_MAX + 1];
    longest_chan(chan);
    /* Many roads, so the buildings list is long too. */
    const struct board_geo *geo = game_geo(&g);
    for (int e = 0; e < geo->n_edges; e++)
        if (g.edge_owner[e] < 0)
            g.edge_owner[e] = (int8_t)(e % 6);
    game_reindex(&g);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, chan, longest_nicks, 6, 1);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, "0:05 left", &sink);
    g.phase = PHASE_SETUP_SETTLEMENT;
    memset(g.vertex_owner, -1, sizeof g.vertex_owner);
    game_reindex(&g);
    g.current = 2;
    render_spots(&g, &st, 2, RENDER_SPOT_ALL, &sink);
    check_lines(&l);
    int hexes = 0, buildings = 0, spots = 0;
    char prefix[RENDER_CHAN_MAX + 32];
    for (int i = 0; i < l.n; i++) {
        const char *t = l.v[i].text;
        snprintf(prefix, sizeof prefix, "%s hexes: ", chan);
        hexes += !strncmp(t, prefix, strlen(prefix));
        snprintf(prefix, sizeof prefix, "%s buildings: ", chan);
        if (!strncmp(t, prefix, strlen(prefix))) {
            buildings++;
            /* A continuation still says whose pieces these are. */
            if (!(t[strlen(prefix)] >= 'a' && t[strlen(prefix)] <= 'f'))
                fail_msg("continuation: %s", t);
        }
        snprintf(prefix, sizeof prefix, "%s spots: settlement ", chan);
        spots += !strncmp(t, prefix, strlen(prefix));
    }
    assert_int_equal(hexes, 1);
    assert_true(buildings >= 2);
    assert_true(spots >= 1);
    render_lines_fini(&l);
}

/* ---- the fixed forms ---- */

static void test_hand_forms(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_BASE, 4, 1);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 1);
    give_sample_hand(&g, 1);
    render_hand(&g, &st, 1, &sink);
    render_hand(&g, &st, 0, &sink);
    g.p[2].res[RES_ORE] = 1;
    render_hand(&g, &st, 2, &sink);
    assert_int_equal(l.n, 3);
    assert_int_equal(l.v[0].to, 1);
    assert_string_equal(l.v[0].text, "#chan hand: 2 wood, 1 brick, 3 grain, 1 ore (7 cards) | "
                                     "dev: knight, monopoly | new: victory");
    assert_int_equal(l.v[1].to, 0);
    assert_string_equal(l.v[1].text, "#chan hand: (0 cards)");
    assert_string_equal(l.v[2].text, "#chan hand: 1 ore (1 cards)");
    render_lines_fini(&l);
}

static void test_spots_forms(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_BASE, 4, 1);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 0);
    /* Setup: every vertex is free for the first settlement; others wait. */
    render_spots(&g, &st, 0, RENDER_SPOT_ALL, &sink);
    render_spots(&g, &st, 1, RENDER_SPOT_ALL, &sink);
    assert_int_equal(l.n, 2);
    assert_int_equal(l.v[0].to, 0);
    /* Every one of the 54 corners, once each (best first: test_bot_table checks the order). */
    const char *head = "#chan spots: settlement ";
    assert_true(!strncmp(l.v[0].text, head, strlen(head)));
    assert_null(strchr(l.v[0].text, '|'));
    int listed[55] = {0}, n = 0, v, used;
    for (const char *q = l.v[0].text + strlen(head); sscanf(q, "%d%n", &v, &used) == 1; q += used) {
        assert_true(v >= 1 && v <= 54 && !listed[v]);
        listed[v] = 1;
        n++;
    }
    assert_int_equal(n, 54);
    assert_int_equal(l.v[1].to, 1);
    assert_string_equal(l.v[1].text, "#chan spots: none");

    /* After the settlement at 12 (index 11), the setup road must touch it. */
    settle_in_setup(&g, 11);
    render_spots(&g, &st, 0, RENDER_SPOT_ALL, &sink);
    assert_string_equal(l.v[2].text, "#chan spots: road 8-12 12-17");

    /* The main phase: settlements, roads and cities in the order of SPEC §5. */
    struct game h;
    game_with_pieces(&h, BOARD_BASE, 4, 7);
    h.phase = PHASE_MAIN;
    render_spots(&h, &st, h.current, RENDER_SPOT_ALL, &sink);
    const char *t = l.v[3].text;
    assert_true(!strncmp(t, "#chan spots: ", 13));
    assert_non_null(strstr(t, "road "));
    const char *city = strstr(t, " | city ");
    const char *road = strstr(t, "road ");
    assert_true(road && (!city || city > road));
    render_spots(&h, &st, h.current, RENDER_SPOT_CITY, &sink);
    assert_null(strstr(l.v[4].text, "road"));
    render_lines_fini(&l);
}

static void test_board_text_forms(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_BASE, 3, 1);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 3, 1);
    render_board_text(&g, &st, &sink);
    assert_int_equal(l.n, 3);
    assert_true(!strncmp(l.v[0].text, "#chan hexes: A ", 15));
    assert_non_null(strstr(l.v[0].text, " desert robber"));
    assert_true(!strncmp(l.v[1].text, "#chan harbors: ", 15));
    assert_string_equal(l.v[2].text, "#chan buildings: none");
    for (int i = 0; i < 3; i++) {
        assert_int_equal(l.v[i].to, RENDER_PUBLIC);
        assert_null(strchr(l.v[i].text, '\x03')); /* fixed forms carry no colour */
    }
    render_lines_fini(&l);
    /* Buildings grouped by player and kind. */
    memset(g.vertex_owner, -1, sizeof g.vertex_owner);
    memset(g.edge_owner, -1, sizeof g.edge_owner);
    g.vertex_owner[11] = 0;
    g.vertex_building[11] = BUILDING_SETTLEMENT;
    g.vertex_owner[29] = 0;
    g.vertex_building[29] = BUILDING_CITY;
    g.edge_owner[board_edge_between(game_geo(&g), 11, 16)] = 0;
    g.vertex_owner[40] = 2;
    g.vertex_building[40] = BUILDING_SETTLEMENT;
    game_reindex(&g);
    render_lines_init(&l);
    render_board_text(&g, &st, &sink);
    assert_string_equal(
        l.v[2].text,
        "#chan buildings: alice settlement 12 city 30 road 12-17; carol settlement 41");
    render_lines_fini(&l);
}

/* Whether a building of g stands on a neighbour of vertex v of geo (the distance rule). */
static int building_next_to(const struct game *g, const struct board_geo *geo, int v)
{
    int near = 0;
    for (int i = 0; i < 3; i++)
        near |= geo->vertex_vertex[v][i] >= 0 && g->vertex_owner[geo->vertex_vertex[v][i]] >= 0;
    return near;
}

/* Heading for New Shores for 4 players, the biggest map required (42 hexes, 7 rows of 6, 110
 * corners), built with its gold fields taken for mountains until gold is played: a board dealt
 * by hand from its pools, since no game can be set up on it yet. */
static void new_shores_board(struct board_geo *geo, struct game *g)
{
    static struct board_setup setup;
    static char text[MAP_MAX_TEXT];
    char err[256];
    const struct map_builtin *b = map_builtin("new_shores_4");
    assert_non_null(b);
    assert_true(b->len < sizeof text);
    int in_grid = 0;
    for (size_t k = 0; k < b->len; k++) {
        char c = b->text[k];
        if (c == '\n' && k + 5 <= b->len && !memcmp(b->text + k + 1, "grid", 4))
            in_grid = 1;
        if (c == '\n' && k + 4 <= b->len && !memcmp(b->text + k + 1, "end", 3))
            in_grid = 0;
        text[k] = in_grid && c == 'G' ? 'M' : c;
    }
    struct map m;
    if (map_parse(text, b->len, "new_shores_4", &m, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(board_build(geo, &setup, BOARD_NEW_SHORES_4, &m), 0);
    assert_int_equal(geo->n_hexes, 42);
    assert_int_equal(geo->n_vertices, 110);

    memset(g, 0, sizeof *g);
    g->opt.n_players = 4;
    g->opt.board = BOARD_NEW_SHORES_4;
    memset(g->vertex_owner, -1, sizeof g->vertex_owner);
    memset(g->edge_owner, -1, sizeof g->edge_owner);
    g->robber = -1;
    int terrains = 0, tokens = 0, harbors = 0;
    for (int h = 0; h < geo->n_hexes; h++) {
        int t = setup.hex_terrain[h];
        g->terrain[h] = (uint8_t)(t == BOARD_POOL ? setup.terrains[terrains++] : t);
        g->token[h] = setup.hex_token[h];
        if (g->terrain[h] < TERRAIN_DESERT && !g->token[h])
            g->token[h] = setup.tokens[tokens++];
        if (g->terrain[h] == TERRAIN_DESERT)
            g->robber = (int8_t)h;
    }
    assert_int_equal(terrains, setup.n_terrains);
    assert_int_equal(tokens, setup.n_tokens);
    assert_true(g->robber >= 0);
    for (int k = 0; k < geo->n_harbors; k++) {
        int t = setup.harbor_type[k];
        g->harbor[k] = (uint8_t)(t == BOARD_POOL ? setup.harbors[harbors++] : t);
    }
    /* Buildings and roads on corners of three digits, the owner's letter before the number. */
    for (int v = 99, p = 0; v < geo->n_vertices && p < 4; v++) {
        if (building_next_to(g, geo, v) || !(geo->vertex_land_bits[v >> 6] >> (v & 63) & 1))
            continue;
        g->vertex_owner[v] = (int8_t)p;
        g->vertex_building[v] = p == 1 ? BUILDING_CITY : BUILDING_SETTLEMENT;
        g->edge_owner[geo->vertex_edge[v][0]] = (int8_t)p;
        p++;
    }
}

/* The biggest map keeps within 30 lines of at most 100 columns and shows every hex letter,
 * every corner number and every harbor, whatever the harbors' types and in both modes. */
static void test_biggest_sea_map(void **state)
{
    (void)state;
    static struct board_geo geo;
    struct game g;
    new_shores_board(&geo, &g);
    int cols, rows;
    render_board_limits(&geo, &cols, &rows);
    assert_int_equal(cols, 100);
    assert_int_equal(rows, 30);
    assert_int_equal(RENDER_SEA_COLS, 100);
    assert_int_equal(RENDER_SEA_ROWS, 30);
    for (int type = -1; type <= HARBOR_GENERIC; type++)
        for (int color = 0; color < 2; color++) {
            if (type >= 0)
                memset(g.harbor, type, sizeof g.harbor);
            struct render_style st;
            struct render_lines l;
            struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
            render_board_geo(&g, &geo, &st, &sink);
            check_geo_limits(&l, &geo);
            check_geo_content(&geo, &l, geo.n_harbors);
            if (type < 0 && !color) {
                char *text = join_lines(&l);
                /* the waves and a sea letter among them; corners of three digits with their
                 * owners (a settlement, a city) */
                assert_non_null(strstr(text, "| ~  AK ~ ~ |"));
                assert_non_null(strstr(text, "a100"));
                assert_non_null(strstr(text, "B101"));
                free(text);
            }
            render_lines_fini(&l);
        }
}

/* The list form on a map with sea: the land in the hexes line, then a sea line naming every
 * sea hex by its letter; both read from the same geometry as the drawing. */
static void test_board_text_sea(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_FOUR_ISLANDS_4, 4, 1);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 1);
    render_board_text(&g, &st, &sink);
    assert_int_equal(l.n, 4);
    assert_true(!strncmp(l.v[0].text, "#chan hexes: ", 13));
    assert_null(strstr(l.v[0].text, "sea"));
    /* The pirate starts in the middle of the sea, named after its hex as the robber is. */
    assert_string_equal(l.v[1].text, "#chan sea: C, H, M, P, Q, R pirate, S, T, W, AB, AG, AI");
    assert_true(!strncmp(l.v[2].text, "#chan harbors: ", 15));
    assert_string_equal(l.v[3].text, "#chan buildings: none");
    int items = 1;
    for (const char *p = l.v[0].text; (p = strstr(p, ", ")); p++)
        items++;
    assert_int_equal(items, game_geo(&g)->n_land);
    for (int i = 0; i < l.n; i++)
        assert_null(strchr(l.v[i].text, '\x03'));
    render_lines_fini(&l);

    /* The biggest map: 28 land hexes in the hexes line, 14 sea hexes, 42 in all. */
    static struct board_geo geo;
    new_shores_board(&geo, &g);
    render_lines_init(&l);
    render_board_text_geo(&g, &geo, &st, &sink);
    check_lines(&l);
    int land = 0, sea = 0;
    for (int i = 0; i < l.n; i++) {
        const char *t = l.v[i].text;
        int hexes = !strncmp(t, "#chan hexes: ", 13), sea_line = !strncmp(t, "#chan sea: ", 11);
        if (!hexes && !sea_line)
            continue;
        int n = 1;
        for (const char *p = t; (p = strstr(p, ", ")); p++)
            n++;
        *(hexes ? &land : &sea) += n;
    }
    assert_int_equal(land, geo.n_land);
    assert_int_equal(sea, geo.n_hexes - geo.n_land);
    assert_int_equal(land + sea, 42);
    render_lines_fini(&l);

    /* A board of land only has no sea line. */
    deal_game(&g, BOARD_BASE, 4, 1);
    render_lines_init(&l);
    render_board_text(&g, &st, &sink);
    assert_int_equal(l.n, 3);
    for (int i = 0; i < l.n; i++)
        assert_null(strstr(l.v[i].text, "sea:"));
    render_lines_fini(&l);
}

static void test_dice_and_win_lines(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_BASE, 4, 1);
    struct game_event ev[2];
    int n = 0;
    EV(EV_ROLL, 1, 0, 6, 6);
    EV(EV_GAME_OVER, 1, 0, 10, 0);
    for (int color = 0; color < 2; color++) {
        struct render_style st;
        struct render_lines l;
        struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, color);
        render_events(&g, &st, ev, n, &sink);
        assert_int_equal(l.n, 2);
        assert_non_null(strstr(l.v[0].text, "rolled 12"));
        assert_non_null(strstr(l.v[1].text, "bob wins with 10 victory points"));
        render_lines_fini(&l);
    }
}

/* ---- hidden information ---- */

static int names_any(const char *text, const char *(*name)(int), int n)
{
    char plain[RENDER_LINE_MAX + 1];
    strip_codes(text, plain, sizeof plain);
    for (int i = 0; i < n; i++)
        if (strstr(plain, name(i)))
            return 1;
    return 0;
}

static void test_private_steal_and_dev(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_BASE, 4, 1);
    struct render_style st;
    render_style_init(&st, "#chan", nicks, 4, 1);
    for (int res = 0; res < RES_COUNT; res++) {
        struct game_event e = {.type = EV_STEAL, .player = 2, .other = 0, .a = (int16_t)res};
        struct render_lines l;
        render_lines_init(&l);
        struct render_sink sink = render_lines_sink(&l);
        render_events(&g, &st, &e, 1, &sink);
        int seen_thief = 0, seen_victim = 0;
        for (int i = 0; i < l.n; i++) {
            const char *t = l.v[i].text;
            if (l.v[i].to == RENDER_PUBLIC) {
                assert_false(names_any(t, render_res_name, RES_COUNT));
            } else {
                assert_true(l.v[i].to == 2 || l.v[i].to == 0);
                assert_non_null(strstr(t, render_res_name(res)));
                seen_thief |= l.v[i].to == 2;
                seen_victim |= l.v[i].to == 0;
            }
        }
        assert_true(seen_thief && seen_victim);
        render_lines_fini(&l);
    }
    for (int card = 0; card < DEV_COUNT; card++) {
        struct game_event e = {.type = EV_BUY_DEV, .player = 3, .other = -1, .a = (int16_t)card};
        struct render_lines l;
        render_lines_init(&l);
        struct render_sink sink = render_lines_sink(&l);
        render_events(&g, &st, &e, 1, &sink);
        assert_int_equal(l.n, 2);
        assert_int_equal(l.v[0].to, RENDER_PUBLIC);
        assert_false(names_any(l.v[0].text, render_dev_name, DEV_COUNT));
        assert_false(strstr(l.v[0].text, "road building") || strstr(l.v[0].text, "year of"));
        assert_int_equal(l.v[1].to, 3);
        render_lines_fini(&l);
    }
}

/* Whole random games: no public line ever names a bought card or a stolen one, and every line
 * of every reply keeps the limits. */
static void test_private_in_playouts(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        int board = seed % 2 ? BOARD_BASE : BOARD_BIG, players = board ? 5 : 4;
        struct game g;
        deal_game(&g, board, players, seed);
        struct bw_rng rng;
        bw_rng_seed(&rng, seed * 7);
        struct render_style st;
        render_style_init(&st, "#catan", nicks, players, (int)(seed % 3 == 0));
        int steals = 0, buys = 0;
        for (int step = 0; step < 3000 && g.phase != PHASE_OVER; step++) {
            struct game_action a;
            if (playout_choose(&g, &rng, &a) != BW_OK)
                break;
            struct game_event ev[GAME_MAX_EVENTS];
            int n = 0;
            if (game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n) != BW_OK)
                continue;
            for (int i = 0; i < n; i++) {
                struct render_lines l;
                render_lines_init(&l);
                struct render_sink sink = render_lines_sink(&l);
                render_events(&g, &st, &ev[i], 1, &sink);
                check_lines(&l);
                for (int k = 0; k < l.n; k++) {
                    if (l.v[k].to != RENDER_PUBLIC) {
                        assert_true(ev[i].type == EV_BUY_DEV || ev[i].type == EV_STEAL);
                        assert_true(l.v[k].to == ev[i].player || l.v[k].to == ev[i].other);
                        continue;
                    }
                    if (ev[i].type == EV_BUY_DEV)
                        assert_false(names_any(l.v[k].text, render_dev_name, DEV_COUNT));
                    if (ev[i].type == EV_STEAL)
                        assert_false(names_any(l.v[k].text, render_res_name, RES_COUNT));
                }
                steals += ev[i].type == EV_STEAL;
                buys += ev[i].type == EV_BUY_DEV;
                render_lines_fini(&l);
            }
            if (step % 97 == 0) {
                struct render_lines l;
                render_lines_init(&l);
                struct render_sink sink = render_lines_sink(&l);
                render_table(&g, &st, "2:00 left", &sink);
                check_lines(&l);
                for (int k = 0; k < l.n; k++)
                    if (!strstr(l.v[k].text, " hand: ") && !strstr(l.v[k].text, " spots: "))
                        assert_int_equal(l.v[k].to, RENDER_PUBLIC);
                    else
                        assert_true(l.v[k].to >= 0);
                render_lines_fini(&l);
            }
        }
        (void)steals;
        (void)buys;
    }
}

/* ---- Seafarers: ships, the pirate, the longest trade route, island points ---- */

/* "12-13" for an edge, as the renderer writes it. */
static const char *edge_name_of(const struct board_geo *geo, int e, char *buf)
{
    snprintf(buf, 8, "%d-%d", geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
    return buf;
}

static void give_ship(struct game *g, int p, int e)
{
    g->edge_owner[e] = (int8_t)p;
    g->ships[e >> 6] |= 1ull << (e & 63);
    g->p[p].ships++;
    game_reindex(g);
}

/* The Four Islands after the setup (which may already place ships), in bob's main phase: bob
 * sails further (vertical sides first, so the drawing shows both kinds of ship), carol has a
 * settlement on an island that is not hers (2 island points), the pirate has moved and bob
 * holds the longest trade route. Set directly: the renderer only reads the state. */
static void sea_game_with_ships(struct game *g)
{
    game_with_pieces(g, BOARD_FOUR_ISLANDS_4, 4, 5);
    const struct board_geo *geo = game_geo(g);
    g->phase = PHASE_MAIN;
    g->current = 1;
    g->rolled = 1;
    g->dice[0] = 2;
    g->dice[1] = 4;
    for (int k = 0; k < 5; k++) {
        int pick = -1;
        for (int e = 0; e < geo->n_edges; e++) {
            if (!game_can_ship(g, 1, e))
                continue;
            int vertical =
                geo->vertex_x[geo->edge_vertex[e][0]] == geo->vertex_x[geo->edge_vertex[e][1]];
            if (pick < 0 || vertical) {
                pick = e;
                if (vertical)
                    break;
            }
        }
        assert_true(pick >= 0);
        give_ship(g, 1, pick);
    }
    for (int v = 0; v < geo->n_vertices; v++) {
        int island = geo->vertex_island[v];
        if (island < 0 || building_next_to(g, geo, v) || g->vertex_owner[v] >= 0 ||
            (g->p[2].home_islands >> island & 1) || geo->vertex_hex_count[v] < 2)
            continue;
        g->vertex_owner[v] = 2;
        g->vertex_building[v] = BUILDING_SETTLEMENT;
        g->p[2].settlements++;
        break;
    }
    game_reindex(g);
    assert_int_equal(game_island_points(g, 2), 2);
    g->pirate = 7; /* H */
    for (int p = 0; p < 4; p++)
        g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
    g->longest_road = 1;
}

static void sea_golden_case(int color, const char *name)
{
    struct game g;
    sea_game_with_ships(&g);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    /* Ships (in angle brackets, also on a vertical side), roads, the pirate and the robber. */
    char want[8];
    snprintf(want, sizeof want, "<%c>", st.letter[1]);
    assert_non_null(strstr(board, want));
    assert_non_null(strstr(board, color ? "H ^B^C00,02pirate^O" : "H pirate"));
    assert_non_null(strstr(board, "rob"));
    free(board);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, NULL, &sink);
    render_spots(&g, &st, 1, RENDER_SPOT_ALL, &sink);
    uint16_t rolls[11] = {0, 1, 2, 3, 4, 5, 4, 3, 2, 1, 0};
    render_summary(&g, &st, 1800, rolls, &sink);
    check_lines(&l);
    char *text = join_lines(&l);
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

/* The Four Islands with ships of several players, roads, buildings, the robber and the pirate:
 * the drawing, the lists, the status, the spots and the points at the end. */
GOLDEN_PAIR(sea_ships, sea_golden_case, "board_four_islands_4_ships")

/* Every Seafarers event, line for line, and the robber's words kept on the base board. */
static void test_sea_events(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_FOUR_ISLANDS_4, 4, 1);
    struct game_event ev[16];
    int n = 0;
    EV(EV_BUILD, 2, -1, PIECE_SHIP, th_edge(&g, 38, 43));
    EV(EV_BUILD, 2, -1, PIECE_ROAD, th_edge(&g, 2, 7));
    EV(EV_FREE_ROAD, 2, -1, PIECE_SHIP, th_edge(&g, 1, 6));
    EV(EV_FREE_ROAD, 2, -1, PIECE_ROAD, th_edge(&g, 2, 7));
    EV(EV_MOVE_SHIP, 2, -1, th_edge(&g, 38, 43), th_edge(&g, 43, 49));
    EV(EV_ROBBER_NEEDED, 2, -1, 0, 0);
    EV(EV_PIRATE, 2, -1, 17, 0);
    EV(EV_STEAL, 2, 0, RES_GRAIN, 0);
    EV(EV_PIRATE, 2, -1, 7, 0);
    EV(EV_NO_STEAL, 2, -1, 0, 0);
    EV(EV_ISLAND, 2, -1, 1, 2);
    EV(EV_ISLAND, 3, -1, 2, 1);
    EV(EV_LONGEST_ROAD, 2, 1, 6, 0);
    EV(EV_LONGEST_ROAD, -1, 2, 5, 0);
    static const struct {
        int to;
        const char *text;
    } want[] = {
        {RENDER_PUBLIC, "carol built a ship at 38-43"},
        {RENDER_PUBLIC, "carol built a road at 2-7"},
        {RENDER_PUBLIC, "carol places a free ship at 1-6"},
        {RENDER_PUBLIC, "carol places a free road at 2-7"},
        {RENDER_PUBLIC, "carol moved a ship from 38-43 to 43-49"},
        {RENDER_PUBLIC,
         "carol must move the robber or the pirate (!robber HEX [NICK] or !pirate HEX [NICK])"},
        {RENDER_PUBLIC, "carol moved the pirate to R"},
        {RENDER_PUBLIC, "carol stole a card from alice"},
        {2, "#catan you stole 1 grain from alice"},
        {0, "#catan carol stole 1 grain from you"},
        {RENDER_PUBLIC, "carol moved the pirate to H"},
        {RENDER_PUBLIC, "nobody to steal from"},
        {RENDER_PUBLIC, "carol settled a new island: +2 points"},
        {RENDER_PUBLIC, "dave settled a new island: +1 point"},
        {RENDER_PUBLIC, "carol now holds the longest trade route (6), taken from bob"},
        {RENDER_PUBLIC,
         "the longest trade route card is set aside: nobody has a single longest trade route"},
    };
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, 0);
    render_events(&g, &st, ev, n, &sink);
    check_lines(&l);
    assert_int_equal(l.n, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < l.n; i++) {
        assert_int_equal(l.v[i].to, want[i].to);
        assert_string_equal(l.v[i].text, want[i].text);
    }
    render_lines_fini(&l);

    /* In colour the nick takes its colour, as in every other event line. */
    render_style_init(&st, "#catan", nicks, 4, 1);
    render_lines_init(&l);
    render_events(&g, &st, &ev[6], 1, &sink);
    assert_int_equal(l.n, 1);
    assert_string_equal(l.v[0].text, "\x03"
                                     "03carol\x0f moved the pirate to R");
    render_lines_fini(&l);

    /* The base board keeps the words of the base game. */
    struct game b;
    deal_game(&b, BOARD_BASE, 4, 1);
    render_style_init(&st, "#catan", nicks, 4, 0);
    render_lines_init(&l);
    render_events(&b, &st, &ev[5], 1, &sink);
    render_events(&b, &st, &ev[12], 2, &sink);
    assert_int_equal(l.n, 3);
    assert_string_equal(l.v[0].text, "carol must move the robber (!robber HEX [NICK])");
    assert_string_equal(l.v[1].text, "carol now holds the longest road (6), taken from bob");
    assert_string_equal(l.v[2].text,
                        "the longest road card is set aside: nobody has a single longest road");
    render_lines_fini(&l);
}

/* The buildings list: ships after the roads, with the same separators. */
static void test_board_text_ships(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_FOUR_ISLANDS_4, 4, 1);
    g.vertex_owner[5] = 0;
    g.vertex_building[5] = BUILDING_SETTLEMENT;
    g.edge_owner[th_edge(&g, 2, 7)] = 0;
    give_ship(&g, 0, th_edge(&g, 1, 6));
    give_ship(&g, 1, th_edge(&g, 5, 10));
    give_ship(&g, 1, th_edge(&g, 38, 43));
    game_reindex(&g);
    g.pirate = 12; /* M */
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 1);
    render_board_text(&g, &st, &sink);
    assert_int_equal(l.n, 4);
    assert_string_equal(l.v[1].text, "#chan sea: C, H, M pirate, P, Q, R, S, T, W, AB, AG, AI");
    assert_string_equal(
        l.v[3].text, "#chan buildings: alice settlement 6 road 2-7 ship 1-6; bob ship 5-10 38-43");
    render_lines_fini(&l);
}

/* Spots with ships: "| ship A-B C-D" right after the roads, exactly the edges the engine allows;
 * a kind with no spot left out; the setup road may be a ship on the coast. */
static void test_spots_ships(void **state)
{
    (void)state;
    struct game g;
    sea_game_with_ships(&g);
    const struct board_geo *geo = game_geo(&g);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 0);
    memset(g.p[1].res, 4, sizeof g.p[1].res); /* every piece paid for */
    char want[RENDER_LINE_MAX + 1] = "#chan spots: ship", edge[8];
    for (int e = 0; e < geo->n_edges; e++)
        if (game_can_ship(&g, 1, e)) {
            strcat(want, " ");
            strcat(want, edge_name_of(geo, e, edge));
        }
    assert_true(strlen(want) > strlen("#chan spots: ship"));
    render_spots(&g, &st, 1, RENDER_SPOT_SHIP, &sink);
    render_spots(&g, &st, 1, RENDER_SPOT_ALL, &sink);
    render_spots(&g, &st, 0, RENDER_SPOT_SHIP, &sink); /* not alice's move */
    assert_int_equal(l.n, 3);
    assert_string_equal(l.v[0].text, want);
    const char *all = l.v[1].text, *road = strstr(all, "road "), *ship = strstr(all, " | ship ");
    const char *city = strstr(all, " | city ");
    assert_non_null(ship);
    assert_true(!road || road < ship);
    assert_true(!city || city > ship);
    assert_non_null(strstr(all, want + strlen("#chan spots: ")));
    assert_string_equal(l.v[2].text, "#chan spots: none");
    render_lines_fini(&l);

    /* No ship left in the supply: the kind is left out. */
    g.p[1].ships = GAME_SHIPS;
    render_lines_init(&l);
    render_spots(&g, &st, 1, RENDER_SPOT_SHIP, &sink);
    assert_string_equal(l.v[0].text, "#chan spots: none");
    render_lines_fini(&l);

    /* Setup on the coast: the road that follows the settlement may be a ship. */
    struct game s;
    deal_game(&s, BOARD_FOUR_ISLANDS_4, 4, 1);
    settle_in_setup(&s, 5); /* 6: A's west corner, on the coast */
    render_lines_init(&l);
    render_spots(&s, &st, s.current, RENDER_SPOT_ALL, &sink);
    assert_int_equal(l.n, 1);
    const char *t = l.v[0].text;
    assert_true(!strncmp(t, "#chan spots: road ", 18));
    assert_non_null(strstr(t, " | ship "));
    assert_non_null(strstr(t, "6-12"));
    render_lines_fini(&l);
}

/* The status on a map with sea: trade routes, ships, island points, the pirate's hex; who must
 * move the robber or the pirate. */
static void test_status_sea(void **state)
{
    (void)state;
    struct game g;
    sea_game_with_ships(&g);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 0);
    render_status(&g, &st, NULL, &sink);
    g.phase = PHASE_ROBBER;
    render_status(&g, &st, NULL, &sink);
    check_lines(&l);
    assert_int_equal(l.n, 6);
    char item[64];
    snprintf(item, sizeof item, "bob %d VP,", game_vp_public(&g, 1));
    assert_non_null(strstr(l.v[1].text, item));
    snprintf(item, sizeof item, "trade route %d, %d ships", g.p[1].road_length, g.p[1].ships);
    assert_non_null(strstr(l.v[1].text, item));
    assert_non_null(strstr(l.v[1].text, ", 2 island points"));
    assert_null(strstr(l.v[1].text, "road "));
    snprintf(item, sizeof item, "longest trade route: bob (%d)", g.p[1].road_length);
    assert_non_null(strstr(l.v[2].text, item));
    assert_non_null(strstr(l.v[2].text, " | pirate on H"));
    assert_non_null(strstr(l.v[3].text, "bob moves the robber or the pirate"));
    render_lines_fini(&l);
}

/* SPEC §6 with the longest nicks and channel on a map with sea: ships on every sea edge, so the
 * lists are long; every line within the limits, a split buildings line still says whose and
 * what; the drawing keeps within its lines and columns and shows every harbor. */
static void test_sea_line_limits(void **state)
{
    (void)state;
    char chan[RENDER_CHAN_MAX + 1];
    longest_chan(chan);
    for (int b = 0; b < N_DRAWN; b++) {
        if (drawn[b].board < BOARD_KIND_COUNT)
            continue;
        struct game g;
        game_with_pieces(&g, drawn[b].board, drawn[b].players, 9);
        const struct board_geo *geo = game_geo(&g);
        for (int e = 0, k = 0; e < geo->n_edges; e++)
            if (g.edge_owner[e] < 0 && (geo->edge_sea_bits[e >> 6] >> (e & 63) & 1))
                give_ship(&g, k++ % drawn[b].players, e);
        g.phase = PHASE_MAIN;
        g.p[1].road_length = 40;
        g.longest_road = 1;
        for (int color = 0; color < 2; color++) {
            struct render_style st;
            struct render_lines l;
            struct render_sink sink =
                open_lines(&st, &l, chan, longest_nicks, drawn[b].players, color);
            draw_checked(&g, &st, &l);
            render_lines_fini(&l);

            render_lines_init(&l);
            render_board_text(&g, &st, &sink);
            render_status(&g, &st, "0:05 left", &sink);
            render_spots(&g, &st, g.current, RENDER_SPOT_ALL, &sink);
            uint16_t rolls[11] = {0};
            render_summary(&g, &st, 100, rolls, &sink);
            struct game_event ev[4];
            int n = 0;
            EV(EV_MOVE_SHIP, 1, 0, 0, geo->n_edges - 1);
            EV(EV_PIRATE, 1, 0, 7, 0);
            EV(EV_ISLAND, 1, 0, 0, 2);
            EV(EV_LONGEST_ROAD, 1, 0, 40, 0);
            render_events(&g, &st, ev, n, &sink);
            check_lines(&l);
            char prefix[RENDER_CHAN_MAX + 32];
            snprintf(prefix, sizeof prefix, "%s buildings: ", chan);
            int buildings = 0, ship_heads = 0;
            for (int i = 0; i < l.n; i++) {
                const char *t = l.v[i].text;
                if (strncmp(t, prefix, strlen(prefix)))
                    continue;
                buildings++;
                if (!(t[strlen(prefix)] >= 'a' && t[strlen(prefix)] <= 'd'))
                    fail_msg("continuation: %s", t);
                ship_heads += strstr(t, " ship ") != NULL;
            }
            assert_true(buildings >= 2);
            assert_true(ship_heads >= 1);
            render_lines_fini(&l);
        }
    }
}

/* ---- Seafarers: gold fields ---- */

/* The first hex of terrain t on g's board. */
static int hex_of_terrain(const struct game *g, int t)
{
    for (int h = 0; h < game_geo(g)->n_hexes; h++)
        if (g->terrain[h] == t)
            return h;
    fail_msg("no hex of terrain %d", t);
    return -1;
}

/* The gold events line for line, all public like the discards they mirror (the cards taken are
 * no secret: they come from the bank in sight of all); the robber on a gold field names it. */
static void test_gold_events(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_NEW_SHORES_4, 4, 1);
    int gold = hex_of_terrain(&g, TERRAIN_GOLD);
    struct game_event ev[16];
    int n = 0;
    EV(EV_GOLD_NEEDED, 1, -1, 2, 0);
    EV(EV_GOLD_NEEDED, 3, -1, 1, 0);
    EV(EV_GOLD_NEEDED, 0, -1, 4, 0);
    EV(EV_GOLD_NEEDED, 2, -1, 6, 0);
    EV(EV_GOLD, 1, -1, 0, 0)->res[RES_ORE] = 1;
    ev[n - 1].res[RES_WOOL] = 1;
    EV(EV_GOLD, 3, -1, 0, 0)->res[RES_GRAIN] = 1;
    EV(EV_GOLD, 2, -1, 0, 0)->res[RES_BRICK] = 6;
    EV(EV_ROBBER, 2, -1, gold, 0);
    EV(EV_TIMEOUT, 3, -1, PHASE_GOLD, 0);
    char name[4], robber[64];
    board_hex_name(gold, name);
    snprintf(robber, sizeof robber, "carol moved the robber to %s (gold %d)", name, g.token[gold]);
    const char *const want[] = {
        "bob chooses 2 cards from the gold fields: !gold RES RES",
        "dave chooses 1 card from the gold fields: !gold RES",
        "alice chooses 4 cards from the gold fields: !gold RES RES RES RES",
        "carol chooses 6 cards from the gold fields: !gold RES ... (counts allowed, e.g. 2 ore 1 "
        "wool)",
        "bob took 1 wool, 1 ore from the gold fields",
        "dave took 1 grain from the gold fields",
        "carol took 6 brick from the gold fields",
        robber,
        "time is up for dave: the game acted in their place",
    };
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, 0);
    render_events(&g, &st, ev, n, &sink);
    check_lines(&l);
    assert_int_equal(l.n, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < l.n; i++) {
        assert_int_equal(l.v[i].to, RENDER_PUBLIC);
        assert_string_equal(l.v[i].text, want[i]);
    }
    render_lines_fini(&l);

    /* In colour the nick takes its colour, as in every other event line. */
    render_style_init(&st, "#catan", nicks, 4, 1);
    render_lines_init(&l);
    render_events(&g, &st, ev, 1, &sink);
    render_events(&g, &st, &ev[4], 1, &sink);
    assert_int_equal(l.n, 2);
    assert_string_equal(l.v[0].text,
                        "\x03"
                        "12bob\x0f chooses 2 cards from the gold fields: !gold RES RES");
    assert_string_equal(l.v[1].text, "\x03"
                                     "12bob\x0f took 1 wool, 1 ore from the gold fields");
    render_lines_fini(&l);

    /* As many lines as for the discards: one public line each, nothing private. */
    struct game_event d[2] = {{0}};
    d[0].type = EV_DISCARD_NEEDED;
    d[0].player = 1;
    d[0].a = 2;
    d[1].type = EV_DISCARD;
    d[1].player = 1;
    d[1].res[RES_ORE] = 2;
    render_lines_init(&l);
    render_events(&g, &st, d, 2, &sink);
    render_events(&g, &st, ev, 1, &sink);
    render_events(&g, &st, &ev[4], 1, &sink);
    assert_int_equal(l.n, 4);
    for (int i = 0; i < l.n; i++)
        assert_int_equal(l.v[i].to, RENDER_PUBLIC);
    render_lines_fini(&l);
}

/* The status while players choose gold: who and how many, in the words of the discards, after a
 * roll and in the setup; nothing to build meanwhile; the board text and !corner name gold. */
static void test_status_gold(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_NEW_SHORES_4, 4, 1);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 0);

    g.phase = PHASE_GOLD;
    g.gold_resume = PHASE_MAIN;
    g.turn = 12;
    g.current = 2;
    g.dice[0] = 3;
    g.dice[1] = 2;
    g.p[1].gold = 2;
    g.p[3].gold = 1;
    render_status(&g, &st, "0:45 left", &sink);
    for (int p = 0; p < 4; p++)
        render_spots(&g, &st, p, RENDER_SPOT_ALL, &sink);
    check_lines(&l);
    assert_int_equal(l.n, 3 + 4);
    assert_string_equal(
        l.v[0].text,
        "turn 12: carol rolled 5, waiting for gold choices: bob 2, dave 1 (!gold LIST) (0:45 "
        "left)");
    for (int p = 0; p < 4; p++) {
        assert_int_equal(l.v[3 + p].to, p);
        assert_string_equal(l.v[3 + p].text, "#chan spots: none");
    }
    render_lines_fini(&l);

    /* A second setup settlement beside a gold field: its owner chooses before the road. */
    g.gold_resume = PHASE_SETUP_ROAD;
    g.turn = 0;
    g.current = 3;
    g.p[1].gold = 0;
    render_lines_init(&l);
    render_status(&g, &st, NULL, &sink);
    assert_string_equal(l.v[0].text,
                        "setup: dave placed a settlement, waiting for gold choices: dave 1 "
                        "(!gold LIST)");
    render_lines_fini(&l);

    /* The discards keep their words. */
    g.phase = PHASE_DISCARD;
    g.p[3].gold = 0;
    g.p[0].discard = 4;
    g.turn = 12;
    render_lines_init(&l);
    render_status(&g, &st, NULL, &sink);
    assert_string_equal(l.v[0].text,
                        "turn 12: dave rolled 7, waiting for discards: alice 4 (!discard "
                        "LIST, e.g. !discard 2 ore 1 wool)");
    render_lines_fini(&l);

    /* !board text and !corner call a gold field gold, with its token and pips. */
    int gold = hex_of_terrain(&g, TERRAIN_GOLD);
    char name[4], item[64];
    board_hex_name(gold, name);
    assert_true(g.token[gold] > 0);
    render_lines_init(&l);
    render_board_text(&g, &st, &sink);
    snprintf(item, sizeof item, " %s gold %d", name, g.token[gold]);
    assert_non_null(strstr(l.v[0].text, item));
    assert_null(strstr(l.v[0].text, "?"));
    render_lines_fini(&l);
    render_lines_init(&l);
    render_corner(&g, &st, RENDER_PUBLIC, game_geo(&g)->hex_vertex[gold][0], &sink);
    assert_int_equal(l.n, 1);
    snprintf(item, sizeof item, "%s gold %d (%d pip", name, g.token[gold],
             render_pips(g.token[gold]));
    assert_non_null(strstr(l.v[0].text, item));
    render_lines_fini(&l);
}

/* Random games on New Shores until gold is chosen: the status names every player still choosing
 * with their count, every gold line keeps the limits, nobody has spots meanwhile. */
static void test_gold_in_playouts(void **state)
{
    (void)state;
    int gold_phases = 0, taken = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        int board = seed % 2 ? BOARD_NEW_SHORES_3 : BOARD_NEW_SHORES_4, players = seed % 2 ? 3 : 4;
        struct game g;
        deal_game(&g, board, players, seed);
        struct bw_rng rng;
        bw_rng_seed(&rng, seed * 5);
        struct render_style st;
        render_style_init(&st, "#catan", nicks, players, (int)(seed % 3 == 0));
        for (int step = 0; step < 1500 && g.phase != PHASE_OVER; step++) {
            struct game_action a;
            if (playout_choose(&g, &rng, &a) != BW_OK)
                break;
            struct game_event ev[GAME_MAX_EVENTS];
            int n = 0;
            if (game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n) != BW_OK)
                continue;
            struct render_lines l;
            render_lines_init(&l);
            struct render_sink sink = render_lines_sink(&l);
            render_events(&g, &st, ev, n, &sink);
            for (int i = 0; i < n; i++)
                taken += ev[i].type == EV_GOLD;
            if (g.phase == PHASE_GOLD) {
                gold_phases++;
                int first = l.n;
                render_status(&g, &st, "0:30 left", &sink);
                char plain[RENDER_LINE_MAX + 1], want[RENDER_NICK_MAX + 16];
                strip_codes(l.v[first].text, plain, sizeof plain);
                assert_non_null(strstr(plain, "waiting for gold choices:"));
                for (int p = 0; p < players; p++) {
                    snprintf(want, sizeof want, " %s %d", nicks[p], g.p[p].gold);
                    assert_true(!g.p[p].gold == !strstr(plain, want));
                }
                for (int p = 0; p < players; p++) {
                    render_spots(&g, &st, p, RENDER_SPOT_ALL, &sink);
                    assert_string_equal(l.v[l.n - 1].text, "#catan spots: none");
                }
            }
            check_lines(&l);
            render_lines_fini(&l);
        }
    }
    assert_true(gold_phases > 0);
    assert_true(taken > 0);
}

/* Heading for New Shores after random moves, stopped while a roll's gold is being chosen: the
 * drawing with its gold fields, the lines of that roll, the lists, the status, hands and spots. */
static void new_shores_golden_case(int color, const char *name)
{
    struct game g;
    deal_game(&g, BOARD_NEW_SHORES_4, 4, 3);
    struct bw_rng rng;
    bw_rng_seed(&rng, 3);
    struct game_event ev[GAME_MAX_EVENTS];
    int n = 0, step;
    for (step = 0; step < 2000; step++) {
        struct game_action a;
        assert_int_equal(playout_choose(&g, &rng, &a), BW_OK);
        if (game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n) != BW_OK)
            continue;
        if (step >= 60 && g.phase == PHASE_GOLD && g.gold_resume == PHASE_MAIN)
            break;
    }
    assert_int_equal(g.phase, PHASE_GOLD);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    assert_non_null(strstr(board, color ? "^B^C01,08gold^O" : " gold "));
    assert_null(strstr(board, "desert 2") || strstr(board, "?"));
    free(board);
    render_events(&g, &st, ev, n, &sink);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, "1:00 left", &sink);
    render_hand(&g, &st, 0, &sink);
    render_spots(&g, &st, g.current, RENDER_SPOT_ALL, &sink);
    check_lines(&l);
    char *text = join_lines(&l);
    assert_non_null(strstr(text, "from the gold fields: !gold RES"));
    assert_non_null(strstr(text, "waiting for gold choices:"));
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(new_shores, new_shores_golden_case, "board_new_shores_4")

/* The longest nicks and channel: the status with everyone choosing gold, the gold lines with the
 * longest card lists, within RENDER_LINE_MAX and never cut short. */
static void test_gold_line_limits(void **state)
{
    (void)state;
    char chan[RENDER_CHAN_MAX + 1];
    longest_chan(chan);
    struct game g;
    deal_game(&g, BOARD_NEW_SHORES_4, 4, 2);
    g.phase = PHASE_GOLD;
    g.gold_resume = PHASE_MAIN;
    g.turn = 999;
    g.current = 3;
    for (int p = 0; p < 4; p++)
        g.p[p].gold = (uint8_t)(10 + p);
    for (int color = 0; color < 2; color++) {
        struct render_style st;
        struct render_lines l;
        struct render_sink sink = open_lines(&st, &l, chan, longest_nicks, 4, color);
        render_status(&g, &st, "0:05 left", &sink);
        int status = l.n;
        struct game_event ev[6] = {{0}};
        for (int i = 0; i < 4; i++) {
            ev[i].type = EV_GOLD_NEEDED;
            ev[i].player = (int8_t)i;
            ev[i].a = (int16_t)(i + 3);
        }
        ev[4].type = EV_GOLD;
        ev[4].player = 2;
        memset(ev[4].res, 19, sizeof ev[4].res);
        ev[5] = ev[4];
        ev[5].player = 3;
        render_events(&g, &st, ev, 6, &sink);
        check_lines(&l);
        assert_true(status >= 3);
        assert_int_equal(l.n, status + 6);
        char plain[RENDER_LINE_MAX + 1];
        strip_codes(l.v[0].text, plain, sizeof plain);
        assert_non_null(strstr(plain, "d2345678901234567890123456789012345678901234567 rolled"));
        assert_non_null(strstr(
            plain, "d2345678901234567890123456789012345678901234567 13 (!gold LIST) (0:05 left)"));
        for (int i = status; i < l.n; i++) {
            strip_codes(l.v[i].text, plain, sizeof plain);
            const char *end = plain + strlen(plain);
            assert_true(!strcmp(end - 4, " RES") || !strcmp(end - 7, "1 wool)") ||
                        !strcmp(end - 21, " from the gold fields"));
        }
        render_lines_fini(&l);
    }
}

/* ---- style ---- */

static void test_style(void **state)
{
    (void)state;
    static const char *const names[] = {"Alice", "al\r\nice", "lola", NULL, "1234", "bob"};
    struct render_style st;
    render_style_init(&st, "#c\x01hn", names, 6, 0);
    assert_string_equal(st.chan, "#chn");
    assert_string_equal(st.nick[1], "alice");
    assert_string_equal(st.nick[3], "seat4");
    for (int i = 0; i < 6; i++) {
        assert_true(st.letter[i] >= 'a' && st.letter[i] <= 'z');
        assert_true(st.letter[i] != 'l' && st.letter[i] != 'o');
        for (int j = 0; j < i; j++)
            assert_true(st.letter[i] != st.letter[j]);
    }
    assert_int_equal(st.letter[0], 'a');
    assert_int_equal(st.letter[1], 'i'); /* a, l taken or unusable: the next letter of the nick */
    /* UTF-8 names are cut between characters. */
    char longname[200];
    memset(longname, 0, sizeof longname);
    for (int i = 0; i < 60; i++)
        strcat(longname, "\xc3\xa9");
    const char *one[] = {longname};
    render_style_init(&st, NULL, one, 1, 0);
    assert_true(strlen(st.nick[0]) <= RENDER_NICK_MAX);
    assert_int_equal(strlen(st.nick[0]) % 2, 0);
    /* Six distinct seat colours. */
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        for (int j = 0; j < i; j++)
            assert_int_not_equal(render_seat_color(i), render_seat_color(j));
}

/* ---- the Jungle ---- */

/* The Jungle board after its setup: the drawing calls the desert "jungle" (as wide as
 * "desert") with its token, within the base board's limits; then the discovery lines, a card
 * bought with discoveries (public) and without, the robber on the jungle, the hand with its
 * discoveries, the status and the board text. */

/* A variant of the base board drawn into l: within the base board's limits, every letter and
 * number there; returns the drawing as one string (the caller's). */
static char *draw_variant(const struct game *g, const struct render_style *st,
                          struct render_lines *l, const struct render_sink *sink)
{
    render_board(g, st, sink);
    int cols, rows;
    render_board_limits(game_geo(g), &cols, &rows);
    assert_int_equal(cols, RENDER_BASE_COLS);
    assert_int_equal(rows, RENDER_BASE_ROWS);
    check_geo_limits(l, game_geo(g));
    check_board_content(g, l);
    return join_lines(l);
}

/* The public lines of l from first on, their codes stripped, are want (n of them; a NULL want
 * is a line not checked). */
static void check_public_lines(const struct render_lines *l, int first, const char *const *want,
                               int n)
{
    char got[RENDER_LINE_MAX + 1];
    for (int i = 0; i < n; i++) {
        if (!want[i])
            continue;
        strip_codes(l->v[first + i].text, got, sizeof got);
        assert_int_equal(l->v[first + i].to, RENDER_PUBLIC);
        assert_string_equal(got, want[i]);
    }
}

static void jungle_golden_case(int color, const char *name)
{
    struct game g;
    game_with_pieces(&g, BOARD_JUNGLE, 4, 3);
    int j = hex_of_terrain(&g, TERRAIN_JUNGLE);
    assert_true(g.token[j] >= 3 && g.token[j] <= 11 && g.token[j] != 7);
    assert_int_equal(hex_of_terrain(&g, TERRAIN_JUNGLE), j);
    g.p[1].discoveries = 3;
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    char *board = draw_variant(&g, &st, &l, &sink);
    assert_non_null(strstr(board, " jungle "));
    assert_null(strstr(board, "desert"));
    free(board);

    struct game_event ev[] = {
        {.type = EV_DISCOVERY, .player = 1, .a = 2, .b = 3},
        {.type = EV_DISCOVERY, .player = 2, .a = 1, .b = 1},
        {.type = EV_BUY_DEV, .player = 1, .a = DEV_KNIGHT, .b = 2},
        {.type = EV_BUY_DEV, .player = 0, .a = DEV_PLENTY, .b = 1},
        {.type = EV_BUY_DEV, .player = 3, .a = DEV_VICTORY, .b = 0},
        {.type = EV_ROBBER, .player = 2, .a = (int16_t)j},
    };
    int first = l.n;
    render_events(&g, &st, ev, (int)(sizeof ev / sizeof ev[0]), &sink);
    render_hand(&g, &st, 1, &sink);
    render_hand(&g, &st, 2, &sink);
    render_status(&g, &st, NULL, &sink);
    render_board_text(&g, &st, &sink);
    check_lines(&l);
    char line[128], hexname[4];
    int left = g.deck_size - g.deck_pos;
    const char *want[9] = {"bob found 2 discoveries in the jungle (3 in all)",
                           "carol found 1 discovery in the jungle (1 in all)"};
    char buy2[96], buy1[96], buy0[96], robber[96];
    snprintf(buy2, sizeof buy2, "bob bought a development card with 2 discoveries (%d left)", left);
    snprintf(buy1, sizeof buy1, "alice bought a development card with 1 discovery (%d left)", left);
    snprintf(buy0, sizeof buy0, "dave bought a development card (%d left)", left);
    snprintf(robber, sizeof robber, "carol moved the robber to %s (jungle %d)",
             board_hex_name(j, hexname), g.token[j]);
    want[2] = buy2;
    want[4] = buy1;
    want[6] = buy0;
    want[8] = robber;
    check_public_lines(&l, first, want, 9); /* (the card bought goes to its buyer only) */
    assert_int_equal(l.v[first + 3].to, 1);
    assert_non_null(strstr(l.v[first + 3].text, "knight"));
    char *text = join_lines(&l);
    assert_non_null(strstr(text, "[to 1] #catan hand: "));
    assert_non_null(strstr(text, " | discoveries: 3\n"));
    assert_int_equal(count_str(text, "discoveries: "), 1); /* not for carol, who has none */
    assert_non_null(strstr(text, ", 3 discoveries"));
    assert_non_null(strstr(text, ", 0 discoveries"));
    assert_non_null(strstr(text, " | variant: the Jungle"));
    snprintf(line, sizeof line, " %s jungle %d", hexname, g.token[j]);
    assert_non_null(strstr(text, line));
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(jungle, jungle_golden_case, "board_jungle_4")

/* ---- the Great River ---- */

/* The Great River board after its setup: the drawing shows the river's hexes (where this game
 * laid it) with their words between waves ("~ore~", "~wood~", "~mine~") within the base
 * board's limits, the gold mine with no token; then the gold mine lines, the robber on it, the
 * status with each player's gold mine points and the board text with its river line. */
static void river_golden_case(int color, const char *name)
{
    struct game g;
    game_with_pieces(&g, BOARD_RIVER, 4, 5);
    int mine = hex_of_terrain(&g, TERRAIN_MINE);
    assert_true(mine >= 0 && mine == g.mine);
    g.robber = (int8_t)mine;
    /* carol settles a free corner of the gold mine: a victory point more. */
    const struct board_geo *geo = game_geo(&g);
    int at = -1;
    for (int k = 0; k < 6 && at < 0; k++)
        if (!bits_has(g.no_settle, geo->hex_vertex[mine][k]))
            at = geo->hex_vertex[mine][k];
    assert_true(at >= 0);
    th_place_settlement(&g, 2, at + 1);
    assert_int_equal(game_river_points(&g, 2), 1);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    char *board = draw_variant(&g, &st, &l, &sink);
    assert_non_null(strstr(board, "~mine~"));
    assert_non_null(strstr(board, "~ore~"));
    assert_non_null(strstr(board, "~wood~"));
    assert_int_equal(count_str(board, "~"), 6); /* the three river words, nothing else */
    assert_null(strstr(board, "desert"));
    free(board);

    struct game_event ev[] = {
        {.type = EV_RIVER, .player = 1, .a = 1},
        {.type = EV_RIVER, .player = 2, .a = 2},
        {.type = EV_ROBBER, .player = 3, .a = (int16_t)mine},
    };
    int first = l.n;
    render_events(&g, &st, ev, (int)(sizeof ev / sizeof ev[0]), &sink);
    render_status(&g, &st, NULL, &sink);
    render_board_text(&g, &st, &sink);
    uint16_t rolls[11] = {0};
    render_summary(&g, &st, 600, rolls, &sink);
    check_lines(&l);
    char robber[64], mine_name[4], hexes[64], river[64];
    board_hex_name(mine, mine_name);
    snprintf(robber, sizeof robber, "dave moved the robber to %s (gold mine)", mine_name);
    const char *want[] = {"bob built on the gold mine, which now gives them 1 victory point",
                          "carol built on the gold mine, which now gives them 2 victory points",
                          robber};
    check_public_lines(&l, first, want, 3);
    char *text = join_lines(&l);
    char gold[64];
    for (int p = 0; p < 4; p++) {
        int n = game_river_points(&g, p);
        snprintf(gold, sizeof gold, ", %d gold mine point%s", n, n == 1 ? "" : "s");
        assert_non_null(strstr(text, gold));
    }
    assert_non_null(strstr(text, " | variant: the Great River"));
    assert_non_null(strstr(text, "1 gold mine point)"));
    snprintf(hexes, sizeof hexes, ", %s gold mine robber", mine_name);
    assert_non_null(strstr(text, hexes));
    int n = snprintf(river, sizeof river, "#catan river: ");
    for (int h = 0, k = 0; h < geo->n_hexes; h++)
        if (g.river_hexes >> h & 1) {
            char hn[4];
            n += snprintf(river + n, sizeof river - (size_t)n, "%s%s", k++ ? ", " : "",
                          board_hex_name(h, hn));
        }
    snprintf(river + n, sizeof river - (size_t)n, "\n");
    assert_non_null(strstr(text, river));
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(river, river_golden_case, "board_river_4")

/* ---- Catan for two ---- */

/* The base board for two after the set-up, a neutral road added: the neutral players drawn with
 * their letters x and y (and their colours) and in the legend, their pieces listed by the board
 * text, the trade tokens in the status. */
static void two_golden_case(int color, const char *name)
{
    struct game g;
    struct game_options o = {.n_players = 2, .board = BOARD_BASE, .two = 1};
    assert_int_equal(game_init(&g, &o, 7), BW_OK);
    listed_setup(&g);
    for (int e = 0; e < game_geo(&g)->n_edges; e++)
        if (game_can_road(&g, 2, e)) {
            g.edge_owner[e] = 2;
            g.p[2].roads++;
            break;
        }
    game_reindex(&g);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 2, color);
    render_style_neutrals(&st, &g);
    draw_checked(&g, &st, &l);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, "1:20 left", &sink);
    render_hand(&g, &st, 0, &sink);
    char *text = join_lines(&l);
    assert_non_null(strstr(text, "neutral A settlement "));
    assert_non_null(strstr(text, "neutral B settlement "));
    assert_non_null(strstr(text, "trade tokens: "));
    assert_non_null(strstr(text, "x=neutral A"));
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(two, two_golden_case, "board_two")

/* ---- The Forgotten Tribe and Cloth for Catan ---- */

/* The first gift spot of kind that still holds its gift, or -1. */
static int gift_of_kind(const struct game *g, int kind)
{
    for (int k = 0; k < game_geo(g)->n_gifts; k++)
        if (game_geo(g)->gift_kind[k] == kind && g->gift_owner[k] == -1)
            return k;
    return -1;
}

/* The Forgotten Tribe after its setup: bob's ship took a point, carol's a card, alice's two
 * harbors (one held, one placed at her settlement). The drawing shows the gifts left beside
 * their sides ("+vp", "+dev", "+2:1wool") and the placed harbor; the board text its gifts line
 * and the placed harbor among the harbors; alice's hand the harbor she holds. */
static void tribe_golden_case(int color, const char *name)
{
    struct game g, fresh;
    game_with_pieces(&g, BOARD_TRIBE, 4, 3);
    deal_game(&fresh, BOARD_TRIBE, 4, 3);
    g.robber = fresh.robber;
    const struct board_geo *geo = game_geo(&g);
    int point = gift_of_kind(&g, MAP_GIFT_POINT);
    char want_hex[4];
    give_ship(&g, 1, geo->gift_edge[point]);
    g.gift_owner[point] = 1;
    int card = gift_of_kind(&g, MAP_GIFT_CARD);
    give_ship(&g, 2, geo->gift_edge[card]);
    g.gift_owner[card] = 2;
    g.p[2].dev_new[g.gift[card]]++;
    int held = gift_of_kind(&g, MAP_GIFT_HARBOR);
    g.gift_owner[held] = 0;
    int placed = gift_of_kind(&g, MAP_GIFT_HARBOR);
    g.gift_owner[placed] = 0;
    int phase = g.phase, current = g.current;
    g.phase = PHASE_MAIN; /* where alice may place it: asked as if in her main phase */
    g.current = 0;
    int at = -1;
    for (int e = 0; e < geo->n_edges && at < 0; e++)
        if (!game_harbor_error(&g, 0, placed, e))
            at = e;
    assert_true(at >= 0);
    g.phase = (uint8_t)phase;
    g.current = (int8_t)current;
    g.gift_at[placed] = (uint8_t)at;
    game_reindex(&g);
    assert_int_equal(game_tribe_points(&g, 1), 1);

    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    assert_non_null(strstr(board, "+vp"));
    assert_non_null(strstr(board, "+dev"));
    assert_non_null(strstr(board, "+2:1") ? "" : strstr(board, "+3:1"));
    assert_non_null(strstr(board, "gift"));
    /* Each hex of the tribe's islands has its mark (a hut) beside its letter, and the legend
     * says what it is. */
    for (int h = 0; h < geo->n_hexes; h++) {
        char hut[16];
        snprintf(hut, sizeof hut, " %s /\\", board_hex_name(h, want_hex));
        assert_int_equal(strstr(board, hut) != NULL, (int)(geo->tribe_hexes >> h & 1));
    }
    assert_int_equal(count_str(board, "/\\"), __builtin_popcountll(geo->tribe_hexes) + 1);
    assert_non_null(strstr(board, "/\\=tribe"));
    free(board);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, NULL, &sink);
    render_hand(&g, &st, 0, &sink);
    render_hand(&g, &st, 2, &sink);
    check_lines(&l);
    char *text = join_lines(&l);
    char want[64], edge[8], label[24];
    assert_non_null(strstr(text, "#catan gifts: "));
    snprintf(want, sizeof want, "point %s", edge_name_of(geo, geo->gift_edge[point], edge));
    assert_null(strstr(text, want)); /* taken */
    int k2 = gift_of_kind(&g, MAP_GIFT_POINT);
    snprintf(want, sizeof want, "point %s", edge_name_of(geo, geo->gift_edge[k2], edge));
    assert_non_null(strstr(text, want));
    if (g.gift[placed] == HARBOR_GENERIC)
        snprintf(label, sizeof label, "3:1");
    else
        snprintf(label, sizeof label, "%s 2:1", render_res_name(g.gift[placed]));
    snprintf(want, sizeof want, "%s %s\n", label, edge_name_of(geo, at, edge));
    assert_non_null(strstr(text, want)); /* last among the harbors */
    if (g.gift[held] == HARBOR_GENERIC)
        snprintf(label, sizeof label, "3:1");
    else
        snprintf(label, sizeof label, "%s 2:1", render_res_name(g.gift[held]));
    snprintf(want, sizeof want, " | harbors: %s\n", label);
    assert_non_null(strstr(text, want));
    assert_int_equal(count_str(text, " | harbors: "), 1); /* carol holds none */
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(tribe, tribe_golden_case, "board_forgotten_tribe_4")

/* Cloth for Catan after its setup: alice and bob trade with the village of 4 (3 cloth left),
 * carol emptied the village of 8. The drawing shows every village with its number, its cloth
 * and the letters of its partners; the board text its villages line; the hands the cloth. */
static void cloth_golden_case(int color, const char *name)
{
    struct game g, fresh;
    game_with_pieces(&g, BOARD_CLOTH, 4, 5);
    deal_game(&fresh, BOARD_CLOTH, 4, 5);
    g.robber = fresh.robber;
    const struct board_geo *geo = game_geo(&g);
    assert_int_equal(geo->n_villages, 8);
    int four = -1, eight = -1;
    for (int i = 0; i < geo->n_villages; i++) {
        four = geo->village_number[i] == 4 ? i : four;
        eight = geo->village_number[i] == 8 ? i : eight;
    }
    assert_true(four >= 0 && eight >= 0);
    g.village_traders[four] = 3;
    g.village_cloth[four] = 3;
    g.village_traders[eight] = 4;
    g.village_cloth[eight] = 0;
    g.p[0].cloth = 1;
    g.p[1].cloth = 1;
    g.p[2].cloth = 5;

    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    if (!color) {
        char want[16];
        snprintf(want, sizeof want, "V4 3c %c%c", st.letter[0], st.letter[1]);
        assert_non_null(strstr(board, want));
        snprintf(want, sizeof want, "V8 0c %c", st.letter[2]);
        assert_non_null(strstr(board, want));
        assert_non_null(strstr(board, "V11 5c"));
    }
    assert_non_null(strstr(board, "village"));
    free(board);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, NULL, &sink);
    render_hand(&g, &st, 2, &sink);
    render_hand(&g, &st, 3, &sink);
    check_lines(&l);
    char *text = join_lines(&l);
    char want[96];
    snprintf(want, sizeof want, "; %d number 4, 3 cloth alice bob;", geo->village_vertex[four] + 1);
    assert_non_null(strstr(text, "#catan villages: "));
    assert_non_null(strstr(text, want) ? want : strstr(text, "villages: "));
    assert_non_null(strstr(text, "; supply: 10 cloth\n"));
    assert_non_null(strstr(text, " | cloth: 5\n"));
    assert_int_equal(count_str(text, " | cloth: "), 1); /* dave has none */
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(cloth, cloth_golden_case, "board_cloth_4")

/* The Wonders of Catan after its setup: alice builds the Theater (2 of 4 stages), bob started the
 * Great Wall. The drawing marks the wall ('*') and bridge ('^') corners still free and says so
 * in its legend; the board text has its wonders line (each wonder, then the marked corners), the
 * status the wonders, !wonder the private list; a stage and the win by a finished wonder. */
static void wonders_golden_case(int color, const char *name)
{
    struct game g;
    game_with_pieces(&g, BOARD_WONDERS, 4, 5);
    const struct board_geo *geo = game_geo(&g);
    assert_true(geo->wonders);
    g.wonder_owner[WONDER_THEATER] = 0;
    g.wonder_level[WONDER_THEATER] = 2;
    g.wonder_owner[WONDER_WALL] = 1;
    g.wonder_level[WONDER_WALL] = 1;

    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    int free_wall = 0, free_bridge = 0;
    for (int v = 0; v < geo->n_vertices; v++) {
        char mark[8];
        if (g.vertex_owner[v] >= 0)
            continue;
        if (bits_has(geo->wonder_spot_bits[MAP_WONDER_WALL], v)) {
            snprintf(mark, sizeof mark, "*%d", v + 1);
            assert_non_null(strstr(board, mark));
            free_wall++;
        }
        if (bits_has(geo->wonder_spot_bits[MAP_WONDER_BRIDGE], v)) {
            snprintf(mark, sizeof mark, "^%d", v + 1);
            assert_non_null(strstr(board, mark));
            free_bridge++;
        }
    }
    assert_true(free_wall > 0 && free_bridge > 0);
    assert_non_null(strstr(board, "*#=wall"));
    assert_non_null(strstr(board, "^#=bridge"));
    free(board);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, NULL, &sink);
    /* With 2 points to win, the others have them but not the furthest wonder: said why. */
    int goal = g.vp_goal;
    g.vp_goal = 2;
    render_status(&g, &st, NULL, &sink);
    g.vp_goal = (uint8_t)goal;
    render_wonders(&g, &st, 0, &sink);
    render_wonders(&g, &st, 2, &sink);
    /* A third stage, then the fourth: the game is won by the finished Theater. */
    g.phase = PHASE_MAIN;
    g.current = 0;
    g.rolled = 1;
    struct game_event ev[GAME_MAX_EVENTS];
    for (int stage = 3; stage <= 4; stage++) {
        for (int r = 0; r < RES_COUNT; r++) {
            g.p[0].res[r] = game_cost_wonder[WONDER_THEATER][r];
            g.bank[r] = 19;
        }
        struct game_action a = {.type = ACT_WONDER, .player = 0, .a = WONDER_THEATER};
        int n_ev = 0;
        assert_int_equal(game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n_ev), BW_OK);
        render_events(&g, &st, ev, n_ev, &sink);
    }
    assert_int_equal(g.phase, PHASE_OVER);
    check_lines(&l);
    char *text = join_lines(&l);
    assert_non_null(strstr(text,
                           "#catan wonders: Theater alice 2/4, Great Bridge free, Monument "
                           "free, Great Wall bob 1/4, Cathedral free, Great Bridge corners "));
    assert_non_null(strstr(text, " | wonders: Theater alice 2/4, Great Bridge free, "));
    assert_non_null(strstr(text,
                           "Cathedral free | bob has the points to win but needs the furthest "
                           "wonder | carol has the points"));
    assert_null(strstr(text, "alice has the points"));
    assert_non_null(strstr(text, "#catan Theater: to start it, 2 cities; each stage costs 1 wood, "
                                 "1 brick, 3 wool | yours: stage 2 of 4\n"));
    assert_non_null(strstr(text, "#catan Great Wall: to start it, a settlement or city on a wall "
                                 "corner ("));
    if (!color) { /* the nicks in colour otherwise */
        assert_non_null(strstr(text, " | bob builds it: stage 1 of 4\n"));
        assert_non_null(strstr(text, "alice builds stage 3 of 4 of the wonder Theater\n"));
        assert_non_null(strstr(text, "alice finishes the wonder Theater: all 4 stages built\n"));
    }
    assert_non_null(strstr(text, "alice wins with "));
    assert_non_null(strstr(text, " victory points and the finished wonder Theater"));
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(wonders, wonders_golden_case, "board_wonders_4")

/* Cloth for Catan has no longest trade route: the status names neither the award nor anyone's
 * route length, in any language, even when a player's route is long; The Forgotten Tribe
 * still does. */
static void test_status_no_route_on_cloth(void **state)
{
    (void)state;
    static const int boards[2] = {BOARD_CLOTH, BOARD_TRIBE};
    for (int b = 0; b < 2; b++)
        for (int lang = 0; lang < LANG_COUNT; lang++) {
            struct game g;
            game_with_pieces(&g, boards[b], 4, 5);
            g.p[1].road_length = 7;
            struct render_style st;
            struct render_lines l;
            struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, 0);
            st.lang = lang;
            render_status(&g, &st, NULL, &sink);
            check_lines(&l);
            char *text = join_lines(&l);
            char len[64]; /* ", trade route " and its translations: the words before %d */
            snprintf(len, sizeof len, "%s", tr(lang, MSG_ST_ROUTE_LEN));
            assert_non_null(strchr(len, '%'));
            *strchr(len, '%') = 0;
            int named = strstr(text, tr(lang, MSG_ST_ROUTE)) != NULL;
            int shown = strstr(text, len) != NULL;
            assert_int_equal(named, boards[b] == BOARD_TRIBE);
            assert_int_equal(shown, boards[b] == BOARD_TRIBE);
            assert_non_null(strstr(text, tr(lang, MSG_ST_ARMY)));
            free(text);
            render_lines_fini(&l);
        }
}

/* The Pirate Islands after its setup: alice has a warship, bob's fortress has strength 2 left.
 * The board text names the fleet's hex and each fortress; the status and hands say them. */
static void pirates_golden_case(int color, const char *name)
{
    struct game g;
    game_with_pieces(&g, BOARD_PIRATES, 4, 5);
    g.robber = -1;
    g.warships[0] = 1;
    g.fortress[1] = 2;
    const struct board_geo *geo = game_geo(&g);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    char fleet[16], hex[4];
    snprintf(fleet, sizeof fleet, "%s fleet", board_hex_name(game_fleet_hex(&g), hex));
    if (!color) {
        assert_non_null(strstr(board, fleet));
        /* Each fortress's strength beside its hex's letter, alice's warship in capitals. */
        for (int p = 0; p < 4; p++) {
            char fort[16];
            snprintf(fort, sizeof fort, "%s fort %d",
                     board_hex_name(render_fortress_hex(&g, geo, p), hex), g.fortress[p]);
            assert_non_null(strstr(board, fort));
        }
        assert_non_null(strstr(board, "<A>"));
        assert_non_null(strstr(board, "<A>=warship"));
        assert_non_null(strstr(board, "fort #=fortress strength"));
    }
    free(board);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, NULL, &sink);
    render_hand(&g, &st, 0, &sink);
    render_hand(&g, &st, 1, &sink);
    check_lines(&l);
    char *text = join_lines(&l);
    char want[160];
    snprintf(want, sizeof want,
             "#catan pirates: fleet %s; alice: fortress at %d, strength 3, "
             "warships 1; bob: fortress at %d, strength 2, warships 0;",
             board_hex_name(game_fleet_hex(&g), hex), geo->route_fortress[0] + 1,
             geo->route_fortress[1] + 1);
    assert_non_null(strstr(text, want));
    assert_non_null(strstr(text, ", fortress: strength 2, warships: 0"));
    assert_non_null(strstr(text, " | fortress: strength 3, warships: 1\n"));
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(pirates, pirates_golden_case, "board_pirate_islands_4")

/* How many times needle occurs in hay. */
static int occurrences(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The Pirate Islands drawn: a fortress's strength follows the attacks; a conquered one is no
 * fortress but its conqueror's settlement; warships are as many as those afloat, capitals
 * beside the plain ships; the marks are explained in every language. */
static void test_pirates_drawn(void **state)
{
    (void)state;
    struct game g;
    game_with_pieces(&g, BOARD_PIRATES, 4, 5);
    g.robber = -1;
    const struct board_geo *geo = game_geo(&g);
    int v = geo->route_fortress[2], h = render_fortress_hex(&g, geo, 2);
    char hex[4], want[32];
    board_hex_name(h, hex);
    g.fortress[1] = 1;
    g.fortress[2] = 0; /* carol conquered hers */
    g.vertex_owner[v] = 2;
    g.vertex_building[v] = BUILDING_SETTLEMENT;
    g.p[2].settlements++;
    g.warships[0] = 3; /* more than alice's one ship: one afloat */
    assert_int_equal(render_fortress_hex(&g, geo, 2), -1);
    struct render_style st;
    struct render_lines l;
    open_lines(&st, &l, "#catan", nicks, 4, 0);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    assert_int_equal(occurrences(board, "fort "), 3 + 1); /* and the legend's "fort #" */
    snprintf(want, sizeof want, "%s fort 1", board_hex_name(render_fortress_hex(&g, geo, 1), hex));
    assert_non_null(strstr(board, want));
    snprintf(want, sizeof want, "%s fort", board_hex_name(h, hex));
    assert_null(strstr(board, want));
    snprintf(want, sizeof want, "c%d", v + 1);
    assert_non_null(strstr(board, want));
    assert_int_equal(occurrences(board, "<A>"), 1 + 1); /* and the legend's */
    free(board);
    render_lines_fini(&l);
    /* A second ship of alice's along her route: both are warships now. */
    int e = geo->route_edge[0][1];
    g.edge_owner[e] = 0;
    g.ships[e >> 6] |= 1ull << (e & 63);
    g.p[0].ships = 2;
    g.warships[0] = 1;
    open_lines(&st, &l, "#catan", nicks, 4, 0);
    draw_checked(&g, &st, &l);
    board = join_lines(&l);
    assert_int_equal(occurrences(board, "<A>"), 1 + 1);
    assert_int_equal(occurrences(board, "<a>"), 1 + 1);
    free(board);
    render_lines_fini(&l);
    for (int lang = LANG_UK; lang < LANG_COUNT; lang++) {
        draw_in(&g, &st, lang, &l);
        check_board_limits(&l, g.opt.board);
        board = join_lines(&l);
        const char *fort = i18n_rtl(lang) ? i18n_english(MSG_DRAW_FORT) : tr(lang, MSG_DRAW_FORT);
        snprintf(want, sizeof want, "%s #=", fort);
        assert_non_null(strstr(board, want));
        snprintf(want, sizeof want, "%s 1", fort);
        assert_non_null(strstr(board, want));
        assert_non_null(strstr(board, "<A>="));
        free(board);
        render_lines_fini(&l);
    }
}

/* ---- the drawing in other languages ---- */

/* The columns of a line's '|' characters, counting characters, not bytes. */
static int bars(const char *line, int *cols, int max)
{
    int n = 0, col = 0;
    for (const unsigned char *p = (const unsigned char *)line; *p; p++) {
        if ((*p & 0xc0) == 0x80)
            continue; /* a UTF-8 continuation byte: same column */
        if (*p == '|' && n < max)
            cols[n++] = col;
        col++;
    }
    return n;
}

/* In Ukrainian and Serbian the drawing's words are translated and every '|' stays in its
 * column (a Cyrillic letter takes one column, as on screen); Arabic keeps the English words,
 * as the drawing reads left to right. */
static void test_drawing_in_other_languages(void **state)
{
    (void)state;
    static const int boards[][2] = {{BOARD_BASE, 4}, {BOARD_FOUR_ISLANDS_4, 4}, {BOARD_RIVER, 4}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        struct game g;
        game_with_pieces(&g, boards[b][0], boards[b][1], 9);
        struct render_style st;
        render_style_init(&st, "#catan", nicks, boards[b][1], 0);
        struct render_lines en, uk, sr, ar;
        draw_in(&g, &st, LANG_EN, &en);
        draw_in(&g, &st, LANG_UK, &uk);
        draw_in(&g, &st, LANG_SR, &sr);
        draw_in(&g, &st, LANG_AR, &ar);
        assert_int_equal(uk.n, en.n);
        assert_int_equal(sr.n, en.n);
        /* The drawing may start a column further left or right (a longer label at its edge),
         * but then every '|' moves by the same amount. */
        int shift_uk = INT32_MIN, shift_sr = INT32_MIN;
        for (int i = 0; i < en.n; i++) {
            int ce[64], cu[64], cs[64];
            int ne = bars(en.v[i].text, ce, 64), nu = bars(uk.v[i].text, cu, 64),
                ns = bars(sr.v[i].text, cs, 64);
            assert_int_equal(nu, ne);
            assert_int_equal(ns, ne);
            for (int k = 0; k < ne; k++) {
                if (shift_uk == INT32_MIN) {
                    shift_uk = cu[k] - ce[k];
                    shift_sr = cs[k] - ce[k];
                }
                assert_int_equal(cu[k] - ce[k], shift_uk);
                assert_int_equal(cs[k] - ce[k], shift_sr);
            }
            assert_string_equal(ar.v[i].text, en.v[i].text);
        }
        assert_true(shift_uk != INT32_MIN);
        char *t_en = join_lines(&en), *t_uk = join_lines(&uk);
        assert_non_null(strstr(t_en, "=settlement"));
        assert_null(strstr(t_uk, "settlement"));
        assert_non_null(strstr(t_uk, "=селище"));
        assert_true(strstr(t_uk, "дерево") || strstr(t_uk, "глина") || strstr(t_uk, "руда"));
        assert_null(strstr(t_uk, "wood"));
        assert_null(strstr(t_uk, "brick"));
        check_geo_limits(&uk, game_geo(&g));
        free(t_en);
        free(t_uk);
        render_lines_fini(&en);
        render_lines_fini(&uk);
        render_lines_fini(&sr);
        render_lines_fini(&ar);
    }
}

/* ---- the fog ---- */

/* The Fog Islands some way into a game: hidden hexes drawn with '?' for waves and listed on a
 * fog line, those turned over drawn as what they are; the event lines of a find. */
static void fog_golden_case(int color, const char *name)
{
    struct game g;
    const struct board_geo *geo = board_geo(BOARD_FOG_ISLANDS_4);
    /* The first deal, from seed 12 on, whose random game turns some fog over. */
    for (uint64_t seed = 12; seed < 40; seed++) {
        deal_game(&g, BOARD_FOG_ISLANDS_4, 4, seed);
        struct bw_rng rng;
        bw_rng_seed(&rng, seed);
        struct game_action a;
        while ((g.fog == geo->fog_hexes || g.phase != PHASE_MAIN) &&
               playout_choose(&g, &rng, &a) == BW_OK)
            apply_ok(&g, &a);
        if (g.phase == PHASE_MAIN && g.fog && g.fog != geo->fog_hexes)
            break;
    }
    assert_true(g.phase == PHASE_MAIN && g.fog && g.fog != geo->fog_hexes);
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#catan", nicks, 4, color);
    draw_checked(&g, &st, &l);
    char *board = join_lines(&l);
    /* Each hidden hex has '?' for waves (7 or 8 of them round its letter), and nothing else
     * draws a '?': the same board with the fog taken away (as sea) has none. */
    assert_true(count_str(board, "?") >= 7 * __builtin_popcountll(g.fog));
    free(board);
    struct game clear = g;
    clear.fog = 0;
    struct render_lines cl;
    render_lines_init(&cl);
    render_board_lines(&clear, nicks, color, &cl);
    board = join_lines(&cl);
    assert_int_equal(count_str(board, "?"), 0);
    free(board);
    render_lines_fini(&cl);

    int open = __builtin_ctzll(geo->fog_hexes & ~g.fog), hidden = __builtin_ctzll(g.fog);
    char open_name[4], hidden_name[4], want[160], got[RENDER_LINE_MAX + 1];
    board_hex_name(open, open_name);
    board_hex_name(hidden, hidden_name);
    struct game_event ev[] = {
        {.type = EV_FOG,
         .player = 2,
         .a = (int16_t)open,
         .b = g.terrain[open],
         .other = (int8_t)g.token[open]},
    };
    if (g.terrain[open] < TERRAIN_DESERT)
        ev[0].res[g.terrain[open]] = 1;
    int first = l.n;
    render_events(&g, &st, ev, 1, &sink);
    strip_codes(l.v[first].text, got, sizeof got);
    if (g.terrain[open] == TERRAIN_SEA)
        snprintf(want, sizeof want, "carol turned over %s in the fog: sea", open_name);
    else if (g.terrain[open] < TERRAIN_DESERT)
        snprintf(want, sizeof want, "carol turned over %s (%s %d) in the fog and takes 1 %s",
                 open_name, render_res_name(g.terrain[open]), g.token[open],
                 render_res_name(g.terrain[open]));
    else
        snprintf(want, sizeof want, "carol turned over %s (gold %d) in the fog", open_name,
                 g.token[open]);
    assert_string_equal(got, want);
    render_board_text(&g, &st, &sink);
    render_status(&g, &st, NULL, &sink);
    check_lines(&l);
    char *text = join_lines(&l);
    snprintf(want, sizeof want, "#catan fog: %s", hidden_name);
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, " | %d hex%s in the fog\n", __builtin_popcountll(g.fog),
             __builtin_popcountll(g.fog) == 1 ? "" : "es");
    assert_non_null(strstr(text, want));
    check_golden(name, text);
    free(text);
    render_lines_fini(&l);
}

GOLDEN_PAIR(fog, fog_golden_case, "board_fog_islands_4")

/* Off the Jungle nothing of it shows: the hand, the status and a bought card read as before,
 * whatever the counter holds. */
static void test_no_jungle_words_on_base(void **state)
{
    (void)state;
    struct game g;
    deal_game(&g, BOARD_BASE, 4, 1);
    g.p[1].discoveries = 2;
    g.p[1].res[RES_ORE] = 1;
    struct render_style st;
    struct render_lines l;
    struct render_sink sink = open_lines(&st, &l, "#chan", nicks, 4, 0);
    render_hand(&g, &st, 1, &sink);
    render_status(&g, &st, NULL, &sink);
    struct game_event ev = {.type = EV_BUY_DEV, .player = 1, .a = DEV_KNIGHT, .b = 0};
    render_events(&g, &st, &ev, 1, &sink);
    check_lines(&l);
    assert_string_equal(l.v[0].text, "#chan hand: 1 ore (1 cards)");
    char *text = join_lines(&l);
    assert_null(strstr(text, "discover"));
    assert_null(strstr(text, "jungle"));
    assert_null(strstr(text, "variant"));
    free(text);
    render_lines_fini(&l);
}

/* ---- other languages ---- */

#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

/* Whole UTF-8 sequences only (a line cut inside one would fail). */
static int utf8_whole(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int len = *p < 0x80             ? 1
                  : (*p & 0xe0) == 0xc0 ? 2
                  : (*p & 0xf0) == 0xe0 ? 3
                  : (*p & 0xf8) == 0xf0 ? 4
                                        : 0;
        if (!len)
            return 0;
        for (int i = 1; i < len; i++)
            if ((p[i] & 0xc0) != 0x80)
                return 0;
        p += len;
    }
    return 1;
}

/* An English word of the lines (a resource, a piece, a list head) standing alone in text. */
static const char *english_word(const char *line)
{
    /* A command ("!discard 2 ore 1 wool") is the same in every language: left out. */
    char text[2 * RENDER_LINE_MAX + 1];
    snprintf(text, sizeof text, "%s", line);
    for (char *c = text; (c = strchr(c, '!'));)
        while (*c && !strchr("),", *c) && (unsigned char)*c < 0x80)
            *c++ = ' ';
    static const char *const words[] = {"wood",    "brick",  "wool",       "grain", "ore",
                                        "robber",  "pirate", "settlement", "city",  "hexes",
                                        "harbors", "nobody", "turn",       "cards"};
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        size_t n = strlen(words[w]);
        for (const char *p = text; (p = strstr(p, words[w])) != NULL; p += n) {
            int before =
                p > text && ((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z'));
            int after = (p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z');
            if (!before && !after)
                return words[w];
        }
    }
    return NULL;
}

/* FSI and PDI pair up (the line was not cut), and with every_arg: no digit and no nick outside
 * an isolate (after the channel prefix of a private line). */
static void check_isolates(const char *text, const struct render_style *st, int every_arg)
{
    char plain[RENDER_LINE_MAX + 1];
    strip_codes(text, plain, sizeof plain);
    int depth = 0;
    size_t skip =
        st->chan[0] && strncmp(plain, st->chan, strlen(st->chan)) == 0 ? strlen(st->chan) : 0;
    for (const char *p = plain + skip; *p; p++) {
        if (strncmp(p, FSI, 3) == 0) {
            depth++;
            p += 2;
        } else if (strncmp(p, PDI, 3) == 0) {
            if (--depth < 0)
                fail_msg("PDI without FSI: %s", text);
            p += 2;
        } else if (every_arg && depth == 0 && *p >= '0' && *p <= '9') {
            fail_msg("a number outside an isolate: %s", text);
        } else if (every_arg && depth == 0) {
            for (int s = 0; s < st->n_seats; s++)
                if (strncmp(p, st->nick[s], strlen(st->nick[s])) == 0)
                    fail_msg("nick %s outside an isolate: %s", st->nick[s], text);
        }
    }
    if (strlen(text) < RENDER_LINE_MAX - 3 && depth != 0) /* not cut at the end of a line */
        fail_msg("FSI without PDI: %s", text);
}

static void check_lang_lines(const struct render_lines *l, const struct render_style *st,
                             int events)
{
    check_lines(l);
    for (int k = 0; k < l->n; k++) {
        const char *t = l->v[k].text;
        if (!utf8_whole(t))
            fail_msg("a UTF-8 sequence cut: %s", t);
        if (st->lang != LANG_EN && english_word(t))
            fail_msg("English \"%s\" in a %s line: %s", english_word(t), i18n_code(st->lang), t);
        if (i18n_rtl(st->lang))
            check_isolates(t, st, events);
        else
            assert_null(strstr(t, FSI));
    }
}

/* Random games on every board in Ukrainian, Serbian and Arabic, with the longest nicks and
 * channel: events, status, hands, spots and board text keep to the limits; no English word in a
 * line; in Arabic every nick and number of an event line is isolated. */
static void test_lang_playouts(void **state)
{
    (void)state;
    static const char *const long_nicks[GAME_MAX_PLAYERS] = {
        "a2345678901234567890123456789012345678901234567",
        "жжжжжжжжжжжжжжжжжжжжжжжж", /* 48 bytes */
        "ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿx",
        "d2345678901234567890123456789012345678901234567",
        "Erin|phone",
        "frank^^"};
    static const struct {
        int board;
        uint8_t players;
    } boards[] = {{BOARD_BASE, 4},         {BOARD_BIG, 6},           {BOARD_FOUR_ISLANDS_4, 4},
                  {BOARD_NEW_SHORES_3, 3}, {BOARD_FOG_ISLANDS_4, 4}, {BOARD_JUNGLE, 4},
                  {BOARD_RIVER, 4}};
    char chan[RENDER_CHAN_MAX + 1];
    longest_chan(chan);
    int seen[EV_TYPE_COUNT] = {0};
    for (int lang = LANG_UK; lang < LANG_COUNT; lang++)
        for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                struct game g;
                deal_game(&g, boards[b].board, boards[b].players, seed);
                struct bw_rng rng;
                bw_rng_seed(&rng, seed * 11 + (uint64_t)lang);
                struct render_style st;
                render_style_init(&st, chan, long_nicks, boards[b].players, (int)((seed + b) % 2));
                st.lang = lang;
                for (int step = 0; step < 4000; step++) {
                    int over = g.phase == PHASE_OVER;
                    if (step % 61 == 0 || over) {
                        struct render_lines l;
                        render_lines_init(&l);
                        struct render_sink sink = render_lines_sink(&l);
                        render_table(&g, &st, "2:00", &sink);
                        int nv = game_geo(&g)->n_vertices;
                        render_corner(&g, &st, g.current, step % nv, &sink);
                        render_corner(&g, &st, RENDER_PUBLIC, (step * 7 + 3) % nv, &sink);
                        if (over) {
                            static const uint16_t rolls[11] = {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
                            render_summary(&g, &st, 3725, rolls, &sink);
                            render_summary(&g, &st, 65, rolls, &sink);
                            render_dice(&st, rolls, &sink);
                        }
                        check_lang_lines(&l, &st, 0);
                        render_lines_fini(&l);
                    }
                    if (over)
                        break;
                    struct game_action a;
                    if (playout_choose(&g, &rng, &a) != BW_OK)
                        break;
                    struct game_event ev[GAME_MAX_EVENTS];
                    int n = 0;
                    if (game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n) != BW_OK)
                        continue;
                    struct render_lines l;
                    render_lines_init(&l);
                    struct render_sink sink = render_lines_sink(&l);
                    render_events(&g, &st, ev, n, &sink);
                    check_lang_lines(&l, &st, 1);
                    render_lines_fini(&l);
                    for (int i = 0; i < n; i++) {
                        assert_true(ev[i].type < EV_TYPE_COUNT);
                        seen[ev[i].type]++;
                    }
                }
            }
    /* The games went far enough to say the common things. */
    assert_true(seen[EV_ROLL] > 100 && seen[EV_BUILD] > 50 && seen[EV_PRODUCE] > 50);
    assert_true(seen[EV_STEAL] > 0 && seen[EV_BUY_DEV] > 0 && seen[EV_GAME_OVER] > 0);
}

/* Exact lines in the other languages: the words, and in Arabic the isolates. */
static void test_lang_exact(void **state)
{
    (void)state;
    struct game g;
    game_with_pieces(&g, BOARD_BASE, 4, 3);
    struct render_style st;
    render_style_init(&st, "#catan", nicks, 4, 0);
    struct game_event roll = {.type = EV_ROLL, .player = 1, .a = 3, .b = 5};
    struct game_event steal = {.type = EV_STEAL, .player = 2, .other = 0, .a = RES_ORE};
    struct game_event mono = {
        .type = EV_MONOPOLY_LOSS, .player = 1, .other = 3, .a = 2, .b = RES_WOOL};
    static const struct {
        int lang;
        const char *want[5];
    } cases[] = {
        {LANG_EN,
         {"bob rolled 8 (3+5)", "carol stole a card from alice",
          "#catan you stole 1 ore from alice", "#catan carol stole 1 ore from you",
          "dave gives 2 wool to bob"}},
        {LANG_UK,
         {"bob викидає 8 (3+5)", "carol краде карту в гравця alice",
          "#catan ви вкрали 1 руду у гравця alice", "#catan carol краде у вас 1 руду",
          "dave віддає гравцю bob 2 вовни"}},
        {LANG_SR,
         {"bob baca 8 (3+5)", "carol krade kartu od igrača alice",
          "#catan ukrali ste 1 rudu od igrača alice", "#catan carol vam krade 1 rudu",
          "dave daje 2 vune igraču bob"}},
        {LANG_AR,
         {"يرمي " FSI "bob" PDI " النرد: " FSI "8" PDI " (" FSI "3" PDI "+" FSI "5" PDI ")",
          "يسرق " FSI "carol" PDI " بطاقة من " FSI "alice" PDI,
          "#catan سرقت " FSI "بطاقة خام" PDI " من " FSI "alice" PDI,
          "#catan يسرق " FSI "carol" PDI " منك " FSI "بطاقة خام" PDI,
          "يعطي " FSI "dave" PDI " " FSI "بطاقتي صوف" PDI " إلى " FSI "bob" PDI}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        st.lang = cases[c].lang;
        struct render_lines l;
        render_lines_init(&l);
        struct render_sink sink = render_lines_sink(&l);
        render_events(&g, &st, &roll, 1, &sink);
        render_events(&g, &st, &steal, 1, &sink);
        render_events(&g, &st, &mono, 1, &sink);
        assert_int_equal(l.n, 5);
        for (int k = 0; k < 5; k++)
            assert_string_equal(l.v[k].text, cases[c].want[k]);
        assert_int_equal(l.v[2].to, 2);
        assert_int_equal(l.v[3].to, 0);
        render_lines_fini(&l);
    }

    /* The hand keeps its shape: the channel, a colon, the counts and separators (Arabic's own
     * comma between the items). */
    st.lang = LANG_UK;
    struct render_lines l;
    render_lines_init(&l);
    struct render_sink sink = render_lines_sink(&l);
    render_hand(&g, &st, 0, &sink);
    st.lang = LANG_AR;
    render_hand(&g, &st, 0, &sink);
    assert_int_equal(l.n, 2);
    assert_string_equal(l.v[0].text,
                        "#catan на руці: 2 дерева, 1 глина, 3 збіжжя, 1 руда (карт: 7) "
                        "| розвиток: лицар, монополія | нові: переможне очко");
    assert_string_equal(l.v[1].text,
                        "#catan في اليد: " FSI "بطاقتا خشب، بطاقة طوب، 3 بطاقات قمح، بطاقة خام" PDI
                        " (البطاقات: " FSI "7" PDI ") | التطوير: فارس، احتكار | "
                        "الجديدة: نقطة نصر");
    render_lines_fini(&l);

    /* The English names stay the command words; the others come from the catalogue. */
    for (int r = 0; r < RES_COUNT; r++)
        assert_string_equal(render_res_name_in(LANG_EN, r), render_res_name(r));
    for (int c = 0; c < DEV_COUNT; c++)
        assert_string_equal(render_dev_name_in(LANG_EN, c), render_dev_name(c));
    assert_string_equal(render_res_name_in(LANG_UK, RES_WOOD), "дерево");
    assert_string_equal(render_res_name_in(LANG_SR, RES_GRAIN), "žito");
    assert_string_equal(render_res_name_in(LANG_AR, RES_BRICK), "طوب");
    assert_string_equal(render_res_name_in(LANG_UK, RES_COUNT), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_base_plain),
        cmocka_unit_test(test_golden_base_color),
        cmocka_unit_test(test_golden_big_plain),
        cmocka_unit_test(test_golden_big_color),
        cmocka_unit_test(test_golden_four_islands_plain),
        cmocka_unit_test(test_golden_four_islands_color),
        cmocka_unit_test(test_biggest_sea_map),
        cmocka_unit_test(test_board_text_sea),
        cmocka_unit_test(test_golden_events),
        cmocka_unit_test(test_limits_many_games),
        cmocka_unit_test(test_harbor_labels_all_types),
        cmocka_unit_test(test_legend),
        cmocka_unit_test(test_legend_robot_names),
        cmocka_unit_test(test_legend_whole_nicks),
        cmocka_unit_test(test_long_lists_split),
        cmocka_unit_test(test_hand_forms),
        cmocka_unit_test(test_spots_forms),
        cmocka_unit_test(test_board_text_forms),
        cmocka_unit_test(test_dice_and_win_lines),
        cmocka_unit_test(test_private_steal_and_dev),
        cmocka_unit_test(test_private_in_playouts),
        cmocka_unit_test(test_golden_sea_ships_plain),
        cmocka_unit_test(test_golden_sea_ships_color),
        cmocka_unit_test(test_sea_events),
        cmocka_unit_test(test_board_text_ships),
        cmocka_unit_test(test_spots_ships),
        cmocka_unit_test(test_status_sea),
        cmocka_unit_test(test_sea_line_limits),
        cmocka_unit_test(test_gold_events),
        cmocka_unit_test(test_status_gold),
        cmocka_unit_test(test_gold_in_playouts),
        cmocka_unit_test(test_golden_new_shores_plain),
        cmocka_unit_test(test_golden_new_shores_color),
        cmocka_unit_test(test_gold_line_limits),
        cmocka_unit_test(test_style),
        cmocka_unit_test(test_golden_jungle_plain),
        cmocka_unit_test(test_golden_jungle_color),
        cmocka_unit_test(test_drawing_in_other_languages),
        cmocka_unit_test(test_golden_fog_plain),
        cmocka_unit_test(test_golden_fog_color),
        cmocka_unit_test(test_golden_river_plain),
        cmocka_unit_test(test_golden_river_color),
        cmocka_unit_test(test_golden_two_plain),
        cmocka_unit_test(test_golden_two_color),
        cmocka_unit_test(test_golden_tribe_plain),
        cmocka_unit_test(test_golden_tribe_color),
        cmocka_unit_test(test_golden_cloth_plain),
        cmocka_unit_test(test_golden_cloth_color),
        cmocka_unit_test(test_golden_wonders_plain),
        cmocka_unit_test(test_golden_wonders_color),
        cmocka_unit_test(test_status_no_route_on_cloth),
        cmocka_unit_test(test_golden_pirates_plain),
        cmocka_unit_test(test_golden_pirates_color),
        cmocka_unit_test(test_pirates_drawn),
        cmocka_unit_test(test_no_jungle_words_on_base),
        cmocka_unit_test(test_lang_playouts),
        cmocka_unit_test(test_lang_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
