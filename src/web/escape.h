/* Text from IRC made safe for HTML and SVG: the five markup characters as entities, mIRC
 * formatting codes (colour, bold, ...) and other control characters dropped, broken UTF-8 and
 * the code points XML forbids shown as '?'. The result is valid in element text and in a
 * quoted attribute value alike. */
#ifndef BW_WEB_ESCAPE_H
#define BW_WEB_ESCAPE_H

#include "util/strbuf.h"

void web_escape(struct strbuf *out, const char *text);

/* The seat's colours in the web view (Okabe and Ito's palette, which colour-blind readers tell
 * apart, in the order of the text drawing's seat colours), as "#rrggbb": the piece's fill and
 * the ink of its letter. "#888" / "#000" for a seat out of range. */
const char *web_seat_fill(int seat);
const char *web_seat_ink(int seat);

#endif
