/* Cities & Knights in the board drawing: what the pieces of the expansion add around a corner's
 * number, beside a hex's letter and in the legend. draw.c places them on its canvas.
 *
 * A corner has one free column on each side of its number that no other piece of the base game
 * uses there: before it the building's letter, after it a stroke's "'" or a blank. A knight
 * stands where no building does, so it takes the letter's column (its owner's letter, in
 * capitals while active: it stands up) and shows its level as a superscript after the number,
 * "a12²", which no digit of the number can be mistaken for. A city's metropolis is its track's
 * initial after the number, "A12S"; a city wall the column before the letter, "[A12", a rampart
 * in front of the city. The merchant is "$" and its holder's letter beside the letter and
 * number of its hex, as the robber is. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

/* U+00B9, U+00B2, U+00B3: one column each in every font an IRC client uses. */
static const char *const superscript[KNIGHT_LEVEL + 1] = {"", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3"};

static const int track_letter[CK_TRACKS] = {MSG_DRAW_TRACK_SCIENCE, MSG_DRAW_TRACK_TRADE,
                                            MSG_DRAW_TRACK_POLITICS};

int ckdraw_knight(const struct game *g, int v, int *seat)
{
    if (!g->ck.on || v < 0)
        return 0;
    for (int p = 0; p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (g->ck.p[p].knight_at[k] == v + 1) {
                *seat = p;
                return g->ck.p[p].knight[k];
            }
    return 0;
}

int ckdraw_metropolis(const struct game *g, int v)
{
    for (int t = 0; g->ck.on && t < CK_TRACKS; t++)
        if (g->ck.metropolis[t] == v + 1)
            return t;
    return -1;
}

int ckdraw_wall(const struct game *g, int v)
{
    return g->ck.on && v >= 0 && v < BOARD_MAX_VERTICES &&
           (int)(g->ck.walls[v >> 6] >> (v & 63) & 1);
}

int ckdraw_corner(const struct game *g, int v, int lang, struct ckdraw_corner *m)
{
    memset(m, 0, sizeof *m);
    m->knight = -1;
    if (!g->ck.on)
        return 0;
    int seat = -1, knight = ckdraw_knight(g, v, &seat);
    if (knight & KNIGHT_LEVEL) {
        m->knight = seat;
        m->active = (knight & KNIGHT_ACTIVE) != 0;
        snprintf(m->after, sizeof m->after, "%s", superscript[knight & KNIGHT_LEVEL]);
    }
    if (g->vertex_building[v] == BUILDING_CITY) {
        int t = ckdraw_metropolis(g, v);
        if (t >= 0)
            snprintf(m->after, sizeof m->after, "%s", render_draw_word(lang, track_letter[t]));
        m->wall = ckdraw_wall(g, v);
    }
    return m->knight >= 0 || m->after[0] || m->wall;
}

int ckdraw_merchant(const struct game *g, int *seat)
{
    if (!g->ck.on || !g->ck.merchant || !g->ck.merchant_owner)
        return -1;
    *seat = g->ck.merchant_owner - 1;
    return g->ck.merchant - 1;
}

/* Whether any knight is on the board (an active one, when active). */
static int any_knight(const struct game *g, int active)
{
    for (int p = 0; p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (g->ck.p[p].knight_at[k] && (!active || g->ck.p[p].knight[k] & KNIGHT_ACTIVE))
                return 1;
    return 0;
}

int ckdraw_legend(const struct game *g, int lang, char lower, char upper,
                  char items[CKDRAW_LEGEND_MAX][CKDRAW_LEGEND_ITEM])
{
    if (!g->ck.on)
        return 0;
    int n = 0;
    if (any_knight(g, 0))
        snprintf(items[n++], CKDRAW_LEGEND_ITEM, "%c#%s=%s", lower, superscript[2],
                 render_draw_word(lang, MSG_DRAW_KNIGHT));
    if (any_knight(g, 1))
        snprintf(items[n++], CKDRAW_LEGEND_ITEM, "%c#%s=%s", upper, superscript[2],
                 render_draw_word(lang, MSG_DRAW_KNIGHT_ACTIVE));
    int walls = 0;
    for (int w = 0; w < BOARD_WORDS; w++)
        walls |= g->ck.walls[w] != 0;
    if (walls)
        snprintf(items[n++], CKDRAW_LEGEND_ITEM, "[%c#=%s", upper,
                 render_draw_word(lang, MSG_DRAW_CITY_WALL));
    /* One item for the metropolises, their tracks' initials apart ("A#S/T=metropolis"): three
     * items of their own would not leave the nicks room within the limits. */
    char tracks[3 * CK_TRACKS * 4] = "";
    size_t len = 0;
    for (int t = 0; t < CK_TRACKS; t++)
        if (g->ck.metropolis[t])
            len += (size_t)snprintf(tracks + len, sizeof tracks - len, "%s%s", len ? "/" : "",
                                    render_draw_word(lang, track_letter[t]));
    if (len)
        snprintf(items[n++], CKDRAW_LEGEND_ITEM, "%c#%s=%s", upper, tracks,
                 render_draw_word(lang, MSG_DRAW_METROPOLIS));
    int seat;
    if (ckdraw_merchant(g, &seat) >= 0)
        snprintf(items[n++], CKDRAW_LEGEND_ITEM, "$%c=%s", lower,
                 render_draw_word(lang, MSG_DRAW_MERCHANT));
    snprintf(items[n++], CKDRAW_LEGEND_ITEM, "%s %d/%d",
             render_draw_word(lang, MSG_DRAW_BARBARIANS), g->ck.barbarians, CK_VOYAGE);
    return n;
}
