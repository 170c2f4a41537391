/* The outgoing queue of one IRC connection: what the bot wants to say, cut into wire-sized
 * lines and let out at the pace the configuration allows.
 *
 * Lines wait per target (a channel or a nick). The next line to go is the oldest urgent one if
 * any (private replies to the player whose move it is), else the head of the next target in
 * round-robin order, so that one busy channel cannot starve another. Pacing is a token bucket:
 * `burst` lines may leave back to back, then one per `interval_ms`.
 *
 * No I/O and no clock here: the caller passes the time in milliseconds, so tests run it with a
 * fake clock. */
#ifndef BW_IRC_QUEUE_H
#define BW_IRC_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The IRC command a line is sent as. */
enum ircb_kind { IRCB_PRIVMSG, IRCB_NOTICE, IRCB_JOIN, IRCB_PART };

struct ircb_line {
    enum ircb_kind kind;
    bool urgent;
    char *target; /* owned */
    char *text;   /* owned; one wire line's worth, no CR, LF or NUL; "" for JOIN/PART */
    char *key;    /* owned, or NULL */
    struct ircb_line *next;
    struct ircb_line *urgent_next; /* order among urgent lines across targets */
};

struct ircb_target; /* the lines waiting for one target */

struct ircb_queue {
    int burst;
    int interval_ms;
    int64_t clock;               /* pacing clock: when the bucket will be full again */
    struct ircb_target *targets; /* ring in round-robin order; points at the next to serve */
    size_t target_count;
    struct ircb_line *urgent_head, *urgent_tail;
    size_t lines;
};

/* An empty queue in caller storage. burst >= 1; interval_ms 0 means no pacing. */
void ircb_queue_init(struct ircb_queue *q, int burst, int interval_ms);

/* Free every queued line; q is empty and may be reused. */
void ircb_queue_fini(struct ircb_queue *q);

/* Change the pacing (a configuration reload); queued lines stay. */
void ircb_queue_set_pacing(struct ircb_queue *q, int burst, int interval_ms);

/* Queue text for target, cut into pieces of at most max_text bytes at spaces and never inside
 * a UTF-8 sequence (util/utf8.h). CR, LF and NUL never reach the wire: each CR or LF becomes a
 * space before cutting. key (or NULL) names what the line belongs to, for ircb_queue_drop.
 * Returns the number of lines queued (0 for empty text or an unusable target: empty, or with a
 * space, comma, control character or leading ':'). All strings are copied. */
size_t ircb_queue_push(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                       const char *text, bool urgent, const char *key, size_t max_text);

/* Discard every queued line for target (compared regardless of ASCII case) whose key equals
 * key. Returns how many were dropped. */
size_t ircb_queue_drop(struct ircb_queue *q, const char *target, const char *key);

/* Discard everything queued for target (the bot left the channel). */
size_t ircb_queue_drop_target(struct ircb_queue *q, const char *target);

/* The line that should go next, or NULL when the queue is empty or pacing says wait; borrowed,
 * valid until the next call that changes q. Nothing is removed: call ircb_queue_sent once the
 * line was handed on, or leave it queued when the sender cannot take it now. */
const struct ircb_line *ircb_queue_peek(const struct ircb_queue *q, int64_t now_ms);

/* Remove the line that ircb_queue_peek returned and charge it to the pacing. */
void ircb_queue_sent(struct ircb_queue *q, int64_t now_ms);

/* When the next line may go: now_ms or earlier if one may go now, INT64_MAX when empty. */
int64_t ircb_queue_next_time(const struct ircb_queue *q, int64_t now_ms);

/* How many lines are queued. */
size_t ircb_queue_length(const struct ircb_queue *q);

/* Whether target names a channel (starts with '#', '&', '+' or '!'). */
bool ircb_is_channel(const char *target);

#endif
