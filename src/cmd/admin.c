/* Admin commands sent in private: part a channel, reload the configuration, save the games.
 * ("join #chan" shares the join command's row: see lobby.c.) */
#include "cmd/internal.h"

static int exec_part(struct cmd_call *c)
{
    if (c->argv[0][0] != '#' && c->argv[0][0] != '&')
        return cmd_usage(c);
    c->host->part(c->host->ctx, c->argv[0]);
    cmd_replyf(c, "leaving %s", c->argv[0]);
    return BW_OK;
}

static int exec_reload(struct cmd_call *c)
{
    c->host->reload(c->host->ctx);
    cmd_replyf(c, "reloading the configuration");
    return BW_OK;
}

static int exec_save(struct cmd_call *c)
{
    int n = c->host->save_all(c->host->ctx);
    if (n < 0)
        cmd_replyf(c, "saving failed: %s", bw_strerror(n));
    else
        cmd_replyf(c, "saved %d game%s", n, n == 1 ? "" : "s");
    return n < 0 ? n : BW_OK;
}

const struct cmd_entry cmd_part = {
    "part", {NULL}, "#channel", "leave a channel", 1, 1, CMD_ADMIN, CMD_IN_PRIVATE, 0, exec_part,
};
const struct cmd_entry cmd_reload = {
    "reload",       {NULL}, "",          "reload the configuration", 0, 0, CMD_ADMIN,
    CMD_IN_PRIVATE, 0,      exec_reload,
};
const struct cmd_entry cmd_save = {
    "save", {NULL}, "", "save every game now", 0, 0, CMD_ADMIN, CMD_IN_PRIVATE, 0, exec_save,
};
