/* The outgoing queue: per-target FIFOs in four round-robin rings (channel or private, events or
 * displays) taken in a fixed cycle, an urgent lane across targets with a credit, JOIN/PART
 * first, caps per target and in all (with a spill per target for text pushed whole), and a
 * token bucket for pacing. */
#include "irc/queue.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/utf8.h"
#include "util/xmalloc.h"

struct ircb_target {
    char *name;
    int ring; /* see IRCB_SCHEDULE_LEN */
    struct ircb_line *head, *tail;
    size_t n, n_urgent;
    /* Lines pushed whole that wait for room, in order, after head..tail. A target with a spill
     * always has lines queued too: each line that goes out lets the next one in. */
    struct ircb_line *spill_head, *spill_tail;
    size_t n_spill;
    size_t urgent_granted;           /* lines made urgent since the target had none queued */
    uint64_t useq_back;              /* the urgent lane's place of a replaced line (0: none) */
    uint64_t sending;                /* the keyed group last sent from (0: none) */
    uint64_t stamp;                  /* its place: stamps grow from the ring's cursor on */
    struct ircb_target *prev, *next; /* circular, within its ring */
};

/* See IRCB_SCHEDULE_LEN. */
static const int schedule[IRCB_SCHEDULE_LEN] = {0, 0, 1, 0, 0, 2, 0, 0, 3};

static void refill(struct ircb_queue *q, struct ircb_target *t);
static size_t spill_drop(struct ircb_queue *q, struct ircb_target *t, const char *key);

void ircb_queue_init(struct ircb_queue *q, int burst, int interval_ms)
{
    memset(q, 0, sizeof *q);
    q->urgent_credit = IRCB_URGENT_CREDIT;
    ircb_queue_set_pacing(q, burst, interval_ms);
}

void ircb_queue_set_pacing(struct ircb_queue *q, int burst, int interval_ms)
{
    q->burst = burst < 1 ? 1 : burst;
    q->interval_ms = interval_ms < 0 ? 0 : interval_ms;
}

/* A list of lines linked by prev and next, from *head to *tail: a target's lines, its spill, the
 * JOIN and PART lines. */
static void list_append(struct ircb_line **head, struct ircb_line **tail, struct ircb_line *l)
{
    l->prev = *tail;
    l->next = NULL;
    if (*tail)
        (*tail)->next = l;
    else
        *head = l;
    *tail = l;
}

static void list_unlink(struct ircb_line **head, struct ircb_line **tail, struct ircb_line *l)
{
    if (l->prev)
        l->prev->next = l->next;
    else
        *head = l->next;
    if (l->next)
        l->next->prev = l->prev;
    else
        *tail = l->prev;
    l->prev = l->next = NULL;
}

static void line_free(struct ircb_line *l)
{
    free(l->target);
    free(l->text);
    free(l->key);
    free(l);
}

static void group_clear(struct ircb_queue *q)
{
    free(q->group_target);
    free(q->group_key);
    q->group_target = q->group_key = NULL;
}

/* Remember the place of t, emptied by a drop, for the lines that replace its own. */
static void vacate(struct ircb_queue *q, const struct ircb_target *t)
{
    struct ircb_vacancy *v = &q->vacated[q->next_vacancy];
    q->next_vacancy = (q->next_vacancy + 1) % IRCB_VACANCIES;
    free(v->name);
    v->name = xstrdup(t->name);
    v->ring = t->ring;
    v->stamp = t->stamp;
    v->urgent_granted = t->urgent_granted;
    v->useq_back = t->useq_back;
}

/* Take t out of its ring (not freed). */
static void ring_remove(struct ircb_queue *q, struct ircb_target *t)
{
    struct ircb_target **ring = &q->ring[t->ring];
    if (t->next == t) {
        *ring = NULL;
    } else {
        t->prev->next = t->next;
        t->next->prev = t->prev;
        if (*ring == t)
            *ring = t->next;
    }
    q->target_count--;
}

static void target_unlink(struct ircb_queue *q, struct ircb_target *t)
{
    ring_remove(q, t);
    free(t->name);
    free(t);
}

/* Take l out of its target (freeing the target once empty) and the urgent lane; l is freed. */
static void line_remove(struct ircb_queue *q, struct ircb_line *l)
{
    struct ircb_target *t = l->owner;
    list_unlink(&t->head, &t->tail, l);
    if (l->urgent) {
        if (l->urgent_prev)
            l->urgent_prev->urgent_next = l->urgent_next;
        else
            q->urgent_head = l->urgent_next;
        if (l->urgent_next)
            l->urgent_next->urgent_prev = l->urgent_prev;
        else
            q->urgent_tail = l->urgent_prev;
        t->n_urgent--;
        q->urgent--;
    }
    t->n--;
    q->held--;
    q->lines--;
    if (t->ring == IRCB_RING_BACKGROUND)
        q->background--;
    line_free(l);
    if (!t->n)
        refill(q, t);
    if (!t->n) {
        q->refused += spill_drop(q, t, NULL);
        target_unlink(q, t);
    }
}

static void ctl_remove(struct ircb_queue *q, struct ircb_line *l)
{
    list_unlink(&q->ctl_head, &q->ctl_tail, l);
    q->lines--;
    line_free(l);
}

/* Once nothing waits, nobody is owed anything. */
static void settle(struct ircb_queue *q)
{
    if (!q->lines)
        q->urgent_credit = IRCB_URGENT_CREDIT;
}

void ircb_queue_fini(struct ircb_queue *q)
{
    for (int i = 0; i < IRCB_VACANCIES; i++) {
        free(q->vacated[i].name);
        q->vacated[i].name = NULL;
    }
    for (int r = 0; r < IRCB_RINGS; r++)
        while (q->ring[r]) {
            spill_drop(q, q->ring[r], NULL);
            line_remove(q, q->ring[r]->head);
        }
    while (q->ctl_head)
        ctl_remove(q, q->ctl_head);
    group_clear(q);
    settle(q);
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

/* How text is pushed (push_text). */
enum {
    PUSH_WHOLE = 1,      /* ircb_queue_push_whole */
    PUSH_BACKGROUND = 2, /* ircb_queue_push_background */
    PUSH_PLAYER = 4,     /* ircb_queue_push_player */
    PUSH_IN_TURN = 8,    /* ircb_queue_push_in_turn */
    PUSH_AGAIN = 16,     /* ircb_queue_push_again: join the waiting group of the same key */
};

/* The ring of a line for name: channel or private, event or display (keyed); a player's own
 * private line goes to the players' ring. */
static int ring_of(const char *name, const char *key, unsigned how)
{
    if ((how & PUSH_PLAYER) && !ircb_is_channel(name))
        return IRCB_RING_PLAYERS;
    if ((how & PUSH_IN_TURN) && ircb_is_channel(name))
        return 0;
    return (key ? 2 : 0) + (ircb_is_channel(name) ? 0 : 1);
}

static struct ircb_target *target_find(const struct ircb_queue *q, const char *name, int ring)
{
    struct ircb_target *t = q->ring[ring];
    if (!t)
        return NULL;
    do {
        if (strcasecmp(t->name, name) == 0)
            return t;
        t = t->next;
    } while (t != q->ring[ring]);
    return NULL;
}

/* Put t into its ring at the place its stamp gives it (see target_get). */
static void ring_insert(struct ircb_queue *q, struct ircb_target *t)
{
    struct ircb_target **r = &q->ring[t->ring];
    if (!*r) {
        t->prev = t->next = t;
        *r = t;
    } else {
        /* Before the first target (from the cursor on) that came to the back after it. */
        struct ircb_target *before = *r;
        while (before->stamp < t->stamp && before->next != *r)
            before = before->next;
        if (before->stamp < t->stamp)
            before = *r; /* after every one: at the back, which is before the cursor */
        t->next = before;
        t->prev = before->prev;
        t->prev->next = t;
        before->prev = t;
        if (before == *r && t->stamp < before->stamp)
            *r = t;
    }
    q->target_count++;
}

/* A new target goes just before the cursor of its ring: it is served last in the current
 * round; unless a drop emptied it a moment ago: then it takes the place it had. */
static struct ircb_target *target_get(struct ircb_queue *q, const char *name, int ring)
{
    struct ircb_target *t = target_find(q, name, ring);
    if (t)
        return t;
    t = xcalloc(1, sizeof *t);
    t->name = xstrdup(name);
    t->ring = ring;
    t->stamp = ++q->stamp;
    for (int i = 0; i < IRCB_VACANCIES; i++) {
        struct ircb_vacancy *v = &q->vacated[i];
        if (v->name && v->ring == ring && strcasecmp(v->name, name) == 0) {
            t->stamp = v->stamp;
            t->urgent_granted = v->urgent_granted;
            t->useq_back = v->useq_back;
            free(v->name);
            v->name = NULL;
            break;
        }
    }
    ring_insert(q, t);
    return t;
}

/* The ring a channel's game lines go to. They are one queue, in ring 0 or in the background,
 * so that they keep their order: a background line joins the channel's lines waiting in ring
 * 0, and a line that is not background takes the channel's background lines along into ring 0
 * (at the back of it, as a target new there). */
static int events_ring(struct ircb_queue *q, const char *name, bool background)
{
    struct ircb_target *t = target_find(q, name, IRCB_RING_BACKGROUND);
    if (!t)
        return background && !target_find(q, name, 0) ? IRCB_RING_BACKGROUND : 0;
    if (background)
        return IRCB_RING_BACKGROUND;
    ring_remove(q, t);
    q->background -= t->n;
    t->ring = 0;
    t->stamp = ++q->stamp;
    ring_insert(q, t);
    return 0;
}

/* The target holding most lines, or NULL; a target with a spill keeps its lines (it is sending
 * something whole). */
static struct ircb_target *largest(const struct ircb_queue *q)
{
    struct ircb_target *best = NULL;
    for (int r = 0; r < IRCB_RINGS; r++) {
        struct ircb_target *t = q->ring[r];
        if (!t)
            continue;
        do {
            if (!t->spill_head && (!best || t->n > best->n))
                best = t;
            t = t->next;
        } while (t != q->ring[r]);
    }
    return best;
}

/* Whether one more line for name in ring fits: the target's own cap, then the queue's, for
 * which the target holding most gives up its newest line unless that is this one. */
static bool admit(struct ircb_queue *q, const char *name, int ring)
{
    struct ircb_target *t = target_find(q, name, ring);
    size_t n = t ? t->n : 0;
    if (n >= IRCB_TARGET_LINES)
        return false;
    if (q->held < IRCB_QUEUE_LINES)
        return true;
    struct ircb_target *big = largest(q);
    if (!big || big->n <= n)
        return false;
    line_remove(q, big->tail);
    q->refused++;
    return true;
}

static void enqueue(struct ircb_queue *q, struct ircb_target *t, struct ircb_line *l, bool urgent)
{
    l->owner = t;
    list_append(&t->head, &t->tail, l);
    t->n++;
    if (urgent && t->urgent_granted < IRCB_URGENT_PER_TARGET) {
        l->urgent = true;
        /* At the back of the urgent lane, or at the place of an urgent line of t that this
         * one replaces (see drop_lines). */
        l->useq = t->useq_back ? t->useq_back : ++q->useq;
        t->useq_back = 0;
        struct ircb_line *after = q->urgent_tail;
        while (after && after->useq > l->useq)
            after = after->urgent_prev;
        l->urgent_prev = after;
        l->urgent_next = after ? after->urgent_next : q->urgent_head;
        if (l->urgent_next)
            l->urgent_next->urgent_prev = l;
        else
            q->urgent_tail = l;
        if (after)
            after->urgent_next = l;
        else
            q->urgent_head = l;
        t->n_urgent++;
        t->urgent_granted++;
        q->urgent++;
    }
    q->held++;
    q->lines++;
    if (t->ring == IRCB_RING_BACKGROUND)
        q->background++;
}

/* Take l out of its target's spill (not freed). */
static void spill_unlink(struct ircb_queue *q, struct ircb_line *l)
{
    struct ircb_target *t = l->owner;
    list_unlink(&t->spill_head, &t->spill_tail, l);
    t->n_spill--;
    q->spilled--;
    q->lines--;
}

/* Let t's spilled lines in while it and the queue have room. */
static void refill(struct ircb_queue *q, struct ircb_target *t)
{
    while (t->spill_head && t->n < IRCB_TARGET_LINES && q->held < IRCB_QUEUE_LINES) {
        struct ircb_line *l = t->spill_head;
        spill_unlink(q, l);
        enqueue(q, t, l, false);
    }
}

/* Discard t's spilled lines with key (key NULL: all of them), except those of the group being
 * sent when key is given. Returns how many. */
static size_t spill_drop(struct ircb_queue *q, struct ircb_target *t, const char *key)
{
    size_t n = 0;
    for (struct ircb_line *l = t->spill_head, *next; l; l = next) {
        next = l->next;
        if (key && (!l->key || strcmp(l->key, key) != 0 || l->group == t->sending))
            continue;
        spill_unlink(q, l);
        line_free(l);
        n++;
    }
    return n;
}

/* Put l at the end of t's spill. */
static void spill(struct ircb_queue *q, struct ircb_target *t, struct ircb_line *l)
{
    l->owner = t;
    list_append(&t->spill_head, &t->spill_tail, l);
    t->n_spill++;
    q->spilled++;
    q->lines++;
}

static struct ircb_line *line_new(enum ircb_kind kind, const char *target, const char *text,
                                  size_t len, const char *key)
{
    struct ircb_line *l = xcalloc(1, sizeof *l);
    l->kind = kind;
    l->target = xstrdup(target);
    l->text = xstrndup(text, len);
    l->key = key ? xstrdup(key) : NULL;
    return l;
}

/* Drop the lines of target with key (spilled ones first, so that none is let in meanwhile),
 * except a group being sent; key NULL: every line of target, JOIN and PART included. */
static size_t drop_lines(struct ircb_queue *q, const char *target, const char *key)
{
    size_t n = 0;
    if (!key)
        for (struct ircb_line *l = q->ctl_head, *next; l; l = next) {
            next = l->next;
            if (strcasecmp(l->target, target) == 0) {
                ctl_remove(q, l);
                n++;
            }
        }
    for (int r = 0; r < IRCB_RINGS; r++) {
        /* A private target's keyed lines may wait in the players' ring or among the
         * displays, a channel's among the displays or in turn with its game lines: both are
         * looked at. */
        if (key && r != ring_of(target, key, 0) && r != ring_of(target, key, PUSH_PLAYER) &&
            r != ring_of(target, key, PUSH_IN_TURN))
            continue;
        struct ircb_target *t = target_find(q, target, r);
        if (t)
            n += spill_drop(q, t, key);
        for (struct ircb_line *l = t ? t->head : NULL, *next; l; l = next) {
            next = l->next;
            if (key && (!l->key || strcmp(l->key, key) != 0 || l->group == t->sending))
                continue;
            bool last = t->n == 1 && !t->spill_head;
            /* A line replaced before it went gives back its urgent grant, and its place in the
             * urgent lane to the next urgent line of t: a hand asked for again and again by the
             * player the game waits for stays urgent and keeps its place, while a drawing being
             * sent (never replaced) still counts. */
            if (key && l->urgent) {
                t->urgent_granted--;
                if (!t->useq_back || l->useq < t->useq_back)
                    t->useq_back = l->useq;
            }
            if (last && key)
                vacate(q, t);
            line_remove(q, l);
            n++;
            if (last)
                break;
        }
    }
    settle(q);
    return n;
}

/* A private line without a key (a reply, what happened to the one it goes to) joins the line
 * of the same kind waiting last for its target, unkeyed too, when both fit one line: a person
 * who types a few commands at once gets their answers in as few lines as the pacing must let
 * out. Keyed lines (hands, spots, the fixed forms of any display) always go alone, so a line
 * that begins with one still does. An urgent line joins only an urgent one, so it never waits
 * longer for joining. Returns whether text (CR and LF already blanked) was joined. */
static bool join_waiting(struct ircb_queue *q, enum ircb_kind kind, const char *target, int ring,
                         const char *text, bool urgent, size_t max_text)
{
    struct ircb_target *t = target_find(q, target, ring);
    struct ircb_line *l = t && !t->spill_head ? t->tail : NULL;
    size_t len = strlen(text);
    if (!l || l->key || l->kind != kind || (urgent && !l->urgent) || !len)
        return false;
    size_t have = strlen(l->text);
    if (have + strlen(IRCB_JOIN_SEP) + len > max_text)
        return false;
    l->text = xrealloc(l->text, have + strlen(IRCB_JOIN_SEP) + len + 1);
    memcpy(l->text + have, IRCB_JOIN_SEP, strlen(IRCB_JOIN_SEP));
    memcpy(l->text + have + strlen(IRCB_JOIN_SEP), text, len + 1);
    return true;
}

/* The newest group of target's lines in ring with key still waiting (spilled ones included),
 * 0 for none. */
static uint64_t waiting_group(const struct ircb_queue *q, const char *target, int ring,
                              const char *key)
{
    const struct ircb_target *t = target_find(q, target, ring);
    if (!t)
        return 0;
    for (const struct ircb_line *l = t->spill_tail; l; l = l->prev)
        if (l->key && strcmp(l->key, key) == 0)
            return l->group;
    for (const struct ircb_line *l = t->tail; l; l = l->prev)
        if (l->key && strcmp(l->key, key) == 0)
            return l->group;
    return 0;
}

/* Queue text's pieces for target, as how says (PUSH_ flags): whole, those the caps refuse wait
 * in its spill; background, a channel's game lines that wait for the rest (see events_ring);
 * player, a player's own lines, in turn with the game lines. */
static size_t push_text(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                        const char *text, bool urgent, const char *key, size_t max_text,
                        unsigned how)
{
    bool whole = how & PUSH_WHOLE;
    if (!target_usable(target))
        return 0;
    if (kind == IRCB_JOIN || kind == IRCB_PART || kind == IRCB_WHO || kind == IRCB_NAMES) {
        group_clear(q);
        list_append(&q->ctl_head, &q->ctl_tail, line_new(kind, target, "", 0, NULL));
        q->lines++;
        return 1;
    }
    int ring = ring_of(target, key, how);
    uint64_t group = 0;
    if (!key) {
        group_clear(q);
    } else if (how & PUSH_AGAIN) {
        group_clear(q);
        group = waiting_group(q, target, ring, key);
        if (!group)
            group = ++q->group;
    } else if (!q->group_key || strcmp(q->group_key, key) != 0 ||
               strcasecmp(q->group_target, target) != 0) {
        drop_lines(q, target, key);
        group_clear(q);
        q->group_target = xstrdup(target);
        q->group_key = xstrdup(key);
        group = ++q->group;
    } else {
        group = q->group;
    }
    if (ring == 0 && ircb_is_channel(target))
        ring = events_ring(q, target, how & PUSH_BACKGROUND);
    char *flat = xstrdup(text ? text : "");
    for (char *p = flat; *p; p++)
        if (*p == '\r' || *p == '\n')
            *p = ' ';
    if (!key && !whole && !ircb_is_channel(target) &&
        join_waiting(q, kind, target, ring, flat, urgent, max_text)) {
        free(flat);
        return 1;
    }
    struct utf8_splitter sp;
    utf8_split_init(&sp, flat, strlen(flat), max_text);
    const char *piece;
    size_t len, n = 0;
    while (utf8_split_next(&sp, &piece, &len)) {
        /* A whole text keeps its order: behind its target's spill once there is one. A target
         * that holds nothing cannot spill (nothing going out would let the spill in). */
        struct ircb_target *t = whole ? target_find(q, target, ring) : NULL;
        bool in = !(t && t->spill_head) && admit(q, target, ring);
        if (!in && !(t && q->spilled < IRCB_SPILL_LINES)) {
            q->refused++;
            continue;
        }
        struct ircb_line *l = line_new(kind, target, piece, len, key);
        l->group = group;
        l->how = (uint8_t)(how & ~PUSH_AGAIN);
        if (in)
            enqueue(q, target_get(q, target, ring), l, urgent);
        else
            spill(q, t, l);
        n++;
    }
    free(flat);
    return n;
}

size_t ircb_queue_push(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                       const char *text, bool urgent, const char *key, size_t max_text)
{
    return push_text(q, kind, target, text, urgent, key, max_text, 0);
}

size_t ircb_queue_push_player(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                              const char *text, bool urgent, const char *key, size_t max_text)
{
    return push_text(q, kind, target, text, urgent, key, max_text, PUSH_PLAYER);
}

size_t ircb_queue_push_whole(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                             const char *text, const char *key, size_t max_text)
{
    return push_text(q, kind, target, text, false, key, max_text, PUSH_WHOLE);
}

size_t ircb_queue_push_background(struct ircb_queue *q, enum ircb_kind kind, const char *channel,
                                  const char *text, size_t max_text)
{
    if (!ircb_is_channel(channel))
        return 0;
    return push_text(q, kind, channel, text, false, NULL, max_text, PUSH_BACKGROUND);
}

size_t ircb_queue_push_again(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                             const char *text, const char *key, unsigned how)
{
    how &= PUSH_WHOLE | PUSH_BACKGROUND | PUSH_PLAYER | PUSH_IN_TURN;
    if ((how & PUSH_IN_TURN) && (!key || !ircb_is_channel(target)))
        how &= ~PUSH_IN_TURN;
    return push_text(q, kind, target, text, false, key, strlen(text ? text : ""), how | PUSH_AGAIN);
}

size_t ircb_queue_push_in_turn(struct ircb_queue *q, enum ircb_kind kind, const char *channel,
                               const char *text, const char *key, size_t max_text)
{
    if (!ircb_is_channel(channel) || !key)
        return 0;
    return push_text(q, kind, channel, text, false, key, max_text, PUSH_IN_TURN);
}

size_t ircb_queue_in_turn_displays(const struct ircb_queue *q, const char *channel)
{
    const struct ircb_target *t = channel ? target_find(q, channel, 0) : NULL;
    size_t n = 0;
    for (const struct ircb_line *l = t ? t->head : NULL; l; l = l->next)
        n += l->key != NULL;
    return n;
}

size_t ircb_queue_drawings(const struct ircb_queue *q, const char *channel)
{
    const struct ircb_target *t = channel ? target_find(q, channel, 2) : NULL;
    return ircb_queue_in_turn_displays(q, channel) + (t ? t->n + t->n_spill : 0);
}

size_t ircb_queue_events(const struct ircb_queue *q, const char *channel)
{
    static const int rings[] = {0, IRCB_RING_BACKGROUND};
    size_t n = 0;
    for (size_t i = 0; channel && i < sizeof rings / sizeof rings[0]; i++) {
        const struct ircb_target *t = target_find(q, channel, rings[i]);
        n += t ? t->n + t->n_spill : 0;
    }
    return n;
}

size_t ircb_queue_waiting(const struct ircb_queue *q, const char *target)
{
    size_t n = 0;
    for (int r = 0; target && r < IRCB_RINGS; r++) {
        const struct ircb_target *t = target_find(q, target, r);
        n += t ? t->n + t->n_spill : 0;
    }
    return n;
}

int ircb_queue_room(const struct ircb_queue *q, int64_t now_ms)
{
    if (q->interval_ms == 0 || q->clock <= now_ms)
        return q->burst;
    int64_t used = (q->clock - now_ms + q->interval_ms - 1) / q->interval_ms;
    return used >= q->burst ? 0 : q->burst - (int)used;
}

int ircb_queue_calm(const struct ircb_queue *q, const char *channel, const char *const *nicks,
                    size_t n, int64_t now_ms)
{
    if (ircb_queue_waiting(q, channel))
        return IRCB_CALM_NOT;
    for (size_t i = 0; i < n; i++)
        if (ircb_queue_waiting(q, nicks[i]))
            return IRCB_CALM_NOT;
    if (q->lines > q->background || ircb_queue_room(q, now_ms) >= q->burst)
        return IRCB_CALM_FULL;
    return IRCB_CALM_GAME;
}

size_t ircb_queue_drop(struct ircb_queue *q, const char *target, const char *key)
{
    if (!target || !key)
        return 0;
    group_clear(q);
    return drop_lines(q, target, key);
}

size_t ircb_queue_drop_target(struct ircb_queue *q, const char *target)
{
    if (!target)
        return 0;
    group_clear(q);
    return drop_lines(q, target, NULL);
}

/* Where the next line comes from: LANE_CTL, LANE_URGENT, LANE_BACKGROUND, or the place in the
 * schedule of the ring to serve in turn (LANE_NONE when nothing waits). */
enum { LANE_PLAYERS = -5, LANE_NONE = -4, LANE_BACKGROUND = -3, LANE_CTL = -2, LANE_URGENT = -1 };

static struct ircb_line *lane_head(const struct ircb_queue *q, int lane);

/* Whether a drawing pushed in turn with its channel's game lines waits: the head of one of the
 * channels' game lines is keyed. */
static bool in_turn_drawing_waits(const struct ircb_queue *q)
{
    const struct ircb_target *first = q->ring[0];
    const struct ircb_target *t = first;
    do {
        if (t && t->head && t->head->key)
            return true;
        t = t ? t->next : NULL;
    } while (t && t != first);
    return false;
}

/* Whether a drawing in turn goes first: more lines of other rings (a person's answers, a
 * player's hand) went ahead of it than a person's few commands at once (the burst but one)
 * since it last went. Each such line counts two and each line of the drawing takes one off, so
 * that a person who keeps asking (their spots every second) gets one line in three until the
 * drawing is out, not the whole output: the drawing that the whole table waits for would crawl
 * (it waits for a full bucket while alone, and their answers go before displays). Urgent lines
 * keep their share: this only orders the turns. */
static bool drawing_first(const struct ircb_queue *q)
{
    return q->drawing_owed > 2 * (q->burst - 1) && in_turn_drawing_waits(q);
}

/* Whether lane serves a drawing pushed in turn with its channel's game lines (the board at the
 * start of a game) while nothing else waits and it does not go first (drawing_first). */
static bool drawing_alone(const struct ircb_queue *q, int lane)
{
    if (lane < 0 || drawing_first(q))
        return false;
    const struct ircb_line *l = lane_head(q, lane);
    const struct ircb_target *t = l->owner;
    return l->key && t->ring == 0 && q->lines - q->background <= t->n + t->n_spill;
}

/* Whether a line of lane may go now: any while the bucket has a token; a background line, and a
 * drawing in turn while nothing else waits, only while it is full. They go at the full pace all
 * the same, one line a refill, but whatever comes next (a person's few commands at once) finds
 * the whole burst but the one line. */
static bool may_send(const struct ircb_queue *q, int lane, int64_t now_ms)
{
    if (q->interval_ms == 0)
        return true;
    if (lane == LANE_BACKGROUND || drawing_alone(q, lane))
        return q->clock <= now_ms;
    return q->clock - now_ms <= (int64_t)(q->burst - 1) * q->interval_ms;
}

/* The ring served at place pos of the schedule, or -1 when it has nothing: the players' ring
 * takes every other one of the turns of rings 1 to 3 (see IRCB_SCHEDULE_LEN), and either
 * takes the turn when the other has nothing. */
static int pos_ring(const struct ircb_queue *q, int pos)
{
    int r = schedule[pos];
    if (r == 0)
        return q->ring[0] ? 0 : -1;
    int first = q->players_first ? IRCB_RING_PLAYERS : r;
    int second = first == r ? IRCB_RING_PLAYERS : r;
    return q->ring[first] ? first : q->ring[second] ? second : -1;
}

static int next_lane(const struct ircb_queue *q)
{
    if (q->ctl_head)
        return LANE_CTL;
    /* Background lines wait for everything else, the urgent lane's turns included. */
    bool others_wait = q->held - q->background > q->urgent;
    if (q->urgent_head && (!others_wait || q->urgent_credit > 0))
        return LANE_URGENT;
    bool drawing = drawing_first(q);
    for (int i = 0; i < IRCB_SCHEDULE_LEN; i++) {
        int pos = (q->slot + i) % IRCB_SCHEDULE_LEN;
        int r = pos_ring(q, pos);
        if (r < 0 || (drawing && r != 0))
            continue;
        /* A player's own line goes before a display (a drawing, a status), while the credit
         * lasts: it answers someone at the table, the display can wait a line or two. */
        if (!drawing && r != IRCB_RING_PLAYERS && q->ring[IRCB_RING_PLAYERS] &&
            q->urgent_credit > 0 && lane_head(q, pos)->key)
            return LANE_PLAYERS;
        return pos;
    }
    return q->ring[IRCB_RING_BACKGROUND] ? LANE_BACKGROUND : LANE_NONE;
}

/* Whether t is sending a keyed group: its first line went and the rest waits. */
static bool group_in_progress(const struct ircb_target *t)
{
    return t && t->head && t->head->group && t->head->group == t->sending;
}

/* The line that goes when t's turn comes: its own, unless t is one of a channel's two queues in
 * turn (its game lines, its displays) while the other is in the middle of a drawing (a drawing
 * pushed in turn with the game lines, or a display asked for): then that drawing's next line, so
 * that nothing of the channel comes between its lines and the channel's turns all go to it. A
 * display that has not begun yields its turns to the channel's game lines while any wait: a
 * drawing asked for never holds up the game lines queued ahead of it, and a game's lines wait for
 * at most the one drawing being sent. */
static struct ircb_line *turn_head(const struct ircb_queue *q, const struct ircb_target *t)
{
    if ((t->ring != 0 && t->ring != 2) || !ircb_is_channel(t->name))
        return t->head;
    const struct ircb_target *other = target_find(q, t->name, t->ring == 0 ? 2 : 0);
    if (!other || group_in_progress(t))
        return t->head;
    if (group_in_progress(other) || t->ring == 2)
        return other->head;
    return t->head;
}

/* The urgent line that goes first: the oldest of a player's own (the players' ring: a hand,
 * spots, a reply to their command), else the oldest of all (a display the player the game waits
 * for asked for): a player who asks for drawings again and again while it is their move keeps
 * no other player's hand or reply waiting behind them. */
static struct ircb_line *urgent_first(const struct ircb_queue *q)
{
    for (struct ircb_line *l = q->urgent_head; l; l = l->urgent_next)
        if (l->owner->ring == IRCB_RING_PLAYERS)
            return l;
    return q->urgent_head;
}

/* Whether an urgent line of the players' ring other than t's waits. */
static bool other_player_urgent(const struct ircb_queue *q, const struct ircb_target *t)
{
    for (const struct ircb_line *l = q->urgent_head; l; l = l->urgent_next)
        if (l->owner != t && l->owner->ring == IRCB_RING_PLAYERS)
            return true;
    return false;
}

static struct ircb_line *lane_head(const struct ircb_queue *q, int lane)
{
    switch (lane) {
    case LANE_NONE:
        return NULL;
    case LANE_CTL:
        return q->ctl_head;
    case LANE_URGENT:
        return urgent_first(q);
    case LANE_PLAYERS:
        return q->ring[IRCB_RING_PLAYERS]->head;
    case LANE_BACKGROUND:
        return q->ring[IRCB_RING_BACKGROUND]->head;
    default:
        return turn_head(q, q->ring[pos_ring(q, lane)]);
    }
}

const struct ircb_line *ircb_queue_peek(const struct ircb_queue *q, int64_t now_ms)
{
    int lane = next_lane(q);
    return may_send(q, lane, now_ms) ? lane_head(q, lane) : NULL;
}

void ircb_queue_sent(struct ircb_queue *q, int64_t now_ms)
{
    int lane = next_lane(q);
    struct ircb_line *l = lane_head(q, lane);
    if (!l)
        return;
    if (lane == LANE_CTL) {
        ctl_remove(q, l);
    } else {
        /* What went ahead of a drawing in turn (see drawing_first). */
        if (l->owner->ring != 0 && q->ring[0] && in_turn_drawing_waits(q))
            q->drawing_owed += q->drawing_owed < 4 * q->burst ? 2 : 0;
        else if (l->owner->ring == 0 && l->key && q->drawing_owed > 0)
            q->drawing_owed--;
        if (lane == LANE_URGENT) {
            /* A player's own urgent line (a hand, spots, a reply) while another player's waits
             * too costs a credit every other time: the players on the move at several tables
             * may take two lines in three while others wait; one player alone (who may keep
             * asking), and other urgent lines, one in two. */
            bool free = l->owner->ring == IRCB_RING_PLAYERS && !q->player_free &&
                        other_player_urgent(q, l->owner);
            if (q->held - q->background > q->urgent) {
                q->urgent_credit -= !free;
                q->player_free = free;
            }
        } else if (lane == LANE_PLAYERS) {
            /* Ahead of the schedule: the display keeps its turn, the player goes to the back. */
            struct ircb_target **r = &q->ring[IRCB_RING_PLAYERS];
            (*r)->stamp = ++q->stamp;
            *r = (*r)->next;
            q->urgent_credit--;
        } else if (lane == LANE_BACKGROUND) {
            /* The channels in the background take turns among themselves. */
            struct ircb_target **r = &q->ring[IRCB_RING_BACKGROUND];
            (*r)->stamp = ++q->stamp;
            *r = (*r)->next;
        } else {
            /* Served in turn: the target goes to the back of its ring, the next ring in the
             * schedule is next. */
            int r = pos_ring(q, lane);
            q->ring[r]->stamp = ++q->stamp;
            q->ring[r] = q->ring[r]->next;
            if (schedule[lane] > 0)
                q->players_first = r != IRCB_RING_PLAYERS;
            q->slot = (lane + 1) % IRCB_SCHEDULE_LEN;
            if (q->urgent_credit < IRCB_URGENT_CREDIT)
                q->urgent_credit++;
        }
        /* The rest of a group being sent is finished rather than replaced, and what is
         * pushed from now on is a new group. */
        struct ircb_target *t = l->owner;
        if (l->group)
            t->sending = l->group;
        if (l->group && l->group == q->group)
            group_clear(q);
        bool stays = t->n > 1 || t->spill_head;
        line_remove(q, l);
        if (stays)
            refill(q, t); /* the room this line leaves lets a spilled one in */
        if (!q->ring[0] || !in_turn_drawing_waits(q))
            q->drawing_owed = 0;
    }
    settle(q);
    if (q->interval_ms)
        q->clock = (q->clock > now_ms ? q->clock : now_ms) + q->interval_ms;
}

int64_t ircb_queue_next_time(const struct ircb_queue *q, int64_t now_ms)
{
    int lane = next_lane(q);
    if (lane == LANE_NONE)
        return INT64_MAX;
    if (may_send(q, lane, now_ms))
        return now_ms;
    if (lane == LANE_BACKGROUND || drawing_alone(q, lane))
        return q->clock;
    return q->clock - (int64_t)(q->burst - 1) * q->interval_ms;
}

size_t ircb_queue_length(const struct ircb_queue *q)
{
    return q->lines;
}
