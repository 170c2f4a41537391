/* The saved form of a session: a versioned record of explicit fields, independent of how
 * struct session and struct game are laid out in memory, so that a record written by one
 * build is read by every later one.
 *
 * Frame (every version; integers little-endian):
 *     "BWSR"          magic, 4 bytes
 *     u16 version     RECORD_VERSION when written by this build
 *     u32 body_len    bytes of the body that follows
 *     body            the fields of that version
 *     u32 crc         CRC-32 (IEEE 802.3, as zlib) of every byte before it
 *
 * Body of version 1: the session (channel, state, seats with nick, account, user@host and
 * presence, votes, warning, pause, rules, its generator, timer keys, offers seen), then, once
 * a game was started, the game's non-derived fields with each board array as long as the
 * board kind's geometry, the hands of the seated players only and the trade offer slots in
 * use. Strings are a u8 length and that many bytes (no NUL): a seat's account and user@host
 * up to SESSION_ID_MAX (255) bytes, kept whole (builds before wrote at most 128, and their
 * records read as they are). Fields derived from others (game_reindex() rebuilds them) are
 * not stored. record.c lists the fields in order.
 *
 * Body of version 2: the body of version 1, then per seat the nick it was taken with and who
 * plays it (a computer player's level, and whether a computer plays for the absent player),
 * then, once a game was started, the moment it started (a time) and how often each dice sum
 * 2..12 was rolled (11 x u16). A version 1 record is read with every seat a person who sat
 * down under its present nick, the start set to the restore, and no rolls.
 *
 * Times: the session keeps monotonic milliseconds, which mean nothing to another process.
 * A record stores each of them as the signed distance from the encoder's now_ms, and the
 * decoder adds its own now_ms, so deadlines keep the time they had left. INT64_MAX and
 * INT64_MIN (timer off, never shown) are kept as they are. A seat's left_ms is stored only
 * while the seat is away and paused_ms only while paused (the session keeps them 0 else).
 *
 * Range of times (every version; a record out of range is refused with the field named, before
 * anything adds to its times):
 *   - the decoder's now_ms lies within RECORD_CLOCK_MAX_MS of zero (a monotonic clock does,
 *     for millions of years), and every distance that is not a sentinel within
 *     RECORD_AGE_MAX_MS of the save: every restored time then lies within 2^62 + 2^42 ms of
 *     zero, and neither a sum with a timer's length nor the difference of two of them can
 *     overflow;
 *   - moments (when an offer was seen, each display last shown, the pause began, a seat's
 *     player left, the game started) are not after the save: a departed player's grace and an
 *     offer's time never have more left than SESSION_GRACE_MS and SESSION_OFFER_MS. Only the
 *     displays may be INT64_MIN (never shown); no moment is INT64_MAX;
 *   - the turn and step deadlines are INT64_MAX (off) or at most rules.turn_timeout_s (at most
 *     a day) after the save, or while paused after the moment the pause began (the timers
 *     stood still since): a timer never has more left than its length. While the turn stands
 *     (SESSION_STEP_HOLD in step_phase, a step's deadline set) its deadline is at most that
 *     long after the step's (its time left then lies beyond the step's). They may be overdue
 *     by up to RECORD_AGE_MAX_MS; they are never INT64_MIN.
 * Counts: besides the bounds of each field, a lobby holds at most rules.max_players seats and
 * rules.min_players <= rules.max_players.
 *
 * Body of version 3: the body of version 2 with the game's board named by a string rather than
 * numbered, then the session's map and variant (by name) and, once a game was started, the
 * Seafarers fields (the pirate, the ship moved this turn, which edges hold ships and which of
 * them are new, each player's ships and home islands) and each player's Jungle discoveries.
 * Version 1 and 2 records are read as games on the base map without a variant.
 *
 * Body of version 4: the body of version 3 and, once a game was started, the fog (the hexes
 * still hidden and what the fog hides). Version 3 records are read without fog.
 *
 * Body of version 5: the wall-clock time of the save (i64 milliseconds since 1970; INT64_MIN
 * when the encoder had none), then the body of version 4. Times are still stored as distances
 * from the save; a decoder that knows the wall-clock time reads them as if the save was as long
 * before its now_ms as the wall clocks say (at most RECORD_AGE_MAX_MS; none when either clock
 * is unknown or the clock went back): a deadline keeps the time it had left at the save minus
 * the time since, so a game restored after a kill -9 resumes with no more time than its
 * channel last saw, rather than gaining the time from its last save to the kill. A session
 * saved paused (the bot left, or shut down cleanly) keeps its time left, since its pause began
 * at the save. Version 4 records have no wall-clock time: their deadlines keep the time left.
 *
 * Body of version 6: the body of version 5 with each player's Jungle discoveries two bytes
 * rather than one (they count past 255). Older records read theirs from one byte.
 * Body of version 7: the body of version 6 and, once a game was started, the tribe of The
 * Forgotten Tribe and Cloth for Catan (the gifts, the villages and the cloth; record.c lists
 * the fields). Older records are read without them (their boards have no tribe).
 * Body of version 8: the body of version 7 and, once a game was started, the wonders of The
 * Wonders of Catan (who builds each and its stages). Older records are read without them
 * (nobody builds a wonder).
 * Body of version 9: the body of version 8 and, once a game was started on The Pirate Islands,
 * the fleet's place, whether the fortress was attacked this turn, and each player's fortress
 * and warships (record.c). Older records have none (no board of theirs had routes): one of
 * theirs on a board with routes is refused.
 * Body of version 10: the body of version 9 and, once a game was started with Cities & Knights
 * (game.ck.on), its part: every field of the expansion's state (struct game_ck, struct
 * ck_player and the players' commodities), one row each of record_ck.c's table, which says the
 * layout. A game without it has no part, so its record is as long as in version 9, and the
 * part is there exactly when the body goes on after the version 9 fields. Every row's bytes are
 * range-checked as they are read, then what they say together (record_ck_problem()), each with
 * its reason. Older records have none (their games were played without it).
 * Body of version 11: the body of version 10 with the session's house rules (!rules: a lobby's
 * and a game's, record.c) after the version 9 fields and, once a game was started, the engine's
 * house rules' block (record_house.c: the rules the game is played with, the harbormaster, the
 * dice deck), both before the Cities & Knights part. Older records have none: the rule book's.
 * Body of version 12: the body of version 11 with, once a game was started, Catan for two's
 * block (record_house.c: u8 0 without it; with it the trade tokens, the second roll still to
 * resolve, the neutral pieces owed and the asks) right after the house rules' block. The
 * neutral players' pieces lie on the board as seats 2 and 3. Older records have none.
 * Version 12 also keeps, in the house rules' block, the dice deck's event card in play and what it
 * asks each player after the deck's cards (record_house.c); a version 11 deck's cards were
 * plain numbers, and read so.
 *
 * Versions: the encoder writes RECORD_VERSION only. The decoder reads each version by its own
 * function (a case of a switch on the version): when the format changes, the newest version
 * gets a new number and its own reader, and the readers of older versions stay, each filling
 * the fields its version lacks with the values an older session had in effect (a forward
 * migration into the current struct session). tests/data/record_v1.bin .. record_v7.bin and
 * record_v10.bin (a Cities & Knights game) hold records that every later build must keep
 * reading.
 *
 * Pure data work: no I/O, no allocation, no global state. */
#ifndef BW_RECORD_H
#define BW_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "session/session.h"

#define RECORD_VERSION 12
/* The first version whose dice deck keeps its event card in play (record_house.c). */
#define RECORD_DICE_EVENTS_SINCE 12
/* A wall-clock time the encoder or decoder does not have. */
#define RECORD_WALL_UNKNOWN INT64_MIN

/* The time ranges above: how far the restoring clock may be from zero, and how long before or
 * after the save a stored time may lie (100 years: past any real clock's reading, so that no
 * lobby is refused for the clock it was made by, and far from where int64 sums overflow). */
#define RECORD_CLOCK_MAX_MS ((int64_t)1 << 62)
#define RECORD_AGE_MAX_MS ((int64_t)100 * 366 * 24 * 60 * 60 * 1000)

/* The longest record this build writes: frame, session with every seat and string at its
 * longest, and a 6-player game on the big board with every offer slot in use. */
#define RECORD_FRAME_SIZE (4 + 2 + 4 + 4)
#define RECORD_SEAT_MAX (4 + 2 * SESSION_NICK_MAX + 2 * SESSION_ID_MAX + 3 + 8)
#define RECORD_SESSION_MAX                                                                         \
    (1 + SESSION_CHAN_MAX + 5 + 4 * 4 + 32 + 5 + 2 * 8 + GAME_MAX_OFFERS * (2 + 8) + 5 * 8 + 24 +  \
     GAME_MAX_PLAYERS * RECORD_SEAT_MAX)
#define RECORD_PLAYER_SIZE (3 * RES_COUNT + 8)
#define RECORD_OFFER_SIZE (2 + 4 + 2 * RES_COUNT)
#define RECORD_GAME_MAX                                                                            \
    (31 + 2 * BOARD_MAX_HEXES + BOARD_MAX_HARBORS + 2 * BOARD_MAX_VERTICES + BOARD_MAX_EDGES +     \
     GAME_DEV_DECK_MAX + GAME_MAX_PLAYERS * RECORD_PLAYER_SIZE + 1 +                               \
     GAME_MAX_OFFERS * RECORD_OFFER_SIZE + 32 + RECORD_SEA_MAX)
/* Version 3: the board's, the map's and the variant's names, the pirate, the ships, the home
 * islands and the discoveries (two bytes from version 6 on). */
#define RECORD_SEA_MAX                                                                             \
    (3 * (1 + SESSION_BOARD_NAME_MAX) + 2 + 2 * (BOARD_MAX_EDGES / 8) + GAME_MAX_PLAYERS * 6 + 8 + \
     8 + 13)
/* Version 6: the tribe's gifts, villages and cloth. */
#define RECORD_TRIBE_MAX (3 * BOARD_MAX_GIFTS + 2 * BOARD_MAX_VILLAGES + 1 + GAME_MAX_PLAYERS)
/* Version 8: the pirate fleet, the fortresses and the warships. */
#define RECORD_PIRATES_MAX (2 + 2 * GAME_MAX_PLAYERS)
/* Version 10: the Cities & Knights part (record_ck.c; its rows are parts of these structs). */
#define RECORD_CK_MAX (1 + sizeof(struct game_ck) + GAME_MAX_PLAYERS * sizeof(struct game_player))
/* Version 11: the house rules, the harbormaster, the dice deck (record_house.c). */
#define RECORD_HOUSE_MAX (7 + 2 + GAME_DICE_CARDS + 13) /* and Catan for two's block */
#define RECORD_MAX_SIZE                                                                            \
    (RECORD_FRAME_SIZE + 8 + RECORD_SESSION_MAX + RECORD_GAME_MAX + RECORD_TRIBE_MAX +             \
     RECORD_PIRATES_MAX + RECORD_HOUSE_MAX + RECORD_CK_MAX)

/* Write the record of s, saved at now_ms, to buf (size bytes; RECORD_MAX_SIZE is always
 * enough). Returns its length, or 0 when it does not fit (buf's contents are then
 * unspecified). s is only read. record_encode_at also keeps the wall-clock time of the save,
 * wall_ms (record_encode: RECORD_WALL_UNKNOWN). */
size_t record_encode(const struct session *s, int64_t now_ms, unsigned char *buf, size_t size);
size_t record_encode_at(const struct session *s, int64_t now_ms, int64_t wall_ms,
                        unsigned char *buf, size_t size);

/* Rebuild a session from the record in buf (len bytes, only read), restored at now_ms.
 * BW_OK, with *s replaced in full; or BW_E(PARSE) for bytes that are not a record this build
 * can use (damaged, cut short, from an unknown version, or describing an impossible session
 * or game), with *s untouched and the reason in why (whylen bytes, always terminated; why may
 * be NULL when whylen is 0). The game's derived fields are rebuilt (game_reindex()). */
int record_decode(struct session *s, const void *buf, size_t len, int64_t now_ms, char *why,
                  size_t whylen);
/* The same at wall-clock time wall_ms (RECORD_WALL_UNKNOWN: record_decode): the time since a
 * version 5 record's save counts on its clocks. */
int record_decode_at(struct session *s, const void *buf, size_t len, int64_t now_ms,
                     int64_t wall_ms, char *why, size_t whylen);

/* CRC-32 (IEEE 802.3, reflected, as zlib's crc32()) of len bytes at p. */
uint32_t record_crc32(const void *p, size_t len);

#endif
