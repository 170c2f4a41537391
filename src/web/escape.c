#include "web/escape.h"

#include <string.h>

#include "engine/game.h"

/* The length of the well-formed UTF-8 sequence at s, or 0: text from IRC may be any bytes, and
 * an XML document must be valid UTF-8. */
static size_t utf8_len(const unsigned char *s)
{
    size_t n = *s >= 0xf0 && *s <= 0xf4 ? 4 : *s >= 0xe0 ? 3 : *s >= 0xc2 && *s < 0xe0 ? 2 : 0;
    if (*s >= 0xf5)
        n = 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    /* No overlong form, no surrogate, nothing past U+10FFFF, and not U+FFFE or U+FFFF, which
     * XML does not allow either. */
    if ((*s == 0xe0 && s[1] < 0xa0) || (*s == 0xed && s[1] >= 0xa0) ||
        (*s == 0xf0 && s[1] < 0x90) || (*s == 0xf4 && s[1] >= 0x90) ||
        (*s == 0xef && s[1] == 0xbf && s[2] >= 0xbe))
        return 0;
    return n;
}

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
            size_t n = utf8_len(p);
            sb_append_len(out, n ? (const char *)p : "?", n ? n : 1);
            p += n ? n : 1;
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
