/* Positions as text (bench/position.h, doc/position-format.md) and the position server's
 * answers: lines of real games round trip, every malformed line is refused with its reason
 * (truncations and garbage included), and the computer players answer a legal move for the
 * recorded positions of tests/data/positions.txt within their budget. */
#include "engine_helpers.h"

#include <stdio.h>
#include <time.h>

#include "ai/ai.h"
#include "engine/playout.h"

#include "ai_answer.h"
#include "position.h"

static char line[POSITION_LINE_MAX + 1], again[POSITION_LINE_MAX + 1];
static struct position pos, back;

/* Positions of random playouts of the base game, a few from every phase. */
static void each_position(uint64_t seed, void (*fn)(const struct game *g, int seat))
{
    struct game g;
    struct bw_rng rng;
    th_init_seed(&g, 3 + (int)(seed % 2), BOARD_BASE, seed);
    bw_rng_seed(&rng, seed * 31 + 7);
    for (int k = 0; k < 5000 && g.phase != PHASE_OVER; k++) {
        if (g.phase != PHASE_MAIN || k % 7 == 0)
            fn(&g, (int)bw_rng_below(&rng, g.opt.n_players));
        struct game_action a;
        assert_int_equal(playout_choose(&g, &rng, &a), BW_OK);
        assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
    }
}

/* What the seat may know is kept: the board, the pieces, the public counts, its own cards. */
static void assert_same_public(const struct game *a, const struct game *b, int seat)
{
    assert_memory_equal(a->terrain, b->terrain, sizeof a->terrain);
    assert_memory_equal(a->token, b->token, sizeof a->token);
    assert_memory_equal(a->harbor, b->harbor, sizeof a->harbor);
    assert_memory_equal(a->vertex_owner, b->vertex_owner, sizeof a->vertex_owner);
    assert_memory_equal(a->vertex_building, b->vertex_building, sizeof a->vertex_building);
    assert_memory_equal(a->edge_owner, b->edge_owner, sizeof a->edge_owner);
    assert_memory_equal(a->bank, b->bank, sizeof a->bank);
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->current, b->current);
    assert_int_equal(a->robber, b->robber);
    assert_int_equal(a->setup_step, b->setup_step);
    if (a->phase <= PHASE_SETUP_ROAD) /* what is left of the setup is never read after it */
        assert_int_equal(a->setup_vertex, b->setup_vertex);
    assert_int_equal(a->longest_road, b->longest_road);
    assert_int_equal(a->largest_army, b->largest_army);
    assert_int_equal(a->deck_size - a->deck_pos, b->deck_size - b->deck_pos);
    for (int p = 0; p < a->opt.n_players; p++) {
        assert_int_equal(game_hand_size(a, p), game_hand_size(b, p));
        assert_int_equal(game_dev_count(a, p), game_dev_count(b, p));
        assert_int_equal(a->p[p].knights, b->p[p].knights);
        assert_int_equal(a->p[p].discard, b->p[p].discard);
        assert_int_equal(a->p[p].road_length, b->p[p].road_length);
        assert_int_equal(game_vp_public(a, p), game_vp_public(b, p));
    }
    assert_memory_equal(a->p[seat].res, b->p[seat].res, RES_COUNT);
    assert_memory_equal(a->p[seat].dev, b->p[seat].dev, DEV_COUNT);
    assert_memory_equal(a->p[seat].dev_new, b->p[seat].dev_new, DEV_COUNT);
    assert_int_equal(game_waiting_for(a), game_waiting_for(b));
}

static long round_trips;

static void round_trip(const struct game *g, int seat)
{
    char why[POSITION_WHY_MAX];
    assert_int_equal(position_from_game(g, seat, &pos), 0);
    int n = position_print(&pos, line, sizeof line);
    assert_true(n > 0);
    if (position_parse(line, &back, why, sizeof why))
        fail_msg("refused (%s): %s", why, line);
    assert_int_equal(back.seat, seat);
    assert_same_public(g, &back.g, seat);
    assert_int_equal(position_print(&back, again, sizeof again), n);
    assert_string_equal(again, line);
    round_trips++;
}

static void test_round_trip_of_games(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 12; seed++)
        each_position(seed, round_trip);
    assert_true(round_trips > 1000);
}

/* A line of a game in its main phase, to break in the tests below. */
static void base_line(char *out, size_t len)
{
    struct game g;
    struct bw_rng rng;
    th_init_seed(&g, 4, BOARD_BASE, 77);
    bw_rng_seed(&rng, 78);
    for (int k = 0; k < 120 || g.phase != PHASE_MAIN; k++) {
        struct game_action a;
        assert_int_equal(playout_choose(&g, &rng, &a), BW_OK);
        assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
    }
    assert_int_equal(position_from_game(&g, g.current, &pos), 0);
    assert_true(position_print(&pos, out, len) > 0);
}

/* LINE with the value of KEY replaced by VALUE (NULL: the word removed). */
static void with(const char *src, const char *key, const char *value, char *out, size_t len)
{
    char pat[48];
    snprintf(pat, sizeof pat, " %s=", key);
    const char *at = strstr(src, pat);
    assert_non_null(at);
    const char *end = strchr(at + 1, ' ');
    end = end ? end : src + strlen(src);
    if (value)
        snprintf(out, len, "%.*s %s=%s%s", (int)(at - src), src, key, value, end);
    else
        snprintf(out, len, "%.*s%s", (int)(at - src), src, end);
}

static void assert_refused(const char *text, const char *reason)
{
    char why[POSITION_WHY_MAX];
    if (!position_parse(text, &back, why, sizeof why))
        fail_msg("accepted: %s", text);
    if (!strstr(why, reason))
        fail_msg("reason '%s' lacks '%s'", why, reason);
}

static void test_refusals(void **state)
{
    (void)state;
    static char ok[POSITION_LINE_MAX + 1], bad[POSITION_LINE_MAX + 64];
    char why[POSITION_WHY_MAX];
    base_line(ok, sizeof ok);
    assert_int_equal(position_parse(ok, &back, why, sizeof why), 0);
    static const struct {
        const char *key, *value, *reason;
    } cases[] = {
        {"players", "5", "players=5 is not a number from 3 to 4"},
        {"players", NULL, "players is missing"},
        {"seat", "x", "seat=x is not a number"},
        {"phase", "trade", "phase=trade is not one of"},
        {"rolled", "0", "phase main before the roll"},
        {"dice", "7,1", "dice=7,1 is not - or two dice"},
        {"robber", "Z", "robber=Z is not a hex"},
        {"hexes", "wood6", "hexes needs 19 hexes"},
        {"bank", "19,19,19,19", "bank needs 5 numbers"},
        {"bank", "19,19,19,19,19", "the bank and the hand hold"},
        {"devdeck", "26", "devdeck=26 is not a number from 0 to 25"},
        {"played", "3,0,0", "played needs 3 numbers from 0 to 2"},
        {"longest", "9", "longest=9 is not a seat"},
        {"army", "0", "army=0 but seat 0 played"},
        {"hand", "19,0,0,0,0", "wood: the bank and the hand hold"},
        {"roads.1", "1-4,1-4", "has two roads"},
        {"roads.2", "1-9", "is not an edge A-B"},
        {"settlements.3", "99", "is not a corner 1-54"},
        {"cities.0", "1,2,3,4,5", "more than 4"},
        {"discard.0", "90", "must discard"},
        {"turn", "-1", "turn=-1 is not a number"},
        {"harbors", "3:1@1-4", "1-4 is not a harbor's edge"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        with(ok, cases[i].key, cases[i].value, bad, sizeof bad);
        assert_refused(bad, cases[i].reason);
    }
    snprintf(bad, sizeof bad, "%s extra=1", ok);
    assert_refused(bad, "unknown key extra");
    snprintf(bad, sizeof bad, "%s turn=3", ok);
    assert_refused(bad, "turn is given twice");
    snprintf(bad, sizeof bad, "%s garbage", ok);
    assert_refused(bad, "'garbage' is not KEY=VALUE");
    assert_refused("position 2 players=4", "format version 2 is not 1");
    assert_refused("hello", "a position starts with the word position");
    assert_refused("", "a position starts with the word position");
    memset(bad, 'x', POSITION_LINE_MAX + 10);
    bad[POSITION_LINE_MAX + 10] = 0;
    assert_refused(bad, "longer than");
    assert_int_equal(position_parse(NULL, &back, why, sizeof why), -1);
}

/* Whole-position checks: the setup's order, the distance rule, a winner, the cards unseen. */
static void test_refusals_of_positions(void **state)
{
    (void)state;
    static char ok[POSITION_LINE_MAX + 1], bad[POSITION_LINE_MAX + 64], tmp[POSITION_LINE_MAX + 64];
    base_line(ok, sizeof ok);
    with(ok, "phase", "setup_settlement", bad, sizeof bad);
    assert_refused(bad, "the setup has 8 settlements");
    with(ok, "phase", "discard", bad, sizeof bad);
    assert_refused(bad, "phase discard but nobody must discard");
    char key[16];
    assert_int_equal(position_parse(ok, &back, NULL, 0), 0);
    snprintf(key, sizeof key, "devs.%d", (back.seat + 1) % 4);
    with(ok, key, "25", bad, sizeof bad);
    assert_refused(bad, "the deck and the others hold");
    snprintf(key, sizeof key, "devs.%d", back.seat);
    with(ok, key, "25", bad, sizeof bad);
    assert_refused(bad, "but dev and new hold");
    with(ok, "settlements.0", "1,5", bad, sizeof bad);
    with(bad, "settlements.1", "2", tmp, sizeof tmp);
    with(tmp, "settlements.2", "3", bad, sizeof bad);
    with(bad, "settlements.3", "4", tmp, sizeof tmp);
    with(tmp, "cities.0", "-", bad, sizeof bad);
    assert_refused(bad, "are neighbours");
    /* Seat 0's first settlement made a city: 3 points, the goal of a game of 3. */
    char first[8], rest[8];
    int v = 0;
    assert_int_equal(position_parse(ok, &back, NULL, 0), 0);
    while (back.g.vertex_owner[v] != 0)
        v++;
    snprintf(first, sizeof first, "%d", v + 1);
    while (back.g.vertex_owner[++v] != 0)
        ;
    snprintf(rest, sizeof rest, "%d", v + 1);
    with(ok, "settlements.0", rest, bad, sizeof bad);
    with(bad, "cities.0", first, tmp, sizeof tmp);
    assert_int_equal(position_parse(tmp, &back, NULL, 0), 0);
    with(tmp, "goal", "3", bad, sizeof bad);
    assert_refused(bad, "seat 0 has 3 points: the game is over");
    /* A fresh game: seat 1 may not place first. */
    struct game g;
    th_init_seed(&g, 4, BOARD_BASE, 5);
    assert_int_equal(position_from_game(&g, 0, &pos), 0);
    assert_true(position_print(&pos, ok, sizeof ok) > 0);
    with(ok, "current", "1", bad, sizeof bad);
    assert_refused(bad, "setup step 0 is seat 0's, not 1's");
    with(ok, "phase", "setup_road", bad, sizeof bad);
    assert_refused(bad, "the setup has 0 settlements and 0 roads");
}

/* Every truncation of a line and random damage to it: refused with a reason or accepted, never a
 * crash (the sanitizers watch). */
static void test_truncations_and_garbage(void **state)
{
    (void)state;
    static char ok[POSITION_LINE_MAX + 1], bad[POSITION_LINE_MAX + 1];
    char why[POSITION_WHY_MAX];
    base_line(ok, sizeof ok);
    size_t n = strlen(ok);
    for (size_t k = 0; k < n; k++) {
        memcpy(bad, ok, k);
        bad[k] = 0;
        assert_int_equal(position_parse(bad, &back, why, sizeof why), -1);
        assert_true(why[0] != 0);
    }
    struct bw_rng rng;
    bw_rng_seed(&rng, 99);
    static const char alphabet[] = " =,-@.:0123456789abcdefghijklmnopqrstuvwxyz\xff\x01";
    for (int t = 0; t < 20000; t++) {
        memcpy(bad, ok, n + 1);
        for (int d = 1 + (int)bw_rng_below(&rng, 4); d > 0; d--)
            bad[bw_rng_below(&rng, (uint32_t)n)] =
                alphabet[bw_rng_below(&rng, sizeof alphabet - 1)];
        if (position_parse(bad, &back, why, sizeof why))
            assert_true(why[0] != 0);
        else
            assert_int_equal(game_check_state(&back.g), BW_OK);
    }
    /* A reason never overruns its buffer. */
    char tiny[8];
    assert_int_equal(position_parse("nonsense", &back, tiny, sizeof tiny), -1);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
}

static void test_action_words(void **state)
{
    (void)state;
    struct game g;
    char out[64];
    th_init(&g, 4, BOARD_BASE);
    const struct board_geo *geo = game_geo(&g);
    struct game_action a = {.type = ACT_BUILD_ROAD, .a = (int16_t)board_edge_between(geo, 0, 3)};
    assert_true(position_action_text(&g, &a, out, sizeof out) > 0);
    assert_string_equal(out, "build road 1-4");
    a = (struct game_action){.type = ACT_BUILD_CITY, .a = 29};
    position_action_text(&g, &a, out, sizeof out);
    assert_string_equal(out, "build city 30");
    a = (struct game_action){
        .type = ACT_BANK_TRADE, .give = {4, 0, 0, 0, 0}, .get = {0, 0, 0, 0, 1}};
    position_action_text(&g, &a, out, sizeof out);
    assert_string_equal(out, "bank 4 wood for 1 ore");
    a = (struct game_action){.type = ACT_PLAY_KNIGHT, .a = 9, .target = 2};
    position_action_text(&g, &a, out, sizeof out);
    assert_string_equal(out, "play knight J 2");
    a = (struct game_action){.type = ACT_ROBBER, .a = 0, .target = -1};
    position_action_text(&g, &a, out, sizeof out);
    assert_string_equal(out, "robber A");
    a = (struct game_action){.type = ACT_DISCARD, .give = {2, 0, 0, 1, 0}};
    position_action_text(&g, &a, out, sizeof out);
    assert_string_equal(out, "discard 2 wood 1 grain");
    a = (struct game_action){.type = ACT_PLAY_PLENTY, .res = RES_WOOL, .res2 = RES_ORE};
    position_action_text(&g, &a, out, sizeof out);
    assert_string_equal(out, "play plenty wool ore");
    a = (struct game_action){.type = ACT_OFFER};
    assert_int_equal(position_action_text(&g, &a, out, sizeof out), -1);
}

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The recorded positions: each level answers a legal move, the hard one within its budget. */
static void test_answers_to_recorded_positions(void **state)
{
    (void)state;
    char path[512], out[256];
    const char *dir = getenv("BW_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/tests/data/positions.txt", dir ? dir : ".");
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char text[POSITION_LINE_MAX + 2];
    static struct game g, copy;
    int lines = 0;
    while (fgets(text, sizeof text, f)) {
        if (text[0] == '#' || text[0] == '\n')
            continue;
        for (int level = AI_EASY; level <= AI_HARD; level++) {
            struct answer_opts o = {.level = level, .budget_us = 50000, .seed = 3};
            struct game_action a;
            double t0 = wall_ms();
            if (ai_answer(text, &o, out, sizeof out, &a, &g))
                fail_msg("%s for %s", out, text);
            double ms = wall_ms() - t0;
            /* The budget is processor time; the margin covers setting up and the sanitizers. */
            assert_true(ms < 50 + 400);
            copy = g;
            assert_int_equal(game_apply(&copy, &a, NULL, 0, NULL), BW_OK);
        }
        lines++;
    }
    fclose(f);
    assert_true(lines >= 6);
    struct answer_opts o = {.level = AI_NORMAL, .budget_us = 1000, .seed = 1};
    assert_int_equal(ai_answer("position 1 players=4", &o, out, sizeof out, NULL, NULL), -1);
    assert_string_equal(out, "error: seat is missing");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_of_games),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_refusals_of_positions),
        cmocka_unit_test(test_truncations_and_garbage),
        cmocka_unit_test(test_action_words),
        cmocka_unit_test(test_answers_to_recorded_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
