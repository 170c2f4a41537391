#include "store_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int collect(void *ctx, const char *network, const char *channel, const void *blob, size_t len)
{
    struct seen *s = ctx;
    snprintf(s->channels[s->count], sizeof s->channels[0], "%s/%s", network, channel);
    s->lens[s->count] = len;
    s->first[s->count] = blob ? *(const unsigned char *)blob : 0;
    s->count++;
    return 0;
}

struct store_finished game(const char *network, const char *channel, enum store_ending ending,
                           int turns)
{
    struct store_finished g = {0};
    g.network = network;
    g.channel = channel;
    g.started = 1700000000;
    g.ended = 1700003600;
    g.turns = turns;
    g.ending = ending;
    return g;
}

void seat(struct store_finished *g, const char *identity, const char *nick, int points, bool won,
          bool resigned)
{
    struct store_seat *s = &g->seats[g->n_seats];
    s->identity = identity;
    s->nick = nick;
    s->seat = g->n_seats;
    s->points = points;
    s->won = won;
    s->resigned = resigned;
    g->n_seats++;
}

int keep_top(void *ctx, int rank, const struct store_stats *s)
{
    struct board *b = ctx;
    assert_int_equal(rank, b->count + 1);
    assert_true(b->count < (int)(sizeof b->rows / sizeof b->rows[0]));
    b->rows[b->count++] = *s;
    return 0;
}

void check_stats(struct store *st, const char *identity, double rating, int games, int wins,
                 int best)
{
    struct store_stats s;
    char err[256] = "";
    assert_int_equal(store_stats(st, "net", identity, &s, err, sizeof err), BW_OK);
    assert_string_equal(s.identity, identity);
    assert_float_equal(s.rating, rating, 1e-6);
    assert_int_equal(s.games, games);
    assert_int_equal(s.wins, wins);
    assert_int_equal(s.best_points, best);
    assert_float_equal(s.win_rate, (double)wins / games, 1e-12);
}
