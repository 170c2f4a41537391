/* House rules (!rules): their names, values, the fixed line, what fits which lobby, and the
 * timers they set. session.h says what each value means; doc/house-rules.md why. */
#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "i18n/i18n.h"
#include "session/session.h"

/* The rules as people type them, in the order of SPEC section 3 (and of the fixed line). */
static const char *const rule_names[SESSION_RULE_COUNT] = {
    "points", "discard", "friendly_robber", "no_sevens", "robber_desert",
    "dice",   "trade",   "harbormaster",    "timer",
};

/* The timer's words by enum session_timer, and the order they are listed in. */
static const char *const timer_words[] = {"normal", "fast", "slow", "off"};

/* The engine's turn timer is checked every tick: below this a person cannot type a move. */
#define TURN_MIN_MS 10000

const char *session_rule_name(int rule)
{
    return rule >= 0 && rule < SESSION_RULE_COUNT ? rule_names[rule] : NULL;
}

/* The points s's map, variant and expansion play to without a house rule (as session_start
 * sets them up): Cities & Knights 13, the base map and the Jungle the configured points, the
 * Great River and a Seafarers map their own. */
static int map_points(const struct session *s)
{
    if (s->expansion == SESSION_EXPANSION_CITIES)
        return CK_POINTS;
    int lo, hi, points;
    session_map_limits(s->map, &lo, &hi, &points);
    if (s->map == SESSION_MAP_BASE && s->variant != SESSION_VARIANT_RIVER &&
        s->rules.victory_points)
        return s->rules.victory_points;
    return points;
}

int session_rule_book(const struct session *s, int rule)
{
    switch (rule) {
    case SESSION_RULE_POINTS:
        return map_points(s);
    case SESSION_RULE_DISCARD:
        return SESSION_DISCARD_MIN;
    case SESSION_RULE_ROBBER_DESERT:
    case SESSION_RULE_TRADE:
        return 1;
    default:
        return 0; /* off, none, random, normal */
    }
}

int session_rule_value(const struct session *s, int rule)
{
    const struct session_house *h = &s->house;
    switch (rule) {
    case SESSION_RULE_POINTS:
        return h->points ? h->points : map_points(s);
    case SESSION_RULE_DISCARD:
        return h->discard ? h->discard : SESSION_DISCARD_MIN;
    case SESSION_RULE_FRIENDLY_ROBBER:
        return h->friendly_robber;
    case SESSION_RULE_NO_SEVENS:
        return h->no_sevens;
    case SESSION_RULE_ROBBER_DESERT:
        return !h->robber_no_desert;
    case SESSION_RULE_DICE:
        return h->dice_deck;
    case SESSION_RULE_TRADE:
        return !h->no_trade;
    case SESSION_RULE_HARBORMASTER:
        return h->harbormaster;
    case SESSION_RULE_TIMER:
        return h->timer;
    default:
        return 0;
    }
}

const char *session_rule_word(int rule, int value, char *buf, size_t size)
{
    switch (rule) {
    case SESSION_RULE_POINTS:
    case SESSION_RULE_DISCARD:
    case SESSION_RULE_NO_SEVENS:
        snprintf(buf, size, "%d", value);
        return buf;
    case SESSION_RULE_DICE:
        return value ? "deck" : "random";
    case SESSION_RULE_TIMER:
        return value >= 0 && value <= SESSION_TIMER_OFF ? timer_words[value] : "?";
    default:
        return value ? "on" : "off";
    }
}

const char *session_rule_values(int rule, char *buf, size_t size)
{
    switch (rule) {
    case SESSION_RULE_POINTS:
        snprintf(buf, size, "%d-%d", SESSION_POINTS_MIN, SESSION_POINTS_MAX);
        return buf;
    case SESSION_RULE_DISCARD:
        snprintf(buf, size, "%d-%d", SESSION_DISCARD_MIN, SESSION_DISCARD_MAX);
        return buf;
    case SESSION_RULE_NO_SEVENS:
        snprintf(buf, size, "0-%d", SESSION_NO_SEVENS_MAX);
        return buf;
    case SESSION_RULE_DICE:
        return "random|deck";
    case SESSION_RULE_TIMER:
        return "fast|normal|slow|off";
    default:
        return "on|off";
    }
}

/* Whether the engine takes the house rule `which` (enum game_rule) on every board the lobby may be
 * played on (game_option_fits): a rule it refuses would keep the game from starting. */
static bool engine_fits(const struct session *s, int which)
{
    for (int n = 3; n <= GAME_MAX_PLAYERS; n++) {
        int kind = session_board_of(s->map, s->variant, n);
        struct game_options opt = {.n_players = (uint8_t)n,
                                   .board = (uint8_t)(kind < 0 ? 0 : kind)};
        if (kind >= 0 && !game_option_fits(&opt, which))
            return false;
    }
    return true;
}

/* The lobby's map, or its variant when it has one ("pirate_islands", "jungle"). */
static const char *lobby_board_name(const struct session *s)
{
    return s->variant != SESSION_VARIANT_NONE ? session_variant_name(s->variant)
                                              : session_map_name(s->map);
}

bool session_rule_fits(const struct session *s, int rule, int value, char *msg, size_t msglen)
{
    if (value == session_rule_book(s, rule))
        return true;
    int lang = i18n_in_use();
    if (rule == SESSION_RULE_HARBORMASTER && !engine_fits(s, GAME_RULE_HARBORMASTER)) {
        i18n_format(lang, msg, msglen, MSG_SES_RULE_HARBORS, "harbormaster", lobby_board_name(s));
        return false;
    }
    if (rule == SESSION_RULE_FRIENDLY_ROBBER && !engine_fits(s, GAME_RULE_FRIENDLY_ROBBER)) {
        i18n_format(lang, msg, msglen, MSG_SES_RULE_ROBBER, "friendly_robber", lobby_board_name(s));
        return false;
    }
    if (rule == SESSION_RULE_ROBBER_DESERT && !engine_fits(s, GAME_RULE_ROBBER_DESERT)) {
        i18n_format(lang, msg, msglen, MSG_SES_RULE_DESERT, "robber_desert off",
                    lobby_board_name(s));
        return false;
    }
    if (rule == SESSION_RULE_DICE && s->expansion == SESSION_EXPANSION_CITIES) {
        i18n_format(lang, msg, msglen, MSG_SES_RULE_DECK_CITIES, "dice deck");
        return false;
    }
    if (rule == SESSION_RULE_DICE && s->variant == SESSION_VARIANT_TWO) {
        i18n_format(lang, msg, msglen, MSG_SES_RULE_DECK_TWO, "dice deck");
        return false;
    }
    if (rule == SESSION_RULE_TIMER && value != SESSION_TIMER_OFF && !s->rules.turn_timeout_s) {
        char what[32];
        snprintf(what, sizeof what, "timer %s", timer_words[value]);
        i18n_format(lang, msg, msglen, MSG_SES_RULE_NO_TIMER, what);
        return false;
    }
    return true;
}

void session_rule_set(struct session *s, int rule, int value)
{
    struct session_house *h = &s->house;
    /* The rule book's points and discard are kept as 0, so that the points follow the map. */
    uint8_t v = (uint8_t)(value == session_rule_book(s, rule) &&
                                  (rule == SESSION_RULE_POINTS || rule == SESSION_RULE_DISCARD)
                              ? 0
                              : value);
    switch (rule) {
    case SESSION_RULE_POINTS:
        h->points = v;
        break;
    case SESSION_RULE_DISCARD:
        h->discard = v;
        break;
    case SESSION_RULE_FRIENDLY_ROBBER:
        h->friendly_robber = v;
        break;
    case SESSION_RULE_NO_SEVENS:
        h->no_sevens = v;
        break;
    case SESSION_RULE_ROBBER_DESERT:
        h->robber_no_desert = !v;
        break;
    case SESSION_RULE_DICE:
        h->dice_deck = v;
        break;
    case SESSION_RULE_TRADE:
        h->no_trade = !v;
        break;
    case SESSION_RULE_HARBORMASTER:
        h->harbormaster = v;
        break;
    case SESSION_RULE_TIMER:
        h->timer = v;
        break;
    default:
        break;
    }
}

void session_rules_line(const struct session *s, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int r = 0; r < SESSION_RULE_COUNT && n < size; r++) {
        char num[16];
        int k = snprintf(buf + n, size - n, "%s%s %s", r ? ", " : "", rule_names[r],
                         session_rule_word(r, session_rule_value(s, r), num, sizeof num));
        n += k > 0 ? (size_t)k : 0;
    }
}

bool session_rules_house(const struct session *s)
{
    for (int r = 0; r < SESSION_RULE_COUNT; r++)
        if (session_rule_value(s, r) != session_rule_book(s, r))
            return true;
    return false;
}

bool session_rules_rated(const struct session *s)
{
    return session_rule_value(s, SESSION_RULE_POINTS) == map_points(s);
}

unsigned session_rules_refit(struct session *s, char why[][160])
{
    unsigned reset = 0;
    for (int r = 0; r < SESSION_RULE_COUNT; r++) {
        int book = session_rule_book(s, r);
        if (!session_rule_fits(s, r, session_rule_value(s, r), why[r], 160)) {
            session_rule_set(s, r, book);
            reset |= 1u << r;
        }
    }
    return reset;
}

void session_rules_options(const struct session *s, struct game_options *opt)
{
    const struct session_house *h = &s->house;
    if (h->points)
        opt->victory_points = h->points;
    opt->discard_limit = h->discard;
    opt->friendly_robber = h->friendly_robber;
    opt->no_sevens = h->no_sevens;
    opt->robber_no_desert = h->robber_no_desert;
    opt->dice_deck = h->dice_deck;
    opt->no_trade = h->no_trade;
    opt->harbormaster = h->harbormaster;
}

/* A normal length scaled by s's timer rule (off: 0). */
static int64_t scaled(const struct session *s, int64_t normal_ms)
{
    switch (s->house.timer) {
    case SESSION_TIMER_FAST:
        return normal_ms / 2;
    case SESSION_TIMER_SLOW:
        return normal_ms * 2;
    case SESSION_TIMER_OFF:
        return 0;
    default:
        return normal_ms;
    }
}

int64_t session_turn_ms(const struct session *s)
{
    int64_t turn = scaled(s, (int64_t)s->rules.turn_timeout_s * 1000);
    return turn && turn < TURN_MIN_MS && s->house.timer == SESSION_TIMER_FAST ? TURN_MIN_MS : turn;
}

int64_t session_step_ms(const struct session *s)
{
    int64_t turn = session_turn_ms(s), step = scaled(s, SESSION_STEP_MS);
    return turn < step ? turn : step;
}

int64_t session_offer_ms(const struct session *s)
{
    return scaled(s, SESSION_OFFER_MS);
}
