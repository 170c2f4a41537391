/* The catalogue: English from the .def files, the other languages from their lists, gathered
 * into one table the first time a message is asked for. */
#include "i18n/i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

static const char *const english[MSG_COUNT + 1] = {
#define MSG(id, text) [id] = text,
#include "i18n/bot.def"
#include "i18n/cmd.def"
#include "i18n/render.def"
#include "i18n/session.def"
#undef MSG
};

#define LISTS(lang)                                                                                \
    extern const struct i18n_entry i18n_##lang##_render[], i18n_##lang##_cmd[],                    \
        i18n_##lang##_bot[], i18n_##lang##_session[];                                              \
    static const struct i18n_entry *const lists_##lang[] = {                                       \
        i18n_##lang##_render, i18n_##lang##_cmd, i18n_##lang##_bot, i18n_##lang##_session, NULL};
LISTS(uk)
LISTS(sr)
LISTS(ar)

static const struct {
    const char *code, *name;
    const struct i18n_entry *const *lists;
} langs[LANG_COUNT] = {
    {"en", "English", NULL},
    {"uk", "українська", lists_uk},
    {"sr", "srpski", lists_sr},
    {"ar", "العربية", lists_ar},
};

static const char *table[LANG_COUNT][MSG_COUNT + 1];
static once_flag table_once = ONCE_FLAG_INIT;

static void build_table(void)
{
    for (int l = 0; l < LANG_COUNT; l++) {
        for (int m = 0; m < MSG_COUNT; m++)
            table[l][m] = english[m];
        for (int k = 0; langs[l].lists && langs[l].lists[k]; k++)
            for (const struct i18n_entry *e = langs[l].lists[k]; e->text; e++)
                if (e->id < MSG_COUNT)
                    table[l][e->id] = e->text;
    }
}

static _Thread_local int in_use;

int i18n_use(int lang)
{
    int before = in_use;
    in_use = lang > LANG_EN && lang < LANG_COUNT ? lang : LANG_EN;
    return before;
}

int i18n_in_use(void)
{
    return in_use;
}

const char *tr(int lang, int msg)
{
    if (msg < 0 || msg >= MSG_COUNT)
        return "";
    call_once(&table_once, build_table);
    return table[lang >= 0 && lang < LANG_COUNT ? lang : LANG_EN][msg];
}

const char *i18n_strerror(int lang, int err)
{
    /* session.def lists a message per error in the order of BW_ERRORS: consecutive ids. */
    return err <= 0 && -err < BW_E_COUNT_INDEX ? tr(lang, MSG_ERR_OK - err) : "unknown error";
}

const char *i18n_english(int msg)
{
    return msg >= 0 && msg < MSG_COUNT ? english[msg] : NULL;
}

const char *i18n_code(int lang)
{
    return lang >= 0 && lang < LANG_COUNT ? langs[lang].code : NULL;
}

const char *i18n_comma(int lang)
{
    return lang == LANG_AR ? "\xd8\x8c " : ", ";
}

const char *i18n_name(int lang)
{
    return lang >= 0 && lang < LANG_COUNT ? langs[lang].name : NULL;
}

int i18n_find(const char *code)
{
    if (!code)
        return -1;
    size_t n = strcspn(code, "-_");
    for (int l = 0; l < LANG_COUNT; l++)
        if (n == strlen(langs[l].code) && strncasecmp(code, langs[l].code, n) == 0)
            return l;
    return -1;
}

bool i18n_rtl(int lang)
{
    return lang == LANG_AR;
}

const struct i18n_entry *const *i18n_lists(int lang)
{
    return lang > LANG_EN && lang < LANG_COUNT ? langs[lang].lists : NULL;
}

#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"
#define FORM_SEP "\xc2\xa6"

int i18n_plural(int lang, long n)
{
    unsigned long a = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
    unsigned long m10 = a % 10, m100 = a % 100;
    switch (lang) {
    case LANG_UK:
    case LANG_SR:
        if (m10 == 1 && m100 != 11)
            return 0;
        return m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? 1 : 2;
    case LANG_AR:
        if (a <= 2)
            return (int)a;
        return m100 >= 3 && m100 <= 10 ? 3 : m100 >= 11 ? 4 : 5;
    default:
        return a == 1 ? 0 : 1;
    }
}

int i18n_nplurals(int lang)
{
    return lang == LANG_UK || lang == LANG_SR ? 3 : lang == LANG_AR ? 6 : 2;
}

bool i18n_is_plural(int msg)
{
    return msg >= 0 && msg < MSG_COUNT && strstr(english[msg], FORM_SEP) != NULL;
}

int i18n_forms(const char *text)
{
    int n = 1;
    for (const char *p = text; (p = strstr(p, FORM_SEP)); p += sizeof FORM_SEP - 1)
        n++;
    return n;
}

const char *i18n_form(int lang, int msg, long n, char *buf, size_t size)
{
    const char *text = tr(lang, msg);
    int forms = i18n_forms(text);
    if (forms == 1 || !size)
        return text;
    /* A text with the forms of another language (English, where a translation is missing). */
    int k = forms == i18n_nplurals(lang) ? i18n_plural(lang, n)
            : forms == 2                 ? i18n_plural(LANG_EN, n)
                                         : forms - 1;
    const char *p = text;
    for (; k > 0; k--)
        p = strstr(p, FORM_SEP) + sizeof FORM_SEP - 1;
    const char *end = strstr(p, FORM_SEP);
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len >= size)
        len = size - 1;
    memcpy(buf, p, len);
    buf[len] = '\0';
    return buf;
}

/* The value of the last integer conversion of fmt's first form (a catalogue's English text:
 * plain conversions, no numbered ones), read from ap; 0 when it has none. */
static long last_number(const char *fmt, va_list ap)
{
    long n = 0;
    const char *end = strstr(fmt, FORM_SEP);
    for (const char *p = fmt; (p = strchr(p, '%')) && (!end || p < end);) {
        p++;
        if (*p == '%') {
            p++;
            continue;
        }
        int longs = 0;
        while (*p && strchr("0123456789-+ #.hlzj", *p))
            longs += *p++ == 'l';
        if (*p == 's' || *p == 'p')
            (void)va_arg(ap, const void *);
        else if (*p == 'u' || *p == 'x' || *p == 'X')
            n = longs ? (long)va_arg(ap, unsigned long) : (long)va_arg(ap, unsigned);
        else if (*p)
            n = longs ? va_arg(ap, long) : va_arg(ap, int);
        if (*p)
            p++;
    }
    return n;
}

const char *i18n_vpick(int lang, int msg, va_list ap, char *buf, size_t size)
{
    if (!i18n_is_plural(msg))
        return tr(lang, msg);
    va_list aq;
    va_copy(aq, ap);
    long n = last_number(english[msg], aq);
    va_end(aq);
    return i18n_form(lang, msg, n, buf, size);
}

/* The length of the conversion at p ("%s", "%02d", "%2$s"). */
static size_t conv_len(const char *p)
{
    size_t len = 1 + strspn(p + 1, "0123456789$-+ #.hlzjt");
    return p[len] ? len + 1 : len;
}

static bool ascii_alnum(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The length of the unit that starts with the conversion at p: the conversion, the conversions
 * and ASCII letters and digits joined to it ("%s%s" an address, "%d-N" a road, "%d:%02d" a
 * time), with "-./:_" inside but not at its end. A command (the prefix "%s" right before a
 * letter) goes on over its arguments and blanks ("%srobber HEX [NICK]") up to a character
 * that is not ASCII or one of "),;", trailing blanks and stops left out. */
static size_t unit_len(const char *p)
{
    size_t q = conv_len(p), end = q;
    bool command = p[q - 1] == 's' && p[q] >= 'a' && p[q] <= 'z';
    for (;;) {
        unsigned char c = (unsigned char)p[q];
        if (c == '%' && p[q + 1]) {
            q += p[q + 1] == '%' ? 2 : conv_len(p + q);
            end = q;
        } else if (ascii_alnum(c)) {
            end = ++q;
        } else if (c && (strchr("-./:_", c) ||
                         (command && c >= 0x20 && c < 0x7f && !strchr("),;", c)))) {
            q++;
            if (!strchr(" -./:_", c))
                end = q;
        } else {
            return end;
        }
    }
}

const char *i18n_isolate(const char *fmt, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = fmt; *p;) {
        bool conv = p[0] == '%' && p[1] != '%' && p[1];
        size_t len = conv ? unit_len(p) : p[0] == '%' && p[1] == '%' ? 2 : 1;
        if (n + len + 2 * (sizeof FSI - 1) + 1 > size)
            return fmt; /* cannot happen with the catalogue's formats */
        if (conv) {
            memcpy(out + n, FSI, sizeof FSI - 1);
            n += sizeof FSI - 1;
        }
        memcpy(out + n, p, len);
        n += len;
        if (conv) {
            memcpy(out + n, PDI, sizeof PDI - 1);
            n += sizeof PDI - 1;
        }
        p += len;
    }
    out[n] = '\0';
    return out;
}

size_t i18n_vformat(int lang, char *buf, size_t size, int msg, va_list ap)
{
    if (!size)
        return 0;
    char iso[2048], form[1024];
    const char *fmt = i18n_vpick(lang, msg, ap, form, sizeof form);
    if (i18n_rtl(lang))
        fmt = i18n_isolate(fmt, iso, sizeof iso);
    int n = vsnprintf(buf, size, fmt, ap);
    if (n < 0) {
        buf[0] = '\0';
        return 0;
    }
    if ((size_t)n >= size) { /* cut: drop a character left incomplete at the end */
        size_t end = size - 1, j = end;
        while (j > 0 && ((unsigned char)buf[j - 1] & 0xc0) == 0x80)
            j--;
        if (j > 0) {
            unsigned char lead = (unsigned char)buf[j - 1];
            size_t len = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
            if (j - 1 + len > end)
                buf[j - 1] = '\0';
        }
    }
    return strlen(buf);
}

size_t i18n_format(int lang, char *buf, size_t size, int msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    size_t n = i18n_vformat(lang, buf, size, msg, ap);
    va_end(ap);
    return n;
}
