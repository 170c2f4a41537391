/* Computer players at the table: who of them has a move to make, waiting bot_delay_ms so that
 * people can follow, the move from src/ai, a person taking their seat back, and the end of a
 * table where no person is left.
 *
 * The hard level thinks in slices of BOT_SLICE_US, at most BOT_TICK_THINK_US in one turn of
 * the event loop across all games, so lines and commands are never held up for longer than
 * that. Its move is due bot_think_ms after it started thinking, however many games think at
 * once: with many, each gets fewer slices and plays what it found by then. At a table where no
 * person is watching (none of its people in the channel: its seats are all computer players,
 * sat in for or waiting) it thinks robot_idle_think_ms at most (ROBOT_IDLE_THINK_MS), so such
 * games take little of the processor from tables where people wait for moves. */
#include <stdio.h>
#include <string.h>

#include "ai/ai.h"
#include "bot/internal.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/log.h"

/* Thinking time per call of the hard level's search, and per turn of the event loop. */
#define BOT_SLICE_US 5000
#define BOT_TICK_THINK_US 25000

/* How long a computer player waits for people's answers to its own offer once the other
 * computer players have answered (people need the time to read and type; a longer wait held
 * the game for nothing, most offers being left unanswered), at most a third of the time left
 * on the turn's clock; and how often it looks again meanwhile. Then it withdraws the offer. */
#define ROBOT_OFFER_WAIT_MS 5000
#define ROBOT_POLL_MS 200
/* At a table with a person present, a computer player's move due waits for the output to be
 * calm (output_calm): this long for a full bucket (a person's next few replies go at once),
 * then this long for nothing of its game waiting, then no more: a person who keeps asking for
 * things cannot stop the game, nor slow it much. */
#define ROBOT_CALM_FULL_MS 1500
#define ROBOT_CALM_WAIT_MS 4000
/* In a game no person present plays in, the computer players wait while more of its lines than
 * this still wait to be sent (they go in the queue's background): such a game goes on at the
 * pace its lines leave, never piling them up ahead of what people say or ask for there. (With a
 * person present, they wait until none does: output_calm.) */
#define ROBOT_UNATTENDED_BACKLOG 4

/* What a computer player does next. */
enum robot_task {
    ROBOT_MOVE,             /* the move the game waits for */
    ROBOT_ANSWER,           /* answer the offer (and perhaps counter it) */
    ROBOT_CLOSE,            /* confirm or withdraw its own offer, which someone accepted */
    ROBOT_WAIT,             /* for answers to its own offer */
    ROBOT_CLOSE_UNANSWERED, /* withdraw its own offer, people's answers waited for long enough */
};

struct robot_job {
    int seat, task, offer;
};

static bool robot_at(const struct session *s, int i)
{
    return session_robot_plays(s, i) && !s->game.p[i].resigned;
}

/* The current player's own offer this turn: whether it is still open with answers missing
 * (OFFER_OPEN), whether those missing are people's only (OFFER_PEOPLE), and whether they have
 * been waited for long enough (OFFER_OVER). */
enum { OFFER_NONE, OFFER_OPEN, OFFER_PEOPLE, OFFER_OVER };

static int own_offer(const struct bot *b, const struct bot_game *g)
{
    const struct session *s = &g->s;
    const struct game *gm = &s->game;
    const struct trade_offer *o = g->robot_offer_id ? game_offer(gm, g->robot_offer_id) : NULL;
    unsigned open = o ? o->to_mask & (unsigned)~(o->accepted | o->rejected) : 0;
    if (!o || o->from != gm->current || gm->phase != PHASE_MAIN || !open)
        return OFFER_NONE;
    for (int i = 0; i < s->n_seats; i++)
        if ((open >> i & 1) && robot_at(s, i))
            return OFFER_OPEN; /* computer players answer at once */
    if (!g->robot_people_ms)
        return OFFER_PEOPLE;
    int64_t wait = ROBOT_OFFER_WAIT_MS;
    if (s->turn_deadline_ms != INT64_MAX) {
        int64_t left = (s->turn_deadline_ms - g->robot_offer_ms) / 3;
        wait = left < wait ? left : wait;
    }
    return b->now_ms - g->robot_people_ms < wait ? OFFER_PEOPLE : OFFER_OVER;
}

/* The wait for people's answers starts when only theirs are missing. */
static void people_wait(const struct bot *b, struct bot_game *g)
{
    if (!g->robot_people_ms && own_offer(b, g) == OFFER_PEOPLE)
        g->robot_people_ms = b->now_ms;
}

/* What a computer player does now, if anything (false: nothing). First their own offers that
 * someone accepted, then answers to open offers (so that computer players answer each other's
 * offers), then the move the game waits for. */
static bool robot_job(const struct bot *b, const struct bot_game *g, struct robot_job *j)
{
    const struct session *s = &g->s;
    const struct game *gm = &s->game;
    if (s->state != SESSION_PLAYING || s->paused)
        return false;
    for (int k = 0; gm->phase == PHASE_MAIN && k < GAME_MAX_OFFERS; k++) {
        const struct trade_offer *o = &gm->offers[k];
        if (o->id && o->accepted && o->from >= 0 && robot_at(s, o->from)) {
            *j = (struct robot_job){o->from, ROBOT_CLOSE, o->id};
            return true;
        }
    }
    for (int k = 0; gm->phase == PHASE_MAIN && k < GAME_MAX_OFFERS; k++) {
        const struct trade_offer *o = &gm->offers[k];
        unsigned open = o->id ? o->to_mask & (unsigned)~(o->accepted | o->rejected) : 0;
        for (int i = 0; i < s->n_seats; i++)
            if ((open & (1u << i)) && robot_at(s, i)) {
                *j = (struct robot_job){i, ROBOT_ANSWER, o->id};
                return true;
            }
    }
    unsigned waiting = game_waiting_for(gm);
    for (int i = 0; i < s->n_seats; i++)
        if ((waiting & (1u << i)) && robot_at(s, i)) {
            int own = i == gm->current ? own_offer(b, g) : OFFER_NONE;
            *j = (struct robot_job){i,
                                    own == OFFER_OVER   ? ROBOT_CLOSE_UNANSWERED
                                    : own != OFFER_NONE ? ROBOT_WAIT
                                                        : ROBOT_MOVE,
                                    own == OFFER_OVER ? g->robot_offer_id : 0};
            return true;
        }
    return false;
}

void bot_robots_schedule(struct bot *b, struct bot_game *g)
{
    struct robot_job j;
    if (!robot_job(b, g, &j)) {
        g->robot_due_ms = INT64_MAX;
        bot_robots_forget(g);
        return;
    }
    people_wait(b, g);
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

/* The hard level's time for a move of g: the configured bot_think_ms, but no more than
 * robot_idle_think_ms where no person watches. */
static int robot_budget_ms(const struct bot *b, const struct bot_game *g)
{
    return bot_robots_unattended(g) && b->robot_idle_think_ms < b->robot_think_ms
               ? b->robot_idle_think_ms
               : b->robot_think_ms;
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
        g->search_budget_ms = robot_budget_ms(b, g);
        g->search = ai_search_new_budget(gm, seat, bw_rng_next(&b->rng),
                                         (int64_t)g->search_budget_ms * 1000);
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
    /* The move is due search_budget_ms after thinking began. The time is known only at the
     * start of each turn of the loop, and a turn lasts about BOT_TICK_THINK_US while games
     * think: with less than that left, the move is played in this turn rather than a turn late. */
    if (!done && g->search_spent_us < (int64_t)g->search_budget_ms * 1000 &&
        b->now_ms - g->search_since_ms + BOT_TICK_THINK_US / 1000 < g->search_budget_ms)
        return false;
    int err = ai_search_best(g->search, out);
    bot_robots_forget(g);
    return err == BW_OK;
}

/* A computer player's own offer, at most once a turn (the caller sees to that). Nothing when it
 * has none worth making, or the game has no room. */
static void robot_offer(struct bot *b, struct bot_game *g, int seat)
{
    struct game_action a;
    char msg[200];
    const struct game *gm = &g->s.game;
    if (ai_make_offer(gm, seat, bw_rng_next(&b->rng), &a) != BW_OK ||
        bot_game_act(b, g, &a, msg, sizeof msg) != BW_OK)
        return;
    g->robot_offer_id = gm->next_offer_id == 1 ? UINT16_MAX : gm->next_offer_id - 1;
    g->robot_offer_ms = b->now_ms;
    g->robot_people_ms = 0;
}

/* A refusal: the counter-offer that goes with it, if any, and what is said to a person. Both
 * are decided before the refusal, which may close the offer (everyone refused). */
struct refusal {
    bool counter;
    struct game_action offer;
    char line[RENDER_LINE_MAX];
};

/* What seat says to the person whose offer it refuses: the counter-offer, or why not (never
 * more of its hand than the trade names: ai_refusal_reason). Nothing to a computer player, and
 * nothing from one sitting in for a person. */
static void refusal_line(struct bot *b, struct bot_game *g, int seat, const struct trade_offer *o,
                         struct refusal *r)
{
    static const int keep_msgs[AI_BUILDS] = {MSG_BOT_WHY_SETTLEMENT, MSG_BOT_WHY_CITY,
                                             MSG_BOT_WHY_DEV};
    const struct session *s = &g->s;
    /* A computer player sitting in for a person says nothing in their name. */
    if (!s->seat[seat].robot || o->from < 0 || o->from >= s->n_seats ||
        session_robot_plays(s, o->from))
        return;
    int lang = bot_language(b, s->channel);
    const char *me = s->seat[seat].nick, *you = s->seat[o->from].nick;
    struct ai_reason why;
    if (r->counter) {
        static const uint8_t none[COM_COUNT];
        char give[160], get[160];
        render_tr(lang, r->line, sizeof r->line, MSG_BOT_WHY_COUNTER, me, you,
                  render_goods_in(lang, r->offer.give, none, 1, give, sizeof give),
                  render_goods_in(lang, r->offer.get, none, 1, get, sizeof get));
    } else if (ai_refusal_reason(&s->game, seat, o->id, &why) != BW_OK) {
        return;
    } else if (why.why == AI_WHY_KEEP) {
        render_tr(lang, r->line, sizeof r->line, keep_msgs[why.build], me, you,
                  render_res_name_in(lang, why.res));
    } else {
        render_tr(lang, r->line, sizeof r->line,
                  why.why == AI_WHY_LEADER ? MSG_BOT_WHY_LEADER : MSG_BOT_WHY_NO_USE, me, you);
    }
}

static void refusal_prepare(struct bot *b, struct bot_game *g, int seat, int offer,
                            struct refusal *r)
{
    const struct game *gm = &g->s.game;
    const struct trade_offer *o = game_offer(gm, offer);
    r->line[0] = '\0';
    r->counter = o && ai_counter_offer(gm, seat, offer, bw_rng_next(&b->rng), &r->offer) == BW_OK;
    if (o)
        refusal_line(b, g, seat, o, r);
}

/* After the refusal: the reason, then the counter-offer (when the game still takes it). */
static void refusal_say(struct bot *b, struct bot_game *g, const struct refusal *r)
{
    char msg[200];
    if (r->line[0])
        bot_game_line(b, g, RENDER_PUBLIC, r->line, NULL);
    if (r->counter)
        bot_game_act(b, g, &r->offer, msg, sizeof msg);
}

/* The last resort of a computer player whose level found nothing the game takes (a map the
 * level does not know well): a legal move, ending the turn where it can. */
static void legal_fallback(struct bot *b, struct bot_game *g, int seat)
{
    struct game_action legal[256];
    char msg[200];
    const struct game *gm = &g->s.game;
    int n = game_legal_actions(gm, seat, legal, (int)(sizeof legal / sizeof legal[0]));
    if (n > (int)(sizeof legal / sizeof legal[0]))
        n = (int)(sizeof legal / sizeof legal[0]);
    int pick = -1;
    for (int i = 0; i < n && pick < 0; i++)
        if (legal[i].type == ACT_END || legal[i].type == ACT_ROLL)
            pick = i;
    if (pick < 0 && n > 0)
        pick = (int)bw_rng_below(&b->rng, (uint32_t)n);
    if (pick >= 0) {
        legal[pick].player = (int8_t)seat;
        bot_game_act(b, g, &legal[pick], msg, sizeof msg);
    }
}

/* Whether g's computer players may move now: a game no person present plays in goes at the
 * pace its lines leave; at a table with a person present, a move waits until everything of the
 * game was sent, to the channel and to its people, and the output has room to answer them. */
static bool output_calm(struct bot *b, struct bot_game *g)
{
    if (bot_robots_unattended(g))
        return !b->out.queued ||
               b->out.queued(b->out.ctx, g->s.channel) <= ROBOT_UNATTENDED_BACKLOG;
    if (!b->out.calm)
        return true;
    const char *nicks[GAME_MAX_PLAYERS];
    size_t n = 0;
    for (int i = 0; i < g->s.n_seats; i++)
        if (!g->s.seat[i].robot)
            nicks[n++] = g->s.seat[i].nick;
    if (g->robot_calm_ms > b->now_ms)
        g->robot_calm_ms = b->now_ms;
    int64_t waited = b->now_ms - g->robot_calm_ms;
    int need = waited < ROBOT_CALM_FULL_MS   ? BW_CALM_FULL
               : waited < ROBOT_CALM_WAIT_MS ? BW_CALM_GAME
                                             : BW_CALM_NOT;
    if (b->out.calm(b->out.ctx, g->s.channel, nicks, n, b->now_ms) < need)
        return false;
    g->robot_calm_ms = INT64_MAX;
    return true;
}

void bot_robots_run(struct bot *b, struct bot_game *g)
{
    if (b->now_ms < g->robot_due_ms)
        return;
    struct robot_job j;
    g->robot_due_ms = INT64_MAX;
    if (!robot_job(b, g, &j))
        return;
    if (!output_calm(b, g)) {
        g->robot_due_ms = b->now_ms + ROBOT_POLL_MS;
        return;
    }
    if (j.task == ROBOT_WAIT) {
        people_wait(b, g);
        g->robot_due_ms = b->now_ms + ROBOT_POLL_MS;
        return;
    }
    int seat = j.seat, offer = j.offer;
    struct session_seat *st = &g->s.seat[seat];
    const struct game *gm = &g->s.game;
    /* A person back at the table takes the seat when their next move starts. */
    if (st->takeover == SESSION_HANDBACK && j.task == ROBOT_MOVE && move_starts(gm, seat)) {
        st->takeover = SESSION_OWN;
        g->changed = true;
        char line[RENDER_LINE_MAX];
        render_tr(bot_language(b, g->s.channel), line, sizeof line, MSG_BOT_PLAYS_AGAIN, st->nick);
        bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
        bot_commit(b);
        return;
    }
    b->robot_acting = true;
    /* Its own offer first, once a turn, before it thinks about the turn's moves. */
    unsigned turn = (unsigned)gm->turn + 1;
    if (j.task == ROBOT_MOVE && gm->phase == PHASE_MAIN && gm->current == seat && !g->search &&
        g->robot_offer_turn != turn) {
        g->robot_offer_turn = turn;
        g->robot_offer_id = 0;
        robot_offer(b, g, seat);
        if (g->robot_offer_id) {
            b->robot_acting = false;
            bot_commit(b);
            return;
        }
    }
    struct game_action a;
    int level = session_robot_level(&g->s, seat), err;
    if (j.task == ROBOT_ANSWER)
        err = ai_answer_offer(gm, seat, offer, bw_rng_next(&b->rng), &a);
    else if (j.task == ROBOT_CLOSE)
        err = ai_close_offer(gm, seat, offer, bw_rng_next(&b->rng), &a);
    else if (j.task == ROBOT_CLOSE_UNANSWERED) {
        a = (struct game_action){.type = ACT_CANCEL, .player = (int8_t)seat, .a = (int16_t)offer};
        err = BW_OK;
    } else if (level == SESSION_ROBOT_HARD) {
        if (!think(b, g, seat, &a)) {
            b->robot_acting = false;
            g->robot_due_ms = b->now_ms; /* go on thinking at the next turn of the loop */
            return;
        }
        err = BW_OK;
    } else
        err = ai_choose(gm, seat, level, bw_rng_next(&b->rng), &a);
    char msg[200] = "";
    struct refusal refusal = {.counter = false};
    if (err == BW_OK && j.task == ROBOT_ANSWER && a.type == ACT_REJECT)
        refusal_prepare(b, g, seat, offer, &refusal);
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
        struct game_action fallback = {.type = j.task == ROBOT_ANSWER  ? ACT_REJECT
                                               : j.task == ROBOT_CLOSE ? ACT_CANCEL
                                                                       : ACT_TIMEOUT,
                                       .player = (int8_t)seat,
                                       .a = (int16_t)offer};
        if (bot_game_act(b, g, &fallback, msg, sizeof msg) != BW_OK && j.task == ROBOT_MOVE)
            legal_fallback(b, g, seat);
    } else if (j.task == ROBOT_ANSWER && a.type == ACT_REJECT)
        refusal_say(b, g, &refusal);
    b->robot_acting = false;
    bot_commit(b);
}

/* Whether a person holds a seat of s: one who is no computer player and has not resigned. Away,
 * gone from the channel or sat in for, they hold it until it is given up (their grace period
 * over, or a resignation). With present, only one seen in the channel. */
static bool person_at(const struct session *s, bool present)
{
    for (int i = 0; i < s->n_seats; i++)
        if (!s->seat[i].robot && (s->state == SESSION_LOBBY || !s->game.p[i].resigned) &&
            (!present || s->seat[i].present))
            return true;
    return false;
}

bool bot_robots_unattended(const struct bot_game *g)
{
    return g->s.state == SESSION_PLAYING && !person_at(&g->s, true);
}

void bot_robots_alone(struct bot *b, struct bot_game *g)
{
    const struct session *s = &g->s;
    /* A paused table ends once the bot is back in its channel to say so. */
    if (g->closing || s->paused || s->state == SESSION_OVER || !s->n_seats || person_at(s, false))
        return;
    bool lobby = s->state == SESSION_LOBBY;
    char line[RENDER_LINE_MAX];
    render_tr(bot_language(b, s->channel), line, sizeof line,
              lobby ? MSG_BOT_ROBOTS_ALONE_LOBBY : MSG_BOT_ROBOTS_ALONE, s->channel);
    bot_game_line(b, g, RENDER_PUBLIC, line, NULL);
    log_event(LOG_LEVEL_INFO,
              &(struct log_fields){.network = b->network[0] ? b->network : NULL,
                                   .channel = s->channel,
                                   .action = "robots_alone"},
              "%s: no person is seated any more; the %s ends", s->channel,
              lobby ? "lobby" : "game");
    g->closing = true;
}
