/* The published copies (see internal.h): snaps and catalogs, made on the bot's thread, read by
 * the web thread through references. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/xmalloc.h"
#include "web/internal.h"

static void snap_release(struct web_snap *p)
{
    if (!p || atomic_fetch_sub(&p->refs, 1) != 1)
        return;
    for (int k = 0; k < 2; k++) {
        free(p->live[k]);
        free(p->svg[k]);
    }
    free(p);
}

struct web_catalog *web_catalog_new(void)
{
    struct web_catalog *c = xcalloc(1, sizeof *c);
    atomic_init(&c->refs, 1);
    return c;
}

void web_catalog_release(struct web_catalog *c)
{
    if (!c || atomic_fetch_sub(&c->refs, 1) != 1)
        return;
    for (size_t i = 0; i < c->n; i++)
        snap_release(c->snaps[i]);
    free(c->snaps);
    cimap_fini(&c->by_key);
    free(c->index);
    free(c);
}

struct web_catalog *web_catalog_take(struct web_server *w)
{
    pthread_mutex_lock(&w->lock);
    struct web_catalog *c = w->current;
    atomic_fetch_add(&c->refs, 1);
    pthread_mutex_unlock(&w->lock);
    return c;
}

static void key_of(char *out, size_t size, const char *network, const char *channel)
{
    snprintf(out, size, "%s %s", network, channel);
}

struct web_snap *web_catalog_find(const struct web_catalog *c, const char *network,
                                  const char *channel)
{
    char key[sizeof((struct web_snap *)0)->key];
    key_of(key, sizeof key, network, channel);
    size_t at = 0;
    struct web_snap *p;
    /* The key alone could match another split of its words: both are checked. */
    while ((p = cimap_next(&c->by_key, key, &at)))
        if (strcasecmp(p->network, network) == 0 && strcasecmp(p->channel, channel) == 0)
            return p;
    return NULL;
}

void web_publish_begin(struct web_server *w)
{
    w->pub.n_next = 0;
    w->pub.changed = false;
}

/* A new snap of v (one reference). */
static struct web_snap *snap_new(const char *network, const struct bot_game_view *v)
{
    struct web_snap *p = xcalloc(1, sizeof *p);
    atomic_init(&p->refs, 1);
    snprintf(p->network, sizeof p->network, "%s", network);
    snprintf(p->channel, sizeof p->channel, "%s", v->channel);
    key_of(p->key, sizeof p->key, p->network, p->channel);
    p->s = *v->s;
    int n = v->n_recent < BOT_VIEW_RECENT ? v->n_recent : BOT_VIEW_RECENT;
    for (int i = 0; i < n; i++) {
        snprintf(p->recent[i], sizeof p->recent[i], "%s", v->recent[i]);
        p->recent_ptr[i] = p->recent[i];
    }
    p->gen = v->gen;
    p->game = (struct web_game){.network = p->network,
                                .channel = p->channel,
                                .s = &p->s,
                                .recent = p->recent_ptr,
                                .n_recent = n,
                                .ended = v->ended,
                                .lang = v->lang};
    return p;
}

void web_publish(struct web_server *w, const char *network, const struct bot_game_view *v)
{
    struct web_publishing *pub = &w->pub;
    /* Only this thread changes w->current: it reads it without the lock. */
    const struct web_catalog *cur = w->current;
    struct web_snap *p = web_catalog_find(cur, network, v->channel);
    if (p && p->gen == v->gen && p->game.ended == v->ended && p->game.lang == v->lang) {
        atomic_fetch_add(&p->refs, 1);
    } else {
        p = snap_new(network, v);
        pub->changed = true;
    }
    if (pub->n_next >= cur->n || cur->snaps[pub->n_next] != p)
        pub->changed = true;
    if (pub->n_next == pub->cap_next) {
        pub->cap_next = pub->cap_next ? 2 * pub->cap_next : 64;
        pub->next = xreallocarray(pub->next, pub->cap_next, sizeof *pub->next);
    }
    pub->next[pub->n_next++] = p;
}

void web_publish_end(struct web_server *w)
{
    struct web_publishing *pub = &w->pub;
    if (!pub->changed && pub->n_next == w->current->n) {
        /* The same round again: the current catalog stays (and its drawn index with it). */
        for (size_t i = 0; i < pub->n_next; i++)
            snap_release(pub->next[i]);
        pub->n_next = 0;
        return;
    }
    struct web_catalog *c = web_catalog_new();
    c->n = pub->n_next;
    c->snaps = xmalloc((c->n ? c->n : 1) * sizeof *c->snaps);
    memcpy(c->snaps, pub->next, c->n * sizeof *c->snaps);
    for (size_t i = 0; i < c->n; i++)
        cimap_add(&c->by_key, c->snaps[i]->key, c->snaps[i]);
    pub->n_next = 0;
    pthread_mutex_lock(&w->lock);
    struct web_catalog *old = w->current;
    w->current = c;
    w->stats.games = c->n;
    pthread_mutex_unlock(&w->lock);
    web_catalog_release(old);
}

void web_publishing_fini(struct web_publishing *p)
{
    for (size_t i = 0; i < p->n_next; i++)
        snap_release(p->next[i]);
    free(p->next);
    memset(p, 0, sizeof *p);
}
