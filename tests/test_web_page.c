/* The web view's pages: well-formed for every board through random games, everything from IRC
 * escaped, and only public facts: a page drawn after the hidden parts of a game were changed
 * (what is in each hand, which development cards are held, the deck's order, the dice to
 * come) is byte for byte the page drawn before, while a public change shows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/game.h"
#include "engine/playout.h"
#include "session/session.h"
#include "web/page.h"
#include "web/svg.h"
#include "web_fixture.h"

static const char *const nicks[GAME_MAX_PLAYERS] = {"alice", "bob",  "carol",
                                                    "dave",  "erin", "frank"};

static void well_formed(const char *doc)
{
    const char *err = xml_error(doc);
    if (err) {
        fprintf(stderr, "%s\n", doc);
        fail_msg("not well-formed: %s", err);
    }
}

static void step(struct session *s, struct bw_rng *rng, int moves)
{
    for (int k = 0; k < moves && s->game.phase != PHASE_OVER; k++) {
        struct game_action a;
        if (playout_choose(&s->game, rng, &a) != BW_OK)
            return;
        struct game_event ev[GAME_MAX_EVENTS];
        int n = 0;
        game_apply(&s->game, &a, ev, GAME_MAX_EVENTS, &n);
    }
    if (s->game.phase == PHASE_OVER)
        s->state = SESSION_OVER;
}

static const char *const lines[] = {"alice rolled 8 (3+5) \xc2\xb7 bob receives 1 wood",
                                    "carol built a road at 12-13"};

/* Everything the web view serves of s, one string: the page, the live part and the SVG. */
static char *serve(const struct session *s)
{
    struct web_game w = {"local", "#catan", s, lines, 2, false, 0, false};
    struct strbuf sb = STRBUF_INIT;
    web_page_game(&w, &sb);
    well_formed(sb_str(&sb));
    struct strbuf live = STRBUF_INIT;
    web_page_live(&w, &live);
    assert_non_null(strstr(sb_str(&sb), sb_str(&live)));
    sb_append(&sb, sb_str(&live));
    sb_fini(&live);
    const char *names[GAME_MAX_PLAYERS];
    for (int i = 0; i < s->n_seats; i++)
        names[i] = s->seat[i].nick;
    size_t n = web_svg_board(&s->game, names, s->n_seats, 0, NULL, 0);
    char *svg = malloc(n + 1);
    assert_non_null(svg);
    web_svg_board(&s->game, names, s->n_seats, 0, svg, n + 1);
    sb_append(&sb, svg);
    free(svg);
    char *out = strdup(sb_str(&sb));
    sb_fini(&sb);
    return out;
}

/* The hidden parts of g changed, the public ones kept: one card of each of a few pairs of
 * players traded (hand sizes and the bank stay), development cards of another kind in each
 * hand (as many, new ones as new), the deck shuffled, other dice to come. Returns how many
 * things changed. */
static int hide_otherwise(struct game *g, struct bw_rng *rng)
{
    int changed = 0, n = g->opt.n_players;
    for (int k = 0; k < 8; k++) {
        int a = (int)(bw_rng_next(rng) % (uint64_t)n), b = (int)(bw_rng_next(rng) % (uint64_t)n);
        int ra = (int)(bw_rng_next(rng) % RES_COUNT), rb = (int)(bw_rng_next(rng) % RES_COUNT);
        if (a == b || ra == rb || !g->p[a].res[ra] || !g->p[b].res[rb])
            continue;
        g->p[a].res[ra]--, g->p[b].res[ra]++;
        g->p[b].res[rb]--, g->p[a].res[rb]++;
        changed++;
    }
    if (g->phase != PHASE_OVER) {
        for (int p = 0; p < n; p++) {
            uint8_t d[DEV_COUNT], dn[DEV_COUNT];
            for (int k = 0; k < DEV_COUNT; k++) {
                d[k] = g->p[p].dev[(k + 1) % DEV_COUNT];
                dn[k] = g->p[p].dev_new[(k + 1) % DEV_COUNT];
            }
            changed += memcmp(d, g->p[p].dev, sizeof d) != 0;
            memcpy(g->p[p].dev, d, sizeof d);
            memcpy(g->p[p].dev_new, dn, sizeof dn);
        }
    }
    for (int i = g->deck_size - 1; i > g->deck_pos; i--) {
        int j = g->deck_pos + (int)(bw_rng_next(rng) % (uint64_t)(i - g->deck_pos + 1));
        uint8_t t = g->deck[i];
        g->deck[i] = g->deck[j];
        g->deck[j] = t;
        changed++;
    }
    bw_rng_seed(&g->rng, bw_rng_next(rng));
    return changed;
}

static void test_only_public_facts(void **state)
{
    (void)state;
    int compared = 0, hidden_changes = 0;
    for (size_t b = 0; b < (size_t)web_n_boards; b++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            struct session s;
            web_seated(&s, web_boards[b].board, web_boards[b].players, seed, nicks);
            struct bw_rng rng;
            bw_rng_seed(&rng, seed * 31 + b);
            for (int round = 0; round < 12 && s.state == SESSION_PLAYING; round++) {
                step(&s, &rng, 60);
                char *before = serve(&s);
                struct session other = s;
                hidden_changes += hide_otherwise(&other.game, &rng);
                char *after = serve(&other);
                if (strcmp(before, after) != 0)
                    fail_msg("board %d seed %d: the page changed with hidden facts only",
                             web_boards[b].board, (int)seed);
                free(after);
                /* A public change shows: the robber elsewhere, a knight more. */
                other = s;
                other.game.p[0].knights++;
                after = serve(&other);
                assert_string_not_equal(before, after);
                free(after);
                free(before);
                compared++;
            }
        }
    }
    assert_true(compared > 50);
    assert_true(hidden_changes > 200);
}

/* Each seat's row has the public counts: points, cards in hand, development cards. */
static void test_player_counts(void **state)
{
    (void)state;
    struct session s;
    web_seated(&s, BOARD_BASE, 4, 9, nicks);
    struct bw_rng rng;
    bw_rng_seed(&rng, 9);
    step(&s, &rng, 400);
    struct web_game w = {"local", "#catan", &s, NULL, 0, false, 0, false};
    struct strbuf sb = STRBUF_INIT;
    web_page_live(&w, &sb);
    for (int p = 0; p < 4; p++) {
        int cards = 0, dev = 0;
        for (int r = 0; r < RES_COUNT; r++)
            cards += s.game.p[p].res[r];
        for (int d = 0; d < DEV_COUNT; d++)
            dev += s.game.p[p].dev[d] + s.game.p[p].dev_new[d];
        char row[64], want[400];
        snprintf(row, sizeof row, "<tr id=\"player-%d\"", p);
        const char *at = strstr(sb_str(&sb), row);
        assert_non_null(at);
        snprintf(want, sizeof want,
                 "<td class=\"points\" data-label=\"VP\">%d</td>"
                 "<td class=\"cards\" data-label=\"cards\">%d</td>"
                 "<td class=\"dev\" data-label=\"dev\">%d</td>"
                 "<td class=\"knights\" data-label=\"knights\">%d</td>"
                 "<td class=\"road\" data-label=\"road\">%d</td>",
                 s.game.phase == PHASE_OVER ? game_vp_total(&s.game, p)
                                            : game_vp_public(&s.game, p),
                 cards, dev, s.game.p[p].knights, s.game.p[p].road_length);
        const char *end = strstr(at, "</tr>");
        assert_non_null(end);
        const char *hit = strstr(at, want);
        if (!hit || hit > end)
            fail_msg("seat %d: no \"%s\" in its row", p, want);
        assert_non_null(strstr(at, nicks[p]));
    }
    sb_fini(&sb);
}

/* The house rules show when they are not all the rule book's, as the words !rules takes. */
static void test_house_rules(void **state)
{
    (void)state;
    struct session s;
    web_seated(&s, BOARD_BASE, 4, 9, nicks);
    struct web_game w = {"local", "#catan", &s, NULL, 0, false, 0, false};
    struct strbuf sb = STRBUF_INIT;
    web_page_live(&w, &sb);
    assert_null(strstr(sb_str(&sb), "House rules"));
    sb_fini(&sb);
    s.house.friendly_robber = 1;
    s.house.timer = SESSION_TIMER_SLOW;
    struct strbuf with = STRBUF_INIT;
    web_page_live(&w, &with);
    assert_non_null(strstr(sb_str(&with),
                           "<p class=\"rules\">House rules: points 10, discard 7, friendly_robber "
                           "on, no_sevens 0, robber_desert on, dice random, trade on, harbormaster "
                           "off, timer slow</p>"));
    sb_fini(&with);
}

static void test_hostile_text(void **state)
{
    (void)state;
    static const char *const hostile[4] = {"<script>alert(1)</script>", "a\"b'c&d",
                                           "\x03"
                                           "04red\x02"
                                           "bold\x0f",
                                           "\xff\xfe]]>"};
    struct session s;
    web_seated(&s, BOARD_BASE, 4, 3, hostile);
    snprintf(s.channel, sizeof s.channel, "#<img src=x onerror=alert(1)>");
    static const char *const evil[] = {"<iframe src=//x>",
                                       "\x03"
                                       "12,04colour \x1f"
                                       "under\x16",
                                       "</li></ol><script>x</script>"};
    struct web_game w = {"net\"<x>", s.channel, &s, evil, 3, false, 0, false};
    struct strbuf sb = STRBUF_INIT;
    web_page_game(&w, &sb);
    struct web_game list[2] = {w, w};
    web_page_index(list, 2, &sb);
    struct web_top top = {.n_people = 1};
    snprintf(top.network, sizeof top.network, "<b>n</b>");
    snprintf(top.people[0].name, sizeof top.people[0].name, "<svg onload=x>");
    web_page_top(&top, 1, &sb);
    web_page_message("<t>", "\"&'", &sb);
    const char *doc = sb_str(&sb);
    assert_null(strstr(doc, "<script>alert"));
    assert_null(strstr(doc, "<img"));
    assert_null(strstr(doc, "<iframe"));
    assert_null(strstr(doc, "<svg onload"));
    assert_null(strstr(doc, "<b>n"));
    assert_null(strstr(doc, "</ol><script>"));
    assert_non_null(strstr(doc, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_non_null(strstr(doc, "a&quot;b&apos;c&amp;d"));
    assert_non_null(strstr(doc, "redbold"));
    assert_non_null(strstr(doc, "colour under"));
    for (const unsigned char *p = (const unsigned char *)doc; *p; p++)
        if (*p < 0x20 && *p != '\n')
            fail_msg("control character %#x served", *p);
    assert_null(strstr(doc, "\xff"));
    /* No script or style in the page itself: only the files the policy allows. */
    const char *script = doc;
    int scripts = 0;
    while ((script = strstr(script, "<script"))) {
        assert_true(strncmp(script, "<script src=\"/live.js\" defer=\"defer\"></script>", 46) == 0);
        script++;
        scripts++;
    }
    assert_int_equal(scripts, 4);
    assert_null(strstr(doc, " style="));
    assert_null(strstr(doc, "<style"));
    /* No event handler attribute in any tag (what IRC sent shows as text only). */
    for (const char *tag = strchr(doc, '<'); tag; tag = strchr(tag + 1, '<')) {
        const char *end = strchr(tag, '>');
        assert_non_null(end);
        for (const char *on = strstr(tag, " on"); on && on < end; on = strstr(on + 1, " on"))
            fail_msg("an on... attribute in %.*s", (int)(end - tag + 1), tag);
    }
    sb_fini(&sb);

    /* Each page on its own is well-formed. */
    struct strbuf one = STRBUF_INIT;
    web_page_game(&w, &one);
    well_formed(sb_str(&one));
    sb_reset(&one);
    web_page_index(list, 2, &one);
    well_formed(sb_str(&one));
    sb_reset(&one);
    web_page_top(&top, 1, &one);
    well_formed(sb_str(&one));
    sb_reset(&one);
    web_page_message("<t>", "\"&'", &one);
    well_formed(sb_str(&one));
    sb_fini(&one);
}

/* A lobby, an ended game, an empty list and an empty leaderboard are pages too. */
static void test_other_states(void **state)
{
    (void)state;
    struct session s;
    struct session_rules rules = {3, 6, 10, 0, 2, false};
    session_init(&s, "#catan", &rules, 1);
    s.n_seats = 2;
    snprintf(s.seat[0].nick, sizeof s.seat[0].nick, "ann");
    snprintf(s.seat[1].nick, sizeof s.seat[1].nick, "bob");
    struct web_game w = {"local", "#catan", &s, NULL, 0, false, 0, false};
    struct strbuf sb = STRBUF_INIT;
    web_page_game(&w, &sb);
    well_formed(sb_str(&sb));
    assert_non_null(strstr(sb_str(&sb), "Lobby: 2 seated"));
    assert_null(strstr(sb_str(&sb), "<svg xmlns=\"http://www.w3.org/2000/svg\" version"));
    sb_reset(&sb);

    struct session g;
    web_seated(&g, BOARD_BASE, 3, 4, nicks);
    struct bw_rng rng;
    bw_rng_seed(&rng, 4);
    step(&g, &rng, 20000);
    assert_int_equal(g.game.phase, PHASE_OVER);
    struct web_game over = {"local", "#catan", &g, NULL, 0, true, 0, false};
    web_page_game(&over, &sb);
    well_formed(sb_str(&sb));
    char won[100];
    snprintf(won, sizeof won, "The game is over: %s won.", nicks[g.game.winner]);
    assert_non_null(strstr(sb_str(&sb), won));
    /* At the end the points count the victory point cards, as the winner's line does. */
    for (int p = 0; p < 3; p++) {
        char row[40], points[80];
        snprintf(row, sizeof row, "<tr id=\"player-%d\"", p);
        snprintf(points, sizeof points, "<td class=\"points\" data-label=\"VP\">%d</td>",
                 game_vp_total(&g.game, p));
        const char *at = strstr(sb_str(&sb), row);
        assert_non_null(at);
        const char *hit = strstr(at, points), *end = strstr(at, "</tr>");
        assert_true(hit && hit < end);
    }
    assert_true(game_vp_total(&g.game, g.game.winner) >= 10);
    sb_reset(&sb);

    web_page_index(NULL, 0, &sb);
    well_formed(sb_str(&sb));
    assert_non_null(strstr(sb_str(&sb), "No lobby or game right now"));
    sb_reset(&sb);
    web_page_top(NULL, 0, &sb);
    well_formed(sb_str(&sb));
    assert_non_null(strstr(sb_str(&sb), "No finished games yet"));
    sb_fini(&sb);
}

/* The last events newest first, the events joined on one channel line listed apart. */
static void test_events(void **state)
{
    (void)state;
    struct session s;
    web_seated(&s, BOARD_BASE, 3, 2, nicks);
    static const char *const said[] = {"one", "two \xc2\xb7 three \xc2\xb7 four", "five"};
    struct web_game w = {"local", "#catan", &s, said, 3, false, 0, false};
    struct strbuf sb = STRBUF_INIT;
    web_page_live(&w, &sb);
    const char *list = strstr(sb_str(&sb), "<ol class=\"events\"");
    assert_non_null(list);
    assert_non_null(strstr(list, "<li dir=\"auto\">five</li>\n<li dir=\"auto\">four</li>\n"
                                 "<li dir=\"auto\">three</li>\n<li dir=\"auto\">two</li>\n"
                                 "<li dir=\"auto\">one</li>\n</ol>"));
    sb_fini(&sb);
}

/* The page links the game's live part at the address the bot says on IRC. */
static void test_addresses(void **state)
{
    (void)state;
    struct session s;
    web_seated(&s, BOARD_BASE, 3, 2, nicks);
    snprintf(s.channel, sizeof s.channel, "&x y");
    struct web_game w = {"local", s.channel, &s, NULL, 0, false, 0, false};
    struct strbuf sb = STRBUF_INIT;
    web_page_game(&w, &sb);
    assert_non_null(strstr(sb_str(&sb), "data-live=\"/g/local/%26x%20y/live\""));
    sb_reset(&sb);
    web_page_index(&w, 1, &sb);
    assert_non_null(strstr(sb_str(&sb), "<a href=\"/g/local/%26x%20y\">&amp;x y</a>"));
    sb_fini(&sb);
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The corner numbers: a plain link turns them on and off, the address keeps the choice (the
 * live part's, the board's alone), and every corner has its number when on, none when off. */
static void test_corners(void **state)
{
    (void)state;
    struct session s;
    web_seated(&s, BOARD_FOUR_ISLANDS_4, 4, 3, nicks);
    struct bw_rng rng;
    bw_rng_seed(&rng, 3);
    step(&s, &rng, 300);
    snprintf(s.channel, sizeof s.channel, "&x y");
    const struct board_geo *geo = game_geo(&s.game);
    for (int on = 0; on <= 1; on++) {
        struct web_game w = {"local", s.channel, &s, NULL, 0, false, 0, on};
        struct strbuf sb = STRBUF_INIT;
        web_page_game(&w, &sb);
        well_formed(sb_str(&sb));
        const char *page = sb_str(&sb);
        if (on) {
            assert_non_null(strstr(page, "data-live=\"/g/local/%26x%20y/live?corners=1\""));
            assert_non_null(strstr(page, "<a id=\"corners\" href=\"/g/local/%26x%20y\">hide corner "
                                         "numbers</a>"));
            assert_non_null(strstr(page, "href=\"/g/local/%26x%20y/board.svg?corners=1\""));
        } else {
            assert_non_null(strstr(page, "data-live=\"/g/local/%26x%20y/live\""));
            assert_non_null(strstr(page, "<a id=\"corners\" href=\"/g/local/%26x%20y?corners=1\">"
                                         "show corner numbers</a>"));
            assert_non_null(strstr(page, "href=\"/g/local/%26x%20y/board.svg\""));
            assert_null(strstr(page, "corners=0"));
        }
        assert_int_equal(count(page, "class=\"corner\""), on ? geo->n_vertices : 0);
        for (int v = 0; v < geo->n_vertices; v++) {
            char id[64];
            snprintf(id, sizeof id, "id=\"c-%d\"", v + 1);
            assert_int_equal(count(page, id), on);
        }
        /* The live part has the switch too: it replaces the page's every few seconds. */
        struct strbuf live = STRBUF_INIT;
        web_page_live(&w, &live);
        assert_non_null(strstr(sb_str(&live), "<a id=\"corners\""));
        assert_int_equal(count(sb_str(&live), "class=\"corner\""), on ? geo->n_vertices : 0);
        sb_fini(&live);
        sb_fini(&sb);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_only_public_facts), cmocka_unit_test(test_player_counts),
        cmocka_unit_test(test_hostile_text),      cmocka_unit_test(test_other_states),
        cmocka_unit_test(test_addresses),         cmocka_unit_test(test_events),
        cmocka_unit_test(test_corners),           cmocka_unit_test(test_house_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
