/* Shared between the engine's own files; not for other layers. */
#ifndef BW_ENGINE_INTERNAL_H
#define BW_ENGINE_INTERNAL_H

#include "engine/game.h"
#include "map/map.h"

#include <stddef.h>
#include <string.h>

/* Built by the first board_geo() call, which game_init() makes: after that a game's geometry
 * can be read without synchronisation. */
extern struct board_geo board_geos[BOARD_KINDS];
#define GEO(g) (&board_geos[(g)->opt.board])

struct evbuf {
    struct game_event *ev;
    int max, n;
};

struct game_event *ev_push(struct evbuf *eb, int type, int player);

_Static_assert(offsetof(struct game_player, commodity) == RES_COUNT &&
                   RES_COUNT + COM_COUNT == sizeof(uint64_t),
               "a hand's cards are 8 bytes in a row");

_Static_assert(sizeof((struct trade_offer *)0)->com_give == COM_COUNT, "an offer's commodities");

static inline int hand_size_of(const struct game_player *pl)
{
    /* The resources and the commodities (Cities & Knights; none in other games) are cards: 8
     * bytes, summed at once (a hand holds fewer than 256). */
    uint64_t cards;
    memcpy(&cards, pl->res, sizeof cards);
    return (int)((cards * 0x0101010101010101ull) >> 56);
}

static inline int has_cards(const uint8_t have[RES_COUNT], const uint8_t need[RES_COUNT])
{
    /* No branches: which counts fall short is as good as random to the predictor. */
    return (have[0] >= need[0]) & (have[1] >= need[1]) & (have[2] >= need[2]) &
           (have[3] >= need[3]) & (have[4] >= need[4]);
}

#define BIT(p) (1u << (p))

/* The robber's hex as a hex set: empty while it is off the board (a map may start it there). */
static inline uint64_t robber_bit(const struct game *g)
{
    return g->robber >= 0 ? 1ull << g->robber : 0;
}

/* Bit sets of BOARD_WORDS words, as in struct game's derived fields. */
static inline int bits_has(const uint64_t s[BOARD_WORDS], int i)
{
    return (int)((s[i >> 6] >> (i & 63)) & 1);
}

static inline void bits_set(uint64_t s[BOARD_WORDS], int i)
{
    s[i >> 6] |= 1ull << (i & 63);
}

/* Pops the lowest member of s, or returns -1 when s is empty. */
static inline int bits_pop(uint64_t s[BOARD_WORDS])
{
    for (int i = 0; i < BOARD_WORDS; i++)
        if (s[i]) {
            int b = __builtin_ctzll(s[i]);
            s[i] &= s[i] - 1;
            return i * 64 + b;
        }
    return -1;
}

/* Population count without relying on a CPU instruction the build may not assume. */
static inline int count64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline int bits_count(const uint64_t s[BOARD_WORDS])
{
    int n = 0;
    for (int i = 0; i < BOARD_WORDS; i++)
        n += count64(s[i]);
    return n;
}

static inline int bits_empty(const uint64_t s[BOARD_WORDS])
{
    uint64_t any = 0;
    for (int i = 0; i < BOARD_WORDS; i++)
        any |= s[i];
    return !any;
}

/* out = a & b, and out = a & ~b (out may be a). */
static inline void bits_and(uint64_t out[BOARD_WORDS], const uint64_t a[BOARD_WORDS],
                            const uint64_t b[BOARD_WORDS])
{
    for (int i = 0; i < BOARD_WORDS; i++)
        out[i] = a[i] & b[i];
}

static inline void bits_andnot(uint64_t out[BOARD_WORDS], const uint64_t a[BOARD_WORDS],
                               const uint64_t b[BOARD_WORDS])
{
    for (int i = 0; i < BOARD_WORDS; i++)
        out[i] = a[i] & ~b[i];
}

/* Whether a settlement may stand at v by the distance rule (v and its neighbours empty). */
static inline int settle_free(const struct game *g, int v)
{
    return !bits_has(g->no_settle, v);
}

/* Record a new road / building in the derived fields. */
void index_road(struct game *g, int player, int edge);
void index_building(struct game *g, int player, int vertex);
/* A harbor of type reached by player: their harbors and trade rates. */
void index_harbor(struct game *g, int player, int type);

/* The Forgotten Tribe and Cloth for Catan (tribe.c). tribe_setup deals the gifts (harbors from
 * the map's pool, the deck's top cards) and fills the villages; tribe_ship gives what a ship
 * of p's placed at edge (built: not moved) earns; tribe_roll gives the cloth of the villages of
 * number sum and ends the game when too few have cloth left (returns gold, or 0 when the game
 * is over); tribe_index_building adds a placed harbor at v to p's harbors. */
void tribe_setup(struct game *g, const struct board_geo *geo, const struct board_setup *s);
void tribe_ship(struct game *g, struct evbuf *eb, int p, int edge, int built);
int tribe_roll(struct game *g, struct evbuf *eb, int sum, int gold);
void tribe_index_building(struct game *g, int player, int v);
int tribe_trades(const struct game *g, int player);
int tribe_state_ok(const struct game *g, const struct board_geo *geo);
int act_place_harbor(struct game *g, struct evbuf *eb, int p, int k, int edge);
int tribe_harbor_actions(const struct game *g, int p, struct game_action *out, int max);

/* The Pirate Islands (pirates.c). pirates_build adds the routes and the fleet's course of map
 * m to geometry g (-1 when a route's edge has no sea beside it); pirates_setup places each
 * seat's settlement and ship and arms the fortresses; pirates_roll sails the fleet by the
 * first die and fights with the second (the winners owed a card as gold); pirates_knight makes
 * a ship a warship; act_attack attacks p's fortress; pirates_ship_ok says whether p's ship may
 * lie at edge (the next edge of p's route); pirates_state_ok checks a restored state. */
int pirates_build(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS]);
void pirates_setup(struct game *g, const struct board_geo *geo);
void pirates_roll(struct game *g, struct evbuf *eb, int d1, int d2);
int pirates_knight(struct game *g, struct evbuf *eb, int p);
int act_attack(struct game *g, struct evbuf *eb, int p);
int pirates_state_ok(const struct game *g, const struct board_geo *geo);
static inline int pirates_ship_ok(const struct game *g, int p, int edge)
{
    const struct board_geo *geo = GEO(g);
    return !geo->n_routes || (p < geo->n_routes && g->p[p].ships < geo->route_len[p] &&
                              geo->route_edge[p][g->p[p].ships] == edge);
}

/* How many settlements each player places in the setup: 2, or 3 (Cloth for Catan), or 1 where
 * the first is placed for them (The Pirate Islands). */
static inline int setup_rounds(const struct game *g)
{
    return GEO(g)->n_routes ? 1 : 2 + GEO(g)->setup_third;
}

/* The Wonders of Catan (wonders.c). wonders_build marks the wonder corners of the geometry
 * (no setup settlement there); act_wonder starts wonder w or builds its next stage (the fourth
 * wins; game_wonder_leads in game.h says whether the points to win are enough);
 * wonder_actions lists the stages p may build now. */
void wonders_build(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS]);
int act_wonder(struct game *g, struct evbuf *eb, int p, int w);
int wonder_actions(const struct game *g, int p, struct game_action *out, int max);
int wonders_state_ok(const struct game *g, const struct board_geo *geo);

/* Cities & Knights (cities.c: commodities, production, improvements, metropolises, walls,
 * trades; knights.c: knights and the barbarians). Without it g->ck is all zero.
 * place_city (apply.c) makes p's settlement at v a city, the setup city too; ck_event resolves the
 * event die (g->ck.event) before production; ck_hands notes the hands before production, ck_produce
 * then pays the commodities and the aqueduct (returns whether a card of choice is owed, as
 * gold); ck_points: metropolises, defender points and progress_points(); ck_state_ok, ck_knights_ok
 * check a restored state; ck_reindex rebuilds the derived knight corners; ck_steal moves card k of
 * victim's commodities to thief (returns the good); ck_dispatch / ck_knight_action apply its
 * actions, ck_actions / ck_knight_actions list them; ck_new_turn clears the knights' marks of the
 * turn before; ck_knight_stops adds the corners of other players' knights than p's to stop (they
 * break p's roads there); ck_metropolis_at: whether a metropolis stands at v. */
#define CK_SPLIT_TERRAINS (BIT(TERRAIN_FOREST) | BIT(TERRAIN_PASTURE) | BIT(TERRAIN_MOUNTAINS))
void place_city(struct game *g, struct evbuf *eb, int p, int v);
void ck_event(struct game *g, struct evbuf *eb);
void ck_hands(const struct game *g, int before[GAME_MAX_PLAYERS]);
int ck_produce(struct game *g, struct evbuf *eb, int sum, int before[GAME_MAX_PLAYERS]);
int ck_points(const struct game *g, int p);
int ck_state_ok(const struct game *g, const struct board_geo *geo);
int ck_knights_ok(const struct game *g, const struct board_geo *geo);
void ck_reindex(struct game *g);
int ck_steal(struct game *g, int thief, int victim, int k);
int ck_dispatch(struct game *g, struct evbuf *eb, const struct game_action *a);
int ck_knight_action(struct game *g, struct evbuf *eb, const struct game_action *a);
int ck_actions(const struct game *g, int p, struct game_action *out, int max);
int ck_knight_actions(const struct game *g, int p, struct game_action *out, int max);
void ck_new_turn(struct game *g);
void ck_knight_stops(const struct game *g, int p, uint64_t stop[BOARD_WORDS]);
int ck_metropolis_at(const struct game *g, int v);
/* Whether p may build in this phase (their main phase or their special building phase). */
int can_build_now(const struct game *g, int p);
/* The actions progress cards share with cities.c, knights.c and apply.c: an improvement
 * discount commodities cheaper, a wall or a promotion free or not, a city for cost. */
int ck_improve(struct game *g, struct evbuf *eb, int p, int t, int want, int discount);
int ck_wall(struct game *g, struct evbuf *eb, int p, int v, int free);
int ck_promote(struct game *g, struct evbuf *eb, int p, int v, int free);
int build_city(struct game *g, struct evbuf *eb, int p, int v, const uint8_t cost[RES_COUNT]);
/* Progress cards (progress.c): progress_init shuffles the decks (game_cities_on);
 * progress_draw gives p the top card of deck t (a city gate), progress_choose owes p a card of
 * their choice (a tie defending Catan); progress_pending: the players who must draw or give up
 * a card before anything else; progress_action applies ACT_PROGRESS*, progress_timeout acts
 * for a pending player, progress_actions lists p's; progress_points: printers, constitutions,
 * the merchant; progress_state_ok checks a restored state; progress_rate: p's rate for good k
 * with the merchant fleet and the merchant (rate: without them). */
void progress_init(struct game *g);
void progress_draw(struct game *g, struct evbuf *eb, int p, int t);
void progress_choose(struct game *g, struct evbuf *eb, int p);
unsigned progress_pending(const struct game *g);
int progress_action(struct game *g, struct evbuf *eb, const struct game_action *a);
void progress_timeout(struct game *g, struct evbuf *eb, int p);
int progress_actions(const struct game *g, int p, struct game_action *out, int max);
int progress_points(const struct game *g, int p);
int progress_state_ok(const struct game *g, const struct board_geo *geo);
int progress_rate(const struct game *g, int p, int k, int rate);
/* What players are asked (asks.c; doc/cities.md): ck_asked: the players who must answer
 * (ck_player.ask); ck_ask asks p (EV_ASK, b its detail); ck_answer applies ACT_CK_CHOOSE and
 * ACT_CK_GIVE; ck_ask_default answers for p the least harmful way (a timeout, a resignation);
 * ck_asks_settle goes on once nobody is asked (the roll resumed); ck_ask_actions lists p's
 * answers; ck_card plays the cards that ask others or look at their hands (progress.c's
 * effect() calls it on a copy); ck_asks_ok checks a restored state's asks. */
unsigned ck_asked(const struct game *g);
void ck_ask(struct game *g, struct evbuf *eb, int p, int kind, int b);
int ck_answer(struct game *g, struct evbuf *eb, const struct game_action *a);
void ck_ask_default(struct game *g, struct evbuf *eb, int p);
void ck_asks_settle(struct game *g, struct evbuf *eb);
int ck_ask_actions(const struct game *g, int p, struct game_action *out, int max);
int ck_card(struct game *g, struct evbuf *eb, const struct game_action *a, struct game_event *e);
int ck_asks_ok(const struct game *g, const struct board_geo *geo);
/* Knights and cities the asks share with knights.c: the cities the barbarians may take from p
 * (bit set, returns how many) and the one they take by default; pillage p's city at v; the
 * corners p's knight displaced from at may go to (returns how many); put p's knight of slot k,
 * off the board, at to (-1: lost; at: where it stood); p's knights' corners; take p's knight at
 * v off the board (a deserter; returns its level); a new knight of p at v of level (free). */
int ck_pillage_spots(const struct game *g, int p, uint64_t out[BOARD_WORDS]);
int ck_pillage_default(const struct game *g, int p);
void ck_pillage(struct game *g, struct evbuf *eb, int p, int v);
int ck_knight_spots(const struct game *g, int p, int at, uint64_t out[BOARD_WORDS]);
void ck_knight_goes(struct game *g, struct evbuf *eb, int p, int k, int at, int to);
void ck_displace(struct game *g, struct evbuf *eb, int q, int qk, int at);
void ck_knights_of(const struct game *g, int p, uint64_t out[BOARD_WORDS]);
int ck_remove_knight(struct game *g, struct evbuf *eb, int p, int v);
int ck_free_knight(struct game *g, struct evbuf *eb, int p, int v, int level);

/* Catan for two (two.c; doc/two.md). two_setup places the neutral settlements and deals the
 * trade tokens; two_roll rolls the turn's two results (the second differing) and resolves the
 * first, two_next_roll the second once the first is done (phase main again); two_built asks p
 * for the neutral pieces owed for the settlements and roads p just built; two_earn gives the
 * trade tokens of p's settlement at v; two_action applies ACT_TOKEN and the answers to the
 * asks; two_ask_actions lists the neutral pieces p may build, two_ask_default builds the first;
 * two_token_actions lists the token actions; two_state_ok checks a restored state's part. The
 * asks of Cities & Knights carry the game's own (asks_on()). */
static inline int asks_on(const struct game *g)
{
    return g->ck.on | g->opt.two;
}
void two_setup(struct game *g);
void two_roll(struct game *g, struct evbuf *eb);
void two_next_roll(struct game *g, struct evbuf *eb);
void two_built(struct game *g, struct evbuf *eb, int p, int settlements, int roads);
void two_earn(struct game *g, struct evbuf *eb, int p, int v);
int two_action(struct game *g, struct evbuf *eb, const struct game_action *a);
int two_ask_actions(const struct game *g, int p, struct game_action *out, int max);
void two_ask_default(struct game *g, struct evbuf *eb, int p);
int two_token_actions(const struct game *g, int p, struct game_action *out, int max);
int two_state_ok(const struct game *g, const struct board_geo *geo);
void two_over(struct game *g); /* the game is over: no ask, nothing owed */
/* The dice of one roll (the house rules' deck and rerolls too). */
void roll_pair(struct game *g, struct evbuf *eb, int *d1, int *d2);

/* Land hexes the robber may stand on: not the tribe's islands. */
static inline uint64_t robber_land(const struct game *g)
{
    return g->land & ~GEO(g)->tribe_hexes;
}

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

/* House rules (house.c; doc/house-rules.md). house_options_ok: the rules' ranges, and each set
 * rule fits the board; house_protected: the players the friendly robber spares (bit per seat;
 * 0 without it); robber_hexes: the land hexes the robber may go to for p now (other than its
 * own; each rule gives way when it would leave none); robber_hex_error: why not hex (a land
 * hex the robber may stand on); house_dice: the dice of a roll by the rules (the deck, a 7 of
 * the first rounds rolled again); dice_deck_shuffle: a full dice deck; harbormaster_award: the
 * harbormaster to whoever holds it now; house_state_ok checks a restored state's part. */
enum { HOUSE_PROTECTED_POINTS = 2, HOUSE_HARBOR_POINTS = 3, HOUSE_HARBORMASTER_VP = 2 };
int house_options_ok(const struct game_options *o);
unsigned house_protected(const struct game *g);
/* The buildings of p on a harbor (a city counts city_worth): the harbormaster counts cities
 * twice, the Calm Sea event once. */
int harbor_buildings(const struct game *g, int p, int city_worth);
uint64_t robber_hexes(const struct game *g, int p);
int robber_hex_error(const struct game *g, int p, int hex);
void house_dice(struct game *g, struct evbuf *eb, int *d1, int *d2);
void dice_deck_shuffle(struct game *g);
void harbormaster_award(struct game *g, struct evbuf *eb);
int house_state_ok(const struct game *g);
/* The dice deck's event cards (events.c): dice_asked, the players an event card asks now (bit
 * per seat); dice_event_play: the event of the card just drawn (g->dice_event), played after
 * EV_ROLL, returning whether anyone is asked (the production then waits for the answers);
 * dice_answer: an ACT_CK_GIVE or ACT_CK_CHOOSE of an asked player; dice_ask_default: the
 * timeout's answer; dice_asks_resign: a player leaves while asks are open; dice_ask_actions:
 * the answers p may give; dice_events_ok checks a restored state's part. */
static inline unsigned dice_asked(const struct game *g)
{
    unsigned m = 0;
    if (g->dice_event)
        for (int p = 0; p < g->opt.n_players; p++)
            m |= g->dice_ask[p] ? BIT(p) : 0;
    return m;
}
int dice_event_play(struct game *g, struct evbuf *eb);
int dice_answer(struct game *g, struct evbuf *eb, const struct game_action *a);
void dice_ask_default(struct game *g, struct evbuf *eb, int p);
void dice_asks_resign(struct game *g, struct evbuf *eb, int p);
int dice_ask_actions(const struct game *g, int p, struct game_action *out, int max);
int dice_events_ok(const struct game *g);
/* Whether a house rule limits where the robber goes. */
static inline int house_robber_limits(const struct game *g)
{
    return g->opt.friendly_robber | g->opt.robber_no_desert;
}
/* The hand a 7 leaves alone: 7 or the house rule's (Cities & Knights adds the walls). */
static inline int discard_limit(const struct game *g)
{
    return g->opt.discard_limit ? g->opt.discard_limit : 7;
}
/* Whether a harbor a tribe's gift placed is at corner v (tribe.c). */
int tribe_harbor_at(const struct game *g, int v);
/* Shared by the action handlers (apply.c, trade.c, moderator.c). */
int turn_error(const struct game *g, int p);
unsigned others_mask(const struct game *g, int p);
void do_roll(struct game *g, struct evbuf *eb, int d1, int d2);
/* The roll after the event die: production or the 7 (Cities & Knights: resumed once the
 * pillaged cities are chosen). */
void roll_on(struct game *g, struct evbuf *eb);
/* do_roll() with dice from the game's generator, the first die drawn first. */
void roll_dice(struct game *g, struct evbuf *eb);
void do_robber(struct game *g, struct evbuf *eb, int player, int hex, int victim);
/* The steal of do_robber(): a card of victim's at random to player (sea: the pirate's). */
void steal_card(struct game *g, struct evbuf *eb, int player, int victim, int sea);
/* p's discard at random: resources into out, commodities (Cities & Knights) into com. */
void random_discard(struct game *g, int p, uint8_t out[RES_COUNT], uint8_t com[COM_COUNT]);
/* Gold fields: what hex owes the owners of its buildings (added to game_player.gold); then,
 * if anyone is owed, PHASE_GOLD until they have chosen, then resume (returns 1), else 0. A
 * bank short of all the gold owed pays as in production: nobody (EV_SHORTAGE), unless a single
 * player is owed it, who is owed what the bank holds. take_gold() gives a player their choice;
 * gold_done() resumes once nobody is owed. */
void owe_gold(struct game *g, int hex);
/* What a development card costs player pl using want discoveries (-1: as many as the cards
 * they lack need, up to three), into cost; returns the discoveries used, or -1 when they do
 * not have want (or want is over three). */
int dev_cost_with(const struct game_player *pl, int want, uint8_t cost[RES_COUNT]);
int gold_owed(struct game *g, struct evbuf *eb, int resume);
void take_gold(struct game *g, struct evbuf *eb, int p, const uint8_t get[RES_COUNT]);
void gold_done(struct game *g);
/* ACT_GOLD: player p takes get[] for the gold owed them. */
int act_gold(struct game *g, struct evbuf *eb, int p, const uint8_t get[RES_COUNT]);
/* The jungle at hex gives each building beside it discoveries: 1 a settlement, 2 a city. */
void discover(struct game *g, struct evbuf *eb, int hex);
/* Turn over the fog at either end of edge for player p, whose road or ship came there (only
 * they explore: a settlement does not); gold found is owed (game_apply asks for it when the
 * action is done). */
void fog_reveal_edge(struct game *g, struct evbuf *eb, int p, int edge);
/* The New World (new_world.c): draws the map of islands onto the hexes the map draws (land,
 * terrains, tokens, harbors) from the game's generator; 0, or -1 when no fair map was found.
 * new_world_index_islands() adds the islands of the buildings to islands_of; _harbors_ok()
 * checks a restored state's harbors (on coasts) and islands (no more than a bit set holds);
 * new_world_islands() counts the islands of a land set. */
int new_world_deal(struct game *g, const struct board_geo *geo, const struct board_setup *s);
void new_world_index_islands(struct game *g);
int new_world_harbors_ok(const struct game *g, const struct board_geo *geo);
int new_world_islands(const struct board_geo *geo, uint64_t land);
/* The Great River: tells player p's gold mine points after p built on the gold mine. */
void river_gold(struct game *g, struct evbuf *eb, int p);
/* The Great River: lays the river of setup s (a copy of the board's) at random, turned about
 * where it rises, onto land its map leaves to the pools; the robber goes with it. */
void river_deal(struct bw_rng *rng, const struct board_geo *geo, struct board_setup *s);
/* Whether corner v is on the river bank (a corner of one of its hexes). */
static inline int on_river_bank(const struct game *g, int v)
{
    return (GEO(g)->vertex_hex_bits[v] & g->river_hexes) != 0;
}
void do_discard(struct game *g, struct evbuf *eb, int p, const uint8_t give[RES_COUNT],
                const uint8_t com[COM_COUNT]);
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

/* game_legal_actions() with some actions left out, for the random player. */
enum {
    LEGAL_NO_ROADS_AT_SPOTS = 1, /* no road builds when the player's roads reach a free corner */
    LEGAL_NO_KNIGHTS = 2,        /* no knight plays: see robber_choices() */
    LEGAL_NO_ROAD_PAIRS = 4,     /* no road building plays: see road_pairs() */
};
int legal_actions(const struct game *g, int player, struct game_action *out, int max, int flags);
/* The robber moves (hex, victim or -1) of player, in the order game_legal_actions() lists
 * them: with nth < 0 returns how many there are; otherwise sets the nth and returns 0, or
 * returns -1 when there are fewer. */
int robber_choices(const struct game *g, int player, int nth, int *hex, int *victim);
/* What player may build or buy now by pieces and cards: BIT(ACT_BUILD_ROAD),
 * BIT(ACT_BUILD_SETTLEMENT), BIT(ACT_BUILD_CITY), BIT(ACT_BUY_DEV), BIT(ACT_BUILD_SHIP)
 * (where is left to check). */
unsigned build_kinds(const struct game *g, int player);
/* Maritime trades of player: the resources they hold enough of to give at their rate, and
 * those the bank can pay (a bit per resource). */
void trade_sets(const struct game *g, int player, unsigned *gives, unsigned *gets);
/* The same for the pieces (e1, then e2 or -1; kinds: the play's ships field) of a
 * road building card. */
int road_pairs(const struct game *g, int player, int nth, int *e1, int *e2, int *kinds);
/* Players other than player holding cards with a ship on a side of sea hex hex. */
unsigned pirate_candidates(const struct game *g, int player, int hex);
/* The answers, confirmations and withdrawals of trade offers open to player, as
 * game_legal_actions() lists them. */
int offer_actions(const struct game *g, int player, struct game_action *out, int max);

/* Free corners at the end of player's roads where a settlement may stand (out may be NULL). */
int settlement_spots(const struct game *g, int player, uint8_t *out);
/* The same as a bit set, and the edges where player may build a road now. */
void settle_spot_bits(const struct game *g, int player, uint64_t out[BOARD_WORDS]);
void road_spot_bits(const struct game *g, int player, uint64_t out[BOARD_WORDS]);
/* Road legality with one extra edge counted as the player's (-1 for none). */
int can_road_with(const struct game *g, int player, int edge, int extra_edge);
/* The same for a road (ship 0) or a ship (ship 1), the extra piece a ship when extra_ship. */
int can_piece_with(const struct game *g, int player, int ship, int edge, int extra_edge,
                   int extra_ship);
/* Whether edge is a side of the pirate's hex. */
int pirate_edge(const struct game *g, int edge);
/* The corners touched by the edges in edges. */
void edge_ends(const struct board_geo *geo, const uint64_t edges[BOARD_WORDS],
               uint64_t out[BOARD_WORDS]);
/* The free edges where player may build a ship now (not in the setup). */
void ship_spot_bits(const struct game *g, int player, uint64_t out[BOARD_WORDS]);
/* Place a ship (paid for or free) and bring the trade routes up to date; type is EV_BUILD or
 * EV_FREE_ROAD. */
void place_ship(struct game *g, struct evbuf *eb, int p, int edge, int type);
/* Robber target check: BW_OK and *victim resolved (-1 when nobody can be robbed). */
int check_robber(const struct game *g, int player, int hex, int target, int *victim);
/* Bitmask of players with a building on hex that player may rob. */
unsigned robber_candidates(const struct game *g, int player, int hex);
int dev_play_check(const struct game *g, int player, int card);
/* Why a road (ship 0) or a ship (ship 1) may not lie at edge, with one more piece of kind
 * extra_ship at extra counted as the player's (-1 for none); 0 when it may. */
int piece_error(const struct game *g, int p, int ship, int edge, int extra, int extra_ship);
/* Roads (ship 0) or ships (ship 1) the player has left to build. */
int pieces_left(const struct game *g, int p, int ship);
/* A road or a ship placed as event type (no cost). */
void place_piece(struct game *g, struct evbuf *eb, int p, int ship, int edge, int type);
/* The development cards played (dev.c): validated whole before anything changes. */
int act_knight(struct game *g, struct evbuf *eb, int p, int hex, int target);
int act_roads(struct game *g, struct evbuf *eb, int p, int e1, int e2, int k1, int k2);
int act_plenty(struct game *g, struct evbuf *eb, int p, int r1, int r2);
int act_monopoly(struct game *g, struct evbuf *eb, int p, int res);

/* Recompute the road lengths of the players in mask and move the longest road card by the
 * rules. */
void longest_road_update(struct game *g, struct evbuf *eb, unsigned mask);
/* Move the longest road card by the rules after road lengths changed. */
void longest_road_award(struct game *g, struct evbuf *eb);
/* Largest army to whoever holds it now (after a knight or a resignation). */
void largest_army_award(struct game *g, struct evbuf *eb);
/* After a discard or a discarder's resignation: once nobody owes a discard, the robber step
 * (or, when the roller has resigned, the next turn). */
void discards_done(struct game *g, struct evbuf *eb);
/* Bring p's road length up to date after p's road at edge was added (and indexed). */
void road_length_add(struct game *g, int p, int edge);
/* Players other than player with two or more roads at vertex v: a building there may cut
 * their roads. */
unsigned road_owners_at(const struct game *g, int v, int player);

void pay(struct game *g, int player, const uint8_t cost[RES_COUNT]);
void check_win(struct game *g, struct evbuf *eb);
void begin_turn(struct game *g, struct evbuf *eb, int player);
void advance_setup(struct game *g, struct evbuf *eb);
void close_offer(struct game *g, struct evbuf *eb, struct trade_offer *o);
/* Free an offer's slot without an event (the trade happened). */
void drop_offer(struct game *g, struct trade_offer *o);
void close_all_offers(struct game *g, struct evbuf *eb);
void ripen_dev_cards(struct game_player *pl);
void next_special_or_turn(struct game *g, struct evbuf *eb, int after);
void end_turn(struct game *g, struct evbuf *eb);
int next_active(const struct game *g, int from);

/* Roll with given dice (1..6 each); only for tests and the engine itself. */
int game_apply_roll(struct game *g, int d1, int d2, struct game_event *ev, int max, int *n_ev);

#endif
