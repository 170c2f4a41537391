/* The hard level: flat Monte Carlo over the normal player's best candidates.
 *
 * Each round samples a fresh determinized view (so the search, too, sees only what the seat
 * can see), applies every candidate to a copy of it, and plays each copy on for two rounds of
 * turns with the normal player in every seat. All candidates of a round meet the same view and
 * the same dice (common random numbers): the comparison between candidates is much less noisy
 * than each estimate. A playout that ends the game counts 1 for a win and 0 for a loss; one
 * that stops counts the value function's verdict, the player's value against the best of the
 * others squashed into 0..1. The candidate with the best total over whole rounds is chosen; on
 * equal totals the one the normal player ranks higher.
 *
 * Why these choices: in games against three normal players, playouts to the end of the game
 * with the engine's random players barely told the candidates apart (their games are long and
 * aimless), short playouts judged by the value function did better, and normal players in
 * every seat better still at the same time budget, though each playout costs about five times
 * as much. Playouts stop at the same turn for every candidate, so that ending the turn does
 * not look better merely by reaching a later turn. */
#include "ai/internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Candidates searched: the normal player's best, within SEARCH_MARGIN of its first. */
#define SEARCH_CANDIDATES 5
#define SEARCH_MARGIN 150.0
/* Rounds after which the search has nothing more to do (one round plays every candidate). */
#define SEARCH_ROUNDS 4000
/* Playouts look this many rounds of turns ahead; SEARCH_AHEAD_LONG with a budget of at least
 * SEARCH_LONG_US. */
#define SEARCH_AHEAD 2
#define SEARCH_AHEAD_LONG 4
#define SEARCH_LONG_US 1000000
/* A value difference of this much is about two to one. */
#define SEARCH_SCALE 400.0
#define SEARCH_PLAYOUT_ACTIONS 2000

struct ai_search {
    struct game g; /* the game the search was made from */
    struct ai_board board;
    int player;
    uint64_t seed;
    int n, ahead;
    struct game_action cand[SEARCH_CANDIDATES];
    double sum[SEARCH_CANDIDATES];
    double done_sum[SEARCH_CANDIDATES]; /* sum after the last whole round */
    long iterations, limit;
};

static void pick_candidates(struct ai_search *s)
{
    struct game view;
    struct bw_rng rng;
    struct ai_scored top[SEARCH_CANDIDATES];
    ai_view(&s->g, s->player, s->seed, &view);
    bw_rng_seed(&rng, ai_mix(s->seed, 2));
    int n = ai_normal_rank(&s->board, &view, s->player, &rng, top, SEARCH_CANDIDATES);
    s->n = 0;
    for (int i = 0; i < n; i++)
        if (top[i].score >= top[0].score - SEARCH_MARGIN && ai_legal_in(&s->g, &top[i].a))
            s->cand[s->n++] = top[i].a;
    if (!s->n && ai_fallback(&s->g, s->player, &s->cand[0]) == BW_OK)
        s->n = 1;
}

struct ai_search *ai_search_new(const struct game *g, int player, uint64_t seed)
{
    return ai_search_new_budget(g, player, seed, 0);
}

struct ai_search *ai_search_new_budget(const struct game *g, int player, uint64_t seed,
                                       int64_t budget_us)
{
    if (ai_check_player(g, player))
        return NULL;
    struct ai_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = *g;
    s->player = player;
    s->seed = seed;
    s->ahead = budget_us >= SEARCH_LONG_US ? SEARCH_AHEAD_LONG : SEARCH_AHEAD;
    ai_board_init(&s->board, g, &ai_default_weights);
    pick_candidates(s);
    if (!s->n) {
        free(s);
        return NULL;
    }
    s->limit = s->n > 1 ? (long)s->n * SEARCH_ROUNDS : 0;
    return s;
}

static double result(const struct ai_board *b, const struct game *v, int p)
{
    if (v->phase == PHASE_OVER)
        return v->winner == p ? 1.0 : 0.0;
    double mine = ai_value(b, v, p), best = -1e18;
    for (int q = 0; q < v->opt.n_players; q++)
        if (q != p && !v->p[q].resigned) {
            double x = ai_value(b, v, q);
            best = x > best ? x : best;
        }
    return 0.5 + 0.5 * tanh((mine - best) / SEARCH_SCALE);
}

static void play_on(const struct ai_board *b, struct game *v, int until_turn, struct bw_rng *rng)
{
    struct game_action a;
    for (int k = 0; k < SEARCH_PLAYOUT_ACTIONS && v->phase != PHASE_OVER && v->turn < until_turn;
         k++) {
        unsigned waiting = game_waiting_for(v);
        if (!waiting || ai_normal_choose(b, v, __builtin_ctz(waiting), rng, &a) != BW_OK ||
            game_apply(v, &a, NULL, 0, NULL) != BW_OK)
            break;
    }
}

static void iterate(struct ai_search *s)
{
    long i = s->iterations++, round = i / s->n;
    int k = (int)(i % s->n);
    struct game v;
    struct bw_rng rng;
    ai_view(&s->g, s->player, ai_mix(s->seed, 16 + (uint64_t)round), &v);
    bw_rng_seed(&rng, ai_mix(s->seed, (1ull << 40) + (uint64_t)round));
    if (game_apply(&v, &s->cand[k], NULL, 0, NULL) == BW_OK) {
        play_on(&s->board, &v, s->g.turn + s->ahead * s->g.opt.n_players, &rng);
        s->sum[k] += result(&s->board, &v, s->player);
    }
    if (k == s->n - 1)
        memcpy(s->done_sum, s->sum, sizeof s->done_sum);
}

bool ai_search_iterate(struct ai_search *s, long iterations)
{
    while (s->iterations < s->limit && iterations-- > 0)
        iterate(s);
    return s->iterations >= s->limit;
}

static int64_t cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

bool ai_search_step(struct ai_search *s, int64_t budget_us)
{
    int64_t end = cpu_us() + budget_us;
    while (s->iterations < s->limit) {
        iterate(s);
        if (cpu_us() >= end)
            break;
    }
    return s->iterations >= s->limit;
}

int ai_search_best(const struct ai_search *s, struct game_action *out)
{
    if (!s || !out)
        return BW_E(INVALID);
    /* Whole rounds only: every candidate met the same views and dice. */
    int best = 0;
    for (int k = 1; k < s->n; k++)
        if (s->done_sum[k] > s->done_sum[best])
            best = k;
    *out = s->cand[best];
    return BW_OK;
}

bool ai_search_current(const struct ai_search *s, const struct game *g)
{
    return s && g && memcmp(&s->g, g, sizeof *g) == 0;
}

long ai_search_iterations(const struct ai_search *s)
{
    return s ? s->iterations : 0;
}

void ai_search_free(struct ai_search *s)
{
    free(s);
}
