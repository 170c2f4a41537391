/* Durable before visible: a change the store could not keep is never announced; the game goes
 * back to what its channel last saw, pauses, says why, tells the admins, and goes on when a
 * save works again. A channel whose saved game could not be read takes no new lobby until an
 * admin erases it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot_fake.h"
#include "engine/error.h"

#define FAILED "could not be saved; it is paused until it can be"
#define UNREACHABLE "is paused: the store cannot be reached"

/* An admin (by host) says text: in channel, or privately when channel is NULL. */
static void admin_says(struct bot *b, const char *channel, const char *text)
{
    struct bw_identity id = {"root", "r", "trusted.example", NULL, true, false};
    now += 1100;
    bot_on_message(b, channel, &id, text, now);
}

static int lines_to_channel_with(int mark, const char *needle)
{
    int n = 0;
    for (int i = mark; i < n_recs; i++)
        if (strcmp(recs[i].target, CHAN) == 0 && strstr(recs[i].text, needle))
            n++;
    return n;
}

static struct bot *failing_game(struct session *before, const char **current)
{
    struct session s;
    crafted(&s, 180);
    struct bot *b = bot_with(&s, 180);
    fake_store_error = 0;
    admin_says(b, NULL, "games"); /* the bot knows this admin */
    *before = *sess(b);
    *current = nick_of(b, before->game.current);
    return b;
}

/* The roll that could not be saved: not announced, undone, refused with the reason, the game
 * paused; the channel and the admin are told once. */
static void test_failed_save_announces_nothing(void **state)
{
    (void)state;
    struct session before;
    const char *current;
    struct bot *b = failing_game(&before, &current);
    int secs = session_turn_seconds_left(sess(b), now);
    fake_store_error = BW_E(IO);
    int mark = n_recs;
    say(b, current, "!roll");
    assert_int_equal(lines_to_channel_with(mark, "rolled"), 0);
    for (int i = mark; i < n_recs; i++)
        assert_true(strcmp(recs[i].key, "hand") != 0); /* no hand the channel's game never had */
    assert_true(any_line(mark, current, FAILED));
    assert_int_equal(lines_to_channel_with(mark, FAILED), 1);
    assert_true(any_line(mark, "root", "the store fails"));
    const struct session *now_s = sess(b);
    assert_non_null(now_s);
    assert_true(now_s->paused);
    assert_memory_equal(&now_s->game, &before.game, sizeof before.game);
    assert_true(bot_unsaved(b));

    /* Asked again: the same answer, to the one asking only; the channel and the admin were
     * told once. !status says why the game waits. */
    mark = n_recs;
    say(b, current, "!roll");
    say(b, "yuri", "!status");
    assert_true(any_line(mark, current, FAILED));
    assert_true(any_line(mark, "yuri", FAILED));
    assert_int_equal(lines_to_channel_with(mark, FAILED), 0);
    assert_false(any_line(mark, "root", "the store fails"));
    char line[400];
    bot_describe_channel(b, CHAN, now, line, sizeof line);
    assert_non_null(strstr(line, "paused (the store fails"));
    mark = n_recs;
    admin_says(b, NULL, "save"); /* the admin's save names the game that waits */
    assert_true(any_line(mark, "root", "#catan could not be saved and is paused"));

    /* Ten minutes of a failing store: its clock stands still and nobody acts for anyone; the
     * save is tried again every few seconds. */
    int tries = n_store_tries;
    mark = n_recs;
    for (int k = 0; k < 120; k++) {
        now += 5000;
        bot_tick(b, now);
    }
    assert_true(n_store_tries - tries >= 100);
    assert_int_equal(n_recs, mark);
    assert_memory_equal(&sess(b)->game, &before.game, sizeof before.game);

    /* The store works again: the game goes on from where the channel saw it, with the time
     * that was left. */
    fake_store_error = 0;
    now += 5000;
    bot_tick(b, now);
    assert_int_equal(lines_to_channel_with(mark, "resumes"), 1);
    assert_false(sess(b)->paused);
    assert_false(bot_unsaved(b));
    int left = session_turn_seconds_left(sess(b), now);
    assert_true(left <= secs && left >= secs - 3);
    mark = n_recs;
    say(b, current, "!roll");
    assert_int_equal(lines_to_channel_with(mark, "rolled"), 1);
    bot_free(b);
}

/* A failing store and a silent server at once: neither's end alone sets the clock going. */
static void test_store_and_link_both_down(void **state)
{
    (void)state;
    struct session before;
    const char *current;
    struct bot *b = failing_game(&before, &current);
    int secs = session_turn_seconds_left(sess(b), now);

    /* The server falls silent and the pause cannot be saved: the game is back at its last
     * saved state, paused for the store. The server answering again does not start it. */
    fake_store_error = BW_E(IO);
    now += 1000;
    bot_link(b, false, now);
    assert_true(sess(b)->paused);
    assert_true(bot_unsaved(b));
    now += 1000;
    bot_link(b, true, now);
    assert_true(sess(b)->paused);
    now += 5000;
    bot_tick(b, now);
    assert_true(sess(b)->paused);

    /* The server falls silent again, then the store works: the game waits for the server. */
    bot_link(b, false, now);
    fake_store_error = 0;
    now += 5000;
    bot_tick(b, now);
    assert_false(bot_unsaved(b));
    assert_true(sess(b)->paused);
    now += 60000;
    bot_tick(b, now);
    assert_true(sess(b)->paused);

    /* The server answers: the clock goes on from where it stood when the first pause came. */
    bot_link(b, true, now);
    assert_false(sess(b)->paused);
    now += 2000;
    int left = session_turn_seconds_left(sess(b), now);
    assert_true(left <= secs - 1 && left >= secs - 4);
    bot_free(b);
}

/* An admin's stop that cannot be recorded is refused, and the game stays. */
static void test_stop_not_recorded_is_refused(void **state)
{
    (void)state;
    struct session before;
    const char *current;
    struct bot *b = failing_game(&before, &current);
    fake_store_error = BW_E(IO);
    int mark = n_recs;
    admin_says(b, CHAN, "!stop");
    assert_int_equal(lines_to_channel_with(mark, "stopped"), 0);
    assert_true(any_line(mark, "root", FAILED));
    assert_non_null(sess(b));
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    /* Once the store works, the stop goes through. */
    fake_store_error = 0;
    mark = n_recs;
    admin_says(b, CHAN, "!stop");
    assert_int_equal(lines_to_channel_with(mark, "stopped"), 1);
    assert_null(sess(b));
    assert_int_equal(saved_len, 0);
    bot_free(b);
}

/* A lobby that cannot be saved is never opened. */
static void test_lobby_not_saved_is_not_opened(void **state)
{
    (void)state;
    struct bot *b = make_bot(180, 1);
    fake_store_error = BW_E(IO);
    int mark = n_recs;
    say(b, "ann", "!new");
    assert_null(sess(b));
    assert_true(any_line(mark, "ann", FAILED));
    assert_int_equal(lines_to_channel_with(mark, "!join"), 0);
    assert_false(bot_unsaved(b));
    fake_store_error = 0;
    say(b, "ann", "!new");
    assert_non_null(sess(b));
    bot_free(b);
}

/* A channel whose saved game could not be read refuses !new with the reason until an admin's
 * stop there erases the game. */
/* The store's server out of reach: the refused move, the channel and later commands say so, and
 * the game goes on when a save works. */
static void test_unreachable_said(void **state)
{
    (void)state;
    struct session before;
    const char *current;
    struct bot *b = failing_game(&before, &current);
    fake_store_error = BW_E(IO);
    fake_unreachable = true;
    int mark = n_recs;
    say(b, current, "!roll");
    assert_int_equal(lines_to_channel_with(mark, "rolled"), 0);
    assert_true(any_line(mark, current, UNREACHABLE));
    assert_int_equal(lines_to_channel_with(mark, UNREACHABLE), 1);
    assert_int_equal(lines_to_channel_with(mark, FAILED), 0);
    mark = n_recs;
    say(b, "yuri", "!status");
    assert_true(any_line(mark, "yuri", UNREACHABLE));
    assert_memory_equal(&sess(b)->game, &before.game, sizeof before.game);
    fake_store_error = 0;
    fake_unreachable = false;
    now += 5000;
    bot_tick(b, now);
    assert_int_equal(lines_to_channel_with(mark, "saved again and resumes"), 1);
    mark = n_recs;
    say(b, current, "!roll");
    assert_int_equal(lines_to_channel_with(mark, "rolled"), 1);
    bot_free(b);
}

/* release: the game saved paused, the channel released and left, the game forgotten (not
 * erased); refused, releasing nothing, while the game cannot be saved or when the store says
 * no, and then the game runs on. */
static void test_release(void **state)
{
    (void)state;
    struct session before;
    const char *current;
    struct bot *b = failing_game(&before, &current);
    fake_store_error = BW_E(IO);
    say(b, current, "!roll"); /* not saved: the game waits for the store */
    int mark = n_recs;
    admin_says(b, NULL, "release");
    assert_true(any_line(mark, "root", "release failed: #catan could not be saved and is paused"));
    assert_string_equal(released_channel, "");
    assert_non_null(sess(b));
    fake_store_error = 0;
    now += 5000;
    bot_tick(b, now);
    assert_false(sess(b)->paused);

    fake_release_result = BW_E(IO);
    mark = n_recs;
    admin_says(b, NULL, "release #Catan");
    assert_true(any_line(mark, "root", "release failed: the database says no; nothing"));
    assert_string_equal(released_channel, "#Catan");
    assert_false(sess(b)->paused); /* paused for the release, and running again */
    assert_string_equal(parted, "");

    fake_release_result = 1;
    int saves = n_saves;
    mark = n_recs;
    admin_says(b, NULL, "release");
    assert_true(any_line(mark, "root", "released #catan (saved games: 1)"));
    assert_string_equal(released_channel, "*");
    assert_string_equal(parted, CHAN);
    assert_null(sess(b));
    assert_int_equal(n_saves, saves + 1);
    assert_true(saved_len > 0); /* kept for the next instance, not erased */
    struct session s;
    char why[128];
    assert_int_equal(session_restore_at(&s, saved, saved_len, now, INT64_MIN, why, sizeof why),
                     BW_OK);
    assert_true(s.paused);
    assert_memory_equal(&s.game, &before.game, sizeof before.game);
    bot_free(b);
}

/* An admin's "join #chan" claims the channel first: refused with the reason when another
 * instance holds it (nothing joined); a channel with a game here keeps it (nothing asked of the
 * store); a released game is taken up from its save, as it was, when the bot has none there. */
static void test_join_claims(void **state)
{
    (void)state;
    struct session before;
    const char *current;
    struct bot *b = failing_game(&before, &current);
    fake_store_error = 0;
    fake_claim_result = BW_E(DENIED);
    int mark = n_recs;
    admin_says(b, NULL, "join #other");
    assert_true(any_line(mark, "root", "not joining #other: #other is claimed by instance b"));
    assert_string_equal(joined_channel, "");

    fake_claim_result = 0;
    admin_says(b, NULL, "join " CHAN);
    assert_false(fake_claim_asked); /* the game here is newer than any save */
    assert_string_equal(joined_channel, CHAN);
    assert_memory_equal(&sess(b)->game, &before.game, sizeof before.game);

    admin_says(b, NULL, "release");
    assert_null(sess(b));
    joined_channel[0] = '\0';
    mark = n_recs;
    admin_says(b, NULL, "join " CHAN);
    assert_true(any_line(mark, "root", "joining " CHAN));
    assert_true(fake_claim_asked);
    assert_string_equal(joined_channel, CHAN);
    assert_non_null(sess(b));
    assert_true(sess(b)->paused); /* until the bot is back in the channel */
    assert_memory_equal(&sess(b)->game, &before.game, sizeof before.game);
    bot_free(b);
}

static void test_unreadable_game_blocks_new(void **state)
{
    (void)state;
    struct bot *b = make_bot(180, 1);
    fake_store_error = 0;
    bot_unreadable(b, CHAN, "the record's CRC does not match");
    int mark = n_recs;
    say(b, "ann", "!new");
    assert_null(sess(b));
    assert_true(any_line(mark, "ann", "cannot be read (the record's CRC does not match)"));
    say(b, "ann", "!stop");
    assert_true(any_line(mark, "ann", "cannot be read"));
    int tries = n_store_tries;
    saved_len = 1;
    admin_says(b, CHAN, "!stop");
    assert_int_equal(n_store_tries, tries + 1);
    assert_int_equal(saved_len, 0);
    assert_int_equal(lines_to_channel_with(mark, "is erased"), 1);
    say(b, "ann", "!new");
    assert_non_null(sess(b));
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_failed_save_announces_nothing),
        cmocka_unit_test(test_store_and_link_both_down),
        cmocka_unit_test(test_stop_not_recorded_is_refused),
        cmocka_unit_test(test_lobby_not_saved_is_not_opened),
        cmocka_unit_test(test_unreadable_game_blocks_new),
        cmocka_unit_test(test_unreachable_said),
        cmocka_unit_test(test_release),
        cmocka_unit_test(test_join_claims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
