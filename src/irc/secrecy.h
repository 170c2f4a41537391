/* Which of the bot's channels are secret or private (+s, +p): the web view leaves them out.
 *
 * After joining a channel the bot asks for its modes (MODE #chan, answered by 324
 * RPL_CHANNELMODEIS) and follows the MODE lines that set or unset s and p. Until the server has
 * said, a channel counts as hidden: a secret channel never shows for a moment after a join or a
 * restart. No other mode matters here, and their parameters are never looked at (s and p take
 * none). */
#ifndef BW_IRC_SECRECY_H
#define BW_IRC_SECRECY_H

#include <stdbool.h>
#include <stddef.h>

#include "util/cimap.h"

struct ircb_conn;

/* One connection's channels as far as their modes are known. */
struct ircb_secrecy {
    struct cimap by_name; /* -> its entry (secrecy.c) */
};

/* *s and *p (whether a channel is +s and +p) after the mode string modes ("+sn-p", as in a
 * MODE line or a 324 reply): other letters are ignored, and so is anything before the first
 * sign or after a space. */
void ircb_secrecy_apply(bool *s, bool *p, const char *modes);

/* Whether chan's lobby or game should stay off the web view: the server said it is +s or +p,
 * or has not said yet. */
bool ircb_conn_channel_hidden(const struct ircb_conn *c, const char *chan);

/* ircb_conn_channel_hidden as the bot asks it (bw_out.secret; ctx is the connection). */
bool ircb_secrecy_out(void *ctx, const char *chan);

/* From the IRC layer (events.c; c's state is internal.h's). */
void ircb_secrecy_fini(struct ircb_secrecy *s);
/* The bot joined chan: ask for its modes. */
void ircb_secrecy_joined(struct ircb_conn *c, const char *chan);
/* The end of chan's NAMES: ask again if the request at the join could not be sent. */
void ircb_secrecy_names_end(struct ircb_conn *c, const char *chan);
/* 324: chan's modes are modes (the reply lists only the set ones, "+nst"). */
void ircb_secrecy_modes_are(struct ircb_conn *c, const char *chan, const char *modes);
/* A MODE line on chan with the mode string modes. */
void ircb_secrecy_mode(struct ircb_conn *c, const char *chan, const char *modes);

#endif
