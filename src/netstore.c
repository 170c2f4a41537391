#include "netstore.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/log.h"
#include "util/xmalloc.h"

struct net_store {
    struct store *st;
    char *network;
};

struct net_store *net_store_new(struct store *st, const char *network)
{
    struct net_store *ns = xcalloc(1, sizeof *ns);
    ns->st = st;
    ns->network = xstrdup(network);
    return ns;
}

void net_store_free(struct net_store *ns)
{
    if (!ns)
        return;
    free(ns->network);
    free(ns);
}

/* Channels and nicks are compared regardless of ASCII case: the store sees them folded. */
static void fold(char *dst, size_t size, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < size; i++)
        dst[i] = (src[i] >= 'A' && src[i] <= 'Z') ? (char)(src[i] - 'A' + 'a') : src[i];
    dst[i] = 0;
}

int net_store_claim(struct net_store *ns, const char *channel, char *why, size_t whylen)
{
    char chan[SESSION_CHAN_MAX + 1];
    fold(chan, sizeof chan, channel);
    return store_claim(ns->st, ns->network, chan, why, whylen);
}

static int save_game(void *ctx, const char *channel, const void *blob, size_t len)
{
    struct net_store *ns = ctx;
    char chan[SESSION_CHAN_MAX + 1], err[256];
    fold(chan, sizeof chan, channel);
    int rc = store_save_game(ns->st, ns->network, chan, blob, len, err, sizeof err);
    if (rc)
        log_event(
            LOG_LEVEL_ERROR,
            &(struct log_fields){.network = ns->network, .channel = chan, .action = "store_failed"},
            "%s %s: %s", ns->network, chan, err);
    return rc;
}

static int keep_language(void *ctx, const char *channel, const char *language)
{
    struct net_store *ns = ctx;
    char chan[SESSION_CHAN_MAX + 1], err[256];
    fold(chan, sizeof chan, channel);
    int rc = store_set_language(ns->st, ns->network, chan, language, err, sizeof err);
    if (rc)
        log_event(
            LOG_LEVEL_ERROR,
            &(struct log_fields){.network = ns->network, .channel = chan, .action = "store_failed"},
            "%s %s: %s", ns->network, chan, err);
    return rc;
}

static int erase_game(void *ctx, const char *channel)
{
    struct net_store *ns = ctx;
    char chan[SESSION_CHAN_MAX + 1], err[256];
    fold(chan, sizeof chan, channel);
    int rc = store_erase_game(ns->st, ns->network, chan, err, sizeof err);
    if (rc)
        log_event(
            LOG_LEVEL_ERROR,
            &(struct log_fields){.network = ns->network, .channel = chan, .action = "store_failed"},
            "%s %s: %s", ns->network, chan, err);
    return rc;
}

static int backup_store(void *ctx, const char *path, char *why, size_t whylen)
{
    struct net_store *ns = ctx;
    int rc = store_backup(ns->st, path, why, whylen);
    if (rc == BW_OK)
        log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = ns->network, .action = "backup"},
                  "%s: backup of %s written to %s beside it", ns->network, store_path(ns->st),
                  path);
    return rc;
}

static int checkpoint_store(void *ctx, char *why, size_t whylen)
{
    struct net_store *ns = ctx;
    int rc = store_checkpoint(ns->st, why, whylen);
    if (rc == BW_OK)
        log_event(LOG_LEVEL_INFO,
                  &(struct log_fields){.network = ns->network, .action = "checkpoint"},
                  "%s: %s checkpointed", ns->network, store_path(ns->st));
    return rc;
}

static const enum store_ending endings[] = {
    [SESSION_END_WIN] = STORE_END_WIN,
    [SESSION_END_STOP] = STORE_END_STOP,
    [SESSION_END_RESIGN] = STORE_END_RESIGN,
};

static int record_finished(void *ctx, const char *channel, const struct session_result *r)
{
    struct net_store *ns = ctx;
    char chan[SESSION_CHAN_MAX + 1], err[256];
    fold(chan, sizeof chan, channel);
    if (r->ending < 0 || r->ending > SESSION_END_RESIGN || r->n_seats < 1 ||
        r->n_seats > STORE_MAX_SEATS)
        return BW_E(INVALID);
    int64_t ended = (int64_t)time(NULL);
    struct store_finished f = {
        .network = ns->network,
        .channel = chan,
        .started = ended - r->duration_ms / 1000,
        .ended = ended,
        .turns = r->turns,
        .ending = endings[r->ending],
        .n_seats = r->n_seats,
        .rules = r->rules,
        .unrated = r->unrated,
    };
    for (int i = 0; i < r->n_seats; i++)
        f.seats[i] = (struct store_seat){r->seat[i].identity, r->seat[i].nick, i,
                                         r->seat[i].points,   r->seat[i].won,  r->seat[i].resigned};
    int rc = store_record_finished(ns->st, &f, err, sizeof err);
    /* Not recorded, not erased: the game goes on (the bot keeps it running and says why). */
    if (rc)
        log_event(
            LOG_LEVEL_ERROR,
            &(struct log_fields){.network = ns->network, .channel = chan, .action = "store_failed"},
            "%s %s: %s", ns->network, chan, err);
    return rc;
}

static void rank_of(const struct store_stats *s, struct session_rank *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->nick, sizeof out->nick, "%.*s", (int)sizeof out->nick - 1, s->nick);
    out->rating = (int)lround(s->rating);
    out->games = s->games;
    out->wins = s->wins;
    out->win_percent = (int)lround(s->win_rate * 100.0);
    out->best_points = s->best_points;
}

struct top_fill {
    struct session_rank *out;
    int n;
};

static int top_row(void *ctx, int rank, const struct store_stats *s)
{
    struct top_fill *t = ctx;
    rank_of(s, &t->out[t->n++]);
    return 0;
}

static int leaders(void *ctx, int n, bool robots, struct session_rank *out)
{
    struct net_store *ns = ctx;
    char err[256];
    if (n < 1 || n > SESSION_TOP_MAX)
        return BW_E(INVALID);
    struct top_fill t = {out, 0};
    int rc = robots ? store_top_robots(ns->st, ns->network, n, top_row, &t, err, sizeof err)
                    : store_top(ns->st, ns->network, n, top_row, &t, err, sizeof err);
    if (rc < 0) {
        log_event(LOG_LEVEL_ERROR,
                  &(struct log_fields){.network = ns->network, .action = "store_failed"}, "%s: %s",
                  ns->network, err);
        return rc;
    }
    return t.n;
}

static int player_stats(void *ctx, const char *identity, const char *nick, struct session_rank *out)
{
    struct net_store *ns = ctx;
    char err[256], found[SESSION_IDENTITY_MAX + 1];
    int rc = BW_OK;
    if (!identity) {
        if (!nick || !nick[0])
            return BW_E(INVALID);
        rc = store_find_nick(ns->st, ns->network, nick, found, sizeof found, err, sizeof err);
        identity = found;
    }
    struct store_stats s;
    if (rc == BW_OK)
        rc = store_stats(ns->st, ns->network, identity, &s, err, sizeof err);
    if (rc == BW_OK)
        rank_of(&s, out);
    else if (rc != BW_E(NOT_FOUND))
        log_event(LOG_LEVEL_ERROR,
                  &(struct log_fields){.network = ns->network, .action = "store_failed"}, "%s: %s",
                  ns->network, err);
    return rc;
}

static int release(void *ctx, const char *channel, void (*fn)(void *fnctx, const char *channel),
                   void *fnctx, char *why, size_t whylen)
{
    struct net_store *ns = ctx;
    char chan[SESSION_CHAN_MAX + 1];
    if (channel)
        fold(chan, sizeof chan, channel);
    int rc = store_release(ns->st, ns->network, channel ? chan : NULL, fn, fnctx, why, whylen);
    if (rc > 0)
        log_event(LOG_LEVEL_INFO,
                  &(struct log_fields){.network = ns->network,
                                       .channel = channel ? chan : NULL,
                                       .action = "released"},
                  "%s: %d %s released by an admin; the saved games there are for the instance "
                  "that claims them next",
                  ns->network, rc, rc == 1 ? "channel" : "channels");
    return rc;
}

/* Admin "join #chan": the claim, then what is saved there for got (the bot restores it). */
struct claiming {
    const char *chan; /* folded */
    const struct session_claimed *got;
};

static int claimed_language(void *ctx, const char *channel, const char *language)
{
    struct claiming *c = ctx;
    if (strcmp(channel, c->chan) == 0)
        c->got->language(c->got->ctx, channel, language);
    return 0;
}

static int claimed_game(void *ctx, const char *network, const char *channel, const void *blob,
                        size_t len)
{
    (void)network;
    struct claiming *c = ctx;
    if (blob && strcmp(channel, c->chan) == 0)
        c->got->game(c->got->ctx, channel, blob, len);
    return 0;
}

static int claim(void *ctx, const char *channel, const struct session_claimed *got, char *why,
                 size_t whylen)
{
    struct net_store *ns = ctx;
    char chan[SESSION_CHAN_MAX + 1];
    fold(chan, sizeof chan, channel);
    int rc = store_claim(ns->st, ns->network, chan, why, whylen);
    if (rc || !got)
        return rc;
    struct claiming c = {chan, got};
    char err[256];
    if (store_each_language(ns->st, ns->network, claimed_language, &c, err, sizeof err) < 0 ||
        store_each_game(ns->st, ns->network, claimed_game, &c, err, sizeof err) < 0)
        /* Claimed, but what is saved there cannot be read now: the channel is this bot's, and
         * the game comes back at the next start. */
        log_event(
            LOG_LEVEL_ERROR,
            &(struct log_fields){.network = ns->network, .channel = chan, .action = "store_failed"},
            "%s %s: %s", ns->network, chan, err);
    return BW_OK;
}

static bool unreachable(void *ctx)
{
    return !store_reachable(((struct net_store *)ctx)->st);
}

void net_store_ops(struct net_store *ns, struct session_store_ops *ops)
{
    *ops = (struct session_store_ops){
        .ctx = ns,
        .save = save_game,
        .erase = erase_game,
        .backup = backup_store,
        .finished = record_finished,
        .top = leaders,
        .stats = player_stats,
        .checkpoint = checkpoint_store,
        .set_language = keep_language,
        .unreachable = unreachable,
        .release = release,
        .claim = claim,
    };
}

struct restoring {
    struct bot *bot;
    const char *path;
    int64_t now_ms;
    int restored;
};

static int restore_game(void *ctx, const char *network, const char *channel, const void *blob,
                        size_t len)
{
    struct restoring *r = ctx;
    r->restored += bot_take_up(r->bot, network, channel, blob, len, r->now_ms, r->path) == BW_OK;
    return 0;
}

static int restore_language(void *ctx, const char *channel, const char *language)
{
    bot_take_up_language(((struct restoring *)ctx)->bot, channel, language);
    return 0;
}

int net_store_restore(struct net_store *ns, struct bot *bot, int64_t now_ms, char *why,
                      size_t whylen)
{
    struct restoring r = {bot, store_path(ns->st), now_ms, 0};
    char err[256];
    if (store_each_language(ns->st, ns->network, restore_language, &r, err, sizeof err) < 0 ||
        store_each_game(ns->st, ns->network, restore_game, &r, err, sizeof err) < 0) {
        log_event(LOG_LEVEL_ERROR,
                  &(struct log_fields){.network = ns->network, .action = "store_failed"}, "%s: %s",
                  ns->network, err);
        snprintf(why, whylen, "%s", err);
        return BW_E(IO);
    }
    return r.restored;
}
