/* Cities & Knights: the answers to what a progress card or the barbarians ask (!choose V,
 * !give LIST), through the bot's commands. The player asked is told privately what to type,
 * with the choices, and again when they look at their hand or are refused; the channel line
 * names the command; the status and the refusals to others say whom the game waits for. Only
 * the player asked answers: anyone else is refused with nothing changed. The five asking
 * cards !play takes (wedding, commercial harbor, deserter, diplomat, intrigue) are played here
 * through to their answers; a player who does not answer gets the engine's default when the
 * step timer runs out. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/bot.h"
#include "engine/board.h"
#include "render/render.h"
#include "session/session.h"

#include "bot_fake.h"
#include "ck_fixture.h"

/* Whether a line to target since mark holds needle: the private prompt must, the channel not. */
static void expect_line(int mark, const char *target, const char *needle)
{
    if (!any_line(mark, target, needle))
        fail_msg("no line to %s with \"%s\"; the last: \"%s\"", target, needle,
                 last_to(mark, target));
}

static void say_v(struct bot *b, const char *nick, const char *fmt, int v)
{
    char line[120];
    snprintf(line, sizeof line, fmt, v);
    say(b, nick, line);
}

/* A refusal (one private line, nothing changed) that says want. */
static void refused_v(struct bot *b, const char *nick, const char *fmt, int v, const char *want)
{
    char line[120];
    snprintf(line, sizeof line, fmt, v);
    expect_refused(b, nick, line);
    expect_line(n_recs - 1, nick, want);
}

/* Goods from the bank into seat's hand. */
static void give_res(struct game *g, int seat, int r, int n)
{
    g->p[seat].res[r] = (uint8_t)(g->p[seat].res[r] + n);
    g->bank[r] = (uint8_t)(g->bank[r] - n);
}

static void give_com(struct game *g, int seat, int c, int n)
{
    g->p[seat].commodity[c] = (uint8_t)(g->p[seat].commodity[c] + n);
    g->ck.bank[c] = (uint8_t)(g->ck.bank[c] - n);
}

static int settlement_of(const struct game *g, int seat)
{
    for (int v = 0; v < game_geo(g)->n_vertices; v++)
        if (g->vertex_owner[v] == seat && g->vertex_building[v] == BUILDING_SETTLEMENT)
            return v;
    fail_msg("no settlement");
    return -1;
}

/* The generator of g seeded so that the roll of the player on the move makes the barbarians
 * attack and ask someone which city they lose. */
static void rig_pillage(struct game *g)
{
    for (uint64_t k = 1; k < 20000; k++) {
        struct game copy = *g;
        bw_rng_seed(&copy.rng, k);
        struct game_action r = {.type = ACT_ROLL, .player = g->current, .a = -1, .b = -1};
        struct game_event ev[GAME_MAX_EVENTS];
        int n;
        if (game_apply(&copy, &r, ev, GAME_MAX_EVENTS, &n) != BW_OK)
            continue;
        for (int i = 0; i < n; i++)
            if (ev[i].type == EV_ASK && ev[i].a == ASK_PILLAGE) {
                bw_rng_seed(&g->rng, k);
                return;
            }
    }
    fail_msg("no roll makes the barbarians attack");
}

/* The barbarians win; p, with two cities, chooses which they take. */
static void test_pillage(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    char n[32], want[300];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    int city = ck_city_of(b, p), second = settlement_of(g, p);
    give_res(g, p, RES_GRAIN, 2);
    give_res(g, p, RES_ORE, 3);
    say_v(b, n, "!city %d", second + 1);
    assert_int_equal(g->vertex_building[second], BUILDING_CITY);
    say(b, n, "!end");
    int q = g->current, r = 3 - p - q;
    char qn[32], rn[32];
    snprintf(qn, sizeof qn, "%s", nick_of(b, q));
    snprintf(rn, sizeof rn, "%s", nick_of(b, r));
    g->ck.barbarians = CK_VOYAGE - 1;
    rig_pillage(g);
    int mark = n_recs;
    say(b, qn, "!roll");
    assert_int_equal(g->ck.p[p].ask, ASK_PILLAGE);
    int lo = city < second ? city : second, hi = city < second ? second : city;
    /* Public: who is asked and the command; private: the choices. */
    snprintf(want, sizeof want,
             "the game waits for %s to choose which city the barbarians pillage (!choose V)", n);
    expect_line(mark, CHAN, want);
    snprintf(want, sizeof want,
             "#catan the barbarians take one of your cities: !choose V, one of %d, %d", lo + 1,
             hi + 1);
    expect_line(mark, n, want);
    assert_false(any_line(mark, CHAN, "take one of your cities"));
    check_no_leak();
    /* Whose move: the game waits for p's answer, whoever's turn it is. */
    snprintf(want, sizeof want, "the game waits for %s to answer first (!choose V)", n);
    expect_refused(b, qn, "!end");
    expect_line(n_recs - 1, qn, want);
    mark = n_recs;
    say(b, rn, "!status");
    snprintf(want, sizeof want,
             " | the game waits for %s to choose which city the barbarians pillage (!choose V)", n);
    expect_line(mark, CHAN, want);
    /* Nobody else answers: a player not asked, a spectator. */
    refused_v(b, rn, "!choose %d", lo + 1, "you are not asked anything: !choose and !give answer");
    refused_v(b, "walt", "!choose %d", lo + 1, "you are not playing in #catan");
    /* The wrong command, another command, a corner that is no city of p's: the choices. */
    refused_v(b, n, "!give %d wool", 1, "the barbarians take one of your cities: !choose V");
    refused_v(b, n, "!knight build %d", lo + 1, "the barbarians take one of your cities");
    mark = n_recs;
    say(b, n, "!hand");
    expect_line(mark, n, "the barbarians take one of your cities: !choose V");
    int other = settlement_of(g, q); /* q had one city: the barbarians took it */
    snprintf(want, sizeof want,
             "you have no city at %d that the barbarians may take: your cities are %d, %d",
             other + 1, lo + 1, hi + 1);
    refused_v(b, n, "!choose %d", other + 1, want);
    refused_v(b, n, "!choose %d", 999, "usage: !choose V");
    /* The answer: the city becomes a settlement, and the roll goes on. */
    say_v(b, n, "!choose %d", lo + 1);
    assert_int_equal(g->vertex_building[lo], BUILDING_SETTLEMENT);
    assert_int_equal(g->vertex_building[hi], BUILDING_CITY);
    assert_int_equal(g->ck.p[p].ask, ASK_NONE);
    assert_int_equal(g->ck.resume, 0);
    assert_int_not_equal(g->phase, PHASE_ROLL);
    refused_v(b, n, "!choose %d", hi + 1, "you are not asked anything");
    /* In Ukrainian, the prompt too. */
    g->ck.p[p].ask = ASK_PILLAGE;
    g->ck.resume = 0;
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    mark = n_recs;
    say(b, n, "!progress");
    expect_line(mark, n, "варвари забирають одне з ваших міст: !choose V");
    bot_free(b);
}

/* Two seats: p plays, q has more points and is asked. */
static struct bot *wedding_game(int timeout_s, int *p, int *q)
{
    struct bot *b = ck_game(timeout_s, p);
    struct game *g = &ck_live(b)->game;
    *q = (*p + 1) % 3;
    g->ck.p[*q].defender = 2;
    assert_true(game_vp_public(g, *q) > game_vp_public(g, *p));
    assert_true(game_vp_public(g, 3 - *p - *q) <= game_vp_public(g, *p));
    give_res(g, *q, RES_WOOL, 2);
    give_res(g, *q, RES_ORE, 1);
    give_com(g, *q, COM_COIN, 1);
    ck_hold(g, *p, PROG_WEDDING);
    return b;
}

static void test_wedding(void **state)
{
    (void)state;
    int p, q;
    struct bot *b = wedding_game(0, &p, &q);
    struct game *g = &ck_live(b)->game;
    char n[32], qn[32], want[300];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(qn, sizeof qn, "%s", nick_of(b, q));
    int mark = n_recs;
    say(b, n, "!play wedding");
    assert_int_equal(g->ck.p[q].ask, ASK_WEDDING);
    assert_int_equal(g->ck.p[3 - p - q].ask, ASK_NONE);
    snprintf(want, sizeof want, "the game waits for %s to choose the goods they give %s", qn, n);
    expect_line(mark, CHAN, want);
    expect_line(mark, CHAN, "(!give LIST)");
    snprintf(want, sizeof want,
             "#catan %s's wedding: give them 2 goods of your choice: !give LIST, e.g. !give 2 "
             "wool (you hold 2 wool, 1 ore, 1 coin)",
             n);
    expect_line(mark, qn, want);
    assert_false(any_line(mark, CHAN, "you hold"));
    refused_v(b, qn, "!give %d wool", 3, "give exactly 2 goods of your choice");
    refused_v(b, qn, "!give %d ore", 2, "you do not hold all that: you hold 2 wool, 1 ore, 1 coin");
    refused_v(b, qn, "!choose %d", 5, "wedding: give them 2 goods of your choice: !give LIST");
    refused_v(b, qn, "!give %d magic", 1, "usage: !give LIST");
    refused_v(b, n, "!give %d wool", 1, "you are not asked anything");
    refused_v(b, "walt", "!give %d wool", 1, "you are not playing in #catan");
    say(b, qn, "!give 1 wool 1 coin");
    assert_int_equal(g->ck.p[q].ask, ASK_NONE);
    assert_int_equal(g->p[p].res[RES_WOOL], 1);
    assert_int_equal(g->p[p].commodity[COM_COIN], 1);
    assert_int_equal(g->p[q].res[RES_WOOL], 1);
    assert_int_equal(g->p[q].commodity[COM_COIN], 0);
    check_no_leak();
    /* A progress card owed comes first too; !help play names the cards' arguments. */
    int r = 3 - p - q;
    g->ck.p[r].draws = 1;
    char want2[200];
    snprintf(want2, sizeof want2,
             "the game waits for %s to draw or give up a progress card first (!progress draw "
             "science|trade|politics)",
             nick_of(b, r));
    expect_refused(b, qn, "!roll");
    expect_line(n_recs - 1, qn, want2);
    int mark2 = n_recs;
    say(b, qn, "!help play");
    expect_line(mark2, qn, "in Cities & Knights a progress card, with the arguments the progress");
    bot_free(b);
}

static void test_commercial_harbor(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    int q = (p + 1) % 3, r = (p + 2) % 3;
    char n[32], qn[32], rn[32], line[120], want[300];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(qn, sizeof qn, "%s", nick_of(b, q));
    snprintf(rn, sizeof rn, "%s", nick_of(b, r));
    give_res(g, p, RES_WOOL, 1);
    give_res(g, p, RES_BRICK, 1);
    give_com(g, q, COM_PAPER, 1);
    give_com(g, q, COM_COIN, 1);
    ck_hold(g, p, PROG_COMMERCIAL_HARBOR);
    snprintf(line, sizeof line, "!play commercial harbor %s wool", n);
    expect_refused(b, n, line);
    expect_line(n_recs - 1, n, "name another player still in the game");
    snprintf(line, sizeof line, "!play commercial harbor %s wool", rn);
    expect_refused(b, n, line);
    snprintf(want, sizeof want, "%s holds no paper, cloth or coin", rn);
    expect_line(n_recs - 1, n, want);
    snprintf(line, sizeof line, "!play commercial harbor %s ore", qn);
    expect_refused(b, n, line);
    expect_line(n_recs - 1, n, "you do not hold the resources you offer: you hold 1 brick, 1 wool");
    snprintf(line, sizeof line, "!play commercial harbor %s", qn);
    expect_refused(b, n, line);
    expect_line(n_recs - 1, n, "usage: !play commercial harbor NICK RES [NICK RES ...]");
    /* r holds one kind: no question; q holds two and chooses. */
    give_com(g, r, COM_CLOTH, 1);
    snprintf(line, sizeof line, "!play commercial harbour %s wool %s brick", qn, rn);
    int mark = n_recs;
    say(b, n, line);
    assert_int_equal(g->p[r].res[RES_BRICK], 1);
    assert_int_equal(g->p[p].commodity[COM_CLOTH], 1);
    assert_int_equal(g->ck.p[q].ask, ASK_HARBOR);
    assert_int_equal(g->p[p].res[RES_WOOL], 1); /* until q answers */
    snprintf(want, sizeof want,
             "#catan %s's commercial harbor offers you 1 wool for paper, cloth or coin of your "
             "choice: !give LIST, e.g. !give 1 paper (you hold 1 paper, 1 coin)",
             n);
    expect_line(mark, qn, want);
    refused_v(b, qn, "!give %d wool", 1, "give one paper, cloth or coin for it (!give 1 coin)");
    refused_v(b, qn, "!give %d coin 1 paper", 1, "give one paper, cloth or coin for it");
    refused_v(b, qn, "!give %d cloth", 1, "you do not hold all that: you hold 1 paper, 1 coin");
    say(b, qn, "!give 1 coin");
    assert_int_equal(g->ck.p[q].ask, ASK_NONE);
    assert_int_equal(g->p[q].res[RES_WOOL], 1);
    assert_int_equal(g->p[p].res[RES_WOOL], 0);
    assert_int_equal(g->p[p].commodity[COM_COIN], 1);
    check_no_leak();
    bot_free(b);
}

/* seat builds knights where the engine lists them, out of turn (the test's hand). */
static void knights_for(struct bot *b, int seat, int count, int *at)
{
    struct game *g = &ck_live(b)->game;
    int cur = g->current;
    g->current = (int8_t)seat;
    for (int i = 0; i < count; i++) {
        give_res(g, seat, RES_WOOL, 1);
        give_res(g, seat, RES_ORE, 1);
        struct game_action k = ck_legal(b, seat, ACT_KNIGHT);
        assert_int_equal(session_apply(ck_live(b), &k, now, NULL, 0, NULL), BW_OK);
        at[i] = k.a;
    }
    g->current = (int8_t)cur;
}

static void test_deserter(void **state)
{
    (void)state;
    int p, k[2];
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    int q = (p + 1) % 3, r = (p + 2) % 3;
    char n[32], qn[32], line[120], want[300];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(qn, sizeof qn, "%s", nick_of(b, q));
    knights_for(b, q, 2, k);
    ck_hold(g, p, PROG_DESERTER);
    snprintf(line, sizeof line, "!play deserter %s", nick_of(b, r));
    expect_refused(b, n, line);
    snprintf(want, sizeof want, "%s has no knight to give up", nick_of(b, r));
    expect_line(n_recs - 1, n, want);
    int taken = ck_city_of(b, q);
    snprintf(line, sizeof line, "!play deserter %s at %d", qn, taken + 1);
    expect_refused(b, n, line);
    snprintf(want, sizeof want, "your knight comes to a free corner your roads reach, and %d",
             taken + 1);
    expect_line(n_recs - 1, n, want);
    /* Where p's own knight may come: a corner the engine would let p build one on. */
    give_res(g, p, RES_WOOL, 1);
    give_res(g, p, RES_ORE, 1);
    int at = ck_legal(b, p, ACT_KNIGHT).a;
    g->p[p].res[RES_WOOL]--;
    g->p[p].res[RES_ORE]--;
    g->bank[RES_WOOL]++;
    g->bank[RES_ORE]++;
    snprintf(line, sizeof line, "!play deserter %s at %d", qn, at + 1);
    int mark = n_recs;
    say(b, n, line);
    assert_int_equal(g->ck.p[q].ask, ASK_DESERTER);
    int lo = k[0] < k[1] ? k[0] : k[1], hi = k[0] < k[1] ? k[1] : k[0];
    snprintf(want, sizeof want,
             "#catan %s's deserter takes one of your knights: !choose V, one of %d, %d", n, lo + 1,
             hi + 1);
    expect_line(mark, qn, want);
    expect_line(mark, CHAN, "(!choose V)");
    snprintf(want, sizeof want, "you have no knight at %d: your knights are at %d, %d", taken + 1,
             lo + 1, hi + 1);
    refused_v(b, qn, "!choose %d", taken + 1, want);
    say_v(b, qn, "!choose %d", hi + 1);
    assert_int_equal(g->ck.p[q].ask, ASK_NONE);
    assert_int_equal(game_knight_at(g, hi, NULL), -1);
    assert_int_equal(game_knight_at(g, lo, NULL), q);
    assert_int_equal(game_knight_at(g, at, NULL), p);
    bot_free(b);
}

/* An edge of seat's roads, or -1. */
static int road_of(const struct game *g, int seat)
{
    for (int e = 0; e < game_geo(g)->n_edges; e++)
        if (g->edge_owner[e] == seat)
            return e;
    return -1;
}

static void test_diplomat(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    const struct board_geo *geo = game_geo(g);
    int q = (p + 1) % 3;
    char n[32], line[120], want[200];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    ck_hold(g, p, PROG_DIPLOMAT);
    int e = road_of(g, q), mine = road_of(g, p), none = 0;
    while (g->edge_owner[none] >= 0)
        none++;
    snprintf(line, sizeof line, "!play diplomat %d-%d", geo->edge_vertex[none][0] + 1,
             geo->edge_vertex[none][1] + 1);
    expect_refused(b, n, line);
    snprintf(want, sizeof want, "there is no road at %d-%d", geo->edge_vertex[none][0] + 1,
             geo->edge_vertex[none][1] + 1);
    expect_line(n_recs - 1, n, want);
    snprintf(line, sizeof line, "!play diplomat %d-%d %d-%d", geo->edge_vertex[e][0] + 1,
             geo->edge_vertex[e][1] + 1, geo->edge_vertex[mine][0] + 1,
             geo->edge_vertex[mine][1] + 1);
    expect_refused(b, n, line);
    expect_line(n_recs - 1, n, "only your own road removed may be placed again");
    /* A setup road is open at its far end: it goes back to q. */
    int roads = g->p[q].roads;
    snprintf(line, sizeof line, "!play diplomat %d-%d", geo->edge_vertex[e][0] + 1,
             geo->edge_vertex[e][1] + 1);
    say(b, n, line);
    assert_int_equal(g->edge_owner[e], -1);
    assert_int_equal(g->p[q].roads, roads - 1);
    bot_free(b);
}

static void set_bit(uint64_t *set, int i)
{
    set[i >> 6] |= 1ull << (i & 63);
}

/* A free corner v that p's roads reach, with two free sides whose far corners are free too:
 * q's roads go there and q's knight stands at v (the test's hand). Returns v. */
static int knight_in_reach(struct game *g, int p, int q)
{
    const struct board_geo *geo = game_geo(g);
    for (int v = 0; v < geo->n_vertices; v++) {
        if (!(g->reach_of[p][v >> 6] >> (v & 63) & 1) || g->vertex_owner[v] >= 0)
            continue;
        int sides[2], n = 0;
        for (int j = 0; j < 3 && n < 2; j++) {
            int e = geo->vertex_edge[v][j], w = geo->vertex_vertex[v][j];
            if (e >= 0 && w >= 0 && g->edge_owner[e] < 0 && g->vertex_owner[w] < 0)
                sides[n++] = e;
        }
        if (n < 2)
            continue;
        for (int i = 0; i < 2; i++)
            g->edge_owner[sides[i]] = (int8_t)q;
        g->p[q].roads += 2;
        g->ck.p[q].knight[0] = 1;
        g->ck.p[q].knight_at[0] = (uint8_t)(v + 1);
        set_bit(g->ck.knights_all, v);
        game_reindex(g);
        return v;
    }
    fail_msg("no corner for the intrigue");
    return -1;
}

static void test_intrigue(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    int q = (p + 1) % 3;
    char n[32], qn[32], want[300], list[200];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(qn, sizeof qn, "%s", nick_of(b, q));
    int v = knight_in_reach(g, p, q);
    ck_hold(g, p, PROG_INTRIGUE);
    int city = ck_city_of(b, p);
    refused_v(b, n, "!play intrigue %d", city + 1, "there is no other player's knight at");
    int mark = n_recs;
    say_v(b, n, "!play intrigue %d", v + 1);
    assert_int_equal(g->ck.p[q].ask, ASK_KNIGHT);
    assert_true(render_ask_choices(g, q, list, sizeof list) >= 2);
    snprintf(want, sizeof want,
             "#catan your knight displaced from %d goes to a free corner: !choose V, one of %s",
             v + 1, list);
    expect_line(mark, qn, want);
    snprintf(want, sizeof want,
             "the game waits for %s to choose where their knight displaced "
             "from %d goes (!choose V)",
             qn, v + 1);
    expect_line(mark, CHAN, want);
    snprintf(want, sizeof want, "your knight cannot go to %d: the free corners it may go to are %s",
             city + 1, list);
    refused_v(b, qn, "!choose %d", city + 1, want);
    int to = atoi(list) - 1;
    say_v(b, qn, "!choose %d", to + 1);
    assert_int_equal(g->ck.p[q].ask, ASK_NONE);
    assert_int_equal(game_knight_at(g, to, NULL), q);
    check_no_leak();
    bot_free(b);
}

/* Nobody answers: the step timer runs out, the engine answers for them, the game goes on. */
static void test_timeout(void **state)
{
    (void)state;
    int p, q;
    struct bot *b = wedding_game(300, &p, &q);
    struct session *s = ck_live(b);
    struct game *g = &s->game;
    char n[32], qn[32];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(qn, sizeof qn, "%s", nick_of(b, q));
    int mark = n_recs;
    say(b, n, "!play wedding");
    int64_t asked_at = now;
    assert_int_equal(g->ck.p[q].ask, ASK_WEDDING);
    /* Another player is asked: their step's timer runs, the turn's stands (test_clock.c). */
    assert_int_equal(s->step_phase, SESSION_STEP_ASK | SESSION_STEP_HOLD);
    expect_line(mark, qn, "(you hold 2 wool, 1 ore, 1 coin) (60 seconds left)");
    struct session_tick t;
    for (int i = 0; i < 8 && session_tick(s, asked_at + SESSION_STEP_MS - 1000, &t); i++)
        assert_int_not_equal(t.kind, SESSION_TICK_ACTED);
    assert_int_equal(g->ck.p[q].ask, ASK_WEDDING);
    assert_int_equal(session_tick(s, asked_at + SESSION_STEP_MS, &t), SESSION_TICK_ACTED);
    assert_int_equal(t.seat, q);
    assert_int_equal(t.type, ACT_TIMEOUT);
    /* The default: one at a time from the pile held most (the lowest good on a tie). */
    assert_int_equal(g->ck.p[q].ask, ASK_NONE);
    assert_int_equal(g->p[p].res[RES_WOOL], 2);
    assert_int_equal(g->p[q].res[RES_WOOL], 0);
    assert_int_equal(g->p[q].res[RES_ORE] + g->p[q].commodity[COM_COIN], 2);
    /* The game goes on: p's turn, its own timer still running. */
    assert_int_equal(g->phase, PHASE_MAIN);
    assert_int_equal(g->current, p);
    assert_true(game_waiting_for(g) & (1u << p));
    assert_int_not_equal(s->step_phase, SESSION_STEP_ASK);
    assert_true(s->turn_deadline_ms > asked_at + SESSION_STEP_MS);
    say(b, n, "!end");
    assert_int_not_equal(g->current, p);
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pillage),           cmocka_unit_test(test_wedding),
        cmocka_unit_test(test_commercial_harbor), cmocka_unit_test(test_deserter),
        cmocka_unit_test(test_diplomat),          cmocka_unit_test(test_intrigue),
        cmocka_unit_test(test_timeout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
