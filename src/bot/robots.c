/* Computer players at the table: who of them has a move to make, waiting bot_delay_ms so that
 * people can follow, the move from src/ai, and a person taking their seat back.
 *
 * The hard level thinks in slices of BOT_SLICE_US, at most BOT_TICK_THINK_US in one turn of
 * the event loop across all games, so lines and commands are never held up for longer than
 * that. Its move is due bot_think_ms after it started thinking, however many games think at
 * once: with many, each gets fewer slices and plays what it found by then. */
#include <stdio.h>
#include <string.h>

#include "ai/ai.h"
#include "bot/internal.h"
#include "render/render.h"
#include "util/log.h"

/* Thinking time per call of the hard level's search, and per turn of the event loop. */
#define BOT_SLICE_US 5000
#define BOT_TICK_THINK_US 25000

/* The seat a computer player moves for now (and the offer it answers, when that is the move),
 * or -1. People's moves come first: only seats the game waits for, then open offers. */
static int robot_seat(const struct session *s, int *offer_id)
{
    *offer_id = 0;
    if (s->state != SESSION_PLAYING || s->paused)
        return -1;
    unsigned waiting = game_waiting_for(&s->game);
    for (int i = 0; i < s->n_seats; i++)
        if ((waiting & (1u << i)) && session_robot_plays(s, i) && !s->game.p[i].resigned)
            return i;
    for (int k = 0; k < GAME_MAX_OFFERS; k++) {
        const struct trade_offer *o = &s->game.offers[k];
        unsigned open = o->id ? o->to_mask & (unsigned)~(o->accepted | o->rejected) : 0;
        for (int i = 0; i < s->n_seats; i++)
            if ((open & (1u << i)) && session_robot_plays(s, i) && !s->game.p[i].resigned) {
                *offer_id = o->id;
                return i;
            }
    }
    return -1;
}

void bot_robots_schedule(struct bot *b, struct bot_game *g)
{
    int offer;
    if (robot_seat(&g->s, &offer) < 0) {
        g->robot_due_ms = INT64_MAX;
        bot_robots_forget(g);
        return;
    }
    /* A move already due keeps its time: commands meanwhile do not put it off. */
    if (g->robot_due_ms == INT64_MAX)
        g->robot_due_ms = b->now_ms + b->robot_delay_ms;
}

void bot_robots_new_tick(struct bot *b)
{
    b->think_left_us = BOT_TICK_THINK_US;
}

void bot_robots_forget(struct bot_game *g)
{
    ai_search_free(g->search);
    g->search = NULL;
    g->search_spent_us = 0;
}

/* Whether seat's move starts now (a roll, a setup placement, a special building turn). */
static bool move_starts(const struct game *gm, int seat)
{
    switch (gm->phase) {
    case PHASE_ROLL:
    case PHASE_SETUP_SETTLEMENT:
        return gm->current == seat;
    case PHASE_SPECIAL_BUILD:
        return gm->sb_player == seat;
    default:
        return false;
    }
}

/* The hard level: one slice of search; true with *out when the move is chosen. */
static bool think(struct bot *b, struct bot_game *g, int seat, struct game_action *out)
{
    const struct game *gm = &g->s.game;
    unsigned key = (unsigned)gm->turn << 8 | (unsigned)gm->phase << 4 | (unsigned)seat;
    /* A search for another position (an offer or answer came meanwhile) starts again. */
    if (g->search &&
        (g->search_seat != seat || g->search_key != key || !ai_search_current(g->search, gm)))
        bot_robots_forget(g);
    if (!g->search) {
        g->search = ai_search_new(gm, seat, bw_rng_next(&b->rng));
        g->search_seat = seat;
        g->search_key = key;
        g->search_spent_us = 0;
        g->search_since_ms = b->now_ms;
        if (!g->search)
            return ai_choose(gm, seat, AI_NORMAL, bw_rng_next(&b->rng), out) == BW_OK;
    }
    bool done = false;
    if (b->think_left_us >= BOT_SLICE_US) {
        done = ai_search_step(g->search, BOT_SLICE_US);
        g->search_spent_us += BOT_SLICE_US;
        b->think_left_us -= BOT_SLICE_US;
    }
    if (!done && g->search_spent_us < (int64_t)b->robot_think_ms * 1000 &&
        b->now_ms - g->search_since_ms < b->robot_think_ms)
        return false;
    int err = ai_search_best(g->search, out);
    bot_robots_forget(g);
    return err == BW_OK;
}

void bot_robots_run(struct bot *b, struct bot_game *g)
{
    if (b->now_ms < g->robot_due_ms)
        return;
    int offer, seat = robot_seat(&g->s, &offer);
    g->robot_due_ms = INT64_MAX;
    if (seat < 0)
        return;
    struct session_seat *st = &g->s.seat[seat];
    /* A person back at the table takes the seat when their next move starts. */
    if (st->takeover == SESSION_HANDBACK && !offer && move_starts(&g->s.game, seat)) {
        st->takeover = SESSION_OWN;
        g->changed = true;
        char line[RENDER_LINE_MAX];
        snprintf(line, sizeof line, "%s is back and plays again", st->nick);
        bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
        bot_commit(b);
        return;
    }
    struct game_action a;
    int level = session_robot_level(&g->s, seat), err;
    if (offer)
        err = ai_answer_offer(&g->s.game, seat, offer, bw_rng_next(&b->rng), &a);
    else if (level == SESSION_ROBOT_HARD) {
        if (!think(b, g, seat, &a)) {
            g->robot_due_ms = b->now_ms; /* go on thinking at the next turn of the loop */
            return;
        }
        err = BW_OK;
    } else
        err = ai_choose(&g->s.game, seat, level, bw_rng_next(&b->rng), &a);
    char msg[200] = "";
    b->robot_acting = true;
    if (err == BW_OK)
        err = bot_game_act(b, g, &a, msg, sizeof msg);
    if (err != BW_OK) {
        /* Never stuck: the least harmful move, as for a person out of time. */
        log_event(LOG_LEVEL_WARN,
                  &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                       .channel = g->s.channel,
                                       .nick = st->nick,
                                       .action = "robot_fallback"},
                  "%s: the computer player for %s could not move (%s); the game acts for it",
                  g->s.channel, st->nick, msg[0] ? msg : bw_strerror(err));
        struct game_action fallback = {
            .type = offer ? ACT_REJECT : ACT_TIMEOUT, .player = (int8_t)seat, .a = (int16_t)offer};
        bot_game_act(b, g, &fallback, msg, sizeof msg);
    }
    b->robot_acting = false;
    bot_commit(b);
}
