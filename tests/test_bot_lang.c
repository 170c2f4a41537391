/* A channel's language: configured (bot.language, per channel), changed by !lang (admins and
 * channel operators only), kept by the store and set again from it after a restart. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot_fake.h"
#include "engine/game.h"
#include "i18n/i18n.h"

#define LIST "en English, uk українська, sr srpski, ar العربية"

static void test_lang_shown_and_refused(void **state)
{
    (void)state;
    fake_members_on();
    struct bot *b = make_bot(0, 3);
    fake_member("ann", "u", "ann.example", NULL);
    expect_reply(b, "ann", "!lang",
                 "the language of #catan is English (en); !lang CODE changes it: " LIST);
    /* Not an admin, not an operator: refused, nothing changes, nothing kept. */
    int mark = n_recs;
    say(b, "ann", "!lang uk");
    assert_string_equal(last_to(mark, "ann"),
                        "only an admin or a channel operator changes the language of #catan");
    assert_int_equal(bot_language(b, CHAN), LANG_EN);
    assert_string_equal(kept_language, "");
    assert_int_equal(count_to(mark, CHAN), 0);
    /* An operator of another channel's standing is not enough: the op flag is per channel,
     * and a voiced or plain member is refused the same way. */
    fake_op("ann", false);
    say(b, "ann", "!language uk");
    assert_int_equal(bot_language(b, CHAN), LANG_EN);
    bot_free(b);
}

static void test_operator_sets_language(void **state)
{
    (void)state;
    fake_members_on();
    struct bot *b = make_bot(0, 3);
    fake_member("ann", "u", "ann.example", NULL);
    fake_op("ann", true);
    int mark = n_recs;
    say(b, "ann", "!lang UK");
    /* Told in the new language, to the channel. */
    assert_string_equal(last_to(mark, CHAN), "ann змінює мову #catan на українська (uk)");
    assert_int_equal(bot_language(b, CHAN), LANG_UK);
    assert_string_equal(kept_language, "uk");
    /* The answers are in Ukrainian now. */
    expect_reply(b, "ann", "!lang xx", "мови «xx» тут немає: " LIST);
    assert_int_equal(bot_language(b, CHAN), LANG_UK);
    /* An impostor with ann's nick from elsewhere is not the operator. */
    struct bw_identity evil = {"ann", "evil", "elsewhere.example", NULL, true, false};
    mark = n_recs;
    now += 1100;
    bot_on_message(b, CHAN, &evil, "!lang ar", now);
    assert_int_equal(bot_language(b, CHAN), LANG_UK);
    assert_non_null(strstr(last_to(mark, "ann"), "змінює лише адміністратор"));
    bot_free(b);
}

static void test_admin_sets_language_in_private(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 3);
    struct bw_identity root = {"root", "r", "trusted.example", "root", true, false};
    int mark = n_recs;
    now += 1100;
    bot_on_message(b, NULL, &root, "#catan lang sr", now);
    assert_int_equal(bot_language(b, CHAN), LANG_SR);
    assert_string_equal(last_to(mark, CHAN), "root menja jezik za #catan na srpski (sr)");
    assert_string_equal(last_to(mark, "root"), "root menja jezik za #catan na srpski (sr)");
    /* Without a channel: told how to name one. */
    mark = n_recs;
    now += 1100;
    bot_on_message(b, NULL, &root, "lang ar", now);
    assert_non_null(strstr(last_to(mark, "root"), "name the channel"));
    assert_int_equal(bot_language(b, CHAN), LANG_SR);
    bot_free(b);
}

/* The configuration: bot.language for every channel, a channel's own language first; what
 * !lang set (or the store kept) comes before both. A code the build does not know is refused. */
static void test_configured_and_kept(void **state)
{
    (void)state;
    char *chans[] = {"#catan", "#katan", "#other"};
    int langs[] = {-1, LANG_UK, -1};
    struct config_network net = {
        .nick = "brickwood", .channels = chans, .channel_count = 3, .channel_langs = langs};
    struct config_bot cb = {.prefix = "!", .language = LANG_AR};
    struct config_game cg = {3, 6, 10, 0, 2, 100, 1500, false};
    struct bw_out out = {.send = NULL};
    assert_null(bot_new(&net, &cb, &cg, &out, 1)); /* no send: no bot */
    struct bot *b = make_bot(0, 1);
    bot_reconfigure(b, &net, &cb, &cg);
    assert_int_equal(bot_language(b, "#catan"), LANG_AR);
    assert_int_equal(bot_language(b, "#KATAN"), LANG_UK);
    assert_int_equal(bot_language(b, "#nowhere"), LANG_AR);
    assert_int_equal(bot_set_language(b, "#katan", "sr"), BW_OK); /* as restored */
    assert_int_equal(bot_language(b, "#katan"), LANG_SR);
    assert_int_equal(bot_set_language(b, "#katan", "xx"), BW_E(INVALID));
    assert_int_equal(bot_language(b, "#katan"), LANG_SR);
    /* A reload keeps what was set and takes the new configuration for the rest. */
    cb.language = LANG_EN;
    langs[2] = LANG_UK;
    bot_reconfigure(b, &net, &cb, &cg);
    assert_int_equal(bot_language(b, "#katan"), LANG_SR);
    assert_int_equal(bot_language(b, "#other"), LANG_UK);
    assert_int_equal(bot_language(b, "#catan"), LANG_EN);
    bot_free(b);
}

/* In a channel that speaks another language its words for the most used commands work as the
 * English ones (in any case, by unique prefix); in an English channel they are not commands. */
static void test_command_words(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 3);
    say(b, "ann", "!new");
    say(b, "bob", "!join");
    int mark = n_recs;
    say(b, "ann", "!допомога"); /* in an English channel: chat, not a command */
    assert_int_equal(n_recs, mark);
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    mark = n_recs;
    say(b, "ann", "!help");
    char english[512];
    snprintf(english, sizeof english, "%s", last_to(mark, "ann"));
    assert_true(english[0]);
    mark = n_recs;
    say(b, "ann", "!ДОПОМОГА");
    assert_string_equal(last_to(mark, "ann"), english);
    say(b, "cat", "!приєд"); /* a prefix of приєднатися: join */
    assert_int_equal(sess(b)->n_seats, 3);
    assert_int_equal(bot_set_language(b, CHAN, "sr"), BW_OK);
    say(b, "dan", "!pridruži");
    assert_int_equal(sess(b)->n_seats, 4);
    bot_free(b);
}

/* A game in a Ukrainian channel: the bot's own prompts and the engine's refusals come in
 * Ukrainian, the same game in English reads as before. */
static void test_game_lines_in_ukrainian(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 5);
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    static const char *const nicks[] = {"ann", "bob", "cat"};
    int mark = n_recs;
    start_game(b, nicks, 3);
    char want[160];
    const char *first = nick_of(b, 0);
    assert_false(any_line(mark, CHAN, "place"));
    /* A settlement, its road, then the next player too close to it. */
    say(b, first, "!settle 1");
    assert_true(any_line(mark, CHAN, "поставте дорогу від 1: до "));
    const struct board_geo *geo = game_geo(&sess(b)->game);
    char cmd[32];
    snprintf(cmd, sizeof cmd, "!road 1-%d", geo->vertex_vertex[0][0] + 1);
    say(b, first, cmd);
    const char *second = nick_of(b, 1);
    snprintf(want, sizeof want, "%s: поставте селище (!settle N)", second);
    assert_true(any_line(mark, CHAN, want));
    snprintf(cmd, sizeof cmd, "!settle %d", geo->vertex_vertex[0][1] + 1);
    expect_reply(b, second, cmd, "надто близько до іншої будівлі (правило відстані)");
    /* Switched to English, the same refusal reads as before. */
    assert_int_equal(bot_set_language(b, CHAN, "en"), BW_OK);
    expect_reply(b, second, cmd, "too close to another building (distance rule)");
    bot_free(b);
}

/* The session's refusals come in the channel's language; after the command, replies made on
 * the thread for anything else (a configuration reload, another network) are English again. */
static void test_session_refusals(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 5);
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    say(b, "ann", "!new");
    int mark = n_recs;
    say(b, "ann", "!start");
    assert_non_null(strstr(last_to(mark, "ann"), "замало гравців"));
    assert_int_equal(i18n_in_use(), LANG_EN);
    assert_int_equal(bot_set_language(b, CHAN, "ar"), BW_OK);
    say(b, "ann", "!variant jungle");
    say(b, "bob", "!join");
    say(b, "cat", "!join");
    say(b, "dan", "!join");
    mark = n_recs;
    say(b, "eve", "!join");
    assert_true(n_recs > mark);
    assert_null(strstr(last_to(mark, "eve"), "is for 3-4 players"));
    assert_int_equal(i18n_in_use(), LANG_EN);
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lang_shown_and_refused),
        cmocka_unit_test(test_operator_sets_language),
        cmocka_unit_test(test_admin_sets_language_in_private),
        cmocka_unit_test(test_configured_and_kept),
        cmocka_unit_test(test_command_words),
        cmocka_unit_test(test_game_lines_in_ukrainian),
        cmocka_unit_test(test_session_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
