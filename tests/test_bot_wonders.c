/* The Wonders of Catan through the bot's commands: !wonder alone (the private list), !wonder
 * NAME starting a wonder and building its stages, each refusal with why and what to do instead
 * (another player's wonder, one wonder each, the condition, the cards missing, not your move,
 * a map without wonders), the names as people say them, and !spots naming the wonder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "engine/board.h"
#include "engine/playout.h"
#include "i18n/i18n.h"
#include "session/session.h"

#include "bot_fake.h"

/* Three players on the wonders' map after the setup, hands empty, the current player in the
 * main phase after a roll; yuri, when not current, builds the Great Wall (1 stage). Returns the
 * current seat. */
static int wonders_session(struct session *s)
{
    crafted_map(s, 3, SESSION_MAP_WONDERS, 0);
    struct game *g = &s->game;
    assert_true(g->wonders);
    int p = g->current;
    g->phase = PHASE_MAIN;
    g->rolled = 1;
    g->dice[0] = 3;
    g->dice[1] = 5;
    int yuri = -1;
    for (int q = 0; q < 3; q++)
        if (strcmp(s->seat[q].nick, "yuri") == 0)
            yuri = q;
    if (yuri != p) {
        g->wonder_owner[WONDER_WALL] = (int8_t)yuri;
        g->wonder_level[WONDER_WALL] = 1;
    }
    return p;
}

/* Turn seat's settlements into cities (the Theater's condition is 2 cities). */
static void cities_for(struct session *s, int seat)
{
    struct game *g = &s->game;
    const struct board_geo *geo = game_geo(g);
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->vertex_owner[v] == seat && g->vertex_building[v] == BUILDING_SETTLEMENT) {
            g->vertex_building[v] = BUILDING_CITY;
            g->p[seat].settlements--;
            g->p[seat].cities++;
        }
    game_reindex(g);
}

static void give(struct session *s, int seat, int wood, int brick, int wool, int grain, int ore)
{
    const int n[RES_COUNT] = {wood, brick, wool, grain, ore};
    for (int r = 0; r < RES_COUNT; r++)
        s->game.p[seat].res[r] = (uint8_t)n[r];
}

/* The private list: a head line and one line per wonder, to the one asking only; a spectator
 * may ask too. */
static void test_wonder_list(void **state)
{
    (void)state;
    static struct session s;
    int p = wonders_session(&s);
    cities_for(&s, p);
    struct bot *b = bot_with(&s, 0);
    const char *n = nick_of(b, p);
    int mark = n_recs;
    say(b, n, "!wonder");
    assert_int_equal(count_to(mark, n), 6);
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_true(any_line(mark, n,
                         "#catan wonders: one each; the first to finish all 4 stages wins, and "
                         "the points to win need the furthest wonder (!wonder NAME starts one or "
                         "builds its next stage)"));
    assert_true(any_line(mark, n,
                         "#catan Theater: to start it, 2 cities; each stage costs 1 wood, 1 "
                         "brick, 3 wool | nobody builds it yet: you may start it"));
    assert_true(any_line(mark, n,
                         "#catan Cathedral: to start it, a city and 6 victory points; "
                         "each stage costs 1 brick, 1 grain, 3 ore | nobody builds it"));
    if (strcmp(n, "yuri") != 0)
        assert_true(any_line(mark, n, "| yuri builds it: stage 1 of 4"));
    mark = n_recs;
    say(b, n, "!help wonder");
    assert_true(any_line(mark, n, "!wonder [NAME]"));
    assert_true(any_line(mark, n, "start wonder NAME or build its next stage"));
    mark = n_recs;
    say(b, "zed", "!wonders"); /* the alias, and someone not playing */
    assert_int_equal(count_to(mark, "zed"), 6);
    assert_false(any_line(mark, "zed", "you may start it"));
    bot_free(b);
}

/* Starting the Theater and building a stage; the refusals, each one private line that changes
 * nothing. */
static void test_wonder_build(void **state)
{
    (void)state;
    static struct session s;
    int p = wonders_session(&s);
    struct bot *b = bot_with(&s, 0);
    char n[32], other[32], want[300];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(other, sizeof other, "%s", nick_of(b, (p + 1) % 3));

    /* The names: unknown, ambiguous, then the condition not met. */
    expect_reply(b, n, "!wonder atlantis", "\"atlantis\" is not a wonder; usage: !wonder [NAME]");
    expect_reply(b, n, "!wonder great",
                 "\"great\" is ambiguous: bridge, wall; usage: !wonder [NAME]");
    expect_refused(b, n, "!wonder great");
    expect_reply(b, n, "!wonder the Theater",
                 "to start the wonder Theater you need 2 cities; !wonder lists every wonder's "
                 "condition");
    expect_refused(b, n, "!wonder theater");
    /* Not your move. */
    int mark = n_recs;
    say(b, other, "!wonder theater");
    assert_int_equal(count_to(mark, other), 1);
    assert_true(any_line(mark, other, "move"));
    assert_int_equal(sess(b)->game.wonder_owner[WONDER_THEATER], -1);
    bot_free(b);

    /* With two cities: the cards missing, then the stage built. */
    cities_for(&s, p);
    give(&s, p, 1, 0, 1, 0, 0);
    b = bot_with(&s, 0);
    expect_reply(b, n, "!wonder theatre",
                 "a stage of the wonder Theater costs 1 wood, 1 brick, 3 wool: you need 1 brick, "
                 "2 wool more");
    expect_refused(b, n, "!wonder th");
    bot_free(b);

    give(&s, p, 2, 2, 6, 0, 0);
    b = bot_with(&s, 0);
    mark = n_recs;
    say(b, n, "!spots");
    assert_true(any_line(mark, n, " | wonder theater"));
    mark = n_recs;
    say(b, n, "!wonder Theater");
    snprintf(want, sizeof want, "%s starts the wonder Theater: stage 1 of 4 built", n);
    assert_string_equal(last_to(mark, CHAN), want);
    const struct game *g = &sess(b)->game;
    assert_int_equal(g->wonder_owner[WONDER_THEATER], p);
    assert_int_equal(g->wonder_level[WONDER_THEATER], 1);
    assert_int_equal(g->p[p].res[RES_WOOL], 3);
    /* One wonder each. */
    expect_reply(b, n, "!wonder cathedral",
                 "you build the wonder Theater, and each player builds one (!wonder theater builds "
                 "its next stage)");
    expect_refused(b, n, "!wonder cathedral");
    /* Another player's wonder (yuri's Great Wall), when the one asking is not yuri. */
    if (strcmp(n, "yuri") != 0)
        expect_reply(b, n, "!wonder wall",
                     "you build the wonder Theater, and each player builds one (!wonder theater "
                     "builds its next stage)");
    mark = n_recs;
    say(b, n, "!wonder theater");
    snprintf(want, sizeof want, "%s builds stage 2 of 4 of the wonder Theater", n);
    assert_string_equal(last_to(mark, CHAN), want);
    assert_int_equal(sess(b)->game.wonder_level[WONDER_THEATER], 2);
    mark = n_recs;
    say(b, n, "!status");
    snprintf(want, sizeof want, " | wonders: Theater %s 2/4, Great Bridge free, Monument free", n);
    assert_true(any_line(mark, NULL, want));
    bot_free(b);
}

/* Another player's wonder, refused with who builds it; before the roll, the roll first. */
static void test_wonder_taken(void **state)
{
    (void)state;
    static struct session s;
    int p = wonders_session(&s);
    struct game *g = &s.game;
    int q = (p + 1) % 3;
    g->wonder_owner[WONDER_WALL] = -1;
    g->wonder_level[WONDER_WALL] = 0;
    g->wonder_owner[WONDER_THEATER] = (int8_t)q;
    g->wonder_level[WONDER_THEATER] = 2;
    cities_for(&s, p);
    give(&s, p, 1, 1, 3, 0, 0);
    struct bot *b = bot_with(&s, 0);
    char n[32], want[200];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(want, sizeof want,
             "%s builds the wonder Theater, and a wonder has one builder; !wonder lists the "
             "others",
             nick_of(b, q));
    expect_reply(b, n, "!wonder theater", want);
    expect_refused(b, n, "!wonder theater");
    bot_free(b);

    g->phase = PHASE_ROLL;
    g->rolled = 0;
    b = bot_with(&s, 0);
    expect_reply(b, n, "!wonder cathedral", "roll first (!roll)");
    bot_free(b);
}

/* In a Ukrainian channel (the language as the store keeps it) the wonders' Ukrainian names are
 * taken, in any case; in Arabic the command in a line is isolated whole. */
static void test_wonder_languages(void **state)
{
    (void)state;
    static struct session s;
    int p = wonders_session(&s);
    struct bot *b = bot_with(&s, 0);
    char n[32];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    assert_int_equal(bot_language(b, CHAN), LANG_UK);
    int mark = n_recs;
    say(b, n, "!wonder ВЕЛИКИЙ міст");
    assert_int_equal(count_to(mark, n), 1);
    assert_true(any_line(mark, n,
                         "щоб почати диво «Великий міст», потрібно: селище чи місто на "
                         "куті мосту ("));
    mark = n_recs;
    say(b, n, "!wonder собор");
    assert_true(any_line(mark, n, "щоб почати диво «Собор», потрібно: місто й 6 переможних очок"));
    assert_int_equal(bot_set_language(b, CHAN, "ar"), BW_OK);
    assert_int_equal(bot_language(b, CHAN), LANG_AR);
    mark = n_recs;
    say(b, n, "!wonder");
    /* U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE around the whole command. */
    assert_true(any_line(mark, n, "\xe2\x81\xa8!wonder NAME\xe2\x81\xa9"));
    bot_free(b);
}

/* A map without wonders says where they are. */
static void test_wonder_not_here(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    struct bot *b = bot_with(&s, 0);
    const char *n = nick_of(b, s.game.current);
    expect_reply(b, n, "!wonder",
                 "there are no wonders on this map: they stand in The Wonders of Catan (!map "
                 "wonders in the lobby)");
    expect_refused(b, n, "!wonder theater");
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wonder_list),      cmocka_unit_test(test_wonder_build),
        cmocka_unit_test(test_wonder_taken),     cmocka_unit_test(test_wonder_not_here),
        cmocka_unit_test(test_wonder_languages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
