/* game.rules and a channel group's rules (config.h): the defaults, every key and value, a
 * channel's own keys over game.rules, and each problem named by file, line and key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/error.h"
#include "session/session.h"

#define NET "networks = ( { name = \"n\"; host = \"h\"; } );\n"

static int load(const char *text, struct bw_config *cfg, struct config_errors *errs)
{
    config_errors_init(errs);
    return config_load_buffer(cfg, text, strlen(text), "t.conf", errs);
}

/* text loads; cfg is the caller's to free. */
static void expect_ok(const char *text, struct bw_config *cfg)
{
    struct config_errors errs;
    int rc = load(text, cfg, &errs);
    if (errs.count)
        config_errors_print(&errs, stderr);
    assert_int_equal(rc, BW_OK);
    config_errors_fini(&errs);
}

/* text is refused with exactly one problem: "t.conf:LINE: KEY: MESSAGE". */
static void expect_problem(const char *text, unsigned line, const char *key, const char *message)
{
    struct bw_config cfg;
    struct config_errors errs;
    int rc = load(text, &cfg, &errs);
    if (errs.count != 1)
        config_errors_print(&errs, stderr);
    assert_int_equal(rc, BW_E(INVALID));
    assert_int_equal(errs.count, 1);
    char *got = config_problem_format(&errs.items[0]);
    char want[512];
    snprintf(want, sizeof want, "t.conf:%u: %s: %s", line, key, message);
    assert_string_equal(got, want);
    free(got);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_defaults_are_the_rule_book(void **state)
{
    (void)state;
    struct bw_config cfg;
    expect_ok(NET, &cfg);
    static const struct config_rules book;
    assert_memory_equal(&cfg.bot.game_rules, &book, sizeof book);
    assert_null(cfg.networks[0].channel_rules);
    config_fini(&cfg);
}

static void test_every_key(void **state)
{
    (void)state;
    struct bw_config cfg;
    expect_ok(NET "game = { turn_timeout_s = 120; rules = { points = 12; discard = 9; "
                  "friendly_robber = true; no_sevens = 2; robber_desert = false; dice = \"deck\"; "
                  "trade = false; harbormaster = true; timer = \"Slow\"; }; };\n",
              &cfg);
    const struct config_rules *r = &cfg.bot.game_rules;
    assert_int_equal(r->points, 12);
    assert_int_equal(r->discard, 9);
    assert_int_equal(r->friendly_robber, 1);
    assert_int_equal(r->no_sevens, 2);
    assert_int_equal(r->robber_no_desert, 1);
    assert_int_equal(r->dice_deck, 1);
    assert_int_equal(r->no_trade, 1);
    assert_int_equal(r->harbormaster, 1);
    assert_int_equal(r->timer, SESSION_TIMER_SLOW);
    config_fini(&cfg);
    /* The rule book's values written out are the rule book's. */
    expect_ok(NET "game = { rules = { points = 0; discard = 7; friendly_robber = false; "
                  "no_sevens = 0; robber_desert = true; dice = \"random\"; trade = true; "
                  "harbormaster = false; timer = \"normal\"; }; };\n",
              &cfg);
    static const struct config_rules book;
    assert_memory_equal(&cfg.bot.game_rules, &book, sizeof book);
    config_fini(&cfg);
}

/* A channel's rules group sets its own keys over game.rules; the other channels keep
 * game.rules. */
static void test_channel_rules(void **state)
{
    (void)state;
    struct bw_config cfg;
    expect_ok("game = { rules = { friendly_robber = true; points = 12; }; };\n"
              "networks = ( { name = \"n\"; host = \"h\";\n"
              " channels = ( \"#plain\", { name = \"#fast\"; rules = { timer = \"fast\"; "
              "points = 0; }; } ); } );\n",
              &cfg);
    const struct config_network *n = &cfg.networks[0];
    assert_non_null(n->channel_rules);
    assert_int_equal(n->channel_rules[0].friendly_robber, 1);
    assert_int_equal(n->channel_rules[0].points, 12);
    assert_int_equal(n->channel_rules[0].timer, SESSION_TIMER_NORMAL);
    assert_int_equal(n->channel_rules[1].friendly_robber, 1);
    assert_int_equal(n->channel_rules[1].points, 0);
    assert_int_equal(n->channel_rules[1].timer, SESSION_TIMER_FAST);
    config_fini(&cfg);
}

static void test_problems(void **state)
{
    (void)state;
    expect_problem(NET "game = {\n rules = { point = 10; }; };\n", 3, "game.rules.point",
                   "unknown house rule; the house rules are points, discard, friendly_robber, "
                   "no_sevens, robber_desert, dice, trade, harbormaster, timer");
    expect_problem(NET "game = {\n rules = { points = 4; }; };\n", 3, "game.rules.points",
                   "must be 0 (the map's) or 5..20");
    expect_problem(NET "game = {\n rules = { points = 21; }; };\n", 3, "game.rules.points",
                   "must be 0 (the map's) or 5..20");
    expect_problem(NET "game = {\n rules = { points = 4294967306; }; };\n", 3, "game.rules.points",
                   "must be 0 (the map's) or 5..20");
    expect_problem(NET "game = {\n rules = { discard = 6; }; };\n", 3, "game.rules.discard",
                   "must be 7..12");
    expect_problem(NET "game = {\n rules = { no_sevens = 11; }; };\n", 3, "game.rules.no_sevens",
                   "must be 0..10");
    expect_problem(NET "game = {\n rules = { discard = \"9\"; }; };\n", 3, "game.rules.discard",
                   "must be an integer, 7..12");
    expect_problem(NET "game = {\n rules = { trade = \"on\"; }; };\n", 3, "game.rules.trade",
                   "must be true or false");
    expect_problem(NET "game = {\n rules = { dice = \"loaded\"; }; };\n", 3, "game.rules.dice",
                   "must be \"random\" or \"deck\"");
    expect_problem(NET "game = {\n rules = { timer = 2; }; };\n", 3, "game.rules.timer",
                   "must be \"fast\", \"normal\", \"slow\" or \"off\"");
    expect_problem(NET "game = { turn_timeout_s = 0;\n rules = { timer = \"fast\"; }; };\n", 3,
                   "game.rules.timer", "\"fast\" needs a turn timer, and game.turn_timeout_s is 0");
    expect_problem(NET "game = {\n rules = 5; };\n", 3, "game.rules",
                   "must be a group { points = 10; friendly_robber = true; ... }");
    /* In a channel group, under the channel's key. */
    expect_problem("networks = ( { name = \"n\"; host = \"h\";\n channels = ( { name = \"#a\";\n "
                   "rules = { harbormaster = 1; }; } ); } );\n",
                   3, "networks.[0].channels.[0].rules.harbormaster", "must be true or false");
    /* Without a timer, "off" is fine. */
    struct bw_config cfg;
    expect_ok(NET "game = { turn_timeout_s = 0; rules = { timer = \"off\"; }; };\n", &cfg);
    assert_int_equal(cfg.bot.game_rules.timer, SESSION_TIMER_OFF);
    config_fini(&cfg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_are_the_rule_book),
        cmocka_unit_test(test_every_key),
        cmocka_unit_test(test_channel_rules),
        cmocka_unit_test(test_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
