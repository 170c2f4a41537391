/* Seafarers maps through the bot's commands: !map in the lobby (listing, picking, refusals),
 * the ship and pirate commands refused on the base board and taken on The Four Islands, and
 * whole games on The Four Islands typed by people and played by computer players. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "engine/board.h"
#include "engine/playout.h"
#include "session/session.h"

#include "bot_fake.h"

/* The listing, over two lines: every map playable. */
static void expect_listing(struct bot *b, const char *chosen)
{
    char want[512];
    snprintf(want, sizeof want,
             "maps: base 3-6 players 10 points%s, four_islands 3-4 players 13 points, "
             "new_shores 3-4 players 14 points, fog_islands 3-4 players 12 points, "
             "through_desert 3-4 players 14 points, new_world 3-4 players 12 points, "
             "forgotten_tribe 3-4 players 13 points, cloth 3-4 players 14 points",
             chosen);
    int mark = n_recs;
    say(b, "ann", "!map");
    assert_int_equal(count_to(mark, "ann"), 2);
    const char *first = "";
    for (int i = n_recs - 1; i >= mark; i--)
        if (strcmp(recs[i].target, "ann") == 0)
            first = recs[i].text;
    assert_string_equal(first, want);
    assert_string_equal(last_to(mark, "ann"), "maps: wonders 3-4 players 10 points"
                                              ", pirate_islands 3-4 players 10 points; !map "
                                              "NAME picks one in the lobby");
}

static void test_map_lobby(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 31);
    expect_listing(b, "");
    expect_reply(b, "ann", "!map four",
                 "no game in #catan; !new opens one, then !map NAME picks its map");
    say(b, "ann", "!new");
    expect_listing(b, " (chosen)");
    expect_reply(b, "ann", "!map atlantis", "\"atlantis\" is not a map; !map lists the maps");
    expect_reply(b, "zed", "!map four", "you are not playing in #catan");
    assert_int_equal(sess(b)->map, SESSION_MAP_BASE);
    int mark = n_recs;
    say(b, "ann", "!map fog"); /* a unique prefix */
    assert_string_equal(last_to(mark, CHAN), "ann chose the map fog_islands (The Fog Islands, "
                                             "3-4 players, 12 points)");
    assert_int_equal(sess(b)->map, SESSION_MAP_FOG_ISLANDS);
    mark = n_recs;
    say(b, "ann", "!map FOUR");
    assert_string_equal(last_to(mark, CHAN), "ann chose the map four_islands (The Four Islands, "
                                             "3-4 players, 13 points)");
    assert_int_equal(sess(b)->map, SESSION_MAP_FOUR_ISLANDS);
    expect_reply(b, "ann", "!map four_islands",
                 "the lobby in #catan already plays on four_islands");
    /* The lobby's points house rule goes with every map: the listing and the choice say it. */
    say(b, "ann", "!rules points 11");
    mark = n_recs;
    say(b, "ann", "!map");
    assert_non_null(strstr(last_to(mark, "ann"), "wonders 3-4 players 11 points"));
    for (int i = mark; i < n_recs; i++)
        assert_null(strstr(recs[i].text, "13 points"));
    mark = n_recs;
    say(b, "ann", "!map fog");
    assert_string_equal(last_to(mark, CHAN), "ann chose the map fog_islands (The Fog Islands, "
                                             "3-4 players, 11 points)");
    say(b, "ann", "!rules points default");
    say(b, "ann", "!map four");
    assert_int_equal(sess(b)->map, SESSION_MAP_FOUR_ISLANDS);
    /* A name as people say it, of several words, or a title. */
    expect_reply(b, "ann", "!map The Four Islands",
                 "the lobby in #catan already plays on four_islands");
    expect_reply(b, "ann", "!map f",
                 "\"f\" is ambiguous: four_islands, fog_islands, forgotten_tribe; !map lists "
                 "the maps");
    assert_int_equal(sess(b)->map, SESSION_MAP_FOUR_ISLANDS);
    static const char *const new_shores[] = {"!map new shores", "!map Heading for New Shores",
                                             "!map new_shores", "!map New-Shores", "!map heading"};
    for (size_t i = 0; i < sizeof new_shores / sizeof new_shores[0]; i++) {
        say(b, "ann", "!map base");
        assert_int_equal(sess(b)->map, SESSION_MAP_BASE);
        mark = n_recs;
        say(b, "ann", new_shores[i]);
        assert_string_equal(last_to(mark, CHAN), "ann chose the map new_shores (Heading for New "
                                                 "Shores, 3-4 players, 14 points)");
        assert_int_equal(sess(b)->map, SESSION_MAP_NEW_SHORES);
    }
    say(b, "ann", "!map four");
    mark = n_recs;
    say(b, "bob", "!join");
    assert_string_equal(last_to(mark, CHAN), "bob joined (2 seated, 3-4 needed)");
    mark = n_recs;
    say(b, "bob", "!addbot");
    assert_true(any_line(mark, CHAN, "(3 seated, 3-4 needed)"));
    say(b, "bob", "!removebot");
    say(b, "cat", "!join");
    say(b, "dan", "!join");
    expect_reply(
        b, "eve", "!join",
        "the lobby in #catan is full: four_islands is for 3-4 players (!map base for more)");
    expect_reply(
        b, "ann", "!addbot",
        "the lobby in #catan is full: four_islands is for 3-4 players (!map base for more)");
    assert_int_equal(sess(b)->n_seats, 4);
    say(b, "ann", "!map base");
    say(b, "eve", "!join");
    assert_int_equal(sess(b)->n_seats, 5);
    expect_reply(b, "ann", "!map four",
                 "four_islands is for 3-4 players, and 5 are seated; !map lists the maps");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    assert_int_equal(sess(b)->game.opt.board, BOARD_BIG);
    expect_reply(b, "bob", "!map",
                 "this game is played on base (the base game, the 5-6 player board), to 10 points");
    expect_reply(b, "bob", "!map four",
                 "this game is played on base (the base game, the 5-6 player board), to 10 points; "
                 "the map is chosen in the lobby");
    bot_free(b);
}

/* On the base board every ship and pirate command says there is no sea. */
static void test_no_sea_on_base(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 3, 3);
    struct bot *b = bot_with(&s, 0);
    const char *p = nick_of(b, sess(b)->game.current);
    const char *no_sea = "there is no sea on this board: ships and the pirate sail on a Seafarers "
                         "map (!map in the lobby)";
    expect_reply(b, p, "!build ship 1-4", no_sea);
    expect_reply(b, p, "!move ship 1-4 to 4-8", no_sea);
    expect_reply(b, p, "!pirate A", no_sea);
    expect_reply(b, p, "!play roads ship 1-4", no_sea);
    expect_reply(
        b, p, "!spots ship",
        "there is no sea on this board: ships sail on a Seafarers map (!map in the lobby)");
    /* "s" stays a settlement where there are no ships. */
    int mark = n_recs;
    say(b, p, "!build s 1");
    assert_null(strstr(last_to(mark, p), "ambiguous"));
    expect_reply(b, p, "!move ship 1-4", "usage: !move ship N-M to N-M");
    bot_free(b);
}

/* A game of xena, yuri and zoe on map after the setup (placed by the playout from seed 5),
 * its current player to roll. */
static void sea_setup_done(struct session *s, int map, int timeout_s)
{
    struct session_rules rules = {3, 4, 10, timeout_s, SESSION_ROBOT_NORMAL, false};
    static const char *const nicks[] = {"xena", "yuri", "zoe"};
    session_init(s, CHAN, &rules, 3);
    for (int i = 0; i < 3; i++) {
        char host[64];
        snprintf(host, sizeof host, "%s.example", nicks[i]);
        struct session_who w = {nicks[i], "u", host, NULL, false};
        assert_true(session_join(s, &w) >= 0);
    }
    s->map = (uint8_t)map;
    char msg[100];
    assert_int_equal(session_start(s, NULL, now, msg, sizeof msg), BW_OK);
    struct bw_rng rng;
    bw_rng_seed(&rng, 5);
    while (s->game.phase != PHASE_ROLL) {
        struct game_action a;
        assert_int_equal(playout_choose(&s->game, &rng, &a), BW_OK);
        assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    }
}

/* The same, its current player to build. */
static void sea_main_phase(struct session *s, int map)
{
    sea_setup_done(s, map, 0);
    roll_to_main(s, 3, 3);
    assert_int_equal(s->game.phase, PHASE_MAIN);
}

static bool bit_of(const uint64_t *set, int i)
{
    return set[i >> 6] >> (i & 63) & 1;
}

/* The first side that is land only (kind 0), sea only (1), or hidden on both sides (2). */
static int side_of_kind(const struct game *g, int kind, char *name, size_t size)
{
    const struct board_geo *geo = board_geo(g->opt.board);
    for (int e = 0; e < geo->n_edges; e++) {
        bool land = bit_of(g->edge_land, e), sea = bit_of(g->edge_sea, e);
        if (kind == 0 ? land && !sea : kind == 1 ? sea && !land : !sea && !land) {
            /* Written the other way round, as a player may. */
            snprintf(name, size, "%d-%d", geo->edge_vertex[e][1] + 1, geo->edge_vertex[e][0] + 1);
            return e;
        }
    }
    return -1;
}

/* A piece on a side or corner of the wrong kind is told why, with the place named; only a
 * place not on the board is "no such place". */
static void test_wrong_kind_of_place(void **state)
{
    (void)state;
    static struct session s;
    sea_main_phase(&s, SESSION_MAP_FOUR_ISLANDS);
    s.game.p[s.game.current].dev[DEV_ROADS] = 1;
    struct bot *b = bot_with(&s, 0);
    const struct game *g = &sess(b)->game;
    const struct board_geo *geo = board_geo(g->opt.board);
    const char *p = nick_of(b, g->current);
    char land[16], sea[16], cmd[64], want[160];
    int mark, e = side_of_kind(g, 0, land, sizeof land);
    assert_true(e >= 0 && side_of_kind(g, 1, sea, sizeof sea) >= 0);
    char canon[16];
    snprintf(canon, sizeof canon, "%d-%d", geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
    snprintf(cmd, sizeof cmd, "!build ship %s", land);
    snprintf(want, sizeof want, "%s has no sea beside it; a road goes there", canon);
    expect_reply(b, p, cmd, want);
    snprintf(cmd, sizeof cmd, "!play roads ship %s", land);
    expect_reply(b, p, cmd, want);
    e = side_of_kind(g, 1, sea, sizeof sea);
    snprintf(canon, sizeof canon, "%d-%d", geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
    snprintf(cmd, sizeof cmd, "!road %s", sea);
    snprintf(want, sizeof want, "%s has no land beside it; a ship goes there", canon);
    expect_reply(b, p, cmd, want);
    int v = 0;
    while (v < geo->n_vertices && (geo->vertex_hex_bits[v] & g->land))
        v++;
    assert_true(v < geo->n_vertices);
    snprintf(cmd, sizeof cmd, "!settle %d", v + 1);
    snprintf(want, sizeof want, "corner %d touches no land; settlements stand on land", v + 1);
    expect_reply(b, p, cmd, want);
    snprintf(cmd, sizeof cmd, "!corner %d", v + 1);
    mark = n_recs;
    say(b, p, cmd);
    assert_non_null(strstr(last_to(mark, p), " | only sea around: nothing is built here"));
    /* Not on the board at all. */
    snprintf(cmd, sizeof cmd, "!build ship 1-%d", geo->n_vertices + 1);
    mark = n_recs;
    say(b, p, cmd);
    assert_non_null(strstr(last_to(mark, p), "there is no vertex"));
    bot_free(b);

    sea_main_phase(&s, SESSION_MAP_FOG_ISLANDS);
    b = bot_with(&s, 0);
    g = &sess(b)->game;
    geo = board_geo(g->opt.board);
    p = nick_of(b, g->current);
    e = side_of_kind(g, 2, land, sizeof land);
    assert_true(e >= 0);
    snprintf(canon, sizeof canon, "%d-%d", geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
    snprintf(cmd, sizeof cmd, "!build ship %s", land);
    snprintf(want, sizeof want,
             "%s is still in the fog: nothing is built there until a hex beside it is turned over",
             canon);
    expect_reply(b, p, cmd, want);
    for (v = 0; v < geo->n_vertices; v++)
        if (!(geo->vertex_hex_bits[v] & g->land) && (geo->vertex_hex_bits[v] & g->fog))
            break;
    assert_true(v < geo->n_vertices);
    snprintf(cmd, sizeof cmd, "!settle %d", v + 1);
    snprintf(want, sizeof want,
             "corner %d is still in the fog: nothing is built there until a hex beside it is "
             "turned over",
             v + 1);
    expect_reply(b, p, cmd, want);
    bot_free(b);
}

/* The move typed for seat: the first legal one of the kinds people type, in the sea words. */
static bool type_move(struct bot *b, const char *nick, int seat, bool prefer_ship)
{
    const struct session *s = sess(b);
    const struct game *g = &s->game;
    static struct game_action acts[2048];
    int n = game_legal_actions(g, seat, acts, 2048);
    char cmd[160] = "";
    /* Ships, their moves, the pirate and discards first when preferred; then the rest. */
    for (int pass = prefer_ship ? 0 : 1; pass < 2 && !cmd[0]; pass++)
        for (int i = 0; i < n && i < 2048 && !cmd[0]; i++) {
            const struct game_action *a = &acts[i];
            bool sea_move = a->type == ACT_BUILD_SHIP || a->type == ACT_MOVE_SHIP ||
                            (a->type == ACT_ROBBER && !(g->land >> a->a & 1));
            if (pass == 0 ? !sea_move
                          : a->type == ACT_BUY_DEV || a->type == ACT_BUILD_CITY ||
                                a->type == ACT_MOVE_SHIP)
                continue;
            action_words(s, a, cmd, sizeof cmd);
        }
    if (!cmd[0])
        return false;
    int mark = n_recs;
    uint16_t turn = g->turn;
    uint8_t phase = g->phase;
    unsigned before = game_waiting_for(g);
    int ships = g->p[seat].ships;
    say(b, nick, cmd);
    s = sess(b);
    if (s && s->state == SESSION_PLAYING && s->game.turn == turn && s->game.phase == phase &&
        game_waiting_for(&s->game) == before && phase != PHASE_MAIN &&
        s->game.p[seat].ships == ships)
        fail_msg("\"%s\" did nothing: %s", cmd, last_to(mark, nick));
    return true;
}

/* Three people type a game on The Four Islands: ships built and moved, the pirate moved, up to
 * a winner or a bounded number of moves. */
static void test_four_islands_people(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 32);
    say(b, "ann", "!new");
    say(b, "ann", "!map four");
    say(b, "bob", "!join");
    say(b, "cat", "!join");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    assert_int_equal(sess(b)->game.opt.board, BOARD_FOUR_ISLANDS_3);
    assert_int_equal(sess(b)->game.vp_goal, 13);
    assert_true(sess(b)->game.pirate >= 0);
    expect_reply(b, "bob", "!map",
                 "this game is played on four_islands (The Four Islands), to "
                 "13 points");
    int ship_cmds = 0;
    for (int step = 0; step < 4000 && sess(b) && sess(b)->state == SESSION_PLAYING; step++) {
        const struct session *s = sess(b);
        unsigned waiting = game_waiting_for(&s->game);
        int seat = 0;
        while (seat < s->n_seats && !(waiting & (1u << seat)))
            seat++;
        assert_true(seat < s->n_seats);
        char nick[SESSION_NICK_MAX + 1];
        snprintf(nick, sizeof nick, "%s", s->seat[seat].nick);
        int before = s->game.p[seat].ships;
        if (step % 7 == 3) {
            int mark = n_recs;
            say(b, nick, "!spots ship");
            assert_true(count_to(mark, nick) >= 1);
        }
        assert_true(type_move(b, nick, seat, step % 3 != 0));
        if (sess(b) && sess(b)->game.p[seat].ships != before)
            ship_cmds++;
    }
    assert_true(ship_cmds > 0);
    assert_true(any_line(0, CHAN, "rolled"));
    check_no_leak();
    bot_free(b);
}

/* One step of a game of ann and computer players: ann's move typed (ships preferred when
 * SHIPS), or the clock moved on to the computers' next move (there always is one). Returns
 * whether it was ann's. */
static bool step_with_robots(struct bot *b, int ann, bool ships)
{
    if (game_waiting_for(&sess(b)->game) & (1u << ann)) {
        assert_true(type_move(b, "ann", ann, ships));
        return true;
    }
    int64_t due = bot_next_deadline(b);
    assert_true(due != INT64_MAX);
    if (due > now)
        now = due;
    bot_tick(b, now);
    return false;
}

/* One person and two computer players on The Four Islands: the computers never stall, and the
 * game ends or goes on for a bounded number of moves without a crash. */
static void test_four_islands_robots(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 33);
    say(b, "ann", "!new");
    say(b, "ann", "!map four_islands");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot normal");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    int ann = session_seat_of_nick(sess(b), "ann"), robot_moves = 0;
    for (int step = 0; step < 6000 && sess(b); step++)
        robot_moves += !step_with_robots(b, ann, step % 2 == 0);
    assert_true(robot_moves > 20);
    assert_true(any_line(0, CHAN, "(bot) rolled"));
    check_no_leak();
    bot_free(b);
}

/* The Fog Islands: one person and two computer players sail into the fog; the channel is
 * told what each hidden hex turned out to be, and the text board and status follow it. */
static void test_fog_islands_robots(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 35);
    say(b, "ann", "!new");
    say(b, "ann", "!map fog_islands");
    say(b, "ann", "!addbot normal");
    say(b, "ann", "!addbot normal");
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    const struct board_geo *geo = game_geo(&sess(b)->game);
    int ann = session_seat_of_nick(sess(b), "ann");
    for (int step = 0; step < 8000 && sess(b) && sess(b)->state == SESSION_PLAYING &&
                       sess(b)->game.fog == geo->fog_hexes;
         step++)
        step_with_robots(b, ann, true);
    assert_true(sess(b) && sess(b)->game.fog != geo->fog_hexes);
    assert_true(any_line(0, CHAN, " in the fog"));
    int hidden = __builtin_popcountll(sess(b)->game.fog), mark = n_recs;
    say(b, "ann", "!status");
    char want[64];
    snprintf(want, sizeof want, " | %d hex%s in the fog", hidden, hidden == 1 ? "" : "es");
    assert_true(any_line(mark, CHAN, want));
    mark = n_recs;
    say(b, "ann", "!board text");
    assert_true(any_line(mark, CHAN, "#catan fog: "));
    check_no_leak();
    bot_free(b);
}

/* A New Shores game for xena, yuri and zoe after the setup, hands empty, xena's settlement on a
 * corner of a gold field and its number rolled: the game waits for xena's gold choice. */
static int gold_session(struct session *s, int timeout_s)
{
    sea_setup_done(s, SESSION_MAP_NEW_SHORES, timeout_s);
    struct game *g = &s->game;
    assert_int_equal(g->opt.board, BOARD_NEW_SHORES_3);
    assert_int_equal(g->robber, -1); /* no desert for three: the robber waits off the board */
    for (int p = 0; p < 3; p++)
        for (int r = 0; r < RES_COUNT; r++) {
            g->bank[r] += g->p[p].res[r];
            g->p[p].res[r] = 0;
        }
    const struct board_geo *geo = board_geo(g->opt.board);
    int hex = -1, v = -1;
    for (int h = 0; h < geo->n_hexes && v < 0; h++)
        for (int c = 0; c < 6 && g->terrain[h] == TERRAIN_GOLD && v < 0; c++) {
            int x = geo->hex_vertex[h][c];
            if (!(g->no_settle[x >> 6] >> (x & 63) & 1)) {
                hex = h;
                v = x;
            }
        }
    assert_true(v >= 0);
    g->vertex_owner[v] = (int8_t)g->current;
    g->vertex_building[v] = BUILDING_SETTLEMENT;
    g->p[g->current].settlements++;
    game_reindex(g);
    int t = g->token[hex];
    roll_to_main(s, t > 7 ? 6 : 1, t > 7 ? t - 6 : t - 1);
    assert_int_equal(g->phase, PHASE_GOLD);
    /* The roll came from the engine here: give the choice the minute a roll made through the
     * session would have started. */
    s->step_phase = PHASE_GOLD;
    s->step_deadline_ms = now + SESSION_STEP_MS;
    return g->current;
}

/* !gold: the count checked, the choice taken, others refused; a player out of time gets a
 * choice made for them. */
static void test_gold_command(void **state)
{
    (void)state;
    static struct session s;
    int p = gold_session(&s, 60);
    assert_int_equal(p, 0);
    assert_int_equal(s.game.p[0].gold, 1);
    struct bot *b = bot_with(&s, 60);
    expect_reply(b, "xena", "!gold ore wool",
                 "choose exactly 1 card from the gold fields (you named 2)");
    expect_refused(b, "yuri", "!gold ore");
    expect_refused(b, "xena", "!gold banana");
    int mark = n_recs, ore = sess(b)->game.p[0].res[RES_ORE];
    say(b, "xena", "!gold ore");
    assert_int_equal(sess(b)->game.phase, PHASE_MAIN);
    assert_int_equal(sess(b)->game.p[0].res[RES_ORE], ore + 1);
    assert_true(count_to(mark, CHAN) >= 1);
    check_no_leak();
    bot_free(b);

    gold_session(&s, 120);
    int before = game_hand_size(&s.game, 0); /* the roll may have paid a card besides */
    b = bot_with(&s, 120);                   /* the step's minute runs out before the turn's two */
    mark = n_recs;
    now += 61 * 1000;
    bot_tick(b, now);
    assert_int_equal(sess(b)->game.p[0].gold, 0);
    assert_int_equal(game_hand_size(&sess(b)->game, 0), before + 1);
    assert_int_equal(sess(b)->game.phase, PHASE_MAIN);
    assert_true(any_line(mark, CHAN, "xena took 1 "));
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_lobby),           cmocka_unit_test(test_no_sea_on_base),
        cmocka_unit_test(test_wrong_kind_of_place), cmocka_unit_test(test_four_islands_people),
        cmocka_unit_test(test_four_islands_robots), cmocka_unit_test(test_fog_islands_robots),
        cmocka_unit_test(test_gold_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
