/* Shared between the files of src/config; nothing outside this folder includes it. */
#ifndef BW_CONFIG_INTERNAL_H
#define BW_CONFIG_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"

/* Append a problem (file, line, key and message are copied). key may be NULL, line 0. Once
 * CONFIG_MAX_PROBLEMS are held, one last "too many problems" entry is added and later ones are
 * dropped. errs may be NULL. */
void config_problem_add(struct config_errors *errs, const char *file, unsigned line,
                        const char *key, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void config_problem_vadd(struct config_errors *errs, const char *file, unsigned line,
                         const char *key, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));

/* An integer literal, seen by the pre-scan, that libconfig 1.5 would silently wrap to 32 bits:
 * `port = 4294973963;` reads back as 6667. Pointers borrow the scanned text. */
struct config_wide_int {
    unsigned line; /* line of the setting's name, as libconfig numbers it */
    const char *name;
    size_t name_len;
    const char *literal;
    size_t literal_len;
};

struct config_scan {
    struct config_wide_int *wide;
    size_t wide_count;
};

/* Walk text (len bytes, NUL-free) with libconfig's lexical rules and grammar, recording every
 * integer that does not fit in 32 bits. Problems go to errs under file. Returns BW_E(INVALID)
 * when there is an `@include` (libconfig would open it, and some paths make its scanner exit
 * the process), BW_E(PARSE) for a syntax error at a string (which libconfig would leak) or at
 * a group or list inside [ ], else BW_OK: other syntax errors are left for libconfig to
 * report. out is the caller's, filled either way; free it with config_scan_fini. */
int config_scan_text(const char *text, size_t len, const char *file, struct config_errors *errs,
                     struct config_scan *out);
void config_scan_fini(struct config_scan *scan);

/* The wide literal written for the setting name on line, or NULL. */
const struct config_wide_int *config_scan_find(const struct config_scan *scan, unsigned line,
                                               const char *name);

/* Rules for strings that end up on the IRC wire or in file names; each returns NULL when s is
 * acceptable, else a borrowed constant saying why not. */
const char *config_nick_problem(const char *s);
const char *config_username_problem(const char *s);
const char *config_realname_problem(const char *s);
const char *config_password_problem(const char *s);
const char *config_host_problem(const char *s);
const char *config_network_name_problem(const char *s);
const char *config_admin_problem(const char *s);
const char *config_prefix_problem(const char *s);
const char *config_sasl_text_problem(const char *s);
const char *config_path_problem(const char *s);
/* web.listen: "IPv4:PORT" or "[IPv6]:PORT" (an address literal: the bot resolves no name to
 * listen on). On success NULL, with the address (brackets removed) in host and the port. */
const char *config_web_listen_problem(const char *s, char *host, size_t size, int *port);
/* web.public_url: http:// or https:// and a host, no spaces, quotes or angle brackets (it goes
 * into IRC lines and HTML as it is), at most 200 bytes. */
const char *config_url_problem(const char *s);

/* A rules group g (a libconfig setting) at path ("game.rules", "networks.[0].channels.[1].rules")
 * over base: out is base with every key g gives; an unknown key, a wrong type or a value out of
 * range is a problem added to errs under file (out keeps base's value there). turn_timeout_s
 * is game.turn_timeout_s: timer "fast" and "slow" need one. Returns whether all was well. */
struct config_setting_t;
bool config_load_rules(struct config_errors *errs, const char *file, const struct config_scan *scan,
                       const struct config_setting_t *g, const char *path,
                       const struct config_rules *base, int turn_timeout_s,
                       struct config_rules *out);

/* Fill cfg from the NUL-terminated text (already scanned), appending problems to errs under
 * file. Returns BW_OK, BW_E(PARSE) or BW_E(INVALID); on failure cfg holds what was read so far
 * and the caller frees it with config_fini. */
int config_parse(struct bw_config *cfg, const char *text, const char *file,
                 const struct config_scan *scan, struct config_errors *errs);

#endif
