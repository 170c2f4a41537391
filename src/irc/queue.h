/* The outgoing queue of one IRC connection: what the bot wants to say, cut into wire-sized
 * lines and let out at the pace the configuration allows.
 *
 * Lines wait per target (a channel or a nick) and kind: events (lines without a key: what
 * happens in a game, replies) and displays (lines with a key: a hand, a board drawing, a status,
 * spots, which a newer version replaces). What goes next:
 *   1. JOIN and PART, at once;
 *   2. the oldest urgent line (a private reply to a player the game waits for; the oldest of the
 *      players' own lines, ircb_queue_push_player, before any display), while the urgent credit
 *      lasts: an urgent line that overtakes others costs one credit (a player's own while
 *      another player's waits too, every other time), a line served in turn gives one back, so
 *      urgent lines take at most half of the output while other lines wait (the hands, spots
 *      and replies of several players on the move two thirds) and any share when nothing else
 *      does;
 *   3. otherwise a line served in turn: round-robin over the targets of four rings, channel
 *      events, private events, channel displays and private displays, taken in the fixed cycle
 *      described at IRCB_SCHEDULE_LEN (empty rings skipped), where a fifth ring, the players'
 *      own lines (a hand, spots, replies to a person seated in a game:
 *      ircb_queue_push_player), takes every other turn of each of the last three. A game's own
 *      lines never queue behind a board drawing someone asked for, in their channel or
 *      another; however many people get private replies, two of every three lines served in
 *      turn are the channels' events; and however many onlookers ask for displays, a player's
 *      own lines get half of the rest, one player after another;
 *   4. when nothing else waits (and the pacing bucket is full), the background: the game lines
 *      of channels where no person present plays, all of them one place taken round-robin, so
 *      that games of computer players cannot crowd the rest however many there are.
 * Shares are bounded too: each target may hold IRCB_TARGET_LINES lines, and only
 * IRCB_URGENT_PER_TARGET are made urgent until its lines have all gone (the rest wait in the
 * round-robin; an urgent line replaced before it went gives its grant and its place in the
 * urgent lane to the line that replaces it); the whole queue holds
 * IRCB_QUEUE_LINES (lines are at most 512 bytes, so that bounds its memory), and when it is full
 * the target holding most gives up its newest line. Text pushed whole (an admin's listing, which
 * must not lose a line) is not cut by these caps: what they do not let in yet waits in its target's
 * spill, in order, and joins the target's lines as they go out, so it is served at the same pace
 * and share as any other target's; the spills hold at most IRCB_SPILL_LINES in all, and a target
 * with a spill never gives up lines to make room for others. A keyed group of lines replaces the
 * older group with the same target and key still queued, unless that one is already being sent: it
 * is finished (a drawing is never cut short), and the newer one waits behind it. A target whose
 * lines were all replaced keeps its place in its ring (and the urgent lines it was granted): asking
 * again for a hand or a drawing never sends one to the back, or it would never come while others
 * keep the ring busy. A channel's drawing, pushed in turn with its game lines
 * (ircb_queue_push_in_turn) or asked for (a display of the channel), once begun, is never mixed
 * with other lines of the channel: the channel's game-line and display turns both go to it while
 * the rest of the channel waits (other targets go on). A display of a channel that has not begun
 * yields its turns to the channel's game lines while any wait, so the game's lines wait for at
 * most the one drawing being sent, never for what onlookers ask for after it. A drawing pushed in
 * turn that waits alone goes a line each time the bucket is full, and a player's own lines go
 * before it, but once more lines of others went ahead of it than the burst but one, its lines
 * go first (urgent lines aside), two for each line of others, until it is out: a person who
 * keeps asking (their spots every second) cannot slow the drawing the table waits for to a
 * crawl.
 *
 * Pacing is a token bucket: `burst` lines may leave back to back, then one per `interval_ms`.
 *
 * No I/O and no clock here: the caller passes the time in milliseconds, so tests run it with a
 * fake clock. */
#ifndef BW_IRC_QUEUE_H
#define BW_IRC_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Lines one target may hold: a board drawing of the big board (24 lines) with its text form,
 * a status and a few game lines, with room to spare. More are refused: a target cannot grow
 * the queue without bound however much is asked for it. */
#define IRCB_TARGET_LINES 64
/* Lines the whole queue may hold: 16 targets at their cap, at most 512 KiB of text. */
#define IRCB_QUEUE_LINES 1024
/* Urgent lines one target gets until its lines have all gone: a refusal, a hand and a prompt.
 * Further lines for it wait in the round-robin like any other, so asking for a board drawing
 * again and again on your own move does not put lines ahead of every channel: a newer drawing
 * replaces the older one but gets no urgent lines of its own while the older still waits. */
#define IRCB_URGENT_PER_TARGET 3
/* Urgent lines that may overtake waiting lines in a row: a reply and the hand it changed.
 * One is given back per line served in turn, so urgent lines never take more than half (those
 * of several players at once, which cost one every other time, two thirds). */
#define IRCB_URGENT_CREDIT 2
/* The turns of the rings (0 channel events, 1 private events, 2 channel displays, 3 private
 * displays) in one cycle: 0 0 1 0 0 2 0 0 3. When all have lines, two thirds of the lines served
 * in turn are the channels' own: three games at the pace of a real network (two lines a second)
 * then keep answering their players within about the time they take without a flood. The
 * players' own lines (IRCB_RING_PLAYERS) take every other one of the turns of rings 1, 2 and 3,
 * so that with all busy they get one line in six, round-robin among the players, and a line of
 * a player whose ring was idle goes within three lines; private replies and displays, however
 * many ask for them, still get one turn in eighteen each (one in nine while no player's line
 * waits). */
#define IRCB_SCHEDULE_LEN 9
/* Lines waiting in spills, in all: an admin's listing of a thousand lines, twice over each for
 * "status" and "games" (a newer keyed one replaces an older still waiting), at most about 2 MiB. */
#define IRCB_SPILL_LINES 4096
/* The rings: the four of the schedule; the players' own private lines (ircb_queue_push_player),
 * which take every other turn of each of rings 1 to 3 (the other when that one has nothing);
 * and the background: the game lines of channels where nobody plays who is there to read them
 * (ircb_queue_push_background). */
#define IRCB_RINGS 6
#define IRCB_RING_PLAYERS 4
#define IRCB_RING_BACKGROUND 5
/* Targets emptied by a drop whose places are remembered: the bot drops a display and pushes
 * its replacement in one go, so a few suffice. */
#define IRCB_VACANCIES 8

/* What joins two private lines waiting for one person into one line (see ircb_queue_push). */
#define IRCB_JOIN_SEP " \xc2\xb7 "

/* The IRC command a line is sent as. */
enum ircb_kind { IRCB_PRIVMSG, IRCB_NOTICE, IRCB_JOIN, IRCB_PART, IRCB_WHO, IRCB_NAMES };

struct ircb_target; /* the lines waiting for one target */

struct ircb_line {
    enum ircb_kind kind;
    bool urgent;    /* queued in the urgent lane (also in its target's order) */
    char *target;   /* owned */
    char *text;     /* owned; one wire line's worth, no CR, LF or NUL; "" for JOIN/PART */
    char *key;      /* owned, or NULL */
    uint64_t group; /* the keyed group it belongs to, 0 for none */
    uint8_t how;    /* how it was pushed, for ircb_queue_push_again */
    struct ircb_target *owner;     /* NULL for JOIN and PART */
    struct ircb_line *prev, *next; /* in its target's order or spill (JOIN/PART: their own list) */
    struct ircb_line *urgent_prev, *urgent_next; /* order among urgent lines across targets */
    uint64_t useq; /* its place in that order: they are sorted by it */
};

struct ircb_queue {
    int burst;
    int interval_ms;
    int64_t clock; /* pacing clock: when the bucket will be full again */
    /* Rings of targets in round-robin order (see IRCB_SCHEDULE_LEN); each points at the next
     * target to serve. */
    struct ircb_target *ring[IRCB_RINGS];
    int slot; /* the place in the cycle whose turn it is */
    /* At the next turn of ring 1, 2 or 3: whether the players' ring goes first. */
    bool players_first;
    size_t target_count;
    struct ircb_line *ctl_head, *ctl_tail; /* JOIN and PART */
    struct ircb_line *urgent_head, *urgent_tail;
    uint64_t useq;     /* the last place given in the urgent lane */
    size_t urgent;     /* lines in the urgent lane */
    int urgent_credit; /* see above */
    bool player_free;  /* the last urgent line was a player's own that cost no credit */
    /* Lines of other rings that went ahead of a drawing in turn, counted twice, less the
     * drawing's lines since (see above); 0 when no such drawing waits. */
    int drawing_owed;
    size_t lines;      /* every queued line, JOIN and PART and spilled ones included */
    size_t held;       /* lines held by targets (what IRCB_QUEUE_LINES bounds) */
    size_t background; /* of those, lines in the background ring */
    size_t spilled;    /* lines waiting in targets' spills (what IRCB_SPILL_LINES bounds) */
    size_t refused;    /* lines refused or given up for the caps, since init */
    /* The keyed group being pushed: further pushes with this target and key belong to it. */
    char *group_target, *group_key;
    uint64_t group; /* its number; groups are numbered from 1 */
    /* Places in the rings: a target's stamp grows each time it goes to the back. Targets
     * emptied by a drop are remembered a while, so that the lines that replace theirs take
     * their place (see above). */
    uint64_t stamp;
    struct ircb_vacancy {
        char *name; /* owned; NULL: free */
        int ring;
        uint64_t stamp;
        size_t urgent_granted;
        uint64_t useq_back;
    } vacated[IRCB_VACANCIES];
    int next_vacancy;
};

/* An empty queue in caller storage. burst >= 1; interval_ms 0 means no pacing. */
void ircb_queue_init(struct ircb_queue *q, int burst, int interval_ms);

/* Free every queued line; q is empty and may be reused. */
void ircb_queue_fini(struct ircb_queue *q);

/* Change the pacing (a configuration reload); queued lines stay. */
void ircb_queue_set_pacing(struct ircb_queue *q, int burst, int interval_ms);

/* Queue text for target, cut into pieces of at most max_text bytes at spaces and never inside
 * a UTF-8 sequence (util/utf8.h). CR, LF and NUL never reach the wire: each CR or LF becomes a
 * space before cutting. Private text without a key that fits in one line with the unkeyed line
 * still waiting last for target joins it, after IRCB_JOIN_SEP (a reply to each of a few commands
 * typed at once need not cost a line each). key (or NULL) names what the line belongs to:
 * consecutive pushes with the same target and key are one group, and the first push of a group
 * discards the lines of an older group with that target and key still queued (an outdated hand or
 * board) unless it is being sent. urgent is a wish: honoured for up to IRCB_URGENT_PER_TARGET
 * lines. Returns the number of lines queued: 0 for empty text or an unusable target (empty, or with
 * a space, comma, control character or leading ':'), fewer than the pieces when a cap refused some.
 * All strings are copied. */
size_t ircb_queue_push(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                       const char *text, bool urgent, const char *key, size_t max_text);

/* As ircb_queue_push, never urgent, for text that must reach target whole however long: the
 * pieces the caps do not let in now wait in the target's spill and join its lines as they go out
 * (keyed groups replace older ones there too). Returns the number of lines queued or waiting;
 * fewer than the pieces only when IRCB_SPILL_LINES are already waiting, or when the queue is full
 * and target holds nothing yet. */
size_t ircb_queue_push_whole(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                             const char *text, const char *key, size_t max_text);

/* As ircb_queue_push, for a line to a person seated in a running game about their own seat (a
 * hand, spots, what happened to them) or in answer to their command: it waits in the players'
 * ring (one place per player, every other turn of the private and display rings; see
 * IRCB_SCHEDULE_LEN), not among the displays anybody may ask for, so that onlookers asking for
 * drawings cannot hold up a player's own lines however many they are. A keyed group replaces an
 * older one of that target and key wherever it waits. */
size_t ircb_queue_push_player(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                              const char *text, bool urgent, const char *key, size_t max_text);

/* As ircb_queue_push, never urgent and without a key, for a game line of channel that nobody
 * present plays in (only computer players are at the table): all such channels together are one
 * place, the background, which is served only when nothing else waits and the pacing bucket is
 * full, so that it never holds up another line by more than the one line being sent. The
 * channels in it take turns. A channel's game lines keep their order whichever way they were
 * pushed: a background line joins those of its channel already waiting in turn, and one pushed
 * otherwise brings its channel's background lines back into turn ahead of it. Returns the
 * number of lines queued (0 when channel is not a channel). */
size_t ircb_queue_push_background(struct ircb_queue *q, enum ircb_kind kind, const char *channel,
                                  const char *text, size_t max_text);

/* As ircb_queue_push, never urgent, for a display of channel (key required) that must go out in
 * turn with the channel's game lines, neither before the lines pushed ahead of it nor after those
 * pushed behind it: the drawing of the board at the start of a game, before the first prompt. A
 * newer group with its key still replaces it while none of it has gone. Returns the number of
 * lines queued (0 when channel is not a channel or key is NULL). */
size_t ircb_queue_push_in_turn(struct ircb_queue *q, enum ircb_kind kind, const char *channel,
                               const char *text, const char *key, size_t max_text);

/* Push again, as it was pushed first, a line taken from a queue or sent (`how` is the line's
 * field), for a connection that failed before the server read it: a keyed line joins the newest
 * group of its target and key waiting here instead of replacing it, so that a drawing put back a
 * line at a time stays whole, and a drawing pushed in turn stays one the game waits for. */
size_t ircb_queue_push_again(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                             const char *text, const char *key, unsigned how);

/* How many lines of displays pushed in turn (ircb_queue_push_in_turn) still wait for channel. */
size_t ircb_queue_in_turn_displays(const struct ircb_queue *q, const char *channel);

/* How many lines of channel's drawings still wait: displays pushed in turn and the displays
 * anybody asked for in the channel (ircb_queue_push with a key). */
size_t ircb_queue_drawings(const struct ircb_queue *q, const char *channel);

/* How many game lines wait for channel, in turn or in the background (spilled ones included),
 * displays pushed in turn with them included. */
size_t ircb_queue_events(const struct ircb_queue *q, const char *channel);

/* How many lines wait for target (compared regardless of ASCII case), in any ring, urgent or
 * spilled ones included. */
size_t ircb_queue_waiting(const struct ircb_queue *q, const char *target);

/* How many lines the pacing lets leave back to back at now_ms (the tokens in the bucket). */
int ircb_queue_room(const struct ircb_queue *q, int64_t now_ms);

/* How calm the output is for a computer player of the game in channel to move at now_ms
 * without anybody waiting for it:
 *   IRCB_CALM_NOT: something for channel or for one of the n nicks (the people at its table)
 *     still waits;
 *   IRCB_CALM_GAME: nothing of the game waits, but nothing else does either and the bucket is not
 *     full: a person who types a few commands at once would not find the whole burst;
 *   IRCB_CALM_FULL: nothing of the game waits and the bucket is full, or others' lines wait (the
 *     bucket is theirs to drain, the rings share the output: a game never waits for floods
 *     elsewhere).
 * Waiting for a full bucket costs a game no pace while its moves take a line each: the bucket
 * refills a line an interval. */
enum { IRCB_CALM_NOT, IRCB_CALM_GAME, IRCB_CALM_FULL };
int ircb_queue_calm(const struct ircb_queue *q, const char *channel, const char *const *nicks,
                    size_t n, int64_t now_ms);

/* Discard every queued line for target (compared regardless of ASCII case) whose key equals
 * key, spilled ones included, except those of a group already being sent; the next push with that
 * key starts a new group. Returns how many were dropped. */
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

/* How many lines are queued (those waiting in spills included). */
size_t ircb_queue_length(const struct ircb_queue *q);

/* Whether target names a channel (starts with '#', '&', '+' or '!'). */
bool ircb_is_channel(const char *target);

#endif
