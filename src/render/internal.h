/* Shared between the render files; not for other layers. */
#ifndef BW_RENDER_INTERNAL_H
#define BW_RENDER_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>

#include "render/render.h"

/* mIRC control codes. */
#define MIRC_BOLD "\x02"
#define MIRC_COLOR "\x03"
#define MIRC_RESET "\x0f"

/* One line under construction; appends that would pass RENDER_LINE_MAX are cut at a UTF-8
 * boundary and set full. */
struct rline {
    char s[RENDER_LINE_MAX + 1];
    size_t len;
    int full;
};

void rline_init(struct rline *l);
void rline_add(struct rline *l, const char *s);
void rline_addn(struct rline *l, const char *s, size_t n);
void rline_addf(struct rline *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A seat's nick, in its colour in colour mode. */
void rline_nick(struct rline *l, const struct render_style *st, int seat);
/* The same as a string: into buf (NICK_BUF bytes) in colour mode, else a borrowed constant. */
#define NICK_BUF (RENDER_NICK_MAX + 16)
const char *nick_str(const struct render_style *st, int seat, char *buf);
/* "2 wood, 1 ore" (zero counts left out); "nothing" when all are zero. In English. */
void rline_cards(struct rline *l, const uint8_t res[RES_COUNT]);
/* The same in language lang, appended to l or written into buf (of size bytes; CARDS_BUF is
 * enough). */
#define CARDS_BUF 320
void rline_cards_in(struct rline *l, int lang, const uint8_t res[RES_COUNT]);
/* cards_str says the list as the object of a verb ("receives 1 ore": the accusative where the
 * language declines), hand_cards_str standing alone (the hand). */
const char *cards_str(int lang, const uint8_t res[RES_COUNT], char *buf, size_t size);
const char *hand_cards_str(int lang, const uint8_t res[RES_COUNT], char *buf, size_t size);

/* The command prefix of the style's channel ("!"). */
const char *style_prefix(const struct render_style *st);
/* Whether a seat is a computer player's (its name ends in "(bot)"): prompts name no command
 * for it. */
int seat_is_robot(const struct render_style *st, int seat);
/* A seat's name as a command takes it: the nick, a computer player's without " (bot)". */
const char *seat_command_name(const struct render_style *st, int seat, char *buf, size_t size);

/* Append message msg of the catalogue in the style's language, formatted with the arguments
 * (printf conversions). One whole sentence per message, the pieces (nicks from nick_str,
 * numbers, board addresses, card lists) as arguments. In a right-to-left language each
 * conversion's output is isolated (FSI ... PDI) so that nicks, numbers and addresses keep
 * their order. */
void rline_tr(struct rline *l, const struct render_style *st, int msg, ...);
void rline_vtr(struct rline *l, const struct render_style *st, int msg, va_list ap);
/* A format that needs no words (punctuation and conversions only), isolated in the same way;
 * and one piece of text (a card list, a nick), isolated as a whole in a right-to-left
 * language. */
void rline_fmt(struct rline *l, const struct render_style *st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void rline_iso(struct rline *l, const struct render_style *st, const char *s);

/* Send l (if not empty) to out. */
void rline_emit(struct rline *l, const struct render_sink *out, int to);

/* A list of items after a fixed prefix ("#chan hexes: "), split into as many lines as needed,
 * each starting with the prefix again. Items may be grouped under a head ("road" in
 * "road 1-2 2-3"); a line that starts inside a group repeats its head. */
struct rlist {
    const struct render_sink *out;
    int to;
    const char *sep;       /* between items */
    const char *group_sep; /* before a group head that is not first on its line */
    char prefix[RENDER_CHAN_MAX + 64];
    char head[RENDER_NICK_MAX + 32];
    char line_head[RENDER_NICK_MAX + 32];
    int head_pending; /* the head is not yet on the current line */
    struct rline line;
    int items;   /* items on the current line */
    int emitted; /* lines already sent */
    int rtl;     /* each item isolated (FSI ... PDI): set after rlist_begin for Arabic */
};

void rlist_begin(struct rlist *r, const struct render_sink *out, int to, const char *prefix,
                 const char *sep);
/* Start a group: following items come after head, or after line_head (NULL: head) on a line
 * that starts inside the group; group_sep goes before the head. */
void rlist_group(struct rlist *r, const char *head, const char *line_head, const char *group_sep);
void rlist_item(struct rlist *r, const char *item);
/* Send the last line; when no item was added at all, the prefix followed by if_empty. */
void rlist_end(struct rlist *r, const char *if_empty);

/* "#chan " or "" when the style has no channel; into buf of RENDER_CHAN_MAX + 2 bytes. */
const char *chan_prefix(const struct render_style *st, char *buf);

/* A seat's nick, or "nobody"/"someone" (in the style's language) when out of range. */
const char *seat_nick(const struct render_style *st, int seat);

/* "12-13": an edge as users write it (1-based, smaller first) into buf (8 bytes). */
const char *edge_name(const struct board_geo *geo, int edge, char *buf);

/* Whether a geometry has sea hexes (a Seafarers map): ships, the longest trade route and island
 * points are only spoken of there, so the base and big boards read as before. */
int geo_has_sea(const struct board_geo *geo);

/* Whether the piece on edge e is a ship (a road otherwise, or nothing when it has no owner). */
int edge_is_ship(const struct game *g, int e);

/* The hex the pirate is on when it is a sea hex of geo, else -1 (no pirate on the map). */
int pirate_hex(const struct game *g, const struct board_geo *geo);
/* The fog still hidden: the game's when GEO is its own geometry, else none (a drawing of a
 * geometry that is not a built-in kind). The land is game_land(). */
uint64_t fog_now(const struct game *g, const struct board_geo *geo);

/* Whether g is played with the Jungle variant (its deserts are jungles that give discoveries):
 * discoveries are only spoken of there, so the other boards read as before. */
int is_jungle(const struct game *g);

/* A list under "#chan WHAT: " (WHAT a message), as the board text's lists (text.c). */
void render_list_begin(struct rlist *r, const struct render_style *st,
                       const struct render_sink *out, int what, const char *sep);

/* The Forgotten Tribe and Cloth for Catan (tribe.c). A harbor as the lists name it, "wool 2:1
 * 12-13" or "3:1" (edge NULL), into buf. */
const char *harbor_item(int lang, int type, const char *edge, char *buf, size_t size);
/* Whether gift spot k of geo still holds its gift; whether its harbor stands placed. */
int tribe_gift_lies(const struct game *g, const struct board_geo *geo, int k);
int tribe_harbor_placed(const struct game *g, const struct board_geo *geo, int k);
/* The board text's lines "#chan gifts: ..." and "#chan villages: ...". */
void tribe_gifts_text(const struct game *g, const struct board_geo *geo,
                      const struct render_style *st, const struct render_sink *out);
void tribe_villages_text(const struct game *g, const struct board_geo *geo,
                         const struct render_style *st, const struct render_sink *out);
/* The hand's " | harbors: wool 2:1" and " | cloth: 3", when seat has any. */
void tribe_hand(const struct game *g, const struct render_style *st, int seat, struct rline *l);
/* The Pirate Islands (render/pirates.c): the board text's "pirates: fleet K; ann: fortress at
 * 12, strength 3, warships 1; ...", and the hand's " | fortress: strength 3, warships 1". */
void pirates_text(const struct game *g, const struct board_geo *geo, const struct render_style *st,
                  const struct render_sink *out);
void pirates_hand(const struct game *g, const struct render_style *st, int seat, struct rline *l);

/* The Wonders of Catan (wonders.c): the board text's line "#chan wonders: Theater alice 2/4,
 * Great Bridge free, ..., Great Bridge corners 9 15 40, ..."; the status's " | wonders: ...";
 * !spots' group "wonder theater" (what seat may start or build now and pays for); after "NICK
 * wins with N victory points", the winner's wonder (finished, or the furthest). */
void wonders_text(const struct game *g, const struct render_style *st,
                  const struct render_sink *out);
void wonders_status(struct rline *l, const struct game *g, const struct render_style *st);
void wonders_spots(struct rlist *r, const struct game *g, const struct render_style *st, int seat);
void wonders_game_over(struct rline *l, const struct game *g, const struct render_style *st,
                       int winner);

/* A word of the board drawing in language lang; English in a right-to-left one, whose words
 * would turn round inside the left-to-right lines of the drawing (borrowed). */
const char *render_draw_word(int lang, int msg);

/* Cities & Knights in the drawing (cities_draw.c). What goes around corner v's number: the
 * seat of a knight there (-1: none) and whether it is active (its letter in capitals), a city
 * wall ('[' before the letter), and after the number a knight's level (a superscript) or a
 * metropolis's track letter, in language lang. Returns whether there is any of them. */
struct ckdraw_corner {
    int knight, active, wall;
    char after[8]; /* one column, UTF-8 */
};
int ckdraw_corner(const struct game *g, int v, int lang, struct ckdraw_corner *m);
/* The knight at corner v: its KNIGHT_* state (0: none) and, when there is one, its seat. */
int ckdraw_knight(const struct game *g, int v, int *seat);
/* The track whose metropolis stands at corner v, or -1; whether a city wall stands there. */
int ckdraw_metropolis(const struct game *g, int v);
int ckdraw_wall(const struct game *g, int v);
/* The merchant's hex and its holder (seat), or -1 before it is played. */
int ckdraw_merchant(const struct game *g, int *seat);
/* The legend's items for the expansion's marks on g's board ("a#²=knight, level 2", lower and
 * upper the example seat letters) and the barbarians' place ("barbarians 3/7"); how many. */
enum { CKDRAW_LEGEND_MAX = 8, CKDRAW_LEGEND_ITEM = 64 };
int ckdraw_legend(const struct game *g, int lang, char lower, char upper,
                  char items[CKDRAW_LEGEND_MAX][CKDRAW_LEGEND_ITEM]);
/* The dice deck's event cards (dice_events.c): dice_event_render, the lines of an event of
 * theirs (1) or 0 for another event; render_dice_prompt, what seat is asked, privately;
 * dice_ask_status, " | " and who is asked what, for the status. */
int dice_event_render(const struct game *g, const struct render_style *st,
                      const struct game_event *e, const struct render_sink *out);
void render_dice_prompt(const struct game *g, const struct render_style *st, int seat, int seconds,
                        const struct render_sink *out);
void dice_ask_status(struct rline *l, const struct game *g, const struct render_style *st);

/* A land hex as event lines name it, "C (wood 6)" (events.c), into buf. */
const char *event_hex_label(const struct game *g, int lang, int h, char *buf, size_t size);

/* Cities & Knights (cities.c, cities_text.c). goods_str: resources then commodities, "2 wood,
 * 1 paper" ("nothing" when none), as the object of a verb or standing alone (object 0).
 * progress_hand_str: seat's progress cards, "alchemist, bishop". cities_event: the lines of
 * ev[i] (and of the event die after a roll: it returns how many events it said, 0 for one it
 * leaves to events.c). cities_pending: the players who must draw a progress card of their
 * choice, give up a fifth or answer what they are asked (bit per seat). The rest add the
 * expansion's parts to the hand, the status, the board text and !spots. */
const char *goods_str(int lang, const uint8_t res[RES_COUNT], const uint8_t com[COM_COUNT],
                      int object, char *buf, size_t size);
const char *progress_hand_str(const struct game *g, int lang, int seat, char *buf, size_t size);
int cities_event(const struct game *g, const struct render_style *st, const struct game_event *ev,
                 int i, int n_ev, const struct render_sink *out);
unsigned cities_pending(const struct game *g);
/* What a player is asked (asks.c): the line of an EV_ASK (with hint, the command that answers
 * when the player asked is a person); " | " and that line for each player asked now, for the
 * status; the command that answers ask, " (!choose V)" or " (!give LIST)". */
void cities_ask_line(struct rline *l, const struct render_style *st, const struct game_event *e,
                     const char *p, const char *o, int hint);
void cities_ask_status(struct rline *l, const struct game *g, const struct render_style *st);
void cities_ask_hint(struct rline *l, const struct render_style *st, int ask);
/* To the master merchant's or the spy's player choosing (seat, ASK_TAKE or ASK_SPY): what they
 * see in the target's hand and what to type, as when they first looked. */
void cities_look_prompt(struct rline *l, const struct game *g, const struct render_style *st,
                        int seat);
void cities_hand(const struct game *g, const struct render_style *st, int seat, struct rline *l);
void cities_status_player(struct rline *l, const struct game *g, const struct render_style *st,
                          int p);
void cities_status(struct rline *l, const struct game *g, const struct render_style *st);
void cities_awaited(struct rline *l, const struct game *g, const struct render_style *st);
int cities_hint(struct rline *l, const struct game *g, const struct render_style *st);
void cities_text(const struct game *g, const struct render_style *st,
                 const struct render_sink *out);
void cities_spots(struct rlist *r, const struct game *g, const struct render_style *st, int seat);

/* Catan for two (two.c). two_event: the lines of e (1), or 0 for one events.c says;
 * two_ask_line: an ASK_NEUTRAL's or ASK_RETURN's line (hint: the command, for a person);
 * two_ask_prompt: the private prompt of the player asked; two_awaited: " | " and that line for
 * the player asked now, for the status; two_hint: the command of the awaited person when asked
 * (1), else 0. */
int two_event(const struct game *g, const struct render_style *st, const struct game_event *e,
              const struct render_sink *out);
void two_ask_line(struct rline *l, const struct render_style *st, const struct game_event *e,
                  const char *p, const char *o, int hint);
void two_ask_prompt(const struct game *g, const struct render_style *st, int seat, int seconds,
                    const struct render_sink *out);
void two_awaited(struct rline *l, const struct game *g, const struct render_style *st);
int two_hint(struct rline *l, const struct game *g, const struct render_style *st);
/* An example of the goods seat may give when asked, as !give takes them ("1 wool 1 coin"):
 * the engine's first legal answer (asks.c). */
const char *give_example(const struct game *g, int seat, char *buf, size_t size);

#endif
