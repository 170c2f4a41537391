#include "util/url.h"

#include <stdio.h>
#include <string.h>

static bool unreserved(unsigned char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
           ch == '-' || ch == '.' || ch == '_' || ch == '~';
}

struct out {
    char *buf;
    size_t size, len;
};

static void put(struct out *o, char ch)
{
    if (o->len + 1 < o->size)
        o->buf[o->len] = ch;
    o->len++;
}

static void put_encoded(struct out *o, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (unreserved(*p)) {
            put(o, (char)*p);
        } else {
            put(o, '%');
            put(o, hex[*p >> 4]);
            put(o, hex[*p & 15]);
        }
    }
}

size_t url_game_path(const char *network, const char *channel, char *buf, size_t size)
{
    struct out o = {buf, size, 0};
    put(&o, '/');
    put(&o, 'g');
    put(&o, '/');
    put_encoded(&o, network);
    put(&o, '/');
    put_encoded(&o, channel[0] == '#' && channel[1] ? channel + 1 : channel);
    if (size)
        buf[o.len < size ? o.len : size - 1] = 0;
    return o.len;
}

bool url_channel_of(const char *segment, char *buf, size_t size)
{
    if (!segment[0])
        return false;
    bool own = segment[0] == '#' || segment[0] == '&';
    int n = snprintf(buf, size, "%s%s", own ? "" : "#", segment);
    return n > 0 && (size_t)n < size;
}
