/* The hard level: Monte Carlo over the normal player's best moves, widening and narrowing as
 * the rounds add up, so that more time buys a better choice.
 *
 * Each round samples a fresh determinized view (so the search, too, sees only what the seat
 * can see), applies every candidate still in the race to a copy of it, and plays each copy on
 * for a few rounds of turns with the normal player in every seat. All candidates of a round
 * meet the same view and the same dice (common random numbers): the comparison between
 * candidates is much less noisy than each estimate. A playout that ends the game counts 1 for
 * a win and 0 for a loss; one that stops counts the player's probability of winning from
 * there, as self-play taught it (result()). Playouts stop at the same turn for
 * every candidate, so that ending the turn does not look better merely by reaching a later
 * turn.
 *
 * Why the search looked no better with more time before: it played the same five candidates
 * (at most) round after round. After a hundred rounds or so their order no longer changed:
 * the estimates had converged to what a two-round playout judged by the value function can
 * tell, and rounds after that only confirmed it (at 50, 200 and 2000 ms per decision it won
 * 46.3%, 46.5% and 46.9% against three normal players). Now the time goes where it can still
 * change the choice:
 * - the race narrows: every SEARCH_CHECK rounds, a candidate whose paired difference from the
 *   leader (the rounds both played) is more than SEARCH_Z standard errors below it leaves the
 *   race, so the rounds go to the moves still in doubt;
 * - the race widens: each time the rounds double past SEARCH_WIDEN_FROM, the next of the
 *   normal player's ranked moves (within SEARCH_WIDE_MARGIN of its first, up to
 *   SEARCH_RANKED) joins, so a longer search considers moves a short one must ignore;
 * - the horizon grows with the budget the search is made for (search_ahead): longer playouts
 *   judge the position less by the value function's guess and more by what happens, and need
 *   more rounds to tell the candidates apart, which a bigger budget has.
 * The search is done when one candidate is left and none is to join, or after SEARCH_ROUNDS
 * rounds: a clear decision stops early and leaves the processor to other games. */
#include "ai/internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The normal player's moves the search may consider, best first. */
#define SEARCH_RANKED 12
/* In the race from the start: the best, and those within SEARCH_MARGIN of it (at most
 * SEARCH_FIRST); one move that clear of the others is played at once. */
#define SEARCH_FIRST 5
#define SEARCH_MARGIN 150.0
/* Joining later: moves within SEARCH_WIDE_MARGIN of the best, one each time the rounds double
 * from SEARCH_WIDEN_FROM on. */
#define SEARCH_WIDE_MARGIN 400.0
#define SEARCH_WIDEN_FROM 32
/* Rounds between looks at the race; rounds both played before a candidate may leave it; how
 * many standard errors below the leader it must be. */
#define SEARCH_CHECK 16
#define SEARCH_MIN_PAIRED 32
#define SEARCH_Z 2.5
/* Rounds after which the search has nothing more to do. */
#define SEARCH_ROUNDS 4000
#define SEARCH_PLAYOUT_ACTIONS 4000

struct ai_search {
    struct game g; /* the game the search was made from */
    struct ai_board board;
    int player;
    uint64_t seed;
    int ahead;
    int n;      /* ranked candidates */
    int joined; /* the first `joined` of them have been in the race */
    int first;  /* how many were in it from the start */
    struct game_action cand[SEARCH_RANKED];
    bool out[SEARCH_RANKED]; /* left the race */
    /* Per candidate, over whole rounds: the sum of results and the rounds played. */
    double sum[SEARCH_RANKED];
    long rounds_of[SEARCH_RANKED];
    /* Per pair i < j, over the rounds both played: sums of x_i - x_j and of its square. */
    double dsum[SEARCH_RANKED][SEARCH_RANKED], dsq[SEARCH_RANKED][SEARCH_RANKED];
    long paired[SEARCH_RANKED][SEARCH_RANKED];
    /* The round under way: the candidates it plays, the next of them, their results. */
    int order[SEARCH_RANKED], n_order, pos;
    double x[SEARCH_RANKED];
    long round, iterations;
    bool done;
};

/* How many rounds of turns a playout looks ahead, by the budget the search is made for:
 * with more time, farther (each playout costs about as much more). */
static int search_ahead(int64_t budget_us)
{
    static const struct {
        int64_t from_us;
        int ahead;
    } plan[] = {{1500000, 8}, {400000, 6}, {120000, 4}, {40000, 3}};
    for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++)
        if (budget_us >= plan[i].from_us)
            return plan[i].ahead;
    return 2;
}

static void pick_candidates(struct ai_search *s)
{
    struct game view;
    struct bw_rng rng;
    struct ai_scored top[SEARCH_RANKED];
    ai_view(&s->g, s->player, s->seed, &view);
    bw_rng_seed(&rng, ai_mix(s->seed, 2));
    int n = ai_normal_rank(&s->board, &view, s->player, &rng, top, SEARCH_RANKED);
    s->n = s->first = 0;
    for (int i = 0; i < n; i++) {
        if (top[i].score < top[0].score - SEARCH_WIDE_MARGIN || !ai_legal_in(&s->g, &top[i].a))
            continue;
        if (s->n == s->first && s->first < SEARCH_FIRST &&
            top[i].score >= top[0].score - SEARCH_MARGIN)
            s->first++;
        s->cand[s->n++] = top[i].a;
    }
    if (!s->n && ai_fallback(&s->g, s->player, &s->cand[0]) == BW_OK)
        s->n = s->first = 1;
    if (!s->first && s->n) /* the best was refused by the game: the next one leads */
        s->first = 1;
    s->joined = s->first;
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
    s->ahead = search_ahead(budget_us);
    ai_board_init(&s->board, g, &ai_default_weights);
    pick_candidates(s);
    if (!s->n) {
        free(s);
        return NULL;
    }
    s->done = s->first < 2; /* one sensible move: nothing to search */
    return s;
}

/* The verdict on a playout: 1 for a win, 0 for a loss, and for a game that goes on the
 * player's probability of winning it, as self-play taught it (leaf.c). */
static double result(const struct ai_board *b, const struct game *v, int p)
{
    if (v->phase == PHASE_OVER)
        return v->winner == p ? 1.0 : 0.0;
    return ai_leaf_verdict(b, v, p, v->ck.on ? ai_leaf_weights_cities : ai_leaf_weights);
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

static double mean(const struct ai_search *s, int k)
{
    return s->rounds_of[k] ? s->sum[k] / (double)s->rounds_of[k] : 0;
}

/* The candidate with the best mean among those in the race with enough rounds (the first one
 * before any round is done); on equal means, the one the normal player ranks higher. */
static int leader(const struct ai_search *s)
{
    int best = -1;
    for (int k = 0; k < s->joined; k++) {
        if (s->out[k] || s->rounds_of[k] < (s->round < SEARCH_CHECK ? s->round : SEARCH_CHECK))
            continue;
        if (best < 0 || mean(s, k) > mean(s, best))
            best = k;
    }
    return best < 0 ? 0 : best;
}

/* Whether k is clearly worse than the leader l over the rounds both played (or plays exactly
 * as well and is ranked lower: nothing more to learn). */
static bool clearly_worse(const struct ai_search *s, int l, int k)
{
    int i = l < k ? l : k, j = l < k ? k : l;
    long n = s->paired[i][j];
    if (n < SEARCH_MIN_PAIRED)
        return false;
    double d = s->dsum[i][j] / (double)n * (l < k ? 1 : -1);
    double var = s->dsq[i][j] / (double)n - d * d;
    double se = sqrt(var > 0 ? var / (double)n : 0);
    if (se < 1e-9 && fabs(d) < 1e-9)
        return k > l;
    return d > SEARCH_Z * se;
}

/* Every SEARCH_CHECK rounds: the clearly worse leave, the next ranked joins when its time has
 * come; the search is done when the race is decided or long enough. */
static void check_race(struct ai_search *s)
{
    int l = leader(s), left = 0;
    for (int k = 0; k < s->joined; k++) {
        if (!s->out[k] && k != l && clearly_worse(s, l, k))
            s->out[k] = true;
        left += !s->out[k];
    }
    long allowed = s->first;
    for (long r = SEARCH_WIDEN_FROM; r <= s->round; r *= 2)
        allowed++;
    if (s->joined < s->n && s->joined < allowed) {
        s->joined++;
        left++;
    }
    s->done = (left < 2 && s->joined >= s->n) || s->round >= SEARCH_ROUNDS;
}

static void start_round(struct ai_search *s)
{
    s->n_order = 0;
    for (int k = 0; k < s->joined; k++)
        if (!s->out[k])
            s->order[s->n_order++] = k;
    s->pos = 0;
}

static void finish_round(struct ai_search *s)
{
    for (int a = 0; a < s->n_order; a++) {
        int i = s->order[a];
        s->sum[i] += s->x[i];
        s->rounds_of[i]++;
        for (int b = a + 1; b < s->n_order; b++) {
            int j = s->order[b]; /* order is increasing: i < j */
            double d = s->x[i] - s->x[j];
            s->dsum[i][j] += d;
            s->dsq[i][j] += d * d;
            s->paired[i][j]++;
        }
    }
    s->round++;
    s->n_order = 0;
    if (s->round % SEARCH_CHECK == 0 || s->round >= SEARCH_ROUNDS)
        check_race(s);
}

static void iterate(struct ai_search *s)
{
    if (!s->n_order)
        start_round(s);
    int k = s->order[s->pos++];
    struct game v;
    struct bw_rng rng;
    ai_view(&s->g, s->player, ai_mix(s->seed, 16 + (uint64_t)s->round), &v);
    bw_rng_seed(&rng, ai_mix(s->seed, (1ull << 40) + (uint64_t)s->round));
    s->x[k] = 0;
    if (game_apply(&v, &s->cand[k], NULL, 0, NULL) == BW_OK) {
        play_on(&s->board, &v, s->g.turn + s->ahead * s->g.opt.n_players, &rng);
        s->x[k] = result(&s->board, &v, s->player);
    }
    s->iterations++;
    if (s->pos == s->n_order)
        finish_round(s);
}

bool ai_search_iterate(struct ai_search *s, long iterations)
{
    while (!s->done && iterations-- > 0)
        iterate(s);
    return s->done;
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
    while (!s->done) {
        iterate(s);
        if (cpu_us() >= end)
            break;
    }
    return s->done;
}

int ai_search_best(const struct ai_search *s, struct game_action *out)
{
    if (!s || !out)
        return BW_E(INVALID);
    *out = s->cand[leader(s)];
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

int ai_search_considered(const struct ai_search *s)
{
    return s ? s->joined : 0;
}

int ai_search_racing(const struct ai_search *s)
{
    int left = 0;
    for (int k = 0; s && k < s->joined; k++)
        left += !s->out[k];
    return left;
}

void ai_search_free(struct ai_search *s)
{
    free(s);
}
