/* The web view's leaderboard from the store (webview_top): people and computer players of a
 * network both listed (and on the /top page), and store_failed logged when the store failed,
 * never otherwise. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/log.h"
#include "util/strbuf.h"
#include "store_fixture.h"
#include "webview.h"

static struct store_fixture fx;
static struct store *st;
static FILE *log_out;

static int setup(void **state)
{
    if (store_fixture_open(&fx, "webview") != 0 || !(log_out = tmpfile()))
        return -1;
    st = fx.st;
    log_set_file(log_out);
    return 0;
}

static int teardown(void **state)
{
    log_set_file(NULL);
    fclose(log_out);
    return store_fixture_close(&fx);
}

/* Everything logged since the test began. */
static const char *logged(void)
{
    static char text[8192];
    fflush(log_out);
    rewind(log_out);
    size_t n = fread(text, 1, sizeof text - 1, log_out);
    text[n] = '\0';
    fseek(log_out, 0, SEEK_END);
    return text;
}

/* With people ranked, the computer players are listed too, and nothing is logged. */
static void test_people_and_computer_players(void **state)
{
    struct web_top t;
    assert_int_equal(webview_top(st, "net", &t), BW_OK);
    assert_int_equal(t.n_people, 0);
    assert_int_equal(t.n_robots, 0);
    store_fixture_robot_game(st, "net");
    assert_int_equal(webview_top(st, "net", &t), BW_OK);
    assert_string_equal(t.network, "net");
    assert_int_equal(t.n_people, 1);
    assert_string_equal(t.people[0].name, "zara");
    assert_int_equal(t.n_robots, 2);
    assert_string_equal(t.robots[0].name, "hard (bot)");
    assert_string_equal(t.robots[1].name, "normal (bot)");
    assert_int_equal(t.robots[0].games, 1);
    /* The page: the people's table, then the computer players'. */
    struct strbuf sb = STRBUF_INIT;
    web_page_top(&t, 1, &sb);
    const char *page = sb_str(&sb);
    const char *people = strstr(page, "<caption>people</caption>");
    const char *robots = strstr(page, "<caption>computer players</caption>");
    assert_non_null(people);
    assert_non_null(robots);
    assert_true(people < robots);
    assert_non_null(strstr(people, "<td>zara</td>"));
    assert_non_null(strstr(robots, "<td>hard (bot)</td>"));
    assert_true(strstr(people, "<td>zara</td>") < robots);
    sb_fini(&sb);
    /* Another network has no records: empty, and no error either. */
    assert_int_equal(webview_top(st, "oftc", &t), BW_OK);
    assert_int_equal(t.n_people + t.n_robots, 0);
    assert_null(strstr(logged(), "store_failed"));
}

/* A leaderboard the store cannot give is logged, with its reason. */
static void test_failure_logged(void **state)
{
    struct web_top t;
    assert_true(webview_top(st, "", &t) < 0);
    const char *text = logged();
    assert_non_null(strstr(text, "action=store_failed"));
    assert_non_null(strstr(text, "web: leaderboard: store: "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_people_and_computer_players, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failure_logged, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
