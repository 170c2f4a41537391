/* The board as an SVG picture, for the read-only web view: game state in, one SVG 1.1 document
 * out. Only public facts are drawn (the board, the pieces, the robber and pirate, the fog as
 * fog); nothing here knows about HTTP.
 *
 * The picture comes from the board's geometry (engine/board.h), the same coordinates the text
 * drawing uses, with its numbering: hex letters and 1-based vertex numbers. A geometry point
 * (x, y) is drawn at
 *     X = WEB_SVG_PAD + (x - geo->min_x) * WEB_SVG_X_UNIT
 *     Y = WEB_SVG_PAD + (y - geo->min_y) * WEB_SVG_Y_UNIT
 * whole numbers, with the units in the ratio of a regular hexagon's half width to its quarter
 * height (26:15, within 0.1% of sqrt(3)).
 *
 * Each piece of the picture is a group with a class, an id and its place as a translation, so
 * that the page (and the tests) can find it: class="hex" id="hex-A" at the hex centre (its
 * terrain as <title>, "fog" for fog; a polygon from the geometry's corners, the letter, the
 * token with its pips, or "?" for fog), class="road" and class="ship" id="e-12-13" (the side's
 * two vertex numbers), class="settlement" and class="city" id="v-12", class="harbor"
 * id="h-12-13", class="robber" id="robber-A" and class="pirate" id="pirate-M" (beside the
 * token), class="corner" id="c-12" (a corner's number, on request: on the corner, or beside
 * the building there), class="seat" id="seat-0" (the legend under the board). Pieces show the
 * seat's letter (render_style's) besides its colour, for colour-blind readers. The document
 * has no XML declaration, so it also goes inline into an HTML page as it is.
 *
 * No label is clipped or covers another: a harbor's label keeps clear of the tokens, the hex
 * letters, the corners and the other labels, and a corner's number of the tokens, the
 * harbors, the buildings, the robber and pirate and the other numbers; the viewBox holds every
 * label (its origin may be left of or above 0 0), taking text as wide as web_svg_text_width
 * says. */
#ifndef BW_WEB_SVG_H
#define BW_WEB_SVG_H

#include <stddef.h>

#include "engine/game.h"

enum { WEB_SVG_X_UNIT = 26, WEB_SVG_Y_UNIT = 15, WEB_SVG_PAD = 48 };

/* What is drawn besides the board and the pieces: every corner's number. */
enum { WEB_SVG_VERTEX_NUMBERS = 1 };

/* An upper bound of the width of text (UTF-8, as drawn) in a sans-serif font of font_size,
 * bold or not (DejaVu Sans, the widest of the usual ones, stays within it): 1.15 em for m, w,
 * M, W, @ and %, 0.9 em for the other capitals and & # ~ + < = > ^, 0.8 em for any other ASCII
 * character, 1 em for a character beyond ASCII. */
double web_svg_text_width(const char *text, double font_size);

/* The SVG document of g's board into out (size bytes, NUL-terminated when size > 0), with a
 * legend naming one nick per seat (nicks holds n_seats strings, NULL entries "seatN"; they are
 * escaped for XML). flags is a mask of WEB_SVG_VERTEX_NUMBERS. Returns the length of the
 * whole document, like snprintf: a return >= size means out holds only its beginning (out may
 * be NULL when size is 0, to learn the length). */
size_t web_svg_board(const struct game *g, const char *const *nicks, int n_seats, unsigned flags,
                     char *out, size_t size);

#endif
