/* !rules: the table's house rules (SPEC.md section 3 "Words", section 5 the fixed line). Anyone
 * sees them; a seated player sets one in the lobby. The names, values and what fits which lobby
 * are the session's (session/house.c); here are the words people type and the replies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/internal.h"
#include "cmd/words.h"
#include "i18n/i18n.h"
#include "render/render.h"
#include "util/utf8.h"

/* What a reply quotes of a word typed: enough to recognise it, never a whole line. */
#define SHOWN_MAX 24

/* The value a word stands for when it asks for the rule book's. */
#define VALUE_BOOK (-1)

void cmd_rules_line(const struct cmd_call *c, char *buf, size_t size)
{
    char list[RENDER_LINE_MAX];
    session_rules_line(c->s, list, sizeof list);
    i18n_format(c->lang, buf, size, MSG_RULES_LINE, c->s->channel, list);
}

void cmd_rules_help(struct cmd_call *c)
{
    char list[RENDER_LINE_MAX], values[32];
    size_t n = 0;
    list[0] = '\0';
    for (int r = 0; r < SESSION_RULE_COUNT && n < sizeof list; r++) {
        int k = snprintf(list + n, sizeof list - n, "%s%s %s", r ? ", " : "", session_rule_name(r),
                         session_rule_values(r, values, sizeof values));
        n += k > 0 ? (size_t)k : 0;
    }
    cmd_replyf(c, tr(c->lang, MSG_RULES_VALUES), list);
    /* The dice deck's event cards: which are played (all but the earthquake). */
    n = 0;
    list[0] = '\0';
    for (int e = DICE_ROBBER_ATTACK; e < DICE_EVENTS && n < sizeof list; e++) {
        int k = e == DICE_EARTHQUAKE ? 0
                                     : snprintf(list + n, sizeof list - n, "%s%s", n ? ", " : "",
                                                render_dice_event_name(c->lang, e));
        n += k > 0 ? (size_t)k : 0;
    }
    cmd_replyf(c, tr(c->lang, MSG_RULES_DICE_EVENTS), list,
               render_dice_event_name(c->lang, DICE_EARTHQUAKE));
    if (c->s) {
        cmd_rules_line(c, list, sizeof list);
        cmd_replyf(c, "%s", list);
    }
}

void cmd_rules_at_start(struct cmd_call *c)
{
    if (!session_rules_house(c->s))
        return;
    char line[RENDER_LINE_MAX];
    cmd_rules_line(c, line, sizeof line);
    cmd_announcef(c, "%s", line);
}

void cmd_rules_refit(struct cmd_call *c)
{
    char why[SESSION_RULE_COUNT][160];
    unsigned reset = session_rules_refit(c->s, why);
    for (int r = 0; r < SESSION_RULE_COUNT; r++) {
        if (!(reset & (1u << r)))
            continue;
        char word[16];
        cmd_announcef(c, tr(c->lang, MSG_RULES_RESET), session_rule_name(r),
                      session_rule_word(r, session_rule_book(c->s, r), word, sizeof word), why[r]);
    }
}

/* The names of every rule, "points, discard, ..." for a refusal. */
static void rule_names(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int r = 0; r < SESSION_RULE_COUNT && n < size; r++) {
        int k = snprintf(buf + n, size - n, "%s%s", r ? ", " : "", session_rule_name(r));
        n += k > 0 ? (size_t)k : 0;
    }
}

/* The words a rule's value is typed with, besides numbers and "default" (the rule book's). */
static const struct words_name switch_words[] = {
    {"on", 1},
    {"off", 0},
    {"yes", 1},
    {"no", 0},
    {"true", 1},
    {"false", 0},
    {"default", VALUE_BOOK},
    {NULL, 0},
};
static const struct words_name dice_words[] = {{"random", 0}, {"deck", 1}, {NULL, 0}};
static const struct words_name timer_words[] = {
    {"fast", SESSION_TIMER_FAST},
    {"normal", SESSION_TIMER_NORMAL},
    {"slow", SESSION_TIMER_SLOW},
    {"off", SESSION_TIMER_OFF},
    {NULL, 0},
};

/* A number rule's value: digits only, within lo..hi. BW_E(INVALID) otherwise. */
static int number_value(const char *word, int lo, int hi, int *out)
{
    size_t n = strlen(word);
    if (n == 0 || n > 3 || strspn(word, "0123456789") != n)
        return BW_E(INVALID);
    int v = atoi(word);
    if (v < lo || v > hi)
        return BW_E(INVALID);
    *out = v;
    return BW_OK;
}

/* The value word of rule typed as word into *out (VALUE_BOOK: the rule book's); a bw_err when
 * it is none of the rule's values. */
static int parse_value(int rule, const char *word, int *out)
{
    char msg[160];
    const struct words_name *names = switch_words;
    /* Whole, so that it is no prefix's candidate ("d" is deck). */
    if (strcasecmp(word, "default") == 0) {
        *out = VALUE_BOOK;
        return BW_OK;
    }
    switch (rule) {
    case SESSION_RULE_POINTS:
        return number_value(word, SESSION_POINTS_MIN, SESSION_POINTS_MAX, out);
    case SESSION_RULE_DISCARD:
        return number_value(word, SESSION_DISCARD_MIN, SESSION_DISCARD_MAX, out);
    case SESSION_RULE_NO_SEVENS:
        return number_value(word, 0, SESSION_NO_SEVENS_MAX, out);
    case SESSION_RULE_DICE:
        names = dice_words;
        break;
    case SESSION_RULE_TIMER:
        names = timer_words;
        break;
    default:
        break;
    }
    int v = words_lookup(word, names, "", msg, sizeof msg);
    if (v < VALUE_BOOK)
        return v;
    *out = v;
    return BW_OK;
}

/* Reply with the rules of c->s: the fixed line. */
static int show_rules(struct cmd_call *c)
{
    char line[RENDER_LINE_MAX];
    cmd_rules_line(c, line, sizeof line);
    cmd_replyf(c, "%s", line);
    return BW_OK;
}

/* "!rules NAME": the rule's value here and how to set it. */
static int show_one(struct cmd_call *c, int rule)
{
    char now[16], book[16], values[32];
    cmd_replyf(c, tr(c->lang, MSG_RULES_ONE), session_rule_name(rule),
               session_rule_word(rule, session_rule_value(c->s, rule), now, sizeof now),
               session_rule_word(rule, session_rule_book(c->s, rule), book, sizeof book), c->prefix,
               session_rule_name(rule), session_rule_values(rule, values, sizeof values));
    return BW_OK;
}

/* The rule argv[0] names (a unique prefix will do), or a bw_err after replying why. */
static int rule_arg(struct cmd_call *c)
{
    struct words_name names[SESSION_RULE_COUNT + 1];
    for (int r = 0; r < SESSION_RULE_COUNT; r++)
        names[r] = (struct words_name){session_rule_name(r), r};
    names[SESSION_RULE_COUNT] = (struct words_name){NULL, 0};
    char msg[200];
    int rule = words_lookup(c->argv[0], names, "", msg, sizeof msg);
    if (rule == BW_E(AMBIGUOUS)) {
        cmd_replyf(c, "%s", msg);
    } else if (rule < 0) {
        char shown[SHOWN_MAX + 1], list[200];
        utf8_sanitize_into(shown, sizeof shown, c->argv[0], strlen(c->argv[0]));
        rule_names(list, sizeof list);
        cmd_replyf(c, tr(c->lang, MSG_RULES_UNKNOWN), shown, list);
    }
    return rule;
}

/* Set rule from argv[1] in the lobby, announcing it; refusals say why. */
static int set_rule(struct cmd_call *c, int rule)
{
    char values[32], msg[200], word[16], book[16];
    int value;
    if (parse_value(rule, c->argv[1], &value) != BW_OK) {
        char shown[SHOWN_MAX + 1];
        utf8_sanitize_into(shown, sizeof shown, c->argv[1], strlen(c->argv[1]));
        cmd_replyf(c, tr(c->lang, MSG_RULES_VALUE), session_rule_name(rule),
                   session_rule_values(rule, values, sizeof values), shown);
        return BW_E(INVALID);
    }
    if (value == VALUE_BOOK)
        value = session_rule_book(c->s, rule);
    const char *w = session_rule_word(rule, value, word, sizeof word);
    const char *bw = session_rule_word(rule, session_rule_book(c->s, rule), book, sizeof book);
    if (!session_rule_fits(c->s, rule, value, msg, sizeof msg)) {
        cmd_replyf(c, tr(c->lang, MSG_RULES_DOES_NOT_FIT), msg, c->prefix);
        return BW_E(INVALID);
    }
    if (session_rule_value(c->s, rule) == value) {
        cmd_replyf(c, tr(c->lang, MSG_RULES_SAME), c->s->channel, session_rule_name(rule), w);
        return BW_OK;
    }
    session_rule_set(c->s, rule, value);
    c->host->changed(c->host->ctx, c->s);
    if (value == session_rule_book(c->s, rule))
        cmd_announcef(c, tr(c->lang, MSG_RULES_SET_BOOK), c->nick, session_rule_name(rule), w);
    else
        cmd_announcef(c, tr(c->lang, MSG_RULES_SET), c->nick, session_rule_name(rule), w, bw);
    return BW_OK;
}

static int exec_rules(struct cmd_call *c)
{
    if (!c->s) {
        if (c->channel)
            cmd_replyf(c, tr(c->lang, MSG_RULES_NO_GAME), c->channel, c->prefix, c->prefix);
        else
            cmd_replyf(c, tr(c->lang, MSG_RULES_NO_GAME_HERE), c->prefix, c->prefix);
        return BW_E(NOT_FOUND);
    }
    if (c->argc == 0)
        return show_rules(c);
    int rule = rule_arg(c);
    if (rule < 0)
        return rule;
    if (c->argc == 1)
        return show_one(c, rule);
    if (c->s->state != SESSION_LOBBY) {
        char list[RENDER_LINE_MAX];
        session_rules_line(c->s, list, sizeof list);
        cmd_replyf(c, tr(c->lang, MSG_RULES_IN_GAME), list);
        return BW_E(WRONG_PHASE);
    }
    if (c->seat < 0)
        return cmd_not_seated(c);
    return set_rule(c, rule);
}

const struct cmd_entry cmd_rules = {
    "rules",
    {NULL},
    "[NAME [VALUE]]",
    "the table's house rules in one line; a seated player sets one in the lobby",
    0,
    2,
    CMD_ANYONE,
    CMD_ANYWHERE,
    0,
    exec_rules,
};
