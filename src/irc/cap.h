/* IRCv3 capability negotiation and SASL (PLAIN, EXTERNAL), before registration ends.
 *
 * Pure protocol work: lines from the server in, lines for the server out (appended to a buffer
 * with CR LF), no sockets and no clock of its own, so that tests can play a server's side byte
 * for byte. The transport owns one per connection.
 *
 * The exchange: "CAP LS 302" goes out first (ircb_cap_start); the server lists what it has;
 * the capabilities worth having (they add information without message tags) and "sasl" when a
 * login is configured go out in one CAP REQ; after the ACK the login runs (AUTHENTICATE); then
 * CAP END lets the server finish registration. A server that knows no CAP answers 421 and
 * registers as usual. */
#ifndef BW_IRC_CAP_H
#define BW_IRC_CAP_H

#include <stdbool.h>
#include <stdint.h>

#include "config/config.h"
#include "irc/line.h"
#include "util/strbuf.h"

/* How long the server may take to answer the login. */
#define IRCB_SASL_TIMEOUT_MS 30000

enum ircb_cap_state {
    IRCB_CAP_LS,     /* CAP LS sent, waiting for the whole list */
    IRCB_CAP_REQ,    /* CAP REQ sent */
    IRCB_CAP_SASL,   /* AUTHENTICATE under way */
    IRCB_CAP_DONE,   /* CAP END sent, or the server has no CAP */
    IRCB_CAP_FAILED, /* a required login failed: see error; the connection must close */
};

struct ircb_cap {
    enum ircb_cap_state state;
    const char *net; /* for logs; borrowed */
    enum config_sasl_mech mech;
    char *user, *pass; /* copies; the password is wiped when freed */
    bool required;
    bool sasl_offered;
    char mechs[128];       /* the server's sasl=... value; "" when it gave none */
    char want[256];        /* capabilities to request, space separated */
    char acked[256];       /* capabilities the server acknowledged */
    bool sasl_alone;       /* a CAP REQ of "sasl" alone, after the server refused the full list */
    bool sent_credentials; /* answered "AUTHENTICATE +" once: a second is refused */
    int64_t sasl_deadline;
    char account[64]; /* from 900 RPL_LOGGEDIN */
    char error[200];
};

/* Start in caller storage: copies what it needs from sasl (NULL or mechanism NONE: no login)
 * and appends "CAP LS 302" to up. net names the network in logs and stays the caller's. */
void ircb_cap_start(struct ircb_cap *c, const char *net, const struct config_sasl *sasl,
                    struct strbuf *up);

/* Free the copies (the password is overwritten first). */
void ircb_cap_fini(struct ircb_cap *c);

/* A line from the server. Returns true when it belonged to the negotiation (CAP, AUTHENTICATE,
 * the SASL numerics 900-908, 421 for CAP) and must not reach the library. Replies go to up.
 * After a required login fails, state is IRCB_CAP_FAILED with the reason in error. */
bool ircb_cap_on_line(struct ircb_cap *c, const struct ircb_msg *m, int64_t now, struct strbuf *up);

/* Registration finished (001): a negotiation still open is over; a required login that never
 * happened fails. */
void ircb_cap_registered(struct ircb_cap *c);

/* Check the login's time limit; returns when it next needs a look (INT64_MAX: never). */
int64_t ircb_cap_tick(struct ircb_cap *c, int64_t now, struct strbuf *up);

/* Whether the server acknowledged cap. */
bool ircb_cap_has(const struct ircb_cap *c, const char *cap);

#endif
