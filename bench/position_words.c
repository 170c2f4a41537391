/* The words of positions (doc/position-format.md). */
#include "position_words.h"

#include <string.h>

#include "engine/game.h"

static const char *const res_words[RES_COUNT] = {"wood", "brick", "wool", "grain", "ore"};
static const char *const dev_words[DEV_COUNT] = {"knight", "roads", "plenty", "monopoly",
                                                 "victory"};
/* By enum game_phase up to PHASE_MAIN; the special building and gold phases are not in a base
 * game of 3-4, and a game over has nothing to decide. */
static const char *const phase_words[PHASE_MAIN + 1] = {"setup_settlement", "setup_road", "roll",
                                                        "discard",          "robber",     "main"};

static int find(const char *const *words, int n, const char *word)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(words[i], word))
            return i;
    return -1;
}

int position_terrain_parse(const char *word)
{
    if (!strcmp(word, "desert"))
        return TERRAIN_DESERT;
    return find(res_words, RES_COUNT, word); /* terrain t < TERRAIN_DESERT produces t */
}

int position_harbor_parse(const char *word)
{
    return strcmp(word, "3:1") ? find(res_words, RES_COUNT, word) : HARBOR_GENERIC;
}

int position_phase_parse(const char *word)
{
    return find(phase_words, PHASE_MAIN + 1, word);
}

const char *position_terrain_word(int terrain)
{
    return terrain == TERRAIN_DESERT ? "desert" : position_res_word(terrain);
}

const char *position_harbor_word(int harbor)
{
    return harbor == HARBOR_GENERIC ? "3:1" : position_res_word(harbor);
}

const char *position_phase_word(int phase)
{
    return phase >= 0 && phase <= PHASE_MAIN ? phase_words[phase] : NULL;
}

const char *position_res_word(int res)
{
    return res >= 0 && res < RES_COUNT ? res_words[res] : NULL;
}

const char *position_dev_word(int dev)
{
    return dev >= 0 && dev < DEV_COUNT ? dev_words[dev] : NULL;
}

const char *position_phase_names(void)
{
    return "setup_settlement setup_road roll discard robber main";
}
