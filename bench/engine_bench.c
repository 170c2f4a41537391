/* Random-playout speed of complete 4-player base games on one thread, and beside it of
 * Cities & Knights games (game_cities_on(), a tenth as many games a round).
 * Usage: engine_bench [GAMES [ROUNDS]]   (default 20000 games, 5 rounds)
 *
 * Every round plays the same seeds, so rounds differ only by what else the machine was doing
 * meanwhile: that can only slow a round down. Each round and the median are printed; the
 * fastest Cities & Knights round is the line before the last, and the last line reports the
 * fastest base round. */
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
    struct game_options opt = {.n_players = 4, .board = BOARD_BASE};
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
    double ck_best = 0;
    long ck_games = games / 10 > 0 ? games / 10 : 1, ck_actions = 0, ck_unfinished = 0;
    for (long r = 0; r < rounds; r++) {
        ck_actions = ck_unfinished = 0;
        double t0 = now();
        for (long i = 0; i < ck_games; i++) {
            game_init(&g, &opt, (uint64_t)i + 1);
            game_cities_on(&g);
            bw_rng_seed(&rng, (uint64_t)i * 2654435761u + 7);
            ck_actions += playout_game(&g, &rng, 1000000);
            ck_unfinished += g.phase != PHASE_OVER;
        }
        double t = now() - t0;
        ck_best = r == 0 || t < ck_best ? t : ck_best;
        printf("cities round %ld: %.0f games/s\n", r + 1, (double)ck_games / t);
    }
    printf("cities & knights: %.0f games/s, %.0f actions/s (%ld games a round, %ld unfinished, "
           "%.1f actions a game)\n",
           (double)ck_games / ck_best, (double)ck_actions / ck_best, ck_games, ck_unfinished,
           (double)ck_actions / (double)ck_games);
    qsort(sorted, (size_t)rounds, sizeof sorted[0], by_value);
    double best = sorted[0], median = sorted[rounds / 2];
    printf("games: %ld per round (%ld unfinished), %.1f actions and %.1f turns per game\n", games,
           unfinished, (double)actions / (double)games, (double)turns / (double)games);
    printf("state size: %zu bytes\n", sizeof(struct game));
    printf("median round: %.0f games/s\n", (double)games / median);
    printf("engine: %.0f games/s, %.0f actions/s\n", (double)games / best, (double)actions / best);
    return unfinished || ck_unfinished ? 1 : 0;
}
