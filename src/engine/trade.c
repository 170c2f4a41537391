/* Trading: maritime trades with the bank and domestic offers between players. */
#include "engine/internal.h"

#include <string.h>

static int trade_shape_error(const uint8_t give[RES_COUNT], const uint8_t get[RES_COUNT])
{
    if (!sum5(give) || !sum5(get))
        return BW_E(BAD_TRADE);
    for (int r = 0; r < RES_COUNT; r++)
        if (give[r] && get[r])
            return BW_E(BAD_TRADE);
    return BW_OK;
}

int act_bank(struct game *g, struct evbuf *eb, int p, const uint8_t give[RES_COUNT],
             const uint8_t get[RES_COUNT])
{
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    int err = trade_shape_error(give, get);
    if (err)
        return err;
    int units = 0;
    const uint8_t *rates = g->rates_of[p];
    for (int r = 0; r < RES_COUNT; r++) {
        if (!give[r])
            continue; /* (a division is slow) */
        if (give[r] % rates[r])
            return BW_E(BAD_RATE);
        units += give[r] / rates[r];
    }
    if (units != sum5(get))
        return BW_E(BAD_RATE);
    if (!has_cards(g->p[p].res, give))
        return BW_E(NOT_ENOUGH);
    if (!has_cards(g->bank, get))
        return BW_E(BANK_EMPTY);
    struct game_event *e = ev_push(eb, EV_BANK_TRADE, p);
    for (int r = 0; r < RES_COUNT; r++) {
        g->p[p].res[r] = (uint8_t)(g->p[p].res[r] - give[r] + get[r]);
        g->bank[r] = (uint8_t)(g->bank[r] + give[r] - get[r]);
        if (e) {
            e->res[r] = give[r];
            e->res2[r] = get[r];
        }
    }
    return BW_OK;
}

/* Cities & Knights: the commodities of an offer packed in ACT_OFFER's a or b (5 bits each). */
static void unpack_commodities(int v, uint8_t out[COM_COUNT])
{
    for (int c = 0; c < COM_COUNT; c++)
        out[c] = (uint8_t)(v > 0 ? (v >> (5 * c)) & 31 : 0);
}

static int com_sum(const uint8_t c[COM_COUNT])
{
    return c[0] + c[1] + c[2];
}

static int has_commodities(const struct game_player *pl, const uint8_t c[COM_COUNT])
{
    return pl->commodity[0] >= c[0] && pl->commodity[1] >= c[1] && pl->commodity[2] >= c[2];
}

/* The offer's shape and cards with its commodities (Cities & Knights). */
static int ck_offer_error(const struct game *g, const struct game_action *a,
                          const uint8_t cg[COM_COUNT], const uint8_t cw[COM_COUNT])
{
    if ((!sum5(a->give) && !com_sum(cg)) || (!sum5(a->get) && !com_sum(cw)))
        return BW_E(BAD_TRADE);
    for (int r = 0; r < RES_COUNT; r++)
        if (a->give[r] && a->get[r])
            return BW_E(BAD_TRADE);
    for (int c = 0; c < COM_COUNT; c++)
        if (cg[c] && cw[c])
            return BW_E(BAD_TRADE);
    if (!has_cards(g->p[a->player].res, a->give) || !has_commodities(&g->p[a->player], cg))
        return BW_E(NOT_ENOUGH);
    return BW_OK;
}

static void commodities_event(struct evbuf *eb, const struct trade_offer *o, int other)
{
    struct game_event *e =
        com_sum(o->com_give) + com_sum(o->com_get) ? ev_push(eb, EV_COMMODITIES, o->from) : NULL;
    if (e) {
        e->other = (int8_t)other;
        e->a = (int16_t)o->id;
        memcpy(e->res, o->com_give, COM_COUNT);
        memcpy(e->res2, o->com_get, COM_COUNT);
    }
}

static struct trade_offer *find_offer(struct game *g, int id)
{
    return (struct trade_offer *)game_offer(g, id);
}

int act_offer(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int p = a->player;
    if (g->phase != PHASE_MAIN)
        return BW_E(WRONG_PHASE);
    uint8_t cg[COM_COUNT] = {0}, cw[COM_COUNT] = {0};
    int err;
    if (g->ck.on) {
        unpack_commodities(a->a, cg);
        unpack_commodities(a->b, cw);
        if ((err = ck_offer_error(g, a, cg, cw)))
            return err;
    } else {
        if ((err = trade_shape_error(a->give, a->get)))
            return err;
        if (!has_cards(g->p[p].res, a->give))
            return BW_E(NOT_ENOUGH);
    }
    unsigned others = others_mask(g, p), mask;
    if (p == g->current) {
        if (a->to_mask & ~others)
            return BW_E(NOT_PLAYING);
        mask = a->to_mask ? a->to_mask : others;
    } else {
        /* A counter-offer: always to the current player. */
        if (a->to_mask && a->to_mask != BIT(g->current))
            return BW_E(INVALID);
        mask = BIT(g->current);
    }
    if (!mask)
        return BW_E(INVALID);
    unsigned free_slots = ~(unsigned)g->offers_open & (BIT(GAME_MAX_OFFERS) - 1);
    if (!free_slots)
        return BW_E(TOO_MANY);
    int slot = __builtin_ctz(free_slots);
    struct trade_offer *o = &g->offers[slot];
    g->offers_open |= (uint8_t)BIT(slot);
    o->id = g->next_offer_id;
    g->next_offer_id = (uint16_t)(g->next_offer_id == UINT16_MAX ? 1 : g->next_offer_id + 1);
    o->from = (int8_t)p;
    o->to_mask = (uint8_t)mask;
    o->accepted = o->rejected = 0;
    memcpy(o->give, a->give, RES_COUNT);
    memcpy(o->get, a->get, RES_COUNT);
    memcpy(o->com_give, cg, COM_COUNT);
    memcpy(o->com_get, cw, COM_COUNT);
    struct game_event *e = ev_push(eb, EV_OFFER, p);
    if (e) {
        e->a = (int16_t)o->id;
        e->b = (int16_t)mask;
        memcpy(e->res, o->give, RES_COUNT);
        memcpy(e->res2, o->get, RES_COUNT);
    }
    commodities_event(eb, o, -1);
    return BW_OK;
}

static void execute_trade(struct game *g, struct evbuf *eb, struct trade_offer *o, int partner)
{
    struct game_player *a = &g->p[o->from], *b = &g->p[partner];
    for (int r = 0; r < RES_COUNT; r++) {
        a->res[r] = (uint8_t)(a->res[r] - o->give[r] + o->get[r]);
        b->res[r] = (uint8_t)(b->res[r] + o->give[r] - o->get[r]);
    }
    for (int c = 0; c < COM_COUNT && g->ck.on; c++) {
        a->commodity[c] = (uint8_t)(a->commodity[c] - o->com_give[c] + o->com_get[c]);
        b->commodity[c] = (uint8_t)(b->commodity[c] + o->com_give[c] - o->com_get[c]);
    }
    struct game_event *e = ev_push(eb, EV_TRADE, o->from);
    if (e) {
        e->other = (int8_t)partner;
        e->a = (int16_t)o->id;
        memcpy(e->res, o->give, RES_COUNT);
        memcpy(e->res2, o->get, RES_COUNT);
    }
    commodities_event(eb, o, partner);
    drop_offer(g, o);
}

int act_answer(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int p = a->player;
    if (g->phase != PHASE_MAIN)
        return BW_E(WRONG_PHASE);
    struct trade_offer *o = find_offer(g, a->a);
    if (!o)
        return BW_E(NO_OFFER);
    if (!(o->to_mask & BIT(p)))
        return BW_E(DENIED);
    if (a->type == ACT_REJECT) {
        o->rejected |= (uint8_t)BIT(p);
        o->accepted &= (uint8_t)~BIT(p);
        struct game_event *e = ev_push(eb, EV_OFFER_REJECT, p);
        if (e)
            e->a = (int16_t)o->id;
        if (o->rejected == o->to_mask)
            close_offer(g, eb, o);
        return BW_OK;
    }
    if (!has_cards(g->p[p].res, o->get) || !has_commodities(&g->p[p], o->com_get))
        return BW_E(NOT_ENOUGH);
    /* The trade happens when the offerer confirms one of those who accepted. */
    o->accepted |= (uint8_t)BIT(p);
    o->rejected &= (uint8_t)~BIT(p);
    struct game_event *e = ev_push(eb, EV_OFFER_ACCEPT, p);
    if (e) {
        e->a = (int16_t)o->id;
        e->other = o->from;
    }
    return BW_OK;
}

int act_confirm(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    if (g->phase != PHASE_MAIN)
        return BW_E(WRONG_PHASE);
    struct trade_offer *o = find_offer(g, a->a);
    if (!o)
        return BW_E(NO_OFFER);
    if (o->from != a->player)
        return BW_E(DENIED);
    if (a->target < 0 || a->target >= g->opt.n_players || !(o->accepted & BIT(a->target)))
        return BW_E(NOT_ACCEPTED);
    if (!has_cards(g->p[o->from].res, o->give) || !has_cards(g->p[a->target].res, o->get) ||
        !has_commodities(&g->p[o->from], o->com_give) ||
        !has_commodities(&g->p[a->target], o->com_get))
        return BW_E(NOT_ENOUGH);
    execute_trade(g, eb, o, a->target);
    return BW_OK;
}

int act_cancel(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    struct trade_offer *o = find_offer(g, a->a);
    if (!o)
        return BW_E(NO_OFFER);
    if (o->from != a->player)
        return BW_E(DENIED);
    close_offer(g, eb, o);
    return BW_OK;
}
