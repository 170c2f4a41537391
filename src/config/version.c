/* Which libconfig the program was built with, for `brickwood -V`. */
#include <libconfig.h>

#include "config/config.h"

#define STR2(x) #x
#define STR(x) STR2(x)

const char *config_libconfig_version(void)
{
    return STR(LIBCONFIG_VER_MAJOR) "." STR(LIBCONFIG_VER_MINOR) "." STR(LIBCONFIG_VER_REVISION);
}
