/* Which SQLite the program runs with, for `brickwood -V`. */
#include <sqlite3.h>

#include "store/store.h"

const char *store_sqlite_version(void)
{
    return sqlite3_libversion();
}
