#include "store_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

int store_fixture_open(struct store_fixture *f, const char *tag)
{
    snprintf(f->root, sizeof f->root, "/tmp/bw_%s_test.XXXXXX", tag);
    if (!mkdtemp(f->root))
        return -1;
    snprintf(f->path, sizeof f->path, "%s/bw.db", f->root);
    char err[256];
    f->st = store_open(f->path, err, sizeof err);
    return f->st ? 0 : -1;
}

int store_fixture_close(struct store_fixture *f)
{
    store_close(f->st);
    f->st = NULL;
    static const char *const tails[] = {"", "-wal", "-shm", "-lock"};
    char name[200];
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        snprintf(name, sizeof name, "%s%s", f->path, tails[i]);
        unlink(name);
    }
    return rmdir(f->root);
}

void store_fixture_robot_game(struct store *st, const char *network)
{
    /* zara beats both (+8 each); hard (8 points) beats normal (6): hard 1500 - 8 + 8, normal
     * 1500 - 8 - 8. */
    struct store_finished f = {.network = network,
                               .channel = "#bots",
                               .started = 1,
                               .ended = 2,
                               .turns = 30,
                               .ending = STORE_END_WIN,
                               .n_seats = 3};
    f.seats[0] = (struct store_seat){"account:zara", "zara", 0, 10, true, false};
    f.seats[1] = (struct store_seat){"bot:normal", "normal (bot)", 1, 6, false, false};
    f.seats[2] = (struct store_seat){"bot:hard", "hard (bot)", 2, 8, false, false};
    char err[256];
    assert_int_equal(store_record_finished(st, &f, err, sizeof err), BW_OK);
}
