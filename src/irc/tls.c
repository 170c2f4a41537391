/* OpenSSL client sessions. */
#include "irc/tls.h"

#include <arpa/inet.h>
#include <errno.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

struct ircb_tls {
    SSL *ssl;
    char host[256];
};

static void openssl_error(char *err, size_t errsize, const char *what)
{
    unsigned long e = ERR_get_error();
    char buf[200] = "unknown error";
    if (e)
        ERR_error_string_n(e, buf, sizeof buf);
    snprintf(err, errsize, "%s: %s", what, buf);
    ERR_clear_error();
}

static bool is_address(const char *host)
{
    unsigned char tmp[16];
    return inet_pton(AF_INET, host, tmp) == 1 || inet_pton(AF_INET6, host, tmp) == 1;
}

/* A context with o's trust and client certificate; NULL with err. */
static SSL_CTX *make_ctx(const struct ircb_tls_opts *o, char *err, size_t errsize)
{
    ERR_clear_error();
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx) {
        openssl_error(err, errsize, "TLS setup failed");
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    if (o->verify) {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
        if (SSL_CTX_set_default_verify_paths(ctx) != 1) {
            openssl_error(err, errsize, "cannot load the system's certificate store");
            goto fail;
        }
    }
    if (o->ca_file && SSL_CTX_load_verify_locations(ctx, o->ca_file, NULL) != 1) {
        char what[300];
        snprintf(what, sizeof what, "cannot load tls_ca_file %.200s", o->ca_file);
        openssl_error(err, errsize, what);
        goto fail;
    }
    if (o->client_cert) {
        char what[300];
        snprintf(what, sizeof what, "cannot use tls_client_cert %.200s", o->client_cert);
        if (SSL_CTX_use_certificate_chain_file(ctx, o->client_cert) != 1 ||
            SSL_CTX_use_PrivateKey_file(ctx, o->client_cert, SSL_FILETYPE_PEM) != 1 ||
            SSL_CTX_check_private_key(ctx) != 1) {
            openssl_error(err, errsize, what);
            goto fail;
        }
    }
    return ctx;
fail:
    SSL_CTX_free(ctx);
    return NULL;
}

const char *ircb_tls_check_files(const struct ircb_tls_opts *o)
{
    static char err[400];
    struct ircb_tls_opts files = *o;
    files.verify = false; /* the system store is not this file's business */
    SSL_CTX *ctx = make_ctx(&files, err, sizeof err);
    if (!ctx)
        return err;
    SSL_CTX_free(ctx);
    return NULL;
}

/* Contexts already made, shared by every connection with the same settings and files: the
 * system store alone takes about a megabyte and 20 ms to load. A file changed since (a renewed
 * certificate) makes a new context. */
#define CTX_CACHE 16

static struct ctx_entry {
    SSL_CTX *ctx;
    bool verify;
    char *ca_file, *client_cert;
    struct timespec ca_mtime, cert_mtime;
} ctx_cache[CTX_CACHE];

static struct timespec mtime_of(const char *path)
{
    struct stat st;
    if (!path || stat(path, &st) != 0)
        return (struct timespec){0};
    return st.st_mtim;
}

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool same_time(struct timespec a, struct timespec b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

static void entry_clear(struct ctx_entry *e)
{
    SSL_CTX_free(e->ctx);
    free(e->ca_file);
    free(e->client_cert);
    *e = (struct ctx_entry){0};
}

static void ircb_tls_cleanup(void)
{
    for (size_t i = 0; i < CTX_CACHE; i++)
        entry_clear(&ctx_cache[i]);
}

/* A context for o: shared from the cache (a reference of the caller's), or new. */
static SSL_CTX *get_ctx(const struct ircb_tls_opts *o, char *err, size_t errsize)
{
    struct timespec ca = mtime_of(o->ca_file), cert = mtime_of(o->client_cert);
    struct ctx_entry *slot = &ctx_cache[0];
    for (size_t i = 0; i < CTX_CACHE; i++) {
        struct ctx_entry *e = &ctx_cache[i];
        if (e->ctx && e->verify == o->verify && same_text(e->ca_file, o->ca_file) &&
            same_text(e->client_cert, o->client_cert)) {
            if (same_time(e->ca_mtime, ca) && same_time(e->cert_mtime, cert)) {
                SSL_CTX_up_ref(e->ctx);
                return e->ctx;
            }
            slot = e; /* stale: replace it */
            break;
        }
        if (!e->ctx)
            slot = e;
    }
    SSL_CTX *ctx = make_ctx(o, err, errsize);
    if (!ctx)
        return NULL;
    static bool registered;
    if (!registered)
        registered = atexit(ircb_tls_cleanup) == 0;
    entry_clear(slot);
    *slot = (struct ctx_entry){.ctx = ctx,
                               .verify = o->verify,
                               .ca_file = o->ca_file ? strdup(o->ca_file) : NULL,
                               .client_cert = o->client_cert ? strdup(o->client_cert) : NULL,
                               .ca_mtime = ca,
                               .cert_mtime = cert};
    SSL_CTX_up_ref(ctx);
    return ctx;
}

struct ircb_tls *ircb_tls_new(int fd, const struct ircb_tls_opts *o, char *err, size_t errsize)
{
    SSL_CTX *ctx = get_ctx(o, err, errsize);
    if (!ctx)
        return NULL;
    struct ircb_tls *s = calloc(1, sizeof *s);
    SSL *ssl = s ? SSL_new(ctx) : NULL;
    SSL_CTX_free(ctx); /* the session keeps its own reference */
    if (!ssl) {
        free(s);
        openssl_error(err, errsize, "TLS setup failed");
        return NULL;
    }
    s->ssl = ssl;
    snprintf(s->host, sizeof s->host, "%s", o->host);
    bool ok = SSL_set_fd(ssl, fd) == 1;
    if (ok && is_address(o->host)) {
        if (o->verify)
            ok = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), o->host) == 1;
    } else if (ok) {
        ok = SSL_set_tlsext_host_name(ssl, o->host) == 1;
        if (ok && o->verify) {
            SSL_set_hostflags(ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
            ok = SSL_set1_host(ssl, o->host) == 1;
        }
    }
    if (!ok) {
        openssl_error(err, errsize, "TLS setup failed");
        ircb_tls_free(s);
        return NULL;
    }
    SSL_set_connect_state(ssl);
    return s;
}

/* What an SSL_* call that returned rc means: 1 would block (*want set), 0 end of stream,
 * -1 error (err). */
static int classify(struct ircb_tls *s, int rc, short *want, char *err, size_t errsize,
                    const char *what)
{
    int e = SSL_get_error(s->ssl, rc);
    switch (e) {
    case SSL_ERROR_WANT_READ:
        *want = POLLIN;
        return 1;
    case SSL_ERROR_WANT_WRITE:
        *want = POLLOUT;
        return 1;
    case SSL_ERROR_ZERO_RETURN:
        return 0;
    case SSL_ERROR_SYSCALL:
        if (ERR_peek_error() == 0) {
            if (errno == 0)
                return 0;
            snprintf(err, errsize, "%s: %s", what, strerror(errno));
            return -1;
        }
        break;
    default:
        break;
    }
    openssl_error(err, errsize, what);
    return -1;
}

int ircb_tls_handshake(struct ircb_tls *s, short *want, char *err, size_t errsize)
{
    ERR_clear_error();
    errno = 0;
    int rc = SSL_do_handshake(s->ssl);
    if (rc == 1)
        return 1;
    long v = SSL_get_verify_result(s->ssl);
    int c = classify(s, rc, want, err, errsize, "TLS handshake failed");
    if (c == 1)
        return 0;
    if (v == X509_V_ERR_HOSTNAME_MISMATCH || v == X509_V_ERR_IP_ADDRESS_MISMATCH)
        snprintf(err, errsize, "TLS: the server's certificate does not match the host name %s",
                 s->host);
    else if (v != X509_V_OK)
        snprintf(err, errsize, "TLS: the server's certificate is not trusted: %s",
                 X509_verify_cert_error_string(v));
    else if (c == 0)
        snprintf(err, errsize, "TLS handshake failed: the server closed the connection");
    return -1;
}

ssize_t ircb_tls_read(struct ircb_tls *s, void *buf, size_t n, short *want, char *err,
                      size_t errsize)
{
    ERR_clear_error();
    errno = 0;
    size_t got = 0;
    int rc = SSL_read_ex(s->ssl, buf, n, &got);
    if (rc == 1)
        return (ssize_t)got;
    int c = classify(s, rc, want, err, errsize, "TLS read failed");
    return c == 1 ? -1 : c == 0 ? 0 : -2;
}

ssize_t ircb_tls_write(struct ircb_tls *s, const void *buf, size_t n, short *want, char *err,
                       size_t errsize)
{
    ERR_clear_error();
    errno = 0;
    size_t put = 0;
    int rc = SSL_write_ex(s->ssl, buf, n, &put);
    if (rc == 1)
        return (ssize_t)put;
    int c = classify(s, rc, want, err, errsize, "TLS write failed");
    if (c == 0)
        snprintf(err, errsize, "TLS write failed: the server closed the connection");
    return c == 1 ? -1 : -2;
}

const char *ircb_tls_describe(struct ircb_tls *s, char *buf, size_t size)
{
    snprintf(buf, size, "%s %s", SSL_get_version(s->ssl), SSL_get_cipher_name(s->ssl));
    return buf;
}

void ircb_tls_free(struct ircb_tls *s)
{
    if (!s)
        return;
    SSL_free(s->ssl);
    free(s);
}

const char *ircb_tls_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}
