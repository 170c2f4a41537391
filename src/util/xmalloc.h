/* Allocation that cannot fail: on exhaustion the process prints why and aborts.
 *
 * A bot that cannot allocate a few bytes has nothing sensible left to do, and checking every
 * small allocation would bury the logic; code that can degrade gracefully (large buffers from
 * untrusted sizes) should call malloc itself and handle NULL. */
#ifndef BW_UTIL_XMALLOC_H
#define BW_UTIL_XMALLOC_H

#include <stddef.h>

/* n bytes, uninitialised; the caller frees. xmalloc(0) returns a unique pointer, never NULL. */
void *xmalloc(size_t n);

/* n * size zeroed bytes; the caller frees. Aborts when n * size overflows. */
void *xcalloc(size_t n, size_t size);

/* Resize p (which may be NULL) to n bytes; the caller frees the result, p is no longer valid.
 * xrealloc(p, 0) keeps a valid one-byte block instead of freeing p. */
void *xrealloc(void *p, size_t n);

/* Like xrealloc for an array of n elements of size bytes; aborts when n * size overflows. */
void *xreallocarray(void *p, size_t n, size_t size);

/* A copy of the NUL-terminated s; the caller frees. */
char *xstrdup(const char *s);

/* A NUL-terminated copy of at most n bytes of s (stops early at a NUL); the caller frees. */
char *xstrndup(const char *s, size_t n);

#endif
