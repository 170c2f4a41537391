/* Catan for two (doc/two.md): !neutral SPOT [a|b], the free piece for a neutral player owed
 * after a road or a settlement (a side "12-13" for a road, a corner "40" for a settlement; a
 * or b names the neutral where the spot fits both), and !token [trade|desert], the trade
 * tokens' count or an action bought with them. The cards a forced trade gives back are !give's
 * (answer.c). A refusal says why and what fits. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"

/* Whether the game here is Catan for two; says so when not. */
static bool two_here(struct cmd_call *c)
{
    if (c->s->game.opt.two)
        return true;
    cmd_replyf(c, tr(c->lang, MSG_TWO_ONLY), c->prefix, c->cmd->name, c->prefix);
    return false;
}

/* The neutral named by word ("a", "b"), or -2 after replying why. */
static int neutral_named(struct cmd_call *c, const char *word)
{
    if (strcasecmp(word, "a") == 0)
        return 0;
    if (strcasecmp(word, "b") == 0)
        return 1;
    char line[64];
    snprintf(line, sizeof line, "%sneutral %s", c->prefix, c->cmd->usage);
    cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), "a|b", line);
    return -2;
}

static int exec_neutral(struct cmd_call *c)
{
    const struct game *g = &c->s->game;
    char msg[200], list[BOARD_MAX_EDGES * 10];
    if (!two_here(c))
        return BW_E(WRONG_PHASE);
    if (g->ck.p[c->seat].ask != ASK_NEUTRAL) {
        if (!cmd_ask_prompt(c)) /* the cards given back first, when those are asked */
            cmd_replyf(c, tr(c->lang, MSG_TWO_NOT_ASKED), c->prefix);
        return BW_E(WRONG_PHASE);
    }
    /* A side has a dash ("12-13"), a corner none ("40"). */
    int road = strchr(c->argv[0], '-') != NULL;
    int spot = road ? words_edge(game_geo(g), c->argv[0], msg, sizeof msg)
                    : words_vertex(game_geo(g), c->argv[0], msg, sizeof msg);
    int n = c->argc > 1 ? neutral_named(c, c->argv[1]) : -1;
    if (n == -2)
        return BW_E(INVALID);
    if (spot < 0) {
        char line[64];
        snprintf(line, sizeof line, "%sneutral %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return spot;
    }
    struct game_action a = {.type = ACT_CK_CHOOSE,
                            .player = (int8_t)c->seat,
                            .target = (int8_t)n,
                            .a = (int16_t)spot,
                            .b = road ? TWO_ROAD : TWO_SETTLEMENT};
    int why = game_neutral_error(g, c->seat, n, a.b, spot);
    if (why) { /* the engine's reason, and what fits */
        render_neutral_choices(g, c->seat, list, sizeof list);
        cmd_replyf(c, tr(c->lang, MSG_TWO_NEUTRAL_REFUSED), i18n_strerror(c->lang, why), list);
        return why;
    }
    return c->host->act(c->host->ctx, c->s, &a, msg, sizeof msg);
}

static int exec_token(struct cmd_call *c)
{
    const struct game *g = &c->s->game;
    char msg[200];
    if (!two_here(c))
        return BW_E(WRONG_PHASE);
    if (c->argc == 0) {
        struct render_style st;
        char line[RENDER_LINE_MAX];
        cmd_style(c, &st);
        render_tokens(g, &st, c->seat, line, sizeof line);
        cmd_replyf(c, "%s", line);
        return BW_OK;
    }
    static const struct words_name names[] = {
        {"trade", TOKEN_TRADE}, {"desert", TOKEN_ROBBER}, {"robber", TOKEN_ROBBER}, {NULL, 0}};
    int t = words_lookup(c->argv[0], names, "token action", msg, sizeof msg);
    if (t < 0) {
        char line[64];
        snprintf(line, sizeof line, "%stoken %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return t;
    }
    if (c->seat < 0)
        return cmd_not_seated(c);
    struct game_action a = {
        .type = ACT_TOKEN, .player = (int8_t)c->seat, .target = -1, .a = (int16_t)t, .b = -1};
    return c->host->act(c->host->ctx, c->s, &a, msg, sizeof msg);
}

const struct cmd_entry cmd_neutral = {
    "neutral",
    {NULL},
    "SPOT [a|b]",
    "Catan for two: after you build a road or a settlement, the free road (SIDE, e.g. 12-13) or "
    "settlement (CORNER) for a neutral player; a or b names the neutral where the spot fits both",
    1,
    2,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_neutral,
};

const struct cmd_entry cmd_token = {
    "token",
    {"tokens", NULL},
    "[trade|desert]",
    "Catan for two: your trade tokens; after your roll, once a turn each: trade (take 2 random "
    "cards from your opponent, give 2 of your choice back) or desert (the robber back to the "
    "desert)",
    0,
    1,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_token,
};
