#include "session/record.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "session/record_ck.h"
#include "session/record_house.h"
#include "session/record_io.h"

static const unsigned char record_magic[4] = {'B', 'W', 'S', 'R'};

_Static_assert(RECORD_MAX_SIZE <= SESSION_RECORD_SIZE, "SESSION_RECORD_SIZE is too small");
_Static_assert(SESSION_ID_MAX <= 255 && SESSION_NICK_MAX <= 255 && SESSION_CHAN_MAX <= 255,
               "a record's strings have a u8 length");

uint32_t record_crc32(const void *p, size_t len)
{
    const unsigned char *b = p;
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < len; i++) {
        crc ^= b[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

/* ---- times ---- */

static bool is_sentinel(int64_t t)
{
    return t == INT64_MAX || t == INT64_MIN;
}

/* A time that is not a sentinel stays one: far-off values saturate short of them. */
static int64_t not_sentinel(int64_t t)
{
    return t == INT64_MAX ? INT64_MAX - 1 : t == INT64_MIN ? INT64_MIN + 1 : t;
}

static int64_t time_to_record(int64_t t, int64_t now_ms)
{
    int64_t d;
    if (is_sentinel(t))
        return t;
    if (__builtin_sub_overflow(t, now_ms, &d))
        d = t > now_ms ? INT64_MAX : INT64_MIN;
    return not_sentinel(d);
}

/* ---- writing ---- */

static void put_time(struct writer *w, int64_t t, int64_t now_ms)
{
    put_i64(w, time_to_record(t, now_ms));
}

/* A string of a char[cap] field: u8 length, then the bytes before its NUL. */
static void put_str(struct writer *w, const char *s, size_t cap)
{
    size_t n = strnlen(s, cap - 1);
    put_u8(w, (unsigned)n);
    put_bytes(w, s, n);
}

static void put_rng(struct writer *w, const struct bw_rng *r)
{
    for (int i = 0; i < 4; i++)
        put_u64(w, r->s[i]);
}

/* ---- reading ---- */

/* Why a record with a time out of its range (record.h) is refused. */
#define WHY_TURN_DEADLINE "the turn deadline is out of range"
#define WHY_STEP_DEADLINE "the step deadline is out of range"
#define WHY_OFFER "the time an offer was seen is out of range"
#define WHY_SHOWN "the time a display was last shown is out of range"
#define WHY_PAUSE "the moment the pause began is out of range"
#define WHY_DEPARTURE "a departure time is out of range"
#define WHY_START "the game's start time is out of range"
#define WHY_SHIP_PAST "a ship lies past the board's last edge"

/* A time: a sentinel as it is, else now_ms plus the distance stored, which must lie within
 * RECORD_AGE_MAX_MS of the save (else why refuses the record). record_decode() has checked
 * that now_ms is within RECORD_CLOCK_MAX_MS of zero, so the sum cannot overflow; the ranges of
 * each field are checked once the session is whole (times_problem()). */
static int64_t get_time(struct reader *r, int64_t now_ms, const char *why)
{
    int64_t d = get_i64(r);
    if (is_sentinel(d))
        return d;
    if (d < -RECORD_AGE_MAX_MS || d > RECORD_AGE_MAX_MS) {
        refuse(r, why);
        return 0;
    }
    return now_ms + d;
}

/* Into a char[cap] field: at most cap - 1 bytes, none of them NUL, CR or LF (the strings go
 * into IRC lines). */
static void get_str(struct reader *r, char *dst, size_t cap)
{
    size_t n = get_u8(r);
    if (n > cap - 1)
        refuse(r, "a string is too long for its field");
    const unsigned char *b = get_bytes(r, n);
    if (!b)
        return;
    for (size_t i = 0; i < n; i++)
        if (b[i] == '\0' || b[i] == '\r' || b[i] == '\n')
            refuse(r, "a string holds a NUL, CR or LF");
    memcpy(dst, b, n);
    dst[n] = '\0';
}

static void get_rng(struct reader *r, struct bw_rng *rng)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = get_u64(r);
    /* xoshiro never leaves the all-zero state, where bw_rng_below() would loop forever. */
    if (!(rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]))
        refuse(r, "a random generator state is all zero");
}

/* ---- version 1 ----
 * Session:
 *   str channel; u8 state, n_seats, stop_votes, warned, paused;
 *   i32 rules.min_players, max_players, victory_points, turn_timeout_s; rng (4 x u64);
 *   u16 key_turn; u8 key_setup; i8 key_sb; u8 step_phase;
 *   time turn_deadline_ms, step_deadline_ms; 8 x (u16 offer_id, time offer_ms);
 *   time board_ms, status_ms, board_text_ms; time paused_ms only when paused;
 *   n_seats x (str nick, account, userhost; u8 present; time left_ms only when not present).
 * Game, when state != SESSION_LOBBY:
 *   u8 n_players, board, victory_points, vp_goal, phase;
 *   i8 current, sb_player, winner, longest_road, largest_army, robber; u8 setup_step;
 *   i16 setup_vertex; u8 dice[2], dev_played, rolled, turn_timed_out; u16 turn, next_offer_id;
 *   u8 deck_pos, deck_size, bank[5], bank_start;
 *   u8 terrain[n_hexes], token[n_hexes], harbor[n_harbors]; i8 vertex_owner[n_vertices];
 *   u8 vertex_building[n_vertices]; i8 edge_owner[n_edges]; u8 deck[deck_size]
 *     (counts from the board kind's geometry);
 *   n_players x (u8 res[5], dev[5], dev_new[5], knights, settlements, cities, roads,
 *                road_length, discard, timeouts, resigned);
 *   u8 mask of offer slots in use; per slot in it (u16 id; i8 from; u8 to_mask, accepted,
 *   rejected, give[5], get[5]); rng (4 x u64).
 * Times are relative to the save (see record.h). */

static void put_game_v1(struct writer *w, const struct game *g, int version)
{
    const struct board_geo *geo = board_geo(g->opt.board);
    put_u8(w, g->opt.n_players);
    if (version >= 3) {
        const char *board = session_board_name(g->opt.board);
        put_str(w, board, strlen(board) + 1);
    } else {
        put_u8(w, g->opt.board);
    }
    put_u8(w, g->opt.victory_points);
    put_u8(w, g->vp_goal);
    put_u8(w, g->phase);
    put_u8(w, (uint8_t)g->current);
    put_u8(w, (uint8_t)g->sb_player);
    put_u8(w, (uint8_t)g->winner);
    put_u8(w, (uint8_t)g->longest_road);
    put_u8(w, (uint8_t)g->largest_army);
    put_u8(w, (uint8_t)g->robber);
    put_u8(w, g->setup_step);
    put_u16(w, (uint16_t)g->setup_vertex);
    put_u8(w, g->dice[0]);
    put_u8(w, g->dice[1]);
    put_u8(w, g->dev_played);
    put_u8(w, g->rolled);
    put_u8(w, g->turn_timed_out);
    put_u16(w, g->turn);
    put_u16(w, g->next_offer_id);
    put_u8(w, g->deck_pos);
    put_u8(w, g->deck_size);
    put_bytes(w, g->bank, RES_COUNT);
    put_u8(w, g->bank_start);
    put_bytes(w, g->terrain, (size_t)geo->n_hexes);
    put_bytes(w, g->token, (size_t)geo->n_hexes);
    put_bytes(w, g->harbor, (size_t)geo->n_harbors);
    put_bytes(w, g->vertex_owner, (size_t)geo->n_vertices);
    put_bytes(w, g->vertex_building, (size_t)geo->n_vertices);
    put_bytes(w, g->edge_owner, (size_t)geo->n_edges);
    put_bytes(w, g->deck, g->deck_size);
    for (int i = 0; i < g->opt.n_players; i++) {
        const struct game_player *pl = &g->p[i];
        put_bytes(w, pl->res, RES_COUNT);
        put_bytes(w, pl->dev, DEV_COUNT);
        put_bytes(w, pl->dev_new, DEV_COUNT);
        put_u8(w, pl->knights);
        put_u8(w, pl->settlements);
        put_u8(w, pl->cities);
        put_u8(w, pl->roads);
        put_u8(w, pl->road_length);
        put_u8(w, pl->discard);
        put_u8(w, pl->timeouts);
        put_u8(w, pl->resigned);
    }
    unsigned used = 0;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (g->offers[i].id)
            used |= 1u << i;
    put_u8(w, used);
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        const struct trade_offer *o = &g->offers[i];
        if (!o->id)
            continue;
        put_u16(w, o->id);
        put_u8(w, (uint8_t)o->from);
        put_u8(w, o->to_mask);
        put_u8(w, o->accepted);
        put_u8(w, o->rejected);
        put_bytes(w, o->give, RES_COUNT);
        put_bytes(w, o->get, RES_COUNT);
    }
    put_rng(w, &g->rng);
}

static void put_session_v1(struct writer *w, const struct session *s, int64_t now_ms, int version)
{
    put_str(w, s->channel, sizeof s->channel);
    put_u8(w, s->state);
    put_u8(w, s->n_seats);
    put_u8(w, s->stop_votes);
    put_u8(w, s->warned);
    put_u8(w, s->paused);
    put_u32(w, (uint32_t)s->rules.min_players);
    put_u32(w, (uint32_t)s->rules.max_players);
    put_u32(w, (uint32_t)s->rules.victory_points);
    put_u32(w, (uint32_t)s->rules.turn_timeout_s);
    put_rng(w, &s->rng);
    put_u16(w, s->key_turn);
    put_u8(w, s->key_setup);
    put_u8(w, (uint8_t)s->key_sb);
    put_u8(w, s->step_phase);
    put_time(w, s->turn_deadline_ms, now_ms);
    put_time(w, s->step_deadline_ms, now_ms);
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        put_u16(w, s->offer_id[i]);
        put_time(w, s->offer_ms[i], now_ms);
    }
    put_time(w, s->board_ms, now_ms);
    put_time(w, s->status_ms, now_ms);
    put_time(w, s->board_text_ms, now_ms);
    if (s->paused)
        put_time(w, s->paused_ms, now_ms);
    for (int i = 0; i < s->n_seats; i++) {
        const struct session_seat *seat = &s->seat[i];
        put_str(w, seat->nick, sizeof seat->nick);
        put_str(w, seat->account, sizeof seat->account);
        put_str(w, seat->userhost, sizeof seat->userhost);
        put_u8(w, seat->present);
        if (!seat->present)
            put_time(w, seat->left_ms, now_ms);
    }
    if (s->state != SESSION_LOBBY)
        put_game_v1(w, &s->game, version);
}

/* ---- version 2 ----
 * The version 1 body, then u8 rules.robot_level, rules.takeover; n_seats x (str sat_nick; u8
 * robot, takeover), then, when state !=
 * SESSION_LOBBY: time started_ms (the game's start, for its duration when it is recorded as
 * finished); 11 x u16 rolls (how often each sum 2..12 was rolled). */

static void put_session_v2(struct writer *w, const struct session *s, int64_t now_ms, int version)
{
    put_session_v1(w, s, now_ms, version);
    put_u8(w, (unsigned)s->rules.robot_level);
    put_u8(w, s->rules.takeover);
    for (int i = 0; i < s->n_seats; i++) {
        put_str(w, s->seat[i].sat_nick, sizeof s->seat[i].sat_nick);
        put_u8(w, s->seat[i].robot);
        put_u8(w, s->seat[i].takeover);
    }
    if (s->state == SESSION_LOBBY)
        return;
    put_time(w, s->started_ms, now_ms);
    for (int i = 0; i < 11; i++)
        put_u16(w, s->rolls[i]);
}

static void get_game_v1(struct reader *r, struct game *g, int version)
{
    g->opt.n_players = get_u8(r);
    if (version >= 3) {
        char board[SESSION_BOARD_NAME_MAX + 1] = "";
        get_str(r, board, sizeof board);
        int kind = session_board_find(board);
        if (!r->bad && (kind < 0 || !board_geo(kind)))
            refuse(r, "the game's board is unknown or cannot be played");
        g->opt.board = (uint8_t)(kind < 0 ? 0 : kind);
    } else {
        g->opt.board = get_u8(r);
    }
    g->opt.victory_points = get_u8(r);
    /* The sizes below come from these two: check them before anything is read by them. */
    if ((version < 3 && g->opt.board >= BOARD_KIND_COUNT) || !board_geo(g->opt.board) ||
        g->opt.n_players > GAME_MAX_PLAYERS)
        refuse(r, "the game's board kind or player count is out of range");
    if (r->bad)
        return;
    const struct board_geo *geo = board_geo(g->opt.board);
    g->vp_goal = get_u8(r);
    g->phase = get_u8(r);
    g->current = get_i8(r);
    g->sb_player = get_i8(r);
    g->winner = get_i8(r);
    g->longest_road = get_i8(r);
    g->largest_army = get_i8(r);
    g->robber = get_i8(r);
    g->pirate = -1; /* the base and big boards have none */
    g->setup_step = get_u8(r);
    g->setup_vertex = get_i16(r);
    g->dice[0] = get_u8(r);
    g->dice[1] = get_u8(r);
    g->dev_played = get_u8(r);
    g->rolled = get_u8(r);
    g->turn_timed_out = get_u8(r);
    g->turn = get_u16(r);
    g->next_offer_id = get_u16(r);
    g->deck_pos = get_u8(r);
    g->deck_size = get_u8(r);
    get_into(r, g->bank, RES_COUNT);
    g->bank_start = get_u8(r);
    if (g->deck_size > GAME_DEV_DECK_MAX)
        refuse(r, "the development deck is too large");
    if (r->bad)
        return;
    /* Places off this board stay as game_init() leaves them. */
    memset(g->vertex_owner, -1, sizeof g->vertex_owner);
    memset(g->edge_owner, -1, sizeof g->edge_owner);
    get_into(r, g->terrain, (size_t)geo->n_hexes);
    get_into(r, g->token, (size_t)geo->n_hexes);
    get_into(r, g->harbor, (size_t)geo->n_harbors);
    get_into(r, g->vertex_owner, (size_t)geo->n_vertices);
    get_into(r, g->vertex_building, (size_t)geo->n_vertices);
    get_into(r, g->edge_owner, (size_t)geo->n_edges);
    get_into(r, g->deck, g->deck_size);
    for (int i = 0; i < g->opt.n_players; i++) {
        struct game_player *pl = &g->p[i];
        get_into(r, pl->res, RES_COUNT);
        get_into(r, pl->dev, DEV_COUNT);
        get_into(r, pl->dev_new, DEV_COUNT);
        pl->knights = get_u8(r);
        pl->settlements = get_u8(r);
        pl->cities = get_u8(r);
        pl->roads = get_u8(r);
        pl->road_length = get_u8(r);
        pl->discard = get_u8(r);
        pl->timeouts = get_u8(r);
        pl->resigned = get_u8(r);
        /* One island on the base and big boards: home to whoever has built on it. */
        pl->home_islands = pl->settlements + pl->cities > 0;
    }
    unsigned used = get_u8(r);
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        struct trade_offer *o = &g->offers[i];
        if (!(used & (1u << i)))
            continue;
        o->id = get_u16(r);
        o->from = get_i8(r);
        o->to_mask = get_u8(r);
        o->accepted = get_u8(r);
        o->rejected = get_u8(r);
        get_into(r, o->give, RES_COUNT);
        get_into(r, o->get, RES_COUNT);
        if (!o->id)
            refuse(r, "an offer slot in use has no id");
    }
    get_rng(r, &g->rng);
}

static void get_session_v1(struct reader *r, struct session *s, int64_t now_ms, int version)
{
    get_str(r, s->channel, sizeof s->channel);
    s->state = get_u8(r);
    s->n_seats = get_u8(r);
    s->stop_votes = get_u8(r);
    s->warned = get_u8(r);
    s->paused = get_u8(r);
    s->rules.min_players = get_i32(r);
    s->rules.max_players = get_i32(r);
    s->rules.victory_points = get_i32(r);
    s->rules.turn_timeout_s = get_i32(r);
    get_rng(r, &s->rng);
    s->key_turn = get_u16(r);
    s->key_setup = get_u8(r);
    s->key_sb = get_i8(r);
    s->step_phase = get_u8(r);
    s->turn_deadline_ms = get_time(r, now_ms, WHY_TURN_DEADLINE);
    s->step_deadline_ms = get_time(r, now_ms, WHY_STEP_DEADLINE);
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        s->offer_id[i] = get_u16(r);
        s->offer_ms[i] = get_time(r, now_ms, WHY_OFFER);
    }
    s->board_ms = get_time(r, now_ms, WHY_SHOWN);
    s->status_ms = get_time(r, now_ms, WHY_SHOWN);
    s->board_text_ms = get_time(r, now_ms, WHY_SHOWN);
    s->web_ms = INT64_MIN; /* not kept: after a restart the address may be said again */
    if (s->paused)
        s->paused_ms = get_time(r, now_ms, WHY_PAUSE);
    if (s->n_seats > GAME_MAX_PLAYERS)
        refuse(r, "too many seats");
    for (int i = 0; i < s->n_seats && !r->bad; i++) {
        struct session_seat *seat = &s->seat[i];
        get_str(r, seat->nick, sizeof seat->nick);
        get_str(r, seat->account, sizeof seat->account);
        get_str(r, seat->userhost, sizeof seat->userhost);
        seat->present = get_u8(r);
        if (!seat->present)
            seat->left_ms = get_time(r, now_ms, WHY_DEPARTURE);
    }
    if (s->state != SESSION_LOBBY && !r->bad)
        get_game_v1(r, &s->game, version);
}

static void get_session_v2(struct reader *r, struct session *t, int64_t now_ms, int version)
{
    get_session_v1(r, t, now_ms, version);
    t->rules.robot_level = get_u8(r);
    t->rules.takeover = get_u8(r) != 0;
    for (int i = 0; i < t->n_seats && i < GAME_MAX_PLAYERS && !r->bad; i++) {
        get_str(r, t->seat[i].sat_nick, sizeof t->seat[i].sat_nick);
        t->seat[i].robot = get_u8(r);
        t->seat[i].takeover = get_u8(r);
    }
    if (t->state != SESSION_LOBBY && !r->bad) {
        t->started_ms = get_time(r, now_ms, WHY_START);
        for (int i = 0; i < 11; i++)
            t->rolls[i] = get_u16(r);
    }
}

/* ---- version 3 ----
 * The version 2 body, except that the game's board is a str naming it ("base", "big",
 * "four_islands_3", ... as the built-in map files are named) instead of a u8 board kind, so
 * that the numbers of enum board_kind may change; then str map (the session's map by name:
 * "base", "four_islands", ...); str variant (the variant of the base board by name: "none",
 * "jungle", "river"); then, when state != SESSION_LOBBY, the Seafarers and variant fields:
 *   i8 pirate; u8 ship_moved, gold_resume; ships[], ships_new[] as bits over the board's
 *   edges ((n_edges + 7) / 8 bytes each, edge e is bit e % 8 of byte e / 8, the bits past
 *   n_edges 0); n_players x (u8 ships; u16 home_islands; u8 gold; u8 discoveries; from
 *   version 6 on, u16 discoveries).
 * A version 1 or 2 record is read with the base map (their boards are the base and big ones),
 * no pirate, no ships, and each player's home island the one island of those boards once they
 * have built on it. */

static void put_session_v3(struct writer *w, const struct session *s, int64_t now_ms, int version)
{
    put_session_v2(w, s, now_ms, 3);
    const char *map = session_map_name(s->map);
    put_str(w, map, strlen(map) + 1);
    const char *variant = session_variant_name(s->variant);
    put_str(w, variant, strlen(variant) + 1);
    if (s->state == SESSION_LOBBY)
        return;
    const struct game *g = &s->game;
    const struct board_geo *geo = board_geo(g->opt.board);
    put_u8(w, (uint8_t)g->pirate);
    put_u8(w, g->ship_moved);
    put_u8(w, g->gold_resume);
    put_bits(w, g->ships, geo->n_edges);
    put_bits(w, g->ships_new, geo->n_edges);
    for (int i = 0; i < g->opt.n_players; i++) {
        put_u8(w, g->p[i].ships);
        put_u16(w, g->p[i].home_islands);
        put_u8(w, g->p[i].gold);
        if (version >= 6)
            put_u16(w, g->p[i].discoveries);
        else
            put_u8(w, g->p[i].discoveries);
    }
}

static void get_session_v3(struct reader *r, struct session *t, int64_t now_ms, int version)
{
    get_session_v2(r, t, now_ms, 3);
    char map[SESSION_BOARD_NAME_MAX + 1] = "";
    get_str(r, map, sizeof map);
    int m = session_map_find(map);
    if (!r->bad && (m < 0 || strcmp(map, session_map_name(m)) != 0))
        refuse(r, "the session's map is unknown");
    t->map = m < 0 ? SESSION_MAP_BASE : m;
    char variant[SESSION_BOARD_NAME_MAX + 1] = "";
    get_str(r, variant, sizeof variant);
    int v = session_variant_find(variant);
    if (!r->bad && (v < 0 || strcmp(variant, session_variant_name(v)) != 0))
        refuse(r, "the session's variant is unknown");
    t->variant = (uint8_t)(v < 0 ? SESSION_VARIANT_NONE : v);
    if (t->state == SESSION_LOBBY || r->bad)
        return;
    struct game *g = &t->game;
    const struct board_geo *geo = board_geo(g->opt.board);
    g->pirate = get_i8(r);
    g->ship_moved = get_u8(r);
    g->gold_resume = get_u8(r);
    get_bits(r, g->ships, geo->n_edges, WHY_SHIP_PAST);
    get_bits(r, g->ships_new, geo->n_edges, WHY_SHIP_PAST);
    for (int i = 0; i < g->opt.n_players; i++) {
        g->p[i].ships = get_u8(r);
        g->p[i].home_islands = get_u16(r);
        g->p[i].gold = get_u8(r);
        g->p[i].discoveries = version >= 6 ? get_u16(r) : get_u8(r);
    }
}

/* ---- version 4 ----
 * The version 3 body, then, when state != SESSION_LOBBY, the fog (The Fog Islands): u64 the
 * hexes still hidden (hex h is bit h); u8 fog_terrain[8] (what the fog hides, by terrain);
 * u8 fog_token[13] (by number). A version 3 record has no fog (its boards had none). */

static void put_session_v4(struct writer *w, const struct session *s, int64_t now_ms, int version)
{
    put_session_v3(w, s, now_ms, version);
    if (s->state == SESSION_LOBBY)
        return;
    const struct game *g = &s->game;
    for (int i = 0; i < 8; i++)
        put_u8(w, (uint8_t)(g->fog >> (8 * i)));
    put_bytes(w, g->fog_terrain, sizeof g->fog_terrain);
    put_bytes(w, g->fog_token, sizeof g->fog_token);
}

static void get_session_v4(struct reader *r, struct session *t, int64_t now_ms, int version)
{
    get_session_v3(r, t, now_ms, version);
    if (t->state == SESSION_LOBBY || r->bad)
        return;
    struct game *g = &t->game;
    g->fog = 0;
    for (int i = 0; i < 8; i++)
        g->fog |= (uint64_t)get_u8(r) << (8 * i);
    get_into(r, g->fog_terrain, sizeof g->fog_terrain);
    get_into(r, g->fog_token, sizeof g->fog_token);
}

/* ---- version 5 ----
 * i64 the wall-clock time of the save (milliseconds since 1970, RECORD_WALL_UNKNOWN when the
 * encoder had none), then the version 4 body.
 * ---- version 6 ----
 * The version 5 body with each player's discoveries a u16 (a byte held no more than 255). */

/* How long ago a record saved at wall-clock saved_wall was, at wall-clock now_wall: 0 when
 * either is unknown or the clock went back, at most RECORD_AGE_MAX_MS. */
static int64_t wall_elapsed(int64_t saved_wall, int64_t now_wall)
{
    int64_t d;
    if (saved_wall == RECORD_WALL_UNKNOWN || now_wall == RECORD_WALL_UNKNOWN ||
        now_wall <= saved_wall)
        return 0;
    if (__builtin_sub_overflow(now_wall, saved_wall, &d) || d > RECORD_AGE_MAX_MS)
        return RECORD_AGE_MAX_MS;
    return d;
}

/* ---- version 7 ----
 * The version 6 body, then, when state != SESSION_LOBBY, the tribe (The Forgotten Tribe, Cloth
 * for Catan), as many of each as the board's geometry has: per gift spot u8 what lies there,
 * i8 who took it (-1 nobody, -2 nothing there), u8 the edge its harbor was placed at (255 held);
 * per village u8 cloth, u8 its traders (bit per seat); u8 the general supply of cloth; per
 * player u8 cloth. Older records have none of them (their boards had no tribe). */

static void put_tribe(struct writer *w, const struct session *s)
{
    if (s->state == SESSION_LOBBY)
        return;
    const struct game *g = &s->game;
    const struct board_geo *geo = board_geo(g->opt.board);
    for (int k = 0; k < geo->n_gifts; k++) {
        put_u8(w, g->gift[k]);
        put_u8(w, (uint8_t)g->gift_owner[k]);
        put_u8(w, g->gift_at[k]);
    }
    for (int i = 0; i < geo->n_villages; i++) {
        put_u8(w, g->village_cloth[i]);
        put_u8(w, g->village_traders[i]);
    }
    put_u8(w, g->cloth_supply);
    for (int p = 0; p < g->opt.n_players; p++)
        put_u8(w, g->p[p].cloth);
}

/* Reads the tribe when the record has it (version 7 on), else leaves it as a game without one
 * is made (game_init()). */
static void get_tribe(struct reader *r, struct session *t, int in_record)
{
    struct game *g = &t->game;
    if (t->state == SESSION_LOBBY || r->bad)
        return;
    memset(g->gift_owner, -1, sizeof g->gift_owner);
    memset(g->gift_at, GAME_HARBOR_HELD, sizeof g->gift_at);
    if (!in_record)
        return;
    const struct board_geo *geo = board_geo(g->opt.board);
    for (int k = 0; k < geo->n_gifts; k++) {
        g->gift[k] = get_u8(r);
        g->gift_owner[k] = (int8_t)get_u8(r);
        g->gift_at[k] = get_u8(r);
    }
    for (int i = 0; i < geo->n_villages; i++) {
        g->village_cloth[i] = get_u8(r);
        g->village_traders[i] = get_u8(r);
    }
    g->cloth_supply = get_u8(r);
    for (int p = 0; p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++)
        g->p[p].cloth = get_u8(r);
}

/* ---- version 8 ----
 * The version 7 body, then, when state != SESSION_LOBBY, the wonders (The Wonders of Catan):
 * per wonder i8 who builds it (-1 nobody) and u8 its stages built. Older records have none
 * (their boards had no wonders): nobody builds any. */

static void put_wonders(struct writer *w, const struct session *s)
{
    if (s->state == SESSION_LOBBY)
        return;
    for (int k = 0; k < GAME_WONDERS; k++) {
        put_u8(w, (uint8_t)s->game.wonder_owner[k]);
        put_u8(w, s->game.wonder_level[k]);
    }
}

static void get_wonders(struct reader *r, struct session *t, int in_record)
{
    struct game *g = &t->game;
    if (t->state == SESSION_LOBBY || r->bad)
        return;
    memset(g->wonder_owner, -1, sizeof g->wonder_owner);
    memset(g->wonder_level, 0, sizeof g->wonder_level);
    for (int k = 0; in_record && k < GAME_WONDERS; k++) {
        g->wonder_owner[k] = (int8_t)get_u8(r);
        g->wonder_level[k] = get_u8(r);
    }
}

/* ---- version 9 ----
 * The version 8 body, then, when state != SESSION_LOBBY on a board with routes (The Pirate
 * Islands): u8 where the fleet is on its course, u8 whether the current player attacked their
 * fortress this turn, per player u8 their fortress's strength and u8 their warships. Older
 * records have none: no board of theirs had routes, and one that names such a board is
 * refused. */
static void put_pirates(struct writer *w, const struct session *s)
{
    const struct game *g = &s->game;
    if (s->state == SESSION_LOBBY || !board_geo(g->opt.board)->n_routes)
        return;
    put_u8(w, g->fleet_at);
    put_u8(w, g->fortress_attacked);
    for (int p = 0; p < g->opt.n_players; p++) {
        put_u8(w, g->fortress[p]);
        put_u8(w, g->warships[p]);
    }
}

static void get_pirates(struct reader *r, struct session *t, int in_record)
{
    struct game *g = &t->game;
    if (t->state == SESSION_LOBBY || r->bad || !board_geo(g->opt.board)->n_routes)
        return;
    if (!in_record) {
        refuse(r, "the record's version is older than its game's board");
        return;
    }
    g->fleet_at = get_u8(r);
    g->fortress_attacked = get_u8(r);
    for (int p = 0; p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++) {
        g->fortress[p] = get_u8(r);
        g->warships[p] = get_u8(r);
    }
}

/* ---- version 11 ----
 * The version 10 body with, when state != SESSION_LOBBY, the house rules' block of the game
 * (record_house.c says its layout) between the pirates' part and the Cities & Knights part. */

/* ---- version 10 ----
 * The version 9 body, then, when state != SESSION_LOBBY and the game is played with Cities &
 * Knights, its part: record_ck.c (a table of rows, one a field; its header says the layout). */

/* ---- version 11: the session's house rules ----
 * The version 10 body up to its version 9 fields, then the session's house rules (struct
 * session_house, !rules), in a lobby and in a game alike: u8 the count of fields that follow
 * (9), then u8 each: points (0 the map's, else 5-20), discard (0 the rule book's 7, else
 * 7-12), friendly_robber, no_sevens (0-10), robber_no_desert, dice_deck, no_trade, harbormaster
 * (each 0 or 1), timer (enum session_timer). Then the version 10 tail. Older records have none:
 * the rule book's in every field. */
#define HOUSE_FIELDS 9

static void put_house(struct writer *w, const struct session *s)
{
    const struct session_house *h = &s->house;
    const uint8_t f[HOUSE_FIELDS] = {h->points,    h->discard,          h->friendly_robber,
                                     h->no_sevens, h->robber_no_desert, h->dice_deck,
                                     h->no_trade,  h->harbormaster,     h->timer};
    put_u8(w, HOUSE_FIELDS);
    put_bytes(w, f, HOUSE_FIELDS);
}

static bool house_in_range(const uint8_t *f)
{
    bool ok = (f[0] == 0 || (f[0] >= SESSION_POINTS_MIN && f[0] <= SESSION_POINTS_MAX)) &&
              (f[1] == 0 || (f[1] >= SESSION_DISCARD_MIN && f[1] <= SESSION_DISCARD_MAX)) &&
              f[3] <= SESSION_NO_SEVENS_MAX && f[8] <= SESSION_TIMER_OFF;
    static const int flags[] = {2, 4, 5, 6, 7};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        ok = ok && f[flags[i]] <= 1;
    return ok;
}

static void get_house(struct reader *r, struct session *t)
{
    if (r->bad)
        return;
    uint8_t f[HOUSE_FIELDS];
    if (get_u8(r) != HOUSE_FIELDS) {
        refuse(r, "the house rules have an unknown number of fields");
        return;
    }
    get_into(r, f, HOUSE_FIELDS);
    if (r->bad)
        return;
    if (!house_in_range(f)) {
        refuse(r, "a house rule is out of range");
        return;
    }
    t->house = (struct session_house){f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]};
}

/* ---- checks common to every version ---- */

/* Something that happened (record.h: a moment): a time, not after the save. */
static bool moment_ok(int64_t t, int64_t now_ms)
{
    return !is_sentinel(t) && t <= now_ms;
}

/* A deadline: off, or at most turn_ms after from. */
static bool deadline_ok(int64_t t, int64_t from, int64_t turn_ms)
{
    return t == INT64_MAX || (t != INT64_MIN && t - from <= turn_ms);
}

/* The ranges of record.h, for times get_time() has brought within RECORD_AGE_MAX_MS of the
 * restore at now_ms (so no difference here overflows). */
static const char *times_problem(const struct session *s, int64_t now_ms)
{
    if (s->paused && !moment_ok(s->paused_ms, now_ms))
        return WHY_PAUSE;
    /* A timer stands still while the session is paused: the time it had left then is at most
     * its length. */
    int64_t from = s->paused ? s->paused_ms : now_ms, turn_ms = session_turn_ms(s);
    if (!deadline_ok(s->step_deadline_ms, from, turn_ms))
        return WHY_STEP_DEADLINE;
    /* While a step's players are waited for, the turn stands: its time left counts from the
     * step's deadline (session.h, SESSION_STEP_HOLD). */
    bool stands = (s->step_phase & SESSION_STEP_HOLD) && s->step_deadline_ms != INT64_MAX;
    if (!deadline_ok(s->turn_deadline_ms, stands ? s->step_deadline_ms : from, turn_ms))
        return WHY_TURN_DEADLINE;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (!moment_ok(s->offer_ms[i], now_ms))
            return WHY_OFFER;
    const int64_t shown[] = {s->board_ms, s->status_ms, s->board_text_ms};
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        if (shown[i] != INT64_MIN && !moment_ok(shown[i], now_ms))
            return WHY_SHOWN;
    for (int i = 0; i < s->n_seats; i++)
        if (!s->seat[i].present && !moment_ok(s->seat[i].left_ms, now_ms))
            return WHY_DEPARTURE;
    if (s->state != SESSION_LOBBY && !moment_ok(s->started_ms, now_ms))
        return WHY_START;
    return NULL;
}

static const char *session_problem(const struct session *s, int64_t now_ms)
{
    if (!s->channel[0])
        return "the channel name is empty";
    if (s->state > SESSION_OVER)
        return "unknown session state";
    if (s->warned > 1 || s->paused > 1)
        return "a flag is neither 0 nor 1";
    if (s->stop_votes >> s->n_seats)
        return "a stop vote from an empty seat";
    const struct session_rules *ru = &s->rules;
    if (ru->min_players < 0 || ru->min_players > GAME_MAX_PLAYERS || ru->max_players < 0 ||
        ru->max_players > GAME_MAX_PLAYERS || ru->min_players > ru->max_players)
        return "the player limits are out of range";
    if (s->n_seats > ru->max_players)
        return "more seats are taken than the rules allow";
    if (ru->victory_points != 0 && (ru->victory_points < 3 || ru->victory_points > 30))
        return "the victory point goal is out of range";
    if (ru->turn_timeout_s < 0 || ru->turn_timeout_s > 86400)
        return "the turn timeout is out of range";
    if (ru->robot_level < SESSION_ROBOT_EASY || ru->robot_level > SESSION_ROBOT_HARD)
        return "unknown computer player level";
    if (!session_map_playable(s->map))
        return "the session's map cannot be played";
    char msg[8];
    if (!session_variant_fits(s->variant, s->map, s->n_seats, msg, sizeof msg))
        return "the session's variant cannot be played with its map or seats";
    if (!session_expansion_fits(s->expansion, s->map, s->variant, msg, sizeof msg))
        return "the lobby's expansion cannot be played with its map or variant";
    for (int i = 0; i < s->n_seats; i++) {
        if (s->seat[i].present > 1)
            return "a flag is neither 0 nor 1";
        if (s->seat[i].takeover > SESSION_HANDBACK || (s->seat[i].robot && s->seat[i].takeover))
            return "unknown takeover state";
        if (s->seat[i].robot > SESSION_ROBOT_HARD)
            return "unknown computer player level";
    }
    if (s->state == SESSION_LOBBY)
        return times_problem(s, now_ms);
    if (s->game.opt.n_players != s->n_seats)
        return "the game's players and the seats disagree";
    if (session_board_of(s->map, s->variant, s->n_seats) != s->game.opt.board)
        return "the game's board is not the session map's";
    for (int i = 0; i < s->game.opt.n_players; i++)
        if (s->game.p[i].discoveries > GAME_MAX_DISCOVERIES)
            return "a player's discoveries are out of range";
    const char *ck = record_ck_problem(&s->game);
    if (ck)
        return ck;
    /* The engine indexes its own arrays by these fields: a state it cannot vouch for would be
     * read out of bounds. */
    if (game_check_state(&s->game) != BW_OK)
        return "the game's state is not one the rules allow";
    if (s->game.ship_moved > 1)
        return "a flag is neither 0 nor 1";
    if (s->game.vp_goal < 3 || s->game.vp_goal > 30)
        return "the game's victory point goal is out of range";
    return times_problem(s, now_ms);
}

/* ---- the frame ---- */

size_t record_encode(const struct session *s, int64_t now_ms, unsigned char *buf, size_t size)
{
    return record_encode_at(s, now_ms, RECORD_WALL_UNKNOWN, buf, size);
}

size_t record_encode_at(const struct session *s, int64_t now_ms, int64_t wall_ms,
                        unsigned char *buf, size_t size)
{
    if (s->n_seats > GAME_MAX_PLAYERS ||
        (s->state != SESSION_LOBBY &&
         (!board_geo(s->game.opt.board) || !session_board_name(s->game.opt.board) ||
          s->game.opt.n_players > GAME_MAX_PLAYERS || s->game.deck_size > GAME_DEV_DECK_MAX)))
        return 0;
    struct writer w = {buf, size, 0, false};
    put_bytes(&w, record_magic, sizeof record_magic);
    put_u16(&w, RECORD_VERSION);
    put_u32(&w, 0); /* the body's length, written below */
    size_t body = w.pos;
    if (!session_map_name(s->map) || !session_variant_name(s->variant))
        return 0;
    put_i64(&w, wall_ms);
    put_session_v4(&w, s, now_ms, RECORD_VERSION);
    put_tribe(&w, s);
    put_wonders(&w, s);
    put_pirates(&w, s);
    put_house(&w, s);
    if (s->state != SESSION_LOBBY) {
        record_put_house(&w, &s->game);
        record_put_two(&w, &s->game);
        record_put_ck(&w, &s->game); /* the last part: nothing without Cities & Knights */
    } else if (s->expansion != SESSION_EXPANSION_NONE) {
        put_u8(&w, s->expansion); /* a lobby's expansion, when one is chosen */
    }
    if (w.full || size - w.pos < 4)
        return 0;
    size_t body_len = w.pos - body;
    for (int i = 0; i < 4; i++)
        buf[body - 4 + i] = (unsigned char)(body_len >> (8 * i));
    put_u32(&w, record_crc32(buf, w.pos));
    return w.full ? 0 : w.pos;
}

static void set_why(char *why, size_t whylen, const char *text)
{
    if (whylen)
        snprintf(why, whylen, "%s", text);
}

int record_decode(struct session *s, const void *buf, size_t len, int64_t now_ms, char *why,
                  size_t whylen)
{
    return record_decode_at(s, buf, len, now_ms, RECORD_WALL_UNKNOWN, why, whylen);
}

int record_decode_at(struct session *s, const void *buf, size_t len, int64_t now_ms,
                     int64_t wall_ms, char *why, size_t whylen)
{
    set_why(why, whylen, "");
    const unsigned char *b = buf;
    if (now_ms < -RECORD_CLOCK_MAX_MS || now_ms > RECORD_CLOCK_MAX_MS) {
        set_why(why, whylen, "the restoring clock is out of range");
        return BW_E(PARSE);
    }
    if (len < RECORD_FRAME_SIZE || memcmp(b, record_magic, sizeof record_magic) != 0) {
        set_why(why, whylen, "not a saved game record");
        return BW_E(PARSE);
    }
    struct reader head = {b, len, 4, NULL};
    unsigned version = get_u16(&head);
    uint32_t body_len = get_u32(&head);
    struct reader tail = {b, len, len - 4, NULL};
    if (get_u32(&tail) != record_crc32(b, len - 4)) {
        set_why(why, whylen, "the record is damaged (checksum mismatch)");
        return BW_E(PARSE);
    }
    if (body_len != len - RECORD_FRAME_SIZE) {
        set_why(why, whylen, "the record's length does not match its header");
        return BW_E(PARSE);
    }
    struct reader r = {b + head.pos, body_len, 0, NULL};
    struct session t;
    memset(&t, 0, sizeof t);
    switch (version) {
    case 1:
        /* Version 1 kept neither the start nor the rolls: the game's duration counts from
         * this restore, and its dice histogram from none; every seat was a person, who sat
         * down under the nick the seat has now. */
        get_session_v1(&r, &t, now_ms, 1);
        t.rules.robot_level = SESSION_ROBOT_NORMAL;
        for (int i = 0; i < t.n_seats && i < GAME_MAX_PLAYERS; i++)
            memcpy(t.seat[i].sat_nick, t.seat[i].nick, sizeof t.seat[i].sat_nick);
        if (t.state != SESSION_LOBBY)
            t.started_ms = now_ms;
        break;
    case 2:
        get_session_v2(&r, &t, now_ms, 2);
        break;
    case 3:
        get_session_v3(&r, &t, now_ms, 3);
        break;
    case 4:
        get_session_v4(&r, &t, now_ms, 4);
        break;
    case 5:
    case 6:
    case 7:
    case 8:
    case 9:
    case 10:
    case 11:
    case 12:
        /* Every time as if saved that long before now_ms: the clocks ran while the bot was
         * down (a game saved paused keeps its time left: its pause began at the save). */
        get_session_v4(&r, &t, now_ms - wall_elapsed(get_i64(&r), wall_ms), (int)version);
        break;
    default: {
        char text[80];
        snprintf(text, sizeof text, "record version %u is not known to this build", version);
        set_why(why, whylen, text);
        return BW_E(PARSE);
    }
    }
    get_tribe(&r, &t, version >= 7);
    get_wonders(&r, &t, version >= 8);
    get_pirates(&r, &t, version >= 9);
    if (version >= 11)
        get_house(&r, &t);
    if (t.state != SESSION_LOBBY) /* version 11 on: the house rules */
        record_get_house(&r, &t.game, (int)version);
    if (t.state != SESSION_LOBBY) /* version 12 on: Catan for two */
        record_get_two(&r, &t.game, version >= 12);
    /* Version 10 on: the Cities & Knights part, when the body goes on. */
    if (version >= 10 && t.state != SESSION_LOBBY && !r.bad && r.pos < r.len)
        record_get_ck(&r, &t.game, (int)version);
    if (version >= 10 && t.state == SESSION_LOBBY && !r.bad && r.pos < r.len) {
        unsigned x = get_u8(&r);
        if (!r.bad && (x == SESSION_EXPANSION_NONE || !session_expansion_name((int)x)))
            refuse(&r, "the lobby's expansion is unknown");
        t.expansion = (uint8_t)x;
    }
    if (!r.bad && r.pos != r.len)
        refuse(&r, "the record has bytes after its last field");
    const char *problem = r.bad ? r.bad : session_problem(&t, now_ms);
    if (problem) {
        set_why(why, whylen, problem);
        return BW_E(PARSE);
    }
    if (t.state != SESSION_LOBBY) {
        game_reindex(&t.game); /* derived fields come from the board, not from the record */
        t.expansion = t.game.ck.on ? SESSION_EXPANSION_CITIES : SESSION_EXPANSION_NONE;
    }
    *s = t;
    return BW_OK;
}
