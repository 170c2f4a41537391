/* Catan for two through the bot's commands (doc/two.md): !variant two in the lobby (two seats,
 * the refusals), two people playing a whole game with the commands only (!neutral answering the
 * neutral pieces owed, !token and !give), the private prompts and the hidden cards, and a
 * person with a computer player. */
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

static void test_two_lobby(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 61);
    say(b, "ann", "!new");
    say(b, "bob", "!join");
    say(b, "cat", "!join");
    expect_reply(b, "ann", "!variant two",
                 "the two variant is for exactly 2 players, and 3 are seated; !variant lists the "
                 "variants");
    say(b, "cat", "!leave");
    int mark = n_recs;
    say(b, "ann", "!variant two");
    assert_true(any_line(mark, CHAN, "ann chose the variant two (Catan for two: "));
    assert_int_equal(sess(b)->variant, SESSION_VARIANT_TWO);
    expect_reply(b, "cat", "!join",
                 "the lobby in #catan is full: Catan for two is for 2 players (!variant none for "
                 "more)");
    expect_reply(b, "ann", "!expansion cities",
                 "Cities & Knights is played without a variant for now, and this lobby has the "
                 "two variant (!variant none first)");
    say(b, "ann", "!start");
    const struct session *s = sess(b);
    assert_int_equal(s->state, SESSION_PLAYING);
    assert_int_equal(s->game.opt.two, 1);
    /* The neutral players on the board and in the lists. */
    mark = n_recs;
    say(b, "bob", "!board text");
    assert_true(any_line(mark, NULL, "neutral A settlement "));
    assert_true(any_line(mark, NULL, "neutral B settlement "));
    mark = n_recs;
    say(b, "bob", "!token");
    assert_true(any_line(mark, "bob", "trade tokens: "));
    expect_reply(b, "bob", "!neutral 12-13",
                 "you owe no neutral piece now: !neutral answers after you build a road or a "
                 "settlement");
    bot_free(b);
}

/* The seat whose move the game waits for. */
/* action_words(), and the bank's trades ("!bank 4 wood for 1 ore"). */
static void words(const struct session *s, const struct game_action *a, char *cmd, size_t size)
{
    static const char *const names[] = {"wood", "brick", "wool", "grain", "ore"};
    if (a->type != ACT_BANK_TRADE) {
        action_words(s, a, cmd, size);
        return;
    }
    size_t k = (size_t)snprintf(cmd, size, "!bank");
    for (int r = 0; r < RES_COUNT && k < size; r++)
        if (a->give[r])
            k += (size_t)snprintf(cmd + k, size - k, " %d %s", a->give[r], names[r]);
    k += (size_t)snprintf(cmd + k, size - k, " for");
    for (int r = 0; r < RES_COUNT && k < size; r++)
        if (a->get[r])
            k += (size_t)snprintf(cmd + k, size - k, " %d %s", a->get[r], names[r]);
}

/* The move a person who knows the game types: a city, a settlement, the neutral piece, the
 * cards given back, a road, a token action, a card, then the rest (the first listed). */
static void play_move(struct bot *b, const char *nick, int seat)
{
    static const int order[] = {ACT_BUILD_CITY, ACT_BUILD_SETTLEMENT, ACT_CK_CHOOSE,  ACT_CK_GIVE,
                                ACT_TOKEN,      ACT_BUILD_ROAD,       ACT_BANK_TRADE, ACT_BUY_DEV,
                                ACT_ROLL};
    static struct game_action acts[2048];
    const struct session *s = sess(b);
    const struct game *g = &s->game;
    int n = game_legal_actions(g, seat, acts, 2048), spot = 0, least = 0;
    for (int v = 0; v < game_geo(g)->n_vertices; v++)
        spot |= game_can_settle(g, seat, v);
    for (int r = 1; r < RES_COUNT; r++)
        least = g->p[seat].res[r] < g->p[seat].res[least] ? r : least;
    char cmd[160] = "";
    for (size_t k = 0; k < sizeof order / sizeof order[0] && !cmd[0]; k++)
        for (int i = 0; i < n && i < 2048 && !cmd[0]; i++)
            /* Roads only toward a new corner; the bank only for the resource held least. */
            if (acts[i].type == order[k] && !(order[k] == ACT_BUILD_ROAD && spot) &&
                !(order[k] == ACT_BANK_TRADE && !acts[i].get[least]))
                words(s, &acts[i], cmd, sizeof cmd);
    if (cmd[0])
        say(b, nick, cmd);
    else
        assert_true(type_first_move(b, nick, seat));
}

static int awaited(struct bot *b)
{
    unsigned w = game_waiting_for(&sess(b)->game);
    return w ? __builtin_ctz(w) : -1;
}

static void test_two_people_play(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 63);
    say(b, "ann", "!new");
    say(b, "ann", "!variant two");
    say(b, "bob", "!join");
    say(b, "ann", "!rules points 6"); /* a shorter game */
    say(b, "ann", "!start");
    int neutral = 0, tokens = 0, gives = 0, prompts = 0;
    for (int k = 0; k < 8000 && sess(b) && sess(b)->state == SESSION_PLAYING; k++) {
        int seat = awaited(b);
        assert_true(seat >= 0);
        const struct game *g = &sess(b)->game;
        const char *nick = nick_of(b, seat);
        int ask = g->ck.p[seat].ask, mark = n_recs;
        struct game before = *g;
        play_move(b, nick, seat);
        if (!sess(b))
            break;
        g = &sess(b)->game;
        neutral += ask == ASK_NEUTRAL;
        gives += ask == ASK_RETURN;
        tokens += g->two.used != before.two.used;
        /* Asked: told privately what to type. */
        if (g->ck.p[seat].ask && !before.ck.p[seat].ask &&
            any_line(mark, nick, g->ck.p[seat].ask == ASK_NEUTRAL ? "!neutral " : "!give LIST"))
            prompts++;
        /* A forced trade: the cards drawn told to the two only, the channel only how many. */
        if ((g->two.used & (1u << TOKEN_TRADE)) && !(before.two.used & (1u << TOKEN_TRADE))) {
            assert_true(any_line(mark, CHAN, " forces a trade on "));
            assert_false(any_line(mark, CHAN, "you stole"));
        }
    }
    if (sess(b) && sess(b)->state == SESSION_PLAYING)
        fail_msg("no winner after the moves: turn %d, %d and %d points", sess(b)->game.turn,
                 game_vp_total(&sess(b)->game, 0), game_vp_total(&sess(b)->game, 1));
    assert_true(any_line(0, CHAN, " wins with "));
    printf("Catan for two by commands: %d neutral pieces, %d token actions, %d cards given back, "
           "%d prompts\n",
           neutral, tokens, gives, prompts);
    assert_true(neutral > 0 && tokens > 0 && gives > 0 && prompts > 0);
    bot_free(b);
}

static void test_two_with_robot(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 65);
    say(b, "ann", "!new");
    say(b, "ann", "!variant two");
    say(b, "ann", "!addbot normal");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    int robot_moves = 0;
    for (int round = 0; round < 400 && sess(b) && sess(b)->state == SESSION_PLAYING; round++)
        robot_moves += play_with_robots(b, "ann", 15);
    assert_true(robot_moves > 20);
    assert_true(!sess(b) || sess(b)->state != SESSION_PLAYING);
    assert_true(any_line(0, CHAN, " wins with "));
    check_no_leak();
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_lobby),
        cmocka_unit_test(test_two_people_play),
        cmocka_unit_test(test_two_with_robot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
