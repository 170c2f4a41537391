/* Open addressing with linear probing; removal shifts the entries after it back, so there are
 * no tombstones and a lookup stops at the first empty slot. */
#include "util/cimap.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/xmalloc.h"

static unsigned char lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + ('a' - 'A')) : c;
}

uint32_t cimap_hash(const char *key)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ lower(*p)) * 16777619u;
    return h;
}

void cimap_init(struct cimap *m)
{
    *m = (struct cimap){0};
}

void cimap_fini(struct cimap *m)
{
    free(m->slots);
    cimap_init(m);
}

static void put(struct cimap_slot *slots, size_t cap, struct cimap_slot s)
{
    size_t i = s.hash & (cap - 1);
    while (slots[i].key)
        i = (i + 1) & (cap - 1);
    slots[i] = s;
}

void cimap_add(struct cimap *m, const char *key, void *value)
{
    /* At most half full: probes stay short. */
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 16;
        struct cimap_slot *slots = xcalloc(cap, sizeof *slots);
        for (size_t i = 0; i < m->cap; i++)
            if (m->slots[i].key)
                put(slots, cap, m->slots[i]);
        free(m->slots);
        m->slots = slots;
        m->cap = cap;
    }
    put(m->slots, m->cap, (struct cimap_slot){key, value, cimap_hash(key)});
    m->n++;
}

/* The slot of the next entry under key from probe step *at on, or (size_t)-1. */
static size_t probe(const struct cimap *m, const char *key, uint32_t hash, size_t *at)
{
    if (!m->cap || !key)
        return (size_t)-1;
    size_t mask = m->cap - 1;
    for (; *at < m->cap; (*at)++) {
        size_t i = (hash + *at) & mask;
        const struct cimap_slot *s = &m->slots[i];
        if (!s->key)
            return (size_t)-1;
        if (s->hash == hash && strcasecmp(s->key, key) == 0) {
            (*at)++;
            return i;
        }
    }
    return (size_t)-1;
}

void *cimap_next(const struct cimap *m, const char *key, size_t *at)
{
    size_t i = probe(m, key, key ? cimap_hash(key) : 0, at);
    return i == (size_t)-1 ? NULL : m->slots[i].value;
}

void *cimap_get(const struct cimap *m, const char *key)
{
    size_t at = 0;
    return cimap_next(m, key, &at);
}

bool cimap_remove(struct cimap *m, const char *key, const void *value)
{
    uint32_t hash = key ? cimap_hash(key) : 0;
    size_t at = 0, i;
    while ((i = probe(m, key, hash, &at)) != (size_t)-1 && m->slots[i].value != value)
        ;
    if (i == (size_t)-1)
        return false;
    /* Shift back each later entry of the run that may sit at i: one whose home slot is not
     * cyclically within (i, j]. */
    size_t mask = m->cap - 1;
    for (size_t j = (i + 1) & mask; m->slots[j].key; j = (j + 1) & mask) {
        size_t home = m->slots[j].hash & mask;
        bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
        if (!stays) {
            m->slots[i] = m->slots[j];
            i = j;
        }
    }
    m->slots[i] = (struct cimap_slot){0};
    m->n--;
    return true;
}
