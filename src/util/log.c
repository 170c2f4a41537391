#include "util/log.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static enum log_level current_level = LOG_LEVEL_INFO;
static FILE *log_file;

static const char *const level_names[] = {"error", "warn", "info", "debug"};

void log_set_level(enum log_level level)
{
    current_level = level;
}

enum log_level log_get_level(void)
{
    return current_level;
}

bool log_enabled(enum log_level level)
{
    return level <= current_level;
}

bool log_level_parse(const char *s, enum log_level *out)
{
    for (int i = LOG_LEVEL_ERROR; i <= LOG_LEVEL_DEBUG; i++) {
        if (strcasecmp(s, level_names[i]) == 0) {
            *out = (enum log_level)i;
            return true;
        }
    }
    if (strcasecmp(s, "warning") == 0) {
        *out = LOG_LEVEL_WARN;
        return true;
    }
    return false;
}

const char *log_level_name(enum log_level level)
{
    if (level < LOG_LEVEL_ERROR || level > LOG_LEVEL_DEBUG)
        return "?";
    return level_names[level];
}

void log_set_file(FILE *f)
{
    log_file = f;
}

/* Escape so one message stays one line, whatever users put in nicks or text. */
static size_t escape_into(char *dst, size_t size, const char *src, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < size; i++) {
        unsigned char c = (unsigned char)src[i];
        if (c < 0x20 || c == 0x7f) {
            dst[o++] = '\\';
            dst[o++] = 'x';
            dst[o++] = hex[c >> 4];
            dst[o++] = hex[c & 15];
        } else {
            dst[o++] = (char)c;
        }
    }
    return o;
}

void log_vmsg(enum log_level level, const char *fmt, va_list ap)
{
    if (!log_enabled(level))
        return;

    /* Long enough for any sane message (an IRC line is 512 bytes); longer ones are cut. */
    char text[2048];
    int n = vsnprintf(text, sizeof text, fmt, ap);
    if (n < 0)
        n = 0;
    size_t len = (size_t)n < sizeof text ? (size_t)n : sizeof text - 1;
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;

    char line[sizeof text * 4 + 64];
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t o = strftime(line, sizeof line, "%Y-%m-%dT%H:%M:%S", &tm);
    o += (size_t)snprintf(line + o, sizeof line - o, ".%03ldZ %s: ", ts.tv_nsec / 1000000L,
                          log_level_name(level));
    o += escape_into(line + o, sizeof line - o - 1, text, len);
    line[o++] = '\n';

    /* One write per line keeps lines whole when several processes share stderr. */
    FILE *f = log_file ? log_file : stderr;
    fwrite(line, 1, o, f);
    fflush(f);
}

void log_msg(enum log_level level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_vmsg(level, fmt, ap);
    va_end(ap);
}

#define LOG_AT(fn, level)                                                                          \
    void fn(const char *fmt, ...)                                                                  \
    {                                                                                              \
        va_list ap;                                                                                \
        va_start(ap, fmt);                                                                         \
        log_vmsg(level, fmt, ap);                                                                  \
        va_end(ap);                                                                                \
    }

LOG_AT(log_error, LOG_LEVEL_ERROR)
LOG_AT(log_warn, LOG_LEVEL_WARN)
LOG_AT(log_info, LOG_LEVEL_INFO)
LOG_AT(log_debug, LOG_LEVEL_DEBUG)
