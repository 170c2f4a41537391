/* Cities & Knights: the computer players' answers to what the game asks them (the same at every
 * level; the dice deck's event cards' questions too: a resource from the bank, the one worth
 * most; a resource given, the one whose loss costs least; the player a card is taken from, the
 * most threatening holding one), and the worth of the progress cards that ask other players,
 * reckoned from what the player may know (doc/cities.md, "Asks"; doc/computer-players.md).
 *
 * Answers, and why:
 * - the pillaged city: the one whose loss leaves the position worth most (the value function:
 *   the city producing least, a wall lost with it counted);
 * - the goods of a wedding, the commodity of a commercial harbor: one at a time the good whose
 *   loss costs least, as a discard after a 7 (what the next build or improvement needs is kept);
 * - the displaced knight's corner: the one where it does most (ai_ck_knight_spot);
 * - the knight given up to a deserter: the weakest, an inactive one first, then the one doing
 *   least where it stands.
 *
 * The cards: nobody is asked anything in the worth the normal player gives them here (the asks
 * would wait, and the view's dealt hands would answer them): a wedding by the goods each richer
 * player must give, at a stolen card's worth; a commercial harbor by the chance, from public
 * counts, that its target holds a commodity and what one is worth to the player; a deserter by
 * the knight its target would give up (the answer above, on public knights), the target's
 * strength and the player's own knight; an intrigue by how much the displaced knight stood in the
 * player's way and where its owner would put it; the diplomat by the position without the road
 * and an award it breaks. */
#include "ai/internal.h"

#include <math.h>
#include <string.h>

/* A knight's corner (hundredths of a point): */
#define SPOT_BLOCK 8  /* a road of another player ends there: it goes no further, times threat */
#define SPOT_GUARD 6  /* a free corner for a settlement that another player's roads reach too */
#define SPOT_OWN (-6) /* a free corner only the player reaches: the knight stands in its way */
#define SPOT_ROBBER 3 /* it touches the robber's hex, where the player has a building */
#define SPOT_END 2    /* the end of the player's roads: it keeps their way open */

/* The cards: */
#define GOOD_BASE 6.0     /* a good taken from another player (as a stolen card) */
#define GOOD_THREAT 6.0   /* ... times their threat */
#define DESERT_LEVEL 8.0  /* a level of the knight a deserter takes, times its owner's threat */
#define DESERT_MOST 10.0  /* the knight taken from the strongest */
#define INTRIGUE_BASE 4.0 /* a knight displaced, times its owner's threat */
#define INTRIGUE_ROAD 8.0 /* per road of the player's that the knight stopped */
#define INTRIGUE_SPOT 12  /* the knight stood on a free corner for the player's settlement */
#define DIPLO_AWARD 30.0  /* the longest road taken from its holder, times their threat */
#define DIPLO_BLOCK 8.0   /* another player's road at the end of the player's own */

static int opponent(const struct game *g, int p, int q)
{
    return q != p && q >= 0 && q < g->opt.n_players && !g->p[q].resigned;
}

double ai_ck_knight_spot(const struct game *g, int p, int v)
{
    const struct board_geo *geo = game_geo(g);
    double s = 0;
    int own = 0;
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i], o = e >= 0 ? g->edge_owner[e] : -1;
        if (o == p)
            own++;
        else if (o >= 0)
            s += SPOT_BLOCK * ai_threat(g, o);
        int h = geo->vertex_hex[v][i];
        if (h >= 0 && h == g->robber && (g->hexes_of[p] >> h & 1))
            s += SPOT_ROBBER;
    }
    if (!ai_bits_has(g->no_settle, v) && g->vertex_owner[v] < 0) {
        int rival = 0;
        for (int q = 0; q < g->opt.n_players; q++)
            rival |= opponent(g, p, q) && ai_bits_has(g->reach_of[q], v);
        s += rival ? SPOT_GUARD : SPOT_OWN;
    }
    return s + (own == 1 ? SPOT_END : 0);
}

/* Which of p's knights to give up first: the lowest key (level, then active, then the least
 * its corner does). */
static double desert_key(const struct game *g, int p, int v)
{
    int k;
    if (game_knight_at(g, v, &k) != p)
        return 1e9;
    int st = g->ck.p[p].knight[k];
    return ((st & KNIGHT_LEVEL) * 2 + !!(st & KNIGHT_ACTIVE)) * 1000.0 + ai_ck_knight_spot(g, p, v);
}

/* A card of good k of p in g: a resource or a commodity. */
static uint8_t *good_of(struct game *g, int p, int k)
{
    return k < RES_COUNT ? &g->p[p].res[k] : &g->p[p].commodity[k - RES_COUNT];
}

/* The n goods of kinds first..GOOD_COUNT-1 whose loss costs p least, one at a time, as give[]
 * (resources) and get[] (commodities) of out. */
static void give_least(const struct ai_board *b, const struct game *g, int p, int n, int first,
                       struct game_action *out)
{
    struct game c = *g;
    ai_blank(out, ACT_CK_GIVE, p);
    for (int i = 0; i < n; i++) {
        int best_k = -1;
        double best = 0;
        for (int k = first; k < GOOD_COUNT; k++) {
            uint8_t *have = good_of(&c, p, k);
            if (!*have)
                continue;
            --*have;
            double v = ai_value(b, &c, p);
            ++*have;
            if (best_k < 0 || v > best)
                best = v, best_k = k;
        }
        if (best_k < 0)
            return;
        --*good_of(&c, p, best_k);
        if (best_k < RES_COUNT)
            out->give[best_k]++;
        else
            out->get[best_k - RES_COUNT]++;
    }
}

/* The worth to p of the answer a to a pillage, knight or deserter question (higher: better). */
static double answer_worth(const struct ai_board *b, const struct game *g, int p,
                           const struct game_action *a)
{
    switch (g->ck.p[p].ask) {
    case ASK_PILLAGE: {
        struct game c = *g;
        return game_apply(&c, a, NULL, 0, NULL) == BW_OK ? ai_value(b, &c, p) : -1e18;
    }
    case ASK_KNIGHT:
        return ai_ck_knight_spot(g, p, a->a);
    default:
        return -desert_key(g, p, a->a);
    }
}

/* The answer by the corner (pillage, knight, deserter); b may be NULL but for a pillage. */
static int answer_corner(const struct ai_board *b, const struct game *g, int p,
                         struct game_action *out)
{
    struct game_action list[AI_MAX_ACTIONS];
    int n = game_legal_actions(g, p, list, AI_MAX_ACTIONS), best = -1;
    n = n < AI_MAX_ACTIONS ? n : AI_MAX_ACTIONS;
    double best_w = 0;
    for (int i = 0; i < n; i++) {
        if (list[i].type != ACT_CK_CHOOSE)
            continue;
        double w = answer_worth(b, g, p, &list[i]);
        if (best < 0 || w > best_w)
            best = i, best_w = w;
    }
    if (best < 0)
        return BW_E(WRONG_PHASE);
    *out = list[best];
    return BW_OK;
}

/* ---- the dice deck's event cards ---- */

/* The resource from the bank whose card is worth most to p. */
static void take_best(const struct ai_board *b, const struct game *g, int p,
                      struct game_action *out)
{
    struct game c = *g;
    int best_r = -1;
    double best = 0;
    ai_blank(out, ACT_CK_GIVE, p);
    for (int r = 0; r < RES_COUNT; r++) {
        if (!g->bank[r])
            continue;
        c.p[p].res[r]++;
        double v = ai_value(b, &c, p);
        c.p[p].res[r]--;
        if (best_r < 0 || v > best)
            best = v, best_r = r;
    }
    if (best_r >= 0)
        out->get[best_r] = 1;
}

/* The player to take a card from, of those the game allows: the most threatening, then the
 * fullest hand. */
static void rob_best(const struct game *g, int p, struct game_action *out)
{
    struct game_action list[GAME_MAX_PLAYERS];
    int n = game_legal_actions(g, p, list, GAME_MAX_PLAYERS), best = -1;
    double key = 0;
    ai_blank(out, ACT_CK_CHOOSE, p);
    for (int i = 0; i < n && i < GAME_MAX_PLAYERS; i++) {
        int q = list[i].target;
        double k = ai_threat(g, q) * 100 + game_hand_size(g, q);
        if (list[i].type == ACT_CK_CHOOSE && (best < 0 || k > key))
            best = q, key = k;
    }
    out->target = (int8_t)best;
}

static int dice_answer(const struct ai_board *b, const struct game *g, int p,
                       struct game_action *out)
{
    switch (g->dice_ask[p]) {
    case DICE_ASK_TAKE:
        take_best(b, g, p, out);
        return BW_OK;
    case DICE_ASK_GIVE:
        give_least(b, g, p, 1, 0, out);
        return BW_OK;
    case DICE_ASK_ROB:
        rob_best(g, p, out);
        return BW_OK;
    default:
        return BW_E(WRONG_PHASE);
    }
}

bool ai_ck_answers(const struct game *g, int p)
{
    if (!g->ck.on && g->dice_ask[p] != DICE_ASK_NONE)
        return true;
    int ask = g->ck.on || g->opt.two ? g->ck.p[p].ask : ASK_NONE;
    return ask == ASK_WEDDING || ask == ASK_HARBOR || ask == ASK_PILLAGE || ask == ASK_KNIGHT ||
           ask == ASK_DESERTER || ask == ASK_NEUTRAL || ask == ASK_RETURN;
}

int ai_ck_answer(const struct ai_board *b, const struct game *g, int p, struct game_action *out)
{
    const struct ck_player *c = &g->ck.p[p];
    if (!g->ck.on && g->dice_ask[p]) /* an event card of the dice deck (not Catan for two) */
        return dice_answer(b, g, p, out);
    switch (c->ask) {
    case ASK_WEDDING:
    case ASK_RETURN: /* Catan for two: a forced trade's cards given back */
    case ASK_HARBOR:
        give_least(b, g, p, c->ask != ASK_HARBOR ? c->ask_arg : 1,
                   c->ask != ASK_HARBOR ? 0 : GOOD_PAPER, out);
        return BW_OK;
    case ASK_NEUTRAL: /* Catan for two (two.c) */
        return ai_two_neutral(b, g, p, out);
    case ASK_PILLAGE:
    case ASK_KNIGHT:
    case ASK_DESERTER:
        return answer_corner(b, g, p, out);
    default:
        return BW_E(WRONG_PHASE);
    }
}

/* ---- the cards ---- */

void ai_ck_drop_card(struct game *c, int p, int card)
{
    for (int i = 0; i <= CK_HAND && c->ck.p[p].hand[i]; i++)
        if (c->ck.p[p].hand[i] == card) {
            memmove(&c->ck.p[p].hand[i], &c->ck.p[p].hand[i + 1], (size_t)(CK_HAND - i));
            c->ck.p[p].hand[CK_HAND] = 0;
            return;
        }
}

/* The others' questions after a card, answered as p expects them to be: a deserter's and a
 * displaced knight's by the answers above (knights and roads are public). */
static void settle_asks(struct game *c, int p)
{
    for (int round = 0; round < GAME_MAX_PLAYERS && c->ck.asker; round++)
        for (int q = 0; q < c->opt.n_players; q++) {
            int ask = c->ck.p[q].ask;
            struct game_action a;
            if (q != p && (ask == ASK_KNIGHT || ask == ASK_DESERTER) &&
                answer_corner(NULL, c, q, &a) == BW_OK)
                game_apply(c, &a, NULL, 0, NULL);
        }
}

/* What q is expected to hold of commodities, from public counts: those neither in the bank
 * nor in p's hand, shared among the others by their hand sizes, more to those whose cities
 * make them; the chance q holds at least one. */
static double holds_commodity(const struct game *g, int p, int q)
{
    int pool = 0, hand = game_hand_size(g, q);
    for (int k = 0; k < COM_COUNT; k++)
        pool += CK_BANK - g->ck.bank[k] - g->p[p].commodity[k];
    double share = 0, total = 0;
    for (int o = 0; o < g->opt.n_players; o++) {
        if (!opponent(g, p, o))
            continue;
        int prod[RES_COUNT] = {0}, com[COM_COUNT];
        ai_ck_production(g, o, prod, com);
        double w = game_hand_size(g, o) * (1.0 + com[0] + com[1] + com[2]);
        total += w;
        share += o == q ? w : 0;
    }
    if (pool <= 0 || hand <= 0 || total <= 0)
        return 0;
    double f = pool * share / total / hand;
    f = f > 1 ? 1 : f;
    return 1 - pow(1 - f, hand);
}

/* The mean worth to p of one more commodity (the harbor's giver chooses which). */
static double commodity_gain(const struct ai_board *b, const struct game *c, int p)
{
    struct game d = *c;
    double base = ai_value(b, &d, p), sum = 0;
    for (int k = 0; k < COM_COUNT; k++) {
        d.p[p].commodity[k]++;
        sum += ai_value(b, &d, p) - base;
        d.p[p].commodity[k]--;
    }
    return sum / COM_COUNT;
}

static int harbor(const struct ai_board *b, const struct game *g, int p,
                  const struct game_action *a, struct game *c, double *bonus)
{
    *c = *g;
    ai_ck_drop_card(c, p, PROG_COMMERCIAL_HARBOR);
    double chance[GAME_MAX_PLAYERS] = {0};
    for (int q = 0; q < g->opt.n_players && q < GAME_MAX_PLAYERS; q++) {
        int r = (((q < 4 ? a->a : a->b) >> (4 * (q % 4))) & 15) - 1;
        if (r < 0)
            continue;
        if (r >= RES_COUNT || !c->p[p].res[r] || !opponent(g, p, q))
            return -1;
        c->p[p].res[r]--;
        c->p[q].res[r]++;
        chance[q] = holds_commodity(g, p, q);
    }
    double gain = commodity_gain(b, c, p);
    for (int q = 0; q < g->opt.n_players && q < GAME_MAX_PLAYERS; q++)
        *bonus += chance[q] * gain;
    return 1;
}

/* An offer of resource r to each seat in to (bits) as ACT_PROGRESS's a and b. */
static void harbor_offer(struct game_action *a, unsigned to, int r)
{
    a->a = a->b = 0;
    for (int q = 0; q < GAME_MAX_PLAYERS; q++)
        if (to >> q & 1) {
            if (q < 4)
                a->a = (int16_t)(a->a | (r + 1) << (4 * q));
            else
                a->b = (int16_t)(a->b | (r + 1) << (4 * (q - 4)));
        }
}

int ai_ck_harbor_plays(const struct game *g, int p, struct game_action *buf, int n, int max)
{
    struct game_action card;
    int m = 0, listed = 0;
    for (int i = 0; i < n; i++) {
        if (buf[i].type == ACT_PROGRESS && buf[i].res == PROG_COMMERCIAL_HARBOR)
            card = buf[i], listed = 1;
        else
            buf[m++] = buf[i];
    }
    if (!listed)
        return n;
    unsigned likely = 0;
    for (int q = 0; q < g->opt.n_players && q < GAME_MAX_PLAYERS; q++)
        likely |= opponent(g, p, q) && holds_commodity(g, p, q) > 0 ? AI_BIT(q) : 0;
    for (int r = 0; r < RES_COUNT; r++) {
        int have = g->p[p].res[r];
        /* r to each single player, and to all of them when p holds enough */
        for (int q = 0; q < g->opt.n_players && have && m < max; q++)
            if (likely >> q & 1) {
                harbor_offer(&card, AI_BIT(q), r);
                buf[m++] = card;
            }
        if (have >= __builtin_popcount(likely) && __builtin_popcount(likely) > 1 && m < max) {
            harbor_offer(&card, likely, r);
            buf[m++] = card;
        }
    }
    return m;
}

static int wedding(const struct game *g, int p, struct game *c, double *bonus)
{
    int vp = game_vp_public(g, p);
    *c = *g;
    ai_ck_drop_card(c, p, PROG_WEDDING);
    for (int q = 0; q < g->opt.n_players; q++) {
        int n = game_hand_size(g, q);
        if (opponent(g, p, q) && game_vp_public(g, q) > vp)
            *bonus += (n < 2 ? n : 2) * (GOOD_BASE + GOOD_THREAT * ai_threat(g, q));
    }
    return 1;
}

static int strongest(const struct game *g, int q)
{
    int s = game_knight_strength(g, q), most = 1;
    for (int o = 0; o < g->opt.n_players; o++)
        most &= o == q || g->p[o].resigned || game_knight_strength(g, o) < s;
    return most && s > 0;
}

static int deserter(const struct game *g, int p, const struct game_action *a, struct game *c,
                    double *bonus)
{
    int q = a->target, levels = 0;
    for (int k = 0; k < CK_KNIGHTS; k++)
        levels += g->ck.p[q].knight_at[k] ? g->ck.p[q].knight[k] & KNIGHT_LEVEL : 0;
    int most = strongest(g, q);
    settle_asks(c, p);
    for (int k = 0; k < CK_KNIGHTS; k++)
        levels -= c->ck.p[q].knight_at[k] ? c->ck.p[q].knight[k] & KNIGHT_LEVEL : 0;
    *bonus = levels * DESERT_LEVEL * ai_threat(g, q) + (most ? DESERT_MOST : 0) +
             (a->a >= 0 ? ai_ck_knight_spot(c, p, a->a) : 0);
    return 1;
}

/* How much q's knight at v stood in p's way: p's roads it stopped, p's settlement spot. */
static double in_the_way(const struct game *g, int p, int v)
{
    const struct board_geo *geo = game_geo(g);
    double s = 0;
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i];
        s += e >= 0 && g->edge_owner[e] == p ? INTRIGUE_ROAD : 0;
    }
    if (!ai_bits_has(g->no_settle, v) && g->vertex_owner[v] < 0)
        s += INTRIGUE_SPOT + 2.0 * g->vertex_pips[v];
    return s;
}

static int intrigue(const struct game *g, int p, const struct game_action *a, struct game *c,
                    double *bonus)
{
    int q = game_knight_at(g, a->a, NULL);
    settle_asks(c, p);
    /* Where its owner puts it counts against the card when it stands in the way again. */
    int at = -1;
    for (int k = 0; q >= 0 && k < CK_KNIGHTS; k++)
        if (g->ck.p[q].knight_at[k] == a->a + 1)
            at = c->ck.p[q].knight_at[k] - 1;
    *bonus = (q >= 0 ? INTRIGUE_BASE * ai_threat(g, q) : 0) + in_the_way(g, p, a->a) -
             (at >= 0 ? in_the_way(c, p, at) : 0);
    return 1;
}

static int diplomat(const struct game *g, int p, const struct game_action *a, struct game *c,
                    double *bonus)
{
    const struct board_geo *geo = game_geo(g);
    int o = g->edge_owner[a->a];
    if (o < 0 || o == p)
        return 1;
    if (g->longest_road == o && c->longest_road != o)
        *bonus += DIPLO_AWARD * ai_threat(g, o);
    for (int i = 0; i < 2; i++)
        *bonus += ai_bits_has(g->reach_of[p], geo->edge_vertex[a->a][i]) ? DIPLO_BLOCK : 0;
    return 1;
}

int ai_ck_expect_ask(const struct ai_board *b, const struct game *g, int p,
                     const struct game_action *a, struct game *c, double *bonus)
{
    if (a->type != ACT_PROGRESS)
        return 0;
    switch (a->res) {
    case PROG_WEDDING:
    case PROG_COMMERCIAL_HARBOR:
    case PROG_DESERTER:
    case PROG_INTRIGUE:
    case PROG_DIPLOMAT:
        break;
    default:
        return 0;
    }
    /* The commercial harbor's targets come from public counts (ai_ck_harbor_plays), not from
     * whom the view dealt commodities: the game itself takes or refuses it. */
    if (a->res == PROG_COMMERCIAL_HARBOR)
        return harbor(b, g, p, a, c, bonus);
    *c = *g;
    if (game_apply(c, a, NULL, 0, NULL) != BW_OK)
        return -1;
    switch (a->res) {
    case PROG_WEDDING:
        return wedding(g, p, c, bonus);
    case PROG_DESERTER:
        return deserter(g, p, a, c, bonus);
    case PROG_INTRIGUE:
        return intrigue(g, p, a, c, bonus);
    default:
        return diplomat(g, p, a, c, bonus);
    }
}
