/* Addresses of the web view's pages, shared by the bot (which says them on IRC) and the web
 * server (which reads them back): a game's page is /g/NETWORK/CHANNEL, the channel written
 * without its leading '#' ("#catan" -> "catan"; "&x" -> "%26x") and every byte outside
 * A-Z a-z 0-9 - . _ ~ percent-encoded. */
#ifndef BW_UTIL_URL_H
#define BW_UTIL_URL_H

#include <stdbool.h>
#include <stddef.h>

/* The path of channel's page on network into buf (size bytes, NUL-terminated when size > 0).
 * Returns the whole length, like snprintf. */
size_t url_game_path(const char *network, const char *channel, char *buf, size_t size);

/* The channel a decoded path segment names: "catan" -> "#catan", "#catan" and "&x" as they
 * are. false when it does not fit in size bytes or is empty. */
bool url_channel_of(const char *segment, char *buf, size_t size);

#endif
