/* The schema of SPEC §2: walks the libconfig tree, checks every key, fills the plain structs.
 *
 * Checking goes on after a problem so that one run lists them all; a value that fails its check
 * leaves the default in place, which never escapes because the load as a whole then fails. */
#include <errno.h>
#include <libconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "config/internal.h"
#include "engine/error.h"
#include "i18n/i18n.h"
#include "session/session.h"
#include "util/phrase.h"
#include "util/xmalloc.h"

/* Past this length an unknown key gets no "did you mean": it is not a typo of a short name. */
#define SUGGEST_MAX 32

/* The pacing floor for networks.[i].flood. Servers let a client send a short burst, then
 * throttle it, and disconnect one that keeps sending faster than they allow (for a bot, a long
 * board or a busy game is enough). Faster pacing is for a server the operator runs, and says
 * so with unsafe = true; without it, a test setting copied to a public network is caught. */
#define FLOOD_SAFE_BURST 10
#define FLOOD_SAFE_INTERVAL_MS 300
/* Followed by the two limits above. */
#define FLOOD_REASON                                                                               \
    "real networks disconnect a bot that sends faster than about %d lines at once, then one "      \
    "line per %d ms; add unsafe = true to this flood group only for a server you run"

/* A wide literal is quoted in the message up to this many bytes. */
#define LITERAL_SHOWN 24

struct loader {
    struct config_errors *errs;
    const char *file;
    const struct config_scan *scan;
    bool failed;
    /* game.rules and game.turn_timeout_s, for the channels' own rules (game loads first). */
    const struct config_rules *rules;
    int turn_timeout_s;
};

typedef const char *(*string_rule)(const char *);

static const char *const top_keys[] = {"networks", "bot", "game", "store", "log", "web", NULL};
static const char *const network_keys[] = {"name",
                                           "host",
                                           "port",
                                           "tls",
                                           "tls_verify",
                                           "tls_ca_file",
                                           "tls_client_cert",
                                           "password",
                                           "nick",
                                           "alt_nicks",
                                           "username",
                                           "realname",
                                           "sasl",
                                           "channels",
                                           "flood",
                                           "ping_interval_s",
                                           "ping_timeout_s",
                                           NULL};
static const char *const sasl_keys[] = {"mechanism", "username", "password", "required", NULL};
static const char *const flood_keys[] = {"burst", "interval_ms", "unsafe", NULL};
static const char *const channel_keys[] = {"name", "language", "rules", NULL};
static const char *const bot_keys[] = {"prefix", "admins", "colors", "private", "language", NULL};
static const char *const game_keys[] = {"min_players",    "max_players", "victory_points",
                                        "turn_timeout_s", "bot_level",   "bot_think_ms",
                                        "bot_delay_ms",   "takeover",    "map",
                                        "rules",          NULL};
static const char *const store_keys[] = {"path", NULL};
static const char *const log_keys[] = {"level", "file", NULL};
static const char *const web_keys[] = {"listen", "public_url", "hide", NULL};

static void problem(struct loader *ld, unsigned line, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void problem(struct loader *ld, unsigned line, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    config_problem_vadd(ld->errs, ld->file, line, key, fmt, ap);
    va_end(ap);
    ld->failed = true;
}

static unsigned line_of(const config_setting_t *s)
{
    return config_setting_source_line(s);
}

/* "networks.[0]" + "port" -> "networks.[0].port"; the caller frees. */
static char *key_of(const char *parent, const char *name)
{
    size_t n = strlen(parent) + strlen(name) + 2;
    char *key = xmalloc(n);
    snprintf(key, n, "%s%s%s", parent, *parent ? "." : "", name);
    return key;
}

/* "networks" + 1 -> "networks.[1]", the form libconfig's own lookup paths use; the caller
 * frees. */
static char *key_at(const char *parent, unsigned index)
{
    size_t n = strlen(parent) + 16;
    char *key = xmalloc(n);
    snprintf(key, n, "%s.[%u]", parent, index);
    return key;
}

static const char *type_name(const config_setting_t *s)
{
    switch (config_setting_type(s)) {
    case CONFIG_TYPE_GROUP:
        return "a group";
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64:
        return "an integer";
    case CONFIG_TYPE_FLOAT:
        return "a floating-point number";
    case CONFIG_TYPE_STRING:
        return "a string";
    case CONFIG_TYPE_BOOL:
        return "a boolean";
    case CONFIG_TYPE_ARRAY:
        return "an array";
    case CONFIG_TYPE_LIST:
        return "a list";
    default:
        return "nothing";
    }
}

/* Levenshtein distance between short strings (both at most SUGGEST_MAX bytes). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t row[SUGGEST_MAX + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static const char *suggest(const char *name, const char *const *known)
{
    const char *best = NULL;
    size_t best_d = 3; /* at most two edits away, else it is not a typo */
    if (strlen(name) > SUGGEST_MAX)
        return NULL;
    for (const char *const *k = known; *k; k++) {
        size_t d = strcasecmp(name, *k) == 0 ? 0 : edit_distance(name, *k);
        if (d < best_d && d < strlen(name)) {
            best_d = d;
            best = *k;
        }
    }
    return best;
}

static bool is_known(const char *name, const char *const *known)
{
    for (const char *const *k = known; *k; k++) {
        if (strcmp(name, *k) == 0)
            return true;
    }
    return false;
}

static char *known_list(const char *const *known)
{
    size_t n = 1;
    for (const char *const *k = known; *k; k++)
        n += strlen(*k) + 2;
    char *s = xmalloc(n);
    s[0] = '\0';
    for (const char *const *k = known; *k; k++) {
        if (k != known)
            strcat(s, ", ");
        strcat(s, *k);
    }
    return s;
}

static void check_keys(struct loader *ld, const config_setting_t *g, const char *path,
                       const char *const *known)
{
    int n = config_setting_length(g);
    for (int i = 0; i < n; i++) {
        const config_setting_t *s = config_setting_get_elem(g, (unsigned)i);
        const char *name = config_setting_name(s);
        if (is_known(name, known))
            continue;
        char *key = key_of(path, name);
        const char *guess = suggest(name, known);
        if (guess) {
            problem(ld, line_of(s), key, "unknown key; did you mean \"%s\"?", guess);
        } else {
            char *list = known_list(known);
            problem(ld, line_of(s), key, "unknown key; known keys here: %s", list);
            free(list);
        }
        free(key);
    }
}

static void missing(struct loader *ld, const config_setting_t *g, const char *path,
                    const char *name)
{
    char *key = key_of(path, name);
    problem(ld, line_of(g), key, "required key is missing");
    free(key);
}

/* The group g.name, or NULL when it is absent or (a reported problem) not a group. */
static config_setting_t *get_group(struct loader *ld, const config_setting_t *g, const char *path,
                                   const char *name)
{
    config_setting_t *s = config_setting_get_member(g, name);
    if (!s || config_setting_type(s) == CONFIG_TYPE_GROUP)
        return s;
    char *key = key_of(path, name);
    problem(ld, line_of(s), key, "must be a group { ... }, not %s", type_name(s));
    free(key);
    return NULL;
}

/* Store g.name in *out when it is an integer in lo..hi; range says so in words when the plain
 * "lo..hi" would mislead. Returns whether *out was set; absent keys keep the default. */
static bool get_int(struct loader *ld, const config_setting_t *g, const char *path,
                    const char *name, long long lo, long long hi, const char *range, int *out)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    if (!s)
        return false;
    char span[64];
    if (!range) {
        snprintf(span, sizeof span, "%lld..%lld", lo, hi);
        range = span;
    }
    char *key = key_of(path, name);
    int type = config_setting_type(s);
    const struct config_wide_int *wide = NULL;
    bool ok = false;
    if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64) {
        problem(ld, line_of(s), key, "must be an integer, not %s", type_name(s));
    } else if (type == CONFIG_TYPE_INT && (wide = config_scan_find(ld->scan, line_of(s), name))) {
        bool cut = wide->literal_len > LITERAL_SHOWN;
        problem(ld, line_of(s), key, "must be %s (got %.*s%s)", range,
                (int)(cut ? LITERAL_SHOWN : wide->literal_len), wide->literal, cut ? "..." : "");
    } else {
        long long v =
            type == CONFIG_TYPE_INT ? config_setting_get_int(s) : config_setting_get_int64(s);
        if (v < lo || v > hi) {
            problem(ld, line_of(s), key, "must be %s (got %lld)", range, v);
        } else {
            *out = (int)v;
            ok = true;
        }
    }
    free(key);
    return ok;
}

static void get_bool(struct loader *ld, const config_setting_t *g, const char *path,
                     const char *name, bool *out)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    if (!s)
        return;
    if (config_setting_type(s) == CONFIG_TYPE_BOOL) {
        *out = config_setting_get_bool(s) != 0;
        return;
    }
    char *key = key_of(path, name);
    problem(ld, line_of(s), key, "must be true or false, not %s", type_name(s));
    free(key);
}

/* The string value of s, or NULL after reporting that it is something else. */
static const char *string_value(struct loader *ld, const config_setting_t *s, const char *key)
{
    if (config_setting_type(s) == CONFIG_TYPE_STRING)
        return config_setting_get_string(s);
    problem(ld, line_of(s), key, "must be a string in double quotes, not %s", type_name(s));
    return NULL;
}

/* Replace *out with a copy of g.name when it passes rule; with optional, "" stores NULL. */
static void get_string(struct loader *ld, const config_setting_t *g, const char *path,
                       const char *name, string_rule rule, bool optional, char **out)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    if (!s)
        return;
    char *key = key_of(path, name);
    const char *v = string_value(ld, s, key);
    const char *why;
    if (!v) {
        /* reported */
    } else if (optional && !*v) {
        free(*out);
        *out = NULL;
    } else if ((why = rule(v))) {
        problem(ld, line_of(s), key, "%s", why);
    } else {
        free(*out);
        *out = xstrdup(v);
    }
    free(key);
}

static void require_string(struct loader *ld, const config_setting_t *g, const char *path,
                           const char *name, string_rule rule, char **out)
{
    if (config_setting_get_member(g, name))
        get_string(ld, g, path, name, rule, false, out);
    else
        missing(ld, g, path, name);
}

/* Whether g.name holds something other than "": then a NULL result means a reported problem,
 * not an absent value, and rules that need the value should stay quiet. */
static bool given(const config_setting_t *g, const char *name)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    return s && !(config_setting_type(s) == CONFIG_TYPE_STRING && !*config_setting_get_string(s));
}

/* A list of strings, [ ... ] or ( ... ), each passing rule and none repeated (ignoring case). */
static void get_string_list(struct loader *ld, const config_setting_t *g, const char *path,
                            const char *name, string_rule rule, char ***out, size_t *count)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    if (!s)
        return;
    char *key = key_of(path, name);
    int type = config_setting_type(s);
    if (type != CONFIG_TYPE_ARRAY && type != CONFIG_TYPE_LIST) {
        problem(ld, line_of(s), key, "must be a list of strings such as [ \"a\", \"b\" ], not %s",
                type_name(s));
        free(key);
        return;
    }
    unsigned n = (unsigned)config_setting_length(s);
    char **items = xcalloc(n, sizeof *items);
    size_t have = 0;
    for (unsigned i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem(s, i);
        char *ekey = key_at(key, i);
        const char *v = string_value(ld, e, ekey);
        const char *why;
        if (!v) {
            /* reported */
        } else if ((why = rule(v))) {
            problem(ld, line_of(e), ekey, "%s", why);
        } else {
            bool repeated = false;
            for (size_t j = 0; j < have && !repeated; j++)
                repeated = strcasecmp(items[j], v) == 0;
            if (repeated)
                problem(ld, line_of(e), ekey, "\"%s\" is listed twice", v);
            else
                items[have++] = xstrdup(v);
        }
        free(ekey);
    }
    *out = items;
    *count = have;
    free(key);
}

/* v as a problem may quote it: at most LITERAL_SHOWN bytes, cut between characters, with
 * control characters shown as '?' so that the message stays on one line. The caller frees. */
static char *shown_value(const char *v)
{
    size_t n = strlen(v);
    bool cut = n > LITERAL_SHOWN;
    if (cut) {
        n = LITERAL_SHOWN;
        while (n > 0 && ((unsigned char)v[n] & 0xc0) == 0x80)
            n--;
    }
    char *s = xmalloc(n + sizeof "...");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)v[i];
        s[i] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    strcpy(s + n, cut ? "..." : "");
    return s;
}

/* The language of the message catalogue that s names (enum i18n_lang), or -1 after reporting
 * that it names none. i18n_find decides, so a code the catalogue gains is accepted here too. */
static int language_value(struct loader *ld, const config_setting_t *s, const char *key)
{
    const char *v = string_value(ld, s, key);
    if (!v)
        return -1;
    int lang = i18n_find(v);
    if (lang >= 0)
        return lang;
    char list[16 * LANG_COUNT] = "";
    for (int l = 0; l < LANG_COUNT; l++) {
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s\"%s\"", l ? ", " : "", i18n_code(l));
    }
    char *shown = shown_value(v);
    problem(ld, line_of(s), key, "must be one of %s (got \"%s\")", list, shown);
    free(shown);
    return -1;
}

/* networks.[i].channels: a list of channel names, each a string or a group that also gives
 * the channel's language, ( "#a", { name = "#b"; language = "uk"; } ); none repeated (ignoring
 * case). net->channel_langs is set only when some entry names a language. */
static void load_channels(struct loader *ld, const config_setting_t *g, const char *path,
                          struct config_network *net)
{
    const config_setting_t *s = config_setting_get_member(g, "channels");
    if (!s)
        return;
    char *key = key_of(path, "channels");
    int type = config_setting_type(s);
    if (type != CONFIG_TYPE_ARRAY && type != CONFIG_TYPE_LIST) {
        problem(ld, line_of(s), key,
                "must be a list of channels such as [ \"#a\", \"#b\" ], or ( \"#a\", { name = "
                "\"#b\"; language = \"uk\"; } ) to give one a language; not %s",
                type_name(s));
        free(key);
        return;
    }
    unsigned n = (unsigned)config_setting_length(s);
    char **names = xcalloc(n, sizeof *names);
    int *langs = xcalloc(n, sizeof *langs);
    struct config_rules *rules = xcalloc(n, sizeof *rules);
    size_t have = 0;
    bool any_lang = false, any_rules = false;
    for (unsigned i = 0; i < n; i++) {
        const config_setting_t *e = config_setting_get_elem(s, i);
        char *ekey = key_at(key, i);
        /* The setting that holds the name, and the key its problems go under. */
        const config_setting_t *ns = e;
        char *nkey = NULL;
        bool group = config_setting_type(e) == CONFIG_TYPE_GROUP;
        if (group) {
            check_keys(ld, e, ekey, channel_keys);
            nkey = key_of(ekey, "name");
            ns = config_setting_get_member(e, "name");
            if (!ns)
                missing(ld, e, ekey, "name");
        } else if (config_setting_type(e) != CONFIG_TYPE_STRING) {
            problem(ld, line_of(e), ekey,
                    "must be a channel name in double quotes, or a group { name = \"#a\"; "
                    "language = \"uk\"; }; not %s",
                    type_name(e));
            ns = NULL;
        }
        const char *v = ns ? string_value(ld, ns, nkey ? nkey : ekey) : NULL;
        const char *why;
        bool stored = false;
        if (!v) {
            /* reported */
        } else if ((why = config_channel_problem(v))) {
            problem(ld, line_of(ns), nkey ? nkey : ekey, "%s", why);
        } else {
            bool repeated = false;
            for (size_t j = 0; j < have && !repeated; j++)
                repeated = strcasecmp(names[j], v) == 0;
            if (repeated) {
                problem(ld, line_of(ns), nkey ? nkey : ekey, "\"%s\" is listed twice", v);
            } else {
                names[have] = xstrdup(v);
                rules[have] = *ld->rules;
                langs[have++] = -1;
                stored = true;
            }
        }
        const config_setting_t *ls = group ? config_setting_get_member(e, "language") : NULL;
        if (ls) {
            char *lkey = key_of(ekey, "language");
            int lang = language_value(ld, ls, lkey);
            if (lang >= 0 && stored) {
                langs[have - 1] = lang;
                any_lang = true;
            }
            free(lkey);
        }
        const config_setting_t *rs = group ? config_setting_get_member(e, "rules") : NULL;
        if (rs) {
            char *rkey = key_of(ekey, "rules");
            struct config_rules own;
            if (!config_load_rules(ld->errs, ld->file, ld->scan, rs, rkey, ld->rules,
                                   ld->turn_timeout_s, &own))
                ld->failed = true;
            else if (stored) {
                rules[have - 1] = own;
                any_rules = true;
            }
            free(rkey);
        }
        free(nkey);
        free(ekey);
    }
    net->channels = names;
    net->channel_count = have;
    if (any_lang)
        net->channel_langs = langs;
    else
        free(langs);
    if (any_rules)
        net->channel_rules = rules;
    else
        free(rules);
    free(key);
}

/* A TLS file: only meaningful with tls, and checked now so that a typo shows up in
 * `brickwood -t` rather than as a failed handshake later. */
static void get_tls_file(struct loader *ld, const config_setting_t *g, const char *path,
                         const char *name, bool tls, char **out)
{
    get_string(ld, g, path, name, config_path_problem, true, out);
    if (!*out)
        return;
    const config_setting_t *s = config_setting_get_member(g, name);
    char *key = key_of(path, name);
    if (!tls)
        problem(ld, line_of(s), key, "needs tls = true");
    else if (access(*out, R_OK) != 0)
        problem(ld, line_of(s), key, "cannot read \"%s\": %s", *out, strerror(errno));
    free(key);
}

static void load_sasl(struct loader *ld, const config_setting_t *g, const char *path,
                      struct config_network *net)
{
    const config_setting_t *s = get_group(ld, g, path, "sasl");
    if (!s)
        return;
    char *spath = key_of(path, "sasl");
    char *mkey = key_of(spath, "mechanism");
    check_keys(ld, s, spath, sasl_keys);
    get_string(ld, s, spath, "username", config_sasl_text_problem, false, &net->sasl.username);
    get_string(ld, s, spath, "password", config_sasl_text_problem, false, &net->sasl.password);
    get_bool(ld, s, spath, "required", &net->sasl.required);

    const config_setting_t *m = config_setting_get_member(s, "mechanism");
    const char *v = m ? string_value(ld, m, mkey) : NULL;
    if (!m)
        problem(ld, line_of(s), mkey, "required key is missing (\"PLAIN\" or \"EXTERNAL\")");
    else if (v && strcasecmp(v, "PLAIN") == 0)
        net->sasl.mechanism = CONFIG_SASL_PLAIN;
    else if (v && strcasecmp(v, "EXTERNAL") == 0)
        net->sasl.mechanism = CONFIG_SASL_EXTERNAL;
    else if (v)
        problem(ld, line_of(m), mkey, "must be \"PLAIN\" or \"EXTERNAL\"");

    if (net->sasl.mechanism == CONFIG_SASL_PLAIN) {
        if (!config_setting_get_member(s, "username"))
            missing(ld, s, spath, "username");
        if (!config_setting_get_member(s, "password"))
            missing(ld, s, spath, "password");
    } else if (net->sasl.mechanism == CONFIG_SASL_EXTERNAL) {
        const config_setting_t *pw = config_setting_get_member(s, "password");
        if (pw) {
            char *key = key_of(spath, "password");
            problem(ld, line_of(pw), key,
                    "not used with EXTERNAL (the client certificate proves who the bot is)");
            free(key);
        }
        if (!net->tls)
            problem(ld, line_of(m), mkey, "EXTERNAL needs tls = true");
        else if (!given(g, "tls_client_cert"))
            problem(ld, line_of(m), mkey, "EXTERNAL needs tls_client_cert");
    }
    free(mkey);
    free(spath);
}

static void load_flood(struct loader *ld, const config_setting_t *g, const char *path,
                       struct config_flood *flood)
{
    const config_setting_t *s = get_group(ld, g, path, "flood");
    if (!s)
        return;
    char *fpath = key_of(path, "flood");
    check_keys(ld, s, fpath, flood_keys);
    bool burst_set = get_int(ld, s, fpath, "burst", 1, 100, NULL, &flood->burst);
    bool interval_set = get_int(ld, s, fpath, "interval_ms", 0, 60000, NULL, &flood->interval_ms);
    const config_setting_t *u = config_setting_get_member(s, "unsafe");
    get_bool(ld, s, fpath, "unsafe", &flood->unsafe);

    /* Faster than the floor is for a server the operator runs, and says so with unsafe = true.
     * An unsafe that is no boolean is reported above; guessing its meaning would add noise. */
    if (flood->unsafe || (u && config_setting_type(u) != CONFIG_TYPE_BOOL)) {
        free(fpath);
        return;
    }
    if (burst_set && flood->burst > FLOOD_SAFE_BURST) {
        char *key = key_of(fpath, "burst");
        problem(ld, line_of(config_setting_get_member(s, "burst")), key,
                "must be at most %d (got %d): " FLOOD_REASON, FLOOD_SAFE_BURST, flood->burst,
                FLOOD_SAFE_BURST, FLOOD_SAFE_INTERVAL_MS);
        free(key);
    }
    if (interval_set && flood->interval_ms < FLOOD_SAFE_INTERVAL_MS) {
        char *key = key_of(fpath, "interval_ms");
        problem(ld, line_of(config_setting_get_member(s, "interval_ms")), key,
                "must be at least %d (got %d%s): " FLOOD_REASON, FLOOD_SAFE_INTERVAL_MS,
                flood->interval_ms, flood->interval_ms ? "" : ", no pacing", FLOOD_SAFE_BURST,
                FLOOD_SAFE_INTERVAL_MS);
        free(key);
    }
    free(fpath);
}

static void load_network(struct loader *ld, const config_setting_t *g, const char *path,
                         struct config_network *net)
{
    net->tls = true;
    net->tls_verify = true;
    net->flood = (struct config_flood){.burst = 4, .interval_ms = 1500};
    net->sasl.required = true;
    net->ping_interval_s = 30;
    net->ping_timeout_s = 30;

    check_keys(ld, g, path, network_keys);
    require_string(ld, g, path, "name", config_network_name_problem, &net->name);
    require_string(ld, g, path, "host", config_host_problem, &net->host);
    get_bool(ld, g, path, "tls", &net->tls);
    net->port = net->tls ? 6697 : 6667;
    get_int(ld, g, path, "port", 1, 65535, NULL, &net->port);
    get_bool(ld, g, path, "tls_verify", &net->tls_verify);
    get_tls_file(ld, g, path, "tls_ca_file", net->tls, &net->tls_ca_file);
    get_tls_file(ld, g, path, "tls_client_cert", net->tls, &net->tls_client_cert);
    get_string(ld, g, path, "password", config_password_problem, true, &net->password);
    get_string(ld, g, path, "nick", config_nick_problem, false, &net->nick);
    get_string_list(ld, g, path, "alt_nicks", config_nick_problem, &net->alt_nicks,
                    &net->alt_nick_count);
    get_string(ld, g, path, "username", config_username_problem, false, &net->username);
    get_string(ld, g, path, "realname", config_realname_problem, false, &net->realname);
    load_sasl(ld, g, path, net);
    load_channels(ld, g, path, net);
    load_flood(ld, g, path, &net->flood);
    get_int(ld, g, path, "ping_interval_s", 5, 3600, NULL, &net->ping_interval_s);
    get_int(ld, g, path, "ping_timeout_s", 5, 3600, NULL, &net->ping_timeout_s);

    if (!net->nick)
        net->nick = xstrdup("brickwood");
    if (!net->username)
        net->username = xstrdup("brickwood");
    if (!net->realname)
        net->realname = xstrdup("Catan game moderator");
}

static void load_networks(struct loader *ld, const config_setting_t *root, struct bw_config *cfg)
{
    const config_setting_t *list = config_setting_get_member(root, "networks");
    if (!list) {
        problem(ld, 0, "networks", "required key is missing: name at least one IRC network");
        return;
    }
    if (config_setting_type(list) != CONFIG_TYPE_LIST) {
        problem(ld, line_of(list), "networks",
                "must be a list of groups: networks = ( { ... }, { ... } ); not %s",
                type_name(list));
        return;
    }
    unsigned n = (unsigned)config_setting_length(list);
    if (n == 0) {
        problem(ld, line_of(list), "networks", "must name at least one IRC network");
        return;
    }
    if (n > CONFIG_NETWORKS_MAX) {
        /* The IRC library watches its socket with select(), which cannot see descriptors past
         * FD_SETSIZE; each network holds a few descriptors. */
        problem(ld, line_of(list), "networks",
                "%u networks, but one process can serve at most %d (the IRC library cannot "
                "watch more sockets); run a second brickwood for the rest",
                n, CONFIG_NETWORKS_MAX);
        return;
    }
    cfg->networks = xcalloc(n, sizeof *cfg->networks);
    cfg->network_count = n;
    for (unsigned i = 0; i < n; i++) {
        const config_setting_t *g = config_setting_get_elem(list, i);
        char *path = key_at("networks", i);
        if (config_setting_type(g) == CONFIG_TYPE_GROUP)
            load_network(ld, g, path, &cfg->networks[i]);
        else
            problem(ld, line_of(g), path, "must be a group { ... }, not %s", type_name(g));
        free(path);
    }

    /* Admin commands and logs name networks, so two with one name would be ambiguous. */
    for (unsigned j = 1; j < n; j++) {
        for (unsigned i = 0; i < j && cfg->networks[j].name; i++) {
            if (!cfg->networks[i].name ||
                strcasecmp(cfg->networks[i].name, cfg->networks[j].name) != 0)
                continue;
            const config_setting_t *g = config_setting_get_elem(list, j);
            char *path = key_at("networks", j);
            char *key = key_of(path, "name");
            problem(ld, line_of(config_setting_get_member(g, "name")), key,
                    "\"%s\" is already the name of networks.[%u]; names must be unique",
                    cfg->networks[j].name, i);
            free(key);
            free(path);
            break;
        }
    }
}

static void load_bot(struct loader *ld, const config_setting_t *root, struct config_bot *bot)
{
    const config_setting_t *g = get_group(ld, root, "", "bot");
    if (g) {
        check_keys(ld, g, "bot", bot_keys);
        get_string(ld, g, "bot", "prefix", config_prefix_problem, false, &bot->prefix);
        get_string_list(ld, g, "bot", "admins", config_admin_problem, &bot->admins,
                        &bot->admin_count);
        get_bool(ld, g, "bot", "colors", &bot->colors);
        const config_setting_t *s = config_setting_get_member(g, "private");
        const char *v;
        if (s && (v = string_value(ld, s, "bot.private"))) {
            if (strcasecmp(v, "privmsg") == 0)
                bot->private_reply = CONFIG_PRIVATE_PRIVMSG;
            else if (strcasecmp(v, "notice") == 0)
                bot->private_reply = CONFIG_PRIVATE_NOTICE;
            else
                problem(ld, line_of(s), "bot.private", "must be \"privmsg\" or \"notice\"");
        }
        const config_setting_t *lg = config_setting_get_member(g, "language");
        int lang;
        if (lg && (lang = language_value(ld, lg, "bot.language")) >= 0)
            bot->language = lang;
    }
    if (!bot->prefix)
        bot->prefix = xstrdup("!");
}

/* game.map: a map as !map takes it, by its name or title as people say it ("new shores",
 * "Heading for New Shores", "fog"); -1 after saying what it must be. */
static int map_value(struct loader *ld, const config_setting_t *mp, const char *v)
{
    const char *names[2 * SESSION_MAP_COUNT];
    int values[2 * SESSION_MAP_COUNT];
    for (int m = 0; m < SESSION_MAP_COUNT; m++) {
        names[m] = session_map_name(m);
        names[SESSION_MAP_COUNT + m] = session_map_title(m);
        values[m] = values[SESSION_MAP_COUNT + m] = m;
    }
    struct phrase_found found;
    if (phrase_find(v, names, values, 2 * SESSION_MAP_COUNT, &found) == 1)
        return found.values[0];
    /* The candidates, or every map: "four_islands" or "fog_islands". */
    char list[256];
    size_t n = 0;
    int count = found.n ? found.n : SESSION_MAP_COUNT;
    for (int i = 0; i < count && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s\"%s\"",
                              i == 0           ? ""
                              : i == count - 1 ? " or "
                                               : ", ",
                              session_map_name(found.n ? found.values[i] : i));
    if (found.n)
        problem(ld, line_of(mp), "game.map", "\"%.40s\" is ambiguous: %s", v, list);
    else
        problem(ld, line_of(mp), "game.map", "must be %s (or a map's title)", list);
    return -1;
}

static void load_game(struct loader *ld, const config_setting_t *root, struct config_game *game,
                      int *game_map, struct config_rules *rules)
{
    const config_setting_t *g = get_group(ld, root, "", "game");
    if (!g)
        return;
    check_keys(ld, g, "game", game_keys);
    bool min_set = get_int(ld, g, "game", "min_players", 3, 6, NULL, &game->min_players);
    bool max_set = get_int(ld, g, "game", "max_players", 3, 6, NULL, &game->max_players);
    get_int(ld, g, "game", "victory_points", 3, 30, NULL, &game->victory_points);

    int timeout;
    if (get_int(ld, g, "game", "turn_timeout_s", 0, 86400, "0 (no timer) or 10..86400", &timeout)) {
        /* A few seconds is no time to type a command: surely a typo for minutes. */
        if (timeout > 0 && timeout < 10)
            problem(ld, line_of(config_setting_get_member(g, "turn_timeout_s")),
                    "game.turn_timeout_s", "must be 0 (no timer) or 10..86400 (got %d)", timeout);
        else
            game->turn_timeout_s = timeout;
    }

    const config_setting_t *lv = config_setting_get_member(g, "bot_level");
    const char *v;
    if (lv && (v = string_value(ld, lv, "game.bot_level"))) {
        static const char *const levels[] = {"easy", "normal", "hard"};
        int found = 0;
        for (int i = 0; i < 3; i++)
            if (strcasecmp(v, levels[i]) == 0)
                found = i + 1;
        if (found)
            game->bot_level = found;
        else
            problem(ld, line_of(lv), "game.bot_level", "must be \"easy\", \"normal\" or \"hard\"");
    }
    get_int(ld, g, "game", "bot_think_ms", 50, 60000, NULL, &game->bot_think_ms);
    get_int(ld, g, "game", "bot_delay_ms", 0, 60000, NULL, &game->bot_delay_ms);
    get_bool(ld, g, "game", "takeover", &game->takeover);

    const config_setting_t *mp = config_setting_get_member(g, "map");
    if (mp && (v = string_value(ld, mp, "game.map"))) {
        int map = map_value(ld, mp, v);
        if (map >= 0 && !session_map_playable(map))
            problem(ld, line_of(mp), "game.map", "%s (%s) cannot be played yet",
                    session_map_name(map), session_map_title(map));
        else if (map >= 0)
            *game_map = map;
        int lo, hi, points;
        session_map_limits(*game_map, &lo, &hi, &points);
        if (*game_map != SESSION_MAP_BASE && game->min_players > hi)
            problem(ld, line_of(mp), "game.map", "%s is for %d-%d players, but min_players is %d",
                    session_map_name(*game_map), lo, hi, game->min_players);
    }

    const config_setting_t *rs = config_setting_get_member(g, "rules");
    static const struct config_rules book;
    if (rs && !config_load_rules(ld->errs, ld->file, ld->scan, rs, "game.rules", &book,
                                 game->turn_timeout_s, rules))
        ld->failed = true;

    if ((min_set || max_set) && game->min_players > game->max_players) {
        if (min_set)
            problem(ld, line_of(config_setting_get_member(g, "min_players")), "game.min_players",
                    "must not exceed max_players (%d)", game->max_players);
        else
            problem(ld, line_of(config_setting_get_member(g, "max_players")), "game.max_players",
                    "must be at least min_players (%d)", game->min_players);
    }
}

static void load_store(struct loader *ld, const config_setting_t *root, struct bw_config *cfg)
{
    const config_setting_t *g = get_group(ld, root, "", "store");
    if (g) {
        check_keys(ld, g, "store", store_keys);
        get_string(ld, g, "store", "path", config_path_problem, false, &cfg->store_path);
    }
    if (!cfg->store_path)
        cfg->store_path = xstrdup("brickwood.db");
}

static void load_log(struct loader *ld, const config_setting_t *root, struct bw_config *cfg)
{
    const config_setting_t *g = get_group(ld, root, "", "log");
    if (!g)
        return;
    check_keys(ld, g, "log", log_keys);
    const config_setting_t *s = config_setting_get_member(g, "level");
    const char *v;
    if (s && (v = string_value(ld, s, "log.level")) && !log_level_parse(v, &cfg->log_level))
        problem(ld, line_of(s), "log.level",
                "must be one of \"error\", \"warn\", \"info\", \"debug\"");
    get_string(ld, g, "log", "file", config_path_problem, true, &cfg->log_file);
}

/* web = { listen = "127.0.0.1:8080"; public_url = "https://catan.example.org"; hide = [...]; }:
 * the address checks are config_web_listen_problem's and config_url_problem's (checks.c), the
 * hidden channels' config_channel_problem's. */
static void load_web(struct loader *ld, const config_setting_t *root, struct bw_config *cfg)
{
    const config_setting_t *g = get_group(ld, root, "", "web");
    if (!g)
        return;
    check_keys(ld, g, "web", web_keys);
    const config_setting_t *s = config_setting_get_member(g, "listen");
    const char *v;
    if (!s) {
        missing(ld, g, "web", "listen");
        return;
    }
    if (!(v = string_value(ld, s, "web.listen")))
        return;
    char host[64];
    int port;
    const char *why = config_web_listen_problem(v, host, sizeof host, &port);
    if (why) {
        problem(ld, line_of(s), "web.listen", "%s", why);
        return;
    }
    get_string(ld, g, "web", "public_url", config_url_problem, true, &cfg->web.public_url);
    cfg->web.host = xstrdup(host);
    cfg->web.port = port;
    if (!cfg->web.public_url) {
        size_t n = strlen(v) + sizeof "http://";
        cfg->web.public_url = xmalloc(n);
        snprintf(cfg->web.public_url, n, "http://%s", v);
    }
    size_t len = strlen(cfg->web.public_url);
    while (len > 0 && cfg->web.public_url[len - 1] == '/')
        cfg->web.public_url[--len] = 0;
    cfg->bot.web_url = xstrdup(cfg->web.public_url);
    get_string_list(ld, g, "web", "hide", config_channel_problem, &cfg->web.hide,
                    &cfg->web.hide_count);
    cfg->bot.web_hide_count = cfg->web.hide_count;
    cfg->bot.web_hide = xcalloc(cfg->web.hide_count + 1, sizeof *cfg->bot.web_hide);
    for (size_t i = 0; i < cfg->web.hide_count; i++)
        cfg->bot.web_hide[i] = xstrdup(cfg->web.hide[i]);
}

int config_parse(struct bw_config *cfg, const char *text, const char *file,
                 const struct config_scan *scan, struct config_errors *errs)
{
    config_t lc;
    config_init(&lc);
    if (!config_read_string(&lc, text)) {
        config_problem_add(errs, file, (unsigned)config_error_line(&lc), NULL, "%s",
                           config_error_text(&lc));
        config_destroy(&lc);
        return BW_E(PARSE);
    }

    struct loader ld = {.errs = errs, .file = file, .scan = scan, .failed = false};
    const config_setting_t *root = config_root_setting(&lc);
    cfg->bot.colors = true;
    cfg->bot.private_reply = CONFIG_PRIVATE_PRIVMSG;
    cfg->bot.language = LANG_EN;
    cfg->game = (struct config_game){.min_players = 3,
                                     .max_players = 6,
                                     .victory_points = 10,
                                     .turn_timeout_s = 180,
                                     .bot_level = 2,
                                     .bot_think_ms = 2000,
                                     .bot_delay_ms = 1500,
                                     .takeover = false};
    cfg->log_level = LOG_LEVEL_INFO;

    check_keys(&ld, root, "", top_keys);
    /* The game first: a channel's own rules go over game.rules. (Problems are listed by line
     * whatever the order.) */
    load_game(&ld, root, &cfg->game, &cfg->bot.game_map, &cfg->bot.game_rules);
    ld.rules = &cfg->bot.game_rules;
    ld.turn_timeout_s = cfg->game.turn_timeout_s;
    load_networks(&ld, root, cfg);
    load_bot(&ld, root, &cfg->bot);
    load_store(&ld, root, cfg);
    load_log(&ld, root, cfg);
    load_web(&ld, root, cfg);

    config_destroy(&lc);
    return ld.failed ? BW_E(INVALID) : BW_OK;
}
