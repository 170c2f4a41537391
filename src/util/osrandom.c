#include "util/osrandom.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

static ssize_t system_source(void *buf, size_t n, unsigned flags)
{
    return getrandom(buf, n, flags);
}

static os_random_fn source = system_source;

void os_random_set_source(os_random_fn fn)
{
    source = fn ? fn : system_source;
}

int os_random(void *buf, size_t n, char *why, size_t whylen)
{
    unsigned char *p = buf;
    size_t got = 0;
    while (got < n) {
        errno = 0;
        ssize_t k = source(p + got, n - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0 || (size_t)k > n - got) {
            /* 0 bytes would repeat forever; more than asked for is no source to trust. */
            if (whylen)
                snprintf(why, whylen, "getrandom: %s",
                         k < 0    ? strerror(errno)
                         : k == 0 ? "no bytes"
                                  : "more bytes than asked");
            return -1;
        }
        got += (size_t)k;
    }
    return 0;
}
