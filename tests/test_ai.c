/* Computer players: every move legal, decisions blind to what the seat cannot see, the view's
 * cards all accounted for, normal stronger than easy (the trade offer rule: test_ai_trade.c). */
#include "engine_helpers.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "ai/ai.h"
#include "ai/internal.h"
#include "engine/playout.h"
#include "map/map.h"

/* Positions from random playouts. */
struct positions {
    struct game *g;
    int n, cap;
};

static void keep(struct positions *ps, const struct game *g)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 256;
        ps->g = realloc(ps->g, (size_t)ps->cap * sizeof ps->g[0]);
        assert_non_null(ps->g);
    }
    ps->g[ps->n++] = *g;
}

/* Decisions that come seldom in a playout are all kept; the rest one in every `every`. */
static int rare(const struct game *g)
{
    return g->phase == PHASE_SETUP_SETTLEMENT || g->phase == PHASE_SETUP_ROAD ||
           g->phase == PHASE_DISCARD || g->phase == PHASE_ROBBER ||
           g->phase == PHASE_SPECIAL_BUILD || g->offers_open;
}

static void collect(struct positions *ps, int n_players, int board, uint64_t seed, int every)
{
    struct game g;
    struct bw_rng rng;
    th_init_seed(&g, n_players, board, seed);
    bw_rng_seed(&rng, seed * 7919 + 1);
    for (int k = 0; k < 20000 && g.phase != PHASE_OVER; k++) {
        if (rare(&g) ? bw_rng_below(&rng, 3) == 0 : k % every == 0)
            keep(ps, &g);
        struct game_action a;
        assert_int_equal(playout_choose(&g, &rng, &a), BW_OK);
        assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
    }
}

static struct positions sample_positions(int games)
{
    struct positions ps = {NULL, 0, 0};
    for (int i = 0; i < games; i++) {
        int big = i % 4 == 3;
        collect(&ps, big ? 5 + i % 2 : 3 + i % 2, big ? BOARD_BIG : BOARD_BASE, 100 + i, 23);
    }
    return ps;
}

static void legal_here(const struct game *g, const struct game_action *a)
{
    struct game c = *g;
    int err = game_apply(&c, a, NULL, 0, NULL);
    if (err != BW_OK)
        fail_msg("action type %d of seat %d refused in phase %d: %s", a->type, a->player, g->phase,
                 bw_strerror(err));
}

static int hard_choose(const struct game *g, int p, uint64_t seed, long iterations,
                       struct game_action *out)
{
    struct ai_search *s = ai_search_new(g, p, seed);
    assert_non_null(s);
    ai_search_iterate(s, iterations);
    int err = ai_search_best(s, out);
    ai_search_free(s);
    return err;
}

/* The value function remembers its last reckoning of a player's room to expand (most moves
 * the normal player scores leave roads and buildings as they were); what it answers must not
 * depend on what it was asked before. Each position is valued in turn as it is, with its
 * harbors turned round (on the same ai_board), on a board of other weights, and as it is again,
 * each seat in one order and in the other: a memo that missed the harbors or the board answers
 * the value of the twin before. */
static void test_value_order_free(void **state)
{
    (void)state;
    struct positions ps = sample_positions(4);
    enum { TWINS = 4 };
    static const int board_of[TWINS] = {0, 0, 1, 0};
    struct ai_weights other = ai_default_weights;
    other.expand *= 2;
    other.reach[1] = other.reach[2] = 0.9;
    int n = ps.n < 120 ? ps.n : 120;
    struct game *g = calloc((size_t)n * TWINS, sizeof *g);
    struct ai_board *b = calloc((size_t)n * 2, sizeof *b);
    double *first = calloc((size_t)n * TWINS * GAME_MAX_PLAYERS, sizeof *first);
    assert_true(g && b && first);
    int differ = 0;
    for (int i = 0; i < n; i++) {
        struct game *t = &g[i * TWINS];
        int harbors = game_geo(&ps.g[i])->n_harbors;
        t[0] = t[1] = t[2] = t[3] = ps.g[i];
        for (int k = 0; k < harbors; k++) /* the harbors turned round by one */
            t[1].harbor[k] = ps.g[i].harbor[(k + 1) % harbors];
        ai_board_init(&b[2 * i], &t[0], &ai_default_weights);
        ai_board_init(&b[2 * i + 1], &t[0], &other);
    }
    for (int i = 0; i < n; i++)
        for (int p = 0; p < g[i * TWINS].opt.n_players; p++)
            for (int k = 0; k < TWINS; k++) {
                int x = i * TWINS + k;
                first[x * GAME_MAX_PLAYERS + p] = ai_value(&b[2 * i + board_of[k]], &g[x], p);
            }
    for (int i = n - 1; i >= 0; i--)
        for (int p = g[i * TWINS].opt.n_players - 1; p >= 0; p--)
            for (int k = TWINS - 1; k >= 0; k--) {
                int x = i * TWINS + k;
                double v = ai_value(&b[2 * i + board_of[k]], &g[x], p);
                if (v != first[x * GAME_MAX_PLAYERS + p])
                    fail_msg("position %d twin %d seat %d: %.6f after the twin after it, %.6f "
                             "after the one before",
                             i, k, p, v, first[x * GAME_MAX_PLAYERS + p]);
                differ += k && k < 3 && v != first[i * TWINS * GAME_MAX_PLAYERS + p];
            }
    /* The twins are worth something else, or the test could not tell them apart. */
    assert_true(differ > n / 2);
    free(first);
    free(b);
    free(g);
    free(ps.g);
}

/* The search weighs the value function's terms one by one (ai_leaf_terms); they are the whole
 * of it: their sum is ai_value() for every seat of every sampled position, and a player who
 * wins at the next check has no terms (the verdict is then a win). */
static void test_leaf_terms_whole(void **state)
{
    (void)state;
    struct positions ps = sample_positions(4);
    int checked = 0;
    for (int i = 0; i < ps.n; i++) {
        const struct game *g = &ps.g[i];
        struct ai_board b;
        if (g->phase == PHASE_OVER)
            continue;
        ai_board_init(&b, g, &ai_default_weights);
        for (int p = 0; p < g->opt.n_players; p++) {
            double f[AI_LEAF_TERMS], sum = 0, v = ai_value(&b, g, p);
            if (ai_leaf_terms(&b, g, p, f)) {
                assert_true(v == ai_default_weights.win);
                continue;
            }
            for (int k = 0; k < AI_LEAF_TERMS; k++)
                sum += f[k];
            if (fabs(sum - v) > 1e-6 * (1 + fabs(v)))
                fail_msg("position %d seat %d: terms add up to %.6f, the value is %.6f", i, p, sum,
                         v);
            checked++;
        }
    }
    assert_true(checked > 100);
    free(ps.g);
}

/* The search's verdict on a playout it stops is a probability of winning: over the players
 * in the game the verdicts add up to 1, each within 0..1; a player who wins at the next check
 * gets 1 and the others 0; a player who resigned, 0. And it is the one fitted: on the sampled
 * positions of games with a clear leader by points, the leader is the likeliest winner more
 * often than not. */
static void test_leaf_verdict(void **state)
{
    (void)state;
    struct positions ps = sample_positions(4);
    int judged = 0, leads = 0, leader_likeliest = 0;
    for (int i = 0; i < ps.n; i++) {
        struct game g = ps.g[i];
        struct ai_board b;
        if (g.phase == PHASE_OVER)
            continue;
        ai_board_init(&b, &g, &ai_default_weights);
        if (i % 7 == 3) /* one who resigned */
            g.p[i % g.opt.n_players].resigned = 1;
        double sum = 0, v[GAME_MAX_PLAYERS];
        int now = -1, best = -1, lead = -1, top = -1, second = -1;
        for (int p = 0; p < g.opt.n_players; p++) {
            double x[AI_LEAF_FEATURES];
            v[p] = ai_leaf_verdict(&b, &g, p, ai_leaf_weights);
            assert_true(v[p] >= 0 && v[p] <= 1);
            sum += v[p];
            if (g.p[p].resigned) {
                assert_true(v[p] == 0);
                continue;
            }
            if (ai_leaf_features(&b, &g, p, x))
                now = p;
            best = best < 0 || v[p] > v[best] ? p : best;
            int vp = game_vp_total(&g, p);
            if (vp > top) {
                second = top;
                top = vp;
                lead = p;
            } else if (vp > second) {
                second = vp;
            }
        }
        if (now >= 0) {
            assert_true(v[now] == 1);
            continue;
        }
        if (fabs(sum - 1) > 1e-9)
            fail_msg("position %d: the verdicts add up to %.12f", i, sum);
        judged++;
        if (top >= second + 3) {
            leads++;
            leader_likeliest += best == lead;
        }
    }
    assert_true(judged > 100 && leads > 20);
    if (2 * leader_likeliest <= leads)
        fail_msg("a leader by three points is the likeliest winner in %d of %d positions",
                 leader_likeliest, leads);
    free(ps.g);
}

/* The normal and hard levels never send the robber to one of their own hexes while another
 * hex is free of their buildings. */
static void robber_not_home(const struct game *g, const struct game_action *a)
{
    if (a->type != ACT_ROBBER && a->type != ACT_PLAY_KNIGHT)
        return;
    uint32_t own = g->hexes_of[a->player];
    for (int h = 0; h < game_geo(g)->n_hexes; h++)
        if (h != g->robber && !(own >> h & 1) && (own >> a->a & 1))
            fail_msg("seat %d sent the robber to its own hex %d", a->player, a->a);
}

/* Each decision kind appears among the positions, and every level's move is legal. */
static void test_moves_legal(void **state)
{
    (void)state;
    struct positions ps = sample_positions(16);
    int phases[PHASE_OVER + 1] = {0}, answers = 0;
    for (int i = 0; i < ps.n; i++) {
        const struct game *g = &ps.g[i];
        unsigned m = ai_players_to_act(g);
        assert_true(m != 0);
        for (int p = 0; p < g->opt.n_players; p++) {
            struct game_action a;
            if (!(m & (1u << p))) {
                assert_int_equal(ai_choose(g, p, AI_NORMAL, 1, &a), BW_E(WRONG_PHASE));
                continue;
            }
            phases[g->phase]++;
            for (int level = AI_EASY; level <= AI_HARD; level++) {
                assert_int_equal(ai_choose(g, p, level, (uint64_t)i * 31 + level, &a), BW_OK);
                assert_int_equal(a.player, p);
                legal_here(g, &a);
                if (level != AI_EASY)
                    robber_not_home(g, &a);
            }
            if (i % 2 == 0) {
                assert_int_equal(hard_choose(g, p, (uint64_t)i, 20, &a), BW_OK);
                legal_here(g, &a);
                robber_not_home(g, &a);
            }
            for (int k = 0; k < GAME_MAX_OFFERS; k++) {
                const struct trade_offer *o = &g->offers[k];
                if (!o->id || !(o->to_mask & (1u << p)) || ((o->accepted | o->rejected) >> p & 1))
                    continue;
                assert_int_equal(ai_answer_offer(g, p, o->id, (uint64_t)i, &a), BW_OK);
                assert_true(a.type == ACT_ACCEPT || a.type == ACT_REJECT);
                legal_here(g, &a);
                answers++;
            }
        }
    }
    for (int ph = PHASE_SETUP_SETTLEMENT; ph < PHASE_OVER; ph++)
        if (!phases[ph])
            fail_msg("no position in phase %d", ph);
    assert_true(answers > 0);
    printf("%d positions, %d offers answered\n", ps.n, answers);
    free(ps.g);
}

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The hard level's time-sliced search returns a legal move, each slice within about its
 * budget (one playout may run past it; sanitizers slow playouts down, hence the slack). */
static void test_search_budget(void **state)
{
    (void)state;
    struct positions ps = sample_positions(2);
    for (int i = 0; i < ps.n; i += 9) {
        const struct game *g = &ps.g[i];
        int p = __builtin_ctz(ai_players_to_act(g));
        struct ai_search *s = ai_search_new(g, p, (uint64_t)i);
        assert_non_null(s);
        for (int k = 0; k < 3; k++) {
            double t0 = cpu_ms();
            bool done = ai_search_step(s, 2000);
            assert_true(cpu_ms() - t0 < 100);
            if (done)
                break;
        }
        struct game_action a;
        assert_int_equal(ai_search_best(s, &a), BW_OK);
        legal_here(g, &a);
        assert_true(ai_search_current(s, g));
        struct game after = *g;
        assert_int_equal(game_apply(&after, &a, NULL, 0, NULL), BW_OK);
        assert_false(ai_search_current(s, &after));
        ai_search_free(s);
    }
    free(ps.g);
}

/* The view deals out the same cards: the bank, each hand's size, the player's own hand and
 * cards, each player's count of development cards, the deck's make-up; it passes the state
 * check; only the hidden parts differ from the game. */
static void test_view_accounts(void **state)
{
    (void)state;
    struct positions ps = sample_positions(8);
    int differs = 0;
    for (int i = 0; i < ps.n; i++) {
        const struct game *g = &ps.g[i];
        for (int p = 0; p < g->opt.n_players; p++) {
            struct game v;
            assert_int_equal(ai_view(g, p, (uint64_t)i, &v), BW_OK);
            assert_int_equal(game_check_state(&v), BW_OK);
            th_check_supply(&v);
            assert_memory_equal(v.bank, g->bank, sizeof g->bank);
            assert_memory_equal(&v.p[p], &g->p[p], sizeof g->p[p]);
            int deck_g[DEV_COUNT] = {0}, deck_v[DEV_COUNT] = {0};
            for (int k = 0; k < g->deck_size; k++) {
                deck_g[g->deck[k]]++;
                deck_v[v.deck[k]]++;
            }
            assert_memory_equal(deck_g, deck_v, sizeof deck_g);
            for (int q = 0; q < g->opt.n_players; q++) {
                assert_int_equal(game_hand_size(&v, q), game_hand_size(g, q));
                assert_int_equal(game_dev_count(&v, q), game_dev_count(g, q));
                assert_int_equal(game_vp_public(&v, q), game_vp_public(g, q));
                assert_int_equal(v.p[q].knights, g->p[q].knights);
                differs += memcmp(v.p[q].res, g->p[q].res, RES_COUNT) != 0;
            }
            struct game r = v;
            game_reindex(&r);
            assert_memory_equal(&r, &v, sizeof r);
        }
    }
    assert_true(differs > 0); /* the others' hands really are resampled */
    free(ps.g);
}

/* Scramble what seat cannot see: the others' resource cards among themselves (same sizes),
 * their development cards with the rest of the deck (same counts), the deck order, the game's
 * generator. Cards shown by an offer stay where the seat saw them (an accepter of the seat's
 * offer keeps what they agreed to give): returns 0 when the deal broke that. */
static int scramble(struct game *g, int seat, struct bw_rng *rng)
{
    uint8_t pile[200];
    int n = 0, sizes[GAME_MAX_PLAYERS];
    for (int q = 0; q < g->opt.n_players; q++) {
        sizes[q] = q == seat ? 0 : game_hand_size(g, q);
        for (int r = 0; r < RES_COUNT && q != seat; r++)
            for (; g->p[q].res[r]; g->p[q].res[r]--)
                pile[n++] = (uint8_t)r;
    }
    bw_rng_shuffle_u8(rng, pile, n);
    for (int q = 0, k = 0; q < g->opt.n_players; q++)
        for (int j = 0; j < sizes[q]; j++)
            g->p[q].res[pile[k++]]++;
    n = 0;
    for (int i = g->deck_pos; i < g->deck_size; i++)
        pile[n++] = g->deck[i];
    int held[GAME_MAX_PLAYERS], fresh[GAME_MAX_PLAYERS];
    for (int q = 0; q < g->opt.n_players; q++) {
        held[q] = fresh[q] = 0;
        for (int c = 0; c < DEV_COUNT && q != seat; c++) {
            for (; g->p[q].dev[c]; g->p[q].dev[c]--, held[q]++)
                pile[n++] = (uint8_t)c;
            for (; g->p[q].dev_new[c]; g->p[q].dev_new[c]--, fresh[q]++)
                pile[n++] = (uint8_t)c;
        }
    }
    bw_rng_shuffle_u8(rng, pile, n);
    int k = 0;
    for (int q = 0; q < g->opt.n_players; q++) {
        for (int j = 0; j < held[q]; j++)
            g->p[q].dev[pile[k++]]++;
        for (int j = 0; j < fresh[q]; j++)
            g->p[q].dev_new[pile[k++]]++;
    }
    /* The deck keeps its make-up: what the others no longer hold was drawn by nobody. */
    int make_up[DEV_COUNT] = {0};
    for (int i = 0; i < g->deck_size; i++)
        make_up[g->deck[i]]++;
    for (int i = g->deck_pos; i < g->deck_size; i++) {
        g->deck[i] = pile[k++];
        make_up[g->deck[i]]--;
    }
    for (int c = 0, i = 0; c < DEV_COUNT; c++)
        for (; make_up[c] > 0; make_up[c]--)
            g->deck[i++] = (uint8_t)c;
    bw_rng_shuffle_u8(rng, g->deck, g->deck_pos);
    bw_rng_seed(&g->rng, bw_rng_next(rng));
    for (int j = 0; j < GAME_MAX_OFFERS; j++) {
        const struct trade_offer *o = &g->offers[j];
        for (int q = 0; o->id && q < g->opt.n_players; q++)
            for (int r = 0; r < RES_COUNT; r++)
                if (((o->accepted >> q & 1) && g->p[q].res[r] < o->get[r]) ||
                    (o->from == q && q != seat && g->p[q].res[r] < o->give[r]))
                    return 0;
    }
    return game_check_state(g) == BW_OK;
}

static void same_action(const struct game_action *a, const struct game_action *b)
{
    assert_memory_equal(a, b, sizeof *a);
}

/* Changing what the seat cannot see changes neither its view nor any level's decision. */
static void test_hidden_invariance(void **state)
{
    (void)state;
    struct positions ps = sample_positions(16);
    struct bw_rng rng;
    bw_rng_seed(&rng, 42);
    int compared = 0;
    for (int i = 0; i < ps.n; i++) {
        const struct game *g = &ps.g[i];
        unsigned m = ai_players_to_act(g);
        int p = __builtin_ctz(m);
        struct game other = *g;
        if (!scramble(&other, p, &rng))
            continue;
        uint64_t seed = (uint64_t)i * 977;
        struct game v1, v2;
        ai_view(g, p, seed, &v1);
        ai_view(&other, p, seed, &v2);
        assert_memory_equal(&v1, &v2, sizeof v1);
        struct game_action a, b;
        for (int level = AI_EASY; level <= AI_NORMAL; level++) {
            assert_int_equal(ai_choose(g, p, level, seed, &a), BW_OK);
            assert_int_equal(ai_choose(&other, p, level, seed, &b), BW_OK);
            same_action(&a, &b);
        }
        if (i % 2 == 0) {
            assert_int_equal(hard_choose(g, p, seed, 20, &a), BW_OK);
            assert_int_equal(hard_choose(&other, p, seed, 20, &b), BW_OK);
            same_action(&a, &b);
        }
        const struct trade_offer *o = NULL;
        for (int k = 0; k < GAME_MAX_OFFERS && !o; k++)
            if (g->offers[k].id && (g->offers[k].to_mask >> p & 1) && g->offers[k].from != p)
                o = &g->offers[k];
        if (o && ai_answer_offer(g, p, o->id, seed, &a) == BW_OK) {
            assert_int_equal(ai_answer_offer(&other, p, o->id, seed, &b), BW_OK);
            same_action(&a, &b);
        }
        /* The player's own trading too. */
        int ea = ai_make_offer(g, p, seed, &a), eb = ai_make_offer(&other, p, seed, &b);
        assert_int_equal(ea, eb);
        if (ea == BW_OK)
            same_action(&a, &b);
        if (o) {
            ea = ai_counter_offer(g, p, o->id, seed, &a);
            eb = ai_counter_offer(&other, p, o->id, seed, &b);
            assert_int_equal(ea, eb);
            if (ea == BW_OK)
                same_action(&a, &b);
        }
        compared++;
    }
    assert_true(compared > ps.n / 2);
    free(ps.g);
}

/* The hard level's choice after `iterations` playouts, given in two parts, with the search made
 * for a budget of plan_us; how many moves it considered and how many were still racing. */
struct raced {
    struct game_action a;
    long iterations;
    int considered, racing;
    bool done;
};

static struct raced race(const struct game *g, int p, uint64_t seed, int64_t plan_us, long first,
                         long then)
{
    struct ai_search *s = ai_search_new_budget(g, p, seed, plan_us);
    assert_non_null(s);
    struct raced r;
    ai_search_iterate(s, first);
    r.done = ai_search_iterate(s, then);
    assert_int_equal(ai_search_best(s, &r.a), BW_OK);
    r.iterations = ai_search_iterations(s);
    r.considered = ai_search_considered(s);
    r.racing = ai_search_racing(s);
    ai_search_free(s);
    return r;
}

/* The race of the hard level, searched long enough for it to narrow and widen: its choice is
 * legal, depends only on the game as the seat sees it, the seed and the playouts (not on how
 * they were handed out), moves clearly worse leave the race, more moves join it than started,
 * and a decided race ends before its playouts run out. */
static void test_search_race(void **state)
{
    (void)state;
    struct positions ps = sample_positions(3);
    struct bw_rng rng;
    bw_rng_seed(&rng, 7);
    int searched = 0, narrowed = 0, widened = 0, ended = 0;
    for (int i = 0; i < ps.n && searched < 12; i += 5) {
        const struct game *g = &ps.g[i];
        int p = __builtin_ctz(ai_players_to_act(g));
        struct ai_search *probe = ai_search_new(g, p, 1);
        bool trivial = !probe || ai_search_iterate(probe, 0);
        int first = ai_search_considered(probe);
        ai_search_free(probe);
        struct game other = *g;
        if (trivial || !scramble(&other, p, &rng))
            continue;
        searched++;
        uint64_t seed = (uint64_t)i * 131;
        struct raced a = race(g, p, seed, 150000, 700, 0), b = race(g, p, seed, 150000, 300, 400);
        struct raced c = race(&other, p, seed, 150000, 700, 0);
        legal_here(g, &a.a);
        same_action(&a.a, &b.a);
        same_action(&a.a, &c.a);
        assert_int_equal(a.iterations, b.iterations);
        assert_int_equal(a.iterations, c.iterations);
        assert_true(a.iterations <= 700);
        narrowed += a.racing < a.considered;
        widened += a.considered > first;
        ended += a.done && a.iterations < 700;
    }
    printf("%d searches: %d narrowed, %d widened, %d ended early\n", searched, narrowed, widened,
           ended);
    assert_true(searched >= 6);
    assert_true(narrowed > 0 && widened > 0 && ended > 0);
    free(ps.g);
}

/* One game with a normal player in seat `normal` and easy players elsewhere. */
static int arena_game(uint64_t seed, int normal)
{
    struct game g;
    struct bw_rng rng;
    th_init_seed(&g, 4, BOARD_BASE, seed);
    bw_rng_seed(&rng, seed + 99);
    for (int k = 0; k < 20000 && g.phase != PHASE_OVER; k++) {
        int p = __builtin_ctz(ai_players_to_act(&g));
        struct game_action a;
        assert_int_equal(ai_choose(&g, p, p == normal ? AI_NORMAL : AI_EASY, bw_rng_next(&rng), &a),
                         BW_OK);
        assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
    }
    assert_int_equal(g.phase, PHASE_OVER);
    return g.winner;
}

/* 200 games, one normal player against three easy ones, every seat in turn. A player as good
 * as the others would win about 25%; the normal player wins nearly all (about 98% when this
 * was written). The bound, 60%, is more than 10 standard deviations from either. */
static void test_normal_beats_easy(void **state)
{
    (void)state;
    int games = 200, wins = 0;
    for (int i = 0; i < games; i++)
        wins += arena_game(5000 + (uint64_t)i, i % 4) == i % 4;
    printf("normal won %d of %d games against three easy players\n", wins, games);
    assert_true(wins >= games * 60 / 100);
}

/* The Wonders of Catan: a normal player with two cities and a Theater stage in hand starts the
 * Theater, then builds its next stage; a stage is worth more than the road the same cards
 * would also pay for. */
static void test_normal_builds_wonder(void **state)
{
    (void)state;
    static struct game G;
    struct game *g = &G;
    th_blank(g, 3, BOARD_WONDERS);
    const struct board_geo *geo = th_geo(g);
    for (int p = 0; p < 3; p++)
        g->p[p].home_islands = (uint16_t)geo->home_islands;
    int placed = 0;
    for (int v = 0; v < geo->n_vertices && placed < 4; v++) {
        if (!bits_has(geo->vertex_home_bits, v) || bits_has(g->no_settle, v))
            continue;
        int near = 0;
        for (int i = 0; i < 3; i++)
            near |= geo->vertex_vertex[v][i] >= 0 && g->vertex_owner[geo->vertex_vertex[v][i]] >= 0;
        if (near)
            continue;
        if (placed < 2)
            th_place_city(g, 0, v + 1);
        else
            th_place_settlement(g, placed - 1, v + 1);
        placed++;
    }
    assert_int_equal(placed, 4);
    for (int stage = 1; stage <= 2; stage++) {
        th_give(g, 0, 1, 1, 3, 0, 0);
        struct game_action a;
        assert_int_equal(ai_choose(g, 0, AI_NORMAL, 11, &a), BW_OK);
        assert_int_equal(a.type, ACT_WONDER);
        assert_int_equal(a.a, WONDER_THEATER);
        assert_int_equal(game_apply(g, &a, NULL, 0, NULL), BW_OK);
        assert_int_equal(g->wonder_level[WONDER_THEATER], stage);
    }
}

/* The Pirate Islands: with its route at the fortress and warships to fight, the normal player
 * attacks it; with no warship (a sure loss) it does not; a knight there makes a warship. */
static void test_pirates_fortress(void **state)
{
    (void)state;
    static struct game g;
    for (int w = 0; w <= 4; w += 4) {
        th_init(&g, 3, BOARD_PIRATES);
        th_main_phase(&g, 0);
        const struct board_geo *geo = th_geo(&g);
        while (g.p[0].ships < geo->route_len[0]) {
            int e = geo->route_edge[0][g.p[0].ships];
            g.edge_owner[e] = 0;
            bits_set(g.ships, e);
            g.p[0].ships++;
        }
        g.warships[0] = (uint8_t)w;
        game_reindex(&g);
        int attacks = 0;
        for (uint64_t seed = 1; seed <= 8; seed++) {
            struct game_action a;
            assert_int_equal(ai_choose(&g, 0, AI_NORMAL, seed, &a), BW_OK);
            attacks += a.type == ACT_ATTACK;
        }
        assert_int_equal(attacks, w ? 8 : 0);
    }
    th_init(&g, 3, BOARD_PIRATES);
    th_roll_phase(&g, 0);
    th_give_dev(&g, 0, DEV_KNIGHT, 1, 0);
    struct game_action a;
    assert_int_equal(ai_choose(&g, 0, AI_NORMAL, 3, &a), BW_OK);
    assert_int_equal(a.type, ACT_PLAY_KNIGHT);
    assert_int_equal(game_apply(&g, &a, NULL, 0, NULL), BW_OK);
    assert_int_equal(g.warships[0], 1);
}

/* A free sea side at corner v other than not (-1: none). */
static int sea_side(const struct game *g, int v, int not )
{
    const struct board_geo *geo = game_geo(g);
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i];
        if (e >= 0 && e != not &&bits_has(g->edge_sea, e) && !bits_has(g->edge_land, e) &&
            g->edge_owner[e] < 0 && !pirate_edge(g, e))
            return e;
    }
    return -1;
}

/* The normal player sails for the tribe's spots: with a lone ship two sides from a point gift
 * (The Forgotten Tribe), or one side from a village (Cloth for Catan), and the cards for one
 * ship, it builds a ship that reaches the gift's corner or the village, whatever the seed. */
static void test_normal_seeks_tribe(void **state)
{
    (void)state;
    static struct game g;
    for (int cloth = 0; cloth < 2; cloth++) {
        th_blank(&g, 4, cloth ? BOARD_CLOTH : BOARD_TRIBE);
        const struct board_geo *geo = game_geo(&g);
        int from = -1, target[2] = {-1, -1};
        for (int k = 0; from < 0 && k < (cloth ? geo->n_villages : geo->n_gifts); k++) {
            if (!cloth && geo->gift_kind[k] != MAP_GIFT_POINT)
                continue;
            /* The gift's corners (a ship there needs one more side), or the village's. */
            int e = cloth ? -1 : geo->gift_edge[k];
            target[0] = cloth ? geo->village_vertex[k] : geo->edge_vertex[e][0];
            target[1] = cloth ? -1 : geo->edge_vertex[e][1];
            int f1 = sea_side(&g, target[0], e);
            if (f1 < 0)
                continue;
            int u = geo->edge_vertex[f1][0] ^ geo->edge_vertex[f1][1] ^ target[0];
            int f2 = sea_side(&g, u, f1);
            if (f2 >= 0 && u != target[1] && geo->edge_vertex[f2][0] != target[1] &&
                geo->edge_vertex[f2][1] != target[1])
                from = f2;
        }
        assert_true(from >= 0);
        /* Every other gift taken, every other village empty: one spot to sail for. */
        for (int k = 0; k < geo->n_gifts; k++)
            if (geo->edge_vertex[geo->gift_edge[k]][0] != target[0] ||
                geo->edge_vertex[geo->gift_edge[k]][1] != target[1])
                g.gift_owner[k] = 2;
        for (int k = 0; k < geo->n_villages; k++)
            if (geo->village_vertex[k] != target[0]) {
                g.cloth_supply += g.village_cloth[k];
                g.village_cloth[k] = 0;
            }
        th_place_ship(&g, 0, geo->edge_vertex[from][0] + 1, geo->edge_vertex[from][1] + 1);
        th_give(&g, 0, 1, 0, 1, 0, 0);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            struct game_action a;
            assert_int_equal(ai_choose(&g, 0, AI_NORMAL, seed, &a), BW_OK);
            legal_here(&g, &a);
            assert_int_equal(a.type, ACT_BUILD_SHIP);
            int v0 = geo->edge_vertex[a.a][0], v1 = geo->edge_vertex[a.a][1];
            assert_true(v0 == target[0] || v1 == target[0] || v0 == target[1] || v1 == target[1]);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_legal),          cmocka_unit_test(test_search_budget),
        cmocka_unit_test(test_view_accounts),        cmocka_unit_test(test_hidden_invariance),
        cmocka_unit_test(test_search_race),          cmocka_unit_test(test_normal_beats_easy),
        cmocka_unit_test(test_normal_builds_wonder), cmocka_unit_test(test_pirates_fortress),
        cmocka_unit_test(test_normal_seeks_tribe),   cmocka_unit_test(test_value_order_free),
        cmocka_unit_test(test_leaf_terms_whole),     cmocka_unit_test(test_leaf_verdict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
