/* Computer players trading at the table: a counter-offer to a person's offer that they cannot
 * pay, confirmed when the person accepts; an offer of their own in their turn, addressed to
 * everyone who may trade with them, answered by the other computer player, waited for while a
 * person has not answered, confirmed when the person accepts, and withdrawn five seconds after
 * only people's answers are missing, once a turn; refusing a person's offer, they say why. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "engine/internal.h"
#include "engine/playout.h"
#include "session/session.h"

#include "bot_fake.h"

/* A table of xena and two normal computer players, after the setup, hands emptied, with the
 * first turn's player a person (want_person) or a computer; the dice rolled 6+6 (no desert
 * token: nothing is produced on most boards, and the hands are set afterwards anyway). */
static void robot_table(struct session *s, bool want_person)
{
    struct session_rules rules = {3, 6, 10, 0, SESSION_ROBOT_NORMAL, false};
    for (uint64_t seed = 1; seed < 200; seed++) {
        session_init(s, CHAN, &rules, seed);
        struct session_who w = {"xena", "u", "xena.example", NULL, false};
        assert_true(session_join(s, &w) >= 0);
        assert_true(session_add_robot(s, SESSION_ROBOT_NORMAL) >= 0);
        assert_true(session_add_robot(s, SESSION_ROBOT_NORMAL) >= 0);
        char msg[100];
        assert_int_equal(session_start(s, NULL, now, msg, sizeof msg), BW_OK);
        struct bw_rng rng;
        bw_rng_seed(&rng, seed);
        while (s->game.phase == PHASE_SETUP_SETTLEMENT || s->game.phase == PHASE_SETUP_ROAD) {
            struct game_action a;
            assert_int_equal(playout_choose(&s->game, &rng, &a), BW_OK);
            assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
        }
        if (session_robot_plays(s, s->game.current) == want_person)
            continue;
        roll_to_main(s, 6, 6);
        for (int p = 0; p < 3; p++)
            memset(s->game.p[p].res, 0, sizeof s->game.p[p].res);
        return;
    }
    fail_msg("no seating with the wanted first player");
}

static int seat_of(const struct session *s, bool robot, int skip)
{
    for (int i = 0; i < s->n_seats; i++)
        if (session_robot_plays(s, i) == robot && i != skip)
            return i;
    fail_msg("no such seat");
    return -1;
}

static void set_hand(struct session *s, int p, int wood, int brick, int wool, int grain, int ore)
{
    const int n[RES_COUNT] = {wood, brick, wool, grain, ore};
    for (int r = 0; r < RES_COUNT; r++)
        s->game.p[p].res[r] = (uint8_t)n[r];
}

/* Turns of the loop until the computer players have nothing due, or `until`. */
static void run_robots(struct bot *b, int64_t until)
{
    for (int i = 0; i < 200; i++) {
        int64_t due = bot_next_deadline(b);
        if (due > until)
            break;
        now = due > now ? due : now;
        bot_tick(b, now);
    }
}

/* Turns of the loop, one due time at a time, until a channel line since mark contains needle
 * or the clock passes until; the clock then. */
static int64_t run_until_line(struct bot *b, int mark, const char *needle, int64_t until);

/* The first channel line since mark containing needle, or "". */
static const char *line_with(int mark, const char *needle)
{
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, CHAN) == 0 && strstr(recs[i].text, needle))
            return recs[i].text;
    return "";
}

static int64_t run_until_line(struct bot *b, int mark, const char *needle, int64_t until)
{
    for (int i = 0; i < 400 && !line_with(mark, needle)[0]; i++) {
        int64_t due = bot_next_deadline(b);
        if (due > until)
            break;
        now = due > now ? due : now;
        bot_tick(b, now);
    }
    return now;
}

/* No digit and none of the resources but those of an offer (the words in want): what a reason
 * may say without showing the hand. */
static void names_only(const char *line, const char *const *want, int n_want)
{
    static const char *const res[] = {"wood", "brick", "wool", "grain", "ore"};
    for (const char *c = line; *c; c++)
        if (*c >= '0' && *c <= '9')
            fail_msg("a number in the reason \"%s\"", line);
    for (int r = 0; r < 5; r++) {
        bool allowed = false;
        for (int k = 0; k < n_want; k++)
            allowed |= strcmp(res[r], want[k]) == 0;
        if (!allowed && strstr(line, res[r]))
            fail_msg("the reason \"%s\" names %s", line, res[r]);
    }
}

static int count_with(int mark, const char *needle)
{
    int n = 0;
    for (int i = mark; i < n_recs; i++)
        for (const char *t = recs[i].text; (t = strstr(t, needle)) != NULL; t++)
            n += strcasecmp(recs[i].target, CHAN) == 0;
    return n;
}

/* Xena offers an ore for two brick. The computer player who wants the ore for a city but holds
 * one brick refuses and offers one brick for the ore instead, to xena alone; xena accepts, and
 * the computer player confirms. The other computer player, with no brick, only refuses. */
static void test_counter_offer_to_a_person(void **state)
{
    (void)state;
    static struct session s;
    robot_table(&s, true);
    int x = s.game.current, ada = seat_of(&s, true, -1), bob = seat_of(&s, true, ada);
    set_hand(&s, x, 1, 0, 1, 0, 1);
    set_hand(&s, ada, 0, 1, 0, 2, 2);
    set_hand(&s, bob, 1, 0, 1, 0, 0);
    struct bot *b = bot_with(&s, 0);
    char ada_nick[SESSION_NICK_MAX + 1], bob_nick[SESSION_NICK_MAX + 1], want[200];
    snprintf(ada_nick, sizeof ada_nick, "%s", nick_of(b, ada));
    snprintf(bob_nick, sizeof bob_nick, "%s", nick_of(b, bob));
    int mark = n_recs;
    say(b, "xena", "!trade offer 1 ore for 2 brick");
    int id = sess(b)->game.next_offer_id - 1;
    snprintf(want, sizeof want, "xena offers 1 ore for 2 brick to %s, %s (offer %d)",
             nick_of(b, (x + 1) % 3), nick_of(b, (x + 2) % 3), id);
    assert_string_not_equal(line_with(mark, want), "");
    run_robots(b, now + 10000);
    snprintf(want, sizeof want, "%s rejects offer %d", ada_nick, id);
    assert_string_not_equal(line_with(mark, want), "");
    snprintf(want, sizeof want, "%s rejects offer %d", bob_nick, id);
    assert_string_not_equal(line_with(mark, want), "");
    snprintf(want, sizeof want, "%s offers 1 brick for 1 ore to xena (offer %d)", ada_nick, id + 1);
    assert_string_not_equal(line_with(mark, want), "");
    assert_int_equal(count_with(mark, " offers "), 2); /* xena's and the one counter-offer */
    /* Each says why to xena: the counter-offer; the brick bob would need for a settlement (bob,
     * with no brick, names neither his wood nor his wool). */
    snprintf(want, sizeof want, "%s: xena, counter: 1 brick for 1 ore", ada_nick);
    assert_string_not_equal(line_with(mark, want), "");
    snprintf(want, sizeof want, "%s: xena, no: ", bob_nick);
    const char *why = line_with(mark, want);
    assert_string_equal(why + strlen(want), "I need brick for a settlement");
    static const char *const offered[] = {"brick", "ore"};
    names_only(why + strlen(bob_nick), offered, 2);
    /* Nothing happens while xena thinks it over. */
    mark = n_recs;
    run_robots(b, now + 30000);
    assert_int_equal(count_to(mark, CHAN), 0);
    char cmd[40];
    snprintf(cmd, sizeof cmd, "!trade accept %d", id + 1);
    say(b, "xena", cmd);
    snprintf(want, sizeof want, "xena accepts offer %d; %s may confirm", id + 1, ada_nick);
    assert_string_not_equal(line_with(mark, want), "");
    run_robots(b, now + 10000);
    snprintf(want, sizeof want, "%s gives 1 brick to xena for 1 ore", ada_nick);
    assert_string_not_equal(line_with(mark, want), "");
    assert_int_equal(sess(b)->game.p[ada].res[RES_ORE], 3);
    assert_int_equal(sess(b)->game.p[x].res[RES_BRICK], 1);
    check_no_leak();
    bot_free(b);
}

/* A computer player sitting in for a person refuses xena's offer without a word in their name;
 * the computer player of its own seat says why. */
static void test_sitter_says_nothing(void **state)
{
    (void)state;
    static struct session s;
    robot_table(&s, true);
    int x = s.game.current, ada = seat_of(&s, true, -1), yann = seat_of(&s, true, ada);
    s.seat[yann].robot = 0;
    s.seat[yann].takeover = SESSION_SITTING;
    snprintf(s.seat[yann].nick, sizeof s.seat[yann].nick, "yann");
    set_hand(&s, x, 1, 0, 1, 0, 1);
    set_hand(&s, ada, 0, 1, 0, 2, 2);
    set_hand(&s, yann, 1, 0, 1, 0, 0);
    struct bot *b = bot_with(&s, 0);
    char want[200];
    int mark = n_recs;
    say(b, "xena", "!trade offer 1 ore for 2 brick");
    int id = sess(b)->game.next_offer_id - 1;
    run_robots(b, now + 10000);
    snprintf(want, sizeof want, "yann rejects offer %d", id);
    assert_string_not_equal(line_with(mark, want), "");
    assert_string_equal(line_with(mark, "yann: "), "");
    snprintf(want, sizeof want, "%s: xena, counter: ", nick_of(b, ada));
    assert_string_not_equal(line_with(mark, want), "");
    check_no_leak();
    bot_free(b);
}

/* A table where computer player *ada is to move after the roll with two wool, two grain and
 * two ore (an ore short of a city); xena holds two ore, computer player *bob none. */
static struct bot *own_offer_table(int *ada, int *bob, char ada_nick[SESSION_NICK_MAX + 1])
{
    static struct session s;
    robot_table(&s, false);
    *ada = s.game.current;
    *bob = seat_of(&s, true, *ada);
    set_hand(&s, *ada, 0, 0, 2, 2, 2);
    set_hand(&s, seat_of(&s, false, -1), 0, 0, 0, 0, 2);
    set_hand(&s, *bob, 1, 1, 0, 0, 0);
    struct bot *b = bot_with(&s, 0);
    snprintf(ada_nick, SESSION_NICK_MAX + 1, "%s", nick_of(b, *ada));
    return b;
}

/* A computer player two grain and two ore in its turn asks for the ore its city lacks, from
 * xena and the other computer player (who refuses: it has no ore). It waits for xena; when
 * xena accepts it confirms and builds the city. */
static void test_own_offer_accepted(void **state)
{
    (void)state;
    int ada, bob;
    char ada_nick[SESSION_NICK_MAX + 1], want[200];
    struct bot *b = own_offer_table(&ada, &bob, ada_nick);
    int mark = n_recs;
    int64_t start = now;
    run_robots(b, now + 5000);
    int id = sess(b)->game.next_offer_id - 1;
    assert_true(id >= 1);
    snprintf(want, sizeof want, "%s offers ", ada_nick);
    const char *offer = line_with(mark, want);
    assert_non_null(strstr(offer, " for 1 ore to "));
    assert_non_null(strstr(offer, "xena"));
    assert_non_null(strstr(offer, nick_of(b, bob)));
    snprintf(want, sizeof want, "%s rejects offer %d", nick_of(b, bob), id);
    assert_string_not_equal(line_with(mark, want), "");
    /* It waits for xena: no other move for a while. */
    uint16_t turn = sess(b)->game.turn;
    assert_true(now - start < 5000);
    mark = n_recs;
    run_robots(b, start + 6000);
    assert_int_equal(count_to(mark, CHAN), 0);
    char cmd[40];
    snprintf(cmd, sizeof cmd, "!trade accept %d", id);
    say(b, "xena", cmd);
    run_robots(b, now + 20000);
    snprintf(want, sizeof want, "%s gives ", ada_nick);
    assert_non_null(strstr(line_with(mark, want), "to xena for 1 ore"));
    snprintf(want, sizeof want, "%s built a city", ada_nick);
    assert_string_not_equal(line_with(mark, want), "");
    assert_int_not_equal(sess(b)->game.turn, turn); /* and went on to end its turn */
    check_no_leak();
    bot_free(b);
}

/* The same offer, xena silent: once bob has refused, the computer player waits five seconds
 * for xena, withdraws the offer and goes on with its turn without asking again. */
static void test_own_offer_unanswered(void **state)
{
    (void)state;
    int ada, bob;
    char ada_nick[SESSION_NICK_MAX + 1], want[200];
    struct bot *b = own_offer_table(&ada, &bob, ada_nick);
    uint16_t turn = sess(b)->game.turn;
    int mark = n_recs;
    int64_t start = now;
    int64_t refused = run_until_line(b, mark, "rejects offer", start + 10000);
    assert_true(refused < start + 10000);
    int id = sess(b)->game.next_offer_id - 1;
    snprintf(want, sizeof want, "offer %d by %s is closed", id, ada_nick);
    int64_t closed = run_until_line(b, mark, want, refused + 10000);
    assert_string_not_equal(line_with(mark, want), "");
    assert_true(closed >= refused + 5000);
    assert_true(closed <= refused + 5000 + 2000); /* the delay before a move, and a poll */
    assert_int_equal(sess(b)->game.p[ada].res[RES_ORE], 2);
    run_robots(b, closed + 30000);
    assert_int_not_equal(sess(b)->game.turn, turn);
    snprintf(want, sizeof want, "%s offers ", ada_nick);
    assert_int_equal(count_with(mark, want), 1);
    check_no_leak();
    bot_free(b);
}

/* Refused by everyone, the offer closes at once and the computer player makes its next move
 * after the usual delay: it does not wait out the five seconds. */
static void test_own_offer_refused_goes_on(void **state)
{
    (void)state;
    int ada, bob;
    char ada_nick[SESSION_NICK_MAX + 1], cmd[40];
    struct bot *b = own_offer_table(&ada, &bob, ada_nick);
    uint16_t turn = sess(b)->game.turn;
    int mark = n_recs;
    run_until_line(b, mark, "rejects offer", now + 10000);
    int id = sess(b)->game.next_offer_id - 1;
    snprintf(cmd, sizeof cmd, "!trade reject %d", id);
    say(b, "xena", cmd);
    int64_t refused = now;
    assert_null(game_offer(&sess(b)->game, id));
    mark = n_recs;
    run_robots(b, refused + 2000); /* the delay before a move, and a poll */
    assert_true(count_to(mark, CHAN) > 0);
    run_robots(b, refused + 30000);
    assert_int_not_equal(sess(b)->game.turn, turn);
    check_no_leak();
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counter_offer_to_a_person),
        cmocka_unit_test(test_sitter_says_nothing),
        cmocka_unit_test(test_own_offer_accepted),
        cmocka_unit_test(test_own_offer_unanswered),
        cmocka_unit_test(test_own_offer_refused_goes_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
