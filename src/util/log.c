#include "util/log.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Long enough for any sane message (an IRC line is 512 bytes); longer ones are cut. */
#define LOG_TEXT_MAX 2048
/* A field's value is cut after this many bytes. */
#define LOG_FIELD_MAX 200

/* Read by every thread that logs, set by the bot's on a reload. */
static atomic_int current_level = LOG_LEVEL_INFO;
static FILE *log_file; /* set by tests, borrowed */
static FILE *own_file; /* opened from log.file */
/* Lines come from the bot's thread and the web server's; a reload reopens the file under
 * this lock, so that no line is written to a file being closed. */
static pthread_mutex_t file_lock = PTHREAD_MUTEX_INITIALIZER;
static char *own_path;

static const char *const level_names[] = {"error", "warn", "info", "debug"};

void log_set_level(enum log_level level)
{
    atomic_store(&current_level, (int)level);
}

enum log_level log_get_level(void)
{
    return (enum log_level)atomic_load(&current_level);
}

bool log_enabled(enum log_level level)
{
    return (int)level <= atomic_load(&current_level);
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

int log_use_path(const char *path, char *err, size_t errsize)
{
    if (!path || !*path) {
        pthread_mutex_lock(&file_lock);
        if (own_file)
            fclose(own_file);
        own_file = NULL;
        free(own_path);
        own_path = NULL;
        pthread_mutex_unlock(&file_lock);
        return 0;
    }
    /* O_APPEND: every line lands at the end even when another process (or a `truncate` by
     * logrotate's copytruncate) moves it; O_CLOEXEC: no child inherits the log. */
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0640);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "a");
    if (!f) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    size_t n = strlen(path) + 1;
    char *copy = malloc(n);
    if (!copy) {
        snprintf(err, errsize, "cannot open %s: out of memory", path);
        fclose(f);
        return -1;
    }
    memcpy(copy, path, n);
    pthread_mutex_lock(&file_lock);
    if (own_file)
        fclose(own_file);
    free(own_path);
    own_file = f;
    own_path = copy;
    pthread_mutex_unlock(&file_lock);
    return 0;
}

const char *log_path(void)
{
    return own_path;
}

int log_check_path(const char *path, char *err, size_t errsize)
{
    if (!path || !*path)
        return 0;
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, errsize, "cannot open %s: %s", path, strerror(EISDIR));
            return -1;
        }
        if (access(path, W_OK) != 0) {
            snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
            return -1;
        }
        return 0;
    }
    if (errno != ENOENT) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    /* A new file: its directory must let us create it. */
    size_t n = strlen(path);
    char *dir = malloc(n + 2);
    if (!dir) {
        snprintf(err, errsize, "cannot open %s: out of memory", path);
        return -1;
    }
    memcpy(dir, path, n + 1);
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    int rc = 0;
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        rc = -1;
    }
    free(dir);
    return rc;
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

/* Write text (len bytes) as one line at level. */
static void emit(enum log_level level, const char *text, size_t len)
{
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;

    char line[LOG_TEXT_MAX * 4 + 64];
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
    pthread_mutex_lock(&file_lock);
    FILE *f = log_file ? log_file : own_file ? own_file : stderr;
    fwrite(line, 1, o, f);
    fflush(f);
    pthread_mutex_unlock(&file_lock);
}

/* Format into text (LOG_TEXT_MAX bytes); the length kept (longer messages are cut). */
static size_t format_text(char *text, const char *fmt, va_list ap)
{
    int n = vsnprintf(text, LOG_TEXT_MAX, fmt, ap);
    if (n < 0)
        n = 0;
    return (size_t)n < LOG_TEXT_MAX ? (size_t)n : LOG_TEXT_MAX - 1;
}

void log_vmsg(enum log_level level, const char *fmt, va_list ap)
{
    if (!log_enabled(level))
        return;
    char text[LOG_TEXT_MAX];
    size_t len = format_text(text, fmt, ap);
    emit(level, text, len);
}

/* Append " key=value" to out (o bytes used of size), quoting a value that is empty or holds a
 * blank, '"', '=' or '\\'. Returns the new length; a field that does not fit is left out. */
static size_t add_field(char *out, size_t o, size_t size, const char *key, const char *value)
{
    if (!value)
        return o;
    bool quote = !*value || strpbrk(value, " \t\"=\\") != NULL;
    char buf[LOG_FIELD_MAX * 2 + 8];
    size_t b = 0;
    b += (size_t)snprintf(buf, sizeof buf, " %s=", key);
    if (quote)
        buf[b++] = '"';
    for (const char *v = value; *v && b + 4 < sizeof buf && v - value < LOG_FIELD_MAX; v++) {
        if (quote && (*v == '"' || *v == '\\'))
            buf[b++] = '\\';
        buf[b++] = *v;
    }
    if (quote)
        buf[b++] = '"';
    if (o + b >= size)
        return o;
    memcpy(out + o, buf, b);
    return o + b;
}

void log_event(enum log_level level, const struct log_fields *f, const char *fmt, ...)
{
    if (!log_enabled(level))
        return;
    char tail[LOG_TEXT_MAX / 2];
    size_t t = 0;
    tail[0] = '\0';
    if (f) {
        t = add_field(tail, t, sizeof tail, "network", f->network);
        t = add_field(tail, t, sizeof tail, "channel", f->channel);
        t = add_field(tail, t, sizeof tail, "nick", f->nick);
        t = add_field(tail, t, sizeof tail, "action", f->action);
    }
    char text[LOG_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    size_t len = format_text(text, fmt, ap);
    va_end(ap);
    /* The fields stay whole at the end: a long message gives way to them. */
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    if (len + t >= LOG_TEXT_MAX)
        len = LOG_TEXT_MAX - 1 - t;
    memcpy(text + len, tail, t);
    emit(level, text, len + t);
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
