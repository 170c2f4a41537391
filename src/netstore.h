/* One network's part of the store, as the session_store_ops its bot calls: lobbies and games
 * saved by channel (ASCII case folded, so "#Catan" and "#catan" are one game), finished games
 * recorded with their seats' identities, the leaderboard and records of that network. */
#ifndef BW_NETSTORE_H
#define BW_NETSTORE_H

#include <stdint.h>

#include "bot/bot.h"
#include "session/session.h"
#include "store/store.h"

struct net_store;

/* A view of st (borrowed; it must outlive the view) for network (copied). */
struct net_store *net_store_new(struct store *st, const char *network);
void net_store_free(struct net_store *ns);

/* The hooks for bot_set_store(); ops->ctx is ns. */
void net_store_ops(struct net_store *ns, struct session_store_ops *ops);

/* Claim channel (case folded) for this process (store_claim): BW_OK, or an error with the reason
 * in why (whylen bytes), such as another instance on the database holding it. */
int net_store_claim(struct net_store *ns, const char *channel, char *why, size_t whylen);

/* Hand every saved lobby and game of the network to bot_restore() at now_ms; a record that
 * cannot be read is logged with its channel and stays in the file (bot_unreadable). Returns how
 * many came back, or a negative bw_err when the store could not be read, with the reason in why
 * (whylen bytes): then nothing may be written to it, lest the games it holds be overwritten. */
int net_store_restore(struct net_store *ns, struct bot *bot, int64_t now_ms, char *why,
                      size_t whylen);

#endif
