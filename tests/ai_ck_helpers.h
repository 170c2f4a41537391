/* What the tests of the computer players in Cities & Knights share: one game G built by hand
 * (tests/test_ai_cities.c, tests/test_ai_asks.c). */
#ifndef BW_TESTS_AI_CK_HELPERS_H
#define BW_TESTS_AI_CK_HELPERS_H

#include "engine_helpers.h"

static struct game G;

/* A Cities & Knights game on the base board after the setup (empty board), player 0 to act
 * after the roll, no number token anywhere (tests put the ones they need). */
static inline void ck_blank(int n)
{
    struct game_options opt = {.n_players = (uint8_t)n, .board = BOARD_BASE};
    assert_int_equal(game_init(&G, &opt, TH_SEED), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
    th_main_phase(&G, 0);
    th_clear_tokens(&G);
}

/* A land hex with six land neighbours, not skip and not the robber's. */
static inline int inner_hex(int skip)
{
    return th_inner_hex(&G, skip, 1);
}

static inline int corner(int h, int c)
{
    return th_corner(&G, h, c);
}

static inline void city(int p, int v)
{
    th_place_city(&G, p, v + 1);
}

static inline void settlement(int p, int v)
{
    th_place_settlement(&G, p, v + 1);
}

static inline void road(int p, int u, int v)
{
    th_place_road(&G, p, u + 1, v + 1);
}

static inline void give_com(int p, int c, int n)
{
    assert_true(G.ck.bank[c] >= n);
    G.ck.bank[c] = (uint8_t)(G.ck.bank[c] - n);
    G.p[p].commodity[c] = (uint8_t)(G.p[p].commodity[c] + n);
}

/* A knight of p written onto the board (level, active or not). */
static inline void knight(int p, int v, int level, int active)
{
    int k = 0;
    while (G.ck.p[p].knight_at[k])
        k++;
    G.ck.p[p].knight_at[k] = (uint8_t)(v + 1);
    G.ck.p[p].knight[k] = (uint8_t)(level | (active ? KNIGHT_ACTIVE : 0));
    game_reindex(&G);
}

static inline int deck_of(int card)
{
    return card <= PROG_SMITH            ? TRACK_SCIENCE
           : card <= PROG_TRADE_MONOPOLY ? TRACK_TRADE
                                         : TRACK_POLITICS;
}

static inline int hand_count(int p)
{
    int n = 0;
    while (n <= CK_HAND && G.ck.p[p].hand[n])
        n++;
    return n;
}

/* p draws card from its deck into their hand (the deck's order changes, its cards do not). */
static inline void give_card(int p, int card)
{
    int t = deck_of(card);
    for (int i = G.ck.deck_pos[t]; i < CK_DECK; i++)
        if (G.ck.deck[t][i] == card) {
            G.ck.deck[t][i] = G.ck.deck[t][G.ck.deck_pos[t]];
            G.ck.deck[t][G.ck.deck_pos[t]] = (uint8_t)card;
            G.ck.p[p].hand[hand_count(p)] = G.ck.deck[t][G.ck.deck_pos[t]++];
            return;
        }
    fail_msg("card %d not in its deck", card);
}

static inline int is_card(const struct game_action *a, int card)
{
    return a->type == ACT_PROGRESS && a->res == card;
}

#endif
