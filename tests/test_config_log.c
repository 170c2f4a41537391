/* The log group of the configuration: log.file is an optional string, "" meaning stderr; other
 * types and unknown keys are problems naming the line and the key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/error.h"

#define NETWORK "networks = ( { name = \"n\"; host = \"127.0.0.1\"; tls = false; } );\n"

static int load(const char *text, struct bw_config *cfg, struct config_errors *errs)
{
    config_errors_init(errs);
    return config_load_buffer(cfg, text, strlen(text), "t.conf", errs);
}

static void test_file_values(void **state)
{
    (void)state;
    struct bw_config cfg;
    struct config_errors errs;

    assert_int_equal(load(NETWORK, &cfg, &errs), BW_OK);
    assert_null(cfg.log_file); /* default: stderr */
    config_fini(&cfg);
    config_errors_fini(&errs);

    assert_int_equal(load(NETWORK "log = { level = \"debug\"; file = \"\"; };\n", &cfg, &errs),
                     BW_OK);
    assert_null(cfg.log_file);
    assert_int_equal(cfg.log_level, LOG_LEVEL_DEBUG);
    config_fini(&cfg);
    config_errors_fini(&errs);

    assert_int_equal(
        load(NETWORK "log = { file = \"/var/log/brickwood/brickwood.log\"; };\n", &cfg, &errs),
        BW_OK);
    assert_string_equal(cfg.log_file, "/var/log/brickwood/brickwood.log");
    config_fini(&cfg);
    assert_null(cfg.log_file);
    config_errors_fini(&errs);
}

static void test_file_problems(void **state)
{
    (void)state;
    static const struct {
        const char *text, *want;
    } cases[] = {
        {NETWORK "log = {\n file = 5; };\n", "t.conf:3: log.file: must be a string"},
        {NETWORK "log = {\n file = \"a\\nb\"; };\n",
         "t.conf:3: log.file: must not contain control"},
        {NETWORK "log = {\n files = \"x\"; };\n", "t.conf:3: log.files: unknown key; did you mean "
                                                  "\"file\"?"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct bw_config cfg;
        struct config_errors errs;
        assert_int_equal(load(cases[i].text, &cfg, &errs), BW_E(INVALID));
        assert_true(errs.count >= 1);
        char *line = config_problem_format(&errs.items[0]);
        if (strncmp(line, cases[i].want, strlen(cases[i].want)) != 0)
            fail_msg("got \"%s\", want \"%s...\"", line, cases[i].want);
        free(line);
        config_fini(&cfg);
        config_errors_fini(&errs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file_values),
        cmocka_unit_test(test_file_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
