/* What one turn of the bot's loop (bot_tick) costs when many games are due at once, as after
 * a restart or when many computer players' moves fall due together.
 *
 *   tick_bench [ROUNDS]     default: 50 ticks per case
 *
 * For 100, 1,000, 3,000 and 6,000 lobbies (each opened by its own player in its own channel),
 * every lobby is made due before each tick (its computer players' move time set to now: the
 * computer players' turn then finds nothing to do in a lobby and returns at once), so that the
 * figure is the tick's own work per due game, not the moves'. Printed: the median and the
 * largest tick in ms, and per due game in microseconds. Figures only; nothing passes or
 * fails. */
#include <stdio.h>
#include <stdlib.h>

#include "bot/bot.h"
#include "bot/internal.h" /* to make every game due */

#include "bench_samples.h"

static void no_line(void *ctx, const char *target, const char *text, unsigned flags,
                    const char *key)
{
    (void)ctx;
    (void)target;
    (void)text;
    (void)flags;
    (void)key;
}

static void run(int lobbies, int rounds)
{
    struct config_network net = {.nick = "brickwood"};
    struct config_bot cb = {.prefix = "!"};
    struct config_game cg = {3, 6, 10, 0, 2, 100, 0, false};
    struct bw_out out = {.send = no_line};
    struct bot *b = bot_new(&net, &cb, &cg, &out, 1);
    if (!b) {
        fprintf(stderr, "bot_new refused its arguments\n");
        exit(1);
    }
    int64_t t = 1000000;
    for (int i = 0; i < lobbies; i++) {
        char chan[32], nick[32], host[48];
        snprintf(chan, sizeof chan, "#l%d", i);
        snprintf(nick, sizeof nick, "p%d", i);
        snprintf(host, sizeof host, "%s.example", nick);
        struct bw_identity id = {nick, "u", host, NULL, true, false};
        bot_on_message(b, chan, &id, "!new", t);
    }
    struct samples ticks = {0};
    for (int r = 0; r < rounds; r++) {
        t += 1000;
        for (int i = 0; i < b->n_games; i++)
            b->games[i]->robot_due_ms = t;
        double t0 = now();
        bot_tick(b, t);
        add_sample(&ticks, (now() - t0) * 1000);
    }
    sort_samples(&ticks);
    printf("%5d games due  tick: median %8.3f ms, max %8.3f ms  (%.2f us a game)\n", b->n_games,
           quantile(&ticks, 0.5), quantile(&ticks, 1), quantile(&ticks, 0.5) * 1000 / lobbies);
    fflush(stdout);
    bot_free(b);
    free(ticks.v);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 50;
    if (rounds < 1 || rounds > 100000) {
        fprintf(stderr, "usage: tick_bench [ROUNDS (1-100000)]\n");
        return 2;
    }
    static const int sizes[] = {100, 1000, 3000, 6000};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        run(sizes[i], rounds);
    return 0;
}
