/* The catalogue: English from the .def files, the other languages from their lists, gathered
 * into one table the first time a message is asked for. */
#include "i18n/i18n.h"

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
