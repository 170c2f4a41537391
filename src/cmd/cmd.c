#include "cmd/cmd.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/utf8.h"

const struct cmd_entry *const cmd_table[] = {
    &cmd_new,     &cmd_join,    &cmd_leave,  &cmd_start,    &cmd_stop,      &cmd_board,
    &cmd_status,  &cmd_hand,    &cmd_spots,  &cmd_roll,     &cmd_build,     &cmd_road,
    &cmd_settle,  &cmd_city,    &cmd_map,    &cmd_variant,  &cmd_expansion, &cmd_rules,
    &cmd_lang,    &cmd_move,    &cmd_pirate, &cmd_buy,      &cmd_attack,    &cmd_knight,
    &cmd_improve, &cmd_wall,    &cmd_play,   &cmd_progress, &cmd_choose,    &cmd_give,
    &cmd_take,    &cmd_neutral, &cmd_token,  &cmd_wonder,   &cmd_robber,    &cmd_discard,
    &cmd_gold,    &cmd_trade,   &cmd_bank,   &cmd_end,      &cmd_help,      &cmd_top,
    &cmd_stats,   &cmd_dice,    &cmd_corner, &cmd_addbot,   &cmd_removebot, &cmd_kick,
    &cmd_games,   &cmd_part,    &cmd_reload, &cmd_save,     &cmd_backup,    &cmd_release,
    NULL,
};

#define CMD_NAMES_MAX 128

/* cmd_find, telling an unknown word (BW_E(PARSE)) from an ambiguous one in *err. */
static const struct cmd_entry *find_entry(const char *word, char *msg, size_t msglen, int *err)
{
    struct words_name names[CMD_NAMES_MAX + 1];
    int n = 0;
    for (int i = 0; cmd_table[i]; i++) {
        names[n++] = (struct words_name){cmd_table[i]->name, i};
        for (int k = 0; cmd_table[i]->aliases[k]; k++)
            names[n++] = (struct words_name){cmd_table[i]->aliases[k], i};
    }
    names[n] = (struct words_name){NULL, 0};
    int i = words_lookup(word, names, "command", msg, msglen);
    *err = i < 0 ? i : BW_OK;
    return i >= 0 ? cmd_table[i] : NULL;
}

const struct cmd_entry *cmd_find(const char *word, char *msg, size_t msglen)
{
    int err;
    return find_entry(word, msg, msglen, &err);
}

/* In a right-to-left language (i18n_rtl), fmt with the output of each conversion isolated
 * (i18n_isolate), so that nicks, channels, numbers and commands keep their order; else fmt. */
static const char *isolated(const struct cmd_call *c, const char *fmt, char *out, size_t size)
{
    if (!i18n_rtl(c->lang) || strcmp(fmt, "%s") == 0)
        return fmt; /* "%s": a whole line, made elsewhere */
    return i18n_isolate(fmt, out, size);
}

void cmd_replyf(struct cmd_call *c, const char *fmt, ...)
{
    char buf[RENDER_LINE_MAX], iso[2 * RENDER_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, isolated(c, fmt, iso, sizeof iso), ap);
    va_end(ap);
    c->host->reply(c->host->ctx, buf);
}

void cmd_announcef(struct cmd_call *c, const char *fmt, ...)
{
    char buf[RENDER_LINE_MAX], iso[2 * RENDER_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, isolated(c, fmt, iso, sizeof iso), ap);
    va_end(ap);
    if (c->s)
        c->host->line(c->host->ctx, c->s, RENDER_PUBLIC, buf, NULL);
    else if (c->host->say && c->channel)
        c->host->say(c->host->ctx, c->channel, buf); /* about no game */
}

int cmd_usage(struct cmd_call *c)
{
    const struct cmd_entry *e = c->cmd;
    char line[RENDER_LINE_MAX];
    snprintf(line, sizeof line, "%s%s%s%s", c->prefix, e->name, e->usage[0] ? " " : "", e->usage);
    cmd_replyf(c, tr(c->lang, MSG_CMD_USAGE), line);
    return BW_E(PARSE);
}

static bool has_bit(const uint64_t *set, int i)
{
    return set[i >> 6] >> (i & 63) & 1;
}

/* A refusal because a place is of the wrong kind for the piece, said with the place named
 * ("7-13 has no sea beside it; a road goes there"): the side of a that does not take its
 * piece, or its corner. Returns whether it replied. */
static bool explain_place(struct cmd_call *c, const struct game_action *a, int err)
{
    if (err != BW_E(NO_SEA) && err != BW_E(NO_LAND) && err != BW_E(SEA_CORNER) &&
        err != BW_E(IN_FOG))
        return false;
    const struct game *g = &c->s->game;
    const struct board_geo *geo = game_geo(g);
    if (a->type == ACT_BUILD_SETTLEMENT) {
        if (a->a < 0 || a->a >= geo->n_vertices)
            return false;
        cmd_replyf(c, tr(c->lang, err == BW_E(IN_FOG) ? MSG_PLAY_CORNER_FOG : MSG_PLAY_CORNER_SEA),
                   a->a + 1);
        return true;
    }
    /* The sides of the action and whether each is for a ship; the first that does not take
     * its piece is the one refused. */
    int sides[2] = {a->a, -1};
    bool ship[2] = {a->type == ACT_BUILD_SHIP, false};
    if (a->type == ACT_MOVE_SHIP) {
        sides[0] = a->b;
        ship[0] = true;
    } else if (a->type == ACT_PLAY_ROADS) {
        sides[1] = a->b;
        ship[0] = a->ships & PIECE_SHIP_1;
        ship[1] = a->ships & PIECE_SHIP_2;
    } else if (a->type != ACT_BUILD_ROAD && a->type != ACT_BUILD_SHIP) {
        return false;
    }
    for (int k = 0; k < 2; k++) {
        int e = sides[k];
        if (e < 0 || e >= geo->n_edges || has_bit(ship[k] ? g->edge_sea : g->edge_land, e))
            continue;
        char name[16];
        snprintf(name, sizeof name, "%d-%d", geo->edge_vertex[e][0] + 1,
                 geo->edge_vertex[e][1] + 1);
        int msg = has_bit(ship[k] ? g->edge_land : g->edge_sea, e)
                      ? (ship[k] ? MSG_PLAY_SIDE_NO_SEA : MSG_PLAY_SIDE_NO_LAND)
                      : MSG_PLAY_SIDE_FOG;
        cmd_replyf(c, tr(c->lang, msg), name);
        return true;
    }
    return false;
}

int cmd_act(struct cmd_call *c, struct game_action *a)
{
    char msg[200] = "";
    a->player = (int8_t)c->seat;
    int err = c->host->act(c->host->ctx, c->s, a, msg, sizeof msg);
    if (err && !explain_place(c, a, err) && !cmd_explain_pending(c, err))
        cmd_replyf(c, "%s", msg[0] ? msg : bw_strerror(err));
    return err;
}

int cmd_seat_arg(struct cmd_call *c, const char *nick)
{
    int seat = c->s ? session_seat_of_nick(c->s, nick) : -1;
    if (seat < 0) {
        char clean[SESSION_NICK_MAX + 1];
        utf8_sanitize_into(clean, sizeof clean, nick, strlen(nick));
        cmd_replyf(c, tr(c->lang, MSG_CMD_NOT_PLAYING_NICK), clean);
        return BW_E(NOT_PLAYING);
    }
    return seat;
}

int cmd_not_seated(struct cmd_call *c)
{
    if (c->seat_taken && c->channel)
        cmd_replyf(c, tr(c->lang, MSG_CMD_SEAT_TAKEN), c->nick, c->channel);
    else if (c->seat_taken)
        cmd_replyf(c, tr(c->lang, MSG_CMD_SEAT_TAKEN_GAME), c->nick);
    else if (c->channel)
        cmd_replyf(c, tr(c->lang, MSG_CMD_NOT_PLAYING), c->channel);
    else
        cmd_replyf(c, "%s", tr(c->lang, MSG_CMD_NOT_PLAYING_GAME));
    return BW_E(NOT_PLAYING);
}

static bool allowed(struct cmd_call *c)
{
    const struct cmd_entry *e = c->cmd;
    if (c->in_private && !(e->where & CMD_IN_PRIVATE)) {
        char word[64];
        snprintf(word, sizeof word, "%s%s", c->prefix, e->name);
        cmd_replyf(c, tr(c->lang, MSG_CMD_CHANNEL_ONLY), word);
        return false;
    }
    if (!c->in_private && !(e->where & CMD_IN_CHANNEL)) {
        cmd_replyf(c, tr(c->lang, MSG_CMD_PRIVATE_ONLY), e->name);
        return false;
    }
    if (e->who == CMD_ADMIN && !c->is_admin) {
        cmd_replyf(c, tr(c->lang, MSG_CMD_ADMINS_ONLY), e->name);
        return false;
    }
    if (e->flags & (CMD_F_SESSION | CMD_F_GAME)) {
        if (!c->channel) {
            cmd_replyf(c, tr(c->lang, MSG_CMD_WHICH_GAME), e->name);
            return false;
        }
        if (!c->s && c->unreadable && !(e == &cmd_stop && c->is_admin)) {
            cmd_replyf(c, tr(c->lang, MSG_LOBBY_UNREADABLE), c->channel, c->unreadable, c->prefix);
            return false;
        }
        if (!c->s && !c->unreadable) {
            cmd_replyf(c, tr(c->lang, MSG_CMD_NO_GAME), c->channel, c->prefix);
            return false;
        }
        if (c->s && c->s->paused && !(e->flags & CMD_F_PAUSED)) {
            int key = !c->store_down  ? MSG_CMD_PAUSED
                      : c->store_away ? MSG_CMD_STORE_UNREACHABLE
                                      : MSG_CMD_STORE_PAUSED;
            cmd_replyf(c, tr(c->lang, key), c->channel);
            return false;
        }
    }
    if ((e->flags & CMD_F_GAME) && c->s->state != SESSION_PLAYING) {
        cmd_replyf(
            c, "%s",
            tr(c->lang, c->s->state == SESSION_LOBBY ? MSG_CMD_NOT_STARTED : MSG_CMD_GAME_OVER));
        return false;
    }
    if ((e->who == CMD_SEATED || e->who == CMD_CURRENT) && c->seat < 0) {
        cmd_not_seated(c);
        return false;
    }
    if (e->who == CMD_CURRENT && c->s->state == SESSION_PLAYING &&
        !(game_waiting_for(&c->s->game) & (1u << c->seat))) {
        char why[RENDER_LINE_MAX];
        cmd_whose_move(c, why, sizeof why);
        cmd_replyf(c, "%s", why);
        return false;
    }
    return true;
}

static int run_in_language(struct cmd_call *c, char *text);

int cmd_run(struct cmd_call *c, char *text)
{
    int before = i18n_use(c->lang);
    int rc = run_in_language(c, text);
    i18n_use(before);
    return rc;
}

static int run_in_language(struct cmd_call *c, char *text)
{
    char *argv[CMD_ARGS_MAX + 1];
    char msg[200];
    int argc = words_tokenize(text, argv, CMD_ARGS_MAX + 1);
    bool too_many = argc < 0;
    if (too_many)
        argc = CMD_ARGS_MAX + 1;
    if (argc == 0)
        return BW_E(PARSE);
    /* A computer player's name copied with its mark ("Ada (bot)") is one word. */
    for (int i = 1; i < argc; i++)
        if (strcasecmp(argv[i], "(bot)") == 0 && argv[i - 1] + strlen(argv[i - 1]) + 1 == argv[i]) {
            argv[i][-1] = ' ';
            memmove(&argv[i], &argv[i + 1], (size_t)(argc - i - 1) * sizeof argv[0]);
            argc--;
            i--;
        }
    /* A command in the channel's language stands for its English one. */
    char canon[16];
    const char *alias = words_command_alias(argv[0]);
    if (alias) {
        snprintf(canon, sizeof canon, "%s", alias);
        argv[0] = canon;
    }
    int err;
    const struct cmd_entry *e = find_entry(argv[0], msg, sizeof msg, &err);
    if (!e && err == BW_E(AMBIGUOUS)) {
        cmd_replyf(c, tr(c->lang, MSG_CMD_AMBIGUOUS), msg, c->prefix);
        return BW_E(NOT_FOUND);
    }
    if (!e) {
        char word[83];
        size_t n = strlen(argv[0]), keep = utf8_truncate(argv[0], n, 24);
        utf8_sanitize_into(word, sizeof word - 3, argv[0], keep);
        if (keep < n)
            strcat(word, "...");
        cmd_replyf(c, tr(c->lang, MSG_CMD_UNKNOWN), word, c->prefix);
        return BW_E(NOT_FOUND);
    }
    /* An admin's private "status" without a channel first is the bot's own status. */
    if (e == &cmd_status && c->in_private && c->is_admin && !c->channel_named)
        e = &cmd_status_admin;
    c->cmd = e;
    if (!allowed(c))
        return BW_E(DENIED);
    if (too_many || argc - 1 < e->min_args || (e->max_args >= 0 && argc - 1 > e->max_args))
        return cmd_usage(c);
    c->argc = argc - 1;
    c->argv = argv + 1;
    return e->exec(c);
}

bool cmd_glob(const char *p, const char *t)
{
    const char *star = NULL, *back = NULL;
    while (*t) {
        if (*p == '*') {
            star = p++;
            back = t;
        } else if (*p == '?' || (*p && tolower((unsigned char)*p) == tolower((unsigned char)*t))) {
            p++;
            t++;
        } else if (star) {
            p = star + 1;
            t = ++back;
        } else {
            return false;
        }
    }
    while (*p == '*')
        p++;
    return *p == '\0';
}

bool cmd_is_admin(const struct session_who *who, char *const *admins, size_t n)
{
    /* A mask is matched against the whole nick!user@host: one too long for the buffer (longer
     * than any IRC line) matches no mask, since a cut one could end like a trusted host. */
    char mask[1024];
    int len = snprintf(mask, sizeof mask, "%s!%s@%s", who->nick, who->user ? who->user : "",
                       who->host ? who->host : "");
    bool whole = len >= 0 && (size_t)len < sizeof mask;
    for (size_t i = 0; i < n; i++) {
        const char *a = admins[i];
        if (strncasecmp(a, "account:", 8) == 0) {
            if (who->account && strcasecmp(who->account, a + 8) == 0)
                return true;
        } else if (who->user && who->host && whole && cmd_glob(a, mask)) {
            return true;
        }
    }
    return false;
}
