/* A game action typed as the command its player would send, for the benchmarks that drive the
 * bot with commands. */
#ifndef BW_BENCH_MOVES_H
#define BW_BENCH_MOVES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/game.h"
#include "session/session.h"

static inline void append(char *buf, size_t size, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

static const char *const res_names[RES_COUNT] = {"wood", "brick", "wool", "grain", "ore"};

static inline void append_cards(char *buf, size_t size, const uint8_t *res)
{
    for (int r = 0; r < RES_COUNT; r++)
        if (res[r])
            append(buf, size, " %d %s", res[r], res_names[r]);
}

static inline void append_edge(char *buf, size_t size, const struct game *g, int edge)
{
    const struct board_geo *geo = game_geo(g);
    append(buf, size, " %d-%d", geo->edge_vertex[edge][0] + 1, geo->edge_vertex[edge][1] + 1);
}

/* The command a player types for a in g; nicks are the seats'. false: no command for it. */
static inline bool format_move(const struct game *g, const struct game_action *a,
                               char nicks[][SESSION_NICK_MAX + 1], char *buf, size_t size)
{
    char hex[8];
    buf[0] = '\0';
    switch (a->type) {
    case ACT_BUILD_ROAD:
        append(buf, size, "!road");
        append_edge(buf, size, g, a->a);
        break;
    case ACT_BUILD_SETTLEMENT:
        append(buf, size, "!build settlement %d", a->a + 1);
        break;
    case ACT_BUILD_CITY:
        append(buf, size, "!city %d", a->a + 1);
        break;
    case ACT_BUY_DEV:
        append(buf, size, "!buy");
        break;
    case ACT_ROLL:
        append(buf, size, "!roll");
        break;
    case ACT_DISCARD:
        append(buf, size, "!discard");
        append_cards(buf, size, a->give);
        break;
    case ACT_ROBBER:
    case ACT_PLAY_KNIGHT:
        append(buf, size, "%s %s", a->type == ACT_ROBBER ? "!robber" : "!play knight",
               board_hex_name(a->a, hex));
        if (a->target >= 0)
            append(buf, size, " %s", nicks[a->target]);
        break;
    case ACT_PLAY_ROADS:
        append(buf, size, "!play roads");
        append_edge(buf, size, g, a->a);
        if (a->b >= 0)
            append_edge(buf, size, g, a->b);
        break;
    case ACT_PLAY_PLENTY:
        append(buf, size, "!play plenty %s", res_names[a->res]);
        if (a->res2 != RES_NONE)
            append(buf, size, " %s", res_names[a->res2]);
        break;
    case ACT_PLAY_MONOPOLY:
        append(buf, size, "!play monopoly %s", res_names[a->res]);
        break;
    case ACT_BANK_TRADE:
    case ACT_OFFER:
        append(buf, size, a->type == ACT_BANK_TRADE ? "!bank" : "!trade offer");
        append_cards(buf, size, a->give);
        append(buf, size, " for");
        append_cards(buf, size, a->get);
        if (a->type == ACT_OFFER && a->to_mask) {
            append(buf, size, " to");
            for (int p = 0; p < g->opt.n_players; p++)
                if (a->to_mask & (1u << p))
                    append(buf, size, " %s", nicks[p]);
        }
        break;
    case ACT_ACCEPT:
        append(buf, size, "!trade accept %d", a->a);
        break;
    case ACT_REJECT:
        append(buf, size, "!trade reject %d", a->a);
        break;
    case ACT_CONFIRM:
        append(buf, size, "!trade confirm %s %d", nicks[a->target], a->a);
        break;
    case ACT_CANCEL:
        append(buf, size, "!trade cancel %d", a->a);
        break;
    case ACT_END:
        append(buf, size, "!end");
        break;
    default:
        return false;
    }
    return true;
}

#endif
