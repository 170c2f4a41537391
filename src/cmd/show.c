/* Commands that show things: board, status, hand, spots, help. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/url.h"

/* The board drawing goes out at most this often per channel. */
#define CMD_BOARD_INTERVAL_MS 10000
/* A status or board text shown in a channel less than this long ago is still on everyone's
 * screen: asked for again, it goes privately to the one asking, so that nobody can fill the
 * channel (and hold up the game's own lines) by asking every second. */
#define CMD_REPEAT_MS 15000

void cmd_style(const struct cmd_call *c, struct render_style *st)
{
    const char *nicks[GAME_MAX_PLAYERS];
    for (int i = 0; i < c->s->n_seats; i++)
        nicks[i] = c->s->seat[i].nick;
    render_style_init(st, c->s->channel, nicks, c->s->n_seats, c->color);
    st->lang = c->lang;
    render_style_prefix(st, c->prefix);
    render_style_neutrals(st, &c->s->game);
}

void cmd_whose_move(const struct cmd_call *c, char *buf, size_t size)
{
    struct render_style st;
    char hint[RENDER_LINE_MAX];
    cmd_style(c, &st);
    session_whose_move_in(c->s, c->seat, c->lang, buf, size);
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s", render_move_hint(&c->s->game, &st, hint, sizeof hint));
}

/* Render output for a command: public lines go to the channel when the command came from
 * there and to the caller when it came in private (or repeats what the channel saw a moment
 * ago); seat lines go to that seat. Every line carries key, so that a newer display replaces
 * one still queued. */
struct show_ctx {
    struct cmd_call *c;
    const char *key;
    bool to_caller;
};

static void show_line(void *ctx, int to, const char *text)
{
    struct show_ctx *sc = ctx;
    const struct cmd_host *h = sc->c->host;
    if (to == RENDER_PUBLIC && sc->to_caller)
        h->reply_keyed(h->ctx, text, sc->key);
    else
        h->line(h->ctx, sc->c->s, to, text, sc->key);
}

/* Whether something shown at shown_ms (INT64_MIN: never) was shown less than interval_ms ago.
 * A time ahead of now (a game restored from another process's clock) counts as long ago. */
static bool shown_within(int64_t shown_ms, int64_t now_ms, int64_t interval_ms)
{
    return shown_ms != INT64_MIN && shown_ms <= now_ms && now_ms - shown_ms < interval_ms;
}

/* Whether a display asked for in the channel goes to the caller instead: in private, while the
 * channel is shown the board at the start of the game, or when the channel saw it less than
 * CMD_REPEAT_MS ago (*shown_ms, updated when it goes public). */
static bool to_caller(const struct cmd_call *c, int64_t *shown_ms)
{
    if (c->in_private || c->drawing)
        return true;
    if (shown_within(*shown_ms, c->now_ms, CMD_REPEAT_MS))
        return true;
    *shown_ms = c->now_ms;
    return false;
}

/* The house rules' line after a status or board text, when they are not all the rule book's. */
static void show_rules(const struct cmd_call *c, const struct render_sink *sink)
{
    if (!session_rules_house(c->s))
        return;
    char line[RENDER_LINE_MAX];
    cmd_rules_line(c, line, sizeof line);
    sink->line(sink->ctx, RENDER_PUBLIC, line);
}

static int exec_board(struct cmd_call *c)
{
    struct render_style st;
    struct show_ctx sc = {c, "board", c->in_private};
    struct render_sink sink = {show_line, &sc};
    cmd_style(c, &st);
    if (c->argc == 1 && strncasecmp(c->argv[0], "web", strlen(c->argv[0])) == 0)
        return cmd_web_address(c, true);
    if (c->argc == 1) {
        if (strncasecmp(c->argv[0], "text", strlen(c->argv[0])) != 0)
            return cmd_usage(c);
        sc.key = "board text";
        sc.to_caller = to_caller(c, &c->s->board_text_ms);
        render_board_text(&c->s->game, &st, &sink);
        show_rules(c, &sink);
        return BW_OK;
    }
    if (!c->in_private) {
        if (c->drawing || shown_within(c->s->board_ms, c->now_ms, CMD_BOARD_INTERVAL_MS)) {
            cmd_replyf(c, tr(c->lang, MSG_SHOW_BOARD_RECENT), c->prefix);
            return BW_E(LIMIT);
        }
        c->s->board_ms = c->now_ms;
    }
    render_board(&c->s->game, &st, &sink);
    return BW_OK;
}

int cmd_web_address(struct cmd_call *c, bool asked)
{
    if (!c->web_url) {
        if (asked)
            cmd_replyf(c, "%s", tr(c->lang, MSG_SHOW_WEB_OFF));
        return asked ? BW_E(NOT_FOUND) : BW_OK;
    }
    if (c->web_hidden) {
        /* Its page would answer 404: asked, say why there is none; at the start, nothing. */
        if (asked)
            cmd_replyf(c, tr(c->lang, MSG_SHOW_WEB_HIDDEN), c->s->channel);
        return asked ? BW_E(NOT_FOUND) : BW_OK;
    }
    char path[400];
    url_game_path(c->network ? c->network : "", c->s->channel, path, sizeof path);
    /* Asked in the channel, the channel sees it, unless it did a moment ago (then the one
     * asking does: nobody fills the channel by asking again and again). */
    if (asked && to_caller(c, &c->s->web_ms))
        cmd_replyf(c, tr(c->lang, MSG_SHOW_WEB), c->s->channel, c->web_url, path);
    else
        cmd_announcef(c, tr(c->lang, MSG_SHOW_WEB), c->s->channel, c->web_url, path);
    if (!asked)
        c->s->web_ms = c->now_ms;
    return BW_OK;
}

void cmd_show_board(struct cmd_call *c)
{
    struct render_style st;
    struct show_ctx sc = {c, CMD_KEY_START_BOARD, false};
    struct render_sink sink = {show_line, &sc};
    cmd_style(c, &st);
    c->s->board_ms = c->now_ms;
    render_board(&c->s->game, &st, &sink);
}

/* A status for the caller alone, gathered into one text: one private line where the channel
 * would get three (the queue cuts it where it must), so that it leaves as soon as a reply. */
struct joined {
    char text[3 * RENDER_LINE_MAX];
    size_t len;
};

static void join_line(void *ctx, int to, const char *text)
{
    struct joined *j = ctx;
    int n = snprintf(j->text + j->len, sizeof j->text - j->len, "%s%s", j->len ? " · " : "", text);
    if (n > 0)
        j->len = (size_t)n >= sizeof j->text - j->len ? sizeof j->text - 1 : j->len + (size_t)n;
}

static int exec_status(struct cmd_call *c)
{
    struct render_style st;
    struct show_ctx sc = {c, "status", to_caller(c, &c->s->status_ms)};
    struct joined j = {.len = 0};
    struct render_sink sink = {show_line, &sc};
    if (sc.to_caller)
        sink = (struct render_sink){join_line, &j};
    char left[32];
    /* While the clocks stand still for the start drawing, the time they will have left. */
    int secs = session_turn_seconds_left(c->s, c->clock_ms);
    if (secs >= 0)
        snprintf(left, sizeof left, tr(c->lang, MSG_SHOW_TIME_LEFT), secs / 60, secs % 60);
    cmd_style(c, &st);
    render_status(&c->s->game, &st, secs >= 0 ? left : NULL, &sink);
    show_rules(c, &sink);
    if (sc.to_caller && j.len)
        c->host->reply_keyed(c->host->ctx, j.text, sc.key);
    return BW_OK;
}

/* The dice histogram of the game: in the channel at most once in a while, else privately. */
static int exec_dice(struct cmd_call *c)
{
    struct render_style st;
    bool public = !c->in_private && !c->drawing && c->host->may_show &&
                  c->host->may_show(c->host->ctx, c->s->channel, "dice");
    struct show_ctx sc = {c, "dice", !public};
    struct render_sink sink = {show_line, &sc};
    cmd_style(c, &st);
    render_dice(&st, c->s->rolls, &sink);
    return BW_OK;
}

/* About one corner, privately: its hexes, harbor, building, and whether the caller may build
 * there now (and if not, why). */
static int exec_corner(struct cmd_call *c)
{
    const struct board_geo *geo = board_geo(c->s->game.opt.board);
    char msg[160];
    int v = words_vertex(geo, c->argv[0], msg, sizeof msg);
    if (v < 0) {
        char line[64];
        snprintf(line, sizeof line, "%scorner %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return v;
    }
    struct render_style st;
    /* Unkeyed: each corner asked about is answered, a newer one never replaces an older. */
    struct show_ctx sc = {c, NULL, true};
    struct render_sink sink = {show_line, &sc};
    cmd_style(c, &st);
    render_corner(&c->s->game, &st, c->seat, v, &sink);
    return BW_OK;
}

static int exec_hand(struct cmd_call *c)
{
    struct render_style st;
    struct show_ctx sc = {c, "hand", c->in_private};
    struct render_sink sink = {show_line, &sc};
    cmd_style(c, &st);
    render_hand(&c->s->game, &st, c->seat, &sink);
    cmd_ask_prompt(c);
    return BW_OK;
}

/* Cities & Knights: the progress cards held, privately, with what each needs to be played. */
int cmd_progress_list(struct cmd_call *c)
{
    struct render_style st;
    struct show_ctx sc = {c, "progress", true};
    struct render_sink sink = {show_line, &sc};
    cmd_style(c, &st);
    render_progress(&c->s->game, &st, c->seat, &sink);
    cmd_ask_prompt(c);
    return BW_OK;
}

static const struct words_name spot_kinds[] = {
    {"road", RENDER_SPOT_ROAD},
    {"roads", RENDER_SPOT_ROAD},
    {"settlement", RENDER_SPOT_SETTLEMENT},
    {"settle", RENDER_SPOT_SETTLEMENT},
    {"city", RENDER_SPOT_CITY},
    {"cities", RENDER_SPOT_CITY},
    {NULL, 0},
};

/* On maps with sea: ships too (elsewhere a prefix "s" stays a settlement). */
static const struct words_name sea_spot_kinds[] = {
    {"road", RENDER_SPOT_ROAD},
    {"roads", RENDER_SPOT_ROAD},
    {"settlement", RENDER_SPOT_SETTLEMENT},
    {"settle", RENDER_SPOT_SETTLEMENT},
    {"city", RENDER_SPOT_CITY},
    {"cities", RENDER_SPOT_CITY},
    {"ship", RENDER_SPOT_SHIP},
    {"ships", RENDER_SPOT_SHIP},
    {NULL, 0},
};

static int exec_spots(struct cmd_call *c)
{
    unsigned kinds = RENDER_SPOT_ALL | RENDER_SPOT_SHORT;
    if (c->argc == 1) {
        char msg[160];
        bool sea = c->s->game.sea;
        if (!sea && (strcasecmp(c->argv[0], "ship") == 0 || strcasecmp(c->argv[0], "ships") == 0)) {
            cmd_replyf(c, tr(c->lang, MSG_SHOW_NO_SEA), c->prefix);
            return BW_E(WRONG_PHASE);
        }
        int k = words_lookup(c->argv[0], sea ? sea_spot_kinds : spot_kinds, "kind of piece", msg,
                             sizeof msg);
        if (k < 0) {
            char line[64];
            snprintf(line, sizeof line, "%sspots %s", c->prefix, c->cmd->usage);
            cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
            return k;
        }
        kinds = (unsigned)k;
    }
    struct render_style st;
    struct show_ctx sc = {c, "spots", c->in_private};
    struct render_sink sink = {show_line, &sc};
    cmd_style(c, &st);
    render_spots(&c->s->game, &st, c->seat, kinds, &sink);
    cmd_ask_prompt(c);
    return BW_OK;
}

/* The help sentence of each command in the catalogue, by the command's name (admin commands
 * keep their English sentence). */
static const struct {
    const char *name;
    int msg;
} help_msgs[] = {
    {"new", MSG_HELP_NEW},
    {"join", MSG_HELP_JOIN},
    {"leave", MSG_HELP_LEAVE},
    {"start", MSG_HELP_START},
    {"stop", MSG_HELP_STOP},
    {"board", MSG_HELP_BOARD},
    {"status", MSG_HELP_STATUS},
    {"hand", MSG_HELP_HAND},
    {"spots", MSG_HELP_SPOTS},
    {"roll", MSG_HELP_ROLL},
    {"build", MSG_HELP_BUILD},
    {"road", MSG_HELP_ROAD},
    {"settle", MSG_HELP_SETTLE},
    {"city", MSG_HELP_CITY},
    {"map", MSG_HELP_MAP},
    {"variant", MSG_HELP_VARIANT},
    {"lang", MSG_HELP_LANG},
    {"move", MSG_HELP_MOVE},
    {"pirate", MSG_HELP_PIRATE},
    {"attack", MSG_HELP_ATTACK},
    {"buy", MSG_HELP_BUY},
    {"play", MSG_HELP_PLAY},
    {"robber", MSG_HELP_ROBBER},
    {"discard", MSG_HELP_DISCARD},
    {"gold", MSG_HELP_GOLD},
    {"trade", MSG_HELP_TRADE},
    {"bank", MSG_HELP_BANK},
    {"end", MSG_HELP_END},
    {"help", MSG_HELP_HELP},
    {"top", MSG_HELP_TOP},
    {"stats", MSG_HELP_STATS},
    {"dice", MSG_HELP_DICE},
    {"corner", MSG_HELP_CORNER},
    {"wonder", MSG_HELP_WONDER},
    {"addbot", MSG_HELP_ADDBOT},
    {"removebot", MSG_HELP_REMOVEBOT},
    {"expansion", MSG_HELP_EXPANSION},
    {"knight", MSG_HELP_KNIGHT},
    {"improve", MSG_HELP_IMPROVE},
    {"wall", MSG_HELP_WALL},
    {"progress", MSG_HELP_PROGRESS},
    {"choose", MSG_HELP_CHOOSE},
    {"give", MSG_HELP_GIVE},
    {"rules", MSG_HELP_RULES},
    {"take", MSG_HELP_TAKE},
    {"neutral", MSG_HELP_NEUTRAL},
    {"token", MSG_HELP_TOKEN},
};

/* e's help sentence in lang: the catalogue's, when its English is still the entry's own (an
 * entry reworded without the catalogue keeps its new English everywhere). */
static const char *help_of(const struct cmd_entry *e, int lang)
{
    if (e->who == CMD_ADMIN)
        return e->help;
    for (size_t i = 0; i < sizeof help_msgs / sizeof help_msgs[0]; i++)
        if (strcmp(help_msgs[i].name, e->name) == 0) {
            const char *en = i18n_english(help_msgs[i].msg);
            return en && strcmp(en, e->help) == 0 ? tr(lang, help_msgs[i].msg) : e->help;
        }
    return e->help;
}

static int exec_help(struct cmd_call *c)
{
    char a[RENDER_LINE_MAX], b[RENDER_LINE_MAX];
    if (c->argc == 1) {
        char msg[200];
        const struct cmd_entry *e = cmd_find(c->argv[0], msg, sizeof msg);
        if (!e) {
            cmd_replyf(c, "%s", msg);
            return BW_E(NOT_FOUND);
        }
        /* "!end (also !done, !pass): end your turn (on your move)" */
        snprintf(a, sizeof a, "%s%s%s%s", c->prefix, e->name, e->usage[0] ? " " : "", e->usage);
        if (e->aliases[0]) {
            char aliases[80] = "";
            size_t n = 0;
            for (int i = 0; e->aliases[i] && n < sizeof aliases; i++)
                n += (size_t)snprintf(aliases + n, sizeof aliases - n, "%s%s%s", i ? ", " : "",
                                      c->prefix, e->aliases[i]);
            snprintf(b, sizeof b, tr(c->lang, MSG_HELP_ALSO), a, aliases);
            memcpy(a, b, sizeof a);
        }
        char text[RENDER_LINE_MAX];
        snprintf(text, sizeof text, "%s", help_of(e, c->lang));
        int who = e->who == CMD_SEATED    ? MSG_HELP_FOR_PLAYERS
                  : e->who == CMD_CURRENT ? MSG_HELP_FOR_CURRENT
                  : e->who == CMD_ADMIN   ? MSG_HELP_FOR_ADMINS
                                          : -1;
        if (who >= 0) {
            snprintf(b, sizeof b, tr(c->lang, who), text);
            memcpy(text, b, sizeof text);
        }
        if (e->where == CMD_IN_PRIVATE) {
            snprintf(b, sizeof b, tr(c->lang, MSG_HELP_IN_PRIVATE), text);
            memcpy(text, b, sizeof text);
        }
        cmd_replyf(c, tr(c->lang, MSG_HELP_LINE), a, text);
        if (e == &cmd_rules)
            cmd_rules_help(c);
        return BW_OK;
    }
    size_t n = 0;
    a[0] = '\0';
    for (int i = 0; cmd_table[i] && n < sizeof a; i++)
        if (cmd_table[i]->who != CMD_ADMIN || c->is_admin)
            n += (size_t)snprintf(a + n, sizeof a - n, " %s", cmd_table[i]->name);
    cmd_replyf(c, tr(c->lang, MSG_HELP_LIST), a, c->prefix);
    return BW_OK;
}

const struct cmd_entry cmd_board = {
    "board",
    {NULL},
    "[text|web]",
    "the board drawing, the board as a plain list, or the address of its live web page",
    0,
    1,
    CMD_ANYONE,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_board,
};
const struct cmd_entry cmd_status = {
    "status",   {NULL},      "",         "turn, whose move, scores, cards and awards",
    0,          0,           CMD_ANYONE, CMD_ANYWHERE,
    CMD_F_GAME, exec_status,
};
const struct cmd_entry cmd_dice = {
    "dice",     {NULL},    "",         "how often each number was rolled in this game",
    0,          0,         CMD_ANYONE, CMD_ANYWHERE,
    CMD_F_GAME, exec_dice,
};
const struct cmd_entry cmd_corner = {
    "corner",
    {NULL},
    "V",
    "privately: the hexes around corner V, its harbor, who built there, and whether you may "
    "build there now",
    1,
    1,
    CMD_ANYONE,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_corner,
};
const struct cmd_entry cmd_hand = {
    "hand",       {NULL},     "",        "your hand, privately", 0, 0, CMD_SEATED,
    CMD_ANYWHERE, CMD_F_GAME, exec_hand,
};
const struct cmd_entry cmd_spots = {
    "spots",
    {NULL},
    "[road|settlement|city|ship]",
    "where you may build now, privately",
    0,
    1,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_spots,
};
const struct cmd_entry cmd_help = {
    "help",       {NULL}, "[COMMAND]", "short help, privately", 0, 1, CMD_ANYONE,
    CMD_ANYWHERE, 0,      exec_help,
};
