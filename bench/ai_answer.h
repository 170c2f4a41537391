/* One answer of the position server (bench/ai_server.c): a position line in, the chosen action
 * or the reason it was refused out, in the words of doc/position-format.md. */
#ifndef BW_AI_ANSWER_H
#define BW_AI_ANSWER_H

#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"

struct answer_opts {
    int level;         /* enum ai_level */
    int64_t budget_us; /* the hard level's processor time per decision */
    uint64_t seed;
};

/* Answer LINE into OUT (at most LEN bytes, no newline): 0 with the action ("build road 12-13")
 * and, when ACT and G are not NULL, the action and the parsed game (for tests); or -1 with
 * "error: REASON". */
int ai_answer(const char *line, const struct answer_opts *o, char *out, size_t len,
              struct game_action *act, struct game *g);

#endif
