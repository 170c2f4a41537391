/* The dice deck's event cards as lines (render/dice_events.c): the card's name and what it does
 * under the roll, in every language; who is asked, to all; the prompt, to the player asked only;
 * a card given named to the two players and to nobody else. */
#include "engine_helpers.h"

#include "i18n/i18n.h"
#include "render/render.h"

static const char *const nicks[GAME_MAX_PLAYERS] = {"alice", "bob", "carol"};

/* Good neighbors with alice's two kinds (asked) and bob's one (given at once, to carol). */
static int good_neighbors(struct game *g, struct game_event *ev)
{
    struct game_options o = {.n_players = 3, .board = BOARD_BASE, .dice_deck = 1};
    assert_int_equal(game_init(g, &o, TH_SEED), BW_OK);
    th_roll_phase(g, 0);
    g->turn = 40;
    th_give(g, 0, 1, 1, 0, 0, 0);
    th_give(g, 1, 0, 0, 0, 0, 2);
    int card = 6 * 1 + 2; /* 2 + 3 */
    for (int i = g->dice_drawn; i < GAME_DICE_CARDS; i++)
        if (g->dice_cards[i] == card) {
            g->dice_cards[i] = g->dice_cards[g->dice_drawn];
            g->dice_cards[g->dice_drawn] = (uint8_t)card;
        }
    struct game_action r = th_action(ACT_ROLL, 0);
    return th_apply(g, &r, ev);
}

static void lines_of(const struct game *g, int lang, const struct game_event *ev, int n,
                     struct render_lines *l)
{
    struct render_style st;
    render_style_init(&st, "#catan", nicks, 3, 0);
    st.lang = lang;
    render_lines_init(l);
    struct render_sink sink = render_lines_sink(l);
    render_events(g, &st, ev, n, &sink);
    render_ask_prompt(g, &st, 0, 30, &sink);
    assert_false(l->failed);
}

/* The line to `to` containing `text`, or -1. */
static int find(const struct render_lines *l, int to, const char *text)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i].to == to && strstr(l->v[i].text, text))
            return i;
    return -1;
}

static void test_event_lines_english(void **state)
{
    (void)state;
    static struct game g;
    struct game_event ev[GAME_MAX_EVENTS];
    int n = good_neighbors(&g, ev);
    struct render_lines l;
    lines_of(&g, LANG_EN, ev, n, &l);
    int roll = find(&l, RENDER_PUBLIC, "rolled 5");
    int card = find(&l, RENDER_PUBLIC, "event card Good Neighbors: each player gives");
    assert_true(roll >= 0 && card > roll);
    assert_true(find(&l, RENDER_PUBLIC, "bob gives carol a card (Good Neighbors)") > card);
    assert_true(find(&l, 1, "you gave 1 ore to carol") >= 0);
    assert_true(find(&l, 2, "bob gave you 1 ore") >= 0);
    for (int i = 0; i < l.n; i++) /* what bob gave is the two players' */
        assert_true(l.v[i].to != RENDER_PUBLIC || !strstr(l.v[i].text, "ore"));
    assert_true(find(&l, RENDER_PUBLIC,
                     "the game waits for alice to choose a resource to give "
                     "bob (Good Neighbors) (!give RES)") >= 0);
    assert_true(find(&l, 0,
                     "Good Neighbors: give bob a resource of your choice: !give RES, "
                     "e.g. !give wood (you hold") >= 0);
    render_lines_fini(&l);
}

static void test_event_lines_every_language(void **state)
{
    (void)state;
    static struct game g;
    struct game_event ev[GAME_MAX_EVENTS];
    int n = good_neighbors(&g, ev);
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        struct render_lines l;
        lines_of(&g, lang, ev, n, &l);
        assert_true(find(&l, RENDER_PUBLIC, tr(lang, MSG_DICE_GOOD_NEIGHBORS)) >= 0);
        assert_true(find(&l, RENDER_PUBLIC, tr(lang, MSG_DICE_DO_GOOD_NEIGHBORS)) >= 0);
        assert_true(find(&l, 0, "!give RES") >= 0);
        assert_true(find(&l, 1, "carol") >= 0 && find(&l, 2, "bob") >= 0);
        render_lines_fini(&l);
    }
    /* Every event has a name and a text in every language. */
    for (int lang = 0; lang < LANG_COUNT; lang++)
        for (int m = MSG_DICE_ROBBER_ATTACK; m <= MSG_DICE_DO_PLENTIFUL_YEAR; m++)
            assert_true(tr(lang, m)[0] != '\0');
}

/* !status while an event card asks: who is asked and the command, not the roll's hint. */
static void test_status_while_asked(void **state)
{
    (void)state;
    static struct game g;
    struct game_event ev[GAME_MAX_EVENTS];
    good_neighbors(&g, ev);
    struct render_style st;
    render_style_init(&st, "#catan", nicks, 3, 0);
    struct render_lines l;
    render_lines_init(&l);
    struct render_sink sink = render_lines_sink(&l);
    render_status(&g, &st, "", &sink);
    assert_true(l.n > 0);
    assert_non_null(strstr(l.v[0].text, "the game waits for alice to choose a resource to give "
                                        "bob (Good Neighbors) (!give RES)"));
    assert_null(strstr(l.v[0].text, "!roll"));
    render_lines_fini(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_event_lines_english),
        cmocka_unit_test(test_event_lines_every_language),
        cmocka_unit_test(test_status_while_asked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
