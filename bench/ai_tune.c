/* Self-play tuning of the normal player's value function (the weights of src/ai/value.c).
 * Usage: ai_tune [-n STEPS] [-g PAIRS] [-c GAMES] [-s SEED] [-a GAIN] [-p PERTURB]
 *                [-w NAME=VALUE]...
 * Defaults: 300 steps of 2000 game pairs, 40000 confirmation games, seed 1, gain 4,
 * perturbation 0.25, starting from the weights compiled in (-w changes one; -h lists them).
 * The defaults take about 20 minutes of one processor (about 1 ms a game).
 *
 * Method: simultaneous perturbation stochastic approximation (SPSA) on the logarithms of the
 * weights, so that every weight moves by a factor and keeps its sign. Each step draws a random
 * sign for every tuned weight and makes two candidates, the current weights multiplied by
 * exp(+c * sign) and by exp(-c * sign). Each candidate plays PAIRS games in one seat against
 * three seats with the current weights; the two candidates meet the same games in the same
 * seat (the same seed: the same board, and the dice and the decisions drawn from the same
 * streams), the seat turning from pair to pair, so that their difference in wins is less noisy
 * than each (common random numbers). The difference in win rates divided by the perturbation
 * estimates the gradient along the signs; the current weights move along it by a gain that
 * shrinks from step to step: a / (k + 1 + A)^0.602 with A a tenth of the steps, and the
 * perturbation c / (k + 1)^0.101 (the usual SPSA sequences). Every step plays fresh seeds; no
 * weight moves beyond a factor of about 4.5. The result is the average of the iterates over
 * the second half of the steps (less noisy than the last one), rounded to three significant
 * digits.
 *
 * Confirmation: the rounded result plays GAMES games in one seat against three seats with the
 * weights compiled into src/ai/value.c (ai_default_weights), seats rotating, on seeds of their
 * own; then the other way round (one seat of the compiled weights against three of the
 * result) on the same seeds. Equal players would win 25% each; the figures come with 95%
 * intervals (Wilson). -n 0 skips the tuning and only confirms the starting weights (-w).
 *
 * The points (vp), the win, the nearest corners' reach and the victory card's worth are fixed:
 * they set the scale, or a term already has a weight of its own. As in ai_arena, no seat is
 * asked for offers of its own (the table asks for those, not ai_choose), so the games have no
 * trades between players, and the thresholds of src/ai/offer.c are not tuned here. One
 * thread; figures only, nothing here passes or fails. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/internal.h"

#include "bench_normal.h"
#include "bench_time.h"

#define MAX_ACTIONS 20000
#define SEATS 4
#define LOG_LIMIT 1.5 /* no weight moves beyond a factor of exp(1.5), about 4.5 */

struct param {
    const char *name;
    size_t offset;
};

/* clang-format off */
#define PARAM(f) {#f, offsetof(struct ai_weights, f)}
/* clang-format on */

static const struct param params[] = {
    PARAM(pip),         PARAM(diversity),     PARAM(harbor2),     PARAM(harbor3),
    PARAM(expand),      PARAM(expand_second), PARAM(reach[1]),    PARAM(reach[2]),
    PARAM(card),        PARAM(prog_settle),   PARAM(prog_city),   PARAM(prog_dev),
    PARAM(prog_road),   PARAM(risk),          PARAM(dev_held[0]), PARAM(dev_held[1]),
    PARAM(dev_held[2]), PARAM(dev_held[3]),   PARAM(knight),      PARAM(army_near),
    PARAM(road_len),    PARAM(road_near),     PARAM(opp_pip),     PARAM(opp_vp),
};

#define N_PARAMS ((int)(sizeof params / sizeof params[0]))

static double *field(struct ai_weights *w, int k)
{
    return (double *)((char *)w + params[k].offset);
}

static double field_of(const struct ai_weights *w, int k)
{
    return *(const double *)((const char *)w + params[k].offset);
}

/* The weights base with each tuned weight multiplied by exp(x[k]). */
static void weights_at(const struct ai_weights *base, const double *x, struct ai_weights *out)
{
    *out = *base;
    for (int k = 0; k < N_PARAMS; k++)
        *field(out, k) = field_of(base, k) * exp(x[k]);
}

/* v rounded to three significant digits. */
static double round3(double v)
{
    if (v == 0)
        return 0;
    double e = pow(10, floor(log10(fabs(v))) - 2);
    return round(v / e) * e;
}

/* v (three significant digits at most) as a C literal without trailing zeros. */
static const char *literal(double v, char buf[32])
{
    int dec = v == 0 ? 0 : 2 - (int)floor(log10(fabs(v)));
    snprintf(buf, 32, "%.*f", dec < 0 ? 0 : dec, v);
    if (strchr(buf, '.')) {
        char *e = buf + strlen(buf) - 1;
        while (*e == '0')
            *e-- = 0;
        if (*e == '.')
            *e = 0;
    }
    return buf;
}

static void print_array(const char *name, const double *v, int n)
{
    char buf[32];
    printf("    .%s = {", name);
    for (int i = 0; i < n; i++)
        printf("%s%s", i ? ", " : "", literal(v[i], buf));
    printf("},\n");
}

/* The weights as the lines of a C initializer (struct ai_weights' fields in order). */
static void print_weights(const struct ai_weights *w)
{
    char buf[32];
#define LINE(f) printf("    ." #f " = %s,\n", literal(w->f, buf))
    LINE(vp);
    LINE(win);
    LINE(pip);
    LINE(diversity);
    LINE(harbor2);
    LINE(harbor3);
    LINE(expand);
    LINE(expand_second);
    print_array("reach", w->reach, 3);
    LINE(card);
    LINE(prog_settle);
    LINE(prog_city);
    LINE(prog_dev);
    LINE(prog_road);
    LINE(risk);
    print_array("dev_held", w->dev_held, DEV_COUNT);
    LINE(knight);
    LINE(army_near);
    LINE(road_len);
    LINE(road_near);
    LINE(opp_pip);
    LINE(opp_vp);
    print_array("seek", w->seek, 4);
    LINE(gift_card);
    LINE(gift_harbor);
    LINE(village_pip);
#undef LINE
}

/* The tuned weights on one line, each as a factor of the starting weights. */
static void print_factors(const double *x)
{
    for (int k = 0; k < N_PARAMS; k++)
        printf("%s%s x%.2f", k ? ", " : "  ", params[k].name, exp(x[k]));
    printf("\n");
}

struct counts {
    long games, turns, unfinished, failed;
};

/* One game of four normal players, seat s scoring with w[s]; returns the winner, or -1. A
 * decision is made as ai_choose() makes it (the seat's view, the same seeds, the same fallback
 * when the choice is not legal in the real game), with the seat's weights. The board part of
 * struct ai_board depends only on the hexes and tokens, which every view shares with the game,
 * so it is computed once a game. */
static int play(const struct ai_weights *const w[SEATS], uint64_t seed, struct counts *c)
{
    struct game_options opt = {.n_players = SEATS, .board = BOARD_BASE};
    struct game g;
    struct ai_board b[SEATS];
    struct bw_rng rng;
    game_init(&g, &opt, seed);
    for (int s = 0; s < SEATS; s++)
        ai_board_init(&b[s], &g, w[s]);
    bw_rng_seed(&rng, seed ^ 0x5eed5eed5eedull);
    for (long k = 0; k < MAX_ACTIONS && g.phase != PHASE_OVER; k++) {
        struct game_action a;
        int p, got = normal_move(&g, b, 0, &rng, &p, &a);
        if (got < 0)
            break;
        if (got) {
            c->failed++;
            break;
        }
        if (game_apply(&g, &a, NULL, 0, NULL) != BW_OK) {
            c->failed++;
            break;
        }
    }
    c->games++;
    c->turns += g.turn;
    c->unfinished += g.phase != PHASE_OVER;
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

/* Games of one seat with `one` against three with `rest`, seats rotating, seeds from stream. */
static long one_against_three(const struct ai_weights *one, const struct ai_weights *rest,
                              long games, uint64_t stream, struct counts *c)
{
    long wins = 0;
    for (long i = 0; i < games; i++) {
        const struct ai_weights *lineup[SEATS] = {rest, rest, rest, rest};
        int seat = (int)(i % SEATS);
        lineup[seat] = one;
        wins += play(lineup, ai_mix(stream, (uint64_t)i), c) == seat;
    }
    return wins;
}

static void report(const char *what, long wins, const struct counts *c, double secs)
{
    double lo, hi;
    wilson(wins, c->games, &lo, &hi);
    printf("%s: wins %.2f%% (95%%: %.2f-%.2f%%, %ld of %ld games); %.1f turns a game, "
           "%ld unfinished, %ld failed decisions; %.0f s\n",
           what, 100.0 * wins / c->games, 100 * lo, 100 * hi, wins, c->games,
           (double)c->turns / c->games, c->unfinished, c->failed, secs);
    fflush(stdout);
}

struct setup {
    int steps;
    long pairs, confirm;
    uint64_t seed;
    double gain, perturb;
};

/* SPSA from the weights start; the averaged result (log factors of start) into x_out. */
static void tune(const struct setup *su, const struct ai_weights *start, double *x_out)
{
    double x[N_PARAMS] = {0}, avg[N_PARAMS] = {0}, xp[N_PARAMS], xm[N_PARAMS];
    int delta[N_PARAMS], averaged = 0, from = su->steps / 2;
    double stab = su->steps / 10.0;
    struct bw_rng rng;
    struct counts c = {0};
    long all_plus = 0, all_minus = 0;
    double t0 = now();
    bw_rng_seed(&rng, ai_mix(su->seed, 1));
    printf("SPSA: %d steps of %ld game pairs, gain %g, perturbation %g, %d weights\n", su->steps,
           su->pairs, su->gain, su->perturb, N_PARAMS);
    for (int k = 0; k < su->steps; k++) {
        double ak = su->gain / pow(k + 1 + stab, 0.602), ck = su->perturb / pow(k + 1, 0.101);
        for (int i = 0; i < N_PARAMS; i++) {
            delta[i] = bw_rng_next(&rng) >> 63 ? 1 : -1;
            xp[i] = x[i] + ck * delta[i];
            xm[i] = x[i] - ck * delta[i];
        }
        struct ai_weights cur, plus, minus;
        weights_at(start, x, &cur);
        weights_at(start, xp, &plus);
        weights_at(start, xm, &minus);
        uint64_t stream = ai_mix(su->seed, 1000 + (uint64_t)k);
        long wp = 0, wm = 0;
        for (long i = 0; i < su->pairs; i++) {
            const struct ai_weights *lineup[SEATS] = {&cur, &cur, &cur, &cur};
            int seat = (int)(i % SEATS);
            uint64_t seed = ai_mix(stream, (uint64_t)i);
            lineup[seat] = &plus;
            wp += play(lineup, seed, &c) == seat;
            lineup[seat] = &minus;
            wm += play(lineup, seed, &c) == seat;
        }
        all_plus += wp;
        all_minus += wm;
        double diff = (double)(wp - wm) / su->pairs, moved = 0;
        for (int i = 0; i < N_PARAMS; i++) {
            double old = x[i];
            x[i] += ak * diff / (2 * ck * delta[i]);
            x[i] = x[i] > LOG_LIMIT ? LOG_LIMIT : x[i] < -LOG_LIMIT ? -LOG_LIMIT : x[i];
            moved += fabs(x[i] - old);
        }
        if (k >= from) {
            averaged++;
            for (int i = 0; i < N_PARAMS; i++)
                avg[i] += (x[i] - avg[i]) / averaged;
        }
        printf("step %3d: plus %.2f%% minus %.2f%% (difference %+.2f%%), gain %.3f, "
               "perturbation %.3f, mean move %.4f; %.0f s\n",
               k + 1, 100.0 * wp / su->pairs, 100.0 * wm / su->pairs, 100 * diff, ak, ck,
               moved / N_PARAMS, now() - t0);
        if ((k + 1) % 20 == 0 || k + 1 == su->steps) {
            printf("  factors now:\n");
            print_factors(x);
            if (averaged) {
                printf("  averaged since step %d:\n", from + 1);
                print_factors(avg);
            }
        }
        fflush(stdout);
    }
    printf("SPSA done: %ld games, %.1f turns a game, %ld unfinished, %ld failed decisions; "
           "the candidates won %.2f%% of their games (25%% when as good as the current)\n",
           c.games, c.games ? (double)c.turns / c.games : 0.0, c.unfinished, c.failed,
           c.games ? 100.0 * (all_plus + all_minus) / c.games : 0.0);
    memcpy(x_out, averaged ? avg : x, sizeof avg);
}

static int set_weight(struct ai_weights *w, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return -1;
    for (int k = 0; k < N_PARAMS; k++)
        if (strlen(params[k].name) == (size_t)(eq - arg) &&
            !strncmp(params[k].name, arg, (size_t)(eq - arg))) {
            char *end;
            double v = strtod(eq + 1, &end);
            if (*end || !(v > 0))
                return -1;
            *field(w, k) = v;
            return 0;
        }
    return -1;
}

static void usage(const char *argv0)
{
    fprintf(stderr,
            "usage: %s [-n STEPS] [-g PAIRS] [-c GAMES] [-s SEED] [-a GAIN] [-p PERTURB] "
            "[-w NAME=VALUE]...\n  tuned weights:",
            argv0);
    for (int k = 0; k < N_PARAMS; k++)
        fprintf(stderr, " %s", params[k].name);
    fprintf(stderr, "\n");
}

int main(int argc, char **argv)
{
    struct setup su = {300, 2000, 40000, 1, 4.0, 0.25};
    struct ai_weights start = ai_default_weights;
    int opt;
    while ((opt = getopt(argc, argv, "n:g:c:s:a:p:w:h")) != -1) {
        switch (opt) {
        case 'n':
            su.steps = (int)strtol(optarg, NULL, 10);
            break;
        case 'g':
            su.pairs = strtol(optarg, NULL, 10);
            break;
        case 'c':
            su.confirm = strtol(optarg, NULL, 10);
            break;
        case 's':
            su.seed = strtoull(optarg, NULL, 0);
            break;
        case 'a':
            su.gain = strtod(optarg, NULL);
            break;
        case 'p':
            su.perturb = strtod(optarg, NULL);
            break;
        case 'w':
            if (set_weight(&start, optarg) < 0) {
                fprintf(stderr, "%s: bad weight: %s\n", argv[0], optarg);
                usage(argv[0]);
                return 2;
            }
            break;
        default:
            usage(argv[0]);
            return 2;
        }
    }
    if (optind < argc || su.steps < 0 || su.pairs <= 0 || su.confirm < 0 || !(su.gain > 0) ||
        !(su.perturb > 0)) {
        usage(argv[0]);
        return 2;
    }
    /* Every seat takes the candidate's place equally often. */
    su.pairs = (su.pairs + SEATS - 1) / SEATS * SEATS;

    double x[N_PARAMS] = {0};
    if (su.steps)
        tune(&su, &start, x);
    struct ai_weights tuned;
    weights_at(&start, x, &tuned);
    for (int k = 0; k < N_PARAMS; k++)
        *field(&tuned, k) = round3(field_of(&tuned, k));
    printf("\nweights (%s):\n", su.steps ? "tuned, rounded" : "as given");
    print_weights(&tuned);
    printf("as factors of the defaults:\n");
    double f[N_PARAMS];
    for (int k = 0; k < N_PARAMS; k++)
        f[k] = log(field_of(&tuned, k) / field_of(&ai_default_weights, k));
    print_factors(f);
    fflush(stdout);

    if (su.confirm) {
        const char *what = su.steps ? "tuned" : "given";
        char line[128];
        uint64_t stream = ai_mix(su.seed ^ 0xc0ffee5eedull, 7);
        struct counts c = {0};
        double t0 = now();
        long wins = one_against_three(&tuned, &ai_default_weights, su.confirm, stream, &c);
        snprintf(line, sizeof line, "\nconfirmation, 1 %s against 3 compiled in (fresh seeds)",
                 what);
        report(line, wins, &c, now() - t0);
        memset(&c, 0, sizeof c);
        t0 = now();
        wins = one_against_three(&ai_default_weights, &tuned, su.confirm, stream, &c);
        snprintf(line, sizeof line, "confirmation, 1 compiled in against 3 %s (the same seeds)",
                 what);
        report(line, wins, &c, now() - t0);
    }
    return 0;
}
