/* The saved game's record of a Cities & Knights game (version 10, src/session/record_ck.c):
 * round trips at many points of random games, a base game's record no longer than before, the
 * frozen version 10 record still read, and every kind of impossible state refused with its
 * reason.
 *
 * `test_record_ck --write-golden FILE` writes the golden session's record; it was run once when
 * version 10 was frozen (tests/data/record_v10.bin) and must not be needed again. */
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
#include "session/record.h"
#include "session/session.h"

#define GOLDEN_RESTORED_MS 123
#define GOLDEN_WALL_MS 1796212800000 /* 2026-12-02T12:00:00Z */

static const struct session_rules rules = {3, 6, 10, 60, SESSION_ROBOT_NORMAL, false};

/* A game of n players on the base map (the big board for 5 and 6) with Cities & Knights,
 * started at now. */
static void ck_session(struct session *s, int n, uint64_t seed, int64_t now)
{
    static const char *const nicks[] = {"ann", "ben", "cat", "dan", "eve", "fay"};
    char msg[64], user[8], host[16];
    session_init(s, "#catan", &rules, seed);
    for (int i = 0; i < n; i++) {
        sprintf(user, "u%d", i);
        sprintf(host, "h%d.example", i);
        struct session_who who = {nicks[i], user, host, i % 2 ? "acct" : NULL, false};
        assert_int_equal(session_join(s, &who), i);
    }
    assert_int_equal(session_start(s, NULL, now, msg, sizeof msg), BW_OK);
    assert_int_equal(game_cities_on(&s->game), BW_OK);
}

/* Whether b is a restored a: the same state byte for byte, but for the development deck past
 * its size, which the record does not hold (game_cities_on() empties the deck and leaves the
 * cards game_init() dealt into it). */
static void assert_same_game(const struct game *a, const struct game *b)
{
    static struct game x;
    x = *a;
    memset(x.deck + x.deck_size, 0, sizeof x.deck - x.deck_size);
    assert_memory_equal(&x, b, sizeof x);
}

/* Saved at now and restored: the same game, and the same record written again. Returns the
 * record's length. */
static size_t round_trip(const struct session *s, int64_t now)
{
    static unsigned char buf[RECORD_MAX_SIZE], again[RECORD_MAX_SIZE];
    static struct session t;
    char why[128];
    size_t len = record_encode(s, now, buf, sizeof buf);
    assert_true(len > 0);
    memset(&t, 0x5a, sizeof t);
    if (record_decode(&t, buf, len, now, why, sizeof why) != BW_OK)
        fail_msg("refused: %s", why);
    assert_same_game(&s->game, &t.game);
    assert_int_equal(record_encode(&t, now, again, sizeof again), len);
    assert_memory_equal(buf, again, len);
    return len;
}

/* One action of a random playout through the session (trade offers left out: the session
 * keeps their times). Returns false once the game is over. */
static bool step(struct session *s, struct bw_rng *rng, int64_t *now)
{
    if (s->state != SESSION_PLAYING)
        return false;
    struct game_action a;
    assert_int_equal(playout_choose(&s->game, rng, &a), BW_OK);
    if (a.type == ACT_OFFER)
        return true;
    *now += 500;
    assert_int_equal(session_apply(s, &a, *now, NULL, 0, NULL), BW_OK);
    return true;
}

static int hand_count(const struct ck_player *c)
{
    int n = 0;
    while (n <= CK_HAND && c->hand[n])
        n++;
    return n;
}

/* Random Cities & Knights games of 3 to 6 players saved and restored at many points. */
static void test_ck_round_trips(void **state)
{
    (void)state;
    static struct session s;
    struct bw_rng rng;
    int states = 0, held = 0, knights = 0;
    for (int k = 0; k < 8; k++) {
        int64_t now = 1000;
        bw_rng_seed(&rng, (uint64_t)k + 90);
        ck_session(&s, 3 + k % 4, (uint64_t)k + 100, now);
        for (int i = 0; i < 6000 && step(&s, &rng, &now); i++)
            if (i % 7 == 0) {
                round_trip(&s, now);
                states++;
                for (int p = 0; p < s.game.opt.n_players; p++) {
                    held += hand_count(&s.game.ck.p[p]);
                    knights += s.game.ck.p[p].knight_at[0] != 0;
                }
            }
        round_trip(&s, now);
    }
    assert_true(states > 100 && held > 0 && knights > 0);
}

/* The part ends the record: 1 byte for the flag, the game's rows (walls as bits over the
 * corners), 30 bytes a player, 6 an open offer (none here); without Cities & Knights the record is
 * as long as before. */
static void test_ck_part_size(void **state)
{
    (void)state;
    static struct session s;
    static unsigned char buf[RECORD_MAX_SIZE];
    ck_session(&s, 4, 5, 1000);
    size_t with = record_encode(&s, 1000, buf, sizeof buf);
    const size_t game_rows =
        1 + 1 + 1 + 3 + 3 + 3 * CK_DECK + 3 + 1 + 1 + 1 + 1 + (54 + 7) / 8 + 1 + 1 + 1;
    const size_t player_rows = 3 + 1 + 5 + 1 + 1 + 1 + 6 + 6 + 3 + 1 + 1 + 1;
    assert_int_equal(buf[with - 4 - game_rows - 4 * player_rows - 1], 1); /* the flag */
    /* The same game without Cities & Knights: no part at all. */
    memset(&s.game.ck, 0, sizeof s.game.ck);
    for (int p = 0; p < 4; p++)
        memset(s.game.p[p].commodity, 0, sizeof s.game.p[p].commodity);
    size_t without = record_encode(&s, 1000, buf, sizeof buf);
    assert_int_equal(with - without, 1 + game_rows + 4 * player_rows);
    assert_true(with <= RECORD_MAX_SIZE);
}

/* ---- the golden record ---- */

static bool any_hand(const struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->ck.p[p].hand[0])
            return true;
    return false;
}

static bool any_knight(const struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->ck.p[p].knight_at[0] | g->ck.p[p].knight_at[1])
            return true;
    return false;
}

static bool any_metropolis(const struct game *g)
{
    return g->ck.metropolis[0] | g->ck.metropolis[1] | g->ck.metropolis[2];
}

static bool any_wall(const struct game *g)
{
    return g->ck.walls[0] | g->ck.walls[1] | g->ck.walls[2];
}

/* A moment the golden record keeps: progress cards in hands, knights, a wall, a metropolis,
 * and a player with a fifth card to give up or a deck to choose (the pending state). */
static bool golden_moment(const struct game *g)
{
    bool pending = false;
    for (int p = 0; p < g->opt.n_players; p++)
        pending |= g->ck.p[p].hand[CK_HAND] || g->ck.p[p].draws;
    return pending && any_hand(g) && any_knight(g) && any_metropolis(g) && any_wall(g);
}

#define GOLDEN_SEED 289

/* Four players played by random moves until golden_moment(); saved 5 s after the last change. */
static int64_t golden_session(struct session *s)
{
    struct bw_rng rng;
    int64_t now = 3000000;
    for (uint64_t seed = GOLDEN_SEED;; seed++) {
        bw_rng_seed(&rng, seed);
        ck_session(s, 4, seed, now);
        while (!golden_moment(&s->game) && step(s, &rng, &now))
            ;
        if (s->state == SESSION_PLAYING) {
            assert_int_equal(seed, GOLDEN_SEED); /* the seed found once is kept here */
            return now + 5000;
        }
    }
}

static int write_golden(const char *path)
{
    static struct session s;
    static unsigned char buf[RECORD_MAX_SIZE];
    int64_t saved = golden_session(&s);
    size_t len = record_encode_at(&s, saved, GOLDEN_WALL_MS, buf, sizeof buf);
    FILE *f = fopen(path, "wb");
    if (!len || !f || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        return 1;
    }
    const struct game *g = &s.game;
    printf("%zu bytes; turn %d phase %d current %d; barbarians %d attacks %d; bank %d %d %d; "
           "metropolis %d %d %d; decks drawn %d %d %d; played %d; merchant %d/%d\n",
           len, g->turn, g->phase, g->current, g->ck.barbarians, g->ck.attacks, g->ck.bank[0],
           g->ck.bank[1], g->ck.bank[2], g->ck.metropolis[0], g->ck.metropolis[1],
           g->ck.metropolis[2], g->ck.deck_pos[0], g->ck.deck_pos[1], g->ck.deck_pos[2],
           g->ck.played, g->ck.merchant, g->ck.merchant_owner);
    for (int p = 0; p < 4; p++) {
        const struct ck_player *c = &g->ck.p[p];
        printf("seat %d: levels %d %d %d defender %d hand %d %d %d %d %d draws %d points %d "
               "commodities %d %d %d knights",
               p, c->level[0], c->level[1], c->level[2], c->defender, c->hand[0], c->hand[1],
               c->hand[2], c->hand[3], c->hand[4], c->draws, c->progress_points,
               g->p[p].commodity[0], g->p[p].commodity[1], g->p[p].commodity[2]);
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (c->knight_at[k])
                printf(" %d:%d", c->knight_at[k] - 1, c->knight[k]);
        printf("\n");
    }
    for (int v = 0; v < BOARD_MAX_VERTICES; v++)
        if (g->ck.walls[v / 64] >> (v % 64) & 1)
            printf("wall at %d (seat %d)\n", v, g->vertex_owner[v]);
    return 0;
}

/* tests/data/NAME into buf. */
static size_t load_data(const char *name, unsigned char *buf, size_t size)
{
    const char *src = getenv("BW_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/%s", src ? src : ".", name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t len = fread(buf, 1, size, f);
    fclose(f);
    return len;
}

static size_t load_golden(unsigned char *buf, size_t size)
{
    return load_data("record_v10.bin", buf, size);
}

/* The golden record of the first version 10 build (before the master merchant and the spy
 * asked, which changed the random playouts the golden record is made of): still read, and
 * written again the same. */
static void test_first_v10(void **state)
{
    (void)state;
    static unsigned char buf[RECORD_MAX_SIZE + 1];
    static struct session s;
    char why[128];
    size_t len = load_data("record_v10_first.bin", buf, sizeof buf);
    if (record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why) != BW_OK)
        fail_msg("the first version 10 record is refused: %s", why);
    assert_true(golden_moment(&s.game));
    round_trip(&s, GOLDEN_RESTORED_MS);
}

static void test_golden_v10(void **state)
{
    (void)state;
    static unsigned char buf[RECORD_MAX_SIZE + 1], again[RECORD_MAX_SIZE];
    static struct session s, made, tt;
    char why[128];
    size_t len = load_golden(buf, sizeof buf);
    assert_int_equal(buf[4] | buf[5] << 8, 10);
    if (record_decode(&s, buf, len, GOLDEN_RESTORED_MS, why, sizeof why) != BW_OK)
        fail_msg("the version 10 record is refused: %s", why);
    const struct game *g = &s.game;
    assert_int_equal(g->ck.on, 1);
    assert_int_equal(g->opt.board, BOARD_BASE);
    assert_int_equal(g->vp_goal, 10); /* the session's rules name the points */
    assert_true(golden_moment(g));
    assert_int_equal(g->deck_size, 0);
    /* Every card and commodity accounted for. */
    int cards = g->ck.played, coms[COM_COUNT] = {0};
    for (int t = 0; t < CK_TRACKS; t++)
        cards += CK_DECK - g->ck.deck_pos[t];
    for (int p = 0; p < 4; p++) {
        cards += hand_count(&g->ck.p[p]);
        for (int c = 0; c < COM_COUNT; c++)
            coms[c] += g->p[p].commodity[c];
    }
    assert_int_equal(cards, CK_PROGRESS);
    for (int c = 0; c < COM_COUNT; c++)
        assert_int_equal(coms[c] + g->ck.bank[c], CK_BANK);
    /* The knights stand where they were, and the derived set of their corners is rebuilt. */
    for (int p = 0; p < 4; p++)
        for (int k = 0; k < CK_KNIGHTS; k++) {
            int v = g->ck.p[p].knight_at[k] - 1, slot = -1;
            if (v >= 0) {
                assert_int_equal(game_knight_at(g, v, &slot), p);
                assert_int_equal(slot, k);
            }
        }
    /* The metropolis on its holder's city, and the game waits for the pending player only. */
    for (int t = 0; t < CK_TRACKS; t++)
        if (g->ck.metropolis[t])
            assert_int_equal(g->vertex_building[g->ck.metropolis[t] - 1], BUILDING_CITY);
    unsigned pending = 0;
    for (int p = 0; p < 4; p++)
        if (g->ck.p[p].hand[CK_HAND] || g->ck.p[p].draws)
            pending |= 1u << p;
    assert_int_equal(game_waiting_for(g), pending);
    /* The same session made again by this build: the same game, and a record of it. */
    int64_t saved = golden_session(&made);
    assert_same_game(&made.game, &s.game);
    size_t n = record_encode_at(&made, saved, GOLDEN_WALL_MS, again, sizeof again);
    /* Version 11 adds the session's house rules (their count and 9 fields) and the game's house
     * rules' block (the rule book's, no dice deck: 9 bytes) before the Cities & Knights part,
     * which ends both records alike. */
    assert_int_equal(RECORD_VERSION, 12);
    assert_int_equal(n, len + 10 + 9);
    assert_memory_equal(again + n - 4 - 200, buf + len - 4 - 200, 200);
    assert_int_equal(record_decode(&tt, again, n, GOLDEN_RESTORED_MS, why, sizeof why), BW_OK);
    assert_memory_equal(&tt, &s, sizeof tt);
}

/* ---- impossible states ---- */

static struct session base_case; /* the golden session */

static void expect_refused(const struct session *s, const char *reason)
{
    static unsigned char buf[RECORD_MAX_SIZE];
    static struct session t, keep;
    char why[128];
    size_t len = record_encode(s, 0, buf, sizeof buf);
    assert_true(len > 0);
    memset(&t, 0x6b, sizeof t);
    keep = t;
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    if (strcmp(why, reason) != 0)
        fail_msg("refused for \"%s\", expected \"%s\"", why, reason);
    assert_memory_equal(&t, &keep, sizeof t);
}

/* A corner with no building and no knight. */
static int free_corner(const struct game *g)
{
    for (int v = 0; v < game_geo(g)->n_vertices; v++)
        if (g->vertex_owner[v] < 0 && game_knight_at(g, v, NULL) < 0)
            return v;
    fail_msg("no free corner");
    return -1;
}

/* A corner with a building of kind b (of player p; -1: anyone's), or -1. */
static int building_of(const struct game *g, int p, int b)
{
    for (int v = 0; v < game_geo(g)->n_vertices; v++)
        if ((p < 0 || g->vertex_owner[v] == p) && g->vertex_building[v] == b)
            return v;
    return -1;
}

/* The seat with a knight, and its slot. */
static int knight_owner(const struct game *g, int *slot)
{
    for (int p = 0; p < 4; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (g->ck.p[p].knight_at[k]) {
                *slot = k;
                return p;
            }
    fail_msg("no knight");
    return -1;
}

/* The seat holding a progress card in slot 0. */
static int card_holder(const struct game *g)
{
    for (int p = 0; p < 4; p++)
        if (g->ck.p[p].hand[0])
            return p;
    fail_msg("no card held");
    return -1;
}

/* Each byte out of its range, each with the reason of its row. */
static void test_ranges_refused(void **state)
{
    (void)state;
    static struct session s;
    const struct game *b = &base_case.game;
    int slot = 0, kp = knight_owner(b, &slot);
    s = base_case;
    s.game.ck.p[1].level[TRACK_TRADE] = CK_LEVELS + 1;
    expect_refused(&s, "an improvement level is out of range");
    s = base_case;
    s.game.ck.event = CK_FACES;
    expect_refused(&s, "the event die's face is out of range");
    s = base_case;
    s.game.ck.barbarians = CK_VOYAGE;
    expect_refused(&s, "the barbarians' steps are out of range");
    s = base_case;
    s.game.ck.bank[COM_COIN] = CK_BANK + 1;
    expect_refused(&s, "the bank's commodities are out of range");
    s = base_case;
    s.game.p[2].commodity[COM_PAPER] = 200;
    expect_refused(&s, "a player's commodities are out of range");
    s = base_case;
    s.game.ck.metropolis[2] = (uint8_t)(game_geo(b)->n_vertices + 1);
    expect_refused(&s, "a metropolis is past the board's last corner");
    s = base_case;
    s.game.ck.deck[TRACK_TRADE][17] = PROG_COUNT;
    expect_refused(&s, "a progress deck holds an unknown card");
    s = base_case;
    s.game.ck.deck[TRACK_SCIENCE][17] = PROG_NONE;
    expect_refused(&s, "a progress deck holds an unknown card");
    s = base_case;
    s.game.ck.deck_pos[TRACK_POLITICS] = CK_DECK + 1;
    expect_refused(&s, "more progress cards drawn than a deck holds");
    s = base_case;
    s.game.ck.played = CK_PROGRESS + 1;
    expect_refused(&s, "more progress cards played than there are");
    s = base_case;
    s.game.ck.merchant = (uint8_t)(game_geo(b)->n_hexes + 1);
    s.game.ck.merchant_owner = 1;
    expect_refused(&s, "the merchant is past the board's last hex");
    s = base_case;
    s.game.ck.merchant = 1;
    s.game.ck.merchant_owner = 5;
    expect_refused(&s, "the merchant's holder is not a player");
    s = base_case;
    s.game.ck.sabotage = 2;
    expect_refused(&s, "a flag is neither 0 nor 1");
    s = base_case;
    s.game.ck.p[0].hand[0] = PROG_COUNT;
    expect_refused(&s, "a hand holds an unknown progress card");
    s = base_case;
    s.game.ck.p[kp].knight_at[slot] = (uint8_t)(game_geo(b)->n_vertices + 1);
    expect_refused(&s, "a knight is past the board's last corner");
    s = base_case;
    s.game.ck.p[kp].knight[slot] = 32;
    expect_refused(&s, "a knight's state is out of range");
}

/* What the fields say together: each check with its reason. */
static void test_states_refused(void **state)
{
    (void)state;
    static struct session s;
    const struct game *b = &base_case.game;
    int slot = 0, kp = knight_owner(b, &slot), hp = card_holder(b);
    /* Commodities: 12 of each in all. */
    s = base_case;
    s.game.p[0].commodity[COM_CLOTH] ^= 1;
    expect_refused(&s, "the commodities are not 12 of each kind");
    /* Progress cards: in their decks, the 54 of the game, those drawn held or played. */
    s = base_case;
    uint8_t c = s.game.ck.deck[TRACK_SCIENCE][17];
    s.game.ck.deck[TRACK_SCIENCE][17] = s.game.ck.deck[TRACK_TRADE][17];
    s.game.ck.deck[TRACK_TRADE][17] = c;
    expect_refused(&s, "a progress card lies in another deck than its own");
    s = base_case;
    s.game.ck.deck[TRACK_TRADE][17] =
        s.game.ck.deck[TRACK_TRADE][17] == PROG_MERCHANT ? PROG_MASTER_MERCHANT : PROG_MERCHANT;
    expect_refused(&s, "the progress decks are not the game's 54 cards");
    s = base_case;
    s.game.ck.played++;
    expect_refused(&s, "the progress cards drawn are not those held and played");
    s = base_case;
    s.game.ck.p[hp].hand[0] = 0;
    s.game.ck.p[hp].hand[1] = s.game.ck.p[hp].hand[1] ? s.game.ck.p[hp].hand[1] : PROG_SMITH;
    expect_refused(&s, "a hand of progress cards has a gap");
    s = base_case;
    s.game.ck.p[hp].hand[0] = PROG_PRINTER;
    expect_refused(&s, "a hand holds a card that is shown when drawn");
    s = base_case;
    for (int k = 0; k < 4; k++) /* more warlords than were drawn */
        s.game.ck.p[hp].hand[k] = PROG_WARLORD;
    s.game.ck.p[hp].hand[CK_HAND] = 0;
    expect_refused(&s, "a hand holds a progress card that was not drawn");
    s = base_case;
    s.game.ck.p[0].progress_points += 3;
    expect_refused(&s, "more progress points than printers and constitutions drawn");
    /* Knights. */
    s = base_case;
    s.game.ck.p[kp].knight_at[slot] = (uint8_t)(building_of(b, -1, BUILDING_CITY) + 1);
    expect_refused(&s, "a knight stands on a building or another knight");
    s = base_case;
    s.game.ck.p[kp].knight[slot] = KNIGHT_ACTIVE;
    expect_refused(&s, "a knight has no level");
    s = base_case;
    s.game.ck.p[kp].knight[slot] = 1 | KNIGHT_FRESH;
    expect_refused(&s, "an inactive knight was activated this turn");
    s = base_case;
    for (int k = 0; k < CK_KNIGHTS; k++)
        if (!s.game.ck.p[kp].knight_at[k])
            s.game.ck.p[kp].knight[k] = 1;
    expect_refused(&s, "a knight off the board has a state");
    s = base_case;
    for (int k = 0, placed = 0; k < CK_KNIGHTS && placed < 3; k++) {
        struct ck_player *ckp = &s.game.ck.p[kp];
        if (!ckp->knight_at[k]) {
            int v = free_corner(&s.game);
            ckp->knight_at[k] = (uint8_t)(v + 1);
            game_reindex(&s.game);
        }
        ckp->knight[k] = 1;
        placed++;
    }
    expect_refused(&s, "a player has more than 2 knights of a level");
    s = base_case;
    s.game.ck.p[kp].level[TRACK_POLITICS] = 0;
    s.game.ck.p[kp].knight[slot] = 3;
    for (int t = 0; t < CK_TRACKS; t++)
        s.game.ck.metropolis[t] = t == TRACK_POLITICS ? 0 : s.game.ck.metropolis[t];
    expect_refused(&s, "a mighty knight without the fortress");
    /* Walls and metropolises on their owners' cities. */
    s = base_case;
    int v = building_of(b, 0, BUILDING_SETTLEMENT);
    assert_true(v >= 0);
    s.game.ck.walls[v / 64] |= (uint64_t)1 << (v % 64);
    expect_refused(&s, "a city wall is not under a city, or a player has more than 3");
    s = base_case;
    int t = b->ck.metropolis[0] ? 0 : b->ck.metropolis[1] ? 1 : 2;
    s.game.ck.metropolis[t] = (uint8_t)(v + 1);
    expect_refused(&s, "a metropolis is not on a city");
    s = base_case;
    for (int p = 0; p < 4; p++)
        s.game.ck.p[p].level[t] = 3;
    expect_refused(&s, "a metropolis disagrees with the improvement levels");
    /* The rest of the game's part. */
    s = base_case;
    s.game.ck.p[0].defender = (uint8_t)(b->ck.attacks + 1);
    expect_refused(&s, "more defender points than barbarian attacks");
    s = base_case;
    s.game.ck.p[2].draws = (uint8_t)(b->ck.attacks + 1);
    expect_refused(&s, "more progress cards owed than barbarian attacks");
    s = base_case;
    s.game.ck.merchant_owner = s.game.ck.merchant ? 0 : 1;
    expect_refused(&s, "the merchant and its holder disagree");
    s = base_case;
    int desert = 0;
    while (b->terrain[desert] != TERRAIN_DESERT)
        desert++;
    s.game.ck.merchant = (uint8_t)(desert + 1);
    s.game.ck.merchant_owner = 1;
    expect_refused(&s, "the merchant is not on a hex that produces");
    s = base_case;
    s.game.ck.sabotage = 1;
    s.game.phase = PHASE_MAIN;
    expect_refused(&s, "a saboteur's discards outside the discard phase");
    s = base_case;
    s.game.deck_size = 1;
    expect_refused(&s, "a Cities & Knights game has development cards");
}

/* The part's own frame: its flag (else the bytes belong to nothing), a part where none may be,
 * a part cut short, a board without Cities & Knights. */
static void test_part_refused(void **state)
{
    (void)state;
    static struct session s, t;
    static unsigned char buf[RECORD_MAX_SIZE];
    char why[128];
    s = base_case;
    size_t len = record_encode(&s, 0, buf, sizeof buf);
    size_t flag = len - 4 - 4 * 30 - (1 + 1 + 1 + 3 + 3 + 54 + 3 + 1 + 1 + 1 + 1 + 7 + 3) - 1;
    assert_int_equal(buf[flag], 1);
    buf[flag] = 2;
    uint32_t crc = record_crc32(buf, len - 4);
    for (int i = 0; i < 4; i++)
        buf[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the record has bytes after its last field");
    /* A version 9 record has no such part: its bytes are left over. */
    buf[flag] = 1;
    buf[4] = 9;
    crc = record_crc32(buf, len - 4);
    for (int i = 0; i < 4; i++)
        buf[len - 4 + i] = (unsigned char)(crc >> (8 * i));
    assert_int_equal(record_decode(&t, buf, len, 0, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the record has bytes after its last field");
    /* Cut inside the part. */
    buf[4] = RECORD_VERSION;
    size_t cut = len - 20;
    uint32_t body = (uint32_t)(cut - RECORD_FRAME_SIZE);
    for (int i = 0; i < 4; i++)
        buf[6 + i] = (unsigned char)(body >> (8 * i));
    crc = record_crc32(buf, cut - 4);
    for (int i = 0; i < 4; i++)
        buf[cut - 4 + i] = (unsigned char)(crc >> (8 * i));
    assert_int_equal(record_decode(&t, buf, cut, 0, why, sizeof why), BW_E(PARSE));
    assert_string_equal(why, "the record is cut short");
    /* On a board Cities & Knights is not played on. */
    char msg[64];
    session_init(&s, "#catan", &rules, 3);
    s.map = SESSION_MAP_FOUR_ISLANDS;
    for (int i = 0; i < 3; i++) {
        char nick[8], user[8];
        sprintf(nick, "p%d", i);
        sprintf(user, "u%d", i);
        struct session_who who = {nick, user, "h.example", NULL, false};
        assert_int_equal(session_join(&s, &who), i);
    }
    assert_int_equal(session_start(&s, NULL, 0, msg, sizeof msg), BW_OK);
    s.game.ck = base_case.game.ck; /* its bytes in range on this board */
    memset(s.game.ck.bank, CK_BANK, sizeof s.game.ck.bank);
    s.game.ck.merchant = s.game.ck.merchant_owner = 0;
    expect_refused(&s, "Cities & Knights on a board other than the base or the big one");
}

/* p draws card from its deck (the deck's order changes, its cards do not). */
static void draw_card(struct game *g, int p, int card)
{
    int t = card <= PROG_SMITH            ? TRACK_SCIENCE
            : card <= PROG_TRADE_MONOPOLY ? TRACK_TRADE
                                          : TRACK_POLITICS;
    for (int i = g->ck.deck_pos[t]; i < CK_DECK; i++)
        if (g->ck.deck[t][i] == card) {
            g->ck.deck[t][i] = g->ck.deck[t][g->ck.deck_pos[t]];
            g->ck.deck[t][g->ck.deck_pos[t]++] = (uint8_t)card;
            g->ck.p[p].hand[hand_count(&g->ck.p[p])] = (uint8_t)card;
            return;
        }
    fail_msg("card %d not in its deck", card);
}

/* p plays card at q through the session: the game then waits for p to take from q's hand. */
static void look(struct session *s, int p, int q, int card, int ask, int64_t now)
{
    struct game_action a = {.type = ACT_PROGRESS, .player = (int8_t)p, .target = (int8_t)q};
    a.res = (uint8_t)card;
    a.a = a.b = -1;
    assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    assert_int_equal(s->game.ck.p[p].ask, ask);
    assert_int_equal(s->game.ck.p[p].ask_arg, q);
}

/* A game waiting for the master merchant's or the spy's player to take from the hand they saw
 * (ASK_TAKE, ASK_SPY) is saved and restored; such an ask aimed at the player themself, or at
 * a hand with nothing to choose, is refused. */
static void test_take_round_trips(void **state)
{
    (void)state;
    static struct session s, t;
    struct bw_rng rng;
    int64_t now = 1000;
    bw_rng_seed(&rng, 77);
    ck_session(&s, 3, 177, now);
    struct game *g = &s.game;
    for (int i = 0; i < 3000 && (g->phase != PHASE_MAIN || hand_count(&g->ck.p[g->current]) ||
                                 game_waiting_for(g) != 1u << g->current);
         i++)
        assert_true(step(&s, &rng, &now));
    assert_int_equal(g->phase, PHASE_MAIN);
    int p = g->current, q = (p + 1) % 3;
    draw_card(g, q, PROG_PRINTER); /* shown: a point more than p */
    g->ck.p[q].hand[hand_count(&g->ck.p[q]) - 1] = 0;
    g->ck.played++;
    g->ck.p[q].progress_points++;
    for (int k = 0; k < GOOD_COUNT; k++) { /* q holds 1 of each good the bank has */
        uint8_t *bank = k < RES_COUNT ? &g->bank[k] : &g->ck.bank[k - RES_COUNT];
        uint8_t *have = k < RES_COUNT ? &g->p[q].res[k] : &g->p[q].commodity[k - RES_COUNT];
        if (*bank)
            --*bank, ++*have;
    }
    draw_card(g, p, PROG_MASTER_MERCHANT);
    draw_card(g, p, PROG_SPY);
    draw_card(g, q, PROG_BISHOP);
    draw_card(g, q, PROG_SMITH);
    look(&s, p, q, PROG_MASTER_MERCHANT, ASK_TAKE, now += 500);
    round_trip(&s, now);
    t = s;
    t.game.ck.p[p].ask_arg = (uint8_t)p;
    expect_refused(&t, "the game's state is not one the rules allow");
    struct game_action x = {.type = ACT_TIMEOUT, .player = (int8_t)p, .target = -1};
    assert_int_equal(session_apply(&s, &x, now += 500, NULL, 0, NULL), BW_OK);
    assert_int_equal(g->ck.p[p].ask, ASK_NONE);
    look(&s, p, q, PROG_SPY, ASK_SPY, now += 500);
    round_trip(&s, now);
    t = s;
    t.game.ck.p[q].hand[1] = 0; /* one card: nothing to choose */
    t.game.ck.played++;
    expect_refused(&t, "the game's state is not one the rules allow");
}

static int load_base_case(void **state)
{
    (void)state;
    unsigned char buf[RECORD_MAX_SIZE + 1];
    size_t len = load_golden(buf, sizeof buf);
    return record_decode(&base_case, buf, len, 0, NULL, 0) == BW_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-golden") == 0)
        return write_golden(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ck_round_trips),   cmocka_unit_test(test_ck_part_size),
        cmocka_unit_test(test_golden_v10),       cmocka_unit_test(test_ranges_refused),
        cmocka_unit_test(test_states_refused),   cmocka_unit_test(test_part_refused),
        cmocka_unit_test(test_take_round_trips), cmocka_unit_test(test_first_v10),
    };
    return cmocka_run_group_tests(tests, load_base_case, NULL);
}
