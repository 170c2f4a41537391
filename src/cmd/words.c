#include "cmd/words.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/utf8.h"

/* Canonical names first and in enum order: words_resource_name indexes them, and ambiguity
 * messages list candidates in table order, so a name is preferred to an alias. */
static const struct words_name resource_names[] = {
    {"wood", RES_WOOD},   {"brick", RES_BRICK},
    {"wool", RES_WOOL},   {"grain", RES_GRAIN},
    {"ore", RES_ORE},     {"lumber", RES_WOOD},
    {"clay", RES_BRICK},  {"sheep", RES_WOOL},
    {"wheat", RES_GRAIN}, {NULL, 0},
};

static const struct words_name dev_card_names[] = {
    {"knight", DEV_KNIGHT},      {"roads", DEV_ROADS},          {"plenty", DEV_PLENTY},
    {"monopoly", DEV_MONOPOLY},  {"victory", DEV_VICTORY},      {"road", DEV_ROADS},
    {"roadbuilding", DEV_ROADS}, {"yop", DEV_PLENTY},           {"yearofplenty", DEV_PLENTY},
    {"vp", DEV_VICTORY},         {"victorypoint", DEV_VICTORY}, {NULL, 0},
};

static int fail(int err, char *msg, size_t msglen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(int err, char *msg, size_t msglen, const char *fmt, ...)
{
    if (msg && msglen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, msglen, fmt, ap);
        va_end(ap);
    }
    return err;
}

/* User text in a reply: in quotes, without control characters, and short, so that a hostile
 * or pasted word cannot break the reply line or flood it. */
#define QUOTE_SIZE 40
static const char *quote(char buf[QUOTE_SIZE], const char *s, size_t n)
{
    size_t keep = utf8_truncate(s, n, 24);
    size_t o = 0;
    buf[o++] = '"';
    o += utf8_sanitize_into(buf + o, QUOTE_SIZE - 6, s, keep);
    if (keep < n) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o++] = '"';
    buf[o] = '\0';
    return buf;
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
    c = lower(c);
    return c >= 'a' && c <= 'z';
}

/* Whether the n bytes of word are a case-insensitive prefix of name (all of it when whole). */
static bool matches(const char *word, size_t n, const char *name, bool whole)
{
    size_t i = 0;
    for (; i < n; i++)
        if (!name[i] || lower(word[i]) != name[i])
            return false;
    return !whole || !name[i];
}

static int lookup_n(const char *word, size_t n, const struct words_name *names, const char *what,
                    char *msg, size_t msglen)
{
    char q[QUOTE_SIZE];
    if (n == 0)
        return fail(BW_E(PARSE), msg, msglen, "expected a %s", what);
    for (const struct words_name *w = names; w->name; w++)
        if (matches(word, n, w->name, true))
            return w->value;

    /* Distinct values among the prefix matches, each with its first matching name. */
    enum { MAX_CANDIDATES = 16 };
    const char *cand_name[MAX_CANDIDATES];
    int cand_value[MAX_CANDIDATES];
    int n_cand = 0;
    for (const struct words_name *w = names; w->name; w++) {
        if (!matches(word, n, w->name, false))
            continue;
        bool seen = false;
        for (int c = 0; c < n_cand; c++)
            seen = seen || cand_value[c] == w->value;
        if (!seen && n_cand < MAX_CANDIDATES) {
            cand_name[n_cand] = w->name;
            cand_value[n_cand++] = w->value;
        }
    }
    if (n_cand == 1)
        return cand_value[0];
    if (n_cand == 0)
        return fail(BW_E(PARSE), msg, msglen, "%s is not a %s", quote(q, word, n), what);

    char list[256];
    size_t o = 0;
    for (int c = 0; c < n_cand && o < sizeof list; c++)
        o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", c ? ", " : "", cand_name[c]);
    return fail(BW_E(AMBIGUOUS), msg, msglen, "%s is ambiguous: %s", quote(q, word, n), list);
}

int words_lookup(const char *word, const struct words_name *names, const char *what, char *msg,
                 size_t msglen)
{
    return lookup_n(word, strlen(word), names, what, msg, msglen);
}

int words_tokenize(char *line, char **argv, int max)
{
    int argc = 0;
    char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return argc;
        if (argc == max)
            return BW_E(LIMIT);
        argv[argc++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
    }
}

static int resource_n(const char *word, size_t n, char *msg, size_t msglen)
{
    /* "2 bricks": a plural of a whole name, tried before prefixes so that "ores" is ore. */
    if (n > 1 && lower(word[n - 1]) == 's')
        for (const struct words_name *w = resource_names; w->name; w++)
            if (matches(word, n - 1, w->name, true))
                return w->value;
    int r = lookup_n(word, n, resource_names, "resource", msg, msglen);
    if (r == BW_E(PARSE) && n > 0) {
        char q[QUOTE_SIZE];
        return fail(r, msg, msglen, "%s is not a resource (wood, brick, wool, grain, ore)",
                    quote(q, word, n));
    }
    return r;
}

int words_resource(const char *word, char *msg, size_t msglen)
{
    return resource_n(word, strlen(word), msg, msglen);
}

const char *words_resource_name(int res)
{
    if (res < 0 || res >= RES_COUNT)
        return "?";
    return resource_names[res].name;
}

static const char list_example[] = "e.g. 2 wood 1 ore";

static bool is_separator(char c)
{
    return c == ',' || c == ';' || c == '+';
}

/* The character at word + i does not belong in a LIST. */
static int unexpected(const char *word, size_t i, char *msg, size_t msglen)
{
    char q[QUOTE_SIZE], q2[QUOTE_SIZE];
    uint32_t cp;
    size_t u = utf8_decode(word + i, strlen(word + i), &cp);
    quote(q, word + i, u);
    if (strcmp(q, "\"\"") == 0)
        strcpy(q, "character");
    return fail(BW_E(PARSE), msg, msglen, "unexpected %s in %s (%s)", q,
                quote(q2, word, strlen(word)), list_example);
}

int words_list(int argc, char *const *argv, uint8_t counts[RES_COUNT], char *msg, size_t msglen)
{
    unsigned acc[RES_COUNT] = {0};
    unsigned total = 0;
    unsigned pending = 0; /* a count read and waiting for its resource; 0 = none */
    char q[QUOTE_SIZE];

    for (int a = 0; a < argc; a++) {
        const char *w = argv[a];
        size_t i = 0;
        while (w[i]) {
            char c = w[i];
            size_t start = i;
            if (is_digit(c)) {
                unsigned v = 0;
                while (is_digit(w[i])) {
                    if (v < 1000)
                        v = v * 10 + (unsigned)(w[i] - '0');
                    i++;
                }
                if (pending)
                    return fail(BW_E(PARSE), msg, msglen, "expected a resource after %u, not %s",
                                pending, quote(q, w + start, i - start));
                if (v == 0)
                    return fail(BW_E(INVALID), msg, msglen, "a count must be at least 1");
                if (v > WORDS_LIST_MAX)
                    return fail(BW_E(LIMIT), msg, msglen, "%s is too many: at most %d cards",
                                quote(q, w + start, i - start), WORDS_LIST_MAX);
                pending = v;
            } else if (is_alpha(c)) {
                while (is_alpha(w[i]))
                    i++;
                /* A word with something odd glued on ("wöod", "wood!") is reported whole, not
                 * as the prefix before the odd part. */
                if (w[i] && !is_digit(w[i]) && !is_separator(w[i]))
                    return unexpected(w, i, msg, msglen);
                bool and_word = matches(w + start, i - start, "and", true);
                if (and_word && !pending)
                    continue;
                if (and_word)
                    return fail(BW_E(PARSE), msg, msglen, "expected a resource after %u", pending);
                int r = resource_n(w + start, i - start, msg, msglen);
                if (r < 0)
                    return r;
                unsigned n = pending ? pending : 1;
                pending = 0;
                acc[r] += n;
                total += n;
                if (total > WORDS_LIST_MAX)
                    return fail(BW_E(LIMIT), msg, msglen, "too many cards: at most %d",
                                WORDS_LIST_MAX);
            } else if (is_separator(c)) {
                if (pending)
                    return fail(BW_E(PARSE), msg, msglen, "expected a resource after %u", pending);
                i++;
            } else if (c == '-' && is_digit(w[i + 1])) {
                return fail(BW_E(INVALID), msg, msglen, "a count cannot be negative");
            } else {
                return unexpected(w, i, msg, msglen);
            }
        }
    }
    if (pending)
        return fail(BW_E(PARSE), msg, msglen, "expected a resource after %u", pending);
    if (total == 0)
        return fail(BW_E(PARSE), msg, msglen, "expected resources, %s", list_example);
    for (int r = 0; r < RES_COUNT; r++)
        counts[r] = (uint8_t)acc[r];
    return (int)total;
}

int words_dev_card(const char *word, char *msg, size_t msglen)
{
    int r = lookup_n(word, strlen(word), dev_card_names, "development card", msg, msglen);
    if (r == BW_E(PARSE) && word[0]) {
        char q[QUOTE_SIZE];
        return fail(r, msg, msglen,
                    "%s is not a development card (knight, roads, plenty, monopoly, victory)",
                    quote(q, word, strlen(word)));
    }
    return r;
}

/* Whether argv[0..n-1] spell the run-together name, ignoring case and word breaks. */
static bool spells(int n, char *const *argv, const char *name)
{
    size_t o = 0;
    for (int a = 0; a < n; a++) {
        size_t len = strlen(argv[a]);
        if (len == 0 || !matches(argv[a], len, name + o, false))
            return false;
        o += len;
    }
    return name[o] == '\0';
}

int words_dev_card_args(int argc, char *const *argv, int *used, char *msg, size_t msglen)
{
    static const struct {
        int words;
        const char *name;
        int card;
    } spelled[] = {
        {3, "yearofplenty", DEV_PLENTY},
        {2, "roadbuilding", DEV_ROADS},
        {2, "victorypoint", DEV_VICTORY},
        {2, "victorypoints", DEV_VICTORY},
    };
    for (size_t k = 0; k < sizeof spelled / sizeof spelled[0]; k++) {
        if (argc >= spelled[k].words && spells(spelled[k].words, argv, spelled[k].name)) {
            *used = spelled[k].words;
            return spelled[k].card;
        }
    }
    if (argc < 1)
        return fail(BW_E(PARSE), msg, msglen, "expected a development card");
    *used = 1;
    return words_dev_card(argv[0], msg, msglen);
}

/* A 1-based vertex number in the n bytes at s; returns the 0-based index. */
static int vertex_n(const struct board_geo *geo, const char *s, size_t n, char *msg, size_t msglen)
{
    char q[QUOTE_SIZE];
    unsigned v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!is_digit(s[i]))
            return fail(BW_E(PARSE), msg, msglen, "%s is not a vertex number (1 to %d)",
                        quote(q, s, n), geo->n_vertices);
        if (v < 100000)
            v = v * 10 + (unsigned)(s[i] - '0');
    }
    if (n == 0)
        return fail(BW_E(PARSE), msg, msglen, "expected a vertex number (1 to %d)",
                    geo->n_vertices);
    if (v < 1 || v > (unsigned)geo->n_vertices)
        return fail(BW_E(NO_SUCH_SPOT), msg, msglen,
                    "there is no vertex %s: they are numbered 1 to %d", quote(q, s, n),
                    geo->n_vertices);
    return (int)v - 1;
}

int words_vertex(const struct board_geo *geo, const char *word, char *msg, size_t msglen)
{
    return vertex_n(geo, word, strlen(word), msg, msglen);
}

int words_edge(const struct board_geo *geo, const char *word, char *msg, size_t msglen)
{
    static const char en_dash[] = "\xE2\x80\x93";
    char q[QUOTE_SIZE];
    size_t n = strlen(word);
    const char *dash = strchr(word, '-');
    size_t dash_len = 1;
    if (!dash) {
        dash = strstr(word, en_dash);
        dash_len = sizeof en_dash - 1;
    }
    if (!dash || dash == word || dash + dash_len == word + n)
        return fail(BW_E(PARSE), msg, msglen,
                    "%s is not a road: write its two vertices, e.g. 12-13", quote(q, word, n));

    const char *second = dash + dash_len;
    int v1 = vertex_n(geo, word, (size_t)(dash - word), msg, msglen);
    if (v1 < 0)
        return v1;
    int v2 = vertex_n(geo, second, strlen(second), msg, msglen);
    if (v2 < 0)
        return v2;
    if (v1 == v2)
        return fail(BW_E(NO_SUCH_SPOT), msg, msglen,
                    "a road joins two different vertices, not %d and %d", v1 + 1, v2 + 1);
    int e = board_edge_between(geo, v1, v2);
    if (e < 0)
        return fail(BW_E(NO_SUCH_SPOT), msg, msglen, "%d and %d are not neighbours", v1 + 1,
                    v2 + 1);
    return e;
}

int words_hex(const struct board_geo *geo, const char *word, char *msg, size_t msglen)
{
    char q[QUOTE_SIZE], first[4], last[4];
    size_t n = strlen(word);
    bool letters = n > 0;
    for (size_t i = 0; i < n; i++)
        letters = letters && is_alpha(word[i]);
    board_hex_name(0, first);
    board_hex_name(geo->n_hexes - 1, last);
    if (!letters)
        return fail(BW_E(PARSE), msg, msglen, "%s is not a hex letter (%s to %s)",
                    quote(q, word, n), first, last);
    int h = board_hex_parse(geo, word);
    if (h < 0)
        return fail(BW_E(NO_SUCH_SPOT), msg, msglen, "there is no hex %s: they run from %s to %s",
                    quote(q, word, n), first, last);
    return h;
}

static bool is_keyword(const char *word, const char *kw)
{
    return matches(word, strlen(word), kw, true);
}

int words_trade_split(int argc, char *const *argv, bool allow_to, struct words_trade *out,
                      char *msg, size_t msglen)
{
    static const char usage[] = "e.g. 2 wood 1 ore for 1 grain";
    int for_at = -1, to_at = -1;
    for (int a = 0; a < argc; a++) {
        if (is_keyword(argv[a], "for")) {
            if (for_at >= 0)
                return fail(BW_E(PARSE), msg, msglen, "\"for\" may appear only once (%s)", usage);
            for_at = a;
        } else if (is_keyword(argv[a], "to")) {
            if (!allow_to)
                return fail(BW_E(PARSE), msg, msglen, "no \"to\" here: the bank is the other side");
            if (to_at >= 0)
                return fail(BW_E(PARSE), msg, msglen, "\"to\" may appear only once");
            to_at = a;
            /* After "for ... to" only nicks follow, and a nick may be spelled "for" or "to". */
            if (for_at >= 0)
                break;
        }
    }
    if (for_at < 0)
        return fail(BW_E(PARSE), msg, msglen, "expected what you give \"for\" what you get (%s)",
                    usage);
    int first_kw = to_at >= 0 && to_at < for_at ? to_at : for_at;
    /* Each keyword's part runs to the other keyword or to the end. */
    int for_end = to_at > for_at ? to_at : argc;
    int to_end = to_at >= 0 && to_at < for_at ? for_at : argc;

    struct words_trade t = {0};
    t.give_argv = argv;
    t.give_argc = first_kw;
    t.get_argv = argv + for_at + 1;
    t.get_argc = for_end - for_at - 1;
    if (to_at >= 0) {
        t.to_argv = argv + to_at + 1;
        t.to_argc = to_end - to_at - 1;
    } else {
        t.to_argv = argv + argc;
    }
    if (t.give_argc == 0)
        return fail(BW_E(PARSE), msg, msglen, "nothing to give before \"for\" (%s)", usage);
    if (t.get_argc == 0)
        return fail(BW_E(PARSE), msg, msglen, "nothing to get after \"for\" (%s)", usage);
    if (to_at >= 0 && t.to_argc == 0)
        return fail(BW_E(PARSE), msg, msglen, "\"to\" needs at least one nick");
    *out = t;
    return BW_OK;
}

int words_trade(int argc, char *const *argv, bool allow_to, uint8_t give[RES_COUNT],
                uint8_t get[RES_COUNT], struct words_trade *out, char *msg, size_t msglen)
{
    struct words_trade t;
    uint8_t g[RES_COUNT], r[RES_COUNT];
    int err = words_trade_split(argc, argv, allow_to, &t, msg, msglen);
    if (err < 0)
        return err;
    err = words_list(t.give_argc, t.give_argv, g, msg, msglen);
    if (err < 0)
        return err;
    err = words_list(t.get_argc, t.get_argv, r, msg, msglen);
    if (err < 0)
        return err;
    memcpy(give, g, sizeof g);
    memcpy(get, r, sizeof r);
    *out = t;
    return BW_OK;
}
