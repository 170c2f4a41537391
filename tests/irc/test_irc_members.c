/* Who is a channel operator, as the IRC layer's member list tracks it: NAMES prefixes (one, or
 * several with multi-prefix), MODE lines read against the server's ISUPPORT PREFIX and
 * CHANMODES (parameters matched to their modes), a new JOIN, a rename, PART and KICK, and
 * hostile MODE lines that must neither crash nor give anyone a status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irc/members.h"

/* A member list for #c where ngIRCd's statuses and modes apply. */
static void setup_members(struct ircb_members *m, struct ircb_chanmodes *cm)
{
    ircb_members_init(m);
    ircb_chanmodes_init(cm);
    assert_true(ircb_chanmodes_set_prefix(cm, "(qaohv)~&@%+"));
    assert_true(ircb_chanmodes_set_chanmodes(cm, "beI,k,l,imMnOPQRstVz"));
}

/* A MODE line "#c +ob-v alice *!*@x bob" as words after the channel. */
static bool mode(struct ircb_members *m, const struct ircb_chanmodes *cm, const char *chan,
                 const char *line)
{
    char buf[1024];
    const char *args[64];
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && n < 64;
         w = strtok_r(NULL, " ", &save))
        args[n++] = w;
    return ircb_members_mode(m, chan, cm, args, n);
}

static const struct ircb_membership *membership_of(const struct ircb_members *m, const char *nick,
                                                   const char *chan)
{
    const struct ircb_member *u = ircb_members_find(m, nick);
    for (size_t i = 0; u && i < u->nchans; i++)
        if (strcmp(u->chans[i].chan, chan) == 0)
            return &u->chans[i];
    return NULL;
}

static void test_names_prefixes(void **state)
{
    (void)state;
    struct ircb_members m;
    struct ircb_chanmodes cm;
    setup_members(&m, &cm);
    ircb_members_names(&m, "#c", "~owner &admin @op %half +voice plain @+both +@vfirst %+hv",
                       cm.prefixes);
    assert_true(ircb_members_op(&m, "#c", "owner"));
    assert_true(ircb_members_op(&m, "#c", "admin"));
    assert_true(ircb_members_op(&m, "#c", "OP")); /* nicks compare regardless of case */
    assert_false(ircb_members_op(&m, "#c", "half"));
    assert_false(ircb_members_op(&m, "#c", "voice"));
    assert_false(ircb_members_op(&m, "#c", "plain"));
    assert_true(ircb_members_op(&m, "#c", "both"));
    assert_true(ircb_members_op(&m, "#c", "vfirst"));
    assert_false(ircb_members_op(&m, "#c", "hv"));
    /* The prefixes are not part of the nick. */
    assert_non_null(ircb_members_find(&m, "both"));
    assert_null(ircb_members_find(&m, "@+both"));
    assert_null(ircb_members_find(&m, "+both"));
    /* The field itself says so too. */
    assert_true(membership_of(&m, "both", "#c")->op);
    assert_false(membership_of(&m, "half", "#c")->op);
    /* Not in #d; nobody unknown. */
    assert_false(ircb_members_op(&m, "#d", "op"));
    assert_false(ircb_members_op(&m, "#c", "nobody"));
    assert_false(ircb_members_op(&m, NULL, "op"));

    /* A NAMES reply is the whole truth for those it lists: op is gone when it says so. */
    ircb_members_names(&m, "#c", "+op", cm.prefixes);
    assert_false(ircb_members_op(&m, "#c", "op"));

    /* Where PREFIX has no '@', nobody is an operator. */
    struct ircb_chanmodes odd;
    ircb_chanmodes_init(&odd);
    assert_true(ircb_chanmodes_set_prefix(&odd, "(yv)!+"));
    ircb_members_names(&m, "#e", "!bang +v", odd.prefixes);
    assert_false(ircb_members_op(&m, "#e", "bang"));
    ircb_members_fini(&m);
}

static void test_op_per_channel(void **state)
{
    (void)state;
    struct ircb_members m;
    struct ircb_chanmodes cm;
    setup_members(&m, &cm);
    ircb_members_names(&m, "#a", "@alice bob", cm.prefixes);
    ircb_members_names(&m, "#b", "alice @bob", cm.prefixes);
    assert_true(ircb_members_op(&m, "#a", "alice"));
    assert_false(ircb_members_op(&m, "#b", "alice"));
    assert_false(ircb_members_op(&m, "#a", "bob"));
    assert_true(ircb_members_op(&m, "#B", "bob"));
    ircb_members_fini(&m);
}

static void test_mode_changes(void **state)
{
    (void)state;
    struct ircb_members m;
    struct ircb_chanmodes cm;
    setup_members(&m, &cm);
    ircb_members_names(&m, "#c", "alice +bob carol dave", cm.prefixes);

    /* A ban mask and a key between the status modes take their own parameters. */
    assert_true(mode(&m, &cm, "#c", "+ob-v alice *!*@x bob"));
    assert_true(ircb_members_op(&m, "#c", "alice"));
    assert_false(ircb_members_op(&m, "#c", "bob"));
    assert_null(ircb_members_find(&m, "*!*@x"));
    assert_true(mode(&m, &cm, "#c", "+kno secret carol"));
    assert_true(ircb_members_op(&m, "#c", "carol"));
    assert_false(ircb_members_op(&m, "#c", "secret"));
    /* +l takes a parameter, -l none: the nick after -l belongs to +o. */
    assert_true(mode(&m, &cm, "#c", "-lo+o carol dave"));
    assert_false(ircb_members_op(&m, "#c", "carol"));
    assert_true(ircb_members_op(&m, "#c", "dave"));
    assert_true(mode(&m, &cm, "#c", "+l-o 5 dave"));
    assert_false(ircb_members_op(&m, "#c", "dave"));
    assert_false(ircb_members_op(&m, "#c", "5"));
    /* Voice and halfop are not operators. */
    assert_true(mode(&m, &cm, "#c", "+vh dave dave"));
    assert_false(ircb_members_op(&m, "#c", "dave"));

    /* Owner and admin rank above '@'; taking one status away leaves the others. */
    assert_true(mode(&m, &cm, "#c", "+q carol"));
    assert_true(ircb_members_op(&m, "#c", "carol"));
    assert_true(mode(&m, &cm, "#c", "+a-q carol carol"));
    assert_true(ircb_members_op(&m, "#c", "carol"));
    assert_true(mode(&m, &cm, "#c", "+o-a carol carol"));
    assert_true(ircb_members_op(&m, "#c", "carol"));
    assert_true(mode(&m, &cm, "#c", "-o carol"));
    assert_false(ircb_members_op(&m, "#c", "carol"));
    /* Several statuses from multi-prefix NAMES: -o leaves an admin an operator. */
    ircb_members_names(&m, "#c", "&@+erin", cm.prefixes);
    assert_true(mode(&m, &cm, "#c", "-ov erin erin"));
    assert_true(ircb_members_op(&m, "#c", "erin"));
    assert_true(mode(&m, &cm, "#c", "-a erin"));
    assert_false(ircb_members_op(&m, "#c", "erin"));

    ircb_members_fini(&m);

    /* A server without owner and admin: 'q' is a list mode there, 'a' one without parameter. */
    struct ircb_chanmodes plain;
    ircb_chanmodes_init(&plain);
    assert_true(ircb_chanmodes_set_prefix(&plain, "(ov)@+"));
    assert_true(ircb_chanmodes_set_chanmodes(&plain, "beIq,k,l,aimnst"));
    ircb_members_init(&m);
    ircb_members_names(&m, "#c", "alice bob", plain.prefixes);
    assert_true(mode(&m, &plain, "#c", "+qo alice bob"));
    assert_false(ircb_members_op(&m, "#c", "alice"));
    assert_true(ircb_members_op(&m, "#c", "bob"));
    assert_true(mode(&m, &plain, "#c", "+ao alice"));
    assert_true(ircb_members_op(&m, "#c", "alice"));
    assert_true(mode(&m, &plain, "#c", "-q+v-o bob bob bob"));
    assert_false(ircb_members_op(&m, "#c", "bob"));
    assert_true(ircb_members_op(&m, "#c", "alice"));
    ircb_members_fini(&m);
}

static void test_join_rename_part_kick(void **state)
{
    (void)state;
    struct ircb_members m;
    struct ircb_chanmodes cm;
    setup_members(&m, &cm);
    ircb_members_names(&m, "#c", "@alice @bob", cm.prefixes);
    ircb_members_names(&m, "#d", "@alice", cm.prefixes);

    /* A rename keeps the statuses. */
    ircb_members_rename(&m, "alice", "alice_");
    assert_true(ircb_members_op(&m, "#c", "alice_"));
    assert_false(ircb_members_op(&m, "#c", "alice"));

    /* Leaving a channel drops its status; coming back holds none, in that channel only. */
    ircb_members_remove(&m, "#c", "alice_");
    assert_false(ircb_members_op(&m, "#c", "alice_"));
    assert_true(ircb_members_op(&m, "#d", "alice_"));
    ircb_members_join(&m, "#c", "alice_", "u", "h", NULL);
    assert_false(ircb_members_op(&m, "#c", "alice_"));
    assert_true(ircb_members_op(&m, "#d", "alice_"));

    /* A JOIN for someone the bot thought still there holds no status either. */
    ircb_members_join(&m, "#c", "bob", "b", "h", NULL);
    assert_false(ircb_members_op(&m, "#c", "bob"));
    /* WHO after NAMES adds user and host and keeps the status. */
    ircb_members_names(&m, "#c", "@bob", cm.prefixes);
    ircb_members_add(&m, "#c", "bob", "b", "h", "bob");
    assert_true(ircb_members_op(&m, "#c", "bob"));

    /* Kicked (or the bot left): gone with the channel; a stranger under the nick is not op. */
    ircb_members_remove(&m, "#c", "bob");
    assert_null(ircb_members_find(&m, "bob"));
    ircb_members_join(&m, "#c", "bob", "evil", "elsewhere", NULL);
    assert_false(ircb_members_op(&m, "#c", "bob"));
    ircb_members_names(&m, "#c", "@carol", cm.prefixes);
    ircb_members_drop_channel(&m, "#c");
    assert_false(ircb_members_op(&m, "#c", "carol"));
    assert_true(ircb_members_op(&m, "#d", "alice_"));
    ircb_members_quit(&m, "alice_");
    assert_false(ircb_members_op(&m, "#d", "alice_"));
    ircb_members_fini(&m);
}

static void test_hostile_modes(void **state)
{
    (void)state;
    struct ircb_members m;
    struct ircb_chanmodes cm;
    setup_members(&m, &cm);
    ircb_members_names(&m, "#c", "alice bob @carol", cm.prefixes);

    /* Not a member, another channel, a nick with a mask: nothing changes. */
    assert_true(mode(&m, &cm, "#c", "+o mallory"));
    assert_null(ircb_members_find(&m, "mallory"));
    assert_true(mode(&m, &cm, "#other", "+o alice"));
    assert_false(ircb_members_op(&m, "#c", "alice"));
    assert_false(ircb_members_op(&m, "#other", "alice"));
    assert_true(mode(&m, &cm, "#c", "+o alice!x@y"));
    assert_false(ircb_members_op(&m, "#c", "alice"));

    /* More parameters than modes: the extras are nobody's. */
    assert_true(mode(&m, &cm, "#c", "+o alice bob"));
    assert_true(ircb_members_op(&m, "#c", "alice"));
    assert_false(ircb_members_op(&m, "#c", "bob"));

    /* A parameter missing: what came before it stands, the line is not read to its end. */
    assert_false(mode(&m, &cm, "#c", "+oo bob"));
    assert_true(ircb_members_op(&m, "#c", "bob"));
    assert_false(mode(&m, &cm, "#c", "-o"));
    assert_true(ircb_members_op(&m, "#c", "carol"));
    /* The ban takes bob, nothing is left for +o. */
    assert_false(mode(&m, &cm, "#c", "-b+o bob"));
    assert_true(ircb_members_op(&m, "#c", "bob"));

    /* No direction, an unknown mode: stop there, never guess whose parameter follows. */
    assert_false(mode(&m, &cm, "#c", "o alice"));
    assert_false(mode(&m, &cm, "#c", "-Xo whatever alice"));
    assert_true(ircb_members_op(&m, "#c", "alice"));
    assert_false(mode(&m, &cm, "#c", "-\xc3\xa9o alice"));
    assert_true(ircb_members_op(&m, "#c", "alice"));
    /* Commas are not modes, also where CHANMODES has them between its groups. */
    assert_false(mode(&m, &cm, "#c", "-,o alice"));
    assert_true(ircb_members_op(&m, "#c", "alice"));
    /* Signs alone, nothing at all. */
    assert_true(mode(&m, &cm, "#c", "+-+-"));
    assert_true(ircb_members_mode(&m, "#c", &cm, NULL, 0));
    const char *empty[] = {NULL};
    assert_true(ircb_members_mode(&m, "#c", &cm, empty, 1));
    const char *holes[] = {"-o", NULL};
    assert_false(ircb_members_mode(&m, "#c", &cm, holes, 2));
    assert_true(ircb_members_op(&m, "#c", "alice"));

    /* An overlong mode string: read until its parameters run out. */
    char longmodes[3000] = "-";
    memset(longmodes + 1, 'o', sizeof longmodes - 2);
    longmodes[sizeof longmodes - 1] = 0;
    const char *args[] = {longmodes, "alice", "bob"};
    assert_false(ircb_members_mode(&m, "#c", &cm, args, 3));
    assert_false(ircb_members_op(&m, "#c", "alice"));
    assert_false(ircb_members_op(&m, "#c", "bob"));
    assert_true(ircb_members_op(&m, "#c", "carol"));
    /* Many signs and parameter-less modes, then a status: still read right. */
    char many[2000];
    size_t n = 0;
    for (; n < sizeof many - 16; n += 2)
        memcpy(many + n, n % 4 ? "-i" : "+n", 2);
    snprintf(many + n, sizeof many - n, "+o");
    const char *args2[] = {many, "bob"};
    assert_true(ircb_members_mode(&m, "#c", &cm, args2, 2));
    assert_true(ircb_members_op(&m, "#c", "bob"));

    /* After an unreadable line the caller drops every status of the channel. */
    ircb_members_clear_status(&m, "#c");
    assert_false(ircb_members_op(&m, "#c", "bob"));
    assert_false(ircb_members_op(&m, "#c", "carol"));
    assert_int_equal(membership_of(&m, "carol", "#c")->status, 0);
    ircb_members_fini(&m);
}

static void test_isupport_values(void **state)
{
    (void)state;
    struct ircb_chanmodes cm;
    ircb_chanmodes_init(&cm);
    assert_string_equal(cm.status, "qaohv");
    assert_string_equal(cm.prefixes, "~&@%+");

    /* Malformed PREFIX values leave what was known. */
    const char *bad_prefix[] = {
        "qaohv~&@%+", "(qaohv~&@%+", "(qaohv)~&@%", "(qaohv)~&@%+!",
        "(o1)@+",     "(ov)@a",      "(oo)@+",      "(ov)@@",
        "(ov)@,",     "(ov) +",      "(ov)@:",      "(abcdefghijklmnop)~&@%+!#$^*=-_.?;",
        NULL};
    for (const char **p = bad_prefix; *p; p++) {
        assert_false(ircb_chanmodes_set_prefix(&cm, *p));
        assert_string_equal(cm.status, "qaohv");
        assert_string_equal(cm.prefixes, "~&@%+");
    }
    assert_false(ircb_chanmodes_set_prefix(&cm, NULL));
    assert_true(ircb_chanmodes_set_prefix(&cm, "(ov)@+"));
    assert_string_equal(cm.status, "ov");
    assert_string_equal(cm.prefixes, "@+");
    assert_true(ircb_chanmodes_set_prefix(&cm, ""));
    assert_string_equal(cm.status, "");

    /* No statuses at all: MODE +o is a mode nobody described. */
    struct ircb_members m;
    ircb_members_init(&m);
    ircb_members_names(&m, "#c", "@alice", cm.prefixes);
    assert_null(ircb_members_find(&m, "alice"));
    assert_non_null(ircb_members_find(&m, "@alice"));
    assert_false(mode(&m, &cm, "#c", "+o @alice"));
    assert_false(ircb_members_op(&m, "#c", "@alice"));
    ircb_members_fini(&m);

    assert_true(ircb_chanmodes_set_chanmodes(&cm, "beI,k,l,imnpst,XY"));
    assert_string_equal(cm.always, "beIk");
    assert_string_equal(cm.when_set, "l");
    assert_string_equal(cm.never, "imnpst");
    assert_false(ircb_chanmodes_set_chanmodes(&cm, "b@,k,l,i"));
    assert_false(ircb_chanmodes_set_chanmodes(&cm, "b e,k,l,i"));
    char huge[200];
    memset(huge, 'b', sizeof huge - 1);
    huge[sizeof huge - 1] = 0;
    assert_false(ircb_chanmodes_set_chanmodes(&cm, huge));
    assert_false(ircb_chanmodes_set_chanmodes(&cm, NULL));
    assert_string_equal(cm.always, "beIk");
    assert_true(ircb_chanmodes_set_chanmodes(&cm, ""));
    assert_string_equal(cm.always, "");
    assert_string_equal(cm.never, "");
}

/* Many members, against a plain model: joins (NAMES, JOIN, WHO), renames (case changes
 * included), parts, kicks, quits and op changes in random order over 3000 nicks and two
 * channels; after every step each nick is found (in any ASCII case) exactly when the model has
 * it, in the channels and with the status the model says. */
#define MODEL_NICKS 3000
struct model_nick {
    char nick[32];
    bool in[2], op[2];
};

static bool model_present(const struct model_nick *u)
{
    return u->in[0] || u->in[1];
}

static void model_check(const struct ircb_members *m, const struct model_nick *model)
{
    static const char *const chans[2] = {"#c", "#D"};
    size_t present = 0;
    for (int i = 0; i < MODEL_NICKS; i++) {
        const struct model_nick *u = &model[i];
        char upper[sizeof u->nick];
        memcpy(upper, u->nick, sizeof upper);
        for (char *p = upper; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 32);
        const struct ircb_member *found = ircb_members_find(m, upper);
        assert_int_equal(found != NULL, model_present(u));
        if (!found)
            continue;
        present++;
        assert_string_equal(found->nick, u->nick);
        for (int c = 0; c < 2; c++) {
            assert_int_equal(ircb_members_in(m, chans[c], u->nick), u->in[c]);
            assert_int_equal(ircb_members_op(m, chans[c], upper), u->in[c] && u->op[c]);
        }
    }
    assert_int_equal(m->n, present);
}

static void test_many_members(void **state)
{
    (void)state;
    static const char *const chans[2] = {"#c", "#D"};
    static struct model_nick model[MODEL_NICKS];
    struct ircb_members m;
    struct ircb_chanmodes cm;
    setup_members(&m, &cm);
    memset(model, 0, sizeof model);
    for (int i = 0; i < MODEL_NICKS; i++)
        snprintf(model[i].nick, sizeof model[i].nick, "n%d", i);
    uint64_t x = 42;
    for (int step = 0; step < 60000; step++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int i = (int)(x % MODEL_NICKS), c = (int)((x >> 20) % 2), what = (int)((x >> 24) % 8);
        struct model_nick *u = &model[i];
        char one[40];
        switch (what) {
        case 0: /* NAMES, op or not */
        case 1:
            snprintf(one, sizeof one, "%s%s", what ? "@" : "", u->nick);
            ircb_members_names(&m, chans[c], one, cm.prefixes);
            u->in[c] = true;
            u->op[c] = what == 1;
            break;
        case 2: /* JOIN: no status */
            ircb_members_join(&m, chans[c], u->nick, "u", "h", NULL);
            u->in[c] = true;
            u->op[c] = false;
            break;
        case 3: /* PART or KICK */
            ircb_members_remove(&m, chans[c], u->nick);
            u->in[c] = u->op[c] = false;
            break;
        case 4: /* QUIT */
            ircb_members_quit(&m, u->nick);
            u->in[0] = u->in[1] = u->op[0] = u->op[1] = false;
            break;
        case 5: { /* NICK: a case change, or to a nick of the model nobody has */
            int j = (int)((x >> 32) % MODEL_NICKS);
            struct model_nick *v = &model[j];
            if (!model_present(u) || (j != i && model_present(v)))
                break;
            if (j == i) {
                char renamed[32];
                snprintf(renamed, sizeof renamed, "%s", u->nick);
                renamed[0] = renamed[0] == 'n' ? 'N' : 'n';
                ircb_members_rename(&m, u->nick, renamed);
                snprintf(u->nick, sizeof u->nick, "%s", renamed);
                break;
            }
            ircb_members_rename(&m, u->nick, v->nick);
            memcpy(v->in, u->in, sizeof v->in);
            memcpy(v->op, u->op, sizeof v->op);
            u->in[0] = u->in[1] = u->op[0] = u->op[1] = false;
            break;
        }
        case 6: /* MODE +o / -o */
        case 7: {
            char line[48];
            snprintf(line, sizeof line, "%co %s", what == 6 ? '+' : '-', u->nick);
            const char *args[2] = {line, line + 3};
            line[2] = 0;
            assert_true(ircb_members_mode(&m, chans[c], &cm, args, 2));
            if (u->in[c])
                u->op[c] = what == 6;
            break;
        }
        }
        if (step % 997 == 0)
            model_check(&m, model);
    }
    model_check(&m, model);
    ircb_members_drop_channel(&m, "#c");
    for (int i = 0; i < MODEL_NICKS; i++)
        model[i].in[0] = model[i].op[0] = false;
    model_check(&m, model);
    ircb_members_fini(&m);
}

/* A server cannot grow the list past IRCB_MEMBERS_MAX: the nicks after it are not kept. */
static void test_members_capped(void **state)
{
    (void)state;
    struct ircb_members m;
    ircb_members_init(&m);
    char nick[32];
    for (int i = 0; i < IRCB_MEMBERS_MAX + 10; i++) {
        snprintf(nick, sizeof nick, "u%d", i);
        ircb_members_add(&m, "#c", nick, "u", "h", NULL);
    }
    assert_int_equal(m.n, IRCB_MEMBERS_MAX);
    assert_int_equal(m.refused, 10);
    assert_null(ircb_members_find(&m, nick));
    assert_non_null(ircb_members_find(&m, "U0"));
    /* One leaves: a newcomer fits again. */
    ircb_members_quit(&m, "u0");
    ircb_members_add(&m, "#c", "late", "u", "h", NULL);
    assert_non_null(ircb_members_find(&m, "LATE"));
    ircb_members_fini(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_prefixes), cmocka_unit_test(test_op_per_channel),
        cmocka_unit_test(test_mode_changes),   cmocka_unit_test(test_join_rename_part_kick),
        cmocka_unit_test(test_hostile_modes),  cmocka_unit_test(test_isupport_values),
        cmocka_unit_test(test_many_members),   cmocka_unit_test(test_members_capped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
