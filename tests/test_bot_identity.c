/* Seats belong to people, not nicks: hidden information goes only to a nick the IRC layer
 * confirms is the seat's person in the game's channel (or to the player commanding now);
 * otherwise the seat waits as away. Nicks are kept whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/internal.h"
#include "bot_fake.h"
#include "irc/members.h"

/* Whether a hand line went to target since mark. */
static bool hand_to(int mark, const char *target)
{
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, target) == 0 && strstr(recs[i].text, "hand:"))
            return true;
    return false;
}

/* who, seen in the channel, is back in seat: the seat is present and gets its hand again. */
static void comes_back(struct bot *b, const struct bw_identity *who, int seat)
{
    int mark = n_recs;
    bot_on_member(b, CHAN, who, now);
    assert_true(sess(b)->seat[seat].present);
    assert_true(hand_to(mark, who->nick));
}

static void member(const char *nick)
{
    char host[64];
    snprintf(host, sizeof host, "%.40s.example", nick);
    fake_member(nick, "u", host, NULL);
}

static struct bot *game_of_three(void)
{
    fake_members_on();
    struct bot *b = make_bot(0, 11);
    static const char *const nicks[] = {"alice", "bob", "carol"};
    for (int i = 0; i < 3; i++)
        member(nicks[i]);
    start_game(b, nicks, 3);
    return b;
}

/* Every hand changed (as after a roll that pays everyone): the bot sends them all again. */
static void change_every_hand(struct bot *b)
{
    struct bot_game *g = bot_find(b, CHAN);
    g->hand_dirty = (1u << g->s.n_seats) - 1;
    bot_commit(b);
}

static void test_hand_only_to_confirmed_member(void **state)
{
    (void)state;
    struct bot *b = game_of_three();
    int seat = -1;
    for (int i = 0; i < 3; i++)
        if (strcmp(nick_of(b, i), "carol") == 0)
            seat = i;
    assert_true(seat >= 0);

    /* carol is gone from the channel without the bot seeing it; mallory takes the nick and
     * sits in the channel under it. */
    fake_member("carol", "mallory", "evil.example", NULL);
    struct bw_identity mallory = {"carol", "mallory", "evil.example", NULL, true, false};
    int mark = n_recs;
    now += 1100;
    bot_on_message(b, CHAN, &mallory, "!hand", now);
    assert_false(hand_to(mark, "carol"));
    struct bw_identity id;
    ident(&id, "alice");
    mark = n_recs;
    now += 1100;
    bot_on_message(b, NULL, &id, "hand", now); /* alice's own hand: she is commanding */
    assert_true(hand_to(mark, "alice"));
    assert_false(hand_to(mark, "carol"));

    /* Every hand changes: carol's line is held back and her seat is away. */
    mark = n_recs;
    change_every_hand(b);
    assert_true(hand_to(mark, "alice"));
    assert_true(hand_to(mark, "bob"));
    assert_false(hand_to(mark, "carol"));
    assert_false(sess(b)->seat[seat].present);
    assert_true(any_line(mark, CHAN, "carol is away"));

    /* The real carol comes back: confirmed by the IRC layer, the seat returns and gets its
     * hand. */
    member("carol");
    ident(&id, "carol");
    comes_back(b, &id, seat);
    check_no_leak();
    bot_free(b);
}

/* A "nick" that a message target reads as something else (a channel, a list of targets, a
 * mask): a player renamed to it by the server is away, and nothing private goes there. */
static void test_nick_that_is_not_a_nick(void **state)
{
    (void)state;
    static const char *const bad[] = {"#catan", "&local", "bob,#catan", "$*", "b*b", ":bob"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        struct bot *b = game_of_three();
        int seat = session_seat_of_nick(sess(b), "bob");
        assert_true(seat >= 0);
        struct bw_identity id;
        ident(&id, "bob");
        int mark = n_recs;
        bot_on_nick(b, &id, bad[k], now);
        fake_member("bob", NULL, NULL, NULL); /* the member list follows the rename */
        fake_member(bad[k], "u", "bob.example", NULL);
        change_every_hand(b);
        assert_false(hand_to(mark, bad[k]));
        assert_false(hand_to(mark, CHAN));
        assert_false(sess(b)->seat[seat].present);
        for (int i = mark; i < n_recs; i++) /* public lines only, and only to the channel */
            if (strcasecmp(recs[i].target, bad[k]) == 0)
                assert_true(strcasecmp(bad[k], CHAN) == 0 && !strstr(recs[i].text, "hand:") &&
                            !strstr(recs[i].text, "spots:"));
        assert_true(bot_nick_usable("bob") && !bot_nick_usable(bad[k]));
        check_no_leak();
        bot_free(b);
    }
}

static void test_outsider_seat_waits_away(void **state)
{
    (void)state;
    fake_members_on();
    struct bot *b = make_bot(0, 12);
    member("alice");
    member("bob");
    say(b, "alice", "!new");
    say(b, "bob", "!join");
    /* dave sits by private message and never joins the channel. */
    struct bw_identity dave = {"dave", "u", "dave.example", NULL, true, false};
    now += 1100;
    bot_on_message(b, NULL, &dave, "#catan join", now);
    assert_int_equal(sess(b)->n_seats, 3);
    say(b, "alice", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    int mark = n_recs;
    change_every_hand(b);
    assert_true(hand_to(mark, "alice"));
    assert_false(hand_to(mark, "dave"));
    int seat = -1;
    for (int i = 0; i < 3; i++)
        if (strcmp(nick_of(b, i), "dave") == 0)
            seat = i;
    assert_false(sess(b)->seat[seat].present);
    assert_true(any_line(mark, CHAN, "dave is away"));

    /* dave asks for his own hand from outside: the answer goes to him, who is commanding. */
    mark = n_recs;
    now += 1100;
    bot_on_message(b, NULL, &dave, "hand", now);
    assert_true(hand_to(mark, "dave"));
    assert_false(sess(b)->seat[seat].present);

    /* Someone else takes the nick dave: nothing of dave's reaches them. */
    struct bw_identity fake = {"dave", "x", "elsewhere.example", NULL, true, false};
    mark = n_recs;
    now += 1100;
    bot_on_message(b, NULL, &fake, "hand", now);
    assert_false(hand_to(mark, "dave") && strstr(recs[n_recs - 1].text, "hand:"));
    change_every_hand(b);
    assert_false(hand_to(mark, "dave"));
    check_no_leak();
    bot_free(b);
}

static void test_reconnect_needs_confirmation(void **state)
{
    (void)state;
    struct bot *b = game_of_three();
    bot_on_disconnect(b, now);
    for (int i = 0; i < 3; i++)
        assert_false(sess(b)->seat[i].present);
    struct bw_identity me = {"brickwood", "b", "bot.example", NULL, true, false};
    now += 5000;
    bot_on_join(b, CHAN, &me, now);
    /* Only alice and bob are seen again (WHO after the join); carol's nick is mallory's. */
    fake_member("carol", "mallory", "evil.example", NULL);
    struct bw_identity id;
    const char *back[] = {"alice", "bob"};
    int mark = n_recs;
    for (int i = 0; i < 2; i++) {
        ident(&id, back[i]);
        bot_on_member(b, CHAN, &id, now);
    }
    struct bw_identity evil = {"carol", "mallory", "evil.example", NULL, true, false};
    bot_on_member(b, CHAN, &evil, now);
    assert_true(hand_to(mark, "alice"));
    assert_true(hand_to(mark, "bob"));
    assert_false(hand_to(mark, "carol"));
    /* Once everyone there is known, the channel hears who is still away. */
    bot_on_members_known(b, CHAN, now);
    assert_true(any_line(mark, CHAN, "carol is away"));
    assert_false(any_line(mark, CHAN, "alice is away"));
    change_every_hand(b);
    assert_false(hand_to(mark, "carol"));
    for (int i = 0; i < 3; i++)
        assert_int_equal(sess(b)->seat[i].present, strcmp(nick_of(b, i), "carol") != 0);
    check_no_leak();
    bot_free(b);
}

static void test_account_seat(void **state)
{
    (void)state;
    fake_members_on();
    struct bot *b = make_bot(0, 13);
    fake_member("alice", "u", "alice.example", "alice");
    member("bob");
    member("carol");
    struct bw_identity alice = {"alice", "u", "alice.example", "alice", true, false};
    now += 1100;
    bot_on_message(b, CHAN, &alice, "!new", now);
    say(b, "bob", "!join");
    say(b, "carol", "!join");
    now += 1100;
    bot_on_message(b, CHAN, &alice, "!start", now);
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    /* Same nick and user@host, but logged out (or another account): not the seat's person. */
    fake_member("alice", "u", "alice.example", NULL);
    int mark = n_recs;
    change_every_hand(b);
    assert_false(hand_to(mark, "alice"));
    fake_member("alice", "u", "alice.example", "alice");
    mark = n_recs;
    bot_on_member(b, CHAN, &alice, now);
    assert_true(hand_to(mark, "alice"));
    bot_free(b);
}

static void test_long_nicks_kept_whole(void **state)
{
    (void)state;
    fake_members_on();
    struct bot *b = make_bot(0, 14);
    char one[80], two[80], huge[100];
    memset(one, 'n', 50);
    strcpy(one + 50, "alice");
    memset(two, 'n', 50);
    strcpy(two + 50, "mallory");
    memset(huge, 'h', 70);
    huge[70] = 0;
    member(one);
    member(two);
    member("bob");
    say(b, one, "!new");
    say(b, two, "!join");
    assert_int_equal(sess(b)->n_seats, 2);
    assert_string_equal(nick_of(b, 0), one);
    assert_string_equal(nick_of(b, 1), two);
    say(b, "bob", "!join");
    say(b, one, "!start");
    int mark = n_recs;
    change_every_hand(b);
    assert_true(hand_to(mark, one));
    assert_true(hand_to(mark, two));
    for (int i = mark; i < n_recs; i++)
        if (recs[i].target[0] != '#')
            assert_true(strcmp(recs[i].target, one) == 0 || strcmp(recs[i].target, two) == 0 ||
                        strcmp(recs[i].target, "bob") == 0);

    /* Too long to keep whole: one refusal, nothing else. */
    struct bot *b2 = make_bot(0, 15);
    mark = n_recs;
    say(b2, huge, "!new");
    assert_null(sess(b2));
    assert_int_equal(n_recs - mark, 1);
    assert_string_equal(recs[mark].target, huge);
    assert_non_null(strstr(recs[mark].text, "too long"));
    bot_free(b2);
    bot_free(b);
}

/* A user@host of 200 bytes (a server that allows it, or a hostile one; a seat once kept 128 and
 * bound a longer one's seat to the nick alone): the seat is bound to all of it. After the
 * player quits, a stranger who takes the nick with another user@host, even one alike in its
 * first 180 bytes, gets neither the seat nor its hand, here or after a restart; the player
 * coming back does. */
static void test_long_userhost_keeps_seat(void **state)
{
    (void)state;
    fake_members_on();
    struct bot *b = make_bot(0, 16);
    char host[199], evil[199];
    memset(host, 'a', 190);
    strcpy(host + 190, ".example");
    strcpy(evil, host);
    evil[180] = 'b';
    struct bw_identity carol = {"carol", "u", host, NULL, true, false};
    struct bw_identity mallory = {"carol", "u", evil, NULL, true, false};
    member("alice");
    member("bob");
    fake_member("carol", "u", host, NULL);
    say(b, "alice", "!new");
    say(b, "bob", "!join");
    now += 1100;
    bot_on_message(b, CHAN, &carol, "!join", now);
    say(b, "alice", "!start");
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
    int seat = session_seat_of_nick(sess(b), "carol");
    assert_true(seat >= 0);
    assert_int_equal(strlen(sess(b)->seat[seat].userhost), 200);

    /* carol quits; mallory takes the nick and joins the channel. */
    fake_member("carol", NULL, NULL, NULL);
    bot_on_quit(b, &carol, now);
    assert_false(sess(b)->seat[seat].present);
    fake_member("carol", "u", evil, NULL);
    int mark = n_recs;
    now += 1100;
    bot_on_join(b, CHAN, &mallory, now);
    assert_false(sess(b)->seat[seat].present);
    struct session_who w = bot_who(&mallory);
    assert_int_equal(session_identify(sess(b), &w), BW_E(DENIED));
    now += 1100;
    bot_on_message(b, CHAN, &mallory, "!hand", now);
    change_every_hand(b);
    assert_false(hand_to(mark, "carol"));
    assert_false(sess(b)->seat[seat].present);

    /* After a restart the seat is still all of carol's user@host. */
    struct bot *b2 = make_bot(0, 17);
    assert_true(saved_len > 0);
    assert_int_equal(bot_restore(b2, saved, saved_len, now, NULL, 0), BW_OK);
    assert_int_equal(strlen(sess(b2)->seat[seat].userhost), 200);
    struct bw_identity me = {"brickwood", "b", "bot.example", NULL, true, false};
    now += 1100;
    bot_on_join(b2, CHAN, &me, now);
    mark = n_recs;
    bot_on_member(b2, CHAN, &mallory, now);
    bot_on_members_known(b2, CHAN, now);
    assert_false(sess(b2)->seat[seat].present);
    assert_false(hand_to(mark, "carol"));

    /* carol is back under her nick: the seat and its hand are hers. */
    fake_member("carol", "u", host, NULL);
    comes_back(b2, &carol, seat);
    check_no_leak();
    bot_free(b2);
    bot_free(b);
}

/* A user@host or account longer than a seat keeps whole (SESSION_ID_MAX bytes) gets no seat,
 * and is told why: never a seat bound to part of it, or to the nick alone. */
static void test_identity_too_long_for_a_seat(void **state)
{
    (void)state;
    struct bot *b = make_bot(0, 18);
    char host[400], account[300];
    memset(host, 'h', 290);
    strcpy(host + 290, ".example");
    memset(account, 'x', 290);
    account[290] = '\0';
    struct bw_identity dave = {"dave", "u", host, NULL, true, false};
    struct bw_identity erin = {"erin", "u", "erin.example", account, true, false};
    int mark = n_recs;
    now += 1100;
    bot_on_message(b, CHAN, &dave, "!new", now);
    assert_null(sess(b));
    assert_true(any_line(mark, "dave",
                         "you cannot sit in #catan: your user@host or account name "
                         "is longer than the 255 bytes a seat keeps whole"));
    say(b, "alice", "!new");
    mark = n_recs;
    now += 1100;
    bot_on_message(b, CHAN, &dave, "!join", now);
    now += 1100;
    bot_on_message(b, CHAN, &erin, "!join", now);
    assert_int_equal(sess(b)->n_seats, 1);
    assert_true(any_line(mark, "dave", "you cannot sit in #catan"));
    assert_true(any_line(mark, "erin", "you cannot sit in #catan"));
    assert_false(any_line(mark, CHAN, "joined"));
    /* One byte shorter each is kept whole. */
    host[SESSION_ID_MAX - 2] = '\0'; /* "u@" and the host: SESSION_ID_MAX bytes */
    account[SESSION_ID_MAX] = '\0';
    now += 1100;
    bot_on_message(b, CHAN, &dave, "!join", now);
    now += 1100;
    bot_on_message(b, CHAN, &erin, "!join", now);
    assert_int_equal(sess(b)->n_seats, 3);
    assert_int_equal(strlen(sess(b)->seat[1].userhost), SESSION_ID_MAX);
    assert_string_equal(sess(b)->seat[2].account, account);
    /* An account learned later that a seat cannot keep whole leaves the seat as it was. */
    account[SESSION_ID_MAX] = 'x';
    bot_on_account(b, "dave", account, now);
    assert_string_equal(sess(b)->seat[1].account, "");
    bot_free(b);
}

/* The IRC layer's member records: a nick's account never outlives the person's use of it. */
static void test_members_forget(void **state)
{
    (void)state;
    struct ircb_members m;
    ircb_members_init(&m);
    ircb_members_add(&m, "#a", "alice", "al", "home.example", "alice");
    ircb_members_add(&m, "#b", "alice", "al", "home.example", NULL);
    const struct ircb_member *u = ircb_members_find(&m, "ALICE");
    assert_non_null(u);
    assert_string_equal(u->account, "alice");
    assert_true(u->account_known);
    /* Parting one shared channel keeps her; the last one forgets her. */
    ircb_members_remove(&m, "#a", "alice");
    assert_non_null(ircb_members_find(&m, "alice"));
    assert_false(ircb_members_in(&m, "#a", "alice"));
    ircb_members_remove(&m, "#b", "alice");
    assert_null(ircb_members_find(&m, "alice"));

    /* A nick change takes the account along; whoever takes the old nick has none. */
    ircb_members_add(&m, "#a", "alice", "al", "home.example", "alice");
    ircb_members_add(&m, "#a", "bob", "bo", "b.example", "*");
    ircb_members_rename(&m, "alice", "alice_away");
    assert_null(ircb_members_find(&m, "alice"));
    assert_string_equal(ircb_members_find(&m, "alice_away")->account, "alice");
    ircb_members_add(&m, "#a", "alice", "mal", "evil.example", NULL);
    assert_null(ircb_members_find(&m, "alice")->account);
    assert_false(ircb_members_find(&m, "alice")->account_known);
    /* Renaming onto a nick the bot still had a record for replaces that record. */
    ircb_members_rename(&m, "bob", "alice");
    assert_string_equal(ircb_members_find(&m, "alice")->user, "bo");
    assert_null(ircb_members_find(&m, "bob"));
    /* Another user@host under a known nick is another person. */
    ircb_members_add(&m, "#a", "alice_away", "x", "other.example", NULL);
    assert_null(ircb_members_find(&m, "alice_away")->account);
    /* Quit and the bot leaving a channel forget. */
    ircb_members_quit(&m, "alice");
    assert_null(ircb_members_find(&m, "alice"));
    ircb_members_names(&m, "#c", "@op +voiced plain", "~&@%+");
    assert_true(ircb_members_in(&m, "#c", "op"));
    assert_true(ircb_members_in(&m, "#c", "voiced"));
    assert_null(ircb_members_find(&m, "op")->user);
    ircb_members_set_account(&m, "plain", "acct");
    assert_string_equal(ircb_members_find(&m, "plain")->account, "acct");
    ircb_members_set_account(&m, "plain", "*");
    assert_null(ircb_members_find(&m, "plain")->account);
    ircb_members_drop_channel(&m, "#c");
    assert_null(ircb_members_find(&m, "op"));
    assert_non_null(ircb_members_find(&m, "alice_away"));
    ircb_members_fini(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_only_to_confirmed_member),
        cmocka_unit_test(test_nick_that_is_not_a_nick),
        cmocka_unit_test(test_outsider_seat_waits_away),
        cmocka_unit_test(test_reconnect_needs_confirmation),
        cmocka_unit_test(test_account_seat),
        cmocka_unit_test(test_long_nicks_kept_whole),
        cmocka_unit_test(test_long_userhost_keeps_seat),
        cmocka_unit_test(test_identity_too_long_for_a_seat),
        cmocka_unit_test(test_members_forget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
