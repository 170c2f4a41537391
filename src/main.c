/* brickwood: command line, configuration, signals, and one connection per network. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "bot/bot.h"
#include "config/config.h"
#include "irc/conn.h"
#include "session/session.h"
#include "netstore.h"
#include "store/store.h"
#include "util/log.h"
#include "util/xmalloc.h"

#ifndef BW_VERSION
#define BW_VERSION "dev"
#endif

static volatile sig_atomic_t stop_signal, reload_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

static void on_hup(int sig)
{
    (void)sig;
    reload_signal = 1;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: brickwood [-c FILE]      run with this configuration\n"
                 "       brickwood -t [-c FILE]   check the configuration and exit\n"
                 "       brickwood -V | -h        version | this help\n"
                 "Without -c: ./brickwood.conf, then "
                 "$XDG_CONFIG_HOME/brickwood/brickwood.conf.\n");
}

/* Every running connection and the configuration they came from. */
struct app {
    const char *path;
    struct bw_config cfg;
    struct ircb_conn **conns;
    size_t conn_count;
    uint64_t seed;
    struct store *store;
    struct net_store **nets; /* one per network ever connected; freed at exit */
    size_t net_count;
};

/* Keep c's games in the store, and bring back those saved for its network. */
static void attach_store(struct app *app, struct ircb_conn *c, const struct config_network *net)
{
    struct net_store *ns = net_store_new(app->store, net->name);
    app->nets = xreallocarray(app->nets, app->net_count + 1, sizeof *app->nets);
    app->nets[app->net_count++] = ns;
    struct bot *bot = ircb_conn_bot(c);
    int restored = net_store_restore(ns, bot, ircb_now_ms());
    if (restored > 0)
        log_info("%s: %d lobbies and games restored; each resumes when the bot is back in its "
                 "channel",
                 net->name, restored);
    struct session_store_ops ops;
    net_store_ops(ns, &ops);
    bot_set_store(bot, &ops);
}

static int load(const char *path, struct bw_config *cfg)
{
    struct config_errors errs;
    config_errors_init(&errs);
    int rc = config_load(cfg, path, &errs);
    config_errors_print(&errs, stderr);
    config_errors_fini(&errs);
    return rc;
}

static void request_reload(void *ctx)
{
    (void)ctx;
    reload_signal = 1;
}

static struct ircb_conn *open_conn(struct app *app, const struct config_network *net)
{
    struct ircb_hooks hooks = {.ctx = app, .reload = request_reload};
    struct ircb_conn *c = ircb_conn_new(net, &app->cfg.bot, &app->cfg.game, app->seed++, &hooks);
    if (!c)
        log_error("%s: cannot start the bot", net->name);
    else if (app->store)
        attach_store(app, c, net);
    return c;
}

/* SIGHUP: networks that stay are reconfigured (channels joined/parted, bot and game settings
 * handed to their bots), new ones connect, removed ones quit. A file with problems changes
 * nothing. Running games keep their settings but for the turn timeout. */
static void reload(struct app *app)
{
    struct bw_config fresh;
    if (load(app->path, &fresh) != 0) {
        log_error("reload: %s has problems; keeping the running configuration", app->path);
        return;
    }
    log_set_level(fresh.log_level);
    struct ircb_conn **next = xcalloc(fresh.network_count, sizeof *next);
    size_t count = 0;
    for (size_t i = 0; i < app->conn_count; i++) {
        struct ircb_conn *c = app->conns[i];
        const struct config_network *net = config_network_find(&fresh, ircb_conn_name(c));
        if (net) {
            ircb_conn_reconfigure(c, net, &fresh.bot, &fresh.game);
        } else {
            log_info("%s: no longer configured; leaving", ircb_conn_name(c));
            ircb_conn_quit(c, "network removed from the configuration");
            for (int j = 0; j < 30 && !ircb_conn_done(c); j++)
                ircb_run_once(&c, 1, 100);
            ircb_conn_free(c);
            app->conns[i] = NULL;
        }
    }
    for (size_t i = 0; i < app->conn_count; i++)
        if (app->conns[i])
            next[count++] = app->conns[i];
    config_fini(&app->cfg);
    app->cfg = fresh;
    for (size_t j = 0; j < app->cfg.network_count; j++) {
        const struct config_network *net = &app->cfg.networks[j];
        bool have = false;
        for (size_t i = 0; i < count && !have; i++)
            have = strcasecmp(ircb_conn_name(next[i]), net->name) == 0;
        if (!have) {
            struct ircb_conn *c = open_conn(app, net);
            if (c)
                next[count++] = c;
        }
    }
    free(app->conns);
    app->conns = next;
    app->conn_count = count;
    log_info("configuration reloaded from %s", app->path);
}

static int run(struct app *app)
{
    app->conns = xcalloc(app->cfg.network_count, sizeof *app->conns);
    for (size_t i = 0; i < app->cfg.network_count; i++) {
        struct ircb_conn *c = open_conn(app, &app->cfg.networks[i]);
        if (!c)
            return 1;
        app->conns[app->conn_count++] = c;
    }

    struct sigaction sa = {0};
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_stop; /* no SA_RESTART: poll returns at once */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_hup;
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    while (!stop_signal) {
        if (reload_signal) {
            reload_signal = 0;
            reload(app);
        }
        ircb_run_once(app->conns, app->conn_count, 1000);
    }
    log_info("signal %d: leaving", (int)stop_signal);
    for (size_t i = 0; i < app->conn_count; i++)
        ircb_conn_quit(app->conns[i], "brickwood shutting down");
    for (int round = 0; round < 50; round++) {
        bool all = true;
        for (size_t i = 0; i < app->conn_count; i++)
            all = all && ircb_conn_done(app->conns[i]);
        if (all)
            break;
        ircb_run_once(app->conns, app->conn_count, 100);
    }
    for (size_t i = 0; i < app->conn_count; i++)
        ircb_conn_free(app->conns[i]);
    free(app->conns);
    return 0;
}

static void close_store(struct app *app)
{
    store_close(app->store);
    app->store = NULL;
    for (size_t i = 0; i < app->net_count; i++) {
        net_store_free(app->nets[i]);
    }
    free(app->nets);
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    bool check = false;
    int opt;
    while ((opt = getopt(argc, argv, "c:tVh")) != -1) {
        switch (opt) {
        case 'c':
            path = optarg;
            break;
        case 't':
            check = true;
            break;
        case 'V':
            printf("brickwood %s\n", BW_VERSION);
            return 0;
        case 'h':
            usage(stdout);
            return 0;
        default:
            usage(stderr);
            return 2;
        }
    }
    if (optind < argc) {
        usage(stderr);
        return 2;
    }

    char *found = NULL;
    if (!path) {
        found = config_default_path(getenv("HOME"), getenv("XDG_CONFIG_HOME"));
        if (!found) {
            fprintf(stderr, "brickwood: no configuration file: give one with -c FILE, or "
                            "create ./brickwood.conf\n");
            return 1;
        }
        path = found;
    }

    struct app app = {.path = path};
    int rc = load(path, &app.cfg);
    for (size_t i = 0; rc == 0 && i < app.cfg.network_count; i++)
        if (!ircb_conn_usable(&app.cfg.networks[i]))
            rc = 1; /* valid, but its certificate files cannot be used */
    if (check) {
        if (rc == 0)
            printf("%s: configuration OK\n", path);
        config_fini(&app.cfg);
        free(found);
        return rc == 0 ? 0 : 1;
    }
    if (rc != 0) {
        fprintf(stderr, "brickwood: %s has problems; not starting\n", path);
        config_fini(&app.cfg);
        free(found);
        return 1;
    }
    log_set_level(app.cfg.log_level);
    /* BRICKWOOD_SEED makes boards, decks and dice repeatable (tests, bug reports). */
    const char *seed_text = getenv("BRICKWOOD_SEED");
    char *seed_end = NULL;
    if (seed_text && *seed_text) {
        app.seed = strtoull(seed_text, &seed_end, 10);
        if (*seed_end) {
            fprintf(stderr, "brickwood: BRICKWOOD_SEED must be a number\n");
            config_fini(&app.cfg);
            free(found);
            return 1;
        }
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        app.seed =
            (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
    }
    log_info("brickwood %s starting with %s", BW_VERSION, path);
    char err[512];
    app.store = store_open(app.cfg.store_path, err, sizeof err);
    if (!app.store) {
        fprintf(stderr, "brickwood: %s; not starting\n", err);
        config_fini(&app.cfg);
        free(found);
        return 1;
    }
    rc = run(&app);
    close_store(&app);
    config_fini(&app.cfg);
    free(found);
    return rc;
}
