/* The web view's costs: drawing a game's live part, page and SVG (time and bytes), the bot
 * thread's cost of handing games over per round (nothing changed / all changed), the memory a
 * published game takes, and the server's answers per second and latency with several clients
 * on loopback while the games keep changing.
 *
 *   web_bench [GAMES [SECONDS [CLIENTS]]]     defaults: 200 games, 5 s, 4 clients */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "engine/playout.h"
#include "web/server.h"
#include "web/svg.h"

#include "bench_samples.h"

static const char *const names[GAME_MAX_PLAYERS] = {"alice", "bob",  "carol",
                                                    "dave",  "erin", "frank"};

static void seated(struct session *s, int i, int board, int n, uint64_t seed, int moves)
{
    struct session_rules rules = {3, 6, 10, 0, 2, false};
    char chan[32];
    snprintf(chan, sizeof chan, "#catan%d", i);
    session_init(s, chan, &rules, seed);
    s->n_seats = (uint8_t)n;
    for (int k = 0; k < n; k++) {
        snprintf(s->seat[k].nick, sizeof s->seat[k].nick, "%s", names[k]);
        s->seat[k].present = 1;
    }
    struct game_options o = {.n_players = (uint8_t)n, .board = (uint8_t)board};
    game_init(&s->game, &o, seed);
    s->state = SESSION_PLAYING;
    struct bw_rng rng;
    bw_rng_seed(&rng, seed);
    for (int k = 0; k < moves && s->game.phase != PHASE_OVER; k++) {
        struct game_action a;
        if (playout_choose(&s->game, &rng, &a) != BW_OK)
            break;
        game_apply(&s->game, &a, NULL, 0, NULL);
    }
}

static const char *const lines[] = {
    "alice rolled 8 (3+5) \xc2\xb7 bob receives 1 wood \xc2\xb7 carol receives 2 ore",
    "bob built a road at 12-13", "carol bought a development card", "dave ends the turn"};

static void drawing(const char *what, int board, int n)
{
    struct session s;
    seated(&s, 0, board, n, 7, 600);
    struct web_game w = {"local", s.channel, &s, lines, 4, false, 0, false};
    const int rounds = 300;
    struct strbuf sb = STRBUF_INIT;
    size_t live = 0, page = 0, svg = 0;
    double t0 = now();
    for (int i = 0; i < rounds; i++) {
        sb_reset(&sb);
        web_page_live(&w, &sb);
        live = sb.len;
    }
    double t1 = now();
    for (int i = 0; i < rounds; i++) {
        sb_reset(&sb);
        web_page_game(&w, &sb);
        page = sb.len;
    }
    double t2 = now();
    char *buf = xmalloc(1 << 20);
    for (int i = 0; i < rounds; i++)
        svg = web_svg_board(&s.game, names, n, 0, buf, 1 << 20);
    double t3 = now();
    free(buf);
    sb_fini(&sb);
    printf("%s: live part %.0f us (%zu bytes), page %.0f us (%zu bytes), svg %.0f us (%zu bytes)\n",
           what, (t1 - t0) / rounds * 1e6, live, (t2 - t1) / rounds * 1e6, page,
           (t3 - t2) / rounds * 1e6, svg);
}

static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

struct client {
    int port, games;
    double until;
    struct samples lat;
    long ok, other;
    unsigned seed;
};

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        fd = -1;
    }
    return fd;
}

static void *client_loop(void *arg)
{
    struct client *c = arg;
    char *buf = xmalloc(1 << 20);
    while (now() < c->until) {
        int g = (int)(rand_r(&c->seed) % (unsigned)c->games), kind = (int)(rand_r(&c->seed) % 4);
        static const char *const tails[] = {"", "/live", "/board.svg", "/live"};
        char req[256];
        int n = snprintf(req, sizeof req,
                         "GET /g/local/catan%d%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                         g, tails[kind]);
        double t = now();
        int fd = dial(c->port);
        if (fd < 0) {
            c->other++;
            continue;
        }
        if (write(fd, req, (size_t)n) != n) {
            close(fd);
            c->other++;
            continue;
        }
        size_t len = 0;
        ssize_t got;
        while ((got = read(fd, buf + len, (1 << 20) - len - 1)) > 0)
            len += (size_t)got;
        close(fd);
        buf[len] = 0;
        if (strncmp(buf, "HTTP/1.1 200", 12) == 0)
            c->ok++;
        else
            c->other++;
        add_sample(&c->lat, (now() - t) * 1e3);
    }
    free(buf);
    return NULL;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 200;
    double seconds = argc > 2 ? atof(argv[2]) : 5;
    int clients = argc > 3 ? atoi(argv[3]) : 4;
    if (games < 1 || games > 5000 || seconds <= 0 || clients < 1 || clients > 64) {
        fprintf(stderr, "usage: web_bench [GAMES 1..5000 [SECONDS [CLIENTS 1..64]]]\n");
        return 2;
    }
    drawing("base board, 4 players", BOARD_BASE, 4);
    drawing("5-6 board, 6 players", BOARD_BIG, 6);
    drawing("Fog Islands, 4 players", BOARD_FOG_ISLANDS_4, 4);

    char err[200];
    struct web_server *w = web_start("127.0.0.1", 0, err, sizeof err);
    if (!w) {
        fprintf(stderr, "web_bench: %s\n", err);
        return 1;
    }
    struct session *s = xcalloc((size_t)games, sizeof *s);
    for (int i = 0; i < games; i++)
        seated(&s[i], i, BOARD_BASE, 4, (uint64_t)i + 1, 100 + i % 500);
    long rss0 = rss_kib();
    uint64_t gen = 1;
    struct samples changed = {0}, same = {0};
    for (int round = 0; round < 20; round++) {
        bool all = round % 2 == 0;
        if (all)
            gen++;
        double t = now();
        web_publish_begin(w);
        for (int i = 0; i < games; i++) {
            struct bot_game_view v = {
                .channel = s[i].channel, .s = &s[i], .gen = gen, .n_recent = 4};
            for (int k = 0; k < 4; k++)
                v.recent[k] = lines[k];
            web_publish(w, "local", &v);
        }
        web_publish_end(w);
        add_sample(all ? &changed : &same, (now() - t) * 1e3);
    }
    sort_samples(&changed);
    sort_samples(&same);
    long rss1 = rss_kib();
    printf("publish %d games per round: all changed %.2f ms, none changed %.3f ms (medians)\n",
           games, quantile(&changed, 0.5), quantile(&same, 0.5));
    printf("memory: %.1f KiB per published game before any page is drawn\n",
           (double)(rss1 - rss0) / games);

    struct client *cs = xcalloc((size_t)clients, sizeof *cs);
    pthread_t *ts = xcalloc((size_t)clients, sizeof *ts);
    double start = now();
    for (int i = 0; i < clients; i++) {
        cs[i] = (struct client){web_port(w), games, start + seconds, {0}, 0, 0, (unsigned)i + 1};
        pthread_create(&ts[i], NULL, client_loop, &cs[i]);
    }
    /* The bot's thread: a tenth of the games change every 250 ms. */
    struct bw_rng rng;
    bw_rng_seed(&rng, 3);
    while (now() < start + seconds) {
        gen++;
        web_publish_begin(w);
        for (int i = 0; i < games; i++) {
            bool moved = bw_rng_next(&rng) % 10 == 0;
            struct bot_game_view v = {
                .channel = s[i].channel, .s = &s[i], .gen = moved ? gen : 2, .n_recent = 4};
            for (int k = 0; k < 4; k++)
                v.recent[k] = lines[k];
            web_publish(w, "local", &v);
        }
        web_publish_end(w);
        usleep(250 * 1000);
    }
    struct samples all = {0};
    long ok = 0, other = 0;
    for (int i = 0; i < clients; i++) {
        pthread_join(ts[i], NULL);
        for (size_t k = 0; k < cs[i].lat.n; k++)
            add_sample(&all, cs[i].lat.v[k]);
        ok += cs[i].ok;
        other += cs[i].other;
        free(cs[i].lat.v);
    }
    sort_samples(&all);
    double took = now() - start;
    printf("server, %d clients, %d games (a tenth changing every 250 ms): %.0f answers/s, "
           "latency median %.2f ms, p99 %.2f ms; %ld ok, %ld other\n",
           clients, games, (double)(ok + other) / took, quantile(&all, 0.5), quantile(&all, 0.99),
           ok, other);
    printf("memory: %.1f KiB per game with its drawings cached\n",
           (double)(rss_kib() - rss0) / games);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("max resident %ld KiB\n", ru.ru_maxrss);
    free(all.v);
    free(changed.v);
    free(same.v);
    free(cs);
    free(ts);
    web_stop(w);
    free(s);
    return 0;
}
