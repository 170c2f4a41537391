/* One network: a bot (src/bot) fed from a libircclient session that reaches the server through
 * the bot's own transport, with the outgoing queue, nick and channel bookkeeping, CTCP answers
 * and reconnection around it. Many connections share one poll loop (ircb_run_once).
 *
 * This is the only code that includes libircclient.h. Clocks are CLOCK_MONOTONIC milliseconds. */
#ifndef BW_IRC_CONN_H
#define BW_IRC_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "irc/queue.h"

struct ircb_conn;

/* Asked when an admin says "reload" on IRC; the process reloads its configuration. */
struct ircb_hooks {
    void *ctx;
    void (*reload)(void *ctx);
    /* Admin "status"/"games" over every network (bw_out.describe); NULL: this one only. */
    void (*describe)(void *ctx, const char *what, const char *channel,
                     void (*emit)(void *ectx, const char *line), void *ectx);
};

/* Whether net's TLS files (CA bundle, client certificate and key) load; logs why not. */
bool ircb_conn_usable(const struct config_network *net);

/* A connection for net with a new bot (botcfg, game and seed go to bot_new). Nothing is
 * connected until the first ircb_run_once. The configuration is copied. NULL when the bot
 * cannot be created or net is not usable. */
struct ircb_conn *ircb_conn_new(const struct config_network *net, const struct config_bot *botcfg,
                                const struct config_game *game, uint64_t seed,
                                const struct ircb_hooks *hooks);

/* Admin "status" (what; channel NULL for all of c's) or "games": lines about c, its channels
 * and their lobbies and games, each passed to emit. */
void ircb_conn_describe(struct ircb_conn *c, const char *what, const char *channel,
                        void (*emit)(void *ectx, const char *line), void *ectx);

/* One line of the bot's output (bw_out.send: its flags BW_OUT_URGENT and BW_OUT_WHOLE) into q, as
 * a connection queues it, cut into pieces of at most max_text bytes; returns the lines queued. */
size_t ircb_conn_queue(struct ircb_queue *q, enum ircb_kind kind, const char *target,
                       const char *text, unsigned flags, const char *key, size_t max_text);

/* Close everything at once (no QUIT; see ircb_conn_quit) and free c with its bot. */
void ircb_conn_free(struct ircb_conn *c);

/* The bot c drives; borrowed from c. */
struct bot *ircb_conn_bot(struct ircb_conn *c);

/* The network's name from the configuration; borrowed from c. */
const char *ircb_conn_name(const struct ircb_conn *c);

/* A reloaded configuration for the same network: join channels that were added, part those
 * that were removed (channels joined by an admin stay; a game in a parted channel is paused
 * until it is joined again), take the new pacing, hand the bot and game settings to the bot
 * (bot_reconfigure) and answer privately as bot.private now says. Server, nicks and the rest
 * apply at the next reconnect. Everything is copied. */
void ircb_conn_reconfigure(struct ircb_conn *c, const struct config_network *net,
                           const struct config_bot *botcfg, const struct config_game *game);

/* Say QUIT with reason and stop reconnecting; ircb_conn_done tells when the QUIT is out. */
void ircb_conn_quit(struct ircb_conn *c, const char *reason);

/* Whether c has nothing left to do after ircb_conn_quit (QUIT sent, or no connection). */
bool ircb_conn_done(const struct ircb_conn *c);

/* One round of the loop for n connections: run due timers, poll every descriptor for at most
 * max_wait_ms (less when a timer is due sooner), then handle what arrived. Returns early on a
 * signal (poll's EINTR), so the caller can look at its signal flags. */
void ircb_run_once(struct ircb_conn *const *conns, size_t n, int max_wait_ms);

/* Milliseconds from CLOCK_MONOTONIC. */
int64_t ircb_now_ms(void);

/* The libircclient the program runs with, as "1.9" in buf (size bytes); returns buf. */
const char *ircb_libircclient_version(char *buf, size_t size);

#endif
