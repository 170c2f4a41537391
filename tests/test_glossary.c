/* One word per game term in each language's catalogue, counts said with the right plural
 * form, and in Arabic commands and addresses isolated whole.
 *
 * The glossary names, per language, the term chosen for each game word and the other
 * spellings people use for it (a synonym, another stem): every message of the language, every
 * plural form, is searched for those, at the start of a word, and one found fails the test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"

#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

struct term {
    const char *word;     /* the English game word, for the report */
    const char *chosen;   /* the stem of the chosen term: it must appear */
    const char *avoid[8]; /* word starts that would be a second spelling of it */
};

/* Ukrainian: the terms of the Ukrainian rules text (дерево, глина, вовна, збіжжя, руда;
 * селище, місто, дорога, розбійник), one each. */
static const struct term uk_terms[] = {
    {"wood", "дерев", {"деревин", "ліс", "лісу", "лісом", NULL}},
    {"brick", "глин", {"цегл", "пагорб", NULL}},
    {"wool", "вовн", {"шерст", "пасовищ", "вівц", "овец", NULL}},
    {"grain", "збіжж", {"зерн", "пшениц", "рілл", NULL}},
    {"ore", "руд", {"гори", "камін", "каменю", NULL}},
    {"settlement", "селищ", {"поселен", NULL}},
    {"city", "міст", {"город", NULL}},
    {"road", "дорог", {"доріжк", NULL}},
    {"robber", "розб", {"грабіжник", "злодій", "robber", NULL}},
    {"harbor", "гаван", {"порт", "пристан", NULL}},
    {"knight", "лицар", {"рицар", NULL}},
    {"ship", "корабл", {"судн", "човен", "човн", NULL}},
    {"card", "карт", {"картк", NULL}},
    {"gold mine", "копальн", {"рудник", NULL}},
    /* Cities & Knights. */
    {"paper", "папір", {"бумаг", NULL}},
    {"cloth", "сукн", {"тканин", "полотн", NULL}},
    {"coin", "монет", {"грош", NULL}},
    {"city wall", "мур", {"огорож", NULL}},
    {"metropolis", "метропол", {"столиц", NULL}},
    {"barbarians", "варвар", {"загарбник", "нападник", NULL}},
    {"improvement", "поліпш", {"покращ", NULL}},
    {"science", "наук", {NULL}},
    {"politics", "політик", {NULL}},
    {"progress card", "прогрес", {NULL}},
    {"trade token", "жетон", {"токен", NULL}}, /* Catan for two */
    {"resource", "ресурс", {"сировин", NULL}},
    {NULL, NULL, {NULL}},
};

/* Serbian: the words of the Serbian rules text (drvo, cigla, vuna, žito, ruda; naselje, grad,
 * put, razbojnik). */
static const struct term sr_terms[] = {
    {"wood", "drv", {"šum", "balvan", NULL}},
    {"brick", "cigl", {"glin", "brd", NULL}},
    {"wool", "vun", {"ovc", "ovac", "pašnjak", NULL}},
    {"grain", "žit", {"pšenic", "njiv", NULL}},
    {"ore", "rud", {"planin", "kamen", NULL}},
    {"settlement", "naselj", {"selo", "sela", NULL}},
    {"robber", "razb", {"lopov", "robber", NULL}},
    {"harbor", "luk", {"pristaništ", NULL}},
    {"knight", "vitez", {NULL}},
    {"ship", "brod", {"lađ", NULL}},
    {"desert", "pustin", {"pustoš", NULL}},
    {"gold mine", "rudnik", {"majdan", NULL}},
    /* Cities & Knights. */
    {"paper", "papir", {NULL}},
    {"cloth", "tkanin", {"sukn", "platn", NULL}},
    {"coin", "novčić", {"kovanic", "zlatnik", NULL}},
    {"city wall", "bedem", {"zidin", NULL}},
    {"metropolis", "metropol", {"prestonic", NULL}},
    {"barbarians", "varvar", {NULL}},
    {"improvement", "unapređ", {"poboljš", NULL}},
    {"progress card", "napret", {"progres", NULL}},
    {"trade token", "žeton", {"marke", NULL}}, /* Catan for two */
    {"resource", "sirovin", {"resurs", NULL}},
    {"Cities & Knights", "„Gradovi i vitezovi“", {"i vitezove“", NULL}},
    {NULL, NULL, {NULL}},
};

static const struct term ar_terms[] = {
    {"wood", "خشب", {"حطب", "غابة", NULL}},
    {"brick", "طوب", {"طين", "تلال", NULL}},
    {"wool", "صوف", {"مراع", NULL}},
    {"grain", "قمح", {"حبوب", NULL}},
    {"ore", "خام", {"جبال", "حجر", NULL}},
    {"settlement", "مستوطن", {"قرية", NULL}},
    {"robber", "لص", {"حرامي", "سارق", NULL}},
    {"harbor", "ميناء", {"مرفأ", "مرافئ", NULL}},
    {"ship", "سفين", {"مركب", NULL}},
    {"card", "بطاق", {"ورقة", "أوراق", NULL}},
    /* Cities & Knights. */
    {"paper", "ورق", {"كاغد", NULL}},
    {"cloth", "قماش", {"نسيج", NULL}},
    {"coin", "عملة", {"نقود", NULL}},
    {"city wall", "سور", {"جدار", NULL}},
    {"metropolis", "حاضرة", {"عاصمة", "متروبول", NULL}},
    {"barbarians", "برابرة", {"همج", NULL}},
    {"improvement", "تحسين", {NULL}},
    {"progress card", "تقدم", {"تطور", NULL}},
    {"trade token", "رمز", {"فيشة", NULL}}, /* Catan for two */
    {"Cities & Knights", "«المدن والفرسان»", {"«مدن وفرسان»", NULL}},
    {NULL, NULL, {NULL}},
};

static const struct term en_terms[] = {
    {"wood", "wood", {"lumber", NULL}},
    {"brick", "brick", {"clay", NULL}},
    {"wool", "wool", {"sheep", NULL}},
    {"grain", "grain", {"wheat", NULL}},
    {"harbor", "harbor", {"harbour", "port ", NULL}},
    {"robber", "robber", {"thief", NULL}},
    {"neighbour", "neighbour", {"neighbor", NULL}},
    /* Cities & Knights. */
    {"cloth", "cloth", {"fabric", NULL}},
    {"coin", "coin", {"gold coin", NULL}},
    {"city wall", "wall", {"rampart", NULL}},
    {"metropolis", "metropolis", {"capital", NULL}},
    {"barbarians", "barbarian", {"invader", NULL}},
    {"progress card", "progress", {NULL}},
    {NULL, NULL, {NULL}},
};

/* Whether a letter comes right before p: an ASCII one, or a Latin or Cyrillic one (two-byte
 * UTF-8 from U+00C0 to U+04FF). Arabic is not looked at: its article and prepositions are
 * written joined to the word ("اللص", "بـ"), so a word may start after a letter there. */
static bool letter_before(const char *text, const char *p)
{
    if (p == text)
        return false;
    unsigned char c = (unsigned char)p[-1];
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    unsigned char lead = p - 1 > text ? (unsigned char)p[-2] : 0;
    return c < 0xc0 && lead >= 0xc3 && lead <= 0xd3;
}

/* The first place in text where stem starts a word (case as written), or NULL. */
static const char *word_start(const char *text, const char *stem)
{
    for (const char *p = text; (p = strstr(p, stem)); p++)
        if (!letter_before(text, p))
            return p;
    return NULL;
}

static void check_glossary(int lang, const struct term *terms)
{
    for (const struct term *t = terms; t->word; t++) {
        bool seen = false;
        for (int m = 0; m < MSG_COUNT; m++) {
            const char *text = tr(lang, m);
            if (word_start(text, t->chosen))
                seen = true;
            for (int k = 0; t->avoid[k]; k++)
                if (word_start(text, t->avoid[k]))
                    fail_msg("%s: \"%s\" says %s as \"%s\", the glossary's word is \"%s\"",
                             i18n_code(lang), text, t->word, t->avoid[k], t->chosen);
        }
        if (!seen)
            fail_msg("%s: the glossary's word for %s (\"%s\") is never used", i18n_code(lang),
                     t->word, t->chosen);
    }
}

static void test_glossary(void **state)
{
    (void)state;
    check_glossary(LANG_EN, en_terms);
    check_glossary(LANG_UK, uk_terms);
    check_glossary(LANG_SR, sr_terms);
    check_glossary(LANG_AR, ar_terms);
}

/* The checker finds a second spelling at the start of a word, not inside another word. */
static void test_glossary_checker(void **state)
{
    (void)state;
    assert_non_null(word_start("отримує 2 деревини", "деревин"));
    assert_non_null(word_start("2:1ліс", "ліс"));
    assert_null(word_start("колісниця", "ліс"));
    assert_null(word_start("export", "port"));
    assert_non_null(word_start("يحرك اللص", "لص"));
}

/* The resource and terrain words agree with each other in every language: the terrain of a
 * hex is said with its resource's name, in the drawing too (where it fits; a right-to-left
 * language draws in English). */
static void test_resource_words_agree(void **state)
{
    (void)state;
    static const int res[] = {MSG_RES_WOOD, MSG_RES_BRICK, MSG_RES_WOOL, MSG_RES_GRAIN,
                              MSG_RES_ORE};
    static const int terrain[] = {MSG_TERRAIN_FOREST, MSG_TERRAIN_HILLS, MSG_TERRAIN_PASTURE,
                                  MSG_TERRAIN_FIELDS, MSG_TERRAIN_MOUNTAINS};
    static const int draw[] = {MSG_DRAW_WOOD, MSG_DRAW_BRICK, MSG_DRAW_WOOL, MSG_DRAW_GRAIN,
                               MSG_DRAW_ORE};
    static const int harbor[] = {MSG_DRAW_HARBOR_WOOD, MSG_DRAW_HARBOR_BRICK, MSG_DRAW_HARBOR_WOOL,
                                 MSG_DRAW_HARBOR_GRAIN, MSG_DRAW_HARBOR_ORE};
    for (int l = 0; l < LANG_COUNT; l++)
        for (int r = 0; r < 5; r++) {
            assert_string_equal(tr(l, terrain[r]), tr(l, res[r]));
            if (!i18n_rtl(l)) {
                assert_string_equal(tr(l, draw[r]), tr(l, res[r]));
                assert_string_equal(tr(l, harbor[r]), tr(l, res[r]));
            }
        }
}

static const long counts[] = {0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 100, 101};
#define N_COUNTS ((int)(sizeof counts / sizeof counts[0]))

/* The plural category of each count, per language. */
static void test_plural_categories(void **state)
{
    (void)state;
    static const int want[LANG_COUNT][N_COUNTS] = {
        /*          0  1  2  3  4  5  11 21 22 25 100 101 */
        [LANG_EN] = {1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
        [LANG_UK] = {2, 0, 1, 1, 1, 2, 2, 0, 1, 2, 2, 0},
        [LANG_SR] = {2, 0, 1, 1, 1, 2, 2, 0, 1, 2, 2, 0},
        [LANG_AR] = {0, 1, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5},
    };
    for (int l = 0; l < LANG_COUNT; l++)
        for (int i = 0; i < N_COUNTS; i++)
            if (i18n_plural(l, counts[i]) != want[l][i])
                fail_msg("%s: %ld is in plural category %d, not %d", i18n_code(l), counts[i],
                         i18n_plural(l, counts[i]), want[l][i]);
    assert_int_equal(i18n_plural(LANG_AR, 103), 3);
    assert_int_equal(i18n_plural(LANG_AR, 111), 4);
    assert_int_equal(i18n_plural(LANG_UK, 111), 2);
    assert_int_equal(i18n_plural(LANG_UK, 112), 2);
    assert_int_equal(i18n_plural(LANG_UK, 122), 1);
}

/* A counted message filled in: into buf. */
static const char *counted(int lang, int msg, long n, char *buf, size_t size)
{
    char form[256];
    snprintf(buf, size, i18n_form(lang, msg, n, form, sizeof form), (int)n);
    return buf;
}

/* The words after each count: resources as the object of a verb and alone, in every
 * language. */
static void test_plural_words(void **state)
{
    (void)state;
    static const struct {
        int lang, msg;
        const char *want[N_COUNTS];
    } cases[] = {
        {LANG_EN,
         MSG_CNT_ORE,
         {"0 ore", "1 ore", "2 ore", "3 ore", "4 ore", "5 ore", "11 ore", "21 ore", "22 ore",
          "25 ore", "100 ore", "101 ore"}},
        {LANG_EN,
         MSG_ST_DECK,
         {" | 0 development cards left", " | 1 development card left",
          " | 2 development cards left", " | 3 development cards left",
          " | 4 development cards left", " | 5 development cards left",
          " | 11 development cards left", " | 21 development cards left",
          " | 22 development cards left", " | 25 development cards left",
          " | 100 development cards left", " | 101 development cards left"}},
        {LANG_UK,
         MSG_CNT_ORE,
         {"0 руд", "1 руду", "2 руди", "3 руди", "4 руди", "5 руд", "11 руд", "21 руду", "22 руди",
          "25 руд", "100 руд", "101 руду"}},
        {LANG_UK,
         MSG_CNTN_BRICK,
         {"0 глин", "1 глина", "2 глини", "3 глини", "4 глини", "5 глин", "11 глин", "21 глина",
          "22 глини", "25 глин", "100 глин", "101 глина"}},
        {LANG_UK,
         MSG_CNT_WOOD,
         {"0 дерев", "1 дерево", "2 дерева", "3 дерева", "4 дерева", "5 дерев", "11 дерев",
          "21 дерево", "22 дерева", "25 дерев", "100 дерев", "101 дерево"}},
        {LANG_SR,
         MSG_CNT_ORE,
         {"0 ruda", "1 rudu", "2 rude", "3 rude", "4 rude", "5 ruda", "11 ruda", "21 rudu",
          "22 rude", "25 ruda", "100 ruda", "101 rudu"}},
        {LANG_SR,
         MSG_CNTN_WOOL,
         {"0 vuna", "1 vuna", "2 vune", "3 vune", "4 vune", "5 vuna", "11 vuna", "21 vuna",
          "22 vune", "25 vuna", "100 vuna", "101 vuna"}},
        {LANG_AR,
         MSG_CNT_WOOD,
         {"0 بطاقة خشب", "بطاقة خشب", "بطاقتي خشب", "3 بطاقات خشب", "4 بطاقات خشب", "5 بطاقات خشب",
          "11 بطاقة خشب", "21 بطاقة خشب", "22 بطاقة خشب", "25 بطاقة خشب", "100 بطاقة خشب",
          "101 بطاقة خشب"}},
        {LANG_AR,
         MSG_CNTN_WOOD,
         {"0 بطاقة خشب", "بطاقة خشب", "بطاقتا خشب", "3 بطاقات خشب", "4 بطاقات خشب", "5 بطاقات خشب",
          "11 بطاقة خشب", "21 بطاقة خشب", "22 بطاقة خشب", "25 بطاقة خشب", "100 بطاقة خشب",
          "101 بطاقة خشب"}},
    };
    char buf[256];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int i = 0; i < N_COUNTS; i++)
            assert_string_equal(counted(cases[c].lang, cases[c].msg, counts[i], buf, sizeof buf),
                                cases[c].want[i]);
}

/* Whole messages pick their form by their last number: points, minutes, games' best score. */
static void test_plural_messages(void **state)
{
    (void)state;
    char buf[512];
    i18n_format(LANG_EN, buf, sizeof buf, MSG_BOT_AWAY_MORE, "ann", 1);
    assert_string_equal(buf, "ann is away; the seat is kept for 1 more minute");
    i18n_format(LANG_EN, buf, sizeof buf, MSG_BOT_AWAY_MORE, "ann", 5);
    assert_string_equal(buf, "ann is away; the seat is kept for 5 more minutes");
    /* SPEC §5: "wins with N victory points", the same for every N. */
    i18n_format(LANG_EN, buf, sizeof buf, MSG_EV_WINS, "ann", 1);
    assert_string_equal(buf, "ann wins with 1 victory points");
    i18n_format(LANG_AR, buf, sizeof buf, MSG_EV_WINS, "ann", 10);
    assert_string_equal(buf, "يفوز " FSI "ann" PDI " بـ " FSI "10" PDI " نقاط نصر");
    i18n_format(LANG_AR, buf, sizeof buf, MSG_EV_WINS, "ann", 12);
    assert_string_equal(buf, "يفوز " FSI "ann" PDI " بـ " FSI "12" PDI " نقطة نصر");
    i18n_format(LANG_AR, buf, sizeof buf, MSG_BOT_AWAY, "ann", 2);
    assert_string_equal(buf, FSI "ann" PDI " غائب؛ يبقى المقعد محجوزًا دقيقتين");
    i18n_format(LANG_SR, buf, sizeof buf, MSG_EV_WINS, "ana", 10);
    assert_string_equal(buf, "ana pobeđuje sa 10 pobedničkih poena");
    i18n_format(LANG_SR, buf, sizeof buf, MSG_EV_WINS, "ana", 3);
    assert_string_equal(buf, "ana pobeđuje sa 3 pobednička poena");
}

/* The isolate around position p of s (which starts with FSI): its content's length, or -1
 * when no PDI closes it. */
static int isolate_len(const char *p)
{
    const char *end = strstr(p + strlen(FSI), PDI);
    return end ? (int)(end - p - (int)strlen(FSI)) : -1;
}

/* Direction marks: LRM, RLM, ALM and the embeddings, overrides and isolates. */
static bool has_mark(const char *s, size_t n)
{
    static const char *const marks[] = {"\xe2\x80\x8e",
                                        "\xe2\x80\x8f",
                                        "\xd8\x9c",
                                        "\xe2\x80\xaa",
                                        "\xe2\x80\xab",
                                        "\xe2\x80\xac",
                                        "\xe2\x80\xad",
                                        "\xe2\x80\xae",
                                        "\xe2\x81\xa6",
                                        "\xe2\x81\xa7",
                                        FSI,
                                        PDI};
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
            if (strncmp(s + i, marks[k], strlen(marks[k])) == 0)
                return true;
    return false;
}

/* The Arabic format of msg isolated and filled in by hand: "!" for a command prefix (a %s
 * right before a letter), "ann" for another %s, 23 for a number. */
static void fill(const char *fmt, char *out, size_t size)
{
    char iso[4096];
    const char *f = i18n_isolate(fmt, iso, sizeof iso);
    size_t n = 0;
    for (const char *p = f; *p && n + 8 < size;) {
        if (p[0] == '%' && p[1] == '%') {
            out[n++] = '%';
            p += 2;
            continue;
        }
        if (p[0] != '%') {
            out[n++] = *p++;
            continue;
        }
        p++;
        while (*p && strchr("0123456789$-+ #.hlzj", *p))
            p++;
        const char *v = *p == 's' ? (p[1] >= 'a' && p[1] <= 'z' ? "!" : "ann") : "23";
        memcpy(out + n, v, strlen(v));
        n += strlen(v);
        if (*p)
            p++;
    }
    out[n] = '\0';
}

/* Every command in an Arabic line is one isolate: FSI, the command and its arguments with no
 * mark inside, PDI, and nothing of the command after it. */
static void check_commands(const char *line, const char *what)
{
    for (const char *p = line; (p = strchr(p, '!')); p++) {
        if (!(p[1] >= 'a' && p[1] <= 'z'))
            continue;
        size_t fsi = strlen(FSI);
        if ((size_t)(p - line) < fsi || strncmp(p - fsi, FSI, fsi) != 0)
            fail_msg("%s: the command at \"%s\" is not isolated from its start: %s", what, p, line);
        int len = isolate_len(p - fsi);
        if (len < 0 || has_mark(p, (size_t)len))
            fail_msg("%s: a mark inside the command at \"%s\": %s", what, p, line);
        const char *after = p + len + strlen(PDI);
        while (*after == ' ')
            after++;
        unsigned char c = (unsigned char)*after;
        if (c && c < 0x80 && !strchr("),;", c))
            fail_msg("%s: the command at \"%s\" goes on after its isolate: %s", what, p, line);
    }
}

static void test_arabic_commands_whole(void **state)
{
    (void)state;
    int commands = 0;
    for (int m = 0; m < MSG_COUNT; m++) {
        const char *text = tr(LANG_AR, m);
        if (!strstr(text, "%s") || i18n_is_plural(m))
            continue;
        char line[4096];
        fill(text, line, sizeof line);
        if (strstr(line, "!"))
            commands++;
        check_commands(line, i18n_english(m));
    }
    assert_true(commands > 20);
    /* The lines the render layer and the bot make the same way. */
    char buf[512];
    i18n_format(LANG_AR, buf, sizeof buf, MSG_BOT_SETUP_ROAD_3, "ann", 23, 17, 18, 29, "!", 23);
    assert_non_null(strstr(buf, FSI "!road 23-N" PDI));
    check_commands(buf, "setup road");
    i18n_format(LANG_AR, buf, sizeof buf, MSG_HINT_ROBBER_PIRATE, "!", "!");
    assert_non_null(strstr(buf, FSI "!robber HEX [NICK]" PDI));
    assert_non_null(strstr(buf, FSI "!pirate HEX [NICK]" PDI));
    i18n_format(LANG_AR, buf, sizeof buf, MSG_HINT_CONFIRM, "!", "Alan");
    assert_non_null(strstr(buf, FSI "!trade confirm Alan" PDI));
}

/* The address of the web page is one isolate, with no mark inside it. */
static void test_arabic_url_whole(void **state)
{
    (void)state;
    char buf[512];
    i18n_format(LANG_AR, buf, sizeof buf, MSG_SHOW_WEB, "#katan", "http://127.0.0.1:8080",
                "/g/local/katan");
    const char *url = strstr(buf, "http://127.0.0.1:8080/g/local/katan");
    assert_non_null(url);
    size_t fsi = strlen(FSI);
    assert_true((size_t)(url - buf) >= fsi && strncmp(url - fsi, FSI, fsi) == 0);
    assert_int_equal(isolate_len(url - fsi), (int)strlen("http://127.0.0.1:8080/g/local/katan"));
    /* Times and ranges are whole too; a nick keeps its own isolate before a colon. */
    char iso[128];
    assert_string_equal(i18n_isolate("%d:%02d %d-%d %s: %d%%", iso, sizeof iso),
                        FSI "%d:%02d" PDI " " FSI "%d-%d" PDI " " FSI "%s" PDI ": " FSI "%d%%" PDI);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glossary),
        cmocka_unit_test(test_glossary_checker),
        cmocka_unit_test(test_resource_words_agree),
        cmocka_unit_test(test_plural_categories),
        cmocka_unit_test(test_plural_words),
        cmocka_unit_test(test_plural_messages),
        cmocka_unit_test(test_arabic_commands_whole),
        cmocka_unit_test(test_arabic_url_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
