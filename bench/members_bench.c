/* The IRC layer's member list at a large channel: the CPU time to join a channel of N members
 * (the NAMES replies, then a WHO reply per member, as the bot learns them after joining), and
 * how many lookups by nick (in another case) it answers per second. Prints figures; never
 * fails on time.
 *
 *   members_bench [N]     (default 20000) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "irc/members.h"

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    if (n < 1 || n > IRCB_MEMBERS_MAX) {
        fprintf(stderr, "usage: members_bench [N] (1..%d)\n", IRCB_MEMBERS_MAX);
        return 2;
    }
    struct ircb_members m;
    struct ircb_chanmodes cm;
    ircb_members_init(&m);
    ircb_chanmodes_init(&cm);

    double t0 = cpu_s();
    /* NAMES: about 400 bytes of nicks a line, as servers send them. */
    char line[512], nick[32];
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        int w = snprintf(nick, sizeof nick, "%sMember%d", i % 10 == 0 ? "@" : "", i);
        if (len + (size_t)w + 1 > 400) {
            ircb_members_names(&m, "#big", line, cm.prefixes);
            len = 0;
        }
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? " " : "", nick);
    }
    if (len)
        ircb_members_names(&m, "#big", line, cm.prefixes);
    double t_names = cpu_s() - t0;
    for (int i = 0; i < n; i++) {
        snprintf(nick, sizeof nick, "Member%d", i);
        ircb_members_add(&m, "#big", nick, "user", "host.example", "0");
    }
    double t_join = cpu_s() - t0;

    long lookups = 2000000, found = 0;
    unsigned x = 1;
    t0 = cpu_s();
    for (long k = 0; k < lookups; k++) {
        x = x * 1103515245u + 12345u;
        snprintf(nick, sizeof nick, "MEMBER%u", (x >> 8) % (unsigned)(n + n / 10));
        found += ircb_members_find(&m, nick) != NULL;
    }
    double t_find = cpu_s() - t0;

    printf("join of a %d-member channel: %.1f ms CPU (NAMES %.1f ms, WHO %.1f ms)\n", n,
           t_join * 1e3, t_names * 1e3, (t_join - t_names) * 1e3);
    printf("lookups by nick: %.0f per second (%ld of %ld found)\n", (double)lookups / t_find, found,
           lookups);
    ircb_members_fini(&m);
    return m.n == 0 ? 0 : 1;
}
