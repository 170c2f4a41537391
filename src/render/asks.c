/* Cities & Knights: what a player is asked (EV_ASK; doc/cities.md, "Asks") as the lines
 * people read. The public line names the command that answers; the player asked gets a
 * private prompt with the choices (the corners !choose takes, or the goods they hold for
 * !give) and the time they have, again whenever they look at their hand or are refused. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

/* The legal answers of seat, from the engine's own list (each one tried there). */
static int answers(const struct game *g, int seat, struct game_action *out, int max)
{
    int n = game_legal_actions(g, seat, out, max);
    return n < max ? n : max;
}

const char *render_goods_held(const struct game *g, int lang, int seat, char *buf, size_t size)
{
    return goods_str(lang, g->p[seat].res, g->p[seat].commodity, 0, buf, size);
}

int render_ask_choices(const struct game *g, int seat, char *buf, size_t size)
{
    struct game_action list[BOARD_MAX_VERTICES];
    int n = answers(g, seat, list, BOARD_MAX_VERTICES), k = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        if (list[i].type == ACT_CK_CHOOSE) {
            int w = snprintf(buf + len, size - len, "%s%d", k++ ? ", " : "", list[i].a + 1);
            len += w > 0 ? (size_t)w : 0;
        }
    return k;
}

/* An example of the goods seat may give, as !give takes them ("1 wool 1 coin"): the engine's
 * first legal answer. */
const char *give_example(const struct game *g, int seat, char *buf, size_t size)
{
    struct game_action list[64];
    int n = answers(g, seat, list, 64);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (list[i].type != ACT_CK_GIVE)
            continue;
        for (int k = 0; k < GOOD_COUNT && len < size; k++) {
            int c = k < RES_COUNT ? list[i].give[k] : list[i].get[k - GOOD_PAPER];
            const char *name = k < RES_COUNT ? render_res_name(k) : render_com_name(k - GOOD_PAPER);
            int w = c ? snprintf(buf + len, size - len, "%s%d %s", len ? " " : "", c, name) : 0;
            len += w > 0 ? (size_t)w : 0;
        }
        break;
    }
    return buf;
}

/* The EV_ASK that asked seat what it is asked now, rebuilt from the state. */
static struct game_event ask_event(const struct game *g, int seat)
{
    const struct ck_player *c = &g->ck.p[seat];
    struct game_event e = {.type = EV_ASK, .player = (int8_t)seat, .a = c->ask, .b = -1};
    e.other = (int8_t)(c->ask == ASK_PILLAGE || c->ask == ASK_KNIGHT ? -1 : g->ck.asker - 1);
    if (c->ask == ASK_TAKE || c->ask == ASK_SPY) /* the player looked at the target's hand */
        e.other = (int8_t)c->ask_arg;
    if (c->ask == ASK_TAKE)
        e.b = 2;
    else if (c->ask == ASK_WEDDING || c->ask == ASK_HARBOR)
        e.b = c->ask_arg;
    else if (c->ask == ASK_KNIGHT)
        e.b = (int16_t)(c->ask_at - 1);
    return e;
}

static int answers_with_corner(int ask)
{
    return ask == ASK_PILLAGE || ask == ASK_KNIGHT || ask == ASK_DESERTER;
}

void cities_ask_hint(struct rline *l, const struct render_style *st, int ask)
{
    /* The master merchant's and the spy's player has the command in their private look. */
    if (ask && ask != ASK_TAKE && ask != ASK_SPY)
        rline_tr(l, st, answers_with_corner(ask) ? MSG_HINT_CK_CHOOSE : MSG_HINT_CK_GIVE,
                 style_prefix(st));
}

void cities_ask_line(struct rline *l, const struct render_style *st, const struct game_event *e,
                     const char *p, const char *o, int hint)
{
    int lang = st->lang;
    switch (e->a) {
    case ASK_PILLAGE:
        rline_tr(l, st, MSG_CK_ASK_PILLAGE, p);
        break;
    case ASK_KNIGHT:
        rline_tr(l, st, MSG_CK_ASK_KNIGHT, p, e->b + 1);
        break;
    case ASK_WEDDING:
        rline_tr(l, st, MSG_CK_ASK_WEDDING, p, o, render_progress_name_in(lang, PROG_WEDDING));
        break;
    case ASK_HARBOR: {
        char res[64];
        rline_tr(l, st, MSG_CK_ASK_HARBOR, p, o,
                 render_res_count(lang, e->b, 1, 1, res, sizeof res),
                 render_progress_name_in(lang, PROG_COMMERCIAL_HARBOR));
        break;
    }
    case ASK_DESERTER:
        rline_tr(l, st, MSG_CK_ASK_DESERTER, p, render_progress_name_in(lang, PROG_DESERTER));
        break;
    case ASK_TAKE: /* who chooses from whose hand, never what they saw */
    case ASK_SPY:
        rline_tr(l, st, e->a == ASK_TAKE ? MSG_CK_ASK_TAKE : MSG_CK_ASK_SPY, p, o,
                 render_progress_name_in(lang, e->a == ASK_TAKE ? PROG_MASTER_MERCHANT : PROG_SPY));
        break;
    }
    if (hint && e->player >= 0 && e->player < st->n_seats && !seat_is_robot(st, e->player))
        cities_ask_hint(l, st, e->a);
}

void cities_ask_status(struct rline *l, const struct game *g, const struct render_style *st)
{
    for (int p = 0; g->ck.on && p < g->opt.n_players; p++) {
        if (!g->ck.p[p].ask)
            continue;
        struct game_event e = ask_event(g, p);
        char who[NICK_BUF], other[NICK_BUF];
        rline_add(l, " | ");
        /* The hint follows the whole status line (cities_hint), once. */
        cities_ask_line(l, st, &e, nick_str(st, p, who), nick_str(st, e.other, other), 0);
    }
}

void render_ask_prompt(const struct game *g, const struct render_style *st, int seat, int seconds,
                       const struct render_sink *out)
{
    if (!g->ck.on && seat >= 0 && seat < g->opt.n_players && g->dice_ask[seat]) {
        render_dice_prompt(g, st, seat, seconds, out); /* the dice deck's event cards ask too */
        return;
    }
    if (!(g->ck.on || g->opt.two) || seat < 0 || seat >= g->opt.n_players || !g->ck.p[seat].ask ||
        seat_is_robot(st, seat))
        return;
    if (g->opt.two) { /* Catan for two (two.c) */
        two_ask_prompt(g, st, seat, seconds, out);
        return;
    }
    const struct ck_player *c = &g->ck.p[seat];
    const char *pre = style_prefix(st);
    int lang = st->lang;
    char chan[RENDER_CHAN_MAX + 2], other[NICK_BUF], list[BOARD_MAX_VERTICES * 4], buf[CARDS_BUF];
    const char *o = nick_str(st, g->ck.asker - 1, other);
    struct rline l;
    rline_init(&l);
    rline_add(&l, chan_prefix(st, chan));
    if (c->ask == ASK_TAKE || c->ask == ASK_SPY) {
        cities_look_prompt(&l, g, st, seat);
    } else if (answers_with_corner(c->ask)) {
        render_ask_choices(g, seat, list, sizeof list);
        if (c->ask == ASK_PILLAGE)
            rline_tr(&l, st, MSG_CK_PROMPT_PILLAGE, pre, list);
        else if (c->ask == ASK_KNIGHT)
            rline_tr(&l, st, MSG_CK_PROMPT_KNIGHT, c->ask_at, pre, list);
        else
            rline_tr(&l, st, MSG_CK_PROMPT_DESERTER, o, pre, list);
    } else {
        if (c->ask == ASK_WEDDING) {
            rline_tr(&l, st, MSG_CK_PROMPT_WEDDING, o, (int)c->ask_arg);
        } else {
            char res[64];
            rline_tr(&l, st, MSG_CK_PROMPT_HARBOR, o,
                     render_res_count(lang, c->ask_arg, 1, 1, res, sizeof res));
        }
        char example[64];
        rline_tr(&l, st, MSG_CK_PROMPT_GIVE, pre, pre,
                 give_example(g, seat, example, sizeof example),
                 goods_str(lang, g->p[seat].res, g->p[seat].commodity, 0, buf, sizeof buf));
    }
    if (seconds >= 0)
        rline_tr(&l, st, MSG_CK_PROMPT_TIME, seconds);
    rline_emit(&l, out, seat);
}
