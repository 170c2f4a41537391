/* Tests of what a lost connection does to the lines it had not delivered (irc/link.c): the
 * lines to channels handed to the library but not confirmed read, and those still queued, go
 * out on the next connection whole, in their order and in the way they were queued. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irc/internal.h"

/* The bot core is not linked here: the link's clock calls reach this stand-in. */
void bot_link(struct bot *b, bool up, int64_t at_ms)
{
    (void)b;
    (void)up;
    (void)at_ms;
}

/* Send the next line of c's queue as the connection does (handing it to the library); false
 * when none is left. */
static bool hand(struct ircb_conn *c, char *buf, size_t size)
{
    const struct ircb_line *l = ircb_queue_peek(&c->queue, 0);
    if (!l)
        return false;
    snprintf(buf, size, "%s:%s", l->target, l->text);
    link_handed(c, l);
    ircb_queue_sent(&c->queue, 0);
    return true;
}

/* A table's start drawing (pushed in turn with its game lines), another channel's game lines
 * and a drawing someone asked for there; the connection fails after a few lines went. On the
 * next connection every line goes again, each drawing whole and unmixed with its channel's
 * other lines, and the start drawing is still one the game waits for. */
static void test_requeue_keeps_drawings_whole(void **state)
{
    (void)state;
    struct ircb_conn c = {.name = "net"};
    ircb_queue_init(&c.queue, 100, 0);
    char text[32], buf[64];
    for (int i = 0; i < 10; i++) {
        snprintf(text, sizeof text, "x%d", i);
        assert_int_equal(ircb_queue_push(&c.queue, IRCB_PRIVMSG, "#b", text, false, NULL, 400), 1);
    }
    for (int i = 0; i < 10; i++) {
        snprintf(text, sizeof text, "d%d", i);
        assert_int_equal(ircb_queue_push_in_turn(&c.queue, IRCB_PRIVMSG, "#a", text, "board", 400),
                         1);
    }
    assert_int_equal(ircb_queue_push(&c.queue, IRCB_PRIVMSG, "#a", "prompt", false, NULL, 400), 1);
    for (int i = 0; i < 4; i++) {
        snprintf(text, sizeof text, "b%d", i);
        assert_int_equal(ircb_queue_push(&c.queue, IRCB_PRIVMSG, "#b", text, false, "board", 400),
                         1);
    }
    for (int i = 0; i < 7; i++)
        assert_true(hand(&c, buf, sizeof buf));

    link_requeue(&c);
    /* Nothing was confirmed: all of it waits again, the start drawing still in turn. */
    assert_int_equal(ircb_queue_length(&c.queue), 25);
    assert_int_equal(ircb_queue_in_turn_displays(&c.queue, "#a"), 10);

    char a[16][64], b[16][64];
    int na = 0, nb = 0, b_first = -1, b_last = -1, sent = 0;
    while (hand(&c, buf, sizeof buf)) {
        sent++;
        if (strncmp(buf, "#a:", 3) == 0) {
            assert_true(na < 16);
            snprintf(a[na++], sizeof a[0], "%s", buf + 3);
        } else {
            assert_true(nb < 16);
            snprintf(b[nb], sizeof b[0], "%s", buf + 3);
            if (buf[3] == 'b') {
                if (b_first < 0)
                    b_first = nb;
                b_last = nb;
            }
            nb++;
        }
    }
    assert_int_equal(sent, 25);
    assert_int_equal(na, 11);
    for (int i = 0; i < 10; i++) {
        snprintf(text, sizeof text, "d%d", i);
        assert_string_equal(a[i], text);
    }
    assert_string_equal(a[10], "prompt");
    assert_int_equal(nb, 14);
    /* #b's asked-for drawing is whole, in order, after the game lines it was queued behind. */
    assert_int_equal(b_last - b_first, 3);
    for (int i = 0; i < 4; i++) {
        snprintf(text, sizeof text, "b%d", i);
        assert_string_equal(b[b_first + i], text);
    }
    for (int i = 0; i < 10; i++) {
        snprintf(text, sizeof text, "x%d", i);
        int found = 0;
        for (int j = 0; j < nb; j++)
            found += strcmp(b[j], text) == 0;
        assert_int_equal(found, 1);
    }
    link_clear(&c);
    ircb_queue_fini(&c.queue);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_requeue_keeps_drawings_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
