/* Computer players trading as a person at the table would want: an offer accepted for what it
 * is worth to their plan, refused with a reason that shows nothing of the hand, an offer of
 * their own only for a build this turn that the bank or a harbor would not make possible,
 * counter-offers, and closing their own offers. */
#include "engine_helpers.h"

#include "ai/ai.h"
#include "engine/playout.h"

/* a is legal in g (the answer of the engine, on a copy). */
static void legal_here(const struct game *g, const struct game_action *a)
{
    struct game c = *g;
    assert_int_equal(game_apply(&c, a, NULL, 0, NULL), BW_OK);
}

/* Player 1 (not to move) with a settlement, asked by player 0 to trade. */
static void offer_position(struct game *g, int wool, int grain, int ore)
{
    th_blank(g, 4, BOARD_BASE);
    th_place_settlement(g, 0, 1);
    th_place_settlement(g, 1, 20);
    th_place_settlement(g, 2, 40);
    th_place_settlement(g, 3, 50);
    th_give(g, 0, 2, 2, 2, 2, 2);
    th_give(g, 1, 0, 0, wool, grain, ore);
}

/* Player 0 one point from the goal: a city, three settlements, both awards. */
static void one_point_from_goal(struct game *g)
{
    th_place_city(g, 0, 1);
    th_place_settlement(g, 0, 30);
    th_place_settlement(g, 0, 10);
    th_place_settlement(g, 0, 45);
    g->longest_road = 0;
    g->largest_army = 0;
    assert_int_equal(game_vp_public(g, 0), g->vp_goal - 1);
}

static int offer(struct game *g, int wood, int brick, int wool, int grain, int ore_give,
                 int get_res)
{
    struct game_action a = th_action(ACT_OFFER, 0);
    th_set5(a.give, wood, brick, wool, grain, ore_give);
    a.get[get_res] = 1;
    a.to_mask = 1u << 1;
    assert_int_equal(game_apply(g, &a, NULL, 0, NULL), BW_OK);
    return g->next_offer_id - 1;
}

static int answer(const struct game *g, int id)
{
    struct game_action a;
    assert_int_equal(ai_answer_offer(g, 1, id, 7, &a), BW_OK);
    assert_int_equal(a.a, id);
    legal_here(g, &a);
    return a.type;
}

static void test_offers(void **state)
{
    (void)state;
    struct game g;
    /* Two grain and two ore: one more ore makes a city. An ore for one of two wool completes it
     * (and keeps a development card within reach). */
    offer_position(&g, 2, 2, 2);
    assert_int_equal(answer(&g, offer(&g, 0, 0, 0, 0, 1, RES_WOOL)), ACT_ACCEPT);
    /* Two grain and three ore: a city. Giving an ore for a wood breaks it. */
    offer_position(&g, 0, 2, 3);
    assert_int_equal(answer(&g, offer(&g, 1, 0, 0, 0, 0, RES_ORE)), ACT_REJECT);
    /* The completing trade, from a player one point from winning: refused. */
    offer_position(&g, 2, 2, 2);
    one_point_from_goal(&g);
    assert_int_equal(answer(&g, offer(&g, 0, 0, 0, 0, 1, RES_WOOL)), ACT_REJECT);
    /* Without the cards asked for, the answer is a refusal. */
    offer_position(&g, 0, 2, 2);
    assert_int_equal(answer(&g, offer(&g, 0, 0, 0, 0, 1, RES_WOOL)), ACT_REJECT);
}

/* Player 0, to move after the roll, two grain and two ore: one more ore makes a city. */
static void own_offer_position(struct game *g)
{
    th_blank(g, 4, BOARD_BASE);
    th_place_settlement(g, 0, 1);
    th_place_settlement(g, 1, 20);
    th_place_settlement(g, 2, 40);
    th_place_settlement(g, 3, 50);
    th_give(g, 0, 0, 0, 2, 2, 2);
    th_give(g, 1, 1, 1, 0, 0, 2);
    th_give(g, 2, 1, 1, 1, 0, 0);
    th_give(g, 3, 0, 0, 0, 1, 1);
}

static int sum_res(const uint8_t r[RES_COUNT])
{
    int n = 0;
    for (int i = 0; i < RES_COUNT; i++)
        n += r[i];
    return n;
}

/* The computer player's own offer: the ore its city lacks, for a card the city does not need,
 * to every player who may trade with it; none when nobody else holds an ore, or when it would
 * only help a player close to winning, or when nothing is lacking. */
static void test_own_offer(void **state)
{
    (void)state;
    struct game g;
    struct game_action a;
    own_offer_position(&g);
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_OK);
    legal_here(&g, &a);
    assert_int_equal(a.type, ACT_OFFER);
    assert_int_equal(a.get[RES_ORE], 1);
    assert_int_equal(sum_res(a.get), 1);
    assert_int_equal(a.give[RES_ORE] + a.give[RES_GRAIN], 0);
    assert_true(sum_res(a.give) >= 1 && sum_res(a.give) <= 2);
    assert_int_equal(a.to_mask, 0xe);
    /* The same, decided by the others' hidden cards changed: the same offer. */
    struct game other = g;
    th_return_all(&other, 1);
    th_give(&other, 1, 0, 0, 0, 0, 2);
    th_give(&other, 3, 2, 0, 0, 0, 0);
    struct game_action b;
    assert_int_equal(ai_make_offer(&other, 0, 3, &b), BW_OK);
    assert_memory_equal(&a, &b, sizeof a);
    /* Player 2 two points from the goal is left out. */
    g.vp_goal = 5;
    th_place_city(&g, 2, 40);
    th_place_settlement(&g, 2, 10);
    assert_int_equal(game_vp_public(&g, 2), g.vp_goal - 2);
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_OK);
    assert_int_equal(a.to_mask, 0xa);
    /* Nobody else holds an ore. */
    own_offer_position(&g);
    th_return_all(&g, 1);
    th_return_all(&g, 3);
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_E(NO_OFFER));
    /* A city already paid for, and nothing else in reach of one card: no offer. */
    own_offer_position(&g);
    th_return_all(&g, 0);
    th_give(&g, 0, 0, 0, 0, 2, 3);
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_E(NO_OFFER));
    /* Not its turn. */
    own_offer_position(&g);
    assert_int_equal(ai_make_offer(&g, 1, 3, &a), BW_E(WRONG_PHASE));
}

/* Refusing an offer it cannot pay, a player counters with one card of what was asked for; the
 * offerer, accepted, confirms a trade still worth it and withdraws one that no longer is. */
static void test_counter_and_close(void **state)
{
    (void)state;
    struct game g;
    struct game_action a;
    /* Player 0 gives an ore for two brick; player 1 (two grain, two ore, one brick) cannot pay
     * two brick but wants the ore for a city: it offers one brick for the ore, to player 0. */
    offer_position(&g, 0, 2, 2);
    th_give(&g, 1, 0, 1, 0, 0, 0);
    int id = offer(&g, 0, 0, 0, 0, 1, RES_BRICK);
    struct trade_offer *o = &g.offers[0];
    assert_int_equal(o->id, id);
    o->get[RES_BRICK] = 2;
    assert_int_equal(answer(&g, id), ACT_REJECT);
    assert_int_equal(ai_counter_offer(&g, 1, id, 7, &a), BW_OK);
    legal_here(&g, &a);
    assert_int_equal(a.type, ACT_OFFER);
    assert_int_equal(a.player, 1);
    assert_int_equal(a.give[RES_BRICK], 1);
    assert_int_equal(sum_res(a.give), 1);
    assert_int_equal(a.get[RES_ORE], 1);
    assert_int_equal(sum_res(a.get), 1);
    assert_int_equal(a.to_mask, 1);
    /* No counter to a player one point from the goal. */
    one_point_from_goal(&g);
    assert_int_equal(ai_counter_offer(&g, 1, id, 7, &a), BW_E(NO_OFFER));

    /* Player 1's counter-offer, accepted by player 0: confirmed with player 0. */
    offer_position(&g, 0, 2, 2);
    th_give(&g, 1, 0, 1, 0, 0, 0);
    struct game_action c = th_action(ACT_OFFER, 1);
    c.give[RES_BRICK] = 1;
    c.get[RES_ORE] = 1;
    assert_int_equal(game_apply(&g, &c, NULL, 0, NULL), BW_OK);
    id = g.next_offer_id - 1;
    struct game_action acc = th_action(ACT_ACCEPT, 0);
    acc.a = (int16_t)id;
    assert_int_equal(game_apply(&g, &acc, NULL, 0, NULL), BW_OK);
    assert_int_equal(ai_close_offer(&g, 1, id, 7, &a), BW_OK);
    legal_here(&g, &a);
    assert_int_equal(a.type, ACT_CONFIRM);
    assert_int_equal(a.a, id);
    assert_int_equal(a.target, 0);
    /* The ore came meanwhile (a roll): the trade is no longer worth it, and is withdrawn. */
    th_give(&g, 1, 0, 0, 0, 0, 1);
    assert_int_equal(ai_close_offer(&g, 1, id, 7, &a), BW_OK);
    legal_here(&g, &a);
    assert_int_equal(a.type, ACT_CANCEL);
    assert_int_equal(a.a, id);
    /* Nothing to close for a player whose offer nobody accepted. */
    assert_int_equal(ai_close_offer(&g, 2, id, 7, &a), BW_E(WRONG_PHASE));
}

/* offer_position with player 1's roads from 20 to a free corner, and no cards of player 1. */
static void answer_position(struct game *g)
{
    offer_position(g, 0, 0, 0);
    /* Two roads from 20 to a corner where a settlement may stand. */
    const struct board_geo *geo = th_geo(g);
    int from = th_vertex(g, 20);
    for (int i = 0; i < 3; i++) {
        int e1 = geo->vertex_edge[from][i];
        if (e1 < 0)
            continue;
        int mid = geo->edge_vertex[e1][0] ^ geo->edge_vertex[e1][1] ^ from;
        for (int k = 0; k < 3; k++) {
            int e2 = geo->vertex_edge[mid][k];
            if (e2 < 0 || e2 == e1)
                continue;
            int to = geo->edge_vertex[e2][0] ^ geo->edge_vertex[e2][1] ^ mid;
            if ((g->no_settle[to >> 6] >> (to & 63)) & 1)
                continue;
            th_place_road(g, 1, from + 1, mid + 1);
            th_place_road(g, 1, mid + 1, to + 1);
            return;
        }
    }
    fail_msg("no free corner two roads from 20");
}

static struct ai_reason reason_of_1(const struct game *g, int id)
{
    struct ai_reason r;
    assert_int_equal(ai_refusal_reason(g, 1, id, &r), BW_OK);
    return r;
}

/* Wood, brick and wool, and an ore to spare: one grain for the ore completes a settlement on
 * the corner its roads reach, and it takes it. */
static void test_accepts_card_completing_a_settlement(void **state)
{
    (void)state;
    struct game g;
    answer_position(&g);
    th_give(&g, 1, 1, 1, 1, 0, 1);
    assert_int_equal(answer(&g, offer(&g, 0, 0, 0, 1, 0, RES_ORE)), ACT_ACCEPT);
    /* The same cards with the other way round (its brick for wool it has): no. */
    answer_position(&g);
    th_give(&g, 1, 1, 1, 1, 0, 1);
    int id = offer(&g, 0, 0, 1, 0, 0, RES_BRICK);
    assert_int_equal(answer(&g, id), ACT_REJECT);
    struct ai_reason r = reason_of_1(&g, id);
    assert_int_equal(r.why, AI_WHY_KEEP);
    assert_int_equal(r.res, RES_BRICK);
    assert_int_equal(r.build, AI_BUILD_SETTLEMENT);
}

/* Two grain and its only ore toward a city: a wool for that ore is refused, and the reason is
 * the city. */
static void test_keeps_only_ore_for_a_city(void **state)
{
    (void)state;
    struct game g;
    answer_position(&g);
    th_give(&g, 1, 0, 0, 0, 2, 1);
    int id = offer(&g, 0, 0, 1, 0, 0, RES_ORE);
    assert_int_equal(answer(&g, id), ACT_REJECT);
    struct ai_reason r = reason_of_1(&g, id);
    assert_int_equal(r.why, AI_WHY_KEEP);
    assert_int_equal(r.res, RES_ORE);
    assert_int_equal(r.build, AI_BUILD_CITY);
}

/* The trade that completes its settlement, from a player one point from the goal whose city the
 * ore completes: refused, because they are too close to winning. From a player further off the
 * same trade is taken. */
static void test_refuses_to_help_a_player_win(void **state)
{
    (void)state;
    struct game g;
    answer_position(&g);
    one_point_from_goal(&g);
    th_give(&g, 1, 1, 1, 1, 0, 1);
    int id = offer(&g, 0, 0, 0, 1, 0, RES_ORE);
    assert_int_equal(answer(&g, id), ACT_REJECT);
    assert_int_equal(reason_of_1(&g, id).why, AI_WHY_LEADER);
    g.vp_goal = 12; /* three points away: an ordinary player */
    assert_int_equal(answer(&g, id), ACT_ACCEPT);
}

/* A trade it has no use for (wool for grain with nothing toward a build in either): refused,
 * and the reason names no build. */
static void test_no_use(void **state)
{
    (void)state;
    struct game g;
    answer_position(&g);
    th_give(&g, 1, 0, 0, 0, 0, 0);
    g.p[1].settlements = GAME_SETTLEMENTS; /* no settlement left: a city or a card only */
    th_give(&g, 1, 2, 0, 0, 0, 0);
    int id = offer(&g, 0, 0, 1, 0, 0, RES_WOOD);
    struct ai_reason r = reason_of_1(&g, id);
    assert_int_equal(r.why, AI_WHY_NO_USE);
    assert_int_equal(r.res, -1);
}

static int holds_any(const uint8_t res[RES_COUNT], int r)
{
    return r >= 0 && r < RES_COUNT && res[r] > 0;
}

/* Hidden information: over positions from random games with random offers, a reason names no
 * good but one the offer asks for, and it is the same whatever the other players hold. */
static void test_reason_names_only_the_offer(void **state)
{
    (void)state;
    struct game g;
    struct bw_rng rng;
    int keeps = 0, checked = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        th_init_seed(&g, 4, BOARD_BASE, seed);
        bw_rng_seed(&rng, seed);
        for (int k = 0; k < 4000 && g.phase != PHASE_OVER; k++) {
            if (g.phase == PHASE_MAIN && !g.offers_open && k % 7 == 0) {
                struct game_action a = th_action(ACT_OFFER, g.current);
                int give = (int)bw_rng_below(&rng, RES_COUNT), get = (give + 1) % RES_COUNT;
                a.give[give] = 1;
                a.get[get] = 1;
                struct game c = g;
                if (game_apply(&c, &a, NULL, 0, NULL) == BW_OK) {
                    int id = c.next_offer_id - 1;
                    for (int p = 0; p < c.opt.n_players; p++) {
                        if (p == c.current)
                            continue;
                        struct ai_reason r, other;
                        assert_int_equal(ai_refusal_reason(&c, p, id, &r), BW_OK);
                        assert_true(r.res == -1 || holds_any(a.get, r.res));
                        keeps += r.why == AI_WHY_KEEP;
                        checked++;
                        /* The other players' hands moved around: the same reason. */
                        struct game d = c;
                        int q = (p + 1) % c.opt.n_players, s = (p + 2) % c.opt.n_players;
                        for (int x = 0; x < RES_COUNT; x++) {
                            uint8_t t = d.p[q].res[x];
                            d.p[q].res[x] = d.p[s].res[x];
                            d.p[s].res[x] = t;
                        }
                        assert_int_equal(ai_refusal_reason(&d, p, id, &other), BW_OK);
                        assert_memory_equal(&r, &other, sizeof r);
                    }
                }
            }
            struct game_action a;
            assert_int_equal(playout_choose(&g, &rng, &a), BW_OK);
            assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
        }
    }
    assert_true(checked > 100);
    assert_true(keeps > 0);
    struct ai_reason r;
    assert_int_equal(ai_refusal_reason(&g, 1, 999, &r), BW_E(NO_OFFER));
    assert_int_equal(ai_refusal_reason(&g, 9, 1, &r), BW_E(INVALID));
}

/* Whether p's buildings touch a hex of terrain t with a number and without the robber. */
static int produces(const struct game *g, int p, int t)
{
    for (int h = 0; h < th_geo(g)->n_hexes; h++)
        if ((g->hexes_of[p] >> h & 1) && g->terrain[h] == t && g->token[h] && h != g->robber)
            return 1;
    return 0;
}

/* Its own offer only for a build the trade makes possible this turn and the bank does not, or
 * next turn with a card its buildings produce. */
static void test_offers_only_for_a_build(void **state)
{
    (void)state;
    struct game g;
    struct game_action a;
    own_offer_position(&g);
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_OK);
    assert_int_equal(a.type, ACT_OFFER);
    assert_int_equal(a.get[RES_ORE], 1);
    /* Four wood more: the bank gives the ore for them, so it asks nobody. */
    own_offer_position(&g);
    th_give(&g, 0, 4, 0, 0, 0, 0);
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_E(NO_OFFER));
    /* One ore and no more: an ore leaves the city an ore short. Its buildings produce no ore:
     * the city is no nearer next turn, and it asks nobody. */
    own_offer_position(&g);
    th_give_res(&g, 0, RES_ORE, -1);
    assert_false(produces(&g, 0, TERRAIN_MOUNTAINS));
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_E(NO_OFFER));
    /* Two wood and three ore: a wood for a grain leaves the city a grain short, which its
     * settlement on fields likely brings next turn: it asks for the grain. */
    own_offer_position(&g);
    th_return_all(&g, 0);
    th_give(&g, 0, 2, 0, 0, 0, 3);
    assert_true(produces(&g, 0, TERRAIN_FIELDS));
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_OK);
    assert_int_equal(a.get[RES_GRAIN], 1);
    assert_int_equal(a.give[RES_WOOD], 1);
    /* The same with its settlement's fields robbed: no grain comes, and it asks nobody. */
    for (int h = 0; h < th_geo(&g)->n_hexes; h++)
        if ((g.hexes_of[0] >> h & 1) && g.terrain[h] == TERRAIN_FIELDS)
            g.robber = (int8_t)h;
    assert_false(produces(&g, 0, TERRAIN_FIELDS));
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_E(NO_OFFER));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_offers),
        cmocka_unit_test(test_own_offer),
        cmocka_unit_test(test_counter_and_close),
        cmocka_unit_test(test_accepts_card_completing_a_settlement),
        cmocka_unit_test(test_keeps_only_ore_for_a_city),
        cmocka_unit_test(test_refuses_to_help_a_player_win),
        cmocka_unit_test(test_no_use),
        cmocka_unit_test(test_reason_names_only_the_offer),
        cmocka_unit_test(test_offers_only_for_a_build),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
