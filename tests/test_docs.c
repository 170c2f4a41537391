/* README.md documents every command of the command table and every key of the example
 * configuration, and the manual pages every option and every configuration key: adding either
 * without documenting it fails here. */
#include <ctype.h>
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cmd/cmd.h"

static char *slurp(const char *rel)
{
    const char *dir = getenv("BW_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", rel);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 20);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void test_every_command_documented(void **state)
{
    (void)state;
    char *readme = slurp("README.md");
    char want[64];
    for (int i = 0; cmd_table[i]; i++) {
        const struct cmd_entry *e = cmd_table[i];
        /* Channel commands appear as `!name`, private-only admin commands as `name`. */
        snprintf(want, sizeof want, e->where & CMD_IN_CHANNEL ? "`!%s" : "`%s", e->name);
        if (!strstr(readme, want))
            fail_msg("README.md does not document %s", want);
        for (int k = 0; e->aliases[k]; k++) {
            snprintf(want, sizeof want, "`!%s", e->aliases[k]);
            if (!strstr(readme, want))
                fail_msg("README.md does not document the alias %s", want);
        }
    }
    free(readme);
}

static void test_every_config_key_documented(void **state)
{
    (void)state;
    char *readme = slurp("README.md"), *conf = slurp("config/brickwood.conf");
    int keys = 0;
    for (char *line = strtok(conf, "\n"); line; line = strtok(NULL, "\n")) {
        while (*line == ' ' || *line == '#' || *line == ',' || *line == '{')
            line++;
        char key[64];
        int n = 0;
        while (n < 63 && (isalnum((unsigned char)line[n]) || line[n] == '_')) {
            key[n] = line[n];
            n++;
        }
        key[n] = '\0';
        const char *rest = line + n;
        while (*rest == ' ')
            rest++;
        if (n == 0 || *rest != '=' || !islower((unsigned char)key[0]))
            continue;
        /* A leaf as `group.key`, a group as the start of its keys' names. */
        char leaf[80], group[80], inner[80];
        snprintf(leaf, sizeof leaf, "%s`", key);
        snprintf(group, sizeof group, "`%s.", key);
        snprintf(inner, sizeof inner, ".%s.", key);
        if (!strstr(readme, leaf) && !strstr(readme, group) && !strstr(readme, inner))
            fail_msg("README.md does not document the configuration key %s", key);
        keys++;
    }
    assert_true(keys >= 20);
    free(readme);
    free(conf);
}

/* Whether text holds word followed by something that cannot continue a key name. */
static bool has_key_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; (p = strstr(p, word)); p++) {
        unsigned char next = (unsigned char)p[n];
        if (!isalnum(next) && next != '_' && next != '.')
            return true;
    }
    return false;
}

/* brickwood.conf(5) documents every key the loader knows, as ".It Cm group.key": the key
 * lists of src/config/schema.c (static arrays named *_keys) are read from the source, each
 * with the dotted prefix its keys have in the manual. A new list must be added here. */
static void test_every_schema_key_in_manual(void **state)
{
    (void)state;
    static const struct {
        const char *list, *prefix;
    } lists[] = {
        {"top_keys", ""},
        {"network_keys", "networks."},
        {"sasl_keys", "networks.sasl."},
        {"flood_keys", "networks.flood."},
        {"channel_keys", "networks.channels."},
        {"bot_keys", "bot."},
        {"game_keys", "game."},
        {"store_keys", "store."},
        {"log_keys", "log."},
        {"web_keys", "web."},
    };
    char *schema = slurp("src/config/schema.c"), *manual = slurp("man/brickwood.conf.5");
    int keys = 0;
    const char *p = schema;
    while ((p = strstr(p, "_keys[] = {"))) {
        const char *name = p;
        while (name > schema && (isalnum((unsigned char)name[-1]) || name[-1] == '_'))
            name--;
        char list[64];
        snprintf(list, sizeof list, "%.*s_keys", (int)(p - name), name);
        const char *prefix = NULL;
        for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
            if (strcmp(lists[i].list, list) == 0)
                prefix = lists[i].prefix;
        if (!prefix)
            fail_msg("%s in src/config/schema.c: add its prefix in brickwood.conf(5) to "
                     "tests/test_docs.c",
                     list);
        const char *end = strstr(p, "NULL}");
        assert_non_null(end);
        for (const char *q = strchr(p, '"'); q && q < end; q = strchr(q, '"')) {
            const char *close = strchr(q + 1, '"');
            assert_non_null(close);
            char want[128];
            snprintf(want, sizeof want, ".It Cm %s%.*s", prefix, (int)(close - q - 1), q + 1);
            if (!has_key_word(manual, want))
                fail_msg("man/brickwood.conf.5 does not document the key %s (as \"%s\")", want + 7,
                         want);
            keys++;
            q = close + 1;
        }
        p = end;
    }
    assert_true(keys >= 40);
    free(schema);
    free(manual);
}

/* brickwood(1) names every option the program takes. */
static void test_every_option_in_manual(void **state)
{
    (void)state;
    char *manual = slurp("man/brickwood.1"), *main_c = slurp("src/main.c");
    const char *opts = strstr(main_c, "getopt_long(argc, argv, \"");
    assert_non_null(opts);
    opts = strchr(opts, '"') + 1;
    int n = 0;
    for (; *opts && *opts != '"'; opts++) {
        if (*opts == ':')
            continue;
        char want[16];
        snprintf(want, sizeof want, "Fl %c", *opts);
        if (!strstr(manual, want))
            fail_msg("man/brickwood.1 does not document -%c", *opts);
        n++;
    }
    assert_true(n >= 4);
    /* And every long one: {"start-empty", ...}. */
    for (const char *p = strstr(main_c, "struct option longs[]"); p && (p = strstr(p, "{\""));) {
        p += 2;
        const char *end = strchr(p, '"');
        assert_non_null(end);
        char want[64];
        snprintf(want, sizeof want, "Fl \\-%.*s", (int)(end - p), p);
        if (!strstr(manual, want))
            fail_msg("man/brickwood.1 does not document --%.*s (as %s)", (int)(end - p), p, want);
        n++;
    }
    free(manual);
    free(main_c);
}

/* Every action= word the program logs (in src/main.c, src/netstore.c, src/irc/ and src/bot/)
 * is in README's list. */
static void test_every_log_action_documented(void **state)
{
    (void)state;
    char *readme = slurp("README.md");
    const char *logs = strstr(readme, "### Logs");
    assert_non_null(logs);
    const char *dir_name = getenv("BW_SOURCE_DIR");
    char dir_path[4096];
    snprintf(dir_path, sizeof dir_path, "%s/src/irc", dir_name ? dir_name : ".");
    DIR *dir = opendir(dir_path);
    assert_non_null(dir);
    int actions = 0;
    const char *files[64] = {"src/main.c", "src/netstore.c"};
    char names[64][300];
    size_t n = 2;
    static const char *const dirs[] = {"src/irc", "src/bot"};
    for (size_t d = 0; d < 2; d++) {
        if (d) {
            snprintf(dir_path, sizeof dir_path, "%s/%s", dir_name ? dir_name : ".", dirs[d]);
            dir = opendir(dir_path);
            assert_non_null(dir);
        }
        for (struct dirent *e; (e = readdir(dir)) && n < 64;) {
            size_t len = strlen(e->d_name);
            if (len > 2 && strcmp(e->d_name + len - 2, ".c") == 0) {
                snprintf(names[n], sizeof names[n], "%s/%s", dirs[d], e->d_name);
                files[n] = names[n];
                n++;
            }
        }
        closedir(dir);
    }
    for (size_t i = 0; i < n; i++) {
        char *src = slurp(files[i]);
        for (const char *p = src; (p = strstr(p, ".action = \"")); p++) {
            const char *word = p + strlen(".action = \"");
            const char *end = strchr(word, '"');
            assert_non_null(end);
            char want[64];
            snprintf(want, sizeof want, "`%.*s`", (int)(end - word), word);
            if (!strstr(logs, want))
                fail_msg("README.md (Logs) does not list the action %s of %s", want, files[i]);
            actions++;
        }
        free(src);
    }
    assert_true(actions >= 20);
    free(readme);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_command_documented),
        cmocka_unit_test(test_every_config_key_documented),
        cmocka_unit_test(test_every_schema_key_in_manual),
        cmocka_unit_test(test_every_option_in_manual),
        cmocka_unit_test(test_every_log_action_documented),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
