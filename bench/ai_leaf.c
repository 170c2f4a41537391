/* Trains the hard player's verdict on a playout it stops before the game ends (src/ai/leaf.c)
 * from self-play: games of four normal players, each position where a turn begins kept with
 * every player's features (ai_leaf_features(): the value function's terms, and each of them
 * times the player's share of the points to win) and, once the game is over, who won it.
 * Usage: ai_leaf [-g GAMES] [-s SEED] [-p PLAYERS] [-c]
 * Defaults: 4000 games of 4 players on the base board, seed 1 (about 8 seconds of one
 * processor; src/ai/leaf.c has the weights of `-g 10000 -s 1`); -c plays Cities & Knights
 * (the weights for it: `-c -g 4000 -s 1`).
 *
 * The verdict is a probability of winning for each player: the softmax over the players of
 * their features weighed, exp(s_p) / sum over the players of exp(s_q). The weights are those
 * that make the winners of the first half of the games most likely (least log loss, convex in
 * the weights: Newton's method from the softmax of the value function's worth at its best
 * temperature, found by golden-section search). Printed for the second half of the games, by
 * stage (the leader's share of the points to win), the log loss of the winners and the share
 * of positions whose likeliest player won: for the fitted weights, those compiled into
 * src/ai/leaf.c, the softmax of the worth alone, the verdict the search used before (the
 * player's worth against the best of the others, 0.5 + 0.5 tanh(d / 400), each player's share
 * of the sum of those) and knowing nothing (1 / players). Figures only: nothing here passes or
 * fails. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/internal.h"

#include "bench_normal.h"
#include "bench_time.h"

#define MAX_ACTIONS 20000
#define STAGES 4

struct sample {
    double v[GAME_MAX_PLAYERS];                /* ai_value() */
    double f[GAME_MAX_PLAYERS][AI_LEAF_FEATURES]; /* ai_leaf_features() */
    int n, winner, stage;
};

struct samples {
    struct sample *s;
    long n, cap;
};

static void keep(struct samples *all, const struct sample *x)
{
    if (all->n == all->cap) {
        all->cap = all->cap ? 2 * all->cap : 4096;
        struct sample *s = realloc(all->s, (size_t)all->cap * sizeof *s);
        if (!s) {
            fprintf(stderr, "ai_leaf: out of memory\n");
            exit(1);
        }
        all->s = s;
    }
    all->s[all->n++] = *x;
}

/* One game of normal players, each deciding on its own view (as ai_choose() decides); the
 * positions where a turn begins go into all, with the winner once known. Returns the winner or
 * -1 (the game's positions are then dropped). */
static int play(int players, int cities, uint64_t seed, struct samples *all)
{
    struct game_options opt = {.n_players = players, .board = BOARD_BASE};
    struct game g;
    struct ai_board b;
    struct bw_rng rng;
    long from = all->n;
    int last_turn = -1;
    game_init(&g, &opt, seed);
    if (cities && game_cities_on(&g) != BW_OK)
        return -1;
    ai_board_init(&b, &g, &ai_default_weights);
    bw_rng_seed(&rng, seed ^ 0x1eaf1eaf1eafull);
    for (long k = 0; k < MAX_ACTIONS && g.phase != PHASE_OVER; k++) {
        if (g.phase == PHASE_ROLL && g.turn != last_turn) {
            struct sample x = {.n = players, .winner = -1};
            int lead = 0;
            int now = 0;
            for (int q = 0; q < players; q++) {
                x.v[q] = ai_value(&b, &g, q);
                now |= ai_leaf_features(&b, &g, q, x.f[q]);
                int vp = game_vp_total(&g, q);
                lead = vp > lead ? vp : lead;
            }
            x.stage = lead * STAGES / g.vp_goal;
            x.stage = x.stage < STAGES ? x.stage : STAGES - 1;
            if (!now) /* a player about to win: nothing to judge */
                keep(all, &x);
            last_turn = g.turn;
        }
        struct game_action a;
        int p;
        if (normal_move(&g, &b, 1, &rng, &p, &a) || game_apply(&g, &a, NULL, 0, NULL) != BW_OK)
            break;
    }
    if (g.phase != PHASE_OVER) {
        all->n = from;
        return -1;
    }
    for (long i = from; i < all->n; i++)
        all->s[i].winner = g.winner;
    return g.winner;
}

/* The softmax verdict: each player's probability of winning at temperature t. */
static void softmax(const struct sample *x, double t, double *p)
{
    double top = x->v[0], sum = 0;
    for (int q = 1; q < x->n; q++)
        top = x->v[q] > top ? x->v[q] : top;
    for (int q = 0; q < x->n; q++)
        sum += p[q] = exp((x->v[q] - top) / t);
    for (int q = 0; q < x->n; q++)
        p[q] /= sum;
}

/* The verdict the search used before: each player's worth against the best of the others,
 * squashed, as a share of the sum of them. */
static void against_best(const struct sample *x, double *p)
{
    double sum = 0;
    for (int q = 0; q < x->n; q++) {
        double best = -1e18;
        for (int r = 0; r < x->n; r++)
            if (r != q)
                best = x->v[r] > best ? x->v[r] : best;
        sum += p[q] = 0.5 + 0.5 * tanh((x->v[q] - best) / 400.0);
    }
    for (int q = 0; q < x->n; q++)
        p[q] = sum > 0 ? p[q] / sum : 1.0 / x->n;
}

struct fit {
    double loss, right;
    long n;
};

enum verdict { SOFTMAX, AGAINST_BEST, NOTHING, TERMS };

/* The trained verdict: the softmax of each player's terms weighed by theta. */
static void weighed(const struct sample *x, const double *theta, double *p)
{
    double s[GAME_MAX_PLAYERS], top = -1e300, sum = 0;
    for (int q = 0; q < x->n; q++) {
        s[q] = 0;
        for (int k = 0; k < AI_LEAF_FEATURES; k++)
            s[q] += theta[k] * x->f[q][k];
        top = s[q] > top ? s[q] : top;
    }
    for (int q = 0; q < x->n; q++)
        sum += p[q] = exp(s[q] - top);
    for (int q = 0; q < x->n; q++)
        p[q] /= sum;
}

static const double *judged_theta;

/* Mean log loss of the winners and the share of positions whose likeliest player won, over
 * samples [from, to) of the given stage (-1: all). */
static struct fit judge(const struct samples *all, long from, long to, int stage, enum verdict v,
                        double t)
{
    struct fit f = {0, 0, 0};
    for (long i = from; i < to; i++) {
        const struct sample *x = &all->s[i];
        double p[GAME_MAX_PLAYERS];
        if (stage >= 0 && x->stage != stage)
            continue;
        if (v == SOFTMAX)
            softmax(x, t, p);
        else if (v == AGAINST_BEST)
            against_best(x, p);
        else if (v == TERMS)
            weighed(x, judged_theta, p);
        else
            for (int q = 0; q < x->n; q++)
                p[q] = 1.0 / x->n;
        int best = 0;
        for (int q = 1; q < x->n; q++)
            best = p[q] > p[best] ? q : best;
        f.loss -= log(p[x->winner] > 1e-12 ? p[x->winner] : 1e-12);
        f.right += v != NOTHING && best == x->winner;
        f.n++;
    }
    if (f.n) {
        f.loss /= (double)f.n;
        f.right /= (double)f.n;
    }
    return f;
}

/* The temperature of least log loss on samples [from, to): golden-section search on 1 / T. */
static double fit_temperature(const struct samples *all, long from, long to, int stage)
{
    double lo = 1.0 / 5000, hi = 1.0 / 20, g = (sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = judge(all, from, to, stage, SOFTMAX, 1 / a).loss;
    double fb = judge(all, from, to, stage, SOFTMAX, 1 / b).loss;
    for (int k = 0; k < 60; k++) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = judge(all, from, to, stage, SOFTMAX, 1 / a).loss;
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = judge(all, from, to, stage, SOFTMAX, 1 / b).loss;
        }
    }
    return 2 / (lo + hi);
}

/* Solves a x = b (n by n, a and b overwritten) by elimination with partial pivoting; 0 when
 * singular. */
static int solve(double a[AI_LEAF_FEATURES][AI_LEAF_FEATURES], double b[AI_LEAF_FEATURES], int n)
{
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            piv = fabs(a[r][c]) > fabs(a[piv][c]) ? r : piv;
        if (fabs(a[piv][c]) < 1e-300)
            return 0;
        for (int k = 0; k < n; k++) {
            double t = a[c][k];
            a[c][k] = a[piv][k];
            a[piv][k] = t;
        }
        double t = b[c];
        b[c] = b[piv];
        b[piv] = t;
        for (int r = c + 1; r < n; r++) {
            double m = a[r][c] / a[c][c];
            for (int k = c; k < n; k++)
                a[r][k] -= m * a[c][k];
            b[r] -= m * b[c];
        }
    }
    for (int c = n - 1; c >= 0; c--) {
        for (int k = c + 1; k < n; k++)
            b[c] -= a[c][k] * b[k];
        b[c] /= a[c][c];
    }
    return 1;
}

/* The weights of least log loss on samples [from, to), by Newton's method from theta (the
 * log loss of a softmax of weighed terms is convex in the weights): the gradient is the
 * winner's terms less their expectation, the Hessian their covariance. A step that does not
 * lower the loss is halved. */
static void fit_terms(const struct samples *all, long from, long to, double *theta)
{
    judged_theta = theta;
    double loss = judge(all, from, to, -1, TERMS, 0).loss;
    for (int it = 0; it < 30; it++) {
        double grad[AI_LEAF_FEATURES] = {0}, hess[AI_LEAF_FEATURES][AI_LEAF_FEATURES] = {{0}};
        for (long i = from; i < to; i++) {
            const struct sample *x = &all->s[i];
            double p[GAME_MAX_PLAYERS], mean[AI_LEAF_FEATURES] = {0};
            weighed(x, theta, p);
            for (int q = 0; q < x->n; q++)
                for (int k = 0; k < AI_LEAF_FEATURES; k++)
                    mean[k] += p[q] * x->f[q][k];
            for (int k = 0; k < AI_LEAF_FEATURES; k++)
                grad[k] += x->f[x->winner][k] - mean[k];
            for (int q = 0; q < x->n; q++)
                for (int k = 0; k < AI_LEAF_FEATURES; k++)
                    for (int l = 0; l < AI_LEAF_FEATURES; l++)
                        hess[k][l] += p[q] * (x->f[q][k] - mean[k]) * (x->f[q][l] - mean[l]);
        }
        for (int k = 0; k < AI_LEAF_FEATURES; k++)
            hess[k][k] += 1e-6 * (hess[k][k] + 1e-9); /* a term no position varies */
        if (!solve(hess, grad, AI_LEAF_FEATURES))
            break;
        double old[AI_LEAF_FEATURES], step = 1, now = loss;
        memcpy(old, theta, sizeof old);
        for (int h = 0; h < 20; h++, step /= 2) {
            for (int k = 0; k < AI_LEAF_FEATURES; k++)
                theta[k] = old[k] + step * grad[k];
            now = judge(all, from, to, -1, TERMS, 0).loss;
            if (now <= loss)
                break;
        }
        if (now > loss) {
            memcpy(theta, old, sizeof old);
            break;
        }
        double gain = loss - now;
        loss = now;
        if (gain < 1e-9)
            break;
    }
}

int main(int argc, char **argv)
{
    long games = 4000;
    uint64_t seed = 1;
    int players = 4, cities = 0, c;
    while ((c = getopt(argc, argv, "g:s:p:c")) != -1) {
        if (c == 'g')
            games = atol(optarg);
        else if (c == 's')
            seed = strtoull(optarg, NULL, 10);
        else if (c == 'p')
            players = atoi(optarg);
        else if (c == 'c')
            cities = 1;
        else {
            fprintf(stderr, "usage: ai_leaf [-g GAMES] [-s SEED] [-p PLAYERS] [-c]\n");
            return 2;
        }
    }
    if (games < 2 || players < 2 || players > 4) {
        fprintf(stderr, "ai_leaf: at least 2 games, 2 to 4 players\n");
        return 2;
    }
    struct samples all = {NULL, 0, 0};
    double t0 = now();
    long half = 0, finished = 0;
    for (long i = 0; i < games; i++) {
        finished += play(players, cities, ai_mix(seed, (uint64_t)i), &all) >= 0;
        if (i + 1 == games / 2)
            half = all.n;
    }
    printf("%ld games of %d normal players%s (%ld finished), %ld positions, %.1f s\n", games,
           players, cities ? ", Cities & Knights" : "", finished, all.n, now() - t0);
    double t = fit_temperature(&all, 0, half, -1);
    printf("temperature of least log loss on the first half: %.1f\n", t);
    double theta[AI_LEAF_FEATURES];
    for (int k = 0; k < AI_LEAF_FEATURES; k++) /* from the softmax of the worth */
        theta[k] = k < AI_LEAF_TERMS ? 1 / t : 0;
    fit_terms(&all, 0, half, theta);
    static const char *const term_names[AI_LEAF_TERMS] = {
        "points", "production", "harbors", "room", "hand", "cards", "road", "opponents", "rest"};
    printf("weights of least log loss on the first half (per hundredth of a point; the second\n"
           "column times the player's share of the points to win):\n");
    for (int k = 0; k < AI_LEAF_TERMS; k++)
        printf("  %-10s %10.6f %10.6f\n", term_names[k], theta[k], theta[AI_LEAF_TERMS + k]);
    printf("as src/ai/leaf.c has them:\n    ");
    for (int k = 0; k < AI_LEAF_FEATURES; k++)
        printf("%.6g%s", theta[k], k + 1 < AI_LEAF_FEATURES ? ", " : "\n");
    printf("on the second half (%ld positions): log loss, likeliest won\n", all.n - half);
    static const char *const stage_names[STAGES] = {"leader below 1/4 of the goal", "to 1/2",
                                                    "to 3/4", "from 3/4"};
    for (int s = -1; s < STAGES; s++) {
        struct fit soft = judge(&all, half, all.n, s, SOFTMAX, t);
        struct fit old = judge(&all, half, all.n, s, AGAINST_BEST, 0);
        struct fit none = judge(&all, half, all.n, s, NOTHING, 0);
        judged_theta = theta;
        struct fit terms = judge(&all, half, all.n, s, TERMS, 0);
        judged_theta = cities ? ai_leaf_weights_cities : ai_leaf_weights;
        struct fit built = judge(&all, half, all.n, s, TERMS, 0);
        double ts = fit_temperature(&all, 0, half, s);
        struct fit own = judge(&all, half, all.n, s, SOFTMAX, ts);
        printf("  %s (%ld positions)\n    fitted %.4f %.1f%%, compiled in %.4f %.1f%%, softmax of the "
               "worth %.4f %.1f%% (at its own T %.1f: %.4f), against the best %.4f %.1f%%, "
               "nothing %.4f\n",
               s < 0 ? "all" : stage_names[s], soft.n, terms.loss, 100 * terms.right, built.loss,
               100 * built.right, soft.loss, 100 * soft.right, ts, own.loss, old.loss,
               100 * old.right, none.loss);
    }
    free(all.s);
    return 0;
}
