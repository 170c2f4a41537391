/* Channel members and their identities. */
#include "irc/members.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/xmalloc.h"

void ircb_members_init(struct ircb_members *m)
{
    m->v = NULL;
    m->n = 0;
}

static void member_free(struct ircb_member *u)
{
    for (size_t i = 0; i < u->nchans; i++)
        free(u->chans[i]);
    free(u->chans);
    free(u->nick);
    free(u->user);
    free(u->host);
    free(u->account);
    free(u);
}

void ircb_members_clear(struct ircb_members *m)
{
    for (size_t i = 0; i < m->n; i++)
        member_free(m->v[i]);
    m->n = 0;
}

void ircb_members_fini(struct ircb_members *m)
{
    ircb_members_clear(m);
    free(m->v);
    m->v = NULL;
}

static size_t index_of(const struct ircb_members *m, const char *nick)
{
    for (size_t i = 0; nick && i < m->n; i++)
        if (strcasecmp(m->v[i]->nick, nick) == 0)
            return i;
    return (size_t)-1;
}

const struct ircb_member *ircb_members_find(const struct ircb_members *m, const char *nick)
{
    size_t i = index_of(m, nick);
    return i == (size_t)-1 ? NULL : m->v[i];
}

static void remove_at(struct ircb_members *m, size_t i)
{
    member_free(m->v[i]);
    m->v[i] = m->v[--m->n];
}

static void set_text(char **field, const char *value)
{
    free(*field);
    *field = value ? xstrdup(value) : NULL;
}

/* "*", "0" and "" say "not logged in". */
static const char *account_value(const char *account)
{
    if (!account || !*account || strcmp(account, "*") == 0 || strcmp(account, "0") == 0)
        return NULL;
    return account;
}

static size_t chan_index(const struct ircb_member *u, const char *chan)
{
    for (size_t i = 0; i < u->nchans; i++)
        if (strcasecmp(u->chans[i], chan) == 0)
            return i;
    return (size_t)-1;
}

void ircb_members_add(struct ircb_members *m, const char *chan, const char *nick, const char *user,
                      const char *host, const char *account)
{
    if (!chan || !nick || !*nick)
        return;
    size_t i = index_of(m, nick);
    struct ircb_member *u;
    if (i == (size_t)-1) {
        u = xcalloc(1, sizeof *u);
        u->nick = xstrdup(nick);
        m->v = xreallocarray(m->v, m->n + 1, sizeof *m->v);
        m->v[m->n++] = u;
    } else {
        u = m->v[i];
        /* Another user@host under a nick we knew is another person: nothing carries over. */
        if (user && host && u->user && u->host &&
            (strcmp(u->user, user) != 0 || strcasecmp(u->host, host) != 0)) {
            set_text(&u->account, NULL);
            u->account_known = false;
        }
    }
    if (user && host) {
        set_text(&u->user, user);
        set_text(&u->host, host);
    }
    if (account) {
        set_text(&u->account, account_value(account));
        u->account_known = true;
    }
    if (chan_index(u, chan) == (size_t)-1) {
        u->chans = xreallocarray(u->chans, u->nchans + 1, sizeof *u->chans);
        u->chans[u->nchans++] = xstrdup(chan);
    }
}

void ircb_members_remove(struct ircb_members *m, const char *chan, const char *nick)
{
    size_t i = index_of(m, nick);
    if (i == (size_t)-1 || !chan)
        return;
    struct ircb_member *u = m->v[i];
    size_t c = chan_index(u, chan);
    if (c != (size_t)-1) {
        free(u->chans[c]);
        u->chans[c] = u->chans[--u->nchans];
    }
    if (u->nchans == 0)
        remove_at(m, i);
}

void ircb_members_drop_channel(struct ircb_members *m, const char *chan)
{
    for (size_t i = m->n; i-- > 0;)
        ircb_members_remove(m, chan, m->v[i]->nick);
}

void ircb_members_quit(struct ircb_members *m, const char *nick)
{
    size_t i = index_of(m, nick);
    if (i != (size_t)-1)
        remove_at(m, i);
}

void ircb_members_rename(struct ircb_members *m, const char *old, const char *new_nick)
{
    size_t i = index_of(m, old);
    if (!new_nick || !*new_nick)
        return;
    if (strcasecmp(old, new_nick) != 0) {
        /* Whoever the bot thought had the new nick is gone from it. */
        size_t stale = index_of(m, new_nick);
        if (stale != (size_t)-1) {
            remove_at(m, stale);
            i = index_of(m, old);
        }
    }
    if (i != (size_t)-1)
        set_text(&m->v[i]->nick, new_nick);
}

void ircb_members_set_account(struct ircb_members *m, const char *nick, const char *account)
{
    size_t i = index_of(m, nick);
    if (i != (size_t)-1) {
        set_text(&m->v[i]->account, account_value(account));
        m->v[i]->account_known = true;
    }
}

void ircb_members_names(struct ircb_members *m, const char *chan, const char *list,
                        const char *prefixes)
{
    if (!chan || !list)
        return;
    char *copy = xstrdup(list);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        while (*w && strchr(prefixes, *w))
            w++;
        /* userhost-in-names is never asked for, but a server may send nick!user@host. */
        char *bang = strchr(w, '!');
        char *user = NULL, *host = NULL;
        if (bang) {
            *bang = 0;
            user = bang + 1;
            host = strchr(user, '@');
            if (host)
                *host++ = 0;
            else
                user = NULL;
        }
        ircb_members_add(m, chan, w, user, host, NULL);
    }
    free(copy);
}

bool ircb_members_in(const struct ircb_members *m, const char *chan, const char *nick)
{
    const struct ircb_member *u = ircb_members_find(m, nick);
    return u && chan && chan_index(u, chan) != (size_t)-1;
}
