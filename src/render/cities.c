/* Cities & Knights: the words (commodities, tracks, progress cards, knight levels), the goods
 * lists, and one line per event of the expansion (doc/cities.md says what each carries).
 *
 * Hidden information: the progress card a player draws, and the one they give up from a hand
 * of five, go only to them; everyone else sees the deck (or that a card went). The printer and
 * the constitution are shown when drawn, by the engine's own EV_PROGRESS after the draw. A
 * stolen commodity goes only to the two players, as a stolen resource does; so does the progress
 * card a spy takes. What a player sees in another's hand (a master merchant, a spy) goes only
 * to them. Goods given for a card are public, as a trade is. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

static const int com_msgs[COM_COUNT] = {MSG_COM_PAPER, MSG_COM_CLOTH, MSG_COM_COIN};
static const char *const com_names[COM_COUNT] = {"paper", "cloth", "coin"};
static const int track_msgs[CK_TRACKS] = {MSG_TRACK_SCIENCE, MSG_TRACK_TRADE, MSG_TRACK_POLITICS};
static const char *const track_names[CK_TRACKS] = {"science", "trade", "politics"};
static const int deck_msgs[CK_TRACKS] = {MSG_DECK_SCIENCE, MSG_DECK_TRADE, MSG_DECK_POLITICS};
static const int gate_msgs[CK_TRACKS] = {MSG_GATE_SCIENCE, MSG_GATE_TRADE, MSG_GATE_POLITICS};
static const int level_msgs[3] = {MSG_LEVEL_BASIC, MSG_LEVEL_STRONG, MSG_LEVEL_MIGHTY};
static const int prog_msgs[PROG_COUNT] = {
    [PROG_ALCHEMIST] = MSG_PROG_ALCHEMIST,
    [PROG_INVENTOR] = MSG_PROG_INVENTOR,
    [PROG_CRANE] = MSG_PROG_CRANE,
    [PROG_ROAD_BUILDING] = MSG_PROG_ROAD_BUILDING,
    [PROG_ENGINEER] = MSG_PROG_ENGINEER,
    [PROG_IRRIGATION] = MSG_PROG_IRRIGATION,
    [PROG_MEDICINE] = MSG_PROG_MEDICINE,
    [PROG_MINING] = MSG_PROG_MINING,
    [PROG_PRINTER] = MSG_PROG_PRINTER,
    [PROG_SMITH] = MSG_PROG_SMITH,
    [PROG_COMMERCIAL_HARBOR] = MSG_PROG_COMMERCIAL_HARBOR,
    [PROG_MASTER_MERCHANT] = MSG_PROG_MASTER_MERCHANT,
    [PROG_MERCHANT] = MSG_PROG_MERCHANT,
    [PROG_MERCHANT_FLEET] = MSG_PROG_MERCHANT_FLEET,
    [PROG_RESOURCE_MONOPOLY] = MSG_PROG_RESOURCE_MONOPOLY,
    [PROG_TRADE_MONOPOLY] = MSG_PROG_TRADE_MONOPOLY,
    [PROG_BISHOP] = MSG_PROG_BISHOP,
    [PROG_CONSTITUTION] = MSG_PROG_CONSTITUTION,
    [PROG_DESERTER] = MSG_PROG_DESERTER,
    [PROG_DIPLOMAT] = MSG_PROG_DIPLOMAT,
    [PROG_INTRIGUE] = MSG_PROG_INTRIGUE,
    [PROG_SABOTEUR] = MSG_PROG_SABOTEUR,
    [PROG_SPY] = MSG_PROG_SPY,
    [PROG_WARLORD] = MSG_PROG_WARLORD,
    [PROG_WEDDING] = MSG_PROG_WEDDING,
};

const char *render_com_name(int c)
{
    return c >= 0 && c < COM_COUNT ? com_names[c] : "?";
}

const char *render_com_name_in(int lang, int c)
{
    return c >= 0 && c < COM_COUNT ? tr(lang, com_msgs[c]) : "?";
}

const char *render_good_name_in(int lang, int good)
{
    return good < RES_COUNT ? render_res_name_in(lang, good)
                            : render_com_name_in(lang, good - GOOD_PAPER);
}

const char *render_track_name(int t)
{
    return t >= 0 && t < CK_TRACKS ? track_names[t] : "?";
}

const char *render_track_name_in(int lang, int t)
{
    return t >= 0 && t < CK_TRACKS ? tr(lang, track_msgs[t]) : "?";
}

const char *render_progress_name_in(int lang, int card)
{
    return card > PROG_NONE && card < PROG_COUNT ? tr(lang, prog_msgs[card]) : "?";
}

const char *render_progress_name(int card)
{
    return render_progress_name_in(LANG_EN, card);
}

const char *render_knight_level_in(int lang, int level)
{
    return level >= 1 && level <= 3 ? tr(lang, level_msgs[level - 1]) : "?";
}

/* "2 wood, 1 paper": a count of a good, as the object of a verb or standing alone. */
static const char *good_count(int lang, int good, int n, int object, char *buf, size_t size)
{
    static const int objects[COM_COUNT] = {MSG_CNT_PAPER, MSG_CNT_CLOTH, MSG_CNT_COIN};
    static const int alone[COM_COUNT] = {MSG_CNTN_PAPER, MSG_CNTN_CLOTH, MSG_CNTN_COIN};
    if (good < RES_COUNT)
        return render_res_count(lang, good, n, object, buf, size);
    int c = good - GOOD_PAPER;
    if (c < 0 || c >= COM_COUNT) {
        snprintf(buf, size, "%d ?", n);
        return buf;
    }
    char form[128];
    snprintf(buf, size, i18n_form(lang, object ? objects[c] : alone[c], n, form, sizeof form), n);
    return buf;
}

const char *goods_str(int lang, const uint8_t res[RES_COUNT], const uint8_t com[COM_COUNT],
                      int object, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < GOOD_COUNT && n < size; k++) {
        int count = k < RES_COUNT ? res[k] : com[k - GOOD_PAPER];
        if (!count)
            continue;
        char item[128];
        int w = snprintf(buf + n, size - n, "%s%s", n ? i18n_comma(lang) : "",
                         good_count(lang, k, count, object, item, sizeof item));
        if (w < 0)
            break;
        n += (size_t)w;
    }
    if (!buf[0])
        snprintf(buf, size, "%s", tr(lang, MSG_NOTHING));
    return buf;
}

/* The progress cards seat holds, "alchemist, bishop" (in the order drawn), into buf. */
const char *progress_hand_str(const struct game *g, int lang, int seat, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i <= CK_HAND && g->ck.p[seat].hand[i] && n < size; i++) {
        int w = snprintf(buf + n, size - n, "%s%s", i ? i18n_comma(lang) : "",
                         render_progress_name_in(lang, g->ck.p[seat].hand[i]));
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return buf;
}

static void private_line(struct rline *l, const struct render_style *st)
{
    char chan[RENDER_CHAN_MAX + 2];
    rline_init(l);
    rline_add(l, chan_prefix(st, chan));
}

/* The knight at corner v's level (0: none there now). */
static int knight_level(const struct game *g, int v)
{
    int slot, p = game_knight_at(g, v, &slot);
    return p < 0 ? 0 : g->ck.p[p].knight[slot] & KNIGHT_LEVEL;
}

/* The dice line: "alice rolled 8 (red 3) barbarians 4/7" or "... (red 3) science gate"; the
 * event die's line when it comes alone. */
static void roll_line(struct rline *l, const struct game *g, const struct render_style *st,
                      const struct game_event *roll, const struct game_event *die)
{
    char who[NICK_BUF];
    const char *p = nick_str(st, roll ? roll->player : die->player, who);
    int face = die ? die->a : -1;
    int gate = face >= FACE_GATE && face < CK_FACES;
    if (roll && gate)
        rline_tr(l, st, MSG_CK_ROLL_GATE, p, roll->a + roll->b, roll->b,
                 tr(st->lang, gate_msgs[face - FACE_GATE]));
    else if (roll)
        rline_tr(l, st, MSG_CK_ROLL_SHIP, p, roll->a + roll->b, roll->b,
                 die ? die->b : g->ck.barbarians, CK_VOYAGE);
    else if (gate)
        rline_tr(l, st, MSG_CK_EVENT_GATE, tr(st->lang, gate_msgs[face - FACE_GATE]));
    else
        rline_tr(l, st, MSG_CK_EVENT_SHIP, die->b, CK_VOYAGE);
    if (roll && g->phase == PHASE_MAIN && g->current == roll->player &&
        !seat_is_robot(st, roll->player) && !cities_pending(g))
        rline_tr(l, st, MSG_HINT_END, style_prefix(st));
}

/* A progress card played, with what the event says it did. */
static void progress_line(struct rline *l, const struct game *g, const struct render_style *st,
                          const struct game_event *e, const char *p)
{
    int lang = st->lang, card = e->a;
    const char *name = render_progress_name_in(lang, card);
    char buf[CARDS_BUF];
    switch (card) {
    case PROG_PRINTER:
    case PROG_CONSTITUTION:
        rline_tr(l, st, MSG_CK_SHOWN, p, name);
        break;
    case PROG_IRRIGATION:
    case PROG_MINING: {
        int any = 0;
        for (int r = 0; r < RES_COUNT; r++)
            any |= e->res[r];
        if (any)
            rline_tr(l, st, MSG_CK_PLAY_TAKES, p, name, cards_str(lang, e->res, buf, sizeof buf));
        else /* no such hex at their buildings, or an empty bank */
            rline_tr(l, st, MSG_CK_PLAY, p, name);
        break;
    }
    case PROG_RESOURCE_MONOPOLY:
    case PROG_TRADE_MONOPOLY:
        rline_tr(l, st, MSG_CK_PLAY_MONOPOLY, p, name,
                 e->res2[0] < GOOD_COUNT ? render_good_name_in(lang, e->res2[0]) : "?", e->b);
        break;
    case PROG_INVENTOR: {
        char other[64];
        rline_tr(l, st, MSG_CK_PLAY_INVENTOR, p, name,
                 event_hex_label(g, lang, e->res[0], buf, sizeof buf),
                 event_hex_label(g, lang, e->res[1], other, sizeof other));
        break;
    }
    case PROG_MERCHANT_FLEET: {
        /* The goods the player trades 2:1 this turn (the state after the card). */
        size_t n = 0;
        buf[0] = '\0';
        int fleet = e->player >= 0 && e->player < g->opt.n_players ? g->ck.p[e->player].fleet : 0;
        for (int k = 0; k < GOOD_COUNT; k++)
            if (fleet >> k & 1) {
                int w = snprintf(buf + n, sizeof buf - n, "%s%s", n ? i18n_comma(lang) : "",
                                 render_good_name_in(lang, k));
                if (w > 0 && (size_t)w < sizeof buf - n)
                    n += (size_t)w;
            }
        rline_tr(l, st, MSG_CK_PLAY_FLEET, p, name, n ? buf : "?");
        break;
    }
    case PROG_MERCHANT:
        if (g->ck.merchant)
            rline_tr(l, st, MSG_CK_PLAY_MERCHANT, p, name,
                     event_hex_label(g, lang, g->ck.merchant - 1, buf, sizeof buf));
        else
            rline_tr(l, st, MSG_CK_PLAY, p, name);
        break;
    case PROG_WARLORD:
        rline_tr(l, st, MSG_CK_PLAY_WARLORD, p, name,
                 e->player >= 0 && e->player < g->opt.n_players ? game_knight_strength(g, e->player)
                                                                : 0);
        break;
    default:
        rline_tr(l, st, MSG_CK_PLAY, p, name);
        break;
    }
}

const char *render_goods_in(int lang, const uint8_t res[RES_COUNT], const uint8_t com[COM_COUNT],
                            int object, char *buf, size_t size)
{
    return goods_str(lang, res, com, object, buf, size);
}

/* A good as commands take it, in English. */
static const char *good_word(int k)
{
    return k < RES_COUNT ? render_res_name(k) : render_com_name(k - GOOD_PAPER);
}

const char *render_take_example(const struct game *g, int q, char *buf, size_t size)
{
    uint8_t have[GOOD_COUNT];
    int k1 = -1, k2 = -1;
    memcpy(have, g->p[q].res, RES_COUNT);
    memcpy(have + RES_COUNT, g->p[q].commodity, COM_COUNT);
    for (int k = 0; k < GOOD_COUNT; k++)
        if (have[k] && (k1 < 0 || have[k] > have[k1]))
            k1 = k;
    for (int k = 0; k < GOOD_COUNT && k1 >= 0 && have[k1] < 2; k++)
        if (have[k] && k != k1 && k2 < 0)
            k2 = k;
    if (k1 < 0)
        snprintf(buf, size, "LIST");
    else if (k2 < 0)
        snprintf(buf, size, "2 %s", good_word(k1));
    else
        snprintf(buf, size, "1 %s 1 %s", good_word(k1), good_word(k2));
    return buf;
}

/* To the player who looked and must choose now (ASK_TAKE, ASK_SPY): what to type. */
static void take_hint(struct rline *l, const struct game *g, const struct render_style *st,
                      const struct game_event *e)
{
    const struct ck_player *c = &g->ck.p[e->player];
    const char *pre = style_prefix(st);
    char ex[64];
    if (seat_is_robot(st, e->player) || c->ask_arg != e->other ||
        c->ask != (e->a ? ASK_SPY : ASK_TAKE))
        return;
    if (e->a)
        rline_tr(l, st, MSG_HINT_TAKE_CARD, pre, pre,
                 render_progress_name(g->ck.p[e->other].hand[0]));
    else
        rline_tr(l, st, MSG_HINT_TAKE_GOODS, pre, pre,
                 render_take_example(g, e->other, ex, sizeof ex));
}

/* Goods a master merchant took: the count to all, the goods to the two only. */
static void taken_goods(struct rline *l, const struct render_style *st, const struct game_event *e,
                        const char *p, const char *o, int n, const struct render_sink *out)
{
    int lang = st->lang;
    char buf[CARDS_BUF];
    rline_tr(l, st, MSG_CK_TAKE_GOODS, o, p, render_progress_name_in(lang, PROG_MASTER_MERCHANT));
    rline_emit(l, out, RENDER_PUBLIC);
    goods_str(lang, e->res, e->res2, 1, buf, sizeof buf);
    if (e->other >= 0 && e->other < n) {
        private_line(l, st);
        rline_tr(l, st, MSG_CK_YOU_TAKE_GOODS, buf, p);
        rline_emit(l, out, e->other);
    }
    if (e->player >= 0 && e->player < n) {
        private_line(l, st);
        rline_tr(l, st, MSG_CK_GOODS_TAKEN, o, buf);
        rline_emit(l, out, e->player);
    }
}

/* What a player saw in another's hand (EV_LOOK), to them alone. */
static void look_line(struct rline *l, const struct render_style *st, const struct game_event *e,
                      const char *o)
{
    int lang = st->lang;
    char buf[CARDS_BUF];
    if (e->a == 0) {
        rline_tr(l, st, MSG_CK_LOOK_GOODS, o, goods_str(lang, e->res, e->res2, 0, buf, sizeof buf));
        return;
    }
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < CK_HAND && e->res[i]; i++) {
        int w = snprintf(buf + n, sizeof buf - n, "%s%s", n ? i18n_comma(lang) : "",
                         render_progress_name_in(lang, e->res[i]));
        if (w > 0 && (size_t)w < sizeof buf - n)
            n += (size_t)w;
    }
    rline_tr(l, st, MSG_CK_LOOK_CARDS, o, n ? buf : tr(lang, MSG_NOTHING));
}

void cities_look_prompt(struct rline *l, const struct game *g, const struct render_style *st,
                        int seat)
{
    const struct ck_player *c = &g->ck.p[seat];
    int q = c->ask_arg;
    if ((c->ask != ASK_TAKE && c->ask != ASK_SPY) || q >= g->opt.n_players)
        return;
    /* The look again, from the target's hand as it is (nothing moves while the player chooses). */
    struct game_event e = {
        .type = EV_LOOK, .player = (int8_t)seat, .other = (int8_t)q, .a = c->ask == ASK_SPY};
    if (c->ask == ASK_TAKE) {
        memcpy(e.res, g->p[q].res, RES_COUNT);
        memcpy(e.res2, g->p[q].commodity, COM_COUNT);
    } else {
        for (int i = 0; i < CK_HAND && g->ck.p[q].hand[i]; i++)
            e.res[i] = g->ck.p[q].hand[i];
    }
    char other[NICK_BUF];
    look_line(l, st, &e, nick_str(st, q, other));
    take_hint(l, g, st, &e);
}

/* A fifth progress card (still held when the events end) must go before anything else. */
static void fifth_line(struct rline *l, const struct game *g, const struct render_style *st,
                       const struct game_event *e, int card, const char *p,
                       const struct render_sink *out)
{
    if (e->player < 0 || e->player >= g->opt.n_players || card <= 0 ||
        g->ck.p[e->player].hand[CK_HAND] != card)
        return;
    rline_init(l);
    rline_tr(l, st, MSG_CK_FIFTH, p);
    if (!seat_is_robot(st, e->player)) {
        const char *pre = style_prefix(st);
        rline_tr(l, st, MSG_HINT_PROGRESS_FIFTH, pre, pre);
    }
    rline_emit(l, out, RENDER_PUBLIC);
}

int cities_event(const struct game *g, const struct render_style *st, const struct game_event *ev,
                 int i, int n_ev, const struct render_sink *out)
{
    const struct game_event *e = &ev[i], *prev = i > 0 ? &ev[i - 1] : NULL;
    int lang = st->lang, n = g->opt.n_players, used = 1;
    struct rline l;
    char who[NICK_BUF], other[NICK_BUF], buf[CARDS_BUF], buf2[CARDS_BUF];
    const char *p = nick_str(st, e->player, who);
    const char *o = nick_str(st, e->other, other);
    const char *pre = style_prefix(st);
    int mine = e->player >= 0 && e->player < n;
    rline_init(&l);
    switch (e->type) {
    case EV_ROLL:
        if (i + 1 < n_ev && ev[i + 1].type == EV_EVENT_DIE) {
            roll_line(&l, g, st, e, &ev[i + 1]);
            used = 2;
        } else {
            roll_line(&l, g, st, e, NULL);
        }
        break;
    case EV_EVENT_DIE:
        roll_line(&l, g, st, NULL, e);
        break;
    case EV_PRODUCE:
        rline_tr(&l, st, MSG_EV_PRODUCE, p, goods_str(lang, e->res, e->res2, 1, buf, sizeof buf));
        break;
    case EV_DISCARD:
        rline_tr(&l, st, MSG_EV_DISCARD, p, goods_str(lang, e->res, e->res2, 1, buf, sizeof buf));
        break;
    case EV_SHORTAGE:
        if (e->a < GOOD_PAPER || e->a >= GOOD_COUNT)
            return 0;
        rline_tr(&l, st, MSG_EV_SHORTAGE, render_good_name_in(lang, e->a));
        break;
    case EV_STEAL:
        if (e->a < GOOD_PAPER || e->a >= GOOD_COUNT)
            return 0; /* a resource: the base game's lines */
        rline_tr(&l, st, MSG_EV_STEAL, p, o);
        rline_emit(&l, out, RENDER_PUBLIC);
        private_line(&l, st);
        rline_tr(&l, st, MSG_EV_YOU_STOLE, good_count(lang, e->a, 1, 1, buf, sizeof buf), o);
        rline_emit(&l, out, e->player);
        if (e->other >= 0) {
            private_line(&l, st);
            rline_tr(&l, st, MSG_EV_STOLE_FROM_YOU, p,
                     good_count(lang, e->a, 1, 1, buf, sizeof buf));
            rline_emit(&l, out, e->other);
        }
        return 1;
    case EV_CK_TRADE: {
        uint8_t give[GOOD_COUNT] = {0}, get[GOOD_COUNT] = {0};
        if (e->a >= 0 && e->a < GOOD_COUNT)
            give[e->a] = (uint8_t)e->b;
        if (e->res2[0] < GOOD_COUNT)
            get[e->res2[0]] = e->res2[1];
        rline_tr(&l, st, MSG_EV_BANK_TRADE, p,
                 goods_str(lang, give, give + GOOD_PAPER, 1, buf, sizeof buf),
                 goods_str(lang, get, get + GOOD_PAPER, 1, buf2, sizeof buf2));
        break;
    }
    case EV_PROGRESS_DRAW:
        if (e->a < 0 || e->a >= CK_TRACKS) { /* a card of their choice (a tie defending) */
            rline_tr(&l, st, MSG_CK_DRAW_CHOICE, p);
            if (mine && !seat_is_robot(st, e->player))
                rline_tr(&l, st, MSG_HINT_PROGRESS_DRAW, pre);
            break;
        }
        rline_tr(&l, st, MSG_CK_DRAW, p, tr(lang, deck_msgs[e->a]), CK_DECK - g->ck.deck_pos[e->a]);
        rline_emit(&l, out, RENDER_PUBLIC);
        private_line(&l, st);
        rline_tr(&l, st, MSG_CK_YOU_DREW, render_progress_name_in(lang, e->b),
                 tr(lang, deck_msgs[e->a]));
        rline_emit(&l, out, e->player);
        fifth_line(&l, g, st, e, e->b, p, out);
        return 1;
    case EV_PROGRESS:
        progress_line(&l, g, st, e, p);
        break;
    case EV_PROGRESS_DISCARD:
        rline_tr(&l, st, MSG_CK_GAVE_UP, p, CK_HAND);
        rline_emit(&l, out, RENDER_PUBLIC);
        private_line(&l, st);
        rline_tr(&l, st, MSG_CK_YOU_GAVE_UP, render_progress_name_in(lang, e->a));
        rline_emit(&l, out, e->player);
        return 1;
    case EV_BARBARIANS:
        rline_tr(&l, st, e->a > e->b ? MSG_CK_BARBARIANS_FALL : MSG_CK_BARBARIANS_HOLD, e->a, e->b);
        break;
    case EV_PILLAGE:
        if (e->a < 0 || e->res[0])
            rline_tr(&l, st, MSG_CK_PILLAGE_GONE, p, e->a + 1);
        else
            rline_tr(&l, st, e->b ? MSG_CK_PILLAGE_WALL : MSG_CK_PILLAGE, p, e->a + 1);
        break;
    case EV_DEFENDER:
        rline_tr(&l, st, MSG_CK_DEFENDER, p, e->a);
        break;
    case EV_IMPROVE:
        rline_tr(&l, st, MSG_CK_IMPROVE, p, render_track_name_in(lang, e->a), e->b);
        break;
    case EV_METROPOLIS:
        if (e->other >= 0 && e->other < n)
            rline_tr(&l, st, MSG_CK_METROPOLIS_TAKEN, p, render_track_name_in(lang, e->a), o,
                     e->b + 1);
        else
            rline_tr(&l, st, MSG_CK_METROPOLIS, p, render_track_name_in(lang, e->a), e->b + 1);
        break;
    case EV_WALL:
        rline_tr(&l, st, MSG_CK_WALL, p, e->a + 1);
        break;
    case EV_KNIGHT:
        switch (e->b) {
        case KNIGHT_BUILT:
            rline_tr(&l, st, MSG_CK_KNIGHT_BUILT, p, e->a + 1);
            break;
        case KNIGHT_PROMOTE:
            rline_tr(&l, st,
                     knight_level(g, e->a) >= 3 ? MSG_CK_KNIGHT_MIGHTY : MSG_CK_KNIGHT_STRONG, p,
                     e->a + 1);
            break;
        case KNIGHT_ACTIVATED:
            rline_tr(&l, st, MSG_CK_KNIGHT_ACTIVE, p, e->a + 1);
            break;
        default:
            rline_tr(&l, st, MSG_CK_KNIGHT_LOST, p, e->a + 1);
            break;
        }
        break;
    case EV_KNIGHT_MOVE:
        /* A displaced knight's own move follows the move that displaced it. */
        if (prev && prev->type == EV_KNIGHT_MOVE && prev->other == e->player && e->player >= 0)
            rline_tr(&l, st, MSG_CK_KNIGHT_DISPLACED, p, e->a + 1, e->b + 1);
        else if (e->other >= 0 && e->other < n)
            rline_tr(&l, st, MSG_CK_KNIGHT_DISPLACE, p, e->a + 1, e->b + 1, o);
        else
            rline_tr(&l, st, MSG_CK_KNIGHT_MOVE, p, e->a + 1, e->b + 1);
        break;
    case EV_ASK:
        cities_ask_line(&l, st, e, p, o, 1);
        break;
    case EV_GIVE:
        if (e->a == PROG_MASTER_MERCHANT) {
            taken_goods(&l, st, e, p, o, n, out);
            return 1;
        }
        rline_tr(&l, st, MSG_CK_GIVE, p, goods_str(lang, e->res, e->res2, 1, buf, sizeof buf), o,
                 render_progress_name_in(lang, e->a));
        break;
    case EV_LOOK:
        if (!mine)
            return 1;
        private_line(&l, st);
        look_line(&l, st, e, o);
        take_hint(&l, g, st, e);
        rline_emit(&l, out, e->player);
        return 1;
    case EV_PROGRESS_TAKEN:
        rline_tr(&l, st, MSG_CK_TAKEN, p, o);
        rline_emit(&l, out, RENDER_PUBLIC);
        if (mine) { /* never to seat -1, which is RENDER_PUBLIC */
            private_line(&l, st);
            rline_tr(&l, st, MSG_CK_YOU_TOOK, render_progress_name_in(lang, e->a), o);
            rline_emit(&l, out, e->player);
        }
        if (e->other >= 0 && e->other < n) {
            private_line(&l, st);
            rline_tr(&l, st, MSG_CK_TOOK_FROM_YOU, p, render_progress_name_in(lang, e->a));
            rline_emit(&l, out, e->other);
        }
        fifth_line(&l, g, st, e, e->a, p, out);
        return 1;
    case EV_ROAD_REMOVED: {
        char edge[8];
        rline_tr(&l, st, MSG_CK_ROAD_REMOVED, o, p, edge_name(game_geo(g), e->a, edge));
        break;
    }
    default:
        return 0;
    }
    rline_emit(&l, out, RENDER_PUBLIC);
    return used;
}

unsigned cities_pending(const struct game *g)
{
    unsigned m = 0;
    if (!g->ck.on)
        return 0;
    for (int p = 0; p < g->opt.n_players; p++)
        if (!g->p[p].resigned && (g->ck.p[p].draws || g->ck.p[p].hand[CK_HAND] || g->ck.p[p].ask))
            m |= 1u << p;
    return m;
}
