/* The entry points: who has something to do, and the easy and normal choices on the view. */
#include "ai/internal.h"

#include <string.h>

/* The normal level's best moves tried in turn against the game (see ai_choose). */
#define CHOOSE_TRIES 4

unsigned ai_players_to_act(const struct game *g)
{
    unsigned m = game_waiting_for(g);
    if (g->phase == PHASE_MAIN)
        for (int k = 0; k < GAME_MAX_OFFERS; k++) {
            const struct trade_offer *o = &g->offers[k];
            if (o->id)
                m |= o->to_mask & ~(unsigned)(o->accepted | o->rejected);
        }
    for (int p = 0; p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++)
        if (g->p[p].resigned)
            m &= ~AI_BIT(p);
    return m;
}

/* Whether a is legal in the real game. The view agrees with it on everything a move of the
 * player depends on, except whether a player who accepted the player's offer still holds the
 * cards (a monopoly may have taken them since): the game itself answers that, as it would
 * answer a person trying to confirm. */
int ai_legal_in(const struct game *g, const struct game_action *a)
{
    struct game c = *g;
    return game_apply(&c, a, NULL, 0, NULL) == BW_OK;
}

/* The move when the chosen one turns out impossible: end the turn or roll if possible, else
 * the first move listed. */
int ai_fallback(const struct game *g, int player, struct game_action *out)
{
    struct game_action buf[AI_MAX_ACTIONS];
    int n = game_legal_actions(g, player, buf, AI_MAX_ACTIONS);
    n = n < AI_MAX_ACTIONS ? n : AI_MAX_ACTIONS;
    for (int i = 0; i < n; i++)
        if (buf[i].type == ACT_END || buf[i].type == ACT_ROLL || buf[i].type == ACT_REJECT) {
            *out = buf[i];
            return BW_OK;
        }
    if (n <= 0)
        return BW_E(WRONG_PHASE);
    *out = buf[0];
    return BW_OK;
}

int ai_check_player(const struct game *g, int player)
{
    if (!g || player < 0 || player >= g->opt.n_players || player >= GAME_MAX_PLAYERS)
        return BW_E(INVALID);
    if (g->phase == PHASE_OVER || g->p[player].resigned || !(ai_players_to_act(g) & AI_BIT(player)))
        return BW_E(WRONG_PHASE);
    return BW_OK;
}

int ai_choose(const struct game *g, int player, int level, uint64_t seed, struct game_action *out)
{
    int err = ai_check_player(g, player);
    if (err || !out)
        return err ? err : BW_E(INVALID);
    struct game view;
    struct bw_rng rng;
    ai_view(g, player, seed, &view);
    bw_rng_seed(&rng, ai_mix(seed, 2));
    if (level == AI_EASY) {
        err = ai_easy_choose(&view, player, &rng, out);
        if (err)
            return err;
        return ai_legal_in(g, out) ? BW_OK : ai_fallback(g, player, out);
    }
    struct ai_board b;
    struct ai_scored top[CHOOSE_TRIES];
    ai_board_init(&b, &view, &ai_default_weights);
    int n = ai_normal_rank(&b, &view, player, &rng, top, CHOOSE_TRIES);
    if (n < 0)
        return n;
    /* The best move the game takes: the view may differ from the game in what the seat cannot
     * see (whether another player holds a commodity for a commercial harbor), which the game
     * says when asked, as it would say to a person trying. */
    for (int i = 0; i < n; i++)
        if (ai_legal_in(g, &top[i].a)) {
            *out = top[i].a;
            return BW_OK;
        }
    return ai_fallback(g, player, out);
}

/* The view and board for a trade decision of player in g; BW_OK, or BW_E(INVALID) for a
 * seat not in the game, BW_E(WRONG_PHASE) when nobody trades now. */
static int trade_view(const struct game *g, int player, uint64_t seed, struct game *view,
                      struct ai_board *b)
{
    if (!g || player < 0 || player >= g->opt.n_players || player >= GAME_MAX_PLAYERS)
        return BW_E(INVALID);
    if (g->phase != PHASE_MAIN || g->p[player].resigned)
        return BW_E(WRONG_PHASE);
    ai_view(g, player, seed, view);
    ai_board_init(b, view, &ai_default_weights);
    return BW_OK;
}

int ai_answer_offer(const struct game *g, int player, int offer_id, uint64_t seed,
                    struct game_action *out)
{
    struct game view;
    struct ai_board b;
    int err = out ? trade_view(g, player, seed, &view, &b) : BW_E(INVALID);
    if (err)
        return err == BW_E(WRONG_PHASE) ? BW_E(NO_OFFER) : err;
    const struct trade_offer *o = game_offer(g, offer_id);
    if (!o)
        return BW_E(NO_OFFER);
    const struct trade_offer *seen = game_offer(&view, offer_id);
    return ai_offer_answer(g, player, o, ai_offer_wanted(&b, &view, player, seen), out);
}

int ai_make_offer(const struct game *g, int player, uint64_t seed, struct game_action *out)
{
    struct game view;
    struct ai_board b;
    int err = out ? trade_view(g, player, seed, &view, &b) : BW_E(INVALID);
    if (!err)
        err = ai_offer_make(&b, &view, player, out);
    return err ? err : ai_legal_in(g, out) ? BW_OK : BW_E(NO_OFFER);
}

/* A decision about the open offer offer_id: a counter-offer to it, or closing one's own. */
static int offer_decision(const struct game *g, int player, int offer_id, uint64_t seed,
                          struct game_action *out, bool closing)
{
    struct game view;
    struct ai_board b;
    int err = out ? trade_view(g, player, seed, &view, &b) : BW_E(INVALID);
    if (err)
        return err;
    const struct trade_offer *o = game_offer(&view, offer_id);
    if (!o)
        return BW_E(NO_OFFER);
    err = closing ? ai_offer_close(&b, &view, player, o, out)
                  : ai_offer_counter(&b, &view, player, o, out);
    if (err || ai_legal_in(g, out))
        return err;
    if (!closing)
        return BW_E(NO_OFFER);
    /* The one who accepted no longer holds the cards (the game says so): withdraw. */
    ai_blank(out, ACT_CANCEL, player);
    out->a = (int16_t)offer_id;
    return BW_OK;
}

int ai_counter_offer(const struct game *g, int player, int offer_id, uint64_t seed,
                     struct game_action *out)
{
    return offer_decision(g, player, offer_id, seed, out, false);
}

int ai_close_offer(const struct game *g, int player, int offer_id, uint64_t seed,
                   struct game_action *out)
{
    return offer_decision(g, player, offer_id, seed, out, true);
}

int ai_refusal_reason(const struct game *g, int player, int offer_id, struct ai_reason *out)
{
    if (!g || !out || player < 0 || player >= g->opt.n_players || player >= GAME_MAX_PLAYERS)
        return BW_E(INVALID);
    const struct trade_offer *o = game_offer(g, offer_id);
    if (!o)
        return BW_E(NO_OFFER);
    ai_offer_why(g, player, o, out);
    return BW_OK;
}
