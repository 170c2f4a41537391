#include "util/strbuf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xmalloc.h"

void sb_init(struct strbuf *sb)
{
    sb->buf = NULL;
    sb->len = 0;
    sb->cap = 0;
}

void sb_fini(struct strbuf *sb)
{
    free(sb->buf);
    sb_init(sb);
}

void sb_reset(struct strbuf *sb)
{
    sb->len = 0;
    if (sb->buf)
        sb->buf[0] = '\0';
}

const char *sb_str(const struct strbuf *sb)
{
    return sb->buf ? sb->buf : "";
}

void sb_reserve(struct strbuf *sb, size_t extra)
{
    if (extra >= SIZE_MAX - sb->len) {
        fprintf(stderr, "fatal: string buffer size overflow\n");
        abort();
    }
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return;
    /* Doubling keeps repeated appends linear overall. */
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    sb->buf = xrealloc(sb->buf, cap);
    sb->cap = cap;
    if (sb->len == 0)
        sb->buf[0] = '\0';
}

void sb_append_len(struct strbuf *sb, const char *s, size_t n)
{
    sb_reserve(sb, n);
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
}

void sb_append(struct strbuf *sb, const char *s)
{
    sb_append_len(sb, s, strlen(s));
}

void sb_appendc(struct strbuf *sb, char c)
{
    sb_append_len(sb, &c, 1);
}

void sb_vappendf(struct strbuf *sb, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    /* Try in the space already there first: most appends are short and fit. */
    size_t room = sb->cap > sb->len ? sb->cap - sb->len : 0;
    int n = vsnprintf(room ? sb->buf + sb->len : NULL, room, fmt, ap);
    if (n < 0) {
        va_end(again);
        fprintf(stderr, "fatal: bad format string \"%s\"\n", fmt);
        abort();
    }
    if ((size_t)n >= room) {
        sb_reserve(sb, (size_t)n);
        vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, again);
    }
    va_end(again);
    sb->len += (size_t)n;
}

void sb_appendf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vappendf(sb, fmt, ap);
    va_end(ap);
}

void sb_truncate(struct strbuf *sb, size_t len)
{
    if (len < sb->len) {
        sb->len = len;
        sb->buf[len] = '\0';
    }
}

char *sb_detach(struct strbuf *sb, size_t *len)
{
    char *s = sb->buf ? sb->buf : xstrdup("");
    if (len)
        *len = sb->len;
    sb_init(sb);
    return s;
}
