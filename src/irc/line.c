/* Server lines: parse with every check libircclient lacks, and write them again. */
#include "irc/line.h"

#include <string.h>

#include "util/utf8.h"

/* Commands a server may send without naming who sent them. */
static const char *const no_prefix_ok[] = {"PING", "PONG", "ERROR", "AUTHENTICATE", "CAP", NULL};

/* Parameters a command needs before anything reads them. */
static const struct {
    const char *command;
    unsigned min;
} min_params[] = {
    {"NICK", 1},    {"JOIN", 1},  {"PART", 1},         {"KICK", 2},   {"PRIVMSG", 2},
    {"NOTICE", 2},  {"TOPIC", 1}, {"MODE", 1},         {"INVITE", 2}, {"PING", 1},
    {"ACCOUNT", 1}, {"CAP", 2},   {"AUTHENTICATE", 1},
};

/* The names the library tells apart. It compares a command word with each of them only up to
 * the end of its buffer, so a word at the very end of a line ("NO", "JO") is taken for any name
 * it begins, with parameters the handler then reads without looking. */
static const char *const library_names[] = {"PING",   "NICK",  "QUIT", "JOIN",    "PART",
                                            "MODE",   "TOPIC", "KICK", "PRIVMSG", "NOTICE",
                                            "INVITE", "KILL",  NULL};

static bool listed(const char *const *list, const char *word)
{
    for (; *list; list++)
        if (strcmp(*list, word) == 0)
            return true;
    return false;
}

static bool abbreviates(const char *const *list, const char *word)
{
    size_t n = strlen(word);
    for (; *list; list++)
        if (strlen(*list) > n && strncmp(*list, word, n) == 0)
            return true;
    return false;
}

static unsigned needed_params(const struct ircb_msg *m)
{
    if (m->numeric)
        return 1; /* the target */
    for (size_t i = 0; i < sizeof min_params / sizeof min_params[0]; i++)
        if (strcmp(min_params[i].command, m->command) == 0)
            return min_params[i].min;
    return 0;
}

/* Split the command word at p; returns the rest, or NULL with *why set. */
static char *parse_command(struct ircb_msg *m, char *p, const char **why)
{
    char *start = p;
    bool digits = true, letters = true;
    for (; *p && *p != ' '; p++) {
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
        digits = digits && *p >= '0' && *p <= '9';
        letters = letters && *p >= 'A' && *p <= 'Z';
    }
    size_t n = (size_t)(p - start);
    if (n == 0) {
        *why = "no command";
        return NULL;
    }
    /* "000" too: the library takes a numeric of 0 for a word and reads a command it never
     * set. */
    if (!(letters || (digits && n == 3)) || n > 20 ||
        (digits && start[0] == '0' && start[1] == '0' && start[2] == '0')) {
        *why = "malformed command";
        return NULL;
    }
    bool more = *p != 0;
    *p = 0;
    if (letters && abbreviates(library_names, start)) {
        *why = "abbreviated command";
        return NULL;
    }
    if (more)
        p++;
    m->command = start;
    m->numeric = digits ? (start[0] - '0') * 100 + (start[1] - '0') * 10 + (start[2] - '0') : 0;
    return p;
}

const char *ircb_msg_parse(struct ircb_msg *m, const char *line, size_t len)
{
    m->prefix = m->command = NULL;
    m->nparams = 0;
    m->trailing = false;
    m->numeric = 0;
    if (len && line[0] == '@') {
        const char *sp = memchr(line, ' ', len);
        if (!sp)
            return "only tags";
        if ((size_t)(sp - line) + 1 > IRCB_TAGS_MAX) /* '@' and the space count */
            return "tags over 8191 bytes";
        len -= (size_t)(sp - line);
        line = sp;
    }
    while (len && *line == ' ') {
        line++;
        len--;
    }
    if (len == 0)
        return "empty line";
    if (len > IRCB_LINE_MAX)
        return "over 512 bytes";
    if (memchr(line, 0, len))
        return "NUL byte inside";
    if (memchr(line, '\r', len))
        return "CR inside";
    memcpy(m->buf, line, len);
    m->buf[len] = 0;
    while (len && m->buf[len - 1] == ' ')
        m->buf[--len] = 0; /* trailing blanks would make empty middle parameters */

    char *p = m->buf;
    if (*p == ':') {
        char *sp = strchr(p, ' ');
        if (sp == p + 1 || (!sp && p[1] == 0))
            return "empty prefix";
        if (!sp)
            return "no command";
        *sp = 0;
        m->prefix = p + 1;
        /* The sender is who the bot answers and whose seat it checks: it must be written the
         * way the bot writes it back, so no control characters and no broken UTF-8. */
        for (const char *q = m->prefix; *q; q++)
            if ((unsigned char)*q < 0x20 || *q == 0x7f)
                return "malformed prefix";
        if (!utf8_valid(m->prefix, strlen(m->prefix)))
            return "malformed prefix";
        p = sp + 1;
        while (*p == ' ')
            p++;
    }
    const char *why = NULL;
    p = parse_command(m, p, &why);
    if (!p)
        return why;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (m->nparams == IRCB_MSG_PARAMS)
            return "too many parameters";
        if (*p == ':') {
            m->params[m->nparams++] = p + 1;
            m->trailing = true;
            break;
        }
        m->params[m->nparams++] = p;
        p = strchr(p, ' ');
        if (!p)
            break;
        *p++ = 0;
    }

    if (!m->prefix && !m->numeric && !listed(no_prefix_ok, m->command))
        return "no prefix naming the sender";
    if (m->nparams < needed_params(m))
        return "too few parameters";
    if (strcmp(m->command, "PRIVMSG") == 0 || strcmp(m->command, "NOTICE") == 0) {
        const char *text = m->params[1];
        if (!*text)
            return "empty message";
        if (text[0] == '\x01' && text[1] == 0)
            return "malformed CTCP";
    }
    return NULL;
}

size_t ircb_msg_format(const struct ircb_msg *m, char *out, size_t size)
{
    size_t n = 0;
    out[0] = 0;
#define PUT(s)                                                                                     \
    do {                                                                                           \
        size_t l_ = strlen(s);                                                                     \
        if (n + l_ >= size)                                                                        \
            return n;                                                                              \
        memcpy(out + n, s, l_ + 1);                                                                \
        n += l_;                                                                                   \
    } while (0)
    if (m->prefix) {
        PUT(":");
        PUT(m->prefix);
        PUT(" ");
    }
    PUT(m->command);
    for (unsigned i = 0; i < m->nparams; i++) {
        PUT(" ");
        if (i + 1 == m->nparams && m->trailing)
            PUT(":");
        PUT(m->params[i]);
    }
#undef PUT
    return n;
}

const char *ircb_msg_param(const struct ircb_msg *m, unsigned i)
{
    return i < m->nparams ? m->params[i] : NULL;
}
