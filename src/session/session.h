/* One lobby or game in one channel: the seats and who sits in them, the game, and its timers.
 *
 * A seat is bound to an identity: the services account when the server reported one at join
 * time, else user@host (the nick is carried along by NICK changes), each kept and compared
 * whole. Someone else who takes a departed player's nick does not match the seat. A player who
 * parts or quits keeps the seat for SESSION_GRACE_MS; the turn timer keeps running meanwhile.
 *
 * A struct session is a flat value (no pointers): the persistence hooks save it as a record
 * (session/record.h) and session_restore() rebuilds it, so a restored game continues exactly
 * as the saved one would.
 * Time is injected: every function that depends on it takes now_ms. Nothing here does I/O. */
#ifndef BW_SESSION_H
#define BW_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"
#include "engine/rng.h"

#define SESSION_CHAN_MAX 64
#define SESSION_NICK_MAX 64 /* BW_NICK_MAX */
/* The longest account or user@host a seat keeps whole (a record stores it with a u8 length):
 * someone with a longer one gets no seat (session_join), never one bound to part of it. */
#define SESSION_ID_MAX 255

/* A departed player keeps the seat this long. */
#define SESSION_GRACE_MS (5 * 60 * 1000)
/* A trade offer nobody settled is withdrawn after this long. */
#define SESSION_OFFER_MS (90 * 1000)
/* Discards, the robber move and the answers to a Cities & Knights question have their own,
 * shorter timer (at most the turn timeout). */
#define SESSION_STEP_MS (60 * 1000)
/* struct session's step_phase while players answer a Cities & Knights question or owe a
 * progress card choice (no phase). */
#define SESSION_STEP_ASK 0x80
/* A bit of struct session's step_phase: the turn clock stands while this step runs, since the
 * game waits on players other than the one whose turn it is (discards, gold or the aqueduct's
 * card, a Cities & Knights question or progress card choice); turn_deadline_ms then lies the
 * turn's time left after step_deadline_ms. When the step ends, the turn goes on with the time it
 * had left, at least SESSION_RESUME_MS (at most the turn's length). */
#define SESSION_STEP_HOLD 0x40
#define SESSION_RESUME_MS (20 * 1000)
/* The warning comes this long before the turn timer runs out (at most a third of it). */
#define SESSION_WARN_MS (30 * 1000)

enum session_state { SESSION_LOBBY, SESSION_PLAYING, SESSION_OVER };

/* The game settings a session is created with (from config game). */
struct session_rules {
    int min_players, max_players;
    int victory_points;
    int turn_timeout_s; /* 0 = no turn, discard or robber timer */
    int robot_level;    /* enum session_robot: !addbot without a level, and takeovers */
    bool takeover;      /* a computer player sits in for a player away or out of time */
};

/* The maps a lobby may be played on (config game.map, !map; struct session's map). A map has a
 * board kind for 3 and for 4 players (the base map the 5-6 player board for 5 and 6). The base
 * map plays to rules.victory_points, a Seafarers map to its scenario's points. */
enum session_map {
    SESSION_MAP_BASE,
    SESSION_MAP_FOUR_ISLANDS,
    SESSION_MAP_NEW_SHORES,
    SESSION_MAP_FOG_ISLANDS,
    SESSION_MAP_THROUGH_DESERT,
    SESSION_MAP_NEW_WORLD,
    SESSION_MAP_FORGOTTEN_TRIBE,
    SESSION_MAP_CLOTH,
    SESSION_MAP_WONDERS,
    SESSION_MAP_PIRATE_ISLANDS,
    SESSION_MAP_COUNT
};

/* The name users type ("four_islands"), and its title ("The Four Islands"); NULL when map is
 * unknown. Borrowed constants. */
const char *session_map_name(int map);
const char *session_map_title(int map);
/* The map of that name (ASCII case-insensitive, whole name), or -1. */
int session_map_find(const char *name);
/* Whether the engine can play map now (fog and gold fields are still to come). */
bool session_map_playable(int map);
/* The players map takes and the points its scenario is won with (the base map: 3-6, 10). */
void session_map_limits(int map, int *min_players, int *max_players, int *points);
/* The board kind of map for n_players, or -1 when it has none for that many or is not
 * playable. */
int session_map_board(int map, int n_players);
/* Boards by a name that does not change when enum board_kind does ("base", "big",
 * "four_islands_3", ...): the name of kind (NULL when unknown), and the kind of name (-1). */
#define SESSION_BOARD_NAME_MAX 31 /* the longest board or map name */
const char *session_board_name(int kind);
int session_board_find(const char *name);
/* Why s cannot be started, or picked map with n seated players: false with a sentence in msg
 * ("four_islands is for 3-4 players, and 5 are seated"); true when all is well. */
bool session_map_fits(int map, int n_seats, char *msg, size_t msglen);

/* The variants of the base board a lobby may add (!variant; struct session's variant), from
 * RULES.md "Variants of the base board": each plays on the base map with 3-4 players only,
 * but Catan for two (doc/two.md) with exactly 2. */
enum session_variant {
    SESSION_VARIANT_NONE,
    SESSION_VARIANT_JUNGLE, /* the desert is a jungle: discoveries (BOARD_JUNGLE) */
    SESSION_VARIANT_RIVER,  /* the Great River: a gold mine worth points (BOARD_RIVER) */
    SESSION_VARIANT_TWO,    /* Catan for two: 2 players, 2 neutral ones (game_options.two) */
    SESSION_VARIANT_COUNT
};
/* The name users type ("jungle", "none") and its title ("the Jungle"); NULL when unknown. */
const char *session_variant_name(int variant);
const char *session_variant_title(int variant);
/* The variant of that name (ASCII case-insensitive, whole name), or -1. */
int session_variant_find(const char *name);
/* Whether the engine can play variant now (none, the Jungle and the Great River). */
bool session_variant_playable(int variant);
/* Whether variant may go with map and n_seats seated: false with a sentence in msg ("the
 * jungle variant is for the base map", "the jungle variant is for 3-4 players, and 5 are
 * seated"); true when all is well (always for SESSION_VARIANT_NONE). */
bool session_variant_fits(int variant, int map, int n_seats, char *msg, size_t msglen);
/* The board kind of map with variant for n_players, or -1 (session_map_board otherwise). */
int session_board_of(int map, int variant, int n_players);

/* The expansions a lobby may add (!expansion; struct session's expansion): Cities & Knights,
 * on the base map without a variant for now (the engine plays it on the base and big boards). */
enum session_expansion {
    SESSION_EXPANSION_NONE,
    SESSION_EXPANSION_CITIES,
    SESSION_EXPANSION_COUNT
};
/* The name users type ("none", "cities"); NULL when out of range. */
const char *session_expansion_name(int expansion);
/* Whether expansion may go with map and variant: false with a sentence in msg (in the language
 * in use); true when all is well (always for SESSION_EXPANSION_NONE). */
bool session_expansion_fits(int expansion, int map, int variant, char *msg, size_t msglen);
/* Whether Cities & Knights may be chosen in a lobby (true; false refuses `!expansion cities` as
 * not ready). The one switch for it. */
extern bool session_cities_ready;

/* House rules (!rules; SPEC.md section 3 "Words", doc/house-rules.md): what a lobby chose, a
 * channel's defaults from config game.rules. 0 is the rule book's in every field, so a zeroed
 * set is the published game. A running game keeps its own copy in game.opt (session_start)
 * except the timer and the points' origin, which stay here. */
enum session_rule {
    SESSION_RULE_POINTS,          /* points to win, 5-20 (0: the map's) */
    SESSION_RULE_DISCARD,         /* the hand limit for a 7, 7-12 */
    SESSION_RULE_FRIENDLY_ROBBER, /* on|off */
    SESSION_RULE_NO_SEVENS,       /* a 7 in the first N rounds is rolled again, 0-10 */
    SESSION_RULE_ROBBER_DESERT,   /* on|off: the robber may return to the desert */
    SESSION_RULE_DICE,            /* random|deck */
    SESSION_RULE_TRADE,           /* on|off: trades between players */
    SESSION_RULE_HARBORMASTER,    /* on|off */
    SESSION_RULE_TIMER,           /* fast|normal|slow|off */
    SESSION_RULE_COUNT
};
#define SESSION_POINTS_MIN 5
#define SESSION_POINTS_MAX 20
#define SESSION_DISCARD_MIN 7
#define SESSION_DISCARD_MAX 12
#define SESSION_NO_SEVENS_MAX 10
/* The timers together (turn, discard and robber, trade offers), relative to the configured
 * turn timeout T: normal T (the offers 90 s, the discard and robber step 60 s at most), fast
 * half of each (the turn at least 10 s), slow twice each, off none (an offer then stands until
 * the turn ends). */
enum session_timer {
    SESSION_TIMER_NORMAL,
    SESSION_TIMER_FAST,
    SESSION_TIMER_SLOW,
    SESSION_TIMER_OFF
};
struct session_house {
    uint8_t points;  /* 0: the map's; else SESSION_POINTS_MIN..MAX */
    uint8_t discard; /* 0: 7; else SESSION_DISCARD_MIN + 1..MAX */
    uint8_t friendly_robber;
    uint8_t no_sevens; /* 0..SESSION_NO_SEVENS_MAX */
    uint8_t robber_no_desert;
    uint8_t dice_deck;
    uint8_t no_trade;
    uint8_t harbormaster;
    uint8_t timer; /* enum session_timer */
};

/* Someone on IRC; strings borrowed for the call, NULL when unknown (nick is required).
 * account NULL means not logged in, unless account_unknown says the server did not tell: then
 * a seat taken with an account is matched by the user@host it was taken from. */
struct session_who {
    const char *nick, *user, *host, *account;
    bool account_unknown;
};

/* Who plays a seat. */
enum session_robot { SESSION_HUMAN, SESSION_ROBOT_EASY, SESSION_ROBOT_NORMAL, SESSION_ROBOT_HARD };
/* A person's seat played by a computer player (of rules.robot_level) while they are away. */
enum session_takeover {
    SESSION_OWN,      /* the person plays */
    SESSION_SITTING,  /* a computer player sits in: the person was away too long or out of time */
    SESSION_HANDBACK, /* the person is back: the seat is theirs again when their next move starts */
};

/* Computer players' names: "Ada (bot)" is no IRC nick (a space), so nobody can pose as one. */
#define SESSION_ROBOT_SUFFIX " (bot)"

struct session_seat {
    char nick[SESSION_NICK_MAX + 1];
    char sat_nick[SESSION_NICK_MAX + 1]; /* the nick they sat down with (their identity) */
    uint8_t robot;                       /* enum session_robot: a computer player's level */
    uint8_t takeover;                    /* enum session_takeover */
    char account[SESSION_ID_MAX + 1];    /* "" when not logged in when they sat down */
    char userhost[SESSION_ID_MAX + 1];   /* user@host when they sat down, "" when unknown */
    uint8_t present;
    int64_t left_ms; /* when they parted or quit, while !present */
};

struct session {
    char channel[SESSION_CHAN_MAX + 1];
    uint8_t state; /* enum session_state */
    uint8_t n_seats;
    uint8_t stop_votes; /* bit per seat */
    uint8_t warned;     /* the turn warning went out */
    uint8_t paused;     /* the bot is out of the channel: no timers, no moves */
    struct session_rules rules;
    uint8_t map;       /* enum session_map: chosen in the lobby (session_init: the base map) */
    uint8_t variant;   /* enum session_variant: chosen in the lobby (session_init: none) */
    uint8_t expansion; /* enum session_expansion: chosen in the lobby (session_init: none); in a
                        * game, whether it plays Cities & Knights (game.ck.on) */
    struct session_seat seat[GAME_MAX_PLAYERS];
    struct bw_rng rng; /* seat order and the game's seed */
    struct game game;  /* valid once state != SESSION_LOBBY */
    /* The turn timer runs per turn key: turn number, setup step and special-build seat. */
    uint16_t key_turn;
    uint8_t key_setup;
    int8_t key_sb;
    uint8_t step_phase; /* what step_deadline_ms belongs to: the phase (discard, robber, gold)
                         * or SESSION_STEP_ASK; with SESSION_STEP_HOLD while the turn stands */
    int64_t turn_deadline_ms, step_deadline_ms; /* INT64_MAX when off */
    uint16_t offer_id[GAME_MAX_OFFERS];         /* offers seen, with when they appeared */
    int64_t offer_ms[GAME_MAX_OFFERS];
    int64_t board_ms;                 /* last board drawing shown, for rate limiting */
    int64_t status_ms, board_text_ms; /* last status and board text shown in the channel */
    int64_t web_ms;                   /* the web address last said there (not saved) */
    int64_t paused_ms;                /* when the pause began, while paused */
    int64_t started_ms;               /* when the game started (its duration), 0 in a lobby */
    uint16_t rolls[11];               /* how often each sum 2..12 was rolled in this game */
    struct session_house house;       /* the house rules (!rules), chosen in the lobby */
};

/* Fill s (caller storage) as an empty lobby for channel (copied, cut to SESSION_CHAN_MAX). */
void session_init(struct session *s, const char *channel, const struct session_rules *rules,
                  uint64_t seed);

/* The seat whose current nick is nick (ASCII case-insensitive; a computer player also by its
 * name without " (bot)", when no seat has that very nick), or -1. */
int session_seat_of_nick(const struct session *s, const char *nick);

/* The seat who sits in, or -1 when who holds none (never a computer player's seat, whatever
 * the nick); BW_E(DENIED) when who uses a seated nick but is somebody else (another account or
 * user@host). */
int session_identify(const struct session *s, const struct session_who *who);

/* Whether who is the person who sat down in seat (the account when the seat has one, else
 * user@host, else the nick alone). */
bool session_seat_is(const struct session *s, int seat, const struct session_who *who);

/* The most seats the lobby has: rules.max_players, or fewer when s->map or s->variant takes
 * fewer. */
int session_max_seats(const struct session *s);

/* Whether a seat can keep who's identity whole: an account and a user@host of at most
 * SESSION_ID_MAX bytes each. */
bool session_who_fits(const struct session_who *who);

/* Take a seat in the lobby. BW_E(WRONG_PHASE) once started, BW_E(LIMIT) when full,
 * BW_E(OCCUPIED) when who already sits, BW_E(INVALID) when !session_who_fits(who). Returns
 * the seat. */
int session_join(struct session *s, const struct session_who *who);

/* Seat a computer player of level (enum session_robot, not SESSION_HUMAN) in the lobby, under
 * the first free name of a fixed list ("Ada (bot)"). Returns the seat, or BW_E(WRONG_PHASE)
 * once started, BW_E(LIMIT) when full. */
int session_add_robot(struct session *s, int level);
/* Remove the computer player named name ("Ada" or "Ada (bot)"; NULL: the last one seated).
 * Returns the seat it had, BW_E(NOT_FOUND) when there is none such, BW_E(WRONG_PHASE) once
 * started. */
int session_remove_robot(struct session *s, const char *name);
/* Whether a computer player moves for seat now: a computer player's own seat, or a person's
 * while one sits in for them. */
bool session_robot_plays(const struct session *s, int seat);
/* The computer level that moves for seat (0 when its person does). */
int session_robot_level(const struct session *s, int seat);

/* Leave the lobby seat (the seats after it move up). BW_E(WRONG_PHASE) once started. */
int session_leave_lobby(struct session *s, int seat);

/* Start the game with the seated players in random order (drawn from the lobby's generator).
 * The game's generator, which deals the board and the cards and rolls the dice, is a copy of
 * *fresh when given (its whole state from the operating system's random source: nothing about
 * the process tells it); with fresh NULL it is seeded from the lobby's generator, so that the
 * seed session_init was given makes the same game again (BRICKWOOD_SEED, tests). On refusal
 * msg says why. */
int session_start(struct session *s, const struct bw_rng *fresh, int64_t now_ms, char *msg,
                  size_t msglen);

/* Apply an action to the running game as game_apply() does, then update the timers.
 * BW_E(WRONG_PHASE) when no game runs. On PHASE_OVER the session becomes SESSION_OVER. */
int session_apply(struct session *s, const struct game_action *a, int64_t now_ms,
                  struct game_event *ev, int max, int *n_ev);

/* Membership. session_depart marks the seat held by nick away (returns it, or -1; a computer
 * player's seat is never away, nor after session_restore);
 * session_return marks who's seat present again under who->nick when the identity matches
 * (returns the seat, or -1); session_rename follows a NICK change (returns the seat or -1). */
int session_depart(struct session *s, const char *nick, int64_t now_ms);
int session_return(struct session *s, const struct session_who *who);
int session_rename(struct session *s, const char *old_nick, const char *new_nick);
/* Record the services account of a seated nick learned after they sat down. Only for a
 * player who is present (while a seat is away, someone else may hold its nick), and only an
 * account the seat can keep whole. */
void session_set_account(struct session *s, const char *nick, const char *account);

/* The bot left the channel (an admin's part, a kick, a reload): the session keeps every
 * seat, but its clocks stop until session_resume, which moves every deadline (turn, step,
 * offers, departed players' grace) on by the time spent paused. Both do nothing when the
 * session already is (or is not) paused. */
void session_pause(struct session *s, int64_t now_ms);
void session_resume(struct session *s, int64_t now_ms);
/* The clocks of s stood still from since_ms to now_ms (the start of the game was still being
 * shown): every deadline moves on by that time, as after a pause. Nothing while paused. */
void session_hold(struct session *s, int64_t since_ms, int64_t now_ms);

/* A reloaded turn_timeout_s (0 = off). In a running game the move awaited now gets the new
 * time in full from now_ms; later moves get it as usual. */
void session_set_turn_timeout(struct session *s, int turn_timeout_s, int64_t now_ms);

/* Whose move the running game waits for, for a refusal to seat asker (-1: someone not
 * seated): "it is bob's move (roll)", "waiting for discards from bob, carol"; in Cities & Knights
 * first the players asked something, then those who owe a progress card choice. */
void session_whose_move(const struct session *s, int asker, char *buf, size_t size);
/* The same in a language (enum i18n_lang), nicks isolated in a right-to-left one. */
void session_whose_move_in(const struct session *s, int asker, int lang, char *buf, size_t size);

/* A vote to stop from seat; returns true when a majority of the seated players agrees. */
bool session_vote_stop(struct session *s, int seat);

enum session_tick_kind {
    SESSION_TICK_NONE,
    SESSION_TICK_WARN,   /* seat's turn runs out in seconds */
    SESSION_TICK_ACTED,  /* an action was applied for seat: type, ev */
    SESSION_TICK_GONE,   /* seat's grace ran out: lobby seat freed (ev empty) or resigned */
    SESSION_TICK_SIT_IN, /* a computer player sits in for seat (away too long; ev empty) */
};

struct session_tick {
    int kind, seat, seconds, type;
    bool sit_in; /* ACTED for a timed-out person: a computer player sits in from now on */
    char nick[SESSION_NICK_MAX + 1]; /* seat's nick ("" when none): a freed lobby seat is gone */
    struct game_event ev[GAME_MAX_EVENTS];
    int n_ev;
};

/* Do the first thing due at now_ms, describe it in *out and return its kind; call again
 * until SESSION_TICK_NONE, saving and announcing after each. */
int session_tick(struct session *s, int64_t now_ms, struct session_tick *out);

/* When session_tick() next has work, or INT64_MAX. */
int64_t session_next_deadline(const struct session *s);

/* Seconds left for a Cities & Knights answer (the step's or the turn's time, whichever ends
 * first), or -1 when the timers are off. */
int session_ask_seconds_left(const struct session *s, int64_t now_ms);

/* Seconds left on the turn timer, or -1 when it is off. */
int session_turn_seconds_left(const struct session *s, int64_t now_ms);

/* Persistence: the record format is session/record.h's, versioned and independent of this
 * struct's layout. SESSION_RECORD_SIZE is enough for any record (record.c checks). */
#define SESSION_RECORD_SIZE 8192

/* Write the record of s, saved at now_ms, to buf (size bytes; SESSION_RECORD_SIZE is always
 * enough); returns its length, or 0 when it does not fit. */
size_t session_save(const struct session *s, int64_t now_ms, void *buf, size_t size);

/* Rebuild s from a record, restored at now_ms (deadlines keep the time they had left).
 * BW_E(PARSE), with s untouched and the reason in why (whylen bytes, always terminated; why
 * may be NULL when whylen is 0), when it is not a record this build can use: damaged, from an
 * unknown version, or describing a session or game out of range (record.h). */
int session_restore(struct session *s, const void *blob, size_t len, int64_t now_ms, char *why,
                    size_t whylen);

/* The same with the wall-clock time (milliseconds since 1970) of the save and of the restore:
 * the record keeps it, and the time between the two counts on the restored clocks, so that a
 * restart gives no time back (record.h, version 5). INT64_MIN: not known. */
size_t session_save_at(const struct session *s, int64_t now_ms, int64_t wall_ms, void *buf,
                       size_t size);
int session_restore_at(struct session *s, const void *blob, size_t len, int64_t now_ms,
                       int64_t wall_ms, char *why, size_t whylen);

/* How a finished game ended, for the record. */
enum session_ending {
    SESSION_END_WIN,    /* a player reached the victory point goal */
    SESSION_END_STOP,   /* stopped (admin or vote), or everybody left: no winner, not rated */
    SESSION_END_RESIGN, /* the others resigned, were kicked or timed out: the last one won */
};

/* Whom a seat's results belong to: "account:NAME" when the player was logged in when they sat
 * down, else "nick!user@host" as they sat down ("*" for an unknown user or host); ASCII lower
 * case. A computer player's are its level's: "bot:normal". */
#define SESSION_IDENTITY_MAX (8 + SESSION_ID_MAX + SESSION_NICK_MAX + 1)

/* The identity (above) of someone logged in as account (NULL or "" when not), else of
 * nick!userhost (userhost "user@host"; NULL or "" when unknown), into buf. */
void session_identity(const char *account, const char *nick, const char *userhost, char *buf,
                      size_t size);

struct session_result_seat {
    char identity[SESSION_IDENTITY_MAX + 1];
    char nick[SESSION_NICK_MAX + 1]; /* as shown */
    int points;                      /* final victory points, hidden cards included */
    bool won, resigned;
};

/* A started game that ends: how, after how many turns and how long (the time the game ran,
 * from its start to now_ms), and each seat's result. */
struct session_result {
    int ending; /* enum session_ending */
    int turns;
    int64_t duration_ms;
    int n_seats;
    struct session_result_seat seat[GAME_MAX_PLAYERS];
    /* The house rules: the fixed line's list, "" for the rule book's; and whether they keep
     * the game out of the ratings (!session_rules_rated). */
    char rules[256];
    bool unrated;
};

/* The result of s, ending at now_ms: SESSION_END_WIN or RESIGN once the game is over with a
 * winner; a game closed before that (or over without a winner) was stopped. BW_E(WRONG_PHASE)
 * for a lobby, which has no result. */
int session_result(const struct session *s, int64_t now_ms, struct session_result *out);

/* A leaderboard row or a player's record, as the store keeps it. */
struct session_rank {
    char nick[SESSION_NICK_MAX + 1]; /* the nick of their latest finished game */
    int rating;                      /* rounded */
    int games, wins;
    int win_percent; /* rounded */
    int best_points;
};

/* Optional hooks a caller provides to keep sessions: save is called with every accepted change
 * before its reply goes out; erase when the session ends. Return BW_OK or a negative bw_err. */
/* What a claim (session_store_ops.claim) found saved for the channel it claimed. */
struct session_claimed {
    void *ctx;
    void (*language)(void *ctx, const char *channel, const char *code);
    void (*game)(void *ctx, const char *channel, const void *blob, size_t len);
};

struct session_store_ops {
    void *ctx;
    int (*save)(void *ctx, const char *channel, const void *blob, size_t len);
    int (*erase)(void *ctx, const char *channel);
    /* Optional: a consistent copy of the whole store to path, a new file beside the store (admin
     * "backup FILE"; store_backup). BW_OK, or an error with the reason in why. */
    int (*backup)(void *ctx, const char *path, char *why, size_t whylen);
    /* Optional: record a finished game and forget channel's saved record, in one commit (then
     * erase is not called for it). */
    int (*finished)(void *ctx, const char *channel, const struct session_result *r);
    /* Optional: up to n (1..SESSION_TOP_MAX) leaders, best first, into out: people, or with
     * robots the computer players' levels; returns how many, or a negative bw_err. */
    int (*top)(void *ctx, int n, bool robots, struct session_rank *out);
    /* Optional: the record of identity (a session_result identity) into *out; when identity
     * is NULL, of whoever last finished a game as nick. BW_OK, BW_E(NOT_FOUND) when they have
     * no finished game, or another bw_err. */
    int (*stats)(void *ctx, const char *identity, const char *nick, struct session_rank *out);
    /* Optional: make the store's file complete on its own now (admin "save"). */
    int (*checkpoint)(void *ctx, char *why, size_t whylen);
    /* Optional: keep the language the bot speaks in channel (a code: "uk"), or forget it
     * (language NULL: the configured one applies again). */
    int (*set_language)(void *ctx, const char *channel, const char *language);
    /* Optional: true while the store's server cannot be reached (store_reachable), so that a
     * game that could not be saved says why. */
    bool (*unreachable)(void *ctx);
    /* Optional: release this bot's claims on channel (NULL: on every channel of the network) for
     * another instance, calling fn(fnctx, channel) for each (store_release). How many, or an
     * error with why. */
    int (*release)(void *ctx, const char *channel, void (*fn)(void *fnctx, const char *channel),
                   void *fnctx, char *why, size_t whylen);
    /* Optional: claim channel for this bot before it joins it (admin "join #chan";
     * store_claim); then, when got is not NULL, hand it the language kept for the channel and
     * each lobby or game saved there (another instance released them). BW_OK, or an error
     * with why (another instance holds the channel: nothing is claimed). */
    int (*claim)(void *ctx, const char *channel, const struct session_claimed *got, char *why,
                 size_t whylen);
};

/* House rules (session/house.c). A rule's value as people see it: points and discard as
 * numbers (the map's points when none is chosen), no_sevens the rounds, a switch 1 on and 0 off,
 * dice 0 random and 1 deck, timer an enum session_timer. */
const char *session_rule_name(int rule);
int session_rule_value(const struct session *s, int rule);
/* The rule book's value (the points of s's map, expansion and configuration). */
int session_rule_book(const struct session *s, int rule);
/* The value word of rule: "on", "deck", "12" (value as session_rule_value gives it). */
const char *session_rule_word(int rule, int value, char *buf, size_t size);
/* The value words rule takes ("on|off", "5-20"), for a refusal. */
const char *session_rule_values(int rule, char *buf, size_t size);
/* Whether value of rule goes with s's map, variant, expansion and configuration: false with a
 * sentence in msg (in the language in use), "harbormaster needs a map with harbors". Out of
 * range values are the caller's to refuse. The rule book's value always fits. */
bool session_rule_fits(const struct session *s, int rule, int value, char *msg, size_t msglen);
/* Set rule to value (in range; session_rule_fits checked by the caller). */
void session_rule_set(struct session *s, int rule, int value);
/* The fixed line's list (SPEC section 5), every rule in order: "points 10, discard 7, ...". */
void session_rules_line(const struct session *s, char *buf, size_t size);
/* Whether any rule of s differs from the rule book. */
bool session_rules_house(const struct session *s);
/* Whether a game of s counts for the ratings: unless it is played to other points than its
 * map's (README "Ratings"). */
bool session_rules_rated(const struct session *s);
/* After a change of s's map, variant or expansion: the rules that no longer fit go back to the
 * rule book. Returns them as bits (1 << rule), with each one's reason in why[rule]. */
unsigned session_rules_refit(struct session *s, char why[][160]);
/* The engine's options of s's house rules, into *opt (its other fields are left alone). */
void session_rules_options(const struct session *s, struct game_options *opt);
/* The length of the turn timer, the discard and robber step and a trade offer under s's timer
 * rule, in milliseconds; 0 when that timer is off. */
int64_t session_turn_ms(const struct session *s);
int64_t session_step_ms(const struct session *s);
int64_t session_offer_ms(const struct session *s);

#define SESSION_TOP_MAX 10

#endif
