/* Computer players are never away: a game with a person and computer players, saved and
 * restored by a new bot (a restart), and the bot cut off, rejoining and parting meanwhile, goes
 * on at once with every computer seat present, and is played to its end by the person and the
 * computer players: none of them gives up the seat, and the person's win is a real one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "session/session.h"

#include "bot_fake.h"

static struct bw_identity me = {"brickwood", "b", "bot.example", NULL, true, false};

/* The bot is in CHAN again and has seen ann there (its WHO after joining). */
static void bot_rejoins(struct bot *b)
{
    now += 1100;
    bot_on_join(b, CHAN, &me, now);
    struct bw_identity ann;
    ident(&ann, "ann");
    bot_on_member(b, CHAN, &ann, now);
    bot_on_members_known(b, CHAN, now);
}

/* Every computer player's seat is present, and no line since mark called one away. */
static void robots_present(struct bot *b, int mark)
{
    const struct session *s = sess(b);
    assert_non_null(s);
    int robots = 0;
    for (int i = 0; i < s->n_seats; i++) {
        if (!s->seat[i].robot)
            continue;
        robots++;
        if (!s->seat[i].present)
            fail_msg("%s is marked away", s->seat[i].nick);
    }
    assert_int_equal(robots, 2);
    for (int i = mark; i < n_recs; i++)
        if (strstr(recs[i].text, "(bot) is away") || strstr(recs[i].text, "(bot) was away"))
            fail_msg("a computer player called away: %s", recs[i].text);
}

/* ann and two easy computer players, their game started, ann in CHAN. */
static struct bot *game_with_robots(uint64_t seed)
{
    fake_members_on();
    fake_member("ann", "u", "ann.example", NULL);
    struct bot *b = make_bot(0, seed);
    say(b, "ann", "!new");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!start");
    return b;
}

static void test_restored_robots_play_on(void **state)
{
    (void)state;
    struct bot *b = game_with_robots(31);
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    play_with_robots(b, "ann", 40);
    assert_int_equal(sess(b)->state, SESSION_PLAYING);

    /* A restart: a new bot restores the saved game and joins the channel. */
    struct bot *b2 = make_bot(0, 32);
    assert_true(saved_len > 0);
    assert_int_equal(bot_restore(b2, saved, saved_len, now, NULL, 0), BW_OK);
    bot_free(b);
    bot_rejoins(b2);
    robots_present(b2, 0);
    assert_true(any_line(0, CHAN, "resumes"));

    /* Cut off and back, then parted and back: still no computer player away. */
    int mark = n_recs;
    now += 1100;
    bot_on_disconnect(b2, now);
    robots_present(b2, mark);
    bot_rejoins(b2);
    robots_present(b2, mark);
    now += 1100;
    bot_on_part(b2, CHAN, &me, now);
    robots_present(b2, mark);
    bot_rejoins(b2);
    robots_present(b2, mark);

    /* Played to the end, far past the time an away seat is kept: nobody gives up a seat. */
    mark = n_recs;
    int64_t from = now;
    int robot_moves = play_with_robots(b2, "ann", 20000);
    assert_true(robot_moves > 20);
    assert_true(now - from > SESSION_GRACE_MS);
    assert_null(sess(b2));
    assert_true(any_line(mark, CHAN, "wins with 1")); /* 10 or more victory points */
    for (int i = mark; i < n_recs; i++)
        if (strstr(recs[i].text, "gives up the seat") || strstr(recs[i].text, "left the game"))
            fail_msg("a seat was given up: %s", recs[i].text);
    check_no_leak();
    bot_free(b2);
}

/* A record from an older build, saved while the computer players were marked away (the bot
 * had left the channel): restored, they sit again and play on past the time an away seat is
 * kept. */
static void test_old_record_robots_sit_again(void **state)
{
    (void)state;
    struct bot *b = game_with_robots(33);
    play_with_robots(b, "ann", 20);
    struct session s = *sess(b);
    for (int i = 0; i < s.n_seats; i++) {
        s.seat[i].present = 0;
        s.seat[i].left_ms = now - 60000;
    }
    unsigned char blob[SESSION_RECORD_SIZE];
    size_t len = session_save(&s, now, blob, sizeof blob);
    assert_true(len > 0);
    bot_free(b);

    struct bot *b2 = make_bot(0, 34);
    assert_int_equal(bot_restore(b2, blob, len, now, NULL, 0), BW_OK);
    bot_rejoins(b2);
    robots_present(b2, 0);
    int64_t from = now;
    while (sess(b2) && now - from <= SESSION_GRACE_MS + 60000)
        play_with_robots(b2, "ann", 1);
    assert_non_null(sess(b2));
    robots_present(b2, 0);
    for (int i = 0; i < n_recs; i++)
        if (strstr(recs[i].text, "gives up the seat") || strstr(recs[i].text, "left the game"))
            fail_msg("a seat was given up: %s", recs[i].text);
    bot_free(b2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_restored_robots_play_on),
        cmocka_unit_test(test_old_record_robots_sit_again),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
