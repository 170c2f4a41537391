/* The house rules' checks of the random playouts (test_playout.c includes this once): after
 * every action of a game with random house rules, what its events say and the state it left
 * keep each rule, judged from the state before the action (pre). */
#ifndef BW_TEST_PLAYOUT_HOUSE_H
#define BW_TEST_PLAYOUT_HOUSE_H

static long house_rerolls, house_masters, house_spared_hexes, house_deck_rolls;
/* The dice deck's event cards: each event played, New Year cards, questions asked. */
static long house_events[DICE_EVENTS], house_new_years, house_event_asks;

/* Whether hex h touches a building of a player of mask. */
static int touches(const struct game *g, int h, unsigned mask)
{
    for (int c = 0; c < 6; c++) {
        int o = g->vertex_owner[game_geo(g)->hex_vertex[h][c]];
        if (o >= 0 && (mask >> o & 1))
            return 1;
    }
    return 0;
}

/* The players with 2 or fewer public points (the friendly robber spares them). */
static unsigned small_players(const struct game *g)
{
    unsigned m = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (!g->p[q].resigned && game_vp_public(g, q) <= 2)
            m |= 1u << q;
    return m;
}

/* The robber went to hex for player p: the desert and the protected players' hexes only when
 * nothing else was left. */
static void check_robber_hex(const struct game *pre, int p, int hex)
{
    uint64_t land = robber_land(pre) & ~robber_bit(pre), kept = land;
    if (pre->opt.robber_no_desert) {
        for (uint64_t l = land; l; l &= l - 1)
            if (pre->terrain[__builtin_ctzll(l)] == TERRAIN_DESERT)
                kept &= ~(l & -l);
        if (kept)
            assert_int_not_equal(pre->terrain[hex], TERRAIN_DESERT);
        else
            kept = land;
    }
    if (pre->opt.friendly_robber) {
        unsigned small = small_players(pre) & ~(1u << p);
        int free_hex = 0;
        for (uint64_t l = kept; l; l &= l - 1)
            free_hex |= !touches(pre, __builtin_ctzll(l), small);
        if (free_hex)
            assert_false(touches(pre, hex, small));
        house_spared_hexes += free_hex && small;
    }
}

/* Harbor points of p, a settlement on a harbor 1 and a city 2, counted from the board. */
static int harbor_points_of(const struct game *g, int p)
{
    const struct board_geo *geo = game_geo(g);
    int n = 0;
    for (int v = 0; v < geo->n_vertices; v++) {
        int k = geo->vertex_harbor_slot[v];
        if (g->vertex_owner[v] == p &&
            ((k >= 0 && g->harbor[k] <= HARBOR_GENERIC) || tribe_harbor_at(g, v)))
            n += g->vertex_building[v] == BUILDING_CITY ? 2 : 1;
    }
    return g->p[p].resigned ? 0 : n;
}

static void check_harbormaster(const struct game *g)
{
    int holder = g->harbor_master - 1, max = 0, count = 0;
    if (!g->opt.harbormaster) {
        assert_int_equal(g->harbor_master, 0);
        return;
    }
    for (int p = 0; p < g->opt.n_players; p++) {
        int n = harbor_points_of(g, p);
        count = n > max ? 1 : count + (n == max);
        max = n > max ? n : max;
    }
    if (holder >= 0)
        assert_true(harbor_points_of(g, holder) == max && max >= 3);
    else
        assert_true(max < 3 || count > 1);
}

static void check_house(const struct game *pre, const struct game *g, const struct game_event *ev,
                        int n)
{
    int early = pre->turn <= pre->opt.no_sevens * pre->opt.n_players;
    for (int i = 0; i < n; i++) {
        const struct game_event *e = &ev[i];
        switch (e->type) {
        case EV_OFFER:
        case EV_OFFER_ACCEPT:
        case EV_TRADE:
            assert_false(pre->opt.no_trade);
            break;
        case EV_ROLL:
            if (pre->opt.no_sevens && early && pre->phase == PHASE_ROLL)
                assert_int_not_equal(e->a + e->b, 7);
            house_deck_rolls += pre->opt.dice_deck;
            break;
        case EV_REROLL:
            assert_int_equal(e->a + e->b, 7);
            assert_true(early);
            house_rerolls++;
            break;
        case EV_DISCARD_NEEDED:
            if (!pre->ck.on) /* (a saboteur's discards go by points) */
                assert_true(game_hand_size(pre, e->player) >
                            (pre->opt.discard_limit ? pre->opt.discard_limit : 7));
            break;
        case EV_ROBBER:
            check_robber_hex(pre, e->player, e->a);
            break;
        case EV_STEAL:
            if (pre->opt.friendly_robber)
                assert_false(small_players(pre) >> e->other & 1);
            break;
        case EV_HARBORMASTER:
            house_masters++;
            assert_int_equal(g->harbor_master, e->player + 1);
            break;
        case EV_NEW_YEAR: { /* the card under the 31st: the 5 under it are never drawn */
            int drawn = pre->dice_drawn; /* and the 7s drawn again in the first rounds */
            for (int k = 0; k < i; k++)
                drawn += ev[k].type == EV_REROLL;
            assert_true(pre->opt.dice_deck);
            assert_int_equal(drawn, GAME_DICE_CARDS - GAME_DICE_RESHUFFLE);
            house_new_years++;
            break;
        }
        case EV_DICE_EVENT: /* the card's own event, after its roll, never with C&K */
            assert_true(pre->opt.dice_deck && !pre->ck.on);
            {
                int r = i - 1; /* the roll (the pirate fleet's events may come between) */
                while (r >= 0 && ev[r].type != EV_ROLL)
                    r--;
                assert_true(r >= 0);
                assert_int_equal(e->a, game_dice_event(6 * (ev[r].a - 1) + ev[r].b - 1));
            }
            house_events[e->a]++;
            break;
        case EV_DICE_ASK:
            assert_true(g->dice_ask[e->player] == e->a || g->phase != PHASE_ROLL);
            house_event_asks++;
            break;
        case EV_DICE_GIVE:
        case EV_DICE_TAKE:
            assert_int_equal(sum5(e->res), 1);
            break;
        default:
            break;
        }
    }
    check_harbormaster(g);
    /* An event card's questions hold the roll's production back, nothing else. */
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->dice_ask[p])
            assert_true(g->phase == PHASE_ROLL && g->rolled && !g->p[p].resigned);
}

/* Random house rules for a game of n players on board, those that fit it. */
static void random_house_rules(struct bw_rng *r, struct game_options *o)
{
    o->discard_limit = (uint8_t)(bw_rng_below(r, 2) ? 0 : 7 + bw_rng_below(r, 6));
    o->friendly_robber = (uint8_t)bw_rng_below(r, 2);
    o->no_sevens = (uint8_t)(bw_rng_below(r, 2) ? 0 : bw_rng_below(r, GAME_NO_SEVENS_MAX + 1));
    o->robber_no_desert = (uint8_t)bw_rng_below(r, 2);
    o->dice_deck = (uint8_t)bw_rng_below(r, 2);
    o->no_trade = (uint8_t)bw_rng_below(r, 2);
    o->harbormaster = (uint8_t)bw_rng_below(r, 2);
    uint8_t *field[GAME_RULES] = {&o->discard_limit,    &o->friendly_robber, &o->no_sevens,
                                  &o->robber_no_desert, &o->dice_deck,       &o->no_trade,
                                  &o->harbormaster};
    for (int k = 0; k < GAME_RULES; k++)
        if (!game_option_fits(o, k))
            *field[k] = 0;
}

#endif
