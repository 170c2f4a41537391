/* The SQLite store's file outside SQLite (sqlite_file.c): used by store_sqlite.c only. */
#ifndef BW_STORE_SQLITE_FILE_H
#define BW_STORE_SQLITE_FILE_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

/* PRAGMA application_id of a brickwood file ("brik"): another program's database is refused
 * rather than filled with our tables. */
#define STORE_APP_ID 0x6272696B

/* The directory part of path ("." when there is none); the caller's to free. */
char *dir_of(const char *path);
/* a, b and c end to end; the caller's to free (NULL when out of memory). */
char *joined(const char *a, const char *b, const char *c);
/* Take the lock that keeps a second brickwood off the file: the descriptor, or -1 with the
 * reason in err; *alive_ms is the previous holder's last sign of life (INT64_MIN: unknown). */
int take_lock(const char *path, int64_t *alive_ms, char *err, size_t errsize);
/* 0 when an existing file's header looks like a brickwood database this version can use;
 * otherwise -1 with the reason in err. */
int check_header(const char *path, char *err, size_t errsize);
/* A reason for an error SQLite gave while reading an existing file. */
void describe_read_error(const char *path, sqlite3 *db, int rc, char *err, size_t errsize);

#endif
