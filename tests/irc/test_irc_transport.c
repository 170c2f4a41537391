/* The transport's line path without a network: server lines are checked before the library
 * sees them, CAP and SASL are played byte for byte from the server's side, keepalive. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "irc/line.h"
#include "irc/transport.h"

static const struct config_sasl no_sasl = {.mechanism = CONFIG_SASL_NONE};

static void open_t(struct ircb_transport *t, const struct config_sasl *sasl)
{
    struct ircb_transport_opts o = {.name = "test",
                                    .host = "irc.example",
                                    .port = 6697,
                                    .sasl = sasl,
                                    .ping_interval_ms = 90000,
                                    .ping_timeout_ms = 60000};
    ircb_transport_open_detached(t, &o, 1000);
}

static void feed(struct ircb_transport *t, const char *text)
{
    ircb_transport_feed(t, text, strlen(text), 1000);
}

/* What went to the server since the last call, and forget it. */
static char *take_up(struct ircb_transport *t)
{
    static char buf[8192];
    snprintf(buf, sizeof buf, "%s", sb_str(&t->up_out));
    sb_reset(&t->up_out);
    return buf;
}

static char *take_lib(struct ircb_transport *t)
{
    static char buf[65536];
    snprintf(buf, sizeof buf, "%s", sb_str(&t->lib_out));
    sb_reset(&t->lib_out);
    return buf;
}

/* A transport past CAP (the server has none to offer), registered. */
static void open_registered(struct ircb_transport *t)
{
    open_t(t, &no_sasl);
    feed(t, ":srv CAP * LS :\r\n:srv 001 bot :Welcome\r\n");
    take_up(t);
    take_lib(t);
    assert_int_equal(t->state, IRCB_T_OPEN);
}

static void test_parse_and_format(void **state)
{
    (void)state;
    struct ircb_msg m;
    char out[600];
    const char *line = "@time=1;x=y :alice!a@h privmsg  #c :hello  world";
    assert_null(ircb_msg_parse(&m, line, strlen(line)));
    assert_string_equal(m.prefix, "alice!a@h");
    assert_string_equal(m.command, "PRIVMSG");
    assert_int_equal(m.nparams, 2);
    assert_string_equal(m.params[1], "hello  world");
    ircb_msg_format(&m, out, sizeof out);
    assert_string_equal(out, ":alice!a@h PRIVMSG #c :hello  world");

    line = ":srv 001 bot :Welcome";
    assert_null(ircb_msg_parse(&m, line, strlen(line)));
    assert_int_equal(m.numeric, 1);
    line = "PING :abc";
    assert_null(ircb_msg_parse(&m, line, strlen(line)));
    line = ":a!b@c JOIN #c";
    assert_null(ircb_msg_parse(&m, line, strlen(line)));
    ircb_msg_format(&m, out, sizeof out);
    assert_string_equal(out, ":a!b@c JOIN #c");
}

static void test_refused_lines(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "NICK foo", /* a user's command without the user */
        "JOIN #c",
        "PRIVMSG #c :hi",
        "QUIT :x",
        "KICK #c bot",
        "@a=b", /* tags only */
        "@a=b ",
        "@",
        "",
        "   ",
        ":", /* prefix only */
        ":nick!u@h",
        ": NICK x",
        ":a!b@c NOTICE x", /* too few parameters */
        ":a!b@c PRIVMSG #c",
        ":a!b@c KICK #c",
        ":a!b@c NICK",
        ":srv 001", /* a numeric needs its target */
        "001",
        ":srv 12 bot :x", /* not three digits */
        ":srv 1234 bot :x",
        ":srv 000 bot #c :x", /* numeric 0: the library reads a command it never set */
        ":srv PRIV-MSG #c :x",
        ":a!b@c PRIVMSG bot :\x01", /* a lone CTCP mark */
        ":a!b@c PRIVMSG bot :",
        ":srv 005 bot a b c d e f g h i j k l m n o p",
        ":\xff\xfe!a@h PRIVMSG bot :help",  /* a sender the bot could not write back */
        ":a\x02\x62!a@h PRIVMSG bot :help", /* \x62 is b */
        "PING",
        ":a!b@c NO", /* the library takes a word at the end of a line for any name it begins */
        ":a!b@c JO",
        ":a!b@c PRIVMS",
        ":a!b@c N",
        ":a!b@c NOTIC #c :x",
    };
    struct ircb_msg m;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *why = ircb_msg_parse(&m, bad[i], strlen(bad[i]));
        if (!why)
            fail_msg("accepted: \"%s\"", bad[i]);
    }
    const char nul[] = ":a!b@c PRIVMSG #c :x\0y";
    assert_non_null(ircb_msg_parse(&m, nul, sizeof nul - 1));
    const char cr[] = ":a!b@c PRIVMSG #c :x\ry";
    assert_non_null(ircb_msg_parse(&m, cr, sizeof cr - 1));

    /* 510 bytes pass, 511 do not. */
    char longline[600];
    int n = snprintf(longline, sizeof longline, ":a!b@c PRIVMSG #c :");
    memset(longline + n, 'x', sizeof longline - (size_t)n);
    assert_null(ircb_msg_parse(&m, longline, 510));
    assert_non_null(ircb_msg_parse(&m, longline, 511));
}

/* The regressions: none of these may reach the library, and the connection goes on. */
static void test_hostile_lines_never_reach_the_library(void **state)
{
    (void)state;
    struct ircb_transport t;
    open_registered(&t);
    feed(&t, "NICK foo\r\n@a=b\r\n@a=b \r\n:a!b@c NOTICE x\r\n");
    assert_string_equal(take_lib(&t), "");
    feed(&t, ":a!b@c PRIVMSG #c :ok\r\n");
    assert_string_equal(take_lib(&t), ":a!b@c PRIVMSG #c :ok\r\n");

    /* An over-long line is dropped whole, also when it arrives in pieces; the next passes. */
    char big[1100];
    int n = snprintf(big, sizeof big, ":a!b@c PRIVMSG #c :");
    memset(big + n, 'y', sizeof big - (size_t)n - 1);
    big[sizeof big - 1] = 0;
    feed(&t, big);
    feed(&t, "\r\nPING :still\r\n");
    assert_string_equal(take_lib(&t), "PING :still\r\n");

    /* 20 KiB without a line end: skipped up to the next line end, nothing kept past the cap. */
    char *huge = malloc(20000);
    memset(huge, 'z', 20000);
    ircb_transport_feed(&t, huge, 20000, 1000);
    assert_true(t.up_in.len <= IRCB_RAW_LINE_MAX);
    ircb_transport_feed(&t, huge, 20000, 1000);
    feed(&t, "tail\r\n:a!b@c PRIVMSG #c :after\r\n");
    assert_string_equal(take_lib(&t), ":a!b@c PRIVMSG #c :after\r\n");

    /* Tags up to 8191 bytes ('@' and space included) are stripped; more and the line is
     * dropped. */
    size_t tl = 8190;
    char *tagged = malloc(tl + 64);
    tagged[0] = '@';
    memset(tagged + 1, 't', tl - 1);
    snprintf(tagged + tl, 64, " :a!b@c PRIVMSG #c :tagged\r\n");
    feed(&t, tagged);
    assert_string_equal(take_lib(&t), ":a!b@c PRIVMSG #c :tagged\r\n");
    tagged = realloc(tagged, tl + 100);
    tagged[0] = '@';
    memset(tagged + 1, 't', tl + 1);
    snprintf(tagged + tl + 2, 64, " :a!b@c PRIVMSG #c :toomuch\r\n");
    feed(&t, tagged);
    assert_string_equal(take_lib(&t), "");
    free(tagged);
    free(huge);

    /* A burst far over 64 KiB at once: every line passes, the connection stays. */
    struct strbuf burst = STRBUF_INIT;
    for (int i = 0; i < 3000; i++)
        sb_appendf(&burst, ":u!u@h PRIVMSG #other :line %d of a long burst\r\n", i);
    assert_true(burst.len > 100000);
    ircb_transport_feed(&t, burst.buf, burst.len, 1000);
    assert_int_equal(t.state, IRCB_T_OPEN);
    assert_int_equal(t.lib_out.len, burst.len);
    sb_fini(&burst);
    ircb_transport_close(&t);
}

/* The library keeps 10 parameters: a longer ISUPPORT line reaches it in pieces, every token
 * kept (PREFIX and CHANMODES decide how MODE lines read), each piece with the closing text. */
static void test_long_isupport_in_pieces(void **state)
{
    (void)state;
    struct ircb_transport t;
    open_registered(&t);
    feed(&t, ":srv 005 bot A B C D E F G H I J PREFIX=(qaohv)~&@%+ CHANMODES=b,k,l,imn "
             ":are supported by this server\r\n");
    assert_string_equal(take_lib(&t),
                        ":srv 005 bot A B C D E F G H :are supported by this server\r\n"
                        ":srv 005 bot I J PREFIX=(qaohv)~&@%+ CHANMODES=b,k,l,imn "
                        ":are supported by this server\r\n");
    /* Short enough: as it came. */
    feed(&t, ":srv 005 bot A B C D E F G H :are supported\r\n");
    assert_string_equal(take_lib(&t), ":srv 005 bot A B C D E F G H :are supported\r\n");
    /* Other lines with many parameters are not cut up. */
    feed(&t, ":op!u@h MODE #c +oooooooooo a b c d e f g h i j\r\n");
    assert_string_equal(take_lib(&t), ":op!u@h MODE #c +oooooooooo a b c d e f g h i j\r\n");
    ircb_transport_close(&t);
}

static void test_cap_without_sasl(void **state)
{
    (void)state;
    struct ircb_transport t;
    open_t(&t, &no_sasl);
    assert_string_equal(take_up(&t), "CAP LS 302\r\n");
    feed(&t, ":srv CAP * LS * :multi-prefix sasl=PLAIN message-tags\r\n");
    assert_string_equal(take_up(&t), "");
    feed(&t, ":srv CAP * LS :account-notify away-notify extended-join server-time\r\n");
    assert_string_equal(take_up(&t),
                        "CAP REQ :multi-prefix account-notify away-notify extended-join\r\n");
    feed(&t, ":srv CAP * ACK :multi-prefix account-notify away-notify extended-join\r\n");
    assert_string_equal(take_up(&t), "CAP END\r\n");
    assert_true(ircb_transport_has_cap(&t, "extended-join"));
    assert_false(ircb_transport_has_cap(&t, "sasl"));
    assert_false(ircb_transport_has_cap(&t, "extended"));
    assert_string_equal(take_lib(&t), ""); /* CAP stays with the transport */
    ircb_transport_close(&t);

    /* A server without CAP: 421, then it registers as usual. */
    open_t(&t, &no_sasl);
    take_up(&t);
    feed(&t, ":srv 421 * CAP :Unknown command\r\n:srv 001 bot :Welcome\r\n");
    assert_string_equal(take_up(&t), "");
    assert_string_equal(take_lib(&t), ":srv 001 bot :Welcome\r\n");
    assert_int_equal(t.state, IRCB_T_OPEN);
    ircb_transport_close(&t);
}

static void test_sasl_plain(void **state)
{
    (void)state;
    struct config_sasl sasl = {CONFIG_SASL_PLAIN, "bot", "secret", true};
    struct ircb_transport t;
    open_t(&t, &sasl);
    take_up(&t);
    feed(&t, ":srv CAP * LS :sasl=PLAIN,EXTERNAL extended-join\r\n");
    assert_string_equal(take_up(&t), "CAP REQ :extended-join sasl\r\n");
    feed(&t, ":srv CAP * ACK :extended-join sasl\r\n");
    assert_string_equal(take_up(&t), "AUTHENTICATE PLAIN\r\n");
    feed(&t, "AUTHENTICATE +\r\n");
    assert_string_equal(take_up(&t), "AUTHENTICATE Ym90AGJvdABzZWNyZXQ=\r\n");
    feed(&t, ":srv 900 * * bot :You are now logged in as bot\r\n"
             ":srv 903 * :SASL authentication successful\r\n");
    assert_string_equal(take_up(&t), "CAP END\r\n");
    assert_string_equal(t.cap.account, "bot");
    assert_string_equal(take_lib(&t), "");
    assert_int_equal(t.state, IRCB_T_OPEN);
    ircb_transport_close(&t);
}

static void test_sasl_long_credentials_are_chunked(void **state)
{
    (void)state;
    char pass[297];
    memset(pass, 'p', 296);
    pass[296] = 0;
    struct config_sasl sasl = {CONFIG_SASL_PLAIN, "u", pass, true};
    struct ircb_transport t;
    open_t(&t, &sasl);
    take_up(&t);
    feed(&t, ":srv CAP * LS :sasl\r\n:srv CAP * ACK :sasl\r\nAUTHENTICATE +\r\n");
    const char *up = take_up(&t);
    /* 300 bytes encode to exactly 400: one full chunk, then an empty one. */
    assert_non_null(strstr(up, "AUTHENTICATE dQB1AHBwc"));
    const char *plus = strstr(up, "\r\nAUTHENTICATE +\r\n");
    assert_non_null(plus);
    assert_int_equal(strlen(plus), strlen("\r\nAUTHENTICATE +\r\n"));
    assert_int_equal(strchr(strstr(up, "AUTHENTICATE d"), '\r') - strstr(up, "AUTHENTICATE d"),
                     13 + 400);
    ircb_transport_close(&t);
}

static void test_sasl_failure(void **state)
{
    (void)state;
    struct config_sasl sasl = {CONFIG_SASL_PLAIN, "bot", "wrong", true};
    struct ircb_transport t;
    open_t(&t, &sasl);
    feed(&t, ":srv CAP * LS :sasl\r\n:srv CAP * ACK :sasl\r\nAUTHENTICATE +\r\n");
    take_up(&t);
    feed(&t, ":srv 904 * :SASL authentication failed\r\n");
    assert_int_equal(t.state, IRCB_T_CLOSED);
    assert_non_null(strstr(t.error, "SASL PLAIN failed: SASL authentication failed"));
    assert_null(strstr(take_up(&t), "CAP END"));
    ircb_transport_close(&t);

    /* Not required: the bot goes on without the login. */
    sasl.required = false;
    open_t(&t, &sasl);
    feed(&t, ":srv CAP * LS :sasl\r\n:srv CAP * ACK :sasl\r\nAUTHENTICATE +\r\n");
    take_up(&t);
    feed(&t, ":srv 904 * :SASL authentication failed\r\n");
    assert_int_equal(t.state, IRCB_T_OPEN);
    assert_string_equal(take_up(&t), "CAP END\r\n");
    ircb_transport_close(&t);

    /* The server offers no SASL: required fails, otherwise the other capabilities go on. */
    sasl.required = true;
    open_t(&t, &sasl);
    feed(&t, ":srv CAP * LS :extended-join\r\n");
    assert_int_equal(t.state, IRCB_T_CLOSED);
    assert_non_null(strstr(t.error, "offers no SASL"));
    ircb_transport_close(&t);
    sasl.required = false;
    open_t(&t, &sasl);
    take_up(&t);
    feed(&t, ":srv CAP * LS :extended-join sasl=EXTERNAL\r\n");
    assert_string_equal(take_up(&t), "CAP REQ :extended-join\r\n");
    ircb_transport_close(&t);

    /* No CAP at all and a required login: refused before registration goes on. */
    sasl.required = true;
    open_t(&t, &sasl);
    feed(&t, ":srv 421 * CAP :Unknown command\r\n");
    assert_int_equal(t.state, IRCB_T_CLOSED);
    ircb_transport_close(&t);

    /* No answer to the login in time. */
    open_t(&t, &sasl);
    feed(&t, ":srv CAP * LS :sasl\r\n:srv CAP * ACK :sasl\r\n");
    assert_int_equal(ircb_transport_tick(&t, 1000 + IRCB_SASL_TIMEOUT_MS - 1),
                     1000 + IRCB_SASL_TIMEOUT_MS);
    assert_int_equal(t.state, IRCB_T_OPEN);
    ircb_transport_tick(&t, 1000 + IRCB_SASL_TIMEOUT_MS);
    assert_int_equal(t.state, IRCB_T_CLOSED);
    assert_non_null(strstr(t.error, "no answer within 30 s"));
    ircb_transport_close(&t);

    /* The server refuses the whole request: the login is tried alone. */
    open_t(&t, &sasl);
    feed(&t, ":srv CAP * LS :sasl extended-join\r\n");
    take_up(&t);
    feed(&t, ":srv CAP * NAK :extended-join sasl\r\n");
    assert_string_equal(take_up(&t), "CAP REQ :sasl\r\n");
    feed(&t, ":srv CAP * NAK :sasl\r\n");
    assert_int_equal(t.state, IRCB_T_CLOSED);
    ircb_transport_close(&t);
}

static void test_sasl_external(void **state)
{
    (void)state;
    struct config_sasl sasl = {CONFIG_SASL_EXTERNAL, NULL, NULL, true};
    struct ircb_transport t;
    open_t(&t, &sasl);
    take_up(&t);
    feed(&t, ":srv CAP * LS :sasl=PLAIN,EXTERNAL\r\n:srv CAP * ACK :sasl\r\n");
    assert_string_equal(take_up(&t), "CAP REQ :sasl\r\nAUTHENTICATE EXTERNAL\r\n");
    feed(&t, "AUTHENTICATE +\r\n");
    assert_string_equal(take_up(&t), "AUTHENTICATE +\r\n");
    feed(&t, ":srv 903 * :ok\r\n");
    assert_string_equal(take_up(&t), "CAP END\r\n");
    ircb_transport_close(&t);

    /* Only PLAIN on offer. */
    open_t(&t, &sasl);
    feed(&t, ":srv CAP * LS :sasl=PLAIN\r\n");
    assert_int_equal(t.state, IRCB_T_CLOSED);
    assert_non_null(strstr(t.error, "offers only PLAIN"));
    ircb_transport_close(&t);
}

static void test_keepalive(void **state)
{
    (void)state;
    struct ircb_transport t;
    open_registered(&t);
    /* Quiet for the interval: one PING. */
    assert_int_equal(ircb_transport_tick(&t, 1000 + 89999), 1000 + 90000);
    assert_string_equal(take_up(&t), "");
    ircb_transport_tick(&t, 1000 + 90000);
    assert_string_equal(take_up(&t), "PING :brickwood-keepalive\r\n");
    ircb_transport_tick(&t, 1000 + 100000);
    assert_string_equal(take_up(&t), "");
    /* The answer keeps the link and does not reach the library. */
    const char *pong = ":srv PONG srv :brickwood-keepalive\r\n";
    ircb_transport_feed(&t, pong, strlen(pong), 1000 + 100000);
    assert_string_equal(take_lib(&t), "");
    ircb_transport_tick(&t, 1000 + 100000 + 60000);
    assert_int_equal(t.state, IRCB_T_OPEN);
    /* No answer within the timeout: closed. */
    ircb_transport_tick(&t, 1000 + 100000 + 90000);
    assert_string_equal(take_up(&t), "PING :brickwood-keepalive\r\n");
    ircb_transport_tick(&t, 1000 + 100000 + 90000 + 59999);
    assert_int_equal(t.state, IRCB_T_OPEN);
    ircb_transport_tick(&t, 1000 + 100000 + 90000 + 60000);
    assert_int_equal(t.state, IRCB_T_CLOSED);
    assert_string_equal(t.error, "no reply to PING within 60 s");
    ircb_transport_close(&t);
}

/* Give a detached transport sockets: the library's end (*lib: where the test writes what the
 * library would send) and the server's (*srv: never read by the test unless it wants to). */
static void attach(struct ircb_transport *t, int *lib, int *srv)
{
    int a[2], b[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, a), 0);
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, b), 0);
    int small = 4096;
    setsockopt(b[0], SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
    setsockopt(b[1], SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    t->lib_fd = a[0];
    t->up_fd = b[0];
    *lib = a[1];
    *srv = b[1];
}

/* What reached the server's socket since the last call. */
static char *take_srv(int srv)
{
    static char buf[8192];
    ssize_t n = read(srv, buf, sizeof buf - 1);
    buf[n > 0 ? n : 0] = 0;
    return buf;
}

/* A server that says "AUTHENTICATE +" again gets no second copy of the credentials: the
 * exchange is aborted, and the login counts as failed. */
static void test_sasl_credentials_once(void **state)
{
    (void)state;
    struct ircb_transport t;
    for (int required = 0; required < 2; required++) {
        struct config_sasl sasl = {CONFIG_SASL_PLAIN, "bot", "secret", required};
        open_t(&t, &sasl);
        take_up(&t);
        feed(&t, ":srv CAP * LS :sasl\r\n:srv CAP * ACK :sasl\r\n");
        assert_string_equal(take_up(&t), "CAP REQ :sasl\r\nAUTHENTICATE PLAIN\r\n");
        feed(&t, "AUTHENTICATE +\r\n");
        assert_string_equal(take_up(&t), "AUTHENTICATE Ym90AGJvdABzZWNyZXQ=\r\n");
        for (int i = 0; i < 1000; i++)
            feed(&t, "AUTHENTICATE +\r\n");
        const char *up = take_up(&t);
        assert_null(strstr(up, "Ym90"));
        if (required) {
            assert_string_equal(up, "AUTHENTICATE *\r\n");
            assert_int_equal(t.state, IRCB_T_CLOSED);
            assert_non_null(strstr(t.error, "asked for the credentials again"));
        } else {
            assert_string_equal(up, "AUTHENTICATE *\r\nCAP END\r\n");
            assert_int_equal(t.state, IRCB_T_OPEN);
        }
        ircb_transport_close(&t);
    }
}

/* Lines from the library go on to a server that reads nothing: past IRCB_UP_BACKLOG bytes
 * waiting, the transport closes and says why. */
static void test_backlog_capped(void **state)
{
    (void)state;
    struct ircb_transport t;
    open_registered(&t);
    int sv[2];
    attach(&t, &sv[0], &sv[1]);
    char line[400];
    memset(line, 'x', sizeof line);
    memcpy(line, "PRIVMSG #c :", 12);
    memcpy(line + sizeof line - 2, "\r\n", 2);
    size_t sent = 0;
    int rounds = 0;
    while (t.state == IRCB_T_OPEN && rounds++ < 1000) {
        for (int i = 0; i < 20; i++)
            if (write(sv[0], line, sizeof line) == (ssize_t)sizeof line)
                sent += sizeof line;
        struct pollfd pfd = {.fd = t.lib_fd, .revents = POLLIN};
        ircb_transport_handle(&t, &pfd, 1, 2000);
        assert_true(t.up_out.len <= IRCB_UP_BACKLOG + sizeof line);
    }
    assert_int_equal(t.state, IRCB_T_CLOSED);
    assert_true(sent > IRCB_UP_BACKLOG);
    assert_non_null(strstr(t.error, "does not read"));
    close(sv[0]);
    close(sv[1]);
    ircb_transport_close(&t);
}

/* Lines to channels are confirmed by the PONG to a PING sent after them; a PING unanswered
 * for IRCB_LINK_GRACE_MS makes the link silent until the server says anything. */
static void test_confirm_and_silence(void **state)
{
    (void)state;
    struct ircb_transport t;
    open_registered(&t);
    int lib, srv;
    attach(&t, &lib, &srv);
    const char *lines = "PRIVMSG #c :one\r\nNOTICE #c :two\r\nPRIVMSG alice :hand\r\n"
                        "JOIN #d\r\nPRIVMSG &e :three\r\n";
    assert_int_equal(write(lib, lines, strlen(lines)), (ssize_t)strlen(lines));
    struct pollfd pfd = {.fd = t.lib_fd, .revents = POLLIN};
    ircb_transport_handle(&t, &pfd, 1, 2000);
    assert_int_equal(t.chan_lines, 3);
    assert_int_equal(ircb_transport_confirmed(&t), 0);
    take_srv(srv);
    /* Some time later a PING goes to confirm them. */
    assert_int_equal(ircb_transport_tick(&t, 2000 + IRCB_CONFIRM_AFTER_MS - 1),
                     2000 + IRCB_CONFIRM_AFTER_MS);
    assert_string_equal(take_srv(srv), "");
    ircb_transport_tick(&t, 2000 + IRCB_CONFIRM_AFTER_MS);
    int64_t ping = 2000 + IRCB_CONFIRM_AFTER_MS;
    assert_string_equal(take_srv(srv), "PING :brickwood-keepalive\r\n");
    /* One more line after the PING is not covered by it. */
    assert_int_equal(write(lib, "PRIVMSG #c :four\r\n", 18), 18);
    ircb_transport_handle(&t, &pfd, 1, ping + 10);
    assert_int_equal(ircb_transport_silent_since(&t, ping + IRCB_LINK_GRACE_MS - 1), 0);
    assert_int_equal(ircb_transport_silent_since(&t, ping + IRCB_LINK_GRACE_MS), ping);
    /* The PONG confirms what went before the PING. */
    const char *pong = ":srv PONG srv :brickwood-keepalive\r\n";
    t.chan_heard = 0; /* as if the line from the server had been read before the lines went */
    ircb_transport_feed(&t, pong, strlen(pong), ping + IRCB_LINK_GRACE_MS + 6);
    assert_int_equal(ircb_transport_silent_since(&t, ping + IRCB_LINK_GRACE_MS + 6), 0);
    assert_int_equal(t.lag_ms, IRCB_LINK_GRACE_MS + 6);
    assert_true(ircb_transport_confirmed(&t) >= 3);
    /* Anything from the server confirms what had been written before it came. */
    const char *other = ":srv NOTICE * :hello\r\n";
    ircb_transport_feed(&t, other, strlen(other), ping + IRCB_LINK_GRACE_MS + 7);
    assert_int_equal(ircb_transport_confirmed(&t), 4);
    /* A line that stays in the buffer (the socket is full) is not confirmed. */
    sb_append(&t.up_out, "PRIVMSG #c :five\r\n");
    t.chan_lines++;
    ircb_transport_feed(&t, other, strlen(other), ping + IRCB_LINK_GRACE_MS + 8);
    assert_int_equal(ircb_transport_confirmed(&t), 4);
    /* Closed by the server (not silence): whatever reached the socket counts as read. */
    t.state = IRCB_T_CLOSED;
    assert_int_equal(ircb_transport_confirmed(&t), 4);
    t.unheard = true;
    assert_int_equal(ircb_transport_confirmed(&t), 4);
    close(lib);
    close(srv);
    ircb_transport_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_and_format),
        cmocka_unit_test(test_refused_lines),
        cmocka_unit_test(test_hostile_lines_never_reach_the_library),
        cmocka_unit_test(test_long_isupport_in_pieces),
        cmocka_unit_test(test_cap_without_sasl),
        cmocka_unit_test(test_sasl_plain),
        cmocka_unit_test(test_sasl_long_credentials_are_chunked),
        cmocka_unit_test(test_sasl_failure),
        cmocka_unit_test(test_sasl_external),
        cmocka_unit_test(test_keepalive),
        cmocka_unit_test(test_sasl_credentials_once),
        cmocka_unit_test(test_backlog_capped),
        cmocka_unit_test(test_confirm_and_silence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
