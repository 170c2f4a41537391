/* A pre-scan of the configuration text, for three things libconfig 1.5 gets wrong:
 *
 * - An integer literal that does not fit in 32 bits (without an L suffix) is wrapped, so
 *   `port = 4294973963;` loads as 6667. The parsed tree cannot tell, so the text is read again
 *   here, with the same lexical rules, and such literals are remembered by line and key name.
 * - `@include "."` makes its scanner call exit(); any include also reads files the operator did
 *   not name on the command line. Includes are refused before libconfig sees the text.
 * - A syntax error whose offending token is a string (`channels "#a";`) leaks that string: its
 *   parser has no destructor for discarded tokens. The grammar is small, so it is followed here
 *   too, and such errors are reported without calling libconfig. So is a group or list inside
 *   [ ] (an array holds scalars only), for which libconfig says no more than "syntax error".
 *   Any other syntax error is left to libconfig, so that a file this recogniser misjudges still
 *   gets libconfig's verdict. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config/internal.h"
#include "engine/error.h"
#include "util/xmalloc.h"

/* TOK_SCALAR: a boolean or a number other than a plain integer; TOK_PUNCT: one of {}[](),;
 * (the character is *start); TOK_GARBAGE: anything libconfig has no token for. */
enum token_kind {
    TOK_END,
    TOK_NAME,
    TOK_ASSIGN,
    TOK_INT,
    TOK_SCALAR,
    TOK_STRING,
    TOK_PUNCT,
    TOK_GARBAGE
};

struct lexer {
    const char *p;
    const char *end;
    unsigned line;
};

struct token {
    enum token_kind kind;
    const char *start;
    size_t len;
    unsigned line;
};

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_hex(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool at(const struct lexer *lx, size_t off, char c)
{
    return lx->p + off < lx->end && lx->p[off] == c;
}

static void advance(struct lexer *lx, size_t n)
{
    for (size_t i = 0; i < n && lx->p < lx->end; i++, lx->p++) {
        if (*lx->p == '\n')
            lx->line++;
    }
}

/* Skip blanks and comments; libconfig counts lines inside both, so do we. */
static void skip_space(struct lexer *lx)
{
    while (lx->p < lx->end) {
        char c = *lx->p;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance(lx, 1);
        } else if (c == '#' || (c == '/' && at(lx, 1, '/'))) {
            while (lx->p < lx->end && *lx->p != '\n')
                lx->p++;
        } else if (c == '/' && at(lx, 1, '*')) {
            advance(lx, 2);
            while (lx->p < lx->end && !(*lx->p == '*' && at(lx, 1, '/')))
                advance(lx, 1);
            advance(lx, 2);
        } else {
            return;
        }
    }
}

/* Length of a number starting at p, and whether it is a plain (32-bit) integer, following
 * libconfig's integer, integer64, hex, hex64 and float patterns. 0 when p starts no number. */
static size_t number_len(const char *p, const char *end, bool *plain_int)
{
    const char *q = p;
    *plain_int = false;
    if (q < end && q[0] == '0' && q + 2 < end && (q[1] == 'x' || q[1] == 'X') && is_hex(q[2])) {
        q += 2;
        while (q < end && is_hex(*q))
            q++;
    } else {
        if (q < end && (*q == '-' || *q == '+'))
            q++;
        const char *digits = q;
        while (q < end && is_digit(*q))
            q++;
        bool has_digits = q > digits;
        bool is_float = false;
        if (q < end && *q == '.') {
            is_float = true;
            q++;
            while (q < end && is_digit(*q))
                q++;
        }
        if ((has_digits || is_float) && q < end && (*q == 'e' || *q == 'E')) {
            const char *e = q + 1;
            if (e < end && (*e == '-' || *e == '+'))
                e++;
            if (e < end && is_digit(*e)) {
                while (e < end && is_digit(*e))
                    e++;
                q = e;
                is_float = true;
            }
        }
        if (is_float)
            return (size_t)(q - p);
        if (!has_digits)
            return 0;
    }
    if (q < end && *q == 'L') {
        q++;
        if (q < end && *q == 'L')
            q++;
        return (size_t)(q - p);
    }
    *plain_int = true;
    return (size_t)(q - p);
}

/* libconfig scans these words as booleans in any case, so they cannot name a setting. */
static bool is_boolean(const char *p, size_t n)
{
    return (n == 4 && strncasecmp(p, "true", 4) == 0) ||
           (n == 5 && strncasecmp(p, "false", 5) == 0);
}

static struct token next_token(struct lexer *lx)
{
    skip_space(lx);
    struct token t = {TOK_END, lx->p, 0, lx->line};
    if (lx->p >= lx->end)
        return t;
    char c = *lx->p;
    bool plain_int;
    size_t n;
    if (is_alpha(c) || c == '*') {
        n = 1;
        while (lx->p + n < lx->end && (is_alpha(lx->p[n]) || is_digit(lx->p[n]) ||
                                       lx->p[n] == '-' || lx->p[n] == '_' || lx->p[n] == '*'))
            n++;
        t.kind = is_boolean(lx->p, n) ? TOK_SCALAR : TOK_NAME;
    } else if (c == '=' || c == ':') {
        n = 1;
        t.kind = TOK_ASSIGN;
    } else if (c == '"') {
        size_t avail = (size_t)(lx->end - lx->p);
        n = 1;
        while (n < avail && lx->p[n] != '"')
            n += lx->p[n] == '\\' && n + 1 < avail ? 2 : 1;
        n = n < avail ? n + 1 : avail;
        t.kind = TOK_STRING;
    } else if ((n = number_len(lx->p, lx->end, &plain_int)) > 0) {
        t.kind = plain_int ? TOK_INT : TOK_SCALAR;
    } else {
        n = 1;
        t.kind = c && strchr("{}[](),;", c) ? TOK_PUNCT : TOK_GARBAGE;
    }
    t.len = n;
    advance(lx, n);
    return t;
}

/* Whether libconfig would wrap this integer literal: it keeps the low 32 bits of the value. */
static bool literal_is_wide(const char *s, size_t len)
{
    const char *end = s + len;
    bool hex = len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    bool negative = false;
    if (hex) {
        s += 2;
    } else if (*s == '-' || *s == '+') {
        negative = *s == '-';
        s++;
    }
    unsigned long long limit = negative ? (unsigned long long)INT_MAX + 1 : INT_MAX;
    unsigned base = hex ? 16 : 10;
    unsigned long long v = 0;
    for (; s < end; s++) {
        unsigned d = is_digit(*s) ? (unsigned)(*s - '0') : (unsigned)((*s | 0x20) - 'a' + 10);
        v = v * base + d;
        if (v > limit)
            return true;
    }
    return false;
}

static void add_wide(struct config_scan *out, const struct token *name, const struct token *lit)
{
    out->wide = xreallocarray(out->wide, out->wide_count + 1, sizeof *out->wide);
    out->wide[out->wide_count++] = (struct config_wide_int){
        .line = name->line,
        .name = name->start,
        .name_len = name->len,
        .literal = lit->start,
        .literal_len = lit->len,
    };
}

/* Deeper nesting than this is refused here, without calling libconfig: a configuration needs
 * four levels, hostile input must not exhaust the C stack, and libconfig itself leaks on some
 * syntax errors this recogniser would then not have followed. */
#define DEPTH_MAX 64

struct parser {
    struct lexer lx;
    struct token tok;     /* the lookahead */
    struct token prev[2]; /* the two tokens before it, newest first */
    const char *file;
    struct config_errors *errs;
    struct config_scan *out;
    bool include;  /* an @include was seen */
    bool failed;   /* the recogniser stopped at tok */
    bool deferred; /* too deep: stop recognising, keep scanning */
    bool nested;   /* it stopped at a group or list inside [ ], which holds scalars only */
    const char *expected;
    int depth;
};

/* Move to the next token, watching every token for includes and wide integers whatever the
 * recogniser makes of them. */
static void next(struct parser *ps)
{
    static const char include[] = "@include";
    ps->prev[1] = ps->prev[0];
    ps->prev[0] = ps->tok;
    struct token t = next_token(&ps->lx);
    if (t.kind == TOK_GARBAGE && *t.start == '@' &&
        (size_t)(ps->lx.end - t.start) >= sizeof include - 1 &&
        memcmp(t.start, include, sizeof include - 1) == 0) {
        config_problem_add(ps->errs, ps->file, t.line, NULL,
                           "@include is not supported: keep the configuration in one file");
        ps->include = true;
    }
    if (t.kind == TOK_INT && ps->prev[0].kind == TOK_ASSIGN && ps->prev[1].kind == TOK_NAME &&
        literal_is_wide(t.start, t.len))
        add_wide(ps->out, &ps->prev[1], &t);
    ps->tok = t;
}

static bool fail(struct parser *ps, const char *expected)
{
    if (!ps->failed) {
        ps->failed = true;
        ps->expected = expected;
    }
    return false;
}

static bool is_punct(const struct parser *ps, char c)
{
    return ps->tok.kind == TOK_PUNCT && *ps->tok.start == c;
}

static bool accept(struct parser *ps, char c)
{
    if (!is_punct(ps, c))
        return false;
    next(ps);
    return true;
}

static bool parse_settings(struct parser *ps);
static bool parse_value(struct parser *ps);

static bool scalar(struct parser *ps)
{
    if (ps->tok.kind == TOK_INT || ps->tok.kind == TOK_SCALAR) {
        next(ps);
        return true;
    }
    if (ps->tok.kind == TOK_STRING) {
        /* Adjacent strings are one value, as in C. */
        while (ps->tok.kind == TOK_STRING)
            next(ps);
        return true;
    }
    return false;
}

/* items (',' items)* up to close, or nothing; libconfig 1.5 takes no trailing comma. */
static bool parse_items(struct parser *ps, char close, bool scalars_only)
{
    if (accept(ps, close))
        return true;
    for (;;) {
        bool ok = scalars_only ? scalar(ps) : parse_value(ps);
        if (!ok && scalars_only && !ps->failed)
            ps->nested = is_punct(ps, '{') || is_punct(ps, '(') || is_punct(ps, '[');
        if (!ok)
            return fail(ps, scalars_only ? "a number, string or boolean" : "a value");
        if (accept(ps, close))
            return true;
        if (!accept(ps, ','))
            return fail(ps, close == ']' ? "',' or ']'" : "',' or ')'");
    }
}

static bool parse_value(struct parser *ps)
{
    if (scalar(ps))
        return true;
    if (ps->depth >= DEPTH_MAX) {
        ps->deferred = true;
        return false;
    }
    bool ok;
    ps->depth++;
    if (accept(ps, '['))
        ok = parse_items(ps, ']', true);
    else if (accept(ps, '('))
        ok = parse_items(ps, ')', false);
    else if (accept(ps, '{'))
        ok = parse_settings(ps) && (accept(ps, '}') || fail(ps, "a key or '}'"));
    else
        ok = fail(ps, "a value");
    ps->depth--;
    return ok;
}

/* Settings (name = value, then an optional ';' or ',') while a name comes. */
static bool parse_settings(struct parser *ps)
{
    while (ps->tok.kind == TOK_NAME) {
        next(ps);
        if (ps->tok.kind != TOK_ASSIGN)
            return fail(ps, "'=' or ':'");
        next(ps);
        if (!parse_value(ps))
            return false;
        if (!accept(ps, ';'))
            accept(ps, ',');
    }
    return true;
}

int config_scan_text(const char *text, size_t len, const char *file, struct config_errors *errs,
                     struct config_scan *out)
{
    struct parser ps = {.lx = {text, text + len, 1}, .file = file, .errs = errs, .out = out};
    out->wide = NULL;
    out->wide_count = 0;
    next(&ps);
    if (parse_settings(&ps) && ps.tok.kind != TOK_END)
        fail(&ps, "a key");

    bool string_error = ps.failed && !ps.deferred && ps.tok.kind == TOK_STRING;
    if (string_error)
        config_problem_add(errs, file, ps.tok.line, NULL,
                           "syntax error: expected %s, found a string", ps.expected);
    /* `channels = [ "#a", { name = "#b"; } ]` is an easy slip: name the cause. */
    bool nested = ps.failed && !ps.deferred && ps.nested;
    if (nested)
        config_problem_add(errs, file, ps.tok.line, NULL,
                           "syntax error: [ ] holds only strings, numbers and booleans; a list "
                           "with groups or lists in it is written ( ... )");
    if (ps.deferred)
        config_problem_add(errs, file, ps.tok.line, NULL,
                           "groups and lists are nested more than %d deep", DEPTH_MAX);
    while (ps.tok.kind != TOK_END)
        next(&ps);
    if (ps.include)
        return BW_E(INVALID);
    return string_error || nested || ps.deferred ? BW_E(PARSE) : BW_OK;
}

void config_scan_fini(struct config_scan *scan)
{
    free(scan->wide);
    scan->wide = NULL;
    scan->wide_count = 0;
}

const struct config_wide_int *config_scan_find(const struct config_scan *scan, unsigned line,
                                               const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < scan->wide_count; i++) {
        const struct config_wide_int *w = &scan->wide[i];
        if (w->line == line && w->name_len == n && memcmp(w->name, name, n) == 0)
            return w;
    }
    return NULL;
}
