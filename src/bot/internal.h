/* The bot's state, shared by its files: the sessions, the rate limiter and the lines of the
 * command being handled, held back until its changes are saved. */
#ifndef BW_BOT_INTERNAL_H
#define BW_BOT_INTERNAL_H

#include "bot/bot.h"
#include "cmd/cmd.h"
#include "render/render.h"
#include "session/session.h"
#include "util/cimap.h"

/* Per-user command rate limit: a bucket of BOT_RATE_BURST commands refilled by one every
 * BOT_RATE_MS. */
#define BOT_RATE_BURST 5
#define BOT_RATE_MS 1000
#define BOT_RATE_USERS 256
/* A user who keeps sending while refused (more than twice the allowed rate: each refusal is a
 * strike, one wears off per BOT_RATE_MS) is ignored after this many strikes, for
 * BOT_IGNORE_MS: long enough that flooding does not pay, short enough that somebody whose
 * client pasted too much is back within a turn. Ignored commands cost no output at all. */
#define BOT_FLOOD_STRIKES 5
#define BOT_IGNORE_MS 60000
/* A person whose own command changed the game gets urgent private lines this long after it,
 * though the game now waits for someone else: until the lines that say so reach them, they are
 * still on their move as far as they can tell (and ask for their hand, or spots). */
#define BOT_MOVER_MS 10000
/* Longer lines are cut before parsing: no command needs more. */
#define BOT_TEXT_MAX 510

/* An admin's "status" or "games" is sent whole up to this many lines (at the usual pace of
 * 1.5 s a line, 25 minutes); a longer one ends with a line saying how many were left out. */
#define BOT_LISTING_MAX 1000

/* Short answers (!top, !stats, !dice) go public in a channel at most once per BOT_SHOWN_MS
 * each; the bot remembers the last BOT_SHOWN_MAX channels that saw one. */
#define BOT_SHOWN_MS 15000
#define BOT_SHOWN_MAX 64
#define BOT_SHOWN_KINDS 3

/* The hard level's time for a move at a table no person watches (all computer players): the
 * least bot_think_ms may be, so that such games never take the processor's time at the full
 * budget from tables where people wait (src/bot/robots.c). */
#define ROBOT_IDLE_THINK_MS 50

struct bot_shown {
    char channel[SESSION_CHAN_MAX + 1];
    int64_t ms[BOT_SHOWN_KINDS]; /* INT64_MIN: never */
};

struct ai_search;

/* The channel's last game lines (not displays), for the web view: a ring, oldest overwritten. */
#define BOT_RECENT_MAX BOT_VIEW_RECENT
struct bot_recent {
    char line[BOT_RECENT_MAX][RENDER_LINE_MAX];
    unsigned n; /* lines ever added; line[(n - 1) % BOT_RECENT_MAX] is the newest */
};

/* A game that ended, kept for the web view a while (its page shows the final board). */
#define BOT_ENDED_MAX 8
#define BOT_ENDED_KEEP_MS (10 * 60 * 1000)
struct bot_ended {
    struct session s;
    struct bot_recent recent;
    uint64_t gen;
    int64_t ended_ms;
};

struct bot_game {
    struct session s;
    struct bot_recent recent; /* view.c */
    uint64_t gen;             /* bot.gen when it last changed or spoke in its channel */
    unsigned hand_dirty;      /* seats whose hand changed in the change being handled */
    bool changed, closing;
    bool released;    /* handed to another instance (release.c): dropped unsaved at the commit */
    bool link_paused; /* paused by bot_link (the server is silent), not for its channel */
    /* Computer players (robots.c; not saved: after a restart they think again). */
    int64_t robot_due_ms;     /* their next move is due (INT64_MAX: nothing to do) */
    int64_t robot_calm_ms;    /* since when a move due waits for the output (INT64_MAX: none) */
    struct ai_search *search; /* the hard level's search in progress, or NULL */
    int search_seat;
    unsigned search_key;       /* the game position the search is for (turn and phase) */
    int64_t search_spent_us;   /* thinking time spent on it */
    int64_t search_since_ms;   /* when it began */
    int search_budget_ms;      /* its time, fixed when it began (robot_budget_ms) */
    int robot_offer_id;        /* the current computer player's own offer this turn, or 0 */
    int64_t robot_offer_ms;    /* when it was made */
    int64_t robot_people_ms;   /* since when only people's answers to it are missing (0: not yet) */
    unsigned robot_offer_turn; /* the turn it was made in (one offer of its own per turn) */
    int64_t active_ms;         /* the last change (admin status shows the idle time) */
    int mover;                 /* the seat whose own command last changed the game, or -1 */
    int64_t mover_ms;          /* when */
    bool start_logged;         /* the log has the game's start */
    /* durable.c: what the store holds of it (NULL: nothing yet), and whether its last save
     * failed: then it is back at that state, paused (store_paused: the pause is the store's,
     * not the bot's absence), and waits for a save to work. */
    struct bot_committed *committed;
    bool store_down, store_paused;
    bool store_away;       /* its save failed while the store's server was out of reach */
    int64_t store_down_ms; /* when its save first failed: its clocks stand still since */
    int save_err;          /* the error of its save in the commit being made, 0: none */
    int due_slot;          /* 1 + its place in bot.due while bot_tick runs, else 0 */
    /* The drawing at its start is still being sent (since then): its clocks stand still and its
     * computer players wait (bot_drawing_waits). */
    bool drawing_held;
    int64_t drawing_since_ms;
};

struct bot_user {
    char key[SESSION_ID_MAX + SESSION_NICK_MAX + 2];
    int64_t last_ms;
    int tokens_milli;        /* tokens x 1000 */
    int strikes_milli;       /* refusals x 1000, wearing off */
    int64_t ignore_until_ms; /* ignored before this (INT64_MIN: not) */
    bool warned;
};

struct bot_line {
    char *target, *text, *key;
    unsigned flags;
    const struct bot_game *game; /* the game the line is about (withheld if its save fails) */
};

/* A game that could not be saved is saved again this often (the tick tries), and admins who
 * commanded the bot within BOT_ADMIN_SEEN_MS are told in private, once per failure. */
#define BOT_STORE_RETRY_MS 5000
#define BOT_ADMINS_SEEN 8
#define BOT_ADMIN_SEEN_MS (24 * 60 * 60 * 1000)
struct bot_admin_seen {
    char nick[SESSION_NICK_MAX + 1];
    int64_t seen_ms; /* 0: free slot */
    bool told;       /* of the store failing now */
};

/* A channel whose saved game could not be read at start: its row stays untouched, and the
 * channel takes no new lobby until an admin's stop there erases it. */
struct bot_unreadable {
    char channel[SESSION_CHAN_MAX + 1];
    char why[128];
};

/* A configured channel's own house rules (a channel group's rules; house.c). */
struct bot_house {
    char channel[SESSION_CHAN_MAX + 1];
    struct session_house house;
};

struct bot {
    char own_nick[SESSION_NICK_MAX + 1];
    uint64_t lines_refused; /* user lines turned away by the rate limit (or while ignored) */
    char network[64];       /* the network's name, for log fields */
    bool link_down;         /* the server is silent (bot_link): no game's clock runs */
    char *prefix;
    char *web_url;   /* the web view's public address, NULL when off */
    char **web_hide; /* web.hide: channels whose address is not offered */
    size_t web_hide_count;
    struct cimap web_hidden; /* the same, by name */
    char **admins;
    size_t admin_count;
    bool colors;
    struct session_rules rules;
    int map; /* enum session_map: new lobbies play on it (config game.map) */
    /* The house rules new lobbies start with (config game.rules), and the channels that have
     * their own. */
    struct session_house house;
    struct bot_house *houses;
    int n_houses;
    int robot_delay_ms, robot_think_ms; /* computer players: wait before a move; hard's search */
    /* The hard level's time at a table no person watches (robot_budget_ms in robots.c). */
    int robot_idle_think_ms;
    struct bw_out out;
    struct session_store_ops *store;
    struct bw_rng rng;
    bool repeatable;        /* games dealt from rng, not from the system (bot_set_repeatable) */
    int64_t now_ms;         /* the time of the call being handled */
    int64_t wall_offset_ms; /* the wall clock minus now_ms's clock (bot_set_wall_clock) */
    int64_t alive_ms;       /* the last sign of life of the bot that saved (wall clock) */
    bool wall_known;
    struct bot_game **games;
    int n_games, cap_games;
    /* The games due in the bot_tick running (NULL otherwise): bot_commit clears a game's
     * entry when it frees it, so the tick never touches a freed game. */
    struct bot_game **due;
    struct cimap by_channel; /* the games by channel (closing ones too, until dropped) */
    struct bot_user users[BOT_RATE_USERS];
    const struct session_who *speaker; /* who is commanding now: the server vouched for them */
    bool robot_acting;                 /* a computer player's move is being applied */
    int64_t think_left_us;             /* the hard level's thinking time left in this tick */
    unsigned tick_count;
    struct bot_shown shown[BOT_SHOWN_MAX];
    struct bot_line *lines; /* held back until flush */
    int n_lines, cap_lines;
    /* Languages (enum i18n_lang): bot.language, and per channel the configured one and the
     * one set by !lang (or kept by the store), -1 where none; the set one comes first. */
    int language;
    struct bot_lang {
        char channel[SESSION_CHAN_MAX + 1];
        int8_t configured, set;
    } * langs;
    int n_langs, cap_langs;
    uint64_t gen; /* counts changes seen by the web view (view.c) */
    /* durable.c */
    int64_t store_retry_ms; /* the next save of the games that could not be saved */
    bool store_failing;     /* some game could not be saved and waits */
    struct bot_admin_seen admins_seen[BOT_ADMINS_SEEN];
    struct bot_unreadable *unreadable;
    int n_unreadable;
    struct bot_ended ended[BOT_ENDED_MAX]; /* games that ended lately; ended_ms 0: free slot */
};

/* view.c: what the web view reads. */
/* A public game line of g (not a display) was said in its channel. */
void bot_view_line(struct bot *b, struct bot_game *g, const char *text);
/* g changed (a move, a seat, a vote). */
void bot_view_changed(struct bot *b, struct bot_game *g);
/* g is closing: a game that was played is kept a while as ended. */
void bot_view_closing(struct bot *b, const struct bot_game *g);

/* bot.c */
/* Whether nick can sit and command: at most BW_NICK_MAX bytes, and written back exactly as it
 * came (no control characters, valid UTF-8). */
bool bot_nick_usable(const char *nick);
/* who as the session layer takes it. */
struct session_who bot_who(const struct bw_identity *id);
struct bot_game *bot_find(const struct bot *b, const char *channel);
struct bot_game *bot_open(struct bot *b, const char *channel);
/* Whether private lines to seat of g go first (BW_OUT_URGENT): the game waits for them, or their
 * own command changed it less than BOT_MOVER_MS ago. */
bool bot_seat_urgent(const struct bot *b, const struct bot_game *g, int seat);
void bot_queue(struct bot *b, const char *target, const char *text, unsigned flags,
               const char *key);
/* A line about g: RENDER_PUBLIC to its channel, a seat privately (never to a seat that is
 * away: someone else may be using its nick meanwhile). */
void bot_game_line(struct bot *b, struct bot_game *g, int to, const char *text, const char *key);
/* The bot is leaving g's channel: g waits, paused, for it to come back. */
void bot_pause(struct bot *b, struct bot_game *g);
/* presence.c: a public line MSG about nick in g's channel. */
void bot_announce(struct bot *b, struct bot_game *g, int msg, const char *nick);
/* nick (a seat of g) left or is no longer known to be its player: the seat waits as away. */
void bot_depart(struct bot *b, struct bot_game *g, const char *nick, int64_t now_ms);
/* lang.c: the configured languages, bot.language and those the network's channels name. */
void bot_set_languages(struct bot *b, const struct config_network *net,
                       const struct config_bot *botcfg);
/* house.c: the configured house rules, game.rules and the channels' own (set again on a
 * reload: lobbies already open keep theirs); the rules a new lobby in channel starts with. */
void bot_set_house_rules(struct bot *b, const struct config_network *net,
                         const struct config_bot *botcfg);
struct session_house bot_house_rules(const struct bot *b, const char *channel);
/* Apply a to g, showing events and prompts; marks g changed. */
int bot_game_act(struct bot *b, struct bot_game *g, const struct game_action *a, char *msg,
                 size_t msglen);
/* Show events of g (after they happened), prompts for the next move included. */
void bot_show_events(struct bot *b, struct bot_game *g, const struct game_event *ev, int n_ev);
/* Save every game now, then checkpoint the store (admin "save"): how many, or an error with
 * why. */
int bot_save_all(struct bot *b, char *why, size_t whylen);
/* Admin "release [#chan]": save the games of channel (NULL: of the network) paused, release the
 * instance's claims on them, leave them and forget the games. How many games were saved (their
 * channels, comma separated, in list), or an error with why: then nothing is released. */
/* Admin "join #chan": claim channel for this instance (refused with why when another holds it)
 * and, when the bot has nothing there, restore what was saved there (a game another instance
 * released): BW_OK or an error, and then nothing changed. */
int bot_claim(struct bot *b, const char *channel, char *why, size_t whylen);
int bot_release(struct bot *b, const char *channel, char *list, size_t listlen, char *why,
                size_t whylen);
/* Save the changed games, send the held-back lines (hands first computed), drop closed games.
 * A game whose save fails says nothing of the change: see durable.c. */
void bot_commit(struct bot *b);
/* bot_queue for a line about g (NULL: about no game). */
void bot_queue_about(struct bot *b, const struct bot_game *g, const char *target, const char *text,
                     unsigned flags, const char *key);
/* Write g (its session s, or its end when g->closing) to the store: BW_OK or the error (logged). */
int bot_save_game(struct bot *b, struct bot_game *g);

/* durable.c: durable before visible. */
/* g was saved: what it is now is what the channel may see, and what a failure goes back to. */
void bot_durable_saved(struct bot *b, struct bot_game *g);
/* g could not be saved (err): back to its last saved state, paused, and the failure said once
 * (the channel, the one commanding, admins). false when g had never been saved: it goes. */
bool bot_durable_failed(struct bot *b, struct bot_game *g, int err);
/* Before g is saved again while it waits: its clocks run again in what is saved. */
void bot_durable_unpause(struct bot *b, struct bot_game *g);
/* After the commit: whether some game still waits (the retry is then due at
 * b->store_retry_ms), and the end of a failure when none does. */
void bot_durable_after(struct bot *b);
/* The tick: games that could not be saved are tried again when the retry is due. */
void bot_durable_tick(struct bot *b, int64_t now_ms);
/* An admin (nick) commands: remembered to be told of a failing store, told now if not yet. */
void bot_durable_admin(struct bot *b, const char *nick);
/* Why channel's saved game could not be read at start, or NULL. */
const char *bot_unreadable_why(const struct bot *b, const char *channel);
/* An admin erases channel's unreadable saved game: BW_OK or the store's error. */
int bot_unreadable_erase(struct bot *b, const char *channel);
void bot_durable_free(struct bot *b);
void bot_durable_forget(struct bot_game *g);

/* robots.c */
/* When g's computer players next have something to do (after any change). */
void bot_robots_schedule(struct bot *b, struct bot_game *g);
/* A turn of the event loop begins: the thinking time it may spend. */
void bot_robots_new_tick(struct bot *b);
/* Let them do it (the hard level thinks in slices: it may take several calls). */
void bot_robots_run(struct bot *b, struct bot_game *g);
/* Drop what they were thinking about (the game ends or is freed). */
void bot_robots_forget(struct bot_game *g);
/* Whether g is a running game that no person present plays in (every person seated left the
 * channel or resigned): its lines wait until nothing else does (BW_OUT_BACKGROUND). */
bool bot_robots_unattended(const struct bot_game *g);
/* A lobby or game where no person holds a seat any more (only computer players left) ends at
 * once, said in its channel: g is closing. Nothing when a person is seated, away included. */
void bot_robots_alone(struct bot *b, struct bot_game *g);

/* commands.c */
void bot_command(struct bot *b, const char *channel, const struct bw_identity *from,
                 const char *text, bool in_private, int64_t now_ms);

#endif
