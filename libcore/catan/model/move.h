/* move.h: one move of the base game: its C form, its text form for people and its JSON form for programs. */
#ifndef CATAN_MOVE_H
#define CATAN_MOVE_H

#include <stddef.h>

#include "jv.h"
#include "jw.h"

#include "err.h"
#include "model/types.h"

/*
 * THE TEXT FORM (what people type, and what the log stores)
 *
 * A move is words separated by blanks (spaces or tabs); letters may be
 * given in any case.  The first word is the colour of the player making
 * the move; the second is the verb.  NODE is an intersection 1..54, HEX a
 * hex 1..19, PATH two adjacent intersections "a-b" in either order, RES a
 * resource (brick lumber wool grain ore, or wood sheep wheat clay stone,
 * or b l w g o), N a count 1..19, CARD a development card (knight
 * road-building year-of-plenty monopoly victory-point).  Brackets mark the
 * outcome words: they are given only when the game's outcomes are
 * external (and are always written in the log).
 *
 *   COLOUR build road PATH            a road; free during set-up
 *   COLOUR build settlement NODE      a settlement; free during set-up
 *   COLOUR build city NODE            a city on one's own settlement
 *   COLOUR roll [D1 D2]               roll the dice (each 1..6)
 *   COLOUR discard RES N [RES N]...   after a seven: exactly the cards owed
 *   COLOUR robber HEX                 move the robber when nobody there can be robbed
 *   COLOUR robber HEX steal COLOUR [RES]   move the robber and rob that player
 *   COLOUR offer COLOUR RES N [RES N]... for RES N [RES N]...
 *   COLOUR offer all RES N ... for RES N ...
 *                                     a domestic offer: the cards before
 *                                     "for" are given, those after asked for
 *   COLOUR accept                     take the open offer (not the offerer)
 *   COLOUR reject                     decline the open offer (not the offerer)
 *   COLOUR cancel                     withdraw one's open offer
 *   COLOUR trade RES N for RES        maritime trade of N cards for one
 *   COLOUR buy [CARD]                 buy a development card
 *   COLOUR play knight                then the same player moves the robber
 *   COLOUR play road-building PATH [PATH]
 *   COLOUR play year-of-plenty RES RES
 *   COLOUR play monopoly RES
 *   COLOUR end                        end the turn
 *
 * Canonical form (move_format, the log): lower case, single spaces,
 * canonical resource and card names, paths smaller intersection first,
 * resource lists in the order brick lumber wool grain ore, outcomes
 * included: "red roll 3 4", "red buy knight", "red robber 10 steal blue ore".
 *
 * Points of the grammar:
 * - In a list "RES N RES N", a resource may appear once.  An offer and a
 *   discard need at least one card; an offer needs a card on each side.
 * - Maritime trade receives exactly one card; N must be the best rate the
 *   player has for RES: 2 with that resource's 2:1 harbour, else 3 with a
 *   3:1 harbour, else 4.
 * - Road building takes two paths, placed in the order given, each by the
 *   normal rules (the second may continue the first).  One path is allowed
 *   only when no second road can be placed: the player has one road left
 *   in supply, or no free path is legal after the first is placed.  The
 *   card cannot be played when no road at all can be placed.
 * - Year of plenty names two resources, possibly the same one twice.
 * - "steal COLOUR" must be given when someone on HEX can be robbed (an
 *   opponent with a building there holding at least one card) and must not
 *   be given when nobody can.
 *
 * Malformed text is refused like an illegal move (status C_ILLEGAL) with a
 * message saying what is wrong: "unknown verb 'bulid': did you mean
 * 'build'? (verbs: build, roll, ...)", "unknown colour
 * 'pink'", "orange is not playing in this game", "'build' needs road,
 * settlement or city", "unknown resource 'gold'", "unexpected 'x' at the
 * end of the move".
 *
 * THE JSON FORM (for programs): an object with "player" (a colour) and
 * "move" (the verb), and per verb:
 *   build:   "piece": "road"|"settlement"|"city"; "path": "12-17" (road)
 *            or "node": 12 (settlement, city)
 *   roll:    optional "dice": [3, 4]
 *   discard: "cards": {"ore": 2, "wool": 2}
 *   robber:  "hex": 10; optional "steal": "blue"; optional "card": "ore"
 *   offer:   "to": "blue" or "all"; "give": {"ore": 1}; "get": {"brick": 1}
 *   accept, reject, cancel, end: nothing more
 *   trade:   "give": {"ore": 4}; "get": "grain"
 *   buy:     optional "card": "knight"
 *   play:    "card": "knight" | "road-building" with "paths": ["12-17", ...]
 *            | "year-of-plenty" with "resources": ["ore", "grain"]
 *            | "monopoly" with "resource": "wool"
 * Keys are written in that order; unknown keys are refused.  Numbers are
 * JSON integers; intersections and hexes are 1-based as in the text form.
 */

/* move_init: an empty move (every "-1" field at -1, seat NOBODY), a copy of move_blank. */
void move_init(struct move *m);
extern const struct move move_blank;

/*
 * move_parse: the text form into *m, colours mapped to seats of g.
 * Returns C_OK, or C_ILLEGAL with a message for text that is not a move.
 * Only the form is checked; whether the move is legal is rules_apply's job.
 */
int move_parse(const struct game *g, const char *text, struct move *m, struct cerr *e);

/*
 * move_text_canonical: 1 when the len bytes at text have the form of
 * move_format's texts:
 * lower-case words between single blanks, resources by their names in
 * resource_names (no other spelling), numbers from 1 without leading
 * zeros, a path's smaller intersection first, and the resources of a list
 * ("RES N RES N", up to "for"; year-of-plenty's two) in the order of
 * resource_names.  Such a text that move_parse reads is the text
 * move_format writes for the move read, whatever the game, so a log may
 * keep it as it is and parse it when asked.  0 when the text may need
 * rewriting (or is no move).
 */
int move_text_canonical(const char *text, size_t len);
/*
 * move_rewrite: when text is a move of g not already in the canonical
 * form (move_text_canonical), its canonical text into out (n bytes) and
 * its parse into *m: 1.  Otherwise 0, and the text stands as it is
 * written: a canonical move, or no move of g.
 */
int move_rewrite(const struct game *g, const char *text, struct move *m, char *out, size_t n);

/*
 * move_format: the canonical text of m (with its outcome if m holds one)
 * into buf of n bytes, always NUL-terminated.  Returns the length the
 * text has (as snprintf does: n too small when the result is >= n).
 */
int move_format(const struct game *g, const struct move *m, char *buf, size_t n);

/*
 * move_check: whether every field m's verb uses is in range (a seat of g,
 * an intersection, a path, a hex, a resource, a card, counts of at most
 * 19, one or two distinct paths).  The parsers only make such moves;
 * rules_apply checks moves built by other code with it.  C_OK, or
 * C_ILLEGAL with "malformed move: ..." naming the field.
 */
int move_check(const struct game *g, const struct move *m, struct cerr *e);

/*
 * move_from_json: the JSON form (borrowed) into *m.  C_ILLEGAL with a
 * message naming the key for an object that is not a move.
 */
int move_from_json(const struct game *g, const jv_t *j, struct move *m, struct cerr *e);

/*
 * move_complete: the words that may come next in a move whose first n
 * words (complete ones) are words: colours (g's, or all four when g is
 * NULL), verbs, pieces, cards, resources and the grammar's fixed words
 * ("steal", "all", "for"); intersections, paths, hexes, counts and dice
 * are not listed.  Each is handed to add with ctx, in the grammar's order.
 */
void move_complete(const struct game *g, char *const *words, int n,
		   void (*add)(const char *word, void *ctx), void *ctx);

/*
 * movelog_move: the move of g's log entry i: the parsed form the engine
 * stored with it, or the entry's text parsed now (entries read from a
 * document are kept as text until asked).  C_OK, or move_parse's C_ILLEGAL
 * for an entry that is not a move.
 */
int movelog_move(const struct game *g, size_t i, struct move *m, struct cerr *e);

/* move_write_json: the JSON form of m, one object on one line, as the next value of w. */
void move_write_json(struct jw *w, const struct game *g, const struct move *m);
/* move_json_text: the JSON form of m alone (malloc'd, no newline), or NULL when memory runs out. */
char *move_json_text(const struct game *g, const struct move *m);

/*
 * move_verb_needs: NULL when g has verb, else what the verb belongs to
 * ("Catan for Two (variant=two)"), for a refusal.
 */
const char *move_verb_needs(const struct game *g, int verb);
/* move_verb_name: the word of verb ("build"), or "?" out of range. */
const char *move_verb_name(int verb);

#endif
