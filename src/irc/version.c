/* Which libircclient the program runs with, for `brickwood -V`. */
#include <libircclient.h>
#include <stdio.h>

#include "irc/conn.h"

const char *ircb_libircclient_version(char *buf, size_t size)
{
    unsigned high = 0, low = 0;
    irc_get_version(&high, &low);
    snprintf(buf, size, "%u.%u", high, low);
    return buf;
}
