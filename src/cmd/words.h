/* The words of commands (SPEC 3 "Words", 4 "Addressing the board"): resources, resource
 * lists, development cards, vertices, edges and hexes, and splitting a line into words.
 *
 * Matching is case-insensitive. Every parser returns a value >= 0 on success or a negative
 * bw_err (engine/error.h) on failure, and on failure writes a short sentence for the user to
 * msg (msglen bytes, truncated and always NUL-terminated; msg may be NULL when msglen is 0).
 * On success msg is left untouched. Parts of the user's input quoted in a message are
 * stripped of control characters and shortened, so the message is safe to send back.
 *
 * Errors: BW_E(PARSE) for text that is not what was expected, BW_E(AMBIGUOUS) for a prefix
 * that fits several words, BW_E(INVALID) for a count of zero or less, BW_E(LIMIT) for too many
 * cards, BW_E(NO_SUCH_SPOT) for a well-formed place that is not on the board. */
#ifndef BW_CMD_WORDS_H
#define BW_CMD_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/game.h"

/* The most cards one LIST may name, in all: more than anyone can hold in practice, small
 * enough to fit the engine's uint8_t counts. */
#define WORDS_LIST_MAX 99

/* A row of a name table: a word and the value it stands for. Several rows may share a value
 * (aliases). Tables end with a row whose name is NULL. */
struct words_name {
    const char *name;
    int value;
};

/* Look word up in names: an exact name wins; otherwise a prefix of exactly one value's names
 * (a prefix of several names of the same value is fine). Returns the value, BW_E(AMBIGUOUS)
 * naming the candidates (`"w" is ambiguous: wood, wool, wheat`, first matching name of each
 * value in table order) or BW_E(PARSE) (`"x" is not a WHAT`). names and word are borrowed. */
int words_lookup(const char *word, const struct words_name *names, const char *what, char *msg,
                 size_t msglen);

/* A name of one or more words looked up in names as people say it (util/phrase.h): argv's
 * words as one text, case, blanks, '_' and '-' and a first "the" aside, a whole name or a
 * prefix of one value's names (`!map new shores`, `!map Heading for New Shores`, `!map fog`).
 * Returns the value, BW_E(AMBIGUOUS) naming the candidates each by its first row in names
 * (`"f" is ambiguous: four_islands, fog_islands`) or BW_E(PARSE) (`"x" is not a WHAT`). argc
 * at least 1; all borrowed. */
int words_phrase(int argc, char *const *argv, const struct words_name *names, const char *what,
                 char *msg, size_t msglen);

/* Split line in place at spaces and tabs into at most max words: argv[i] point into line,
 * which the caller keeps owning. Returns the number of words, or BW_E(LIMIT) when there are
 * more than max (argv then holds the first max). */
int words_tokenize(char *line, char **argv, int max);

/* A resource word: wood brick wool grain ore, the aliases lumber clay sheep wheat, a plural
 * ("bricks") or a unique prefix of any of them. Returns an enum resource. */
int words_resource(const char *word, char *msg, size_t msglen);
/* The language (enum i18n_lang) whose resource names words_resource and words_list take
 * besides the English ones, for the calls that follow on this thread (cmd_run sets it from the
 * channel's language). */
void words_set_language(int lang);
/* The English command that WORD stands for in that language ("кинути": "roll"), by whole word
 * or a prefix that only one command's words share; NULL when none (or in English). */
const char *words_command_alias(const char *word);

/* A resource or, Cities & Knights, a commodity: paper, cloth, coin (GOOD_PAPER + enum
 * ck_commodity), with their plurals, prefixes and the channel's language's names. */
int words_good(const char *word, char *msg, size_t msglen);

/* The canonical name of a resource ("wood"), or "?" for anything else; a borrowed constant. */
const char *words_resource_name(int res);
/* The same for a good: a resource, or a commodity ("coin") as GOOD_PAPER + c. */
const char *words_good_name(int good);

/* A resource LIST spread over argc words: counts and resources, as in "2 wood 1 ore",
 * "2wood ore", "wood wood ore", "1 grain, 2 ore" (commas, semicolons, "+" and "and" are
 * allowed between items). A resource without a count counts once; a resource named twice
 * adds up. Each count is 1..99 and the total at most WORDS_LIST_MAX. On success fills counts
 * (indexed by enum resource) and returns the total number of cards; on failure counts is
 * left untouched. argv is borrowed. */
int words_list(int argc, char *const *argv, uint8_t counts[RES_COUNT], char *msg, size_t msglen);

/* words_list with the commodities too (Cities & Knights): counts indexed by good (resources
 * 0..4, then paper, cloth, coin). */
int words_goods(int argc, char *const *argv, uint8_t counts[GOOD_COUNT], char *msg, size_t msglen);

/* A development card word: knight, roads (also road, roadbuilding), plenty (also yop,
 * yearofplenty), monopoly, victory (also vp, victorypoint) or a unique prefix. Returns an
 * enum dev_card. */
int words_dev_card(const char *word, char *msg, size_t msglen);

/* Like words_dev_card at the start of argv, also taking the spelled-out names "road
 * building", "year of plenty" and "victory point" over several words; stores in *used how many
 * words the card name took (1-3). argc must be at least 1. */
int words_dev_card_args(int argc, char *const *argv, int *used, char *msg, size_t msglen);

/* A vertex number as users write it (1-based, "12") on the board geo. Returns the 0-based
 * vertex index. geo is borrowed. */
int words_vertex(const struct board_geo *geo, const char *word, char *msg, size_t msglen);

/* An edge written as its two vertices, "12-13" or "13-12" (an en dash works too). Returns
 * the edge index; `12 and 14 are not neighbours` when they share no edge. */
int words_edge(const struct board_geo *geo, const char *word, char *msg, size_t msglen);

/* A hex letter ("A", "j", "AB"). Returns the 0-based hex index. */
int words_hex(const struct board_geo *geo, const char *word, char *msg, size_t msglen);

/* The parts of "LIST for LIST [to NICK...]": slices of the caller's argv (borrowed). */
struct words_trade {
    int give_argc, get_argc, to_argc;
    char *const *give_argv, *const *get_argv, *const *to_argv;
};

/* Split trade arguments at the keywords "for" and (when allow_to) "to", in either order after
 * the first LIST: "2 wood for ore to bob carol" or "2 wood to bob for ore". Exactly one "for"
 * with words on both sides is required; "to", when present, needs at least one nick. Fills
 * *out (to_argc 0 when there is no "to") and returns BW_OK. */
int words_trade_split(int argc, char *const *argv, bool allow_to, struct words_trade *out,
                      char *msg, size_t msglen);

/* words_trade_split, then words_list on both sides into give and get (each left untouched on
 * failure). The nicks, if any, are in out->to_argv. */
int words_trade(int argc, char *const *argv, bool allow_to, uint8_t give[RES_COUNT],
                uint8_t get[RES_COUNT], struct words_trade *out, char *msg, size_t msglen);

/* words_trade with the commodities in each LIST (GOOD_COUNT counts a side). */
int words_trade_goods(int argc, char *const *argv, bool allow_to, uint8_t give[GOOD_COUNT],
                      uint8_t get[GOOD_COUNT], struct words_trade *out, char *msg, size_t msglen);

#endif
