/* The bot core driven like the IRC layer drives it: messages and membership in, lines out
 * through a recording sink, time from a fake clock. */
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
#include "engine/internal.h"
#include "engine/playout.h"
#include "render/render.h"
#include "session/session.h"

#include "bot_fake.h"

static void add_list(char *buf, size_t size, const uint8_t *res)
{
    static const char *const names[] = {"wood", "brick", "wool", "grain", "ore"};
    for (int r = 0; r < RES_COUNT; r++)
        if (res[r]) {
            size_t n = strlen(buf);
            snprintf(buf + n, size - n, " %d %s", res[r], names[r]);
        }
}

/* The command a person would type for action a. */
static void format_action(struct bot *b, const struct game *g, const struct game_action *a,
                          char *buf, size_t size)
{
    static const char *const res_names[] = {"wood", "brick", "wool", "grain", "ore"};
    const struct board_geo *geo = game_geo(g);
    char hex[4];
    size_t n;
    switch (a->type) {
    case ACT_BUILD_ROAD:
        snprintf(buf, size, "!road %d-%d", geo->edge_vertex[a->a][0] + 1,
                 geo->edge_vertex[a->a][1] + 1);
        break;
    case ACT_BUILD_SETTLEMENT:
        snprintf(buf, size, "!build settlement %d", a->a + 1);
        break;
    case ACT_BUILD_CITY:
        snprintf(buf, size, "!city %d", a->a + 1);
        break;
    case ACT_BUY_DEV:
        snprintf(buf, size, "!buy");
        break;
    case ACT_ROLL:
        snprintf(buf, size, "!roll");
        break;
    case ACT_DISCARD:
        snprintf(buf, size, "!discard");
        add_list(buf, size, a->give);
        break;
    case ACT_ROBBER:
    case ACT_PLAY_KNIGHT:
        snprintf(buf, size, "%s %s%s%s", a->type == ACT_ROBBER ? "!robber" : "!play knight",
                 board_hex_name(a->a, hex), a->target >= 0 ? " " : "",
                 a->target >= 0 ? nick_of(b, a->target) : "");
        break;
    case ACT_PLAY_ROADS:
        n = (size_t)snprintf(buf, size, "!play roads %d-%d", geo->edge_vertex[a->a][0] + 1,
                             geo->edge_vertex[a->a][1] + 1);
        if (a->b >= 0)
            snprintf(buf + n, size - n, " %d-%d", geo->edge_vertex[a->b][0] + 1,
                     geo->edge_vertex[a->b][1] + 1);
        break;
    case ACT_PLAY_PLENTY:
        snprintf(buf, size, "!play plenty %s %s", res_names[a->res],
                 a->res2 == RES_NONE ? "" : res_names[a->res2]);
        break;
    case ACT_PLAY_MONOPOLY:
        snprintf(buf, size, "!play monopoly %s", res_names[a->res]);
        break;
    case ACT_BANK_TRADE:
    case ACT_OFFER:
        snprintf(buf, size, a->type == ACT_BANK_TRADE ? "!bank" : "!trade offer");
        add_list(buf, size, a->give);
        strcat(buf, " for");
        add_list(buf, size, a->get);
        if (a->type == ACT_OFFER && a->to_mask) {
            strcat(buf, " to");
            for (int p = 0; p < g->opt.n_players; p++)
                if (a->to_mask & (1u << p)) {
                    strcat(buf, " ");
                    strcat(buf, nick_of(b, p));
                }
        }
        break;
    case ACT_ACCEPT:
        snprintf(buf, size, "!trade accept %d", a->a);
        break;
    case ACT_REJECT:
        snprintf(buf, size, "!trade reject %d", a->a);
        break;
    case ACT_CONFIRM:
        snprintf(buf, size, "!trade confirm %s %d", nick_of(b, a->target), a->a);
        break;
    case ACT_CANCEL:
        snprintf(buf, size, "!trade cancel %d", a->a);
        break;
    case ACT_END:
        snprintf(buf, size, "%s", g->turn % 2 ? "!end" : "!done");
        break;
    default:
        fail_msg("unexpected action %d", a->type);
    }
}

/* Play one move chosen by a random player, typed as a command; the bot's game must then be
 * exactly what the engine makes of that action. Returns false once the game is over. */
static bool play_one(struct bot *b, struct bw_rng *rng, int *counts)
{
    const struct session *s = sess(b);
    if (!s || s->state != SESSION_PLAYING)
        return false;
    struct game expected = s->game;
    struct game_action a;
    assert_int_equal(playout_choose(&expected, rng, &a), BW_OK);
    assert_int_equal(game_apply(&expected, &a, NULL, 0, NULL), BW_OK);
    char cmd[300];
    format_action(b, &s->game, &a, cmd, sizeof cmd);
    char nick[SESSION_NICK_MAX + 1];
    snprintf(nick, sizeof nick, "%s", nick_of(b, a.player));
    say(b, nick, cmd);
    counts[a.type]++;
    s = sess(b);
    if (!s) {
        assert_int_equal(expected.phase, PHASE_OVER);
        return false;
    }
    if (memcmp(&expected, &s->game, sizeof expected) != 0)
        fail_msg("command \"%s\" by %s did not do what was meant", cmd, nick);
    return true;
}

static void test_full_game(void **state)
{
    static const char *const nicks[] = {"alice", "bob", "carol", "dave"};
    struct bot *b = make_bot(0, 7);
    struct bw_rng rng;
    int counts[ACT_TYPE_COUNT] = {0};
    bw_rng_seed(&rng, 99);
    start_game(b, nicks, 4);
    int moves = 0;
    while (play_one(b, &rng, counts))
        assert_true(++moves < 20000);
    assert_null(sess(b));
    assert_true(any_line(0, CHAN, "wins with"));
    assert_true(any_line(0, CHAN, "rolled"));
    assert_true(counts[ACT_ROLL] > 10 && counts[ACT_BUILD_SETTLEMENT] >= 8);
    assert_true(n_drops > 0); /* hands replaced their queued versions */
    check_no_leak();
    bot_free(b);
}

struct views {
    struct bot_game_view v[4];
    char recent[4][BOT_VIEW_RECENT][520];
    int n;
};

static void keep_view(void *ctx, const struct bot_game_view *v)
{
    struct views *vs = ctx;
    if (vs->n >= 4)
        return;
    vs->v[vs->n] = *v;
    for (int i = 0; i < v->n_recent; i++) {
        snprintf(vs->recent[vs->n][i], sizeof vs->recent[vs->n][i], "%s", v->recent[i]);
        vs->v[vs->n].recent[i] = vs->recent[vs->n][i];
    }
    vs->n++;
}

/* What the web view reads: the game, its channel's last game lines (the newest last, displays
 * left out), a counter that moves with every change and only then, and the game kept, ended,
 * after its end until a new lobby opens in the channel. */
static void test_game_view(void **state)
{
    (void)state;
    static const char *const nicks[] = {"alice", "bob", "carol"};
    struct bot *b = make_bot(0, 11);
    struct views vs = {.n = 0};
    assert_int_equal(bot_each_game(b, now, keep_view, &vs), 0);
    start_game(b, nicks, 3);
    vs.n = 0;
    assert_int_equal(bot_each_game(b, now, keep_view, &vs), 1);
    assert_string_equal(vs.v[0].channel, CHAN);
    assert_ptr_equal(vs.v[0].s, sess(b));
    assert_false(vs.v[0].ended);
    uint64_t gen = vs.v[0].gen;
    assert_true(gen > 0);
    assert_true(vs.v[0].n_recent >= 2);
    /* The newest line is the last one the channel got that is not a display. */
    assert_string_equal(vs.v[0].recent[vs.v[0].n_recent - 1], last_to(0, CHAN));

    /* A display changes nothing the view keeps. */
    say(b, "watcher", "!status");
    say(b, "watcher", "!board text");
    vs.n = 0;
    bot_each_game(b, now, keep_view, &vs);
    assert_true(vs.v[0].gen == gen);
    for (int i = 0; i < vs.v[0].n_recent; i++) {
        assert_null(strstr(vs.v[0].recent[i], "hexes:"));
        assert_null(strstr(vs.v[0].recent[i], "turn 1"));
    }

    /* A move does, and its line is the newest. */
    struct bw_rng rng;
    bw_rng_seed(&rng, 5);
    int counts[ACT_TYPE_COUNT] = {0};
    assert_true(play_one(b, &rng, counts));
    vs.n = 0;
    bot_each_game(b, now, keep_view, &vs);
    assert_true(vs.v[0].gen > gen);
    assert_string_equal(vs.v[0].recent[vs.v[0].n_recent - 1], last_to(0, CHAN));

    /* Many moves later: the last BOT_VIEW_RECENT lines, newest last. */
    int moves = 0;
    while (play_one(b, &rng, counts))
        assert_true(++moves < 20000);
    assert_null(sess(b));
    vs.n = 0;
    assert_int_equal(bot_each_game(b, now, keep_view, &vs), 1);
    assert_true(vs.v[0].ended);
    assert_int_equal(vs.v[0].n_recent, BOT_VIEW_RECENT);
    assert_int_equal(vs.v[0].s->game.phase, PHASE_OVER);
    bool winner_line = false;
    for (int i = 0; i < vs.v[0].n_recent; i++)
        winner_line = winner_line || strstr(vs.v[0].recent[i], "wins with");
    assert_true(winner_line);

    /* Kept 10 minutes, or until a new lobby opens there. */
    vs.n = 0;
    assert_int_equal(bot_each_game(b, now + 9 * 60 * 1000, keep_view, &vs), 1);
    say(b, "alice", "!new");
    vs.n = 0;
    assert_int_equal(bot_each_game(b, now, keep_view, &vs), 1);
    assert_false(vs.v[0].ended);
    assert_int_equal(vs.v[0].s->state, SESSION_LOBBY);
    say(b, "alice", "!leave");
    vs.n = 0;
    assert_int_equal(bot_each_game(b, now, keep_view, &vs), 0);
    bot_free(b);

    b = make_bot(0, 12);
    start_game(b, nicks, 3);
    bw_rng_seed(&rng, 6);
    while (play_one(b, &rng, counts))
        ;
    vs.n = 0;
    assert_int_equal(bot_each_game(b, now + 11 * 60 * 1000, keep_view, &vs), 0);
    vs.n = 0;
    assert_int_equal(bot_each_game(b, now, keep_view, &vs), 0);
    bot_free(b);
}

/* Every card type, counter-offers and discards over several seeded games. */
static void test_many_games_cover_actions(void **state)
{
    static const char *const nicks[] = {"ann", "ben", "cat"};
    int counts[ACT_TYPE_COUNT] = {0};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct bot *b = make_bot(0, seed);
        struct bw_rng rng;
        bw_rng_seed(&rng, seed * 31);
        start_game(b, nicks, 3);
        int moves = 0;
        while (play_one(b, &rng, counts) && ++moves < 20000)
            ;
        check_no_leak();
        bot_free(b);
    }
    assert_true(counts[ACT_DISCARD] > 0);
    assert_true(counts[ACT_ROBBER] > 0);
    assert_true(counts[ACT_BUY_DEV] > 0);
    assert_true(counts[ACT_OFFER] > 0);
}

static void test_trade_counter_confirm(void **state)
{
    struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 1, 1);
    int x = s.game.current, y = (x + 1) % 3, z = (x + 2) % 3;
    memset(s.game.p[x].res, 0, RES_COUNT);
    s.game.p[x].res[RES_WOOD] = 3;
    memset(s.game.p[y].res, 0, RES_COUNT);
    s.game.p[y].res[RES_ORE] = 2;
    struct bot *b = bot_with(&s, 0);
    char xn[50], yn[50], zn[50];
    snprintf(xn, 50, "%s", nick_of(b, x));
    snprintf(yn, 50, "%s", nick_of(b, y));
    snprintf(zn, 50, "%s", nick_of(b, z));
    say(b, xn, "!trade offer 1 wood for 1 ore");
    assert_true(any_line(0, CHAN, "offer"));
    say(b, yn, "!trade offer 1 ore for 2 wood"); /* counter-offer to the current player */
    int open = 0;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        open += sess(b)->game.offers[i].id != 0;
    assert_int_equal(open, 2);
    say(b, xn, "!trade reject");
    say(b, yn, "!trade accept");
    int mark = n_recs;
    say(b, zn, "!trade confirm yuri"); /* not the offerer */
    assert_int_equal(count_to(mark, zn), 1);
    char cmd[80];
    snprintf(cmd, sizeof cmd, "!trade confirm %s", yn);
    say(b, xn, cmd);
    assert_int_equal(sess(b)->game.p[x].res[RES_WOOD], 2);
    assert_int_equal(sess(b)->game.p[x].res[RES_ORE], 1);
    assert_int_equal(sess(b)->game.p[y].res[RES_WOOD], 1);
    assert_int_equal(sess(b)->game.p[y].res[RES_ORE], 1);
    assert_true(any_line(0, xn, "hand: 2 wood, 1 ore (3 cards)"));
    check_no_leak();
    bot_free(b);
}

static void test_offer_expires(void **state)
{
    struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 1, 1);
    int x = s.game.current;
    s.game.p[x].res[RES_WOOD] = 1;
    struct bot *b = bot_with(&s, 0);
    char xn[50];
    snprintf(xn, 50, "%s", nick_of(b, x));
    say(b, xn, "!trade offer wood for ore");
    assert_non_null(game_offer(&sess(b)->game, sess(b)->game.offers[0].id));
    int64_t made = now;
    assert_int_equal(bot_next_deadline(b), made + SESSION_OFFER_MS);
    bot_tick(b, made + SESSION_OFFER_MS - 1);
    assert_int_not_equal(sess(b)->game.offers[0].id, 0);
    bot_tick(b, made + SESSION_OFFER_MS);
    assert_int_equal(sess(b)->game.offers[0].id, 0);
    assert_int_equal(bot_next_deadline(b), INT64_MAX);
    bot_free(b);
}

static void test_seven_discards_robber(void **state)
{
    struct session s;
    crafted(&s, 0);
    int x = s.game.current, y = (x + 1) % 3;
    s.game.p[y].res[RES_WOOD] = 5;
    s.game.p[y].res[RES_ORE] = 4;
    s.game.p[x].res[RES_GRAIN] = 2;
    roll_to_main(&s, 3, 4);
    assert_int_equal(s.game.phase, PHASE_DISCARD);
    struct bot *b = bot_with(&s, 0);
    char xn[50], yn[50];
    snprintf(xn, 50, "%s", nick_of(b, x));
    snprintf(yn, 50, "%s", nick_of(b, y));
    int mark = n_recs;
    say(b, yn, "!discard 1 wood");
    assert_int_equal(count_to(mark, yn), 1);
    assert_true(any_line(mark, yn, "discard exactly 4"));
    say(b, yn, "!discard 2wood ore ore");
    assert_int_equal(sess(b)->game.phase, PHASE_ROBBER);
    assert_int_equal(sess(b)->game.p[y].res[RES_WOOD], 3);
    /* Move the robber to a hex where y has a building, and rob y. */
    const struct board_geo *geo = game_geo(&sess(b)->game);
    int hex = -1;
    for (int h = 0; h < geo->n_hexes && hex < 0; h++)
        for (int c = 0; c < 6; c++)
            if (h != sess(b)->game.robber && sess(b)->game.vertex_owner[geo->hex_vertex[h][c]] == y)
                hex = h;
    char cmd[80], name[4];
    snprintf(cmd, sizeof cmd, "!robber %s %s", board_hex_name(hex, name), yn);
    mark = n_recs;
    say(b, xn, cmd);
    assert_int_equal(sess(b)->game.phase, PHASE_MAIN);
    assert_int_equal(sess(b)->game.robber, hex);
    assert_true(any_line(mark, CHAN, "stole a card"));
    assert_true(any_line(mark, xn, "you stole 1"));
    assert_true(any_line(mark, yn, "from you"));
    check_no_leak();
    bot_free(b);
}

static void test_dev_cards(void **state)
{
    static const char *const plays[] = {"!play knight %s", "!play roads %s",
                                        "!play plenty wool ore", "!play monopoly grain"};
    for (int card = 0; card < 4; card++) {
        struct session s;
        crafted(&s, 0);
        int x = s.game.current, y = (x + 1) % 3;
        s.game.p[x].dev[card] = 1;
        s.game.p[y].res[RES_GRAIN] = 2;
        s.game.p[x].res[RES_WOOD] = 1;
        s.game.p[x].res[RES_WOOL] = 1;
        s.game.p[x].res[RES_GRAIN] = 1;
        s.game.p[x].res[RES_ORE] = 1;
        if (card != DEV_KNIGHT)
            roll_to_main(&s, 1, 1);
        struct bot *b = bot_with(&s, 0);
        char xn[50], arg[40] = "", cmd[80];
        snprintf(xn, 50, "%s", nick_of(b, x));
        const struct game *g = &sess(b)->game;
        if (card == DEV_KNIGHT) {
            char name[4];
            int hex = (g->robber + 1) % game_geo(g)->n_hexes;
            snprintf(arg, sizeof arg, "%s", board_hex_name(hex, name));
            /* Name a victim when there are several. */
            for (int p = 0; p < 3; p++)
                for (int c = 0; c < 6 && !strchr(arg, ' '); c++)
                    if (p != x && g->vertex_owner[game_geo(g)->hex_vertex[hex][c]] == p &&
                        game_hand_size(g, p) > 0)
                        snprintf(arg, sizeof arg, "%s %s", name, nick_of(b, p));
        } else if (card == DEV_ROADS) {
            for (int e = 0, k = 0; e < game_geo(g)->n_edges && k < 2; e++)
                if (game_can_road(g, x, e)) {
                    size_t n = strlen(arg);
                    snprintf(arg + n, sizeof arg - n, "%s%d-%d", k++ ? " " : "",
                             game_geo(g)->edge_vertex[e][0] + 1,
                             game_geo(g)->edge_vertex[e][1] + 1);
                }
        }
        snprintf(cmd, sizeof cmd, plays[card], arg);
        int mark = n_recs;
        say(b, xn, cmd);
        g = &sess(b)->game;
        if (g->p[x].dev[card] != 0)
            fail_msg("\"%s\" refused: %s", cmd, recs[n_recs - 1].text);
        assert_true(any_line(mark, CHAN, "plays"));
        if (card == DEV_KNIGHT)
            assert_int_equal(g->p[x].knights, 1);
        if (card == DEV_ROADS)
            assert_true(g->p[x].roads > s.game.p[x].roads);
        if (card == DEV_PLENTY)
            assert_int_equal(g->p[x].res[RES_WOOL], 2);
        if (card == DEV_MONOPOLY)
            assert_int_equal(g->p[x].res[RES_GRAIN], 3);
        if (card != DEV_KNIGHT) {
            mark = n_recs;
            say(b, xn, "!buy");
            assert_true(any_line(mark, xn, "you bought a development card"));
        }
        mark = n_recs;
        say(b, xn, "!play victory");
        assert_int_equal(count_to(mark, xn), 1);
        check_no_leak();
        bot_free(b);
    }
}

static void test_bad_input(void **state)
{
    struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 1, 1);
    int x = s.game.current, y = (x + 1) % 3;
    s.game.p[x].res[RES_WOOD] = 2;
    struct bot *b = bot_with(&s, 0);
    char xn[50], yn[50], big[600];
    snprintf(xn, 50, "%s", nick_of(b, x));
    snprintf(yn, 50, "%s", nick_of(b, y));
    expect_refused(b, xn, "!frobnicate");
    expect_refused(b, xn, "!s"); /* ambiguous */
    expect_refused(b, xn, "!road 1-99");
    expect_refused(b, xn, "!road");
    expect_refused(b, xn, "!build castle 5");
    expect_refused(b, yn, "!end"); /* out of turn */
    expect_refused(b, yn, "!roll");
    expect_refused(b, xn, "!roll"); /* already rolled */
    expect_refused(b, xn, "!bank 4 wood for ore");
    expect_refused(b, xn, "!trade offer 1 wood\r\nQUIT :bye for 1 ore");
    expect_refused(b, xn,
                   "!trade offer 1 wood for 1 \x01ore\x02 to \x03"
                   "4evil\r\n");
    expect_refused(b, xn, "!trade offer 1 \xff\xfe wood for 1 ore");
    expect_refused(b, xn, "!discard 1 \xc3\x28 wood");
    memset(big, 'w', sizeof big);
    memcpy(big, "!trade offer ", 13);
    big[500] = '\0';
    expect_refused(b, xn, big);
    for (int i = 0; i < 499; i += 2)
        big[i] = ' ';
    memcpy(big, "!bank", 5);
    expect_refused(b, xn, big);
    expect_refused(b, xn, "!play knight ZZ");
    expect_refused(b, xn, "!spots castles");
    /* Not a command, and messages from the bot itself: silence. */
    int mark = n_recs;
    say(b, xn, "hello there");
    say(b, "brickwood", "!roll");
    assert_int_equal(n_recs, mark);
    check_no_leak();
    bot_free(b);
}

static void test_identity(void **state)
{
    struct session s;
    crafted(&s, 0);
    struct bot *b = bot_with(&s, 0);
    int cur = sess(b)->game.current;
    char cn[50];
    snprintf(cn, 50, "%s", nick_of(b, cur));
    /* NICK change keeps the seat. */
    struct bw_identity id;
    ident(&id, cn);
    bot_on_nick(b, &id, "renamed", now);
    assert_int_equal(session_seat_of_nick(sess(b), "renamed"), cur);
    struct bw_identity rid = {"renamed", "u", id.host, NULL, true, false};
    now += 2000;
    bot_on_message(b, CHAN, &rid, "!roll", now);
    assert_true(sess(b)->game.rolled);
    /* Quit and rejoin within the grace period. */
    int other = (cur + 1) % 3;
    char on[50];
    snprintf(on, 50, "%s", nick_of(b, other));
    struct bw_identity oid;
    ident(&oid, on);
    bot_on_quit(b, &oid, now);
    assert_false(sess(b)->seat[other].present);
    /* Someone else takes the departed nick: no seat. */
    struct bw_identity evil = {on, "evil", "elsewhere.example", NULL, true, false};
    bot_on_join(b, CHAN, &evil, now + 1000);
    assert_false(sess(b)->seat[other].present);
    struct game before = sess(b)->game;
    int mark = n_recs;
    bot_on_message(b, CHAN, &evil, "!hand", now + 2000);
    assert_int_equal(n_recs - mark, 1);
    assert_null(strstr(recs[mark].text, "hand:"));
    assert_memory_equal(&before, &sess(b)->game, sizeof before);
    now += 120000;
    bot_tick(b, now);
    assert_int_equal(sess(b)->game.p[other].resigned, 0);
    bot_on_join(b, CHAN, &oid, now);
    assert_true(sess(b)->seat[other].present);
    assert_true(any_line(mark, CHAN, "is back"));
    now += SESSION_GRACE_MS + 1000;
    bot_tick(b, now);
    assert_int_equal(sess(b)->game.p[other].resigned, 0);
    /* Gone for longer than the grace period: the seat is given up. */
    bot_on_quit(b, &oid, now);
    now += SESSION_GRACE_MS + 1000;
    bot_tick(b, now);
    assert_int_equal(sess(b)->game.p[other].resigned, 1);
    assert_true(any_line(mark, CHAN, "away too long"));
    bot_free(b);
}

/* One tick in which several lobbies close (their players gone longer than the grace period),
 * interleaved with lobbies that stay: each closing one is dropped during the tick, and the
 * tick goes on with the others (no freed game is touched: the sanitizer builds check that). */
static void test_tick_drops_games(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 7);
    char chan[16], nick[16];
    struct bw_identity id;
    for (int i = 0; i < 8; i++) {
        snprintf(chan, sizeof chan, "#t%d", i);
        snprintf(nick, sizeof nick, "p%d", i);
        ident(&id, nick);
        now += 1100;
        bot_on_message(b, chan, &id, "!new", now);
        assert_non_null(bot_session(b, chan));
    }
    for (int i = 0; i < 8; i += 1 + (i % 3 == 2)) { /* #t0, t1, t2, t4, t5, t7 go */
        snprintf(nick, sizeof nick, "p%d", i);
        ident(&id, nick);
        bot_on_quit(b, &id, now);
    }
    now += SESSION_GRACE_MS + 1000;
    bot_tick(b, now);
    for (int i = 0; i < 8; i++) {
        snprintf(chan, sizeof chan, "#t%d", i);
        bool stays = i == 3 || i == 6;
        assert_int_equal(bot_session(b, chan) != NULL, stays);
    }
    /* The lobbies left still answer. */
    ident(&id, "p3");
    int mark = n_recs;
    now += 1100;
    bot_on_message(b, "#t3", &id, "!status", now);
    assert_true(n_recs > mark);
    bot_free(b);
}

static void test_turn_timer(void **state)
{
    static const char *const nicks[] = {"ann", "ben", "cat"};
    struct bot *b = make_bot(60, 11);
    start_game(b, nicks, 3);
    int64_t start = now;
    assert_int_equal(bot_next_deadline(b), start + 40000);
    int mark = n_recs;
    bot_tick(b, start + 39000);
    assert_int_equal(n_recs, mark);
    bot_tick(b, start + 40000);
    /* The warning names the command, as the prompt did. */
    assert_true(any_line(mark, CHAN, "seconds left for your move (!settle N)"));
    assert_int_equal(sess(b)->game.setup_step, 0);
    bot_tick(b, start + 60000);
    assert_true(any_line(mark, CHAN, "time is up"));
    assert_int_equal(sess(b)->game.setup_step, 1);
    assert_int_equal(sess(b)->game.p[sess(b)->game.current].settlements, 0);
    bot_free(b);
}

static void test_admin(void **state)
{
    static const char *const nicks[] = {"ann", "ben", "cat"};
    struct bot *b = make_bot(0, 12);
    start_game(b, nicks, 3);
    /* Not seated, not an admin. */
    int mark = n_recs;
    say(b, "mallory", "!stop");
    assert_non_null(sess(b));
    assert_int_equal(count_to(mark, "mallory"), 1);
    say(b, "mallory", "!kick ann");
    assert_int_equal(sess(b)->game.p[session_seat_of_nick(sess(b), "ann")].resigned, 0);
    /* One vote of three is no majority; two are. */
    say(b, "ann", "!stop");
    assert_non_null(sess(b));
    say(b, "ben", "!stop");
    assert_null(sess(b));
    /* An admin by host mask stops at once; by account may kick. */
    start_game(b, nicks, 3);
    struct bw_identity root = {"op", "x", "y.example", "root", true, false};
    now += 2000;
    bot_on_message(b, CHAN, &root, "!kick ann", now);
    assert_int_equal(sess(b)->game.p[session_seat_of_nick(sess(b), "ann")].resigned, 1);
    struct bw_identity trusted = {"boss", "x", "trusted.example", NULL, true, false};
    now += 2000;
    bot_on_message(b, CHAN, &trusted, "!stop", now);
    assert_null(sess(b));
    /* Admin-only private commands. */
    mark = n_recs;
    now += 2000;
    bot_on_message(b, NULL, &trusted, "save", now);
    assert_true(any_line(mark, "boss", "saved"));
    now += 2000;
    bot_on_message(b, NULL, &trusted, "backup copy.db", now);
    assert_true(any_line(mark, "boss", "backup written to copy.db"));
    assert_string_equal(backed_up, "copy.db");
    now += 2000;
    bot_on_message(b, NULL, &trusted, "backup exists.db", now);
    assert_true(any_line(mark, "boss", "backup failed: exists.db exists"));
    struct bw_identity nobody = {"nobody", "x", "z.example", NULL, true, false};
    bot_on_message(b, NULL, &nobody, "reload", now);
    assert_true(any_line(mark, "nobody", "admins"));
    backed_up[0] = 0;
    now += 2000;
    bot_on_message(b, NULL, &nobody, "backup mine.db", now);
    assert_string_equal(backed_up, "");
    /* No game here: a command that needs one says so, privately; !help answers. */
    mark = n_recs;
    say(b, "ann", "!roll");
    assert_int_equal(count_to(mark, "ann"), 1);
    assert_true(any_line(mark, "ann", "no game in #catan; !new opens one"));
    say(b, "ann", "!HELP");
    assert_true(any_line(mark, "ann", "commands:"));
    say(b, "ann", "!help pass");
    assert_true(any_line(mark, "ann", "!end"));
    bot_free(b);
}

static void test_rate_limit(void **state)
{
    struct bot *b = make_bot(0, 13);
    struct bw_identity id = {"spam", "s", "spam.example", NULL, true, false};
    int mark = n_recs;
    /* Twenty at once: five answers, one warning, then one notice that the flood is ignored. */
    for (int i = 0; i < 20; i++)
        bot_on_message(b, NULL, &id, "help", now);
    assert_int_equal(count_to(mark, "spam"), 7);
    assert_true(any_line(mark, "spam", "slow down"));
    assert_true(any_line(mark, "spam", "ignoring you for 60 seconds"));
    /* Ignored for a minute without a word, even at a polite pace; then answered again. */
    mark = n_recs;
    for (int i = 0; i < 50; i++) {
        now += 1100;
        bot_on_message(b, NULL, &id, "help", now);
    }
    assert_int_equal(count_to(mark, "spam"), 0);
    now += 6000;
    bot_on_message(b, NULL, &id, "help", now);
    assert_int_equal(count_to(mark, "spam"), 1);
    /* Twice the allowed rate for a minute: refused now and then, warned, never ignored. */
    struct bw_identity busy = {"busy", "b", "busy.example", NULL, true, false};
    mark = n_recs;
    for (int i = 0; i < 120; i++) {
        now += 500;
        bot_on_message(b, NULL, &busy, "help", now);
    }
    assert_true(any_line(mark, "busy", "slow down"));
    assert_false(any_line(mark, "busy", "ignoring"));
    assert_true(count_to(mark, "busy") >= 60);
    bot_free(b);
}

/* Displays carry a key so that a newer one replaces one still queued; a status or board text
 * the channel saw less than 15 s ago goes privately to whoever asks again (a status as one
 * line, its parts joined: one reply, one line of output). */
static void test_repeat_displays(void **state)
{
    struct session s;
    crafted(&s, 0);
    struct bot *b = bot_with(&s, 0);
    int mark = n_recs;
    say(b, "watcher", "!status");
    int status_lines = keyed_to(mark, CHAN, "status");
    assert_true(status_lines >= 2);
    mark = n_recs;
    say(b, "other", "!status");
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_int_equal(keyed_to(mark, "other", "status"), 1);
    assert_true(any_line(mark, "other", "scores: "));
    assert_true(any_line(mark, "other", "largest army: "));
    mark = n_recs;
    say(b, "other", "!board text");
    int text_lines = keyed_to(mark, CHAN, "board text");
    assert_int_equal(text_lines, 3);
    assert_true(any_line(mark, CHAN, "#catan hexes: "));
    for (int i = 0; i < 5; i++) {
        mark = n_recs;
        say(b, "watcher", "!board text");
        assert_int_equal(count_to(mark, CHAN), 0);
        assert_int_equal(keyed_to(mark, "watcher", "board text"), text_lines);
        assert_true(any_line(mark, "watcher", "#catan hexes: "));
    }
    /* 15 s after the channel saw them, the channel gets them again. */
    now += 15000;
    mark = n_recs;
    say(b, "other", "!status");
    assert_int_equal(keyed_to(mark, CHAN, "status"), status_lines);
    mark = n_recs;
    say(b, "other", "!board text");
    assert_int_equal(keyed_to(mark, CHAN, "board text"), 3);
    /* In private: the board drawing and spots carry their keys too; the drawing is not urgent,
     * even for the player the game waits for (only their hand and replies are). */
    struct bw_identity cur;
    ident(&cur, nick_of(b, sess(b)->game.current));
    mark = n_recs;
    int drops = n_drops;
    now += 1100;
    bot_on_message(b, NULL, &cur, "board", now);
    int board_lines = keyed_to(mark, cur.nick, "board");
    assert_true(board_lines >= 15);
    assert_true(n_drops > drops);
    assert_false(recs[mark].flags & BW_OUT_URGENT);
    mark = n_recs;
    now += 1100;
    bot_on_message(b, NULL, &cur, "spots", now);
    assert_int_equal(keyed_to(mark, cur.nick, "spots"), 1);
    check_no_leak();
    bot_free(b);
}

/* !board web: the game's address in the fixed form, to the channel (or privately when asked
 * privately), and the same line when the game starts; without a web view, a refusal. */
static void test_web_address(void **state)
{
    (void)state;
    static const char *const nicks[] = {"ann", "bob", "cy"};
    fake_web_url = "https://catan.example.org";
    struct bot *b = make_bot(0, 7);
    start_game(b, nicks, 3);
    assert_true(any_line(0, CHAN, "#catan web: https://catan.example.org/g/testnet/catan"));
    /* Said at the start a moment ago: asked now, the one asking gets it. */
    int mark = n_recs;
    say(b, "watcher", "!board web");
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_string_equal(last_to(mark, "watcher"),
                        "#catan web: https://catan.example.org/g/testnet/catan");
    now += 15000;
    mark = n_recs;
    say(b, "watcher", "!board web");
    assert_string_equal(last_to(mark, CHAN),
                        "#catan web: https://catan.example.org/g/testnet/catan");
    assert_int_equal(count_to(mark, "watcher"), 0);
    for (int i = 0; i < 5; i++) {
        mark = n_recs;
        say(b, "other", "!board w");
        assert_int_equal(count_to(mark, CHAN), 0);
        assert_int_equal(count_to(mark, "other"), 1);
    }
    struct bw_identity id;
    ident(&id, "watcher");
    mark = n_recs;
    now += 1100;
    bot_on_message(b, NULL, &id, "#catan board web", now);
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_string_equal(last_to(mark, "watcher"),
                        "#catan web: https://catan.example.org/g/testnet/catan");
    bot_free(b);

    fake_web_url = NULL;
    b = make_bot(0, 7);
    start_game(b, nicks, 3);
    assert_false(any_line(0, CHAN, " web: "));
    expect_refused(b, "watcher", "!board web");
    assert_true(any_line(0, "watcher", "this bot has no web view"));
    bot_free(b);
}

/* A channel the web view leaves out (web.hide, or secret or private as the IRC layer says)
 * has no page: the bot never offers its address there, at the start or when asked, and says
 * why when asked; once the channel is shown again, the address is back. */
static void test_web_address_hidden(void **state)
{
    (void)state;
    static const char *const nicks[] = {"ann", "bob", "cy"};
    static const char hidden[] = "#catan is not shown on the web view (kept out by the operator, "
                                 "or a secret or private channel)";
    fake_web_url = "https://catan.example.org";
    for (int why = 0; why < 2; why++) {
        fake_web_hide = why == 0 ? "#CaTaN" : NULL; /* named in another case */
        fake_secret = why == 1;
        struct bot *b = make_bot(0, 7);
        start_game(b, nicks, 3);
        assert_int_equal(sess(b)->state, SESSION_PLAYING);
        assert_false(any_line(0, NULL, "https://"));
        expect_reply(b, "watcher", "!board web", hidden);
        expect_refused(b, "watcher", "!board web");
        struct bw_identity id;
        ident(&id, "watcher");
        int mark = n_recs;
        now += 1100;
        bot_on_message(b, NULL, &id, "#catan board web", now);
        assert_string_equal(last_to(mark, "watcher"), hidden);
        assert_false(any_line(0, NULL, "https://"));
        /* Shown again: a reload without the list, or the channel no longer secret. */
        if (why == 0) {
            fake_web_hide = NULL;
            struct config_network net = {.name = "testnet", .nick = "brickwood"};
            struct config_bot cb = {.prefix = "!", .web_url = (char *)fake_web_url};
            struct config_game cg = {3, 6, 10, 0, 2, 100, 1500, false};
            bot_reconfigure(b, &net, &cb, &cg);
        }
        fake_secret = false;
        now += 15000;
        mark = n_recs;
        say(b, "watcher", "!board web");
        assert_string_equal(last_to(mark, CHAN),
                            "#catan web: https://catan.example.org/g/testnet/catan");
        bot_free(b);
    }
    fake_web_url = NULL;
}

static void test_private_channel_word(void **state)
{
    struct session s;
    crafted(&s, 0);
    struct bot *b = bot_with(&s, 0);
    int cur = sess(b)->game.current;
    struct bw_identity id;
    ident(&id, nick_of(b, cur));
    now += 2000;
    bot_on_message(b, NULL, &id, "roll", now);
    assert_true(sess(b)->game.rolled);
    int mark = n_recs;
    now += 2000;
    bot_on_message(b, NULL, &id, "#catan hand", now);
    assert_true(any_line(mark, id.nick, "#catan hand:"));
    /* The channel first, then the command with its prefix: the same. */
    mark = n_recs;
    now += 2000;
    bot_on_message(b, NULL, &id, "#catan !hand", now);
    assert_true(any_line(mark, id.nick, "#catan hand:"));
    assert_false(any_line(mark, id.nick, "unknown command"));
    bot_free(b);
}

/* A game restored from what was saved continues exactly like the original. */
static void test_restore_continues(void **state)
{
    static const char *const nicks[] = {"ann", "ben", "cat"};
    struct bot *a = make_bot(0, 21);
    struct bw_rng rng;
    int counts[ACT_TYPE_COUNT] = {0};
    bw_rng_seed(&rng, 5);
    start_game(a, nicks, 3);
    for (int i = 0; i < 60; i++)
        assert_true(play_one(a, &rng, counts));
    assert_true(saved_len > 0);
    unsigned char blob[SESSION_RECORD_SIZE];
    size_t len = saved_len;
    memcpy(blob, saved, len);
    struct bot *b = make_bot(0, 999);
    assert_int_equal(bot_restore(b, blob, len, now, NULL, 0), BW_OK);
    assert_memory_equal(sess(a), sess(b), sizeof(struct session));
    struct bw_rng rng_b = rng;
    for (int i = 0; i < 200; i++) {
        bool more_a = play_one(a, &rng, counts);
        bool more_b = play_one(b, &rng_b, counts);
        assert_int_equal(more_a, more_b);
        if (!more_a)
            break;
        assert_memory_equal(&sess(a)->game, &sess(b)->game, sizeof(struct game));
    }
    unsigned char junk[16] = "not a record";
    assert_int_equal(bot_restore(b, junk, sizeof junk, now, NULL, 0), BW_E(PARSE));
    bot_free(a);
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_game),
        cmocka_unit_test(test_many_games_cover_actions),
        cmocka_unit_test(test_trade_counter_confirm),
        cmocka_unit_test(test_offer_expires),
        cmocka_unit_test(test_seven_discards_robber),
        cmocka_unit_test(test_dev_cards),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_identity),
        cmocka_unit_test(test_turn_timer),
        cmocka_unit_test(test_admin),
        cmocka_unit_test(test_rate_limit),
        cmocka_unit_test(test_repeat_displays),
        cmocka_unit_test(test_web_address),
        cmocka_unit_test(test_web_address_hidden),
        cmocka_unit_test(test_tick_drops_games),
        cmocka_unit_test(test_game_view),
        cmocka_unit_test(test_private_channel_word),
        cmocka_unit_test(test_restore_continues),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
