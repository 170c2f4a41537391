/* The log file (log.file): opened for appending, opened anew under the same name after a
 * rename (logrotate), refused with a reason naming the file, checked without being created.
 * Event lines: the key=value tail, in a fixed order, quoted where needed, kept whole. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/log.h"

struct dir {
    char path[256];
};

static void dir_make(struct dir *d)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(d->path, sizeof d->path, "%s/brickwood-log-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(d->path));
}

static char *file_in(const struct dir *d, const char *name)
{
    static char buf[4][512];
    static int next;
    char *p = buf[next++ % 4];
    snprintf(p, sizeof buf[0], "%s/%s", d->path, name);
    return p;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 65536);
    assert_non_null(buf);
    size_t n = fread(buf, 1, 65535, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static void test_append_and_reopen(void **state)
{
    (void)state;
    struct dir d;
    dir_make(&d);
    const char *path = file_in(&d, "bot.log"), *rotated = file_in(&d, "bot.log.1");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("kept\n", f);
    fclose(f);

    char err[512] = "";
    assert_int_equal(log_use_path(path, err, sizeof err), 0);
    assert_string_equal(log_path(), path);
    log_info("first line");
    assert_int_equal(rename(path, rotated), 0);
    log_info("second line, still into the renamed file");
    assert_int_equal(log_use_path(path, err, sizeof err), 0);
    log_warn("third line");
    assert_int_equal(log_use_path(NULL, err, sizeof err), 0);
    assert_null(log_path());

    char *old = slurp(rotated), *fresh = slurp(path);
    assert_non_null(old);
    assert_non_null(fresh);
    assert_true(strncmp(old, "kept\n", 5) == 0); /* appended, not truncated */
    assert_int_equal(count(old, "info: first line\n"), 1);
    assert_int_equal(count(old, "info: second line"), 1);
    assert_int_equal(count(old, "third line"), 0);
    assert_int_equal(count(fresh, "warn: third line\n"), 1);
    assert_int_equal(count(fresh, "\n"), 1);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0027, 0); /* no access for others, none to write for group */
    free(old);
    free(fresh);
    unlink(path);
    unlink(rotated);
    rmdir(d.path);
}

static void test_refused_keeps_the_old_file(void **state)
{
    (void)state;
    struct dir d;
    dir_make(&d);
    const char *path = file_in(&d, "bot.log");
    const char *bad = file_in(&d, "missing/bot.log");
    char err[512] = "";
    assert_int_equal(log_use_path(path, err, sizeof err), 0);
    assert_int_equal(log_use_path(bad, err, sizeof err), -1);
    assert_non_null(strstr(err, bad));
    assert_non_null(strstr(err, strerror(ENOENT)));
    assert_string_equal(log_path(), path);
    log_error("after the refusal");
    /* A folder is not a log file either. */
    assert_int_equal(log_use_path(d.path, err, sizeof err), -1);
    assert_non_null(strstr(err, d.path));
    assert_int_equal(log_use_path(NULL, err, sizeof err), 0);

    char *text = slurp(path);
    assert_non_null(text);
    assert_int_equal(count(text, "error: after the refusal\n"), 1);
    free(text);
    unlink(path);
    rmdir(d.path);
}

static void test_check_creates_nothing(void **state)
{
    (void)state;
    struct dir d;
    dir_make(&d);
    const char *path = file_in(&d, "new.log");
    const char *bad = file_in(&d, "missing/new.log");
    char err[512] = "";
    assert_int_equal(log_check_path(NULL, err, sizeof err), 0);
    assert_int_equal(log_check_path("", err, sizeof err), 0);
    assert_int_equal(log_check_path(path, err, sizeof err), 0);
    assert_int_equal(access(path, F_OK), -1); /* not created */
    assert_int_equal(log_check_path(bad, err, sizeof err), -1);
    assert_non_null(strstr(err, bad));
    assert_int_equal(log_check_path(d.path, err, sizeof err), -1);
    assert_non_null(strstr(err, d.path));
    if (geteuid() != 0) { /* root may write anywhere */
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fclose(f);
        assert_int_equal(chmod(path, 0444), 0);
        assert_int_equal(log_check_path(path, err, sizeof err), -1);
        assert_int_equal(log_use_path(path, err, sizeof err), -1);
        assert_non_null(strstr(err, strerror(EACCES)));
        unlink(path);
    }
    rmdir(d.path);
}

/* The text of the one line log_event wrote, after "LEVEL: ". */
static char *event_line(char *buf, size_t size, FILE *f)
{
    rewind(f);
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    assert_int_equal(count(buf, "\n"), 1);
    buf[n - 1] = '\0';
    char *text = strstr(buf, "Z info: ");
    assert_non_null(text);
    return text + strlen("Z info: ");
}

static void test_event_fields(void **state)
{
    (void)state;
    char buf[8192];
    FILE *f = tmpfile();
    assert_non_null(f);
    log_set_file(f);
    log_event(LOG_LEVEL_INFO,
              &(struct log_fields){
                  .network = "local", .channel = "#catan", .nick = "alice", .action = "join"},
              "%s: joined %s", "local", "#catan");
    assert_string_equal(event_line(buf, sizeof buf, f),
                        "local: joined #catan network=local channel=#catan nick=alice action=join");
    log_set_file(NULL);
    fclose(f);

    /* Absent fields are left out; odd values are quoted, control characters escaped. */
    f = tmpfile();
    log_set_file(f);
    log_event(LOG_LEVEL_INFO,
              &(struct log_fields){.channel = "#a b=\"c\"\\", .nick = "", .action = "x\ry"},
              "text");
    assert_string_equal(event_line(buf, sizeof buf, f),
                        "text channel=\"#a b=\\\"c\\\"\\\\\" nick=\"\" action=x\\x0dy");
    log_set_file(NULL);
    fclose(f);

    /* No fields at all: the text alone. Below the level: nothing. */
    f = tmpfile();
    log_set_file(f);
    log_event(LOG_LEVEL_DEBUG, &(struct log_fields){.action = "hidden"}, "not %s", "written");
    log_event(LOG_LEVEL_INFO, NULL, "plain");
    assert_string_equal(event_line(buf, sizeof buf, f), "plain");
    log_set_file(NULL);
    fclose(f);

    /* A message too long for a line gives way to the fields, which stay whole at the end. */
    char *huge = malloc(5000);
    assert_non_null(huge);
    memset(huge, 'x', 4999);
    huge[4999] = '\0';
    f = tmpfile();
    log_set_file(f);
    log_event(LOG_LEVEL_INFO, &(struct log_fields){.network = "local", .action = "drop_in"}, "%s",
              huge);
    const char *text = event_line(buf, sizeof buf, f);
    assert_true(strlen(text) < 2100);
    assert_non_null(strstr(text, "xxx network=local action=drop_in"));
    assert_int_equal(strcmp(text + strlen(text) - strlen(" action=drop_in"), " action=drop_in"), 0);
    log_set_file(NULL);
    fclose(f);
    free(huge);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_event_fields),
        cmocka_unit_test(test_append_and_reopen),
        cmocka_unit_test(test_refused_keeps_the_old_file),
        cmocka_unit_test(test_check_creates_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
