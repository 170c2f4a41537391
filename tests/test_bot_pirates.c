/* The Pirate Islands through the commands: !attack legal, refused (ships short of the
 * fortress, twice a turn, conquered, not the caller's turn, another map), and !play knight
 * without a hex making a warship. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "engine/board.h"
#include "engine/playout.h"
#include "session/session.h"

#include "bot_fake.h"

/* A game of three on The Pirate Islands after its setup (placed by the playout from seed 5),
 * its current player to build after a roll of 3 and 3 (the fleet sails 3 on). */
static void pirates_main_phase(struct session *s)
{
    lobby_n(s, 3, 4, 0);
    s->map = SESSION_MAP_PIRATE_ISLANDS;
    char msg[100];
    assert_int_equal(session_start(s, NULL, 0, msg, sizeof msg), BW_OK);
    struct bw_rng rng;
    bw_rng_seed(&rng, 5);
    while (s->game.phase != PHASE_ROLL) {
        struct game_action a;
        assert_int_equal(playout_choose(&s->game, &rng, &a), BW_OK);
        assert_int_equal(session_apply(s, &a, 0, NULL, 0, NULL), BW_OK);
    }
    roll_to_main(s, 3, 3);
    assert_int_equal(s->game.phase, PHASE_MAIN);
}

/* Ships all along p's route, as if built. */
static void fill_route(struct game *g, int p)
{
    const struct board_geo *geo = board_geo(g->opt.board);
    for (int k = 0; k < geo->route_len[p]; k++) {
        int e = geo->route_edge[p][k];
        g->edge_owner[e] = (int8_t)p;
        g->ships[e >> 6] |= 1ull << (e & 63);
    }
    g->p[p].ships = geo->route_len[p];
    game_reindex(g);
}

static void test_attack(void **state)
{
    (void)state;
    static struct session s;
    pirates_main_phase(&s);
    int p = s.game.current, len = board_geo(s.game.opt.board)->route_len[p];
    struct bot *b = bot_with(&s, 0);
    const char *me = nick_of(b, p), *other = nick_of(b, (p + 1) % 3);
    char want[200];
    snprintf(want, sizeof want,
             "your ships have not reached your fortress: 1 of the %d on your route (!build ship "
             "N-M builds the next)",
             len);
    expect_reply(b, me, "!attack", want);
    /* Not the caller's turn: the game waits for the current player. */
    int mark = n_recs;
    say(b, other, "!attack");
    assert_non_null(strstr(last_to(mark, other), me));
    assert_int_equal(sess(b)->game.fortress_attacked, 0);
    fill_route((struct game *)&sess(b)->game, p);
    char spot[32];
    snprintf(spot, sizeof spot, "spots: attack %d",
             /* nothing paid for to build */ board_geo(s.game.opt.board)->route_fortress[p] + 1);
    mark = n_recs;
    say(b, me, "!spots");
    assert_non_null(strstr(last_to(mark, me), spot));
    mark = n_recs;
    say(b, me, "!attack");
    assert_true(any_line(mark, CHAN, "attacks their pirate fortress: pirates "));
    assert_int_equal(sess(b)->game.fortress_attacked, 1);
    expect_reply(b, me, "!attack",
                 "you attacked your fortress this turn already: attack again next turn");
    mark = n_recs;
    say(b, me, "!spots");
    assert_null(strstr(last_to(mark, me), "attack"));
    bot_free(b);

    /* Conquered: nothing left to attack. */
    pirates_main_phase(&s);
    p = s.game.current;
    fill_route(&s.game, p);
    s.game.fortress[p] = 0;
    int v = board_geo(s.game.opt.board)->route_fortress[p];
    s.game.vertex_owner[v] = (int8_t)p;
    s.game.vertex_building[v] = BUILDING_SETTLEMENT;
    s.game.p[p].settlements++;
    game_reindex(&s.game);
    b = bot_with(&s, 0);
    expect_reply(b, nick_of(b, p), "!attack",
                 "you have conquered your fortress already: its settlement is yours");
    bot_free(b);
}

/* Another map has no fortress. */
static void test_attack_elsewhere(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 3, 3);
    struct bot *b = bot_with(&s, 0);
    expect_reply(b, nick_of(b, s.game.current), "!attack",
                 "there is no pirate fortress on this board: !attack is for The Pirate Islands");
    bot_free(b);
}

/* A knight takes no hex: it makes a ship a warship. */
static void test_knight_warship(void **state)
{
    (void)state;
    static struct session s;
    pirates_main_phase(&s);
    int p = s.game.current;
    s.game.p[p].dev[DEV_KNIGHT] = 2;
    s.game.deck_pos += 2; /* the cards came from the deck */
    struct bot *b = bot_with(&s, 0);
    const char *me = nick_of(b, p);
    expect_reply(b, me, "!play knight A",
                 "there is no robber on this board: a knight makes one of your ships a warship "
                 "(!play knight, without a hex)");
    int mark = n_recs;
    say(b, me, "!play knight");
    char want[120];
    snprintf(want, sizeof want, "%s's knight makes a ship a warship (warships: 1)", me);
    assert_true(any_line(mark, CHAN, want));
    assert_int_equal(sess(b)->game.warships[p], 1);
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_attack),
        cmocka_unit_test(test_attack_elsewhere),
        cmocka_unit_test(test_knight_warship),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
