/* The saved game's record: round trips of lobbies and of games taken at random points of
 * random playouts, deadlines moved to the restoring clock, damaged and cut records refused
 * without harm, impossible sessions refused, and the frozen version 1 record still read.
 *
 * `test_record --write-golden FILE` writes the golden session as a record of the newest version;
 * it was run once when each version was frozen (tests/data/record_vN.bin) and must not be
 * needed again for that version. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/playout.h"
#include "map/map.h"
#include "session/record.h"
#include "session/session.h"

static const struct session_rules rules = {3, 6, 10, 60, SESSION_ROBOT_NORMAL, false};

static void seat_who(int i, char *nick, char *user, char *host, struct session_who *who)
{
    static const char *const nicks[] = {"ann", "ben", "cat", "dan", "eve", "fay"};
    sprintf(nick, "%s", nicks[i]);
    sprintf(user, "u%d", i);
    sprintf(host, "h%d.example", i);
    *who = (struct session_who){nick, user, host, i % 2 ? "acct" : NULL, false};
}

static void lobby(struct session *s, int n, uint64_t seed)
{
    session_init(s, "#catan", &rules, seed);
    for (int i = 0; i < n; i++) {
        char nick[8], user[8], host[16];
        struct session_who who;
        seat_who(i, nick, user, host, &who);
        assert_int_equal(session_join(s, &who), i);
    }
}

static int64_t moved(int64_t t, int64_t shift)
{
    return t == INT64_MAX || t == INT64_MIN ? t : t + shift;
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* b is a restored a, restored shift ms later on the clock than a was saved. */
static void assert_restored(const struct session *a, const struct session *b, int64_t shift)
{
    assert_string_equal(a->channel, b->channel);
    assert_int_equal(a->state, b->state);
    assert_int_equal(a->n_seats, b->n_seats);
    assert_int_equal(a->stop_votes, b->stop_votes);
    assert_int_equal(a->warned, b->warned);
    assert_int_equal(a->paused, b->paused);
    assert_memory_equal(&a->rules, &b->rules, sizeof a->rules);
    assert_memory_equal(&a->rng, &b->rng, sizeof a->rng);
    assert_int_equal(a->key_turn, b->key_turn);
    assert_int_equal(a->key_setup, b->key_setup);
    assert_int_equal(a->key_sb, b->key_sb);
    assert_int_equal(a->step_phase, b->step_phase);
    assert_int_equal(a->map, b->map);
    assert_int_equal(a->expansion, b->expansion);
    assert_int_equal(a->variant, b->variant);
    assert_true(b->turn_deadline_ms == moved(a->turn_deadline_ms, shift));
    assert_true(b->step_deadline_ms == moved(a->step_deadline_ms, shift));
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        assert_int_equal(a->offer_id[i], b->offer_id[i]);
        assert_true(b->offer_ms[i] == moved(a->offer_ms[i], shift));
    }
    assert_true(b->board_ms == moved(a->board_ms, shift));
    assert_true(b->status_ms == moved(a->status_ms, shift));
    assert_true(b->board_text_ms == moved(a->board_text_ms, shift));
    assert_true(b->paused_ms == (a->paused ? moved(a->paused_ms, shift) : 0));
    for (int i = 0; i < a->n_seats; i++) {
        const struct session_seat *x = &a->seat[i], *y = &b->seat[i];
        assert_string_equal(x->nick, y->nick);
        assert_string_equal(x->account, y->account);
        assert_string_equal(x->userhost, y->userhost);
        assert_int_equal(x->present, y->present);
        assert_true(y->left_ms == (x->present ? 0 : moved(x->left_ms, shift)));
    }
    assert_true(all_zero(&b->seat[b->n_seats],
                         (size_t)(GAME_MAX_PLAYERS - b->n_seats) * sizeof b->seat[0]));
    /* The engine keeps the derived fields in step, and the decoder rebuilds them: the whole
     * state, padding included, comes back. */
    if (a->state == SESSION_LOBBY)
        assert_true(all_zero(&b->game, sizeof b->game));
    else
        assert_memory_equal(&a->game, &b->game, sizeof a->game);
}

/* Encode at now, decode shift later, check, and encode the result again at the new clock:
 * the same bytes. Returns the record's length. */
static size_t round_trip(const struct session *s, int64_t now, int64_t shift)
{
    unsigned char buf[RECORD_MAX_SIZE], again[RECORD_MAX_SIZE];
    size_t len = record_encode(s, now, buf, sizeof buf);
    assert_true(len > 0);
    struct session t;
    char why[128];
    memset(&t, 0x5a, sizeof t);
    int err = record_decode(&t, buf, len, now + shift, why, sizeof why);
    if (err)
        fail_msg("decode failed: %s", why);
    assert_string_equal(why, "");
    assert_restored(s, &t, shift);
    assert_int_equal(record_encode(&t, now + shift, again, sizeof again), len);
    assert_memory_equal(buf, again, len);
    /* One byte short of the record is never enough room. */
    assert_int_equal(record_encode(s, now, buf, len - 1), 0);
    return len;
}

static void test_lobby_round_trip(void **state)
{
    (void)state;
    struct session s;
    session_init(&s, "#empty", &rules, 1);
    round_trip(&s, 0, 0);
    for (int n = 1; n <= GAME_MAX_PLAYERS; n++) {
        lobby(&s, n, (uint64_t)n);
        round_trip(&s, 1000, 0);
        round_trip(&s, 1000, 123456789);
        session_depart(&s, "ben", 2000);
        session_pause(&s, 2500);
        round_trip(&s, 3000, -2999);         /* an earlier clock after a reboot */
        round_trip(&s, (int64_t)1 << 40, 0); /* a clock 35 years on */
    }
}

static void expect_refused(const struct session *s, const char *reason);

/* A lobby's expansion (!expansion cities) is kept, one byte at the end; a lobby without one
 * is as long as before; one that its map cannot take, or an unknown one, is refused. */
static void test_lobby_expansion(void **state)
{
    (void)state;
    struct session s;
    session_init(&s, "#ck", &rules, 1);
    lobby(&s, 3, 3);
    size_t plain = round_trip(&s, 1000, 0);
    s.expansion = SESSION_EXPANSION_CITIES;
    assert_int_equal(round_trip(&s, 1000, 0), plain + 1);
    /* An unknown expansion byte (the CRC made right). */
    unsigned char buf[RECORD_MAX_SIZE];
    char why[128];
    struct session t;
    size_t len = record_encode(&s, 1000, buf, sizeof buf);
    buf[len - 5] = SESSION_EXPANSION_COUNT;
    uint32_t crc = record_crc32(buf, len - 4);
    for (int i = 0; i < 4; i++)
        buf[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "the lobby's expansion is unknown"));
    s.map = SESSION_MAP_FOUR_ISLANDS;
    expect_refused(&s, "the lobby's expansion cannot be played with its map");
}

static size_t with_crc(unsigned char *buf, size_t len);

/* The house rules (version 11): a lobby's and a game's are kept, the timer rule's longer
 * deadlines are in range, and a rule out of range is refused. */
static void test_house_rules(void **state)
{
    (void)state;
    struct session s, t;
    lobby(&s, 3, 3);
    size_t plain = round_trip(&s, 1000, 0);
    s.house = (struct session_house){.points = 12,
                                     .discard = 9,
                                     .friendly_robber = 1,
                                     .no_sevens = 2,
                                     .robber_no_desert = 1,
                                     .dice_deck = 1,
                                     .no_trade = 1,
                                     .harbormaster = 1,
                                     .timer = SESSION_TIMER_SLOW};
    assert_int_equal(round_trip(&s, 1000, 0), plain);
    unsigned char buf[RECORD_MAX_SIZE];
    char why[128];
    size_t len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_OK);
    assert_memory_equal(&t.house, &s.house, sizeof s.house);
    /* The fields, in order, end a lobby's body. */
    static const unsigned char fields[] = {9, 12, 9, 1, 2, 1, 1, 1, 1, SESSION_TIMER_SLOW};
    assert_memory_equal(buf + len - 4 - sizeof fields, fields, sizeof fields);
    /* A game under the slow timer: its deadlines run twice the turn timeout. (The game's own
     * options are the engine's part of the record: only the session's rules here.) */
    s.house = (struct session_house){.points = 12, .timer = SESSION_TIMER_SLOW};
    char msg[160];
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
    assert_true(s.turn_deadline_ms - 1000 == 2000LL * rules.turn_timeout_s);
    round_trip(&s, 5000, 0);
    len = record_encode(&s, 5000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 5000, why, sizeof why), BW_OK);
    assert_memory_equal(&t.house, &s.house, sizeof s.house);

    struct session bad;
    lobby(&bad, 3, 3);
    bad.house.points = 4;
    expect_refused(&bad, "a house rule is out of range");
    bad.house.points = 0;
    bad.house.timer = SESSION_TIMER_OFF + 1;
    expect_refused(&bad, "a house rule is out of range");
    bad.house.timer = 0;
    bad.house.friendly_robber = 2;
    expect_refused(&bad, "a house rule is out of range");
    bad.house.friendly_robber = 0;
    bad.house.no_sevens = SESSION_NO_SEVENS_MAX + 1;
    expect_refused(&bad, "a house rule is out of range");
    /* Another count of fields is a later version's. */
    bad.house.no_sevens = 0;
    len = record_encode(&bad, 1000, buf, sizeof buf);
    buf[len - 4 - sizeof fields] = 10;
    with_crc(buf, len);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the house rules have an unknown number of fields");
}

/* Random session-level events between moves: people leave and come back, the bot is out of
 * the channel a while, a stop vote, the timers fire. */
static void stir(struct session *s, struct bw_rng *rng, int64_t now)
{
    int k = (int)bw_rng_below(rng, 200), seat = (int)bw_rng_below(rng, s->n_seats);
    char nick[8], user[8], host[16];
    struct session_who who;
    seat_who(seat, nick, user, host, &who);
    if (k == 0)
        session_depart(s, s->seat[seat].nick, now);
    else if (k <= 8)
        session_return(s, &who);
    else if (k == 9)
        session_pause(s, now);
    else if (k <= 13)
        session_resume(s, now);
    else if (k == 14 && s->state == SESSION_PLAYING)
        s->stop_votes |= (uint8_t)(1u << seat);
}

static int play_and_check(int n, uint64_t seed, int *over)
{
    struct session s;
    struct bw_rng rng;
    char msg[64];
    int64_t now = 1000000 + (int64_t)seed * 7919;
    bw_rng_seed(&rng, seed * 31 + (uint64_t)n);
    lobby(&s, n, seed);
    assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
    int checked = 0;
    for (long step = 0; step < 8000 && s.state == SESSION_PLAYING; step++) {
        now += 1 + (int64_t)bw_rng_below(&rng, 4000);
        stir(&s, &rng, now);
        if (bw_rng_below(&rng, 4) == 0) {
            int64_t shift = (int64_t)bw_rng_below(&rng, 1u << 30) - (1 << 29);
            round_trip(&s, now, shift);
            checked++;
        }
        struct session_tick tick;
        if (session_tick(&s, now, &tick) != SESSION_TICK_NONE)
            continue;
        struct game_action a;
        if (s.paused || playout_choose(&s.game, &rng, &a) != BW_OK)
            continue;
        int err = session_apply(&s, &a, now, NULL, 0, NULL);
        assert_int_equal(err, BW_OK);
    }
    round_trip(&s, now, 1);
    *over += s.state == SESSION_OVER;
    assert_true(checked > 10);
    return checked + 1;
}

static void test_playout_round_trips(void **state)
{
    (void)state;
    int states = 0, over = 0;
    for (int n = 3; n <= GAME_MAX_PLAYERS; n++)
        for (uint64_t seed = 1; seed <= 6; seed++)
            states += play_and_check(n, seed, &over);
    print_message("%d states of 24 games (%d played to the end) saved and restored\n", states,
                  over);
}

/* A session as large as a record gets: every string at its longest, six seats away, the
 * bot paused, every offer slot in use. */
static void test_largest_record(void **state)
{
    (void)state;
    struct session s;
    char msg[64];
    lobby(&s, 6, 9);
    assert_int_equal(session_start(&s, NULL, 0, msg, sizeof msg), BW_OK);
    memset(s.channel, 'c', SESSION_CHAN_MAX);
    for (int i = 0; i < 6; i++) {
        struct session_seat *seat = &s.seat[i];
        memset(seat->nick, 'a' + i, SESSION_NICK_MAX);
        memset(seat->account, 'x', SESSION_ID_MAX);
        memset(seat->userhost, 'y', SESSION_ID_MAX);
        seat->present = 0;
        seat->left_ms = -5;
    }
    session_pause(&s, 10);
    struct game *g = &s.game;
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        g->offers[i] = (struct trade_offer){.id = (uint16_t)(100 + i), .from = 0, .to_mask = 2};
        g->offers[i].give[RES_ORE] = 1;
        g->offers[i].get[RES_WOOD] = 1;
    }
    game_reindex(g);
    size_t len = round_trip(&s, 20, 5);
    assert_int_equal(g->deck_size, GAME_DEV_DECK_MAX);
    assert_true(len <= RECORD_MAX_SIZE);
    print_message("largest record: %zu bytes (bound %d)\n", len, (int)RECORD_MAX_SIZE);
}

static size_t sample(struct session *s, unsigned char *buf, size_t size, uint64_t seed)
{
    struct bw_rng rng;
    char msg[64];
    bw_rng_seed(&rng, seed);
    lobby(s, 4, seed);
    assert_int_equal(session_start(s, NULL, 100, msg, sizeof msg), BW_OK);
    for (int i = 0; i < 150; i++) {
        struct game_action a;
        if (playout_choose(&s->game, &rng, &a) != BW_OK)
            break;
        assert_int_equal(session_apply(s, &a, 100 + i, NULL, 0, NULL), BW_OK);
    }
    size_t len = record_encode(s, 500, buf, size);
    assert_true(len > 0);
    return len;
}

/* Every cut of a record, and every small damage, is refused with *s untouched. */
static void test_truncated_and_flipped(void **state)
{
    (void)state;
    static struct session s, t, keep;
    unsigned char buf[RECORD_MAX_SIZE], bad[RECORD_MAX_SIZE];
    char why[128];
    size_t len = sample(&s, buf, sizeof buf, 3);
    memset(&keep, 0xa5, sizeof keep);
    t = keep;
    for (size_t n = 0; n < len; n++) {
        assert_int_equal(record_decode(&t, buf, n, 0, why, sizeof why), BW_E(PARSE));
        assert_true(why[0] != '\0');
    }
    assert_memory_equal(&t, &keep, sizeof t);
    struct bw_rng rng;
    bw_rng_seed(&rng, 77);
    for (int k = 0; k < 20000; k++) {
        memcpy(bad, buf, len);
        int flips = 1 + (int)bw_rng_below(&rng, 3);
        for (int f = 0; f < flips; f++) {
            size_t at = bw_rng_below(&rng, (uint32_t)len);
            bad[at] ^= (unsigned char)(1u << bw_rng_below(&rng, 8));
        }
        if (memcmp(bad, buf, len) == 0)
            continue;
        /* CRC-32 finds every error of up to three bits in a record this short. */
        assert_int_equal(record_decode(&t, bad, len, 0, why, sizeof why), BW_E(PARSE));
        assert_memory_equal(&t, &keep, sizeof t);
    }
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_OK);
}

/* Damage behind a checksum made to match reaches the field checks: whatever they let through
 * is a session the rules allow, and it saves and restores like any other. */
static void test_damage_past_checksum(void **state)
{
    (void)state;
    static struct session s, t;
    unsigned char buf[RECORD_MAX_SIZE], bad[RECORD_MAX_SIZE];
    size_t len = sample(&s, buf, sizeof buf, 4);
    struct bw_rng rng;
    bw_rng_seed(&rng, 78);
    int accepted = 0;
    for (int k = 0; k < 20000; k++) {
        memcpy(bad, buf, len);
        size_t at = 10 + bw_rng_below(&rng, (uint32_t)(len - 14));
        bad[at] = (unsigned char)bw_rng_next(&rng);
        uint32_t crc = record_crc32(bad, len - 4);
        for (int i = 0; i < 4; i++)
            bad[len - 4 + i] = (unsigned char)(crc >> (8 * i));
        if (record_decode(&t, bad, len, 0, NULL, 0) == BW_OK) {
            accepted++;
            round_trip(&t, 0, 0);
        }
    }
    assert_true(accepted > 0);
}

static size_t with_crc(unsigned char *buf, size_t len)
{
    uint32_t crc = record_crc32(buf, len - 4);
    for (int i = 0; i < 4; i++)
        buf[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    return len;
}

static void expect_refused(const struct session *s, const char *reason)
{
    unsigned char buf[RECORD_MAX_SIZE];
    char why[128];
    struct session t;
    size_t len = record_encode(s, 0, buf, sizeof buf);
    assert_true(len > 0);
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    if (!strstr(why, reason))
        fail_msg("refused for \"%s\", expected \"%s\"", why, reason);
}

/* Sessions no code path makes are refused, each with its reason. */
static void test_impossible_sessions(void **state)
{
    (void)state;
    static struct session s, t;
    unsigned char buf[RECORD_MAX_SIZE];
    char why[128];
    sample(&s, buf, sizeof buf, 5);
    t = s;
    t.channel[0] = '\0';
    expect_refused(&t, "channel");
    t = s;
    t.state = 7;
    expect_refused(&t, "state");
    t = s;
    t.paused = 2;
    expect_refused(&t, "flag");
    t = s;
    t.seat[1].present = 3;
    expect_refused(&t, "flag");
    t = s;
    t.stop_votes = 1u << 5;
    expect_refused(&t, "vote");
    t = s;
    t.rules.max_players = 9;
    expect_refused(&t, "limits");
    t = s;
    t.rules.victory_points = 2;
    expect_refused(&t, "victory");
    t = s;
    t.rules.turn_timeout_s = -1;
    expect_refused(&t, "timeout");
    t = s;
    memset(&t.rng, 0, sizeof t.rng);
    expect_refused(&t, "all zero");
    t = s;
    memset(&t.game.rng, 0, sizeof t.game.rng);
    expect_refused(&t, "all zero");
    t = s;
    t.seat[2].nick[1] = '\n';
    expect_refused(&t, "CR or LF");
    t = s;
    t.game.p[0].res[RES_ORE]++;
    expect_refused(&t, "rules allow");
    t = s;
    t.game.vp_goal = 0;
    expect_refused(&t, "goal");
    t = s;
    t.game.opt.n_players = 3;
    expect_refused(&t, "disagree");
    t = s;
    t.game.opt.board = BOARD_KINDS; /* no board the engine knows */
    assert_int_equal(record_encode(&t, 0, buf, sizeof buf), 0);
    t = s;
    t.game.opt.board = BOARD_BIG; /* the base map's board for 5-6 players */
    expect_refused(&t, "not the session map's");

    /* Bytes no encoder writes. */
    size_t len = record_encode(&s, 0, buf, sizeof buf);
    size_t n_seats_at = 10 + 8 + 1 + strlen(s.channel) + 1; /* frame, wall clock, channel */
    assert_int_equal(buf[n_seats_at], 4);
    buf[n_seats_at] = 7;
    with_crc(buf, len);
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "too many seats");
    len = record_encode(&s, 0, buf, sizeof buf);
    buf[4] = RECORD_VERSION + 1; /* the version */
    with_crc(buf, len);
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    char unknown[32];
    snprintf(unknown, sizeof unknown, "version %d", RECORD_VERSION + 1);
    assert_non_null(strstr(why, unknown));
    len = record_encode(&s, 0, buf, sizeof buf);
    buf[10 + 8 + 1] = 0; /* the channel's first byte (after the wall clock): a NUL */
    with_crc(buf, len);
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "NUL"));
    /* A byte after the last field, with the length in the header to match. */
    len = record_encode(&s, 0, buf, sizeof buf);
    memmove(buf + len - 3, buf + len - 4, 4);
    buf[len - 4] = 0;
    len++;
    uint32_t body = (uint32_t)(len - RECORD_FRAME_SIZE);
    for (int i = 0; i < 4; i++)
        buf[6 + i] = (unsigned char)(body >> (8 * i));
    with_crc(buf, len);
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "after its last field"));
    len = record_encode(&s, 0, buf, sizeof buf);
    buf[8] ^= 1; /* the body's length, checksum matching */
    with_crc(buf, len);
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "length"));
}

/* Deadlines keep the time they had left; the sentinels stay. (Times too far off to keep
 * are refused: test_times_out_of_range.) */
static void test_times(void **state)
{
    (void)state;
    struct session s, t;
    unsigned char buf[RECORD_MAX_SIZE];
    lobby(&s, 3, 1);
    s.turn_deadline_ms = 1000 + 45000;
    s.step_deadline_ms = INT64_MAX;
    s.board_ms = INT64_MIN;
    s.status_ms = 1000 - RECORD_AGE_MAX_MS;
    s.board_text_ms = 1000;
    size_t len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 77, NULL, 0), BW_OK);
    assert_true(t.turn_deadline_ms == 77 + 45000);
    assert_true(t.step_deadline_ms == INT64_MAX);
    assert_true(t.board_ms == INT64_MIN);
    assert_true(t.status_ms == 77 - RECORD_AGE_MAX_MS);
    assert_true(t.board_text_ms == 77);
    assert_int_equal(record_decode(&t, buf, len, RECORD_CLOCK_MAX_MS, NULL, 0), BW_OK);
    assert_true(t.turn_deadline_ms == RECORD_CLOCK_MAX_MS + 45000);
}

/* s saved at saved and restored an hour later: refused for a reason containing reason, with
 * the session given to the decoder untouched. */
static void refused_at(const struct session *s, int64_t saved, const char *reason)
{
    unsigned char buf[RECORD_MAX_SIZE];
    char why[128] = "";
    static struct session t, keep;
    memset(&t, 0x3c, sizeof t);
    keep = t;
    size_t len = record_encode(s, saved, buf, sizeof buf);
    assert_true(len > 0);
    int err = record_decode(&t, buf, len, saved + 3600000, why, sizeof why);
    if (err != BW_E(PARSE) || !strstr(why, reason))
        fail_msg("restored with %d (\"%s\"); expected a refusal for \"%s\"", err, why, reason);
    assert_memory_equal(&t, &keep, sizeof t);
}

/* s saved at saved and restored an hour later: accepted, and its timers run for a day (the
 * sanitized build aborts on any overflow in them). */
static void accepted_at(const struct session *s, int64_t saved)
{
    unsigned char buf[RECORD_MAX_SIZE];
    char why[128] = "";
    static struct session t;
    size_t len = record_encode(s, saved, buf, sizeof buf);
    assert_true(len > 0);
    int64_t now = saved + 3600000;
    if (record_decode(&t, buf, len, now, why, sizeof why) != BW_OK)
        fail_msg("refused: %s", why);
    session_resume(&t, now);
    for (int k = 0; k < 200; k++) {
        struct session_tick tick;
        int64_t next = session_next_deadline(&t);
        session_turn_seconds_left(&t, now);
        if (session_tick(&t, now, &tick) != SESSION_TICK_NONE)
            continue;
        if (next == INT64_MAX || next > saved + 3600000 + 86400000)
            break;
        now = next > now ? next : now + 1;
    }
    session_pause(&t, now);
    session_resume(&t, now + 1000);
    session_next_deadline(&t);
}

/* Every time in a record lies in the range record.h gives it: one out of it is refused with
 * its reason before anything adds to it (a deadline near INT64_MAX used to overflow once the
 * timers ran, aborting the sanitized build and acting for the player at once in a release
 * build). */
static void test_times_out_of_range(void **state)
{
    (void)state;
    static struct session s, t;
    unsigned char buf[RECORD_MAX_SIZE];
    const int64_t saved = 500, turn_ms = 60000, day = 86400000;
    sample(&s, buf, sizeof buf, 6);
    assert_int_equal(s.rules.turn_timeout_s * 1000, turn_ms);
    assert_true(s.turn_deadline_ms != INT64_MAX && s.state == SESSION_PLAYING);
    accepted_at(&s, saved);

    /* Each time far off (for the displays INT64_MAX: only INT64_MIN means never shown), with
     * the flag that makes the session keep it. */
    static const int64_t far[] = {INT64_MAX - 1, INT64_MIN,     INT64_MIN + 1,
                                  INT64_MAX / 2, INT64_MIN / 2, -4 * (int64_t)1000000000000000000};
    const struct {
        int64_t *time;
        uint8_t *flag, value; /* set *flag to value first (NULL: none) */
        const char *why;
    } fields[] = {{&t.turn_deadline_ms, NULL, 0, "turn deadline"},
                  {&t.step_deadline_ms, NULL, 0, "step deadline"},
                  {&t.seat[1].left_ms, &t.seat[1].present, 0, "departure"},
                  {&t.offer_ms[3], NULL, 0, "offer"},
                  {&t.paused_ms, &t.paused, 1, "pause"},
                  {&t.started_ms, NULL, 0, "start"},
                  {&t.status_ms, NULL, 0, "shown"}};
    for (size_t k = 0; k < sizeof far / sizeof far[0]; k++)
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
            t = s;
            if (fields[f].flag)
                *fields[f].flag = fields[f].value;
            *fields[f].time =
                far[k] == INT64_MIN && fields[f].time == &t.status_ms ? INT64_MAX : far[k];
            refused_at(&t, saved, fields[f].why);
        }
    /* A deadline at most the turn timeout ahead, counted from the save or, while paused, from
     * the pause, when the clocks stopped. */
    t = s;
    t.turn_deadline_ms = saved + turn_ms + 1;
    refused_at(&t, saved, "turn deadline");
    t.turn_deadline_ms = saved + turn_ms;
    accepted_at(&t, saved);
    t.step_deadline_ms = saved + turn_ms + 1;
    refused_at(&t, saved, "step deadline");
    t.step_deadline_ms = saved - 30 * day; /* long overdue: acted on at once, nothing more */
    accepted_at(&t, saved);
    t = s;
    t.paused = 1;
    t.paused_ms = saved - day;
    t.turn_deadline_ms = t.paused_ms + turn_ms + 1;
    refused_at(&t, saved, "turn deadline");
    t.turn_deadline_ms = t.paused_ms + turn_ms;
    accepted_at(&t, saved);
    /* What happened (a departure, an offer, the pause, the start, a display) did not happen
     * after the save; the grace and the offers' time then never run past their length. */
    t = s;
    t.seat[2].present = 0;
    t.seat[2].left_ms = saved + 1;
    refused_at(&t, saved, "departure");
    t.seat[2].left_ms = saved;
    accepted_at(&t, saved);
    t.seat[2].left_ms = saved - RECORD_AGE_MAX_MS - 1;
    refused_at(&t, saved, "departure");
    t.seat[2].left_ms = saved - RECORD_AGE_MAX_MS;
    accepted_at(&t, saved);
    t = s;
    t.offer_ms[0] = saved + SESSION_OFFER_MS;
    refused_at(&t, saved, "offer");
    t = s;
    t.started_ms = saved + 1;
    refused_at(&t, saved, "start");
    t = s;
    t.board_ms = saved + 1;
    refused_at(&t, saved, "shown");
    t.board_ms = INT64_MIN; /* never shown */
    accepted_at(&t, saved);
    /* A restoring clock too near int64's ends to add a record's times to. */
    size_t len = record_encode(&s, saved, buf, sizeof buf);
    char why[128];
    assert_int_equal(record_decode(&t, buf, len, INT64_MAX - 10, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "clock"));
    assert_int_equal(record_decode(&t, buf, len, INT64_MIN + 10, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "clock"));
}

/* Counts that no lobby reaches: more seats than its rules (or the game) allow. */
static void test_seats_out_of_range(void **state)
{
    (void)state;
    static struct session s, t;
    lobby(&s, 4, 3);
    accepted_at(&s, 1000);
    t = s;
    t.rules.max_players = 3;
    refused_at(&t, 1000, "seats");
    t = s;
    t.rules.min_players = 5;
    t.rules.max_players = 4;
    refused_at(&t, 1000, "player limits");
}

/* ---- the frozen version 1 record ---- */

#define GOLDEN_RESTORED_MS 123
#define GOLDEN_AGE_MS 246000         /* the game started this long before the save */
#define GOLDEN_WALL_MS 1796212800000 /* 2026-12-02T12:00:00Z, the wall clock of the v5 save */

/* The cards of the golden record's trades: the current player p gives one give for one want
 * that seat p + 1 holds; seat p + 2 counters with one cgive for one give. */
static bool golden_offers(const struct game *g, int *give, int *want, int *cgive)
{
    int p = g->current, q = (p + 1) % 4, c = (p + 2) % 4;
    *give = *want = *cgive = -1;
    for (int r = 0; r < RES_COUNT; r++) {
        if (g->p[p].res[r] && *give < 0)
            *give = r;
        else if (!g->p[p].res[r] && g->p[q].res[r] && *want < 0)
            *want = r;
    }
    for (int r = 0; r < RES_COUNT; r++)
        if (g->p[c].res[r] && r != *give && *cgive < 0)
            *cgive = r;
    return *give >= 0 && *want >= 0 && *cgive >= 0;
}

/* The session of the version 1 and 2 records (kept to say how they were made). Four players
 * seventy turns in (cities, development cards, the largest army), the current
 * player's offer to everyone accepted by one and a counter-offer open, one seat away, the
 * turn warning given. Saved 5 s after the last change; returns that time. */
__attribute__((unused)) static int64_t golden_session(struct session *s)
{
    struct bw_rng rng;
    char msg[64];
    int64_t now = 3000000;
    int give, want, cgive;
    bw_rng_seed(&rng, 2024);
    lobby(s, 4, 2024);
    assert_int_equal(session_start(s, NULL, now, msg, sizeof msg), BW_OK);
    for (int i = 0; i < 2000; i++) {
        const struct game *g = &s->game;
        if (g->turn >= 70 && g->phase == PHASE_MAIN && !g->offers_open &&
            golden_offers(g, &give, &want, &cgive))
            break;
        struct game_action a;
        assert_int_equal(playout_choose(g, &rng, &a), BW_OK);
        if (a.type == ACT_OFFER)
            continue;
        now += 1000;
        assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    }
    struct game *g = &s->game;
    int p = g->current, q = (p + 1) % 4, c = (p + 2) % 4;
    assert_true(golden_offers(g, &give, &want, &cgive));
    struct game_action a = {.type = ACT_OFFER, .player = (int8_t)p};
    a.give[give] = 1;
    a.get[want] = 1;
    now += 2000;
    assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    int id = g->next_offer_id - 1;
    a = (struct game_action){.type = ACT_ACCEPT, .player = (int8_t)q, .a = (int16_t)id};
    now += 2000;
    assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    a = (struct game_action){.type = ACT_OFFER, .player = (int8_t)c};
    a.give[cgive] = 1;
    a.get[give] = 1;
    now += 2000;
    assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    session_depart(s, s->seat[(p + 3) % 4].nick, now);
    s->warned = 1;
    s->status_ms = now - 1000;
    return now + 5000;
}

static int64_t golden_sea_session(struct session *s) __attribute__((unused));
static int64_t golden_fog_session(struct session *s);
static int64_t golden_tribe_session(struct session *s);

/* Writes the golden record of version 7 (The Forgotten Tribe mid-play): the newest record of
 * the same session without what later versions added at the end of the body (version 8's
 * wonders: 2 bytes a wonder), its version and length set back and its checksum made again. */
static int write_golden_v7(const char *path)
{
    static struct session s;
    unsigned char buf[RECORD_MAX_SIZE];
    int64_t saved = golden_tribe_session(&s);
    size_t len = record_encode_at(&s, saved, GOLDEN_WALL_MS, buf, sizeof buf);
    assert_int_equal(RECORD_VERSION, 8);
    len -= 2 * GAME_WONDERS;
    buf[4] = 7;
    buf[5] = 0;
    uint32_t body = (uint32_t)(len - RECORD_FRAME_SIZE);
    for (int i = 0; i < 4; i++)
        buf[6 + i] = (unsigned char)(body >> (8 * i));
    uint32_t crc = record_crc32(buf, len - 4);
    for (int i = 0; i < 4; i++)
        buf[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        return 1;
    }
    printf("%zu bytes, turn %d\n", len, s.game.turn);
    return 0;
}

/* Writes the golden record of the newest version (version 3's came from golden_sea_session,
 * kept to say how it was made). */
static int write_golden(const char *path)
{
    static struct session s;
    unsigned char buf[RECORD_MAX_SIZE];
    int64_t saved = golden_fog_session(&s);
    size_t len = record_encode_at(&s, saved, GOLDEN_WALL_MS, buf, sizeof buf);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        return 1;
    }
    const struct game *g = &s.game;
    printf("started %lld ms before the save; rolls", (long long)(saved - s.started_ms));
    for (int i = 0; i < 11; i++)
        printf(" %d", s.rolls[i]);
    printf("\n");
    printf("%zu bytes; turn %d phase %d current %d (%s); next offer %d; deck %d/%d; "
           "robber %d; rng %016llx %016llx; turn deadline %lld\n",
           len, g->turn, g->phase, g->current, s.seat[g->current].nick, g->next_offer_id,
           g->deck_pos, g->deck_size, g->robber, (unsigned long long)g->rng.s[0],
           (unsigned long long)s.rng.s[0], (long long)(s.turn_deadline_ms - saved));
    for (int i = 0; i < 4; i++)
        printf("seat %d %s/%s/%s present %d left %lld: res %d %d %d %d %d dev %d %d %d %d %d "
               "new %d %d %d %d %d knights %d pieces %d %d %d road %d\n",
               i, s.seat[i].nick, s.seat[i].account, s.seat[i].userhost, s.seat[i].present,
               (long long)(s.seat[i].left_ms - saved), g->p[i].res[0], g->p[i].res[1],
               g->p[i].res[2], g->p[i].res[3], g->p[i].res[4], g->p[i].dev[0], g->p[i].dev[1],
               g->p[i].dev[2], g->p[i].dev[3], g->p[i].dev[4], g->p[i].dev_new[0],
               g->p[i].dev_new[1], g->p[i].dev_new[2], g->p[i].dev_new[3], g->p[i].dev_new[4],
               g->p[i].knights, g->p[i].settlements, g->p[i].cities, g->p[i].roads,
               g->p[i].road_length);
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (g->offers[i].id)
            printf("offer slot %d id %d from %d to %d acc %d; age %lld\n", i, g->offers[i].id,
                   g->offers[i].from, g->offers[i].to_mask, g->offers[i].accepted,
                   (long long)(s.offer_ms[i] - saved));
    return 0;
}

/* Read tests/data/record_vN.bin and check every field of the golden session; returns the
 * restored session (static storage) and the record's bytes in buf/len. */
static struct session *read_golden(int version, unsigned char *buf, size_t *lenp)
{
    const char *src = getenv("BW_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/record_v%d.bin", src ? src : ".", version);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t len = fread(buf, 1, RECORD_MAX_SIZE + 1, f);
    fclose(f);
    *lenp = len;
    static struct session s;
    char why[128];
    int err = record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why);
    if (err)
        fail_msg("the version %d record is refused: %s", version, why);
    const int64_t at = GOLDEN_RESTORED_MS;
    assert_string_equal(s.channel, "#catan");
    assert_int_equal(s.state, SESSION_PLAYING);
    assert_int_equal(s.n_seats, 4);
    assert_int_equal(s.warned, 1);
    assert_int_equal(s.paused, 0);
    assert_int_equal(s.rules.turn_timeout_s, 60);
    assert_int_equal(s.rules.min_players, 3);
    assert_int_equal(s.rules.max_players, 6);
    assert_int_equal(s.rules.victory_points, 10);
    assert_true(s.rng.s[0] == 0x737b765c1be2b8c2ull);
    static const char *const nicks[] = {"ben", "dan", "cat", "ann"};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(s.seat[i].nick, nicks[i]);
        assert_int_equal(s.seat[i].present, i != 0);
    }
    assert_string_equal(s.seat[1].account, "acct");
    assert_string_equal(s.seat[2].account, "");
    assert_string_equal(s.seat[2].userhost, "u2@h2.example");
    /* Deadlines and moments keep their distance from the clock. */
    assert_true(s.seat[0].left_ms == at - 5000);
    assert_true(s.turn_deadline_ms == at + 48000);
    assert_true(s.step_deadline_ms == INT64_MAX);
    assert_true(s.board_ms == INT64_MIN);
    assert_true(s.status_ms == at - 6000);
    assert_int_equal(s.key_turn, 70);
    assert_int_equal(s.key_sb, -1);
    assert_int_equal(s.offer_id[0], 1);
    assert_true(s.offer_ms[0] == at - 9000);
    assert_int_equal(s.offer_id[1], 2);
    assert_true(s.offer_ms[1] == at - 5000);

    const struct game *g = &s.game;
    assert_int_equal(g->opt.n_players, 4);
    assert_int_equal(g->opt.board, BOARD_BASE);
    assert_int_equal(g->turn, 70);
    assert_int_equal(g->phase, PHASE_MAIN);
    assert_int_equal(g->current, 1);
    assert_int_equal(g->rolled, 1);
    assert_int_equal(g->dice[0] + g->dice[1], 8);
    assert_int_equal(g->robber, 6);
    assert_int_equal(g->largest_army, 3);
    assert_int_equal(g->longest_road, -1);
    assert_int_equal(g->next_offer_id, 3);
    assert_int_equal(g->deck_pos, 12);
    assert_int_equal(g->deck_size, 25);
    static const uint8_t deck[25] = {0, 2, 0, 0, 0, 0, 4, 4, 0, 2, 0, 4, 4,
                                     3, 0, 0, 1, 0, 0, 0, 4, 1, 0, 0, 3};
    assert_memory_equal(g->deck, deck, sizeof deck);
    static const uint8_t bank[RES_COUNT] = {12, 19, 13, 14, 18};
    assert_memory_equal(g->bank, bank, RES_COUNT);
    static const uint8_t terrain[19] = {0, 1, 4, 3, 2, 1, 4, 0, 4, 3, 3, 2, 2, 0, 3, 1, 0, 5, 2};
    static const uint8_t token[19] = {12, 3, 4, 11, 8, 10, 9, 6, 4, 10, 6, 9, 5, 5, 11, 2, 8, 0, 3};
    static const uint8_t harbor[9] = {5, 5, 5, 1, 2, 4, 3, 5, 0};
    assert_memory_equal(g->terrain, terrain, sizeof terrain);
    assert_memory_equal(g->token, token, sizeof token);
    assert_memory_equal(g->harbor, harbor, sizeof harbor);
    assert_int_equal(g->vertex_building[9], BUILDING_CITY);
    assert_int_equal(g->vertex_owner[9], 0);
    assert_int_equal(g->edge_owner[11], 1);
    static const uint8_t res[4][RES_COUNT] = {
        {0, 0, 0, 0, 0}, {1, 0, 3, 3, 0}, {4, 0, 2, 0, 1}, {2, 0, 1, 2, 0}};
    static const uint8_t pieces[4][4] = {{0, 3, 5, 2}, {3, 0, 4, 2}, {2, 0, 5, 2}, {2, 1, 4, 3}};
    for (int i = 0; i < 4; i++) {
        assert_memory_equal(g->p[i].res, res[i], RES_COUNT);
        assert_int_equal(g->p[i].settlements, pieces[i][0]);
        assert_int_equal(g->p[i].cities, pieces[i][1]);
        assert_int_equal(g->p[i].roads, pieces[i][2]);
        assert_int_equal(g->p[i].road_length, pieces[i][3]);
    }
    assert_int_equal(g->p[0].dev[DEV_VICTORY], 2);
    assert_int_equal(g->p[1].dev[DEV_VICTORY], 1);
    assert_int_equal(g->p[3].dev[DEV_KNIGHT], 1);
    assert_int_equal(g->p[3].knights, 4);
    assert_int_equal(game_vp_total(g, 0), 8);
    /* dan's offer to everyone, accepted by cat; ann's counter-offer. */
    assert_int_equal(g->offers[0].id, 1);
    assert_int_equal(g->offers[0].from, 1);
    assert_int_equal(g->offers[0].to_mask, 13);
    assert_int_equal(g->offers[0].accepted, 4);
    assert_int_equal(g->offers[0].give[RES_WOOD], 1);
    assert_int_equal(g->offers[0].get[RES_ORE], 1);
    assert_int_equal(g->offers[1].id, 2);
    assert_int_equal(g->offers[1].from, 3);
    assert_int_equal(g->offers[1].to_mask, 2);
    assert_int_equal(g->offers[1].give[RES_WOOL], 1);
    assert_int_equal(g->offers[1].get[RES_WOOD], 1);
    assert_true(g->rng.s[0] == 0x626d350aa2eb576full && g->rng.s[3] == 0xc6255af85cfa26e8ull);
    /* Derived fields rebuilt: both offer slots are open and the 8s pay. */
    assert_int_equal(g->offers_open, 3);
    assert_true(g->token_hex[8][0] >= 0);

    return &s;
}

/* Version 1 had no start time: the migration counts the game's duration from the restore. */
static void test_golden_v1(void **state)
{
    (void)state;
    unsigned char buf[RECORD_MAX_SIZE + 1];
    size_t len;
    struct session *s = read_golden(1, buf, &len);
    assert_true(s->started_ms == GOLDEN_RESTORED_MS);
    for (int i = 0; i < 11; i++)
        assert_int_equal(s->rolls[i], 0);  /* version 1 did not count them */
    for (int i = 0; i < s->n_seats; i++) { /* people, who sat down as they are named now */
        assert_string_equal(s->seat[i].sat_nick, s->seat[i].nick);
        assert_int_equal(s->seat[i].robot, SESSION_HUMAN);
        assert_int_equal(s->seat[i].takeover, 0);
    }
    /* The migrated session is written as the newest version and reads back the same. */
    unsigned char again[RECORD_MAX_SIZE];
    size_t n = record_encode(s, GOLDEN_RESTORED_MS, again, sizeof again);
    assert_true(n > len);
    static struct session t;
    assert_int_equal(record_decode(&t, again, n, GOLDEN_RESTORED_MS, NULL, 0), BW_OK);
    assert_memory_equal(&t, s, sizeof t);
}

static void test_golden_v2(void **state)
{
    (void)state;
    unsigned char buf[RECORD_MAX_SIZE + 1];
    size_t len;
    struct session *s = read_golden(2, buf, &len);
    assert_true(s->started_ms == GOLDEN_RESTORED_MS - GOLDEN_AGE_MS);
    /* One roll a turn for 70 turns, the last an 8. */
    static const uint16_t rolls[11] = {1, 3, 7, 9, 12, 7, 13, 6, 6, 5, 1};
    int total = 0;
    for (int i = 0; i < 11; i++) {
        assert_int_equal(s->rolls[i], rolls[i]);
        total += s->rolls[i];
    }
    assert_int_equal(total, s->game.turn);
    for (int i = 0; i < s->n_seats; i++)
        assert_string_equal(s->seat[i].sat_nick, s->seat[i].nick);
    /* Version 2 knew only the base map: no pirate, no ships. */
    assert_int_equal(s->map, SESSION_MAP_BASE);
    assert_int_equal(s->variant, SESSION_VARIANT_NONE);
    assert_int_equal(s->game.pirate, -1);
    for (int i = 0; i < s->n_seats; i++)
        assert_int_equal(s->game.p[i].ships, 0);
    /* The migrated session is written as the newest version and reads back the same. */
    unsigned char again[RECORD_MAX_SIZE];
    size_t n = record_encode(s, GOLDEN_RESTORED_MS, again, sizeof again);
    assert_true(n > len);
    static struct session t;
    assert_int_equal(record_decode(&t, again, n, GOLDEN_RESTORED_MS, NULL, 0), BW_OK);
    assert_memory_equal(&t, s, sizeof t);
}

/* ---- version 3: a game on The Four Islands ---- */

/* Four players on MAP from SEED, played by random moves (or the move TAKE picks, when given
 * and it picks one) until the game reaches a moment DONE accepts in the main phase thirty
 * turns in; saved 5 s after the last change. */
static int64_t golden_map_session(struct session *s, int map, uint64_t seed,
                                  bool (*done)(const struct game *g),
                                  bool (*take)(const struct game *g, struct game_action *a))
{
    struct bw_rng rng;
    char msg[64];
    int64_t now = 3000000;
    bw_rng_seed(&rng, seed);
    lobby(s, 4, seed);
    s->map = map;
    assert_int_equal(session_start(s, NULL, now, msg, sizeof msg), BW_OK);
    for (int i = 0; i < 20000; i++) {
        const struct game *g = &s->game;
        if (g->turn >= 30 && g->phase == PHASE_MAIN && done(g))
            break;
        struct game_action a;
        assert_int_equal(playout_choose(g, &rng, &a), BW_OK);
        if (take)
            take(g, &a);
        if (a.type == ACT_OFFER)
            continue;
        now += 1000;
        assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    }
    assert_int_equal(s->game.phase, PHASE_MAIN);
    return now + 5000;
}

static bool new_ship(const struct game *g)
{
    return g->ships_new[0] | g->ships_new[1] | g->ships_new[2];
}

/* The Four Islands with ships on the sea (one of them built this turn) and the pirate moved. */
static int64_t golden_sea_session(struct session *s)
{
    return golden_map_session(s, SESSION_MAP_FOUR_ISLANDS, 2026, new_ship, NULL);
}

static void test_sea_round_trips(void **state)
{
    (void)state;
    static struct session s;
    struct bw_rng rng;
    char msg[64];
    /* Through the Desert and The New World too: a map drawn for its game comes back whole. */
    static const int maps[3] = {SESSION_MAP_FOUR_ISLANDS, SESSION_MAP_THROUGH_DESERT,
                                SESSION_MAP_NEW_WORLD};
    for (int n = 3; n <= 8; n++) {
        int64_t now = 1000;
        bw_rng_seed(&rng, (uint64_t)n);
        lobby(&s, 3 + n % 2, (uint64_t)n + 7);
        s.map = maps[(n - 3) / 2];
        round_trip(&s, now, 0);
        assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
        for (int i = 0; i < 3000 && s.state == SESSION_PLAYING; i++) {
            struct game_action a;
            assert_int_equal(playout_choose(&s.game, &rng, &a), BW_OK);
            if (a.type == ACT_OFFER)
                continue;
            now += 500;
            assert_int_equal(session_apply(&s, &a, now, NULL, 0, NULL), BW_OK);
            if (i % 97 == 0)
                round_trip(&s, now, 12345);
        }
    }
}

/* The Forgotten Tribe and Cloth for Catan (version 6): the gifts taken and placed, the villages
 * and every cloth come back, at many points of random games. */
static void test_tribe_round_trips(void **state)
{
    (void)state;
    static struct session s;
    struct bw_rng rng;
    char msg[64];
    int gifts = 0;
    for (int k = 0; k < 4; k++) {
        int64_t now = 1000;
        bw_rng_seed(&rng, (uint64_t)k + 40);
        lobby(&s, 3 + k % 2, (uint64_t)k + 50);
        s.map = k < 2 ? SESSION_MAP_FORGOTTEN_TRIBE : SESSION_MAP_CLOTH;
        assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
        for (int i = 0; i < 4000 && s.state == SESSION_PLAYING; i++) {
            struct game_action a;
            assert_int_equal(playout_choose(&s.game, &rng, &a), BW_OK);
            if (a.type == ACT_OFFER)
                continue;
            now += 500;
            assert_int_equal(session_apply(&s, &a, now, NULL, 0, NULL), BW_OK);
            if (i % 37 == 0)
                round_trip(&s, now, 4321);
        }
        for (int g = 0; g < BOARD_MAX_GIFTS; g++)
            gifts += s.game.gift_owner[g] >= 0;
    }
    assert_true(gifts > 0);
}

/* The Pirate Islands (version 9): the fleet's place, the fortress attacked this turn, each
 * player's fortress and warships are written after the wonders, and come back, at many points
 * of random games where fleets sail, knights make warships and fortresses are attacked. */
static void test_pirates_round_trips(void **state)
{
    (void)state;
    static struct session s;
    static unsigned char with[RECORD_MAX_SIZE];
    struct bw_rng rng;
    char msg[64];
    int warships = 0, hits = 0;
    for (int k = 0; k < 4; k++) {
        int64_t now = 1000;
        bw_rng_seed(&rng, (uint64_t)k + 60);
        lobby(&s, 3 + k % 2, (uint64_t)k + 70);
        s.map = SESSION_MAP_PIRATE_ISLANDS;
        assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
        for (int i = 0; i < 4000 && s.state == SESSION_PLAYING; i++) {
            struct game_action a;
            assert_int_equal(playout_choose(&s.game, &rng, &a), BW_OK);
            if (a.type == ACT_OFFER)
                continue;
            now += 500;
            assert_int_equal(session_apply(&s, &a, now, NULL, 0, NULL), BW_OK);
            if (i % 37 == 0 || a.type == ACT_ATTACK || a.type == ACT_PLAY_KNIGHT)
                round_trip(&s, now, 4321);
        }
        for (int p = 0; p < s.game.opt.n_players; p++) {
            warships += s.game.warships[p];
            hits += s.game.fortress[p] < 3;
        }
    }
    assert_true(warships > 0);
    assert_true(hits > 0);
    /* The fields end the version 9 body: the fleet's place, the attack this turn, then per
     * player the fortress and the warships; the house rules follow (version 11: their count and
     * 9 fields). */
    struct game_options opt = {.n_players = 4, .board = BOARD_PIRATES};
    lobby(&s, 4, 77);
    s.map = SESSION_MAP_PIRATE_ISLANDS;
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
    assert_int_equal(game_init(&s.game, &opt, 5), BW_OK);
    s.game.fleet_at = 9;
    s.game.warships[2] = 1;
    size_t n = record_encode(&s, 1000, with, sizeof with);
    assert_true(n > 0);
    /* (then the session's house rules, their count and 9 fields, and the game's house rules'
     * block: the rule book's, no dice deck, 9 bytes; version 12: Catan for two's, 1 byte) */
    enum { HOUSE = 10 + 9 + 1 };
    unsigned char *end = with + n - 4 - HOUSE - (2 + 2 * 4);
    static const unsigned char fields[] = {9, 0, 3, 0, 3, 0, 3, 1, 3, 0};
    assert_memory_equal(end, fields, sizeof fields);
    /* A version 8 record of the same game (no fields of its own) is refused whole. */
    with[4] = 8;
    memmove(end, with + n - 4, 4);
    char why[128];
    size_t old = n - sizeof fields - HOUSE;
    uint32_t body = (uint32_t)(old - 14);
    for (int i = 0; i < 4; i++)
        with[6 + i] = (unsigned char)(body >> (8 * i));
    with_crc(with, old);
    assert_int_equal(record_decode(&s, with, old, 1000, why, sizeof why), BW_E(PARSE));
    assert_non_null(strstr(why, "older than its game's board"));
}

/* Games with house rules (version 11): the rules, the harbormaster and the dice deck (version
 * 12: its event card in play and its questions) come back with the game, at any moment of a
 * playout; a deck that is not one is refused. */
static void test_house_rules_round_trips(void **state)
{
    (void)state;
    static struct session s;
    static unsigned char buf[RECORD_MAX_SIZE];
    struct bw_rng rng;
    char msg[64], why[128];
    int masters = 0, decks = 0, asked = 0;
    for (int k = 0; k < 6; k++) {
        int64_t now = 1000;
        bw_rng_seed(&rng, (uint64_t)k + 90);
        lobby(&s, 3 + k % 2, (uint64_t)k + 91);
        assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
        struct game_options opt = {.n_players = s.game.opt.n_players,
                                   .board = s.game.opt.board,
                                   .discard_limit = (uint8_t)(k % 3 ? 7 + k : 0),
                                   .friendly_robber = (uint8_t)(k % 2),
                                   .no_sevens = (uint8_t)k,
                                   .robber_no_desert = (uint8_t)(k % 3 == 1),
                                   .dice_deck = (uint8_t)(k % 2 == 0),
                                   .no_trade = (uint8_t)(k % 4 == 1),
                                   .harbormaster = (uint8_t)(k % 3 != 2)};
        assert_int_equal(game_init(&s.game, &opt, (uint64_t)k + 92), BW_OK);
        for (int i = 0; i < 3000 && s.state == SESSION_PLAYING; i++) {
            struct game_action a;
            assert_int_equal(playout_choose(&s.game, &rng, &a), BW_OK);
            if (a.type == ACT_OFFER)
                continue;
            now += 500;
            assert_int_equal(session_apply(&s, &a, now, NULL, 0, NULL), BW_OK);
            if (i % 29 == 0 || a.type == ACT_ROLL)
                round_trip(&s, now, 77);
            for (int p = 0; a.type == ACT_ROLL && p < GAME_MAX_PLAYERS; p++)
                asked += s.game.dice_ask[p] != 0; /* an event card's question kept too */
        }
        masters += s.game.harbor_master != 0;
        decks += s.game.opt.dice_deck;
        if (!s.game.opt.dice_deck)
            continue;
        s.game.dice_cards[3] = s.game.dice_cards[4]; /* a card twice, one missing */
        size_t n = record_encode(&s, now, buf, sizeof buf);
        assert_true(n > 0);
        assert_int_equal(record_decode(&s, buf, n, now, why, sizeof why), BW_E(PARSE));
        assert_string_equal(why, "the game's state is not one the rules allow");
    }
    assert_true(masters > 0);
    assert_true(decks > 0);
    assert_true(asked > 0);
}

/* Records a v3 decoder must refuse: an unknown map, a map that cannot be played, a board that
 * is not the map's. */
static void test_sea_refused(void **state)
{
    (void)state;
    static struct session s, t;
    unsigned char buf[RECORD_MAX_SIZE];
    char msg[64], why[128];
    lobby(&s, 3, 5);
    s.map = SESSION_MAP_FOUR_ISLANDS;
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
    size_t len = record_encode(&s, 1000, buf, sizeof buf);
    assert_true(len > 0);
    /* The map's name is the last string before the Seafarers fields: "four_islands". */
    unsigned char *at = NULL;
    for (size_t i = 0; i + 12 < len; i++)
        if (memcmp(buf + i, "four_islands", 12) == 0 && buf[i - 1] == 12)
            at = buf + i;
    assert_non_null(at);
    struct {
        const char *name;
        const char *why;
    } cases[] = {{"four_islandz", "the session's map is unknown"},
                 {"FOUR_ISLANDS", "the session's map is unknown"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        unsigned char copy[RECORD_MAX_SIZE];
        memcpy(copy, buf, len);
        memcpy(copy + (at - buf), cases[k].name, 12);
        uint32_t crc = record_crc32(copy, len - 4);
        for (int i = 0; i < 4; i++)
            copy[len - 4 + i] = (unsigned char)(crc >> (8 * i));
        assert_int_equal(record_decode(&t, copy, len, 1000, why, sizeof why), BW_E(PARSE));
        assert_string_equal(why, cases[k].why);
    }
    /* The base map with the Four Islands' board. */
    s.map = SESSION_MAP_BASE;
    len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the game's board is not the session map's");
    /* A map this build does not know is not written. */
    s.state = SESSION_LOBBY;
    s.map = SESSION_MAP_COUNT;
    assert_int_equal(record_encode(&s, 1000, buf, sizeof buf), 0);
}

/* The bytes of tests/data/record_vN.bin into BUF; returns their number. */
static size_t load_golden(int version, unsigned char *buf, size_t size)
{
    const char *src = getenv("BW_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/record_v%d.bin", src ? src : ".", version);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t len = fread(buf, 1, size, f);
    fclose(f);
    return len;
}

static void test_golden_v3(void **state)
{
    (void)state;
    static unsigned char buf[RECORD_MAX_SIZE + 1];
    size_t len = load_golden(3, buf, sizeof buf);
    static struct session s;
    char why[128];
    int err = record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why);
    if (err)
        fail_msg("the version 3 record is refused: %s", why);
    assert_int_equal(s.map, SESSION_MAP_FOUR_ISLANDS);
    assert_int_equal(s.variant, SESSION_VARIANT_NONE);
    assert_int_equal(s.n_seats, 4);
    const struct game *g = &s.game;
    assert_int_equal(g->opt.board, BOARD_FOUR_ISLANDS_4);
    assert_int_equal(g->vp_goal, 13);
    assert_int_equal(g->phase, PHASE_MAIN);
    assert_true(g->turn >= 30);
    assert_true(g->pirate >= 0 && !(board_geo(g->opt.board)->land_hexes >> g->pirate & 1));
    int ships = 0;
    for (int i = 0; i < 4; i++) {
        ships += g->p[i].ships;
        assert_true(g->p[i].home_islands != 0);
    }
    assert_true(ships > 0);
    assert_true(g->ships_new[0] | g->ships_new[1] | g->ships_new[2]);
    assert_true(g->sea);         /* derived, rebuilt */
    assert_int_equal(g->fog, 0); /* version 3 had no fog */
    /* Written again in the newest version, it reads back the same. */
    static unsigned char again[RECORD_MAX_SIZE];
    static struct session t;
    size_t n = record_encode(&s, GOLDEN_RESTORED_MS, again, sizeof again);
    assert_int_equal(record_decode(&t, again, n, GOLDEN_RESTORED_MS, why, sizeof why), BW_OK);
    assert_memory_equal(&t.game, &s.game, sizeof t.game);
}

/* ---- version 4: the fog ---- */

static bool fog_part_open(const struct game *g)
{
    return g->fog && g->fog != game_geo(g)->fog_hexes;
}

/* The Fog Islands with some of the fog turned over and some still hidden. */
static int64_t golden_fog_session(struct session *s)
{
    return golden_map_session(s, SESSION_MAP_FOG_ISLANDS, 2027, fog_part_open, NULL);
}

static void test_golden_v4(void **state)
{
    (void)state;
    static unsigned char buf[RECORD_MAX_SIZE + 1];
    size_t len = load_golden(4, buf, sizeof buf);
    static struct session s, made;
    char why[128];
    int err = record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why);
    if (err)
        fail_msg("the version 4 record is refused: %s", why);
    assert_int_equal(s.map, SESSION_MAP_FOG_ISLANDS);
    const struct game *g = &s.game;
    const struct board_geo *geo = board_geo(g->opt.board);
    assert_int_equal(g->opt.board, BOARD_FOG_ISLANDS_4);
    assert_int_equal(g->vp_goal, 12);
    assert_true(g->fog && g->fog != geo->fog_hexes && !(g->fog & ~geo->fog_hexes));
    assert_true(g->land != geo->land_hexes); /* derived from what was turned over */
    /* The same session made again and written in the newest version reads back the same. */
    int64_t saved = golden_fog_session(&made);
    static unsigned char again[RECORD_MAX_SIZE];
    static struct session t;
    size_t n = record_encode(&made, saved, again, sizeof again);
    assert_int_equal(record_decode(&t, again, n, GOLDEN_RESTORED_MS, why, sizeof why), BW_OK);
    assert_memory_equal(&t, &s, sizeof t);
    /* Damage to the fog is refused: a pool that does not match what is hidden. */
    t = s;
    t.game.fog_terrain[TERRAIN_SEA]++;
    n = record_encode(&t, GOLDEN_RESTORED_MS, again, sizeof again);
    assert_int_equal(record_decode(&made, again, n, GOLDEN_RESTORED_MS, why, sizeof why),
                     BW_E(PARSE));
    assert_string_equal(why, "the game's state is not one the rules allow");
}

/* ---- version 5: the wall clock of the save ---- */

static void test_golden_v5(void **state)
{
    (void)state;
    static unsigned char buf[RECORD_MAX_SIZE + 1], again[RECORD_MAX_SIZE];
    size_t len = load_golden(5, buf, sizeof buf);
    static struct session s, made, t;
    char why[128];
    int err = record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why);
    if (err)
        fail_msg("the version 5 record is refused: %s", why);
    /* Without a wall clock to compare, the times keep their distance from the save. */
    int64_t saved = golden_fog_session(&made);
    assert_true(s.turn_deadline_ms - GOLDEN_RESTORED_MS == made.turn_deadline_ms - saved);
    assert_true(s.started_ms - GOLDEN_RESTORED_MS == made.started_ms - saved);
    assert_memory_equal(&s.game, &made.game, sizeof s.game);
    /* Restored 7 s of wall-clock time after its save, every time is 7 s further back. */
    assert_int_equal(
        record_decode_at(&t, buf, len, GOLDEN_RESTORED_MS, GOLDEN_WALL_MS + 7000, why, sizeof why),
        BW_OK);
    assert_true(t.turn_deadline_ms == s.turn_deadline_ms - 7000);
    assert_true(t.started_ms == s.started_ms - 7000);
    /* A clock that went back gives no time either way. */
    assert_int_equal(
        record_decode_at(&t, buf, len, GOLDEN_RESTORED_MS, GOLDEN_WALL_MS - 7000, why, sizeof why),
        BW_OK);
    assert_true(t.turn_deadline_ms == s.turn_deadline_ms);
    /* Written again in the newest version, it reads back the same. */
    size_t n = record_encode_at(&made, saved, GOLDEN_WALL_MS, again, sizeof again);
    assert_int_equal(record_decode(&t, again, n, GOLDEN_RESTORED_MS, why, sizeof why), BW_OK);
    assert_memory_equal(&t.game, &s.game, sizeof t.game);
}

/* ---- version 6: discoveries past 255 ---- */

static void test_golden_v6(void **state)
{
    (void)state;
    static unsigned char buf[RECORD_MAX_SIZE + 1], again[RECORD_MAX_SIZE];
    size_t len = load_golden(6, buf, sizeof buf);
    static struct session s, made, t;
    char why[128];
    int err = record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why);
    if (err)
        fail_msg("the version 6 record is refused: %s", why);
    int64_t saved = golden_fog_session(&made);
    assert_memory_equal(&s.game, &made.game, sizeof s.game);
    /* Made again by this build (version 11: the same body, the tribe and the wonders, none on
     * this map, neither the pirates' fields off The Pirate Islands nor a Cities & Knights part
     * without it, and the house rules), the record holds the same session. */
    assert_int_equal(RECORD_VERSION, 12);
    size_t n = record_encode_at(&made, saved, GOLDEN_WALL_MS, again, sizeof again);
    /* no cloth: 0s; nobody builds a wonder: -1 and 0 for each; the house rules' count and 9
     * fields, and the game's house rules' block (9 bytes); not Catan for two (1 byte) */
    assert_int_equal(n, len + 1 + (size_t)made.game.opt.n_players + 2 * GAME_WONDERS + 10 + 9 + 1);
    assert_memory_equal(again + 10, buf + 10, 8);
    assert_int_equal(record_decode(&t, again, n, GOLDEN_RESTORED_MS, why, sizeof why), BW_OK);
    assert_memory_equal(&t.game, &s.game, sizeof s.game);
}

/* ---- version 7: the tribe ---- */

/* Gifts taken: a point, a card and a harbor, the harbor placed at its taker's building. */
static bool tribe_gifts_taken(const struct game *g)
{
    const struct board_geo *geo = game_geo(g);
    int kinds = 0, placed = 0;
    for (int k = 0; k < geo->n_gifts; k++)
        if (g->gift_owner[k] >= 0) {
            kinds |= 1 << geo->gift_kind[k];
            placed |= g->gift_at[k] != GAME_HARBOR_HELD;
        }
    return kinds == 7 && placed;
}

/* In the main phase, a harbor held placed, or a ship built on a gift still lying there, when
 * the current player can (random moves seldom find them). */
static bool take_gifts(const struct game *g, struct game_action *a)
{
    static struct game_action buf[4096];
    const struct board_geo *geo = game_geo(g);
    int n = g->phase == PHASE_MAIN ? game_legal_actions(g, g->current, buf, 4096) : 0;
    for (int i = 0; i < n && i < 4096; i++) {
        int gift = 0;
        for (int k = 0; k < geo->n_gifts; k++)
            gift |= buf[i].type == ACT_BUILD_SHIP && buf[i].a == geo->gift_edge[k] &&
                    g->gift_owner[k] == -1;
        if (buf[i].type == ACT_PLACE_HARBOR || gift) {
            *a = buf[i];
            return true;
        }
    }
    return false;
}

/* The Forgotten Tribe with gifts of every kind taken and a harbor placed. */
static int64_t golden_tribe_session(struct session *s)
{
    return golden_map_session(s, SESSION_MAP_FORGOTTEN_TRIBE, 2030, tribe_gifts_taken, take_gifts);
}

static void test_golden_v7(void **state)
{
    (void)state;
    static unsigned char buf[RECORD_MAX_SIZE + 1], again[RECORD_MAX_SIZE];
    size_t len = load_golden(7, buf, sizeof buf);
    static struct session s, made, t;
    char why[128];
    assert_int_equal(buf[4] | buf[5] << 8, 7);
    int err = record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why);
    if (err)
        fail_msg("the version 7 record is refused: %s", why);
    const struct game *g = &s.game;
    const struct board_geo *geo = game_geo(g);
    assert_int_equal(s.map, SESSION_MAP_FORGOTTEN_TRIBE);
    assert_int_equal(g->opt.board, BOARD_TRIBE);
    assert_int_equal(g->vp_goal, 13);
    assert_true(g->tribe); /* derived, rebuilt */
    /* The gifts as saved: every kind taken, a harbor placed and counted in its owner's rates
     * (derived), the others still lying there; the tribe's points in the totals. */
    assert_true(tribe_gifts_taken(g));
    int lying = 0, points = 0;
    for (int k = 0; k < geo->n_gifts; k++) {
        lying += g->gift_owner[k] == -1;
        if (g->gift_at[k] != GAME_HARBOR_HELD) {
            int o = g->gift_owner[k], type = g->gift[k];
            assert_true(o >= 0 && geo->gift_kind[k] == MAP_GIFT_HARBOR);
            int e = g->gift_at[k], v0 = geo->edge_vertex[e][0], v1 = geo->edge_vertex[e][1];
            assert_true(g->vertex_owner[v0] == o || g->vertex_owner[v1] == o);
            assert_true(g->rates_of[o][type == HARBOR_GENERIC ? 0 : type] <=
                        (type == HARBOR_GENERIC ? 3 : 2));
        }
    }
    for (int p = 0; p < 4; p++)
        points += game_tribe_points(g, p);
    assert_true(lying > 0 && points > 0);
    /* Nobody builds a wonder (version 7 had none). */
    for (int w = 0; w < GAME_WONDERS; w++) {
        assert_int_equal(g->wonder_owner[w], -1);
        assert_int_equal(g->wonder_level[w], 0);
    }
    /* The same session made again by this build: the same game, and its record holds the same
     * session. */
    int64_t saved = golden_tribe_session(&made);
    assert_memory_equal(&s.game, &made.game, sizeof s.game);
    size_t n = record_encode_at(&made, saved, GOLDEN_WALL_MS, again, sizeof again);
    assert_int_equal(record_decode(&t, again, n, GOLDEN_RESTORED_MS, why, sizeof why), BW_OK);
    assert_memory_equal(&t, &s, sizeof t);
}

/* A restart gives no time back: the time between the save and the restore (the wall clocks')
 * counts on a running game's clocks, up to RECORD_AGE_MAX_MS however far apart the clocks are;
 * a game saved paused keeps its time left. */
static void test_wall_clock(void **state)
{
    (void)state;
    static struct session s, t;
    static unsigned char buf[RECORD_MAX_SIZE];
    char why[128];
    const int64_t saved = golden_fog_session(&s), wall = 1796212800000, later = 900;
    s.turn_deadline_ms = saved + 40000;
    s.status_ms = saved - 1000;
    size_t n = record_encode_at(&s, saved, wall, buf, sizeof buf);
    assert_true(n > 0);
    assert_int_equal(record_decode_at(&t, buf, n, later, wall + 3000, why, sizeof why), BW_OK);
    assert_true(t.turn_deadline_ms == later + 37000);
    assert_true(t.status_ms == later - 4000);
    assert_int_equal(session_turn_seconds_left(&t, later), 37);
    /* Restored long after: overdue, the timer acts at once, and nothing overflows. */
    assert_int_equal(record_decode_at(&t, buf, n, later, INT64_MAX, why, sizeof why), BW_OK);
    assert_true(t.turn_deadline_ms == later + 40000 - RECORD_AGE_MAX_MS);
    /* Saved paused: the pause began at the save, so the time left stays. */
    session_pause(&s, saved);
    n = record_encode_at(&s, saved, wall, buf, sizeof buf);
    assert_int_equal(record_decode_at(&t, buf, n, later, wall + 3000, why, sizeof why), BW_OK);
    session_resume(&t, later + 500);
    assert_int_equal(session_turn_seconds_left(&t, later + 500), 40);
}

/* ---- version 3: the Jungle ---- */

/* Whether some player holds what a variant gives: discoveries (the Jungle), buildings on the
 * river (the Great River). */
static int any_discoveries(const struct game *g)
{
    int any = 0;
    for (int p = 0; p < g->opt.n_players; p++)
        any |= g->p[p].discoveries;
    return any;
}

static int any_gold(const struct game *g)
{
    /* A building on the river's banks (on the gold mine, or beside it on the river). */
    const struct board_geo *geo = game_geo(g);
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->vertex_owner[v] >= 0 && (geo->vertex_hex_bits[v] & g->river_hexes))
            return 1;
    return 0;
}

/* Games with a variant, saved now and then (and as soon as what it gives shows): the variant,
 * the board and the state come back. */
static void variant_round_trips(int variant, int board, int (*given)(const struct game *g),
                                uint64_t seed)
{
    static struct session s;
    struct bw_rng rng;
    char msg[64];
    int found = 0;
    for (int n = 3; n <= 4; n++) {
        int64_t now = 1000;
        bw_rng_seed(&rng, (uint64_t)n + seed);
        lobby(&s, n, (uint64_t)n + seed + 1);
        s.variant = (uint8_t)variant;
        round_trip(&s, now, 0);
        assert_int_equal(session_start(&s, NULL, now, msg, sizeof msg), BW_OK);
        assert_int_equal(s.game.opt.board, board);
        for (int i = 0; i < 4000 && s.state == SESSION_PLAYING; i++) {
            struct game_action a;
            assert_int_equal(playout_choose(&s.game, &rng, &a), BW_OK);
            if (a.type == ACT_OFFER)
                continue;
            now += 500;
            assert_int_equal(session_apply(&s, &a, now, NULL, 0, NULL), BW_OK);
            int any = given(&s.game);
            if (i % 61 == 0 || (any && !found)) {
                round_trip(&s, now, 777);
                found += any != 0;
            }
        }
    }
    assert_true(found > 0);
}

/* The Jungle: every player's discoveries come back. */
static void test_jungle_round_trips(void **state)
{
    (void)state;
    variant_round_trips(SESSION_VARIANT_JUNGLE, BOARD_JUNGLE, any_discoveries, 40);
}

static int holds(const unsigned char *buf, size_t len, const char *what, size_t n)
{
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(buf + i, what, n) == 0)
            return 1;
    return 0;
}

/* The Great River, saved by its name: the board, the river and the gold points come back. */
static void test_river_round_trips(void **state)
{
    (void)state;
    variant_round_trips(SESSION_VARIANT_RIVER, BOARD_RIVER, any_gold, 60);
    static struct session s, t;
    unsigned char buf[RECORD_MAX_SIZE];
    char msg[64], why[128];
    lobby(&s, 4, 61);
    s.variant = SESSION_VARIANT_RIVER;
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
    size_t len = record_encode(&s, 1000, buf, sizeof buf);
    assert_true(len > 0);
    assert_true(holds(buf, len,
                      "\x0b"
                      "great_river",
                      12));
    assert_true(holds(buf, len,
                      "\x04"
                      "base"
                      "\x05"
                      "river",
                      11));
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_OK);
    assert_int_equal(t.variant, SESSION_VARIANT_RIVER);
    assert_int_equal(t.game.opt.board, BOARD_RIVER);
    assert_int_equal(t.game.river, 1); /* derived, rebuilt */
    assert_int_equal(t.game.vp_goal, 10);
}

/* Records a v3 decoder must refuse for the variant: an unknown one, one on a Seafarers map,
 * the Jungle's board without the variant, discoveries off the Jungle or out of range. */
static void test_jungle_refused(void **state)
{
    (void)state;
    static struct session s, t;
    unsigned char buf[RECORD_MAX_SIZE];
    char msg[64], why[128];
    lobby(&s, 3, 6);
    s.variant = SESSION_VARIANT_JUNGLE;
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
    size_t len = record_encode(&s, 1000, buf, sizeof buf);
    assert_true(len > 0);
    /* The variant's name follows the map's: "\x04base\x06jungle". */
    unsigned char *at = NULL;
    for (size_t i = 0; i + 12 < len; i++)
        if (memcmp(buf + i,
                   "\x04"
                   "base"
                   "\x06"
                   "jungle",
                   12) == 0)
            at = buf + i + 6;
    assert_non_null(at);
    unsigned char copy[RECORD_MAX_SIZE];
    memcpy(copy, buf, len);
    memcpy(copy + (at - buf), "JUNGLE", 6);
    uint32_t crc = record_crc32(copy, len - 4);
    for (int i = 0; i < 4; i++)
        copy[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    assert_int_equal(record_decode(&t, copy, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the session's variant is unknown");

    s.game.p[1].discoveries = GAME_MAX_DISCOVERIES + 1;
    len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "a player's discoveries are out of range");
    s.game.p[1].discoveries = 300; /* past what a byte holds */
    round_trip(&s, 1000, 5);
    s.game.p[1].discoveries = 2;
    round_trip(&s, 1000, 5);

    s.variant = SESSION_VARIANT_NONE; /* the Jungle's board on the plain base map */
    len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the game's board is not the session map's");

    lobby(&s, 3, 7); /* discoveries on the base board */
    assert_int_equal(session_start(&s, NULL, 1000, msg, sizeof msg), BW_OK);
    assert_int_equal(s.game.opt.board, BOARD_BASE);
    s.game.p[0].discoveries = 1;
    len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the game's state is not one the rules allow");

    lobby(&s, 3, 8); /* a variant with a Seafarers map */
    s.map = SESSION_MAP_FOUR_ISLANDS;
    s.variant = SESSION_VARIANT_JUNGLE;
    len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the session's variant cannot be played with its map or seats");
    s.variant = SESSION_VARIANT_RIVER;
    len = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(record_decode(&t, buf, len, 1000, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the session's variant cannot be played with its map or seats");
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-golden") == 0)
        return write_golden(argv[2]);
    if (argc == 3 && strcmp(argv[1], "--write-golden-v7") == 0)
        return write_golden_v7(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lobby_round_trip),
        cmocka_unit_test(test_lobby_expansion),
        cmocka_unit_test(test_river_round_trips),
        cmocka_unit_test(test_playout_round_trips),
        cmocka_unit_test(test_largest_record),
        cmocka_unit_test(test_truncated_and_flipped),
        cmocka_unit_test(test_damage_past_checksum),
        cmocka_unit_test(test_impossible_sessions),
        cmocka_unit_test(test_times),
        cmocka_unit_test(test_times_out_of_range),
        cmocka_unit_test(test_seats_out_of_range),
        cmocka_unit_test(test_golden_v1),
        cmocka_unit_test(test_golden_v2),
        cmocka_unit_test(test_sea_round_trips),
        cmocka_unit_test(test_tribe_round_trips),
        cmocka_unit_test(test_pirates_round_trips),
        cmocka_unit_test(test_house_rules_round_trips),
        cmocka_unit_test(test_sea_refused),
        cmocka_unit_test(test_golden_v3),
        cmocka_unit_test(test_golden_v4),
        cmocka_unit_test(test_golden_v5),
        cmocka_unit_test(test_golden_v6),
        cmocka_unit_test(test_golden_v7),
        cmocka_unit_test(test_wall_clock),
        cmocka_unit_test(test_house_rules),
        cmocka_unit_test(test_jungle_round_trips),
        cmocka_unit_test(test_jungle_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
