/* House rules through the bot's commands: !rules in a lobby (the fixed line, setting one, each
 * refusal), what a change of map or expansion does to rules that no longer fit, the options a
 * game starts with, the rules line at !start, in !status, !board text and !help rules, the
 * timers of the timer rule, and a lobby's rules across a restart. The rules' effect in play is
 * the engine's (its own tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "config/config.h"
#include "session/session.h"

#include "bot_fake.h"

#define BOOK_LINE                                                                                  \
    "#catan rules: points 10, discard 7, friendly_robber off, no_sevens 0, robber_desert on, "     \
    "dice random, trade on, harbormaster off, timer normal"

static void test_rules_line_and_refusals(void **state)
{
    (void)state;
    struct bot *b = make_bot(180, 41);
    expect_reply(b, "ann", "!rules",
                 "no game in #catan; !new opens one, then !rules NAME VALUE sets its house rules");
    say(b, "ann", "!new");
    expect_reply(b, "zed", "!rules", BOOK_LINE);
    expect_reply(b, "zed", "!rules friendly_robber on", "you are not playing in #catan");
    expect_reply(b, "ann", "!rules frobber on",
                 "\"frobber\" is not a house rule; the house rules are points, discard, "
                 "friendly_robber, no_sevens, robber_desert, dice, trade, harbormaster, timer");
    expect_reply(b, "ann", "!rules t on", "\"t\" is ambiguous: trade, timer");
    expect_reply(b, "ann", "!rules points 25", "points takes 5-20, not \"25\"");
    expect_reply(b, "ann", "!rules points 4", "points takes 5-20, not \"4\"");
    expect_reply(b, "ann", "!rules discard 13", "discard takes 7-12, not \"13\"");
    expect_reply(b, "ann", "!rules no_sevens -1", "no_sevens takes 0-10, not \"-1\"");
    expect_reply(b, "ann", "!rules harbormaster maybe", "harbormaster takes on|off, not \"maybe\"");
    expect_reply(b, "ann", "!rules dice loaded", "dice takes random|deck, not \"loaded\"");
    expect_reply(b, "ann", "!rules points",
                 "points is 10 here (the rule book's: 10); !rules points 5-20 sets it in the "
                 "lobby");
    expect_reply(b, "ann", "!rules friendly_robber off",
                 "the lobby in #catan already plays with friendly_robber off");
    expect_reply(b, "ann", "!rules points 10", "the lobby in #catan already plays with points 10");
    assert_true(session_rules_house(sess(b)) == false);

    int mark = n_recs;
    say(b, "ann", "!rules FR yes");
    assert_string_equal(last_to(mark, CHAN),
                        "ann set the house rule friendly_robber to on (the rule book's: off)");
    say(b, "bob", "!join");
    say(b, "bob", "!rules dice d");
    say(b, "bob", "!rules ti slow");
    say(b, "bob", "!rules trade false");
    say(b, "bob", "!rules robber no");
    say(b, "bob", "!rules no_sevens 2");
    say(b, "bob", "!rules discard 9");
    say(b, "bob", "!rules harb true");
    mark = n_recs;
    say(b, "bob", "!rules points 12");
    assert_string_equal(last_to(mark, CHAN),
                        "bob set the house rule points to 12 (the rule book's: 10)");
    expect_reply(b, "zed", "!rules",
                 "#catan rules: points 12, discard 9, friendly_robber on, no_sevens 2, "
                 "robber_desert off, dice deck, trade off, harbormaster on, timer slow");
    mark = n_recs;
    say(b, "bob", "!rules trade default");
    assert_string_equal(last_to(mark, CHAN),
                        "bob set the house rule trade back to the rule book's on");
    assert_int_equal(sess(b)->house.no_trade, 0);
    bot_free(b);
}

/* The options reach the game at !start, and the line goes out with the seat order. */
static void test_rules_reach_the_game(void **state)
{
    (void)state;
    struct bot *b = make_bot(180, 42);
    say(b, "ann", "!new");
    say(b, "bob", "!join");
    say(b, "cat", "!join");
    say(b, "ann", "!rules points 12");
    say(b, "ann", "!rules discard 9");
    say(b, "ann", "!rules friendly_robber on");
    say(b, "ann", "!rules no_sevens 2");
    say(b, "ann", "!rules robber_desert off");
    say(b, "ann", "!rules dice deck");
    say(b, "ann", "!rules trade off");
    say(b, "ann", "!rules harbormaster on");
    say(b, "ann", "!rules timer slow");
    int mark = n_recs;
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    const char *line = "#catan rules: points 12, discard 9, friendly_robber on, no_sevens 2, "
                       "robber_desert off, dice deck, trade off, harbormaster on, timer slow";
    assert_true(any_line(mark, CHAN, line));
    const struct game_options *o = &sess(b)->game.opt;
    assert_int_equal(o->victory_points, 12);
    assert_int_equal(sess(b)->game.vp_goal, 12);
    assert_int_equal(o->discard_limit, 9);
    assert_int_equal(o->friendly_robber, 1);
    assert_int_equal(o->no_sevens, 2);
    assert_int_equal(o->robber_no_desert, 1);
    assert_int_equal(o->dice_deck, 1);
    assert_int_equal(o->no_trade, 1);
    assert_int_equal(o->harbormaster, 1);
    /* timer slow: twice the configured 180 s. */
    assert_int_equal(session_turn_seconds_left(sess(b), now), 360);
    assert_false(session_rules_rated(sess(b)));
    /* The finished game's record: the rules, and out of the ratings (points 12, not 10). */
    struct session_result r;
    assert_int_equal(session_result(sess(b), now, &r), BW_OK);
    assert_string_equal(r.rules, line + strlen("#catan rules: "));
    assert_true(r.unrated);

    expect_reply(b, "ann", "!rules points 5",
                 "the house rules are chosen in the lobby; this game is played with points 12, "
                 "discard 9, friendly_robber on, no_sevens 2, robber_desert off, dice deck, trade "
                 "off, harbormaster on, timer slow");
    expect_reply(b, "zed", "!rules", line);
    mark = n_recs;
    say(b, "bob", "!status");
    assert_true(any_line(mark, CHAN, line));
    mark = n_recs;
    say(b, "bob", "!board text");
    assert_true(any_line(mark, CHAN, line));
    mark = n_recs;
    say(b, "zed", "!help rules");
    assert_string_equal(last_to(mark, "zed"), line);
    bot_free(b);
}

/* A game of the rule book's says nothing of rules at !start, in !status or !board text. */
static void test_rule_book_game_is_quiet(void **state)
{
    (void)state;
    struct bot *b = make_bot(180, 43);
    const char *nicks[] = {"ann", "bob", "cat"};
    int mark = n_recs;
    start_game(b, nicks, 3);
    assert_false(any_line(mark, NULL, " rules: "));
    say(b, "bob", "!status");
    say(b, "bob", "!board text");
    assert_false(any_line(mark, NULL, " rules: "));
    const struct game_options *o = &sess(b)->game.opt;
    assert_int_equal(o->discard_limit + o->friendly_robber + o->no_sevens + o->robber_no_desert +
                         o->dice_deck + o->no_trade + o->harbormaster,
                     0);
    assert_true(session_rules_rated(sess(b)));
    struct session_result r;
    assert_int_equal(session_result(sess(b), now, &r), BW_OK);
    assert_string_equal(r.rules, "");
    assert_false(r.unrated);
    mark = n_recs;
    say(b, "zed", "!help rules");
    assert_string_equal(last_to(mark, "zed"), BOOK_LINE);
    assert_true(any_line(mark, "zed",
                         "house rules and their values: points 5-20, discard 7-12, "
                         "friendly_robber on|off, no_sevens 0-10, robber_desert on|off, dice "
                         "random|deck, trade on|off, harbormaster on|off, timer "
                         "fast|normal|slow|off"));
    assert_true(any_line(mark, "zed",
                         "dice deck: the events played: Robber Attack, Epidemic, Good Neighbors, "
                         "Tournament, Trade Advantage, Calm Sea, Neighborly Assistance, Conflict, "
                         "Plentiful Year; Earthquake is a plain number; the New Year card "
                         "reshuffles the deck"));
    /* The words around the rules are the channel's language; the rules stay as typed. */
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    expect_reply(b, "zed", "!rules",
                 "#catan правила: points 10, discard 7, friendly_robber off, no_sevens 0, "
                 "robber_desert on, dice random, trade on, harbormaster off, timer normal");
    bot_free(b);
}

/* A rule that does not fit a lobby is refused with why; one that stops fitting when the map or
 * the expansion changes goes back to the rule book, said in the channel. */
static void test_rules_that_do_not_fit(void **state)
{
    (void)state;
    session_cities_ready = true;
    struct bot *b = make_bot(180, 44);
    say(b, "ann", "!new");
    say(b, "ann", "!rules harbormaster on");
    say(b, "ann", "!rules dice deck");
    int mark = n_recs;
    say(b, "ann", "!map pirate islands");
    assert_int_equal(sess(b)->map, SESSION_MAP_PIRATE_ISLANDS);
    assert_string_equal(last_to(mark, CHAN),
                        "the house rule harbormaster is back to the rule book's off: harbormaster "
                        "needs a map with harbors, and pirate_islands has none");
    assert_int_equal(sess(b)->house.harbormaster, 0);
    assert_int_equal(sess(b)->house.dice_deck, 1);
    expect_reply(b, "ann", "!rules harbormaster on",
                 "harbormaster needs a map with harbors, and pirate_islands has none; !rules "
                 "lists the house rules");
    /* The rules the engine would refuse on the lobby's board (the game could not start). */
    expect_reply(b, "ann", "!rules friendly_robber on",
                 "friendly_robber needs a robber on the board, and pirate_islands has none; "
                 "!rules lists the house rules");
    say(b, "ann", "!map base");
    say(b, "ann", "!variant jungle");
    expect_reply(b, "ann", "!rules robber_desert off",
                 "robber_desert off needs a desert on the board, and jungle has none; !rules "
                 "lists the house rules");
    assert_int_equal(sess(b)->house.robber_no_desert, 0);
    say(b, "ann", "!variant none");
    mark = n_recs;
    say(b, "ann", "!expansion cities");
    assert_string_equal(last_to(mark, CHAN),
                        "the house rule dice is back to the rule book's random: dice deck does "
                        "not go with Cities & Knights: its red die and event die decide the "
                        "progress cards and the barbarians");
    expect_reply(b, "ann", "!rules dice deck",
                 "dice deck does not go with Cities & Knights: its red die and event die decide "
                 "the progress cards and the barbarians; !rules lists the house rules");
    /* Cities & Knights plays to 13: the rule book's points follow the expansion. */
    expect_reply(b, "zed", "!rules",
                 "#catan rules: points 13, discard 7, friendly_robber off, no_sevens 0, "
                 "robber_desert on, dice random, trade on, harbormaster off, timer normal");
    bot_free(b);
    session_cities_ready = false;

    /* Without a turn timer in the configuration, only "timer off" means anything. */
    b = make_bot(0, 45);
    say(b, "ann", "!new");
    expect_reply(b, "ann", "!rules timer fast",
                 "timer fast needs a turn timer, and this channel has none "
                 "(game.turn_timeout_s is 0); !rules lists the house rules");
    say(b, "ann", "!rules timer off");
    assert_int_equal(sess(b)->house.timer, SESSION_TIMER_OFF);
    bot_free(b);
}

/* The timer rule sets the turn, step and offer timers together. */
static void test_timer_lengths(void **state)
{
    (void)state;
    struct session s;
    lobby_n(&s, 3, 6, 180);
    assert_int_equal(session_turn_ms(&s), 180000);
    assert_int_equal(session_step_ms(&s), 60000);
    assert_int_equal(session_offer_ms(&s), 90000);
    s.house.timer = SESSION_TIMER_FAST;
    assert_int_equal(session_turn_ms(&s), 90000);
    assert_int_equal(session_step_ms(&s), 30000);
    assert_int_equal(session_offer_ms(&s), 45000);
    s.house.timer = SESSION_TIMER_SLOW;
    assert_int_equal(session_turn_ms(&s), 360000);
    assert_int_equal(session_step_ms(&s), 120000);
    assert_int_equal(session_offer_ms(&s), 180000);
    s.house.timer = SESSION_TIMER_OFF;
    assert_int_equal(session_turn_ms(&s), 0);
    assert_int_equal(session_step_ms(&s), 0);
    assert_int_equal(session_offer_ms(&s), 0);
    /* fast never goes under 10 s a turn, nor the step past the turn. */
    lobby_n(&s, 3, 6, 12);
    s.house.timer = SESSION_TIMER_FAST;
    assert_int_equal(session_turn_ms(&s), 10000);
    assert_int_equal(session_step_ms(&s), 10000);

    /* A game with the timer off has no deadline at all. */
    lobby_n(&s, 3, 6, 180);
    s.house.timer = SESSION_TIMER_OFF;
    char msg[160];
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
    assert_int_equal(session_turn_seconds_left(&s, 1000), -1);
    assert_true(session_next_deadline(&s) == INT64_MAX);
}

/* A lobby with the dice deck and Cities & Knights (restored so, say) does not start: the reason
 * is the refusal of !rules dice deck in such a lobby. */
static void test_deck_and_cities_do_not_start(void **state)
{
    (void)state;
    struct session s;
    char msg[200];
    lobby_n(&s, 3, 6, 180);
    s.expansion = SESSION_EXPANSION_CITIES;
    s.house.dice_deck = 1;
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_E(WRONG_PHASE));
    assert_string_equal(msg, "dice deck does not go with Cities & Knights: its red die and event "
                             "die decide the progress cards and the barbarians");
    assert_int_equal(s.state, SESSION_LOBBY);
    s.house.dice_deck = 0;
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
}

/* The dice deck and Catan for two do not go together (two sums a turn, the second unlike the
 * first): choosing the variant resets the rule with the reason, !rules refuses it, and the
 * game then starts with dice. */
static void test_deck_and_two(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 47);
    say(b, "ann", "!new");
    say(b, "ann", "!rules dice deck");
    assert_int_equal(sess(b)->house.dice_deck, 1);
    int mark = n_recs;
    say(b, "ann", "!variant two");
    assert_string_equal(last_to(mark, CHAN),
                        "the house rule dice is back to the rule book's random: dice deck does "
                        "not go with Catan for two: its dice are rolled twice a turn, the second "
                        "roll unlike the first");
    assert_int_equal(sess(b)->house.dice_deck, 0);
    expect_reply(b, "ann", "!rules dice deck",
                 "dice deck does not go with Catan for two: its dice are rolled twice a turn, "
                 "the second roll unlike the first; !rules lists the house rules");
    assert_int_equal(sess(b)->house.dice_deck, 0);
    say(b, "bob", "!join");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    bot_free(b);
}

/* A lobby's rules are in its record: a restart brings them back. */
static void test_lobby_rules_survive_restart(void **state)
{
    (void)state;
    struct bot *b = make_bot(180, 46);
    say(b, "ann", "!new");
    say(b, "ann", "!rules friendly_robber on");
    say(b, "ann", "!rules points 14");
    say(b, "ann", "!rules timer fast");
    assert_true(saved_len > 0);
    struct session s;
    assert_int_equal(session_restore(&s, saved, saved_len, now, NULL, 0), BW_OK);
    assert_int_equal(s.house.friendly_robber, 1);
    assert_int_equal(s.house.points, 14);
    assert_int_equal(s.house.timer, SESSION_TIMER_FAST);
    bot_free(b);
    b = bot_with(&s, 180);
    expect_reply(b, "zed", "!rules",
                 "#catan rules: points 14, discard 7, friendly_robber on, no_sevens 0, "
                 "robber_desert on, dice random, trade on, harbormaster off, timer fast");
    bot_free(b);
}

/* A new lobby starts with its channel's configured rules: game.rules, or the channel's own. */
static void test_configured_rules(void **state)
{
    (void)state;
    struct bot *b = make_bot(180, 47);
    char *channels[] = {"#catan", "#other"};
    struct config_rules own[2] = {{.friendly_robber = 1, .timer = SESSION_TIMER_FAST},
                                  {.harbormaster = 1}};
    struct config_network net = {.name = "testnet",
                                 .nick = "brickwood",
                                 .channels = channels,
                                 .channel_count = 2,
                                 .channel_rules = own};
    struct config_bot cb = {.prefix = "!", .game_rules = {.no_trade = 1}};
    struct config_game cg = {3, 6, 10, 180, 2, 100, 1500, false};
    bot_reconfigure(b, &net, &cb, &cg);
    say(b, "ann", "!new");
    expect_reply(b, "zed", "!rules",
                 "#catan rules: points 10, discard 7, friendly_robber on, no_sevens 0, "
                 "robber_desert on, dice random, trade on, harbormaster off, timer fast");
    /* Elsewhere, game.rules. */
    net.channel_rules = NULL;
    bot_reconfigure(b, &net, &cb, &cg);
    say(b, "ann", "!stop");
    assert_null(sess(b));
    say(b, "ann", "!new");
    expect_reply(b, "zed", "!rules",
                 "#catan rules: points 10, discard 7, friendly_robber off, no_sevens 0, "
                 "robber_desert on, dice random, trade off, harbormaster off, timer normal");
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_line_and_refusals),
        cmocka_unit_test(test_rules_reach_the_game),
        cmocka_unit_test(test_rule_book_game_is_quiet),
        cmocka_unit_test(test_rules_that_do_not_fit),
        cmocka_unit_test(test_timer_lengths),
        cmocka_unit_test(test_deck_and_cities_do_not_start),
        cmocka_unit_test(test_deck_and_two),
        cmocka_unit_test(test_lobby_rules_survive_restart),
        cmocka_unit_test(test_configured_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
