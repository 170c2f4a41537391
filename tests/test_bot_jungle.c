/* The Jungle variant through the bot's commands: !variant in the lobby (listing, picking,
 * refusals, what a map or a fifth player does to it), the game it starts, discoveries found
 * and spent by !buy and !buy with N discoveries (with their refusals), and computer players
 * playing on the Jungle board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "engine/board.h"
#include "engine/playout.h"
#include "session/session.h"

#include "bot_fake.h"

static void expect_listing(struct bot *b, const char *none, const char *jungle)
{
    char want[512];
    snprintf(
        want, sizeof want,
        "variants: none%s, jungle (the Jungle, base map, 3-4 players)%s, river (the Great "
        "River, base map, 3-4 players), two (Catan for two, base map, 2 players); !variant NAME "
        "picks one in the lobby",
        none, jungle);
    expect_reply(b, "ann", "!variant", want);
}

static void test_variant_lobby(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 41);
    expect_listing(b, "", "");
    expect_reply(b, "ann", "!variant jungle",
                 "no game in #catan; !new opens one, then !variant NAME picks its variant");
    say(b, "ann", "!new");
    expect_listing(b, " (chosen)", "");
    expect_reply(b, "ann", "!variant amazon",
                 "\"amazon\" is not a variant; !variant lists the variants");
    expect_reply(b, "zed", "!variant jungle", "you are not playing in #catan");
    expect_reply(b, "ann", "!variant none", "the lobby in #catan already plays without a variant");
    int mark = n_recs;
    say(b, "ann", "!variant JUN");
    assert_string_equal(last_to(mark, CHAN),
                        "ann chose the variant jungle (the Jungle: the desert is a jungle whose "
                        "number gives discoveries, for development cards; 3-4 players)");
    assert_int_equal(sess(b)->variant, SESSION_VARIANT_JUNGLE);
    expect_listing(b, "", " (chosen)");
    expect_reply(b, "ann", "!variant jungle",
                 "the lobby in #catan already plays with the variant jungle");
    /* Four seats at most while it is chosen, and the lobby's lines say so. */
    mark = n_recs;
    say(b, "bob", "!join");
    assert_string_equal(last_to(mark, CHAN), "bob joined (2 seated, 3-4 needed)");
    mark = n_recs;
    say(b, "bob", "!start");
    assert_string_equal(last_to(mark, "bob"), "not enough players yet (2 seated, 3 needed)");
    say(b, "cat", "!join");
    say(b, "dan", "!join");
    expect_reply(
        b, "eve", "!join",
        "the lobby in #catan is full: the jungle variant is for 3-4 players (!variant none for "
        "more)");
    expect_reply(
        b, "ann", "!addbot",
        "the lobby in #catan is full: the jungle variant is for 3-4 players (!variant none for "
        "more)");
    assert_int_equal(sess(b)->n_seats, 4);
    mark = n_recs;
    say(b, "ann", "!variant none");
    assert_string_equal(last_to(mark, CHAN),
                        "ann dropped the variant jungle: the base game as in the box");
    mark = n_recs;
    say(b, "eve", "!join");
    assert_string_equal(last_to(mark, CHAN), "eve joined (5 seated, 3-6 needed)");
    assert_int_equal(sess(b)->n_seats, 5);
    expect_reply(b, "ann", "!variant jungle",
                 "the jungle variant is for 3-4 players, and 5 are seated; !variant lists the "
                 "variants");
    say(b, "eve", "!leave");
    /* Not on a Seafarers map; picking one drops the variant, and says so. */
    say(b, "ann", "!map four");
    expect_reply(b, "ann", "!variant jungle",
                 "the jungle variant is for the base map, and this lobby plays on four_islands; "
                 "!variant lists the variants");
    say(b, "ann", "!map base");
    say(b, "ann", "!variant jungle");
    mark = n_recs;
    say(b, "ann", "!map four");
    assert_string_equal(last_to(mark, CHAN),
                        "ann chose the map four_islands (The Four Islands, 3-4 players, 13 "
                        "points); the variant jungle is dropped: it is for the base map");
    assert_int_equal(sess(b)->variant, SESSION_VARIANT_NONE);
    say(b, "ann", "!map base");
    say(b, "ann", "!variant jungle");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    assert_int_equal(sess(b)->game.opt.board, BOARD_JUNGLE);
    int jungles = 0;
    for (int h = 0; h < board_geo(BOARD_JUNGLE)->n_hexes; h++)
        jungles += sess(b)->game.terrain[h] == TERRAIN_JUNGLE;
    assert_int_equal(jungles, 1);
    assert_true(any_line(0, CHAN, " jungle "));
    expect_reply(b, "bob", "!map",
                 "this game is played on base (the base game, with the variant jungle), to 10 "
                 "points");
    expect_reply(b, "bob", "!variant", "this game is played with the variant jungle (the Jungle)");
    expect_reply(b, "bob", "!variant none",
                 "this game is played with the variant jungle (the Jungle); the variant is "
                 "chosen in the lobby");
    mark = n_recs;
    say(b, "bob", "!status");
    assert_true(any_line(mark, CHAN, " | variant: the Jungle"));
    assert_true(any_line(mark, CHAN, "0 discoveries"));
    bot_free(b);
}

/* Three players on the Jungle board after the setup, hands emptied; the current player has a
 * city and a settlement on the jungle (three discoveries a roll), the robber elsewhere, 2 ore and 1
 * grain, and the game's next roll is the jungle's number (and gives them no wool). Returns the
 * current seat. */
static int jungle_session(struct session *s, int *jungle)
{
    struct session_rules rules = {3, 6, 10, 0, SESSION_ROBOT_NORMAL, false};
    static const char *const nicks[] = {"xena", "yuri", "zoe"};
    session_init(s, CHAN, &rules, 3);
    for (int i = 0; i < 3; i++) {
        char host[64];
        snprintf(host, sizeof host, "%s.example", nicks[i]);
        struct session_who w = {nicks[i], "u", host, NULL, false};
        assert_true(session_join(s, &w) >= 0);
    }
    s->variant = SESSION_VARIANT_JUNGLE;
    char msg[100];
    assert_int_equal(session_start(s, NULL, now, msg, sizeof msg), BW_OK);
    struct game *g = &s->game;
    assert_int_equal(g->opt.board, BOARD_JUNGLE);
    struct bw_rng rng;
    bw_rng_seed(&rng, 4);
    while (g->phase != PHASE_ROLL) {
        struct game_action a;
        assert_int_equal(playout_choose(g, &rng, &a), BW_OK);
        assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    }
    for (int p = 0; p < 3; p++)
        for (int r = 0; r < RES_COUNT; r++) {
            g->bank[r] += g->p[p].res[r];
            g->p[p].res[r] = 0;
        }
    const struct board_geo *geo = board_geo(g->opt.board);
    int j = -1;
    for (int h = 0; h < geo->n_hexes; h++)
        if (g->terrain[h] == TERRAIN_JUNGLE)
            j = h;
    assert_true(j >= 0);
    assert_int_equal(g->robber, j); /* the robber starts in the jungle */
    /* Three discoveries a roll: a city and a settlement, counting what the setup put there. */
    int p = g->current, worth = 0;
    for (int c = 0; c < 6; c++) {
        int v = geo->hex_vertex[j][c];
        if (g->vertex_owner[v] == p)
            worth += g->vertex_building[v] == BUILDING_CITY ? 2 : 1;
    }
    for (int c = 0; c < 6 && worth < 3; c++) {
        int v = geo->hex_vertex[j][c];
        if (g->no_settle[v >> 6] >> (v & 63) & 1)
            continue;
        int city = worth <= 1;
        g->vertex_owner[v] = (int8_t)p;
        g->vertex_building[v] = city ? BUILDING_CITY : BUILDING_SETTLEMENT;
        if (city)
            g->p[p].cities++;
        else
            g->p[p].settlements++;
        worth += city ? 2 : 1;
        game_reindex(g);
    }
    assert_int_equal(worth, 3);
    g->robber = (int8_t)(j == 0 ? 1 : 0);
    g->p[p].res[RES_ORE] = 2;
    g->p[p].res[RES_GRAIN] = 1;
    g->bank[RES_ORE] -= 2;
    g->bank[RES_GRAIN] -= 1;
    /* Turn the game's generator on until its next roll is the jungle's number. */
    static struct game copy;
    for (int k = 0;; k++) {
        assert_true(k < 10000);
        copy = *g;
        struct game_action roll = {.type = ACT_ROLL, .player = (int8_t)p};
        assert_int_equal(game_apply(&copy, &roll, NULL, 0, NULL), BW_OK);
        if (copy.dice[0] + copy.dice[1] == g->token[j] && copy.p[p].res[RES_WOOL] == 0)
            break;
        bw_rng_next(&g->rng);
    }
    *jungle = j;
    return p;
}

/* Discoveries found by a roll, then spent: !buy uses what the missing wool needs, "!buy with 2
 * discoveries" exactly two; the refusals say why. */
static void test_jungle_buy(void **state)
{
    (void)state;
    static struct session s;
    int j, p = jungle_session(&s, &j);
    struct bot *b = bot_with(&s, 0);
    const char *n = nick_of(b, p);
    char want[200];
    expect_reply(b, n, "!buy", "roll first (!roll)");
    int mark = n_recs;
    say(b, n, "!roll");
    snprintf(want, sizeof want, "%s found 3 discoveries in the jungle (3 in all)", n);
    assert_true(any_line(mark, CHAN, want));
    assert_true(any_line(mark, n, " | discoveries: 3"));
    assert_int_equal(sess(b)->game.p[p].discoveries, 3);
    assert_int_equal(sess(b)->game.phase, PHASE_MAIN);
    /* The refusals: exactly one short private reply each, nothing changed. */
    expect_reply(b, n, "!buy with 4 discoveries", "a development card takes at most 3 discoveries");
    expect_reply(b, n, "!buy with two discoveries", "usage: !buy [with N discoveries]");
    expect_reply(b, n, "!buy with 2 cards", "usage: !buy [with N discoveries]");
    expect_refused(b, n, "!buy with 4 discoveries");
    assert_int_equal(sess(b)->game.p[p].discoveries, 3);
    const char *other = nick_of(b, (p + 1) % 3);
    mark = n_recs;
    say(b, other, "!buy");
    assert_int_equal(count_to(mark, other), 1);

    /* !buy: one discovery for the wool; the grain and an ore are paid. */
    int left = s.game.deck_size - sess(b)->game.deck_pos - 1;
    mark = n_recs;
    say(b, n, "!buy");
    snprintf(want, sizeof want, "%s bought a development card with 1 discovery (%d left)", n, left);
    assert_string_equal(last_to(mark, CHAN), want);
    assert_true(any_line(mark, n, "you bought a development card: "));
    const struct game_player *pl = &sess(b)->game.p[p];
    assert_int_equal(pl->discoveries, 2);
    assert_int_equal(pl->res[RES_ORE], 1);
    assert_int_equal(pl->res[RES_GRAIN], 0);
    assert_true(any_line(mark, n, " | discoveries: 2"));

    expect_reply(b, n, "!buy with 3 discoveries", "you have 2 discoveries, not 3");
    expect_reply(b, n, "!buy with 1 discovery", "you need 1 grain more");
    expect_reply(b, n, "!buy with 0 discoveries", "you need 1 wool and 1 grain more");
    assert_int_equal(sess(b)->game.p[p].discoveries, 2);

    /* Exactly two: the wool and the grain; the ore is paid. */
    mark = n_recs;
    say(b, n, "!buy with 2 discoveries");
    snprintf(want, sizeof want, "%s bought a development card with 2 discoveries (%d left)", n,
             left - 1);
    assert_string_equal(last_to(mark, CHAN), want);
    pl = &sess(b)->game.p[p];
    assert_int_equal(pl->discoveries, 0);
    assert_int_equal(pl->res[RES_ORE], 0);
    assert_false(any_line(mark, n, "discoveries: "));
    expect_reply(b, n, "!buy with 1 discovery", "you have 0 discoveries, not 1");
    mark = n_recs;
    say(b, n, "!status");
    assert_true(any_line(mark, CHAN, ", 0 discoveries"));
    check_no_leak();
    bot_free(b);
}

/* Off the Jungle, "!buy with N discoveries" is refused; plain !buy buys as ever. */
static void test_no_jungle_here(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 3, 3);
    int p = s.game.current;
    s.game.p[p].res[RES_WOOL] = s.game.p[p].res[RES_GRAIN] = s.game.p[p].res[RES_ORE] = 1;
    struct bot *b = bot_with(&s, 0);
    const char *n = nick_of(b, p);
    expect_reply(b, n, "!buy with 1 discovery",
                 "there is no jungle on this board: discoveries come with the Jungle (!variant "
                 "jungle in the lobby)");
    int mark = n_recs;
    say(b, n, "!buy");
    assert_true(any_line(mark, CHAN, " bought a development card ("));
    assert_false(any_line(mark, NULL, "discover"));
    bot_free(b);
}

/* One person and two computer players with the Jungle: nobody stalls, discoveries are found and
 * spent, the lines keep to the rules of the output. */
static void test_jungle_robots(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 43);
    say(b, "ann", "!new");
    say(b, "ann", "!variant jungle");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot hard");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    assert_int_equal(sess(b)->game.opt.board, BOARD_JUNGLE);
    assert_true(play_with_robots(b, "ann", 6000) > 20);
    assert_true(any_line(0, CHAN, "(bot) rolled"));
    assert_true(any_line(0, CHAN, "discover"));
    check_no_leak();
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_lobby),
        cmocka_unit_test(test_jungle_buy),
        cmocka_unit_test(test_no_jungle_here),
        cmocka_unit_test(test_jungle_robots),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
