/* UTF-8 for IRC text: checking and repairing it, cleaning what users typed before the bot
 * repeats it, and cutting long text into lines that respect the 512-byte limit.
 *
 * Decoding is strict (RFC 3629): overlong forms, surrogates and code points above U+10FFFF are
 * invalid. Invalid input is replaced by U+FFFD (EF BF BD), one per "maximal subpart" as the
 * Unicode standard recommends (chapter 3, "U+FFFD substitution of maximal subparts"), so a
 * truncated 3-byte sequence becomes one U+FFFD, not two or three. */
#ifndef BW_UTIL_UTF8_H
#define BW_UTIL_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UTF8_INVALID 0xFFFFFFFFu
#define UTF8_REPLACEMENT 0xFFFDu

/* Decode the character at the start of s (n bytes available). Returns the bytes it spans: a
 * valid character stores its code point in *cp; an invalid stretch stores UTF8_INVALID and
 * returns its length (1-3), so that stepping by the return value always moves forward.
 * Returns 0 only when n is 0. */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);

/* Encode cp (at most U+10FFFF, not a surrogate) into out; returns the length 1-4, or 0 for a
 * code point that cannot be encoded. */
size_t utf8_encode(uint32_t cp, char out[4]);

/* Whether the n bytes at s are entirely valid UTF-8 (NUL bytes count as valid). */
bool utf8_valid(const char *s, size_t n);

/* A copy of the n bytes at s with every invalid stretch replaced by U+FFFD, NUL-terminated;
 * the caller frees. If out_len is not NULL it receives the length. */
char *utf8_repair(const char *s, size_t n, size_t *out_len);

/* The largest length <= max of a prefix of the n bytes at s that does not end inside a
 * character (an invalid stretch counts as one character). */
size_t utf8_truncate(const char *s, size_t n, size_t max);

/* Clean text from users before the bot repeats it. Removes every C0 control (NUL, CR, LF and
 * the rest, including the mIRC formatting codes \x02 bold, \x03 colour together with its
 * "fg[,bg]" digits, \x04 hex colour with its "RRGGBB[,RRGGBB]" digits, \x0f reset, \x16
 * reverse, \x1d italics, \x1e strike-through, \x1f underline), DEL, the C1 controls U+0080 to
 * U+009F, the line and paragraph separators U+2028 and U+2029 (some clients break lines at
 * them) and the bidirectional overrides and isolates U+202A-U+202E and U+2066-U+2069 (they
 * can make a nick or an offer read backwards). A tab becomes a space. Invalid UTF-8 becomes
 * U+FFFD. Everything else, including printable non-ASCII text, is kept as is.
 *
 * Writes at most size - 1 bytes and a NUL to dst (size >= 1; dst must not overlap src),
 * never cutting a character, and returns the length written. */
size_t utf8_sanitize_into(char *dst, size_t size, const char *src, size_t n);

/* As utf8_sanitize_into for the NUL-terminated s, into a new string the caller frees. */
char *utf8_sanitize(const char *s);

/* Cut text into pieces of at most max bytes, for IRC lines: a piece ends at a space where
 * there is one (that space and any run of spaces around the cut are dropped), else at a
 * character boundary, never inside a UTF-8 sequence and never between a \x03 or \x04 colour
 * code and its digits. Pieces point into the text, which must outlive the splitter. Text that
 * is empty gives no piece. Formatting in effect at a cut is not carried over: IRC clients
 * reset it at each line, so callers that colour long text restart the colour per piece.
 *
 * max must be at least 4 (the longest UTF-8 sequence); smaller values act as 4. A colour code
 * longer than max (only possible for very small max) is cut between its digits. */
struct utf8_splitter {
    const char *s;
    size_t n, pos, max;
};

/* Start splitting the n bytes at s; s is borrowed, not copied. */
void utf8_split_init(struct utf8_splitter *sp, const char *s, size_t n, size_t max);

/* The next piece: points *piece into the text and stores its length in *len, and returns
 * true; returns false when the text is used up. Pieces are never empty. */
bool utf8_split_next(struct utf8_splitter *sp, const char **piece, size_t *len);

#endif
