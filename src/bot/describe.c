/* What admin "status" and "games" say about the lobbies and games of one network. */
#include <stdio.h>
#include <string.h>

#include "bot/internal.h"

static void describe(const struct bot *b, const struct bot_game *g, int64_t now_ms, char *buf,
                     size_t size)
{
    const struct session *s = &g->s;
    size_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (n < size)                                                                              \
            n += (size_t)snprintf(buf + n, size - n, __VA_ARGS__);                                 \
    } while (0)
    if (s->state == SESSION_LOBBY) {
        PUT("lobby:");
        for (int i = 0; i < s->n_seats; i++)
            PUT("%s %s", i ? "," : "", s->seat[i].nick);
        PUT(" (%d seated)", s->n_seats);
    } else {
        char whose[160];
        session_whose_move(s, -1, whose, sizeof whose);
        PUT("game: turn %d, %s;", s->game.turn, whose);
        for (int i = 0; i < s->n_seats; i++) {
            PUT("%s %s %d", i ? "," : "", s->seat[i].nick, game_vp_public(&s->game, i));
            if (s->game.p[i].resigned)
                PUT(" (left)");
            else if (s->seat[i].takeover != SESSION_OWN)
                PUT(" (a computer sits in)");
            else if (!s->seat[i].present)
                PUT(" (away)");
        }
        PUT(" VP");
    }
    if (s->paused)
        PUT("; paused (the bot is not in the channel)");
    int64_t idle = g->active_ms && now_ms > g->active_ms ? (now_ms - g->active_ms) / 1000 : 0;
    PUT("; idle %lld s", (long long)idle);
#undef PUT
    (void)b;
}

void bot_describe_channel(const struct bot *b, const char *channel, int64_t now_ms, char *buf,
                          size_t size)
{
    const struct bot_game *g = b && channel ? bot_find(b, channel) : NULL;
    if (!g)
        snprintf(buf, size, "no game");
    else
        describe(b, g, now_ms, buf, size);
}

int bot_describe_games(const struct bot *b, const char *prefix, int64_t now_ms,
                       void (*emit)(void *ectx, const char *line), void *ectx)
{
    int n = 0;
    for (int i = 0; b && i < b->n_games; i++) {
        char text[400], line[480];
        describe(b, b->games[i], now_ms, text, sizeof text);
        snprintf(line, sizeof line, "%s%s%s: %s", prefix ? prefix : "", prefix ? " " : "",
                 b->games[i]->s.channel, text);
        emit(ectx, line);
        n++;
    }
    return n;
}
