/* Random-playout speed of complete 4-player base games on one thread.
 * Usage: engine_bench [GAMES [ROUNDS]]   (default 20000 games, 5 rounds)
 *
 * Every round plays the same seeds, so rounds differ only by what else the machine was doing
 * meanwhile: that can only slow a round down. Each round and the median are printed; the last
 * line reports the fastest round. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/playout.h"

#include "bench_time.h"

#define MAX_ROUNDS 50

int main(int argc, char **argv)
{
    long games = argc > 1 ? strtol(argv[1], NULL, 10) : 20000;
    long rounds = argc > 2 ? strtol(argv[2], NULL, 10) : 5;
    if (games <= 0 || rounds <= 0 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "usage: engine_bench [GAMES [ROUNDS (1-%d)]]\n", MAX_ROUNDS);
        return 2;
    }
    struct game_options opt = {4, BOARD_BASE, 0};
    struct game g;
    struct bw_rng rng;
    double secs[MAX_ROUNDS], sorted[MAX_ROUNDS];
    long actions = 0, turns = 0, unfinished = 0;
    for (long r = 0; r < rounds; r++) {
        actions = turns = unfinished = 0;
        double t0 = now();
        for (long i = 0; i < games; i++) {
            game_init(&g, &opt, (uint64_t)i + 1);
            bw_rng_seed(&rng, (uint64_t)i * 2654435761u + 7);
            actions += playout_game(&g, &rng, 1000000);
            turns += g.turn;
            unfinished += g.phase != PHASE_OVER;
        }
        secs[r] = sorted[r] = now() - t0;
        printf("round %ld: %.0f games/s\n", r + 1, (double)games / secs[r]);
    }
    qsort(sorted, (size_t)rounds, sizeof sorted[0], by_value);
    double best = sorted[0], median = sorted[rounds / 2];
    printf("games: %ld per round (%ld unfinished), %.1f actions and %.1f turns per game\n", games,
           unfinished, (double)actions / (double)games, (double)turns / (double)games);
    printf("state size: %zu bytes\n", sizeof(struct game));
    printf("median round: %.0f games/s\n", (double)games / median);
    printf("engine: %.0f games/s, %.0f actions/s\n", (double)games / best, (double)actions / best);
    return unfinished ? 1 : 0;
}
