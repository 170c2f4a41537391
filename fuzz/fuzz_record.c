/* Arbitrary bytes as a saved game's record. Every input is decoded twice: as it is, and with
 * its last four bytes replaced by the checksum of the rest, so that the search reaches the
 * field checks behind the checksum. A refused record leaves the session untouched; an
 * accepted one encodes again, and that record decodes to the same session and bytes. Then its
 * times are within the range record.h gives them, and its timers run for a day: an overflow
 * in them aborts the sanitized build (configure with -DBW_SANITIZE=ON, as the test command
 * does). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "session/record.h"

#define NOW_MS 1000000
/* The wall clock of the restore for the second decode: a version 5 record's times move back by
 * the time since its save (at most RECORD_AGE_MAX_MS). */
#define NOW_WALL_MS 1796212800000

/* Every time of s that is not a sentinel lies within RECORD_AGE_MAX_MS of the restore (twice
 * that when restored with a wall clock: age). */
static void check_times(const struct session *s, int64_t age)
{
    int64_t times[8 + GAME_MAX_OFFERS + GAME_MAX_PLAYERS];
    int n = 0;
    times[n++] = s->turn_deadline_ms;
    times[n++] = s->step_deadline_ms;
    times[n++] = s->board_ms;
    times[n++] = s->status_ms;
    times[n++] = s->board_text_ms;
    times[n++] = s->paused_ms;
    times[n++] = s->started_ms;
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        times[n++] = s->offer_ms[i];
    for (int i = 0; i < s->n_seats; i++)
        times[n++] = s->seat[i].left_ms;
    for (int i = 0; i < n; i++)
        if (times[i] != INT64_MAX && times[i] != INT64_MIN &&
            (times[i] < NOW_MS - age || times[i] > NOW_MS + RECORD_AGE_MAX_MS))
            abort();
}

/* The timers of s from the restore on: whatever comes due within a day, paused and resumed. */
static void run_timers(struct session *s)
{
    static struct session_tick tick;
    int64_t now = NOW_MS;
    session_resume(s, now);
    for (int k = 0; k < 64; k++) {
        int64_t next = session_next_deadline(s);
        session_turn_seconds_left(s, now);
        if (session_tick(s, now, &tick) != SESSION_TICK_NONE)
            continue;
        if (next > NOW_MS + 86400000)
            break;
        now = next > now ? next : now + 1;
    }
    session_pause(s, now);
    session_resume(s, now + SESSION_GRACE_MS);
    session_next_deadline(s);
}

static void try_record(const uint8_t *data, size_t size)
{
    static struct session s, keep, t;
    static unsigned char buf[RECORD_MAX_SIZE], again[RECORD_MAX_SIZE];
    char why[128];
    memset(&s, 0x6b, sizeof s);
    keep = s;
    if (record_decode(&s, data, size, NOW_MS, why, sizeof why) != BW_OK) {
        if (memcmp(&s, &keep, sizeof s) != 0 || !why[0])
            abort();
        return;
    }
    size_t len = record_encode(&s, NOW_MS, buf, sizeof buf);
    if (!len || record_decode(&t, buf, len, NOW_MS, why, sizeof why) != BW_OK)
        abort();
    if (memcmp(&s, &t, sizeof s) != 0)
        abort();
    if (record_encode(&t, NOW_MS, again, sizeof again) != len || memcmp(buf, again, len) != 0)
        abort();
    check_times(&t, RECORD_AGE_MAX_MS);
    run_timers(&t);
    /* Restored later by the wall clock: the times move back, within their range. */
    if (record_decode_at(&t, data, size, NOW_MS, NOW_WALL_MS, why, sizeof why) != BW_OK)
        abort();
    check_times(&t, 2 * RECORD_AGE_MAX_MS);
    run_timers(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t fixed[RECORD_MAX_SIZE + 64];
    try_record(data, size);
    if (size < RECORD_FRAME_SIZE || size > sizeof fixed)
        return 0;
    memcpy(fixed, data, size);
    uint32_t crc = record_crc32(fixed, size - 4);
    for (int i = 0; i < 4; i++)
        fixed[size - 4 + i] = (uint8_t)(crc >> (8 * i));
    try_record(fixed, size);
    return 0;
}
