/* A name that takes long to resolve holds up only its own network: while one transport waits
 * for its lookup (a test resolver that blocks until released), another one resolves, connects
 * to a local server, registers and relays lines both ways in normal time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "irc/resolve.h"
#include "irc/transport.h"

#define SLOW_HOST "slow.test"
#define SLOW_MAX_S 10 /* the slow lookup gives up by itself after this long */

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static bool gate_open;
static int slow_calls;

static int slow_lookup(const char *host, const char *port, const struct addrinfo *hints,
                       struct addrinfo **res)
{
    if (strcmp(host, SLOW_HOST) != 0)
        return getaddrinfo(host, port, hints, res);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += SLOW_MAX_S;
    pthread_mutex_lock(&gate_lock);
    slow_calls++;
    while (!gate_open && pthread_cond_timedwait(&gate_cond, &gate_lock, &until) == 0)
        ;
    pthread_mutex_unlock(&gate_lock);
    *res = NULL;
    return EAI_NONAME;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* One round of the bot's loop for both transports: poll, handle, tick. */
static void step(struct ircb_transport *ts[2])
{
    struct pollfd fds[2 * IRCB_TRANSPORT_FDS];
    size_t first[2], count[2], used = 0;
    for (int i = 0; i < 2; i++) {
        first[i] = used;
        used += ircb_transport_pollfds(ts[i], fds + used);
        count[i] = used - first[i];
    }
    poll(fds, used, 20);
    int64_t now = now_ms();
    for (int i = 0; i < 2; i++) {
        ircb_transport_handle(ts[i], fds + first[i], count[i], now);
        ircb_transport_tick(ts[i], now);
    }
}

/* Whatever fd has to read, appended to buf (NUL-terminated). */
static void drain(int fd, char *buf, size_t size)
{
    size_t len = strlen(buf);
    ssize_t n;
    while (len + 1 < size && (n = read(fd, buf + len, size - 1 - len)) > 0)
        len += (size_t)n;
    buf[len] = 0;
}

/* Run the loop until fd has sent text (into buf), for at most 5 s. */
static void until_read(struct ircb_transport *ts[2], int fd, char *buf, size_t size,
                       const char *text)
{
    int64_t deadline = now_ms() + 5000;
    while (!strstr(buf, text)) {
        if (now_ms() > deadline)
            fail_msg("%s not received within 5 s (got \"%s\")", text, buf);
        step(ts);
        drain(fd, buf, size);
    }
}

static void say(int fd, const char *text)
{
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
}

static int local_port(int fd, bool peer)
{
    struct sockaddr_in sin;
    socklen_t len = sizeof sin;
    assert_int_equal(peer ? getpeername(fd, (struct sockaddr *)&sin, &len)
                          : getsockname(fd, (struct sockaddr *)&sin, &len),
                     0);
    return ntohs(sin.sin_port);
}

static void test_slow_name_holds_up_no_other_network(void **state)
{
    (void)state;
    ircb_resolve_set_lookup(slow_lookup);

    /* The other network's server on 127.0.0.1. */
    int server = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    assert_int_equal(bind(server, (struct sockaddr *)&sin, sizeof sin), 0);
    assert_int_equal(listen(server, 4), 0);

    struct ircb_transport slow, fast;
    struct ircb_transport *ts[2] = {&slow, &fast};
    int64_t start = now_ms();
    struct ircb_transport_opts o = {.name = "slow",
                                    .host = SLOW_HOST,
                                    .port = 6667,
                                    .ping_interval_ms = 90000,
                                    .ping_timeout_ms = 60000};
    assert_int_equal(ircb_transport_open(&slow, &o, start), 0);
    o.name = "fast";
    o.host = "localhost"; /* a name too: resolved on a thread of its own, alongside */
    o.port = local_port(server, false);
    assert_int_equal(ircb_transport_open(&fast, &o, start), 0);

    /* The library's side of the fast network. */
    int lib = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sin.sin_port = htons((uint16_t)ircb_transport_local_port(&fast));
    assert_int_equal(connect(lib, (struct sockaddr *)&sin, sizeof sin), 0);
    ircb_transport_expect_peer(&fast, local_port(lib, false));
    fcntl(lib, F_SETFL, O_NONBLOCK);
    say(lib, "NICK bw\r\nUSER bw 0 * :bw\r\n");

    int64_t deadline = now_ms() + 5000;
    int up = -1;
    while ((up = accept(server, NULL, NULL)) < 0) {
        if (now_ms() > deadline)
            fail_msg("the fast network did not reach its server within 5 s");
        step(ts);
    }
    fcntl(up, F_SETFL, O_NONBLOCK);
    char at_server[4096] = "", at_lib[4096] = "";
    until_read(ts, up, at_server, sizeof at_server, "CAP LS");
    say(up, ":srv CAP * LS :\r\n");
    until_read(ts, up, at_server, sizeof at_server, "USER bw");
    say(up, ":srv 001 bw :Welcome\r\n");
    until_read(ts, lib, at_lib, sizeof at_lib, " 001 bw ");
    say(lib, "PRIVMSG #c :hello\r\n");
    until_read(ts, up, at_server, sizeof at_server, "PRIVMSG #c :hello");
    say(up, ":alice!a@h PRIVMSG #c :!help\r\n");
    until_read(ts, lib, at_lib, sizeof at_lib, "PRIVMSG #c :!help");
    int64_t took = now_ms() - start;

    /* All that while the slow lookup was still running. */
    pthread_mutex_lock(&gate_lock);
    int calls = slow_calls;
    pthread_mutex_unlock(&gate_lock);
    assert_int_equal(calls, 1);
    assert_int_equal(slow.state, IRCB_T_RESOLVING);
    assert_int_equal(fast.state, IRCB_T_OPEN);
    if (took > 3000)
        fail_msg("the fast network took %lld ms", (long long)took);
    printf("the other network registered and relayed both ways in %lld ms\n", (long long)took);

    /* The slow answer (a failure) ends only its own network's attempt. */
    pthread_mutex_lock(&gate_lock);
    gate_open = true;
    pthread_cond_broadcast(&gate_cond);
    pthread_mutex_unlock(&gate_lock);
    deadline = now_ms() + 5000;
    while (slow.state != IRCB_T_CLOSED) {
        if (now_ms() > deadline)
            fail_msg("the slow lookup's answer was not taken within 5 s");
        step(ts);
    }
    assert_non_null(strstr(slow.error, "cannot resolve the server"));
    assert_int_equal(fast.state, IRCB_T_OPEN);

    close(up);
    close(lib);
    close(server);
    ircb_transport_close(&slow);
    ircb_transport_close(&fast);
    ircb_resolve_set_lookup(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slow_name_holds_up_no_other_network),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
