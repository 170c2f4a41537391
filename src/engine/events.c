/* The dice deck's event cards (Traders & Barbarians' "Catan Event Cards"; the house rule `dice
 * deck` without Cities & Knights; doc/house-rules.md, "The event cards"). A card's event is
 * played before its number produces: the events that ask players something (a resource of
 * choice from the bank, one given to another player, the player a card is taken from) hold the
 * production back until everyone asked has answered, as the barbarians' pillage does in Cities &
 * Knights. A question with a single possible answer is not asked: the answer is made at once. */
#include "engine/internal.h"

#include <string.h>

/* Each card's event, by 6 * (first die - 1) + second - 1. The six 7s are the robber attack; the
 * other events: four twice (epidemic, earthquake, good neighbors, calm sea), five once; 17
 * plain cards (the published deck has 16 and a tenth event, which is not known here). */
static const uint8_t card_event[GAME_DICE_CARDS] = {
    [1] = DICE_PLENTIFUL_YEAR,         /* 1 + 2 */
    [2] = DICE_CALM_SEA,               /* 1 + 3 */
    [3] = DICE_TOURNAMENT,             /* 1 + 4 */
    [4] = DICE_EPIDEMIC,               /* 1 + 5 */
    [5] = DICE_ROBBER_ATTACK,          /* 1 + 6 */
    [7] = DICE_CONFLICT,               /* 2 + 2 */
    [8] = DICE_GOOD_NEIGHBORS,         /* 2 + 3 */
    [9] = DICE_EARTHQUAKE,             /* 2 + 4 */
    [10] = DICE_ROBBER_ATTACK,         /* 2 + 5 */
    [11] = DICE_EPIDEMIC,              /* 2 + 6 */
    [14] = DICE_NEIGHBORLY_ASSISTANCE, /* 3 + 3 */
    [15] = DICE_ROBBER_ATTACK,         /* 3 + 4 */
    [16] = DICE_EARTHQUAKE,            /* 3 + 5 */
    [17] = DICE_GOOD_NEIGHBORS,        /* 3 + 6 */
    [20] = DICE_ROBBER_ATTACK,         /* 4 + 3 */
    [21] = DICE_TRADE_ADVANTAGE,       /* 4 + 4 */
    [23] = DICE_CALM_SEA,              /* 4 + 6 */
    [25] = DICE_ROBBER_ATTACK,         /* 5 + 2 */
    [30] = DICE_ROBBER_ATTACK,         /* 6 + 1 */
};

int game_dice_event(int card)
{
    return card >= 0 && card < GAME_DICE_CARDS ? card_event[card] : DICE_PLAIN;
}

/* ---- what a player holds, what the bank holds ---- */

static int kinds_of(const uint8_t n[RES_COUNT])
{
    int k = 0;
    for (int r = 0; r < RES_COUNT; r++)
        k += n[r] != 0;
    return k;
}

/* The resource of n[] there is most of, the lowest on a tie (-1: none). */
static int most_of(const uint8_t n[RES_COUNT])
{
    int best = -1;
    for (int r = 0; r < RES_COUNT; r++)
        if (n[r] && (best < 0 || n[r] > n[best]))
            best = r;
    return best;
}

/* The players p may take a card from: the others still in the game holding one, but those the
 * friendly robber spares (nobody protected is robbed, by whatever takes a card at random). */
static unsigned rob_candidates(const struct game *g, int p)
{
    unsigned m = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (q != p && !g->p[q].resigned && sum5(g->p[q].res))
            m |= BIT(q);
    return m & ~house_protected(g);
}

/* ---- the answers ---- */

static void gives(struct game *g, struct evbuf *eb, int p, int to, int r)
{
    g->p[p].res[r]--;
    g->p[to].res[r]++;
    struct game_event *e = ev_push(eb, EV_DICE_GIVE, p);
    if (e) {
        e->other = (int8_t)to;
        e->b = g->dice_event;
        e->res[r] = 1;
    }
}

static void takes(struct game *g, struct evbuf *eb, int p, int r)
{
    g->bank[r]--;
    g->p[p].res[r]++;
    struct game_event *e = ev_push(eb, EV_DICE_TAKE, p);
    if (e) {
        e->b = g->dice_event;
        e->res[r] = 1;
    }
}

static void ask(struct game *g, struct evbuf *eb, int p, int kind, int to)
{
    g->dice_ask[p] = (uint8_t)kind;
    g->dice_ask_to[p] = (int8_t)(kind == DICE_ASK_GIVE ? to : 0);
    struct game_event *e = ev_push(eb, EV_DICE_ASK, p);
    if (e) {
        e->a = (int16_t)kind;
        e->other = (int8_t)(kind == DICE_ASK_GIVE ? to : -1);
        e->b = g->dice_event;
    }
}

static void answered(struct game *g, int p)
{
    g->dice_ask[p] = DICE_ASK_NONE;
    g->dice_ask_to[p] = 0;
}

/* Once nobody is asked any more, the roll produces. */
static void settle(struct game *g, struct evbuf *eb)
{
    if (!dice_asked(g) && g->phase == PHASE_ROLL && g->rolled)
        roll_on(g, eb);
}

/* ---- the events ---- */

static void give_one(struct game *g, struct evbuf *eb, int p, int to)
{
    if (to < 0 || to == p || g->p[to].resigned || !sum5(g->p[p].res))
        return;
    if (kinds_of(g->p[p].res) == 1)
        gives(g, eb, p, to, most_of(g->p[p].res));
    else
        ask(g, eb, p, DICE_ASK_GIVE, to);
}

static void take_one(struct game *g, struct evbuf *eb, int p)
{
    if (!sum5(g->bank))
        return;
    if (kinds_of(g->bank) == 1)
        takes(g, eb, p, most_of(g->bank));
    else
        ask(g, eb, p, DICE_ASK_TAKE, 0);
}

static void rob_one(struct game *g, struct evbuf *eb, int p)
{
    if (p < 0 || g->p[p].resigned)
        return;
    unsigned m = rob_candidates(g, p);
    if (m && !(m & (m - 1)))
        steal_card(g, eb, p, __builtin_ctz(m), 0);
    else if (m)
        ask(g, eb, p, DICE_ASK_ROB, 0);
}

/* The next seat still in the game after p (the neighbor a card is passed to). */
static int next_seat(const struct game *g, int p)
{
    for (int i = 1; i < g->opt.n_players; i++) {
        int q = (p + i) % g->opt.n_players;
        if (!g->p[q].resigned)
            return q;
    }
    return -1;
}

/* Each player gives to the next seat what they held when the card was drawn: a card just
 * passed to a player of one kind is not passed on at once. */
static void neighbors(struct game *g, struct evbuf *eb)
{
    int n = g->opt.n_players, one[GAME_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        one[p] = g->p[p].resigned || kinds_of(g->p[p].res) != 1 ? -1 : most_of(g->p[p].res);
    for (int p = 0; p < n; p++)
        if (one[p] < 0)
            give_one(g, eb, p, next_seat(g, p));
    for (int p = 0; p < n; p++)
        if (one[p] >= 0 && next_seat(g, p) >= 0)
            gives(g, eb, p, next_seat(g, p), one[p]);
}

/* The players (bit per seat) with the most of count[], at least 1 (0: nobody has any). */
static unsigned most(const struct game *g, const int count[GAME_MAX_PLAYERS])
{
    int max = 1;
    unsigned m = 0;
    for (int p = 0; p < g->opt.n_players; p++) {
        if (g->p[p].resigned || count[p] < max)
            continue;
        if (count[p] > max)
            m = 0, max = count[p];
        m |= BIT(p);
    }
    return m;
}

/* The players with the most public points give to the one with the fewest (on a tie for the
 * fewest, the first of them in turn order from the player on the move); nothing when everyone
 * has as many. */
static void assistance(struct game *g, struct evbuf *eb)
{
    int n = g->opt.n_players, hi = -1, lo = -1, vp[GAME_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        int p = (g->current + i) % n;
        if (g->p[p].resigned)
            continue;
        vp[p] = game_vp_public(g, p);
        if (hi < 0 || vp[p] > hi)
            hi = vp[p];
        if (lo < 0 || vp[p] < vp[lo])
            lo = p;
    }
    if (lo < 0 || hi == vp[lo])
        return;
    for (int p = 0; p < n; p++)
        if (!g->p[p].resigned && vp[p] == hi)
            give_one(g, eb, p, lo);
}

/* Each player in m takes a resource of choice from the bank. */
static void each_takes(struct game *g, struct evbuf *eb, unsigned m)
{
    for (; m; m &= m - 1)
        take_one(g, eb, __builtin_ctz(m));
}

int dice_event_play(struct game *g, struct evbuf *eb)
{
    int ev = g->dice_event, n = g->opt.n_players, count[GAME_MAX_PLAYERS] = {0};
    struct game_event *e = ev_push(eb, EV_DICE_EVENT, g->current);
    if (e)
        e->a = (int16_t)ev;
    switch (ev) {
    case DICE_GOOD_NEIGHBORS:
        neighbors(g, eb);
        break;
    case DICE_NEIGHBORLY_ASSISTANCE:
        assistance(g, eb);
        break;
    case DICE_TOURNAMENT:
        for (int p = 0; p < n; p++)
            count[p] = g->p[p].knights;
        each_takes(g, eb, most(g, count));
        break;
    case DICE_CALM_SEA:
        for (int p = 0; p < n; p++)
            count[p] = harbor_buildings(g, p, 1);
        each_takes(g, eb, most(g, count));
        break;
    case DICE_PLENTIFUL_YEAR:
        each_takes(g, eb, others_mask(g, -1));
        break;
    case DICE_TRADE_ADVANTAGE:
        rob_one(g, eb, g->longest_road);
        break;
    case DICE_CONFLICT:
        rob_one(g, eb, g->largest_army);
        break;
    default: /* the robber attack is the 7 itself; the epidemic is in the production */
        break;
    }
    return dice_asked(g) != 0;
}

/* ---- answering ---- */

/* The one resource of list[] (the other list all zero), or -1. */
static int one_of(const uint8_t list[RES_COUNT], const uint8_t other[RES_COUNT])
{
    if (sum5(list) != 1 || sum5(other))
        return -1;
    return most_of(list);
}

int dice_answer(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int p = a->player, kind = g->dice_ask[p];
    if (!kind)
        return BW_E(WRONG_PHASE);
    if (kind == DICE_ASK_ROB) {
        if (a->type != ACT_CK_CHOOSE)
            return BW_E(WRONG_PHASE);
        if (a->target < 0 || a->target >= g->opt.n_players ||
            !(rob_candidates(g, p) & BIT(a->target)))
            return BW_E(INVALID);
        answered(g, p);
        steal_card(g, eb, p, a->target, 0);
    } else {
        if (a->type != ACT_CK_GIVE)
            return BW_E(WRONG_PHASE);
        int take = kind == DICE_ASK_TAKE;
        int r = take ? one_of(a->get, a->give) : one_of(a->give, a->get);
        if (r < 0)
            return BW_E(INVALID);
        if (!(take ? g->bank[r] : g->p[p].res[r]))
            return take ? BW_E(BANK_EMPTY) : BW_E(NOT_ENOUGH);
        int to = g->dice_ask_to[p];
        answered(g, p);
        if (take)
            takes(g, eb, p, r);
        else
            gives(g, eb, p, to, r);
    }
    settle(g, eb);
    return BW_OK;
}

void dice_ask_default(struct game *g, struct evbuf *eb, int p)
{
    int kind = g->dice_ask[p], to = g->dice_ask_to[p];
    answered(g, p);
    if (kind == DICE_ASK_TAKE && most_of(g->bank) >= 0)
        takes(g, eb, p, most_of(g->bank));
    else if (kind == DICE_ASK_GIVE && most_of(g->p[p].res) >= 0)
        gives(g, eb, p, to, most_of(g->p[p].res));
    else if (kind == DICE_ASK_ROB) { /* the player holding most, the lowest seat on a tie */
        unsigned m = rob_candidates(g, p);
        int best = -1;
        for (; m; m &= m - 1) {
            int q = __builtin_ctz(m);
            if (best < 0 || sum5(g->p[q].res) > sum5(g->p[best].res))
                best = q;
        }
        if (best >= 0)
            steal_card(g, eb, p, best, 0);
    }
    settle(g, eb);
}

void dice_asks_resign(struct game *g, struct evbuf *eb, int p)
{
    answered(g, p); /* nothing given, nothing taken */
    for (int q = 0; q < g->opt.n_players; q++)
        if ((g->dice_ask[q] == DICE_ASK_GIVE && g->dice_ask_to[q] == p) ||
            (g->dice_ask[q] == DICE_ASK_ROB && !(rob_candidates(g, q) & ~BIT(p))))
            answered(g, q);
    settle(g, eb);
}

int dice_ask_actions(const struct game *g, int p, struct game_action *out, int max)
{
    int kind = g->dice_ask[p], n = 0;
    struct game_action a = {.type = ACT_CK_GIVE, .player = (int8_t)p, .target = -1, .b = -1};
    if (kind == DICE_ASK_ROB) {
        a.type = ACT_CK_CHOOSE;
        for (unsigned m = rob_candidates(g, p); m; m &= m - 1, n++)
            if (n < max) {
                a.target = (int8_t)__builtin_ctz(m);
                out[n] = a;
            }
        return n;
    }
    const uint8_t *from = kind == DICE_ASK_TAKE ? g->bank : g->p[p].res;
    for (int r = 0; kind && r < RES_COUNT; r++) {
        if (!from[r])
            continue;
        if (n < max) {
            out[n] = a;
            (kind == DICE_ASK_TAKE ? out[n].get : out[n].give)[r] = 1;
        }
        n++;
    }
    return n;
}

int dice_events_ok(const struct game *g)
{
    int events = g->opt.dice_deck && !g->ck.on, asking = 0;
    if (g->dice_event >= DICE_EVENTS || (g->dice_event && !events))
        return 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        int kind = g->dice_ask[p], to = g->dice_ask_to[p];
        if (kind >= DICE_ASKS || (!kind && to) ||
            (kind && (p >= g->opt.n_players || g->p[p].resigned)))
            return 0;
        if (kind == DICE_ASK_GIVE ? to < 0 || to >= g->opt.n_players || to == p || g->p[to].resigned
                                  : to != 0)
            return 0;
        asking |= kind != 0;
    }
    return !asking || (g->phase == PHASE_ROLL && g->rolled && g->dice_event >= DICE_GOOD_NEIGHBORS);
}
