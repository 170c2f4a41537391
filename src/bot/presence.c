/* Who is in the bot's channels: the bot itself joining, leaving, being kicked or cut off (its
 * games pause and resume), and players leaving, coming back, renaming and logging in (their
 * seats go away and come back). */
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "i18n/i18n.h"
#include "util/log.h"

void bot_announce(struct bot *b, struct bot_game *g, int msg, const char *nick)
{
    char line[RENDER_LINE_MAX];
    render_tr(bot_language(b, g->s.channel), line, sizeof line, msg, nick);
    bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
}

static bool is_own(const struct bot *b, const char *nick)
{
    return nick && strcasecmp(nick, b->own_nick) == 0;
}

void bot_pause(struct bot *b, struct bot_game *g)
{
    /* Paused for the store already: the pause is the bot's absence's now, and outlasts it. */
    g->store_paused = false;
    if (g->s.paused && !g->link_paused)
        return;
    /* Stopped for a silent server, it now waits for the channel: its clocks stay stopped from
     * the moment the server fell silent. */
    g->link_paused = false;
    /* Out of the channel, the bot cannot see who leaves it or who takes a nick: every player
     * is away, quietly, until the bot sees them there again (WHO after it joins). */
    for (int i = 0; b->out.member && i < g->s.n_seats; i++)
        session_depart(&g->s, g->s.seat[i].nick, b->now_ms);
    session_pause(&g->s, b->now_ms);
    g->changed = true;
    log_event(LOG_LEVEL_INFO,
              &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                   .channel = g->s.channel,
                                   .action = "pause"},
              "%s: the bot left; the %s there is paused", g->s.channel,
              g->s.state == SESSION_LOBBY ? "lobby" : "game");
}

static void resume(struct bot *b, struct bot_game *g)
{
    if (g->store_down) {
        g->store_paused = g->s.paused; /* it resumes when it is saved again */
        return;
    }
    if (!g->s.paused)
        return;
    session_resume(&g->s, b->now_ms);
    /* What the channel saw before the bot left is old news: the next display is shown. */
    g->s.board_ms = g->s.status_ms = g->s.board_text_ms = g->s.web_ms = INT64_MIN;
    g->changed = true;
    char line[RENDER_LINE_MAX];
    unsigned waiting = g->s.state == SESSION_PLAYING ? game_waiting_for(&g->s.game) : 0;
    int lang = bot_language(b, g->s.channel);
    if (waiting)
        render_tr(lang, line, sizeof line, MSG_BOT_BACK_GAME,
                  g->s.seat[__builtin_ctz(waiting)].nick, b->prefix);
    else
        render_tr(lang, line, sizeof line, MSG_BOT_BACK_LOBBY, b->prefix, b->prefix);
    bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
}

/* who is seen in g's channel: a seat of theirs waiting as away is back (returned), and gets
 * its hand again, since private lines skip a seat while it is away. -1 when none. */
static int seat_back(struct bot_game *g, const struct bw_identity *who)
{
    if (!bot_nick_usable(who->nick))
        return -1;
    struct session_who sw = bot_who(who);
    int seat = session_return(&g->s, &sw);
    if (seat < 0)
        return -1;
    g->changed = true;
    if (g->s.state == SESSION_PLAYING)
        g->hand_dirty |= 1u << seat;
    return seat;
}

void bot_on_join(struct bot *b, const char *channel, const struct bw_identity *who, int64_t now_ms)
{
    b->now_ms = now_ms;
    struct bot_game *g = bot_find(b, channel);
    if (!g || !who)
        return;
    if (is_own(b, who->nick)) {
        resume(b, g);
        bot_commit(b);
        return;
    }
    int seat = seat_back(g, who);
    if (seat >= 0)
        bot_announce(b, g, MSG_BOT_IS_BACK, g->s.seat[seat].nick);
    bot_commit(b);
}

void bot_depart(struct bot *b, struct bot_game *g, const char *nick, int64_t now_ms)
{
    int seat = session_seat_of_nick(&g->s, nick);
    if (seat < 0 || !g->s.seat[seat].present ||
        (g->s.state != SESSION_LOBBY && g->s.game.p[seat].resigned))
        return;
    session_depart(&g->s, nick, now_ms);
    g->changed = true;
    char line[RENDER_LINE_MAX];
    render_tr(bot_language(b, g->s.channel), line, sizeof line, MSG_BOT_AWAY, g->s.seat[seat].nick,
              SESSION_GRACE_MS / 60000);
    bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
}

void bot_on_part(struct bot *b, const char *channel, const struct bw_identity *who, int64_t now_ms)
{
    b->now_ms = now_ms;
    struct bot_game *g = bot_find(b, channel);
    if (!g || !who)
        return;
    if (is_own(b, who->nick)) {
        bot_pause(b, g);
        bot_commit(b);
        return;
    }
    struct session_who sw = bot_who(who);
    if (session_identify(&g->s, &sw) < 0)
        return;
    bot_depart(b, g, who->nick, now_ms);
    bot_commit(b);
}

void bot_on_kick(struct bot *b, const char *channel, const char *victim_nick, int64_t now_ms)
{
    b->now_ms = now_ms;
    struct bot_game *g = bot_find(b, channel);
    if (!g || !victim_nick)
        return;
    if (is_own(b, victim_nick))
        bot_pause(b, g);
    else
        bot_depart(b, g, victim_nick, now_ms);
    bot_commit(b);
}

void bot_on_disconnect(struct bot *b, int64_t now_ms)
{
    b->now_ms = now_ms;
    for (int i = 0; i < b->n_games; i++)
        bot_pause(b, b->games[i]);
    bot_commit(b);
}

/* The server falls silent or answers again: the clocks stop and go on, nothing is said. */
void bot_link(struct bot *b, bool up, int64_t at_ms)
{
    if (at_ms > b->now_ms)
        b->now_ms = at_ms;
    b->link_down = !up;
    int n = 0;
    for (int i = 0; i < b->n_games; i++) {
        struct bot_game *g = b->games[i];
        if (up && g->link_paused && g->store_down) {
            /* Waiting for the store as well: it goes on when it is saved again. */
            g->link_paused = false;
            g->store_paused = g->s.paused;
            continue;
        } else if (up && g->link_paused) {
            g->link_paused = false;
            session_resume(&g->s, at_ms);
        } else if (!up && !g->s.paused) {
            g->link_paused = true;
            session_pause(&g->s, at_ms);
        } else {
            continue;
        }
        g->changed = true;
        n++;
    }
    if (n)
        log_event(LOG_LEVEL_INFO,
                  &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                       .action = up ? "link_resume" : "link_pause"},
                  "%d %s %s", n, n == 1 ? "lobby or game" : "lobbies and games",
                  up ? "go on: the server answers" : "stand still: the server does not answer");
    bot_commit(b);
}

void bot_on_quit(struct bot *b, const struct bw_identity *who, int64_t now_ms)
{
    b->now_ms = now_ms;
    if (!who || is_own(b, who->nick))
        return;
    struct session_who sw = bot_who(who);
    for (int i = 0; i < b->n_games; i++)
        if (session_identify(&b->games[i]->s, &sw) >= 0)
            bot_depart(b, b->games[i], who->nick, now_ms);
    bot_commit(b);
}

void bot_on_nick(struct bot *b, const struct bw_identity *who, const char *new_nick, int64_t now_ms)
{
    b->now_ms = now_ms;
    if (!who || !new_nick)
        return;
    if (is_own(b, who->nick)) {
        bot_set_own_nick(b, new_nick);
        return;
    }
    struct session_who sw = bot_who(who);
    /* A nick the bot cannot keep whole: the player is away until they take a usable one. */
    bool usable = bot_nick_usable(new_nick);
    for (int i = 0; i < b->n_games; i++) {
        struct bot_game *g = b->games[i];
        if (session_identify(&g->s, &sw) < 0)
            continue;
        if (usable)
            session_rename(&g->s, who->nick, new_nick);
        else
            bot_depart(b, g, who->nick, now_ms);
        g->changed = true;
    }
    bot_commit(b);
}

void bot_on_member(struct bot *b, const char *channel, const struct bw_identity *who,
                   int64_t now_ms)
{
    b->now_ms = now_ms;
    struct bot_game *g = bot_find(b, channel);
    if (!g || !who || !who->nick || is_own(b, who->nick))
        return;
    if (seat_back(g, who) >= 0)
        bot_commit(b);
}

void bot_on_members_known(struct bot *b, const char *channel, int64_t now_ms)
{
    b->now_ms = now_ms;
    struct bot_game *g = bot_find(b, channel);
    if (!g)
        return;
    for (int i = 0; i < g->s.n_seats; i++) {
        const struct session_seat *seat = &g->s.seat[i];
        if (seat->present || !seat->nick[0] ||
            (g->s.state != SESSION_LOBBY && g->s.game.p[i].resigned))
            continue;
        int64_t left = seat->left_ms + SESSION_GRACE_MS - now_ms;
        char line[RENDER_LINE_MAX];
        render_tr(bot_language(b, g->s.channel), line, sizeof line, MSG_BOT_AWAY_MORE, seat->nick,
                  left > 0 ? (int)((left + 59999) / 60000) : 0);
        bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
    }
    bot_commit(b);
}

void bot_on_account(struct bot *b, const char *nick, const char *account, int64_t now_ms)
{
    b->now_ms = now_ms;
    for (int i = 0; i < b->n_games; i++) {
        int before = session_seat_of_nick(&b->games[i]->s, nick);
        if (before < 0 || !account)
            continue;
        session_set_account(&b->games[i]->s, nick, account);
        b->games[i]->changed = true;
    }
    bot_commit(b);
}
