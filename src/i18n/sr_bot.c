/* The bot messages in Serbian (Latin script) (see i18n.h; the English is in bot.def). */
#include "i18n/i18n.h"

const struct i18n_entry i18n_sr_bot[] = {
    {MSG_COUNT, NULL},
};
