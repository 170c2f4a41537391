/* The bot messages in Ukrainian (see i18n.h; the English is in bot.def). */
#include "i18n/i18n.h"

const struct i18n_entry i18n_uk_bot[] = {
    {MSG_COUNT, NULL},
};
