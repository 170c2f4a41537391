/* The message catalogue: every message in every language, with the English text's conversions
 * (in order, or numbered), as valid UTF-8 with nothing that would break an IRC line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"

#define MAX_CONV 16

/* The conversions of a printf format as their letters ("sd" for "%s ... %02d"), by argument
 * position: numbered ones (%2$s) at their number, the others in order. Returns how many, or
 * -1 for a format this project does not write (a '*' width, a bad number, a mix of both). */
static int conversions(const char *fmt, char out[MAX_CONV + 1])
{
    int n = 0, numbered = 0, plain = 0;
    memset(out, 0, MAX_CONV + 1);
    for (const char *p = fmt; *p; p++) {
        if (*p != '%')
            continue;
        p++;
        if (*p == '%')
            continue;
        int pos = -1;
        const char *q = p;
        int num = 0;
        while (*q >= '0' && *q <= '9')
            num = num * 10 + (*q++ - '0');
        if (*q == '$' && q > p) {
            pos = num - 1;
            p = q + 1;
            numbered = 1;
        } else {
            plain = 1;
        }
        while (*p && strchr("-+ #0123456789.hlzj", *p))
            p++;
        if (!*p || *p == '*' || !strchr("sdicuxXp", *p))
            return -1;
        int at = pos >= 0 ? pos : n;
        if (at < 0 || at >= MAX_CONV || out[at])
            return -1;
        out[at] = *p == 'i' ? 'd' : *p;
        n++;
    }
    if (numbered && plain)
        return -1;
    for (int i = 0; i < n; i++)
        if (!out[i])
            return -1; /* a numbered argument skipped */
    return n;
}

/* Valid UTF-8 without control characters other than the IRC formatting codes. */
static int clean_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int len = *p < 0x80             ? 1
                  : (*p & 0xe0) == 0xc0 ? 2
                  : (*p & 0xf0) == 0xe0 ? 3
                  : (*p & 0xf8) == 0xf0 ? 4
                                        : 0;
        if (!len || (len == 2 && *p < 0xc2))
            return 0;
        for (int i = 1; i < len; i++)
            if ((p[i] & 0xc0) != 0x80)
                return 0;
        if (len == 1 && *p < 0x20 && !strchr("\x02\x03\x0f\x16\x1d\x1f", *p))
            return 0;
        p += len;
    }
    return 1;
}

#define FORM_SEP "\xc2\xa6"

/* Form k of text (0 the first) into buf, or NULL past the last. */
static const char *form_of(const char *text, int k, char *buf, size_t size)
{
    const char *p = text;
    for (; k > 0 && p; k--)
        if ((p = strstr(p, FORM_SEP)))
            p += strlen(FORM_SEP);
    if (!p)
        return NULL;
    const char *end = strstr(p, FORM_SEP);
    size_t len = end ? (size_t)(end - p) : strlen(p);
    assert_true(len < size);
    memcpy(buf, p, len);
    buf[len] = '\0';
    return buf;
}

/* Whether form's conversions are want, or want without its last one when that is the count
 * (an integer: a form may say the number in words, "بطاقتان"). */
static int form_takes(const char *form, const char *want, int plural)
{
    char got[MAX_CONV + 1];
    int n = conversions(form, got);
    if (n < 0)
        return 0;
    if (strcmp(got, want) == 0)
        return 1;
    size_t w = strlen(want);
    return plural && w > 0 && want[w - 1] == 'd' && (size_t)n == w - 1 &&
           strncmp(got, want, w - 1) == 0;
}

static void test_every_message_in_every_language(void **state)
{
    (void)state;
    assert_true(MSG_COUNT > 0);
    for (int m = 0; m < MSG_COUNT; m++) {
        char want[MAX_CONV + 1];
        const char *en = i18n_english(m);
        assert_non_null(en);
        char first[1024], form[1024];
        form_of(en, 0, first, sizeof first);
        if (conversions(first, want) < 0)
            fail_msg("English message %d has a format the catalogue does not take: %s", m, en);
        /* A message with plural forms gives English's two, each with the same conversions. */
        assert_int_equal(i18n_is_plural(m), i18n_forms(en) > 1);
        if (i18n_is_plural(m))
            assert_int_equal(i18n_forms(en), 2);
        for (int k = 0; form_of(en, k, form, sizeof form); k++)
            if (!form_takes(form, want, 0))
                fail_msg("English form \"%s\" does not take the arguments of \"%s\"", form, first);
        assert_true(clean_utf8(en));
        assert_string_equal(tr(LANG_EN, m), en);
    }
    for (int l = LANG_EN + 1; l < LANG_COUNT; l++) {
        static uint8_t seen[MSG_COUNT];
        memset(seen, 0, sizeof seen);
        const struct i18n_entry *const *lists = i18n_lists(l);
        assert_non_null(lists);
        for (int k = 0; lists[k]; k++)
            for (const struct i18n_entry *e = lists[k]; e->text; e++) {
                assert_true(e->id < MSG_COUNT);
                if (seen[e->id]++)
                    fail_msg("%s: message %d (%s) given twice", i18n_code(l), e->id,
                             i18n_english(e->id));
                char want[MAX_CONV + 1], first[1024], form[1024];
                conversions(form_of(i18n_english(e->id), 0, first, sizeof first), want);
                int plural = i18n_is_plural(e->id);
                if (i18n_forms(e->text) != (plural ? i18n_nplurals(l) : 1))
                    fail_msg("%s: \"%s\" has %d forms, not %d", i18n_code(l), e->text,
                             i18n_forms(e->text), plural ? i18n_nplurals(l) : 1);
                /* Numbered conversions cannot leave one out: only plain ones may drop the
                 * count at the end. */
                for (int f = 0; form_of(e->text, f, form, sizeof form); f++)
                    if (!form_takes(form, want, plural && !strchr(form, '$')))
                        fail_msg("%s: \"%s\" does not take the arguments of \"%s\"", i18n_code(l),
                                 form, i18n_english(e->id));
                if (!clean_utf8(e->text))
                    fail_msg("%s: \"%s\" is not clean UTF-8", i18n_code(l), e->text);
                assert_ptr_equal(tr(l, e->id), e->text);
            }
        for (int m = 0; m < MSG_COUNT; m++)
            if (!seen[m])
                fail_msg("%s has no text for \"%s\"", i18n_code(l), i18n_english(m));
    }
}

/* The checker itself: what it must refuse. */
static void test_conversions(void **state)
{
    (void)state;
    char c[MAX_CONV + 1];
    assert_int_equal(conversions("%s rolled %d (%02d%%)", c), 3);
    assert_string_equal(c, "sdd");
    assert_int_equal(conversions("%2$d: %1$s", c), 2);
    assert_string_equal(c, "sd");
    assert_int_equal(conversions("%1$s %s", c), -1);   /* mixed */
    assert_int_equal(conversions("%2$s", c), -1);      /* argument 1 skipped */
    assert_int_equal(conversions("%*d", c), -1);       /* width from an argument */
    assert_int_equal(conversions("%n", c), -1);        /* never */
    assert_int_equal(conversions("%1$s %1$s", c), -1); /* one argument twice */
    assert_false(clean_utf8("a\nb"));
    assert_false(clean_utf8("\xc3"));
    assert_true(clean_utf8("\x02"
                           "bold\x0f й ع"));
}

static void test_languages(void **state)
{
    (void)state;
    assert_int_equal(i18n_find("uk"), LANG_UK);
    assert_int_equal(i18n_find("UK"), LANG_UK);
    assert_int_equal(i18n_find("uk_UA"), LANG_UK);
    assert_int_equal(i18n_find("sr-Latn"), LANG_SR);
    assert_int_equal(i18n_find("ar"), LANG_AR);
    assert_int_equal(i18n_find("en"), LANG_EN);
    assert_int_equal(i18n_find("u"), -1);
    assert_int_equal(i18n_find("ukr"), -1);
    assert_int_equal(i18n_find(""), -1);
    assert_int_equal(i18n_find(NULL), -1);
    assert_true(i18n_rtl(LANG_AR) && !i18n_rtl(LANG_UK) && !i18n_rtl(LANG_EN));
    assert_string_equal(tr(LANG_COUNT, 0), i18n_english(0)); /* out of range: English */
    assert_string_equal(tr(LANG_UK, MSG_COUNT), "");
    for (int l = 0; l < LANG_COUNT; l++)
        assert_true(i18n_code(l) && i18n_name(l) && clean_utf8(i18n_name(l)));
    assert_null(i18n_code(LANG_COUNT));
}

/* The engine's errors in every language: English as bw_strerror says it, the others from the
 * catalogue (a message per error, in order). */
static void test_errors(void **state)
{
    (void)state;
    for (int i = 0; i < BW_E_COUNT_INDEX; i++)
        assert_string_equal(i18n_strerror(LANG_EN, -i), bw_strerror(-i));
    assert_string_equal(i18n_strerror(LANG_UK, BW_E(OCCUPIED)), "це місце зайняте");
    assert_string_equal(i18n_strerror(LANG_SR, BW_E(TOO_CLOSE)),
                        "preblizu drugoj građevini (pravilo razmaka)");
    assert_string_equal(i18n_strerror(LANG_AR, BW_E(NOT_YOUR_TURN)), "ليس دورك");
    assert_string_equal(i18n_strerror(LANG_UK, -BW_E_COUNT_INDEX), "unknown error");
    assert_string_equal(i18n_strerror(LANG_UK, 1), "unknown error");
}

/* FMT with each conversion replaced by its longest plausible argument: a 48-byte nick (the
 * longest the bot keeps whole is longer, but lines name several things), a 10-digit number. */
static size_t worst_length(const char *fmt, int rtl)
{
    size_t n = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            n++;
            continue;
        }
        p++;
        if (*p == '%') {
            n++;
            continue;
        }
        while (*p && !strchr("sdicuxXp", *p))
            p++;
        /* A %s right before a command word is the command prefix (8 bytes at most). */
        bool prefix = *p == 's' && p[1] >= 'a' && p[1] <= 'z';
        n += (*p == 's' ? (prefix ? 8 : 48) : 10) + (rtl ? 6 : 0); /* FSI, PDI: 3 bytes each */
        if (!*p)
            break;
    }
    return n;
}

/* Every message of every language, filled with long arguments, fits one line on the wire: 512
 * bytes less the bot's prefix and "PRIVMSG #channel :" (the IRC layer would split a longer one
 * at a space, but a reply should not need it). */
static void test_every_message_fits(void **state)
{
    (void)state;
    size_t worst = 0;
    int worst_msg = 0, worst_lang = 0;
    for (int l = 0; l < LANG_COUNT; l++)
        for (int m = 0; m < MSG_COUNT; m++) {
            char form[1024];
            size_t n = 0;
            for (int k = 0; form_of(tr(l, m), k, form, sizeof form); k++)
                if (worst_length(form, i18n_rtl(l)) > n)
                    n = worst_length(form, i18n_rtl(l));
            if (n > worst) {
                worst = n;
                worst_msg = m;
                worst_lang = l;
            }
        }
    if (worst > 450)
        fail_msg("%s: \"%s\" can be %zu bytes long", i18n_code(worst_lang),
                 tr(worst_lang, worst_msg), worst);
    /* Arabic lines are isolated argument by argument, and cut only between characters. */
    char buf[64];
    i18n_format(LANG_AR, buf, sizeof buf, MSG_LANG_SET, "ann", "#katan", "العربية", "ar");
    assert_non_null(strstr(buf, "\xe2\x81\xa8"
                                "ann"
                                "\xe2\x81\xa9"));
    assert_true(clean_utf8(buf));
    assert_true(strlen(buf) < sizeof buf);
    /* A command after the prefix is isolated with it, not split from it. */
    char iso[128];
    assert_string_equal(i18n_isolate("(%sroll, %d)", iso, sizeof iso),
                        "(\xe2\x81\xa8%sroll\xe2\x81\xa9, \xe2\x81\xa8%d\xe2\x81\xa9)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_message_in_every_language),
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_languages),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_every_message_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
