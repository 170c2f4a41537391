/* Catan for two (engine/two.c; doc/two.md) as the lines people read: the neutral players' names
 * and letters, the pieces built for them, the trade tokens, and what the player who built or
 * forced a trade is asked (the public line names the command; the player gets a private prompt
 * with the choices). The cards a forced trade takes (EV_STEAL) and gives back are told to the
 * two players only. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

void render_style_neutrals(struct render_style *st, const struct game *g)
{
    if (!g->opt.two || st->n_seats != g->opt.n_players ||
        st->n_seats + TWO_NEUTRALS > GAME_MAX_PLAYERS)
        return;
    static const char letters[TWO_NEUTRALS] = {'x', 'y'};
    for (int k = 0; k < TWO_NEUTRALS; k++) {
        int seat = st->n_seats + k;
        snprintf(st->nick[seat], sizeof st->nick[seat], "%s",
                 tr(st->lang, k ? MSG_TWO_NEUTRAL_B : MSG_TWO_NEUTRAL_A));
        char c = letters[k];
        for (int s = 0; s < st->n_seats; s++) /* a nick's letter taken: the next free one */
            if (st->letter[s] == c)
                c = (char)(c == 'z' ? 'v' : c + 2);
        st->letter[seat] = c;
    }
    st->n_seats += TWO_NEUTRALS;
}

static void private_to(struct rline *l, const struct render_style *st)
{
    char chan[RENDER_CHAN_MAX + 2];
    rline_init(l);
    rline_add(l, chan_prefix(st, chan));
}

/* The cards given back after a forced trade: how many in public, which to the two. */
static void gave_back(const struct game *g, const struct render_style *st,
                      const struct game_event *e, const char *p, const char *o,
                      const struct render_sink *out)
{
    struct rline l;
    char cards[CARDS_BUF];
    int n = e->res[0] + e->res[1] + e->res[2] + e->res[3] + e->res[4];
    rline_init(&l);
    rline_tr(&l, st, MSG_TWO_GAVE_BACK, p, o, n);
    rline_emit(&l, out, RENDER_PUBLIC);
    goods_str(st->lang, e->res, e->res2, 1, cards, sizeof cards);
    private_to(&l, st);
    rline_tr(&l, st, MSG_TWO_YOU_GAVE, cards, o);
    rline_emit(&l, out, e->player);
    if (e->other >= 0 && e->other < g->opt.n_players) {
        private_to(&l, st);
        rline_tr(&l, st, MSG_TWO_GAVE_YOU, p, cards);
        rline_emit(&l, out, e->other);
    }
}

void two_ask_line(struct rline *l, const struct render_style *st, const struct game_event *e,
                  const char *p, const char *o, int hint)
{
    int person = e->player >= 0 && e->player < st->n_seats && !seat_is_robot(st, e->player);
    if (e->a == ASK_RETURN) {
        rline_tr(l, st, MSG_TWO_ASK_RETURN, p, o, e->b);
        if (hint && person)
            rline_tr(l, st, MSG_HINT_CK_GIVE, style_prefix(st));
        return;
    }
    rline_tr(l, st, e->b == TWO_SETTLEMENT ? MSG_TWO_ASK_SETTLEMENT : MSG_TWO_ASK_ROAD, p);
    if (hint && person)
        rline_tr(l, st, MSG_TWO_HINT_NEUTRAL, style_prefix(st));
}

int two_event(const struct game *g, const struct render_style *st, const struct game_event *e,
              const struct render_sink *out)
{
    char who[NICK_BUF], other[NICK_BUF], o2[NICK_BUF], edge[8];
    struct rline l;
    /* nick_str writes into its buffer only for a coloured nick: use what it returns. */
    const char *p = nick_str(st, e->player, who), *o = nick_str(st, e->other, other);
    rline_init(&l);
    switch (e->type) {
    case EV_NEUTRAL:
        if (e->a == TWO_ROAD)
            rline_tr(&l, st, MSG_TWO_EV_ROAD, p, o, edge_name(game_geo(g), e->b, edge));
        else
            rline_tr(&l, st, MSG_TWO_EV_SETTLEMENT, p, o, e->b + 1);
        break;
    case EV_TOKENS:
        rline_tr(&l, st, MSG_TWO_EV_TOKENS, p, e->a);
        break;
    case EV_TOKEN:
        if (e->a == TOKEN_TRADE)
            rline_tr(&l, st, MSG_TWO_EV_TRADE, p, o, e->b);
        else
            rline_tr(&l, st, MSG_TWO_EV_ROBBER, p, e->b);
        break;
    case EV_ASK:
        if (e->a != ASK_NEUTRAL && e->a != ASK_RETURN)
            return 0;
        two_ask_line(&l, st, e, p, nick_str(st, g->ck.asker - 1, o2), 1);
        break;
    case EV_GIVE:
        gave_back(g, st, e, p, o, out);
        return 1;
    case EV_ROBBER: /* the robber sent home: no steal follows */
        return 0;
    default:
        return 0;
    }
    rline_emit(&l, out, RENDER_PUBLIC);
    return 1;
}

/* The spots the player asked may build on, "12-13, 40-41" or "5, 30", into buf; and the first
 * in ex. */
static int neutral_spots(const struct game *g, int seat, char *buf, size_t size, char *ex,
                         size_t ex_size)
{
    struct game_action list[2 * BOARD_MAX_EDGES];
    int n = game_legal_actions(g, seat, list, 2 * BOARD_MAX_EDGES), k = 0;
    size_t len = 0;
    buf[0] = ex[0] = '\0';
    n = n < 2 * BOARD_MAX_EDGES ? n : 2 * BOARD_MAX_EDGES;
    for (int i = 0; i < n && len + 12 < size; i++) {
        if (list[i].type != ACT_CK_CHOOSE)
            continue;
        char spot[16], edge[8];
        if (list[i].b == TWO_ROAD)
            snprintf(spot, sizeof spot, "%s", edge_name(game_geo(g), list[i].a, edge));
        else
            snprintf(spot, sizeof spot, "%d", list[i].a + 1);
        int dup = 0; /* a spot that fits both neutrals is listed once, with its letter */
        for (int j = 0; j < i; j++)
            dup |= list[j].type == ACT_CK_CHOOSE && list[j].a == list[i].a;
        if (dup)
            continue;
        int both = 0;
        for (int j = i + 1; j < n; j++)
            both |= list[j].type == ACT_CK_CHOOSE && list[j].a == list[i].a;
        int w = snprintf(buf + len, size - len, "%s%s%s", k ? ", " : "", spot, both ? " a|b" : "");
        len += w > 0 ? (size_t)w : 0;
        if (!k++)
            snprintf(ex, ex_size, "%s%s", spot, both ? " a" : "");
    }
    return k;
}

void two_ask_prompt(const struct game *g, const struct render_style *st, int seat, int seconds,
                    const struct render_sink *out)
{
    const struct ck_player *c = &g->ck.p[seat];
    const char *pre = style_prefix(st);
    char list[BOARD_MAX_EDGES * 10], ex[24], other[NICK_BUF], buf[CARDS_BUF];
    struct rline l;
    private_to(&l, st);
    if (c->ask == ASK_NEUTRAL) {
        neutral_spots(g, seat, list, sizeof list, ex, sizeof ex);
        rline_tr(&l, st,
                 c->ask_arg == TWO_SETTLEMENT && strchr(ex, '-') == NULL ? MSG_TWO_PROMPT_SETTLEMENT
                                                                         : MSG_TWO_PROMPT_ROAD,
                 pre, pre, ex, list);
    } else if (c->ask == ASK_RETURN) {
        rline_tr(&l, st, MSG_TWO_PROMPT_RETURN, nick_str(st, g->ck.asker - 1, other),
                 (int)c->ask_arg);
        rline_tr(&l, st, MSG_CK_PROMPT_GIVE, pre, pre, give_example(g, seat, ex, sizeof ex),
                 goods_str(st->lang, g->p[seat].res, g->p[seat].commodity, 0, buf, sizeof buf));
    } else {
        return;
    }
    if (seconds >= 0)
        rline_tr(&l, st, MSG_CK_PROMPT_TIME, seconds);
    rline_emit(&l, out, seat);
}

int render_neutral_choices(const struct game *g, int seat, char *buf, size_t size)
{
    char ex[24];
    return neutral_spots(g, seat, buf, size, ex, sizeof ex);
}

void render_tokens(const struct game *g, const struct render_style *st, int seat, char *buf,
                   size_t size)
{
    char who[NICK_BUF], list[2 * NICK_BUF + 16];
    struct rline l;
    size_t n = 0;
    list[0] = '\0';
    for (int p = 0; p < g->opt.n_players; p++) {
        int w = snprintf(list + n, sizeof list - n, "%s%s %d", p ? i18n_comma(st->lang) : "",
                         nick_str(st, p, who), g->two.tokens[p]);
        n += w > 0 && (size_t)w < sizeof list - n ? (size_t)w : 0;
    }
    rline_init(&l);
    rline_tr(&l, st, MSG_TWO_TOKENS, list, g->two.supply);
    if (seat >= 0 && seat < g->opt.n_players)
        rline_tr(&l, st, MSG_TWO_TOKEN_COST, style_prefix(st), style_prefix(st),
                 game_token_cost(g, seat));
    snprintf(buf, size, "%s", l.s);
}

/* The ask of the player asked now, rebuilt from the state as its EV_ASK said it. */
static struct game_event ask_event(const struct game *g, int seat)
{
    const struct ck_player *c = &g->ck.p[seat];
    return (struct game_event){.type = EV_ASK,
                               .player = (int8_t)seat,
                               .other = (int8_t)(g->ck.asker - 1),
                               .a = c->ask,
                               .b = c->ask_arg};
}

void two_awaited(struct rline *l, const struct game *g, const struct render_style *st)
{
    for (int p = 0; g->opt.two && p < g->opt.n_players; p++)
        if (g->ck.p[p].ask) {
            struct game_event e = ask_event(g, p);
            char who[NICK_BUF], other[NICK_BUF];
            rline_add(l, " | ");
            two_ask_line(l, st, &e, nick_str(st, p, who), nick_str(st, e.other, other), 0);
        }
}

int two_hint(struct rline *l, const struct game *g, const struct render_style *st)
{
    for (int p = 0; g->opt.two && p < g->opt.n_players; p++)
        if (g->ck.p[p].ask && !seat_is_robot(st, p)) {
            if (g->ck.p[p].ask == ASK_RETURN)
                rline_tr(l, st, MSG_HINT_CK_GIVE, style_prefix(st));
            else
                rline_tr(l, st, MSG_TWO_HINT_NEUTRAL, style_prefix(st));
            return 1;
        }
    return 0;
}
