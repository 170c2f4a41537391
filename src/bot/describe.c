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
    if (g->store_down)
        PUT("; paused (the store fails: it could not be saved)");
    else if (s->paused)
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

int bot_describe_detail(const struct bot *b, const char *channel, int64_t now_ms,
                        void (*emit)(void *ectx, const char *line), void *ectx)
{
    const struct bot_game *g = b && channel ? bot_find(b, channel) : NULL;
    if (!g)
        return 0;
    const struct session *s = &g->s;
    char line[480];
    int n = 0;
    for (int i = 0; i < s->n_seats; i++) {
        const struct session_seat *st = &s->seat[i];
        char who[SESSION_IDENTITY_MAX + 1];
        if (st->robot)
            snprintf(who, sizeof who, "a computer player");
        else
            session_identity(st->account, st->sat_nick[0] ? st->sat_nick : st->nick, st->userhost,
                             who, sizeof who);
        const char *where = st->present ? "present" : "away";
        if (s->state != SESSION_LOBBY && s->game.p[i].resigned)
            where = "left the game";
        else if (st->takeover != SESSION_OWN)
            where = "a computer sits in";
        size_t k = (size_t)snprintf(line, sizeof line, "%s seat %d: %s (%s), %s", s->channel, i + 1,
                                    st->nick, who, where);
        if (s->state != SESSION_LOBBY && k < sizeof line)
            snprintf(line + k, sizeof line - k, ", %d VP shown, %d cards, %d development cards",
                     game_vp_public(&s->game, i), game_hand_size(&s->game, i),
                     s->game.p[i].dev[0] + s->game.p[i].dev[1] + s->game.p[i].dev[2] +
                         s->game.p[i].dev[3] + s->game.p[i].dev[4] + s->game.p[i].dev_new[0] +
                         s->game.p[i].dev_new[1] + s->game.p[i].dev_new[2] +
                         s->game.p[i].dev_new[3] + s->game.p[i].dev_new[4]);
        emit(ectx, line);
        n++;
    }
    if (s->state == SESSION_PLAYING) {
        int left = session_turn_seconds_left(s, now_ms);
        int offers = __builtin_popcount(s->game.offers_open);
        if (left >= 0)
            snprintf(line, sizeof line, "%s: %d s left on the move; %d trade offer%s open",
                     s->channel, left, offers, offers == 1 ? "" : "s");
        else
            snprintf(line, sizeof line, "%s: no turn timer; %d trade offer%s open", s->channel,
                     offers, offers == 1 ? "" : "s");
        emit(ectx, line);
        n++;
    }
    return n;
}
