/* The bot core: sessions per channel, output routing by audience, saving before replying,
 * membership and timers. Commands are parsed in commands.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/log.h"
#include "util/utf8.h"
#include "util/xmalloc.h"

_Static_assert(BW_NICK_MAX == SESSION_NICK_MAX, "a seat keeps every nick the bot accepts");

static void copy_str(char *dst, size_t size, const char *src)
{
    utf8_sanitize_into(dst, size, src ? src : "", src ? strlen(src) : 0);
}

static void free_settings(struct bot *b)
{
    for (size_t i = 0; i < b->admin_count; i++)
        free(b->admins[i]);
    free(b->admins);
    free(b->prefix);
    free(b->web_url);
    free(b->houses);
    b->houses = NULL;
    b->n_houses = 0;
    cimap_fini(&b->web_hidden);
    for (size_t i = 0; i < b->web_hide_count; i++)
        free(b->web_hide[i]);
    free(b->web_hide);
}

static void set_settings(struct bot *b, const struct config_bot *botcfg,
                         const struct config_game *game)
{
    b->prefix = xstrdup(botcfg->prefix && botcfg->prefix[0] ? botcfg->prefix : "!");
    b->web_url = botcfg->web_url ? xstrdup(botcfg->web_url) : NULL;
    b->web_hide_count = botcfg->web_hide_count;
    b->web_hide = xcalloc(b->web_hide_count + 1, sizeof *b->web_hide);
    for (size_t i = 0; i < b->web_hide_count; i++) {
        b->web_hide[i] = xstrdup(botcfg->web_hide[i]);
        cimap_add(&b->web_hidden, b->web_hide[i], b->web_hide[i]);
    }
    b->admin_count = botcfg->admin_count;
    b->admins = xcalloc(b->admin_count + 1, sizeof *b->admins);
    for (size_t i = 0; i < b->admin_count; i++)
        b->admins[i] = xstrdup(botcfg->admins[i]);
    b->colors = botcfg->colors;
    b->rules = (struct session_rules){game->min_players,    game->max_players, game->victory_points,
                                      game->turn_timeout_s, game->bot_level,   game->takeover};
    b->map = botcfg->game_map;
    b->robot_delay_ms = game->bot_delay_ms;
    b->robot_think_ms = game->bot_think_ms;
    b->robot_idle_think_ms = ROBOT_IDLE_THINK_MS;
}

struct bot *bot_new(const struct config_network *net, const struct config_bot *botcfg,
                    const struct config_game *game, const struct bw_out *out, uint64_t seed)
{
    if (!net || !botcfg || !game || !out || !out->send)
        return NULL;
    struct bot *b = xcalloc(1, sizeof *b);
    copy_str(b->own_nick, sizeof b->own_nick, net->nick);
    copy_str(b->network, sizeof b->network, net->name);
    set_settings(b, botcfg, game);
    bot_set_languages(b, net, botcfg);
    bot_set_house_rules(b, net, botcfg);
    b->out = *out;
    bw_rng_seed(&b->rng, seed);
    return b;
}

void bot_reconfigure(struct bot *b, const struct config_network *net,
                     const struct config_bot *botcfg, const struct config_game *game)
{
    if (!b || !net || !botcfg || !game)
        return;
    free_settings(b);
    set_settings(b, botcfg, game);
    bot_set_languages(b, net, botcfg);
    bot_set_house_rules(b, net, botcfg);
    for (int i = 0; i < b->n_games; i++) {
        struct bot_game *g = b->games[i];
        if (g->s.rules.turn_timeout_s == game->turn_timeout_s)
            continue;
        session_set_turn_timeout(&g->s, game->turn_timeout_s, b->now_ms);
        g->changed = true;
    }
    bot_commit(b);
}

static void free_lines(struct bot *b)
{
    for (int i = 0; i < b->n_lines; i++) {
        free(b->lines[i].target);
        free(b->lines[i].text);
        free(b->lines[i].key);
    }
    b->n_lines = 0;
}

void bot_free(struct bot *b)
{
    if (!b)
        return;
    for (int i = 0; i < b->n_games; i++) {
        bot_robots_forget(b->games[i]);
        bot_durable_forget(b->games[i]);
        free(b->games[i]);
    }
    free(b->games);
    cimap_fini(&b->by_channel);
    bot_durable_free(b);
    free_lines(b);
    free(b->lines);
    free_settings(b);
    free(b->langs);
    free(b->store);
    free(b);
}

void bot_set_repeatable(struct bot *b, bool repeatable)
{
    b->repeatable = repeatable;
}

void bot_set_wall_clock(struct bot *b, int64_t offset_ms, int64_t alive_ms)
{
    b->wall_offset_ms = offset_ms;
    b->alive_ms = alive_ms;
    b->wall_known = true;
}

static int64_t wall_at(const struct bot *b, int64_t now_ms)
{
    int64_t wall;
    if (!b->wall_known || __builtin_add_overflow(now_ms, b->wall_offset_ms, &wall) ||
        wall == INT64_MIN)
        return INT64_MIN;
    return wall;
}

void bot_set_own_nick(struct bot *b, const char *nick)
{
    copy_str(b->own_nick, sizeof b->own_nick, nick);
}

void bot_set_store(struct bot *b, const struct session_store_ops *ops)
{
    free(b->store);
    b->store = NULL;
    if (ops) {
        b->store = xmalloc(sizeof *b->store);
        *b->store = *ops;
    }
}

struct bot_game *bot_find(const struct bot *b, const char *channel)
{
    size_t at = 0;
    struct bot_game *g;
    while ((g = cimap_next(&b->by_channel, channel, &at)))
        if (!g->closing)
            return g;
    return NULL;
}

/* g joins the list of games (and the index by channel). */
static void add_game(struct bot *b, struct bot_game *g)
{
    if (b->n_games == b->cap_games) {
        b->cap_games = b->cap_games ? 2 * b->cap_games : 8;
        b->games = xreallocarray(b->games, (size_t)b->cap_games, sizeof *b->games);
    }
    b->games[b->n_games++] = g;
    cimap_add(&b->by_channel, g->s.channel, g);
}

const struct session *bot_session(const struct bot *b, const char *channel)
{
    struct bot_game *g = bot_find(b, channel);
    return g ? &g->s : NULL;
}

struct bot_game *bot_open(struct bot *b, const char *channel)
{
    if (!channel || strlen(channel) > SESSION_CHAN_MAX || bot_find(b, channel))
        return NULL;
    struct bot_game *g = xcalloc(1, sizeof *g);
    session_init(&g->s, channel, &b->rules, bw_rng_next(&b->rng));
    g->s.map = (uint8_t)b->map;
    g->s.house = bot_house_rules(b, channel);
    g->robot_due_ms = g->robot_calm_ms = INT64_MAX;
    g->mover = -1;
    add_game(b, g);
    return g;
}

int bot_restore(struct bot *b, const void *blob, size_t len, int64_t now_ms, char *why,
                size_t whylen)
{
    struct bot_game *g = xcalloc(1, sizeof *g);
    g->robot_due_ms = g->robot_calm_ms = INT64_MAX;
    g->mover = -1;
    g->start_logged = true; /* its start is in the log of the process that started it */
    /* Its clocks ran until the bot that saved it stopped (as far as that is known). */
    int64_t wall = wall_at(b, now_ms);
    if (wall != INT64_MIN)
        wall = b->alive_ms < wall ? b->alive_ms : wall;
    int err = session_restore_at(&g->s, blob, len, now_ms, wall, why, whylen);
    if (err) {
        free(g);
        return err;
    }
    struct bot_game *old = bot_find(b, g->s.channel);
    if (old) {
        old->s = g->s;
        free(g);
        bot_durable_saved(b, old);
        return BW_OK;
    }
    add_game(b, g);
    /* A game brought back after a restart waits, clocks stopped, until the bot is in its
     * channel again; then it resumes (resume()). */
    b->now_ms = now_ms;
    if (b->out.member) {
        bot_pause(b, g);
        g->changed = false;
    } else {
        bot_robots_schedule(b, g); /* computer players to move go on after their delay */
    }
    bot_durable_saved(b, g); /* what the store holds, the pause of a restore aside */
    return BW_OK;
}

void bot_queue(struct bot *b, const char *target, const char *text, unsigned flags, const char *key)
{
    bot_queue_about(b, NULL, target, text, flags, key);
}

void bot_queue_about(struct bot *b, const struct bot_game *g, const char *target, const char *text,
                     unsigned flags, const char *key)
{
    if (b->n_lines == b->cap_lines) {
        b->cap_lines = b->cap_lines ? 2 * b->cap_lines : 32;
        b->lines = xreallocarray(b->lines, (size_t)b->cap_lines, sizeof *b->lines);
    }
    struct bot_line *l = &b->lines[b->n_lines++];
    l->target = xstrdup(target);
    l->text = xstrdup(text);
    l->key = key ? xstrdup(key) : NULL;
    l->flags = flags;
    l->game = g;
}

uint64_t bot_lines_refused(const struct bot *b)
{
    return b->lines_refused;
}

bool bot_nick_usable(const char *nick)
{
    size_t n = strlen(nick);
    char clean[BW_NICK_MAX + 1];
    /* Nothing a message target could read as a channel (#&+!), a server or host mask ($), a
     * list of targets (,) or a wildcard: a private line to such a "nick" would go elsewhere. */
    if (n && (strchr("#&+!$:", nick[0]) || strpbrk(nick, " ,*?@!")))
        return false;
    return n > 0 && n <= BW_NICK_MAX && utf8_sanitize_into(clean, sizeof clean, nick, n) == n &&
           memcmp(clean, nick, n) == 0;
}

struct session_who bot_who(const struct bw_identity *id)
{
    return (struct session_who){id->nick, id->user, id->host, id->account, !id->account_known};
}

/* Whether seat's hidden information may go to its nick now: the one commanding now is the
 * seat's person, or the IRC layer confirms that the nick is in the channel and is the seat's
 * person. Without the IRC layer's word (tests), the seat's presence decides. */
static bool seat_confirmed(struct bot *b, struct bot_game *g, int seat, struct session_who *w)
{
    const char *nick = g->s.seat[seat].nick;
    if (b->speaker && strcasecmp(b->speaker->nick, nick) == 0 &&
        session_seat_is(&g->s, seat, b->speaker)) {
        *w = *b->speaker;
        return true;
    }
    if (!b->out.member)
        return g->s.seat[seat].present;
    struct bw_identity id;
    if (!b->out.member(b->out.ctx, g->s.channel, nick, &id))
        return false;
    *w = bot_who(&id);
    return session_seat_is(&g->s, seat, w);
}

void bot_game_line(struct bot *b, struct bot_game *g, int to, const char *text, const char *key)
{
    if (to == RENDER_PUBLIC) {
        unsigned flags = !key && bot_robots_unattended(g) ? BW_OUT_BACKGROUND : 0;
        if (!key)
            bot_view_line(b, g, text);
        bool start = key && strcmp(key, CMD_KEY_START_BOARD) == 0;
        /* The drawing at the start, or one asked for in the channel during the game: its clocks
         * stand still and its computer players wait until it is out (the IRC layer sends it as
         * one block, the channel's other lines behind it). */
        if ((start || (key && strcmp(key, "board") == 0 && g->s.state == SESSION_PLAYING)) &&
            b->out.drawing) {
            if (start)
                flags |= BW_OUT_IN_TURN;
            if (!g->drawing_held)
                g->drawing_since_ms = b->now_ms;
            g->drawing_held = true;
        }
        bot_queue_about(b, g, g->s.channel, text, flags, key);
        return;
    }
    if (to < 0 || to >= g->s.n_seats || !g->s.seat[to].nick[0] || g->s.seat[to].robot)
        return; /* a computer player reads the game, not lines */
    struct session_who w;
    if (!seat_confirmed(b, g, to, &w)) {
        /* Whoever holds the nick now is not known to be the player: the seat waits as away
         * (and gets its hand again when they are back). */
        if (b->out.member && g->s.seat[to].present)
            bot_depart(b, g, g->s.seat[to].nick, b->now_ms);
        return;
    }
    if (!g->s.seat[to].present && b->out.member &&
        b->out.member(b->out.ctx, g->s.channel, g->s.seat[to].nick, &(struct bw_identity){0}) &&
        session_return(&g->s, &w) == to)
        g->changed = true;
    unsigned flags = BW_OUT_PRIVATE | (g->s.state == SESSION_PLAYING ? BW_OUT_PLAYER : 0);
    if (bot_seat_urgent(b, g, to))
        flags |= BW_OUT_URGENT;
    bot_queue_about(b, g, g->s.seat[to].nick, text, flags, key);
}

bool bot_seat_urgent(const struct bot *b, const struct bot_game *g, int seat)
{
    if (g->s.state != SESSION_PLAYING)
        return false;
    return (game_waiting_for(&g->s.game) & (1u << seat)) ||
           (seat == g->mover && b->now_ms - g->mover_ms < BOT_MOVER_MS);
}

static void style_of(const struct bot *b, const struct bot_game *g, struct render_style *st)
{
    const char *nicks[GAME_MAX_PLAYERS];
    for (int i = 0; i < g->s.n_seats; i++)
        nicks[i] = g->s.seat[i].nick;
    render_style_init(st, g->s.channel, nicks, g->s.n_seats, b->colors);
    st->lang = bot_language(b, g->s.channel);
    render_style_prefix(st, b->prefix);
    render_style_neutrals(st, &g->s.game);
}

/* The public lines of one change (one command or one timer) go out joined, as few channel
 * lines as fit: "bob rolled 8 (3+5) · alice receives 1 wood · carol receives 2 ore". Private
 * lines go out at once. */
#define BOT_JOIN " \xc2\xb7 "

struct route_ctx {
    struct bot *b;
    struct bot_game *g;
    char pub[RENDER_LINE_MAX];
    size_t n;
};

static void flush_public(struct route_ctx *r)
{
    if (r->n)
        bot_game_line(r->b, r->g, RENDER_PUBLIC, r->pub, NULL);
    r->n = 0;
    r->pub[0] = 0;
}

static void route_line(void *ctx, int to, const char *text)
{
    struct route_ctx *r = ctx;
    if (to != RENDER_PUBLIC) {
        bot_game_line(r->b, r->g, to, text, NULL);
        return;
    }
    size_t len = strlen(text), sep = strlen(BOT_JOIN);
    if (r->n && r->n + sep + len >= sizeof r->pub)
        flush_public(r);
    if (len >= sizeof r->pub) {
        bot_game_line(r->b, r->g, RENDER_PUBLIC, text, NULL);
        return;
    }
    if (r->n) {
        memcpy(r->pub + r->n, BOT_JOIN, sep);
        r->n += sep;
    }
    memcpy(r->pub + r->n, text, len + 1);
    r->n += len;
}

/* During setup the engine reports no turn events: say who places what next, and for a road
 * the corners it may lead to. */
static void setup_prompt(struct bot *b, struct bot_game *g, struct route_ctx *r)
{
    const struct game *gm = &g->s.game;
    char line[RENDER_LINE_MAX];
    int lang = bot_language(b, g->s.channel);
    const char *nick = g->s.seat[gm->current].nick;
    if (gm->phase == PHASE_SETUP_SETTLEMENT) {
        render_tr(lang, line, sizeof line, MSG_BOT_SETUP_SETTLE, nick, b->prefix);
    } else if (gm->phase == PHASE_SETUP_ROAD) {
        const struct board_geo *geo = board_geo(gm->opt.board);
        int v = gm->setup_vertex, ends[3], n = 0;
        for (int k = 0; k < 3 && v >= 0 && v < geo->n_vertices; k++) {
            int e = geo->vertex_edge[v][k], w = geo->vertex_vertex[v][k];
            if (e >= 0 && w >= 0 && gm->edge_owner[e] < 0)
                ends[n++] = w + 1;
        }
        if (n == 1)
            render_tr(lang, line, sizeof line, MSG_BOT_SETUP_ROAD_1, nick, v + 1, ends[0],
                      b->prefix, v + 1);
        else if (n == 2)
            render_tr(lang, line, sizeof line, MSG_BOT_SETUP_ROAD_2, nick, v + 1, ends[0], ends[1],
                      b->prefix, v + 1);
        else if (n == 3)
            render_tr(lang, line, sizeof line, MSG_BOT_SETUP_ROAD_3, nick, v + 1, ends[0], ends[1],
                      ends[2], b->prefix, v + 1);
        else
            render_tr(lang, line, sizeof line, MSG_BOT_SETUP_ROAD_0, nick, v + 1, b->prefix, v + 1);
    } else {
        return;
    }
    route_line(r, RENDER_PUBLIC, line);
}

/* After the winner's line: everyone's points, the turns, the time and the dice. */
static void game_summary(struct bot *b, struct bot_game *g)
{
    struct render_style st;
    style_of(b, g, &st);
    int64_t played = b->now_ms > g->s.started_ms ? (b->now_ms - g->s.started_ms) / 1000 : 0;
    struct render_lines lines;
    render_lines_init(&lines);
    struct render_sink collect = render_lines_sink(&lines);
    render_summary(&g->s.game, &st, played, g->s.rolls, &collect);
    for (int k = 0; k < lines.n; k++)
        bot_game_line(b, g, RENDER_PUBLIC, lines.v[k].text, NULL);
    render_lines_fini(&lines);
}

void bot_show_events(struct bot *b, struct bot_game *g, const struct game_event *ev, int n_ev)
{
    struct render_style st;
    struct route_ctx r = {b, g, "", 0};
    struct render_sink sink = {route_line, &r};
    style_of(b, g, &st);
    render_events(&g->s.game, &st, ev, n_ev, &sink);
    /* Whoever a card or the barbarians just asked learns privately what to type. */
    for (int i = 0; i < n_ev; i++)
        if (ev[i].type == EV_ASK || ev[i].type == EV_DICE_ASK)
            render_ask_prompt(&g->s.game, &st, ev[i].player,
                              session_ask_seconds_left(&g->s, b->now_ms), &sink);
    setup_prompt(b, g, &r);
    flush_public(&r);
    for (int i = 0; i < n_ev; i++)
        if (ev[i].type == EV_GAME_OVER && ev[i].player >= 0)
            game_summary(b, g);
}

/* What every hand line shows, kept before an action to tell whose hand it changed: with Cities
 * & Knights the commodities and the progress cards too (a card played that takes nothing, a
 * trade monopoly that takes commodities alone). */
struct hands {
    struct game_player p[GAME_MAX_PLAYERS];
    uint8_t cards[GAME_MAX_PLAYERS][CK_HAND + 1];
};

static void hands_keep(const struct game *gm, struct hands *h)
{
    memcpy(h->p, gm->p, sizeof h->p);
    for (int i = 0; i < GAME_MAX_PLAYERS; i++)
        memcpy(h->cards[i], gm->ck.p[i].hand, sizeof h->cards[i]);
}

static bool hand_differs(const struct hands *h, const struct game *gm, int i)
{
    const struct game_player *x = &h->p[i], *y = &gm->p[i];
    return memcmp(x->res, y->res, sizeof x->res) || memcmp(x->dev, y->dev, sizeof x->dev) ||
           memcmp(x->dev_new, y->dev_new, sizeof x->dev_new) || x->discoveries != y->discoveries ||
           memcmp(x->commodity, y->commodity, sizeof x->commodity) ||
           memcmp(h->cards[i], gm->ck.p[i].hand, sizeof h->cards[i]);
}

/* Marks for a hand line every seat whose hand changed since h was kept. */
static void hands_changed(struct bot_game *g, const struct hands *h)
{
    for (int i = 0; i < g->s.n_seats; i++)
        if (hand_differs(h, &g->s.game, i))
            g->hand_dirty |= 1u << i;
}

/* Whose move the game waits for, for a refusal to seat asker, with the command(s) the awaited
 * person types: "it is bob's move: roll (!roll or !play CARD)". */
static void whose_move(const struct bot *b, const struct bot_game *g, int asker, char *msg,
                       size_t msglen)
{
    struct render_style st;
    char hint[RENDER_LINE_MAX];
    style_of(b, g, &st);
    session_whose_move_in(&g->s, asker, st.lang, msg, msglen);
    size_t n = strlen(msg);
    snprintf(msg + n, msglen - n, "%s", render_move_hint(&g->s.game, &st, hint, sizeof hint));
}

/* A refusal that says what to do instead: whose move it is, or which cards are missing. */
static void explain_refusal(const struct bot *b, const struct bot_game *g,
                            const struct game_action *a, int err, char *msg, size_t msglen)
{
    static const uint8_t costs[][RES_COUNT] = {
        [ACT_BUILD_ROAD] = {1, 1, 0, 0, 0},
        [ACT_BUILD_SETTLEMENT] = {1, 1, 1, 1, 0},
        [ACT_BUILD_CITY] = {0, 0, 0, 2, 3},
        [ACT_BUY_DEV] = {0, 0, 1, 1, 1},
    };
    const struct game *gm = &g->s.game;
    int lang = bot_language(b, g->s.channel);
    snprintf(msg, msglen, "%s", i18n_strerror(lang, err));
    if (err == BW_E(NOT_YOUR_TURN) || (err == BW_E(WRONG_PHASE) && a->player != gm->current)) {
        whose_move(b, g, a->player, msg, msglen);
        return;
    }
    if (err == BW_E(WRONG_PHASE) && a->player == gm->current) {
        if (gm->phase == PHASE_ROLL)
            render_tr(lang, msg, msglen, MSG_BOT_ROLL_FIRST, b->prefix);
        else if (gm->phase == PHASE_ROBBER)
            render_tr(lang, msg, msglen, MSG_BOT_ROBBER_FIRST, b->prefix);
        else if (gm->phase == PHASE_DISCARD)
            whose_move(b, g, a->player, msg, msglen);
        return;
    }
    if (err != BW_E(NOT_ENOUGH) || a->player < 0 || a->player >= g->s.n_seats)
        return;
    const uint8_t *need = NULL;
    uint8_t dev_need[RES_COUNT];
    const struct board_setup *bs = board_setup(gm->opt.board);
    if (a->type == ACT_BUY_DEV && bs && bs->jungle) {
        /* The Jungle: the discoveries used stand in for the cards missing first (wool, grain,
         * ore), as the engine takes them. */
        const struct game_player *pl = &gm->p[a->player];
        int k = a->a >= 0 ? a->a : pl->discoveries < 3 ? pl->discoveries : 3;
        memcpy(dev_need, costs[ACT_BUY_DEV], RES_COUNT);
        for (int r = RES_WOOL; r <= RES_ORE && k > 0; r++)
            if (pl->res[r] < dev_need[r]) {
                dev_need[r]--;
                k--;
            }
        need = dev_need;
    } else if (a->type <= ACT_BUY_DEV) {
        need = costs[a->type];
    } else if (a->type == ACT_BANK_TRADE || a->type == ACT_OFFER)
        need = a->give;
    if (!need)
        return;
    /* "you need 1 wood and 2 ore more", in the channel's words. */
    char list[320] = "", item[96];
    size_t n = 0;
    int parts = 0;
    for (int r = 0; r < RES_COUNT && n < sizeof list; r++) {
        int have = gm->p[a->player].res[r];
        if (need[r] <= have)
            continue;
        render_res_count(lang, r, need[r] - have, 0, item, sizeof item);
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s",
                              parts++ ? tr(lang, MSG_BOT_NEED_AND) : "", item);
    }
    if (parts)
        render_tr(lang, msg, msglen, MSG_BOT_NEED, list);
    else
        snprintf(msg, msglen, "%s", i18n_strerror(lang, err));
}

int bot_game_act(struct bot *b, struct bot_game *g, const struct game_action *a, char *msg,
                 size_t msglen)
{
    struct hands before;
    struct game_event ev[GAME_MAX_EVENTS];
    int n_ev;
    if (!b->robot_acting && session_robot_plays(&g->s, a->player)) {
        render_tr(bot_language(b, g->s.channel), msg, msglen, MSG_BOT_SITTING_IN);
        return BW_E(DENIED);
    }
    hands_keep(&g->s.game, &before);
    int err = session_apply(&g->s, a, b->now_ms, ev, GAME_MAX_EVENTS, &n_ev);
    if (err) {
        explain_refusal(b, g, a, err, msg, msglen);
        return err;
    }
    hands_changed(g, &before);
    g->changed = true;
    if (!b->robot_acting) {
        g->mover = a->player;
        g->mover_ms = b->now_ms;
    }
    bot_show_events(b, g, ev, n_ev);
    return BW_OK;
}

static void send_hands(struct bot *b, struct bot_game *g)
{
    if (g->s.state == SESSION_LOBBY || g->closing || !g->hand_dirty)
        return;
    struct render_style st;
    style_of(b, g, &st);
    for (int i = 0; i < g->s.n_seats; i++) {
        if (!(g->hand_dirty & (1u << i)) || g->s.game.p[i].resigned)
            continue;
        struct render_lines lines;
        render_lines_init(&lines);
        struct render_sink sink = render_lines_sink(&lines);
        render_hand(&g->s.game, &st, i, &sink);
        for (int k = 0; k < lines.n; k++)
            if (lines.v[k].to == i)
                bot_game_line(b, g, i, lines.v[k].text, "hand");
        render_lines_fini(&lines);
    }
    g->hand_dirty = 0;
}

int bot_save_game(struct bot *b, struct bot_game *g)
{
    if (!b->store)
        return BW_OK;
    int err = BW_OK;
    struct session_result r;
    if (g->closing && session_result(&g->s, b->now_ms, &r) == BW_OK) {
        static const char *const endings[] = {"won", "stopped", "won (the others left)"};
        log_event(LOG_LEVEL_INFO,
                  &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                       .channel = g->s.channel,
                                       .action = "game_over"},
                  "%s: the game ended: %s after %d turns", g->s.channel,
                  endings[r.ending >= 0 && r.ending <= 2 ? r.ending : 1], r.turns);
    }
    if (g->closing && b->store->finished && session_result(&g->s, b->now_ms, &r) == BW_OK) {
        err = b->store->finished(b->store->ctx, g->s.channel, &r);
    } else if (g->closing) {
        if (b->store->erase)
            err = b->store->erase(b->store->ctx, g->s.channel);
    } else if (b->store->save) {
        unsigned char *buf = xmalloc(SESSION_RECORD_SIZE);
        size_t len =
            session_save_at(&g->s, b->now_ms, wall_at(b, b->now_ms), buf, SESSION_RECORD_SIZE);
        err = len ? b->store->save(b->store->ctx, g->s.channel, buf, len) : BW_E(INVALID);
        free(buf);
    }
    if (err)
        log_event(LOG_LEVEL_WARN,
                  &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                       .channel = g->s.channel,
                                       .action = "save_failed"},
                  "%s: saving the game failed: %s", g->s.channel, bw_strerror(err));
    return err;
}

int bot_save_all(struct bot *b, char *why, size_t whylen)
{
    if (!b->store) {
        snprintf(why, whylen, "no store is open");
        return BW_E(NOT_FOUND);
    }
    int saved = 0;
    for (int i = 0; i < b->n_games; i++) {
        struct bot_game *g = b->games[i];
        if (g->closing || g->s.state == SESSION_OVER)
            continue; /* the commit after this command finishes them */
        if (g->store_down) {
            /* It waits for the store (the tick tries it again): the admin is told. */
            snprintf(why, whylen,
                     "%s could not be saved and is paused; saving is tried again "
                     "every %d s",
                     g->s.channel, BOT_STORE_RETRY_MS / 1000);
            return BW_E(IO);
        }
        int err = bot_save_game(b, g);
        if (err) {
            snprintf(why, whylen, "%s could not be saved (%s)", g->s.channel, bw_strerror(err));
            return err;
        }
        g->changed = false;
        saved++;
    }
    if (b->store->checkpoint) {
        int err = b->store->checkpoint(b->store->ctx, why, whylen);
        if (err)
            return err;
    }
    return saved;
}

/* The lines of this commit that a failed save withholds: those about a game that could not be
 * saved, and the replies to the command that changed it. */
static void withhold(struct bot *b)
{
    int kept = 0;
    for (int i = 0; i < b->n_lines; i++) {
        struct bot_line *l = &b->lines[i];
        if (l->game ? l->game->save_err != BW_OK : b->speaker != NULL) {
            free(l->target);
            free(l->text);
            free(l->key);
        } else {
            b->lines[kept++] = *l;
        }
    }
    b->n_lines = kept;
}

/* How often a game waiting for the drawing at its start asks whether it is out. */
#define BOT_DRAWING_POLL_MS 200

/* Whether g still waits for the drawing at its start (or one asked for in its channel) to go
 * out. Once it is out, the game's clocks move on by the time it took: nobody's time ran while
 * the board was being shown. */
static bool drawing_waits(struct bot *b, struct bot_game *g, int64_t now_ms)
{
    if (!g->drawing_held)
        return false;
    if (b->out.drawing && b->out.drawing(b->out.ctx, g->s.channel) > 0)
        return true;
    g->drawing_held = false;
    session_hold(&g->s, g->drawing_since_ms, now_ms);
    /* The next drawing in the channel comes at most CMD_BOARD_INTERVAL_MS after this one is
     * out, not after it was asked for: asking again and again cannot keep the game standing. */
    g->s.board_ms = now_ms;
    return false;
}

void bot_commit(struct bot *b)
{
    bool failed = false;
    for (int i = 0; i < b->n_games; i++) {
        struct bot_game *g = b->games[i];
        g->save_err = BW_OK;
        if (g->released)
            continue; /* another instance's now: nothing of it is this bot's */
        if (g->s.state == SESSION_OVER)
            g->closing = true;
        bot_robots_alone(b, g);
        send_hands(b, g);
        if (g->changed || g->closing) {
            if (g->store_down)
                bot_durable_unpause(b, g);
            g->save_err = bot_save_game(b, g);
            failed = failed || g->save_err != BW_OK;
        }
        if (g->save_err == BW_OK && g->s.state != SESSION_LOBBY && !g->start_logged) {
            g->start_logged = true;
            log_event(LOG_LEVEL_INFO,
                      &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                           .channel = g->s.channel,
                                           .action = "game_start"},
                      "%s: a game of %d players starts", g->s.channel, g->s.n_seats);
        }
        if ((g->changed || g->closing) && g->save_err == BW_OK) {
            bot_durable_saved(b, g);
            g->active_ms = b->now_ms;
            bot_view_changed(b, g);
        }
        g->changed = false;
    }
    if (failed) {
        withhold(b);
        for (int i = 0; i < b->n_games; i++)
            if (b->games[i]->save_err != BW_OK)
                b->games[i]->closing = !bot_durable_failed(b, b->games[i], b->games[i]->save_err);
    }
    int kept = 0;
    for (int i = 0; i < b->n_games; i++) {
        if (b->games[i]->closing || b->games[i]->released) {
            if (b->games[i]->closing)
                bot_view_closing(b, b->games[i]);
            bot_robots_forget(b->games[i]);
            cimap_remove(&b->by_channel, b->games[i]->s.channel, b->games[i]);
            bot_durable_forget(b->games[i]);
            if (b->games[i]->due_slot && b->due)
                b->due[b->games[i]->due_slot - 1] = NULL;
            free(b->games[i]);
        } else {
            bot_robots_schedule(b, b->games[i]);
            b->games[kept++] = b->games[i];
        }
    }
    b->n_games = kept;
    bot_durable_after(b);
    /* An outdated hand or board still queued is dropped once, before the first new line. */
    for (int i = 0; i < b->n_lines; i++) {
        struct bot_line *l = &b->lines[i];
        bool first = true;
        for (int k = 0; l->key && k < i && first; k++)
            first = !(b->lines[k].key && strcmp(b->lines[k].key, l->key) == 0 &&
                      strcasecmp(b->lines[k].target, l->target) == 0);
        if (l->key && first && b->out.drop)
            b->out.drop(b->out.ctx, l->target, l->key);
        b->out.send(b->out.ctx, l->target, l->text, l->flags, l->key);
    }
    free_lines(b);
    /* A drawing that is out already (or that the IRC layer does not hold) holds nothing up. */
    for (int i = 0; i < b->n_games; i++)
        drawing_waits(b, b->games[i], b->now_ms);
}

static void tick_game(struct bot *b, struct bot_game *g, int64_t now_ms)
{
    struct session_tick t;
    struct hands before;
    char nick[SESSION_NICK_MAX + 1];
    /* Bounded: each step either acts (the game moves on) or warns once. */
    for (int guard = 0; guard < 64; guard++) {
        hands_keep(&g->s.game, &before);
        int kind = session_tick(&g->s, now_ms, &t);
        if (kind == SESSION_TICK_NONE)
            break;
        memcpy(nick, t.nick, sizeof nick);
        if (kind == SESSION_TICK_WARN) {
            char line[RENDER_LINE_MAX], hint[RENDER_LINE_MAX];
            struct render_style st;
            style_of(b, g, &st);
            size_t n = render_tr(st.lang, line, sizeof line, MSG_BOT_SECONDS_LEFT, nick, t.seconds);
            snprintf(line + n, sizeof line - n, "%s",
                     render_move_hint(&g->s.game, &st, hint, sizeof hint));
            bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
            continue;
        }
        g->changed = true;
        if (kind == SESSION_TICK_GONE)
            bot_announce(b, g, MSG_BOT_GAVE_UP, nick);
        if (kind == SESSION_TICK_SIT_IN)
            bot_announce(b, g, MSG_BOT_AWAY_SITS_IN, nick);
        if (t.n_ev) {
            hands_changed(g, &before);
            bot_show_events(b, g, t.ev, t.n_ev);
        }
        if (t.sit_in)
            bot_announce(b, g, MSG_BOT_OUT_OF_TIME, nick);
        if (kind == SESSION_TICK_GONE && g->s.state == SESSION_LOBBY && g->s.n_seats == 0)
            g->closing = true;
        /* The commit frees a game that closed or ended (or was left to computer players): g
         * must not be touched after it: bot_commit clears its entry in the tick's list. */
        int slot = g->due_slot - 1;
        bot_commit(b);
        if (slot < 0 || !b->due || !b->due[slot])
            return;
    }
    bot_commit(b);
}

void bot_tick(struct bot *b, int64_t now_ms)
{
    b->now_ms = now_ms;
    bot_robots_new_tick(b);
    /* Ticking a game may end and drop it: walk a copy of the list, whose entry of a dropped
     * game bot_commit clears (b->due). */
    int n = b->n_games;
    struct bot_game **due = xcalloc((size_t)n + 1, sizeof *due);
    for (int i = 0; i < n; i++)
        if (!drawing_waits(b, b->games[i], now_ms) &&
            (session_next_deadline(&b->games[i]->s) <= now_ms ||
             b->games[i]->robot_due_ms <= now_ms)) {
            due[i] = b->games[i];
            due[i]->due_slot = i + 1;
        }
    b->due = due;
    /* Each tick starts with the next game, so thinking time goes round fairly. */
    int first = n ? (int)(b->tick_count++ % (unsigned)n) : 0;
    for (int k = 0; k < n; k++) {
        int i = (first + k) % n;
        if (due[i] && session_next_deadline(&due[i]->s) <= now_ms)
            tick_game(b, due[i], now_ms);
        /* Timers first (a person's time may have run out meanwhile), then computer players. */
        if (due[i])
            bot_robots_run(b, due[i]);
    }
    for (int i = 0; i < n; i++)
        if (due[i])
            due[i]->due_slot = 0;
    b->due = NULL;
    free(due);
    bot_durable_tick(b, now_ms);
}

int64_t bot_next_deadline(const struct bot *b)
{
    int64_t t = INT64_MAX;
    for (int i = 0; i < b->n_games; i++) {
        if (b->games[i]->drawing_held) {
            /* Its clocks stand still: it only asks again whether its drawing is out. */
            if (b->now_ms + BOT_DRAWING_POLL_MS < t)
                t = b->now_ms + BOT_DRAWING_POLL_MS;
            continue;
        }
        int64_t d = session_next_deadline(&b->games[i]->s);
        if (d < t)
            t = d;
        if (b->games[i]->robot_due_ms < t && !b->games[i]->s.paused)
            t = b->games[i]->robot_due_ms;
    }
    if (b->store_failing && b->store_retry_ms < t)
        t = b->store_retry_ms;
    return t;
}
