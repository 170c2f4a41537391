/* Admin commands sent in private: part a channel, reload the configuration, save the games.
 * ("join #chan" shares the join command's row: see lobby.c.) */
#include <strings.h>

#include "cmd/internal.h"
#include "i18n/i18n.h"

/* A running game is not left behind by accident: parting its channel takes "force". Either
 * way the bot keeps the lobby or game there, paused, and resumes it on joining again. */
static int exec_part(struct cmd_call *c)
{
    const char *chan = c->argv[0];
    if ((chan[0] != '#' && chan[0] != '&') || (c->argc == 2 && strcasecmp(c->argv[1], "force")))
        return cmd_usage(c);
    const struct session *s = c->host->find(c->host->ctx, chan);
    if (s && s->state == SESSION_PLAYING && c->argc < 2) {
        cmd_replyf(c, tr(c->lang, MSG_ADM_PART_RUNNING), chan, chan);
        return BW_E(OCCUPIED);
    }
    c->host->part(c->host->ctx, chan);
    if (s)
        cmd_replyf(
            c,
            tr(c->lang, s->state == SESSION_LOBBY ? MSG_ADM_LEAVING_LOBBY : MSG_ADM_LEAVING_GAME),
            chan);
    else
        cmd_replyf(c, tr(c->lang, MSG_ADM_LEAVING), chan);
    return BW_OK;
}

static int exec_reload(struct cmd_call *c)
{
    c->host->reload(c->host->ctx);
    cmd_replyf(c, "%s", tr(c->lang, MSG_ADM_RELOADING));
    return BW_OK;
}

/* Every change is already committed when it is announced; save writes each game once more and
 * checkpoints the store, so that its file alone (without the write-ahead log) holds it all. */
static int exec_save(struct cmd_call *c)
{
    char why[256] = "";
    int n = c->host->save_all(c->host->ctx, why, sizeof why);
    if (n < 0)
        cmd_replyf(c, tr(c->lang, MSG_ADM_SAVE_FAILED), *why ? why : i18n_strerror(c->lang, n));
    else
        cmd_replyf(c, tr(c->lang, n == 1 ? MSG_ADM_SAVED_1 : MSG_ADM_SAVED_N), n);
    return n < 0 ? n : BW_OK;
}

static int exec_backup(struct cmd_call *c)
{
    char why[256] = "";
    int rc = c->host->backup ? c->host->backup(c->host->ctx, c->argv[0], why, sizeof why)
                             : BW_E(NOT_FOUND);
    if (rc)
        cmd_replyf(c, tr(c->lang, MSG_ADM_BACKUP_FAILED), *why ? why : i18n_strerror(c->lang, rc));
    else
        cmd_replyf(c, tr(c->lang, MSG_ADM_BACKUP_DONE), c->argv[0]);
    return rc;
}

/* Hand this network's channels, or one, to another instance on the shared database. */
static int exec_release(struct cmd_call *c)
{
    const char *chan = c->argc ? c->argv[0] : NULL;
    if (chan && chan[0] != '#' && chan[0] != '&')
        return cmd_usage(c);
    char why[300] = "", list[400] = "";
    int n = c->host->release
                ? c->host->release(c->host->ctx, chan, list, sizeof list, why, sizeof why)
                : BW_E(NOT_FOUND);
    if (n < 0)
        cmd_replyf(c, tr(c->lang, MSG_ADM_RELEASE_FAILED), *why ? why : i18n_strerror(c->lang, n));
    else
        cmd_replyf(c, tr(c->lang, MSG_ADM_RELEASED), list, n);
    return n < 0 ? n : BW_OK;
}

/* What the bot is doing: networks, channels, lobbies and games, queues, the store. */
static int exec_status(struct cmd_call *c)
{
    const char *chan = c->argc ? c->argv[0] : NULL;
    if (chan && chan[0] != '#' && chan[0] != '&')
        return cmd_usage(c);
    c->host->describe(c->host->ctx, "status", chan);
    return BW_OK;
}

static int exec_games(struct cmd_call *c)
{
    c->host->describe(c->host->ctx, "games", NULL);
    return BW_OK;
}

const struct cmd_entry cmd_status_admin = {
    "status",
    {NULL},
    "[#channel]",
    "networks (connection, TLS, SASL, lag, queue), channels and their games, the store; or one "
    "channel",
    0,
    1,
    CMD_ADMIN,
    CMD_IN_PRIVATE,
    0,
    exec_status,
};
const struct cmd_entry cmd_games = {
    "games",        {NULL}, "",         "every lobby and game on every network", 0, 0, CMD_ADMIN,
    CMD_IN_PRIVATE, 0,      exec_games,
};
const struct cmd_entry cmd_part = {
    "part",
    {NULL},
    "#channel [force]",
    "leave a channel; a game running there needs force, and it is kept, paused, until I join "
    "again",
    1,
    2,
    CMD_ADMIN,
    CMD_IN_PRIVATE,
    0,
    exec_part,
};
const struct cmd_entry cmd_reload = {
    "reload",       {NULL}, "",          "reload the configuration", 0, 0, CMD_ADMIN,
    CMD_IN_PRIVATE, 0,      exec_reload,
};
const struct cmd_entry cmd_backup = {
    "backup",
    {NULL},
    "FILE",
    "a consistent copy of the store to FILE beside it (a name in the store's folder, or a path "
    "below it; FILE must not exist yet), while games go on",
    1,
    1,
    CMD_ADMIN,
    CMD_IN_PRIVATE,
    0,
    exec_backup,
};
const struct cmd_entry cmd_release = {
    "release",
    {NULL},
    "[#channel]",
    "shared PostgreSQL store: save this network's games (or one channel's), release its channels "
    "and leave them, for another instance to take over at its start",
    0,
    1,
    CMD_ADMIN,
    CMD_IN_PRIVATE,
    0,
    exec_release,
};
const struct cmd_entry cmd_save = {
    "save", {NULL},    "",        "save every game now and checkpoint the store",
    0,      0,         CMD_ADMIN, CMD_IN_PRIVATE,
    0,      exec_save,
};
