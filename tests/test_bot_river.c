/* The Great River through the bot's commands: !variant river in the lobby (picking, the
 * refusals it shares with the other variants), the game it starts (10 points, the gold mine and
 * the river in the drawing and the lists, gold mine points in !status and !corner), and a
 * person with computer players on the river board, with the channel told of the gold mine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "engine/board.h"
#include "engine/game.h"
#include "session/session.h"

#include "bot_fake.h"

static void test_river_lobby(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 51);
    say(b, "ann", "!new");
    int mark = n_recs;
    say(b, "ann", "!variant river");
    assert_string_equal(
        last_to(mark, CHAN),
        "ann chose the variant river (the Great River: a river of mountains, forest "
        "and a gold mine from the centre to the coast; no setup settlement on its "
        "banks; a building on the gold mine is worth 1 point more; 10 points win; "
        "3-4 players)");
    assert_int_equal(sess(b)->variant, SESSION_VARIANT_RIVER);
    expect_reply(
        b, "ann", "!variant",
        "variants: none, jungle (the Jungle, base map, 3-4 players), river (the Great "
        "River, base map, 3-4 players) (chosen), two (Catan for two, base map, 2 players); "
        "!variant NAME picks one in the lobby");
    say(b, "bob", "!join");
    say(b, "cat", "!join");
    say(b, "dan", "!join");
    expect_reply(b, "eve", "!join",
                 "the lobby in #catan is full: the river variant is for 3-4 players (!variant none "
                 "for more)");
    assert_int_equal(sess(b)->n_seats, 4);
    say(b, "dan", "!leave");
    mark = n_recs;
    say(b, "ann", "!map four");
    assert_string_equal(last_to(mark, CHAN),
                        "ann chose the map four_islands (The Four Islands, 3-4 players, 13 "
                        "points); the variant river is dropped: it is for the base map");
    expect_reply(b, "ann", "!variant river",
                 "the river variant is for the base map, and this lobby plays on four_islands; "
                 "!variant lists the variants");
    say(b, "ann", "!map base");
    say(b, "ann", "!variant river");
    int started = n_recs;
    say(b, "ann", "!start");
    const struct session *s = sess(b);
    assert_int_equal(s->state, SESSION_PLAYING);
    assert_int_equal(s->game.opt.board, BOARD_RIVER);
    assert_int_equal(s->game.vp_goal, 10);
    expect_reply(b, "bob", "!map",
                 "this game is played on base (the base game, with the variant river), to 10 "
                 "points");
    mark = n_recs;
    say(b, "bob", "!status");
    assert_true(any_line(mark, CHAN, " | variant: the Great River"));
    assert_true(any_line(mark, CHAN, ", 0 gold mine points"));
    /* Where this game laid the river: J, the forest beside it, the gold mine on the coast. */
    const struct board_geo *geo = game_geo(&s->game);
    int mine = s->game.mine;
    assert_true(mine >= 0);
    char mine_name[4], want[96], river[64] = "#catan river: ";
    board_hex_name(mine, mine_name);
    for (int h = 0, k = 0; h < geo->n_hexes; h++)
        if (s->game.river_hexes >> h & 1) {
            char hn[4];
            snprintf(river + strlen(river), sizeof river - strlen(river), "%s%s", k++ ? ", " : "",
                     board_hex_name(h, hn));
        }
    mark = n_recs;
    say(b, "bob", "!board text");
    assert_true(any_line(mark, CHAN, "#catan hexes: A "));
    snprintf(want, sizeof want, " %s gold mine robber", mine_name);
    assert_true(any_line(mark, CHAN, want));
    assert_true(any_line(mark, CHAN, river));
    /* The drawing shown at the start: the river's hexes between waves, no desert. */
    assert_true(any_line(started, CHAN, "~mine~"));
    assert_true(any_line(started, CHAN, "~ore~"));
    assert_true(any_line(started, CHAN, "~wood~"));
    assert_false(any_line(started, CHAN, "desert"));
    /* A corner of the gold mine: what it is worth, and no setup settlement there. */
    int v = geo->hex_vertex[mine][CORNER_N] + 1;
    mark = n_recs;
    snprintf(want, sizeof want, "!corner %d", v);
    say(b, "cat", want);
    assert_true(any_line(mark, "cat", " | on the gold mine: 1 victory point more"));
    assert_true(any_line(mark, "cat", "no setup settlement may stand on the river bank"));
    bot_free(b);
}

/* A person and two computer players on the river: nobody stalls, and when someone builds on
 * the gold mine the channel hears of it and !status shows its points. */
static void test_river_robots(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 53);
    say(b, "ann", "!new");
    say(b, "ann", "!variant river");
    say(b, "ann", "!addbot normal");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->game.opt.board, BOARD_RIVER);
    int robot_moves = 0, shown = 0;
    for (int round = 0; round < 400 && sess(b) && sess(b)->state == SESSION_PLAYING; round++) {
        robot_moves += play_with_robots(b, "ann", 15);
        if (!sess(b) || sess(b)->state != SESSION_PLAYING)
            break;
        int mark = n_recs;
        say(b, "ann", "!status");
        for (int p = 0; p < sess(b)->game.opt.n_players; p++) {
            int gold = game_river_points(&sess(b)->game, p);
            char want[64];
            snprintf(want, sizeof want, ", %d gold mine point%s", gold, gold == 1 ? "" : "s");
            assert_true(any_line(mark, NULL, want)); /* to the channel, or to ann when repeated */
            shown += gold > 0;
        }
    }
    assert_true(robot_moves > 20);
    assert_true(shown == 0 || any_line(0, CHAN, " built on the gold mine, which now gives them "));
    if (!sess(b) || sess(b)->state != SESSION_PLAYING)
        assert_true(any_line(0, CHAN, " wins with 1"));
    check_no_leak();
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_river_lobby),
        cmocka_unit_test(test_river_robots),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
