/* Computer players in Cities & Knights: the view hides the others' commodities, progress cards
 * and the decks' order; the normal level makes each C&K decision sensibly (a test per
 * behaviour, each failing without the code it checks); games between computer players of
 * every level finish. */
#include "ai_ck_helpers.h"

#include <stdio.h>

#include "ai/ai.h"
#include "ai/internal.h" /* the value function, for the tests of what it counts */
#include "engine/playout.h"

/* The normal player's move for p in G (checked legal). */
static struct game_action normal_move(int p, uint64_t seed)
{
    struct game_action a;
    assert_int_equal(game_check_state(&G), BW_OK);
    assert_int_equal(ai_choose(&G, p, AI_NORMAL, seed, &a), BW_OK);
    struct game c = G;
    assert_int_equal(game_apply(&c, &a, NULL, 0, NULL), BW_OK);
    return a;
}

/* ---- the view ---- */

struct positions {
    struct game *g;
    int n, cap;
};

static void keep(struct positions *ps, const struct game *g)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 256;
        ps->g = realloc(ps->g, (size_t)ps->cap * sizeof ps->g[0]);
        assert_non_null(ps->g);
    }
    ps->g[ps->n++] = *g;
}

/* Positions of random Cities & Knights playouts, one in `every`, and every one where a
 * progress card is pending. */
static struct positions ck_positions(int games, int every)
{
    struct positions ps = {NULL, 0, 0};
    for (int i = 0; i < games; i++) {
        struct game g;
        struct bw_rng rng;
        th_init_seed(&g, 3 + i % 2, BOARD_BASE, 300 + (uint64_t)i);
        assert_int_equal(game_cities_on(&g), BW_OK);
        bw_rng_seed(&rng, (uint64_t)i * 7919 + 5);
        for (int k = 0; k < 20000 && g.phase != PHASE_OVER; k++) {
            int pending = 0;
            for (int q = 0; q < g.opt.n_players; q++)
                pending |= g.ck.p[q].hand[CK_HAND] || g.ck.p[q].draws ||
                           g.ck.p[q].ask == ASK_TAKE || g.ck.p[q].ask == ASK_SPY;
            if (pending || k % every == 0)
                keep(&ps, &g);
            struct game_action a;
            assert_int_equal(playout_choose(&g, &rng, &a), BW_OK);
            assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
        }
    }
    return ps;
}

/* Deal again what seat cannot see: the others' goods among themselves (hand sizes kept), their
 * progress cards with the rest of each deck (each card's deck kept), the generator. Returns 0
 * when the deal broke what an open offer shows. */
static int scramble(struct game *g, int seat, struct bw_rng *rng)
{
    uint8_t pile[256];
    int n = 0, size[GAME_MAX_PLAYERS], ask = g->ck.p[seat].ask;
    /* A hand seat looked at and chooses from is seen (a master merchant, a spy). */
    int goods_seen = ask == ASK_TAKE ? g->ck.p[seat].ask_arg : -1;
    int cards_seen = ask == ASK_SPY ? g->ck.p[seat].ask_arg : -1;
    for (int q = 0; q < g->opt.n_players; q++) {
        size[q] = q == seat || q == goods_seen ? 0 : game_hand_size(g, q);
        for (int k = 0; k < GOOD_COUNT && q != seat && q != goods_seen; k++) {
            uint8_t *have = k < RES_COUNT ? &g->p[q].res[k] : &g->p[q].commodity[k - RES_COUNT];
            for (; *have; --*have)
                pile[n++] = (uint8_t)k;
        }
    }
    bw_rng_shuffle_u8(rng, pile, n);
    for (int q = 0, next = 0; q < g->opt.n_players; q++)
        for (int i = 0; i < size[q]; i++) {
            int k = pile[next++];
            ++*(k < RES_COUNT ? &g->p[q].res[k] : &g->p[q].commodity[k - RES_COUNT]);
        }
    for (int t = 0; t < CK_TRACKS; t++) {
        int make_up[PROG_COUNT] = {0};
        for (int i = 0; i < CK_DECK; i++)
            make_up[g->ck.deck[t][i]]++;
        n = 0;
        for (int i = g->ck.deck_pos[t]; i < CK_DECK; i++)
            pile[n++] = g->ck.deck[t][i];
        for (int q = 0; q < g->opt.n_players; q++)
            for (int i = 0; i <= CK_HAND && q != seat && q != cards_seen && g->ck.p[q].hand[i]; i++)
                if (deck_of(g->ck.p[q].hand[i]) == t)
                    pile[n++] = g->ck.p[q].hand[i];
        /* Printers and constitutions are never held: they stay in the deck. */
        int shown_at = n;
        for (int i = 0; i < shown_at; i++)
            if (pile[i] == PROG_PRINTER || pile[i] == PROG_CONSTITUTION) {
                uint8_t x = pile[i];
                pile[i--] = pile[--shown_at];
                pile[shown_at] = x;
            }
        bw_rng_shuffle_u8(rng, pile, shown_at);
        int next = 0;
        for (int q = 0; q < g->opt.n_players; q++)
            for (int i = 0; i <= CK_HAND && q != seat && q != cards_seen && g->ck.p[q].hand[i]; i++)
                if (deck_of(g->ck.p[q].hand[i]) == t)
                    g->ck.p[q].hand[i] = pile[next++];
        bw_rng_shuffle_u8(rng, pile + next, n - next);
        for (int i = g->ck.deck_pos[t]; i < CK_DECK; i++) {
            g->ck.deck[t][i] = pile[next++];
            make_up[g->ck.deck[t][i]]--;
        }
        for (int c = PROG_COUNT - 1, i = 0; c > 0; c--) /* the drawn part: another order */
            for (; make_up[c] > 0; make_up[c]--)
                g->ck.deck[t][i++] = (uint8_t)c;
    }
    bw_rng_seed(&g->rng, bw_rng_next(rng));
    for (int j = 0; j < GAME_MAX_OFFERS; j++) {
        const struct trade_offer *o = &g->offers[j];
        for (int q = 0; o->id && q < g->opt.n_players; q++)
            for (int r = 0; r < RES_COUNT; r++)
                if (((o->accepted >> q & 1) && g->p[q].res[r] < o->get[r]) ||
                    (o->from == q && q != seat && g->p[q].res[r] < o->give[r]))
                    return 0;
    }
    return game_check_state(g) == BW_OK;
}

/* The view keeps every card accounted for and the seat's own; changing what the seat cannot
 * see changes neither its view nor any level's decision. */
static void test_view_hides_cities(void **state)
{
    (void)state;
    struct positions ps = ck_positions(6, 17);
    struct bw_rng rng;
    bw_rng_seed(&rng, 4242);
    int compared = 0, differs = 0, pending = 0, looked = 0;
    for (int i = 0; i < ps.n; i++) {
        const struct game *g = &ps.g[i];
        unsigned m = ai_players_to_act(g);
        int p = __builtin_ctz(m);
        uint64_t seed = (uint64_t)i * 131 + 7;
        struct game v1, v2;
        assert_int_equal(ai_view(g, p, seed, &v1), BW_OK);
        assert_int_equal(game_check_state(&v1), BW_OK);
        assert_memory_equal(&v1.p[p], &g->p[p], sizeof g->p[p]);
        assert_memory_equal(&v1.ck.p[p], &g->ck.p[p], sizeof g->ck.p[p]);
        assert_memory_equal(v1.ck.bank, g->ck.bank, sizeof g->ck.bank);
        for (int q = 0; q < g->opt.n_players; q++) {
            assert_int_equal(game_hand_size(&v1, q), game_hand_size(g, q));
            for (int k = 0; k <= CK_HAND; k++) /* the same cards held, from the same decks */
                assert_int_equal(deck_of(v1.ck.p[q].hand[k]) * !!v1.ck.p[q].hand[k],
                                 deck_of(g->ck.p[q].hand[k]) * !!g->ck.p[q].hand[k]);
            differs += q != p && (memcmp(v1.p[q].commodity, g->p[q].commodity, COM_COUNT) ||
                                  memcmp(v1.ck.p[q].hand, g->ck.p[q].hand, CK_HAND + 1));
        }
        struct game other = *g;
        if (!scramble(&other, p, &rng))
            continue;
        ai_view(&other, p, seed, &v2);
        assert_memory_equal(&v1, &v2, sizeof v1);
        struct game_action a, b;
        for (int level = AI_EASY; level <= AI_NORMAL; level++) {
            assert_int_equal(ai_choose(g, p, level, seed, &a), BW_OK);
            assert_int_equal(ai_choose(&other, p, level, seed, &b), BW_OK);
            assert_memory_equal(&a, &b, sizeof a);
        }
        if (i % 8 == 0) {
            struct ai_search *s1 = ai_search_new(g, p, seed), *s2 = ai_search_new(&other, p, seed);
            assert_non_null(s1);
            assert_non_null(s2);
            ai_search_iterate(s1, 6);
            ai_search_iterate(s2, 6);
            ai_search_best(s1, &a);
            ai_search_best(s2, &b);
            ai_search_free(s1);
            ai_search_free(s2);
            assert_memory_equal(&a, &b, sizeof a);
        }
        pending += g->ck.p[p].hand[CK_HAND] || g->ck.p[p].draws;
        looked += g->ck.p[p].ask == ASK_TAKE || g->ck.p[p].ask == ASK_SPY;
        compared++;
    }
    printf("%d positions compared (%d with a card pending, %d choosing from a hand seen), %d views "
           "dealt differently\n",
           compared, pending, looked, differs);
    assert_true(compared > ps.n / 2);
    assert_true(differs > 0);
    assert_true(pending > 0);
    free(ps.g);
}

/* ---- decisions ---- */

/* The barbarians arrive on the next ship face and Catan is weaker: the normal player activates
 * its knight (it holds the grain), or builds one (it holds wool and ore). */
static void test_knights_before_barbarians(void **state)
{
    (void)state;
    for (int build = 0; build < 2; build++)
        for (int near = 0; near < 2; near++) {
            ck_blank(3);
            int h = inner_hex(-1);
            city(0, corner(h, 0));
            city(1, corner(inner_hex(h), 3));
            road(0, corner(h, 0), corner(h, 1));
            road(0, corner(h, 1), corner(h, 2));
            if (build)
                th_give(&G, 0, 0, 0, 1, 0, 1);
            else {
                knight(0, corner(h, 1), 1, 0);
                th_give(&G, 0, 0, 0, 0, 1, 0);
            }
            G.ck.barbarians = near ? CK_VOYAGE - 1 : 0;
            struct game_action a = normal_move(0, 7);
            int type = build ? ACT_KNIGHT : ACT_ACTIVATE;
            if (near && a.type != type)
                fail_msg("barbarians near, %s: chose action %d", build ? "build" : "activate",
                         a.type);
        }
}

/* With paper produced (a city on a forest), the normal player improves science rather than
 * trade with the one paper and one cloth it holds: that track will climb further. */
static void test_improves_produced_track(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        ck_blank(3);
        int h = inner_hex(-1);
        th_set_hex(&G, h, TERRAIN_FOREST, 6);
        city(0, corner(h, 0));
        give_com(0, COM_PAPER, 1);
        give_com(0, COM_CLOTH, 1);
        struct game_action a = normal_move(0, seed);
        assert_int_equal(a.type, ACT_IMPROVE);
        assert_int_equal(a.res, TRACK_SCIENCE);
    }
}

/* A level-4 improvement that takes the metropolis (two points) comes before anything else the
 * same hand could do. */
static void test_aims_for_metropolis(void **state)
{
    (void)state;
    ck_blank(3);
    int h = inner_hex(-1);
    city(0, corner(h, 0));
    G.ck.p[0].level[TRACK_TRADE] = 3;
    give_com(0, COM_CLOTH, 4);
    give_com(0, COM_PAPER, 1);
    struct game_action a = normal_move(0, 3);
    assert_int_equal(a.type, ACT_IMPROVE);
    assert_int_equal(a.res, TRACK_TRADE);
}

/* With the trading house, two cloth go to the bank for the coin that pays a politics level
 * (rather than the paper toward science's second, or keeping them toward trade's fourth). */
static void test_trading_house(void **state)
{
    (void)state;
    ck_blank(3);
    int h = inner_hex(-1);
    city(0, corner(h, 0));
    G.ck.p[0].level[TRACK_TRADE] = CK_ABILITY;
    G.ck.p[0].level[TRACK_SCIENCE] = 1; /* a paper would not pay its next level */
    give_com(0, COM_CLOTH, 2);
    struct game_action a = normal_move(0, 3);
    assert_int_equal(a.type, ACT_CK_TRADE);
    assert_int_equal(a.res, GOOD_PAPER + COM_CLOTH);
    assert_int_equal(a.res2, GOOD_PAPER + COM_COIN);
}

/* A hand well over the limit and two brick: a wall under the city (the limit goes to 9). */
static void test_wall_for_big_hand(void **state)
{
    (void)state;
    ck_blank(3);
    int h = inner_hex(-1);
    th_set_hex(&G, h, TERRAIN_FIELDS, 8);
    city(0, corner(h, 0));
    th_give(&G, 0, 0, 2, 3, 3, 2); /* no four of a kind to trade, no road */
    struct game_action a = normal_move(0, 5);
    assert_int_equal(a.type, ACT_WALL);
}

/* Before the roll, the alchemist sets dice that make the player's hexes produce. */
static void test_alchemist(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        ck_blank(3);
        th_roll_phase(&G, 0);
        int h = inner_hex(-1);
        th_set_hex(&G, h, TERRAIN_MOUNTAINS, 9);
        city(0, corner(h, 0));
        give_card(0, PROG_ALCHEMIST);
        struct game_action a = normal_move(0, seed);
        assert_true(is_card(&a, PROG_ALCHEMIST));
        assert_int_equal(a.a + a.b, 9);
    }
}

/* Three hexes around one corner of p (tokens on them only), others' buildings elsewhere. */
static int three_hexes(int v, int hex[3])
{
    const struct board_geo *geo = th_geo(&G);
    int n = 0;
    for (int i = 0; i < 3; i++)
        if (geo->vertex_hex[v][i] >= 0)
            hex[n++] = geo->vertex_hex[v][i];
    return n;
}

/* The merchant goes on the player's hex that produces most. */
static void test_merchant_best_hex(void **state)
{
    (void)state;
    ck_blank(3);
    int h = inner_hex(-1), v = corner(h, 0), hex[3];
    assert_int_equal(three_hexes(v, hex), 3);
    th_set_hex(&G, hex[0], TERRAIN_PASTURE, 3);
    th_set_hex(&G, hex[1], TERRAIN_FIELDS, 8);
    th_set_hex(&G, hex[2], TERRAIN_HILLS, 11);
    G.robber = (int8_t)th_desert(&G);
    settlement(0, v);
    give_card(0, PROG_MERCHANT);
    struct game_action a = normal_move(0, 9);
    assert_true(is_card(&a, PROG_MERCHANT));
    assert_int_equal(a.a, hex[1]);
}

/* A settlement, 2 ore and a grain: the medicine makes it a city. */
static void test_medicine(void **state)
{
    (void)state;
    ck_blank(3);
    int h = inner_hex(-1);
    th_set_hex(&G, h, TERRAIN_FIELDS, 6);
    settlement(0, corner(h, 0));
    th_give(&G, 0, 0, 0, 0, 1, 2);
    give_card(0, PROG_MEDICINE);
    struct game_action a = normal_move(0, 2);
    assert_true(is_card(&a, PROG_MEDICINE));
    assert_int_equal(a.a, corner(h, 0));
}

/* The warlord before an attack Catan would lose (two inactive knights, no grain), kept while
 * the barbarians are far; the smith likewise promotes knights. */
static void test_warlord_before_attack(void **state)
{
    (void)state;
    for (int near = 0; near < 2; near++) {
        ck_blank(3);
        int h = inner_hex(-1);
        city(0, corner(h, 0));
        city(1, corner(inner_hex(h), 3));
        road(0, corner(h, 0), corner(h, 1));
        road(0, corner(h, 1), corner(h, 2));
        road(0, corner(h, 2), corner(h, 3));
        knight(0, corner(h, 1), 1, 0);
        knight(0, corner(h, 3), 1, 0);
        give_card(0, PROG_WARLORD);
        G.ck.barbarians = near ? CK_VOYAGE - 1 : 0;
        struct game_action a = normal_move(0, 4);
        if (near)
            assert_true(is_card(&a, PROG_WARLORD));
        else
            assert_false(is_card(&a, PROG_WARLORD));
    }
}

/* Hexes: one of player 0's, one of the leader's (player 1, more points), one of player 2's. */
static void rivals(int hex[3])
{
    hex[0] = inner_hex(-1);
    hex[1] = -1;
    const struct board_geo *geo = th_geo(&G);
    /* hexes far apart: no corner shared with the others */
    for (int h = 0; h < geo->n_hexes && (hex[1] < 0 || hex[2] < 0); h++) {
        if (h == G.robber || G.terrain[h] >= TERRAIN_DESERT)
            continue;
        int apart = 1;
        for (int k = 0; k < 6; k++)
            for (int i = 0; i < 3; i++) {
                int o = geo->vertex_hex[corner(h, k)][i];
                apart &= o != hex[0] && (hex[1] < 0 || o != hex[1]);
            }
        if (!apart)
            continue;
        if (hex[1] < 0)
            hex[1] = h, hex[2] = -1;
        else
            hex[2] = h;
    }
    assert_true(hex[1] >= 0 && hex[2] >= 0);
}

/* After the first attack, the bishop goes onto the leader's hex, not onto the player's own. */
static void test_bishop_on_leader(void **state)
{
    (void)state;
    ck_blank(3);
    int hex[3];
    rivals(hex);
    G.robber = (int8_t)th_desert(&G);
    G.ck.attacks = 1;
    for (int i = 0; i < 3; i++)
        th_set_hex(&G, hex[i], TERRAIN_FIELDS, i == 0 ? 6 : 8);
    city(0, corner(hex[0], 0));
    city(1, corner(hex[1], 0));
    city(1, corner(hex[1], 3));
    settlement(2, corner(hex[2], 0));
    th_give(&G, 1, 1, 1, 0, 0, 0);
    th_give(&G, 2, 1, 1, 0, 0, 0);
    give_card(0, PROG_BISHOP);
    struct game_action a = normal_move(0, 11);
    assert_true(is_card(&a, PROG_BISHOP));
    assert_int_equal(a.a, hex[1]);
}

/* The saboteur when the leader holds many cards; kept when nobody has as many points. */
static void test_saboteur(void **state)
{
    (void)state;
    for (int ahead = 0; ahead < 2; ahead++) {
        ck_blank(3);
        int hex[3];
        rivals(hex);
        city(0, corner(hex[0], 0));
        city(1, corner(hex[1], 0));
        if (ahead)
            city(1, corner(hex[1], 3));
        else
            city(0, corner(hex[0], 3));
        th_give(&G, 1, 3, 3, 2, 2, 0);
        give_card(0, PROG_SABOTEUR);
        struct game_action a = normal_move(0, 6);
        if (ahead)
            assert_true(is_card(&a, PROG_SABOTEUR));
        else
            assert_false(is_card(&a, PROG_SABOTEUR));
    }
}

/* The resource monopoly names what the others hold most of by public counts: the bank and the
 * player's hand leave 14 ore out, and the others hold 14 cards. */
static void test_monopoly_public(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        ck_blank(3);
        int h = inner_hex(-1);
        settlement(0, corner(h, 0));
        th_give(&G, 0, 0, 0, 0, 2, 1);
        th_give(&G, 1, 0, 0, 0, 0, 7);
        th_give(&G, 2, 0, 0, 0, 0, 7);
        give_card(0, PROG_RESOURCE_MONOPOLY);
        struct game_action a = normal_move(0, seed);
        assert_true(is_card(&a, PROG_RESOURCE_MONOPOLY));
        assert_int_equal(a.res2, RES_ORE);
    }
}

/* Deck t holds exactly cards[0..n) still to draw (the rest drawn and played). */
static void deck_leaves(int t, const int *cards, int n)
{
    int make_up[PROG_COUNT] = {0}, k = 0;
    for (int i = 0; i < CK_DECK; i++)
        make_up[G.ck.deck[t][i]]++;
    for (int i = 0; i < n; i++)
        make_up[cards[i]]--;
    for (int c = 1; c < PROG_COUNT; c++)
        for (; make_up[c] > 0; make_up[c]--)
            G.ck.deck[t][k++] = (uint8_t)c;
    for (int i = 0; i < n; i++)
        G.ck.deck[t][k++] = (uint8_t)cards[i];
    assert_int_equal(k, CK_DECK);
    G.ck.played = (uint8_t)(G.ck.played + (CK_DECK - n) - G.ck.deck_pos[t]);
    G.ck.deck_pos[t] = (uint8_t)(CK_DECK - n);
}

/* A card of one's choice (a tie defending Catan): the deck whose cards left are worth most on
 * average, by what the player can know (not the card the view happens to put on top). */
static void test_deck_choice(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        ck_blank(3);
        static const int politics[] = {PROG_CONSTITUTION, PROG_WARLORD, PROG_WARLORD,
                                       PROG_SABOTEUR};
        static const int science[] = {PROG_MEDICINE, PROG_MEDICINE, PROG_MINING, PROG_MINING};
        deck_leaves(TRACK_POLITICS, politics, 4);
        deck_leaves(TRACK_SCIENCE, science, 4);
        deck_leaves(TRACK_TRADE, NULL, 0);
        G.ck.p[0].draws = 1;
        struct game_action a = normal_move(0, seed);
        assert_int_equal(a.type, ACT_PROGRESS_DRAW);
        assert_int_equal(a.res, TRACK_POLITICS);
    }
}

/* A fifth card: the one worth least goes (an alchemist, which cannot be played after the
 * roll). */
static void test_gives_up_least(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        ck_blank(3);
        give_card(0, PROG_MEDICINE);
        give_card(0, PROG_CRANE);
        give_card(0, PROG_SMITH);
        give_card(0, PROG_RESOURCE_MONOPOLY);
        give_card(0, PROG_ALCHEMIST);
        struct game_action a = normal_move(0, seed);
        assert_int_equal(a.type, ACT_PROGRESS_DISCARD);
        assert_int_equal(a.res, PROG_ALCHEMIST);
    }
}

/* Two settlements on hexes of the same number, fields and mountains: the city goes where it
 * gives a commodity besides the resource. */
static void test_city_for_commodity(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        ck_blank(3);
        int hex[3];
        rivals(hex);
        th_set_hex(&G, hex[1], TERRAIN_FIELDS, 5);
        th_set_hex(&G, hex[2], TERRAIN_MOUNTAINS, 9);
        settlement(0, corner(hex[1], 0));
        settlement(0, corner(hex[2], 0));
        th_give(&G, 0, 0, 0, 0, 2, 3);
        struct game_action a = normal_move(0, seed);
        assert_int_equal(a.type, ACT_BUILD_CITY);
        assert_int_equal(a.a, corner(hex[2], 0));
    }
}

static double worth(int p)
{
    struct ai_board b;
    ai_board_init(&b, &G, &ai_default_weights);
    return ai_value(&b, &G, p);
}

/* The value function: a city the barbarians would take next ship roll (Catan weaker, the player
 * among the weakest) costs about a city's point; the same threat far off costs little; the
 * Defender of Catan point and a metropolis count as points. */
static void test_value_of_threats_and_points(void **state)
{
    (void)state;
    ck_blank(3);
    int h = inner_hex(-1);
    city(0, corner(h, 0));
    city(1, corner(inner_hex(h), 3));
    road(0, corner(h, 0), corner(h, 1));
    knight(0, corner(h, 1), 1, 0);
    G.ck.barbarians = CK_VOYAGE - 1;
    double exposed = worth(0);
    G.ck.p[0].knight[0] |= KNIGHT_ACTIVE; /* strength 1 against 2 cities: p1 is weakest now */
    double safe = worth(0);
    assert_true(safe - exposed >= 100);
    G.ck.p[0].knight[0] &= (uint8_t)~KNIGHT_ACTIVE;
    G.ck.barbarians = 0;
    assert_true(worth(0) - exposed >= 90);
    double before = worth(0);
    G.ck.p[0].defender = 1;
    assert_true(worth(0) - before >= 90);
    G.ck.p[0].defender = 0;
    G.ck.p[0].level[TRACK_SCIENCE] = CK_METROPOLIS;
    double level4 = worth(0);
    G.ck.metropolis[TRACK_SCIENCE] = (uint8_t)(corner(h, 0) + 1);
    assert_true(worth(0) - level4 >= 150); /* two points, less the chase it ends */
}

/* A 7 and a city gate in one roll: a player with a fifth card and cards to discard gives up
 * the card first (the game accepts nothing else of theirs until then), at every level. */
static void test_fifth_card_before_discard(void **state)
{
    (void)state;
    ck_blank(3);
    th_give(&G, 1, 3, 3, 2, 2, 0);
    for (int c = 0; c < 5; c++)
        give_card(1,
                  (int[]){PROG_MEDICINE, PROG_CRANE, PROG_SMITH, PROG_MINING, PROG_ALCHEMIST}[c]);
    G.phase = PHASE_DISCARD;
    G.p[1].discard = 5;
    assert_int_equal(game_check_state(&G), BW_OK);
    for (int level = AI_EASY; level <= AI_HARD; level++) {
        struct game_action a;
        if (level == AI_HARD) {
            struct ai_search *s = ai_search_new(&G, 1, 5);
            assert_non_null(s);
            ai_search_iterate(s, 10);
            assert_int_equal(ai_search_best(s, &a), BW_OK);
            ai_search_free(s);
        } else {
            assert_int_equal(ai_choose(&G, 1, level, 5, &a), BW_OK);
        }
        assert_int_equal(a.type, ACT_PROGRESS_DISCARD);
        if (level != AI_EASY)
            assert_int_equal(a.res, PROG_ALCHEMIST);
    }
}

/* One game of Cities & Knights between the levels in seats[]; the hard level searches a few
 * rounds a decision. Returns the winner; every move legal, the game bounded. */
static int ck_game(const int *seats, int n, uint64_t seed, int counts[EV_TYPE_COUNT])
{
    struct game g;
    struct bw_rng rng;
    th_init_seed(&g, n, BOARD_BASE, seed);
    assert_int_equal(game_cities_on(&g), BW_OK);
    bw_rng_seed(&rng, seed + 99);
    struct game_event ev[GAME_MAX_EVENTS];
    int n_ev;
    for (int k = 0; k < 20000 && g.phase != PHASE_OVER; k++) {
        int p = __builtin_ctz(ai_players_to_act(&g));
        struct game_action a;
        uint64_t s = bw_rng_next(&rng);
        if (seats[p] == AI_HARD) {
            struct ai_search *search = ai_search_new(&g, p, s);
            assert_non_null(search);
            ai_search_iterate(search, 3);
            assert_int_equal(ai_search_best(search, &a), BW_OK);
            ai_search_free(search);
        } else {
            assert_int_equal(ai_choose(&g, p, seats[p], s, &a), BW_OK);
        }
        assert_int_equal(game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n_ev), BW_OK);
        for (int i = 0; i < n_ev && counts; i++)
            if (ev[i].player >= 0 && seats[ev[i].player] == AI_NORMAL)
                counts[ev[i].type]++;
    }
    assert_int_equal(g.phase, PHASE_OVER);
    assert_true(game_vp_total(&g, g.winner) >= CK_POINTS);
    return g.winner;
}

/* Games between computer players finish at every level, 3 and 4 players; normal players use
 * the expansion (improvements, knights, progress cards) and beat easy ones. */
static void test_games_finish(void **state)
{
    (void)state;
    int counts[EV_TYPE_COUNT] = {0}, wins = 0, games = 8;
    for (int i = 0; i < games; i++) {
        int seats[4] = {AI_EASY, AI_EASY, AI_EASY, AI_EASY};
        seats[i % 4] = AI_NORMAL;
        wins += ck_game(seats, 4, 700 + (uint64_t)i, counts) == i % 4;
    }
    printf("normal won %d of %d against easy; improvements %d, knights %d, progress cards %d\n",
           wins, games, counts[EV_IMPROVE], counts[EV_KNIGHT], counts[EV_PROGRESS]);
    assert_true(wins >= games / 2);
    assert_true(counts[EV_IMPROVE] >= games && counts[EV_KNIGHT] >= games &&
                counts[EV_PROGRESS] >= games);
    const int three[3] = {AI_NORMAL, AI_NORMAL, AI_NORMAL};
    ck_game(three, 3, 801, NULL);
    const int hard[3] = {AI_HARD, AI_NORMAL, AI_EASY};
    ck_game(hard, 3, 802, NULL);
}

/* ---- the master merchant and the spy ---- */

/* Player 1 leads (a city) and holds 3 wool, 2 ore and a brick; player 2 holds 4 grain; player 0
 * has a settlement, 2 grain and an ore (a city wants 2 ore more) and plays the master merchant
 * at player 1: asked what to take. */
static void master_merchant_asked(void)
{
    ck_blank(3);
    int h = inner_hex(-1);
    settlement(0, corner(h, 0));
    city(1, corner(inner_hex(h), 3));
    th_give(&G, 0, 0, 0, 0, 2, 1);
    th_give(&G, 1, 0, 1, 3, 0, 2);
    th_give(&G, 2, 0, 0, 0, 4, 0);
    give_card(0, PROG_MASTER_MERCHANT);
    struct game_action a = th_action(ACT_PROGRESS, 0);
    a.res = PROG_MASTER_MERCHANT;
    a.target = 1;
    assert_int_equal(game_apply(&G, &a, NULL, 0, NULL), BW_OK);
    assert_int_equal(G.ck.p[0].ask, ASK_TAKE);
}

/* The computer player answers ASK_TAKE legally at every level, the normal one with the goods
 * it needs; its view keeps the goods it saw (the other hands dealt as ever). */
static void test_master_merchant_answer(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        master_merchant_asked();
        struct game v;
        assert_int_equal(ai_view(&G, 0, seed, &v), BW_OK);
        assert_memory_equal(v.p[1].res, G.p[1].res, RES_COUNT);
        assert_memory_equal(v.p[1].commodity, G.p[1].commodity, COM_COUNT);
        struct game_action a = normal_move(0, seed);
        assert_int_equal(a.type, ACT_CK_GIVE);
        assert_int_equal(a.give[RES_ORE], 2);
        assert_int_equal(ai_choose(&G, 0, AI_EASY, seed, &a), BW_OK);
        assert_int_equal(a.type, ACT_CK_GIVE);
        struct game c = G;
        assert_int_equal(game_apply(&c, &a, NULL, 0, NULL), BW_OK);
    }
}

/* The computer player plays the master merchant at the leader who holds goods, not at the one
 * who holds none. */
static void test_master_merchant_target(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        ck_blank(3);
        int h = inner_hex(-1);
        settlement(0, corner(h, 0));
        city(1, corner(inner_hex(h), 3));
        city(2, corner(inner_hex(h), 0));
        th_give(&G, 0, 0, 0, 0, 2, 1);
        th_give(&G, 2, 0, 0, 1, 1, 3);
        give_card(0, PROG_MASTER_MERCHANT);
        struct game_action a = normal_move(0, seed);
        assert_true(is_card(&a, PROG_MASTER_MERCHANT));
        assert_int_equal(a.target, 2);
    }
}

/* The spy: the card worth more to the player, not the first in the hand seen; the view keeps
 * the cards seen. */
static void test_spy_answer(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        ck_blank(3);
        give_card(1, PROG_INVENTOR);
        give_card(1, PROG_MERCHANT);
        give_card(2, PROG_SMITH);
        give_card(0, PROG_SPY);
        struct game_action a = th_action(ACT_PROGRESS, 0);
        a.res = PROG_SPY;
        a.target = 1;
        assert_int_equal(game_apply(&G, &a, NULL, 0, NULL), BW_OK);
        assert_int_equal(G.ck.p[0].ask, ASK_SPY);
        struct game v;
        assert_int_equal(ai_view(&G, 0, seed, &v), BW_OK);
        assert_memory_equal(v.ck.p[1].hand, G.ck.p[1].hand, CK_HAND + 1);
        a = normal_move(0, seed);
        assert_int_equal(a.type, ACT_CK_CHOOSE);
        assert_int_equal(a.a, PROG_MERCHANT);
        assert_int_equal(ai_choose(&G, 0, AI_EASY, seed, &a), BW_OK);
        assert_int_equal(a.type, ACT_CK_CHOOSE);
        assert_true(a.a == PROG_MERCHANT || a.a == PROG_INVENTOR);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_hides_cities),
        cmocka_unit_test(test_knights_before_barbarians),
        cmocka_unit_test(test_improves_produced_track),
        cmocka_unit_test(test_aims_for_metropolis),
        cmocka_unit_test(test_trading_house),
        cmocka_unit_test(test_wall_for_big_hand),
        cmocka_unit_test(test_alchemist),
        cmocka_unit_test(test_merchant_best_hex),
        cmocka_unit_test(test_medicine),
        cmocka_unit_test(test_warlord_before_attack),
        cmocka_unit_test(test_bishop_on_leader),
        cmocka_unit_test(test_saboteur),
        cmocka_unit_test(test_monopoly_public),
        cmocka_unit_test(test_deck_choice),
        cmocka_unit_test(test_gives_up_least),
        cmocka_unit_test(test_city_for_commodity),
        cmocka_unit_test(test_value_of_threats_and_points),
        cmocka_unit_test(test_fifth_card_before_discard),
        cmocka_unit_test(test_master_merchant_answer),
        cmocka_unit_test(test_master_merchant_target),
        cmocka_unit_test(test_spy_answer),
        cmocka_unit_test(test_games_finish),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
