/* Channel members and their identities. */
#include "irc/members.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/osrandom.h"
#include "util/xmalloc.h"

void ircb_members_init(struct ircb_members *m)
{
    *m = (struct ircb_members){0};
    char why[8];
    if (os_random(&m->key, sizeof m->key, why, sizeof why) != 0)
        m->key = (uint64_t)(uintptr_t)m ^ 0x9e3779b97f4a7c15u;
}

static void member_free(struct ircb_member *u)
{
    for (size_t i = 0; i < u->nchans; i++)
        free(u->chans[i].chan);
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
    if (m->slot)
        memset(m->slot, 0, m->nslots * sizeof *m->slot);
}

void ircb_members_fini(struct ircb_members *m)
{
    ircb_members_clear(m);
    free(m->v);
    free(m->slot);
    m->v = NULL;
    m->vcap = 0;
    m->slot = NULL;
    m->nslots = 0;
}

/* ---- the table: nick (ASCII case folded) -> index in v ---- */

static uint64_t hash(const struct ircb_members *m, const char *nick)
{
    uint64_t h = m->key ^ 0xcbf29ce484222325u;
    for (const unsigned char *p = (const unsigned char *)nick; *p; p++) {
        unsigned char c = *p >= 'A' && *p <= 'Z' ? (unsigned char)(*p + 32) : *p;
        h = (h ^ c) * 0x100000001b3u;
    }
    /* Mix the high bits in: the table takes the low ones. */
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9u;
    return h ^ (h >> 32);
}

/* The slot that holds index i (whose nick is v[i]->nick). */
static size_t slot_of(const struct ircb_members *m, size_t i)
{
    size_t mask = m->nslots - 1;
    for (size_t s = hash(m, m->v[i]->nick) & mask;; s = (s + 1) & mask)
        if (m->slot[s] == i + 1)
            return s;
}

static void table_put(struct ircb_members *m, size_t i)
{
    size_t mask = m->nslots - 1, s = hash(m, m->v[i]->nick) & mask;
    while (m->slot[s])
        s = (s + 1) & mask;
    m->slot[s] = i + 1;
}

/* Empty slot s, moving later entries of its run back so that every lookup still finds them. */
static void table_take(struct ircb_members *m, size_t s)
{
    size_t mask = m->nslots - 1;
    m->slot[s] = 0;
    for (size_t j = (s + 1) & mask; m->slot[j]; j = (j + 1) & mask) {
        size_t home = hash(m, m->v[m->slot[j] - 1]->nick) & mask;
        /* Entry j may move to s when its home does not lie in (s, j]. */
        bool stays = s < j ? (home > s && home <= j) : (home > s || home <= j);
        if (!stays) {
            m->slot[s] = m->slot[j];
            m->slot[j] = 0;
            s = j;
        }
    }
}

/* Room for one more entry at most half full. */
static void table_grow(struct ircb_members *m)
{
    if ((m->n + 1) * 2 <= m->nslots)
        return;
    size_t n = m->nslots ? m->nslots * 2 : 64;
    free(m->slot);
    m->slot = xcalloc(n, sizeof *m->slot);
    m->nslots = n;
    for (size_t i = 0; i < m->n; i++)
        table_put(m, i);
}

static size_t index_of(const struct ircb_members *m, const char *nick)
{
    if (!nick || !m->nslots)
        return (size_t)-1;
    size_t mask = m->nslots - 1;
    for (size_t s = hash(m, nick) & mask; m->slot[s]; s = (s + 1) & mask)
        if (strcasecmp(m->v[m->slot[s] - 1]->nick, nick) == 0)
            return m->slot[s] - 1;
    return (size_t)-1;
}

const struct ircb_member *ircb_members_find(const struct ircb_members *m, const char *nick)
{
    size_t i = index_of(m, nick);
    return i == (size_t)-1 ? NULL : m->v[i];
}

static void remove_at(struct ircb_members *m, size_t i)
{
    table_take(m, slot_of(m, i));
    size_t last = m->n - 1;
    if (i != last)
        m->slot[slot_of(m, last)] = i + 1;
    member_free(m->v[i]);
    m->v[i] = m->v[last];
    m->n--;
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
        if (strcasecmp(u->chans[i].chan, chan) == 0)
            return i;
    return (size_t)-1;
}

/* The membership of nick in chan, or NULL. */
static struct ircb_membership *membership(const struct ircb_members *m, const char *chan,
                                          const char *nick)
{
    size_t i = index_of(m, nick);
    if (i == (size_t)-1 || !chan)
        return NULL;
    size_t c = chan_index(m->v[i], chan);
    return c == (size_t)-1 ? NULL : &m->v[i]->chans[c];
}

/* Whether status (bits as in struct ircb_membership) holds '@' or a prefix ranked above it. */
static bool holds_op(unsigned status, const char *prefixes)
{
    const char *at = prefixes ? strchr(prefixes, '@') : NULL;
    if (!at || at - prefixes >= 31)
        return false;
    return (status & ((2u << (at - prefixes)) - 1)) != 0;
}

static void set_status(struct ircb_membership *ms, unsigned status, const char *prefixes)
{
    ms->status = status;
    ms->op = holds_op(status, prefixes);
}

/* ircb_members_add; returns nick's membership of chan (a new one holds no status), or NULL
 * when nothing was added. */
static struct ircb_membership *add(struct ircb_members *m, const char *chan, const char *nick,
                                   const char *user, const char *host, const char *account)
{
    if (!chan || !nick || !*nick)
        return NULL;
    size_t i = index_of(m, nick);
    struct ircb_member *u;
    if (i == (size_t)-1) {
        if (m->n >= IRCB_MEMBERS_MAX) {
            m->refused++;
            return NULL;
        }
        table_grow(m);
        u = xcalloc(1, sizeof *u);
        u->nick = xstrdup(nick);
        if (m->n == m->vcap) {
            m->vcap = m->vcap ? m->vcap * 2 : 16;
            m->v = xreallocarray(m->v, m->vcap, sizeof *m->v);
        }
        m->v[m->n++] = u;
        table_put(m, m->n - 1);
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
    size_t c = chan_index(u, chan);
    if (c == (size_t)-1) {
        u->chans = xreallocarray(u->chans, u->nchans + 1, sizeof *u->chans);
        c = u->nchans++;
        u->chans[c] = (struct ircb_membership){.chan = xstrdup(chan)};
    }
    return &u->chans[c];
}

void ircb_members_add(struct ircb_members *m, const char *chan, const char *nick, const char *user,
                      const char *host, const char *account)
{
    add(m, chan, nick, user, host, account);
}

void ircb_members_join(struct ircb_members *m, const char *chan, const char *nick, const char *user,
                       const char *host, const char *account)
{
    struct ircb_membership *ms = add(m, chan, nick, user, host, account);
    if (ms)
        set_status(ms, 0, NULL);
}

void ircb_members_remove(struct ircb_members *m, const char *chan, const char *nick)
{
    size_t i = index_of(m, nick);
    if (i == (size_t)-1 || !chan)
        return;
    struct ircb_member *u = m->v[i];
    size_t c = chan_index(u, chan);
    if (c != (size_t)-1) {
        free(u->chans[c].chan);
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
    if (i != (size_t)-1) {
        table_take(m, slot_of(m, i));
        set_text(&m->v[i]->nick, new_nick);
        table_put(m, i);
    }
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
    if (!prefixes)
        prefixes = "";
    char *copy = xstrdup(list);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        unsigned status = 0;
        const char *p;
        for (; *w && (p = strchr(prefixes, *w)); w++)
            if (p - prefixes < 31)
                status |= 1u << (p - prefixes);
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
        struct ircb_membership *ms = add(m, chan, w, user, host, NULL);
        if (ms)
            set_status(ms, status, prefixes);
    }
    free(copy);
}

bool ircb_members_mode(struct ircb_members *m, const char *chan, const struct ircb_chanmodes *cm,
                       const char *const *args, size_t nargs)
{
    if (!chan || !args || nargs == 0 || !args[0])
        return true;
    size_t next = 1; /* the next parameter to take */
    char sign = 0;
    for (const char *p = args[0]; *p; p++) {
        if (*p == '+' || *p == '-') {
            sign = *p;
            continue;
        }
        if (!sign)
            return false;
        /* *p is never NUL here, so strchr cannot match a terminator. */
        const char *status = strchr(cm->status, *p);
        bool takes;
        if (status || strchr(cm->always, *p))
            takes = true;
        else if (strchr(cm->when_set, *p))
            takes = sign == '+';
        else if (strchr(cm->never, *p))
            takes = false;
        else
            return false; /* whether a parameter follows is unknown: nothing after it is sure */
        const char *arg = NULL;
        if (takes) {
            if (next >= nargs || !args[next])
                return false;
            arg = args[next++];
        }
        struct ircb_membership *ms = status ? membership(m, chan, arg) : NULL;
        if (ms) {
            unsigned bit = 1u << (status - cm->status);
            set_status(ms, sign == '+' ? ms->status | bit : ms->status & ~bit, cm->prefixes);
        }
    }
    return true;
}

void ircb_members_clear_status(struct ircb_members *m, const char *chan)
{
    for (size_t i = 0; chan && i < m->n; i++) {
        size_t c = chan_index(m->v[i], chan);
        if (c != (size_t)-1)
            set_status(&m->v[i]->chans[c], 0, NULL);
    }
}

bool ircb_members_in(const struct ircb_members *m, const char *chan, const char *nick)
{
    const struct ircb_member *u = ircb_members_find(m, nick);
    return u && chan && chan_index(u, chan) != (size_t)-1;
}

bool ircb_members_op(const struct ircb_members *m, const char *chan, const char *nick)
{
    const struct ircb_membership *ms = membership(m, chan, nick);
    return ms && ms->op;
}

/* ---- the server's channel modes ---- */

static bool is_letter(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* A NAMES prefix: printable ASCII that cannot begin a nick's letters or split a list. */
static bool is_prefix_char(char ch)
{
    return ch > ' ' && ch < 127 && !is_letter(ch) && !(ch >= '0' && ch <= '9') && ch != ',' &&
           ch != ':';
}

void ircb_chanmodes_init(struct ircb_chanmodes *cm)
{
    *cm = (struct ircb_chanmodes){0};
    snprintf(cm->status, sizeof cm->status, "qaohv");
    snprintf(cm->prefixes, sizeof cm->prefixes, "~&@%%+");
    snprintf(cm->always, sizeof cm->always, "beIk");
    snprintf(cm->when_set, sizeof cm->when_set, "l");
    snprintf(cm->never, sizeof cm->never, "imnpst");
}

bool ircb_chanmodes_set_prefix(struct ircb_chanmodes *cm, const char *value)
{
    if (!value)
        return false;
    if (!*value) { /* "PREFIX=": no statuses at all */
        cm->status[0] = cm->prefixes[0] = 0;
        return true;
    }
    const char *close = value[0] == '(' ? strchr(value, ')') : NULL;
    if (!close)
        return false;
    size_t n = (size_t)(close - value - 1);
    const char *modes = value + 1, *prefixes = close + 1;
    if (n > IRCB_STATUS_MAX || strlen(prefixes) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (!is_letter(modes[i]) || !is_prefix_char(prefixes[i]) || memchr(modes, modes[i], i) ||
            memchr(prefixes, prefixes[i], i))
            return false;
    }
    memcpy(cm->status, modes, n);
    cm->status[n] = 0;
    memcpy(cm->prefixes, prefixes, n);
    cm->prefixes[n] = 0;
    return true;
}

bool ircb_chanmodes_set_chanmodes(struct ircb_chanmodes *cm, const char *value)
{
    if (!value)
        return false;
    char always[IRCB_MODE_LIST_MAX + 1] = "", when_set[IRCB_MODE_LIST_MAX + 1] = "",
                                     never[IRCB_MODE_LIST_MAX + 1] = "";
    size_t na = 0, nc = 0, nd = 0;
    unsigned group = 0;
    for (const char *p = value; *p; p++) {
        if (*p == ',') {
            group++;
            continue;
        }
        if (!is_letter(*p))
            return false;
        char *dst = group < 2 ? always : group == 2 ? when_set : group == 3 ? never : NULL;
        size_t *len = group < 2 ? &na : group == 2 ? &nc : &nd;
        if (!dst)
            continue; /* a later group: its modes' parameters are not known */
        if (*len >= IRCB_MODE_LIST_MAX)
            return false;
        dst[(*len)++] = *p;
        dst[*len] = 0;
    }
    memcpy(cm->always, always, sizeof always);
    memcpy(cm->when_set, when_set, sizeof when_set);
    memcpy(cm->never, never, sizeof never);
    return true;
}
