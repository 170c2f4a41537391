/* Tests of src/cmd/words: the words of commands and the board addresses of SPEC 3 and 4. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "cmd/words.h"
#include "i18n/i18n.h"

static char msg[200];

/* Split a literal into words in a static buffer, as the command layer will. */
static int split(const char *text, char **argv, int max)
{
    static char line[512];
    strcpy(line, text);
    return words_tokenize(line, argv, max);
}

static void assert_msg_clean(void)
{
    for (const char *p = msg; *p; p++)
        assert_true((unsigned char)*p >= 0x20 && *p != 0x7f);
}

/* ---- resources ---- */

static void test_resource_names(void **state)
{
    (void)state;
    static const struct {
        const char *word;
        int res;
    } ok[] = {
        {"wood", RES_WOOD},    {"brick", RES_BRICK},  {"wool", RES_WOOL},  {"grain", RES_GRAIN},
        {"ore", RES_ORE},      {"lumber", RES_WOOD},  {"clay", RES_BRICK}, {"sheep", RES_WOOL},
        {"wheat", RES_GRAIN},  {"WOOD", RES_WOOD},    {"Ore", RES_ORE},    {"ShEeP", RES_WOOL},
        {"o", RES_ORE},        {"b", RES_BRICK},      {"sh", RES_WOOL},    {"s", RES_WOOL},
        {"gr", RES_GRAIN},     {"g", RES_GRAIN},      {"wh", RES_GRAIN},   {"whe", RES_GRAIN},
        {"lum", RES_WOOD},     {"wool", RES_WOOL},    {"l", RES_WOOD},     {"c", RES_BRICK},
        {"bricks", RES_BRICK}, {"ores", RES_ORE},     {"woods", RES_WOOD}, {"sheeps", RES_WOOL},
        {"wools", RES_WOOL},   {"GRAINS", RES_GRAIN},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        msg[0] = '\0';
        assert_int_equal(words_resource(ok[i].word, msg, sizeof msg), ok[i].res);
        assert_string_equal(msg, "");
    }
}

static void test_command_aliases(void **state)
{
    (void)state;
    words_set_language(LANG_UK);
    assert_string_equal(words_command_alias("кинути"), "roll");
    assert_string_equal(words_command_alias("КІНЕЦЬ"), "end");
    assert_string_equal(words_command_alias("доро"), "road");
    assert_null(words_command_alias("к")); /* кинути, кінець, купити: three commands */
    assert_null(words_command_alias("roll"));
    words_set_language(LANG_SR);
    assert_string_equal(words_command_alias("grad"), "city"); /* whole word before "gradi" */
    assert_string_equal(words_command_alias("gradi"), "build");
    assert_string_equal(words_command_alias("Počni"), "start");
    words_set_language(LANG_AR);
    assert_string_equal(words_command_alias("ارم"), "roll");
    words_set_language(LANG_EN);
    assert_null(words_command_alias("кинути"));
}

static void test_resource_ambiguous(void **state)
{
    (void)state;
    assert_int_equal(words_resource("w", msg, sizeof msg), BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"w\" is ambiguous: wood, wool, wheat");
    assert_int_equal(words_resource("W", msg, sizeof msg), BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"W\" is ambiguous: wood, wool, wheat");
    assert_int_equal(words_resource("wo", msg, sizeof msg), BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"wo\" is ambiguous: wood, wool");
}

/* Cities & Knights: the commodities in a LIST of goods, with plurals, prefixes and the
 * channel's language's names; a LIST of resources still refuses them, and "c" stays clay. */
static void test_goods(void **state)
{
    (void)state;
    uint8_t counts[GOOD_COUNT];
    char line[] = "2 coins, paper 1 ore cloth";
    char *argv[8];
    int argc = words_tokenize(line, argv, 8);
    assert_int_equal(words_goods(argc, argv, counts, msg, sizeof msg), 5);
    assert_int_equal(counts[GOOD_PAPER + COM_COIN], 2);
    assert_int_equal(counts[GOOD_PAPER + COM_PAPER], 1);
    assert_int_equal(counts[GOOD_PAPER + COM_CLOTH], 1);
    assert_int_equal(counts[RES_ORE], 1);
    uint8_t res[RES_COUNT];
    assert_int_equal(words_list(argc, argv, res, msg, sizeof msg), BW_E(PARSE));
    assert_string_equal(msg, "\"coins\" is not a resource (wood, brick, wool, grain, ore)");
    assert_int_equal(words_resource("c", msg, sizeof msg), RES_BRICK);
    assert_int_equal(words_resource("cloth", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_good("c", msg, sizeof msg), BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"c\" is ambiguous: clay, cloth, coin");
    assert_int_equal(words_good("pap", msg, sizeof msg), GOOD_PAPER + COM_PAPER);
    assert_int_equal(words_good("silk", msg, sizeof msg), BW_E(PARSE));
    assert_string_equal(msg, "\"silk\" is not a resource or commodity (wood, brick, wool, grain, "
                             "ore, paper, cloth, coin)");
    assert_string_equal(words_good_name(GOOD_PAPER + COM_CLOTH), "cloth");
    assert_string_equal(words_good_name(RES_ORE), "ore");
    words_set_language(LANG_UK);
    assert_int_equal(words_good("монети", msg, sizeof msg), GOOD_PAPER + COM_COIN);
    assert_int_equal(words_good("Тканину", msg, sizeof msg), GOOD_PAPER + COM_CLOTH);
    words_set_language(LANG_EN);
}

static void test_resource_unknown(void **state)
{
    (void)state;
    assert_int_equal(words_resource("gold", msg, sizeof msg), BW_E(PARSE));
    assert_non_null(strstr(msg, "\"gold\" is not a resource"));
    assert_non_null(strstr(msg, "wood, brick, wool, grain, ore"));
    assert_int_equal(words_resource("", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_resource("woody", msg, sizeof msg), BW_E(PARSE));
    /* Cloth for Catan's cloth is not a resource card: no offer, bank trade or harbor takes it
     * (README "Maps"). */
    assert_int_equal(words_resource("cloth", msg, sizeof msg), BW_E(PARSE));
    assert_non_null(strstr(msg, "\"cloth\" is not a resource"));
    assert_int_equal(words_resource("s", NULL, 0), RES_WOOL);
    assert_int_equal(words_resource("x", NULL, 0), BW_E(PARSE));

    /* A hostile word comes back shortened and without control characters. */
    assert_int_equal(words_resource("x\r\nQUIT :bye\x03"
                                    "4aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                                    msg, sizeof msg),
                     BW_E(PARSE));
    assert_msg_clean();
    assert_non_null(strstr(msg, "xQUIT :bye"));
    assert_non_null(strstr(msg, "...\""));

    /* A tiny buffer is truncated, not overrun. */
    char small[8];
    assert_int_equal(words_resource("w", small, sizeof small), BW_E(AMBIGUOUS));
    assert_string_equal(small, "\"w\" is ");
    assert_string_equal(words_resource_name(RES_GRAIN), "grain");
    assert_string_equal(words_resource_name(RES_COUNT), "?");
}

static void test_lookup_generic(void **state)
{
    (void)state;
    static const struct words_name cmds[] = {
        {"trade", 1}, {"top", 2}, {"stats", 3},   {"status", 4},
        {"done", 5},  {"end", 5}, {"endturn", 5}, {NULL, 0},
    };
    assert_int_equal(words_lookup("tr", cmds, "command", msg, sizeof msg), 1);
    assert_int_equal(words_lookup("TOP", cmds, "command", msg, sizeof msg), 2);
    assert_int_equal(words_lookup("stats", cmds, "command", msg, sizeof msg), 3);
    assert_int_equal(words_lookup("statu", cmds, "command", msg, sizeof msg), 4);
    assert_int_equal(words_lookup("en", cmds, "command", msg, sizeof msg), 5);
    assert_int_equal(words_lookup("t", cmds, "command", msg, sizeof msg), BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"t\" is ambiguous: trade, top");
    assert_int_equal(words_lookup("stat", cmds, "command", msg, sizeof msg), BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"stat\" is ambiguous: stats, status");
    assert_int_equal(words_lookup("zap", cmds, "command", msg, sizeof msg), BW_E(PARSE));
    assert_string_equal(msg, "\"zap\" is not a command");
}

/* The maps and variants as the lobby gives them to words_phrase: names, then titles. */
static const struct words_name maps[] = {
    {"base", 0},
    {"four_islands", 1},
    {"new_shores", 2},
    {"fog_islands", 3},
    {"the base game", 0},
    {"The Four Islands", 1},
    {"Heading for New Shores", 2},
    {"The Fog Islands", 3},
    {NULL, 0},
};
static const struct words_name variants[] = {
    {"none", 0},       {"jungle", 1},          {"river", 2}, {"no variant", 0},
    {"the Jungle", 1}, {"the Great River", 2}, {NULL, 0},
};

static int phrase(const char *text, const struct words_name *names, const char *what)
{
    char *argv[16];
    int argc = split(text, argv, 16);
    assert_true(argc >= 1);
    msg[0] = '\0';
    return words_phrase(argc, argv, names, what, msg, sizeof msg);
}

static void test_phrase_names(void **state)
{
    (void)state;
    /* Every way of saying New Shores, and unique prefixes of a name or a title. */
    static const char *const new_shores[] = {
        "new shores",   "Heading for New Shores",
        "new_shores",   "New-Shores",
        "NEW   SHORES", "new",
        "new sh",       "heading",
        "heading for",  "the new shores",
        "new_shores_",  "-new-shores-",
    };
    for (size_t i = 0; i < sizeof new_shores / sizeof new_shores[0]; i++) {
        if (phrase(new_shores[i], maps, "map") != 2)
            fail_msg("\"%s\" is not new_shores: %s", new_shores[i], msg);
        assert_string_equal(msg, ""); /* untouched on success */
    }
    assert_int_equal(phrase("fog", maps, "map"), 3);
    assert_int_equal(phrase("The Fog Islands", maps, "map"), 3);
    assert_int_equal(phrase("fou", maps, "map"), 1);
    assert_int_equal(phrase("four islands", maps, "map"), 1);
    assert_int_equal(phrase("the four islands", maps, "map"), 1);
    assert_int_equal(phrase("BASE", maps, "map"), 0);
    assert_int_equal(phrase("base game", maps, "map"), 0);
    assert_int_equal(phrase("the base game", maps, "map"), 0);

    assert_int_equal(phrase("jungle", variants, "variant"), 1);
    assert_int_equal(phrase("the jungle", variants, "variant"), 1);
    assert_int_equal(phrase("river", variants, "variant"), 2);
    assert_int_equal(phrase("great river", variants, "variant"), 2);
    assert_int_equal(phrase("the great river", variants, "variant"), 2);
    assert_int_equal(phrase("Great_River", variants, "variant"), 2);
    assert_int_equal(phrase("gr", variants, "variant"), 2);
    assert_int_equal(phrase("n", variants, "variant"), 0);
    assert_int_equal(phrase("no variant", variants, "variant"), 0);

    /* A whole name wins over the longer names it begins. */
    static const struct words_name rivers[] = {{"river delta", 1}, {"river", 2}, {NULL, 0}};
    assert_int_equal(phrase("river", rivers, "variant"), 2);
    assert_int_equal(phrase("river d", rivers, "variant"), 1);
}

static void test_phrase_refused(void **state)
{
    (void)state;
    /* Ambiguous: the candidates by their names (the first row of each), never their titles. */
    static const struct {
        const char *text;
        const struct words_name *names;
        int rc;
        const char *msg;
    } cases[] = {
        {"f", maps, BW_E(AMBIGUOUS), "\"f\" is ambiguous: four_islands, fog_islands"},
        {"the f", maps, BW_E(AMBIGUOUS), "\"the f\" is ambiguous: four_islands, fog_islands"},
        {"the", maps, BW_E(PARSE), "\"the\" is not a map"},
        {"new shores island", maps, BW_E(PARSE), "\"new shores island\" is not a map"},
        {"atlantis", maps, BW_E(PARSE), "\"atlantis\" is not a map"},
        {"_", maps, BW_E(PARSE), "\"_\" is not a map"},
        {"jungles", variants, BW_E(PARSE), "\"jungles\" is not a variant"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *what = cases[i].names == maps ? "map" : "variant";
        assert_int_equal(phrase(cases[i].text, cases[i].names, what), cases[i].rc);
        assert_string_equal(msg, cases[i].msg);
    }
    /* What is quoted back is the user's text, cleaned and cut. */
    char text[] = "new\x01shores\x07xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    char *argv[1] = {text};
    assert_int_equal(words_phrase(1, argv, maps, "map", msg, sizeof msg), BW_E(PARSE));
    assert_msg_clean();
    assert_non_null(strstr(msg, "...\" is not a map"));
}

/* ---- LIST ---- */

static int list(const char *text, uint8_t counts[RES_COUNT])
{
    char *argv[32];
    int argc = split(text, argv, 32);
    assert_true(argc >= 0);
    msg[0] = '\0';
    return words_list(argc, argv, counts, msg, sizeof msg);
}

static void assert_counts(const uint8_t c[RES_COUNT], int wood, int brick, int wool, int grain,
                          int ore)
{
    assert_int_equal(c[RES_WOOD], wood);
    assert_int_equal(c[RES_BRICK], brick);
    assert_int_equal(c[RES_WOOL], wool);
    assert_int_equal(c[RES_GRAIN], grain);
    assert_int_equal(c[RES_ORE], ore);
}

/* In a channel that speaks another language its names count too, in any case and by unique
 * prefix; elsewhere they are not resources. */
static void test_resource_aliases(void **state)
{
    (void)state;
    static const struct {
        int lang;
        const char *word;
        int res;
    } ok[] = {
        {LANG_UK, "деревина", RES_WOOD}, {LANG_UK, "ДЕРЕВИНА", RES_WOOD},
        {LANG_UK, "ліс", RES_WOOD},      {LANG_UK, "Глина", RES_BRICK},
        {LANG_UK, "вовна", RES_WOOL},    {LANG_UK, "зерно", RES_GRAIN},
        {LANG_UK, "руда", RES_ORE},      {LANG_UK, "р", RES_ORE},
        {LANG_UK, "ЦЕГ", RES_BRICK},     {LANG_UK, "wood", RES_WOOD},
        {LANG_SR, "drvo", RES_WOOD},     {LANG_SR, "ŽITO", RES_GRAIN},
        {LANG_SR, "žito", RES_GRAIN},    {LANG_SR, "zito", RES_GRAIN},
        {LANG_SR, "Cigla", RES_BRICK},   {LANG_SR, "ruda", RES_ORE},
        {LANG_SR, "vuna", RES_WOOL},     {LANG_AR, "خشب", RES_WOOD},
        {LANG_AR, "طوب", RES_BRICK},     {LANG_AR, "صوف", RES_WOOL},
        {LANG_AR, "قمح", RES_GRAIN},     {LANG_AR, "خام", RES_ORE},
        {LANG_AR, "ore", RES_ORE},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        words_set_language(ok[i].lang);
        msg[0] = '\0';
        int got = words_resource(ok[i].word, msg, sizeof msg);
        if (got != ok[i].res)
            fail_msg("%s: \"%s\" gave %d (%s)", i18n_code(ok[i].lang), ok[i].word, got, msg);
    }
    uint8_t c[RES_COUNT];
    words_set_language(LANG_UK);
    assert_int_equal(list("2 деревина 1 РУДА, 3вовна", c), 6);
    assert_counts(c, 2, 0, 3, 0, 1);
    words_set_language(LANG_AR);
    assert_int_equal(list("2 خشب 1 قمح", c), 3);
    assert_counts(c, 2, 0, 0, 1, 0);
    /* Ambiguous within the language: reported as typed. */
    words_set_language(LANG_UK);
    assert_int_equal(words_resource("В", msg, sizeof msg), RES_WOOL); /* вовна, вівці */
    words_set_language(LANG_SR);
    assert_int_equal(words_resource("G", msg, sizeof msg), BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"G\" je dvosmisleno: grain, glina"); /* in Serbian too */
    words_set_language(LANG_UK);
    assert_int_equal(words_resource("xyz", msg, sizeof msg), BW_E(PARSE));
    assert_string_equal(msg, "\"xyz\" — не ресурс (дерево, глина, вовна, збіжжя, руда)");
    /* In English, and for a language out of range, they are not resources. */
    words_set_language(LANG_EN);
    assert_int_equal(words_resource("деревина", msg, sizeof msg), BW_E(PARSE));
    words_set_language(99);
    assert_int_equal(words_resource("drvo", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_resource("g", msg, sizeof msg), RES_GRAIN);
    words_set_language(LANG_EN);
}

static void test_list_forms(void **state)
{
    (void)state;
    uint8_t c[RES_COUNT];
    assert_int_equal(list("2 wood 1 ore", c), 3);
    assert_counts(c, 2, 0, 0, 0, 1);
    assert_int_equal(list("2wood ore", c), 3);
    assert_counts(c, 2, 0, 0, 0, 1);
    assert_int_equal(list("wood wood ore", c), 3);
    assert_counts(c, 2, 0, 0, 0, 1);
    assert_int_equal(list("1 grain, 2 ore", c), 3);
    assert_counts(c, 0, 0, 0, 1, 2);
    assert_int_equal(list("1 grain ,2 ore", c), 3);
    assert_counts(c, 0, 0, 0, 1, 2);
    assert_int_equal(list("1grain,2ore", c), 3);
    assert_counts(c, 0, 0, 0, 1, 2);
    assert_int_equal(list("2wood1ore", c), 3);
    assert_counts(c, 2, 0, 0, 0, 1);
    assert_int_equal(list("3 Sheep and 1 CLAY", c), 4);
    assert_counts(c, 0, 1, 3, 0, 0);
    assert_int_equal(list("2 bricks + wh; lumber", c), 4);
    assert_counts(c, 1, 2, 0, 1, 0);
    assert_int_equal(list("1 wood 2 wood o", c), 4);
    assert_counts(c, 3, 0, 0, 0, 1);
    assert_int_equal(list("99 ore", c), 99);
    assert_counts(c, 0, 0, 0, 0, 99);
    assert_int_equal(list("07 ore", c), 7);
}

static void test_list_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int err;
        const char *in_msg;
    } bad[] = {
        {"", BW_E(PARSE), "expected resources"},
        {",", BW_E(PARSE), "expected resources"},
        {"and", BW_E(PARSE), "expected resources"},
        {"0 wood", BW_E(INVALID), "at least 1"},
        {"-1 wood", BW_E(INVALID), "negative"},
        {"2 -1 wood", BW_E(INVALID), "negative"},
        {"2", BW_E(PARSE), "after 2"},
        {"wood 2", BW_E(PARSE), "after 2"},
        {"2 3 wood", BW_E(PARSE), "after 2"},
        {"2, wood", BW_E(PARSE), "after 2"},
        {"2 and wood", BW_E(PARSE), "after 2"},
        {"2 gold", BW_E(PARSE), "\"gold\" is not a resource"},
        {"w", BW_E(AMBIGUOUS), "wood, wool, wheat"},
        {"wood!", BW_E(PARSE), "unexpected \"!\" in \"wood!\""},
        {"2x wood", BW_E(PARSE), "\"x\""},
        {"1.5 ore", BW_E(PARSE), "\".\""},
        {"2 w\xC3\xB6od", BW_E(PARSE), "\xC3\xB6"},
        {"1 wood\x01", BW_E(PARSE), "unexpected character"},
        {"100 wood", BW_E(LIMIT), "at most 99"},
        {"99999999999999999999999 wood", BW_E(LIMIT), "at most 99"},
        {"50 wood 50 ore", BW_E(LIMIT), "at most 99"},
        {"99 wood wood", BW_E(LIMIT), "at most 99"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint8_t c[RES_COUNT];
        memset(c, 0xAA, sizeof c);
        int r = list(bad[i].text, c);
        if (r != bad[i].err || !strstr(msg, bad[i].in_msg))
            fail_msg("\"%s\": got %d \"%s\", want %d with \"%s\"", bad[i].text, r, msg, bad[i].err,
                     bad[i].in_msg);
        assert_msg_clean();
        for (int k = 0; k < RES_COUNT; k++)
            assert_int_equal(c[k], 0xAA);
    }
}

/* ---- development cards ---- */

static void test_dev_cards(void **state)
{
    (void)state;
    static const struct {
        const char *word;
        int card;
    } ok[] = {
        {"knight", DEV_KNIGHT},
        {"k", DEV_KNIGHT},
        {"KNIGHT", DEV_KNIGHT},
        {"roads", DEV_ROADS},
        {"road", DEV_ROADS},
        {"roadbuilding", DEV_ROADS},
        {"r", DEV_ROADS},
        {"RoadB", DEV_ROADS},
        {"plenty", DEV_PLENTY},
        {"yop", DEV_PLENTY},
        {"p", DEV_PLENTY},
        {"y", DEV_PLENTY},
        {"yearofplenty", DEV_PLENTY},
        {"monopoly", DEV_MONOPOLY},
        {"mono", DEV_MONOPOLY},
        {"m", DEV_MONOPOLY},
        {"victory", DEV_VICTORY},
        {"vp", DEV_VICTORY},
        {"v", DEV_VICTORY},
        {"victorypoint", DEV_VICTORY},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        assert_int_equal(words_dev_card(ok[i].word, msg, sizeof msg), ok[i].card);
    assert_int_equal(words_dev_card("wizard", msg, sizeof msg), BW_E(PARSE));
    assert_non_null(strstr(msg, "\"wizard\" is not a development card"));
    assert_int_equal(words_dev_card("", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_dev_card("roadz", msg, sizeof msg), BW_E(PARSE));
}

static void test_dev_card_args(void **state)
{
    (void)state;
    char *argv[8];
    int used = 0;
    int argc = split("road building 12-13 13-14", argv, 8);
    assert_int_equal(words_dev_card_args(argc, argv, &used, msg, sizeof msg), DEV_ROADS);
    assert_int_equal(used, 2);
    argc = split("Year Of Plenty wood ore", argv, 8);
    assert_int_equal(words_dev_card_args(argc, argv, &used, msg, sizeof msg), DEV_PLENTY);
    assert_int_equal(used, 3);
    argc = split("victory points", argv, 8);
    assert_int_equal(words_dev_card_args(argc, argv, &used, msg, sizeof msg), DEV_VICTORY);
    assert_int_equal(used, 2);
    argc = split("roads 1-4", argv, 8);
    assert_int_equal(words_dev_card_args(argc, argv, &used, msg, sizeof msg), DEV_ROADS);
    assert_int_equal(used, 1);
    argc = split("knight J bob", argv, 8);
    assert_int_equal(words_dev_card_args(argc, argv, &used, msg, sizeof msg), DEV_KNIGHT);
    assert_int_equal(used, 1);
    argc = split("year of", argv, 8);
    assert_int_equal(words_dev_card_args(argc, argv, &used, msg, sizeof msg), DEV_PLENTY);
    assert_int_equal(used, 1);
    argc = split("dragon", argv, 8);
    assert_int_equal(words_dev_card_args(argc, argv, &used, msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_dev_card_args(0, argv, &used, msg, sizeof msg), BW_E(PARSE));
}

/* ---- the board ---- */

static void test_vertex(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_BASE);
    assert_int_equal(geo->n_vertices, 54);
    assert_int_equal(words_vertex(geo, "1", msg, sizeof msg), 0);
    assert_int_equal(words_vertex(geo, "54", msg, sizeof msg), 53);
    assert_int_equal(words_vertex(geo, "007", msg, sizeof msg), 6);
    assert_int_equal(words_vertex(geo, "0", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_int_equal(words_vertex(geo, "55", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_string_equal(msg, "there is no vertex \"55\": they are numbered 1 to 54");
    assert_int_equal(words_vertex(geo, "99999999999999999999", msg, sizeof msg),
                     BW_E(NO_SUCH_SPOT));
    assert_int_equal(words_vertex(geo, "x", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_vertex(geo, "", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_vertex(geo, "1a", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_vertex(geo, "-1", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_vertex(geo, "+1", msg, sizeof msg), BW_E(PARSE));

    const struct board_geo *big = board_geo(BOARD_BIG);
    assert_int_equal(big->n_vertices, 80);
    assert_int_equal(words_vertex(big, "80", msg, sizeof msg), 79);
    assert_int_equal(words_vertex(big, "81", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
}

static void test_edge(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_BASE);
    int e = words_edge(geo, "1-4", msg, sizeof msg);
    assert_true(e >= 0 && e < geo->n_edges);
    assert_int_equal(e, board_edge_between(geo, 0, 3));
    assert_int_equal(words_edge(geo, "4-1", msg, sizeof msg), e);
    assert_int_equal(words_edge(geo,
                                "1\xE2\x80\x93"
                                "4",
                                msg, sizeof msg),
                     e);
    assert_true(words_edge(geo, "1-5", msg, sizeof msg) >= 0);
    assert_true(words_edge(geo, "1-5", msg, sizeof msg) != e);

    /* Around hex A: N=1, NE=5, SE=9, S=13, SW=8, NW=4; consecutive corners share an edge. */
    static const char *const ring[] = {"1-5", "5-9", "9-13", "13-8", "8-4", "4-1"};
    for (int i = 0; i < 6; i++)
        assert_true(words_edge(geo, ring[i], msg, sizeof msg) >= 0);

    assert_int_equal(words_edge(geo, "12-14", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_string_equal(msg, "12 and 14 are not neighbours");
    assert_int_equal(words_edge(geo, "1-9", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_string_equal(msg, "1 and 9 are not neighbours");
    assert_int_equal(words_edge(geo, "4-4", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_int_equal(words_edge(geo, "1-99", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_non_null(strstr(msg, "99"));
    assert_int_equal(words_edge(geo, "12", msg, sizeof msg), BW_E(PARSE));
    assert_non_null(strstr(msg, "e.g. 12-13"));
    assert_int_equal(words_edge(geo, "1-", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_edge(geo, "-4", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_edge(geo, "1--4", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_edge(geo, "1-4-5", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_edge(geo, "a-b", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_edge(geo, "", msg, sizeof msg), BW_E(PARSE));
}

static void test_hex(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_BASE);
    int a = words_hex(geo, "A", msg, sizeof msg);
    assert_int_equal(a, 0);
    assert_int_equal(words_hex(geo, "a", msg, sizeof msg), 0);
    assert_int_equal(words_hex(geo, "j", msg, sizeof msg), 9);
    assert_int_equal(words_hex(geo, "S", msg, sizeof msg), 18);
    assert_int_equal(words_hex(geo, "T", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_non_null(strstr(msg, "A to S"));
    assert_int_equal(words_hex(geo, "AA", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_int_equal(words_hex(geo, "1", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_hex(geo, "", msg, sizeof msg), BW_E(PARSE));
    assert_int_equal(words_hex(geo, "A1", msg, sizeof msg), BW_E(PARSE));

    /* The corners of hex A as SPEC 4 numbers them, read back through the parsers. */
    assert_int_equal(geo->hex_vertex[a][CORNER_N], words_vertex(geo, "1", msg, sizeof msg));
    assert_int_equal(geo->hex_vertex[a][CORNER_NE], words_vertex(geo, "5", msg, sizeof msg));
    assert_int_equal(geo->hex_vertex[a][CORNER_SE], words_vertex(geo, "9", msg, sizeof msg));
    assert_int_equal(geo->hex_vertex[a][CORNER_S], words_vertex(geo, "13", msg, sizeof msg));
    assert_int_equal(geo->hex_vertex[a][CORNER_SW], words_vertex(geo, "8", msg, sizeof msg));
    assert_int_equal(geo->hex_vertex[a][CORNER_NW], words_vertex(geo, "4", msg, sizeof msg));

    const struct board_geo *big = board_geo(BOARD_BIG);
    assert_int_equal(words_hex(big, "Z", msg, sizeof msg), 25);
    assert_int_equal(words_hex(big, "ad", msg, sizeof msg), 29);
    assert_int_equal(words_hex(big, "AE", msg, sizeof msg), BW_E(NO_SUCH_SPOT));
    assert_non_null(strstr(msg, "A to AD"));
}

/* ---- lines and trades ---- */

static void test_tokenize(void **state)
{
    (void)state;
    char *argv[4];
    char line[] = "  trade\toffer  2wood   for ore ";
    assert_int_equal(words_tokenize(line, argv, 4), BW_E(LIMIT));
    char line2[] = "  trade\toffer  2wood ";
    assert_int_equal(words_tokenize(line2, argv, 4), 3);
    assert_string_equal(argv[0], "trade");
    assert_string_equal(argv[1], "offer");
    assert_string_equal(argv[2], "2wood");
    char line3[] = " \t ";
    assert_int_equal(words_tokenize(line3, argv, 4), 0);
}

static void test_trade_split(void **state)
{
    (void)state;
    char *argv[16];
    struct words_trade t;
    int argc = split("2 wood 1 ore for grain to bob carol", argv, 16);
    assert_int_equal(words_trade_split(argc, argv, true, &t, msg, sizeof msg), BW_OK);
    assert_int_equal(t.give_argc, 4);
    assert_ptr_equal(t.give_argv, argv);
    assert_int_equal(t.get_argc, 1);
    assert_string_equal(t.get_argv[0], "grain");
    assert_int_equal(t.to_argc, 2);
    assert_string_equal(t.to_argv[0], "bob");
    assert_string_equal(t.to_argv[1], "carol");

    argc = split("wood TO bob For ore", argv, 16);
    assert_int_equal(words_trade_split(argc, argv, true, &t, msg, sizeof msg), BW_OK);
    assert_int_equal(t.give_argc, 1);
    assert_int_equal(t.to_argc, 1);
    assert_string_equal(t.to_argv[0], "bob");
    assert_int_equal(t.get_argc, 1);
    assert_string_equal(t.get_argv[0], "ore");

    argc = split("4 wood for ore", argv, 16);
    assert_int_equal(words_trade_split(argc, argv, false, &t, msg, sizeof msg), BW_OK);
    assert_int_equal(t.to_argc, 0);

    /* After "for ... to", everything is a nick, even one spelled "to" or "for". */
    argc = split("wood for ore to to for", argv, 16);
    assert_int_equal(words_trade_split(argc, argv, true, &t, msg, sizeof msg), BW_OK);
    assert_int_equal(t.to_argc, 2);
    assert_string_equal(t.to_argv[0], "to");
    assert_string_equal(t.to_argv[1], "for");

    static const struct {
        const char *text;
        bool allow_to;
        const char *in_msg;
    } bad[] = {
        {"2 wood 1 ore", true, "\"for\""},
        {"", true, "\"for\""},
        {"for ore", true, "nothing to give"},
        {"wood for", true, "nothing to get"},
        {"wood for to bob", true, "nothing to get"},
        {"wood for ore to", true, "at least one nick"},
        {"wood for ore for brick", true, "only once"},
        {"wood to bob to carol for ore", true, "only once"},
        {"4 wood for ore to bob", false, "bank"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        argc = split(bad[i].text, argv, 16);
        int r = words_trade_split(argc, argv, bad[i].allow_to, &t, msg, sizeof msg);
        if (r != BW_E(PARSE) || !strstr(msg, bad[i].in_msg))
            fail_msg("\"%s\": got %d \"%s\"", bad[i].text, r, msg);
    }
}

static void test_trade_parse(void **state)
{
    (void)state;
    char *argv[16];
    struct words_trade t;
    uint8_t give[RES_COUNT], get[RES_COUNT];
    int argc = split("2wood, 1 ore for 1 grain to alice", argv, 16);
    assert_int_equal(words_trade(argc, argv, true, give, get, &t, msg, sizeof msg), BW_OK);
    assert_counts(give, 2, 0, 0, 0, 1);
    assert_counts(get, 0, 0, 0, 1, 0);
    assert_int_equal(t.to_argc, 1);

    memset(give, 0xAA, sizeof give);
    memset(get, 0xAA, sizeof get);
    argc = split("2 wood for 1 w", argv, 16);
    assert_int_equal(words_trade(argc, argv, false, give, get, &t, msg, sizeof msg),
                     BW_E(AMBIGUOUS));
    assert_string_equal(msg, "\"w\" is ambiguous: wood, wool, wheat");
    for (int k = 0; k < RES_COUNT; k++)
        assert_true(give[k] == 0xAA && get[k] == 0xAA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resource_names),
        cmocka_unit_test(test_resource_aliases),
        cmocka_unit_test(test_command_aliases),
        cmocka_unit_test(test_resource_ambiguous),
        cmocka_unit_test(test_resource_unknown),
        cmocka_unit_test(test_goods),
        cmocka_unit_test(test_lookup_generic),
        cmocka_unit_test(test_phrase_names),
        cmocka_unit_test(test_phrase_refused),
        cmocka_unit_test(test_list_forms),
        cmocka_unit_test(test_list_errors),
        cmocka_unit_test(test_dev_cards),
        cmocka_unit_test(test_dev_card_args),
        cmocka_unit_test(test_vertex),
        cmocka_unit_test(test_edge),
        cmocka_unit_test(test_hex),
        cmocka_unit_test(test_tokenize),
        cmocka_unit_test(test_trade_split),
        cmocka_unit_test(test_trade_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
