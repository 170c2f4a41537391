/* What the store sustains through the bot: 500 games run in 500 channels of one bot, every move
 * typed as its player's command and handled by bot_on_message, which encodes the game's record
 * and commits it (one synced SQLite transaction) before its replies go out. A game that ends is
 * recorded as finished by the bot, and a new one opens in its channel, so 500 keep running.
 * Then the file size per finished game.
 * Usage: bot_store_bench [DIR [SECONDS [GAMES]]]
 *        (default: the current directory, 3 seconds, 500 finished games for the size)
 *
 * Before the clock starts, the games are played without the store to random points of a
 * typical game, so that the running games are spread over every stage as on a live network
 * and some finish while the clock runs; then every game commits one move, so that the file
 * holds all 500 records. Timed: each bot_on_message that committed something (a move, a
 * lobby command, or the move that ends a game and records it as finished), from the call to
 * its return: parsing, the engine, the replies and the commit.
 *
 * The size per finished game is measured apart, in a fresh file: GAMES games played to the
 * end in one channel by players from a pool of POOL, their running records not saved (the
 * recording of a finished game erases its record anyway), the file checkpointed before and
 * after. The growth divided by GAMES is what a finished game leaves behind: its row, its seats
 * and its share of the pool's rating rows. The file grows by whole pages, so GAMES should be a
 * few hundred for the figure to mean something.
 *
 * Run it on the disk the bot will use: the time per move is mostly the fsync of the log, which
 * a tmpfs makes free. Printed figures only. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/bot.h"
#include "engine/error.h"
#include "engine/playout.h"
#include "netstore.h"
#include "session/session.h"
#include "store/store.h"
#include "util/xmalloc.h"

#include "bench_moves.h"
#include "bench_samples.h"

#define GAMES 500
#define NETWORK "bench"
/* Moves of a typical 4-player game with random players (engine_bench): the running games
 * start the timed part anywhere up to this far in. */
#define TYPICAL_MOVES 410
/* The players of the finished games whose size is measured. */
#define POOL 40
/* The fake clock moves on this much per message: more than the rate limit asks of one player.
 * No turn timer runs, so nothing else depends on it. */
#define STEP_MS 1100

/* The net_store's hooks that moves use, counted on the way through: which calls committed,
 * how long the store took, how long the records were. */
struct tap {
    struct session_store_ops inner;
    bool save_running; /* false: running records are not saved, finished games are */
    long commits, finished, failed;
    double store_s;       /* time spent in the store */
    struct samples *lens; /* lengths of the records saved, when not NULL */
};

static int tap_save(void *ctx, const char *channel, const void *blob, size_t len)
{
    struct tap *t = ctx;
    if (!t->save_running)
        return BW_OK;
    double t0 = now();
    int rc = t->inner.save(t->inner.ctx, channel, blob, len);
    t->store_s += now() - t0;
    t->commits++;
    t->failed += rc != BW_OK;
    if (t->lens)
        add_sample(t->lens, (double)len);
    return rc;
}

static int tap_erase(void *ctx, const char *channel)
{
    struct tap *t = ctx;
    double t0 = now();
    int rc = t->inner.erase(t->inner.ctx, channel);
    t->store_s += now() - t0;
    t->commits++;
    t->failed += rc != BW_OK;
    return rc;
}

static int tap_finished(void *ctx, const char *channel, const struct session_result *r)
{
    struct tap *t = ctx;
    double t0 = now();
    int rc = t->inner.finished(t->inner.ctx, channel, r);
    t->store_s += now() - t0;
    t->commits++;
    t->finished++;
    t->failed += rc != BW_OK;
    return rc;
}

static void tap_ops(struct tap *t, struct session_store_ops *ops)
{
    *ops = (struct session_store_ops){
        .ctx = t, .save = tap_save, .erase = tap_erase, .finished = tap_finished};
}

/* The output sink: the IRC layer would queue these lines; the bench only counts them. */
static void count_line(void *ctx, const char *target, const char *text, unsigned flags,
                       const char *key)
{
    (*(long *)ctx)++;
}

/* The store file and what SQLite keeps beside it. */
static char store_file[4096];

static void remove_store(void)
{
    static const char *const tails[] = {"", "-wal", "-shm", "-lock"};
    char name[sizeof store_file + 8];
    for (size_t i = 0; store_file[0] && i < sizeof tails / sizeof tails[0]; i++) {
        snprintf(name, sizeof name, "%s%s", store_file, tails[i]);
        unlink(name);
    }
}

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    remove_store();
    exit(1);
}

static long long file_size(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 ? (long long)sb.st_size : 0;
}

struct bench {
    struct bot *bot;
    struct tap tap;
    struct bw_rng rng;
    int64_t clock_ms;
    long lines;
    bool timing;
    struct samples times, store_times; /* per committed message, while timing */
    long moves, opened;                /* while timing */
};

static void bench_init(struct bench *x, struct store *st, struct net_store **ns, uint64_t seed)
{
    memset(x, 0, sizeof *x);
    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "!"};
    struct config_game cg = {3, 6, 10, 0, 2, 100, 0, false};
    struct bw_out out = {.ctx = &x->lines, .send = count_line};
    x->bot = bot_new(&net, &cb, &cg, &out, seed);
    if (!x->bot)
        die("bot_new refused its arguments");
    bot_set_repeatable(x->bot, true); /* the same games each run */
    *ns = net_store_new(st, NETWORK);
    net_store_ops(*ns, &x->tap.inner);
    x->tap.save_running = true;
    bw_rng_seed(&x->rng, seed * 7919 + 1);
    x->clock_ms = 1000000;
}

static void bench_fini(struct bench *x, struct net_store *ns)
{
    bot_free(x->bot);
    net_store_free(ns);
    free(x->times.v);
    free(x->store_times.v);
}

/* nick says text in channel, as the IRC layer would hand it over. */
static void say(struct bench *x, const char *channel, const char *nick, const char *text)
{
    char host[SESSION_NICK_MAX + 16];
    snprintf(host, sizeof host, "%s.example", nick);
    struct bw_identity id = {nick, "u", host, NULL, true, false};
    long commits = x->tap.commits;
    double store_s = x->tap.store_s;
    x->clock_ms += STEP_MS;
    double t0 = now();
    bot_on_message(x->bot, channel, &id, text, x->clock_ms);
    double dt = now() - t0;
    if (x->timing && x->tap.commits != commits) {
        add_sample(&x->times, dt);
        add_sample(&x->store_times, x->tap.store_s - store_s);
    }
}

/* A game of n players (the first opens and starts it) in channel. */
static void open_game(struct bench *x, const char *channel, char nicks[][SESSION_NICK_MAX + 1],
                      int n)
{
    say(x, channel, nicks[0], "!new");
    for (int i = 1; i < n; i++)
        say(x, channel, nicks[i], "!join");
    say(x, channel, nicks[0], "!start");
    const struct session *s = bot_session(x->bot, channel);
    if (!s || s->state != SESSION_PLAYING)
        die("%s: the game did not start", channel);
    x->opened += x->timing;
}

/* One move in channel's game, chosen by a random legal player on a copy of the game and typed
 * as that player's command. false when no game runs there. */
static bool play_move(struct bench *x, const char *channel)
{
    const struct session *s = bot_session(x->bot, channel);
    if (!s || s->state != SESSION_PLAYING)
        return false;
    struct game g = s->game;
    char nicks[GAME_MAX_PLAYERS][SESSION_NICK_MAX + 1];
    for (int i = 0; i < s->n_seats; i++)
        snprintf(nicks[i], sizeof nicks[i], "%s", s->seat[i].nick);
    struct game_action a;
    if (playout_choose(&g, &x->rng, &a) != BW_OK)
        die("%s: nobody can move in a running game", channel);
    char cmd[400];
    if (!format_move(&g, &a, nicks, cmd, sizeof cmd))
        die("no command for action type %d", a.type);
    say(x, channel, nicks[a.player], cmd);
    /* A legal move always changes the game (or ends it): otherwise the bench typed it wrong. */
    s = bot_session(x->bot, channel);
    if (s && memcmp(&g, &s->game, sizeof g) == 0)
        die("%s: \"%s\" by %s was refused", channel, cmd, nicks[a.player]);
    x->moves += x->timing;
    return true;
}

/* Channel c of the running games: a move, or a new game of 3 or 4 once the last one ended. */
static void step(struct bench *x, int c)
{
    char channel[32];
    snprintf(channel, sizeof channel, "#game%d", c);
    if (play_move(x, channel))
        return;
    char nicks[4][SESSION_NICK_MAX + 1];
    int n = 3 + (int)bw_rng_below(&x->rng, 2);
    for (int i = 0; i < n; i++)
        snprintf(nicks[i], sizeof nicks[i], "g%dp%d", c, i);
    open_game(x, channel, nicks, n);
}

static struct store *open_store(void)
{
    char err[512];
    remove_store();
    struct store *st = store_open(store_file, err, sizeof err);
    if (!st)
        die("%s", err);
    return st;
}

static void checkpoint(struct store *st)
{
    char err[512];
    if (store_checkpoint(st, err, sizeof err) != BW_OK)
        die("%s", err);
}

/* The timed part: 500 games round robin for seconds. */
static void run_games(double seconds)
{
    struct store *st = open_store();
    struct net_store *ns;
    struct bench x;
    struct samples lens = {0};
    bench_init(&x, st, &ns, 1);

    /* Every game to a random point, without the store. */
    double t0 = now();
    for (int c = 0; c < GAMES; c++) {
        step(&x, c);
        for (uint32_t k = bw_rng_below(&x.rng, TYPICAL_MOVES); k > 0; k--)
            step(&x, c);
    }
    double warm = now() - t0;
    /* Then one committed move each, so that the file holds every running game. */
    struct session_store_ops ops;
    tap_ops(&x.tap, &ops);
    bot_set_store(x.bot, &ops);
    for (int c = 0; c < GAMES; c++)
        step(&x, c);

    x.tap.lens = &lens;
    x.lines = 0;
    long commits = x.tap.commits, finished = x.tap.finished;
    x.timing = true;
    double start = now(), end = start + seconds;
    for (int c = 0; now() < end; c = (c + 1) % GAMES)
        step(&x, c);
    double elapsed = now() - start;
    x.timing = false;
    finished = x.tap.finished - finished;
    if (x.tap.failed)
        die("%ld commits failed", x.tap.failed);
    if (!x.times.n)
        die("nothing was committed in %.1f s", elapsed);

    sort_samples(&x.times);
    sort_samples(&x.store_times);
    sort_samples(&lens);
    printf("store: %s (synchronous=FULL, WAL)\n", store_file);
    printf("setup: %d games in %d channels played without the store to random points (up to "
           "%d moves) in %.1f s, then one committed move each\n",
           GAMES, GAMES, TYPICAL_MOVES, warm);
    printf("committed actions: %zu in %.1f s (%ld moves, %ld games finished, %ld new games "
           "opened with their lobby commands)\n",
           x.times.n, elapsed, x.moves, finished, x.opened);
    printf("time per committed action (bot_on_message): median %.3f ms, p99 %.3f ms, max %.3f "
           "ms\n",
           quantile(&x.times, 0.5) * 1e3, quantile(&x.times, 0.99) * 1e3,
           x.times.v[x.times.n - 1] * 1e3);
    printf("  of which in the store: median %.3f ms, p99 %.3f ms\n",
           quantile(&x.store_times, 0.5) * 1e3, quantile(&x.store_times, 0.99) * 1e3);
    printf("committed actions per second: %.0f\n", (double)x.times.n / elapsed);
    if (lens.n)
        printf("record of a running game: median %.0f bytes (smallest %.0f, largest %.0f; %zu "
               "saves)\n",
               quantile(&lens, 0.5), lens.v[0], lens.v[lens.n - 1], lens.n);
    printf("lines to IRC: %.1f per committed action\n",
           (double)x.lines / (double)(x.tap.commits - commits));

    checkpoint(st);
    printf("database: %lld bytes with %d running games, after a checkpoint\n",
           file_size(store_file), GAMES);
    free(lens.v);
    bench_fini(&x, ns);
    store_close(st);
    remove_store();
}

/* The size part: games finished to the end in one channel, in a fresh file. */
static void finish_games(long games)
{
    struct store *st = open_store();
    struct net_store *ns;
    struct bench x;
    bench_init(&x, st, &ns, 2);
    struct session_store_ops ops;
    tap_ops(&x.tap, &ops);
    x.tap.save_running = false;
    bot_set_store(x.bot, &ops);
    checkpoint(st);
    long long before = file_size(store_file);

    const char *channel = "#catan";
    char pool[POOL][SESSION_NICK_MAX + 1];
    for (int i = 0; i < POOL; i++)
        snprintf(pool[i], sizeof pool[i], "player%02d", i);
    double t0 = now();
    long moves = 0;
    for (long i = 0; i < games; i++) {
        char nicks[4][SESSION_NICK_MAX + 1];
        uint8_t order[POOL];
        for (int k = 0; k < POOL; k++)
            order[k] = (uint8_t)k;
        bw_rng_shuffle_u8(&x.rng, order, POOL);
        int n = 3 + (int)bw_rng_below(&x.rng, 2);
        for (int k = 0; k < n; k++)
            snprintf(nicks[k], sizeof nicks[k], "%s", pool[order[k]]);
        open_game(&x, channel, nicks, n);
        /* Only the move that ends the game commits: that one is timed. */
        x.timing = true;
        for (; play_move(&x, channel); moves++)
            if (moves > 1000000)
                die("%s: a game does not end", channel);
        x.timing = false;
    }
    double elapsed = now() - t0;
    if (x.tap.failed)
        die("%ld commits failed", x.tap.failed);
    checkpoint(st);
    long long after = file_size(store_file);

    sort_samples(&x.times);
    printf("finished games: %ld recorded (%.0f moves each on average, %d players in all) in "
           "%.1f s\n",
           x.tap.finished, (double)moves / (double)games, POOL, elapsed);
    if (x.times.n)
        printf("the move that ends a game and records it: median %.3f ms, p99 %.3f ms\n",
               quantile(&x.times, 0.5) * 1e3, quantile(&x.times, 0.99) * 1e3);
    printf("database per finished game: %.0f bytes (file growth after a checkpoint, %lld to "
           "%lld bytes, over %ld games)\n",
           (double)(after - before) / (double)games, before, after, games);
    bench_fini(&x, ns);
    store_close(st);
    remove_store();
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    double seconds = argc > 2 ? strtod(argv[2], NULL) : 3.0;
    long games = argc > 3 ? strtol(argv[3], NULL, 10) : 500;
    if (seconds <= 0 || seconds > 600 || games < 1 || games > 100000) {
        fprintf(stderr, "usage: bot_store_bench [DIR [SECONDS (0-600) [GAMES (1-100000)]]]\n");
        return 2;
    }
    snprintf(store_file, sizeof store_file, "%s/bot_store_bench.%ld.db", dir, (long)getpid());
    run_games(seconds);
    finish_games(games);
    return 0;
}
