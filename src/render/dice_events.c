/* The dice deck's event cards (engine/events.c; doc/house-rules.md, "The event cards") as the
 * lines people read: the New Year card, each card's event by name with what it does, under
 * the roll's line; who is asked to choose (to all, with the command) and the prompt (to the
 * player asked: the choices and the time left); a card given from hand to hand is named to the
 * two players only, as a stolen card is. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

static const int event_name[DICE_EVENTS] = {
    [DICE_ROBBER_ATTACK] = MSG_DICE_ROBBER_ATTACK,
    [DICE_EPIDEMIC] = MSG_DICE_EPIDEMIC,
    [DICE_EARTHQUAKE] = MSG_DICE_EARTHQUAKE,
    [DICE_GOOD_NEIGHBORS] = MSG_DICE_GOOD_NEIGHBORS,
    [DICE_TOURNAMENT] = MSG_DICE_TOURNAMENT,
    [DICE_TRADE_ADVANTAGE] = MSG_DICE_TRADE_ADVANTAGE,
    [DICE_CALM_SEA] = MSG_DICE_CALM_SEA,
    [DICE_NEIGHBORLY_ASSISTANCE] = MSG_DICE_NEIGHBORLY_ASSISTANCE,
    [DICE_CONFLICT] = MSG_DICE_CONFLICT,
    [DICE_PLENTIFUL_YEAR] = MSG_DICE_PLENTIFUL_YEAR,
};
static const int event_does[DICE_EVENTS] = {
    [DICE_ROBBER_ATTACK] = MSG_DICE_DO_ROBBER_ATTACK,
    [DICE_EPIDEMIC] = MSG_DICE_DO_EPIDEMIC,
    [DICE_EARTHQUAKE] = MSG_DICE_DO_EARTHQUAKE,
    [DICE_GOOD_NEIGHBORS] = MSG_DICE_DO_GOOD_NEIGHBORS,
    [DICE_TOURNAMENT] = MSG_DICE_DO_TOURNAMENT,
    [DICE_TRADE_ADVANTAGE] = MSG_DICE_DO_TRADE_ADVANTAGE,
    [DICE_CALM_SEA] = MSG_DICE_DO_CALM_SEA,
    [DICE_NEIGHBORLY_ASSISTANCE] = MSG_DICE_DO_NEIGHBORLY_ASSISTANCE,
    [DICE_CONFLICT] = MSG_DICE_DO_CONFLICT,
    [DICE_PLENTIFUL_YEAR] = MSG_DICE_DO_PLENTIFUL_YEAR,
};

const char *render_dice_event_name(int lang, int event)
{
    return event > DICE_PLAIN && event < DICE_EVENTS ? tr(lang, event_name[event]) : "";
}

static void start_private(struct rline *l, const struct render_style *st)
{
    char chan[RENDER_CHAN_MAX + 2];
    rline_init(l);
    rline_add(l, chan_prefix(st, chan));
}

/* "the game waits for alice to ..." and, for a person, the command that answers. */
static void ask_line(struct rline *l, const struct render_style *st, int seat, int kind, int to,
                     int event)
{
    static const int wait[DICE_ASKS] = {0, MSG_DICE_WAIT_TAKE, MSG_DICE_WAIT_GIVE,
                                        MSG_DICE_WAIT_ROB};
    static const int hint[DICE_ASKS] = {0, MSG_HINT_DICE_TAKE, MSG_HINT_DICE_GIVE,
                                        MSG_HINT_DICE_ROB};
    char who[NICK_BUF], other[NICK_BUF];
    const char *name = render_dice_event_name(st->lang, event);
    if (kind <= DICE_ASK_NONE || kind >= DICE_ASKS)
        return;
    if (kind == DICE_ASK_GIVE)
        rline_tr(l, st, wait[kind], nick_str(st, seat, who), nick_str(st, to, other), name);
    else
        rline_tr(l, st, wait[kind], nick_str(st, seat, who), name);
    if (!seat_is_robot(st, seat))
        rline_tr(l, st, hint[kind], style_prefix(st));
}

static void give_lines(const struct game *g, const struct render_style *st,
                       const struct game_event *e, const struct render_sink *out)
{
    char who[NICK_BUF], other[NICK_BUF], cards[CARDS_BUF];
    const char *p = nick_str(st, e->player, who), *o = nick_str(st, e->other, other);
    struct rline l;
    rline_init(&l);
    rline_tr(&l, st, MSG_EV_DICE_GIVE, p, o, render_dice_event_name(st->lang, e->b));
    rline_emit(&l, out, RENDER_PUBLIC);
    (void)g;
    start_private(&l, st);
    rline_tr(&l, st, MSG_EV_DICE_YOU_GAVE, cards_str(st->lang, e->res, cards, sizeof cards), o);
    rline_emit(&l, out, e->player);
    start_private(&l, st);
    rline_tr(&l, st, MSG_EV_DICE_GAVE_YOU, p, cards_str(st->lang, e->res, cards, sizeof cards));
    rline_emit(&l, out, e->other);
}

int dice_event_render(const struct game *g, const struct render_style *st,
                      const struct game_event *e, const struct render_sink *out)
{
    char who[NICK_BUF], cards[CARDS_BUF];
    const char *p = nick_str(st, e->player, who);
    int lang = st->lang;
    struct rline l;
    rline_init(&l);
    switch (e->type) {
    case EV_NEW_YEAR:
        rline_tr(&l, st, MSG_EV_NEW_YEAR, p);
        break;
    case EV_DICE_EVENT:
        if (e->a <= DICE_PLAIN || e->a >= DICE_EVENTS)
            return 1;
        rline_tr(&l, st, MSG_EV_DICE_EVENT, render_dice_event_name(lang, e->a),
                 tr(lang, event_does[e->a]));
        break;
    case EV_DICE_ASK:
        ask_line(&l, st, e->player, e->a, e->other, e->b);
        break;
    case EV_DICE_GIVE:
        give_lines(g, st, e, out);
        return 1;
    case EV_DICE_TAKE:
        rline_tr(&l, st, MSG_EV_DICE_TAKE, p, cards_str(lang, e->res, cards, sizeof cards),
                 render_dice_event_name(lang, e->b));
        break;
    default:
        return 0;
    }
    rline_emit(&l, out, RENDER_PUBLIC);
    return 1;
}

/* What seat may answer: the resources (as !take and !give take them, "grain") or the nicks. */
static const char *choices(const struct game *g, const struct render_style *st, int seat, char *buf,
                           size_t size)
{
    struct game_action list[GAME_MAX_PLAYERS + RES_COUNT];
    int n = game_legal_actions(g, seat, list, GAME_MAX_PLAYERS + RES_COUNT);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && i < GAME_MAX_PLAYERS + RES_COUNT && len < size; i++) {
        char name[RENDER_NICK_MAX + 1];
        const char *w = name;
        if (list[i].type == ACT_CK_CHOOSE)
            seat_command_name(st, list[i].target, name, sizeof name);
        else
            for (int r = 0; r < RES_COUNT; r++)
                if (list[i].give[r] || list[i].get[r])
                    w = render_res_name(r);
        int k = snprintf(buf + len, size - len, "%s%s", len ? ", " : "", w);
        len += k > 0 ? (size_t)k : 0;
    }
    return buf;
}

void render_dice_prompt(const struct game *g, const struct render_style *st, int seat, int seconds,
                        const struct render_sink *out)
{
    if (seat < 0 || seat >= g->opt.n_players || !g->dice_ask[seat] || seat_is_robot(st, seat))
        return;
    const char *pre = style_prefix(st), *name = render_dice_event_name(st->lang, g->dice_event);
    char list[GAME_MAX_PLAYERS * (RENDER_NICK_MAX + 2) + 64], first[RENDER_NICK_MAX + 1];
    char other[NICK_BUF], cards[CARDS_BUF];
    struct rline l;
    start_private(&l, st);
    choices(g, st, seat, list, sizeof list);
    snprintf(first, sizeof first, "%.*s", (int)strcspn(list, ","), list);
    switch (g->dice_ask[seat]) {
    case DICE_ASK_TAKE:
        rline_tr(&l, st, MSG_DICE_PROMPT_TAKE, name, pre, pre, first);
        break;
    case DICE_ASK_GIVE:
        rline_tr(&l, st, MSG_DICE_PROMPT_GIVE, name, nick_str(st, g->dice_ask_to[seat], other), pre,
                 pre, first, hand_cards_str(st->lang, g->p[seat].res, cards, sizeof cards));
        break;
    default:
        rline_tr(&l, st, MSG_DICE_PROMPT_ROB, name, pre, list);
        break;
    }
    if (seconds >= 0)
        rline_tr(&l, st, MSG_CK_PROMPT_TIME, seconds);
    rline_emit(&l, out, seat);
}

void dice_ask_status(struct rline *l, const struct game *g, const struct render_style *st)
{
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->dice_ask[p]) {
            rline_add(l, " | ");
            ask_line(l, st, p, g->dice_ask[p], g->dice_ask_to[p], g->dice_event);
        }
}
