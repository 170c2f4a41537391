/* The Pirate Islands: !attack, the current player's attack on their pirate fortress. The
 * engine decides; the refusals it would give are told here first with what to do instead. */
#include <stdio.h>

#include "cmd/internal.h"
#include "i18n/i18n.h"

static int exec_attack(struct cmd_call *c)
{
    const struct game *g = &c->s->game;
    const struct board_geo *geo = game_geo(g);
    int p = c->seat;
    if (!geo->n_routes || p >= geo->n_routes) {
        cmd_replyf(c, tr(c->lang, MSG_ATTACK_NO_FORTRESS), c->prefix);
        return BW_E(WRONG_PHASE);
    }
    if (g->phase == PHASE_MAIN && g->current == p) {
        if (!g->fortress[p]) {
            cmd_replyf(c, "%s", tr(c->lang, MSG_ATTACK_CONQUERED));
            return BW_E(FORTRESS);
        }
        if (g->fortress_attacked) {
            cmd_replyf(c, "%s", tr(c->lang, MSG_ATTACK_AGAIN));
            return BW_E(FORTRESS);
        }
        if (g->p[p].ships < geo->route_len[p]) {
            cmd_replyf(c, tr(c->lang, MSG_ATTACK_SHIPS), g->p[p].ships, geo->route_len[p],
                       c->prefix);
            return BW_E(FORTRESS);
        }
    }
    struct game_action a = {.type = ACT_ATTACK};
    return cmd_act(c, &a);
}

const struct cmd_entry cmd_attack = {
    "attack",    {NULL},
    "",          "The Pirate Islands: attack your pirate fortress once your ships reach it",
    0,           0,
    CMD_CURRENT, CMD_ANYWHERE,
    CMD_F_GAME,  exec_attack,
};
