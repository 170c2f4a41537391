/* Loading entry points, the problem list, and the default path. The schema is in schema.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/internal.h"
#include "engine/error.h"
#include "util/xmalloc.h"

void config_errors_init(struct config_errors *errs)
{
    errs->items = NULL;
    errs->count = 0;
    errs->cap = 0;
}

void config_errors_fini(struct config_errors *errs)
{
    for (size_t i = 0; i < errs->count; i++) {
        free(errs->items[i].file);
        free(errs->items[i].key);
        free(errs->items[i].message);
    }
    free(errs->items);
    config_errors_init(errs);
}

static void push(struct config_errors *errs, const char *file, unsigned line, const char *key,
                 char *message)
{
    if (errs->count == errs->cap) {
        errs->cap = errs->cap ? errs->cap * 2 : 8;
        errs->items = xreallocarray(errs->items, errs->cap, sizeof *errs->items);
    }
    errs->items[errs->count++] = (struct config_problem){
        .file = xstrdup(file),
        .line = line,
        .key = key ? xstrdup(key) : NULL,
        .message = message,
    };
}

void config_problem_vadd(struct config_errors *errs, const char *file, unsigned line,
                         const char *key, const char *fmt, va_list ap)
{
    if (!errs || errs->count > CONFIG_MAX_PROBLEMS)
        return;
    if (errs->count == CONFIG_MAX_PROBLEMS) {
        push(errs, file, 0, NULL, xstrdup("too many problems; the rest are not listed"));
        return;
    }
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *message = xmalloc(n > 0 ? (size_t)n + 1 : 1);
    vsnprintf(message, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
    push(errs, file, line, key, message);
}

void config_problem_add(struct config_errors *errs, const char *file, unsigned line,
                        const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    config_problem_vadd(errs, file, line, key, fmt, ap);
    va_end(ap);
}

char *config_problem_format(const struct config_problem *p)
{
    char where[32] = "";
    if (p->line)
        snprintf(where, sizeof where, ":%u", p->line);
    const char *key = p->key ? p->key : "";
    const char *sep = p->key ? ": " : "";
    size_t n =
        strlen(p->file) + strlen(where) + 2 + strlen(key) + strlen(sep) + strlen(p->message) + 1;
    char *s = xmalloc(n);
    snprintf(s, n, "%s%s: %s%s%s", p->file, where, key, sep, p->message);
    return s;
}

size_t config_errors_print(const struct config_errors *errs, FILE *out)
{
    for (size_t i = 0; i < errs->count; i++) {
        char *line = config_problem_format(&errs->items[i]);
        fprintf(out, "%s\n", line);
        free(line);
    }
    return errs->count;
}

static void network_fini(struct config_network *net)
{
    free(net->name);
    free(net->host);
    free(net->tls_ca_file);
    free(net->tls_client_cert);
    free(net->password);
    free(net->nick);
    for (size_t i = 0; i < net->alt_nick_count; i++)
        free(net->alt_nicks[i]);
    free(net->alt_nicks);
    free(net->username);
    free(net->realname);
    free(net->sasl.username);
    free(net->sasl.password);
    for (size_t i = 0; i < net->channel_count; i++)
        free(net->channels[i]);
    free(net->channels);
    free(net->channel_langs);
    free(net->channel_rules);
}

void config_fini(struct bw_config *cfg)
{
    for (size_t i = 0; i < cfg->network_count; i++)
        network_fini(&cfg->networks[i]);
    free(cfg->networks);
    free(cfg->bot.prefix);
    free(cfg->bot.web_url);
    free(cfg->web.host);
    free(cfg->web.public_url);
    for (size_t i = 0; i < cfg->web.hide_count; i++)
        free(cfg->web.hide[i]);
    free(cfg->web.hide);
    for (size_t i = 0; i < cfg->bot.web_hide_count; i++)
        free(cfg->bot.web_hide[i]);
    free(cfg->bot.web_hide);
    for (size_t i = 0; i < cfg->bot.admin_count; i++)
        free(cfg->bot.admins[i]);
    free(cfg->bot.admins);
    free(cfg->store_path);
    free(cfg->log_file);
    memset(cfg, 0, sizeof *cfg);
}

/* Checks run key by key, so problems arrive grouped by kind; a reader wants them in the order
 * of the file. The sort is stable (insertion sort: at most CONFIG_MAX_PROBLEMS items), so
 * problems on one line keep their order, and the "too many" note stays last. */
static void sort_by_line(struct config_errors *errs, size_t start)
{
    size_t end = errs->count;
    if (end > CONFIG_MAX_PROBLEMS)
        end = CONFIG_MAX_PROBLEMS;
    for (size_t i = start + 1; i < end; i++) {
        struct config_problem p = errs->items[i];
        size_t j = i;
        for (; j > start && errs->items[j - 1].line > p.line; j--)
            errs->items[j] = errs->items[j - 1];
        errs->items[j] = p;
    }
}

int config_load_buffer(struct bw_config *cfg, const char *data, size_t len, const char *name,
                       struct config_errors *errs)
{
    memset(cfg, 0, sizeof *cfg);
    if (len > CONFIG_MAX_FILE_SIZE) {
        config_problem_add(errs, name, 0, NULL, "larger than %d bytes; is this the right file?",
                           CONFIG_MAX_FILE_SIZE);
        return BW_E(LIMIT);
    }
    /* libconfig reads a C string, so a NUL would silently cut the file short. */
    const char *nul = memchr(data, '\0', len);
    if (nul) {
        unsigned line = 1;
        for (const char *p = data; p < nul; p++)
            line += *p == '\n';
        config_problem_add(errs, name, line, NULL, "contains a NUL byte; is this a text file?");
        return BW_E(PARSE);
    }

    struct config_scan scan;
    int rc = config_scan_text(data, len, name, errs, &scan);
    if (rc != BW_OK) {
        config_scan_fini(&scan);
        return rc;
    }
    char *text = xmalloc(len + 1);
    memcpy(text, data, len);
    text[len] = '\0';
    size_t start = errs ? errs->count : 0;
    rc = config_parse(cfg, text, name, &scan, errs);
    free(text);
    config_scan_fini(&scan);
    if (errs)
        sort_by_line(errs, start);
    if (rc != BW_OK)
        config_fini(cfg);
    return rc;
}

int config_load(struct bw_config *cfg, const char *path, struct config_errors *errs)
{
    memset(cfg, 0, sizeof *cfg);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        config_problem_add(errs, path, 0, NULL, "cannot open: %s", strerror(errno));
        return BW_E(IO);
    }
    /* Read until just past the limit rather than trusting a size from fstat: pipes and devices
     * have none, and an endless one (/dev/zero given by mistake) must not eat memory. */
    size_t cap = 4096, len = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (len == cap) {
            if (cap > CONFIG_MAX_FILE_SIZE)
                break;
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        ssize_t n = read(fd, buf + len, cap - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            config_problem_add(errs, path, 0, NULL, "cannot read: %s", strerror(errno));
            free(buf);
            close(fd);
            return BW_E(IO);
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    int rc = config_load_buffer(cfg, buf, len, path, errs);
    free(buf);
    return rc;
}

const struct config_network *config_network_find(const struct bw_config *cfg, const char *name)
{
    for (size_t i = 0; i < cfg->network_count; i++) {
        if (strcasecmp(cfg->networks[i].name, name) == 0)
            return &cfg->networks[i];
    }
    return NULL;
}

static char *join_path(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 1;
    char *s = xmalloc(n);
    snprintf(s, n, "%s%s", a, b);
    return s;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

char *config_default_path(const char *home, const char *xdg_config_home)
{
    static const char local[] = "./brickwood.conf";
    static const char tail[] = "/brickwood/brickwood.conf";
    if (exists(local))
        return xstrdup(local);

    /* The XDG base directory spec says to ignore a relative value, as if it were unset. */
    char *path;
    if (xdg_config_home && xdg_config_home[0] == '/')
        path = join_path(xdg_config_home, tail);
    else if (home && *home)
        path = join_path(home, "/.config/brickwood/brickwood.conf");
    else
        return NULL;
    if (exists(path))
        return path;
    free(path);
    return NULL;
}
