/* The web view's HTTP server over loopback: the routes and their headers (policy, ETag, 304,
 * HEAD), refusals (405 with Allow, 404, 414, oversized headers), the limits (a slow client is
 * closed, one address cannot take every connection, others are still served meanwhile), and
 * pages drawn while the bot's thread keeps publishing. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/game.h"
#include "engine/playout.h"
#include "web/server.h"
#include "web_fixture.h"

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    return fd;
}

/* Read until the peer closes or timeout_ms passes; returns what came (malloc'd). */
static char *read_all(int fd, int timeout_ms, bool *closed)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    int64_t end = now_ms() + timeout_ms;
    *closed = false;
    while (now_ms() < end) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, (int)(end - now_ms())) <= 0)
            break;
        if (len + 4096 > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
        ssize_t n = read(fd, buf + len, cap - len - 1);
        if (n <= 0) {
            *closed = true;
            break;
        }
        len += (size_t)n;
    }
    buf[len] = 0;
    return buf;
}

struct response {
    int status;
    char *head, *body; /* head: the status line and headers; both malloc'd */
};

/* Send request as is (it must ask the server to close) and read the answer. */
static struct response ask_raw(int port, const char *request, size_t len)
{
    int fd = dial(port);
    size_t sent = 0;
    while (sent < len) {
        ssize_t n = write(fd, request + sent, len - sent);
        if (n <= 0)
            break; /* the server may close on a request it refuses */
        sent += (size_t)n;
    }
    bool closed;
    char *all = read_all(fd, 5000, &closed);
    close(fd);
    struct response r = {0, NULL, NULL};
    sscanf(all, "HTTP/1.%*d %d", &r.status);
    char *split = strstr(all, "\r\n\r\n");
    r.body = strdup(split ? split + 4 : "");
    if (split)
        *split = 0;
    r.head = all;
    return r;
}

static struct response ask(int port, const char *method, const char *path, const char *extra)
{
    char req[8192];
    int n = snprintf(req, sizeof req,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%sConnection: close\r\n\r\n", method,
                     path, extra ? extra : "");
    assert_true(n > 0 && (size_t)n < sizeof req);
    return ask_raw(port, req, (size_t)n);
}

static void done(struct response *r)
{
    free(r->head);
    free(r->body);
}

/* The value of header name in r (case as sent), or NULL; into buf, which it must fit. */
static const char *header(const struct response *r, const char *name, char *buf, size_t size)
{
    char key[80];
    snprintf(key, sizeof key, "\r\n%s: ", name);
    const char *at = strstr(r->head, key);
    if (!at)
        return NULL;
    at += strlen(key);
    size_t n = strcspn(at, "\r\n");
    if (n >= size)
        fail_msg("%s: a value of %zu bytes, room for %zu", name, n, size - 1);
    memcpy(buf, at, n);
    buf[n] = '\0';
    return buf;
}

static const char *const nicks[4] = {"alice", "bob", "carol", "dave"};

static void publish(struct web_server *w, const struct session *s, uint64_t gen)
{
    static const char *const recent[] = {"alice rolled 6", "bob built a road"};
    struct bot_game_view v = {.channel = s->channel, .s = s, .gen = gen, .n_recent = 2};
    v.recent[0] = recent[0];
    v.recent[1] = recent[1];
    web_publish_begin(w);
    web_publish(w, "local", &v);
    web_publish_end(w);
}

static struct web_server *start(void)
{
    char err[200];
    struct web_server *w = web_start("127.0.0.1", 0, err, sizeof err);
    if (!w)
        fail_msg("%s", err);
    assert_true(web_port(w) > 0);
    return w;
}

/* A server with a game of four on the base board in #catan on "local" (s), published. */
static struct web_server *serving(struct session *s)
{
    struct web_server *w = start();
    web_seated(s, BOARD_BASE, 4, 3, nicks);
    publish(w, s, 1);
    return w;
}

static void test_routes(void **state)
{
    (void)state;
    struct session s;
    struct web_server *w = serving(&s);
    int port = web_port(w);
    char buf[400];

    struct response r = ask(port, "GET", "/", NULL);
    assert_int_equal(r.status, 200);
    assert_null(xml_error(r.body));
    assert_non_null(strstr(r.body, "<a href=\"/g/local/catan\">#catan</a>"));
    assert_non_null(header(&r, "Content-Security-Policy", buf, sizeof buf));
    assert_non_null(strstr(buf, "default-src 'none'; script-src 'self'"));
    assert_string_equal(header(&r, "X-Content-Type-Options", buf, sizeof buf), "nosniff");
    done(&r);

    /* The page, by the address the bot says, with '#' written or not, in any case. */
    static const char *const paths[] = {"/g/local/catan", "/g/local/%23catan", "/g/LOCAL/CaTaN"};
    char first_etag[64], etag[64];
    for (size_t i = 0; i < 3; i++) {
        r = ask(port, "GET", paths[i], NULL);
        assert_int_equal(r.status, 200);
        assert_null(xml_error(r.body));
        assert_non_null(strstr(r.body, "data-live=\"/g/local/catan/live\""));
        assert_non_null(strstr(r.body, "id=\"hex-A\""));
        assert_string_equal(header(&r, "Content-Type", buf, sizeof buf),
                            "text/html; charset=utf-8");
        assert_non_null(header(&r, "ETag", etag, sizeof etag));
        if (i == 0)
            memcpy(first_etag, etag, sizeof etag);
        assert_string_equal(etag, first_etag);
        done(&r);
    }

    /* The live part: 304 while nothing changed, 200 with a new tag once it did. */
    r = ask(port, "GET", "/g/local/catan/live", NULL);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "<h1>"));
    assert_null(strstr(r.body, "<html"));
    assert_non_null(header(&r, "ETag", etag, sizeof etag));
    done(&r);
    char inm[128];
    snprintf(inm, sizeof inm, "If-None-Match: %s\r\n", etag);
    r = ask(port, "GET", "/g/local/catan/live", inm);
    assert_int_equal(r.status, 304);
    assert_string_equal(r.body, "");
    done(&r);
    struct bw_rng rng;
    bw_rng_seed(&rng, 1);
    for (int k = 0; k < 30; k++) {
        struct game_action a;
        assert_int_equal(playout_choose(&s.game, &rng, &a), BW_OK);
        struct game_event ev[GAME_MAX_EVENTS];
        int n = 0;
        game_apply(&s.game, &a, ev, GAME_MAX_EVENTS, &n);
    }
    publish(w, &s, 2);
    r = ask(port, "GET", "/g/local/catan/live", inm);
    assert_int_equal(r.status, 200);
    assert_string_not_equal(header(&r, "ETag", buf, sizeof buf), etag);
    done(&r);

    r = ask(port, "GET", "/g/local/catan/board.svg", NULL);
    assert_int_equal(r.status, 200);
    assert_string_equal(header(&r, "Content-Type", buf, sizeof buf), "image/svg+xml");
    assert_null(xml_error(r.body));
    assert_true(strncmp(r.body, "<svg ", 5) == 0);
    done(&r);

    /* HEAD: the headers of GET, no body. */
    struct response g = ask(port, "GET", "/g/local/catan", NULL);
    r = ask(port, "HEAD", "/g/local/catan", NULL);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.body, "");
    char len_get[32], len_head[32];
    assert_string_equal(header(&g, "Content-Length", len_get, sizeof len_get),
                        header(&r, "Content-Length", len_head, sizeof len_head));
    done(&g);
    done(&r);

    r = ask(port, "GET", "/style.css", NULL);
    assert_int_equal(r.status, 200);
    assert_string_equal(header(&r, "Content-Type", buf, sizeof buf), "text/css; charset=utf-8");
    done(&r);
    r = ask(port, "GET", "/live.js", NULL);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "If-None-Match"));
    done(&r);
    /* No leaderboard published: it says so. */
    r = ask(port, "GET", "/top", NULL);
    assert_int_equal(r.status, 404);
    done(&r);
    struct web_top top = {.network = "local", .n_people = 1};
    snprintf(top.people[0].name, sizeof top.people[0].name, "alice");
    top.people[0].rating = 1516;
    web_publish_top(w, &top, 1);
    r = ask(port, "GET", "/top", NULL);
    assert_int_equal(r.status, 200);
    assert_non_null(strstr(r.body, "<td>alice</td><td>1516</td>"));
    done(&r);

    /* A game no longer published is gone. */
    web_publish_begin(w);
    web_publish_end(w);
    r = ask(port, "GET", "/g/local/catan", NULL);
    assert_int_equal(r.status, 404);
    assert_null(xml_error(r.body));
    done(&r);
    web_stop(w);
}

/* ?corners=1 on a game's three addresses: the corner numbers, with an ETag of their own;
 * ?corners=0 or none: without; another value: 400, and nothing else changes. */
static void test_corners(void **state)
{
    (void)state;
    struct session s;
    struct web_server *w = serving(&s);
    int port = web_port(w);
    static const char *const parts[] = {"", "/live", "/board.svg"};
    char buf[64], plain_etag[64], etag[64];
    for (size_t i = 0; i < 3; i++) {
        char path[80];
        snprintf(path, sizeof path, "/g/local/catan%s", parts[i]);
        struct response r = ask(port, "GET", path, NULL);
        assert_int_equal(r.status, 200);
        assert_null(strstr(r.body, "class=\"corner\""));
        assert_non_null(header(&r, "ETag", plain_etag, sizeof plain_etag));
        done(&r);
        snprintf(path, sizeof path, "/g/local/catan%s?corners=0", parts[i]);
        r = ask(port, "GET", path, NULL);
        assert_int_equal(r.status, 200);
        assert_null(strstr(r.body, "class=\"corner\""));
        assert_string_equal(header(&r, "ETag", buf, sizeof buf), plain_etag);
        done(&r);
        snprintf(path, sizeof path, "/g/local/catan%s?corners=1", parts[i]);
        r = ask(port, "GET", path, NULL);
        assert_int_equal(r.status, 200);
        if (i != 1) /* the live part is a fragment, not a document */
            assert_null(xml_error(r.body));
        assert_non_null(strstr(r.body, "class=\"corner\" id=\"c-54\""));
        assert_non_null(header(&r, "ETag", etag, sizeof etag));
        assert_string_not_equal(etag, plain_etag);
        if (i == 0)
            assert_non_null(strstr(r.body, "data-live=\"/g/local/catan/live?corners=1\""));
        done(&r);
        /* The numbered drawing is not the plain one's 304. */
        char inm[128];
        snprintf(inm, sizeof inm, "If-None-Match: %s\r\n", plain_etag);
        r = ask(port, "GET", path, inm);
        assert_int_equal(r.status, 200);
        done(&r);
        snprintf(inm, sizeof inm, "If-None-Match: %s\r\n", etag);
        r = ask(port, "GET", path, inm);
        assert_int_equal(r.status, 304);
        done(&r);
        snprintf(path, sizeof path, "/g/local/catan%s?corners=yes", parts[i]);
        r = ask(port, "GET", path, NULL);
        assert_int_equal(r.status, 400);
        assert_null(xml_error(r.body));
        assert_non_null(strstr(r.body, "corners= is 1"));
        done(&r);
    }
    web_stop(w);
}

static void test_refusals(void **state)
{
    (void)state;
    struct web_server *w = start();
    int port = web_port(w);
    struct session s;
    web_seated(&s, BOARD_BASE, 4, 4, nicks);
    publish(w, &s, 1);
    char buf[200];
    struct response before = ask(port, "GET", "/g/local/catan", NULL);
    char etag[64];
    assert_non_null(header(&before, "ETag", etag, sizeof etag));
    done(&before);

    static const char *const methods[] = {"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"};
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        struct response r = ask(port, methods[i], "/g/local/catan", "Content-Length: 0\r\n");
        assert_int_equal(r.status, 405);
        assert_string_equal(header(&r, "Allow", buf, sizeof buf), "GET, HEAD");
        done(&r);
    }
    struct response r = ask(port, "POST", "/", "Content-Length: 11\r\n");
    assert_true(r.status == 405);
    done(&r);

    r = ask(port, "GET", "/g/local/nosuch", NULL);
    assert_int_equal(r.status, 404);
    done(&r);
    static const char *const missing[] = {
        "/g/",       "/g/local",     "/g/local/",      "/x",
        "/g//catan", "/favicon.ico", "/../etc/passwd", "/g/local/catan/x"};
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
        r = ask(port, "GET", missing[i], NULL);
        if (r.status != 404)
            fail_msg("%s: %d", missing[i], r.status);
        done(&r);
    }

    char *path = malloc(5001);
    assert_non_null(path);
    path[0] = '/';
    memset(path + 1, 'a', 4999);
    path[5000] = 0;
    char *req = malloc(6000);
    assert_non_null(req);
    int n = snprintf(req, 6000, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", path);
    r = ask_raw(port, req, (size_t)n);
    assert_int_equal(r.status, 414);
    done(&r);
    /* Headers past the request limit: refused, and the server goes on. */
    char *big = malloc(40000);
    assert_non_null(big);
    n = snprintf(big, 40000, "GET / HTTP/1.1\r\nHost: x\r\nX-Fill: ");
    memset(big + n, 'b', 30000);
    n += 30000;
    n += snprintf(big + n, 40000 - (size_t)n, "\r\nConnection: close\r\n\r\n");
    r = ask_raw(port, big, (size_t)n);
    assert_true(r.status == 0 || (r.status >= 400 && r.status < 500));
    done(&r);
    /* Not HTTP at all. */
    static const char junk[] = "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 hello\r\n\r\n";
    r = ask_raw(port, junk, sizeof junk - 1);
    assert_true(r.status == 0 || (r.status >= 400 && r.status < 500));
    done(&r);
    free(big);
    free(req);
    free(path);

    /* Nothing changed: the same page, the same tag. */
    struct response after = ask(port, "GET", "/g/local/catan", NULL);
    assert_int_equal(after.status, 200);
    assert_string_equal(header(&after, "ETag", buf, sizeof buf), etag);
    done(&after);
    struct web_stats st;
    web_get_stats(w, &st);
    assert_true(st.client_errors >= 15);
    assert_int_equal(st.games, 1);
    web_stop(w);
}

/* A client that sends half a request is closed after the idle time; one address holding many
 * connections does not stop others (here: the next ones after it lets go) from being served,
 * and requests meanwhile are answered at once. */
static void test_limits(void **state)
{
    (void)state;
    struct web_server *w = start();
    int port = web_port(w);
    int slow = dial(port);
    assert_int_equal(write(slow, "GET /g/loc", 10), 10);
    int64_t t0 = now_ms();
    for (int i = 0; i < 5; i++) {
        int64_t t = now_ms();
        struct response r = ask(port, "GET", "/", NULL);
        assert_int_equal(r.status, 200);
        assert_true(now_ms() - t < 3000); /* held up by the slow one, it would take 10 s */
        done(&r);
    }
    bool closed;
    free(read_all(slow, 15000, &closed));
    assert_true(closed);
    int64_t waited = now_ms() - t0;
    assert_true(waited >= 9000 && waited < 14000);
    close(slow);

    /* Forty idle connections from one address: the server keeps at most its share open. The
     * test waits (well within the idle time) until that many have been closed by the server. */
    int idle[40], refused = 0;
    bool gone[40] = {false};
    for (int i = 0; i < 40; i++)
        idle[i] = dial(port);
    for (int64_t end = now_ms() + 5000; refused < 40 - 16 && now_ms() < end;)
        for (int i = 0; i < 40; i++)
            if (!gone[i]) {
                free(read_all(idle[i], 10, &gone[i]));
                refused += gone[i];
            }
    assert_true(refused >= 40 - 16);
    for (int i = 0; i < 40; i++)
        close(idle[i]);
    /* Once the server has seen them go, the address is served again. */
    struct response r = {0};
    for (int64_t end = now_ms() + 5000; r.status != 200 && now_ms() < end;) {
        done(&r);
        r = ask(port, "GET", "/", NULL);
    }
    assert_int_equal(r.status, 200);
    done(&r);
    web_stop(w);
}

/* Slow senders: 64 connections from one address that each send a byte of their headers every
 * half second (never idle, so an idle timeout alone never closes them) keep nobody out: a
 * client from the same address is answered meanwhile, again and again, and each slow one is
 * closed once its time for the headers (10 s) has passed. */
#define SLOW 64
static void test_slow_senders(void **state)
{
    (void)state;
    struct web_server *w = start();
    int port = web_port(w);
    int fd[SLOW];
    bool gone[SLOW] = {false};
    int64_t t0 = now_ms();
    int served = 0, left = SLOW;
    for (int i = 0; i < SLOW; i++) {
        fd[i] = dial(port);
        static const char opening[] = "GET / HTTP/1.1\r\nX-Slow: ";
        if (send(fd[i], opening, strlen(opening), MSG_NOSIGNAL) != (ssize_t)strlen(opening)) {
            gone[i] = true; /* closed by the server already */
            left--;
        }
    }
    char junk[256];
    for (int round = 0; left > 0; round++) {
        /* Bounded: a slow one still open after 40 s fails the test. */
        assert_true(now_ms() - t0 < 40000);
        for (int i = 0; i < SLOW; i++) {
            if (gone[i])
                continue;
            struct pollfd p = {fd[i], POLLIN, 0};
            if ((poll(&p, 1, 0) > 0 && read(fd[i], junk, sizeof junk) <= 0) ||
                send(fd[i], "a", 1, MSG_NOSIGNAL) != 1) {
                gone[i] = true;
                left--;
            }
        }
        if (round < 8) {
            struct response r = ask(port, "GET", "/", NULL);
            if (r.status != 200)
                fail_msg("round %d: a client beside %d slow ones got %d", round, left, r.status);
            done(&r);
            served++;
        }
        usleep(500 * 1000);
    }
    assert_int_equal(served, 8);
    struct web_stats st;
    web_get_stats(w, &st);
    /* Each went at its deadline or made room for a newcomer; none stayed. */
    assert_true(st.closed_late + st.evicted >= SLOW);
    for (int i = 0; i < SLOW; i++)
        close(fd[i]);
    web_stop(w);
}

struct publisher {
    struct web_server *w;
    atomic_int stop, rounds;
};

static void *publish_loop(void *arg)
{
    struct publisher *p = arg;
    struct session s;
    web_seated(&s, BOARD_BASE, 4, 7, nicks);
    struct bw_rng rng;
    bw_rng_seed(&rng, 7);
    uint64_t gen = 1;
    while (!p->stop && p->rounds < 100000) {
        struct game_action a;
        if (s.game.phase == PHASE_OVER || playout_choose(&s.game, &rng, &a) != BW_OK) {
            web_seated(&s, BOARD_BASE, 4, gen, nicks);
        } else {
            struct game_event ev[GAME_MAX_EVENTS];
            int n = 0;
            game_apply(&s.game, &a, ev, GAME_MAX_EVENTS, &n);
        }
        publish(p->w, &s, ++gen);
        p->rounds++;
        if (p->rounds % 8 == 0) {
            /* Now and then the game is gone for a round. */
            web_publish_begin(p->w);
            web_publish_end(p->w);
        }
    }
    return NULL;
}

/* Pages drawn on the web thread while the bot's thread publishes as fast as it can: every
 * answer is whole and well-formed (or a 404 in the moments the game is gone). */
static void test_publishing_while_serving(void **state)
{
    (void)state;
    struct web_server *w = start();
    int port = web_port(w);
    struct publisher p = {w, 0, 0};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, publish_loop, &p), 0);
    int ok = 0, gone = 0;
    static const char *const paths[] = {"/g/local/catan", "/g/local/catan/live",
                                        "/g/local/catan/board.svg", "/"};
    /* At least 200 requests, until more than 100 pages came whole (most do; a busy machine may
     * leave the game gone for a while) and the publisher has had more than 100 rounds. */
    for (int i = 0; i < 200 || ok <= 100 || p.rounds <= 100; i++) {
        assert_true(i < 20000);
        struct response r = ask(port, "GET", paths[i % 4], NULL);
        if (r.status == 200) {
            if (i % 4 != 1) {
                const char *err = xml_error(r.body);
                if (err)
                    fail_msg("%s: %s", paths[i % 4], err);
            }
            ok++;
        } else {
            assert_int_equal(r.status, 404);
            gone++;
        }
        done(&r);
    }
    p.stop = 1;
    pthread_join(t, NULL);
    assert_true(ok > 100);
    assert_true(p.rounds > 100);
    web_stop(w);
}

static void test_bad_address(void **state)
{
    (void)state;
    char err[200];
    struct web_server *w = start();
    char port[16];
    snprintf(port, sizeof port, "%d", web_port(w));
    /* The port in use: refused with a reason. */
    assert_null(web_start("127.0.0.1", web_port(w), err, sizeof err));
    assert_non_null(strstr(err, "cannot listen on 127.0.0.1:"));
    assert_non_null(strstr(err, port));
    web_stop(w);
    assert_null(web_start("localhost", 8080, err, sizeof err));
    assert_non_null(strstr(err, "not an IPv4 address"));
    w = web_start("::1", 0, err, sizeof err);
    if (w) /* a machine without IPv6 on loopback refuses: nothing to check then */
        web_stop(w);
    web_stop(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_routes),       cmocka_unit_test(test_corners),
        cmocka_unit_test(test_refusals),     cmocka_unit_test(test_limits),
        cmocka_unit_test(test_slow_senders), cmocka_unit_test(test_publishing_while_serving),
        cmocka_unit_test(test_bad_address),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
