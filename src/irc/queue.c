/* The outgoing queue: per-target FIFOs in a round-robin ring, one urgent FIFO, a token bucket. */
#include "irc/queue.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/utf8.h"
#include "util/xmalloc.h"

struct ircb_target {
    char *name;
    struct ircb_line *head, *tail;
    struct ircb_target *prev, *next; /* circular */
};

void ircb_queue_init(struct ircb_queue *q, int burst, int interval_ms)
{
    memset(q, 0, sizeof *q);
    ircb_queue_set_pacing(q, burst, interval_ms);
}

void ircb_queue_set_pacing(struct ircb_queue *q, int burst, int interval_ms)
{
    q->burst = burst < 1 ? 1 : burst;
    q->interval_ms = interval_ms < 0 ? 0 : interval_ms;
}

static void line_free(struct ircb_line *l)
{
    free(l->target);
    free(l->text);
    free(l->key);
    free(l);
}

static void target_unlink(struct ircb_queue *q, struct ircb_target *t)
{
    if (t->next == t) {
        q->targets = NULL;
    } else {
        t->prev->next = t->next;
        t->next->prev = t->prev;
        if (q->targets == t)
            q->targets = t->next;
    }
    q->target_count--;
    free(t->name);
    free(t);
}

void ircb_queue_fini(struct ircb_queue *q)
{
    while (q->targets) {
        struct ircb_target *t = q->targets;
        for (struct ircb_line *l = t->head, *n; l; l = n) {
            n = l->next;
            line_free(l);
        }
        target_unlink(q, t);
    }
    for (struct ircb_line *l = q->urgent_head, *n; l; l = n) {
        n = l->urgent_next;
        line_free(l);
    }
    q->urgent_head = q->urgent_tail = NULL;
    q->lines = 0;
}

bool ircb_is_channel(const char *target)
{
    return target && (target[0] == '#' || target[0] == '&' || target[0] == '+' || target[0] == '!');
}

static bool target_usable(const char *t)
{
    if (!t || !*t || *t == ':')
        return false;
    for (const unsigned char *p = (const unsigned char *)t; *p; p++)
        if (*p <= ' ' || *p == ',' || *p == 0x7f)
            return false;
    return true;
}

static struct ircb_target *target_find(const struct ircb_queue *q, const char *name)
{
    struct ircb_target *t = q->targets;
    for (size_t i = 0; i < q->target_count; i++, t = t->next)
        if (strcasecmp(t->name, name) == 0)
            return t;
    return NULL;
}

/* A new target goes just before the cursor: it is served last in the current round. */
static struct ircb_target *target_get(struct ircb_queue *q, const char *name)
{
    struct ircb_target *t = target_find(q, name);
    if (t)
        return t;
    t = xcalloc(1, sizeof *t);
    t->name = xstrdup(name);
    if (!q->targets) {
        t->prev = t->next = t;
        q->targets = t;
    } else {
        t->next = q->targets;
        t->prev = q->targets->prev;
        t->prev->next = t;
        q->targets->prev = t;
    }
    q->target_count++;
    return t;
}

static void enqueue(struct ircb_queue *q, struct ircb_line *l)
{
    if (l->urgent) {
        if (q->urgent_tail)
            q->urgent_tail->urgent_next = l;
        else
            q->urgent_head = l;
        q->urgent_tail = l;
    } else {
        struct ircb_target *t = target_get(q, l->target);
        if (t->tail)
            t->tail->next = l;
        else
            t->head = l;
        t->tail = l;
    }
    q->lines++;
}

static struct ircb_line *line_new(enum ircb_kind kind, const char *target, const char *text,
                                  size_t len, bool urgent, const char *key)
{
    struct ircb_line *l = xcalloc(1, sizeof *l);
    l->kind = kind;
    l->urgent = urgent;
    l->target = xstrdup(target);
    l->text = xstrndup(text, len);
    l->key = key ? xstrdup(key) : NULL;
    return l;
}

size_t ircb_queue_push(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                       const char *text, bool urgent, const char *key, size_t max_text)
{
    if (!target_usable(target))
        return 0;
    if (kind == IRCB_JOIN || kind == IRCB_PART) {
        enqueue(q, line_new(kind, target, "", 0, urgent, key));
        return 1;
    }
    char *flat = xstrdup(text ? text : "");
    for (char *p = flat; *p; p++)
        if (*p == '\r' || *p == '\n')
            *p = ' ';
    struct utf8_splitter sp;
    utf8_split_init(&sp, flat, strlen(flat), max_text);
    const char *piece;
    size_t len, n = 0;
    while (utf8_split_next(&sp, &piece, &len)) {
        enqueue(q, line_new(kind, target, piece, len, urgent, key));
        n++;
    }
    free(flat);
    return n;
}

static bool line_matches(const struct ircb_line *l, const char *target, const char *key)
{
    if (strcasecmp(l->target, target) != 0)
        return false;
    if (!key)
        return true;
    return l->key && strcmp(l->key, key) == 0;
}

/* Drop matching urgent lines; key NULL matches every line of target. */
static size_t drop_urgent(struct ircb_queue *q, const char *target, const char *key)
{
    size_t n = 0;
    struct ircb_line **pp = &q->urgent_head, *last = NULL;
    while (*pp) {
        struct ircb_line *l = *pp;
        if (line_matches(l, target, key)) {
            *pp = l->urgent_next;
            line_free(l);
            n++;
        } else {
            last = l;
            pp = &l->urgent_next;
        }
    }
    q->urgent_tail = last;
    return n;
}

static size_t drop_lines(struct ircb_queue *q, const char *target, const char *key)
{
    size_t n = drop_urgent(q, target, key);
    struct ircb_target *t = target_find(q, target);
    if (t) {
        struct ircb_line **pp = &t->head, *last = NULL;
        while (*pp) {
            struct ircb_line *l = *pp;
            if (line_matches(l, target, key)) {
                *pp = l->next;
                line_free(l);
                n++;
            } else {
                last = l;
                pp = &l->next;
            }
        }
        t->tail = last;
        if (!t->head)
            target_unlink(q, t);
    }
    q->lines -= n;
    return n;
}

size_t ircb_queue_drop(struct ircb_queue *q, const char *target, const char *key)
{
    if (!target || !key)
        return 0;
    return drop_lines(q, target, key);
}

size_t ircb_queue_drop_target(struct ircb_queue *q, const char *target)
{
    return target ? drop_lines(q, target, NULL) : 0;
}

static bool may_send(const struct ircb_queue *q, int64_t now_ms)
{
    if (q->interval_ms == 0)
        return true;
    return q->clock - now_ms <= (int64_t)(q->burst - 1) * q->interval_ms;
}

static const struct ircb_line *next_line(const struct ircb_queue *q)
{
    if (q->urgent_head)
        return q->urgent_head;
    return q->targets ? q->targets->head : NULL;
}

const struct ircb_line *ircb_queue_peek(const struct ircb_queue *q, int64_t now_ms)
{
    return may_send(q, now_ms) ? next_line(q) : NULL;
}

void ircb_queue_sent(struct ircb_queue *q, int64_t now_ms)
{
    struct ircb_line *l;
    if (q->urgent_head) {
        l = q->urgent_head;
        q->urgent_head = l->urgent_next;
        if (!q->urgent_head)
            q->urgent_tail = NULL;
    } else if (q->targets) {
        struct ircb_target *t = q->targets;
        l = t->head;
        t->head = l->next;
        q->targets = t->next;
        if (!t->head)
            target_unlink(q, t);
    } else {
        return;
    }
    line_free(l);
    q->lines--;
    if (q->interval_ms)
        q->clock = (q->clock > now_ms ? q->clock : now_ms) + q->interval_ms;
}

int64_t ircb_queue_next_time(const struct ircb_queue *q, int64_t now_ms)
{
    if (!next_line(q))
        return INT64_MAX;
    if (may_send(q, now_ms))
        return now_ms;
    return q->clock - (int64_t)(q->burst - 1) * q->interval_ms;
}

size_t ircb_queue_length(const struct ircb_queue *q)
{
    return q->lines;
}
