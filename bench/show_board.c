/* Print the board drawing for a seed, to look at it without IRC.
 *
 * show_board [-b] [-k KIND] [-c] [-t] [-n PLAYERS] [-N NICK,NICK,...] [-m MOVES] [SEED]
 *   -b  the 5-6 player board      -c  mIRC colour codes (as sent)   -t  also the board as text
 *   -k  a board kind by number (enum board_kind: 5 is The Four Islands for 4 players, 3 is
 *       Heading for New Shores for 4 players, with gold fields)
 *   -n  players (default 4, 6 with -b)   -N  the players' nicks
 *   -m  random legal moves to play first (default 0)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/playout.h"
#include "render/render.h"

static void print_line(void *ctx, int to, const char *text)
{
    (void)ctx;
    if (to == RENDER_PUBLIC)
        printf("%s\n", text);
    else
        printf("[to seat %d] %s\n", to, text);
}

int main(int argc, char **argv)
{
    int big = 0, kind = -1, color = 0, text = 0, players = 0, opt;
    static const char *nicks[GAME_MAX_PLAYERS] = {"alice", "bob", "carol", "dave", "erin", "frank"};
    char *names = NULL;
    long moves = 0;
    while ((opt = getopt(argc, argv, "bk:ctn:N:m:h")) != -1) {
        switch (opt) {
        case 'b':
            big = 1;
            break;
        case 'k':
            kind = atoi(optarg);
            break;
        case 'c':
            color = 1;
            break;
        case 't':
            text = 1;
            break;
        case 'n':
            players = atoi(optarg);
            break;
        case 'N':
            names = optarg;
            break;
        case 'm':
            moves = atol(optarg);
            break;
        default:
            fprintf(
                stderr,
                "usage: %s [-b] [-k KIND] [-c] [-t] [-n PLAYERS] [-N NICK,...] [-m MOVES] [SEED]\n",
                argv[0]);
            return opt == 'h' ? 0 : 2;
        }
    }
    uint64_t seed = optind < argc ? strtoull(argv[optind], NULL, 0) : 1;
    struct game_options o = {0};
    o.board = (uint8_t)(kind >= 0 ? kind : big ? BOARD_BIG : BOARD_BASE);
    o.n_players = (uint8_t)(players ? players : big ? 6 : 4);
    struct game g;
    if (game_init(&g, &o, seed) != BW_OK) {
        fprintf(stderr, "%s: invalid options\n", argv[0]);
        return 2;
    }
    struct bw_rng rng;
    bw_rng_seed(&rng, seed);
    if (moves > 0)
        playout_game(&g, &rng, moves);
    for (int i = 0; names && i < GAME_MAX_PLAYERS; i++) {
        nicks[i] = strsep(&names, ",");
        if (!names)
            break;
    }
    struct render_style st;
    render_style_init(&st, "#catan", nicks, o.n_players, color);
    struct render_sink out = {print_line, NULL};
    render_board(&g, &st, &out);
    if (text)
        render_board_text(&g, &st, &out);
    return 0;
}
