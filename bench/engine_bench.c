/* Random-playout speed of complete 4-player base games on one thread.
 * Usage: engine_bench [GAMES]   (default 20000) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/playout.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? strtol(argv[1], NULL, 10) : 20000;
    if (games <= 0) {
        fprintf(stderr, "usage: engine_bench [GAMES]\n");
        return 2;
    }
    struct game_options opt = {4, BOARD_BASE, 0};
    struct game g;
    struct bw_rng rng;
    long actions = 0, turns = 0, unfinished = 0;
    double t0 = now();
    for (long i = 0; i < games; i++) {
        game_init(&g, &opt, (uint64_t)i + 1);
        bw_rng_seed(&rng, (uint64_t)i * 2654435761u + 7);
        actions += playout_game(&g, &rng, 1000000);
        turns += g.turn;
        unfinished += g.phase != PHASE_OVER;
    }
    double secs = now() - t0;
    printf("games: %ld (%ld unfinished), %.1f actions and %.1f turns per game, %.3f s\n", games,
           unfinished, (double)actions / (double)games, (double)turns / (double)games, secs);
    printf("state size: %zu bytes\n", sizeof(struct game));
    printf("engine: %.0f games/s, %.0f actions/s\n", (double)games / secs, (double)actions / secs);
    return unfinished ? 1 : 0;
}
