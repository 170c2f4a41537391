/* What players see at the table: the board when the game starts, one channel line per setup
 * placement naming where the road may go, the events of a move joined into one line, refusals
 * that say what to do instead, the end of the game worth reading, and !dice. */
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
#include "engine/internal.h"
#include "engine/playout.h"
#include "session/session.h"

#include "bot_fake.h"

#define JOIN " \xc2\xb7 "

/* The text of the only line since mark to target; fails unless there is exactly one. */
static const char *only_line(int mark, const char *target)
{
    const char *found = NULL;
    int n = 0;
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, target) == 0) {
            found = recs[i].text;
            n++;
        }
    if (n != 1)
        fail_msg("%d lines to %s, one expected", n, target);
    return found;
}

/* The vertex the current setup player takes: the first the rules allow. */
static int setup_corner(const struct game *g)
{
    for (int v = 0; v < board_geo(g->opt.board)->n_vertices; v++)
        if (game_can_settle(g, g->current, v))
            return v;
    fail_msg("no corner");
    return -1;
}

/* One channel line per placement: the settlement, then where the road may go. */
static void test_setup_placement_one_line(void **state)
{
    (void)state;
    static const char *const nicks[] = {"ann", "bob", "cid"};
    struct bot *b = make_bot(0, 11);
    start_game(b, nicks, 3);
    const struct session *s = sess(b);
    char who[SESSION_NICK_MAX + 1], cmd[40], want[sizeof recs[0].text];
    snprintf(who, sizeof who, "%s", s->seat[s->game.current].nick);
    int v = setup_corner(&s->game);
    snprintf(cmd, sizeof cmd, "!settle %d", v + 1);
    int mark = n_recs;
    say(b, who, cmd);
    const char *line = only_line(mark, CHAN);
    snprintf(want, sizeof want,
             "%s built a settlement at %d" JOIN "%s: place a road from %d: ", who, v + 1, who,
             v + 1);
    if (strncmp(line, want, strlen(want)) != 0)
        fail_msg("\"%s\" does not start \"%s\"", line, want);
    /* Every corner the road may lead to is named, and no other. */
    const struct board_geo *geo = board_geo(s->game.opt.board);
    int named = 0;
    for (int k = 0; k < 3; k++) {
        int w = geo->vertex_vertex[v][k];
        if (w < 0)
            continue;
        char num[8];
        snprintf(num, sizeof num, "%d", w + 1);
        assert_non_null(strstr(line + strlen(want), num));
        named++;
    }
    assert_true(named >= 2);
    assert_non_null(strstr(line, named == 3 ? ", " : " or "));

    /* The road: one line again, with the next player's prompt. */
    snprintf(cmd, sizeof cmd, "!road %d-%d", v + 1, geo->vertex_vertex[v][0] + 1);
    if (geo->vertex_vertex[v][0] < 0)
        snprintf(cmd, sizeof cmd, "!road %d-%d", v + 1, geo->vertex_vertex[v][1] + 1);
    mark = n_recs;
    say(b, who, cmd);
    line = only_line(mark, CHAN);
    assert_non_null(strstr(line, " built a road at "));
    assert_non_null(strstr(line, JOIN));
    assert_non_null(strstr(line, ": place a settlement"));
    bot_free(b);
}

/* Refusals name whose move it is, and what a build lacks. */
static void test_refusals_say_what_to_do(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    int p = s.game.current, q = (p + 1) % 3;
    char cur[SESSION_NICK_MAX + 1], other[SESSION_NICK_MAX + 1], want[200];
    snprintf(cur, sizeof cur, "%s", s.seat[p].nick);
    snprintf(other, sizeof other, "%s", s.seat[q].nick);
    struct bot *b = bot_with(&s, 0);

    int mark = n_recs;
    say(b, other, "!roll");
    snprintf(want, sizeof want, "it is %s's move: roll (!roll or !play CARD)", cur);
    assert_string_equal(last_to(mark, other), want);
    assert_int_equal(count_to(mark, CHAN), 0);

    mark = n_recs;
    say(b, cur, "!buy");
    assert_string_equal(last_to(mark, cur), "roll first (!roll)");

    /* After the roll (no 7), with an empty hand: the cards a road and a city lack. */
    struct session *live = (struct session *)sess(b);
    assert_int_equal(game_apply_roll(&live->game, 2, 3, NULL, 0, NULL), BW_OK);
    for (int r = 0; r < RES_COUNT; r++) {
        live->game.bank[r] += live->game.p[p].res[r];
        live->game.p[p].res[r] = 0;
    }
    live->game.p[p].res[RES_WOOD] = 1;
    live->game.bank[RES_WOOD]--;
    const struct board_geo *geo = board_geo(live->game.opt.board);
    int edge = -1, v = -1;
    for (int e = 0; e < geo->n_edges && edge < 0; e++)
        if (game_can_road(&live->game, p, e))
            edge = e;
    for (int x = 0; x < geo->n_vertices && v < 0; x++)
        if (live->game.vertex_owner[x] == p && live->game.vertex_building[x] == BUILDING_SETTLEMENT)
            v = x;
    assert_true(edge >= 0 && v >= 0);
    char cmd[40];
    snprintf(cmd, sizeof cmd, "!road %d-%d", geo->edge_vertex[edge][0] + 1,
             geo->edge_vertex[edge][1] + 1);
    mark = n_recs;
    say(b, cur, cmd);
    assert_string_equal(last_to(mark, cur), "you need 1 brick more");
    snprintf(cmd, sizeof cmd, "!city %d", v + 1);
    mark = n_recs;
    say(b, cur, cmd);
    assert_string_equal(last_to(mark, cur), "you need 2 grain and 3 ore more");
    mark = n_recs;
    say(b, cur, "!buy");
    assert_string_equal(last_to(mark, cur), "you need 1 wool and 1 grain and 1 ore more");
    assert_int_equal(count_to(mark, CHAN), 0);
    /* After the roll, another player's move is refused naming what the current one types. */
    mark = n_recs;
    say(b, other, "!end");
    snprintf(want, sizeof want, "it is %s's move: build, trade or end the turn (!end when done)",
             cur);
    assert_string_equal(last_to(mark, other), want);
    bot_free(b);
}

/* The winner's line, then two lines: everyone's points broken down, the turns, the time and
 * the dice; !dice shows the histogram of the game while it runs. */
static void test_game_end_summary_and_dice(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    s.rules.victory_points = 3;
    s.game.vp_goal = 3;
    s.rolls[6] = 4; /* four 8s rolled before */
    s.rolls[0] = 1;
    int p = s.game.current;
    s.game.p[p].res[RES_GRAIN] = 2;
    s.game.p[p].res[RES_ORE] = 3;
    char cur[SESSION_NICK_MAX + 1];
    snprintf(cur, sizeof cur, "%s", s.seat[p].nick);
    struct bot *b = bot_with(&s, 0);

    int mark = n_recs;
    say(b, cur, "!dice");
    assert_string_equal(last_to(mark, CHAN),
                        "#catan dice (5 rolls): 2:1 3:0 4:0 5:0 6:0 7:0 8:4 9:0 10:0 11:0 12:0");
    mark = n_recs;
    say(b, cur, "!dice"); /* again at once: to the one asking */
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_non_null(strstr(last_to(mark, cur), "dice (5 rolls)"));

    struct session *live = (struct session *)sess(b);
    assert_int_equal(game_apply_roll(&live->game, 4, 6, NULL, 0, NULL), BW_OK);
    live->rolls[8]++;
    int v = -1;
    const struct board_geo *geo = board_geo(live->game.opt.board);
    for (int x = 0; x < geo->n_vertices && v < 0; x++)
        if (live->game.vertex_owner[x] == p && live->game.vertex_building[x] == BUILDING_SETTLEMENT)
            v = x;
    char cmd[40];
    snprintf(cmd, sizeof cmd, "!city %d", v + 1);
    now += 125000; /* two minutes and more since the restore */
    mark = n_recs;
    say(b, cur, cmd);
    int win = -1;
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, CHAN) == 0 && strstr(recs[i].text, "wins with 3 victory"))
            win = i;
    assert_true(win >= 0);
    assert_int_equal(count_to(win + 1, CHAN), 2);
    const char *points = recs[win + 1].text, *tail = recs[win + 2].text;
    char want[120];
    snprintf(want, sizeof want, "points: ");
    assert_memory_equal(points, want, strlen(want));
    snprintf(want, sizeof want, "%s 3 VP (1 settlement, 1 city)", cur);
    assert_non_null(strstr(points, want));
    for (int i = 0; i < 3; i++)
        if (i != p) {
            snprintf(want, sizeof want, "%s 2 VP (2 settlements, 0 cities)", s.seat[i].nick);
            assert_non_null(strstr(points, want));
        }
    assert_non_null(strstr(tail, " turns in 2m "));
    assert_non_null(strstr(tail, "dice (6 rolls): 2:1 3:0 4:0 5:0 6:0 7:0 8:4 9:0 10:1 11:0 12:0"));
    check_no_leak();
    bot_free(b);
}

static int pips(int token)
{
    static const int table[13] = {0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1};
    return token >= 0 && token <= 12 ? table[token] : 0;
}

/* Pips and different resources of a corner, worked out here from the board. */
static void worth(const struct game *g, int v, int *p, int *k)
{
    const struct board_geo *geo = board_geo(g->opt.board);
    unsigned seen = 0;
    *p = 0;
    for (int i = 0; i < 3; i++) {
        int h = geo->vertex_hex[v][i];
        if (h >= 0 && g->terrain[h] != TERRAIN_DESERT) {
            *p += pips(g->token[h]);
            seen |= 1u << g->terrain[h];
        }
    }
    *k = __builtin_popcount(seen);
}

/* !spots settlement lists the best corners first: most pips, then most resources; !spots the
 * best ten of them. */
static void test_spots_best_first(void **state)
{
    (void)state;
    static const char *const nicks[] = {"ann", "bob", "cid"};
    struct bot *b = make_bot(0, 12);
    start_game(b, nicks, 3);
    const struct session *s = sess(b);
    char who[SESSION_NICK_MAX + 1];
    snprintf(who, sizeof who, "%s", s->seat[s->game.current].nick);
    int mark = n_recs;
    say(b, who, "!spots settlement");
    const char *line = last_to(mark, who);
    const char *list = strstr(line, "spots: settlement ");
    assert_non_null(list);
    list += strlen("spots: settlement ");
    int prev_p = 1000, prev_k = 1000, count = 0, v;
    for (const char *q = list; sscanf(q, "%d", &v) == 1; count++) {
        int p, k;
        worth(&s->game, v - 1, &p, &k);
        assert_true(p < prev_p || (p == prev_p && k <= prev_k));
        prev_p = p;
        prev_k = k;
        q = strchr(q, ' ');
        if (!q)
            break;
        q++;
    }
    assert_true(count >= 40); /* every corner is free at the start */

    /* !spots without a kind: the best ten of that list, in the fixed form and nothing after. */
    const char *all = line;
    mark = n_recs;
    say(b, who, "!spots");
    const char *brief = only_line(mark, who);
    const char *q = list;
    for (int i = 0; i < 9; i++)
        q = strchr(q, ' ') + 1;
    q += strcspn(q, " ");
    assert_int_equal(strlen(brief), (size_t)(q - all));
    assert_memory_equal(brief, all, (size_t)(q - all));

    /* The best one, as the player to place sees it and as another player does. */
    int best = atoi(list);
    char cmd[32], other[SESSION_NICK_MAX + 1];
    snprintf(cmd, sizeof cmd, "!corner %d", best);
    snprintf(other, sizeof other, "%s", s->seat[(s->game.current + 1) % 3].nick);
    mark = n_recs;
    say(b, who, cmd);
    say(b, other, cmd);
    assert_non_null(strstr(last_to(mark, who), "| you may build a settlement here now"));
    assert_non_null(strstr(last_to(mark, other), "| free: you may take it at your next placement"));
    assert_int_equal(count_to(mark, CHAN), 0);
    bot_free(b);
}

/* The line !spots answers who with s as the game, into line. */
static void spots_line(struct session *s, const char *who, char *line, size_t size)
{
    struct bot *b = bot_with(s, 0);
    int mark = n_recs;
    say(b, who, "!spots");
    snprintf(line, size, "%s", only_line(mark, who));
    bot_free(b);
}

/* After the setup the kinds of !spots are what the hand pays for, in the fixed form of SPEC
 * section 5 and nothing else: a script takes every place listed for one it can build now. */
static void test_spots_paid_for(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 1, 1); /* a 2: the setup left nobody on it here, and hands stay empty */
    int p = s.game.current;
    memset(s.game.p[p].res, 0, sizeof s.game.p[p].res);
    const char *who = s.seat[p].nick;
    char line[sizeof recs[0].text];
    spots_line(&s, who, line, sizeof line);
    assert_string_equal(line, "#catan spots: none");

    /* A road paid for, a city not: roads alone. */
    s.game.p[p].res[RES_WOOD] = 1;
    s.game.p[p].res[RES_BRICK] = 1;
    s.game.p[p].res[RES_ORE] = 2;
    spots_line(&s, who, line, sizeof line);
    assert_true(!strncmp(line, "#catan spots: road ", 19));
    assert_null(strstr(line, " | "));
    assert_null(strstr(line, "city"));
    assert_null(strchr(line, '('));

    /* A road building card to play pays for roads. */
    memset(s.game.p[p].res, 0, sizeof s.game.p[p].res);
    s.game.p[p].dev[DEV_ROADS] = 1;
    spots_line(&s, who, line, sizeof line);
    assert_true(!strncmp(line, "#catan spots: road ", 19));
    assert_null(strstr(line, " | "));

    /* Everything paid for: every kind with a place. */
    memset(s.game.p[p].res, 4, sizeof s.game.p[p].res);
    spots_line(&s, who, line, sizeof line);
    assert_null(strchr(line, '('));
    assert_non_null(strstr(line, " | city "));
}

/* The holder of the largest army leaves and nobody else has 3 knights alone: the channel is
 * told the card is set aside and why, not that "nobody now holds" it "taken from" them. */
static void test_army_holder_leaves(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 1, 1);
    int holder = (s.game.current + 1) % 3;
    s.game.p[holder].knights = 3;
    s.game.largest_army = (int8_t)holder;
    struct bot *b = bot_with(&s, 0);
    char who[SESSION_NICK_MAX + 1], want[200];
    snprintf(who, sizeof who, "%s", nick_of(b, holder));
    int mark = n_recs;
    say(b, who, "!leave");
    snprintf(want, sizeof want,
             "the largest army card is set aside: %s left the game, and nobody else has a single "
             "largest army of 3 knights or more",
             who);
    assert_true(any_line(mark, CHAN, want));
    assert_false(any_line(mark, CHAN, "nobody now holds"));
    assert_int_equal(sess(b)->game.largest_army, -1);
    bot_free(b);
}

/* !corner V, privately: hexes with numbers and pips, the building or why nobody may build. */
static void test_corner(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    int p = s.game.current;
    assert_int_equal(game_apply_roll(&s.game, 2, 3, NULL, 0, NULL), BW_OK);
    const struct board_geo *geo = board_geo(s.game.opt.board);
    int mine = -1, near = -1, far = -1, open = -1;
    for (int v = 0; v < geo->n_vertices; v++) {
        if (mine < 0 && s.game.vertex_owner[v] == p)
            mine = v;
        if (s.game.vertex_owner[v] >= 0)
            continue;
        bool close = false;
        for (int k = 0; k < 3; k++)
            close |=
                geo->vertex_vertex[v][k] >= 0 && s.game.vertex_owner[geo->vertex_vertex[v][k]] >= 0;
        if (close && near < 0)
            near = v;
        else if (!close && game_can_settle(&s.game, p, v) && open < 0)
            open = v;
        else if (!close && !game_can_settle(&s.game, p, v) && far < 0)
            far = v;
    }
    assert_true(mine >= 0 && near >= 0 && far >= 0);
    char cur[SESSION_NICK_MAX + 1], cmd[32], want[160];
    snprintf(cur, sizeof cur, "%s", s.seat[p].nick);
    struct bot *b = bot_with(&s, 0);

    snprintf(cmd, sizeof cmd, "!corner %d", mine + 1);
    int mark = n_recs;
    say(b, "outsider", cmd);
    assert_int_equal(count_to(mark, CHAN), 0);
    const char *line = last_to(mark, "outsider");
    snprintf(want, sizeof want, "#catan corner %d: ", mine + 1);
    assert_memory_equal(line, want, strlen(want));
    int pp, kk;
    worth(&sess(b)->game, mine, &pp, &kk);
    snprintf(want, sizeof want, "; %d pips, %d resource", pp, kk);
    assert_non_null(strstr(line, want));
    snprintf(want, sizeof want, "| %s's settlement", cur);
    if (!strstr(line, want))
        fail_msg("no \"%s\" in \"%s\"", want, line);
    /* Each hex around it with its number and pips. */
    for (int k = 0; k < 3; k++) {
        int h = geo->vertex_hex[mine][k];
        if (h < 0 || !sess(b)->game.token[h])
            continue;
        static const char *const terrain[] = {"wood", "brick", "wool", "grain", "ore"};
        char name[4];
        snprintf(want, sizeof want, "%s %s %d (%d pip", board_hex_name(h, name),
                 terrain[sess(b)->game.terrain[h]], sess(b)->game.token[h],
                 pips(sess(b)->game.token[h]));
        if (!strstr(line, want))
            fail_msg("no \"%s\" in \"%s\"", want, line);
    }

    snprintf(cmd, sizeof cmd, "!corner %d", near + 1);
    mark = n_recs;
    say(b, cur, cmd);
    assert_non_null(strstr(last_to(mark, cur), "(distance rule)"));
    snprintf(cmd, sizeof cmd, "!corner %d", far + 1);
    mark = n_recs;
    say(b, cur, cmd);
    assert_non_null(strstr(last_to(mark, cur), "free, but no road of yours reaches it"));
    if (open >= 0) {
        snprintf(cmd, sizeof cmd, "!corner %d", open + 1);
        mark = n_recs;
        say(b, cur, cmd);
        assert_non_null(strstr(last_to(mark, cur), "you may build a settlement here now"));
    }
    mark = n_recs;
    say(b, cur, "!corner 999");
    assert_non_null(strstr(last_to(mark, cur), "usage: !corner V"));
    assert_int_equal(count_to(mark, CHAN), 0);
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup_placement_one_line),
        cmocka_unit_test(test_refusals_say_what_to_do),
        cmocka_unit_test(test_game_end_summary_and_dice),
        cmocka_unit_test(test_spots_best_first),
        cmocka_unit_test(test_spots_paid_for),
        cmocka_unit_test(test_army_holder_leaves),
        cmocka_unit_test(test_corner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
