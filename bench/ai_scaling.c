/* Whether the hard level's choice still changes with more playouts: the figure that says
 * whether more time can buy anything.
 * Usage: ai_scaling [-g GAMES] [-e EVERY] [-t PLAN_MS] [-r REFERENCE] [-s SEED]
 *
 * Positions come from games of four normal players (seeds SEED, SEED + 1, ...): every EVERY-th
 * decision that the search would search (more than one candidate). At each, the search made
 * for a budget of PLAN_MS (which sets how far its playouts look ahead) chooses with 25, 50,
 * ..., 6400 playouts and with REFERENCE playouts (default 12800) from another seed; printed per
 * playout count: how often the choice is the reference's, and how often two searches from
 * different seeds agree. A search whose agreement with the reference stops rising long before
 * the reference's count has nothing to gain from more time. Figures only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"

#define COUNTS 9

static int choose(const struct game *g, int p, uint64_t seed, int64_t plan_us, long playouts,
                  struct game_action *a)
{
    struct ai_search *s = ai_search_new_budget(g, p, seed, plan_us);
    if (!s)
        return -1;
    ai_search_iterate(s, playouts);
    ai_search_best(s, a);
    ai_search_free(s);
    return 0;
}

static bool same(const struct game_action *a, const struct game_action *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

int main(int argc, char **argv)
{
    long games = 4, every = 8, reference = 12800;
    int64_t plan_us = 50000;
    uint64_t seed = 9100;
    int opt;
    while ((opt = getopt(argc, argv, "g:e:t:r:s:")) != -1) {
        switch (opt) {
        case 'g':
            games = strtol(optarg, NULL, 10);
            break;
        case 'e':
            every = strtol(optarg, NULL, 10);
            break;
        case 't':
            plan_us = strtoll(optarg, NULL, 10) * 1000;
            break;
        case 'r':
            reference = strtol(optarg, NULL, 10);
            break;
        case 's':
            seed = strtoull(optarg, NULL, 0);
            break;
        default:
            fprintf(stderr,
                    "usage: %s [-g GAMES] [-e EVERY] [-t PLAN_MS] [-r REFERENCE] [-s SEED]\n",
                    argv[0]);
            return 2;
        }
    }
    if (games < 1 || every < 1 || reference < 1) {
        fprintf(stderr, "%s: GAMES, EVERY and REFERENCE are 1 or more\n", argv[0]);
        return 2;
    }
    long agree_ref[COUNTS] = {0}, agree_self[COUNTS] = {0}, played[COUNTS] = {0}, positions = 0;
    for (long i = 0; i < games; i++) {
        struct game_options o = {.n_players = 4, .board = BOARD_BASE};
        struct game g;
        game_init(&g, &o, seed + (uint64_t)i);
        long searched = 0;
        for (long k = 0; k < 20000 && g.phase != PHASE_OVER; k++) {
            unsigned m = ai_players_to_act(&g);
            if (!m)
                break;
            int p = __builtin_ctz(m);
            uint64_t s0 = seed * 1000003 + (uint64_t)k;
            struct ai_search *probe = ai_search_new_budget(&g, p, s0, plan_us);
            bool trivial = !probe || ai_search_iterate(probe, 0);
            ai_search_free(probe);
            if (!trivial && searched++ % every == 0) {
                struct game_action ref, a, b;
                choose(&g, p, s0 + 1, plan_us, reference, &ref);
                positions++;
                for (int c = 0; c < COUNTS; c++) {
                    long n = 25L << c;
                    choose(&g, p, s0 + 2, plan_us, n, &a);
                    choose(&g, p, s0 + 3, plan_us, n, &b);
                    agree_ref[c] += same(&a, &ref);
                    agree_self[c] += same(&a, &b);
                    played[c]++;
                }
            }
            struct game_action a;
            if (ai_choose(&g, p, AI_NORMAL, s0, &a) != BW_OK ||
                game_apply(&g, &a, NULL, 0, NULL) != BW_OK)
                break;
        }
    }
    printf("%ld positions searched, reference %ld playouts, plan %lld ms\n", positions, reference,
           (long long)(plan_us / 1000));
    for (int c = 0; c < COUNTS; c++)
        printf("  %5ld playouts: same as the reference %5.1f%%, two seeds agree %5.1f%%\n",
               25L << c, played[c] ? 100.0 * agree_ref[c] / played[c] : 0.0,
               played[c] ? 100.0 * agree_self[c] / played[c] : 0.0);
    return 0;
}
