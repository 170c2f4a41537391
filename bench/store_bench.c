/* What the store sustains: 500 games running, each action saving the game's record (4 KiB)
 * round robin, every save a committed and synced transaction; then the file size per finished
 * game after recording 1000 finished 4-player games.
 * Usage: store_bench [DIR [SECONDS]]   (default: the current directory, 3 seconds)
 * With BW_PG_CONNINFO set (a libpq connection string), the saves are measured on that
 * PostgreSQL database too (instance "bench", its games removed afterwards) and both backends'
 * figures are printed side by side; tests/pg_run.sh runs it on a server of its own.
 *
 * Run it on the disk the bot will use: the time per save is mostly the fsync of the log, which
 * a tmpfs makes free. Printed figures only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store/store.h"

#include "bench_time.h"

#define GAMES 500
#define RECORD 4096
#define FINISHED 1000

static long long file_size(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 ? (long long)sb.st_size : 0;
}

static void remove_store(const char *path)
{
    static const char *const tails[] = {"", "-wal", "-shm", "-lock"};
    char name[4200];
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        snprintf(name, sizeof name, "%s%s", path, tails[i]);
        unlink(name);
    }
}

/* The saves of one run: how many, in how long, and the time each took (sorted). */
struct figures {
    size_t n;
    double elapsed, median, p99, max;
};

/* Save records round robin over GAMES channels for seconds; every save committed. */
static int measure(struct store *st, double seconds, struct figures *f)
{
    /* Records vary from action to action like a real game's; content does not matter to
     * the store beyond its size. */
    static unsigned char blob[RECORD];
    srand(1);
    for (size_t i = 0; i < sizeof blob; i++)
        blob[i] = (unsigned char)rand();
    size_t cap = 1 << 16, n = 0;
    double *times = malloc(cap * sizeof *times);
    char channel[32], err[512];
    double start = now(), end = start + seconds;
    while (times && now() < end) {
        if (n == cap) {
            cap *= 2;
            double *more = realloc(times, cap * sizeof *times);
            if (!more)
                break;
            times = more;
        }
        snprintf(channel, sizeof channel, "#game%zu", n % GAMES);
        blob[n % RECORD] ^= 0x5a;
        double t0 = now();
        if (store_save_game(st, "bench", channel, blob, sizeof blob, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            free(times);
            return -1;
        }
        times[n++] = now() - t0;
    }
    if (!times || n == 0) {
        free(times);
        return -1;
    }
    f->elapsed = now() - start;
    qsort(times, n, sizeof *times, by_value);
    f->n = n;
    f->median = times[n / 2];
    f->p99 = times[n * 99 / 100];
    f->max = times[n - 1];
    free(times);
    return 0;
}

static void print_figures(const char *backend, const struct figures *f)
{
    printf("%s saves: %zu in %.1f s over %d games of %d bytes, round robin\n", backend, f->n,
           f->elapsed, GAMES, RECORD);
    printf("%s time per committed save: median %.3f ms, p99 %.3f ms, max %.3f ms\n", backend,
           f->median * 1e3, f->p99 * 1e3, f->max * 1e3);
    printf("%s committed saves per second: %.0f\n", backend, (double)f->n / f->elapsed);
}

/* The same saves on PostgreSQL, then both side by side. */
static int compare_pg(const char *conninfo, double seconds, const struct figures *lite)
{
    char err[512];
    struct store *pg = store_open_pg(conninfo, "bench", STORE_OPEN_KEEP, err, sizeof err);
    struct figures f;
    if (!pg || measure(pg, seconds, &f) != 0) {
        fprintf(stderr, "%s\n", pg ? "PostgreSQL: the saves failed" : err);
        store_close(pg);
        return -1;
    }
    char channel[32];
    for (int i = 0; i < GAMES; i++) {
        snprintf(channel, sizeof channel, "#game%d", i);
        store_erase_game(pg, "bench", channel, err, sizeof err);
    }
    store_close(pg);
    print_figures("PostgreSQL", &f);
    printf("%-12s %12s %12s %12s\n", "backend", "median ms", "p99 ms", "saves/s");
    printf("%-12s %12.3f %12.3f %12.0f\n", "SQLite", lite->median * 1e3, lite->p99 * 1e3,
           (double)lite->n / lite->elapsed);
    printf("%-12s %12.3f %12.3f %12.0f\n", "PostgreSQL", f.median * 1e3, f.p99 * 1e3,
           (double)f.n / f.elapsed);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    double seconds = argc > 2 ? strtod(argv[2], NULL) : 3.0;
    if (seconds <= 0 || seconds > 600) {
        fprintf(stderr, "usage: store_bench [DIR [SECONDS (0-600)]]\n");
        return 2;
    }
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/store_bench.%ld.db", dir, (long)getpid());
    remove_store(path);
    struct store *st = store_open(path, err, sizeof err);
    if (!st) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }

    struct figures lite;
    if (measure(st, seconds, &lite) != 0)
        return 1;
    printf("store: %s (synchronous=FULL, WAL)\n", path);
    print_figures("SQLite", &lite);
    const char *conninfo = getenv("BW_PG_CONNINFO");
    if (conninfo && *conninfo && compare_pg(conninfo, seconds, &lite) != 0)
        return 1;

    store_checkpoint(st, err, sizeof err);
    long long running = file_size(path);
    store_close(st);
    remove_store(path);

    /* A fresh file, so that pages freed by the saves above do not hide the growth. */
    st = store_open(path, err, sizeof err);
    if (!st) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    long long before = file_size(path);
    double t0 = now();
    char channel[32];
    static const char *const nicks[] = {"alice", "bob",   "carol", "dave", "erin",
                                        "frank", "grace", "heidi", "ivan", "judy"};
    char ids[4][64];
    for (int i = 0; i < FINISHED; i++) {
        struct store_finished g = {0};
        g.network = "bench";
        snprintf(channel, sizeof channel, "#game%d", i % GAMES);
        g.channel = channel;
        g.started = 1700000000 + i * 3600;
        g.ended = g.started + 3000;
        g.turns = 60;
        g.ending = STORE_END_WIN;
        g.n_seats = 4;
        for (int s = 0; s < 4; s++) {
            int who = (i * 3 + s * 7) % 10;
            snprintf(ids[s], sizeof ids[s], "account:%s", nicks[who]);
            g.seats[s] = (struct store_seat){ids[s],     nicks[who], s, s == i % 4 ? 10 : 3 + s,
                                             s == i % 4, false};
        }
        if (store_record_finished(st, &g, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
    }
    double record_time = now() - t0;
    store_checkpoint(st, err, sizeof err);
    long long after = file_size(path);
    printf("finished games: %d recorded in %.2f s (%.2f ms each)\n", FINISHED, record_time,
           record_time * 1e3 / FINISHED);
    printf("database: %lld bytes with %d running games; %.0f bytes per finished 4-player "
           "game\n",
           running, GAMES, (double)(after - before) / FINISHED);
    store_close(st);
    remove_store(path);
    return 0;
}
