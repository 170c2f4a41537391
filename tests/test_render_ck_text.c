/* Cities & Knights in text (render/cities.c, render/cities_text.c): the dice line of SPEC §5,
 * a line for every event of the expansion in the four languages (a golden file), progress
 * cards drawn and given up seen only by their holder, the hand with commodities and progress
 * cards, the status, the board text, !spots' knight kinds, the prompts of the pending draws
 * and fifth cards, and !progress. */
#include "engine_helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/render.h"

static struct game G;
static const char *const NICKS[] = {"ann", "bob", "cat", "dan"};

static void ck_game(void)
{
    struct game_options opt = {.n_players = 4, .board = BOARD_BASE};
    assert_int_equal(game_init(&G, &opt, TH_SEED), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
    th_main_phase(&G, 0);
}

/* Lines rendered with a style for "#c" in lang. */
struct out {
    struct render_style st;
    struct render_lines l;
    struct render_sink sink;
};

static void out_open(struct out *o, int lang)
{
    render_style_init(&o->st, "#c", NICKS, 4, 0);
    o->st.lang = lang;
    render_lines_init(&o->l);
    o->sink = render_lines_sink(&o->l);
}

static void out_check(const struct out *o)
{
    assert_false(o->l.failed);
    for (int i = 0; i < o->l.n; i++) {
        const char *t = o->l.v[i].text;
        assert_true(t[0] != '\0');
        assert_null(strchr(t, '\n'));
        if (strlen(t) > RENDER_LINE_MAX)
            fail_msg("line of %zu bytes: %s", strlen(t), t);
    }
}

/* The line (of audience to) containing needle, or NULL. */
static const char *line_with(const struct out *o, int to, const char *needle)
{
    for (int i = 0; i < o->l.n; i++)
        if (o->l.v[i].to == to && strstr(o->l.v[i].text, needle))
            return o->l.v[i].text;
    return NULL;
}

static const char *only_line(const struct out *o)
{
    assert_int_equal(o->l.n, 1);
    return o->l.v[0].text;
}

static struct game_event ev_of(int type, int p, int other, int a, int b)
{
    struct game_event e;
    memset(&e, 0, sizeof e);
    e.type = (uint8_t)type;
    e.player = (int8_t)p;
    e.other = (int8_t)other;
    e.a = (int16_t)a;
    e.b = (int16_t)b;
    return e;
}

static void knight(int p, int v, int level, int active)
{
    int k = 0;
    while (G.ck.p[p].knight_at[k])
        k++;
    G.ck.p[p].knight_at[k] = (uint8_t)(v + 1);
    G.ck.p[p].knight[k] = (uint8_t)(level | (active ? KNIGHT_ACTIVE : 0));
    game_reindex(&G);
}

/* ---- the dice line (SPEC §5) ---- */

static void test_dice_line(void **state)
{
    (void)state;
    ck_game();
    G.phase = PHASE_ROLL; /* no "end when done" after it */
    struct game_event ev[2] = {ev_of(EV_ROLL, 0, -1, 5, 3), ev_of(EV_EVENT_DIE, 0, -1, 1, 4)};
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, ev, 2, &o.sink);
    assert_string_equal(only_line(&o), "ann rolled 8 (red 3) barbarians 4/7");
    render_lines_fini(&o.l);

    ev[1] = ev_of(EV_EVENT_DIE, 0, -1, FACE_GATE + TRACK_SCIENCE, 3);
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, ev, 2, &o.sink);
    assert_string_equal(only_line(&o), "ann rolled 8 (red 3) science gate");
    render_lines_fini(&o.l);

    /* Every language keeps the sum and the red die, and says the ship's steps. */
    ev[1] = ev_of(EV_EVENT_DIE, 0, -1, 0, 4);
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        out_open(&o, lang);
        render_events(&G, &o.st, ev, 2, &o.sink);
        const char *t = only_line(&o);
        assert_non_null(strstr(t, "8"));
        assert_non_null(strstr(t, "3"));
        assert_non_null(strstr(t, "4/7"));
        render_lines_fini(&o.l);
    }
}

/* A roll the engine makes: one dice line, the event die in it, then the production. */
static void test_dice_line_from_engine(void **state)
{
    (void)state;
    ck_game();
    th_roll_phase(&G, 0);
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(game_apply_ck_roll(&G, 5, 3, 0, ev, GAME_MAX_EVENTS, &n), BW_OK);
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, ev, n, &o.sink);
    out_check(&o);
    assert_non_null(strstr(o.l.v[0].text, "ann rolled 8 (red 3) barbarians 1/7"));
    assert_null(line_with(&o, RENDER_PUBLIC, "event die"));
    render_lines_fini(&o.l);
}

/* ---- hidden information ---- */

/* The card drawn goes only to the drawer, in every language; the others see the deck. */
static void test_draw_private(void **state)
{
    (void)state;
    ck_game();
    G.ck.p[1].hand[0] = PROG_BISHOP;
    G.ck.deck_pos[TRACK_POLITICS] = 1;
    struct game_event ev = ev_of(EV_PROGRESS_DRAW, 1, -1, TRACK_POLITICS, PROG_BISHOP);
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct out o;
        out_open(&o, lang);
        render_events(&G, &o.st, &ev, 1, &o.sink);
        out_check(&o);
        const char *name = render_progress_name_in(lang, PROG_BISHOP);
        int mine = 0;
        for (int i = 0; i < o.l.n; i++) {
            if (o.l.v[i].to == RENDER_PUBLIC)
                assert_null(strstr(o.l.v[i].text, name));
            else if (o.l.v[i].to == 1 && strstr(o.l.v[i].text, name))
                mine++;
            else
                fail_msg("a line to seat %d: %s", o.l.v[i].to, o.l.v[i].text);
        }
        assert_int_equal(mine, 1);
        if (lang == LANG_EN) {
            assert_non_null(line_with(&o, RENDER_PUBLIC,
                                      "bob draws a progress card from the politics deck "
                                      "(17 left)"));
            assert_non_null(line_with(&o, 1, "#c you drew bishop from the politics deck"));
        }
        render_lines_fini(&o.l);
    }
}

/* A card given up from a hand of five is not shown to the others; a stolen commodity only to
 * the two players. */
static void test_give_up_and_steal_private(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev[2] = {ev_of(EV_PROGRESS_DISCARD, 2, -1, PROG_SPY, 0),
                               ev_of(EV_STEAL, 0, 2, GOOD_PAPER + COM_COIN, 0)};
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, ev, 2, &o.sink);
    out_check(&o);
    for (int i = 0; i < o.l.n; i++)
        if (o.l.v[i].to == RENDER_PUBLIC) {
            assert_null(strstr(o.l.v[i].text, "spy"));
            assert_null(strstr(o.l.v[i].text, "coin"));
        }
    assert_non_null(line_with(&o, RENDER_PUBLIC, "cat gives up a progress card"));
    assert_non_null(line_with(&o, 2, "you gave up spy"));
    assert_non_null(line_with(&o, 0, "you stole 1 coin from cat"));
    assert_non_null(line_with(&o, 2, "ann stole 1 coin from you"));
    render_lines_fini(&o.l);
}

/* Every line of o goes to the public or to seat `to` alone; the lines containing secret (in
 * lang) go to `to` or `to2` only (-1: none), and `to` gets at least one. */
static void check_private(const struct out *o, const char *secret, int to, int to2)
{
    int seen = 0;
    for (int i = 0; i < o->l.n; i++) {
        int dest = o->l.v[i].to;
        if (strstr(o->l.v[i].text, secret)) {
            if (dest != to && dest != to2)
                fail_msg("\"%s\" said to %d: %s", secret, dest, o->l.v[i].text);
            seen += dest == to;
        }
    }
    assert_int_not_equal(seen, 0);
}

/* e makes one line in every language, to `to`; with the command cmd in it (NULL: no command at
 * all), en in English. */
static void one_line(const struct game_event *e, int to, const char *cmd, const char *en)
{
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct out o;
        out_open(&o, lang);
        render_events(&G, &o.st, e, 1, &o.sink);
        out_check(&o);
        assert_int_equal(o.l.n, 1);
        assert_int_equal(o.l.v[0].to, to);
        if (cmd)
            assert_non_null(strstr(o.l.v[0].text, cmd));
        else
            assert_null(strchr(o.l.v[0].text, '!'));
        if (lang == LANG_EN)
            assert_string_equal(o.l.v[0].text, en);
        render_lines_fini(&o.l);
    }
}

/* Asks: a public line that names who the game waits for, what, and the command that answers. */
static void test_ask_lines(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev[7] = {
        ev_of(EV_ASK, 1, -1, ASK_PILLAGE, -1), ev_of(EV_ASK, 2, -1, ASK_KNIGHT, 20),
        ev_of(EV_ASK, 3, 0, ASK_WEDDING, 2),   ev_of(EV_ASK, 1, 0, ASK_HARBOR, RES_BRICK),
        ev_of(EV_ASK, 2, 0, ASK_DESERTER, -1), ev_of(EV_ASK, 0, 1, ASK_TAKE, 2),
        ev_of(EV_ASK, 0, 2, ASK_SPY, -1)};
    static const char *const want[7] = {
        "the game waits for bob to choose which city the barbarians pillage (!choose V)",
        "the game waits for cat to choose where their knight displaced from 21 goes (!choose V)",
        "the game waits for dan to choose the goods they give ann (wedding) (!give LIST)",
        ("the game waits for bob to choose paper, cloth or coin to give ann for 1 brick "
         "(commercial harbor) (!give LIST)"),
        "the game waits for cat to choose which knight they give up (deserter) (!choose V)",
        /* The master merchant's and the spy's player has the command in their private look. */
        "the game waits for ann to choose 2 goods to take from bob (master merchant)",
        "the game waits for ann to choose a progress card to take from cat (spy)"};
    for (int k = 0; k < 7; k++)
        one_line(&ev[k], RENDER_PUBLIC,
                 k >= 5             ? NULL
                 : k == 2 || k == 3 ? "give LIST"
                                    : "choose V",
                 want[k]);
}

/* The prompt to the player asked: private, one line naming the command, the choices and the
 * time left, in every language (a plural picked, never the catalogue's whole text). */
static void test_ask_prompts(void **state)
{
    (void)state;
    ck_game();
    int city = th_geo(&G)->hex_vertex[9][0];
    th_place_city(&G, 1, city + 1);
    G.ck.asker = 1;
    G.ck.p[1].ask = ASK_PILLAGE;
    G.ck.p[2].ask = ASK_WEDDING;
    G.ck.p[2].ask_arg = 2;
    G.p[2].res[RES_WOOL] = 2;
    G.p[2].commodity[COM_COIN] = 1;
    G.ck.p[3].ask = ASK_HARBOR;
    G.ck.p[3].ask_arg = RES_BRICK;
    G.p[3].commodity[COM_PAPER] = 1;
    G.p[3].commodity[COM_CLOTH] = 1;
    char want[160];
    snprintf(want, sizeof want,
             "#c the barbarians take one of your cities: !choose V, one of %d (1 second left)",
             city + 1);
    for (int lang = 0; lang < LANG_COUNT; lang++)
        for (int seat = 0; seat < 4; seat++) {
            struct out o;
            out_open(&o, lang);
            render_ask_prompt(&G, &o.st, seat, seat == 1 ? 1 : 45, &o.sink);
            out_check(&o);
            assert_int_equal(o.l.n, seat ? 1 : 0); /* ann is asked nothing */
            if (seat) {
                const char *t = o.l.v[0].text;
                assert_int_equal(o.l.v[0].to, seat);
                assert_non_null(strstr(t, seat == 1 ? "choose V" : "give LIST"));
                assert_null(strstr(t, "\xc2\xa6")); /* '¦': one plural form */
                assert_non_null(strstr(t, seat == 1 ? "1" : "45"));
                if (lang == LANG_EN && seat == 1)
                    assert_string_equal(t, want);
                if (lang == LANG_EN && seat == 2)
                    assert_string_equal(t, "#c ann's wedding: give them 2 goods of your choice: "
                                           "!give LIST, e.g. !give 2 wool (you hold 2 wool, 1 "
                                           "coin) (45 seconds left)");
                if (lang == LANG_EN && seat == 3)
                    assert_non_null(strstr(t, "offers you 1 brick for paper, cloth or coin of "
                                              "your choice: !give LIST, e.g. !give 1 paper"));
            }
            render_lines_fini(&o.l);
        }
}

/* Goods given for a card are public, as a trade is. */
static void test_give_line(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev = ev_of(EV_GIVE, 3, 0, PROG_COMMERCIAL_HARBOR, 0);
    ev.res2[COM_CLOTH] = 1;
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, &ev, 1, &o.sink);
    out_check(&o);
    assert_int_equal(o.l.v[0].to, RENDER_PUBLIC);
    assert_string_equal(only_line(&o), "dan gives 1 cloth to ann (commercial harbor)");
    render_lines_fini(&o.l);
}

/* What a master merchant or a spy sees in another's hand goes to them alone. */
static void test_look_private(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev[2] = {ev_of(EV_LOOK, 0, 1, 0, 0), ev_of(EV_LOOK, 2, 3, 1, 0)};
    ev[0].res[RES_ORE] = 3;
    ev[0].res2[COM_PAPER] = 2;
    ev[1].res[0] = PROG_SPY;
    ev[1].res[1] = PROG_WARLORD;
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct out o;
        out_open(&o, lang);
        render_events(&G, &o.st, ev, 2, &o.sink);
        out_check(&o);
        assert_int_equal(o.l.n, 2);
        assert_int_equal(o.l.v[0].to, 0);
        assert_int_equal(o.l.v[1].to, 2);
        if (lang == LANG_EN)
            check_private(&o, "paper", 0, -1);
        check_private(&o, render_progress_name_in(lang, PROG_WARLORD), 2, -1);
        if (lang == LANG_EN) {
            assert_string_equal(o.l.v[0].text, "#c you see bob's goods: 3 ore, 2 paper");
            assert_string_equal(o.l.v[1].text, "#c you see dan's progress cards: spy, warlord");
        }
        render_lines_fini(&o.l);
    }
}

/* The master merchant's and the spy's player, asked to take from the hand they see, is told
 * what to type with it, privately (an example from the hand, in the words commands take). */
static void test_take_hint(void **state)
{
    (void)state;
    ck_game();
    G.ck.p[0].ask = ASK_TAKE;
    G.ck.p[0].ask_arg = 1;
    G.p[1].res[RES_ORE] = 3, G.bank[RES_ORE] -= 3;
    G.p[1].commodity[COM_PAPER] = 2, G.ck.bank[COM_PAPER] -= 2;
    G.ck.p[2].hand[0] = PROG_SPY;
    G.ck.p[2].hand[1] = PROG_BISHOP;
    struct game_event ev[2] = {ev_of(EV_LOOK, 0, 1, 0, 0), ev_of(EV_LOOK, 0, 2, 1, 0)};
    ev[0].res[RES_ORE] = 3;
    ev[0].res2[COM_PAPER] = 2;
    ev[1].res[0] = PROG_SPY;
    ev[1].res[1] = PROG_BISHOP;
    static const char *const want[2] = {
        "#c you see bob's goods: 3 ore, 2 paper (take 2: !take LIST, e.g. !take 2 ore)",
        "#c you see cat's progress cards: spy, bishop (take one: !take CARD, e.g. !take spy)"};
    for (int k = 0; k < 2; k++) {
        G.ck.p[0].ask = (uint8_t)(k ? ASK_SPY : ASK_TAKE);
        G.ck.p[0].ask_arg = (uint8_t)(k + 1);
        one_line(&ev[k], 0, k ? "!take spy" : "!take 2 ore", want[k]);
    }
}

/* The goods a master merchant takes are named to the two players only. */
static void test_goods_taken_private(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev = ev_of(EV_GIVE, 1, 0, PROG_MASTER_MERCHANT, 0);
    ev.res[RES_ORE] = 1;
    ev.res2[COM_PAPER] = 1;
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct out o;
        out_open(&o, lang);
        render_events(&G, &o.st, &ev, 1, &o.sink);
        out_check(&o);
        assert_int_equal(o.l.n, 3);
        check_private(&o, render_good_name_in(lang, GOOD_PAPER + COM_PAPER), 0, 1);
        check_private(&o, render_good_name_in(lang, GOOD_PAPER + COM_PAPER), 1, 0);
        if (lang == LANG_EN) {
            assert_non_null(
                line_with(&o, RENDER_PUBLIC, "ann takes goods from bob (master merchant)"));
            assert_non_null(line_with(&o, 0, "#c you take 1 ore, 1 paper from bob"));
            assert_non_null(line_with(&o, 1, "#c ann takes 1 ore, 1 paper from you"));
        }
        render_lines_fini(&o.l);
    }
}

/* A card a spy takes is named to the two players only; the others see that a card went. */
static void test_progress_taken_private(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev = ev_of(EV_PROGRESS_TAKEN, 0, 2, PROG_BISHOP, 0);
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct out o;
        out_open(&o, lang);
        render_events(&G, &o.st, &ev, 1, &o.sink);
        out_check(&o);
        check_private(&o, render_progress_name_in(lang, PROG_BISHOP), 0, 2);
        check_private(&o, render_progress_name_in(lang, PROG_BISHOP), 2, 0);
        if (lang == LANG_EN) {
            assert_non_null(line_with(&o, RENDER_PUBLIC, "ann takes a progress card from cat"));
            assert_non_null(line_with(&o, 0, "#c you took bishop from cat"));
            assert_non_null(line_with(&o, 2, "#c ann took bishop from you"));
        }
        render_lines_fini(&o.l);
    }
    /* Taken as a fifth card: it must go, as a fifth drawn. */
    G.ck.p[0].hand[0] = G.ck.p[0].hand[1] = G.ck.p[0].hand[2] = PROG_SPY;
    G.ck.p[0].hand[3] = PROG_SMITH;
    G.ck.p[0].hand[4] = PROG_BISHOP;
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, &ev, 1, &o.sink);
    assert_non_null(line_with(&o, RENDER_PUBLIC, "ann holds 5 progress cards"));
    render_lines_fini(&o.l);
}

static void test_road_removed_line(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev = ev_of(EV_ROAD_REMOVED, 1, 0, 5, 0);
    const struct board_geo *geo = th_geo(&G);
    int a = geo->edge_vertex[5][0] + 1, b = geo->edge_vertex[5][1] + 1;
    char want[64];
    snprintf(want, sizeof want, "ann removes bob's road at %d-%d", a < b ? a : b, a < b ? b : a);
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, &ev, 1, &o.sink);
    assert_string_equal(only_line(&o), want);
    assert_int_equal(o.l.v[0].to, RENDER_PUBLIC);
    render_lines_fini(&o.l);
}

/* An offer's and a trade's commodities are said in their line; no line of their own. */
static void test_commodities_in_trade(void **state)
{
    (void)state;
    ck_game();
    struct game_event ev[4] = {ev_of(EV_OFFER, 0, -1, 3, 0x2), ev_of(EV_COMMODITIES, 0, -1, 3, 0),
                               ev_of(EV_TRADE, 0, 1, 3, 0), ev_of(EV_COMMODITIES, 0, 1, 3, 0)};
    ev[0].res2[RES_ORE] = ev[2].res2[RES_ORE] = 1;
    ev[1].res[COM_CLOTH] = ev[3].res[COM_CLOTH] = 2;
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, ev, 4, &o.sink);
    out_check(&o);
    assert_int_equal(o.l.n, 2);
    assert_non_null(line_with(&o, RENDER_PUBLIC, "ann offers 2 cloth for 1 ore to bob (offer 3)"));
    assert_non_null(line_with(&o, RENDER_PUBLIC, "ann gives 2 cloth to bob for 1 ore"));
    render_lines_fini(&o.l);
}

/* ---- the fixed forms ---- */

static void test_hand(void **state)
{
    (void)state;
    ck_game();
    th_give(&G, 0, 2, 0, 0, 0, 1);
    G.p[0].commodity[COM_PAPER] = 1;
    G.p[0].commodity[COM_COIN] = 3;
    G.ck.p[0].hand[0] = PROG_ALCHEMIST;
    G.ck.p[0].hand[1] = PROG_BISHOP;
    struct out o;
    out_open(&o, LANG_EN);
    render_hand(&G, &o.st, 0, &o.sink);
    assert_string_equal(only_line(&o),
                        "#c hand: 2 wood, 1 ore, 1 paper, 3 coin (7 cards) | progress: alchemist, "
                        "bishop");
    render_lines_fini(&o.l);
    /* A base game's hand has no progress part. */
    out_open(&o, LANG_EN);
    render_hand(&G, &o.st, 1, &o.sink);
    assert_string_equal(only_line(&o), "#c hand: (0 cards)");
    render_lines_fini(&o.l);
}

static void test_status(void **state)
{
    (void)state;
    ck_game();
    G.ck.barbarians = 4;
    G.ck.p[0].level[TRACK_SCIENCE] = 2;
    G.ck.p[0].level[TRACK_POLITICS] = 1;
    int v = th_geo(&G)->hex_vertex[9][0], w = th_geo(&G)->hex_vertex[9][3];
    th_place_city(&G, 0, v + 1);
    G.ck.walls[v >> 6] |= 1ull << (v & 63);
    knight(0, w, 2, 1);
    knight(0, th_geo(&G)->hex_vertex[9][1], 1, 0);
    G.ck.p[0].hand[0] = PROG_SMITH;
    G.ck.p[0].defender = 1;
    struct out o;
    out_open(&o, LANG_EN);
    render_status(&G, &o.st, NULL, &o.sink);
    out_check(&o);
    assert_non_null(line_with(&o, RENDER_PUBLIC,
                              "ann 3 VP, 0 cards, science 2, trade 0, politics 1, knights 2/3, "
                              "walls 1, defender 1, progress 1"));
    const char *last = o.l.v[o.l.n - 1].text;
    assert_true(strncmp(last, "barbarians 4/7", 14) == 0);
    assert_non_null(strstr(last, "progress decks: science 18, trade 18, politics 18"));
    assert_null(line_with(&o, RENDER_PUBLIC, "largest army"));
    assert_null(line_with(&o, RENDER_PUBLIC, "dev"));
    render_lines_fini(&o.l);
}

/* Who must draw or give up a card: the status says so and names the commands; so does the
 * hint of the lines that say whose move it is. */
static void test_pending_prompts(void **state)
{
    (void)state;
    ck_game();
    G.ck.p[2].draws = 1;
    struct out o;
    out_open(&o, LANG_EN);
    render_status(&G, &o.st, NULL, &o.sink);
    assert_non_null(line_with(&o, RENDER_PUBLIC,
                              "cat draws a progress card from a deck of their choice (!progress "
                              "draw science|trade|politics)"));
    render_lines_fini(&o.l);
    char hint[RENDER_LINE_MAX];
    assert_string_equal(render_move_hint(&G, &o.st, hint, sizeof hint),
                        " (!progress draw science|trade|politics)");
    G.ck.p[2].draws = 0;
    for (int i = 0; i <= CK_HAND; i++)
        G.ck.p[1].hand[i] = PROG_SPY;
    out_open(&o, LANG_EN);
    render_status(&G, &o.st, NULL, &o.sink);
    assert_non_null(line_with(&o, RENDER_PUBLIC,
                              "bob holds 5 progress cards and gives one up (!progress discard "
                              "CARD or !play CARD)"));
    render_lines_fini(&o.l);
}

/* A draw that makes a fifth card says at once that it must go. */
static void test_fifth_card_line(void **state)
{
    (void)state;
    ck_game();
    for (int i = 0; i <= CK_HAND; i++)
        G.ck.p[1].hand[i] = (uint8_t)(PROG_ALCHEMIST + i);
    struct game_event ev = ev_of(EV_PROGRESS_DRAW, 1, -1, TRACK_SCIENCE, PROG_ALCHEMIST + 4);
    struct out o;
    out_open(&o, LANG_EN);
    render_events(&G, &o.st, &ev, 1, &o.sink);
    assert_non_null(line_with(&o, RENDER_PUBLIC,
                              "bob holds 5 progress cards: they play one or give one up "
                              "(!progress discard CARD or !play CARD)"));
    render_lines_fini(&o.l);
}

static void test_board_text(void **state)
{
    (void)state;
    ck_game();
    const struct board_geo *geo = th_geo(&G);
    int v = geo->hex_vertex[9][0];
    th_place_city(&G, 0, v + 1);
    G.ck.walls[v >> 6] |= 1ull << (v & 63);
    G.ck.metropolis[TRACK_TRADE] = (uint8_t)(v + 1);
    G.ck.p[0].level[TRACK_TRADE] = 4;
    knight(0, geo->hex_vertex[9][3], 1, 1);
    knight(1, geo->hex_vertex[0][0], 3, 0);
    G.ck.barbarians = 5;
    G.ck.merchant = 10;
    G.ck.merchant_owner = 1;
    char want[128];
    struct out o;
    out_open(&o, LANG_EN);
    render_board_text(&G, &o.st, &o.sink);
    out_check(&o);
    snprintf(want, sizeof want, "#c knights: ann %d basic active; bob %d mighty",
             geo->hex_vertex[9][3] + 1, geo->hex_vertex[0][0] + 1);
    assert_non_null(line_with(&o, RENDER_PUBLIC, want));
    snprintf(want, sizeof want, "#c walls: ann %d", v + 1);
    assert_non_null(line_with(&o, RENDER_PUBLIC, want));
    snprintf(want, sizeof want, "#c metropolises: trade ann %d", v + 1);
    assert_non_null(line_with(&o, RENDER_PUBLIC, want));
    assert_non_null(line_with(&o, RENDER_PUBLIC, "#c barbarians: 5/7"));
    assert_non_null(line_with(&o, RENDER_PUBLIC, "#c merchant: J ann"));
    render_lines_fini(&o.l);
}

/* !spots names the knight kinds the engine allows now, and nothing it refuses. */
static void test_spots(void **state)
{
    (void)state;
    ck_game();
    const struct board_geo *geo = th_geo(&G);
    int v = geo->hex_vertex[9][0], w = geo->vertex_vertex[v][0];
    th_place_settlement(&G, 0, v + 1);
    th_place_road(&G, 0, v + 1, w + 1);
    int x = -1;
    for (int k = 0; k < 3; k++)
        if (geo->vertex_vertex[w][k] >= 0 && geo->vertex_vertex[w][k] != v)
            x = geo->vertex_vertex[w][k];
    th_place_road(&G, 0, w + 1, x + 1);
    knight(0, w, 1, 0);
    th_give(&G, 0, 0, 0, 1, 1, 1);
    struct out o;
    out_open(&o, LANG_EN);
    render_spots(&G, &o.st, 0, RENDER_SPOT_ALL | RENDER_SPOT_SHORT, &o.sink);
    char want[96];
    snprintf(want, sizeof want, "knight %d | promote %d | activate %d", x + 1, w + 1, w + 1);
    const char *t = only_line(&o);
    if (!strstr(t, want))
        fail_msg("want \"%s\" in: %s", want, t);
    assert_null(strstr(t, "move"));
    render_lines_fini(&o.l);
    /* Without the cards: none of them. */
    th_return_all(&G, 0);
    out_open(&o, LANG_EN);
    render_spots(&G, &o.st, 0, RENDER_SPOT_ALL | RENDER_SPOT_SHORT, &o.sink);
    assert_string_equal(only_line(&o), "#c spots: none");
    render_lines_fini(&o.l);
    /* An active knight that may act: where it may move. */
    G.ck.p[0].knight[0] = 1 | KNIGHT_ACTIVE;
    out_open(&o, LANG_EN);
    render_spots(&G, &o.st, 0, RENDER_SPOT_ALL | RENDER_SPOT_SHORT, &o.sink);
    snprintf(want, sizeof want, "move %d-%d", w + 1, x + 1);
    t = only_line(&o);
    if (!strstr(t, want))
        fail_msg("want \"%s\" in: %s", want, t);
    render_lines_fini(&o.l);
}

static void test_progress_list(void **state)
{
    (void)state;
    ck_game();
    struct out o;
    out_open(&o, LANG_EN);
    render_progress(&G, &o.st, 0, &o.sink);
    assert_string_equal(only_line(&o), "#c progress: none");
    assert_int_equal(o.l.v[0].to, 0);
    render_lines_fini(&o.l);
    G.ck.p[0].hand[0] = PROG_ALCHEMIST;
    G.ck.p[0].hand[1] = PROG_SPY;
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        out_open(&o, lang);
        render_progress(&G, &o.st, 0, &o.sink);
        out_check(&o);
        assert_int_equal(o.l.n, 2);
        assert_int_equal(o.l.v[0].to, 0);
        assert_int_equal(o.l.v[1].to, 0);
        assert_non_null(strstr(o.l.v[0].text, "!play alchemist YELLOW RED"));
        if (lang == LANG_EN) {
            assert_string_equal(o.l.v[0].text,
                                "#c progress: alchemist: before your roll: !play alchemist YELLOW "
                                "RED sets the dice");
            assert_string_equal(o.l.v[1].text,
                                "#c progress: spy: after your roll: !play spy NICK, look at a "
                                "player's progress cards and take one");
        }
        render_lines_fini(&o.l);
    }
}

/* ---- every event in every language (golden) ---- */

/* In an Arabic line every number is inside an isolate (FSI ... PDI), but a rate ("2:1"). */
static void check_arabic_numbers(const char *t)
{
    int depth = 0;
    for (const char *p = t; *p; p++) {
        if (strncmp(p, "\xe2\x81\xa8", 3) == 0)
            depth++;
        else if (strncmp(p, "\xe2\x81\xa9", 3) == 0)
            depth--;
        else if (!depth && *p >= '0' && *p <= '9' && strncmp(p, "2:1", 3) != 0 &&
                 !(p >= t + 2 && strncmp(p - 2, "2:1", 3) == 0))
            fail_msg("a number outside an isolate at \"%s\": %s", p, t);
    }
}

static char *append(char *s, size_t *len, const char *t)
{
    size_t n = strlen(t);
    s = realloc(s, *len + n + 1);
    assert_non_null(s);
    memcpy(s + *len, t, n + 1);
    *len += n;
    return s;
}

static void test_events_golden(void **state)
{
    (void)state;
    ck_game();
    const struct board_geo *geo = th_geo(&G);
    int v = geo->hex_vertex[9][0];
    th_place_city(&G, 1, v + 1);
    knight(0, geo->hex_vertex[9][3], 2, 1);
    G.ck.merchant = 10;
    G.ck.merchant_owner = 1;
    G.ck.p[0].fleet = 1u << RES_WOOL;
    G.ck.deck_pos[TRACK_TRADE] = 3;
    struct game_event ev[96];
    int n = 0;
    ev[n++] = ev_of(EV_ROLL, 0, -1, 6, 2);
    ev[n++] = ev_of(EV_EVENT_DIE, 0, -1, FACE_GATE + TRACK_TRADE, 0);
    ev[n++] = ev_of(EV_ROLL, 0, -1, 1, 1);
    ev[n++] = ev_of(EV_EVENT_DIE, 0, -1, 2, 7);
    ev[n++] = ev_of(EV_BARBARIANS, -1, -1, 5, 3);
    ev[n++] = ev_of(EV_PILLAGE, 1, -1, v, 0);
    ev[n++] = ev_of(EV_PILLAGE, 2, -1, v, 1);
    ev[n] = ev_of(EV_PILLAGE, 3, -1, v, 0);
    ev[n++].res[0] = 1;
    ev[n++] = ev_of(EV_BARBARIANS, -1, -1, 3, 5);
    ev[n++] = ev_of(EV_DEFENDER, 0, -1, 2, 0);
    ev[n++] = ev_of(EV_PROGRESS_DRAW, 1, -1, -1, -1);
    ev[n++] = ev_of(EV_PROGRESS_DRAW, 2, -1, TRACK_TRADE, PROG_MERCHANT_FLEET);
    ev[n++] = ev_of(EV_PROGRESS_DRAW, 0, -1, TRACK_SCIENCE, PROG_PRINTER);
    ev[n++] = ev_of(EV_PROGRESS, 0, -1, PROG_PRINTER, 0);
    ev[n] = ev_of(EV_PRODUCE, 2, -1, 0, 0);
    ev[n].res[RES_WOOL] = 1;
    ev[n++].res2[COM_CLOTH] = 1;
    ev[n] = ev_of(EV_DISCARD, 3, -1, 0, 0);
    ev[n].res[RES_ORE] = 2;
    ev[n++].res2[COM_COIN] = 2;
    ev[n++] = ev_of(EV_SHORTAGE, -1, -1, GOOD_PAPER + COM_PAPER, 0);
    ev[n++] = ev_of(EV_IMPROVE, 0, -1, TRACK_POLITICS, 3);
    ev[n++] = ev_of(EV_METROPOLIS, 0, -1, TRACK_SCIENCE, v);
    ev[n++] = ev_of(EV_METROPOLIS, 1, 0, TRACK_SCIENCE, v);
    ev[n++] = ev_of(EV_WALL, 1, -1, v, 0);
    ev[n++] = ev_of(EV_KNIGHT, 0, -1, geo->hex_vertex[9][2], KNIGHT_BUILT);
    ev[n++] = ev_of(EV_KNIGHT, 0, -1, geo->hex_vertex[9][3], KNIGHT_PROMOTE);
    ev[n++] = ev_of(EV_KNIGHT, 0, -1, geo->hex_vertex[9][3], KNIGHT_ACTIVATED);
    ev[n++] = ev_of(EV_KNIGHT_MOVE, 0, -1, 5, 9);
    ev[n++] = ev_of(EV_KNIGHT_MOVE, 0, 1, 9, 14);
    ev[n++] = ev_of(EV_KNIGHT_MOVE, 1, -1, 14, 20);
    ev[n++] = ev_of(EV_KNIGHT_MOVE, 0, 2, 20, 21);
    ev[n++] = ev_of(EV_KNIGHT, 2, -1, 21, KNIGHT_LOST);
    ev[n] = ev_of(EV_CK_TRADE, 0, -1, GOOD_PAPER + COM_CLOTH, 4);
    ev[n].res2[0] = RES_ORE;
    ev[n++].res2[1] = 1;
    ev[n++] = ev_of(EV_GOLD_NEEDED, 1, -1, 1, 0); /* the aqueduct's resource, not gold */
    ev[n] = ev_of(EV_GOLD, 1, -1, 0, 0);
    ev[n++].res[RES_ORE] = 1;
    ev[n] = ev_of(EV_PROGRESS, 0, -1, PROG_INVENTOR, 0);
    ev[n].res[0] = 5; /* F and K: the numbers are the board's after the swap */
    ev[n++].res[1] = 10;
    static const int plain[] = {PROG_ALCHEMIST, PROG_CRANE, PROG_ROAD_BUILDING, PROG_ENGINEER,
                                PROG_MEDICINE,  PROG_SMITH, PROG_BISHOP,        PROG_SABOTEUR};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        ev[n++] = ev_of(EV_PROGRESS, 0, -1, plain[i], 0);
    ev[n] = ev_of(EV_PROGRESS, 0, -1, PROG_IRRIGATION, 0);
    ev[n++].res[RES_GRAIN] = 4;
    ev[n++] = ev_of(EV_PROGRESS, 0, -1, PROG_MINING, 0);
    ev[n] = ev_of(EV_PROGRESS, 0, -1, PROG_RESOURCE_MONOPOLY, 3);
    ev[n++].res2[0] = RES_ORE;
    ev[n] = ev_of(EV_PROGRESS, 0, -1, PROG_TRADE_MONOPOLY, 1);
    ev[n++].res2[0] = GOOD_PAPER + COM_COIN;
    ev[n++] = ev_of(EV_PROGRESS, 0, -1, PROG_MERCHANT_FLEET, 0);
    ev[n++] = ev_of(EV_PROGRESS, 0, -1, PROG_MERCHANT, 0);
    ev[n++] = ev_of(EV_PROGRESS, 0, -1, PROG_WARLORD, 0);
    ev[n++] = ev_of(EV_PROGRESS_DISCARD, 3, -1, PROG_WEDDING, 0);
    ev[n++] = ev_of(EV_ASK, 1, -1, ASK_PILLAGE, -1);
    ev[n++] = ev_of(EV_ASK, 2, -1, ASK_KNIGHT, 20);
    ev[n++] = ev_of(EV_ASK, 3, 0, ASK_WEDDING, 2);
    ev[n++] = ev_of(EV_ASK, 1, 0, ASK_HARBOR, RES_BRICK);
    ev[n++] = ev_of(EV_ASK, 2, 0, ASK_DESERTER, -1);
    ev[n++] = ev_of(EV_ASK, 0, 1, ASK_TAKE, 2);
    ev[n++] = ev_of(EV_ASK, 0, 2, ASK_SPY, -1);
    ev[n] = ev_of(EV_GIVE, 1, 0, PROG_MASTER_MERCHANT, 0);
    ev[n].res[RES_ORE] = 1;
    ev[n++].res2[COM_PAPER] = 1;
    ev[n] = ev_of(EV_GIVE, 3, 0, PROG_WEDDING, 0);
    ev[n].res[RES_WOOD] = 1;
    ev[n++].res2[COM_COIN] = 1;
    ev[n] = ev_of(EV_LOOK, 0, 1, 0, 0);
    ev[n].res[RES_ORE] = 3;
    ev[n++].res2[COM_PAPER] = 2;
    ev[n] = ev_of(EV_LOOK, 0, 2, 1, 0);
    ev[n].res[0] = PROG_SPY;
    ev[n++].res[1] = PROG_BISHOP;
    ev[n++] = ev_of(EV_LOOK, 0, 3, 1, 0);
    ev[n++] = ev_of(EV_PROGRESS_TAKEN, 0, 2, PROG_BISHOP, 0);
    ev[n++] = ev_of(EV_ROAD_REMOVED, 1, 0, 5, 0);
    ev[n] = ev_of(EV_OFFER, 0, -1, 3, 0x6);
    ev[n].res[RES_WOOL] = 1;
    ev[n++].res2[RES_ORE] = 1;
    ev[n] = ev_of(EV_COMMODITIES, 0, -1, 3, 0);
    ev[n].res[COM_CLOTH] = 2;
    ev[n++].res2[COM_PAPER] = 1;
    ev[n] = ev_of(EV_TRADE, 0, 1, 3, 0);
    ev[n].res[RES_WOOL] = 1;
    ev[n++].res2[RES_ORE] = 1;
    ev[n] = ev_of(EV_COMMODITIES, 0, 1, 3, 0);
    ev[n].res[COM_CLOTH] = 2;
    ev[n++].res2[COM_PAPER] = 1;
    assert_true(n <= 96);

    char *text = NULL;
    size_t len = 0;
    text = append(text, &len, "");
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct out o;
        out_open(&o, lang);
        render_events(&G, &o.st, ev, n, &o.sink);
        out_check(&o);
        char head[32];
        snprintf(head, sizeof head, "== %s\n", i18n_code(lang));
        text = append(text, &len, head);
        for (int i = 0; i < o.l.n; i++) {
            char to[16] = "";
            if (o.l.v[i].to != RENDER_PUBLIC)
                snprintf(to, sizeof to, "[to %d] ", o.l.v[i].to);
            /* A line says nothing unknown: no "?" for a word that is missing. */
            if (strstr(o.l.v[i].text, " ?") || strstr(o.l.v[i].text, "?)"))
                fail_msg("a word is missing: %s", o.l.v[i].text);
            if (lang == LANG_AR)
                check_arabic_numbers(o.l.v[i].text);
            text = append(text, &len, to);
            text = append(text, &len, o.l.v[i].text);
            text = append(text, &len, "\n");
        }
        render_lines_fini(&o.l);
    }
    const char *root = getenv("BW_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/golden/cities_events.txt", root ? root : ".");
    const char *update = getenv("BW_UPDATE_GOLDEN");
    if (update && *update && strcmp(update, "0")) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
    } else {
        static char want[1 << 16];
        FILE *f = fopen(path, "r");
        size_t got = f ? fread(want, 1, sizeof want - 1, f) : 0;
        want[got] = '\0';
        if (f)
            fclose(f);
        int same = f && strcmp(want, text) == 0;
        if (!same)
            print_message("golden differs; got:\n%s", text);
        free(text);
        if (!same)
            fail_msg("golden file %s differs or is missing (BW_UPDATE_GOLDEN=1 rewrites it)", path);
        return;
    }
    free(text);
}

/* A base game reads as before: no C&K words in its status or hand. */
static void test_base_game_unchanged(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    struct out o;
    out_open(&o, LANG_EN);
    render_status(&G, &o.st, NULL, &o.sink);
    render_hand(&G, &o.st, 0, &o.sink);
    render_board_text(&G, &o.st, &o.sink);
    assert_null(line_with(&o, RENDER_PUBLIC, "barbarians"));
    assert_null(line_with(&o, RENDER_PUBLIC, "knights:"));
    assert_null(line_with(&o, 0, "progress"));
    assert_non_null(line_with(&o, RENDER_PUBLIC, "largest army"));
    render_lines_fini(&o.l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dice_line),
        cmocka_unit_test(test_dice_line_from_engine),
        cmocka_unit_test(test_draw_private),
        cmocka_unit_test(test_give_up_and_steal_private),
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_pending_prompts),
        cmocka_unit_test(test_fifth_card_line),
        cmocka_unit_test(test_board_text),
        cmocka_unit_test(test_spots),
        cmocka_unit_test(test_progress_list),
        cmocka_unit_test(test_ask_lines),
        cmocka_unit_test(test_give_line),
        cmocka_unit_test(test_look_private),
        cmocka_unit_test(test_take_hint),
        cmocka_unit_test(test_goods_taken_private),
        cmocka_unit_test(test_progress_taken_private),
        cmocka_unit_test(test_road_removed_line),
        cmocka_unit_test(test_commodities_in_trade),
        cmocka_unit_test(test_events_golden),
        cmocka_unit_test(test_ask_prompts),
        cmocka_unit_test(test_base_game_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
