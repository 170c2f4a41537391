/* The turn clock while the game waits on somebody else (session.h, SESSION_STEP_HOLD): players
 * discarding after a 7, choosing the aqueduct's card, answering a Cities & Knights question or
 * owing a progress card choice have their own step timer, and the turn of the player on the
 * move stands meanwhile, so that it never runs out while they cannot act; it goes on with the
 * time it had left (at least SESSION_RESUME_MS), also across a restart. Driven at the session
 * level with explicit times. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/game.h"
#include "session/session.h"

#include "bot_fake.h"
#include "ck_fixture.h"

#define SEC 1000
#define TURN_S 300

static struct session s, t;

static int64_t turn_start; /* when the turn of the player on the move began */

/* A Cities & Knights game of three people after the setup, hands emptied, the player on the
 * move in the main phase after a roll of 5; the turn began at turn_start. */
static void ck_session(int timeout_s)
{
    session_cities_ready = true;
    lobby_n(&s, 3, 6, timeout_s);
    s.expansion = SESSION_EXPANSION_CITIES;
    char msg[100];
    assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
    ck_after_setup(&s);
    turn_start = now;
    assert_int_equal(s.turn_deadline_ms, turn_start + TURN_S * SEC);
}

static void give_res(struct game *g, int seat, int r, int n)
{
    g->p[seat].res[r] = (uint8_t)(g->p[seat].res[r] + n);
    g->bank[r] = (uint8_t)(g->bank[r] - n);
}

/* seat does its first legal move of type at at_ms. */
static void act(int seat, int type, int64_t at_ms)
{
    static struct game_action list[4096];
    int n = game_legal_actions(&s.game, seat, list, 4096);
    for (int i = 0; i < n && i < 4096; i++)
        if (list[i].type == type) {
            assert_int_equal(session_apply(&s, &list[i], at_ms, NULL, 0, NULL), BW_OK);
            return;
        }
    fail_msg("seat %d has no legal action of type %d", seat, type);
}

/* The player on the move rolls at at_ms, the game's generator seeded (it is the state's own)
 * so that the roll leaves the game as want() says. */
static void roll_until(int64_t at_ms, bool (*want)(const struct session *))
{
    for (uint64_t k = 1; k < 5000; k++) {
        t = s;
        bw_rng_seed(&t.game.rng, k);
        struct game_action a = {.type = ACT_ROLL, .player = t.game.current};
        if (session_apply(&t, &a, at_ms, NULL, 0, NULL) == BW_OK && want(&t)) {
            s = t;
            return;
        }
    }
    fail_msg("no roll does it");
}

/* Nothing at all happens on the clock at at_ms (no move for anybody, no warning). */
static void quiet_at(int64_t at_ms)
{
    struct session_tick tk;
    assert_int_equal(session_tick(&s, at_ms, &tk), SESSION_TICK_NONE);
}

/* The clock warns seat at at_ms that its turn has seconds left. */
static void warned_at(int seat, int64_t at_ms, int seconds)
{
    struct session_tick tk;
    assert_int_equal(session_tick(&s, at_ms, &tk), SESSION_TICK_WARN);
    assert_int_equal(tk.seat, seat);
    assert_int_equal(tk.seconds, seconds);
}

/* The clock acts for seat at at_ms, not a millisecond before. */
static void times_out_at(int seat, int64_t at_ms)
{
    struct session_tick tk;
    while (session_tick(&s, at_ms - 1, &tk) != SESSION_TICK_NONE)
        assert_int_equal(tk.kind, SESSION_TICK_WARN);
    assert_int_equal(session_tick(&s, at_ms, &tk), SESSION_TICK_ACTED);
    assert_int_equal(tk.seat, seat);
    assert_int_equal(tk.type, ACT_TIMEOUT);
}

/* A fresh ck_session() whose player on the move, *p, plays a wedding with left_s seconds of the
 * turn left: the next player, who has more points, is asked for 2 goods. Returns that player;
 * *asked is when. */
static int wedding_with(int left_s, int *p, int64_t *asked)
{
    ck_session(TURN_S);
    *p = s.game.current;
    *asked = turn_start + (TURN_S - left_s) * SEC;
    struct game *g = &s.game;
    int q = (*p + 1) % 3;
    g->ck.attacks = 2; /* q defended Catan twice */
    g->ck.p[q].defender = 2;
    assert_true(game_vp_public(g, q) > game_vp_public(g, *p));
    assert_true(game_vp_public(g, 3 - *p - q) <= game_vp_public(g, *p));
    give_res(g, q, RES_WOOL, 3);
    ck_hold(g, *p, PROG_WEDDING);
    act(*p, ACT_PROGRESS, *asked);
    assert_int_equal(g->ck.p[q].ask, ASK_WEDDING);
    assert_int_equal(game_waiting_for(g), 1u << q);
    return q;
}

/* A question to another player: the turn stands while they answer and goes on with what it
 * had left; no warning meanwhile. */
static void test_ask_stands_turn(void **state)
{
    (void)state;
    int p;
    int64_t asked;
    int q = wedding_with(50, &p, &asked);
    assert_int_equal(s.step_phase, SESSION_STEP_ASK | SESSION_STEP_HOLD);
    assert_int_equal(s.step_deadline_ms, asked + SESSION_STEP_MS);
    assert_int_equal(session_turn_seconds_left(&s, asked + 40 * SEC), 50);
    assert_int_equal(session_ask_seconds_left(&s, asked + 40 * SEC), 20);
    /* Past the warning's time and the turn's old end: nobody is warned or timed out. */
    quiet_at(turn_start + 270 * SEC);
    quiet_at(turn_start + TURN_S * SEC);
    quiet_at(asked + SESSION_STEP_MS - 1);
    int64_t answered = asked + 55 * SEC;
    act(q, ACT_CK_GIVE, answered);
    assert_int_equal(s.step_phase, 0);
    assert_int_equal(s.turn_deadline_ms, answered + 50 * SEC);
    assert_int_equal(session_turn_seconds_left(&s, answered), 50);
    warned_at(p, answered + 20 * SEC, 30);
    times_out_at(p, answered + 50 * SEC);
}

/* The question times out at the step's end; the turn then goes on with at least
 * SESSION_RESUME_MS, and its player is warned at once. */
static void test_ask_timeout_resumes(void **state)
{
    (void)state;
    int p;
    int64_t asked;
    int q = wedding_with(5, &p, &asked);
    times_out_at(q, asked + SESSION_STEP_MS);
    int64_t back = asked + SESSION_STEP_MS;
    assert_int_equal(s.game.ck.p[q].ask, ASK_NONE);
    assert_int_equal(s.turn_deadline_ms, back + SESSION_RESUME_MS);
    warned_at(p, back, SESSION_RESUME_MS / SEC);
    times_out_at(p, back + SESSION_RESUME_MS);
}

/* A paused clock survives a restart: the record keeps both deadlines, the time the restart took
 * counts on the step's timer (a restart gives no time back), the turn keeps what it had left. */
static void test_stand_survives_restore(void **state)
{
    (void)state;
    int p;
    int64_t asked;
    int q = wedding_with(50, &p, &asked);
    static unsigned char blob[SESSION_RECORD_SIZE];
    const int64_t wall = 1700000000000;
    size_t len = session_save_at(&s, asked + 10 * SEC, wall, blob, sizeof blob);
    assert_true(len > 0);
    int64_t up = 5000 * SEC; /* the new process's clock */
    char why[200] = "";
    assert_int_equal(session_restore_at(&t, blob, len, up, wall + 30 * SEC, why, sizeof why),
                     BW_OK);
    s = t;
    assert_int_equal(s.step_phase, SESSION_STEP_ASK | SESSION_STEP_HOLD);
    assert_int_equal(s.step_deadline_ms, up + 20 * SEC);
    assert_int_equal(session_turn_seconds_left(&s, up), 50);
    quiet_at(up + 20 * SEC - 1);
    act(q, ACT_CK_GIVE, up + 5 * SEC);
    times_out_at(p, up + 55 * SEC);
    /* Asked early in the turn, saved and restored with no wall clock: the turn deadline lies
     * more than the turn's length after the save, as it may while the turn stands. */
    q = wedding_with(290, &p, &asked);
    len = session_save(&s, asked + 10 * SEC, blob, sizeof blob);
    assert_int_equal(session_restore(&t, blob, len, up, why, sizeof why), BW_OK);
    assert_int_equal(t.step_deadline_ms, up + 50 * SEC);
    assert_int_equal(t.turn_deadline_ms, up + 340 * SEC);
    /* A record whose stood turn has more than the turn's length left is refused. */
    s.turn_deadline_ms = s.step_deadline_ms + TURN_S * SEC + 1;
    len = session_save(&s, asked + 10 * SEC, blob, sizeof blob);
    assert_int_equal(session_restore(&t, blob, len, up, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "turn deadline"));
}

static bool sevens_others_discard(const struct session *x)
{
    return x->game.phase == PHASE_DISCARD && game_waiting_for(&x->game) & ~(1u << x->game.current);
}

static bool sevens_only_current(const struct session *x)
{
    return x->game.phase == PHASE_DISCARD && game_waiting_for(&x->game) == 1u << x->game.current;
}

/* The base game: discards after a 7 by others stand the turn; the robber's move is the player's
 * own, on the turn's time. */
static void test_discards_stand_turn(void **state)
{
    (void)state;
    crafted(&s, 120);
    int64_t start = now;
    int p = s.game.current, q = (p + 1) % 3, r = (p + 2) % 3;
    give_res(&s.game, q, RES_BRICK, 8);
    give_res(&s.game, r, RES_WOOL, 9);
    int64_t rolled = start + 100 * SEC; /* 20 s left */
    roll_until(rolled, sevens_others_discard);
    assert_int_equal(s.step_phase, PHASE_DISCARD | SESSION_STEP_HOLD);
    quiet_at(start + 120 * SEC);
    act(q, ACT_DISCARD, rolled + 30 * SEC);
    assert_int_equal(s.step_phase, PHASE_DISCARD | SESSION_STEP_HOLD); /* r still discards */
    act(r, ACT_DISCARD, rolled + 40 * SEC);
    assert_int_equal(s.game.phase, PHASE_ROBBER);
    assert_int_equal(s.step_phase, PHASE_ROBBER);
    times_out_at(p, rolled + 60 * SEC);
}

/* The player on the move discarding alone does so on their own turn's time. */
static void test_own_discard_runs(void **state)
{
    (void)state;
    crafted(&s, 120);
    int64_t start = now;
    int p = s.game.current;
    give_res(&s.game, p, RES_ORE, 8);
    roll_until(start + 100 * SEC, sevens_only_current);
    assert_int_equal(s.step_phase, PHASE_DISCARD);
    assert_int_equal(s.turn_deadline_ms, start + 120 * SEC);
    times_out_at(p, start + 120 * SEC);
}

/* The aqueduct's card: a player the roll gave nothing chooses one while the turn stands. */
static bool aqueduct_other(const struct session *x)
{
    const struct game *g = &x->game;
    return g->phase == PHASE_GOLD && game_waiting_for(g) == 1u << ((g->current + 1) % 3);
}

static void test_aqueduct_stands_turn(void **state)
{
    (void)state;
    ck_session(TURN_S);
    struct game *g = &s.game;
    int p = g->current, q = (p + 1) % 3;
    g->ck.p[q].level[TRACK_SCIENCE] = CK_ABILITY;
    g->phase = PHASE_ROLL; /* the turn again before its roll */
    g->rolled = 0;
    int64_t rolled = turn_start + 280 * SEC;
    roll_until(rolled, aqueduct_other);
    assert_int_equal(s.step_phase, PHASE_GOLD | SESSION_STEP_HOLD);
    quiet_at(turn_start + TURN_S * SEC);
    act(q, ACT_GOLD, rolled + 30 * SEC);
    assert_int_equal(s.step_phase, 0);
    times_out_at(p, rolled + 30 * SEC + SESSION_RESUME_MS);
}

/* A progress card another player must give up (a fifth card drawn on the roll) is a step of its
 * own, with the turn standing meanwhile. */
static bool fifth_card_other(const struct session *x)
{
    const struct game *g = &x->game;
    int q = (g->current + 1) % 3;
    return g->phase == PHASE_MAIN && game_waiting_for(g) == 1u << q && g->ck.p[q].hand[4];
}

static void test_progress_choice_stands_turn(void **state)
{
    (void)state;
    ck_session(TURN_S);
    struct game *g = &s.game;
    int p = g->current, q = (p + 1) % 3;
    g->ck.p[q].level[TRACK_TRADE] = 5;
    g->ck.p[q].level[TRACK_POLITICS] = 5;
    static const int cards[] = {PROG_WEDDING, PROG_SPY, PROG_DESERTER, PROG_DIPLOMAT};
    for (int i = 0; i < 4; i++)
        ck_hold(g, q, cards[i]);
    g->phase = PHASE_ROLL;
    g->rolled = 0;
    int64_t rolled = turn_start + 270 * SEC; /* 30 s left */
    roll_until(rolled, fifth_card_other);
    assert_int_equal(s.step_phase, SESSION_STEP_ASK | SESSION_STEP_HOLD);
    quiet_at(turn_start + TURN_S * SEC);
    times_out_at(q, rolled + SESSION_STEP_MS);
    assert_int_equal(s.step_phase, 0);
    assert_int_equal(s.game.ck.p[q].hand[4], 0);
    times_out_at(p, rolled + SESSION_STEP_MS + 30 * SEC);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ask_stands_turn),
        cmocka_unit_test(test_ask_timeout_resumes),
        cmocka_unit_test(test_stand_survives_restore),
        cmocka_unit_test(test_discards_stand_turn),
        cmocka_unit_test(test_own_discard_runs),
        cmocka_unit_test(test_aqueduct_stands_turn),
        cmocka_unit_test(test_progress_choice_stands_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
