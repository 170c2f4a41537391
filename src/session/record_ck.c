/* ---- version 10: Cities & Knights ----
 * The version 9 body, then, when state != SESSION_LOBBY and the game is played with Cities &
 * Knights (ck.on), its part; a game without it has none, so a base game's record is as long as
 * in version 9, and the part is there exactly when the body goes on after the version 9 fields.
 * Fields added by later versions to other parts of the game go before it.
 *
 * The part is the rows of ck_fields[] below, in their order: u8 1 (ck.on), the game's rows,
 * then per player (n_players) the player's rows, then for each open offer (in the order of its
 * slot) u8 com_give[3], com_get[3]. A row is a u8 field or array of u8 of struct
 * game_ck, struct ck_player or struct game_player, written byte for byte, except a set of
 * corners (walls), written as bits over the board's corners as record.c writes ships. Every
 * row says the range of each of its bytes, checked as it is read, with the reason a record
 * out of range is refused; record_ck_problem() then checks what the rows say together (the
 * knights on free corners, the walls and metropolises on their owners' cities, every progress
 * card and commodity accounted for, ...). What is derived (ck.knights_all) is not stored.
 *
 * Adding a field: one row in ck_fields[] with the record version that adds it (RECORD_VERSION
 * raised to it in record.h, and a line in doc/store.md). A record of an older version leaves
 * the field 0; a check that ties it to other fields goes in record_ck_problem(). */
#include "session/record_ck.h"

#include <stddef.h>

#include "engine/board.h"

/* Where a row's bytes are: the game's part, or a player's (two structs). */
enum ck_where { IN_GAME, IN_CK_PLAYER, IN_PLAYER };
/* The range of each byte of a row: lo..hi; or 0 (none) or 1 + an index of the board's corners,
 * its hexes, the game's seats; or, for a set of corners, the board's corners. */
enum ck_range { UPTO, CORNER_1, HEX_1, SEAT_1, CORNER_SET };

struct ck_field {
    uint8_t where, range;
    uint16_t offset, size; /* in the struct where says; size in bytes */
    uint8_t lo, hi;        /* UPTO's range */
    uint8_t since;         /* the record version that added the row */
    const char *why;       /* the reason a record with a byte out of range is refused */
};

#define ROW(where, type, field, range, lo, hi, since, why)                                         \
    {                                                                                              \
        where, range, offsetof(type, field), sizeof(((type *)0)->field), lo, hi, since, why        \
    }
#define GAME(field, range, lo, hi, since, why)                                                     \
    ROW(IN_GAME, struct game_ck, field, range, lo, hi, since, why)
#define CK_PLAYER(field, range, lo, hi, since, why)                                                \
    ROW(IN_CK_PLAYER, struct ck_player, field, range, lo, hi, since, why)
#define PLAYER(field, range, lo, hi, since, why)                                                   \
    ROW(IN_PLAYER, struct game_player, field, range, lo, hi, since, why)

/* The part's fields in the record's order: the game's, then each player's. New rows go at the
 * end of their group, with the version that adds them. */
static const struct ck_field ck_fields[] = {
    GAME(event, UPTO, 0, CK_FACES - 1, 10, "the event die's face is out of range"),
    GAME(barbarians, UPTO, 0, CK_VOYAGE - 1, 10, "the barbarians' steps are out of range"),
    GAME(attacks, UPTO, 0, 255, 10, ""), /* "": any byte (the rows' checks together bound it) */
    GAME(bank, UPTO, 0, CK_BANK, 10, "the bank's commodities are out of range"),
    GAME(metropolis, CORNER_1, 0, 0, 10, "a metropolis is past the board's last corner"),
    GAME(deck, UPTO, 1, PROG_COUNT - 1, 10, "a progress deck holds an unknown card"),
    GAME(deck_pos, UPTO, 0, CK_DECK, 10, "more progress cards drawn than a deck holds"),
    GAME(played, UPTO, 0, CK_PROGRESS, 10, "more progress cards played than there are"),
    GAME(merchant, HEX_1, 0, 0, 10, "the merchant is past the board's last hex"),
    GAME(merchant_owner, SEAT_1, 0, 0, 10, "the merchant's holder is not a player"),
    GAME(sabotage, UPTO, 0, 1, 10, "a flag is neither 0 nor 1"),
    GAME(walls, CORNER_SET, 0, 0, 10, "a city wall is past the board's last corner"),
    GAME(asker, SEAT_1, 0, 0, 10, "the player whose card is answered is not a player"),
    GAME(resume, UPTO, 0, 1, 10, "a flag is neither 0 nor 1"),
    GAME(desert_at, CORNER_1, 0, 0, 10, "the deserter's corner is past the board's last corner"),
    /* Each player's. */
    CK_PLAYER(level, UPTO, 0, CK_LEVELS, 10, "an improvement level is out of range"),
    CK_PLAYER(defender, UPTO, 0, 255, 10, ""),
    CK_PLAYER(hand, UPTO, 0, PROG_COUNT - 1, 10, "a hand holds an unknown progress card"),
    CK_PLAYER(draws, UPTO, 0, 255, 10, ""),
    CK_PLAYER(progress_points, UPTO, 0, 255, 10, ""),
    CK_PLAYER(fleet, UPTO, 0, 255, 10, ""), /* a bit per good: GOOD_COUNT is 8 */
    CK_PLAYER(knight_at, CORNER_1, 0, 0, 10, "a knight is past the board's last corner"),
    CK_PLAYER(knight, UPTO, 0, KNIGHT_LEVEL | KNIGHT_ACTIVE | KNIGHT_FRESH | KNIGHT_PROMOTED, 10,
              "a knight's state is out of range"),
    PLAYER(commodity, UPTO, 0, CK_BANK, 10, "a player's commodities are out of range"),
    CK_PLAYER(ask, UPTO, 0, CK_ASKS - 1, 10, "what a player is asked is unknown"),
    CK_PLAYER(ask_arg, UPTO, 0, 255, 10, ""), /* a slot, a count or a resource: the engine checks */
    CK_PLAYER(ask_at, CORNER_1, 0, 0, 10, "a displaced knight's corner is past the last corner"),
};

_Static_assert(GOOD_COUNT <= 8, "a merchant fleet's goods are a byte");

static unsigned char *field_at(const struct ck_field *f, struct game *g, int p)
{
    unsigned char *base = f->where == IN_GAME        ? (unsigned char *)&g->ck
                          : f->where == IN_CK_PLAYER ? (unsigned char *)&g->ck.p[p]
                                                     : (unsigned char *)&g->p[p];
    return base + f->offset;
}

static void put_field(struct writer *w, const struct ck_field *f, const struct game *g, int p)
{
    const unsigned char *at = field_at(f, (struct game *)g, p);
    if (f->range == CORNER_SET)
        put_bits(w, (const uint64_t *)(const void *)at, board_geo(g->opt.board)->n_vertices);
    else
        put_bytes(w, at, f->size);
}

/* The highest value of a byte of row f in g. */
static unsigned field_max(const struct ck_field *f, const struct game *g)
{
    const struct board_geo *geo = board_geo(g->opt.board);
    return f->range == CORNER_1 ? (unsigned)geo->n_vertices
           : f->range == HEX_1  ? (unsigned)geo->n_hexes
           : f->range == SEAT_1 ? g->opt.n_players
                                : f->hi;
}

static void get_field(struct reader *r, const struct ck_field *f, struct game *g, int p)
{
    unsigned char *at = field_at(f, g, p);
    if (f->range == CORNER_SET) {
        get_bits(r, (uint64_t *)(void *)at, board_geo(g->opt.board)->n_vertices, f->why);
        return;
    }
    get_into(r, at, f->size);
    unsigned lo = f->range == UPTO ? f->lo : 0, hi = field_max(f, g);
    for (size_t i = 0; i < f->size && !r->bad; i++)
        if (at[i] < lo || at[i] > hi)
            refuse(r, f->why);
}

void record_put_ck(struct writer *w, const struct game *g)
{
    if (!g->ck.on)
        return;
    put_u8(w, 1);
    size_t n = sizeof ck_fields / sizeof ck_fields[0];
    for (size_t i = 0; i < n; i++)
        if (ck_fields[i].where == IN_GAME)
            put_field(w, &ck_fields[i], g, 0);
    for (int p = 0; p < g->opt.n_players; p++)
        for (size_t i = 0; i < n; i++)
            if (ck_fields[i].where != IN_GAME)
                put_field(w, &ck_fields[i], g, p);
    /* The commodities of the open offers, in the order of their slots. */
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        if (g->offers[i].id) {
            put_bytes(w, g->offers[i].com_give, sizeof g->offers[i].com_give);
            put_bytes(w, g->offers[i].com_get, sizeof g->offers[i].com_get);
        }
}

void record_get_ck(struct reader *r, struct game *g, int version)
{
    if (get_u8(r) != 1) /* not the part's flag: bytes that belong to nothing */
        refuse(r, "the record has bytes after its last field");
    if (r->bad)
        return;
    g->ck.on = 1;
    size_t n = sizeof ck_fields / sizeof ck_fields[0];
    for (size_t i = 0; i < n; i++)
        if (ck_fields[i].where == IN_GAME && ck_fields[i].since <= version)
            get_field(r, &ck_fields[i], g, 0);
    for (int p = 0; p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++)
        for (size_t i = 0; i < n; i++)
            if (ck_fields[i].where != IN_GAME && ck_fields[i].since <= version)
                get_field(r, &ck_fields[i], g, p);
    for (int i = 0; i < GAME_MAX_OFFERS && !r->bad; i++) {
        if (!g->offers[i].id)
            continue;
        struct trade_offer *o = &g->offers[i];
        get_into(r, o->com_give, sizeof o->com_give);
        get_into(r, o->com_get, sizeof o->com_get);
        for (int c = 0; c < COM_COUNT && !r->bad; c++)
            if (o->com_give[c] > CK_BANK || o->com_get[c] > CK_BANK)
                refuse(r, "an offer's commodities are out of range");
    }
}

/* ---- what the fields say together ---- */

/* The progress cards of each kind in the game (RULES.md), and the deck of each. */
static const uint8_t ck_cards[PROG_COUNT] = {
    [PROG_ALCHEMIST] = 2,
    [PROG_INVENTOR] = 2,
    [PROG_CRANE] = 2,
    [PROG_ROAD_BUILDING] = 2,
    [PROG_ENGINEER] = 1,
    [PROG_IRRIGATION] = 2,
    [PROG_MEDICINE] = 2,
    [PROG_MINING] = 2,
    [PROG_PRINTER] = 1,
    [PROG_SMITH] = 2,
    [PROG_COMMERCIAL_HARBOR] = 2,
    [PROG_MASTER_MERCHANT] = 2,
    [PROG_MERCHANT] = 6,
    [PROG_MERCHANT_FLEET] = 2,
    [PROG_RESOURCE_MONOPOLY] = 4,
    [PROG_TRADE_MONOPOLY] = 2,
    [PROG_BISHOP] = 2,
    [PROG_CONSTITUTION] = 1,
    [PROG_DESERTER] = 2,
    [PROG_DIPLOMAT] = 2,
    [PROG_INTRIGUE] = 2,
    [PROG_SABOTEUR] = 2,
    [PROG_SPY] = 3,
    [PROG_WARLORD] = 2,
    [PROG_WEDDING] = 2,
};

static int card_deck(int card)
{
    return card < PROG_COMMERCIAL_HARBOR ? TRACK_SCIENCE
           : card < PROG_BISHOP          ? TRACK_TRADE
                                         : TRACK_POLITICS;
}

static int bit_of(const uint64_t *bits, int i)
{
    return (int)(bits[i / 64] >> (i % 64) & 1u);
}

/* The decks hold the game's 54 cards, each in its own deck; the cards drawn are those held
 * and those played (printers and constitutions among the played, and the points they gave). */
static const char *cards_problem(const struct game *g)
{
    const struct game_ck *ck = &g->ck;
    int count[PROG_COUNT] = {0}, drawn[PROG_COUNT] = {0}, n_drawn = 0, held = 0, points = 0;
    for (int t = 0; t < CK_TRACKS; t++) {
        for (int i = 0; i < CK_DECK; i++) {
            int c = ck->deck[t][i];
            if (card_deck(c) != t)
                return "a progress card lies in another deck than its own";
            count[c]++;
            drawn[c] += i < ck->deck_pos[t];
        }
        n_drawn += ck->deck_pos[t];
    }
    for (int c = 1; c < PROG_COUNT; c++)
        if (count[c] != ck_cards[c])
            return "the progress decks are not the game's 54 cards";
    for (int p = 0; p < g->opt.n_players; p++) {
        const struct ck_player *c = &ck->p[p];
        int n = 0;
        while (n <= CK_HAND && c->hand[n])
            n++;
        for (int i = n; i <= CK_HAND; i++)
            if (c->hand[i])
                return "a hand of progress cards has a gap";
        for (int i = 0; i < n; i++) {
            if (c->hand[i] == PROG_PRINTER || c->hand[i] == PROG_CONSTITUTION)
                return "a hand holds a card that is shown when drawn";
            if (--drawn[c->hand[i]] < 0)
                return "a hand holds a progress card that was not drawn";
        }
        held += n;
        points += c->progress_points;
    }
    if (held + ck->played != n_drawn)
        return "the progress cards drawn are not those held and played";
    if (points > drawn[PROG_PRINTER] + drawn[PROG_CONSTITUTION])
        return "more progress points than printers and constitutions drawn";
    return NULL;
}

/* Knights on corners of the board with no building and no other knight, each with a level
 * (1-3) and a state a knight can be in, 2 of a level a player at most, mighty ones only with
 * the fortress. */
static const char *knights_problem(const struct game *g)
{
    uint64_t seen[BOARD_WORDS] = {0};
    for (int p = 0; p < g->opt.n_players; p++) {
        const struct ck_player *c = &g->ck.p[p];
        int of_level[4] = {0};
        for (int k = 0; k < CK_KNIGHTS; k++) {
            int v = c->knight_at[k] - 1, st = c->knight[k], level = st & KNIGHT_LEVEL;
            if (v < 0) {
                /* Only the knight its owner is placing after a displacement is off the board. */
                if (st && !(c->ask == ASK_KNIGHT && c->ask_arg == k && c->ask_at))
                    return "a knight off the board has a state";
                continue;
            }
            if (!level)
                return "a knight has no level";
            if ((st & KNIGHT_FRESH) && !(st & KNIGHT_ACTIVE))
                return "an inactive knight was activated this turn";
            if (g->vertex_owner[v] >= 0 || bit_of(seen, v))
                return "a knight stands on a building or another knight";
            seen[v / 64] |= (uint64_t)1 << (v % 64);
            if (++of_level[level] > 2)
                return "a player has more than 2 knights of a level";
            if (level == 3 && c->level[TRACK_POLITICS] < CK_ABILITY)
                return "a mighty knight without the fortress";
        }
    }
    return NULL;
}

/* Walls and metropolises on their owners' cities: 3 walls a player at most; a metropolis once
 * anyone reached level 4 of its track, on a city of a holder at level 4 or more whom nobody
 * passed at level 5, one a city. */
static const char *cities_problem(const struct game *g)
{
    const struct board_geo *geo = board_geo(g->opt.board);
    int walls[GAME_MAX_PLAYERS] = {0};
    for (int v = 0; v < geo->n_vertices; v++)
        if (bit_of(g->ck.walls, v) &&
            (g->vertex_building[v] != BUILDING_CITY || g->vertex_owner[v] < 0 ||
             g->vertex_owner[v] >= g->opt.n_players || ++walls[g->vertex_owner[v]] > CK_WALLS))
            return "a city wall is not under a city, or a player has more than 3";
    for (int t = 0; t < CK_TRACKS; t++) {
        int top = 0, v = g->ck.metropolis[t] - 1;
        for (int p = 0; p < g->opt.n_players; p++)
            top = g->ck.p[p].level[t] > top ? g->ck.p[p].level[t] : top;
        if ((v >= 0) != (top >= CK_METROPOLIS))
            return "a metropolis disagrees with the improvement levels";
        if (v < 0)
            continue;
        int h = g->vertex_owner[v];
        if (g->vertex_building[v] != BUILDING_CITY || h < 0 || h >= g->opt.n_players)
            return "a metropolis is not on a city";
        if (g->ck.p[h].level[t] < CK_METROPOLIS ||
            (top == CK_LEVELS && g->ck.p[h].level[t] < CK_LEVELS))
            return "a metropolis disagrees with the improvement levels";
        for (int u = 0; u < t; u++)
            if (g->ck.metropolis[u] == v + 1)
                return "two metropolises on one city";
    }
    return NULL;
}

const char *record_ck_problem(const struct game *g)
{
    const struct game_ck *ck = &g->ck;
    if (!ck->on)
        return NULL; /* nothing was read: the part is all zero */
    if (g->opt.board != BOARD_BASE && g->opt.board != BOARD_BIG)
        return "Cities & Knights on a board other than the base or the big one";
    if (g->deck_size)
        return "a Cities & Knights game has development cards";
    for (int c = 0; c < COM_COUNT; c++) {
        int total = ck->bank[c];
        for (int p = 0; p < g->opt.n_players; p++)
            total += g->p[p].commodity[c];
        if (total != CK_BANK)
            return "the commodities are not 12 of each kind";
    }
    int defended = 0;
    for (int p = 0; p < g->opt.n_players; p++)
        defended += ck->p[p].defender;
    if (defended > ck->attacks)
        return "more defender points than barbarian attacks";
    for (int p = 0; p < g->opt.n_players; p++)
        if (ck->p[p].draws > ck->attacks)
            return "more progress cards owed than barbarian attacks";
    if (!ck->merchant != !ck->merchant_owner)
        return "the merchant and its holder disagree";
    if (ck->merchant && g->terrain[ck->merchant - 1] >= TERRAIN_DESERT)
        return "the merchant is not on a hex that produces";
    if (ck->sabotage && g->phase != PHASE_DISCARD)
        return "a saboteur's discards outside the discard phase";
    const char *why = cards_problem(g);
    if (!why)
        why = knights_problem(g);
    if (!why)
        why = cities_problem(g);
    return why;
}
