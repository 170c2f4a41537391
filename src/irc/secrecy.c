/* Which channels are secret or private (see secrecy.h). */
#include "irc/secrecy.h"

#include <stdlib.h>
#include <string.h>

#include "irc/internal.h"
#include "util/log.h"
#include "util/xmalloc.h"

struct entry {
    bool known;  /* the server has said (324) */
    bool s, p;   /* +s, +p */
    bool asked;  /* MODE was sent since the last join */
    char name[]; /* the key */
};

void ircb_secrecy_apply(bool *s, bool *p, const char *modes)
{
    char sign = 0;
    for (const char *m = modes ? modes : ""; *m && *m != ' '; m++) {
        if (*m == '+' || *m == '-')
            sign = *m;
        else if (sign && *m == 's')
            *s = sign == '+';
        else if (sign && *m == 'p')
            *p = sign == '+';
    }
}

static struct entry *find(const struct ircb_secrecy *set, const char *chan)
{
    return cimap_get(&set->by_name, chan);
}

static struct entry *get(struct ircb_secrecy *set, const char *chan)
{
    struct entry *e = find(set, chan);
    if (!e) {
        size_t n = strlen(chan);
        e = xcalloc(1, sizeof *e + n + 1);
        memcpy(e->name, chan, n + 1);
        cimap_add(&set->by_name, e->name, e);
    }
    return e;
}

void ircb_secrecy_fini(struct ircb_secrecy *set)
{
    for (size_t i = 0; i < set->by_name.cap; i++)
        free(set->by_name.slots[i].value);
    cimap_fini(&set->by_name);
}

bool ircb_conn_channel_hidden(const struct ircb_conn *c, const char *chan)
{
    const struct entry *e = chan ? find(&c->secrecy, chan) : NULL;
    return !e || !e->known || e->s || e->p;
}

bool ircb_secrecy_out(void *ctx, const char *chan)
{
    return ircb_conn_channel_hidden(ctx, chan);
}

static void ask(struct ircb_conn *c, struct entry *e)
{
    /* Straight to the library, like WHO's answer it comes at once; when its buffer is full the
     * end of NAMES asks again. */
    e->asked = irc_send_raw(c->session, "MODE %s", e->name) == 0;
}

void ircb_secrecy_joined(struct ircb_conn *c, const char *chan)
{
    if (!chan || !c->session)
        return;
    struct entry *e = get(&c->secrecy, chan);
    ask(c, e);
}

void ircb_secrecy_names_end(struct ircb_conn *c, const char *chan)
{
    struct entry *e = chan ? find(&c->secrecy, chan) : NULL;
    if (e && !e->asked && c->session)
        ask(c, e);
}

/* Say when a channel turns out secret, or stops or starts being so. */
static void tell(struct ircb_conn *c, const struct entry *e, bool was_known, bool was_secret)
{
    bool secret = e->s || e->p;
    if (was_known ? secret == was_secret : !secret)
        return;
    log_event(LOG_LEVEL_DEBUG,
              &(struct log_fields){.network = c->name, .channel = e->name, .action = "web_hide"},
              "%s: %s is %s, %s the web view", c->name, e->name,
              secret ? "secret or private" : "public", secret ? "left out of" : "shown on");
}

void ircb_secrecy_modes_are(struct ircb_conn *c, const char *chan, const char *modes)
{
    /* Only for a channel the bot joined: a reply it did not ask for adds nothing. */
    struct entry *e = chan && modes ? find(&c->secrecy, chan) : NULL;
    if (!e)
        return;
    bool was_known = e->known, was_secret = e->s || e->p;
    e->s = e->p = false; /* the reply lists every mode that is set */
    ircb_secrecy_apply(&e->s, &e->p, modes);
    e->known = true;
    tell(c, e, was_known, was_secret);
}

void ircb_secrecy_mode(struct ircb_conn *c, const char *chan, const char *modes)
{
    struct entry *e = chan ? find(&c->secrecy, chan) : NULL;
    if (!e)
        return;
    bool was_secret = e->s || e->p;
    ircb_secrecy_apply(&e->s, &e->p, modes);
    tell(c, e, e->known, was_secret);
}
