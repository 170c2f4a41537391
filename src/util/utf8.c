#include "util/utf8.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/xmalloc.h"

size_t utf8_decode(const char *str, size_t n, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    if (n == 0)
        return 0;
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    /* The ranges of the second byte follow Unicode table 3-7: they rule out overlong forms
     * (E0, F0), surrogates (ED) and code points above U+10FFFF (F4). */
    size_t need;
    uint32_t v;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        v = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        v = c & 0x0F;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        v = c & 0x07;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        *cp = UTF8_INVALID;
        return 1;
    }
    for (size_t i = 1; i <= need; i++) {
        if (i >= n || s[i] < lo || s[i] > hi) {
            *cp = UTF8_INVALID;
            return i;
        }
        lo = 0x80;
        hi = 0xBF;
        v = (v << 6) | (s[i] & 0x3F);
    }
    *cp = v;
    return need + 1;
}

size_t utf8_encode(uint32_t cp, char out[4])
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return 0;
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp <= 0x10FFFF) {
        out[0] = (char)(0xF0 | (cp >> 18));
        out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[3] = (char)(0x80 | (cp & 0x3F));
        return 4;
    }
    return 0;
}

bool utf8_valid(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint32_t cp;
        i += utf8_decode(s + i, n - i, &cp);
        if (cp == UTF8_INVALID)
            return false;
    }
    return true;
}

static const char replacement[] = "\xEF\xBF\xBD";

char *utf8_repair(const char *s, size_t n, size_t *out_len)
{
    struct strbuf sb = STRBUF_INIT;
    sb_reserve(&sb, n);
    size_t i = 0;
    while (i < n) {
        uint32_t cp;
        size_t u = utf8_decode(s + i, n - i, &cp);
        if (cp == UTF8_INVALID)
            sb_append_len(&sb, replacement, 3);
        else
            sb_append_len(&sb, s + i, u);
        i += u;
    }
    return sb_detach(&sb, out_len);
}

size_t utf8_truncate(const char *s, size_t n, size_t max)
{
    if (n <= max)
        return n;
    size_t i = 0;
    for (;;) {
        uint32_t cp;
        size_t u = utf8_decode(s + i, n - i, &cp);
        if (i + u > max)
            return i;
        i += u;
    }
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_hex(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Digits after a \x03 (at s, n bytes): "fg" or "fg,bg" with 1-2 digits each. A comma not
 * followed by a digit is ordinary text, as in "\x034,". */
static size_t colour_digits(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && i < 2 && is_digit(s[i]))
        i++;
    if (i == 0 || i + 1 >= n || s[i] != ',' || !is_digit(s[i + 1]))
        return i;
    size_t j = i + 1;
    while (j < n && j < i + 3 && is_digit(s[j]))
        j++;
    return j;
}

/* Digits after a \x04: "RRGGBB" or "RRGGBB,RRGGBB"; anything shorter is ordinary text. */
static size_t hex_colour_digits(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && i < 6 && is_hex(s[i]))
        i++;
    if (i < 6)
        return 0;
    if (n < 13 || s[6] != ',')
        return 6;
    for (size_t j = 7; j < 13; j++)
        if (!is_hex(s[j]))
            return 6;
    return 13;
}

/* The bytes of the indivisible unit at s: a colour code with its digits, or one character
 * (an invalid stretch counting as one). */
static size_t text_unit(const char *s, size_t n, uint32_t *cp)
{
    if (s[0] == '\x03') {
        *cp = 0x03;
        return 1 + colour_digits(s + 1, n - 1);
    }
    if (s[0] == '\x04') {
        *cp = 0x04;
        return 1 + hex_colour_digits(s + 1, n - 1);
    }
    return utf8_decode(s, n, cp);
}

static bool strip_code_point(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

size_t utf8_sanitize_into(char *dst, size_t size, const char *src, size_t n)
{
    size_t o = 0, i = 0;
    while (i < n) {
        uint32_t cp;
        size_t u = text_unit(src + i, n - i, &cp);
        const char *out = src + i;
        size_t len = u;
        if (cp == UTF8_INVALID) {
            out = replacement;
            len = 3;
        } else if (cp == '\t') {
            out = " ";
            len = 1;
        } else if (strip_code_point(cp)) {
            len = 0;
        }
        if (o + len >= size)
            break;
        memcpy(dst + o, out, len);
        o += len;
        i += u;
    }
    dst[o] = '\0';
    return o;
}

char *utf8_sanitize(const char *s)
{
    size_t n = strlen(s);
    /* Only U+FFFD for a single invalid byte grows the text, threefold at most. */
    size_t size = n * 3 + 1;
    char *d = xmalloc(size);
    utf8_sanitize_into(d, size, s, n);
    return d;
}

void utf8_split_init(struct utf8_splitter *sp, const char *s, size_t n, size_t max)
{
    sp->s = s;
    sp->n = n;
    sp->pos = 0;
    sp->max = max < 4 ? 4 : max;
}

bool utf8_split_next(struct utf8_splitter *sp, const char **piece, size_t *len)
{
    const char *s = sp->s;
    size_t pos = sp->pos, n = sp->n, max = sp->max;
    if (pos >= n)
        return false;
    *piece = s + pos;
    if (n - pos <= max) {
        *len = n - pos;
        sp->pos = n;
        return true;
    }

    /* Walk whole units while they fit, remembering where the last run of spaces began. */
    size_t i = pos, space_cut = pos;
    for (;;) {
        uint32_t cp;
        size_t u = text_unit(s + i, n - i, &cp);
        if (i + u - pos > max)
            break;
        if (s[i] == ' ' && i > pos && s[i - 1] != ' ')
            space_cut = i;
        i += u;
    }
    /* The rest is longer than max, so the walk stopped before the end: s[i] exists. */
    if (s[i] == ' ') {
        size_t j = i;
        while (j > pos && s[j - 1] == ' ')
            j--;
        if (j > pos)
            space_cut = j;
    }

    size_t cut;
    if (space_cut > pos)
        cut = space_cut;
    else if (i > pos)
        cut = i;
    else
        cut = pos + max; /* a colour code longer than max: its bytes are all ASCII */

    *len = cut - pos;
    while (cut < n && s[cut] == ' ')
        cut++;
    sp->pos = cut;
    return true;
}
