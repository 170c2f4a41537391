/* Text for players: the board drawing, the board as a list, hands, build spots, the status
 * summary and one line per game event. Game state (and events) in, text lines out; nothing
 * here knows about IRC.
 *
 * Every line goes to a sink together with its audience: RENDER_PUBLIC for the channel, or the
 * one seat that may see it. Hidden information (a hand, the identity of a bought card, the
 * card a robber took) is only ever produced with a seat as audience, so a caller that routes
 * lines by their audience cannot leak it.
 *
 * Lines never contain CR, LF or NUL, are never empty and are at most RENDER_LINE_MAX bytes,
 * colour codes included; long lists are split into several lines that repeat their prefix.
 * In colour mode lines carry mIRC formatting (\x02 bold, \x03 colours, \x0f reset); the fixed
 * reply forms of SPEC §5 (hand, spots, board text) never do, so scripts can read them.
 *
 * Lines are in the style's language (render_style.lang): every sentence is one message of the
 * catalogue (i18n/render.def and its translations) with the nicks, numbers, board addresses and
 * card lists as arguments; the fixed forms keep their shape in every language (the channel, the
 * list head and a colon, the same separators and numbers). In a right-to-left language
 * (Arabic) each argument is isolated (U+2068 FSI ... U+2069 PDI) so it keeps its order. The
 * board drawing stays in English, left to right: its cells are measured for those words. */
#ifndef BW_RENDER_H
#define BW_RENDER_H

#include "engine/game.h"

#define RENDER_LINE_MAX 400
#define RENDER_PUBLIC (-1)
#define RENDER_NICK_MAX 48
#define RENDER_CHAN_MAX 64

/* Drawing limits the board must respect (visible columns and lines, colour codes not counted).
 */
#define RENDER_BASE_COLS 80
#define RENDER_BASE_ROWS 20
#define RENDER_BIG_COLS 96
#define RENDER_BIG_ROWS 24
/* A map with sea hexes (Seafarers), up to 7 rows of 6 hexes. */
#define RENDER_SEA_COLS 100
#define RENDER_SEA_ROWS 30

/* Where lines go. line() is called once per line, in order; to is RENDER_PUBLIC or a seat
 * (0..n_players-1); text is borrowed and valid only during the call. */
struct render_sink {
    void (*line)(void *ctx, int to, const char *text);
    void *ctx;
};

/* How players are shown: the channel name that starts the fixed reply forms, one nick per
 * seat, and whether mIRC colours are used. Caller-owned; render_style_init fills it (copies
 * everything, so nothing stays borrowed) and it needs no cleanup. */
#define RENDER_PREFIX_MAX 8 /* bytes, as the configuration allows */

struct render_style {
    int color;
    int lang; /* enum i18n_lang of the lines (render_style_init: English) */
    int n_seats;
    char chan[RENDER_CHAN_MAX + 1];
    char nick[GAME_MAX_PLAYERS][RENDER_NICK_MAX + 1];
    /* The seat's letter in the drawing: settlement and road in lower case, city in upper
     * case. The nick's first usable letter when free, so players recognise themselves. */
    char letter[GAME_MAX_PLAYERS];
    /* The channel's command prefix, for the commands prompts name ("alice to roll (!roll)");
     * "!" when empty. */
    char prefix[RENDER_PREFIX_MAX + 1];
};

/* Fill st. chan may be NULL (no prefix); nicks holds n_seats strings (NULL entries become
 * "seatN"); control characters are dropped and overlong names cut at a UTF-8 boundary. */
void render_style_init(struct render_style *st, const char *chan, const char *const *nicks,
                       int n_seats, int color);

/* Set the command prefix the lines name (a longer one is cut at a UTF-8 boundary). */
void render_style_prefix(struct render_style *st, const char *prefix);

/* A resource count as a language says it: "2 wood" in English, "2 дерева", "1 руду" in
 * Ukrainian. object: as the object of a verb ("receives 1 ore"; the accusative where the
 * language declines), else standing alone ("hand: 1 ore"). Into buf (size bytes). */
const char *render_res_count(int lang, int res, int n, int object, char *buf, size_t size);

/* The mIRC colour number of a seat: six colours that stay readable on light and dark
 * backgrounds (red, blue, green, orange, magenta, teal). */
int render_seat_color(int seat);

/* Canonical names ("wood", "knight", ...) used in every reply; borrowed constants, "?" when
 * out of range. */
const char *render_res_name(int res);
const char *render_dev_name(int card);
/* The same in a language (enum i18n_lang; English for one out of range): for the lines of a
 * channel. The English names above stay the words commands take. */
const char *render_res_name_in(int lang, int res);
/* Catalogue message MSG in LANG with its arguments into buf (size bytes, cut at a UTF-8
 * boundary), each argument isolated (FSI ... PDI) in a right-to-left language, as the render
 * lines are; returns the length. For the lines other layers write. */
size_t render_tr(int lang, char *buf, size_t size, int msg, ...);
const char *render_dev_name_in(int lang, int card);
/* Cities & Knights: a commodity's name (enum ck_commodity: "paper", "cloth", "coin"), a good's
 * (0-4 a resource, GOOD_PAPER + c a commodity), a track's (enum ck_track: "science", "trade",
 * "politics"), a progress card's (enum progress_card: "alchemist", "road building", ...) and a
 * knight's level (1-3: "basic", "strong", "mighty"); the plain ones in English, the words
 * commands take; "?" when out of range. */
const char *render_com_name(int c);
const char *render_com_name_in(int lang, int c);
const char *render_good_name_in(int lang, int good);
const char *render_track_name(int t);
const char *render_track_name_in(int lang, int t);
const char *render_progress_name(int card);
const char *render_progress_name_in(int lang, int card);
const char *render_knight_level_in(int lang, int level);
/* Cities & Knights: goods in a language, "2 wool, 1 paper" (object: as the object of a verb);
 * two goods q holds as a command names them, in English ("2 ore", "1 wool 1 coin"; "LIST"
 * when q holds none), for the example of !take. Into buf (size bytes). */
const char *render_goods_in(int lang, const uint8_t res[RES_COUNT], const uint8_t com[COM_COUNT],
                            int object, char *buf, size_t size);
const char *render_take_example(const struct game *g, int q, char *buf, size_t size);

/* The board drawing for !board (public): hexes with letter, terrain ("gold" for a gold field,
 * black on yellow in colour), number token and robber,
 * every vertex number, buildings and roads marked with the owner's letter (and colour), the
 * harbors on the coast, and a legend of the seat letters. Base board: at most 80 columns and
 * 20 lines; big board: 96 columns and 24 lines. */
void render_board(const struct game *g, const struct render_style *st,
                  const struct render_sink *out);

/* The same for a board whose geometry is not one of the built-in kinds (a map under test):
 * geo stands for game_geo(g). Sea hexes are drawn with their letter among '~' waves; a map
 * with sea hexes keeps within 100 columns and 30 lines. */
void render_board_geo(const struct game *g, const struct board_geo *geo,
                      const struct render_style *st, const struct render_sink *out);

/* The limits render_board keeps to for a geometry: visible columns and lines. */
void render_board_limits(const struct board_geo *geo, int *cols, int *rows);

/* The end of a game, after the winner's line (public, two lines): each seat's points broken
 * down (settlements, cities, victory point cards, longest road, largest army), then the number
 * of turns, the duration and the dice histogram (rolls[i]: how often i + 2 was rolled). */
void render_summary(const struct game *g, const struct render_style *st, int64_t duration_s,
                    const uint16_t rolls[11], const struct render_sink *out);

/* The pips of a number token: how many of the 36 rolls of two dice give it (0 for none). */
int render_pips(int token);

/* What corner v (0-based) is worth, for !corner, as seat sees it (RENDER_PUBLIC: someone not
 * playing). One line of public facts only (the caller sends it to whoever asked): "#chan corner 12:
 * A wood 6 (5 pips), B ore 3 (2 pips), sea; 7 pips, 2 resources | harbor 3:1 | bob's settlement",
 * then whether seat may build there now, or why not (the distance rule, no road of theirs). */
void render_corner(const struct game *g, const struct render_style *st, int seat, int v,
                   const struct render_sink *out);

/* The dice histogram for !dice (public): "#chan dice (42 rolls): 2:1 3:4 ... 12:1". */
void render_dice(const struct render_style *st, const uint16_t rolls[11],
                 const struct render_sink *out);

/* The board as lists for !board text (public): "#chan hexes: ...", "#chan harbors: ...",
 * "#chan buildings: ...". On a map with sea hexes, "#chan hexes: ..." lists the land and a
 * line "#chan sea: C, H, M, ..." (after the hexes) names the sea hexes. The Jungle variant's
 * desert is "J jungle 4 robber". The Great River's gold mine is "L gold mine robber", and a line
 * "#chan river: J, K, L" (after the hexes) names the hexes where this game laid the river. */
void render_board_text(const struct game *g, const struct render_style *st,
                       const struct render_sink *out);

/* The same for a geometry that is not a built-in kind (see render_board_geo). */
void render_board_text_geo(const struct game *g, const struct board_geo *geo,
                           const struct render_style *st, const struct render_sink *out);

/* The hand of seat, to seat: "#chan hand: 2 wood, 1 ore (3 cards) | dev: knight | new: victory";
 * with the Jungle variant, then " | discoveries: 2" when the player has any; with Cities &
 * Knights the commodities after the resources ("1 ore, 2 paper") and " | progress: alchemist,
 * bishop" (SPEC §5). */
void render_hand(const struct game *g, const struct render_style *st, int seat,
                 const struct render_sink *out);

enum render_spot_kind {
    RENDER_SPOT_SETTLEMENT = 1,
    RENDER_SPOT_ROAD = 2,
    RENDER_SPOT_CITY = 4,
    RENDER_SPOT_SHIP = 8, /* maps with sea */
    RENDER_SPOT_ALL = 15,
    /* Not a kind: at most RENDER_SPOTS_SHORT settlement corners, the best, then how many
     * more (the list for !spots without a kind; the setup has dozens). */
    RENDER_SPOT_SHORT = 16
};
#define RENDER_SPOTS_SHORT 10

/* Where seat may build now, to seat: "#chan spots: settlement 12 17 | road 12-13 | city 5",
 * or "#chan spots: none" when nothing fits or it is not seat's move (SPEC §5), and nothing
 * else on the line. After the setup the kinds are those seat's cards pay for (a place it cannot
 * pay for is not a spot); with RENDER_SPOT_SHORT in kinds (plain !spots) at most
 * RENDER_SPOTS_SHORT settlement corners, the best. The piece supply is respected. kinds is a
 * mask of enum render_spot_kind. Corners are listed best first: most pips, then most
 * different resources. */
void render_spots(const struct game *g, const struct render_style *st, int seat, unsigned kinds,
                  const struct render_sink *out);

/* The Pirate Islands in the drawings: render_fortress_hex is the land hex beside seat's
 * fortress corner (the one without a number first), where its strength is drawn, or -1 when
 * seat has no fortress standing (none on the map, or conquered: then it is seat's settlement).
 * render_warship says whether edge e is one of its owner's warships afloat: a seat's first ships
 * along its route from home, as many as it has warships afloat. */
int render_fortress_hex(const struct game *g, const struct board_geo *geo, int seat);
int render_warship(const struct game *g, const struct board_geo *geo, int e);

/* The Wonders of Catan. A wonder's name as commands take it ("theater", "bridge", "monument",
 * "wall", "cathedral") and in a language ("Great Bridge"); borrowed, "?" when out of range.
 * render_wonders: !wonder's private list for seat (-1: a spectator), a head line and one line
 * per wonder (its condition to start, the cost of a stage, who builds it and how far), each as
 * RENDER_PUBLIC lines of the sink. render_wonder_refusal: why seat may not build wonder w (err
 * from game_wonder_error, or BW_E(NOT_ENOUGH) with the cards missing), into buf; 0 when err
 * is none of the wonders' own. */
const char *render_wonder_key(int w);
const char *render_wonder_name(int lang, int w);
void render_wonders(const struct game *g, const struct render_style *st, int seat,
                    const struct render_sink *out);
int render_wonder_refusal(const struct game *g, const struct render_style *st, int seat, int w,
                          int err, char *buf, size_t size);

/* What the game waits for as a prompt names it: the command(s) the awaited person types,
 * " (!roll or !play CARD)", " (!end when done)", " (!discard LIST, e.g. ...)", " (!settle N)",
 * with the channel's prefix; "" when the game waits for nobody or only for computer players.
 * For the lines that say whose move it is (the status, a refusal, the timer's warning). Into
 * buf (size bytes, at least 1; "" when the hint does not fit); returns buf. */
const char *render_move_hint(const struct game *g, const struct render_style *st, char *buf,
                             size_t size);

/* The status summary (public): turn, phase, whose move and what is awaited (after a 7 or while
 * gold is chosen: who still discards or chooses, and how many cards), then each
 * player's public victory points, cards, development cards, knights and road length (with the
 * Jungle: their discoveries; with the Great River: "1 gold mine point"), and the award holders
 * (with a variant: "| variant: the Jungle", "| variant: the Great River"). time_left (may be NULL)
 * is shown as given, e.g. "1:20 left". */
void render_status(const struct game *g, const struct render_style *st, const char *time_left,
                   const struct render_sink *out);

/* One short line per event, in order, as returned by game_apply(); g is the state after
 * them. Public lines for everything everyone may know; the card a player bought and the card
 * a robber took go only to the players concerned, as extra lines addressed to them. Gold (the
 * cards owed, then taken from the bank) is public, like the discards:
 * "bob chooses 2 cards from the gold fields: !gold RES RES", "bob took 1 wool, 1 ore from the
 * gold fields". The Jungle's discoveries are public too: "bob found 2 discoveries in the jungle
 * (3 in all)", "bob bought a development card with 2 discoveries (20 left)". The Great River's
 * gold mine, when someone builds on it: "bob built on the gold mine, which now gives them 1
 * victory point". A bank short of the gold a roll owes: "the bank cannot pay all the gold
 * owed: nobody takes any". */
void render_events(const struct game *g, const struct render_style *st, const struct game_event *ev,
                   int n_ev, const struct render_sink *out);

/* Cities & Knights: !progress, to seat: "#chan progress: none", or one line per progress card
 * held, "#chan progress: alchemist: before your roll: !play alchemist YELLOW RED sets the
 * dice", saying when and how it is played. */
void render_progress(const struct game *g, const struct render_style *st, int seat,
                     const struct render_sink *out);

/* The name of an event card of the dice deck (enum dice_event) in language lang; "" for a
 * plain card. */
const char *render_dice_event_name(int lang, int event);
/* Cities & Knights: what seat is asked (doc/cities.md, "Asks"). render_ask_prompt: the
 * private prompt to seat, naming what to type and the choices: "#chan the barbarians take one
 * of your cities: !choose V with one of 5, 30 (60 seconds left)" (seconds -1: no timer);
 * nothing when seat is asked nothing or is a computer player. render_ask_choices: the corners
 * !choose takes from seat now, "5, 30", into buf; returns how many. */
void render_ask_prompt(const struct game *g, const struct render_style *st, int seat, int seconds,
                       const struct render_sink *out);
int render_ask_choices(const struct game *g, int seat, char *buf, size_t size);
/* The goods seat holds, "2 wool, 1 coin" ("nothing"), in lang, into buf. */
const char *render_goods_held(const struct game *g, int lang, int seat, char *buf, size_t size);

/* A sink that keeps the lines, for callers that queue them (and for tests). Caller-owned;
 * render_lines_fini frees the copies. On allocation failure lines are dropped and failed is
 * set. */
struct render_line {
    int to;
    char *text;
};

struct render_lines {
    struct render_line *v;
    int n, cap;
    int failed;
};

void render_lines_init(struct render_lines *l);
void render_lines_fini(struct render_lines *l);
/* A sink appending to l; l must outlive the sink's use. */
struct render_sink render_lines_sink(struct render_lines *l);

/* Catan for two (two.c; doc/two.md). render_style_neutrals: st (made for g's seated players,
 * its language set) names the neutral players too, as seats 2 and 3 ("neutral A", letters x
 * and y, their own colours); nothing for another game. render_neutral_choices: the spots
 * !neutral takes from seat now, "12-13, 40-41 a|b" or "5, 30", into buf (how many).
 * render_tokens: "trade tokens: alice 5, bob 4 (supply: 11)", with what a token action costs
 * seat (-1: not said), into buf. */
void render_style_neutrals(struct render_style *st, const struct game *g);
int render_neutral_choices(const struct game *g, int seat, char *buf, size_t size);
void render_tokens(const struct game *g, const struct render_style *st, int seat, char *buf,
                   size_t size);

#endif
