/* The language of each channel: bot.language, the channel's configured one, and the one set by
 * !lang (or kept by the store), the last first. */
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "i18n/i18n.h"
#include "util/utf8.h"
#include "util/xmalloc.h"

/* channel's entry in the language table, added when ADD (else NULL when it has none). */
static struct bot_lang *lang_entry(struct bot *b, const char *channel, bool add)
{
    for (int i = 0; i < b->n_langs; i++)
        if (strcasecmp(b->langs[i].channel, channel) == 0)
            return &b->langs[i];
    if (!add)
        return NULL;
    if (b->n_langs == b->cap_langs) {
        b->cap_langs = b->cap_langs ? 2 * b->cap_langs : 8;
        b->langs = xrealloc(b->langs, (size_t)b->cap_langs * sizeof *b->langs);
    }
    struct bot_lang *l = &b->langs[b->n_langs++];
    utf8_sanitize_into(l->channel, sizeof l->channel, channel, strlen(channel));
    l->configured = l->set = -1;
    return l;
}

/* The configured languages: bot.language, and those the network's channels name. */
void bot_set_languages(struct bot *b, const struct config_network *net,
                       const struct config_bot *botcfg)
{
    b->language = botcfg->language > 0 && botcfg->language < LANG_COUNT ? botcfg->language : 0;
    for (int i = 0; i < b->n_langs; i++)
        b->langs[i].configured = -1;
    for (size_t i = 0; net->channel_langs && i < net->channel_count; i++)
        if (net->channel_langs[i] >= 0 && net->channel_langs[i] < LANG_COUNT)
            lang_entry(b, net->channels[i], true)->configured = (int8_t)net->channel_langs[i];
}

int bot_set_language(struct bot *b, const char *channel, const char *code)
{
    int lang = i18n_find(code);
    if (!b || !channel || lang < 0 || strlen(channel) > SESSION_CHAN_MAX)
        return BW_E(INVALID);
    lang_entry(b, channel, true)->set = (int8_t)lang;
    return BW_OK;
}

int bot_language(const struct bot *b, const char *channel)
{
    for (int i = 0; channel && i < b->n_langs; i++)
        if (strcasecmp(b->langs[i].channel, channel) == 0)
            return b->langs[i].set >= 0          ? b->langs[i].set
                   : b->langs[i].configured >= 0 ? b->langs[i].configured
                                                 : b->language;
    return b->language;
}
