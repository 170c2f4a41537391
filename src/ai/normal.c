/* The normal level: one ply. Every candidate action is applied to a copy of the view and the
 * position it leads to is scored by the value function; the best one is chosen, and ending
 * the turn (or rolling) when nothing scores better than the position as it is.
 *
 * Where a move's outcome is random, its expected worth is used instead of the view's draw, so
 * that the choice does not hang on what the sampled deck or hands happen to hold: a bought
 * card is valued as the average over the cards the player has not seen, and a stolen card as
 * a fixed amount (more from a leader). A bank trade, year of plenty, monopoly or confirmed
 * trade is worth what the best build it allows is worth. Discards are chosen card by card,
 * each time giving up the card whose loss costs least. */
#include "ai/internal.h"

#include <string.h>

#define AI_NONE (-1e18)
/* Moves ai_normal_choose ranks, for one the game refuses (see there). */
#define NORMAL_TRIES 4

/* A stolen card: about a card's worth, more the more the victim threatens to win. */
#define STEAL_BASE 6.0
#define STEAL_THREAT 6.0

struct judge {
    const struct game *g;
    int p;
    const struct ai_board *b;
    int unseen[DEV_COUNT], n_unseen; /* development cards the player has not seen */
};

static void judge_init(struct judge *j, const struct ai_board *b, const struct game *g, int p)
{
    j->g = g;
    j->p = p;
    j->b = b;
    memset(j->unseen, 0, sizeof j->unseen);
    for (int i = g->deck_pos; i < g->deck_size; i++)
        j->unseen[g->deck[i] % DEV_COUNT]++;
    for (int q = 0; q < g->opt.n_players; q++)
        for (int c = 0; c < DEV_COUNT && q != p; c++)
            j->unseen[c] += g->p[q].dev[c] + g->p[q].dev_new[c];
    j->n_unseen = 0;
    for (int c = 0; c < DEV_COUNT; c++)
        j->n_unseen += j->unseen[c];
}

/* c is the position after p bought the card drawn: its worth averaged over the card. */
static double bought_value(const struct judge *j, struct game *c, int drawn)
{
    if (!j->n_unseen || c->phase == PHASE_OVER)
        return ai_value(j->b, c, j->p);
    struct game_player *pl = &c->p[j->p];
    double sum = 0;
    pl->dev_new[drawn]--;
    for (int k = 0; k < DEV_COUNT; k++) {
        if (!j->unseen[k])
            continue;
        pl->dev_new[k]++;
        sum += j->unseen[k] * ai_value(j->b, c, j->p);
        pl->dev_new[k]--;
    }
    pl->dev_new[drawn]++;
    return sum / j->n_unseen;
}

/* A card of good k of p in c: a resource, or with Cities & Knights a commodity. */
static uint8_t *good_of(struct game *c, int p, int k)
{
    return k < RES_COUNT ? &c->p[p].res[k] : &c->p[p].commodity[k - RES_COUNT];
}

struct outcome {
    double bonus;
    int drawn; /* the card bought, or -1 */
};

enum { ATTACK_THROWS = 12 };

/* Apply a to c; the card a robber or knight steals goes back (its worth is in the bonus). */
static int apply_expected(const struct judge *j, struct game *c, const struct game_action *a,
                          struct outcome *o)
{
    struct game_event ev[GAME_MAX_EVENTS];
    int n_ev;
    o->bonus = 0;
    o->drawn = -1;
    if (game_apply(c, a, ev, GAME_MAX_EVENTS, &n_ev) != BW_OK)
        return 0;
    for (int i = 0; i < n_ev; i++) {
        const struct game_event *e = &ev[i];
        if (e->type == EV_STEAL && e->player == j->p && e->other >= 0) {
            --*good_of(c, j->p, e->a);
            ++*good_of(c, e->other, e->a);
            o->bonus += STEAL_BASE + STEAL_THREAT * ai_threat(c, e->other);
        } else if (e->type == EV_BUY_DEV && e->player == j->p) {
            o->drawn = e->a;
        }
    }
    return 1;
}

static double after_value(const struct judge *j, struct game *c, const struct outcome *o)
{
    if (o->drawn >= 0)
        return bought_value(j, c, o->drawn) + o->bonus;
    return ai_value(j->b, c, j->p) + o->bonus;
}

static int can_pay(const uint8_t have[RES_COUNT], const uint8_t cost[RES_COUNT])
{
    for (int r = 0; r < RES_COUNT; r++)
        if (have[r] < cost[r])
            return 0;
    return 1;
}

static double try_build(const struct judge *j, const struct game *g, int type, int at)
{
    struct game c = *g;
    struct game_action a;
    struct outcome o;
    ai_blank(&a, type, j->p);
    a.a = (int16_t)at;
    return apply_expected(j, &c, &a, &o) ? after_value(j, &c, &o) : AI_NONE;
}

/* The best a settlement, city, card bought or wonder stage right now would make of g (AI_NONE:
 * none). */
static double best_build(const struct judge *j, const struct game *g)
{
    const struct game_player *pl = &g->p[j->p];
    double best = AI_NONE, v;
    uint64_t set[BOARD_WORDS];
    int x;
    if (pl->cities < GAME_CITIES && can_pay(pl->res, game_cost_city)) {
        memcpy(set, g->buildings_of[j->p], sizeof set);
        while ((x = ai_bits_pop(set)) >= 0)
            if (g->vertex_building[x] == BUILDING_SETTLEMENT &&
                (v = try_build(j, g, ACT_BUILD_CITY, x)) > best)
                best = v;
    }
    if (pl->settlements < GAME_SETTLEMENTS && can_pay(pl->res, game_cost_settlement)) {
        ai_spot_bits(g, j->p, set);
        while ((x = ai_bits_pop(set)) >= 0)
            if ((v = try_build(j, g, ACT_BUILD_SETTLEMENT, x)) > best)
                best = v;
    }
    if (g->deck_pos < g->deck_size && can_pay(pl->res, game_cost_dev) &&
        (v = try_build(j, g, ACT_BUY_DEV, -1)) > best)
        best = v;
    for (int t = 0; g->ck.on && t < CK_TRACKS; t++) /* Cities & Knights: an improvement */
        if (pl->cities && g->ck.p[j->p].level[t] < CK_LEVELS &&
            pl->commodity[t] >= game_ck_improve_cost(g, j->p, t)) {
            struct game c = *g;
            struct game_action a;
            ai_blank(&a, ACT_IMPROVE, j->p);
            a.res = (uint8_t)t;
            if (game_apply(&c, &a, NULL, 0, NULL) == BW_OK && (v = ai_value(j->b, &c, j->p)) > best)
                best = v;
        }
    for (int w = 0; g->wonders && w < GAME_WONDERS; w++)
        if (can_pay(pl->res, game_cost_wonder[w]) && !game_wonder_error(g, j->p, w) &&
            (v = try_build(j, g, ACT_WONDER, w)) > best)
            best = v;
    return best;
}

/* Moves whose worth shows only in the build they make possible. */
static int enables_builds(const struct game_action *a)
{
    if (a->type == ACT_PROGRESS) /* Cities & Knights: the cards that bring cards or rates */
        return a->res == PROG_RESOURCE_MONOPOLY || a->res == PROG_TRADE_MONOPOLY ||
               a->res == PROG_IRRIGATION || a->res == PROG_MINING || a->res == PROG_MERCHANT_FLEET;
    return a->type == ACT_BANK_TRADE || a->type == ACT_PLAY_PLENTY ||
           a->type == ACT_PLAY_MONOPOLY || a->type == ACT_CONFIRM || a->type == ACT_CK_TRADE;
}

static double score(const struct judge *j, const struct game_action *a)
{
    struct game c = *j->g;
    struct outcome o;
    if (a->type == ACT_ATTACK) { /* the pirates' die: the mean of many throws, none foreseen */
        double sum = 0;
        for (int k = 0; k < ATTACK_THROWS; k++) {
            c = *j->g;
            bw_rng_seed(&c.rng, (uint64_t)k * 0x9e3779b97f4a7c15ull + c.turn);
            if (!apply_expected(j, &c, a, &o))
                return AI_NONE;
            sum += after_value(j, &c, &o);
        }
        return sum / ATTACK_THROWS;
    }
    int known = j->g->ck.on ? ai_ck_expect(j->b, j->g, j->p, a, &c, &o.bonus) : 0;
    if (known < 0 || (!known && !apply_expected(j, &c, a, &o)))
        return AI_NONE;
    if (known)
        o.drawn = -1;
    double v = after_value(j, &c, &o);
    if (enables_builds(a) && c.phase == PHASE_MAIN) {
        double b = best_build(j, &c);
        v = b > v ? b : v;
    }
    return v;
}

/* Which listed actions the normal player considers. */
static int considered(const struct game *g, const struct game_action *a)
{
    switch (a->type) {
    case ACT_ACCEPT:
    case ACT_REJECT:
    case ACT_CANCEL:
        return 0; /* answers are chosen by the offer rule; cancelling changes nothing */
    case ACT_TOKEN:
        return 0; /* Catan for two: by ai_two_token()'s rule */
    case ACT_PLAY_ROADS:
    case ACT_PLAY_PLENTY:
    case ACT_PLAY_MONOPOLY:
        return g->phase != PHASE_ROLL; /* these wait for the roll's cards */
    default:
        return 1;
    }
}

static void discard_greedy(const struct judge *j, struct game_action *out)
{
    struct game c = *j->g;
    int p = j->p, goods = c.ck.on ? GOOD_COUNT : RES_COUNT;
    ai_blank(out, ACT_DISCARD, p);
    for (int k = 0; k < j->g->p[p].discard; k++) {
        int best_r = -1;
        double best = AI_NONE;
        for (int r = 0; r < goods; r++) {
            uint8_t *have = good_of(&c, p, r);
            if (!*have)
                continue;
            --*have;
            double v = ai_value(j->b, &c, p);
            ++*have;
            if (v > best) {
                best = v;
                best_r = r;
            }
        }
        if (best_r < 0)
            break;
        --*good_of(&c, p, best_r);
        if (best_r < RES_COUNT) /* ACT_DISCARD: give[] the resources, get[] the commodities */
            out->give[best_r]++;
        else
            out->get[best_r - RES_COUNT]++;
    }
}

/* Moves the best `max` of s[0..n) to the front, best first; equal scores in the order of their
 * random keys. A selection, not a sort: callers want one move or a handful of many. */
static int take_best(struct ai_scored *s, uint32_t *key, int n, int max)
{
    int m = n < max ? n : max;
    for (int i = 0; i < m; i++) {
        int b = i;
        for (int k = i + 1; k < n; k++)
            if (s[k].score > s[b].score || (s[k].score == s[b].score && key[k] < key[b]))
                b = k;
        struct ai_scored t = s[i];
        uint32_t tk = key[i];
        s[i] = s[b];
        key[i] = key[b];
        s[b] = t;
        key[b] = tk;
    }
    return m;
}

static int single(struct ai_scored *out, const struct game_action *a)
{
    out[0].a = *a;
    out[0].score = 0;
    return 1;
}

/* The hexes where the player's robber may not go: their own, unless every hex is. */
static uint64_t own_hexes(const struct game *g, int p, const struct game_action *list, int n)
{
    uint64_t own = g->hexes_of[p];
    for (int i = 0; i < n; i++) {
        int h = ai_robber_hex(&list[i]);
        if (h >= 0 && !(own >> h & 1))
            return own;
    }
    return 0;
}

/* Whether a sends the robber onto one of the hexes in own. */
static int robs_own(const struct game_action *a, uint64_t own)
{
    int h = ai_robber_hex(a);
    return h >= 0 && (own >> h & 1);
}

/* Every legal move considered, scored, the best `max` into out. */
static int rank_moves(const struct judge *j, struct bw_rng *rng, struct ai_scored *out, int max)
{
    struct ai_scored all[AI_MAX_ACTIONS];
    uint32_t key[AI_MAX_ACTIONS];
    struct game_action buf[AI_MAX_ACTIONS];
    int n = game_legal_actions(j->g, j->p, buf, AI_MAX_ACTIONS), m = 0;
    n = n < AI_MAX_ACTIONS ? n : AI_MAX_ACTIONS;
    if (j->g->ck.on)
        n = ai_ck_harbor_plays(j->g, j->p, buf, n, AI_MAX_ACTIONS);
    uint64_t own = own_hexes(j->g, j->p, buf, n);
    /* Ending the turn, or rolling, keeps the position as it is. */
    double keep = ai_value(j->b, j->g, j->p);
    for (int i = 0; i < n; i++) {
        if (!considered(j->g, &buf[i]) || robs_own(&buf[i], own))
            continue;
        all[m].a = buf[i];
        all[m].score = buf[i].type == ACT_END || buf[i].type == ACT_ROLL ? keep : score(j, &buf[i]);
        key[m] = (uint32_t)bw_rng_next(rng);
        if (all[m].score > AI_NONE)
            m++;
    }
    if (!m)
        return BW_E(WRONG_PHASE);
    m = take_best(all, key, m, max);
    memcpy(out, all, (size_t)m * sizeof out[0]);
    return m;
}

int ai_normal_rank(const struct ai_board *b, const struct game *g, int player, struct bw_rng *rng,
                   struct ai_scored *out, int max)
{
    struct judge j;
    struct game_action a;
    if (max < 1)
        return BW_E(INVALID);
    judge_init(&j, b, g, player);
    const struct trade_offer *o = g->phase == PHASE_MAIN ? ai_unanswered(g, player) : NULL;
    if (o) {
        int err = ai_offer_answer(g, player, o, ai_offer_wanted(b, g, player, o), &a);
        return err ? err : single(out, &a);
    }
    if (!(game_waiting_for(g) & AI_BIT(player)))
        return BW_E(WRONG_PHASE);
    if (g->phase == PHASE_DISCARD && !ai_progress_pending(g, player)) {
        discard_greedy(&j, &a);
        return single(out, &a);
    }
    if (ai_ck_answers(g, player)) { /* what the game asks: one answer, at once */
        int err = ai_ck_answer(b, g, player, &a);
        return err ? err : single(out, &a);
    }
    if (ai_two_token(g, player, &a)) /* Catan for two: trade tokens, when they help */
        return single(out, &a);
    return rank_moves(&j, rng, out, max);
}

int ai_normal_choose(const struct ai_board *b, const struct game *g, int player, struct bw_rng *rng,
                     struct game_action *out)
{
    struct ai_scored best[NORMAL_TRIES];
    int n = ai_normal_rank(b, g, player, rng, best, NORMAL_TRIES);
    if (n < 0)
        return n;
    /* A commercial harbor's targets come from public counts (ai_ck_harbor_plays): g, the
     * search's sampled game, may have dealt one of them no commodity. Any other move is legal. */
    int i = 0;
    while (i + 1 < n && best[i].a.type == ACT_PROGRESS && best[i].a.res == PROG_COMMERCIAL_HARBOR &&
           !ai_legal_in(g, &best[i].a))
        i++;
    *out = best[i].a;
    return BW_OK;
}
