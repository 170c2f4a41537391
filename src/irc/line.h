/* One line from the server, checked and parsed before anything acts on it.
 *
 * Why: libircclient 1.9 trusts the server. A NICK without a prefix makes it read a NULL origin,
 * a NOTICE with one parameter makes it read a missing one, a line with no command after the
 * prefix sends its parser past the end, and a line longer than its 1 KiB buffer stops it reading
 * for good. Every line the transport passes on goes through ircb_msg_parse first and is written
 * again by ircb_msg_format, so the library only ever sees the shapes it handles. */
#ifndef BW_IRC_LINE_H
#define BW_IRC_LINE_H

#include <stdbool.h>
#include <stddef.h>

/* A line without its tags may have 510 bytes before CR LF; IRCv3 tags add up to 8191 (with
 * the '@' and the space after them). */
#define IRCB_LINE_MAX 510
#define IRCB_TAGS_MAX 8191
/* Parameters kept; a line with more is refused (RFC 1459 allows 15). */
#define IRCB_MSG_PARAMS 15

struct ircb_msg {
    const char *prefix;  /* without ':'; NULL when the line has none */
    const char *command; /* upper case: letters, or three digits */
    const char *params[IRCB_MSG_PARAMS];
    unsigned nparams;
    bool trailing;               /* the last parameter was written with ':' */
    int numeric;                 /* the command's number; 0 for a word */
    char buf[IRCB_LINE_MAX + 1]; /* the fields point in here */
};

/* Parse the len bytes at line (one line without CR LF; it may hold any bytes) into m. Returns
 * NULL when the line may be acted on, else why not (a borrowed constant), and m is then
 * unusable. Tags are skipped. Refused: lines over the limits above, NUL or CR inside, nothing
 * after the tags, an empty prefix or one with control characters or broken UTF-8, no command or a
 * malformed one, more than IRCB_MSG_PARAMS parameters, a command that names a user (NICK, JOIN,
 * PRIVMSG, ...) without a prefix, fewer parameters than a command needs, and a message text that is
 * empty or a lone CTCP mark. */
const char *ircb_msg_parse(struct ircb_msg *m, const char *line, size_t len);

/* Write m as one line without CR LF into out (size bytes); returns its length, never more than
 * the parsed line had. */
size_t ircb_msg_format(const struct ircb_msg *m, char *out, size_t size);

/* Parameter i of m, or NULL. */
const char *ircb_msg_param(const struct ircb_msg *m, unsigned i);

#endif
