/*
 * pred.h: the helpers under the rule families, once one file, now one
 * header a job: refusal.h, cards.h, placement.h, robber.h, harbour.h,
 * neutral.h.  Only play/search.c still includes this one, as it is being
 * changed elsewhere; include the header of the job instead, and remove this
 * one once search.c does.
 */
#ifndef CATAN_PRED_H
#define CATAN_PRED_H

#include "model/ruleset.h"
#include "model/score.h"
#include "rules/cards.h"
#include "rules/harbour.h"
#include "rules/neutral.h"
#include "rules/placement.h"
#include "rules/refusal.h"
#include "rules/robber.h"

#endif
