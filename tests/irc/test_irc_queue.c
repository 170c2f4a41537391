/* Tests of the IRC layer's pure parts: the outgoing queue (splitting, pacing, urgency,
 * round-robin, replacement by key, caps and fairness under a flood) with a fake clock, and the
 * transport's tag stripping. */
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

/* A private line too long for two to share one (shorter private lines without a key join the
 * one waiting: see test_join), for tests that count lines. */
static const char *long_line(void)
{
    static char line[251];
    memset(line, 'b', sizeof line - 1);
    line[sizeof line - 1] = '\0';
    return line;
}

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
    /* The newer drawing for #c takes the place of the one it replaced, ahead of #other's. */
    const char *want[] = {"bob:hand 2", "#c:rolled 8", "#c:board 2", "#other:board x"};
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

/* Pops until a line for target went out; returns how many lines went before it, -1 if none. */
static int lines_before(struct ircb_queue *q, const char *target)
{
    char buf[600], want[80];
    snprintf(want, sizeof want, "%s:", target);
    for (int n = 0; pop(q, 0, buf, sizeof buf); n++)
        if (strncmp(buf, want, strlen(want)) == 0)
            return n;
    return -1;
}

static void test_target_and_total_caps(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    const char *line = long_line();
    size_t queued = 0;
    for (int i = 0; i < 200; i++)
        queued += ircb_queue_push(&q, IRCB_PRIVMSG, "mallory", line, false, NULL, 400);
    assert_int_equal(queued, IRCB_TARGET_LINES);
    assert_int_equal(ircb_queue_length(&q), IRCB_TARGET_LINES);
    assert_int_equal(q.refused, 200 - IRCB_TARGET_LINES);
    /* Fill the whole queue with many flooded targets. */
    char name[32];
    for (int t = 0; ircb_queue_length(&q) < IRCB_QUEUE_LINES; t++) {
        snprintf(name, sizeof name, "m%d", t);
        for (int i = 0; i < IRCB_TARGET_LINES; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, name, line, false, NULL, 400);
    }
    assert_int_equal(ircb_queue_length(&q), IRCB_QUEUE_LINES);
    /* A full queue still takes a line for a target with few: the biggest gives one up. */
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "alice rolled 8", false, NULL, 400),
                     1);
    assert_int_equal(ircb_queue_length(&q), IRCB_QUEUE_LINES);
    /* A flooded target does not push out others of its size. */
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "m3", line, false, NULL, 400), 0);
    /* Splitting counts every piece: a long text cannot slip past the cap. */
    char text[4000];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    assert_true(ircb_queue_push(&q, IRCB_PRIVMSG, "#game", text, false, NULL, 40) <
                IRCB_TARGET_LINES);
    assert_true(ircb_queue_length(&q) <= IRCB_QUEUE_LINES);
    assert_true(lines_before(&q, "#game") <= 1); /* channels take turns with private lines */
    ircb_queue_fini(&q);
    assert_int_equal(ircb_queue_length(&q), 0);
}

static void test_keyed_group_replaces_older(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    /* Consecutive pushes with one target and key are one group. */
    for (int i = 0; i < 3; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "old board", false, "board", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "old status 1", false, "status", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "old status 2", false, "status", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "help", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "status 1", false, "status", 400);
    assert_int_equal(ircb_queue_length(&q), 7);
    /* A newer group replaces the older one still queued, for that target only. */
    for (int i = 0; i < 3; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "new board", false, "board", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "BOB", "new status 1", false, "status", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "new status 2", false, "status", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "spots 1", false, "spots", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "spots 2", false, "spots", 400);
    assert_int_equal(ircb_queue_length(&q), 9);
    /* An explicit drop ends a group: the next push starts a new one. */
    assert_int_equal(ircb_queue_drop(&q, "bob", "spots"), 2);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "spots 3", false, "spots", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "spots 4", false, "spots", 400);
    char buf[64];
    /* Events (lines without a key) go before displays. */
    const char *want[] = {"bob:help",         "#c:status 1",   "bob:new board",
                          "bob:new board",    "bob:new board", "BOB:new status 1",
                          "bob:new status 2", "bob:spots 3",   "bob:spots 4"};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        assert_string_equal(buf, want[i]);
    }
    assert_false(pop(&q, 0, buf, sizeof buf));
    /* A drawing already being sent is finished; the newer one waits behind it. */
    for (int i = 0; i < 4; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", i ? "old" : "old first", false, "board", 400);
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#c:old first");
    for (int i = 0; i < 4; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "new", false, "board", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#d", "x", false, NULL, 400);
    for (int i = 0; i < 4; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "newer", false, "board", 400);
    assert_int_equal(ircb_queue_drop(&q, "#c", "board"), 4);
    for (int i = 0; i < 4; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "newest", false, "board", 400);
    const char *drawn[] = {"x", "old", "old", "old", "newest", "newest", "newest", "newest"};
    for (size_t i = 0; i < sizeof drawn / sizeof *drawn; i++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        assert_string_equal(buf + 3, drawn[i]);
    }
    assert_false(pop(&q, 0, buf, sizeof buf));
    ircb_queue_fini(&q);
}

/* Pushes n lines "PREFIX I" to target whole, with key; how many were taken. */
static size_t push_listing(struct ircb_queue *q, const char *target, const char *prefix, int n,
                           const char *key)
{
    size_t taken = 0;
    char line[64];
    for (int i = 0; i < n; i++) {
        snprintf(line, sizeof line, "%s %d", prefix, i);
        taken += ircb_queue_push_whole(q, IRCB_PRIVMSG, target, line, key, 400);
    }
    return taken;
}

/* Pops everything; checks that target got "PREFIX 0", "PREFIX 1", ... in order, one prefix after
 * another as listed, and returns how many lines went to target. */
static int drain_listings(struct ircb_queue *q, const char *target, const char *const *prefixes,
                          const int *counts, int n_prefixes)
{
    char buf[128], want[96];
    int k = 0, i = 0, got = 0;
    while (pop(q, 0, buf, sizeof buf)) {
        if (strncmp(buf, target, strlen(target)) != 0 || buf[strlen(target)] != ':')
            continue;
        while (k < n_prefixes && i == counts[k])
            k++, i = 0;
        assert_true(k < n_prefixes);
        snprintf(want, sizeof want, "%s:%s %d", target, prefixes[k], i++);
        assert_string_equal(buf, want);
        got++;
    }
    return got;
}

/* Text pushed whole is not cut by the caps: what they leave out waits in the target's spill
 * and joins the queue as the target's lines go out, in order and at the usual share (the game
 * in a channel is not held up); a newer keyed group replaces the older one still waiting, spill
 * included, but not one being sent; the spills are bounded too. */
static void test_whole_text_spills(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    /* Once a plain push to a full target is refused (test_target_and_total_caps). */
    assert_int_equal(push_listing(&q, "boss", "a", 150, "admin games"), 150);
    assert_int_equal(ircb_queue_length(&q), 150);
    assert_int_equal(q.held, IRCB_TARGET_LINES);
    assert_int_equal(q.spilled, 150 - IRCB_TARGET_LINES);
    for (int i = 0; i < 10; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "rolled", false, NULL, 400);
    char buf[128];
    int channel = 0;
    for (int n = 0; n < 20 && pop(&q, 0, buf, sizeof buf); n++)
        channel += strcmp(buf, "#c:rolled") == 0;
    assert_true(channel >= 10); /* channel events: two lines of every three */
    ircb_queue_fini(&q);
    ircb_queue_init(&q, 1, 0);
    assert_int_equal(push_listing(&q, "boss", "a", 150, "admin games"), 150);
    for (int i = 0; i < 10; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "rolled", false, NULL, 400);
    assert_int_equal(drain_listings(&q, "boss", (const char *const[]){"a"}, (const int[]){150}, 1),
                     150);
    assert_int_equal(q.refused, 0);
    assert_int_equal(ircb_queue_length(&q), 0);

    /* Replaced while waiting: nothing of the older one goes out. */
    push_listing(&q, "boss", "old", 100, "admin games");
    assert_int_equal(ircb_queue_drop(&q, "boss", "admin games"), 100);
    push_listing(&q, "boss", "new", 100, "admin games");
    assert_int_equal(ircb_queue_length(&q), 100);
    assert_int_equal(
        drain_listings(&q, "boss", (const char *const[]){"new"}, (const int[]){100}, 1), 100);
    /* Being sent: finished, spill and all; a newer one waits behind it, and the newest replaces
     * that. Other keys and plain lines to the same nick keep their own ways. */
    push_listing(&q, "boss", "sent", 100, "admin games");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "boss:sent 0");
    assert_int_equal(ircb_queue_drop(&q, "boss", "admin games"), 0);
    push_listing(&q, "boss", "newer", 100, "admin games");
    assert_int_equal(ircb_queue_drop(&q, "boss", "admin games"), 100);
    push_listing(&q, "boss", "newest", 80, "admin games");
    assert_int_equal(ircb_queue_length(&q), 99 + 80);
    int got = 0;
    char want[64];
    for (int i = 1; i < 100; i++, got++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        snprintf(want, sizeof want, "boss:sent %d", i);
        assert_string_equal(buf, want);
    }
    assert_int_equal(
        drain_listings(&q, "boss", (const char *const[]){"newest"}, (const int[]){80}, 1), 80);

    /* A target with a spill keeps its lines when the full queue needs room: others give up. */
    push_listing(&q, "boss", "kept", 100, NULL);
    char name[32];
    for (int t = 0; q.held < IRCB_QUEUE_LINES; t++) {
        snprintf(name, sizeof name, "m%d", t);
        for (int i = 0; i < IRCB_TARGET_LINES; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, name, long_line(), false, NULL, 400);
    }
    size_t refused = q.refused;
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "alice rolled 8", false, NULL, 400),
                     1);
    assert_int_equal(q.refused, refused + 1); /* an m* line */
    assert_int_equal(
        drain_listings(&q, "boss", (const char *const[]){"kept"}, (const int[]){100}, 1), 100);

    /* Bounded: past IRCB_SPILL_LINES whole text is refused too; parting drops the spill. */
    size_t taken = push_listing(&q, "boss", "big", IRCB_TARGET_LINES + IRCB_SPILL_LINES + 5, NULL);
    assert_int_equal(taken, IRCB_TARGET_LINES + IRCB_SPILL_LINES);
    assert_int_equal(ircb_queue_drop_target(&q, "boss"), taken);
    assert_int_equal(ircb_queue_length(&q), 0);
    assert_int_equal(q.spilled, 0);
    ircb_queue_fini(&q);
}

/* A game's lines in a channel go before a board drawing asked for there or anywhere else. */
static void test_events_before_displays(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    char name[16];
    for (int c = 0; c < 4; c++) {
        snprintf(name, sizeof name, "#c%d", c);
        for (int i = 0; i < 18; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, name, "drawing", false, "board", 400);
        ircb_queue_push(&q, IRCB_PRIVMSG, name, "status", false, "status", 400);
    }
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c0", "alice rolled 8", false, NULL, 400);
    char buf[64];
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#c0:alice rolled 8");
    /* Displays still get their turns while events keep coming. */
    int displays = 0;
    for (int i = 0; i < 30; i++) {
        snprintf(name, sizeof name, "p%d", i);
        ircb_queue_push(&q, IRCB_PRIVMSG, name, "help", false, NULL, 400);
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c1", "bob built a road", false, NULL, 400);
        assert_true(pop(&q, 0, buf, sizeof buf));
        displays += strstr(buf, "drawing") != NULL;
    }
    assert_true(displays >= 30 / IRCB_SCHEDULE_LEN);
    ircb_queue_fini(&q);
}

static void test_urgent_capped(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    /* The player the game waits for asks for a board drawing privately: 20 lines. */
    for (int i = 0; i < 20; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "alice", "board", true, "board", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#other", "bob rolled 6", false, NULL, 400);
    assert_int_equal(q.urgent, IRCB_URGENT_PER_TARGET);
    /* Two urgent lines may overtake, then the channel's line goes. */
    assert_int_equal(lines_before(&q, "#other"), IRCB_URGENT_CREDIT);
    /* A flood of urgent lines from several players takes at most every other line. */
    char name[16];
    for (int p = 0; p < 4; p++) {
        snprintf(name, sizeof name, "p%d", p);
        for (int i = 0; i < 20; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, name, "x", true, NULL, 400);
    }
    for (int i = 0; i < 10; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#g1", "g1", false, NULL, 400);
    /* Urgent lines overtake every other line at most; the rest take turns: between two of
     * the channel's lines at most one other served in turn (a private event or display) and
     * one urgent line after each. */
    int gap = 0;
    char buf[64];
    for (int g1 = 0; g1 < 10;) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        if (strncmp(buf, "#g1:", 4) == 0) {
            g1++;
            gap = 0;
        } else {
            assert_true(++gap <= 3);
        }
    }
    /* JOIN and PART go first, whatever waits. */
    ircb_queue_push(&q, IRCB_PRIVMSG, "p0", "y", true, NULL, 400);
    ircb_queue_push(&q, IRCB_JOIN, "#new", NULL, true, NULL, 0);
    assert_int_equal(ircb_queue_peek(&q, 0)->kind, IRCB_JOIN);
    ircb_queue_fini(&q);
}

/* With one target's flood queued, every other target's line goes out within a few lines: a
 * channel's within two per channel ahead of it, a private target's within two per target. */
static void test_fairness_under_flood(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 4, 500);
    for (int i = 0; i < 60; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "mallory", "board line", false, NULL, 400);
    for (int i = 0; i < 60; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#attacked", "status line", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "alice rolled 8", false, NULL, 400);
    assert_true(lines_before(&q, "#game") <= 2);
    ircb_queue_push(&q, IRCB_PRIVMSG, "carol", "carol: hand", false, NULL, 400);
    assert_true(lines_before(&q, "carol") <= 3);
    /* Many private targets do not slow the channels: they share half of the output. */
    char name[16];
    for (int p = 0; p < 30; p++) {
        snprintf(name, sizeof name, "x%d", p);
        for (int i = 0; i < 5; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, name, "x", false, NULL, 400);
    }
    ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "bob built a road", false, NULL, 400);
    assert_true(lines_before(&q, "#game") <= 4);
    /* Paced: the lines ahead cost their time and no more. */
    ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "carol wins", false, NULL, 400);
    int64_t t = 1000000;
    char buf[64];
    for (;;) {
        t = ircb_queue_next_time(&q, t);
        assert_true(pop(&q, t, buf, sizeof buf));
        if (strcmp(buf, "#game:carol wins") == 0)
            break;
    }
    assert_true(t - 1000000 <= 4 * 500);
    ircb_queue_fini(&q);
}

/* A display replaced again and again keeps its target's place: a player asking for their hand
 * every few lines while ten others keep the private displays busy still gets it within a
 * round, instead of going to the back each time and never. */
static void test_replaced_display_keeps_its_place(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    char name[16], buf[600];
    for (int p = 0; p < 10; p++) {
        snprintf(name, sizeof name, "x%d", p);
        for (int i = 0; i < 40; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, name, "board line", false, "board", 400);
    }
    int version = 0, served = -1;
    for (int n = 0; n < 200 && served < 0; n++) {
        if (n % 3 == 0) {
            char hand[32];
            snprintf(hand, sizeof hand, "hand %d", ++version);
            ircb_queue_drop(&q, "alice", "hand");
            ircb_queue_push(&q, IRCB_PRIVMSG, "alice", hand, false, "hand", 400);
        }
        assert_true(pop(&q, 0, buf, sizeof buf));
        if (strncmp(buf, "alice:", 6) == 0)
            served = n;
    }
    assert_true(served >= 0 && served <= 11);
    /* Replaced within the same push (no drop first), likewise; and the one served is the
     * newest. */
    for (int i = 0; i < 3; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "hand 1", false, "hand", 400);
    served = -1;
    for (int n = 0; n < 200 && served < 0; n++) {
        if (n % 3 == 0) {
            ircb_queue_push(&q, IRCB_PRIVMSG, "#x", "x", false, NULL, 400); /* another group */
            ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "hand 2", false, "hand", 400);
        }
        assert_true(pop(&q, 0, buf, sizeof buf));
        if (strncmp(buf, "bob:", 4) == 0) {
            served = n;
            assert_string_equal(buf, "bob:hand 2");
        }
    }
    assert_true(served >= 0 && served <= 24);
    ircb_queue_fini(&q);
}

/* A player's own lines (ircb_queue_push_player) are not among the displays anybody may ask for:
 * while eight onlookers keep asking for board drawings and help and two games keep talking,
 * alice's hand, asked for again and again, takes every other one of the turns of the private and
 * display rings, which come every third line: at most five lines go before it each time. */
static void test_player_lines_before_onlookers(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    char name[16], buf[600], hand[32];
    int worst = 0, served = 0, version = 0;
    for (int n = 0, asked = -1; n < 600; n++) {
        /* The flood is kept up: every display replaced before it could all go. */
        for (int p = 0; n % 30 == 0 && p < 8; p++) {
            snprintf(name, sizeof name, "look%d", p);
            for (int i = 0; i < 24; i++)
                ircb_queue_push(&q, IRCB_PRIVMSG, name, "board line", false, "board", 400);
            ircb_queue_push(&q, IRCB_PRIVMSG, name, "help line", false, NULL, 400);
            ircb_queue_push(&q, IRCB_PRIVMSG, "#g", "status line", false, "status", 400);
        }
        if (n % 3 == 0) {
            ircb_queue_push(&q, IRCB_PRIVMSG, "#g", "bob built a road", false, NULL, 400);
            ircb_queue_push(&q, IRCB_PRIVMSG, "#h", "dan rolled 6", false, NULL, 400);
        }
        if (asked < 0 && n % 7 == 0) {
            snprintf(hand, sizeof hand, "#g hand: %d wood", ++version);
            ircb_queue_push_player(&q, IRCB_PRIVMSG, "alice", hand, false, "hand", 400);
            asked = n;
        }
        assert_true(pop(&q, 0, buf, sizeof buf));
        if (strncmp(buf, "alice:", 6) == 0) {
            assert_string_equal(buf + 6, hand);
            worst = n - asked > worst ? n - asked : worst;
            served++;
            asked = -1;
        }
    }
    print_message("alice's hand asked for %d times: at most %d lines went before it\n", version,
                  worst);
    assert_int_equal(served, version);
    assert_true(worst <= 5);

    /* A newer hand replaces an older one still waiting, whichever way either was pushed. */
    ircb_queue_fini(&q);
    ircb_queue_init(&q, 1, 0);
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "alice", "hand 1", false, "hand", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "x", "other", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "alice", "hand 2", false, "hand", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "y", "other", false, NULL, 400);
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "alice", "hand 3", false, "hand", 400);
    assert_int_equal(ircb_queue_length(&q), 3);
    assert_int_equal(ircb_queue_drop(&q, "alice", "hand"), 1);
    assert_int_equal(ircb_queue_length(&q), 2);
    ircb_queue_fini(&q);
}

/* The player the game waits for asks for their hand again and again while the displays of
 * eight onlookers keep the queue busy and other players' urgent lines came meanwhile: each
 * newer hand replaces the one still waiting (the bot drops it first), stays urgent and keeps
 * its place in the urgent lane ahead of those, since the replaced one gives back its grant and
 * its place; it never falls back among the displays or behind later urgent lines. A drawing
 * once being sent is not replaced, and its urgent lines, sent or waiting, still count: the
 * newer drawing behind it gets none. */
static void test_replaced_urgent_line_stays_urgent(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    char name[16], buf[600], hand[32];
    for (int p = 0; p < 8; p++) {
        snprintf(name, sizeof name, "look%d", p);
        for (int i = 0; i < 24; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, name, "board line", false, "board", 400);
    }
    for (int v = 1; v <= 10; v++) {
        snprintf(hand, sizeof hand, "#g hand: %d wood", v);
        ircb_queue_drop(&q, "alice", "hand");
        assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "alice", hand, true, "hand", 400), 1);
        if (v == 1) {
            ircb_queue_push(&q, IRCB_PRIVMSG, "carol", "carol: your move", true, NULL, 400);
            ircb_queue_push(&q, IRCB_PRIVMSG, "dave", "dave: discard 4", true, NULL, 400);
        }
        assert_int_equal(q.urgent, 3);
    }
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "alice:#g hand: 10 wood");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "carol:carol: your move");
    for (int i = 0; i < 4 && strncmp(buf, "dave:", 5) != 0; i++)
        assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "dave:dave: discard 4");

    for (int i = 0; i < 20; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "board 1", true, "board", 400);
    assert_int_equal(q.urgent, IRCB_URGENT_PER_TARGET);
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "bob:board 1");
    ircb_queue_drop(&q, "bob", "board");
    for (int i = 0; i < 20; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "board 2", true, "board", 400);
    assert_int_equal(q.urgent, IRCB_URGENT_PER_TARGET - 1);
    ircb_queue_fini(&q);
}

/* The game lines of channels where nobody plays who is there (ircb_queue_push_background) wait
 * for everything else, all of them together one place whose channels take turns, and leave
 * only with a full bucket: another channel's answer finds the whole burst but one line. A
 * channel's lines keep their order when a line pushed the usual way takes them back into turn. */
static void test_background_waits(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    char line[32], buf[600];
    for (int i = 0; i < 30; i++) {
        snprintf(line, sizeof line, "Ada (bot) moves %d", i);
        ircb_queue_push_background(&q, IRCB_PRIVMSG, "#bots1", line, 400);
        ircb_queue_push_background(&q, IRCB_PRIVMSG, "#bots2", line, 400);
    }
    assert_int_equal(ircb_queue_push_background(&q, IRCB_PRIVMSG, "nick", "x", 400), 0);
    /* What the bot is told waits of a channel's game lines (not its displays). */
    ircb_queue_push(&q, IRCB_PRIVMSG, "#bots1", "status", false, "status", 400);
    assert_int_equal(ircb_queue_events(&q, "#BOTS1"), 30);
    assert_int_equal(ircb_queue_drop(&q, "#bots1", "status"), 1);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "alice rolled 8", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "help", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#other", "status", false, "status", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "carol", "hand", true, "hand", 400);
    for (int i = 0; i < 4; i++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        assert_null(strstr(buf, "(bot)"));
    }
    /* Then the background, its channels in turn and each in order. */
    for (int i = 0; i < 4; i++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        snprintf(line, sizeof line, "#bots%d:Ada (bot) moves %d", i % 2 + 1, i / 2);
        assert_string_equal(buf, line);
    }
    /* Whatever comes meanwhile goes first. */
    ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "carol built a road", false, NULL, 400);
    assert_int_equal(lines_before(&q, "#game"), 0);
    /* A person is back at #bots1's table: its line takes the channel's waiting lines along, in
     * order, into turn ahead of #bots2's; a background line for it joins them there. */
    ircb_queue_push(&q, IRCB_PRIVMSG, "#bots1", "ann is back", false, NULL, 400);
    ircb_queue_push_background(&q, IRCB_PRIVMSG, "#bots1", "after", 400);
    for (int i = 2; i < 30; i++) {
        assert_true(pop(&q, 0, buf, sizeof buf));
        snprintf(line, sizeof line, "#bots1:Ada (bot) moves %d", i);
        assert_string_equal(buf, line);
    }
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#bots1:ann is back");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#bots1:after");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#bots2:Ada (bot) moves 2");
    ircb_queue_fini(&q);

    /* Paced: a background line leaves only with the bucket full, so that the three lines of an
     * answer pushed right after it leave at once. */
    ircb_queue_init(&q, 4, 1000);
    for (int i = 0; i < 10; i++)
        ircb_queue_push_background(&q, IRCB_PRIVMSG, "#bots1", "Ada (bot) moves", 400);
    int64_t t = 100000;
    assert_true(pop(&q, t, buf, sizeof buf));
    assert_false(pop(&q, t, buf, sizeof buf));
    assert_int_equal(ircb_queue_next_time(&q, t), t + 1000);
    for (int i = 0; i < 3; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#game", "status line", false, "status", 400);
    for (int i = 0; i < 3; i++) {
        assert_true(pop(&q, t, buf, sizeof buf));
        assert_string_equal(buf, "#game:status line");
    }
    assert_false(pop(&q, t + 3999, buf, sizeof buf));
    assert_true(pop(&q, t + 4000, buf, sizeof buf));
    ircb_queue_fini(&q);
}

static void test_is_channel(void **state)
{
    (void)state;
    assert_true(ircb_is_channel("#catan"));
    assert_true(ircb_is_channel("&local"));
    assert_false(ircb_is_channel("alice"));
}

/* A drawing pushed in turn goes out between the game lines pushed before and after it, whole,
 * and is counted as waiting until its last line went; a display asked for meanwhile does not come
 * between its lines. */
/* Private lines without a key that fit one line join the one waiting last for that person;
 * keyed lines (a hand: a fixed form) never join or are joined, nor do channel lines, text pushed
 * whole, an urgent line a plain one, or lines too long together. */
static void test_join(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 100, 0);
    char buf[600];
    assert_int_equal(
        ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "corner 12: D", false, NULL, 400), 1);
    assert_int_equal(
        ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "commands: x", false, NULL, 400), 1);
    assert_int_equal(ircb_queue_length(&q), 1);
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "ann:corner 12: D" IRCB_JOIN_SEP "commands: x");
    /* A hand goes alone, and what follows it does not join it. */
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "#c hand: 1 ore (1 card)", false, "hand", 400);
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "you stole 1 ore", false, NULL, 400);
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "#c spots: none", false, "spots", 400);
    assert_int_equal(ircb_queue_length(&q), 3);
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "ann:#c hand: 1 ore (1 card)");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "ann:you stole 1 ore");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "ann:#c spots: none");
    /* Channel lines, whole text, an urgent line after a plain one: never joined. */
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "a", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "b", false, NULL, 400);
    ircb_queue_push_whole(&q, IRCB_PRIVMSG, "adm", "l1", NULL, 400);
    ircb_queue_push_whole(&q, IRCB_PRIVMSG, "adm", "l2", NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "plain", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "urgent", true, NULL, 400);
    assert_int_equal(ircb_queue_length(&q), 6);
    /* An urgent line joins an urgent one, a plain line too (it only goes sooner); NOTICE and
     * PRIVMSG stay apart. */
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "more", false, NULL, 400);
    ircb_queue_push(&q, IRCB_NOTICE, "bob", "notice", false, NULL, 400);
    assert_int_equal(ircb_queue_length(&q), 7);
    /* Too long together: two lines, each whole. */
    char long_text[300];
    memset(long_text, 'z', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    ircb_queue_push(&q, IRCB_PRIVMSG, "cy", long_text, false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "cy", long_text, false, NULL, 400);
    assert_int_equal(ircb_queue_length(&q), 9);
    bool joined = false;
    while (pop(&q, 0, buf, sizeof buf))
        joined = joined || strcmp(buf, "bob:urgent" IRCB_JOIN_SEP "more") == 0;
    assert_true(joined);
    ircb_queue_fini(&q);
}

/* How calm the output is for a computer player: not while anything of its game waits; with
 * nothing else waiting either, full only with a full bucket; when others' lines wait, the
 * bucket is theirs and the game does not wait for it to fill. */
static void test_calm(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 4, 1000);
    const char *people[] = {"ann", "bob"};
    assert_int_equal(ircb_queue_room(&q, 0), 4);
    assert_int_equal(ircb_queue_calm(&q, "#c", people, 2, 0), IRCB_CALM_FULL);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "a move", false, NULL, 400);
    assert_int_equal(ircb_queue_calm(&q, "#c", people, 2, 0), IRCB_CALM_NOT);
    assert_int_equal(ircb_queue_waiting(&q, "#C"), 1);
    char buf[600];
    assert_true(pop(&q, 0, buf, sizeof buf));
    /* One line out: three left in the bucket, not calm until it refills. */
    assert_int_equal(ircb_queue_room(&q, 0), 3);
    assert_int_equal(ircb_queue_calm(&q, "#c", people, 2, 0), IRCB_CALM_GAME);
    assert_int_equal(ircb_queue_calm(&q, "#c", people, 2, 999), IRCB_CALM_GAME);
    assert_int_equal(ircb_queue_calm(&q, "#c", people, 2, 1000), IRCB_CALM_FULL);
    /* A line for one of its people waits: not calm, whatever the bucket. */
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "BOB", "#c hand: (0 cards)", false, "hand", 400);
    assert_int_equal(ircb_queue_calm(&q, "#c", people, 2, 5000), IRCB_CALM_NOT);
    assert_true(pop(&q, 5000, buf, sizeof buf));
    /* Lines of others wait and the bucket is low: calm all the same. */
    for (int i = 0; i < 4; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#other", "x", false, "board", 400);
    assert_true(pop(&q, 5000, buf, sizeof buf));
    assert_true(pop(&q, 5000, buf, sizeof buf));
    assert_int_equal(ircb_queue_room(&q, 5000), 1);
    assert_int_equal(ircb_queue_calm(&q, "#c", people, 2, 5000), IRCB_CALM_FULL);
    ircb_queue_fini(&q);
}

/* A drawing pushed in turn that is all that waits goes only with a full bucket, a line a
 * refill: the full pace, yet a person's replies pushed meanwhile find the burst and go first. */
static void test_drawing_leaves_room(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 4, 1000);
    char buf[600];
    for (int i = 0; i < 6; i++)
        ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "#c", "row", "board", 400);
    int64_t t = 0;
    int sent = 0;
    /* Over 4 s, one line a second and never two at once. */
    for (; t <= 3000; t += 100)
        while (pop(&q, t, buf, sizeof buf))
            sent++;
    assert_int_equal(sent, 4);
    assert_int_equal(ircb_queue_room(&q, t), 3);
    /* Three replies for a player: all at once, ahead of the rest of the drawing. */
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "#c hand: (0 cards)", false, "hand", 400);
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "#c spots: none", false, "spots", 400);
    ircb_queue_push_player(&q, IRCB_PRIVMSG, "ann", "commands", false, NULL, 400);
    for (int i = 0; i < 3; i++) {
        assert_true(pop(&q, t, buf, sizeof buf));
        assert_memory_equal(buf, "ann:", 4);
    }
    /* Then the drawing goes on once the bucket is full again (its last line took the first
     * refill at t - 100: three more and that one). */
    assert_int_equal(ircb_queue_next_time(&q, t), t + 3900);
    assert_false(pop(&q, t + 3899, buf, sizeof buf));
    assert_true(pop(&q, t + 3900, buf, sizeof buf));
    assert_string_equal(buf, "#c:row");
    ircb_queue_fini(&q);
}

static void test_in_turn_drawing_keeps_order(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 100, 0);
    char buf[64];
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "order", false, NULL, 400), 1);
    assert_int_equal(ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "#c", "d0", "board", 400), 1);
    assert_int_equal(ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "#c", "d1", "board", 400), 1);
    assert_int_equal(ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "#c", "d2", "board", 400), 1);
    assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "prompt", false, NULL, 400), 1);
    /* Another channel's game lines keep ring 0 busy, so the displays' turn comes meanwhile. */
    for (int i = 0; i < 8; i++)
        assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#o", "o", false, NULL, 400), 1);
    assert_int_equal(ircb_queue_in_turn_displays(&q, "#c"), 3);
    assert_int_equal(ircb_queue_in_turn_displays(&q, "#other"), 0);
    assert_int_equal(ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "nick", "x", "board", 400), 0);
    assert_int_equal(ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "#c", "x", NULL, 400), 0);
    /* #c's lines in the order they leave; a status asked for once the drawing began waits
     * until it is out, though the displays' turn comes meanwhile. */
    const char *want[] = {"#c:order", "#c:d0", "#c:d1", "#c:d2"};
    int got = 0, seen = 0;
    while (pop(&q, 0, buf, sizeof buf)) {
        if (strncmp(buf, "#o:", 3) == 0)
            continue;
        if (got < 4)
            assert_string_equal(buf, want[got++]);
        else
            seen += strcmp(buf, "#c:prompt") == 0 || strcmp(buf, "#c:s0") == 0;
        if (got == 2 && !seen++)
            assert_int_equal(ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "s0", false, "status", 400),
                             1);
        if (got == 4)
            assert_int_equal(ircb_queue_in_turn_displays(&q, "#c"), 0);
    }
    assert_int_equal(seen, 3);
    /* Not begun, a drawing in turn is replaced by a newer one, wherever that waits. */
    assert_int_equal(ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "#c", "old", "board", 400), 1);
    assert_int_equal(ircb_queue_drop(&q, "#c", "board"), 1);
    assert_int_equal(ircb_queue_in_turn_displays(&q, "#c"), 0);
    assert_int_equal(ircb_queue_length(&q), 0);
    ircb_queue_fini(&q);
}

/* Under a flood, the players' own urgent lines (a hand, a reply: ircb_queue_push_player) go
 * before the urgent lines of a display that the player the game waits for in another game asks
 * for again and again (a private drawing keeps its place in the urgent lane when replaced):
 * other players' hands never wait behind it. */
static void test_player_lines_before_urgent_displays(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    char buf[600], hand[32];
    for (int i = 0; i < 40; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#busy", "game line", false, NULL, 400);
    for (int i = 0; i < 18; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "sitter", "board row", true, "board", 400);
    int hands = 0, boards = 0, waited = 0;
    for (int round = 0; round < 12; round++) {
        /* The sitter asks again: the newer drawing replaces the one still waiting. */
        ircb_queue_drop(&q, "sitter", "board");
        for (int i = 0; i < 18; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, "sitter", "board row", true, "board", 400);
        snprintf(hand, sizeof hand, "#g hand: %d wood", round);
        ircb_queue_drop(&q, "alice", "hand");
        ircb_queue_push_player(&q, IRCB_PRIVMSG, "alice", hand, true, "hand", 400);
        ircb_queue_push(&q, IRCB_PRIVMSG, "#busy", "game line", false, NULL, 400);
        /* Four lines go out before the next round: alice's hand is among them. */
        bool got = false;
        for (int i = 0; i < 4 && pop(&q, 0, buf, sizeof buf); i++) {
            got = got || strncmp(buf, "alice:", 6) == 0;
            hands += strncmp(buf, "alice:", 6) == 0;
            boards += strncmp(buf, "sitter:", 7) == 0;
        }
        waited += !got;
    }
    assert_int_equal(waited, 0);
    assert_int_equal(hands, 12);
    /* The sitter's drawing still goes on in the rest of the urgent share and its turns. */
    assert_true(boards > 0);
    ircb_queue_fini(&q);
}

/* While others wait, the urgent lines of several players (ircb_queue_push_player) take up to two
 * lines in three; other urgent lines, and those of one player alone (who may keep asking), still
 * at most every other line. */
static void test_player_urgent_share(void **state)
{
    (void)state;
    for (int player = 0; player < 2; player++) {
        struct ircb_queue q;
        ircb_queue_init(&q, 1, 0);
        char name[16], buf[600];
        for (int i = 0; i < 60; i++)
            ircb_queue_push(&q, IRCB_PRIVMSG, "#busy", "game line", false, NULL, 400);
        for (int p = 0; p < 20; p++) {
            snprintf(name, sizeof name, "p%d", p);
            for (int i = 0; i < IRCB_URGENT_PER_TARGET; i++)
                if (player)
                    ircb_queue_push_player(&q, IRCB_PRIVMSG, name, long_line(), true, NULL, 400);
                else
                    ircb_queue_push(&q, IRCB_PRIVMSG, name, long_line(), true, NULL, 400);
        }
        int urgent = 0;
        for (int i = 0; i < 30; i++) {
            assert_true(pop(&q, 0, buf, sizeof buf));
            urgent += buf[0] == 'p';
        }
        /* Two in three of the urgent lane's lines and their share of the turns (the players'
         * ring takes those of the empty private and display rings), against one in two. */
        if (player)
            assert_true(urgent >= 23);
        else
            assert_true(urgent <= 18);
        ircb_queue_fini(&q);
    }
    struct ircb_queue q;
    ircb_queue_init(&q, 1, 0);
    char buf[600];
    for (int i = 0; i < 60; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#busy", "game line", false, NULL, 400);
    int urgent = 0;
    for (int i = 0; i < 30; i++) {
        /* alice keeps asking: an urgent answer always waits. */
        if (!ircb_queue_waiting(&q, "alice"))
            ircb_queue_push_player(&q, IRCB_PRIVMSG, "alice", "spots", true, "spots", 400);
        assert_true(pop(&q, 0, buf, sizeof buf));
        urgent += buf[0] == 'a';
    }
    assert_true(urgent <= 20);
    ircb_queue_fini(&q);
}

/* A drawing asked for in a channel (a display of the channel) goes out as one block: it waits
 * for the game lines queued ahead of it, and once its first line went, the channel's other
 * lines wait until it is out (its turns all go to it) while other channels and private replies
 * go on. A newer drawing queued meanwhile waits behind it and yields to the game's lines. */
static void test_asked_drawing_is_a_block(void **state)
{
    (void)state;
    struct ircb_queue q;
    ircb_queue_init(&q, 100, 0);
    char buf[64], line[16];
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "g0", false, NULL, 400);
    for (int i = 0; i < 6; i++) {
        snprintf(line, sizeof line, "d%d", i);
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", line, false, "board", 400);
    }
    assert_int_equal(ircb_queue_drawings(&q, "#c"), 6);
    assert_int_equal(ircb_queue_drawings(&q, "#o"), 0);
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#c:g0");
    assert_true(pop(&q, 0, buf, sizeof buf));
    assert_string_equal(buf, "#c:d0");
    /* Begun: the game's next lines, another channel's and a private reply come meanwhile. */
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "g1", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "g2", false, NULL, 400);
    for (int i = 0; i < 3; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#o", "o", false, NULL, 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "bob", "reply", false, NULL, 400);
    for (int i = 0; i < 3; i++)
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "e", false, "board", 400);
    ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "g3", false, NULL, 400);
    const char *want[] = {"#c:d1", "#c:d2", "#c:d3", "#c:d4", "#c:d5", "#c:g1",
                          "#c:g2", "#c:g3", "#c:e",  "#c:e",  "#c:e"};
    size_t got = 0;
    int others = 0, others_in_drawing = 0;
    while (pop(&q, 0, buf, sizeof buf)) {
        if (strncmp(buf, "#c:", 3) != 0) {
            others++;
            others_in_drawing += got > 0 && got < 5;
            continue;
        }
        assert_true(got < sizeof want / sizeof want[0]);
        assert_string_equal(buf, want[got++]);
    }
    assert_int_equal(got, sizeof want / sizeof want[0]);
    assert_int_equal(others, 4);
    assert_true(others_in_drawing > 0);
    assert_int_equal(ircb_queue_drawings(&q, "#c"), 0);
    ircb_queue_fini(&q);
}

/* The drawing at the start of a game (pushed in turn with the channel's game lines, nothing
 * else of the channel waiting) goes out at the configured pace while a player asks for their
 * spots every second, their answer urgent or not: it takes at most twice the time of its lines
 * at the pace (it may share the output with the answers), never waits for a full bucket that the
 * answers keep from filling. */
static void test_start_drawing_while_player_asks(void **state)
{
    (void)state;
    for (int urgent = 0; urgent < 2; urgent++) {
        struct ircb_queue q;
        ircb_queue_init(&q, 4, 1500);
        char buf[600];
        for (int i = 0; i < 18; i++)
            ircb_queue_push_in_turn(&q, IRCB_PRIVMSG, "#c", "row", "start board", 400);
        ircb_queue_push(&q, IRCB_PRIVMSG, "#c", "prompt", false, NULL, 400);
        int64_t t = 0, done = -1;
        int answers = 0;
        for (; t <= 120000 && done < 0; t += 100) {
            if (t % 1000 == 0)
                ircb_queue_push_player(&q, IRCB_PRIVMSG, "alice", "#c spots: 12, 13", urgent,
                                       "spots", 400);
            while (pop(&q, t, buf, sizeof buf))
                answers += strncmp(buf, "alice:", 6) == 0;
            if (ircb_queue_in_turn_displays(&q, "#c") == 0)
                done = t;
        }
        assert_true(done >= 0 && done <= 18 * 1500 * 2);
        /* The player's answers went meanwhile too, about one line in three. */
        assert_true(answers >= 8);
        ircb_queue_fini(&q);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_at_spaces_and_utf8),
        cmocka_unit_test(test_crlf_never_reach_the_wire),
        cmocka_unit_test(test_pacing_burst_then_interval),
        cmocka_unit_test(test_urgent_first_and_round_robin),
        cmocka_unit_test(test_drop_by_key),
        cmocka_unit_test(test_target_and_total_caps),
        cmocka_unit_test(test_keyed_group_replaces_older),
        cmocka_unit_test(test_whole_text_spills),
        cmocka_unit_test(test_events_before_displays),
        cmocka_unit_test(test_urgent_capped),
        cmocka_unit_test(test_fairness_under_flood),
        cmocka_unit_test(test_replaced_display_keeps_its_place),
        cmocka_unit_test(test_player_lines_before_onlookers),
        cmocka_unit_test(test_replaced_urgent_line_stays_urgent),
        cmocka_unit_test(test_background_waits),
        cmocka_unit_test(test_is_channel),
        cmocka_unit_test(test_in_turn_drawing_keeps_order),
        cmocka_unit_test(test_asked_drawing_is_a_block),
        cmocka_unit_test(test_player_urgent_share),
        cmocka_unit_test(test_player_lines_before_urgent_displays),
        cmocka_unit_test(test_join),
        cmocka_unit_test(test_calm),
        cmocka_unit_test(test_drawing_leaves_room),
        cmocka_unit_test(test_start_drawing_while_player_asks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
