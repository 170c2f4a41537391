/* Cities & Knights in the text forms: the hand's progress cards, the status (tracks, knights,
 * walls, metropolises, the barbarians, the merchant, the decks, who must draw or give up a
 * progress card), the board text's lists, !spots' knight kinds and !progress. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

void cities_hand(const struct game *g, const struct render_style *st, int seat, struct rline *l)
{
    char buf[CARDS_BUF];
    if (!g->ck.on || !g->ck.p[seat].hand[0])
        return;
    rline_add(l, tr(st->lang, MSG_TXT_HAND_PROGRESS));
    rline_iso(l, st, progress_hand_str(g, st->lang, seat, buf, sizeof buf));
}

/* The levels of p's knights: all of them, and the active ones. */
static void knight_strengths(const struct game *g, int p, int *active, int *all)
{
    *active = *all = 0;
    for (int k = 0; k < CK_KNIGHTS; k++)
        if (g->ck.p[p].knight_at[k]) {
            int level = g->ck.p[p].knight[k] & KNIGHT_LEVEL;
            *all += level;
            *active += g->ck.p[p].knight[k] & KNIGHT_ACTIVE ? level : 0;
        }
}

static int walls_of(const struct game *g, int p)
{
    int n = 0;
    for (int w = 0; w < BOARD_WORDS; w++)
        n += __builtin_popcountll(g->ck.walls[w] & g->buildings_of[p][w]);
    return n;
}

static int progress_held(const struct game *g, int p)
{
    int n = 0;
    while (n <= CK_HAND && g->ck.p[p].hand[n])
        n++;
    return n;
}

void cities_status_player(struct rline *l, const struct game *g, const struct render_style *st,
                          int p)
{
    const struct ck_player *c = &g->ck.p[p];
    int active, all;
    knight_strengths(g, p, &active, &all);
    rline_tr(l, st, MSG_ST_CK_PLAYER, c->level[TRACK_SCIENCE], c->level[TRACK_TRADE],
             c->level[TRACK_POLITICS], active, all);
    if (walls_of(g, p))
        rline_tr(l, st, MSG_ST_CK_WALLS, walls_of(g, p));
    for (int t = 0; t < CK_TRACKS; t++)
        if (game_metropolis_of(g, t) == p)
            rline_tr(l, st, MSG_ST_CK_METROPOLIS, render_track_name_in(st->lang, t));
    if (c->defender)
        rline_tr(l, st, MSG_ST_CK_DEFENDER, c->defender);
    if (progress_held(g, p))
        rline_tr(l, st, MSG_ST_CK_PROGRESS, progress_held(g, p));
}

void cities_status(struct rline *l, const struct game *g, const struct render_style *st)
{
    if (g->ck.merchant && g->ck.merchant_owner) {
        char nick[NICK_BUF], hex[64];
        rline_tr(l, st, MSG_ST_CK_MERCHANT, nick_str(st, g->ck.merchant_owner - 1, nick),
                 event_hex_label(g, st->lang, g->ck.merchant - 1, hex, sizeof hex));
    }
    rline_tr(l, st, MSG_ST_CK_DECKS, CK_DECK - g->ck.deck_pos[TRACK_SCIENCE],
             CK_DECK - g->ck.deck_pos[TRACK_TRADE], CK_DECK - g->ck.deck_pos[TRACK_POLITICS]);
}

void cities_awaited(struct rline *l, const struct game *g, const struct render_style *st)
{
    unsigned m = cities_pending(g);
    cities_ask_status(l, g, st);
    for (int p = 0; p < g->opt.n_players; p++)
        if ((m >> p & 1) && !g->ck.p[p].ask)
            rline_tr(l, st, g->ck.p[p].hand[CK_HAND] ? MSG_ST_CK_WAIT_FIFTH : MSG_ST_CK_WAIT_DRAW,
                     seat_nick(st, p));
}

int cities_hint(struct rline *l, const struct game *g, const struct render_style *st)
{
    unsigned m = cities_pending(g);
    int draw = 0, fifth = 0, choose = 0, give = 0;
    if (!m)
        return 0;
    for (int p = 0; p < g->opt.n_players; p++)
        if ((m >> p & 1) && !seat_is_robot(st, p)) {
            int ask = g->ck.p[p].ask;
            if (ask == ASK_WEDDING || ask == ASK_HARBOR)
                give = ASK_WEDDING;
            else if (ask)
                choose = ASK_PILLAGE;
            else if (g->ck.p[p].hand[CK_HAND])
                fifth = 1;
            else
                draw = 1;
        }
    const char *pre = style_prefix(st);
    cities_ask_hint(l, st, choose);
    cities_ask_hint(l, st, give);
    if (fifth)
        rline_tr(l, st, MSG_HINT_PROGRESS_FIFTH, pre, pre);
    if (draw)
        rline_tr(l, st, MSG_HINT_PROGRESS_DRAW, pre);
    return 1;
}

/* A group per player ("alice 12 basic active, 17 strong"), the nick isolated in a
 * right-to-left language. */
static void player_group(struct rlist *r, const struct render_style *st, int p, int *first)
{
    char head[RENDER_NICK_MAX + 32];
    snprintf(head, sizeof head, i18n_rtl(st->lang) ? "\xe2\x81\xa8%s\xe2\x81\xa9" : "%s",
             seat_nick(st, p));
    rlist_group(r, head, NULL, *first ? " " : "; ");
    *first = 0;
}

void cities_text(const struct game *g, const struct render_style *st, const struct render_sink *out)
{
    struct rlist r;
    char item[96], nick[RENDER_NICK_MAX + 8];
    int lang = st->lang;

    render_list_begin(&r, st, out, MSG_TXT_KNIGHTS, ", ");
    for (int p = 0, first = 1; p < g->opt.n_players; p++) {
        int started = 0;
        for (int k = 0; k < CK_KNIGHTS; k++) {
            int v = g->ck.p[p].knight_at[k] - 1, s = g->ck.p[p].knight[k];
            if (v < 0)
                continue;
            if (!started)
                player_group(&r, st, p, &first);
            started = 1;
            snprintf(item, sizeof item, "%d %s%s%s", v + 1,
                     render_knight_level_in(lang, s & KNIGHT_LEVEL), s & KNIGHT_ACTIVE ? " " : "",
                     s & KNIGHT_ACTIVE ? tr(lang, MSG_TXT_ACTIVE) : "");
            rlist_item(&r, item);
        }
    }
    rlist_end(&r, tr(lang, MSG_TXT_NONE));

    render_list_begin(&r, st, out, MSG_TXT_WALLS, " ");
    const struct board_geo *geo = game_geo(g);
    for (int p = 0, first = 1; p < g->opt.n_players; p++) {
        int started = 0;
        for (int v = 0; v < geo->n_vertices; v++) {
            if (g->vertex_owner[v] != p || !(g->ck.walls[v >> 6] >> (v & 63) & 1))
                continue;
            if (!started)
                player_group(&r, st, p, &first);
            started = 1;
            snprintf(item, sizeof item, "%d", v + 1);
            rlist_item(&r, item);
        }
    }
    rlist_end(&r, tr(lang, MSG_TXT_NONE));

    render_list_begin(&r, st, out, MSG_TXT_METROPOLISES, ", ");
    for (int t = 0; t < CK_TRACKS; t++) {
        int p = game_metropolis_of(g, t);
        if (p < 0 || !g->ck.metropolis[t])
            continue;
        snprintf(item, sizeof item, "%s %s %d", render_track_name_in(lang, t), seat_nick(st, p),
                 g->ck.metropolis[t]);
        rlist_item(&r, item);
    }
    rlist_end(&r, tr(lang, MSG_TXT_NONE));

    render_list_begin(&r, st, out, MSG_TXT_BARBARIANS, ", ");
    snprintf(item, sizeof item, "%d/%d", g->ck.barbarians, CK_VOYAGE);
    rlist_item(&r, item);
    rlist_end(&r, "");

    render_list_begin(&r, st, out, MSG_TXT_MERCHANT, ", ");
    if (g->ck.merchant && g->ck.merchant_owner) {
        char name[4];
        snprintf(nick, sizeof nick, "%s", seat_nick(st, g->ck.merchant_owner - 1));
        snprintf(item, sizeof item, "%s %s", board_hex_name(g->ck.merchant - 1, name), nick);
        rlist_item(&r, item);
    }
    rlist_end(&r, tr(lang, MSG_TXT_NONE));
}

/* !spots' kinds, in this order: where a knight may be built, which knights may be promoted,
 * activated, moved (to where: "5-18") or chase the robber, where a wall may go. */
enum { SK_KNIGHT, SK_PROMOTE, SK_ACTIVATE, SK_MOVE, SK_CHASE, SK_WALL, SK_COUNT };

void cities_spots(struct rlist *r, const struct game *g, const struct render_style *st, int seat)
{
    static const int types[SK_COUNT] = {ACT_KNIGHT,      ACT_PROMOTE, ACT_ACTIVATE,
                                        ACT_KNIGHT_MOVE, ACT_CHASE,   ACT_WALL};
    static const int words[SK_COUNT] = {MSG_TXT_KNIGHT, MSG_TXT_PROMOTE, MSG_TXT_ACTIVATE,
                                        MSG_TXT_MOVE,   MSG_TXT_CHASE,   MSG_TXT_WALL};
    if (!g->ck.on)
        return;
    int n = game_legal_actions(g, seat, NULL, 0);
    if (n <= 0)
        return;
    struct game_action *acts = malloc((size_t)n * sizeof *acts);
    if (!acts)
        return;
    n = game_legal_actions(g, seat, acts, n);
    char item[32];
    int rtl = i18n_rtl(st->lang);
    for (int k = 0; k < SK_COUNT; k++) {
        int started = 0, last_a = -1, last_b = -1;
        for (int i = 0; i < n; i++) {
            const struct game_action *a = &acts[i];
            if (a->type != types[k])
                continue;
            int b = k == SK_MOVE ? a->b : -1;
            if (a->a == last_a && b == last_b)
                continue; /* the chase is listed once per hex and victim: once per knight */
            last_a = a->a;
            last_b = b;
            if (!started)
                rlist_group(r, tr(st->lang, words[k]), NULL, " | ");
            started = 1;
            if (k == SK_MOVE)
                snprintf(item, sizeof item, rtl ? "\xe2\x81\xa8%d-%d\xe2\x81\xa9" : "%d-%d",
                         a->a + 1, a->b + 1);
            else
                snprintf(item, sizeof item, rtl ? "\xe2\x81\xa8%d\xe2\x81\xa9" : "%d", a->a + 1);
            rlist_item(r, item);
        }
    }
    free(acts);
}

void render_progress(const struct game *g, const struct render_style *st, int seat,
                     const struct render_sink *out)
{
    static const int needs[PROG_COUNT] = {
        [PROG_ALCHEMIST] = MSG_PN_ALCHEMIST,
        [PROG_INVENTOR] = MSG_PN_INVENTOR,
        [PROG_CRANE] = MSG_PN_CRANE,
        [PROG_ROAD_BUILDING] = MSG_PN_ROAD_BUILDING,
        [PROG_ENGINEER] = MSG_PN_ENGINEER,
        [PROG_IRRIGATION] = MSG_PN_IRRIGATION,
        [PROG_MEDICINE] = MSG_PN_MEDICINE,
        [PROG_MINING] = MSG_PN_MINING,
        [PROG_SMITH] = MSG_PN_SMITH,
        [PROG_MERCHANT] = MSG_PN_MERCHANT,
        [PROG_MERCHANT_FLEET] = MSG_PN_MERCHANT_FLEET,
        [PROG_RESOURCE_MONOPOLY] = MSG_PN_RESOURCE_MONOPOLY,
        [PROG_TRADE_MONOPOLY] = MSG_PN_TRADE_MONOPOLY,
        [PROG_BISHOP] = MSG_PN_BISHOP,
        [PROG_SABOTEUR] = MSG_PN_SABOTEUR,
        [PROG_WARLORD] = MSG_PN_WARLORD,
        [PROG_WEDDING] = MSG_PN_WEDDING,
        [PROG_COMMERCIAL_HARBOR] = MSG_PN_COMMERCIAL_HARBOR,
        [PROG_DESERTER] = MSG_PN_DESERTER,
        [PROG_DIPLOMAT] = MSG_PN_DIPLOMAT,
        [PROG_INTRIGUE] = MSG_PN_INTRIGUE,
        [PROG_MASTER_MERCHANT] = MSG_PN_MASTER_MERCHANT,
        [PROG_SPY] = MSG_PN_SPY,
    };
    if (seat < 0 || seat >= g->opt.n_players)
        return;
    char chan[RENDER_CHAN_MAX + 2];
    struct rline l;
    const uint8_t *hand = g->ck.p[seat].hand;
    if (!g->ck.on || !hand[0]) {
        rline_init(&l);
        rline_addf(&l, "%s%s: %s", chan_prefix(st, chan), tr(st->lang, MSG_TXT_PROGRESS),
                   tr(st->lang, MSG_TXT_NONE));
        rline_emit(&l, out, seat);
        return;
    }
    for (int i = 0; i <= CK_HAND && hand[i]; i++) {
        int card = hand[i] < PROG_COUNT ? hand[i] : PROG_NONE;
        rline_init(&l);
        rline_addf(&l, "%s%s: ", chan_prefix(st, chan), tr(st->lang, MSG_TXT_PROGRESS));
        rline_iso(&l, st, render_progress_name_in(st->lang, card));
        rline_add(&l, ": ");
        if (card && needs[card])
            rline_tr(&l, st, needs[card], style_prefix(st));
        else
            rline_tr(&l, st, MSG_PN_LATER);
        rline_emit(&l, out, seat);
    }
}
