/* Configuration loading: the example file, defaults, and one test per kind of problem. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
#include "i18n/i18n.h"
#include "session/session.h"
#include "engine/error.h"
#include "util/strbuf.h"

/* Every file a test writes lives in this directory, removed after the last test. */
static char tmpdir[PATH_MAX];

/* The files written so far, for the final clean-up. */
static char *written[64];
static size_t written_count;

static char *tmp_path(const char *name)
{
    size_t n = strlen(tmpdir) + strlen(name) + 2;
    char *path = malloc(n);
    assert_non_null(path);
    snprintf(path, n, "%s/%s", tmpdir, name);
    return path;
}

/* Keep path for the final clean-up; returns the kept copy. */
static const char *remember(char *path)
{
    for (size_t i = 0; i < written_count; i++) {
        if (strcmp(written[i], path) == 0) {
            free(path);
            return written[i];
        }
    }
    assert_true(written_count < sizeof written / sizeof written[0]);
    written[written_count++] = path;
    return path;
}

/* Write text to tmpdir/name and return the path (owned by the clean-up list). */
static const char *write_file(const char *name, const char *text)
{
    char *path = tmp_path(name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
    return remember(path);
}

static int setup(void **state)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/test_config.XXXXXX", base && *base ? base : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    for (size_t i = 0; i < written_count; i++) {
        unlink(written[i]);
        free(written[i]);
    }
    written_count = 0;
    return rmdir(tmpdir);
}

/* Load text written to tmpdir/t.conf; problems go to errs (initialised here). */
static int load_text(const char *text, struct bw_config *cfg, struct config_errors *errs)
{
    const char *path = write_file("t.conf", text);
    config_errors_init(errs);
    return config_load(cfg, path, errs);
}

/* Whether errs holds a problem at line with key whose message contains part, and whose
 * formatted form is "FILE:LINE: KEY: MESSAGE" (without ":LINE" for line 0) with FILE ending
 * in "/t.conf". */
static bool has_problem(const struct config_errors *errs, unsigned line, const char *key,
                        const char *part)
{
    for (size_t i = 0; i < errs->count; i++) {
        const struct config_problem *p = &errs->items[i];
        if (p->line != line || !p->key || strcmp(p->key, key) != 0 || !strstr(p->message, part))
            continue;
        char *text = config_problem_format(p);
        char expect[256];
        if (line)
            snprintf(expect, sizeof expect, "/t.conf:%u: %s: ", line, key);
        else
            snprintf(expect, sizeof expect, "/t.conf: %s: ", key);
        bool ok = strstr(text, expect) != NULL && strstr(text, part) != NULL;
        free(text);
        if (ok)
            return true;
    }
    return false;
}

static void dump(const struct config_errors *errs)
{
    config_errors_print(errs, stderr);
}

/* Expect exactly one problem, as given, and a failed load that left cfg empty. */
static void expect_one(const char *text, int rc, unsigned line, const char *key, const char *part)
{
    struct bw_config cfg;
    struct config_errors errs;
    int got = load_text(text, &cfg, &errs);
    if (errs.count != 1 || !has_problem(&errs, line, key, part)) {
        fprintf(stderr, "in:\n%s", text);
        dump(&errs);
    }
    assert_int_equal(got, rc);
    assert_int_equal(errs.count, 1);
    assert_true(has_problem(&errs, line, key, part));
    assert_null(cfg.networks);
    assert_int_equal(cfg.network_count, 0);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

/* Load text and expect it to pass; the loaded configuration is the caller's to free. */
static void expect_ok(const char *text, struct bw_config *cfg)
{
    struct config_errors errs;
    int rc = load_text(text, cfg, &errs);
    if (errs.count)
        dump(&errs);
    assert_int_equal(rc, BW_OK);
    assert_int_equal(errs.count, 0);
    config_errors_fini(&errs);
}

#define NET "networks = ( { name = \"n\"; host = \"irc.example\"; } );\n"
/* One network with the channels given, on line 2. */
#define CHANNELS(list) "networks = ( { name = \"n\"; host = \"h\";\n channels = " list "; } );\n"

/* The example's commented second network (TLS with SASL) is valid when uncommented. */
static void test_example_tls_network(void **state)
{
    const char *src = getenv("BW_SOURCE_DIR");
    assert_non_null(src);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/config/brickwood.conf", src);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    struct strbuf text = STRBUF_INIT;
    char line[512];
    bool in_block = false;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "  # , {", 7) == 0)
            in_block = true;
        if (in_block && strncmp(line, "  # ", 4) == 0)
            sb_appendf(&text, "  %s", line + 4); /* uncommented */
        else
            sb_append(&text, line);
        if (in_block && strncmp(line, "  #   }", 7) == 0)
            in_block = false;
    }
    fclose(f);
    struct bw_config cfg;
    struct config_errors errs;
    int rc = load_text(sb_str(&text), &cfg, &errs);
    if (errs.count)
        dump(&errs);
    assert_int_equal(rc, BW_OK);
    assert_int_equal(cfg.network_count, 2);
    const struct config_network *n = &cfg.networks[1];
    assert_true(n->tls);
    assert_true(n->tls_verify);
    assert_int_equal(n->sasl.mechanism, CONFIG_SASL_PLAIN);
    assert_true(n->sasl.required);
    config_fini(&cfg);
    config_errors_fini(&errs);
    sb_fini(&text);
}

/* The example's commented channel list with a group is valid when uncommented. */
static void test_example_channel_group(void **state)
{
    const char *src = getenv("BW_SOURCE_DIR");
    assert_non_null(src);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/config/brickwood.conf", src);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[512], text[1024] = "";
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "    # channels = (", 18) == 0)
            snprintf(text, sizeof text, "networks = ( { name = \"n\"; host = \"h\";\n%s} );\n",
                     line + 6);
    }
    fclose(f);
    assert_true(text[0]);
    struct bw_config cfg;
    expect_ok(text, &cfg);
    const struct config_network *n = &cfg.networks[0];
    assert_int_equal(n->channel_count, 2);
    assert_non_null(n->channel_langs);
    assert_int_equal(n->channel_langs[0], -1);
    assert_int_equal(n->channel_langs[1], LANG_UK);
    config_fini(&cfg);
}

static void test_example_file(void **state)
{
    const char *src = getenv("BW_SOURCE_DIR");
    assert_non_null(src);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/config/brickwood.conf", src);

    struct bw_config cfg;
    struct config_errors errs;
    config_errors_init(&errs);
    int rc = config_load(&cfg, path, &errs);
    if (errs.count)
        dump(&errs);
    assert_int_equal(rc, BW_OK);
    assert_int_equal(errs.count, 0);

    assert_int_equal(cfg.network_count, 1);
    const struct config_network *n = &cfg.networks[0];
    assert_string_equal(n->name, "local");
    assert_string_equal(n->host, "127.0.0.1");
    assert_int_equal(n->port, 6667);
    assert_false(n->tls);
    assert_true(n->tls_verify);
    assert_null(n->tls_ca_file);
    assert_null(n->tls_client_cert);
    assert_null(n->password);
    assert_string_equal(n->nick, "brickwood");
    assert_int_equal(n->alt_nick_count, 2);
    assert_string_equal(n->alt_nicks[0], "brickwood_");
    assert_string_equal(n->alt_nicks[1], "brickwood__");
    assert_string_equal(n->username, "brickwood");
    assert_string_equal(n->realname, "Catan game moderator");
    assert_int_equal(n->sasl.mechanism, CONFIG_SASL_NONE);
    assert_int_equal(n->channel_count, 1);
    assert_string_equal(n->channels[0], "#catan");
    assert_int_equal(n->flood.burst, 4);
    assert_int_equal(n->flood.interval_ms, 1500);
    assert_false(n->flood.unsafe);

    assert_string_equal(cfg.bot.prefix, "!");
    assert_int_equal(cfg.bot.admin_count, 2);
    assert_string_equal(cfg.bot.admins[0], "account:alice");
    assert_string_equal(cfg.bot.admins[1], "*!*@trusted.example");
    assert_true(cfg.bot.colors);
    assert_int_equal(cfg.bot.private_reply, CONFIG_PRIVATE_PRIVMSG);
    assert_int_equal(cfg.bot.language, LANG_EN);
    assert_null(n->channel_langs);
    assert_int_equal(cfg.game.min_players, 3);
    assert_int_equal(cfg.game.max_players, 6);
    assert_int_equal(cfg.game.victory_points, 10);
    assert_int_equal(cfg.game.turn_timeout_s, 180);
    assert_int_equal(cfg.game.bot_level, 2);
    assert_int_equal(cfg.bot.game_map, SESSION_MAP_BASE);
    assert_int_equal(cfg.game.bot_think_ms, 2000);
    assert_int_equal(cfg.game.bot_delay_ms, 1500);
    assert_false(cfg.game.takeover);
    assert_string_equal(cfg.store_path, "brickwood.db");
    assert_int_equal(cfg.log_level, LOG_LEVEL_INFO);

    config_fini(&cfg);
    assert_null(cfg.networks);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_defaults(void **state)
{
    struct bw_config cfg;
    struct config_errors errs;
    assert_int_equal(load_text(NET, &cfg, &errs), BW_OK);
    const struct config_network *n = &cfg.networks[0];
    assert_true(n->tls);
    assert_int_equal(n->port, 6697);
    assert_true(n->tls_verify);
    assert_null(n->tls_ca_file);
    assert_null(n->password);
    assert_string_equal(n->nick, "brickwood");
    assert_int_equal(n->alt_nick_count, 0);
    assert_string_equal(n->username, "brickwood");
    assert_string_equal(n->realname, "Catan game moderator");
    assert_int_equal(n->sasl.mechanism, CONFIG_SASL_NONE);
    assert_int_equal(n->channel_count, 0);
    assert_int_equal(n->flood.burst, 4);
    assert_int_equal(n->flood.interval_ms, 1500);
    assert_false(n->flood.unsafe);
    assert_int_equal(n->ping_interval_s, 30);
    assert_int_equal(n->ping_timeout_s, 30);
    assert_string_equal(cfg.bot.prefix, "!");
    assert_int_equal(cfg.bot.admin_count, 0);
    assert_true(cfg.bot.colors);
    assert_int_equal(cfg.bot.private_reply, CONFIG_PRIVATE_PRIVMSG);
    assert_int_equal(cfg.game.min_players, 3);
    assert_int_equal(cfg.game.max_players, 6);
    assert_int_equal(cfg.game.victory_points, 10);
    assert_int_equal(cfg.game.turn_timeout_s, 180);
    assert_string_equal(cfg.store_path, "brickwood.db");
    assert_int_equal(cfg.log_level, LOG_LEVEL_INFO);
    config_fini(&cfg);
    config_errors_fini(&errs);

    assert_int_equal(
        load_text("networks = ( { name = \"n\"; host = \"h\"; tls = false; } );", &cfg, &errs),
        BW_OK);
    assert_false(cfg.networks[0].tls);
    assert_int_equal(cfg.networks[0].port, 6667);
    config_fini(&cfg);
    config_errors_fini(&errs);

    /* An explicit port wins over the TLS default either way. */
    assert_int_equal(
        load_text("networks = ( { name = \"n\"; host = \"h\"; port = 7000; } );", &cfg, &errs),
        BW_OK);
    assert_int_equal(cfg.networks[0].port, 7000);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_all_keys(void **state)
{
    const char *cert = write_file("client.pem", "not really a certificate\n");
    char text[2048];
    snprintf(text, sizeof text,
             "networks = ( { name = \"secure\"; host = \"irc.example.org\"; tls = true;\n"
             "  tls_verify = false; tls_ca_file = \"%s\"; tls_client_cert = \"%s\";\n"
             "  password = \"s3cret!\"; nick = \"Cat[an]\"; alt_nicks = ( \"Cat_\" );\n"
             "  username = \"cat\"; realname = \"Settlers bot \xc3\xa9\";\n"
             "  sasl = { mechanism = \"external\"; username = \"authz\"; required = false; };\n"
             "  channels = [ \"#a\", \"&b\" ];\n"
             "  flood = { burst = 1; interval_ms = 0; unsafe = true; };\n"
             "  ping_interval_s = 30; ping_timeout_s = 20; } );\n"
             "bot = { prefix = \"@@\"; admins = [ \"ACCOUNT:Bob\" ]; colors = false;\n"
             "  private = \"NOTICE\"; };\n"
             "game = { min_players = 4; max_players = 4; victory_points = 12;\n"
             "  turn_timeout_s = 0; bot_level = \"Hard\"; bot_think_ms = 500; bot_delay_ms = 0;\n"
             "  map = \"Four_Islands\";\n"
             "  takeover = true; };\n"
             "store = { path = \"/var/lib/brickwood/games.db\"; };\n"
             "log = { level = \"DEBUG\"; };\n",
             cert, cert);
    struct bw_config cfg;
    struct config_errors errs;
    int rc = load_text(text, &cfg, &errs);
    if (errs.count)
        dump(&errs);
    assert_int_equal(rc, BW_OK);
    const struct config_network *n = &cfg.networks[0];
    assert_int_equal(n->port, 6697);
    assert_false(n->tls_verify);
    assert_string_equal(n->tls_ca_file, cert);
    assert_string_equal(n->tls_client_cert, cert);
    assert_string_equal(n->password, "s3cret!");
    assert_string_equal(n->nick, "Cat[an]");
    assert_string_equal(n->alt_nicks[0], "Cat_");
    assert_string_equal(n->username, "cat");
    assert_string_equal(n->realname, "Settlers bot \xc3\xa9");
    assert_int_equal(n->sasl.mechanism, CONFIG_SASL_EXTERNAL);
    assert_string_equal(n->sasl.username, "authz");
    assert_null(n->sasl.password);
    assert_false(n->sasl.required);
    assert_int_equal(n->ping_interval_s, 30);
    assert_int_equal(n->ping_timeout_s, 20);
    assert_int_equal(n->channel_count, 2);
    assert_string_equal(n->channels[1], "&b");
    assert_int_equal(n->flood.burst, 1);
    assert_int_equal(n->flood.interval_ms, 0);
    assert_true(n->flood.unsafe);
    assert_string_equal(cfg.bot.prefix, "@@");
    assert_false(cfg.bot.colors);
    assert_int_equal(cfg.bot.private_reply, CONFIG_PRIVATE_NOTICE);
    assert_int_equal(cfg.game.min_players, 4);
    assert_int_equal(cfg.game.max_players, 4);
    assert_int_equal(cfg.game.victory_points, 12);
    assert_int_equal(cfg.game.turn_timeout_s, 0);
    assert_int_equal(cfg.game.bot_level, 3);
    assert_int_equal(cfg.bot.game_map, SESSION_MAP_FOUR_ISLANDS);
    assert_int_equal(cfg.game.bot_think_ms, 500);
    assert_int_equal(cfg.game.bot_delay_ms, 0);
    assert_true(cfg.game.takeover);
    assert_string_equal(cfg.store_path, "/var/lib/brickwood/games.db");
    assert_int_equal(cfg.log_level, LOG_LEVEL_DEBUG);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_several_networks(void **state)
{
    struct bw_config cfg;
    struct config_errors errs;
    assert_int_equal(load_text("networks = (\n"
                               "  { name = \"one\"; host = \"a.example\"; channels = [\"#x\"]; },\n"
                               "  { name = \"two\"; host = \"b.example\"; tls = false;\n"
                               "    nick = \"other\"; sasl = { mechanism = \"PLAIN\";\n"
                               "    username = \"u\"; password = \"p w%d\"; }; }\n"
                               ");\n",
                               &cfg, &errs),
                     BW_OK);
    assert_int_equal(cfg.network_count, 2);
    assert_string_equal(cfg.networks[0].name, "one");
    assert_int_equal(cfg.networks[0].port, 6697);
    assert_string_equal(cfg.networks[1].host, "b.example");
    assert_int_equal(cfg.networks[1].port, 6667);
    assert_string_equal(cfg.networks[1].nick, "other");
    assert_int_equal(cfg.networks[1].sasl.mechanism, CONFIG_SASL_PLAIN);
    assert_string_equal(cfg.networks[1].sasl.username, "u");
    /* SASL credentials are base64-encoded on the wire, so spaces and '%' are fine there. */
    assert_string_equal(cfg.networks[1].sasl.password, "p w%d");
    assert_ptr_equal(config_network_find(&cfg, "TWO"), &cfg.networks[1]);
    assert_null(config_network_find(&cfg, "three"));
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_unknown_keys(void **state)
{
    expect_one(NET "colour = true;\n", BW_E(INVALID), 2, "colour", "unknown key");
    expect_one(NET "bots = { };\n", BW_E(INVALID), 2, "bots", "did you mean \"bot\"");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n prot = 6667; } );\n", BW_E(INVALID), 2,
               "networks.[0].prot", "did you mean \"port\"");
    expect_one(NET "bot = {\n  prefix = \"!\";\n  extra_thing = 1;\n};\n", BW_E(INVALID), 4,
               "bot.extra_thing", "known keys here: prefix, admins, colors, private");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n"
               "  flood = { burst = 2; rate = 3; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].flood.rate", "unknown key");
    expect_one("networks = ( { name = \"n\"; host = \"h\"; sasl = {\n"
               "  mechanism = \"PLAIN\"; username = \"u\"; password = \"p\"; user = \"x\"; }; } "
               ");\n",
               BW_E(INVALID), 2, "networks.[0].sasl.user", "unknown key");
    /* Keys are case-sensitive, but the hint catches the slip. */
    expect_one(NET "Game = { };\n", BW_E(INVALID), 2, "Game", "did you mean \"game\"");
}

static void test_wrong_types(void **state)
{
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n port = \"6667\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].port", "must be an integer, not a string");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n port = 6667.0; } );\n", BW_E(INVALID),
               2, "networks.[0].port", "must be an integer");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n tls = 1; } );\n", BW_E(INVALID), 2,
               "networks.[0].tls", "must be true or false, not an integer");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n nick = [\"a\"]; } );\n", BW_E(INVALID),
               2, "networks.[0].nick", "must be a string");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n channels = \"#catan\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].channels",
               "must be a list of channels such as [ \"#a\", \"#b\" ]");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n channels = ( \"#a\", 5 ); } );\n",
               BW_E(INVALID), 2, "networks.[0].channels.[1]",
               "must be a channel name in double quotes, or a group");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n flood = 4; } );\n", BW_E(INVALID), 2,
               "networks.[0].flood", "must be a group");
    expect_one(NET "bot = 5;\n", BW_E(INVALID), 2, "bot", "must be a group");
    expect_one(NET "game = { victory_points = 10L; max_players = \"six\"; };\n", BW_E(INVALID), 2,
               "game.max_players", "must be an integer");
    expect_one("networks = { name = \"n\"; host = \"h\"; };\n", BW_E(INVALID), 1, "networks",
               "must be a list of groups");
    expect_one("networks = ( \"n\" );\n", BW_E(INVALID), 1, "networks.[0]", "must be a group");
}

static void test_out_of_range(void **state)
{
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n\n port = 70000; } );\n", BW_E(INVALID),
               3, "networks.[0].port", "must be 1..65535 (got 70000)");
    expect_one("networks = ( { name = \"n\"; host = \"h\"; port = 0; } );\n", BW_E(INVALID), 1,
               "networks.[0].port", "must be 1..65535 (got 0)");
    /* libconfig keeps only the low 32 bits of this literal: it would read back as 6667. */
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n port = 4294973963; } );\n",
               BW_E(INVALID), 2, "networks.[0].port", "must be 1..65535 (got 4294973963)");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n port = 0x100001A0B; } );\n",
               BW_E(INVALID), 2, "networks.[0].port", "(got 0x100001A0B)");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n /* a\n comment */ port =\n"
               "-4294960629; } );\n",
               BW_E(INVALID), 3, "networks.[0].port", "got -4294960629");
    expect_one("networks = ( { name = \"n\"; host = \"h\"; port = 6667L; flood = {\n"
               " burst = 0; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].flood.burst", "must be 1..100 (got 0)");
    expect_one(NET "game = { victory_points = 99999999999L; };\n", BW_E(INVALID), 2,
               "game.victory_points", "must be 3..30 (got 99999999999)");
    expect_one(NET "game = { min_players = 2; };\n", BW_E(INVALID), 2, "game.min_players",
               "must be 3..6 (got 2)");
    expect_one(NET "game = { max_players = 7; };\n", BW_E(INVALID), 2, "game.max_players",
               "must be 3..6 (got 7)");
    expect_one(NET "game = { turn_timeout_s = 5; };\n", BW_E(INVALID), 2, "game.turn_timeout_s",
               "must be 0 (no timer) or 10..86400 (got 5)");
    expect_one(NET "game = { turn_timeout_s = -1; };\n", BW_E(INVALID), 2, "game.turn_timeout_s",
               "(got -1)");
    expect_one(NET "game = { bot_level = \"genius\"; };\n", BW_E(INVALID), 2, "game.bot_level",
               "must be \"easy\", \"normal\" or \"hard\"");
    expect_one(NET "game = { bot_level = 3; };\n", BW_E(INVALID), 2, "game.bot_level",
               "must be a string");
    expect_one(NET "game = { map = \"atlantis\"; };\n", BW_E(INVALID), 2, "game.map",
               "must be \"base\", \"four_islands\", \"new_shores\", \"fog_islands\", "
               "\"through_desert\", \"new_world\", \"forgotten_tribe\", \"cloth\", \"wonders\" "
               "or \"pirate_islands\"");
    expect_one(NET "game = { min_players = 5; map = \"fog_islands\"; };\n", BW_E(INVALID), 2,
               "game.map", "fog_islands is for 3-4 players, but min_players is 5");
    expect_one(NET "game = { map = 2; };\n", BW_E(INVALID), 2, "game.map", "must be a string");
    expect_one(NET "game = { map = \"f\"; };\n", BW_E(INVALID), 2, "game.map",
               "\"f\" is ambiguous: \"four_islands\", \"fog_islands\" or \"forgotten_tribe\"");
    expect_one(NET "game = { min_players = 5; map = \"four_islands\"; };\n", BW_E(INVALID), 2,
               "game.map", "four_islands is for 3-4 players, but min_players is 5");
    expect_one(NET "game = { bot_think_ms = 10; };\n", BW_E(INVALID), 2, "game.bot_think_ms",
               "must be 50..60000 (got 10)");
    expect_one(NET "game = { bot_delay_ms = -5; };\n", BW_E(INVALID), 2, "game.bot_delay_ms",
               "must be 0..60000 (got -5)");
    expect_one(NET "game = { takeover = \"yes\"; };\n", BW_E(INVALID), 2, "game.takeover",
               "must be true or false");
}

static void test_players(void **state)
{
    expect_one(NET "game = {\n min_players = 5;\n max_players = 4;\n};\n", BW_E(INVALID), 3,
               "game.min_players", "must not exceed max_players (4)");
    /* Against the default max of 6 nothing can be wrong; against a lowered max it can. */
    expect_one(NET "game = {\n max_players = 3; min_players = 4; };\n", BW_E(INVALID), 3,
               "game.min_players", "must not exceed max_players (3)");
}

/* game.map takes the names !map takes: a title, words in any case, '_' or '-', a prefix. */
static void test_map_names(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int map;
    } cases[] = {
        {"new shores", SESSION_MAP_NEW_SHORES},
        {"Heading for New Shores", SESSION_MAP_NEW_SHORES},
        {"New-Shores", SESSION_MAP_NEW_SHORES},
        {"new sh", SESSION_MAP_NEW_SHORES},
        {"the fog islands", SESSION_MAP_FOG_ISLANDS},
        {"FOG", SESSION_MAP_FOG_ISLANDS},
        {"four_islands", SESSION_MAP_FOUR_ISLANDS},
        {"base game", SESSION_MAP_BASE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, NET "game = { map = \"%s\"; };\n", cases[i].text);
        struct bw_config cfg;
        expect_ok(text, &cfg);
        assert_int_equal(cfg.bot.game_map, cases[i].map);
        config_fini(&cfg);
    }
}

static void test_bot_values(void **state)
{
    expect_one(NET "bot = {\n private = \"query\"; };\n", BW_E(INVALID), 3, "bot.private",
               "must be \"privmsg\" or \"notice\"");
    expect_one(NET "bot = { prefix = \"\"; };\n", BW_E(INVALID), 2, "bot.prefix", "empty");
    expect_one(NET "bot = { prefix = \"! \"; };\n", BW_E(INVALID), 2, "bot.prefix", "spaces");
    expect_one(NET "bot = { admins = [ \"alice\" ]; };\n", BW_E(INVALID), 2, "bot.admins.[0]",
               "\"account:NAME\" or a nick!user@host mask");
    expect_one(NET "bot = { admins = [ \"account:\" ]; };\n", BW_E(INVALID), 2, "bot.admins.[0]",
               "must name an account");
    expect_one(NET "bot = { admins = [ \"a!b@c\", \"A!B@C\" ]; };\n", BW_E(INVALID), 2,
               "bot.admins.[1]", "listed twice");
    expect_one(NET "log = { level = \"verbose\"; };\n", BW_E(INVALID), 2, "log.level",
               "must be one of");
    expect_one(NET "store = { path = \"\"; };\n", BW_E(INVALID), 2, "store.path", "empty");
}

/* SPEC §3: a mask never matches by nick alone. A user or host part made only of '*' and '?'
 * names nobody, so a mask with both such parts is refused, whatever its nick. */
static void test_admin_masks(void **state)
{
    static const char *const by_nick[] = {
        "alice!*@*",   "alice!?*@*", "alice!**@*?", "alice!???@*",
        "alice!*@???", "a*!*?@?*",   "Bob!*@**",
    };
    static const char *const everyone[] = {"*!*@*", "*!**@*", "?*!*@*", "**!?*@*?*"};
    char text[256];
    for (size_t i = 0; i < sizeof by_nick / sizeof *by_nick; i++) {
        snprintf(text, sizeof text, NET "bot = { admins = [ \"%s\" ]; };\n", by_nick[i]);
        expect_one(text, BW_E(INVALID), 2, "bot.admins.[0]",
                   "matches by nick alone: anyone can take a nick; use \"account:NAME\" or name "
                   "the user or host");
    }
    for (size_t i = 0; i < sizeof everyone / sizeof *everyone; i++) {
        snprintf(text, sizeof text, NET "bot = { admins = [ \"%s\" ]; };\n", everyone[i]);
        expect_one(text, BW_E(INVALID), 2, "bot.admins.[0]",
                   "matches everyone: use \"account:NAME\" or name the user or host");
    }
    /* The line and index of the offending entry, among good ones. */
    expect_one(NET "bot = { admins = [ \"account:alice\",\n"
                   "  \"*!*@trusted.example\",\n"
                   "  \"alice!*@*\" ]; };\n",
               BW_E(INVALID), 4, "bot.admins.[2]", "matches by nick alone");

    /* A named user or host, even with wildcards around it, is enough; so is an account. */
    static const char *const fine[] = {
        "*!*@trusted.example", "*!bob@*", "alice!alice@*.example", "account:alice", "alice!*@host?",
        "alice!~*@*",          "*!?b*@*", "alice!*@*.*",
    };
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++) {
        struct bw_config cfg;
        snprintf(text, sizeof text, NET "bot = { admins = [ \"%s\" ]; };\n", fine[i]);
        expect_ok(text, &cfg);
        assert_int_equal(cfg.bot.admin_count, 1);
        assert_string_equal(cfg.bot.admins[0], fine[i]);
        config_fini(&cfg);
    }
}

#define FLOOD_NET "networks = ( { name = \"n\"; host = \"h\"; flood = {\n"

/* Pacing past the floor (a burst over 10, under 300 ms a line, or none) needs unsafe = true. */
static void test_flood_floor(void **state)
{
    expect_one(FLOOD_NET " burst = 11; }; } );\n", BW_E(INVALID), 2, "networks.[0].flood.burst",
               "must be at most 10 (got 11): real networks disconnect a bot that sends faster "
               "than about 10 lines at once, then one line per 300 ms; add unsafe = true");
    expect_one(FLOOD_NET " interval_ms = 299; }; } );\n", BW_E(INVALID), 2,
               "networks.[0].flood.interval_ms",
               "must be at least 300 (got 299): real networks disconnect a bot");
    expect_one(FLOOD_NET " interval_ms = 0; }; } );\n", BW_E(INVALID), 2,
               "networks.[0].flood.interval_ms", "must be at least 300 (got 0, no pacing)");
    expect_one(FLOOD_NET " burst = 50; interval_ms = 300;\n unsafe = false; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].flood.burst", "must be at most 10 (got 50)");

    /* Both at once, each on its own line; a second network is checked on its own. */
    struct bw_config cfg;
    struct config_errors errs;
    assert_int_equal(load_text("networks = (\n"
                               "  { name = \"a\"; host = \"h\"; flood = { burst = 5; }; },\n"
                               "  { name = \"b\"; host = \"h\"; flood = {\n"
                               "    burst = 100;\n"
                               "    interval_ms = 0; }; }\n"
                               ");\n",
                               &cfg, &errs),
                     BW_E(INVALID));
    if (errs.count != 2)
        dump(&errs);
    assert_int_equal(errs.count, 2);
    assert_true(has_problem(&errs, 4, "networks.[1].flood.burst", "real networks disconnect"));
    assert_true(has_problem(&errs, 5, "networks.[1].flood.interval_ms", "no pacing"));
    config_fini(&cfg);
    config_errors_fini(&errs);

    /* The floor itself is allowed. */
    expect_ok(FLOOD_NET " burst = 10; interval_ms = 300; }; } );\n", &cfg);
    assert_int_equal(cfg.networks[0].flood.burst, 10);
    assert_int_equal(cfg.networks[0].flood.interval_ms, 300);
    assert_false(cfg.networks[0].flood.unsafe);
    config_fini(&cfg);

    /* unsafe = true: the old ranges, and no further. */
    expect_ok(FLOOD_NET " burst = 100; interval_ms = 0; unsafe = true; }; } );\n", &cfg);
    assert_int_equal(cfg.networks[0].flood.burst, 100);
    assert_int_equal(cfg.networks[0].flood.interval_ms, 0);
    assert_true(cfg.networks[0].flood.unsafe);
    config_fini(&cfg);
    expect_ok(FLOOD_NET " unsafe = true; }; } );\n", &cfg);
    assert_int_equal(cfg.networks[0].flood.burst, 4);
    assert_int_equal(cfg.networks[0].flood.interval_ms, 1500);
    config_fini(&cfg);
    expect_one(FLOOD_NET " burst = 101; unsafe = true; }; } );\n", BW_E(INVALID), 2,
               "networks.[0].flood.burst", "must be 1..100 (got 101)");
    expect_one(FLOOD_NET " interval_ms = -1; unsafe = true; }; } );\n", BW_E(INVALID), 2,
               "networks.[0].flood.interval_ms", "must be 0..60000 (got -1)");

    /* An unsafe that is not a boolean is one problem, not three. */
    expect_one(FLOOD_NET " burst = 50; interval_ms = 0;\n unsafe = \"yes\"; }; } );\n",
               BW_E(INVALID), 3, "networks.[0].flood.unsafe", "must be true or false");
}

static void test_sasl(void **state)
{
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n"
               " sasl = { mechanism = \"SCRAM-SHA-256\"; username = \"u\"; password = \"p\"; };"
               " } );\n",
               BW_E(INVALID), 2, "networks.[0].sasl.mechanism",
               "must be \"PLAIN\" or \"EXTERNAL\"");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n"
               " sasl = { username = \"u\"; password = \"p\"; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].sasl.mechanism", "required key is missing");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n"
               " sasl = { mechanism = \"PLAIN\"; username = \"u\"; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].sasl.password", "required key is missing");
    expect_one("networks = ( { name = \"n\"; host = \"h\"; tls = false;\n"
               " sasl = { mechanism = \"EXTERNAL\"; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].sasl.mechanism", "EXTERNAL needs tls = true");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n"
               " sasl = { mechanism = \"EXTERNAL\"; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].sasl.mechanism", "needs tls_client_cert");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n"
               " sasl = { mechanism = \"PLAIN\"; username = \"u\";\n password = \"a\\nb\"; }; } "
               ");\n",
               BW_E(INVALID), 3, "networks.[0].sasl.password", "control characters");
    expect_one("networks = ( { name = \"n\"; host = \"h\"; sasl = { mechanism = \"PLAIN\";\n"
               " username = \"u\"; password = \"p\"; required = \"yes\"; }; } );\n",
               BW_E(INVALID), 2, "networks.[0].sasl.required", "must be true or false");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n ping_interval_s = 4; } );\n",
               BW_E(INVALID), 2, "networks.[0].ping_interval_s", "must be 5..3600 (got 4)");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n ping_timeout_s = 3601; } );\n",
               BW_E(INVALID), 2, "networks.[0].ping_timeout_s", "must be 5..3600 (got 3601)");
    /* Past what one process's IRC library can watch: refused with the limit named. */
    struct strbuf many = STRBUF_INIT;
    sb_append(&many, "networks = (\n");
    for (int i = 0; i <= CONFIG_NETWORKS_MAX; i++)
        sb_appendf(&many, "%s{ name = \"n%d\"; host = \"h\"; }", i ? ", " : "", i);
    sb_append(&many, " );\n");
    char limit[64];
    snprintf(limit, sizeof limit, "can serve at most %d", CONFIG_NETWORKS_MAX);
    expect_one(sb_str(&many), BW_E(INVALID), 1, "networks", limit);
    sb_fini(&many);
}

static void test_irc_strings(void **state)
{
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n nick = \"bad nick\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].nick", "must not contain spaces");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n nick = \"bw%s\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].nick", "must not contain '%'");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n nick = \"bw\\r\\nQUIT\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].nick", "control characters");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n nick = \"9lives\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].nick", "must start with a letter");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n nick = \"\"; } );\n", BW_E(INVALID), 2,
               "networks.[0].nick", "empty");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n alt_nicks = [\"ok\", \"no!\"]; } );\n",
               BW_E(INVALID), 2, "networks.[0].alt_nicks.[1]", "may contain only");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n username = \"u%n\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].username", "'%'");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n username = \"a@b\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].username", "'@'");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n realname = \"x\\x0d\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].realname", "control characters");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n realname = \"100%\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].realname", "'%'");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n realname = \"\\xff\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].realname", "UTF-8");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n password = \"two words\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].password", "spaces");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n password = \"50%\"; } );\n",
               BW_E(INVALID), 2, "networks.[0].password", "'%'");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n channels = [\"catan\"]; } );\n",
               BW_E(INVALID), 2, "networks.[0].channels.[0]", "must start with '#' or '&'");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n channels = [\"#a b\"]; } );\n",
               BW_E(INVALID), 2, "networks.[0].channels.[0]", "spaces");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n channels = [\"#a,#b\"]; } );\n",
               BW_E(INVALID), 2, "networks.[0].channels.[0]", "','");
    expect_one("networks = ( { name = \"n\"; host = \"h\";\n channels = [\"#a\",\n \"#A\"]; } );\n",
               BW_E(INVALID), 3, "networks.[0].channels.[1]", "listed twice");
    expect_one("networks = ( { name = \"n\"; host = \"a host\"; } );\n", BW_E(INVALID), 1,
               "networks.[0].host", "spaces");
    expect_one("networks = ( { name = \"my net\"; host = \"h\"; } );\n", BW_E(INVALID), 1,
               "networks.[0].name", "may contain only");
}

/* Expect exactly one problem, with this line, key and whole message, and a failed load. */
static void expect_exact(const char *text, unsigned line, const char *key, const char *message)
{
    struct bw_config cfg;
    struct config_errors errs;
    int got = load_text(text, &cfg, &errs);
    if (errs.count != 1)
        dump(&errs);
    assert_int_equal(got, BW_E(INVALID));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].line, line);
    assert_non_null(errs.items[0].key);
    assert_string_equal(errs.items[0].key, key);
    assert_string_equal(errs.items[0].message, message);
    assert_null(cfg.networks);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

/* bot.language: "en" by default; any code the message catalogue knows, in any case. */
static void test_bot_language(void **state)
{
    struct bw_config cfg;
    expect_ok(NET, &cfg);
    assert_int_equal(cfg.bot.language, LANG_EN);
    assert_null(cfg.networks[0].channel_langs);
    config_fini(&cfg);

    static const struct {
        const char *code;
        int lang;
    } codes[] = {{"en", LANG_EN}, {"uk", LANG_UK},      {"sr", LANG_SR}, {"ar", LANG_AR},
                 {"UK", LANG_UK}, {"sr-Latn", LANG_SR}, {"Ar", LANG_AR}, {"uk_UA", LANG_UK}};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, NET "bot = { language = \"%s\"; };\n", codes[i].code);
        expect_ok(text, &cfg);
        assert_int_equal(cfg.bot.language, codes[i].lang);
        /* The bot's language is not a channel's: none is set by it. */
        assert_null(cfg.networks[0].channel_langs);
        config_fini(&cfg);
    }

    expect_exact(NET "bot = {\n  language = \"xx\";\n};\n", 3, "bot.language",
                 "must be one of \"en\", \"uk\", \"sr\", \"ar\" (got \"xx\")");
    expect_exact(NET "bot = { language = \"\"; };\n", 2, "bot.language",
                 "must be one of \"en\", \"uk\", \"sr\", \"ar\" (got \"\")");
    expect_exact(NET "bot = { language = \"english\"; };\n", 2, "bot.language",
                 "must be one of \"en\", \"uk\", \"sr\", \"ar\" (got \"english\")");
    expect_exact(NET "bot = { language = 1; };\n", 2, "bot.language",
                 "must be a string in double quotes, not an integer");
    /* What the file said is quoted short, on one line. */
    expect_exact(
        NET "bot = { language = \"zz\\nabcdefghijklmnopqrstuvwxyz\"; };\n", 2, "bot.language",
        "must be one of \"en\", \"uk\", \"sr\", \"ar\" (got \"zz?abcdefghijklmnopqrstu...\")");
    /* A long value is cut between characters, not inside one (U+0436 is two bytes). */
    expect_exact(
        NET "bot = { language = \"abcdefghijklmnopqrstuvw\xd0\xb6\xd0\xb6\"; };\n", 2,
        "bot.language",
        "must be one of \"en\", \"uk\", \"sr\", \"ar\" (got \"abcdefghijklmnopqrstuvw...\")");
    /* The hint for unknown keys in bot lists it. */
    expect_one(NET "bot = { lang = \"uk\"; };\n", BW_E(INVALID), 2, "bot.lang",
               "known keys here: prefix, admins, colors, private, language");
}

/* web = { listen; public_url; }: off without the group; an address literal and a port; the
 * public address defaults to http://LISTEN and loses a trailing '/'; the bot gets it too. */
static void test_web(void **state)
{
    (void)state;
    struct bw_config cfg;
    expect_ok(NET, &cfg);
    assert_null(cfg.web.host);
    assert_null(cfg.web.public_url);
    assert_null(cfg.bot.web_url);
    config_fini(&cfg);

    expect_ok(NET "web = { listen = \"127.0.0.1:8080\"; };\n", &cfg);
    assert_string_equal(cfg.web.host, "127.0.0.1");
    assert_int_equal(cfg.web.port, 8080);
    assert_string_equal(cfg.web.public_url, "http://127.0.0.1:8080");
    assert_string_equal(cfg.bot.web_url, "http://127.0.0.1:8080");
    config_fini(&cfg);

    expect_ok(NET
              "web = { listen = \"[::1]:80\"; public_url = \"https://catan.example.org//\"; };\n",
              &cfg);
    assert_string_equal(cfg.web.host, "::1");
    assert_int_equal(cfg.web.port, 80);
    assert_string_equal(cfg.web.public_url, "https://catan.example.org");
    assert_string_equal(cfg.bot.web_url, "https://catan.example.org");
    config_fini(&cfg);

    expect_ok(NET "web = { listen = \"0.0.0.0:65535\"; public_url = \"HTTP://h/catan\"; };\n",
              &cfg);
    assert_string_equal(cfg.web.public_url, "HTTP://h/catan");
    config_fini(&cfg);

    static const char *const bad_listen[] = {
        "localhost:8080",      "127.0.0.1",       "127.0.0.1:",    ":8080",
        "127.0.0.1:0",         "127.0.0.1:65536", "127.0.0.1:80x", "::1:8080",
        "[::1]8080",           "[127.0.0.1]:80",  "[::1:80",       "",
        "1.2.3.4:99999999999",
    };
    for (size_t i = 0; i < sizeof bad_listen / sizeof bad_listen[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, NET "web = {\n listen = \"%s\"; };\n", bad_listen[i]);
        struct config_errors errs;
        int rc = load_text(text, &cfg, &errs);
        if (errs.count != 1)
            dump(&errs);
        assert_int_equal(rc, BW_E(INVALID));
        assert_int_equal(errs.count, 1);
        assert_true(has_problem(&errs, 3, "web.listen", ""));
        config_fini(&cfg);
        config_errors_fini(&errs);
    }
    expect_one(NET "web = {\n listen = \"localhost:8080\"; };\n", BW_E(INVALID), 3, "web.listen",
               "must begin with an IP address (a host name is not looked up to listen on)");
    expect_one(NET "web = {\n listen = \"127.0.0.1:0\"; };\n", BW_E(INVALID), 3, "web.listen",
               "has a port that is not a number from 1 to 65535");
    expect_one(NET "web = { public_url = \"http://x\"; };\n", BW_E(INVALID), 2, "web.listen",
               "missing");
    expect_one(NET "web = { listen = 8080; };\n", BW_E(INVALID), 2, "web.listen",
               "must be a string in double quotes, not an integer");
    expect_one(NET "web = { listen = \"127.0.0.1:1\";\n port = 8; };\n", BW_E(INVALID), 3,
               "web.port", "known keys here: listen, public_url, hide");

    static const struct {
        const char *url, *why;
    } bad_url[] = {
        {"catan.example.org", "must begin with http:// or https://"},
        {"ftp://x", "must begin with http:// or https://"},
        {"https://", "must name a host after http:// or https://"},
        {"https:///x", "must name a host after http:// or https://"},
        {"https://x/a b", "must be printable ASCII without spaces"},
        {"https://x/\\\"><script>", "must be printable ASCII without spaces"},
        {"https://x/<", "must be printable ASCII without spaces"},
        {"https://x/\xc3\xa9", "must be printable ASCII without spaces"},
        {"https://x/'", "must be printable ASCII without spaces"},
    };
    for (size_t i = 0; i < sizeof bad_url / sizeof bad_url[0]; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 NET "web = { listen = \"127.0.0.1:8080\";\n public_url = \"%s\"; };\n",
                 bad_url[i].url);
        expect_one(text, BW_E(INVALID), 3, "web.public_url", bad_url[i].why);
    }
    char longurl[512];
    snprintf(longurl, sizeof longurl,
             NET "web = { listen = \"127.0.0.1:1\";\n public_url = \"https://%0200d\"; };\n", 0);
    expect_one(longurl, BW_E(INVALID), 3, "web.public_url", "must be at most 200 bytes");

    /* web.hide: channel names, each once (ignoring case); none by default. */
    expect_ok(NET "web = { listen = \"127.0.0.1:1\"; };\n", &cfg);
    assert_int_equal(cfg.web.hide_count, 0);
    config_fini(&cfg);
    expect_ok(NET "web = { listen = \"127.0.0.1:1\"; hide = [ \"#Staff\", \"&ops\" ]; };\n", &cfg);
    assert_int_equal(cfg.web.hide_count, 2);
    assert_string_equal(cfg.web.hide[0], "#Staff");
    assert_string_equal(cfg.web.hide[1], "&ops");
    /* The bot has its own copy: it offers no address in those channels. */
    assert_int_equal(cfg.bot.web_hide_count, 2);
    assert_string_equal(cfg.bot.web_hide[0], "#Staff");
    assert_string_equal(cfg.bot.web_hide[1], "&ops");
    assert_ptr_not_equal(cfg.bot.web_hide[0], cfg.web.hide[0]);
    config_fini(&cfg);
    expect_one(NET "web = { listen = \"127.0.0.1:1\";\n hide = [ \"staff\" ]; };\n", BW_E(INVALID),
               3, "web.hide.[0]", "must start with '#' or '&'");
    expect_one(NET "web = { listen = \"127.0.0.1:1\";\n hide = [ \"#a\", \"#A\" ]; };\n",
               BW_E(INVALID), 3, "web.hide.[1]", "\"#A\" is listed twice");
    expect_one(NET "web = { listen = \"127.0.0.1:1\";\n hide = \"#a\"; };\n", BW_E(INVALID), 3,
               "web.hide", "must be a list of strings");
}

/* networks.[i].channels: names, or groups that also give the channel's language. */
static void test_channel_languages(void **state)
{
    struct bw_config cfg;

    /* Strings only, and groups without a language: no language array. */
    expect_ok(CHANNELS("[ \"#a\", \"&b\" ]"), &cfg);
    assert_int_equal(cfg.networks[0].channel_count, 2);
    assert_null(cfg.networks[0].channel_langs);
    config_fini(&cfg);
    expect_ok(CHANNELS("( { name = \"#a\"; }, \"#b\" )"), &cfg);
    assert_int_equal(cfg.networks[0].channel_count, 2);
    assert_string_equal(cfg.networks[0].channels[0], "#a");
    assert_string_equal(cfg.networks[0].channels[1], "#b");
    assert_null(cfg.networks[0].channel_langs);
    config_fini(&cfg);

    /* One group with a language. */
    expect_ok(CHANNELS("( { name = \"#katan\"; language = \"uk\"; } )"), &cfg);
    assert_int_equal(cfg.networks[0].channel_count, 1);
    assert_string_equal(cfg.networks[0].channels[0], "#katan");
    assert_non_null(cfg.networks[0].channel_langs);
    assert_int_equal(cfg.networks[0].channel_langs[0], LANG_UK);
    assert_int_equal(cfg.bot.language, LANG_EN);
    config_fini(&cfg);

    /* A mixed list, on two networks, with bot.language set: each entry keeps its own. */
    expect_ok("networks = (\n"
              "  { name = \"one\"; host = \"h\"; channels = ( \"#catan\",\n"
              "      { name = \"#katan\"; language = \"UK\"; },\n"
              "      { language = \"ar\"; name = \"&qatan\"; },\n"
              "      { name = \"#plain\"; },\n"
              "      \"#last\" ); },\n"
              "  { name = \"two\"; host = \"h\"; channels = [ \"#catan\" ]; }\n"
              ");\n"
              "bot = { language = \"sr\"; };\n",
              &cfg);
    assert_int_equal(cfg.bot.language, LANG_SR);
    const struct config_network *n = &cfg.networks[0];
    assert_int_equal(n->channel_count, 5);
    assert_string_equal(n->channels[0], "#catan");
    assert_string_equal(n->channels[1], "#katan");
    assert_string_equal(n->channels[2], "&qatan");
    assert_string_equal(n->channels[3], "#plain");
    assert_string_equal(n->channels[4], "#last");
    assert_non_null(n->channel_langs);
    assert_int_equal(n->channel_langs[0], -1);
    assert_int_equal(n->channel_langs[1], LANG_UK);
    assert_int_equal(n->channel_langs[2], LANG_AR);
    assert_int_equal(n->channel_langs[3], -1);
    assert_int_equal(n->channel_langs[4], -1);
    assert_int_equal(cfg.networks[1].channel_count, 1);
    assert_null(cfg.networks[1].channel_langs);

    /* A reload loads the new file beside the old one, then frees the old: both own their
     * arrays (LeakSanitizer checks that each is freed once). */
    struct bw_config next;
    expect_ok(CHANNELS("( { name = \"#katan\"; language = \"sr\"; } )"), &next);
    config_fini(&cfg);
    assert_null(cfg.networks);
    assert_int_equal(next.networks[0].channel_langs[0], LANG_SR);
    config_fini(&next);
    config_fini(&next);
}

static void test_channel_language_problems(void **state)
{
    static const char langs[] = "must be one of \"en\", \"uk\", \"sr\", \"ar\"";
    char message[128];

    snprintf(message, sizeof message, "%s (got \"xx\")", langs);
    expect_exact(CHANNELS("( \"#a\",\n { name = \"#b\"; language = \"xx\"; } )"), 3,
                 "networks.[0].channels.[1].language", message);
    snprintf(message, sizeof message, "%s (got \"\")", langs);
    expect_exact(CHANNELS("( { name = \"#b\";\n language = \"\"; } )"), 3,
                 "networks.[0].channels.[0].language", message);
    expect_exact(CHANNELS("( { name = \"#b\"; language = true; } )"), 2,
                 "networks.[0].channels.[0].language",
                 "must be a string in double quotes, not a boolean");

    /* The name is required and follows the rule for channel strings. */
    expect_exact(CHANNELS("( \"#a\", { language = \"uk\"; } )"), 2,
                 "networks.[0].channels.[1].name", "required key is missing");
    expect_exact(CHANNELS("( { name = \"catan\"; language = \"uk\"; } )"), 2,
                 "networks.[0].channels.[0].name", "must start with '#' or '&'");
    expect_exact(CHANNELS("( { name = \"#a b\"; } )"), 2, "networks.[0].channels.[0].name",
                 "must not contain spaces");
    expect_exact(CHANNELS("( { name = 5; } )"), 2, "networks.[0].channels.[0].name",
                 "must be a string in double quotes, not an integer");
    expect_exact(CHANNELS("( {\n name = \"#a\";\n topic = \"x\"; } )"), 4,
                 "networks.[0].channels.[0].topic",
                 "unknown key; known keys here: name, language, rules");
    expect_exact(CHANNELS("( { name = \"#a\"; lanugage = \"uk\"; } )"), 2,
                 "networks.[0].channels.[0].lanugage", "unknown key; did you mean \"language\"?");
    expect_exact(CHANNELS("( \"#a\", [ \"#b\" ] )"), 2, "networks.[0].channels.[1]",
                 "must be a channel name in double quotes, or a group { name = \"#a\"; "
                 "language = \"uk\"; }; not an array");

    /* Duplicates, ignoring case, whichever form each is written in. */
    expect_exact(CHANNELS("( \"#Catan\",\n { name = \"#catan\"; language = \"uk\"; } )"), 3,
                 "networks.[0].channels.[1].name", "\"#catan\" is listed twice");
    expect_exact(CHANNELS("( { name = \"#catan\"; language = \"uk\"; },\n \"#CATAN\" )"), 3,
                 "networks.[0].channels.[1]", "\"#CATAN\" is listed twice");
    expect_exact(CHANNELS("( { name = \"#x\"; },\n { name = \"#X\"; language = \"ar\"; } )"), 3,
                 "networks.[0].channels.[1].name", "\"#X\" is listed twice");

    /* A failed load frees what it had read, languages included (LeakSanitizer). */
    expect_exact(CHANNELS("( { name = \"#a\"; language = \"uk\"; },\n \"b\" )"), 3,
                 "networks.[0].channels.[1]", "must start with '#' or '&'");

    /* Every problem at once, in line order. */
    struct bw_config cfg;
    struct config_errors errs;
    int rc = load_text(CHANNELS("( { name = \"#a\"; language = \"xx\";\n"
                                " colour = 1; },\n"
                                " { language = \"yy\"; } )"),
                       &cfg, &errs);
    if (errs.count != 4)
        dump(&errs);
    assert_int_equal(rc, BW_E(INVALID));
    assert_int_equal(errs.count, 4);
    assert_true(has_problem(&errs, 2, "networks.[0].channels.[0].language", "(got \"xx\")"));
    assert_true(has_problem(&errs, 3, "networks.[0].channels.[0].colour", "unknown key"));
    assert_true(has_problem(&errs, 4, "networks.[0].channels.[1].name", "missing"));
    assert_true(has_problem(&errs, 4, "networks.[0].channels.[1].language", "(got \"yy\")"));
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_channel_rule(void **state)
{
    assert_null(config_channel_problem("#catan"));
    assert_null(config_channel_problem("&local"));
    assert_null(config_channel_problem("##catan-fr"));
    assert_non_null(config_channel_problem(""));
    assert_non_null(config_channel_problem("#"));
    assert_non_null(config_channel_problem("catan"));
    assert_non_null(config_channel_problem("#a\rb"));
    assert_non_null(config_channel_problem("#a\x07"));
}

static void test_networks_required(void **state)
{
    expect_one("bot = { prefix = \"!\"; };\n", BW_E(INVALID), 0, "networks",
               "required key is missing");
    expect_one("\n\nnetworks = ( );\n", BW_E(INVALID), 3, "networks", "at least one");
    expect_one("networks = ( {\n host = \"h\"; } );\n", BW_E(INVALID), 1, "networks.[0].name",
               "required key is missing");
    expect_one("networks = ( { name = \"n\"; } );\n", BW_E(INVALID), 1, "networks.[0].host",
               "required key is missing");

    /* With no line to point at, the message still names the file and the key. */
    struct bw_config cfg;
    struct config_errors errs;
    load_text("", &cfg, &errs);
    char *text = config_problem_format(&errs.items[0]);
    char *expect = tmp_path("t.conf: networks: required key is missing");
    assert_non_null(strstr(text, expect));
    free(expect);
    free(text);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_duplicate_networks(void **state)
{
    expect_one("networks = (\n"
               "  { name = \"net\"; host = \"a\"; },\n"
               "  { name = \"other\"; host = \"b\"; },\n"
               "  { host = \"c\";\n"
               "    name = \"NET\"; }\n"
               ");\n",
               BW_E(INVALID), 5, "networks.[2].name", "already the name of networks.[0]");
}

static void test_tls_files(void **state)
{
    char *missing_ca = tmp_path("no-such-ca.pem");
    char text[1024];
    snprintf(text, sizeof text,
             "networks = ( { name = \"n\"; host = \"h\";\n tls_ca_file = \"%s\"; } );\n",
             missing_ca);
    expect_one(text, BW_E(INVALID), 2, "networks.[0].tls_ca_file", "No such file");
    free(missing_ca);

    const char *cert = write_file("cert.pem", "x\n");
    snprintf(text, sizeof text,
             "networks = ( { name = \"n\"; host = \"h\"; tls = false;\n"
             " tls_client_cert = \"%s\"; } );\n",
             cert);
    expect_one(text, BW_E(INVALID), 2, "networks.[0].tls_client_cert", "needs tls = true");
}

static void test_syntax_error(void **state)
{
    struct bw_config cfg;
    struct config_errors errs;
    assert_int_equal(load_text(NET "bot = {\n  prefix = \"!\";\n  colors = ;\n};\n", &cfg, &errs),
                     BW_E(PARSE));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].line, 4);
    assert_null(errs.items[0].key);
    char *text = config_problem_format(&errs.items[0]);
    char *expect = tmp_path("t.conf:4: syntax error");
    assert_string_equal(text, expect);
    free(expect);
    free(text);
    assert_null(cfg.networks);
    config_fini(&cfg);
    config_errors_fini(&errs);

    /* libconfig refuses repeated keys itself; that must surface as a problem too. */
    assert_int_equal(
        load_text(NET "log = { level = \"info\";\n level = \"debug\"; };\n", &cfg, &errs),
        BW_E(PARSE));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].line, 3);
    assert_non_null(strstr(errs.items[0].message, "duplicate"));
    config_fini(&cfg);
    config_errors_fini(&errs);

    /* A string where a key or '=' belongs: libconfig would leak it, so it is caught first (this
     * test runs under LeakSanitizer). */
    assert_int_equal(load_text(NET "\nbot = { prefix \"!\"; };\n", &cfg, &errs), BW_E(PARSE));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].line, 3);
    assert_non_null(strstr(errs.items[0].message, "syntax error: expected '=' or ':'"));
    config_errors_fini(&errs);
    assert_int_equal(load_text(NET "log = { level = \"info\" } \"x\"\n", &cfg, &errs), BW_E(PARSE));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].line, 2);
    config_errors_fini(&errs);

    /* A group inside [ ] (an array holds scalars only): libconfig would say no more than
     * "syntax error", so the cause is named. */
    static const char *const nested[] = {
        CHANNELS("[ \"#a\",\n { name = \"#b\"; language = \"uk\"; } ]"),
        CHANNELS("[\n { name = \"#b\"; } ]"),
        CHANNELS("[ \"#a\",\n ( \"#b\" ) ]"),
        CHANNELS("[ \"#a\",\n [ \"#b\" ] ]"),
    };
    for (size_t i = 0; i < sizeof nested / sizeof nested[0]; i++) {
        assert_int_equal(load_text(nested[i], &cfg, &errs), BW_E(PARSE));
        if (errs.count != 1)
            dump(&errs);
        assert_int_equal(errs.count, 1);
        assert_int_equal(errs.items[0].line, 3);
        assert_null(errs.items[0].key);
        assert_string_equal(errs.items[0].message,
                            "syntax error: [ ] holds only strings, numbers and booleans; a list "
                            "with groups or lists in it is written ( ... )");
        assert_null(cfg.networks);
        config_errors_fini(&errs);
    }
    /* Other slips inside [ ] keep libconfig's own verdict. */
    assert_int_equal(load_text(CHANNELS("[ \"#a\",\n ]"), &cfg, &errs), BW_E(PARSE));
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].message, "syntax error");
    config_errors_fini(&errs);
}

/* Groups nested past what any configuration needs are refused before libconfig reads them
 * (the fuzzer found libconfig leaking on a string after 200 levels). */
static void test_deep_nesting_refused(void **state)
{
    (void)state;
    struct bw_config cfg;
    struct config_errors errs;
    static char text[8192];
    size_t n = 0;
    for (int i = 0; i < 300; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "a%d:{", i);
    snprintf(text + n, sizeof text - n, "\"\"");
    assert_int_equal(load_text(text, &cfg, &errs), BW_E(PARSE));
    assert_true(errs.count >= 1);
    assert_string_equal(errs.items[0].message, "groups and lists are nested more than 64 deep");
    assert_null(cfg.networks);
    config_errors_fini(&errs);
}

static void test_many_problems(void **state)
{
    struct bw_config cfg;
    struct config_errors errs;
    int rc = load_text("networks = (\n"
                       "  { name = \"a\"; host = \"h\"; port = 99999; nick = \"x y\"; },\n"
                       "  { name = \"a\"; host = \"h\"; channels = [ \"nohash\" ]; }\n"
                       ");\n"
                       "bot = { private = \"shout\"; };\n"
                       "game = { min_players = 6; max_players = 5; };\n"
                       "mystery = 1;\n",
                       &cfg, &errs);
    if (errs.count != 7)
        dump(&errs);
    assert_int_equal(rc, BW_E(INVALID));
    assert_int_equal(errs.count, 7);
    assert_true(has_problem(&errs, 7, "mystery", "unknown key"));
    assert_true(has_problem(&errs, 2, "networks.[0].port", "must be 1..65535"));
    assert_true(has_problem(&errs, 2, "networks.[0].nick", "spaces"));
    assert_true(has_problem(&errs, 3, "networks.[1].channels.[0]", "'#'"));
    assert_true(has_problem(&errs, 3, "networks.[1].name", "unique"));
    assert_true(has_problem(&errs, 5, "bot.private", "privmsg"));
    assert_true(has_problem(&errs, 6, "game.min_players", "max_players"));
    for (size_t i = 1; i < errs.count; i++)
        assert_true(errs.items[i - 1].line <= errs.items[i].line);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_problem_limit(void **state)
{
    size_t n = CONFIG_MAX_PROBLEMS + 50;
    size_t size = n * 16 + 128;
    char *text = malloc(size);
    assert_non_null(text);
    size_t o = (size_t)snprintf(text, size, NET);
    for (size_t i = 0; i < n; i++)
        o += (size_t)snprintf(text + o, size - o, "junk%zu = 1;\n", i);
    struct bw_config cfg;
    struct config_errors errs;
    assert_int_equal(load_text(text, &cfg, &errs), BW_E(INVALID));
    assert_int_equal(errs.count, CONFIG_MAX_PROBLEMS + 1);
    assert_non_null(strstr(errs.items[CONFIG_MAX_PROBLEMS].message, "too many"));
    free(text);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_print(void **state)
{
    struct bw_config cfg;
    struct config_errors errs;
    load_text(NET "a = 1;\nb = 2;\n", &cfg, &errs);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_non_null(f);
    assert_int_equal(config_errors_print(&errs, f), 2);
    fclose(f);
    char *a = tmp_path("t.conf:2: a: unknown key");
    char *b = tmp_path("t.conf:3: b: unknown key");
    assert_non_null(strstr(out, a));
    assert_non_null(strstr(out, b));
    assert_ptr_equal(strchr(out, '\n') + 1, strstr(out, b));
    free(a);
    free(b);
    free(out);
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_missing_file(void **state)
{
    char *path = tmp_path("absent.conf");
    struct bw_config cfg;
    struct config_errors errs;
    config_errors_init(&errs);
    assert_int_equal(config_load(&cfg, path, &errs), BW_E(IO));
    assert_int_equal(errs.count, 1);
    char *text = config_problem_format(&errs.items[0]);
    assert_non_null(strstr(text, path));
    assert_non_null(strstr(text, "No such file or directory"));
    free(text);
    config_fini(&cfg);
    config_errors_fini(&errs);

    /* A directory given by mistake is a read error, not a crash or an empty config. */
    assert_int_equal(config_load(&cfg, tmpdir, &errs), BW_E(IO));
    assert_int_equal(errs.count, 1);
    config_errors_fini(&errs);

    /* Without a list the verdict alone comes back. */
    assert_int_equal(config_load(&cfg, path, NULL), BW_E(IO));
    free(path);
}

static void test_buffer(void **state)
{
    struct bw_config cfg;
    struct config_errors errs;
    config_errors_init(&errs);
    static const char ok[] = NET "log = { level = \"warn\"; };";
    /* No terminating NUL is needed: pass one byte short of the literal's. */
    assert_int_equal(config_load_buffer(&cfg, ok, sizeof ok - 1, "inline", &errs), BW_OK);
    assert_int_equal(cfg.log_level, LOG_LEVEL_WARN);
    config_fini(&cfg);

    static const char nul[] = NET "\n# comment\0networks = 5;\n";
    assert_int_equal(config_load_buffer(&cfg, nul, sizeof nul - 1, "inline", &errs), BW_E(PARSE));
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].file, "inline");
    assert_int_equal(errs.items[0].line, 3);
    assert_non_null(strstr(errs.items[0].message, "NUL"));
    config_errors_fini(&errs);

    /* Without a problem list the verdict alone comes back. */
    static const char bad[] = NET "game = { max_players = 9; };";
    assert_int_equal(config_load_buffer(&cfg, bad, sizeof bad - 1, "inline", NULL), BW_E(INVALID));
    assert_null(cfg.networks);

    char *big = calloc(CONFIG_MAX_FILE_SIZE + 1, 1);
    assert_non_null(big);
    memset(big, ' ', CONFIG_MAX_FILE_SIZE + 1);
    assert_int_equal(config_load_buffer(&cfg, big, CONFIG_MAX_FILE_SIZE + 1, "big", &errs),
                     BW_E(LIMIT));
    free(big);
    config_errors_fini(&errs);
}

static void test_include_refused(void **state)
{
    write_file("other.conf", NET);
    struct bw_config cfg;
    struct config_errors errs;
    assert_int_equal(load_text("# a config\n  @include \"other.conf\"\n", &cfg, &errs),
                     BW_E(INVALID));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].line, 2);
    assert_null(errs.items[0].key);
    assert_non_null(strstr(errs.items[0].message, "@include is not supported"));
    config_errors_fini(&errs);

    /* libconfig's scanner exits the process on this one; it must never get that far. */
    assert_int_equal(load_text(NET "@include \".\"\n", &cfg, &errs), BW_E(INVALID));
    assert_int_equal(errs.count, 1);
    config_errors_fini(&errs);

    /* Inside a comment or a string it is only text. */
    assert_int_equal(
        load_text(NET "/*\n@include \"x\"\n*/ bot = { prefix = \"@include\"; };\n", &cfg, &errs),
        BW_OK);
    assert_string_equal(cfg.bot.prefix, "@include");
    config_fini(&cfg);
    config_errors_fini(&errs);
}

static void test_default_path(void **state)
{
    char cwd[PATH_MAX];
    assert_non_null(getcwd(cwd, sizeof cwd));
    char *work = tmp_path("work");
    assert_int_equal(mkdir(work, 0700), 0);
    assert_int_equal(chdir(work), 0);

    char *xdg = tmp_path("xdg");
    char *xdg_dir = tmp_path("xdg/brickwood");
    char *home = tmp_path("home");
    char *home_cfg = tmp_path("home/.config");
    char *home_dir = tmp_path("home/.config/brickwood");
    assert_int_equal(mkdir(xdg, 0700), 0);
    assert_int_equal(mkdir(xdg_dir, 0700), 0);
    assert_int_equal(mkdir(home, 0700), 0);
    assert_int_equal(mkdir(home_cfg, 0700), 0);
    assert_int_equal(mkdir(home_dir, 0700), 0);

    assert_null(config_default_path(home, xdg));
    assert_null(config_default_path(NULL, NULL));

    const char *home_file = write_file("home/.config/brickwood/brickwood.conf", NET);
    char *p = config_default_path(home, NULL);
    assert_string_equal(p, home_file);
    free(p);
    p = config_default_path(home, "");
    assert_string_equal(p, home_file);
    free(p);
    /* A relative XDG_CONFIG_HOME is ignored, as the XDG spec asks. */
    p = config_default_path(home, "relative/dir");
    assert_string_equal(p, home_file);
    free(p);
    /* A set XDG_CONFIG_HOME replaces ~/.config entirely. */
    assert_null(config_default_path(home, xdg));

    const char *xdg_file = write_file("xdg/brickwood/brickwood.conf", NET);
    p = config_default_path(home, xdg);
    assert_string_equal(p, xdg_file);
    free(p);

    const char *local = write_file("work/brickwood.conf", NET);
    p = config_default_path(home, xdg);
    assert_string_equal(p, "./brickwood.conf");
    free(p);

    assert_int_equal(chdir(cwd), 0);
    for (size_t i = 0; i < written_count; i++) {
        if (written[i] == local || written[i] == xdg_file || written[i] == home_file) {
            unlink(written[i]);
        }
    }
    assert_int_equal(rmdir(work), 0);
    assert_int_equal(rmdir(xdg_dir), 0);
    assert_int_equal(rmdir(xdg), 0);
    assert_int_equal(rmdir(home_dir), 0);
    assert_int_equal(rmdir(home_cfg), 0);
    assert_int_equal(rmdir(home), 0);
    free(work);
    free(xdg);
    free(xdg_dir);
    free(home);
    free(home_cfg);
    free(home_dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example_file),
        cmocka_unit_test(test_example_tls_network),
        cmocka_unit_test(test_example_channel_group),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_all_keys),
        cmocka_unit_test(test_several_networks),
        cmocka_unit_test(test_unknown_keys),
        cmocka_unit_test(test_wrong_types),
        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_players),
        cmocka_unit_test(test_bot_values),
        cmocka_unit_test(test_map_names),
        cmocka_unit_test(test_admin_masks),
        cmocka_unit_test(test_flood_floor),
        cmocka_unit_test(test_sasl),
        cmocka_unit_test(test_irc_strings),
        cmocka_unit_test(test_bot_language),
        cmocka_unit_test(test_web),
        cmocka_unit_test(test_channel_languages),
        cmocka_unit_test(test_channel_language_problems),
        cmocka_unit_test(test_channel_rule),
        cmocka_unit_test(test_networks_required),
        cmocka_unit_test(test_duplicate_networks),
        cmocka_unit_test(test_tls_files),
        cmocka_unit_test(test_syntax_error),
        cmocka_unit_test(test_deep_nesting_refused),
        cmocka_unit_test(test_many_problems),
        cmocka_unit_test(test_problem_limit),
        cmocka_unit_test(test_print),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_buffer),
        cmocka_unit_test(test_include_refused),
        cmocka_unit_test(test_default_path),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
