/* The leaderboard and a player's record: !top [N] and !stats [NICK]. In a channel the answer
 * is public (at most two lines), unless the channel saw one a moment ago: then it goes to the
 * one asking, so that nobody can fill the channel with them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/utf8.h"

#define TOP_DEFAULT 5
/* Room kept in a line for the header; the rest takes entries until the next would not fit. */
#define TOP_LINE_MAX (RENDER_LINE_MAX - 1)

/* Send the answer lines: to the channel when may_show allows, else to the caller. */
static void answer(struct cmd_call *c, const char *what, char lines[][RENDER_LINE_MAX], int n)
{
    bool public = !c->in_private && !c->drawing && c->channel && c->host->may_show &&
                  c->host->may_show(c->host->ctx, c->channel, what);
    /* Privately under a key, as a display: a fixed form never joins another reply's line. A
     * record is keyed by the one it is of, so that asking about several answers each. */
    char key[80];
    snprintf(key, sizeof key, "%s %s", what, c->argc ? c->argv[0] : "");
    for (int i = 0; i < n; i++) {
        if (public)
            c->host->say(c->host->ctx, c->channel, lines[i]);
        else
            c->host->reply_keyed(c->host->ctx, lines[i], key);
    }
}

static void no_records(struct cmd_call *c, int rc)
{
    cmd_replyf(c, tr(c->lang, MSG_REC_UNREADABLE), i18n_strerror(c->lang, rc));
}

/* A count of digits only; any larger than 9999 reads as 9999 (it is capped anyway). */
static int parse_count(const char *s)
{
    if (!*s)
        return -1;
    int n = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        n = n < 1000 ? n * 10 + (*s - '0') : 9999;
    }
    return n;
}

static int exec_top(struct cmd_call *c)
{
    int n = TOP_DEFAULT, arg = 0;
    /* "!top bots [N]": the computer players' levels, apart from people. */
    bool robots =
        c->argc > 0 && (strcasecmp(c->argv[0], "bots") == 0 || strcasecmp(c->argv[0], "bot") == 0);
    arg += robots;
    if (c->argc > arg + 1 || (c->argc == arg + 1 && (n = parse_count(c->argv[arg])) < 1)) {
        cmd_replyf(c, tr(c->lang, MSG_REC_TOP_USAGE), c->prefix, SESSION_TOP_MAX);
        return BW_E(PARSE);
    }
    if (n > SESSION_TOP_MAX)
        n = SESSION_TOP_MAX;
    struct session_rank rows[SESSION_TOP_MAX];
    int got = c->host->top ? c->host->top(c->host->ctx, n, robots, rows) : BW_E(IO);
    if (got < 0) {
        no_records(c, got);
        return got;
    }
    char head[SESSION_CHAN_MAX + 16];
    snprintf(head, sizeof head, "%s%s%s%s%s:", c->channel ? c->channel : "", c->channel ? " " : "",
             tr(c->lang, MSG_REC_TOP_WORD), robots ? " " : "",
             robots ? tr(c->lang, MSG_REC_TOP_BOTS) : "");
    char lines[2][RENDER_LINE_MAX];
    int nl = 1;
    size_t len = (size_t)snprintf(lines[0], sizeof lines[0], "%s", head);
    if (got == 0)
        snprintf(lines[0] + len, sizeof lines[0] - len, "%s", tr(c->lang, MSG_REC_TOP_NONE));
    for (int i = 0; i < got; i++) {
        char nick[SESSION_NICK_MAX + 1], entry[SESSION_NICK_MAX + 160];
        utf8_sanitize_into(nick, sizeof nick, rows[i].nick, strlen(rows[i].nick));
        int m = (int)i18n_format(c->lang, entry, sizeof entry, MSG_REC_TOP_ENTRY, i + 1, nick,
                                 rows[i].rating, rows[i].games, rows[i].wins);
        if (len + (size_t)m > TOP_LINE_MAX) {
            if (nl == 2)
                break; /* two lines at most: the rest is left out */
            len = (size_t)snprintf(lines[nl++], sizeof lines[0], "%s", head);
        }
        memcpy(lines[nl - 1] + len, entry, (size_t)m + 1);
        len += (size_t)m;
    }
    answer(c, "top", lines, nl);
    return BW_OK;
}

static int exec_stats(struct cmd_call *c)
{
    const char *asked = c->argc ? c->argv[0] : c->nick;
    char nick[SESSION_NICK_MAX + 1], identity[SESSION_IDENTITY_MAX + 1];
    utf8_sanitize_into(nick, sizeof nick, asked, strlen(asked));
    const char *id = NULL;
    int seat = c->s && c->argc ? session_seat_of_nick(c->s, asked) : -1;
    if (!c->argc || strcasecmp(asked, c->nick) == 0) {
        /* Oneself: by who the server says one is. */
        char userhost[2 * SESSION_ID_MAX + 2] = "";
        if (c->who.user && c->who.host)
            snprintf(userhost, sizeof userhost, "%s@%s", c->who.user, c->who.host);
        session_identity(c->who.account, c->who.nick, userhost, identity, sizeof identity);
        id = identity;
    } else if (seat >= 0) {
        /* A player here: by the seat, whoever else uses the nick elsewhere. */
        const struct session_seat *st = &c->s->seat[seat];
        session_identity(st->account, st->nick, st->userhost, identity, sizeof identity);
        id = identity;
    }
    struct session_rank r;
    int rc = c->host->stats ? c->host->stats(c->host->ctx, id, asked, &r) : BW_E(IO);
    char lines[1][RENDER_LINE_MAX];
    if (rc == BW_E(NOT_FOUND)) {
        i18n_format(c->lang, lines[0], sizeof lines[0], MSG_REC_NO_GAMES, nick);
    } else if (rc) {
        no_records(c, rc);
        return rc;
    } else {
        i18n_format(c->lang, lines[0], sizeof lines[0], MSG_REC_STATS, nick, r.rating, r.games,
                    r.wins, r.win_percent, r.best_points);
    }
    answer(c, "stats", lines, 1);
    return BW_OK;
}

const struct cmd_entry cmd_top = {
    "top",
    {NULL},
    "[bots] [N]",
    "the leaderboard: the N best ratings on this network (5; at most 10); bots: the computer "
    "players'",
    0,
    2,
    CMD_ANYONE,
    CMD_ANYWHERE,
    0,
    exec_top,
};
const struct cmd_entry cmd_stats = {
    "stats", {NULL},     "[NICK]",   "a player's record: rating, games, wins, best score",
    0,       1,          CMD_ANYONE, CMD_ANYWHERE,
    0,       exec_stats,
};
