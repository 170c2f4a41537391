/* The command replies in the channel's language: refusals, usage lines, lobby lines and the
 * help come from the catalogue; in an English channel they stay what they always were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot_fake.h"
#include "cmd/cmd.h"
#include "i18n/i18n.h"
#include "session/session.h"

#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

/* A refusal (no game here) and a usage line, in whichever language the channel speaks. */
static void refusal_and_usage(const char *lang, const char *no_game, const char *usage,
                              const char *not_playing)
{
    struct bot *b = make_bot(0, 3);
    if (lang)
        assert_int_equal(bot_set_language(b, CHAN, lang), BW_OK);
    expect_reply(b, "ann", "!roll", no_game);
    const char *const nicks[] = {"ann", "bob", "cat"};
    start_game(b, nicks, 3);
    expect_reply(b, "ann", "!discard", usage);
    expect_reply(b, "dan", "!roll", not_playing);
    bot_free(b);
}

static void test_english_unchanged(void **state)
{
    (void)state;
    refusal_and_usage(NULL, "no game in #catan; !new opens one", "usage: !discard LIST",
                      "you are not playing in #catan");
    struct bot *b = make_bot(0, 3);
    expect_reply(b, "ann", "!help end", "!end (also !done, !pass): end your turn (on your move)");
    expect_reply(b, "ann", "!frobnicate",
                 "unknown command \"frobnicate\"; !help lists the commands");
    int mark = n_recs;
    say(b, "ann", "!new");
    assert_string_equal(last_to(mark, CHAN),
                        "ann opened a lobby: !join to play, !addbot seats a computer player, "
                        "!start when 3-6 are seated");
    bot_free(b);
}

static void test_ukrainian(void **state)
{
    (void)state;
    refusal_and_usage("uk", "у #catan немає гри; !new відкриває її", "використання: !discard LIST",
                      "ви не граєте в #catan");
    struct bot *b = make_bot(0, 3);
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    expect_reply(b, "ann", "!help end",
                 "!end (також !done, !pass): завершити свій хід (у ваш хід)");
    expect_reply(b, "ann", "!frobnicate", "невідома команда «frobnicate»; !help показує команди");
    int mark = n_recs;
    say(b, "ann", "!new");
    assert_non_null(strstr(last_to(mark, CHAN), "ann відкриває лобі: !join"));
    /* The lobby's listings and lines: the map and variant names stay as typed. */
    mark = n_recs;
    say(b, "ann", "!map");
    const char *maps = "";
    for (int i = n_recs - 1; i >= mark; i--) /* the first of its lines */
        if (strcmp(recs[i].target, "ann") == 0)
            maps = recs[i].text;
    assert_ptr_equal(strstr(maps, "карти: base: гравців 3-6, очок 10 (вибрано), four_islands"),
                     maps);
    assert_true(any_line(mark, "ann", "; !map NAME вибирає одну в лобі"));
    mark = n_recs;
    say(b, "bob", "!join");
    assert_string_equal(last_to(mark, CHAN), "bob сідає до столу (за столом: 2, потрібно 3-6)");
    expect_reply(b, "bob", "!join", "ви вже сидите за столом у #catan");
    bot_free(b);
}

static void test_arabic(void **state)
{
    (void)state;
    /* Nicks, channels and commands are isolated (FSI ... PDI) in right-to-left lines. */
    refusal_and_usage("ar",
                      "لا توجد لعبة في " FSI "#catan" PDI "؛ الأمر " FSI "!new" PDI " يفتح واحدة",
                      "الاستخدام: " FSI "!discard LIST" PDI, "لا مقعد لك في " FSI "#catan" PDI);
    struct bot *b = make_bot(0, 3);
    assert_int_equal(bot_set_language(b, CHAN, "ar"), BW_OK);
    expect_reply(b, "ann", "!help roll", FSI "!roll" PDI ": " FSI "رمي النرد (في دورك)" PDI);
    bot_free(b);
}

static void test_serbian_refusal(void **state)
{
    (void)state;
    refusal_and_usage("sr", "u #catan nema igre; !new je otvara", "upotreba: !discard LIST",
                      "ne igrate u #catan");
}

/* Every command but the admins' has its help sentence in the catalogue: the English one is the
 * table's own, and a channel in another language gets another sentence. */
static void test_every_help_translated(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 3);
    for (int lang = LANG_EN; lang < LANG_COUNT; lang++) {
        assert_int_equal(bot_set_language(b, CHAN, i18n_code(lang)), BW_OK);
        for (int i = 0; cmd_table[i]; i++) {
            const struct cmd_entry *e = cmd_table[i];
            if (e->who == CMD_ADMIN)
                continue;
            char text[64];
            snprintf(text, sizeof text, "!help %s", e->name);
            int mark = n_recs;
            say(b, "ann", text);
            /* The help sentence is the first line (!help rules goes on with the rules). */
            const char *got = recs[mark].text;
            bool english = strstr(got, e->help) != NULL;
            if (english != (lang == LANG_EN))
                fail_msg("%s in %s: \"%s\"", text, i18n_code(lang), got);
        }
    }
    bot_free(b);
}

/* Map and variant names as people say them work in every language's channel: the English
 * names and titles are the same everywhere. */
static void test_names_in_every_language(void **state)
{
    (void)state;
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct bot *b = make_bot(0, 3);
        assert_int_equal(bot_set_language(b, CHAN, i18n_code(lang)), BW_OK);
        say(b, "ann", "!new");
        say(b, "ann", "!map Heading for New Shores");
        assert_int_equal(sess(b)->map, SESSION_MAP_NEW_SHORES);
        say(b, "ann", "!map the fog islands");
        assert_int_equal(sess(b)->map, SESSION_MAP_FOG_ISLANDS);
        say(b, "ann", "!map base");
        say(b, "ann", "!variant the great river");
        assert_int_equal(sess(b)->variant, SESSION_VARIANT_RIVER);
        say(b, "ann", "!variant Jungle");
        assert_int_equal(sess(b)->variant, SESSION_VARIANT_JUNGLE);
        bot_free(b);
    }
}

/* A refusal that says whose move it is names that player's command, in every language (in
 * Arabic isolated whole): "it is ann's move: place a settlement (!settle N)". */
static void test_whose_move_names_command(void **state)
{
    (void)state;
    static const char *const want[LANG_COUNT] = {
        "it is ann's move: place a settlement (!settle N)",
        "хід гравця ann: поставити селище (!settle N)",
        "potez igrača ann: postaviti naselje (!settle N)",
        "الدور على " FSI "ann" PDI ": " FSI "وضع مستوطنة" PDI " (" FSI "!settle N" PDI ")",
    };
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct bot *b = make_bot(0, 3);
        assert_int_equal(bot_set_language(b, CHAN, i18n_code(lang)), BW_OK);
        say(b, "ann", "!new");
        say(b, "bob", "!join");
        say(b, "cat", "!join");
        say(b, "ann", "!start");
        const char *cur = nick_of(b, sess(b)->game.current);
        const char *other = strcmp(cur, "bob") ? "bob" : "cat";
        char expect[200];
        snprintf(expect, sizeof expect, "%s", want[lang]);
        char *at = strstr(expect, "ann");
        memmove(at + strlen(cur), at + 3, strlen(at + 3) + 1);
        memcpy(at, cur, strlen(cur));
        expect_reply(b, other, "!roll", expect);
        bot_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_english_unchanged),
        cmocka_unit_test(test_ukrainian),
        cmocka_unit_test(test_arabic),
        cmocka_unit_test(test_serbian_refusal),
        cmocka_unit_test(test_every_help_translated),
        cmocka_unit_test(test_names_in_every_language),
        cmocka_unit_test(test_whose_move_names_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
