/* The case-insensitive map the bot finds games with: names equal regardless of ASCII case are
 * one key (and other bytes are compared as they are, like strcasecmp in the C locale), the
 * same key may hold several values, and many adds and removes in any order leave exactly what
 * a plain list would hold. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "util/cimap.h"

static void test_case(void **state)
{
    (void)state;
    struct cimap m;
    cimap_init(&m);
    int a = 1, b = 2;
    assert_null(cimap_get(&m, "#catan"));
    cimap_add(&m, "#Catan", &a);
    cimap_add(&m, "#katan[1]", &b);
    assert_ptr_equal(cimap_get(&m, "#catan"), &a);
    assert_ptr_equal(cimap_get(&m, "#CATAN"), &a);
    assert_ptr_equal(cimap_get(&m, "#KATAN[1]"), &b);
    assert_int_equal(cimap_hash("#CaTaN"), cimap_hash("#cAtAn"));
    /* As the bot compares names: only ASCII letters fold ('[' is not '{', 'É' is not 'é'). */
    assert_null(cimap_get(&m, "#katan{1}"));
    assert_null(cimap_get(&m, "#cata"));
    assert_null(cimap_get(&m, "#catann"));
    assert_null(cimap_get(&m, NULL));
    static const char upper[] = "#\xc3\x89t\xc3\xa9", lower_[] = "#\xc3\xa9t\xc3\xa9";
    cimap_add(&m, upper, &a);
    assert_ptr_equal(cimap_get(&m, upper), &a);
    assert_null(cimap_get(&m, lower_));
    assert_true(cimap_remove(&m, "#CATAN", &a));
    assert_false(cimap_remove(&m, "#catan", &a));
    assert_false(cimap_remove(&m, "#katan[1]", &a)); /* the key holds another value */
    assert_null(cimap_get(&m, "#catan"));
    assert_ptr_equal(cimap_get(&m, "#katan[1]"), &b);
    assert_int_equal(m.n, 2);
    cimap_fini(&m);
    assert_null(cimap_get(&m, "#katan[1]"));
}

static void test_duplicates(void **state)
{
    (void)state;
    struct cimap m = {0};
    int v[3];
    cimap_add(&m, "#a", &v[0]);
    cimap_add(&m, "#A", &v[1]);
    cimap_add(&m, "#a", &v[2]);
    size_t at = 0;
    int seen = 0;
    for (void *p; (p = cimap_next(&m, "#a", &at));)
        seen |= 1 << ((int *)p - v);
    assert_int_equal(seen, 7);
    assert_true(cimap_remove(&m, "#a", &v[1]));
    at = 0;
    seen = 0;
    for (void *p; (p = cimap_next(&m, "#A", &at));)
        seen |= 1 << ((int *)p - v);
    assert_int_equal(seen, 5);
    cimap_fini(&m);
}

#define MANY 20000

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

/* Adds and removes in a random order against a list of what should be there; every name is
 * found (in any case) exactly when it is in the list, with its own value. */
static void test_many(void **state)
{
    (void)state;
    static char names[MANY][24];
    static bool in[MANY];
    struct cimap m = {0};
    uint64_t seed = 12345;
    for (int i = 0; i < MANY; i++)
        snprintf(names[i], sizeof names[i], "#Game-%d", i);
    size_t count = 0;
    for (int round = 0; round < 8 * MANY; round++) {
        int i = (int)(next(&seed) % MANY);
        if (in[i]) {
            assert_true(cimap_remove(&m, names[i], names[i]));
            count--;
        } else {
            cimap_add(&m, names[i], names[i]);
            count++;
        }
        in[i] = !in[i];
        assert_int_equal(m.n, count);
        if (round % 4096 == 0) {
            char upper[24];
            for (int k = 0; k < MANY; k++) {
                snprintf(upper, sizeof upper, "#GAME-%d", k);
                assert_ptr_equal(cimap_get(&m, upper), in[k] ? names[k] : NULL);
            }
        }
    }
    for (int i = 0; i < MANY; i++)
        if (in[i])
            assert_true(cimap_remove(&m, names[i], names[i]));
    assert_int_equal(m.n, 0);
    for (int i = 0; i < MANY; i++)
        assert_null(cimap_get(&m, names[i]));
    cimap_fini(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_case),
        cmocka_unit_test(test_duplicates),
        cmocka_unit_test(test_many),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
