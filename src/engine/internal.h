/* Shared between the engine's own files; not for other layers. */
#ifndef BW_ENGINE_INTERNAL_H
#define BW_ENGINE_INTERNAL_H

#include "engine/game.h"

/* Built by the first board_geo() call, which game_init() makes: after that a game's geometry
 * can be read without synchronisation. */
extern struct board_geo board_geos[BOARD_KIND_COUNT];
#define GEO(g) (&board_geos[(g)->opt.board])

struct evbuf {
    struct game_event *ev;
    int max, n;
};

struct game_event *ev_push(struct evbuf *eb, int type, int player);

static inline int hand_size_of(const struct game_player *pl)
{
    return pl->res[0] + pl->res[1] + pl->res[2] + pl->res[3] + pl->res[4];
}

static inline int has_cards(const uint8_t have[RES_COUNT], const uint8_t need[RES_COUNT])
{
    return have[0] >= need[0] && have[1] >= need[1] && have[2] >= need[2] && have[3] >= need[3] &&
           have[4] >= need[4];
}

/* Bit i set for every i < n with owner[i] == player (0..63 in out[0], 64.. in out[1]); owner
 * must be readable up to n rounded up to eight. */
void owned_mask(const int8_t *owner, int n, int player, uint64_t out[2]);
/* The same for the edges a player owns. */
void owned_edges(const struct game *g, int player, uint64_t out[2]);

#define BIT(p) (1u << (p))

static inline int sum5(const uint8_t a[RES_COUNT])
{
    return a[0] + a[1] + a[2] + a[3] + a[4];
}

/* A random member of a non-empty set of players (bits), the k-th lowest for a uniform k. */
static inline int random_player(struct bw_rng *rng, unsigned m)
{
    int k = (int)bw_rng_below(rng, (uint32_t)__builtin_popcount(m));
    while (k--)
        m &= m - 1;
    return __builtin_ctz(m);
}

/* Shared by the action handlers (apply.c, trade.c, moderator.c). */
int turn_error(const struct game *g, int p);
unsigned others_mask(const struct game *g, int p);
void do_roll(struct game *g, struct evbuf *eb, int d1, int d2);
void do_robber(struct game *g, struct evbuf *eb, int player, int hex, int victim);
void random_discard(struct game *g, int p, uint8_t out[RES_COUNT]);
void do_discard(struct game *g, struct evbuf *eb, int p, const uint8_t give[RES_COUNT]);
void setup_settlement(struct game *g, struct evbuf *eb, int p, int v);
void place_road(struct game *g, struct evbuf *eb, int p, int edge, int type);
int act_bank(struct game *g, struct evbuf *eb, int p, const uint8_t give[RES_COUNT],
             const uint8_t get[RES_COUNT]);
int act_offer(struct game *g, struct evbuf *eb, const struct game_action *a);
int act_answer(struct game *g, struct evbuf *eb, const struct game_action *a);
int act_confirm(struct game *g, struct evbuf *eb, const struct game_action *a);
int act_cancel(struct game *g, struct evbuf *eb, const struct game_action *a);
int act_end(struct game *g, struct evbuf *eb, int p);
int act_timeout(struct game *g, struct evbuf *eb, int p);
void resign(struct game *g, struct evbuf *eb, int p);

/* game_legal_actions(), also telling how many free settlement corners the player's roads
 * reach when it counted them on the way (-1 when it did not). */
int legal_actions(const struct game *g, int player, struct game_action *out, int max,
                  int *settle_spots);

/* Free corners at the end of player's roads where a settlement may stand (out may be NULL). */
int settlement_spots(const struct game *g, int player, uint8_t *out);
/* Road legality with one extra edge counted as the player's (-1 for none). */
int can_road_with(const struct game *g, int player, int edge, int extra_edge);
/* Robber target check: BW_OK and *victim resolved (-1 when nobody can be robbed). */
int check_robber(const struct game *g, int player, int hex, int target, int *victim);
/* Bitmask of players with a building on hex that player may rob. */
unsigned robber_candidates(const struct game *g, int player, int hex);
int dev_play_check(const struct game *g, int player, int card);
int offer_count_addressees(const struct trade_offer *o);

/* Recompute the road lengths of the players in mask and move the longest road card by the
 * rules. */
void longest_road_update(struct game *g, struct evbuf *eb, unsigned mask);
/* Players whose roads touch vertex v, except player. */
unsigned road_owners_at(const struct game *g, int v, int player);
/* Trade rates of player for each resource. */
void trade_rates(const struct game *g, int player, int rates[RES_COUNT]);

void pay(struct game *g, int player, const uint8_t cost[RES_COUNT]);
void check_win(struct game *g, struct evbuf *eb);
void begin_turn(struct game *g, struct evbuf *eb, int player);
void advance_setup(struct game *g, struct evbuf *eb);
void close_offer(struct game *g, struct evbuf *eb, struct trade_offer *o);
void close_all_offers(struct game *g, struct evbuf *eb);
void ripen_dev_cards(struct game_player *pl);
void next_special_or_turn(struct game *g, struct evbuf *eb, int after);
void end_turn(struct game *g, struct evbuf *eb);
int next_active(const struct game *g, int from);
int distance_ok(const struct game *g, const struct board_geo *geo, int v);
int touches_own_road(const struct game *g, const struct board_geo *geo, int player, int v);

/* Roll with given dice (1..6 each); only for tests and the engine itself. */
int game_apply_roll(struct game *g, int d1, int d2, struct game_event *ev, int max, int *n_ev);

#endif
