/* The lines that wait for someone name what to type (issue 25, item 4): the status's first line
 * in every phase, an offer's addressees, and the hint the refusals and the timer's warning
 * take; in every language, the command whole (in Arabic isolated as one unit). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/game.h"
#include "i18n/i18n.h"
#include "render/render.h"

#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

static const char *const people[GAME_MAX_PLAYERS] = {"alice", "bob",  "carol",
                                                     "dave",  "erin", "frank"};
static const char *const robots[GAME_MAX_PLAYERS] = {
    "Ada (bot)", "Alan (bot)", "Grace (bot)", "Edsger (bot)", "Barbara (bot)", "Donald (bot)"};

/* The phases a status can show, each set up on a fresh game. */
enum stage {
    ST_SETUP_SETTLEMENT,
    ST_SETUP_ROAD,
    ST_ROLL,
    ST_DISCARD,
    ST_ROBBER,
    ST_ROBBER_PIRATE,
    ST_MAIN,
    ST_SPECIAL,
    ST_GOLD,
    ST_OVER,
    ST_COUNT
};

/* For each stage: the status's first line in English, and the commands it names (whole). */
static const struct {
    const char *line;
    const char *commands[2];
} want[ST_COUNT] = {
    [ST_SETUP_SETTLEMENT] = {"setup: alice places a settlement (!settle N) (2:00 left)",
                             {"!settle N"}},
    [ST_SETUP_ROAD] = {"setup: alice places a road next to 23 (!road 23-N) (2:00 left)",
                       {"!road 23-N"}},
    [ST_ROLL] = {"turn 4: bob rolls the dice or plays a development card (!roll or !play CARD) "
                 "(2:00 left)",
                 {"!roll", "!play CARD"}},
    [ST_DISCARD] = {"turn 4: bob rolled 7, waiting for discards: alice 4, carol 5 (!discard LIST, "
                    "e.g. !discard 2 ore 1 wool) (2:00 left)",
                    {"!discard LIST"}},
    [ST_ROBBER] = {"turn 4: bob moves the robber (!robber HEX [NICK]) (2:00 left)",
                   {"!robber HEX [NICK]"}},
    [ST_ROBBER_PIRATE] = {"turn 4: bob moves the robber or the pirate (!robber HEX [NICK] or "
                          "!pirate HEX [NICK]) (2:00 left)",
                          {"!robber HEX [NICK]", "!pirate HEX [NICK]"}},
    [ST_MAIN] = {"turn 4: bob rolled 9, trades, builds or ends the turn (!end when done) (2:00 "
                 "left)",
                 {"!end"}},
    [ST_SPECIAL] = {"turn 4: special building phase, carol builds or passes (!end when done) "
                    "(2:00 left)",
                    {"!end"}},
    [ST_GOLD] = {"turn 4: bob rolled 5, waiting for gold choices: carol 2 (!gold LIST) (2:00 "
                 "left)",
                 {"!gold LIST"}},
    [ST_OVER] = {"game over: bob won", {NULL}},
};

/* A game of n players in stage s: on the base board, the big one for the special building
 * phase, Heading for New Shores for the pirate and gold. Who is awaited: alice in the setup,
 * bob's turn after it (carol builds in the special phase, owes gold). */
static void game_in(struct game *g, enum stage s, int *n_players)
{
    int board = s == ST_SPECIAL                         ? BOARD_BIG
                : s == ST_ROBBER_PIRATE || s == ST_GOLD ? BOARD_NEW_SHORES_4
                                                        : BOARD_BASE;
    *n_players = s == ST_SPECIAL ? 5 : 4;
    struct game_options o = {.n_players = (uint8_t)*n_players, .board = (uint8_t)board};
    assert_int_equal(game_init(g, &o, 7), BW_OK);
    if (s == ST_SETUP_SETTLEMENT)
        return;
    g->current = 0;
    if (s == ST_SETUP_ROAD) {
        g->phase = PHASE_SETUP_ROAD;
        g->setup_vertex = 22;
        return;
    }
    g->turn = 4;
    g->current = 1;
    g->dice[0] = 4;
    g->dice[1] = 5;
    switch (s) {
    case ST_ROLL:
        g->phase = PHASE_ROLL;
        break;
    case ST_DISCARD:
        g->phase = PHASE_DISCARD;
        g->p[0].discard = 4;
        g->p[2].discard = 5;
        break;
    case ST_ROBBER:
    case ST_ROBBER_PIRATE:
        g->phase = PHASE_ROBBER;
        break;
    case ST_MAIN:
        g->phase = PHASE_MAIN;
        break;
    case ST_SPECIAL:
        g->phase = PHASE_SPECIAL_BUILD;
        g->sb_player = 2;
        break;
    case ST_GOLD:
        g->phase = PHASE_GOLD;
        g->gold_resume = PHASE_MAIN;
        g->dice[0] = 1;
        g->dice[1] = 4;
        g->p[2].gold = 2;
        break;
    default:
        g->phase = PHASE_OVER;
        g->winner = 1;
        break;
    }
}

/* The status's first line of stage s in lang, with nicks names and prefix. */
static void status_line(enum stage s, int lang, const char *const *names, const char *prefix,
                        char *out, size_t size)
{
    struct game g;
    int n;
    game_in(&g, s, &n);
    struct render_style st;
    render_style_init(&st, "#catan", names, n, 0);
    st.lang = lang;
    if (prefix)
        render_style_prefix(&st, prefix);
    struct render_lines l;
    render_lines_init(&l);
    struct render_sink sink = render_lines_sink(&l);
    render_status(&g, &st, "2:00 left", &sink);
    assert_true(l.n >= 1);
    snprintf(out, size, "%s", l.v[0].text);
    render_lines_fini(&l);
}

static void test_status_names_commands(void **state)
{
    (void)state;
    char line[RENDER_LINE_MAX + 1];
    for (int s = 0; s < ST_COUNT; s++) {
        status_line(s, LANG_EN, people, NULL, line, sizeof line);
        assert_string_equal(line, want[s].line);
    }
    /* The channel's prefix. */
    status_line(ST_ROLL, LANG_EN, people, "@", line, sizeof line);
    assert_non_null(strstr(line, "(@roll or @play CARD)"));
}

/* A computer player is told nothing: nobody types for it. */
static void test_no_hint_for_computer_players(void **state)
{
    (void)state;
    char line[RENDER_LINE_MAX + 1];
    for (int s = 0; s < ST_COUNT; s++) {
        status_line(s, LANG_EN, robots, NULL, line, sizeof line);
        assert_null(strstr(line, "(!"));
    }
    /* The discards: a hint as soon as one person owes cards. */
    const char *mixed[GAME_MAX_PLAYERS] = {"Ada (bot)", "bob", "carol", "Edsger (bot)"};
    status_line(ST_DISCARD, LANG_EN, mixed, NULL, line, sizeof line);
    assert_non_null(strstr(line, "(!discard LIST"));
    mixed[2] = "Grace (bot)";
    status_line(ST_DISCARD, LANG_EN, mixed, NULL, line, sizeof line);
    assert_null(strstr(line, "(!"));
}

/* render_move_hint: the status's hint alone, for the refusals and the timer's warning. */
static void test_move_hint(void **state)
{
    (void)state;
    static const char *const hints[ST_COUNT] = {
        [ST_SETUP_SETTLEMENT] = " (!settle N)",
        [ST_SETUP_ROAD] = " (!road 23-N)",
        [ST_ROLL] = " (!roll or !play CARD)",
        [ST_DISCARD] = " (!discard LIST, e.g. !discard 2 ore 1 wool)",
        [ST_ROBBER] = " (!robber HEX [NICK])",
        [ST_ROBBER_PIRATE] = " (!robber HEX [NICK] or !pirate HEX [NICK])",
        [ST_MAIN] = " (!end when done)",
        [ST_SPECIAL] = " (!end when done)",
        [ST_GOLD] = " (!gold LIST)",
        [ST_OVER] = "",
    };
    for (int s = 0; s < ST_COUNT; s++) {
        struct game g;
        int n;
        game_in(&g, s, &n);
        struct render_style st;
        render_style_init(&st, "#catan", people, n, 1);
        char buf[RENDER_LINE_MAX];
        assert_string_equal(render_move_hint(&g, &st, buf, sizeof buf), hints[s]);
        char small[8];
        /* Whole or not at all. */
        assert_string_equal(render_move_hint(&g, &st, small, sizeof small),
                            strlen(hints[s]) < sizeof small ? hints[s] : "");
    }
}

/* In every language each stage's commands appear whole; in Arabic each is one isolated unit,
 * with no mark inside. */
static void test_commands_whole_in_every_language(void **state)
{
    (void)state;
    char line[RENDER_LINE_MAX + 1], unit[64];
    for (int lang = LANG_UK; lang < LANG_COUNT; lang++)
        for (int s = 0; s < ST_COUNT; s++) {
            status_line(s, lang, people, NULL, line, sizeof line);
            for (int k = 0; k < 2 && want[s].commands[k]; k++) {
                if (i18n_rtl(lang))
                    snprintf(unit, sizeof unit, FSI "%s" PDI, want[s].commands[k]);
                else
                    snprintf(unit, sizeof unit, "%s", want[s].commands[k]);
                if (!strstr(line, unit))
                    fail_msg("%s, stage %d: \"%s\" not whole in \"%s\"", i18n_code(lang), s,
                             want[s].commands[k], line);
            }
            if (s == ST_OVER)
                assert_null(strstr(line, "!"));
        }
}

/* An offer names the answers its addressees type, unless they are all computer players. */
static void test_offer_names_answers(void **state)
{
    (void)state;
    struct game g;
    struct game_options o = {.n_players = 4, .board = BOARD_BASE};
    assert_int_equal(game_init(&g, &o, 7), BW_OK);
    struct game_event ev = {0};
    ev.type = EV_OFFER;
    ev.player = 2;
    ev.a = 3;
    ev.b = 1 << 0 | 1 << 1;
    ev.res[RES_WOOD] = 1;
    ev.res2[RES_BRICK] = 2;
    const char *names[GAME_MAX_PLAYERS] = {"alice", "Alan (bot)", "carol", "dave"};
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct render_style st;
        render_style_init(&st, "#catan", names, 4, 0);
        st.lang = lang;
        struct render_lines l;
        render_lines_init(&l);
        struct render_sink sink = render_lines_sink(&l);
        render_events(&g, &st, &ev, 1, &sink);
        assert_int_equal(l.n, 1);
        const char *accept = i18n_rtl(lang) ? FSI "!trade accept 3" PDI : "!trade accept 3";
        const char *reject = i18n_rtl(lang) ? FSI "!trade reject 3" PDI : "!trade reject 3";
        assert_non_null(strstr(l.v[0].text, accept));
        assert_non_null(strstr(l.v[0].text, reject));
        if (lang == LANG_EN)
            assert_string_equal(l.v[0].text, "carol offers 1 wood for 2 brick to alice, Alan "
                                             "(bot) (offer 3) (!trade accept 3 or !trade reject "
                                             "3)");
        render_lines_fini(&l);
    }
    /* To a computer player alone: no hint. */
    ev.b = 1 << 1;
    struct render_style st;
    render_style_init(&st, "#catan", names, 4, 0);
    struct render_lines l;
    render_lines_init(&l);
    struct render_sink sink = render_lines_sink(&l);
    render_events(&g, &st, &ev, 1, &sink);
    assert_string_equal(l.v[0].text, "carol offers 1 wood for 2 brick to Alan (bot) (offer 3)");
    render_lines_fini(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_names_commands),
        cmocka_unit_test(test_no_hint_for_computer_players),
        cmocka_unit_test(test_move_hint),
        cmocka_unit_test(test_commands_whole_in_every_language),
        cmocka_unit_test(test_offer_names_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
