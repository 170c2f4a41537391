/* Arbitrary bytes as a position line (bench/position.h, doc/position-format.md). A refused line
 * comes with a reason; an accepted one is a state the engine accepts, its canonical line parses
 * again, and that gives the same line back. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"

static char text[POSITION_LINE_MAX + 2], line[POSITION_LINE_MAX + 1], again[POSITION_LINE_MAX + 1];
static struct position pos, back;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[POSITION_WHY_MAX];
    size = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, size);
    text[size] = 0;
    if (position_parse(text, &pos, why, sizeof why)) {
        if (!why[0])
            abort();
        return 0;
    }
    if (game_check_state(&pos.g) != BW_OK)
        abort();
    int n = position_print(&pos, line, sizeof line);
    if (n < 0 || position_parse(line, &back, why, sizeof why) ||
        position_print(&back, again, sizeof again) != n || strcmp(line, again))
        abort();
    return 0;
}
