#include "store/rating.h"

#include <math.h>

int rating_compare(const struct rating_player *a, const struct rating_player *b)
{
    if (a->won != b->won)
        return a->won ? -1 : 1;
    if (a->resigned != b->resigned)
        return a->resigned ? 1 : -1;
    return (b->points > a->points) - (b->points < a->points);
}

double rating_expected(double ra, double rb)
{
    return 1.0 / (1.0 + pow(10.0, (rb - ra) / 400.0));
}

bool rating_update(const struct rating_player *players, int n, double *after)
{
    if (n < 2 || n > RATING_MAX_PLAYERS)
        return false;
    double k = RATING_K / (double)(n - 1);
    for (int i = 0; i < n; i++) {
        double sum = 0.0;
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            int c = rating_compare(&players[i], &players[j]);
            double score = c < 0 ? 1.0 : c == 0 ? 0.5 : 0.0;
            sum += score - rating_expected(players[i].rating, players[j].rating);
        }
        after[i] = players[i].rating + k * sum;
    }
    return true;
}
