/* Computer players against each other: win rates, game length and time per decision.
 * Usage: ai_arena [-j THREADS] [-g GAMES] [-t HARD_MS] [-i PLAYOUTS] [-s SEED] [-b] [-k KIND]
 *                 [-p PLAYERS] [-c] [LINEUP...]
 *
 * A lineup names the level of each seat, e for easy, n for normal, h for hard, r for the
 * uniform random player (any legal move, all alike; not a level of the bot): "neee" is one
 * normal player against three easy ones (the default lineups are neee, nnee and hnnn). Seats
 * rotate from game to game, so every level plays from every seat equally often (seat order
 * matters in Catan: the last to place in the setup places twice in a row). The hard level
 * searches HARD_MS milliseconds of processor time per decision (default 50), or with -i a fixed
 * number of playouts per decision whatever the machine's load (the search then looks as far
 * ahead as for a budget of HARD_MS). -b plays on the
 * 5-6 player board, -k KIND on that board kind (engine/board.h: 5 is The Four Islands for 4, 10
 * Through the Desert for 3), with as many players as the lineup names, within what the board
 * seats. -p PLAYERS plays the default lineups with that many seats (the first three letters of
 * neee, nnee and hnnn for 3) and refuses a lineup of another length. Games
 * are shared among THREADS threads (default: one per processor); each game depends only on the seed
 * and its number, so the figures do not depend on THREADS. Times per decision are processor time of
 * the deciding thread, including the trivial decisions (a roll with no card to play, a forced
 * road). On The Wonders of Catan (-k 16) it also prints the wonder stages each level built per
 * seat-game and how many games a finished wonder won. -c plays Cities & Knights (on the base or the
 * 5-6 player board: 13 points, knights, barbarians, progress cards). Figures only: nothing here
 * passes or fails. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "engine/playout.h"

#include "bench_time.h"

/* Processor time of this thread in seconds: what the hard level's budget counts, and what other
 * work on the machine does not inflate. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#define MAX_ACTIONS 20000
#define LEVELS 5 /* indexed by enum ai_level, and RANDOM */
#define RANDOM 4 /* the uniform random player: any legal move, all alike */
#define MAX_LISTED 1024

static const char level_names[LEVELS][8] = {"", "easy", "normal", "hard", "random"};

struct times {
    double *ms;
    long n, cap;
};

static void times_add(struct times *t, double ms)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 4096;
        t->ms = realloc(t->ms, (size_t)t->cap * sizeof t->ms[0]);
        if (!t->ms) {
            perror("realloc");
            exit(1);
        }
    }
    t->ms[t->n++] = ms;
}

struct tally {
    long seats[LEVELS], wins[LEVELS];
    long games, unfinished, illegal, turns;
    long searched;   /* hard decisions that searched (more than one candidate) */
    long iterations; /* playouts of those decisions */
    struct times times[LEVELS];
    /* The Wonders of Catan: games won by a finished wonder; wonder stages each level built. */
    long wonder_games, wonder_wins, stages[LEVELS];
};

struct setup {
    int threads;
    long games;
    int64_t hard_us;
    long hard_iters; /* -i: playouts per decision instead of a time budget; 0: time */
    uint64_t seed;
    int board;
    int players; /* -p: every lineup has this many seats; 0 for any */
    int cities;  /* -c: Cities & Knights */
};

static int level_of(char c)
{
    return c == 'e' ? AI_EASY : c == 'n' ? AI_NORMAL : c == 'h' ? AI_HARD : c == 'r' ? RANDOM : 0;
}

/* The uniform random player: one of the legal moves, each as likely; a discard card by card
 * (listing every way to discard a big hand would cost much). */
static int random_move(const struct game *g, int p, struct bw_rng *rng, struct game_action *a)
{
    /* A fifth progress card or a deck to choose (Cities & Knights) comes before a discard. */
    if (g->phase == PHASE_DISCARD && g->p[p].discard &&
        !(g->ck.on && (g->ck.p[p].hand[CK_HAND] || g->ck.p[p].draws))) {
        playout_discard(g, p, rng, a);
        return BW_OK;
    }
    struct game_action list[MAX_LISTED];
    int n = game_legal_actions(g, p, list, MAX_LISTED);
    n = n < MAX_LISTED ? n : MAX_LISTED;
    if (n <= 0)
        return BW_E(WRONG_PHASE);
    *a = list[bw_rng_below(rng, (uint32_t)n)];
    return BW_OK;
}

static int decide(const struct game *g, int p, int level, const struct setup *su, uint64_t seed,
                  struct game_action *a, struct tally *t)
{
    if (level == RANDOM) {
        struct bw_rng rng;
        bw_rng_seed(&rng, seed);
        return random_move(g, p, &rng, a);
    }
    if (level != AI_HARD)
        return ai_choose(g, p, level, seed, a);
    struct ai_search *s = ai_search_new_budget(g, p, seed, su->hard_us);
    if (!s)
        return ai_choose(g, p, AI_NORMAL, seed, a);
    if (su->hard_iters)
        ai_search_iterate(s, su->hard_iters);
    else
        ai_search_step(s, su->hard_us);
    t->searched += ai_search_iterations(s) > 0;
    t->iterations += ai_search_iterations(s);
    int err = ai_search_best(s, a);
    ai_search_free(s);
    return err;
}

/* One game with levels[seat]; returns the winner, or -1. */
static int play(const struct setup *su, const int *levels, int n, uint64_t seed, struct tally *t)
{
    struct game_options opt = {.n_players = (uint8_t)n, .board = (uint8_t)su->board};
    struct game g;
    game_init(&g, &opt, seed);
    if (su->cities && game_cities_on(&g) != BW_OK) {
        fprintf(stderr, "Cities & Knights is not played on board kind %d\n", su->board);
        exit(2);
    }
    struct bw_rng rng;
    bw_rng_seed(&rng, seed ^ 0x5eed5eed5eedull);
    for (long k = 0; k < MAX_ACTIONS && g.phase != PHASE_OVER; k++) {
        unsigned m = ai_players_to_act(&g);
        if (!m)
            break;
        int p = __builtin_ctz(m);
        struct game_action a;
        double t0 = cpu_now();
        int err = decide(&g, p, levels[p], su, bw_rng_next(&rng), &a, t);
        times_add(&t->times[levels[p]], (cpu_now() - t0) * 1e3);
        if (err == BW_OK)
            err = game_apply(&g, &a, NULL, 0, NULL);
        if (err != BW_OK) {
            fprintf(stderr,
                    "game %llu: %s for seat %d (%s): action %d (a %d, b %d, res %d) in phase %d\n",
                    (unsigned long long)seed, bw_strerror(err), p, level_names[levels[p]], a.type,
                    a.a, a.b, a.res, g.phase);
            t->illegal++;
            break;
        }
    }
    t->turns += g.turn;
    if (g.wonders) {
        t->wonder_games++;
        for (int w = 0; w < GAME_WONDERS; w++)
            if (g.wonder_owner[w] >= 0) {
                t->stages[levels[g.wonder_owner[w]]] += g.wonder_level[w];
                t->wonder_wins += g.phase == PHASE_OVER && g.winner == g.wonder_owner[w] &&
                                  g.wonder_level[w] == GAME_WONDER_STAGES;
            }
    }
    return g.phase == PHASE_OVER ? g.winner : -1;
}

/* Wilson score interval at 95% for k successes in n trials. */
static void wilson(long k, long n, double *lo, double *hi)
{
    double z = 1.96, p = n ? (double)k / n : 0, d = 1 + z * z / n;
    double c = (p + z * z / (2.0 * n)) / d,
           h = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
    *lo = c - h;
    *hi = c + h;
}

static void report(const char *lineup, const struct tally *t)
{
    printf("%s: %ld games, %.1f turns on average, %ld unfinished, %ld illegal moves\n", lineup,
           t->games, t->games ? (double)t->turns / t->games : 0.0, t->unfinished, t->illegal);
    for (int l = 1; l < LEVELS; l++) {
        if (!t->seats[l])
            continue;
        double lo, hi;
        wilson(t->wins[l], t->seats[l], &lo, &hi);
        const struct times *tm = &t->times[l];
        qsort(tm->ms, (size_t)tm->n, sizeof tm->ms[0], by_value);
        double med = tm->n ? tm->ms[tm->n / 2] : 0, p99 = tm->n ? tm->ms[tm->n * 99 / 100] : 0;
        printf("  %-6s wins %5.1f%% per seat (95%%: %.1f-%.1f%%, %ld of %ld seat-games); "
               "decision %.3f ms median, %.3f ms p99 (%ld decisions)\n",
               level_names[l], 100.0 * t->wins[l] / t->seats[l], 100 * lo, 100 * hi, t->wins[l],
               t->seats[l], med, p99, tm->n);
        if (l == AI_HARD)
            printf("  hard   searched %.0f%% of its decisions (the others had one sensible move), "
                   "%.0f playouts each on average\n",
                   tm->n ? 100.0 * t->searched / tm->n : 0.0,
                   t->searched ? (double)t->iterations / t->searched : 0.0);
        if (t->wonder_games)
            printf("  %-6s built %.2f wonder stages per seat-game\n", level_names[l],
                   (double)t->stages[l] / t->seats[l]);
    }
    if (t->wonder_games)
        printf("  wonders: %.1f%% of the games won by a finished wonder\n",
               100.0 * t->wonder_wins / t->wonder_games);
    fflush(stdout);
}

/* A share of the games, played on one thread: games first, first + step, ... */
struct share {
    const struct setup *su;
    const int *levels;
    int n;
    long first, step;
    struct tally t;
};

static void *play_share(void *arg)
{
    struct share *sh = arg;
    int seat_levels[8];
    for (long i = sh->first; i < sh->su->games; i += sh->step) {
        for (int s = 0; s < sh->n; s++)
            seat_levels[s] = sh->levels[(s + i) % sh->n];
        for (int s = 0; s < sh->n; s++)
            sh->t.seats[seat_levels[s]]++;
        int w = play(sh->su, seat_levels, sh->n, sh->su->seed + (uint64_t)i, &sh->t);
        sh->t.games++;
        if (w >= 0)
            sh->t.wins[seat_levels[w]]++;
        else
            sh->t.unfinished++;
    }
    return NULL;
}

/* Adds the tally of one thread to the total (the times moved over). */
static void merge(struct tally *to, struct tally *from)
{
    for (int l = 0; l < LEVELS; l++) {
        to->seats[l] += from->seats[l];
        to->wins[l] += from->wins[l];
        to->stages[l] += from->stages[l];
        for (long k = 0; k < from->times[l].n; k++)
            times_add(&to->times[l], from->times[l].ms[k]);
        free(from->times[l].ms);
    }
    to->games += from->games;
    to->unfinished += from->unfinished;
    to->illegal += from->illegal;
    to->turns += from->turns;
    to->searched += from->searched;
    to->iterations += from->iterations;
    to->wonder_games += from->wonder_games;
    to->wonder_wins += from->wonder_wins;
}

static int run(const struct setup *su, const char *lineup)
{
    int n = (int)strlen(lineup), levels[8];
    const struct board_setup *bs = board_setup(su->board);
    if (n < bs->players_min || n > bs->players_max || (su->players && n != su->players))
        return -1;
    for (int i = 0; i < n; i++)
        if (!(levels[i] = level_of(lineup[i])))
            return -1;
    /* Each game depends only on its number and the seed: the figures do not depend on how
     * many threads play them. */
    int threads = su->threads < su->games ? su->threads : (int)su->games;
    struct share *sh = calloc((size_t)threads, sizeof *sh);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!sh || !tid) {
        perror("calloc");
        exit(1);
    }
    for (int k = 0; k < threads; k++) {
        sh[k] = (struct share){.su = su, .levels = levels, .n = n, .first = k, .step = threads};
        if (pthread_create(&tid[k], NULL, play_share, &sh[k]) != 0) {
            perror("pthread_create");
            exit(1);
        }
    }
    struct tally t;
    memset(&t, 0, sizeof t);
    for (int k = 0; k < threads; k++) {
        pthread_join(tid[k], NULL);
        merge(&t, &sh[k].t);
    }
    free(sh);
    free(tid);
    report(lineup, &t);
    for (int l = 0; l < LEVELS; l++)
        free(t.times[l].ms);
    return 0;
}

int main(int argc, char **argv)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    struct setup su = {cpus > 0 && cpus < 256 ? (int)cpus : 1, 200, 50000, 0, 1, BOARD_BASE, 0, 0};
    int opt;
    while ((opt = getopt(argc, argv, "j:g:t:i:s:bk:p:ch")) != -1) {
        switch (opt) {
        case 'j':
            su.threads = (int)strtol(optarg, NULL, 10);
            if (su.threads < 1 || su.threads > 256) {
                fprintf(stderr, "%s: -j takes 1 to 256 threads\n", argv[0]);
                return 2;
            }
            break;
        case 'g':
            su.games = strtol(optarg, NULL, 10);
            break;
        case 't':
            su.hard_us = strtoll(optarg, NULL, 10) * 1000;
            break;
        case 'i':
            su.hard_iters = strtol(optarg, NULL, 10);
            if (su.hard_iters < 1) {
                fprintf(stderr, "%s: -i takes a number of playouts, 1 or more\n", argv[0]);
                return 2;
            }
            break;
        case 's':
            su.seed = strtoull(optarg, NULL, 0);
            break;
        case 'b':
            su.board = BOARD_BIG;
            break;
        case 'c':
            su.cities = 1;
            break;
        case 'k':
            su.board = (int)strtol(optarg, NULL, 10);
            if (su.board < 0 || su.board >= BOARD_KINDS || !board_geo(su.board) ||
                !board_setup(su.board)) {
                fprintf(stderr, "%s: -k takes a playable board kind (0 to %d)\n", argv[0],
                        BOARD_KINDS - 1);
                return 2;
            }
            break;
        case 'p':
            su.players = (int)strtol(optarg, NULL, 10);
            if (su.players < 3 || su.players > 6) {
                fprintf(stderr, "%s: -p takes 3 to 6 players\n", argv[0]);
                return 2;
            }
            break;
        default:
            fprintf(stderr,
                    "usage: %s [-j THREADS] [-g GAMES] [-t HARD_MS] [-i PLAYOUTS] [-s SEED] [-b] "
                    "[-k KIND] "
                    "[-p PLAYERS] [-c] [LINEUP...]\n",
                    argv[0]);
            return 2;
        }
    }
    /* The default lineups, as long as -p says (their last level repeated to 5 or 6 seats). */
    static const char *const defaults[] = {"neee", "nnee", "hnnn"};
    const struct board_setup *bs = board_setup(su.board);
    int n = argc - optind, seats = su.players ? su.players : 4;
    for (int i = 0; i < (n ? n : 3); i++) {
        char own[8];
        const char *lineup = n ? argv[optind + i] : own;
        if (!n) {
            for (int s = 0; s < seats; s++)
                own[s] = defaults[i][s < 4 ? s : 3];
            own[seats] = 0;
        }
        if (su.games <= 0 || run(&su, lineup) < 0) {
            fprintf(stderr, "%s: bad lineup or game count: %s (this board seats %d to %d)\n",
                    argv[0], lineup, bs->players_min, bs->players_max);
            return 2;
        }
    }
    return 0;
}
