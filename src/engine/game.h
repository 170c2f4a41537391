/* The game state and its rules. A struct game is a flat value: copying it is a snapshot.
 *
 * Players are seats 0..n_players-1; the session layer maps seats to people. Actions are
 * applied with game_apply(): a refused action returns a negative bw_err and leaves the state
 * unchanged byte for byte; an accepted one returns BW_OK and reports what happened as events.
 * Everything random (board, deck, dice, steals) comes from the generator inside the state. */
#ifndef BW_GAME_H
#define BW_GAME_H

#include <stdint.h>

#include "engine/board.h"
#include "engine/error.h"
#include "engine/rng.h"

#define GAME_MAX_PLAYERS 6
#define GAME_MAX_OFFERS 8
#define GAME_MAX_EVENTS 40
#define GAME_DEV_DECK_MAX 34
#define GAME_MAX_DISCOVERIES 32767 /* what an event's count holds */
#define GAME_DICE_CARDS 36         /* the dice deck: one card per outcome of two dice */
#define GAME_DICE_RESHUFFLE 5      /* the dice deck's cards under the New Year card: never drawn */

enum resource { RES_WOOD, RES_BRICK, RES_WOOL, RES_GRAIN, RES_ORE, RES_COUNT, RES_NONE = 255 };
enum terrain {
    TERRAIN_FOREST,
    TERRAIN_HILLS,
    TERRAIN_PASTURE,
    TERRAIN_FIELDS,
    TERRAIN_MOUNTAINS,
    TERRAIN_DESERT,
    TERRAIN_GOLD,   /* a gold field (Seafarers): its owners choose what it gives */
    TERRAIN_SEA,    /* a sea hex of a Seafarers map (map.h's MAP_SEA): no token, no resource */
    TERRAIN_JUNGLE, /* the Jungle variant's desert: its number gives discoveries */
    TERRAIN_MINE    /* the Great River's gold mine (map.h's MAP_MINE): no token, no resource */
};                  /* terrain t < TERRAIN_DESERT produces resource t */
enum dev_card { DEV_KNIGHT, DEV_ROADS, DEV_PLENTY, DEV_MONOPOLY, DEV_VICTORY, DEV_COUNT };
/* Harbor types 0..4 are 2:1 of that resource; HARBOR_NONE is a slot without a harbor in this
 * game (The New World, whose slots are every side a harbor may take). */
enum { HARBOR_GENERIC = 5, HARBOR_NONE = 6 };
enum building { BUILDING_NONE, BUILDING_SETTLEMENT, BUILDING_CITY };

enum game_phase {
    PHASE_SETUP_SETTLEMENT, /* current player places a setup settlement */
    PHASE_SETUP_ROAD,       /* ... and the road touching it */
    PHASE_ROLL,             /* before the roll: roll, or play a development card */
    PHASE_DISCARD,          /* after a 7: waiting for every discard */
    PHASE_ROBBER,           /* after a 7: the roller moves the robber */
    PHASE_MAIN,             /* after the roll: trade, build, buy, play, end */
    PHASE_SPECIAL_BUILD,    /* 5-6 players: sb_player may build or buy, then pass */
    PHASE_OVER,
    PHASE_GOLD /* players owed gold (game_player.gold) choose their cards, then gold_resume */
};

enum action_type {
    ACT_BUILD_ROAD,       /* a = edge */
    ACT_BUILD_SETTLEMENT, /* a = vertex */
    ACT_BUILD_CITY,       /* a = vertex */
    ACT_BUY_DEV, /* a = discoveries to use (Jungle), -1: as many as the missing cards need */
    ACT_ROLL,
    ACT_DISCARD,       /* give[] = the cards discarded */
    ACT_ROBBER,        /* a = hex, target = victim or -1; a sea hex moves the pirate */
    ACT_PLAY_KNIGHT,   /* a = hex, target = victim or -1; a sea hex moves the pirate */
    ACT_PLAY_ROADS,    /* a = edge, b = second edge or -1; ships: PIECE_SHIP_1, PIECE_SHIP_2 */
    ACT_PLAY_PLENTY,   /* res, res2 (res2 RES_NONE only when the bank has a single card) */
    ACT_PLAY_MONOPOLY, /* res */
    ACT_BANK_TRADE,    /* give[] for get[] at the player's rates */
    ACT_OFFER,         /* give[] for get[] to the players in to_mask (0 = every other); with
                        * Cities & Knights a and b the commodities given and wanted too, 5 bits
                        * each from bit 0 (paper, cloth, coin; a or b below 1: none) */
    ACT_ACCEPT,        /* a = offer id */
    ACT_REJECT,        /* a = offer id */
    ACT_CONFIRM,       /* a = offer id, target = the accepting player to trade with */
    ACT_CANCEL,        /* a = offer id */
    ACT_END,           /* end the turn, or pass in the special building phase */
    ACT_TIMEOUT,       /* moderator: act for the player in the least harmful way */
    ACT_RESIGN,        /* moderator or player: the player leaves the game */
    ACT_BUILD_SHIP,    /* a = edge (Seafarers maps) */
    ACT_MOVE_SHIP,     /* a = the ship's edge, b = the edge it moves to */
    ACT_GOLD,          /* get[] = the cards chosen for gold owed (PHASE_GOLD) */
    ACT_PLACE_HARBOR,  /* a = edge, b = the gift spot of the harbor held (The Forgotten Tribe) */
    ACT_WONDER,        /* a = wonder: start it, or build its next stage (The Wonders of Catan) */
    ACT_ATTACK,        /* attack the player's pirate fortress (The Pirate Islands) */
    /* Cities & Knights (engine/cities.c, engine/knights.c; doc/cities.md). Goods are numbered
     * 0..4 for the resources and GOOD_PAPER + c for commodity c. */
    ACT_CK_TRADE,    /* with the bank: res = the good given, res2 = the good wanted, a = how many */
    ACT_IMPROVE,     /* res = the track (enum ck_track); a = the city for a metropolis, -1: any */
    ACT_WALL,        /* a = the city's corner */
    ACT_KNIGHT,      /* a = corner: a new basic knight */
    ACT_PROMOTE,     /* a = the knight's corner */
    ACT_ACTIVATE,    /* a = the knight's corner */
    ACT_KNIGHT_MOVE, /* a = the knight's corner, b = where it goes (a weaker enemy knight there
                      * is displaced) */
    ACT_CHASE,       /* a = the knight's corner, b = the hex the robber goes to, target = victim */
    /* Progress cards (engine/progress.c): res = the card (enum progress_card), its arguments
     * as the card's line in enum progress_card says. */
    ACT_PROGRESS,
    ACT_PROGRESS_DRAW,    /* res = the deck (enum ck_track) of a card of the player's choice */
    ACT_PROGRESS_DISCARD, /* res = the card given up from a hand of five */
    /* The answers of a player asked (ck_player.ask; EV_ASK says what): */
    ACT_CK_CHOOSE, /* a = the corner: of the city the barbarians take (ASK_PILLAGE), where the
                    * displaced knight goes (ASK_KNIGHT), of the knight given up (ASK_DESERTER);
                    * a = the progress card taken (ASK_SPY) */
    ACT_CK_GIVE,   /* give[] = the resources, get[0..2] = the commodities given (ASK_WEDDING,
                    * ASK_HARBOR), or taken from the player looked at (ASK_TAKE) */
    /* Catan for two (engine/two.c; doc/two.md). ACT_CK_CHOOSE answers ASK_NEUTRAL too (a = the
     * spot, b = TWO_SETTLEMENT or TWO_ROAD, target = the neutral 0 or 1, -1: the one that fits)
     * and ACT_CK_GIVE ASK_RETURN (give[] = the cards given back). */
    ACT_TOKEN, /* a = enum two_token: spend trade tokens */
    ACT_TYPE_COUNT
};

/* ACT_PLAY_ROADS's ships: which of its pieces are ships rather than roads. */
enum { PIECE_SHIP_1 = 1, PIECE_SHIP_2 = 2 };
/* EV_BUILD's and EV_FREE_ROAD's a for a road and a ship (buildings are enum building). */
enum { PIECE_ROAD = 3, PIECE_SHIP = 4 };

struct game_action {
    uint8_t type;
    int8_t player; /* who acts */
    int8_t target;
    uint8_t res, res2;
    uint8_t to_mask;
    uint8_t ships; /* ACT_PLAY_ROADS on maps with sea: PIECE_SHIP_1 | PIECE_SHIP_2 */
    int16_t a, b;
    uint8_t give[RES_COUNT], get[RES_COUNT];
};

enum event_type {
    EV_TURN,            /* player's turn begins; a = turn number */
    EV_SETUP_RESOURCES, /* player got res[] for the second settlement */
    EV_ROLL,            /* player rolled a + b */
    EV_PRODUCE,         /* player receives res[] */
    EV_SHORTAGE, /* the bank could not pay resource a (RES_COUNT: the gold owed): nobody receives it
                  */
    EV_BUILD,    /* player built a (enum building, PIECE_ROAD, PIECE_SHIP) at b */
    EV_BUY_DEV,  /* player bought a card; a = the card (private to player) */
    EV_PLAY_DEV, /* player played card a */
    EV_FREE_ROAD,      /* player placed a free road at edge b (road building) */
    EV_PLENTY,         /* player took res[] from the bank */
    EV_MONOPOLY,       /* player took a cards of resource b in total; other = -1 */
    EV_MONOPOLY_LOSS,  /* other lost a cards of resource b to player */
    EV_DISCARD_NEEDED, /* player must discard a cards */
    EV_DISCARD,        /* player discarded res[] */
    EV_ROBBER_NEEDED,  /* player must move the robber */
    EV_ROBBER,         /* player moved the robber to hex a */
    EV_STEAL,          /* player stole resource a from other (a is private to the two) */
    EV_NO_STEAL,       /* nobody to steal from */
    EV_BANK_TRADE,     /* player gave res[] to the bank for res2[] */
    EV_OFFER,          /* player offered res[] for res2[]; a = offer id; b = to_mask */
    EV_OFFER_ACCEPT,   /* player accepted offer a; other = the offerer, who may confirm */
    EV_OFFER_REJECT,   /* player rejected offer a */
    EV_OFFER_CLOSED,   /* offer a withdrawn or expired (player = offerer) */
    EV_TRADE,          /* player gave res[] to other for res2[]; a = offer id */
    EV_LONGEST_ROAD,  /* player now holds longest road (-1: set aside), other = previous; a = length
                       */
    EV_LARGEST_ARMY,  /* player now holds largest army, other = previous; a = knights */
    EV_SPECIAL_BUILD, /* player's special building phase begins */
    EV_TIMEOUT,       /* the game acted for player (a = the phase it acted in) */
    EV_RESIGN,        /* player left the game */
    EV_GAME_OVER,     /* player wins with a victory points (-1: no winner); b = victory cards */
    EV_PIRATE,        /* player moved the pirate to hex a (EV_STEAL or EV_NO_STEAL follows) */
    EV_MOVE_SHIP,     /* player moved the ship at edge a to edge b */
    EV_ISLAND,        /* player settled island a, not their own: b bonus points */
    EV_GOLD_NEEDED,   /* player chooses a cards for their gold fields */
    EV_GOLD,          /* player took res[] for gold */
    EV_DISCOVERY,     /* player found a discoveries in the jungle (b = total now) */
    EV_FOG,   /* player's piece turned over fog hex a: terrain b, token other (0 for none); res[]
               * = the card it gave them (gold: EV_GOLD_NEEDED follows) */
    EV_RIVER, /* player built on the gold mine: a = the victory points it gives them now */
    EV_GIFT,  /* player's ship took the tribe's gift at spot a, of kind b (enum map_gift_kind);
               * other: the harbor type or the development card (the card private to player) */
    EV_HARBOR_PLACED, /* player placed the harbor of gift spot b (type other) at edge a */
    EV_VILLAGE,       /* player trades with village a from now on; b = cloth received (0 or 1) */
    EV_CLOTH,         /* village a gave player b cloth (its number was rolled) */
    EV_CLOTH_END,     /* only a villages still have cloth: the game ends (EV_GAME_OVER follows) */
    EV_WONDER,        /* player built stage b (1: started it) of wonder a (enum game_wonder) */
    EV_FLEET,         /* the pirate fleet sailed a hexes to hex b (The Pirate Islands) */
    EV_BATTLE,   /* the fleet of strength a fought player, who has b warships: won (player more),
                  * drawn or lost; res[] = the cards lost (a card of choice follows a win) */
    EV_WARSHIP,  /* player's knight made a ship a warship: a = warships now */
    EV_FORTRESS, /* player attacked their fortress: the pirates rolled a against b warships;
                  * other = ships lost; res[0] = the fortress's strength left (0: conquered,
                  * player's settlement now at its corner) */
    /* Cities & Knights. EV_ROLL's a and b are the yellow and the red die; EV_PRODUCE's and
     * EV_DISCARD's res2[0..2] the commodities (paper, cloth, coin); EV_STEAL's a a good. */
    EV_EVENT_DIE,     /* the event die showed a (enum ck_face); b = the barbarians' steps now */
    EV_PROGRESS_DRAW, /* player drew progress card b (private to player) from deck a; b = -1 and
                       * a = -1: they may draw one from a deck of their choice (ACT_PROGRESS_DRAW)
                       */
    EV_BARBARIANS,    /* the barbarians attack with strength a against Catan's b */
    EV_PILLAGE,       /* player's city at a became a settlement (-1: was removed); b = walls lost */
    EV_DEFENDER,      /* player is the Defender of Catan: a point (a = their defender points) */
    EV_IMPROVE,       /* player raised track a to level b */
    EV_METROPOLIS,    /* player holds the metropolis of track a at corner b; other = previous */
    EV_WALL,          /* player built a wall at a */
    EV_KNIGHT,        /* player's knight at a: b = what happened (enum ck_knight_change) */
    EV_KNIGHT_MOVE,   /* player's knight moved from a to b; other = the displaced knight's owner */
    EV_CK_TRADE,      /* player gave b of good a to the bank for res2[1] of good res2[0] */
    EV_PROGRESS,      /* player played (printer, constitution: showed) progress card a; b, other,
                       * res[], res2[] as the card's line in enum progress_card says */
    EV_PROGRESS_DISCARD, /* player gave up progress card a (a hand of five) */
    EV_ASK,              /* player must answer a (enum ck_ask) before the game goes on; other = the
                          * player of the card asking (-1: the barbarians, a displaced knight's
                          * mover; ASK_TAKE, ASK_SPY: the player whose hand was seen); b = the
                          * goods to give (ASK_WEDDING) or take (ASK_TAKE), the resource offered
                          * (ASK_HARBOR), the corner the knight stood at (ASK_KNIGHT), else -1 */
    EV_GIVE,             /* player gave other res[] and commodities res2[0..2] (a = the card: a
                          * wedding, a commercial harbor both ways, a master merchant) */
    EV_LOOK,             /* player looked at other's hand (private to player): a = 0 the goods
                          * (res[], res2[0..2]); a = 1 the progress cards (res[0..3], 0 after the
                          * last) */
    EV_PROGRESS_TAKEN,   /* player took progress card a from other (a spy; a private to the two) */
    EV_ROAD_REMOVED,     /* player's road at edge a was removed by other (a diplomat) */
    EV_COMMODITIES,      /* follows an EV_OFFER or EV_TRADE (same player, other, a) whose goods
                          * include commodities: res[0..2] those given, res2[0..2] wanted */
    /* House rules (engine/house.c; doc/house-rules.md). */
    EV_REROLL,       /* player rolled a + b, a 7 in the first rounds of no_sevens: rolled again
                      * (the EV_ROLL that counts follows) */
    EV_HARBORMASTER, /* player is the harbormaster now (-1: nobody), other = the one before; a =
                      * the harbor points that won it */
    /* Catan for two (engine/two.c; doc/two.md). The neutral players are seats n_players and
     * n_players + 1 (game_seats()); EV_LONGEST_ROAD may name one. */
    EV_NEUTRAL, /* player built for neutral seat other: a = TWO_SETTLEMENT or TWO_ROAD at b */
    EV_TOKENS,  /* player earned a trade tokens (b = theirs now) */
    EV_TOKEN,   /* player spent b trade tokens on a (enum two_token) */
    /* The dice deck's event cards (engine/events.c; doc/house-rules.md). */
    EV_NEW_YEAR,   /* player drew the New Year card: the dice deck is shuffled, a card follows */
    EV_DICE_EVENT, /* the card player drew carries event a (enum dice_event); it follows EV_ROLL
                    * and comes before the roll's production */
    EV_DICE_ASK,   /* player must answer a (enum dice_ask); other = whom they give to (GIVE) */
    EV_DICE_GIVE,  /* player gave other res[] (an event card: b = enum dice_event; res[] private
                    * to the two) */
    EV_DICE_TAKE,  /* player took res[] from the bank (an event card: b = enum dice_event) */
    EV_TYPE_COUNT
};

struct game_event {
    uint8_t type;
    int8_t player, other;
    int16_t a, b;
    uint8_t res[RES_COUNT], res2[RES_COUNT];
};

struct trade_offer {
    uint16_t id; /* 0 = free slot */
    int8_t from;
    uint8_t to_mask, accepted, rejected;
    uint8_t give[RES_COUNT], get[RES_COUNT]; /* from the offerer's point of view */
    uint8_t com_give[3], com_get[3];         /* Cities & Knights: commodities too (COM_COUNT) */
};

struct game_options {
    uint8_t n_players;      /* 3-4 on the base board, 3-6 on the big board (5-6 need it) */
    uint8_t board;          /* enum board_kind */
    uint8_t victory_points; /* 0 = 10 (13 with Cities & Knights) */
    /* House rules (!rules; SPEC.md section 3, doc/house-rules.md). 0 is the rule book's in
     * every field, so zeroed options play the published game. */
    uint8_t discard_limit;    /* 0 = 7: a 7 makes each player holding more discard half */
    uint8_t friendly_robber;  /* the robber may not block or rob a player with 2 or fewer
                               * public points */
    uint8_t no_sevens;        /* a 7 rolled in the first N rounds is rolled again */
    uint8_t robber_no_desert; /* the robber may not go back to the desert */
    uint8_t dice_deck;        /* the dice from a deck of 36 cards, reshuffled at 5 left */
    uint8_t no_trade;         /* no trades between players (the bank still trades) */
    uint8_t harbormaster;     /* 2 points to the player alone with the most harbor points, at
                               * least 3 (a settlement on a harbor 1, a city 2) */
    uint8_t two;              /* Catan for two: n_players 2 on the base board, two neutral
                               * players, two rolls a turn, trade tokens (engine/two.c) */
};

/* The event cards of the dice deck (without Cities & Knights): what each card carries besides
 * its number (game_dice_event()). Earthquake is on its cards but not played: those cards are
 * plain numbers (doc/house-rules.md says why). */
enum dice_event {
    DICE_PLAIN,
    DICE_ROBBER_ATTACK,         /* the 7s: the usual 7 */
    DICE_EPIDEMIC,              /* each city gives one resource less in this production */
    DICE_EARTHQUAKE,            /* not played */
    DICE_GOOD_NEIGHBORS,        /* each player gives a resource of choice to the next seat */
    DICE_TOURNAMENT,            /* most knights played: a resource of choice from the bank */
    DICE_TRADE_ADVANTAGE,       /* the longest road's holder takes a card from a player of choice */
    DICE_CALM_SEA,              /* most buildings on harbors: a resource of choice from the bank */
    DICE_NEIGHBORLY_ASSISTANCE, /* most points give a resource of choice to the fewest */
    DICE_CONFLICT,              /* the largest army's holder takes a card from a player of choice */
    DICE_PLENTIFUL_YEAR,        /* each player takes a resource of choice from the bank */
    DICE_EVENTS
};
/* What an event card asks a player (game.dice_ask), answered by ACT_CK_GIVE (give[]: the one
 * resource given; get[]: the one taken from the bank) or ACT_CK_CHOOSE (target: the player), by
 * a default on ACT_TIMEOUT. */
enum dice_ask {
    DICE_ASK_NONE,
    DICE_ASK_TAKE, /* a resource of choice from the bank */
    DICE_ASK_GIVE, /* a resource of choice to dice_ask_to */
    DICE_ASK_ROB,  /* the player a card is taken from (at random, as the robber's) */
    DICE_ASKS
};
/* The event of dice deck card `card` (6 * (first die - 1) + second - 1): enum dice_event. */
int game_dice_event(int card);

/* The house rules of struct game_options, for game_option_fits(). */
enum game_rule {
    GAME_RULE_DISCARD,
    GAME_RULE_FRIENDLY_ROBBER,
    GAME_RULE_NO_SEVENS,
    GAME_RULE_ROBBER_DESERT,
    GAME_RULE_DICE_DECK,
    GAME_RULE_TRADE,
    GAME_RULE_HARBORMASTER,
    GAME_RULES
};
/* Ranges of the house rules: discard_limit 0 or GAME_DISCARD_MIN..MAX, no_sevens up to
 * GAME_NO_SEVENS_MAX rounds, the others 0 or 1. */
enum { GAME_DISCARD_MIN = 7, GAME_DISCARD_MAX = 12, GAME_NO_SEVENS_MAX = 10 };

/* Cities & Knights (engine/cities.c, engine/knights.c; doc/cities.md says what was decided). */
enum ck_commodity { COM_PAPER, COM_CLOTH, COM_COIN, COM_COUNT };
enum { GOOD_PAPER = RES_COUNT, GOOD_COUNT = RES_COUNT + COM_COUNT };
/* The improvement tracks, each bought with the commodity of the same number. */
enum ck_track { TRACK_SCIENCE, TRACK_TRADE, TRACK_POLITICS, CK_TRACKS };
/* The event die: three faces of the barbarian ship, then a city gate per track. */
enum ck_face { FACE_SHIP, FACE_GATE = 3, CK_FACES = 6 };
enum {
    CK_BANK = 12,   /* commodities of each kind */
    CK_LEVELS = 5,  /* levels of a track */
    CK_ABILITY = 3, /* the level of a track's ability */
    CK_METROPOLIS = 4,
    CK_KNIGHTS = 6, /* 2 of each level */
    CK_WALLS = 3,
    CK_VOYAGE = 7, /* the barbarians' steps to Catan */
    CK_POINTS = 13
};
/* A knight's state: its level (1 basic, 2 strong, 3 mighty) and flags. */
enum {
    KNIGHT_LEVEL = 3,
    KNIGHT_ACTIVE = 4,
    KNIGHT_FRESH = 8,    /* activated this turn: it may not act yet (acting leaves it inactive,
                          * so a knight acts once a turn at most) */
    KNIGHT_PROMOTED = 16 /* promoted this turn */
};
enum ck_knight_change {
    KNIGHT_BUILT,
    KNIGHT_PROMOTE,
    KNIGHT_ACTIVATED,
    KNIGHT_LOST,      /* displaced with nowhere to go */
    KNIGHT_DISPLACED, /* moved by the game to a free corner on its owner's roads (EV_KNIGHT_MOVE) */
    KNIGHT_REMOVED    /* taken off the board by its owner (a deserter) */
};
/* What a player is asked (ck_player.ask), answered by ACT_CK_CHOOSE or ACT_CK_GIVE, by the
 * least harmful default on ACT_TIMEOUT (doc/cities.md). */
enum ck_ask {
    ASK_NONE,
    ASK_PILLAGE,  /* which city the barbarians take */
    ASK_KNIGHT,   /* where the displaced knight goes (ask_arg its slot, ask_at its old corner) */
    ASK_WEDDING,  /* ask_arg goods to give the card's player */
    ASK_HARBOR,   /* a commodity for the resource ask_arg of the card's player */
    ASK_DESERTER, /* which knight to give up */
    ASK_TAKE,     /* the card's player: the 2 goods taken from ask_arg (a master merchant) */
    ASK_SPY,      /* the card's player: the progress card taken from ask_arg (a spy) */
    /* Catan for two (engine/two.c): the player who built builds for a neutral player (ask_arg
     * TWO_SETTLEMENT or TWO_ROAD, game_two.owed says how many); the forced trade's player gives
     * back ask_arg cards. */
    ASK_NEUTRAL,
    ASK_RETURN,
    CK_ASKS
};

/* Progress cards, deck by deck (science, trade, politics). What ACT_PROGRESS's fields mean for
 * each, and what its EV_PROGRESS says besides a (the card); a = -1 is "none" where it may be.
 * EV_PROGRESS's other is ACT_PROGRESS's target for the cards aimed at a player. */
enum progress_card {
    PROG_NONE,
    PROG_ALCHEMIST, /* before the roll: a = the yellow die, b = the red (the event die rolled) */
    PROG_INVENTOR,  /* a, b = two hexes whose numbers (not 2, 12, 6, 8) change places (ev: res[0],
                     * res[1]) */
    PROG_CRANE,     /* res2 = the track raised one commodity cheaper, a = as ACT_IMPROVE's */
    PROG_ROAD_BUILDING,     /* a, b = two edges for free roads (b = -1: one) */
    PROG_ENGINEER,          /* a = the city that gets a free wall */
    PROG_IRRIGATION,        /* 2 grain a fields hex next to the player's buildings (ev: res[]) */
    PROG_MEDICINE,          /* a = the settlement made a city for 2 ore + 1 grain */
    PROG_MINING,            /* 2 ore a mountains hex next to the player's buildings (ev: res[]) */
    PROG_PRINTER,           /* a point, shown when drawn */
    PROG_SMITH,             /* a, b = the knights promoted for free (b = -1: one) */
    PROG_COMMERCIAL_HARBOR, /* the resource offered to each other player: nibble q of a (seats
                             * 0-3), of b (seats 4-5), 1 + the resource, 0 none; each answers a
                             * commodity (ASK_HARBOR; one kind held: no question) */
    PROG_MASTER_MERCHANT,   /* target = a player with more points, whose goods are seen
                             * (EV_LOOK); the player takes 2 (ASK_TAKE; 2 or fewer held, or of
                             * one kind: no question; ev: EV_GIVE) */
    PROG_MERCHANT,          /* a = the land hex, next to the player's building, of the merchant */
    PROG_MERCHANT_FLEET,    /* res2 = the good traded 2:1 with the bank this turn */
    PROG_RESOURCE_MONOPOLY, /* res2 = the resource: up to 2 from each other player (ev: b, the
                             * good in res2[0]) */
    PROG_TRADE_MONOPOLY,    /* res2 = the commodity (0-2): 1 from each other player (ev: b, the
                             * good, GOOD_PAPER..., in res2[0]) */
    PROG_BISHOP,       /* a = the robber's hex: a card from each player with a building there */
    PROG_CONSTITUTION, /* a point, shown when drawn */
    PROG_DESERTER,     /* target gives up a knight of their choice (ASK_DESERTER; one: no question);
                        * a = the free corner the player's roads reach for their knight of that level
                        * or the next lower one free (-1: none) */
    PROG_DIPLOMAT,     /* a = an open road (EV_ROAD_REMOVED); the player's own: b = where it is
                        * placed again (-1: not; EV_FREE_ROAD) */
    PROG_INTRIGUE, /* a = another player's knight on a corner the player's roads reach: displaced
                    * (its owner chooses where, ASK_KNIGHT) */
    PROG_SABOTEUR, /* each other player with as many points or more discards half */
    PROG_SPY,      /* target = whose progress cards are seen (EV_LOOK); the player takes one
                    * (ASK_SPY; none held: nothing, one kind: no question; EV_PROGRESS_TAKEN) */
    PROG_WARLORD,  /* every knight of the player's active, for free */
    PROG_WEDDING,  /* each player with more points gives 2 goods of their choice (ASK_WEDDING;
                    * 2 or fewer held, or of one kind: no question; ev: EV_GIVE) */
    PROG_COUNT
};
enum { CK_DECK = 18, CK_HAND = 4, CK_PROGRESS = 3 * CK_DECK };

struct ck_player {
    uint8_t level[CK_TRACKS];
    uint8_t defender;          /* Defender of Catan points */
    uint8_t hand[CK_HAND + 1]; /* progress cards held, 0 after the last; a fifth must go at once */
    uint8_t draws;             /* cards to draw from a deck of the player's choice (a tie) */
    uint8_t progress_points;   /* printers and constitutions shown */
    uint8_t fleet;             /* goods (bit per good) the player trades 2:1 this turn */
    uint8_t knight_at[CK_KNIGHTS]; /* 1 + the corner of each knight, 0 for none */
    uint8_t knight[CK_KNIGHTS];    /* KNIGHT_* */
    uint8_t ask;                   /* what the player must answer now (enum ck_ask) */
    uint8_t ask_arg; /* ASK_KNIGHT: the knight's slot (off the board meanwhile); ASK_WEDDING:
                      * goods to give; ASK_HARBOR: the resource offered; ASK_TAKE, ASK_SPY: the
                      * seat whose hand was seen */
    uint8_t ask_at;  /* ASK_KNIGHT: 1 + the corner the knight stood at */
};

struct game_ck {
    uint8_t on;         /* the game is played with Cities & Knights (game_cities_on()) */
    uint8_t event;      /* the event die's face of the last roll (enum ck_face) */
    uint8_t barbarians; /* the ship's steps, 0 .. CK_VOYAGE - 1 */
    uint8_t attacks;    /* barbarian attacks so far (the robber sleeps until the first) */
    uint8_t bank[COM_COUNT];
    uint8_t metropolis[CK_TRACKS];    /* 1 + the corner of each track's metropolis, 0 for none */
    uint8_t deck[CK_TRACKS][CK_DECK]; /* the progress decks, shuffled; deck_pos[t] drawn */
    uint8_t deck_pos[CK_TRACKS];
    uint8_t played;         /* progress cards played or shown (out of the game) */
    uint8_t merchant;       /* 1 + the merchant's hex, 0 before it is played */
    uint8_t merchant_owner; /* 1 + the seat holding it */
    uint8_t sabotage;       /* the discards under way are a saboteur's: the turn goes on after */
    uint8_t asker;          /* 1 + the seat whose card the asked players answer, 0 for none */
    uint8_t resume;         /* the roll goes on (production or the 7) once the pillage is chosen */
    uint8_t desert_at;      /* 1 + the corner where the deserter's knight goes, 0: none */
    uint64_t walls[BOARD_WORDS]; /* corners with a city wall */
    struct ck_player p[GAME_MAX_PLAYERS];
    uint64_t knights_all[BOARD_WORDS]; /* derived: corners with a knight */
};

/* The Wonders of Catan (engine/wonders.c): the five wonders, and the stages of each. */
enum game_wonder {
    WONDER_THEATER,
    WONDER_BRIDGE,
    WONDER_MONUMENT,
    WONDER_WALL,
    WONDER_CATHEDRAL,
    GAME_WONDERS
};
enum { GAME_WONDER_STAGES = 4 };

/* Catan for two (engine/two.c; doc/two.md): the neutral players' pieces, the trade tokens. */
enum two_token { TOKEN_TRADE, TOKEN_ROBBER, TWO_TOKENS };
enum { TWO_SETTLEMENT = 1, TWO_ROAD = 2 }; /* what a neutral player is built */
enum {
    TWO_NEUTRALS = 2,
    TWO_START_TOKENS = 5, /* each player's at the start */
    TWO_ALL_TOKENS = 20,  /* in the game: the rest in the supply */
    TWO_FORCED = 2        /* cards a forced trade takes and gives back */
};
struct game_two {
    uint8_t tokens[2]; /* each real player's trade tokens */
    uint8_t supply;    /* tokens left in the supply */
    uint8_t roll2[2];  /* the turn's second roll, drawn with the first; 0 once resolved */
    uint8_t used;      /* token actions taken this turn (bit per enum two_token) */
    uint8_t owed;      /* neutral pieces the current player still builds (ASK_NEUTRAL) */
};

struct game_player {
    uint8_t res[RES_COUNT];
    uint8_t commodity[COM_COUNT];       /* Cities & Knights: cards too (right after res: a hand) */
    uint8_t dev[DEV_COUNT];             /* playable (bought before this turn) */
    uint8_t dev_new[DEV_COUNT];         /* bought this turn */
    uint8_t knights;                    /* knights played */
    uint8_t settlements, cities, roads; /* pieces on the board */
    uint8_t ships;                      /* ships on the board (Seafarers maps) */
    uint16_t home_islands;              /* islands of the setup settlements (bit per island) */
    uint8_t gold;                       /* cards still to choose for gold fields */
    uint16_t discoveries; /* the Jungle's counters (not cards), up to GAME_MAX_DISCOVERIES */
    uint8_t cloth;        /* Cloth for Catan: 2 make a victory point (not cards) */
    uint8_t road_length;
    uint8_t discard;  /* cards still to discard */
    uint8_t timeouts; /* timeouts in a row */
    uint8_t resigned;
};

struct game {
    struct game_options opt;
    uint8_t vp_goal;
    uint8_t phase;
    int8_t current;                    /* whose turn */
    int8_t sb_player;                  /* whose special building phase */
    int8_t winner;                     /* -1 until the game is over */
    int8_t longest_road, largest_army; /* holders, -1 none */
    int8_t robber;                     /* hex */
    int8_t pirate;                     /* sea hex, -1 on maps without a pirate */
    uint8_t ship_moved;                /* the current player moved a ship this turn */
    uint8_t gold_resume;               /* the phase after PHASE_GOLD */
    uint8_t setup_step;                /* 0 .. 2n-1 in snake order */
    int16_t setup_vertex;              /* the settlement the setup road must touch */
    uint8_t dice[2];
    uint8_t dev_played; /* a development card was played this turn */
    uint8_t rolled;
    uint8_t turn_timed_out; /* the awaited player already timed out in this turn */
    uint16_t turn;
    uint16_t next_offer_id;
    uint8_t deck_pos, deck_size;
    /* House rules: the dice deck (opt.dice_deck; all zero without it), one card per outcome of
     * two dice (6 * (first - 1) + second - 1), shuffled, dice_drawn of them drawn; and 1 + the
     * harbormaster's seat (opt.harbormaster), 0 for nobody. */
    uint8_t dice_cards[GAME_DICE_CARDS];
    uint8_t dice_drawn;
    /* The event of the card in play (enum dice_event: 0 without the deck, with Cities & Knights,
     * or for a plain card), what it asks each player (enum dice_ask) and whom they give to. The
     * roll's production waits while anyone is asked (phase stays PHASE_ROLL, rolled 1). */
    uint8_t dice_event;
    uint8_t dice_ask[GAME_MAX_PLAYERS];
    int8_t dice_ask_to[GAME_MAX_PLAYERS];
    uint8_t harbor_master;
    uint8_t bank[RES_COUNT];
    uint8_t bank_start; /* 19 or 24 of each */
    uint8_t terrain[BOARD_MAX_HEXES];
    uint8_t token[BOARD_MAX_HEXES];              /* 0 on the desert */
    int8_t token_hex[13][3];                     /* the hexes carrying each number, -1 padded */
    uint8_t harbor[BOARD_MAX_HARBORS];           /* type per harbor slot of the geometry */
    int8_t vertex_owner[BOARD_MAX_VERTICES];     /* seat, -1 for none */
    uint8_t vertex_building[BOARD_MAX_VERTICES]; /* enum building */
    int8_t edge_owner[BOARD_MAX_EDGES];          /* seat, -1 for none */
    uint64_t ships[BOARD_WORDS];                 /* edges whose piece is a ship, not a road */
    uint64_t ships_new[BOARD_WORDS];             /* ships built this turn: they may not move yet */
    /* Fog still hidden (hex set; a hidden hex holds TERRAIN_SEA and no token), and what it
     * hides as counts: terrains by enum terrain, tokens by number, drawn when turned over. */
    uint64_t fog;
    uint8_t fog_terrain[8], fog_token[13];
    uint8_t deck[GAME_DEV_DECK_MAX];
    /* The Forgotten Tribe: what each gift spot of the geometry holds (a harbor type at a harbor
     * spot, a development card drawn at the setup at a card spot), who took it (-1: it is still
     * there) and, for a harbor, the edge it was placed at (GAME_HARBOR_HELD while its taker
     * holds it). Cloth for Catan: each village's cloth, the players trading with it (bit per
     * seat), and the general supply. */
    uint8_t gift[BOARD_MAX_GIFTS];
    int8_t gift_owner[BOARD_MAX_GIFTS];
    uint8_t gift_at[BOARD_MAX_GIFTS];
    uint8_t village_cloth[BOARD_MAX_VILLAGES];
    uint8_t village_traders[BOARD_MAX_VILLAGES];
    uint8_t cloth_supply;
    /* The Wonders of Catan: who builds each wonder (-1: nobody yet) and its stages built. */
    int8_t wonder_owner[GAME_WONDERS];
    uint8_t wonder_level[GAME_WONDERS];
    /* The Pirate Islands: where the fleet is on its course (an index of the geometry's
     * fleet_hex), each seat's fortress strength (chits left: 3 at the start, 0 conquered) and
     * warships (made by knights, at most one a ship of its route: a warship sunk comes back on
     * the next ship built, so those afloat are no more than its ships), and whether the current
     * player attacked their fortress this turn. */
    uint8_t fleet_at;
    uint8_t fortress[GAME_MAX_PLAYERS];
    uint8_t warships[GAME_MAX_PLAYERS];
    uint8_t fortress_attacked;
    struct game_player p[GAME_MAX_PLAYERS];
    struct game_ck ck;   /* Cities & Knights (all zero without it) */
    struct game_two two; /* Catan for two (all zero without it) */
    struct trade_offer offers[GAME_MAX_OFFERS];
    struct bw_rng rng;

    /* Derived from the board fields above and kept in step by the engine, so that listing
     * moves reads a few words: bit sets of vertices or edges of BOARD_WORDS words (index i is
     * bit i % 64 of word i / 64). game_reindex() rebuilds them, and token_hex above. */
    uint64_t roads_of[GAME_MAX_PLAYERS][BOARD_WORDS];     /* edges with the player's road */
    uint64_t ships_of[GAME_MAX_PLAYERS][BOARD_WORDS];     /* edges with the player's ship */
    uint64_t reach_of[GAME_MAX_PLAYERS][BOARD_WORDS];     /* vertices their roads, ships touch */
    uint64_t buildings_of[GAME_MAX_PLAYERS][BOARD_WORDS]; /* vertices with the player's building */
    uint64_t roads_all[BOARD_WORDS];                      /* edges with a road or a ship */
    uint64_t buildings_all[BOARD_WORDS];                  /* vertices with a building */
    /* Vertices with a building or next to one, and those touching no land (sea maps). */
    uint64_t no_settle[BOARD_WORDS];
    uint64_t hexes_of[GAME_MAX_PLAYERS];   /* bit per hex the player's buildings touch */
    uint8_t offers_open;                   /* bit per offers[] slot in use */
    uint8_t sea;                           /* the map has sea hexes: ships may be built */
    uint8_t river;                         /* the map has a river (the Great River) */
    int8_t mine;                           /* its gold mine, -1 for none */
    uint64_t river_hexes;                  /* where this game's river lies (game_river()) */
    uint8_t tribe;                         /* the map has the tribe's gifts or villages */
    uint8_t wonders;                       /* the map has the wonders */
    uint8_t harbors_of[GAME_MAX_PLAYERS];  /* bit per harbor type the player's buildings touch */
    uint16_t islands_of[GAME_MAX_PLAYERS]; /* bit per island the player's buildings touch */
    uint8_t rates_of[GAME_MAX_PLAYERS][RES_COUNT]; /* maritime trade rate per resource: 4, 3, 2 */
    uint8_t vertex_pips[BOARD_MAX_VERTICES];       /* dice combinations (of 36) that pay a vertex */
    /* Land and sea as known now: the geometry's, and the fog turned over since. */
    uint64_t land;                   /* land hexes */
    uint64_t edge_land[BOARD_WORDS]; /* edges with land on a side: roads */
    uint64_t edge_sea[BOARD_WORDS];  /* edges with sea or the frame on a side: ships */
};

/* gift_at of a harbor not placed yet. */
#define GAME_HARBOR_HELD 255
/* Cloth for Catan: the cloth of each village and of the general supply at the start, and the
 * villages that must still have cloth for the game to go on. */
enum { GAME_VILLAGE_CLOTH = 5, GAME_CLOTH_SUPPLY = 10, GAME_CLOTH_VILLAGES_MIN = 4 };

/* Piece supply and costs. */
enum { GAME_SETTLEMENTS = 5, GAME_CITIES = 4, GAME_ROADS = 15, GAME_SHIPS = 15 };
extern const uint8_t game_cost_road[RES_COUNT], game_cost_settlement[RES_COUNT],
    game_cost_city[RES_COUNT], game_cost_dev[RES_COUNT], game_cost_ship[RES_COUNT];

/* Whether house rule `which` (enum game_rule) makes sense on the board of opt (a known board
 * kind; the other fields are not looked at): 1 or 0. The harbormaster needs a map with harbors
 * (or the tribe's harbor gifts), the friendly robber a robber (not The Pirate Islands), and
 * robber_desert a robber and a desert (not The Jungle, whose deserts are jungles); the other
 * rules fit every board. game_init() refuses a rule set where it does not fit (and any value
 * out of range): the command layer asks this first to say why. */
int game_option_fits(const struct game_options *opt, int which);

/* The harbor points of player for the harbormaster (a house rule): 1 for each settlement and 2
 * for each city on a harbor's corner (the tribe's harbors placed too). Counted whether the rule
 * is on or not. */
int game_harbor_points(const struct game *g, int player);

/* Set up a new game: board, deck, seat 0 to place first. BW_E(INVALID) for bad options. The
 * game's generator (which deals the board and the deck, rolls the dice and picks what a thief
 * takes) is seeded from seed: the same seed and actions give the same game. */
int game_init(struct game *g, const struct game_options *opt, uint64_t seed);
/* The same with the generator's whole state given (a copy of *rng, which must not be all
 * zero): a game no 64-bit seed can reproduce, for a state from the operating system. */
int game_init_rng(struct game *g, const struct game_options *opt, const struct bw_rng *rng);

/* Rebuild the derived fields of a state from its board fields, for a caller that wrote them
 * directly (a test, a restored record). Owners out of range are ignored. */
void game_reindex(struct game *g);

/* Whether a state that came from outside (a saved record) is one the engine can use safely:
 * every index in range, the board and the pieces counted alike, every card accounted for.
 * BW_OK or BW_E(INVALID). Its derived fields are not looked at (see game_reindex()). */
int game_check_state(const struct game *g);

/* Apply an action. Events go to ev (up to max; GAME_MAX_EVENTS is always enough) and their
 * number to *n_ev (0 on refusal). ev may be NULL when max is 0. */
int game_apply(struct game *g, const struct game_action *a, struct game_event *ev, int max,
               int *n_ev);

/* Legal actions of player now (ACT_OFFER, ACT_TIMEOUT and ACT_RESIGN are never listed).
 * Writes up to max to out and returns how many there are in all. */
int game_legal_actions(const struct game *g, int player, struct game_action *out, int max);

/* Players who are expected to act now (bit per seat). */
unsigned game_waiting_for(const struct game *g);

const struct board_geo *game_geo(const struct game *g);
/* The land hexes now (bit h for hex h): geo's land and the fog hexes of geo that g has turned
 * over as land, read from the board (the land field is this, cached by game_reindex()). geo is
 * game_geo(g), or a geometry built from a map of the same board. */
uint64_t game_land(const struct game *g, const struct board_geo *geo);
int game_hand_size(const struct game *g, int player);
int game_dev_count(const struct game *g, int player); /* unplayed cards, new ones included */
int game_vp_public(const struct game *g, int player); /* without hidden victory cards */
int game_vp_total(const struct game *g, int player);
/* Cards of resource res the player gives the bank for one card: 4, 3 or 2. */
int game_trade_rate(const struct game *g, int player, int res);
int game_active_players(const struct game *g);
const struct trade_offer *game_offer(const struct game *g, int id);
/* Longest road length of player computed from the board (what road_length tracks); on maps
 * with ships the longest trade route, roads and ships joined at the player's buildings. */
int game_longest_road_of(const struct game *g, int player);
/* Whether player may build a road / settlement / city there now, ignoring cost. */
int game_can_road(const struct game *g, int player, int edge);
int game_can_settle(const struct game *g, int player, int vertex);
int game_can_city(const struct game *g, int player, int vertex);
/* Whether player may build a ship there now (setup included), ignoring cost. */
int game_can_ship(const struct game *g, int player, int edge);
/* Whether player may move the ship at edge FROM to edge TO now: BW_OK or why not. */
int game_ship_move_error(const struct game *g, int player, int from, int to);
/* The island of corner v (0-based) in this game, or -1 when it touches none: the map's; on a
 * map of islands drawn for each game (The New World) the game's, numbered by their first hex. */
int game_vertex_island(const struct game *g, int v);
/* The land hex of harbor slot k in this game, or -1 when the slot has no harbor. */
int game_harbor_hex(const struct game *g, int k);
/* Island bonus points of player (public). */
int game_island_points(const struct game *g, int player);
/* The Great River: the victory points player's buildings on the gold mine give them, one for
 * each settlement or city on a corner of it. 0 on a board without a river. */
int game_river_points(const struct game *g, int player);
/* The Forgotten Tribe and Cloth for Catan (engine/tribe.c): the victory points player has from
 * the tribe's point gifts and from cloth (one for every 2); 0 on other maps. */
int game_tribe_points(const struct game *g, int player);
int game_cloth_points(const struct game *g, int player);
/* Whether player may place the harbor of gift spot k at edge now: BW_OK or why not. */
int game_harbor_error(const struct game *g, int player, int k, int edge);
/* The Pirate Islands (engine/pirates.c): the fleet's hex (-1 on other maps), the strength the
 * fortress of player has left (chits: 0 conquered), and BW_OK or why player may not attack
 * their fortress now. */
int game_fleet_hex(const struct game *g);
int game_attack_error(const struct game *g, int player);
/* The settlements player may have on the board: GAME_SETTLEMENTS, and one more on The Pirate
 * Islands once they have conquered their fortress (its settlement is theirs). */
int game_settlement_supply(const struct game *g, int player);
/* Villages with cloth left. */
int game_villages_with_cloth(const struct game *g);
/* The Wonders of Catan (engine/wonders.c): the cost of each stage of wonder w; the wonder
 * player builds (-1 for none); whether player may start wonder w now, or build its next stage,
 * ignoring cost: BW_OK or why not. */
extern const uint8_t game_cost_wonder[GAME_WONDERS][RES_COUNT];
int game_wonder_of(const struct game *g, int player);
int game_wonder_error(const struct game *g, int player, int w);
/* Whether player meets wonder w's condition to start it (whoever builds it, whatever the turn);
 * whether player's wonder is further than every other (the points to win need it). */
int game_wonder_meets(const struct game *g, int player, int w);
int game_wonder_leads(const struct game *g, int player);
/* Where g's river lies (the map's river turned as it was dealt): its hexes as a set, and the
 * gold mine's hex in *mine; 0 and -1 on a board without a river, or when its terrains fit no
 * turn of it. geo is game_geo(g). */
uint64_t game_river(const struct game *g, const struct board_geo *geo, int *mine);
/* Cities & Knights (engine/cities.c, engine/knights.c): what improving track t costs player now
 * (its commodity; 0 when at the top), the owner of the knight at corner v (-1 for none) and its
 * slot in *slot, the active knights' strength of player, and the metropolis holder of track t
 * (-1 for none). game_ck_error: whether player may take action a now: BW_OK or why not. */
int game_ck_improve_cost(const struct game *g, int player, int t);
int game_knight_at(const struct game *g, int v, int *slot);
int game_knight_strength(const struct game *g, int player);
int game_metropolis_of(const struct game *g, int t);
int game_hand_limit(const struct game *g, int player);
/* Turn Cities & Knights on for a game just made by game_init() (before any action), on the
 * base or the big board: 13 points to win unless the options say otherwise, no development
 * cards, the commodities' bank. BW_OK, or BW_E(INVALID) (and nothing changed). */
int game_cities_on(struct game *g);
/* Roll with given dice and event die face (tests and the engine itself). */
int game_apply_ck_roll(struct game *g, int yellow, int red, int face, struct game_event *ev,
                       int max, int *n_ev);

/* Catan for two (engine/two.c; doc/two.md). game_seats: the seats that may own pieces (the real
 * players, and the two neutral players after them). game_token_cost: trade tokens an action
 * costs player now (1, or 2 while they have played fewer knights than their opponent);
 * game_token_error: BW_OK or why player may not spend tokens on action t now;
 * game_neutral_error: BW_OK or why player may not build that for neutral n (0 or 1; -1: the one
 * it fits) now; game_apply_rolls: the two rolls of a turn with given dice (tests). */
int game_seats(const struct game *g);
int game_token_cost(const struct game *g, int player);
int game_token_error(const struct game *g, int player, int t);
int game_neutral_error(const struct game *g, int player, int n, int kind, int spot);
int game_apply_rolls(struct game *g, int d1, int d2, int e1, int e2, struct game_event *ev, int max,
                     int *n_ev);

#endif
