/* What the store sustains: 500 games running, each action saving the game's record (4 KiB)
 * round robin, every save a committed and synced transaction; then the file size per finished
 * game after recording 1000 finished 4-player games.
 * Usage: store_bench [DIR [SECONDS]]   (default: the current directory, 3 seconds)
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

    /* Records vary from action to action like a real game's; content does not matter to
     * SQLite beyond its size. */
    static unsigned char blob[RECORD];
    srand(1);
    for (size_t i = 0; i < sizeof blob; i++)
        blob[i] = (unsigned char)rand();
    size_t cap = 1 << 16, n = 0;
    double *times = malloc(cap * sizeof *times);
    char channel[32];
    double start = now(), end = start + seconds;
    while (now() < end) {
        if (n == cap) {
            cap *= 2;
            times = realloc(times, cap * sizeof *times);
            if (!times)
                return 1;
        }
        snprintf(channel, sizeof channel, "#game%zu", n % GAMES);
        blob[n % RECORD] ^= 0x5a;
        double t0 = now();
        if (store_save_game(st, "bench", channel, blob, sizeof blob, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        times[n++] = now() - t0;
    }
    double elapsed = now() - start;
    qsort(times, n, sizeof *times, by_value);
    printf("store: %s (synchronous=FULL, WAL)\n", path);
    printf("saves: %zu in %.1f s over %d games of %d bytes, round robin\n", n, elapsed, GAMES,
           RECORD);
    printf("time per committed save: median %.3f ms, p99 %.3f ms, max %.3f ms\n",
           times[n / 2] * 1e3, times[n * 99 / 100] * 1e3, times[n - 1] * 1e3);
    printf("committed saves per second: %.0f\n", (double)n / elapsed);
    free(times);

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
