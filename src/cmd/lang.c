/* !lang: the language of a channel's lines (README, "Languages"). */
#include <stdio.h>
#include <string.h>

#include "cmd/internal.h"
#include "i18n/i18n.h"

/* "en English, uk українська, ..." */
static void language_list(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int l = 0; l < LANG_COUNT && n < size; l++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s %s", l ? ", " : "", i18n_code(l),
                              i18n_name(l));
}

static int exec_lang(struct cmd_call *c)
{
    char list[160];
    language_list(list, sizeof list);
    if (!c->channel) {
        cmd_replyf(c, tr(c->lang, MSG_LANG_NO_CHANNEL), list);
        return BW_E(INVALID);
    }
    if (c->argc == 0) {
        cmd_replyf(c, tr(c->lang, MSG_LANG_NOW), c->channel, i18n_name(c->lang), i18n_code(c->lang),
                   c->prefix, list);
        return BW_OK;
    }
    if (!c->is_admin && !c->is_op) {
        cmd_replyf(c, tr(c->lang, MSG_LANG_WHO), c->channel);
        return BW_E(DENIED);
    }
    int lang = i18n_find(c->argv[0]);
    if (lang < 0) {
        cmd_replyf(c, tr(c->lang, MSG_LANG_UNKNOWN), c->argv[0], list);
        return BW_E(INVALID);
    }
    int err = c->host->set_language ? c->host->set_language(c->host->ctx, c->channel, lang)
                                    : BW_E(INVALID);
    if (err)
        return err;
    char line[256];
    snprintf(line, sizeof line, tr(lang, MSG_LANG_SET), c->nick, c->channel, i18n_name(lang),
             i18n_code(lang));
    c->host->say(c->host->ctx, c->channel, line);
    if (c->in_private)
        cmd_replyf(c, "%s", line);
    return BW_OK;
}

const struct cmd_entry cmd_lang = {
    "lang",
    {"language", NULL},
    "[CODE]",
    "show the channel's language, or set it (admins and channel operators): en, uk, sr, ar",
    0,
    1,
    CMD_ANYONE,
    CMD_ANYWHERE,
    CMD_F_PAUSED,
    exec_lang,
};
