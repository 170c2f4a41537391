/* The bot's reply time with the web view on, with thousands of lobbies: what a player waits
 * for a command's answer while the bot also hands its games to the web server every 250 ms
 * and web clients read the pages.
 *
 *   web_bot_bench [SECONDS [CLIENTS]]     defaults: 5 s per case, 4 clients
 *
 * For 100, 2,000 and 6,000 lobbies (each opened by its own player in its own channel), three
 * cases: the web view off; on; on with CLIENTS threads reading / and lobby pages over loopback
 * as fast as they are answered. The bot runs on this thread as in the program's loop: commands
 * arrive every 20 ms, half of them !status in a lobby and half a second player's !join or
 * !leave (so that lobbies change and are published anew); between them the bot ticks and,
 * every 250 ms, publishes (the first round, which copies every lobby, comes before the clock
 * starts). A command's time counts from when it was due to when the bot has
 * handled it (its replies queued): a command due while the bot was publishing waits for that.
 * Printed: the median and 99th percentile in ms, the publishing rounds and their median time,
 * and the pages the clients got. Figures only; nothing passes or fails. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bot/bot.h"
#include "web/server.h"

#include "bench_samples.h"

#define NETWORK "bench"
#define COMMAND_EVERY_MS 20
#define PUBLISH_EVERY_MS 250

static void count_line(void *ctx, const char *target, const char *text, unsigned flags,
                       const char *key)
{
    (void)target;
    (void)text;
    (void)flags;
    (void)key;
    (*(long *)ctx)++;
}

static int64_t ms(void)
{
    return (int64_t)(now() * 1000);
}

static void say(struct bot *b, const char *channel, const char *nick, const char *text)
{
    char host[64];
    snprintf(host, sizeof host, "%s.example", nick);
    struct bw_identity id = {nick, "u", host, NULL, true, false};
    bot_on_message(b, channel, &id, text, ms());
}

struct client {
    pthread_t thread;
    int port, lobbies, id;
    atomic_int *stop;
    long pages;
};

static void get(int port, const char *path)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
        char req[256], buf[65536];
        int n = snprintf(req, sizeof req, "GET %s HTTP/1.0\r\nHost: b\r\n\r\n", path);
        if (write(fd, req, (size_t)n) == n)
            while (read(fd, buf, sizeof buf) > 0)
                ;
    }
    close(fd);
}

static void *client_main(void *arg)
{
    struct client *c = arg;
    unsigned k = (unsigned)c->id * 7919u;
    while (!atomic_load(c->stop)) {
        char path[64];
        get(c->port, "/");
        snprintf(path, sizeof path, "/g/" NETWORK "/l%u", k++ % (unsigned)c->lobbies);
        get(c->port, path);
        c->pages += 2;
    }
    return NULL;
}

static void publish_one(void *ctx, const struct bot_game_view *v)
{
    web_publish(ctx, NETWORK, v);
}

static void run(int lobbies, int mode, double seconds, int clients)
{
    static const char *const modes[] = {"web off", "web on", "web on, loaded"};
    long lines = 0;
    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "!"};
    struct config_game cg = {3, 6, 10, 0, 2, 100, 0, false};
    struct bw_out out = {.ctx = &lines, .send = count_line};
    struct bot *b = bot_new(&net, &cb, &cg, &out, 1);
    if (!b) {
        fprintf(stderr, "bot_new refused its arguments\n");
        exit(1);
    }
    char chan[32], nick[32];
    for (int i = 0; i < lobbies; i++) {
        snprintf(chan, sizeof chan, "#l%d", i);
        snprintf(nick, sizeof nick, "p%d", i);
        say(b, chan, nick, "!new");
    }
    struct web_server *w = NULL;
    if (mode > 0) {
        char err[200];
        w = web_start("127.0.0.1", 0, err, sizeof err);
        if (!w) {
            fprintf(stderr, "%s\n", err);
            exit(1);
        }
    }
    atomic_int stop = 0;
    struct client *cl = calloc((size_t)clients, sizeof *cl);
    int n_clients = mode == 2 ? clients : 0;
    for (int i = 0; i < n_clients; i++) {
        cl[i] = (struct client){.port = web_port(w), .lobbies = lobbies, .id = i, .stop = &stop};
        pthread_create(&cl[i].thread, NULL, client_main, &cl[i]);
    }
    if (w) { /* the first round copies every lobby: once, before the clock starts */
        web_publish_begin(w);
        bot_each_game(b, ms(), publish_one, w);
        web_publish_end(w);
    }
    bool *seated = calloc((size_t)lobbies, sizeof *seated);
    struct samples replies = {0}, rounds = {0};
    unsigned k = 12345;
    int64_t start = ms(), end = start + (int64_t)(seconds * 1000);
    int64_t next_command = start, next_publish = start;
    for (int64_t t = start; t < end; t = ms()) {
        if (t >= next_command) {
            k = k * 1103515245u + 12345u;
            int i = (int)((k >> 8) % (unsigned)lobbies);
            snprintf(chan, sizeof chan, "#l%d", i);
            if (k & 0x10000) {
                snprintf(nick, sizeof nick, "p%d", i);
                say(b, chan, nick, "!status");
            } else {
                snprintf(nick, sizeof nick, "j%d", i);
                say(b, chan, nick, seated[i] ? "!leave" : "!join");
                seated[i] = !seated[i];
            }
            add_sample(&replies, now() * 1000 - (double)next_command);
            next_command += COMMAND_EVERY_MS;
        }
        bot_tick(b, ms());
        if (w && ms() >= next_publish) {
            double t0 = now();
            web_publish_begin(w);
            bot_each_game(b, ms(), publish_one, w);
            web_publish_end(w);
            add_sample(&rounds, (now() - t0) * 1000);
            next_publish += PUBLISH_EVERY_MS;
        }
        int64_t wake = next_command < next_publish || !w ? next_command : next_publish;
        int64_t left = wake - ms();
        if (left > 0)
            usleep((useconds_t)left * 1000);
    }
    atomic_store(&stop, 1);
    long pages = 0;
    for (int i = 0; i < n_clients; i++) {
        pthread_join(cl[i].thread, NULL);
        pages += cl[i].pages;
    }
    sort_samples(&replies);
    sort_samples(&rounds);
    printf("%5d lobbies  %-15s  replies %zu: median %6.2f ms, p99 %6.2f ms", lobbies, modes[mode],
           replies.n, quantile(&replies, 0.5), quantile(&replies, 0.99));
    if (w)
        printf("  publishing %zu rounds: median %5.1f ms, max %5.1f ms", rounds.n,
               quantile(&rounds, 0.5), quantile(&rounds, 1));
    if (n_clients)
        printf("  pages %ld (%.0f/s)", pages, (double)pages / seconds);
    printf("\n");
    fflush(stdout);
    web_stop(w);
    bot_free(b);
    free(seated);
    free(cl);
    free(replies.v);
    free(rounds.v);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 5;
    int clients = argc > 2 ? atoi(argv[2]) : 4;
    if (seconds <= 0 || clients < 1 || clients > 64) {
        fprintf(stderr, "usage: web_bot_bench [SECONDS [CLIENTS]]\n");
        return 2;
    }
    static const int sizes[] = {100, 2000, 6000};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int mode = 0; mode < 3; mode++)
            run(sizes[i], mode, seconds, clients);
    return 0;
}
