/* awards.h: the longest road and the largest army: lengths, and who holds the awards. */
#ifndef CATAN_AWARDS_H
#define CATAN_AWARDS_H

#include "model/ruleset.h"
#include "model/types.h"

/* awards_top: a seat with the largest of v[0 .. n-1] (the first), that largest in *max, how many have it in *nmax. */
int awards_top(const int *v, int n, int *max, int *nmax);

/*
 * awards_update_road: gives or takes the longest road award after any
 * building, from the lengths kept in p->road_len: 5+ to hold; a challenger must be strictly longer; the holder
 * keeps it while tied for longest; otherwise it goes to the single longest
 * player with 5+, or is set aside.
 */
void awards_update_road(const struct ruleset *rs, struct position *p, int nplayers);

/* awards_update_army: after seat plays a knight: 3+ takes it, from a holder only by more. */
void awards_update_army(const struct ruleset *rs, struct position *p, int seat);

/*
 * awards_road_broken: 002's rule after a break (rules option road_tie=aside),
 * called after awards_update_road: when the holder's road was before long
 * and is now shorter, the award goes to the one player alone with the
 * longest road of 5+, and is set aside when several tie, the holder among
 * them.
 */
void awards_road_broken(const struct ruleset *rs, struct position *p, int nplayers, int holder, int before);

/*
 * awards_update_army_less: after seat's face-up knights went down by one
 * (Catan for Two gives one back for trade cards): a holder left with
 * fewer than 3, or no longer alone with the most, loses the award; then
 * the one player alone with the most, 3 or more, takes it.
 */
void awards_update_army_less(const struct ruleset *rs, struct position *p, int seat, int nplayers);

#endif
