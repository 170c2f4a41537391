/* What the hard computer players cost the bot's event loop: GAMES games at once in as many
 * channels of one bot, every seat played by a hard computer player, the bot driven as the IRC
 * layer drives it (bot_tick whenever bot_next_deadline() has passed, asleep until then) on the
 * real clock for SECONDS.
 * Usage: robots_bench [-n GAMES] [-t THINK_MS] [-d DELAY_MS] [-s SECONDS] [-f DIR]
 *        (default: 50 games, game.bot_think_ms 2000, game.bot_delay_ms 1500, 60 seconds, no
 *        store; -f DIR keeps the games in a store file in DIR, as the bot does, so that every
 *        move commits a synced transaction inside the loop)
 *
 * A game needs a person: each has one who sat down with three hard computer players, started
 * it and left; with game.takeover a hard computer player sits in for them once the grace
 * period is over. The session layer plays that part on its own clock (session_join,
 * session_add_robot, session_start, session_depart, session_tick), and the game reaches the
 * bot as a saved record (bot_restore) with the bot then joining its channel, as after a
 * restart. Before the clock starts, each game is played by the engine's random players to a
 * random point of a typical game, so that the games are spread over every stage and some
 * finish while the clock runs; a game that ends is replaced by a new one in its channel.
 *
 * Figures, all on the real clock: for each hard move, the time from the turn of the loop in
 * which its search began (the bot's start of thinking) to the end of the turn in which it was
 * played (when the IRC layer can send its lines), against bot_think_ms; moves chosen at once
 * (a roll without a card to play, a discard) and trading (offers, answers, confirmations)
 * apart. How late thinking began after the move
 * was due (bot_delay_ms over). How long each turn of the loop (bot_tick) took: a command or a
 * line arriving meanwhile waits that long. Moves per second, processor time, games finished.
 * Printed figures only. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bot/bot.h"
#include "bot/internal.h" /* the games' searches: when each hard move began thinking */
#include "engine/error.h"
#include "engine/playout.h"
#include "netstore.h"
#include "session/session.h"
#include "store/store.h"
#include "util/xmalloc.h"

#include "bench_samples.h"

#define NETWORK "bench"
#define OWN_NICK "brickwood"
/* Hard computer players beside the person each game starts with. */
#define ROBOTS 3
/* Moves of a typical 4-player game with random players (engine_bench): the games start the
 * timed part anywhere up to this far in. */
#define TYPICAL_MOVES 410
/* The hard level's slice and thinking per turn of the loop (src/bot/robots.c), for figures. */
#define SLICE_MS 5.0
#define TICK_THINK_MS 25.0

static size_t count_above(const struct samples *s, double limit)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++)
        n += s->v[i] > limit;
    return n;
}

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

/* The bot's clock, as the IRC layer reads it (ircb_now_ms). */
static int64_t clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double thread_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Asleep until the bot's clock reads ms, as poll() with the loop's timeout would be. */
static void sleep_until_ms(int64_t ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
    }
}

/* What the bench knows of one channel's game between turns of the loop. */
struct chan {
    char name[32];
    int number;         /* games opened in this channel so far */
    double think_start; /* when the search in progress began: the start of that turn (seconds) */
    int64_t spent_us;   /* its thinking so far */
    double sent;        /* when its first line of this turn went to the IRC layer, or 0 */
};

struct bench {
    struct bot *bot;
    struct bw_rng rng;
    struct chan *chans;
    int n_games, think_ms, delay_ms;
    long lines;
    long moves_searched, moves_at_once, finished, opened;
    struct samples moves;     /* every hard move: start of thinking to the end of its turn */
    struct samples searched;  /* those whose search went on past the turn it began in */
    struct samples full;      /* those that thought until the budget ran out */
    struct samples full_sent; /* the same until their first line went to the IRC layer */
    struct samples at_once, start_lag, ticks, tick_cpu, slices;
    double think_sum_ms; /* thinking spent by all the turns of the loop */
    long thinking_sum;   /* games thinking after each turn, summed */
    int thinking_max;
};

static void count_line(void *ctx, const char *target, const char *text, unsigned flags,
                       const char *key)
{
    struct bench *x = ctx;
    x->lines++;
    /* The time of a move: its first line, handed over as soon as the move is applied. */
    if (strncmp(target, "#robots", 7) == 0) {
        int c = atoi(target + 7);
        if (c >= 0 && c < x->n_games && !x->chans[c].sent)
            x->chans[c].sent = now();
    }
}

/* A new game in channel c, handed to the bot at now_ms: a person sat down with ROBOTS hard
 * computer players, started and left, and a hard one sits in for them; then, when warm, up to
 * TYPICAL_MOVES random moves. */
static void open_game(struct bench *x, int c, bool warm, int64_t now_ms)
{
    struct chan *ch = &x->chans[c];
    struct session s;
    struct session_rules rules = {3, 6, 10, 0, SESSION_ROBOT_HARD, true};
    session_init(&s, ch->name, &rules, bw_rng_next(&x->rng));
    char nick[32], host[48], msg[200];
    snprintf(nick, sizeof nick, "p%d_%d", c, ch->number++);
    snprintf(host, sizeof host, "%s.example", nick);
    struct session_who who = {nick, "u", host, NULL, false};
    if (session_join(&s, &who) < 0)
        die("%s: the person could not sit down", ch->name);
    for (int i = 0; i < ROBOTS; i++)
        if (session_add_robot(&s, SESSION_ROBOT_HARD) < 0)
            die("%s: no seat for a computer player", ch->name);
    /* The session's own clock: far enough back that the grace period is over now. */
    int64_t t = now_ms - SESSION_GRACE_MS - 60000;
    if (session_start(&s, NULL, t, msg, sizeof msg) != BW_OK)
        die("%s: the game did not start: %s", ch->name, msg);
    if (session_depart(&s, nick, t) < 0)
        die("%s: the person could not leave", ch->name);
    t += SESSION_GRACE_MS;
    struct session_tick tk;
    if (session_tick(&s, t, &tk) != SESSION_TICK_SIT_IN)
        die("%s: no computer player sat in for the person", ch->name);
    for (uint32_t k = warm ? bw_rng_below(&x->rng, TYPICAL_MOVES) : 0; k > 0; k--) {
        struct session keep = s;
        struct game_action a;
        if (playout_choose(&s.game, &x->rng, &a) != BW_OK ||
            session_apply(&s, &a, t, NULL, 0, NULL) != BW_OK)
            die("%s: a random move was refused", ch->name);
        if (s.state != SESSION_PLAYING) { /* it would have ended: stop before */
            s = keep;
            break;
        }
    }
    unsigned char blob[SESSION_RECORD_SIZE];
    size_t len = session_save(&s, t, blob, sizeof blob);
    if (!len || bot_restore(x->bot, blob, len, now_ms, NULL, 0) != BW_OK)
        die("%s: the bot refused the game's record", ch->name);
    /* The bot in its channel: the game resumes and its computer players are scheduled. */
    struct bw_identity own = {OWN_NICK, "bot", "bench.example", NULL, true, false};
    bot_on_join(x->bot, ch->name, &own, now_ms);
    x->opened++;
}

/* One turn of the event loop at the bot's clock ms, and what it did to each game. */
static void turn(struct bench *x, int64_t ms)
{
    static struct game before[1024];
    static const struct ai_search *search_before[1024];
    static int64_t due_before[1024];
    for (int c = 0; c < x->n_games; c++) {
        const struct bot_game *g = bot_find(x->bot, x->chans[c].name);
        if (!g)
            die("%s: no game", x->chans[c].name);
        before[c] = g->s.game;
        search_before[c] = g->search;
        due_before[c] = g->robot_due_ms;
        if (g->search)
            x->chans[c].spent_us = g->search_spent_us;
        x->chans[c].sent = 0;
    }
    double t0 = now(), c0 = thread_cpu_s();
    bot_tick(x->bot, ms);
    double t1 = now();
    add_sample(&x->ticks, t1 - t0);
    add_sample(&x->tick_cpu, thread_cpu_s() - c0);
    x->think_sum_ms += TICK_THINK_MS - (double)x->bot->think_left_us / 1000.0;
    int thinking = 0;
    for (int c = 0; c < x->n_games; c++) {
        struct chan *ch = &x->chans[c];
        const struct bot_game *g = bot_find(x->bot, ch->name);
        bool over = !g || g->s.state != SESSION_PLAYING;
        if (over || memcmp(&before[c], &g->s.game, sizeof before[c]) != 0) {
            /* The game's computer players acted (once at most per turn of the loop: a move, or
             * an answer to an offer and perhaps a counter-offer); a move that ends a search. */
            if (search_before[c] && (over || g->search != search_before[c])) {
                double took = t1 - ch->think_start;
                x->moves_searched++;
                add_sample(&x->moves, took);
                add_sample(&x->searched, took);
                if (took >= x->think_ms / 1e3) {
                    add_sample(&x->full, took);
                    add_sample(&x->full_sent, (ch->sent ? ch->sent : t1) - ch->think_start);
                    add_sample(&x->slices, (double)ch->spent_us / 1000.0);
                }
            } else {
                x->moves_at_once++;
                add_sample(&x->moves, t1 - t0);
                add_sample(&x->at_once, t1 - t0);
                add_sample(&x->start_lag, (double)(ms - due_before[c]) / 1000.0);
            }
        } else if (g->search && g->search != search_before[c]) {
            ch->think_start = t0; /* its search began in this turn */
            add_sample(&x->start_lag, (double)(ms - due_before[c]) / 1000.0);
        }
        if (over) {
            x->finished++;
            open_game(x, c, false, clock_ms());
        } else if (g->search) {
            thinking++;
        }
    }
    x->thinking_sum += thinking;
    if (thinking > x->thinking_max)
        x->thinking_max = thinking;
}

static void print_times(const char *what, struct samples *s)
{
    sort_samples(s);
    printf("%s: median %.1f ms, p99 %.1f ms, max %.1f ms (%zu)\n", what, quantile(s, 0.5) * 1e3,
           quantile(s, 0.99) * 1e3, s->n ? s->v[s->n - 1] * 1e3 : 0, s->n);
}

static void usage(void)
{
    fprintf(stderr, "usage: robots_bench [-n GAMES (1-1000)] [-t THINK_MS (50-60000)] "
                    "[-d DELAY_MS (0-60000)] [-s SECONDS (1-3600)] [-f DIR]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    int games = 50, think_ms = 2000, delay_ms = 1500;
    double seconds = 60;
    const char *dir = NULL;
    for (int opt; (opt = getopt(argc, argv, "n:t:d:s:f:")) != -1;) {
        switch (opt) {
        case 'n':
            games = atoi(optarg);
            break;
        case 't':
            think_ms = atoi(optarg);
            break;
        case 'd':
            delay_ms = atoi(optarg);
            break;
        case 's':
            seconds = strtod(optarg, NULL);
            break;
        case 'f':
            dir = optarg;
            break;
        default:
            usage();
        }
    }
    if (optind != argc || games < 1 || games > 1000 || think_ms < 50 || think_ms > 60000 ||
        delay_ms < 0 || delay_ms > 60000 || !(seconds >= 1 && seconds <= 3600))
        usage();

    struct bench x = {.n_games = games, .think_ms = think_ms, .delay_ms = delay_ms};
    struct config_network net = {.nick = OWN_NICK};
    struct config_bot cb = {.prefix = "!"};
    struct config_game cg = {3, 6, 10, 0, SESSION_ROBOT_HARD, think_ms, delay_ms, true};
    struct bw_out out = {.ctx = &x, .send = count_line};
    x.bot = bot_new(&net, &cb, &cg, &out, 1);
    if (!x.bot)
        die("bot_new refused its arguments");
    bot_set_repeatable(x.bot, true); /* the same games each run */
    char store_file[4096] = "";
    struct store *st = NULL;
    struct net_store *ns = NULL;
    if (dir) {
        char err[512];
        snprintf(store_file, sizeof store_file, "%s/robots_bench.%ld.db", dir, (long)getpid());
        if (!(st = store_open(store_file, err, sizeof err)))
            die("%s", err);
        ns = net_store_new(st, NETWORK);
        struct session_store_ops ops;
        net_store_ops(ns, &ops);
        bot_set_store(x.bot, &ops);
    }
    bw_rng_seed(&x.rng, 7919);
    x.chans = xcalloc((size_t)games, sizeof *x.chans);
    double t0 = now();
    for (int c = 0; c < games; c++) {
        snprintf(x.chans[c].name, sizeof x.chans[c].name, "#robots%d", c);
        open_game(&x, c, true, clock_ms());
    }
    double setup = now() - t0;
    x.opened = 0;
    x.lines = 0;

    double start = now(), cpu0 = cpu_s();
    int64_t end_ms = clock_ms() + (int64_t)(seconds * 1000);
    for (;;) {
        int64_t ms = clock_ms();
        if (ms >= end_ms)
            break;
        if (ms >= bot_next_deadline(x.bot))
            turn(&x, ms);
        int64_t next = bot_next_deadline(x.bot);
        if (next > clock_ms())
            sleep_until_ms(next < end_ms ? next : end_ms);
    }
    double elapsed = now() - start, cpu = cpu_s() - cpu0;

    long moves = x.moves_searched + x.moves_at_once;
    printf("robots_bench: %d games in %d channels, each 4 hard computer players (one sitting in "
           "for the person who left); bot_think_ms %d, bot_delay_ms %d, %s\n",
           games, games, think_ms, delay_ms, dir ? store_file : "no store");
    printf("setup: the games played by random players to random points (up to %d moves) and "
           "handed to the bot in %.2f s\n",
           TYPICAL_MOVES, setup);
    printf("run: %.1f s on the real clock; %ld hard moves (%.1f per second), %ld of them "
           "searched, %ld chosen at once; %ld games finished (and as many new ones opened)\n",
           elapsed, moves, (double)moves / elapsed, x.moves_searched, x.moves_at_once, x.finished);
    double budget = think_ms / 1e3;
    print_times("every hard move, start of thinking to the end of the turn that played it",
                &x.moves);
    print_times("  those that went on thinking after the turn they began in", &x.searched);
    print_times("  those that thought until the budget ran out", &x.full);
    print_times("    the same to their first line, as the move was applied", &x.full_sent);
    printf("  against the budget of %d ms: p99 of every move %+.1f%%, of those that ran out "
           "%+.1f%%; %zu moves over the budget by more than 10%%\n",
           think_ms, (quantile(&x.moves, 0.99) / budget - 1) * 100,
           x.full.n ? (quantile(&x.full, 0.99) / budget - 1) * 100 : 0.0,
           count_above(&x.moves, budget * 1.1));
    sort_samples(&x.slices);
    printf("  processor time a move that ran out had thought before the turn that played it: "
           "median %.0f ms, least %.0f ms (slices of %.0f ms)\n",
           quantile(&x.slices, 0.5), x.slices.n ? x.slices.v[0] : 0, SLICE_MS);
    print_times("move chosen at once (or an offer, answer or confirmation), its turn of the loop",
                &x.at_once);
    print_times("start of thinking after the move was due (bot_delay_ms over)", &x.start_lag);
    print_times("turn of the event loop (bot_tick), what a command or line waits at most",
                &x.ticks);
    print_times("  the same in processor time", &x.tick_cpu);
    printf("  %.1f turns per second; thinking %.1f ms per turn on average (at most %.0f); games "
           "thinking after a turn: %.1f on average, %d at most\n",
           (double)x.ticks.n / elapsed, x.ticks.n ? x.think_sum_ms / (double)x.ticks.n : 0,
           TICK_THINK_MS, x.ticks.n ? (double)x.thinking_sum / (double)x.ticks.n : 0,
           x.thinking_max);
    printf("processor time: %.1f s in %.1f s (%.0f%% of one CPU)\n", cpu, elapsed,
           cpu / elapsed * 100);
    printf("lines to IRC: %.1f per second\n", (double)x.lines / elapsed);

    bot_free(x.bot);
    if (dir) {
        net_store_free(ns);
        store_close(st);
        static const char *const tails[] = {"", "-wal", "-shm", "-lock"};
        char name[sizeof store_file + 8];
        for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
            snprintf(name, sizeof name, "%s%s", store_file, tails[i]);
            unlink(name);
        }
    }
    free(x.chans);
    free(x.moves.v);
    free(x.searched.v);
    free(x.full.v);
    free(x.full_sent.v);
    free(x.at_once.v);
    free(x.tick_cpu.v);
    free(x.start_lag.v);
    free(x.ticks.v);
    free(x.slices.v);
    return 0;
}
