/* The computer players for other programs: positions in, moves out.
 * Usage: ai_server [-l easy|normal|hard] [-t MS] [-s SEED]
 *
 * Reads one position per line on standard input (doc/position-format.md) and writes one line
 * for each on standard output, flushed at once: the move chosen for the position's seat in the
 * words of the bot's commands ("build road 12-13", "roll", "bank 4 wood for 1 ore"), or
 * "error: REASON" for a line that is not a position, or one where the seat has nothing to do.
 * The hard level (the default) searches MS milliseconds per decision (default 1000: processor
 * time, or wall time when the machine is busy, whichever runs out first); easy and normal
 * answer at once. contrib/catanatron_bridge.py uses it to
 * seat our players in catanatron's games. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"

#include "ai_answer.h"
#include "position.h"

static void usage(void)
{
    fprintf(stderr, "usage: ai_server [-l easy|normal|hard] [-t MS] [-s SEED]\n");
    exit(2);
}

static int level_of(const char *s)
{
    return !strcmp(s, "easy")     ? AI_EASY
           : !strcmp(s, "normal") ? AI_NORMAL
           : !strcmp(s, "hard")   ? AI_HARD
                                  : -1;
}

/* The rest of a line too long to read (up to its newline). */
static void skip_line(void)
{
    int c;
    while ((c = getchar()) != EOF && c != '\n')
        ;
}

int main(int argc, char **argv)
{
    struct answer_opts o = {.level = AI_HARD, .budget_us = 1000000, .seed = 1};
    int opt;
    char *end;
    while ((opt = getopt(argc, argv, "l:t:s:")) != -1) {
        long ms;
        switch (opt) {
        case 'l':
            if ((o.level = level_of(optarg)) < 0)
                usage();
            break;
        case 't':
            ms = strtol(optarg, &end, 10);
            if (*end || ms < 1 || ms > 600000)
                usage();
            o.budget_us = ms * 1000;
            break;
        case 's':
            o.seed = strtoull(optarg, &end, 10);
            if (*end)
                usage();
            break;
        default:
            usage();
        }
    }
    if (optind != argc)
        usage();
    static char line[POSITION_LINE_MAX + 3];
    char out[256];
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        if (n && line[n - 1] != '\n' && !feof(stdin)) {
            skip_line();
            snprintf(out, sizeof out, "error: the line is longer than %d bytes", POSITION_LINE_MAX);
        } else {
            ai_answer(line, &o, out, sizeof out, NULL, NULL);
        }
        printf("%s\n", out);
        fflush(stdout);
    }
    return 0;
}
