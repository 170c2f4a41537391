/* What the tests that read a real store share: one in a fresh directory, removed with its files
 * afterwards, and a finished game with computer players in it. */
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

#endif
