/* The words of a map line's value (words.h). */
#include "map/words.h"

#include <string.h>

const char *const map_corner_names[6] = {"N", "NE", "SE", "S", "SW", "NW"};

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

int map_same_word(const char *a, const char *b)
{
    while (*a && lower(*a) == lower(*b))
        a++, b++;
    return !*a && !*b;
}

int map_find_word(const char *w, const char *const *list, int n)
{
    for (int i = 0; w && i < n; i++)
        if (map_same_word(w, list[i]))
            return i;
    return -1;
}

char *map_next_word(char **s)
{
    char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return NULL;
    char *w = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';
    *s = p;
    return w;
}

/* A number of at most 3 digits ending where the string does, or -1. */
static int number(const char *s, const char *end)
{
    int v = 0, n = 0;
    for (; s < end && *s >= '0' && *s <= '9' && n < 3; s++, n++)
        v = v * 10 + (*s - '0');
    return s == end && n ? v : -1;
}

int map_read_pos(const char *s, struct map_pos *out)
{
    const char *dot = s ? strchr(s, '.') : NULL;
    if (!dot)
        return -1;
    int r = number(s, dot), c = number(dot + 1, dot + 1 + strlen(dot + 1));
    if (r < 1 || c < 1 || r > MAP_MAX_ROWS || c > MAP_MAX_COLS)
        return -1;
    out->row = (int8_t)r;
    out->col = (int8_t)c;
    return 0;
}
