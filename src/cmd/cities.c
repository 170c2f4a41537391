/* Cities & Knights: !expansion in the lobby, and the moves of its game that are not cards:
 * !knight (build, promote, activate, move, chase), !improve and !wall. The engine decides; a
 * refusal says why from its error and the state, and what to do instead (cmd_ck_act). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"

bool cmd_cities_here(struct cmd_call *c)
{
    if (c->s->game.ck.on)
        return true;
    cmd_replyf(c, tr(c->lang, MSG_CK_NOT_CITIES), c->prefix, c->cmd->name, c->prefix);
    return false;
}

/* ---- !expansion ---- */

static int exec_expansion(struct cmd_call *c)
{
    static const struct words_name names[] = {
        {"none", SESSION_EXPANSION_NONE},
        {"cities", SESSION_EXPANSION_CITIES},
        {"cities & knights", SESSION_EXPANSION_CITIES},
        {"cities and knights", SESSION_EXPANSION_CITIES},
        {"ck", SESSION_EXPANSION_CITIES},
        {"base", SESSION_EXPANSION_NONE},
        {NULL, 0},
    };
    char msg[200];
    if (!c->s) {
        cmd_replyf(c, tr(c->lang, MSG_CK_EXP_NO_GAME), c->channel ? c->channel : "#channel",
                   c->prefix, c->prefix);
        return BW_E(NOT_FOUND);
    }
    int cur = c->s->expansion;
    if (c->s->state != SESSION_LOBBY) {
        cmd_replyf(c, "%s", tr(c->lang, cur ? MSG_CK_EXP_GAME_CITIES : MSG_CK_EXP_GAME_NONE));
        return c->argc ? BW_E(WRONG_PHASE) : BW_OK;
    }
    if (c->argc == 0) {
        cmd_replyf(c, tr(c->lang, cur ? MSG_CK_EXP_LOBBY_CITIES : MSG_CK_EXP_LOBBY_NONE),
                   c->channel, c->prefix);
        return BW_OK;
    }
    if (c->seat < 0)
        return cmd_not_seated(c);
    int e = words_phrase(c->argc, c->argv, names, "expansion", msg, sizeof msg);
    if (e < 0) {
        char line[64];
        snprintf(line, sizeof line, "%sexpansion %s", c->prefix, c->cmd->usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
        return e;
    }
    if (e == SESSION_EXPANSION_CITIES && !session_cities_ready) {
        cmd_replyf(c, "%s", tr(c->lang, MSG_CK_EXP_NOT_READY));
        return BW_E(DENIED);
    }
    if (!session_expansion_fits(e, c->s->map, c->s->variant, msg, sizeof msg)) {
        cmd_replyf(c,
                   tr(c->lang, c->s->map != SESSION_MAP_BASE ? MSG_CK_EXP_MAP_FIRST
                                                             : MSG_CK_EXP_VARIANT_FIRST),
                   msg, c->prefix);
        return BW_E(INVALID);
    }
    if (cur == e) {
        cmd_replyf(c, tr(c->lang, e ? MSG_CK_EXP_ALREADY_CITIES : MSG_CK_EXP_ALREADY_NONE),
                   c->channel);
        return BW_OK;
    }
    c->s->expansion = (uint8_t)e;
    c->host->changed(c->host->ctx, c->s);
    cmd_announcef(c, tr(c->lang, e ? MSG_CK_EXP_CHOSE : MSG_CK_EXP_DROPPED), c->nick);
    cmd_rules_refit(c);
    return BW_OK;
}

/* ---- refusals ---- */

/* Whether anyone owes a choice of deck or holds five progress cards (the engine's pending
 * state, before anything else). */
static bool progress_pending(const struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->ck.p[p].draws || g->ck.p[p].hand[CK_HAND])
            return true;
    return false;
}

/* The state of the knight of player at v (KNIGHT_*), or -1 when it has none there. */
static int knight_state(const struct game *g, int player, int v)
{
    int slot;
    if (v < 0 || v >= game_geo(g)->n_vertices || game_knight_at(g, v, &slot) != player)
        return -1;
    return g->ck.p[player].knight[slot];
}

static const int track_names[CK_TRACKS] = {MSG_CK_TRACK_SCIENCE, MSG_CK_TRACK_TRADE,
                                           MSG_CK_TRACK_POLITICS};

static bool explain_knight(struct cmd_call *c, const struct game_action *a, int err)
{
    const struct game *g = &c->s->game;
    int v = a->a + 1, st = knight_state(g, c->seat, a->a);
    bool my_move = g->phase == PHASE_MAIN && g->current == c->seat && !progress_pending(g);
    if (err == BW_E(NOT_YOURS)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_NO_KNIGHT), v, c->prefix, v);
        return true;
    }
    switch (a->type) {
    case ACT_KNIGHT:
        if (err == BW_E(NOT_ENOUGH))
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_KNIGHT_COST));
        else if (err == BW_E(OCCUPIED))
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_CORNER_TAKEN), v);
        else if (err == BW_E(NOT_CONNECTED))
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_REACH), v);
        else if (err == BW_E(NO_PIECES))
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_BASIC_FULL), c->prefix);
        else
            return false;
        return true;
    case ACT_PROMOTE:
        if (err == BW_E(NOT_ENOUGH))
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_PROMOTE_COST));
        else if (err == BW_E(DENIED))
            cmd_replyf(c, tr(c->lang, MSG_CK_NO_MIGHTY), c->prefix);
        else if (err == BW_E(LIMIT) && st >= 0 && (st & KNIGHT_LEVEL) >= 3)
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_TOP), v);
        else if (err == BW_E(LIMIT))
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_PROMOTED), v);
        else if (err == BW_E(NO_PIECES))
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_KNIGHT_LEVEL_FULL));
        else
            return false;
        return true;
    case ACT_ACTIVATE:
        if (err == BW_E(NOT_ENOUGH))
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_ACTIVATE_COST));
        else if (err == BW_E(LIMIT))
            cmd_replyf(c, tr(c->lang, MSG_CK_ACTIVE_ALREADY), v);
        else
            return false;
        return true;
    default: /* moving and chasing: an active knight that has not acted */
        if (err == BW_E(WRONG_PHASE) && my_move && st >= 0 && !(st & KNIGHT_ACTIVE))
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_INACTIVE), v, c->prefix, v);
        else if (err == BW_E(WRONG_PHASE) && my_move && a->type == ACT_CHASE && st >= 0)
            cmd_replyf(c, "%s", tr(c->lang, MSG_CK_ROBBER_SLEEPS));
        else if (err == BW_E(LIMIT))
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_FRESH), v);
        else if (err == BW_E(NOT_CONNECTED) && a->type == ACT_KNIGHT_MOVE)
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_PATH), v, a->b + 1);
        else if (err == BW_E(OCCUPIED) && a->type == ACT_KNIGHT_MOVE)
            cmd_replyf(c, tr(c->lang, MSG_CK_KNIGHT_BLOCKED), a->b + 1);
        else if (err == BW_E(NOT_CONNECTED)) {
            char hex[8];
            cmd_replyf(c, tr(c->lang, MSG_CK_CHASE_TOUCH), v, board_hex_name(g->robber, hex));
        } else
            return false;
        return true;
    }
}

static bool explain_improve(struct cmd_call *c, const struct game_action *a, int err)
{
    static const int need_msg[CK_TRACKS] = {MSG_CK_NEED_PAPER, MSG_CK_NEED_CLOTH, MSG_CK_NEED_COIN};
    const struct game *g = &c->s->game;
    int t = a->res;
    if (t >= CK_TRACKS)
        return false;
    if (err == BW_E(NOT_ENOUGH)) {
        int cost = game_ck_improve_cost(g, c->seat, t);
        cmd_replyf(c, tr(c->lang, need_msg[t]), cost - g->p[c->seat].commodity[t],
                   g->ck.p[c->seat].level[t] + 1);
    } else if (err == BW_E(LIMIT)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_IMPROVE_TOP), tr(c->lang, track_names[t]));
    } else if (err == BW_E(NOT_YOURS) && !g->p[c->seat].cities) {
        cmd_replyf(c, tr(c->lang, MSG_CK_IMPROVE_CITY), c->prefix);
    } else if (err == BW_E(NOT_YOURS)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_NO_CITY), a->a + 1);
    } else if (err == BW_E(NO_PIECES)) {
        cmd_replyf(c, "%s", tr(c->lang, MSG_CK_METROPOLIS_NO_CITY));
    } else if (err == BW_E(OCCUPIED)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_CITY_HAS_METROPOLIS), a->a + 1);
    } else {
        return false;
    }
    return true;
}

static bool explain_wall(struct cmd_call *c, const struct game_action *a, int err)
{
    if (err == BW_E(NOT_ENOUGH))
        cmd_replyf(c, "%s", tr(c->lang, MSG_CK_WALL_COST));
    else if (err == BW_E(NOT_YOURS))
        cmd_replyf(c, tr(c->lang, MSG_CK_WALL_CITY), a->a + 1);
    else if (err == BW_E(OCCUPIED))
        cmd_replyf(c, tr(c->lang, MSG_CK_WALL_HAS), a->a + 1);
    else if (err == BW_E(NO_PIECES))
        cmd_replyf(c, "%s", tr(c->lang, MSG_CK_WALL_MAX));
    else
        return false;
    return true;
}

int cmd_ck_act(struct cmd_call *c, struct game_action *a)
{
    char msg[200] = "";
    a->player = (int8_t)c->seat;
    int err = c->host->act(c->host->ctx, c->s, a, msg, sizeof msg);
    if (!err)
        return err;
    bool told = false;
    switch (a->type) {
    case ACT_KNIGHT:
    case ACT_PROMOTE:
    case ACT_ACTIVATE:
    case ACT_KNIGHT_MOVE:
    case ACT_CHASE:
        told = explain_knight(c, a, err);
        break;
    case ACT_IMPROVE:
        told = explain_improve(c, a, err);
        break;
    case ACT_WALL:
        told = explain_wall(c, a, err);
        break;
    default:
        told = cmd_explain_progress(c, a, err);
        break;
    }
    if (!told && !cmd_explain_pending(c, err))
        cmd_replyf(c, "%s", msg[0] ? msg : bw_strerror(err));
    return err;
}

/* ---- !knight, !improve, !wall ---- */

/* Parse failures quote the words' own message and the usage line. */
static int bad_words(struct cmd_call *c, int err, const char *msg)
{
    char line[256];
    snprintf(line, sizeof line, "%s%s %s", c->prefix, c->cmd->name, c->cmd->usage);
    cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
    return err;
}

enum knight_sub { K_BUILD, K_PROMOTE, K_ACTIVATE, K_MOVE, K_CHASE };

static int exec_knight(struct cmd_call *c)
{
    static const struct words_name subs[] = {
        {"build", K_BUILD}, {"promote", K_PROMOTE}, {"activate", K_ACTIVATE}, {"move", K_MOVE},
        {"chase", K_CHASE}, {"displace", K_MOVE},   {"upgrade", K_PROMOTE},   {NULL, 0},
    };
    static const uint8_t types[] = {ACT_KNIGHT, ACT_PROMOTE, ACT_ACTIVATE, ACT_KNIGHT_MOVE,
                                    ACT_CHASE};
    char msg[160];
    if (!cmd_cities_here(c))
        return BW_E(WRONG_PHASE);
    int sub = words_lookup(c->argv[0], subs, "knight command", msg, sizeof msg);
    if (sub < 0)
        return bad_words(c, sub, msg);
    int argc = c->argc - 1;
    char **argv = c->argv + 1;
    if (sub == K_MOVE && argc == 3 && strcasecmp(argv[1], "to") == 0) {
        argv[1] = argv[2];
        argc = 2;
    }
    int want = sub == K_MOVE ? 2 : 1;
    if (argc < want || argc > (sub == K_CHASE ? 3 : want) || (sub == K_CHASE && argc < 2))
        return cmd_usage(c);
    const struct board_geo *geo = game_geo(&c->s->game);
    struct game_action a = {.type = types[sub], .target = -1, .b = -1};
    int v = words_vertex(geo, argv[0], msg, sizeof msg);
    if (v < 0)
        return bad_words(c, v, msg);
    a.a = (int16_t)v;
    if (sub == K_MOVE) {
        int w = words_vertex(geo, argv[1], msg, sizeof msg);
        if (w < 0)
            return bad_words(c, w, msg);
        a.b = (int16_t)w;
    } else if (sub == K_CHASE) {
        int h = words_hex(geo, argv[1], msg, sizeof msg);
        if (h < 0)
            return bad_words(c, h, msg);
        a.b = (int16_t)h;
        if (argc == 3) {
            int seat = cmd_seat_arg(c, argv[2]);
            if (seat < 0)
                return seat;
            a.target = (int8_t)seat;
        }
    }
    int err = cmd_ck_act(c, &a);
    if (err == BW_E(BAD_VICTIM) && a.target < 0) {
        char line[256];
        snprintf(line, sizeof line, "%sknight chase V HEX NICK", c->prefix);
        cmd_replyf(c, tr(c->lang, MSG_PLAY_WHOM), line);
    }
    return err;
}

/* The track named (science, trade, politics, or its commodity or colour), or a bw_err after
 * replying why. */
int cmd_track_arg(struct cmd_call *c, int argc, char **argv, const char *usage)
{
    static const struct words_name tracks[] = {
        {"science", TRACK_SCIENCE},   {"trade", TRACK_TRADE},
        {"politics", TRACK_POLITICS}, {"green", TRACK_SCIENCE},
        {"yellow", TRACK_TRADE},      {"blue", TRACK_POLITICS},
        {"paper", TRACK_SCIENCE},     {"cloth", TRACK_TRADE},
        {"coin", TRACK_POLITICS},     {NULL, 0},
    };
    char msg[160];
    int t = words_phrase(argc, argv, tracks, "improvement", msg, sizeof msg);
    if (t < 0) {
        char line[128];
        snprintf(line, sizeof line, "%s%s", c->prefix, usage);
        cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
    }
    return t;
}

/* "!improve politics [at V]": V, the city for the metropolis the improvement may take. */
static int exec_improve(struct cmd_call *c)
{
    char msg[160];
    if (!cmd_cities_here(c))
        return BW_E(WRONG_PHASE);
    int argc = c->argc;
    struct game_action a = {.type = ACT_IMPROVE, .a = -1};
    if (argc == 3 && strcasecmp(c->argv[1], "at") == 0) {
        int v = words_vertex(game_geo(&c->s->game), c->argv[2], msg, sizeof msg);
        if (v < 0)
            return bad_words(c, v, msg);
        a.a = (int16_t)v;
        argc = 1;
    } else if (argc != 1) {
        return cmd_usage(c);
    }
    int t = cmd_track_arg(c, argc, c->argv, "improve trade|politics|science [at V]");
    if (t < 0)
        return t;
    a.res = (uint8_t)t;
    return cmd_ck_act(c, &a);
}

static int exec_wall(struct cmd_call *c)
{
    char msg[160];
    if (!cmd_cities_here(c))
        return BW_E(WRONG_PHASE);
    int v = words_vertex(game_geo(&c->s->game), c->argv[0], msg, sizeof msg);
    if (v < 0)
        return bad_words(c, v, msg);
    struct game_action a = {.type = ACT_WALL, .a = (int16_t)v};
    return cmd_ck_act(c, &a);
}

const struct cmd_entry cmd_expansion = {
    "expansion",
    {NULL},
    "[cities|none]",
    "show the lobby's expansion, or pick it: cities (Cities & Knights) or none",
    0,
    4,
    CMD_ANYONE,
    CMD_ANYWHERE,
    0,
    exec_expansion,
};
const struct cmd_entry cmd_knight = {
    "knight",
    {"knights", NULL},
    "build V | promote V | activate V | move V to W | chase V HEX [NICK]",
    "Cities & Knights: build, promote or activate your knight at V; move it to W (displacing a "
    "weaker knight of another player); chase the robber to HEX",
    2,
    4,
    CMD_CURRENT,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_knight,
};
const struct cmd_entry cmd_improve = {
    "improve",
    {NULL},
    "trade|politics|science [at V]",
    "Cities & Knights: raise a city improvement a level (cloth, coin, paper); a metropolis goes "
    "on your city V, or your first city without one",
    1,
    3,
    CMD_CURRENT,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_improve,
};
const struct cmd_entry cmd_wall = {
    "wall",      {"walls", NULL},
    "V",         "Cities & Knights: a city wall under your city V (2 brick)",
    1,           1,
    CMD_CURRENT, CMD_ANYWHERE,
    CMD_F_GAME,  exec_wall,
};
