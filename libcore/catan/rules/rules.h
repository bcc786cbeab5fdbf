/*
 * rules.h: the rules engine's entry point: applying a move, all or nothing
 * unless the caller vouches for the move (RULES_LISTED) (awards.h, score.h
 * and view.h hold the rest).
 */
#ifndef CATAN_RULES_H
#define CATAN_RULES_H

#include "err.h"
#include "model/move.h"
#include "model/awards.h"
#include "model/ruleset.h"
#include "model/score.h"
#include "model/types.h"
#include "model/view.h"

/*
 * Decisions the rule texts leave open (docs/decisions.md has the others):
 * - Phases: a turn is PH_ROLL (one knight or progress card may be played;
 *   nothing else but the roll), then PH_MAIN.  A seven goes through
 *   PH_DISCARD (each player owing cards discards exactly the number owed
 *   in one move, in any order) and PH_ROBBER; a knight goes to PH_ROBBER
 *   and back to the phase it was played in.
 * - Domestic trade: one open offer at a time, made in PH_MAIN by the
 *   player whose turn it is; a new offer replaces it; "cancel" withdraws
 *   it; the end of the turn closes it.  An offer to one player closes when
 *   that player rejects it; an offer to all when every other player has.
 *   A player who rejected an offer cannot accept it (the offerer may make
 *   it again).  The offerer must hold the cards when offering; both sides
 *   must hold them when it is accepted.
 * - Strict trade/build phases: buying a development card or building a
 *   road, settlement or city ends trading for the turn (offers, accepts
 *   and maritime trades are refused; rejecting is still allowed).  Roads
 *   placed by road building do not count as building.  So a harbour built
 *   this turn can never be used this turn in strict mode.
 * - Maritime trade receives one card per move, at the player's best rate.
 * - Victory: checked after every move for the player whose turn it is
 *   after the move.  A player can reach the points on another's turn only
 *   when the longest road changes hands; they win when their turn begins
 *   (as the previous player's "end" is applied).  Points: settlement 1,
 *   city 2, each award 2, each victory point card 1.
 * - Random outcomes (internal games), drawn from the game's luck
 *   (game_luck: the seeded generator, or the keyed stream of a refereed
 *   game): the dice are NDICE draws of luck_below(the rule set's
 *   dice_sides), first die first, drawn again while a second roll of the
 *   turn repeats the first's total (rs_has_second_roll); a steal draws
 *   luck_below(cards held) over the victim's cards in resource order; a
 *   card bought is the top card of a known deck (no draw), or drawn by
 *   luck_below(cards left) over the counts when the order is unknown.  External games: the card named
 *   in a buy is taken from the deck (the first of its kind when the order
 *   is known) and must be there.
 * - Set-up: the road must touch the settlement just placed.  The second
 *   settlement's starting cards come from the bank (pos_pay_start).
 * - Cards played (knights and progress cards) stay in played[]; a card
 *   bought becomes playable at the end of its owner's turn.
 * - After the game is over every move is refused.
 */

/*
 * Flags for rules_apply.
 *
 * RULES_REPLAY: the move comes from a log being replayed (catan-validate).
 * In a game with internal outcomes a move normally must not give its
 * outcome (players do not choose the dice); on replay it may: the engine
 * still draws from the game's generator exactly as it did when the move
 * was first applied, and refuses the move if the logged outcome differs
 * from the draw.  So a replayed game ends in the same position, generator
 * state included, byte for byte.  In a game with external outcomes the
 * outcome is required with or without this flag.
 */
#define RULES_REPLAY 1
/*
 * RULES_NO_LOG: the move is not appended to g->log (replays that keep no
 * log of their own, play-outs): rules_apply then allocates nothing.
 */
#define RULES_NO_LOG 2
/*
 * RULES_LISTED: m is one of the moves movegen_legal lists for g's current
 * position, unchanged (automatic players, play-outs).  The checks every
 * listed move passes (move_check, whose turn and phase it is) are skipped
 * and the move is applied in place, without a working copy of the
 * position; the rule family still checks it.  Were such a move refused
 * (movegen and the rules disagreeing: the exactness tests forbid it),
 * rules_apply answers C_SYSTEM and g's position may be partly changed.
 * A checked build (compiled with CATAN_CHECKED, as the sanitizer and fuzz
 * builds are) checks the move in full instead, on a working copy: a
 * refusal is then C_SYSTEM with g unchanged.
 */
#define RULES_LISTED 4
/*
 * RULES_NO_WINNER: the caller knows that nobody has won in g's position
 * before the move (game_winner is NOBODY: as after every move the rules
 * applied, which end the game at the win).  The win is then looked for
 * only after the moves that may change the points or the player whose
 * turn it is, not after a roll, a discard, the robber, a steal, a trade,
 * an offer or its answer, or a pass, which leave the answer as it was.
 * A checked build looks after every move, and answers C_SYSTEM when the
 * promise was wrong: somebody had won before, or such a move won.
 */
#define RULES_NO_WINNER 8
/*
 * RULES_SCRATCH: the caller reads nothing of g's position after a refusal
 * (a replay, which stops at the first illegal move).  The move is checked
 * in full, as without the flag, but applied in place, without a working
 * copy of the position: a refusal may leave the position partly changed.
 */
#define RULES_SCRATCH 16

/*
 * rules_apply: checks m against the rules and, when legal, applies it to
 * g->pos: pays and receives cards, draws outcomes (dice, the card bought,
 * the card stolen) from g->pos.rng when the game's outcomes are internal,
 * moves the phase on, updates longest road and largest army, ends the game
 * when the player whose turn it is reaches the points to win, and appends
 * the canonical text of the move with its outcome to g->log.
 * All or nothing: on any failure g is unchanged, except with RULES_LISTED
 * (above), whose caller vouches that m was listed: a refusal then means the
 * generator and the rules disagree (C_SYSTEM) and g may be partly changed;
 * and with RULES_SCRATCH, whose caller ends with g after a refusal.
 * Returns C_OK; C_ILLEGAL with a lower-case message naming the rule
 * ("the road must touch your road, settlement or city"), also for a
 * player's view (views are not played on); C_INPUT for a game without a
 * current position (a record); C_SYSTEM when memory runs out.
 */
int rules_apply(struct game *g, const struct move *m, int flags, struct cerr *e);

/*
 * rules_apply_text: move_parse then rules_apply; a convenience for tests
 * and scripts.  Same returns.
 */
int rules_apply_text(struct game *g, const char *text, int flags, struct cerr *e);

/*
 * rules_owner: the seat whose move m is (the colour it names).  A move
 * names its maker, so discards, accepts and rejects belong to the player
 * who is not the current one; the front end's --as compares this seat.
 */
int rules_owner(const struct game *g, const struct move *m);

#endif
