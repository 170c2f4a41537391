#include "web/escape.h"

#include <string.h>

#include "engine/game.h"
#include "util/utf8.h"

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

void web_escape(struct strbuf *out, const char *text)
{
    static const char *const ent[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    static const char marks[] = "&<>\"'";
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        const char *hit = strchr(marks, *p);
        if (hit) {
            sb_append(out, ent[hit - marks]);
            p++;
        } else if (*p == 0x03) {
            /* mIRC colour: ^C, up to two digits, then ",NN" for the background. */
            p++;
            for (int k = 0; k < 2 && is_digit(*p); k++)
                p++;
            if (p[0] == ',' && is_digit(p[1])) {
                p += 2;
                if (is_digit(*p))
                    p++;
            }
        } else if (*p < 0x20 || *p == 0x7f) {
            p++;
        } else if (*p < 0x80) {
            sb_appendc(out, (char)*p++);
        } else {
            /* Strict decoding (util/utf8): broken UTF-8, and U+FFFE and U+FFFF, which XML
             * does not allow, show as '?'; C1 controls are dropped. */
            uint32_t cp;
            size_t n = utf8_decode((const char *)p, strnlen((const char *)p, 4), &cp);
            if (cp == UTF8_INVALID || cp == 0xfffe || cp == 0xffff)
                sb_appendc(out, '?');
            else if (cp > 0x9f)
                sb_append_len(out, (const char *)p, n);
            p += n;
        }
    }
}

static const char *const seat_fill[GAME_MAX_PLAYERS] = {"#d55e00", "#0072b2", "#009e73",
                                                        "#e69f00", "#cc79a7", "#56b4e9"};
static const char *const seat_ink[GAME_MAX_PLAYERS] = {"#fff", "#fff", "#fff",
                                                       "#000", "#000", "#000"};

const char *web_seat_fill(int seat)
{
    return seat >= 0 && seat < GAME_MAX_PLAYERS ? seat_fill[seat] : "#888";
}

const char *web_seat_ink(int seat)
{
    return seat >= 0 && seat < GAME_MAX_PLAYERS ? seat_ink[seat] : "#000";
}
