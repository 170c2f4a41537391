/* What a store backend provides behind store.h: a table of its operations, and the checks and
 * rating arithmetic every backend shares, so that each promise of store.h is kept the same way
 * on SQLite (store_sqlite.c) and on PostgreSQL (store_pg.c). Only src/store includes this. */
#ifndef BW_STORE_BACKEND_H
#define BW_STORE_BACKEND_H

#include "store/store.h"

/* One backend's operations; store.c passes each call of store.h to the store's table. Every
 * entry is required (a backend without a notion, such as a checkpoint, answers with the
 * reason), but for those at the end marked optional, which only a server's store has. */
struct store_backend {
    void (*close)(struct store *st);
    const char *(*path)(const struct store *st);
    void (*alive)(struct store *st);
    int64_t (*last_alive)(const struct store *st);
    int (*claim)(struct store *st, const char *network, const char *channel, char *err,
                 size_t errsize);
    int (*save_game)(struct store *st, const char *network, const char *channel, const void *blob,
                     size_t len, char *err, size_t errsize);
    int (*erase_game)(struct store *st, const char *network, const char *channel, char *err,
                      size_t errsize);
    int (*each_game)(struct store *st, const char *network, store_game_fn fn, void *ctx, char *err,
                     size_t errsize);
    int (*set_language)(struct store *st, const char *network, const char *channel,
                        const char *language, char *err, size_t errsize);
    int (*each_language)(struct store *st, const char *network, store_language_fn fn, void *ctx,
                         char *err, size_t errsize);
    int (*record_finished)(struct store *st, const struct store_finished *g, char *err,
                           size_t errsize);
    int (*stats)(struct store *st, const char *network, const char *identity,
                 struct store_stats *out, char *err, size_t errsize);
    int (*find_nick)(struct store *st, const char *network, const char *nick, char *buf,
                     size_t size, char *err, size_t errsize);
    int (*top)(struct store *st, const char *network, int n, store_top_fn fn, void *ctx, char *err,
               size_t errsize);
    int (*top_robots)(struct store *st, const char *network, int n, store_top_fn fn, void *ctx,
                      char *err, size_t errsize);
    int (*checkpoint)(struct store *st, char *err, size_t errsize);
    int (*backup)(struct store *st, const char *name, char *err, size_t errsize);
    /* Optional, for a store behind a server (NULL: a file, always there): store_reachable. */
    bool (*reachable)(const struct store *st);
    /* Optional, for a store that instances share (NULL: refused): store_release. */
    int (*release)(struct store *st, const char *network, const char *channel, store_channel_fn fn,
                   void *ctx, char *err, size_t errsize);
};

/* The head of every backend's own structure, which begins with it. */
struct store {
    const struct store_backend *ops;
};

/* fmt into err (errsize bytes) when err is not NULL. */
void store_fail(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* s is a name: not NULL, not "". */
bool store_is_name(const char *s);

/* Whether g can be recorded (store.h, store_record_finished). */
bool store_finished_valid(const struct store_finished *g);

/* "win", "stop" or "resign", as the finished games' rows keep it. */
const char *store_ending_name(enum store_ending e);

/* Whether g is rated: it had a winner and two seats or more. */
bool store_finished_rated(const struct store_finished *g);

/* The ratings after g: before[i] is seat i's identity's rating before it; after[i] is seat i's
 * own rating after (what its row records), total[i] its identity's new rating: seats of one
 * identity (computer players of one level) move it by the sum of their changes. */
void store_rate_finished(const struct store_finished *g, const double before[], double after[],
                         double total[]);

#endif
