/* House rules (game_options' discard_limit .. harbormaster; doc/house-rules.md says what each
 * means and where it does not apply). Every one is off when its field is 0, and then costs the
 * hot paths a test of that field at most. */
#include "engine/internal.h"

/* A desert a map deals or fixes (the fog's too): The Jungle makes its deserts jungles. */
static int map_has_desert(const struct board_setup *s, const struct board_geo *geo)
{
    if (s->jungle)
        return 0;
    if (s->fog_terrain[TERRAIN_DESERT])
        return 1;
    for (int i = 0; i < s->n_terrains; i++)
        if (s->terrains[i] == TERRAIN_DESERT)
            return 1;
    for (int h = 0; h < geo->n_hexes; h++)
        if (s->hex_terrain[h] == TERRAIN_DESERT)
            return 1;
    return 0;
}

static int map_has_harbors(const struct board_setup *s, const struct board_geo *geo)
{
    if (s->n_harbors || s->n_drawn_harbors || s->n_gift_harbors)
        return 1;
    for (int k = 0; k < geo->n_harbors; k++)
        if (s->harbor_type[k] <= HARBOR_GENERIC)
            return 1;
    return 0;
}

int game_option_fits(const struct game_options *opt, int which)
{
    const struct board_geo *geo = opt ? board_geo(opt->board) : NULL;
    const struct board_setup *s = opt ? board_setup(opt->board) : NULL;
    if (!geo || !s)
        return 0;
    switch (which) {
    case GAME_RULE_DISCARD:
    case GAME_RULE_NO_SEVENS:
    case GAME_RULE_TRADE:
        return 1;
    case GAME_RULE_DICE_DECK: /* Catan for two rolls twice, the second unlike the first */
        return !opt->two;
    case GAME_RULE_FRIENDLY_ROBBER:
        return !geo->n_routes; /* The Pirate Islands: no robber, and the fleet robs nobody */
    case GAME_RULE_ROBBER_DESERT:
        return !geo->n_routes && map_has_desert(s, geo);
    case GAME_RULE_HARBORMASTER:
        return map_has_harbors(s, geo);
    default:
        return 0;
    }
}

int house_options_ok(const struct game_options *o)
{
    if ((o->discard_limit &&
         (o->discard_limit < GAME_DISCARD_MIN || o->discard_limit > GAME_DISCARD_MAX)) ||
        o->no_sevens > GAME_NO_SEVENS_MAX || o->friendly_robber > 1 || o->robber_no_desert > 1 ||
        o->dice_deck > 1 || o->no_trade > 1 || o->harbormaster > 1 || o->two > 1)
        return 0;
    const uint8_t set[GAME_RULES] = {o->discard_limit,    o->friendly_robber, o->no_sevens,
                                     o->robber_no_desert, o->dice_deck,       o->no_trade,
                                     o->harbormaster};
    for (int r = 0; r < GAME_RULES; r++)
        if (set[r] && !game_option_fits(o, r))
            return 0;
    return 1;
}

/* ---- the robber ---- */

unsigned house_protected(const struct game *g)
{
    unsigned m = 0;
    if (!g->opt.friendly_robber)
        return 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (!g->p[q].resigned && game_vp_public(g, q) <= HOUSE_PROTECTED_POINTS)
            m |= BIT(q);
    return m;
}

/* Land hexes other than the robber's where it may go for player p, before the house rules. */
static uint64_t plain_hexes(const struct game *g)
{
    return robber_land(g) & ~robber_bit(g);
}

static uint64_t desert_hexes(const struct game *g, uint64_t among)
{
    uint64_t d = 0;
    for (uint64_t l = among; l; l &= l - 1)
        if (g->terrain[__builtin_ctzll(l)] == TERRAIN_DESERT)
            d |= l & -l;
    return d;
}

/* Hexes touching a building of a protected player other than p. */
static uint64_t protected_hexes(const struct game *g, int p)
{
    uint64_t h = 0;
    for (unsigned m = house_protected(g) & ~BIT(p); m; m &= m - 1)
        h |= g->hexes_of[__builtin_ctz(m)];
    return h;
}

uint64_t robber_hexes(const struct game *g, int p)
{
    uint64_t land = plain_hexes(g);
    if (!house_robber_limits(g))
        return land;
    /* Each rule gives way when it would leave the robber nowhere to go. */
    if (g->opt.robber_no_desert && (land & ~desert_hexes(g, land)))
        land &= ~desert_hexes(g, land);
    if (g->opt.friendly_robber && (land & ~protected_hexes(g, p)))
        land &= ~protected_hexes(g, p);
    return land;
}

int robber_hex_error(const struct game *g, int p, int hex)
{
    if (!house_robber_limits(g) || (robber_hexes(g, p) >> hex & 1))
        return BW_OK;
    if (g->opt.robber_no_desert && g->terrain[hex] == TERRAIN_DESERT)
        return BW_E(ROBBER_DESERT);
    return BW_E(FRIENDLY_ROBBER);
}

/* ---- the dice ---- */

void dice_deck_shuffle(struct game *g)
{
    for (int i = 0; i < GAME_DICE_CARDS; i++)
        g->dice_cards[i] = (uint8_t)i;
    bw_rng_shuffle_u8(&g->rng, g->dice_cards, GAME_DICE_CARDS);
    g->dice_drawn = 0;
}

/* The New Year card lies on the last GAME_DICE_RESHUFFLE cards: when it is drawn the deck is
 * shuffled, whole, and the next card is drawn (those under it are never used). The card's event
 * is the game's (without Cities & Knights, whose event die is another thing). */
static void draw_dice(struct game *g, struct evbuf *eb, int *d1, int *d2)
{
    if (!g->opt.dice_deck) {
        *d1 = (int)bw_rng_below(&g->rng, 6) + 1;
        *d2 = (int)bw_rng_below(&g->rng, 6) + 1;
        return;
    }
    if (g->dice_drawn >= GAME_DICE_CARDS - GAME_DICE_RESHUFFLE) {
        ev_push(eb, EV_NEW_YEAR, g->current);
        dice_deck_shuffle(g);
    }
    int card = g->dice_cards[g->dice_drawn++];
    *d1 = card / 6 + 1;
    *d2 = card % 6 + 1;
    g->dice_event = g->ck.on ? DICE_PLAIN : (uint8_t)game_dice_event(card);
}

void house_dice(struct game *g, struct evbuf *eb, int *d1, int *d2)
{
    draw_dice(g, eb, d1, d2);
    /* A round is a turn of each seat: the first N rounds are the first N * seats turns. */
    int early = g->turn <= g->opt.no_sevens * g->opt.n_players;
    while (*d1 + *d2 == 7 && early) {
        struct game_event *e = ev_push(eb, EV_REROLL, g->current);
        if (e) {
            e->a = (int16_t)*d1;
            e->b = (int16_t)*d2;
        }
        draw_dice(g, eb, d1, d2);
    }
}

/* ---- the harbormaster ---- */

int harbor_buildings(const struct game *g, int p, int city_worth)
{
    const struct board_geo *geo = GEO(g);
    uint64_t b[BOARD_WORDS];
    memcpy(b, g->buildings_of[p], sizeof b);
    int n = 0;
    for (int v; (v = bits_pop(b)) >= 0;) {
        int k = geo->vertex_harbor_slot[v];
        if ((k >= 0 && g->harbor[k] <= HARBOR_GENERIC) || (g->tribe && tribe_harbor_at(g, v)))
            n += g->vertex_building[v] == BUILDING_CITY ? city_worth : 1;
    }
    return n;
}

int game_harbor_points(const struct game *g, int p)
{
    return harbor_buildings(g, p, 2);
}

void harbormaster_award(struct game *g, struct evbuf *eb)
{
    /* As the largest army: the holder keeps it unless strictly beaten; without a holder it
     * goes to the one player alone with the most, HOUSE_HARBOR_POINTS or more. */
    int h = g->harbor_master - 1, max = 0, count = 0, who = -1;
    int pts[GAME_MAX_PLAYERS] = {0}; /* (a restored holder is a seat: game_check_state()) */
    for (int p = 0; p < g->opt.n_players; p++) {
        pts[p] = g->p[p].resigned ? 0 : game_harbor_points(g, p);
        if (pts[p] > max)
            max = pts[p], count = 1, who = p;
        else if (pts[p] == max)
            count++;
    }
    int next = -1;
    if (h >= 0 && pts[h] == max && max >= HOUSE_HARBOR_POINTS)
        next = h;
    else if (max >= HOUSE_HARBOR_POINTS && count == 1)
        next = who;
    if (next == h)
        return;
    g->harbor_master = (uint8_t)(next + 1);
    struct game_event *e = ev_push(eb, EV_HARBORMASTER, next);
    if (e) {
        e->other = (int8_t)h;
        e->a = (int16_t)(next >= 0 ? pts[next] : 0);
    }
}

/* ---- a restored state ---- */

int house_state_ok(const struct game *g)
{
    if (g->opt.dice_deck) {
        uint64_t seen = 0;
        for (int i = 0; i < GAME_DICE_CARDS; i++)
            seen |= g->dice_cards[i] < GAME_DICE_CARDS ? 1ull << g->dice_cards[i] : 0;
        if (seen != (1ull << GAME_DICE_CARDS) - 1 ||
            g->dice_drawn > GAME_DICE_CARDS - GAME_DICE_RESHUFFLE)
            return 0;
    } else {
        uint8_t any = g->dice_drawn;
        for (int i = 0; i < GAME_DICE_CARDS; i++)
            any |= g->dice_cards[i];
        if (any)
            return 0;
    }
    if (g->harbor_master > (g->opt.harbormaster ? g->opt.n_players : 0) || !dice_events_ok(g))
        return 0;
    for (int i = 0; i < GAME_MAX_OFFERS && g->opt.no_trade; i++)
        if (g->offers[i].id)
            return 0;
    return 1;
}
