/* The maps a lobby may choose, and the stable names of the board kinds (saved records). */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#include "i18n/i18n.h"
#include "map/map.h"
#include "session/session.h"

struct map_row {
    const char *name, *title;
    int board3, board4; /* board kinds for 3 and 4 players */
    bool unfinished;    /* listed, but not playable yet (the engine may already build it) */
};

static const struct map_row maps[SESSION_MAP_COUNT] = {
    {"base", "the base game", BOARD_BASE, BOARD_BASE, false},
    {"four_islands", "The Four Islands", BOARD_FOUR_ISLANDS_3, BOARD_FOUR_ISLANDS_4, false},
    {"new_shores", "Heading for New Shores", BOARD_NEW_SHORES_3, BOARD_NEW_SHORES_4, false},
    {"fog_islands", "The Fog Islands", BOARD_FOG_ISLANDS_3, BOARD_FOG_ISLANDS_4, false},
    {"through_desert", "Through the Desert", BOARD_DESERT_3, BOARD_DESERT_4, false},
    {"new_world", "The New World", BOARD_NEW_WORLD_3, BOARD_NEW_WORLD_4, false},
    {"forgotten_tribe", "The Forgotten Tribe", BOARD_TRIBE, BOARD_TRIBE, false},
    {"cloth", "Cloth for Catan", BOARD_CLOTH, BOARD_CLOTH, false},
    {"wonders", "The Wonders of Catan", BOARD_WONDERS, BOARD_WONDERS, false},
    {"pirate_islands", "The Pirate Islands", BOARD_PIRATES, BOARD_PIRATES, false},
};

/* Names of the board kinds as the built-in map files are named. */
static const struct {
    int kind;
    const char *name;
} boards[] = {
    {BOARD_BASE, "base"},
    {BOARD_BIG, "big"},
    {BOARD_NEW_SHORES_3, "new_shores_3"},
    {BOARD_NEW_SHORES_4, "new_shores_4"},
    {BOARD_FOUR_ISLANDS_3, "four_islands_3"},
    {BOARD_FOUR_ISLANDS_4, "four_islands_4"},
    {BOARD_FOG_ISLANDS_3, "fog_islands_3"},
    {BOARD_FOG_ISLANDS_4, "fog_islands_4"},
    {BOARD_JUNGLE, "jungle"}, /* the base map with the Jungle variant */
    {BOARD_RIVER, "great_river"},
    {BOARD_DESERT_3, "through_desert_3"},
    {BOARD_DESERT_4, "through_desert_4"},
    {BOARD_NEW_WORLD_3, "new_world_3"},
    {BOARD_NEW_WORLD_4, "new_world_4"},
    {BOARD_TRIBE, "forgotten_tribe"},
    {BOARD_CLOTH, "cloth"},
    {BOARD_WONDERS, "wonders"},
    {BOARD_PIRATES, "pirate_islands"},
};

#define N_BOARDS ((int)(sizeof boards / sizeof boards[0]))

const char *session_board_name(int kind)
{
    for (int i = 0; i < N_BOARDS; i++)
        if (boards[i].kind == kind)
            return boards[i].name;
    return NULL;
}

int session_board_find(const char *name)
{
    for (int i = 0; name && i < N_BOARDS; i++)
        if (strcmp(boards[i].name, name) == 0)
            return boards[i].kind;
    return -1;
}

const char *session_map_name(int map)
{
    return map >= 0 && map < SESSION_MAP_COUNT ? maps[map].name : NULL;
}

const char *session_map_title(int map)
{
    return map >= 0 && map < SESSION_MAP_COUNT ? maps[map].title : NULL;
}

int session_map_find(const char *name)
{
    for (int i = 0; name && i < SESSION_MAP_COUNT; i++)
        if (strcasecmp(maps[i].name, name) == 0)
            return i;
    return -1;
}

bool session_map_playable(int map)
{
    return map >= 0 && map < SESSION_MAP_COUNT && !maps[map].unfinished &&
           board_geo(maps[map].board3) && board_geo(maps[map].board4);
}

/* Players and points read from the map files once (the maps that are not playable yet have no
 * board_setup() to ask). */
static int limits[SESSION_MAP_COUNT][3];
static once_flag limits_once = ONCE_FLAG_INIT;

static void read_limits(void)
{
    static struct map m;
    for (int i = 0; i < SESSION_MAP_COUNT; i++) {
        int lo = 3, hi = 4, points = 10;
        const int kinds[2] = {maps[i].board3, i == SESSION_MAP_BASE ? BOARD_BIG : maps[i].board4};
        for (int k = 0; k < 2; k++) {
            const struct map_builtin *b = map_builtin(session_board_name(kinds[k]));
            if (!b || map_parse(b->text, b->len, b->name, &m, NULL, 0) != 0)
                continue;
            lo = k == 0 ? m.players_min : lo;
            hi = m.players_max > hi ? m.players_max : hi;
            points = k == 0 ? m.points : points;
        }
        limits[i][0] = lo;
        limits[i][1] = hi;
        limits[i][2] = points;
    }
}

void session_map_limits(int map, int *min_players, int *max_players, int *points)
{
    call_once(&limits_once, read_limits);
    int m = map >= 0 && map < SESSION_MAP_COUNT ? map : SESSION_MAP_BASE;
    *min_players = limits[m][0];
    *max_players = limits[m][1];
    *points = limits[m][2];
}

int session_map_board(int map, int n_players)
{
    if (!session_map_playable(map))
        return -1;
    int kind;
    if (map == SESSION_MAP_BASE)
        kind = n_players > 4 ? BOARD_BIG : BOARD_BASE;
    else if (n_players == 3 || n_players == 4)
        kind = n_players == 3 ? maps[map].board3 : maps[map].board4;
    else
        return -1;
    const struct board_setup *st = board_setup(kind);
    return st && n_players >= st->players_min && n_players <= st->players_max ? kind : -1;
}

bool session_map_fits(int map, int n_seats, char *msg, size_t msglen)
{
    int lo, hi, points;
    if (!session_map_playable(map)) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_NOT_PLAYABLE,
                    session_map_name(map) ? session_map_name(map) : "?",
                    session_map_title(map) ? session_map_title(map) : "?");
        return false;
    }
    session_map_limits(map, &lo, &hi, &points);
    if (n_seats > hi) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_MAP_SEATS, maps[map].name, lo, hi, n_seats);
        return false;
    }
    return true;
}

static const struct {
    const char *name, *title;
} variants[SESSION_VARIANT_COUNT] = {
    {"none", "no variant"},
    {"jungle", "the Jungle"},
    {"river", "the Great River"},
    {"two", "Catan for two"},
};

const char *session_variant_name(int variant)
{
    return variant >= 0 && variant < SESSION_VARIANT_COUNT ? variants[variant].name : NULL;
}

const char *session_variant_title(int variant)
{
    return variant >= 0 && variant < SESSION_VARIANT_COUNT ? variants[variant].title : NULL;
}

int session_variant_find(const char *name)
{
    for (int i = 0; name && i < SESSION_VARIANT_COUNT; i++)
        if (strcasecmp(variants[i].name, name) == 0)
            return i;
    return -1;
}

/* The board kind each variant plays on, by enum session_variant (-1: none of its own). */
static const int variant_board[SESSION_VARIANT_COUNT] = {-1, BOARD_JUNGLE, BOARD_RIVER, BOARD_BASE};

bool session_variant_playable(int variant)
{
    return variant == SESSION_VARIANT_NONE ||
           (variant > 0 && variant < SESSION_VARIANT_COUNT && board_geo(variant_board[variant]));
}

bool session_variant_fits(int variant, int map, int n_seats, char *msg, size_t msglen)
{
    if (variant == SESSION_VARIANT_NONE)
        return true;
    if (!session_variant_playable(variant)) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_NOT_PLAYABLE,
                    session_variant_name(variant) ? session_variant_name(variant) : "?",
                    session_variant_title(variant) ? session_variant_title(variant) : "?");
        return false;
    }
    if (map != SESSION_MAP_BASE) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_VARIANT_MAP, session_variant_name(variant),
                    session_map_name(map) ? session_map_name(map) : "?");
        return false;
    }
    if (variant == SESSION_VARIANT_TWO && n_seats > 2) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_TWO_SEATS, session_variant_name(variant),
                    n_seats);
        return false;
    }
    if (n_seats > 4) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_VARIANT_SEATS,
                    session_variant_name(variant), n_seats);
        return false;
    }
    return true;
}

int session_board_of(int map, int variant, int n_players)
{
    if (variant == SESSION_VARIANT_NONE)
        return session_map_board(map, n_players);
    if (variant == SESSION_VARIANT_TWO) /* Catan for two: the base board, 2 players */
        return map == SESSION_MAP_BASE && n_players == 2 ? BOARD_BASE : -1;
    if (map != SESSION_MAP_BASE || n_players < 3 || n_players > 4 ||
        !session_variant_playable(variant) || variant <= 0 || variant >= SESSION_VARIANT_COUNT)
        return -1;
    int kind = variant_board[variant];
    const struct board_setup *st = board_setup(kind);
    return st && n_players >= st->players_min && n_players <= st->players_max ? kind : -1;
}

bool session_cities_ready = true;

const char *session_expansion_name(int expansion)
{
    static const char *const names[SESSION_EXPANSION_COUNT] = {"none", "cities"};
    return expansion >= 0 && expansion < SESSION_EXPANSION_COUNT ? names[expansion] : NULL;
}

bool session_expansion_fits(int expansion, int map, int variant, char *msg, size_t msglen)
{
    if (expansion == SESSION_EXPANSION_NONE)
        return true;
    if (map != SESSION_MAP_BASE) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_CITIES_MAP,
                    session_map_name(map) ? session_map_name(map) : "?");
        return false;
    }
    if (variant != SESSION_VARIANT_NONE) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_CITIES_VARIANT,
                    session_variant_name(variant) ? session_variant_name(variant) : "?");
        return false;
    }
    return true;
}
