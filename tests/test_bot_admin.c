/* The bot core around the games: commands in channels without one, a reloaded configuration,
 * seats bound to identities, the big board's special building phase, parting a channel, and
 * what reaches a seat while its player is away. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/internal.h"
#include "cmd/cmd.h"
#include "engine/board.h"
#include "irc/conn.h"
#include "irc/queue.h"
#include "session/session.h"

#include "bot_fake.h"

static void from(struct bot *b, const char *channel, const struct bw_identity *id, const char *text)
{
    now += 1100;
    bot_on_message(b, channel, id, text, now);
}

static const struct bw_identity trusted = {"boss", "x", "trusted.example", NULL, true, false};

static void test_no_game_channel(void **state)
{
    struct bot *b = make_bot(0, 1);
    int mark = n_recs;
    say(b, "ann", "!frobnicate");
    assert_int_equal(n_recs - mark, 1);
    assert_string_equal(recs[mark].target, "ann");
    assert_true(recs[mark].flags & BW_OUT_PRIVATE);
    assert_string_equal(recs[mark].text,
                        "unknown command \"frobnicate\"; !help lists the commands");
    mark = n_recs;
    say(b, "ann", "!build settlement banana");
    assert_int_equal(n_recs - mark, 1);
    assert_string_equal(recs[mark].text, "no game in #catan; !new opens one");
    /* A long word is quoted short. */
    char big[300];
    memset(big, 'q', sizeof big);
    big[0] = '!';
    big[sizeof big - 1] = '\0';
    mark = n_recs;
    say(b, "ann", big);
    assert_int_equal(n_recs - mark, 1);
    assert_true(strlen(recs[mark].text) < 80);
    assert_non_null(strstr(recs[mark].text, "...\""));
    /* Not commands: the prefix without a letter after it. */
    mark = n_recs;
    say(b, "ann", "!");
    say(b, "ann", "!!!");
    say(b, "ann", "!1 2");
    say(b, "ann", "! roll");
    say(b, "ann", "!?");
    say(b, "ann", "!\xc3\xa9t\xc3\xa9");
    assert_int_equal(n_recs, mark);
    assert_null(sess(b));
    /* "#chan" alone in private asks what about it. */
    struct bw_identity ann;
    ident(&ann, "ann");
    from(b, NULL, &ann, "#catan");
    assert_int_equal(n_recs - mark, 1);
    /* Subject to the rate limit: five answers and one warning at once, then one notice that
     * the flood is ignored. */
    struct bw_identity spam = {"spam", "s", "spam.example", NULL, true, false};
    mark = n_recs;
    for (int i = 0; i < 20; i++)
        bot_on_message(b, CHAN, &spam, "!frobnicate", now);
    assert_int_equal(count_to(mark, "spam"), 7);
    assert_true(any_line(mark, "spam", "slow down"));
    assert_true(any_line(mark, "spam", "ignoring you"));
    check_no_leak();
    bot_free(b);
}

static char *new_admins[] = {"account:newroot"};

static void test_reconfigure(void **state)
{
    static const char *const nicks[] = {"ann", "ben", "cat"};
    struct bot *b = make_bot(60, 2);
    start_game(b, nicks, 3);
    assert_int_equal(bot_next_deadline(b), now + 40000);
    struct bw_identity dan;
    ident(&dan, "dan");
    from(b, "#other", &dan, "!new");
    assert_non_null(bot_session(b, "#other"));
    int mark = n_recs;
    say(b, "ann", "!status");
    assert_true(n_recs > mark);
    for (int i = mark; i < n_recs; i++)
        assert_null(strpbrk(recs[i].text, "\x02\x03"));

    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "?", .admins = new_admins, .admin_count = 1, .colors = true};
    struct config_game cg = {4, 5, 8, 0, 2, 100, 0, false};
    struct game before = sess(b)->game;
    bot_reconfigure(b, &net, &cb, &cg);
    /* The running game keeps its rules but the turn timer, which is now off. */
    assert_memory_equal(&before, &sess(b)->game, sizeof before);
    assert_int_equal(sess(b)->rules.min_players, 3);
    assert_int_equal(sess(b)->rules.victory_points, 10);
    assert_int_equal(sess(b)->rules.turn_timeout_s, 0);
    assert_int_equal(bot_session(b, "#other")->rules.max_players, 6);
    assert_int_equal(bot_next_deadline(b), INT64_MAX);
    /* The new prefix, with colours. */
    mark = n_recs;
    say(b, "ann", "!status");
    assert_int_equal(n_recs, mark);
    say(b, "ann", "?status");
    bool colored = false;
    for (int i = mark; i < n_recs; i++)
        colored = colored || strpbrk(recs[i].text, "\x02\x03");
    assert_true(colored);
    /* The new admins. */
    struct bw_identity root = {"op", "x", "y.example", "newroot", true, false};
    mark = n_recs;
    from(b, NULL, &trusted, "save");
    from(b, NULL, &root, "save");
    assert_true(any_line(mark, "boss", "admins"));
    assert_true(any_line(mark, "op", "saved"));
    /* New lobbies take the new game settings. */
    struct bw_identity eve;
    ident(&eve, "eve");
    from(b, "#third", &eve, "?new");
    assert_int_equal(bot_session(b, "#third")->rules.min_players, 4);
    assert_int_equal(bot_session(b, "#third")->rules.victory_points, 8);
    /* A turn timer switched on applies to the move awaited now, in full. */
    cb.prefix = "!";
    cg.turn_timeout_s = 120;
    bot_tick(b, now + 5000);
    bot_reconfigure(b, &net, &cb, &cg);
    assert_int_equal(sess(b)->rules.turn_timeout_s, 120);
    assert_int_equal(bot_next_deadline(b), now + 5000 + 90000);
    check_no_leak();
    bot_free(b);
}

static void test_seat_taken(void **state)
{
    struct session s;
    crafted(&s, 0);
    struct bot *b = bot_with(&s, 0);
    int cur = sess(b)->game.current;
    char cn[50], want[100];
    snprintf(cn, sizeof cn, "%s", nick_of(b, cur));
    snprintf(want, sizeof want, "%s's seat in #catan belongs to another user", cn);
    struct bw_identity real, evil = {cn, "evil", "elsewhere.example", NULL, true, false};
    ident(&real, cn);
    bot_on_quit(b, &real, now);
    bot_on_join(b, CHAN, &evil, now);
    const char *tries[] = {"!hand", "!roll", "!stop", "!leave"};
    for (int i = 0; i < 4; i++) {
        int mark = n_recs;
        from(b, CHAN, &evil, tries[i]);
        assert_int_equal(n_recs - mark, 1);
        assert_string_equal(recs[mark].text, want);
    }
    int mark = n_recs;
    from(b, NULL, &evil, "#catan hand");
    assert_string_equal(recs[mark].text, want);
    assert_int_equal(sess(b)->stop_votes, 0);
    assert_false(sess(b)->game.rolled);
    bot_free(b);
}

/* The big board: after a turn each other player in turn may build or buy, then end. */
static void test_special_build(void **state)
{
    struct session s;
    crafted_n(&s, 5, 0);
    roll_to_main(&s, 1, 1);
    for (int p = 0; p < 5; p++)
        memset(s.game.p[p].res, 0, RES_COUNT);
    int x = s.game.current, p1 = (x + 1) % 5, p2 = (x + 2) % 5;
    static const uint8_t res[RES_COUNT] = {5, 1, 1, 1, 1};
    memcpy(s.game.p[p1].res, res, RES_COUNT);
    s.game.p[p1].dev[DEV_KNIGHT] = 1;
    s.game.p[x].res[RES_WOOD] = 1;
    s.game.p[x].res[RES_BRICK] = 1;
    struct bot *b = bot_with(&s, 0);
    char xn[50], n1[50], n2[50];
    snprintf(xn, 50, "%s", nick_of(b, x));
    snprintf(n1, 50, "%s", nick_of(b, p1));
    snprintf(n2, 50, "%s", nick_of(b, p2));
    int mark = n_recs;
    say(b, xn, "!end");
    const struct game *g = &sess(b)->game;
    assert_int_equal(g->phase, PHASE_SPECIAL_BUILD);
    assert_int_equal(g->sb_player, p1);
    assert_true(any_line(mark, CHAN, "special building phase"));

    char hex[4], cmd[80];
    board_hex_name((g->robber + 1) % game_geo(g)->n_hexes, hex);
    snprintf(cmd, sizeof cmd, "!play knight %s", hex);
    expect_refused(b, n1, "!trade offer 1 wood for 1 ore");
    expect_refused(b, n1, "!bank 4 wood for ore");
    expect_refused(b, n1, cmd);
    expect_refused(b, n1, "!roll");
    expect_refused(b, xn, "!buy");
    expect_refused(b, xn, "!trade offer 1 wood for 1 brick");
    expect_refused(b, n2, "!buy");
    expect_refused(b, n2, "!end");

    int edge = -1;
    for (int e = 0; e < game_geo(g)->n_edges && edge < 0; e++)
        if (game_can_road(g, p1, e))
            edge = e;
    assert_true(edge >= 0);
    snprintf(cmd, sizeof cmd, "!build road %d-%d", game_geo(g)->edge_vertex[edge][0] + 1,
             game_geo(g)->edge_vertex[edge][1] + 1);
    int roads = g->p[p1].roads;
    mark = n_recs;
    say(b, n1, cmd);
    g = &sess(b)->game;
    assert_int_equal(g->p[p1].roads, roads + 1);
    say(b, n1, "!buy");
    g = &sess(b)->game;
    assert_int_equal(game_dev_count(g, p1), 2);
    assert_true(any_line(mark, n1, "hand:"));
    say(b, n1, "!end");
    for (int k = 2; k < 5; k++) {
        assert_int_equal(sess(b)->game.phase, PHASE_SPECIAL_BUILD);
        assert_int_equal(sess(b)->game.sb_player, (x + k) % 5);
        say(b, nick_of(b, (x + k) % 5), "!done");
    }
    g = &sess(b)->game;
    assert_int_equal(g->phase, PHASE_ROLL);
    assert_int_equal(g->current, p1);
    check_no_leak();
    bot_free(b);
}

/* Six players with the turn timer: each special building phase has its own time. */
static void test_special_build_timer(void **state)
{
    struct session s;
    crafted_n(&s, 6, 60);
    roll_to_main(&s, 1, 1);
    int x = s.game.current;
    struct bot *b = bot_with(&s, 60);
    say(b, nick_of(b, x), "!end");
    assert_int_equal(sess(b)->game.sb_player, (x + 1) % 6);
    int64_t ended = now;
    assert_int_equal(bot_next_deadline(b), ended + 40000);
    int mark = n_recs;
    bot_tick(b, ended + 40000);
    assert_true(any_line(mark, CHAN, "seconds left"));
    bot_tick(b, ended + 60000);
    assert_int_equal(sess(b)->game.phase, PHASE_SPECIAL_BUILD);
    assert_int_equal(sess(b)->game.sb_player, (x + 2) % 6);
    assert_int_equal(bot_next_deadline(b), ended + 60000 + 40000);
    check_no_leak();
    bot_free(b);
}

static void test_part(void **state)
{
    static const char *const nicks[] = {"ann", "ben", "cat"};
    struct bot *b = make_bot(60, 3);
    start_game(b, nicks, 3);
    struct bw_identity dan;
    ident(&dan, "dan");
    from(b, "#lobby", &dan, "!new");
    struct game before = sess(b)->game;
    int64_t deadline = bot_next_deadline(b);

    int mark = n_recs;
    from(b, NULL, &trusted, "part #catan");
    assert_int_equal(n_recs - mark, 1);
    assert_non_null(strstr(recs[mark].text, "part #catan force"));
    assert_string_equal(parted, "");
    assert_false(sess(b)->paused);
    from(b, NULL, &trusted, "part #catan now");
    assert_string_equal(parted, "");
    mark = n_recs;
    from(b, NULL, &trusted, "help part");
    assert_true(any_line(mark, "boss", "force"));

    from(b, NULL, &trusted, "part #catan force");
    assert_string_equal(parted, "#catan");
    assert_true(sess(b)->paused);
    assert_true(any_line(mark, "boss", "paused"));
    /* Paused: no timers, no moves; the game is kept as it was. */
    int64_t left = now;
    assert_int_equal(bot_next_deadline(b), INT64_MAX);
    bot_tick(b, now + 3600000);
    struct bw_identity cur;
    ident(&cur, nick_of(b, sess(b)->game.current));
    mark = n_recs;
    from(b, NULL, &cur, "#catan settle 1");
    assert_true(any_line(mark, cur.nick, "paused"));
    assert_memory_equal(&before, &sess(b)->game, sizeof before);
    /* Back in the channel: the clock goes on where it stopped. */
    struct bw_identity self = {"brickwood", "bw", "bot.example", NULL, true, false};
    now += 600000;
    mark = n_recs;
    bot_on_join(b, CHAN, &self, now);
    assert_false(sess(b)->paused);
    assert_true(any_line(mark, CHAN, "I am back"));
    assert_int_equal(bot_next_deadline(b), deadline + (now - left));
    /* A lobby needs no force; a kick or a part the bot did not ask for pauses too. */
    from(b, NULL, &trusted, "part #lobby");
    assert_string_equal(parted, "#lobby");
    assert_true(bot_session(b, "#lobby")->paused);
    bot_on_kick(b, CHAN, "brickwood", now);
    assert_true(sess(b)->paused);
    bot_on_join(b, CHAN, &self, now + 1000);
    assert_false(sess(b)->paused);
    bot_on_part(b, CHAN, &self, now + 2000);
    assert_true(sess(b)->paused);
    mark = n_recs;
    from(b, NULL, &trusted, "part #empty");
    assert_true(any_line(mark, "boss", "leaving #empty"));
    /* An admin can still stop a paused game. */
    from(b, NULL, &trusted, "#catan stop");
    assert_null(sess(b));
    check_no_leak();
    bot_free(b);
}

/* A lost connection pauses every game: nobody times out while they cannot reach the bot. */
static void test_disconnect_pauses(void **state)
{
    static const char *const nicks[] = {"ann", "ben", "cat"};
    struct bot *b = make_bot(60, 5);
    start_game(b, nicks, 3);
    struct game before = sess(b)->game;
    int64_t deadline = bot_next_deadline(b);
    assert_true(deadline < INT64_MAX);
    bot_on_disconnect(b, now);
    assert_true(sess(b)->paused);
    assert_int_equal(bot_next_deadline(b), INT64_MAX);
    bot_tick(b, now + 3600000);
    assert_memory_equal(&before, &sess(b)->game, sizeof before);
    struct bw_identity self = {"brickwood", "bw", "bot.example", NULL, true, false};
    int64_t gone = now;
    now += 120000;
    int mark = n_recs;
    bot_on_join(b, CHAN, &self, now);
    assert_false(sess(b)->paused);
    assert_true(any_line(mark, CHAN, "I am back"));
    assert_int_equal(bot_next_deadline(b), deadline + (now - gone));
    check_no_leak();
    bot_free(b);
}

/* A seat that is away gets no private lines: someone else may hold its nick meanwhile. */
static void test_away_seat_gets_nothing(void **state)
{
    struct session s;
    crafted(&s, 0);
    roll_to_main(&s, 1, 1);
    int x = s.game.current, y = (x + 1) % 3;
    memset(s.game.p[y].res, 0, RES_COUNT);
    s.game.p[y].res[RES_ORE] = 2;
    s.game.p[x].dev[DEV_MONOPOLY] = 1;
    struct bot *b = bot_with(&s, 0);
    char xn[50], yn[50];
    snprintf(xn, 50, "%s", nick_of(b, x));
    snprintf(yn, 50, "%s", nick_of(b, y));
    char yhost[64];
    snprintf(yhost, sizeof yhost, "%s.example", yn);
    struct bw_identity real = {yn, "u", yhost, NULL, true, false},
                       evil = {yn, "evil", "elsewhere.example", NULL, true, false};
    bot_on_quit(b, &real, now);
    bot_on_join(b, CHAN, &evil, now);
    int mark = n_recs;
    say(b, xn, "!play monopoly ore");
    assert_int_equal(sess(b)->game.p[x].res[RES_ORE], 2);
    assert_int_equal(count_to(mark, yn), 0);
    /* The account the nick's new holder logs in with does not bind the seat. */
    bot_on_account(b, yn, "evilacct", now);
    struct bw_identity evil2 = {yn, "evil", "elsewhere.example", "evilacct", true, false};
    bot_on_join(b, CHAN, &evil2, now);
    assert_false(sess(b)->seat[y].present);
    assert_string_equal(sess(b)->seat[y].account, "");
    /* The player comes back and hears how the hand stands. */
    mark = n_recs;
    bot_on_join(b, CHAN, &real, now);
    assert_true(sess(b)->seat[y].present);
    assert_true(any_line(mark, yn, "#catan hand: (0 cards)"));
    /* Away from the channel but still commanding in private: lines reach the seat again. */
    bot_on_part(b, CHAN, &real, now);
    assert_false(sess(b)->seat[y].present);
    mark = n_recs;
    from(b, NULL, &real, "#catan hand");
    assert_true(sess(b)->seat[y].present);
    assert_true(any_line(mark, yn, "#catan hand: (0 cards)"));
    check_no_leak();
    bot_free(b);
}

/* Timers that end a lobby, and the first board drawing of a game. */
static void test_lobby_grace_and_board(void **state)
{
    struct bot *b = make_bot(0, 6);
    say(b, "ann", "!new");
    say(b, "ben", "!join");
    struct bw_identity ann, ben;
    ident(&ann, "ann");
    bot_on_part(b, CHAN, &ann, now);
    char host[64];
    snprintf(host, sizeof host, "ben.example");
    ben = (struct bw_identity){"ben", "u", host, NULL, true, false};
    now += 60000;
    bot_on_part(b, CHAN, &ben, now);
    int mark = n_recs;
    bot_tick(b, now - 60000 + SESSION_GRACE_MS);
    assert_true(any_line(mark, CHAN, "ann was away too long"));
    assert_int_equal(sess(b)->n_seats, 1);
    bot_tick(b, now + SESSION_GRACE_MS);
    assert_true(any_line(mark, CHAN, "ben was away too long"));
    assert_null(sess(b));
    assert_int_equal(saved_len, 0);

    /* The game's start draws the board in the channel, before the first placement prompt. */
    static const char *const nicks[] = {"cat", "dan", "eve"};
    mark = n_recs;
    start_game(b, nicks, 3);
    int drawn = -1, prompt = -1;
    for (int i = mark; i < n_recs; i++) {
        if (drawn < 0 && strcasecmp(recs[i].target, CHAN) == 0 &&
            strcmp(recs[i].key, "board start") == 0)
            drawn = i;
        if (prompt < 0 && strstr(recs[i].text, "place your first settlement"))
            prompt = i;
    }
    assert_true(count_to(mark, CHAN) > 10);
    assert_true(drawn >= 0 && prompt > drawn);
    /* Asked for again at once, it is not drawn again; ten seconds later it is. */
    mark = n_recs;
    say(b, "dan", "!board");
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_true(any_line(mark, "dan", "a moment ago"));
    now += 10000;
    mark = n_recs;
    say(b, "cat", "!board");
    assert_true(count_to(mark, CHAN) > 5);
    bot_free(b);
}

/* A record whose seats and game disagree is refused, not read out of bounds. */
static void test_restore_checks(void **state)
{
    struct session s;
    crafted(&s, 0);
    struct bot *b = make_bot(0, 4);
    unsigned char blob[SESSION_RECORD_SIZE];
    int v = -1, e = -1;
    for (int i = 0; i < BOARD_MAX_VERTICES && v < 0; i++)
        v = s.game.vertex_owner[i] == 0 ? i : -1;
    for (int i = 0; i < BOARD_MAX_EDGES && e < 0; i++)
        e = s.game.edge_owner[i] == 0 ? i : -1;
    assert_true(v >= 0 && e >= 0);
    for (int k = 0; k < 15; k++) {
        struct session t = s;
        if (k == 0)
            t.game.opt.n_players = 6;
        if (k == 1)
            t.game.current = 5;
        if (k == 2)
            t.game.phase = 200;
        if (k == 3) {
            t.game.phase = PHASE_SPECIAL_BUILD;
            t.game.sb_player = -1;
        }
        /* A game whose board or cards do not add up. */
        if (k == 4)
            t.game.vertex_owner[v] = 9;
        if (k == 5)
            t.game.vertex_building[v] = 7;
        if (k == 6)
            t.game.edge_owner[e] = 5;
        if (k == 7)
            t.game.edge_owner[e] = 1; /* player 1 counts one road less than the board shows */
        if (k == 8)
            t.game.p[1].res[RES_ORE]++; /* a card out of nowhere */
        if (k == 9)
            t.game.robber = 99;
        if (k == 10)
            t.game.deck[0] = 9;
        if (k == 11)
            t.game.token[0] = 7;
        if (k == 12) {
            t.game.offers[0].id = 1;
            t.game.offers[0].from = 7;
        }
        if (k == 13)
            t.game.p[0].dev[DEV_KNIGHT] = 30; /* more cards than were drawn */
        if (k == 14)
            t.game.harbor[0] = 9;
        size_t len = session_save(&t, now, blob, sizeof blob);
        assert_int_equal(bot_restore(b, blob, len, now, NULL, 0), BW_E(PARSE));
    }
    size_t len = session_save(&s, now, blob, sizeof blob);
    assert_int_equal(bot_restore(b, blob, len, now, NULL, 0), BW_OK);
    bot_free(b);
}

/* The game's derived fields (bit sets, trade rates, the token index) come from its board, not
 * from the record: stale ones in a record are rebuilt. */
static void test_restore_rebuilds_derived_fields(void **state)
{
    struct session s, t;
    crafted(&s, 0);
    t = s;
    memset(t.game.roads_of, 0xff, sizeof t.game.roads_of);
    memset(t.game.reach_of, 0, sizeof t.game.reach_of);
    memset(t.game.no_settle, 0xff, sizeof t.game.no_settle);
    memset(t.game.rates_of, 2, sizeof t.game.rates_of);
    memset(t.game.token_hex, 0x7f, sizeof t.game.token_hex);
    struct bot *b = make_bot(0, 4);
    unsigned char blob[SESSION_RECORD_SIZE];
    size_t len = session_save(&t, now, blob, sizeof blob);
    assert_int_equal(bot_restore(b, blob, len, now, NULL, 0), BW_OK);
    assert_non_null(sess(b));
    assert_memory_equal(&sess(b)->game, &s.game, sizeof s.game);
    bot_free(b);
}

static void collect_line(void *ctx, const char *line)
{
    struct {
        char lines[8][480];
        int n;
    } *d = ctx;
    if (d->n < 8)
        snprintf(d->lines[d->n++], sizeof d->lines[0], "%s", line);
}

/* Admin "status" and "games" in private: every lobby and game with whose move it is and who
 * plays; a player's own private "status" is still their game's status; others get nothing of
 * it. (The networks' part comes from the IRC layer: tests/e2e/admin_status.py.) */
static void test_admin_status_and_games(void **state)
{
    struct bot *b = make_bot(0, 9);
    static const char *const nicks[] = {"ann", "bob", "cid"};
    start_game(b, nicks, 3);
    from(b, "#other", &(struct bw_identity){"dan", "u", "dan.example", NULL, true, false}, "!new");
    int mark = n_recs;
    from(b, NULL, &trusted, "games");
    int lines = count_to(mark, "boss");
    assert_int_equal(lines, 2);
    assert_true(any_line(mark, "boss", "#catan: game: turn 0, it is "));
    for (int i = 0; i < 3; i++) { /* in seat order, which the start shuffled */
        char who[16];
        snprintf(who, sizeof who, " %s 0", nicks[i]);
        assert_true(any_line(mark, "boss", who));
    }
    assert_true(any_line(mark, "boss", " 0 VP; idle "));
    assert_true(any_line(mark, "boss", "#other: lobby: dan (1 seated)"));
    mark = n_recs;
    from(b, NULL, &trusted, "status");
    assert_true(any_line(mark, "boss", "#catan: game: "));
    /* Not an admin: the command is the game's status, for a player; refused for others. */
    mark = n_recs;
    from(b, NULL, &(struct bw_identity){"eve", "u", "eve.example", NULL, true, false}, "games");
    assert_false(any_line(mark, "eve", "#catan: game"));
    say(b, "ann", "!status");
    from(b, NULL, &(struct bw_identity){"ann", "u", "ann.example", NULL, true, false}, "status");
    assert_false(any_line(mark, "ann", "#catan: game: turn"));
    assert_int_equal(count_to(mark, "boss"), 0);

    /* One channel in detail: every seat, whom it belongs to, its public state; the timer. */
    struct detail {
        char lines[8][480];
        int n;
    } d = {.n = 0};
    assert_int_equal(bot_describe_detail(b, CHAN, now, collect_line, &d), 4);
    for (int i = 0; i < 3; i++) {
        char want[64];
        snprintf(want, sizeof want, "%s!u@%s.example), present, 0 VP shown, ", nicks[i], nicks[i]);
        bool found = false;
        for (int k = 0; k < d.n; k++)
            found |= strstr(d.lines[k], want) != NULL;
        assert_true(found);
    }
    assert_non_null(strstr(d.lines[3], "#catan: no turn timer; 0 trade offers open"));
    assert_int_equal(bot_describe_detail(b, "#nothing", now, collect_line, &d), 0);
    bot_free(b);
}

/* Lobbies in #g000, #g001, ... opened by p000, p001, ... */
static void open_lobbies(struct bot *b, int n)
{
    for (int i = 0; i < n; i++) {
        char chan[16], nick[16], host[32];
        snprintf(chan, sizeof chan, "#g%03d", i);
        snprintf(nick, sizeof nick, "p%03d", i);
        snprintf(host, sizeof host, "%s.example", nick);
        from(b, chan, &(struct bw_identity){nick, "u", host, NULL, true, false}, "!new");
    }
}

/* The lines since mark to target, handed to the IRC layer's outgoing queue as the connection
 * does and let out at no pace: how many reach the wire; the first max of them into out. */
static int through_queue(int mark, const char *target, char (*out)[480], int max)
{
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    for (int i = mark; i < n_recs; i++)
        if (strcmp(recs[i].target, target) == 0)
            ircb_conn_queue(&q, IRCB_PRIVMSG, target, recs[i].text, recs[i].flags,
                            recs[i].key[0] ? recs[i].key : NULL, 400);
    int n = 0;
    for (const struct ircb_line *l; (l = ircb_queue_peek(&q, now)); n++) {
        if (n < max)
            snprintf(out[n], sizeof out[n], "%s", l->text);
        ircb_queue_sent(&q, now);
    }
    ircb_queue_fini(&q);
    return n;
}

/* 100 lobbies, more lines than the IRC layer queues for one nick (IRCB_TARGET_LINES): the
 * admin's "games" and "status" still reach the wire whole, every lobby once, in order. */
static void test_long_listings_whole(void **state)
{
    struct bot *b = make_bot(0, 9);
    open_lobbies(b, 100);
    static char wire[200][480];
    int mark = n_recs;
    from(b, NULL, &trusted, "games");
    assert_int_equal(count_to(mark, "boss"), 100);
    assert_int_equal(through_queue(mark, "boss", wire, 200), 100);
    for (int i = 0; i < 100; i++) {
        char want[32];
        snprintf(want, sizeof want, "#g%03d: lobby: p%03d ", i, i);
        assert_non_null(strstr(wire[i], want));
    }
    /* Each listing is keyed by what was asked, and the IRC layer is asked first to drop an
     * older one still waiting (test_irc_queue: test_whole_text_spills). */
    for (int i = mark; i < n_recs; i++)
        assert_string_equal(recs[i].key, "admin games");
    mark = n_recs;
    int drops = n_drops;
    from(b, NULL, &trusted, "status");
    assert_int_equal(n_drops, drops + 1);
    assert_int_equal(through_queue(mark, "boss", wire, 200), 100);
    assert_string_equal(recs[mark].key, "admin status");
    bot_free(b);
}

/* Past BOT_LISTING_MAX lines a listing ends with how many were left out. */
static void test_listing_cut_says_so(void **state)
{
    struct bot *b = make_bot(0, 9);
    open_lobbies(b, BOT_LISTING_MAX + 7);
    int mark = n_recs;
    from(b, NULL, &trusted, "games");
    assert_int_equal(count_to(mark, "boss"), BOT_LISTING_MAX + 1);
    assert_string_equal(last_to(mark, "boss"),
                        "\xe2\x80\xa6 and 7 more lines left out (status #chan shows one channel)");
    assert_true(any_line(mark, "boss", "#g999: lobby: p999 "));
    assert_false(any_line(mark, "boss", "#g1000: "));
    bot_free(b);
}

/* An admin mask matches the whole nick!user@host, however long: a user@host that a shorter
 * copy would cut just after "@trusted.example" (362 bytes of user, then a host that only
 * starts like the trusted one) is nobody's admin. */
static void test_admin_mask_whole(void **state)
{
    struct bot *b = make_bot(0, 10);
    static const char *const nicks[] = {"ann", "bob", "cid"};
    start_game(b, nicks, 3);
    char user[400];
    memset(user, 'u', 362);
    user[362] = '\0';
    struct bw_identity impostor = {"boss", user, "trusted.example.evil.example", NULL, true, false};
    struct session_who w = {impostor.nick, impostor.user, impostor.host, NULL, false};
    assert_false(cmd_is_admin(&w, (char *[]){"*!*@trusted.example"}, 1));
    int mark = n_recs;
    from(b, NULL, &impostor, "games");
    assert_false(any_line(mark, "boss", "#catan: game"));
    /* The same user with the trusted host is an admin: the length alone refuses nobody. */
    struct bw_identity boss = {"boss", user, "trusted.example", NULL, true, false};
    w = (struct session_who){boss.nick, boss.user, boss.host, NULL, false};
    assert_true(cmd_is_admin(&w, (char *[]){"*!*@trusted.example"}, 1));
    mark = n_recs;
    from(b, NULL, &boss, "games");
    assert_true(any_line(mark, "boss", "#catan: game"));
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_admin_status_and_games),
        cmocka_unit_test(test_long_listings_whole),
        cmocka_unit_test(test_listing_cut_says_so),
        cmocka_unit_test(test_admin_mask_whole),
        cmocka_unit_test(test_no_game_channel),
        cmocka_unit_test(test_reconfigure),
        cmocka_unit_test(test_seat_taken),
        cmocka_unit_test(test_special_build),
        cmocka_unit_test(test_special_build_timer),
        cmocka_unit_test(test_part),
        cmocka_unit_test(test_disconnect_pauses),
        cmocka_unit_test(test_away_seat_gets_nothing),
        cmocka_unit_test(test_restore_checks),
        cmocka_unit_test(test_lobby_grace_and_board),
        cmocka_unit_test(test_restore_rebuilds_derived_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
