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

const char *i18n_isolate(const char *fmt, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = fmt; *p;) {
        size_t len = 1;
        int conv = 0;
        if (p[0] == '%' && p[1] == '%') {
            len = 2;
        } else if (p[0] == '%') {
            len = 1 + strspn(p + 1, "0123456789$-+ #.hlzjt");
            if (p[len])
                len++; /* the conversion's letter */
            /* A command right after the prefix ("%snew" is !new) is isolated with it. */
            len +=
                strspn(p + len, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
            conv = 1;
        }
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
    char iso[2048];
    const char *fmt = tr(lang, msg);
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
