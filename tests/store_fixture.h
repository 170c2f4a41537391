/* What the tests that read a real store share: one in a fresh directory, removed with its files
 * afterwards, a finished game with computer players in it, and the helpers of the store's own
 * tests (test_store.c, test_store_backends.c). */
#ifndef BW_TESTS_STORE_FIXTURE_H
#define BW_TESTS_STORE_FIXTURE_H

#include "store/store.h"

struct store_fixture {
    char root[64];  /* the directory, under /tmp */
    char path[128]; /* the store in it */
    struct store *st;
};

/* A new store in a new directory named after tag; 0, or -1 when either cannot be made. */
int store_fixture_open(struct store_fixture *f, const char *tag);
/* Close the store and remove it, its companion files and the directory; 0 or -1. */
int store_fixture_close(struct store_fixture *f);

/* A game on network won by zara (account:zara, 10 points) against a normal (6 points) and a hard
 * (8 points) computer player, recorded in st: zara 1516, bot:hard 1500, bot:normal 1484. */
void store_fixture_robot_game(struct store *st, const char *network);

/* Every saved record store_each_game passes to collect: "NETWORK/CHANNEL", length, first byte. */
struct seen {
    int count;
    char channels[8][32];
    size_t lens[8];
    unsigned char first[8];
};
int collect(void *ctx, const char *network, const char *channel, const void *blob, size_t len);

/* A finished game on network in channel, started and ended an hour apart; seat() adds seats. */
struct store_finished game(const char *network, const char *channel, enum store_ending ending,
                           int turns);
void seat(struct store_finished *g, const char *identity, const char *nick, int points, bool won,
          bool resigned);

/* The leaders store_top passes to keep_top, in order. */
struct board {
    int count;
    struct store_stats rows[8];
};
int keep_top(void *ctx, int rank, const struct store_stats *s);

/* identity's record on "net" is exactly that. */
void check_stats(struct store *st, const char *identity, double rating, int games, int wins,
                 int best);

#endif
