/* Positions as text: one line describes a base game (3-4 players, the base board) as one seat
 * sees it, so that another program (a bridge to another engine) can ask our computer players
 * for a move. The format is documented in doc/position-format.md.
 *
 * Parsing builds a struct game the engine accepts (made by game_init() and then filled in,
 * checked by game_check_state()): the board, the pieces, the public counts and the seat's own
 * cards as given; what the seat cannot see (the others' resource and development cards, the
 * order of the deck) is filled in with one guess consistent with the counts. The computer
 * players replace those parts with samples of their own (src/ai/view.c), so the guess does not
 * change their decision. Every line that does not describe such a position is refused with a
 * reason. */
#ifndef BW_POSITION_H
#define BW_POSITION_H

#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"

#define POSITION_VERSION 1
#define POSITION_LINE_MAX 16384 /* longest line accepted, with the dice history */
#define POSITION_MAX_ROLLS 2048
#define POSITION_WHY_MAX 160 /* room for a reason */

/* Development cards played openly, by everybody so far (the knights are counted per seat in
 * struct game_player). */
enum { PLAYED_ROADS, PLAYED_PLENTY, PLAYED_MONOPOLY, PLAYED_KINDS };

struct position {
    struct game g; /* the game (the seat's view of it after parsing) */
    int seat;      /* who is asked */
    uint8_t played[PLAYED_KINDS];
    int n_rolls;                       /* the dice history, oldest first (optional) */
    uint8_t rolls[POSITION_MAX_ROLLS]; /* sums 2..12 */
};

/* Parse LINE (a trailing newline is allowed) into *POS. 0, or -1 with the reason in WHY (at
 * most WHY_LEN bytes, always terminated; WHY may be NULL). *POS is unspecified on refusal. */
int position_parse(const char *line, struct position *pos, char *why, size_t why_len);

/* The line of *POS in its canonical form (without a newline) into BUF: its length, or -1 when
 * it does not fit in LEN bytes or *POS is not a base game. Only what pos->seat may know is
 * written: the others' hands as counts. */
int position_print(const struct position *pos, char *buf, size_t len);

/* A position of game G for SEAT (the openly played cards worked out from the deck): 0, or -1
 * when G is not a base game without Cities & Knights, or is over. Offers are left out. */
int position_from_game(const struct game *g, int seat, struct position *pos);

/* Action A of G in the words of the bot's commands ("build road 12-13", "roll", "bank 4 wood
 * for 1 ore"; doc/position-format.md lists them), seats as numbers: its length, or -1 when it
 * does not fit or is not an action a position's player can take. */
int position_action_text(const struct game *g, const struct game_action *a, char *buf, size_t len);

#endif
