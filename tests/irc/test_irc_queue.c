/* Tests of the IRC layer's pure parts: the outgoing queue (splitting, pacing, urgency,
 * round-robin, replacement by key) with a fake clock, and the transport's tag stripping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irc/queue.h"
#include "util/utf8.h"

/* Pop the next line at now into buf as "target:text"; false when none may go. */
static bool pop(struct ircb_queue *q, int64_t now, char *buf, size_t size)
{
    const struct ircb_line *l = ircb_queue_peek(q, now);
    if (!l)
        return false;
    snprintf(buf, size, "%s:%s", l->target, l->text);
    ircb_queue_sent(q, now);
    return true;
}

static void test_split_at_spaces_and_utf8(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 100, 0);
    /* 200 two-byte characters with no space: cuts must fall between characters. */
    char text[512] = "";
    for (int i = 0; i < 200; i++)
        strcat(text, "\xc3\xa9");
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#c", text, false, NULL, 101), 4);
    const struct ircb_line *l;
    size_t total = 0;
    while ((l = ircb_queue_peek(&q, 0))) {
        assert_true(strlen(l->text) <= 101);
        assert_true(utf8_valid(l->text, strlen(l->text)));
        total += strlen(l->text);
        ircb_queue_sent(&q, 0);
    }
    assert_int_equal(total, 400);

    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "aaaa bbbb cccc", false, NULL, 9), 2);
    char buf[64];
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#c:aaaa bbbb");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#c:cccc");
    ircb_queue_fini(&q);
}

static void test_crlf_never_reach_the_wire(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 4, 0);
    assert_int_equal(
        ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "2 wood\r\nQUIT :x\rfor\n1 ore", false, NULL, 400),
        1);
    const struct ircb_line *l = ircb_queue_peek(&q, 0);
    assert_null(strchr(l->text, '\r'));
    assert_null(strchr(l->text, '\n'));
    /* Targets that would break the command line are refused. */
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "bob x", "hi", false, NULL, 400), 0);
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "bob\r\n", "hi", false, NULL, 400), 0);
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, ":bob", "hi", false, NULL, 400), 0);
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "", "hi", false, NULL, 400), 0);
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#a,#b", "hi", false, NULL, 400), 0);
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "", false, NULL, 400), 0);
    ircb_queue_fini(&q);
}

static void test_pacing_burst_then_interval(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 3, 1000);
    for (int i = 0; i < 6; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "x", false, NULL, 400);
    char buf[64];
    int64_t now = 10000;
    for (int i = 0; i < 3; i++)
        assert_true(pop(&q, now, buf, sizeof buf));
    assert_false(pop(&q, now, buf, sizeof buf));
    assert_int_equal(ircb_queue_next_time(&q, now), now + 1000);
    assert_false(pop(&q, now + 999, buf, sizeof buf));
    assert_true(pop(&q, now + 1000, buf, sizeof buf));
    assert_false(pop(&q, now + 1500, buf, sizeof buf));
    assert_true(pop(&q, now + 2000, buf, sizeof buf));
    /* After a long quiet spell the whole burst is available again, not more. */
    assert_true(pop(&q, now + 60000, buf, sizeof buf));
    assert_int_equal(ircb_queue_length(&q), 0);
    assert_int_equal(ircb_queue_next_time(&q, now), INT64_MAX);
    for (int i = 0; i < 5; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "x", false, NULL, 400);
    int sent = 0;
    while (pop(&q, now + 70000, buf, sizeof buf))
        sent++;
    assert_int_equal(sent, 3);
    ircb_queue_fini(&q);
}

static void test_urgent_first_and_round_robin(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    for (int i = 0; i < 3; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#busy", "b", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#quiet", "q", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "alice", "your move", true, NULL, 400);
    char buf[64];
    const char *want[] = {"alice:your move", "#busy:b", "#quiet:q", "#busy:b", "#busy:b"};
    for (size_t i = 0; i < 5; i++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        assert_string_equal(buf, want[i]);
    }
    assert_false(pop(&q, 0, buf, sizeof buf));
    ircb_queue_fini(&q);
}

static void test_drop_by_key(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 10, 0);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "board 1a", false, "board", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "board 1b", false, "board", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "rolled 8", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "Bob", "hand 1", true, "hand", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#other", "board x", false, "board", 400);
    assert_int_equal(ircb_queue_drop(&q, "#C", "board"), 2);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "board 2", false, "board", 400);
    assert_int_equal(ircb_queue_drop(&q, "bob", "hand"), 1);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "hand 2", true, "hand", 400);
    assert_int_equal(ircb_queue_length(&q), 4);
    char buf[64];
    const char *want[] = {"bob:hand 2", "#c:rolled 8", "#other:board x", "#c:board 2"};
    for (size_t i = 0; i < 4; i++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        assert_string_equal(buf, want[i]);
    }
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "a", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "b", true, NULL, 400);
    assert_int_equal(ircb_queue_drop_target(&q, "#c"), 2);
    assert_int_equal(ircb_queue_length(&q), 0);
    ircb_queue_fini(&q);
}

static void test_is_channel(void **state)
{
    (void)state;
    assert_true(ircb_is_channel("#catan"));
    assert_true(ircb_is_channel("&local"));
    assert_false(ircb_is_channel("alice"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_at_spaces_and_utf8),
        cmocka_unit_test(test_crlf_never_reach_the_wire),
        cmocka_unit_test(test_pacing_burst_then_interval),
        cmocka_unit_test(test_urgent_first_and_round_robin),
        cmocka_unit_test(test_drop_by_key),
        cmocka_unit_test(test_is_channel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
