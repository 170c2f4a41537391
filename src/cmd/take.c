/* Cities & Knights: !take, the answer of the player who looked at another's hand with a master
 * merchant (the 2 goods taken, a LIST as !discard's) or a spy (the progress card taken, named
 * as !play names cards), and the refusals around it. Every reply here is private to the caller:
 * what the hand holds is named to the player who saw it, and to nobody else. */
#include <stdio.h>
#include <string.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"

enum { HAND_BUF = 256 };

/* The player whose hand seat looked at and now chooses from, or -1. */
static int looked_at(const struct game *g, int seat)
{
    int ask = seat >= 0 ? g->ck.p[seat].ask : 0;
    return ask == ASK_TAKE || ask == ASK_SPY ? g->ck.p[seat].ask_arg : -1;
}

/* What q holds of what seat may take: their goods (ASK_TAKE) or progress cards (ASK_SPY). */
static const char *held(const struct cmd_call *c, int q, char *buf, size_t size)
{
    const struct game *g = &c->s->game;
    if (g->ck.p[c->seat].ask == ASK_TAKE)
        return render_goods_in(c->lang, g->p[q].res, g->p[q].commodity, 0, buf, size);
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < CK_HAND && g->ck.p[q].hand[i] && n < size; i++) {
        int w = snprintf(buf + n, size - n, "%s%s", i ? i18n_comma(c->lang) : "",
                         render_progress_name_in(c->lang, g->ck.p[q].hand[i]));
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return buf;
}

bool cmd_explain_take(struct cmd_call *c, int err)
{
    const struct game *g = &c->s->game;
    if (err != BW_E(WRONG_PHASE) || !g->ck.on)
        return false;
    char buf[HAND_BUF];
    int q = looked_at(g, c->seat);
    if (q >= 0) { /* the caller must take first */
        cmd_replyf(c, tr(c->lang, MSG_CK_TAKE_FIRST), c->s->seat[q].nick,
                   held(c, q, buf, sizeof buf), c->prefix,
                   g->ck.p[c->seat].ask == ASK_TAKE ? "LIST" : "CARD");
        return true;
    }
    for (int p = 0; p < g->opt.n_players; p++)
        if ((q = looked_at(g, p)) >= 0) {
            cmd_replyf(c, tr(c->lang, MSG_CK_TAKE_WAIT), c->s->seat[p].nick, c->s->seat[q].nick);
            return true;
        }
    return false;
}

/* !take LIST after a master merchant: 2 goods q holds. */
static int take_goods(struct cmd_call *c, int q)
{
    const struct game *g = &c->s->game;
    char msg[200], have_s[HAND_BUF], want_s[HAND_BUF], ex[64];
    uint8_t n[GOOD_COUNT], have[GOOD_COUNT];
    int total = words_goods(c->argc, c->argv, n, msg, sizeof msg);
    if (total < 0) { /* the words' own message, and the usage */
        snprintf(want_s, sizeof want_s, "%stake LIST", c->prefix);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, want_s);
        return total;
    }
    memcpy(have, g->p[q].res, RES_COUNT);
    memcpy(have + RES_COUNT, g->p[q].commodity, COM_COUNT);
    held(c, q, have_s, sizeof have_s);
    render_take_example(g, q, ex, sizeof ex);
    for (int k = 0; k < GOOD_COUNT; k++)
        if (n[k] > have[k]) {
            cmd_replyf(c, tr(c->lang, MSG_CK_TAKE_NOT_HELD), c->s->seat[q].nick,
                       render_goods_in(c->lang, n, n + GOOD_PAPER, 1, want_s, sizeof want_s),
                       have_s, c->prefix, c->prefix, ex);
            return BW_E(NOT_ENOUGH);
        }
    if (total != 2) {
        cmd_replyf(c, tr(c->lang, MSG_CK_TAKE_TWO), c->s->seat[q].nick, have_s, c->prefix,
                   c->prefix, ex);
        return BW_E(INVALID);
    }
    struct game_action a = {.type = ACT_CK_GIVE, .target = -1, .a = -1, .b = -1};
    memcpy(a.give, n, RES_COUNT);
    memcpy(a.get, n + GOOD_PAPER, COM_COUNT);
    return cmd_ck_act(c, &a);
}

/* !take CARD after a spy: a progress card q holds. */
static int take_card(struct cmd_call *c, int q)
{
    const struct game *g = &c->s->game;
    int used, card = cmd_card_arg(c, c->argc, c->argv, &used, "take CARD");
    if (card < 0)
        return card;
    if (card >= PROG_COUNT || used != c->argc)
        return cmd_usage(c);
    bool holds = false;
    for (int i = 0; i < CK_HAND && g->ck.p[q].hand[i]; i++)
        holds |= g->ck.p[q].hand[i] == card;
    if (!holds) {
        char buf[HAND_BUF];
        cmd_replyf(c, tr(c->lang, MSG_CK_TAKE_NO_CARD), c->s->seat[q].nick,
                   render_progress_name_in(c->lang, card), held(c, q, buf, sizeof buf), c->prefix,
                   c->prefix, render_progress_name(g->ck.p[q].hand[0]));
        return BW_E(NO_CARD);
    }
    struct game_action a = {.type = ACT_CK_CHOOSE, .target = -1, .a = (int16_t)card, .b = -1};
    return cmd_ck_act(c, &a);
}

static int exec_take(struct cmd_call *c)
{
    if (cmd_dice_here(c))
        return cmd_dice_answer(c, DICE_ASK_TAKE);
    if (!cmd_cities_here(c))
        return BW_E(WRONG_PHASE);
    const struct game *g = &c->s->game;
    int q = looked_at(g, c->seat);
    if (q < 0) {
        if (!cmd_explain_take(c, BW_E(WRONG_PHASE)))
            cmd_replyf(c, tr(c->lang, MSG_CK_TAKE_NONE), c->prefix);
        return BW_E(WRONG_PHASE);
    }
    return g->ck.p[c->seat].ask == ASK_TAKE ? take_goods(c, q) : take_card(c, q);
}

const struct cmd_entry cmd_take = {
    "take",
    {NULL},
    "LIST | CARD",
    "Cities & Knights: after a master merchant, the 2 goods you take (LIST); after a spy, the "
    "progress card you take; the dice deck: the resource you take from the bank (Plentiful Year, "
    "Tournament, Calm Sea)",
    1,
    10,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_take,
};

bool cmd_explain_look(struct cmd_call *c, const struct game_action *a, int err)
{
    const struct game *g = &c->s->game;
    int q = a->target;
    if ((a->res != PROG_MASTER_MERCHANT && a->res != PROG_SPY) || err != BW_E(INVALID) || q < 0 ||
        q >= g->opt.n_players)
        return false;
    if (q == c->seat)
        cmd_replyf(c, tr(c->lang, MSG_CK_TARGET_NAME), c->prefix,
                   a->res == PROG_SPY ? "spy" : "master merchant");
    else if (a->res == PROG_MASTER_MERCHANT)
        cmd_replyf(c, tr(c->lang, MSG_CK_NOT_MORE_POINTS), c->s->seat[q].nick);
    else
        return false;
    return true;
}
