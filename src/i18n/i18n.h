/* Languages: every line the bot sends comes from a message catalogue, in the language of the
 * channel it is about (README, "Languages").
 *
 * A message is a printf format with an id. Its English text is written once, beside its id, in
 * the module's .def file (render.def, cmd.def, bot.def, session.def: one MSG(ID, "text") line
 * each); each other language gives its text for every id in a file per language and module
 * (uk_render.c, ar_cmd.c, ...). A translation has the English text's conversions, in the same
 * order, or numbered (%1$s, %2$d) when the language wants another order; tests/test_i18n.c
 * checks every id in every language.
 *
 * Our own table rather than GNU gettext: a channel's language is chosen per line (one process
 * serves channels in several languages at once, from several threads), which gettext can do
 * only through the process's locale and environment. Pure data, no I/O, no allocation. */
#ifndef BW_I18N_H
#define BW_I18N_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"

enum i18n_lang { LANG_EN, LANG_UK, LANG_SR, LANG_AR, LANG_COUNT };

enum i18n_msg {
#define MSG(id, text) id,
#include "i18n/render.def"
#include "i18n/cmd.def"
#include "i18n/bot.def"
#include "i18n/session.def"
#undef MSG
    MSG_COUNT
};

/* The text of message MSG in language LANG: never NULL (English when LANG is out of range, ""
 * for an unknown MSG). A borrowed constant. */
const char *tr(int lang, int msg);

/* The text of error ERR (a bw_err: 0 or negative) in LANG, as bw_strerror() says it in
 * English. */
const char *i18n_strerror(int lang, int err);

/* The English text of MSG (what the .def file says), or NULL for an unknown MSG. */
const char *i18n_english(int msg);

/* The language of the replies being made on this thread: the command layer sets it for the
 * command it runs (and puts back what was there), so that lower layers that write a reason
 * into a caller's buffer (the command words, the session's refusals) write it in the
 * channel's language. English unless set. i18n_use returns the language it replaces. */
int i18n_use(int lang);
int i18n_in_use(void);

/* The separator between a list's items: ", ", or "Ø " in Arabic. */
const char *i18n_comma(int lang);

/* A language's code ("en", "uk", "sr", "ar") and its name in itself ("English", "українська",
 * "srpski", "العربية"); NULL when out of range. */
const char *i18n_code(int lang);
const char *i18n_name(int lang);

/* The language of a code, case-insensitive ("UK", "sr"; "sr-Latn" and "uk_UA" too: the part
 * before '-' or '_'), or -1. */
int i18n_find(const char *code);

/* Whether the language is written right to left (Arabic): nicks, numbers and board addresses
 * in its lines are isolated (FSI ... PDI) so that they keep their order. */
bool i18n_rtl(int lang);

/* FMT with every conversion wrapped in U+2068 FSI ... U+2069 PDI, into out (size bytes); FMT
 * itself when it does not fit. What belongs to a conversion is isolated with it as one unit,
 * never with a mark inside: ASCII letters, digits and conversions joined to it ("%s%s" an
 * address, "%d-N" a road, "%d:%02d"), and a command with its arguments ("%sroad %d-N" is
 * "!road 23-N", "%srobber HEX [NICK]"), up to a character that is not ASCII or one of "),;". */
const char *i18n_isolate(const char *fmt, char *out, size_t size);

/* Plural forms. A message that depends on a count gives one form per plural category of its
 * language, separated by U+00A6 '¦' (never used otherwise): English one|other ("%d card¦%d
 * cards"); Ukrainian and Serbian one|few|many (1, 21 | 2-4, 22 | 0, 5-20, 11-14, 25);
 * Arabic zero|one|two|few|many|other (0 | 1 | 2 | 3-10, 103 | 11-99, 111 | 100-102). The
 * count is the message's last integer argument; a form may leave that argument out when it
 * is the last of all (Arabic says "بطاقتان", two cards, without the number). i18n_format and
 * the render layer pick the form themselves; tr() gives the whole text. */
int i18n_plural(int lang, long n);
int i18n_nplurals(int lang);
bool i18n_is_plural(int msg);
/* How many forms TEXT gives (1 for an ordinary message). */
int i18n_forms(const char *text);
/* The form of MSG in LANG for count N, into buf (size bytes) when MSG has forms, else its
 * text (borrowed). */
const char *i18n_form(int lang, int msg, long n, char *buf, size_t size);
/* The format to fill with AP: MSG's form for its last integer argument, or its text. */
const char *i18n_vpick(int lang, int msg, va_list ap, char *buf, size_t size);

/* Message MSG of LANG filled in with its arguments into buf (size bytes; a longer text is cut
 * at a UTF-8 boundary), each argument isolated in a right-to-left language. Returns the
 * length. */
size_t i18n_format(int lang, char *buf, size_t size, int msg, ...);
size_t i18n_vformat(int lang, char *buf, size_t size, int msg, va_list ap);

/* One translated message, as the language files list them; a list ends with {MSG_COUNT,
 * NULL}. */
struct i18n_entry {
    uint16_t id;
    const char *text;
};

/* The translations of LANG (not English): the lists of every module, NULL-terminated. For the
 * tests, which check them. */
const struct i18n_entry *const *i18n_lists(int lang);

#endif
