/* A stand-in for the bot core, to test the IRC layer alone against a real server. It answers:
 *
 *   !echo TEXT        TEXT to the channel (private: "echo TEXT" answers privately)
 *   !burst N          N numbered lines to the channel
 *   !urgent NICK N    N channel lines, then one urgent private line to NICK
 *   !keyed N          N private lines with key "hand", the first N-1 dropped again
 *   !who              the sender's identity as the IRC layer reported it
 *   !long N           one logical line of N words "ééé" (split on the wire)
 *   !op NICK          in a channel: "op: NICK yes", "no" (a channel operator or not, as the
 *                     IRC layer's member callback says) or "unknown" (not a known member)
 *
 * and reports membership changes to the first channel it joined, so tests can watch them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "engine/error.h"
#include "util/xmalloc.h"

struct bot {
    struct bw_out out;
    char nick[64];
    char home[64];
};

struct bot *bot_new(const struct config_network *net, const struct config_bot *botcfg,
                    const struct config_game *game, const struct bw_out *out, uint64_t seed)
{
    struct bot *b = xcalloc(1, sizeof *b);
    b->out = *out;
    return b;
}

void bot_free(struct bot *b)
{
    free(b);
}

void bot_set_repeatable(struct bot *b, bool repeatable)
{
}

void bot_set_wall_clock(struct bot *b, int64_t offset_ms, int64_t alive_ms)
{
}

void bot_reconfigure(struct bot *b, const struct config_network *net,
                     const struct config_bot *botcfg, const struct config_game *game)
{
}

void bot_set_own_nick(struct bot *b, const char *nick)
{
    snprintf(b->nick, sizeof b->nick, "%s", nick);
}

static void say(struct bot *b, const char *target, unsigned flags, const char *key, const char *fmt,
                const char *a, const char *c)
{
    char line[2048];
    snprintf(line, sizeof line, fmt, a ? a : "-", c ? c : "-");
    b->out.send(b->out.ctx, target, line, flags, key);
}

uint64_t bot_lines_refused(const struct bot *b)
{
    return 0; /* no rate limit here */
}

void bot_on_message(struct bot *b, const char *channel, const struct bw_identity *from,
                    const char *text, int64_t now_ms)
{
    const char *where = channel ? channel : from->nick;
    unsigned priv = channel ? 0 : BW_OUT_PRIVATE;
    if (*text == '!')
        text++;
    int n = 0;
    char nick[64];
    if (strncmp(text, "echo ", 5) == 0) {
        b->out.send(b->out.ctx, where, text + 5, priv, NULL);
    } else if (sscanf(text, "burst %d", &n) == 1) {
        for (int i = 1; i <= n && i <= 100; i++) {
            char num[16];
            snprintf(num, sizeof num, "%d", i);
            say(b, where, priv, NULL, "burst line %s%s", num, "");
        }
    } else if (sscanf(text, "urgent %63s %d", nick, &n) == 2) {
        for (int i = 1; i <= n && i <= 100; i++)
            say(b, where, 0, NULL, "filler %s%s", "", "");
        say(b, nick, BW_OUT_PRIVATE | BW_OUT_URGENT, NULL, "urgent for %s%s", nick, "");
    } else if (sscanf(text, "keyed %d", &n) == 1) {
        for (int i = 1; i <= n && i <= 100; i++) {
            char num[16];
            snprintf(num, sizeof num, "%d", i);
            b->out.drop(b->out.ctx, from->nick, "hand");
            say(b, from->nick, BW_OUT_PRIVATE, "hand", "hand version %s%s", num, "");
        }
    } else if (sscanf(text, "long %d", &n) == 1 && n > 0 && n <= 500) {
        char *line = xcalloc((size_t)n, 8);
        for (int i = 0; i < n; i++)
            strcat(line, i ? " \xc3\xa9\xc3\xa9\xc3\xa9" : "\xc3\xa9\xc3\xa9\xc3\xa9");
        b->out.send(b->out.ctx, where, line, priv, NULL);
        free(line);
    } else if (channel && sscanf(text, "op %63s", nick) == 1) {
        struct bw_identity id = {0};
        bool known = b->out.member && b->out.member(b->out.ctx, channel, nick, &id);
        say(b, where, 0, NULL, "op: %s %s", nick, !known ? "unknown" : id.op ? "yes" : "no");
    } else if (strcmp(text, "who") == 0) {
        char id[512];
        snprintf(id, sizeof id, "%s!%s@%s account=%s", from->nick, from->user ? from->user : "-",
                 from->host ? from->host : "-", from->account ? from->account : "-");
        say(b, where, priv, NULL, "who: %s%s", id, "");
    }
}

static void report(struct bot *b, const char *what, const char *who, const char *detail)
{
    if (*b->home)
        say(b, b->home, 0, NULL, what, who, detail);
}

void bot_on_join(struct bot *b, const char *channel, const struct bw_identity *who, int64_t now_ms)
{
    if (strcmp(who->nick, b->nick) == 0 && !*b->home)
        snprintf(b->home, sizeof b->home, "%s", channel);
    report(b, "seen join %s %s", who->nick, channel);
}

void bot_on_part(struct bot *b, const char *channel, const struct bw_identity *who, int64_t now_ms)
{
    report(b, "seen part %s %s", who->nick, channel);
}

void bot_on_disconnect(struct bot *b, int64_t now_ms)
{
}

void bot_link(struct bot *b, bool up, int64_t at_ms)
{
}

void bot_on_kick(struct bot *b, const char *channel, const char *victim_nick, int64_t now_ms)
{
    report(b, "seen kick %s %s", victim_nick, channel);
}

void bot_on_quit(struct bot *b, const struct bw_identity *who, int64_t now_ms)
{
    report(b, "seen quit %s%s", who->nick, "");
}

void bot_on_nick(struct bot *b, const struct bw_identity *who, const char *new_nick, int64_t now_ms)
{
    report(b, "seen nick %s %s", who->nick, new_nick);
}

void bot_on_account(struct bot *b, const char *nick, const char *account, int64_t now_ms)
{
}

void bot_on_member(struct bot *b, const char *channel, const struct bw_identity *who,
                   int64_t now_ms)
{
}

void bot_on_members_known(struct bot *b, const char *channel, int64_t now_ms)
{
}

void bot_tick(struct bot *b, int64_t now_ms)
{
}

/* No games here: nothing to keep or bring back. */
void bot_set_store(struct bot *b, const struct session_store_ops *ops)
{
}

int bot_restore(struct bot *b, const void *blob, size_t len, int64_t now_ms, char *why,
                size_t whylen)
{
    if (whylen)
        snprintf(why, whylen, "this bot keeps no games");
    return BW_E(PARSE);
}

/* Nothing kept, so nothing is ever left unsaved. */
bool bot_unsaved(const struct bot *b)
{
    return false;
}

void bot_unreadable(struct bot *b, const char *channel, const char *why)
{
}

/* No languages here either: a kept one is refused, as one this build does not know. */
int bot_set_language(struct bot *b, const char *channel, const char *code)
{
    return BW_E(INVALID);
}

/* What the store kept is never taken up: no game, no language. */
int bot_take_up(struct bot *b, const char *network, const char *channel, const void *blob,
                size_t len, int64_t now_ms, const char *kept_in)
{
    return BW_E(PARSE);
}

void bot_take_up_language(struct bot *b, const char *channel, const char *code)
{
}

int bot_each_game(struct bot *b, int64_t now_ms,
                  void (*fn)(void *ctx, const struct bot_game_view *v), void *ctx)
{
    (void)b;
    (void)now_ms;
    (void)fn;
    (void)ctx;
    return 0; /* the echo bot runs no games */
}

int64_t bot_next_deadline(const struct bot *b)
{
    return INT64_MAX;
}

void bot_describe_channel(const struct bot *b, const char *channel, int64_t now_ms, char *buf,
                          size_t size)
{
    snprintf(buf, size, "no game");
}

int bot_describe_games(const struct bot *b, const char *prefix, int64_t now_ms,
                       void (*emit)(void *ectx, const char *line), void *ectx)
{
    return 0;
}

int bot_describe_detail(const struct bot *b, const char *channel, int64_t now_ms,
                        void (*emit)(void *ectx, const char *line), void *ectx)
{
    return 0;
}
