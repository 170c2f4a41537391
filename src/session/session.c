#include "session/session.h"
#include "i18n/i18n.h"
#include "session/record.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define BIT(i) (1u << (i))

static void copy_str(char *dst, size_t size, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= size)
        n = size - 1;
    memcpy(dst, src ? src : "", n);
    dst[n] = '\0';
}

void session_init(struct session *s, const char *channel, const struct session_rules *rules,
                  uint64_t seed)
{
    /* Zeroed in full, padding included, so that equal sessions save to equal records. */
    memset(s, 0, sizeof *s);
    copy_str(s->channel, sizeof s->channel, channel);
    s->rules = *rules;
    s->state = SESSION_LOBBY;
    bw_rng_seed(&s->rng, seed);
    s->turn_deadline_ms = s->step_deadline_ms = INT64_MAX;
    s->board_ms = s->status_ms = s->board_text_ms = s->web_ms = INT64_MIN;
}

/* A computer player's name is its nick without the suffix. */
static bool robot_named(const struct session_seat *seat, const char *name)
{
    size_t n = strlen(name), k = strlen(seat->nick), sfx = strlen(SESSION_ROBOT_SUFFIX);
    return seat->robot && k == n + sfx && strncasecmp(seat->nick, name, n) == 0;
}

int session_seat_of_nick(const struct session *s, const char *nick)
{
    for (int i = 0; nick && i < s->n_seats; i++)
        if (strcasecmp(s->seat[i].nick, nick) == 0)
            return i;
    for (int i = 0; nick && i < s->n_seats; i++)
        if (robot_named(&s->seat[i], nick))
            return i;
    return -1;
}

static void userhost_of(const struct session_who *who, char *buf, size_t size)
{
    buf[0] = '\0';
    if (who->user && who->host) {
        size_t u = strlen(who->user), h = strlen(who->host);
        if (u + h + 2 <= size) {
            memcpy(buf, who->user, u);
            buf[u] = '@';
            memcpy(buf + u + 1, who->host, h + 1);
        }
    }
}

/* Whether userhost ("user@host", as a seat keeps it) is who's user and host, all of them. */
static bool userhost_is(const char *userhost, const struct session_who *who)
{
    if (!who->user || !who->host)
        return false;
    size_t u = strlen(who->user);
    return strncasecmp(userhost, who->user, u) == 0 && userhost[u] == '@' &&
           strcasecmp(userhost + u + 1, who->host) == 0;
}

bool session_who_fits(const struct session_who *who)
{
    size_t userhost = who->user && who->host ? strlen(who->user) + 1 + strlen(who->host) : 0;
    return userhost <= SESSION_ID_MAX && (!who->account || strlen(who->account) <= SESSION_ID_MAX);
}

/* Whether who is the person who sat down in seat: the account decides when the seat has one,
 * else user@host; with neither known only the nick is left to go by. */
static bool seat_matches(const struct session_seat *seat, const struct session_who *who)
{
    if (seat->account[0]) {
        if (who->account || !who->account_unknown)
            return who->account && strcasecmp(seat->account, who->account) == 0;
        /* The server did not say: the user@host the seat was taken from decides. */
        if (!seat->userhost[0])
            return false;
    }
    if (seat->userhost[0])
        return userhost_is(seat->userhost, who);
    return true;
}

bool session_seat_is(const struct session *s, int seat, const struct session_who *who)
{
    return seat >= 0 && seat < s->n_seats && strcasecmp(s->seat[seat].nick, who->nick) == 0 &&
           seat_matches(&s->seat[seat], who);
}

int session_identify(const struct session *s, const struct session_who *who)
{
    /* Nobody speaks for a computer player: a person whose nick is its short name ("Ada") is
     * not in its seat, though "Ada" names it in a command. */
    for (int i = 0; who->nick && i < s->n_seats; i++)
        if (!s->seat[i].robot && strcasecmp(s->seat[i].nick, who->nick) == 0)
            return seat_matches(&s->seat[i], who) ? i : BW_E(DENIED);
    return -1;
}

int session_max_seats(const struct session *s)
{
    int lo, hi, points, max = s->rules.max_players;
    session_map_limits(s->map, &lo, &hi, &points);
    max = hi < max ? hi : max;
    if (s->variant != SESSION_VARIANT_NONE && max > 4)
        max = 4; /* the variants of the base board are for 3-4 players */
    if (s->variant == SESSION_VARIANT_TWO)
        max = 2; /* Catan for two */
    return max < GAME_MAX_PLAYERS ? max : GAME_MAX_PLAYERS;
}

int session_join(struct session *s, const struct session_who *who)
{
    if (s->state != SESSION_LOBBY)
        return BW_E(WRONG_PHASE);
    if (session_seat_of_nick(s, who->nick) >= 0)
        return BW_E(OCCUPIED);
    if (s->n_seats >= session_max_seats(s))
        return BW_E(LIMIT);
    if (!session_who_fits(who))
        return BW_E(INVALID); /* never a seat bound to part of an identity, or to the nick */
    struct session_seat *seat = &s->seat[s->n_seats];
    memset(seat, 0, sizeof *seat);
    copy_str(seat->nick, sizeof seat->nick, who->nick);
    copy_str(seat->sat_nick, sizeof seat->sat_nick, who->nick);
    copy_str(seat->account, sizeof seat->account, who->account);
    userhost_of(who, seat->userhost, sizeof seat->userhost);
    seat->present = 1;
    return s->n_seats++;
}

int session_add_robot(struct session *s, int level)
{
    static const char *const names[] = {"Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald"};
    if (s->state != SESSION_LOBBY)
        return BW_E(WRONG_PHASE);
    if (level < SESSION_ROBOT_EASY || level > SESSION_ROBOT_HARD)
        return BW_E(INVALID);
    if (s->n_seats >= session_max_seats(s))
        return BW_E(LIMIT);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (session_seat_of_nick(s, names[k]) >= 0)
            continue;
        struct session_seat *seat = &s->seat[s->n_seats];
        memset(seat, 0, sizeof *seat);
        snprintf(seat->nick, sizeof seat->nick, "%s%s", names[k], SESSION_ROBOT_SUFFIX);
        memcpy(seat->sat_nick, seat->nick, sizeof seat->sat_nick);
        seat->robot = (uint8_t)level;
        seat->present = 1;
        return s->n_seats++;
    }
    return BW_E(LIMIT);
}

int session_remove_robot(struct session *s, const char *name)
{
    if (s->state != SESSION_LOBBY)
        return BW_E(WRONG_PHASE);
    for (int i = s->n_seats - 1; i >= 0; i--)
        if (s->seat[i].robot &&
            (!name || strcasecmp(s->seat[i].nick, name) == 0 || robot_named(&s->seat[i], name))) {
            session_leave_lobby(s, i);
            return i;
        }
    return BW_E(NOT_FOUND);
}

bool session_robot_plays(const struct session *s, int seat)
{
    return seat >= 0 && seat < s->n_seats &&
           (s->seat[seat].robot || s->seat[seat].takeover != SESSION_OWN);
}

int session_robot_level(const struct session *s, int seat)
{
    if (!session_robot_plays(s, seat))
        return 0;
    int level = s->seat[seat].robot ? s->seat[seat].robot : s->rules.robot_level;
    return level >= SESSION_ROBOT_EASY && level <= SESSION_ROBOT_HARD ? level
                                                                      : SESSION_ROBOT_NORMAL;
}

int session_leave_lobby(struct session *s, int seat)
{
    if (s->state != SESSION_LOBBY)
        return BW_E(WRONG_PHASE);
    if (seat < 0 || seat >= s->n_seats)
        return BW_E(INVALID);
    memmove(&s->seat[seat], &s->seat[seat + 1],
            (size_t)(s->n_seats - seat - 1) * sizeof s->seat[0]);
    s->n_seats--;
    memset(&s->seat[s->n_seats], 0, sizeof s->seat[0]);
    s->stop_votes = 0;
    return BW_OK;
}

/* The time the timers count from: while paused, the clocks stand at the pause's beginning
 * (session_resume moves them on from there). */
static int64_t clock_of(const struct session *s, int64_t now_ms)
{
    return s->paused ? s->paused_ms : now_ms;
}

/* The players a Cities & Knights card or the barbarians ask something (g->ck.p[].ask), Catan
 * for two (a neutral piece, the cards given back), or an event card of the dice deck
 * (g->dice_ask[]). */
static unsigned asked_players(const struct game *g)
{
    unsigned m = 0;
    for (int p = 0; p < g->opt.n_players; p++)
        if (((g->ck.on || g->opt.two) && g->ck.p[p].ask) || g->dice_ask[p])
            m |= 1u << p;
    return m;
}

/* The players who must draw or give up a progress card before anything else. */
static unsigned progress_owing(const struct game *g)
{
    unsigned m = 0;
    for (int p = 0; g->ck.on && p < g->opt.n_players; p++)
        if (!g->p[p].resigned && (g->ck.p[p].draws || g->ck.p[p].hand[CK_HAND]))
            m |= 1u << p;
    return m;
}

/* The player whose turn it is: the one on the move, or the special-build player. */
static int turn_player(const struct game *g)
{
    return g->phase == PHASE_SPECIAL_BUILD ? g->sb_player : g->current;
}

/* Whether the turn clock stands: a step's timer runs for players other than the turn's. */
static bool turn_stands(const struct session *s)
{
    return (s->step_phase & SESSION_STEP_HOLD) && s->turn_deadline_ms != INT64_MAX &&
           s->step_deadline_ms != INT64_MAX;
}

/* The turn's time left at now_ms (INT64_MAX when its timer is off): while it stands, what lies
 * after the step's deadline. */
static int64_t turn_left(const struct session *s, int64_t now_ms)
{
    if (s->turn_deadline_ms == INT64_MAX)
        return INT64_MAX;
    return s->turn_deadline_ms - (turn_stands(s) ? s->step_deadline_ms : now_ms);
}

/* The step the game is in: a Cities & Knights question, or a progress card choice owed by
 * someone else than the turn's player (both SESSION_STEP_ASK: the players answer within the
 * step's time, whoever's turn it is), the discards, the robber's move or gold; 0 for none. */
static int step_of(const struct game *g)
{
    if (asked_players(g) || (progress_owing(g) & ~BIT(turn_player(g))))
        return SESSION_STEP_ASK;
    if (g->phase == PHASE_DISCARD || g->phase == PHASE_ROBBER || g->phase == PHASE_GOLD)
        return g->phase;
    return 0;
}

/* Reset the timers that a change of the awaited move calls for, and note new offers. While the
 * game waits on players other than the turn's in a step of its own, the turn clock stands
 * (SESSION_STEP_HOLD): those players cannot make its player lose the turn. */
static void update_timers(struct session *s, int64_t now_ms)
{
    const struct game *g = &s->game;
    int64_t left = turn_left(s, now_ms);
    bool stood = turn_stands(s);
    if (g->phase == PHASE_OVER) {
        s->turn_deadline_ms = s->step_deadline_ms = INT64_MAX;
        s->step_phase = 0;
        return;
    }
    int64_t turn_ms = session_turn_ms(s);
    int8_t sb = g->phase == PHASE_SPECIAL_BUILD ? g->sb_player : -1;
    if (g->turn != s->key_turn || g->setup_step != s->key_setup || sb != s->key_sb ||
        s->turn_deadline_ms == INT64_MAX) {
        s->key_turn = g->turn;
        s->key_setup = g->setup_step;
        s->key_sb = sb;
        s->warned = 0;
        left = turn_ms ? turn_ms : INT64_MAX;
        stood = false;
    }
    int step_key = step_of(g);
    if (!step_key) {
        s->step_phase = 0;
        s->step_deadline_ms = INT64_MAX;
    } else if ((s->step_phase & ~SESSION_STEP_HOLD) != step_key) {
        int64_t step = session_step_ms(s);
        s->step_deadline_ms = step ? now_ms + step : INT64_MAX;
    }
    s->step_phase = (uint8_t)step_key;
    if (left != INT64_MAX && s->step_deadline_ms != INT64_MAX &&
        (game_waiting_for(g) & ~BIT(turn_player(g)))) {
        s->step_phase |= SESSION_STEP_HOLD;
        s->turn_deadline_ms = s->step_deadline_ms + (left > 0 ? left : 0);
    } else if (left != INT64_MAX) {
        int64_t least = turn_ms < SESSION_RESUME_MS ? turn_ms : SESSION_RESUME_MS;
        s->turn_deadline_ms = now_ms + (stood && left < least ? least : left);
    }
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        if (g->offers[i].id != s->offer_id[i]) {
            s->offer_id[i] = g->offers[i].id;
            s->offer_ms[i] = now_ms;
        }
    }
}

int session_start(struct session *s, const struct bw_rng *fresh, int64_t now_ms, char *msg,
                  size_t msglen)
{
    if (s->state != SESSION_LOBBY) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_STARTED);
        return BW_E(WRONG_PHASE);
    }
    bool two = s->variant == SESSION_VARIANT_TWO;
    if (two ? s->n_seats != 2 : s->n_seats < s->rules.min_players) {
        if (two)
            i18n_format(i18n_in_use(), msg, msglen, MSG_SES_TWO_SEATS,
                        session_variant_name(s->variant), s->n_seats);
        else
            i18n_format(i18n_in_use(), msg, msglen, MSG_SES_NOT_ENOUGH);
        return BW_E(WRONG_PHASE);
    }
    int people = 0;
    for (int i = 0; i < s->n_seats; i++)
        people += !s->seat[i].robot;
    if (!people) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_NEEDS_PERSON);
        return BW_E(WRONG_PHASE);
    }
    if (!session_map_fits(s->map, s->n_seats, msg, msglen) ||
        !session_variant_fits(s->variant, s->map, s->n_seats, msg, msglen) ||
        !session_expansion_fits(s->expansion, s->map, s->variant, msg, msglen))
        return BW_E(WRONG_PHASE);
    /* A lobby's rules fit it (a change of map or expansion resets those that stop fitting);
     * one restored or configured otherwise is refused with the reason, not started. */
    for (int r = 0; r < SESSION_RULE_COUNT; r++)
        if (!session_rule_fits(s, r, session_rule_value(s, r), msg, msglen))
            return BW_E(WRONG_PHASE);
    bool cities = s->expansion == SESSION_EXPANSION_CITIES;
    int board = session_board_of(s->map, s->variant, s->n_seats);
    if (board < 0) {
        i18n_format(i18n_in_use(), msg, msglen, MSG_SES_NO_BOARD,
                    session_map_name(s->map) ? session_map_name(s->map) : "?", s->n_seats);
        return BW_E(WRONG_PHASE);
    }
    for (int i = s->n_seats - 1; i > 0; i--) {
        int j = (int)bw_rng_below(&s->rng, (uint32_t)i + 1);
        struct session_seat t = s->seat[i];
        s->seat[i] = s->seat[j];
        s->seat[j] = t;
    }
    struct game_options opt = {
        .n_players = s->n_seats,
        .board = (uint8_t)board,
        /* A Seafarers map plays to its scenario's points, the Great River to its map's 10 (0:
         * the map's); the base game and the Jungle to the configured points. */
        .victory_points =
            (uint8_t)(s->map == SESSION_MAP_BASE && s->variant != SESSION_VARIANT_RIVER
                          ? s->rules.victory_points
                          : 0),
    };
    if (cities)
        opt.victory_points = 0; /* Cities & Knights: its 13 points */
    opt.two = two;
    session_rules_options(s, &opt);
    int err = fresh ? game_init_rng(&s->game, &opt, fresh)
                    : game_init(&s->game, &opt, bw_rng_next(&s->rng));
    if (!err && cities)
        err = game_cities_on(&s->game);
    if (err) {
        copy_str(msg, msglen, i18n_strerror(i18n_in_use(), err));
        return err;
    }
    s->state = SESSION_PLAYING;
    s->started_ms = now_ms;
    s->stop_votes = 0;
    s->turn_deadline_ms = INT64_MAX;
    update_timers(s, clock_of(s, now_ms));
    return BW_OK;
}

int session_apply(struct session *s, const struct game_action *a, int64_t now_ms,
                  struct game_event *ev, int max, int *n_ev)
{
    if (n_ev)
        *n_ev = 0;
    if (s->state != SESSION_PLAYING || s->paused)
        return s->state == SESSION_OVER ? BW_E(GAME_OVER) : BW_E(WRONG_PHASE);
    struct game_event local[GAME_MAX_EVENTS];
    int n_local = 0;
    if (!ev || !n_ev) {
        ev = local;
        max = GAME_MAX_EVENTS;
        n_ev = &n_local;
    }
    int err = game_apply(&s->game, a, ev, max, n_ev);
    if (err)
        return err;
    for (int i = 0; i < *n_ev; i++) {
        int sum = ev[i].type == EV_ROLL ? ev[i].a + ev[i].b : 0;
        if (sum >= 2 && sum <= 12 && s->rolls[sum - 2] < UINT16_MAX)
            s->rolls[sum - 2]++;
    }
    if (s->game.phase == PHASE_OVER)
        s->state = SESSION_OVER;
    update_timers(s, now_ms);
    return BW_OK;
}

int session_depart(struct session *s, const char *nick, int64_t now_ms)
{
    int seat = session_seat_of_nick(s, nick);
    /* A computer player is never away: it sits wherever the bot is, and plays on at once. */
    if (seat >= 0 && s->seat[seat].present && !s->seat[seat].robot) {
        s->seat[seat].present = 0;
        s->seat[seat].left_ms = now_ms;
    }
    return seat;
}

int session_return(struct session *s, const struct session_who *who)
{
    for (int i = 0; i < s->n_seats; i++) {
        struct session_seat *seat = &s->seat[i];
        if (seat->present || !seat_matches(seat, who))
            continue;
        /* With nothing but the nick to go by, only the same nick may come back. */
        if (!seat->account[0] && !seat->userhost[0] && strcasecmp(seat->nick, who->nick) != 0)
            continue;
        int other = session_seat_of_nick(s, who->nick);
        if (other >= 0 && other != i)
            continue;
        copy_str(seat->nick, sizeof seat->nick, who->nick);
        seat->present = 1;
        seat->left_ms = 0;
        if (seat->takeover == SESSION_SITTING)
            seat->takeover = SESSION_HANDBACK;
        return i;
    }
    return -1;
}

int session_rename(struct session *s, const char *old_nick, const char *new_nick)
{
    int seat = session_seat_of_nick(s, old_nick);
    if (seat < 0)
        return -1;
    int other = session_seat_of_nick(s, new_nick);
    if (other >= 0 && other != seat) {
        /* A departed seat's nick is taken over by a seated player: the departed seat keeps
         * its identity and can still come back under another nick. */
        s->seat[other].nick[0] = '\0';
    }
    copy_str(s->seat[seat].nick, sizeof s->seat[seat].nick, new_nick);
    return seat;
}

void session_set_account(struct session *s, const char *nick, const char *account)
{
    int seat = session_seat_of_nick(s, nick);
    if (seat >= 0 && account && strlen(account) <= SESSION_ID_MAX && s->seat[seat].present &&
        !s->seat[seat].account[0])
        copy_str(s->seat[seat].account, sizeof s->seat[seat].account, account);
}

void session_pause(struct session *s, int64_t now_ms)
{
    if (s->paused)
        return;
    s->paused = 1;
    s->paused_ms = now_ms;
}

static void shift(int64_t *t, int64_t by)
{
    if (*t != INT64_MAX && *t != INT64_MIN)
        *t += by;
}

/* A moment moves on like a deadline; one during the pause counts from its end, since the
 * clocks stood still (so a departure's grace and an offer's time never run past their length,
 * which is what a saved record must show: record.h). */
static void shift_moment(int64_t *t, int64_t paused_ms, int64_t by)
{
    if (*t > paused_ms)
        *t = paused_ms;
    shift(t, by);
}

/* Every clock of s moves on by by, as if it stood still from at on. */
static void shift_all(struct session *s, int64_t at, int64_t by)
{
    shift(&s->turn_deadline_ms, by);
    shift(&s->step_deadline_ms, by);
    for (int i = 0; i < GAME_MAX_OFFERS; i++)
        shift_moment(&s->offer_ms[i], at, by);
    for (int i = 0; i < s->n_seats; i++)
        if (!s->seat[i].present)
            shift_moment(&s->seat[i].left_ms, at, by);
}

void session_resume(struct session *s, int64_t now_ms)
{
    if (!s->paused)
        return;
    int64_t by = now_ms > s->paused_ms ? now_ms - s->paused_ms : 0, at = s->paused_ms;
    s->paused = 0;
    s->paused_ms = 0;
    shift_all(s, at, by);
}

void session_hold(struct session *s, int64_t since_ms, int64_t now_ms)
{
    if (!s->paused && now_ms > since_ms)
        shift_all(s, since_ms, now_ms - since_ms);
}

void session_set_turn_timeout(struct session *s, int turn_timeout_s, int64_t now_ms)
{
    if (s->rules.turn_timeout_s == turn_timeout_s)
        return;
    s->rules.turn_timeout_s = turn_timeout_s;
    if (s->state != SESSION_PLAYING)
        return;
    /* update_timers restarts a timer that is off, and the step timer on a new phase. */
    s->turn_deadline_ms = INT64_MAX;
    s->step_phase = 0;
    update_timers(s, clock_of(s, now_ms));
}

bool session_vote_stop(struct session *s, int seat)
{
    if (seat < 0 || seat >= s->n_seats)
        return false;
    s->stop_votes |= (uint8_t)BIT(seat);
    int seated = 0, votes = 0;
    for (int i = 0; i < s->n_seats; i++) {
        if (s->state != SESSION_LOBBY && s->game.p[i].resigned)
            continue;
        seated++;
        votes += (s->stop_votes & BIT(i)) != 0;
    }
    return votes * 2 > seated;
}

static int64_t warn_at(const struct session *s)
{
    if (s->turn_deadline_ms == INT64_MAX || s->warned || turn_stands(s))
        return INT64_MAX;
    int64_t turn_ms = session_turn_ms(s);
    int64_t before = turn_ms / 3 < SESSION_WARN_MS ? turn_ms / 3 : SESSION_WARN_MS;
    return s->turn_deadline_ms - before;
}

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

int64_t session_next_deadline(const struct session *s)
{
    int64_t t = INT64_MAX;
    if (s->paused)
        return t;
    for (int i = 0; i < s->n_seats; i++)
        if (!s->seat[i].present && s->state != SESSION_OVER &&
            (s->state == SESSION_LOBBY ||
             (!s->game.p[i].resigned && s->seat[i].takeover == SESSION_OWN)))
            t = min64(t, s->seat[i].left_ms + SESSION_GRACE_MS);
    if (s->state != SESSION_PLAYING)
        return t;
    t = min64(t, warn_at(s));
    if (!turn_stands(s))
        t = min64(t, s->turn_deadline_ms);
    t = min64(t, s->step_deadline_ms);
    int64_t offer_ms = session_offer_ms(s); /* 0: offers stand until the turn ends */
    for (int i = 0; offer_ms && i < GAME_MAX_OFFERS; i++)
        if (s->game.offers[i].id && s->offer_id[i] == s->game.offers[i].id)
            t = min64(t, s->offer_ms[i] + offer_ms);
    return t;
}

int session_ask_seconds_left(const struct session *s, int64_t now_ms)
{
    if (s->state != SESSION_PLAYING)
        return -1;
    int64_t t = min64(s->turn_deadline_ms, s->step_deadline_ms);
    if (t == INT64_MAX)
        return -1;
    int64_t left = t - clock_of(s, now_ms);
    return left > 0 ? (int)((left + 999) / 1000) : 0;
}

int session_turn_seconds_left(const struct session *s, int64_t now_ms)
{
    if (s->state != SESSION_PLAYING || s->turn_deadline_ms == INT64_MAX)
        return -1;
    int64_t left = turn_left(s, now_ms);
    return left > 0 ? (int)((left + 999) / 1000) : 0;
}

static int tick_apply(struct session *s, int64_t now_ms, int type, int seat, int arg,
                      struct session_tick *out)
{
    struct game_action a = {.type = (uint8_t)type, .player = (int8_t)seat, .a = (int16_t)arg};
    if (session_apply(s, &a, now_ms, out->ev, GAME_MAX_EVENTS, &out->n_ev) != BW_OK)
        return SESSION_TICK_NONE;
    out->kind = SESSION_TICK_ACTED;
    out->seat = seat;
    out->type = type;
    return out->kind;
}

/* The awaited players time out one by one, the lowest seat first. */
static int tick_timeout(struct session *s, int64_t now_ms, struct session_tick *out)
{
    unsigned waiting = game_waiting_for(&s->game);
    if (!waiting)
        return SESSION_TICK_NONE;
    int seat = __builtin_ctz(waiting);
    int kind = tick_apply(s, now_ms, ACT_TIMEOUT, seat, 0, out);
    /* Out of time: with takeover a computer player makes this person's next moves. */
    if (kind && s->rules.takeover && !s->seat[seat].robot &&
        s->seat[seat].takeover == SESSION_OWN && !s->game.p[seat].resigned &&
        s->state == SESSION_PLAYING) {
        s->seat[seat].takeover = SESSION_SITTING;
        out->sit_in = true;
    }
    return kind;
}

static int tick_once(struct session *s, int64_t now_ms, struct session_tick *out)
{
    if (s->paused)
        return SESSION_TICK_NONE;
    for (int i = 0; i < s->n_seats; i++) {
        struct session_seat *seat = &s->seat[i];
        if (seat->present || now_ms < seat->left_ms + SESSION_GRACE_MS || s->state == SESSION_OVER)
            continue;
        if (s->state == SESSION_LOBBY) {
            out->kind = SESSION_TICK_GONE;
            out->seat = i;
            copy_str(out->nick, sizeof out->nick, seat->nick);
            session_leave_lobby(s, i);
            return out->kind;
        }
        if (s->game.p[i].resigned || seat->takeover != SESSION_OWN)
            continue;
        if (s->rules.takeover) {
            seat->takeover = SESSION_SITTING;
            out->kind = SESSION_TICK_SIT_IN;
            out->seat = i;
            return out->kind;
        }
        struct game_action a = {.type = ACT_RESIGN, .player = (int8_t)i};
        if (session_apply(s, &a, now_ms, out->ev, GAME_MAX_EVENTS, &out->n_ev) == BW_OK) {
            out->kind = SESSION_TICK_GONE;
            out->seat = i;
            out->type = ACT_RESIGN;
            return out->kind;
        }
    }
    if (s->state != SESSION_PLAYING)
        return SESSION_TICK_NONE;
    int64_t offer_ms = session_offer_ms(s);
    for (int i = 0; offer_ms && i < GAME_MAX_OFFERS; i++) {
        const struct trade_offer *o = &s->game.offers[i];
        if (o->id && s->offer_id[i] == o->id && now_ms >= s->offer_ms[i] + offer_ms)
            if (tick_apply(s, now_ms, ACT_CANCEL, o->from, o->id, out))
                return out->kind;
    }
    if (now_ms >= s->step_deadline_ms || (!turn_stands(s) && now_ms >= s->turn_deadline_ms))
        if (tick_timeout(s, now_ms, out))
            return out->kind;
    if (now_ms >= warn_at(s)) {
        s->warned = 1;
        unsigned waiting = game_waiting_for(&s->game);
        out->kind = SESSION_TICK_WARN;
        out->seat = waiting ? __builtin_ctz(waiting) : -1;
        out->seconds = session_turn_seconds_left(s, now_ms);
        return out->kind;
    }
    return SESSION_TICK_NONE;
}

int session_tick(struct session *s, int64_t now_ms, struct session_tick *out)
{
    memset(out, 0, sizeof *out);
    out->seat = -1;
    int kind = tick_once(s, now_ms, out);
    if (!out->nick[0] && out->seat >= 0 && out->seat < s->n_seats)
        copy_str(out->nick, sizeof out->nick, s->seat[out->seat].nick);
    return kind;
}

size_t session_save(const struct session *s, int64_t now_ms, void *buf, size_t size)
{
    return record_encode(s, now_ms, buf, size);
}

size_t session_save_at(const struct session *s, int64_t now_ms, int64_t wall_ms, void *buf,
                       size_t size)
{
    return record_encode_at(s, now_ms, wall_ms, buf, size);
}

/* A record saved by an older build may hold a computer player marked away (every seat went away
 * when the bot left the channel): it sits again, or its seat would be given up. */
static int robots_sit(struct session *s, int err)
{
    for (int i = 0; !err && i < s->n_seats; i++)
        if (s->seat[i].robot) {
            s->seat[i].present = 1;
            s->seat[i].left_ms = 0;
        }
    return err;
}

int session_restore(struct session *s, const void *blob, size_t len, int64_t now_ms, char *why,
                    size_t whylen)
{
    return robots_sit(s, record_decode(s, blob, len, now_ms, why, whylen));
}

int session_restore_at(struct session *s, const void *blob, size_t len, int64_t now_ms,
                       int64_t wall_ms, char *why, size_t whylen)
{
    return robots_sit(s, record_decode_at(s, blob, len, now_ms, wall_ms, why, whylen));
}

/* ---- results ---- */

void session_identity(const char *account, const char *nick, const char *userhost, char *buf,
                      size_t size)
{
    if (account && account[0])
        snprintf(buf, size, "account:%s", account);
    else
        snprintf(buf, size, "%s!%s", nick, userhost && userhost[0] ? userhost : "*@*");
    for (char *p = buf; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
}

int session_result(const struct session *s, int64_t now_ms, struct session_result *out)
{
    if (s->state == SESSION_LOBBY)
        return BW_E(WRONG_PHASE);
    const struct game *g = &s->game;
    memset(out, 0, sizeof *out);
    int winner = s->state == SESSION_OVER ? g->winner : -1;
    if (winner < 0 || winner >= s->n_seats)
        out->ending = SESSION_END_STOP;
    else
        out->ending = game_vp_total(g, winner) >= g->vp_goal ? SESSION_END_WIN : SESSION_END_RESIGN;
    if (out->ending == SESSION_END_STOP)
        winner = -1;
    out->turns = g->turn;
    out->duration_ms = now_ms > s->started_ms ? now_ms - s->started_ms : 0;
    out->n_seats = s->n_seats;
    if (session_rules_house(s))
        session_rules_line(s, out->rules, sizeof out->rules);
    out->unrated = !session_rules_rated(s);
    for (int i = 0; i < s->n_seats; i++) {
        const struct session_seat *seat = &s->seat[i];
        struct session_result_seat *r = &out->seat[i];
        static const char *const levels[] = {"", "easy", "normal", "hard"};
        if (seat->robot && seat->robot <= SESSION_ROBOT_HARD) {
            /* Computer players are rated by level: "bot:normal", shown as "normal (bot)". */
            snprintf(r->identity, sizeof r->identity, "bot:%s", levels[seat->robot]);
            snprintf(r->nick, sizeof r->nick, "%s%s", levels[seat->robot], SESSION_ROBOT_SUFFIX);
        } else {
            session_identity(seat->account, seat->sat_nick[0] ? seat->sat_nick : seat->nick,
                             seat->userhost, r->identity, sizeof r->identity);
            snprintf(r->nick, sizeof r->nick, "%s", seat->nick);
        }
        r->points = game_vp_total(g, i);
        r->won = i == winner;
        r->resigned = g->p[i].resigned != 0;
    }
    return BW_OK;
}

/* ---- whose move ---- */

static int awaited_move(const struct game *g)
{
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
        return MSG_SES_AWAIT_SETTLEMENT;
    case PHASE_SETUP_ROAD:
        return MSG_SES_AWAIT_ROAD;
    case PHASE_ROLL:
        return MSG_SES_AWAIT_ROLL;
    case PHASE_ROBBER:
        return MSG_SES_AWAIT_ROBBER;
    case PHASE_MAIN:
        return MSG_SES_AWAIT_MAIN;
    case PHASE_SPECIAL_BUILD:
        return MSG_SES_AWAIT_SPECIAL;
    case PHASE_GOLD:
        return MSG_SES_AWAIT_GOLD;
    default:
        return MSG_SES_AWAIT_NOTHING;
    }
}

/* "bob, carol": the nicks of the seats in mask. */
static void nicks_of(const struct session *s, unsigned mask, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0, k = 0; i < s->n_seats && n < size; i++)
        if (mask & (1u << i))
            n += (size_t)snprintf(buf + n, size - n, "%s%s", k++ ? ", " : "", s->seat[i].nick);
}

void session_whose_move_in(const struct session *s, int asker, int lang, char *buf, size_t size)
{
    const struct game *g = &s->game;
    if (s->state != SESSION_PLAYING) {
        i18n_format(lang, buf, size,
                    s->state == SESSION_LOBBY ? MSG_SES_NOT_STARTED : MSG_SES_OVER);
        return;
    }
    unsigned waiting = game_waiting_for(g);
    char who_buf[GAME_MAX_PLAYERS * (SESSION_NICK_MAX + 2) + 1];
    if (g->phase == PHASE_DISCARD || g->phase == PHASE_GOLD) {
        nicks_of(s, waiting, who_buf, sizeof who_buf);
        i18n_format(lang, buf, size,
                    g->phase == PHASE_GOLD ? MSG_SES_WAIT_GOLD : MSG_SES_WAIT_DISCARDS, who_buf);
        return;
    }
    unsigned first = asked_players(g);
    if (first || progress_owing(g)) { /* before the move of whoever's turn it is */
        nicks_of(s, first ? first : progress_owing(g), who_buf, sizeof who_buf);
        i18n_format(lang, buf, size, first ? MSG_SES_WAIT_ANSWERS : MSG_SES_WAIT_PROGRESS, who_buf);
        return;
    }
    int who = g->phase == PHASE_SPECIAL_BUILD ? g->sb_player : g->current;
    if (who == asker && (waiting & (1u << who)))
        i18n_format(lang, buf, size, MSG_SES_YOUR_MOVE, tr(lang, awaited_move(g)));
    else if (who >= 0 && who < s->n_seats)
        i18n_format(lang, buf, size, MSG_SES_WHOSE_MOVE, s->seat[who].nick,
                    tr(lang, awaited_move(g)));
    else
        snprintf(buf, size, "%s", i18n_strerror(lang, BW_E(NOT_YOUR_TURN)));
}

void session_whose_move(const struct session *s, int asker, char *buf, size_t size)
{
    session_whose_move_in(s, asker, LANG_EN, buf, size);
}
