/* Rules for configured strings that reach the IRC wire, the TLS layer or the file system.
 *
 * libircclient sends PASS, NICK and USER through a printf-style format built from the values, so
 * a '%' there is undefined behaviour, and it never escapes CR or LF, so one would end the line
 * and let the rest act as a raw command. Those are refused outright rather than escaped: the
 * operator wrote them by mistake, and a silently altered nick or password helps nobody. */
#include <arpa/inet.h>
#include <string.h>
#include <strings.h>

#include "config/internal.h"

#define NICK_MAX 64
#define USERNAME_MAX 64
#define REALNAME_MAX 200
#define PASSWORD_MAX 256
#define HOST_MAX 253
#define NETWORK_NAME_MAX 32
#define CHANNEL_MAX 200
#define PREFIX_MAX 8
#define SASL_TEXT_MAX 256
#define CONNINFO_MAX 1024
#define INSTANCE_MAX 64 /* STORE_MAX_INSTANCE */

static bool has_control(const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f)
            return true;
    }
    return false;
}

/* Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. Text that is not
 * valid UTF-8 would be split wrongly by the line splitter and shown as garbage by clients. */
static bool valid_utf8(const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    while (*s) {
        unsigned char c = *s;
        size_t n;
        unsigned cp;
        if (c < 0x80) {
            s++;
            continue;
        } else if (c >= 0xc2 && c <= 0xdf) {
            n = 1;
            cp = c & 0x1f;
        } else if (c >= 0xe0 && c <= 0xef) {
            n = 2;
            cp = c & 0x0f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 3;
            cp = c & 0x07;
        } else {
            return false;
        }
        for (size_t i = 1; i <= n; i++) {
            if ((s[i] & 0xc0) != 0x80)
                return false;
            cp = (cp << 6) | (s[i] & 0x3f);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10ffff ||
            (cp >= 0xd800 && cp <= 0xdfff))
            return false;
        s += n + 1;
    }
    return true;
}

/* The checks every string bound for the wire shares; the order gives the most useful message
 * first. */
static const char *wire_problem(const char *s, bool allow_space)
{
    if (has_control(s))
        return "must not contain control characters (CR, LF, tab, ...)";
    if (!allow_space && strchr(s, ' '))
        return "must not contain spaces";
    if (strchr(s, '%'))
        return "must not contain '%'";
    if (!valid_utf8(s))
        return "must be valid UTF-8";
    return NULL;
}

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

const char *config_nick_problem(const char *s)
{
    static const char special[] = "[]\\`_^{|}";
    const char *why;
    if (!*s)
        return "must not be empty";
    if ((why = wire_problem(s, false)))
        return why;
    if (strlen(s) > NICK_MAX)
        return "must be at most 64 bytes";
    if (!is_alpha(*s) && !strchr(special, *s))
        return "must start with a letter or one of []\\`_^{|}";
    for (const char *p = s + 1; *p; p++) {
        if (!is_alpha(*p) && !is_digit(*p) && *p != '-' && !strchr(special, *p))
            return "may contain only letters, digits, '-' and []\\`_^{|}";
    }
    return NULL;
}

const char *config_username_problem(const char *s)
{
    const char *why;
    if (!*s)
        return "must not be empty";
    if ((why = wire_problem(s, false)))
        return why;
    if (strchr(s, '@'))
        return "must not contain '@'";
    if (strlen(s) > USERNAME_MAX)
        return "must be at most 64 bytes";
    return NULL;
}

const char *config_realname_problem(const char *s)
{
    const char *why;
    if (!*s)
        return "must not be empty";
    if ((why = wire_problem(s, true)))
        return why;
    if (strlen(s) > REALNAME_MAX)
        return "must be at most 200 bytes";
    return NULL;
}

const char *config_password_problem(const char *s)
{
    const char *why = wire_problem(s, false);
    if (why)
        return why;
    if (strlen(s) > PASSWORD_MAX)
        return "must be at most 256 bytes";
    return NULL;
}

const char *config_host_problem(const char *s)
{
    if (!*s)
        return "must not be empty";
    if (has_control(s))
        return "must not contain control characters (CR, LF, tab, ...)";
    if (strchr(s, ' '))
        return "must not contain spaces";
    if (strlen(s) > HOST_MAX)
        return "must be at most 253 bytes";
    return NULL;
}

const char *config_network_name_problem(const char *s)
{
    if (!*s)
        return "must not be empty";
    if (strlen(s) > NETWORK_NAME_MAX)
        return "must be at most 32 bytes";
    for (; *s; s++) {
        if (!is_alpha(*s) && !is_digit(*s) && !strchr("._-", *s))
            return "may contain only letters, digits, '.', '_' and '-'";
    }
    return NULL;
}

/* A nick!user@host mask: three non-empty parts, so that a bare nick (which anyone can take)
 * never grants admin rights by accident. */
static bool is_mask(const char *s)
{
    const char *bang = strchr(s, '!');
    const char *at = bang ? strchr(bang + 1, '@') : NULL;
    return bang && at && bang > s && at > bang + 1 && at[1] && !strchr(at + 1, '@') &&
           !strchr(at + 1, '!');
}

/* Whether the mask part from p up to end is a wildcard part: one or more characters, every one
 * of them '*' or '?'. Such a part names nobody: with a '*' it matches any text at least as long
 * as its '?'s, and made of '?' alone any text of that length (a client picks its own user name,
 * length included). */
static bool is_wildcard_part(const char *p, const char *end)
{
    if (p == end)
        return false;
    for (; p < end; p++) {
        if (*p != '*' && *p != '?')
            return false;
    }
    return true;
}

const char *config_admin_problem(const char *s)
{
    static const char account[] = "account:";
    const char *why = wire_problem(s, false);
    if (why)
        return why;
    if (strncasecmp(s, account, sizeof account - 1) == 0)
        return s[sizeof account - 1] ? NULL : "must name an account after \"account:\"";
    if (!is_mask(s))
        return "must be \"account:NAME\" or a nick!user@host mask such as \"*!*@host.example\"";
    /* SPEC §3: a mask never matches by nick alone, so user and host are not both wildcards. */
    const char *bang = strchr(s, '!');
    const char *at = strchr(bang + 1, '@');
    if (is_wildcard_part(bang + 1, at) && is_wildcard_part(at + 1, at + 1 + strlen(at + 1))) {
        if (is_wildcard_part(s, bang))
            return "matches everyone: use \"account:NAME\" or name the user or host, such as "
                   "\"*!*@host.example\"";
        return "matches by nick alone: anyone can take a nick; use \"account:NAME\" or name the "
               "user or host, such as \"nick!*@host.example\"";
    }
    return NULL;
}

const char *config_prefix_problem(const char *s)
{
    if (!*s)
        return "must not be empty";
    if (has_control(s))
        return "must not contain control characters (CR, LF, tab, ...)";
    if (strchr(s, ' '))
        return "must not contain spaces";
    if (!valid_utf8(s))
        return "must be valid UTF-8";
    if (strlen(s) > PREFIX_MAX)
        return "must be at most 8 bytes";
    return NULL;
}

const char *config_sasl_text_problem(const char *s)
{
    if (!*s)
        return "must not be empty";
    if (has_control(s))
        return "must not contain control characters (CR, LF, tab, ...)";
    if (!valid_utf8(s))
        return "must be valid UTF-8";
    if (strlen(s) > SASL_TEXT_MAX)
        return "must be at most 256 bytes";
    return NULL;
}

const char *config_path_problem(const char *s)
{
    if (!*s)
        return "must not be empty";
    if (has_control(s))
        return "must not contain control characters (CR, LF, tab, ...)";
    return NULL;
}

const char *config_conninfo_problem(const char *s)
{
    if (!*s)
        return "must not be empty";
    if (has_control(s))
        return "must not contain control characters (CR, LF, tab, ...)";
    if (strlen(s) > CONNINFO_MAX)
        return "must be at most 1024 bytes";
    return NULL;
}

const char *config_instance_problem(const char *s)
{
    size_t n = strlen(s);
    if (!n)
        return "must not be empty";
    if (n > INSTANCE_MAX)
        return "must be at most 64 bytes";
    if (strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != n)
        return "must be letters, digits, '.', '_' and '-' only";
    return NULL;
}

const char *config_web_listen_problem(const char *s, char *host, size_t size, int *port)
{
    static const char *const shape =
        "must be an address and a port: \"127.0.0.1:8080\" or \"[::1]:8080\"";
    const char *colon, *addr = s;
    size_t alen;
    if (*s == '[') {
        const char *close = strchr(s, ']');
        if (!close || close[1] != ':')
            return shape;
        addr = s + 1;
        alen = (size_t)(close - addr);
        colon = close + 1;
    } else {
        colon = strrchr(s, ':');
        if (!colon || strchr(s, ':') != colon)
            return shape;
        alen = (size_t)(colon - s);
    }
    if (!alen || alen >= size)
        return shape;
    memcpy(host, addr, alen);
    host[alen] = 0;
    unsigned char buf[sizeof(struct in6_addr)];
    if (inet_pton(*s == '[' ? AF_INET6 : AF_INET, host, buf) != 1)
        return *s == '['
                   ? "names no IPv6 address between [ and ]"
                   : "must begin with an IP address (a host name is not looked up to listen on)";
    const char *p = colon + 1;
    long v = 0;
    if (!*p)
        return shape;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || v > 65535)
            return "has a port that is not a number from 1 to 65535";
        v = v * 10 + (*p - '0');
    }
    if (v < 1 || v > 65535)
        return "has a port that is not a number from 1 to 65535";
    *port = (int)v;
    return NULL;
}

const char *config_url_problem(const char *s)
{
    size_t scheme;
    if (strncasecmp(s, "https://", 8) == 0)
        scheme = 8;
    else if (strncasecmp(s, "http://", 7) == 0)
        scheme = 7;
    else
        return "must begin with http:// or https://";
    if (!s[scheme] || s[scheme] == '/')
        return "must name a host after http:// or https://";
    if (strlen(s) > 200)
        return "must be at most 200 bytes";
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p <= ' ' || *p >= 0x7f || strchr("\"'<>\\`", *p))
            return "must be printable ASCII without spaces, quotes, \\ or < > (percent-encode "
                   "anything else)";
    return NULL;
}

const char *config_channel_problem(const char *s)
{
    const char *why;
    if (*s != '#' && *s != '&')
        return "must start with '#' or '&'";
    if (!s[1])
        return "must have a name after the '#' or '&'";
    if ((why = wire_problem(s, false)))
        return why;
    if (strchr(s, ','))
        return "must not contain ','";
    if (strlen(s) > CHANNEL_MAX)
        return "must be at most 200 bytes";
    return NULL;
}
