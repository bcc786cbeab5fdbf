/* view.h: what one player may see of a game, as a game document of its own. */
#ifndef CATAN_VIEW_H
#define CATAN_VIEW_H

#include "err.h"
#include "model/types.h"

/*
 * game_view: a copy of g as seat sees it (out is uninitialised; free it
 * with game_free): other players' resource and development cards zeroed,
 * their counts in view_hand/view_dev (the viewer's own cards stay), the
 * deck's order and counts zeroed (deck_len kept), the generator zeroed,
 * the start kept without its generator and deck order when it came from
 * the board (none for a game set up by hand), and the log redacted (another player's "buy" shows
 * no card; a stolen card is shown only to the thief and the victim).
 * When the game is over the winner's victory point cards are shown.
 * Returns C_OK; C_USAGE for a seat not in the game; C_INPUT when g is
 * already a view; C_SYSTEM when memory runs out.
 */
int game_view(const struct game *g, int seat, struct game *out, struct cerr *e);

/*
 * game_spectator: a copy of g as someone at none of its seats sees it, as
 * game_view makes a player's (view SPECTATOR): every hand and every
 * development card a count, the deck a count, the log redacted for a
 * viewer who is no player.  It is never written as a document: the
 * programs show it, score it and tell whom it waits for.  Returns C_OK;
 * C_INPUT when g is already a view; C_SYSTEM when memory runs out.
 */
int game_spectator(const struct game *g, struct game *out, struct cerr *e);

/*
 * game_public: a copy of g as someone at none of its seats saw it, as a
 * record (out is uninitialised; free it with game_free): the log redacted
 * as game_view redacts it for a viewer who is no player (every card bought
 * or stolen and a forced trade's cards unnamed, save where hands are open)
 * and the discards unnamed too, as a table's transcription and a JSettlers2
 * client's log have them; the start without its generator and deck order;
 * no current position, no seed, no secret; outcomes external.  Returns
 * C_OK; C_INPUT when g is a view; C_USAGE for a game set up at a position
 * (its start holds the players' hands); C_SYSTEM when memory runs out.
 */
int game_public(const struct game *g, struct game *out, struct cerr *e);

/*
 * view_unnamed: the number (from 1) of the first of g's first n logged
 * moves that does not name an outcome seat saw (seat NOBODY: any outcome),
 * with *what saying which ("the card bought", "the card stolen", "the
 * cards discarded", "the cards traded"); 0 when there is none.  A seat saw
 * its own card bought, a card stolen from it or by it (every card stolen
 * with hands open), a forced trade it was in, and every discard (the
 * cards go to the bank before everyone).  A line that is no move ends the
 * search (the replay names it).
 */
size_t view_unnamed(const struct game *g, size_t n, int seat, const char **what);

/*
 * view_record_names: whether the first n moves of record g name every
 * outcome seat saw, as seat's view of the position after them needs: an
 * unnamed discard leaves the bank's counts open, a card seat bought or
 * lost unnamed its own hand.  C_OK; C_ILLEGAL naming the first move that
 * does not ("move 12 'red buy' does not name the card bought, which red's
 * view shows").
 */
int view_record_names(const struct game *g, size_t n, int seat, struct cerr *e);

/*
 * view_redact: position p as seat sees it, in place: what game_view hides
 * of it (other hands and development cards, the deck, the generator), with
 * each seat's counts of resource and development cards in hand[] and dev[].
 */
void view_redact(const struct game *g, int seat, struct position *p, uint8_t hand[MAXPLAYERS],
		 uint8_t dev[MAXPLAYERS]);

/*
 * hand_shown: the cards of resource r that seat's hand, hidden from the
 * others, is known to hold by everyone: those of its open offer (the
 * player whose turn it is offers only what it holds), else none.
 */
static inline int hand_shown(const struct position *p, int seat, int r)
{
	return p->offer.active && seat == p->current ? p->offer.give[r] : 0;
}

/*
 * view_stand_in: the position of view g (g->view a seat) with stand-ins
 * for what the viewer cannot see, enough to list the viewer's own moves:
 * each hidden hand gets its count of cards, the ones an open offer
 * promises first (they are known to be there), the rest spread over the
 * resources.  Which cards stand in is never shown: a player's own moves do
 * not depend on another's hidden cards, only on their counts.
 */
void view_stand_in(const struct game *g, struct position *out);

/*
 * game_seen: what seat knows of g (a full game, or seat's own view) as a
 * game to think with: a shallow copy of g that shares g's log (never free
 * it; try moves on it only with RULES_NO_LOG), whose position is seat's
 * view with view_stand_in's stand-ins for the hands seat cannot see, the
 * others' hidden development cards, the deck's order and counts zeroed
 * (deck_len kept, deck_known 0), no generator or secret, the start as
 * game_view leaves it, and
 * view_hand and view_dev holding every seat's counts.  It is not marked as
 * a view (out->view is NOBODY), so that moves may be listed and tried on
 * it.  seat must be a player of g, and g's viewer when g is a view.
 */
void game_seen(const struct game *g, int seat, struct game *out);

/*
 * view_log_line: log entry i of g as viewer may read it in viewer's view
 * (game_view's redaction), into out of n bytes, always NUL-terminated.
 * Returns the seat that made the move, or NOBODY for an entry that is not
 * a move (withheld: "(not a move)").
 */
int view_log_line(const struct game *g, size_t i, int viewer, char *out, size_t n);

#endif
