/* CAP LS / REQ / END and the SASL exchange. */
#include "irc/cap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/xmalloc.h"

/* They add information without adding message tags, which the library cannot parse. */
static const char *const wanted_caps[] = {"account-notify", "extended-join", "away-notify",
                                          "multi-prefix", NULL};

/* AUTHENTICATE carries at most this many bytes of base64 per line. */
#define SASL_CHUNK 400

static const char *mech_name(enum config_sasl_mech m)
{
    return m == CONFIG_SASL_EXTERNAL ? "EXTERNAL" : "PLAIN";
}

static void send_line(struct strbuf *up, const char *line)
{
    sb_append(up, line);
    sb_append(up, "\r\n");
}

/* Whether word is one of the space- or comma-separated items of list. */
static bool in_list(const char *list, const char *word, char sep)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == sep) && (p[n] == 0 || p[n] == sep))
            return true;
    return false;
}

static void add_word(char *list, size_t size, const char *word)
{
    if (in_list(list, word, ' ') || strlen(list) + strlen(word) + 2 > size)
        return;
    if (*list)
        strcat(list, " ");
    strcat(list, word);
}

void ircb_cap_start(struct ircb_cap *c, const char *net, const struct config_sasl *sasl,
                    struct strbuf *up)
{
    memset(c, 0, sizeof *c);
    c->net = net;
    c->state = IRCB_CAP_LS;
    c->sasl_deadline = INT64_MAX;
    if (sasl && sasl->mechanism != CONFIG_SASL_NONE) {
        c->mech = sasl->mechanism;
        c->user = sasl->username ? xstrdup(sasl->username) : NULL;
        c->pass = sasl->password ? xstrdup(sasl->password) : NULL;
        c->required = sasl->required;
    }
    send_line(up, "CAP LS 302");
}

void ircb_cap_fini(struct ircb_cap *c)
{
    if (c->pass) {
        volatile char *p = c->pass;
        while (*p)
            *p++ = 0;
    }
    free(c->pass);
    free(c->user);
    c->pass = c->user = NULL;
}

static void finish(struct ircb_cap *c, struct strbuf *up)
{
    if (c->state == IRCB_CAP_DONE || c->state == IRCB_CAP_FAILED)
        return;
    send_line(up, "CAP END");
    c->state = IRCB_CAP_DONE;
    c->sasl_deadline = INT64_MAX;
}

/* The login did not happen. Required: the connection fails (true). Otherwise the bot goes on
 * without it and asks no more (false). */
static bool give_up_login(struct ircb_cap *c, const char *why)
{
    c->sasl_deadline = INT64_MAX;
    if (c->required) {
        snprintf(c->error, sizeof c->error, "SASL %s failed: %.160s", mech_name(c->mech), why);
        log_event(LOG_LEVEL_WARN, &(struct log_fields){.network = c->net, .action = "sasl_failed"},
                  "%s: %s", c->net, c->error);
        c->state = IRCB_CAP_FAILED;
        return true;
    }
    log_event(LOG_LEVEL_WARN, &(struct log_fields){.network = c->net, .action = "sasl_failed"},
              "%s: SASL %s failed: %s; going on without the login (sasl.required is false)", c->net,
              mech_name(c->mech), why);
    c->mech = CONFIG_SASL_NONE;
    return false;
}

/* The login failed after CAP REQ: end the negotiation unless the connection must close. */
static void login_failed(struct ircb_cap *c, struct strbuf *up, const char *why)
{
    if (!give_up_login(c, why))
        finish(c, up);
}

static void request(struct ircb_cap *c, struct strbuf *up, const char *caps)
{
    char line[300];
    snprintf(line, sizeof line, "CAP REQ :%s", caps);
    send_line(up, line);
    c->state = IRCB_CAP_REQ;
}

/* The last line of CAP LS arrived: ask for what is worth having. */
static void on_ls_done(struct ircb_cap *c, struct strbuf *up)
{
    if (c->mech != CONFIG_SASL_NONE) {
        char why[200] = "";
        if (!c->sasl_offered)
            snprintf(why, sizeof why, "the server offers no SASL");
        else if (*c->mechs && !in_list(c->mechs, mech_name(c->mech), ','))
            snprintf(why, sizeof why, "the server offers only %.100s", c->mechs);
        if (*why && give_up_login(c, why))
            return;
        if (c->mech != CONFIG_SASL_NONE)
            add_word(c->want, sizeof c->want, "sasl");
    }
    if (*c->want)
        request(c, up, c->want);
    else
        finish(c, up);
}

static void on_ls(struct ircb_cap *c, const struct ircb_msg *m)
{
    /* CAP * LS [*] :list; the '*' marks a list continued on the next line. */
    const char *list = m->params[m->nparams - 1];
    char buf[IRCB_LINE_MAX + 1];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *value = strchr(w, '=');
        if (value)
            *value++ = 0;
        if (strcmp(w, "sasl") == 0) {
            c->sasl_offered = true;
            snprintf(c->mechs, sizeof c->mechs, "%s", value ? value : "");
        }
        for (const char *const *k = wanted_caps; *k; k++)
            if (strcmp(w, *k) == 0)
                add_word(c->want, sizeof c->want, w);
    }
}

static void start_login(struct ircb_cap *c, int64_t now, struct strbuf *up)
{
    char line[64];
    snprintf(line, sizeof line, "AUTHENTICATE %s", mech_name(c->mech));
    send_line(up, line);
    c->state = IRCB_CAP_SASL;
    c->sasl_deadline = now + IRCB_SASL_TIMEOUT_MS;
}

static void on_ack(struct ircb_cap *c, const struct ircb_msg *m, int64_t now, struct strbuf *up)
{
    char buf[IRCB_LINE_MAX + 1];
    snprintf(buf, sizeof buf, "%s", m->params[m->nparams - 1]);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        if (*w != '-')
            add_word(c->acked, sizeof c->acked, w);
    if (c->state != IRCB_CAP_REQ || (m->nparams >= 4 && strcmp(m->params[2], "*") == 0))
        return;
    if (c->mech != CONFIG_SASL_NONE && in_list(c->acked, "sasl", ' '))
        start_login(c, now, up);
    else
        finish(c, up);
}

static void on_nak(struct ircb_cap *c, struct strbuf *up)
{
    if (c->state != IRCB_CAP_REQ)
        return;
    /* A REQ is all or nothing: try the login alone before giving it up. */
    if (c->mech != CONFIG_SASL_NONE && !c->sasl_alone && strcmp(c->want, "sasl") != 0) {
        c->sasl_alone = true;
        request(c, up, "sasl");
        return;
    }
    if (c->mech != CONFIG_SASL_NONE)
        login_failed(c, up, "the server refused the sasl capability");
    else
        finish(c, up);
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Base64 of n bytes at in, appended to out. */
static void base64(struct strbuf *out, const unsigned char *in, size_t n)
{
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)in[i] << 16;
        if (i + 1 < n)
            v |= (unsigned)in[i + 1] << 8;
        if (i + 2 < n)
            v |= in[i + 2];
        sb_appendc(out, b64[v >> 18 & 63]);
        sb_appendc(out, b64[v >> 12 & 63]);
        sb_appendc(out, i + 1 < n ? b64[v >> 6 & 63] : '=');
        sb_appendc(out, i + 2 < n ? b64[v & 63] : '=');
    }
}

/* The server said "AUTHENTICATE +": send the credentials in chunks of SASL_CHUNK. */
static void send_credentials(struct ircb_cap *c, struct strbuf *up)
{
    struct strbuf raw = STRBUF_INIT, enc = STRBUF_INIT;
    if (c->mech == CONFIG_SASL_PLAIN) {
        /* authzid NUL authcid NUL password; the authorization id is the same account */
        sb_append(&raw, c->user);
        sb_appendc(&raw, 0);
        sb_append(&raw, c->user);
        sb_appendc(&raw, 0);
        sb_append(&raw, c->pass);
    } else if (c->user) {
        sb_append(&raw, c->user);
    }
    base64(&enc, (const unsigned char *)(raw.len ? raw.buf : ""), raw.len);
    if (enc.len == 0)
        send_line(up, "AUTHENTICATE +");
    for (size_t off = 0, n; off < enc.len; off += n) {
        n = enc.len - off < SASL_CHUNK ? enc.len - off : SASL_CHUNK;
        sb_append(up, "AUTHENTICATE ");
        sb_append_len(up, enc.buf + off, n);
        sb_append(up, "\r\n");
    }
    /* A last chunk of exactly SASL_CHUNK bytes is followed by an empty one. */
    if (enc.len && enc.len % SASL_CHUNK == 0)
        send_line(up, "AUTHENTICATE +");
    if (raw.len)
        memset(raw.buf, 0, raw.len);
    if (enc.len)
        memset(enc.buf, 0, enc.len);
    sb_fini(&raw);
    sb_fini(&enc);
}

bool ircb_cap_on_line(struct ircb_cap *c, const struct ircb_msg *m, int64_t now, struct strbuf *up)
{
    const char *last = m->nparams ? m->params[m->nparams - 1] : "";
    if (strcmp(m->command, "CAP") == 0) {
        /* CAP <target> <subcommand> [*] :list */
        const char *sub = ircb_msg_param(m, 1);
        if (m->nparams < 3 || c->state == IRCB_CAP_FAILED)
            return true;
        bool more = m->nparams >= 4 && strcmp(m->params[2], "*") == 0;
        if (strcmp(sub, "LS") == 0 && c->state == IRCB_CAP_LS) {
            on_ls(c, m);
            if (!more)
                on_ls_done(c, up);
        } else if (strcmp(sub, "ACK") == 0) {
            on_ack(c, m, now, up);
        } else if (strcmp(sub, "NAK") == 0) {
            on_nak(c, up);
        }
        /* NEW, DEL, LIST: nothing the bot acts on after registration. */
        return true;
    }
    if (strcmp(m->command, "AUTHENTICATE") == 0) {
        if (c->state != IRCB_CAP_SASL || strcmp(m->params[0], "+") != 0)
            return true;
        if (!c->sent_credentials) {
            c->sent_credentials = true;
            send_credentials(c, up);
            return true;
        }
        /* Each step is answered once: a server asking again would have the credentials
         * repeated for every line it sends. */
        send_line(up, "AUTHENTICATE *");
        login_failed(c, up, "the server asked for the credentials again");
        return true;
    }
    if (m->numeric == 421 && m->nparams >= 2 && strcmp(m->params[1], "CAP") == 0) {
        /* The server knows no CAP: it registers as usual. */
        if (c->state == IRCB_CAP_LS) {
            if (c->mech == CONFIG_SASL_NONE ||
                !give_up_login(c, "the server has no capability negotiation"))
                c->state = IRCB_CAP_DONE;
        }
        return true;
    }
    if (m->numeric < 900 || m->numeric > 908)
        return false;
    switch (m->numeric) {
    case 900: /* RPL_LOGGEDIN <nick> <nick!user@host> <account> :text */
        if (m->nparams >= 3)
            snprintf(c->account, sizeof c->account, "%s", m->params[2]);
        break;
    case 903: /* RPL_SASLSUCCESS */
    case 907: /* ERR_SASLALREADY */
        if (c->state == IRCB_CAP_SASL) {
            log_event(LOG_LEVEL_INFO,
                      &(struct log_fields){.network = c->net, .action = "sasl_login"},
                      "%s: SASL: logged in as %s", c->net, *c->account ? c->account : "?");
            finish(c, up);
        }
        break;
    case 902: /* ERR_NICKLOCKED */
    case 904: /* ERR_SASLFAIL */
    case 905: /* ERR_SASLTOOLONG */
    case 906: /* ERR_SASLABORTED */
        if (c->state == IRCB_CAP_SASL) {
            char why[200];
            snprintf(why, sizeof why, "%.150s (%s)", last, m->command);
            login_failed(c, up, why);
        }
        break;
    default: /* 901 logged out, 908 the mechanisms (904 follows) */
        break;
    }
    return true;
}

void ircb_cap_registered(struct ircb_cap *c)
{
    if (c->state == IRCB_CAP_DONE || c->state == IRCB_CAP_FAILED)
        return;
    if (c->mech != CONFIG_SASL_NONE && c->required) {
        snprintf(c->error, sizeof c->error,
                 "SASL %s failed: the server finished registration without the login",
                 mech_name(c->mech));
        log_event(LOG_LEVEL_WARN, &(struct log_fields){.network = c->net, .action = "sasl_failed"},
                  "%s: %s", c->net, c->error);
        c->state = IRCB_CAP_FAILED;
        return;
    }
    c->state = IRCB_CAP_DONE;
}

int64_t ircb_cap_tick(struct ircb_cap *c, int64_t now, struct strbuf *up)
{
    if (c->state != IRCB_CAP_SASL)
        return INT64_MAX;
    if (now < c->sasl_deadline)
        return c->sasl_deadline;
    send_line(up, "AUTHENTICATE *"); /* abort the exchange */
    char why[64];
    snprintf(why, sizeof why, "no answer within %d s", IRCB_SASL_TIMEOUT_MS / 1000);
    login_failed(c, up, why);
    return INT64_MAX;
}

bool ircb_cap_has(const struct ircb_cap *c, const char *cap)
{
    return in_list(c->acked, cap, ' ');
}
