/* libFuzzer target for the command words: arbitrary bytes go through the tokenizer, the
 * LIST, trade, resource, card, vertex, edge and hex parsers, and the UTF-8 helpers used to
 * quote user text in replies, in each language's words. Checks that replies stay clean and
 * results stay in range.
 * Build it with clang -fsanitize=fuzzer,address -I src, together with src/cmd/words.c, the
 * sources of src/util and src/engine/{board,error,rng}.c. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/words.h"
#include "util/utf8.h"

static void check_msg(const char *msg, size_t size)
{
    size_t n = strnlen(msg, size);
    if (n == size)
        abort();
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)msg[i] < 0x20 || msg[i] == 0x7f)
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    /* The first byte picks the language whose words are read besides the English ones. */
    words_set_language(size ? data[0] % 4 : 0);
    char *line = malloc(size + 1);
    memcpy(line, data, size);
    line[size] = '\0';
    (void)words_command_alias(line);

    char *argv[64];
    char msg[160];
    int argc = words_tokenize(line, argv, 64);
    if (argc < 0)
        argc = 64;

    uint8_t counts[RES_COUNT];
    msg[0] = '\0';
    int total = words_list(argc, argv, counts, msg, sizeof msg);
    check_msg(msg, sizeof msg);
    if (total > 0) {
        int sum = 0;
        for (int r = 0; r < RES_COUNT; r++)
            sum += counts[r];
        if (sum != total || total > WORDS_LIST_MAX)
            abort();
    }

    struct words_trade t;
    uint8_t give[RES_COUNT], get[RES_COUNT];
    if (words_trade(argc, argv, argc % 2 == 0, give, get, &t, msg, sizeof msg) == BW_OK) {
        if (t.give_argc + t.get_argc + t.to_argc > argc)
            abort();
    }
    check_msg(msg, sizeof msg);

    if (argc > 0) {
        int used = 0;
        int card = words_dev_card_args(argc, argv, &used, msg, sizeof msg);
        if (card >= DEV_COUNT || (card >= 0 && (used < 1 || used > argc)))
            abort();
        check_msg(msg, sizeof msg);
    }

    for (int kind = 0; kind < BOARD_KIND_COUNT; kind++) {
        const struct board_geo *geo = board_geo(kind);
        for (int a = 0; a < argc; a++) {
            int r = words_resource(argv[a], msg, sizeof msg);
            if (r >= RES_COUNT)
                abort();
            int e = words_edge(geo, argv[a], msg, sizeof msg);
            if (e >= geo->n_edges)
                abort();
            int v = words_vertex(geo, argv[a], msg, sizeof msg);
            if (v >= geo->n_vertices)
                abort();
            int h = words_hex(geo, argv[a], msg, sizeof msg);
            if (h >= geo->n_hexes)
                abort();
            check_msg(msg, sizeof msg);
        }
    }

    /* The raw bytes (NULs included) through the text helpers. */
    char clean[512];
    size_t n = utf8_sanitize_into(clean, sizeof clean, (const char *)data, size);
    if (!utf8_valid(clean, n))
        abort();
    struct utf8_splitter sp;
    const char *piece;
    size_t len, max = 4 + (size ? data[0] % 64 : 0);
    utf8_split_init(&sp, (const char *)data, size, max);
    while (utf8_split_next(&sp, &piece, &len))
        if (len == 0 || len > max || piece < (const char *)data ||
            piece + len > (const char *)data + size)
            abort();

    free(line);
    return 0;
}
