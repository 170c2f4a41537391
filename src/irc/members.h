/* Who is in the channels the bot is in, and who they are: user@host and services account.
 *
 * Why: a seat and an admin right belong to a person, and the only trustworthy word on who uses
 * a nick right now comes from the server about members of channels the bot shares with them
 * (JOIN with extended-join, NAMES, WHO/WHOX after the bot joins, account-notify, NICK, PART,
 * KICK, QUIT). A nick the bot shares no channel with is forgotten at once: the bot would not
 * see it quit, and someone else could take it. Who is a channel operator (for commands that
 * admins and operators may use) comes the same way: NAMES prefixes, MODE, a new JOIN.
 *
 * No I/O: conn.c feeds it the server's events. Nicks compare regardless of ASCII case (as with
 * CASEMAPPING=ascii; the rfc1459 extras {}|~ vs []\^ are not folded). Lookups are hashed: a
 * channel of tens of thousands of members costs no more per line than a small one. */
#ifndef BW_IRC_MEMBERS_H
#define BW_IRC_MEMBERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One shared channel a member is in, and its status there. */
struct ircb_membership {
    char *chan;
    /* Bit i: the status of the i-th prefix in the server's ISUPPORT PREFIX ("~&@%+": bit 2 is
     * '@', operator). Several at once with multi-prefix; without it NAMES shows only the
     * highest, which still tells whether op is. */
    unsigned status;
    bool op; /* '@' or a status ranked above it: a channel operator (or above) */
};

struct ircb_member {
    char *nick;
    char *user, *host;             /* NULL until known (NAMES gives only the nick) */
    char *account;                 /* NULL: not logged in, or not known */
    bool account_known;            /* the server said (extended-join, WHOX, account-notify) */
    struct ircb_membership *chans; /* the shared channels it is in */
    size_t nchans;
};

/* Members the bot keeps at most, over all its channels on one network (about 200 bytes each):
 * a server cannot grow the list without bound. Nicks past it are not kept (they cannot sit
 * or be recognised as admins until others leave); refused counts them. */
#define IRCB_MEMBERS_MAX 100000

struct ircb_members {
    struct ircb_member **v;
    size_t n, vcap;
    /* An open-addressing table of v's indexes + 1 (0: empty), by the nick's hash regardless
     * of ASCII case; a power of two, at most half full. The hash is keyed with a random
     * number, so that no server can choose nicks that all fall together. */
    size_t *slot, nslots;
    uint64_t key;
    size_t refused;
};

/* What the server's channel modes are, from ISUPPORT PREFIX and CHANMODES: which modes are
 * statuses (and their NAMES prefixes) and which take a parameter, so that a MODE line's
 * parameters are matched to its modes. */
#define IRCB_STATUS_MAX 15
#define IRCB_MODE_LIST_MAX 63
struct ircb_chanmodes {
    char status[IRCB_STATUS_MAX + 1];   /* status modes, highest first ("qaohv") */
    char prefixes[IRCB_STATUS_MAX + 1]; /* their NAMES prefixes in the same order ("~&@%+") */
    /* modes with a parameter both ways: CHANMODES types A and B ("beIk") */
    char always[IRCB_MODE_LIST_MAX + 1];
    char when_set[IRCB_MODE_LIST_MAX + 1]; /* with a parameter only when set: type C ("l") */
    char never[IRCB_MODE_LIST_MAX + 1];    /* without a parameter: type D ("imnpst") */
};

/* Until the server says: PREFIX=(qaohv)~&@%+ and CHANMODES=beI,k,l,imnpst. */
void ircb_chanmodes_init(struct ircb_chanmodes *cm);
/* ISUPPORT PREFIX's value ("(qaohv)~&@%+"). False, and cm unchanged, when it is malformed. */
bool ircb_chanmodes_set_prefix(struct ircb_chanmodes *cm, const char *value);
/* ISUPPORT CHANMODES's value ("beI,k,l,imnpst"; groups after the fourth are not known to take
 * no parameter, so a mode in them stops a MODE line's reading). False, and cm unchanged, when
 * it is malformed. */
bool ircb_chanmodes_set_chanmodes(struct ircb_chanmodes *cm, const char *value);

void ircb_members_init(struct ircb_members *m);
/* Forget everything (a new connection). */
void ircb_members_clear(struct ircb_members *m);
void ircb_members_fini(struct ircb_members *m);

/* nick (with user and host when given, else NULL) is in chan. account: the account name when
 * the server said (extended-join, WHOX), "*" or "0" or "" for none, NULL when it did not say. */
void ircb_members_add(struct ircb_members *m, const char *chan, const char *nick, const char *user,
                      const char *host, const char *account);

/* nick joined chan (JOIN): as ircb_members_add, and it holds no status there (whatever the
 * bot thought of an earlier stay). */
void ircb_members_join(struct ircb_members *m, const char *chan, const char *nick, const char *user,
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

/* A NAMES reply's list ("@alice +bob carol", with multi-prefix "@+alice"; prefixes in
 * prefixes, highest first, e.g. "~&@%+") for chan. Each member listed holds in chan exactly
 * the statuses shown. */
void ircb_members_names(struct ircb_members *m, const char *chan, const char *list,
                        const char *prefixes);

/* A MODE line on chan: args[0] the mode string ("+ob-v"), args[1..nargs-1] its parameters
 * ("alice", "*!*@x", "bob"). Status modes (+o, -o, +q, ...) on members of chan change their
 * status there; other modes only use up their parameters; nicks that are not members of chan
 * and parameters left over change nothing. Returns false when the line could not be read to
 * its end (a mode the server never described, a parameter missing, no '+' or '-' first): the
 * changes before that point are made, but what came after is unknown (a "-o" among it?), and
 * the caller should learn the channel's statuses anew (NAMES). */
bool ircb_members_mode(struct ircb_members *m, const char *chan, const struct ircb_chanmodes *cm,
                       const char *const *args, size_t nargs);

/* Nobody holds a status in chan any more (until NAMES tells again). */
void ircb_members_clear_status(struct ircb_members *m, const char *chan);

/* The member called nick, or NULL when the bot shares no channel with it. */
const struct ircb_member *ircb_members_find(const struct ircb_members *m, const char *nick);

/* Whether nick is in chan. */
bool ircb_members_in(const struct ircb_members *m, const char *chan, const char *nick);

/* Whether nick is in chan as a channel operator or above ('@' or a prefix ranked above it). */
bool ircb_members_op(const struct ircb_members *m, const char *chan, const char *nick);

#endif
