/* Game creation, the action handlers and the turn structure. */
#include "engine/internal.h"

#include <string.h>

const uint8_t game_cost_road[RES_COUNT] = {1, 1, 0, 0, 0};
const uint8_t game_cost_settlement[RES_COUNT] = {1, 1, 1, 1, 0};
const uint8_t game_cost_city[RES_COUNT] = {0, 0, 0, 2, 3};
const uint8_t game_cost_dev[RES_COUNT] = {0, 0, 1, 1, 1};
const uint8_t game_cost_ship[RES_COUNT] = {1, 0, 1, 0, 0};

/* What the box holds besides the board, which comes from the map (board_setup()). */
struct supply {
    uint8_t dev[DEV_COUNT];
    uint8_t bank;
};

/* By board kind; the Seafarers maps use the base game's box. */
static const struct supply supplies[BOARD_KINDS] = {
    {{14, 2, 2, 2, 5}, 19}, {{20, 3, 3, 3, 5}, 24}, {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19},
    {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19},
    {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19},
    {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19},
    {{14, 2, 2, 2, 5}, 19}, {{14, 2, 2, 2, 5}, 19},
};
_Static_assert(BOARD_KINDS == 18, "a supply for each board kind");

struct game_event *ev_push(struct evbuf *eb, int type, int player)
{
    if (!eb || eb->n >= eb->max)
        return NULL;
    struct game_event *e = &eb->ev[eb->n++];
    memset(e, 0, sizeof *e);
    e->type = (uint8_t)type;
    e->player = (int8_t)player;
    e->other = -1;
    return e;
}

const struct board_geo *game_geo(const struct game *g)
{
    return board_geo(g->opt.board);
}

void pay(struct game *g, int player, const uint8_t cost[RES_COUNT])
{
    for (int r = 0; r < RES_COUNT; r++) {
        g->p[player].res[r] -= cost[r];
        g->bank[r] += cost[r];
    }
}

int game_hand_size(const struct game *g, int player)
{
    return hand_size_of(&g->p[player]);
}

int game_dev_count(const struct game *g, int player)
{
    int n = 0;
    for (int c = 0; c < DEV_COUNT; c++)
        n += g->p[player].dev[c] + g->p[player].dev_new[c];
    return n;
}

int game_vp_public(const struct game *g, int player)
{
    const struct game_player *pl = &g->p[player];
    return pl->settlements + 2 * pl->cities + 2 * (g->longest_road == player) +
           2 * (g->largest_army == player) +
           ((g->islands_of[player] & ~pl->home_islands) ? game_island_points(g, player) : 0) +
           (g->river ? game_river_points(g, player) : 0) +
           (g->tribe ? game_tribe_points(g, player) + game_cloth_points(g, player) : 0) +
           (g->ck.on ? ck_points(g, player) : 0) +
           (g->harbor_master == player + 1 ? HOUSE_HARBORMASTER_VP : 0);
}

int game_island_points(const struct game *g, int player)
{
    int bonus = GEO(g)->island_bonus;
    return bonus ? bonus * count64(g->islands_of[player] & ~g->p[player].home_islands) : 0;
}

int game_vp_total(const struct game *g, int player)
{
    const struct game_player *pl = &g->p[player];
    return game_vp_public(g, player) + pl->dev[DEV_VICTORY] + pl->dev_new[DEV_VICTORY];
}

int game_active_players(const struct game *g)
{
    int n = 0;
    for (int p = 0; p < g->opt.n_players; p++)
        n += !g->p[p].resigned;
    return n;
}

void index_harbor(struct game *g, int player, int type)
{
    g->harbors_of[player] |= (uint8_t)BIT(type);
    unsigned h = g->harbors_of[player];
    int other = (h & BIT(HARBOR_GENERIC)) ? 3 : 4;
    for (int r = 0; r < RES_COUNT; r++)
        g->rates_of[player][r] = (uint8_t)((h & BIT(r)) ? 2 : other);
}

int game_trade_rate(const struct game *g, int player, int res)
{
    if (res < 0 || res >= RES_COUNT || player < 0 || player >= GAME_MAX_PLAYERS)
        return 4;
    return g->rates_of[player][res];
}

const struct trade_offer *game_offer(const struct game *g, int id)
{
    if (id <= 0)
        return NULL;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (g->offers[i].id == id)
            return &g->offers[i];
    return NULL;
}

/* ---- derived fields ---- */

void index_road(struct game *g, int player, int edge)
{
    const struct board_geo *geo = GEO(g);
    bits_set(bits_has(g->ships, edge) ? g->ships_of[player] : g->roads_of[player], edge);
    bits_set(g->roads_all, edge);
    bits_set(g->reach_of[player], geo->edge_vertex[edge][0]);
    bits_set(g->reach_of[player], geo->edge_vertex[edge][1]);
}

void index_building(struct game *g, int player, int vertex)
{
    const struct board_geo *geo = GEO(g);
    bits_set(g->buildings_of[player], vertex);
    g->hexes_of[player] |= geo->vertex_hex_bits[vertex];
    bits_set(g->buildings_all, vertex);
    if (geo->vertex_island[vertex] >= 0)
        g->islands_of[player] |= (uint16_t)(1u << geo->vertex_island[vertex]);
    for (int i = 0; i < BOARD_WORDS; i++)
        g->no_settle[i] |= geo->vertex_near_bits[vertex][i];
    int slot = geo->vertex_harbor_slot[vertex];
    if (slot >= 0 && g->harbor[slot] <= HARBOR_GENERIC)
        index_harbor(g, player, g->harbor[slot]);
    if (g->tribe)
        tribe_index_building(g, player, vertex);
}

/* The hexes that produce on each number: only land with a resource and a valid token. */
static void index_tokens(struct game *g, const struct board_geo *geo)
{
    memset(g->token_hex, -1, sizeof g->token_hex);
    for (int h = 0; h < geo->n_hexes; h++) {
        int t = g->token[h];
        if (t < 2 || t > 12 || t == 7 ||
            (g->terrain[h] >= TERRAIN_DESERT && g->terrain[h] != TERRAIN_GOLD &&
             g->terrain[h] != TERRAIN_JUNGLE))
            continue;
        for (int i = 0; i < 3; i++)
            if (g->token_hex[t][i] < 0) {
                g->token_hex[t][i] = (int8_t)h;
                break;
            }
    }
}

static void index_pips(struct game *g, const struct board_geo *geo)
{
    for (int v = 0; v < geo->n_vertices; v++) {
        int pips = 0;
        for (int i = 0; i < 3; i++) {
            int h = geo->vertex_hex[v][i], t = h >= 0 ? g->token[h] : 0;
            if (t >= 2 && t <= 12)
                pips += 6 - (t > 7 ? t - 7 : 7 - t);
        }
        g->vertex_pips[v] = (uint8_t)pips;
    }
}

uint64_t game_land(const struct game *g, const struct board_geo *geo)
{
    uint64_t land = geo->land_hexes;
    for (uint64_t f = (geo->fog_hexes | geo->drawn_hexes) & ~g->fog; f; f &= f - 1) {
        int h = __builtin_ctzll(f);
        if (g->terrain[h] != TERRAIN_SEA)
            land |= 1ull << h;
    }
    return land;
}

/* Land and sea as known now, and the corners that touch no land (no settlement there). */
static void index_land(struct game *g, const struct board_geo *geo)
{
    if (!(geo->fog_hexes | geo->drawn_hexes)) {
        g->land = geo->land_hexes;
        memcpy(g->edge_land, geo->edge_land_bits, sizeof g->edge_land);
        memcpy(g->edge_sea, geo->edge_sea_bits, sizeof g->edge_sea);
        for (int i = 0; i < BOARD_WORDS; i++)
            g->no_settle[i] =
                ~geo->vertex_land_bits[i] | geo->tribe_vertex_bits[i] | geo->pirate_vertex_bits[i];
        return;
    }
    uint64_t land = game_land(g, geo), known = land | g->fog;
    g->land = land;
    memset(g->edge_land, 0, sizeof g->edge_land);
    memset(g->edge_sea, 0, sizeof g->edge_sea);
    memset(g->no_settle, 0xff, sizeof g->no_settle);
    for (int e = 0; e < geo->n_edges; e++)
        for (int k = 0; k < 2; k++) {
            int h = geo->edge_hex[e][k];
            if (h >= 0 && (land >> h & 1))
                bits_set(g->edge_land, e);
            if (h < 0 || !(known >> h & 1))
                bits_set(g->edge_sea, e);
        }
    for (int v = 0; v < geo->n_vertices; v++)
        if ((geo->vertex_hex_bits[v] & land) && !bits_has(geo->tribe_vertex_bits, v))
            g->no_settle[v >> 6] &= ~(1ull << (v & 63));
}

void game_reindex(struct game *g)
{
    if (!g || g->opt.board >= BOARD_KINDS || !game_geo(g))
        return;
    const struct board_geo *geo = GEO(g);
    int n = game_seats(g) < GAME_MAX_PLAYERS ? game_seats(g) : GAME_MAX_PLAYERS;
    memset(g->roads_of, 0, sizeof g->roads_of);
    memset(g->ships_of, 0, sizeof g->ships_of);
    memset(g->islands_of, 0, sizeof g->islands_of);
    memset(g->reach_of, 0, sizeof g->reach_of);
    memset(g->buildings_of, 0, sizeof g->buildings_of);
    memset(g->roads_all, 0, sizeof g->roads_all);
    memset(g->buildings_all, 0, sizeof g->buildings_all);
    /* Corners touching no land never take a settlement (none on the base and big boards). */
    index_land(g, geo);
    memset(g->harbors_of, 0, sizeof g->harbors_of);
    memset(g->hexes_of, 0, sizeof g->hexes_of);
    memset(g->rates_of, 4, sizeof g->rates_of);
    g->tribe = geo->n_gifts || geo->n_villages;
    g->wonders = (uint8_t)geo->wonders;
    for (int e = 0; e < geo->n_edges; e++)
        if (g->edge_owner[e] >= 0 && g->edge_owner[e] < n)
            index_road(g, g->edge_owner[e], e);
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->vertex_owner[v] >= 0 && g->vertex_owner[v] < n)
            index_building(g, g->vertex_owner[v], v);
    if (geo->drawn_hexes)
        new_world_index_islands(g);
    index_tokens(g, geo);
    index_pips(g, geo);
    g->sea = geo->n_land < geo->n_hexes;
    int mine;
    g->river = (uint8_t)geo->has_river;
    g->river_hexes = game_river(g, geo, &mine);
    g->mine = (int8_t)mine;
    ck_reindex(g);
    g->offers_open = 0;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (g->offers[i].id)
            g->offers_open |= (uint8_t)BIT(i);
}

/* As many players as the board's map allows (3-4 base, 3-6 big); 3 to 30 victory points (0 for
 * the map's, 10 on both). */
static int options_ok(const struct game_options *opt)
{
    const struct board_setup *s = board_setup(opt->board);
    if (opt->two) /* Catan for two: two players on the base board */
        return opt->two == 1 && opt->n_players == 2 && opt->board == BOARD_BASE &&
               (!opt->victory_points || (opt->victory_points >= 3 && opt->victory_points <= 30)) &&
               house_options_ok(opt);
    return s && opt->n_players >= s->players_min && opt->n_players <= s->players_max &&
           (!opt->victory_points || (opt->victory_points >= 3 && opt->victory_points <= 30)) &&
           house_options_ok(opt);
}

static int seat_or_none(int x, int n)
{
    return x >= -1 && x < n;
}

/* Fog still hidden lies on the map's fog hexes, holds nothing yet and touches no road or ship
 * (they turn it over; a settlement does not, and stands beside it only where it touches land);
 * the pools hold one terrain per hidden hex and a token per producing terrain left. */
static int fog_ok(const struct game *g, const struct board_geo *geo)
{
    uint64_t land = game_land(g, geo);
    if (g->fog & ~geo->fog_hexes)
        return 0;
    int terrains = 0, producing = 0, tokens = 0;
    for (int t = 0; t < (int)sizeof g->fog_terrain; t++) {
        terrains += g->fog_terrain[t];
        producing += t < TERRAIN_DESERT || t == TERRAIN_GOLD ? g->fog_terrain[t] : 0;
    }
    for (int t = 0; t < 13; t++) {
        if (g->fog_token[t] && (t < 2 || t == 7))
            return 0;
        tokens += g->fog_token[t];
    }
    if (terrains != count64(g->fog) || tokens != producing)
        return 0;
    for (uint64_t f = g->fog; f; f &= f - 1) {
        int h = __builtin_ctzll(f);
        if (g->terrain[h] != TERRAIN_SEA || g->token[h] || g->robber == h || g->pirate == h)
            return 0;
        for (int c = 0; c < 6; c++) {
            int v = geo->hex_vertex[h][c];
            if (g->vertex_owner[v] >= 0 && !(geo->vertex_hex_bits[v] & land))
                return 0;
            for (int i = 0; i < 3; i++)
                if (geo->vertex_edge[v][i] >= 0 && g->edge_owner[geo->vertex_edge[v][i]] >= 0)
                    return 0;
        }
    }
    return 1;
}

static int board_fields_ok(const struct game *g, const struct board_geo *geo)
{
    uint64_t land = game_land(g, geo);
    if (!fog_ok(g, geo))
        return 0;
    /* The river laid as its map's turned, its gold mine where the turn puts it. */
    int mine;
    if (!game_river(g, geo, &mine) && geo->has_river)
        return 0;
    for (int h = 0; h < geo->n_hexes; h++) {
        int t = g->token[h];
        int sea = !(land >> h & 1);
        int jungle = g->terrain[h] == TERRAIN_JUNGLE && board_setup(g->opt.board)->jungle;
        int mined = g->terrain[h] == TERRAIN_MINE && h == mine && !t;
        if ((sea ? g->terrain[h] != TERRAIN_SEA
                 : g->terrain[h] > TERRAIN_GOLD && !jungle && !mined) ||
            (t && (sea || t < 2 || t > 12 || t == 7)))
            return 0;
    }
    for (int k = 0; k < geo->n_harbors && !geo->drawn_hexes; k++)
        if (g->harbor[k] > HARBOR_GENERIC)
            return 0;
    if (geo->drawn_hexes && !new_world_harbors_ok(g, geo))
        return 0;
    for (int i = 0; i < g->deck_size; i++)
        if (g->deck[i] >= DEV_COUNT)
            return 0;
    /* The pirate on a sea hex of a map that has one; ships only on owned edges at sea, the new
     * ones among them. */
    if (geo->has_pirate ? g->pirate < 0 || g->pirate >= geo->n_hexes || (land >> g->pirate & 1)
                        : g->pirate != -1)
        return 0;
    for (int e = 0; e < geo->n_edges; e++) {
        /* A ship at sea (or on the frame), with the fog known now. */
        int at_sea = 0;
        for (int k = 0; k < 2; k++) {
            int h = geo->edge_hex[e][k];
            at_sea |= h < 0 || !((land | g->fog) >> h & 1);
        }
        if (bits_has(g->ships, e) && (!at_sea || geo->n_land == geo->n_hexes))
            return 0;
    }
    for (int i = 0; i < BOARD_WORDS; i++)
        if (g->ships_new[i] & ~g->ships[i])
            return 0;
    for (int e = 0; e < geo->n_edges; e++)
        if (bits_has(g->ships, e) && g->edge_owner[e] < 0)
            return 0;
    for (int e = geo->n_edges; e < BOARD_MAX_EDGES; e++)
        if (bits_has(g->ships, e))
            return 0;
    return 1;
}

/* The pieces on the board are those each player counts, within the supply. */
static int pieces_ok(const struct game *g, const struct board_geo *geo)
{
    int n = game_seats(g), settlements[GAME_MAX_PLAYERS] = {0}, cities[GAME_MAX_PLAYERS] = {0},
        roads[GAME_MAX_PLAYERS] = {0}, ships[GAME_MAX_PLAYERS] = {0};
    for (int v = 0; v < geo->n_vertices; v++) {
        int o = g->vertex_owner[v], b = g->vertex_building[v];
        if (!seat_or_none(o, n) || b > BUILDING_CITY || (o < 0) != (b == BUILDING_NONE))
            return 0;
        if (o >= 0)
            (b == BUILDING_CITY ? cities : settlements)[o]++;
    }
    for (int e = 0; e < geo->n_edges; e++) {
        if (!seat_or_none(g->edge_owner[e], n))
            return 0;
        if (g->edge_owner[e] >= 0)
            (bits_has(g->ships, e) ? ships : roads)[g->edge_owner[e]]++;
    }
    for (int p = 0; p < n; p++) {
        const struct game_player *pl = &g->p[p];
        if (pl->settlements != settlements[p] || pl->cities != cities[p] || pl->roads != roads[p] ||
            pl->settlements > game_settlement_supply(g, p) || pl->cities > GAME_CITIES ||
            pl->roads > GAME_ROADS || pl->ships != ships[p] || pl->ships > GAME_SHIPS ||
            pl->road_length > pl->roads + pl->ships ||
            (pl->gold && g->phase != PHASE_GOLD &&
             !(geo->n_fleet && g->phase == PHASE_DISCARD) && /* a battle won on a 7 */
             !(geo->n_fleet && dice_asked(g))) ||            /* or before an event card's answers */
            (pl->discoveries && !board_setup(g->opt.board)->jungle) ||
            (pl->home_islands & ~GEO(g)->home_islands))
            return 0;
    }
    return 1;
}

/* Every resource card is in the bank or a hand; no more development cards than were drawn. */
static int cards_ok(const struct game *g)
{
    int n = g->opt.n_players, drawn = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        int total = g->bank[r];
        for (int p = 0; p < n; p++)
            total += g->p[p].res[r];
        if (total != g->bank_start)
            return 0;
    }
    for (int p = 0; p < n; p++) {
        const struct game_player *pl = &g->p[p];
        for (int c = 0; c < DEV_COUNT; c++)
            drawn += pl->dev[c] + pl->dev_new[c];
        drawn += pl->knights;
        if (pl->discard > hand_size_of(pl))
            return 0;
    }
    return drawn <= g->deck_pos;
}

static int offers_ok(const struct game *g)
{
    unsigned seats = BIT(g->opt.n_players) - 1;
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        const struct trade_offer *o = &g->offers[i];
        if (o->id && (o->from < 0 || o->from >= g->opt.n_players || (o->to_mask & ~seats) ||
                      ((o->accepted | o->rejected) & ~o->to_mask)))
            return 0;
        if (!g->ck.on && (o->com_give[0] | o->com_give[1] | o->com_give[2] | o->com_get[0] |
                          o->com_get[1] | o->com_get[2]))
            return 0;
    }
    return 1;
}

int game_check_state(const struct game *g)
{
    if (!g || !options_ok(&g->opt))
        return BW_E(INVALID);
    const struct board_geo *geo = board_geo(g->opt.board);
    int n = g->opt.n_players;
    if (g->phase > PHASE_GOLD || g->current < 0 || g->current >= n ||
        (g->phase == PHASE_GOLD && g->gold_resume != PHASE_MAIN &&
         g->gold_resume != PHASE_SETUP_ROAD &&
         !(geo->fog_hexes &&
           (g->gold_resume == PHASE_SETUP_SETTLEMENT || g->gold_resume == PHASE_ROLL))) ||
        !seat_or_none(g->sb_player, n) || !seat_or_none(g->winner, n) ||
        !seat_or_none(g->longest_road, game_seats(g)) || !seat_or_none(g->largest_army, n) ||
        (g->robber < 0 ? g->robber != -1 || !board_setup(g->opt.board)->robber_off
                       : g->robber >= geo->n_hexes || !(game_land(g, geo) >> g->robber & 1)) ||
        g->setup_step > (2 + geo->setup_third) * n || g->setup_vertex < -1 ||
        g->setup_vertex >= geo->n_vertices || g->dice[0] > 6 || g->dice[1] > 6 ||
        g->deck_size > GAME_DEV_DECK_MAX || g->deck_pos > g->deck_size ||
        (g->phase == PHASE_SPECIAL_BUILD && g->sb_player < 0) ||
        (g->phase == PHASE_SETUP_ROAD && g->setup_vertex < 0))
        return BW_E(INVALID);
    if (!board_fields_ok(g, geo) || !pieces_ok(g, geo) || !cards_ok(g) || !offers_ok(g) ||
        !tribe_state_ok(g, geo) || !wonders_state_ok(g, geo) || !pirates_state_ok(g, geo) ||
        !ck_state_ok(g, geo) || !house_state_ok(g) || !two_state_ok(g, geo))
        return BW_E(INVALID);
    return BW_OK;
}

/* ---- board setup ---- */

/* Chooses the hexes of the red numbers among those that draw a token (DRAWS): none next to
 * another or to a fixed red number. */
static int place_reds(struct game *g, const struct board_geo *geo, const uint8_t *draws,
                      uint8_t *is_red, int n_red)
{
    uint8_t order[BOARD_MAX_HEXES];
    int n = 0;
    for (int h = 0; h < geo->n_hexes; h++)
        if (draws[h])
            order[n++] = (uint8_t)h;
    bw_rng_shuffle_u8(&g->rng, order, n);
    int placed = 0;
    memset(is_red, 0, BOARD_MAX_HEXES);
    for (int i = 0; i < n && placed < n_red; i++) {
        int h = order[i], ok = 1;
        for (int s = 0; s < 6; s++) {
            int nb = geo->hex_neighbor[h][s];
            if (nb >= 0 && (is_red[nb] || g->token[nb] == 6 || g->token[nb] == 8))
                ok = 0;
        }
        if (ok) {
            is_red[h] = 1;
            placed++;
        }
    }
    return placed == n_red;
}

/* Deals the board: terrains, then number tokens with no two red numbers (6, 8) on neighbouring
 * hexes and none on a desert, then harbor types. Each pool is shuffled whole and dealt in hex
 * (or slot) order to what draws from it; the parser made sure that the red numbers fit. */
static int setup_board(struct game *g, const struct board_geo *geo, const struct board_setup *s)
{
    if (geo->drawn_hexes) {
        g->robber = -1; /* no desert: the robber starts off the board */
        return new_world_deal(g, geo, s);
    }
    uint8_t pool[BOARD_MAX_HEXES];
    memcpy(pool, s->terrains, s->n_terrains);
    bw_rng_shuffle_u8(&g->rng, pool, s->n_terrains);
    uint8_t draws[BOARD_MAX_HEXES];
    for (int h = 0, i = 0; h < geo->n_hexes; h++) {
        g->terrain[h] = s->hex_terrain[h] == BOARD_POOL ? pool[i++] : s->hex_terrain[h];
        g->token[h] = s->hex_token[h];
        draws[h] = (g->terrain[h] < TERRAIN_DESERT || g->terrain[h] == TERRAIN_GOLD) &&
                   !g->token[h] && !(geo->tribe_hexes >> h & 1);
    }

    uint8_t reds[BOARD_MAX_HEXES], others[BOARD_MAX_HEXES], is_red[BOARD_MAX_HEXES];
    int n_red = 0, n_other = 0;
    for (int i = 0; i < s->n_tokens; i++) {
        if (s->tokens[i] == 6 || s->tokens[i] == 8)
            reds[n_red++] = s->tokens[i];
        else
            others[n_other++] = s->tokens[i];
    }
    while (!place_reds(g, geo, draws, is_red, n_red))
        ;
    bw_rng_shuffle_u8(&g->rng, reds, n_red);
    bw_rng_shuffle_u8(&g->rng, others, n_other);
    int ri = 0, oi = 0;
    g->robber = s->robber;
    for (int h = 0; h < geo->n_hexes; h++) {
        if (draws[h])
            g->token[h] = is_red[h] ? reds[ri++] : others[oi++];
        if (g->robber < 0 && !s->robber_off && g->terrain[h] == TERRAIN_DESERT)
            g->robber = (int8_t)h;
    }
    /* The Jungle: each desert becomes a jungle with one more token (the robber stays there). */
    static const uint8_t jungle_tokens[] = {3, 4, 5, 9, 10, 11};
    for (int h = 0; h < geo->n_hexes && s->jungle; h++)
        if (g->terrain[h] == TERRAIN_DESERT) {
            g->terrain[h] = TERRAIN_JUNGLE;
            g->token[h] = jungle_tokens[bw_rng_below(&g->rng, sizeof jungle_tokens)];
        }

    /* The fog: hidden hexes hold sea and no token until turned over (fog_reveal). */
    g->fog = geo->fog_hexes;
    for (uint64_t f = g->fog; f; f &= f - 1)
        g->terrain[__builtin_ctzll(f)] = TERRAIN_SEA;
    memcpy(g->fog_terrain, s->fog_terrain, sizeof g->fog_terrain);
    memcpy(g->fog_token, s->fog_token, sizeof g->fog_token);

    memcpy(pool, s->harbors, s->n_harbors);
    bw_rng_shuffle_u8(&g->rng, pool, s->n_harbors);
    for (int k = 0, i = 0; k < geo->n_harbors; k++)
        g->harbor[k] = s->harbor_type[k] == BOARD_POOL ? pool[i++] : s->harbor_type[k];
    return 0;
}

int game_init(struct game *g, const struct game_options *opt, uint64_t seed)
{
    struct bw_rng rng;
    bw_rng_seed(&rng, seed);
    return game_init_rng(g, opt, &rng);
}

int game_init_rng(struct game *g, const struct game_options *opt, const struct bw_rng *rng)
{
    if (!g || !opt || !rng || !options_ok(opt) || !(rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]))
        return BW_E(INVALID);
    const struct board_geo *geo = board_geo(opt->board);
    const struct board_setup *setup = board_setup(opt->board);
    const struct supply *s = &supplies[opt->board];
    struct game_options o = *opt;
    struct bw_rng r = *rng; /* either may lie in *g */
    memset(g, 0, sizeof *g);
    g->opt = o;
    g->vp_goal = o.victory_points ? o.victory_points : setup->points;
    g->rng = r;
    if (geo->has_river) { /* the river laid at random first */
        struct board_setup laid = *setup;
        river_deal(&g->rng, geo, &laid);
        if (setup_board(g, geo, &laid) < 0)
            return BW_E(INVALID);
    } else if (setup_board(g, geo, setup) < 0) {
        return BW_E(INVALID);
    }
    for (int c = 0; c < DEV_COUNT; c++)
        for (int k = 0; k < s->dev[c]; k++)
            g->deck[g->deck_size++] = (uint8_t)c;
    bw_rng_shuffle_u8(&g->rng, g->deck, g->deck_size);
    tribe_setup(g, geo, setup);
    memset(g->wonder_owner, -1, sizeof g->wonder_owner);
    g->bank_start = s->bank;
    memset(g->bank, s->bank, sizeof g->bank);
    memset(g->vertex_owner, -1, sizeof g->vertex_owner);
    memset(g->edge_owner, -1, sizeof g->edge_owner);
    g->phase = PHASE_SETUP_SETTLEMENT;
    g->current = 0;
    g->sb_player = -1;
    g->winner = -1;
    g->longest_road = -1;
    g->largest_army = -1;
    g->setup_vertex = -1;
    g->pirate = setup->pirate;
    g->next_offer_id = 1;
    if (geo->n_routes)
        pirates_setup(g, geo);
    game_reindex(g);
    for (int p = 0; p < g->opt.n_players && geo->n_routes; p++)
        g->p[p].road_length = (uint8_t)game_longest_road_of(g, p); /* the ship placed */
    if (o.two) /* the neutral settlements, before the set-up */
        two_setup(g);
    if (o.dice_deck) /* last: the board of a seed is the same with the deck or without */
        dice_deck_shuffle(g);
    return BW_OK;
}

/* ---- placement rules ---- */

int pirate_edge(const struct game *g, int edge)
{
    return g->pirate >= 0 && bits_has(GEO(g)->hex_edge_bits[g->pirate], edge);
}

int can_piece_with(const struct game *g, int player, int ship, int edge, int extra_edge,
                   int extra_ship)
{
    const struct board_geo *geo = GEO(g);
    if (edge < 0 || edge >= geo->n_edges || edge == extra_edge || g->edge_owner[edge] >= 0 ||
        !bits_has(ship ? g->edge_sea : g->edge_land, edge) || (ship && pirate_edge(g, edge)) ||
        (ship && !pirates_ship_ok(g, player, edge)))
        return 0;
    for (int k = 0; k < 2; k++) {
        int v = geo->edge_vertex[edge][k];
        int owner = g->vertex_owner[v];
        if (owner == player)
            return 1;
        if (owner >= 0)
            continue; /* an opponent's building blocks the way through */
        /* Elsewhere a road goes on from a road, a ship from a ship. */
        for (int i = 0; i < 3; i++) {
            int e = geo->vertex_edge[v][i];
            if (e >= 0 && e != edge &&
                ((g->edge_owner[e] == player && bits_has(g->ships, e) == ship) ||
                 (e == extra_edge && extra_ship == ship)))
                return 1;
        }
    }
    return 0;
}

int can_road_with(const struct game *g, int player, int edge, int extra_edge)
{
    return can_piece_with(g, player, 0, edge, extra_edge, 0);
}

int game_can_road(const struct game *g, int player, int edge)
{
    const struct board_geo *geo = GEO(g);
    if (g->phase == PHASE_SETUP_ROAD) {
        if (edge < 0 || edge >= geo->n_edges || g->edge_owner[edge] >= 0 || player != g->current ||
            !bits_has(g->edge_land, edge))
            return 0;
        return geo->edge_vertex[edge][0] == g->setup_vertex ||
               geo->edge_vertex[edge][1] == g->setup_vertex;
    }
    return can_road_with(g, player, edge, -1);
}

int game_can_ship(const struct game *g, int player, int edge)
{
    const struct board_geo *geo = GEO(g);
    if (player < 0 || player >= GAME_MAX_PLAYERS)
        return 0;
    if (g->phase == PHASE_SETUP_ROAD) {
        if (edge < 0 || edge >= geo->n_edges || g->edge_owner[edge] >= 0 || player != g->current ||
            !bits_has(g->edge_sea, edge) || pirate_edge(g, edge) ||
            !pirates_ship_ok(g, player, edge))
            return 0;
        return geo->edge_vertex[edge][0] == g->setup_vertex ||
               geo->edge_vertex[edge][1] == g->setup_vertex;
    }
    return can_piece_with(g, player, 1, edge, -1, 0);
}

int game_can_settle(const struct game *g, int player, int vertex)
{
    const struct board_geo *geo = GEO(g);
    if (vertex < 0 || vertex >= geo->n_vertices || player < 0 || player >= GAME_MAX_PLAYERS ||
        !settle_free(g, vertex) || bits_has(g->ck.knights_all, vertex))
        return 0;
    if (g->phase == PHASE_SETUP_SETTLEMENT)
        return bits_has(geo->vertex_home_bits, vertex) && !on_river_bank(g, vertex);
    return bits_has(g->reach_of[player], vertex);
}

int game_can_city(const struct game *g, int player, int vertex)
{
    const struct board_geo *geo = GEO(g);
    return vertex >= 0 && vertex < geo->n_vertices && g->vertex_owner[vertex] == player &&
           g->vertex_building[vertex] == BUILDING_SETTLEMENT;
}

/* ---- turn structure ---- */

int next_active(const struct game *g, int from)
{
    int n = g->opt.n_players, p = from;
    for (int i = 1; i <= n; i++) {
        p = p + 1 < n ? p + 1 : 0;
        if (!g->p[p].resigned)
            return p;
    }
    return from;
}

static int setup_player(const struct game *g, int step)
{
    int n = g->opt.n_players;
    return step < n ? step : step < 2 * n ? 2 * n - 1 - step : step - 2 * n;
}

void check_win(struct game *g, struct evbuf *eb)
{
    if (g->phase == PHASE_OVER || g->phase <= PHASE_SETUP_ROAD || g->phase == PHASE_SPECIAL_BUILD)
        return;
    int p = g->current;
    int vp = game_vp_total(g, p);
    if (vp < g->vp_goal || g->p[p].resigned) /* a roller who left still owed discards */
        return;
    if (g->wonders && !game_wonder_leads(g, p)) /* the furthest wonder, too */
        return;
    if (GEO(g)->n_routes && g->fortress[p]) /* The Pirate Islands: the fortress taken first */
        return;
    g->phase = PHASE_OVER;
    g->winner = (int8_t)p;
    struct game_event *e = ev_push(eb, EV_GAME_OVER, p);
    if (e) {
        e->a = (int16_t)vp;
        e->b = (int16_t)(g->p[p].dev[DEV_VICTORY] + g->p[p].dev_new[DEV_VICTORY]);
    }
}

void begin_turn(struct game *g, struct evbuf *eb, int player)
{
    g->current = (int8_t)player;
    g->turn++;
    g->phase = PHASE_ROLL;
    g->rolled = 0;
    g->dev_played = 0;
    g->sb_player = -1;
    g->turn_timed_out = 0;
    g->ship_moved = 0;
    g->two.used = 0;
    memset(g->ships_new, 0, sizeof g->ships_new);
    if (g->ck.on)
        ck_new_turn(g);
    struct game_event *e = ev_push(eb, EV_TURN, player);
    if (e)
        e->a = (int16_t)g->turn;
    check_win(g, eb);
}

void advance_setup(struct game *g, struct evbuf *eb)
{
    int n = g->opt.n_players, steps = setup_rounds(g) * n;
    g->turn_timed_out = 0;
    do
        g->setup_step++;
    while (g->setup_step < steps && g->p[setup_player(g, g->setup_step)].resigned);
    if (g->setup_step >= steps) {
        g->turn = 0;
        begin_turn(g, eb, g->p[0].resigned ? next_active(g, 0) : 0);
        return;
    }
    g->current = (int8_t)setup_player(g, g->setup_step);
    g->phase = PHASE_SETUP_SETTLEMENT;
    g->setup_vertex = -1;
}

void close_offer(struct game *g, struct evbuf *eb, struct trade_offer *o)
{
    struct game_event *e = ev_push(eb, EV_OFFER_CLOSED, o->from);
    if (e)
        e->a = (int16_t)o->id;
    drop_offer(g, o);
}

void drop_offer(struct game *g, struct trade_offer *o)
{
    memset(o, 0, sizeof *o);
    g->offers_open &= (uint8_t)~BIT(o - g->offers);
}

void close_all_offers(struct game *g, struct evbuf *eb)
{
    for (unsigned m = g->offers_open; m; m &= m - 1)
        close_offer(g, eb, &g->offers[__builtin_ctz(m)]);
}

void ripen_dev_cards(struct game_player *pl)
{
    for (int c = 0; c < DEV_COUNT; c++) {
        pl->dev[c] += pl->dev_new[c];
        pl->dev_new[c] = 0;
    }
}

/* After `after` is done: the next special building phase on the big board (for each other
 * player in turn order), else the next player's turn. */
void next_special_or_turn(struct game *g, struct evbuf *eb, int after)
{
    int n = g->opt.n_players, c = g->current;
    if (g->opt.board == BOARD_BIG) {
        int p = next_active(g, after);
        if ((p - c + n) % n > (after - c + n) % n) {
            g->phase = PHASE_SPECIAL_BUILD;
            g->sb_player = (int8_t)p;
            g->turn_timed_out = 0;
            ev_push(eb, EV_SPECIAL_BUILD, p);
            return;
        }
    }
    begin_turn(g, eb, next_active(g, c));
}

void end_turn(struct game *g, struct evbuf *eb)
{
    close_all_offers(g, eb);
    ripen_dev_cards(&g->p[g->current]);
    next_special_or_turn(g, eb, g->current);
}
