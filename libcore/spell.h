/* spell.h: "did you mean ...?": the known word nearest to one mistyped, for the messages. */
#ifndef CATAN_SPELL_H
#define CATAN_SPELL_H

/*
 * A search among known words, offered one by one, for the nearest to the
 * word typed.  Near is one edit away (a letter added, dropped, changed, or
 * two swapped) for a word of up to 4 letters, two for a longer one, or, for
 * a word of 3 letters or more, the beginning of the known word ("points"
 * for "points_to_win"), which counts as one edit.  Of words equally near,
 * the first offered is kept.  best is NULL while none is near.
 */
struct spell {
	const char *word;	/* the word typed (borrowed) */
	const char *best;	/* the nearest known word offered, or NULL (borrowed) */
	int dist;		/* its distance; the bound while best is NULL */
};

/* spell_start: a search for the words near word, none offered yet. */
void spell_start(struct spell *s, const char *word);
/* spell_offer: cand, a known word, becomes s->best when it is nearer than any before. */
void spell_offer(struct spell *s, const char *cand);

#endif
