/* Trading at a table of three normal computer players and one scripted fair trader, the way the
 * bot runs it (src/bot/robots.c): how often the computer players make offers, how many of the
 * fair trader's offers they take, how long their offers hold the game, and who wins.
 * Usage: trade_bench [-g GAMES] [-s SEED]
 *
 * The fair trader plays its moves as the normal level does, and trades as a fair person would:
 * in its turn, once, it offers one card it holds two or more of for one its nearest build lacks,
 * to everyone; it takes an offer (or a counter-offer) of as many cards as it gives when it keeps
 * one of what it gives and gets one its build lacks, and leaves any other unanswered, as people
 * at the table mostly did. A computer player makes at most one offer in its turn, before its
 * moves; it answers and counters as at the table. The seconds an offer holds the game are
 * simulated with the table's timing: each computer player's answer comes a move's delay
 * (game.bot_delay_ms, 1.5 s) after the last, the fair trader answers after PERSON_MS, and an
 * offer left unanswered by it is withdrawn ROBOT_WAIT_MS after the computer players have
 * answered (the rule before: OLD_WAIT_MS after the offer). Seats rotate from game to game.
 * Figures only: nothing here passes or fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"

#define MAX_ACTIONS 20000
#define SEATS 4
#define DELAY_MS 1500
#define PERSON_MS 4000
#define ROBOT_WAIT_MS 5000
#define OLD_WAIT_MS 10000

struct tally {
    long games, unfinished, illegal, turns;
    long robot_turns, robot_offers, robot_taken_by_fair, robot_taken_by_robot;
    long fair_turns, fair_offers, fair_payable, fair_taken, counters, counters_taken;
    double held_ms, held_old_ms;
    long fair_wins, robot_wins, robot_seats;
};

static int apply(struct game *g, const struct game_action *a, struct tally *t)
{
    int err = game_apply(g, a, NULL, 0, NULL);
    if (err != BW_OK)
        t->illegal++;
    return err;
}

static int holds(const uint8_t have[RES_COUNT], const uint8_t need[RES_COUNT])
{
    for (int r = 0; r < RES_COUNT; r++)
        if (have[r] < need[r])
            return 0;
    return 1;
}

/* What the fair trader's nearest build lacks, a card per resource (zeros: nothing it can say). */
static void lacking(const struct game *g, int p, uint8_t out[RES_COUNT])
{
    const uint8_t *costs[3] = {game_cost_settlement, game_cost_city, game_cost_dev};
    const struct game_player *pl = &g->p[p];
    const int open[3] = {pl->settlements<GAME_SETTLEMENTS, pl->settlements> 0,
                         g->deck_pos < g->deck_size};
    int best = -1, best_have = -1;
    for (int k = 0; k < 3; k++) {
        int have = 0;
        for (int r = 0; r < RES_COUNT; r++)
            have += pl->res[r] < costs[k][r] ? pl->res[r] : costs[k][r];
        if (open[k] && !holds(pl->res, costs[k]) && have > best_have) {
            best = k;
            best_have = have;
        }
    }
    memset(out, 0, RES_COUNT);
    for (int r = 0; best >= 0 && r < RES_COUNT; r++)
        out[r] = pl->res[r] < costs[best][r];
}

/* The fair trader's rule for an offer it is asked to take (give and get from its own side). */
static int fair_takes(const struct game *g, int p, const uint8_t give[RES_COUNT],
                      const uint8_t get[RES_COUNT])
{
    uint8_t need[RES_COUNT];
    int n_give = 0, n_get = 0, wanted = 0;
    lacking(g, p, need);
    for (int r = 0; r < RES_COUNT; r++) {
        n_give += give[r];
        n_get += get[r];
        if (give[r] && (g->p[p].res[r] <= give[r] || need[r]))
            return 0; /* its last card of a kind, or one its build needs */
        wanted |= get[r] && need[r];
    }
    return n_give == n_get && wanted;
}

static double ms_after_robots(const struct trade_offer *o, int fair)
{
    int robots = 0;
    for (int q = 0; q < SEATS; q++)
        robots += q != fair && (o->to_mask >> q & 1);
    return (double)robots * DELAY_MS;
}

/* A computer player's offer of its own, answered and closed as at the table. */
static void robot_offers(struct game *g, int cur, int fair, uint64_t seed, struct tally *t)
{
    struct game_action a;
    t->robot_turns++;
    if (ai_make_offer(g, cur, seed, &a) != BW_OK || apply(g, &a, t) != BW_OK)
        return;
    t->robot_offers++;
    int id = g->next_offer_id - 1;
    const struct trade_offer *o = game_offer(g, id);
    double robots_ms = ms_after_robots(o, fair), held = robots_ms;
    int fair_asked = o->to_mask >> fair & 1, fair_took = 0;
    for (int q = 0; q < SEATS && game_offer(g, id); q++) {
        if (!(o->to_mask >> q & 1))
            continue;
        if (q == fair) {
            if (!fair_takes(g, q, o->get, o->give) || !holds(g->p[q].res, o->get))
                continue;
            a = (struct game_action){.type = ACT_ACCEPT, .player = (int8_t)q, .a = (int16_t)id};
            fair_took = apply(g, &a, t) == BW_OK;
        } else if (ai_answer_offer(g, q, id, seed + (uint64_t)q, &a) == BW_OK) {
            apply(g, &a, t);
        }
    }
    if (fair_asked)
        held = fair_took ? (robots_ms > PERSON_MS ? robots_ms : PERSON_MS) + DELAY_MS
                         : robots_ms + ROBOT_WAIT_MS;
    t->held_ms += held;
    t->held_old_ms += fair_asked && !fair_took ? OLD_WAIT_MS : held;
    if (!(o = game_offer(g, id)))
        return; /* everyone refused */
    if (o->accepted && ai_close_offer(g, cur, id, seed, &a) == BW_OK && apply(g, &a, t) == BW_OK &&
        a.type == ACT_CONFIRM) {
        t->robot_taken_by_fair += a.target == fair;
        t->robot_taken_by_robot += a.target != fair;
    }
    if (game_offer(g, id)) {
        a = (struct game_action){.type = ACT_CANCEL, .player = (int8_t)cur, .a = (int16_t)id};
        apply(g, &a, t);
    }
}

/* The fair trader's offer in its turn: one card it has two or more of for one it lacks. */
static int fair_offer(const struct game *g, int p, struct game_action *a)
{
    uint8_t need[RES_COUNT];
    lacking(g, p, need);
    int give = -1, get = -1;
    for (int r = 0; r < RES_COUNT; r++) {
        if (need[r] && get < 0)
            get = r;
        if (!need[r] && g->p[p].res[r] >= 2 && (give < 0 || g->p[p].res[r] > g->p[p].res[give]))
            give = r;
    }
    if (give < 0 || get < 0)
        return 0;
    *a = (struct game_action){.type = ACT_OFFER, .player = (int8_t)p, .target = -1, .a = -1};
    a->b = -1;
    a->give[give] = 1;
    a->get[get] = 1;
    a->to_mask = (uint8_t)(((1u << SEATS) - 1) & ~(1u << p));
    return 1;
}

/* The fair trader's turn of trading: its offer, the computer players' answers and counters. */
static void fair_trades(struct game *g, int fair, uint64_t seed, struct tally *t)
{
    struct game_action a;
    t->fair_turns++;
    if (!fair_offer(g, fair, &a) || apply(g, &a, t) != BW_OK)
        return;
    t->fair_offers++;
    int id = g->next_offer_id - 1, countered[SEATS] = {0}, payable = 0;
    for (int q = 0; q < SEATS; q++)
        payable |= q != fair && holds(g->p[q].res, a.get);
    t->fair_payable += payable;
    for (int q = 0; q < SEATS; q++) {
        if (q == fair || !game_offer(g, id))
            continue;
        struct game_action c;
        /* A counter is decided before the refusal, which may close the offer (as the bot does). */
        int counter = ai_counter_offer(g, q, id, seed + (uint64_t)q, &c) == BW_OK;
        if (ai_answer_offer(g, q, id, seed + (uint64_t)q, &a) != BW_OK || apply(g, &a, t) != BW_OK)
            continue;
        if (a.type == ACT_REJECT && counter && apply(g, &c, t) == BW_OK) {
            t->counters++;
            countered[q] = g->next_offer_id - 1;
        }
    }
    const struct trade_offer *o = game_offer(g, id);
    for (int q = 0; o && q < SEATS; q++)
        if (o->accepted >> q & 1) {
            a = (struct game_action){.type = ACT_CONFIRM, .player = (int8_t)fair, .a = (int16_t)id};
            a.target = (int8_t)q;
            t->fair_taken += apply(g, &a, t) == BW_OK;
            break;
        }
    for (int q = 0; q < SEATS; q++) {
        const struct trade_offer *c = countered[q] ? game_offer(g, countered[q]) : NULL;
        if (!c || !fair_takes(g, fair, c->get, c->give) || !holds(g->p[fair].res, c->get))
            continue;
        a = (struct game_action){.type = ACT_ACCEPT, .player = (int8_t)fair, .a = (int16_t)c->id};
        int cid = c->id;
        if (apply(g, &a, t) == BW_OK && ai_close_offer(g, q, cid, seed, &a) == BW_OK &&
            apply(g, &a, t) == BW_OK && a.type == ACT_CONFIRM)
            t->counters_taken++;
    }
    for (int k = 0; k < GAME_MAX_OFFERS; k++) /* what is left is withdrawn */
        if (g->offers[k].id) {
            a = (struct game_action){.type = ACT_CANCEL, .player = g->offers[k].from};
            a.a = (int16_t)g->offers[k].id;
            apply(g, &a, t);
        }
}

static void play(int fair, uint64_t seed, struct tally *t)
{
    struct game_options opt = {.n_players = SEATS};
    struct game g;
    game_init(&g, &opt, seed);
    struct bw_rng rng;
    bw_rng_seed(&rng, seed ^ 0x7a7a7a7a7aull);
    unsigned traded = 0;
    for (long k = 0; k < MAX_ACTIONS && g.phase != PHASE_OVER; k++) {
        if (g.phase == PHASE_MAIN && traded != (unsigned)g.turn + 1) {
            traded = (unsigned)g.turn + 1;
            if (g.current == fair)
                fair_trades(&g, fair, bw_rng_next(&rng), t);
            else
                robot_offers(&g, g.current, fair, bw_rng_next(&rng), t);
            continue;
        }
        unsigned m = ai_players_to_act(&g);
        if (!m)
            break;
        int p = __builtin_ctz(m);
        struct game_action a;
        if (ai_choose(&g, p, AI_NORMAL, bw_rng_next(&rng), &a) != BW_OK ||
            apply(&g, &a, t) != BW_OK)
            break;
    }
    t->games++;
    t->turns += g.turn;
    t->robot_seats += SEATS - 1;
    if (g.phase != PHASE_OVER)
        t->unfinished++;
    else if (g.winner == fair)
        t->fair_wins++;
    else
        t->robot_wins++;
}

static double share(long k, long n)
{
    return n ? 100.0 * (double)k / (double)n : 0.0;
}

int main(int argc, char **argv)
{
    long games = 200;
    uint64_t seed = 1;
    int opt;
    while ((opt = getopt(argc, argv, "g:s:")) != -1) {
        if (opt == 'g')
            games = strtol(optarg, NULL, 10);
        else if (opt == 's')
            seed = strtoull(optarg, NULL, 0);
        else {
            fprintf(stderr, "usage: %s [-g GAMES] [-s SEED]\n", argv[0]);
            return 2;
        }
    }
    if (games <= 0) {
        fprintf(stderr, "%s: -g takes a positive number of games\n", argv[0]);
        return 2;
    }
    struct tally t;
    memset(&t, 0, sizeof t);
    for (long i = 0; i < games; i++)
        play((int)(i % SEATS), seed + (uint64_t)i, &t);
    printf("fair trader and three normal computer players: %ld games, %.1f turns on average, %ld "
           "unfinished, %ld refused actions\n",
           t.games, (double)t.turns / (double)t.games, t.unfinished, t.illegal);
    printf("  computer players: %.3f offers per turn (%ld in %ld turns); taken by the fair trader "
           "%ld, by a computer player %ld\n",
           t.robot_turns ? (double)t.robot_offers / (double)t.robot_turns : 0.0, t.robot_offers,
           t.robot_turns, t.robot_taken_by_fair, t.robot_taken_by_robot);
    printf("  an offer of theirs holds the game %.1f s on average (with the wait before: %.1f s)\n",
           t.robot_offers ? t.held_ms / 1000.0 / (double)t.robot_offers : 0.0,
           t.robot_offers ? t.held_old_ms / 1000.0 / (double)t.robot_offers : 0.0);
    printf("  fair trader: %ld offers in %ld turns, %.1f%% accepted (%ld); of those a computer "
           "player could pay, %.1f%% (%ld); %ld counter-offers to them, %ld taken\n",
           t.fair_offers, t.fair_turns, share(t.fair_taken, t.fair_offers), t.fair_taken,
           share(t.fair_taken, t.fair_payable), t.fair_payable, t.counters, t.counters_taken);
    printf("  wins: fair trader %.1f%% of %ld games, normal %.1f%% per seat\n",
           share(t.fair_wins, t.games), t.games, share(t.robot_wins, t.robot_seats));
    return 0;
}
