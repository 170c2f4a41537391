/* The moves of a turn: roll, build (road, settle, city), buy, play, robber, discard, bank, end.
 * Each turns words into one engine action; the engine decides whether it is allowed. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"

static const struct board_geo *geo_of(const struct cmd_call *c)
{
    return game_geo(&c->s->game);
}

/* "!robber HEX [NICK]": the command with its arguments, for usage lines. */
static const char *usage_line(const struct cmd_call *c, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s %s", c->prefix, c->cmd->name, c->cmd->usage);
    return buf;
}

/* Parse failures quote the words' own message and the usage line. */
static int bad_words(struct cmd_call *c, int err, const char *msg)
{
    char line[256];
    cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, usage_line(c, line, sizeof line));
    return err;
}

static int exec_roll(struct cmd_call *c)
{
    struct game_action a = {.type = ACT_ROLL};
    return cmd_act(c, &a);
}

/* Whether word is a prefix of full of at least min letters (ASCII case-insensitive). */
static bool word_is(const char *word, const char *full, size_t min)
{
    size_t n = strlen(word);
    return n >= min && n <= strlen(full) && strncasecmp(word, full, n) == 0;
}

/* !buy: the engine uses as many discoveries (the Jungle) as the missing cards need; "!buy with
 * N discoveries" uses exactly N, up to three. */
static int exec_buy(struct cmd_call *c)
{
    struct game_action a = {.type = ACT_BUY_DEV, .a = -1};
    if (c->argc == 0)
        return cmd_act(c, &a);
    const char *n = c->argv[1];
    if (c->argc != 3 || !word_is(c->argv[0], "with", 4) || !n || n[0] < '0' || n[0] > '9' || n[1] ||
        !(word_is(c->argv[2], "discoveries", 4) || word_is(c->argv[2], "discovery", 4)))
        return cmd_usage(c);
    const struct game_player *pl = &c->s->game.p[c->seat];
    const struct board_setup *bs = board_setup(c->s->game.opt.board);
    if (!bs || !bs->jungle) {
        cmd_replyf(c, tr(c->lang, MSG_PLAY_NO_JUNGLE), c->prefix);
        return BW_E(INVALID);
    }
    int want = n[0] - '0';
    if (want > 3) {
        cmd_replyf(c, "%s", tr(c->lang, MSG_PLAY_DISCOVERIES_MAX));
        return BW_E(INVALID);
    }
    if (want > pl->discoveries) {
        cmd_replyf(
            c, tr(c->lang, pl->discoveries == 1 ? MSG_PLAY_DISCOVERIES_ONE : MSG_PLAY_DISCOVERIES),
            pl->discoveries, want);
        return BW_E(NOT_ENOUGH);
    }
    a.a = (int16_t)want;
    return cmd_act(c, &a);
}

static int exec_end(struct cmd_call *c)
{
    struct game_action a = {.type = ACT_END};
    return cmd_act(c, &a);
}

/* Whether the game's board has sea for ships and the pirate; else replies why not. */
static bool sea_here(struct cmd_call *c)
{
    if (c->s->game.sea)
        return true;
    cmd_replyf(c, tr(c->lang, MSG_PLAY_NO_SEA), c->prefix);
    return false;
}

static int build_at(struct cmd_call *c, int type, const char *where)
{
    char msg[160];
    struct game_action a = {.type = (uint8_t)type};
    if ((type == ACT_BUILD_SHIP || type == ACT_PLACE_HARBOR) && !sea_here(c))
        return BW_E(WRONG_PHASE);
    int at = type == ACT_BUILD_ROAD || type == ACT_BUILD_SHIP || type == ACT_PLACE_HARBOR
                 ? words_edge(geo_of(c), where, msg, sizeof msg)
                 : words_vertex(geo_of(c), where, msg, sizeof msg);
    if (at < 0)
        return bad_words(c, at, msg);
    a.a = (int16_t)at;
    if (type == ACT_PLACE_HARBOR) { /* the first harbor the player holds from the tribe */
        const struct game *g = &c->s->game;
        const struct board_geo *geo = geo_of(c);
        a.b = -1;
        for (int k = 0; k < geo->n_gifts && a.b < 0; k++)
            if (g->gift_at[k] == GAME_HARBOR_HELD && g->gift_owner[k] >= 0 &&
                g->gift_owner[k] == c->seat && !game_harbor_error(g, c->seat, k, at))
                a.b = (int16_t)k;
        for (int k = 0; k < geo->n_gifts && a.b < 0; k++) /* none fits: say why for the first */
            if (g->gift_at[k] == GAME_HARBOR_HELD && g->gift_owner[k] == c->seat)
                a.b = (int16_t)k;
    }
    return cmd_act(c, &a);
}

static const struct words_name build_kinds[] = {
    {"road", ACT_BUILD_ROAD},
    {"settlement", ACT_BUILD_SETTLEMENT},
    {"settle", ACT_BUILD_SETTLEMENT},
    {"city", ACT_BUILD_CITY},
    {NULL, 0},
};

/* On maps with sea: ships too (elsewhere a prefix "s" stays a settlement). */
static const struct words_name sea_build_kinds[] = {
    {"road", ACT_BUILD_ROAD},
    {"settlement", ACT_BUILD_SETTLEMENT},
    {"settle", ACT_BUILD_SETTLEMENT},
    {"city", ACT_BUILD_CITY},
    {"ship", ACT_BUILD_SHIP},
    {"harbor", ACT_PLACE_HARBOR},
    {NULL, 0},
};

static int exec_build(struct cmd_call *c)
{
    char msg[160];
    if (!c->s->game.sea && strcasecmp(c->argv[0], "ship") == 0)
        return sea_here(c) ? BW_OK : BW_E(WRONG_PHASE);
    int type = words_lookup(c->argv[0], c->s->game.sea ? sea_build_kinds : build_kinds,
                            "kind of piece", msg, sizeof msg);
    if (type < 0)
        return bad_words(c, type, msg);
    return build_at(c, type, c->argv[1]);
}

static int exec_road(struct cmd_call *c)
{
    return build_at(c, ACT_BUILD_ROAD, c->argv[0]);
}

static int exec_settle(struct cmd_call *c)
{
    return build_at(c, ACT_BUILD_SETTLEMENT, c->argv[0]);
}

static int exec_city(struct cmd_call *c)
{
    return build_at(c, ACT_BUILD_CITY, c->argv[0]);
}

/* HEX [NICK] into a->a and a->target. */
static int robber_args(struct cmd_call *c, int argc, char **argv, struct game_action *a)
{
    char msg[160];
    int hex = words_hex(geo_of(c), argv[0], msg, sizeof msg);
    if (hex < 0)
        return bad_words(c, hex, msg);
    a->a = (int16_t)hex;
    a->target = -1;
    if (argc > 1) {
        int seat = cmd_seat_arg(c, argv[1]);
        if (seat < 0)
            return seat;
        a->target = (int8_t)seat;
    }
    return BW_OK;
}

/* The engine refuses a robber without a victim when there are several to choose from. */
static int robber_act(struct cmd_call *c, struct game_action *a)
{
    int err = cmd_act(c, a);
    if (err == BW_E(BAD_VICTIM) && a->target < 0) {
        char line[256];
        cmd_replyf(c, tr(c->lang, MSG_PLAY_WHOM), usage_line(c, line, sizeof line));
    }
    return err;
}

/* The robber command takes a sea hex too: the engine then moves the pirate, as the rules
 * have it (a 7 moves the robber or the pirate). */
static int exec_robber(struct cmd_call *c)
{
    struct game_action a = {.type = ACT_ROBBER};
    int err = robber_args(c, c->argc, c->argv, &a);
    return err ? err : robber_act(c, &a);
}

static int exec_pirate(struct cmd_call *c)
{
    char name[8];
    if (!sea_here(c))
        return BW_E(WRONG_PHASE);
    struct game_action a = {.type = ACT_ROBBER};
    int err = robber_args(c, c->argc, c->argv, &a);
    if (err)
        return err;
    if (c->s->game.land >> a.a & 1) {
        cmd_replyf(c, tr(c->lang, MSG_PLAY_PIRATE_LAND), board_hex_name(a.a, name), c->prefix,
                   name);
        return BW_E(NO_SUCH_SPOT);
    }
    return robber_act(c, &a);
}

/* "ship A-B to C-D" (the words "ship" and "to" may be left out). */
static int exec_move(struct cmd_call *c)
{
    char msg[160];
    int argc = c->argc;
    char **argv = c->argv;
    if (argc > 0 && (strcasecmp(argv[0], "ship") == 0 || strcasecmp(argv[0], "ships") == 0)) {
        argc--;
        argv++;
    }
    if (argc == 3 && strcasecmp(argv[1], "to") == 0) {
        argv[1] = argv[2];
        argc = 2;
    }
    if (argc != 2)
        return cmd_usage(c);
    if (!sea_here(c))
        return BW_E(WRONG_PHASE);
    struct game_action a = {.type = ACT_MOVE_SHIP};
    int from = words_edge(geo_of(c), argv[0], msg, sizeof msg);
    if (from < 0)
        return bad_words(c, from, msg);
    int to = words_edge(geo_of(c), argv[1], msg, sizeof msg);
    if (to < 0)
        return bad_words(c, to, msg);
    a.a = (int16_t)from;
    a.b = (int16_t)to;
    return cmd_act(c, &a);
}

static int exec_play(struct cmd_call *c)
{
    char msg[160];
    int used;
    if (c->s->game.ck.on) /* Cities & Knights: progress cards */
        return cmd_play_progress(c);
    int card = words_dev_card_args(c->argc, c->argv, &used, msg, sizeof msg);
    if (card < 0)
        return bad_words(c, card, msg);
    int argc = c->argc - used;
    char **argv = c->argv + used;
    struct game_action a = {0};
    /* Only road building takes more than 4 words ("roads ship A-B ship C-D"). */
    if (card != DEV_ROADS && c->argc > 4)
        return cmd_usage(c);
    switch (card) {
    case DEV_KNIGHT:
        a.type = ACT_PLAY_KNIGHT;
        if (geo_of(c)->n_routes) { /* The Pirate Islands: no robber, a ship made a warship */
            if (argc) {
                cmd_replyf(c, tr(c->lang, MSG_PLAY_KNIGHT_WARSHIP), c->prefix);
                return BW_E(PARSE);
            }
            a.a = a.target = -1;
            return cmd_act(c, &a);
        }
        if (argc < 1 || argc > 2)
            return cmd_usage(c);
        if (robber_args(c, argc, argv, &a))
            return BW_E(PARSE);
        return robber_act(c, &a);
    case DEV_ROADS: {
        /* [ship|road] A-B [[ship|road] C-D]: "ship" makes the piece after it a ship. */
        int pieces = 0;
        a.type = ACT_PLAY_ROADS;
        a.b = -1;
        for (int i = 0; i < argc; i++) {
            bool ship = strcasecmp(argv[i], "ship") == 0;
            if (ship || strcasecmp(argv[i], "road") == 0) {
                if (i + 1 >= argc || pieces >= 2)
                    return cmd_usage(c);
                if (ship && !sea_here(c))
                    return BW_E(WRONG_PHASE);
                if (ship)
                    a.ships |= pieces == 0 ? PIECE_SHIP_1 : PIECE_SHIP_2;
                i++;
            }
            if (pieces >= 2)
                return cmd_usage(c);
            int e = words_edge(geo_of(c), argv[i], msg, sizeof msg);
            if (e < 0)
                return bad_words(c, e, msg);
            if (pieces++ == 0)
                a.a = (int16_t)e;
            else
                a.b = (int16_t)e;
        }
        if (pieces < 1)
            return cmd_usage(c);
        return cmd_act(c, &a);
    }
    case DEV_PLENTY: {
        uint8_t counts[RES_COUNT] = {0};
        int n = argc ? words_list(argc, argv, counts, msg, sizeof msg) : BW_E(PARSE);
        if (n < 0 || n > 2)
            return argc && n < 0 ? bad_words(c, n, msg) : cmd_usage(c);
        a.type = ACT_PLAY_PLENTY;
        a.res = a.res2 = RES_NONE;
        for (int r = 0; r < RES_COUNT; r++)
            for (int k = 0; k < counts[r]; k++) {
                if (a.res == RES_NONE)
                    a.res = (uint8_t)r;
                else
                    a.res2 = (uint8_t)r;
            }
        return cmd_act(c, &a);
    }
    case DEV_MONOPOLY: {
        if (argc != 1)
            return cmd_usage(c);
        int r = words_resource(argv[0], msg, sizeof msg);
        if (r < 0)
            return bad_words(c, r, msg);
        a.type = ACT_PLAY_MONOPOLY;
        a.res = (uint8_t)r;
        return cmd_act(c, &a);
    }
    default:
        cmd_replyf(c, "%s", tr(c->lang, MSG_PLAY_VICTORY));
        return BW_E(INVALID);
    }
}

static int exec_discard(struct cmd_call *c)
{
    char msg[160];
    if (c->s->game.ck.on) /* commodities too */
        return cmd_discard_goods(c);
    struct game_action a = {.type = ACT_DISCARD};
    int n = words_list(c->argc, c->argv, a.give, msg, sizeof msg);
    if (n < 0)
        return bad_words(c, n, msg);
    int need = c->s->game.p[c->seat].discard;
    if (need && n != need) {
        cmd_replyf(c, tr(c->lang, MSG_PLAY_DISCARD), need, n);
        return BW_E(DISCARD_COUNT);
    }
    return cmd_act(c, &a);
}

static int exec_gold(struct cmd_call *c)
{
    char msg[160];
    struct game_action a = {.type = ACT_GOLD};
    int n = words_list(c->argc, c->argv, a.get, msg, sizeof msg);
    if (n < 0)
        return bad_words(c, n, msg);
    int need = c->s->game.p[c->seat].gold;
    if (need && n != need) {
        cmd_replyf(c, tr(c->lang, need == 1 ? MSG_PLAY_GOLD_ONE : MSG_PLAY_GOLD), need, n);
        return BW_E(GOLD_COUNT);
    }
    return cmd_act(c, &a);
}

static int exec_bank(struct cmd_call *c)
{
    char msg[160];
    struct words_trade parts;
    struct game_action a = {.type = ACT_BANK_TRADE};
    if (c->s->game.ck.on) /* commodities too */
        return cmd_bank_goods(c);
    int err = words_trade(c->argc, c->argv, false, a.give, a.get, &parts, msg, sizeof msg);
    if (err < 0)
        return bad_words(c, err, msg);
    return cmd_act(c, &a);
}

const struct cmd_entry cmd_roll = {
    "roll", {NULL}, "", "roll the dice", 0, 0, CMD_CURRENT, CMD_ANYWHERE, CMD_F_GAME, exec_roll,
};
const struct cmd_entry cmd_build = {
    "build",
    {NULL},
    "road N-M | settlement N | city N | ship N-M | harbor N-M",
    "build (free during setup)",
    2,
    2,
    CMD_CURRENT,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_build,
};
const struct cmd_entry cmd_road = {
    "road",       {NULL},     "N-M",     "build a road between two corners", 1, 1, CMD_CURRENT,
    CMD_ANYWHERE, CMD_F_GAME, exec_road,
};
const struct cmd_entry cmd_settle = {
    "settle",    {"settlement", NULL},
    "N",         "build a settlement on a corner",
    1,           1,
    CMD_CURRENT, CMD_ANYWHERE,
    CMD_F_GAME,  exec_settle,
};
const struct cmd_entry cmd_city = {
    "city",       {NULL},     "N",       "turn your settlement into a city", 1, 1, CMD_CURRENT,
    CMD_ANYWHERE, CMD_F_GAME, exec_city,
};
const struct cmd_entry cmd_buy = {
    "buy",
    {NULL},
    "[with N discoveries]",
    "buy a development card (the Jungle: discoveries stand in for wool, grain or ore)",
    0,
    3,
    CMD_CURRENT,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_buy,
};
const struct cmd_entry cmd_play = {
    "play",
    {NULL},
    "knight HEX [NICK] | roads [ship] N-M [[ship] N-M] | plenty RES RES | monopoly RES | "
    "CARD [ARGS] (Cities & Knights)",
    "play a development card (a knight on a sea hex moves the pirate); in Cities & Knights a "
    "progress card, with the arguments the progress command lists for it",
    1,
    2 + 2 * (GAME_MAX_PLAYERS - 1), /* "commercial harbor" and a NICK RES for each other player */
    CMD_CURRENT,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_play,
};
const struct cmd_entry cmd_robber = {
    "robber",   {NULL},      "HEX [NICK]", "move the robber and steal from NICK",
    1,          2,           CMD_CURRENT,  CMD_ANYWHERE,
    CMD_F_GAME, exec_robber,
};
const struct cmd_entry cmd_pirate = {
    "pirate",
    {NULL},
    "HEX [NICK]",
    "move the pirate to a sea hex and steal from NICK, who has a ship beside it",
    1,
    2,
    CMD_CURRENT,
    CMD_ANYWHERE,
    CMD_F_GAME,
    exec_pirate,
};
const struct cmd_entry cmd_move = {
    "move",     {NULL},    "ship N-M to N-M", "move a ship at the open end of a line",
    2,          4,         CMD_CURRENT,       CMD_ANYWHERE,
    CMD_F_GAME, exec_move,
};
const struct cmd_entry cmd_gold = {
    "gold",     {NULL},       "RES [RES]", "choose what your gold fields give, e.g. ore wool",
    1,          CMD_ARGS_MAX, CMD_SEATED,  CMD_ANYWHERE,
    CMD_F_GAME, exec_gold,
};
const struct cmd_entry cmd_discard = {
    "discard",  {NULL},       "LIST",     "discard half your cards after a 7, e.g. 2 ore 1 wool",
    1,          CMD_ARGS_MAX, CMD_SEATED, CMD_ANYWHERE,
    CMD_F_GAME, exec_discard,
};
const struct cmd_entry cmd_bank = {
    "bank",     {NULL},       "LIST for LIST", "trade with the bank at your best rate",
    3,          CMD_ARGS_MAX, CMD_CURRENT,     CMD_ANYWHERE,
    CMD_F_GAME, exec_bank,
};
const struct cmd_entry cmd_end = {
    "end",       {"done", "pass", NULL}, "",         "end your turn", 0, 0,
    CMD_CURRENT, CMD_ANYWHERE,           CMD_F_GAME, exec_end,
};
