/* The store over SQLite, the default backend; see store.h for the guarantees and rating.h for
 * the ratings. */
#include "store/store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "store/backend.h"
#include "store/rating.h"
#include "store/sqlite_file.h"

/* Open waits this long for a lock held by another program (a sqlite3 shell writing); the bot
 * itself never waits longer on a running backup's reader, which does not block writers. */
#define STORE_BUSY_MS 1000

struct sqlite_store {
    struct store base; /* first: the backend table (backend.h) */
    sqlite3 *db;
    char *path;
    int lock_fd;
    sqlite3_stmt *save;
    sqlite3_stmt *erase;
    dev_t dev; /* the file opened: its path must still name it at each write */
    ino_t ino;
    int64_t alive_ms;   /* the previous brickwood's last sign of life (store_last_alive) */
    int64_t alive_sent; /* when this one last gave one (store_alive), monotonic ms; 0: never */
};

static struct sqlite_store *lite(struct store *base)
{
    return (struct sqlite_store *)base;
}

static const struct sqlite_store *clite(const struct store *base)
{
    return (const struct sqlite_store *)base;
}

static const struct store_backend sqlite_backend;
static void lite_close(struct store *base);

/* Report SQLite's last error on st as "PATH: what: reason" and return BW_E(IO). */
static int sql_fail(struct sqlite_store *st, char *err, size_t errsize, const char *what)
{
    store_fail(err, errsize, "%s: %s: %s", st->path, what, sqlite3_errmsg(st->db));
    return BW_E(IO);
}

/* Schema version 1. Games in progress are opaque records, one per network and channel.
 * Finished games keep every seat with the ratings before and after, so the ratings can be
 * audited or recomputed; players hold the running totals the queries read. */
static const char *const schema_v1 =
    "CREATE TABLE games ("
    "  network TEXT NOT NULL,"
    "  channel TEXT NOT NULL,"
    "  record BLOB NOT NULL,"
    "  saved INTEGER NOT NULL,"
    "  PRIMARY KEY (network, channel)"
    ") WITHOUT ROWID;"
    "CREATE TABLE finished ("
    "  id INTEGER PRIMARY KEY,"
    "  network TEXT NOT NULL,"
    "  channel TEXT NOT NULL,"
    "  started INTEGER NOT NULL,"
    "  ended INTEGER NOT NULL,"
    "  turns INTEGER NOT NULL,"
    "  ending TEXT NOT NULL CHECK (ending IN ('win', 'stop', 'resign')),"
    "  rated INTEGER NOT NULL"
    ");"
    "CREATE TABLE seats ("
    "  game INTEGER NOT NULL REFERENCES finished(id),"
    "  seat INTEGER NOT NULL,"
    "  identity TEXT NOT NULL,"
    "  nick TEXT NOT NULL,"
    "  points INTEGER NOT NULL,"
    "  won INTEGER NOT NULL,"
    "  resigned INTEGER NOT NULL,"
    "  rating_before REAL NOT NULL,"
    "  rating_after REAL NOT NULL,"
    "  PRIMARY KEY (game, seat)"
    ") WITHOUT ROWID;"
    "CREATE INDEX seats_by_nick ON seats (nick COLLATE NOCASE);"
    "CREATE TABLE players ("
    "  network TEXT NOT NULL,"
    "  identity TEXT NOT NULL,"
    "  nick TEXT NOT NULL,"
    "  rating REAL NOT NULL,"
    "  games INTEGER NOT NULL,"
    "  wins INTEGER NOT NULL,"
    "  best_points INTEGER NOT NULL,"
    "  PRIMARY KEY (network, identity)"
    ") WITHOUT ROWID;"
    "CREATE INDEX players_by_rating ON players (network, rating DESC, games DESC, identity);";

/* Schema version 2: settings per channel that outlive its games (the language the bot speaks
 * there, as a code such as "uk"). */
static const char *const schema_v2 = "CREATE TABLE channels ("
                                     "  network TEXT NOT NULL,"
                                     "  channel TEXT NOT NULL,"
                                     "  language TEXT NOT NULL,"
                                     "  PRIMARY KEY (network, channel)"
                                     ") WITHOUT ROWID;";

/* Schema version 3: the house rules of each finished game (the fixed line's list, "" for the
 * rule book's). Adding a column with a default leaves every older row as it was. */
static const char *const schema_v3 =
    "ALTER TABLE finished ADD COLUMN rules TEXT NOT NULL DEFAULT ''";

/* migrations[v] takes a file from user_version v to v + 1; the last one sets
 * STORE_SCHEMA_VERSION. A new version appends its step here and raises the constant. */
static const char *const migrations[STORE_SCHEMA_VERSION] = {schema_v1, schema_v2, schema_v3};

/* One integer from a query such as "PRAGMA user_version". */
static int query_int(sqlite3 *db, const char *sql, long long *out)
{
    sqlite3_stmt *s;
    int rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
        *out = sqlite3_column_int64(s, 0);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(s);
    return rc;
}

/* Read-only checks of an existing database: schema version, owner, integrity. Sets *version. */
static int check_database(struct sqlite_store *st, long long *version, char *err, size_t errsize)
{
    long long app = 0, tables = 0;
    int rc = query_int(st->db, "PRAGMA user_version", version);
    if (rc == SQLITE_OK)
        rc = query_int(st->db, "PRAGMA application_id", &app);
    if (rc == SQLITE_OK)
        rc = query_int(st->db, "SELECT count(*) FROM sqlite_schema", &tables);
    if (rc != SQLITE_OK) {
        describe_read_error(st->path, st->db, rc, err, errsize);
        return -1;
    }
    if (*version > STORE_SCHEMA_VERSION) {
        store_fail(err, errsize,
                   "%s: schema version %lld is newer than this brickwood understands (%d); run a "
                   "newer brickwood (left untouched)",
                   st->path, *version, STORE_SCHEMA_VERSION);
        return -1;
    }
    if ((app != STORE_APP_ID && (app != 0 || tables != 0)) || (*version == 0 && tables != 0)) {
        store_fail(err, errsize,
                   "%s: a SQLite database of another program, not brickwood's (left "
                   "untouched)",
                   st->path);
        return -1;
    }
    sqlite3_stmt *s;
    rc = sqlite3_prepare_v2(st->db, "PRAGMA quick_check(1)", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(s);
        if (rc == SQLITE_ROW) {
            const char *r = (const char *)sqlite3_column_text(s, 0);
            if (!r || strcmp(r, "ok") != 0) {
                /* One line: quick_check's report comes in several. */
                char first[200];
                snprintf(first, sizeof first, "%s", r ? r : "?");
                for (char *c = first; *c; c++)
                    if (*c == '\n' || *c == '\r' || *c == '\t')
                        *c = ' ';
                store_fail(err, errsize,
                           "%s: the database is corrupt (quick_check: %s); left untouched: restore "
                           "a backup",
                           st->path, first);
                sqlite3_finalize(s);
                return -1;
            }
            rc = SQLITE_OK;
        }
        sqlite3_finalize(s);
    }
    if (rc != SQLITE_OK) {
        describe_read_error(st->path, st->db, rc, err, errsize);
        return -1;
    }
    return 0;
}

static int exec(struct sqlite_store *st, const char *sql, const char *what, char *err,
                size_t errsize)
{
    if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        return sql_fail(st, err, errsize, what);
    return BW_OK;
}

/* Bring the schema from version to STORE_SCHEMA_VERSION, one transaction per step. */
static int migrate(struct sqlite_store *st, long long version, char *err, size_t errsize)
{
    for (long long v = version; v < STORE_SCHEMA_VERSION; v++) {
        char set[96];
        snprintf(set, sizeof set, "PRAGMA user_version = %lld; PRAGMA application_id = %d;", v + 1,
                 STORE_APP_ID);
        if (exec(st, "BEGIN IMMEDIATE", "cannot start the schema update", err, errsize) != BW_OK)
            return BW_E(IO);
        if (exec(st, migrations[v], "cannot create the schema", err, errsize) != BW_OK ||
            exec(st, set, "cannot set the schema version", err, errsize) != BW_OK ||
            exec(st, "COMMIT", "cannot commit the schema", err, errsize) != BW_OK) {
            sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
            return BW_E(IO);
        }
    }
    return BW_OK;
}

struct store *store_open(const char *path, char *err, size_t errsize)
{
    return store_open_flags(path, STORE_OPEN_EMPTY_OK, err, errsize);
}

struct store *store_open_flags(const char *path, unsigned flags, char *err, size_t errsize)
{
    if (err && errsize)
        err[0] = '\0';
    if (!path || !*path) {
        store_fail(err, errsize, "store: no file name");
        return NULL;
    }
    struct stat sb;
    bool exists = stat(path, &sb) == 0;
    if (!exists && errno != ENOENT) {
        store_fail(err, errsize, "%s: %s", path, strerror(errno));
        return NULL;
    }
    if (exists && !S_ISREG(sb.st_mode)) {
        store_fail(err, errsize, "%s: not a regular file", path);
        return NULL;
    }
    /* SQLite creates PATH-wal and PATH-shm beside the file; without them it could not commit. */
    char *dir = dir_of(path);
    if (!dir) {
        store_fail(err, errsize, "%s: out of memory", path);
        return NULL;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        int e = errno;
        if (e == EACCES || e == EROFS)
            store_fail(
                err, errsize,
                "%s: the directory %s is not writable (%s): brickwood needs to create %s-wal, "
                "%s-shm and %s-lock beside the file",
                path, dir, strerror(e), path, path, path);
        else
            store_fail(err, errsize, "%s: cannot use the directory %s: %s", path, dir, strerror(e));
        free(dir);
        return NULL;
    }
    free(dir);
    if (exists && access(path, R_OK | W_OK) != 0) {
        store_fail(err, errsize, "%s: cannot read and write the file: %s", path, strerror(errno));
        return NULL;
    }

    struct sqlite_store *st = calloc(1, sizeof *st);
    if (!st || !(st->path = strdup(path))) {
        free(st);
        store_fail(err, errsize, "%s: out of memory", path);
        return NULL;
    }
    st->base.ops = &sqlite_backend;
    st->lock_fd = -1;
    /* The header first, so that a file refused for what it is gets no lock file beside it;
     * again under the lock, which keeps any other brickwood from changing it meanwhile. */
    if (exists && sb.st_size > 0 && check_header(path, err, errsize) != 0)
        goto failed;
    st->lock_fd = take_lock(path, &st->alive_ms, err, errsize);
    if (st->lock_fd < 0)
        goto failed;
    exists = stat(path, &sb) == 0 && sb.st_size > 0;
    if (exists && check_header(path, err, errsize) != 0)
        goto failed;
    /* The lock file outlives the process: one that a brickwood wrote beside no file means the
     * file was deleted or moved, and starting on a new one would look like all games lost. */
    if (!exists && st->alive_ms != INT64_MIN && !(flags & STORE_OPEN_EMPTY_OK)) {
        store_fail(
            err, errsize,
            "%s: the file is missing (or empty) but %s-lock shows a brickwood used it: it was "
            "deleted or moved; put it back, or start with --start-empty to begin with no games",
            path, path);
        goto failed;
    }

    int rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK) {
        store_fail(err, errsize, "%s: cannot open: %s", path,
                   st->db ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc));
        goto failed;
    }
    sqlite3_extended_result_codes(st->db, 1);
    sqlite3_busy_timeout(st->db, STORE_BUSY_MS);
    if (stat(path, &sb) != 0) {
        store_fail(err, errsize, "%s: %s", path, strerror(errno));
        goto failed;
    }
    st->dev = sb.st_dev;
    st->ino = sb.st_ino;

    long long version = 0;
    if (exists && check_database(st, &version, err, errsize) != 0)
        goto failed;

    /* From here on the file is known to be ours and sound: the first writes. */
    sqlite3_stmt *s;
    rc = sqlite3_prepare_v2(st->db, "PRAGMA journal_mode = WAL", -1, &s, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        const char *mode = (const char *)sqlite3_column_text(s, 0);
        rc = mode && strcmp(mode, "wal") == 0 ? SQLITE_OK : SQLITE_ERROR;
    }
    sqlite3_finalize(s);
    if (rc != SQLITE_OK) {
        describe_read_error(path, st->db, rc, err, errsize);
        goto failed;
    }
    /* FULL: each commit syncs the log, so a reply sent after it survives a power cut too
     * (NORMAL would survive kill -9 only); see store.h. */
    if (exec(st, "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;", "cannot configure", err,
             errsize) != BW_OK)
        goto failed;
    /* An empty write transaction: fails now, not at the first move, when another program holds
     * the write lock. */
    rc = sqlite3_exec(st->db, "BEGIN IMMEDIATE; COMMIT;", NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        describe_read_error(path, st->db, rc, err, errsize);
        goto failed;
    }
    if (migrate(st, version, err, errsize) != BW_OK)
        goto failed;

    if (sqlite3_prepare_v3(st->db,
                           "INSERT INTO games (network, channel, record, saved) VALUES (?, ?, ?, "
                           "?) ON CONFLICT (network, channel) DO UPDATE SET record = "
                           "excluded.record, saved = excluded.saved",
                           -1, SQLITE_PREPARE_PERSISTENT, &st->save, NULL) != SQLITE_OK ||
        sqlite3_prepare_v3(st->db, "DELETE FROM games WHERE network = ? AND channel = ?", -1,
                           SQLITE_PREPARE_PERSISTENT, &st->erase, NULL) != SQLITE_OK) {
        sql_fail(st, err, errsize, "cannot prepare");
        goto failed;
    }
    return &st->base;

failed:
    lite_close(&st->base);
    return NULL;
}

static void lite_close(struct store *base)
{
    struct sqlite_store *st = lite(base);
    if (!st)
        return;
    sqlite3_finalize(st->save);
    sqlite3_finalize(st->erase);
    sqlite3_close(st->db);
    /* After the database: the lock covers the last checkpoint. */
    if (st->lock_fd >= 0)
        close(st->lock_fd);
    free(st->path);
    free(st);
}

static const char *lite_path(const struct store *base)
{
    const struct sqlite_store *st = clite(base);
    return st->path;
}

static int64_t lite_last_alive(const struct store *base)
{
    const struct sqlite_store *st = clite(base);
    return st->alive_ms;
}

static void lite_alive(struct store *base)
{
    struct sqlite_store *st = lite(base);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    int64_t now = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    if (!st || st->lock_fd < 0 || (st->alive_sent && now - st->alive_sent < STORE_ALIVE_MS))
        return;
    st->alive_sent = now;
    futimens(st->lock_fd, NULL);
}

/* Before a write: the path still names the file that was opened, and it may be written. A file
 * deleted or replaced under the bot would take every later commit with it (and the next start
 * would begin empty); a read-only one would fail later. Either is a failing store now. */
static int still_ours(struct sqlite_store *st, char *err, size_t errsize)
{
    struct stat sb;
    if (stat(st->path, &sb) != 0) {
        store_fail(err, errsize, "%s: the store file is gone (%s); nothing more is saved to it",
                   st->path, strerror(errno));
        return BW_E(IO);
    }
    if (sb.st_dev != st->dev || sb.st_ino != st->ino) {
        store_fail(err, errsize,
                   "%s: the store file was replaced by another one; nothing more is saved to it",
                   st->path);
        return BW_E(IO);
    }
    if (access(st->path, W_OK) != 0) {
        store_fail(err, errsize, "%s: the store file cannot be written (%s)", st->path,
                   strerror(errno));
        return BW_E(IO);
    }
    return BW_OK;
}

/* Run a prepared statement that returns no rows, then reset it for the next use. */
static int run(struct sqlite_store *st, sqlite3_stmt *s, const char *what, char *err,
               size_t errsize)
{
    int rc = sqlite3_step(s);
    int result = rc == SQLITE_DONE ? BW_OK : sql_fail(st, err, errsize, what);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return result;
}

static int lite_save_game(struct store *base, const char *network, const char *channel,
                          const void *blob, size_t len, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    if (still_ours(st, err, errsize) != BW_OK)
        return BW_E(IO);
    sqlite3_bind_text(st->save, 1, network, -1, SQLITE_STATIC);
    sqlite3_bind_text(st->save, 2, channel, -1, SQLITE_STATIC);
    sqlite3_bind_blob(st->save, 3, blob, (int)len, SQLITE_STATIC);
    sqlite3_bind_int64(st->save, 4, (sqlite3_int64)time(NULL));
    return run(st, st->save, "cannot save the game", err, errsize);
}

static int lite_erase_game(struct store *base, const char *network, const char *channel, char *err,
                           size_t errsize)
{
    struct sqlite_store *st = lite(base);
    if (still_ours(st, err, errsize) != BW_OK)
        return BW_E(IO);
    sqlite3_bind_text(st->erase, 1, network, -1, SQLITE_STATIC);
    sqlite3_bind_text(st->erase, 2, channel, -1, SQLITE_STATIC);
    return run(st, st->erase, "cannot erase the game", err, errsize);
}

static int lite_each_game(struct store *base, const char *network, store_game_fn fn, void *ctx,
                          char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    sqlite3_stmt *s;
    const char *sql = network ? "SELECT network, channel, record FROM games WHERE network = ? "
                                "ORDER BY network, channel"
                              : "SELECT network, channel, record FROM games ORDER BY network, "
                                "channel";
    if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK)
        return sql_fail(st, err, errsize, "cannot list the saved games");
    if (network)
        sqlite3_bind_text(s, 1, network, -1, SQLITE_STATIC);
    int rc, result = BW_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const char *net = (const char *)sqlite3_column_text(s, 0);
        const char *chan = (const char *)sqlite3_column_text(s, 1);
        const void *blob = NULL;
        size_t len = 0;
        if (sqlite3_column_type(s, 2) == SQLITE_BLOB) {
            blob = sqlite3_column_blob(s, 2);
            len = (size_t)sqlite3_column_bytes(s, 2);
        }
        result = fn(ctx, net ? net : "", chan ? chan : "", len ? blob : NULL, len);
        if (result != 0)
            break;
    }
    if (result == BW_OK && rc != SQLITE_DONE)
        result = sql_fail(st, err, errsize, "cannot read the saved games");
    sqlite3_finalize(s);
    return result;
}

static int lite_set_language(struct store *base, const char *network, const char *channel,
                             const char *language, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    if (still_ours(st, err, errsize) != BW_OK)
        return BW_E(IO);
    sqlite3_stmt *s;
    const char *sql = language ? "INSERT OR REPLACE INTO channels (network, channel, language) "
                                 "VALUES (?, ?, ?)"
                               : "DELETE FROM channels WHERE network = ? AND channel = ?";
    if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK)
        return sql_fail(st, err, errsize, "cannot keep the channel's language");
    sqlite3_bind_text(s, 1, network, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, channel, -1, SQLITE_STATIC);
    if (language)
        sqlite3_bind_text(s, 3, language, -1, SQLITE_STATIC);
    int rc = run(st, s, "cannot keep the channel's language", err, errsize);
    sqlite3_finalize(s);
    return rc;
}

static int lite_each_language(struct store *base, const char *network, store_language_fn fn,
                              void *ctx, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT channel, language FROM channels WHERE network = ? "
                           "ORDER BY channel",
                           -1, &s, NULL) != SQLITE_OK)
        return sql_fail(st, err, errsize, "cannot list the channels' languages");
    sqlite3_bind_text(s, 1, network ? network : "", -1, SQLITE_STATIC);
    int rc, result = BW_OK;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const char *chan = (const char *)sqlite3_column_text(s, 0);
        const char *lang = (const char *)sqlite3_column_text(s, 1);
        result = fn(ctx, chan ? chan : "", lang ? lang : "");
        if (result != 0)
            break;
    }
    if (result == BW_OK && rc != SQLITE_DONE)
        result = sql_fail(st, err, errsize, "cannot read the channels' languages");
    sqlite3_finalize(s);
    return result;
}

static int lite_record_finished(struct store *base, const struct store_finished *g, char *err,
                                size_t errsize)
{
    struct sqlite_store *st = lite(base);
    sqlite3_stmt *game = NULL, *get = NULL, *seat = NULL, *player = NULL, *erase = NULL;
    int result = BW_E(IO);
    bool rated = store_finished_rated(g);
    if (still_ours(st, err, errsize) != BW_OK)
        return BW_E(IO);
    if (exec(st, "BEGIN IMMEDIATE", "cannot start recording the game", err, errsize) != BW_OK)
        return BW_E(IO);
    if (sqlite3_prepare_v2(st->db,
                           "INSERT INTO finished (network, channel, started, ended, turns, "
                           "ending, rated, rules) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &game, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "SELECT rating FROM players WHERE network = ? AND identity = ?",
                           -1, &get, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db,
                           "INSERT INTO seats (game, seat, identity, nick, points, won, "
                           "resigned, rating_before, rating_after) VALUES (?, ?, ?, ?, ?, ?, ?, "
                           "?, ?)",
                           -1, &seat, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db,
                           "INSERT INTO players (network, identity, nick, rating, games, wins, "
                           "best_points) VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (network, "
                           "identity) DO UPDATE SET nick = excluded.nick, rating = "
                           "excluded.rating, games = games + 1, wins = wins + excluded.wins, "
                           "best_points = max(best_points, excluded.best_points)",
                           -1, &player, NULL) != SQLITE_OK) {
        sql_fail(st, err, errsize, "cannot prepare recording the game");
        goto done;
    }
    sqlite3_bind_text(game, 1, g->network, -1, SQLITE_STATIC);
    sqlite3_bind_text(game, 2, g->channel, -1, SQLITE_STATIC);
    sqlite3_bind_int64(game, 3, g->started);
    sqlite3_bind_int64(game, 4, g->ended);
    sqlite3_bind_int(game, 5, g->turns);
    sqlite3_bind_text(game, 6, store_ending_name(g->ending), -1, SQLITE_STATIC);
    sqlite3_bind_int(game, 7, rated);
    sqlite3_bind_text(game, 8, g->rules ? g->rules : "", -1, SQLITE_STATIC);
    if (sqlite3_step(game) != SQLITE_DONE) {
        sql_fail(st, err, errsize, "cannot record the game");
        goto done;
    }
    sqlite3_int64 id = sqlite3_last_insert_rowid(st->db);

    double before[STORE_MAX_SEATS], after[STORE_MAX_SEATS], total[STORE_MAX_SEATS];
    for (int i = 0; i < g->n_seats; i++) {
        sqlite3_bind_text(get, 1, g->network, -1, SQLITE_STATIC);
        sqlite3_bind_text(get, 2, g->seats[i].identity, -1, SQLITE_STATIC);
        int rc = sqlite3_step(get);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
            sql_fail(st, err, errsize, "cannot read a rating");
            goto done;
        }
        before[i] = rc == SQLITE_ROW ? sqlite3_column_double(get, 0) : RATING_INITIAL;
        sqlite3_reset(get);
    }
    store_rate_finished(g, before, after, total);

    for (int i = 0; i < g->n_seats; i++) {
        const struct store_seat *a = &g->seats[i];
        sqlite3_bind_int64(seat, 1, id);
        sqlite3_bind_int(seat, 2, a->seat);
        sqlite3_bind_text(seat, 3, a->identity, -1, SQLITE_STATIC);
        sqlite3_bind_text(seat, 4, a->nick, -1, SQLITE_STATIC);
        sqlite3_bind_int(seat, 5, a->points);
        sqlite3_bind_int(seat, 6, a->won);
        sqlite3_bind_int(seat, 7, a->resigned);
        sqlite3_bind_double(seat, 8, before[i]);
        sqlite3_bind_double(seat, 9, after[i]);
        if (run(st, seat, "cannot record a seat", err, errsize) != BW_OK)
            goto done;
        if (g->unrated)
            continue; /* another game than the records compare: not in anyone's totals */
        sqlite3_bind_text(player, 1, g->network, -1, SQLITE_STATIC);
        sqlite3_bind_text(player, 2, a->identity, -1, SQLITE_STATIC);
        sqlite3_bind_text(player, 3, a->nick, -1, SQLITE_STATIC);
        sqlite3_bind_double(player, 4, total[i]);
        sqlite3_bind_int(player, 5, a->won);
        sqlite3_bind_int(player, 6, a->points);
        if (run(st, player, "cannot update a player", err, errsize) != BW_OK)
            goto done;
    }
    /* The game no longer runs: its saved record goes in the same transaction, so a crash
     * leaves either the running game or the finished one, never both. */
    if (sqlite3_prepare_v2(st->db, "DELETE FROM games WHERE network = ? AND channel = ?", -1,
                           &erase, NULL) != SQLITE_OK) {
        sql_fail(st, err, errsize, "cannot prepare forgetting the running game");
        goto done;
    }
    sqlite3_bind_text(erase, 1, g->network, -1, SQLITE_STATIC);
    sqlite3_bind_text(erase, 2, g->channel, -1, SQLITE_STATIC);
    if (run(st, erase, "cannot forget the running game", err, errsize) != BW_OK)
        goto done;
    result = exec(st, "COMMIT", "cannot commit the game", err, errsize);

done:
    sqlite3_finalize(game);
    sqlite3_finalize(get);
    sqlite3_finalize(seat);
    sqlite3_finalize(player);
    sqlite3_finalize(erase);
    if (result != BW_OK)
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return result;
}

static void copy_text(char *dst, size_t size, const unsigned char *src)
{
    snprintf(dst, size, "%s", src ? (const char *)src : "");
}

/* A players row (identity, nick, rating, games, wins, best_points) into *out. */
static void read_stats(sqlite3_stmt *s, struct store_stats *out)
{
    memset(out, 0, sizeof *out);
    copy_text(out->identity, sizeof out->identity, sqlite3_column_text(s, 0));
    copy_text(out->nick, sizeof out->nick, sqlite3_column_text(s, 1));
    out->rating = sqlite3_column_double(s, 2);
    out->games = sqlite3_column_int(s, 3);
    out->wins = sqlite3_column_int(s, 4);
    out->best_points = sqlite3_column_int(s, 5);
    out->win_rate = out->games > 0 ? (double)out->wins / (double)out->games : 0.0;
}

static int lite_stats(struct store *base, const char *network, const char *identity,
                      struct store_stats *out, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT identity, nick, rating, games, wins, best_points FROM players "
                           "WHERE network = ? AND identity = ?",
                           -1, &s, NULL) != SQLITE_OK)
        return sql_fail(st, err, errsize, "cannot read the stats");
    sqlite3_bind_text(s, 1, network, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, identity, -1, SQLITE_STATIC);
    int rc = sqlite3_step(s), result = BW_OK;
    if (rc == SQLITE_ROW)
        read_stats(s, out);
    else if (rc == SQLITE_DONE)
        result = BW_E(NOT_FOUND);
    else
        result = sql_fail(st, err, errsize, "cannot read the stats");
    sqlite3_finalize(s);
    return result;
}

static int lite_find_nick(struct store *base, const char *network, const char *nick, char *buf,
                          size_t size, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT s.identity FROM seats s JOIN finished f ON f.id = s.game "
                           "WHERE f.network = ? AND s.nick = ? COLLATE NOCASE "
                           "ORDER BY f.ended DESC, f.id DESC LIMIT 1",
                           -1, &s, NULL) != SQLITE_OK)
        return sql_fail(st, err, errsize, "cannot look up the nick");
    sqlite3_bind_text(s, 1, network, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, nick, -1, SQLITE_STATIC);
    int rc = sqlite3_step(s), result = BW_OK;
    if (rc == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(s, 0);
        if (!id || strlen(id) >= size)
            result = BW_E(LIMIT);
        else
            memcpy(buf, id, strlen(id) + 1);
    } else if (rc == SQLITE_DONE) {
        result = BW_E(NOT_FOUND);
    } else {
        result = sql_fail(st, err, errsize, "cannot look up the nick");
    }
    sqlite3_finalize(s);
    return result;
}

static int top_of(struct sqlite_store *st, const char *network, int n, bool robots, store_top_fn fn,
                  void *ctx, char *err, size_t errsize)
{
    sqlite3_stmt *s;
    /* Computer players ("bot:LEVEL") are listed apart from people. */
    const char *sql = robots
                          ? "SELECT identity, nick, rating, games, wins, best_points FROM players "
                            "WHERE network = ? AND substr(identity, 1, 4) = 'bot:' "
                            "ORDER BY rating DESC, games DESC, identity ASC LIMIT ?"
                          : "SELECT identity, nick, rating, games, wins, best_points FROM players "
                            "WHERE network = ? AND substr(identity, 1, 4) <> 'bot:' "
                            "ORDER BY rating DESC, games DESC, identity ASC LIMIT ?";
    if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK)
        return sql_fail(st, err, errsize, "cannot read the leaders");
    sqlite3_bind_text(s, 1, network, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, n);
    int rc, count = 0;
    struct store_stats row;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        read_stats(s, &row);
        count++;
        if (fn(ctx, count, &row) != 0) {
            rc = SQLITE_DONE;
            break;
        }
    }
    int result = rc == SQLITE_DONE ? count : sql_fail(st, err, errsize, "cannot read the leaders");
    sqlite3_finalize(s);
    return result;
}

static int lite_top(struct store *base, const char *network, int n, store_top_fn fn, void *ctx,
                    char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    return top_of(st, network, n, false, fn, ctx, err, errsize);
}

static int lite_top_robots(struct store *base, const char *network, int n, store_top_fn fn,
                           void *ctx, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    return top_of(st, network, n, true, fn, ctx, err, errsize);
}

static int lite_checkpoint(struct store *base, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    int rc = sqlite3_wal_checkpoint_v2(st->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
    if (rc != SQLITE_OK)
        return sql_fail(st, err, errsize, "checkpoint not complete (a reader is busy; try again)");
    return BW_OK;
}

/* The names of the files beside a database: SQLite's rollback journal, write-ahead log and its
 * index while the database is in use, and the store's lock. */
static const char *const beside[] = {"-journal", "-wal", "-shm", "-lock"};
#define BESIDE_SQLITE 3 /* the first three are SQLite's */
#define BESIDE_PLAYED 2 /* the first two are played into a database when it is opened */

/* Why name cannot name a backup (a borrowed constant), or NULL: a backup goes beside the store,
 * so name is a file name or a relative path below the store's directory, without "..", and not
 * the name of a file kept beside a database. */
static const char *backup_name_problem(const char *name)
{
    if (!store_is_name(name))
        return "no file name";
    if (name[0] == '/')
        return "an absolute path; give a file name (or DIR/FILE) in the store's directory";
    for (const char *p = name; p;) {
        if (p[0] == '.' && p[1] == '.' && (p[2] == '/' || !p[2]))
            return "\"..\" would leave the store's directory";
        const char *slash = strchr(p, '/');
        p = slash ? slash + 1 : NULL;
    }
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    if (!*base || strcmp(base, ".") == 0)
        return "a directory; give a file name";
    size_t len = strlen(name);
    for (size_t i = 0; i < sizeof beside / sizeof *beside; i++) {
        size_t n = strlen(beside[i]);
        if (len >= n && strcmp(name + len - n, beside[i]) == 0)
            return "named like a file kept beside a database";
    }
    return NULL;
}

/* Whether path can be written as a new backup: nothing there, and no journal or log under its
 * name (SQLite would play another database's into the copy when it is opened). */
static int backup_free(const char *path, char *err, size_t errsize)
{
    struct stat sb;
    if (lstat(path, &sb) == 0) {
        store_fail(err, errsize, "backup %s: the file exists; not overwritten", path);
        return BW_E(DENIED);
    }
    for (int i = 0; i < BESIDE_PLAYED; i++) {
        char *other = joined(path, beside[i], "");
        bool there = other && lstat(other, &sb) == 0;
        free(other);
        if (there) {
            store_fail(err, errsize,
                       "backup %s: %s%s exists (left as it is), and SQLite would play it into the "
                       "copy; remove it or choose another name",
                       path, path, beside[i]);
            return BW_E(DENIED);
        }
    }
    return BW_OK;
}

/* Copy the store into a new database at path. */
static int copy_to(struct sqlite_store *st, const char *path, char *err, size_t errsize)
{
    sqlite3 *dst = NULL;
    int rc = sqlite3_open_v2(path, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_backup *b = sqlite3_backup_init(dst, "main", st->db, "main");
        if (b) {
            rc = sqlite3_backup_step(b, -1);
            int fin = sqlite3_backup_finish(b);
            rc = rc == SQLITE_DONE ? fin : rc;
        } else {
            rc = sqlite3_errcode(dst);
        }
    }
    if (rc != SQLITE_OK)
        store_fail(err, errsize, "the copy failed: %s",
                   dst ? sqlite3_errmsg(dst) : sqlite3_errstr(rc));
    if (sqlite3_close(dst) != SQLITE_OK && rc == SQLITE_OK) {
        store_fail(err, errsize, "cannot close the copy");
        rc = SQLITE_ERROR;
    }
    return rc == SQLITE_OK ? BW_OK : BW_E(IO);
}

/* The copy is made in a new directory beside FILE that only this call made and uses, then linked
 * to FILE, which link() never overwrites: FILE appears complete or not at all, what SQLite
 * creates meanwhile (a journal) is in that directory, never beside FILE, and everything removed
 * afterwards is in that directory. */
static int lite_backup(struct store *base, const char *name, char *err, size_t errsize)
{
    struct sqlite_store *st = lite(base);
    const char *problem = backup_name_problem(name);
    if (problem) {
        store_fail(err, errsize, "backup %s: %s", name ? name : "", problem);
        return BW_E(INVALID);
    }
    char *dir = dir_of(st->path);
    char *path = dir ? joined(dir, "/", name) : NULL;
    char *where = path ? dir_of(path) : NULL;
    char *work = where ? joined(where, "/.brickwood-backup-XXXXXX", "") : NULL;
    char *copy = NULL;
    int rc = BW_E(NOMEM);
    if (!work)
        store_fail(err, errsize, "backup %s: out of memory", name);
    else if ((rc = backup_free(path, err, errsize)) == BW_OK && !mkdtemp(work)) {
        store_fail(err, errsize, "backup %s: cannot write in %s: %s", path, where, strerror(errno));
        rc = BW_E(IO);
    } else if (rc == BW_OK) {
        char why[300] = "out of memory";
        copy = joined(work, "/copy.db", "");
        rc = copy ? copy_to(st, copy, why, sizeof why) : BW_E(NOMEM);
        if (rc == BW_OK && link(copy, path) != 0) {
            int e = errno;
            snprintf(why, sizeof why, "%s",
                     e == EEXIST ? "the file exists; not overwritten" : strerror(e));
            rc = e == EEXIST ? BW_E(DENIED) : BW_E(IO);
        }
        if (rc != BW_OK)
            store_fail(err, errsize, "backup %s: %s", path, why);
        for (int i = 0; copy && i < BESIDE_SQLITE; i++) {
            char *own = joined(copy, beside[i], "");
            if (own)
                unlink(own);
            free(own);
        }
        if (copy)
            unlink(copy);
        rmdir(work);
        int fd = rc == BW_OK ? open(where, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
        if (fd >= 0) { /* the new name, too, survives a power cut */
            fsync(fd);
            close(fd);
        }
    }
    free(dir);
    free(path);
    free(where);
    free(work);
    free(copy);
    return rc;
}

/* One file per process: the lock file already keeps every other brickwood off it, so every
 * channel is this one's. */
static int lite_claim(struct store *base, const char *network, const char *channel, char *err,
                      size_t errsize)
{
    (void)base;
    (void)network;
    (void)channel;
    (void)err;
    (void)errsize;
    return BW_OK;
}

static const struct store_backend sqlite_backend = {
    .close = lite_close,
    .path = lite_path,
    .alive = lite_alive,
    .last_alive = lite_last_alive,
    .claim = lite_claim,
    .save_game = lite_save_game,
    .erase_game = lite_erase_game,
    .each_game = lite_each_game,
    .set_language = lite_set_language,
    .each_language = lite_each_language,
    .record_finished = lite_record_finished,
    .stats = lite_stats,
    .find_nick = lite_find_nick,
    .top = lite_top,
    .top_robots = lite_top_robots,
    .checkpoint = lite_checkpoint,
    .backup = lite_backup,
};
