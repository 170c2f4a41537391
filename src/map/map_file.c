/* The one part of the map library that reads a file. */
#include "map/map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int map_load_file(const char *path, struct map *m, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* One byte more than allowed tells an overlong file from one that just fits. */
    char *text = malloc(MAP_MAX_TEXT + 1);
    size_t n = text ? fread(text, 1, MAP_MAX_TEXT + 1, f) : 0;
    int bad = !text || ferror(f);
    int saved = errno;
    fclose(f);
    int rc = -1;
    if (bad)
        snprintf(err, err_size, "%s: %s", path, text ? strerror(saved) : "out of memory");
    else
        rc = map_parse(text, n, path, m, err, err_size);
    free(text);
    return rc;
}
