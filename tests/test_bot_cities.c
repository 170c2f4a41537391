/* Cities & Knights through the bot's commands: !expansion in the lobby (behind its switch,
 * with the map and the variant), !knight, !improve, !wall, the progress cards with !play and
 * the answers !progress draw and !progress discard, and the commodities in !bank, !discard and
 * !trade offer. Every refusal is one private line saying why and what to do instead, and
 * changes nothing. */
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
#include "i18n/i18n.h"
#include "session/session.h"

#include "bot_fake.h"
#include "ck_fixture.h"

static void say_f(struct bot *b, const char *nick, const char *fmt, int v, int w)
{
    char line[100];
    snprintf(line, sizeof line, fmt, v, w);
    say(b, nick, line);
}

static void expect_refused_f(struct bot *b, const char *nick, const char *fmt, int v,
                             const char *reply)
{
    char line[100];
    snprintf(line, sizeof line, fmt, v);
    expect_refused(b, nick, line);
    if (reply)
        assert_true(any_line(n_recs - 1, nick, reply));
}

/* !expansion: anyone sees it, a seated player picks it; "not ready yet" while the switch is
 * off; the base map without a variant only; the game starts with Cities & Knights. */
static void test_expansion_lobby(void **state)
{
    (void)state;
    session_cities_ready = false;
    struct bot *b = make_bot(0, 5);
    say(b, "xena", "!new");
    say(b, "yuri", "!join");
    say(b, "zoe", "!join");
    expect_reply(b, "walt", "!expansion",
                 "the lobby in #catan plays without an expansion (!expansion cities picks Cities "
                 "& Knights)");
    expect_reply(b, "walt", "!expansion cities", "you are not playing in #catan");
    expect_reply(b, "yuri", "!expansion cities", "Cities & Knights is not ready yet");
    assert_int_equal(sess(b)->expansion, SESSION_EXPANSION_NONE);
    session_cities_ready = true;
    expect_reply(b, "yuri", "!expansion atlantis",
                 "\"atlantis\" is not a expansion; usage: !expansion [cities|none]");
    say(b, "xena", "!map four islands");
    expect_reply(b, "yuri", "!expansion cities",
                 "Cities & Knights is played on the base map for now, and this lobby plays on "
                 "four_islands (!map base first)");
    say(b, "xena", "!map base");
    say(b, "xena", "!variant jungle");
    expect_reply(b, "yuri", "!expansion cities & knights",
                 "Cities & Knights is played without a variant for now, and this lobby has the "
                 "jungle variant (!variant none first)");
    say(b, "xena", "!variant none");
    int mark = n_recs;
    say(b, "yuri", "!expansion Cities");
    assert_string_equal(last_to(mark, CHAN),
                        "yuri chose Cities & Knights (knights, city improvements, progress cards "
                        "and the barbarians; 13 points win)");
    assert_int_equal(sess(b)->expansion, SESSION_EXPANSION_CITIES);
    expect_reply(b, "zoe", "!expansion cities",
                 "the lobby in #catan already plays Cities & Knights");
    expect_reply(b, "zoe", "!map new shores",
                 "Cities & Knights is played on the base map for now, and this lobby plays on "
                 "new_shores (!expansion none first)");
    assert_int_equal(sess(b)->map, SESSION_MAP_BASE);
    expect_reply(b, "zoe", "!variant river",
                 "Cities & Knights is played without a variant for now, and this lobby has the "
                 "river variant (!expansion none first)");
    say(b, "xena", "!start");
    const struct session *s = sess(b);
    assert_int_equal(s->state, SESSION_PLAYING);
    assert_true(s->game.ck.on);
    assert_int_equal(s->game.vp_goal, 13);
    expect_reply(b, "walt", "!expansion",
                 "this game is played with Cities & Knights; the expansion is chosen in the "
                 "lobby");
    expect_refused(b, "xena", "!expansion none");
    bot_free(b);

    /* Dropped again: the base game. */
    b = make_bot(0, 5);
    say(b, "xena", "!new");
    say(b, "xena", "!expansion cities");
    mark = n_recs;
    say(b, "xena", "!expansion none");
    assert_string_equal(last_to(mark, CHAN), "xena dropped Cities & Knights: the base game");
    say(b, "yuri", "!join");
    say(b, "zoe", "!join");
    say(b, "xena", "!start");
    assert_false(sess(b)->game.ck.on);
    bot_free(b);
}

/* Knights: built where the roads reach, promoted, activated, moved; each refusal says why. */
static void test_knights(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    char n[32];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    /* Two more roads, for room to move. */
    for (int i = 0; i < 2; i++) {
        g->p[p].res[RES_WOOD] = g->p[p].res[RES_BRICK] = 1;
        struct game_action r = ck_legal(b, p, ACT_BUILD_ROAD);
        assert_int_equal(session_apply(ck_live(b), &r, now, NULL, 0, NULL), BW_OK);
    }
    g->p[p].res[RES_WOOL] = 3;
    g->p[p].res[RES_ORE] = 3;
    g->p[p].res[RES_GRAIN] = 0;
    struct game_action k = ck_legal(b, p, ACT_KNIGHT);
    int v = k.a;
    g->p[p].res[RES_WOOL] = 0;
    expect_refused_f(b, n, "!knight build %d", v + 1, "knights need 1 wool and 1 ore");
    expect_refused(b, n, "!knight build 999");
    expect_refused(b, n, "!knight fly 3");
    assert_true(any_line(n_recs - 1, n, "\"fly\" is not a knight command; usage: !knight"));
    g->p[p].res[RES_WOOL] = 3;
    say_f(b, n, "!knight build %d", v + 1, 0);
    int slot;
    assert_int_equal(game_knight_at(g, v, &slot), p);
    assert_int_equal(g->ck.p[p].knight[slot] & KNIGHT_LEVEL, 1);
    assert_int_equal(g->p[p].res[RES_WOOL], 2);
    expect_refused_f(b, n, "!knight build %d", v + 1, "is taken: a knight stands on a free corner");
    /* Promote once a turn; the mighty knight needs the fortress. */
    say_f(b, n, "!knight promote %d", v + 1, 0);
    assert_int_equal(g->ck.p[p].knight[slot] & KNIGHT_LEVEL, 2);
    expect_refused_f(b, n, "!knight promote %d", v + 1, "was promoted this turn already");
    g->ck.p[p].knight[slot] &= (uint8_t)~KNIGHT_PROMOTED;
    expect_refused_f(b, n, "!knight promote %d", v + 1,
                     "a mighty knight needs the fortress (politics level 3: !improve politics)");
    /* Activate for a grain; it acts from the next turn; not active, it cannot act. */
    expect_refused_f(b, n, "!knight activate %d", v + 1, "activating a knight takes 1 grain");
    char want[200];
    snprintf(want, sizeof want,
             "the knight at %d is not active: it acts once activated (!knight activate %d, 1 "
             "grain), and acting leaves it inactive",
             v + 1, v + 1);
    expect_refused_f(b, n, "!knight move %d to 1", v + 1, want);
    g->p[p].res[RES_GRAIN] = 1;
    say_f(b, n, "!knight activate %d", v + 1, 0);
    assert_true(g->ck.p[p].knight[slot] & KNIGHT_ACTIVE);
    expect_refused_f(b, n, "!knight activate %d", v + 1, "is active already");
    struct game_action mv;
    g->ck.p[p].knight[slot] &= (uint8_t)~KNIGHT_FRESH;
    mv = ck_legal(b, p, ACT_KNIGHT_MOVE);
    g->ck.p[p].knight[slot] |= KNIGHT_FRESH;
    snprintf(want, sizeof want, "!knight move %d to %d", mv.a + 1, mv.b + 1);
    expect_refused(b, n, want);
    assert_true(any_line(n_recs - 1, n, "was activated this turn: it acts from your next turn"));
    /* The robber sleeps until the barbarians first come. */
    g->ck.p[p].knight[slot] &= (uint8_t)~KNIGHT_FRESH;
    char hex[8];
    board_hex_name(g->robber == 0 ? 1 : 0, hex);
    snprintf(want, sizeof want, "!knight chase %d %s", v + 1, hex);
    expect_reply(b, n, want, "the robber sleeps until the barbarians first come");
    /* Moved: it is inactive after. */
    snprintf(want, sizeof want, "!knight move %d to %d", mv.a + 1, mv.b + 1);
    say(b, n, want);
    assert_int_equal(game_knight_at(g, mv.b, &slot), p);
    assert_false(g->ck.p[p].knight[slot] & KNIGHT_ACTIVE);
    /* Someone else's move, and no knight there. */
    const char *other = nick_of(b, (p + 1) % 3);
    int mark = n_recs;
    say_f(b, other, "!knight build %d", v + 1, 0);
    assert_int_equal(count_to(mark, other), 1);
    assert_true(any_line(mark, other, "move"));
    expect_refused(b, n, "!knight promote 1");
    bot_free(b);
}

/* Improvements cost their commodity; walls 2 brick under a city. */
static void test_improve_wall(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    char n[32], line[80], want[160];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    expect_reply(b, n, "!improve politics", "you need 1 more coin for politics level 1");
    expect_refused(b, n, "!improve politics");
    expect_refused(b, n, "!improve magic");
    g->p[p].commodity[COM_COIN] = 1;
    g->ck.bank[COM_COIN]--;
    say(b, n, "!improve blue");
    assert_int_equal(g->ck.p[p].level[TRACK_POLITICS], 1);
    assert_int_equal(g->p[p].commodity[COM_COIN], 0);
    expect_reply(b, n, "!improve politics", "you need 2 more coin for politics level 2");
    g->ck.p[p].level[TRACK_SCIENCE] = 5;
    expect_reply(b, n, "!improve science", "your science is at level 5, the top");
    g->ck.p[p].level[TRACK_SCIENCE] = 0;
    int v = ck_city_of(b, p);
    snprintf(line, sizeof line, "!wall %d", v + 1);
    expect_reply(b, n, line, "a city wall takes 2 brick");
    expect_refused(b, n, line);
    g->p[p].res[RES_BRICK] = 2;
    g->bank[RES_BRICK] -= 2;
    say(b, n, line);
    assert_int_equal(game_hand_limit(g, p), 9);
    snprintf(want, sizeof want, "the city at %d has a wall already", v + 1);
    g->p[p].res[RES_BRICK] = 2;
    g->bank[RES_BRICK] -= 2;
    expect_reply(b, n, line, want);
    expect_reply(b, n, "!wall 1000",
                 "there is no vertex \"1000\": they are numbered 1 to 54; "
                 "usage: !wall V");
    /* Level 4 takes the metropolis, on the city named. */
    g->ck.p[p].level[TRACK_POLITICS] = 3;
    g->p[p].commodity[COM_COIN] = 4;
    g->ck.bank[COM_COIN] -= 4;
    int not_mine = 0;
    while (g->vertex_owner[not_mine] == p)
        not_mine++;
    snprintf(line, sizeof line, "!improve politics at %d", not_mine + 1);
    snprintf(want, sizeof want, "you have no city at %d", not_mine + 1);
    expect_reply(b, n, line, want);
    expect_refused(b, n, line);
    snprintf(line, sizeof line, "!improve politics at %d", v + 1);
    say(b, n, line);
    assert_int_equal(g->ck.p[p].level[TRACK_POLITICS], 4);
    assert_int_equal(game_metropolis_of(g, TRACK_POLITICS), p);
    assert_int_equal(g->ck.metropolis[TRACK_POLITICS], v + 1);
    bot_free(b);

    /* Not a Cities & Knights game. */
    static struct session s;
    crafted(&s, 0);
    b = bot_with(&s, 0);
    const char *cur = nick_of(b, s.game.current);
    expect_reply(b, cur, "!improve trade",
                 "!improve is for Cities & Knights (!expansion cities in the lobby)");
    expect_refused(b, cur, "!knight build 3");
    expect_refused(b, cur, "!wall 3");
    /* "cloth" stays no resource there, and "c" stays clay. */
    expect_refused(b, cur, "!bank 4 cloth for 1 ore");
    assert_true(any_line(n_recs - 1, cur, "\"cloth\" is not a resource"));
    bot_free(b);
}

/* The progress cards by name, with their arguments; the refusals. */
static void test_progress_play(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    char n[32];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    ck_hold(g, p, PROG_MERCHANT_FLEET);
    ck_hold(g, p, PROG_MERCHANT);
    ck_hold(g, p, PROG_TRADE_MONOPOLY);
    ck_hold(g, p, PROG_ALCHEMIST);
    expect_reply(b, n, "!play knight A",
                 "Cities & Knights has no development cards: !knight builds knights, !play CARD "
                 "plays a progress card");
    expect_reply(b, n, "!play roads 1-5", "you hold no road building card (!progress lists yours)");
    expect_refused(b, n, "!play road building 1-5");
    expect_reply(b, n, "!play alchemist 3 4", "the alchemist is played before the roll");
    expect_reply(b, n, "!play alch 7 1", "name the two dice, 1 to 6: !play alchemist YELLOW RED");
    expect_reply(b, n, "!play printer", "printer is a point, shown when it was drawn");
    expect_refused(b, n, "!play mer");
    assert_true(any_line(n_recs - 1, n, "is ambiguous: merchant, merchant fleet"));
    expect_refused(b, n, "!play merchant fleet magic");
    expect_refused(b, n, "!play monopoly");
    assert_true(any_line(n_recs - 1, n, "which monopoly?"));
    /* Merchant fleet, not the merchant: two words. */
    say(b, n, "!play Merchant Fleet wool");
    assert_int_equal(g->ck.p[p].fleet, 1u << RES_WOOL);
    assert_int_equal(g->ck.p[p].hand[0], PROG_MERCHANT);
    ck_hold(g, p, PROG_SPY);
    expect_refused(b, n, "!play spy"); /* a spy names whose cards it looks at */
    assert_true(any_line(n_recs - 1, n, "play spy NICK"));
    /* "monopoly coin" is the trade monopoly. */
    int q = (p + 1) % 3;
    g->p[q].commodity[COM_COIN] = 1;
    g->ck.bank[COM_COIN]--;
    say(b, n, "!play monopoly coin");
    assert_int_equal(g->p[p].commodity[COM_COIN], 1);
    assert_int_equal(g->p[q].commodity[COM_COIN], 0);
    ck_hold(g, p, PROG_BISHOP);
    expect_reply(b, n, "!play bishop A", "the robber sleeps until the barbarians first come");
    /* The merchant on a hex next to a building. */
    struct game_action m = ck_legal(b, p, ACT_PROGRESS);
    assert_int_equal(m.res, PROG_MERCHANT);
    char line[40], hex[8];
    snprintf(line, sizeof line, "!play merchant %s", board_hex_name(m.a, hex));
    say(b, n, line);
    assert_int_equal(g->ck.merchant, m.a + 1);
    /* The merchant fleet makes wool 2:1 with the bank, through the goods trade. */
    g->p[p].res[RES_WOOL] = 2;
    g->bank[RES_WOOL] -= 2;
    say(b, n, "!bank 2 wool for 1 brick");
    assert_int_equal(g->p[p].res[RES_BRICK], 1);
    assert_int_equal(g->p[p].res[RES_WOOL], 0);
    bot_free(b);
}

/* A hand line follows every change of a hand (SPEC section 5): progress cards alone (a card
 * played that takes nothing) and commodities alone (taken by a trade monopoly) included. */
static void test_hand_lines(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    int q = (p + 1) % 3;
    char n[32], o[32];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(o, sizeof o, "%s", nick_of(b, q));
    for (int r = 0; r < RES_COUNT; r++) /* the roll's production back to the bank */
        for (int k = 0; k < 3; k++) {
            g->bank[r] += g->p[k].res[r];
            g->p[k].res[r] = 0;
        }
    ck_hold(g, p, PROG_MERCHANT_FLEET);
    ck_hold(g, p, PROG_TRADE_MONOPOLY);
    int mark = n_recs;
    say(b, n, "!play merchant fleet wool");
    assert_true(any_line(mark, n, "hand: (0 cards) | progress: trade monopoly"));
    g->p[q].commodity[COM_COIN] = 1;
    g->ck.bank[COM_COIN]--;
    mark = n_recs;
    say(b, n, "!play monopoly coin");
    assert_true(any_line(mark, n, "hand: 1 coin ("));
    assert_true(any_line(mark, o, "hand: (0 cards)"));
    bot_free(b);
}

/* The answers of the pending states: a deck chosen after a tie, a fifth card given up. */
static void test_progress_pending(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    char n[32];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    expect_reply(b, n, "!progress draw science",
                 "you have no progress card to draw: a deck is chosen after a tie defending "
                 "Catan");
    expect_reply(b, n, "!progress discard smith",
                 "you hold four progress cards or fewer: nothing to give up");
    g->ck.p[p].draws = 1;
    expect_refused(b, n, "!progress draw magic");
    say(b, n, "!progress draw trade");
    assert_int_equal(g->ck.p[p].draws, 0);
    assert_int_equal(g->ck.deck_pos[TRACK_TRADE], 1);
    assert_true(g->ck.p[p].hand[0] >= PROG_COMMERCIAL_HARBOR);
    /* Five cards: one must go. */
    int first = g->ck.p[p].hand[0];
    memset(g->ck.p[p].hand, 0, sizeof g->ck.p[p].hand);
    g->ck.deck_pos[TRACK_TRADE] = 0;
    ck_hold(g, p, first);
    ck_hold(g, p, PROG_SMITH);
    ck_hold(g, p, PROG_SMITH);
    ck_hold(g, p, PROG_WEDDING);
    ck_hold(g, p, PROG_IRRIGATION);
    expect_reply(b, n, "!end",
                 "you hold five progress cards: play one or give one up first (!progress "
                 "discard CARD)");
    expect_refused(b, n, "!progress discard crane");
    /* Everybody else waits meanwhile, told for whom. */
    char want[160];
    snprintf(want, sizeof want,
             "waiting for %s to choose a progress card's deck or give up a fifth card", n);
    const char *other = nick_of(b, (p + 1) % 3);
    g->p[(p + 1) % 3].res[RES_WOOD] = 1;
    g->bank[RES_WOOD]--;
    expect_reply(b, other, "!trade offer 1 wood for 1 brick", want);
    expect_refused(b, other, "!trade offer 1 wood for 1 brick");
    say(b, n, "!progress discard Smith");
    assert_int_equal(g->ck.p[p].hand[CK_HAND], 0);
    assert_int_equal(g->ck.p[p].hand[1], PROG_SMITH);
    assert_int_equal(g->ck.p[p].hand[2], PROG_WEDDING);
    bot_free(b);
}

/* Commodities in a LIST: the bank at the player's rate, offers between players, discards. */
static void test_goods(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    char n[32], want[200];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    g->p[p].commodity[COM_COIN] = 5;
    g->ck.bank[COM_COIN] -= 5;
    int rate = (g->harbors_of[p] >> HARBOR_GENERIC & 1) ? 3 : 4;
    snprintf(want, sizeof want, "your rate for coin is %d:1 (!bank %d coin for 1 ore)", rate, rate);
    expect_reply(b, n, "!bank 2 coin for 1 ore", want);
    expect_refused(b, n, "!bank 2 coin for 1 ore");
    expect_reply(b, n, "!bank 4 coin 4 paper for 2 ore",
                 "with commodities, trade one kind for one kind with the bank (!bank 4 coin for "
                 "1 ore)");
    expect_refused(b, n, "!bank 4 c for 1 ore");
    char line[60];
    assert_true(any_line(n_recs - 1, n, "\"c\" is ambiguous: clay, cloth, coin"));
    /* An offer with a commodity, taken by another player: the cloth changes hands. */
    int o = (p + 1) % 3;
    g->p[p].commodity[COM_CLOTH] = 1;
    g->ck.bank[COM_CLOTH] -= 1;
    g->p[o].res[RES_BRICK] += 1;
    g->bank[RES_BRICK] -= 1;
    int o_brick = g->p[o].res[RES_BRICK], p_brick = g->p[p].res[RES_BRICK];
    say(b, n, "!trade offer 1 cloth for 1 brick");
    int slot = -1;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (g->offers[i].id && g->offers[i].from == p)
            slot = i;
    assert_true(slot >= 0);
    assert_int_equal(g->offers[slot].com_give[COM_CLOTH], 1);
    assert_int_equal(g->offers[slot].get[RES_BRICK], 1);
    assert_int_equal(g->offers[slot].give[RES_BRICK] + g->offers[slot].com_get[COM_COIN], 0);
    say(b, nick_of(b, o), "!trade accept");
    snprintf(line, sizeof line, "!trade confirm %s", nick_of(b, o));
    say(b, n, line);
    assert_int_equal(g->p[p].commodity[COM_CLOTH], 0);
    assert_int_equal(g->p[o].commodity[COM_CLOTH], 1);
    assert_int_equal(g->p[o].res[RES_BRICK], o_brick - 1);
    assert_int_equal(g->p[p].res[RES_BRICK], p_brick + 1);
    snprintf(line, sizeof line, "!bank %d coins for 1 ore", rate);
    say(b, n, line);
    assert_int_equal(g->p[p].res[RES_ORE], 1);
    assert_int_equal(g->p[p].commodity[COM_COIN], 5 - rate);
    /* A discard after a 7 names commodities too. */
    int q = (p + 1) % 3;
    g->p[q].res[RES_ORE] = 6;
    g->bank[RES_ORE] -= 6;
    g->p[q].commodity[COM_PAPER] = 4;
    g->ck.bank[COM_PAPER] -= 4;
    g->phase = PHASE_DISCARD;
    g->p[q].discard = 5;
    const char *qn = nick_of(b, q);
    expect_reply(b, qn, "!discard 2 paper", "discard exactly 5 cards (you named 2)");
    say(b, qn, "!discard 3 paper 2 ore");
    assert_int_equal(g->p[q].commodity[COM_PAPER], 1);
    assert_int_equal(g->p[q].res[RES_ORE], 4);
    bot_free(b);
}

/* !help for the new commands; a Ukrainian and an Arabic channel. */
static void test_help_languages(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    char n[32];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    int mark = n_recs;
    say(b, n, "!help knight");
    assert_true(any_line(mark, n, "!knight build V | promote V | activate V | move V to W"));
    mark = n_recs;
    say(b, n, "!help");
    assert_true(any_line(mark, n, " expansion"));
    assert_true(any_line(mark, n, " improve"));
    assert_int_equal(bot_set_language(b, CHAN, "uk"), BW_OK);
    expect_reply(b, n, "!improve politics", "для політики рівня 1 бракує монет: 1");
    static const char *const helps[][2] = {
        {"!help wall", "міська стіна під вашим містом V"},
        {"!help knight", "прогнати розбійника на HEX"},
        {"!help improve", "метрополія стає на ваше місто V"},
        {"!help progress", "взяти карту прогресу"},
        {"!help expansion", "показати доповнення лобі"},
    };
    for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++) {
        mark = n_recs;
        say(b, n, helps[i][0]);
        if (!any_line(mark, n, helps[i][1]))
            fail_msg("%s: %s", helps[i][0], last_to(mark, n));
    }
    mark = n_recs;
    say(b, n, "!bank 2 монети for 1 ore");
    assert_true(any_line(mark, n, "coin"));
    assert_int_equal(bot_set_language(b, CHAN, "ar"), BW_OK);
    mark = n_recs;
    say(b, n, "!knight promote 1");
    assert_true(any_line(mark, n, "\xe2\x81\xa8!knight build 1\xe2\x81\xa9"));
    bot_free(b);
}

/* Whether no line to the channel since mark names any of words (what a hand holds). */
static void channel_silent(int mark, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (any_line(mark, CHAN, words[i]))
            fail_msg("the channel saw \"%s\"", words[i]);
}

static const char *const hidden[] = {"wool", "ore", "coin", "bishop", "smith", NULL};

/* n plays card at qn: n alone is told look (%s: qn), the channel chan (%s: n, qn) and nothing
 * of the hand. */
static void look_at(struct bot *b, const char *n, const char *qn, const char *card,
                    const char *look, const char *chan)
{
    char line[200];
    int mark = n_recs;
    snprintf(line, sizeof line, "!play %s %s", card, qn);
    say(b, n, line);
    snprintf(line, sizeof line, look, qn);
    if (!any_line(mark, n, line))
        fail_msg("not told \"%s\": %s", line, last_to(mark, n));
    snprintf(line, sizeof line, chan, n, qn);
    assert_true(any_line(mark, CHAN, line));
    channel_silent(mark, hidden);
}

/* !play master merchant NICK and !play spy NICK: the player sees the hand privately with the
 * command to type, the channel who chooses; !take takes; refusals name the hand to the
 * player who saw it alone and change nothing. */
static void test_take(void **state)
{
    (void)state;
    int p;
    struct bot *b = ck_game(0, &p);
    struct game *g = &ck_live(b)->game;
    int q = (p + 1) % 3, r = (p + 2) % 3;
    char n[32], qn[32], rn[32], want[200];
    snprintf(n, sizeof n, "%s", nick_of(b, p));
    snprintf(qn, sizeof qn, "%s", nick_of(b, q));
    snprintf(rn, sizeof rn, "%s", nick_of(b, r));
    g->ck.p[q].defender = 1; /* more points than p */
    g->p[q].res[RES_WOOL] = 2, g->bank[RES_WOOL] -= 2;
    g->p[q].res[RES_ORE] = 1, g->bank[RES_ORE] -= 1;
    g->p[q].commodity[COM_COIN] = 1, g->ck.bank[COM_COIN] -= 1;
    ck_hold(g, p, PROG_MASTER_MERCHANT);
    ck_hold(g, p, PROG_SPY);
    expect_refused(b, n, "!play master merchant");
    snprintf(want, sizeof want, "!play master merchant %s", rn);
    expect_refused(b, n, want);
    assert_true(any_line(n_recs - 1, n, "has no more points than you"));
    snprintf(want, sizeof want, "!play master merchant %s", n);
    expect_refused(b, n, want);
    assert_true(any_line(n_recs - 1, n, "name another player: !play master merchant NICK"));
    int mark = n_recs;
    look_at(b, n, qn, "master merchant",
            "you see %s's goods: 2 wool, 1 ore, 1 coin (take 2: !take LIST, e.g. !take 2 wool)",
            "the game waits for %s to choose 2 goods to take from %s (master merchant)");
    assert_int_equal(g->ck.p[p].ask, ASK_TAKE);
    assert_false(any_line(mark, qn, "wool"));
    /* Another player, and the wrong goods: refused, the hand named to the player alone. */
    snprintf(want, sizeof want, "the game waits for %s to choose what to take from %s", n, qn);
    expect_reply(b, qn, "!take 1 ore 1 coin", want);
    expect_refused(b, rn, "!take 1 ore 1 coin");
    snprintf(want, sizeof want,
             "%s does not hold 1 brick, 1 ore: they hold 2 wool, 1 ore, 1 coin (!take LIST, e.g. "
             "!take 2 wool)",
             qn);
    expect_reply(b, n, "!take 1 brick 1 ore", want);
    expect_refused(b, n, "!take 1 brick 1 ore");
    snprintf(want, sizeof want,
             "take 2 of %s's goods: they hold 2 wool, 1 ore, 1 coin (!take LIST, e.g. !take 2 "
             "wool)",
             qn);
    expect_reply(b, n, "!take 1 ore", want);
    expect_refused(b, n, "!take smith");
    snprintf(want, sizeof want,
             "first take from %s's hand: they hold 2 wool, 1 ore, 1 coin (!take LIST)", qn);
    expect_reply(b, n, "!end", want);
    mark = n_recs;
    say(b, n, "!take 1 ore 1 coin");
    assert_int_equal(g->ck.p[p].ask, ASK_NONE);
    assert_int_equal(g->p[p].res[RES_ORE], 1);
    assert_int_equal(g->p[p].commodity[COM_COIN], 1);
    assert_int_equal(g->p[q].res[RES_WOOL], 2);
    snprintf(want, sizeof want, "%s takes goods from %s (master merchant)", n, qn);
    assert_true(any_line(mark, CHAN, want));
    snprintf(want, sizeof want, "you take 1 ore, 1 coin from %s", qn);
    assert_true(any_line(mark, n, want));
    snprintf(want, sizeof want, "%s takes 1 ore, 1 coin from you", n);
    assert_true(any_line(mark, qn, want));
    channel_silent(mark, hidden);
    expect_reply(b, n, "!take 1 wool 1 wool",
                 "nothing to take: !take answers a master merchant or a spy you play");
    /* The spy: a card. */
    ck_hold(g, q, PROG_BISHOP);
    ck_hold(g, q, PROG_SMITH);
    look_at(b, n, qn, "spy",
            "you see %s's progress cards: bishop, smith (take one: !take CARD, e.g. !take bishop)",
            "the game waits for %s to choose a progress card to take from %s (spy)");
    assert_int_equal(g->ck.p[p].ask, ASK_SPY);
    snprintf(want, sizeof want,
             "%s holds no warlord card: they hold bishop, smith (!take CARD, e.g. !take bishop)",
             qn);
    expect_reply(b, n, "!take warlord", want);
    expect_refused(b, n, "!take warlord");
    expect_refused(b, n, "!take 1 ore 1 wool");
    mark = n_recs;
    say(b, n, "!take smi");
    assert_int_equal(g->ck.p[p].ask, ASK_NONE);
    assert_int_equal(g->ck.p[p].hand[0], PROG_SMITH);
    assert_int_equal(g->ck.p[q].hand[0], PROG_BISHOP);
    assert_int_equal(g->ck.p[q].hand[1], 0);
    channel_silent(mark, hidden);
    check_no_leak();
    bot_free(b);
}

/* A person's roll brings the barbarians onto three computer players (easy, normal, hard), each
 * with two cities and no knight: each is asked which city to lose while it is not their turn,
 * and each answers on its own, after its delay, with no command of the person; then the roll
 * goes on and the person plays their turn (their one city went with no question). */
static void test_robots_answer_off_turn(void **state)
{
    (void)state;
    session_cities_ready = true;
    struct bot *b = make_bot(0, 7);
    say(b, "ann", "!new");
    say(b, "ann", "!expansion cities");
    say(b, "ann", "!addbot easy");
    say(b, "ann", "!addbot normal");
    say(b, "ann", "!addbot hard");
    say(b, "ann", "!start");
    struct session *s = ck_live(b);
    assert_int_equal(s->state, SESSION_PLAYING);
    struct game *g = &s->game;
    play_setup(s);
    int ann = session_seat_of_nick(s, "ann");
    assert_int_equal(g->phase, PHASE_ROLL);
    while (g->current != ann) { /* the robots' turns pass: a 5, nothing else */
        assert_int_equal(game_apply_ck_roll(g, 2, 3, FACE_GATE, NULL, 0, NULL), BW_OK);
        struct game_action end = {.type = ACT_END, .player = (int8_t)g->current};
        assert_int_equal(session_apply(s, &end, now, NULL, 0, NULL), BW_OK);
    }
    /* the robots' settlements become cities: two each; ann keeps one (lost with no question) */
    for (int v = 0; v < game_geo(g)->n_vertices; v++) {
        int q = g->vertex_owner[v];
        if (q >= 0 && q != ann && g->vertex_building[v] == BUILDING_SETTLEMENT) {
            g->vertex_building[v] = BUILDING_CITY;
            g->p[q].settlements--;
            g->p[q].cities++;
        }
    }
    game_reindex(g);
    g->ck.barbarians = CK_VOYAGE - 1;
    assert_int_equal(game_check_state(g), BW_OK);
    assert_int_equal(game_apply_ck_roll(g, 2, 3, FACE_SHIP, NULL, 0, NULL), BW_OK);
    unsigned robots = ((1u << 4) - 1) & ~(1u << ann);
    assert_int_equal(game_waiting_for(g), robots);
    say(b, "ann", "!status"); /* the bot takes up the game as after any command */
    int mark = n_recs;
    for (int step = 0; step < 200 && game_waiting_for(&s->game) != (1u << ann); step++) {
        int64_t due = bot_next_deadline(b);
        assert_true(due != INT64_MAX);
        now = due > now ? due : now;
        bot_tick(b, now);
    }
    assert_int_equal(game_waiting_for(&s->game), 1u << ann);
    assert_int_equal(s->game.phase, PHASE_MAIN);
    assert_int_equal(s->game.current, ann);
    for (int q = 0; q < 4; q++)
        assert_int_equal(s->game.p[q].cities, q == ann ? 0 : 1);
    assert_true(any_line(mark, CHAN, "(bot)"));
    assert_int_equal(game_check_state(&s->game), BW_OK);
    check_no_leak();
    bot_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_expansion_lobby),        cmocka_unit_test(test_knights),
        cmocka_unit_test(test_improve_wall),           cmocka_unit_test(test_progress_play),
        cmocka_unit_test(test_progress_pending),       cmocka_unit_test(test_goods),
        cmocka_unit_test(test_help_languages),         cmocka_unit_test(test_take),
        cmocka_unit_test(test_robots_answer_off_turn), cmocka_unit_test(test_hand_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
