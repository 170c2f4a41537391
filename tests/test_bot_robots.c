/* Computer players at the table: seated and removed in the lobby, a game with one person, their
 * moves after the configured delay (the hard level thinking in slices), no private line ever
 * addressed to them, one sitting in for a person away too long until the person is back and
 * their next move starts, the end of a table where no person is seated any more and anyone
 * stopping one none of whose players is there, and the hard level's time per move kept with
 * several games thinking at once on the real clock. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "bot/internal.h" /* the games' searches: when each hard move began thinking */
#include "engine/board.h"
#include "engine/internal.h"
#include "session/session.h"

#include "bot_fake.h"

/* No line ever went to a computer player's name. */
static void nothing_to_robots(void)
{
    for (int i = 0; i < n_recs; i++)
        if (strstr(recs[i].target, "(bot)"))
            fail_msg("a line to %s: %s", recs[i].target, recs[i].text);
}

static void test_lobby_seats_and_removes(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 21);
    say(b, "ann", "!new");
    int mark = n_recs;
    say(b, "ann", "!addbot");
    assert_non_null(strstr(last_to(mark, CHAN), "Ada (bot) joined, a computer player (normal)"));
    say(b, "ann", "!addbot hard");
    assert_non_null(strstr(last_to(mark, CHAN), "Alan (bot) joined, a computer player (hard)"));
    assert_int_equal(sess(b)->n_seats, 3);
    assert_int_equal(sess(b)->seat[2].robot, SESSION_ROBOT_HARD);
    mark = n_recs;
    say(b, "ann", "!addbot genius");
    assert_non_null(strstr(last_to(mark, "ann"), "usage: !addbot [easy|normal|hard]"));
    say(b, "zed", "!addbot"); /* not seated */
    assert_int_equal(sess(b)->n_seats, 3);
    assert_int_equal(count_to(mark, CHAN), 0);
    say(b, "ann", "!removebot ada");
    assert_non_null(strstr(last_to(mark, CHAN), "Ada (bot) left (2 seated)"));
    say(b, "ann", "!removebot ann"); /* a person is no computer player */
    assert_non_null(strstr(last_to(mark, "ann"), "no computer player of that name"));
    for (int i = 0; i < 4; i++)
        say(b, "ann", "!addbot easy");
    assert_int_equal(sess(b)->n_seats, 6);
    mark = n_recs;
    say(b, "ann", "!addbot");
    assert_string_equal(last_to(mark, "ann"), "the table is full");
    /* Nobody can pose as one: the name is no IRC nick, and "ada" in a command is the robot. */
    assert_int_equal(session_seat_of_nick(sess(b), "Ada (bot)"), 2); /* Ada's name is free again */
    assert_int_equal(session_seat_of_nick(sess(b), "ada"), 2);
    assert_int_equal(sess(b)->seat[2].robot, SESSION_ROBOT_EASY);
    /* The person leaves: only computer players are left, and no game starts without a person. */
    say(b, "ann", "!leave");
    bot_free(b);
}

/* A person whose nick is a computer player's short name does not act for it: not leaving,
 * starting or voting in its name; a command naming "Ada" still means the computer player. */
static void test_nobody_speaks_for_a_computer(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 24);
    say(b, "ann", "!new");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot easy");
    assert_string_equal(nick_of(b, 1), "Ada (bot)");
    int mark = n_recs;
    say(b, "ada", "!leave");
    say(b, "Ada", "!start");
    assert_int_equal(count_to(mark, CHAN), 0);
    assert_int_equal(sess(b)->n_seats, 3);
    assert_int_equal(sess(b)->state, SESSION_LOBBY);
    /* Joining with that nick: the name is taken. */
    say(b, "Ada", "!join");
    assert_non_null(strstr(last_to(mark, "Ada"), "belongs to another user"));
    assert_int_equal(sess(b)->n_seats, 3);
    say(b, "ann", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    mark = n_recs;
    say(b, "ada", "!stop");
    say(b, "alan", "!stop");
    assert_int_equal(sess(b)->stop_votes, 0);
    assert_int_equal(count_to(mark, CHAN), 0);
    say(b, "ann", "!removebot ada"); /* a command naming it means the computer player */
    assert_non_null(strstr(last_to(mark, "ann"), "leave in the lobby"));
    bot_free(b);
}

/* The person's move, as typed: the first legal one of the kinds a person needs here. */
static void person_moves(struct bot *b, const char *nick, int seat)
{
    const struct session *s = sess(b);
    const struct game *g = &s->game;
    struct game_action acts[512];
    int n = game_legal_actions(g, seat, acts, 512);
    char cmd[160] = "";
    for (int i = 0; i < n && !cmd[0]; i++) {
        const struct game_action *a = &acts[i];
        if (a->type == ACT_BUILD_SETTLEMENT || a->type == ACT_ROLL || a->type == ACT_DISCARD ||
            a->type == ACT_ROBBER || a->type == ACT_END || a->type == ACT_REJECT ||
            (a->type == ACT_BUILD_ROAD && g->phase == PHASE_SETUP_ROAD))
            action_words(s, a, cmd, sizeof cmd);
    }
    assert_true(cmd[0] != '\0');
    int mark = n_recs;
    uint16_t turn = g->turn;
    uint8_t phase = g->phase;
    say(b, nick, cmd);
    s = sess(b);
    if (s && s->state == SESSION_PLAYING && s->game.turn == turn && s->game.phase == phase &&
        (game_waiting_for(&s->game) & (1u << seat)) && phase != PHASE_MAIN)
        fail_msg("\"%s\" did nothing: %s", cmd, last_to(mark, nick));
}

/* One person and two computer players (easy and normal) play a whole game: the computers move
 * only once their delay is over, and the game reaches its end. */
static void test_one_person_and_two_computers(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 22);
    say(b, "ann", "!new");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot normal");
    say(b, "ann", "!start");
    assert_non_null(sess(b));
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    int ann = session_seat_of_nick(sess(b), "ann"), robot_moves = 0;
    bool delay_seen = false;
    for (int step = 0; step < 20000 && sess(b); step++) {
        const struct session *s = sess(b);
        unsigned waiting = game_waiting_for(&s->game);
        if (waiting & (1u << ann)) {
            person_moves(b, "ann", ann);
            continue;
        }
        /* A computer player's move: not before the delay (1.5 s here), then at once. */
        int64_t due = bot_next_deadline(b);
        assert_true(due != INT64_MAX);
        if (!delay_seen && due > now) {
            int mark = n_recs;
            bot_tick(b, due - 1);
            assert_int_equal(count_to(mark, CHAN), 0);
            delay_seen = true;
        }
        if (due > now)
            now = due;
        bot_tick(b, now);
        robot_moves++;
    }
    assert_null(sess(b));
    assert_true(any_line(0, CHAN, "wins with"));
    assert_true(any_line(0, CHAN, "(bot) rolled"));
    assert_true(any_line(0, CHAN, "(bot) built a settlement"));
    assert_true(delay_seen);
    assert_true(robot_moves > 20);
    nothing_to_robots();
    check_no_leak();
    bot_free(b);
}

/* The hard level thinks in slices: its move takes several turns of the loop, each one short,
 * and the loop is asked back at once meanwhile. */
static void test_hard_thinks_in_slices(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 23);
    say(b, "ann", "!new");
    say(b, "ann", "!addbot hard");
    say(b, "ann", "!addbot hard");
    say(b, "ann", "!start");
    int ann = session_seat_of_nick(sess(b), "ann");
    int slices = 0, moves = 0;
    for (int step = 0; step < 400 && sess(b) && moves < 6; step++) {
        if (game_waiting_for(&sess(b)->game) & (1u << ann)) {
            person_moves(b, "ann", ann);
            continue;
        }
        int64_t due = bot_next_deadline(b);
        if (due > now)
            now = due;
        int before = sess(b)->game.turn * 64 + sess(b)->game.setup_step * 4 + sess(b)->game.phase;
        bot_tick(b, now);
        int after = sess(b)->game.turn * 64 + sess(b)->game.setup_step * 4 + sess(b)->game.phase;
        if (after == before) {
            slices++;
            assert_true(bot_next_deadline(b) <= now); /* still thinking: call again at once */
        } else {
            moves++;
        }
    }
    assert_true(moves >= 6);
    assert_true(slices >= moves); /* 100 ms of thinking in 20 ms slices */
    nothing_to_robots();
    bot_free(b);
}

/* With takeover: a person away past the grace period is sat in for; they cannot move while the
 * computer plays for them, and when back they take the seat when their next move starts. */
static void test_takeover_and_handback(void **state)
{
    (void)state;
    static struct session s;
    crafted(&s, 0);
    s.rules.takeover = true;
    int p = s.game.current, q = (p + 1) % 3;
    char away[SESSION_NICK_MAX + 1];
    snprintf(away, sizeof away, "%s", s.seat[q].nick);
    struct bot *b = bot_with(&s, 0);
    struct bw_identity id;
    ident(&id, away);
    bot_on_part(b, CHAN, &id, now);
    int mark = n_recs;
    now += SESSION_GRACE_MS;
    bot_tick(b, now);
    char want[120];
    snprintf(want, sizeof want, "%s is away: a computer player sits in until they are back", away);
    assert_non_null(strstr(last_to(mark, CHAN), want));
    assert_int_equal(sess(b)->seat[q].takeover, SESSION_SITTING);
    assert_false(sess(b)->game.p[q].resigned);

    /* The current player ends; the computer plays q's turn. */
    char cur[SESSION_NICK_MAX + 1];
    snprintf(cur, sizeof cur, "%s", sess(b)->seat[p].nick);
    say(b, cur, "!roll");
    while (sess(b)->game.phase != PHASE_MAIN && sess(b)->game.current == p) {
        if (game_waiting_for(&sess(b)->game) & (1u << p))
            person_moves(b, cur, p);
        else {
            now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
            bot_tick(b, now);
        }
    }
    say(b, cur, "!end");
    assert_int_equal(sess(b)->game.current, q);
    for (int i = 0; i < 50 && sess(b)->game.current == q; i++) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
        bot_tick(b, now);
    }
    assert_int_not_equal(sess(b)->game.current, q); /* the computer played the turn */

    /* Back: a move now is refused; the seat is theirs at the start of their next move. */
    ident(&id, away); /* (its host lives in a buffer that say() reuses) */
    bot_on_join(b, CHAN, &id, now);
    int mark2 = n_recs;
    say(b, away, "!trade offer 1 wood for 1 ore");
    assert_non_null(strstr(last_to(mark2, away), "a computer player sits in for you"));
    assert_int_equal(sess(b)->seat[q].takeover, SESSION_HANDBACK);
    for (int i = 0; i < 200 && sess(b)->game.current != q; i++) {
        int w = __builtin_ctz(game_waiting_for(&sess(b)->game) | 0x80u);
        if (w < 3 && !session_robot_plays(sess(b), w))
            person_moves(b, sess(b)->seat[w].nick, w);
        else {
            now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
            bot_tick(b, now);
        }
    }
    assert_int_equal(sess(b)->game.current, q);
    assert_int_equal(sess(b)->game.phase, PHASE_ROLL);
    mark = n_recs;
    now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
    bot_tick(b, now);
    snprintf(want, sizeof want, "%s is back and plays again", away);
    assert_non_null(strstr(last_to(mark, CHAN), want));
    assert_int_equal(sess(b)->seat[q].takeover, SESSION_OWN);
    assert_int_equal(sess(b)->game.phase, PHASE_ROLL); /* the roll is theirs */
    mark = n_recs;
    say(b, away, "!roll");
    assert_non_null(strstr(last_to(mark, CHAN), " rolled "));
    bot_free(b);
}

/* The flags of the last line since mark to target whose text contains needle (-1: none). */
static int flags_of(int mark, const char *target, const char *needle)
{
    int flags = -1;
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, target) == 0 && strstr(recs[i].text, needle))
            flags = (int)recs[i].flags;
    return flags;
}

/* ann opens a lobby in CHAN with two easy computer players and, when start, starts the game. */
static void table_with_two_computers(struct bot *b, bool start)
{
    say(b, "ann", "!new");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot easy");
    if (start)
        say(b, "ann", "!start");
    assert_non_null(sess(b));
    assert_int_equal(sess(b)->state, start ? SESSION_PLAYING : SESSION_LOBBY);
}

/* A table where no person holds a seat any more ends at once, said in its channel: a lobby the
 * last person leaves, a game the last person resigns from (stopped, not rated: the store is
 * told to forget it), and a game whose last person quit, once the seat is given up at the end
 * of the grace period; until then, merely away, she still holds it and the game goes on. */
static void test_no_person_left(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 25);
    table_with_two_computers(b, false);
    int mark = n_recs;
    say(b, "ann", "!leave");
    assert_null(sess(b));
    assert_true(any_line(mark, CHAN, "ann left the lobby (2 seated)"));
    assert_true(
        any_line(mark, CHAN, "the lobby in #catan is closed: only computer players are left"));

    table_with_two_computers(b, true);
    mark = n_recs;
    say(b, "ann", "!leave");
    assert_null(sess(b));
    assert_true(any_line(mark, CHAN,
                         "the game in #catan ends: no person is seated any more, only computer "
                         "players (not rated)"));
    assert_int_equal(saved_len, 0); /* erased from the store */
    bot_tick(b, now + 60000);
    assert_null(sess(b));

    table_with_two_computers(b, true);
    struct bw_identity id;
    ident(&id, "ann");
    bot_on_quit(b, &id, now);
    mark = n_recs;
    /* Away: the computer players play on, and the seat is hers for the grace period. */
    int64_t end = now + SESSION_GRACE_MS;
    for (int i = 0; i < 400 && bot_next_deadline(b) < end; i++) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
        bot_tick(b, now);
        assert_non_null(sess(b));
    }
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    assert_false(any_line(mark, CHAN, "no person is seated"));
    now = end;
    bot_tick(b, now);
    assert_null(sess(b));
    assert_true(any_line(mark, CHAN, "ann was away too long and gives up the seat"));
    assert_true(any_line(mark, CHAN, "the game in #catan ends: no person is seated any more"));
    nothing_to_robots();
    bot_free(b);
}

/* While one of the players is in the channel, a game is stopped by the players' vote or an
 * admin; once none is (ann left the channel, her seat kept), anyone there may stop it with
 * !stop in the channel, and the channel is told who did (in private the bot says to do it in
 * the channel). Meanwhile the game's channel lines go out in the background, and a player's own
 * lines are marked as a player's. */
static void test_anyone_stops_a_game_nobody_plays(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 26);
    table_with_two_computers(b, true);
    int mark = n_recs;
    say(b, "zed", "!stop");
    assert_non_null(strstr(last_to(mark, "zed"), "only the players or a bot admin can stop"));
    assert_non_null(sess(b));
    say(b, "ann", "!hand");
    int hand = flags_of(mark, "ann", "hand:");
    assert_true(hand >= 0 && (hand & BW_OUT_PLAYER) && (hand & BW_OUT_PRIVATE));
    int started = flags_of(0, CHAN, "the game starts");
    assert_true(started >= 0 && !(started & BW_OUT_BACKGROUND));
    say(b, "zed", "!hand"); /* not seated: the refusal is no player's line */
    int refused = flags_of(mark, "zed", "");
    assert_true(refused >= 0 && !(refused & BW_OUT_PLAYER));

    struct bw_identity id;
    ident(&id, "ann");
    mark = n_recs;
    bot_on_part(b, CHAN, &id, now);
    assert_non_null(sess(b));
    int away = flags_of(mark, CHAN, "ann is away");
    assert_true(away >= 0 && (away & BW_OUT_BACKGROUND));
    mark = n_recs;
    ident(&id, "zed");
    bot_on_message(b, NULL, &id, "#catan stop", now);
    assert_non_null(strstr(last_to(mark, "zed"),
                           "none of the players of #catan is there: anyone in the "
                           "channel may stop the game with !stop there"));
    assert_non_null(sess(b));
    say(b, "zed", "!stop");
    assert_null(sess(b));
    assert_true(
        any_line(mark, CHAN, "the game in #catan is stopped by zed: none of its players is here"));
    nothing_to_robots();
    bot_free(b);
}

/* ann and two computer players in a running game, ann's moves made until the game waits for a
 * computer player; returns ann's seat. */
static int table_at_computers_move(struct bot *b)
{
    table_with_two_computers(b, true);
    int ann = session_seat_of_nick(sess(b), "ann");
    for (int i = 0; i < 20 && (game_waiting_for(&sess(b)->game) & (1u << ann)); i++)
        person_moves(b, "ann", ann);
    assert_false(game_waiting_for(&sess(b)->game) & (1u << ann));
    return ann;
}

/* In a game none of whose players is in the channel, the computer players wait while more than
 * four of its lines are unsent (the IRC layer says how many), polling meanwhile, and move once
 * the lines have gone; with a player there, what waits does not hold them back. */
static void test_unattended_game_waits_for_its_lines(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 27);
    int ann = table_at_computers_move(b);
    struct bw_identity id;
    ident(&id, "ann");
    bot_on_part(b, CHAN, &id, now);
    static struct game before;
    before = sess(b)->game;
    fake_backlog = 5;
    for (int i = 0; i < 10; i++) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
        bot_tick(b, now);
        assert_memory_equal(&before, &sess(b)->game, sizeof before);
        assert_true(bot_next_deadline(b) <= now + 1000); /* it looks again soon */
    }
    fake_backlog = 4;
    now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
    bot_tick(b, now);
    assert_memory_not_equal(&before, &sess(b)->game, sizeof before);

    /* ann is back: the computers move whatever waits. */
    for (int i = 0; i < 20 && (game_waiting_for(&sess(b)->game) & (1u << ann)); i++)
        person_moves(b, "ann", ann);
    ident(&id, "ann");
    bot_on_join(b, CHAN, &id, now);
    fake_backlog = 50;
    before = sess(b)->game;
    for (int i = 0; i < 5 && !memcmp(&before, &sess(b)->game, sizeof before); i++) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
        bot_tick(b, now);
    }
    assert_memory_not_equal(&before, &sess(b)->game, sizeof before);
    bot_free(b);
}

/* Ticks b until the computer player due asks how calm the output is (fake_calm_asked); returns
 * that time. */
static int64_t until_asked(struct bot *b)
{
    fake_calm_asked[0] = '\0';
    for (int i = 0; i < 50 && !fake_calm_asked[0]; i++) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now + 1;
        bot_tick(b, now);
    }
    assert_true(fake_calm_asked[0]);
    return now;
}

/* Ticks b for up to ms after from, asserting the game stays before until wait_ms has passed;
 * returns when it moved (INT64_MAX: not within ms). */
static int64_t moved_after(struct bot *b, const struct game *before, int64_t from, int64_t wait_ms,
                           int64_t ms)
{
    while (now - from < ms) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now + 1;
        if (now - from > ms)
            now = from + ms;
        bot_tick(b, now);
        if (memcmp(before, &sess(b)->game, sizeof *before) != 0) {
            assert_true(now - from >= wait_ms);
            return now;
        }
        assert_true(bot_next_deadline(b) <= now + 1000); /* it looks again soon */
    }
    return INT64_MAX;
}

/* At a table with a person present, a computer player's move waits while the output is not calm
 * (the IRC layer says how calm: the game's lines or its people's replies still wait, or the
 * pacing has no room for a person's next few replies), asking again soon: 1.5 s for room for a
 * burst of replies, then until 4 s for nothing of the game waiting, then it moves whatever waits,
 * so that a person who keeps asking for things can neither stop the game nor slow it much. Calm,
 * it moves at once. The bot names the game's people, not its computer players, when it asks. */
static void test_robots_wait_for_calm(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 27);
    int ann = table_at_computers_move(b);
    static struct game before;
    static const struct {
        int calm;
        int64_t wait_ms, by_ms;
    } cases[] = {{BW_CALM_NOT, 4000, 4300}, {BW_CALM_GAME, 1500, 1800}, {BW_CALM_FULL, 0, 300}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (int i = 0; i < 20 && (game_waiting_for(&sess(b)->game) & (1u << ann)); i++)
            person_moves(b, "ann", ann);
        assert_false(game_waiting_for(&sess(b)->game) & (1u << ann));
        fake_calm = cases[k].calm;
        before = sess(b)->game;
        int64_t asked = until_asked(b);
        if (memcmp(&before, &sess(b)->game, sizeof before) != 0) {
            /* Moved at the first look: only when calm. */
            assert_int_equal(cases[k].calm, BW_CALM_FULL);
            continue;
        }
        assert_string_equal(fake_calm_asked, CHAN ": ann");
        assert_true(moved_after(b, &before, asked, cases[k].wait_ms, cases[k].by_ms) != INT64_MAX);
    }
    bot_free(b);
}

/* A lobby of ann and two easy computer players, a turn taking at most 180 s. */
static struct bot *ann_and_two_robots(uint64_t seed)
{
    struct bot *b = make_bot(180, seed);
    say(b, "ann", "!new");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot easy");
    return b;
}

/* Whether a computer player is on the move; then it moves (from before) within a few ticks. */
static bool robot_moves_on(struct bot *b, const struct game *before)
{
    const struct session *s = sess(b);
    if (!s->seat[s->game.current].robot)
        return false;
    for (int i = 0; i < 10 && !memcmp(before, &sess(b)->game, sizeof *before); i++) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now;
        bot_tick(b, now);
    }
    assert_memory_not_equal(before, &sess(b)->game, sizeof *before);
    return true;
}

/* The drawing of the board at the start goes out in turn with the game's lines, before the first
 * prompt; while it is still being sent, computer players do not place and nobody's time runs;
 * once it is out, the first move has all the time it had at the start. Both a computer player
 * and the person moving first are seen. */
static void test_start_waits_for_its_drawing(void **state)
{
    (void)state;
    bool robot_first = false, person_first = false;
    for (uint64_t seed = 40; seed < 80 && !(robot_first && person_first); seed++) {
        struct bot *b = ann_and_two_robots(seed);
        fake_drawing = 18;
        int mark = n_recs;
        say(b, "ann", "!start");
        int64_t started = now;
        assert_int_equal(sess(b)->state, SESSION_PLAYING);
        /* Every line of the drawing goes in turn, all of them before the first prompt. */
        int drawn = 0, prompt = -1;
        for (int i = mark; i < n_recs; i++) {
            if (strcmp(recs[i].key, "board start") == 0) {
                assert_true(recs[i].flags & BW_OUT_IN_TURN);
                assert_int_equal(prompt, -1);
                drawn++;
            }
            if (strstr(recs[i].text, "place your first settlement"))
                prompt = i;
        }
        assert_true(drawn > 5);
        assert_true(prompt > 0);
        int64_t left = session_next_deadline(sess(b)) - started;
        assert_true(left > 0 && left <= 180000);
        static struct game before;
        before = sess(b)->game;
        /* Five minutes with the drawing unsent: nothing moves, nobody runs out of time. */
        for (int i = 0; i < 300; i++) {
            now += 1000;
            mark = n_recs;
            bot_tick(b, now);
            assert_int_equal(count_to(mark, CHAN), 0);
            assert_memory_equal(&before, &sess(b)->game, sizeof before);
            assert_true(bot_next_deadline(b) <= now + 1000); /* it asks again soon */
        }
        /* A status asked for meanwhile goes to the one asking, one line, never between the
         * drawing's lines, with the time the clock still has. */
        mark = n_recs;
        say(b, "ann", "!status");
        assert_int_equal(count_to(mark, CHAN), 0);
        assert_int_equal(count_to(mark, "ann"), 1);
        char left_text[32];
        int secs = session_turn_seconds_left(sess(b), started);
        assert_true(secs > 0 && session_turn_seconds_left(sess(b), now) < secs);
        snprintf(left_text, sizeof left_text, "(%d:%02d left)", secs / 60, secs % 60);
        if (!any_line(mark, "ann", left_text))
            fail_msg("%s not in: %s", left_text, last_to(mark, "ann"));
        assert_true(any_line(mark, "ann", "scores: "));
        /* The drawing is out: the clock starts now with the time it had. */
        fake_drawing = 0;
        bot_tick(b, now);
        assert_int_equal(session_next_deadline(sess(b)) - now, left);
        if (robot_moves_on(b, &before))
            robot_first = true;
        else
            person_first = true;
        bot_free(b);
    }
    assert_true(robot_first && person_first);
}

/* A board drawing asked for in the channel during the game is held like the one at the start:
 * while it is being sent, computer players wait and nobody's time runs; a second request while
 * it is still going is answered by the one already going (the asker is told, nothing is queued
 * again); once it is out, the clock has the time it had, and the next drawing may come only
 * CMD_BOARD_INTERVAL_MS (10 s) after this one is out, so that asking again and again cannot
 * keep the game standing. Both a computer player and the person on the move are seen. */
static void test_asked_drawing_holds_the_clock(void **state)
{
    (void)state;
    bool robot_first = false, person_first = false;
    for (uint64_t seed = 40; seed < 80 && !(robot_first && person_first); seed++) {
        struct bot *b = ann_and_two_robots(seed);
        say(b, "ann", "!start");
        now += 11000;
        int64_t asked = now + 1100;
        int64_t left = session_next_deadline(sess(b)) - asked;
        static struct game before;
        before = sess(b)->game;
        fake_drawing = 18;
        int mark = n_recs;
        say(b, "watcher", "!board");
        assert_true(keyed_to(mark, CHAN, "board") > 5);
        /* A minute with the drawing unsent: nothing moves, nobody's time runs. */
        for (int i = 0; i < 60; i++) {
            now += 1000;
            mark = n_recs;
            bot_tick(b, now);
            assert_int_equal(count_to(mark, CHAN), 0);
            assert_memory_equal(&before, &sess(b)->game, sizeof before);
        }
        /* Asked again meanwhile: not drawn again. */
        mark = n_recs;
        say(b, "other", "!board");
        assert_int_equal(keyed_to(mark, CHAN, "board"), 0);
        assert_int_equal(count_to(mark, "other"), 1);
        /* Out: the clock goes on with the time it had. */
        fake_drawing = 0;
        bot_tick(b, now);
        assert_int_equal(session_next_deadline(sess(b)) - now, left);
        mark = n_recs;
        say(b, "other", "!board");
        assert_int_equal(keyed_to(mark, CHAN, "board"), 0);
        now += 10000;
        say(b, "other", "!board");
        assert_true(keyed_to(mark, CHAN, "board") > 5);
        if (robot_moves_on(b, &before))
            robot_first = true;
        else
            person_first = true;
        bot_free(b);
    }
    assert_true(robot_first && person_first);
}

/* The real clock, for the bot's own time per turn. */
static double mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void ignore_line(void *ctx, const char *target, const char *text, unsigned flags,
                        const char *key)
{
}

#define BUDGET_GAMES 8
#define BUDGET_THINK_MS 1500
#define BUDGET_RUN_MS 6000
#define BUDGET_MOVES 200
#define BUDGET_TURN_MS 40 /* how long each turn of the loop takes, on the test's clock */

/* Several games of hard computer players at once, driven as the IRC layer drives the bot
 * (bot_tick once bot_next_deadline() has passed, asleep until then), on a clock of the test's
 * own on which each turn of the loop takes BUDGET_TURN_MS (longer than the bot's turn of
 * thinking, as a loaded machine makes it): every move that thought comes within bot_think_ms
 * plus one turn, each counted from the turn of the loop in which its search began to the end of
 * the turn that played it (when its lines can go out), though each game gets a fifth or less of
 * the thinking one game alone would get. A search still going past its budget at the end counts
 * too. Without the limit on the clock the moves here would take far longer, each game getting
 * its 1.5 s of thinking in slices shared with the others. The clock is the test's so that the
 * check holds on any machine, however busy: the bot's own time per turn is printed, and its
 * processor time per turn stays short. */
static void test_hard_budget_with_many_games(void **state)
{
    (void)state;
    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "!"};
    struct config_game cg = {3, 6, 10, 0, SESSION_ROBOT_HARD, BUDGET_THINK_MS, 0, true};
    struct bw_out out = {.send = ignore_line};
    struct bot *b = bot_new(&net, &cb, &cg, &out, 24);
    assert_non_null(b);
    bot_set_repeatable(b, true);
    /* The tables here are watched by nobody (the test's way to seat hard players only), which
     * would make them think briefly (test_nobody_watching_thinks_briefly): the full budget under
     * load is what is checked here. */
    b->robot_idle_think_ms = BUDGET_THINK_MS;
    char chan[BUDGET_GAMES][16], nick[BUDGET_GAMES][16], host[BUDGET_GAMES][32];
    struct bw_identity id[BUDGET_GAMES];
    for (int c = 0; c < BUDGET_GAMES; c++) {
        snprintf(chan[c], sizeof chan[c], "#hard%d", c);
        snprintf(nick[c], sizeof nick[c], "person%d", c);
        snprintf(host[c], sizeof host[c], "person%d.example", c);
        id[c] = (struct bw_identity){nick[c], "u", host[c], NULL, true, false};
    }
    /* In each channel a person sits down with three hard computer players, starts and leaves;
     * with takeover a hard one sits in for them once the grace period is over. */
    static const char *const cmds[] = {"!new", "!addbot hard", "!addbot hard", "!addbot hard",
                                       "!start"};
    int64_t t = 1000000;
    for (size_t k = 0; k < sizeof cmds / sizeof cmds[0]; k++, t += 1100)
        for (int c = 0; c < BUDGET_GAMES; c++)
            bot_on_message(b, chan[c], &id[c], cmds[k], t);
    for (int c = 0; c < BUDGET_GAMES; c++) {
        assert_non_null(bot_session(b, chan[c]));
        assert_int_equal(bot_session(b, chan[c])->state, SESSION_PLAYING);
        bot_on_part(b, chan[c], &id[c], t);
    }

    static int64_t took[BUDGET_MOVES + BUDGET_GAMES];
    static struct game before[BUDGET_GAMES];
    int64_t since[BUDGET_GAMES];
    int n = 0, turns = 0;
    double longest_cpu = 0, wall = 0;
    int64_t ms = t + SESSION_GRACE_MS + 1000, end = ms + BUDGET_RUN_MS;
    while (ms < end && n < BUDGET_MOVES) {
        int64_t next = bot_next_deadline(b);
        if (next > ms)
            ms = next; /* asleep until then */
        if (ms >= end)
            break;
        for (int c = 0; c < BUDGET_GAMES; c++) {
            const struct bot_game *g = bot_find(b, chan[c]);
            assert_non_null(g);
            before[c] = g->s.game;
            since[c] = g->search ? g->search_since_ms : -1;
        }
        double cpu0 = cpu_s(), wall0 = mono_s();
        bot_tick(b, ms);
        double cpu = cpu_s() - cpu0;
        wall += mono_s() - wall0;
        longest_cpu = cpu > longest_cpu ? cpu : longest_cpu;
        turns++;
        ms += BUDGET_TURN_MS;
        for (int c = 0; c < BUDGET_GAMES; c++) {
            const struct bot_game *g = bot_find(b, chan[c]);
            assert_non_null(g); /* no game ends this soon */
            if (since[c] >= 0 && memcmp(&before[c], &g->s.game, sizeof before[c]) != 0 &&
                n < BUDGET_MOVES)
                took[n++] = ms - since[c];
        }
    }
    /* Every seat is played by a hard computer player, the person's by one sitting in. */
    for (int c = 0; c < BUDGET_GAMES; c++) {
        const struct session *s = bot_session(b, chan[c]);
        for (int i = 0; i < s->n_seats; i++) {
            assert_true(session_robot_plays(s, i));
            assert_int_equal(session_robot_level(s, i), SESSION_ROBOT_HARD);
        }
    }
    /* A search still going past its budget is a move at least that late. */
    int ended = n;
    for (int c = 0; c < BUDGET_GAMES; c++) {
        const struct bot_game *g = bot_find(b, chan[c]);
        if (g->search && ms - g->search_since_ms > BUDGET_THINK_MS)
            took[n++] = ms - g->search_since_ms;
    }
    assert_true(n > 0);
    int64_t longest = 0, total = 0;
    for (int i = 0; i < n; i++) {
        longest = took[i] > longest ? took[i] : longest;
        total += took[i];
    }
    print_message("%d moves that thought (and %d searches past the budget) in %d turns of the "
                  "loop: mean %.0f ms, longest %lld ms (budget %d ms, a turn %d ms); the bot's "
                  "own time %.1f ms a turn, longest turn %.1f ms of processor time\n",
                  ended, n - ended, turns, (double)total / n, (long long)longest, BUDGET_THINK_MS,
                  BUDGET_TURN_MS, wall * 1000 / (turns ? turns : 1), longest_cpu * 1000);
    if (longest > BUDGET_THINK_MS + BUDGET_TURN_MS)
        fail_msg("a hard move took %lld ms, over the budget of %d ms plus a turn",
                 (long long)longest, BUDGET_THINK_MS);
    assert_true(ended >= BUDGET_GAMES * 2);
    /* Thinking never holds the loop up: 25 ms of it per turn, and little else. */
    assert_true(longest_cpu < 0.1);
    bot_free(b);
}

/* A table no person watches: ann sits down with three hard computer players, starts and leaves,
 * and with takeover a hard one sits in for her once the grace period is over. Returns the bot
 * (its clock at `now`), its game in CHAN with every seat a computer's. */
static struct bot *hard_table_nobody_watches(uint64_t seed)
{
    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "!"};
    struct config_game cg = {3, 6, 10, 0, SESSION_ROBOT_HARD, 1500, 0, true};
    struct bw_out out = {.send = ignore_line};
    struct bot *b = bot_new(&net, &cb, &cg, &out, seed);
    assert_non_null(b);
    bot_set_repeatable(b, true);
    struct bw_identity id = {"ann", "u", "ann.example", NULL, true, false};
    static const char *const cmds[] = {"!new", "!addbot hard", "!addbot hard", "!addbot hard",
                                       "!start"};
    for (size_t k = 0; k < sizeof cmds / sizeof cmds[0]; k++, now += 1100)
        bot_on_message(b, CHAN, &id, cmds[k], now);
    assert_int_equal(bot_session(b, CHAN)->state, SESSION_PLAYING);
    bot_on_part(b, CHAN, &id, now);
    now += SESSION_GRACE_MS + 1000;
    return b;
}

/* The most thinking (processor time handed out, in microseconds) any search of b's game had
 * before a turn of the loop, over turns until `moves` moves that thought were played or a
 * search had more than stop_us; each turn of the loop 1 ms later on the test's clock, so that
 * the thinking, not the clock, ends each search. */
static int64_t most_thinking(struct bot *b, int moves, int64_t stop_us)
{
    int64_t most = 0;
    int played = 0;
    for (int step = 0; step < 20000 && played < moves && most <= stop_us; step++) {
        now = bot_next_deadline(b) > now ? bot_next_deadline(b) : now + 1;
        const struct bot_game *g = bot_find(b, CHAN);
        assert_non_null(g);
        static struct game before;
        before = g->s.game;
        int64_t spent = g->search ? g->search_spent_us : -1;
        most = spent > most ? spent : most;
        bot_tick(b, now);
        g = bot_find(b, CHAN);
        assert_non_null(g);
        played += spent >= 0 && memcmp(&before, &g->s.game, sizeof before) != 0;
    }
    assert_true(played >= moves || most > stop_us);
    return most;
}

/* A table of computer players only (nobody of it in the channel) never thinks at the full
 * budget: its hard players think ROBOT_IDLE_THINK_MS a move, not bot_think_ms (1500 ms here),
 * so they take little from tables where people wait; with that limit raised to the full budget
 * (as before), the same table's searches think far longer. */
static void test_nobody_watching_thinks_briefly(void **state)
{
    (void)state;
    struct bot *b = hard_table_nobody_watches(31);
    assert_true(bot_robots_unattended(bot_find(b, CHAN)));
    int64_t most = most_thinking(b, 12, INT64_MAX);
    print_message("nobody watching: at most %.0f ms of thinking before a move\n", most / 1000.0);
    assert_true(most <= ROBOT_IDLE_THINK_MS * 1000);
    bot_free(b);

    b = hard_table_nobody_watches(31);
    b->robot_idle_think_ms = b->robot_think_ms;
    assert_true(most_thinking(b, 12, 4 * ROBOT_IDLE_THINK_MS * 1000) >
                4 * ROBOT_IDLE_THINK_MS * 1000);
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lobby_seats_and_removes),
        cmocka_unit_test(test_nobody_speaks_for_a_computer),
        cmocka_unit_test(test_one_person_and_two_computers),
        cmocka_unit_test(test_hard_thinks_in_slices),
        cmocka_unit_test(test_takeover_and_handback),
        cmocka_unit_test(test_no_person_left),
        cmocka_unit_test(test_anyone_stops_a_game_nobody_plays),
        cmocka_unit_test(test_unattended_game_waits_for_its_lines),
        cmocka_unit_test(test_start_waits_for_its_drawing),
        cmocka_unit_test(test_asked_drawing_holds_the_clock),
        cmocka_unit_test(test_robots_wait_for_calm),
        cmocka_unit_test(test_hard_budget_with_many_games),
        cmocka_unit_test(test_nobody_watching_thinks_briefly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
