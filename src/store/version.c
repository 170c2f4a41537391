/* Which SQLite and libpq the program runs with, for `brickwood -V`. */
#include <stdio.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "store/store.h"

const char *store_sqlite_version(void)
{
    return sqlite3_libversion();
}

const char *store_libpq_version(void)
{
    static char text[16];
    int v = PQlibVersion(); /* 150018: 15.18 */
    snprintf(text, sizeof text, "%d.%d", v / 10000, v % 10000);
    return text;
}
