/* The bot on one network, as the IRC layer sees it: it is told what happens on IRC (messages,
 * joins, parts, quits, nick changes, kicks, the clock) and answers through a sink of lines.
 * Nothing here includes libircclient: tests drive a bot with a fake sink and a fake clock.
 *
 * Below it: src/cmd (the command table and the words), src/session (one lobby or game per
 * channel, seats bound to identities, timers, trade offers, persistence hooks), src/render and
 * src/engine. Calls only go down; the IRC layer owns the bot. */
#ifndef BW_BOT_H
#define BW_BOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"

/* Who did something. nick is required; the rest may be NULL when unknown. account is the
 * services account the server reported (extended-join / account-notify / WHOX), NULL when not
 * logged in or unknown; account_known tells the two apart. All borrowed for the duration of
 * the call. */
/* The longest nick the bot keeps whole; someone with a longer one cannot sit or command. */
#define BW_NICK_MAX 64

struct bw_identity {
    const char *nick;
    const char *user;
    const char *host;
    const char *account;
    bool account_known; /* the server said whether (and as whom) nick is logged in */
    bool op;            /* bw_out.member only: a channel operator (or above) in that channel */
};

enum bw_out_flags {
    BW_OUT_PRIVATE = 1,    /* a private reply: sent as PRIVMSG or NOTICE per bot.private */
    BW_OUT_URGENT = 2,     /* to the player whose move it is: goes out before other queued lines */
    BW_OUT_WHOLE = 4,      /* an admin's listing: sent whole however long, at the usual pace and
                              share (the IRC layer lets it into its queue as the queue drains) */
    BW_OUT_BACKGROUND = 8, /* a channel line of a game no person present plays in: all such
                              channels together are one place, served when nothing else waits */
    BW_OUT_PLAYER = 16,    /* a private line to a person seated in a running game about their own
                              seat (hand, spots, what happened to them) or answering their
                              command: in turn with the games' channel lines, ahead of displays
                              that anybody may ask for */
    BW_OUT_IN_TURN = 32,   /* a channel display (with a key) that goes out in turn with the
                              channel's game lines, whole: the drawing at the start of a game */
};

/* Implemented by the IRC layer. */
/* How calm the output is for a game (bw_out.calm): something of it still waits to be sent; none
 * does, but the pacing has no room for a person's few replies at once; none does and it has. */
enum bw_calm { BW_CALM_NOT, BW_CALM_GAME, BW_CALM_FULL };

struct bw_out {
    void *ctx;
    /* Queue one logical line for target (a channel or a nick). The IRC layer splits it for
     * the wire (512 bytes with prefix, at spaces, never inside UTF-8) and paces it. key, when
     * not NULL, names what the line is part of ("hand", "board") so that drop() can discard
     * an outdated version still queued. Strings are borrowed for the call. */
    void (*send)(void *ctx, const char *target, const char *text, unsigned flags, const char *key);
    /* Discard the lines still queued for target with this key (a newer hand or board
     * drawing follows). */
    void (*drop)(void *ctx, const char *target, const char *key);
    /* Admin commands: join or part a channel. */
    void (*join)(void *ctx, const char *channel);
    void (*part)(void *ctx, const char *channel);
    /* Admin "reload": ask the process to reload its configuration (like SIGHUP). */
    void (*reload)(void *ctx);
    /* Who nick is right now as a member of channel, as far as the IRC layer knows: true with
     * *id filled (strings borrowed until the next call into the IRC layer; account NULL when
     * not logged in or unknown) when nick is in channel and its user@host is known, false
     * otherwise (not there, or not known yet after the bot joined). The bot sends a seat's
     * hidden information only to a nick this confirms as the seat's person. NULL: the IRC
     * layer cannot tell, and a seat's presence alone decides. */
    bool (*member)(void *ctx, const char *channel, const char *nick, struct bw_identity *id);
    /* Whether channel is kept off the web view as secret or private (+s, +p), or its modes
     * are not known yet: the bot does not offer the web address there. NULL: none is. */
    bool (*secret)(void *ctx, const char *channel);
    /* Admin "status [#chan]" and "games": lines about every network the process runs (what is
     * "status" or "games"; channel NULL for all), each passed to emit. NULL: not available. */
    void (*describe)(void *ctx, const char *what, const char *channel,
                     void (*emit)(void *ectx, const char *line), void *ectx);
    /* How many of channel's game lines (not displays) still wait to be sent: a game no person
     * present plays in goes on at the pace its lines leave. NULL: not known (no waiting). */
    size_t (*queued)(void *ctx, const char *channel);
    /* How many lines of channel's drawings still wait to be sent (displays sent with
     * BW_OUT_IN_TURN, and the channel's other displays): the game's clocks stand still and its
     * computer players wait until they are out. NULL: not known (no waiting). */
    size_t (*drawing)(void *ctx, const char *channel);
    /* How calm the output is for the game in channel (enum bw_calm): whether its lines are all out,
     * to it and to nicks (its people), and the output has room for a person's next few replies at
     * once. Computer players at a table with a person present wait for it a while. NULL: always
     * full. */
    int (*calm)(void *ctx, const char *channel, const char *const *nicks, size_t n, int64_t now_ms);
};

struct bot;

/* A line about the lobby or game in channel for admin "status" into buf: "no game", "lobby:
 * ann, bob (2 seated)", or "game: turn 12, bob's move (roll); ann 5, bob 4, Ada (bot) 3 VP;
 * idle 35 s" (with paused, and who is away). */
void bot_describe_channel(const struct bot *b, const char *channel, int64_t now_ms, char *buf,
                          size_t size);
/* The details of channel's lobby or game for admin "status #chan", one line each to emit: every
 * seat (nick, whom it belongs to, present, away, left or sat in for, public points, cards in
 * hand), the time left on the move, the open trade offers. Returns how many lines. */
int bot_describe_detail(const struct bot *b, const char *channel, int64_t now_ms,
                        void (*emit)(void *ectx, const char *line), void *ectx);
/* Every lobby and game of b, one line each ("PREFIX #chan: ..." as above), to emit; returns how
 * many. */
int bot_describe_games(const struct bot *b, const char *prefix, int64_t now_ms,
                       void (*emit)(void *ectx, const char *line), void *ectx);

/* A bot for one network. net, botcfg and game are copied as needed (the caller may free its
 * configuration afterwards); out is copied. seed feeds the bot's own generator: the computer
 * players' choices and the lobbies' seat orders. Each game's generator comes from the
 * operating system's random source when it starts (unless bot_set_repeatable). NULL on bad
 * arguments. */
struct bot *bot_new(const struct config_network *net, const struct config_bot *botcfg,
                    const struct config_game *game, const struct bw_out *out, uint64_t seed);
void bot_free(struct bot *b);

/* With repeatable, games take their generators from the bot's own instead of the operating
 * system: the same seed and the same commands give the same games (BRICKWOOD_SEED, tests).
 * Off by default. */
void bot_set_repeatable(struct bot *b, bool repeatable);

/* A reloaded configuration (SIGHUP, admin "reload"): the bot settings (prefix, admins, colours)
 * apply from the next message, the game settings to lobbies opened from now on. Lobbies and
 * games already open keep theirs, except that a new game.turn_timeout_s applies to running
 * games at once: the move awaited gets the new time in full, counted from the last time the
 * bot was told (bot_tick brings it up to date). Private replies as PRIVMSG or NOTICE are the
 * IRC layer's, and so are net's settings: the bot's nick follows the server, not the file.
 * Arguments as for bot_new; nothing happens when one is NULL. */
void bot_reconfigure(struct bot *b, const struct config_network *net,
                     const struct config_bot *botcfg, const struct config_game *game);

/* The wall-clock time (milliseconds since 1970) is the bot's clock plus offset_ms, and the bot
 * that saved the games to be restored was last alive at alive_ms (wall clock; INT64_MIN: not
 * known). Saved games then keep when they were saved, and a game restored has spent the time
 * from its save to alive_ms on its clocks: it resumes with the time it had when that bot
 * stopped, not the time of its last save (a restart gives no time back, and the time the bot
 * was down costs nobody). Without it times are kept as time left at the save. */
void bot_set_wall_clock(struct bot *b, int64_t offset_ms, int64_t alive_ms);

/* The bot's own nick as the server knows it now (after 001 and on its own NICK). */
void bot_set_own_nick(struct bot *b, const char *nick);

/* A PRIVMSG (or NOTICE: ignored) from a user: channel is the channel it was sent to, or NULL
 * for a private message to the bot. text is as received (may hold any bytes but NUL). */
void bot_on_message(struct bot *b, const char *channel, const struct bw_identity *from,
                    const char *text, int64_t now_ms);
/* How many user lines the rate limit has turned away so far (refused, or sent while the user
 * was ignored): the IRC layer times those apart from the lines the bot acted on. */
uint64_t bot_lines_refused(const struct bot *b);
/* Membership: the bot itself joining, parting or being kicked is reported with its own nick.
 * While the bot is out of a channel, the lobby or game there is paused (no timers, no moves);
 * it resumes when the bot joins again. */
void bot_on_join(struct bot *b, const char *channel, const struct bw_identity *who, int64_t now_ms);
void bot_on_part(struct bot *b, const char *channel, const struct bw_identity *who, int64_t now_ms);
void bot_on_kick(struct bot *b, const char *channel, const char *victim_nick, int64_t now_ms);
void bot_on_quit(struct bot *b, const struct bw_identity *who, int64_t now_ms);
void bot_on_nick(struct bot *b, const struct bw_identity *who, const char *new_nick,
                 int64_t now_ms);
/* The connection to the server is lost: every lobby and game pauses as if the bot had left
 * its channel (no timer runs out on players who cannot reach the bot); each resumes when the
 * bot joins that channel again. */
void bot_on_disconnect(struct bot *b, int64_t now_ms);
/* The link to the server: silent since at_ms (up false: the server answers nothing, not even
 * a PING), or answering again at at_ms (up true). While it is silent every lobby and game of
 * b stands still, as if paused, from at_ms on (timers, offers and computer players wait;
 * players stay seated): their people cannot reach the bot, nor see what it says. Games
 * paused for another reason are left alone. Nothing is said in the channels. */
void bot_link(struct bot *b, bool up, int64_t at_ms);
/* Services account of a nick learned later (account-notify, WHOX); account NULL = logged out. */
void bot_on_account(struct bot *b, const char *nick, const char *account, int64_t now_ms);
/* The IRC layer learned who a member of channel is without a JOIN (WHO replies after the bot
 * joined): a seat waiting as away whose person this is comes back, quietly. */
void bot_on_member(struct bot *b, const char *channel, const struct bw_identity *who,
                   int64_t now_ms);
/* The WHO after the bot joined channel is complete: seats still away (players who did not come
 * back while the bot was gone) are announced as away. */
void bot_on_members_known(struct bot *b, const char *channel, int64_t now_ms);

/* Timers: call at least when bot_next_deadline() has passed. */
void bot_tick(struct bot *b, int64_t now_ms);
/* The next time bot_tick() has work, or INT64_MAX. */
int64_t bot_next_deadline(const struct bot *b);

/* Persistence and inspection (added with the bot core). */
struct session;
struct session_store_ops;

/* Keep games through ops (copied; NULL turns it off): every accepted change is saved with
 * ops->save before its replies go out, and ops->erase is called when a game ends. */
void bot_set_store(struct bot *b, const struct session_store_ops *ops);

/* Rebuild a channel's lobby or game from a record that ops->save received, at now_ms (its
 * deadlines keep the time they had left when saved). Replaces a session already in that
 * channel. BW_OK, or BW_E(PARSE) for a record that is not one or is out of range, with the
 * reason in why (whylen bytes; why may be NULL when whylen is 0). */
int bot_restore(struct bot *b, const void *blob, size_t len, int64_t now_ms, char *why,
                size_t whylen);

/* Whether a change could not be saved and is still not (the store fails): a stop now would
 * leave it unsaved (the process exits non-zero). */
bool bot_unsaved(const struct bot *b);

/* The saved game of channel could not be read at start (why: the reason): its record stays in
 * the store untouched, and the channel takes no new lobby, saying why, until an admin's stop
 * there erases it. */
void bot_unreadable(struct bot *b, const char *channel, const char *why);

/* A lobby or game the store kept for channel, taken up (at a start, or when the channel is
 * claimed from another instance): restored at now_ms, BW_OK; or, when its record cannot be
 * read (blob NULL: not even fetched), logged with network and kept_in (where the record stays;
 * either may be NULL) and the channel kept from new lobbies as bot_unreadable() says, and the
 * error returned. */
int bot_take_up(struct bot *b, const char *network, const char *channel, const void *blob,
                size_t len, int64_t now_ms, const char *kept_in);
/* A channel's kept language taken up: set, or logged when this build does not know it (the
 * channel speaks the configured one). */
void bot_take_up_language(struct bot *b, const char *channel, const char *code);

/* The language of channel's lines (a code: "uk"), as kept by the store or set by !lang: BW_OK,
 * or BW_E(INVALID) for a code this build does not know (nothing changes). */
int bot_set_language(struct bot *b, const char *channel, const char *code);
/* The language the bot speaks in channel now (enum i18n_lang): set by !lang or kept, else the
 * channel's configured one, else bot.language. */
int bot_language(const struct bot *b, const char *channel);

/* What the web view shows of a lobby or game: its session (the web layer reads only public
 * facts from it), the channel's last game lines (event lines, joins, away and back; not the
 * displays people asked for), oldest first, and gen, which changes whenever the game changed
 * or a line was said (unchanged gen: nothing to draw again). A game that ended stays listed,
 * ended, with its final board, for 10 minutes or until a new lobby opens in its channel. */
#define BOT_VIEW_RECENT 12
struct bot_game_view {
    const char *channel;
    const struct session *s;
    uint64_t gen;
    const char *recent[BOT_VIEW_RECENT];
    int n_recent;
    bool ended;
    int lang; /* enum i18n_lang of the channel */
};
/* Call fn for every lobby and game of b, and the games that ended lately, at now_ms (which
 * also forgets ended games past their time). Everything is borrowed for the call. Returns how
 * many. */
int bot_each_game(struct bot *b, int64_t now_ms,
                  void (*fn)(void *ctx, const struct bot_game_view *v), void *ctx);

/* The lobby or game in channel, or NULL; borrowed until the next call into the bot. */
const struct session *bot_session(const struct bot *b, const char *channel);

#endif
