/* Where games get their randomness: each game's generator comes whole (256 bits) from the
 * operating system's random source when it starts, so that nothing about the process (its
 * seed, time or pid) tells a board's hidden cards or its future rolls; a failing source stops
 * the start instead of falling back to something weaker; and a repeatable bot (BRICKWOOD_SEED)
 * deals the same games for the same seed, reading nothing from the system. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "session/session.h"
#include "util/log.h"
#include "util/osrandom.h"

#include "bot_fake.h"

#define OTHER "#other"

/* ---- a random source the test controls ---- */

static struct {
    int calls, bytes;   /* reads, and the bytes handed out */
    int interrupt;      /* reads left to fail with EINTR first */
    int fail_errno;     /* fail every read with this, when not 0 */
    size_t chunk;       /* at most this many bytes a read (0: all asked for) */
    unsigned char next; /* the value of the next byte handed out */
    bool zeros;         /* hand out zeros */
} src;

static ssize_t fake_source(void *buf, size_t n, unsigned flags)
{
    (void)flags;
    src.calls++;
    if (src.interrupt > 0) {
        src.interrupt--;
        errno = EINTR;
        return -1;
    }
    if (src.fail_errno) {
        errno = src.fail_errno;
        return -1;
    }
    if (src.chunk && n > src.chunk)
        n = src.chunk;
    unsigned char *b = buf;
    for (size_t i = 0; i < n; i++)
        b[i] = src.zeros ? 0 : src.next++;
    src.bytes += (int)n;
    return (ssize_t)n;
}

static void use_fake_source(unsigned char first)
{
    memset(&src, 0, sizeof src);
    src.next = first;
    os_random_set_source(fake_source);
}

/* The generator 32 bytes counting up from first make: four little-endian words. */
static struct bw_rng counting_from(unsigned char first)
{
    unsigned char b[BW_RNG_BYTES];
    for (int i = 0; i < BW_RNG_BYTES; i++)
        b[i] = (unsigned char)(first + i);
    struct bw_rng r;
    assert_true(bw_rng_from_bytes(&r, b));
    return r;
}

/* ---- games ---- */

/* A bot that reads each game's generator from the system (not repeatable), with the fake
 * source handing out bytes counting up from first. */
static struct bot *system_bot(uint64_t seed, unsigned char first)
{
    struct bot *b = make_bot(60, seed);
    bot_set_repeatable(b, false);
    use_fake_source(first);
    return b;
}

static void line(struct bot *b, const char *channel, const char *nick, const char *text, int64_t at)
{
    struct bw_identity id;
    ident(&id, nick);
    bot_on_message(b, channel, &id, text, at);
}

/* ann, bob and cat open, join and start a game in channel, every line at the same moment. */
static void start_in(struct bot *b, const char *channel, int64_t at)
{
    line(b, channel, "ann", "!new", at);
    line(b, channel, "bob", "!join", at);
    line(b, channel, "cat", "!join", at);
    line(b, channel, "ann", "!start", at);
}

static const struct session *in(struct bot *b, const char *channel)
{
    const struct session *s = bot_session(b, channel);
    assert_non_null(s);
    return s;
}

/* Two bots with the same seed, as two processes seeded alike would be (the old seed was the
 * time and the pid: some 2^30 guesses), start a game with the same commands at the same time:
 * their games share nothing, since each game's generator comes from the system. */
static void test_same_seed_different_games(void **state)
{
    (void)state;
    os_random_set_source(NULL);
    struct bot *a = make_bot(60, 42), *b = make_bot(60, 42);
    bot_set_repeatable(a, false);
    bot_set_repeatable(b, false);
    start_in(a, CHAN, 5000);
    start_in(b, CHAN, 5000);
    const struct game *ga = &in(a, CHAN)->game, *gb = &in(b, CHAN)->game;
    assert_int_equal(in(a, CHAN)->state, SESSION_PLAYING);
    assert_int_equal(in(b, CHAN)->state, SESSION_PLAYING);
    assert_memory_not_equal(&ga->rng, &gb->rng, sizeof ga->rng);
    assert_true(memcmp(ga->deck, gb->deck, sizeof ga->deck) != 0 ||
                memcmp(ga->terrain, gb->terrain, sizeof ga->terrain) != 0);
    bot_free(a);
    bot_free(b);
}

/* Two games started in one process at the same moment: each reads 32 bytes of its own, and its
 * generator is exactly what was read (before dealing the board and the deck from it). */
static void test_each_game_reads_32_bytes(void **state)
{
    (void)state;
    struct bot *b = system_bot(7, 1);
    line(b, CHAN, "ann", "!new", 9000);
    line(b, CHAN, "bob", "!join", 9000);
    line(b, CHAN, "cat", "!join", 9000);
    assert_int_equal(src.calls, 0); /* nothing is read before a game starts */
    line(b, CHAN, "ann", "!start", 9000);
    assert_int_equal(src.bytes, BW_RNG_BYTES);
    start_in(b, OTHER, 9000);
    assert_int_equal(src.bytes, 2 * BW_RNG_BYTES);
    assert_int_equal(src.calls, 2);
    const struct session *s1 = in(b, CHAN), *s2 = in(b, OTHER);
    assert_int_equal(s1->state, SESSION_PLAYING);
    assert_int_equal(s2->state, SESSION_PLAYING);
    assert_memory_not_equal(&s1->game.rng, &s2->game.rng, sizeof s1->game.rng);
    /* Dealt from the bytes read: the same game as one started on that generator. */
    struct bw_rng first = counting_from(1), second = counting_from(1 + BW_RNG_BYTES);
    struct game g;
    assert_int_equal(game_init_rng(&g, &s1->game.opt, &first), BW_OK);
    assert_memory_equal(g.terrain, s1->game.terrain, sizeof g.terrain);
    assert_memory_equal(g.deck, s1->game.deck, sizeof g.deck);
    assert_memory_equal(&g.rng, &s1->game.rng, sizeof g.rng);
    assert_int_equal(game_init_rng(&g, &s2->game.opt, &second), BW_OK);
    assert_memory_equal(&g.rng, &s2->game.rng, sizeof g.rng);
    /* The generator is saved whole and comes back whole. */
    unsigned char blob[SESSION_RECORD_SIZE];
    size_t len = session_save(s1, 9000, blob, sizeof blob);
    static struct session back;
    assert_int_equal(session_restore(&back, blob, len, 20000, NULL, 0), BW_OK);
    assert_memory_equal(&back.game.rng, &s1->game.rng, sizeof back.game.rng);
    os_random_set_source(NULL);
    bot_free(b);
}

/* Reads interrupted by a signal, and reads that give a few bytes at a time, go on until the
 * 32 bytes are in. */
static void test_interrupted_and_short_reads(void **state)
{
    (void)state;
    struct bot *b = system_bot(8, 100);
    src.interrupt = 3;
    src.chunk = 5;
    start_in(b, CHAN, 1000);
    assert_int_equal(in(b, CHAN)->state, SESSION_PLAYING);
    assert_int_equal(src.bytes, BW_RNG_BYTES);
    assert_int_equal(src.calls, 3 + (BW_RNG_BYTES + 4) / 5);
    struct bw_rng want = counting_from(100);
    struct game g;
    assert_int_equal(game_init_rng(&g, &in(b, CHAN)->game.opt, &want), BW_OK);
    assert_memory_equal(&g.rng, &in(b, CHAN)->game.rng, sizeof g.rng);
    unsigned char buf[7];
    char why[64];
    use_fake_source(0);
    src.chunk = 1;
    assert_int_equal(os_random(buf, sizeof buf, why, sizeof why), 0);
    assert_int_equal(src.calls, 7);
    os_random_set_source(NULL);
    bot_free(b);
}

/* A source that fails (or gives only zeros): the game does not start, the players are told
 * why in a sentence, the log says what failed, and the lobby stays as it was. */
static void test_failing_source_refuses_start(void **state)
{
    (void)state;
    char logbuf[4096] = "";
    FILE *logf = fmemopen(logbuf, sizeof logbuf - 1, "w");
    assert_non_null(logf);
    setvbuf(logf, NULL, _IONBF, 0);
    log_set_file(logf);
    struct bot *b = system_bot(9, 0);
    src.fail_errno = ENOSYS;
    line(b, CHAN, "ann", "!new", 1000);
    line(b, CHAN, "bob", "!join", 1000);
    line(b, CHAN, "cat", "!join", 1000);
    static struct session before;
    before = *in(b, CHAN);
    int mark = n_recs;
    line(b, CHAN, "ann", "!start", 1000);
    assert_int_equal(in(b, CHAN)->state, SESSION_LOBBY);
    assert_memory_equal(in(b, CHAN), &before, sizeof before);
    assert_true(any_line(mark, "ann",
                         "the game in #catan cannot start now: the system's random "
                         "source failed"));
    assert_false(any_line(mark, CHAN, "the game starts"));
    assert_non_null(strstr(logbuf, "action=random_failed"));
    assert_non_null(strstr(logbuf, "getrandom: Function not implemented"));
    /* Only zeros: a broken source, refused the same way. */
    use_fake_source(0);
    src.zeros = true;
    line(b, CHAN, "ann", "!start", 2000);
    assert_int_equal(in(b, CHAN)->state, SESSION_LOBBY);
    assert_non_null(strstr(logbuf, "only zeros"));
    /* The source works again: the game starts. */
    use_fake_source(0);
    line(b, CHAN, "ann", "!start", 3000);
    assert_int_equal(in(b, CHAN)->state, SESSION_PLAYING);
    char why[64];
    unsigned char buf[4];
    src.fail_errno = EIO;
    assert_int_equal(os_random(buf, sizeof buf, why, sizeof why), -1);
    assert_string_equal(why, "getrandom: Input/output error");
    os_random_set_source(NULL);
    log_set_file(NULL);
    fclose(logf);
    bot_free(b);
}

/* A repeatable bot (BRICKWOOD_SEED) reads nothing from the system, and the same seed and
 * commands give the same games: the generator, seat order, board and deck. */
static void test_repeatable_same_games(void **state)
{
    (void)state;
    use_fake_source(0);
    struct bot *a = make_bot(60, 1234), *b = make_bot(60, 1234);
    start_in(a, CHAN, 5000);
    start_in(b, CHAN, 7000);
    assert_int_equal(src.calls, 0);
    const struct session *sa = in(a, CHAN), *sb = in(b, CHAN);
    assert_memory_equal(&sa->game, &sb->game, sizeof sa->game);
    for (int i = 0; i < 3; i++)
        assert_string_equal(sa->seat[i].nick, sb->seat[i].nick);
    os_random_set_source(NULL);
    bot_free(a);
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_different_games),
        cmocka_unit_test(test_each_game_reads_32_bytes),
        cmocka_unit_test(test_interrupted_and_short_reads),
        cmocka_unit_test(test_failing_source_refuses_start),
        cmocka_unit_test(test_repeatable_same_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
