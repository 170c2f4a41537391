/* Shared by the command files: every command's table row and the helpers handlers share. */
#ifndef BW_CMD_INTERNAL_H
#define BW_CMD_INTERNAL_H

#include "cmd/cmd.h"

extern const struct cmd_entry cmd_new, cmd_join, cmd_leave, cmd_start, cmd_stop, cmd_kick,
    cmd_board, cmd_status, cmd_hand, cmd_spots, cmd_roll, cmd_build, cmd_road, cmd_settle, cmd_city,
    cmd_buy, cmd_play, cmd_robber, cmd_discard, cmd_trade, cmd_bank, cmd_end, cmd_help, cmd_top,
    cmd_stats, cmd_dice, cmd_corner, cmd_addbot, cmd_removebot, cmd_games, cmd_status_admin,
    cmd_part, cmd_reload, cmd_save, cmd_backup, cmd_release, cmd_map, cmd_move, cmd_pirate,
    cmd_gold, cmd_variant, cmd_lang, cmd_attack, cmd_wonder, cmd_expansion, cmd_knight, cmd_improve,
    cmd_wall, cmd_progress, cmd_choose, cmd_give, cmd_take, cmd_rules, cmd_neutral, cmd_token;

/* House rules (rules.c): the fixed line "#chan rules: points 10, ..." of c->s in c's language;
 * that line in the channel at the start of a game whose rules are not all the rule book's; after
 * a change of the lobby's map, variant or expansion, the rules that no longer fit back to the
 * rule book, each said in the channel with why. */
void cmd_rules_line(const struct cmd_call *c, char *buf, size_t size);
void cmd_rules_at_start(struct cmd_call *c);
/* After !help rules: every rule with its values, and the rules of c->s when there is one. */
void cmd_rules_help(struct cmd_call *c);
void cmd_rules_refit(struct cmd_call *c);

/* !progress alone: the progress cards held, privately (show.c). */
int cmd_progress_list(struct cmd_call *c);

struct render_style;
/* The render style of c->s's lines: its channel, seats, colour, language and prefix. */
void cmd_style(const struct cmd_call *c, struct render_style *st);

/* The board drawing of c->s to its channel (when the game starts), counted as shown. */
void cmd_show_board(struct cmd_call *c);
/* "#chan web: URL" for c->s's page: to the channel, or to the caller when asked in private.
 * Without a web view: asked, a refusal saying so (BW_E(NOT_FOUND)); not asked, nothing. */
int cmd_web_address(struct cmd_call *c, bool asked);

/* Whose move c->s waits for, for a refusal: "it is bob's move: roll (!roll or !play CARD)",
 * in c's language with the command(s) bob types (none for a computer player). */
void cmd_whose_move(const struct cmd_call *c, char *buf, size_t size);

/* The seat of a nick in c->s, replying "NICK is not playing here" when none. */
int cmd_seat_arg(struct cmd_call *c, const char *nick);

/* Cities & Knights (cities.c, progress.c). Whether c->s plays it, else replies that c->cmd is
 * for it. */
bool cmd_cities_here(struct cmd_call *c);
/* cmd_act, with a refusal of a Cities & Knights action said from the engine's error and the
 * state, with what to do instead. */
int cmd_ck_act(struct cmd_call *c, struct game_action *a);
/* The refusal of a progress card action or a trade of goods, when there is more to say than the
 * engine's error: whether it replied. */
bool cmd_explain_progress(struct cmd_call *c, const struct game_action *a, int err);
/* A refusal because the caller must first answer what they are asked (the prompt again), or
 * choose a deck or give up a fifth progress card, or because others must first (whom the game
 * waits for): whether it replied so. */
bool cmd_explain_pending(struct cmd_call *c, int err);
/* The prompt of what the caller is asked now (a progress card or the barbarians), privately:
 * whether they are asked anything (answer.c). */
bool cmd_ask_prompt(struct cmd_call *c);
/* The dice deck's event cards (dice.c): whether !choose, !give and !take answer them here (a
 * game with the dice deck, without Cities & Knights); the answer of the command that asks for
 * `kind` (enum dice_ask); after a refusal of something else, the prompt of the caller asked or
 * whom the game waits for (true when it said something). */
bool cmd_dice_here(const struct cmd_call *c);
int cmd_dice_answer(struct cmd_call *c, int kind);
bool cmd_dice_explain(struct cmd_call *c);
/* The track ARGV names (science, trade, politics; a colour or commodity too), or a bw_err after
 * replying why with the usage line "PREFIX" usage. */
int cmd_track_arg(struct cmd_call *c, int argc, char **argv, const char *usage);
/* The progress card that the first words of argv name, and in *used how many words it took: a
 * whole name of up to three words, or one word that is a whole name or a unique prefix. A
 * bw_err after replying why with the usage line "PREFIX" usage (progress.c). */
int cmd_card_arg(struct cmd_call *c, int argc, char **argv, int *used, const char *usage);
/* The master merchant and the spy (take.c): a refusal of the card's target, and a refusal
 * while the caller must first take from the hand they saw, or while another does: whether it
 * replied. */
bool cmd_explain_look(struct cmd_call *c, const struct game_action *a, int err);
bool cmd_explain_take(struct cmd_call *c, int err);
/* !play, !bank and !discard in a Cities & Knights game: a progress card; goods. */
int cmd_play_progress(struct cmd_call *c);
int cmd_bank_goods(struct cmd_call *c);
int cmd_discard_goods(struct cmd_call *c);
/* An offer's LISTs with goods into a (refused while they name a commodity: offers between
 * players hold resources only). BW_OK, or a bw_err after replying why. */
struct words_trade;
int cmd_offer_goods(struct cmd_call *c, int argc, char **argv, struct game_action *a,
                    struct words_trade *parts);

#endif
