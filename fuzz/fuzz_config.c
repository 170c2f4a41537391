/* libFuzzer target: arbitrary bytes as a configuration file.
 *
 * Loading must never crash, leak or hang, whatever the bytes; a successful load must satisfy
 * what the rest of the program relies on without checking again. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "engine/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_loaded(const struct bw_config *cfg)
{
    if (cfg->network_count == 0 || !cfg->bot.prefix || !cfg->store_path)
        abort();
    if (cfg->game.min_players < 3 || cfg->game.min_players > cfg->game.max_players ||
        cfg->game.max_players > 6)
        abort();
    for (size_t i = 0; i < cfg->network_count; i++) {
        const struct config_network *n = &cfg->networks[i];
        if (!n->name || !n->host || !n->nick || !n->username || !n->realname)
            abort();
        if (n->port < 1 || n->port > 65535 || n->flood.burst < 1)
            abort();
        /* Pacing past the floor only when the file says unsafe = true. */
        if (!n->flood.unsafe && (n->flood.burst > 10 || n->flood.interval_ms < 300))
            abort();
        /* These go into printf-style formats and raw lines inside libircclient. */
        if (strpbrk(n->nick, "% \r\n") || strpbrk(n->username, "% \r\n") ||
            strpbrk(n->realname, "%\r\n") || (n->password && strpbrk(n->password, "% \r\n")))
            abort();
        for (size_t c = 0; c < n->channel_count; c++) {
            if (config_channel_problem(n->channels[c]))
                abort();
        }
        if (config_network_find(cfg, n->name) != &cfg->networks[i])
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct bw_config cfg;
    struct config_errors errs;
    config_errors_init(&errs);
    int rc = config_load_buffer(&cfg, (const char *)data, size, "fuzz.conf", &errs);
    if (rc == BW_OK) {
        if (errs.count)
            abort();
        check_loaded(&cfg);
    } else {
        if (errs.count == 0)
            abort();
        for (size_t i = 0; i < errs.count; i++)
            free(config_problem_format(&errs.items[i]));
    }
    config_fini(&cfg);
    config_errors_fini(&errs);
    return 0;
}
