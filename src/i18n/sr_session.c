/* The session messages in Serbian (Latin script) (see i18n.h; the English is in session.def). */
#include "i18n/i18n.h"

const struct i18n_entry i18n_sr_session[] = {
    {MSG_COUNT, NULL},
};
