/* The dice deck's event cards (doc/house-rules.md, "The event cards"): the answers of the
 * players an event card asks, with the commands Cities & Knights' questions use: !take RES (a
 * resource from the bank), !give RES (a resource to the player named in the prompt), !choose
 * NICK (the player a card is taken from). Only the player asked answers, with the command the
 * question takes; anything else, or a refused answer, gets the prompt again: the choices, the
 * command, the time left. */
#include <stdio.h>
#include <string.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"

bool cmd_dice_here(const struct cmd_call *c)
{
    return c->s && c->s->state == SESSION_PLAYING && !c->s->game.ck.on && c->s->game.opt.dice_deck;
}

bool cmd_dice_explain(struct cmd_call *c)
{
    const struct game *g = &c->s->game;
    if (!cmd_dice_here(c) || c->seat < 0)
        return false;
    if (cmd_ask_prompt(c))
        return true;
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->dice_ask[p]) { /* others answer first: whom the game waits for */
            char why[RENDER_LINE_MAX];
            cmd_whose_move(c, why, sizeof why);
            cmd_replyf(c, "%s", why);
            return true;
        }
    return false;
}

/* !take RES, !give RES: the one resource named. */
static int resource_answer(struct cmd_call *c, int kind, struct game_action *a)
{
    char msg[200], usage[64];
    uint8_t n[RES_COUNT];
    int total = words_list(c->argc, c->argv, n, msg, sizeof msg);
    if (total < 0) {
        snprintf(usage, sizeof usage, "%s%s RES", c->prefix, c->cmd->name);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, usage);
        return total;
    }
    memcpy(kind == DICE_ASK_TAKE ? a->get : a->give, n, RES_COUNT);
    return BW_OK;
}

int cmd_dice_answer(struct cmd_call *c, int kind)
{
    const struct game *g = &c->s->game;
    int ask = c->seat >= 0 ? g->dice_ask[c->seat] : DICE_ASK_NONE;
    if (!ask) {
        if (!cmd_dice_explain(c))
            cmd_replyf(c, tr(c->lang, MSG_DICE_NOT_ASKED), c->prefix, c->prefix, c->prefix);
        return BW_E(WRONG_PHASE);
    }
    if (ask != kind) { /* another command answers it */
        cmd_ask_prompt(c);
        return BW_E(WRONG_PHASE);
    }
    struct game_action a = {.type = kind == DICE_ASK_ROB ? ACT_CK_CHOOSE : ACT_CK_GIVE,
                            .player = (int8_t)c->seat,
                            .target = -1};
    if (kind == DICE_ASK_ROB) {
        if (c->argc != 1)
            return cmd_usage(c);
        a.target = (int8_t)session_seat_of_nick(c->s, c->argv[0]);
    } else {
        int err = resource_answer(c, kind, &a);
        if (err)
            return err;
    }
    char msg[200];
    int err = c->host->act(c->host->ctx, c->s, &a, msg, sizeof msg);
    if (err)
        cmd_ask_prompt(c); /* the choices, and what to type */
    return err;
}
