/* Cities & Knights for the computer players (doc/cities.md has the rules as the engine plays
 * them): what the value function adds for it, and the moves whose worth the normal player
 * reckons from public counts rather than from the cards the view happened to deal.
 *
 * The value terms, and why:
 * - commodities: a city on forest, pasture or mountains gives one resource and one commodity
 *   (value.c counts its resource once), so the commodity's pips count as production; held
 *   commodities are cards, and more so toward the next improvement they pay for;
 * - improvements: each level by a fixed worth (level 3 brings its ability), more on the track
 *   whose commodity the player produces (it will climb further), and the metropolis within
 *   reach (nobody holds it, or its holder stopped at level 4 and the player can pass them);
 * - knights and the barbarians: a knight's levels, and being active; how soon the ship may
 *   arrive (each roll moves it with chance 1/2) weighs the city the player would lose when
 *   Catan is weaker than the barbarians and the player among the weakest, and the Defender of
 *   Catan point when Catan holds and the player is the strongest alone;
 * - walls: each raises the hand limit by 2, worth more the more the player produces (its hand
 *   is then more often above the limit); value.c's hand risk counts the limit;
 * - progress cards held, each by a fixed worth well below what playing it usually brings, so
 *   that a card is played when its effect is worth it and kept otherwise (the smith and the
 *   warlord pay most when the barbarians are near), and the card given up from a hand of five
 *   is the one worth least; the master merchant and the spy are reckoned by the default choice
 *   from the view's hand of each possible target, and the choice itself (ASK_TAKE, ASK_SPY)
 *   by the value of each answer, the seen hand kept in the view (view.c);
 * - the merchant: its point is in the points; its 2:1 trade by the pips of its hex's resource. */
#include "ai/internal.h"

#include <math.h>
#include <string.h>

/* A progress card held, in hundredths of a point; printers and constitutions are shown at
 * once and are worth a point when a deck is chosen. */
static const double card_worth[PROG_COUNT] = {
    [PROG_ALCHEMIST] = 12,
    [PROG_INVENTOR] = 10,
    [PROG_CRANE] = 18,
    [PROG_ROAD_BUILDING] = 16,
    [PROG_ENGINEER] = 10,
    [PROG_IRRIGATION] = 18,
    [PROG_MEDICINE] = 22,
    [PROG_MINING] = 18,
    [PROG_PRINTER] = 100,
    [PROG_SMITH] = 16,
    [PROG_COMMERCIAL_HARBOR] = 12,
    [PROG_MASTER_MERCHANT] = 16,
    [PROG_MERCHANT] = 24,
    [PROG_MERCHANT_FLEET] = 8,
    [PROG_RESOURCE_MONOPOLY] = 20,
    [PROG_TRADE_MONOPOLY] = 14,
    [PROG_BISHOP] = 12,
    [PROG_CONSTITUTION] = 100,
    [PROG_DESERTER] = 14,
    [PROG_DIPLOMAT] = 10,
    [PROG_INTRIGUE] = 10,
    [PROG_SABOTEUR] = 12,
    [PROG_SPY] = 12,
    [PROG_WARLORD] = 14,
    [PROG_WEDDING] = 16,
};

/* Worth of reaching each level of a track (cumulative). */
static const double level_worth[CK_LEVELS + 1] = {0, 30, 55, 95, 120, 140};

enum {
    COM_TERRAIN_NONE = -1,
};
#define COM_CARD 3.0     /* a commodity held */
#define COM_PIP 6.0      /* a pip of commodity production: worth more than a resource */
#define TRACK_PROD 1.2   /* a level, per pip of its commodity produced */
#define PROG_IMPROVE 30  /* the commodities toward the next improvement, squared */
#define METRO_NEAR 35    /* a metropolis within reach */
#define KNIGHT_W 10      /* a knight's level */
#define ACTIVE_W 2       /* a level active, before the barbarians are near */
#define ACTIVE_NEAR 12   /* a level active, times how near they are */
#define CITY_LOSS 150    /* a city pillaged: its point and half its production */
#define DEFENDER_TIE 15  /* a progress card of one's choice */
#define WALL_W 5         /* a wall */
#define WALL_PIP 0.4     /* a wall, per pip of all the player's production */
#define MERCHANT_PIP 2.0 /* the merchant's 2:1, per pip of its resource */
#define SAB_CARD 3.0     /* a card the saboteur makes another discard, times their threat */

/* The commodity a city on terrain t gives (as the engine's production). */
static int commodity_of(int t)
{
    return t == TERRAIN_FOREST      ? COM_PAPER
           : t == TERRAIN_PASTURE   ? COM_CLOTH
           : t == TERRAIN_MOUNTAINS ? COM_COIN
                                    : COM_TERRAIN_NONE;
}

void ai_ck_production(const struct game *g, int p, int prod[RES_COUNT], int com[COM_COUNT])
{
    const struct board_geo *geo = game_geo(g);
    memset(com, 0, COM_COUNT * sizeof com[0]);
    uint64_t set[BOARD_WORDS];
    int v;
    memcpy(set, g->buildings_of[p], sizeof set);
    while ((v = ai_bits_pop(set)) >= 0) {
        if (g->vertex_building[v] != BUILDING_CITY)
            continue;
        for (int i = 0; i < 3; i++) {
            int h = geo->vertex_hex[v][i];
            if (h < 0 || h == g->robber || g->terrain[h] >= TERRAIN_DESERT)
                continue;
            int c = commodity_of(g->terrain[h]);
            if (c == COM_TERRAIN_NONE)
                continue;
            prod[g->terrain[h]] -= ai_pips(g->token[h]); /* one resource, not two */
            com[c] += ai_pips(g->token[h]);
        }
    }
}

/* How near the barbarians are: the chance-like weight of an attack before the player's
 * knights could still be made ready, by the ship's steps left. */
static double urgency(const struct game *g)
{
    static const double by_left[CK_VOYAGE + 1] = {1, 1, 0.75, 0.5, 0.3, 0.12, 0.05, 0.02};
    int left = CK_VOYAGE - g->ck.barbarians;
    return by_left[left < 0 ? 0 : left > CK_VOYAGE ? CK_VOYAGE : left];
}

/* Whether p has a city the barbarians could take (one that is not a metropolis). */
static int city_at_risk(const struct game *g, int p)
{
    uint64_t set[BOARD_WORDS];
    int v;
    memcpy(set, g->buildings_of[p], sizeof set);
    while ((v = ai_bits_pop(set)) >= 0)
        if (g->vertex_building[v] == BUILDING_CITY) {
            int metro = 0;
            for (int t = 0; t < CK_TRACKS; t++)
                metro |= g->ck.metropolis[t] == v + 1;
            if (!metro)
                return 1;
        }
    return 0;
}

double ai_ck_barbarians(const struct game *g, int p)
{
    int n = g->opt.n_players, cities = 0, catan = 0, mine = game_knight_strength(g, p);
    int least = -1, most = 0, at_most = 0;
    for (int q = 0; q < n; q++) {
        if (g->p[q].resigned)
            continue;
        int s = game_knight_strength(g, q);
        cities += g->p[q].cities;
        catan += s;
        if (city_at_risk(g, q) && (least < 0 || s < least))
            least = s;
        if (s > most)
            most = s, at_most = 1;
        else if (s == most && s)
            at_most++;
    }
    double u = urgency(g);
    if (cities > catan)
        return city_at_risk(g, p) && mine == least ? -u * CITY_LOSS : 0;
    if (mine && mine == most)
        return u * (at_most == 1 ? 100.0 : DEFENDER_TIE);
    return 0;
}

static double improvements(const struct game *g, int p, const int com[COM_COUNT])
{
    const struct ck_player *c = &g->ck.p[p];
    double v = 0, toward = 0;
    for (int t = 0; t < CK_TRACKS; t++) {
        int level = c->level[t];
        v += level_worth[level] + TRACK_PROD * level * com[t];
        int holder = game_metropolis_of(g, t);
        if (holder != p && level >= CK_ABILITY && level < CK_LEVELS &&
            (holder < 0 || (g->ck.p[holder].level[t] < CK_LEVELS && level >= CK_METROPOLIS)))
            v += METRO_NEAR;
        if (level < CK_LEVELS && g->p[p].cities) {
            double f =
                (double)(g->p[p].commodity[t] < level + 1 ? g->p[p].commodity[t] : level + 1) /
                (level + 1);
            toward = f * f > toward ? f * f : toward;
        }
    }
    return v + PROG_IMPROVE * toward;
}

static double knights(const struct game *g, int p)
{
    const struct ck_player *c = &g->ck.p[p];
    double v = 0, active = ACTIVE_W + ACTIVE_NEAR * urgency(g);
    for (int k = 0; k < CK_KNIGHTS; k++)
        if (c->knight_at[k]) {
            int level = c->knight[k] & KNIGHT_LEVEL;
            v += KNIGHT_W * level + ((c->knight[k] & KNIGHT_ACTIVE) ? active * level : 0);
        }
    return v + ai_ck_barbarians(g, p);
}

double ai_ck_value(const struct ai_board *b, const struct game *g, int p, const int prod[RES_COUNT],
                   const int com[COM_COUNT], double scale)
{
    (void)b;
    const struct game_player *pl = &g->p[p];
    double v = 0;
    int all = 0;
    for (int r = 0; r < RES_COUNT; r++)
        all += prod[r];
    for (int c = 0; c < COM_COUNT; c++) {
        v += COM_PIP * scale * com[c] + COM_CARD * pl->commodity[c];
        all += com[c];
    }
    v += improvements(g, p, com) + knights(g, p);
    int walls = (game_hand_limit(g, p) - 7) / 2;
    v += walls * (WALL_W + WALL_PIP * all);
    for (int i = 0; i <= CK_HAND && g->ck.p[p].hand[i]; i++)
        v += card_worth[g->ck.p[p].hand[i] % PROG_COUNT];
    if (g->ck.merchant_owner == p + 1) {
        int t = g->terrain[g->ck.merchant - 1];
        v += t < RES_COUNT ? MERCHANT_PIP * prod[t] : 0;
    }
    return v;
}

/* ---- moves reckoned from public counts ---- */

static int prog_deck(int card)
{
    return card <= PROG_SMITH            ? TRACK_SCIENCE
           : card <= PROG_TRADE_MONOPOLY ? TRACK_TRADE
                                         : TRACK_POLITICS;
}

/* The mean worth of a card drawn from deck t, over the cards p has not seen: those left in
 * it and those the others hold from it (the view deals them from the same public pile). */
static double deck_mean(const struct game *g, int p, int t)
{
    double sum = 0;
    int n = 0;
    for (int i = g->ck.deck_pos[t]; i < CK_DECK; i++, n++)
        sum += card_worth[g->ck.deck[t][i] % PROG_COUNT];
    for (int q = 0; q < g->opt.n_players; q++)
        for (int i = 0; i <= CK_HAND && q != p && g->ck.p[q].hand[i]; i++)
            if (prog_deck(g->ck.p[q].hand[i]) == t) {
                sum += card_worth[g->ck.p[q].hand[i] % PROG_COUNT];
                n++;
            }
    return n ? sum / n : 0;
}

/* What a monopoly of good k is expected to take from each other player, from public counts:
 * the cards of k that the bank and p's hand leave, spread over the others' hands. */
static double monopoly_take(const struct game *g, int p, int k, int most)
{
    int pool = k < RES_COUNT
                   ? g->bank_start - g->bank[k] - g->p[p].res[k]
                   : CK_BANK - g->ck.bank[k - RES_COUNT] - g->p[p].commodity[k - RES_COUNT];
    int total = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        total += q != p && !g->p[q].resigned ? game_hand_size(g, q) : 0;
    if (pool <= 0 || total <= 0)
        return 0;
    double f = (double)pool / total, take = 0;
    f = f > 1 ? 1 : f;
    for (int q = 0; q < g->opt.n_players; q++) {
        int h = game_hand_size(g, q);
        if (q == p || g->p[q].resigned || !h)
            continue;
        double none = pow(1 - f, h), one = h * f * pow(1 - f, h - 1);
        take += (1 - none) + (most > 1 ? 1 - none - one : 0);
    }
    return take < pool ? take : pool;
}

/* The answer a timeout gives for p (the goods the player seen holds most of, their first
 * card), applied to c without counting as an absence. */
static void take_default(struct game *c, int p)
{
    struct game_action t;
    int timed_out = c->turn_timed_out;
    ai_blank(&t, ACT_TIMEOUT, p);
    c->turn_timed_out = 1;
    game_apply(c, &t, NULL, 0, NULL);
    c->turn_timed_out = (uint8_t)timed_out;
}

int ai_ck_expect(const struct ai_board *b, const struct game *g, int p, const struct game_action *a,
                 struct game *c, double *bonus)
{
    *bonus = 0;
    if (a->type == ACT_PROGRESS_DRAW) {
        *c = *g;
        *bonus = deck_mean(g, p, a->res % CK_TRACKS);
        return 1;
    }
    if (a->type != ACT_PROGRESS)
        return 0;
    switch (a->res) {
    case PROG_RESOURCE_MONOPOLY:
    case PROG_TRADE_MONOPOLY: {
        int k = a->res == PROG_TRADE_MONOPOLY ? GOOD_PAPER + a->res2 : a->res2;
        if (a->res == PROG_RESOURCE_MONOPOLY && k >= RES_COUNT)
            return 0; /* refused: the engine says so */
        *c = *g;
        if (game_apply(c, a, NULL, 0, NULL) != BW_OK)
            return -1;
        /* The view's dealt hands gave what they gave: count what public counts expect. */
        *c = *g;
        int take =
            (int)floor(monopoly_take(g, p, k, a->res == PROG_RESOURCE_MONOPOLY ? 2 : 1) + 0.5);
        uint8_t *have = k < RES_COUNT ? &c->p[p].res[k] : &c->p[p].commodity[k - RES_COUNT];
        *have = (uint8_t)(*have + take);
        ai_ck_drop_card(c, p, a->res); /* the card is gone */
        return 1;
    }
    case PROG_MASTER_MERCHANT:
    case PROG_SPY:
        *c = *g;
        if (game_apply(c, a, NULL, 0, NULL) != BW_OK)
            return -1;
        if (c->ck.p[p].ask) /* the choice after the look, reckoned as the default one */
            take_default(c, p);
        return 1;
    case PROG_SABOTEUR: {
        int vp = game_vp_public(g, p);
        *c = *g;
        if (game_apply(c, a, NULL, 0, NULL) != BW_OK)
            return -1;
        for (int q = 0; q < g->opt.n_players; q++)
            if (q != p && !g->p[q].resigned && game_vp_public(g, q) >= vp)
                *bonus += SAB_CARD * ai_threat(g, q) * (game_hand_size(g, q) / 2);
        return 1;
    }
    default:
        return ai_ck_expect_ask(b, g, p, a, c, bonus);
    }
}

/* The hex a move sends the robber to, or -1. */
int ai_robber_hex(const struct game_action *a)
{
    switch (a->type) {
    case ACT_ROBBER:
    case ACT_PLAY_KNIGHT: /* a knight with no hex (The Pirate Islands) makes a warship */
        return a->a;
    case ACT_CHASE:
        return a->b;
    case ACT_PROGRESS:
        return a->res == PROG_BISHOP ? a->a : -1;
    default:
        return -1;
    }
}
