/* A growable, always NUL-terminated string buffer in caller-owned storage.
 *
 * struct strbuf sb = STRBUF_INIT;   (or sb_init(&sb))
 * sb_appendf(&sb, "%s rolled %d", nick, n);
 * send(sb_str(&sb), sb.len);
 * sb_fini(&sb);
 *
 * Allocation failures abort (see xmalloc.h). Bytes are copied as given: a strbuf can hold
 * embedded NULs when appended with sb_append_len, though sb_str() then stops at the first. */
#ifndef BW_UTIL_STRBUF_H
#define BW_UTIL_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
    char *buf;  /* NULL until the first append; read it through sb_str() */
    size_t len; /* bytes used, not counting the terminating NUL */
    size_t cap; /* bytes allocated */
};

#define STRBUF_INIT                                                                                \
    {                                                                                              \
        NULL, 0, 0                                                                                 \
    }

/* Make sb empty without allocating. */
void sb_init(struct strbuf *sb);

/* Free sb's memory; sb is left empty and may be reused or finalised again. */
void sb_fini(struct strbuf *sb);

/* Empty sb but keep its memory for reuse. */
void sb_reset(struct strbuf *sb);

/* The contents as a NUL-terminated string, "" when empty; borrowed, valid until the next call
 * that changes sb. */
const char *sb_str(const struct strbuf *sb);

/* Make room for at least extra more bytes without reallocating. */
void sb_reserve(struct strbuf *sb, size_t extra);

/* Append the NUL-terminated s (copied). */
void sb_append(struct strbuf *sb, const char *s);

/* Append n bytes of s (copied; s need not be NUL-terminated). */
void sb_append_len(struct strbuf *sb, const char *s, size_t n);

/* Append one byte. */
void sb_appendc(struct strbuf *sb, char c);

/* Append printf-style formatted text. */
void sb_appendf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append printf-style formatted text from a va_list (which is consumed). */
void sb_vappendf(struct strbuf *sb, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Shorten sb to len bytes (no-op when it is already shorter). */
void sb_truncate(struct strbuf *sb, size_t len);

/* Hand the contents over: the returned string is the caller's to free (never NULL, "" when
 * empty); if len is not NULL it receives the length. sb is left empty and reusable. */
char *sb_detach(struct strbuf *sb, size_t *len);

#endif
