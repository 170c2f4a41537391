#include "web_fixture.h"

#include <stdio.h>
#include <stdlib.h>

const struct web_board web_boards[] = {{BOARD_BASE, 4},           {BOARD_BIG, 6},
                                       {BOARD_FOUR_ISLANDS_4, 4}, {BOARD_FOG_ISLANDS_4, 4},
                                       {BOARD_JUNGLE, 4},         {BOARD_RIVER, 3}};
const int web_n_boards = (int)(sizeof web_boards / sizeof web_boards[0]);

void web_seated(struct session *s, int board, int n, uint64_t seed, const char *const *names)
{
    struct session_rules rules = {3, 6, 10, 0, 2, false};
    session_init(s, "#catan", &rules, seed);
    s->n_seats = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        snprintf(s->seat[i].nick, sizeof s->seat[i].nick, "%s", names[i]);
        s->seat[i].present = 1;
    }
    struct game_options o = {.n_players = (uint8_t)n, .board = (uint8_t)board};
    if (game_init(&s->game, &o, seed) != BW_OK) {
        fprintf(stderr, "web_seated: board %d with %d players refused\n", board, n);
        abort();
    }
    s->state = SESSION_PLAYING;
}
