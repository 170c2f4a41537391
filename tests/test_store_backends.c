/* The store's promises on each backend: the same tests run on SQLite (the test "store_backends")
 * and on PostgreSQL (the test "store_backends_pg": tests/pg_run.sh starts a server of its own and
 * runs this program with BW_STORE_BACKEND=postgresql and BW_PG_CONNINFO naming it). Records
 * survive reopening, languages are kept, finished games and ratings match hand-computed values,
 * the leaderboard order is deterministic. On PostgreSQL also: two instances on one database each
 * restore only their own channels, a channel claimed by both is refused, both see one
 * leaderboard; two connections rating the same players at once never lose an update; a newer
 * schema is refused. Each test has a store of its own: a file in a fresh directory, or a schema of
 * its own in the test database. */
#define _GNU_SOURCE

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "store/rating.h"
#include "store/store.h"
#include "store_fixture.h"

static char root[64];
static char err[512];
/* BW_PG_CONNINFO when the backend under test is PostgreSQL, else NULL (SQLite). */
static const char *conninfo;

static void quiet(void *ctx, const char *message)
{
    (void)ctx;
    (void)message;
}

/* Run sql (printf-style) on the test database, outside any store; asserts it worked. */
static void pg_exec(const char *fmt, ...)
{
    char sql[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sql, sizeof sql, fmt, ap);
    va_end(ap);
    PGconn *c = PQconnectdb(conninfo);
    assert_int_equal(PQstatus(c), CONNECTION_OK);
    PQsetNoticeProcessor(c, quiet, NULL);
    PGresult *r = PQexec(c, sql);
    ExecStatusType rc = PQresultStatus(r);
    char why[300];
    snprintf(why, sizeof why, "%s", PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
    if (rc != PGRES_COMMAND_OK && rc != PGRES_TUPLES_OK)
        fail_msg("%s: %s", sql, why);
}

/* The first column of the first row of sql's answer, as a number. */
static long pg_number(const char *sql)
{
    PGconn *c = PQconnectdb(conninfo);
    assert_int_equal(PQstatus(c), CONNECTION_OK);
    PGresult *r = PQexec(c, sql);
    if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) < 1)
        fail_msg("%s: %s", sql, PQerrorMessage(c));
    long n = atol(PQgetvalue(r, 0, 0));
    PQclear(r);
    PQfinish(c);
    return n;
}

/* The store named tag (a file tag.db, or the schema tag) as instance (PostgreSQL only). */
static struct store *open_as(const char *tag, const char *instance)
{
    char where[1024];
    if (!conninfo) {
        snprintf(where, sizeof where, "%s/%s.db", root, tag);
        return store_open(where, err, sizeof err);
    }
    pg_exec("CREATE SCHEMA IF NOT EXISTS %s", tag);
    snprintf(where, sizeof where, "%s options='-c search_path=%s'", conninfo, tag);
    return store_open_pg(where, instance, STORE_OPEN_KEEP, err, sizeof err);
}

static struct store *open_store(const char *tag)
{
    return open_as(tag, "test");
}

static void check_path(const struct store *st, const char *tag)
{
    char want[256];
    if (conninfo)
        snprintf(want, sizeof want, "postgresql instance test");
    else
        snprintf(want, sizeof want, "%s/%s.db", root, tag);
    assert_string_equal(store_path(st), want);
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("\"%s\" does not contain \"%s\"", text, part);
}

static void test_round_trip(void **state)
{
    const char *path = "round";
    struct store *st = open_store(path);
    assert_non_null(st);
    check_path(st, path);
    assert_int_equal(store_save_game(st, "libera", "#catan", "A1", 2, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "#b", "B", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "oftc", "#catan", "C", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "#catan", "D22", 3, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "#gone", "E", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_erase_game(st, "libera", "#gone", err, sizeof err), BW_OK);
    assert_int_equal(store_erase_game(st, "libera", "#never", err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "", "x", 1, err, sizeof err), BW_E(INVALID));
    assert_int_equal(store_save_game(st, "libera", "#x", "x", 0, err, sizeof err), BW_E(INVALID));
    assert_int_equal(
        store_save_game(st, "libera", "#x", "x", STORE_MAX_RECORD + 1, err, sizeof err),
        BW_E(LIMIT));
    store_close(st);

    st = open_store(path);
    assert_non_null(st);
    struct seen s = {0};
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 3);
    assert_string_equal(s.channels[0], "libera/#b");
    assert_string_equal(s.channels[1], "libera/#catan");
    assert_int_equal(s.lens[1], 3);
    assert_int_equal(s.first[1], 'D');
    assert_string_equal(s.channels[2], "oftc/#catan");
    memset(&s, 0, sizeof s);
    assert_int_equal(store_each_game(st, "oftc", collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 1);
    assert_string_equal(s.channels[0], "oftc/#catan");
    store_close(st);
}

/* A channel's language is kept, listed by network and channel, replaced and forgotten. */
static int list_language(void *ctx, const char *channel, const char *language)
{
    char *out = ctx;
    size_t n = strlen(out);
    snprintf(out + n, 256 - n, "%s=%s;", channel, language);
    return 0;
}

static void test_languages_kept(void **state)
{
    const char *path = "langs";
    struct store *st = open_store(path);
    assert_non_null(st);
    char got[256] = "";
    assert_int_equal(store_set_language(st, "net", "#katan", "uk", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "net", "#arab", "ar", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "other", "#katan", "sr", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "net", "#katan", "en", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "net", "", "en", err, sizeof err), BW_E(INVALID));
    store_close(st);
    st = open_store(path); /* kept across a restart */
    assert_non_null(st);
    assert_int_equal(store_each_language(st, "net", list_language, got, err, sizeof err), BW_OK);
    assert_string_equal(got, "#arab=ar;#katan=en;");
    assert_int_equal(store_set_language(st, "net", "#arab", NULL, err, sizeof err), BW_OK);
    got[0] = '\0';
    assert_int_equal(store_each_language(st, "net", list_language, got, err, sizeof err), BW_OK);
    assert_string_equal(got, "#katan=en;");
    got[0] = '\0';
    assert_int_equal(store_each_language(st, "other", list_language, got, err, sizeof err), BW_OK);
    assert_string_equal(got, "#katan=sr;");
    store_close(st);
}

static void test_finished_games_and_ratings(void **state)
{
    const char *path = "ratings";
    struct store *st = open_store(path);
    assert_non_null(st);

    /* Game 1, all new at 1500: alice wins, bob and carol tie on 7 (see the pure test):
     * alice 1516, bob 1500, carol 1500, dave 1484. */
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 61);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 7, false, false);
    seat(&g, "carol!c@host.example", "carol", 7, false, false);
    seat(&g, "account:dave", "dave", 5, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Game 2, ended by resignations: bob (1500) is left and wins with 4 points; alice (1516,
     * 8 points) and dave (1484, 3 points) resigned, alice above dave by points. K/2 = 16.
     * E(1500,1516) = 0.476986, E(1500,1484) = 0.523014, E(1516,1484) = 0.545922:
     *   bob:   16 * ((1 - 0.476986) + (1 - 0.523014)) = +16         -> 1516
     *   alice: 16 * ((0 - 0.523014) + (1 - 0.545922)) = -1.102904   -> 1514.897096
     *   dave:  16 * ((0 - 0.476986) + (0 - 0.454078)) = -14.897096  -> 1469.102904 */
    g = game("net", "#other", STORE_END_RESIGN, 20);
    seat(&g, "account:alice", "Alice_", 8, false, true);
    seat(&g, "account:bob", "Bob", 4, true, false);
    seat(&g, "account:dave", "dave", 3, false, true);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Game 3, stopped: counted as a game for each, rated for nobody. */
    g = game("net", "#catan", STORE_END_STOP, 5);
    seat(&g, "account:alice", "alice", 2, false, false);
    seat(&g, "account:bob", "bob", 3, false, false);
    seat(&g, "account:erin", "erin", 2, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Another network's players are other people. */
    g = game("oftc", "#catan", STORE_END_WIN, 40);
    seat(&g, "account:alice", "alice", 3, false, false);
    seat(&g, "account:zed", "zed", 10, true, false);
    seat(&g, "account:yan", "yan", 4, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Refused without writing anything: two winners, a winner who resigned, a seat twice. */
    g = game("net", "#catan", STORE_END_WIN, 5);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 10, true, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    g.seats[1].won = false;
    g.seats[0].resigned = true;
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    g.seats[0].resigned = false;
    g.seats[1].identity = "account:alice";
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    g = game("net", "#catan", STORE_END_STOP, 5);
    seat(&g, "account:alice", "alice", 10, true, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    store_close(st);

    st = open_store(path);
    assert_non_null(st);
    check_stats(st, "account:alice", 1514.897096, 3, 1, 10);
    check_stats(st, "account:bob", 1516.0, 3, 1, 7);
    check_stats(st, "carol!c@host.example", 1500.0, 1, 0, 7);
    check_stats(st, "account:dave", 1469.102904, 2, 0, 5);
    check_stats(st, "account:erin", 1500.0, 1, 0, 2);
    struct store_stats s;
    assert_int_equal(store_stats(st, "net", "account:bob", &s, err, sizeof err), BW_OK);
    assert_string_equal(s.nick, "bob"); /* the nick of the latest game */
    assert_int_equal(store_stats(st, "net", "account:zed", &s, err, sizeof err), BW_E(NOT_FOUND));
    assert_int_equal(store_stats(st, "oftc", "account:zed", &s, err, sizeof err), BW_OK);
    assert_int_equal(s.wins, 1);

    char id[64];
    assert_int_equal(store_find_nick(st, "net", "ALICE_", id, sizeof id, err, sizeof err), BW_OK);
    assert_string_equal(id, "account:alice");
    assert_int_equal(store_find_nick(st, "net", "carol", id, sizeof id, err, sizeof err), BW_OK);
    assert_string_equal(id, "carol!c@host.example");
    assert_int_equal(store_find_nick(st, "net", "zed", id, sizeof id, err, sizeof err),
                     BW_E(NOT_FOUND));
    assert_int_equal(store_find_nick(st, "net", "carol", id, 5, err, sizeof err), BW_E(LIMIT));

    /* bob 1516 > alice 1514.9 > erin = carol 1500 (one game each: by identity) > dave. */
    struct board b = {0};
    assert_int_equal(store_top(st, "net", 10, keep_top, &b, err, sizeof err), 5);
    assert_string_equal(b.rows[0].identity, "account:bob");
    assert_string_equal(b.rows[1].identity, "account:alice");
    assert_string_equal(b.rows[2].identity, "account:erin");
    assert_string_equal(b.rows[3].identity, "carol!c@host.example");
    assert_string_equal(b.rows[4].identity, "account:dave");
    memset(&b, 0, sizeof b);
    assert_int_equal(store_top(st, "net", 2, keep_top, &b, err, sizeof err), 2);
    memset(&b, 0, sizeof b);
    assert_int_equal(store_top(st, "oftc", 10, keep_top, &b, err, sizeof err), 3);
    assert_string_equal(b.rows[0].identity, "account:zed");
    memset(&b, 0, sizeof b);
    assert_int_equal(store_top(st, "efnet", 10, keep_top, &b, err, sizeof err), 0);
    store_close(st);
}

/* Two computer players of one level in a game: both seats recorded, the level's rating moved by
 * the sum of their changes, each seat a game. A person twice is still refused. */
/* A game whose house rules keep it out of the ratings (points other than its map's) is
 * recorded with its rules, and moves nobody's rating nor counts in anyone's games. */
static void test_house_rules_unrated(void **state)
{
    struct store *st = open_store("house");
    assert_non_null(st);
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 5, true, false);
    seat(&g, "account:bob", "bob", 2, false, false);
    g.rules = "points 5, discard 7, friendly_robber on";
    g.unrated = true;
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    struct store_stats s;
    assert_int_equal(store_stats(st, "net", "account:alice", &s, err, sizeof err), BW_E(NOT_FOUND));
    /* The next rated game starts from 1500 as if the other had not been played. */
    g = game("net", "#catan", STORE_END_WIN, 61);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 7, false, false);
    seat(&g, "account:carol", "carol", 7, false, false);
    seat(&g, "account:dave", "dave", 5, false, false);
    g.rules = "points 10, discard 7, friendly_robber on";
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    check_stats(st, "account:alice", 1516.0, 1, 1, 10);
    store_close(st);
}

static void test_robots_of_one_level(void **state)
{
    const char *path = "robots";
    struct store *st = open_store(path);
    assert_non_null(st);
    /* All at 1500, K/2 = 16. alice beats both: +16. The hard seat with 6 points loses to alice
     * and beats the one with 4: 16 * ((0 - 0.5) + (1 - 0.5)) = 0; the one with 4 loses both:
     * 16 * ((0 - 0.5) + (0 - 0.5)) = -16. bot:hard: 1500 + 0 - 16 = 1484, two games. */
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "bot:hard", "Alan (bot)", 4, false, false);
    seat(&g, "bot:hard", "Ada (bot)", 6, false, false); /* last: its own change alone is 0 */
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    check_stats(st, "account:alice", 1516.0, 1, 1, 10);
    check_stats(st, "bot:hard", 1484.0, 2, 0, 6);
    g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:alice", "alice_", 6, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    store_close(st);
}

/* People and computer players ranked on one network: each query lists its own kind and returns
 * how many rows it passed on (a count, not 0: the web view's leaderboard once read the people's
 * count as an error and never asked for the computer players). A refused query says why. */
static void test_top_people_and_robots(void **state)
{
    const char *path = "top";
    struct store *st = open_store(path);
    assert_non_null(st);
    /* K/3 = 10.667: zara beats all three (+16); hard (8) beats normal (6) and ann (4). */
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:zara", "zara", 10, true, false);
    seat(&g, "account:ann", "ann", 4, false, false);
    seat(&g, "bot:normal", "normal (bot)", 6, false, false);
    seat(&g, "bot:hard", "hard (bot)", 8, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    struct board people = {0}, robots = {0};
    assert_int_equal(store_top(st, "net", 20, keep_top, &people, err, sizeof err), 2);
    assert_string_equal(people.rows[0].identity, "account:zara");
    assert_string_equal(people.rows[1].identity, "account:ann");
    assert_int_equal(store_top_robots(st, "net", 4, keep_top, &robots, err, sizeof err), 2);
    assert_string_equal(robots.rows[0].identity, "bot:hard");
    assert_string_equal(robots.rows[0].nick, "hard (bot)");
    assert_string_equal(robots.rows[1].identity, "bot:normal");
    assert_int_equal(robots.rows[1].games, 1);
    /* n bounds each list apart. */
    memset(&robots, 0, sizeof robots);
    assert_int_equal(store_top_robots(st, "net", 1, keep_top, &robots, err, sizeof err), 1);
    assert_string_equal(robots.rows[0].identity, "bot:hard");

    err[0] = '\0';
    assert_int_equal(store_top(st, "", 5, keep_top, &people, err, sizeof err), BW_E(INVALID));
    assert_true(err[0] != '\0');
    err[0] = '\0';
    assert_int_equal(store_top_robots(st, "net", 0, keep_top, &robots, err, sizeof err),
                     BW_E(INVALID));
    assert_true(err[0] != '\0');
    store_close(st);
}

/* Recording a finished game forgets its channel's running game in the same commit; other
 * channels and networks keep theirs. A refused record forgets nothing. */
static void test_finish_forgets_the_running_game(void **state)
{
    const char *path = "finish";
    struct store *st = open_store(path);
    assert_non_null(st);
    assert_int_equal(store_save_game(st, "net", "#catan", "A", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "net", "#other", "B", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "oftc", "#catan", "C", 1, err, sizeof err), BW_OK);
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:alice", "alice", 3, false, false); /* twice: refused */
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    struct seen s = {0};
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 3);
    g.seats[1].identity = "account:bob";
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    store_close(st);
    st = open_store(path);
    assert_non_null(st);
    memset(&s, 0, sizeof s);
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 2);
    assert_string_equal(s.channels[0], "net/#other");
    assert_string_equal(s.channels[1], "oftc/#catan");
    store_close(st);
}

/* The last sign of life a store was given is there at the next open. */
static void test_alive_kept(void **state)
{
    struct store *st = open_store("alive");
    assert_non_null(st);
    assert_int_equal(store_last_alive(st), INT64_MIN);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    int64_t before = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    store_alive(st);
    store_close(st);
    st = open_store("alive");
    assert_non_null(st);
    clock_gettime(CLOCK_REALTIME, &ts);
    int64_t after = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    assert_in_range(store_last_alive(st), before - 1000, after);
    store_close(st);
}

/* ---- PostgreSQL: several instances on one database ---- */

static void test_two_instances(void **state)
{
    if (!conninfo)
        skip();
    struct store *a = open_as("two", "libera-1"), *b = open_as("two", "libera-2");
    assert_non_null(a);
    assert_non_null(b);
    /* One instance is one process. */
    assert_null(open_as("two", "libera-1"));
    assert_contains(err, "in use by another brickwood (pid ");

    assert_int_equal(store_claim(a, "net", "#a", err, sizeof err), BW_OK);
    assert_int_equal(store_claim(b, "net", "#b", err, sizeof err), BW_OK);
    assert_int_equal(store_claim(a, "net", "#a", err, sizeof err), BW_OK); /* again: its own */
    assert_int_equal(store_save_game(a, "net", "#a", "A", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(b, "net", "#b", "B", 1, err, sizeof err), BW_OK);
    /* A channel of the other instance: refused, by claim and by save, and nothing changes. */
    err[0] = '\0';
    assert_int_equal(store_claim(b, "net", "#a", err, sizeof err), BW_E(DENIED));
    assert_contains(err, "#a on net is claimed by instance libera-1");
    assert_int_equal(store_save_game(b, "net", "#a", "X", 1, err, sizeof err), BW_E(DENIED));
    assert_int_equal(store_erase_game(b, "net", "#a", err, sizeof err), BW_OK);
    /* A channel saved first without a claim becomes the saver's. */
    assert_int_equal(store_save_game(b, "net", "#c", "C", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_claim(a, "net", "#c", err, sizeof err), BW_E(DENIED));
    store_close(a);
    store_close(b);

    /* A restart restores each instance's own games only. */
    a = open_as("two", "libera-1");
    b = open_as("two", "libera-2");
    assert_non_null(a);
    assert_non_null(b);
    struct seen sa = {0}, sb = {0};
    assert_int_equal(store_each_game(a, "net", collect, &sa, err, sizeof err), BW_OK);
    assert_int_equal(store_each_game(b, NULL, collect, &sb, err, sizeof err), BW_OK);
    assert_int_equal(sa.count, 1);
    assert_string_equal(sa.channels[0], "net/#a");
    assert_int_equal(sa.first[0], 'A');
    assert_int_equal(sb.count, 2);
    assert_string_equal(sb.channels[0], "net/#b");
    assert_string_equal(sb.channels[1], "net/#c");

    /* One leaderboard: bob plays in both instances' channels. */
    struct store_finished g = game("net", "#a", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 6, false, false);
    assert_int_equal(store_record_finished(a, &g, err, sizeof err), BW_OK);
    g = game("net", "#b", STORE_END_WIN, 30);
    seat(&g, "account:bob", "bob", 10, true, false);
    seat(&g, "account:carol", "carol", 6, false, false);
    assert_int_equal(store_record_finished(b, &g, err, sizeof err), BW_OK);
    struct board ta = {0}, tb = {0};
    assert_int_equal(store_top(a, "net", 10, keep_top, &ta, err, sizeof err), 3);
    assert_int_equal(store_top(b, "net", 10, keep_top, &tb, err, sizeof err), 3);
    for (int i = 0; i < 3; i++) {
        assert_string_equal(ta.rows[i].identity, tb.rows[i].identity);
        assert_float_equal(ta.rows[i].rating, tb.rows[i].rating, 0);
    }
    struct store_stats bob_a, bob_b;
    assert_int_equal(store_stats(a, "net", "account:bob", &bob_a, err, sizeof err), BW_OK);
    assert_int_equal(store_stats(b, "net", "account:bob", &bob_b, err, sizeof err), BW_OK);
    assert_int_equal(bob_a.games, 2);
    assert_int_equal(bob_a.wins, 1);
    assert_float_equal(bob_a.rating, bob_b.rating, 0);
    /* The finished game in #a ended its running record there. */
    memset(&sa, 0, sizeof sa);
    assert_int_equal(store_each_game(a, NULL, collect, &sa, err, sizeof err), BW_OK);
    assert_int_equal(sa.count, 0);
    store_close(a);
    store_close(b);
}

#define RACE_GAMES 40

/* One instance recording RACE_GAMES games between alice and bob as fast as it can, once the
 * parent closes go. */
static void race(const char *instance, int go, bool alice_wins)
{
    struct store *st = open_as("race", instance);
    if (!st)
        _exit(2);
    char c;
    if (read(go, &c, 1) != 0)
        _exit(3);
    for (int i = 0; i < RACE_GAMES; i++) {
        struct store_finished g = game("net", alice_wins ? "#a" : "#b", STORE_END_WIN, 10);
        seat(&g, "account:alice", "alice", alice_wins ? 10 : 5 + i % 3, alice_wins, false);
        seat(&g, "account:bob", "bob", alice_wins ? 5 + i % 3 : 10, !alice_wins, false);
        if (store_record_finished(st, &g, err, sizeof err) != BW_OK)
            _exit(4);
    }
    store_close(st);
    _exit(0);
}

/* identity's recorded changes form one unbroken chain from the initial rating to its rating now:
 * each game started from the rating the previous one left (none was computed from a rating that
 * another commit had already replaced). */
static void check_chain(const char *identity, int games)
{
    PGconn *c = PQconnectdb(conninfo);
    assert_int_equal(PQstatus(c), CONNECTION_OK);
    const char *p[1] = {identity};
    PGresult *r = PQexecParams(c,
                               "SELECT rating_before, rating_after FROM race.seats WHERE "
                               "identity = $1",
                               1, NULL, p, NULL, NULL, 0);
    assert_int_equal(PQresultStatus(r), PGRES_TUPLES_OK);
    int n = PQntuples(r);
    assert_int_equal(n, games);
    bool *used = calloc((size_t)n, sizeof *used);
    double now = RATING_INITIAL;
    for (int step = 0; step < n; step++) {
        int next = -1;
        for (int i = 0; i < n && next < 0; i++)
            if (!used[i] && strtod(PQgetvalue(r, i, 0), NULL) == now)
                next = i;
        if (next < 0)
            fail_msg("%s: no game starts from %.17g after %d steps: an update was lost", identity,
                     now, step);
        used[next] = true;
        now = strtod(PQgetvalue(r, next, 1), NULL);
    }
    free(used);
    PQclear(r);
    PQfinish(c);
    struct store *st = open_as("race", "check");
    assert_non_null(st);
    check_stats(st, identity, now, games, RACE_GAMES, 10);
    store_close(st);
}

static void test_concurrent_ratings(void **state)
{
    if (!conninfo)
        skip();
    int go[2];
    assert_int_equal(pipe(go), 0);
    pid_t one = fork();
    if (one == 0) {
        close(go[1]);
        race("one", go[0], true);
    }
    pid_t two = fork();
    if (two == 0) {
        close(go[1]);
        race("two", go[0], false);
    }
    close(go[0]);
    usleep(300 * 1000); /* both connected and waiting (a late one only races less) */
    close(go[1]);
    int status;
    assert_int_equal(waitpid(one, &status, 0), one);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(waitpid(two, &status, 0), two);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    check_chain("account:alice", 2 * RACE_GAMES);
    check_chain("account:bob", 2 * RACE_GAMES);
}

/* A database whose schema a newer brickwood wrote is refused with the reason, by the bot and by
 * the configuration check, and left as it is. */
static void test_newer_schema_refused(void **state)
{
    if (!conninfo)
        skip();
    struct store *st = open_store("newer");
    assert_non_null(st);
    store_close(st);
    char where[1024];
    snprintf(where, sizeof where, "%s options='-c search_path=newer'", conninfo);
    int version = -1;
    assert_int_equal(store_pg_check(where, &version, err, sizeof err), BW_OK);
    assert_int_equal(version, STORE_PG_SCHEMA_VERSION);
    pg_exec("UPDATE newer.brickwood_schema SET version = 99");
    assert_null(open_store("newer"));
    assert_contains(err, "schema version 99 is newer than this brickwood understands (1)");
    assert_int_equal(store_pg_check(where, &version, err, sizeof err), BW_E(IO));
    assert_contains(err, "schema version 99 is newer");
    /* Nothing was changed or created. */
    pg_exec("DO $$ BEGIN IF (SELECT version FROM newer.brickwood_schema) <> 99 OR (SELECT count(*) "
            "FROM newer.instances) <> 1 THEN RAISE 'changed'; END IF; END $$");
    /* A database that holds no brickwood schema yet is version 0; one with another program's
     * tables is refused. */
    pg_exec("CREATE SCHEMA IF NOT EXISTS alien; CREATE TABLE IF NOT EXISTS alien.games (x int)");
    snprintf(where, sizeof where, "%s options='-c search_path=alien'", conninfo);
    assert_int_equal(store_pg_check(where, &version, err, sizeof err), BW_E(IO));
    assert_contains(err, "another program's tables");
    assert_null(open_store("alien"));
    assert_int_equal(
        store_pg_check("host=127.0.0.1 port=1 connect_timeout=2", &version, err, sizeof err),
        BW_E(NOT_CONNECTED));
    assert_contains(err, "cannot connect");
}

/* st (the store tag) came back from a lost connection: it holds its instance again (a second
 * store as the same instance is refused), and, closed and opened again, holds only game C. */
static void back_with_c(struct store *st, const char *tag)
{
    assert_true(store_reachable(st));
    assert_null(open_store(tag));
    assert_contains(err, "in use by another brickwood");
    store_close(st);
    st = open_store(tag);
    assert_non_null(st);
    struct seen s = {0};
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 1);
    assert_int_equal(s.first[0], 'C');
    store_close(st);
}

/* The server ends the store's connection while it is idle (as when it restarts): the next call
 * sees that, makes the connection again first, with the instance held again, and succeeds;
 * nothing is lost. */
static void test_connection_lost(void **state)
{
    if (!conninfo)
        skip();
    struct store *st = open_store("lost");
    assert_non_null(st);
    assert_int_equal(store_save_game(st, "net", "#a", "A", 1, err, sizeof err), BW_OK);
    pg_exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> "
            "pg_backend_pid() AND datname = current_database() AND backend_type = 'client "
            "backend'");
    /* Until the server has ended it (the message and the close are on the store's socket). */
    for (int i = 0; i < 100 && pg_number("SELECT count(*) FROM pg_stat_activity WHERE pid <> "
                                         "pg_backend_pid() AND datname = current_database() AND "
                                         "backend_type = 'client backend'") > 0;
         i++)
        usleep(50 * 1000);
    assert_true(store_reachable(st));
    assert_int_equal(store_save_game(st, "net", "#a", "C", 1, err, sizeof err), BW_OK);
    back_with_c(st, "lost");
}

static void note_channel(void *ctx, const char *channel)
{
    char *list = ctx;
    snprintf(list + strlen(list), 64 - strlen(list), "%s%s", list[0] ? " " : "", channel);
}

/* An admin's release: the instance's claims go, its saved games stay for the next instance to
 * claim at its start (never for a save of the one that released them). SQLite refuses it. */
static void test_release(void **state)
{
    char list[64] = "";
    if (!conninfo) {
        struct store *st = open_store("release");
        assert_non_null(st);
        assert_int_equal(store_release(st, "net", NULL, note_channel, list, err, sizeof err),
                         BW_E(INVALID));
        assert_contains(err, "nothing to release");
        store_close(st);
        return;
    }
    struct store *a = open_as("release", "a"), *b = open_as("release", "b");
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(store_claim(a, "net", "#a", err, sizeof err), BW_OK);
    assert_int_equal(store_claim(a, "net", "#b", err, sizeof err), BW_OK);
    assert_int_equal(store_claim(a, "other", "#a", err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(a, "net", "#a", "A", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_claim(b, "net", "#a", err, sizeof err), BW_E(DENIED));

    assert_int_equal(store_release(a, "net", "#a", note_channel, list, err, sizeof err), 1);
    assert_string_equal(list, "#a");
    /* Released: the game is not a's to save or list any more, and a save does not take it. */
    assert_int_equal(store_save_game(a, "net", "#a", "X", 1, err, sizeof err), BW_E(DENIED));
    assert_contains(err, "released");
    struct seen sa = {0}, sb = {0};
    assert_int_equal(store_each_game(a, NULL, collect, &sa, err, sizeof err), BW_OK);
    assert_int_equal(sa.count, 0);
    assert_int_equal(store_save_game(b, "net", "#a", "X", 1, err, sizeof err), BW_E(DENIED));
    /* b's start takes it, with the game as a saved it. */
    assert_int_equal(store_claim(b, "net", "#a", err, sizeof err), BW_OK);
    assert_int_equal(store_each_game(b, NULL, collect, &sb, err, sizeof err), BW_OK);
    assert_int_equal(sb.count, 1);
    assert_string_equal(sb.channels[0], "net/#a");
    assert_int_equal(sb.first[0], 'A');
    assert_int_equal(store_claim(a, "net", "#a", err, sizeof err), BW_E(DENIED));

    /* The whole network: #b (no game) goes; the other network stays a's. */
    list[0] = '\0';
    assert_int_equal(store_release(a, "net", NULL, note_channel, list, err, sizeof err), 1);
    assert_string_equal(list, "#b");
    assert_int_equal(store_release(a, "net", NULL, note_channel, list, err, sizeof err), 0);
    assert_int_equal(store_claim(b, "net", "#b", err, sizeof err), BW_OK);
    assert_int_equal(store_claim(b, "other", "#a", err, sizeof err), BW_E(DENIED));
    store_close(a);
    store_close(b);
}

/* sh $BW_PG_CTL ARGS (tests/pg_run.sh): the test's server stopped or started. */
static void pg_ctl(const char *args)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "sh \"%s\" %s >/dev/null", getenv("BW_PG_CTL"), args);
    assert_int_equal(system(cmd), 0);
}

/* The server stops (a restart, a crash): saves fail with the reason and the store says the
 * server is out of reach; they are tried again with back-off, and once the server is back a save
 * works, the instance is held again, and the database holds what was saved last. */
static void test_server_down(void **state)
{
    if (!conninfo || !getenv("BW_PG_CTL"))
        skip();
    struct store *st = open_store("down");
    assert_non_null(st);
    assert_true(store_reachable(st));
    assert_int_equal(store_save_game(st, "net", "#a", "A", 1, err, sizeof err), BW_OK);
    pg_ctl("stop -m fast");
    assert_int_equal(store_save_game(st, "net", "#a", "B", 1, err, sizeof err), BW_E(IO));
    assert_contains(err, "the connection to the database is lost");
    assert_false(store_reachable(st));
    assert_int_equal(store_save_game(st, "net", "#a", "B", 1, err, sizeof err), BW_E(IO));
    assert_contains(err, "trying again in");
    assert_false(store_reachable(st));
    pg_ctl("start");
    int rc = BW_E(IO);
    for (int i = 0; i < 400 && rc != BW_OK; i++) { /* the back-off is at most 4 s by now */
        rc = store_save_game(st, "net", "#a", "C", 1, err, sizeof err);
        if (rc != BW_OK)
            usleep(25 * 1000);
    }
    assert_int_equal(rc, BW_OK);
    back_with_c(st, "down");
}

static int setup(void **state)
{
    const char *backend = getenv("BW_STORE_BACKEND");
    if (backend && strcmp(backend, "postgresql") == 0) {
        conninfo = getenv("BW_PG_CONNINFO");
        if (!conninfo || !*conninfo) {
            fprintf(stderr, "BW_STORE_BACKEND=postgresql needs BW_PG_CONNINFO (tests/pg_run.sh)\n");
            return -1;
        }
        printf("backend: PostgreSQL (%s)\n", conninfo);
    } else {
        printf("backend: SQLite\n");
    }
    snprintf(root, sizeof root, "/tmp/bw_store_backends.XXXXXX");
    return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_languages_kept),
        cmocka_unit_test(test_finished_games_and_ratings),
        cmocka_unit_test(test_house_rules_unrated),
        cmocka_unit_test(test_robots_of_one_level),
        cmocka_unit_test(test_top_people_and_robots),
        cmocka_unit_test(test_finish_forgets_the_running_game),
        cmocka_unit_test(test_alive_kept),
        cmocka_unit_test(test_two_instances),
        cmocka_unit_test(test_concurrent_ratings),
        cmocka_unit_test(test_newer_schema_refused),
        cmocka_unit_test(test_connection_lost),
        cmocka_unit_test(test_server_down),
        cmocka_unit_test(test_release),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
