/* libFuzzer target: arbitrary bytes from the server, through the whole connection.
 *
 * The fuzzer plays the IRC server on a loopback socket for one real connection (transport,
 * libircclient, the event handlers and the bot). Each input is sent as it is, followed by a
 * PING; the bot must answer that PING on the same connection (neither crashed nor deaf), never
 * close the connection, and every line it sends must fit in 512 bytes with no NUL, CR or LF
 * inside. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bot/bot.h"
#include "config/config.h"
#include "irc/conn.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct ircb_conn *conn;
static struct bw_config cfg;
static int listen_fd = -1, server_fd = -1;
static char inbuf[65536];
static size_t inlen;
static unsigned probe;

static void die(const char *why)
{
    fprintf(stderr, "fuzz_transport: %s\n", why);
    abort();
}

/* Read what the bot sent; returns whether a line containing want arrived. */
static int drain(const char *want)
{
    int found = 0;
    for (;;) {
        ssize_t n = recv(server_fd, inbuf + inlen, sizeof inbuf - inlen, MSG_DONTWAIT);
        if (n == 0)
            die("the bot closed the connection");
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                break;
            die("reading from the bot failed");
        }
        inlen += (size_t)n;
        size_t start = 0;
        for (size_t i = 0; i < inlen; i++) {
            if (inbuf[i] != '\n')
                continue;
            size_t len = i + 1 - start;
            if (len > 512)
                die("a line over 512 bytes");
            if (len < 2 || inbuf[i - 1] != '\r')
                die("a line not ended by CR LF");
            if (memchr(inbuf + start, 0, len) || memchr(inbuf + start, '\r', len - 2))
                die("NUL or CR inside a line");
            inbuf[i - 1] = 0;
            if (want && strstr(inbuf + start, want))
                found = 1;
            start = i + 1;
        }
        memmove(inbuf, inbuf + start, inlen - start);
        inlen -= start;
        if (inlen == sizeof inbuf)
            die("a line without an end");
    }
    return found;
}

static void send_all(const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = send(server_fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            ircb_run_once(&conn, 1, 1);
            drain(NULL);
            continue;
        }
        if (w <= 0)
            die("writing to the bot failed");
        p += w;
        n -= (size_t)w;
    }
}

/* Run the bot until a line containing want comes back; false after the time limit. */
static int run_until(const char *want, int rounds)
{
    for (int i = 0; i < rounds; i++) {
        ircb_run_once(&conn, 1, 2);
        if (drain(want))
            return 1;
        struct pollfd pl = {.fd = listen_fd, .events = POLLIN};
        if (poll(&pl, 1, 0) > 0)
            die("the bot connected again");
    }
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    signal(SIGPIPE, SIG_IGN);
    log_set_level(LOG_LEVEL_ERROR);
    listen_fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof sin;
    if (listen_fd < 0 || bind(listen_fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
        listen(listen_fd, 4) != 0 || getsockname(listen_fd, (struct sockaddr *)&sin, &len) != 0)
        die("cannot listen");
    char text[512];
    int n = snprintf(text, sizeof text,
                     "networks = ( { name = \"fuzz\"; host = \"127.0.0.1\"; port = %d;\n"
                     "  tls = false; nick = \"brickwood\"; channels = [ \"#c\" ];\n"
                     "  flood = { burst = 100; interval_ms = 0; unsafe = true; }; } );\n"
                     "bot = { colors = false; admins = [ \"account:root\" ]; };\n"
                     "game = { turn_timeout_s = 0; };\n",
                     ntohs(sin.sin_port));
    if (config_load_buffer(&cfg, text, (size_t)n, "fuzz.conf", NULL) != 0)
        die("configuration refused");
    conn = ircb_conn_new(&cfg.networks[0], &cfg.bot, &cfg.game, 1, NULL);
    if (!conn)
        die("no connection");
    bot_set_repeatable(ircb_conn_bot(conn), true); /* an input plays the same game every time */
    for (int i = 0; i < 2000 && server_fd < 0; i++) {
        ircb_run_once(&conn, 1, 5);
        struct pollfd pl = {.fd = listen_fd, .events = POLLIN};
        if (poll(&pl, 1, 0) > 0)
            server_fd = accept(listen_fd, NULL, NULL);
    }
    if (server_fd < 0)
        die("the bot did not connect");
    int one = 1;
    setsockopt(server_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (!run_until("USER ", 2000))
        die("no registration from the bot");
    const char *hello = ":srv CAP * LS :extended-join account-notify\r\n"
                        ":srv CAP brickwood ACK :extended-join account-notify\r\n"
                        ":srv 001 brickwood :Welcome\r\n"
                        ":srv 005 brickwood NICKLEN=30 CHANTYPES=#& :are supported\r\n"
                        ":brickwood!b@fuzz.host JOIN #c * :bot\r\n"
                        ":alice!a@h JOIN #c alice :Alice\r\n"
                        ":bob!b@h JOIN #c * :Bob\r\n"
                        "PING :hello\r\n";
    send_all(hello, strlen(hello));
    if (!run_until("PONG", 2000))
        die("no answer after registration");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    send_all(data, size);
    char ping[64], want[32];
    snprintf(want, sizeof want, "probe%u", ++probe);
    int n = snprintf(ping, sizeof ping, "\r\nPING :%s\r\n", want);
    send_all(ping, (size_t)n);
    /* Up to about 2 s: a bot that does not answer by then is deaf. */
    if (!run_until(want, 1000))
        die("no answer to PING: the bot went deaf");
    return 0;
}
