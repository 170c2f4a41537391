/* Finished games through the bot into a real store, and what !top and !stats say about them:
 * a game won, a game won because the others resigned, a stopped game, ties, ratings checked
 * against values worked out by hand, the fixed reply forms, identities (a player is who sat
 * down, not whoever uses the nick now), the two-line limit and the channel repeat limit; the
 * admin save checkpoints the store. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "bot_fake.h"
#include "i18n/i18n.h"
#include "netstore.h"
#include "store/store.h"
#include "store_fixture.h"

static struct store_fixture fx;
static struct store *st;
static struct net_store *ns;

static int setup(void **state)
{
    (void)state;
    if (store_fixture_open(&fx, "records") != 0)
        return -1;
    st = fx.st;
    ns = net_store_new(st, "testnet");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    net_store_free(ns);
    return store_fixture_close(&fx);
}

static void use_store(struct bot *b)
{
    struct session_store_ops ops;
    net_store_ops(ns, &ops);
    bot_set_store(b, &ops);
}

/* The text of the last line since mark to target that contains needle, or NULL. */
static const char *last_line(int mark, const char *target, const char *needle)
{
    const char *found = NULL;
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, target) == 0 && strstr(recs[i].text, needle))
            found = recs[i].text;
    return found;
}

static void expect_line(int mark, const char *target, const char *text)
{
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, target) == 0 && strcmp(recs[i].text, text) == 0)
            return;
    const char *near = last_line(mark, target, "");
    fail_msg("no line \"%s\" to %s (last: \"%s\")", text, target, near ? near : "none");
}

/* A 3-player game (xena, yuri, zoe) played to 3 victory points: the current player holds a
 * city's cards after the roll. Returns the bot; *winner is that player's seat. */
static struct bot *near_the_end(int *winner)
{
    static struct session s;
    crafted(&s, 0);
    s.rules.victory_points = 3;
    s.game.vp_goal = 3;
    roll_to_main(&s, 2, 3);
    int p = s.game.current;
    s.game.p[p].res[RES_GRAIN] = 2;
    s.game.p[p].res[RES_ORE] = 3;
    *winner = p;
    struct bot *b = bot_with(&s, 0);
    use_store(b);
    return b;
}

static int settlement_of(const struct session *s, int p)
{
    const struct board_geo *geo = board_geo(s->game.opt.board);
    for (int v = 0; v < geo->n_vertices; v++)
        if (s->game.vertex_owner[v] == p && s->game.vertex_building[v] == BUILDING_SETTLEMENT)
            return v;
    fail_msg("no settlement");
    return -1;
}

static int count_game(void *ctx, const char *network, const char *channel, const void *blob,
                      size_t len)
{
    ++*(int *)ctx;
    return 0;
}

static int running_games(void)
{
    int n = 0;
    char err[256];
    assert_int_equal(store_each_game(st, NULL, count_game, &n, err, sizeof err), BW_OK);
    return n;
}

/* Game 1: won by building a city (3 VP against 2 and 2). Every rating starts at 1500 and each
 * of the 3 pairs weighs K / (n - 1) = 32 / 2 = 16: the winner beats both others (+8 each), the
 * two others draw (2 VP each: 0) and lose to the winner (-8): 1516, 1492, 1492. */
static void test_win_recorded_and_shown(void **state)
{
    (void)state;
    int w;
    struct bot *b = near_the_end(&w);
    const struct session *s = sess(b);
    char winner[SESSION_NICK_MAX + 1], cmd[sizeof "!stats " + SESSION_NICK_MAX];
    snprintf(winner, sizeof winner, "%s", s->seat[w].nick);
    snprintf(cmd, sizeof cmd, "!city %d", settlement_of(s, w) + 1);
    assert_true(running_games() == 0 || running_games() == 1);
    say(b, winner, cmd);
    assert_true(any_line(0, CHAN, "wins with 3 victory points"));
    assert_null(sess(b));
    assert_int_equal(running_games(), 0); /* the running game went with the record */

    int mark = n_recs;
    say(b, "zoe", "!top");
    char want[256];
    const char *first = strcmp(winner, "xena") ? "xena" : "yuri";
    const char *second = strcmp(winner, "zoe") ? "zoe" : "yuri";
    if (strcmp(winner, "yuri") == 0)
        first = "xena", second = "zoe";
    /* Equal ratings and games: by identity, "xena!u@xena.example" < "yuri!…" < "zoe!…". */
    snprintf(want, sizeof want,
             "#catan top: 1. %s 1516 (1 games, 1 wins) 2. %s 1492 (1 games, 0 wins) 3. %s 1492 "
             "(1 games, 0 wins)",
             winner, first, second);
    expect_line(mark, CHAN, want);

    mark = n_recs;
    say(b, "yuri", "!stats");
    say(b, "yuri", "!stats"); /* a moment later: to the one asking, not the channel again */
    snprintf(want, sizeof want, "%s: 1516 rating, 1 games, 1 wins (100%%), best 3 VP", winner);
    const char *me =
        strcmp(winner, "yuri") == 0 ? want : "yuri: 1492 rating, 1 games, 0 wins (0%), best 2 VP";
    expect_line(mark, CHAN, me);
    expect_line(mark, "yuri", me);
    assert_int_equal(count_to(mark, CHAN), 1);

    mark = n_recs;
    now += 20000;
    snprintf(cmd, sizeof cmd, "!stats %s", winner);
    say(b, "zoe", cmd);
    snprintf(want, sizeof want, "%s: 1516 rating, 1 games, 1 wins (100%%), best 3 VP", winner);
    expect_line(mark, CHAN, want);
    mark = n_recs;
    say(b, "zoe", "!stats nobody");
    expect_line(mark, "zoe", "nobody has no games yet"); /* the channel saw stats just now */
    /* In a Ukrainian channel the same forms, translated, keep their shape. */
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    now += 60000;
    mark = n_recs;
    say(b, "zoe", "!top");
    snprintf(want, sizeof want,
             "#catan рейтинг: 1. %s 1516 (ігор: 1, перемог: 1) 2. %s 1492 (ігор: 1, перемог: 0) "
             "3. %s 1492 (ігор: 1, перемог: 0)",
             winner, first, second);
    expect_line(mark, CHAN, want);
    now += 60000;
    mark = n_recs;
    snprintf(cmd, sizeof cmd, "!stats %s", winner);
    say(b, "zoe", cmd);
    snprintf(want, sizeof want, "%s: рейтинг 1516, ігор: 1, перемог: 1 (100%%), найкраще 3 ПО",
             winner);
    expect_line(mark, CHAN, want);
    mark = n_recs;
    say(b, "zoe", "!stats nobody");
    expect_line(mark, "zoe", "у nobody ще немає ігор");
    bot_free(b);
}

/* Someone else using a player's nick is not that player: !stats for oneself (or one's own
 * nick) goes by who one is (nick!user@host here), and !stats NICK of a nick not seated here
 * goes by who last finished a game under it. */
static void test_identity_not_nick(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 3);
    use_store(b);
    struct bw_identity fake = {"xena", "evil", "elsewhere.example", NULL, true, false};
    int mark = n_recs;
    bot_on_message(b, NULL, &fake, "!stats", now += 1000);
    expect_line(mark, "xena", "xena has no games yet");
    mark = n_recs;
    bot_on_message(b, NULL, &fake, "!stats xena", now += 1000);
    expect_line(mark, "xena", "xena has no games yet"); /* one's own nick: oneself */
    struct bw_identity zoe;
    ident(&zoe, "zoe");
    mark = n_recs;
    bot_on_message(b, NULL, &zoe, "!stats xena", now += 1000);
    assert_non_null(last_line(mark, "zoe", "xena: 1"));
    bot_free(b);
}

/* Game 2: the two others resign, the last one wins without the points. Resigned players place
 * below the rest, and between themselves by points (a draw at 2 and 2). */
static void test_resignations(void **state)
{
    (void)state;
    int w;
    struct bot *b = near_the_end(&w);
    const struct session *s = sess(b);
    char nicks[3][SESSION_NICK_MAX + 1];
    for (int i = 0; i < 3; i++)
        snprintf(nicks[i], sizeof nicks[i], "%s", s->seat[i].nick);
    /* Ratings before, from game 1: 1516 for its winner, 1492 for the others. */
    struct session_rank before[3];
    struct session_store_ops ops;
    net_store_ops(ns, &ops);
    char ident_of[3][SESSION_IDENTITY_MAX + 1];
    for (int i = 0; i < 3; i++) {
        session_identity(NULL, nicks[i], s->seat[i].userhost, ident_of[i], sizeof ident_of[i]);
        assert_int_equal(ops.stats(ops.ctx, ident_of[i], NULL, &before[i]), BW_OK);
    }
    for (int i = 0; i < 3; i++)
        if (i != w)
            say(b, nicks[i], "!leave");
    assert_true(any_line(0, CHAN, "wins"));
    assert_null(sess(b));
    struct session_rank after[3];
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ops.stats(ops.ctx, ident_of[i], NULL, &after[i]), BW_OK);
        assert_int_equal(after[i].games, before[i].games + 1);
        assert_int_equal(after[i].wins, before[i].wins + (i == w));
    }
    /* The same table sat down in the same order, so game 1's winner wins again: 1516 against
     * 1492 and 1492. Per pair K = 16 and E = 1 / (1 + 10^((Rb - Ra) / 400)):
     * E(1516 vs 1492) = 1 / (1 + 10^(-0.06)) = 0.534497, E(1492 vs 1516) = 0.465503.
     * Winner: 1516 + 16 * 2 * (1 - 0.534497) = 1530.896 -> 1531.
     * Each who resigned: loses to the winner, 16 * (0 - 0.465503) = -7.448, and draws the
     * other (2 VP each, both resigned: 0): 1492 - 7.448 = 1484.552 -> 1485. */
    for (int i = 0; i < 3; i++) {
        assert_int_equal(before[i].rating, i == w ? 1516 : 1492);
        assert_int_equal(after[i].rating, i == w ? 1531 : 1485);
    }
    bot_free(b);
}

/* A player who changes nick during the game keeps one record: the result belongs to who sat
 * down (nick!user@host as they sat down), shown under the nick they have at the end. */
static void test_result_follows_the_person_not_the_nick(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    int p = (s.game.current + 1) % 3;
    char old[SESSION_NICK_MAX + 1], id[SESSION_IDENTITY_MAX + 1];
    snprintf(old, sizeof old, "%s", s.seat[p].nick);
    session_identity(NULL, old, s.seat[p].userhost, id, sizeof id);
    assert_int_equal(session_rename(&s, old, "renamed"), p);
    struct session_result r;
    assert_int_equal(session_result(&s, now, &r), BW_OK);
    assert_string_equal(r.seat[p].identity, id);
    assert_string_equal(r.seat[p].nick, "renamed");
}

/* Game 3: stopped by the admin: recorded as a game for each, rating unchanged. */
static void test_stopped_unrated(void **state)
{
    (void)state;
    int w;
    struct bot *b = near_the_end(&w);
    const struct session *s = sess(b);
    struct session_store_ops ops;
    net_store_ops(ns, &ops);
    char id[SESSION_IDENTITY_MAX + 1];
    session_identity(NULL, s->seat[0].nick, s->seat[0].userhost, id, sizeof id);
    struct session_rank before, after;
    assert_int_equal(ops.stats(ops.ctx, id, NULL, &before), BW_OK);
    struct bw_identity admin = {"root", "r", "trusted.example", "root", true, false};
    bot_on_message(b, CHAN, &admin, "!stop", now += 1000);
    assert_null(sess(b));
    assert_int_equal(running_games(), 0);
    assert_int_equal(ops.stats(ops.ctx, id, NULL, &after), BW_OK);
    assert_int_equal(after.games, before.games + 1);
    assert_int_equal(after.rating, before.rating);
    assert_int_equal(after.wins, before.wins);
    bot_free(b);
}

/* The longest identity a seat keeps (a user@host of SESSION_ID_MAX bytes) is recorded whole,
 * and !stats NICK finds it once the game is over. */
static void test_long_identity_recorded(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    struct session_seat *seat = &s.seat[0];
    memset(seat->userhost, 'h', SESSION_ID_MAX);
    memcpy(seat->userhost, "u@", 2);
    seat->userhost[SESSION_ID_MAX] = '\0';
    char nick[SESSION_NICK_MAX + 1], id[SESSION_IDENTITY_MAX + 1];
    snprintf(nick, sizeof nick, "%s", seat->nick);
    session_identity(NULL, nick, seat->userhost, id, sizeof id);
    assert_true(strlen(id) > 256);
    struct bot *b = bot_with(&s, 0);
    use_store(b);
    struct bw_identity admin = {"root", "r", "trusted.example", "root", true, false};
    bot_on_message(b, CHAN, &admin, "!stop", now += 1000);
    assert_null(sess(b));
    struct session_store_ops ops;
    net_store_ops(ns, &ops);
    struct session_rank r;
    assert_int_equal(ops.stats(ops.ctx, id, NULL, &r), BW_OK);
    assert_int_equal(ops.stats(ops.ctx, NULL, nick, &r), BW_OK);
    struct bw_identity asker;
    ident(&asker, "asker");
    int mark = n_recs;
    char cmd[sizeof "!stats " + SESSION_NICK_MAX];
    snprintf(cmd, sizeof cmd, "!stats %s", nick);
    bot_on_message(b, NULL, &asker, cmd, now += 1000);
    assert_non_null(last_line(mark, "asker", " rating, "));
    bot_free(b);
}

/* !top N: bounds, the default, and two lines at most however long the nicks. */
static void test_top_limits(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 3);
    use_store(b);
    char err[256];
    /* Ten players with 60-character nicks, one game each in pairs. */
    for (int k = 0; k < 5; k++) {
        char ids[2][sizeof "account:" + 60]; /* the nick follows "account:" */
        struct store_finished f = {.network = "testnet",
                                   .channel = "#long",
                                   .started = 1,
                                   .ended = 2,
                                   .turns = 10,
                                   .ending = STORE_END_WIN,
                                   .n_seats = 2};
        for (int j = 0; j < 2; j++) {
            snprintf(ids[j], sizeof ids[j], "account:%c%059d", 'a' + k, j);
            const char *nick = ids[j] + strlen("account:");
            f.seats[j] = (struct store_seat){ids[j], nick, j, j ? 3 : 10, j == 0, false};
        }
        assert_int_equal(store_record_finished(st, &f, err, sizeof err), BW_OK);
    }
    int mark = n_recs;
    say(b, "ann", "!top 10");
    int lines = count_to(mark, CHAN);
    assert_int_equal(lines, 2);
    for (int i = mark; i < n_recs; i++) {
        assert_true(strlen(recs[i].text) < 400);
        assert_true(strncmp(recs[i].text, "#catan top: ", 12) == 0);
    }
    mark = n_recs;
    say(b, "ann", "!top 0");
    assert_non_null(last_line(mark, "ann", "usage: !top [bots] [N]"));
    say(b, "ann", "!top x");
    say(b, "ann", "!top -3");
    assert_int_equal(count_to(mark, CHAN), 0);
    /* A huge N is the most there is, privately now (the channel saw the top a moment ago). */
    mark = n_recs;
    say(b, "ann", "!top 99999999999");
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_non_null(last_line(mark, "ann", "top: 1. "));
    assert_non_null(last_line(mark, "ann", " 10. "));
    mark = n_recs;
    now += 20000;
    say(b, "ann", "!top 2");
    const char *two = last_line(mark, CHAN, "top:");
    assert_non_null(two);
    assert_non_null(strstr(two, " 2. "));
    assert_null(strstr(two, " 3. "));
    bot_free(b);
}

/* A computer player's result belongs to its level, whatever its name at the table. */
static void test_computer_result_identity(void **state)
{
    (void)state;
    static struct session s;
    struct session_rules rules = {3, 6, 10, 0, SESSION_ROBOT_NORMAL, false};
    session_init(&s, "#r", &rules, 5);
    struct session_who ann = {"ann", "a", "h.example", NULL, false};
    assert_int_equal(session_join(&s, &ann), 0);
    assert_int_equal(session_add_robot(&s, SESSION_ROBOT_EASY), 1);
    assert_int_equal(session_add_robot(&s, SESSION_ROBOT_HARD), 2);
    char msg[80];
    assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
    struct session_result r;
    assert_int_equal(session_result(&s, now, &r), BW_OK);
    int found = 0;
    for (int i = 0; i < 3; i++) {
        if (strcmp(r.seat[i].identity, "bot:easy") == 0)
            found |= 1, assert_string_equal(r.seat[i].nick, "easy (bot)");
        if (strcmp(r.seat[i].identity, "bot:hard") == 0)
            found |= 2, assert_string_equal(r.seat[i].nick, "hard (bot)");
        if (strcmp(r.seat[i].identity, "ann!a@h.example") == 0)
            found |= 4;
    }
    assert_int_equal(found, 7);
    /* Without a person there is no game. */
    session_init(&s, "#r", &rules, 5);
    session_add_robot(&s, SESSION_ROBOT_EASY);
    session_add_robot(&s, SESSION_ROBOT_EASY);
    session_add_robot(&s, SESSION_ROBOT_EASY);
    assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_E(WRONG_PHASE));
    assert_string_equal(msg, "a game needs at least one person");
}

/* Computer players are rated by level and listed apart: !top leaves them out, !top bots shows
 * only them, "normal (bot)" and so on; a person's rating still counts the games against them. */
static void test_computer_players_apart(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 3);
    use_store(b);
    store_fixture_robot_game(st, "testnet");
    int mark = n_recs;
    now += 20000;
    say(b, "zoe", "!top 10");
    const char *people = last_line(mark, CHAN, "top:");
    assert_non_null(people);
    assert_null(strstr(people, "(bot)"));
    assert_non_null(strstr(people, "zara 1516 (1 games, 1 wins)"));
    now += 20000;
    mark = n_recs;
    say(b, "zoe", "!top bots");
    expect_line(mark, CHAN,
                "#catan top bots: 1. hard (bot) 1500 (1 games, 0 wins) 2. normal (bot) 1484 (1 "
                "games, 0 wins)");
    mark = n_recs;
    say(b, "zoe", "!top bots 0");
    assert_non_null(last_line(mark, "zoe", "usage: !top [bots] [N]"));
    bot_free(b);
}

/* The admin save writes each game and checkpoints: afterwards the write-ahead log is empty. */
static void test_admin_save_checkpoints(void **state)
{
    (void)state;
    int w;
    struct bot *b = near_the_end(&w);
    say(b, "xena", "!status"); /* the game is in the store once it changes */
    struct bw_identity admin = {"root", "r", "trusted.example", "root", true, false};
    int mark = n_recs;
    bot_on_message(b, NULL, &admin, "save", now += 1000);
    assert_non_null(last_line(mark, "root", "saved 1 game; the store file is complete"));
    char wal[200];
    snprintf(wal, sizeof wal, "%s-wal", fx.path);
    struct stat sb;
    assert_true(stat(wal, &sb) != 0 || sb.st_size == 0);
    assert_int_equal(running_games(), 1);
    bot_free(b);
}

/* A channel's language set by !lang is kept by the store and set again after a restart (a new
 * bot restored from the same store), with the games; forgotten languages do not come back. */
static void test_language_kept_across_restart(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 3);
    use_store(b);
    struct bw_identity admin = {"root", "r", "trusted.example", "root", true, false};
    bot_on_message(b, CHAN, &admin, "!lang uk", now += 1000);
    assert_int_equal(bot_language(b, CHAN), LANG_UK);
    bot_free(b);
    struct bot *again = make_bot(0, 4);
    assert_int_equal(bot_language(again, CHAN), LANG_EN);
    assert_true(net_store_restore(ns, again, now, NULL, 0) >= 0);
    assert_int_equal(bot_language(again, CHAN), LANG_UK);
    /* Back to English: kept too. */
    use_store(again);
    bot_on_message(again, CHAN, &admin, "!lang en", now += 1000);
    bot_free(again);
    struct bot *third = make_bot(0, 5);
    assert_true(net_store_restore(ns, third, now, NULL, 0) >= 0);
    assert_int_equal(bot_language(third, CHAN), LANG_EN);
    bot_free(third);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_recorded_and_shown),
        cmocka_unit_test(test_identity_not_nick),
        cmocka_unit_test(test_resignations),
        cmocka_unit_test(test_stopped_unrated),
        cmocka_unit_test(test_top_limits),
        cmocka_unit_test(test_result_follows_the_person_not_the_nick),
        cmocka_unit_test(test_long_identity_recorded),
        cmocka_unit_test(test_computer_result_identity),
        cmocka_unit_test(test_computer_players_apart),
        cmocka_unit_test(test_admin_save_checkpoints),
        cmocka_unit_test(test_language_kept_across_restart),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
