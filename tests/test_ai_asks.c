/* Computer players in Cities & Knights, where the game asks them (the pillaged city, the
 * displaced knight's corner, the goods of a wedding, the commodity of a commercial harbor, the
 * knight given up to a deserter) at every level, and the cards that ask others (wedding,
 * commercial harbor, deserter, intrigue, diplomat) at the normal level. In each position the
 * first answer or play the engine lists is a wrong one, and answers are checked over several
 * seeds, so that a choice at random or the first listed fails. */
#include "ai_ck_helpers.h"

#include "ai/ai.h"
#include "ai/internal.h" /* AI_MAX_ACTIONS */

enum { SEEDS = 5 };

/* p's move at level (hard: a short search), checked legal in G. */
static struct game_action level_move(int p, int level, uint64_t seed)
{
    struct game_action a;
    assert_int_equal(game_check_state(&G), BW_OK);
    if (level == AI_HARD) {
        struct ai_search *s = ai_search_new(&G, p, seed);
        assert_non_null(s);
        ai_search_iterate(s, 40);
        assert_int_equal(ai_search_best(s, &a), BW_OK);
        ai_search_free(s);
    } else {
        assert_int_equal(ai_choose(&G, p, level, seed, &a), BW_OK);
    }
    struct game c = G;
    assert_int_equal(game_apply(&c, &a, NULL, 0, NULL), BW_OK);
    return a;
}

/* The first answer the engine lists for p. */
static struct game_action first_listed(int p)
{
    struct game_action list[256];
    assert_true(game_legal_actions(&G, p, list, 256) > 0);
    return list[0];
}

/* A land hex sharing no hex with h's corners (nor the robber's). */
static int hex_apart(int h)
{
    const struct board_geo *geo = th_geo(&G);
    for (int o = 0; o < geo->n_hexes; o++) {
        if (o == G.robber || G.terrain[o] >= TERRAIN_DESERT)
            continue;
        int apart = 1;
        for (int k = 0; k < 6; k++)
            for (int i = 0; i < 3; i++) {
                int x = geo->vertex_hex[corner(o, k)][i];
                for (int j = 0; j < 6 && x >= 0; j++)
                    apart &= x != h && geo->vertex_hex[corner(h, j)][0] != x &&
                             geo->vertex_hex[corner(h, j)][1] != x &&
                             geo->vertex_hex[corner(h, j)][2] != x;
            }
        if (apart)
            return o;
    }
    fail_msg("no hex apart");
    return -1;
}

/* The hexes around corner v produce token t (land ones; 0: none). */
static void tokens_at(int v, int t)
{
    for (int i = 0; i < 3; i++) {
        int h = th_geo(&G)->vertex_hex[v][i];
        if (h >= 0 && h != G.robber && G.terrain[h] < TERRAIN_DESERT)
            th_set_token(&G, h, t);
    }
}

/* p is asked kind by the card of asker (-1: nobody's). */
static void asked(int p, int kind, int arg, int asker)
{
    G.ck.p[p].ask = (uint8_t)kind;
    G.ck.p[p].ask_arg = (uint8_t)arg;
    G.ck.asker = (uint8_t)(asker + 1);
}

/* Builds a position where player 1 is asked, checks that the first answer listed is wrong,
 * and says the right one in *want (its corner, or the goods given). */
typedef void (*asked_position)(struct game_action *want);

/* At every level and over seeds, player 1's answer in the position is the right one. */
static void answers_at_every_level(asked_position build)
{
    for (int level = AI_EASY; level <= AI_HARD; level++)
        for (uint64_t seed = 1; seed <= SEEDS; seed++) {
            struct game_action want;
            build(&want);
            struct game_action a = level_move(1, level, seed);
            assert_int_equal(a.type, want.type);
            if (want.type == ACT_CK_CHOOSE) {
                assert_int_equal(a.a, want.a);
            } else {
                assert_memory_equal(a.give, want.give, sizeof a.give);
                assert_memory_equal(a.get, want.get, sizeof a.get);
            }
        }
}

/* The corner answer v. */
static void want_corner(struct game_action *want, int v)
{
    *want = th_action(ACT_CK_CHOOSE, 1);
    want->a = (int16_t)v;
}

/* The barbarians take the city that produces least: the first listed produces most; the
 * metropolis, producing less, is not theirs to take. */
static void pillage_position(struct game_action *want)
{
    ck_blank(3);
    G.robber = (int8_t)th_desert(&G);
    int h = inner_hex(-1), o = hex_apart(h);
    int u = corner(h, 0), v = corner(o, 3);
    city(1, u);
    city(1, v);
    int lo = u < v ? u : v, hi = u < v ? v : u;
    /* a metropolis opposite hi on its hex produces least, and is never offered */
    int m = hi == u ? corner(h, 3) : corner(o, 0);
    city(1, m);
    G.ck.p[1].level[TRACK_SCIENCE] = CK_METROPOLIS;
    G.ck.metropolis[TRACK_SCIENCE] = (uint8_t)(m + 1);
    tokens_at(lo, 6);
    tokens_at(hi, 12);
    asked(1, ASK_PILLAGE, 0, -1);
    assert_int_equal(first_listed(1).a, lo);
    want_corner(want, hi);
}

static void test_pillage_least(void **state)
{
    (void)state;
    answers_at_every_level(pillage_position);
}

/* The other end of v's edge off hex h. */
static int outside(int h, int v)
{
    const struct board_geo *geo = th_geo(&G);
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i];
        if (e < 0)
            continue;
        int w = geo->edge_vertex[e][0] ^ geo->edge_vertex[e][1] ^ v, on = 0;
        for (int k = 0; k < 6; k++)
            on |= corner(h, k) == w;
        if (!on)
            return w;
    }
    fail_msg("no edge off the hex");
    return -1;
}

/* Player 1's knight, displaced from c2 of its roads c0..c4 round a hex, goes where player 0's
 * road comes in and is stopped by it; the first corner listed is another. */
static void knight_position(struct game_action *want)
{
    ck_blank(3);
    int h = inner_hex(-1), c[5];
    for (int k = 0; k < 5; k++)
        c[k] = corner(h, k);
    settlement(1, c[0]);
    for (int k = 0; k < 4; k++)
        road(1, c[k], c[k + 1]);
    /* the spots are c1, c3, c4: the rival's road comes to the last of them listed */
    int t = c[1] > c[3] ? c[1] : c[3];
    t = c[4] > t ? c[4] : t;
    int w = outside(h, t);
    settlement(0, w);
    road(0, w, t);
    G.ck.p[1].knight[0] = 1;
    G.ck.p[1].ask_at = (uint8_t)(c[2] + 1);
    asked(1, ASK_KNIGHT, 0, 0);
    assert_true(first_listed(1).a != t);
    want_corner(want, t);
}

static void test_knight_blocks(void **state)
{
    (void)state;
    answers_at_every_level(knight_position);
}

/* A wedding's two goods: player 1 keeps the settlement's wood, brick, wool and grain and gives
 * two of its three wool (the first listed gives wood and brick). */
static void wedding_position(struct game_action *want)
{
    ck_blank(3);
    int h = inner_hex(-1);
    settlement(1, corner(h, 0));
    road(1, corner(h, 0), corner(h, 1));
    road(1, corner(h, 1), corner(h, 2));
    th_give(&G, 1, 1, 1, 3, 1, 0);
    asked(1, ASK_WEDDING, 2, 0);
    assert_int_equal(first_listed(1).give[RES_WOOL], 0);
    *want = th_action(ACT_CK_GIVE, 1);
    want->give[RES_WOOL] = 2;
}

static void test_wedding_keeps_build(void **state)
{
    (void)state;
    answers_at_every_level(wedding_position);
}

/* The commercial harbor's commodity: player 1 keeps the paper toward science level 3 and gives
 * its coin (politics needs 4 for its next level); paper is listed first. */
static void harbor_position(struct game_action *want)
{
    ck_blank(3);
    city(1, corner(inner_hex(-1), 0));
    G.ck.p[1].level[TRACK_SCIENCE] = 2;
    G.ck.p[1].level[TRACK_POLITICS] = 3;
    give_com(1, COM_PAPER, 2);
    give_com(1, COM_COIN, 1);
    th_give(&G, 0, 0, 1, 0, 0, 0);
    asked(1, ASK_HARBOR, RES_BRICK, 0);
    assert_int_equal(first_listed(1).get[COM_PAPER], 1);
    *want = th_action(ACT_CK_GIVE, 1);
    want->get[COM_COIN] = 1;
}

static void test_harbor_gives_least(void **state)
{
    (void)state;
    answers_at_every_level(harbor_position);
}

/* The deserter takes player 1's weakest knight, the inactive one: of a strong active knight,
 * a basic active one and a basic inactive one, at corners in that order. */
static void deserter_position(struct game_action *want)
{
    ck_blank(3);
    int h = inner_hex(-1), c[6];
    for (int k = 0; k < 6; k++)
        c[k] = corner(h, k);
    settlement(1, c[0]);
    for (int k = 0; k < 5; k++)
        road(1, c[k], c[k + 1]);
    int v[3] = {c[2], c[3], c[4]};
    for (int i = 0; i < 2; i++) /* sorted: v[0] < v[1] < v[2] */
        for (int k = 0; k < 2 - i; k++)
            if (v[k] > v[k + 1]) {
                int x = v[k];
                v[k] = v[k + 1];
                v[k + 1] = x;
            }
    knight(1, v[0], 2, 1);
    knight(1, v[1], 1, 1);
    knight(1, v[2], 1, 0);
    asked(1, ASK_DESERTER, 0, 0);
    assert_int_equal(first_listed(1).a, v[0]);
    want_corner(want, v[2]);
}

static void test_deserter_weakest(void **state)
{
    (void)state;
    answers_at_every_level(deserter_position);
}

/* The normal player's move for player 0, checked legal. */
static struct game_action normal_move(uint64_t seed)
{
    return level_move(0, AI_NORMAL, seed);
}

/* A wedding when a player with more points holds goods; kept when nobody has more points. */
static void test_wedding_when_richer(void **state)
{
    (void)state;
    for (int richer = 0; richer < 2; richer++)
        for (uint64_t seed = 1; seed <= SEEDS; seed++) {
            ck_blank(3);
            int h = inner_hex(-1), o = hex_apart(h);
            city(0, corner(h, 0));
            city(1, corner(o, 0));
            if (richer)
                city(1, corner(o, 3));
            else
                city(0, corner(h, 3));
            th_give(&G, 1, 1, 1, 1, 1, 0);
            give_card(0, PROG_WEDDING);
            struct game_action a = normal_move(seed);
            assert_int_equal(is_card(&a, PROG_WEDDING), richer);
        }
}

/* The commercial harbor goes to the player whose cities make commodities (public), with the
 * wool player 0 holds too much of, not the wood its road needs; listed first are no offer and
 * offers of wood. */
static void test_harbor_target(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        ck_blank(3);
        G.robber = (int8_t)th_desert(&G);
        int h = inner_hex(-1), o = hex_apart(h);
        city(0, corner(h, 0));
        road(0, corner(h, 0), corner(h, 1));
        th_set_hex(&G, o, TERRAIN_FOREST, 8);
        city(2, corner(o, 0));
        give_com(2, COM_PAPER, 2);
        th_give(&G, 2, 0, 1, 0, 0, 0);
        th_give(&G, 1, 0, 3, 0, 0, 0);
        th_give(&G, 0, 1, 0, 3, 0, 0);
        give_card(0, PROG_COMMERCIAL_HARBOR);
        struct game_action a = normal_move(seed);
        assert_true(is_card(&a, PROG_COMMERCIAL_HARBOR));
        assert_int_equal(a.a, (RES_WOOL + 1) << 8);
        assert_int_equal(a.b, 0);
    }
}

/* The deserter against the player with the strongest knights (player 2, listed after player
 * 1), player 0's own knight where player 1's road comes in. */
static void test_deserter_target(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        ck_blank(3);
        int h = inner_hex(-1), o = hex_apart(h), c[4];
        for (int k = 0; k < 4; k++)
            c[k] = corner(h, k);
        settlement(0, c[0]);
        for (int k = 0; k < 3; k++)
            road(0, c[k], c[k + 1]);
        int w = outside(h, c[2]);
        settlement(1, w);
        road(1, w, c[2]);
        knight(1, outside(h, c[3]), 1, 0);
        settlement(2, corner(o, 0));
        road(2, corner(o, 0), corner(o, 1));
        road(2, corner(o, 1), corner(o, 2));
        knight(2, corner(o, 1), 2, 1);
        knight(2, corner(o, 2), 1, 1);
        give_card(0, PROG_DESERTER);
        struct game_action a = normal_move(seed);
        assert_true(is_card(&a, PROG_DESERTER));
        assert_int_equal(a.target, 2);
        assert_int_equal(a.a, c[2]);
    }
}

/* The first play of card listed for player 0. */
static struct game_action first_play(int card)
{
    static struct game_action list[AI_MAX_ACTIONS];
    int n = game_legal_actions(&G, 0, list, AI_MAX_ACTIONS);
    for (int i = 0; i < n && i < AI_MAX_ACTIONS; i++)
        if (is_card(&list[i], card))
            return list[i];
    fail_msg("card %d not listed", card);
    return list[0];
}

/* Player 1's five roads round hex a (the longest road, from a settlement) and player 2's one
 * road at hex b, each open at an end; the diplomat's road. */
static int diplomat_position(int a, int b)
{
    ck_blank(3);
    int c[6];
    for (int k = 0; k < 6; k++)
        c[k] = corner(a, k);
    settlement(1, c[0]);
    for (int k = 0; k < 5; k++)
        road(1, c[k], c[k + 1]);
    settlement(2, corner(b, 0));
    road(2, corner(b, 0), corner(b, 1));
    th_sync_roads(&G);
    G.longest_road = 1;
    give_card(0, PROG_DIPLOMAT);
    return th_edge(&G, c[4] + 1, c[5] + 1);
}

/* The diplomat takes the end of the longest road (its holder loses it), not a road that
 * changes nothing; the first road listed is the other. */
static void test_diplomat_breaks_road(void **state)
{
    (void)state;
    int h = inner_hex(-1), o = hex_apart(h);
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        int e = diplomat_position(h, o);
        if (first_play(PROG_DIPLOMAT).a == e)
            e = diplomat_position(o, h);
        assert_true(first_play(PROG_DIPLOMAT).a != e);
        struct game_action a = normal_move(seed);
        assert_true(is_card(&a, PROG_DIPLOMAT));
        assert_int_equal(a.a, e);
    }
}

/* The intrigue displaces player 1's knight from the end of player 0's roads, on a corner with
 * good numbers where player 0 would settle, not the one beside player 0's settlement (listed
 * first). */
static void test_intrigue_in_the_way(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        ck_blank(3);
        G.robber = (int8_t)th_desert(&G);
        int h = inner_hex(-1), c[6];
        for (int k = 0; k < 6; k++)
            c[k] = corner(h, k);
        /* roads c0-c1-c2-c3 and c0-c5, or the mirror, so that the harmless corner is first */
        int d = c[5] < c[3] ? 1 : 5, harmless = c[d == 1 ? 5 : 1];
        assert_true(harmless < c[3]);
        settlement(0, c[0]);
        for (int k = 0; k < 3; k++)
            road(0, c[(d * k) % 6], c[(d * (k + 1)) % 6]);
        road(0, c[0], harmless);
        tokens_at(c[3], 8);
        knight(1, c[3], 1, 0);
        knight(1, harmless, 1, 0);
        give_card(0, PROG_INTRIGUE);
        assert_int_equal(first_play(PROG_INTRIGUE).a, harmless);
        struct game_action a = normal_move(seed);
        assert_true(is_card(&a, PROG_INTRIGUE));
        assert_int_equal(a.a, c[3]);
    }
}

/* Player 0 holds an asking card; players 1 (more points) and 2 hold the same goods and cards
 * between them in two ways (each a commodity, the same hand sizes, the same decks of cards
 * held). */
static void hidden_variant(int v, int card)
{
    ck_blank(3);
    G.robber = (int8_t)th_desert(&G);
    int h = inner_hex(-1), o = hex_apart(h);
    city(0, corner(h, 0));
    road(0, corner(h, 0), corner(h, 1));
    th_set_hex(&G, o, TERRAIN_FOREST, 8);
    city(1, corner(o, 0));
    city(1, corner(o, 3));
    city(2, corner(hex_apart(o), 0));
    knight(1, corner(o, 1), 1, 1);
    knight(2, corner(o, 2), 2, 1);
    give_com(1, COM_PAPER, 1);
    give_com(2, COM_PAPER, 1);
    th_give(&G, 1, 0, v ? 1 : 2, v ? 1 : 0, 0, 0);
    th_give(&G, 2, 0, v ? 2 : 1, v ? 0 : 1, 0, 0);
    give_card(1, v ? PROG_SPY : PROG_BISHOP);
    give_card(2, v ? PROG_BISHOP : PROG_SPY);
    th_give(&G, 0, 1, 0, 3, 0, 0);
    give_card(0, card);
}

/* The asking cards are chosen from what player 0 may know: the others' hidden goods and cards
 * laid out another way change nothing, at any level. */
static void test_asks_hidden(void **state)
{
    (void)state;
    static const int cards[] = {PROG_COMMERCIAL_HARBOR, PROG_WEDDING, PROG_DESERTER};
    for (int level = AI_EASY; level <= AI_HARD; level++)
        for (int i = 0; i < 3; i++)
            for (uint64_t seed = 1; seed <= SEEDS; seed++) {
                hidden_variant(0, cards[i]);
                struct game_action a = level_move(0, level, seed);
                hidden_variant(1, cards[i]);
                struct game_action b = level_move(0, level, seed);
                assert_memory_equal(&a, &b, sizeof a);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pillage_least),        cmocka_unit_test(test_knight_blocks),
        cmocka_unit_test(test_wedding_keeps_build),  cmocka_unit_test(test_harbor_gives_least),
        cmocka_unit_test(test_deserter_weakest),     cmocka_unit_test(test_wedding_when_richer),
        cmocka_unit_test(test_harbor_target),        cmocka_unit_test(test_deserter_target),
        cmocka_unit_test(test_diplomat_breaks_road), cmocka_unit_test(test_intrigue_in_the_way),
        cmocka_unit_test(test_asks_hidden),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
