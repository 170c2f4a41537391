#include "cmd/words.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "util/phrase.h"
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

/* Cities & Knights: the commodities, taken only where a game plays with them (elsewhere "c" stays
 * clay, and "cloth" is Cloth for Catan's, no card). */
static const struct words_name commodity_names[] = {
    {"paper", GOOD_PAPER + COM_PAPER},
    {"cloth", GOOD_PAPER + COM_CLOTH},
    {"coin", GOOD_PAPER + COM_COIN},
    {NULL, 0},
};
#define COMMODITY_ALIASES_MAX 12
static const struct words_name commodity_aliases[LANG_COUNT][COMMODITY_ALIASES_MAX] = {
    [LANG_UK] = {{"папір", GOOD_PAPER + COM_PAPER},
                 {"паперу", GOOD_PAPER + COM_PAPER},
                 {"сукно", GOOD_PAPER + COM_CLOTH},
                 {"сукна", GOOD_PAPER + COM_CLOTH},
                 {"тканина", GOOD_PAPER + COM_CLOTH},
                 {"тканину", GOOD_PAPER + COM_CLOTH},
                 {"тканини", GOOD_PAPER + COM_CLOTH},
                 {"монети", GOOD_PAPER + COM_COIN},
                 {"монета", GOOD_PAPER + COM_COIN},
                 {"монету", GOOD_PAPER + COM_COIN},
                 {"монет", GOOD_PAPER + COM_COIN},
                 {NULL, 0}},
    [LANG_SR] = {{"papir", GOOD_PAPER + COM_PAPER},
                 {"papira", GOOD_PAPER + COM_PAPER},
                 {"tkanina", GOOD_PAPER + COM_CLOTH},
                 {"tkaninu", GOOD_PAPER + COM_CLOTH},
                 {"tkanine", GOOD_PAPER + COM_CLOTH},
                 {"novčić", GOOD_PAPER + COM_COIN},
                 {"novčića", GOOD_PAPER + COM_COIN},
                 {"novčiće", GOOD_PAPER + COM_COIN},
                 {"novac", GOOD_PAPER + COM_COIN},
                 {"novca", GOOD_PAPER + COM_COIN},
                 {NULL, 0}},
    [LANG_AR] = {{"ورق", GOOD_PAPER + COM_PAPER},
                 {"قماش", GOOD_PAPER + COM_CLOTH},
                 {"عملة", GOOD_PAPER + COM_COIN},
                 {"عملات", GOOD_PAPER + COM_COIN},
                 {NULL, 0}},
};

/* Each language's names for the resources, taken besides the English ones in a channel that
 * speaks it (README, "Languages"): Catan's cards and terrains in that language, in lower case
 * (the words typed are folded to it, Cyrillic and Serbian Latin letters included), and the
 * forms the bot's own lines give them after a count ("2 дерева", "1 руду"), so that what it
 * says may be typed back. */
#define ALIASES_MAX 40
static const struct words_name resource_aliases[LANG_COUNT][ALIASES_MAX] = {
    [LANG_UK] = {{"дерево", RES_WOOD},   {"дерева", RES_WOOD},  {"деревина", RES_WOOD},
                 {"ліс", RES_WOOD},      {"глина", RES_BRICK},  {"глину", RES_BRICK},
                 {"глини", RES_BRICK},   {"цегла", RES_BRICK},  {"вовна", RES_WOOL},
                 {"вовну", RES_WOOL},    {"вовни", RES_WOOL},   {"шерсть", RES_WOOL},
                 {"вівці", RES_WOOL},    {"збіжжя", RES_GRAIN}, {"зерно", RES_GRAIN},
                 {"пшениця", RES_GRAIN}, {"руда", RES_ORE},     {"руду", RES_ORE},
                 {"руди", RES_ORE},      {"камінь", RES_ORE},   {NULL, 0}},
    [LANG_SR] = {{"drvo", RES_WOOD},     {"drveta", RES_WOOD}, {"drva", RES_WOOD},
                 {"cigla", RES_BRICK},   {"ciglu", RES_BRICK}, {"cigle", RES_BRICK},
                 {"cigala", RES_BRICK},  {"glina", RES_BRICK}, {"vuna", RES_WOOL},
                 {"vunu", RES_WOOL},     {"vune", RES_WOOL},   {"ovca", RES_WOOL},
                 {"ovce", RES_WOOL},     {"žito", RES_GRAIN},  {"žita", RES_GRAIN},
                 {"zito", RES_GRAIN},    {"zita", RES_GRAIN},  {"pšenica", RES_GRAIN},
                 {"psenica", RES_GRAIN}, {"ruda", RES_ORE},    {"rudu", RES_ORE},
                 {"rude", RES_ORE},      {"kamen", RES_ORE},   {NULL, 0}},
    [LANG_AR] = {{"خشب", RES_WOOD},
                 {"حطب", RES_WOOD},
                 {"طوب", RES_BRICK},
                 {"طين", RES_BRICK},
                 {"صوف", RES_WOOL},
                 {"قمح", RES_GRAIN},
                 {"حبوب", RES_GRAIN},
                 {"خام", RES_ORE},
                 {"حجر", RES_ORE},
                 {NULL, 0}},
};

/* The most used commands in each language, as the English command they stand for. */
static const struct {
    const char *word, *command;
} command_aliases[LANG_COUNT][40] = {
    [LANG_UK] = {{"кинути", "roll"},      {"кидок", "roll"},
                 {"кінець", "end"},       {"завершити", "end"},
                 {"дорога", "road"},      {"поселення", "settle"},
                 {"селище", "settle"},    {"місто", "city"},
                 {"будувати", "build"},   {"купити", "buy"},
                 {"зіграти", "play"},     {"грати", "play"},
                 {"торгівля", "trade"},   {"торг", "trade"},
                 {"банк", "bank"},        {"рука", "hand"},
                 {"дошка", "board"},      {"поле", "board"},
                 {"стан", "status"},      {"статус", "status"},
                 {"приєднатися", "join"}, {"нова", "new"},
                 {"почати", "start"},     {"допомога", "help"},
                 {"скинути", "discard"},  {"розбійник", "robber"},
                 {"місця", "spots"},      {NULL, NULL}},
    [LANG_SR] = {{"baci", "roll"},        {"bacaj", "roll"},    {"kraj", "end"},
                 {"gotovo", "end"},       {"put", "road"},      {"naselje", "settle"},
                 {"grad", "city"},        {"gradi", "build"},   {"kupi", "buy"},
                 {"igraj", "play"},       {"trguj", "trade"},   {"trgovina", "trade"},
                 {"banka", "bank"},       {"ruka", "hand"},     {"tabla", "board"},
                 {"stanje", "status"},    {"pridruži", "join"}, {"pridruzi", "join"},
                 {"nova", "new"},         {"počni", "start"},   {"pocni", "start"},
                 {"pomoć", "help"},       {"pomoc", "help"},    {"odbaci", "discard"},
                 {"razbojnik", "robber"}, {"mesta", "spots"},   {NULL, NULL}},
    [LANG_AR] = {{"ارم", "roll"},     {"رمي", "roll"},      {"انهاء", "end"},
                 {"إنهاء", "end"},    {"طريق", "road"},     {"مستوطنة", "settle"},
                 {"مدينة", "city"},   {"ابن", "build"},     {"بناء", "build"},
                 {"شراء", "buy"},     {"العب", "play"},     {"تجارة", "trade"},
                 {"بنك", "bank"},     {"يد", "hand"},       {"لوحة", "board"},
                 {"اللوحة", "board"}, {"الحالة", "status"}, {"انضم", "join"},
                 {"جديد", "new"},     {"ابدأ", "start"},    {"مساعدة", "help"},
                 {"تخلص", "discard"}, {"اللص", "robber"},   {NULL, NULL}},
};

/* The language of the words being read: the one replies are made in on this thread. */
#define words_language i18n_in_use()

void words_set_language(int lang)
{
    i18n_use(lang);
}

static const struct words_name dev_card_names[] = {
    {"knight", DEV_KNIGHT},      {"roads", DEV_ROADS},          {"plenty", DEV_PLENTY},
    {"monopoly", DEV_MONOPOLY},  {"victory", DEV_VICTORY},      {"road", DEV_ROADS},
    {"roadbuilding", DEV_ROADS}, {"yop", DEV_PLENTY},           {"yearofplenty", DEV_PLENTY},
    {"vp", DEV_VICTORY},         {"victorypoint", DEV_VICTORY}, {NULL, 0},
};

/* Fails with message MSG of the language commands are read in, filled in with its arguments
 * (isolated in a right-to-left language). */
static int failm(int err, char *msg, size_t msglen, int id, ...)
{
    if (msg && msglen) {
        va_list ap;
        va_start(ap, id);
        i18n_vformat(words_language, msg, msglen, id, ap);
        va_end(ap);
    }
    return err;
}

/* The noun WHAT names in a reply ("resource", "command"...) in the language commands are read
 * in. */
static const char *what_in(const char *what)
{
    static const struct {
        const char *en;
        int msg;
    } nouns[] = {{"command", MSG_W_WHAT_COMMAND},      {"resource", MSG_W_WHAT_RESOURCE},
                 {"development card", MSG_W_WHAT_DEV}, {"map", MSG_W_WHAT_MAP},
                 {"variant", MSG_W_WHAT_VARIANT},      {"level", MSG_W_WHAT_LEVEL},
                 {"kind of piece", MSG_W_WHAT_PIECE},  {"trade command", MSG_W_WHAT_TRADE},
                 {"expansion", MSG_W_WHAT_EXPANSION},  {"progress card", MSG_W_WHAT_PROGRESS},
                 {"improvement", MSG_W_WHAT_TRACK},    {"deck", MSG_W_WHAT_DECK},
                 {"knight command", MSG_W_WHAT_KNIGHT}};
    for (size_t i = 0; i < sizeof nouns / sizeof nouns[0]; i++)
        if (strcmp(nouns[i].en, what) == 0)
            return tr(words_language, nouns[i].msg);
    return what;
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

/* The lower case of the letters the languages' names use beyond ASCII: Cyrillic (Ukrainian
 * included) and the Serbian Latin letters with diacritics; others are kept. */
static uint32_t lower_cp(uint32_t cp)
{
    if (cp >= 0x410 && cp <= 0x42f)
        return cp + 0x20;
    if (cp >= 0x400 && cp <= 0x40f)
        return cp + 0x50;
    if (cp == 0x490)
        return 0x491;
    if (cp == 0x106 || cp == 0x10c || cp == 0x110 || cp == 0x160 || cp == 0x17d)
        return cp + 1;
    return cp < 0x80 ? (uint32_t)lower((char)cp) : cp;
}

/* The bytes of the letter at s (n bytes left): 1 for an ASCII letter, the length of a
 * Cyrillic, Arabic or Serbian Latin letter, 0 for anything else. */
static size_t letter_len(const char *s, size_t n)
{
    if (n && is_alpha(s[0]))
        return 1;
    uint32_t cp;
    size_t u = n && (unsigned char)s[0] >= 0x80 ? utf8_decode(s, n, &cp) : 0;
    if (!u)
        return 0;
    uint32_t l = lower_cp(cp);
    bool serbian = l == 0x107 || l == 0x10d || l == 0x111 || l == 0x161 || l == 0x17e;
    return (cp >= 0x400 && cp <= 0x4ff) || (cp >= 0x621 && cp <= 0x64a) || serbian ? u : 0;
}

/* WORD's N bytes in lower case into buf (size bytes, at least n + 1: lower case never takes
 * more bytes here); returns the length. */
static size_t fold(const char *word, size_t n, char *buf, size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < size;) {
        uint32_t cp;
        size_t u = utf8_decode(word + i, n - i, &cp);
        if (!u) {
            buf[o++] = word[i++];
            continue;
        }
        char enc[4];
        size_t e = utf8_encode(lower_cp(cp), enc);
        memcpy(buf + o, enc, e);
        o += e;
        i += u;
    }
    buf[o] = '\0';
    return o;
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

/* The ambiguity of what was typed (SHOWN, SHOWN_N bytes) among the N candidates' names. */
static int ambiguous(const char *shown, size_t shown_n, const char *const *cand_name, int n,
                     char *msg, size_t msglen)
{
    char list[256], q[QUOTE_SIZE];
    size_t o = 0;
    for (int c = 0; c < n && o < sizeof list; c++)
        o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", c ? ", " : "", cand_name[c]);
    return failm(BW_E(AMBIGUOUS), msg, msglen, MSG_W_AMBIGUOUS, quote(q, shown, shown_n), list);
}

/* NAMES looked up by WORD's N bytes; replies quote SHOWN (SHOWN_N bytes): what was typed, when
 * WORD is its folded form. */
static int lookup_as(const char *word, size_t n, const char *shown, size_t shown_n,
                     const struct words_name *names, const char *what, char *msg, size_t msglen)
{
    char q[QUOTE_SIZE];
    if (n == 0)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_EXPECTED, what_in(what));
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
        return failm(BW_E(PARSE), msg, msglen, MSG_W_NOT_A, quote(q, shown, shown_n),
                     what_in(what));

    return ambiguous(shown, shown_n, cand_name, n_cand, msg, msglen);
}

static int lookup_n(const char *word, size_t n, const struct words_name *names, const char *what,
                    char *msg, size_t msglen)
{
    return lookup_as(word, n, word, n, names, what, msg, msglen);
}

int words_lookup(const char *word, const struct words_name *names, const char *what, char *msg,
                 size_t msglen)
{
    return lookup_n(word, strlen(word), names, what, msg, msglen);
}

int words_phrase(int argc, char *const *argv, const struct words_name *names, const char *what,
                 char *msg, size_t msglen)
{
    enum { ROWS_MAX = 64 };
    const char *row_name[ROWS_MAX];
    int row_value[ROWS_MAX], rows = 0;
    for (const struct words_name *w = names; w->name && rows < ROWS_MAX; w++, rows++) {
        row_name[rows] = w->name;
        row_value[rows] = w->value;
    }
    char text[128], q[QUOTE_SIZE];
    size_t n = 0;
    text[0] = '\0';
    for (int a = 0; a < argc && n < sizeof text; a++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", a ? " " : "", argv[a]);
    n = strlen(text);
    struct phrase_found found;
    if (phrase_find(text, row_name, row_value, rows, &found) == 1)
        return found.values[0];
    if (found.n == 0)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_NOT_A, quote(q, text, n), what_in(what));
    const char *cand_name[PHRASE_FOUND_MAX];
    for (int c = 0; c < found.n; c++) {
        int r = 0;
        while (row_value[r] != found.values[c])
            r++;
        cand_name[c] = row_name[r];
    }
    return ambiguous(text, n, cand_name, found.n, msg, msglen);
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

/* A resource (goods: or a commodity, as GOOD_PAPER + c) in the n bytes at word. */
static int good_n(const char *word, size_t n, bool goods, char *msg, size_t msglen)
{
    /* "2 bricks": a plural of a whole name, tried before prefixes so that "ores" is ore. */
    if (n > 1 && lower(word[n - 1]) == 's') {
        for (const struct words_name *w = resource_names; w->name; w++)
            if (matches(word, n - 1, w->name, true))
                return w->value;
        for (const struct words_name *w = commodity_names; goods && w->name; w++)
            if (matches(word, n - 1, w->name, true))
                return w->value;
    }
    /* The English names, then the channel's language's. */
    struct words_name names[sizeof resource_names / sizeof resource_names[0] + ALIASES_MAX +
                            sizeof commodity_names / sizeof commodity_names[0] +
                            COMMODITY_ALIASES_MAX];
    size_t k = 0;
    for (const struct words_name *w = resource_names; w->name; w++)
        names[k++] = *w;
    for (const struct words_name *w = commodity_names; goods && w->name; w++)
        names[k++] = *w;
    for (const struct words_name *w = resource_aliases[words_language]; w->name; w++)
        names[k++] = *w;
    for (const struct words_name *w = commodity_aliases[words_language]; goods && w->name; w++)
        names[k++] = *w;
    names[k] = (struct words_name){NULL, 0};
    char folded[3 * 64];
    if (n >= sizeof folded / 2)
        n = sizeof folded / 2 - 1;
    size_t f = fold(word, n, folded, sizeof folded);
    int r = lookup_as(folded, f, word, n, names, "resource", msg, msglen);
    if (r == BW_E(PARSE) && n > 0) {
        char q[QUOTE_SIZE];
        return failm(r, msg, msglen, goods ? MSG_W_NOT_GOOD : MSG_W_NOT_RESOURCE,
                     quote(q, word, n));
    }
    return r;
}

static int resource_n(const char *word, size_t n, char *msg, size_t msglen)
{
    return good_n(word, n, false, msg, msglen);
}

const char *words_command_alias(const char *word)
{
    char folded[3 * 64];
    size_t n = strlen(word);
    if (!words_language || n >= sizeof folded / 2)
        return NULL;
    size_t f = fold(word, n, folded, sizeof folded);
    const char *found = NULL;
    for (int i = 0; command_aliases[words_language][i].word; i++) {
        const char *a = command_aliases[words_language][i].word;
        if (strlen(a) == f && memcmp(a, folded, f) == 0)
            return command_aliases[words_language][i].command;
        if (strncmp(a, folded, f) == 0) {
            if (found && strcmp(found, command_aliases[words_language][i].command) != 0)
                found = ""; /* two commands: ambiguous */
            else if (!found)
                found = command_aliases[words_language][i].command;
        }
    }
    return found && found[0] ? found : NULL;
}

int words_resource(const char *word, char *msg, size_t msglen)
{
    return resource_n(word, strlen(word), msg, msglen);
}

int words_good(const char *word, char *msg, size_t msglen)
{
    return good_n(word, strlen(word), true, msg, msglen);
}

const char *words_good_name(int good)
{
    if (good >= GOOD_PAPER && good < GOOD_COUNT)
        return commodity_names[good - GOOD_PAPER].name;
    return words_resource_name(good);
}

const char *words_resource_name(int res)
{
    if (res < 0 || res >= RES_COUNT)
        return "?";
    return resource_names[res].name;
}

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
    return failm(BW_E(PARSE), msg, msglen, MSG_W_UNEXPECTED, q, quote(q2, word, strlen(word)),
                 tr(words_language, MSG_W_LIST_EXAMPLE));
}

/* A LIST of resources (goods: and commodities) into counts (RES_COUNT or GOOD_COUNT of them). */
static int list_of(int argc, char *const *argv, bool goods, uint8_t *counts, char *msg,
                   size_t msglen)
{
    unsigned acc[GOOD_COUNT] = {0};
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
                    return failm(BW_E(PARSE), msg, msglen, MSG_W_RES_AFTER_NOT, pending,
                                 quote(q, w + start, i - start));
                if (v == 0)
                    return failm(BW_E(INVALID), msg, msglen, MSG_W_COUNT_MIN);
                if (v > WORDS_LIST_MAX)
                    return failm(BW_E(LIMIT), msg, msglen, MSG_W_TOO_MANY_N,
                                 quote(q, w + start, i - start), WORDS_LIST_MAX);
                pending = v;
            } else if (letter_len(w + i, strlen(w + i))) {
                size_t u;
                while ((u = letter_len(w + i, strlen(w + i))))
                    i += u;
                /* A word with something odd glued on ("wöod", "wood!") is reported whole, not
                 * as the prefix before the odd part. */
                if (w[i] && !is_digit(w[i]) && !is_separator(w[i]))
                    return unexpected(w, i, msg, msglen);
                bool and_word = matches(w + start, i - start, "and", true);
                if (and_word && !pending)
                    continue;
                if (and_word)
                    return failm(BW_E(PARSE), msg, msglen, MSG_W_RES_AFTER, pending);
                int r = good_n(w + start, i - start, goods, msg, msglen);
                if (r < 0)
                    return r;
                unsigned n = pending ? pending : 1;
                pending = 0;
                acc[r] += n;
                total += n;
                if (total > WORDS_LIST_MAX)
                    return failm(BW_E(LIMIT), msg, msglen, MSG_W_TOO_MANY, WORDS_LIST_MAX);
            } else if (is_separator(c)) {
                if (pending)
                    return failm(BW_E(PARSE), msg, msglen, MSG_W_RES_AFTER, pending);
                i++;
            } else if (c == '-' && is_digit(w[i + 1])) {
                return failm(BW_E(INVALID), msg, msglen, MSG_W_NEGATIVE);
            } else {
                return unexpected(w, i, msg, msglen);
            }
        }
    }
    if (pending)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_RES_AFTER, pending);
    if (total == 0)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_EXPECTED_RES,
                     tr(words_language, MSG_W_LIST_EXAMPLE));
    for (int r = 0; r < (goods ? GOOD_COUNT : RES_COUNT); r++)
        counts[r] = (uint8_t)acc[r];
    return (int)total;
}

int words_list(int argc, char *const *argv, uint8_t counts[RES_COUNT], char *msg, size_t msglen)
{
    return list_of(argc, argv, false, counts, msg, msglen);
}

int words_goods(int argc, char *const *argv, uint8_t counts[GOOD_COUNT], char *msg, size_t msglen)
{
    return list_of(argc, argv, true, counts, msg, msglen);
}

int words_dev_card(const char *word, char *msg, size_t msglen)
{
    int r = lookup_n(word, strlen(word), dev_card_names, "development card", msg, msglen);
    if (r == BW_E(PARSE) && word[0]) {
        char q[QUOTE_SIZE];
        return failm(r, msg, msglen, MSG_W_NOT_DEV, quote(q, word, strlen(word)));
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
        return failm(BW_E(PARSE), msg, msglen, MSG_W_EXPECTED_DEV);
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
            return failm(BW_E(PARSE), msg, msglen, MSG_W_NOT_VERTEX, quote(q, s, n),
                         geo->n_vertices);
        if (v < 100000)
            v = v * 10 + (unsigned)(s[i] - '0');
    }
    if (n == 0)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_EXPECTED_VERTEX, geo->n_vertices);
    if (v < 1 || v > (unsigned)geo->n_vertices)
        return failm(BW_E(NO_SUCH_SPOT), msg, msglen, MSG_W_NO_VERTEX, quote(q, s, n),
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
        return failm(BW_E(PARSE), msg, msglen, MSG_W_NOT_ROAD, quote(q, word, n));

    const char *second = dash + dash_len;
    int v1 = vertex_n(geo, word, (size_t)(dash - word), msg, msglen);
    if (v1 < 0)
        return v1;
    int v2 = vertex_n(geo, second, strlen(second), msg, msglen);
    if (v2 < 0)
        return v2;
    if (v1 == v2)
        return failm(BW_E(NO_SUCH_SPOT), msg, msglen, MSG_W_ROAD_SAME, v1 + 1, v2 + 1);
    int e = board_edge_between(geo, v1, v2);
    if (e < 0)
        return failm(BW_E(NO_SUCH_SPOT), msg, msglen, MSG_W_NOT_NEIGHBOURS, v1 + 1, v2 + 1);
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
        return failm(BW_E(PARSE), msg, msglen, MSG_W_NOT_HEX, quote(q, word, n), first, last);
    int h = board_hex_parse(geo, word);
    if (h < 0)
        return failm(BW_E(NO_SUCH_SPOT), msg, msglen, MSG_W_NO_HEX, quote(q, word, n), first, last);
    return h;
}

static bool is_keyword(const char *word, const char *kw)
{
    return matches(word, strlen(word), kw, true);
}

int words_trade_split(int argc, char *const *argv, bool allow_to, struct words_trade *out,
                      char *msg, size_t msglen)
{
    const char *usage = tr(words_language, MSG_W_TRADE_EXAMPLE);
    int for_at = -1, to_at = -1;
    for (int a = 0; a < argc; a++) {
        if (is_keyword(argv[a], "for")) {
            if (for_at >= 0)
                return failm(BW_E(PARSE), msg, msglen, MSG_W_FOR_ONCE, usage);
            for_at = a;
        } else if (is_keyword(argv[a], "to")) {
            if (!allow_to)
                return failm(BW_E(PARSE), msg, msglen, MSG_W_NO_TO);
            if (to_at >= 0)
                return failm(BW_E(PARSE), msg, msglen, MSG_W_TO_ONCE);
            to_at = a;
            /* After "for ... to" only nicks follow, and a nick may be spelled "for" or "to". */
            if (for_at >= 0)
                break;
        }
    }
    if (for_at < 0)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_EXPECTED_FOR, usage);
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
        return failm(BW_E(PARSE), msg, msglen, MSG_W_NOTHING_GIVE, usage);
    if (t.get_argc == 0)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_NOTHING_GET, usage);
    if (to_at >= 0 && t.to_argc == 0)
        return failm(BW_E(PARSE), msg, msglen, MSG_W_TO_NICK);
    *out = t;
    return BW_OK;
}

/* words_trade of resources (goods: and commodities; GOOD_COUNT counts a side). */
static int trade_of(int argc, char *const *argv, bool allow_to, bool goods, uint8_t *give,
                    uint8_t *get, struct words_trade *out, char *msg, size_t msglen)
{
    struct words_trade t;
    uint8_t g[GOOD_COUNT], r[GOOD_COUNT];
    size_t n = goods ? GOOD_COUNT : RES_COUNT;
    int err = words_trade_split(argc, argv, allow_to, &t, msg, msglen);
    if (err < 0)
        return err;
    err = list_of(t.give_argc, t.give_argv, goods, g, msg, msglen);
    if (err < 0)
        return err;
    err = list_of(t.get_argc, t.get_argv, goods, r, msg, msglen);
    if (err < 0)
        return err;
    memcpy(give, g, n);
    memcpy(get, r, n);
    *out = t;
    return BW_OK;
}

int words_trade(int argc, char *const *argv, bool allow_to, uint8_t give[RES_COUNT],
                uint8_t get[RES_COUNT], struct words_trade *out, char *msg, size_t msglen)
{
    return trade_of(argc, argv, allow_to, false, give, get, out, msg, msglen);
}

int words_trade_goods(int argc, char *const *argv, bool allow_to, uint8_t give[GOOD_COUNT],
                      uint8_t get[GOOD_COUNT], struct words_trade *out, char *msg, size_t msglen)
{
    return trade_of(argc, argv, allow_to, true, give, get, out, msg, msglen);
}
