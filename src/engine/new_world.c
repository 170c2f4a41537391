/* The New World (Seafarers): a map of islands drawn for each game from its generator, fair by
 * construction. The map file gives a frame of hexes to draw (?) and what they are drawn from
 * (fog_terrains with its sea, fog_tokens, harbors); board.h's drawn_hexes.
 *
 * Drawing: a few islands grow hex by hex from seeds apart from each other, never touching
 * another island (a sea hex between any two), until the land is all placed; an island of a
 * single hex is tried again. The terrains are shuffled onto the land, the red numbers (6, 8)
 * onto hexes none of which touches another, the other numbers onto the rest; the harbors go on
 * coasts (a side with land on one side only), one island after another so that every island
 * large enough gets one. Setup settlements go on any land: a layout is kept only when every
 * player's two setup settlements will find a place whatever the others chose. The pirate's
 * start stays sea; the robber starts off the board (the map has no desert).
 *
 * The game's terrains, tokens and harbor types are the map (records save them), so a restored
 * game needs nothing else; the same seed draws the same map. */
#include "engine/internal.h"

#include <string.h>

enum { NW_MIN_ISLANDS = 3, NW_MAX_ISLANDS = 5, NW_ATTEMPTS = 2000 };

/* The land hexes joined to hex h by their sides (h itself included). */
static uint64_t island_of_hex(const struct board_geo *geo, uint64_t land, int h)
{
    uint64_t island = 1ull << h, todo = island;
    while (todo) {
        int x = __builtin_ctzll(todo);
        todo &= todo - 1;
        for (int s = 0; s < 6; s++) {
            int nb = geo->hex_neighbor[x][s];
            if (nb >= 0 && (land >> nb & 1) && !(island >> nb & 1)) {
                island |= 1ull << nb;
                todo |= 1ull << nb;
            }
        }
    }
    return island;
}

/* The hexes beside a set of hexes (the set left out). */
static uint64_t around(const struct board_geo *geo, uint64_t set)
{
    uint64_t near = 0;
    for (uint64_t s = set; s; s &= s - 1) {
        int h = __builtin_ctzll(s);
        for (int k = 0; k < 6; k++)
            if (geo->hex_neighbor[h][k] >= 0)
                near |= 1ull << geo->hex_neighbor[h][k];
    }
    return near & ~set;
}

/* A random member of a non-empty hex set. */
static int pick(struct bw_rng *rng, uint64_t set)
{
    int k = (int)bw_rng_below(rng, (uint32_t)count64(set));
    while (k--)
        set &= set - 1;
    return __builtin_ctzll(set);
}

/* Islands: grown in turn from seeds; 0 when the land does not fit or an island stays a single
 * hex. island[] gets each one's hexes. */
static int grow_islands(struct bw_rng *rng, const struct board_geo *geo, uint64_t open, int n_land,
                        uint64_t island[NW_MAX_ISLANDS], int *n_islands)
{
    int n = NW_MIN_ISLANDS + (int)bw_rng_below(rng, NW_MAX_ISLANDS - NW_MIN_ISLANDS + 1);
    uint64_t land = 0;
    for (int i = 0; i < n; i++) {
        /* A seed two hexes or more from every other island: the sea parts them. */
        uint64_t free = open & ~land & ~around(geo, land) & ~around(geo, around(geo, land));
        if (!free)
            return 0;
        island[i] = 1ull << pick(rng, free);
        land |= island[i];
    }
    for (int placed = n; placed < n_land; placed++) {
        /* Grow a random island by a hex that touches no other island. */
        int order[NW_MAX_ISLANDS], grown = 0;
        for (int i = 0; i < n; i++)
            order[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = (int)bw_rng_below(rng, (uint32_t)i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int k = 0; k < n && !grown; k++) {
            int i = order[k];
            uint64_t others = land & ~island[i];
            uint64_t free = around(geo, island[i]) & open & ~land & ~around(geo, others);
            if (free) {
                uint64_t bit = 1ull << pick(rng, free);
                island[i] |= bit;
                land |= bit;
                grown = 1;
            }
        }
        if (!grown)
            return 0;
    }
    for (int i = 0; i < n; i++)
        if (count64(island[i]) < 2)
            return 0;
    *n_islands = n;
    return 1;
}

/* Whether every player finds a place for both setup settlements whatever the others chose:
 * a settlement takes its corner and the (at most three) next to it, so more corners on land
 * than four for each settlement before the last always leave one. */
static int setup_fits(const struct board_geo *geo, uint64_t land, int n_players)
{
    int corners = 0;
    for (int v = 0; v < geo->n_vertices; v++)
        corners += (geo->vertex_hex_bits[v] & land) != 0;
    return corners > 4 * (2 * n_players - 1);
}

/* The red numbers on hexes apart from each other; the rest shuffled onto the other land. */
static int deal_tokens(struct game *g, const struct board_geo *geo, const struct board_setup *s,
                       uint64_t producing)
{
    uint8_t reds[BOARD_MAX_HEXES], others[BOARD_MAX_HEXES], hexes[BOARD_MAX_HEXES];
    int n_red = 0, n_other = 0, n = 0;
    for (int t = 2; t <= 12; t++)
        for (int k = 0; k < s->fog_token[t]; k++) {
            if (t == 6 || t == 8)
                reds[n_red++] = (uint8_t)t;
            else
                others[n_other++] = (uint8_t)t;
        }
    if (n_red + n_other != count64(producing))
        return 0;
    for (uint64_t p = producing; p; p &= p - 1)
        hexes[n++] = (uint8_t)__builtin_ctzll(p);
    bw_rng_shuffle_u8(&g->rng, hexes, n);
    uint64_t red = 0;
    for (int i = 0; i < n && count64(red) < n_red; i++)
        if (!(around(geo, red) >> hexes[i] & 1) && !(red >> hexes[i] & 1))
            red |= 1ull << hexes[i];
    if (count64(red) < n_red)
        return 0;
    bw_rng_shuffle_u8(&g->rng, reds, n_red);
    bw_rng_shuffle_u8(&g->rng, others, n_other);
    int ri = 0, oi = 0;
    for (int h = 0; h < geo->n_hexes; h++)
        if (producing >> h & 1)
            g->token[h] = (red >> h & 1) ? reds[ri++] : others[oi++];
    return 1;
}

/* The harbor slot's side has land on one side only. */
static int coast_slot(const struct board_geo *geo, uint64_t land, int k)
{
    int e = geo->harbor_edge[k], n = 0;
    for (int i = 0; i < 2; i++)
        n += geo->edge_hex[e][i] >= 0 && (land >> geo->edge_hex[e][i] & 1);
    return n == 1;
}

/* The sea hex across harbor slot k from the land, or -1 (the frame). */
static int sea_side(const struct board_geo *geo, uint64_t land, int k)
{
    int e = geo->harbor_edge[k];
    for (int i = 0; i < 2; i++)
        if (geo->edge_hex[e][i] >= 0 && !(land >> geo->edge_hex[e][i] & 1))
            return geo->edge_hex[e][i];
    return -1;
}

/* Harbors: each island in turn takes one on a coast slot of its own, until the pool is dealt;
 * no two face the same sea hex (the drawing writes a harbor into the sea it faces, and a sea
 * hex has room for one beside its letter). Then the types are shuffled onto them. */
static int deal_harbors(struct game *g, const struct board_geo *geo, const struct board_setup *s,
                        uint64_t land, const uint64_t island[NW_MAX_ISLANDS], int n_islands)
{
    int want = s->n_drawn_harbors, placed = 0, slots[BOARD_MAX_HARBORS];
    uint8_t used[BOARD_MAX_HARBORS] = {0};
    uint64_t faced = 0; /* sea hexes a harbor faces */
    for (int k = 0; k < geo->n_harbors; k++)
        g->harbor[k] = HARBOR_NONE; /* a record keeps the map's slots only: the rest stay 0 */
    for (int round = 0; placed < want && round < BOARD_MAX_HARBORS; round++) {
        int before = placed;
        for (int i = 0; i < n_islands && placed < want; i++) {
            int n = 0;
            for (int k = 0; k < geo->n_harbors; k++) {
                int e = geo->harbor_edge[k];
                int on = (geo->edge_hex[e][0] >= 0 && (island[i] >> geo->edge_hex[e][0] & 1)) ||
                         (geo->edge_hex[e][1] >= 0 && (island[i] >> geo->edge_hex[e][1] & 1));
                int sea = coast_slot(geo, land, k) ? sea_side(geo, land, k) : -1;
                if (!used[k] && on && coast_slot(geo, land, k) && !(sea >= 0 && (faced >> sea & 1)))
                    slots[n++] = k;
            }
            if (n) {
                int k = slots[bw_rng_below(&g->rng, (uint32_t)n)], sea = sea_side(geo, land, k);
                used[k] = 1;
                faced |= sea >= 0 ? 1ull << sea : 0;
                placed++;
            } else if (round == 0) {
                return 0; /* every island has a harbor: draw the map again */
            }
        }
        if (placed == before)
            return 0;
    }
    uint8_t types[BOARD_MAX_HARBORS];
    memcpy(types, s->harbors, s->n_harbors);
    bw_rng_shuffle_u8(&g->rng, types, s->n_harbors);
    for (int k = 0, t = 0; k < geo->n_harbors; k++)
        if (used[k])
            g->harbor[k] = types[t++];
    return 1;
}

int new_world_deal(struct game *g, const struct board_geo *geo, const struct board_setup *s)
{
    int n_land = 0;
    for (int t = 0; t < (int)sizeof s->fog_terrain; t++)
        n_land += t == TERRAIN_SEA ? 0 : s->fog_terrain[t];
    if (s->n_drawn_harbors > s->n_harbors)
        return -1;
    uint64_t open = geo->drawn_hexes & ~(s->pirate >= 0 ? 1ull << s->pirate : 0);
    for (int attempt = 0; attempt < NW_ATTEMPTS; attempt++) {
        uint64_t island[NW_MAX_ISLANDS] = {0}, land = 0, producing = 0;
        int n_islands = 0;
        if (!grow_islands(&g->rng, geo, open, n_land, island, &n_islands))
            continue;
        for (int i = 0; i < n_islands; i++)
            land |= island[i];
        if (!setup_fits(geo, land, g->opt.n_players))
            continue;
        uint8_t terrains[BOARD_MAX_HEXES];
        int n = 0;
        for (int t = 0; t < (int)sizeof s->fog_terrain; t++)
            for (int k = 0; t != TERRAIN_SEA && k < s->fog_terrain[t]; k++)
                terrains[n++] = (uint8_t)t;
        bw_rng_shuffle_u8(&g->rng, terrains, n);
        memset(g->token, 0, sizeof g->token);
        for (int h = 0, i = 0; h < geo->n_hexes; h++) {
            if (!(geo->drawn_hexes >> h & 1))
                continue;
            g->terrain[h] = (land >> h & 1) ? terrains[i++] : TERRAIN_SEA;
            if (g->terrain[h] < TERRAIN_DESERT || g->terrain[h] == TERRAIN_GOLD)
                producing |= 1ull << h;
        }
        if (!deal_tokens(g, geo, s, producing) || !deal_harbors(g, geo, s, land, island, n_islands))
            continue;
        g->fog = 0;
        memset(g->fog_terrain, 0, sizeof g->fog_terrain);
        memset(g->fog_token, 0, sizeof g->fog_token);
        return 0;
    }
    return -1;
}

int new_world_islands(const struct board_geo *geo, uint64_t land)
{
    int n = 0;
    for (uint64_t left = land; left; n++)
        left &= ~island_of_hex(geo, left, __builtin_ctzll(left));
    return n;
}

int game_vertex_island(const struct game *g, int v)
{
    const struct board_geo *geo = GEO(g);
    if (v < 0 || v >= geo->n_vertices)
        return -1;
    if (!geo->drawn_hexes)
        return geo->vertex_island[v];
    uint64_t at = geo->vertex_hex_bits[v] & g->land;
    if (!at)
        return -1;
    /* The hexes at a corner touch each other: one island. Islands are numbered by their
     * first hex. */
    int id = 0;
    for (uint64_t left = g->land; left; id++) {
        uint64_t island = island_of_hex(geo, left, __builtin_ctzll(left));
        if (island & at)
            return id;
        left &= ~island;
    }
    return -1;
}

void new_world_index_islands(struct game *g)
{
    const struct board_geo *geo = GEO(g);
    for (int v = 0; v < geo->n_vertices; v++) {
        int o = g->vertex_owner[v],
            island = o >= 0 && o < g->opt.n_players ? game_vertex_island(g, v) : -1;
        if (island >= 0 && island < BOARD_MAX_ISLANDS)
            g->islands_of[o] |= (uint16_t)(1u << island);
    }
}

int game_harbor_hex(const struct game *g, int k)
{
    const struct board_geo *geo = GEO(g);
    if (k < 0 || k >= geo->n_harbors || g->harbor[k] > HARBOR_GENERIC)
        return -1;
    if (geo->harbor_hex[k] >= 0)
        return geo->harbor_hex[k];
    int e = geo->harbor_edge[k];
    for (int i = 0; i < 2; i++)
        if (geo->edge_hex[e][i] >= 0 && (g->land >> geo->edge_hex[e][i] & 1))
            return geo->edge_hex[e][i];
    return -1;
}

int new_world_harbors_ok(const struct game *g, const struct board_geo *geo)
{
    for (int k = 0; k < geo->n_harbors; k++)
        if (g->harbor[k] > HARBOR_NONE ||
            (g->harbor[k] <= HARBOR_GENERIC && !coast_slot(geo, game_land(g, geo), k)))
            return 0;
    return new_world_islands(geo, game_land(g, geo)) <= BOARD_MAX_ISLANDS;
}
