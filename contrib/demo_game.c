/* One complete game between random legal players, printed as its channel and private lines.
 * Usage: demo_game [SEED] [PLAYERS] [--color] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/playout.h"
#include "render/render.h"

static void print_line(void *ctx, int to, const char *text)
{
    const struct render_style *st = ctx;
    if (to == RENDER_PUBLIC)
        printf("<#catan> %s\n", text);
    else
        printf("  (to %s) %s\n", st->nick[to], text);
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1;
    int players = 4, color = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--color"))
            color = 1;
        else if (i == 1)
            seed = strtoull(argv[i], NULL, 10);
        else
            players = atoi(argv[i]);
    }
    if (players < 3 || players > 6) {
        fprintf(stderr, "usage: demo_game [SEED] [PLAYERS 3-6] [--color]\n");
        return 2;
    }
    static const char *const nicks[] = {"alice", "bob", "carol", "dave", "erin", "frank"};
    struct game_options opt = {.n_players = (uint8_t)players,
                               .board = players > 4 ? BOARD_BIG : BOARD_BASE};
    struct game g;
    struct render_style st;
    struct bw_rng rng;
    if (game_init(&g, &opt, seed) != BW_OK)
        return 1;
    bw_rng_seed(&rng, seed ^ 0x9e3779b97f4a7c15ULL);
    render_style_init(&st, "#catan", nicks, players, color);
    struct render_sink out = {print_line, &st};
    render_board(&g, &st, &out);
    struct game_event ev[GAME_MAX_EVENTS];
    struct game_action a;
    int n_ev;
    while (g.phase != PHASE_OVER && playout_choose(&g, &rng, &a) == BW_OK) {
        if (game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n_ev) != BW_OK)
            return 1;
        render_events(&g, &st, ev, n_ev, &out);
    }
    render_board(&g, &st, &out);
    render_status(&g, &st, NULL, &out);
    return g.phase == PHASE_OVER ? 0 : 1;
}
