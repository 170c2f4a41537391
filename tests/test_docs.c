/* README.md documents every command of the command table and every key of the example
 * configuration: adding either without documenting it fails here. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_command_documented),
        cmocka_unit_test(test_every_config_key_documented),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
