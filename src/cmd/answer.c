/* Cities & Knights: the answers a player gives when a progress card or the barbarians ask them
 * (doc/cities.md, "Asks"): !choose V (the city the barbarians take, where a displaced knight
 * goes, the knight given up to a deserter) and !give LIST (a wedding's goods, a commercial
 * harbor's commodity). Only the player asked answers; a refusal says what to type instead,
 * with the choices, and the prompt is said again whenever the player asked looks at their
 * hand or is refused something else. */
#include <stdio.h>
#include <string.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"

static void prompt_line(void *ctx, int to, const char *text)
{
    struct cmd_call *c = ctx;
    (void)to;
    c->host->reply(c->host->ctx, text);
}

bool cmd_ask_prompt(struct cmd_call *c)
{
    if (!c->s || c->s->state != SESSION_PLAYING || c->seat < 0 ||
        !(((c->s->game.ck.on || c->s->game.opt.two) && c->s->game.ck.p[c->seat].ask) ||
          (!c->s->game.ck.on && c->s->game.dice_ask[c->seat])))
        return false;
    struct render_style st;
    struct render_sink sink = {prompt_line, c};
    cmd_style(c, &st);
    render_ask_prompt(&c->s->game, &st, c->seat, session_ask_seconds_left(c->s, c->clock_ms),
                      &sink);
    return true;
}

/* What the caller is asked (enum ck_ask); ASK_NONE after replying why when it is nothing, or
 * when the other command answers it (corner: the command answers with a corner, not goods). */
static int asked(struct cmd_call *c, bool corner)
{
    if (!c->s->game.opt.two && !cmd_cities_here(c)) /* Catan for two: the cards given back */
        return ASK_NONE;
    int ask = c->s->game.ck.p[c->seat].ask;
    if (!ask) {
        cmd_replyf(c, tr(c->lang, MSG_CK_NOT_ASKED), c->prefix, c->prefix);
        return ASK_NONE;
    }
    bool by_corner = ask == ASK_PILLAGE || ask == ASK_KNIGHT || ask == ASK_DESERTER ||
                     ask == ASK_NEUTRAL; /* (!neutral's) */
    if (by_corner != corner) {
        cmd_ask_prompt(c);
        return ASK_NONE;
    }
    return ask;
}

static int exec_choose(struct cmd_call *c)
{
    if (cmd_dice_here(c))
        return cmd_dice_answer(c, DICE_ASK_ROB);
    char msg[200], list[600];
    int ask = asked(c, true);
    if (!ask)
        return BW_E(WRONG_PHASE);
    int v = words_vertex(game_geo(&c->s->game), c->argv[0], msg, sizeof msg);
    if (v < 0) {
        char line[64];
        snprintf(line, sizeof line, "%schoose %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return v;
    }
    struct game_action a = {.type = ACT_CK_CHOOSE, .player = (int8_t)c->seat, .a = (int16_t)v};
    int err = c->host->act(c->host->ctx, c->s, &a, msg, sizeof msg);
    if (!err)
        return BW_OK;
    render_ask_choices(&c->s->game, c->seat, list, sizeof list);
    static const int why[CK_ASKS] = {[ASK_PILLAGE] = MSG_CK_CHOOSE_CITY,
                                     [ASK_KNIGHT] = MSG_CK_CHOOSE_SPOT,
                                     [ASK_DESERTER] = MSG_CK_CHOOSE_KNIGHT};
    cmd_replyf(c, tr(c->lang, why[ask]), v + 1, list);
    return err;
}

/* The refusal of goods given: how many, which kind, or what the caller holds. */
static void explain_give(struct cmd_call *c, int ask, const uint8_t n[GOOD_COUNT], int total)
{
    const struct game *g = &c->s->game;
    int want = ask == ASK_WEDDING || ask == ASK_RETURN ? g->ck.p[c->seat].ask_arg : 1;
    bool resource = false;
    for (int k = 0; k < RES_COUNT; k++)
        resource |= n[k] != 0;
    if (ask == ASK_HARBOR && (total != 1 || resource)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_GIVE_COMMODITY), c->prefix);
    } else if (total != want) {
        char line[RENDER_LINE_MAX]; /* a plural: the form for want */
        i18n_format(c->lang, line, sizeof line, MSG_CK_GIVE_COUNT, want);
        cmd_replyf(c, "%s", line);
    } else {
        char held[320];
        render_goods_held(g, c->lang, c->seat, held, sizeof held);
        cmd_replyf(c, tr(c->lang, MSG_CK_GIVE_HELD), held);
    }
}

static int exec_give(struct cmd_call *c)
{
    if (cmd_dice_here(c))
        return cmd_dice_answer(c, DICE_ASK_GIVE);
    char msg[200];
    int ask = asked(c, false);
    if (!ask)
        return BW_E(WRONG_PHASE);
    uint8_t n[GOOD_COUNT];
    int total = words_goods(c->argc, c->argv, n, msg, sizeof msg);
    if (total < 0) {
        char line[64];
        snprintf(line, sizeof line, "%sgive %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return total;
    }
    struct game_action a = {.type = ACT_CK_GIVE, .player = (int8_t)c->seat};
    memcpy(a.give, n, RES_COUNT);
    memcpy(a.get, n + GOOD_PAPER, COM_COUNT);
    int err = c->host->act(c->host->ctx, c->s, &a, msg, sizeof msg);
    if (err)
        explain_give(c, ask, n, total);
    return err;
}

const struct cmd_entry cmd_choose = {
    "choose",
    {NULL},
    "V",
    "answer when asked: Cities & Knights, with a corner (your city the barbarians take, where your "
    "displaced knight goes, your knight given up to a deserter); the dice deck, with the player "
    "you take a card from (Trade Advantage, Conflict)",
    1,
    1,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_choose,
};
const struct cmd_entry cmd_give = {
    "give",
    {NULL},
    "LIST",
    "answer with cards or goods when asked: Cities & Knights, the 2 goods for a wedding or the "
    "commodity for a commercial harbor; Catan for two, the 2 cards you give back after a forced "
    "trade; the dice deck, the resource for Good Neighbors or Neighborly Assistance (e.g. 1 wool 1 "
    "coin)",
    1,
    CMD_ARGS_MAX,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_give,
};
