/* The reconnect waits: 5 s doubling to 5 min, up to a quarter more at random, back to 5 s after
 * a registration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>

#include "irc/backoff.h"

/* The waits without jitter, in seconds. */
static const int64_t base_s[] = {5, 10, 20, 40, 80, 160, 300, 300, 300, 300};
#define N_BASE (sizeof base_s / sizeof base_s[0])

static void check_wait(int64_t wait, int64_t base_ms)
{
    assert_true(wait >= base_ms);
    assert_true(wait <= base_ms + base_ms / 4);
}

static void test_doubles_to_five_minutes(void **state)
{
    (void)state;
    struct ircb_backoff b;
    ircb_backoff_init(&b, 42);
    for (size_t i = 0; i < N_BASE; i++) {
        assert_int_equal(b.delay_ms, base_s[i] * 1000);
        check_wait(ircb_backoff_next(&b), base_s[i] * 1000);
    }
    /* Capped for good: never past 5 min plus a quarter. */
    for (int i = 0; i < 1000; i++) {
        assert_int_equal(b.delay_ms, IRCB_BACKOFF_MAX_MS);
        check_wait(ircb_backoff_next(&b), IRCB_BACKOFF_MAX_MS);
    }
}

/* Over many bots (seeds) and many draws each: always within 0..25 %, not always 0, spread over
 * the range (both quarters of it reached), and different bots wait differently. */
static void test_jitter(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 200; seed++) {
        struct ircb_backoff b;
        ircb_backoff_init(&b, seed * 0x9e3779b97f4a7c15ull);
        int64_t lowest = INT64_MAX, highest = -1;
        int nonzero = 0;
        for (int i = 0; i < 500; i++) {
            ircb_backoff_reset(&b);
            int64_t extra = ircb_backoff_next(&b) - IRCB_BACKOFF_MIN_MS;
            assert_true(extra >= 0 && extra <= IRCB_BACKOFF_MIN_MS / 4);
            nonzero += extra > 0;
            lowest = extra < lowest ? extra : lowest;
            highest = extra > highest ? extra : highest;
        }
        assert_true(nonzero > 400);
        assert_true(lowest < IRCB_BACKOFF_MIN_MS / 16);
        assert_true(highest > IRCB_BACKOFF_MIN_MS / 4 - IRCB_BACKOFF_MIN_MS / 16);
    }
    struct ircb_backoff a, b;
    ircb_backoff_init(&a, 1);
    ircb_backoff_init(&b, 2);
    int same = 0;
    for (int i = 0; i < 50; i++) {
        ircb_backoff_reset(&a);
        ircb_backoff_reset(&b);
        same += ircb_backoff_next(&a) == ircb_backoff_next(&b);
    }
    assert_true(same < 10);
}

/* Failures grow the wait; a registration in between makes the next one 5 s again, and the
 * doubling starts over from there. */
static void test_reset_after_registration(void **state)
{
    (void)state;
    struct ircb_backoff b;
    ircb_backoff_init(&b, 7);
    for (int i = 0; i < 8; i++)
        ircb_backoff_next(&b);
    assert_int_equal(b.delay_ms, IRCB_BACKOFF_MAX_MS);
    ircb_backoff_reset(&b);
    check_wait(ircb_backoff_next(&b), 5000);
    check_wait(ircb_backoff_next(&b), 10000);
    check_wait(ircb_backoff_next(&b), 20000);
    ircb_backoff_reset(&b);
    check_wait(ircb_backoff_next(&b), 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doubles_to_five_minutes),
        cmocka_unit_test(test_jitter),
        cmocka_unit_test(test_reset_after_registration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
