/* The durable store: lobbies and games in progress, finished games, ratings, in one SQLite file
 * (the default) or in a PostgreSQL database shared by several brickwoods (store_open_pg, below).
 *
 * This is the only module that sees SQLite or PostgreSQL: the rest of the bot calls the
 * functions below whichever backend the store was opened with (backend.h, store_sqlite.c,
 * store_pg.c). Everything it is handed is committed before the
 * call returns, so a caller that saves a change and only then queues the reply about it never
 * tells a player something a crash can take back ("durable before visible").
 *
 * The file runs in WAL mode with synchronous=FULL: every commit appends to the write-ahead log
 * and fsyncs it before returning, so a committed change survives kill -9 (which synchronous=
 * NORMAL would already give, the log being in the page cache) and also a power cut or kernel
 * crash (which NORMAL would not: its last commits can roll back). One fsync per action costs a
 * few milliseconds at worst, far below the pace of people typing; bench/store_bench.c measures
 * it. Readers such as a backup taken with the sqlite3 shell never block the bot.
 *
 * One process per file: store_open takes a lock on "PATH-lock" beside the file (flock, released
 * by the kernel when the process ends however it ends) and writes its pid there; a second
 * opener, in this process or another, is refused at once. The lock file stays behind after
 * close; it holds no data.
 *
 * A file that cannot be used is refused before anything is written to it: not a database,
 * corrupt (PRAGMA quick_check), made by a newer brickwood (PRAGMA user_version above
 * STORE_SCHEMA_VERSION), in use, read-only, or in a directory where the write-ahead log cannot
 * be created. Networks, channels and identities are stored as given: the caller folds case
 * (IRC case mapping) before calling, so that "#Catan" and "#catan" name one game. */
#ifndef BW_STORE_STORE_H
#define BW_STORE_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"

/* The schema this program writes; files with a higher PRAGMA user_version are refused. */
#define STORE_SCHEMA_VERSION 3

#define STORE_MAX_SEATS 6

/* Records (a saved lobby or game) above this size are refused with BW_E(LIMIT). */
#define STORE_MAX_RECORD (1024 * 1024)

struct store;

/* Open the store at path, creating the file and its schema when it does not exist (or is
 * empty). Returns a store owned by the caller until store_close, or NULL with a one-line reason
 * naming the file in err (errsize bytes, always terminated when errsize > 0). On failure the
 * file is left exactly as it was. path stays the caller's. */
struct store *store_open(const char *path, char *err, size_t errsize);

/* As store_open; a missing (or empty) file is refused when PATH-lock shows that a brickwood used
 * it before (the file was deleted or moved: its games are elsewhere, not gone), unless
 * STORE_OPEN_EMPTY_OK. store_open allows it. */
#define STORE_OPEN_EMPTY_OK 1u
#define STORE_OPEN_KEEP 0u
struct store *store_open_flags(const char *path, unsigned flags, char *err, size_t errsize);

/* Open the store in the PostgreSQL database that conninfo names (a libpq connection string:
 * "host=db.example dbname=brickwood user=brickwood"; the password as libpq finds it, in
 * ~/.pgpass or PGPASSFILE), as instance, this process's share of it (letters, digits, '.', '_'
 * and '-', 1..STORE_MAX_INSTANCE bytes). The schema is created or brought up to date when
 * older; a database whose schema is newer than STORE_PG_SCHEMA_VERSION is refused with the
 * reason, and so is an instance another brickwood has open (its connection holds an advisory
 * lock until it ends, however it ends). Several instances share the finished games and ratings
 * (store_top, store_stats see every instance's games); the lobbies and games in progress belong
 * to the instance whose channel they are in (store_claim): store_each_game lists only this
 * instance's, and saving in a channel another instance claimed is refused. Every write is one
 * transaction committed when the call returns BW_OK (durable before visible, as with SQLite);
 * a finished game locks its players' rows (SELECT ... FOR UPDATE) so that two instances rating
 * one player at once never lose an update. flags as store_open_flags (unused: the database
 * has no file that could go missing). NULL with the reason in err on failure. */
#define STORE_PG_SCHEMA_VERSION 1
#define STORE_MAX_INSTANCE 64
struct store *store_open_pg(const char *conninfo, const char *instance, unsigned flags, char *err,
                            size_t errsize);

/* What `brickwood -t` reports of a PostgreSQL store: connect to conninfo and read its schema
 * version into *version (0: no schema yet, created at the first start). BW_OK, or with the
 * reason in err BW_E(NOT_CONNECTED) (no connection: the server is down or unreachable, the
 * database or role does not exist, the password is wrong) or BW_E(IO) (not brickwood's, newer
 * than this brickwood, unreadable). */
int store_pg_check(const char *conninfo, int *version, char *err, size_t errsize);

/* Claim channel of network for this process before it uses the channel: with SQLite always
 * BW_OK (the file is the process's alone); with PostgreSQL the channel becomes this instance's
 * unless another instance claimed it, which is refused with BW_E(DENIED) and the reason (the
 * instance that holds it) in err. A claim lasts until an admin
 * releases it (doc/store.md). */
int store_claim(struct store *st, const char *network, const char *channel, char *err,
                size_t errsize);

/* Release this instance's claims on network's channel (channel NULL: on all of network's
 * channels) so that another instance can claim them: the saved lobbies and games there stay in
 * the database for that instance to restore, and this one neither lists nor saves them any
 * more (until it claims them again at a start). fn(ctx, channel) is called for each channel
 * released (fn may be NULL). Returns how many were released (0: none was this instance's) or
 * an error with the reason in err; with SQLite BW_E(INVALID): a file is its bot's alone. */
typedef void (*store_channel_fn)(void *ctx, const char *channel);
int store_release(struct store *st, const char *network, const char *channel, store_channel_fn fn,
                  void *ctx, char *err, size_t errsize);

/* Commit everything and close; harmless with NULL. The last close checkpoints the log into the
 * file and removes PATH-wal. */
void store_close(struct store *st);

/* The file name the store was opened with, or for PostgreSQL "postgresql instance NAME";
 * borrowed from st. */
const char *store_path(const struct store *st);

/* A sign of life, at most every STORE_ALIVE_MS (call it from the event loop, which wakes at
 * least that often): the lock file's time moves on. The next brickwood on this store reads the
 * last one (store_last_alive), the moment this one stopped within about STORE_ALIVE_MS,
 * however it stopped (kill -9 included). */
#define STORE_ALIVE_MS 250
void store_alive(struct store *st);
/* The previous brickwood's last sign of life on this store, in milliseconds since 1970, or
 * INT64_MIN when there is none (a store never used, or its lock file removed). */
int64_t store_last_alive(const struct store *st);

/* false while the database server is out of reach: the connection was lost and could not be
 * made again yet (a call that failed meanwhile failed for that, and the next calls try again
 * with back-off). Always true for SQLite, whose failures are the file's. */
bool store_reachable(const struct store *st);

/* Every write below (save, erase, record, language) first checks that the path still names the
 * file opened (device and inode) and that it may be written: a store file deleted, replaced or
 * made read-only while the bot runs fails the write with BW_E(IO), as a full disk does.
 *
 * Save the record of the lobby or game in channel on network, replacing the previous one: one
 * transaction, committed and synced when this returns BW_OK. blob (len bytes, 1..
 * STORE_MAX_RECORD) is opaque to the store and stays the caller's. Returns BW_E(INVALID) for a
 * NULL or empty name or record, BW_E(LIMIT) when too large, BW_E(IO) when SQLite fails (the
 * reason in err when err is not NULL); on failure the previous record is still there. */
int store_save_game(struct store *st, const char *network, const char *channel, const void *blob,
                    size_t len, char *err, size_t errsize);

/* Forget the record of channel on network (the game ended or the lobby closed); committed when
 * this returns. BW_OK also when there was none; BW_E(IO) when SQLite fails. */
int store_erase_game(struct store *st, const char *network, const char *channel, char *err,
                     size_t errsize);

/* Called once per saved record. network, channel and blob are borrowed for the call only; a
 * row whose record is missing or not a blob arrives with blob NULL and len 0, so the caller can
 * report it by channel (it stays in the file untouched). Return 0 to go on, anything else to
 * stop: store_each_game then returns that value. The callback must not call the store. */
typedef int (*store_game_fn)(void *ctx, const char *network, const char *channel, const void *blob,
                             size_t len);

/* Call fn for every saved record of network (every network when network is NULL), ordered by
 * network and channel. Returns BW_OK, the callback's nonzero value, or BW_E(IO). */
int store_each_game(struct store *st, const char *network, store_game_fn fn, void *ctx, char *err,
                    size_t errsize);

/* How a finished game ended. */
/* The language the bot speaks in channel of network, kept across restarts (a code such as
 * "uk"; the caller checks it); language NULL forgets it. BW_OK or an error with why. */
int store_set_language(struct store *st, const char *network, const char *channel,
                       const char *language, char *err, size_t errsize);

/* Each channel of network with a kept language, by channel: fn(ctx, channel, language); a
 * non-zero return stops the walk and is returned. The callback must not call the store. */
typedef int (*store_language_fn)(void *ctx, const char *channel, const char *language);
int store_each_language(struct store *st, const char *network, store_language_fn fn, void *ctx,
                        char *err, size_t errsize);

enum store_ending {
    STORE_END_WIN,    /* a player reached the victory points */
    STORE_END_STOP,   /* stopped by an admin or a vote: recorded, not rated */
    STORE_END_RESIGN, /* the others resigned or timed out; the last one left won */
};

/* One seat of a finished game. */
struct store_seat {
    const char *identity; /* "account:NAME" or "nick!user@host": whom the rating belongs to */
    const char *nick;     /* the nick at the time */
    int seat;             /* seat index in the game, 0-based */
    int points;           /* final victory points */
    bool won;
    bool resigned; /* resigned, kicked or timed out before the end */
};

/* A finished game; every string is borrowed for the call. */
struct store_finished {
    const char *network;
    const char *channel;
    int64_t started; /* wall clock, seconds since the epoch */
    int64_t ended;
    int turns;
    enum store_ending ending;
    int n_seats; /* 1..STORE_MAX_SEATS */
    struct store_seat seats[STORE_MAX_SEATS];
    /* The game's house rules as the fixed line lists them ("points 12, discard 7, ..."), NULL
     * or "" for the rule book's; kept in finished.rules. */
    const char *rules;
    /* Its house rules keep the game out of the ratings (session_rules_rated; README,
     * "Ratings"): it is recorded, unrated, and counts no game for anyone. */
    bool unrated;
};

/* Record a finished game and, when it ended with a winner and had two seats or more, update the
 * ratings of its players (rating.h) on g->network, and forget the saved record of g->channel
 * (store_save_game: the game no longer runs) — all in one transaction, committed when this
 * returns BW_OK. Every seat counts one game for its player; a won seat counts a win. Returns
 * BW_E(INVALID) (nothing written) when a field is missing or out of range, an identity appears
 * twice, or the winners do not match the ending (STORE_END_STOP: nobody won; otherwise exactly
 * one seat won and did not resign); BW_E(IO) when SQLite fails. */
int store_record_finished(struct store *st, const struct store_finished *g, char *err,
                          size_t errsize);

/* A player's record on one network. */
struct store_stats {
    char identity[512]; /* every identity the bot records fits (session.h) */
    char nick[128];     /* the nick of their most recent finished game */
    double rating;
    int games;
    int wins;
    double win_rate; /* wins / games, 0..1 */
    int best_points; /* best final points in one game */
};

/* The record of identity on network into *out. BW_OK, BW_E(NOT_FOUND) when they have finished
 * no game there (out zeroed), BW_E(IO) when SQLite fails. */
int store_stats(struct store *st, const char *network, const char *identity,
                struct store_stats *out, char *err, size_t errsize);

/* The identity that most recently finished a game on network under nick (compared as given),
 * into buf (size bytes): for "!stats NICK" when NICK is not in the channel. BW_OK,
 * BW_E(NOT_FOUND), BW_E(LIMIT) when buf is too small, BW_E(IO). */
int store_find_nick(struct store *st, const char *network, const char *nick, char *buf, size_t size,
                    char *err, size_t errsize);

/* Called for each of the leaders in order; rank is 1-based. s is borrowed for the call. Return
 * 0 to go on, nonzero to stop. The callback must not call the store. */
typedef int (*store_top_fn)(void *ctx, int rank, const struct store_stats *s);

/* The n best people on network (n >= 1) by rating, highest first; equal ratings by more games,
 * then by identity (byte order), so the order never depends on the file's layout. Returns the
 * number of players passed to fn (0 or more: test for an error with < 0), or BW_E(INVALID) /
 * BW_E(IO) with the reason in err. */
int store_top(struct store *st, const char *network, int n, store_top_fn fn, void *ctx, char *err,
              size_t errsize);

/* The same for computer players (identities "bot:LEVEL"), whom store_top leaves out: their
 * games count for people's ratings, their own ratings are listed apart. */
int store_top_robots(struct store *st, const char *network, int n, store_top_fn fn, void *ctx,
                     char *err, size_t errsize);

/* Copy the write-ahead log into the database file and truncate the log (the admin "save").
 * Everything was already durable; this makes the file alone complete. BW_OK, or BW_E(IO) when
 * a reader (a backup running in the sqlite3 shell) still keeps part of the log in use after
 * waiting up to a second: try again later. */
int store_checkpoint(struct store *st, char *err, size_t errsize);

/* Write a consistent copy of the whole store with SQLite's online backup API (the admin "backup
 * FILE"); the bot goes on meanwhile. The copy goes beside the store: name is a file name in the
 * store's directory or a relative path below it; an absolute path, a ".." component or a name
 * ending in -journal, -wal, -shm or -lock is refused (BW_E(INVALID)). A file already there, the
 * store's own included, is never overwritten, and neither is a NAME-journal or NAME-wal (which
 * SQLite would play into the copy) (BW_E(DENIED)). The copy is made in a directory of its own
 * beside it and linked to its name when complete, so nothing is ever left at the name on failure
 * and nothing this call did not create is removed. BW_OK, or an error with the reason in err
 * (BW_E(IO) when the copy itself failed). */
int store_backup(struct store *st, const char *name, char *err, size_t errsize);

/* The version of the SQLite library the program runs with ("3.40.1"); a borrowed constant. */
const char *store_sqlite_version(void);

/* The version of libpq ("15.18"); a borrowed buffer, the same at every call. */
const char *store_libpq_version(void);

#endif
