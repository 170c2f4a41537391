/* The store over PostgreSQL, through libpq: several brickwoods (instances) on one database. See
 * store.h (store_open_pg) for the promises and doc/store.md for the set-up.
 *
 * Every call is one round of statements on one connection in autocommit mode, or one explicit
 * transaction (BEGIN ... COMMIT) when it writes more than one row: a call returns BW_OK only
 * after the server reported the commit, and the server's default synchronous_commit = on has
 * flushed its log by then, so "durable before visible" holds as with SQLite. */
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "store/backend.h"
#include "store/rating.h"

/* The key of the advisory lock that serializes schema updates between instances starting at
 * once ("brik"). */
#define PG_SCHEMA_LOCK 0x6272696B

/* A lost connection is tried again after 1 s, then 2, 4, ... up to this. */
#define PG_RETRY_MIN_MS 1000
#define PG_RETRY_MAX_MS 32000

struct pg_store {
    struct store base; /* first: the backend table (backend.h) */
    PGconn *conn;
    char *instance;
    char *label;        /* "postgresql instance NAME", for messages and store_path */
    int64_t alive_ms;   /* the previous holder's last sign of life (store_last_alive) */
    int64_t alive_sent; /* when this one last gave one, monotonic ms; 0: never */
    int64_t retry_at;   /* a lost connection is made again from then on, monotonic ms */
    int64_t retry_wait; /* and, failing, after this long (doubled up to PG_RETRY_MAX_MS) */
    bool usurped;       /* another bot holds the instance now: every call fails */
};

static struct pg_store *pg(struct store *base)
{
    return (struct pg_store *)base;
}

static const struct pg_store *cpg(const struct store *base)
{
    return (const struct pg_store *)base;
}

/* Schema version 1: the tables of the SQLite store (store_sqlite.c), plus who owns what.
 * Names and identities compare by bytes (COLLATE "C"), as in SQLite, so that the leaderboard's
 * order never depends on the server's locale. claims holds each channel's instance; games in
 * progress are listed through it. instances keeps each instance's pid and last sign of life. */
static const char *const schema_v1 =
    "CREATE TABLE brickwood_schema (version integer NOT NULL);"
    "CREATE TABLE instances ("
    "  name text COLLATE \"C\" PRIMARY KEY,"
    "  pid integer NOT NULL,"
    "  alive bigint"
    ");"
    "CREATE TABLE claims ("
    "  network text COLLATE \"C\" NOT NULL,"
    "  channel text COLLATE \"C\" NOT NULL,"
    "  instance text COLLATE \"C\" NOT NULL,"
    "  PRIMARY KEY (network, channel)"
    ");"
    "CREATE TABLE games ("
    "  network text COLLATE \"C\" NOT NULL,"
    "  channel text COLLATE \"C\" NOT NULL,"
    "  record bytea NOT NULL,"
    "  saved bigint NOT NULL,"
    "  PRIMARY KEY (network, channel),"
    "  FOREIGN KEY (network, channel) REFERENCES claims (network, channel)"
    ");"
    "CREATE TABLE finished ("
    "  id bigserial PRIMARY KEY,"
    "  network text COLLATE \"C\" NOT NULL,"
    "  channel text COLLATE \"C\" NOT NULL,"
    "  instance text COLLATE \"C\" NOT NULL,"
    "  started bigint NOT NULL,"
    "  ended bigint NOT NULL,"
    "  turns integer NOT NULL,"
    "  ending text NOT NULL CHECK (ending IN ('win', 'stop', 'resign')),"
    "  rated boolean NOT NULL,"
    "  rules text NOT NULL DEFAULT ''"
    ");"
    "CREATE TABLE seats ("
    "  game bigint NOT NULL REFERENCES finished (id),"
    "  seat integer NOT NULL,"
    "  identity text COLLATE \"C\" NOT NULL,"
    "  nick text COLLATE \"C\" NOT NULL,"
    "  points integer NOT NULL,"
    "  won boolean NOT NULL,"
    "  resigned boolean NOT NULL,"
    "  rating_before double precision NOT NULL,"
    "  rating_after double precision NOT NULL,"
    "  PRIMARY KEY (game, seat)"
    ");"
    "CREATE INDEX seats_by_nick ON seats (lower(nick));"
    "CREATE TABLE players ("
    "  network text COLLATE \"C\" NOT NULL,"
    "  identity text COLLATE \"C\" NOT NULL,"
    "  nick text COLLATE \"C\" NOT NULL,"
    "  rating double precision NOT NULL,"
    "  games integer NOT NULL,"
    "  wins integer NOT NULL,"
    "  best_points integer NOT NULL,"
    "  PRIMARY KEY (network, identity)"
    ");"
    "CREATE INDEX players_by_rating ON players (network, rating DESC, games DESC, identity);"
    "CREATE TABLE channels ("
    "  network text COLLATE \"C\" NOT NULL,"
    "  channel text COLLATE \"C\" NOT NULL,"
    "  language text NOT NULL,"
    "  PRIMARY KEY (network, channel)"
    ");"
    "INSERT INTO brickwood_schema (version) VALUES (1);";

/* migrations[v] takes a database from version v to v + 1 (0: none yet); a new version appends
 * its step here, sets brickwood_schema.version in it and raises STORE_PG_SCHEMA_VERSION. */
static const char *const migrations[STORE_PG_SCHEMA_VERSION] = {schema_v1};

/* libpq's message without its trailing newline, its first line only. */
static void pg_reason(PGconn *conn, char *buf, size_t size)
{
    snprintf(buf, size, "%s", conn ? PQerrorMessage(conn) : "out of memory");
    buf[strcspn(buf, "\r\n")] = '\0';
}

/* Report the connection's last error as "LABEL: what: reason" and return BW_E(IO). */
static int pg_fail(struct pg_store *st, char *err, size_t errsize, const char *what)
{
    char why[300];
    pg_reason(st->conn, why, sizeof why);
    store_fail(err, errsize, "%s: %s: %s", st->label, what, why);
    return BW_E(IO);
}

/* Run sql with text parameters (n of them); the result, or NULL after reporting what failed.
 * want is PGRES_COMMAND_OK or PGRES_TUPLES_OK. */
static PGresult *query(struct pg_store *st, const char *sql, int n, const char *const *params,
                       ExecStatusType want, const char *what, char *err, size_t errsize)
{
    PGresult *r = PQexecParams(st->conn, sql, n, NULL, params, NULL, NULL, 0);
    if (r && PQresultStatus(r) == want)
        return r;
    pg_fail(st, err, errsize, what);
    PQclear(r);
    return NULL;
}

/* A statement whose rows are not needed: BW_OK or BW_E(IO). */
static int command(struct pg_store *st, const char *sql, int n, const char *const *params,
                   const char *what, char *err, size_t errsize)
{
    PGresult *r = query(st, sql, n, params, PGRES_COMMAND_OK, what, err, errsize);
    PQclear(r);
    return r ? BW_OK : BW_E(IO);
}

/* End a transaction that failed; the connection is usable again afterwards. */
static void rollback(struct pg_store *st)
{
    PQclear(PQexec(st->conn, "ROLLBACK"));
}

static void quiet(void *ctx, const char *message)
{
    (void)ctx;
    (void)message;
}

/* Connect to conninfo; NULL with the reason in err. The server's notices are not printed (libpq
 * would write them to stderr). */
static PGconn *connect_to(const char *conninfo, const char *label, char *err, size_t errsize)
{
    PGconn *conn = PQconnectdb(conninfo);
    if (!conn || PQstatus(conn) != CONNECTION_OK) {
        char why[300];
        pg_reason(conn, why, sizeof why);
        store_fail(err, errsize, "%s: cannot connect: %s", label, why);
        PQfinish(conn);
        return NULL;
    }
    PQsetNoticeProcessor(conn, quiet, NULL);
    return conn;
}

/* The schema version of the database on conn into *version (0: no schema yet). -1 with the
 * reason when it cannot be read or is not brickwood's. */
static int read_version(PGconn *conn, const char *label, int *version, char *err, size_t errsize)
{
    PGresult *r = PQexec(conn, "SELECT to_regclass('brickwood_schema') IS NOT NULL, "
                               "to_regclass('games') IS NOT NULL");
    char why[300];
    if (!r || PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
        pg_reason(conn, why, sizeof why);
        store_fail(err, errsize, "%s: cannot read the schema: %s", label, why);
        PQclear(r);
        return -1;
    }
    bool ours = PQgetvalue(r, 0, 0)[0] == 't', games = PQgetvalue(r, 0, 1)[0] == 't';
    PQclear(r);
    *version = 0;
    if (!ours && games) {
        store_fail(err, errsize,
                   "%s: the database holds another program's tables, not brickwood's (left "
                   "untouched)",
                   label);
        return -1;
    }
    if (!ours)
        return 0;
    r = PQexec(conn, "SELECT max(version) FROM brickwood_schema");
    if (!r || PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
        pg_reason(conn, why, sizeof why);
        store_fail(err, errsize, "%s: cannot read the schema version: %s", label, why);
        PQclear(r);
        return -1;
    }
    *version = atoi(PQgetvalue(r, 0, 0));
    PQclear(r);
    if (*version > STORE_PG_SCHEMA_VERSION) {
        store_fail(err, errsize,
                   "%s: schema version %d is newer than this brickwood understands (%d); run a "
                   "newer brickwood (left untouched)",
                   label, *version, STORE_PG_SCHEMA_VERSION);
        return -1;
    }
    return 0;
}

int store_pg_check(const char *conninfo, int *version, char *err, size_t errsize)
{
    PGconn *conn = connect_to(conninfo, "postgresql", err, errsize);
    if (!conn)
        return BW_E(NOT_CONNECTED);
    int rc = read_version(conn, "postgresql", version, err, errsize);
    PQfinish(conn);
    return rc == 0 ? BW_OK : BW_E(IO);
}

/* Create or update the schema, one transaction per step; an advisory lock held to the end of
 * each keeps two instances starting at once from both creating it. */
static int migrate(struct pg_store *st, char *err, size_t errsize)
{
    for (;;) {
        char lock[64];
        snprintf(lock, sizeof lock, "SELECT pg_advisory_xact_lock(%d)", PG_SCHEMA_LOCK);
        PGresult *r = PQexec(st->conn, "BEGIN");
        PQclear(r);
        r = PQexec(st->conn, lock);
        bool locked = r && PQresultStatus(r) == PGRES_TUPLES_OK;
        PQclear(r);
        int version;
        if (!locked) {
            pg_fail(st, err, errsize, "cannot lock the schema");
            rollback(st);
            return BW_E(IO);
        }
        if (read_version(st->conn, st->label, &version, err, errsize) != 0) {
            rollback(st);
            return BW_E(IO);
        }
        if (version == STORE_PG_SCHEMA_VERSION) {
            rollback(st); /* nothing was written */
            return BW_OK;
        }
        r = PQexec(st->conn, migrations[version]);
        bool done = r && PQresultStatus(r) == PGRES_COMMAND_OK;
        PQclear(r);
        if (!done || command(st, "COMMIT", 0, NULL, "cannot commit the schema", err, errsize)) {
            if (!done)
                pg_fail(st, err, errsize, "cannot create the schema");
            rollback(st);
            return BW_E(IO);
        }
    }
}

static bool instance_valid(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    return n > 0 && n <= STORE_MAX_INSTANCE &&
           strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

/* Hold the instance for as long as the connection lives: an advisory lock per schema and
 * instance, which the server drops when the connection ends however it ends (kill -9 of the
 * bot included). Then read the previous holder's last sign of life and write this pid. */
static int take_instance(struct pg_store *st, char *err, size_t errsize)
{
    const char *p[2] = {st->instance, NULL};
    PGresult *r = query(st,
                        "SELECT pg_try_advisory_lock(hashtextextended('brickwood ' || "
                        "current_schema() || ' ' || $1, 0))",
                        1, p, PGRES_TUPLES_OK, "cannot lock the instance", err, errsize);
    if (!r)
        return BW_E(IO);
    bool locked = PQgetvalue(r, 0, 0)[0] == 't';
    PQclear(r);
    r = query(st, "SELECT pid, alive FROM instances WHERE name = $1", 1, p, PGRES_TUPLES_OK,
              "cannot read the instance", err, errsize);
    if (!r)
        return BW_E(IO);
    long pid = PQntuples(r) == 1 ? atol(PQgetvalue(r, 0, 0)) : 0;
    st->alive_ms = PQntuples(r) == 1 && !PQgetisnull(r, 0, 1)
                       ? strtoll(PQgetvalue(r, 0, 1), NULL, 10)
                       : INT64_MIN;
    PQclear(r);
    if (!locked) {
        store_fail(err, errsize, "%s: in use by another brickwood (pid %ld)", st->label, pid);
        return BW_E(DENIED);
    }
    char mine[24];
    snprintf(mine, sizeof mine, "%ld", (long)getpid());
    p[1] = mine;
    return command(st,
                   "INSERT INTO instances (name, pid) VALUES ($1, $2) ON CONFLICT (name) DO "
                   "UPDATE SET pid = excluded.pid",
                   2, p, "cannot record the instance", err, errsize);
}

static void pg_close(struct store *base);
static const struct store_backend pg_backend;

struct store *store_open_pg(const char *conninfo, const char *instance, unsigned flags, char *err,
                            size_t errsize)
{
    (void)flags;
    if (err && errsize)
        err[0] = '\0';
    if (!conninfo || !instance_valid(instance)) {
        store_fail(err, errsize,
                   "postgresql: an instance name of 1 to %d letters, digits, '.', '_' or '-' is "
                   "needed",
                   STORE_MAX_INSTANCE);
        return NULL;
    }
    struct pg_store *st = calloc(1, sizeof *st);
    size_t size = strlen(instance) + 32;
    if (!st || !(st->instance = strdup(instance)) || !(st->label = malloc(size))) {
        if (st)
            free(st->instance);
        free(st);
        store_fail(err, errsize, "postgresql: out of memory");
        return NULL;
    }
    st->base.ops = &pg_backend;
    st->alive_ms = INT64_MIN;
    snprintf(st->label, size, "postgresql instance %s", instance);
    st->conn = connect_to(conninfo, st->label, err, errsize);
    if (!st->conn || migrate(st, err, errsize) != BW_OK ||
        take_instance(st, err, errsize) != BW_OK) {
        pg_close(&st->base);
        return NULL;
    }
    return &st->base;
}

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Whether the server ended the connection while it was idle (a restart, a fast shutdown, an
 * administrator's pg_terminate_backend): it says so and closes, which leaves the socket readable,
 * but libpq notices only when it reads. Anything arriving between calls is read, and then one
 * round trip tells whether the connection still works. */
static bool ended_by_server(PGconn *conn)
{
    struct pollfd p = {.fd = PQsocket(conn), .events = POLLIN};
    if (p.fd < 0)
        return true;
    if (poll(&p, 1, 0) <= 0)
        return false;
    if (!PQconsumeInput(conn) || PQstatus(conn) != CONNECTION_OK)
        return true;
    PGresult *r = PQexec(conn, "SELECT 1");
    bool ended = !r || PQresultStatus(r) != PGRES_TUPLES_OK;
    PQclear(r);
    return ended;
}

/* Before a call talks to the server: a connection it dropped (restarted, or the network gone)
 * is made again, with the instance's lock taken again; when that fails, not again before
 * retry_wait (1 s, doubling up to 32 s), so that a server that is down costs the event loop one
 * connection attempt now and then, not one per call. Until then calls fail with the reason: a
 * save that fails pauses its game, and the bot's next try (every 5 s) finds the connection
 * back. */
static int ready(struct pg_store *st, char *err, size_t errsize)
{
    if (st->usurped) {
        store_fail(err, errsize,
                   "%s: another brickwood took the instance while the connection was lost; "
                   "nothing more is saved here",
                   st->label);
        return BW_E(IO);
    }
    if (PQstatus(st->conn) == CONNECTION_OK && !ended_by_server(st->conn))
        return BW_OK;
    int64_t now = mono_ms();
    if (now < st->retry_at) {
        store_fail(err, errsize,
                   "%s: the connection to the database is lost; trying again in "
                   "%lld s",
                   st->label, (long long)((st->retry_at - now + 999) / 1000));
        return BW_E(IO);
    }
    PQreset(st->conn);
    int rc = PQstatus(st->conn) == CONNECTION_OK
                 ? take_instance(st, err, errsize)
                 : pg_fail(st, err, errsize, "the connection to the database is lost");
    if (rc == BW_OK) {
        st->retry_wait = 0;
        return BW_OK;
    }
    /* Another bot took the instance meanwhile: this one must never write beside it. */
    st->usurped = rc == BW_E(DENIED);
    st->retry_wait = st->retry_wait ? st->retry_wait * 2 : PG_RETRY_MIN_MS;
    if (st->retry_wait > PG_RETRY_MAX_MS)
        st->retry_wait = PG_RETRY_MAX_MS;
    st->retry_at = now + st->retry_wait;
    return BW_E(IO);
}

static void pg_close(struct store *base)
{
    struct pg_store *st = pg(base);
    PQfinish(st->conn); /* ends the session: its advisory lock goes with it */
    free(st->instance);
    free(st->label);
    free(st);
}

/* Down to the connection: a lost one not made again yet (ready) means the server is out of
 * reach, as far as this bot can tell. */
static bool pg_reachable(const struct store *base)
{
    const struct pg_store *st = cpg(base);
    return st->usurped || PQstatus(st->conn) == CONNECTION_OK;
}

static const char *pg_path(const struct store *base)
{
    return cpg(base)->label;
}

static int64_t pg_last_alive(const struct store *base)
{
    return cpg(base)->alive_ms;
}

/* The instance's row keeps its last sign of life in milliseconds since 1970, for the next
 * start (store_last_alive); a failure is left for the next save to report, and a lost
 * connection for it to make again. */
static void pg_alive(struct store *base)
{
    struct pg_store *st = pg(base);
    int64_t now = mono_ms();
    if (PQstatus(st->conn) != CONNECTION_OK ||
        (st->alive_sent && now - st->alive_sent < STORE_ALIVE_MS))
        return;
    st->alive_sent = now;
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    char ms[24];
    snprintf(ms, sizeof ms, "%" PRId64, (int64_t)wall.tv_sec * 1000 + wall.tv_nsec / 1000000);
    const char *p[2] = {st->instance, ms};
    PQclear(PQexecParams(st->conn, "UPDATE instances SET alive = $2 WHERE name = $1", 2, NULL, p,
                         NULL, NULL, 0));
}

/* Make network/channel this instance's unless it is another's; inside or outside a transaction.
 * A channel another instance released (its instance '', pg_release) is taken only at a start
 * (released: true), never by a save. BW_OK, BW_E(DENIED) naming the other instance, or
 * BW_E(IO). */
static int claim(struct pg_store *st, const char *network, const char *channel, bool released,
                 char *err, size_t errsize)
{
    const char *p[3] = {network, channel, st->instance};
    if (command(st,
                released ? "INSERT INTO claims (network, channel, instance) VALUES ($1, $2, $3) "
                           "ON CONFLICT (network, channel) DO UPDATE SET instance = "
                           "excluded.instance WHERE claims.instance = ''"
                         : "INSERT INTO claims (network, channel, instance) VALUES ($1, $2, $3) "
                           "ON CONFLICT DO NOTHING",
                3, p, "cannot claim the channel", err, errsize) != BW_OK)
        return BW_E(IO);
    PGresult *r = query(st,
                        "SELECT instance FROM claims WHERE network = $1 AND channel = $2 FOR "
                        "SHARE",
                        2, p, PGRES_TUPLES_OK, "cannot read the channel's claim", err, errsize);
    if (!r)
        return BW_E(IO);
    int rc = BW_OK;
    if (PQntuples(r) != 1 || strcmp(PQgetvalue(r, 0, 0), st->instance) != 0) {
        store_fail(err, errsize,
                   "%s: %s on %s is claimed by instance %s; it is not used here (release it "
                   "there first)",
                   st->label, channel, network,
                   PQntuples(r) != 1 ? "?"
                   : PQgetvalue(r, 0, 0)[0]
                       ? PQgetvalue(r, 0, 0)
                       : "none (released; a start or an admin's join takes it)");
        rc = BW_E(DENIED);
    }
    PQclear(r);
    return rc;
}

static int pg_claim(struct store *base, const char *network, const char *channel, char *err,
                    size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    return claim(st, network, channel, true, err, errsize);
}

static int pg_save_game(struct store *base, const char *network, const char *channel,
                        const void *blob, size_t len, char *err, size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    if (command(st, "BEGIN", 0, NULL, "cannot start saving the game", err, errsize) != BW_OK)
        return BW_E(IO);
    int rc = claim(st, network, channel, false, err, errsize);
    if (rc == BW_OK) {
        char saved[24];
        snprintf(saved, sizeof saved, "%lld", (long long)time(NULL));
        const char *p[4] = {network, channel, blob, saved};
        int lens[4] = {0, 0, (int)len, 0}, formats[4] = {0, 0, 1, 0};
        PGresult *r = PQexecParams(st->conn,
                                   "INSERT INTO games (network, channel, record, saved) VALUES "
                                   "($1, $2, $3, $4) ON CONFLICT (network, channel) DO UPDATE "
                                   "SET record = excluded.record, saved = excluded.saved",
                                   4, NULL, p, lens, formats, 0);
        if (!r || PQresultStatus(r) != PGRES_COMMAND_OK)
            rc = pg_fail(st, err, errsize, "cannot save the game");
        PQclear(r);
    }
    if (rc == BW_OK)
        rc = command(st, "COMMIT", 0, NULL, "cannot commit the game", err, errsize);
    if (rc != BW_OK)
        rollback(st);
    return rc;
}

static int pg_erase_game(struct store *base, const char *network, const char *channel, char *err,
                         size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    const char *p[3] = {network, channel, st->instance};
    return command(st,
                   "DELETE FROM games g USING claims c WHERE g.network = $1 AND g.channel = $2 "
                   "AND c.network = g.network AND c.channel = g.channel AND c.instance = $3",
                   3, p, "cannot erase the game", err, errsize);
}

static int pg_each_game(struct store *base, const char *network, store_game_fn fn, void *ctx,
                        char *err, size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    const char *p[2] = {st->instance, network};
    /* Binary results: the record arrives as its bytes; the names' bytes are their text. */
    PGresult *r = PQexecParams(st->conn,
                               network ? "SELECT g.network, g.channel, g.record FROM games g JOIN "
                                         "claims c USING (network, channel) WHERE c.instance = $1 "
                                         "AND g.network = $2 ORDER BY 1, 2"
                                       : "SELECT g.network, g.channel, g.record FROM games g JOIN "
                                         "claims c USING (network, channel) WHERE c.instance = $1 "
                                         "ORDER BY 1, 2",
                               network ? 2 : 1, NULL, p, NULL, NULL, 1);
    if (!r || PQresultStatus(r) != PGRES_TUPLES_OK) {
        PQclear(r);
        return pg_fail(st, err, errsize, "cannot list the saved games");
    }
    int result = BW_OK;
    for (int i = 0; i < PQntuples(r) && result == 0; i++) {
        size_t len = (size_t)PQgetlength(r, i, 2);
        result = fn(ctx, PQgetvalue(r, i, 0), PQgetvalue(r, i, 1), len ? PQgetvalue(r, i, 2) : NULL,
                    len);
    }
    PQclear(r);
    return result;
}

static int pg_set_language(struct store *base, const char *network, const char *channel,
                           const char *language, char *err, size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    const char *p[3] = {network, channel, language};
    if (!language)
        return command(st, "DELETE FROM channels WHERE network = $1 AND channel = $2", 2, p,
                       "cannot keep the channel's language", err, errsize);
    return command(st,
                   "INSERT INTO channels (network, channel, language) VALUES ($1, $2, $3) ON "
                   "CONFLICT (network, channel) DO UPDATE SET language = excluded.language",
                   3, p, "cannot keep the channel's language", err, errsize);
}

static int pg_each_language(struct store *base, const char *network, store_language_fn fn,
                            void *ctx, char *err, size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    const char *p[1] = {network ? network : ""};
    PGresult *r = query(st,
                        "SELECT channel, language FROM channels WHERE network = $1 ORDER BY "
                        "channel",
                        1, p, PGRES_TUPLES_OK, "cannot list the channels' languages", err, errsize);
    if (!r)
        return BW_E(IO);
    int result = BW_OK;
    for (int i = 0; i < PQntuples(r) && result == 0; i++)
        result = fn(ctx, PQgetvalue(r, i, 0), PQgetvalue(r, i, 1));
    PQclear(r);
    return result;
}

/* Text forms of numbers for the statements' parameters. */
struct num {
    char s[32];
};

static struct num num_int(long long v)
{
    struct num n;
    snprintf(n.s, sizeof n.s, "%lld", v);
    return n;
}

/* %.17g: the double comes back from the server exactly. */
static struct num num_real(double v)
{
    struct num n;
    snprintf(n.s, sizeof n.s, "%.17g", v);
    return n;
}

/* Lock the rows of g's players on g->network (creating those not there yet, at the initial
 * rating) and read their ratings into before[]. The rows are taken in one order, by identity,
 * in every transaction: two instances recording games of the same players wait for each other
 * instead of deadlocking, and the second reads what the first committed. */
static int lock_players(struct pg_store *st, const struct store_finished *g, double before[],
                        char *err, size_t errsize)
{
    int order[STORE_MAX_SEATS];
    for (int i = 0; i < g->n_seats; i++) {
        int j = i;
        for (; j > 0 && strcmp(g->seats[order[j - 1]].identity, g->seats[i].identity) > 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    struct num initial = num_real(RATING_INITIAL);
    for (int k = 0; k < g->n_seats; k++) {
        int i = order[k];
        const char *p[4] = {g->network, g->seats[i].identity, g->seats[i].nick, initial.s};
        if (k > 0 && strcmp(g->seats[order[k - 1]].identity, p[1]) == 0) {
            before[i] = before[order[k - 1]];
            continue;
        }
        if (command(st,
                    "INSERT INTO players (network, identity, nick, rating, games, wins, "
                    "best_points) VALUES ($1, $2, $3, $4, 0, 0, 0) ON CONFLICT DO NOTHING",
                    4, p, "cannot add a player", err, errsize) != BW_OK)
            return BW_E(IO);
        PGresult *r = query(st,
                            "SELECT rating FROM players WHERE network = $1 AND identity = $2 FOR "
                            "UPDATE",
                            2, p, PGRES_TUPLES_OK, "cannot read a rating", err, errsize);
        if (!r)
            return BW_E(IO);
        before[i] = PQntuples(r) == 1 ? strtod(PQgetvalue(r, 0, 0), NULL) : RATING_INITIAL;
        PQclear(r);
    }
    return BW_OK;
}

/* The seats' rows and the players' new totals. */
static int write_seats(struct pg_store *st, const struct store_finished *g, const char *id,
                       const double before[], const double after[], const double total[], char *err,
                       size_t errsize)
{
    for (int i = 0; i < g->n_seats; i++) {
        const struct store_seat *a = &g->seats[i];
        struct num seat = num_int(a->seat), points = num_int(a->points);
        struct num was = num_real(before[i]), now = num_real(after[i]), sum = num_real(total[i]);
        const char *won = a->won ? "true" : "false", *resigned = a->resigned ? "true" : "false";
        const char *ps[9] = {id,  seat.s,   a->identity, a->nick, points.s,
                             won, resigned, was.s,       now.s};
        const char *pp[6] = {g->network, a->identity, a->nick, sum.s, a->won ? "1" : "0", points.s};
        if (command(st,
                    "INSERT INTO seats (game, seat, identity, nick, points, won, resigned, "
                    "rating_before, rating_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    9, ps, "cannot record a seat", err, errsize) != BW_OK)
            return BW_E(IO);
        if (g->unrated)
            continue; /* another game than the records compare: not in anyone's totals */
        if (command(st,
                    "UPDATE players SET nick = $3, rating = $4, games = games + 1, wins = wins + "
                    "$5, best_points = greatest(best_points, $6) WHERE network = $1 AND "
                    "identity = $2",
                    6, pp, "cannot update a player", err, errsize) != BW_OK)
            return BW_E(IO);
    }
    return BW_OK;
}

/* The finished game, its seats, the ratings and the end of its running record: one
 * transaction. */
static int pg_record_finished(struct store *base, const struct store_finished *g, char *err,
                              size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    if (command(st, "BEGIN", 0, NULL, "cannot start recording the game", err, errsize) != BW_OK)
        return BW_E(IO);
    struct num started = num_int(g->started), ended = num_int(g->ended), turns = num_int(g->turns);
    const char *p[9] = {g->network,
                        g->channel,
                        st->instance,
                        started.s,
                        ended.s,
                        turns.s,
                        store_ending_name(g->ending),
                        store_finished_rated(g) ? "true" : "false",
                        g->rules ? g->rules : ""};
    PGresult *r = query(st,
                        "INSERT INTO finished (network, channel, instance, started, ended, turns, "
                        "ending, rated, rules) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
                        "RETURNING id",
                        9, p, PGRES_TUPLES_OK, "cannot record the game", err, errsize);
    double before[STORE_MAX_SEATS], after[STORE_MAX_SEATS], total[STORE_MAX_SEATS];
    int rc = r ? lock_players(st, g, before, err, errsize) : BW_E(IO);
    if (rc == BW_OK) {
        store_rate_finished(g, before, after, total);
        rc = write_seats(st, g, PQgetvalue(r, 0, 0), before, after, total, err, errsize);
    }
    PQclear(r);
    /* The game no longer runs: its saved record goes in the same transaction. */
    if (rc == BW_OK)
        rc = command(st, "DELETE FROM games WHERE network = $1 AND channel = $2", 2, p,
                     "cannot forget the running game", err, errsize);
    if (rc == BW_OK)
        rc = command(st, "COMMIT", 0, NULL, "cannot commit the game", err, errsize);
    if (rc != BW_OK)
        rollback(st);
    return rc;
}

/* Row i of a players query (identity, nick, rating, games, wins, best_points) into *out. */
static void read_stats(const PGresult *r, int i, struct store_stats *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->identity, sizeof out->identity, "%s", PQgetvalue(r, i, 0));
    snprintf(out->nick, sizeof out->nick, "%s", PQgetvalue(r, i, 1));
    out->rating = strtod(PQgetvalue(r, i, 2), NULL);
    out->games = atoi(PQgetvalue(r, i, 3));
    out->wins = atoi(PQgetvalue(r, i, 4));
    out->best_points = atoi(PQgetvalue(r, i, 5));
    out->win_rate = out->games > 0 ? (double)out->wins / (double)out->games : 0.0;
}

static int pg_stats(struct store *base, const char *network, const char *identity,
                    struct store_stats *out, char *err, size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    const char *p[2] = {network, identity};
    PGresult *r = query(st,
                        "SELECT identity, nick, rating, games, wins, best_points FROM players "
                        "WHERE network = $1 AND identity = $2 AND games > 0",
                        2, p, PGRES_TUPLES_OK, "cannot read the stats", err, errsize);
    if (!r)
        return BW_E(IO);
    int rc = PQntuples(r) == 1 ? BW_OK : BW_E(NOT_FOUND);
    if (rc == BW_OK)
        read_stats(r, 0, out);
    PQclear(r);
    return rc;
}

static int pg_find_nick(struct store *base, const char *network, const char *nick, char *buf,
                        size_t size, char *err, size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    const char *p[2] = {network, nick};
    PGresult *r = query(st,
                        "SELECT s.identity FROM seats s JOIN finished f ON f.id = s.game WHERE "
                        "f.network = $1 AND lower(s.nick) = lower($2) ORDER BY f.ended DESC, "
                        "f.id DESC LIMIT 1",
                        2, p, PGRES_TUPLES_OK, "cannot look up the nick", err, errsize);
    if (!r)
        return BW_E(IO);
    int rc = BW_E(NOT_FOUND);
    if (PQntuples(r) == 1) {
        const char *id = PQgetvalue(r, 0, 0);
        rc = strlen(id) < size ? BW_OK : BW_E(LIMIT);
        if (rc == BW_OK)
            memcpy(buf, id, strlen(id) + 1);
    }
    PQclear(r);
    return rc;
}

/* The leaders of every instance on network: people, or computer players ("bot:LEVEL"). */
static int top_of(struct pg_store *st, const char *network, int n, bool robots, store_top_fn fn,
                  void *ctx, char *err, size_t errsize)
{
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    struct num limit = num_int(n);
    const char *p[2] = {network, limit.s};
    PGresult *r = query(st,
                        robots ? "SELECT identity, nick, rating, games, wins, best_points FROM "
                                 "players WHERE network = $1 AND games > 0 AND left(identity, 4) "
                                 "= 'bot:' ORDER BY rating DESC, games DESC, identity LIMIT $2"
                               : "SELECT identity, nick, rating, games, wins, best_points FROM "
                                 "players WHERE network = $1 AND games > 0 AND left(identity, 4) "
                                 "<> 'bot:' ORDER BY rating DESC, games DESC, identity LIMIT $2",
                        2, p, PGRES_TUPLES_OK, "cannot read the leaders", err, errsize);
    if (!r)
        return BW_E(IO);
    int count = 0;
    struct store_stats row;
    for (int i = 0; i < PQntuples(r); i++) {
        read_stats(r, i, &row);
        count++;
        if (fn(ctx, count, &row) != 0)
            break;
    }
    PQclear(r);
    return count;
}

static int pg_top(struct store *base, const char *network, int n, store_top_fn fn, void *ctx,
                  char *err, size_t errsize)
{
    return top_of(pg(base), network, n, false, fn, ctx, err, errsize);
}

static int pg_top_robots(struct store *base, const char *network, int n, store_top_fn fn, void *ctx,
                         char *err, size_t errsize)
{
    return top_of(pg(base), network, n, true, fn, ctx, err, errsize);
}

/* Every commit is already in the server's own log: nothing is left to copy. */
static int pg_checkpoint(struct store *base, char *err, size_t errsize)
{
    (void)base;
    (void)err;
    (void)errsize;
    return BW_OK;
}

/* Claims of this instance on network (channel: one of them, "" all) that no saved game needs go;
 * the others pass to nobody (instance ''), so that the games rows keep their claim, and the
 * next instance to claim the channel at its start takes it with them. One transaction. */
static int pg_release(struct store *base, const char *network, const char *channel,
                      store_channel_fn fn, void *ctx, char *err, size_t errsize)
{
    struct pg_store *st = pg(base);
    if (ready(st, err, errsize) != BW_OK)
        return BW_E(IO);
    if (command(st, "BEGIN", 0, NULL, "cannot start releasing", err, errsize) != BW_OK)
        return BW_E(IO);
    const char *p[3] = {network, channel ? channel : "", st->instance};
    PGresult *gone = query(st,
                           "DELETE FROM claims c WHERE network = $1 AND ($2 = '' OR channel = $2) "
                           "AND instance = $3 AND NOT EXISTS (SELECT 1 FROM games g WHERE "
                           "g.network = c.network AND g.channel = c.channel) RETURNING channel",
                           3, p, PGRES_TUPLES_OK, "cannot release the channels", err, errsize);
    PGresult *kept =
        gone ? query(st,
                     "UPDATE claims SET instance = '' WHERE network = $1 AND ($2 = '' "
                     "OR channel = $2) AND instance = $3 RETURNING channel",
                     3, p, PGRES_TUPLES_OK, "cannot release the channels with games", err, errsize)
             : NULL;
    int rc =
        kept ? command(st, "COMMIT", 0, NULL, "cannot commit the release", err, errsize) : BW_E(IO);
    if (rc != BW_OK) {
        rollback(st);
    } else {
        rc = PQntuples(gone) + PQntuples(kept);
        for (int i = 0; fn && i < PQntuples(gone); i++)
            fn(ctx, PQgetvalue(gone, i, 0));
        for (int i = 0; fn && i < PQntuples(kept); i++)
            fn(ctx, PQgetvalue(kept, i, 0));
    }
    PQclear(gone);
    PQclear(kept);
    return rc;
}

/* A copy of a database the bots share is the server's business (pg_dump), not one bot's. */
static int pg_backup(struct store *base, const char *name, char *err, size_t errsize)
{
    (void)name;
    store_fail(err, errsize, "%s: the store is a PostgreSQL database; back it up with pg_dump",
               pg(base)->label);
    return BW_E(INVALID);
}

static const struct store_backend pg_backend = {
    .close = pg_close,
    .path = pg_path,
    .alive = pg_alive,
    .last_alive = pg_last_alive,
    .claim = pg_claim,
    .save_game = pg_save_game,
    .erase_game = pg_erase_game,
    .each_game = pg_each_game,
    .set_language = pg_set_language,
    .each_language = pg_each_language,
    .record_finished = pg_record_finished,
    .stats = pg_stats,
    .find_nick = pg_find_nick,
    .top = pg_top,
    .top_robots = pg_top_robots,
    .checkpoint = pg_checkpoint,
    .backup = pg_backup,
    .reachable = pg_reachable,
    .release = pg_release,
};
