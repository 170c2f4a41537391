/* Trades between players: offer, accept, reject, confirm, cancel. The offers themselves live
 * in the engine; here an offer id may be left out when only one open offer fits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"

enum trade_sub { TRADE_OFFER, TRADE_ACCEPT, TRADE_REJECT, TRADE_CONFIRM, TRADE_CANCEL };

static const struct words_name trade_subs[] = {
    {"offer", TRADE_OFFER},     {"accept", TRADE_ACCEPT},
    {"reject", TRADE_REJECT},   {"decline", TRADE_REJECT},
    {"confirm", TRADE_CONFIRM}, {"cancel", TRADE_CANCEL},
    {"withdraw", TRADE_CANCEL}, {NULL, 0},
};

/* Whether offer o is one seat may use sub on (with partner for confirm). */
static bool offer_fits(const struct trade_offer *o, int sub, int seat, int partner)
{
    if (!o->id)
        return false;
    switch (sub) {
    case TRADE_ACCEPT:
    case TRADE_REJECT:
        return (o->to_mask & (1u << seat)) != 0;
    case TRADE_CONFIRM:
        return o->from == seat && (partner < 0 || (o->accepted & (1u << partner)));
    default:
        return o->from == seat;
    }
}

/* The offer id named in word, or the only open offer that fits. */
static int pick_offer(struct cmd_call *c, int sub, const char *word, int partner)
{
    const struct game *g = &c->s->game;
    if (word) {
        char *end;
        long id = strtol(word[0] == '#' ? word + 1 : word, &end, 10);
        if (*end || id <= 0 || id > UINT16_MAX || !game_offer(g, (int)id)) {
            cmd_replyf(c, "%s", tr(c->lang, MSG_TRADE_NO_SUCH));
            return BW_E(NO_OFFER);
        }
        return (int)id;
    }
    int found = 0, id = 0;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (offer_fits(&g->offers[i], sub, c->seat, partner)) {
            found++;
            id = g->offers[i].id;
        }
    if (found == 1)
        return id;
    cmd_replyf(c, "%s", tr(c->lang, found ? MSG_TRADE_SEVERAL : MSG_TRADE_NONE));
    return BW_E(NO_OFFER);
}

static int trade_offer(struct cmd_call *c, int argc, char **argv)
{
    char msg[160];
    struct words_trade parts;
    struct game_action a = {.type = ACT_OFFER};
    int err = c->s->game.ck.on
                  ? cmd_offer_goods(c, argc, argv, &a, &parts)
                  : words_trade(argc, argv, true, a.give, a.get, &parts, msg, sizeof msg);
    if (err < 0 && c->s->game.ck.on)
        return err;
    if (err < 0) {
        char line[128];
        snprintf(line, sizeof line, "%strade offer LIST for LIST [to NICK...]", c->prefix);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return err;
    }
    for (int i = 0; i < parts.to_argc; i++) {
        int seat = cmd_seat_arg(c, parts.to_argv[i]);
        if (seat < 0)
            return seat;
        a.to_mask |= (uint8_t)(1u << seat);
    }
    if (c->seat != c->s->game.current)
        a.to_mask = 0; /* a counter-offer always goes to the current player */
    return cmd_act(c, &a);
}

static int exec_trade(struct cmd_call *c)
{
    char msg[160];
    int sub = words_lookup(c->argv[0], trade_subs, "trade command", msg, sizeof msg);
    if (sub < 0) {
        char line[256];
        snprintf(line, sizeof line, "%strade %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return sub;
    }
    int argc = c->argc - 1;
    char **argv = c->argv + 1;
    if (sub == TRADE_OFFER)
        return trade_offer(c, argc, argv);
    struct game_action a = {0};
    int partner = -1;
    if (sub == TRADE_CONFIRM) {
        if (argc < 1 || argc > 2)
            return cmd_usage(c);
        if ((partner = cmd_seat_arg(c, argv[0])) < 0)
            return partner;
        argc--;
        argv++;
    }
    if (argc > 1)
        return cmd_usage(c);
    int id = pick_offer(c, sub, argc ? argv[0] : NULL, partner);
    if (id < 0)
        return id;
    static const uint8_t types[] = {0, ACT_ACCEPT, ACT_REJECT, ACT_CONFIRM, ACT_CANCEL};
    a.type = types[sub];
    a.a = (int16_t)id;
    a.target = (int8_t)partner;
    return cmd_act(c, &a);
}

const struct cmd_entry cmd_trade = {
    "trade",
    {NULL},
    "offer LIST for LIST [to NICK...] | accept [ID] | reject [ID] | confirm NICK [ID] | "
    "cancel [ID]",
    "trade with players during the current player's turn",
    1,
    CMD_ARGS_MAX,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_trade,
};
