/* The command table: one const struct cmd_entry per command, as data. Lookup by exact name,
 * alias or unique prefix; who may use a command, where, and how many arguments it takes are
 * checked once, centrally, before its handler runs, and usage errors and !help come from the
 * same rows. Handlers do domain work only and reach the world through struct cmd_host, which
 * the bot provides (calls never go back up: the host is handed down).
 *
 * Every reply a handler makes goes through the host, so the caller can hold the lines back
 * until an accepted change is saved. */
#ifndef BW_CMD_H
#define BW_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"
#include "session/session.h"

/* The key of the board drawing at the start of a game: it goes out in turn with the game's
 * lines, before the first prompt, and the game waits for it (bw_out.drawing). */
#define CMD_KEY_START_BOARD "board start"

#define CMD_ARGS_MAX 32
#define CMD_ALIASES_MAX 3

enum cmd_who {
    CMD_ANYONE,  /* anyone */
    CMD_SEATED,  /* a player seated here */
    CMD_CURRENT, /* the player the game waits for */
    CMD_ADMIN,   /* a bot admin */
};

enum cmd_where { CMD_IN_CHANNEL = 1, CMD_IN_PRIVATE = 2, CMD_ANYWHERE = 3 };

enum cmd_flags {
    CMD_F_SESSION = 1, /* needs a lobby or game in the channel */
    CMD_F_GAME = 2,    /* needs a running game */
    CMD_F_PAUSED = 4,  /* works while the lobby or game is paused (the bot is away) */
};

struct cmd_call;

struct cmd_entry {
    const char *name;
    const char *aliases[CMD_ALIASES_MAX + 1]; /* NULL-terminated */
    const char *usage;                        /* the arguments, "" when none */
    const char *help;                         /* one short sentence */
    int min_args, max_args;                   /* words after the command name */
    uint8_t who, where, flags;
    /* Do the command. Returns BW_OK or a negative bw_err after replying why. */
    int (*exec)(struct cmd_call *c);
};

/* What the bot does for handlers. Every string is borrowed for the call. */
struct cmd_host {
    void *ctx;
    /* A short private reply to the caller. */
    void (*reply)(void *ctx, const char *text);
    /* A private reply to the caller that is part of a display (key as for line: "board",
     * "board text", "status"), so that a newer one replaces it while still queued. */
    void (*reply_keyed)(void *ctx, const char *text, const char *key);
    /* A line about session s: to RENDER_PUBLIC (the channel) or one seat (privately). key as
     * for bw_out.send ("hand", "board", "board text", "status", "spots" or NULL). */
    void (*line)(void *ctx, struct session *s, int to, const char *text, const char *key);
    /* Apply a to s, show its events and the changed hands, and mark s changed. On refusal
     * returns the bw_err and writes why to msg; nothing is shown. */
    int (*act)(void *ctx, struct session *s, const struct game_action *a, char *msg, size_t msglen);
    /* s was changed outside act() (lobby seats, votes): save it before replies go out. */
    void (*changed)(void *ctx, struct session *s);
    /* Open a lobby in channel (NULL when that is not possible); end and forget s. */
    struct session *(*open)(void *ctx, const char *channel);
    /* The lobby or game in channel, or NULL (for commands that name another channel). */
    struct session *(*find)(void *ctx, const char *channel);
    void (*close)(void *ctx, struct session *s);
    /* Admin: join or part a channel (a lobby or game there is paused until the bot joins
     * again), reload the configuration, save every game and checkpoint the store (returns how
     * many were saved, or an error with why). */
    int (*join)(void *ctx, const char *channel, char *why, size_t whylen);
    void (*part)(void *ctx, const char *channel);
    void (*reload)(void *ctx);
    int (*save_all)(void *ctx, char *why, size_t whylen);
    /* Admin: copy the store to path, a new file beside it; BW_OK or an error with why. */
    int (*backup)(void *ctx, const char *path, char *why, size_t whylen);
    /* The leaderboard and players' records, as session_store_ops top and stats;
     * BW_E(NOT_FOUND) when there is no store. */
    int (*top)(void *ctx, int n, bool robots, struct session_rank *out);
    int (*stats)(void *ctx, const char *identity, const char *nick, struct session_rank *out);
    /* Whether an answer of kind what ("top", "stats", "dice") may go to channel now: false when the
     * channel saw one a moment ago (it then goes to the caller), else true and remembered. */
    bool (*may_show)(void *ctx, const char *channel, const char *what);
    /* A line to channel that belongs to no game (the answer may_show allowed). */
    void (*say)(void *ctx, const char *channel, const char *text);
    /* Admin: "status" (channel NULL: every network; else that channel) or "games", as private
     * replies to the caller. */
    void (*describe)(void *ctx, const char *what, const char *channel);
    /* The language of channel's lines from now on (enum i18n_lang), kept across restarts when
     * there is a store. BW_OK or a bw_err. */
    int (*set_language)(void *ctx, const char *channel, int lang);
    /* The generator of the game about to start in s: 1 with *out filled from the operating
     * system's random source; 0 when games are repeatable (the lobby's generator deals them;
     * also when the hook is NULL); a negative bw_err when the source failed (logged): the game
     * must not start. */
    int (*game_random)(void *ctx, const struct session *s, struct bw_rng *out);
    /* Admin: erase channel's saved game that could not be read (cmd_call.unreadable); BW_OK or
     * a bw_err. */
    int (*erase_unreadable)(void *ctx, const char *channel);
    /* Admin: hand channel (NULL: every channel of the network) to another instance on the shared
     * database (bot_release): how many games were saved, the channels in list, or an error with
     * why. */
    int (*release)(void *ctx, const char *channel, char *list, size_t listlen, char *why,
                   size_t whylen);
};

/* One command being run. The caller fills everything but cmd, argc and argv. */
struct cmd_call {
    const struct cmd_entry *cmd;
    int argc; /* words after the command name */
    char **argv;
    const char *prefix;  /* the command prefix, for usage lines */
    const char *nick;    /* the caller, sanitized */
    const char *channel; /* the channel the command is about, or NULL */
    bool in_private;
    bool channel_named; /* in a channel, or named first in a private message */
    bool is_admin;
    bool is_op; /* a channel operator in channel (as the IRC layer knows it) */
    bool color;
    int lang;            /* enum i18n_lang of the channel the command is about */
    const char *network; /* the network's name (the web view's addresses) */
    const char *web_url; /* the web view's public address, NULL when it is off */
    bool web_hidden;     /* the channel is kept off the web view: its address is not offered */
    struct session *s;   /* the channel's lobby or game, or NULL */
    int seat;            /* the caller's seat in s, or -1 */
    bool seat_taken;     /* the caller's nick holds a seat in s that another user sat down in */
    bool store_down;     /* s could not be saved: it is paused until it can be */
    bool store_away;     /* and the store's server is out of reach: said so */
    /* Why the saved game of channel could not be read at start (no s then), or NULL. */
    const char *unreadable;
    struct session_who who;
    int64_t now_ms;
    /* s's channel is still being shown the board drawn at the start of the game: its clocks stand
     * still since clock_ms (otherwise clock_ms is now_ms), and displays asked for there go to the
     * one asking, never between the drawing's lines. */
    bool drawing;
    int64_t clock_ms;
    const struct cmd_host *host;
};

/* NULL-terminated table of every command, in help order. */
extern const struct cmd_entry *const cmd_table[];

/* Find a command by exact name or alias, else by a prefix of exactly one command's names.
 * NULL when none or several fit; then msg says so (naming the candidates). */
const struct cmd_entry *cmd_find(const char *word, char *msg, size_t msglen);

/* Run text (the command name and its arguments, prefix already removed; modified in place)
 * as c: lookup, checks, then the handler. Every failure replies through c->host. Returns the
 * handler's result, or a negative bw_err when the command never ran. */
int cmd_run(struct cmd_call *c, char *text);

/* Reply helpers for handlers: a printf-style private reply; a usage reply for c->cmd. */
void cmd_replyf(struct cmd_call *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int cmd_usage(struct cmd_call *c);
/* A public line in c->s's channel (in c->channel when there is no s). */
void cmd_announcef(struct cmd_call *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Why the caller may not use a seated player's command here; returns BW_E(NOT_PLAYING). */
int cmd_not_seated(struct cmd_call *c);
/* Apply a for the caller (player = c->seat filled in); on refusal replies why. */
int cmd_act(struct cmd_call *c, struct game_action *a);

/* Whether the identity matches one bot.admins entry ("account:NAME", or a nick!user@host mask
 * with * and ?). */
bool cmd_is_admin(const struct session_who *who, char *const *admins, size_t n);
/* Glob match with * and ?, ASCII case-insensitive. */
bool cmd_glob(const char *pattern, const char *text);

#endif
