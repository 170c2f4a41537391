/* libFuzzer target: the bot layer under arbitrary IRC events.
 *
 * The input is a script of events from a handful of users (two of whom share a nick at
 * different times, one with a nick too long to keep, one logged in to an account): messages
 * in the channel and in private, joins, parts, kicks, quits, nick changes, account changes,
 * WHO replies, the bot's own disconnects and rejoins, and the clock. Every line the bot sends
 * goes through the real output queue. Checked for every line: no CR, LF or NUL; at most 512
 * bytes on the wire; hidden information (a hand, spots, the development card one bought, the
 * card one stole or had stolen; recognised by the words of those lines in every language)
 * never in a channel, and in private only to a nick that is the seat's person: confirmed in
 * the channel by the member table the IRC layer would keep, or the very person commanding at
 * that moment. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/bot.h"
#include "i18n/i18n.h"
#include "irc/conn.h"
#include "irc/queue.h"
#include "session/session.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHAN "#f"
#define USERS 6

struct user {
    const char *nick, *user, *host, *account;
};

/* mallory uses alice's nick from another host; the last one's nick is too long to keep. */
static const struct user users[USERS] = {
    {"alice", "al", "a.example", "alice"},
    {"bob", "bo", "b.example", NULL},
    {"carol", "ca", "c.example", NULL},
    {"alice", "mal", "evil.example", NULL},
    {"dave", "da", "d.example", "dave"},
    {"lllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllong", "lo",
     "l.example", NULL},
};

static struct state {
    struct bot *b;
    bool in_chan[USERS]; /* the member table: who is in CHAN under their nick now */
    char nick[USERS][80];
    const struct user *speaker; /* the user whose message is being handled */
    char speaker_nick[80];
    struct ircb_queue q;
} st;

static void die(const char *why, const char *target, const char *text)
{
    fprintf(stderr, "fuzz_bot: %s: to %s: %s\n", why, target, text);
    abort();
}

/* Whether target may see the hidden information of a seat in chan. */
static bool may_see(const char *target, const char *text)
{
    const struct session *s = bot_session(st.b, CHAN);
    if (!s || strncmp(text, CHAN " ", strlen(CHAN) + 1) != 0)
        return false;
    int seat = session_seat_of_nick(s, target);
    if (seat < 0)
        return false;
    for (int u = 0; u < USERS; u++) {
        bool speaking = st.speaker == &users[u] && strcasecmp(st.speaker_nick, target) == 0;
        bool member = st.in_chan[u] && strcasecmp(st.nick[u], target) == 0;
        if (!speaking && !member)
            continue;
        struct session_who w = {target, users[u].user, users[u].host, users[u].account, false};
        if (session_seat_is(s, seat, &w))
            return true;
    }
    return false;
}

/* The words that mark a line as hidden information, in every language: the hand's and the
 * spots' "WORD: " after the channel, and the longest fixed part of the private bought and
 * steal lines ("you bought a development card: ", "you stole 1 ", " stole 1 "). */
#define HIDDEN_KINDS 5
static char hidden_marks[LANG_COUNT * HIDDEN_KINDS][128];

/* The longest text between the conversions of a printf format. */
static void longest_literal(const char *fmt, char *out, size_t size)
{
    size_t best = 0;
    const char *best_at = fmt;
    const char *p = fmt;
    while (*p) {
        const char *start = p;
        while (*p && *p != '%')
            p++;
        if ((size_t)(p - start) > best) {
            best = (size_t)(p - start);
            best_at = start;
        }
        if (*p == '%') {
            p++;
            while (*p && strchr("0123456789$.-+ lh", *p))
                p++;
            if (*p)
                p++;
        }
    }
    snprintf(out, size, "%.*s", (int)best, best_at);
}

static void hidden_marks_init(void)
{
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        char(*m)[128] = &hidden_marks[lang * HIDDEN_KINDS];
        snprintf(m[0], sizeof m[0], " %s: ", tr(lang, MSG_TXT_HAND));
        snprintf(m[1], sizeof m[1], " %s: ", tr(lang, MSG_TXT_SPOTS));
        longest_literal(tr(lang, MSG_EV_YOU_BOUGHT), m[2], sizeof m[2]);
        longest_literal(tr(lang, MSG_EV_YOU_STOLE), m[3], sizeof m[3]);
        longest_literal(tr(lang, MSG_EV_STOLE_FROM_YOU), m[4], sizeof m[4]);
        for (int k = 0; k < HIDDEN_KINDS; k++)
            if (strlen(m[k]) < 5) {
                fprintf(stderr, "fuzz_bot: no words to tell hidden lines by: %d/%d\n", lang, k);
                abort();
            }
    }
}

static bool is_hidden(const char *text)
{
    /* A mark counts where a word starts: inside a word it is part of something a user typed
     * (a nick "Adaسرقت" in "Adaسرقت is not playing here"). */
    for (size_t k = 0; k < sizeof hidden_marks / sizeof hidden_marks[0]; k++)
        for (const char *at = text; (at = strstr(at, hidden_marks[k])) != NULL; at++)
            if (at == text || at[-1] == ' ' || hidden_marks[k][0] == ' ')
                return true;
    return false;
}

static void out_send(void *ctx, const char *target, const char *text, unsigned flags,
                     const char *key)
{
    if (strpbrk(target, "\r\n") || strpbrk(text, "\r\n"))
        die("CR or LF", target, text);
    bool hidden = is_hidden(text);
    if (target[0] == '#') {
        if (hidden)
            die("hidden information in a channel", target, text);
    } else if (hidden && !may_see(target, text)) {
        die("hidden information to someone else", target, text);
    }
    /* What the wire would carry: each piece fits in 512 bytes with a long prefix. */
    size_t room =
        512 - 2 - strlen(":brickwood!brickwood@") - 63 - strlen(" PRIVMSG  :") - strlen(target);
    ircb_conn_queue(&st.q, IRCB_PRIVMSG, target, text, flags, key, room);
    const struct ircb_line *l;
    while ((l = ircb_queue_peek(&st.q, 0))) {
        if (strlen(l->text) > room || strpbrk(l->text, "\r\n"))
            die("a wire line too long", l->target, l->text);
        ircb_queue_sent(&st.q, 0);
    }
}

static bool out_member(void *ctx, const char *channel, const char *nick, struct bw_identity *id)
{
    if (strcasecmp(channel, CHAN) != 0)
        return false;
    for (int u = 0; u < USERS; u++)
        if (st.in_chan[u] && strcasecmp(st.nick[u], nick) == 0) {
            *id = (struct bw_identity){st.nick[u],       users[u].user, users[u].host,
                                       users[u].account, true,          false};
            return true;
        }
    return false;
}

static void fresh(void)
{
    static char *admins[] = {"account:dave"};
    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "!", .admins = admins, .admin_count = 1};
    struct config_game cg = {3, 6, 10, 60, 2, 100, 0, false};
    struct bw_out out = {.send = out_send, .member = out_member};
    memset(st.in_chan, 0, sizeof st.in_chan);
    for (int u = 0; u < USERS; u++)
        snprintf(st.nick[u], sizeof st.nick[u], "%s", users[u].nick);
    ircb_queue_init(&st.q, 100, 0);
    st.b = bot_new(&net, &cb, &cg, &out, 7);
    bot_set_repeatable(st.b, true); /* an input plays the same game every time */
    struct bw_identity me = {"brickwood", "b", "bot.example", NULL, true, false};
    bot_on_join(st.b, CHAN, &me, 0);
}

/* Nobody else may hold a nick that someone in the channel holds. */
static bool nick_free(int u, const char *nick)
{
    for (int k = 0; k < USERS; k++)
        if (k != u && st.in_chan[k] && strcasecmp(st.nick[k], nick) == 0)
            return false;
    return true;
}

static struct bw_identity id_of(int u)
{
    return (struct bw_identity){st.nick[u],    users[u].user,
                                users[u].host, st.in_chan[u] ? users[u].account : NULL,
                                st.in_chan[u], false};
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool once;
    if (!once) {
        log_set_level(LOG_LEVEL_ERROR);
        hidden_marks_init();
        once = true;
    }
    fresh();
    int64_t now = 1000;
    size_t i = 0;
    while (i + 2 <= size) {
        uint8_t op = data[i] % 12, who = data[i + 1] % USERS;
        i += 2;
        /* The text runs to the next NUL or the end. */
        size_t end = i;
        while (end < size && data[end] != 0)
            end++;
        char text[600];
        size_t n = end - i < sizeof text - 1 ? end - i : sizeof text - 1;
        memcpy(text, data + i, n);
        text[n] = 0;
        i = end + 1;
        now += 700;
        struct bw_identity id = id_of((int)who);
        switch (op) {
        case 0: /* a channel line; often a command */
        case 1: {
            if (!st.in_chan[who])
                break;
            char line[620];
            snprintf(line, sizeof line, "%s%s", op == 0 ? "!" : "", text);
            st.speaker = &users[who];
            snprintf(st.speaker_nick, sizeof st.speaker_nick, "%s", st.nick[who]);
            bot_on_message(st.b, CHAN, &id, line, now);
            st.speaker = NULL;
            break;
        }
        case 2: /* a private line */
            st.speaker = &users[who];
            snprintf(st.speaker_nick, sizeof st.speaker_nick, "%s", st.nick[who]);
            if (nick_free(who, st.nick[who]))
                bot_on_message(st.b, NULL, &id, text, now);
            st.speaker = NULL;
            break;
        case 3: /* join */
            if (st.in_chan[who] || !nick_free(who, st.nick[who]))
                break;
            st.in_chan[who] = true;
            id = id_of(who);
            bot_on_join(st.b, CHAN, &id, now);
            break;
        case 4: /* part */
            if (!st.in_chan[who])
                break;
            bot_on_part(st.b, CHAN, &id, now);
            st.in_chan[who] = false;
            break;
        case 5: /* kick */
            if (!st.in_chan[who])
                break;
            bot_on_kick(st.b, CHAN, st.nick[who], now);
            st.in_chan[who] = false;
            break;
        case 6: /* quit (seen only while in the channel) */
            if (st.in_chan[who])
                bot_on_quit(st.b, &id, now);
            st.in_chan[who] = false;
            snprintf(st.nick[who], sizeof st.nick[who], "%s", users[who].nick);
            break;
        case 7: { /* nick change to one of the known nicks or the text */
            const char *to = n && n < 70 ? text : users[(who + 1) % USERS].nick;
            if (!*to || strpbrk(to, " \x01") || !nick_free(who, to))
                break;
            if (st.in_chan[who])
                bot_on_nick(st.b, &id, to, now);
            snprintf(st.nick[who], sizeof st.nick[who], "%s", to);
            break;
        }
        case 8: /* account-notify (for those who have one) */
            if (st.in_chan[who])
                bot_on_account(st.b, st.nick[who], users[who].account, now);
            break;
        case 9: /* a WHO reply about a member */
            if (st.in_chan[who])
                bot_on_member(st.b, CHAN, &id, now);
            break;
        case 10: { /* the bot loses the server and comes back */
            bot_on_disconnect(st.b, now);
            struct bw_identity me = {"brickwood", "b", "bot.example", NULL, true, false};
            now += 10000;
            bot_on_join(st.b, CHAN, &me, now);
            for (int u = 0; u < USERS; u++)
                if (st.in_chan[u]) {
                    struct bw_identity m = id_of(u);
                    bot_on_member(st.b, CHAN, &m, now);
                }
            bot_on_members_known(st.b, CHAN, now);
            break;
        }
        default: /* time passes: timers run */
            now += 1000 * (int64_t)(text[0] & 0x7f);
            bot_tick(st.b, now);
            break;
        }
    }
    bot_free(st.b);
    ircb_queue_fini(&st.q);
    return 0;
}
