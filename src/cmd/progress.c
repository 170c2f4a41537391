/* Cities & Knights: the progress cards (!play CARD [ARGS], !progress draw DECK, !progress
 * discard CARD) and the commodities in the commands that take a LIST (!bank, !discard, !trade
 * offer). Card names as people say them: "merchant fleet", "Road Building", "res" (a unique
 * prefix of one word), "monopoly" (resource or trade, by what it names). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/phrase.h"

/* PROG_COUNT: "monopoly", resource or trade by its argument. */
#define MONOPOLY PROG_COUNT
/* The names of the base game's development cards, which Cities & Knights has not. */
#define DEV_WORD (PROG_COUNT + 1)

/* Canonical names first, in enum order (card_name indexes them). */
static const struct words_name card_names[] = {
    {"alchemist", PROG_ALCHEMIST},
    {"inventor", PROG_INVENTOR},
    {"crane", PROG_CRANE},
    {"road building", PROG_ROAD_BUILDING},
    {"engineer", PROG_ENGINEER},
    {"irrigation", PROG_IRRIGATION},
    {"medicine", PROG_MEDICINE},
    {"mining", PROG_MINING},
    {"printer", PROG_PRINTER},
    {"smith", PROG_SMITH},
    {"commercial harbor", PROG_COMMERCIAL_HARBOR},
    {"master merchant", PROG_MASTER_MERCHANT},
    {"merchant", PROG_MERCHANT},
    {"merchant fleet", PROG_MERCHANT_FLEET},
    {"resource monopoly", PROG_RESOURCE_MONOPOLY},
    {"trade monopoly", PROG_TRADE_MONOPOLY},
    {"bishop", PROG_BISHOP},
    {"constitution", PROG_CONSTITUTION},
    {"deserter", PROG_DESERTER},
    {"diplomat", PROG_DIPLOMAT},
    {"intrigue", PROG_INTRIGUE},
    {"saboteur", PROG_SABOTEUR},
    {"spy", PROG_SPY},
    {"warlord", PROG_WARLORD},
    {"wedding", PROG_WEDDING},
    {"roads", PROG_ROAD_BUILDING},
    {"road", PROG_ROAD_BUILDING},
    {"roadbuilding", PROG_ROAD_BUILDING},
    {"commercial harbour", PROG_COMMERCIAL_HARBOR},
    {"monopoly", MONOPOLY},
    {"knight", DEV_WORD},
    {"plenty", DEV_WORD},
    {"year of plenty", DEV_WORD},
    {"victory point", DEV_WORD},
    {NULL, 0},
};

static const char *card_name(int card)
{
    return card >= PROG_ALCHEMIST && card < PROG_COUNT ? card_names[card - 1].name : "?";
}

int cmd_card_arg(struct cmd_call *c, int argc, char **argv, int *used, const char *usage)
{
    for (int k = argc < 3 ? argc : 3; k >= 2; k--) {
        char text[96], folded[96];
        size_t n = 0;
        text[0] = '\0';
        for (int i = 0; i < k && n < sizeof text; i++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", i ? " " : "", argv[i]);
        phrase_fold(text, folded, sizeof folded);
        for (const struct words_name *w = card_names; w->name; w++)
            if (strcmp(folded, w->name) == 0) {
                *used = k;
                return w->value;
            }
    }
    char msg[200];
    int card = words_phrase(1, argv, card_names, "progress card", msg, sizeof msg);
    if (card < 0) {
        char line[160];
        snprintf(line, sizeof line, "%s%s", c->prefix, usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return card;
    }
    *used = 1;
    return card;
}

/* ---- refusals ---- */

/* "12-13" for edge e. */
static const char *edge_words(const struct game *g, int e, char *buf, size_t size)
{
    const struct board_geo *geo = game_geo(g);
    if (e < 0 || e >= geo->n_edges)
        snprintf(buf, size, "?");
    else
        snprintf(buf, size, "%d-%d", geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
    return buf;
}

/* The commercial harbor refused: a player offered to who may not be, or resources not held. */
static bool explain_harbor(struct cmd_call *c, const struct game_action *a, int err)
{
    const struct game *g = &c->s->game;
    char held[320];
    if (err == BW_E(NOT_ENOUGH)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_HARBOR_RES),
                   render_goods_held(g, c->lang, c->seat, held, sizeof held));
        return true;
    }
    for (int q = 0; err == BW_E(INVALID) && q < g->opt.n_players; q++) {
        if (!(((q < 4 ? a->a : a->b) >> (4 * (q % 4))) & 15))
            continue;
        const uint8_t *com = g->p[q].commodity;
        if (q == c->seat || g->p[q].resigned)
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_TARGET_OTHER));
        else if (!(com[0] | com[1] | com[2]))
            cmd_replyf(c, tr(c->lang, MSG_CK_HARBOR_NONE), c->s->seat[q].nick);
        else
            continue;
        return true;
    }
    return false;
}

/* The diplomat refused: which of the two roads named is at fault, learnt by playing the card
 * on a copy without the second. */
static bool explain_diplomat(struct cmd_call *c, const struct game_action *a, int err)
{
    const struct game *g = &c->s->game;
    char edge[16];
    int e = a->a;
    bool first_ok = false;
    if (a->b >= 0) {
        struct game copy = *g;
        struct game_action one = *a;
        one.b = -1;
        first_ok = game_apply(&copy, &one, NULL, 0, NULL) == BW_OK;
    }
    if (first_ok || err == BW_E(NOT_YOURS))
        cmd_replyf(c, tr(c->lang, MSG_CK_DIPLOMAT_AGAIN), edge_words(g, a->b, edge, sizeof edge));
    else if (err == BW_E(NO_SUCH_SPOT))
        cmd_replyf(c, tr(c->lang, MSG_CK_DIPLOMAT_NO_ROAD), edge_words(g, e, edge, sizeof edge));
    else if (err == BW_E(NOT_CONNECTED))
        cmd_replyf(c, tr(c->lang, MSG_CK_DIPLOMAT_OPEN), edge_words(g, e, edge, sizeof edge));
    else
        return false;
    return true;
}

/* The cards that ask others, refused for their arguments: whether it replied. */
static bool explain_asking(struct cmd_call *c, const struct game_action *a, int err)
{
    switch (a->res) {
    case PROG_COMMERCIAL_HARBOR:
        return explain_harbor(c, a, err);
    case PROG_DIPLOMAT:
        return explain_diplomat(c, a, err);
    case PROG_DESERTER:
        if (err == BW_E(INVALID))
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_TARGET_OTHER));
        else if (err == BW_E(NO_PIECES) && a->target >= 0 && a->target < c->s->n_seats)
            cmd_replyf(c, tr(c->lang, MSG_CK_DESERTER_NONE), c->s->seat[a->target].nick);
        else if (err == BW_E(OCCUPIED) || err == BW_E(NOT_CONNECTED) || err == BW_E(NO_SUCH_SPOT))
            cmd_replyf(c, tr(c->lang, MSG_CK_DESERTER_AT), a->a + 1);
        else
            return false;
        return true;
    case PROG_INTRIGUE:
        if (err == BW_E(NOT_YOURS))
            cmd_replyf(c, tr(c->lang, MSG_CK_INTRIGUE_KNIGHT), a->a + 1);
        else if (err == BW_E(NOT_CONNECTED))
            cmd_replyf(c, tr(c->lang, MSG_CK_INTRIGUE_REACH), a->a + 1);
        else
            return false;
        return true;
    default:
        return false;
    }
}

bool cmd_explain_progress(struct cmd_call *c, const struct game_action *a, int err)
{
    const struct game *g = &c->s->game;
    static const int deck_names[CK_TRACKS] = {MSG_CK_TRACK_SCIENCE, MSG_CK_TRACK_TRADE,
                                              MSG_CK_TRACK_POLITICS};
    bool my_move = g->phase == PHASE_MAIN && g->current == c->seat;
    switch (a->type) {
    case ACT_PROGRESS:
        if (cmd_explain_look(c, a, err))
            return true;
        if (err == BW_E(NO_CARD))
            cmd_replyf(c, tr(c->lang, MSG_CK_CARD_NOT_HELD), card_name(a->res), c->prefix);
        else if (err == BW_E(WRONG_PHASE) && my_move && a->res == PROG_ALCHEMIST)
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_ALCHEMIST_BEFORE));
        else if (err == BW_E(WRONG_PHASE) && my_move && a->res == PROG_BISHOP && !g->ck.attacks)
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_ROBBER_SLEEPS));
        else if (err == BW_E(TOO_MANY))
            cmd_replyf(c, tr(c->lang, MSG_CK_HAND_FIVE), c->prefix);
        else if (err != BW_E(WRONG_PHASE) && err != BW_E(NOT_YOUR_TURN) &&
                 explain_asking(c, a, err))
            return true;
        else
            return cmd_explain_pending(c, err);
        return true;
    case ACT_PROGRESS_DRAW:
        if (err == BW_E(DECK_EMPTY) && a->res < CK_TRACKS)
            cmd_replyf(c, tr(c->lang, MSG_CK_DECK_EMPTY), tr(c->lang, deck_names[a->res]));
        else if (err == BW_E(TOO_MANY))
            cmd_replyf(c, tr(c->lang, MSG_CK_HAND_FIVE), c->prefix);
        else if (!g->ck.p[c->seat].draws)
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_DRAW_NONE));
        else
            return false;
        return true;
    case ACT_PROGRESS_DISCARD:
        if (!g->ck.p[c->seat].hand[CK_HAND])
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_DISCARD_NONE));
        else if (err == BW_E(NO_CARD))
            cmd_replyf(c, tr(c->lang, MSG_CK_CARD_NOT_HELD), card_name(a->res), c->prefix);
        else
            return false;
        return true;
    case ACT_CK_TRADE:
        if (err != BW_E(NOT_ENOUGH) || a->res >= GOOD_COUNT)
            return false;
        cmd_replyf(c, tr(c->lang, MSG_CK_HAVE_ONLY), words_good_name(a->res),
                   a->res < RES_COUNT ? g->p[c->seat].res[a->res]
                                      : g->p[c->seat].commodity[a->res - GOOD_PAPER]);
        return true;
    default:
        return false;
    }
}

bool cmd_explain_pending(struct cmd_call *c, int err)
{
    const struct game *g = &c->s->game;
    if (!g->ck.on && c->seat >= 0 && (err == BW_E(WRONG_PHASE) || err == BW_E(NOT_YOUR_TURN)))
        return cmd_dice_explain(c); /* the dice deck's event cards ask first */
    if (!g->ck.on || c->seat < 0)
        return false;
    if (cmd_explain_take(c, err))
        return true;
    bool refused = err == BW_E(WRONG_PHASE) || err == BW_E(NOT_YOUR_TURN);
    if (refused && cmd_ask_prompt(c)) /* asked: what to type */
        return true;
    if (err != BW_E(WRONG_PHASE))
        return false;
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->ck.p[p].ask) { /* others answer first: whom the game waits for */
            char why[RENDER_LINE_MAX];
            cmd_whose_move(c, why, sizeof why);
            cmd_replyf(c, "%s", why);
            return true;
        }
    if (g->ck.p[c->seat].hand[CK_HAND]) {
        cmd_replyf(c, tr(c->lang, MSG_CK_HAND_FIVE), c->prefix);
        return true;
    }
    if (g->ck.p[c->seat].draws) {
        cmd_replyf(c, tr(c->lang, MSG_CK_DRAW_OWED), c->prefix);
        return true;
    }
    /* Others first choose a deck or give up a fifth card. */
    char who[200];
    size_t n = 0;
    who[0] = '\0';
    for (int p = 0; p < g->opt.n_players && n < sizeof who; p++)
        if (g->ck.p[p].draws || g->ck.p[p].hand[CK_HAND])
            n += (size_t)snprintf(who + n, sizeof who - n, "%s%s", n ? i18n_comma(c->lang) : "",
                                  c->s->seat[p].nick);
    if (!n)
        return false;
    cmd_replyf(c, tr(c->lang, MSG_CK_WAIT_PROGRESS), who);
    return true;
}

/* ---- !play CARD [ARGS] ---- */

static int bad_words(struct cmd_call *c, int err, const char *msg, const char *usage)
{
    char line[256];
    snprintf(line, sizeof line, "%s%s", c->prefix, usage);
    cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
    return err;
}

/* A die's face, 1-6. */
static int die_arg(const char *w)
{
    return w[0] >= '1' && w[0] <= '6' && !w[1] ? w[0] - '0' : -1;
}

/* The usage of each card's arguments, "" for none. */
static const char *card_usage(int card)
{
    switch (card) {
    case PROG_ALCHEMIST:
        return "play alchemist YELLOW RED";
    case PROG_INVENTOR:
        return "play inventor HEX HEX";
    case PROG_CRANE:
        return "play crane trade|politics|science [at V]";
    case PROG_ROAD_BUILDING:
        return "play roads N-M [N-M]";
    case PROG_ENGINEER:
        return "play engineer V";
    case PROG_MEDICINE:
        return "play medicine V";
    case PROG_SMITH:
        return "play smith V [W]";
    case PROG_MERCHANT_FLEET:
        return "play merchant fleet RES|COMMODITY";
    case PROG_RESOURCE_MONOPOLY:
        return "play resource monopoly RES";
    case PROG_TRADE_MONOPOLY:
        return "play trade monopoly paper|cloth|coin";
    case PROG_BISHOP:
        return "play bishop HEX";
    case PROG_MERCHANT:
        return "play merchant HEX";
    case PROG_WEDDING:
        return "play wedding";
    case PROG_COMMERCIAL_HARBOR:
        return "play commercial harbor NICK RES [NICK RES ...]";
    case PROG_DESERTER:
        return "play deserter NICK [at V]";
    case PROG_DIPLOMAT:
        return "play diplomat N-M [N-M]";
    case PROG_INTRIGUE:
        return "play intrigue V";
    case PROG_MASTER_MERCHANT:
        return "play master merchant NICK";
    case PROG_SPY:
        return "play spy NICK";
    default:
        return "play CARD";
    }
}

/* A usage reply naming card's own arguments; BW_E(PARSE). */
static int card_usage_reply(struct cmd_call *c, int card)
{
    char line[RENDER_LINE_MAX];
    snprintf(line, sizeof line, "%s%s", c->prefix, card_usage(card));
    cmd_replyf(c, tr(c->lang, MSG_CMD_USAGE), line);
    return BW_E(PARSE);
}

/* The commercial harbor's offers, "NICK RES [NICK RES ...]": 1 + the resource offered to each
 * seat, a nibble a seat (seats 0-3 in a, 4-5 in b). BW_OK, or a bw_err after replying why. */
static int harbor_args(struct cmd_call *c, int argc, char **argv, struct game_action *a)
{
    char msg[200];
    if (argc < 2 || argc % 2)
        return card_usage_reply(c, PROG_COMMERCIAL_HARBOR);
    a->a = a->b = 0;
    for (int i = 0; i < argc; i += 2) {
        int q = cmd_seat_arg(c, argv[i]);
        if (q < 0)
            return q;
        int r = words_resource(argv[i + 1], msg, sizeof msg);
        if (r < 0)
            return bad_words(c, r, msg, card_usage(PROG_COMMERCIAL_HARBOR));
        int16_t *field = q < 4 ? &a->a : &a->b, shift = (int16_t)(4 * (q % 4));
        if ((*field >> shift) & 15) /* one offer a player */
            return card_usage_reply(c, PROG_COMMERCIAL_HARBOR);
        *field = (int16_t)(*field | (r + 1) << shift);
    }
    return BW_OK;
}

/* "NICK [at V]": the deserter's target, and the corner for the player's own knight. */
static int deserter_args(struct cmd_call *c, int argc, char **argv, struct game_action *a)
{
    char msg[200];
    if (argc != 1 && !(argc == 3 && strcasecmp(argv[1], "at") == 0))
        return card_usage_reply(c, PROG_DESERTER);
    int q = cmd_seat_arg(c, argv[0]);
    if (q < 0)
        return q;
    a->target = (int8_t)q;
    if (argc == 3) {
        int v = words_vertex(game_geo(&c->s->game), argv[2], msg, sizeof msg);
        if (v < 0)
            return bad_words(c, v, msg, card_usage(PROG_DESERTER));
        a->a = (int16_t)v;
    }
    return BW_OK;
}

/* The arguments of card from argv into a; BW_OK, or a bw_err after replying why. */
static int card_args(struct cmd_call *c, int card, int argc, char **argv, struct game_action *a)
{
    const struct board_geo *geo = game_geo(&c->s->game);
    const char *usage = card_usage(card);
    char msg[200];
    int v;
    switch (card) {
    case PROG_ALCHEMIST:
        if (argc != 2 || die_arg(argv[0]) < 0 || die_arg(argv[1]) < 0) {
            cmd_replyf(c, tr(c->lang, MSG_CK_ALCHEMIST_DICE), c->prefix);
            return BW_E(PARSE);
        }
        a->a = (int16_t)die_arg(argv[0]);
        a->b = (int16_t)die_arg(argv[1]);
        return BW_OK;
    case PROG_INVENTOR:
    case PROG_BISHOP:
    case PROG_MERCHANT:
        if (argc != (card == PROG_INVENTOR ? 2 : 1))
            return card_usage_reply(c, card);
        for (int i = 0; i < argc; i++) {
            if ((v = words_hex(geo, argv[i], msg, sizeof msg)) < 0)
                return bad_words(c, v, msg, usage);
            if (i == 0)
                a->a = (int16_t)v;
            else
                a->b = (int16_t)v;
        }
        return BW_OK;
    case PROG_CRANE:
        if (argc == 3 && strcasecmp(argv[1], "at") == 0) {
            if ((v = words_vertex(geo, argv[2], msg, sizeof msg)) < 0)
                return bad_words(c, v, msg, usage);
            a->a = (int16_t)v;
            argc = 1;
        }
        if (argc != 1)
            return card_usage_reply(c, card);
        if ((v = cmd_track_arg(c, 1, argv, usage)) < 0)
            return v;
        a->res2 = (uint8_t)v;
        return BW_OK;
    case PROG_ROAD_BUILDING:
    case PROG_SMITH:
    case PROG_DIPLOMAT:
        if (argc < 1 || argc > 2)
            return card_usage_reply(c, card);
        for (int i = 0; i < argc; i++) {
            v = card == PROG_SMITH ? words_vertex(geo, argv[i], msg, sizeof msg)
                                   : words_edge(geo, argv[i], msg, sizeof msg);
            if (v < 0)
                return bad_words(c, v, msg, usage);
            if (i == 0)
                a->a = (int16_t)v;
            else
                a->b = (int16_t)v;
        }
        return BW_OK;
    case PROG_COMMERCIAL_HARBOR:
        return harbor_args(c, argc, argv, a);
    case PROG_DESERTER:
        return deserter_args(c, argc, argv, a);
    case PROG_ENGINEER:
    case PROG_MEDICINE:
    case PROG_INTRIGUE:
        if (argc != 1)
            return card_usage_reply(c, card);
        if ((v = words_vertex(geo, argv[0], msg, sizeof msg)) < 0)
            return bad_words(c, v, msg, usage);
        a->a = (int16_t)v;
        return BW_OK;
    case PROG_MERCHANT_FLEET:
    case PROG_RESOURCE_MONOPOLY:
    case PROG_TRADE_MONOPOLY:
        if (argc != 1)
            return card_usage_reply(c, card);
        v = card == PROG_RESOURCE_MONOPOLY ? words_resource(argv[0], msg, sizeof msg)
                                           : words_good(argv[0], msg, sizeof msg);
        if (v < 0)
            return bad_words(c, v, msg, usage);
        if (card == PROG_TRADE_MONOPOLY && v < GOOD_PAPER) {
            cmd_replyf(c, tr(c->lang, MSG_CK_TRADE_MONOPOLY_GOOD), c->prefix);
            return BW_E(PARSE);
        }
        a->res2 = (uint8_t)(card == PROG_TRADE_MONOPOLY ? v - GOOD_PAPER : v);
        return BW_OK;
    case PROG_MASTER_MERCHANT: /* whose hand: the choice comes with !take, once seen */
    case PROG_SPY:
        if (argc != 1)
            return card_usage_reply(c, card);
        if ((v = cmd_seat_arg(c, argv[0])) < 0)
            return v;
        a->target = (int8_t)v;
        return BW_OK;
    default: /* no arguments */
        return argc ? cmd_usage(c) : BW_OK;
    }
}

int cmd_play_progress(struct cmd_call *c)
{
    int used;
    int card = cmd_card_arg(c, c->argc, c->argv, &used, c->cmd->usage);
    if (card < 0)
        return card;
    int argc = c->argc - used;
    char **argv = c->argv + used;
    if (card == DEV_WORD) {
        cmd_replyf(c, tr(c->lang, MSG_CK_NO_DEV), c->prefix, c->prefix);
        return BW_E(INVALID);
    }
    if (card == MONOPOLY) { /* by what it names: a resource or a commodity */
        char msg[8];
        int k = argc == 1 ? words_good(argv[0], msg, sizeof msg) : -1;
        if (k < 0) {
            cmd_replyf(c, tr(c->lang, MSG_CK_MONOPOLY_WHICH), c->prefix, c->prefix);
            return BW_E(PARSE);
        }
        card = k < RES_COUNT ? PROG_RESOURCE_MONOPOLY : PROG_TRADE_MONOPOLY;
    }
    if (card == PROG_PRINTER || card == PROG_CONSTITUTION) {
        cmd_replyf(c, tr(c->lang, MSG_CK_CARD_POINT), card_name(card));
        return BW_E(INVALID);
    }
    struct game_action a = {
        .type = ACT_PROGRESS, .res = (uint8_t)card, .a = -1, .b = -1, .target = -1};
    int err = card_args(c, card, argc, argv, &a);
    return err ? err : cmd_ck_act(c, &a);
}

/* ---- !progress draw DECK | discard CARD ---- */

static int exec_progress(struct cmd_call *c)
{
    static const struct words_name subs[] = {
        {"draw", ACT_PROGRESS_DRAW},
        {"discard", ACT_PROGRESS_DISCARD},
        {"drop", ACT_PROGRESS_DISCARD},
        {"give", ACT_PROGRESS_DISCARD},
        {NULL, 0},
    };
    char msg[160];
    if (!cmd_cities_here(c))
        return BW_E(WRONG_PHASE);
    if (c->argc == 0) /* the cards held, with what each needs */
        return c->seat < 0 ? cmd_not_seated(c) : cmd_progress_list(c);
    if (c->argc < 2)
        return cmd_usage(c);
    int sub = words_lookup(c->argv[0], subs, "command", msg, sizeof msg);
    if (sub < 0)
        return bad_words(c, sub, msg, "progress draw science|trade|politics | discard CARD");
    if (c->seat < 0)
        return cmd_not_seated(c);
    int argc = c->argc - 1;
    char **argv = c->argv + 1;
    if (sub == ACT_PROGRESS_DISCARD && strcasecmp(c->argv[0], "give") == 0 && argc > 1 &&
        strcasecmp(argv[0], "up") == 0) { /* "give up CARD" */
        argc--;
        argv++;
    }
    struct game_action a = {.type = (uint8_t)sub, .a = -1, .b = -1, .target = -1};
    if (sub == ACT_PROGRESS_DRAW) {
        int t = cmd_track_arg(c, argc, argv, "progress draw science|trade|politics");
        if (t < 0)
            return t;
        a.res = (uint8_t)t;
        return cmd_ck_act(c, &a);
    }
    int used;
    int card = cmd_card_arg(c, argc, argv, &used, "progress discard CARD");
    if (card < 0)
        return card;
    if (card >= PROG_COUNT || used != argc)
        return cmd_usage(c);
    a.res = (uint8_t)card;
    return cmd_ck_act(c, &a);
}

/* ---- commodities in a LIST ---- */

/* What player gives the bank of good give for one good get now, or -1 when the engine would
 * refuse the trade whatever the count (not the main phase of their turn, the same good): the
 * trade tried on a copy in which they hold plenty. */
static int bank_rate(const struct game *g, int player, int give, int get)
{
    struct game copy = *g;
    if (give < RES_COUNT)
        copy.p[player].res[give] = 200;
    else
        copy.p[player].commodity[give - GOOD_PAPER] = 200;
    if (get < RES_COUNT)
        copy.bank[get] = copy.bank[get] ? copy.bank[get] : 1;
    else
        copy.ck.bank[get - GOOD_PAPER] =
            copy.ck.bank[get - GOOD_PAPER] ? copy.ck.bank[get - GOOD_PAPER] : 1;
    struct game_action a = {.type = ACT_CK_TRADE,
                            .player = (int8_t)player,
                            .res = (uint8_t)give,
                            .res2 = (uint8_t)get,
                            .a = 1};
    struct game_event ev[GAME_MAX_EVENTS];
    int n_ev;
    if (game_apply(&copy, &a, ev, GAME_MAX_EVENTS, &n_ev))
        return -1;
    for (int i = 0; i < n_ev; i++)
        if (ev[i].type == EV_CK_TRADE)
            return ev[i].b;
    return -1;
}

/* The one good a side names (its count in *n), or -1 when it names several. */
static int one_good(const uint8_t counts[GOOD_COUNT], int *n)
{
    int k = -1;
    for (int i = 0; i < GOOD_COUNT; i++)
        if (counts[i]) {
            if (k >= 0)
                return -1;
            k = i;
            *n = counts[i];
        }
    return k;
}

static bool has_commodity(const uint8_t counts[GOOD_COUNT])
{
    return counts[GOOD_PAPER] | counts[GOOD_PAPER + 1] | counts[GOOD_PAPER + 2];
}

int cmd_bank_goods(struct cmd_call *c)
{
    char msg[200];
    struct words_trade parts;
    uint8_t give[GOOD_COUNT], get[GOOD_COUNT];
    int err = words_trade_goods(c->argc, c->argv, false, give, get, &parts, msg, sizeof msg);
    if (err < 0)
        return bad_words(c, err, msg, "bank LIST for LIST");
    const struct game *g = &c->s->game;
    bool com = has_commodity(give) || has_commodity(get);
    int n_give = 0, n_get = 0, k_give = one_good(give, &n_give), k_get = one_good(get, &n_get);
    struct game_action a = {.type = ACT_BANK_TRADE};
    if (com && (k_give < 0 || k_get < 0)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_BANK_KINDS), c->prefix);
        return BW_E(BAD_TRADE);
    }
    int rate = k_give >= 0 && k_get >= 0 ? bank_rate(g, c->seat, k_give, k_get) : -1;
    if (!com && (rate < 0 || rate >= g->rates_of[c->seat][k_give])) {
        memcpy(a.give, give, RES_COUNT); /* resources at the harbor rates */
        memcpy(a.get, get, RES_COUNT);
        return cmd_act(c, &a);
    }
    if (rate > 0 && n_give != rate * n_get) {
        cmd_replyf(c, tr(c->lang, MSG_CK_BANK_RATE), words_good_name(k_give), rate, c->prefix,
                   rate * n_get, words_good_name(k_give), n_get, words_good_name(k_get));
        return BW_E(BAD_RATE);
    }
    a.type = ACT_CK_TRADE;
    a.res = (uint8_t)k_give;
    a.res2 = (uint8_t)k_get;
    a.a = (int16_t)n_get;
    return cmd_ck_act(c, &a);
}

int cmd_discard_goods(struct cmd_call *c)
{
    char msg[200];
    uint8_t counts[GOOD_COUNT];
    int n = words_goods(c->argc, c->argv, counts, msg, sizeof msg);
    if (n < 0)
        return bad_words(c, n, msg, "discard LIST");
    int need = c->s->game.p[c->seat].discard;
    if (need && n != need) {
        cmd_replyf(c, tr(c->lang, MSG_PLAY_DISCARD), need, n);
        return BW_E(DISCARD_COUNT);
    }
    struct game_action a = {.type = ACT_DISCARD};
    memcpy(a.give, counts, RES_COUNT);
    memcpy(a.get, counts + GOOD_PAPER, COM_COUNT);
    return cmd_act(c, &a);
}

int cmd_offer_goods(struct cmd_call *c, int argc, char **argv, struct game_action *a,
                    struct words_trade *parts)
{
    char msg[200];
    uint8_t give[GOOD_COUNT], get[GOOD_COUNT];
    int err = words_trade_goods(argc, argv, true, give, get, parts, msg, sizeof msg);
    if (err < 0)
        return bad_words(c, err, msg, "trade offer LIST for LIST [to NICK...]");
    memcpy(a->give, give, RES_COUNT);
    memcpy(a->get, get, RES_COUNT);
    /* The commodities, 5 bits each in a and b (more than 31 is more than anyone holds: the
     * engine refuses the offer for want of them, or nobody can take it). */
    a->a = a->b = 0;
    for (int k = 0; k < COM_COUNT; k++) {
        int gv = give[GOOD_PAPER + k] > 31 ? 31 : give[GOOD_PAPER + k];
        int gt = get[GOOD_PAPER + k] > 31 ? 31 : get[GOOD_PAPER + k];
        a->a = (int16_t)(a->a | gv << (5 * k));
        a->b = (int16_t)(a->b | gt << (5 * k));
    }
    return BW_OK;
}

const struct cmd_entry cmd_progress = {
    "progress",
    {NULL},
    "[draw science|trade|politics | discard CARD]",
    "Cities & Knights: alone, your progress cards and what each needs, privately; after a tie "
    "defending Catan, draw a progress card from the deck you choose; holding five, give one up",
    0,
    5,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_progress,
};
