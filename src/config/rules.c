/* game.rules and a channel group's rules: the house rules a new lobby starts with (config.h,
 * doc/house-rules.md). The names and values are those people type with !rules. */
#include <libconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config/internal.h"
#include "session/session.h"

static const char *const rules_keys[] = {
    "points", "discard", "friendly_robber", "no_sevens", "robber_desert",
    "dice",   "trade",   "harbormaster",    "timer",     NULL};

struct rules_loader {
    struct config_errors *errs;
    const char *file;
    const struct config_scan *scan;
    const char *path;
    bool ok;
};

static void problem(struct rules_loader *ld, const config_setting_t *s, const char *name,
                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void problem(struct rules_loader *ld, const config_setting_t *s, const char *name,
                    const char *fmt, ...)
{
    char key[256];
    snprintf(key, sizeof key, "%s.%s", ld->path, name);
    va_list ap;
    va_start(ap, fmt);
    config_problem_vadd(ld->errs, ld->file, (unsigned)config_setting_source_line(s), key, fmt, ap);
    va_end(ap);
    ld->ok = false;
}

/* g.name as an integer in lo..hi into *out (range: the words a problem says it must be). */
static void get_number(struct rules_loader *ld, const config_setting_t *g, const char *name, int lo,
                       int hi, const char *range, int *out)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    if (!s)
        return;
    int type = config_setting_type(s);
    long long v =
        type == CONFIG_TYPE_INT64 ? config_setting_get_int64(s) : config_setting_get_int(s);
    if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64)
        problem(ld, s, name, "must be an integer, %s", range);
    else if ((type == CONFIG_TYPE_INT &&
              config_scan_find(ld->scan, (unsigned)config_setting_source_line(s), name)) ||
             v < lo || v > hi)
        problem(ld, s, name, "must be %s", range); /* a wide literal wraps: never quoted */
    else
        *out = (int)v;
}

/* g.name as true or false into *out (invert: the field holds the opposite). */
static void get_switch(struct rules_loader *ld, const config_setting_t *g, const char *name,
                       bool invert, int *out)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    if (!s)
        return;
    if (config_setting_type(s) != CONFIG_TYPE_BOOL)
        problem(ld, s, name, "must be true or false");
    else
        *out = (config_setting_get_bool(s) != 0) != invert;
}

/* g.name as one of words (a NULL-terminated list, each standing for its index) into *out. */
static void get_word(struct rules_loader *ld, const config_setting_t *g, const char *name,
                     const char *const *words, const char *say, int *out)
{
    const config_setting_t *s = config_setting_get_member(g, name);
    if (!s)
        return;
    const char *v =
        config_setting_type(s) == CONFIG_TYPE_STRING ? config_setting_get_string(s) : NULL;
    for (int i = 0; v && words[i]; i++)
        if (strcasecmp(v, words[i]) == 0) {
            *out = i;
            return;
        }
    problem(ld, s, name, "must be %s", say);
}

static void check_keys(struct rules_loader *ld, const config_setting_t *g)
{
    for (int i = 0; i < config_setting_length(g); i++) {
        const config_setting_t *s = config_setting_get_elem(g, (unsigned)i);
        const char *name = config_setting_name(s);
        bool known = false;
        for (int k = 0; rules_keys[k] && !known; k++)
            known = strcmp(name, rules_keys[k]) == 0;
        if (!known)
            problem(ld, s, name,
                    "unknown house rule; the house rules are points, discard, friendly_robber, "
                    "no_sevens, robber_desert, dice, trade, harbormaster, timer");
    }
}

bool config_load_rules(struct config_errors *errs, const char *file, const struct config_scan *scan,
                       const struct config_setting_t *g, const char *path,
                       const struct config_rules *base, int turn_timeout_s,
                       struct config_rules *out)
{
    struct rules_loader ld = {errs, file, scan, path, true};
    *out = *base;
    if (config_setting_type(g) != CONFIG_TYPE_GROUP) {
        config_problem_add(errs, file, (unsigned)config_setting_source_line(g), path,
                           "must be a group { points = 10; friendly_robber = true; ... }");
        return false;
    }
    check_keys(&ld, g);
    int points = out->points, discard = out->discard ? out->discard : SESSION_DISCARD_MIN;
    get_number(&ld, g, "points", 0, SESSION_POINTS_MAX, "0 (the map's) or 5..20", &points);
    if (points && points < SESSION_POINTS_MIN)
        problem(&ld, config_setting_get_member(g, "points"), "points",
                "must be 0 (the map's) or 5..20");
    else
        out->points = points;
    get_number(&ld, g, "discard", SESSION_DISCARD_MIN, SESSION_DISCARD_MAX, "7..12", &discard);
    out->discard = discard == SESSION_DISCARD_MIN ? 0 : discard;
    get_switch(&ld, g, "friendly_robber", false, &out->friendly_robber);
    get_number(&ld, g, "no_sevens", 0, SESSION_NO_SEVENS_MAX, "0..10", &out->no_sevens);
    get_switch(&ld, g, "robber_desert", true, &out->robber_no_desert);
    static const char *const dice[] = {"random", "deck", NULL};
    get_word(&ld, g, "dice", dice, "\"random\" or \"deck\"", &out->dice_deck);
    get_switch(&ld, g, "trade", true, &out->no_trade);
    get_switch(&ld, g, "harbormaster", false, &out->harbormaster);
    /* By enum session_timer. */
    static const char *const timer[] = {"normal", "fast", "slow", "off", NULL};
    int t = out->timer;
    get_word(&ld, g, "timer", timer, "\"fast\", \"normal\", \"slow\" or \"off\"", &t);
    const config_setting_t *ts = config_setting_get_member(g, "timer");
    if (ts && !turn_timeout_s && (t == SESSION_TIMER_FAST || t == SESSION_TIMER_SLOW))
        problem(&ld, ts, "timer", "\"%s\" needs a turn timer, and game.turn_timeout_s is 0",
                timer[t]);
    else
        out->timer = t;
    return ld.ok;
}
