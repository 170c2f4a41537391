/* Cities & Knights: the progress cards. Three decks of 18, shuffled from the game's generator
 * when the option is turned on; a city gate draws from its deck, a tie defending Catan lets
 * the player choose the deck (ACT_PROGRESS_DRAW). A hand holds 4: a fifth card must be played
 * or given up at once, and until it is (and until every card of choice is drawn) only those
 * players act (progress_pending()). Printers and constitutions are points, shown when drawn.
 * doc/cities.md says what was decided where the rules leave it. */
#include "engine/internal.h"

#include <string.h>

static const uint8_t in_deck[PROG_COUNT] = {
    0, 2, 2, 2, 2, 1, 2, 2, 2, 1, 2, /* science */
    2, 2, 6, 2, 4, 2,                /* trade */
    2, 1, 2, 2, 2, 2, 3, 2, 2        /* politics */
};
static const uint8_t cost_medicine[RES_COUNT] = {0, 0, 0, 1, 2};

static int deck_of(int card)
{
    return card <= PROG_SMITH            ? TRACK_SCIENCE
           : card <= PROG_TRADE_MONOPOLY ? TRACK_TRADE
                                         : TRACK_POLITICS;
}

static int shown(int card)
{
    return card == PROG_PRINTER || card == PROG_CONSTITUTION;
}

void progress_init(struct game *g)
{
    int n[CK_TRACKS] = {0};
    for (int c = 1; c < PROG_COUNT; c++)
        for (int i = 0; i < in_deck[c]; i++) {
            int t = deck_of(c);
            g->ck.deck[t][n[t]++] = (uint8_t)c;
        }
    for (int t = 0; t < CK_TRACKS; t++)
        bw_rng_shuffle_u8(&g->rng, g->ck.deck[t], CK_DECK);
}

static int hand_count(const struct ck_player *c)
{
    int n = 0;
    while (n <= CK_HAND && c->hand[n])
        n++;
    return n;
}

static int decks_left(const struct game *g)
{
    return 3 * CK_DECK - g->ck.deck_pos[0] - g->ck.deck_pos[1] - g->ck.deck_pos[2];
}

static struct game_event *card_event(struct evbuf *eb, int type, int p, int card)
{
    struct game_event *e = ev_push(eb, type, p);
    if (e)
        e->a = (int16_t)card;
    return e;
}

void progress_draw(struct game *g, struct evbuf *eb, int p, int t)
{
    struct ck_player *c = &g->ck.p[p];
    int n = hand_count(c);
    if (g->ck.deck_pos[t] >= CK_DECK || n > CK_HAND)
        return; /* an empty deck gives nothing */
    int card = g->ck.deck[t][g->ck.deck_pos[t]++];
    struct game_event *e = ev_push(eb, EV_PROGRESS_DRAW, p);
    if (e) {
        e->a = (int16_t)t;
        e->b = (int16_t)card;
    }
    if (shown(card)) {
        c->progress_points++;
        g->ck.played++;
        card_event(eb, EV_PROGRESS, p, card);
        return;
    }
    c->hand[n] = (uint8_t)card;
}

void progress_choose(struct game *g, struct evbuf *eb, int p)
{
    if (!decks_left(g))
        return;
    g->ck.p[p].draws++;
    struct game_event *e = ev_push(eb, EV_PROGRESS_DRAW, p);
    if (e)
        e->a = e->b = -1;
}

unsigned progress_pending(const struct game *g)
{
    unsigned m = 0;
    for (int p = 0; p < g->opt.n_players; p++) {
        const struct ck_player *c = &g->ck.p[p];
        if (!g->p[p].resigned && (c->draws || c->hand[CK_HAND] || c->ask))
            m |= BIT(p);
    }
    return m;
}

int progress_points(const struct game *g, int p)
{
    return g->ck.p[p].progress_points + (g->ck.merchant_owner == p + 1);
}

int progress_rate(const struct game *g, int p, int k, int rate)
{
    int m = g->ck.merchant - 1;
    if (((g->ck.p[p].fleet >> k) & 1) ||
        (g->ck.merchant_owner == p + 1 && k < RES_COUNT && g->terrain[m] == k))
        return rate < 2 ? rate : 2;
    return rate;
}

/* Take p's card in slot i out of the hand (the rest move up). */
static void take_card(struct ck_player *c, int i)
{
    memmove(&c->hand[i], &c->hand[i + 1], (size_t)(CK_HAND - i));
    c->hand[CK_HAND] = 0;
}

static int slot_of(const struct ck_player *c, int card)
{
    for (int i = 0; i <= CK_HAND && c->hand[i]; i++)
        if (c->hand[i] == card)
            return i;
    return -1;
}

/* ---- the cards ---- */

static int swappable(const struct game *g, int h)
{
    if (h < 0 || h >= GEO(g)->n_hexes)
        return 0;
    int t = g->token[h];
    return t >= 3 && t <= 11 && t != 6 && t != 8;
}

static int road_building(struct game *g, struct evbuf *eb, int p, int e1, int e2)
{
    for (int i = 0; i < 2; i++) {
        int e = i ? e2 : e1;
        if (e < 0 && i)
            break;
        if (g->p[p].roads >= GAME_ROADS)
            return BW_E(NO_PIECES);
        if (e < 0 || e >= GEO(g)->n_edges)
            return BW_E(NO_SUCH_SPOT);
        if (!game_can_road(g, p, e))
            return BW_E(NOT_CONNECTED);
        place_road(g, eb, p, e, EV_FREE_ROAD);
    }
    longest_road_award(g, eb);
    return BW_OK;
}

/* 2 of resource r for each hex of terrain t that p's buildings touch, as the bank holds. */
static void harvest(struct game *g, struct game_event *e, int p, int t)
{
    int r = t, n = 0;
    for (uint64_t m = g->hexes_of[p]; m; m &= m - 1)
        n += 2 * (g->terrain[__builtin_ctzll(m)] == t);
    n = n < g->bank[r] ? n : g->bank[r];
    g->bank[r] = (uint8_t)(g->bank[r] - n);
    g->p[p].res[r] = (uint8_t)(g->p[p].res[r] + n);
    if (e)
        e->res[r] = (uint8_t)n;
}

static void monopoly(struct game *g, struct game_event *e, int p, int k, int most)
{
    int total = 0;
    for (int q = 0; q < g->opt.n_players; q++) {
        if (q == p || g->p[q].resigned)
            continue;
        uint8_t *from = k < RES_COUNT ? &g->p[q].res[k] : &g->p[q].commodity[k - GOOD_PAPER];
        uint8_t *to = k < RES_COUNT ? &g->p[p].res[k] : &g->p[p].commodity[k - GOOD_PAPER];
        int n = *from < most ? *from : most;
        *from = (uint8_t)(*from - n);
        *to = (uint8_t)(*to + n);
        total += n;
    }
    if (e) {
        e->b = (int16_t)total;
        e->res2[0] = (uint8_t)k; /* the good named */
    }
}

static int bishop(struct game *g, struct evbuf *eb, int p, int hex)
{
    if (!g->ck.attacks)
        return BW_E(WRONG_PHASE); /* the robber sleeps until the barbarians first come */
    if (hex < 0 || hex >= GEO(g)->n_hexes || !(robber_land(g) >> hex & 1))
        return BW_E(NO_SUCH_SPOT);
    if (hex == g->robber)
        return BW_E(ROBBER_SAME);
    unsigned m = robber_candidates(g, p, hex);
    g->robber = (int8_t)hex;
    struct game_event *e = ev_push(eb, EV_ROBBER, p);
    if (e)
        e->a = (int16_t)hex;
    if (!m)
        ev_push(eb, EV_NO_STEAL, p);
    for (; m; m &= m - 1)
        steal_card(g, eb, p, __builtin_ctz(m), 0);
    return BW_OK;
}

/* Each other player with as many points or more discards half their cards, as after a 7. */
static void saboteur(struct game *g, struct evbuf *eb, int p)
{
    int vp = game_vp_public(g, p);
    for (int q = 0; q < g->opt.n_players; q++) {
        int n = hand_size_of(&g->p[q]) / 2;
        if (q == p || g->p[q].resigned || game_vp_public(g, q) < vp || !n)
            continue;
        g->p[q].discard = (uint8_t)n;
        g->phase = PHASE_DISCARD;
        g->ck.sabotage = 1;
        struct game_event *e = ev_push(eb, EV_DISCARD_NEEDED, q);
        if (e)
            e->a = (int16_t)n;
    }
}

static void warlord(struct game *g, int p)
{
    for (int k = 0; k < CK_KNIGHTS; k++)
        if (g->ck.p[p].knight_at[k] && !(g->ck.p[p].knight[k] & KNIGHT_ACTIVE))
            g->ck.p[p].knight[k] |= KNIGHT_ACTIVE | KNIGHT_FRESH;
}

static int merchant(struct game *g, int p, int hex)
{
    if (hex < 0 || hex >= GEO(g)->n_hexes || !(g->land >> hex & 1) ||
        g->terrain[hex] >= TERRAIN_DESERT)
        return BW_E(NO_SUCH_SPOT);
    if (!(g->hexes_of[p] >> hex & 1))
        return BW_E(NOT_CONNECTED);
    g->ck.merchant = (uint8_t)(hex + 1);
    g->ck.merchant_owner = (uint8_t)(p + 1);
    return BW_OK;
}

/* The card's effect on g (a copy: the caller keeps it only when this returns BW_OK). */
static int effect(struct game *g, struct evbuf *eb, const struct game_action *a,
                  struct game_event *e)
{
    int p = a->player;
    switch (a->res) {
    case PROG_ALCHEMIST:
        if (a->a < 1 || a->a > 6 || a->b < 1 || a->b > 6)
            return BW_E(INVALID);
        g->ck.event = (uint8_t)bw_rng_below(&g->rng, CK_FACES);
        do_roll(g, eb, a->a, a->b);
        return BW_OK;
    case PROG_INVENTOR: {
        if (a->a == a->b || !swappable(g, a->a) || !swappable(g, a->b))
            return BW_E(INVALID);
        uint8_t t = g->token[a->a];
        g->token[a->a] = g->token[a->b];
        g->token[a->b] = t;
        game_reindex(g);
        if (e) { /* the two hexes, for the line that says what they hold now */
            e->res[0] = (uint8_t)a->a;
            e->res[1] = (uint8_t)a->b;
        }
        return BW_OK;
    }
    case PROG_CRANE:
        return ck_improve(g, eb, p, a->res2, a->a, 1);
    case PROG_ROAD_BUILDING:
        return road_building(g, eb, p, a->a, a->b);
    case PROG_ENGINEER:
        return ck_wall(g, eb, p, a->a, 1);
    case PROG_IRRIGATION:
        harvest(g, e, p, TERRAIN_FIELDS);
        return BW_OK;
    case PROG_MINING:
        harvest(g, e, p, TERRAIN_MOUNTAINS);
        return BW_OK;
    case PROG_MEDICINE:
        return build_city(g, eb, p, a->a, cost_medicine);
    case PROG_SMITH: {
        int err = ck_promote(g, eb, p, a->a, 1);
        return err || a->b < 0 ? err : ck_promote(g, eb, p, a->b, 1);
    }
    case PROG_MERCHANT_FLEET:
        if (a->res2 >= GOOD_COUNT)
            return BW_E(INVALID);
        g->ck.p[p].fleet |= (uint8_t)BIT(a->res2);
        return BW_OK;
    case PROG_RESOURCE_MONOPOLY:
        if (a->res2 >= RES_COUNT)
            return BW_E(INVALID);
        monopoly(g, e, p, a->res2, 2);
        return BW_OK;
    case PROG_TRADE_MONOPOLY:
        if (a->res2 >= COM_COUNT)
            return BW_E(INVALID);
        monopoly(g, e, p, GOOD_PAPER + a->res2, 1);
        return BW_OK;
    case PROG_BISHOP:
        return bishop(g, eb, p, a->a);
    case PROG_WARLORD:
        warlord(g, p);
        return BW_OK;
    case PROG_SABOTEUR:
        saboteur(g, eb, p);
        return BW_OK;
    case PROG_MERCHANT:
        return merchant(g, p, a->a);
    default: /* the cards that ask other players or look at their hands */
        return ck_card(g, eb, a, e);
    }
}

static int act_play(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int p = a->player, card = a->res;
    if (card == PROG_NONE || card >= PROG_COUNT)
        return BW_E(INVALID);
    int slot = slot_of(&g->ck.p[p], card);
    if (slot < 0)
        return BW_E(NO_CARD);
    if (g->current != p)
        return BW_E(NOT_YOUR_TURN);
    if (g->phase != (card == PROG_ALCHEMIST ? PHASE_ROLL : PHASE_MAIN))
        return BW_E(WRONG_PHASE);
    struct game h = *g;
    int n0 = eb->n;
    take_card(&h.ck.p[p], slot);
    h.ck.played++;
    struct game_event *e = card_event(eb, EV_PROGRESS, p, card);
    int err = effect(&h, eb, a, e);
    if (err) {
        eb->n = n0;
        return err;
    }
    *g = h;
    return BW_OK;
}

static int act_draw(struct game *g, struct evbuf *eb, int p, int t)
{
    struct ck_player *c = &g->ck.p[p];
    if (!c->draws)
        return BW_E(WRONG_PHASE);
    if (c->hand[CK_HAND])
        return BW_E(TOO_MANY); /* the fifth card first */
    if (t >= CK_TRACKS)
        return BW_E(INVALID);
    if (g->ck.deck_pos[t] >= CK_DECK)
        return BW_E(DECK_EMPTY);
    c->draws--;
    progress_draw(g, eb, p, t);
    if (!decks_left(g)) /* nothing left to choose from */
        for (int q = 0; q < GAME_MAX_PLAYERS; q++)
            g->ck.p[q].draws = 0;
    return BW_OK;
}

static int act_give_up(struct game *g, struct evbuf *eb, int p, int card)
{
    struct ck_player *c = &g->ck.p[p];
    if (!c->hand[CK_HAND])
        return BW_E(WRONG_PHASE);
    int slot = card ? slot_of(c, card) : -1;
    if (slot < 0)
        return BW_E(NO_CARD);
    take_card(c, slot);
    g->ck.played++;
    card_event(eb, EV_PROGRESS_DISCARD, p, card);
    return BW_OK;
}

int progress_action(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    switch (a->type) {
    case ACT_PROGRESS:
        return act_play(g, eb, a);
    case ACT_PROGRESS_DRAW:
        return act_draw(g, eb, a->player, a->res);
    default:
        return act_give_up(g, eb, a->player, a->res);
    }
}

/* The least harmful: give up the card just drawn; draw from the fullest deck. */
void progress_timeout(struct game *g, struct evbuf *eb, int p)
{
    struct ck_player *c = &g->ck.p[p];
    if (c->ask) { /* an answer: ck_ask_default() */
        ck_ask_default(g, eb, p);
        ck_asks_settle(g, eb);
        return;
    }
    if (c->hand[CK_HAND]) {
        act_give_up(g, eb, p, c->hand[CK_HAND]);
        return;
    }
    int best = 0;
    for (int t = 1; t < CK_TRACKS; t++)
        if (g->ck.deck_pos[t] < g->ck.deck_pos[best])
            best = t;
    act_draw(g, eb, p, best);
}

/* ---- listing ---- */

struct lister {
    const struct game *g;
    struct game_action *out;
    int max, n;
};

/* Lists the action when it would be accepted (tried on a copy of the state). */
static void try_put(struct lister *l, struct game_action a)
{
    struct game h = *l->g;
    struct evbuf none = {NULL, 0, 0};
    if (progress_action(&h, &none, &a))
        return;
    if (l->n < l->max)
        l->out[l->n] = a;
    l->n++;
}

static void try_corners(struct lister *l, struct game_action a, const uint64_t set[BOARD_WORDS])
{
    uint64_t m[BOARD_WORDS];
    memcpy(m, set, sizeof m);
    for (int v; (v = bits_pop(m)) >= 0;) {
        a.a = (int16_t)v;
        try_put(l, a);
    }
}

/* The plays of a card aimed at player q (a master merchant, a spy, a deserter). */
static void list_target(struct lister *l, struct game_action a, int q)
{
    const struct game *g = l->g;
    a.target = (int8_t)q;
    switch (a.res) {
    case PROG_MASTER_MERCHANT: /* the target only: the choice comes after the look */
    case PROG_SPY:
        try_put(l, a);
        break;
    default: { /* the deserter: no knight of the player's, or one at a corner their roads reach */
        uint64_t at[BOARD_WORDS];
        bits_andnot(at, g->reach_of[a.player], g->buildings_all);
        bits_andnot(at, at, g->ck.knights_all);
        a.a = -1;
        try_put(l, a);
        try_corners(l, a, at);
        break;
    }
    }
}

static void list_card(struct lister *l, int p, int card)
{
    const struct game *g = l->g;
    const struct board_geo *geo = GEO(g);
    struct game_action a = {.type = ACT_PROGRESS, .player = (int8_t)p, .target = -1};
    a.res = (uint8_t)card;
    a.a = a.b = -1;
    switch (card) {
    case PROG_ALCHEMIST:
        for (int i = 0; i < 36; i++) {
            a.a = (int16_t)(1 + i / 6);
            a.b = (int16_t)(1 + i % 6);
            try_put(l, a);
        }
        break;
    case PROG_INVENTOR:
        for (int i = 0; i < geo->n_hexes; i++)
            for (int j = i + 1; j < geo->n_hexes && swappable(g, i); j++) {
                a.a = (int16_t)i;
                a.b = (int16_t)j;
                try_put(l, a);
            }
        break;
    case PROG_CRANE:
        for (int t = 0; t < CK_TRACKS; t++) {
            a.res2 = (uint8_t)t;
            try_put(l, a);
        }
        break;
    case PROG_ROAD_BUILDING:
        for (int e = 0; e < geo->n_edges; e++) {
            a.a = (int16_t)e;
            if (game_can_road(g, p, e))
                try_put(l, a);
        }
        break;
    case PROG_ENGINEER:
    case PROG_MEDICINE:
    case PROG_SMITH: {
        uint64_t at[BOARD_WORDS] = {0};
        if (card == PROG_SMITH) {
            for (int k = 0; k < CK_KNIGHTS; k++)
                if (g->ck.p[p].knight_at[k])
                    bits_set(at, g->ck.p[p].knight_at[k] - 1);
        } else {
            memcpy(at, g->buildings_of[p], sizeof at);
        }
        try_corners(l, a, at);
        break;
    }
    case PROG_MERCHANT_FLEET:
    case PROG_RESOURCE_MONOPOLY:
    case PROG_TRADE_MONOPOLY:
        for (int k = 0; k < GOOD_COUNT; k++) {
            a.res2 = (uint8_t)k;
            try_put(l, a);
        }
        break;
    case PROG_BISHOP:
    case PROG_MERCHANT:
        for (int h = 0; h < geo->n_hexes; h++) {
            a.a = (int16_t)h;
            try_put(l, a);
        }
        break;
    case PROG_COMMERCIAL_HARBOR: /* nothing, or one resource to one player */
        a.a = a.b = 0;
        try_put(l, a);
        for (int q = 0; q < g->opt.n_players; q++)
            for (int r = 0; r < RES_COUNT && q != p; r++) {
                a.a = (int16_t)(q < 4 ? (r + 1) << (4 * q) : 0);
                a.b = (int16_t)(q < 4 ? 0 : (r + 1) << (4 * (q - 4)));
                try_put(l, a);
            }
        break;
    case PROG_MASTER_MERCHANT:
    case PROG_SPY:
    case PROG_DESERTER:
        for (int q = 0; q < g->opt.n_players; q++)
            if (q != p)
                list_target(l, a, q);
        break;
    case PROG_DIPLOMAT:
        for (int e = 0; e < geo->n_edges; e++) {
            if (g->edge_owner[e] < 0)
                continue;
            a.a = (int16_t)e;
            a.b = -1;
            try_put(l, a);
            for (int f = 0; f < geo->n_edges && g->edge_owner[e] == p; f++) {
                a.b = (int16_t)f;
                if (f != e && game_can_road(g, p, f))
                    try_put(l, a);
            }
        }
        break;
    case PROG_INTRIGUE:
        try_corners(l, a, g->ck.knights_all);
        break;
    default:
        try_put(l, a);
        break;
    }
}

int progress_actions(const struct game *g, int p, struct game_action *out, int max)
{
    struct lister l = {g, out, max, 0};
    const struct ck_player *c = &g->ck.p[p];
    unsigned pending = progress_pending(g);
    if (pending && !(pending & BIT(p)))
        return 0;
    if (c->ask)
        return ck_ask_actions(g, p, out, max);
    if (c->hand[CK_HAND] || !c->draws) {
        uint32_t seen = 0;
        for (int i = 0; i <= CK_HAND && c->hand[i]; i++) {
            if (seen >> c->hand[i] & 1)
                continue;
            seen |= 1u << c->hand[i];
            list_card(&l, p, c->hand[i]);
            if (c->hand[CK_HAND])
                try_put(&l, (struct game_action){.type = ACT_PROGRESS_DISCARD,
                                                 .player = (int8_t)p,
                                                 .target = -1,
                                                 .res = c->hand[i]});
        }
    }
    for (int t = 0; t < CK_TRACKS && c->draws; t++)
        try_put(&l, (struct game_action){.type = ACT_PROGRESS_DRAW,
                                         .player = (int8_t)p,
                                         .target = -1,
                                         .res = (uint8_t)t});
    return l.n;
}

/* ---- a restored state ---- */

int progress_state_ok(const struct game *g, const struct board_geo *geo)
{
    int drawn = 0, held = 0, points = 0;
    for (int t = 0; t < CK_TRACKS; t++) {
        uint8_t count[PROG_COUNT] = {0};
        if (g->ck.deck_pos[t] > CK_DECK)
            return 0;
        drawn += g->ck.deck_pos[t];
        for (int i = 0; i < CK_DECK; i++) {
            int c = g->ck.deck[t][i];
            if (!c || c >= PROG_COUNT || deck_of(c) != t || ++count[c] > in_deck[c])
                return 0;
        }
    }
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        const struct ck_player *c = &g->ck.p[p];
        int n = hand_count(c);
        for (int i = 0; i <= CK_HAND; i++)
            if ((i < n) != (c->hand[i] != 0) || c->hand[i] >= PROG_COUNT || shown(c->hand[i]))
                return 0;
        held += n;
        points += c->progress_points;
        if (c->fleet >> GOOD_COUNT)
            return 0;
    }
    if (held + g->ck.played != drawn || points > g->ck.played || !ck_asks_ok(g, geo))
        return 0;
    if (!g->ck.merchant != !g->ck.merchant_owner ||
        (g->ck.sabotage && (g->ck.sabotage > 1 || g->phase != PHASE_DISCARD)))
        return 0;
    int m = g->ck.merchant - 1;
    return !g->ck.merchant || (m < geo->n_hexes && g->ck.merchant_owner <= g->opt.n_players &&
                               g->terrain[m] < TERRAIN_DESERT);
}
