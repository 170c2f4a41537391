/* Which channels the web view leaves out for their modes: +s and +p as a 324 reply or a MODE
 * line says them, each followed apart, later letters winning, other modes ignored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "irc/secrecy.h"

static void expect(bool s, bool p, const char *modes, bool want_s, bool want_p)
{
    bool gs = s, gp = p;
    ircb_secrecy_apply(&gs, &gp, modes);
    if (gs != want_s || gp != want_p)
        fail_msg("%s from s=%d p=%d: s=%d p=%d, not s=%d p=%d", modes ? modes : "(null)", s, p, gs,
                 gp, want_s, want_p);
}

static void test_modes(void **state)
{
    (void)state;
    expect(false, false, "+nst", true, false); /* a 324 reply */
    expect(false, false, "+p", false, true);
    expect(false, false, "+ps", true, true);
    expect(true, true, "-s", false, true); /* -s leaves +p: still hidden */
    expect(true, true, "-p", true, false);
    expect(true, false, "+o-s", false, false);
    expect(false, false, "+s-s", false, false); /* the later letter wins */
    expect(false, false, "-p+p", false, true);
    expect(true, false, "+tn", true, false);     /* other modes change nothing */
    expect(false, false, "s", false, false);     /* no sign: nothing is sure */
    expect(false, false, "+ k s", false, false); /* parameters are not modes */
    expect(true, true, "", true, true);
    expect(true, true, NULL, true, true);
    expect(false, false, "+S", false, false); /* other case: another mode */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_modes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
