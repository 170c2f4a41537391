#include "ck_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/playout.h"
#include "bot_fake.h"

const char *const ck_nicks[3] = {"xena", "yuri", "zoe"};

struct session *ck_live(struct bot *b)
{
    return (struct session *)sess(b);
}

struct bot *ck_game(int timeout_s, int *p)
{
    session_cities_ready = true;
    struct bot *b = make_bot(timeout_s, 5);
    say(b, ck_nicks[0], "!new");
    say(b, ck_nicks[1], "!join");
    say(b, ck_nicks[2], "!join");
    say(b, ck_nicks[1], "!expansion cities");
    say(b, ck_nicks[0], "!start");
    struct session *s = ck_live(b);
    assert_int_equal(s->state, SESSION_PLAYING);
    ck_after_setup(s);
    *p = s->game.current;
    return b;
}

void ck_after_setup(struct session *s)
{
    assert_true(s->game.ck.on);
    struct bw_rng rng;
    bw_rng_seed(&rng, 4);
    while (s->game.phase == PHASE_SETUP_SETTLEMENT || s->game.phase == PHASE_SETUP_ROAD) {
        struct game_action a;
        assert_int_equal(playout_choose(&s->game, &rng, &a), BW_OK);
        assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    }
    struct game *g = &s->game;
    for (int q = 0; q < 3; q++)
        for (int r = 0; r < RES_COUNT; r++) {
            g->bank[r] += g->p[q].res[r];
            g->p[q].res[r] = 0;
        }
    assert_int_equal(game_apply_ck_roll(g, 2, 3, FACE_GATE, NULL, 0, NULL), BW_OK);
    assert_int_equal(g->phase, PHASE_MAIN);
}

struct game_action ck_legal(struct bot *b, int seat, int type)
{
    static struct game_action list[2048];
    int n = game_legal_actions(&sess(b)->game, seat, list, 2048);
    for (int i = 0; i < n && i < 2048; i++)
        if (list[i].type == type)
            return list[i];
    fail_msg("no legal action of type %d", type);
    return list[0];
}

int ck_city_of(struct bot *b, int seat)
{
    const struct game *g = &sess(b)->game;
    for (int v = 0; v < game_geo(g)->n_vertices; v++)
        if (g->vertex_owner[v] == seat && g->vertex_building[v] == BUILDING_CITY)
            return v;
    fail_msg("no city");
    return -1;
}

void ck_hold(struct game *g, int seat, int card)
{
    int t = card <= PROG_SMITH            ? TRACK_SCIENCE
            : card <= PROG_TRADE_MONOPOLY ? TRACK_TRADE
                                          : TRACK_POLITICS;
    int k = 0;
    while (g->ck.p[seat].hand[k])
        k++;
    for (int i = g->ck.deck_pos[t]; i < CK_DECK; i++)
        if (g->ck.deck[t][i] == card) {
            g->ck.deck[t][i] = g->ck.deck[t][g->ck.deck_pos[t]];
            g->ck.deck[t][g->ck.deck_pos[t]++] = (uint8_t)card;
            g->ck.p[seat].hand[k] = (uint8_t)card;
            return;
        }
    fail_msg("card %d not in its deck", card);
}
