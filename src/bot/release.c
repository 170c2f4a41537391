/* The admin's release: a network's channels (or one of them) handed to another instance on a
 * shared database. Their lobbies and games are saved paused, the instance's claims on them
 * released in one transaction, the bot forgets the games without erasing them and leaves the
 * channels; the instance that claims a channel, at its start or at an admin's "join #chan"
 * (bot_claim, below), restores its game from the save.
 * Until the claims are released nothing is given up: a save or the release that fails leaves
 * every game here, running as before. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "util/log.h"
#include "util/xmalloc.h"

struct released {
    struct bot *b;
    char *list;
    size_t size;
};

static bool in_scope(const struct bot_game *g, const char *channel)
{
    return !g->closing && (!channel || strcasecmp(g->s.channel, channel) == 0);
}

/* The games in scope that were paused for the release run again; the next commit saves them
 * so. */
static void undo_pauses(struct bot *b, const bool *paused)
{
    for (int i = 0; i < b->n_games; i++)
        if (paused[i]) {
            session_resume(&b->games[i]->s, b->now_ms);
            b->games[i]->changed = true;
        }
}

/* Save every game in scope, paused (paused[i]: by this) so that the time until another
 * instance restores it costs nobody. How many, or an error with why. */
static int save_paused(struct bot *b, const char *channel, bool *paused, char *why, size_t whylen)
{
    int saved = 0;
    for (int i = 0; i < b->n_games; i++) {
        struct bot_game *g = b->games[i];
        if (!in_scope(g, channel))
            continue;
        if (g->store_down) {
            snprintf(why, whylen, "%s could not be saved and is paused (the store fails)",
                     g->s.channel);
            return BW_E(IO);
        }
        if (!g->s.paused) {
            session_pause(&g->s, b->now_ms);
            paused[i] = true;
        }
        int err = bot_save_game(b, g);
        if (err) {
            snprintf(why, whylen, "%s could not be saved (%s)", g->s.channel, bw_strerror(err));
            return err;
        }
        bot_durable_saved(b, g);
        saved++;
    }
    return saved;
}

/* A released channel: named in the reply and left (the IRC layer forgets it, so a reconnect
 * does not join it again). */
static void leave(void *ctx, const char *channel)
{
    struct released *r = ctx;
    size_t used = strlen(r->list);
    if (used + 1 < r->size)
        snprintf(r->list + used, r->size - used, "%s%s", used ? ", " : "", channel);
    if (r->b->out.part)
        r->b->out.part(r->b->out.ctx, channel);
}

int bot_release(struct bot *b, const char *channel, char *list, size_t listlen, char *why,
                size_t whylen)
{
    list[0] = '\0';
    if (!b->store || !b->store->release) {
        snprintf(why, whylen, "no store is open");
        return BW_E(NOT_FOUND);
    }
    bool *paused = xcalloc((size_t)b->n_games + 1, sizeof *paused);
    int saved = save_paused(b, channel, paused, why, whylen);
    struct released r = {b, list, listlen};
    int n = saved < 0 ? saved : b->store->release(b->store->ctx, channel, leave, &r, why, whylen);
    if (n == 0) {
        snprintf(why, whylen, "%s is not this instance's",
                 channel ? channel : "no channel of this network");
        n = BW_E(NOT_FOUND);
    }
    if (n < 0) {
        undo_pauses(b, paused);
        free(paused);
        return n;
    }
    free(paused);
    /* Forgotten here (bot_commit drops them unsaved): they are the next instance's now. */
    for (int i = 0; i < b->n_games; i++)
        if (in_scope(b->games[i], channel))
            b->games[i]->released = true;
    return saved;
}

/* What the claim found saved: the channel's language, and its game (taken up where another
 * instance released it; one that cannot be read keeps the channel from new lobbies, as at a
 * start, until an admin's stop erases it). */
static void claimed_language(void *ctx, const char *channel, const char *code)
{
    bot_take_up_language(ctx, channel, code);
}

static void claimed_game(void *ctx, const char *channel, const void *blob, size_t len)
{
    struct bot *b = ctx;
    if (bot_take_up(b, NULL, channel, blob, len, b->now_ms, NULL) == BW_OK)
        log_event(LOG_LEVEL_INFO, &(struct log_fields){.channel = channel, .action = "restore"},
                  "%s: a saved lobby or game taken up; it resumes when the bot is in the channel",
                  channel);
}

int bot_claim(struct bot *b, const char *channel, char *why, size_t whylen)
{
    if (!b->store || !b->store->claim)
        return BW_OK;
    /* A channel the bot already plays in keeps its game as it is: the saved copy is older. */
    struct session_claimed got = {b, claimed_language, claimed_game};
    bool has = bot_session(b, channel) || bot_unreadable_why(b, channel);
    return b->store->claim(b->store->ctx, channel, has ? NULL : &got, why, whylen);
}
