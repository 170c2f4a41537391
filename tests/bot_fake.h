/* What the bot tests share: a recording sink, a fake clock and store, and ways to type
 * commands as a given user or to hand the bot a crafted game. */
#ifndef BW_TESTS_BOT_FAKE_H
#define BW_TESTS_BOT_FAKE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bot/bot.h"
#include "session/session.h"

#define CHAN "#catan"
#define MAX_REC 20000

struct rec {
    char target[128];
    char text[520];
    char key[48]; /* "" when none */
    unsigned flags;
};

/* Every line the bot sent, in order; n_drops counts drop() calls. */
extern struct rec recs[MAX_REC];
extern int n_recs, n_drops;
/* The fake clock: say() moves it on by 1.1 s. */
extern int64_t now;
/* The last record the store was given (saved_len 0 after an erase). */
extern unsigned char saved[SESSION_RECORD_SIZE];
extern size_t saved_len;
extern int n_saves;
/* What the fake store's save and erase return (0: they work), and how often they were tried. */
extern int fake_store_error;
extern int n_store_tries;
/* The fake store's server is out of reach (session_store_ops.unreachable); make_bot() clears it. */
extern bool fake_unreachable;
/* What the fake store's release returns (make_bot(): 1, the channel CHAN released) and the
 * channel it was last asked to release ("*" for the whole network, "" when never asked). */
extern int fake_release_result;
extern char released_channel[64];
/* What the fake store's claim returns (make_bot(): 0) and, when it claims, whether it was asked
 * for what is saved there (it hands over the saved record, if any); the channel the bot was last
 * told to join ("" when never). */
extern int fake_claim_result;
extern bool fake_claim_asked;
extern char joined_channel[64];
/* The last path the store was asked to back up to. */
extern char backed_up[128];
/* What the bot is told of every channel's game lines still unsent (bw_out.queued); make_bot()
 * sets it to 0. */
extern size_t fake_backlog;
/* What the bot is told of every channel's drawing still unsent (bw_out.drawing); make_bot() sets
 * it to 0. */
extern size_t fake_drawing;
/* What the bot is told when it asks how calm a game's output is (bw_out.calm, enum bw_calm);
 * make_bot() sets it to BW_CALM_FULL. The last question, as "CHANNEL: NICK NICK" (the people it
 * named). */
extern int fake_calm;
extern char fake_calm_asked[256];
/* The last part() the bot asked for, "" when none. */
extern char parted[64];

/* A bot with admins "account:root" and "*!*@trusted.example", prefix "!", 3-6 players, and
 * the fake sink and store; clears recs. */
struct bot *make_bot(int timeout_s, uint64_t seed);
/* Channel membership as the IRC layer reports it (bw_out.member): a bot made after
 * fake_members_on() asks these; every nick is out of CHAN until fake_member() puts it in. */
void fake_members_on(void);
/* nick is in CHAN as user@host with account (NULL: none); user NULL takes it out. */
void fake_member(const char *nick, const char *user, const char *host, const char *account);
/* nick (a fake member) is a channel operator in CHAN, or no longer. */
void fake_op(const char *nick, bool op);
/* The web view's public address the next make_bot() gives its bot (NULL: off, the default);
 * the bot's network is "testnet". */
extern const char *fake_web_url;
/* web.hide as the next make_bot() gives it: one channel (NULL: none, the default). */
extern const char *fake_web_hide;
/* Whether the IRC layer says CHAN is secret or private (bw_out.secret), for every bot. */
extern bool fake_secret;
/* The language the bot last asked the store to keep ("" when none, or forgotten). */
extern char kept_language[16];

/* nick's identity: user "u", host "NICK.example". */
void ident(struct bw_identity *id, const char *nick);
/* A channel line in CHAN from nick, 1.1 s after the previous one. */
void say(struct bot *b, const char *nick, const char *text);
const struct session *sess(struct bot *b);
const char *nick_of(struct bot *b, int seat);
/* Lines since mark that went to target. */
int count_to(int mark, const char *target);
/* Lines since mark to target, each with key and (for a nick) flagged private. */
int keyed_to(int mark, const char *target, const char *key);
/* Whether a line since mark to target (any when NULL) contains needle. */
bool any_line(int mark, const char *target, const char *needle);
/* Hidden information never reaches the channel; private lines are flagged private. */
void check_no_leak(void);
/* The text of the last line to target (a nick or the channel) since mark, or "". */
const char *last_to(int mark, const char *target);
/* nick says text; the last line to nick must be reply, exactly. */
void expect_reply(struct bot *b, const char *nick, const char *text, const char *reply);
/* A refused command: exactly one short private line to the sender and no change. */
void expect_refused(struct bot *b, const char *nick, const char *text);
/* !new, !join and !start by nicks in CHAN. */
void start_game(struct bot *b, const char *const *nicks, int n);

/* The command people type for action a in session s ("!settle 12", "!pirate Q bob", ...), into
 * cmd (size bytes); false for an action typed otherwise or not here (an offer, !end outside
 * the main phase). */
bool action_words(const struct session *s, const struct game_action *a, char *cmd, size_t size);
/* The first legal move of seat in the words people type (buying first), said by nick; false
 * when none is typed here. The move must change the game. */
bool type_first_move(struct bot *b, const char *nick, int seat);
/* nick plays with the computer players of the game in CHAN for up to steps moves (or until it
 * ends), typing their own moves with type_first_move() and letting the clock run for the others;
 * returns the computer players' moves. */
int play_with_robots(struct bot *b, const char *nick, int steps);

/* An n-player session in CHAN after setup, at the start of the first turn (before the roll),
 * hands emptied; the players are xena, yuri, zoe, una, vic, wes. */
void crafted_n(struct session *s, int n, int timeout_s);
/* The lobby of crafted_n(), for max_players, not started. */
void lobby_n(struct session *s, int n, int max_players, int timeout_s);
/* The same on map (enum session_map). */
void crafted_map(struct session *s, int n, int map, int timeout_s);
/* The setup of s's game played by the engine's random moves (seeded: the same every time). */
void play_setup(struct session *s);
void crafted(struct session *s, int timeout_s);
void roll_to_main(struct session *s, int d1, int d2);
/* A bot holding s, handed over as a saved record; hands the test set take their cards from
 * the bank and the deck first, so that the record accounts for every card. */
struct bot *bot_with(struct session *s, int timeout_s);

#endif
