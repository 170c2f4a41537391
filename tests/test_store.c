/* The store: records survive reopening and kill -9, unusable files are refused with a clear
 * reason and left byte for byte as they were, finished games and ratings match hand-computed
 * values, the leaderboard order is deterministic, backups and checkpoints work. */
/* nftw */
#define _XOPEN_SOURCE 700

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store/rating.h"
#include "store/store.h"

/* The unprivileged user the read-only directory test runs as when the tests run as root. */
#define NOBODY 65534

static char root[64];
static char err[512];

static char *path_in(const char *name)
{
    static char buf[4][256];
    static int next;
    char *p = buf[next++ % 4];
    snprintf(p, sizeof buf[0], "%s/%s", root, name);
    return p;
}

static int remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    return remove(path);
}

static int make_root(void **state)
{
    snprintf(root, sizeof root, "/tmp/bw_store_test.XXXXXX");
    if (!mkdtemp(root))
        return -1;
    /* Traversable by the unprivileged user of the read-only directory test. */
    return chmod(root, 0755);
}

static int remove_root(void **state)
{
    char ro[300];
    snprintf(ro, sizeof ro, "%s/ro", root);
    chmod(ro, 0755);
    return nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* The whole file, malloc'd; *len its size. */
static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)n + 1);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return data;
}

static void assert_same_file(const char *path, const unsigned char *before, size_t len)
{
    size_t now_len;
    unsigned char *now = slurp(path, &now_len);
    assert_int_equal(now_len, len);
    assert_memory_equal(now, before, len);
    free(now);
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("\"%s\" does not contain \"%s\"", text, part);
}

/* A store at path holding a few games with records of 4 KiB, closed again. */
static void make_store(const char *path, int games)
{
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    unsigned char blob[4096];
    for (int i = 0; i < games; i++) {
        char chan[32];
        snprintf(chan, sizeof chan, "#game%d", i);
        memset(blob, 'a' + i % 26, sizeof blob);
        assert_int_equal(store_save_game(st, "net", chan, blob, sizeof blob, err, sizeof err),
                         BW_OK);
    }
    store_close(st);
}

/* ---- ratings, pure ---- */

static void test_rating_even_table_with_tie(void **state)
{
    /* Four players at 1500: every expected score is 1/2 and K/(n-1) = 32/3.
     * alice wins (3 pair wins: +3 - 1.5 = +1.5 -> +16); bob and carol 7 points each (one loss,
     * one draw, one win: 1.5 - 1.5 = 0); dave last (0 - 1.5 -> -16). */
    struct rating_player p[4] = {{1500, 10, true, false},
                                 {1500, 7, false, false},
                                 {1500, 7, false, false},
                                 {1500, 5, false, false}};
    double after[4];
    assert_true(rating_update(p, 4, after));
    assert_float_equal(after[0], 1516.0, 1e-9);
    assert_float_equal(after[1], 1500.0, 1e-9);
    assert_float_equal(after[2], 1500.0, 1e-9);
    assert_float_equal(after[3], 1484.0, 1e-9);
}

static void test_rating_resigned_ranks_last(void **state)
{
    /* A 1600 second with 6 points, B 1500 wins, C 1400 resigned with 8 points (still last).
     * K/(n-1) = 16. E(1500,1600) = 1/(1+10^0.25) = 0.359935, E(1500,1400) = 0.640065:
     *   B: 16 * ((1 - 0.359935) + (1 - 0.640065)) = +16              -> 1516
     *   A: 16 * ((0 - 0.640065) + (1 - 0.759747)) = -6.396991        -> 1593.603009
     *   C: 16 * ((0 - 0.240253) + (0 - 0.359935)) = -9.603009        -> 1390.396991 */
    struct rating_player p[3] = {
        {1600, 6, false, false}, {1500, 10, true, false}, {1400, 8, false, true}};
    double after[3];
    assert_true(rating_update(p, 3, after));
    assert_float_equal(after[0], 1593.603009, 1e-6);
    assert_float_equal(after[1], 1516.0, 1e-9);
    assert_float_equal(after[2], 1390.396991, 1e-6);
    assert_float_equal(after[0] + after[1] + after[2], 4500.0, 1e-9);

    assert_true(rating_compare(&p[0], &p[2]) < 0); /* fewer points, but stayed */
    assert_true(rating_compare(&p[1], &p[0]) < 0);
    struct rating_player r1 = {1500, 4, false, true}, r2 = {1500, 4, false, true};
    assert_int_equal(rating_compare(&r1, &r2), 0);
    assert_false(rating_update(p, 1, after));
    assert_false(rating_update(p, 7, after));
}

/* ---- games in progress ---- */

struct seen {
    int count;
    char channels[8][32];
    size_t lens[8];
    unsigned char first[8];
};

static int collect(void *ctx, const char *network, const char *channel, const void *blob,
                   size_t len)
{
    struct seen *s = ctx;
    snprintf(s->channels[s->count], sizeof s->channels[0], "%s/%s", network, channel);
    s->lens[s->count] = len;
    s->first[s->count] = blob ? *(const unsigned char *)blob : 0;
    s->count++;
    return 0;
}

static void test_round_trip(void **state)
{
    const char *path = path_in("round.db");
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    assert_string_equal(store_path(st), path);
    assert_int_equal(store_save_game(st, "libera", "#catan", "A1", 2, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "#b", "B", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "oftc", "#catan", "C", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "#catan", "D22", 3, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "#gone", "E", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_erase_game(st, "libera", "#gone", err, sizeof err), BW_OK);
    assert_int_equal(store_erase_game(st, "libera", "#never", err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "libera", "", "x", 1, err, sizeof err), BW_E(INVALID));
    assert_int_equal(store_save_game(st, "libera", "#x", "x", 0, err, sizeof err), BW_E(INVALID));
    assert_int_equal(
        store_save_game(st, "libera", "#x", "x", STORE_MAX_RECORD + 1, err, sizeof err),
        BW_E(LIMIT));
    store_close(st);

    st = store_open(path, err, sizeof err);
    assert_non_null(st);
    struct seen s = {0};
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 3);
    assert_string_equal(s.channels[0], "libera/#b");
    assert_string_equal(s.channels[1], "libera/#catan");
    assert_int_equal(s.lens[1], 3);
    assert_int_equal(s.first[1], 'D');
    assert_string_equal(s.channels[2], "oftc/#catan");
    memset(&s, 0, sizeof s);
    assert_int_equal(store_each_game(st, "oftc", collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 1);
    assert_string_equal(s.channels[0], "oftc/#catan");
    store_close(st);
}

/* A store file deleted (or moved) while no brickwood runs: its lock file is still there, so a
 * start that would otherwise begin on a new, empty file is refused, the directory untouched;
 * told to start empty, it does. A new store (no lock file yet) opens as always. */
static void test_missing_file_beside_its_lock_refused(void **state)
{
    const char *path = path_in("lost.db");
    struct store *st = store_open_flags(path, STORE_OPEN_KEEP, err, sizeof err);
    assert_non_null(st); /* a new store */
    assert_int_equal(store_save_game(st, "libera", "#catan", "A1", 2, err, sizeof err), BW_OK);
    store_close(st);
    assert_int_equal(unlink(path), 0);
    st = store_open_flags(path, STORE_OPEN_KEEP, err, sizeof err);
    assert_null(st);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "missing"));
    assert_non_null(strstr(err, "--start-empty"));
    assert_int_equal(access(path, F_OK), -1); /* nothing created in its place */
    st = store_open_flags(path, STORE_OPEN_EMPTY_OK, err, sizeof err);
    assert_non_null(st);
    store_close(st);
    st = store_open_flags(path, STORE_OPEN_KEEP, err, sizeof err);
    assert_non_null(st); /* the new file is the store now */
    store_close(st);
}

/* The store file deleted or replaced while open: every write after is refused (never a commit
 * into a file nobody will open again), and so is one to a file made read-only. */
static void test_file_gone_or_replaced_refused(void **state)
{
    const char *path = path_in("gone.db");
    char moved[600];
    snprintf(moved, sizeof moved, "%s.moved", path);
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    assert_int_equal(store_save_game(st, "n", "#a", "A", 1, err, sizeof err), BW_OK);
    assert_int_equal(rename(path, moved), 0);
    assert_int_equal(store_save_game(st, "n", "#a", "B", 1, err, sizeof err), BW_E(IO));
    assert_non_null(strstr(err, "the store file is gone"));
    assert_int_equal(store_erase_game(st, "n", "#a", err, sizeof err), BW_E(IO));
    assert_int_equal(store_set_language(st, "n", "#a", "uk", err, sizeof err), BW_E(IO));
    /* Another file under its name is not it either. */
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(store_save_game(st, "n", "#a", "B", 1, err, sizeof err), BW_E(IO));
    assert_non_null(strstr(err, "replaced"));
    /* Back where it was, it takes writes again. */
    assert_int_equal(rename(moved, path), 0);
    assert_int_equal(store_save_game(st, "n", "#a", "C", 1, err, sizeof err), BW_OK);
    if (geteuid() != 0) { /* root writes whatever the mode says */
        assert_int_equal(chmod(path, 0444), 0);
        assert_int_equal(store_save_game(st, "n", "#a", "D", 1, err, sizeof err), BW_E(IO));
        assert_non_null(strstr(err, "cannot be written"));
        assert_int_equal(chmod(path, 0644), 0);
    }
    store_close(st);
}

/* The lock file's time is the last sign of life of the brickwood that held the store: the
 * next one reads it (a restored game's clocks ran until then, no longer). */
static void test_last_sign_of_life(void **state)
{
    const char *path = path_in("alive.db");
    char lock[600];
    snprintf(lock, sizeof lock, "%s-lock", path);
    unlink(lock);
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    assert_true(store_last_alive(st) == INT64_MIN); /* nobody held it before */
    store_alive(st);
    store_close(st);
    struct timespec then[2] = {{1700000000, 250000000}, {1700000000, 250000000}};
    assert_int_equal(utimensat(AT_FDCWD, lock, then, 0), 0);
    st = store_open(path, err, sizeof err);
    assert_non_null(st);
    assert_true(store_last_alive(st) == 1700000000250LL);
    store_alive(st);
    struct stat sb;
    assert_int_equal(stat(lock, &sb), 0);
    assert_true(sb.st_mtim.tv_sec > 1700000000);
    store_close(st);
}

/* A child saves a game, says so, and is killed with SIGKILL at once: the record is there. */
static void test_kill_9_keeps_what_was_committed(void **state)
{
    const char *path = path_in("kill.db");
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct store *st = store_open(path, err, sizeof err);
        if (!st || store_save_game(st, "net", "#told", "moved", 5, err, sizeof err) != BW_OK)
            _exit(1);
        if (write(ready[1], "y", 1) != 1)
            _exit(1);
        for (;;)
            pause();
    }
    close(ready[1]);
    char c;
    assert_int_equal(read(ready[0], &c, 1), 1);
    kill(pid, SIGKILL);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    close(ready[0]);
    assert_true(WIFSIGNALED(status));

    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    struct seen s = {0};
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 1);
    assert_string_equal(s.channels[0], "net/#told");
    assert_int_equal(s.lens[0], 5);
    store_close(st);
}

/* ---- files that cannot be used ---- */

static void test_random_bytes_refused(void **state)
{
    const char *path = path_in("random.db");
    unsigned char junk[8192];
    srand(7);
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (unsigned char)rand();
    write_file(path, junk, sizeof junk);
    assert_null(store_open(path, err, sizeof err));
    assert_contains(err, path);
    assert_contains(err, "not a SQLite database");
    assert_same_file(path, junk, sizeof junk);
    assert_int_equal(access(path_in("random.db-lock"), F_OK), -1);
}

static void test_damaged_page_refused(void **state)
{
    const char *path = path_in("damaged.db");
    make_store(path, 40);
    size_t len;
    unsigned char *data = slurp(path, &len);
    assert_true(len > 3 * 4096);
    /* Page 2 is the root of the games table (the first one created): garble it. */
    for (size_t i = 4096; i < 8192; i++)
        data[i] = (unsigned char)(i * 131 + 17);
    write_file(path, data, len);
    assert_null(store_open(path, err, sizeof err));
    assert_contains(err, "corrupt");
    assert_contains(err, "untouched");
    assert_null(strchr(err, '\n'));
    assert_same_file(path, data, len);
    free(data);
}

/* A channel's language is kept, listed by network and channel, replaced and forgotten. */
static int list_language(void *ctx, const char *channel, const char *language)
{
    char *out = ctx;
    size_t n = strlen(out);
    snprintf(out + n, 256 - n, "%s=%s;", channel, language);
    return 0;
}

static void test_languages_kept(void **state)
{
    const char *path = path_in("langs.db");
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    char got[256] = "";
    assert_int_equal(store_set_language(st, "net", "#katan", "uk", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "net", "#arab", "ar", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "other", "#katan", "sr", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "net", "#katan", "en", err, sizeof err), BW_OK);
    assert_int_equal(store_set_language(st, "net", "", "en", err, sizeof err), BW_E(INVALID));
    store_close(st);
    st = store_open(path, err, sizeof err); /* kept across a restart */
    assert_non_null(st);
    assert_int_equal(store_each_language(st, "net", list_language, got, err, sizeof err), BW_OK);
    assert_string_equal(got, "#arab=ar;#katan=en;");
    assert_int_equal(store_set_language(st, "net", "#arab", NULL, err, sizeof err), BW_OK);
    got[0] = '\0';
    assert_int_equal(store_each_language(st, "net", list_language, got, err, sizeof err), BW_OK);
    assert_string_equal(got, "#katan=en;");
    got[0] = '\0';
    assert_int_equal(store_each_language(st, "other", list_language, got, err, sizeof err), BW_OK);
    assert_string_equal(got, "#katan=sr;");
    store_close(st);
}

static int count_old(void *ctx, const char *network, const char *channel, const void *blob,
                     size_t len)
{
    int *n = ctx;
    assert_string_equal(channel, "#old");
    assert_int_equal(len, 64);
    assert_int_equal(((const unsigned char *)blob)[0], 'v');
    (*n)++;
    return 0;
}

/* A store written by the previous build (schema version 1: tests/data/store_v1.db, holding one
 * game in #old) is brought up to date when opened: its game stays, languages can be kept. */
static void test_schema_1_updated(void **state)
{
    const char *src = getenv("BW_SOURCE_DIR");
    char from[4096];
    snprintf(from, sizeof from, "%s/tests/data/store_v1.db", src ? src : ".");
    size_t len;
    unsigned char *data = slurp(from, &len);
    assert_int_equal(data[63], 1); /* user_version 1 */
    const char *path = path_in("v1.db");
    write_file(path, data, len);
    free(data);
    struct store *st = store_open(path, err, sizeof err);
    if (!st)
        fail_msg("the version 1 store is refused: %s", err);
    int games = 0;
    assert_int_equal(store_each_game(st, "net", count_old, &games, err, sizeof err), BW_OK);
    assert_int_equal(games, 1);
    assert_int_equal(store_set_language(st, "net", "#old", "uk", err, sizeof err), BW_OK);
    /* Finished games keep their house rules (schema version 3). */
    struct store_finished g = {.network = "net",
                               .channel = "#old",
                               .started = 1,
                               .ended = 2,
                               .ending = STORE_END_STOP,
                               .n_seats = 1,
                               .seats = {{"account:a", "a", 0, 2, false, false}},
                               .rules = "points 10, discard 9"};
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    store_close(st);
    data = slurp(path, &len);
    assert_int_equal(data[63], STORE_SCHEMA_VERSION);
    free(data);
}

static void test_newer_schema_refused(void **state)
{
    const char *path = path_in("newer.db");
    make_store(path, 1);
    size_t len;
    unsigned char *data = slurp(path, &len);
    data[60] = 0; /* PRAGMA user_version, big-endian at offset 60 */
    data[61] = 0;
    data[62] = 0;
    data[63] = STORE_SCHEMA_VERSION + 1;
    write_file(path, data, len);
    assert_null(store_open(path, err, sizeof err));
    assert_contains(err, "newer");
    assert_same_file(path, data, len);

    data[63] = STORE_SCHEMA_VERSION;
    data[68] = 'x'; /* PRAGMA application_id: another program's database */
    write_file(path, data, len);
    assert_null(store_open(path, err, sizeof err));
    assert_contains(err, "another program");
    assert_same_file(path, data, len);
    free(data);
}

static void test_second_open_in_process_refused(void **state)
{
    const char *path = path_in("twice.db");
    struct store *a = store_open(path, err, sizeof err);
    assert_non_null(a);
    assert_int_equal(store_save_game(a, "net", "#c", "x", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_checkpoint(a, err, sizeof err), BW_OK);
    size_t len;
    unsigned char *before = slurp(path, &len);
    assert_null(store_open(path, err, sizeof err));
    char want[64];
    snprintf(want, sizeof want, "in use by another brickwood (pid %ld)", (long)getpid());
    assert_contains(err, want);
    assert_same_file(path, before, len);
    /* The first store is unharmed and keeps working. */
    assert_int_equal(store_save_game(a, "net", "#c", "y", 1, err, sizeof err), BW_OK);
    store_close(a);
    free(before);
    struct store *b = store_open(path, err, sizeof err);
    assert_non_null(b);
    store_close(b);
}

static void test_other_process_refused(void **state)
{
    const char *path = path_in("shared.db");
    make_store(path, 2);
    int ready[2], go[2];
    assert_int_equal(pipe(ready), 0);
    assert_int_equal(pipe(go), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct store *st = store_open(path, err, sizeof err);
        char c = st ? 'y' : 'n';
        if (write(ready[1], &c, 1) != 1 || read(go[0], &c, 1) != 1)
            _exit(1);
        store_close(st);
        _exit(0);
    }
    char c;
    assert_int_equal(read(ready[0], &c, 1), 1);
    assert_int_equal(c, 'y');
    size_t len;
    unsigned char *before = slurp(path, &len);
    struct store *st = store_open(path, err, sizeof err);
    assert_null(st);
    char want[64];
    snprintf(want, sizeof want, "in use by another brickwood (pid %ld)", (long)pid);
    assert_contains(err, want);
    assert_same_file(path, before, len);
    free(before);
    assert_int_equal(write(go[1], "x", 1), 1);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(ready[0]);
    close(ready[1]);
    close(go[0]);
    close(go[1]);
    st = store_open(path, err, sizeof err);
    assert_non_null(st);
    store_close(st);
}

/* Open path and report through fd: "ok" or the error. */
static void try_open_to(int fd, const char *path)
{
    struct store *st = store_open(path, err, sizeof err);
    const char *msg = st ? "ok" : err;
    if (write(fd, msg, strlen(msg)) < 0)
        _exit(1);
    store_close(st);
}

/* Root writes into any directory, so as root the attempt runs in a child that became nobody. */
static void test_read_only_directory_refused(void **state)
{
    char dir[300];
    snprintf(dir, sizeof dir, "%s/ro", root);
    assert_int_equal(mkdir(dir, 0755), 0);
    const char *path = path_in("ro/games.db");
    const char *fresh = path_in("ro/new.db");
    make_store(path, 2);
    size_t len;
    unsigned char *before = slurp(path, &len);
    assert_int_equal(chmod(dir, 0555), 0);

    for (int i = 0; i < 2; i++) {
        const char *target = i == 0 ? path : fresh;
        char msg[512] = "";
        if (geteuid() == 0) {
            int out[2];
            assert_int_equal(pipe(out), 0);
            pid_t pid = fork();
            assert_true(pid >= 0);
            if (pid == 0) {
                close(out[0]);
                if (setgid(NOBODY) != 0 || setuid(NOBODY) != 0)
                    _exit(77);
                try_open_to(out[1], target);
                _exit(0);
            }
            close(out[1]);
            ssize_t n = read(out[0], msg, sizeof msg - 1);
            close(out[0]);
            int status;
            assert_int_equal(waitpid(pid, &status, 0), pid);
            assert_true(WIFEXITED(status));
            if (WEXITSTATUS(status) == 77) {
                print_message("cannot become an unprivileged user: read-only test skipped\n");
                break;
            }
            assert_true(n > 0);
            msg[n] = '\0';
        } else {
            struct store *st = store_open(target, msg, sizeof msg);
            assert_null(st);
        }
        assert_contains(msg, "not writable");
        assert_contains(msg, target);
    }
    assert_same_file(path, before, len);
    assert_int_equal(access(fresh, F_OK), -1);
    free(before);
    chmod(dir, 0755);
}

/* ---- finished games, ratings, queries ---- */

static struct store_finished game(const char *network, const char *channel,
                                  enum store_ending ending, int turns)
{
    struct store_finished g = {0};
    g.network = network;
    g.channel = channel;
    g.started = 1700000000;
    g.ended = 1700003600;
    g.turns = turns;
    g.ending = ending;
    return g;
}

static void seat(struct store_finished *g, const char *identity, const char *nick, int points,
                 bool won, bool resigned)
{
    struct store_seat *s = &g->seats[g->n_seats];
    s->identity = identity;
    s->nick = nick;
    s->seat = g->n_seats;
    s->points = points;
    s->won = won;
    s->resigned = resigned;
    g->n_seats++;
}

struct board {
    int count;
    struct store_stats rows[8];
};

static int keep_top(void *ctx, int rank, const struct store_stats *s)
{
    struct board *b = ctx;
    assert_int_equal(rank, b->count + 1);
    assert_true(b->count < (int)(sizeof b->rows / sizeof b->rows[0]));
    b->rows[b->count++] = *s;
    return 0;
}

static void check_stats(struct store *st, const char *identity, double rating, int games, int wins,
                        int best)
{
    struct store_stats s;
    assert_int_equal(store_stats(st, "net", identity, &s, err, sizeof err), BW_OK);
    assert_string_equal(s.identity, identity);
    assert_float_equal(s.rating, rating, 1e-6);
    assert_int_equal(s.games, games);
    assert_int_equal(s.wins, wins);
    assert_int_equal(s.best_points, best);
    assert_float_equal(s.win_rate, (double)wins / games, 1e-12);
}

static void test_finished_games_and_ratings(void **state)
{
    const char *path = path_in("ratings.db");
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);

    /* Game 1, all new at 1500: alice wins, bob and carol tie on 7 (see the pure test):
     * alice 1516, bob 1500, carol 1500, dave 1484. */
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 61);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 7, false, false);
    seat(&g, "carol!c@host.example", "carol", 7, false, false);
    seat(&g, "account:dave", "dave", 5, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Game 2, ended by resignations: bob (1500) is left and wins with 4 points; alice (1516,
     * 8 points) and dave (1484, 3 points) resigned, alice above dave by points. K/2 = 16.
     * E(1500,1516) = 0.476986, E(1500,1484) = 0.523014, E(1516,1484) = 0.545922:
     *   bob:   16 * ((1 - 0.476986) + (1 - 0.523014)) = +16         -> 1516
     *   alice: 16 * ((0 - 0.523014) + (1 - 0.545922)) = -1.102904   -> 1514.897096
     *   dave:  16 * ((0 - 0.476986) + (0 - 0.454078)) = -14.897096  -> 1469.102904 */
    g = game("net", "#other", STORE_END_RESIGN, 20);
    seat(&g, "account:alice", "Alice_", 8, false, true);
    seat(&g, "account:bob", "Bob", 4, true, false);
    seat(&g, "account:dave", "dave", 3, false, true);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Game 3, stopped: counted as a game for each, rated for nobody. */
    g = game("net", "#catan", STORE_END_STOP, 5);
    seat(&g, "account:alice", "alice", 2, false, false);
    seat(&g, "account:bob", "bob", 3, false, false);
    seat(&g, "account:erin", "erin", 2, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Another network's players are other people. */
    g = game("oftc", "#catan", STORE_END_WIN, 40);
    seat(&g, "account:alice", "alice", 3, false, false);
    seat(&g, "account:zed", "zed", 10, true, false);
    seat(&g, "account:yan", "yan", 4, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    /* Refused without writing anything: two winners, a winner who resigned, a seat twice. */
    g = game("net", "#catan", STORE_END_WIN, 5);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 10, true, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    g.seats[1].won = false;
    g.seats[0].resigned = true;
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    g.seats[0].resigned = false;
    g.seats[1].identity = "account:alice";
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    g = game("net", "#catan", STORE_END_STOP, 5);
    seat(&g, "account:alice", "alice", 10, true, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    store_close(st);

    st = store_open(path, err, sizeof err);
    assert_non_null(st);
    check_stats(st, "account:alice", 1514.897096, 3, 1, 10);
    check_stats(st, "account:bob", 1516.0, 3, 1, 7);
    check_stats(st, "carol!c@host.example", 1500.0, 1, 0, 7);
    check_stats(st, "account:dave", 1469.102904, 2, 0, 5);
    check_stats(st, "account:erin", 1500.0, 1, 0, 2);
    struct store_stats s;
    assert_int_equal(store_stats(st, "net", "account:bob", &s, err, sizeof err), BW_OK);
    assert_string_equal(s.nick, "bob"); /* the nick of the latest game */
    assert_int_equal(store_stats(st, "net", "account:zed", &s, err, sizeof err), BW_E(NOT_FOUND));
    assert_int_equal(store_stats(st, "oftc", "account:zed", &s, err, sizeof err), BW_OK);
    assert_int_equal(s.wins, 1);

    char id[64];
    assert_int_equal(store_find_nick(st, "net", "ALICE_", id, sizeof id, err, sizeof err), BW_OK);
    assert_string_equal(id, "account:alice");
    assert_int_equal(store_find_nick(st, "net", "carol", id, sizeof id, err, sizeof err), BW_OK);
    assert_string_equal(id, "carol!c@host.example");
    assert_int_equal(store_find_nick(st, "net", "zed", id, sizeof id, err, sizeof err),
                     BW_E(NOT_FOUND));
    assert_int_equal(store_find_nick(st, "net", "carol", id, 5, err, sizeof err), BW_E(LIMIT));

    /* bob 1516 > alice 1514.9 > erin = carol 1500 (one game each: by identity) > dave. */
    struct board b = {0};
    assert_int_equal(store_top(st, "net", 10, keep_top, &b, err, sizeof err), 5);
    assert_string_equal(b.rows[0].identity, "account:bob");
    assert_string_equal(b.rows[1].identity, "account:alice");
    assert_string_equal(b.rows[2].identity, "account:erin");
    assert_string_equal(b.rows[3].identity, "carol!c@host.example");
    assert_string_equal(b.rows[4].identity, "account:dave");
    memset(&b, 0, sizeof b);
    assert_int_equal(store_top(st, "net", 2, keep_top, &b, err, sizeof err), 2);
    memset(&b, 0, sizeof b);
    assert_int_equal(store_top(st, "oftc", 10, keep_top, &b, err, sizeof err), 3);
    assert_string_equal(b.rows[0].identity, "account:zed");
    memset(&b, 0, sizeof b);
    assert_int_equal(store_top(st, "efnet", 10, keep_top, &b, err, sizeof err), 0);
    store_close(st);
}

/* Two computer players of one level in a game: both seats recorded, the level's rating moved by
 * the sum of their changes, each seat a game. A person twice is still refused. */
/* A game whose house rules keep it out of the ratings (points other than its map's) is
 * recorded with its rules, and moves nobody's rating nor counts in anyone's games. */
static void test_house_rules_unrated(void **state)
{
    const char *path = path_in("house.db");
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 5, true, false);
    seat(&g, "account:bob", "bob", 2, false, false);
    g.rules = "points 5, discard 7, friendly_robber on";
    g.unrated = true;
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    struct store_stats s;
    assert_int_equal(store_stats(st, "net", "account:alice", &s, err, sizeof err), BW_E(NOT_FOUND));
    /* The next rated game starts from 1500 as if the other had not been played. */
    g = game("net", "#catan", STORE_END_WIN, 61);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 7, false, false);
    seat(&g, "account:carol", "carol", 7, false, false);
    seat(&g, "account:dave", "dave", 5, false, false);
    g.rules = "points 10, discard 7, friendly_robber on";
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    check_stats(st, "account:alice", 1516.0, 1, 1, 10);
    store_close(st);
}

static void test_robots_of_one_level(void **state)
{
    const char *path = path_in("robots.db");
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    /* All at 1500, K/2 = 16. alice beats both: +16. The hard seat with 6 points loses to alice
     * and beats the one with 4: 16 * ((0 - 0.5) + (1 - 0.5)) = 0; the one with 4 loses both:
     * 16 * ((0 - 0.5) + (0 - 0.5)) = -16. bot:hard: 1500 + 0 - 16 = 1484, two games. */
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "bot:hard", "Alan (bot)", 4, false, false);
    seat(&g, "bot:hard", "Ada (bot)", 6, false, false); /* last: its own change alone is 0 */
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    check_stats(st, "account:alice", 1516.0, 1, 1, 10);
    check_stats(st, "bot:hard", 1484.0, 2, 0, 6);
    g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:alice", "alice_", 6, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    store_close(st);
}

/* People and computer players ranked on one network: each query lists its own kind and returns
 * how many rows it passed on (a count, not 0: the web view's leaderboard once read the people's
 * count as an error and never asked for the computer players). A refused query says why. */
static void test_top_people_and_robots(void **state)
{
    const char *path = path_in("top.db");
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    /* K/3 = 10.667: zara beats all three (+16); hard (8) beats normal (6) and ann (4). */
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:zara", "zara", 10, true, false);
    seat(&g, "account:ann", "ann", 4, false, false);
    seat(&g, "bot:normal", "normal (bot)", 6, false, false);
    seat(&g, "bot:hard", "hard (bot)", 8, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    struct board people = {0}, robots = {0};
    assert_int_equal(store_top(st, "net", 20, keep_top, &people, err, sizeof err), 2);
    assert_string_equal(people.rows[0].identity, "account:zara");
    assert_string_equal(people.rows[1].identity, "account:ann");
    assert_int_equal(store_top_robots(st, "net", 4, keep_top, &robots, err, sizeof err), 2);
    assert_string_equal(robots.rows[0].identity, "bot:hard");
    assert_string_equal(robots.rows[0].nick, "hard (bot)");
    assert_string_equal(robots.rows[1].identity, "bot:normal");
    assert_int_equal(robots.rows[1].games, 1);
    /* n bounds each list apart. */
    memset(&robots, 0, sizeof robots);
    assert_int_equal(store_top_robots(st, "net", 1, keep_top, &robots, err, sizeof err), 1);
    assert_string_equal(robots.rows[0].identity, "bot:hard");

    err[0] = '\0';
    assert_int_equal(store_top(st, "", 5, keep_top, &people, err, sizeof err), BW_E(INVALID));
    assert_true(err[0] != '\0');
    err[0] = '\0';
    assert_int_equal(store_top_robots(st, "net", 0, keep_top, &robots, err, sizeof err),
                     BW_E(INVALID));
    assert_true(err[0] != '\0');
    store_close(st);
}

/* Recording a finished game forgets its channel's running game in the same commit; other
 * channels and networks keep theirs. A refused record forgets nothing. */
static void test_finish_forgets_the_running_game(void **state)
{
    const char *path = path_in("finish.db");
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    assert_int_equal(store_save_game(st, "net", "#catan", "A", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "net", "#other", "B", 1, err, sizeof err), BW_OK);
    assert_int_equal(store_save_game(st, "oftc", "#catan", "C", 1, err, sizeof err), BW_OK);
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:alice", "alice", 3, false, false); /* twice: refused */
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_E(INVALID));
    struct seen s = {0};
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 3);
    g.seats[1].identity = "account:bob";
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);
    store_close(st);
    st = store_open(path, err, sizeof err);
    assert_non_null(st);
    memset(&s, 0, sizeof s);
    assert_int_equal(store_each_game(st, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 2);
    assert_string_equal(s.channels[0], "net/#other");
    assert_string_equal(s.channels[1], "oftc/#catan");
    store_close(st);
}

static void test_backup_and_checkpoint(void **state)
{
    const char *path = path_in("live.db");
    const char *copy = path_in("copy.db"); /* "copy.db" beside the store */
    struct store *st = store_open(path, err, sizeof err);
    assert_non_null(st);
    assert_int_equal(store_save_game(st, "net", "#other", "game", 4, err, sizeof err), BW_OK);
    struct store_finished g = game("net", "#catan", STORE_END_WIN, 30);
    seat(&g, "account:alice", "alice", 10, true, false);
    seat(&g, "account:bob", "bob", 6, false, false);
    seat(&g, "account:carol", "carol", 6, false, false);
    assert_int_equal(store_record_finished(st, &g, err, sizeof err), BW_OK);

    assert_int_equal(store_backup(st, "copy.db", err, sizeof err), BW_OK);
    size_t len;
    unsigned char *before = slurp(copy, &len);
    assert_int_equal(store_backup(st, "copy.db", err, sizeof err), BW_E(DENIED));
    assert_contains(err, "not overwritten");
    assert_same_file(copy, before, len);
    free(before);
    assert_int_equal(store_backup(st, "live.db", err, sizeof err), BW_E(DENIED));
    assert_int_equal(store_backup(st, "no/such/dir.db", err, sizeof err), BW_E(IO));

    assert_int_equal(store_checkpoint(st, err, sizeof err), BW_OK);
    char wal[300];
    snprintf(wal, sizeof wal, "%s-wal", path);
    struct stat sb;
    assert_int_equal(stat(wal, &sb), 0);
    assert_int_equal(sb.st_size, 0);

    /* The copy is a store of its own with everything in it. */
    struct store *c = store_open(copy, err, sizeof err);
    assert_non_null(c);
    struct seen s = {0};
    assert_int_equal(store_each_game(c, NULL, collect, &s, err, sizeof err), BW_OK);
    assert_int_equal(s.count, 1);
    assert_int_equal(s.lens[0], 4);
    check_stats(c, "account:alice", 1516.0, 1, 1, 10);
    store_close(c);
    store_close(st);
}

/* Whether dir holds a file whose name starts with prefix. */
static bool dir_has(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    bool found = false;
    for (struct dirent *e; (e = readdir(d));)
        found |= strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return found;
}

static bool exists(const char *path)
{
    struct stat sb;
    return lstat(path, &sb) == 0;
}

/* "backup FILE" writes beside the store, whatever the working directory: a name or a path below
 * the store's directory; "..", absolute paths and names of SQLite's own files are refused, and
 * a FILE-journal or FILE-wal already there (which SQLite would play into the copy when it is
 * opened, or delete) is left alone and the backup refused. Nothing but FILE is left behind. */
static void test_backup_beside_the_store(void **state)
{
    char here[512], dir[300], cwd[300], name[340];
    assert_non_null(getcwd(here, sizeof here));
    snprintf(dir, sizeof dir, "%s/st", root);
    snprintf(cwd, sizeof cwd, "%s/cwd", root);
    assert_int_equal(mkdir(dir, 0755), 0);
    assert_int_equal(mkdir(cwd, 0755), 0);
    assert_int_equal(chdir(cwd), 0);
    struct store *st = store_open(path_in("st/live.db"), err, sizeof err);
    assert_non_null(st);
    assert_int_equal(store_save_game(st, "net", "#catan", "game", 4, err, sizeof err), BW_OK);

    /* Beside the store, not in the working directory. */
    assert_int_equal(store_backup(st, "copy.db", err, sizeof err), BW_OK);
    assert_true(exists(path_in("st/copy.db")));
    assert_false(exists(path_in("cwd/copy.db")));
    assert_int_equal(mkdir(path_in("st/sub"), 0755), 0);
    assert_int_equal(store_backup(st, "sub/in.db", err, sizeof err), BW_OK);
    assert_true(exists(path_in("st/sub/in.db")));
    assert_int_equal(store_backup(st, "./dot.db", err, sizeof err), BW_OK);
    assert_true(exists(path_in("st/dot.db")));

    /* Out of the store's directory, or not a file name: refused, nothing written. */
    static const char *const refused[] = {"../x.db", "sub/../../x.db", "a/../x.db", "..",
                                          "",        "sub/",           "sub/.",     "x.db-journal",
                                          "x.db-wal"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        err[0] = '\0';
        assert_int_equal(store_backup(st, refused[i], err, sizeof err), BW_E(INVALID));
        assert_true(err[0] != '\0');
    }
    assert_false(exists(path_in("x.db")));
    assert_false(exists(path_in("cwd/x.db")));
    assert_false(exists(path_in("st/x.db")));
    /* An absolute path, there or not: refused, an existing file untouched. */
    const char *absent = path_in("abs.db"), *present = path_in("there.db");
    write_file(present, "mine", 4);
    assert_int_equal(store_backup(st, absent, err, sizeof err), BW_E(INVALID));
    assert_contains(err, "absolute");
    assert_false(exists(absent));
    assert_int_equal(store_backup(st, present, err, sizeof err), BW_E(INVALID));
    assert_same_file(present, (const unsigned char *)"mine", 4);

    /* Another database's journal or log under FILE's name: refused, left as it was. */
    static const char *const tails[] = {"-journal", "-wal"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(name, sizeof name, "%s/j%zu.db%s", dir, i, tails[i]);
        write_file(name, "not ours", 8);
        char file[32];
        snprintf(file, sizeof file, "j%zu.db", i);
        assert_int_equal(store_backup(st, file, err, sizeof err), BW_E(DENIED));
        assert_contains(err, tails[i]);
        assert_same_file(name, (const unsigned char *)"not ours", 8);
        snprintf(name, sizeof name, "%s/j%zu.db", dir, i);
        assert_false(exists(name));
    }
    assert_false(dir_has(dir, ".brickwood-backup"));
    assert_false(dir_has(dir, "copy.db-"));
    store_close(st);

    /* The copy is a store of its own. */
    struct store *c = store_open(path_in("st/copy.db"), err, sizeof err);
    assert_non_null(c);
    struct seen seen = {0};
    assert_int_equal(store_each_game(c, NULL, collect, &seen, err, sizeof err), BW_OK);
    assert_int_equal(seen.count, 1);
    store_close(c);
    assert_int_equal(chdir(here), 0);
}

/* A copy that fails halfway (here the file size limit) leaves nothing behind and removes
 * nothing it did not make. */
static void test_backup_failure_leaves_nothing(void **state)
{
    char dir[300];
    snprintf(dir, sizeof dir, "%s/fail", root);
    assert_int_equal(mkdir(dir, 0755), 0);
    make_store(path_in("fail/live.db"), 8);
    write_file(path_in("fail/notes.txt"), "keep", 4);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct store *st = store_open(path_in("fail/live.db"), err, sizeof err);
        struct rlimit small = {16384, 16384};
        if (!st || signal(SIGXFSZ, SIG_IGN) == SIG_ERR || setrlimit(RLIMIT_FSIZE, &small) != 0)
            _exit(2);
        _exit(store_backup(st, "big.db", err, sizeof err) == BW_E(IO) ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_false(exists(path_in("fail/big.db")));
    assert_false(dir_has(dir, "big.db"));
    assert_false(dir_has(dir, ".brickwood-backup"));
    assert_same_file(path_in("fail/notes.txt"), (const unsigned char *)"keep", 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rating_even_table_with_tie),
        cmocka_unit_test(test_rating_resigned_ranks_last),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_missing_file_beside_its_lock_refused),
        cmocka_unit_test(test_file_gone_or_replaced_refused),
        cmocka_unit_test(test_last_sign_of_life),
        cmocka_unit_test(test_kill_9_keeps_what_was_committed),
        cmocka_unit_test(test_random_bytes_refused),
        cmocka_unit_test(test_damaged_page_refused),
        cmocka_unit_test(test_newer_schema_refused),
        cmocka_unit_test(test_languages_kept),
        cmocka_unit_test(test_schema_1_updated),
        cmocka_unit_test(test_second_open_in_process_refused),
        cmocka_unit_test(test_other_process_refused),
        cmocka_unit_test(test_read_only_directory_refused),
        cmocka_unit_test(test_finished_games_and_ratings),
        cmocka_unit_test(test_robots_of_one_level),
        cmocka_unit_test(test_house_rules_unrated),
        cmocka_unit_test(test_top_people_and_robots),
        cmocka_unit_test(test_finish_forgets_the_running_game),
        cmocka_unit_test(test_backup_and_checkpoint),
        cmocka_unit_test(test_backup_beside_the_store),
        cmocka_unit_test(test_backup_failure_leaves_nothing),
    };
    return cmocka_run_group_tests(tests, make_root, remove_root);
}
