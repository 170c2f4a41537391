/* What the self-play benchmarks share: one normal player's move, made as ai_choose() makes it
 * (on the seat's view, from one draw of the stream, the fallback when the choice is not legal
 * in the real game), with a struct ai_board of the caller's (its weights). */
#ifndef BW_BENCH_NORMAL_H
#define BW_BENCH_NORMAL_H

#include "ai/internal.h"

/* The move of the first player to act in g into *a, with *p that player, their board b[*p]
 * (boards[0] for all when `shared`); 0, or -1 when nobody acts, 1 when no move was found. */
static inline int normal_move(const struct game *g, const struct ai_board *boards, int shared,
                              struct bw_rng *stream, int *p, struct game_action *a)
{
    unsigned m = ai_players_to_act(g);
    if (!m)
        return -1;
    *p = __builtin_ctz(m);
    uint64_t ds = bw_rng_next(stream);
    struct game view;
    struct bw_rng r;
    ai_view(g, *p, ds, &view);
    bw_rng_seed(&r, ai_mix(ds, 2));
    const struct ai_board *b = &boards[shared ? 0 : *p];
    if ((ai_normal_choose(b, &view, *p, &r, a) != BW_OK || !ai_legal_in(g, a)) &&
        ai_fallback(g, *p, a) != BW_OK)
        return 1;
    return 0;
}

#endif
