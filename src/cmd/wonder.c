/* !wonder (The Wonders of Catan): alone, privately, every wonder's condition, stage cost and
 * builder; with a name, start that wonder or build its next stage. A refusal says why and what
 * to do instead: who builds it, which wonder is the caller's, the condition, the cards missing. */
#include <stdio.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"

static void reply_line(void *ctx, int to, const char *text)
{
    struct cmd_call *c = ctx;
    (void)to;
    c->host->reply(c->host->ctx, text);
}

/* The wonder argv names: its word ("bridge"), its English name ("Great Bridge", and
 * "theatre") or its name in the channel's language, a unique prefix of one. */
static int wonder_arg(struct cmd_call *c)
{
    struct words_name names[3 * GAME_WONDERS + 2];
    int n = 0;
    for (int w = 0; w < GAME_WONDERS; w++)
        names[n++] = (struct words_name){render_wonder_key(w), w};
    for (int w = 0; w < GAME_WONDERS; w++)
        names[n++] = (struct words_name){render_wonder_name(LANG_EN, w), w};
    names[n++] = (struct words_name){"theatre", WONDER_THEATER};
    for (int w = 0; w < GAME_WONDERS && c->lang != LANG_EN; w++)
        names[n++] = (struct words_name){render_wonder_name(c->lang, w), w};
    names[n] = (struct words_name){NULL, 0};
    char msg[160], line[64];
    int w = words_phrase(c->argc, c->argv, names, "wonder", msg, sizeof msg);
    if (w < 0) {
        snprintf(line, sizeof line, "%swonder %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
    }
    return w;
}

static int exec_wonder(struct cmd_call *c)
{
    const struct game *g = &c->s->game;
    struct render_style st;
    if (!g->wonders) {
        cmd_replyf(c, tr(c->lang, MSG_PLAY_NO_WONDERS), c->prefix);
        return BW_E(INVALID);
    }
    cmd_style(c, &st);
    if (c->argc == 0) {
        struct render_sink sink = {reply_line, c};
        render_wonders(g, &st, c->seat, &sink);
        return BW_OK;
    }
    int w = wonder_arg(c);
    if (w < 0)
        return w;
    if (c->seat < 0)
        return cmd_not_seated(c);
    if (!(game_waiting_for(g) & (1u << c->seat))) {
        char why[RENDER_LINE_MAX];
        cmd_whose_move(c, why, sizeof why);
        cmd_replyf(c, "%s", why);
        return BW_E(NOT_YOUR_TURN);
    }
    int err = game_wonder_error(g, c->seat, w);
    if (!err)
        for (int r = 0; r < RES_COUNT; r++)
            if (g->p[c->seat].res[r] < game_cost_wonder[w][r])
                err = BW_E(NOT_ENOUGH);
    char why[RENDER_LINE_MAX];
    if (err && render_wonder_refusal(g, &st, c->seat, w, err, why, sizeof why)) {
        cmd_replyf(c, "%s", why);
        return err;
    }
    struct game_action a = {.type = ACT_WONDER, .a = (int16_t)w};
    return cmd_act(c, &a);
}

const struct cmd_entry cmd_wonder = {
    "wonder",
    {"wonders", NULL},
    "[NAME]",
    "The Wonders of Catan: start wonder NAME or build its next stage; alone, privately, every "
    "wonder's condition, stage cost and builder",
    0,
    4,
    CMD_ANYONE,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_wonder,
};
