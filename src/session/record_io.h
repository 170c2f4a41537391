/* The byte-level reading and writing of a saved game's record (record.h says the format):
 * little-endian integers into a bounded buffer, and back with the first reason to refuse kept.
 * Shared by record.c and record_ck.c; nothing outside src/session includes it. */
#ifndef BW_RECORD_IO_H
#define BW_RECORD_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine/board.h"

struct writer {
    unsigned char *p;
    size_t size, pos;
    bool full; /* something did not fit: the record is not written */
};

static inline void put_bytes(struct writer *w, const void *src, size_t n)
{
    if (w->full || n > w->size - w->pos) {
        w->full = true;
        return;
    }
    memcpy(w->p + w->pos, src, n);
    w->pos += n;
}

static inline void put_u8(struct writer *w, unsigned v)
{
    unsigned char b = (unsigned char)v;
    put_bytes(w, &b, 1);
}

static inline void put_u16(struct writer *w, unsigned v)
{
    unsigned char b[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
    put_bytes(w, b, 2);
}

static inline void put_u32(struct writer *w, uint32_t v)
{
    unsigned char b[4];
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    put_bytes(w, b, 4);
}

static inline void put_u64(struct writer *w, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    put_bytes(w, b, 8);
}

static inline void put_i64(struct writer *w, int64_t v)
{
    put_u64(w, (uint64_t)v);
}

struct reader {
    const unsigned char *p;
    size_t len, pos;
    const char *bad; /* the first reason to refuse, NULL while all is well */
};

static inline void refuse(struct reader *r, const char *why)
{
    if (!r->bad)
        r->bad = why;
}

static inline const unsigned char *get_bytes(struct reader *r, size_t n)
{
    if (r->bad || n > r->len - r->pos) {
        refuse(r, "the record is cut short");
        return NULL;
    }
    const unsigned char *b = r->p + r->pos;
    r->pos += n;
    return b;
}

static inline void get_into(struct reader *r, void *dst, size_t n)
{
    const unsigned char *b = get_bytes(r, n);
    if (b)
        memcpy(dst, b, n);
}

static inline uint8_t get_u8(struct reader *r)
{
    const unsigned char *b = get_bytes(r, 1);
    return b ? b[0] : 0;
}

static inline int8_t get_i8(struct reader *r)
{
    uint8_t v = get_u8(r);
    return (int8_t)(v < 128 ? v : (int)v - 256);
}

static inline uint16_t get_u16(struct reader *r)
{
    const unsigned char *b = get_bytes(r, 2);
    return b ? (uint16_t)(b[0] | b[1] << 8) : 0;
}

static inline int16_t get_i16(struct reader *r)
{
    uint16_t v = get_u16(r);
    return (int16_t)(v < 32768 ? (int)v : (int)v - 65536);
}

static inline uint32_t get_u32(struct reader *r)
{
    const unsigned char *b = get_bytes(r, 4);
    uint32_t v = 0;
    for (int i = 0; b && i < 4; i++)
        v |= (uint32_t)b[i] << (8 * i);
    return v;
}

static inline int32_t get_i32(struct reader *r)
{
    uint32_t v = get_u32(r);
    return v <= INT32_MAX ? (int32_t)v : (int32_t)(v - INT32_MAX - 1) + INT32_MIN;
}

static inline uint64_t get_u64(struct reader *r)
{
    const unsigned char *b = get_bytes(r, 8);
    uint64_t v = 0;
    for (int i = 0; b && i < 8; i++)
        v |= (uint64_t)b[i] << (8 * i);
    return v;
}

static inline int64_t get_i64(struct reader *r)
{
    uint64_t v = get_u64(r);
    return v <= INT64_MAX ? (int64_t)v : (int64_t)(v - INT64_MAX - 1) + INT64_MIN;
}

/* A set of n places (edges, corners) held as bits of BOARD_WORDS words, written as
 * (n + 7) / 8 bytes: place i is bit i % 8 of byte i / 8, the bits past n 0. */
static inline void put_bits(struct writer *w, const uint64_t *bits, int n)
{
    for (int i = 0; i < (n + 7) / 8; i++) {
        unsigned byte = 0;
        for (int k = 0; k < 8 && 8 * i + k < n; k++) {
            int e = 8 * i + k;
            byte |= (unsigned)((bits[e / 64] >> (e % 64)) & 1u) << k;
        }
        put_u8(w, byte);
    }
}

/* The same back into bits (cleared first); a bit past n refuses the record with why. */
static inline void get_bits(struct reader *r, uint64_t *bits, int n, const char *why)
{
    memset(bits, 0, BOARD_WORDS * sizeof *bits);
    for (int i = 0; i < (n + 7) / 8; i++) {
        unsigned byte = get_u8(r);
        for (int k = 0; k < 8; k++) {
            if (!(byte & (1u << k)))
                continue;
            int e = 8 * i + k;
            if (e >= n)
                refuse(r, why);
            else
                bits[e / 64] |= (uint64_t)1 << (e % 64);
        }
    }
}

#endif
