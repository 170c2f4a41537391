/* Reading a position line (doc/position-format.md) into a struct game the engine accepts.
 *
 * The line is split into KEY=VALUE words; every key must be known and given once, every value
 * read whole (no trailing garbage, numbers in range). The position is then checked as a whole
 * (pieces within the supply, the distance rule, every card accounted for, the setup order)
 * before it is written into a game made by game_init(), and the result must pass
 * game_check_state(). Any failure is a refusal with a reason, never a partial result. */
#include "position.h"
#include "position_words.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_WORDS 64

struct reader {
    char buf[POSITION_LINE_MAX + 1];
    char *key[MAX_WORDS], *val[MAX_WORDS];
    uint8_t used[MAX_WORDS];
    int n;
    char *why;
    size_t why_len;
    const struct board_geo *geo;
};

static int refuse(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int refuse(struct reader *r, const char *fmt, ...)
{
    if (r->why && r->why_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->why, r->why_len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* A decimal number without sign, the whole of S, within LO..HI. */
static int number(const char *s, int lo, int hi, int *out)
{
    long v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (*s - '0');
        if (v > hi)
            return -1;
    }
    if (v < lo)
        return -1;
    *out = (int)v;
    return 0;
}

static int split(struct reader *r, const char *line)
{
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    if (len > POSITION_LINE_MAX)
        return refuse(r, "the line is longer than %d bytes", POSITION_LINE_MAX);
    memcpy(r->buf, line, len);
    r->buf[len] = 0;
    char *save = NULL;
    char *w = strtok_r(r->buf, " ", &save);
    if (!w || strcmp(w, "position"))
        return refuse(r, "a position starts with the word position");
    w = strtok_r(NULL, " ", &save);
    int version;
    if (!w || number(w, 0, 1000, &version))
        return refuse(r, "the format version is missing after position");
    if (version != POSITION_VERSION)
        return refuse(r, "format version %d is not %d", version, POSITION_VERSION);
    while ((w = strtok_r(NULL, " ", &save))) {
        char *eq = strchr(w, '=');
        if (!eq)
            return refuse(r, "'%.40s' is not KEY=VALUE", w);
        *eq = 0;
        for (int i = 0; i < r->n; i++)
            if (!strcmp(r->key[i], w))
                return refuse(r, "%.40s is given twice", w);
        if (r->n == MAX_WORDS)
            return refuse(r, "more than %d keys", MAX_WORDS);
        r->key[r->n] = w;
        r->val[r->n] = eq + 1;
        r->used[r->n++] = 0;
    }
    return 0;
}

/* The value of KEY (NULL when absent), marked as used. */
static const char *find(struct reader *r, const char *key)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->key[i], key)) {
            r->used[i] = 1;
            return r->val[i];
        }
    return NULL;
}

static const char *need(struct reader *r, const char *key)
{
    const char *v = find(r, key);
    if (!v)
        refuse(r, "%s is missing", key);
    return v;
}

static int get_number(struct reader *r, const char *key, int lo, int hi, int *out)
{
    const char *v = need(r, key);
    if (!v)
        return -1;
    if (number(v, lo, hi, out))
        return refuse(r, "%s=%.20s is not a number from %d to %d", key, v, lo, hi);
    return 0;
}

/* A seat number or "-" (-1). */
static int get_seat(struct reader *r, const char *key, int n, int *out)
{
    const char *v = need(r, key);
    if (!v)
        return -1;
    if (!strcmp(v, "-")) {
        *out = -1;
        return 0;
    }
    if (number(v, 0, n - 1, out))
        return refuse(r, "%s=%.20s is not a seat from 0 to %d or -", key, v, n - 1);
    return 0;
}

/* Comma-separated items of a value: the next item into ITEM (at most SIZE bytes), 1, or 0
 * at the end; *POS walks the value. "-" is the empty list. */
static int next_item(const char *value, size_t *pos, char *item, size_t size)
{
    if (!strcmp(value, "-") || !value[*pos])
        return 0;
    size_t k = 0;
    while (value[*pos] && value[*pos] != ',') {
        if (k + 1 < size)
            item[k] = value[*pos];
        k++;
        (*pos)++;
    }
    if (value[*pos] == ',')
        (*pos)++;
    item[k < size ? k : size - 1] = 0;
    return k < size ? 1 : -1;
}

/* A list of exactly COUNT numbers within LO..HI. */
static int get_counts(struct reader *r, const char *key, int count, int lo, int hi, int *out)
{
    const char *v = need(r, key);
    if (!v)
        return -1;
    size_t pos = 0;
    char item[16];
    int k = 0, got;
    while ((got = next_item(v, &pos, item, sizeof item)) == 1) {
        if (k == count || number(item, lo, hi, &out[k]))
            break;
        k++;
    }
    if (got != 0 || k != count || v[pos])
        return refuse(r, "%s needs %d numbers from %d to %d", key, count, lo, hi);
    return 0;
}

/* Corner "V" (1-based) into 0-based *OUT. */
static int corner(const struct reader *r, const char *s, int *out)
{
    int v;
    if (number(s, 1, r->geo->n_vertices, &v))
        return -1;
    *out = v - 1;
    return 0;
}

/* Edge "A-B" of two neighbouring corners. */
static int edge(const struct reader *r, const char *s, int *out)
{
    char a[8], b[8];
    const char *dash = strchr(s, '-');
    if (!dash || dash - s >= (long)sizeof a || strlen(dash + 1) >= sizeof b)
        return -1;
    memcpy(a, s, (size_t)(dash - s));
    a[dash - s] = 0;
    strcpy(b, dash + 1);
    int va, vb;
    if (corner(r, a, &va) || corner(r, b, &vb))
        return -1;
    *out = board_edge_between(r->geo, va, vb);
    return *out < 0 ? -1 : 0;
}

static int read_hexes(struct reader *r, struct game *g)
{
    const char *v = need(r, "hexes");
    if (!v)
        return -1;
    size_t pos = 0;
    char item[16];
    int h = 0, got;
    while ((got = next_item(v, &pos, item, sizeof item)) == 1 && h < r->geo->n_hexes) {
        size_t k = strspn(item, "abcdefghijklmnopqrstuvwxyz");
        char word[16];
        memcpy(word, item, k);
        word[k] = 0;
        int t = position_terrain_parse(word), token = 0;
        if (t < 0)
            return refuse(r, "hex %d: '%.15s' is not a terrain", h + 1, item);
        if (t == TERRAIN_DESERT ? item[k] != 0 : number(item + k, 2, 12, &token) || token == 7)
            return refuse(r, "hex %d: '%.15s' needs a number 2-6 or 8-12 (none on desert)", h + 1,
                          item);
        g->terrain[h] = (uint8_t)t;
        g->token[h++] = (uint8_t)token;
    }
    if (got < 0 || h != r->geo->n_hexes || v[pos])
        return refuse(r, "hexes needs %d hexes, A to %c", r->geo->n_hexes,
                      'A' + r->geo->n_hexes - 1);
    return 0;
}

static int read_harbors(struct reader *r, struct game *g)
{
    const char *v = need(r, "harbors");
    if (!v)
        return -1;
    int seen[BOARD_MAX_HARBORS] = {0}, n = 0, got;
    size_t pos = 0;
    char item[24];
    while ((got = next_item(v, &pos, item, sizeof item)) == 1) {
        char *at = strchr(item, '@');
        int e, type, k;
        if (!at)
            return refuse(r, "harbor '%.20s' is not TYPE@A-B", item);
        *at = 0;
        if ((type = position_harbor_parse(item)) < 0)
            return refuse(r, "harbor type '%.20s' is not 3:1 or a resource", item);
        if (edge(r, at + 1, &e))
            return refuse(r, "harbor at '%.20s' is not an edge", at + 1);
        for (k = 0; k < r->geo->n_harbors && r->geo->harbor_edge[k] != e; k++)
            ;
        if (k == r->geo->n_harbors)
            return refuse(r, "%.20s is not a harbor's edge of the board", at + 1);
        if (seen[k]++)
            return refuse(r, "two harbors at %.20s", at + 1);
        g->harbor[k] = (uint8_t)type;
        n++;
    }
    if (got < 0 || n != r->geo->n_harbors)
        return refuse(r, "harbors needs all %d harbors", r->geo->n_harbors);
    return 0;
}

/* settlements.P, cities.P, roads.P of seat p, onto the board. */
static int read_buildings(struct reader *r, struct game *g, int p, int kind)
{
    char key[24];
    snprintf(key, sizeof key, "%s.%d", kind == BUILDING_CITY ? "cities" : "settlements", p);
    const char *v = need(r, key);
    if (!v)
        return -1;
    size_t pos = 0;
    char item[16];
    int got, x, n = 0, max = kind == BUILDING_CITY ? GAME_CITIES : GAME_SETTLEMENTS;
    while ((got = next_item(v, &pos, item, sizeof item)) == 1) {
        if (corner(r, item, &x))
            return refuse(r, "%s: '%.15s' is not a corner 1-%d", key, item, r->geo->n_vertices);
        if (g->vertex_owner[x] >= 0)
            return refuse(r, "corner %d has two buildings", x + 1);
        if (++n > max)
            return refuse(r, "%s: more than %d", key, max);
        g->vertex_owner[x] = (int8_t)p;
        g->vertex_building[x] = (uint8_t)kind;
    }
    if (got < 0)
        return refuse(r, "%s: an item is too long", key);
    if (kind == BUILDING_CITY)
        g->p[p].cities = (uint8_t)n;
    else
        g->p[p].settlements = (uint8_t)n;
    return 0;
}

static int read_roads(struct reader *r, struct game *g, int p)
{
    char key[24];
    snprintf(key, sizeof key, "roads.%d", p);
    const char *v = need(r, key);
    if (!v)
        return -1;
    size_t pos = 0;
    char item[16];
    int got, e, n = 0;
    while ((got = next_item(v, &pos, item, sizeof item)) == 1) {
        if (edge(r, item, &e))
            return refuse(r, "%s: '%.15s' is not an edge A-B", key, item);
        if (g->edge_owner[e] >= 0)
            return refuse(r, "edge %.15s has two roads", item);
        if (++n > GAME_ROADS)
            return refuse(r, "%s: more than %d", key, GAME_ROADS);
        g->edge_owner[e] = (int8_t)p;
    }
    if (got < 0)
        return refuse(r, "%s: an item is too long", key);
    g->p[p].roads = (uint8_t)n;
    return 0;
}

/* Public counts of seat p: cards, devs, knights, discard. */
struct counts {
    int cards[GAME_MAX_PLAYERS], devs[GAME_MAX_PLAYERS];
};

static int read_seat(struct reader *r, struct game *g, int p, struct counts *c)
{
    char key[24];
    int knights, discard;
    if (read_buildings(r, g, p, BUILDING_SETTLEMENT) || read_buildings(r, g, p, BUILDING_CITY) ||
        read_roads(r, g, p))
        return -1;
    snprintf(key, sizeof key, "cards.%d", p);
    if (get_number(r, key, 0, 5 * 19, &c->cards[p]))
        return -1;
    snprintf(key, sizeof key, "devs.%d", p);
    if (get_number(r, key, 0, 25, &c->devs[p]))
        return -1;
    snprintf(key, sizeof key, "knights.%d", p);
    if (get_number(r, key, 0, 14, &knights))
        return -1;
    snprintf(key, sizeof key, "discard.%d", p);
    if (get_number(r, key, 0, 5 * 19, &discard))
        return -1;
    if (discard > c->cards[p])
        return refuse(r, "seat %d must discard %d of %d cards", p, discard, c->cards[p]);
    g->p[p].knights = (uint8_t)knights;
    g->p[p].discard = (uint8_t)discard;
    return 0;
}

/* No two buildings on neighbouring corners. */
static int distance_ok(struct reader *r, const struct game *g)
{
    for (int v = 0; v < r->geo->n_vertices; v++)
        for (int i = 0; i < 3 && g->vertex_owner[v] >= 0; i++) {
            int w = r->geo->vertex_vertex[v][i];
            if (w > v && g->vertex_owner[w] >= 0)
                return refuse(r, "buildings at %d and %d are neighbours", v + 1, w + 1);
        }
    return 0;
}

static int read_phase(struct reader *r, struct game *g)
{
    const char *v = need(r, "phase");
    if (!v)
        return -1;
    int phase = position_phase_parse(v);
    if (phase < 0)
        return refuse(r, "phase=%.20s is not one of %s", v, position_phase_names());
    g->phase = (uint8_t)phase;
    return 0;
}

static int read_dice(struct reader *r, struct game *g)
{
    const char *v = need(r, "dice");
    if (!v)
        return -1;
    if (!strcmp(v, "-"))
        return 0;
    int d[2];
    if (get_counts(r, "dice", 2, 1, 6, d))
        return refuse(r, "dice=%.20s is not - or two dice 1-6 (3,4)", v);
    g->dice[0] = (uint8_t)d[0];
    g->dice[1] = (uint8_t)d[1];
    return 0;
}

static int read_rolls(struct reader *r, struct position *pos)
{
    const char *v = find(r, "rolls");
    if (!v)
        return 0;
    size_t at = 0;
    char item[8];
    int got, x;
    while ((got = next_item(v, &at, item, sizeof item)) == 1) {
        if (number(item, 2, 12, &x))
            return refuse(r, "rolls: '%.7s' is not a sum 2-12", item);
        if (pos->n_rolls == POSITION_MAX_ROLLS)
            return refuse(r, "rolls: more than %d", POSITION_MAX_ROLLS);
        pos->rolls[pos->n_rolls++] = (uint8_t)x;
    }
    return got < 0 ? refuse(r, "rolls: an item is too long") : 0;
}

/* The header: players, seat, goal, phase, whose turn, dice, robber, awards. */
static int read_header(struct reader *r, struct position *pos, int *n)
{
    struct game *g = &pos->g;
    int goal = 10, x;
    if (get_number(r, "players", 3, 4, n))
        return -1;
    if (find(r, "goal") && get_number(r, "goal", 3, 30, &goal))
        return -1;
    struct game_options opt = {.n_players = (uint8_t)*n,
                               .board = BOARD_BASE,
                               .victory_points = (uint8_t)(goal == 10 ? 0 : goal)};
    if (game_init(g, &opt, 1) != BW_OK)
        return refuse(r, "the engine refuses a base game of %d players", *n);
    r->geo = game_geo(g);
    if (get_number(r, "seat", 0, *n - 1, &pos->seat) || read_phase(r, g) ||
        get_number(r, "current", 0, *n - 1, &x))
        return -1;
    g->current = (int8_t)x;
    if (get_number(r, "turn", 0, 65535, &x))
        return -1;
    g->turn = (uint16_t)x;
    if (get_number(r, "rolled", 0, 1, &x))
        return -1;
    g->rolled = (uint8_t)x;
    if (get_number(r, "devplayed", 0, 1, &x))
        return -1;
    g->dev_played = (uint8_t)x;
    if (read_dice(r, g))
        return -1;
    const char *v = need(r, "robber");
    if (!v)
        return -1;
    if ((x = board_hex_parse(r->geo, v)) < 0)
        return refuse(r, "robber=%.10s is not a hex A-%c", v, 'A' + r->geo->n_hexes - 1);
    g->robber = (int8_t)x;
    if (get_seat(r, "longest", *n, &x))
        return -1;
    g->longest_road = (int8_t)x;
    if (get_seat(r, "army", *n, &x))
        return -1;
    g->largest_army = (int8_t)x;
    return 0;
}

/* The bank, the deck, the cards played, and the seat's own cards: every card must be
 * accounted for, the others' hands and the deck then dealt one guess of what is hidden. */
struct cards {
    int bank[RES_COUNT], hand[RES_COUNT], dev[DEV_COUNT], fresh[DEV_COUNT], played[PLAYED_KINDS];
    int devdeck;
};

static int read_cards(struct reader *r, struct cards *k)
{
    if (get_counts(r, "bank", RES_COUNT, 0, 19, k->bank) ||
        get_number(r, "devdeck", 0, 25, &k->devdeck) ||
        get_counts(r, "played", PLAYED_KINDS, 0, 2, k->played) ||
        get_counts(r, "hand", RES_COUNT, 0, 19, k->hand) ||
        get_counts(r, "dev", DEV_COUNT, 0, 14, k->dev) ||
        get_counts(r, "new", DEV_COUNT, 0, 14, k->fresh))
        return -1;
    return 0;
}

/* The others' resource cards: what the bank and the seat leave of each resource, dealt to the
 * others in seat order (any deal of the right sizes will do: see position.h). */
static int deal_resources(struct reader *r, struct position *pos, const struct counts *c,
                          const struct cards *k)
{
    struct game *g = &pos->g;
    int n = g->opt.n_players, hidden[RES_COUNT], total = 0, want = 0;
    for (int x = 0; x < RES_COUNT; x++) {
        hidden[x] = g->bank_start - k->bank[x] - k->hand[x];
        if (hidden[x] < 0)
            return refuse(r, "%s: the bank and the hand hold %d of %d", position_res_word(x),
                          k->bank[x] + k->hand[x], g->bank_start);
        total += hidden[x];
        g->bank[x] = (uint8_t)k->bank[x];
        g->p[pos->seat].res[x] = (uint8_t)k->hand[x];
    }
    for (int p = 0; p < n; p++)
        want += p == pos->seat ? 0 : c->cards[p];
    if (c->cards[pos->seat] != game_hand_size(g, pos->seat))
        return refuse(r, "cards.%d is %d but the hand holds %d", pos->seat, c->cards[pos->seat],
                      game_hand_size(g, pos->seat));
    if (want != total)
        return refuse(r, "the others hold %d cards, but bank and hand leave %d", want, total);
    for (int p = 0, x = 0; p < n; p++)
        for (int i = 0; i < c->cards[p] && p != pos->seat; i++) {
            while (!hidden[x])
                x++;
            hidden[x]--;
            g->p[p].res[x]++;
        }
    return 0;
}

/* The development cards nobody has seen (the deck's and the others'), by kind. */
static int unseen_devs(struct reader *r, const struct position *pos, const struct cards *k,
                       int unseen[DEV_COUNT])
{
    const struct game *g = &pos->g;
    static const uint8_t played_kind[PLAYED_KINDS] = {DEV_ROADS, DEV_PLENTY, DEV_MONOPOLY};
    for (int d = 0; d < DEV_COUNT; d++)
        unseen[d] = 0;
    for (int i = 0; i < g->deck_size; i++)
        unseen[g->deck[i]]++;
    for (int d = 0; d < DEV_COUNT; d++)
        unseen[d] -= k->dev[d] + k->fresh[d];
    for (int p = 0; p < g->opt.n_players; p++)
        unseen[DEV_KNIGHT] -= g->p[p].knights;
    for (int i = 0; i < PLAYED_KINDS; i++)
        unseen[played_kind[i]] -= k->played[i];
    for (int d = 0; d < DEV_COUNT; d++)
        if (unseen[d] < 0)
            return refuse(r, "more %s cards held and played than the deck had",
                          position_dev_word(d));
    return 0;
}

/* The deck: the unseen cards first into the part still to draw, the rest to the others; the
 * part drawn is the rest of the deck's make-up. */
static int deal_devs(struct reader *r, struct position *pos, const struct counts *c,
                     const struct cards *k)
{
    struct game *g = &pos->g;
    int n = g->opt.n_players, unseen[DEV_COUNT], total = 0, want = k->devdeck;
    if (unseen_devs(r, pos, k, unseen))
        return -1;
    for (int d = 0; d < DEV_COUNT; d++) {
        total += unseen[d];
        g->p[pos->seat].dev[d] = (uint8_t)k->dev[d];
        g->p[pos->seat].dev_new[d] = (uint8_t)k->fresh[d];
    }
    for (int p = 0; p < n; p++)
        want += p == pos->seat ? 0 : c->devs[p];
    if (c->devs[pos->seat] != game_dev_count(g, pos->seat))
        return refuse(r, "devs.%d is %d but dev and new hold %d", pos->seat, c->devs[pos->seat],
                      game_dev_count(g, pos->seat));
    if (want != total)
        return refuse(r, "the deck and the others hold %d development cards, %d are unseen", want,
                      total);
    if (k->devdeck > g->deck_size)
        return refuse(r, "devdeck=%d: the deck has %d cards", k->devdeck, g->deck_size);
    int left[DEV_COUNT] = {0}, d = 0;
    for (int i = 0; i < g->deck_size; i++)
        left[g->deck[i]]++;
    g->deck_pos = (uint8_t)(g->deck_size - k->devdeck);
    for (int i = g->deck_pos; i < g->deck_size; i++, unseen[d]--, left[d]--) {
        while (!unseen[d])
            d++;
        g->deck[i] = (uint8_t)d;
    }
    for (int p = 0; p < n; p++)
        for (int i = 0; i < c->devs[p] && p != pos->seat; i++, unseen[d]--) {
            while (!unseen[d])
                d++;
            g->p[p].dev[d]++;
        }
    for (int i = 0, e = 0; i < g->deck_pos; i++, left[e]--) {
        while (!left[e])
            e++;
        g->deck[i] = (uint8_t)e;
    }
    for (int i = 0; i < PLAYED_KINDS; i++)
        pos->played[i] = (uint8_t)k->played[i];
    return 0;
}

/* The setup: the step from the pieces placed, its seat the one to place, and during a setup
 * road the settlement it must touch (the current seat's one without a road). */
static int setup_ok(struct reader *r, struct game *g)
{
    int n = g->opt.n_players, s = 0, roads = 0, road_phase = g->phase == PHASE_SETUP_ROAD;
    for (int p = 0; p < n; p++) {
        s += g->p[p].settlements;
        roads += g->p[p].roads;
        if (g->p[p].cities)
            return refuse(r, "a city during the setup");
    }
    int step = s - road_phase;
    if (roads != step || step >= 2 * n)
        return refuse(r, "the setup has %d settlements and %d roads", s, roads);
    int who = step < n ? step : 2 * n - 1 - step;
    if (g->current != who)
        return refuse(r, "setup step %d is seat %d's, not %d's", step, who, g->current);
    g->setup_step = (uint8_t)step;
    g->setup_vertex = -1;
    for (int v = 0; v < r->geo->n_vertices && road_phase; v++) {
        int bare = g->vertex_owner[v] == g->current;
        for (int i = 0; i < 3 && bare; i++) {
            int e = r->geo->vertex_edge[v][i];
            bare = e < 0 || g->edge_owner[e] != g->current;
        }
        if (bare)
            g->setup_vertex = (int16_t)v;
    }
    if (road_phase && g->setup_vertex < 0)
        return refuse(r, "setup_road: seat %d has no settlement without a road", g->current);
    if (g->turn || g->rolled)
        return refuse(r, "turn and rolled are 0 during the setup");
    return 0;
}

/* After the setup: every seat placed its pieces; the phase agrees with the roll and the
 * discards. */
static int play_ok(struct reader *r, struct game *g)
{
    int n = g->opt.n_players, discards = 0;
    g->setup_step = (uint8_t)(2 * n); /* as the engine leaves it */
    g->setup_vertex = -1;
    for (int p = 0; p < n; p++) {
        if (g->p[p].settlements + g->p[p].cities < 2 || g->p[p].roads < 2)
            return refuse(r, "seat %d has not placed its setup pieces", p);
        discards += g->p[p].discard != 0;
    }
    if (g->phase == PHASE_ROLL && g->rolled)
        return refuse(r, "phase roll after the roll (rolled=1)");
    if (g->phase == PHASE_MAIN && !g->rolled)
        return refuse(r, "phase main before the roll (rolled=0)");
    if ((g->phase == PHASE_DISCARD) != (discards > 0))
        return refuse(r, g->phase == PHASE_DISCARD ? "phase discard but nobody must discard"
                                                   : "discards owed outside the discard phase");
    if (g->phase == PHASE_DISCARD && !g->rolled)
        return refuse(r, "phase discard before the roll");
    return 0;
}

static int awards_ok(struct reader *r, struct game *g, int seat)
{
    for (int p = 0; p < g->opt.n_players; p++)
        g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
    int lr = g->longest_road, la = g->largest_army;
    if (lr >= 0 && g->p[lr].road_length < 5)
        return refuse(r, "longest=%d but seat %d's road is %d long", lr, lr, g->p[lr].road_length);
    if (la >= 0 && g->p[la].knights < 3)
        return refuse(r, "army=%d but seat %d played %d knights", la, la, g->p[la].knights);
    for (int p = 0; p < g->opt.n_players; p++) {
        int vp = p == seat ? game_vp_total(g, p) : game_vp_public(g, p);
        if (vp >= g->vp_goal)
            return refuse(r, "seat %d has %d points: the game is over", p, vp);
    }
    return 0;
}

static int finish(struct reader *r, struct position *pos, const struct counts *c)
{
    struct game *g = &pos->g;
    struct cards k;
    if (read_cards(r, &k) || deal_resources(r, pos, c, &k) || deal_devs(r, pos, c, &k))
        return -1;
    if (g->phase <= PHASE_SETUP_ROAD ? setup_ok(r, g) : play_ok(r, g))
        return -1;
    game_reindex(g);
    if (awards_ok(r, g, pos->seat))
        return -1;
    if (game_check_state(g) != BW_OK)
        return refuse(r, "the engine refuses the state");
    return 0;
}

/* Words nobody read are mistakes (a misspelt key would else be silently ignored). */
static int all_used(struct reader *r)
{
    for (int i = 0; i < r->n; i++)
        if (!r->used[i])
            return refuse(r, "unknown key %.40s", r->key[i]);
    return 0;
}

int position_parse(const char *line, struct position *pos, char *why, size_t why_len)
{
    static _Thread_local struct reader r;
    memset(&r, 0, sizeof r);
    r.why = why;
    r.why_len = why_len;
    if (why && why_len)
        why[0] = 0;
    if (!line || !pos)
        return refuse(&r, "no line");
    memset(pos, 0, sizeof *pos);
    int n = 0;
    struct counts c = {{0}, {0}};
    if (split(&r, line) || read_header(&r, pos, &n) || read_hexes(&r, &pos->g) ||
        read_harbors(&r, &pos->g) || read_rolls(&r, pos))
        return -1;
    for (int p = 0; p < n; p++)
        if (read_seat(&r, &pos->g, p, &c))
            return -1;
    if (distance_ok(&r, &pos->g) || finish(&r, pos, &c) || all_used(&r))
        return -1;
    return 0;
}
