/* Catan for two in saved records (version 12, record_house.c): the game comes back byte for
 * byte at any moment (a neutral piece owed, the cards to give back, the second roll waiting
 * for the robber), and a field out of range is refused with its reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/playout.h"
#include "session/record.h"
#include "session/session.h"

static const struct session_rules rules = {3, 6, 10, 60, SESSION_ROBOT_NORMAL, false};
static struct session S, T;
static unsigned char buf[RECORD_MAX_SIZE], again[RECORD_MAX_SIZE];

static void start_two(struct session *s, uint64_t seed)
{
    char msg[128];
    session_init(s, "#catan", &rules, seed);
    for (int i = 0; i < 2; i++) {
        char nick[8], user[8];
        snprintf(nick, sizeof nick, "p%d", i);
        snprintf(user, sizeof user, "u%d", i);
        struct session_who who = {nick, user, "h.example", NULL, false};
        assert_int_equal(session_join(s, &who), i);
    }
    s->variant = SESSION_VARIANT_TWO;
    assert_int_equal(session_start(s, NULL, 1000, msg, sizeof msg), BW_OK);
    assert_int_equal(s->game.opt.two, 1);
    assert_int_equal(s->game.opt.n_players, 2);
}

static size_t round_trip(const struct session *s, int64_t now)
{
    char why[128];
    size_t len = record_encode(s, now, buf, sizeof buf);
    assert_true(len > 0);
    if (record_decode(&T, buf, len, now, why, sizeof why))
        fail_msg("refused: %s", why);
    assert_memory_equal(&T.game, &s->game, sizeof T.game);
    assert_int_equal(record_encode(&T, now, again, sizeof again), len);
    assert_memory_equal(buf, again, len);
    return len;
}

static void test_round_trips(void **state)
{
    (void)state;
    int neutral = 0, back = 0, waiting = 0, games = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        struct bw_rng r;
        int64_t now = 1000;
        start_two(&S, seed);
        bw_rng_seed(&r, seed);
        for (int i = 0; i < 6000 && S.state == SESSION_PLAYING; i++) {
            struct game_action a;
            assert_int_equal(playout_choose(&S.game, &r, &a), BW_OK);
            if (a.type == ACT_OFFER)
                continue;
            now += 100;
            assert_int_equal(session_apply(&S, &a, now, NULL, 0, NULL), BW_OK);
            const struct game *g = &S.game;
            neutral += g->ck.p[g->current].ask == ASK_NEUTRAL;
            back += g->ck.p[g->current].ask == ASK_RETURN;
            waiting += g->two.roll2[0] != 0;
            round_trip(&S, now);
        }
        games += S.state == SESSION_OVER;
    }
    printf("Catan for two in records: %d games, %d states owing a neutral piece, %d giving "
           "back, %d with the second roll waiting\n",
           games, neutral, back, waiting);
    assert_true(neutral > 0 && back > 0 && waiting > 0 && games > 0);
}

/* The block is the body's last 13 bytes (no Cities & Knights part): u8 two, tokens[2],
 * supply, roll2[2], used, owed, asker, then each player's ask and ask_arg. */
static void expect_refused(size_t at, uint8_t value, const char *reason)
{
    char why[128];
    size_t len = record_encode(&S, 2000, buf, sizeof buf);
    assert_true(len > 0);
    buf[len - 4 - 13 + at] = value;
    uint32_t crc = record_crc32(buf, len - 4);
    for (int i = 0; i < 4; i++)
        buf[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    assert_int_equal(record_decode(&T, buf, len, 2000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, reason);
}

static void test_out_of_range(void **state)
{
    (void)state;
    start_two(&S, 9);
    size_t len = round_trip(&S, 2000);
    assert_int_equal(buf[len - 4 - 13], 1);
    assert_int_equal(buf[len - 4 - 12], 5); /* the first player's tokens */
    expect_refused(0, 2, "Catan for two's field is neither 0 nor 1, or not with two players");
    expect_refused(7, 9, "a field of Catan for two is out of range");       /* owed */
    expect_refused(4, 7, "a field of Catan for two is out of range");       /* a die */
    expect_refused(6, 1u << 2, "a field of Catan for two is out of range"); /* used */
    expect_refused(9, 99, "a field of Catan for two is out of range");      /* an ask */
    /* In range, but the tokens no longer add up to 20: the rules' to judge. */
    expect_refused(1, 9, "the game's state is not one the rules allow");
    /* A neutral piece owed with nobody asked. */
    expect_refused(7, 1, "the game's state is not one the rules allow");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_out_of_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
