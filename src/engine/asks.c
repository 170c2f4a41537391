/* Cities & Knights: what players are asked and answer while the game waits for them (the
 * pillaged city, a displaced knight's corner, the goods of a wedding or a commercial harbor,
 * the knight a deserter takes), and the progress cards that ask others or look at their hands
 * (wedding, commercial harbor, master merchant, spy, deserter, diplomat, intrigue). An asked
 * player is pending as progress_pending() says: only they act, and only to answer. The master
 * merchant's and the spy's player is asked too: they see the hand first, then choose from it
 * (ASK_TAKE, ASK_SPY), as a person at a table does.
 * doc/cities.md says what was decided where the rules leave it. */
#include "engine/internal.h"

#include <string.h>

unsigned ck_asked(const struct game *g)
{
    unsigned m = 0;
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->ck.p[p].ask)
            m |= BIT(p);
    return m;
}

void ck_ask(struct game *g, struct evbuf *eb, int p, int kind, int b)
{
    g->ck.p[p].ask = (uint8_t)kind;
    struct game_event *e = ev_push(eb, EV_ASK, p);
    if (e) {
        e->a = (int16_t)kind;
        e->b = (int16_t)b;
        e->other = (int8_t)(kind == ASK_PILLAGE || kind == ASK_KNIGHT ? -1
                            : kind == ASK_TAKE || kind == ASK_SPY     ? g->ck.p[p].ask_arg
                                                                      : g->ck.asker - 1);
    }
}

/* ---- goods ---- */

static uint8_t *good_of(struct game *g, int p, int k)
{
    return k < RES_COUNT ? &g->p[p].res[k] : &g->p[p].commodity[k - GOOD_PAPER];
}

/* The 8 goods of p's hand, resources then commodities. */
static void goods(const struct game *g, int p, uint8_t out[GOOD_COUNT])
{
    memcpy(out, g->p[p].res, RES_COUNT);
    memcpy(out + RES_COUNT, g->p[p].commodity, COM_COUNT);
}

/* from gives to the goods n[] (counts by good), an EV_GIVE for the card. */
static void give_goods(struct game *g, struct evbuf *eb, int from, int to,
                       const uint8_t n[GOOD_COUNT], int card)
{
    struct game_event *e = ev_push(eb, EV_GIVE, from);
    if (e) {
        e->other = (int8_t)to;
        e->a = (int16_t)card;
    }
    for (int k = 0; k < GOOD_COUNT; k++) {
        *good_of(g, from, k) = (uint8_t)(*good_of(g, from, k) - n[k]);
        *good_of(g, to, k) = (uint8_t)(*good_of(g, to, k) + n[k]);
        if (e && k < RES_COUNT)
            e->res[k] = n[k];
        else if (e)
            e->res2[k - GOOD_PAPER] = n[k];
    }
}

/* The goods p gives when not choosing: one at a time from the pile p holds most of (the lowest
 * good on a tie), of the kinds in mask. */
static void cheapest(const struct game *g, int p, int count, unsigned mask, uint8_t out[GOOD_COUNT])
{
    uint8_t have[GOOD_COUNT];
    goods(g, p, have);
    memset(out, 0, GOOD_COUNT);
    for (int i = 0; i < count; i++) {
        int best = -1;
        for (int k = 0; k < GOOD_COUNT; k++)
            if ((mask >> k & 1) && have[k] > out[k] &&
                (best < 0 || have[k] - out[k] > have[best] - out[best]))
                best = k;
        if (best < 0)
            return;
        out[best]++;
    }
}

static int kinds_held(const struct game *g, int p, unsigned mask)
{
    uint8_t have[GOOD_COUNT];
    goods(g, p, have);
    int n = 0;
    for (int k = 0; k < GOOD_COUNT; k++)
        n += (mask >> k & 1) && have[k];
    return n;
}

enum { ALL_GOODS = 0xff, COMMODITIES = 0xe0 };

/* The commercial harbor's exchange: q gives commodity c for p's resource r. */
static void harbor_exchange(struct game *g, struct evbuf *eb, int p, int q, int r, int c)
{
    uint8_t n[GOOD_COUNT] = {0};
    n[r] = 1;
    give_goods(g, eb, p, q, n, PROG_COMMERCIAL_HARBOR);
    n[r] = 0;
    n[c] = 1;
    give_goods(g, eb, q, p, n, PROG_COMMERCIAL_HARBOR);
}

/* ---- answers ---- */

static void answered(struct game *g, int p)
{
    g->ck.p[p].ask = ASK_NONE;
    g->ck.p[p].ask_arg = 0;
    g->ck.p[p].ask_at = 0;
}

/* The deserter: q gives up the knight at v; the card's player's knight comes. */
static void desert(struct game *g, struct evbuf *eb, int q, int v)
{
    int level = ck_remove_knight(g, eb, q, v), p = g->ck.asker - 1, at = g->ck.desert_at - 1;
    if (at >= 0)
        ck_free_knight(g, eb, p, at, level);
    longest_road_update(g, eb, BIT(g->opt.n_players) - 1);
}

static int choose(struct game *g, struct evbuf *eb, int p, int v)
{
    struct ck_player *c = &g->ck.p[p];
    uint64_t spots[BOARD_WORDS];
    if (v < 0 || v >= GEO(g)->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    switch (c->ask) {
    case ASK_PILLAGE:
        ck_pillage_spots(g, p, spots);
        if (!bits_has(spots, v))
            return g->vertex_owner[v] == p && g->vertex_building[v] == BUILDING_CITY
                       ? BW_E(OCCUPIED) /* a metropolis */
                       : BW_E(NOT_YOURS);
        answered(g, p);
        ck_pillage(g, eb, p, v);
        return BW_OK;
    case ASK_KNIGHT: {
        int k = c->ask_arg, at = c->ask_at - 1;
        ck_knight_spots(g, p, at, spots);
        if (!bits_has(spots, v))
            return BW_E(NOT_CONNECTED);
        answered(g, p);
        ck_knight_goes(g, eb, p, k, at, v);
        longest_road_update(g, eb, BIT(g->opt.n_players) - 1);
        return BW_OK;
    }
    case ASK_DESERTER:
        if (game_knight_at(g, v, NULL) != p)
            return BW_E(NOT_YOURS);
        answered(g, p);
        desert(g, eb, p, v);
        return BW_OK;
    default:
        return BW_E(WRONG_PHASE);
    }
}

/* The goods ACT_CK_GIVE names (give[] the resources, get[0..2] the commodities) into n; their
 * count, or BW_E(INVALID) for more than 3 commodities named, BW_E(NOT_ENOUGH) for more than
 * p holds. */
static int action_goods(const struct game *g, int p, const struct game_action *a,
                        uint8_t n[GOOD_COUNT])
{
    uint8_t have[GOOD_COUNT];
    memcpy(n, a->give, RES_COUNT);
    memcpy(n + RES_COUNT, a->get, COM_COUNT);
    if (a->get[3] || a->get[4])
        return BW_E(INVALID);
    goods(g, p, have);
    int total = 0;
    for (int k = 0; k < GOOD_COUNT; k++) {
        total += n[k];
        if (n[k] > have[k])
            return BW_E(NOT_ENOUGH);
    }
    return total;
}

static int give(struct game *g, struct evbuf *eb, int p, const struct game_action *a)
{
    struct ck_player *c = &g->ck.p[p];
    if (c->ask != ASK_WEDDING && c->ask != ASK_HARBOR && c->ask != ASK_RETURN)
        return BW_E(WRONG_PHASE);
    uint8_t n[GOOD_COUNT];
    int total = action_goods(g, p, a, n), q = g->ck.asker - 1;
    if (total < 0)
        return total;
    if (c->ask != ASK_HARBOR) { /* a wedding, a forced trade's cards given back (PROG_NONE) */
        if (total != c->ask_arg)
            return BW_E(INVALID);
        int card = c->ask == ASK_WEDDING ? PROG_WEDDING : PROG_NONE;
        answered(g, p);
        give_goods(g, eb, p, q, n, card);
        return BW_OK;
    }
    int com = -1; /* the commercial harbor: one commodity */
    for (int k = GOOD_PAPER; k < GOOD_COUNT; k++)
        com = n[k] ? k : com;
    if (total != 1 || com < 0)
        return BW_E(INVALID);
    int r = c->ask_arg;
    answered(g, p);
    harbor_exchange(g, eb, q, p, r, com);
    return BW_OK;
}

/* ---- what the card's player takes from the hand seen (master merchant, spy) ---- */

/* p takes the goods n[] from the player whose goods they saw (ASK_TAKE): 2, or all they hold
 * when fewer. */
static int take_goods(struct game *g, struct evbuf *eb, int p, const uint8_t n[GOOD_COUNT])
{
    int q = g->ck.p[p].ask_arg, held = hand_size_of(&g->p[q]), total = 0;
    for (int k = 0; k < GOOD_COUNT; k++)
        total += n[k];
    if (total != (held < 2 ? held : 2))
        return BW_E(INVALID);
    answered(g, p);
    give_goods(g, eb, q, p, n, PROG_MASTER_MERCHANT);
    return BW_OK;
}

/* p takes q's progress card in slot (the rest move up); a fifth must go at once
 * (progress_pending()). */
static void move_card(struct game *g, struct evbuf *eb, int p, int q, int slot)
{
    struct ck_player *from = &g->ck.p[q], *to = &g->ck.p[p];
    int card = from->hand[slot], mine = 0;
    while (mine <= CK_HAND && to->hand[mine])
        mine++;
    memmove(&from->hand[slot], &from->hand[slot + 1], (size_t)(CK_HAND - slot));
    from->hand[CK_HAND] = 0;
    to->hand[mine] = (uint8_t)card;
    struct game_event *e = ev_push(eb, EV_PROGRESS_TAKEN, p);
    if (e) {
        e->other = (int8_t)q;
        e->a = (int16_t)card;
    }
}

/* p takes a card of kind card from the player whose cards they saw (ASK_SPY). */
static int spy_take(struct game *g, struct evbuf *eb, int p, int card)
{
    int q = g->ck.p[p].ask_arg;
    for (int i = 0; i < CK_HAND && g->ck.p[q].hand[i]; i++)
        if (g->ck.p[q].hand[i] == card) {
            answered(g, p);
            move_card(g, eb, p, q, i);
            return BW_OK;
        }
    return BW_E(NO_CARD);
}

/* The answer of the player who looked: a card (ACT_CK_CHOOSE) or goods (ACT_CK_GIVE). */
static int take(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int p = a->player, spy = g->ck.p[p].ask == ASK_SPY;
    if (a->type != (spy ? ACT_CK_CHOOSE : ACT_CK_GIVE))
        return BW_E(WRONG_PHASE);
    if (spy)
        return spy_take(g, eb, p, a->a);
    uint8_t n[GOOD_COUNT];
    int err = action_goods(g, g->ck.p[p].ask_arg, a, n);
    return err < 0 ? err : take_goods(g, eb, p, n);
}

int ck_answer(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int ask = g->ck.p[a->player].ask, err;
    if (!ask)
        return BW_E(WRONG_PHASE);
    if (ask == ASK_TAKE || ask == ASK_SPY)
        err = take(g, eb, a);
    else
        err = a->type == ACT_CK_CHOOSE ? choose(g, eb, a->player, a->a) : give(g, eb, a->player, a);
    if (!err)
        ck_asks_settle(g, eb);
    return err;
}

void ck_ask_default(struct game *g, struct evbuf *eb, int p)
{
    struct ck_player *c = &g->ck.p[p];
    uint64_t spots[BOARD_WORDS];
    uint8_t n[GOOD_COUNT];
    switch (c->ask) {
    case ASK_PILLAGE:
        choose(g, eb, p, ck_pillage_default(g, p));
        break;
    case ASK_KNIGHT:
        ck_knight_spots(g, p, c->ask_at - 1, spots);
        choose(g, eb, p, bits_pop(spots));
        break;
    case ASK_DESERTER: { /* the weakest, an inactive one first, the lowest corner */
        int best = -1, key = 0;
        for (int k = 0; k < CK_KNIGHTS; k++) {
            int st = c->knight[k], kk = (st & KNIGHT_LEVEL) * 2 + !!(st & KNIGHT_ACTIVE);
            int v = c->knight_at[k] - 1;
            if (v >= 0 && (best < 0 || kk < key || (kk == key && v < best)))
                best = v, key = kk;
        }
        choose(g, eb, p, best);
        break;
    }
    case ASK_NEUTRAL:
        two_ask_default(g, eb, p);
        break;
    case ASK_WEDDING:
    case ASK_RETURN:
    case ASK_HARBOR: {
        struct game_action a = {.type = ACT_CK_GIVE, .player = (int8_t)p};
        cheapest(g, p, c->ask != ASK_HARBOR ? c->ask_arg : 1,
                 c->ask != ASK_HARBOR ? ALL_GOODS : COMMODITIES, n);
        memcpy(a.give, n, RES_COUNT);
        memcpy(a.get, n + RES_COUNT, COM_COUNT);
        give(g, eb, p, &a);
        break;
    }
    case ASK_TAKE: /* from the piles the player seen holds most of */
        cheapest(g, c->ask_arg, 2, ALL_GOODS, n);
        take_goods(g, eb, p, n);
        break;
    case ASK_SPY: /* their first card */
        if (spy_take(g, eb, p, g->ck.p[c->ask_arg].hand[0]))
            answered(g, p);
        break;
    default:
        break;
    }
}

void ck_asks_settle(struct game *g, struct evbuf *eb)
{
    if (ck_asked(g))
        return;
    g->ck.asker = 0;
    g->ck.desert_at = 0;
    if (g->ck.resume) {
        g->ck.resume = 0;
        roll_on(g, eb);
    }
}

/* ---- the cards ---- */

/* Another player still in the game. */
static int opponent(const struct game *g, int p, int q)
{
    return q >= 0 && q < g->opt.n_players && q != p && !g->p[q].resigned;
}

static void ask_player(struct game *g, struct evbuf *eb, int p, int q, int kind, int arg)
{
    g->ck.asker = (uint8_t)(p + 1);
    g->ck.p[q].ask_arg = (uint8_t)arg;
    ck_ask(g, eb, q, kind, arg);
}

/* Each player with more points gives 2 goods of their choice (all they hold when 2 or fewer,
 * or of one kind: no question). */
static int wedding(struct game *g, struct evbuf *eb, int p)
{
    int vp = game_vp_public(g, p);
    for (int q = 0; q < g->opt.n_players; q++) {
        int n = hand_size_of(&g->p[q]);
        if (!opponent(g, p, q) || game_vp_public(g, q) <= vp || !n)
            continue;
        if (n > 2 && kinds_held(g, q, ALL_GOODS) > 1) {
            ask_player(g, eb, p, q, ASK_WEDDING, 2);
            continue;
        }
        uint8_t give_n[GOOD_COUNT];
        cheapest(g, q, 2, ALL_GOODS, give_n);
        give_goods(g, eb, q, p, give_n, PROG_WEDDING);
    }
    return BW_OK;
}

/* offers: 1 + the resource offered to each seat, 0 for none. */
static int harbor(struct game *g, struct evbuf *eb, int p, const uint8_t offers[GAME_MAX_PLAYERS])
{
    uint8_t need[RES_COUNT] = {0};
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        if (!offers[q])
            continue;
        if (!opponent(g, p, q) || offers[q] > RES_COUNT || !kinds_held(g, q, COMMODITIES))
            return BW_E(INVALID);
        need[offers[q] - 1]++;
    }
    if (!has_cards(g->p[p].res, need))
        return BW_E(NOT_ENOUGH);
    for (int q = 0; q < GAME_MAX_PLAYERS; q++) {
        int r = offers[q] - 1;
        if (r < 0)
            continue;
        if (kinds_held(g, q, COMMODITIES) > 1) {
            ask_player(g, eb, p, q, ASK_HARBOR, r);
            continue;
        }
        uint8_t n[GOOD_COUNT];
        cheapest(g, q, 1, COMMODITIES, n);
        for (int k = GOOD_PAPER; k < GOOD_COUNT; k++)
            if (n[k])
                harbor_exchange(g, eb, p, q, r, k);
    }
    return BW_OK;
}

/* p sees q's goods (a = 0) or progress cards (a = 1): EV_LOOK, to p alone. */
static void look(struct game *g, struct evbuf *eb, int p, int q, int a)
{
    struct game_event *e = ev_push(eb, EV_LOOK, p);
    if (!e)
        return;
    e->other = (int8_t)q;
    e->a = (int16_t)a;
    if (a)
        memcpy(e->res, g->ck.p[q].hand, CK_HAND);
    else
        memcpy(e->res, g->p[q].res, RES_COUNT), memcpy(e->res2, g->p[q].commodity, COM_COUNT);
}

/* The card's player p chooses from q's hand, which they have seen (ASK_TAKE, ASK_SPY). */
static void ask_self(struct game *g, struct evbuf *eb, int p, int q, int kind, int b)
{
    g->ck.asker = (uint8_t)(p + 1);
    g->ck.p[p].ask_arg = (uint8_t)q;
    ck_ask(g, eb, p, kind, b);
}

/* p looks at q's goods and takes 2 of their choice (all q holds when 2 or fewer, 2 of the one
 * kind: no question). */
static int master_merchant(struct game *g, struct evbuf *eb, int p, int q)
{
    if (!opponent(g, p, q) || game_vp_public(g, q) <= game_vp_public(g, p))
        return BW_E(INVALID);
    look(g, eb, p, q, 0);
    int held = hand_size_of(&g->p[q]);
    if (held > 2 && kinds_held(g, q, ALL_GOODS) > 1) {
        ask_self(g, eb, p, q, ASK_TAKE, 2);
        return BW_OK;
    }
    uint8_t n[GOOD_COUNT];
    cheapest(g, q, 2, ALL_GOODS, n);
    if (held)
        give_goods(g, eb, q, p, n, PROG_MASTER_MERCHANT);
    return BW_OK;
}

/* p looks at q's progress cards and takes one of their choice (nothing when q holds none,
 * cards of one kind: no question). */
static int spy(struct game *g, struct evbuf *eb, int p, int q)
{
    if (!opponent(g, p, q))
        return BW_E(INVALID);
    const uint8_t *hand = g->ck.p[q].hand;
    look(g, eb, p, q, 1);
    int n = 0, mixed = 0;
    while (n < CK_HAND && hand[n])
        mixed |= hand[n++] != hand[0];
    if (mixed)
        ask_self(g, eb, p, q, ASK_SPY, -1);
    else if (n)
        move_card(g, eb, p, q, 0);
    return BW_OK;
}

/* q gives up a knight of their choice; p's knight may come at free corner at (-1: none). */
static int deserter(struct game *g, struct evbuf *eb, int p, int q, int at)
{
    uint64_t knights[BOARD_WORDS];
    if (!opponent(g, p, q))
        return BW_E(INVALID);
    ck_knights_of(g, q, knights);
    int n = bits_count(knights);
    if (!n)
        return BW_E(NO_PIECES);
    if (at >= 0) {
        if (at >= GEO(g)->n_vertices)
            return BW_E(NO_SUCH_SPOT);
        if (g->vertex_owner[at] >= 0 || bits_has(g->ck.knights_all, at))
            return BW_E(OCCUPIED);
        if (!bits_has(g->reach_of[p], at))
            return BW_E(NOT_CONNECTED);
    }
    g->ck.asker = (uint8_t)(p + 1);
    g->ck.desert_at = (uint8_t)(at + 1);
    if (n > 1) {
        ask_player(g, eb, p, q, ASK_DESERTER, -1);
        g->ck.p[q].ask_arg = 0;
        return BW_OK;
    }
    desert(g, eb, q, bits_pop(knights));
    g->ck.asker = 0;
    g->ck.desert_at = 0;
    return BW_OK;
}

/* Whether the road at edge e is open: at one of its ends its owner has no building, no knight
 * and no other road. */
static int open_road(const struct game *g, int e)
{
    const struct board_geo *geo = GEO(g);
    int o = g->edge_owner[e];
    for (int i = 0; i < 2; i++) {
        int v = geo->edge_vertex[e][i], joined = g->vertex_owner[v] == o;
        if (game_knight_at(g, v, NULL) == o)
            joined = 1;
        for (int j = 0; j < 3; j++) {
            int f = geo->vertex_edge[v][j];
            joined |= f >= 0 && f != e && g->edge_owner[f] == o;
        }
        if (!joined)
            return 1;
    }
    return 0;
}

/* The open road at e goes; p's own may be placed again at again (-1: not). */
static int diplomat(struct game *g, struct evbuf *eb, int p, int e, int again)
{
    if (e < 0 || e >= GEO(g)->n_edges)
        return BW_E(NO_SUCH_SPOT);
    int o = g->edge_owner[e];
    if (o < 0 || bits_has(g->ships, e))
        return BW_E(NO_SUCH_SPOT);
    if (!open_road(g, e))
        return BW_E(NOT_CONNECTED);
    if (again >= 0 && o != p)
        return BW_E(NOT_YOURS);
    g->edge_owner[e] = -1;
    g->p[o].roads--;
    game_reindex(g);
    struct game_event *ev = ev_push(eb, EV_ROAD_REMOVED, o);
    if (ev) {
        ev->other = (int8_t)p;
        ev->a = (int16_t)e;
    }
    if (again >= 0) {
        if (again >= GEO(g)->n_edges)
            return BW_E(NO_SUCH_SPOT);
        if (!game_can_road(g, p, again))
            return BW_E(NOT_CONNECTED);
        place_road(g, eb, p, again, EV_FREE_ROAD);
    }
    longest_road_update(g, eb, BIT(g->opt.n_players) - 1);
    return BW_OK;
}

/* The opponent's knight at v, on a corner p's roads reach, is displaced. */
static int intrigue(struct game *g, struct evbuf *eb, int p, int v)
{
    int k;
    if (v < 0 || v >= GEO(g)->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    int q = game_knight_at(g, v, &k);
    if (q < 0 || q == p)
        return BW_E(NOT_YOURS);
    if (!bits_has(g->reach_of[p], v))
        return BW_E(NOT_CONNECTED);
    g->ck.asker = (uint8_t)(p + 1);
    g->ck.knights_all[v >> 6] &= ~(1ull << (v & 63));
    g->ck.p[q].knight_at[k] = 0;
    struct game_event *e = ev_push(eb, EV_KNIGHT, q);
    if (e) {
        e->a = (int16_t)v;
        e->b = KNIGHT_DISPLACED;
    }
    ck_displace(g, eb, q, k, v);
    longest_road_update(g, eb, BIT(g->opt.n_players) - 1);
    if (!ck_asked(g))
        g->ck.asker = 0;
    return BW_OK;
}

int ck_card(struct game *g, struct evbuf *eb, const struct game_action *a, struct game_event *e)
{
    int p = a->player;
    if (e)
        e->other = a->target;
    switch (a->res) {
    case PROG_WEDDING:
        return wedding(g, eb, p);
    case PROG_COMMERCIAL_HARBOR: {
        uint8_t offers[GAME_MAX_PLAYERS];
        if (a->a < 0 || a->b < 0 || a->b >> 8)
            return BW_E(INVALID);
        for (int q = 0; q < GAME_MAX_PLAYERS; q++)
            offers[q] = (uint8_t)(((q < 4 ? a->a : a->b) >> (4 * (q % 4))) & 15);
        return harbor(g, eb, p, offers);
    }
    case PROG_MASTER_MERCHANT:
        return master_merchant(g, eb, p, a->target);
    case PROG_SPY:
        return spy(g, eb, p, a->target);
    case PROG_DESERTER:
        return deserter(g, eb, p, a->target, a->a);
    case PROG_DIPLOMAT:
        return diplomat(g, eb, p, a->a, a->b);
    case PROG_INTRIGUE:
        return intrigue(g, eb, p, a->a);
    default:
        return BW_E(INVALID);
    }
}

/* ---- listing ---- */

static void put(struct game_action *out, int max, int *n, const struct game_action *a)
{
    if (*n < max)
        out[*n] = *a;
    (*n)++;
}

/* The forced trade's one card given back (Catan for two): one of each kind held. */
static int return_one(const struct game *g, int p, struct game_action *out, int max)
{
    struct game_action a = {.type = ACT_CK_GIVE, .player = (int8_t)p, .target = -1, .a = -1};
    int n = 0;
    for (int i = 0; i < RES_COUNT; i++)
        if (g->p[p].res[i]) {
            memset(a.give, 0, sizeof a.give);
            a.give[i] = 1;
            put(out, max, &n, &a);
        }
    return n;
}

int ck_ask_actions(const struct game *g, int p, struct game_action *out, int max)
{
    const struct ck_player *c = &g->ck.p[p];
    struct game_action a = {.type = ACT_CK_CHOOSE, .player = (int8_t)p, .target = -1, .b = -1};
    uint64_t spots[BOARD_WORDS];
    uint8_t have[GOOD_COUNT];
    int n = 0;
    if (c->ask == ASK_RETURN && c->ask_arg == 1)
        return return_one(g, p, out, max);
    switch (c->ask) {
    case ASK_PILLAGE:
        ck_pillage_spots(g, p, spots);
        break;
    case ASK_KNIGHT:
        ck_knight_spots(g, p, c->ask_at - 1, spots);
        break;
    case ASK_DESERTER:
        ck_knights_of(g, p, spots);
        break;
    case ASK_SPY: /* each kind of card seen */
        for (int i = 0; i < CK_HAND && g->ck.p[c->ask_arg].hand[i]; i++) {
            a.a = g->ck.p[c->ask_arg].hand[i];
            for (int j = 0; j < i && a.a >= 0; j++)
                a.a = g->ck.p[c->ask_arg].hand[j] == a.a ? -1 : a.a;
            if (a.a >= 0)
                put(out, max, &n, &a);
        }
        return n;
    case ASK_NEUTRAL:
        return two_ask_actions(g, p, out, max);
    case ASK_RETURN: /* as a wedding's (one card: return_one() above) */
    case ASK_WEDDING:
    case ASK_HARBOR:
    case ASK_TAKE: {
        int pair = c->ask != ASK_HARBOR;
        goods(g, c->ask == ASK_TAKE ? c->ask_arg : p, have);
        a.type = ACT_CK_GIVE;
        a.a = -1;
        for (int i = c->ask == ASK_HARBOR ? GOOD_PAPER : 0; i < GOOD_COUNT; i++)
            for (int j = pair ? i : GOOD_COUNT - 1; j < GOOD_COUNT; j++) {
                uint8_t k[GOOD_COUNT] = {0};
                k[i]++;
                k[j] += pair;
                if (k[i] > have[i] || k[j] > have[j])
                    continue;
                memcpy(a.give, k, RES_COUNT);
                memcpy(a.get, k + RES_COUNT, COM_COUNT);
                put(out, max, &n, &a);
            }
        return n;
    }
    default:
        return 0;
    }
    for (int v; (v = bits_pop(spots)) >= 0;) {
        a.a = (int16_t)v;
        put(out, max, &n, &a);
    }
    return n;
}

/* ---- a restored state ---- */

/* The player p asked to take from the hand they saw (ASK_TAKE, ASK_SPY): it is their card,
 * alone asked, in their turn's main phase, from a player still in the game holding more than
 * one choice. */
static int look_ok(const struct game *g, int p)
{
    const struct ck_player *c = &g->ck.p[p];
    int q = c->ask_arg;
    if (g->ck.asker != p + 1 || ck_asked(g) != BIT(p) || g->ck.resume || g->ck.desert_at ||
        g->phase != PHASE_MAIN || g->current != p || q >= g->opt.n_players || q == p ||
        g->p[q].resigned)
        return 0;
    if (c->ask == ASK_TAKE)
        return hand_size_of(&g->p[q]) > 2 && kinds_held(g, q, ALL_GOODS) > 1;
    return g->ck.p[q].hand[0] && g->ck.p[q].hand[1];
}

int ck_asks_ok(const struct game *g, const struct board_geo *geo)
{
    unsigned asked = ck_asked(g);
    int asker = g->ck.asker - 1, others = 0;
    if (g->ck.asker > g->opt.n_players || g->ck.resume > 1 || g->ck.desert_at > geo->n_vertices ||
        (g->ck.resume && g->phase != PHASE_ROLL))
        return 0;
    if ((g->ck.resume || asker >= 0 || g->ck.desert_at) && !asked)
        return 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        const struct ck_player *c = &g->ck.p[p];
        if (c->ask >= CK_ASKS || (c->ask && (p >= g->opt.n_players || g->p[p].resigned)))
            return 0;
        if (c->ask != ASK_KNIGHT && c->ask_at)
            return 0;
        /* Catan for two's asks (two_state_ok() checks them): in no other game. */
        if ((c->ask == ASK_NEUTRAL || c->ask == ASK_RETURN) && !g->opt.two)
            return 0;
        others += c->ask == ASK_WEDDING || c->ask == ASK_HARBOR || c->ask == ASK_DESERTER;
        if ((c->ask == ASK_WEDDING || c->ask == ASK_HARBOR || c->ask == ASK_DESERTER) &&
            (asker < 0 || asker == p))
            return 0;
        if ((c->ask == ASK_TAKE || c->ask == ASK_SPY) && !look_ok(g, p))
            return 0;
        switch (c->ask) {
        case ASK_NONE:
        case ASK_PILLAGE:
        case ASK_DESERTER:
            if (c->ask_arg)
                return 0;
            break;
        case ASK_KNIGHT:
            if (c->ask_arg >= CK_KNIGHTS || c->knight_at[c->ask_arg] || !c->knight[c->ask_arg] ||
                !c->ask_at || c->ask_at > geo->n_vertices)
                return 0;
            break;
        case ASK_WEDDING:
            if (c->ask_arg < 1 || c->ask_arg > 2)
                return 0;
            break;
        case ASK_HARBOR:
            if (c->ask_arg >= RES_COUNT)
                return 0;
            break;
        default:
            break;
        }
    }
    return !g->ck.resume || !others;
}
