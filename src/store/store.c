/* The store's one interface: each call goes to the backend the store was opened with
 * (store_sqlite.c or store_pg.c), and what both backends must decide alike is decided here. */
#include "store/store.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "store/backend.h"
#include "store/rating.h"

void store_fail(char *err, size_t errsize, const char *fmt, ...)
{
    if (!err || errsize == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsize, fmt, ap);
    va_end(ap);
}

bool store_is_name(const char *s)
{
    return s && *s;
}

const char *store_ending_name(enum store_ending e)
{
    return e == STORE_END_WIN ? "win" : e == STORE_END_STOP ? "stop" : "resign";
}

/* Computer players are rated by level ("bot:hard"): one game may have several of a level. */
static bool is_robot(const char *identity)
{
    return strncmp(identity, "bot:", 4) == 0;
}

bool store_finished_valid(const struct store_finished *g)
{
    if (!store_is_name(g->network) || !store_is_name(g->channel) || g->n_seats < 1 ||
        g->n_seats > STORE_MAX_SEATS || g->turns < 0 || g->ended < g->started ||
        (g->ending != STORE_END_WIN && g->ending != STORE_END_STOP &&
         g->ending != STORE_END_RESIGN))
        return false;
    int winners = 0;
    for (int i = 0; i < g->n_seats; i++) {
        const struct store_seat *a = &g->seats[i];
        if (!store_is_name(a->identity) || !store_is_name(a->nick) || a->seat < 0 ||
            a->seat >= STORE_MAX_SEATS || a->points < 0 || (a->won && a->resigned))
            return false;
        winners += a->won;
        for (int j = 0; j < i; j++)
            if (g->seats[j].seat == a->seat ||
                (strcmp(g->seats[j].identity, a->identity) == 0 && !is_robot(a->identity)))
                return false;
    }
    return g->ending == STORE_END_STOP ? winners == 0 : winners == 1;
}

bool store_finished_rated(const struct store_finished *g)
{
    return g->ending != STORE_END_STOP && g->n_seats >= 2 && !g->unrated;
}

void store_rate_finished(const struct store_finished *g, const double before[], double after[],
                         double total[])
{
    struct rating_player rp[STORE_MAX_SEATS];
    for (int i = 0; i < g->n_seats; i++) {
        rp[i].rating = before[i];
        rp[i].points = g->seats[i].points;
        rp[i].won = g->seats[i].won;
        rp[i].resigned = g->seats[i].resigned;
        after[i] = before[i];
    }
    if (store_finished_rated(g))
        rating_update(rp, g->n_seats, after);
    /* Seats of one identity (computer players of one level) move its rating by the sum of
     * their changes; each seat counts as a game. (Two such seats against each other change
     * it by nothing between them.) */
    for (int i = 0; i < g->n_seats; i++) {
        total[i] = before[i];
        for (int j = 0; j < g->n_seats; j++)
            if (strcmp(g->seats[j].identity, g->seats[i].identity) == 0)
                total[i] += after[j] - before[j];
    }
}

void store_close(struct store *st)
{
    if (st)
        st->ops->close(st);
}

const char *store_path(const struct store *st)
{
    return st->ops->path(st);
}

void store_alive(struct store *st)
{
    if (st)
        st->ops->alive(st);
}

int64_t store_last_alive(const struct store *st)
{
    return st->ops->last_alive(st);
}

int store_release(struct store *st, const char *network, const char *channel, store_channel_fn fn,
                  void *ctx, char *err, size_t errsize)
{
    if (!store_is_name(network) || (channel && !store_is_name(channel))) {
        store_fail(err, errsize, "store: a release needs a network");
        return BW_E(INVALID);
    }
    if (!st->ops->release) {
        store_fail(err, errsize,
                   "%s is this bot's alone: there is nothing to release (that is for a "
                   "PostgreSQL database several bots share)",
                   store_path(st));
        return BW_E(INVALID);
    }
    return st->ops->release(st, network, channel, fn, ctx, err, errsize);
}

bool store_reachable(const struct store *st)
{
    return !st || !st->ops->reachable || st->ops->reachable(st);
}

int store_claim(struct store *st, const char *network, const char *channel, char *err,
                size_t errsize)
{
    if (!store_is_name(network) || !store_is_name(channel)) {
        store_fail(err, errsize, "store: a claim needs a network and a channel");
        return BW_E(INVALID);
    }
    return st->ops->claim(st, network, channel, err, errsize);
}

int store_save_game(struct store *st, const char *network, const char *channel, const void *blob,
                    size_t len, char *err, size_t errsize)
{
    if (!store_is_name(network) || !store_is_name(channel) || !blob || len == 0) {
        store_fail(err, errsize, "store: a saved game needs a network, a channel and a record");
        return BW_E(INVALID);
    }
    if (len > STORE_MAX_RECORD) {
        store_fail(err, errsize, "store: record of %zu bytes is larger than %d", len,
                   STORE_MAX_RECORD);
        return BW_E(LIMIT);
    }
    return st->ops->save_game(st, network, channel, blob, len, err, errsize);
}

int store_erase_game(struct store *st, const char *network, const char *channel, char *err,
                     size_t errsize)
{
    if (!store_is_name(network) || !store_is_name(channel)) {
        store_fail(err, errsize, "store: erasing a game needs a network and a channel");
        return BW_E(INVALID);
    }
    return st->ops->erase_game(st, network, channel, err, errsize);
}

int store_each_game(struct store *st, const char *network, store_game_fn fn, void *ctx, char *err,
                    size_t errsize)
{
    return st->ops->each_game(st, network, fn, ctx, err, errsize);
}

int store_set_language(struct store *st, const char *network, const char *channel,
                       const char *language, char *err, size_t errsize)
{
    if (!store_is_name(network) || !store_is_name(channel) ||
        (language && !store_is_name(language))) {
        store_fail(err, errsize,
                   "store: a channel's language needs a network, a channel and a code");
        return BW_E(INVALID);
    }
    return st->ops->set_language(st, network, channel, language, err, errsize);
}

int store_each_language(struct store *st, const char *network, store_language_fn fn, void *ctx,
                        char *err, size_t errsize)
{
    return st->ops->each_language(st, network, fn, ctx, err, errsize);
}

int store_record_finished(struct store *st, const struct store_finished *g, char *err,
                          size_t errsize)
{
    if (!g || !store_finished_valid(g)) {
        store_fail(err, errsize, "store: a finished game with missing or inconsistent fields");
        return BW_E(INVALID);
    }
    return st->ops->record_finished(st, g, err, errsize);
}

int store_stats(struct store *st, const char *network, const char *identity,
                struct store_stats *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    if (!store_is_name(network) || !store_is_name(identity))
        return BW_E(INVALID);
    return st->ops->stats(st, network, identity, out, err, errsize);
}

int store_find_nick(struct store *st, const char *network, const char *nick, char *buf, size_t size,
                    char *err, size_t errsize)
{
    if (!store_is_name(network) || !store_is_name(nick) || !buf || size == 0)
        return BW_E(INVALID);
    buf[0] = '\0';
    return st->ops->find_nick(st, network, nick, buf, size, err, errsize);
}

static bool top_valid(const char *network, int n, store_top_fn fn, char *err, size_t errsize)
{
    if (!store_is_name(network) || n < 1 || !fn) {
        store_fail(err, errsize, "store: the leaders of no network, or none of them");
        return false;
    }
    return true;
}

int store_top(struct store *st, const char *network, int n, store_top_fn fn, void *ctx, char *err,
              size_t errsize)
{
    if (!top_valid(network, n, fn, err, errsize))
        return BW_E(INVALID);
    return st->ops->top(st, network, n, fn, ctx, err, errsize);
}

int store_top_robots(struct store *st, const char *network, int n, store_top_fn fn, void *ctx,
                     char *err, size_t errsize)
{
    if (!top_valid(network, n, fn, err, errsize))
        return BW_E(INVALID);
    return st->ops->top_robots(st, network, n, fn, ctx, err, errsize);
}

int store_checkpoint(struct store *st, char *err, size_t errsize)
{
    return st->ops->checkpoint(st, err, errsize);
}

int store_backup(struct store *st, const char *name, char *err, size_t errsize)
{
    return st->ops->backup(st, name, err, errsize);
}
