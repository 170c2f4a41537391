/* Messages from users: the prefix, the per-user rate limit, which game a private command is
 * about, and the host that the command handlers work through. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/log.h"
#include "util/osrandom.h"
#include "util/utf8.h"
#include "util/xmalloc.h"

/* What the host callbacks need to know about the command being run. */
struct bot_call {
    struct bot *b;
    const char *nick;
    struct session_who who;
};

static struct bot_game *game_of(struct session *s)
{
    /* The session is the first member of its bot_game. */
    return (struct bot_game *)(void *)s;
}

static void host_reply_keyed(void *ctx, const char *text, const char *key)
{
    struct bot_call *bc = ctx;
    unsigned flags = BW_OUT_PRIVATE;
    for (int i = 0; i < bc->b->n_games; i++) {
        const struct bot_game *g = bc->b->games[i];
        int seat = session_identify(&g->s, &bc->who);
        if (seat < 0 || g->s.state != SESSION_PLAYING || g->s.game.p[seat].resigned)
            continue;
        /* A reply to a player (not a display anybody may ask for) goes with the game's lines,
         * urgent while the game waits for them. A display (a drawing, a status) is never urgent:
         * asked for again and again by the player on the move, it would take the share of the
         * output that the other tables' players' hands and replies need. */
        if (!key && bot_seat_urgent(bc->b, g, seat))
            flags |= BW_OUT_URGENT;
        if (!key)
            flags |= BW_OUT_PLAYER;
    }
    bot_queue(bc->b, bc->nick, text, flags, key);
}

static void host_reply(void *ctx, const char *text)
{
    host_reply_keyed(ctx, text, NULL);
}

static void host_line(void *ctx, struct session *s, int to, const char *text, const char *key)
{
    struct bot_call *bc = ctx;
    bot_game_line(bc->b, game_of(s), to, text, key);
}

static int host_act(void *ctx, struct session *s, const struct game_action *a, char *msg,
                    size_t msglen)
{
    struct bot_call *bc = ctx;
    return bot_game_act(bc->b, game_of(s), a, msg, msglen);
}

static void host_changed(void *ctx, struct session *s)
{
    game_of(s)->changed = true;
}

static struct session *host_open(void *ctx, const char *channel)
{
    struct bot_call *bc = ctx;
    struct bot_game *g = bot_open(bc->b, channel);
    return g ? &g->s : NULL;
}

static struct session *host_find(void *ctx, const char *channel)
{
    struct bot_call *bc = ctx;
    struct bot_game *g = bot_find(bc->b, channel);
    return g ? &g->s : NULL;
}

static void host_close(void *ctx, struct session *s)
{
    game_of(s)->closing = true;
}

static int host_join(void *ctx, const char *channel, char *why, size_t whylen)
{
    struct bot_call *bc = ctx;
    int rc = bot_claim(bc->b, channel, why, whylen);
    if (rc == BW_OK && bc->b->out.join)
        bc->b->out.join(bc->b->out.ctx, channel);
    return rc;
}

static void host_part(void *ctx, const char *channel)
{
    struct bot_call *bc = ctx;
    struct bot_game *g = bot_find(bc->b, channel);
    if (g)
        bot_pause(bc->b, g);
    if (bc->b->out.part)
        bc->b->out.part(bc->b->out.ctx, channel);
}

static void host_reload(void *ctx)
{
    struct bot_call *bc = ctx;
    if (bc->b->out.reload)
        bc->b->out.reload(bc->b->out.ctx);
}

static int host_save_all(void *ctx, char *why, size_t whylen)
{
    struct bot_call *bc = ctx;
    return bot_save_all(bc->b, why, whylen);
}

static int host_top(void *ctx, int n, bool robots, struct session_rank *out)
{
    struct bot_call *bc = ctx;
    if (!bc->b->store || !bc->b->store->top)
        return BW_E(IO);
    return bc->b->store->top(bc->b->store->ctx, n, robots, out);
}

static int host_stats(void *ctx, const char *identity, const char *nick, struct session_rank *out)
{
    struct bot_call *bc = ctx;
    if (!bc->b->store || !bc->b->store->stats)
        return BW_E(IO);
    return bc->b->store->stats(bc->b->store->ctx, identity, nick, out);
}

static bool host_may_show(void *ctx, const char *channel, const char *what)
{
    struct bot_call *bc = ctx;
    struct bot *b = bc->b;
    static const char *const kinds[BOT_SHOWN_KINDS] = {"top", "stats", "dice"};
    int kind = 0;
    while (kind < BOT_SHOWN_KINDS - 1 && strcmp(kinds[kind], what) != 0)
        kind++;
    struct bot_shown *slot = NULL, *spare = NULL;
    int64_t spare_ms = INT64_MAX;
    for (int i = 0; i < BOT_SHOWN_MAX && !slot; i++) {
        struct bot_shown *sh = &b->shown[i];
        /* The slot of a channel that saw nothing for longest (or none yet) can be taken. */
        int64_t seen = INT64_MIN;
        for (int k = 0; sh->channel[0] && k < BOT_SHOWN_KINDS; k++)
            seen = sh->ms[k] > seen ? sh->ms[k] : seen;
        if (sh->channel[0] && strcasecmp(sh->channel, channel) == 0)
            slot = sh;
        else if (seen < spare_ms || !spare)
            spare = sh, spare_ms = seen;
    }
    if (!slot) {
        slot = spare;
        snprintf(slot->channel, sizeof slot->channel, "%s", channel);
        for (int k = 0; k < BOT_SHOWN_KINDS; k++)
            slot->ms[k] = INT64_MIN;
    }
    int64_t last = slot->ms[kind];
    if (last != INT64_MIN && last <= b->now_ms && b->now_ms - last < BOT_SHOWN_MS)
        return false;
    slot->ms[kind] = b->now_ms;
    return true;
}

static void host_say(void *ctx, const char *channel, const char *text)
{
    struct bot_call *bc = ctx;
    bot_queue(bc->b, channel, text, 0, NULL);
}

static int host_set_language(void *ctx, const char *channel, int lang)
{
    struct bot_call *bc = ctx;
    struct bot *b = bc->b;
    int err = bot_set_language(b, channel, i18n_code(lang));
    if (err == BW_OK && b->store && b->store->set_language)
        b->store->set_language(b->store->ctx, channel, i18n_code(lang));
    return err;
}

/* An admin's listing ("status", "games"): sent whole, however many lines, under a key of what
 * was asked, so that asking again replaces an answer still waiting instead of adding to it. */
struct listing {
    struct bot_call *bc;
    char key[SESSION_CHAN_MAX + 16];
    int lines, left_out;
};

static void listing_line(void *ectx, const char *line)
{
    struct listing *l = ectx;
    if (l->lines >= BOT_LISTING_MAX) {
        l->left_out++;
        return;
    }
    l->lines++;
    bot_queue(l->bc->b, l->bc->nick, line, BW_OUT_PRIVATE | BW_OUT_WHOLE, l->key);
}

static void host_describe(void *ctx, const char *what, const char *channel)
{
    struct bot_call *bc = ctx;
    struct bot *b = bc->b;
    struct listing l = {.bc = bc};
    snprintf(l.key, sizeof l.key, "admin %s%s%s", what, channel ? " " : "", channel ? channel : "");
    if (b->out.describe)
        b->out.describe(b->out.ctx, what, channel, listing_line, &l);
    else if (bot_describe_games(b, NULL, b->now_ms, listing_line, &l) == 0)
        listing_line(&l, "no lobby or game"); /* without the IRC layer: this bot's games */
    if (l.left_out) {
        char note[128];
        snprintf(note, sizeof note,
                 "\xe2\x80\xa6 and %d more lines left out (status #chan shows one channel)",
                 l.left_out);
        bot_queue(b, bc->nick, note, BW_OUT_PRIVATE | BW_OUT_WHOLE, l.key);
    }
}

static int host_backup(void *ctx, const char *path, char *why, size_t whylen)
{
    struct bot_call *bc = ctx;
    if (!bc->b->store || !bc->b->store->backup)
        return BW_E(NOT_FOUND);
    return bc->b->store->backup(bc->b->store->ctx, path, why, whylen);
}

/* Each game's generator comes whole from the operating system, unless games are repeatable
 * (bot_set_repeatable). A failing source stops the start: nothing weaker takes its place. */
static int host_game_random(void *ctx, const struct session *s, struct bw_rng *out)
{
    struct bot *b = ((struct bot_call *)ctx)->b;
    if (b->repeatable)
        return 0;
    unsigned char bytes[BW_RNG_BYTES];
    char why[160] = "the source gave only zeros";
    if (os_random(bytes, sizeof bytes, why, sizeof why) == 0 && bw_rng_from_bytes(out, bytes))
        return 1;
    log_event(LOG_LEVEL_ERROR,
              &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                   .channel = s->channel,
                                   .action = "random_failed"},
              "%s: the game does not start: no random numbers from the system (%s)", s->channel,
              why);
    return BW_E(IO);
}

static int host_erase_unreadable(void *ctx, const char *channel)
{
    struct bot_call *bc = ctx;
    return bot_unreadable_erase(bc->b, channel);
}

static int host_release(void *ctx, const char *channel, char *list, size_t listlen, char *why,
                        size_t whylen)
{
    struct bot_call *bc = ctx;
    return bot_release(bc->b, channel, list, listlen, why, whylen);
}

static const struct cmd_host bot_host_ops = {
    .reply = host_reply,
    .reply_keyed = host_reply_keyed,
    .line = host_line,
    .act = host_act,
    .changed = host_changed,
    .open = host_open,
    .find = host_find,
    .close = host_close,
    .join = host_join,
    .part = host_part,
    .reload = host_reload,
    .save_all = host_save_all,
    .backup = host_backup,
    .top = host_top,
    .stats = host_stats,
    .may_show = host_may_show,
    .say = host_say,
    .describe = host_describe,
    .set_language = host_set_language,
    .game_random = host_game_random,
    .erase_unreadable = host_erase_unreadable,
    .release = host_release,
};

/* Token bucket per user (user@host when known, so a nick change does not refill it). Returns
 * whether the command may run; the first refusal in a row gets one warning. Each refusal is
 * also a strike, and strikes wear off at the rate commands are allowed: a user who keeps
 * sending at more than twice that rate collects BOT_FLOOD_STRIKES and is ignored for
 * BOT_IGNORE_MS, told once. */
static bool rate_ok(struct bot *b, const struct bw_identity *from, int64_t now_ms, int lang)
{
    char key[sizeof b->users[0].key];
    if (from->user && from->host)
        snprintf(key, sizeof key, "%s@%s", from->user, from->host);
    else
        snprintf(key, sizeof key, "%s", from->nick);
    struct bot_user *u = NULL, *oldest = &b->users[0];
    for (int i = 0; i < BOT_RATE_USERS && !u; i++) {
        struct bot_user *x = &b->users[i];
        if (x->key[0] && strcasecmp(x->key, key) == 0)
            u = x;
        else if (oldest->key[0] && (!x->key[0] || x->last_ms < oldest->last_ms))
            oldest = x;
    }
    if (!u) {
        u = oldest;
        snprintf(u->key, sizeof u->key, "%s", key);
        u->tokens_milli = BOT_RATE_BURST * 1000;
        u->strikes_milli = 0;
        u->ignore_until_ms = INT64_MIN;
        u->warned = false;
        u->last_ms = now_ms;
    }
    if (now_ms < u->ignore_until_ms) {
        b->lines_refused++;
        return false;
    }
    int64_t gain = (now_ms - u->last_ms) * 1000 / BOT_RATE_MS;
    if (gain > 0) {
        int64_t t = u->tokens_milli + gain;
        u->tokens_milli = t > BOT_RATE_BURST * 1000 ? BOT_RATE_BURST * 1000 : (int)t;
        u->strikes_milli = gain >= u->strikes_milli ? 0 : u->strikes_milli - (int)gain;
        u->last_ms = now_ms;
    }
    if (u->tokens_milli >= 1000) {
        u->tokens_milli -= 1000;
        u->warned = false;
        return true;
    }
    u->strikes_milli += 1000;
    b->lines_refused++;
    if (u->strikes_milli > BOT_FLOOD_STRIKES * 1000) {
        u->ignore_until_ms = now_ms + BOT_IGNORE_MS;
        u->strikes_milli = 0;
        u->warned = false;
        char line[RENDER_LINE_MAX];
        render_tr(lang, line, sizeof line, MSG_BOT_TOO_FAST, BOT_IGNORE_MS / 1000);
        bot_queue(b, from->nick, line, BW_OUT_PRIVATE, NULL);
        bot_commit(b);
    } else if (!u->warned) {
        u->warned = true;
        bot_queue(b, from->nick, tr(lang, MSG_BOT_SLOW_DOWN), BW_OUT_PRIVATE, NULL);
        bot_commit(b);
    }
    return false;
}

/* The only game the caller sits in, for a private command that names none. */
static struct bot_game *only_game_of(struct bot *b, const struct session_who *who)
{
    struct bot_game *found = NULL;
    for (int i = 0; i < b->n_games; i++)
        if (!b->games[i]->closing && session_identify(&b->games[i]->s, who) >= 0) {
            if (found)
                return NULL;
            found = b->games[i];
        }
    return found;
}

void bot_command(struct bot *b, const char *channel, const struct bw_identity *from,
                 const char *text, bool in_private, int64_t now_ms)
{
    char buf[3 * BOT_TEXT_MAX + 1];
    utf8_sanitize_into(buf, sizeof buf, text, strlen(text));
    char *body = buf + strspn(buf, " ");
    if (!*body)
        return;
    /* Seats and replies go by the whole nick, exactly as the server wrote it: one the bot
     * cannot keep or write back whole gets a refusal and nothing else. */
    if (!bot_nick_usable(from->nick)) {
        /* Only a nick that is merely long can be answered at all. */
        bool writable = true;
        for (const char *p = from->nick; *p; p++)
            writable = writable && (unsigned char)*p > ' ' && *p != 0x7f;
        if (writable && rate_ok(b, from, now_ms, b->language)) {
            char line[RENDER_LINE_MAX];
            snprintf(line, sizeof line,
                     "your nick is too long or has characters I cannot repeat; take one of at "
                     "most %d bytes to play",
                     BW_NICK_MAX);
            bot_queue(b, from->nick, line, BW_OUT_PRIVATE, NULL);
            bot_commit(b);
        }
        return;
    }
    const char *nick = from->nick;
    struct bot_call bc = {b, nick, bot_who(from)};
    struct bot_game *g = NULL;
    char chan[SESSION_CHAN_MAX + 1] = "";
    bool named = in_private && (body[0] == '#' || body[0] == '&');
    if (!in_private) {
        snprintf(chan, sizeof chan, "%s", channel);
        g = bot_find(b, chan);
    } else if (body[0] == '#' || body[0] == '&') {
        size_t n = strcspn(body, " ");
        snprintf(chan, sizeof chan, "%.*s", (int)(n < sizeof chan ? n : sizeof chan - 1), body);
        body += n;
        body += strspn(body, " ");
        size_t plen = strlen(b->prefix);
        if (plen && strncmp(body, b->prefix, plen) == 0)
            body += plen; /* "#chan !hand": the prefix is optional here, not wrong */
        g = bot_find(b, chan);
    } else if ((g = only_game_of(b, &bc.who)) != NULL) {
        snprintf(chan, sizeof chan, "%s", g->s.channel);
    }
    int lang = bot_language(b, chan[0] ? chan : NULL);
    if (!rate_ok(b, from, now_ms, lang))
        return;
    if (!body[strspn(body, " ")]) {
        /* "#chan" alone in private. */
        char line[RENDER_LINE_MAX];
        render_tr(lang, line, sizeof line, MSG_BOT_WHAT_ABOUT, chan, chan);
        bot_queue(b, nick, line, BW_OUT_PRIVATE, NULL);
        bot_commit(b);
        return;
    }
    struct cmd_host host = bot_host_ops;
    host.ctx = &bc;
    struct cmd_call c = {
        .prefix = b->prefix,
        .nick = nick,
        .channel = chan[0] ? chan : NULL,
        .in_private = in_private,
        .channel_named = !in_private || named,
        .is_admin = cmd_is_admin(&bc.who, b->admins, b->admin_count),
        .color = b->colors,
        .lang = lang,
        .network = b->network,
        .web_url = b->web_url,
        .web_hidden = chan[0] && (cimap_get(&b->web_hidden, chan) ||
                                  (b->out.secret && b->out.secret(b->out.ctx, chan))),
        .s = g ? &g->s : NULL,
        .seat = -1,
        .store_down = g && g->store_down,
        .store_away = g && g->store_down && g->store_away,
        .unreadable = g ? NULL : bot_unreadable_why(b, chan),
        .who = bc.who,
        .now_ms = now_ms,
        .clock_ms = now_ms,
        .host = &host,
    };
    struct bw_identity op;
    c.is_op = chan[0] && b->out.member && b->out.member(b->out.ctx, chan, nick, &op) && op.op &&
              op.user && op.host && from->user && from->host && strcmp(op.user, from->user) == 0 &&
              strcasecmp(op.host, from->host) == 0;
    if (g && g->drawing_held && b->out.drawing && b->out.drawing(b->out.ctx, g->s.channel) > 0) {
        c.drawing = true;
        c.clock_ms = g->drawing_since_ms;
    }
    if (g) {
        int seat = session_identify(&g->s, &bc.who);
        c.seat = seat >= 0 ? seat : -1;
        c.seat_taken = seat == BW_E(DENIED);
        /* A player marked away who commands from the channel is back: their seat takes
         * private lines again, starting with the hand they may have missed. (From outside
         * the channel they get the answers to their own commands, nothing more.) */
        struct bw_identity here;
        bool in_channel = !b->out.member || b->out.member(b->out.ctx, g->s.channel, nick, &here);
        if (seat >= 0 && !g->s.seat[seat].present && in_channel &&
            session_return(&g->s, &bc.who) == seat) {
            g->changed = true;
            if (g->s.state == SESSION_PLAYING)
                g->hand_dirty |= 1u << seat;
        }
        /* One a computer sat in for is back: the seat is theirs when their next move starts. */
        if (seat >= 0 && in_channel && g->s.seat[seat].takeover == SESSION_SITTING) {
            g->s.seat[seat].takeover = SESSION_HANDBACK;
            g->changed = true;
        }
    }
    b->speaker = &bc.who;
    cmd_run(&c, body);
    bot_commit(b);
    b->speaker = NULL;
    if (c.is_admin) {
        /* Told after the command's own lines, which a failed save may withhold. */
        bot_durable_admin(b, nick);
        if (b->n_lines)
            bot_commit(b);
    }
}

void bot_on_message(struct bot *b, const char *channel, const struct bw_identity *from,
                    const char *text, int64_t now_ms)
{
    if (!b || !from || !from->nick || !text || strcasecmp(from->nick, b->own_nick) == 0)
        return;
    b->now_ms = now_ms;
    size_t plen = strlen(b->prefix), n = strnlen(text, BOT_TEXT_MAX);
    char cut[BOT_TEXT_MAX + 1];
    memcpy(cut, text, n);
    cut[n] = '\0';
    const char *body = cut;
    if (strncmp(body, b->prefix, plen) == 0)
        body += plen;
    else if (channel)
        return;
    /* In a channel only the prefix and a letter make a command: "!!", "!1" or a lone "!" are
     * chat and get no answer. */
    /* A channel in another language also takes its own words (UTF-8 letters). */
    bool letter = (*body >= 'a' && *body <= 'z') || (*body >= 'A' && *body <= 'Z') ||
                  ((unsigned char)*body >= 0xc2 && (unsigned char)*body <= 0xf4 && channel &&
                   bot_language(b, channel) != LANG_EN);
    if (channel && !letter)
        return;
    bot_command(b, channel, from, body, channel == NULL, now_ms);
}
