/* Arbitrary action streams against the engine: every refused action must leave the state
 * unchanged, and accepted ones must keep the cards conserved. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"

static void check(const struct game *g)
{
    for (int r = 0; r < RES_COUNT; r++) {
        int total = g->bank[r];
        for (int p = 0; p < g->opt.n_players; p++)
            total += g->p[p].res[r];
        if (total != g->bank_start)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    /* The base board, the big one, the base board's variants and Seafarers maps (ships, the
     * pirate, gold, the fog), each with as many players as it takes. */
    static const uint8_t boards[8] = {BOARD_BASE,          BOARD_BIG,           BOARD_JUNGLE,
                                      BOARD_RIVER,         BOARD_FOG_ISLANDS_4, BOARD_NEW_SHORES_4,
                                      BOARD_FOG_ISLANDS_3, BOARD_FOUR_ISLANDS_4};
    struct game_options opt = {.n_players = (uint8_t)(3 + data[0] % 4),
                               .board = boards[data[0] >> 5]};
    const struct board_setup *setup = board_setup(opt.board);
    if (!setup)
        return 0;
    if (opt.n_players > setup->players_max)
        opt.n_players = setup->players_max;
    if (opt.n_players < setup->players_min)
        opt.n_players = setup->players_min;
    struct game g, before;
    if (game_init(&g, &opt, data[1] | (uint64_t)data[2] << 8) != BW_OK)
        return 0;
    struct game_action legal[256];
    struct game_event ev[GAME_MAX_EVENTS];
    size_t i = 3;
    while (i < size && g.phase != PHASE_OVER) {
        struct game_action a;
        uint8_t op = data[i++];
        if (op < 160) {
            /* Mostly legal play, chosen by the input, to reach deep positions. */
            unsigned waiting = game_waiting_for(&g);
            int p = waiting ? __builtin_ctz(waiting) : 0;
            int n = game_legal_actions(&g, p, legal, 256);
            if (n <= 0)
                break;
            a = legal[op % (n < 256 ? n : 256)];
        } else {
            if (i + 12 > size)
                break;
            memset(&a, 0, sizeof a);
            a.type = data[i] % (ACT_TYPE_COUNT + 1);
            a.player = (int8_t)(data[i + 1] % 8 - 1);
            a.target = (int8_t)(data[i + 2] % 8 - 1);
            a.a = (int16_t)(data[i + 3] - 8);
            a.b = (int16_t)(data[i + 4] - 8);
            a.res = data[i + 5] % 7;
            a.res2 = data[i + 6] % 7;
            a.to_mask = data[i + 7];
            for (int r = 0; r < RES_COUNT; r++) {
                a.give[r] = (data[i + 8] >> r) & 1 ? data[i + 10] % 5 : 0;
                a.get[r] = (data[i + 9] >> r) & 1 ? data[i + 11] % 5 : 0;
            }
            i += 12;
        }
        before = g;
        int n_ev = -1;
        if (game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n_ev) != BW_OK) {
            if (n_ev != 0 || memcmp(&g, &before, sizeof g) != 0)
                abort();
        }
        check(&g);
    }
    return 0;
}
