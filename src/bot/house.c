/* The house rules a new lobby starts with: config game.rules, or its channel's own rules group
 * (config.h). A lobby copies them when it opens and keeps its own from then on (!rules). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "util/utf8.h"
#include "util/xmalloc.h"

static struct session_house house_of(const struct config_rules *r)
{
    return (struct session_house){
        .points = (uint8_t)r->points,
        .discard = (uint8_t)r->discard,
        .friendly_robber = (uint8_t)r->friendly_robber,
        .no_sevens = (uint8_t)r->no_sevens,
        .robber_no_desert = (uint8_t)r->robber_no_desert,
        .dice_deck = (uint8_t)r->dice_deck,
        .no_trade = (uint8_t)r->no_trade,
        .harbormaster = (uint8_t)r->harbormaster,
        .timer = (uint8_t)r->timer,
    };
}

void bot_set_house_rules(struct bot *b, const struct config_network *net,
                         const struct config_bot *botcfg)
{
    free(b->houses);
    b->houses = NULL;
    b->n_houses = 0;
    b->house = house_of(&botcfg->game_rules);
    if (!net->channel_rules || !net->channel_count)
        return;
    b->houses = xcalloc(net->channel_count, sizeof *b->houses);
    for (size_t i = 0; i < net->channel_count; i++) {
        struct bot_house *h = &b->houses[b->n_houses++];
        utf8_sanitize_into(h->channel, sizeof h->channel, net->channels[i],
                           strlen(net->channels[i]));
        h->house = house_of(&net->channel_rules[i]);
    }
}

struct session_house bot_house_rules(const struct bot *b, const char *channel)
{
    for (int i = 0; channel && i < b->n_houses; i++)
        if (strcasecmp(b->houses[i].channel, channel) == 0)
            return b->houses[i].house;
    return b->house;
}
