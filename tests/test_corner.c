/* !corner on a place the player may build on but cannot pay for (issue 25, item 11): it says
 * which cards are missing, in every language with its plural forms and cases. */
#include "engine_helpers.h"

#include <stdio.h>

#include "i18n/i18n.h"
#include "render/render.h"

#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

static const char *const nicks[4] = {"alice", "bob", "carol", "dave"};

/* alice's settlement at 1 with roads 1-5 and 5-9 on the base board, her turn after the roll,
 * her hand empty: 9 takes a settlement, 1 a city, if she pays. */
static void position(struct game *g)
{
    th_blank(g, 4, BOARD_BASE);
    th_place_settlement(g, 0, 1);
    th_place_road(g, 0, 1, 5);
    th_place_road(g, 0, 5, 9);
    assert_true(game_can_settle(g, 0, th_vertex(g, 9)));
    assert_true(game_can_city(g, 0, th_vertex(g, 1)));
}

/* What !corner v1 tells seat, after "corner N: ... resources", in lang. */
static const char *verdict(const struct game *g, int lang, int seat, int v1)
{
    static char line[RENDER_LINE_MAX + 1];
    struct render_style st;
    render_style_init(&st, "#catan", nicks, 4, 0);
    st.lang = lang;
    struct render_lines l;
    render_lines_init(&l);
    struct render_sink sink = render_lines_sink(&l);
    render_corner(g, &st, seat, th_vertex(g, v1), &sink);
    assert_int_equal(l.n, 1);
    snprintf(line, sizeof line, "%s", l.v[0].text);
    render_lines_fini(&l);
    return line;
}

static void expect_end(const char *line, const char *end)
{
    size_t n = strlen(line), m = strlen(end);
    if (n < m || strcmp(line + n - m, end) != 0)
        fail_msg("\"%s\" does not end in \"%s\"", line, end);
}

static void test_corner_says_what_is_missing(void **state)
{
    (void)state;
    struct game g;
    position(&g);
    expect_end(verdict(&g, LANG_EN, 0, 9),
               " | you may build a settlement here once you have 1 wood, 1 brick, 1 wool, 1 grain "
               "more");
    expect_end(verdict(&g, LANG_EN, 0, 1),
               " | alice's settlement: you may build a city here once you have 2 grain, 3 ore "
               "more");
    th_give(&g, 0, 1, 0, 1, 0, 1);
    expect_end(verdict(&g, LANG_EN, 0, 9),
               " | you may build a settlement here once you have 1 brick, 1 grain more");
    expect_end(verdict(&g, LANG_EN, 0, 1),
               ": you may build a city here once you have 2 grain, 2 ore more");
    /* Paid for: now. */
    th_give(&g, 0, 0, 1, 0, 2, 2);
    expect_end(verdict(&g, LANG_EN, 0, 9), " | you may build a settlement here now");
    expect_end(verdict(&g, LANG_EN, 0, 1), ": you may build a city here now");
}

/* Not her move: on her move, and with the cards; someone not playing hears neither. */
static void test_corner_later(void **state)
{
    (void)state;
    struct game g;
    position(&g);
    g.current = 1;
    th_give(&g, 0, 1, 1, 1, 0, 0);
    expect_end(verdict(&g, LANG_EN, 0, 9), " | free, and your roads reach it: you may build a "
                                           "settlement here on your move once you have 1 grain "
                                           "more");
    expect_end(verdict(&g, LANG_EN, 0, 1),
               ": you may build a city here on your move once you have 2 grain, 3 ore more");
    th_give(&g, 0, 0, 0, 0, 2, 3);
    expect_end(verdict(&g, LANG_EN, 0, 9),
               " | free, and your roads reach it: you may build here on your move");
    expect_end(verdict(&g, LANG_EN, 0, 1), ": you may build a city here on your move");
    expect_end(verdict(&g, LANG_EN, RENDER_PUBLIC, 9), " | free");
    expect_end(verdict(&g, LANG_EN, RENDER_PUBLIC, 1), " | alice's settlement");
}

/* The setup's pieces are free: nothing is missing. */
static void test_corner_setup_free(void **state)
{
    (void)state;
    struct game g;
    th_init(&g, 4, BOARD_BASE);
    assert_int_equal(g.phase, PHASE_SETUP_SETTLEMENT);
    const char *line = verdict(&g, LANG_EN, g.current, 20);
    assert_null(strstr(line, "once you have"));
    expect_end(line, " | you may build a settlement here now");
}

/* Each language declines the missing cards as the object of "have" (uk, sr: accusative; ar:
 * after على, the dual's oblique form), with the forms of its plural categories. */
static void test_corner_missing_in_every_language(void **state)
{
    (void)state;
    struct game g;
    position(&g);
    th_give(&g, 0, 1, 0, 1, 0, 0); /* lacks 1 brick, 1 grain; a city 2 grain, 3 ore */
    static const struct {
        int lang, v1;
        const char *end;
    } cases[] = {
        {LANG_UK, 9, " | тут можна збудувати селище, коли матимете ще 1 глину, 1 збіжжя"},
        {LANG_UK, 1, ": тут можна збудувати місто, коли матимете ще 2 збіжжя, 3 руди"},
        {LANG_SR, 9, " | ovde možete sagraditi naselje kad budete imali još 1 ciglu, 1 žito"},
        {LANG_SR, 1, ": ovde možete sagraditi grad kad budete imali još 2 žita, 3 rude"},
        {LANG_AR, 9,
         " | يمكنك بناء مستوطنة هنا حين تحصل على " FSI "بطاقة طوب، بطاقة قمح" PDI
         " إضافةً إلى ما لديك"},
        {LANG_AR, 1,
         ": يمكنك بناء مدينة هنا حين تحصل على " FSI "بطاقتي قمح، 3 بطاقات خام" PDI
         " إضافةً إلى ما لديك"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_end(verdict(&g, cases[i].lang, 0, cases[i].v1), cases[i].end);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corner_says_what_is_missing),
        cmocka_unit_test(test_corner_later),
        cmocka_unit_test(test_corner_setup_free),
        cmocka_unit_test(test_corner_missing_in_every_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
