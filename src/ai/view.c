/* The determinized view: the game as one seat can see it, the rest sampled.
 *
 * What the seat knows and the view keeps: the board, the bank, every public count (hand sizes,
 * development cards held, knights played, cards left in the deck), its own hand and cards, the
 * open offers. What it cannot see and the view replaces: which resource cards the others hold,
 * which development cards they hold, the order of the deck, and the game's generator.
 *
 * The others' resource cards together are exactly what the bank and the seat's hand leave of
 * each resource (bank + hands = the supply), so the view deals out that same pile at random,
 * keeping each hand's size. The cards an offer shows are dealt first: an offerer holds what
 * they offer, and a player who accepted holds what they agreed to give. The others' development
 * cards and the rest of the deck are likewise one pile (the cards this seat has not seen), dealt
 * out again keeping how many cards each player holds; a player whose turn it is cannot hold
 * enough victory cards to reach the goal (they would have won), so such a deal is made again.
 *
 * Cities & Knights: the commodities are cards of the same hands, dealt from the same pile (what
 * the commodities' bank and the seat leave of each). The others' progress cards and the order of
 * the three decks are hidden too; which deck each held card came from is public (a city gate
 * names its deck, and so does a chosen draw), so each deck's cards left and the others' cards
 * from it are dealt again into the same slots (sample_progress below). A seat that looked at a
 * player's hand with a master merchant or a spy and chooses from it now (ASK_TAKE, ASK_SPY) knows
 * that hand: it is kept as it is, out of the pile.
 *
 * One simplification: the development cards a player held when resigning left the game
 * without being shown, and the state keeps no record of them apart from the rest; the pile
 * leaves them out, as if the seat knew which cards they were. They play no part any more, and
 * a resignation is rare. */
#include "ai/internal.h"

#include <string.h>

uint64_t ai_mix(uint64_t seed, uint64_t i)
{
    uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

const struct trade_offer *ai_unanswered(const struct game *g, int player)
{
    for (int k = 0; k < GAME_MAX_OFFERS; k++) {
        const struct trade_offer *o = &g->offers[k];
        if (o->id && o->from != player && (o->to_mask & AI_BIT(player)) &&
            !((o->accepted | o->rejected) & AI_BIT(player)))
            return o;
    }
    return NULL;
}

/* The others' hands being dealt: what is left of each resource, and room left per hand. */
struct deal {
    int pool[RES_COUNT];
    int room[GAME_MAX_PLAYERS];
};

/* Deal q at least want[] of each resource, as far as the pile and q's hand size allow. */
static void deal_known(struct deal *d, struct game *v, int q, const uint8_t want[RES_COUNT])
{
    for (int r = 0; r < RES_COUNT; r++) {
        int k = want[r] - v->p[q].res[r];
        k = k < d->pool[r] ? k : d->pool[r];
        k = k < d->room[q] ? k : d->room[q];
        if (k <= 0)
            continue;
        v->p[q].res[r] = (uint8_t)(v->p[q].res[r] + k);
        d->pool[r] -= k;
        d->room[q] -= k;
    }
}

static void deal_offers(const struct game *g, int seat, struct deal *d, struct game *v)
{
    for (int k = 0; k < GAME_MAX_OFFERS; k++) {
        const struct trade_offer *o = &g->offers[k];
        if (!o->id)
            continue;
        if (o->from != seat)
            deal_known(d, v, o->from, o->give);
        for (int q = 0; q < g->opt.n_players; q++)
            if (q != seat && (o->accepted & AI_BIT(q)))
                deal_known(d, v, q, o->get);
    }
}

/* The player whose hand seat saw and chooses from now (kind ASK_TAKE: the goods; ASK_SPY: the
 * progress cards), or -1. */
static int seen_by(const struct game *g, int seat, int kind)
{
    return g->ck.on && g->ck.p[seat].ask == kind ? g->ck.p[seat].ask_arg : -1;
}

/* The others' cards dealt again: with Cities & Knights the commodities are cards of the same
 * hands (goods RES_COUNT.. in the pile), what the commodities' bank and the seat leave of them. */
static void sample_resources(const struct game *g, int seat, struct bw_rng *rng, struct game *v)
{
    struct deal d;
    int goods = g->ck.on ? GOOD_COUNT : RES_COUNT, com_pool[COM_COUNT] = {0};
    int seen = seen_by(g, seat, ASK_TAKE);
    for (int r = 0; r < RES_COUNT; r++) {
        d.pool[r] =
            g->bank_start - g->bank[r] - g->p[seat].res[r] - (seen >= 0 ? g->p[seen].res[r] : 0);
        d.pool[r] = d.pool[r] > 0 ? d.pool[r] : 0;
    }
    for (int c = 0; c < COM_COUNT && g->ck.on; c++) {
        com_pool[c] = CK_BANK - g->ck.bank[c] - g->p[seat].commodity[c] -
                      (seen >= 0 ? g->p[seen].commodity[c] : 0);
        com_pool[c] = com_pool[c] > 0 ? com_pool[c] : 0;
    }
    for (int q = 0; q < g->opt.n_players; q++) {
        d.room[q] = q == seat || q == seen ? 0 : game_hand_size(g, q);
        if (q != seat && q != seen) {
            memset(v->p[q].res, 0, sizeof v->p[q].res);
            if (g->ck.on)
                memset(v->p[q].commodity, 0, sizeof v->p[q].commodity);
        }
    }
    deal_offers(g, seat, &d, v);
    uint8_t pile[GOOD_COUNT * 24 + 1];
    int n = 0;
    for (int k = 0; k < goods; k++) {
        int left = k < RES_COUNT ? d.pool[k] : com_pool[k - RES_COUNT];
        for (int i = 0; i < left && n < (int)sizeof pile; i++)
            pile[n++] = (uint8_t)k;
    }
    bw_rng_shuffle_u8(rng, pile, n);
    int next = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        for (int k = 0; k < d.room[q] && next < n; k++) {
            int x = pile[next++];
            if (x < RES_COUNT)
                v->p[q].res[x]++;
            else
                v->p[q].commodity[x - RES_COUNT]++;
        }
}

/* A player whose own turn it is has fewer points than the goal (else they would have won):
 * a deal that gives them enough victory cards to win is not one the seat can be looking at. */
static int deal_possible(const struct game *v, int seat)
{
    int q = v->current;
    if (q == seat || v->phase < PHASE_ROLL || v->phase > PHASE_MAIN)
        return 1;
    return game_vp_total(v, q) < v->vp_goal;
}

static void deal_devs(const struct game *g, int seat, const uint8_t *pile, int n, struct game *v)
{
    int next = 0;
    for (int q = 0; q < g->opt.n_players; q++) {
        if (q == seat)
            continue;
        int held = 0, fresh = 0;
        for (int c = 0; c < DEV_COUNT; c++) {
            held += g->p[q].dev[c];
            fresh += g->p[q].dev_new[c];
        }
        memset(v->p[q].dev, 0, sizeof v->p[q].dev);
        memset(v->p[q].dev_new, 0, sizeof v->p[q].dev_new);
        for (int k = 0; k < held && next < n; k++)
            v->p[q].dev[pile[next++]]++;
        for (int k = 0; k < fresh && next < n; k++)
            v->p[q].dev_new[pile[next++]]++;
    }
    /* The rest is the deck still to draw; the cards drawn before it are the rest of the
     * deck's make-up, in a fixed order since nothing reads them. */
    int left[DEV_COUNT] = {0};
    for (int i = 0; i < g->deck_size; i++)
        left[g->deck[i]]++;
    for (int i = g->deck_pos; i < g->deck_size && next < n; i++) {
        v->deck[i] = pile[next++];
        left[v->deck[i]]--;
    }
    int i = 0;
    for (int c = 0; c < DEV_COUNT; c++)
        for (int k = 0; k < left[c] && i < g->deck_pos; k++)
            v->deck[i++] = (uint8_t)c;
}

static void sample_devs(const struct game *g, int seat, struct bw_rng *rng, struct game *v)
{
    int unseen[DEV_COUNT] = {0};
    for (int i = g->deck_pos; i < g->deck_size; i++)
        unseen[g->deck[i] < DEV_COUNT ? g->deck[i] : 0]++;
    for (int q = 0; q < g->opt.n_players; q++)
        for (int c = 0; c < DEV_COUNT && q != seat; c++)
            unseen[c] += g->p[q].dev[c] + g->p[q].dev_new[c];
    uint8_t pile[GAME_DEV_DECK_MAX + GAME_MAX_PLAYERS * 2 * 32];
    int n = 0;
    for (int c = 0; c < DEV_COUNT; c++)
        for (int k = 0; k < unseen[c] && n < (int)sizeof pile; k++)
            pile[n++] = (uint8_t)c;
    for (int tries = 0; tries < 16; tries++) {
        bw_rng_shuffle_u8(rng, pile, n);
        deal_devs(g, seat, pile, n, v);
        if (deal_possible(v, seat))
            return;
    }
}

/* Cities & Knights: the others' progress cards and the order of the decks. Which deck each
 * card in a hand came from is public (a city gate names its deck, a chosen deck is seen), its
 * face is not: for each deck, the cards still in it and those the others hold from it are one
 * pile, dealt again to the same slots and the deck; the drawn part of each deck becomes its
 * make-up less what is left, in a fixed order (nothing reads it). */
static int prog_deck(int card)
{
    return card <= PROG_SMITH            ? TRACK_SCIENCE
           : card <= PROG_TRADE_MONOPOLY ? TRACK_TRADE
                                         : TRACK_POLITICS;
}

/* The next card of pile[*next..n) that a hand may hold (not shown when drawn), moved to the
 * front of what is left. */
static uint8_t take_held(uint8_t *pile, int n, int *next)
{
    int k = *next;
    while (k < n - 1 && (pile[k] == PROG_PRINTER || pile[k] == PROG_CONSTITUTION))
        k++;
    uint8_t card = pile[k];
    pile[k] = pile[*next];
    pile[(*next)++] = card;
    return card;
}

static void sample_progress(const struct game *g, int seat, struct bw_rng *rng, struct game *v)
{
    int shown = seen_by(g, seat, ASK_SPY);
    for (int t = 0; t < CK_TRACKS; t++) {
        uint8_t pile[CK_DECK + GAME_MAX_PLAYERS * (CK_HAND + 1)];
        int n = 0, make_up[PROG_COUNT] = {0};
        for (int i = 0; i < CK_DECK; i++)
            make_up[g->ck.deck[t][i] % PROG_COUNT]++;
        for (int i = g->ck.deck_pos[t]; i < CK_DECK; i++)
            pile[n++] = g->ck.deck[t][i];
        for (int q = 0; q < g->opt.n_players; q++)
            for (int i = 0; i <= CK_HAND && q != seat && q != shown && g->ck.p[q].hand[i]; i++)
                if (prog_deck(g->ck.p[q].hand[i]) == t)
                    pile[n++] = g->ck.p[q].hand[i];
        int seen[PROG_COUNT] = {0}; /* in a fixed order first: the shuffle alone decides */
        for (int i = 0; i < n; i++)
            seen[pile[i] % PROG_COUNT]++;
        n = 0;
        for (int c = 1; c < PROG_COUNT; c++)
            for (; seen[c] > 0; seen[c]--)
                pile[n++] = (uint8_t)c;
        bw_rng_shuffle_u8(rng, pile, n);
        /* Printers and constitutions are shown when drawn: never in a hand, so in the deck. */
        int next = 0;
        for (int q = 0; q < g->opt.n_players; q++)
            for (int i = 0; i <= CK_HAND && q != seat && q != shown && g->ck.p[q].hand[i]; i++)
                if (prog_deck(g->ck.p[q].hand[i]) == t)
                    v->ck.p[q].hand[i] = take_held(pile, n, &next);
        for (int i = g->ck.deck_pos[t], k = next; i < CK_DECK; i++, k++) {
            v->ck.deck[t][i] = pile[k];
            make_up[v->ck.deck[t][i]]--;
        }
        int i = 0;
        for (int c = 1; c < PROG_COUNT; c++)
            for (; make_up[c] > 0 && i < g->ck.deck_pos[t]; make_up[c]--)
                v->ck.deck[t][i++] = (uint8_t)c;
    }
}

int ai_view(const struct game *g, int player, uint64_t seed, struct game *view)
{
    if (!g || !view || player < 0 || player >= g->opt.n_players ||
        g->opt.n_players > GAME_MAX_PLAYERS)
        return BW_E(INVALID);
    struct game real = *g; /* view may be g itself */
    struct bw_rng rng;
    bw_rng_seed(&rng, ai_mix(seed, 0));
    *view = real;
    sample_resources(&real, player, &rng, view);
    sample_devs(&real, player, &rng, view);
    if (real.ck.on)
        sample_progress(&real, player, &rng, view);
    bw_rng_seed(&view->rng, ai_mix(seed, 1));
    return BW_OK;
}
