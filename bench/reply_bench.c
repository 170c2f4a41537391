/* How long a player waits for the answers to their commands, at the default pacing (a burst of
 * 4 lines, then one every 1.5 s) with one game running: a person and three computer players (the
 * default level and delay), the person sending five commands in a row (!hand, !spots, !status,
 * !corner 12, !help) every ROUND_S seconds while the game plays on. The person never moves: on
 * their turns the game's timer acts for them, as for a player out of time.
 * Usage: reply_bench [-r ROUNDS] [-i ROUND_S] [-b BURST] [-m INTERVAL_MS]
 *        (default: 40 rounds, one every 20 s, burst 4, 1500 ms)
 *
 * The bot and the IRC layer's real output queue run on a simulated clock (no server): each line
 * leaves when the queue lets it. A command's reply time is from the command to its first line
 * leaving the queue (the answer the player sees), and its last time to its last line leaving;
 * figures are of the simulated clock, so they measure the pacing and the queue's order, not this
 * machine. Printed figures only (median, 99th percentile, worst), never pass or fail; with
 * REPLY_BENCH_SHOW set in the environment, every line is printed as it leaves. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bot/bot.h"
#include "irc/conn.h"
#include "irc/queue.h"
#include "util/xmalloc.h"

#include "bench_samples.h"

#define CHAN "#catan"
#define PLAYER "ann"
#define MAX_TEXT 400
#define COMMANDS 5

static const char *const commands[COMMANDS] = {"!hand", "!spots", "!status", "!corner 12", "!help"};

/* A line pushed for a command: who it went to and what it said, until it leaves the queue. */
struct pending {
    char *target, *text;
    int cmd;         /* the command it answers */
    int64_t sent_ms; /* when that command was sent */
    bool first;      /* its command's first line */
};

static struct ircb_queue q;
static struct pending *pend;
static size_t n_pend, cap_pend;
static int current = -1; /* the command being handled, -1: none */
static int64_t current_ms;
static bool current_first;
static struct samples first_s, last_s;
static int64_t *last_out; /* per command: when its last line so far left */
static bool *answered;
static size_t replaced, channel_lines;

static void out_send(void *ctx, const char *target, const char *text, unsigned flags,
                     const char *key)
{
    (void)ctx;
    if (!ircb_conn_queue(&q, IRCB_PRIVMSG, target, text, flags, key, MAX_TEXT) || current < 0)
        return;
    if (n_pend == cap_pend) {
        cap_pend = cap_pend ? 2 * cap_pend : 256;
        pend = xreallocarray(pend, cap_pend, sizeof *pend);
    }
    pend[n_pend++] =
        (struct pending){xstrdup(target), xstrdup(text), current, current_ms, !current_first};
    current_first = true;
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
    return ircb_queue_in_turn_displays(&q, channel);
}

/* A line left the queue at now: the oldest pending line it is (a piece of) counts. */
static void line_left(const struct ircb_line *l, int64_t now)
{
    channel_lines += ircb_is_channel(l->target);
    if (getenv("REPLY_BENCH_SHOW"))
        printf("%8.1f %s %s\n", (double)now / 1000.0, l->target, l->text);
    for (size_t i = 0; i < n_pend; i++) {
        struct pending *p = &pend[i];
        if (strcasecmp(p->target, l->target) != 0 || strncmp(p->text, l->text, strlen(l->text)))
            continue;
        if (p->first && !answered[p->cmd]) {
            add_sample(&first_s, (double)(now - p->sent_ms) / 1000.0);
            answered[p->cmd] = true;
        }
        last_out[p->cmd] = now;
        free(p->target);
        free(p->text);
        pend[i] = pend[--n_pend];
        return;
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
    struct bw_out out = {
        .send = out_send, .drop = out_drop, .queued = out_queued, .drawing = out_drawing};
    struct bot *b = bot_new(&net, &cb, &cg, &out, 7);
    if (!b) {
        fprintf(stderr, "bot_new refused its arguments\n");
        return 1;
    }
    bot_set_repeatable(b, true);
    last_out = xcalloc((size_t)rounds * COMMANDS, sizeof *last_out);
    answered = xcalloc((size_t)rounds * COMMANDS, sizeof *answered);
    int64_t now = 1000000;
    struct bw_identity own = {"brickwood", "bot", "bench.example", NULL, true, false};
    struct bw_identity ann = {PLAYER, "u", "ann.example", NULL, true, false};
    bot_on_join(b, CHAN, &own, now);
    bot_on_join(b, CHAN, &ann, now);
    bot_on_message(b, CHAN, &ann, "!new", now);
    bot_on_message(b, CHAN, &ann, "!addbot", now);
    bot_on_message(b, CHAN, &ann, "!addbot", now);
    bot_on_message(b, CHAN, &ann, "!addbot", now);
    bot_on_message(b, CHAN, &ann, "!start", now);
    int64_t start = now;
    int sent = 0;
    for (int r = 0; r < rounds; r++) {
        run_until(b, &now, start + (int64_t)(r + 1) * round_s * 1000);
        for (int c = 0; c < COMMANDS; c++) {
            current = r * COMMANDS + c;
            current_ms = now;
            current_first = false;
            bot_on_message(b, CHAN, &ann, commands[c], now);
            sent++;
        }
        current = -1;
    }
    run_until(b, &now, now + 600000);
    for (int i = 0; i < sent; i++)
        if (answered[i])
            add_sample(&last_s, (double)(last_out[i] -
                                         (start + (int64_t)(i / COMMANDS + 1) * round_s * 1000)) /
                                    1000.0);
    replaced = (size_t)sent - first_s.n;
    sort_samples(&first_s);
    sort_samples(&last_s);
    printf("reply_bench: one game (a person, three computer players), pacing burst %d, %d ms a "
           "line; %d commands in %d rounds of five, one round every %d s (simulated clock)\n",
           burst, interval_ms, sent, rounds, round_s);
    printf("  first line of the answer: median %.1f s, p99 %.1f s, worst %.1f s\n",
           quantile(&first_s, 0.5), quantile(&first_s, 0.99),
           first_s.n ? first_s.v[first_s.n - 1] : 0.0);
    printf("  whole answer:             median %.1f s, p99 %.1f s, worst %.1f s\n",
           quantile(&last_s, 0.5), quantile(&last_s, 0.99),
           last_s.n ? last_s.v[last_s.n - 1] : 0.0);
    printf("  commands whose answer never left (replaced by a newer one, or none): %zu; %zu "
           "channel lines sent\n",
           replaced, channel_lines);
    for (size_t i = 0; i < n_pend; i++) {
        free(pend[i].target);
        free(pend[i].text);
    }
    free(pend);
    free(first_s.v);
    free(last_s.v);
    free(last_out);
    free(answered);
    bot_free(b);
    ircb_queue_fini(&q);
    return 0;
}
