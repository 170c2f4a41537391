/* The configuration file (SPEC §2), loaded and checked in one pass into plain C structs.
 *
 * This is the only module that sees libconfig; everything above gets the structs below. A file
 * either loads completely or not at all: every unknown key, wrong type, out-of-range number and
 * string that would be unsafe on the IRC wire is reported as a problem naming the file, the line
 * and the key, and all problems are collected so that `brickwood -t` can list them together.
 * Nothing wrong is ever replaced by a default.
 *
 * The configuration is one file: `@include` is refused, so that a reload reads exactly what the
 * operator named and nothing else.
 *
 * Defaults, for keys left out (SPEC §2 fixes the first three):
 *
 *   networks.[i].port            6697 when tls, else 6667           (1..65535)
 *   networks.[i].tls             true
 *   networks.[i].tls_verify      true
 *   networks.[i].name, host      required; name is [A-Za-z0-9._-], at most 32 bytes, unique
 *                                among networks regardless of case
 *   networks.[i].tls_ca_file     none (the system store); "" also means none; needs tls
 *   networks.[i].tls_client_cert none; "" also means none; needs tls
 *   networks.[i].password        none; "" also means none
 *   networks.[i].nick            "brickwood"
 *   networks.[i].alt_nicks       none
 *   networks.[i].username        "brickwood"
 *   networks.[i].realname        "Catan game moderator"
 *   networks.[i].sasl            none; when given, mechanism is required ("PLAIN" needs username
 *                                and password, "EXTERNAL" needs tls and tls_client_cert and takes
 *                                no password; username is then the optional authorization id);
 *                                sasl.required true: a failed login disconnects and retries
 *   networks.[i].ping_interval_s 30: PING a server quiet this long   (5..3600)
 *   networks.[i].ping_timeout_s  30: reconnect when no answer within (5..3600)
 *   networks.[i].channels        none (an admin can still `join`); no duplicates (regardless
 *                                of case). Each is a name ("#catan") or a group { name =
 *                                "#katan"; language = "uk"; }: name required, language
 *                                optional (none: bot.language). A list holding a group is
 *                                written ( ... ): [ ... ] holds strings only
 *   networks.[i].flood.burst     4                                  (1..10; 1..100 unsafe)
 *   networks.[i].flood.interval_ms 1500; 0 turns pacing off  (300..60000; 0..60000 unsafe)
 *   networks.[i].flood.unsafe    false; true allows pacing past the floor above (a burst over
 *                                10, or under 300 ms per line, or none), which real networks
 *                                answer by disconnecting the bot: for a server you run
 *   bot.prefix                   "!"                                (1..8 bytes, no blanks)
 *   bot.admins                   none; each is "account:NAME" or a "nick!user@host" mask
 *                                whose user and host are not both wildcard parts (SPEC §3:
 *                                no match by nick alone). A wildcard part is one made only of
 *                                '*' and '?' ("*", "?*", "**", "???"): it matches any text
 *                                (of its length, with '?' alone), so it names nobody. The nick
 *                                part may be one ("*!*@host.example").
 *   bot.colors                   true
 *   bot.private                  "privmsg" (or "notice")
 *   bot.language                 "en": the language of channels that name none; "en", "uk",
 *                                "sr" or "ar" (any case; "-" or "_" and what follows ignored:
 *                                "sr-Latn", "uk_UA")
 *   game.min_players             3                                  (3..6)
 *   game.max_players             6                                  (3..6, >= min_players)
 *   game.victory_points          10                                 (3..30)
 *   game.turn_timeout_s          180; 0 = no timer                  (0 or 10..86400)
 *   game.map                     "base" (base, four_islands; any case; new_shores and
 *                                fog_islands are known but cannot be played yet)
 *   game.rules                   the rule book's: { points = 0 (the map's; else 5..20);
 *                                discard = 7 (7..12); friendly_robber = false; no_sevens = 0
 *                                (0..10); robber_desert = true; dice = "random" ("deck");
 *                                trade = true; harbormaster = false; timer = "normal" ("fast",
 *                                "slow", "off"; fast and slow need turn_timeout_s) }; a channel
 *                                group's rules = { ... } sets keys of its own over these
 *   store.path                   "brickwood.db" (relative to the working directory)
 *   log.level                    "info" (error, warn, info, debug; any case)
 *   log.file                     none: stderr; "" also means none. Opened for appending at
 *                                start, opened again on SIGHUP (after logrotate moves it)
 *
 * At least one network is required. Nicks follow RFC 2812 (a letter or one of []\`_^{|} first,
 * then also digits and '-'). Channel names start with '#' or '&'. Nicks, user names, real names,
 * server passwords and channel names never contain CR, LF, NUL, other control characters or '%'
 * (libircclient formats some of them with printf), and only the real name may contain spaces. */
#ifndef BW_CONFIG_CONFIG_H
#define BW_CONFIG_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/log.h"

/* game.rules, and a channel group's rules over it: the house rules a new lobby starts with
 * (!rules; doc/house-rules.md). 0 is the rule book's in every field, as in struct
 * session_house, so that a zeroed set is the published game. */
struct config_rules {
    int points;           /* 0: the map's; else 5..20 */
    int discard;          /* 0: 7; else 7..12 */
    int friendly_robber;  /* 0 or 1 */
    int no_sevens;        /* 0..10 */
    int robber_no_desert; /* 0 or 1 (the file says robber_desert = true or false) */
    int dice_deck;        /* 0 or 1 (dice = "random" or "deck") */
    int no_trade;         /* 0 or 1 (trade = true or false) */
    int harbormaster;     /* 0 or 1 */
    int timer;            /* 0 normal, 1 fast, 2 slow, 3 off (enum session_timer) */
};

/* How the bot answers in private (bot.private). */
enum config_private { CONFIG_PRIVATE_PRIVMSG, CONFIG_PRIVATE_NOTICE };

/* networks.[i].sasl.mechanism; NONE when there is no sasl group. */
enum config_sasl_mech { CONFIG_SASL_NONE, CONFIG_SASL_PLAIN, CONFIG_SASL_EXTERNAL };

struct config_sasl {
    enum config_sasl_mech mechanism;
    char *username; /* NULL when not given (EXTERNAL: no authorization id) */
    char *password; /* NULL with EXTERNAL */
    bool required;  /* a failed login disconnects and retries (else: go on without it) */
};

struct config_flood {
    int burst;       /* lines that may go out back to back */
    int interval_ms; /* then one line per interval; 0 = no pacing */
    bool unsafe;     /* the file allowed pacing past the floor (flood.unsafe = true) */
};

/* Strings marked "or NULL" are NULL when the key is absent or "", so callers test one thing. */
struct config_network {
    char *name;
    char *host;
    int port;
    bool tls;
    bool tls_verify;
    char *tls_ca_file;     /* or NULL */
    char *tls_client_cert; /* or NULL */
    char *password;        /* or NULL */
    char *nick;
    char **alt_nicks;
    size_t alt_nick_count;
    char *username;
    char *realname;
    struct config_sasl sasl;
    char **channels;
    size_t channel_count;
    /* The language of each of channels[] (enum i18n_lang), or -1 where the entry names none
     * and bot.language applies: `channels = ( "#catan", { name = "#katan"; language = "uk"; } )`.
     * NULL when no channel names one. */
    int *channel_langs;
    /* The house rules of each of channels[]: game.rules with the keys of the channel's own rules
     * group over it, `{ name = "#fast"; rules = { timer = "fast"; }; }`. NULL when no channel
     * has a rules group (then game.rules applies to every one). */
    struct config_rules *channel_rules;
    struct config_flood flood;
    int ping_interval_s; /* the bot PINGs a server that has been quiet this long */
    int ping_timeout_s;  /* and reconnects when nothing comes back within this */
};

struct config_bot {
    char *prefix;
    char **admins; /* as written: "account:NAME" or "nick!user@host" with * and ? wildcards */
    size_t admin_count;
    bool colors;
    enum config_private private_reply;
    /* game.map: enum session_map, the map a new lobby plays on (base: 0). Kept here rather
     * than in struct config_game, which callers fill by position. */
    int game_map;
    /* game.rules: the house rules a new lobby starts with, where its channel names none. Kept
     * here rather than in struct config_game, which callers fill by position. */
    struct config_rules game_rules;
    /* bot.language: enum i18n_lang of the channels that name none ("en"). */
    int language;
    /* web.public_url without a trailing '/', for !board web and the line at !start; NULL when
     * the web view is off. A copy of bw_config.web.public_url, here so that the bot has it. */
    char *web_url;
    /* web.hide, copied here too: the bot does not offer the web address in those channels. */
    char **web_hide;
    size_t web_hide_count;
};

struct config_game {
    int min_players;
    int max_players;
    int victory_points;
    int turn_timeout_s; /* 0 = no timer */
    int bot_level;      /* computer players: 1 easy, 2 normal, 3 hard */
    int bot_think_ms;   /* the hard level's time per move */
    int bot_delay_ms;   /* a computer player waits this long before it moves */
    bool takeover;      /* a computer player sits in for an absent player */
};

/* The read-only web view (`web = { listen = "127.0.0.1:8080"; public_url = "..."; }`); off
 * when the group is absent (host NULL). */
struct config_web {
    char *host;       /* the address to listen on, an IP literal without brackets */
    int port;         /* 1..65535 */
    char *public_url; /* how people reach it: "https://catan.example.org" (no trailing '/');
                       * default "http://LISTEN" */
    char **hide;      /* channels kept out of it on every network (`hide = [ "#secret" ]`) */
    size_t hide_count;
};

/* Everything a loaded file says; owned by whoever called config_load. */
struct bw_config {
    struct config_network *networks;
    size_t network_count;
    struct config_bot bot;
    struct config_game game;
    char *store_path;
    enum log_level log_level;
    char *log_file; /* NULL: stderr */
    struct config_web web;
};

/* One problem found in a file. */
struct config_problem {
    char *file;    /* the name the file was loaded under */
    unsigned line; /* 1-based; 0 when no line applies (a key missing from the whole file) */
    char *key;     /* path such as "networks.[0].port"; NULL when none applies (syntax error) */
    char *message; /* what is wrong, e.g. "must be 1..65535 (got 70000)" */
};

/* Problems found by loads, each load's in line order (line 0, the whole file, first). */
struct config_errors {
    struct config_problem *items;
    size_t count;
    size_t cap;
};

/* Networks one process can serve: libircclient watches its loopback socket with select(), so
 * every descriptor must stay below FD_SETSIZE (1024); a network holds up to 6 at a time, and
 * the rest of the process (log, store, listening sockets) keeps a reserve. */
#define CONFIG_NETWORKS_MAX 128

/* Stop collecting after this many: a wrong file type can produce thousands of lines. */
#define CONFIG_MAX_PROBLEMS 100

/* Files above this size are refused before parsing. */
#define CONFIG_MAX_FILE_SIZE (1024 * 1024)

/* Prepare an empty list in caller storage. */
void config_errors_init(struct config_errors *errs);

/* Free every problem; errs is empty again and may be reused. */
void config_errors_fini(struct config_errors *errs);

/* One problem as "file:line: key: message" (line and key left out when they do not apply).
 * The returned string is the caller's to free. */
char *config_problem_format(const struct config_problem *p);

/* Write every problem of errs to out, one formatted line each. Returns how many were written. */
size_t config_errors_print(const struct config_errors *errs, FILE *out);

/* Read the file at path into cfg (caller storage, contents ignored and overwritten).
 *
 * Returns BW_OK, or BW_E(IO) when the file cannot be read, BW_E(LIMIT) when it is larger than
 * CONFIG_MAX_FILE_SIZE, BW_E(PARSE) on a syntax error, BW_E(INVALID) when it parses but breaks
 * a rule. Problems are appended to errs (which may be NULL when only the verdict matters); path
 * is the file name they carry. On success cfg owns all its strings and arrays until
 * config_fini; on failure cfg is left empty, and config_fini on it is harmless. */
int config_load(struct bw_config *cfg, const char *path, struct config_errors *errs);

/* Like config_load, but from the len bytes at data (no terminating NUL needed; a NUL inside is
 * a problem). name is the file name given in problems; data and name stay the caller's. */
int config_load_buffer(struct bw_config *cfg, const char *data, size_t len, const char *name,
                       struct config_errors *errs);

/* Free everything cfg owns and leave it empty; harmless on an empty or failed cfg. */
void config_fini(struct bw_config *cfg);

/* The network named name (compared regardless of case), or NULL; borrowed from cfg. */
const struct config_network *config_network_find(const struct bw_config *cfg, const char *name);

/* Why name cannot be used as a channel name ("must start with '#' or '&'"), or NULL when it
 * can. The same rule as networks.[i].channels, for channels named at run time (admin `join`).
 * The returned text is a borrowed constant. */
const char *config_channel_problem(const char *name);

/* The configuration file to use when none is given (SPEC §1): "./brickwood.conf" when it
 * exists, else $XDG_CONFIG_HOME/brickwood/brickwood.conf, where an unset, empty or relative
 * XDG_CONFIG_HOME means $HOME/.config. home and xdg_config_home are the values of those
 * variables (NULL when unset); they are parameters so that tests need not touch the
 * environment. Returns a path for the caller to free, or NULL when no candidate exists. */
char *config_default_path(const char *home, const char *xdg_config_home);

/* The version of libconfig the program was built with ("1.5.0"; the library has no call that
 * reports its own); a borrowed constant. */
const char *config_libconfig_version(void);

#endif
