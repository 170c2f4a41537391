#include "bot_fake.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "engine/error.h"
#include "engine/internal.h"
#include "engine/playout.h"

struct rec recs[MAX_REC];
int n_recs, n_drops;
int64_t now = 1000000;
unsigned char saved[SESSION_RECORD_SIZE];
size_t saved_len;
int n_saves;
int fake_store_error;
int n_store_tries;
char parted[64];

static void fake_send(void *ctx, const char *target, const char *text, unsigned flags,
                      const char *key)
{
    if (n_recs < MAX_REC) {
        snprintf(recs[n_recs].target, sizeof recs[n_recs].target, "%s", target);
        snprintf(recs[n_recs].text, sizeof recs[n_recs].text, "%s", text);
        snprintf(recs[n_recs].key, sizeof recs[n_recs].key, "%s", key ? key : "");
        recs[n_recs].flags = flags;
        n_recs++;
    }
}

size_t fake_backlog;
size_t fake_drawing;
int fake_calm;
char fake_calm_asked[256];

static int fake_calm_of(void *ctx, const char *channel, const char *const *nicks, size_t n,
                        int64_t now_ms)
{
    size_t len = (size_t)snprintf(fake_calm_asked, sizeof fake_calm_asked, "%s:", channel);
    for (size_t i = 0; i < n && len < sizeof fake_calm_asked; i++)
        len +=
            (size_t)snprintf(fake_calm_asked + len, sizeof fake_calm_asked - len, " %s", nicks[i]);
    return fake_calm;
}

static size_t fake_drawing_of(void *ctx, const char *channel)
{
    return fake_drawing;
}

static size_t fake_queued(void *ctx, const char *channel)
{
    return fake_backlog;
}

static void fake_drop(void *ctx, const char *target, const char *key)
{
    n_drops++;
}

static void fake_part(void *ctx, const char *channel)
{
    snprintf(parted, sizeof parted, "%s", channel);
}

char kept_language[16];

static int fake_language(void *ctx, const char *channel, const char *language)
{
    snprintf(kept_language, sizeof kept_language, "%s", language ? language : "");
    return 0;
}

static int fake_save(void *ctx, const char *channel, const void *blob, size_t len)
{
    assert_true(len <= sizeof saved);
    n_store_tries++;
    if (fake_store_error)
        return fake_store_error;
    memcpy(saved, blob, len);
    saved_len = len;
    n_saves++;
    return 0;
}

char backed_up[128];
bool fake_unreachable;
int fake_release_result;
char released_channel[64];

static bool fake_unreachable_of(void *ctx)
{
    return fake_unreachable;
}

static int fake_release(void *ctx, const char *channel,
                        void (*fn)(void *fnctx, const char *channel), void *fnctx, char *why,
                        size_t whylen)
{
    snprintf(released_channel, sizeof released_channel, "%s", channel ? channel : "*");
    if (fake_release_result < 0)
        snprintf(why, whylen, "the database says no");
    else if (fake_release_result > 0)
        fn(fnctx, CHAN);
    return fake_release_result;
}

int fake_claim_result;
bool fake_claim_asked;
char joined_channel[64];

static int fake_claim(void *ctx, const char *channel, const struct session_claimed *got, char *why,
                      size_t whylen)
{
    fake_claim_asked = got != NULL;
    if (fake_claim_result) {
        snprintf(why, whylen, "%s is claimed by instance b", channel);
        return fake_claim_result;
    }
    if (got && saved_len)
        got->game(got->ctx, channel, saved, saved_len);
    return 0;
}

static void fake_join(void *ctx, const char *channel)
{
    snprintf(joined_channel, sizeof joined_channel, "%s", channel);
}

static int fake_backup(void *ctx, const char *path, char *why, size_t whylen)
{
    if (strcmp(path, "exists.db") == 0) {
        snprintf(why, whylen, "%s exists; nothing is overwritten", path);
        return BW_E(DENIED);
    }
    snprintf(backed_up, sizeof backed_up, "%s", path);
    return 0;
}

static int fake_erase(void *ctx, const char *channel)
{
    n_store_tries++;
    if (fake_store_error)
        return fake_store_error;
    saved_len = 0;
    return 0;
}

static char *admins_list[] = {"account:root", "*!*@trusted.example"};

#define FAKE_MEMBERS 32
static bool members_on;
static struct {
    char nick[80], user[512], host[512], account[512]; /* as long as an IRC line allows */
    bool has_account, op;
} members[FAKE_MEMBERS];

void fake_members_on(void)
{
    members_on = true;
    memset(members, 0, sizeof members);
}

void fake_member(const char *nick, const char *user, const char *host, const char *account)
{
    int slot = -1;
    for (int i = 0; i < FAKE_MEMBERS; i++) {
        if (members[i].nick[0] && strcasecmp(members[i].nick, nick) == 0)
            slot = i;
        else if (slot < 0 && !members[i].nick[0])
            slot = i;
    }
    assert_true(slot >= 0);
    memset(&members[slot], 0, sizeof members[slot]);
    if (!user)
        return;
    snprintf(members[slot].nick, sizeof members[slot].nick, "%s", nick);
    snprintf(members[slot].user, sizeof members[slot].user, "%s", user);
    snprintf(members[slot].host, sizeof members[slot].host, "%s", host);
    snprintf(members[slot].account, sizeof members[slot].account, "%s", account ? account : "");
    members[slot].has_account = account != NULL;
}

void fake_op(const char *nick, bool op)
{
    for (int i = 0; i < FAKE_MEMBERS; i++)
        if (members[i].nick[0] && strcasecmp(members[i].nick, nick) == 0)
            members[i].op = op;
}

static bool fake_member_of(void *ctx, const char *channel, const char *nick, struct bw_identity *id)
{
    if (strcasecmp(channel, CHAN) != 0)
        return false;
    for (int i = 0; i < FAKE_MEMBERS; i++)
        if (members[i].nick[0] && strcasecmp(members[i].nick, nick) == 0) {
            *id = (struct bw_identity){members[i].nick,
                                       members[i].user,
                                       members[i].host,
                                       members[i].has_account ? members[i].account : NULL,
                                       true,
                                       members[i].op};
            return true;
        }
    return false;
}

const char *fake_web_url, *fake_web_hide;
bool fake_secret;

static bool fake_secret_of(void *ctx, const char *channel)
{
    (void)ctx;
    return fake_secret && strcasecmp(channel, CHAN) == 0;
}

struct bot *make_bot(int timeout_s, uint64_t seed)
{
    struct config_network net = {.name = "testnet", .nick = "brickwood"};
    char *hide[1] = {(char *)fake_web_hide};
    struct config_bot cb = {.prefix = "!",
                            .admins = admins_list,
                            .admin_count = 2,
                            .web_url = (char *)fake_web_url,
                            .web_hide = hide,
                            .web_hide_count = fake_web_hide ? 1 : 0};
    struct config_game cg = {3, 6, 10, timeout_s, 2, 100, 1500, false};
    struct bw_out out = {.send = fake_send,
                         .drop = fake_drop,
                         .part = fake_part,
                         .join = fake_join,
                         .member = members_on ? fake_member_of : NULL,
                         .secret = fake_secret_of,
                         .queued = fake_queued,
                         .drawing = fake_drawing_of,
                         .calm = fake_calm_of};
    fake_backlog = 0;
    fake_drawing = 0;
    fake_calm = BW_CALM_FULL;
    fake_calm_asked[0] = '\0';
    struct bot *b = bot_new(&net, &cb, &cg, &out, seed);
    bot_set_repeatable(b, true); /* the same seed, the same games */
    struct session_store_ops ops = {.save = fake_save,
                                    .erase = fake_erase,
                                    .backup = fake_backup,
                                    .set_language = fake_language,
                                    .unreachable = fake_unreachable_of,
                                    .release = fake_release,
                                    .claim = fake_claim};
    kept_language[0] = '\0';
    fake_unreachable = false;
    fake_release_result = 1;
    released_channel[0] = '\0';
    fake_claim_result = 0;
    fake_claim_asked = false;
    joined_channel[0] = '\0';
    bot_set_store(b, &ops);
    n_recs = 0;
    parted[0] = '\0';
    return b;
}

void ident(struct bw_identity *id, const char *nick)
{
    static char host[64];
    snprintf(host, sizeof host, "%.40s.example", nick);
    *id = (struct bw_identity){nick, "u", host, NULL, true, false};
}

void say(struct bot *b, const char *nick, const char *text)
{
    struct bw_identity id;
    ident(&id, nick);
    now += 1100;
    bot_on_message(b, CHAN, &id, text, now);
}

const struct session *sess(struct bot *b)
{
    return bot_session(b, CHAN);
}

const char *nick_of(struct bot *b, int seat)
{
    return sess(b)->seat[seat].nick;
}

int count_to(int mark, const char *target)
{
    int n = 0;
    for (int i = mark; i < n_recs; i++)
        n += strcasecmp(recs[i].target, target) == 0;
    return n;
}

/* Lines since mark to target, each with key and (for a nick) flagged private. */
int keyed_to(int mark, const char *target, const char *key)
{
    int n = 0;
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, target) == 0) {
            assert_string_equal(recs[i].key, key);
            assert_int_equal(!!(recs[i].flags & BW_OUT_PRIVATE), target[0] != '#');
            n++;
        }
    return n;
}

bool any_line(int mark, const char *target, const char *needle)
{
    for (int i = mark; i < n_recs; i++)
        if ((!target || strcasecmp(recs[i].target, target) == 0) && strstr(recs[i].text, needle))
            return true;
    return false;
}

void check_no_leak(void)
{
    for (int i = 0; i < n_recs; i++) {
        const struct rec *r = &recs[i];
        if (r->target[0] == '#') {
            assert_null(strstr(r->text, "hand:"));
            assert_null(strstr(r->text, "you bought"));
            assert_null(strstr(r->text, "stole 1"));
            assert_false(r->flags & BW_OUT_PRIVATE);
        } else {
            assert_true(r->flags & BW_OUT_PRIVATE);
        }
        assert_null(strpbrk(r->text, "\r\n"));
    }
}

void expect_refused(struct bot *b, const char *nick, const char *text)
{
    struct game before = sess(b)->game;
    int mark = n_recs;
    say(b, nick, text);
    if (n_recs - mark != 1)
        fail_msg("\"%s\" by %s: %d lines, the last \"%s\"", text, nick, n_recs - mark,
                 n_recs ? recs[n_recs - 1].text : "");
    assert_string_equal(recs[mark].target, nick);
    assert_true(recs[mark].flags & BW_OUT_PRIVATE);
    assert_true(strlen(recs[mark].text) < 300);
    assert_null(strpbrk(recs[mark].text, "\r\n"));
    assert_memory_equal(&before, &sess(b)->game, sizeof before);
}

void start_game(struct bot *b, const char *const *nicks, int n)
{
    say(b, nicks[0], "!new");
    for (int i = 1; i < n; i++)
        say(b, nicks[i], "!join");
    say(b, nicks[0], "!start");
    assert_non_null(sess(b));
    assert_int_equal(sess(b)->state, SESSION_PLAYING);
}

/* Hands set by a test take their cards from the bank and their development cards from the
 * deck, as in a real game: a restored record must account for every card. */
static void account_for_cards(struct game *g)
{
    int drawn = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        int held = 0;
        for (int p = 0; p < g->opt.n_players; p++)
            held += g->p[p].res[r];
        assert_true(held <= g->bank_start);
        g->bank[r] = (uint8_t)(g->bank_start - held);
    }
    for (int p = 0; p < g->opt.n_players; p++) {
        for (int c = 0; c < DEV_COUNT; c++)
            drawn += g->p[p].dev[c] + g->p[p].dev_new[c];
        drawn += g->p[p].knights;
    }
    assert_true(drawn <= g->deck_size);
    if (g->deck_pos < drawn)
        g->deck_pos = (uint8_t)drawn;
}

struct bot *bot_with(struct session *s, int timeout_s)
{
    struct bot *b = make_bot(timeout_s, 5);
    if (s->state != SESSION_LOBBY)
        account_for_cards(&s->game);
    unsigned char blob[SESSION_RECORD_SIZE];
    size_t len = session_save(s, now, blob, sizeof blob);
    assert_int_equal(bot_restore(b, blob, len, now, NULL, 0), BW_OK);
    return b;
}

void lobby_n(struct session *s, int n, int max_players, int timeout_s)
{
    struct session_rules rules = {3, max_players, 10, timeout_s, SESSION_ROBOT_NORMAL, false};
    static const char *const nicks[] = {"xena", "yuri", "zoe", "una", "vic", "wes"};
    session_init(s, CHAN, &rules, 3);
    for (int i = 0; i < n; i++) {
        char host[64];
        snprintf(host, sizeof host, "%s.example", nicks[i]);
        struct session_who w = {nicks[i], "u", host, NULL, false};
        assert_true(session_join(s, &w) >= 0);
    }
}

void crafted_n(struct session *s, int n, int timeout_s)
{
    crafted_map(s, n, SESSION_MAP_BASE, timeout_s);
}

void play_setup(struct session *s)
{
    struct bw_rng rng;
    bw_rng_seed(&rng, 4);
    while (s->game.phase == PHASE_SETUP_SETTLEMENT || s->game.phase == PHASE_SETUP_ROAD) {
        struct game_action a;
        assert_int_equal(playout_choose(&s->game, &rng, &a), BW_OK);
        assert_int_equal(session_apply(s, &a, now, NULL, 0, NULL), BW_OK);
    }
}

void crafted_map(struct session *s, int n, int map, int timeout_s)
{
    lobby_n(s, n, 6, timeout_s);
    s->map = map;
    char msg[100];
    assert_int_equal(session_start(s, NULL, now, msg, sizeof msg), BW_OK);
    play_setup(s);
    for (int p = 0; p < n; p++) /* empty hands: the cards go back to the bank */
        for (int r = 0; r < RES_COUNT; r++) {
            s->game.bank[r] += s->game.p[p].res[r];
            s->game.p[p].res[r] = 0;
        }
}

void crafted(struct session *s, int timeout_s)
{
    crafted_n(s, 3, timeout_s);
}

void roll_to_main(struct session *s, int d1, int d2)
{
    assert_int_equal(game_apply_roll(&s->game, d1, d2, NULL, 0, NULL), BW_OK);
}

const char *last_to(int mark, const char *target)
{
    const char *found = NULL;
    for (int i = mark; i < n_recs; i++)
        if (strcasecmp(recs[i].target, target) == 0)
            found = recs[i].text;
    return found ? found : "";
}

void expect_reply(struct bot *b, const char *nick, const char *text, const char *reply)
{
    int mark = n_recs;
    say(b, nick, text);
    const char *got = last_to(mark, nick);
    if (strcmp(got, reply) != 0)
        fail_msg("\"%s\" got \"%s\", expected \"%s\"", text, got, reply);
}

bool action_words(const struct session *s, const struct game_action *a, char *cmd, size_t size)
{
    const struct game *g = &s->game;
    const struct board_geo *geo = board_geo(g->opt.board);
    static const char *const names[] = {"wood", "brick", "wool", "grain", "ore"};
    char hex[4];
    int e = a->a >= 0 && a->a < geo->n_edges ? a->a : 0, to = a->b >= 0 ? a->b : 0;
    cmd[0] = '\0';
    switch (a->type) {
    case ACT_BUILD_SETTLEMENT:
        snprintf(cmd, size, "!settle %d", a->a + 1);
        break;
    case ACT_BUILD_CITY:
        snprintf(cmd, size, "!city %d", a->a + 1);
        break;
    case ACT_BUILD_ROAD:
    case ACT_BUILD_SHIP:
        snprintf(cmd, size, "!%s %d-%d", a->type == ACT_BUILD_SHIP ? "build ship" : "road",
                 geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
        break;
    case ACT_MOVE_SHIP:
        snprintf(cmd, size, "!move ship %d-%d to %d-%d", geo->edge_vertex[e][0] + 1,
                 geo->edge_vertex[e][1] + 1, geo->edge_vertex[to][0] + 1,
                 geo->edge_vertex[to][1] + 1);
        break;
    case ACT_ROLL:
        snprintf(cmd, size, "!roll");
        break;
    case ACT_BUY_DEV:
        snprintf(cmd, size, "!buy");
        break;
    case ACT_DISCARD: {
        size_t k = (size_t)snprintf(cmd, size, "!discard");
        for (int r = 0; r < RES_COUNT && k < size; r++)
            if (a->give[r])
                k += (size_t)snprintf(cmd + k, size - k, " %d %s", a->give[r], names[r]);
        break;
    }
    case ACT_ROBBER:
        /* A computer player is named as people see it, mark and all. */
        snprintf(cmd, size, "!%s %s%s%s", g->land >> a->a & 1 ? "robber" : "pirate",
                 board_hex_name(a->a, hex), a->target >= 0 ? " " : "",
                 a->target >= 0 ? s->seat[a->target].nick : "");
        break;
    case ACT_END:
        if (g->phase == PHASE_MAIN || g->phase == PHASE_SPECIAL_BUILD)
            snprintf(cmd, size, "!end");
        break;
    case ACT_REJECT:
        snprintf(cmd, size, "!trade reject %d", a->a);
        break;
    case ACT_CK_CHOOSE: /* Catan for two: the neutral piece, its neutral named */
        if (!g->opt.two)
            break;
        if (a->b == TWO_ROAD)
            snprintf(cmd, size, "!neutral %d-%d %c", geo->edge_vertex[e][0] + 1,
                     geo->edge_vertex[e][1] + 1, a->target ? 'b' : 'a');
        else
            snprintf(cmd, size, "!neutral %d %c", a->a + 1, a->target ? 'b' : 'a');
        break;
    case ACT_TOKEN:
        snprintf(cmd, size, "!token %s", a->a == TOKEN_TRADE ? "trade" : "desert");
        break;
    case ACT_CK_GIVE: { /* Catan for two: the cards given back */
        if (!g->opt.two)
            break;
        size_t k = (size_t)snprintf(cmd, size, "!give");
        for (int r = 0; r < RES_COUNT && k < size; r++)
            if (a->give[r])
                k += (size_t)snprintf(cmd + k, size - k, " %d %s", a->give[r], names[r]);
        break;
    }
    default:
        break;
    }
    return cmd[0] != '\0';
}

/* The first legal move of seat in the words people type. */
bool type_first_move(struct bot *b, const char *nick, int seat)
{
    const struct session *s = sess(b);
    const struct game *g = &s->game;
    static struct game_action acts[2048];
    int n = game_legal_actions(g, seat, acts, 2048);
    char cmd[160] = "";
    /* Buying first, so that discoveries get spent; no ships. */
    for (int i = 0; i < n && !cmd[0]; i++)
        if (acts[i].type == ACT_BUY_DEV)
            action_words(s, &acts[i], cmd, sizeof cmd);
    for (int i = 0; i < n && i < 2048 && !cmd[0]; i++)
        if (acts[i].type != ACT_BUILD_SHIP && acts[i].type != ACT_MOVE_SHIP)
            action_words(s, &acts[i], cmd, sizeof cmd);
    if (!cmd[0])
        return false;
    int mark = n_recs;
    struct game before = *g;
    say(b, nick, cmd);
    s = sess(b);
    if (s && s->state == SESSION_PLAYING && memcmp(&s->game, &before, sizeof before) == 0)
        fail_msg("\"%s\" did nothing: %s", cmd, last_to(mark, nick));
    return true;
}

int play_with_robots(struct bot *b, const char *nick, int steps)
{
    int seat = session_seat_of_nick(sess(b), nick), robot_moves = 0;
    for (int step = 0; step < steps && sess(b) && sess(b)->state == SESSION_PLAYING; step++) {
        const struct session *s = sess(b);
        unsigned waiting = game_waiting_for(&s->game);
        if (waiting & (1u << seat)) {
            assert_true(type_first_move(b, nick, seat));
            continue;
        }
        int64_t due = bot_next_deadline(b);
        assert_true(due != INT64_MAX); /* a computer player always has its move coming */
        if (due > now)
            now = due;
        bot_tick(b, now);
        robot_moves++;
    }
    return robot_moves;
}
