/* Tests of src/util: allocation, string buffers, logging, UTF-8. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/hist.h"
#include "util/log.h"
#include "util/phrase.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xmalloc.h"

/* ---- xmalloc ---- */

static void test_xmalloc_basics(void **state)
{
    (void)state;
    void *p = xmalloc(0);
    assert_non_null(p);
    free(p);

    unsigned char *z = xcalloc(100, 3);
    for (int i = 0; i < 300; i++)
        assert_int_equal(z[i], 0);
    z = xrealloc(z, 1000);
    z[999] = 7;
    assert_int_equal(z[0], 0);
    free(z);

    int *a = xreallocarray(NULL, 10, sizeof(int));
    a[9] = 1;
    free(a);

    char *s = xstrdup("brick");
    assert_string_equal(s, "brick");
    free(s);
    s = xstrndup("brickwood", 5);
    assert_string_equal(s, "brick");
    free(s);
    s = xstrndup("ore", 10);
    assert_string_equal(s, "ore");
    free(s);
}

/* A size that cannot be represented must abort with a message, not wrap around. */
static void test_xcalloc_overflow_aborts(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        void *p = xcalloc(SIZE_MAX, 2);
        free(p);
        _exit(0);
    }
    close(fds[1]);
    char buf[256] = {0};
    size_t got = 0;
    ssize_t n;
    while (got < sizeof buf - 1 && (n = read(fds[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += (size_t)n;
    close(fds[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGABRT);
    assert_non_null(strstr(buf, "out of memory"));
}

/* ---- strbuf ---- */

static void test_strbuf_append(void **state)
{
    (void)state;
    struct strbuf sb = STRBUF_INIT;
    assert_string_equal(sb_str(&sb), "");
    assert_int_equal(sb.len, 0);

    sb_append(&sb, "2 wood");
    sb_appendc(&sb, ',');
    sb_appendf(&sb, " %d %s", 1, "ore");
    assert_string_equal(sb_str(&sb), "2 wood, 1 ore");
    assert_int_equal(sb.len, strlen("2 wood, 1 ore"));

    sb_append_len(&sb, "abc", 2);
    assert_string_equal(sb_str(&sb), "2 wood, 1 oreab");

    sb_truncate(&sb, 6);
    assert_string_equal(sb_str(&sb), "2 wood");
    sb_truncate(&sb, 100);
    assert_string_equal(sb_str(&sb), "2 wood");

    size_t cap = sb.cap;
    sb_reset(&sb);
    assert_string_equal(sb_str(&sb), "");
    assert_int_equal(sb.cap, cap);
    sb_fini(&sb);
    assert_null(sb.buf);
    sb_fini(&sb);
}

static void test_strbuf_grows(void **state)
{
    (void)state;
    struct strbuf sb;
    sb_init(&sb);
    char big[5000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    for (int i = 0; i < 100; i++)
        sb_appendf(&sb, "%d;", i);
    sb_appendf(&sb, "[%s]", big);
    assert_int_equal(sb.len, strlen(sb_str(&sb)));
    assert_true(sb.cap > sb.len);
    assert_memory_equal(sb_str(&sb), "0;1;2;", 6);
    assert_int_equal(sb_str(&sb)[sb.len - 1], ']');

    /* Appending many small pieces: each must land right after the previous one. */
    sb_reset(&sb);
    for (int i = 0; i < 1000; i++)
        sb_appendc(&sb, (char)('a' + i % 26));
    assert_int_equal(sb.len, 1000);
    assert_int_equal(sb_str(&sb)[999], 'a' + 999 % 26);
    sb_fini(&sb);
}

static void test_strbuf_detach(void **state)
{
    (void)state;
    struct strbuf sb = STRBUF_INIT;
    size_t len = 99;
    char *s = sb_detach(&sb, &len);
    assert_string_equal(s, "");
    assert_int_equal(len, 0);
    free(s);

    sb_appendf(&sb, "hand: %d cards", 7);
    s = sb_detach(&sb, &len);
    assert_string_equal(s, "hand: 7 cards");
    assert_int_equal(len, strlen(s));
    assert_null(sb.buf);
    assert_int_equal(sb.len, 0);
    free(s);

    sb_append(&sb, "again");
    assert_string_equal(sb_str(&sb), "again");
    s = sb_detach(&sb, NULL);
    free(s);
    sb_fini(&sb);
}

/* ---- log ---- */

static void test_log_level_parse(void **state)
{
    (void)state;
    enum log_level l = LOG_LEVEL_INFO;
    assert_true(log_level_parse("error", &l));
    assert_int_equal(l, LOG_LEVEL_ERROR);
    assert_true(log_level_parse("WARN", &l));
    assert_int_equal(l, LOG_LEVEL_WARN);
    assert_true(log_level_parse("warning", &l));
    assert_int_equal(l, LOG_LEVEL_WARN);
    assert_true(log_level_parse("Info", &l));
    assert_int_equal(l, LOG_LEVEL_INFO);
    assert_true(log_level_parse("debug", &l));
    assert_int_equal(l, LOG_LEVEL_DEBUG);
    assert_false(log_level_parse("verbose", &l));
    assert_false(log_level_parse("", &l));
    assert_false(log_level_parse("debugx", &l));
    assert_int_equal(l, LOG_LEVEL_DEBUG);
    assert_string_equal(log_level_name(LOG_LEVEL_WARN), "warn");
}

static char *read_all(FILE *f)
{
    fflush(f);
    long n = ftell(f);
    rewind(f);
    char *s = xmalloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    return s;
}

static void test_log_output(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    log_set_file(f);
    log_set_level(LOG_LEVEL_WARN);
    assert_true(log_enabled(LOG_LEVEL_ERROR));
    assert_false(log_enabled(LOG_LEVEL_INFO));

    log_info("dropped %d", 1);
    log_debug("dropped too");
    log_warn("%s timed out after %d s\n", "alice", 180);
    log_error("nick was \"a\r\nb\"");
    log_set_level(LOG_LEVEL_DEBUG);
    log_debug("now %s", "visible");
    log_set_file(NULL);
    log_set_level(LOG_LEVEL_INFO);

    char *out = read_all(f);
    fclose(f);
    /* Three lines, each "YYYY-MM-DDTHH:MM:SS.mmmZ level: text". */
    char *lines[4] = {0};
    int n = 0;
    for (char *save = NULL, *l = strtok_r(out, "\n", &save); l && n < 4;
         l = strtok_r(NULL, "\n", &save))
        lines[n++] = l;
    assert_int_equal(n, 3);
    for (int i = 0; i < n; i++) {
        const char *l = lines[i];
        assert_true(strlen(l) > 25);
        assert_true(l[4] == '-' && l[7] == '-' && l[10] == 'T' && l[13] == ':' && l[16] == ':' &&
                    l[19] == '.' && l[23] == 'Z' && l[24] == ' ');
    }
    assert_string_equal(lines[0] + 25, "warn: alice timed out after 180 s");
    assert_string_equal(lines[1] + 25, "error: nick was \"a\\x0d\\x0ab\"");
    assert_string_equal(lines[2] + 25, "debug: now visible");
    free(out);
}

/* ---- utf8: decoding and repair ---- */

static void test_utf8_decode(void **state)
{
    (void)state;
    uint32_t cp;
    assert_int_equal(utf8_decode("A", 1, &cp), 1);
    assert_int_equal(cp, 'A');
    assert_int_equal(utf8_decode("\xC3\xA9", 2, &cp), 2);
    assert_int_equal(cp, 0xE9);
    assert_int_equal(utf8_decode("\xE2\x82\xAC", 3, &cp), 3);
    assert_int_equal(cp, 0x20AC);
    assert_int_equal(utf8_decode("\xF0\x9F\x98\x80", 4, &cp), 4);
    assert_int_equal(cp, 0x1F600);
    assert_int_equal(utf8_decode("", 0, &cp), 0);

    /* Invalid forms, with the length of the stretch each one spans. */
    static const struct {
        const char *s;
        size_t n, len;
    } bad[] = {
        {"\x80", 1, 1},             /* lone continuation */
        {"\xC0\x80", 2, 1},         /* overlong NUL */
        {"\xC1\xBF", 2, 1},         /* overlong */
        {"\xE0\x80\x80", 3, 1},     /* overlong three-byte */
        {"\xED\xA0\x80", 3, 1},     /* surrogate */
        {"\xF4\x90\x80\x80", 4, 1}, /* above U+10FFFF */
        {"\xF5\x80\x80\x80", 4, 1}, /* never a lead byte */
        {"\xE2\x82", 2, 2},         /* truncated at the end */
        {"\xE2\x82"
         "A",
         3, 2},                 /* truncated before ASCII */
        {"\xF0\x9F\x98", 3, 3}, /* truncated four-byte */
        {"\xFF", 1, 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(utf8_decode(bad[i].s, bad[i].n, &cp), bad[i].len);
        assert_int_equal(cp, UTF8_INVALID);
        assert_false(utf8_valid(bad[i].s, bad[i].n));
    }
    assert_true(utf8_valid("caf\xC3\xA9 \xF0\x9F\x98\x80", 10));
    assert_true(utf8_valid("a\0b", 3));
}

static void test_utf8_encode(void **state)
{
    (void)state;
    static const uint32_t cps[] = {0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFD, 0x10000, 0x10FFFF};
    for (size_t i = 0; i < sizeof cps / sizeof cps[0]; i++) {
        char buf[4];
        uint32_t back;
        size_t n = utf8_encode(cps[i], buf);
        assert_true(n >= 1 && n <= 4);
        assert_int_equal(utf8_decode(buf, n, &back), n);
        assert_int_equal(back, cps[i]);
    }
    char buf[4];
    assert_int_equal(utf8_encode(0xD800, buf), 0);
    assert_int_equal(utf8_encode(0x110000, buf), 0);
}

static void test_utf8_repair(void **state)
{
    (void)state;
    size_t len;
    char *s = utf8_repair("caf\xC3\xA9", 5, &len);
    assert_string_equal(s, "caf\xC3\xA9");
    assert_int_equal(len, 5);
    free(s);

    /* One U+FFFD per maximal subpart: the truncated sequence is one, each bad byte one. */
    s = utf8_repair("a\xE2\x82"
                    "b\xC0\x80"
                    "c\xF0\x9F\x98",
                    10, &len);
    assert_string_equal(s, "a\xEF\xBF\xBD"
                           "b\xEF\xBF\xBD\xEF\xBF\xBD"
                           "c\xEF\xBF\xBD");
    assert_int_equal(len, strlen(s));
    assert_true(utf8_valid(s, len));
    free(s);

    s = utf8_repair("", 0, NULL);
    assert_string_equal(s, "");
    free(s);
}

static void test_utf8_truncate(void **state)
{
    (void)state;
    const char *s = "ab\xC3\xA9\xE2\x82\xAC"; /* a b é € : 1 1 2 3 bytes */
    assert_int_equal(utf8_truncate(s, 7, 100), 7);
    assert_int_equal(utf8_truncate(s, 7, 7), 7);
    assert_int_equal(utf8_truncate(s, 7, 6), 4);
    assert_int_equal(utf8_truncate(s, 7, 4), 4);
    assert_int_equal(utf8_truncate(s, 7, 3), 2);
    assert_int_equal(utf8_truncate(s, 7, 0), 0);
}

/* ---- utf8: sanitizing ---- */

static void check_sanitize(const char *in, size_t n, const char *want)
{
    char out[256];
    size_t len = utf8_sanitize_into(out, sizeof out, in, n);
    assert_string_equal(out, want);
    assert_int_equal(len, strlen(want));
}

/* The input length from the literal, so that embedded NULs count. */
#define CHECK_SANITIZE(in, want) check_sanitize(in, sizeof(in) - 1, want)

static void test_utf8_sanitize(void **state)
{
    (void)state;
    CHECK_SANITIZE("alice", "alice");
    CHECK_SANITIZE("a\r\nb\0c", "abc");
    CHECK_SANITIZE("\x02"
                   "bold\x02 \x1ditalic\x1d \x1funder\x1f \x1estrike\x1e \x16rev\x0f",
                   "bold italic under strike rev");
    CHECK_SANITIZE("\x03"
                   "4red \x03"
                   "04,12on blue\x03 plain",
                   "red on blue plain");
    CHECK_SANITIZE("\x03"
                   "123",
                   "3"); /* two digits at most */
    CHECK_SANITIZE("\x03"
                   "4,x",
                   ",x"); /* a comma without a digit stays */
    CHECK_SANITIZE("\x03"
                   ",5",
                   ",5"); /* no foreground: nothing else eaten */
    CHECK_SANITIZE("\x03"
                   "1,234",
                   "4"); /* background two digits at most */
    CHECK_SANITIZE("\x04"
                   "FF0000red",
                   "red");
    CHECK_SANITIZE("\x04"
                   "ff0000,00ff00x",
                   "x");
    CHECK_SANITIZE("\x04"
                   "abc",
                   "abc"); /* not a full hex colour */
    CHECK_SANITIZE("a\x7f"
                   "b\x01\x1b[31m",
                   "ab[31m");
    CHECK_SANITIZE("\x04"
                   "ff0000,00ff00ab",
                   "ab");
    CHECK_SANITIZE("\x04"
                   "ff0000,00ff0",
                   ",00ff0"); /* a half background stays text */
    CHECK_SANITIZE("tab\there", "tab here");
    CHECK_SANITIZE("x\xC2\x85y", "xy");                   /* C1 control NEL */
    CHECK_SANITIZE("x\xE2\x80\xAEy\xE2\x80\xA8z", "xyz"); /* RLO, line separator */
    CHECK_SANITIZE("\xC3\xA9t\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80",
                   "\xC3\xA9t\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80");
    CHECK_SANITIZE("bad\xFF!", "bad\xEF\xBF\xBD!");

    char *s = utf8_sanitize("bob\r\nPRIVMSG #x :hi");
    assert_string_equal(s, "bobPRIVMSG #x :hi");
    free(s);
    s = utf8_sanitize("\xFF\xFF\xFF");
    assert_string_equal(s, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    free(s);
}

static void test_utf8_sanitize_small_buffer(void **state)
{
    (void)state;
    char out[6];
    /* "ab€" does not fit in 5 bytes: the € is left out whole. */
    assert_int_equal(utf8_sanitize_into(out, 5, "ab\xE2\x82\xAC", 5), 2);
    assert_string_equal(out, "ab");
    assert_int_equal(utf8_sanitize_into(out, 6, "ab\xE2\x82\xAC", 5), 5);
    assert_string_equal(out, "ab\xE2\x82\xAC");
    assert_int_equal(utf8_sanitize_into(out, 1, "abc", 3), 0);
    assert_string_equal(out, "");
}

/* ---- utf8: splitting ---- */

struct pieces {
    int n;
    char text[16][64];
};

static void split_all(const char *s, size_t n, size_t max, struct pieces *p)
{
    struct utf8_splitter sp;
    const char *piece;
    size_t len;
    p->n = 0;
    utf8_split_init(&sp, s, n, max);
    while (utf8_split_next(&sp, &piece, &len)) {
        assert_true(p->n < 16 && len < 64);
        assert_true(len > 0);
        assert_true(len <= (max < 4 ? 4 : max));
        assert_true(piece >= s && piece + len <= s + n);
        memcpy(p->text[p->n], piece, len);
        p->text[p->n][len] = '\0';
        p->n++;
    }
}

static void test_utf8_split_spaces(void **state)
{
    (void)state;
    struct pieces p;
    split_all("", 0, 10, &p);
    assert_int_equal(p.n, 0);

    split_all("short", 5, 10, &p);
    assert_int_equal(p.n, 1);
    assert_string_equal(p.text[0], "short");

    const char *t = "alice rolled 8 and gets wood";
    split_all(t, strlen(t), 12, &p);
    assert_int_equal(p.n, 3);
    assert_string_equal(p.text[0], "alice rolled");
    assert_string_equal(p.text[1], "8 and gets");
    assert_string_equal(p.text[2], "wood");

    /* Runs of spaces at a cut disappear; a space exactly at the limit is used. */
    t = "aaaa    bbbb     cccc";
    split_all(t, strlen(t), 4, &p);
    assert_int_equal(p.n, 3);
    assert_string_equal(p.text[0], "aaaa");
    assert_string_equal(p.text[1], "bbbb");
    assert_string_equal(p.text[2], "cccc");

    t = "ab cd ef";
    split_all(t, strlen(t), 5, &p);
    assert_int_equal(p.n, 2);
    assert_string_equal(p.text[0], "ab cd");
    assert_string_equal(p.text[1], "ef");
}

static void test_utf8_split_long_word(void **state)
{
    (void)state;
    struct pieces p;
    /* Five é (2 bytes each) in pieces of at most 5 bytes: two é per piece. */
    const char *t = "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9";
    split_all(t, strlen(t), 5, &p);
    assert_int_equal(p.n, 3);
    assert_string_equal(p.text[0], "\xC3\xA9\xC3\xA9");
    assert_string_equal(p.text[1], "\xC3\xA9\xC3\xA9");
    assert_string_equal(p.text[2], "\xC3\xA9");

    /* A word longer than the limit after a short one: the short one goes alone. */
    t = "to abcdefghij";
    split_all(t, strlen(t), 6, &p);
    assert_int_equal(p.n, 3);
    assert_string_equal(p.text[0], "to");
    assert_string_equal(p.text[1], "abcdef");
    assert_string_equal(p.text[2], "ghij");

    /* Four-byte characters with a limit below their size: max acts as 4. */
    t = "\xF0\x9F\x98\x80\xF0\x9F\x98\x80";
    split_all(t, strlen(t), 1, &p);
    assert_int_equal(p.n, 2);
    assert_string_equal(p.text[0], "\xF0\x9F\x98\x80");
}

static void test_utf8_split_colour(void **state)
{
    (void)state;
    struct pieces p;
    /* The \x03 12 code (3 bytes) does not fit after "aaa" in 5: it moves whole. */
    const char *t = "aaa\x03"
                    "12bbb";
    split_all(t, strlen(t), 5, &p);
    assert_int_equal(p.n, 3);
    assert_string_equal(p.text[0], "aaa");
    assert_string_equal(p.text[1], "\x03"
                                   "12bb");
    assert_string_equal(p.text[2], "b");

    t = "aa\x03"
        "4,12x";
    split_all(t, strlen(t), 6, &p);
    assert_int_equal(p.n, 2);
    assert_string_equal(p.text[0], "aa");
    assert_string_equal(p.text[1], "\x03"
                                   "4,12x");
}

/* Where the test expects colour codes: \x03 with up to two digits, then a comma and up to two
 * more digits when a digit follows the comma. inside[i] is set for cuts that would split one. */
static void mark_colour_codes(const char *t, size_t n, bool *inside)
{
    memset(inside, 0, n + 1);
    for (size_t i = 0; i < n; i++) {
        if (t[i] != '\x03')
            continue;
        size_t j = i + 1, d = 0;
        while (j < n && d < 2 && t[j] >= '0' && t[j] <= '9')
            j++, d++;
        if (d > 0 && j + 1 < n && t[j] == ',' && t[j + 1] >= '0' && t[j + 1] <= '9') {
            j++;
            d = 0;
            while (j < n && d < 2 && t[j] >= '0' && t[j] <= '9')
                j++, d++;
        }
        for (size_t k = i + 1; k < j; k++)
            inside[k] = true;
    }
}

/* Whatever the text and the limit: pieces fit, never split a character or a colour code, and
 * together with the dropped spaces give back the text. */
static void test_utf8_split_property(void **state)
{
    (void)state;
    static const char *const atoms[] = {"a",
                                        "b",
                                        " ",
                                        "  ",
                                        "\xC3\xA9",
                                        "\xE2\x82\xAC",
                                        "\xF0\x9F\x98\x80",
                                        "\x03"
                                        "4",
                                        "\x03"
                                        "12,5",
                                        "\x02",
                                        "wood",
                                        "9",
                                        ","};
    const size_t n_atoms = sizeof atoms / sizeof atoms[0];
    uint32_t seed = 12345;
    for (int round = 0; round < 3000; round++) {
        char text[600];
        bool inside[601];
        size_t n = 0;
        seed = seed * 1103515245u + 12345u;
        int count = (int)((seed >> 16) % 80);
        for (int k = 0; k < count; k++) {
            seed = seed * 1103515245u + 12345u;
            const char *a = atoms[(seed >> 16) % n_atoms];
            memcpy(text + n, a, strlen(a));
            n += strlen(a);
        }
        seed = seed * 1103515245u + 12345u;
        size_t max = 6 + (seed >> 16) % 40;
        mark_colour_codes(text, n, inside);

        struct utf8_splitter sp;
        const char *piece;
        size_t len, next = 0;
        utf8_split_init(&sp, text, n, max);
        while (utf8_split_next(&sp, &piece, &len)) {
            size_t from = (size_t)(piece - text), to = from + len;
            assert_true(len > 0 && len <= max && to <= n);
            /* Only spaces were dropped between the previous piece and this one. */
            for (size_t i = next; i < from; i++)
                assert_int_equal(text[i], ' ');
            assert_false(inside[from]);
            assert_false(inside[to]);
            assert_true(utf8_valid(piece, len));
            next = to;
        }
        for (size_t i = next; i < n; i++)
            assert_int_equal(text[i], ' ');
    }
}

/* The use it is for: a 2000-byte text under a 400-byte budget. */
static void test_utf8_split_irc_budget(void **state)
{
    (void)state;
    struct strbuf sb = STRBUF_INIT;
    for (int i = 0; i < 200; i++)
        sb_appendf(&sb, "%s\xC3\xA9%d ",
                   i % 7 ? "w"
                         : "\x03"
                           "03",
                   i);
    struct utf8_splitter sp;
    const char *piece;
    size_t len, total = 0;
    int n = 0;
    utf8_split_init(&sp, sb_str(&sb), sb.len, 400);
    while (utf8_split_next(&sp, &piece, &len)) {
        assert_true(len <= 400);
        assert_true(utf8_valid(piece, len));
        assert_true(piece[len - 1] != ' ' || piece + len == sb_str(&sb) + sb.len);
        total += len;
        n++;
    }
    assert_true(n >= (int)(sb.len / 400));
    assert_true(total + (size_t)n >= sb.len - 1);
    sb_fini(&sb);
}

static void check_fold(const char *in, const char *want)
{
    char out[64];
    assert_int_equal(phrase_fold(in, out, sizeof out), strlen(want));
    assert_string_equal(out, want);
}

static void test_phrase_fold(void **state)
{
    (void)state;
    check_fold("Heading for New Shores", "heading for new shores");
    check_fold("new_shores", "new shores");
    check_fold("  New--Shores\t", "new shores");
    check_fold("_-_", "");
    check_fold("The Great River", "great river");
    check_fold("the_great-river", "great river");
    check_fold("the", "the"); /* a lone "the" is a word, not an article */
    check_fold("theme", "theme");
    check_fold("the the", "the");
    check_fold("Zauberwürfel", "zauberwürfel"); /* other bytes kept as they are */
    check_fold("Велика Стіна", "велика стіна"); /* names in a channel's language */
    check_fold("ЄДНІСТЬ Ґанок ЯР", "єдність ґанок яр");
    check_fold("Čudo Šuma Žir Ćup Đak", "čudo šuma žir ćup đak");
    char small[6];
    assert_int_equal(phrase_fold("four islands", small, sizeof small), 5);
    assert_string_equal(small, "four ");
}

static void test_phrase_find(void **state)
{
    (void)state;
    static const char *const names[] = {"alpha beta", "alpha gamma", "delta", "Delta Force"};
    static const int values[] = {1, 2, 3, 3};
    struct phrase_found f;
    assert_int_equal(phrase_find("Alpha_Beta", names, values, 4, &f), 1);
    assert_int_equal(f.values[0], 1);
    assert_int_equal(phrase_find("alpha", names, values, 4, &f), 2);
    assert_int_equal(f.values[0], 1);
    assert_int_equal(f.values[1], 2);
    assert_int_equal(phrase_find("del", names, values, 4, &f), 1); /* two names, one value */
    assert_int_equal(f.values[0], 3);
    assert_int_equal(phrase_find("omega", names, values, 4, &f), 0);
    assert_int_equal(phrase_find(" - ", names, values, 4, &f), 0);
    assert_int_equal(phrase_find("alpha beta gamma", names, values, 4, &f), 0);
}

static void test_hist_quantiles(void **state)
{
    (void)state;
    struct hist h = {0};
    assert_int_equal(hist_quantile(&h, 0.5), 0);
    for (int v = 1; v <= 1000; v++)
        hist_add(&h, v);
    hist_add(&h, -5); /* counts as 0 */
    assert_int_equal(h.count, 1001);
    /* Within an eighth above the true value, never below it. */
    int64_t med = hist_quantile(&h, 0.5), p99 = hist_quantile(&h, 0.99);
    assert_true(med >= 500 && med <= 500 + 500 / 8 + 1);
    assert_true(p99 >= 990 && p99 <= 990 + 990 / 8 + 1);
    assert_true(hist_quantile(&h, 1.0) >= 1000);
    assert_int_equal(hist_quantile(&h, 0.0), 0);
    /* Small values are exact; huge ones land in the last bucket without overflow. */
    struct hist small = {0};
    for (int i = 0; i < 10; i++)
        hist_add(&small, 3);
    assert_int_equal(hist_quantile(&small, 0.5), 3);
    hist_add(&small, INT64_MAX);
    assert_true(hist_quantile(&small, 1.0) > 1000000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xmalloc_basics),
        cmocka_unit_test(test_xcalloc_overflow_aborts),
        cmocka_unit_test(test_strbuf_append),
        cmocka_unit_test(test_strbuf_grows),
        cmocka_unit_test(test_strbuf_detach),
        cmocka_unit_test(test_log_level_parse),
        cmocka_unit_test(test_log_output),
        cmocka_unit_test(test_utf8_decode),
        cmocka_unit_test(test_utf8_encode),
        cmocka_unit_test(test_utf8_repair),
        cmocka_unit_test(test_utf8_truncate),
        cmocka_unit_test(test_utf8_sanitize),
        cmocka_unit_test(test_utf8_sanitize_small_buffer),
        cmocka_unit_test(test_utf8_split_spaces),
        cmocka_unit_test(test_utf8_split_long_word),
        cmocka_unit_test(test_utf8_split_colour),
        cmocka_unit_test(test_utf8_split_property),
        cmocka_unit_test(test_utf8_split_irc_budget),
        cmocka_unit_test(test_phrase_fold),
        cmocka_unit_test(test_phrase_find),
        cmocka_unit_test(test_hist_quantiles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
