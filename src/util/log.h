/* Leveled logging to stderr or a file, one line per message:
 *
 *   2024-05-01T18:03:12.345Z warn: #catan: alice timed out
 *
 * Timestamps are UTC so that logs from several hosts line up. Control characters in the
 * formatted text are written as \xNN, so text from IRC users cannot forge log lines or
 * drive the terminal. The level is process-wide: set it once from the configuration. */
#ifndef BW_UTIL_LOG_H
#define BW_UTIL_LOG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* Named LOG_LEVEL_* because <syslog.h> takes LOG_INFO and LOG_DEBUG as macros. */
enum log_level { LOG_LEVEL_ERROR, LOG_LEVEL_WARN, LOG_LEVEL_INFO, LOG_LEVEL_DEBUG };

/* Messages above level (more verbose) are dropped. The default is LOG_LEVEL_INFO. */
void log_set_level(enum log_level level);
enum log_level log_get_level(void);

/* Whether a message at level would be written; lets callers skip costly formatting. */
bool log_enabled(enum log_level level);

/* Parse "error", "warn" (or "warning"), "info", "debug", case-insensitive. On success stores
 * the level in *out and returns true; otherwise leaves *out alone and returns false. */
bool log_level_parse(const char *s, enum log_level *out);

/* The lower-case name of a level ("warn"); a borrowed constant. */
const char *log_level_name(enum log_level level);

/* Send log lines to f instead of stderr (NULL restores stderr). f stays the caller's; it must
 * stay open until logging is pointed elsewhere. Meant for tests; it takes precedence over a
 * file opened by log_use_path. */
void log_set_file(FILE *f);

/* Append log lines to the file at path (created with mode 0640 when missing), or to stderr when
 * path is NULL or "". The file is opened anew on every call, also for the path already in use:
 * after logrotate has renamed it, this starts a new file under the old name. Returns 0; or -1
 * with "cannot open PATH: REASON" in err (errsize bytes), and logging goes on where it went
 * before. path stays the caller's. */
int log_use_path(const char *path, char *err, size_t errsize);

/* The path log lines go to, or NULL for stderr; borrowed until the next log_use_path. */
const char *log_path(void);

/* Whether log_use_path(path) would succeed, without creating or changing anything: the file
 * exists and is writable, or its directory is. For `brickwood -t`. Same results as
 * log_use_path. */
int log_check_path(const char *path, char *err, size_t errsize);

/* Write one message at level; fmt and its arguments as for printf, without a trailing newline
 * (one is added; a trailing one in the text is dropped). */
void log_msg(enum log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void log_vmsg(enum log_level level, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* The fields of an event, written after its text as " network=N channel=C nick=K action=A"
 * (always in this order, absent ones left out) so that operators can grep the log or ship it
 * to something that parses it. A value that is empty or holds a blank, '"', '=' or '\\' is
 * quoted ("...", with \" and \\ inside); control characters are escaped as in the text. The
 * actions are short fixed words (connect, join, sasl_login, ...) that README.md lists. */
struct log_fields {
    const char *network, *channel, *nick, *action; /* each NULL when it does not apply */
};

/* Write one message at level with the fields f (NULL: none) after it. Never pass a password,
 * a SASL payload or a line sent privately to a player, in the text or in a field. */
void log_event(enum log_level level, const struct log_fields *f, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
