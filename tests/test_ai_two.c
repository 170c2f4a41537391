/* Computer players in Catan for two (src/ai/two.c; doc/two.md): the neutral piece placed where
 * it blocks the opponent, the trade tokens spent when they help, the cards given back after a
 * forced trade, and whole games to a winner at every level. */
#include "engine_helpers.h"

#include <stdio.h>

#include "ai/ai.h"
#include "ai/internal.h"

static struct game G;

enum { N0 = 2, N1 = 3 };

static void blank_two(struct game *g, uint64_t seed)
{
    th_two_blank(g, seed);
}

static int other_end(const struct game *g, int e, int v)
{
    const struct board_geo *geo = th_geo(g);
    return geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
}

/* The corner one free side from v, not `not` (-1: none). */
static int step(const struct game *g, int v, int not )
{
    for (int i = 0; i < 3; i++) {
        int e = th_geo(g)->vertex_edge[v][i];
        if (e >= 0 && g->edge_owner[e] < 0 &&
            other_end(g, e, v) != not &&g->vertex_owner[other_end(g, e, v)] < 0)
            return other_end(g, e, v);
    }
    return -1;
}

static void road(struct game *g, int p, int a, int b)
{
    th_place_road(g, p, a + 1, b + 1);
    g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
}

/* The opponent (1) has roads v-w-z to a free corner z; neutral B's roads k-m-z reach z too,
 * neutral A's (listed first) a corner far away. Player 0 owes a neutral settlement: z blocks the
 * opponent. */
static void test_neutral_blocks(void **state)
{
    (void)state;
    int tried = 0;
    for (uint64_t seed = 1; seed < 40 && tried < 5; seed++) {
        blank_two(&G, seed);
        const struct board_geo *geo = th_geo(&G);
        int v = geo->hex_vertex[4][0], w = step(&G, v, -1), z = step(&G, w, v);
        int m = z >= 0 ? step(&G, z, w) : -1, k = m >= 0 ? step(&G, m, z) : -1;
        if (k < 0 || G.vertex_pips[z] == 0 || k == v)
            continue;
        th_place_settlement(&G, 1, v + 1);
        road(&G, 1, v, w);
        road(&G, 1, w, z);
        th_place_settlement(&G, N1, k + 1);
        road(&G, N1, k, m);
        road(&G, N1, m, z);
        int s = geo->hex_vertex[15][3], t = step(&G, s, -1), r = t >= 0 ? step(&G, t, s) : -1;
        if (r < 0 || G.vertex_owner[s] >= 0)
            continue;
        th_place_settlement(&G, N0, s + 1);
        road(&G, N0, s, t);
        road(&G, N0, t, r);
        if (!game_can_settle(&G, N0, r) || !game_can_settle(&G, N1, z))
            continue;
        G.ck.p[0].ask = ASK_NEUTRAL;
        G.ck.p[0].ask_arg = TWO_SETTLEMENT;
        G.two.owed = 1;
        assert_int_equal(game_check_state(&G), BW_OK);
        for (int level = AI_EASY; level <= AI_NORMAL; level++) {
            struct game_action a;
            assert_int_equal(ai_choose(&G, 0, level, seed, &a), BW_OK);
            assert_int_equal(a.type, ACT_CK_CHOOSE);
            assert_int_equal(a.b, TWO_SETTLEMENT);
            assert_int_equal(a.a, z);
        }
        tried++;
    }
    assert_true(tried > 0);
}

static void test_tokens_spent(void **state)
{
    (void)state;
    blank_two(&G, 3);
    struct game_action a;
    /* Nothing to gain: no token spent. */
    th_give(&G, 1, 1, 0, 0, 0, 0);
    assert_int_equal(ai_choose(&G, 0, AI_NORMAL, 1, &a), BW_OK);
    assert_int_not_equal(a.type, ACT_TOKEN);
    /* The opponent holds 6 cards: a forced trade. */
    th_give(&G, 1, 1, 1, 1, 1, 1);
    assert_int_equal(ai_choose(&G, 0, AI_NORMAL, 1, &a), BW_OK);
    assert_int_equal(a.type, ACT_TOKEN);
    assert_int_equal(a.a, TOKEN_TRADE);
    assert_int_equal(game_apply(&G, &a, NULL, 0, NULL), BW_OK);
    /* The cards given back: as many as asked, held. */
    assert_int_equal(ai_choose(&G, 0, AI_NORMAL, 1, &a), BW_OK);
    assert_int_equal(a.type, ACT_CK_GIVE);
    assert_int_equal(a.give[0] + a.give[1] + a.give[2] + a.give[3] + a.give[4], 2);
    assert_int_equal(game_apply(&G, &a, NULL, 0, NULL), BW_OK);
    /* The robber on the player's own 6 or 8: sent home. */
    blank_two(&G, 3);
    int h = 0;
    while (G.terrain[h] == TERRAIN_DESERT)
        h++;
    th_set_token(&G, h, 8);
    th_place_settlement(&G, 0, th_geo(&G)->hex_vertex[h][0] + 1);
    G.robber = (int8_t)h;
    assert_int_equal(ai_choose(&G, 0, AI_EASY, 1, &a), BW_OK);
    assert_int_equal(a.type, ACT_TOKEN);
    assert_int_equal(a.a, TOKEN_ROBBER);
}

/* Whole games of computer players to a winner, each action accepted. */
static void test_games_to_winner(void **state)
{
    (void)state;
    static struct game g;
    struct bw_rng rng;
    long neutral = 0, tokens = 0, turns = 0;
    const int levels[][2] = {{AI_NORMAL, AI_EASY}, {AI_EASY, AI_EASY}, {AI_NORMAL, AI_NORMAL}};
    for (int i = 0; i < 6; i++) {
        struct game_options o = {.n_players = 2, .board = BOARD_BASE, .two = 1};
        assert_int_equal(game_init(&g, &o, 900 + (uint64_t)i), BW_OK);
        bw_rng_seed(&rng, 50 + (uint64_t)i);
        for (int k = 0; k < 20000 && g.phase != PHASE_OVER; k++) {
            int p = __builtin_ctz(ai_players_to_act(&g));
            struct game_action a;
            assert_int_equal(ai_choose(&g, p, levels[i % 3][p], bw_rng_next(&rng), &a), BW_OK);
            neutral += a.type == ACT_CK_CHOOSE;
            tokens += a.type == ACT_TOKEN;
            assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
        }
        assert_int_equal(g.phase, PHASE_OVER);
        assert_true(g.winner == 0 || g.winner == 1);
        assert_true(game_vp_total(&g, g.winner) >= g.vp_goal);
        turns += g.turn;
    }
    printf("Catan for two, computer players: 6 games, %ld turns, %ld neutral pieces, %ld token "
           "actions\n",
           turns, neutral, tokens);
    assert_true(neutral > 0);
    assert_true(tokens > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_neutral_blocks),
        cmocka_unit_test(test_tokens_spent),
        cmocka_unit_test(test_games_to_winner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
