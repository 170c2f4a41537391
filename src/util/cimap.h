/* A hash map from names compared regardless of ASCII case (channel names, as the bot compares
 * them everywhere: strcasecmp) to pointers.
 *
 * Why: the bot looks a channel's game up for every line it handles and the web view for every
 * game it publishes; with thousands of lobbies a walk through the list cost more than all the
 * rest. The same name may be added more than once (a game that is closing and the lobby that
 * replaces it): lookups give each in turn, and removal names the value.
 *
 * Keys are borrowed: a key must stay valid and unchanged while its entry is in the map (it is
 * usually a field of the value). Not thread-safe. */
#ifndef BW_UTIL_CIMAP_H
#define BW_UTIL_CIMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cimap_slot {
    const char *key; /* NULL: empty */
    void *value;
    uint32_t hash;
};

struct cimap {
    struct cimap_slot *slots;
    size_t cap, n; /* cap: 0 or a power of two */
};

/* An empty map; all zeroes is one too. */
void cimap_init(struct cimap *m);
/* Frees the slots (not the keys or values); the map is empty again. */
void cimap_fini(struct cimap *m);

/* Add value under key (borrowed; see above). */
void cimap_add(struct cimap *m, const char *key, void *value);

/* Remove the entry of key whose value is value; false when there is none. */
bool cimap_remove(struct cimap *m, const char *key, const void *value);

/* The values under key one per call: *at 0 first, then as left; NULL after the last. The map
 * must not change between calls. */
void *cimap_next(const struct cimap *m, const char *key, size_t *at);

/* The first value under key, or NULL. */
void *cimap_get(const struct cimap *m, const char *key);

/* The hash cimap uses for key (the same for names equal regardless of ASCII case). */
uint32_t cimap_hash(const char *key);

#endif
