/* What the web view reads of the bot's games: each game's session, the channel's last game
 * lines, a counter that changes whenever either does, and games that ended lately. */
#include <string.h>
#include <strings.h>

#include "bot/internal.h"

void bot_view_line(struct bot *b, struct bot_game *g, const char *text)
{
    struct bot_recent *r = &g->recent;
    char *dst = r->line[r->n % BOT_RECENT_MAX];
    size_t len = strlen(text);
    if (len >= RENDER_LINE_MAX)
        len = RENDER_LINE_MAX - 1;
    /* Cut only between UTF-8 characters. */
    while (len > 0 && ((unsigned char)text[len] & 0xc0) == 0x80)
        len--;
    memcpy(dst, text, len);
    dst[len] = 0;
    r->n++;
    g->gen = ++b->gen;
}

void bot_view_changed(struct bot *b, struct bot_game *g)
{
    g->gen = ++b->gen;
}

void bot_view_closing(struct bot *b, const struct bot_game *g)
{
    if (g->s.state == SESSION_LOBBY)
        return;
    /* The channel's own entry (a newer end replaces it), else a free one, else the oldest. */
    struct bot_ended *slot = NULL, *spare = &b->ended[0];
    for (int i = 0; i < BOT_ENDED_MAX && !slot; i++) {
        struct bot_ended *e = &b->ended[i];
        if (e->ended_ms && strcasecmp(e->s.channel, g->s.channel) == 0)
            slot = e;
        else if (spare->ended_ms && (!e->ended_ms || e->ended_ms < spare->ended_ms))
            spare = e;
    }
    if (!slot)
        slot = spare;
    slot->s = g->s;
    slot->recent = g->recent;
    slot->gen = ++b->gen;
    slot->ended_ms = b->now_ms ? b->now_ms : 1;
}

static void recent_of(const struct bot_recent *r, struct bot_game_view *v)
{
    unsigned n = r->n < BOT_RECENT_MAX ? r->n : BOT_RECENT_MAX;
    v->n_recent = (int)n;
    for (unsigned i = 0; i < n; i++)
        v->recent[i] = r->line[(r->n - n + i) % BOT_RECENT_MAX];
}

int bot_each_game(struct bot *b, int64_t now_ms,
                  void (*fn)(void *ctx, const struct bot_game_view *v), void *ctx)
{
    int count = 0;
    for (int i = 0; i < b->n_games; i++) {
        const struct bot_game *g = b->games[i];
        if (g->closing)
            continue;
        struct bot_game_view v = {.channel = g->s.channel,
                                  .s = &g->s,
                                  .gen = g->gen,
                                  .lang = bot_language(b, g->s.channel)};
        recent_of(&g->recent, &v);
        fn(ctx, &v);
        count++;
    }
    for (int i = 0; i < BOT_ENDED_MAX; i++) {
        struct bot_ended *e = &b->ended[i];
        if (!e->ended_ms)
            continue;
        if (now_ms - e->ended_ms > BOT_ENDED_KEEP_MS || now_ms < e->ended_ms ||
            bot_find(b, e->s.channel)) {
            e->ended_ms = 0; /* too old, or a new lobby or game took the channel */
            continue;
        }
        struct bot_game_view v = {.channel = e->s.channel,
                                  .s = &e->s,
                                  .gen = e->gen,
                                  .ended = true,
                                  .lang = bot_language(b, e->s.channel)};
        recent_of(&e->recent, &v);
        fn(ctx, &v);
        count++;
    }
    return count;
}
