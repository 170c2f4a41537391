/* Lobby and table commands: new, join, leave, start, stop, kick. */
#include <stdio.h>
#include <string.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"

/* A caller whose account or user@host a seat cannot keep whole is told so (and gets no seat,
 * rather than one bound to part of it or to the nick alone): true when refused. */
static bool identity_too_long(struct cmd_call *c)
{
    if (session_who_fits(&c->who))
        return false;
    cmd_replyf(c, tr(c->lang, MSG_LOBBY_ID_TOO_LONG), c->channel, SESSION_ID_MAX);
    return true;
}

/* How many seats a start takes in this lobby: the rules' range, narrowed by its map and
 * variant (the Jungle: 3-4, whatever the rules allow on the base map). */
static void seat_range(const struct session *s, int *lo, int *hi)
{
    int map_lo, map_hi, points;
    session_map_limits(s->map, &map_lo, &map_hi, &points);
    *hi = session_max_seats(s);
    *lo = s->rules.min_players > map_lo ? s->rules.min_players : map_lo;
    if (*lo > *hi)
        *lo = *hi;
}

static int exec_new(struct cmd_call *c)
{
    if (!c->s && c->unreadable) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_UNREADABLE), c->channel, c->unreadable, c->prefix);
        return BW_E(OCCUPIED);
    }
    if (c->s) {
        cmd_replyf(c,
                   tr(c->lang, c->s->state == SESSION_LOBBY ? MSG_LOBBY_ALREADY_LOBBY
                                                            : MSG_LOBBY_ALREADY_GAME),
                   c->channel);
        return BW_E(OCCUPIED);
    }
    if (identity_too_long(c))
        return BW_E(INVALID);
    c->s = c->host->open(c->host->ctx, c->channel);
    if (!c->s) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_CANNOT_OPEN), c->channel);
        return BW_E(LIMIT);
    }
    c->seat = session_join(c->s, &c->who);
    c->host->changed(c->host->ctx, c->s);
    int lo, hi;
    seat_range(c->s, &lo, &hi);
    cmd_announcef(c, tr(c->lang, MSG_LOBBY_OPENED), c->nick, c->prefix, c->prefix, c->prefix, lo,
                  hi);
    return BW_OK;
}

/* A lobby full because its map or variant takes fewer players than the rules: says so and
 * returns true. */
static bool map_full(struct cmd_call *c)
{
    int lo, hi, points;
    session_map_limits(c->s->map, &lo, &hi, &points);
    if (c->s->variant == SESSION_VARIANT_TWO && c->s->n_seats >= 2) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_FULL_TWO), c->channel, c->prefix);
        return true;
    }
    if (c->s->variant != SESSION_VARIANT_NONE && c->s->n_seats >= 4 &&
        c->s->rules.max_players > 4 && hi > 4) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_FULL_VARIANT), c->channel,
                   session_variant_name(c->s->variant), c->prefix);
        return true;
    }
    if (c->s->n_seats < hi || hi >= c->s->rules.max_players)
        return false;
    cmd_replyf(c, tr(c->lang, MSG_LOBBY_FULL_MAP), c->channel, session_map_name(c->s->map), lo, hi,
               c->prefix);
    return true;
}

static bool is_channel(const char *w)
{
    return w[0] == '#' || w[0] == '&';
}

static int exec_join(struct cmd_call *c)
{
    if (c->argc == 1) {
        /* "join #chan" in private is the admin command. */
        if (!c->in_private || !is_channel(c->argv[0]))
            return cmd_usage(c);
        if (!c->is_admin) {
            cmd_replyf(c, "%s", tr(c->lang, MSG_LOBBY_JOIN_ADMINS));
            return BW_E(DENIED);
        }
        char why[256] = "";
        int rc = c->host->join(c->host->ctx, c->argv[0], why, sizeof why);
        if (rc) {
            cmd_replyf(c, tr(c->lang, MSG_ADM_JOIN_REFUSED), c->argv[0], why);
            return rc;
        }
        cmd_replyf(c, tr(c->lang, MSG_ADM_JOINING), c->argv[0]);
        return BW_OK;
    }
    if (!c->channel || !c->s) {
        if (c->channel)
            cmd_replyf(c, tr(c->lang, MSG_CMD_NO_GAME), c->channel, c->prefix);
        else
            cmd_replyf(c, tr(c->lang, MSG_CMD_WHICH_GAME), "join");
        return BW_E(NOT_FOUND);
    }
    if (c->seat >= 0) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_ALREADY_SEATED), c->channel);
        return BW_E(OCCUPIED);
    }
    if (identity_too_long(c))
        return BW_E(INVALID);
    int seat = session_join(c->s, &c->who);
    if (seat == BW_E(WRONG_PHASE)) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_STARTED), c->channel);
        return seat;
    }
    if (seat == BW_E(LIMIT)) {
        if (!map_full(c))
            cmd_replyf(c, tr(c->lang, MSG_LOBBY_FULL), c->channel);
        return seat;
    }
    if (seat < 0) {
        cmd_replyf(c, tr(c->lang, MSG_CMD_SEAT_TAKEN), c->nick, c->channel);
        return seat;
    }
    c->seat = seat;
    c->host->changed(c->host->ctx, c->s);
    int lo, hi;
    seat_range(c->s, &lo, &hi);
    cmd_announcef(c, tr(c->lang, MSG_LOBBY_JOINED), c->nick, c->s->n_seats, lo, hi);
    return BW_OK;
}

/* Take seat out of the lobby or the game; closes a lobby that becomes empty. why: the lobby's
 * line, MSG_LOBBY_LEFT or MSG_LOBBY_REMOVED. */
static int remove_seat(struct cmd_call *c, int seat, int why)
{
    if (c->s->state == SESSION_LOBBY) {
        char nick[SESSION_NICK_MAX + 1];
        memcpy(nick, c->s->seat[seat].nick, sizeof nick);
        session_leave_lobby(c->s, seat);
        c->host->changed(c->host->ctx, c->s);
        cmd_announcef(c, tr(c->lang, why), nick, c->s->n_seats);
        if (c->s->n_seats == 0) {
            cmd_announcef(c, "%s", tr(c->lang, MSG_LOBBY_CLOSED));
            c->host->close(c->host->ctx, c->s);
            c->s = NULL;
        }
        return BW_OK;
    }
    struct game_action a = {.type = ACT_RESIGN, .player = (int8_t)seat};
    char msg[200] = "";
    int err = c->host->act(c->host->ctx, c->s, &a, msg, sizeof msg);
    if (err)
        cmd_replyf(c, "%s", msg[0] ? msg : bw_strerror(err));
    return err;
}

static int exec_leave(struct cmd_call *c)
{
    return remove_seat(c, c->seat, MSG_LOBBY_LEFT);
}

static int exec_kick(struct cmd_call *c)
{
    int seat = cmd_seat_arg(c, c->argv[0]);
    return seat < 0 ? seat : remove_seat(c, seat, MSG_LOBBY_REMOVED);
}

static void announce_order(struct cmd_call *c)
{
    char order[RENDER_LINE_MAX];
    size_t n = 0;
    order[0] = '\0';
    for (int i = 0; i < c->s->n_seats && n < sizeof order; i++)
        n += (size_t)snprintf(order + n, sizeof order - n, "%s%s", i ? i18n_comma(c->lang) : "",
                              c->s->seat[i].nick);
    cmd_announcef(c, tr(c->lang, MSG_LOBBY_ORDER), order);
    cmd_rules_at_start(c);
    cmd_web_address(c, false);
    cmd_show_board(c);
    cmd_announcef(c, tr(c->lang, MSG_LOBBY_FIRST), c->s->seat[0].nick, c->prefix, c->prefix,
                  c->prefix, c->prefix);
}

static int exec_start(struct cmd_call *c)
{
    char msg[200];
    if (c->s->state == SESSION_LOBBY &&
        !session_map_fits(c->s->map, c->s->n_seats, msg, sizeof msg)) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_MAP_LISTS), msg, c->prefix);
        return BW_E(WRONG_PHASE);
    }
    struct bw_rng fresh;
    int got = c->host->game_random ? c->host->game_random(c->host->ctx, c->s, &fresh) : 0;
    if (got < 0) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_NO_RANDOM), c->channel, c->prefix);
        return got;
    }
    int err = session_start(c->s, got ? &fresh : NULL, c->now_ms, msg, sizeof msg);
    if (err) {
        int lo, hi;
        seat_range(c->s, &lo, &hi);
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_START_FAIL), msg, c->s->n_seats, lo);
        return err;
    }
    c->host->changed(c->host->ctx, c->s);
    announce_order(c);
    return BW_OK;
}

/* Whether a person who holds a seat of s is in the channel: one who has not resigned and was not
 * seen leaving (computer players do not count, and cannot vote). */
static bool player_here(const struct session *s)
{
    for (int i = 0; i < s->n_seats; i++)
        if (!s->seat[i].robot && s->seat[i].present &&
            (s->state == SESSION_LOBBY || !s->game.p[i].resigned))
            return true;
    return false;
}

static int exec_stop(struct cmd_call *c)
{
    if (!c->s) {
        /* An admin's stop where the saved game could not be read: it goes. */
        int err = c->host->erase_unreadable ? c->host->erase_unreadable(c->host->ctx, c->channel)
                                            : BW_E(NOT_FOUND);
        if (err) {
            cmd_replyf(c, tr(c->lang, MSG_ADM_SAVE_FAILED), i18n_strerror(c->lang, err));
            return err;
        }
        cmd_announcef(c, tr(c->lang, MSG_LOBBY_ERASED), c->channel, c->prefix);
        return BW_OK;
    }
    int ended = MSG_LOBBY_STOPPED_ADMIN;
    if (!c->is_admin && c->seat_taken)
        return cmd_not_seated(c);
    if (!c->is_admin && c->seat < 0) {
        /* Nobody can vote in a game whose players are all gone (its computer players playing
         * on): anyone in its channel may end it rather than wait for an admin. */
        if (player_here(c->s)) {
            cmd_replyf(c, "%s", tr(c->lang, MSG_LOBBY_STOP_WHO));
            return BW_E(DENIED);
        }
        if (c->in_private) {
            cmd_replyf(c, tr(c->lang, MSG_LOBBY_STOP_THERE), c->channel, c->prefix);
            return BW_E(DENIED);
        }
        ended = MSG_LOBBY_STOPPED_NOBODY;
    } else if (!c->is_admin) {
        if (!session_vote_stop(c->s, c->seat)) {
            c->host->changed(c->host->ctx, c->s);
            cmd_announcef(c, tr(c->lang, MSG_LOBBY_VOTE), c->nick, c->prefix);
            return BW_OK;
        }
        ended = MSG_LOBBY_STOPPED_VOTE;
    }
    if (ended == MSG_LOBBY_STOPPED_NOBODY)
        cmd_announcef(c, tr(c->lang, ended), c->channel, c->nick);
    else
        cmd_announcef(c, tr(c->lang, ended), c->channel);
    c->host->close(c->host->ctx, c->s);
    c->s = NULL;
    return BW_OK;
}

static int exec_addbot(struct cmd_call *c)
{
    static const struct words_name levels[] = {{"easy", SESSION_ROBOT_EASY},
                                               {"normal", SESSION_ROBOT_NORMAL},
                                               {"hard", SESSION_ROBOT_HARD},
                                               {NULL, 0}};
    int level = c->s->rules.robot_level;
    if (c->argc == 1) {
        char msg[160];
        level = words_lookup(c->argv[0], levels, "level", msg, sizeof msg);
        if (level < 0) {
            char line[64];
            snprintf(line, sizeof line, "%saddbot %s", c->prefix, c->cmd->usage);
            cmd_replyf(c, tr(c->lang, MSG_CMD_WORDS_USAGE), msg, line);
            return level;
        }
    }
    int seat = session_add_robot(c->s, level);
    if (seat == BW_E(LIMIT) && c->s->state == SESSION_LOBBY && map_full(c))
        return seat;
    if (seat < 0) {
        cmd_replyf(c, "%s",
                   tr(c->lang, seat == BW_E(LIMIT) ? MSG_LOBBY_TABLE_FULL : MSG_LOBBY_BOTS_JOIN));
        return seat;
    }
    c->host->changed(c->host->ctx, c->s);
    int lo, hi;
    seat_range(c->s, &lo, &hi);
    cmd_announcef(c, tr(c->lang, MSG_LOBBY_BOT_JOINED), c->s->seat[seat].nick,
                  levels[level - 1].name, c->s->n_seats, lo, hi);
    return BW_OK;
}

static int exec_removebot(struct cmd_call *c)
{
    char name[SESSION_NICK_MAX + 1] = "";
    int seat = session_seat_of_nick(c->s, c->argc ? c->argv[0] : NULL);
    if (c->s->state != SESSION_LOBBY) {
        cmd_replyf(c, "%s", tr(c->lang, MSG_LOBBY_BOTS_LEAVE));
        return BW_E(WRONG_PHASE);
    }
    if (c->argc && (seat < 0 || !c->s->seat[seat].robot)) {
        cmd_replyf(c, "%s", tr(c->lang, MSG_LOBBY_NO_BOT_NAMED));
        return BW_E(NOT_FOUND);
    }
    if (seat >= 0)
        snprintf(name, sizeof name, "%s", c->s->seat[seat].nick);
    else
        for (int i = c->s->n_seats - 1; i >= 0 && !name[0]; i--)
            if (c->s->seat[i].robot)
                snprintf(name, sizeof name, "%s", c->s->seat[i].nick);
    int err = session_remove_robot(c->s, name[0] ? name : NULL);
    if (err < 0) {
        cmd_replyf(c, "%s",
                   tr(c->lang, err == BW_E(WRONG_PHASE) ? MSG_LOBBY_BOTS_LEAVE : MSG_LOBBY_NO_BOT));
        return err;
    }
    c->host->changed(c->host->ctx, c->s);
    cmd_announcef(c, tr(c->lang, MSG_LOBBY_BOT_LEFT), name, c->s->n_seats);
    return BW_OK;
}

/* item marked " (chosen)" and " (not playable yet)" as they apply; tmp of size bytes. */
static void mark_item(const struct cmd_call *c, char *item, size_t size, char *tmp, bool chosen,
                      bool unplayable)
{
    if (chosen) {
        snprintf(tmp, size, tr(c->lang, MSG_MARK_CHOSEN), item);
        memcpy(item, tmp, size);
    }
    if (unplayable) {
        snprintf(tmp, size, tr(c->lang, MSG_MARK_NOT_PLAYABLE), item);
        memcpy(item, tmp, size);
    }
}

/* The points a game on map m (whose own are points) is played to from the caller's lobby: the
 * lobby's points house rule when set (it goes with every map), else the map's as the lobby
 * reckons them for its own map (the configured points, Cities & Knights' 13). */
static int lobby_points(const struct cmd_call *c, int m, int points)
{
    if (!c->s || c->s->state != SESSION_LOBBY)
        return points;
    if (c->s->house.points)
        return c->s->house.points;
    return c->s->map == m ? session_rule_value(c->s, SESSION_RULE_POINTS) : points;
}

/* One map in the listing: " four_islands 3-4 players 13 points", marked, after ", " unless it
 * is the first of its line. */
static size_t map_item(struct cmd_call *c, int m, bool first, char *buf, size_t size)
{
    int lo, hi, points;
    session_map_limits(m, &lo, &hi, &points);
    if (m == SESSION_MAP_BASE) {
        lo = c->s ? c->s->rules.min_players : lo;
        hi = c->s ? c->s->rules.max_players : hi;
        points = c->s && c->s->rules.victory_points ? c->s->rules.victory_points : points;
    }
    points = lobby_points(c, m, points);
    bool chosen = c->s && c->s->map == m;
    char item[160], marked[160];
    snprintf(item, sizeof item, tr(c->lang, MSG_MAP_ITEM), session_map_name(m), lo, hi, points);
    mark_item(c, item, sizeof item, marked, chosen, !session_map_playable(m));
    int n = snprintf(buf, size, "%s%s", first ? " " : ", ", item);
    return n < 0 ? 0 : (size_t)n;
}

/* The bytes of map items in one line of the listing: the words around them (in any language)
 * must fit in the rest of RENDER_LINE_MAX. */
#define MAP_LIST_ROOM 280

/* The most words a map's or a variant's name takes ("Heading for New Shores" and a few). */
#define PHRASE_WORDS_MAX 8

static int exec_map(struct cmd_call *c)
{
    char line[RENDER_LINE_MAX];
    if (c->argc == 0 && (!c->s || c->s->state == SESSION_LOBBY)) {
        /* As many lines as the maps take, each with room for the words around the list. */
        size_t n = 0;
        line[0] = '\0';
        for (int m = 0; m < SESSION_MAP_COUNT; m++) {
            char item[RENDER_LINE_MAX];
            size_t len = map_item(c, m, n == 0, item, sizeof item);
            if (n && n + len > MAP_LIST_ROOM) {
                cmd_replyf(c, tr(c->lang, MSG_MAP_LIST_PART), line);
                len = map_item(c, m, true, item, sizeof item);
                n = 0;
            }
            n += (size_t)snprintf(line + n, sizeof line - n, "%s", item);
        }
        cmd_replyf(c, tr(c->lang, MSG_MAP_LIST), line, c->prefix);
        return BW_OK;
    }
    if (!c->s) {
        if (c->channel)
            cmd_replyf(c, tr(c->lang, MSG_MAP_NO_GAME), c->channel, c->prefix, c->prefix);
        else
            cmd_replyf(c, tr(c->lang, MSG_MAP_NO_GAME_HERE), c->prefix, c->prefix);
        return BW_E(NOT_FOUND);
    }
    if (c->s->state != SESSION_LOBBY) {
        const struct board_geo *geo = game_geo(&c->s->game);
        char about[160], tmp[160];
        snprintf(about, sizeof about, "%s", session_map_title(c->s->map));
        if (geo && geo->kind == BOARD_BIG) {
            snprintf(tmp, sizeof tmp, tr(c->lang, MSG_MAP_BIG_BOARD), about);
            memcpy(about, tmp, sizeof about);
        }
        if (c->s->variant != SESSION_VARIANT_NONE) {
            snprintf(tmp, sizeof tmp, tr(c->lang, MSG_MAP_WITH_VARIANT), about,
                     session_variant_name(c->s->variant));
            memcpy(about, tmp, sizeof about);
        }
        cmd_replyf(c, tr(c->lang, c->argc ? MSG_MAP_PLAYED_LOBBY : MSG_MAP_PLAYED),
                   session_map_name(c->s->map), about, c->s->game.vp_goal);
        return c->argc ? BW_E(WRONG_PHASE) : BW_OK;
    }
    if (c->seat < 0)
        return cmd_not_seated(c);
    /* The names first, so that candidates are named by them; then the titles. */
    struct words_name names[2 * SESSION_MAP_COUNT + 1];
    for (int m = 0; m < SESSION_MAP_COUNT; m++) {
        names[m] = (struct words_name){session_map_name(m), m};
        names[SESSION_MAP_COUNT + m] = (struct words_name){session_map_title(m), m};
    }
    names[2 * SESSION_MAP_COUNT] = (struct words_name){NULL, 0};
    char msg[160];
    int m = words_phrase(c->argc, c->argv, names, "map", msg, sizeof msg);
    if (m < 0) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_MAP_LISTS), msg, c->prefix);
        return m;
    }
    if (!session_map_fits(m, c->s->n_seats, msg, sizeof msg)) {
        cmd_replyf(c, tr(c->lang, MSG_LOBBY_MAP_LISTS), msg, c->prefix);
        return BW_E(INVALID);
    }
    if (!session_expansion_fits(c->s->expansion, m, c->s->variant, msg, sizeof msg)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_EXP_DROP_FIRST), msg, c->prefix);
        return BW_E(INVALID);
    }
    if (c->s->map == m) {
        cmd_replyf(c, tr(c->lang, MSG_MAP_ALREADY), c->channel, session_map_name(m));
        return BW_OK;
    }
    int lo, hi, points;
    session_map_limits(m, &lo, &hi, &points);
    if (m == SESSION_MAP_BASE) {
        lo = c->s->rules.min_players;
        hi = c->s->rules.max_players;
        points = c->s->rules.victory_points ? c->s->rules.victory_points : points;
    }
    /* A variant of the base board does not go with another map: it is dropped, and said so. */
    int dropped = SESSION_VARIANT_NONE;
    if (!session_variant_fits(c->s->variant, m, c->s->n_seats, msg, sizeof msg)) {
        dropped = c->s->variant;
        c->s->variant = SESSION_VARIANT_NONE;
    }
    c->s->map = (uint8_t)m;
    points = lobby_points(c, m, points);
    c->host->changed(c->host->ctx, c->s);
    if (dropped)
        cmd_announcef(c, tr(c->lang, MSG_MAP_CHOSEN_DROP), c->nick, session_map_name(m),
                      session_map_title(m), lo, hi, points, session_variant_name(dropped));
    else
        cmd_announcef(c, tr(c->lang, MSG_MAP_CHOSEN), c->nick, session_map_name(m),
                      session_map_title(m), lo, hi, points);
    cmd_rules_refit(c);
    return BW_OK;
}

/* One variant in the listing: "jungle (the Jungle, base map, 3-4 players)", marked. */
static size_t variant_item(struct cmd_call *c, int v, char *buf, size_t size)
{
    bool chosen = c->s && c->s->variant == v;
    char item[160], tmp[160];
    if (v == SESSION_VARIANT_NONE)
        snprintf(item, sizeof item, "none");
    else
        snprintf(item, sizeof item,
                 tr(c->lang, v == SESSION_VARIANT_TWO ? MSG_VARIANT_ITEM_TWO : MSG_VARIANT_ITEM),
                 session_variant_name(v), session_variant_title(v));
    mark_item(c, item, sizeof item, tmp, chosen,
              v != SESSION_VARIANT_NONE && !session_variant_playable(v));
    int n = snprintf(buf, size, "%s%s", v == SESSION_VARIANT_NONE ? " " : ", ", item);
    return n < 0 ? 0 : (size_t)n;
}

static int exec_variant(struct cmd_call *c)
{
    char line[RENDER_LINE_MAX], msg[160];
    if (c->argc == 0 && (!c->s || c->s->state == SESSION_LOBBY)) {
        size_t n = 0;
        line[0] = '\0';
        for (int v = 0; v < SESSION_VARIANT_COUNT && n < sizeof line; v++)
            n += variant_item(c, v, line + n, sizeof line - n);
        cmd_replyf(c, tr(c->lang, MSG_VARIANT_LIST), line, c->prefix);
        return BW_OK;
    }
    if (!c->s) {
        if (c->channel)
            cmd_replyf(c, tr(c->lang, MSG_VARIANT_NO_GAME), c->channel, c->prefix, c->prefix);
        else
            cmd_replyf(c, tr(c->lang, MSG_VARIANT_NO_GAME_HERE), c->prefix, c->prefix);
        return BW_E(NOT_FOUND);
    }
    int cur = c->s->variant;
    if (c->s->state != SESSION_LOBBY) {
        if (cur == SESSION_VARIANT_NONE)
            cmd_replyf(
                c, "%s",
                tr(c->lang, c->argc ? MSG_VARIANT_NONE_PLAYED_LOBBY : MSG_VARIANT_NONE_PLAYED));
        else
            cmd_replyf(c, tr(c->lang, c->argc ? MSG_VARIANT_PLAYED_LOBBY : MSG_VARIANT_PLAYED),
                       session_variant_name(cur), session_variant_title(cur));
        return c->argc ? BW_E(WRONG_PHASE) : BW_OK;
    }
    if (c->seat < 0)
        return cmd_not_seated(c);
    struct words_name names[2 * SESSION_VARIANT_COUNT + 1];
    for (int v = 0; v < SESSION_VARIANT_COUNT; v++) {
        names[v] = (struct words_name){session_variant_name(v), v};
        names[SESSION_VARIANT_COUNT + v] = (struct words_name){session_variant_title(v), v};
    }
    names[2 * SESSION_VARIANT_COUNT] = (struct words_name){NULL, 0};
    int v = words_phrase(c->argc, c->argv, names, "variant", msg, sizeof msg);
    if (v < 0) {
        cmd_replyf(c, tr(c->lang, MSG_VARIANT_LISTS), msg, c->prefix);
        return v;
    }
    if (!session_variant_fits(v, c->s->map, c->s->n_seats, msg, sizeof msg)) {
        cmd_replyf(c, tr(c->lang, MSG_VARIANT_LISTS), msg, c->prefix);
        return BW_E(INVALID);
    }
    if (!session_expansion_fits(c->s->expansion, c->s->map, v, msg, sizeof msg)) {
        cmd_replyf(c, tr(c->lang, MSG_CK_EXP_DROP_FIRST), msg, c->prefix);
        return BW_E(INVALID);
    }
    if (cur == v) {
        if (v == SESSION_VARIANT_NONE)
            cmd_replyf(c, tr(c->lang, MSG_VARIANT_ALREADY_NONE), c->channel);
        else
            cmd_replyf(c, tr(c->lang, MSG_VARIANT_ALREADY), c->channel, session_variant_name(v));
        return BW_OK;
    }
    c->s->variant = (uint8_t)v;
    c->host->changed(c->host->ctx, c->s);
    if (v == SESSION_VARIANT_NONE)
        cmd_announcef(c, tr(c->lang, MSG_VARIANT_DROPPED), c->nick, session_variant_name(cur));
    else if (v == SESSION_VARIANT_TWO)
        cmd_announcef(c, tr(c->lang, MSG_VARIANT_CHOSE_TWO), c->nick, session_variant_name(v),
                      session_variant_title(v), c->prefix, c->prefix);
    else
        cmd_announcef(c,
                      tr(c->lang, v == SESSION_VARIANT_RIVER ? MSG_VARIANT_CHOSE_RIVER
                                                             : MSG_VARIANT_CHOSE_JUNGLE),
                      c->nick, session_variant_name(v), session_variant_title(v));
    cmd_rules_refit(c);
    return BW_OK;
}

const struct cmd_entry cmd_variant = {
    "variant",
    {NULL},
    "[jungle|river|two|none]",
    "list the variants of the base board, or pick the lobby's (jungle, river)",
    0,
    PHRASE_WORDS_MAX,
    CMD_ANYONE,
    CMD_ANYWHERE,
    0,
    exec_variant,
};

const struct cmd_entry cmd_map = {
    "map",      {NULL},
    "[NAME]",   "list the maps, or pick the lobby's map (base, four_islands)",
    0,          PHRASE_WORDS_MAX,
    CMD_ANYONE, CMD_ANYWHERE,
    0,          exec_map,
};

const struct cmd_entry cmd_new = {
    "new", {NULL},   "",         "open a lobby here; you take the first seat",
    0,     0,        CMD_ANYONE, CMD_IN_CHANNEL,
    0,     exec_new,
};
const struct cmd_entry cmd_join = {
    "join", {NULL}, "", "take a seat in the lobby", 0, 1, CMD_ANYONE, CMD_ANYWHERE, 0, exec_join,
};
const struct cmd_entry cmd_leave = {
    "leave",
    {NULL},
    "",
    "give up your seat; in a running game you resign",
    0,
    0,
    CMD_SEATED,
    CMD_ANYWHERE,
    CMD_F_SESSION,
    exec_leave,
};
const struct cmd_entry cmd_start = {
    "start",
    {NULL},
    "",
    "start the game with the seated players (seat order is random)",
    0,
    0,
    CMD_SEATED,
    CMD_IN_CHANNEL,
    CMD_F_SESSION,
    exec_start,
};
const struct cmd_entry cmd_stop = {
    "stop",
    {NULL},
    "",
    "end the game here (an admin, or a majority of the players voting; anyone here when none of "
    "its players is)",
    0,
    0,
    CMD_ANYONE,
    CMD_ANYWHERE,
    CMD_F_SESSION | CMD_F_PAUSED,
    exec_stop,
};
const struct cmd_entry cmd_kick = {
    "kick",       {NULL},        "NICK",    "remove a player (they resign)", 1, 1, CMD_ADMIN,
    CMD_ANYWHERE, CMD_F_SESSION, exec_kick,
};
const struct cmd_entry cmd_addbot = {
    "addbot",
    {NULL},
    "[easy|normal|hard]",
    "seat a computer player in the lobby",
    0,
    1,
    CMD_SEATED,
    CMD_IN_CHANNEL,
    CMD_F_SESSION,
    exec_addbot,
};
const struct cmd_entry cmd_removebot = {
    "removebot",
    {NULL},
    "[NAME]",
    "remove a computer player from the lobby",
    0,
    1,
    CMD_SEATED,
    CMD_IN_CHANNEL,
    CMD_F_SESSION,
    exec_removebot,
};
