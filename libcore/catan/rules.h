/* rules.h: the base-game rules engine: applying moves, awards, scores and per-player views. */
#ifndef CATAN_RULES_H
#define CATAN_RULES_H

#include "err.h"
#include "move.h"
#include "ruleset.h"
#include "types.h"

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
 * - Random outcomes (internal games): the dice are two draws of
 *   rng_below(6), first die first; a steal draws rng_below(cards held)
 *   over the victim's cards in resource order; a card bought is the top
 *   card of a known deck (no draw), or drawn by rng_below(cards left) over
 *   the counts when the order is unknown.  External games: the card named
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
 * rules_apply: checks m against the rules and, when legal, applies it to
 * g->pos: pays and receives cards, draws outcomes (dice, the card bought,
 * the card stolen) from g->pos.rng when the game's outcomes are internal,
 * moves the phase on, updates longest road and largest army, ends the game
 * when the player whose turn it is reaches the points to win, and appends
 * the canonical text of the move with its outcome to g->log.
 * All or nothing: on any failure g is unchanged.
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

/* ---- awards (awards.c) ---- */

/*
 * longest_road: the length of seat's longest trail of roads (no path used
 * twice), not passing through an intersection that holds another
 * player's building (a trail may end there).  0 when seat has no road.
 */
int longest_road(const struct position *p, int seat);

/*
 * awards_update_road: gives or takes the longest road award after any
 * building: 5+ to hold; a challenger must be strictly longer; the holder
 * keeps it while tied for longest; otherwise it goes to the single longest
 * player with 5+, or is set aside.
 */
void awards_update_road(const struct ruleset *rs, struct position *p, int nplayers);

/* awards_update_army: after seat plays a knight: 3+ takes it, from a holder only by more. */
void awards_update_army(const struct ruleset *rs, struct position *p, int seat);

/* ---- scores (score.c) ---- */

/*
 * score_public: victory points everyone sees: buildings and awards.  The
 * position carries no rule set: the pieces and award points are the base
 * game's (every rule set so far shares them).
 */
int score_public(const struct position *p, int seat);
/* score_total: score_public plus victory point cards held (bought this turn included). */
int score_total(const struct position *p, int seat);

/*
 * game_view: a copy of g as seat sees it (out is uninitialised; free it
 * with game_free): other players' resource and development cards zeroed,
 * their counts in view_hand/view_dev (the viewer's own cards stay), the
 * deck's order and counts zeroed (deck_len kept), the generator zeroed,
 * no start position, and the log redacted (another player's "buy" shows
 * no card; a stolen card is shown only to the thief and the victim).
 * When the game is over the winner's victory point cards are shown.
 * Returns C_OK; C_USAGE for a seat not in the game; C_INPUT when g is
 * already a view; C_SYSTEM when memory runs out.
 */
int game_view(const struct game *g, int seat, struct game *out, struct cerr *e);

#endif
