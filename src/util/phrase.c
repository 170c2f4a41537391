#include "util/phrase.h"

#include <stdbool.h>
#include <string.h>

static bool is_break(char c)
{
    return c == ' ' || c == '\t' || c == '_' || c == '-';
}

/* The lower case of the two-byte capital at p (Cyrillic, and the Serbian Latin letters with
 * diacritics) into low, or false for any other bytes. */
static bool lower2(const unsigned char *p, unsigned char low[2])
{
    unsigned a = p[0], b = p[1];
    if (a == 0xd0 && b >= 0x80 && b <= 0x8f) { /* U+0400..U+040F: Є, І, Ї, ... */
        low[0] = 0xd1;
        low[1] = (unsigned char)(b + 0x10);
    } else if (a == 0xd0 && b >= 0x90 && b <= 0x9f) { /* А..П */
        low[0] = 0xd0;
        low[1] = (unsigned char)(b + 0x20);
    } else if (a == 0xd0 && b >= 0xa0 && b <= 0xaf) { /* Р..Я */
        low[0] = 0xd1;
        low[1] = (unsigned char)(b - 0x20);
    } else if ((a == 0xd2 && b == 0x90) || (a == 0xc4 && (b == 0x86 || b == 0x8c || b == 0x90)) ||
               (a == 0xc5 && (b == 0xa0 || b == 0xbd))) { /* Ґ, Ć, Č, Đ, Š, Ž */
        low[0] = (unsigned char)a;
        low[1] = (unsigned char)(b + 1);
    } else {
        return false;
    }
    return true;
}

size_t phrase_fold(const char *text, char *out, size_t size)
{
    size_t o = 0;
    bool gap = false;
    for (const char *p = text; *p; p++) {
        if (is_break(*p)) {
            gap = o > 0;
            continue;
        }
        if (gap && o + 1 < size)
            out[o++] = ' ';
        gap = false;
        unsigned char low[2];
        if (p[1] && lower2((const unsigned char *)p, low)) {
            if (o + 2 < size) {
                out[o++] = (char)low[0];
                out[o++] = (char)low[1];
            }
            p++;
        } else if (o + 1 < size) {
            out[o++] = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
        }
    }
    out[o] = '\0';
    if (strncmp(out, "the ", 4) == 0) {
        memmove(out, out + 4, o - 3);
        o -= 4;
    }
    return o;
}

/* Adds value to found unless it is there already. */
static void add(struct phrase_found *found, int value)
{
    for (int i = 0; i < found->n; i++)
        if (found->values[i] == value)
            return;
    if (found->n < PHRASE_FOUND_MAX)
        found->values[found->n++] = value;
}

int phrase_find(const char *text, const char *const *names, const int *values, int n,
                struct phrase_found *found)
{
    char want[128], name[128];
    size_t len = phrase_fold(text, want, sizeof want);
    found->n = 0;
    if (len == 0)
        return 0;
    for (int i = 0; i < n; i++) {
        phrase_fold(names[i], name, sizeof name);
        if (strcmp(name, want) == 0) {
            found->values[0] = values[i];
            return found->n = 1;
        }
    }
    for (int i = 0; i < n; i++) {
        phrase_fold(names[i], name, sizeof name);
        if (strncmp(name, want, len) == 0)
            add(found, values[i]);
    }
    return found->n;
}
