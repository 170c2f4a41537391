/* brickwood: command line, configuration, signals, and one connection per network. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bot/bot.h"
#include "config/config.h"
#include "irc/conn.h"
#include "irc/tls.h"
#include "session/session.h"
#include "netstore.h"
#include "store/store.h"
#include "util/log.h"
#include "util/osrandom.h"
#include "util/xmalloc.h"
#include "web/server.h"
#include "webview.h"

#ifndef BW_VERSION
#define BW_VERSION "dev"
#endif
/* Where the install puts the example configuration. CMake sets it from GNUInstallDirs, with
 * BW_INSTALL_BINDIR_REL and BW_EXAMPLE_CONF_REL, the binary's and the example's places relative
 * to the prefix (see example_path). */
#ifndef BW_EXAMPLE_CONF
#define BW_EXAMPLE_CONF "/usr/local/share/doc/brickwood/examples/brickwood.conf"
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

static void print_versions(void)
{
    char irc[32];
    printf("brickwood %s\n", BW_VERSION);
    printf("libircclient %s\n", ircb_libircclient_version(irc, sizeof irc));
    printf("libconfig %s\n", config_libconfig_version());
    printf("%s\n", ircb_tls_version());
    printf("SQLite %s\n", store_sqlite_version());
    printf("libpq %s\n", store_libpq_version());
    printf("%s\n", web_library_version());
}

/* The example configuration to name in the first-run message: the one installed beside this
 * binary (PREFIX/bin/brickwood -> PREFIX/share/doc/brickwood/examples), so that an install
 * under any --prefix names its own copy; else the one the build was configured to install;
 * else, for a binary run from its build folder, the source tree's. */
static const char *example_path(char *buf, size_t size)
{
#if defined(BW_INSTALL_BINDIR_REL) && defined(BW_EXAMPLE_CONF_REL)
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        size_t bin_len = strlen(BW_INSTALL_BINDIR_REL);
        if (slash) {
            *slash = '\0';
            size_t dir_len = strlen(exe);
            if (dir_len > bin_len && exe[dir_len - bin_len - 1] == '/' &&
                strcmp(exe + dir_len - bin_len, BW_INSTALL_BINDIR_REL) == 0) {
                exe[dir_len - bin_len - 1] = '\0';
                snprintf(buf, size, "%s/%s", exe, BW_EXAMPLE_CONF_REL);
                if (access(buf, R_OK) == 0)
                    return buf;
            }
        }
    }
#endif
    if (access(BW_EXAMPLE_CONF, R_OK) == 0)
        return BW_EXAMPLE_CONF;
#ifdef BW_SOURCE_EXAMPLE_CONF
    if (access(BW_SOURCE_EXAMPLE_CONF, R_OK) == 0)
        return BW_SOURCE_EXAMPLE_CONF;
#endif
    return BW_EXAMPLE_CONF;
}

/* s as one shell word, quoted only when it needs to be. */
static void put_word(FILE *out, const char *s)
{
    if (*s &&
        strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+-,:@%=") ==
            strlen(s)) {
        fputs(s, out);
        return;
    }
    fputc('\'', out);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\''", out);
        else
            fputc(*s, out);
    }
    fputc('\'', out);
}

/* No configuration file yet: say where it was looked for and how to make one from the example.
 * target is where to put it; looked is what was tried, for the first line. */
static void first_run(const char *looked, const char *target)
{
    char buf[PATH_MAX + 64];
    const char *example = example_path(buf, sizeof buf);
    fprintf(stderr,
            "brickwood: no configuration at %s\n"
            "brickwood: to begin, copy the example, edit it (networks, channels, bot.admins) and "
            "check it:\n",
            looked);
    char *dir = xstrdup(target);
    char *slash = strrchr(dir, '/');
    struct stat st;
    if (slash && slash != dir) {
        *slash = '\0';
        if (stat(dir, &st) != 0) {
            fputs("    mkdir -p ", stderr);
            put_word(stderr, dir);
            fputc('\n', stderr);
        }
    }
    free(dir);
    fputs("    cp ", stderr);
    put_word(stderr, example);
    fputc(' ', stderr);
    put_word(stderr, target);
    fputs("\n    brickwood -t -c ", stderr);
    put_word(stderr, target);
    fputc('\n', stderr);
}

static void usage(FILE *out)
{
    fprintf(out, "usage: brickwood [-c FILE]      run with this configuration\n"
                 "       brickwood --start-empty [-c FILE]\n"
                 "                                run even when the store's saved games cannot be "
                 "read (they are not restored)\n"
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
    bool repeatable; /* BRICKWOOD_SEED: games from seed, not from the system */
    struct store *store;
    struct net_store **nets; /* one per network ever connected; freed at exit */
    size_t net_count;
    struct webview *web; /* NULL when the web view is off */
    bool start_empty; /* --start-empty: a store whose games cannot be listed is no reason to stop */
};

/* Keep c's games in the store, and bring back those saved for its network. false when they
 * cannot be listed: the network does not start (its bot would write over them), unless the bot
 * was told to start empty. */
static bool attach_store(struct app *app, struct ircb_conn *c, const struct config_network *net)
{
    struct net_store *ns = net_store_new(app->store, net->name);
    app->nets = xreallocarray(app->nets, app->net_count + 1, sizeof *app->nets);
    app->nets[app->net_count++] = ns;
    struct bot *bot = ircb_conn_bot(c);
    char why[300] = "";
    /* Several bots on one database: each configured channel is this one's or another's, never
     * both; one that another bot holds keeps this network from starting. */
    for (size_t i = 0; i < net->channel_count; i++) {
        if (net_store_claim(ns, net->channels[i], why, sizeof why) != BW_OK) {
            fprintf(stderr, "brickwood: %s: %s; not starting\n", net->name, why);
            log_event(LOG_LEVEL_ERROR,
                      &(struct log_fields){.network = net->name, .action = "start_failed"},
                      "%s: %s; not starting", net->name, why);
            return false;
        }
    }
    int restored = net_store_restore(ns, bot, ircb_now_ms(), why, sizeof why);
    if (restored < 0 && !app->start_empty) {
        fprintf(stderr,
                "brickwood: %s: the saved games of %s cannot be read (%s); not starting, so that "
                "nothing overwrites them (--start-empty starts without them)\n",
                store_path(app->store), net->name, why);
        log_event(LOG_LEVEL_ERROR,
                  &(struct log_fields){.network = net->name, .action = "start_failed"},
                  "%s: the saved games in %s cannot be read (%s); not starting", net->name,
                  store_path(app->store), why);
        return false;
    }
    if (restored < 0)
        log_event(LOG_LEVEL_WARN, &(struct log_fields){.network = net->name, .action = "restore"},
                  "%s: the saved games in %s cannot be read (%s); starting empty as told",
                  net->name, store_path(app->store), why);
    if (restored > 0)
        log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = net->name, .action = "restore"},
                  "%s: %d %s restored; %s when the bot is back in its channel", net->name, restored,
                  restored == 1 ? "lobby or game" : "lobbies and games",
                  restored == 1 ? "it resumes" : "each resumes");
    struct session_store_ops ops;
    net_store_ops(ns, &ops);
    bot_set_store(bot, &ops);
    return true;
}

/* brickwood -t: which store the configuration names; for PostgreSQL, whether the database can
 * be reached and which schema it holds. 0, or 1 after saying why not. */
static int check_store(const struct bw_config *cfg)
{
    if (!cfg->store_postgresql) {
        printf("store: SQLite file %s\n", cfg->store_path);
        return 0;
    }
    char err[512];
    int version = 0;
    if (store_pg_check(cfg->store_postgresql, &version, err, sizeof err) != BW_OK) {
        fprintf(stderr, "store: PostgreSQL, instance %s: %s\n", cfg->store_instance, err);
        return 1;
    }
    if (version == 0)
        printf("store: PostgreSQL, instance %s: connected; no schema yet (created at the first "
               "start, version %d)\n",
               cfg->store_instance, STORE_PG_SCHEMA_VERSION);
    else
        printf("store: PostgreSQL, instance %s: connected; schema version %d\n",
               cfg->store_instance, version);
    return 0;
}

/* The store the configuration names. A PostgreSQL server that cannot be reached (the host
 * still starting, the server restarting) is waited for, with a log line at each try, 1 s, 2 s,
 * ... then every 30 s, rather than taken for a reason to exit; a database that is reached but
 * cannot be used (another program's, a newer schema, the instance in use) is refused at once. */
static struct store *open_store(const struct bw_config *cfg, unsigned flags, char *err,
                                size_t errsize)
{
    if (!cfg->store_postgresql)
        return store_open_flags(cfg->store_path, flags, err, errsize);
    for (unsigned wait = 1;; wait = wait * 2 > 30 ? 30 : wait * 2) {
        struct store *st =
            store_open_pg(cfg->store_postgresql, cfg->store_instance, flags, err, errsize);
        char why[512];
        int version;
        if (st ||
            store_pg_check(cfg->store_postgresql, &version, why, sizeof why) != BW_E(NOT_CONNECTED))
            return st;
        log_event(LOG_LEVEL_WARN, &(struct log_fields){.action = "store_wait"},
                  "%s; trying again in %u s", err, wait);
        sleep(wait);
    }
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

struct counting {
    void (*emit)(void *ectx, const char *line);
    void *ectx;
    int lines;
};

static void count_line(void *ctx, const char *line)
{
    struct counting *k = ctx;
    k->lines++;
    k->emit(k->ectx, line);
}

static long long file_size(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 ? (long long)sb.st_size : -1;
}

/* Admin "status" and "games": every network of the process, then the store. */
static void describe_all(void *ctx, const char *what, const char *channel,
                         void (*emit)(void *ectx, const char *line), void *ectx)
{
    struct app *app = ctx;
    struct counting k = {emit, ectx, 0};
    for (size_t i = 0; i < app->conn_count; i++)
        if (app->conns[i])
            ircb_conn_describe(app->conns[i], what, channel, count_line, &k);
    if (strcmp(what, "games") == 0 && !k.lines)
        emit(ectx, "no lobby or game");
    if (strcmp(what, "status") == 0 && channel && !k.lines)
        emit(ectx, "no network has that channel");
    if (strcmp(what, "status") == 0 && !channel && app->store && app->cfg.store_postgresql) {
        char line[600];
        snprintf(line, sizeof line, "store: %s", store_path(app->store));
        emit(ectx, line);
    } else if (strcmp(what, "status") == 0 && !channel && app->store) {
        char line[600], wal[4200];
        const char *path = store_path(app->store);
        snprintf(wal, sizeof wal, "%s-wal", path);
        long long db = file_size(path), log = file_size(wal);
        snprintf(line, sizeof line, "store: %s, %lld bytes (%lld more in the write-ahead log)",
                 path, db < 0 ? 0 : db, log < 0 ? 0 : log);
        emit(ectx, line);
    }
}

static struct ircb_conn *open_conn(struct app *app, const struct config_network *net)
{
    struct ircb_hooks hooks = {.ctx = app, .reload = request_reload, .describe = describe_all};
    struct ircb_conn *c = ircb_conn_new(net, &app->cfg.bot, &app->cfg.game, app->seed++, &hooks);
    if (!c) {
        log_event(LOG_LEVEL_ERROR,
                  &(struct log_fields){.network = net->name, .action = "start_failed"},
                  "%s: cannot start the bot", net->name);
        return NULL;
    }
    bot_set_repeatable(ircb_conn_bot(c), app->repeatable);
    struct timespec wall;
    if (clock_gettime(CLOCK_REALTIME, &wall) == 0)
        bot_set_wall_clock(ircb_conn_bot(c),
                           (int64_t)wall.tv_sec * 1000 + wall.tv_nsec / 1000000 - ircb_now_ms(),
                           app->store ? store_last_alive(app->store) : INT64_MIN);
    if (app->store && !attach_store(app, c, net)) {
        ircb_conn_free(c);
        return NULL;
    }
    return c;
}

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* The web server keeps the address it was started with: a reload that changes the web group
 * says so, and the bots go on naming the address that is served. */
static void keep_web(struct app *app, struct bw_config *fresh)
{
    struct config_web *was = &app->cfg.web, *now = &fresh->web;
    if (same_text(was->host, now->host) && was->port == now->port &&
        same_text(was->public_url, now->public_url))
        return;
    log_event(LOG_LEVEL_WARN, &(struct log_fields){.action = "reload"},
              "reload: the web group changed; it applies when brickwood starts again");
    struct config_web keep = *was;
    *was = *now;
    *now = keep;
    char *url = app->cfg.bot.web_url;
    app->cfg.bot.web_url = fresh->bot.web_url;
    fresh->bot.web_url = url;
}

/* The store is opened once, at the start: a reload that names another one (the other backend,
 * another file, database or instance) would leave the running bots on the old store while the
 * configuration says otherwise. Such a reload is refused whole; what changed goes to why (never
 * the connection string, which may hold a password). */
static bool store_changed(const struct bw_config *was, const struct bw_config *now, char *why,
                          size_t whylen)
{
    if (!was->store_postgresql != !now->store_postgresql)
        snprintf(why, whylen, "the store moves from %s to %s",
                 was->store_postgresql ? "PostgreSQL" : "a SQLite file",
                 now->store_postgresql ? "PostgreSQL" : "a SQLite file");
    else if (!was->store_postgresql && !same_text(was->store_path, now->store_path))
        snprintf(why, whylen, "store.path changed from %s to %s", was->store_path, now->store_path);
    else if (was->store_postgresql && !same_text(was->store_instance, now->store_instance))
        snprintf(why, whylen, "store.instance changed from %s to %s", was->store_instance,
                 now->store_instance);
    else if (was->store_postgresql && !same_text(was->store_postgresql, now->store_postgresql))
        snprintf(why, whylen, "store.postgresql changed");
    else
        return false;
    return true;
}

/* SIGHUP: networks that stay are reconfigured (channels joined/parted, bot and game settings
 * handed to their bots), new ones connect, removed ones quit. A file with problems changes
 * nothing. Running games keep their settings but for the turn timeout. */
static void reload(struct app *app)
{
    struct bw_config fresh;
    char err[PATH_MAX + 128];
    const struct log_fields reloading = {.action = "reload_failed"};
    if (load(app->path, &fresh) != 0) {
        /* logrotate sends the same signal: a new log file even when the rest stays. */
        if (log_use_path(app->cfg.log_file, err, sizeof err) != 0)
            log_event(LOG_LEVEL_ERROR, &reloading, "reload: %s", err);
        log_event(LOG_LEVEL_ERROR, &reloading,
                  "reload: %s has problems; keeping the running configuration", app->path);
        return;
    }
    char why[PATH_MAX * 2 + 64];
    if (store_changed(&app->cfg, &fresh, why, sizeof why)) {
        if (log_use_path(app->cfg.log_file, err, sizeof err) != 0)
            log_event(LOG_LEVEL_ERROR, &reloading, "reload: %s", err);
        log_event(LOG_LEVEL_ERROR, &reloading,
                  "reload: %s: a restart is needed to change the store; keeping the running "
                  "configuration",
                  why);
        config_fini(&fresh);
        return;
    }
    log_set_level(fresh.log_level);
    keep_web(app, &fresh);
    if (log_use_path(fresh.log_file, err, sizeof err) != 0)
        log_event(LOG_LEVEL_ERROR, &reloading, "reload: %s; logging goes on where it went", err);
    struct ircb_conn **next = xcalloc(fresh.network_count, sizeof *next);
    size_t count = 0;
    for (size_t i = 0; i < app->conn_count; i++) {
        struct ircb_conn *c = app->conns[i];
        const struct config_network *net = config_network_find(&fresh, ircb_conn_name(c));
        if (net) {
            ircb_conn_reconfigure(c, net, &fresh.bot, &fresh.game);
        } else {
            log_event(LOG_LEVEL_INFO,
                      &(struct log_fields){.network = ircb_conn_name(c), .action = "remove"},
                      "%s: no longer configured; leaving", ircb_conn_name(c));
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
    webview_hide(app->web, &app->cfg.web);
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
    log_event(LOG_LEVEL_INFO, &(struct log_fields){.action = "reload"},
              "configuration reloaded from %s", app->path);
}

static int run(struct app *app)
{
    app->conns = xcalloc(app->cfg.network_count, sizeof *app->conns);
    for (size_t i = 0; i < app->cfg.network_count; i++) {
        struct ircb_conn *c = open_conn(app, &app->cfg.networks[i]);
        if (!c) {
            for (size_t k = 0; k < app->conn_count; k++)
                ircb_conn_free(app->conns[k]);
            free(app->conns);
            return 1;
        }
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
    /* A store that outgrows the file size limit fails its writes (and says so), never the
     * process. */
    signal(SIGXFSZ, SIG_IGN);

    bool web_failed;
    app->web = webview_start(&app->cfg, &web_failed);
    if (web_failed) {
        for (size_t i = 0; i < app->conn_count; i++)
            ircb_conn_free(app->conns[i]);
        free(app->conns);
        return 1;
    }
    while (!stop_signal) {
        if (reload_signal) {
            reload_signal = 0;
            reload(app);
        }
        /* Woken at least every STORE_ALIVE_MS, for the web view and the sign of life. */
        ircb_run_once(app->conns, app->conn_count, STORE_ALIVE_MS);
        store_alive(app->store);
        webview_update(app->web, app->conns, app->conn_count, app->store, ircb_now_ms());
    }
    webview_stop(app->web);
    app->web = NULL;
    log_event(LOG_LEVEL_INFO, &(struct log_fields){.action = "stop"}, "signal %d: leaving",
              (int)stop_signal);
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
    /* A game whose latest state could not be saved is back at its last saved one: say so, and
     * exit non-zero, so that whoever stops the bot knows. */
    int rc = 0;
    for (size_t i = 0; i < app->conn_count; i++) {
        if (bot_unsaved(ircb_conn_bot(app->conns[i]))) {
            log_event(
                LOG_LEVEL_ERROR,
                &(struct log_fields){.network = ircb_conn_name(app->conns[i]), .action = "unsaved"},
                "%s: a game could not be saved; it comes back at its last saved state",
                ircb_conn_name(app->conns[i]));
            rc = 1;
        }
        ircb_conn_free(app->conns[i]);
    }
    free(app->conns);
    return rc;
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
    bool start_empty = false;
    int opt;
    static const struct option longs[] = {{"start-empty", no_argument, NULL, 'E'},
                                          {NULL, 0, NULL, 0}};
    while ((opt = getopt_long(argc, argv, "c:tVh", longs, NULL)) != -1) {
        switch (opt) {
        case 'E':
            start_empty = true;
            break;
        case 'c':
            path = optarg;
            break;
        case 't':
            check = true;
            break;
        case 'V':
            print_versions();
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
            const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
            char looked[PATH_MAX + 64];
            if (xdg && *xdg == '/')
                snprintf(looked, sizeof looked,
                         "./brickwood.conf or %s/brickwood/brickwood.conf (or give one with -c "
                         "FILE)",
                         xdg);
            else if (home && *home)
                snprintf(looked, sizeof looked,
                         "./brickwood.conf or %s/.config/brickwood/brickwood.conf (or give one "
                         "with -c FILE)",
                         home);
            else
                snprintf(looked, sizeof looked, "./brickwood.conf (or give one with -c FILE)");
            first_run(looked, "./brickwood.conf");
            return 1;
        }
        path = found;
    } else {
        struct stat st;
        if (stat(path, &st) != 0 && errno == ENOENT) {
            first_run(path, path);
            return 1;
        }
    }

    struct app app = {.path = path, .start_empty = start_empty};
    int rc = load(path, &app.cfg);
    for (size_t i = 0; rc == 0 && i < app.cfg.network_count; i++)
        if (!ircb_conn_usable(&app.cfg.networks[i]))
            rc = 1; /* valid, but its certificate files cannot be used */
    char log_err[PATH_MAX + 128];
    if (rc == 0 && check && log_check_path(app.cfg.log_file, log_err, sizeof log_err) != 0) {
        fprintf(stderr, "%s: log.file: %s\n", path, log_err);
        rc = 1;
    }
    if (check) {
        if (rc == 0 && check_store(&app.cfg) != 0)
            rc = 1;
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
    if (log_use_path(app.cfg.log_file, log_err, sizeof log_err) != 0) {
        fprintf(stderr, "brickwood: log.file: %s; not starting\n", log_err);
        config_fini(&app.cfg);
        free(found);
        return 1;
    }
    /* BRICKWOOD_SEED makes boards, decks and dice repeatable (tests, bug reports). Without
     * it every game's generator comes from the system when the game starts, and the bots'
     * own (computer players, seat orders) from it now: nothing about the process (its time,
     * its pid) tells any of them. */
    const char *seed_text = getenv("BRICKWOOD_SEED");
    char *seed_end = NULL;
    char why[160];
    if (seed_text && *seed_text) {
        app.seed = strtoull(seed_text, &seed_end, 10);
        app.repeatable = true;
        if (*seed_end) {
            fprintf(stderr, "brickwood: BRICKWOOD_SEED must be a number\n");
            config_fini(&app.cfg);
            free(found);
            return 1;
        }
    } else if (os_random(&app.seed, sizeof app.seed, why, sizeof why) != 0) {
        fprintf(stderr, "brickwood: no random numbers from the system (%s); not starting\n", why);
        config_fini(&app.cfg);
        free(found);
        return 1;
    }
    log_event(LOG_LEVEL_INFO, &(struct log_fields){.action = "start"},
              "brickwood %s starting with %s", BW_VERSION, path);
    char err[512];
    app.store =
        open_store(&app.cfg, start_empty ? STORE_OPEN_EMPTY_OK : STORE_OPEN_KEEP, err, sizeof err);
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
    log_use_path(NULL, NULL, 0);
    return rc;
}
