/* The position server's answer: parse, ask the computer player of the level chosen, say it. */
#include "ai_answer.h"
#include "position.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"

/* The same line and seed give the same view and so, at the easy and normal levels, the same
 * answer (FNV-1a of the line). */
static uint64_t line_seed(const char *line, uint64_t seed)
{
    uint64_t h = 1469598103934665603ULL ^ seed;
    for (; *line; line++)
        h = (h ^ (uint8_t)*line) * 1099511628211ULL;
    return h;
}

static int64_t wall_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The hard level searches in slices of processor time until the budget is spent, or the wall
 * clock has run as long (on a busy machine the process gets less than a core): the answer comes
 * within the budget and a slice, whatever the load. */
static void search(struct ai_search *s, int64_t budget_us)
{
    enum { SLICE_US = 10000 };
    int64_t start = wall_us();
    for (int64_t left = budget_us; left > 0 && wall_us() - start < budget_us;) {
        int64_t slice = left < SLICE_US ? left : SLICE_US;
        if (ai_search_step(s, slice))
            return;
        left -= slice;
    }
}

static int choose(const struct game *g, int seat, const struct answer_opts *o, uint64_t seed,
                  struct game_action *a)
{
    if (o->level != AI_HARD)
        return ai_choose(g, seat, o->level, seed, a);
    struct ai_search *s = ai_search_new_budget(g, seat, seed, o->budget_us);
    if (!s)
        return ai_choose(g, seat, AI_NORMAL, seed, a);
    search(s, o->budget_us);
    int err = ai_search_best(s, a);
    ai_search_free(s);
    return err;
}

int ai_answer(const char *line, const struct answer_opts *o, char *out, size_t len,
              struct game_action *act, struct game *game)
{
    static _Thread_local struct position pos;
    char why[POSITION_WHY_MAX];
    struct game_action a;
    if (!out || !len)
        return -1;
    if (position_parse(line, &pos, why, sizeof why)) {
        snprintf(out, len, "error: %s", why);
        return -1;
    }
    if (!(ai_players_to_act(&pos.g) & (1u << pos.seat))) {
        snprintf(out, len, "error: seat %d has nothing to do now", pos.seat);
        return -1;
    }
    if (choose(&pos.g, pos.seat, o, line_seed(line, o->seed), &a) != BW_OK) {
        snprintf(out, len, "error: the computer player found no move");
        return -1;
    }
    if (position_action_text(&pos.g, &a, out, len) < 0) {
        snprintf(out, len, "error: the move chosen has no words here");
        return -1;
    }
    if (act)
        *act = a;
    if (game)
        *game = pos.g;
    return 0;
}
