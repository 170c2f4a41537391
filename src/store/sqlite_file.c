/* The SQLite store's file, before and beside SQLite: its lock, a look at its header, the
 * reasons SQLite's errors on it are given with, and path helpers. */
#include "store/sqlite_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/backend.h"
#include "store/store.h"

/* The directory part of path ("." when there is none); the caller's to free. */
char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t len = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(len + 1);
    if (d) {
        memcpy(d, path, len);
        d[len] = '\0';
    }
    return d;
}

/* a, b and c end to end; the caller's to free (NULL when out of memory). */
char *joined(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = malloc(la + lb + lc + 1);
    if (s) {
        memcpy(s, a, la);
        memcpy(s + la, b, lb);
        memcpy(s + la + lb, c, lc + 1);
    }
    return s;
}

/* Take the lock that keeps a second brickwood off the file. Returns the descriptor, or -1 with
 * the reason in err. */
/* The lock: flock on PATH-lock, which holds the pid of the brickwood holding it and whose
 * modification time that brickwood moves on every STORE_ALIVE_MS (store_alive): *alive_ms is the
 * last of those (milliseconds since 1970) as the previous holder left it, INT64_MIN when unknown (a
 * new lock file). */
int take_lock(const char *path, int64_t *alive_ms, char *err, size_t errsize)
{
    char *lock_path = joined(path, "-lock", "");
    if (!lock_path) {
        store_fail(err, errsize, "%s: out of memory", path);
        return -1;
    }
    int fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        store_fail(err, errsize, "%s: cannot open the lock file %s: %s", path, lock_path,
                   strerror(errno));
        free(lock_path);
        return -1;
    }
    free(lock_path);
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        char buf[32];
        ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
        long pid = 0;
        if (n > 0) {
            buf[n] = '\0';
            pid = strtol(buf, NULL, 10);
        }
        if (e == EWOULDBLOCK && pid > 0)
            store_fail(err, errsize, "%s: in use by another brickwood (pid %ld)", path, pid);
        else if (e == EWOULDBLOCK)
            store_fail(err, errsize, "%s: in use by another brickwood", path);
        else
            store_fail(err, errsize, "%s: cannot lock %s-lock: %s", path, path, strerror(e));
        close(fd);
        return -1;
    }
    struct stat sb;
    *alive_ms = INT64_MIN;
    if (fstat(fd, &sb) == 0 && sb.st_size > 0)
        *alive_ms = (int64_t)sb.st_mtim.tv_sec * 1000 + sb.st_mtim.tv_nsec / 1000000;
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, buf, (size_t)n, 0) != n) {
        store_fail(err, errsize, "%s: cannot write the lock file %s-lock: %s", path, path,
                   strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Look at an existing file's header without SQLite: a file that is not a database, or whose
 * schema is newer, is refused before SQLite opens it (and before it could create a log beside
 * it). Returns 0 when it looks usable. */
int check_header(const char *path, char *err, size_t errsize)
{
    static const char magic[16] = "SQLite format 3";
    unsigned char h[100];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        store_fail(err, errsize, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    ssize_t n = pread(fd, h, sizeof h, 0);
    close(fd);
    if (n != (ssize_t)sizeof h || memcmp(h, magic, sizeof magic) != 0) {
        store_fail(err, errsize, "%s: not a SQLite database (left untouched)", path);
        return -1;
    }
    uint32_t version = be32(h + 60), app = be32(h + 68);
    if (app != 0 && app != STORE_APP_ID) {
        store_fail(err, errsize,
                   "%s: a SQLite database of another program, not brickwood's (left "
                   "untouched)",
                   path);
        return -1;
    }
    if (version > STORE_SCHEMA_VERSION) {
        store_fail(
            err, errsize,
            "%s: schema version %u is newer than this brickwood understands (%d); run a newer "
            "brickwood (left untouched)",
            path, (unsigned)version, STORE_SCHEMA_VERSION);
        return -1;
    }
    return 0;
}

/* A reason for an error SQLite gave while reading an existing file. */
void describe_read_error(const char *path, sqlite3 *db, int rc, char *err, size_t errsize)
{
    switch (rc & 0xff) {
    case SQLITE_NOTADB:
        store_fail(err, errsize, "%s: not a SQLite database (left untouched)", path);
        break;
    case SQLITE_CORRUPT:
        store_fail(err, errsize,
                   "%s: the database is corrupt (%s); left untouched: restore a backup", path,
                   sqlite3_errmsg(db));
        break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        store_fail(err, errsize, "%s: locked by another program (%s)", path, sqlite3_errmsg(db));
        break;
    default:
        store_fail(err, errsize, "%s: cannot use the database: %s", path, sqlite3_errmsg(db));
    }
}
