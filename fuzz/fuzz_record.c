/* Arbitrary bytes as a saved game's record. Every input is decoded twice: as it is, and with
 * its last four bytes replaced by the checksum of the rest, so that the search reaches the
 * field checks behind the checksum. A refused record leaves the session untouched; an
 * accepted one encodes again, and that record decodes to the same session and bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "session/record.h"

#define NOW_MS 1000000

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
