/* How long a player waits for the answers to their commands, at the default pacing (a burst of
 * 4 lines, then one every 1.5 s) with one game running: a person and three computer players (the
 * default level and delay). The person plays (each of their moves 2 s after the game waits for
 * it: the roll, setup pieces, discards, the robber, a build now and then, the end of the turn)
 * and every ROUND_S seconds also sends five commands in a row (!hand, !spots, !status,
 * !corner 12, !help).
 * Usage: reply_bench [-r ROUNDS] [-i ROUND_S] [-b BURST] [-m INTERVAL_MS]
 *        (default: 40 rounds, one every 20 s, burst 4, 1500 ms)
 *
 * The bot and the IRC layer's real output queue run on a simulated clock (no server): each line
 * leaves when the queue lets it. A command's reply time is from the command to its first line
 * leaving the queue (the answer the player sees), and its last time to its last line leaving;
 * figures are of the simulated clock, so they measure the pacing and the queue's order, not this
 * machine. The five commands and the person's moves are counted apart, and how far the game got
 * (its turns per minute) is printed beside them: an answer that is quick because the game crawls
 * is no gain. Printed figures only (median, 99th percentile, worst), never pass or fail; with
 * REPLY_BENCH_SHOW set in the environment, every line is printed as it leaves. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bot/bot.h"
#include "engine/rng.h"
#include "irc/conn.h"
#include "irc/queue.h"
#include "session/session.h"
#include "util/xmalloc.h"

#include "bench_moves.h"
#include "bench_samples.h"

#define CHAN "#catan"
#define PLAYER "ann"
#define MAX_TEXT 400
#define QUERIES 5
/* How long the person takes over a move once the game waits for it. */
#define THINK_MS 2000
/* The person's moves and rounds of commands are at least this far apart. */
#define APART_MS 5000
/* The simulated clock's step between the person's looks at the game. */
#define STEP_MS 250

static const char *const queries[QUERIES] = {"!hand", "!spots", "!status", "!corner 12", "!help"};

/* A command the person sent: when, whether one of the five queries or a move, and when its
 * first and last lines left the queue. */
struct command {
    int64_t sent_ms, first_ms, last_ms;
    bool move;
    char text[48];
};

/* A line pushed for a command, until it leaves the queue. */
struct pending {
    char *target, *text;
    size_t cmd;
};

static struct ircb_queue q;
static struct pending *pend;
static size_t n_pend, cap_pend;
static struct command *cmds;
static size_t n_cmds, cap_cmds;
static bool handling; /* a command of the person is being handled: its lines are its answer */
static size_t channel_lines;

static void out_send(void *ctx, const char *target, const char *text, unsigned flags,
                     const char *key)
{
    (void)ctx;
    if (!ircb_conn_queue(&q, IRCB_PRIVMSG, target, text, flags, key, MAX_TEXT) || !handling)
        return;
    if (n_pend == cap_pend) {
        cap_pend = cap_pend ? 2 * cap_pend : 256;
        pend = xreallocarray(pend, cap_pend, sizeof *pend);
    }
    pend[n_pend++] = (struct pending){xstrdup(target), xstrdup(text), n_cmds - 1};
}

static void out_drop(void *ctx, const char *target, const char *key)
{
    (void)ctx;
    ircb_queue_drop(&q, target, key);
}

static size_t out_queued(void *ctx, const char *channel)
{
    (void)ctx;
    return ircb_queue_events(&q, channel);
}

static size_t out_drawing(void *ctx, const char *channel)
{
    (void)ctx;
    return ircb_queue_drawings(&q, channel);
}

static int out_calm(void *ctx, const char *channel, const char *const *nicks, size_t n,
                    int64_t now_ms)
{
    (void)ctx;
    return ircb_queue_calm(&q, channel, nicks, n, now_ms);
}

/* A line left the queue at now: the pending lines it holds whole count, or else the oldest
 * pending line it is the first piece of. */
static void line_left(const struct ircb_line *l, int64_t now)
{
    channel_lines += ircb_is_channel(l->target);
    if (getenv("REPLY_BENCH_SHOW"))
        printf("%8.1f %s %s\n", (double)now / 1000.0, l->target, l->text);
    bool piece = false;
    for (size_t i = 0; i < n_pend;) {
        struct pending *p = &pend[i];
        bool whole = strstr(l->text, p->text) != NULL;
        if (strcasecmp(p->target, l->target) != 0 ||
            !(whole || (!piece && strncmp(p->text, l->text, strlen(l->text)) == 0))) {
            i++;
            continue;
        }
        piece = piece || !whole;
        struct command *c = &cmds[p->cmd];
        if (c->first_ms < 0)
            c->first_ms = now;
        c->last_ms = now;
        free(p->target);
        free(p->text);
        memmove(p, p + 1, (n_pend - i - 1) * sizeof *p);
        n_pend--;
    }
}

/* Let lines leave the queue up to until, then run the bot's clock there. */
static void run_until(struct bot *b, int64_t *now, int64_t until)
{
    while (*now < until) {
        int64_t next = ircb_queue_next_time(&q, *now);
        int64_t due = bot_next_deadline(b);
        int64_t t = next < due ? next : due;
        if (t > until)
            t = until;
        if (t < *now)
            t = *now;
        *now = t;
        const struct ircb_line *l;
        while ((l = ircb_queue_peek(&q, *now))) {
            line_left(l, *now);
            ircb_queue_sent(&q, *now);
        }
        bot_tick(b, *now);
        if (t == until)
            break;
        if (next > *now && due > *now && t == *now)
            *now = t + 1;
    }
}

static const struct bw_identity ann = {PLAYER, "u", "ann.example", NULL, true, false};

/* The person sends text now; its lines are its answer. */
static void send_command(struct bot *b, const char *text, bool move, int64_t now)
{
    if (n_cmds == cap_cmds) {
        cap_cmds = cap_cmds ? 2 * cap_cmds : 256;
        cmds = xreallocarray(cmds, cap_cmds, sizeof *cmds);
    }
    cmds[n_cmds] = (struct command){now, -1, -1, move, ""};
    snprintf(cmds[n_cmds++].text, sizeof cmds[0].text, "%s", text);
    if (getenv("REPLY_BENCH_SHOW"))
        printf("%8.1f <ann> %s\n", (double)now / 1000.0, text);
    handling = true;
    bot_on_message(b, CHAN, &ann, text, now);
    handling = false;
}

static bool kind_in(int type, const int *kinds, int n)
{
    for (int i = 0; i < n; i++)
        if (kinds[i] == type)
            return true;
    return false;
}

/* The person's move when the game waits for one of theirs: what the game asks for (the roll,
 * setup pieces, a discard, the robber, an answer to an offer: no), a build now and then, else
 * the end of the turn. false: the game does not wait for them. */
static bool person_move(const struct session *s, struct bw_rng *rng, char *cmd, size_t size)
{
    int seat = -1;
    for (int i = 0; i < s->n_seats; i++)
        if (strcmp(s->seat[i].nick, PLAYER) == 0)
            seat = i;
    static struct game_action legal[1024];
    int n = seat < 0 ? 0 : game_legal_actions(&s->game, seat, legal, 1024);
    if (n > 1024)
        n = 1024;
    if (n <= 0)
        return false;
    static const int asked[] = {ACT_ROLL, ACT_DISCARD, ACT_ROBBER, ACT_REJECT, ACT_GOLD};
    static const int builds[] = {ACT_BUILD_SETTLEMENT, ACT_BUILD_ROAD, ACT_BUILD_CITY, ACT_BUY_DEV};
    int pick = -1, end = -1, nb = 0;
    for (int i = 0; i < n && pick < 0; i++) {
        if (kind_in(legal[i].type, asked, 5))
            pick = i;
        else if (legal[i].type == ACT_END)
            end = i;
        else if (kind_in(legal[i].type, builds, 4))
            nb++;
    }
    /* Setup pieces are all there is to do; later a build one time in two. */
    if (pick < 0 && nb && (end < 0 || bw_rng_below(rng, 2) == 0)) {
        uint32_t k = bw_rng_below(rng, (uint32_t)nb);
        for (int i = 0; i < n && pick < 0; i++)
            if (kind_in(legal[i].type, builds, 4) && k-- == 0)
                pick = i;
    }
    if (pick < 0)
        pick = end;
    if (pick < 0)
        return false;
    char nicks[GAME_MAX_PLAYERS][SESSION_NICK_MAX + 1];
    for (int i = 0; i < s->n_seats; i++)
        snprintf(nicks[i], sizeof nicks[i], "%s", s->seat[i].nick);
    legal[pick].player = (int8_t)seat;
    return format_move(&s->game, &legal[pick], nicks, cmd, size);
}

static void report(const char *what, bool move)
{
    struct samples first = {0}, last = {0};
    size_t silent = 0, n = 0;
    for (size_t i = 0; i < n_cmds; i++) {
        if (cmds[i].move != move)
            continue;
        n++;
        if (cmds[i].first_ms < 0) {
            silent++;
            continue;
        }
        add_sample(&first, (double)(cmds[i].first_ms - cmds[i].sent_ms) / 1000.0);
        if (getenv("REPLY_BENCH_SLOW") && cmds[i].first_ms - cmds[i].sent_ms > 3000)
            printf("    slow: %s at %.1f: %.1f s\n", cmds[i].text, (double)cmds[i].sent_ms / 1000.0,
                   (double)(cmds[i].first_ms - cmds[i].sent_ms) / 1000.0);
        add_sample(&last, (double)(cmds[i].last_ms - cmds[i].sent_ms) / 1000.0);
    }
    sort_samples(&first);
    sort_samples(&last);
    printf("  %s (%zu, %zu with no line of their own):\n", what, n, silent);
    printf("    first line of the answer: median %.1f s, p99 %.1f s, worst %.1f s\n",
           quantile(&first, 0.5), quantile(&first, 0.99), first.n ? first.v[first.n - 1] : 0.0);
    printf("    whole answer:             median %.1f s, p99 %.1f s, worst %.1f s\n",
           quantile(&last, 0.5), quantile(&last, 0.99), last.n ? last.v[last.n - 1] : 0.0);
    free(first.v);
    free(last.v);
}

int main(int argc, char **argv)
{
    int rounds = 40, round_s = 20, burst = 4, interval_ms = 1500, opt;
    while ((opt = getopt(argc, argv, "r:i:b:m:")) != -1) {
        if (opt == 'r')
            rounds = atoi(optarg);
        else if (opt == 'i')
            round_s = atoi(optarg);
        else if (opt == 'b')
            burst = atoi(optarg);
        else if (opt == 'm')
            interval_ms = atoi(optarg);
        else {
            fprintf(stderr, "usage: reply_bench [-r ROUNDS] [-i ROUND_S] [-b BURST] "
                            "[-m INTERVAL_MS]\n");
            return 2;
        }
    }
    if (rounds < 1 || round_s < 6 || burst < 1 || interval_ms < 0) {
        fprintf(stderr, "reply_bench: rounds >= 1, a round of 6 s or more, burst >= 1\n");
        return 2;
    }
    ircb_queue_init(&q, burst, interval_ms);
    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "!"};
    struct config_game cg = {.min_players = 3,
                             .max_players = 6,
                             .victory_points = 10,
                             .turn_timeout_s = 180,
                             .bot_level = 2,
                             .bot_think_ms = 2000,
                             .bot_delay_ms = 1500};
    struct bw_out out = {.send = out_send,
                         .drop = out_drop,
                         .queued = out_queued,
                         .drawing = out_drawing,
                         .calm = out_calm};
    struct bot *b = bot_new(&net, &cb, &cg, &out, 7);
    if (!b) {
        fprintf(stderr, "bot_new refused its arguments\n");
        return 1;
    }
    bot_set_repeatable(b, true);
    struct bw_rng rng;
    bw_rng_seed(&rng, 11);
    int64_t now = 1000000;
    struct bw_identity own = {"brickwood", "bot", "bench.example", NULL, true, false};
    bot_on_join(b, CHAN, &own, now);
    bot_on_join(b, CHAN, &ann, now);
    bot_on_message(b, CHAN, &ann, "!new", now);
    for (int i = 0; i < 3; i++)
        bot_on_message(b, CHAN, &ann, "!addbot", now);
    bot_on_message(b, CHAN, &ann, "!start", now);
    int64_t start = now, end = start + (int64_t)rounds * round_s * 1000, waits_since = -1;
    int64_t moved = INT64_MIN / 2, asked = INT64_MIN / 2;
    int round = 0, turns = 0;
    bool over = false;
    char cmd[400];
    while (now < end && !over) {
        run_until(b, &now, now + STEP_MS);
        /* A round of five commands, not on top of a move: the person types one thing at a
         * time (and within the commands a second they may send). */
        if (now >= start + (int64_t)(round + 1) * round_s * 1000 && now - moved >= APART_MS) {
            round++;
            asked = now;
            for (int c = 0; c < QUERIES; c++)
                send_command(b, queries[c], false, now);
        }
        const struct session *s = bot_session(b, CHAN);
        if (!s || s->state != SESSION_PLAYING) {
            over = true;
            break;
        }
        turns = s->game.turn;
        /* The person sees that the game waits for them once its lines are all out. */
        if (!person_move(s, &rng, cmd, sizeof cmd) || ircb_queue_waiting(&q, CHAN))
            waits_since = -1;
        else if (waits_since < 0)
            waits_since = now;
        else if (now - waits_since >= THINK_MS && now - asked >= APART_MS) {
            send_command(b, cmd, true, now);
            waits_since = -1;
            moved = now;
        }
    }
    double minutes = (double)(now - start) / 60000.0;
    run_until(b, &now, now + 600000);
    printf("reply_bench: one game (a person, three computer players), pacing burst %d, %d ms a "
           "line; the person plays and sends five commands in a row every %d s; %.1f simulated "
           "minutes, %d turns (%.1f a minute)%s\n",
           burst, interval_ms, round_s, minutes, turns, turns / minutes,
           over ? ", the game ended" : "");
    report("the five commands", false);
    report("the person's moves", true);
    printf("  %zu channel lines sent\n", channel_lines);
    for (size_t i = 0; i < n_pend; i++) {
        free(pend[i].target);
        free(pend[i].text);
    }
    free(pend);
    free(cmds);
    bot_free(b);
    ircb_queue_fini(&q);
    return 0;
}
