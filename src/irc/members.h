/* Who is in the channels the bot is in, and who they are: user@host and services account.
 *
 * Why: a seat and an admin right belong to a person, and the only trustworthy word on who uses
 * a nick right now comes from the server about members of channels the bot shares with them
 * (JOIN with extended-join, NAMES, WHO/WHOX after the bot joins, account-notify, NICK, PART,
 * KICK, QUIT). A nick the bot shares no channel with is forgotten at once: the bot would not
 * see it quit, and someone else could take it.
 *
 * No I/O: conn.c feeds it the server's events. Nicks compare regardless of ASCII case. */
#ifndef BW_IRC_MEMBERS_H
#define BW_IRC_MEMBERS_H

#include <stdbool.h>
#include <stddef.h>

struct ircb_member {
    char *nick;
    char *user, *host;  /* NULL until known (NAMES gives only the nick) */
    char *account;      /* NULL: not logged in, or not known */
    bool account_known; /* the server said (extended-join, WHOX, account-notify) */
    char **chans;       /* the shared channels it is in */
    size_t nchans;
};

struct ircb_members {
    struct ircb_member **v;
    size_t n;
};

void ircb_members_init(struct ircb_members *m);
/* Forget everything (a new connection). */
void ircb_members_clear(struct ircb_members *m);
void ircb_members_fini(struct ircb_members *m);

/* nick (with user and host when given, else NULL) is in chan. account: the account name when
 * the server said (extended-join, WHOX), "*" or "0" or "" for none, NULL when it did not say. */
void ircb_members_add(struct ircb_members *m, const char *chan, const char *nick, const char *user,
                      const char *host, const char *account);

/* nick left chan (PART, KICK); forgotten when it shares no other channel with the bot. */
void ircb_members_remove(struct ircb_members *m, const char *chan, const char *nick);

/* The bot itself left chan (or is joining it anew): every member record of chan goes. */
void ircb_members_drop_channel(struct ircb_members *m, const char *chan);

/* nick quit. */
void ircb_members_quit(struct ircb_members *m, const char *nick);

/* old is now called new_nick (the same person: user, host and account follow). */
void ircb_members_rename(struct ircb_members *m, const char *old, const char *new_nick);

/* account-notify: "*" (or NULL) means logged out. */
void ircb_members_set_account(struct ircb_members *m, const char *nick, const char *account);

/* A NAMES reply's list ("@alice +bob carol"; prefixes in prefixes, e.g. "~&@%+") for chan. */
void ircb_members_names(struct ircb_members *m, const char *chan, const char *list,
                        const char *prefixes);

/* The member called nick, or NULL when the bot shares no channel with it. */
const struct ircb_member *ircb_members_find(const struct ircb_members *m, const char *nick);

/* Whether nick is in chan. */
bool ircb_members_in(const struct ircb_members *m, const char *chan, const char *nick);

#endif
