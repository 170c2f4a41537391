/* Durable before visible: a change the store could not keep is never announced. Each game
 * remembers the state the store last took (and the lines the web view had then); when a save
 * fails the game goes back to it, which is exactly what its channel last saw, and waits,
 * paused, while the tick tries to save it again. Those who need to know are told once: the
 * channel, the one whose command could not be kept, and the admins. Channels whose saved game
 * could not be read at start take no new lobby until an admin erases it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "i18n/i18n.h"
#include "util/log.h"
#include "util/xmalloc.h"

struct bot_committed {
    struct session s;
    struct bot_recent recent;
};

static const char *net_of(const struct bot *b)
{
    return b->network[0] ? b->network : NULL;
}

void bot_durable_saved(struct bot *b, struct bot_game *g)
{
    if (!g->committed)
        g->committed = xmalloc(sizeof *g->committed);
    bool was_down = g->store_down;
    g->store_down = false;
    g->store_paused = false;
    g->store_away = false;
    if (was_down && !g->closing) {
        char line[RENDER_LINE_MAX];
        int lang = bot_language(b, g->s.channel);
        unsigned waiting = g->s.state == SESSION_PLAYING ? game_waiting_for(&g->s.game) : 0;
        if (waiting)
            render_tr(lang, line, sizeof line, MSG_BOT_STORE_BACK_GAME,
                      g->s.seat[__builtin_ctz(waiting)].nick, b->prefix);
        else
            render_tr(lang, line, sizeof line, MSG_BOT_STORE_BACK_LOBBY, b->prefix);
        bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
        log_event(LOG_LEVEL_INFO,
                  &(struct log_fields){
                      .network = net_of(b), .channel = g->s.channel, .action = "store_resumed"},
                  "%s: the game was saved again and resumes", g->s.channel);
    }
    g->committed->s = g->s;
    g->committed->recent = g->recent;
}

void bot_durable_unpause(struct bot *b, struct bot_game *g)
{
    /* A silent server keeps it paused: the link's pause now, ended when the server answers. */
    if (g->store_paused && b->link_down)
        g->link_paused = true;
    else if (g->store_paused)
        session_resume(&g->s, b->now_ms);
    g->store_paused = false;
}

static void tell_admin(struct bot *b, struct bot_admin_seen *a, const char *channel, int err)
{
    char line[RENDER_LINE_MAX];
    render_tr(b->language, line, sizeof line, MSG_BOT_STORE_ADMIN, channel,
              i18n_strerror(b->language, err));
    bot_queue(b, a->nick, line, BW_OUT_PRIVATE, NULL);
    a->told = true;
}

/* What the players are told: that the store's server is out of reach, else that the save
 * failed. */
static int paused_key(const struct bot_game *g)
{
    return g->store_away ? MSG_CMD_STORE_UNREACHABLE : MSG_CMD_STORE_PAUSED;
}

bool bot_durable_failed(struct bot *b, struct bot_game *g, int err)
{
    char line[RENDER_LINE_MAX];
    int lang = bot_language(b, g->s.channel);
    bool first = !g->store_down;
    if (first)
        g->store_away = b->store && b->store->unreachable && b->store->unreachable(b->store->ctx);
    g->closing = false;
    g->hand_dirty = 0;
    bot_robots_forget(g);
    g->robot_due_ms = INT64_MAX;
    if (b->speaker) {
        render_tr(lang, line, sizeof line, paused_key(g), g->s.channel);
        bot_queue(b, b->speaker->nick, line, BW_OUT_PRIVATE, NULL);
    }
    if (!g->committed) {
        /* Nothing of it was ever kept (a lobby just opened): it was never there. */
        log_event(LOG_LEVEL_ERROR,
                  &(struct log_fields){
                      .network = net_of(b), .channel = g->s.channel, .action = "store_paused"},
                  "%s: the new lobby could not be saved (%s); it is not opened", g->s.channel,
                  bw_strerror(err));
        return false;
    }
    g->s = g->committed->s;
    g->recent = g->committed->recent;
    if (first)
        g->store_down_ms = b->now_ms;
    g->store_down = true;
    /* The clocks stopped when the first save failed, however often it was tried since. */
    if (!g->s.paused) {
        session_pause(&g->s, g->store_down_ms);
        g->store_paused = true;
    }
    if (!first)
        return true;
    log_event(LOG_LEVEL_ERROR,
              &(struct log_fields){
                  .network = net_of(b), .channel = g->s.channel, .action = "store_paused"},
              "%s: the game could not be saved (%s); it is back at its last saved state and "
              "paused until a save works (tried every %d s)",
              g->s.channel, bw_strerror(err), BOT_STORE_RETRY_MS / 1000);
    render_tr(lang, line, sizeof line, paused_key(g), g->s.channel);
    bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
    if (!b->store_failing) {
        b->store_failing = true;
        b->store_retry_ms = b->now_ms + BOT_STORE_RETRY_MS;
        for (int i = 0; i < BOT_ADMINS_SEEN; i++) {
            struct bot_admin_seen *a = &b->admins_seen[i];
            if (a->seen_ms && !a->told && b->now_ms - a->seen_ms < BOT_ADMIN_SEEN_MS)
                tell_admin(b, a, g->s.channel, err);
        }
    }
    return true;
}

void bot_durable_after(struct bot *b)
{
    bool waiting = false;
    for (int i = 0; i < b->n_games && !waiting; i++)
        waiting = b->games[i]->store_down;
    if (waiting || !b->store_failing)
        return;
    b->store_failing = false;
    for (int i = 0; i < BOT_ADMINS_SEEN; i++)
        b->admins_seen[i].told = false;
}

void bot_durable_tick(struct bot *b, int64_t now_ms)
{
    if (!b->store_failing || now_ms < b->store_retry_ms)
        return;
    b->now_ms = now_ms;
    b->store_retry_ms = now_ms + BOT_STORE_RETRY_MS;
    for (int i = 0; i < b->n_games; i++)
        if (b->games[i]->store_down)
            b->games[i]->changed = true;
    bot_commit(b);
}

void bot_durable_admin(struct bot *b, const char *nick)
{
    struct bot_admin_seen *slot = NULL, *oldest = &b->admins_seen[0];
    for (int i = 0; i < BOT_ADMINS_SEEN && !slot; i++) {
        struct bot_admin_seen *a = &b->admins_seen[i];
        if (a->seen_ms && strcasecmp(a->nick, nick) == 0)
            slot = a;
        else if (a->seen_ms < oldest->seen_ms)
            oldest = a;
    }
    if (!slot) {
        slot = oldest;
        snprintf(slot->nick, sizeof slot->nick, "%s", nick);
        slot->told = false;
    }
    slot->seen_ms = b->now_ms ? b->now_ms : 1;
    if (!b->store_failing || slot->told)
        return;
    for (int i = 0; i < b->n_games; i++)
        if (b->games[i]->store_down) {
            tell_admin(b, slot, b->games[i]->s.channel, BW_E(IO));
            return;
        }
}

void bot_durable_forget(struct bot_game *g)
{
    free(g->committed);
    g->committed = NULL;
}

void bot_durable_free(struct bot *b)
{
    free(b->unreadable);
    b->unreadable = NULL;
    b->n_unreadable = 0;
}

bool bot_unsaved(const struct bot *b)
{
    for (int i = 0; b && i < b->n_games; i++)
        if (b->games[i]->store_down)
            return true;
    return false;
}

void bot_unreadable(struct bot *b, const char *channel, const char *why)
{
    if (!b || !channel || bot_unreadable_why(b, channel))
        return;
    b->unreadable =
        xreallocarray(b->unreadable, (size_t)b->n_unreadable + 1, sizeof *b->unreadable);
    struct bot_unreadable *u = &b->unreadable[b->n_unreadable++];
    snprintf(u->channel, sizeof u->channel, "%s", channel);
    snprintf(u->why, sizeof u->why, "%s", why && why[0] ? why : "damaged");
}

int bot_take_up(struct bot *b, const char *network, const char *channel, const void *blob,
                size_t len, int64_t now_ms, const char *kept_in)
{
    char why[128] = "";
    int rc = blob ? bot_restore(b, blob, len, now_ms, why, sizeof why) : BW_E(PARSE);
    if (rc == BW_OK)
        return BW_OK;
    const char *reason = why[0] ? why : bw_strerror(rc);
    log_event(
        LOG_LEVEL_ERROR,
        &(struct log_fields){.network = network, .channel = channel, .action = "restore_failed"},
        "%s%s%s: the saved game cannot be read (%s); it stays in %s untouched, and the "
        "channel takes no new lobby until an admin's stop there erases it",
        network ? network : "", network ? " " : "", channel, reason,
        kept_in ? kept_in : "the store");
    bot_unreadable(b, channel, reason);
    return rc;
}

void bot_take_up_language(struct bot *b, const char *channel, const char *code)
{
    if (bot_set_language(b, channel, code) != BW_OK)
        log_event(LOG_LEVEL_WARN,
                  &(struct log_fields){.channel = channel, .action = "restore_failed"},
                  "%s: the kept language \"%s\" is not known to this build; the channel speaks "
                  "the configured one",
                  channel, code);
}

const char *bot_unreadable_why(const struct bot *b, const char *channel)
{
    for (int i = 0; channel && i < b->n_unreadable; i++)
        if (strcasecmp(b->unreadable[i].channel, channel) == 0)
            return b->unreadable[i].why;
    return NULL;
}

int bot_unreadable_erase(struct bot *b, const char *channel)
{
    for (int i = 0; i < b->n_unreadable; i++) {
        if (strcasecmp(b->unreadable[i].channel, channel) != 0)
            continue;
        int err = b->store && b->store->erase ? b->store->erase(b->store->ctx, channel) : BW_OK;
        if (err)
            return err;
        log_event(
            LOG_LEVEL_WARN,
            &(struct log_fields){.network = net_of(b), .channel = channel, .action = "erased"},
            "%s: the saved game that could not be read is erased by an admin", channel);
        b->unreadable[i] = b->unreadable[--b->n_unreadable];
        return BW_OK;
    }
    return BW_E(NOT_FOUND);
}
