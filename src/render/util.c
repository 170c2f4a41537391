#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

static const char *const res_names[RES_COUNT] = {"wood", "brick", "wool", "grain", "ore"};
static const int res_msgs[RES_COUNT] = {MSG_RES_WOOD, MSG_RES_BRICK, MSG_RES_WOOL, MSG_RES_GRAIN,
                                        MSG_RES_ORE};
static const int dev_msgs[DEV_COUNT] = {MSG_DEV_KNIGHT, MSG_DEV_ROADS, MSG_DEV_PLENTY,
                                        MSG_DEV_MONOPOLY, MSG_DEV_VICTORY};
static const char *const dev_names[DEV_COUNT] = {"knight", "roads", "plenty", "monopoly",
                                                 "victory"};
/* Red, royal blue, green, orange, magenta, teal: saturated enough for white backgrounds and
 * light enough for black ones; yellow, navy, brown and greys fail one of the two. */
static const int seat_colors[GAME_MAX_PLAYERS] = {4, 12, 3, 7, 13, 10};

const char *render_res_name(int res)
{
    return res >= 0 && res < RES_COUNT ? res_names[res] : "?";
}

const char *render_dev_name(int card)
{
    return card >= 0 && card < DEV_COUNT ? dev_names[card] : "?";
}

const char *render_res_name_in(int lang, int res)
{
    return res >= 0 && res < RES_COUNT ? tr(lang, res_msgs[res]) : "?";
}

const char *render_dev_name_in(int lang, int card)
{
    return card >= 0 && card < DEV_COUNT ? tr(lang, dev_msgs[card]) : "?";
}

int render_seat_color(int seat)
{
    return seat >= 0 && seat < GAME_MAX_PLAYERS ? seat_colors[seat] : 1;
}

/* Copy src into dst (max bytes + NUL) without control characters, never cutting a UTF-8
 * sequence in half. */
static void copy_clean(char *dst, const char *src, size_t max)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)src; *p;) {
        if (*p < 0x20 || *p == 0x7f) {
            p++;
            continue;
        }
        size_t len = 1;
        while ((p[len] & 0xc0) == 0x80)
            len++;
        if (n + len > max)
            break;
        memcpy(dst + n, p, len);
        n += len;
        p += len;
    }
    dst[n] = '\0';
}

/* Letters that are easily misread next to vertex numbers (l/1, o/0) are never used. */
static int letter_usable(int c, unsigned used)
{
    return c >= 'a' && c <= 'z' && c != 'l' && c != 'o' && !(used & (1u << (c - 'a')));
}

void render_style_init(struct render_style *st, const char *chan, const char *const *nicks,
                       int n_seats, int color)
{
    memset(st, 0, sizeof *st);
    st->color = color != 0;
    if (n_seats < 0)
        n_seats = 0;
    if (n_seats > GAME_MAX_PLAYERS)
        n_seats = GAME_MAX_PLAYERS;
    st->n_seats = n_seats;
    copy_clean(st->chan, chan ? chan : "", RENDER_CHAN_MAX);
    copy_clean(st->prefix, "!", RENDER_PREFIX_MAX);
    unsigned used = 0;
    for (int s = 0; s < n_seats; s++) {
        const char *nick = nicks ? nicks[s] : NULL;
        if (nick)
            copy_clean(st->nick[s], nick, RENDER_NICK_MAX);
        if (!st->nick[s][0])
            snprintf(st->nick[s], sizeof st->nick[s], "seat%d", s + 1);
        int letter = 0;
        for (const char *p = st->nick[s]; *p && !letter; p++) {
            int c = *p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p;
            if (letter_usable(c, used))
                letter = c;
        }
        for (int c = 'a'; c <= 'z' && !letter; c++)
            if (letter_usable(c, used))
                letter = c;
        st->letter[s] = (char)letter;
        used |= 1u << (letter - 'a');
    }
}

void render_style_prefix(struct render_style *st, const char *prefix)
{
    copy_clean(st->prefix, prefix && prefix[0] ? prefix : "!", RENDER_PREFIX_MAX);
}

const char *style_prefix(const struct render_style *st)
{
    return st->prefix[0] ? st->prefix : "!";
}

int seat_is_robot(const struct render_style *st, int seat)
{
    if (seat < 0 || seat >= st->n_seats)
        return 0;
    size_t n = strlen(st->nick[seat]);
    return n >= 5 && strcmp(st->nick[seat] + n - 5, "(bot)") == 0;
}

const char *seat_command_name(const struct render_style *st, int seat, char *buf, size_t size)
{
    snprintf(buf, size, "%s", seat_nick(st, seat));
    char *paren = seat_is_robot(st, seat) ? strstr(buf, " (bot)") : NULL;
    if (paren && paren[6] == '\0')
        *paren = '\0';
    return buf;
}

void rline_init(struct rline *l)
{
    l->s[0] = '\0';
    l->len = 0;
    l->full = 0;
}

void rline_addn(struct rline *l, const char *s, size_t n)
{
    if (l->len + n > RENDER_LINE_MAX) {
        n = RENDER_LINE_MAX - l->len;
        while (n > 0 && (s[n] & 0xc0) == 0x80)
            n--;
        l->full = 1;
    }
    memcpy(l->s + l->len, s, n);
    l->len += n;
    l->s[l->len] = '\0';
}

void rline_add(struct rline *l, const char *s)
{
    rline_addn(l, s, strlen(s));
}

void rline_addf(struct rline *l, const char *fmt, ...)
{
    char buf[RENDER_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    rline_addn(l, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

const char *seat_nick(const struct render_style *st, int seat)
{
    if (seat < 0)
        return tr(st->lang, MSG_NOBODY);
    if (seat >= st->n_seats)
        return tr(st->lang, MSG_SOMEONE);
    return st->nick[seat];
}

const char *nick_str(const struct render_style *st, int seat, char *buf)
{
    if (st->color && seat >= 0 && seat < st->n_seats) {
        /* Two-digit colour numbers, so a nick starting with a digit is not read as colour. */
        snprintf(buf, NICK_BUF, MIRC_COLOR "%02d%s%s" MIRC_RESET, render_seat_color(seat),
                 st->nick[seat][0] == ',' ? MIRC_BOLD MIRC_BOLD : "", st->nick[seat]);
        return buf;
    }
    return seat_nick(st, seat);
}

void rline_nick(struct rline *l, const struct render_style *st, int seat)
{
    char buf[NICK_BUF];
    rline_add(l, nick_str(st, seat, buf));
}

const char *render_res_count(int lang, int res, int n, int object, char *buf, size_t size)
{
    static const int objects[RES_COUNT] = {MSG_CNT_WOOD, MSG_CNT_BRICK, MSG_CNT_WOOL, MSG_CNT_GRAIN,
                                           MSG_CNT_ORE};
    static const int alone[RES_COUNT] = {MSG_CNTN_WOOD, MSG_CNTN_BRICK, MSG_CNTN_WOOL,
                                         MSG_CNTN_GRAIN, MSG_CNTN_ORE};
    if (res < 0 || res >= RES_COUNT) {
        snprintf(buf, size, "%d ?", n);
        return buf;
    }
    char form[128];
    int msg = object ? objects[res] : alone[res];
    /* A form may leave the number out ("بطاقتان"): the count is the message's only argument. */
    snprintf(buf, size, i18n_form(lang, msg, n, form, sizeof form), n);
    return buf;
}

static const char *cards_list(int lang, const uint8_t res[RES_COUNT], int object, char *buf,
                              size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int r = 0; r < RES_COUNT && n < size; r++) {
        if (!res[r])
            continue;
        char item[128];
        int k = snprintf(buf + n, size - n, "%s%s", n ? i18n_comma(lang) : "",
                         render_res_count(lang, r, res[r], object, item, sizeof item));
        if (k < 0)
            break;
        n += (size_t)k;
    }
    if (!buf[0])
        snprintf(buf, size, "%s", tr(lang, MSG_NOTHING));
    return buf;
}

const char *cards_str(int lang, const uint8_t res[RES_COUNT], char *buf, size_t size)
{
    return cards_list(lang, res, 1, buf, size);
}

const char *hand_cards_str(int lang, const uint8_t res[RES_COUNT], char *buf, size_t size)
{
    return cards_list(lang, res, 0, buf, size);
}

void rline_cards(struct rline *l, const uint8_t res[RES_COUNT])
{
    rline_cards_in(l, LANG_EN, res);
}

void rline_cards_in(struct rline *l, int lang, const uint8_t res[RES_COUNT])
{
    char buf[CARDS_BUF];
    rline_add(l, cards_str(lang, res, buf, sizeof buf));
}

/* U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE. */
#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

static void rline_vfmt(struct rline *l, int rtl, const char *fmt, va_list ap)
{
    char iso[4 * RENDER_LINE_MAX];
    if (rtl)
        fmt = i18n_isolate(fmt, iso, sizeof iso);
    /* Larger than a line, so that the cut at RENDER_LINE_MAX is made by rline_addn, at a UTF-8
     * boundary. */
    char buf[2 * RENDER_LINE_MAX + 1];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    if (n < 0)
        return;
    rline_addn(l, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

void rline_vtr(struct rline *l, const struct render_style *st, int msg, va_list ap)
{
    char form[RENDER_LINE_MAX + 1];
    rline_vfmt(l, i18n_rtl(st->lang), i18n_vpick(st->lang, msg, ap, form, sizeof form), ap);
}

void rline_fmt(struct rline *l, const struct render_style *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rline_vfmt(l, i18n_rtl(st->lang), fmt, ap);
    va_end(ap);
}

void rline_iso(struct rline *l, const struct render_style *st, const char *s)
{
    rline_fmt(l, st, "%s", s);
}

size_t render_tr(int lang, char *buf, size_t size, int msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    size_t n = i18n_vformat(lang, buf, size, msg, ap);
    va_end(ap);
    return n;
}

void rline_tr(struct rline *l, const struct render_style *st, int msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    rline_vtr(l, st, msg, ap);
    va_end(ap);
}

void rline_emit(struct rline *l, const struct render_sink *out, int to)
{
    if (l->len && out && out->line)
        out->line(out->ctx, to, l->s);
    rline_init(l);
}

void rlist_begin(struct rlist *r, const struct render_sink *out, int to, const char *prefix,
                 const char *sep)
{
    r->out = out;
    r->to = to;
    r->sep = sep;
    r->group_sep = sep;
    copy_clean(r->prefix, prefix, sizeof r->prefix - 1);
    r->head[0] = '\0';
    r->line_head[0] = '\0';
    r->head_pending = 0;
    r->items = 0;
    r->emitted = 0;
    r->rtl = 0;
    rline_init(&r->line);
    rline_add(&r->line, r->prefix);
}

void rlist_group(struct rlist *r, const char *head, const char *line_head, const char *group_sep)
{
    copy_clean(r->head, head, sizeof r->head - 1);
    copy_clean(r->line_head, line_head ? line_head : head, sizeof r->line_head - 1);
    r->group_sep = group_sep;
    r->head_pending = 1;
}

/* The text that goes before item on the current line. */
static void rlist_lead(const struct rlist *r, struct rline *lead)
{
    rline_init(lead);
    if (r->head_pending) {
        if (r->items)
            rline_add(lead, r->group_sep);
        rline_add(lead, r->head);
        rline_add(lead, " ");
    } else if (r->items) {
        rline_add(lead, r->sep);
    }
}

void rlist_item(struct rlist *r, const char *item)
{
    char iso[RENDER_LINE_MAX + 1];
    if (r->rtl) {
        snprintf(iso, sizeof iso, FSI "%s" PDI, item);
        item = iso;
    }
    struct rline lead;
    rlist_lead(r, &lead);
    if (r->items && r->line.len + lead.len + strlen(item) > RENDER_LINE_MAX) {
        rline_emit(&r->line, r->out, r->to);
        r->emitted++;
        r->items = 0;
        r->head_pending = r->line_head[0] != '\0';
        memcpy(r->head, r->line_head, sizeof r->head);
        rline_add(&r->line, r->prefix);
        rlist_lead(r, &lead);
    }
    rline_add(&r->line, lead.s);
    rline_add(&r->line, item);
    r->items++;
    r->head_pending = 0;
}

void rlist_end(struct rlist *r, const char *if_empty)
{
    if (!r->items && !r->emitted)
        rline_add(&r->line, if_empty);
    if (r->items || !r->emitted)
        rline_emit(&r->line, r->out, r->to);
}

const char *chan_prefix(const struct render_style *st, char *buf)
{
    if (!st->chan[0])
        return "";
    snprintf(buf, RENDER_CHAN_MAX + 2, "%s ", st->chan);
    return buf;
}

const char *edge_name(const struct board_geo *geo, int edge, char *buf)
{
    snprintf(buf, 8, "%d-%d", geo->edge_vertex[edge][0] + 1, geo->edge_vertex[edge][1] + 1);
    return buf;
}

int geo_has_sea(const struct board_geo *geo)
{
    return geo->n_land != geo->n_hexes;
}

int edge_is_ship(const struct game *g, int e)
{
    return e >= 0 && e < BOARD_MAX_EDGES && g->edge_owner[e] >= 0 &&
           (g->ships[e >> 6] >> (e & 63) & 1);
}

uint64_t fog_now(const struct game *g, const struct board_geo *geo)
{
    return geo == game_geo(g) ? g->fog & geo->fog_hexes : 0;
}

int pirate_hex(const struct game *g, const struct board_geo *geo)
{
    int h = g->pirate;
    return h >= 0 && h < geo->n_hexes && !(game_land(g, geo) >> h & 1) ? h : -1;
}

int is_jungle(const struct game *g)
{
    const struct board_setup *s = board_setup(g->opt.board);
    return s && s->jungle;
}

/* ---- collecting sink ---- */

void render_lines_init(struct render_lines *l)
{
    memset(l, 0, sizeof *l);
}

void render_lines_fini(struct render_lines *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i].text);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static void lines_add(void *ctx, int to, const char *text)
{
    struct render_lines *l = ctx;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        struct render_line *v = realloc(l->v, (size_t)cap * sizeof *v);
        if (!v) {
            l->failed = 1;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    char *copy = strdup(text);
    if (!copy) {
        l->failed = 1;
        return;
    }
    l->v[l->n].to = to;
    l->v[l->n].text = copy;
    l->n++;
}

struct render_sink render_lines_sink(struct render_lines *l)
{
    struct render_sink s = {lines_add, l};
    return s;
}

const char *render_draw_word(int lang, int msg)
{
    return i18n_rtl(lang) ? i18n_english(msg) : tr(lang, msg);
}
