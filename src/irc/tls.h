/* TLS for the connection to the server, through OpenSSL: TLS 1.2 or newer, the certificate
 * chain checked against the system store plus an optional CA file, the host name checked (IP
 * addresses too), SNI, and an optional client certificate (CertFP, SASL EXTERNAL).
 *
 * Non-blocking: each call says through *want which poll events it waits for when it cannot go
 * on yet. Failures come back as a sentence saying which check failed. */
#ifndef BW_IRC_TLS_H
#define BW_IRC_TLS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct ircb_tls;

struct ircb_tls_opts {
    const char *host; /* what the certificate must name; also sent as SNI unless an address */
    bool verify;
    const char *ca_file;     /* or NULL */
    const char *client_cert; /* PEM holding certificate and key, or NULL */
};

/* A client session over the connected socket fd (which stays the caller's). NULL with the
 * reason in err. */
struct ircb_tls *ircb_tls_new(int fd, const struct ircb_tls_opts *o, char *err, size_t errsize);

/* Whether the files of o load (for `brickwood -t`): NULL, or the problem (a static buffer). */
const char *ircb_tls_check_files(const struct ircb_tls_opts *o);

/* Drive the handshake: 1 done, 0 not yet (*want holds POLLIN or POLLOUT), -1 failed (err). */
int ircb_tls_handshake(struct ircb_tls *s, short *want, char *err, size_t errsize);

/* Read up to n bytes: the count, 0 at the end of the stream, -1 when nothing is there yet
 * (*want says what to wait for), -2 on an error (err). */
ssize_t ircb_tls_read(struct ircb_tls *s, void *buf, size_t n, short *want, char *err,
                      size_t errsize);

/* Write up to n bytes: the count written, -1 when it must wait (*want), -2 on an error. */
ssize_t ircb_tls_write(struct ircb_tls *s, const void *buf, size_t n, short *want, char *err,
                       size_t errsize);

/* "TLSv1.3 TLS_AES_256_GCM_SHA384" after the handshake; a borrowed string. */
const char *ircb_tls_describe(struct ircb_tls *s, char *buf, size_t size);

/* Free the session (without a close_notify: the socket is closing anyway). */
void ircb_tls_free(struct ircb_tls *s);

/* The OpenSSL library the program runs with ("OpenSSL 3.0.15 3 Sep 2024"); borrowed. */
const char *ircb_tls_version(void);

#endif
